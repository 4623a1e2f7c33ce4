//! What a game must tell for its records to be written and read (the record itself is
//! [`record`](crate::record)): apart, so that the record and its termination
//! ([`Termination`](crate::record::Termination)) both read it without reading each other.

use crate::sowing_game::SowingGame;
use core::fmt;

/// What a game's records need beyond [`SowingGame`]: how its moves are numbered and its result
/// written. Raja Pasu numbers its moves in pairs and writes `S`, `N` or `draw`; Mandiri names
/// holes and writes its winners (`1`, or `1,3` when shared).
pub trait Recorded: SowingGame {
    /// Whether the movetext numbers the moves in pairs (`1. 3 5 2. 1`).
    const NUMBERED: bool;
    /// What a move looks like, for the error that names a word which is none.
    const MOVE_FORM: &'static str;
    /// The result token of a game that stands at `status`: `*` while it goes on.
    fn result_token(status: Self::Status) -> String;
    /// Whether `token` is a result token.
    fn is_result(token: &str) -> bool;
    /// A result token in the form this crate writes it (an older or other spelling of the
    /// same result, such as `1-0`, as `S`): what a record states is compared in this form.
    fn normal_result(token: &str) -> String {
        token.to_string()
    }

    /// Who a record's `Termination` names: Raja Pasu's sides, Mandiri's players.
    type Party: Copy + Eq + fmt::Debug + Send + Sync + 'static;
    /// Every party, in order: South and North; players 1 to 3.
    const PARTIES: &'static [Self::Party];
    /// A party as a termination names it: `North`, `player 2`.
    fn party_name(party: Self::Party) -> String;
    /// The result token when `losers` lose the game as it stands, though the rules have not
    /// ended it (they resigned, ran out of time or never came): the others still in win,
    /// sharing it in Mandiri; `*` when nobody is left to win.
    fn result_without(&self, losers: &[Self::Party]) -> String;
    /// The result token of a draw agreed in the game as it stands: `draw`; in Mandiri, the
    /// players still in share it.
    fn agreed_draw(&self) -> String;
    /// Whether `status` is a match drawn because a round start came a third time (decision
    /// 11; rule M10).
    fn drawn_by_repetition(status: Self::Status) -> bool;
    /// A move in a JSON record.
    #[cfg(feature = "serde")]
    fn move_to_json(mv: Self::Move) -> serde_json::Value;
    /// A move of a JSON record; `None` if it is none.
    #[cfg(feature = "serde")]
    fn move_from_json(value: &serde_json::Value) -> Option<Self::Move>;
}
