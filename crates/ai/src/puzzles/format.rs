//! A puzzle as it is stored: one JSON object a line (docs/PUZZLES.md), read and written with
//! serde, and checked for shape when read.

use super::theme::Theme;
use rajapasu_engine::{Game, Move, Position, Rules};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Moves a position has at most (holes a row), and so the length of [`Step::values`].
pub const MOVES: usize = 7;

/// One puzzle: a position, its proven solution and what was learnt about it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Puzzle {
    /// A stable name, from the rule set and the position (`P` and twelve hex digits).
    pub id: String,
    /// The rule set of the game the position comes from, as `rajapasu rules` writes it:
    /// `canonical/mode=round` for a single round, `canonical` for a position of a match (whose
    /// code carries the reserves and the round). Either way the puzzle is the round alone
    /// ([`Puzzle::game`]); sets written before labelled match positions `canonical/mode=round`
    /// too, which reads the same.
    pub rules: String,
    /// The position code (RULES.md section 2). The puzzle starts with no history before it.
    pub position: String,
    /// The solution: the key move and what follows.
    pub solution: Step,
    /// The key move's lead over the second-best move, in counters.
    pub margin: i32,
    /// The margin asked of every solver move of the solution (the generator's `--margin`):
    /// each leads the second-best move by at least this.
    pub margin_asked: i32,
    /// What the solution shows, read from its moves' trace events.
    pub themes: Vec<Theme>,
    /// The moves a one-move greedy player would play (the largest immediate capture difference).
    pub greedy: Vec<u8>,
    /// Whether the key move is among them: a greedy player could solve the puzzle.
    pub easy: bool,
    /// Where the position was found (`selfplay:…`, `match:…`, a record file).
    pub source: String,
    /// The starting rating (Glicko-2 scale).
    pub rating: u32,
}

/// A position of the solution with the solver's side to move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Step {
    /// The move to find: the unique proven best.
    #[serde(rename = "move")]
    pub mv: u8,
    /// Each move's proven final capture difference of the round for the player to move, with
    /// best play after it: index 0 is move 1; `None` for a move that is not legal.
    pub values: Vec<Option<i32>>,
    /// The opponent's proven best defences, every one of them, each with the step after it;
    /// empty where the solution ends.
    pub defences: Vec<Defence>,
}

/// One of the opponent's equally good best replies, and the solver's next step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Defence {
    /// The reply.
    #[serde(rename = "move")]
    pub mv: u8,
    /// The solver's next step.
    pub then: Step,
}

impl Step {
    /// The proven value of the best move.
    pub fn best_value(&self) -> Option<i32> {
        self.values
            .get(usize::from(self.mv).checked_sub(1)?)
            .copied()
            .flatten()
    }

    /// The longest line of the solver's moves from here (1 for a step with no defences).
    pub fn depth(&self) -> usize {
        1 + self
            .defences
            .iter()
            .map(|d| d.then.depth())
            .max()
            .unwrap_or(0)
    }

    /// Every step of the tree, this one first.
    pub fn steps(&self) -> Vec<&Step> {
        let mut out = vec![self];
        for d in &self.defences {
            out.extend(d.then.steps());
        }
        out
    }
}

/// Why a line is not a puzzle.
#[derive(Debug)]
pub enum FormatError {
    /// Not JSON of a puzzle.
    Json {
        /// The line, from 1.
        line: usize,
        /// What serde said.
        error: serde_json::Error,
    },
    /// The rule set is not one this program knows.
    Rules {
        /// The line, from 1.
        line: usize,
        /// The text.
        rules: String,
    },
    /// The position code is not valid for the rule set.
    Position {
        /// The line, from 1.
        line: usize,
        /// The text.
        position: String,
    },
    /// A move of the solution is not a legal move where it is played, or a step's values do
    /// not have one entry a move.
    Solution {
        /// The line, from 1.
        line: usize,
        /// What is wrong.
        problem: &'static str,
    },
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FormatError::Json { line, error } => write!(f, "line {line}: not a puzzle: {error}"),
            FormatError::Rules { line, rules } => {
                write!(f, "line {line}: unknown rule set {rules:?}")
            }
            FormatError::Position { line, position } => {
                write!(
                    f,
                    "line {line}: {position:?} is not a valid position of its rule set"
                )
            }
            FormatError::Solution { line, problem } => write!(f, "line {line}: {problem}"),
        }
    }
}

