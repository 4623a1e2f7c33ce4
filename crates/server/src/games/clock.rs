//! The game clock, written once for both games over their [`Player`]: real-time controls
//! with an increment and correspondence controls of days a move. Pure: no timer and no reading
//! of the system clock. Whoever holds the game passes the time ([`At`]) to every call, so
//! tests drive it with a clock of their own and the server with the system's.
//!
//! - **The deadline is absolute.** The player to move runs out of time at a moment stored with
//!   the game ([`GameClock::deadline`]), not as time left, so a restarted server, or another
//!   instance, finds every clock where it was and can flag it at that moment without anyone
//!   connected.
//! - **The flag falls at the deadline.** At the deadline exactly, the player to move has no time
//!   left: [`GameClock::flagged`] names them and a move then is refused. A move that arrives
//!   before the deadline is never lost to lag.
//! - **Lag is compensated within a bound** (real-time only; a day a move needs none). As on
//!   lichess, each player has a quota of lag the server forgives: a move's lag (what the client
//!   claims, never more than the round trip the server measured to it:
//!   [`super::round_trip`]) is taken off the time charged up to the quota, which then refills by a gain
//!   each move and never holds more than seven gains. The gain is a second in every preset (a
//!   little less in games under five minutes with their increments: [`LagQuota`]), so a player
//!   is forgiven at most a second a move on average, and never more than seven at once.
//! - **Downtime is not charged.** The server notes when it is last alive; on start it calls
//!   [`GameClock::resume`] with that moment, and every running clock's deadline moves on by the
//!   time the server was down. A deadline that had passed before the server stopped stays
//!   where it was: that flag falls as soon as the server is back.

use super::player::Player;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A moment: milliseconds since 1970 (UTC).
#[derive(Serialize, Deserialize, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
#[serde(transparent)]
pub struct At(pub u64);

impl At {
    /// `ms` milliseconds later.
    pub fn plus(self, ms: u64) -> At {
        At(self.0.saturating_add(ms))
    }

    /// Milliseconds from `earlier` to this moment; none if `earlier` is later (a system clock
    /// stepped back charges nothing).
    pub fn since(self, earlier: At) -> u64 {
        self.0.saturating_sub(earlier.0)
    }
}

const SECOND: u64 = 1000;
const DAY: u64 = 24 * 3600 * SECOND;

/// Days a move in a correspondence game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Days {
    /// One day a move.
    One = 1,
    /// Three days a move.
    Three = 3,
    /// Seven days a move.
    Seven = 7,
}

/// A time control. Written `3+2` (three minutes each and two seconds a move) or `3d` (three
/// days a move), in requests and in the store.
///
/// ```
/// use rajapasu_server::games::clock::{Control, Days};
/// let blitz: Control = "3+2".parse().unwrap();
/// assert_eq!(blitz, Control::Realtime { minutes: 3, increment_secs: 2 });
/// assert_eq!("7d".parse::<Control>().unwrap(), Control::Correspondence(Days::Seven));
/// assert!("0+2".parse::<Control>().is_err() && "2d".parse::<Control>().is_err());
/// assert_eq!(blitz.to_string(), "3+2");
/// ```
#[derive(Serialize, Deserialize, Clone, Copy, PartialEq, Eq, Debug)]
#[serde(try_from = "String", into = "String")]
pub enum Control {
    /// Minutes for the game and seconds added after each move (Fischer increment).
    Realtime {
        /// Minutes each, from 1 to [`Control::MAX_MINUTES`].
        minutes: u16,
        /// Seconds added after each move, up to [`Control::MAX_INCREMENT`].
        increment_secs: u16,
    },
    /// Days a move: each move sets the next player's time to the full allowance.
    Correspondence(Days),
}

impl Control {
    /// The longest real-time game: three hours each.
    pub const MAX_MINUTES: u16 = 180;
    /// The largest increment: three minutes.
    pub const MAX_INCREMENT: u16 = 180;

    /// The named presets: 3+2, 5+3, 10+5, 15+10, then 1, 3 and 7 days a move.
    pub const PRESETS: [Control; 7] = [
        Control::Realtime {
            minutes: 3,
            increment_secs: 2,
        },
        Control::Realtime {
            minutes: 5,
            increment_secs: 3,
        },
        Control::Realtime {
            minutes: 10,
            increment_secs: 5,
        },
        Control::Realtime {
            minutes: 15,
            increment_secs: 10,
        },
        Control::Correspondence(Days::One),
        Control::Correspondence(Days::Three),
        Control::Correspondence(Days::Seven),
    ];

    /// A real-time control, checked.
    pub fn realtime(minutes: u16, increment_secs: u16) -> Result<Control, BadControl> {
        if !(1..=Control::MAX_MINUTES).contains(&minutes) || increment_secs > Control::MAX_INCREMENT
        {
            return Err(BadControl(format!("{minutes}+{increment_secs}")));
        }
        Ok(Control::Realtime {
            minutes,
            increment_secs,
        })
    }

