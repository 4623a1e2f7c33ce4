//! The accounts in SQLite ([`AccountStore`] for [`SqliteStore`]). Account writes are rare
//! (a registration, a login): each runs alone on the store's thread, between two group commits
//! of moves, as one transaction of its own.

use super::accounts::{
    AccountStore, HeldGame, NewAccount, Registered, StoredAccount, StoredSession,
};
use super::contract::StoreError;
use super::sqlite::SqliteStore;
use rusqlite::{params, Connection, OptionalExtension};

const ACCOUNT_COLUMNS: &str = "a.id, a.name, a.password, a.created";

fn account(r: &rusqlite::Row) -> rusqlite::Result<StoredAccount> {
    Ok(StoredAccount {
        id: r.get(0)?,
        name: r.get(1)?,
        password_hash: r.get(2)?,
        created: r.get::<_, i64>(3)?.max(0) as u64,
    })
}

fn insert_session(conn: &Connection, s: &StoredSession) -> rusqlite::Result<()> {
    conn.prepare_cached("INSERT INTO sessions(token_hash, account, expires) VALUES (?1, ?2, ?3)")?
        .execute(params![s.token_hash, s.account, s.expires as i64])?;
    Ok(())
}

#[async_trait::async_trait]
impl AccountStore for SqliteStore {
    async fn register(
        &self,
        new: NewAccount,
        session: StoredSession,
    ) -> Result<Registered, StoreError> {
        self.read(move |conn| {
            let tx = conn.unchecked_transaction()?;
            let a = &new.account;
            let inserted = tx
                .prepare_cached(
                    "INSERT INTO accounts(id, name, key, skeleton, password, created)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT DO NOTHING",
                )?
                .execute(params![
                    a.id,
                    a.name,
                    new.key,
                    new.skeleton,
                    a.password_hash,
                    a.created as i64
                ])?;
            if inserted == 0 {
                return Ok(Registered::NameTaken);
            }
            insert_session(&tx, &session)?;
            tx.commit()?;
            Ok(Registered::Created)
        })
        .await
    }

    async fn account_by_key(&self, key: &str) -> Result<Option<StoredAccount>, StoreError> {
        let key = key.to_string();
        self.read(move |conn| {
            conn.prepare_cached(&format!(
                "SELECT {ACCOUNT_COLUMNS} FROM accounts a WHERE a.key = ?1"
            ))?
            .query_row([key], account)
            .optional()
        })
        .await
    }

    async fn start_session(&self, session: StoredSession, now: u64) -> Result<(), StoreError> {
        self.read(move |conn| {
            let tx = conn.unchecked_transaction()?;
            tx.prepare_cached("DELETE FROM sessions WHERE account = ?1 AND expires <= ?2")?
                .execute(params![session.account, now as i64])?;
            insert_session(&tx, &session)?;
            tx.commit()
        })
        .await
    }

    async fn session(
        &self,
        token_hash: &str,
        now: u64,
    ) -> Result<Option<StoredAccount>, StoreError> {
        let token_hash = token_hash.to_string();
        self.read(move |conn| {
            conn.prepare_cached(&format!(
                "SELECT {ACCOUNT_COLUMNS} FROM sessions s JOIN accounts a ON a.id = s.account
                 WHERE s.token_hash = ?1 AND s.expires > ?2"
            ))?
            .query_row(params![token_hash, now as i64], account)
            .optional()
        })
        .await
    }

    async fn end_session(&self, token_hash: &str) -> Result<(), StoreError> {
        let token_hash = token_hash.to_string();
        self.read(move |conn| {
            conn.prepare_cached("DELETE FROM sessions WHERE token_hash = ?1")?
                .execute([token_hash])
                .map(drop)
        })
        .await
    }

    async fn end_sessions(&self, account: &str) -> Result<u64, StoreError> {
        let account = account.to_string();
        self.read(move |conn| {
            conn.prepare_cached("DELETE FROM sessions WHERE account = ?1")?
                .execute([account])
                .map(|n| n as u64)
        })
        .await
    }

    async fn set_password(
        &self,
        account: &str,
        password_hash: &str,
        keep: &str,
    ) -> Result<(), StoreError> {
        let (account, hash, keep) = (
            account.to_string(),
            password_hash.to_string(),
            keep.to_string(),
        );
        self.read(move |conn| {
            let tx = conn.unchecked_transaction()?;
            tx.prepare_cached("UPDATE accounts SET password = ?2 WHERE id = ?1")?
                .execute(params![account, hash])?;
            tx.prepare_cached("DELETE FROM sessions WHERE account = ?1 AND token_hash <> ?2")?
                .execute(params![account, keep])?;
            tx.commit()
        })
        .await
    }

    async fn hold_game(&self, account: &str, game: HeldGame) -> Result<(), StoreError> {
        let account = account.to_string();
        self.read(move |conn| {
            conn.prepare_cached(
                "INSERT INTO account_games(account, game, id, token, since)
                 VALUES (?1, ?2, ?3, ?4, ?5)
                 ON CONFLICT(account, game, id) DO UPDATE SET token = excluded.token",
            )?
            .execute(params![
                account,
                game.game,
                game.id,
                game.token,
                game.since as i64
            ])
            .map(drop)
        })
        .await
    }

    async fn held_games(&self, account: &str) -> Result<Vec<HeldGame>, StoreError> {
        let account = account.to_string();
        self.read(move |conn| {
            let mut stmt = conn.prepare_cached(
                "SELECT game, id, token, since FROM account_games
                 WHERE account = ?1 ORDER BY since DESC, id",
            )?;
            let rows = stmt.query_map([account], |r| {
                Ok(HeldGame {
                    game: r.get(0)?,
                    id: r.get(1)?,
                    token: r.get(2)?,
                    since: r.get::<_, i64>(3)?.max(0) as u64,
                })
            })?;
            rows.collect()
        })
        .await
    }
}
