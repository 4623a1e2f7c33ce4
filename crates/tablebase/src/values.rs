//! A position's values in the table: bounds that meet where the value is exact.

/// A position's two values, for the player to move (see the crate docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Values {
    /// Endless lines go to the opponent: a lower bound of the true value.
    pub lower: i8,
    /// Endless lines go to the player to move: an upper bound.
    pub upper: i8,
}

impl Values {
    /// The exact value, where the two meet.
    pub fn exact(self) -> Option<i8> {
        (self.lower == self.upper).then_some(self.lower)
    }
}
