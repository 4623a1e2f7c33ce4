//! Random playouts: the engine's speed figure, shared by `rajapasu bench` and the criterion
//! benchmark so both measure the same loop.

use crate::by_side::BySide;
use crate::game::Game;
use crate::hole::Move;
use crate::position::Position;
use crate::rng::Rng;
use crate::rules::Rules;

/// Plays `game` to its end with uniformly random legal moves; returns the moves played.
pub fn random_playout(game: &mut Game, rng: &mut Rng) -> u32 {
    let mut n = 0;
    while !game.status().is_over() {
        // The k-th legal move in hole order: the k-th set bit of the game's legal moves.
        let mut mask = game.legal_mask();
        for _ in 0..rng.below(mask.count_ones() as usize) {
            mask &= mask - 1;
        }
        game.play(Move::new(mask.trailing_zeros() as u8 + 1).expect("hole in range"));
        n += 1;
    }
    n
}

/// What [`playouts_for`] measured.
#[derive(Clone, Copy, Debug, Default)]
pub struct PlayoutStats {
    /// Playouts finished.
    pub playouts: u64,
    /// Moves played in them.
    pub moves: u64,
    /// Seconds spent.
    pub seconds: f64,
    /// Sum over playouts of South's minus North's captures in the last round.
    pub south_minus_north: i64,
}

/// Random playouts from the start under `rules` for about `seconds`, on this thread.
pub fn playouts_for(rules: Rules, seconds: f64, seed: u64) -> PlayoutStats {
    run_playouts(rules, seed, u64::MAX, |stats| stats.seconds >= seconds)
}

/// Exactly `count` random playouts: repeatable work, for instruction counts and profiles.
pub fn playouts_n(rules: Rules, count: u64, seed: u64) -> PlayoutStats {
    run_playouts(rules, seed, count, |stats| stats.playouts >= count)
}

/// Playouts in batches of 256 (the clock is read once a batch), never more than `cap`.
fn run_playouts(
    rules: Rules,
    seed: u64,
    cap: u64,
    done: impl Fn(&PlayoutStats) -> bool,
) -> PlayoutStats {
    let start = std::time::Instant::now();
    let mut rng = Rng::new(seed);
    let mut stats = PlayoutStats::default();
    let origin = Position::start(rules);
    let mut game = Game::from_position(origin);
    loop {
        for _ in 0..256 {
            if stats.playouts >= cap {
                break;
            }
            game.reset(origin);
            stats.moves += u64::from(random_playout(&mut game, &mut rng));
            let last = game
                .rounds()
                .last()
                .map_or(BySide::default(), |r| r.captured);
            stats.south_minus_north += i64::from(last.south) - i64::from(last.north);
            stats.playouts += 1;
        }
        stats.seconds = start.elapsed().as_secs_f64();
        if done(&stats) {
            return stats;
        }
    }
}
