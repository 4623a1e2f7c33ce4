//! Seat tokens that earlier versions kept in clear (in a game's settings, an account's games,
//! an event's boards, the lobby's claims), hashed as each store opens, so that a copy of the
//! database acts for no seat: a game's settings and an account's games keep the hash
//! (`crate::tokens::seat_hash`, which the game compares a token's hash with, so a game made
//! before still plays with its old link); an event's boards and the lobby's claims keep
//! nothing (their players get tokens of their own when they come). What is hashed already is
//! left as it is, so that opening again changes nothing. Written once for both databases,
//! over [`Tx`] ([`hash`]).

use super::error::StoreError;
use super::sql::{Tx, Value};
use crate::tokens::{hashed, is_seat_hash};
use serde_json::Value as Json;

/// Hashes every seat token in clear found in `v`: the values of `token` and the entries of
/// `tokens` (a list, or an object by side). Whether anything changed.
fn hash_tokens(v: &mut Json) -> bool {
    let mut changed = false;
    match v {
        Json::Object(map) => {
            for (key, value) in map.iter_mut() {
                changed |= match (key.as_str(), value) {
                    ("token", Json::String(t)) => hash_one(t),
                    ("tokens", Json::Array(ts)) => {
                        ts.iter_mut().fold(false, |c, t| c | hash_value(t))
                    }
                    ("tokens", Json::Object(ts)) => {
                        ts.values_mut().fold(false, |c, t| c | hash_value(t))
                    }
                    (_, other) => hash_tokens(other),
                };
            }
        }
        Json::Array(items) => {
            for item in items {
                changed |= hash_tokens(item);
            }
        }
        _ => {}
    }
    changed
}

fn hash_value(v: &mut Json) -> bool {
    match v {
        Json::String(t) => hash_one(t),
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
    let mut v: Json = serde_json::from_str(meta).ok()?;
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
    fn boards(v: &mut Json) -> bool {
        match v {
            Json::Object(map) if map.contains_key("pairing") => {
                let mut changed = map.remove("tokens").is_some();
                if let Some(Json::String(meta)) = map.get_mut("meta") {
                    if let Some(new) = game_meta(meta) {
                        *meta = new;
                        changed = true;
                    }
                }
                changed
            }
            Json::Object(map) => map.values_mut().fold(false, |c, v| c | boards(v)),
            Json::Array(items) => items.iter_mut().fold(false, |c, v| c | boards(v)),
            _ => false,
        }
    }
    let mut v: Json = serde_json::from_str(doc).ok()?;
    boards(&mut v).then(|| v.to_string())
}

/// The rows of a table whose text column needs `fix`: (key, new text).
async fn fixes(
    tx: &mut dyn Tx,
    sql: &'static str,
    fix: fn(&str) -> Option<String>,
) -> Result<Vec<[Value; 2]>, StoreError> {
    let mut out = Vec::new();
    for row in tx.query(sql, &[]).await? {
        let (key, text): (String, String) = (row.get(0)?, row.get(1)?);
        if let Some(new) = fix(&text) {
            out.push([key.into(), new.into()]);
        }
    }
    Ok(out)
}

/// An account's game's row, as one text (ids and the game's word have no spaces).
macro_rules! held_key {
    () => {
        "account || ' ' || game || ' ' || id"
    };
}

/// An account's game kept with its token in clear: the token's hash.
fn held_token(token: &str) -> Option<String> {
    (!is_seat_hash(token)).then(|| hashed(token))
}

/// Hashes the seat tokens kept in clear, in the transaction `tx` that opens the store (on
/// PostgreSQL the one, under the schema's lock, that sets the schema up, so that instances
/// opening at once do it once). A game or event hashed gets a new version: an instance holding
/// a copy reads it again before changing it.
pub(super) async fn hash(tx: &mut dyn Tx) -> Result<(), StoreError> {
    for fixed in fixes(tx, "SELECT id, meta FROM games", game_meta).await? {
        let sql = "UPDATE games SET meta = $2, version = version + 1 WHERE id = $1";
        tx.execute(sql, &fixed).await?;
    }
    let held = concat!("SELECT ", held_key!(), ", token FROM account_games");
    for fixed in fixes(tx, held, held_token).await? {
        let sql = concat!(
            "UPDATE account_games SET token = $2 WHERE ",
            held_key!(),
            " = $1"
        );
        tx.execute(sql, &fixed).await?;
    }
    let events = "SELECT id, doc FROM tournaments";
    for fixed in fixes(tx, events, tournament_doc).await? {
        let sql = "UPDATE tournaments SET doc = $2, version = version + 1 WHERE id = $1";
        tx.execute(sql, &fixed).await?;
    }
    // The lobby's claims keep no token: a claim's seeker gets one of their own when told.
    tx.execute("UPDATE seeks SET token = '' WHERE token <> ''", &[])
        .await?;
    tx.execute("UPDATE seek_joins SET token = '' WHERE token <> ''", &[])
        .await
        .map(drop)
}
