//! The games ([`Store`]), written once for both databases over [`Tx`]: their queries, how a
//! row reads as a [`StoredGame`], and the policies (the cap on unfinished games, the refusal
//! of a stale change, the rating of a rated end, the expiry).
//!
//! A write ([`Write`]) is one function, [`apply`], that each database runs its own way
//! ([`GameDb::write`]): SQLite in a savepoint of its group commit (many writes, one commit,
//! see [`super::sqlite`]), PostgreSQL in a transaction of its own followed by a notice to the
//! other instances (see [`super::postgres`]). Reads run as any feature's do ([`Db`]).

use super::contract::{Activity, Change, Notice, Store, StoreError, StoredGame};
use super::sql::{Db, Row, Tx, Value};
use crate::ratings::standing::RatedEnd;
use tokio::sync::broadcast;

/// The tables of the features the [`Store`] gathers besides the games, created when missing
/// after the games' (the accounts first: the ratings and the puzzles refer to them).
pub(super) const FEATURE_SCHEMAS: [&str; 6] = [
    super::accounts::SCHEMA,
    super::ratings::SCHEMA,
    super::lobby::SCHEMA,
    super::puzzles::SCHEMA,
    super::tournaments::SCHEMA,
    super::quotas::SCHEMA,
];

/// One write of a game, with what it answers: the games it touched.
pub(super) enum Write {
    /// A new game, unless `cap` unfinished games are stored.
    Create {
        game: StoredGame,
        activity: Activity,
        cap: Option<u64>,
    },
    /// A change of the game `id`, made on `version`.
    Change {
        id: String,
        version: u64,
        change: Change,
        activity: Activity,
        /// The end of a rated game, rated with the change.
        rated: Option<Box<RatedEnd>>,
    },
    /// The unfinished games idle since before `idle_before` deleted.
    Expire { idle_before: u64 },
}

impl Write {
    /// The change of the game `id` made on `version`, rating it when it is a rated end.
    fn change(
        id: &str,
        version: u64,
        change: Change,
        activity: Activity,
        rated: Option<RatedEnd>,
    ) -> Write {
        Write::Change {
            id: id.to_string(),
            version,
            change,
            activity,
            rated: rated.map(Box::new),
        }
    }

    /// The game and version a change leaves, to tell the other instances.
    pub(super) fn changed(&self) -> Option<(&str, u64)> {
        match self {
            Write::Change { id, version, .. } => Some((id, version + 1)),
            _ => None,
        }
    }

    /// A flag stored at or after the deadline, which need not wait for the disk
    /// ([`Activity::time_out`]).
    pub(super) fn time_out(&self) -> bool {
        matches!(self, Write::Change { activity, .. } if activity.time_out)
    }
}

/// A database that keeps games: how it runs a [`Write`], and what it tells of other instances.
#[async_trait::async_trait]
pub(super) trait GameDb: Db {
    /// Runs `write` ([`apply`]) and returns once it is committed: on disk, but for a flag
    /// that need not be ([`Activity::time_out`]).
    async fn write(&self, write: Write) -> Result<Vec<String>, StoreError>;

    /// What [`Store::notices`] answers.
    fn notices_of_others(&self) -> Option<broadcast::Receiver<Notice>>;

    /// What [`Store::fail_a_job`] does.
    async fn panic_in_a_job(&self) -> Result<(), StoreError>;
}

/// Makes `write`, whole or not at all (its caller undoes an `Err`'s statements).
pub(super) async fn apply(tx: &mut dyn Tx, write: &Write) -> Result<Vec<String>, StoreError> {
    match write {
        Write::Create {
            game,
            activity,
            cap,
        } => create(tx, game, activity, *cap).await,
        Write::Change {
            id,
            version,
            change,
            activity,
            rated,
        } => {
            self::change(tx, id, *version, change, activity).await?;
            if let Some(end) = rated {
                super::ratings::rate_game(tx, end).await?;
            }
            Ok(vec![id.clone()])
        }
        Write::Expire { idle_before } => expire(tx, *idle_before).await,
    }
}

async fn create(
    tx: &mut dyn Tx,
    game: &StoredGame,
    activity: &Activity,
    cap: Option<u64>,
) -> Result<Vec<String>, StoreError> {
    // The cap is counted in the statement that inserts.
    let inserted = tx
        .execute(
            "INSERT INTO games(id, meta, version, active, finished, computer_next, deadline)
             SELECT $1, $2, 0, $3, $4, $5, $6::bigint
             WHERE $7::bigint IS NULL
                OR (SELECT count(*) FROM games WHERE finished = false) < $7::bigint",
            &row_values(&game.id, (&game.meta).into(), activity, cap.into()),
        )
        .await?;
    if inserted == 0 {
        return Err(StoreError::Full {
            cap: cap.unwrap_or(0),
        });
    }
    // The moves of an imported record.
    for (ply, &mv) in game.moves.iter().enumerate() {
        add_move(tx, &game.id, ply as u64, mv).await?;
    }
    Ok(vec![game.id.clone()])
}

