//! The hint for the seat to move: one definition for the terminal game and the server.

use super::deepen::Analysis;
use super::maxn::MaxN;
use super::player::TABLE_BITS;
use crate::Limits;
use rajapasu_engine::mandiri;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// How long a hint searches: between the two strongest levels' times (0.5 s and 1 s a move),
/// so that a hint plays about as well as they do, and is quick enough to wait for.
pub const HINT_TIME: Duration = Duration::from_millis(700);

/// The best move for the seat to move, by max^n for [`HINT_TIME`] (its value vector says
/// what the move is worth to each seat), or sooner once `stop` is set. `None` when the game
/// is over.
///
/// ```
/// use rajapasu_ai::mandiri::hint;
/// use rajapasu_engine::mandiri;
/// let game = mandiri::Game::new(mandiri::Rules::default());
/// let a = hint(&game, None).unwrap();
/// assert!(game.legal_moves().contains(&a.best));
/// assert!(a.values.is_some(), "max^n values every seat");
/// ```
pub fn hint(game: &mandiri::Game, stop: Option<Arc<AtomicBool>>) -> Option<Analysis> {
    let limits = Limits::default().with_movetime(HINT_TIME);
    let search = MaxN::new(limits, Some(TABLE_BITS));
    match stop {
        Some(flag) => search.with_stop(flag),
        None => search,
    }
    .search(game)
}
