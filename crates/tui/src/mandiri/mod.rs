//! Raja Pasu Mandiri, the three-player game (RULES.md section 9), in the terminal: the board
//! with each seat's holes marked by its letter and colour, the Raja, every seat's captures and
//! every player's reserve; moves by hole name or by the cursor; the computers' moves animated
//! from the trace and told in words; round summaries with the gift, the office, closed holes
//! and players out; undo; the record saved after every move.
//!
//! | Module | What it holds |
//! |---|---|
//! | [`app`] | the state and what each key does, without a terminal |
//! | [`ui`] | drawing, on any ratatui backend |
//! | [`anim`] | a move's frames, from its trace |
//!
//! Players, not seats, are people or computers: players move seats when the Raja's office
//! passes (rule M9), and each keeps who plays it.

pub mod anim;
pub mod app;
pub mod ui;

use app::MandiriApp;
use rajapasu_ai::Level;
use rajapasu_engine::mandiri::{self, Player};
use ratatui::crossterm::event::KeyEvent;
use std::io;
use std::path::PathBuf;
use std::time::Instant;

/// Who plays a player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Who {
    /// A person at the keyboard.
    Human,
    /// The computer, at a level.
    Computer(Level),
}

impl Who {
    /// The record's name for it, which [`Who::from_tag`] reads back: `Player` or
    /// `Computer (level N)`.
    ///
    /// ```
    /// use rajapasu_ai::Level;
    /// use rajapasu_tui::mandiri::Who;
    /// let who = Who::Computer(Level::MIN);
    /// assert_eq!(who.tag(), "Computer (level 1)");
    /// assert_eq!(Who::from_tag(&who.tag()), Some(who));
    /// assert_eq!(Who::from_tag("Player"), Some(Who::Human));
    /// ```
    pub fn tag(self) -> String {
        match self {
            Who::Human => "Player".to_string(),
            Who::Computer(level) => format!("Computer (level {level})"),
        }
    }

    /// Reads a name written by [`Who::tag`]; `None` for anything else.
    pub fn from_tag(tag: &str) -> Option<Who> {
        if tag == "Player" {
            return Some(Who::Human);
        }
        let level = tag
            .strip_prefix("Computer (level ")?
            .strip_suffix(')')?
            .parse()
            .ok()?;
        Some(Who::Computer(level))
    }
}

/// The record tag naming player `p` (`Player1`, `Player2`, `Player3`).
pub fn player_tag(p: Player) -> String {
    format!("Player{p}")
}

/// How a Mandiri game in the terminal is played.
#[derive(Clone, Debug)]
pub struct MandiriConfig {
    /// Who plays each player, player 1 first.
    pub players: [Who; 3],
    /// Drives the computers' choices: the same game and seed give the same moves.
    pub seed: u64,
    /// Whether moves are animated.
    pub animate: bool,
    /// Where the game record is written (after every move, on `w` and on quit).
    pub save_path: PathBuf,
    /// Tags of the record.
    pub tags: Vec<(String, String)>,
    /// Whether `save_path` is a made-up name that must not overwrite a file that appears
    /// before the first save (see [`crate::Config::never_overwrite`]).
    pub never_overwrite: bool,
}

impl Default for MandiriConfig {
    fn default() -> MandiriConfig {
        MandiriConfig::new()
    }
}

impl MandiriConfig {
    /// You are player 1, the first Raja; players 2 and 3 are the computer at the default
    /// level. Animated moves, the record in [`crate::default_save_path`].
    pub fn new() -> MandiriConfig {
        MandiriConfig {
            players: [
                Who::Human,
                Who::Computer(Level::DEFAULT),
                Who::Computer(Level::DEFAULT),
            ],
            seed: 1,
            animate: true,
            save_path: crate::default_save_path(),
            tags: Vec::new(),
            never_overwrite: true,
        }
    }
}

impl crate::Screen for MandiriApp {
    fn draw(&self, f: &mut ratatui::Frame) {
        ui::draw(f, self)
    }
    fn key(&mut self, key: KeyEvent) {
        MandiriApp::key(self, key)
    }
    fn tick(&mut self, now: Instant) -> bool {
        MandiriApp::tick(self, now)
    }
    fn next_due(&self) -> Option<Instant> {
        MandiriApp::next_due(self)
    }
    fn quitting(&self) -> bool {
        self.quit
    }
    fn request_quit(&mut self) {
        MandiriApp::request_quit(self)
    }
}

/// Plays `game` in the terminal until the player quits, as [`crate::run`] does the
/// two-player game (the terminal is given back however the game ends); returns the final
/// state.
pub fn run(game: mandiri::Game, config: MandiriConfig) -> io::Result<MandiriApp> {
    crate::run_screen(|| MandiriApp::new(game, config))
}
