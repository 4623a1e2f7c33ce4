//! One game held in memory: its state, its lock and its live-update channel.

use super::held::{record_tags, GameName, Held, LoadError, Settled};
use super::hub::{Hub, Registry};
use super::seats;
use super::view::{json, GameInfo, Update};
use crate::meta::{Kind, Settings};
use crate::store::{Activity, StoredGame};
use rajapasu_engine::record::Record;
use rajapasu_engine::{BySide, Game, Move, Side, Status};
use serde::Serialize;
use serde_json::Value;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use tokio::sync::{broadcast, Mutex};

/// A game's state, behind its slot's lock.
pub struct Entry {
    /// The game.
    pub game: Game,
    /// Its settings.
    pub settings: Settings,
    /// The stored version this copy is at (see [`crate::store`]).
    pub version: u64,
    /// A task is choosing the computer's moves.
    pub thinking: bool,
    /// How many live-update sockets have shown each seat's token (by [`Side::index`]): the
    /// seat's player is there.
    pub present: [usize; 2],
    /// A player opened the round that the last move began (see [`between_rounds`]), so the
    /// computer may make its first move. Kept in memory only: after a restart the page asks
    /// again, which costs one click.
    pub round_opened: bool,
}

impl Entry {
    /// Brings a stored game back by replaying its moves (up to the first that does not replay,
    /// which would mean a damaged store).
    pub fn from_stored(stored: &StoredGame) -> Result<Entry, LoadError> {
        let settings: Settings = serde_json::from_str(&stored.meta).map_err(LoadError::Settings)?;
        let mut game = settings.start_game();
        for (k, mv) in stored.moves.iter().enumerate() {
            let ok = Move::new(*mv).is_some_and(|m| game.try_play(m).is_ok());
            if !ok {
                eprintln!(
                    "warning: game {}: move {} ({mv}) does not replay",
                    stored.id,
                    k + 1
                );
                break;
            }
        }
        Ok(Entry {
            game,
            settings,
            version: stored.version,
            thinking: false,
            present: [0; 2],
            round_opened: false,
        })
    }

    /// Over by the rules or by resignation.
    pub fn over(&self) -> bool {
        over(&self.game, &self.settings)
    }

    /// Whether each seat's player has a socket open.
    pub fn connected(&self) -> BySide<bool> {
        BySide::from_fn(|side| self.present[side.index()] > 0)
    }

    /// The computer is to move.
    pub fn computer_next(&self) -> bool {
        computer_next(&self.game, &self.settings)
    }

    /// The computer is to move and may: a round begun by a move waits until a player opens
    /// it, so that the round's summary stays on the player's page, even after a reload.
    pub fn computer_may_move(&self) -> bool {
        self.computer_next() && (self.round_opened || !between_rounds(&self.game))
    }

    /// The page is to show the summary of the round just ended and wait for the next round.
    pub fn waits_between_rounds(&self) -> bool {
        between_rounds(&self.game) && !self.round_opened
    }
}

/// The last move ended a round of a match and the next round has no move yet.
pub fn between_rounds(game: &Game) -> bool {
    game.status() == Status::Playing
        && game
            .plies()
            .last()
            .is_some_and(|p| p.round() != game.position().round())
}

fn over(game: &Game, settings: &Settings) -> bool {
    game.status().is_over() || settings.resigned.is_some()
}

fn computer_next(game: &Game, settings: &Settings) -> bool {
    game.status() == Status::Playing
        && settings.resigned.is_none()
        && settings.seats.computer() == Some(game.position().to_move())
}

/// What the store keeps about a game in this state, at `now`.
pub fn activity(game: &Game, settings: &Settings, now: u64) -> Activity {
    Activity {
        at: now,
        finished: over(game, settings),
        computer_next: computer_next(game, settings),
    }
}

impl Held for Entry {
    const GAME: GameName = GameName::Pasu;

    fn registry(hub: &Hub) -> &Registry<Entry> {
        &hub.pasu
    }

    fn from_stored(stored: &StoredGame) -> Result<Entry, LoadError> {
        Entry::from_stored(stored)
    }

    fn version(&self) -> u64 {
        self.version
    }

    fn set_version(&mut self, v: u64) {
        self.version = v;
    }

    fn ply(&self) -> usize {
        self.game.moves().len()
    }

    fn thinking(&self) -> bool {
        self.thinking
    }

    fn keep_memory_of(&mut self, old: &Entry) {
        self.present = old.present;
        self.thinking = old.thinking;
    }

    fn changes_since(&self, id: &str, old: &Entry) -> Value {
        json(super::sync::what_changed(id, old, self))
    }

