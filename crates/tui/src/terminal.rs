//! The terminal taken over and given back: the event loop that feeds keys and clock ticks to
//! the game's [`App`] and draws it through its [`Screen`], and the guards that give the
//! terminal back however the game ends (quit, error, panic, a stop signal, the terminal gone).

use crate::app::App;
use crate::config::Config;
use crate::ui::{self, Screen};
use ratatui::crossterm::event::{self, Event as TermEvent};
use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
use std::io;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Restores the terminal when dropped, whichever way [`run`] is left.
struct Restore;

impl Drop for Restore {
    fn drop(&mut self) {
        ratatui::restore();
        let _ = ratatui::crossterm::execute!(io::stdout(), ratatui::crossterm::cursor::Show);
    }
}

/// Plays `game` in the terminal until the player quits; returns the final state (the game,
/// and where it was saved). Either game: `run(game, config)` with a [`rajapasu_engine::Game`]
/// and a [`crate::Config`], or a [`rajapasu_engine::mandiri::Game`] and a
/// [`crate::mandiri::Config`].
///
/// The terminal is switched to raw mode and the alternate screen, and restored on return, on
/// an error, on a panic (the panic hook restores it before the message is printed) and when
/// the process is asked to stop by SIGTERM, SIGHUP or SIGINT, or its terminal goes away (the
/// game ends as if the player had quit; the record is saved after every move anyway). The
/// game's state is built once the terminal is ready, so that a computer starts thinking only
/// then.
pub fn run<G: Screen>(game: G, config: Config<G::Players>) -> io::Result<App<G>> {
    let stop = Arc::new(AtomicBool::new(false));
    for signal in [SIGTERM, SIGHUP, SIGINT] {
        signal_hook::flag::register(signal, Arc::clone(&stop))?;
    }
    let mut terminal = ratatui::try_init()?;
    let _restore = Restore;
    let _watchdog = Watchdog::start(Arc::clone(&stop));
    let mut app = App::new(game, config);
    let mut dirty = true;
    let mut size = terminal.size()?;
    loop {
        if dirty {
            terminal.draw(|f| ui::draw(f, &app))?;
        }
        if app.quit {
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