    /// Each player's time at the start, and after each correspondence move, in milliseconds.
    pub fn allowance(self) -> u64 {
        match self {
            Control::Realtime { minutes, .. } => u64::from(minutes) * 60 * SECOND,
            Control::Correspondence(days) => days as u64 * DAY,
        }
    }

    /// The time added after a move, in milliseconds (none in correspondence).
    pub fn increment(self) -> u64 {
        match self {
            Control::Realtime { increment_secs, .. } => u64::from(increment_secs) * SECOND,
            Control::Correspondence(_) => 0,
        }
    }

    /// True for days a move.
    pub fn is_correspondence(self) -> bool {
        matches!(self, Control::Correspondence(_))
    }

    /// The speed a game at this control is rated at, by the rating crate's one rule
    /// ([`rajapasu_rating::Clock::speed`]).
    ///
    /// ```
    /// use rajapasu_rating::Speed;
    /// use rajapasu_server::games::clock::Control;
    /// let speed = |c: &str| c.parse::<Control>().unwrap().speed();
    /// assert_eq!((speed("3+2"), speed("15+10"), speed("1d")), (Speed::Blitz, Speed::Rapid, Speed::Correspondence));
    /// ```
    pub fn speed(self) -> rajapasu_rating::Speed {
        match self {
            Control::Realtime {
                minutes,
                increment_secs,
            } => rajapasu_rating::Clock::realtime(minutes.into(), increment_secs.into()),
            Control::Correspondence(days) => rajapasu_rating::Clock::DaysPerMove(days as u64),
        }
        .speed()
    }
}

impl fmt::Display for Control {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Control::Realtime {
                minutes,
                increment_secs,
            } => write!(f, "{minutes}+{increment_secs}"),
            Control::Correspondence(days) => write!(f, "{}d", *days as u8),
        }
    }
}

/// A time control that is not one: its text, as given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadControl(pub String);

impl fmt::Display for BadControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "clock: {:?} is not a time control: minutes (1 to {}) + increment seconds (0 to {}), as 3+2, or 1d, 3d or 7d a move",
            self.0,
            Control::MAX_MINUTES,
            Control::MAX_INCREMENT
        )
    }
}

impl std::error::Error for BadControl {}

impl FromStr for Control {
    type Err = BadControl;
    fn from_str(s: &str) -> Result<Control, BadControl> {
        let bad = || BadControl(s.to_string());
        if let Some((minutes, increment)) = s.split_once('+') {
            let minutes = minutes.parse().map_err(|_| bad())?;
            let increment = increment.parse().map_err(|_| bad())?;
            return Control::realtime(minutes, increment).map_err(|_| bad());
        }
        match s {
            "1d" => Ok(Control::Correspondence(Days::One)),
            "3d" => Ok(Control::Correspondence(Days::Three)),
            "7d" => Ok(Control::Correspondence(Days::Seven)),
            _ => Err(bad()),
        }
    }
}

impl TryFrom<String> for Control {
    type Error = BadControl;
    fn try_from(s: String) -> Result<Control, BadControl> {
        s.parse()
    }
}

impl From<Control> for String {
    fn from(c: Control) -> String {
        c.to_string()
    }
}

/// The lag a real-time control forgives: each player starts with three gains, gets one back
/// after each move, and holds at most seven. The gain follows lichess: a game's expected length
/// (the minutes plus forty increments) over 2.5, in hundredths of a second, plus 0.15 s, and
/// at most a second.
///
/// ```
/// use rajapasu_server::games::clock::{Control, LagQuota};
/// let q = LagQuota::of(Control::Realtime { minutes: 3, increment_secs: 2 });
/// assert_eq!((q.gain, q.start, q.max), (1000, 3000, 7000));
/// let bullet = LagQuota::of(Control::Realtime { minutes: 1, increment_secs: 0 });
/// assert_eq!(bullet.gain, 390); // 60 s / 2.5 = 24 hundredths, + 15
/// assert_eq!(LagQuota::of("1d".parse().unwrap()).max, 0);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct LagQuota {
    /// Milliseconds given back after each move.
    pub gain: u64,
    /// Milliseconds each player starts with.
    pub start: u64,
    /// The most a player can hold, and so the most forgiven on one move.
    pub max: u64,
}

impl LagQuota {
    /// The quota of a control (none for correspondence).
    pub fn of(control: Control) -> LagQuota {
        let gain = match control {
            Control::Correspondence(_) => 0,
            Control::Realtime { .. } => {
                let game_secs = control.allowance() / SECOND + 40 * control.increment() / SECOND;
                (game_secs * 4 + 150).min(SECOND)
            }
        };
        LagQuota {
            gain,
            start: 3 * gain,
            max: 7 * gain,
        }
    }
}

