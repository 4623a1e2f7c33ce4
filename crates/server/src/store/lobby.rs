//! What every store keeps of the lobby ([`LobbyStore`]): the open challenges (seeks), each
//! held by the lobby socket of the player who made it, and, once one is accepted, the game it
//! became (with the seeker's seat token, for the seeker's socket to be told). Kept in the store,
//! not in memory, so that every instance sharing it lists the same seeks and of two players
//! accepting one seek on two instances one gets it ([`LobbyStore::claim_seek`]).

use super::error::StoreError;

/// The seeks' table in SQLite, created when missing.
pub(super) const SQLITE_SCHEMA: &str = "
     CREATE TABLE IF NOT EXISTS seeks(
         id TEXT PRIMARY KEY,
         socket TEXT NOT NULL,
         account TEXT,
         name TEXT,
         settings TEXT NOT NULL,
         created INTEGER NOT NULL,
         seen INTEGER NOT NULL,
         game TEXT,
         token TEXT,
         seat TEXT);
     CREATE INDEX IF NOT EXISTS seeks_socket ON seeks(socket);";

/// The seeks' table in PostgreSQL, created with the games' (under the same lock) when missing.
pub(super) const POSTGRES_SCHEMA: &str = "
    CREATE TABLE IF NOT EXISTS seeks(
        id TEXT PRIMARY KEY,
        socket TEXT NOT NULL,
        account TEXT,
        name TEXT,
        settings TEXT NOT NULL,
        created BIGINT NOT NULL,
        seen BIGINT NOT NULL,
        game TEXT,
        token TEXT,
        seat TEXT);
    CREATE INDEX IF NOT EXISTS seeks_socket ON seeks(socket);";

/// PostgreSQL's channel of the lobby's notices: the seeks changed.
pub(super) const POSTGRES_CHANNEL: &str = "rajapasu_lobby";

/// A seek as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredSeek {
    /// The seek's id.
    pub id: String,
    /// The id of the lobby socket that holds it: the seek goes when the socket does.
    pub socket: String,
    /// The seeker's account id and name, when signed in.
    pub account: Option<(String, String)>,
    /// The request's settings, as JSON (`crate::lobby::seek::SeekSettings`).
    pub settings: String,
    /// When it was made, seconds since 1970.
    pub created: u64,
    /// When its socket was last known open, seconds since 1970.
    pub seen: u64,
    /// The game it became, once accepted.
    pub matched: Option<Matched>,
}

/// The game a seek became: its id, and the seeker's seat and token in it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Matched {
    /// The game's id.
    pub game: String,
    /// The seeker's seat token.
    pub token: String,
    /// The seeker's seat (`south`, `north`).
    pub seat: String,
}

/// Where the seeks are kept: every method returns once its work is committed. A change tells
/// the other instances (PostgreSQL: a notice on the lobby's channel, [`super::Notice::Lobby`]).
#[async_trait::async_trait]
pub trait LobbyStore: Send + Sync {
    /// Stores a new seek, unless its socket holds `cap` open seeks already (false).
    async fn add_seek(&self, seek: StoredSeek, cap: u32) -> Result<bool, StoreError>;

    /// The open seeks (not accepted) whose socket was seen at or after `seen_after`, the
    /// oldest first, at most `limit`.
    async fn open_seeks(&self, seen_after: u64, limit: u32) -> Result<Vec<StoredSeek>, StoreError>;

    /// The seek `id`, open or accepted.
    async fn seek(&self, id: &str) -> Result<Option<StoredSeek>, StoreError>;

    /// Marks the open seek `id` (seen at or after `seen_after`) as become `matched`: true for
    /// the one caller that does, false when it is gone or taken. It tells no other instance:
    /// the caller stores the game first, then calls [`LobbyStore::tell_lobby`].
    async fn claim_seek(
        &self,
        id: &str,
        seen_after: u64,
        matched: Matched,
    ) -> Result<bool, StoreError>;

    /// The accepted seeks held by these sockets, whose seekers are to be told.
    async fn matched_seeks(&self, sockets: Vec<String>) -> Result<Vec<StoredSeek>, StoreError>;

    /// Deletes the seek `id` if `socket` holds it (any socket: `None`); whether it did.
    async fn remove_seek(&self, id: &str, socket: Option<&str>) -> Result<bool, StoreError>;

    /// Deletes every seek of these sockets (they closed); how many.
    async fn remove_socket_seeks(&self, sockets: Vec<String>) -> Result<u64, StoreError>;

    /// Tells the other instances that the seeks changed (after a claim, once the game is
    /// stored; the other changes tell them themselves). Nothing to do with one instance.
    async fn tell_lobby(&self) -> Result<(), StoreError>;

    /// Notes these sockets open at `now`, and deletes the seeks of sockets not seen since
    /// `stale_before` (their instance stopped); how many it deleted.
    async fn keep_seeks(
        &self,
        sockets: Vec<String>,
        now: u64,
        stale_before: u64,
    ) -> Result<u64, StoreError>;
}
