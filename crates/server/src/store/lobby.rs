//! What every store keeps of the lobby ([`LobbyStore`]): the open challenges (seeks), each
//! held by the lobby socket of the player who made it, and, once one is accepted, the game it
//! became (with the seeker's seat token, for the seeker's socket to be told); a Mandiri seek
//! also the player who joined it, waiting for the third. Kept in the store,
//! not in memory, so that every instance sharing it lists the same seeks and of two players
//! accepting one seek on two instances one gets it ([`LobbyStore::claim_seek`]).

use super::error::StoreError;
use super::sql::{Db, Row, Tx, Value};

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
    /// The player who joined it and waits for the game (a Mandiri seek's second player).
    pub joined: Option<Joiner>,
}

/// A player who joined a seek that waits for more players (Mandiri's second).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Joiner {
    /// Their lobby socket: they leave the seek when it closes.
    pub socket: String,
    /// Their account id and name, when signed in.
    pub account: Option<(String, String)>,
}

/// What joining a seek did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Joining {
    /// The player joined: the seek waits for one more.
    Joined,
    /// Another player had joined already: the caller is the last, and starts the game.
    Full(Joiner),
    /// The seek is gone, or taken.
    Gone,
}

/// How many open seeks one holder may have at once, checked with the seek's insert.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SeekCaps {
    /// Seeks of one lobby socket.
    pub per_socket: u32,
    /// Seeks of the sockets opened from one address (its network, for IPv6).
    pub per_address: u32,
    /// Seeks of one account, from any socket.
    pub per_account: u32,
}

/// Which cap refused a seek.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeekCap {
    /// [`SeekCaps::per_socket`].
    Socket,
    /// [`SeekCaps::per_address`].
    Address,
    /// [`SeekCaps::per_account`].
    Account,
}

/// What adding a seek did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Adding {
    /// The seek is stored.
    Added,
    /// No lobby socket of that id is open (never opened, closed, or its instance stopped).
    NoSocket,
    /// A cap is reached: the seek was not stored.
    Full(SeekCap),
}

/// The game a seek became: its id, and the seeker's seat and token in it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Matched {
    /// The game's id.
    pub game: String,
    /// The seeker's seat token, when the instance that made the game tells its own sockets;
    /// empty as the store keeps it (the seeker's instance gets a token of its own for the
    /// seat when it tells the seeker: no token is kept in clear).
    pub token: String,
    /// The seeker's seat (`south`, `north`).
    pub seat: String,
}

/// Where the seeks are kept: every method returns once its work is committed. A change tells
/// the other instances (PostgreSQL: a notice on the lobby's channel, [`super::Notice::Lobby`]).
#[async_trait::async_trait]
pub trait LobbyStore: Send + Sync {
    /// Notes the lobby socket `id`, opened from `address` at `now`: seeks can be made on it
    /// until it goes ([`LobbyStore::remove_socket_seeks`]) or is not noted open for long
    /// ([`LobbyStore::keep_seeks`]).
    async fn open_socket(&self, id: &str, address: &str, now: u64) -> Result<(), StoreError>;

    /// Stores a new seek, if its socket is open (noted at or after `seen_after`) and no cap
    /// of `caps` is reached: its socket's, its socket's address's, its account's. The counts
    /// and the insert are one transaction, serialized per address and per account, so that
    /// seeks sent at once cannot pass a cap.
    async fn add_seek(
        &self,
        seek: StoredSeek,
        caps: SeekCaps,
        seen_after: u64,
    ) -> Result<Adding, StoreError>;

    /// The open seeks (not accepted) whose socket was seen at or after `seen_after`, the
    /// oldest first, at most `limit`.
    async fn open_seeks(&self, seen_after: u64, limit: u32) -> Result<Vec<StoredSeek>, StoreError>;

    /// The seek `id`, open or accepted, with its waiting joiner.
    async fn seek(&self, id: &str) -> Result<Option<StoredSeek>, StoreError>;

    /// `joiner` joins the open seek `id` (seen at or after `seen_after`, at `now`), unless
    /// another joined first ([`Joining::Full`], naming them). Of two joining at once, one
    /// joins and the other is told it is full.
    async fn join_seek(
        &self,
        id: &str,
        joiner: Joiner,
        seen_after: u64,
        now: u64,
    ) -> Result<Joining, StoreError>;

