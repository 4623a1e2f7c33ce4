//! The lobby of one instance ([`Lobby`]): its open sockets, the list of seeks sent to all of
//! them whenever the seeks change (on this instance, or on another sharing the store), the
//! seekers told of the games their seeks became, and the seeks of closed sockets removed.

use super::seek::{SeekGame, SeekSettings};
use crate::games::Hub;
use crate::ratings::standing::Standing;
use crate::store::lobby::{Matched, StoredSeek};
use crate::store::{Notice, StoreError};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, Instant};
use tokio::sync::{broadcast, mpsc, Notify};

/// How often an instance notes its lobby sockets open, and removes the seeks of sockets no
/// instance noted for [`SEEK_STALE_SECS`].
pub const KEEP_EVERY: Duration = Duration::from_secs(10);
/// A seek whose socket no instance noted open for this long is gone (its instance stopped).
pub const SEEK_STALE_SECS: u64 = 30;
/// Most seeks one lobby socket holds at once.
pub const MAX_SEEKS_PER_SOCKET: u32 = 3;
/// Most seeks listed.
pub const MAX_LISTED: u32 = 200;

/// The lobby of this instance.
pub struct Lobby {
    hub: Arc<Hub>,
    /// The seeks' list, as the sockets are sent it.
    list: broadcast::Sender<Arc<str>>,
    /// The list last sent: what a socket asking for it again gets, without a read of the store.
    last: Mutex<Option<Arc<str>>>,
    /// This instance's sockets, by id, with the channel of what is sent to each alone.
    sockets: Mutex<HashMap<String, mpsc::UnboundedSender<String>>>,
    /// Wakes the lobby's task: the seeks changed.
    changed: Notify,
    /// The seekers (and joiners) told that their seek became a game, by seek and socket, and
    /// when: each is told once, whether by the accept on this instance or by the lobby's task.
    told: Mutex<HashMap<(String, String), Instant>>,
}

/// How long a seeker told of a game is remembered: longer than the lobby's task takes to find
/// the seek taken and remove it.
const TOLD_KEPT: Duration = Duration::from_secs(60);

impl Lobby {
    /// The lobby of the games in `hub`, its task started (it ends with the hub).
    pub fn start(hub: Arc<Hub>) -> Arc<Lobby> {
        let notices = hub.store.notices();
        let lobby = Arc::new(Lobby {
            hub,
            list: broadcast::channel(16).0,
            last: Mutex::new(None),
            sockets: Mutex::new(HashMap::new()),
            changed: Notify::new(),
            told: Mutex::new(HashMap::new()),
        });
        tokio::spawn(task(Arc::downgrade(&lobby), notices));
        lobby
    }

    /// The games, and the store behind them.
    pub fn hub(&self) -> &Arc<Hub> {
        &self.hub
    }

    /// The seeks changed: every socket gets the list again, on this instance now, on others
    /// when the store's notice reaches them.
    pub fn changed(&self) {
        self.changed.notify_one();
    }

    /// A socket opens: its id's channel, and the list's.
    pub fn join(
        &self,
        socket: &str,
    ) -> (
        mpsc::UnboundedReceiver<String>,
        broadcast::Receiver<Arc<str>>,
    ) {
        let (tx, rx) = mpsc::unbounded_channel();
        self.sockets
            .lock()
            .expect("not poisoned")
            .insert(socket.to_string(), tx);
        (rx, self.list.subscribe())
    }

    /// Notes the socket `socket`, opened from `address`, in the store: seeks can be made on
    /// it, from this instance or another, until it closes.
    pub async fn open_socket(
        &self,
        socket: &str,
        address: std::net::IpAddr,
    ) -> Result<(), StoreError> {
        let address = crate::rate::key(address).to_string();
        self.hub
            .store
            .open_socket(socket, &address, self.hub.policy.now())
            .await
    }

    /// A socket closed: its seeks go.
    pub async fn leave(&self, socket: &str) {
        self.sockets.lock().expect("not poisoned").remove(socket);
        match self
            .hub
            .store
            .remove_socket_seeks(vec![socket.to_string()])
            .await
        {
            Ok(0) => {}
            Ok(_) => self.changed(),
            Err(e) => tracing::warn!("the seeks of a closed lobby socket stay a while: {e}"),
        }
    }

