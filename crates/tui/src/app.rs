//! The state of a game in the terminal and the commands that change it, the same for both
//! games: playing a move with its animation and explanation, the computers' moves and hints
//! from the searches beside the game, undo, saving, a new game. No terminal here: the event
//! loop (`terminal`) feeds keys (`keys`) and clock ticks, a [`crate::Screen`] draws. What
//! differs between the games comes from their [`Variant`].

use crate::anim::Frame;
use crate::config::{free_path, next_name, Config};
use crate::playback::{self, Playback};
use crate::searches::Searches;
use crate::variant::{Spot, Variant};
use rajapasu_engine::record::{GameRecord, SaveError};
use rajapasu_engine::Game;
use std::path::PathBuf;
use std::time::Instant;

/// A window drawn over the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overlay {
    /// The keys and a summary of the rules.
    Help,
    /// The explanation of a move in full (of move [`App::explained_ply`] where the game
    /// steps through its moves), scrolled by `usize` lines.
    Explain(usize),
    /// A round (and perhaps the match) has just ended: [`App::summary`].
    RoundOver,
}

/// A move told in words, for the explanation panel.
#[derive(Clone, Debug)]
pub struct LastMove<G: Variant = Game> {
    /// Who played it and what.
    pub played: Option<(G::Mover, G::Move)>,
    /// The move in sentences.
    pub lines: Vec<String>,
}

impl<G: Variant> Default for LastMove<G> {
    fn default() -> LastMove<G> {
        LastMove {
            played: None,
            lines: Vec::new(),
        }
    }
}

/// A search's answer.
enum Reply<G: Variant> {
    /// The computer's move.
    Computer(Option<G::Move>),
    /// A hint's best move.
    Hint(Option<G::Hint>),
}

/// A game being played in the terminal: Raja Pasu (`App`, `App<Game>`) or Raja Pasu Mandiri
/// ([`crate::mandiri::App`]).
///
/// ```
/// use rajapasu_engine::{Game, Rules};
/// use rajapasu_tui::{App, Config};
/// use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
/// let path = std::env::temp_dir().join(format!("rajapasu-app-{}.txt", std::process::id()));
/// let mut config = Config::new();
/// (config.save_path, config.animate) = (path.clone(), false);
/// let mut app = App::new(Game::new(Rules::default()), config);
/// app.key(KeyEvent::new(KeyCode::Char('1'), KeyModifiers::NONE));
/// assert_eq!(app.game.moves().len(), 1);
/// assert_eq!(app.saved.as_ref(), Some(&path), "saved after every move");
/// app.undo();
/// assert_eq!(app.message, "Took back 1 move; South to move.");
/// std::fs::remove_file(path).unwrap();
/// ```
pub struct App<G: Variant = Game> {
    /// The game.
    pub game: G,
    /// Who plays, and how.
    pub config: Config<G::Players>,
    /// The hole under the cursor, for a person to move.
    pub cursor: G::Move,
    /// What has been typed of a move's name.
    pub typing: G::Typing,
    /// The last move and its explanation.
    pub last: LastMove<G>,
    /// A one-line message: errors, hints, where the game was saved.
    pub message: String,
    /// The window over the board, if any.
    pub overlay: Option<Overlay>,
    /// The best move found by a hint, for the position it was asked in.
    pub hint: Option<G::Hint>,
    /// The summary of the round that ended last: how it ended and what comes next.
    pub summary: Vec<String>,
    /// The number of the round that ended last.
    pub ended_round: u32,
    /// Lines of the round summary scrolled away at its top.
    pub summary_scroll: usize,
    /// The move (1 for the first) whose explanation the move-in-full window shows.
    pub explained_ply: usize,
    /// Where the record was last written.
    pub saved: Option<PathBuf>,
    /// The records of the earlier games of this session (before a new game), oldest first.
    pub saved_before: Vec<PathBuf>,
    /// Why the record could not be written when the game ended, if it could not.
    pub save_error: Option<SaveError>,
    /// Set when the player asked to leave.
    pub quit: bool,
    /// Animation speed: frame times are divided by this.
    pub speed: u32,
    animation: Option<Playback<G::Board>>,
    searches: Searches<Reply<G>>,
    pending: Option<G::Move>,
}

