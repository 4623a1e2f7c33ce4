//! The solution of a position: the key move (the unique proven best, ahead of every other move
//! by a margin), and the line that follows while the solver's side again has such a move, with
//! every one of the opponent's equally good defences; and what a one-move greedy player plays.

use super::format::{Defence, Step};
use super::prove::Prover;
use crate::book::Unproven;
use rajapasu_engine::{Game, Move};

/// Solver moves a line has at most.
pub const MAX_LINE: usize = 5;
/// Steps a solution holds at most, over all its defences: where equal defences multiply past
/// this, the line ends.
pub const MAX_STEPS: usize = 12;

/// The unique best move of `values` (as [`Prover::values`] gives them) and its lead over the
/// second best, if it leads by at least `margin`. A position with one legal move has no
/// second best: it is no puzzle.
///
/// ```
/// use rajapasu_ai::puzzles::unique_best;
/// assert_eq!(unique_best(&[Some(3), None, Some(7), Some(4)], 2), Some((3, 3)));
/// assert_eq!(unique_best(&[Some(3), None, Some(7), Some(6)], 2), None);
/// assert_eq!(unique_best(&[Some(7), Some(7)], 1), None);
/// assert_eq!(unique_best(&[None, Some(7)], 1), None);
/// ```
pub fn unique_best(values: &[Option<i32>], margin: i32) -> Option<(u8, i32)> {
    let mut legal: Vec<(usize, i32)> = values
        .iter()
        .enumerate()
        .filter_map(|(i, v)| v.map(|v| (i, v)))
        .collect();
    legal.sort_by_key(|&(i, v)| (-v, i));
    let (&(best, top), &(_, second)) = (legal.first()?, legal.get(1)?);
    let lead = top - second;
    (lead >= margin).then_some((best as u8 + 1, lead))
}

/// Every move of `values` with the highest value, in move order.
///
/// ```
/// use rajapasu_ai::puzzles::best_moves;
/// assert_eq!(best_moves(&[Some(-3), None, Some(-1), Some(-1)]), vec![3, 4]);
/// ```
pub fn best_moves(values: &[Option<i32>]) -> Vec<u8> {
    let top = values.iter().flatten().max();
    values
        .iter()
        .enumerate()
        .filter(|(_, v)| v.is_some() && v.as_ref() == top)
        .map(|(i, _)| i as u8 + 1)
        .collect()
}

/// The solution of `game` with its player to move as the solver, each solver move the unique
/// best by `margin`: `Ok(None)` if the first move is not, the first proof that failed if the
/// key move's values are not proven. Past the key move, the line ends quietly where a proof
/// fails, the round ends, a position of a layer has occurred twice (no value is proven), the
/// solver's side has no unique best move after one of the best defences, or [`MAX_LINE`] and
/// [`MAX_STEPS`] are reached.
pub fn solve(game: &Game, prover: &mut Prover, margin: i32) -> Result<Option<Step>, Unproven> {
    let values = prover.values(game)?;
    let Some((mv, _)) = unique_best(&values, margin) else {
        return Ok(None);
    };
    let mut steps = 1;
    Ok(Some(extend(
        game, prover, margin, values, mv, MAX_LINE, &mut steps,
    )))
}

/// The step playing `mv` (the unique best of `values`) in `game`, and the line after it.
fn extend(
    game: &Game,
    prover: &mut Prover,
    margin: i32,
    values: Vec<Option<i32>>,
    mv: u8,
    moves_left: usize,
    steps: &mut usize,
) -> Step {
    let mut step = Step {
        mv,
        values,
        defences: Vec::new(),
    };
    if moves_left <= 1 {
        return step;
    }
    let mut after = game.clone();
    after.play(Move::new(mv).expect("a legal move"));
    if after.status().is_over() || after.repeated_in_layer() {
        return step;
    }
    let Ok(replies) = prover.values(&after) else {
        return step;
    };
    let mut defences = Vec::new();
    for d in best_moves(&replies) {
        let mut next = after.clone();
        next.play(Move::new(d).expect("a legal move"));
        if next.status().is_over() || next.repeated_in_layer() || *steps >= MAX_STEPS {
            return step;
        }
        let Ok(values) = prover.values(&next) else {
            return step;
        };
        let Some((best, _)) = unique_best(&values, margin) else {
            return step;
        };
        *steps += 1;
        defences.push((d, next, values, best));
    }
    step.defences = defences
        .into_iter()
        .map(|(d, next, values, best)| Defence {
            mv: d,
            then: extend(&next, prover, margin, values, best, moves_left - 1, steps),
        })
        .collect();
    step
}

/// The moves a one-move greedy player would play in `game`: those with the largest immediate
/// capture difference (the round's end and its award included), in move order.
///
/// ```
/// use rajapasu_ai::puzzles::greedy_moves;
/// use rajapasu_engine::{Game, Rules};
/// let game = Game::from_code("0,1,0,2,0,0,3/0,0,1,0,3,0,2 S 40 46", Rules::default().single_round()).unwrap();
/// // S2 captures the 3 of N5 (RULES.md, example 2); S4 and S7 capture 3 too, S1 nothing.
/// assert_eq!(greedy_moves(&game), vec![2, 4, 7]);
/// ```
pub fn greedy_moves(game: &Game) -> Vec<u8> {
    let me = game.position().to_move();
    let before = game.position().lead(me);
    let gains: Vec<Option<i32>> = (1..=game.rules().holes().min(super::format::MOVES) as u8)
        .map(|n| {
            let m = Move::new(n)?;
            if !game.legal_moves().contains(m) {
                return None;
            }
            let mut g = game.clone();
            g.play(m);
            let lead = match g.rounds().last().filter(|_| g.status().is_over()) {
                Some(r) => r.captured[me] as i32 - r.captured[!me] as i32,
                None => g.position().lead(me),
            };
            Some(lead - before)
        })
        .collect();
    best_moves(&gains)
}
