//! Raja Pasu Mandiri, the three-player game (RULES.md section 9), in the terminal: the board
//! with each seat's holes marked by its letter and colour, the Raja, every seat's captures and
//! every player's reserve; moves by hole name or by the cursor; the computers' moves animated
//! from the trace and told in words; round summaries with the gift, the office, closed holes
//! and players out. It is played by the same [`crate::App`] and event loop as Raja Pasu, and
//! only what is Mandiri's own is here:
//!
//! | Module | What it holds |
//! |---|---|
//! | this one | who plays each player ([`Lineup`], [`Who`]) and who played a move ([`Mover`]) |
//! | [`variant`] | the game's part of the app: hole names typed, the computers and hints, its words |
//! | [`ui`] | its drawing: its [`crate::Screen`] |
//! | [`anim`] | a move's frames, from its trace |
//!
//! Players, not seats, are people or computers: players move seats when the Raja's office
//! passes (rule M9), and each keeps who plays it.

pub mod anim;
pub mod ui;
pub mod variant;

use rajapasu_ai::Level;
use rajapasu_engine::mandiri::{self, Player, Seat};
use std::fmt;

/// A Mandiri game being played in the terminal.
pub type App = crate::app::App<mandiri::Game>;

/// How a Mandiri game in the terminal is played.
pub type Config = crate::config::Config<Lineup>;

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

/// Who plays each of the three players, and the seed of the computers' choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lineup {
    /// Who plays each player, player 1 first.
    pub who: [Who; 3],
    /// Drives the computers' choices: the same game and seed give the same moves.
    pub seed: u64,
}

impl Default for Lineup {
    /// You are player 1, the first Raja; players 2 and 3 are the computer at the default
    /// level.
    fn default() -> Lineup {
        Lineup {
            who: [
                Who::Human,
                Who::Computer(Level::DEFAULT),
                Who::Computer(Level::DEFAULT),
            ],
            seed: 1,
        }
    }
}

impl Lineup {
    /// Who plays `player`.
    ///
    /// ```
    /// use rajapasu_engine::mandiri::Player;
    /// use rajapasu_tui::mandiri::{Lineup, Who};
    /// assert_eq!(Lineup::default().of(Player::ALL[0]), Who::Human);
    /// ```
    pub fn of(&self, player: Player) -> Who {
        self.who[player.index()]
    }

    /// How many players people play.
    pub fn people(&self) -> usize {
        self.who.iter().filter(|&&w| w == Who::Human).count()
    }
}

/// Who played a move: the seat, and the player sitting in it then.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mover {
    /// The seat.
    pub seat: Seat,
    /// Its player.
    pub player: Player,
}

impl fmt::Display for Mover {
    /// `player 1, seat C`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "player {}, seat {}", self.player, self.seat)
    }
}