    /// Marks the open seek `id` (seen at or after `seen_after`, its socket still open) as
    /// become `matched`, and its
    /// joiner on `socket` as become theirs (a Mandiri seek), in one transaction: true for the
    /// one caller that does, false when the seek is gone or taken, or the joiner left. It tells
    /// no other instance: the caller stores the game first, then calls
    /// [`LobbyStore::tell_lobby`].
    async fn claim_seek(
        &self,
        id: &str,
        seen_after: u64,
        matched: Matched,
        joiner: Option<(String, Matched)>,
    ) -> Result<bool, StoreError>;

    /// The accepted seeks held by these sockets, whose seekers are to be told.
    async fn matched_seeks(&self, sockets: Vec<String>) -> Result<Vec<StoredSeek>, StoreError>;

    /// The joins of these sockets whose seeks became games, whose joiners are to be told:
    /// the seek's id, the socket and the joiner's seat.
    async fn matched_joins(
        &self,
        sockets: Vec<String>,
    ) -> Result<Vec<(String, String, Matched)>, StoreError>;

    /// Deletes the seek `id` if `socket` holds it (any socket: `None`), and its waiting
    /// joiner; whether it did.
    async fn remove_seek(&self, id: &str, socket: Option<&str>) -> Result<bool, StoreError>;

    /// Deletes the join of seek `id` by `socket` (told of its game, or leaving it while it
    /// waits); whether there was one.
    async fn remove_join(&self, id: &str, socket: &str) -> Result<bool, StoreError>;

    /// Deletes these sockets (they closed), every seek and join of theirs, and the waiting
    /// joins of those seeks; how many seeks and joins.
    async fn remove_socket_seeks(&self, sockets: Vec<String>) -> Result<u64, StoreError>;

    /// Tells the other instances that the seeks changed (after a claim, once the game is
    /// stored; the other changes tell them themselves). Nothing to do with one instance.
    async fn tell_lobby(&self) -> Result<(), StoreError>;

    /// Notes these sockets open at `now`, and deletes the sockets, seeks and joins not seen
    /// since `stale_before` (their instance stopped); how many seeks and joins it deleted.
    async fn keep_seeks(
        &self,
        sockets: Vec<String>,
        now: u64,
        stale_before: u64,
    ) -> Result<u64, StoreError>;
}

/// The seeks' tables, created when missing (in PostgreSQL with the games', under the same
/// lock).
pub(super) const SCHEMA: &str = "
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
    CREATE INDEX IF NOT EXISTS seeks_socket ON seeks(socket);
    CREATE TABLE IF NOT EXISTS seek_joins(
        seek TEXT PRIMARY KEY,
        socket TEXT NOT NULL,
        account TEXT,
        name TEXT,
        seen BIGINT NOT NULL,
        game TEXT,
        token TEXT,
        seat TEXT);
    CREATE INDEX IF NOT EXISTS seek_joins_socket ON seek_joins(socket);
    CREATE TABLE IF NOT EXISTS lobby_sockets(
        id TEXT PRIMARY KEY,
        address TEXT NOT NULL,
        seen BIGINT NOT NULL);
    CREATE INDEX IF NOT EXISTS lobby_sockets_address ON lobby_sockets(address);";

/// The deletes of the lobby's rows that are gone, by two conditions on `$1`: `$socket` on a
/// socket's row (its `id`, `seen`), `$row` on a seek's and a join's (their `socket`,
/// `seen`). The joins whose seek is gone and who have no game go with them.
macro_rules! gone {
    ($socket:literal, $row:literal) => {
        [
            concat!("DELETE FROM lobby_sockets WHERE ", $socket),
            concat!("DELETE FROM seeks WHERE ", $row),
            concat!(
                "DELETE FROM seek_joins WHERE ",
                $row,
                " OR (game IS NULL AND seek NOT IN (SELECT id FROM seeks))"
            ),
        ]
    };
}

