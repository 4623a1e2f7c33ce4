//! What every request handler shares: the games, the search workers, the limits and their
//! counters, and the signal that the server is stopping.

use crate::games::Hub;
use crate::limits::Limits;
use crate::metrics::{Gauges, Metrics};
use crate::rate::RateLimits;
use crate::search_pool::SearchPool;
use crate::sockets::SocketCaps;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use tokio::sync::watch;

/// The server's shared state.
pub struct App {
    /// The games.
    pub hub: Arc<Hub>,
    /// The lobby: its seeks and sockets.
    pub lobby: Arc<crate::lobby::Lobby>,
    /// The tournaments: their changes, and the task that moves them on.
    pub tournaments: Arc<crate::tournaments::Hall>,
    /// The search workers.
    pub search: SearchPool,
    /// The limits in force.
    pub limits: Limits,
    /// The per-address rate limits.
    pub rate: Arc<RateLimits>,
    /// The accounts' hasher and per-name login limit.
    pub accounts: crate::accounts::Accounts,
    /// The WebSockets' caps.
    pub sockets: Arc<SocketCaps>,
    /// The counters.
    pub metrics: Metrics,
    /// Becomes true when the server starts stopping.
    pub stopping: watch::Receiver<bool>,
    /// The endgame table's background build, when the program has a table directory.
    pub table: Option<Arc<rajapasu_tablebase::background::Status>>,
}

/// The address of a request's connection, put in its extensions by the accept loop.
#[derive(Debug, Clone, Copy)]
pub struct Peer(pub SocketAddr);

impl App {
    /// The gauges of the metrics, read now.
    pub fn gauges(&self) -> Gauges {
        Gauges {
            search_queue: self.search.queued(),
            searches_running: self.search.running(),
            search_memory: self.search.memory_held(),
            games: self.hub.len(),
            websockets: self.sockets.open(),
            searches: self.search.stats(),
            memory: crate::metrics::process_memory(),
        }
    }

    /// The client's address: the connection's, or with `--trust-proxy` the last address of
    /// `X-Forwarded-For` (the one the proxy wrote; earlier ones come from the client and may
    /// be anything).
    pub fn client_address(&self, headers: &axum::http::HeaderMap, peer: Option<Peer>) -> IpAddr {
        let direct = peer
            .map(|p| p.0.ip())
            .unwrap_or(IpAddr::V4(std::net::Ipv4Addr::UNSPECIFIED));
        if !self.limits.trust_proxy {
            return direct;
        }
        headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .next_back()
            .and_then(|a| a.trim().parse().ok())
            .unwrap_or(direct)
    }
}
