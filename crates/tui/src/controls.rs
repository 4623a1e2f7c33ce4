//! The keys both games in the terminal share and what they do: quitting, help, the move in
//! full, the round summary, saving, undo, hints and the animation's speed. Each game says
//! through [`Controls`] which letters save and start a new game, and what its own keys (the
//! moves, the cursor) and commands do.

use crate::app::{NoUndo, Overlay};
use rajapasu_engine::record::SaveError;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{channel, Receiver, Sender};

/// A game in the terminal, as its keys see it.
pub(crate) trait Controls {
    /// The letter that saves the record.
    const SAVE: char;
    /// The letter that starts a new game once the game is over.
    const NEW_GAME: char;

    /// The window over the board.
    fn overlay_mut(&mut self) -> &mut Option<Overlay>;
    /// Lines of the round summary scrolled away at its top.
    fn summary_scroll_mut(&mut self) -> &mut usize;
    /// The message line.
    fn message_mut(&mut self) -> &mut String;
    /// The animation speed.
    fn speed_mut(&mut self) -> &mut u32;
    /// Whether a move is being animated.
    fn animating(&self) -> bool;
    /// Whether the game is over.
    fn game_over(&self) -> bool;
    /// Whether the game has a move or a record on disk: something to save on quitting.
    fn worth_saving(&self) -> bool;
    /// Writes the game record to `path`.
    fn write_record(&self, path: &Path) -> Result<(), SaveError>;
    /// Writes the game record, to a free name before the first save of a made-up name;
    /// returns where.
    fn save_record(&mut self) -> Result<PathBuf, SaveError>;
    /// Why the record could not be written when the game ended, if it could not.
    fn save_error_mut(&mut self) -> &mut Option<SaveError>;
    /// Set when the player asked to leave.
    fn quit_mut(&mut self) -> &mut bool;
    /// Finishes the animation at once.
    fn skip(&mut self);
    /// Why undo takes nothing back.
    /// How many moves undo takes back.
    fn undoable(&self) -> Result<usize, NoUndo>;
    /// Takes back `n` moves of the game, and tells the move before them.
    fn undo_moves(&mut self, n: usize);
    /// After a move or undo: what the cursor may pick, and the computer's turn.
    fn changed(&mut self);
    /// The player to move, in the message line's words.
    fn to_move_words(&self) -> String;
    /// Starts the same game again once it is over (the game is
    /// [`restart`](Controls::restart)ed, its record goes to a new file).
    fn new_game(&mut self);
    /// The game from its start again.
    fn restart(&mut self);
    /// Whether a person is to pick a move now.
    fn human_to_move(&self) -> bool;
    /// Whether a hint search is running.
    fn hinting(&self) -> bool;
    /// Starts the search for a hint, for the person to move.
    fn start_hint(&mut self);
    /// Takes the searches' replies for the position on the board (the computer's move, a
    /// hint) and drops those for an older one; whether any was taken.
    fn take_replies(&mut self) -> bool;
    /// Opens the move in full (`e`).
    fn explain(&mut self);
    /// A key of the move-in-full window besides scrolling and closing; whether it was one.
    fn explanation_key(&mut self, _code: KeyCode) -> bool {
        false
    }
    /// Whether `code` is one of the game's keys for picking and playing a move.
    fn is_move_key(code: KeyCode) -> bool;
    /// Handles a key for picking and playing a move.
    fn move_key(&mut self, code: KeyCode);
    /// Esc when nothing is animated, and undo: forgets what was typed of a move.
    fn cancel(&mut self) {}

    /// Takes back the last move, and every computer's move before it back to a person's turn
    /// (`u`).
    fn take_back(&mut self) {
        let taken = match self.undoable() {
            Ok(taken) => taken,
            Err(why) => {
                *self.message_mut() = why.to_string();
                return;
            }
        };
        self.skip();
        *self.overlay_mut() = None;
        self.cancel();
        self.undo_moves(taken);
        self.autosave();
        self.changed();
        let to_move = self.to_move_words();
        *self.message_mut() = format!(
            "Took back {taken} move{}; {to_move} to move.",
            if taken == 1 { "" } else { "s" },
        );
    }

