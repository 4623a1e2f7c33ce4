//! PostgreSQL storage (`--db postgres://user@host:port/db`): the same tables as SQLite, shared
//! by every instance of the server that names the same database.
//!
//! A change is one statement (so one transaction) that bumps the game's version where it is
//! still the version the change was made on (`UPDATE … WHERE id = $1 AND version = $2`) and
//! adds or deletes moves only where it did. The row lock of that update makes two changes of one
//! game wait for each other, and the second then finds the version moved on and is refused
//! ([`StoreError::Stale`]): of two moves raced on two instances one is kept and the other
//! answered 409. After the commit, `NOTIFY rajapasu_games, '<id> <version>'` reaches every
//! instance's listener ([`Notice`]), which reloads the game and tells its sockets. A change is
//! acknowledged once its commit returns, which with PostgreSQL's defaults
//! (`synchronous_commit = on`) means it is on disk.

use super::contract::{Activity, Change, Notice, Store, StoreError, StoredGame};
use super::lobby::POSTGRES_CHANNEL as LOBBY_CHANNEL;
use super::postgres_tx::PgTx;
use super::sql::{Db, Pending, Tx};
use crate::ratings::standing::RatedEnd;
use deadpool_postgres::{Pool, PoolConfig, Runtime};
use std::time::Duration;
use tokio::sync::{broadcast, mpsc};
use tokio_postgres::{AsyncMessage, NoTls};

/// The channel of change notices.
const CHANNEL: &str = "rajapasu_games";

/// Connections kept open per instance: enough for the moves of many games at once, few enough
/// that several instances stay far below PostgreSQL's default of 100 connections.
const POOL_SIZE: usize = 16;

/// Any number, the same in every instance: it serialises the schema's creation between
/// instances that start together.
const SCHEMA_LOCK: i64 = 0x7261_6a61;

const SCHEMA: &str = "
    CREATE TABLE IF NOT EXISTS games(
        id TEXT PRIMARY KEY,
        meta TEXT NOT NULL,
        created BIGINT NOT NULL DEFAULT extract(epoch FROM now())::bigint,
        version BIGINT NOT NULL DEFAULT 0,
        active BIGINT,
        finished BOOLEAN,
        computer_next BOOLEAN NOT NULL DEFAULT false);
    CREATE TABLE IF NOT EXISTS moves(
        game TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        ply INTEGER NOT NULL,
        mv SMALLINT NOT NULL,
        PRIMARY KEY(game, ply));
    CREATE INDEX IF NOT EXISTS games_unfinished ON games(finished, active);
    CREATE INDEX IF NOT EXISTS games_computer ON games(computer_next) WHERE computer_next;
    ALTER TABLE games ADD COLUMN IF NOT EXISTS deadline BIGINT;
    CREATE TABLE IF NOT EXISTS alive(
        id INTEGER PRIMARY KEY CHECK (id = 1),
        at BIGINT NOT NULL);
    CREATE INDEX IF NOT EXISTS games_deadline ON games(deadline) WHERE deadline IS NOT NULL;";

/// A pool of connections to one PostgreSQL database, and this instance's listener.
pub struct PgStore {
    pub(super) pool: Pool,
    notices: broadcast::Sender<Notice>,
}

pub(super) fn pool_error(e: impl std::fmt::Display) -> StoreError {
    StoreError::Pool(e.to_string())
}

