//! Proven values of every legal move, the only values a puzzle is made of: the solver
//! ([`crate::solver`]) with the endgame table as its exact leaves when there is one, through
//! the opening book's [`crate::book::prove`]. A move whose value is not proven within the
//! budget makes the whole position refused: nothing estimated is ever used.

use crate::book::{move_bounds, prove, Unproven};
use crate::solver::{Bounds, Solver};
use crate::Limits;
use rajapasu_engine::{Game, Rules};
use rajapasu_tablebase::Tablebase;
use std::sync::Arc;

/// Proves the values of moves, keeping the solver's proven bounds between positions of one
/// rule set.
pub struct Prover {
    solver: Solver,
    limits: Limits,
    rules: Option<Rules>,
    /// Nodes searched by every proof so far.
    pub nodes: u64,
}

/// Bits of the solver's table: 2^20 entries, 24 MB.
const TABLE_BITS: u32 = 20;

impl Prover {
    /// A prover with `table` as exact leaves (none: the solver alone) and a budget of `nodes`
    /// nodes for each move's proof.
    pub fn new(table: Option<Arc<Tablebase>>, nodes: u64) -> Prover {
        let mut solver = Solver::new(TABLE_BITS);
        solver.set_table(table);
        Prover {
            solver,
            limits: Limits {
                nodes: Some(nodes),
                ..Limits::default()
            },
            rules: None,
            nodes: 0,
        }
    }

    /// Each move's proven final capture difference of the round for the player to move (the
    /// captures so far included), with best play after it: index 0 is move 1, `None` for an
    /// illegal move. The first move not proven is the error.
    ///
    /// ```
    /// use rajapasu_ai::puzzles::Prover;
    /// use rajapasu_engine::{Game, Rules};
    /// let rules = Rules::default().single_round();
    /// // South's 6 takes the 2 of N2, then North has no move and South takes the last counter.
    /// let game = Game::from_code("0,0,0,0,0,1,0/0,2,0,0,0,0,0 S 60 35", rules).unwrap();
    /// let values = Prover::new(None, 100_000).values(&game).unwrap();
    /// assert_eq!(values[5], Some(60 + 3 - 35));
    /// assert_eq!(values[0], None);
    /// ```
    pub fn values(&mut self, game: &Game) -> Result<Vec<Option<i32>>, Unproven> {
        self.keep_rules(game);
        let entry = prove(game, &mut self.solver, &self.limits);
        self.nodes += self.solver.nodes();
        let entry = entry?;
        let pos = game.position();
        let now = pos.lead(pos.to_move());
        Ok(entry.gains[..game.rules().holes().min(entry.gains.len())]
            .iter()
            .map(|g| g.map(|g| now + i32::from(g)))
            .collect())
    }

    /// The bounds proven on each move's final capture difference of the round for the player
    /// to move (as [`Prover::values`] counts it), each move's proof within `limits`:
    /// index 0 is move 1, `None` for an illegal move. Never fails: a move the budget did not
    /// settle keeps a gap between its bounds. (These searches are not counted in `nodes`.)
    ///
    /// ```
    /// use rajapasu_ai::puzzles::Prover;
    /// use rajapasu_engine::{Game, Rules};
    /// let rules = Rules::default().single_round();
    /// let game = Game::from_code("0,0,0,0,0,1,0/0,2,0,0,0,0,0 S 60 35", rules).unwrap();
    /// let bounds = Prover::new(None, 0).bounds(&game, &rajapasu_ai::Limits { nodes: Some(100_000), ..Default::default() });
    /// assert_eq!(bounds[5].unwrap().exact(), Some(60 + 3 - 35));
    /// assert_eq!(bounds[0], None);
    /// ```
    pub fn bounds(&mut self, game: &Game, limits: &Limits) -> Vec<Option<Bounds>> {
        self.keep_rules(game);
        let pos = game.position();
        let now = pos.lead(pos.to_move());
        let mut out = vec![None; game.rules().holes()];
        for (m, b) in move_bounds(game, &mut self.solver, limits) {
            out[usize::from(m.number()) - 1] = Some(Bounds {
                lower: now + b.lower,
                upper: now + b.upper,
            });
        }
        out
    }

    /// Proven bounds hold for one rule set only: a new rule set starts the solver afresh.
    fn keep_rules(&mut self, game: &Game) {
        if self.rules != Some(*game.rules()) {
            self.solver.clear();
            self.rules = Some(*game.rules());
        }
    }
}