    /// The seeks' list as sent to the sockets: `{"type": "seeks", "seeks": [...]}`.
    pub async fn list_message(&self) -> Result<String, StoreError> {
        let now = self.hub.policy.now();
        let seeks = self
            .hub
            .store
            .open_seeks(now.saturating_sub(SEEK_STALE_SECS), MAX_LISTED)
            .await?;
        let seeks: Vec<Value> = seeks.iter().filter_map(public).collect();
        Ok(json!({"type": "seeks", "seeks": seeks}).to_string())
    }

    /// The list as last sent to the sockets (read from the store when none was sent yet): a
    /// socket's requests for it again cost no read.
    pub async fn current_list(&self) -> Result<Arc<str>, StoreError> {
        if let Some(last) = self.last.lock().expect("not poisoned").clone() {
            return Ok(last);
        }
        let message: Arc<str> = self.list_message().await?.into();
        *self.last.lock().expect("not poisoned") = Some(message.clone());
        Ok(message)
    }

    fn socket_ids(&self) -> Vec<String> {
        self.sockets
            .lock()
            .expect("not poisoned")
            .keys()
            .cloned()
            .collect()
    }

    /// Tells this instance's seekers, and the players who joined Mandiri seeks, whose seeks
    /// became games (and forgets those seeks and joins).
    async fn tell_seekers(&self) -> Result<(), StoreError> {
        let store = &self.hub.store;
        for seek in store.matched_seeks(self.socket_ids()).await? {
            let Some(m) = &seek.matched else { continue };
            let game = serde_json::from_str::<SeekSettings>(&seek.settings)
                .map_or(SeekGame::RajaPasu, |s| s.game);
            if let Some(m) = self.with_token(game, &seek.id, &seek.socket, m).await {
                self.tell_started(game, &seek.id, &seek.socket, &m);
            }
            store.remove_seek(&seek.id, None).await?;
        }
        for (seek, socket, m) in store.matched_joins(self.socket_ids()).await? {
            if let Some(m) = self.with_token(SeekGame::Mandiri, &seek, &socket, &m).await {
                self.tell_started(SeekGame::Mandiri, &seek, &socket, &m);
            }
            store.remove_join(&seek, &socket).await?;
        }
        Ok(())
    }

    /// The game `m` as this instance's socket `socket` is to be told it (the seek `seek` became
    /// it): with a new token for its seat, as the store keeps none. `None` when the socket is
    /// not to be told (told already, or gone) or no token could be made (logged).
    async fn with_token(
        &self,
        game: SeekGame,
        seek: &str,
        socket: &str,
        m: &Matched,
    ) -> Option<Matched> {
        if !m.token.is_empty() {
            return Some(m.clone());
        }
        let key = (seek.to_string(), socket.to_string());
        if self.told.lock().expect("not poisoned").contains_key(&key) || !self.holds_socket(socket)
        {
            return None;
        }
        let token = match (game, m.seat.as_str()) {
            (SeekGame::RajaPasu, side) => {
                let side = ["south", "north"].iter().position(|s| *s == side)?;
                self.hub
                    .mint_seat::<rajapasu_engine::Game>(&m.game, rajapasu_engine::Side::ALL[side])
                    .await
            }
            (SeekGame::Mandiri, number) => {
                let player = number.parse::<usize>().ok()?.checked_sub(1)?;
                let player = *rajapasu_engine::mandiri::Player::ALL.get(player)?;
                self.hub
                    .mint_seat::<rajapasu_engine::mandiri::Game>(&m.game, player)
                    .await
            }
        };
        match token {
            Ok(token) => Some(Matched { token, ..m.clone() }),
            Err(e) => {
                tracing::warn!(game = %m.game, "no token for a seeker's seat: {e}");
                None
            }
        }
    }

    /// Tells this instance's socket `socket` that the seek `seek` became the game `m`, unless
    /// it was told already. The accept tells a seeker whose socket is on its own instance at
    /// once, rather than through the store's notice and the lobby's task (which tell the
    /// others, and find this one told).
    pub fn tell_started(&self, game: SeekGame, seek: &str, socket: &str, m: &Matched) {
        let now = Instant::now();
        {
            let mut told = self.told.lock().expect("not poisoned");
            told.retain(|_, at| now.duration_since(*at) < TOLD_KEPT);
            let key = (seek.to_string(), socket.to_string());
            if told.contains_key(&key) || !self.holds_socket(socket) {
                return;
            }
            told.insert(key, now);
        }
        self.tell(socket, started(game, seek, m));
    }

    /// Whether `socket` is a lobby socket of this instance.
    fn holds_socket(&self, socket: &str) -> bool {
        self.sockets
            .lock()
            .expect("not poisoned")
            .contains_key(socket)
    }

