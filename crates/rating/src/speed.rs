//! How fast a game is, and which speed a clock is rated at: one rule for every clock, as
//! lichess classifies its games by their estimated duration. docs/RATINGS.md gives the
//! measurements behind the numbers.
//!
//! A real-time clock of `base` seconds and `increment` seconds a move is expected to last
//! `base + MOVES_A_GAME × increment` seconds for each player ([`Clock::estimated_secs`]):
//! lichess counts 40 moves, a chess game's; a player makes about 60 in a Raja Pasu match
//! (self-play between the levels: 48 to 108, and 63 at level 2), so the increment weighs more
//! here. Below [`RAPID_FROM_SECS`] (12 minutes) a clock is blitz, from it rapid; days a move
//! are correspondence.
//!
//! - **Faster than blitz (bullet) is blitz.** Lichess's bullet, under 4.5 s a move on average,
//!   is under 4.5 minutes here (`1+0`, `2+1`); a separate pool would be too thin to rate anyone
//!   on a server of few players, and refusing rated bullet would leave its players nothing.
//! - **Slower than rapid (classical) is rapid**, for the same reason: lichess's classical
//!   starts at 37.5 s a move, 37.5 minutes here, beyond every clock the lobby offers.

use std::fmt;

/// How fast a pool's games are.
///
/// ```
/// use rajapasu_rating::{Clock, Speed};
/// assert_eq!(Clock::realtime(3, 2).speed(), Speed::Blitz);
/// assert_eq!(Clock::realtime(15, 10).speed(), Speed::Rapid);
/// assert_eq!(Clock::DaysPerMove(1).speed(), Speed::Correspondence);
/// assert_eq!(Speed::Rapid.name(), "rapid");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "lowercase")
)]
pub enum Speed {
    /// A real-time clock expected to last under 12 minutes a player (bullet too).
    // `realtime`, the one real-time speed before blitz and rapid were told apart, reads as
    // blitz: the lobby's first clocks (3+2, 5+3) are.
    #[cfg_attr(feature = "serde", serde(alias = "realtime"))]
    Blitz,
    /// A real-time clock expected to last 12 minutes a player or more.
    Rapid,
    /// Days a move.
    Correspondence,
}

/// The moves a player makes in a typical game: a Raja Pasu match, measured by self-play
/// (docs/RATINGS.md). Lichess's multiplier for chess is 40.
pub const MOVES_A_GAME: u64 = 60;

/// The estimated duration, in seconds a player, from which a real-time clock is rapid: 12
/// minutes, lichess's 12 s a move (its blitz ends at 8 minutes of 40 moves) over 60 moves.
pub const RAPID_FROM_SECS: u64 = 12 * 60;

/// The speeds' names, in one place.
const SPEEDS: [(Speed, &str); 3] = [
    (Speed::Blitz, "blitz"),
    (Speed::Rapid, "rapid"),
    (Speed::Correspondence, "correspondence"),
];

/// The name of the one real-time speed before blitz and rapid were told apart; it reads as
/// [`Speed::Blitz`].
pub const OLD_REALTIME: &str = "realtime";

impl Speed {
    /// Every speed, fastest first.
    pub const ALL: [Speed; 3] = [Speed::Blitz, Speed::Rapid, Speed::Correspondence];

    /// The speed's name in a pool's name.
    pub fn name(self) -> &'static str {
        SPEEDS
            .iter()
            .find(|(s, _)| *s == self)
            .map(|(_, n)| *n)
            .unwrap_or_default()
    }

    /// The speed called `name`; `realtime`, the name before blitz and rapid, reads as blitz.
    ///
    /// ```
    /// use rajapasu_rating::Speed;
    /// assert_eq!(Speed::named("rapid"), Some(Speed::Rapid));
    /// assert_eq!(Speed::named("realtime"), Some(Speed::Blitz));
    /// assert_eq!(Speed::named("bullet"), None);
    /// ```
    pub fn named(name: &str) -> Option<Speed> {
        if name == OLD_REALTIME {
            return Some(Speed::Blitz);
        }
        SPEEDS.iter().find(|(_, n)| *n == name).map(|(s, _)| *s)
    }
}

