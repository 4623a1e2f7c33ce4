//! # rajapasu-tui
//!
//! Raja Pasu in the terminal: the board with both rows, counts, captures and closed holes; each
//! move animated from the engine's trace and told in words; the computer opponent at any level
//! or two players at one keyboard; move list, undo, hints, round summaries and the match
//! scoreboard; the game record saved after every move.
//!
//! [`run`] takes over the terminal until the player quits and always gives it back (normal
//! exit, Ctrl-C, or a panic). [`App`] (module [`app`]) holds the state and handles keys without
//! a terminal, [`ui::draw`] renders it on any ratatui backend, so both can be tested with
//! ratatui's `TestBackend`, and [`anim`] turns a move's trace into frames. The computer's moves
//! come from [`Computer::choose`], its levels from `rajapasu_ai::Level`; records are written by
//! the engine's record module. [`mandiri`] is the three-player game, Raja Pasu Mandiri, with
//! its own state, drawing and animation on the same event loop. What the two games share is
//! written once: the sowing's frames ([`anim`]), the frame clock (`playback`), the keys,
//! saving, undo, hints and the searches beside the game (`controls`), and the screen's layout,
//! panels and popups ([`ui`]).

#![warn(missing_docs)]

pub mod anim;
pub mod app;
mod controls;
pub mod mandiri;
mod playback;
pub mod ui;

use app::App;
use rajapasu_ai::{Choice, Level};
use rajapasu_engine::rng::stream_seed;
use rajapasu_engine::{Game, Side};
use ratatui::crossterm::event::{self, Event as TermEvent};
use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// The computer opponent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Computer {
    /// The side it plays.
    pub side: Side,
    /// Its strength.
    pub level: Level,
    /// Drives the deliberate mistakes of the weaker levels.
    pub seed: u64,
}

impl Computer {
    /// The computer's move in `game`, from the seed of this move of the game: the same game
    /// and seed give the same moves in the terminal and line by line. Blocking for as long as
    /// the level thinks. `None` if the game is over.
    ///
    /// ```
    /// use rajapasu_ai::Level;
    /// use rajapasu_engine::{Game, Rules, Side};
    /// use rajapasu_tui::Computer;
    /// let computer = Computer { side: Side::South, level: Level::MIN, seed: 1 };
    /// let game = Game::new(Rules::default());
    /// let mv = computer.choose(&game).unwrap().mv;
    /// assert_eq!(computer.choose(&game).unwrap().mv, mv);
    /// ```
    pub fn choose(&self, game: &Game) -> Option<Choice> {
        let seed = stream_seed(self.seed, game.moves().len() as u64);
        rajapasu_ai::choose_move(game, self.level, seed)
    }
}

/// How a game in the terminal is played.
#[derive(Clone, Debug)]
pub struct Config {
    /// The computer opponent; `None` for two players at one keyboard.
    pub computer: Option<Computer>,
    /// Whether moves are animated.
    pub animate: bool,
    /// Where the game record is written (after every move, on `s` and on quit).
    pub save_path: PathBuf,
    /// Tags of the record (players, date...).
    pub tags: Vec<(String, String)>,
    /// How long a hint searches.
    pub hint_time: Duration,
    /// Whether `save_path` is a name the program made up: if a file of that name appears
    /// before the first save (another game started in the same second), the record goes to
    /// [`free_path`] instead of overwriting it. False for a name the player gave.
    pub never_overwrite: bool,
}

impl Default for Config {
    fn default() -> Config {
        Config::new()
    }
}

impl Config {
    /// Two players, animated moves, the record in [`default_save_path`].
    pub fn new() -> Config {
        Config {
            computer: None,
            animate: true,
            save_path: default_save_path(),
            tags: Vec::new(),
            hint_time: Duration::from_millis(700),
            never_overwrite: true,
        }
    }
}

