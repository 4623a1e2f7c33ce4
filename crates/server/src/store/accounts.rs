//! What every store keeps about players with an account ([`AccountStore`]): the accounts, their
//! sessions and the games they hold a seat in. Names, passwords and tokens arrive here checked
//! and hashed (`crate::accounts`): the store never sees a password or a session token in the
//! clear.

use super::error::StoreError;
use super::sql::{Db, Row, Tx, Value};

/// An account as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredAccount {
    /// The account's id: random, never shown as a name.
    pub id: String,
    /// The name as registered (NFKC).
    pub name: String,
    /// The Argon2id hash of the password, in the PHC string format.
    pub password_hash: String,
    /// When it was registered, seconds since 1970.
    pub created: u64,
}

/// An account to register: the account and the keys its name is found and compared by.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewAccount {
    /// The account.
    pub account: StoredAccount,
    /// The name as looked up at login (NFKC, lower case): unique.
    pub key: String,
    /// The name's confusable skeleton (UTS #39): unique, so that no name can pass for another.
    pub skeleton: String,
}

/// A session: the hash of its token (the token itself is only in the player's cookie).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredSession {
    /// SHA-256 of the token, in hexadecimal.
    pub token_hash: String,
    /// The account's id.
    pub account: String,
    /// When it ends, seconds since 1970.
    pub expires: u64,
}

/// A seat in a game that an account holds: the game's kind (`raja_pasu` or `mandiri`), its
/// id, the seats' indices and since when.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeldGame {
    /// `raja_pasu` or `mandiri`.
    pub game: String,
    /// The game's id.
    pub id: String,
    /// The hash of a seat token that holds the seats (`crate::tokens::seat_hash`; the column
    /// keeps its name `token`): the account's devices get tokens of their own through its
    /// session.
    pub token: String,
    /// When the account took it, seconds since 1970.
    pub since: u64,
}

/// What a registration did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Registered {
    /// The account and its first session are stored.
    Created,
    /// The name (or a name that looks the same) is taken: nothing was stored.
    NameTaken,
}

/// Where accounts are kept: every method returns once its work is committed.
#[async_trait::async_trait]
pub trait AccountStore: Send + Sync {
    /// Stores a new account and its first session, in one transaction, unless its key or its
    /// skeleton is taken.
    async fn register(
        &self,
        account: NewAccount,
        session: StoredSession,
    ) -> Result<Registered, StoreError>;

    /// The account whose name has this key.
    async fn account_by_key(&self, key: &str) -> Result<Option<StoredAccount>, StoreError>;

    /// Stores a new session, and forgets the account's sessions that ended before `now`.
    async fn start_session(&self, session: StoredSession, now: u64) -> Result<(), StoreError>;

    /// The account of the session whose token has this hash, if it has not ended at `now`.
    async fn session(
        &self,
        token_hash: &str,
        now: u64,
    ) -> Result<Option<StoredAccount>, StoreError>;

    /// Ends one session.
    async fn end_session(&self, token_hash: &str) -> Result<(), StoreError>;

    /// Ends every session of the account; returns how many there were.
    async fn end_sessions(&self, account: &str) -> Result<u64, StoreError>;

    /// Sets a new password hash and ends every session of the account but `keep`, in one
    /// transaction.
    async fn set_password(
        &self,
        account: &str,
        password_hash: &str,
        keep: &str,
    ) -> Result<(), StoreError>;

    /// Records that the account holds seats in a game (again: the newer token replaces).
    async fn hold_game(&self, account: &str, game: HeldGame) -> Result<(), StoreError>;

    /// The games the account holds seats in, the newest first.
    async fn held_games(&self, account: &str) -> Result<Vec<HeldGame>, StoreError>;
}

/// The accounts' tables, created when missing (in PostgreSQL with the games', under the same
/// lock; a database made before accounts gets them at its next start).
pub(super) const SCHEMA: &str = "
    CREATE TABLE IF NOT EXISTS accounts(
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        key TEXT NOT NULL UNIQUE,
        skeleton TEXT NOT NULL UNIQUE,
        password TEXT NOT NULL,
        created BIGINT NOT NULL);
    CREATE TABLE IF NOT EXISTS sessions(
        token_hash TEXT PRIMARY KEY,
        account TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        expires BIGINT NOT NULL);
    CREATE INDEX IF NOT EXISTS sessions_account ON sessions(account);
    CREATE TABLE IF NOT EXISTS account_games(
        account TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        game TEXT NOT NULL,
        id TEXT NOT NULL,
        token TEXT NOT NULL,
        since BIGINT NOT NULL,
        PRIMARY KEY(account, game, id)) /* WITHOUT ROWID */;";

