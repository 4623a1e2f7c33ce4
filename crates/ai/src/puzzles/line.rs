//! The solution of a position: the key move (the unique proven best, ahead of every other move
//! by a margin), and the line that follows while the solver's side again has such a move, with
//! every one of the opponent's equally good defences; and what a one-move greedy player plays.

use super::format::{Defence, Step};
use super::prove::Prover;
use crate::book::Unproven;
use rajapasu_engine::{Game, Move};

/// Solver moves a line has at most.
pub const MAX_LINE: usize = 5;
/// Steps a solution holds at most: solver moves over all its branches, the key move included
/// (docs/PUZZLES.md). A step's defences are kept all together or not at all, and where they
/// would take the count past this, the line ends at that step.
pub const MAX_STEPS: usize = 12;

/// Each legal move's proven value in a position, as [`Prover::values`] gives them.
type Values<'a> = dyn FnMut(&Game) -> Result<Vec<Option<i32>>, Unproven> + 'a;

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
    solve_with(game, &mut |g: &Game| prover.values(g), margin)
}

/// [`solve`] with the values of each position from `values_of`.
fn solve_with(
    game: &Game,
    values_of: &mut Values<'_>,
    margin: i32,
) -> Result<Option<Step>, Unproven> {
    let values = values_of(game)?;
    let Some((mv, _)) = unique_best(&values, margin) else {
        return Ok(None);
    };
    let mut steps = 1;
    Ok(Some(extend(
        game, values_of, margin, values, mv, MAX_LINE, &mut steps,
    )))
}

/// The step playing `mv` (the unique best of `values`) in `game`, and the line after it.
/// `steps` counts the solver moves of the whole solution so far: the defences found here add
/// one each (their answers) only once all of them are kept, so that defences dropped with
/// their step never count.
fn extend(
    game: &Game,
    values_of: &mut Values<'_>,
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
    let Ok(replies) = values_of(&after) else {
        return step;
    };
    let mut defences = Vec::new();
    for d in best_moves(&replies) {
        let mut next = after.clone();
        next.play(Move::new(d).expect("a legal move"));
        if next.status().is_over()
            || next.repeated_in_layer()
            || *steps + defences.len() >= MAX_STEPS
        {
            return step;
        }
        let Ok(values) = values_of(&next) else {
            return step;
        };
        let Some((best, _)) = unique_best(&values, margin) else {
            return step;
        };
        defences.push((d, next, values, best));
    }
    *steps += defences.len();
    step.defences = defences
        .into_iter()
        .map(|(d, next, values, best)| Defence {
            mv: d,
            then: extend(
                &next,
                values_of,
                margin,
                values,
                best,
                moves_left - 1,
                steps,
            ),
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

#[cfg(test)]
mod tests {
    use super::*;
    use rajapasu_engine::Rules;
    use std::collections::HashMap;

    /// The path from the start to `game`: each move's index among the legal moves where it was
    /// played.
    fn path(game: &Game) -> Vec<usize> {
        game.plies()
            .map(|p| {
                let legal = p.before.legal_moves();
                legal.iter().position(|&m| m == p.mv).expect("a legal move")
            })
            .collect()
    }

    /// Values for a made-up solution tree over the canonical round's first moves. At a path
    /// listed in `tree`, the player to move's first `k` legal moves are the best, all equal (a
    /// solver's position with `k = 1` has a unique best); anywhere else every legal move is
    /// worth the same, so the solver has no unique best there.
    fn made_up(
        tree: HashMap<Vec<usize>, usize>,
    ) -> impl FnMut(&Game) -> Result<Vec<Option<i32>>, Unproven> {
        move |game: &Game| {
            let best = tree.get(&path(game)).copied().unwrap_or(0);
            let legal = game.legal_moves();
            Ok((1..=7u8)
                .map(|n| {
                    let k = legal.iter().position(|m| m.number() == n)?;
                    Some(if k < best { 10 } else { 0 })
                })
                .collect())
        }
    }

    fn count(step: &Step) -> usize {
        1 + step.defences.iter().map(|d| count(&d.then)).sum::<usize>()
    }

    #[test]
    fn dropped_defences_do_not_count_towards_the_steps() {
        // The key move (path []) has two defences. After the first, the solver's answer has two
        // best defences of which only the first leaves a unique best: that step's defences
        // are dropped. After the second, the line branches in two at each of the next two
        // solver moves, then goes on by one defence each: 1 + 2 + 2 + 2 + 2 + 4 = 13 solver
        // moves if nothing stopped it, so the twelfth step is the last one kept. Counting the
        // dropped defence's answer too (as the generator once did) lost that twelfth step.
        let mut tree: HashMap<Vec<usize>, usize> = HashMap::new();
        let mut set = |p: &[usize], k: usize| tree.insert(p.to_vec(), k);
        set(&[], 1); // the key move
        set(&[0], 2); // its two defences, each answered
        set(&[0, 0], 1);
        set(&[0, 1], 1);
        // After defence 0: two best defences, only the first answered.
        set(&[0, 0, 0], 2);
        set(&[0, 0, 0, 0], 1);
        // After defence 1: branching twice, then one defence each.
        set(&[0, 1, 0], 2);
        for a in [0, 1] {
            set(&[0, 1, 0, a], 1);
            set(&[0, 1, 0, a, 0], 2);
            for b in [0, 1] {
                set(&[0, 1, 0, a, 0, b], 1);
                set(&[0, 1, 0, a, 0, b, 0], 1);
                set(&[0, 1, 0, a, 0, b, 0, 0], 1);
            }
        }
        let game = Game::new(Rules::default().single_round());
        let solution = solve_with(&game, &mut made_up(tree), 2).unwrap().unwrap();
        assert_eq!(count(&solution), MAX_STEPS);
        // The last branch is the one cut: its answer is the twelfth step, with no defence.
        let last = &solution.defences[1].then.defences[1].then.defences[1].then;
        assert!(last.defences.is_empty());
        let before = &solution.defences[1].then.defences[1].then.defences[0].then;
        assert_eq!(before.defences.len(), 1);
        // The dropped defences left the first branch's answer with none.
        assert!(solution.defences[0].then.defences.is_empty());
    }
}