/// `rajapasu-YYYY-MM-DD-HHMMSS.txt` in the working directory, from the current UTC time, with
/// a suffix (`-2`, `-3`...) if a file of that name exists.
pub fn default_save_path() -> PathBuf {
    let (date, time) = utc_now();
    free_path(&PathBuf::from(format!(
        "rajapasu-{}-{}.txt",
        date.replace('.', "-"),
        time.replace(':', "")
    )))
}

/// `path` if no file has that name, else the first of `NAME-2.EXT`, `NAME-3.EXT`... that is
/// free, so that a record never overwrites another game's.
///
/// ```
/// let dir = std::env::temp_dir().join(format!("rajapasu-free-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// let game = dir.join("game.txt");
/// assert_eq!(rajapasu_tui::free_path(&game), game);
/// std::fs::write(&game, "").unwrap();
/// assert_eq!(rajapasu_tui::free_path(&game), dir.join("game-2.txt"));
/// std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub fn free_path(path: &Path) -> PathBuf {
    let mut candidate = path.to_path_buf();
    while candidate.exists() {
        candidate = next_name(&candidate);
    }
    candidate
}

/// The name after `path` in the series `game.txt`, `game-2.txt`, `game-3.txt`...
pub fn next_name(path: &Path) -> PathBuf {
    let stem = path
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
    // `game-2` continues as `game-3`, not `game-2-2`.
    let (base, n) = match stem.rsplit_once('-') {
        Some((base, n)) if !base.is_empty() && n.len() < 6 => match n.parse::<u32>() {
            Ok(n) if n >= 2 => (base.to_string(), n + 1),
            _ => (stem.clone(), 2),
        },
        _ => (stem.clone(), 2),
    };
    let name = match path.extension() {
        Some(ext) => format!("{base}-{n}.{}", ext.to_string_lossy()),
        None => format!("{base}-{n}"),
    };
    path.with_file_name(name)
}

/// Today's date `YYYY.MM.DD` and time `HH:MM:SS` in UTC.
pub fn utc_now() -> (String, String) {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    rajapasu_engine::record::utc_date_time(secs)
}

/// Restores the terminal when dropped, whichever way [`run`] is left.
struct Restore;

impl Drop for Restore {
    fn drop(&mut self) {
        ratatui::restore();
        let _ = ratatui::crossterm::execute!(io::stdout(), ratatui::crossterm::cursor::Show);
    }
}

/// Plays `game` in the terminal until the player quits; returns the final state (the game,
/// and where it was saved).
///
/// The terminal is switched to raw mode and the alternate screen, and restored on return, on
/// an error, on a panic (the panic hook restores it before the message is printed) and when
/// the process is asked to stop by SIGTERM, SIGHUP or SIGINT, or its terminal goes away (the
/// game ends as if the player had quit; the record is saved after every move anyway).
pub fn run(game: Game, config: Config) -> io::Result<App> {
    run_screen(|| App::new(game, config))
}

/// What the event loop drives: the two-player [`App`] and the three-player
/// [`mandiri::MandiriApp`].
pub(crate) trait Screen {
    /// Draws the whole screen.
    fn draw(&self, f: &mut ratatui::Frame);
    /// Handles one key.
    fn key(&mut self, key: event::KeyEvent);
    /// Advances the clock; whether anything changed.
    fn tick(&mut self, now: Instant) -> bool;
    /// When the next animation frame is due.
    fn next_due(&self) -> Option<Instant>;
    /// Whether the player asked to leave.
    fn quitting(&self) -> bool;
    /// Saves and asks to leave.
    fn request_quit(&mut self);
}

impl Screen for App {
    fn draw(&self, f: &mut ratatui::Frame) {
        ui::draw(f, self)
    }
    fn key(&mut self, key: event::KeyEvent) {
        App::key(self, key)
    }
    fn tick(&mut self, now: Instant) -> bool {
        App::tick(self, now)
    }
    fn next_due(&self) -> Option<Instant> {
        App::next_due(self)
    }
    fn quitting(&self) -> bool {
        self.quit
    }
    fn request_quit(&mut self) {
        App::request_quit(self)
    }
}

