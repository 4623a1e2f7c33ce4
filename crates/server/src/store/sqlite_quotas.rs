//! The games' owners in SQLite ([`QuotaStore`] for [`SqliteStore`]): each call one closure on
//! the database's only thread, so nothing runs between a count and its insert.

use super::contract::StoreError;
use super::quotas::{Owner, OwnerCap, OwnerCaps, QuotaStore, ACTIVE_SECS, PENDING_SECS};
use super::sqlite::SqliteStore;
use rusqlite::params;

/// The unfinished games counted against an owner, by the column `who` (`address` or
/// `account`): `?1` the owner, `?2` the oldest pending ticket counted, `?3` the oldest
/// change counted.
fn counted(who: &str) -> String {
    format!(
        "SELECT count(*) FROM game_owners o LEFT JOIN games g ON g.id = o.game
         WHERE o.{who} = ?1 AND (
             (o.game IS NULL AND o.created >= ?2)
             OR (g.id IS NOT NULL AND coalesce(g.finished, 0) = 0 AND g.active >= ?3))"
    )
}

#[async_trait::async_trait]
impl QuotaStore for SqliteStore {
    async fn take_ticket(
        &self,
        ticket: &str,
        owner: &Owner,
        caps: OwnerCaps,
        now: u64,
    ) -> Result<Result<(), OwnerCap>, StoreError> {
        let (ticket, owner) = (ticket.to_string(), owner.clone());
        self.read(move |conn| {
            let pending = now.saturating_sub(PENDING_SECS) as i64;
            let active = now.saturating_sub(ACTIVE_SECS) as i64;
            let count = |who: &str, key: &str| -> rusqlite::Result<i64> {
                conn.prepare_cached(&counted(who))?
                    .query_row(params![key, pending, active], |r| r.get(0))
            };
            if count("address", &owner.address)? >= i64::from(caps.per_address) {
                return Ok(Err(OwnerCap::Address));
            }
            if let Some(account) = &owner.account {
                if count("account", account)? >= i64::from(caps.per_account) {
                    return Ok(Err(OwnerCap::Account));
                }
            }
            conn.prepare_cached(
                "INSERT INTO game_owners(ticket, address, account, created) VALUES (?1, ?2, ?3, ?4)",
            )?
            .execute(params![ticket, owner.address, owner.account, now as i64])?;
            Ok(Ok(()))
        })
        .await
    }

    async fn bind_ticket(&self, ticket: &str, game: &str) -> Result<(), StoreError> {
        let (ticket, game) = (ticket.to_string(), game.to_string());
        self.read(move |conn| {
            conn.prepare_cached("UPDATE game_owners SET game = ?2 WHERE ticket = ?1")?
                .execute(params![ticket, game])?;
            Ok(())
        })
        .await
    }

    async fn drop_ticket(&self, ticket: &str) -> Result<(), StoreError> {
        let ticket = ticket.to_string();
        self.read(move |conn| {
            conn.prepare_cached("DELETE FROM game_owners WHERE ticket = ?1")?
                .execute([ticket])?;
            Ok(())
        })
        .await
    }

    async fn expire_anonymous(
        &self,
        idle_before: u64,
        limit: u32,
    ) -> Result<Vec<String>, StoreError> {
        self.read(move |conn| {
            let tx = conn.unchecked_transaction()?;
            let ids: Vec<String> = tx
                .prepare_cached(
                    "SELECT g.id FROM games g JOIN game_owners o ON o.game = g.id
                     WHERE o.account IS NULL AND g.finished = 0 AND g.active < ?1
                       AND NOT EXISTS (SELECT 1 FROM account_games a WHERE a.id = g.id)
                     ORDER BY g.active LIMIT ?2",
                )?
                .query_map(params![idle_before as i64, limit], |r| r.get(0))?
                .collect::<rusqlite::Result<_>>()?;
            {
                let mut moves = tx.prepare_cached("DELETE FROM moves WHERE game = ?1")?;
                let mut games = tx.prepare_cached("DELETE FROM games WHERE id = ?1")?;
                let mut owners = tx.prepare_cached("DELETE FROM game_owners WHERE game = ?1")?;
                for id in &ids {
                    moves.execute([id])?;
                    games.execute([id])?;
                    owners.execute([id])?;
                }
            }
            tx.commit()?;
            Ok(ids)
        })
        .await
    }

    async fn forget_tickets(&self, now: u64) -> Result<u64, StoreError> {
        self.read(move |conn| {
            let n = conn
                .prepare_cached(
                    "DELETE FROM game_owners WHERE
                         (game IS NULL AND created < ?1)
                         OR (game IS NOT NULL AND NOT EXISTS (
                             SELECT 1 FROM games g WHERE g.id = game_owners.game
                                 AND coalesce(g.finished, 0) = 0))",
                )?
                .execute([now.saturating_sub(PENDING_SECS) as i64])?;
            Ok(n as u64)
        })
        .await
    }
}