impl PgStore {
    /// Connects to the database at `url`, creates the tables if they are missing and starts
    /// listening for other instances' changes.
    pub async fn open(url: &str) -> Result<PgStore, StoreError> {
        let mut config: tokio_postgres::Config = url
            .parse()
            .map_err(|e: tokio_postgres::Error| StoreError::Url(e.to_string()))?;
        // A server that does not answer is an error within seconds, not a hang.
        if config.get_connect_timeout().is_none() {
            config.connect_timeout(Duration::from_secs(10));
        }
        let manager = deadpool_postgres::Manager::new(config.clone(), NoTls);
        let pool = Pool::builder(manager)
            .config(PoolConfig::new(POOL_SIZE))
            .runtime(Runtime::Tokio1)
            .build()
            .map_err(pool_error)?;
        {
            let mut client = pool.get().await.map_err(pool_error)?;
            let tx = client.transaction().await?;
            tx.execute("SELECT pg_advisory_xact_lock($1)", &[&SCHEMA_LOCK])
                .await?;
            tx.batch_execute(SCHEMA).await?;
            tx.batch_execute(super::accounts::SCHEMA).await?;
            tx.batch_execute(super::ratings::SCHEMA).await?;
            tx.batch_execute(super::lobby::SCHEMA).await?;
            tx.batch_execute(super::puzzles::SCHEMA).await?;
            tx.batch_execute(super::tournaments::SCHEMA).await?;
            tx.batch_execute(super::quotas::SCHEMA).await?;
            tx.batch_execute(&super::split_pools::statements()).await?;
            tx.batch_execute(&super::repair::statements()).await?;
            super::seat_hashes::postgres(&tx).await?;
            tx.commit().await?;
        }
        let (notices, _) = broadcast::channel(1024);
        // The first connection is made before the store is handed out, so that no change
        // committed after the start can go unheard.
        let first = listen(&config).await?;
        tokio::spawn(keep_listening(config, first, notices.clone()));
        Ok(PgStore { pool, notices })
    }
}

/// A listening connection: its client (the connection lives while it does) and its notices.
type Listener = (
    tokio_postgres::Client,
    mpsc::UnboundedReceiver<tokio_postgres::Notification>,
);

async fn listen(config: &tokio_postgres::Config) -> Result<Listener, StoreError> {
    let (client, mut connection) = config.connect(NoTls).await?;
    let (tx, rx) = mpsc::unbounded_channel();
    tokio::spawn(async move {
        while let Some(Ok(message)) = std::future::poll_fn(|cx| connection.poll_message(cx)).await {
            if let AsyncMessage::Notification(n) = message {
                if tx.send(n).is_err() {
                    break;
                }
            }
        }
    });
    client
        .batch_execute(&format!(
            "LISTEN {CHANNEL}; LISTEN {LOBBY_CHANNEL}; LISTEN {}",
            super::tournaments::POSTGRES_CHANNEL
        ))
        .await?;
    Ok((client, rx))
}

/// Passes notices on; when the connection is lost, connects again and says that notices may
/// have been missed meanwhile.
async fn keep_listening(
    config: tokio_postgres::Config,
    first: Listener,
    notices: broadcast::Sender<Notice>,
) {
    let mut current = Some(first);
    loop {
        if let Some((_client, mut rx)) = current.take() {
            while let Some(n) = rx.recv().await {
                if n.channel() == LOBBY_CHANNEL {
                    let _ = notices.send(Notice::Lobby);
                    continue;
                }
                if n.channel() == super::tournaments::POSTGRES_CHANNEL {
                    let _ = notices.send(Notice::Tournament(n.payload().to_string()));
                    continue;
                }
                let mut words = n.payload().split(' ');
                if let (Some(id), Some(Ok(version))) = (words.next(), words.next().map(str::parse))
                {
                    let _ = notices.send(Notice::Changed {
                        id: id.to_string(),
                        version,
                    });
                }
            }
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
        if let Ok(listener) = listen(&config).await {
            current = Some(listener);
            let _ = notices.send(Notice::Missed);
        }
    }
}

/// Makes `change` on the game `id` if it is still at `version`, in one statement: the version
/// check and bump, and the move added or the moves taken back only where the bump happened;
/// a flag (`activity.time_out`) commits without waiting for the disk. Whether it was made.
async fn apply_change(
    client: &impl deadpool_postgres::GenericClient,
    id: &str,
    version: u64,
    change: &Change,
    activity: &Activity,
) -> Result<bool, StoreError> {
    let (meta, add, truncate) = match change {
        Change::Meta(meta) => (Some(meta.as_str()), None, None),
        Change::AddMove { ply, mv, meta } => {
            (meta.as_deref(), Some((*ply as i32, *mv as i16)), None)
        }
        Change::Truncate { from_ply, meta } => (meta.as_deref(), None, Some(*from_ply as i32)),
    };
    let stmt = client
        .prepare_cached(
            "WITH up AS (
                 UPDATE games SET version = version + 1, active = $3, finished = $4,
                     computer_next = $5, meta = COALESCE($6, meta), deadline = $10
                 WHERE id = $1 AND version = $2
                 RETURNING id),
             added AS (
                 INSERT INTO moves(game, ply, mv)
                 SELECT id, $7::int, $8::smallint FROM up WHERE $7::int IS NOT NULL),
             removed AS (
                 DELETE FROM moves
                 WHERE $9::int IS NOT NULL AND ply >= $9::int
                   AND game IN (SELECT id FROM up))
             SELECT (SELECT count(*) FROM up),
                    set_config('synchronous_commit',
                        CASE WHEN $11::bool THEN 'off'
                             ELSE current_setting('synchronous_commit') END, true)",
        )
        .await?;
    let row = client
        .query_one(
            &stmt,
            &[
                &id,
                &(version as i64),
                &(activity.at as i64),
                &activity.finished,
                &activity.computer_next,
                &meta,
                &add.map(|a| a.0),
                &add.map(|a| a.1),
                &truncate,
                &activity.deadline.map(|d| d as i64),
                &activity.time_out,
            ],
        )
        .await?;
    Ok(row.try_get::<_, i64>(0)? != 0)
}