/// The event loop of both games: takes over the terminal, builds the screen's state with
/// `make` (so that a computer starts thinking only once the terminal is ready), and gives the
/// terminal back however the loop ends.
pub(crate) fn run_screen<A: Screen>(make: impl FnOnce() -> A) -> io::Result<A> {
    let stop = Arc::new(AtomicBool::new(false));
    for signal in [SIGTERM, SIGHUP, SIGINT] {
        signal_hook::flag::register(signal, Arc::clone(&stop))?;
    }
    let mut terminal = ratatui::try_init()?;
    let _restore = Restore;
    let _watchdog = Watchdog::start(Arc::clone(&stop));
    let mut app = make();
    let mut dirty = true;
    let mut size = terminal.size()?;
    loop {
        if dirty {
            terminal.draw(|f| app.draw(f))?;
        }
        if app.quitting() {
            break;
        }
        let now = Instant::now();
        let wait = app
            .next_due()
            .map_or(Duration::from_millis(40), |due| {
                due.saturating_duration_since(now)
            })
            .min(Duration::from_millis(40));
        dirty = false;
        // Wait on the terminal ourselves rather than in crossterm: once the terminal is gone
        // (its window closed, its tmux session killed), crossterm's poll spins on reads of
        // nothing and never returns, and with it the check of the stop flag. A signal ends
        // this wait early.
        let hung_up = wait_for_input(wait);
        if hung_up || stop.load(Ordering::Relaxed) {
            // Nobody is left to answer a question: save and leave as on quit.
            app.request_quit();
            break;
        }
        while event::poll(Duration::ZERO)? {
            match event::read()? {
                TermEvent::Key(key) => {
                    app.key(key);
                    dirty = true;
                }
                TermEvent::Resize(..) => dirty = true,
                _ => {}
            }
        }
        dirty |= app.tick(Instant::now());
        // A resize signal that came before crossterm listened for it (early at start-up) is
        // lost; the size itself is not.
        let now_size = terminal.size()?;
        if now_size != size {
            size = now_size;
            dirty = true;
        }
    }
    Ok(app)
}

/// Waits up to `wait` for the terminal (standard input) to have something to read, a signal,
/// or the terminal to go away; true in that last case.
fn wait_for_input(wait: Duration) -> bool {
    let mut fd = libc::pollfd {
        fd: libc::STDIN_FILENO,
        events: libc::POLLIN,
        revents: 0,
    };
    let ms = wait.as_millis().min(i32::MAX as u128) as libc::c_int;
    // SAFETY: one valid pollfd, for the duration of the call.
    let n = unsafe { libc::poll(&mut fd, 1, ms) };
    n > 0 && fd.revents & (libc::POLLHUP | libc::POLLERR | libc::POLLNVAL) != 0
}

/// Ends the process if the game loop has not ended within half a second of a stop signal or
/// of the terminal going away: a backstop for a loop held up elsewhere (a terminal write that
/// blocks, the computer thinking). The record is already on disk, as it is written after every
/// move.
struct Watchdog {
    done: Arc<AtomicBool>,
}

impl Watchdog {
    fn start(stop: Arc<AtomicBool>) -> Watchdog {
        let done = Arc::new(AtomicBool::new(false));
        let finished = Arc::clone(&done);
        std::thread::spawn(move || {
            while !finished.load(Ordering::Relaxed) {
                if stop.load(Ordering::Relaxed) || wait_for_input(Duration::ZERO) {
                    std::thread::sleep(Duration::from_millis(500));
                    if !finished.load(Ordering::Relaxed) {
                        // 128 + SIGHUP, the status of a program its terminal hung up on.
                        std::process::exit(129);
                    }
                    return;
                }
                std::thread::sleep(Duration::from_millis(100));
            }
        });
        Watchdog { done }
    }
}

impl Drop for Watchdog {
    fn drop(&mut self) {
        self.done.store(true, Ordering::Relaxed);
    }
}
