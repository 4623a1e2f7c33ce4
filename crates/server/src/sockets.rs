//! Caps on the live-update WebSockets: open at once on one game, from one address, and in
//! all. (An upgraded connection leaves the connection cap of [`crate::serve`](mod@crate::serve), so the total
//! here takes its place: the same number.)

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

/// The sockets open, counted by game and by address.
pub struct SocketCaps {
    per_game: usize,
    per_address: usize,
    total: usize,
    open: Mutex<Counts>,
}

#[derive(Default)]
struct Counts {
    games: HashMap<String, usize>,
    addresses: HashMap<IpAddr, usize>,
    total: usize,
}

/// An open socket's place in the counts, given back when dropped.
pub struct SocketPlace {
    caps: Arc<SocketCaps>,
    game: String,
    address: IpAddr,
}

/// Which cap a new socket would go over.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Full {
    /// Too many sockets on this game.
    Game,
    /// Too many sockets from this address.
    Address,
    /// Too many sockets in all.
    Server,
}

impl SocketCaps {
    /// Caps of `per_game`, `per_address` and `total` sockets.
    pub fn new(per_game: usize, per_address: usize, total: usize) -> Arc<SocketCaps> {
        Arc::new(SocketCaps {
            per_game,
            per_address,
            total,
            open: Mutex::new(Counts::default()),
        })
    }

    /// Sockets open now.
    pub fn open(&self) -> usize {
        self.counts().total
    }

    fn counts(&self) -> std::sync::MutexGuard<'_, Counts> {
        self.open.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A place for a new socket on `game` from `address`, unless a cap is reached.
    ///
    /// ```
    /// use rajapasu_server::sockets::{Full, SocketCaps};
    /// let caps = SocketCaps::new(1, 5, 100);
    /// let ip = "127.0.0.1".parse().unwrap();
    /// let first = caps.try_open("g", ip).unwrap();
    /// assert_eq!(caps.try_open("g", ip).err(), Some(Full::Game));
    /// drop(first);
    /// assert!(caps.try_open("g", ip).is_ok());
    /// let small = SocketCaps::new(5, 5, 1);
    /// let _one = small.try_open("a", ip).unwrap();
    /// assert_eq!(small.try_open("b", ip).err(), Some(Full::Server));
    /// ```
    pub fn try_open(
        self: &Arc<SocketCaps>,
        game: &str,
        address: IpAddr,
    ) -> Result<SocketPlace, Full> {
        let mut c = self.counts();
        if c.total >= self.total {
            return Err(Full::Server);
        }
        if c.games.get(game).copied().unwrap_or(0) >= self.per_game {
            return Err(Full::Game);
        }
        if c.addresses.get(&address).copied().unwrap_or(0) >= self.per_address {
            return Err(Full::Address);
        }
        *c.games.entry(game.to_string()).or_default() += 1;
        *c.addresses.entry(address).or_default() += 1;
        c.total += 1;
        Ok(SocketPlace {
            caps: self.clone(),
            game: game.to_string(),
            address,
        })
    }
}

impl Drop for SocketPlace {
    fn drop(&mut self) {
        let mut c = self.caps.counts();
        c.total -= 1;
        if let Some(n) = c.games.get_mut(&self.game) {
            *n -= 1;
            if *n == 0 {
                c.games.remove(&self.game);
            }
        }
        if let Some(n) = c.addresses.get_mut(&self.address) {
            *n -= 1;
            if *n == 0 {
                c.addresses.remove(&self.address);
            }
        }
    }
}
