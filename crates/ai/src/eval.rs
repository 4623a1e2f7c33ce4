//! Static evaluation: the capture difference plus a few board features.
//!
//! Scores are integers in tenths of a counter ([`SCALE`] units) from the point of view of the
//! player to move.

use rajapasu_engine::{Mode, Position, Side};

/// Internal score units per counter.
pub const SCALE: i32 = 10;

/// Weights of the evaluation, in tenths of a counter per unit of each feature.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Eval {
    /// Per counter on the mover's row minus the opponent's row, single-round play.
    pub row: i32,
    /// The same in match play. At a refill the counters of a row are its owner's holdings, so a
    /// full counter ([`SCALE`]) keeps the score continuous across round ends.
    pub row_match: i32,
    /// Per hole holding 3 in the mover's row minus the opponent's (fours go to the row owner).
    pub threes: i32,
    /// Per non-empty open hole of the mover minus the opponent's (moves available).
    pub mobility: i32,
}

impl Eval {
    /// The capture difference alone (in match play: the difference of holdings, that is reserve
    /// plus captures plus the counters on one's own row).
    pub const PLAIN: Eval = Eval {
        row: 0,
        row_match: SCALE,
        threes: 0,
        mobility: 0,
    };

    /// The weights the levels use.
    /// Measured by self-play (docs/STRENGTH.md): these features win about 40 Elo at depth 3 and
    /// are neutral at depth 6 and beyond.
    pub const TUNED: Eval = Eval {
        row: 2,
        row_match: SCALE,
        threes: 4,
        mobility: 5,
    };

    /// The score of `pos` for the player to move, in [`SCALE`] units.
    #[inline]
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let me = pos.to_move();
        let opp = !me;
        let mut s = SCALE * pos.lead(me);
        let row_w = if pos.rules().mode == Mode::Match {
            s += SCALE * (pos.reserve(me) as i32 - pos.reserve(opp) as i32);
            self.row_match
        } else {
            self.row
        };
        if row_w != 0 {
            s += row_w * (pos.on_row(me) as i32 - pos.on_row(opp) as i32);
        }
        if self.threes != 0 || self.mobility != 0 {
            let (t_me, m_me) = row_features(pos, me);
            let (t_op, m_op) = row_features(pos, opp);
            s += self.threes * (t_me - t_op) + self.mobility * (m_me - m_op);
        }
        s
    }
}

impl Eval {
    /// [`Eval::evaluate`] seen by `side` rather than by the player to move.
    pub fn evaluate_for(&self, pos: &Position, side: Side) -> i32 {
        let v = self.evaluate(pos);
        if pos.to_move() == side {
            v
        } else {
            -v
        }
    }

    /// The weight called `name` (`row`, `row_match`, `threes` or `mobility`, as player specs
    /// write them), if there is one.
    ///
    /// ```
    /// use rajapasu_ai::eval::Eval;
    /// let mut eval = Eval::TUNED;
    /// *eval.weight_mut("threes").unwrap() = 6;
    /// assert_eq!(eval.weight("threes"), Some(6));
    /// assert_eq!(eval.weight("speed"), None);
    /// ```
    pub fn weight(&self, name: &str) -> Option<i32> {
        let mut copy = *self;
        copy.weight_mut(name).map(|w| *w)
    }

    /// The weight called `name`, to change it.
    pub fn weight_mut(&mut self, name: &str) -> Option<&mut i32> {
        Some(match name {
            "row" => &mut self.row,
            "row_match" => &mut self.row_match,
            "threes" => &mut self.threes,
            "mobility" => &mut self.mobility,
            _ => return None,
        })
    }
}

impl Default for Eval {
    fn default() -> Eval {
        Eval::TUNED
    }
}

/// Holes holding exactly 3, and non-empty open holes, in `side`'s row.
#[inline]
fn row_features(pos: &Position, side: Side) -> (i32, i32) {
    let mut threes = 0;
    let mut nonempty = 0;
    for c in pos.row(side).flatten() {
        threes += i32::from(c == 3);
        nonempty += i32::from(c > 0);
    }
    (threes, nonempty)
}