/// The parameters a game's row is written with: `$1` its id, `$3` to `$6` its activity
/// (when, finished, the computer to move, the deadline), `$2` and `$7` what the statement
/// needs besides.
fn row_values(id: &str, second: Value, activity: &Activity, seventh: Value) -> [Value; 7] {
    [
        id.into(),
        second,
        activity.at.into(),
        activity.finished.into(),
        activity.computer_next.into(),
        activity.deadline.into(),
        seventh,
    ]
}

/// A move of a game: the game's id, its ply, the move.
const ADD_MOVE: &str = "INSERT INTO moves(game, ply, mv) VALUES ($1, $2, $3)";

async fn add_move(tx: &mut dyn Tx, id: &str, ply: u64, mv: u8) -> Result<(), StoreError> {
    tx.execute(ADD_MOVE, &[id.into(), ply.into(), u32::from(mv).into()])
        .await
        .map(drop)
}

/// Bumps the version of the game `id` where it is still `version` ([`StoreError::Stale`] if
/// not), then adds or deletes its moves. On PostgreSQL the update's row lock makes a second
/// change of the game wait for the first to commit, and then find the version moved on.
async fn change(
    tx: &mut dyn Tx,
    id: &str,
    version: u64,
    change: &Change,
    activity: &Activity,
) -> Result<(), StoreError> {
    let meta = match change {
        Change::Meta(meta) => Some(meta),
        Change::AddMove { meta, .. } | Change::Truncate { meta, .. } => meta.as_ref(),
    };
    let update = row_values(id, version.into(), activity, meta.into());
    let update = (
        "UPDATE games SET version = version + 1, active = $3, finished = $4,
             computer_next = $5, deadline = $6, meta = coalesce($7, meta)
         WHERE id = $1 AND version = $2",
        &update[..],
    );
    // The moves' statement goes with the bump (one round trip on PostgreSQL); a bump that
    // found the version moved on refuses the change whatever the moves' statement did, and
    // the caller undoes both.
    let (bumped, moves) = match change {
        Change::AddMove { ply, mv, .. } => {
            let params = [id.into(), u64::from(*ply).into(), u32::from(*mv).into()];
            tx.execute_two(update, (ADD_MOVE, &params)).await?
        }
        Change::Truncate { from_ply, .. } => {
            let params = [id.into(), (*from_ply).into()];
            let truncate = "DELETE FROM moves WHERE game = $1 AND ply >= $2";
            tx.execute_two(update, (truncate, &params)).await?
        }
        Change::Meta(_) => (tx.execute(update.0, update.1).await?, Ok(0)),
    };
    if bumped == 0 {
        return Err(StoreError::Stale);
    }
    moves.map(drop)
}

async fn expire(tx: &mut dyn Tx, idle_before: u64) -> Result<Vec<String>, StoreError> {
    // Locked as they are read (on PostgreSQL): a change made meanwhile waits, and finds the
    // game gone.
    let ids = ids(tx
        .query(
            "SELECT id FROM games WHERE finished = false AND active < $1
             ORDER BY active FOR UPDATE",
            &[idle_before.into()],
        )
        .await?)?;
    let set = [Value::Texts(ids.clone())];
    tx.execute("DELETE FROM moves WHERE game = ANY($1)", &set)
        .await?;
    tx.execute("DELETE FROM games WHERE id = ANY($1)", &set)
        .await?;
    Ok(ids)
}

/// The first column of `rows`, as ids.
fn ids(rows: Vec<Row>) -> Result<Vec<String>, StoreError> {
    rows.iter().map(|r| r.get(0)).collect()
}

/// A stored number (never negative when written by this code) as a `u64`.
fn unsigned(n: i64) -> u64 {
    n.max(0) as u64
}

