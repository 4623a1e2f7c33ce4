//! Perft: counting move sequences, to cross-check implementations.

use crate::game::Game;
use crate::hole::Move;

/// The number of legal move sequences of exactly `depth` moves from the game's current state.
/// A line on which the game ends sooner counts nothing; a round end inside a match does not
/// stop a line.
///
/// ```
/// use rajapasu_engine::{perft, Game, Rules};
/// let mut game = Game::new(Rules::default());
/// assert_eq!(perft(&mut game, 1), 7);
/// ```
pub fn perft(game: &mut Game, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = game.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut n = 0;
    for &m in moves.as_slice() {
        game.play(m);
        n += perft(game, depth - 1);
        game.undo();
    }
    n
}

/// [`perft`] split by first move.
pub fn perft_split(game: &mut Game, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let moves = game.legal_moves();
    moves
        .as_slice()
        .iter()
        .map(|&m| {
            game.play(m);
            let n = perft(game, depth - 1);
            game.undo();
            (m, n)
        })
        .collect()
}