impl<G: Variant> App<G> {
    /// A game in the terminal, from `game` (the start or a loaded record).
    pub fn new(game: G, config: Config<G::Players>) -> App<G> {
        let mut app = App {
            game,
            config,
            cursor: G::FIRST_CURSOR,
            typing: G::Typing::default(),
            last: LastMove::default(),
            message: String::new(),
            overlay: None,
            hint: None,
            summary: Vec::new(),
            ended_round: 0,
            summary_scroll: 0,
            explained_ply: 0,
            saved: None,
            saved_before: Vec::new(),
            save_error: None,
            quit: false,
            speed: 1,
            animation: None,
            searches: Searches::default(),
            pending: None,
        };
        // A loaded game tells its last move too.
        app.last = explain(&app.game, app.game.moves().len());
        app.after_change();
        if app.human_to_move() {
            let to_move = G::seat_words(app.game.to_move());
            app.message = format!(
                "{}{} to move: {} (? for help).",
                to_move[..1].to_uppercase(),
                &to_move[1..],
                G::HOW_TO_PICK
            );
        }
        app
    }

    /// Whether the computer plays `seat`.
    pub fn is_computer(&self, seat: G::Seat) -> bool {
        G::is_computer(&self.config.players, &self.game, seat)
    }

    /// Whether a person is to pick a move now.
    pub fn human_to_move(&self) -> bool {
        !self.game.is_over() && !self.is_computer(self.game.to_move())
    }

    /// The frame being shown, while a move is animated.
    pub fn frame(&self) -> Option<&Frame<G::Board>> {
        self.animation.as_ref().map(Playback::frame)
    }

    /// The explanation the move-in-full window shows.
    pub fn explained(&self) -> LastMove<G> {
        explain(&self.game, self.explained_ply)
    }

    /// Plays `mv` for the seat to move, with its animation and explanation.
    pub fn play(&mut self, mv: G::Move) -> Result<(), G::IllegalMove> {
        let before = *self.game.position();
        let (mover, seat, round) = (G::mover(&self.game), self.game.to_move(), self.game.round());
        let mut events = Vec::new();
        self.game.play_traced(mv, &mut events)?;
        self.last = LastMove {
            played: Some((mover, mv)),
            lines: G::narrate(seat, &events),
        };
        self.message.clear();
        self.typing = G::Typing::default();
        if self.config.animate {
            if let Some(p) = Playback::of(G::frames(&before, seat, &events)) {
                self.animation = Some(p);
            }
        }
        if let Some(mut summary) = G::round_summary(&self.game, &events) {
            summary.push(String::new());
            summary.push(if self.game.is_over() {
                format!("Enter closes; {} starts a new game.", G::NEW_GAME)
            } else {
                "Press Enter to go on.".to_string()
            });
            self.summary = summary;
            self.ended_round = round;
            self.summary_scroll = 0;
            self.overlay = Some(Overlay::RoundOver);
        }
        self.autosave();
        self.after_change();
        Ok(())
    }

    /// After a move or undo: the searches start again for the new position, the cursor
    /// goes to a hole that can be played, and the computer moves if it is its turn.
    fn after_change(&mut self) {
        self.searches.next();
        self.pending = None;
        self.hint = None;
        let legal = self.game.legal_moves();
        if !legal.contains(&self.cursor) {
            if let Some(&first) = legal.first() {
                self.cursor = first;
            }
        }
        self.start_computer();
    }

    fn start_computer(&mut self) {
        if !self.human_to_move() && !self.game.is_over() {
            self.searches.thinking = true;
            let (players, game) = (self.config.players.clone(), self.game.clone());
            self.searches
                .spawn(move || Reply::Computer(G::computer_move(&players, &game)));
        }
    }

