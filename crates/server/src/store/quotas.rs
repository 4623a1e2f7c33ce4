//! Who made each game ([`QuotaStore`]): the address and the account behind every game created
//! through `POST /api/games` (either game), so that one address or one account cannot hold
//! more than its share of the unfinished games the server keeps. The lobby's, the
//! tournaments' games and rematches have no owner: they are not counted.
//!
//! A creation first takes a ticket (counted and written in one transaction, serialized per
//! address and per account, so creations sent at once cannot pass a cap), then stores its game
//! and binds the ticket to it; a creation that fails gives its ticket back. When the server's
//! cap on unfinished games is reached, the anonymous games left for a day go first.
//!
//! On SQLite a ticket's transaction runs alone on the store's thread; on PostgreSQL, shared by
//! every instance, it holds the owner's address's lock, then their account's (always in this
//! order, so no two wait for each other).

use super::error::StoreError;
use super::sql::{Db, Tx, Value};

/// The owners' table, created when missing (in PostgreSQL with the games', under the same
/// lock).
pub(super) const SCHEMA: &str = "
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

/// The unfinished games counted against an owner, by the column `who` (`address` or
/// `account`): `$1` the owner, `$2` the oldest pending ticket counted, `$3` the oldest change
/// counted.
macro_rules! counted {
    ($who:literal) => {
        concat!(
            "SELECT count(*) FROM game_owners o LEFT JOIN games g ON g.id = o.game
             WHERE o.",
            $who,
            " = $1 AND (
                 (o.game IS NULL AND o.created >= $2)
                 OR (g.id IS NOT NULL AND NOT coalesce(g.finished, false) AND g.active >= $3))"
        )
    };
}

/// Counts `owner`'s unfinished games against `caps` and takes the ticket if neither is reached.
async fn take(
    tx: &mut dyn Tx,
    ticket: &str,
    owner: &Owner,
    caps: OwnerCaps,
    now: u64,
) -> Result<Result<(), OwnerCap>, StoreError> {
    tx.lock(&format!("games of address {}", owner.address))
        .await?;
    if let Some(account) = &owner.account {
        tx.lock(&format!("games of account {account}")).await?;
    }
    let since = |key: &str| {
        [
            Value::from(key),
            now.saturating_sub(PENDING_SECS).into(),
            now.saturating_sub(ACTIVE_SECS).into(),
        ]
    };
    let held: i64 = tx
        .query_one(counted!("address"), &since(&owner.address))
        .await?
        .get(0)?;
    if held >= i64::from(caps.per_address) {
        return Ok(Err(OwnerCap::Address));
    }
    if let Some(account) = &owner.account {
        let held: i64 = tx
            .query_one(counted!("account"), &since(account))
            .await?
            .get(0)?;
        if held >= i64::from(caps.per_account) {
            return Ok(Err(OwnerCap::Account));
        }
    }
    tx.execute(
        "INSERT INTO game_owners(ticket, address, account, created) VALUES ($1, $2, $3, $4)",
        &[
            ticket.into(),
            (&owner.address).into(),
            owner.account.as_ref().into(),
            now.into(),
        ],
    )
    .await?;
    Ok(Ok(()))
}

#[async_trait::async_trait]
impl<D: Db> QuotaStore for D {
    async fn take_ticket(
        &self,
        ticket: &str,
        owner: &Owner,
        caps: OwnerCaps,
        now: u64,
    ) -> Result<Result<(), OwnerCap>, StoreError> {
        let (ticket, owner) = (ticket.to_string(), owner.clone());
        self.transaction(move |tx| {
            Box::pin(async move { take(tx, &ticket, &owner, caps, now).await })
        })
        .await
    }

    async fn bind_ticket(&self, ticket: &str, game: &str) -> Result<(), StoreError> {
        let sql = "UPDATE game_owners SET game = $2 WHERE ticket = $1";
        self.statement(sql, vec![ticket.into(), game.into()])
            .await
            .map(drop)
    }

    async fn drop_ticket(&self, ticket: &str) -> Result<(), StoreError> {
        let sql = "DELETE FROM game_owners WHERE ticket = $1";
        self.statement(sql, vec![ticket.into()]).await.map(drop)
    }

    async fn expire_anonymous(
        &self,
        idle_before: u64,
        limit: u32,
    ) -> Result<Vec<String>, StoreError> {
        self.transaction(move |tx| {
            Box::pin(async move {
                let ids = tx
                    .query(
                        "SELECT g.id FROM games g JOIN game_owners o ON o.game = g.id
                         WHERE o.account IS NULL AND g.finished = false AND g.active < $1
                           AND NOT EXISTS (SELECT 1 FROM account_games a WHERE a.id = g.id)
                         ORDER BY g.active LIMIT $2",
                        &[idle_before.into(), limit.into()],
                    )
                    .await?
                    .iter()
                    .map(|r| r.get(0))
                    .collect::<Result<Vec<String>, _>>()?;
                for id in &ids {
                    let id = [Value::from(id)];
                    // PostgreSQL would delete the moves with their game; SQLite's table has
                    // no such key.
                    tx.execute("DELETE FROM moves WHERE game = $1", &id).await?;
                    tx.execute("DELETE FROM games WHERE id = $1", &id).await?;
                    tx.execute("DELETE FROM game_owners WHERE game = $1", &id)
                        .await?;
                }
                Ok(ids)
            })
        })
        .await
    }

    async fn forget_tickets(&self, now: u64) -> Result<u64, StoreError> {
        let sql = "DELETE FROM game_owners WHERE
                       (game IS NULL AND created < $1)
                       OR (game IS NOT NULL AND NOT EXISTS (
                           SELECT 1 FROM games g WHERE g.id = game_owners.game
                               AND NOT coalesce(g.finished, false)))";
        self.statement(sql, vec![now.saturating_sub(PENDING_SECS).into()])
            .await
    }
}
