//! What every store keeps of the lobby ([`LobbyStore`]): the open challenges (seeks), each
//! held by the lobby socket of the player who made it, and, once one is accepted, the game it
//! became (with the seeker's seat token, for the seeker's socket to be told); a Mandiri seek
//! also the player who joined it, waiting for the third. Kept in the store,
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
     CREATE INDEX IF NOT EXISTS seeks_socket ON seeks(socket);
     CREATE TABLE IF NOT EXISTS seek_joins(
         seek TEXT PRIMARY KEY,
         socket TEXT NOT NULL,
         account TEXT,
         name TEXT,
         seen INTEGER NOT NULL,
         game TEXT,
         token TEXT,
         seat TEXT);
     CREATE INDEX IF NOT EXISTS seek_joins_socket ON seek_joins(socket);
     CREATE TABLE IF NOT EXISTS lobby_sockets(
         id TEXT PRIMARY KEY,
         address TEXT NOT NULL,
         seen INTEGER NOT NULL);
     CREATE INDEX IF NOT EXISTS lobby_sockets_address ON lobby_sockets(address);";

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

/// The seeks' columns as both stores select them: the seek's, then its waiting joiner's.
pub(super) const COLUMNS: &str = "s.id, s.socket, s.account, s.name, s.settings, s.created, \
     s.seen, s.game, s.token, s.seat, j.socket, j.account, j.name";

/// The seeks with their waiting joiners, as [`COLUMNS`] reads them.
pub(super) const FROM: &str = "seeks s LEFT JOIN seek_joins j ON j.seek = s.id AND j.game IS NULL";

/// A row of [`COLUMNS`], read the same from either store.
pub(super) trait Columns {
    /// The store's error.
    type Error;
    /// A text column, perhaps null.
    fn text(&self, i: usize) -> Result<Option<String>, Self::Error>;
    /// A whole-number column.
    fn number(&self, i: usize) -> Result<i64, Self::Error>;
}

/// The seek of a row of [`COLUMNS`]; a null that cannot be one reads as empty.
pub(super) fn seek_of<R: Columns>(r: &R) -> Result<StoredSeek, R::Error> {
    let text = |i| r.text(i).map(Option::unwrap_or_default);
    let account = |i: usize| -> Result<_, R::Error> { Ok(r.text(i)?.zip(r.text(i + 1)?)) };
    Ok(StoredSeek {
        id: text(0)?,
        socket: text(1)?,
        account: account(2)?,
        settings: text(4)?,
        created: r.number(5)?.max(0) as u64,
        seen: r.number(6)?.max(0) as u64,
        matched: match r.text(7)? {
            Some(game) => Some(Matched {
                game,
                token: text(8)?,
                seat: text(9)?,
            }),
            None => None,
        },
        joined: match r.text(10)? {
            Some(socket) => Some(Joiner {
                socket,
                account: account(11)?,
            }),
            None => None,
        },
    })
}

/// A waiting joiner's columns in `seek_joins`, as both stores select them.
pub(super) const JOINER_COLUMNS: &str = "socket, account, name";

/// The joiner of a row of [`JOINER_COLUMNS`].
pub(super) fn joiner_of<R: Columns>(r: &R) -> Result<Joiner, R::Error> {
    Ok(Joiner {
        socket: r.text(0)?.unwrap_or_default(),
        account: r.text(1)?.zip(r.text(2)?),
    })
}

/// A matched joiner's columns in `seek_joins`, as both stores select them.
pub(super) const JOINED_COLUMNS: &str = "seek, socket, game, token, seat";

/// The seek, the joiner's socket and their seat in the game of a row of [`JOINED_COLUMNS`].
pub(super) fn joined_of<R: Columns>(r: &R) -> Result<(String, String, Matched), R::Error> {
    let text = |i| r.text(i).map(Option::unwrap_or_default);
    Ok((
        text(0)?,
        text(1)?,
        Matched {
            game: text(2)?,
            token: text(3)?,
            seat: text(4)?,
        },
    ))
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