/// The account in columns `id, name, password, created` of `row`.
fn account_of(row: &Row) -> Result<StoredAccount, StoreError> {
    Ok(StoredAccount {
        id: row.get(0)?,
        name: row.get(1)?,
        password_hash: row.get(2)?,
        created: row.get::<i64>(3)?.max(0) as u64,
    })
}

/// Stores the session `s`.
async fn insert_session(tx: &mut dyn Tx, s: &StoredSession) -> Result<(), StoreError> {
    tx.execute(
        "INSERT INTO sessions(token_hash, account, expires) VALUES ($1, $2, $3)",
        &[
            (&s.token_hash).into(),
            (&s.account).into(),
            s.expires.into(),
        ],
    )
    .await
    .map(drop)
}

#[async_trait::async_trait]
impl<D: Db> AccountStore for D {
    async fn register(
        &self,
        new: NewAccount,
        session: StoredSession,
    ) -> Result<Registered, StoreError> {
        self.transaction(move |tx| {
            Box::pin(async move {
                let a = &new.account;
                let inserted = tx
                    .execute(
                        "INSERT INTO accounts(id, name, key, skeleton, password, created)
                         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING",
                        &[
                            (&a.id).into(),
                            (&a.name).into(),
                            (&new.key).into(),
                            (&new.skeleton).into(),
                            (&a.password_hash).into(),
                            a.created.into(),
                        ],
                    )
                    .await?;
                if inserted == 0 {
                    return Ok(Registered::NameTaken);
                }
                insert_session(tx, &session).await?;
                Ok(Registered::Created)
            })
        })
        .await
    }

    async fn account_by_key(&self, key: &str) -> Result<Option<StoredAccount>, StoreError> {
        let sql = "SELECT a.id, a.name, a.password, a.created FROM accounts a WHERE a.key = $1";
        let row = self.row(sql, vec![key.into()]).await?;
        row.as_ref().map(account_of).transpose()
    }

    async fn start_session(&self, session: StoredSession, now: u64) -> Result<(), StoreError> {
        self.transaction(move |tx| {
            Box::pin(async move {
                tx.execute(
                    "DELETE FROM sessions WHERE account = $1 AND expires <= $2",
                    &[(&session.account).into(), now.into()],
                )
                .await?;
                insert_session(tx, &session).await
            })
        })
        .await
    }

    async fn session(
        &self,
        token_hash: &str,
        now: u64,
    ) -> Result<Option<StoredAccount>, StoreError> {
        let sql = "SELECT a.id, a.name, a.password, a.created
                   FROM sessions s JOIN accounts a ON a.id = s.account
                   WHERE s.token_hash = $1 AND s.expires > $2";
        let row = self.row(sql, vec![token_hash.into(), now.into()]).await?;
        row.as_ref().map(account_of).transpose()
    }

    async fn end_session(&self, token_hash: &str) -> Result<(), StoreError> {
        let sql = "DELETE FROM sessions WHERE token_hash = $1";
        self.statement(sql, vec![token_hash.into()]).await.map(drop)
    }

    async fn end_sessions(&self, account: &str) -> Result<u64, StoreError> {
        let sql = "DELETE FROM sessions WHERE account = $1";
        self.statement(sql, vec![account.into()]).await
    }

    async fn set_password(
        &self,
        account: &str,
        password_hash: &str,
        keep: &str,
    ) -> Result<(), StoreError> {
        let params = [Value::from(account), password_hash.into(), keep.into()];
        self.transaction(move |tx| {
            Box::pin(async move {
                tx.execute(
                    "UPDATE accounts SET password = $2 WHERE id = $1",
                    &params[..2],
                )
                .await?;
                tx.execute(
                    "DELETE FROM sessions WHERE account = $1 AND token_hash <> $2",
                    &[params[0].clone(), params[2].clone()],
                )
                .await
                .map(drop)
            })
        })
        .await
    }

    async fn hold_game(&self, account: &str, game: HeldGame) -> Result<(), StoreError> {
        let sql = "INSERT INTO account_games(account, game, id, token, since)
                   VALUES ($1, $2, $3, $4, $5)
                   ON CONFLICT(account, game, id) DO UPDATE SET token = excluded.token";
        let params = vec![
            account.into(),
            game.game.into(),
            game.id.into(),
            game.token.into(),
            game.since.into(),
        ];
        self.statement(sql, params).await.map(drop)
    }

    async fn held_games(&self, account: &str) -> Result<Vec<HeldGame>, StoreError> {
        let sql = "SELECT game, id, token, since FROM account_games
                   WHERE account = $1 ORDER BY since DESC, id";
        self.rows(sql, vec![account.into()])
            .await?
            .iter()
            .map(|r| {
                Ok(HeldGame {
                    game: r.get(0)?,
                    id: r.get(1)?,
                    token: r.get(2)?,
                    since: r.get::<i64>(3)?.max(0) as u64,
                })
            })
            .collect()
    }
}
