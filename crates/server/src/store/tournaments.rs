//! What every store keeps of the tournaments ([`TournamentStore`]): each event as one
//! document (its settings, entrants, rounds, pairings, their games and results, and its next
//! deadline), with a version. Every change is made on the version it was read at and refused
//! when another request or instance changed the event meanwhile, so that a round is paired
//! once, a result is counted once and a forfeit is given once, whichever instance gets there
//! first (`crate::tournaments`).

use super::error::StoreError;
use super::sql::{Db, Row, Tx};

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

/// The tournaments' table, created when missing (in PostgreSQL with the games', under the same
/// lock).
pub(super) const SCHEMA: &str = "
    CREATE TABLE IF NOT EXISTS tournaments(
        id TEXT PRIMARY KEY,
        doc TEXT NOT NULL,
        version BIGINT NOT NULL,
        active BOOLEAN NOT NULL,
        public BOOLEAN NOT NULL,
        created BIGINT NOT NULL,
        wake BIGINT);
    CREATE INDEX IF NOT EXISTS tournaments_active ON tournaments(active);";

/// The event in the columns `id, doc, version, active, public, created, wake` of `row`.
fn tournament_of(row: &Row) -> Result<StoredTournament, StoreError> {
    Ok(StoredTournament {
        id: row.get(0)?,
        doc: row.get(1)?,
        version: row.get::<i64>(2)?.max(0) as u64,
        active: row.get(3)?,
        public: row.get(4)?,
        created: row.get::<i64>(5)?.max(0) as u64,
        wake: row.get::<Option<i64>>(6)?.map(|w| w.max(0) as u64),
    })
}

/// Counts `creator`'s events not finished and stores `t` if they are fewer than `cap`.
async fn add(
    tx: &mut dyn Tx,
    t: &StoredTournament,
    creator: &str,
    cap: u32,
) -> Result<bool, StoreError> {
    // The creator's lock, held to the commit: their creations are counted one at a time, on
    // every instance.
    tx.lock(&format!("tournament creator {creator}")).await?;
    let open: i64 = tx
        .query_one(
            "SELECT count(*) FROM tournaments
             WHERE active AND (doc::jsonb -> 'creator' ->> 'id') = $1",
            &[creator.into()],
        )
        .await?
        .get(0)?;
    if open >= i64::from(cap) {
        return Ok(false);
    }
    tx.execute(
        "INSERT INTO tournaments(id, doc, version, active, public, created, wake)
         VALUES ($1, $2, 0, $3, $4, $5, $6)",
        &[
            (&t.id).into(),
            (&t.doc).into(),
            t.active.into(),
            t.public.into(),
            t.created.into(),
            t.wake.into(),
        ],
    )
    .await?;
    Ok(true)
}

#[async_trait::async_trait]
impl<D: Db> TournamentStore for D {
    async fn add_tournament(
        &self,
        t: StoredTournament,
        creator: &str,
        cap: u32,
    ) -> Result<bool, StoreError> {
        let creator = creator.to_string();
        self.transaction(move |tx| Box::pin(async move { add(tx, &t, &creator, cap).await }))
            .await
    }

    async fn tournament(&self, id: &str) -> Result<Option<StoredTournament>, StoreError> {
        let sql = "SELECT id, doc, version, active, public, created, wake FROM tournaments
                   WHERE id = $1";
        let row = self.row(sql, vec![id.into()]).await?;
        row.as_ref().map(tournament_of).transpose()
    }

    async fn public_tournaments(&self, limit: u32) -> Result<Vec<StoredTournament>, StoreError> {
        let sql = "SELECT id, doc, version, active, public, created, wake FROM tournaments
                   WHERE public ORDER BY active DESC, created DESC, id LIMIT $1";
        let rows = self.rows(sql, vec![limit.into()]).await?;
        rows.iter().map(tournament_of).collect()
    }

    async fn active_tournaments(&self) -> Result<Vec<String>, StoreError> {
        let sql = "SELECT id FROM tournaments WHERE active";
        let rows = self.rows(sql, vec![]).await?;
        rows.iter().map(|r| r.get(0)).collect()
    }

    async fn update_tournament(&self, t: StoredTournament) -> Result<bool, StoreError> {
        self.transaction(move |tx| {
            Box::pin(async move {
                let n = tx
                    .execute(
                        "UPDATE tournaments SET doc = $3, version = version + 1, active = $4,
                             public = $5, wake = $6 WHERE id = $1 AND version = $2",
                        &[
                            (&t.id).into(),
                            t.version.into(),
                            (&t.doc).into(),
                            t.active.into(),
                            t.public.into(),
                            t.wake.into(),
                        ],
                    )
                    .await?;
                if n == 1 {
                    tx.notify(POSTGRES_CHANNEL, &t.id).await?;
                }
                Ok(n == 1)
            })
        })
        .await
    }
}