/// Runs the deletes of [`gone!`] with `params`, in this order: the sockets first, so that a
/// seek being added on one is waited for and deleted; then the seeks, then the joins (those of
/// the seeks just deleted with them). Tells the lobby when a seek or a join went; how many.
async fn delete_gone(
    tx: &mut dyn Tx,
    [sockets, seeks, joins]: [&'static str; 3],
    params: &[Value],
) -> Result<u64, StoreError> {
    tx.execute(sockets, params).await?;
    let n = tx.execute(seeks, params).await? + tx.execute(joins, params).await?;
    if n > 0 {
        tx.notify(POSTGRES_CHANNEL, "").await?;
    }
    Ok(n)
}

/// The seeks with their waiting joiners where `$where` holds, as [`seek_of`] reads them.
macro_rules! seeks_where {
    ($where:literal) => {
        concat!(
            "SELECT s.id, s.socket, s.account, s.name, s.settings, s.created, s.seen, s.game,
                    s.token, s.seat, j.socket, j.account, j.name
             FROM seeks s LEFT JOIN seek_joins j ON j.seek = s.id AND j.game IS NULL
             WHERE ",
            $where
        )
    };
}

/// A text column, perhaps null.
fn text(r: &Row, i: usize) -> Result<Option<String>, StoreError> {
    r.get(i)
}

/// An account's id and name in columns `i` and `i + 1`.
fn account_at(r: &Row, i: usize) -> Result<Option<(String, String)>, StoreError> {
    Ok(text(r, i)?.zip(text(r, i + 1)?))
}

/// The seek of a row of [`seeks_where`]; a null that cannot be one reads as empty.
fn seek_of(r: &Row) -> Result<StoredSeek, StoreError> {
    let full = |i| text(r, i).map(Option::unwrap_or_default);
    Ok(StoredSeek {
        id: full(0)?,
        socket: full(1)?,
        account: account_at(r, 2)?,
        settings: full(4)?,
        created: r.get::<i64>(5)?.max(0) as u64,
        seen: r.get::<i64>(6)?.max(0) as u64,
        matched: match text(r, 7)? {
            Some(game) => Some(Matched {
                game,
                token: full(8)?,
                seat: full(9)?,
            }),
            None => None,
        },
        joined: match text(r, 10)? {
            Some(socket) => Some(Joiner {
                socket,
                account: account_at(r, 11)?,
            }),
            None => None,
        },
    })
}

/// A count of one query keyed by `key`.
async fn count(tx: &mut dyn Tx, sql: &'static str, key: &str) -> Result<i64, StoreError> {
    tx.query_one(sql, &[key.into()]).await?.get(0)
}

/// Stores the seek `s` unless its socket is gone or a cap is reached: see
/// [`LobbyStore::add_seek`].
async fn add(
    tx: &mut dyn Tx,
    s: &StoredSeek,
    caps: SeekCaps,
    seen_after: u64,
) -> Result<Adding, StoreError> {
    // The socket's row is held to the commit: its close waits for the seek, and takes it.
    let socket = tx
        .query_opt(
            "SELECT address FROM lobby_sockets WHERE id = $1 AND seen >= $2 FOR SHARE",
            &[(&s.socket).into(), seen_after.into()],
        )
        .await?;
    let Some(socket) = socket else {
        return Ok(Adding::NoSocket);
    };
    let address: String = socket.get(0)?;
    // One address's seeks, then one account's, are counted and added one at a time (the
    // locks always taken in this order: no two wait for each other). A socket is one
    // address's: its seeks are counted under the address's lock.
    tx.lock(&format!("seeks of address {address}")).await?;
    let account = s.account.as_ref().map(|(id, _)| id);
    if let Some(account) = account {
        tx.lock(&format!("seeks of account {account}")).await?;
    }
    let open = "SELECT count(*) FROM seeks WHERE socket = $1 AND game IS NULL";
    if count(tx, open, &s.socket).await? >= i64::from(caps.per_socket) {
        return Ok(Adding::Full(SeekCap::Socket));
    }
    let open = "SELECT count(*) FROM seeks s JOIN lobby_sockets l ON l.id = s.socket
                WHERE l.address = $1 AND s.game IS NULL";
    if count(tx, open, &address).await? >= i64::from(caps.per_address) {
        return Ok(Adding::Full(SeekCap::Address));
    }
    if let Some(account) = account {
        let open = "SELECT count(*) FROM seeks WHERE account = $1 AND game IS NULL";
        if count(tx, open, account).await? >= i64::from(caps.per_account) {
            return Ok(Adding::Full(SeekCap::Account));
        }
    }
    let (account, name) = s.account.clone().unzip();
    tx.execute(
        "INSERT INTO seeks(id, socket, account, name, settings, created, seen)
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
        &[
            (&s.id).into(),
            (&s.socket).into(),
            account.into(),
            name.into(),
            (&s.settings).into(),
            s.created.into(),
            s.seen.into(),
        ],
    )
    .await?;
    tx.notify(POSTGRES_CHANNEL, "").await?;
    Ok(Adding::Added)
}

/// `joiner` joins the seek `id`: see [`LobbyStore::join_seek`].
async fn join(
    tx: &mut dyn Tx,
    id: &str,
    joiner: &Joiner,
    seen_after: u64,
    now: u64,
) -> Result<Joining, StoreError> {
    // The seek's row lock: two joining at once are one after the other.
    let open = tx
        .query_opt(
            "SELECT id FROM seeks WHERE id = $1 AND game IS NULL AND seen >= $2 FOR UPDATE",
            &[id.into(), seen_after.into()],
        )
        .await?;
    if open.is_none() {
        return Ok(Joining::Gone);
    }
    let waiting = tx
        .query_opt(
            "SELECT socket, account, name FROM seek_joins WHERE seek = $1 AND game IS NULL",
            &[id.into()],
        )
        .await?;
    if let Some(r) = waiting {
        return Ok(Joining::Full(Joiner {
            socket: text(&r, 0)?.unwrap_or_default(),
            account: account_at(&r, 1)?,
        }));
    }
    let (account, name) = joiner.account.clone().unzip();
    tx.execute(
        "INSERT INTO seek_joins(seek, socket, account, name, seen) VALUES ($1, $2, $3, $4, $5)",
        &[
            id.into(),
            (&joiner.socket).into(),
            account.into(),
            name.into(),
            now.into(),
        ],
    )
    .await?;
    tx.notify(POSTGRES_CHANNEL, "").await?;
    Ok(Joining::Joined)
}

/// Marks the seek `id` and its joiner as become their game: see [`LobbyStore::claim_seek`].
/// [`StoreError::Stale`] when either is gone or taken, so that nothing of it is kept.
async fn claim(
    tx: &mut dyn Tx,
    id: &str,
    seen_after: u64,
    m: &Matched,
    joiner: &Option<(String, Matched)>,
) -> Result<(), StoreError> {
    // The row lock of the update makes two claims wait for each other; the second finds the
    // seek taken.
    let n = tx
        .execute(
            "UPDATE seeks SET game = $2, token = $3, seat = $4
             WHERE id = $1 AND game IS NULL AND seen >= $5
               AND socket IN (SELECT id FROM lobby_sockets)",
            &[
                id.into(),
                (&m.game).into(),
                (&m.token).into(),
                (&m.seat).into(),
                seen_after.into(),
            ],
        )
        .await?;
    if n != 1 {
        return Err(StoreError::Stale);
    }
    if let Some((socket, j)) = joiner {
        let n = tx
            .execute(
                "UPDATE seek_joins SET game = $3, token = $4, seat = $5
                 WHERE seek = $1 AND socket = $2 AND game IS NULL",
                &[
                    id.into(),
                    socket.into(),
                    (&j.game).into(),
                    (&j.token).into(),
                    (&j.seat).into(),
                ],
            )
            .await?;
        if n != 1 {
            return Err(StoreError::Stale);
        }
    }
    Ok(())
}

#[async_trait::async_trait]
impl<D: Db> LobbyStore for D {
    async fn open_socket(&self, id: &str, address: &str, now: u64) -> Result<(), StoreError> {
        let sql = "INSERT INTO lobby_sockets(id, address, seen) VALUES ($1, $2, $3)
                   ON CONFLICT (id) DO UPDATE SET seen = excluded.seen";
        self.statement(sql, vec![id.into(), address.into(), now.into()])
            .await
            .map(drop)
    }

    async fn add_seek(
        &self,
        s: StoredSeek,
        caps: SeekCaps,
        seen_after: u64,
    ) -> Result<Adding, StoreError> {
        self.transaction(move |tx| Box::pin(async move { add(tx, &s, caps, seen_after).await }))
            .await
    }

    async fn open_seeks(&self, seen_after: u64, limit: u32) -> Result<Vec<StoredSeek>, StoreError> {
        let sql = seeks_where!("s.game IS NULL AND s.seen >= $1 ORDER BY s.created, s.id LIMIT $2");
        let rows = self
            .rows(sql, vec![seen_after.into(), limit.into()])
            .await?;
        rows.iter().map(seek_of).collect()
    }

    async fn seek(&self, id: &str) -> Result<Option<StoredSeek>, StoreError> {
        let row = self.row(seeks_where!("s.id = $1"), vec![id.into()]).await?;
        row.as_ref().map(seek_of).transpose()
    }

    async fn join_seek(
        &self,
        id: &str,
        joiner: Joiner,
        seen_after: u64,
        now: u64,
    ) -> Result<Joining, StoreError> {
        let id = id.to_string();
        self.transaction(move |tx| {
            Box::pin(async move { join(tx, &id, &joiner, seen_after, now).await })
        })
        .await
    }

    async fn claim_seek(
        &self,
        id: &str,
        seen_after: u64,
        m: Matched,
        joiner: Option<(String, Matched)>,
    ) -> Result<bool, StoreError> {
        let id = id.to_string();
        let claimed = self
            .transaction(move |tx| {
                Box::pin(async move { claim(tx, &id, seen_after, &m, &joiner).await })
            })
            .await;
        match claimed {
            Ok(()) => Ok(true),
            Err(StoreError::Stale) => Ok(false),
            Err(e) => Err(e),
        }
    }

    async fn matched_seeks(&self, sockets: Vec<String>) -> Result<Vec<StoredSeek>, StoreError> {
        let sql = seeks_where!("s.socket = ANY($1) AND s.game IS NOT NULL");
        let rows = self.rows(sql, vec![Value::Texts(sockets)]).await?;
        rows.iter().map(seek_of).collect()
    }

    async fn matched_joins(
        &self,
        sockets: Vec<String>,
    ) -> Result<Vec<(String, String, Matched)>, StoreError> {
        let sql = "SELECT seek, socket, game, token, seat FROM seek_joins
                   WHERE socket = ANY($1) AND game IS NOT NULL";
        let rows = self.rows(sql, vec![Value::Texts(sockets)]).await?;
        rows.iter()
            .map(|r| {
                let full = |i| text(r, i).map(Option::unwrap_or_default);
                let matched = Matched {
                    game: full(2)?,
                    token: full(3)?,
                    seat: full(4)?,
                };
                Ok((full(0)?, full(1)?, matched))
            })
            .collect()
    }

    async fn remove_seek(&self, id: &str, socket: Option<&str>) -> Result<bool, StoreError> {
        let params = [Value::from(id), socket.into()];
        self.transaction(move |tx| {
            Box::pin(async move {
                let n = tx
                    .execute(
                        "DELETE FROM seeks WHERE id = $1 AND ($2::text IS NULL OR socket = $2)",
                        &params,
                    )
                    .await?;
                if n == 1 {
                    tx.execute(
                        "DELETE FROM seek_joins WHERE seek = $1 AND game IS NULL",
                        &params[..1],
                    )
                    .await?;
                    tx.notify(POSTGRES_CHANNEL, "").await?;
                }
                Ok(n == 1)
            })
        })
        .await
    }

    async fn remove_join(&self, id: &str, socket: &str) -> Result<bool, StoreError> {
        let params = [Value::from(id), socket.into()];
        self.transaction(move |tx| {
            Box::pin(async move {
                let sql = "DELETE FROM seek_joins WHERE seek = $1 AND socket = $2";
                let n = tx.execute(sql, &params).await?;
                if n == 1 {
                    tx.notify(POSTGRES_CHANNEL, "").await?;
                }
                Ok(n == 1)
            })
        })
        .await
    }

    async fn remove_socket_seeks(&self, sockets: Vec<String>) -> Result<u64, StoreError> {
        let sockets = [Value::Texts(sockets)];
        self.transaction(move |tx| {
            Box::pin(async move {
                delete_gone(tx, gone!("id = ANY($1)", "socket = ANY($1)"), &sockets).await
            })
        })
        .await
    }

    async fn tell_lobby(&self) -> Result<(), StoreError> {
        self.at_once(|tx| Box::pin(async move { tx.notify(POSTGRES_CHANNEL, "").await }))
            .await
    }

    async fn keep_seeks(
        &self,
        sockets: Vec<String>,
        now: u64,
        stale_before: u64,
    ) -> Result<u64, StoreError> {
        let seen = [Value::Texts(sockets), now.into()];
        let stale = [Value::from(stale_before)];
        self.transaction(move |tx| {
            Box::pin(async move {
                tx.execute("UPDATE seeks SET seen = $2 WHERE socket = ANY($1)", &seen)
                    .await?;
                tx.execute(
                    "UPDATE seek_joins SET seen = $2 WHERE socket = ANY($1)",
                    &seen,
                )
                .await?;
                tx.execute(
                    "UPDATE lobby_sockets SET seen = $2 WHERE id = ANY($1)",
                    &seen,
                )
                .await?;
                delete_gone(tx, gone!("seen < $1", "seen < $1"), &stale).await
            })
        })
        .await
    }
}
