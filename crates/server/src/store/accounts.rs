//! What every store keeps about players with an account ([`AccountStore`]): the accounts, their
//! sessions and the games they hold a seat in. Names, passwords and tokens arrive here checked
//! and hashed (`crate::accounts`): the store never sees a password or a session token in the
//! clear.

use super::error::StoreError;

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