    fn state_update(&self, id: &str) -> Value {
        json(Update::State {
            game: GameInfo::of(id, self),
        })
    }

    fn seats_of(&self, token: &str) -> u8 {
        let tokens = self.settings.seats.tokens();
        seats::tokens_held(&[tokens.south, tokens.north], token)
    }

    fn present_mut(&mut self) -> &mut [usize] {
        &mut self.present
    }

    fn presence_update(&self) -> Value {
        json(Update::Presence {
            connected: self.connected(),
        })
    }

    fn record(&self, id: &str, json_format: bool) -> String {
        let s = &self.settings;
        let players = Side::ALL.map(|side| (side.to_string(), s.names[side].clone()));
        let tags = record_tags(
            Self::GAME,
            id,
            s.created,
            players,
            s.resigned.map(|side| side.to_string()),
        );
        let rec = Record::from_game(&self.game, tags);
        if json_format {
            rec.to_json()
        } else {
            rec.to_text()
        }
    }
}

impl Settled for Entry {
    type Settings = Settings;

    fn settings(&self) -> &Settings {
        &self.settings
    }

    fn activity_with(&self, settings: &Settings, now: u64) -> Activity {
        activity(&self.game, settings, now)
    }

    fn set_settings(&mut self, settings: Settings) {
        self.settings = settings;
    }

    fn online(&self) -> bool {
        self.settings.seats.kind() == Kind::Online
    }

    fn named(&self, held: u8, name: Option<String>) -> Settings {
        let side = if held & 1 != 0 {
            Side::South
        } else {
            Side::North
        };
        let mut settings = self.settings.clone();
        settings.names[side] = name.clone().unwrap_or_else(|| side.to_string());
        if let Some(o) = settings.seats.online_mut() {
            o.players[side] = name;
        }
        settings
    }
}

/// One game with its lock and its live-update channel.
pub struct Slot<E = Entry> {
    /// The game's id.
    pub id: String,
    /// The game, locked while a request reads or changes it.
    pub entry: Mutex<E>,
    tx: broadcast::Sender<Arc<str>>,
    /// When the game was last asked for, by the hub's clock: idle games leave memory.
    pub(crate) used: AtomicU64,
}

impl<E: Held> Slot<E> {
    /// A slot holding `entry`.
    pub fn new(id: String, entry: E, now: u64) -> Slot<E> {
        let (tx, _) = broadcast::channel(64);
        Slot {
            id,
            entry: Mutex::new(entry),
            tx,
            used: AtomicU64::new(now),
        }
    }

    /// Live updates of this game, as JSON texts.
    pub fn subscribe(&self) -> broadcast::Receiver<Arc<str>> {
        self.tx.subscribe()
    }

    /// How many sockets watch this game.
    pub fn watchers(&self) -> usize {
        self.tx.receiver_count()
    }

    /// The current state message `{"type":"state","game":...}`.
    pub async fn state_message(&self) -> String {
        self.entry.lock().await.state_update(&self.id).to_string()
    }

    /// A socket showed `token`: the seats it holds (a bit each) count as connected until
    /// [`Slot::leave`]. Returns those seats.
    pub async fn arrive(&self, token: &str) -> u8 {
        let mut e = self.entry.lock().await;
        let held = e.seats_of(token);
        self.count_presence(&mut e, held, |n| n + 1);
        held
    }

    /// A socket that showed a token for the seats `held` closed.
    pub async fn leave(&self, held: u8) {
        let mut e = self.entry.lock().await;
        self.count_presence(&mut e, held, |n| n.saturating_sub(1));
    }

    fn count_presence(&self, e: &mut E, held: u8, change: impl Fn(usize) -> usize) {
        if held == 0 {
            return;
        }
        for (k, n) in e.present_mut().iter_mut().enumerate() {
            if held & 1 << k != 0 {
                *n = change(*n);
            }
        }
        self.publish(&e.presence_update());
    }

    /// Sends `update` to the game's sockets; returns it as JSON, the answer of the request
    /// that caused it.
    pub fn publish(&self, update: &impl Serialize) -> Value {
        let value = json(update);
        if self.tx.receiver_count() > 0 {
            let _ = self.tx.send(Arc::from(value.to_string()));
        }
        value
    }

    pub(crate) fn touch(&self, now: u64) {
        self.used.store(now, Ordering::Relaxed);
    }

    pub(crate) fn last_used(&self) -> u64 {
        self.used.load(Ordering::Relaxed)
    }
}

impl Slot<Entry> {
    /// The game's info.
    pub fn info(&self, e: &Entry) -> GameInfo {
        GameInfo::of(&self.id, e)
    }
}
