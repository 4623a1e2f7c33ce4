//! PostgreSQL storage (`--db postgres://user@host:port/db`): the same tables as SQLite, shared
//! by every instance of the server that names the same database.
//!
//! A change ([`super::games`]) runs in a transaction of its own: it bumps the game's version
//! where it is still the version the change was made on (`UPDATE … WHERE id = $1 AND
//! version = $2`), then adds or deletes moves. The row lock of that update makes two changes
//! of one game wait for each other, and the second then finds the version moved on and is
//! refused ([`StoreError::Stale`]): of two moves raced on two instances one is kept and the
//! other answered 409. After the commit, `NOTIFY rajapasu_games, '<id> <version>'` reaches
//! every instance's listener ([`Notice`]), which reloads the game and tells its sockets. A
//! change is acknowledged once its commit returns, which with PostgreSQL's defaults
//! (`synchronous_commit = on`) means it is on disk.

use super::contract::{Notice, StoreError};
use super::games::{apply, GameDb, Write};
use super::lobby::POSTGRES_CHANNEL as LOBBY_CHANNEL;
use super::postgres_tx::PgTx;
use super::sql::{Db, Pending, Tx};
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
            for schema in super::games::FEATURE_SCHEMAS {
                tx.batch_execute(schema).await?;
            }
            tx.batch_execute(&super::split_pools::statements()).await?;
            tx.batch_execute(&super::repair::statements()).await?;
            super::seat_hashes::hash(&mut PgTx::new(&tx)).await?;
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

/// A pooled connection lent to one transaction that [`PgTx::opening`] opens. Given back with
/// [`Lent::end`], which commits or rolls back; dropped before that (a job stopped midway, or
/// an end that failed), the connection is closed instead of going back to the pool, and
/// PostgreSQL rolls back whatever it left open.
struct Lent(Option<deadpool_postgres::Object>);

impl Lent {
    /// The connection.
    fn client(&self) -> &deadpool_postgres::Object {
        self.0.as_ref().expect("lent until ended")
    }

    /// Ends the transaction `opened` by its first statement: commits it if `commit`, else
    /// rolls it back; then the connection, fit to be given back.
    async fn end(
        mut self,
        opened: bool,
        commit: bool,
    ) -> Result<deadpool_postgres::Object, StoreError> {
        if opened {
            let end = if commit { "COMMIT" } else { "ROLLBACK" };
            self.client().batch_execute(end).await?;
        }
        Ok(self.0.take().expect("lent until ended"))
    }
}

impl Drop for Lent {
    fn drop(&mut self) {
        if let Some(client) = self.0.take() {
            drop(deadpool_postgres::Object::take(client));
        }
    }
}

impl PgStore {
    /// A connection for one transaction, which [`PgTx::opening`] opens with its first
    /// statement (one round trip fewer than a `BEGIN` of its own) and [`Lent::end`] ends.
    async fn lend(&self) -> Result<Lent, StoreError> {
        Ok(Lent(Some(self.pool.get().await.map_err(pool_error)?)))
    }
}

#[async_trait::async_trait]
impl GameDb for PgStore {
    /// In a transaction of its own, then told to the other instances.
    async fn write(&self, write: Write) -> Result<Vec<String>, StoreError> {
        let lent = self.lend().await?;
        let mut tx = PgTx::opening(lent.client());
        let mut done = Ok(());
        if write.time_out() {
            done = tx
                .execute("SELECT set_config('synchronous_commit', 'off', true)", &[])
                .await
                .map(drop);
        }
        let done = match done {
            Ok(()) => apply(&mut tx, &write).await,
            Err(e) => Err(e),
        };
        let opened = tx.opened();
        let client = lent.end(opened, done.is_ok()).await?;
        let ids = done?;
        if let Some((id, version)) = write.changed() {
            notify(client, id, version);
        }
        Ok(ids)
    }

    fn notices_of_others(&self) -> Option<broadcast::Receiver<Notice>> {
        Some(self.notices.subscribe())
    }

    async fn panic_in_a_job(&self) -> Result<(), StoreError> {
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
        let lent = self.lend().await?;
        let mut tx = PgTx::opening(lent.client());
        let done = job(&mut tx).await;
        let opened = tx.opened();
        // Back to the pool.
        drop(lent.end(opened, done.is_ok()).await?);
        done
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
