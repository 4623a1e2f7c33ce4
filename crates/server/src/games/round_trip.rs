//! The round trip the server measures to a seated player: a WebSocket ping sent on the game's
//! live socket when the player's token arrives on it and after updates, timed until its pong.
//!
//! A move's claimed lag (`lag_ms`) is forgiven only up to the last round trip measured for its
//! player ([`super::entry::Entry::measured_lag`]), and within the lag quota
//! ([`super::clock::LagQuota`]): a client can no longer claim the whole quota over a fast
//! network. A round trip is the network's whole share of a move's time (the position going
//! out, the move coming back), so it is the most that lag can have cost.

use std::time::{Duration, Instant};

/// Least time between two measuring pings on one socket: updates may come many a second.
pub const PING_SPACING: Duration = Duration::from_secs(1);

/// One socket's measuring pings: the one awaiting its pong, told apart from the heartbeat's
/// (empty) pings by its payload.
#[derive(Debug, Default)]
pub struct RoundTrip {
    sent: Option<(u64, Instant)>,
    count: u64,
}

impl RoundTrip {
    /// The payload of a new measuring ping, when one is due (none sent in the last
    /// [`PING_SPACING`]); it replaces the one awaiting its pong.
    ///
    /// ```
    /// use rajapasu_server::games::round_trip::RoundTrip;
    /// let mut rt = RoundTrip::default();
    /// let payload = rt.ping().unwrap();
    /// assert!(rt.ping().is_none(), "a second later at the soonest");
    /// assert!(rt.pong(b"").is_none(), "a heartbeat's pong measures nothing");
    /// assert!(rt.pong(&payload).is_some());
    /// assert!(rt.pong(&payload).is_none(), "measured once");
    /// ```
    pub fn ping(&mut self) -> Option<Vec<u8>> {
        if self.sent.is_some_and(|(_, at)| at.elapsed() < PING_SPACING) {
            return None;
        }
        self.count += 1;
        self.sent = Some((self.count, Instant::now()));
        Some(self.count.to_be_bytes().to_vec())
    }

    /// A pong came with `payload`: the round trip in milliseconds, if it answers the ping
    /// awaited.
    pub fn pong(&mut self, payload: &[u8]) -> Option<u64> {
        let (count, at) = self.sent?;
        if payload != count.to_be_bytes() {
            return None;
        }
        self.sent = None;
        Some(u64::try_from(at.elapsed().as_millis()).unwrap_or(u64::MAX))
    }
}