/// Whose time is running, since when, and the moment it runs out.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Running<P> {
    /// The player to move.
    pub player: P,
    /// When their time began to run.
    pub since: At,
    /// When they run out of time: the flag falls at this moment.
    pub deadline: At,
}

/// What a move cost its player.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Charged {
    /// Milliseconds taken off the player's time (before the increment).
    pub charged: u64,
    /// Milliseconds of lag forgiven.
    pub forgiven: u64,
}

/// Why the clock refused a move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ClockError<P> {
    /// The clock is not running: not started, or the game is over.
    NotRunning,
    /// The move came at or after the deadline: this player's flag has fallen.
    Flagged(P),
}

impl<P: fmt::Debug> fmt::Display for ClockError<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClockError::NotRunning => write!(f, "the clock is not running"),
            ClockError::Flagged(p) => write!(f, "{p:?} ran out of time"),
        }
    }
}

impl<P: fmt::Debug> std::error::Error for ClockError<P> {}

/// A game's clock: every player's time, the lag each may still be forgiven, and whose time is
/// running until when. Stored with the game (`{"control":"3+2","left":[..],"lag":[..],
/// "running":{"player":0,"since":..,"deadline":..}}`, players by their index).
///
/// ```
/// use rajapasu_engine::Side;
/// use rajapasu_server::games::clock::{At, GameClock};
/// let mut clock = GameClock::<Side>::new("3+2".parse().unwrap());
/// clock.start(At(0), Side::South);
/// clock.play(At(10_000), 0, Side::North).unwrap();
/// assert_eq!(clock.left(Side::South, At(10_000)), 172_000); // 180 s - 10 s + 2 s
/// assert_eq!(clock.flagged(At(189_999)), None);
/// assert_eq!(clock.flagged(At(190_000)), Some(Side::North));
/// ```
#[derive(Serialize, Deserialize, Clone, PartialEq, Eq, Debug)]
#[serde(try_from = "Stored", into = "Stored", bound = "")]
pub struct GameClock<P: Player> {
    control: Control,
    /// Every time of the control is this many times shorter: 1 but on a test server
    /// (`serve --clock-scale`), whose games last seconds.
    scale: u32,
    /// Each player's time while it is not running, by index.
    left: Vec<u64>,
    /// Each player's lag quota, by index.
    lag: Vec<u64>,
    running: Option<Running<P>>,
}

impl<P: Player> GameClock<P> {
    /// A clock at the start: every player with the full allowance, nobody's time running.
    pub fn new(control: Control) -> GameClock<P> {
        let quota = LagQuota::of(control);
        GameClock {
            control,
            scale: 1,
            left: vec![control.allowance(); P::ALL.len()],
            lag: vec![quota.start; P::ALL.len()],
            running: None,
        }
    }

    /// The time control.
    pub fn control(&self) -> Control {
        self.control
    }

    /// Whose time is running, and until when.
    pub fn running(&self) -> Option<Running<P>> {
        self.running
    }

    /// The moment the player to move runs out of time: when the server must flag the game.
    pub fn deadline(&self) -> Option<At> {
        self.running.map(|r| r.deadline)
    }

    /// Starts `player`'s time at `now` (the game's first move is theirs to make).
    pub fn start(&mut self, now: At, player: P) {
        self.run(now, player);
    }

    fn run(&mut self, now: At, player: P) {
        self.running = Some(Running {
            player,
            since: now,
            deadline: now.plus(self.left[player.index()]),
        });
    }

    /// `player`'s time left at `now`: counting down for the player to move, none at and
    /// after their deadline.
    pub fn left(&self, player: P, now: At) -> u64 {
        match self.running {
            // Before `since` (a system clock stepped back) nothing has run.
            Some(r) if r.player == player => r.deadline.since(now.max(r.since)),
            _ => self.left[player.index()],
        }
    }

    /// The player whose flag has fallen at `now`: the player to move, at or after their
    /// deadline.
    pub fn flagged(&self, now: At) -> Option<P> {
        self.running.filter(|r| now >= r.deadline).map(|r| r.player)
    }

    /// The player to move moved at `now`, after `lag` milliseconds of estimated network delay;
    /// `next` is to move. Their time is charged less the lag forgiven, the increment added (in
    /// correspondence, their time is the full allowance again), and `next`'s time runs. A move
    /// at or after the deadline is refused: the flag has fallen.
    pub fn play(&mut self, now: At, lag: u64, next: P) -> Result<Charged, ClockError<P>> {
        let running = self.running.ok_or(ClockError::NotRunning)?;
        if now >= running.deadline {
            return Err(ClockError::Flagged(running.player));
        }
        let i = running.player.index();
        let elapsed = now.since(running.since);
        let quota = self.quota();
        let forgiven = lag.min(self.lag[i]).min(elapsed);
        self.lag[i] = (self.lag[i] - forgiven + quota.gain).min(quota.max);
        let charged = elapsed - forgiven;
        // Before the deadline, so less than the time left.
        self.left[i] = if self.control.is_correspondence() {
            self.allowance()
        } else {
            self.left[i] - charged + self.control.increment() / u64::from(self.scale)
        };
        self.run(now, next);
        Ok(Charged { charged, forgiven })
    }

