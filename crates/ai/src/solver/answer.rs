//! The answer of a null-window test, and the mark of a proof that rests on no repetition.

/// The answer to "is the value at least `v`?".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Answer {
    Yes,
    No,
    Unknown,
}

/// No repetition: a proof that rests on no position above it.
pub(super) const NO_CYCLE: usize = usize::MAX;