/// Tells every instance that the game `id` is at `version`. The notice goes in a transaction
/// of its own, after the change committed, and without waiting for the disk: PostgreSQL lets
/// one notifying transaction commit at a time, so a notice in the change's own transaction
/// would make every commit wait for the previous one's disk write. A notice lost in a crash
/// right after the commit costs only a late update: a stale copy is read again on the next
/// request that finds it behind, and a change made on it is refused.
///
/// The notice is sent on its own task, holding the connection until it is sent: the change
/// is answered (and told to this instance's sockets) one round trip sooner, and a notice that
/// fails is logged, not taken for a change that failed (it committed).
fn notify(client: deadpool_postgres::Client, id: &str, version: u64) {
    let payload = format!("{id} {version}");
    tokio::spawn(async move {
        let sent = async {
            let notify = client
                .prepare_cached(
                    "SELECT set_config('synchronous_commit', 'off', true), pg_notify($1, $2)",
                )
                .await?;
            client.execute(&notify, &[&CHANNEL, &payload]).await?;
            Ok::<_, tokio_postgres::Error>(())
        };
        if let Err(e) = sent.await {
            tracing::warn!(notice = %payload, "other instances not told of a change: {e}");
        }
    });
}

#[async_trait::async_trait]
impl Store for PgStore {
    async fn create(
        &self,
        game: StoredGame,
        activity: Activity,
        cap: Option<u64>,
    ) -> Result<(), StoreError> {
        let client = self.pool.get().await.map_err(pool_error)?;
        // One statement, so one round trip and one implicit transaction: the game (unless the
        // cap is reached, counted in the same statement) and the moves of an imported record.
        let stmt = client
            .prepare_cached(
                "WITH g AS (
                     INSERT INTO games(id, meta, version, active, finished, computer_next, deadline)
                     SELECT $1, $2, 0, $3, $4, $5, $8::bigint
                     WHERE $6::bigint IS NULL
                        OR (SELECT count(*) FROM games WHERE finished = false) < $6::bigint
                     RETURNING id),
                 m AS (
                     INSERT INTO moves(game, ply, mv)
                     SELECT g.id, (o - 1)::int, mv
                     FROM g, unnest($7::smallint[]) WITH ORDINALITY AS t(mv, o))
                 SELECT count(*) FROM g",
            )
            .await?;
        let moves: Vec<i16> = game.moves.iter().map(|&m| m as i16).collect();
        let row = client
            .query_one(
                &stmt,
                &[
                    &game.id,
                    &game.meta,
                    &(activity.at as i64),
                    &activity.finished,
                    &activity.computer_next,
                    &cap.map(|c| c as i64),
                    &moves,
                    &activity.deadline.map(|d| d as i64),
                ],
            )
            .await?;
        if row.try_get::<_, i64>(0)? == 0 {
            return Err(StoreError::Full {
                cap: cap.unwrap_or(0),
            });
        }
        Ok(())
    }

    async fn change(
        &self,
        id: &str,
        version: u64,
        change: Change,
        activity: Activity,
    ) -> Result<(), StoreError> {
        let client = self.pool.get().await.map_err(pool_error)?;
        if !apply_change(&client, id, version, &change, &activity).await? {
            return Err(StoreError::Stale);
        }
        notify(client, id, version + 1);
        Ok(())
    }

    async fn change_rated(
        &self,
        id: &str,
        version: u64,
        change: Change,
        activity: Activity,
        end: RatedEnd,
    ) -> Result<(), StoreError> {
        let mut client = self.pool.get().await.map_err(pool_error)?;
        // The change, then the ratings, in one transaction: the version check makes one of two
        // instances storing the end go on, and the rated games' key rates a game once.
        let tx = client.transaction().await?;
        if !apply_change(&tx, id, version, &change, &activity).await? {
            return Err(StoreError::Stale);
        }
        super::ratings::rate_game(&mut PgTx::new(&tx), &end).await?;
        tx.commit().await?;
        notify(client, id, version + 1);
        Ok(())
    }

    async fn load(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        let client = self.pool.get().await.map_err(pool_error)?;
        // One statement: the settings and the moves of one snapshot.
        let stmt = client
            .prepare_cached(
                "SELECT meta, version, COALESCE(
                     (SELECT array_agg(mv ORDER BY ply) FROM moves WHERE game = g.id),
                     '{}'::smallint[])
                 FROM games g WHERE id = $1",
            )
            .await?;
        let Some(row) = client.query_opt(&stmt, &[&id]).await? else {
            return Ok(None);
        };
        let moves: Vec<i16> = row.try_get(2)?;
        Ok(Some(StoredGame {
            id: id.to_string(),
            meta: row.try_get(0)?,
            version: row.try_get::<_, i64>(1)?.max(0) as u64,
            moves: moves.into_iter().map(|m| m.clamp(0, 255) as u8).collect(),
        }))
    }

    async fn finished_games(&self, after: &str, limit: u32) -> Result<Vec<StoredGame>, StoreError> {
        let client = self.pool.get().await.map_err(pool_error)?;
        // One statement: the games and their moves of one snapshot.
        let rows = client
            .query(
                "SELECT id, meta, version, COALESCE(
                     (SELECT array_agg(mv ORDER BY ply) FROM moves WHERE game = g.id),
                     '{}'::smallint[])
                 FROM games g WHERE finished AND id > $1 ORDER BY id LIMIT $2",
                &[&after, &i64::from(limit)],
            )
            .await?;
        rows.iter()
            .map(|r| {
                let moves: Vec<i16> = r.try_get(3)?;
                Ok(StoredGame {
                    id: r.try_get(0)?,
                    meta: r.try_get(1)?,
                    version: r.try_get::<_, i64>(2)?.max(0) as u64,
                    moves: moves.into_iter().map(|m| m.clamp(0, 255) as u8).collect(),
                })
            })
            .collect()
    }

    async fn computer_waiting(&self) -> Result<Vec<String>, StoreError> {
        let client = self.pool.get().await.map_err(pool_error)?;
        let rows = client
            .query("SELECT id FROM games WHERE computer_next", &[])
            .await?;
        rows.iter()
            .map(|r| r.try_get(0).map_err(StoreError::from))
            .collect()
    }

    async fn due(&self, now: u64, limit: u32) -> Result<Vec<String>, StoreError> {
        let client = self.pool.get().await.map_err(pool_error)?;
        let rows = client
            .query(
                "SELECT id FROM games WHERE deadline IS NOT NULL AND deadline <= $1
                 ORDER BY deadline LIMIT $2",
                &[&(now as i64), &i64::from(limit)],
            )
            .await?;
        rows.iter()
            .map(|r| r.try_get(0).map_err(StoreError::from))
            .collect()
    }

    async fn next_deadline(&self) -> Result<Option<u64>, StoreError> {
        let client = self.pool.get().await.map_err(pool_error)?;
        let row = client
            .query_one(
                "SELECT min(deadline) FROM games WHERE deadline IS NOT NULL",
                &[],
            )
            .await?;
        Ok(row.try_get::<_, Option<i64>>(0)?.map(|d| d.max(0) as u64))
    }

    async fn alive(&self, now: u64) -> Result<(), StoreError> {
        let client = self.pool.get().await.map_err(pool_error)?;
        client
            .execute(
                "INSERT INTO alive(id, at) VALUES (1, $1)
                 ON CONFLICT(id) DO UPDATE SET at = greatest(alive.at, excluded.at)",
                &[&(now as i64)],
            )
            .await?;
        Ok(())
    }

    async fn downtime(&self, now: u64, gap: u64) -> Result<Option<u64>, StoreError> {
        let mut client = self.pool.get().await.map_err(pool_error)?;
        let tx = client.transaction().await?;
        // The row's lock makes instances that start together take turns: the second reads
        // the moment the first wrote, and is told of no downtime.
        let last = tx
            .query_opt("SELECT at FROM alive WHERE id = 1 FOR UPDATE", &[])
            .await?
            .map(|r| r.try_get::<_, i64>(0))
            .transpose()?;
        tx.execute(
            "INSERT INTO alive(id, at) VALUES (1, $1)
             ON CONFLICT(id) DO UPDATE SET at = excluded.at",
            &[&(now as i64)],
        )
        .await?;
        tx.commit().await?;
        Ok(last
            .map(|at| at.max(0) as u64)
            .filter(|&at| now.saturating_sub(at) > gap))
    }

    async fn expire(&self, idle_before: u64) -> Result<Vec<String>, StoreError> {
        let client = self.pool.get().await.map_err(pool_error)?;
        let rows = client
            .query(
                "DELETE FROM games WHERE finished = false AND active < $1 RETURNING id",
                &[&(idle_before as i64)],
            )
            .await?;
        rows.iter()
            .map(|r| r.try_get(0).map_err(StoreError::from))
            .collect()
    }

    fn notices(&self) -> Option<broadcast::Receiver<Notice>> {
        Some(self.notices.subscribe())
    }

    async fn fail_a_job(&self) -> Result<(), StoreError> {
        let mut client = self.pool.get().await.map_err(pool_error)?;
        let tx = client.transaction().await?;
        tx.execute("SELECT 1", &[]).await?;
        // Left uncommitted: the transaction is rolled back as it drops, the connection goes
        // back to the pool clean.
        super::error::guarded(|| panic!("a job made to fail"))
    }
}

#[async_trait::async_trait]
impl Db for PgStore {
    async fn transaction<R, F>(&self, job: F) -> Result<R, StoreError>
    where
        R: Send + 'static,
        F: for<'t> FnOnce(&'t mut dyn Tx) -> Pending<'t, R> + Send + 'static,
    {
        let mut client = self.pool.get().await.map_err(pool_error)?;
        // An error drops the transaction uncommitted: it rolls back.
        let tx = client.transaction().await?;
        let done = job(&mut PgTx::new(&tx)).await?;
        tx.commit().await?;
        Ok(done)
    }

    async fn at_once<R, F>(&self, job: F) -> Result<R, StoreError>
    where
        R: Send + 'static,
        F: for<'t> FnOnce(&'t mut dyn Tx) -> Pending<'t, R> + Send + 'static,
    {
        let client = self.pool.get().await.map_err(pool_error)?;
        job(&mut PgTx::new(&client)).await
    }
}