    /// Advances the clock: animation frames, the computer's moves and hints. Returns whether
    /// anything changed.
    pub fn tick(&mut self, now: Instant) -> bool {
        let mut changed = self.take_replies();
        changed |= playback::tick(&mut self.animation, now, self.speed);
        // The computer's move waits for the last move's animation and for the summary to close.
        if self.animation.is_none() && self.overlay.is_none() {
            if let Some(mv) = self.pending.take() {
                let mover = G::mover(&self.game);
                if self.play(mv).is_ok() {
                    self.message = format!("The computer ({mover}) played {mv}.");
                }
                changed = true;
            }
        }
        changed
    }

    /// Takes the searches' replies for the position on the board; whether any came.
    fn take_replies(&mut self) -> bool {
        let mut changed = false;
        while let Some(reply) = self.searches.reply() {
            match reply {
                Reply::Computer(mv) => {
                    self.searches.thinking = false;
                    self.pending = mv;
                    if mv.is_none() {
                        // Not expected while the game goes on; say so rather than wait forever.
                        self.message = "The computer found no move: u takes back, q quits.".into();
                    }
                }
                Reply::Hint(hint) => {
                    self.searches.hinting = false;
                    self.show_hint(hint);
                }
            }
            changed = true;
        }
        changed
    }

    fn show_hint(&mut self, hint: Option<G::Hint>) {
        let Some(hint) = hint else {
            self.message = "No move to suggest.".to_string();
            return;
        };
        self.message = format!(
            "Hint for {}: {}.",
            G::seat_words(self.game.to_move()),
            G::hint_words(&hint)
        );
        if self.human_to_move() {
            self.cursor = G::hint_move(&hint);
        }
        self.hint = Some(hint);
    }

    /// Asks for the best move of the person to move; it comes in the message line.
    pub fn ask_hint(&mut self) {
        let why = if self.game.is_over() {
            "The game is over: no hint."
        } else if !self.human_to_move() {
            // Including while the player's own move is animated: the computer moves next.
            "It is the computer's move: a hint is for your own turn."
        } else if self.searches.hinting {
            return;
        } else {
            self.searches.hinting = true;
            let game = self.game.clone();
            self.searches.spawn(move || Reply::Hint(G::hint(&game)));
            "Looking for the best move..."
        };
        self.message = why.to_string();
    }

    /// Whether a computer is searching for its move, or its move waits to be shown.
    pub fn thinking(&self) -> bool {
        self.searches.thinking || self.pending.is_some()
    }

    /// Whether a hint search is running.
    pub fn hinting(&self) -> bool {
        self.searches.hinting
    }

    /// Whether nothing is going on: no search, no animation, no computer move waiting.
    pub fn idle(&self) -> bool {
        !self.thinking() && !self.hinting() && !self.animating()
    }

    /// Finishes the animation at once.
    pub fn skip_animation(&mut self) {
        self.animation = None;
    }

    /// Whether a move is being animated.
    pub(crate) fn animating(&self) -> bool {
        self.animation.is_some()
    }

    /// Shows the next frame of the animation; false when it is over.
    pub fn step_animation(&mut self) -> bool {
        playback::step(&mut self.animation)
    }

    /// When the next frame is due, for the event loop's wait.
    pub fn next_due(&self) -> Option<Instant> {
        self.animation.as_ref().and_then(Playback::due)
    }

    /// Sets the animation speed to `change` of it, and says so.
    pub(crate) fn change_speed(&mut self, change: impl FnOnce(u32) -> u32) {
        self.speed = change(self.speed);
        self.message = format!("Animation speed x{}.", self.speed);
    }

    /// The legal moves in the order the cursor visits their holes: as drawn, the far row
    /// left to right, then the near row.
    fn cursor_order(&self) -> Vec<(Spot, G::Move)> {
        let mut order: Vec<(Spot, G::Move)> = self
            .game
            .legal_moves()
            .iter()
            .map(|&mv| (G::spot(&self.config.players, &self.game, mv), mv))
            .collect();
        order.sort_by_key(|&(spot, _)| spot);
        order
    }

