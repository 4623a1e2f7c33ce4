//! How long a search may run: a depth, a time and a node budget, any of them. One type for
//! every search of both games: the two-player alpha-beta search and solver, and Mandiri's
//! paranoid, max^n and Monte Carlo searches.

use std::time::Duration;

/// A search's budget. With none given, the two-player search goes on until it is stopped or
/// solved; the Mandiri searches take [`Limits::or_default`].
///
/// ```
/// use rajapasu_ai::Limits;
/// use std::time::Duration;
/// let l = Limits::depth(4).with_movetime(Duration::from_millis(50));
/// assert_eq!((l.depth, l.movetime), (Some(4), Some(Duration::from_millis(50))));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Limits {
    /// Deepest iteration (moves; MCTS counts iterations in `nodes` instead).
    pub depth: Option<u32>,
    /// Time budget. The two-player search never starts an iteration it is unlikely to finish
    /// in time (by the growth of the last iterations) and abandons one that overruns.
    pub movetime: Option<Duration>,
    /// Node budget (MCTS: iterations).
    pub nodes: Option<u64>,
}

impl Limits {
    /// Deepest iteration `d`, no other limit.
    pub const fn depth(d: u32) -> Limits {
        Limits {
            depth: Some(d),
            movetime: None,
            nodes: None,
        }
    }

    /// `ms` milliseconds a move, no other limit.
    pub const fn movetime_ms(ms: u64) -> Limits {
        Limits {
            depth: None,
            movetime: Some(Duration::from_millis(ms)),
            nodes: None,
        }
    }

    /// These limits with a time budget.
    pub const fn with_movetime(mut self, t: Duration) -> Limits {
        self.movetime = Some(t);
        self
    }

    /// These limits with a node budget.
    pub const fn with_nodes(mut self, n: u64) -> Limits {
        self.nodes = Some(n);
        self
    }

    /// These limits, or 200 ms a move if they set none: the Mandiri searches' default, since an
    /// unlimited search of a long round would not end in any useful time.
    ///
    /// ```
    /// use rajapasu_ai::Limits;
    /// assert_eq!(Limits::default().or_default(), Limits::movetime_ms(200));
    /// assert_eq!(Limits::depth(3).or_default(), Limits::depth(3));
    /// ```
    pub const fn or_default(self) -> Limits {
        match self {
            Limits {
                depth: None,
                movetime: None,
                nodes: None,
            } => Limits::movetime_ms(200),
            l => l,
        }
    }
}