    /// The same clock with every time of its control `scale` times shorter (its times, its
    /// increment, its lag quota): what a test server (`serve --clock-scale N`) makes of every
    /// new game's clock, so that a 1+0 game flags in seconds. A running clock's deadline comes
    /// closer with it; meant for a clock that no move has charged yet.
    ///
    /// ```
    /// use rajapasu_engine::Side;
    /// use rajapasu_server::games::clock::{At, GameClock};
    /// let mut c = GameClock::<Side>::new("1+0".parse().unwrap());
    /// c.start(At(1000), Side::South);
    /// c.scale(60);
    /// assert_eq!((c.deadline(), c.left(Side::North, At(1000))), (Some(At(2000)), 1000));
    /// ```
    pub fn scale(&mut self, scale: u32) {
        self.scale = scale.max(1);
        let (allowance, quota) = (self.allowance(), self.quota());
        self.left.fill(allowance);
        self.lag.fill(quota.start);
        if let Some(r) = self.running.as_mut() {
            r.deadline = r.since.plus(allowance);
        }
    }

    /// Each player's time at the start (and a correspondence move's), as scaled.
    fn allowance(&self) -> u64 {
        self.control.allowance() / u64::from(self.scale)
    }

    /// The lag quota, as scaled.
    fn quota(&self) -> LagQuota {
        let q = LagQuota::of(self.control);
        let k = u64::from(self.scale);
        LagQuota {
            gain: q.gain / k,
            start: q.start / k,
            max: q.max / k,
        }
    }

    /// The game ended at `now` other than on time (the last move, a resignation, a draw): the
    /// player to move is charged what they used, and no time runs.
    pub fn stop(&mut self, now: At) {
        if let Some(r) = self.running.take() {
            self.left[r.player.index()] = r.deadline.since(now.max(r.since));
        }
    }

    /// The server was down from `stopped` (the last moment it noted being alive) to `now`:
    /// the running deadline moves on by that time, unless it had already passed when the
    /// server stopped.
    pub fn resume(&mut self, stopped: At, now: At) {
        let down = now.since(stopped);
        if let Some(r) = self.running.as_mut() {
            // Both move on: what the player used before the stop is still charged.
            if stopped < r.deadline {
                r.since = r.since.plus(down);
                r.deadline = r.deadline.plus(down);
            }
        }
    }
}

/// A clock as stored: checked on the way in.
#[derive(Serialize, Deserialize)]
struct Stored {
    control: Control,
    #[serde(default = "unscaled", skip_serializing_if = "is_unscaled")]
    scale: u32,
    left: Vec<u64>,
    lag: Vec<u64>,
    running: Option<StoredRunning>,
}

/// The scale of a clock stored without one: real time.
fn unscaled() -> u32 {
    1
}

fn is_unscaled(scale: &u32) -> bool {
    *scale == 1
}

#[derive(Serialize, Deserialize)]
struct StoredRunning {
    player: usize,
    since: At,
    deadline: At,
}

/// A stored clock that does not fit its game: the players' count or a player out of range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadStoredClock(&'static str);

impl fmt::Display for BadStoredClock {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "stored clock: {}", self.0)
    }
}

impl<P: Player> TryFrom<Stored> for GameClock<P> {
    type Error = BadStoredClock;
    fn try_from(s: Stored) -> Result<GameClock<P>, BadStoredClock> {
        let n = P::ALL.len();
        if s.left.len() != n || s.lag.len() != n {
            return Err(BadStoredClock(
                "not one time and one lag quota for each player",
            ));
        }
        let running = match s.running {
            None => None,
            Some(r) => Some(Running {
                player: *P::ALL
                    .get(r.player)
                    .ok_or(BadStoredClock("no such player to move"))?,
                since: r.since,
                deadline: r.deadline,
            }),
        };
        Ok(GameClock {
            control: s.control,
            scale: s.scale.max(1),
            left: s.left,
            lag: s.lag,
            running,
        })
    }
}

impl<P: Player> From<GameClock<P>> for Stored {
    fn from(c: GameClock<P>) -> Stored {
        Stored {
            control: c.control,
            scale: c.scale,
            left: c.left,
            lag: c.lag,
            running: c.running.map(|r| StoredRunning {
                player: r.player.index(),
                since: r.since,
                deadline: r.deadline,
            }),
        }
    }
}
