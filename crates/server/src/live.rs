//! The live updates of a game, over a WebSocket (docs/API.md): the state at once, then every
//! change; pings, an idle timeout, the caps per game and per address, and a close when the
//! server stops. The same for both games, over [`HeldGame`].

use crate::app::{App, Peer};
use crate::error::{ApiError, ErrorKind};
use crate::games::hub::HeldGame;
use crate::games::round_trip::RoundTrip;
use crate::games::seating::Held;
use crate::games::Slot;
use crate::requests::ApiPath;
use crate::sockets::{Full, SocketPlace};
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{close_code, CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use axum::Extension;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::broadcast::error::RecvError;

/// Largest WebSocket message (and frame) taken from a client, in bytes: the page sends only
/// its seat token and short requests for the state.
pub const WS_MESSAGE_LIMIT: usize = 4096;

/// The live updates of a game of kind `G` (both games' routes): the request upgraded, within
/// the caps.
pub(crate) async fn ws<G: HeldGame>(
    State(app): State<Arc<App>>,
    ApiPath(id): ApiPath<String>,
    peer: Option<Extension<Peer>>,
    headers: HeaderMap,
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    let slot = app.hub.load::<G>(&id).await?;
    let id = slot.id.clone();
    let upgrade = upgrade.map_err(|_| {
        ApiError::of(
            ErrorKind::UpgradeRequired,
            "this route takes WebSocket connections only (an `Upgrade: websocket` request)",
        )
        .code("not_websocket")
    })?;
    let address = app.client_address(&headers, peer.map(|Extension(p)| p));
    let LiveSocket { place, idle } = open_live_socket(&app, &id, address)?;
    let stopping = app.stopping.clone();
    Ok(upgrade
        .max_message_size(WS_MESSAGE_LIMIT)
        .max_frame_size(WS_MESSAGE_LIMIT)
        .on_upgrade(move |socket| watch(socket, slot, place, idle, stopping)))
}

async fn watch<G: HeldGame>(
    mut socket: WebSocket,
    slot: Arc<Slot<G>>,
    place: SocketPlace,
    idle: Duration,
    mut stopping: tokio::sync::watch::Receiver<bool>,
) {
    let mut held = Held::default();
    let stopped = tokio::select! {
        _ = session(&mut socket, &slot, &mut held, idle) => false,
        _ = stopping.wait_for(|s| *s) => true,
    };
    if stopped {
        close_away(&mut socket, "the server is stopping").await;
    }
    drop(place);
    // However the socket ended, its player is no longer there.
    slot.leave(held).await;
}

/// A live-update socket about to open, within the caps: its place, held while it is open, and
/// how long it may stay silent.
pub(crate) struct LiveSocket {
    pub(crate) place: SocketPlace,
    pub(crate) idle: Duration,
}

/// Opens a live-update socket from `address` on `place` (a game's id, or a lobby socket's or
/// an event's own place), for the games', the lobby's and the events' sockets alike: 429
/// `too_many_sockets` saying which cap is reached (the place's, the address's or the
/// server's).
pub(crate) fn open_live_socket(
    app: &App,
    place: &str,
    address: std::net::IpAddr,
) -> Result<LiveSocket, ApiError> {
    let place = app.sockets.try_open(place, address).map_err(|full| {
        let what = match full {
            Full::Game => "this page has as many live-update sockets open as it takes",
            Full::Address => "this address has as many live-update sockets open as it may",
            Full::Server => "the server has as many live-update sockets open as it takes",
        };
        ApiError::rate_limited(what, 5).code("too_many_sockets")
    })?;
    let idle = app
        .limits
        .ws_idle_timeout()
        .unwrap_or(Duration::from_secs(60));
    Ok(LiveSocket { place, idle })
}

/// `{"token": "…"}` sent on a socket: the seat's player is watching through it.
#[derive(serde::Deserialize)]
struct Hello {
    token: String,
}

async fn session<G: HeldGame>(
    socket: &mut WebSocket,
    slot: &Slot<G>,
    held: &mut Held,
    idle: Duration,
) {
    // Subscribe first, then send the state: no update can fall in between.
    let mut rx = slot.subscribe();
    let mut heartbeat = Heartbeat::new(idle).await;
    // A seated player's round trip, measured (the most lag their moves are forgiven).
    let mut round_trip = RoundTrip::default();
    let mut refresh = Refresh::new();
    if socket
        .send(Message::Text(slot.state_message().await.into()))
        .await
        .is_err()
    {
        return;
    }
    loop {
        tokio::select! {
            update = rx.recv() => {
                let text = match update {
                    Ok(text) => text.to_string(),
                    Err(RecvError::Lagged(_)) => slot.state_message().await,
                    Err(RecvError::Closed) => return,
                };
                if socket.send(Message::Text(text.into())).await.is_err() {
                    return;
                }
                if !held.is_empty() && !ping_round_trip(socket, &mut round_trip).await {
                    return;
                }
            }
            _ = heartbeat.tick() => {
                if !heartbeat.beat(socket).await {
                    return;
                }
            }
            _ = refresh.due() => {
                if socket.send(Message::Text(slot.state_message().await.into())).await.is_err() {
                    return;
                }
            }
            incoming = socket.recv() => {
                heartbeat.heard();
                match incoming {
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                    // A token says who is there (once per socket); any text asks for the
                    // current state again, answered once a second at most.
                    Some(Ok(Message::Text(text))) => {
                        if held.is_empty() {
                            if let Ok(hello) = serde_json::from_str::<Hello>(&text) {
                                *held = slot.arrive(&hello.token).await;
                                if !held.is_empty() && !ping_round_trip(socket, &mut round_trip).await {
                                    return;
                                }
                            }
                        }
                        if refresh.ask()
                            && socket.send(Message::Text(slot.state_message().await.into())).await.is_err()
                        {
                            return;
                        }
                    }
                    Some(Ok(Message::Pong(payload))) => {
                        if let Some(ms) = round_trip.pong(&payload) {
                            slot.note_round_trip(*held, ms).await;
                        }
                    }
                    Some(Ok(_)) => {}
                }
            }
        }
    }
}

/// Sends a measuring ping when one is due: false when the socket is gone.
async fn ping_round_trip(socket: &mut WebSocket, round_trip: &mut RoundTrip) -> bool {
    match round_trip.ping() {
        Some(payload) => socket.send(Message::Ping(payload.into())).await.is_ok(),
        None => true,
    }
}

/// How often a socket's requests for the whole state are answered: at most once in this time.
pub const REFRESH_EVERY: Duration = Duration::from_secs(1);

/// A socket's requests for the whole state again (the games', the lobby's and the events'
/// sockets): the first in [`REFRESH_EVERY`] is answered at once, the others within it are
/// coalesced into one answer at its end. A client sending a frame a millisecond gets one
/// state a second, never one per frame.
///
/// ```
/// use rajapasu_server::live::Refresh;
/// let mut r = Refresh::new();
/// assert!(r.ask());
/// assert!(!r.ask() && !r.ask());
/// assert!(r.is_pending());
/// ```
#[derive(Debug)]
pub struct Refresh {
    /// When the next answer may go.
    next: tokio::time::Instant,
    /// A request came too soon: answered at `next`.
    pending: bool,
}

impl Default for Refresh {
    fn default() -> Refresh {
        Refresh::new()
    }
}

impl Refresh {
    /// No request yet: the first is answered at once.
    pub fn new() -> Refresh {
        Refresh {
            next: tokio::time::Instant::now(),
            pending: false,
        }
    }

    /// The client asked for the state: true to answer now; false when it is answered at the
    /// end of the second ([`Refresh::due`]).
    pub fn ask(&mut self) -> bool {
        let now = tokio::time::Instant::now();
        if !self.pending && now >= self.next {
            self.next = now + REFRESH_EVERY;
            true
        } else {
            self.pending = true;
            false
        }
    }

    /// A request waits for its answer.
    pub fn is_pending(&self) -> bool {
        self.pending
    }

    /// Waits until the request waiting may be answered (forever when none waits), and counts
    /// the answer.
    pub async fn due(&mut self) {
        if !self.pending {
            return std::future::pending().await;
        }
        tokio::time::sleep_until(self.next).await;
        self.pending = false;
        self.next = tokio::time::Instant::now() + REFRESH_EVERY;
    }
}

/// Closes a socket as "going away" (1001), saying why: the server stops, or the client went
/// silent. The page reconnects.
pub(crate) async fn close_away(socket: &mut WebSocket, reason: &'static str) {
    let _ = socket
        .send(Message::Close(Some(CloseFrame {
            code: close_code::AWAY,
            reason: reason.into(),
        })))
        .await;
}

/// A socket's heartbeat, for the games' sockets and the lobby's: a ping every half of the idle
/// time; a socket that sent nothing (not even a pong) for the whole idle time is gone.
pub(crate) struct Heartbeat {
    ping: tokio::time::Interval,
    heard: tokio::time::Instant,
    idle: Duration,
}

impl Heartbeat {
    /// The heartbeat of a socket just opened, silent for at most `idle`.
    pub(crate) async fn new(idle: Duration) -> Heartbeat {
        let mut ping = tokio::time::interval(idle / 2);
        ping.tick().await;
        Heartbeat {
            ping,
            heard: tokio::time::Instant::now(),
            idle,
        }
    }

    /// Waits for the next ping's time.
    pub(crate) async fn tick(&mut self) {
        self.ping.tick().await;
    }

    /// The socket sent something: it is there.
    pub(crate) fn heard(&mut self) {
        self.heard = tokio::time::Instant::now();
    }

    /// At a ping's time: pings the socket, or closes it if it stayed silent for the whole
    /// idle time. False when the socket is done with.
    pub(crate) async fn beat(&self, socket: &mut WebSocket) -> bool {
        if self.heard.elapsed() >= self.idle {
            close_away(socket, "no answer to pings").await;
            return false;
        }
        socket.send(Message::Ping(Default::default())).await.is_ok()
    }
}
