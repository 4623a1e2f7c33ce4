//! The accounts in PostgreSQL ([`AccountStore`] for [`PgStore`]): the same tables as SQLite's,
//! shared by every instance.

use super::accounts::{
    AccountStore, HeldGame, NewAccount, Registered, StoredAccount, StoredSession,
};
use super::contract::StoreError;
use super::postgres::{pool_error, PgStore};

const ACCOUNT_COLUMNS: &str = "a.id, a.name, a.password, a.created";

fn account(r: &tokio_postgres::Row) -> Result<StoredAccount, StoreError> {
    Ok(StoredAccount {
        id: r.try_get(0)?,
        name: r.try_get(1)?,
        password_hash: r.try_get(2)?,
        created: r.try_get::<_, i64>(3)?.max(0) as u64,
    })
}

const INSERT_SESSION: &str =
    "INSERT INTO sessions(token_hash, account, expires) VALUES ($1, $2, $3)";

#[async_trait::async_trait]
impl AccountStore for PgStore {
    async fn register(
        &self,
        new: NewAccount,
        session: StoredSession,
    ) -> Result<Registered, StoreError> {
        let mut client = self.pool.get().await.map_err(pool_error)?;
        let tx = client.transaction().await?;
        let a = &new.account;
        let inserted = tx
            .execute(
                "INSERT INTO accounts(id, name, key, skeleton, password, created)
                 VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING",
                &[
                    &a.id,
                    &a.name,
                    &new.key,
                    &new.skeleton,
                    &a.password_hash,
                    &(a.created as i64),
                ],
            )
            .await?;
        if inserted == 0 {
            return Ok(Registered::NameTaken);
        }
        tx.execute(
            INSERT_SESSION,
            &[
                &session.token_hash,
                &session.account,
                &(session.expires as i64),
            ],
        )
        .await?;
        tx.commit().await?;
        Ok(Registered::Created)
    }

    async fn account_by_key(&self, key: &str) -> Result<Option<StoredAccount>, StoreError> {
        let client = self.pool.get().await.map_err(pool_error)?;
        let row = client
            .query_opt(
                &format!("SELECT {ACCOUNT_COLUMNS} FROM accounts a WHERE a.key = $1"),
                &[&key],
            )
            .await?;
        row.as_ref().map(account).transpose()
    }

    async fn start_session(&self, session: StoredSession, now: u64) -> Result<(), StoreError> {
        let mut client = self.pool.get().await.map_err(pool_error)?;
        let tx = client.transaction().await?;
        tx.execute(
            "DELETE FROM sessions WHERE account = $1 AND expires <= $2",
            &[&session.account, &(now as i64)],
        )
        .await?;
        tx.execute(
            INSERT_SESSION,
            &[
                &session.token_hash,
                &session.account,
                &(session.expires as i64),
            ],
        )
        .await?;
        tx.commit().await?;
        Ok(())
    }

    async fn session(
        &self,
        token_hash: &str,
        now: u64,
    ) -> Result<Option<StoredAccount>, StoreError> {
        let client = self.pool.get().await.map_err(pool_error)?;
        let row = client
            .query_opt(
                &format!(
                    "SELECT {ACCOUNT_COLUMNS} FROM sessions s JOIN accounts a ON a.id = s.account
                     WHERE s.token_hash = $1 AND s.expires > $2"
                ),
                &[&token_hash, &(now as i64)],
            )
            .await?;
        row.as_ref().map(account).transpose()
    }

    async fn end_session(&self, token_hash: &str) -> Result<(), StoreError> {
        let client = self.pool.get().await.map_err(pool_error)?;
        client
            .execute("DELETE FROM sessions WHERE token_hash = $1", &[&token_hash])
            .await?;
        Ok(())
    }

    async fn end_sessions(&self, account: &str) -> Result<u64, StoreError> {
        let client = self.pool.get().await.map_err(pool_error)?;
        Ok(client
            .execute("DELETE FROM sessions WHERE account = $1", &[&account])
            .await?)
    }

    async fn set_password(
        &self,
        account: &str,
        password_hash: &str,
        keep: &str,
    ) -> Result<(), StoreError> {
        let mut client = self.pool.get().await.map_err(pool_error)?;
        let tx = client.transaction().await?;
        tx.execute(
            "UPDATE accounts SET password = $2 WHERE id = $1",
            &[&account, &password_hash],
        )
        .await?;
        tx.execute(
            "DELETE FROM sessions WHERE account = $1 AND token_hash <> $2",
            &[&account, &keep],
        )
        .await?;
        tx.commit().await?;
        Ok(())
    }

    async fn hold_game(&self, account: &str, game: HeldGame) -> Result<(), StoreError> {
        let client = self.pool.get().await.map_err(pool_error)?;
        client
            .execute(
                "INSERT INTO account_games(account, game, id, token, since)
                 VALUES ($1, $2, $3, $4, $5)
                 ON CONFLICT(account, game, id) DO UPDATE SET token = excluded.token",
                &[
                    &account,
                    &game.game,
                    &game.id,
                    &game.token,
                    &(game.since as i64),
                ],
            )
            .await?;
        Ok(())
    }

    async fn held_games(&self, account: &str) -> Result<Vec<HeldGame>, StoreError> {
        let client = self.pool.get().await.map_err(pool_error)?;
        let rows = client
            .query(
                "SELECT game, id, token, since FROM account_games
                 WHERE account = $1 ORDER BY since DESC, id",
                &[&account],
            )
            .await?;
        rows.iter()
            .map(|r| {
                Ok(HeldGame {
                    game: r.try_get(0)?,
                    id: r.try_get(1)?,
                    token: r.try_get(2)?,
                    since: r.try_get::<_, i64>(3)?.max(0) as u64,
                })
            })
            .collect()
    }
}