impl std::error::Error for FormatError {}

impl Puzzle {
    /// The puzzle's start as a game with no history: its round alone, whatever mode the label
    /// names.
    ///
    /// ```
    /// use rajapasu_ai::puzzles::read_lines;
    /// let line = r#"{"id":"P0","rules":"canonical","position":"0,1,0,0,0,1,1/x,x,x,0,0,0,1 S 38 35 19 2 5","solution":{"move":6,"values":[null,0,null,null,null,2,-2],"defences":[]},"margin":2,"margin_asked":2,"themes":[],"greedy":[],"easy":false,"source":"","rating":1100}"#;
    /// let puzzle = &read_lines(line).unwrap()[0];
    /// let game = puzzle.game().unwrap();
    /// assert_eq!(game.rules().to_string(), "canonical/mode=round");
    /// assert_eq!(game.position().round(), 5);
    /// ```
    pub fn game(&self) -> Result<Game, FormatError> {
        self.game_at(0)
    }

    fn game_at(&self, line: usize) -> Result<Game, FormatError> {
        let rules: Rules = self.rules.parse().map_err(|_| FormatError::Rules {
            line,
            rules: self.rules.clone(),
        })?;
        let rules = rules.single_round();
        let pos =
            Position::from_code(&self.position, rules).map_err(|_| FormatError::Position {
                line,
                position: self.position.clone(),
            })?;
        Ok(Game::from_position(pos))
    }

    /// Checks the shape: the rule set and position read, every move of the solution legal where
    /// it is played, every step with one value a possible move and its key move legal.
    pub fn validate(&self, line: usize) -> Result<(), FormatError> {
        let game = self.game_at(line)?;
        check_step(&game, &self.solution, line)
    }

    /// One line of JSON (no newline).
    pub fn to_line(&self) -> String {
        serde_json::to_string(self).expect("a puzzle always serialises")
    }
}

fn check_step(game: &Game, step: &Step, line: usize) -> Result<(), FormatError> {
    let bad = |problem| FormatError::Solution { line, problem };
    if step.values.len() != game.rules().holes().min(MOVES) {
        return Err(bad("a step's values do not have one entry a hole"));
    }
    let legal = game.legal_moves();
    for (i, v) in step.values.iter().enumerate() {
        let is_legal = legal.iter().any(|m| usize::from(m.number()) == i + 1);
        if v.is_some() != is_legal {
            return Err(bad(
                "a step gives a value to an illegal move or none to a legal one",
            ));
        }
    }
    let mv = Move::new(step.mv)
        .filter(|m| legal.contains(*m))
        .ok_or(bad("a solution move is not legal where it is played"))?;
    let mut after = game.clone();
    after.play(mv);
    for d in &step.defences {
        let reply = Move::new(d.mv)
            .filter(|m| !after.status().is_over() && after.legal_moves().contains(*m))
            .ok_or(bad("a defence is not legal where it is played"))?;
        let mut next = after.clone();
        next.play(reply);
        check_step(&next, &d.then, line)?;
    }
    Ok(())
}

/// Reads puzzles, one JSON object a line (blank lines skipped), each checked for shape.
///
/// ```
/// use rajapasu_ai::puzzles::read_lines;
/// let err = read_lines("{\"id\":1}\n").unwrap_err();
/// assert!(err.to_string().starts_with("line 1: not a puzzle"));
/// ```
pub fn read_lines(text: &str) -> Result<Vec<Puzzle>, FormatError> {
    let mut out = Vec::new();
    for (i, l) in text.lines().enumerate() {
        if l.trim().is_empty() {
            continue;
        }
        let p: Puzzle =
            serde_json::from_str(l).map_err(|error| FormatError::Json { line: i + 1, error })?;
        p.validate(i + 1)?;
        out.push(p);
    }
    Ok(out)
}
