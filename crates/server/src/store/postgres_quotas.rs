//! The games' owners in PostgreSQL ([`QuotaStore`] for [`PgStore`]), shared by every
//! instance: a ticket is counted and taken in one transaction holding the owner's address's
//! lock, then their account's (always in this order, so no two wait for each other).

use super::contract::StoreError;
use super::postgres::{pool_error, PgStore};
use super::quotas::{Owner, OwnerCap, OwnerCaps, QuotaStore, ACTIVE_SECS, PENDING_SECS};

/// The unfinished games counted against an owner, by the column `who` (`address` or
/// `account`): `$1` the owner, `$2` the oldest pending ticket counted, `$3` the oldest change
/// counted.
fn counted(who: &str) -> String {
    format!(
        "SELECT count(*) FROM game_owners o LEFT JOIN games g ON g.id = o.game
         WHERE o.{who} = $1 AND (
             (o.game IS NULL AND o.created >= $2)
             OR (g.id IS NOT NULL AND NOT coalesce(g.finished, false) AND g.active >= $3))"
    )
}

#[async_trait::async_trait]
impl QuotaStore for PgStore {
    async fn take_ticket(
        &self,
        ticket: &str,
        owner: &Owner,
        caps: OwnerCaps,
        now: u64,
    ) -> Result<Result<(), OwnerCap>, StoreError> {
        let mut client = self.pool.get().await.map_err(pool_error)?;
        let tx = client.transaction().await?;
        let pending = now.saturating_sub(PENDING_SECS) as i64;
        let active = now.saturating_sub(ACTIVE_SECS) as i64;
        tx.execute(
            "SELECT pg_advisory_xact_lock(hashtext('games of address ' || $1))",
            &[&owner.address],
        )
        .await?;
        if let Some(account) = &owner.account {
            tx.execute(
                "SELECT pg_advisory_xact_lock(hashtext('games of account ' || $1))",
                &[account],
            )
            .await?;
        }
        let n: i64 = tx
            .query_one(&counted("address"), &[&owner.address, &pending, &active])
            .await?
            .try_get(0)?;
        if n >= i64::from(caps.per_address) {
            return Ok(Err(OwnerCap::Address));
        }
        if let Some(account) = &owner.account {
            let n: i64 = tx
                .query_one(&counted("account"), &[account, &pending, &active])
                .await?
                .try_get(0)?;
            if n >= i64::from(caps.per_account) {
                return Ok(Err(OwnerCap::Account));
            }
        }
        tx.execute(
            "INSERT INTO game_owners(ticket, address, account, created) VALUES ($1, $2, $3, $4)",
            &[&ticket, &owner.address, &owner.account, &(now as i64)],
        )
        .await?;
        tx.commit().await?;
        Ok(Ok(()))
    }

    async fn bind_ticket(&self, ticket: &str, game: &str) -> Result<(), StoreError> {
        let client = self.pool.get().await.map_err(pool_error)?;
        client
            .execute(
                "UPDATE game_owners SET game = $2 WHERE ticket = $1",
                &[&ticket, &game],
            )
            .await?;
        Ok(())
    }

    async fn drop_ticket(&self, ticket: &str) -> Result<(), StoreError> {
        let client = self.pool.get().await.map_err(pool_error)?;
        client
            .execute("DELETE FROM game_owners WHERE ticket = $1", &[&ticket])
            .await?;
        Ok(())
    }

    async fn expire_anonymous(
        &self,
        idle_before: u64,
        limit: u32,
    ) -> Result<Vec<String>, StoreError> {
        let mut client = self.pool.get().await.map_err(pool_error)?;
        let tx = client.transaction().await?;
        // The moves go with their games (ON DELETE CASCADE).
        let rows = tx
            .query(
                "DELETE FROM games WHERE id IN (
                     SELECT g.id FROM games g JOIN game_owners o ON o.game = g.id
                     WHERE o.account IS NULL AND g.finished = false AND g.active < $1
                       AND NOT EXISTS (SELECT 1 FROM account_games a WHERE a.id = g.id)
                     ORDER BY g.active LIMIT $2)
                 RETURNING id",
                &[&(idle_before as i64), &i64::from(limit)],
            )
            .await?;
        let ids = rows
            .iter()
            .map(|r| r.try_get(0))
            .collect::<Result<Vec<String>, _>>()?;
        tx.execute("DELETE FROM game_owners WHERE game = ANY($1)", &[&ids])
            .await?;
        tx.commit().await?;
        Ok(ids)
    }

    async fn forget_tickets(&self, now: u64) -> Result<u64, StoreError> {
        let client = self.pool.get().await.map_err(pool_error)?;
        let n = client
            .execute(
                "DELETE FROM game_owners o WHERE
                     (o.game IS NULL AND o.created < $1)
                     OR (o.game IS NOT NULL AND NOT EXISTS (
                         SELECT 1 FROM games g WHERE g.id = o.game
                             AND NOT coalesce(g.finished, false)))",
                &[&(now.saturating_sub(PENDING_SECS) as i64)],
            )
            .await?;
        Ok(n)
    }
}