impl fmt::Display for Speed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A clock as the classification sees it: a real-time clock (base time and increment) or days
/// a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clock {
    /// Seconds each for the game, and seconds added after each move.
    Realtime {
        /// The base time, seconds.
        base_secs: u64,
        /// The increment, seconds a move.
        increment_secs: u64,
    },
    /// Days a move.
    DaysPerMove(u64),
}

impl Clock {
    /// A real-time clock written as the lobby writes it: `minutes+increment`.
    pub fn realtime(minutes: u64, increment_secs: u64) -> Clock {
        Clock::Realtime {
            base_secs: minutes.saturating_mul(60),
            increment_secs,
        }
    }

    /// How long a real-time game is expected to last, in seconds a player: the base time and
    /// [`MOVES_A_GAME`] increments. None for days a move.
    ///
    /// ```
    /// use rajapasu_rating::Clock;
    /// assert_eq!(Clock::realtime(5, 3).estimated_secs(), Some(300 + 60 * 3));
    /// assert_eq!(Clock::DaysPerMove(3).estimated_secs(), None);
    /// ```
    pub fn estimated_secs(self) -> Option<u64> {
        match self {
            Clock::Realtime {
                base_secs,
                increment_secs,
            } => Some(base_secs.saturating_add(increment_secs.saturating_mul(MOVES_A_GAME))),
            Clock::DaysPerMove(_) => None,
        }
    }

    /// The speed the clock is rated at: blitz under [`RAPID_FROM_SECS`] expected, rapid from
    /// it, correspondence for days a move.
    ///
    /// ```
    /// use rajapasu_rating::{Clock, Speed};
    /// // The lobby's clocks.
    /// for (m, i, speed) in [(3, 2, Speed::Blitz), (5, 3, Speed::Blitz), (10, 5, Speed::Rapid), (15, 10, Speed::Rapid)] {
    ///     assert_eq!(Clock::realtime(m, i).speed(), speed, "{m}+{i}");
    /// }
    /// // Bullet is rated as blitz; the boundary itself is rapid.
    /// assert_eq!(Clock::realtime(1, 0).speed(), Speed::Blitz);
    /// assert_eq!(Clock::realtime(12, 0).speed(), Speed::Rapid);
    /// ```
    pub fn speed(self) -> Speed {
        match self.estimated_secs() {
            None => Speed::Correspondence,
            Some(secs) if secs < RAPID_FROM_SECS => Speed::Blitz,
            Some(_) => Speed::Rapid,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Either side of 12 minutes, by the base and by the increment.
    #[test]
    fn boundaries() {
        assert_eq!(Clock::realtime(11, 0).speed(), Speed::Blitz);
        assert_eq!(Clock::realtime(12, 0).speed(), Speed::Rapid);
        assert_eq!(Clock::realtime(10, 1).speed(), Speed::Blitz);
        assert_eq!(Clock::realtime(10, 2).speed(), Speed::Rapid);
        assert_eq!(Clock::realtime(0, 11).speed(), Speed::Blitz);
        assert_eq!(Clock::realtime(0, 12).speed(), Speed::Rapid);
        let just_under = Clock::Realtime {
            base_secs: RAPID_FROM_SECS - 1,
            increment_secs: 0,
        };
        assert_eq!(just_under.speed(), Speed::Blitz);
    }

    /// The slowest and fastest clocks there are: bullet is blitz, three hours rapid, no
    /// overflow however large.
    #[test]
    fn extremes() {
        assert_eq!(Clock::realtime(1, 0).speed(), Speed::Blitz);
        assert_eq!(Clock::realtime(0, 0).speed(), Speed::Blitz);
        assert_eq!(Clock::realtime(180, 180).speed(), Speed::Rapid);
        assert_eq!(Clock::realtime(u64::MAX, u64::MAX).speed(), Speed::Rapid);
        assert_eq!(Clock::DaysPerMove(7).speed(), Speed::Correspondence);
    }

    /// Every name reads back; the old real-time name reads as blitz and is never written.
    #[test]
    fn names() {
        for s in Speed::ALL {
            assert_eq!(Speed::named(s.name()), Some(s));
            assert_ne!(s.name(), OLD_REALTIME);
        }
        assert_eq!(Speed::named(OLD_REALTIME), Some(Speed::Blitz));
        assert_eq!(Speed::named("Blitz"), None);
    }
}