    /// Moves the cursor to the mover's next hole to the left (`left`) or right as drawn.
    pub fn move_cursor(&mut self, left: bool) {
        let order = self.cursor_order();
        let Some(k) = order.iter().position(|&(_, mv)| mv == self.cursor) else {
            if let Some(&(_, first)) = order.first() {
                self.cursor = first;
            }
            return;
        };
        let next = if left {
            k.checked_sub(1)
        } else {
            Some(k + 1).filter(|&n| n < order.len())
        };
        if let Some(n) = next {
            self.cursor = order[n].1;
        }
    }

    /// Moves the cursor to the other row, to the mover's hole nearest the same column.
    pub fn switch_row(&mut self) {
        let here = G::spot(&self.config.players, &self.game, self.cursor);
        if let Some(&(_, best)) = self
            .cursor_order()
            .iter()
            .filter(|(spot, _)| spot.near != here.near)
            .min_by_key(|(spot, _)| spot.column.abs_diff(here.column))
        {
            self.cursor = best;
        }
    }

    /// Forgets what was typed of a move.
    pub(crate) fn cancel(&mut self) {
        self.typing = G::Typing::default();
    }

    /// Takes back the last move, and every move of a computer before it back to the last
    /// turn of a person.
    pub fn undo(&mut self) {
        let taken = match moves_to_undo(&self.game, &self.config.players) {
            Ok(taken) => taken,
            Err(why) => {
                self.message = why.to_string();
                return;
            }
        };
        self.skip_animation();
        self.overlay = None;
        self.cancel();
        for _ in 0..taken {
            self.game.undo();
        }
        self.last = explain(&self.game, self.game.moves().len());
        self.autosave();
        self.after_change();
        self.message = format!(
            "Took back {taken} move{}; {} to move.",
            if taken == 1 { "" } else { "s" },
            G::seat_words(self.game.to_move())
        );
    }

    /// Opens the move in full: the last move.
    pub(crate) fn explain(&mut self) {
        self.explained_ply = self.game.moves().len();
        self.overlay = Some(Overlay::Explain(0));
    }

    /// Writes the game record (JSON if the file name ends in `.json`), to a free name before
    /// the first save of a made-up name; returns where.
    pub fn save(&mut self) -> Result<PathBuf, SaveError> {
        if self.saved.is_none() && self.config.never_overwrite {
            // Another game may have taken the name since this one started.
            self.config.save_path = free_path(&self.config.save_path);
        }
        let path = self.config.save_path.clone();
        GameRecord::from_game(&self.game, self.config.tags.clone()).save(&path)?;
        self.saved = Some(path.clone());
        Ok(path)
    }

    /// Saves and says where, or why not, in the message line.
    pub(crate) fn save_with_message(&mut self) {
        self.message = match self.save() {
            Ok(path) => format!("Saved the game to {}.", path.display()),
            Err(e) => e.to_string(),
        };
    }

    /// Whether the game has a move or a record on disk: something to save.
    fn worth_saving(&self) -> bool {
        !self.game.moves().is_empty() || self.saved.is_some()
    }

    /// Saves after every move and undo, once the game has a move, so that no game is lost.
    fn autosave(&mut self) {
        if self.worth_saving() {
            if let Err(e) = self.save() {
                self.message = e.to_string();
            }
        }
    }

    /// Saves (if there is anything to save) and asks to leave.
    pub fn request_quit(&mut self) {
        if self.worth_saving() {
            // Kept for the caller, to report once the terminal is back.
            self.save_error = self.save().err();
        }
        self.quit = true;
    }

    /// After the game is over: the same game again from its start, its record in a new file.
    pub fn new_game(&mut self) {
        if !self.game.is_over() {
            self.message = "The game is not over: q quits, and the game is saved.".to_string();
            return;
        }
        self.game = G::from_position(*self.game.start());
        self.saved_before.extend(self.saved.take());
        self.config.save_path = free_path(&next_name(&self.config.save_path));
        // The new name is fresh; keep it so that the old game's record stays as it is.
        self.config.never_overwrite = true;
        self.animation = None;
        self.overlay = None;
        self.last = LastMove::default();
        self.after_change();
        self.message = format!(
            "A new game; its record goes to {}.",
            self.config.save_path.display()
        );
    }
}