/// The game `id`. One statement, so one snapshot on PostgreSQL too: the game's row first
/// (ply -1), then its moves in order.
async fn load(tx: &mut dyn Tx, id: &str) -> Result<Option<StoredGame>, StoreError> {
    let rows = tx
        .query(
            "SELECT meta, version, -1 AS ply, 0 AS mv FROM games WHERE id = $1
             UNION ALL
             SELECT NULL, NULL, ply, mv FROM moves WHERE game = $1
             ORDER BY 3",
            &[id.into()],
        )
        .await?;
    let mut rows = rows.iter();
    let Some(game) = rows.next().filter(|r| matches!(r.get::<i64>(2), Ok(-1))) else {
        return Ok(None);
    };
    let mut moves = Vec::with_capacity(rows.len());
    for row in rows {
        // Plies are stored densely from 0; a gap would mean a damaged file: keep the prefix.
        if row.get::<i64>(2)? != moves.len() as i64 {
            break;
        }
        moves.push(row.get::<i64>(3)?.clamp(0, 255) as u8);
    }
    Ok(Some(StoredGame {
        id: id.to_string(),
        meta: game.get(0)?,
        moves,
        version: unsigned(game.get(1)?),
    }))
}

#[async_trait::async_trait]
impl<D: GameDb> Store for D {
    async fn create(
        &self,
        game: StoredGame,
        activity: Activity,
        cap: Option<u64>,
    ) -> Result<(), StoreError> {
        let write = Write::Create {
            game,
            activity,
            cap,
        };
        self.write(write).await.map(drop)
    }

    async fn change(
        &self,
        id: &str,
        version: u64,
        change: Change,
        activity: Activity,
    ) -> Result<(), StoreError> {
        let write = Write::change(id, version, change, activity, None);
        self.write(write).await.map(drop)
    }

    async fn change_rated(
        &self,
        id: &str,
        version: u64,
        change: Change,
        activity: Activity,
        end: RatedEnd,
    ) -> Result<(), StoreError> {
        let write = Write::change(id, version, change, activity, Some(end));
        self.write(write).await.map(drop)
    }

    async fn load(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        let id = id.to_string();
        self.at_once(move |tx| Box::pin(async move { load(tx, &id).await }))
            .await
    }

    async fn finished_games(&self, after: &str, limit: u32) -> Result<Vec<StoredGame>, StoreError> {
        let page = [Value::from(after), limit.into()];
        self.at_once(move |tx| {
            Box::pin(async move {
                let sql = "SELECT id FROM games WHERE finished AND id > $1 ORDER BY id LIMIT $2";
                let mut games = Vec::new();
                for id in ids(tx.query(sql, &page).await?)? {
                    games.extend(load(tx, &id).await?);
                }
                Ok(games)
            })
        })
        .await
    }

    async fn computer_waiting(&self) -> Result<Vec<String>, StoreError> {
        let sql = "SELECT id FROM games WHERE computer_next";
        ids(self.rows(sql, vec![]).await?)
    }

    async fn due(&self, now: u64, limit: u32) -> Result<Vec<String>, StoreError> {
        let sql = "SELECT id FROM games WHERE deadline IS NOT NULL AND deadline <= $1
                   ORDER BY deadline LIMIT $2";
        ids(self.rows(sql, vec![now.into(), limit.into()]).await?)
    }

    async fn next_deadline(&self) -> Result<Option<u64>, StoreError> {
        let sql = "SELECT min(deadline) FROM games WHERE deadline IS NOT NULL";
        let row = self.row(sql, vec![]).await?;
        Ok(match row {
            Some(row) => row.get::<Option<i64>>(0)?.map(unsigned),
            None => None,
        })
    }

    async fn alive(&self, now: u64) -> Result<(), StoreError> {
        let sql = "INSERT INTO alive(id, at) VALUES (1, $1)
                   ON CONFLICT(id) DO UPDATE SET at = greatest(alive.at, excluded.at)";
        self.statement(sql, vec![now.into()]).await.map(drop)
    }

    async fn downtime(&self, now: u64, gap: u64) -> Result<Option<u64>, StoreError> {
        self.transaction(move |tx| {
            Box::pin(async move {
                // The row's lock makes instances that start together take turns: the second
                // reads the moment the first wrote, and is told of no downtime.
                let last = tx
                    .query_opt("SELECT at FROM alive WHERE id = 1 FOR UPDATE", &[])
                    .await?
                    .map(|r| r.get::<i64>(0))
                    .transpose()?;
                tx.execute(
                    "INSERT INTO alive(id, at) VALUES (1, $1)
                     ON CONFLICT(id) DO UPDATE SET at = excluded.at",
                    &[now.into()],
                )
                .await?;
                Ok(last
                    .map(unsigned)
                    .filter(|&at| now.saturating_sub(at) > gap))
            })
        })
        .await
    }

    async fn expire(&self, idle_before: u64) -> Result<Vec<String>, StoreError> {
        self.write(Write::Expire { idle_before }).await
    }

    fn notices(&self) -> Option<broadcast::Receiver<Notice>> {
        self.notices_of_others()
    }

    async fn fail_a_job(&self) -> Result<(), StoreError> {
        self.panic_in_a_job().await
    }
}
