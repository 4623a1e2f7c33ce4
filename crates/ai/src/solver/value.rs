//! What the solver proves: the two games whose values bound the true value ([`Endless`]),
//! bounds on a value ([`Bounds`]), and the counters a move gains ([`gain`]).

use rajapasu_engine::{Position, Setup, Side};

/// Whom an endless line (one that never leaves its layer) is scored for: the two games whose
/// values bound the true value. Relative to the player to move of the position solved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Endless {
    /// The opponent takes every counter left: the lower bound of the true value.
    Opponent,
    /// The player to move takes every counter left: the upper bound.
    Mover,
}

/// Proven bounds on a value: counters the player to move captures from now on, minus those the
/// opponent captures. `lower == upper` is an exact value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Bounds {
    /// The value is at least this.
    pub lower: i32,
    /// The value is at most this.
    pub upper: i32,
}

impl Bounds {
    /// Everything possible with `t` counters on the board: `[-t, t]`.
    pub fn unknown(t: u32) -> Bounds {
        Bounds {
            lower: -(t as i32),
            upper: t as i32,
        }
    }

    /// The exact value, if proven.
    ///
    /// ```
    /// use rajapasu_ai::solver::Bounds;
    /// assert_eq!(Bounds { lower: 3, upper: 3 }.exact(), Some(3));
    /// assert_eq!(Bounds { lower: 1, upper: 3 }.exact(), None);
    /// ```
    pub fn exact(self) -> Option<i32> {
        (self.lower == self.upper).then_some(self.lower)
    }

    /// The bounds seen by the opponent after a move that gained `gain` counters for the mover:
    /// the mover's value of the move is `gain` minus the opponent's value of the result.
    pub fn after(self, gain: i32) -> Bounds {
        Bounds {
            lower: gain - self.upper,
            upper: gain - self.lower,
        }
    }
}

/// The counters `mover` gained by the move from `before` to `after`, minus the opponent's.
///
/// ```
/// use rajapasu_ai::solver::gain;
/// use rajapasu_engine::{Move, Position, Rules, Side};
/// let before: Position = "0,1,0,2,0,0,3/0,0,1,0,3,0,2 S 40 46".parse().unwrap();
/// let mut after = before;
/// after.play(Move::new(2).unwrap()); // South captures the 3 of N5 (RULES.md, example 2)
/// assert_eq!(gain(&before, &after, Side::South), 3);
/// ```
#[inline]
pub fn gain(before: &Position, after: &Position, mover: Side) -> i32 {
    after.lead(mover) - before.lead(mover)
}

/// `pos` played as a single round (`mode=round`): the round alone, as the solver sees it, the
/// board, captures and player to move unchanged.
///
/// ```
/// use rajapasu_ai::solver::round_alone;
/// use rajapasu_engine::{Position, Rules};
/// let start = Position::start(Rules::default());
/// let alone = round_alone(&start).unwrap();
/// assert_eq!(alone.counts(), start.counts());
/// assert_eq!(*alone.rules(), Rules::default().single_round());
/// ```
pub fn round_alone(pos: &Position) -> Option<Position> {
    Position::from_setup(Setup {
        rules: pos.rules().single_round(),
        ..pos.to_setup()
    })
    .ok()
}