/// The explanation of move `ply` of `game` (1 for the first), found by replaying the game to
/// it: nothing needs storing, so undo and a loaded record keep every move's explanation.
/// Empty for ply 0 or past the end.
///
/// ```
/// use rajapasu_engine::{Game, Move, Rules, Side};
/// let mut game = Game::new(Rules::default());
/// game.play(Move::new(1).unwrap());
/// let told = rajapasu_tui::app::explain(&game, 1);
/// assert_eq!(told.played, Some((Side::South, Move::new(1).unwrap())));
/// assert!(told.lines[0].starts_with("South lifts 7 from S1"));
/// ```
pub fn explain<G: Variant>(game: &G, ply: usize) -> LastMove<G> {
    if ply == 0 || ply > game.moves().len() {
        return LastMove::default();
    }
    let mut replay = G::from_position(*game.start());
    for &mv in &game.moves()[..ply - 1] {
        if replay.try_play(mv).is_err() {
            return LastMove::default();
        }
    }
    let mv = game.moves()[ply - 1];
    let (mover, seat) = (G::mover(&replay), replay.to_move());
    let mut events = Vec::new();
    match replay.play_traced(mv, &mut events) {
        Ok(()) => LastMove {
            played: Some((mover, mv)),
            lines: G::narrate(seat, &events),
        },
        Err(_) => LastMove::default(),
    }
}

/// Why undo takes nothing back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoUndo {
    /// No move has been played.
    NoMove,
    /// Every move so far is the computer's: taking them back would only have it play again.
    OnlyComputer,
    /// Mandiri: every move so far is one of the computers'.
    OnlyComputers,
}

impl std::fmt::Display for NoUndo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            NoUndo::NoMove => "No move to take back.",
            NoUndo::OnlyComputer => {
                "No move of yours to take back: the computer's opening move stays."
            }
            NoUndo::OnlyComputers => "No move of a person to take back: the computers' moves stay.",
        })
    }
}

/// How many moves undo takes back: the last one, and every move of a computer before it back
/// to the last turn of a person (in Mandiri, players keep their numbers when they move seats).
///
/// ```
/// use rajapasu_ai::Level;
/// use rajapasu_engine::{mandiri, Game, Move, Rules, Side};
/// use rajapasu_tui::app::{moves_to_undo, NoUndo};
/// use rajapasu_tui::{mandiri::Lineup, Computer};
/// let mut game = Game::new(Rules::default());
/// game.play(Move::new(1).unwrap());
/// let computer = Computer { side: Side::South, level: Level::MIN, seed: 1 };
/// assert_eq!(moves_to_undo(&game, &None), Ok(1));
/// assert_eq!(moves_to_undo(&game, &Some(computer)), Err(NoUndo::OnlyComputer));
/// let mut game = mandiri::Game::new(mandiri::Rules::default());
/// for mv in ["S5", "S6", "N6"] {
///     game.try_play(mv.parse().unwrap()).unwrap();
/// }
/// // Player 1 against two computers: back to player 1's move.
/// assert_eq!(moves_to_undo(&game, &Lineup::default()), Ok(3));
/// ```
pub fn moves_to_undo<G: Variant>(game: &G, players: &G::Players) -> Result<usize, NoUndo> {
    if game.moves().is_empty() {
        return Err(NoUndo::NoMove);
    }
    let mut replay = game.clone();
    let mut taken = 0;
    while replay.undo().is_some() {
        taken += 1;
        if !G::is_computer(players, &replay, replay.to_move()) {
            return Ok(taken);
        }
    }
    // Of two seats, one at most is the computer's.
    Err(if G::SEATS == 2 {
        NoUndo::OnlyComputer
    } else {
        NoUndo::OnlyComputers
    })
}
