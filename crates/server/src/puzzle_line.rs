//! An attempt's moves judged against the puzzle's proven solution: the server decides whether
//! a puzzle was solved from the moves played, never from what a client says of them.
//!
//! An attempt sends the line it played from the puzzle's position: the solver's moves and the
//! defences the page answered with, in turn. It is solved when every solver move is a proven
//! best (as the page accepts it) and the line reaches the solution's end; failed when it
//! stops at a solver move that is not best, or before the end (given up, or the solution
//! shown). Anything else is not a line the page can have played: a move that is not legal,
//! a defence the solution does not hold, moves after the line ended.

use crate::error::ApiError;
use rajapasu_ai::puzzles::{Puzzle, Step};
use rajapasu_engine::Move;

/// How an attempt went, as the server finds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Every solver move best, to the solution's end.
    Solved,
    /// A solver move that is not best ended it, or it stopped before the end.
    Failed,
}

impl Verdict {
    /// Whether the puzzle was solved.
    pub fn solved(self) -> bool {
        self == Verdict::Solved
    }
}

/// Most moves an attempt may send: far beyond any solution's line (the generator's lines are a
/// few moves long), so that a longer list is refused before it is walked.
pub const MAX_MOVES: usize = 64;

/// 422 `bad_line`, naming the move of the line that is wrong (from 1).
fn bad_line(at: usize, why: impl std::fmt::Display) -> ApiError {
    ApiError::unprocessable(format!("moves: move {}: {why}", at + 1)).code("bad_line")
}

/// Judges the line `moves` (hole numbers, from the puzzle's position) against `puzzle`'s
/// solution.
///
/// ```
/// use rajapasu_server::puzzle_line::{judge, Verdict};
/// let p = &rajapasu_ai::puzzles::embedded()[0];
/// let mut line = vec![];
/// let mut step = &p.solution;
/// loop {
///     line.push(step.mv);
///     let Some(d) = step.defences.first() else { break };
///     line.push(d.mv);
///     step = &d.then;
/// }
/// assert_eq!(judge(p, &line).unwrap(), Verdict::Solved);
/// assert_eq!(judge(p, &line[..line.len() - 1]).unwrap(), Verdict::Failed);
/// assert_eq!(judge(p, &[]).unwrap(), Verdict::Failed);
/// assert_eq!(judge(p, &[9]).unwrap_err().code_word(), "bad_line");
/// ```
pub fn judge(puzzle: &Puzzle, moves: &[u8]) -> Result<Verdict, ApiError> {
    if moves.len() > MAX_MOVES {
        return Err(ApiError::unprocessable(format!(
            "moves: at most {MAX_MOVES} moves, not {}",
            moves.len()
        ))
        .code("bad_line"));
    }
    let mut game = puzzle
        .game()
        .map_err(|e| ApiError::internal(format!("puzzle {}: {e}", puzzle.id)))?;
    let mut step: &Step = &puzzle.solution;
    let mut at = 0;
    loop {
        let Some(&n) = moves.get(at) else {
            return Ok(Verdict::Failed);
        };
        play(&mut game, n, at)?;
        let value = step.values.get(usize::from(n) - 1).copied().flatten();
        if value.is_none() || value != step.best_value() {
            return match moves.len() == at + 1 {
                true => Ok(Verdict::Failed),
                false => Err(bad_line(
                    at + 1,
                    "the line ended at the move before, a miss",
                )),
            };
        }
        at += 1;
        if step.defences.is_empty() {
            return match moves.len() == at {
                true => Ok(Verdict::Solved),
                false => Err(bad_line(at, "the solution ended at the move before")),
            };
        }
        let Some(&reply) = moves.get(at) else {
            return Ok(Verdict::Failed);
        };
        let Some(defence) = step.defences.iter().find(|d| d.mv == reply) else {
            return Err(bad_line(
                at,
                format!("{reply} is not one of the defences the puzzle answers with"),
            ));
        };
        play(&mut game, reply, at)?;
        at += 1;
        step = &defence.then;
    }
}

/// Plays hole `n`, move `at` of the line, or 422 `bad_line` when it is not legal there.
fn play(game: &mut rajapasu_engine::Game, n: u8, at: usize) -> Result<(), ApiError> {
    let mv = Move::new(n).ok_or_else(|| bad_line(at, format!("{n} is not a hole from 1 to 7")))?;
    game.try_play(mv)
        .map_err(|e| bad_line(at, format!("{n} is not legal there: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rajapasu_ai::puzzles::embedded;

    /// The main line of `p`: the key move, the first defence, and so on.
    fn main_line(p: &Puzzle) -> Vec<u8> {
        let mut line = vec![];
        let mut step = &p.solution;
        loop {
            line.push(step.mv);
            let Some(d) = step.defences.first() else {
                return line;
            };
            line.push(d.mv);
            step = &d.then;
        }
    }

    #[test]
    fn every_puzzle_is_solved_by_its_line_and_failed_by_a_miss() {
        for p in embedded() {
            let line = main_line(p);
            assert_eq!(judge(p, &line).unwrap(), Verdict::Solved, "{}", p.id);
            let miss = (1..=7u8).find(|&n| {
                let v = p.solution.values[usize::from(n) - 1];
                v.is_some() && v != p.solution.best_value()
            });
            if let Some(n) = miss {
                assert_eq!(judge(p, &[n]).unwrap(), Verdict::Failed, "{}", p.id);
                let e = judge(p, &[n, 1]).unwrap_err();
                assert_eq!(e.code_word(), "bad_line", "{}", p.id);
            }
            let mut longer = line.clone();
            longer.push(1);
            assert_eq!(judge(p, &longer).unwrap_err().code_word(), "bad_line");
        }
    }

    #[test]
    fn a_line_the_page_cannot_have_played_is_refused() {
        let p = embedded()
            .iter()
            .find(|p| !p.solution.defences.is_empty())
            .unwrap();
        let key = p.solution.mv;
        let wrong_defence = (1..=7u8)
            .find(|n| p.solution.defences.iter().all(|d| d.mv != *n))
            .unwrap();
        let e = judge(p, &[key, wrong_defence]).unwrap_err();
        assert_eq!(e.code_word(), "bad_line");
        assert_eq!(judge(p, &[0]).unwrap_err().code_word(), "bad_line");
        assert_eq!(judge(p, &[key; 65]).unwrap_err().code_word(), "bad_line");
        let illegal = (1..=7u8).find(|&n| p.solution.values[usize::from(n) - 1].is_none());
        if let Some(n) = illegal {
            assert_eq!(judge(p, &[n]).unwrap_err().code_word(), "bad_line");
        }
    }
}