    /// Asks for the best move of the person to move (`h`), or says why there is none.
    fn hint(&mut self) {
        let why = if self.game_over() {
            "The game is over: no hint."
        } else if !self.human_to_move() {
            // Including while the player's own move is animated: the computer moves next.
            "It is the computer's move: a hint is for your own turn."
        } else if self.hinting() {
            return;
        } else {
            self.start_hint();
            "Looking for the best move..."
        };
        *self.message_mut() = why.to_string();
    }

    /// Sets the animation speed to `change` of it, and says so.
    fn change_speed(&mut self, change: impl FnOnce(u32) -> u32) {
        let speed = self.speed_mut();
        *speed = change(*speed);
        let speed = *speed;
        *self.message_mut() = format!("Animation speed x{speed}.");
    }

    /// Saves and says where, or why not, in the message line.
    fn save_with_message(&mut self) {
        let message = match self.save_record() {
            Ok(path) => format!("Saved the game to {}.", path.display()),
            Err(e) => e.to_string(),
        };
        *self.message_mut() = message;
    }

    /// Saves after every move and undo, once the game has a move, so that no game is lost.
    fn autosave(&mut self) {
        if !self.worth_saving() {
            return;
        }
        if let Err(e) = self.save_record() {
            *self.message_mut() = e.to_string();
        }
    }

    /// Saves (if there is anything to save) and asks to leave.
    fn leave(&mut self) {
        if self.worth_saving() {
            // Kept for the caller, to report once the terminal is back.
            let error = self.save_record().err();
            *self.save_error_mut() = error;
        }
        *self.quit_mut() = true;
    }
}

/// The public commands of a game in the terminal, the same in both games: what the event
/// loop and the keys call, for the tests and other front ends too.
macro_rules! commands {
    () => {
        /// Handles one key.
        pub fn key(&mut self, key: ratatui::crossterm::event::KeyEvent) {
            crate::controls::key(self, key)
        }

        /// Takes back the last move, and every move of a computer before it back to the
        /// last turn of a person.
        pub fn undo(&mut self) {
            self.take_back()
        }

        /// Asks for the best move of the person to move; it comes in the message line.
        pub fn ask_hint(&mut self) {
            self.hint()
        }

        /// Writes the game record (JSON if the file name ends in `.json`); returns where.
        pub fn save(&mut self) -> Result<PathBuf, SaveError> {
            self.save_record()
        }

        /// Saves (if there is anything to save) and asks to leave.
        pub fn request_quit(&mut self) {
            self.leave();
        }

        /// After the game is over: the same game again from its start, its record in a new
        /// file.
        pub fn new_game(&mut self) {
            crate::controls::Controls::new_game(self)
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
            !self.searches.thinking
                && !self.searches.hinting
                && self.animation.is_none()
                && self.pending.is_none()
        }

        /// Finishes the animation at once.
        pub fn skip_animation(&mut self) {
            self.animation = None;
        }

        /// Shows the next frame of the animation; false when it is over.
        pub fn step_animation(&mut self) -> bool {
            crate::playback::step(&mut self.animation)
        }

        /// When the next frame is due, for the event loop's wait.
        pub fn next_due(&self) -> Option<std::time::Instant> {
            self.animation
                .as_ref()
                .and_then(crate::playback::Playback::due)
        }
    };
}
pub(crate) use commands;

