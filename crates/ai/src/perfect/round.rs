//! A round's proven best move by counters: the proven opening book where it holds the
//! position, else the solver (with the endgame table, if there is one) on every move within
//! [`PROOF_BUDGET`]. A move is the proven best when the least it is proven to give is at
//! least the most any other move can give.

use crate::book::Book;
use crate::solver::{gain, round_alone, Bounds, Solver};
use crate::Limits;
use rajapasu_engine::{Game, Move, Position, Rules};
use std::cell::RefCell;
use std::time::{Duration, Instant};

/// The solver's time for all the moves of a position together.
pub const PROOF_BUDGET: Duration = Duration::from_millis(1000);

/// The solver's table: 2^20 entries of 24 bytes (24 MB), one solver a thread, kept between
/// moves.
pub const SOLVER_TABLE_BITS: u32 = 20;

thread_local! {
    static SOLVER: RefCell<Option<(Rules, Solver)>> = const { RefCell::new(None) };
}

/// The proven best move of the player to move in `game`'s round, with the round's final
/// margin it proves for that player (its captures in the round less the opponent's), within
/// [`PROOF_BUDGET`]. `None` if no move is proven best in time, if the game is over, or if a
/// position of the current layer already came twice (then the proven values need not hold).
///
/// ```
/// use rajapasu_ai::perfect::round::proven_best;
/// use rajapasu_engine::{Game, Move, Rules};
/// let rules = Rules::default().single_round();
/// // South 6 sows S7; N1 is empty, so South takes the 2 of N2; North has no move and South
/// // takes the counter left: South ends 60 + 3 - 35 = 28 ahead.
/// let game = Game::from_code("0,0,0,0,0,1,0/0,2,0,0,0,0,0 S 60 35", rules).unwrap();
/// assert_eq!(proven_best(&game), Some((Move::new(6).unwrap(), 28)));
/// ```
pub fn proven_best(game: &Game) -> Option<(Move, i32)> {
    proven_best_within(game, PROOF_BUDGET)
}

/// [`proven_best`] within `budget`.
pub fn proven_best_within(game: &Game, budget: Duration) -> Option<(Move, i32)> {
    if game.status().is_over() || game.repeated_in_layer() {
        return None;
    }
    let pos = game.position();
    let me = pos.to_move();
    let moves: Vec<(Move, Bounds)> = match Book::embedded().probe(game) {
        Some(moves) => moves,
        None => {
            let round = round_alone(pos)?;
            let lead = pos.lead(me);
            let deadline = Instant::now() + budget;
            let mut bounds = Vec::new();
            for (i, &m) in game.legal_moves().iter().enumerate() {
                let left = deadline.saturating_duration_since(Instant::now());
                if left.is_zero() {
                    return None;
                }
                let share = left / (game.legal_moves().len() - i) as u32;
                let b = move_bounds(game, &round, m, share)?;
                bounds.push((
                    m,
                    Bounds {
                        lower: lead + b.lower,
                        upper: lead + b.upper,
                    },
                ));
            }
            bounds
        }
    };
    let (best, b) = *moves
        .iter()
        .max_by_key(|(m, b)| (b.lower, -i32::from(m.number())))?;
    let proven = moves
        .iter()
        .all(|(m, other)| *m == best || other.upper <= b.lower);
    proven.then_some((best, b.lower))
}

/// The bounds proven on the counters `m` gains from now on for the player to move (its
/// captures less the opponent's, to the end of the round), within `time`. `None` if the move
/// repeats a position of the layer a second time (its value then depends on the history).
fn move_bounds(game: &Game, round: &Position, m: Move, time: Duration) -> Option<Bounds> {
    let mut after = *round;
    after.play(m);
    if after.has_moves() {
        let mut g = game.clone();
        g.play(m);
        if g.repeated_in_layer() {
            let gained = gain(round, &after, round.to_move());
            return Some(Bounds::unknown(after.on_board()).after(gained));
        }
    }
    let limits = Limits {
        movetime: Some(time),
        ..Limits::default()
    };
    SOLVER.with(|cell| {
        let mut cell = cell.borrow_mut();
        let rules = *after.rules();
        if !matches!(cell.as_ref(), Some((r, _)) if *r == rules) {
            let mut solver = Solver::new(SOLVER_TABLE_BITS);
            solver.set_table(crate::table::for_rules(&rules));
            *cell = Some((rules, solver));
        }
        let (_, solver) = cell.as_mut().expect("made above");
        Some(solver.move_bounds(round, m, &limits))
    })
}
