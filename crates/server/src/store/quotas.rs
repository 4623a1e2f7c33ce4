//! Who made each game ([`QuotaStore`]): the address and the account behind every game created
//! through `POST /api/games` (either game), so that one address or one account cannot hold
//! more than its share of the unfinished games the server keeps. The lobby's, the
//! tournaments' games and rematches have no owner: they are not counted.
//!
//! A creation first takes a ticket (counted and written in one transaction, serialized per
//! address and per account, so creations sent at once cannot pass a cap), then stores its game
//! and binds the ticket to it; a creation that fails gives its ticket back. When the server's
//! cap on unfinished games is reached, the anonymous games left for a day go first.

use super::error::StoreError;

/// The owners' table in SQLite, created when missing.
pub(super) const SQLITE_SCHEMA: &str = "
     CREATE TABLE IF NOT EXISTS game_owners(
         ticket TEXT PRIMARY KEY,
         game TEXT,
         address TEXT NOT NULL,
         account TEXT,
         created INTEGER NOT NULL);
     CREATE INDEX IF NOT EXISTS game_owners_address ON game_owners(address);
     CREATE INDEX IF NOT EXISTS game_owners_account ON game_owners(account);
     CREATE INDEX IF NOT EXISTS game_owners_game ON game_owners(game);";

/// The owners' table in PostgreSQL, created with the games' (under the same lock).
pub(super) const POSTGRES_SCHEMA: &str = "
    CREATE TABLE IF NOT EXISTS game_owners(
        ticket TEXT PRIMARY KEY,
        game TEXT,
        address TEXT NOT NULL,
        account TEXT,
        created BIGINT NOT NULL);
    CREATE INDEX IF NOT EXISTS game_owners_address ON game_owners(address);
    CREATE INDEX IF NOT EXISTS game_owners_account ON game_owners(account);
    CREATE INDEX IF NOT EXISTS game_owners_game ON game_owners(game);";

/// Seconds a ticket not yet bound to its game counts: longer than any creation takes, so
/// that the ticket of a creation cut short (an instance stopped) stops counting.
pub const PENDING_SECS: u64 = 60;

/// Seconds after its last change an unfinished game stops counting against its owner: a
/// game left for a day is the expiry's (and, near the server's cap, the first to go).
pub const ACTIVE_SECS: u64 = 86_400;

/// Who makes a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Owner {
    /// The client's address (an IPv6 address's /64), as text.
    pub address: String,
    /// The signed-in account's id.
    pub account: Option<String>,
}

/// The most unfinished games one owner may hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OwnerCaps {
    /// Games made from one address.
    pub per_address: u32,
    /// Games made by one account.
    pub per_account: u32,
}

/// Which cap refused a ticket.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OwnerCap {
    /// [`OwnerCaps::per_address`].
    Address,
    /// [`OwnerCaps::per_account`].
    Account,
}

/// Where the games' owners are kept.
#[async_trait::async_trait]
pub trait QuotaStore: Send + Sync {
    /// Takes the ticket `ticket` for a new game of `owner` at `now`, unless the owner holds
    /// `caps` unfinished games already (counting the games changed within [`ACTIVE_SECS`] and
    /// the tickets taken within [`PENDING_SECS`] not yet bound): `Err` names the cap reached.
    async fn take_ticket(
        &self,
        ticket: &str,
        owner: &Owner,
        caps: OwnerCaps,
        now: u64,
    ) -> Result<Result<(), OwnerCap>, StoreError>;

    /// Binds the ticket to the game it made.
    async fn bind_ticket(&self, ticket: &str, game: &str) -> Result<(), StoreError>;

    /// Gives a ticket back: its game was not made.
    async fn drop_ticket(&self, ticket: &str) -> Result<(), StoreError>;

    /// Deletes at most `limit` unfinished games made by an address without an account (their
    /// ticket's), held by no account, and not changed since `idle_before`, the longest idle
    /// first, with their tickets: the first to go when the server's cap is reached. Their ids.
    async fn expire_anonymous(
        &self,
        idle_before: u64,
        limit: u32,
    ) -> Result<Vec<String>, StoreError>;

    /// Forgets the tickets that count no more at `now`: unbound for longer than
    /// [`PENDING_SECS`], or whose game is over or gone; how many.
    async fn forget_tickets(&self, now: u64) -> Result<u64, StoreError>;
}