/// The items of [`Controls`] that read the same in both games, whose state has the same
/// names: the fields `overlay`, `summary_scroll`, `message`, `speed`, `animation`, `game`,
/// `config` (its `save_path` and `never_overwrite`), `saved`, `saved_before`, `save_error`,
/// `quit`, `last` and `searches`, and the methods
/// `skip_animation`, `human_to_move`, `hinting`, `after_change`, `computer_replied` and
/// `show_hint`; and the module's `explain`, `LastMove` and `Reply` (with variants
/// `Computer` and `Hint`, each with the generation of its position). The game gives the
/// letters that save and start a new game.
macro_rules! same_in_both_games {
    (save: $save:literal, new_game: $new_game:literal) => {
        const SAVE: char = $save;
        const NEW_GAME: char = $new_game;

        fn overlay_mut(&mut self) -> &mut Option<Overlay> {
            &mut self.overlay
        }
        fn summary_scroll_mut(&mut self) -> &mut usize {
            &mut self.summary_scroll
        }
        fn message_mut(&mut self) -> &mut String {
            &mut self.message
        }
        fn speed_mut(&mut self) -> &mut u32 {
            &mut self.speed
        }
        fn animating(&self) -> bool {
            self.animation.is_some()
        }
        fn game_over(&self) -> bool {
            self.game.status().is_over()
        }
        fn worth_saving(&self) -> bool {
            !self.game.moves().is_empty() || self.saved.is_some()
        }
        fn save_record(&mut self) -> Result<PathBuf, SaveError> {
            if self.saved.is_none() && self.config.never_overwrite {
                // Another game may have taken the name since this one started.
                self.config.save_path = crate::free_path(&self.config.save_path);
            }
            let path = self.config.save_path.clone();
            self.write_record(&path)?;
            self.saved = Some(path.clone());
            Ok(path)
        }
        fn save_error_mut(&mut self) -> &mut Option<SaveError> {
            &mut self.save_error
        }
        fn quit_mut(&mut self) -> &mut bool {
            &mut self.quit
        }
        fn skip(&mut self) {
            self.skip_animation()
        }
        fn take_replies(&mut self) -> bool {
            let mut changed = false;
            while let Some(reply) = self.searches.reply() {
                match reply {
                    Reply::Computer(g, reply) if g == self.searches.generation => {
                        self.searches.thinking = false;
                        self.computer_replied(reply);
                        changed = true;
                    }
                    Reply::Hint(g, reply) if g == self.searches.generation => {
                        self.searches.hinting = false;
                        self.show_hint(reply);
                        changed = true;
                    }
                    _ => {}
                }
            }
            changed
        }
        fn human_to_move(&self) -> bool {
            Self::human_to_move(self)
        }
        fn hinting(&self) -> bool {
            Self::hinting(self)
        }
        fn undo_moves(&mut self, n: usize) {
            for _ in 0..n {
                self.game.undo();
            }
            self.last = explain(&self.game, self.game.moves().len());
        }
        fn changed(&mut self) {
            self.after_change()
        }
        fn new_game(&mut self) {
            if !self.game.status().is_over() {
                self.message = "The game is not over: q quits, and the game is saved.".to_string();
                return;
            }
            self.restart();
            self.saved_before.extend(self.saved.take());
            self.config.save_path = crate::free_path(&crate::next_name(&self.config.save_path));
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
    };
}
pub(crate) use same_in_both_games;

/// The searches that run beside the game, the computer's moves and hints, each answering
/// for the position of its generation: every move and undo starts a new generation, and the
/// replies for an older one are dropped.
pub(crate) struct Searches<R> {
    /// The generation of the position on the board.
    pub generation: u64,
    /// Whether the computer is searching for its move.
    pub thinking: bool,
    /// Whether a hint search is running.
    pub hinting: bool,
    tx: Sender<R>,
    rx: Receiver<R>,
}

impl<R> Default for Searches<R> {
    fn default() -> Searches<R> {
        let (tx, rx) = channel();
        Searches {
            generation: 0,
            thinking: false,
            hinting: false,
            tx,
            rx,
        }
    }
}

impl<R: Send + 'static> Searches<R> {
    /// A new position: no search runs for it yet, and the replies still to come are for an
    /// older one.
    pub fn next(&mut self) {
        self.generation += 1;
        self.thinking = false;
        self.hinting = false;
    }

    /// Runs `search` on a thread of its own, given this generation; its reply comes back in
    /// [`Searches::reply`].
    pub fn spawn(&self, search: impl FnOnce(u64) -> R + Send + 'static) {
        let (tx, generation) = (self.tx.clone(), self.generation);
        std::thread::spawn(move || {
            let _ = tx.send(search(generation));
        });
    }

    /// A reply come in, if any.
    pub fn reply(&self) -> Option<R> {
        self.rx.try_recv().ok()
    }
}

