//! Re-proving a stored puzzle: every value proven again, every claim checked against the proofs.

use super::format::{FormatError, Puzzle, Step};
use super::line::{best_moves, greedy_moves, unique_best};
use super::prove::Prover;
use super::themes::themes;
use crate::book::Unproven;
use rajapasu_engine::{Game, Move};
use std::fmt;

/// Why a stored puzzle does not hold.
#[derive(Debug)]
pub enum CheckError {
    /// Its shape is wrong (see [`Puzzle::validate`]).
    Format(FormatError),
    /// A value could not be proven again within the budget.
    Unproven(Unproven),
    /// A stored value differs from the proven one.
    Value {
        /// The position.
        position: String,
        /// The move, 1 to 7.
        mv: u8,
        /// Stored.
        stored: Option<i32>,
        /// Proven.
        proven: Option<i32>,
    },
    /// A solution move is not the unique best by the puzzle's margin.
    NotUnique {
        /// The position.
        position: String,
    },
    /// The stored margin is not the key move's lead over the second best.
    Margin {
        /// Stored.
        stored: i32,
        /// Proven.
        proven: i32,
    },
    /// The defences listed are not exactly the opponent's best replies.
    Defences {
        /// The position after the solver's move.
        position: String,
        /// Listed.
        stored: Vec<u8>,
        /// Proven best.
        proven: Vec<u8>,
    },
    /// The themes, greedy moves or easy mark are not what the solution shows.
    Tags {
        /// Which.
        field: &'static str,
    },
}

impl fmt::Display for CheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let show = |v: &Option<i32>| v.map_or("illegal".to_string(), |v| format!("{v:+}"));
        match self {
            CheckError::Format(e) => write!(f, "{e}"),
            CheckError::Unproven(u) => write!(f, "{u}"),
            CheckError::Value {
                position,
                mv,
                stored,
                proven,
            } => write!(
                f,
                "{position}: move {mv} is stored as {} but proven {}",
                show(stored),
                show(proven)
            ),
            CheckError::NotUnique { position } => {
                write!(
                    f,
                    "{position}: the solution move is not the unique best by the margin"
                )
            }
            CheckError::Margin { stored, proven } => {
                write!(f, "the margin is stored as {stored} but proven {proven}")
            }
            CheckError::Defences {
                position,
                stored,
                proven,
            } => write!(
                f,
                "{position}: the defences listed are {stored:?}, the proven best replies {proven:?}"
            ),
            CheckError::Tags { field } => {
                write!(f, "the {field} are not what the solution shows")
            }
        }
    }
}

impl std::error::Error for CheckError {}

impl From<Unproven> for CheckError {
    fn from(u: Unproven) -> CheckError {
        CheckError::Unproven(u)
    }
}

/// Proves every value of `puzzle` again with `prover` and checks each claim: the values, each
/// solver move the unique best by the margin asked (the key move by exactly the stored margin),
/// the defences exactly the opponent's best replies, the themes and the greedy moves.
pub fn check(puzzle: &Puzzle, prover: &mut Prover) -> Result<(), CheckError> {
    puzzle.validate(0).map_err(CheckError::Format)?;
    let game = puzzle.game().map_err(CheckError::Format)?;
    let values = prover.values(&game)?;
    let asked = puzzle.margin_asked.max(1);
    let (_, lead) = unique_best(&values, asked).ok_or(CheckError::NotUnique {
        position: puzzle.position.clone(),
    })?;
    if lead != puzzle.margin {
        return Err(CheckError::Margin {
            stored: puzzle.margin,
            proven: lead,
        });
    }
    check_step(&game, &puzzle.solution, values, asked, prover)?;
    if themes(&game, &puzzle.solution) != puzzle.themes {
        return Err(CheckError::Tags { field: "themes" });
    }
    let greedy = greedy_moves(&game);
    if greedy != puzzle.greedy {
        return Err(CheckError::Tags {
            field: "greedy moves",
        });
    }
    if greedy.contains(&puzzle.solution.mv) != puzzle.easy {
        return Err(CheckError::Tags { field: "easy mark" });
    }
    Ok(())
}

fn check_step(
    game: &Game,
    step: &Step,
    values: Vec<Option<i32>>,
    margin: i32,
    prover: &mut Prover,
) -> Result<(), CheckError> {
    let position = game.position().to_string();
    if let Some(i) = (0..values.len()).find(|&i| values[i] != step.values[i]) {
        return Err(CheckError::Value {
            position,
            mv: i as u8 + 1,
            stored: step.values[i],
            proven: values[i],
        });
    }
    if unique_best(&values, margin).map(|(m, _)| m) != Some(step.mv) {
        return Err(CheckError::NotUnique { position });
    }
    if step.defences.is_empty() {
        return Ok(());
    }
    let mut after = game.clone();
    after.play(Move::new(step.mv).expect("checked legal"));
    let proven = best_moves(&prover.values(&after)?);
    let stored: Vec<u8> = step.defences.iter().map(|d| d.mv).collect();
    if stored != proven {
        return Err(CheckError::Defences {
            position: after.position().to_string(),
            stored,
            proven,
        });
    }
    for d in &step.defences {
        let mut next = after.clone();
        next.play(Move::new(d.mv).expect("checked legal"));
        let values = prover.values(&next)?;
        check_step(&next, &d.then, values, margin, prover)?;
    }
    Ok(())
}
