//! The JSON view of a game shared by the command line, the engine protocol and the server.

use crate::by_side::BySide;
use crate::game::{Game, RoundResult, Status};
use crate::side::Side;
use serde::Serialize;

/// The state of a game as the JSON object `rajapasu state --json` prints.
///
/// ```
/// use rajapasu_engine::{Game, GameView, Rules};
/// let view = GameView::new(&Game::new(Rules::default()));
/// let json = serde_json::to_value(&view).unwrap();
/// assert_eq!(json["to_move"], "south");
/// assert_eq!(json["holes"]["north"][6], 7);
/// assert_eq!(json["legal_moves"].as_array().unwrap().len(), 7);
/// assert_eq!(json["status"], "playing");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameView {
    /// The rule set, as `NAME[/OPTIONS]`.
    pub rules: String,
    /// The round number.
    pub round: u32,
    /// The player to move.
    pub to_move: Side,
    /// Who led the current round.
    pub leader: Side,
    /// Each row in hole order; null for a closed hole.
    pub holes: BySide<Vec<Option<u8>>>,
    /// Counters captured in the current round.
    pub captured: BySide<u32>,
    /// Counters carried over from earlier rounds.
    pub reserve: BySide<u32>,
    /// Hole numbers the player to move may play.
    pub legal_moves: Vec<u8>,
    /// `playing`, `round_over` (single-round mode) or `match_over`.
    pub status: &'static str,
    /// The winner of a finished game, else null.
    pub winner: Option<Side>,
    /// The finished rounds.
    pub rounds: Vec<RoundResult>,
    /// How often the current position occurred in this round.
    pub occurrences: usize,
    /// The moves played since the game was set up.
    pub moves: Vec<u8>,
    /// The position code.
    pub position: String,
}

impl GameView {
    /// The view of `game`.
    pub fn new(game: &Game) -> GameView {
        let pos = game.position();
        GameView {
            rules: pos.rules().to_string(),
            round: pos.round(),
            to_move: pos.to_move(),
            leader: game.leader(),
            holes: BySide::from_fn(|s| pos.row(s).collect()),
            captured: BySide::from_fn(|s| pos.captured(s)),
            reserve: BySide::from_fn(|s| pos.reserve(s)),
            legal_moves: game.legal_moves().iter().map(|m| m.number()).collect(),
            status: match game.status() {
                Status::Playing => "playing",
                Status::RoundOver { .. } => "round_over",
                Status::MatchOver { .. } => "match_over",
            },
            winner: game.status().winner(),
            rounds: game.rounds().to_vec(),
            occurrences: game.occurrences(),
            moves: game.moves().iter().map(|m| m.number()).collect(),
            position: pos.to_string(),
        }
    }
}
