//! The answers that need no search: a position without moves, the endgame table, a repetition
//! on the line being searched (an endless line) and the table of proven bounds.

use super::answer::{Answer, NO_CYCLE};
use super::api::Solver;
use super::key::{key_of, Key};
use rajapasu_engine::{Position, Side};

impl Solver {
    /// The answer of [`Solver::ge`] that needs no search, if there is one (`Err`), `v` being
    /// within the counters left: a position without moves (`stuck`), the endgame table, an
    /// endless line or the table of proven bounds. Otherwise the position's key and the move that proved it
    /// before (0: none).
    #[inline]
    pub(super) fn settled(
        &self,
        pos: &Position,
        favoured: Side,
        v: i32,
        stuck: bool,
        ply: usize,
        layer_start: usize,
    ) -> Result<(Key, u8), (Answer, usize)> {
        let t = pos.on_board() as i32;
        let answer = |yes: bool| if yes { Answer::Yes } else { Answer::No };
        if stuck {
            // Rule 8(a): the opponent takes the t counters left, and v > -t.
            return Err((Answer::No, NO_CYCLE));
        }
        let mover = pos.to_move();
        if let Some(values) = self.endgame.as_ref().and_then(|t| t.probe(pos)) {
            // The table holds both games' values, history-free like every stored bound.
            let value = i32::from(if mover == favoured {
                values.upper
            } else {
                values.lower
            });
            return Err((answer(value >= v), NO_CYCLE));
        }
        let key = key_of(pos, favoured);
        if let Some(i) = (layer_start..ply).find(|&i| self.path[i] == key) {
            // An endless line: every counter left goes to the favoured side.
            let value = if mover == favoured { t } else { -t };
            return Err((answer(value >= v), i));
        }
        match self.table.get(&key) {
            Some(e) if i32::from(e.lower) >= v => Err((Answer::Yes, NO_CYCLE)),
            Some(e) if i32::from(e.upper) < v => Err((Answer::No, NO_CYCLE)),
            Some(e) => Ok((key, e.best)),
            None => Ok((key, 0)),
        }
    }
}
