//! What every store keeps of the tournaments ([`TournamentStore`]): each event as one
//! document (its settings, entrants, rounds, pairings, their games and results, and its next
//! deadline), with a version. Every change is made on the version it was read at and refused
//! when another request or instance changed the event meanwhile, so that a round is paired
//! once, a result is counted once and a forfeit is given once, whichever instance gets there
//! first (`crate::tournaments`).

use super::error::StoreError;

/// The tournaments' table in SQLite, created when missing.
pub(super) const SQLITE_SCHEMA: &str = "
     CREATE TABLE IF NOT EXISTS tournaments(
         id TEXT PRIMARY KEY,
         doc TEXT NOT NULL,
         version INTEGER NOT NULL,
         active INTEGER NOT NULL,
         public INTEGER NOT NULL,
         created INTEGER NOT NULL,
         wake INTEGER);
     CREATE INDEX IF NOT EXISTS tournaments_active ON tournaments(active);";

/// The tournaments' table in PostgreSQL, created with the games' (under the same lock).
pub(super) const POSTGRES_SCHEMA: &str = "
    CREATE TABLE IF NOT EXISTS tournaments(
        id TEXT PRIMARY KEY,
        doc TEXT NOT NULL,
        version BIGINT NOT NULL,
        active BOOLEAN NOT NULL,
        public BOOLEAN NOT NULL,
        created BIGINT NOT NULL,
        wake BIGINT);
    CREATE INDEX IF NOT EXISTS tournaments_active ON tournaments(active);";

/// PostgreSQL's channel of the tournaments' notices: the payload is the event's id.
pub(super) const POSTGRES_CHANNEL: &str = "rajapasu_tournaments";

/// A tournament as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredTournament {
    /// The event's id.
    pub id: String,
    /// The event, as JSON (`crate::tournaments::event::Event`).
    pub doc: String,
    /// How many changes it has had since it was created.
    pub version: u64,
    /// Not finished: the tournaments' task of every instance looks after it.
    pub active: bool,
    /// Listed to everyone (else reached by its link only).
    pub public: bool,
    /// When it was created, seconds since 1970.
    pub created: u64,
    /// Its next deadline (a round's window closing, an arena's end), seconds since 1970.
    pub wake: Option<u64>,
}

/// Where the tournaments are kept: every method returns once its work is committed.
#[async_trait::async_trait]
pub trait TournamentStore: Send + Sync {
    /// Stores a new event (its version 0) created by the account `creator`, unless `creator`
    /// has `cap` events not finished already (false). The count and the insert are one
    /// transaction, serialized per creator: of many creations at once, at most `cap` succeed.
    async fn add_tournament(
        &self,
        t: StoredTournament,
        creator: &str,
        cap: u32,
    ) -> Result<bool, StoreError>;

    /// The event `id`.
    async fn tournament(&self, id: &str) -> Result<Option<StoredTournament>, StoreError>;

    /// The public events, the newest first, at most `limit`.
    async fn public_tournaments(&self, limit: u32) -> Result<Vec<StoredTournament>, StoreError>;

    /// The ids of the events not finished, public or not.
    async fn active_tournaments(&self) -> Result<Vec<String>, StoreError>;

    /// Replaces the event `t.id` by `t` (at `t.version + 1` after) if it is still at
    /// `t.version`: true for the one caller that does, false when it moved on meanwhile. The
    /// other instances are told (PostgreSQL: a notice on the tournaments' channel,
    /// [`super::Notice::Tournament`]).
    async fn update_tournament(&self, t: StoredTournament) -> Result<bool, StoreError>;
}
