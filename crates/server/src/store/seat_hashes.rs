//! Seat tokens that earlier versions kept in clear (in a game's settings, an account's games,
//! an event's boards, the lobby's claims), hashed as each store opens, so that a copy of the
//! database acts for no seat: a game's settings and an account's games keep the hash
//! (`crate::tokens::seat_hash`, which the game compares a token's hash with, so a game made
//! before still plays with its old link); an event's boards and the lobby's claims keep
//! nothing (their players get tokens of their own when they come). What is hashed already is
//! left as it is, so that opening again changes nothing. The rules are here, once; each store
//! reads and writes its own rows ([`sqlite`], [`postgres`]).

use crate::tokens::{hashed, is_seat_hash};
use serde_json::Value;

/// Hashes every seat token in clear found in `v`: the values of `token` and the entries of
/// `tokens` (a list, or an object by side). Whether anything changed.
fn hash_tokens(v: &mut Value) -> bool {
    let mut changed = false;
    match v {
        Value::Object(map) => {
            for (key, value) in map.iter_mut() {
                changed |= match (key.as_str(), value) {
                    ("token", Value::String(t)) => hash_one(t),
                    ("tokens", Value::Array(ts)) => {
                        ts.iter_mut().fold(false, |c, t| c | hash_value(t))
                    }
                    ("tokens", Value::Object(ts)) => {
                        ts.values_mut().fold(false, |c, t| c | hash_value(t))
                    }
                    (_, other) => hash_tokens(other),
                };
            }
        }
        Value::Array(items) => {
            for item in items {
                changed |= hash_tokens(item);
            }
        }
        _ => {}
    }
    changed
}

fn hash_value(v: &mut Value) -> bool {
    match v {
        Value::String(t) => hash_one(t),
        _ => false,
    }
}

fn hash_one(t: &mut String) -> bool {
    if is_seat_hash(t) {
        return false;
    }
    *t = hashed(t);
    true
}

/// A game's stored settings with every seat token hashed, or `None` when none was in clear
/// (or the text is not JSON: the game's own reading says what is wrong with it).
///
/// ```
/// use rajapasu_server::store::seat_hashes::game_meta;
/// use rajapasu_server::tokens::seat_hash;
/// let old = r#"{"kind":"online","tokens":{"south":"abc","north":"def"}}"#;
/// let new = game_meta(old).unwrap();
/// assert!(new.contains(&seat_hash("abc")) && !new.contains("\"abc\""));
/// assert_eq!(game_meta(&new), None);
/// let mandiri = r#"{"seats":{"kind":"local","token":"abc"}}"#;
/// assert!(game_meta(mandiri).unwrap().contains(&seat_hash("abc")));
/// ```
pub fn game_meta(meta: &str) -> Option<String> {
    let mut v: Value = serde_json::from_str(meta).ok()?;
    hash_tokens(&mut v).then(|| v.to_string())
}

/// An event's stored document without its boards' tokens, and with the settings it keeps for
/// each game hashed ([`game_meta`]); `None` when it kept none in clear.
///
/// ```
/// use rajapasu_server::store::seat_hashes::tournament_doc;
/// let old = r#"{"rounds":[{"boards":[{"pairing":[0,1],"tokens":["abc","def"],
///     "meta":"{\"tokens\":{\"south\":\"abc\",\"north\":\"def\"}}"}]}]}"#;
/// let new = tournament_doc(old).unwrap();
/// assert!(!new.contains("abc") && !new.contains("def"), "{new}");
/// assert_eq!(tournament_doc(&new), None);
/// ```
pub fn tournament_doc(doc: &str) -> Option<String> {
    fn boards(v: &mut Value) -> bool {
        match v {
            Value::Object(map) if map.contains_key("pairing") => {
                let mut changed = map.remove("tokens").is_some();
                if let Some(Value::String(meta)) = map.get_mut("meta") {
                    if let Some(new) = game_meta(meta) {
                        *meta = new;
                        changed = true;
                    }
                }
                changed
            }
            Value::Object(map) => map.values_mut().fold(false, |c, v| c | boards(v)),
            Value::Array(items) => items.iter_mut().fold(false, |c, v| c | boards(v)),
            _ => false,
        }
    }
    let mut v: Value = serde_json::from_str(doc).ok()?;
    boards(&mut v).then(|| v.to_string())
}