    /// Sends `message` to this instance's socket `socket` alone, if it is open.
    fn tell(&self, socket: &str, message: Value) {
        if let Some(tx) = self.sockets.lock().expect("not poisoned").get(socket) {
            let _ = tx.send(message.to_string());
        }
    }

    /// Sends every socket the list, after telling the seekers whose seeks were taken.
    async fn publish(&self) -> Result<(), StoreError> {
        self.tell_seekers().await?;
        let message: Arc<str> = self.list_message().await?.into();
        *self.last.lock().expect("not poisoned") = Some(message.clone());
        let _ = self.list.send(message);
        Ok(())
    }
}

/// What a seeker (or a player who joined a Mandiri seek) is told when the seek became a game:
/// the game, and their seat and token in it (Mandiri: their player's number, as a string in
/// `seat` and in `players`, as the game's own answers give it).
fn started(game: SeekGame, seek: &str, m: &Matched) -> Value {
    let mut message = json!({
        "type": "started",
        "seek": seek,
        "id": m.game,
        "token": m.token,
        "seat": m.seat,
    });
    match game {
        SeekGame::RajaPasu => {
            message["game"] = json!("raja_pasu");
            message["watch"] = json!(format!("/g/{}", m.game));
        }
        SeekGame::Mandiri => {
            message["game"] = json!("mandiri");
            message["watch"] = json!(format!("/m/{}", m.game));
            message["players"] = json!([m.seat.parse::<u8>().unwrap_or(0)]);
        }
    }
    message
}

/// A seek as listed: what it asks for, who asks (a name and rating, or a guest), and who
/// joined it (a Mandiri seek waiting for its third player).
fn public(seek: &StoredSeek) -> Option<Value> {
    let settings: SeekSettings = serde_json::from_str(&seek.settings).ok()?;
    let joined: Vec<Value> = seek
        .joined
        .iter()
        .map(|j| json!({"name": j.account.as_ref().map(|(_, name)| name.clone())}))
        .collect();
    Some(json!({
        "id": seek.id,
        "game": settings.game,
        "players": settings.game.players(),
        "joined": joined,
        "mode": settings.mode,
        "clock": settings.clock.to_string(),
        "rated": settings.rated,
        "min_rating": settings.min_rating,
        "max_rating": settings.max_rating,
        "pool": settings.pool().to_string(),
        "name": seek.account.as_ref().map(|(_, name)| name.clone()),
        "rating": settings.seeker_rating,
        "opponent": settings.opponent.as_ref().map(|o| o.name.clone()),
        "created": seek.created,
    }))
}

/// A player's rating in a pool as it stands at `now`: their standing, or a new player's.
pub fn rating_now(standing: Option<Standing>, now: u64) -> rajapasu_rating::Rating {
    let config = crate::ratings::standing::system();
    standing
        .unwrap_or_else(|| Standing::unrated(&config))
        .now(&config, now)
        .rating
}

/// The lobby's task: publishes the list when the seeks change here or elsewhere, notes this
/// instance's sockets open and removes stale seeks every [`KEEP_EVERY`].
async fn task(lobby: Weak<Lobby>, mut notices: Option<broadcast::Receiver<Notice>>) {
    let mut keep = tokio::time::interval(KEEP_EVERY);
    loop {
        let Some(strong) = lobby.upgrade() else {
            return;
        };
        let notice = async {
            match notices.as_mut() {
                Some(rx) => match rx.recv().await {
                    Ok(n) => Some(n),
                    Err(broadcast::error::RecvError::Lagged(_)) => Some(Notice::Missed),
                    Err(broadcast::error::RecvError::Closed) => None,
                },
                None => std::future::pending().await,
            }
        };
        let mut publish = true;
        tokio::select! {
            _ = strong.changed.notified() => {}
            n = notice => match n {
                Some(n) => publish = matches!(n, Notice::Lobby | Notice::Missed),
                None => notices = None,
            },
            _ = keep.tick() => {
                let now = strong.hub.policy.now();
                let stale = now.saturating_sub(SEEK_STALE_SECS);
                if let Err(e) = strong.hub.store.keep_seeks(strong.socket_ids(), now, stale).await {
                    tracing::warn!("the lobby's sockets not noted open: {e}");
                }
            }
        }
        if strong.hub.is_halted() {
            return;
        }
        if publish {
            if let Err(e) = strong.publish().await {
                tracing::warn!("the lobby's seeks not sent: {e}");
            }
        }
        drop(strong);
    }
}