/// Handles one key of `app`.
pub(crate) fn key<A: Controls>(app: &mut A, key: KeyEvent) {
    if key.kind == KeyEventKind::Release {
        return;
    }
    if key.modifiers.contains(KeyModifiers::CONTROL)
        && matches!(key.code, KeyCode::Char('c') | KeyCode::Char('d'))
    {
        app.leave();
        return;
    }
    let animating = app.animating();
    let over = app.game_over();
    match *app.overlay_mut() {
        Some(Overlay::Explain(scroll)) => {
            // ui clamps the scroll to the text.
            let scrolled = match key.code {
                KeyCode::Down | KeyCode::PageDown | KeyCode::Char('j') => Some(scroll + 1),
                KeyCode::Up | KeyCode::PageUp | KeyCode::Char('k') => {
                    Some(scroll.saturating_sub(1))
                }
                code => {
                    if app.explanation_key(code) {
                        // The game's own keys of the window keep it open.
                        return;
                    }
                    None
                }
            };
            *app.overlay_mut() = scrolled.map(Overlay::Explain);
            return;
        }
        // The popup says that any key closes it: `q` too, rather than quitting the game.
        Some(Overlay::Help) => {
            *app.overlay_mut() = None;
            return;
        }
        Some(Overlay::RoundOver) if animating => {
            if key.code == KeyCode::Char('q') {
                app.leave();
            } else {
                app.skip();
            }
            return;
        }
        Some(Overlay::RoundOver) => {
            match key.code {
                KeyCode::Char('q') => app.leave(),
                KeyCode::Char('u') => app.take_back(),
                KeyCode::Char(c) if c == A::SAVE => app.save_with_message(),
                KeyCode::Char(c) if c == A::NEW_GAME && over => app.new_game(),
                // A long match's summary is taller than the screen; ui clamps the scroll.
                KeyCode::Down | KeyCode::PageDown | KeyCode::Char('j') => {
                    *app.summary_scroll_mut() += 1
                }
                KeyCode::Up | KeyCode::PageUp | KeyCode::Char('k') => {
                    let scroll = app.summary_scroll_mut();
                    *scroll = scroll.saturating_sub(1)
                }
                _ => *app.overlay_mut() = None,
            }
            return;
        }
        None => {}
    }
    match key.code {
        KeyCode::Char('q') => app.leave(),
        KeyCode::Char('?') | KeyCode::F(1) => *app.overlay_mut() = Some(Overlay::Help),
        KeyCode::Char('e') => app.explain(),
        KeyCode::Char(c) if c == A::NEW_GAME && over => app.new_game(),
        KeyCode::Char(c) if c == A::SAVE => app.save_with_message(),
        KeyCode::Char('u') | KeyCode::Backspace => app.take_back(),
        KeyCode::Char('h') => app.hint(),
        KeyCode::Char('+') | KeyCode::Char('=') => app.change_speed(|s| (s * 2).min(16)),
        KeyCode::Char('-') => app.change_speed(|s| (s / 2).max(1)),
        KeyCode::Char(' ') | KeyCode::Esc if animating => app.skip(),
        KeyCode::Esc => app.cancel(),
        code if A::is_move_key(code) => {
            if animating {
                app.skip();
                if code == KeyCode::Enter {
                    return;
                }
            }
            app.move_key(code);
        }
        _ => {}
    }
}