/// The lobby's claims keep no token: a claim's seeker gets one of their own when told.
const CLAIMS: &str = "UPDATE seeks SET token = '' WHERE token <> '';
     UPDATE seek_joins SET token = '' WHERE token <> '';";

/// The rows of a table whose text column needs `fix`: (key, new text).
fn fixes(rows: Vec<(String, String)>, fix: fn(&str) -> Option<String>) -> Vec<(String, String)> {
    rows.into_iter()
        .filter_map(|(key, text)| fix(&text).map(|new| (key, new)))
        .collect()
}

/// An account's game's row, as one text (ids and the game's word have no spaces).
const HELD_KEY: &str = "account || ' ' || game || ' ' || id";

/// An account's game kept with its token in clear: the token's hash.
fn held_token(token: &str) -> Option<String> {
    (!is_seat_hash(token)).then(|| hashed(token))
}

/// The hashing on SQLite, in one transaction (the store is not yet shared: it opens).
pub fn sqlite(conn: &rusqlite::Connection) -> rusqlite::Result<()> {
    let read = |sql: &str| -> rusqlite::Result<Vec<(String, String)>> {
        let mut s = conn.prepare(sql)?;
        let rows = s.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?;
        rows.collect()
    };
    conn.execute_batch("BEGIN")?;
    let done = (|| {
        for (id, meta) in fixes(read("SELECT id, meta FROM games")?, game_meta) {
            conn.execute(
                "UPDATE games SET meta = ?2, version = version + 1 WHERE id = ?1",
                (&id, &meta),
            )?;
        }
        let held = read(&format!("SELECT {HELD_KEY}, token FROM account_games"))?;
        for (key, token) in fixes(held, held_token) {
            conn.execute(
                &format!("UPDATE account_games SET token = ?2 WHERE {HELD_KEY} = ?1"),
                (&key, &token),
            )?;
        }
        for (id, doc) in fixes(read("SELECT id, doc FROM tournaments")?, tournament_doc) {
            conn.execute(
                "UPDATE tournaments SET doc = ?2, version = version + 1 WHERE id = ?1",
                (&id, &doc),
            )?;
        }
        conn.execute_batch(CLAIMS)
    })();
    conn.execute_batch(if done.is_ok() { "COMMIT" } else { "ROLLBACK" })?;
    done
}

/// The hashing on PostgreSQL, in the transaction (under the schema's lock) that sets the
/// schema up, so that instances opening at once do it once. A game or event hashed gets a new
/// version: an instance holding a copy reads it again before changing it.
pub async fn postgres(
    tx: &deadpool_postgres::Transaction<'_>,
) -> Result<(), tokio_postgres::Error> {
    let read = |sql: &'static str| async move {
        let rows = tx.query(sql, &[]).await?;
        rows.iter()
            .map(|r| Ok((r.try_get(0)?, r.try_get(1)?)))
            .collect::<Result<Vec<(String, String)>, tokio_postgres::Error>>()
    };
    for (id, meta) in fixes(read("SELECT id, meta FROM games").await?, game_meta) {
        tx.execute(
            "UPDATE games SET meta = $2, version = version + 1 WHERE id = $1",
            &[&id, &meta],
        )
        .await?;
    }
    let held = tx
        .query(&format!("SELECT {HELD_KEY}, token FROM account_games"), &[])
        .await?
        .iter()
        .map(|r| Ok((r.try_get(0)?, r.try_get(1)?)))
        .collect::<Result<Vec<(String, String)>, tokio_postgres::Error>>()?;
    for (key, token) in fixes(held, held_token) {
        tx.execute(
            &format!("UPDATE account_games SET token = $2 WHERE {HELD_KEY} = $1"),
            &[&key, &token],
        )
        .await?;
    }
    for (id, doc) in fixes(
        read("SELECT id, doc FROM tournaments").await?,
        tournament_doc,
    ) {
        tx.execute(
            "UPDATE tournaments SET doc = $2, version = version + 1 WHERE id = $1",
            &[&id, &doc],
        )
        .await?;
    }
    tx.batch_execute(CLAIMS).await
}
