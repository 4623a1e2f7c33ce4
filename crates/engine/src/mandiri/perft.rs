//! Perft for Mandiri: counting move sequences, to cross-check implementations.

use crate::mandiri::game::MandiriGame;

/// The number of legal move sequences of exactly `depth` moves from the game's current state;
/// a line on which the game ends sooner counts nothing, and a round end inside a match does
/// not stop a line.
///
/// ```
/// use rajapasu_engine::mandiri::{mandiri_perft, MandiriGame, MandiriRules};
/// let mut game = MandiriGame::new(MandiriRules::default());
/// assert_eq!(mandiri_perft(&mut game, 1), 6);
/// ```
pub fn mandiri_perft(game: &mut MandiriGame, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = game.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut n = 0;
    for m in moves {
        game.try_play(m).expect("a legal move");
        n += mandiri_perft(game, depth - 1);
        game.undo();
    }
    n
}
