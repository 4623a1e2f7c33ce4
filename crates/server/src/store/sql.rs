//! One store for both databases: a feature's queries are written once, as `async` code over a
//! [`Tx`] (run statements, read rows of [`Value`]s), and run on either database by its
//! [`Db`]: [`sqlite_tx`](super::sqlite_tx) on SQLite's one thread, where the code's future
//! completes in a single poll, and [`postgres_tx`](super::postgres_tx) on a pooled PostgreSQL
//! connection.
//!
//! The SQL text is PostgreSQL's, parameters written `$1, $2…`; SQLite gets it rewritten once
//! ([`sqlite_text`], cached): `?1, ?2…`, and the few words the two dialects spell differently
//! ([`DIALECT`]). Both read `true`/`false`, `coalesce`, `ON CONFLICT`, `RETURNING` and JSON's
//! `->`/`->>`. What truly differs stays with each database: a lock between instances
//! ([`Tx::lock`], a PostgreSQL advisory lock; SQLite's one writer thread needs none), the
//! notices to other instances ([`Tx::notify`], PostgreSQL's NOTIFY and LISTEN), SQLite's group
//! commit of the games' changes, the backup.

use super::error::StoreError;
use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::{Mutex, OnceLock};

/// What a [`Tx`]'s statement gives back, once run.
pub(super) type Pending<'a, T> = Pin<Box<dyn Future<Output = Result<T, StoreError>> + Send + 'a>>;

/// A value passed to a statement or read from a row.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Value {
    /// SQL's NULL.
    Null,
    /// An integer (any width: PostgreSQL's columns take it narrowed, checked).
    Int(i64),
    /// A floating-point number.
    Real(f64),
    /// Text.
    Text(String),
    /// A truth value (SQLite stores 0 or 1).
    Bool(bool),
    /// A set of texts, for `= ANY($n)` (PostgreSQL's array; SQLite's JSON array, read by
    /// `json_each`).
    Texts(Vec<String>),
}

impl From<i64> for Value {
    fn from(v: i64) -> Value {
        Value::Int(v)
    }
}

impl From<u32> for Value {
    fn from(v: u32) -> Value {
        Value::Int(i64::from(v))
    }
}

/// Seconds and counts are kept as signed 64-bit integers, as they always were.
impl From<u64> for Value {
    fn from(v: u64) -> Value {
        Value::Int(v as i64)
    }
}

impl From<f64> for Value {
    fn from(v: f64) -> Value {
        Value::Real(v)
    }
}

impl From<bool> for Value {
    fn from(v: bool) -> Value {
        Value::Bool(v)
    }
}

impl From<&str> for Value {
    fn from(v: &str) -> Value {
        Value::Text(v.to_string())
    }
}

impl From<&String> for Value {
    fn from(v: &String) -> Value {
        Value::Text(v.clone())
    }
}

impl From<String> for Value {
    fn from(v: String) -> Value {
        Value::Text(v)
    }
}

impl<T: Into<Value>> From<Option<T>> for Value {
    fn from(v: Option<T>) -> Value {
        v.map_or(Value::Null, Into::into)
    }
}

/// A type a [`Row`]'s value reads as.
pub(super) trait FromValue: Sized {
    /// The value as this type, if it is one.
    fn from_value(v: &Value) -> Option<Self>;
}

impl FromValue for i64 {
    fn from_value(v: &Value) -> Option<i64> {
        match v {
            Value::Int(i) => Some(*i),
            _ => None,
        }
    }
}

impl FromValue for f64 {
    fn from_value(v: &Value) -> Option<f64> {
        match v {
            Value::Real(r) => Some(*r),
            // SQLite keeps a whole REAL as written; an integer column read as a number.
            Value::Int(i) => Some(*i as f64),
            _ => None,
        }
    }
}

impl FromValue for bool {
    fn from_value(v: &Value) -> Option<bool> {
        match v {
            Value::Bool(b) => Some(*b),
            Value::Int(i) => Some(*i != 0),
            _ => None,
        }
    }
}

impl FromValue for String {
    fn from_value(v: &Value) -> Option<String> {
        match v {
            Value::Text(t) => Some(t.clone()),
            _ => None,
        }
    }
}

impl<T: FromValue> FromValue for Option<T> {
    fn from_value(v: &Value) -> Option<Option<T>> {
        match v {
            Value::Null => Some(None),
            v => T::from_value(v).map(Some),
        }
    }
}

/// One row read: its values in the order of the query's columns.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Row(pub(super) Vec<Value>);

impl Row {
    /// The value of column `i` as a `T`; a column missing or of another type is
    /// [`StoreError::Corrupt`].
    pub(super) fn get<T: FromValue>(&self, i: usize) -> Result<T, StoreError> {
        let v = self.0.get(i).unwrap_or(&Value::Null);
        T::from_value(v).ok_or_else(|| {
            StoreError::Corrupt(format!(
                "column {i} holds {v:?}, not a {}",
                std::any::type_name::<T>()
            ))
        })
    }
}

/// Statements run in one transaction (or each on its own: [`Db::at_once`]) on either
/// database. The text is PostgreSQL's (see the module's comment).
pub(super) trait Tx: Send {
    /// Runs a statement; how many rows it changed.
    fn execute<'a>(&'a mut self, sql: &'static str, params: &'a [Value]) -> Pending<'a, u64>;

    /// Runs a query; its rows.
    fn query<'a>(&'a mut self, sql: &'static str, params: &'a [Value]) -> Pending<'a, Vec<Row>>;

    /// Holds the lock `name` until the transaction ends, so that instances sharing the
    /// database take turns on what it guards (a PostgreSQL advisory lock, keyed by the
    /// name's hash). On SQLite, whose one thread runs every transaction alone, nothing.
    fn lock<'a>(&'a mut self, name: &'a str) -> Pending<'a, ()>;

    /// Tells every instance sharing the database, once the transaction commits, `payload` on
    /// `channel` (PostgreSQL's NOTIFY, which each instance's listener passes on as a
    /// [`Notice`](super::Notice)). On SQLite, which one instance has to itself, nothing.
    fn notify<'a>(&'a mut self, channel: &'a str, payload: &'a str) -> Pending<'a, ()>;

    /// Runs two statements in turn, the second whatever the first changed: how many rows the
    /// first changed (its error is the answer's), and the second's result. PostgreSQL sends
    /// both at once, one round trip where two would be: a change of a game, on every move,
    /// is a version's bump and its move, and its connection is held for every round trip.
    fn execute_two<'a>(
        &'a mut self,
        first: (&'static str, &'a [Value]),
        second: (&'static str, &'a [Value]),
    ) -> Pending<'a, (u64, Result<u64, StoreError>)> {
        Box::pin(async move {
            let changed = self.execute(first.0, first.1).await?;
            Ok((changed, self.execute(second.0, second.1).await))
        })
    }

    /// The first row of a query, if any.
    fn query_opt<'a>(
        &'a mut self,
        sql: &'static str,
        params: &'a [Value],
    ) -> Pending<'a, Option<Row>> {
        Box::pin(async move { Ok(self.query(sql, params).await?.into_iter().next()) })
    }

    /// The first row of a query that always has one.
    fn query_one<'a>(&'a mut self, sql: &'static str, params: &'a [Value]) -> Pending<'a, Row> {
        Box::pin(async move {
            self.query_opt(sql, params)
                .await?
                .ok_or_else(|| StoreError::Corrupt(format!("no row from: {sql}")))
        })
    }
}

/// A store's database, which runs a feature's code: `job` is given a [`Tx`] and returns its
/// future (`|tx| Box::pin(async move { … })`).
#[async_trait::async_trait]
pub(super) trait Db: Send + Sync {
    /// Runs `job` as one transaction: committed when it answers `Ok`, rolled back when `Err`.
    /// It returns once the commit is durable.
    async fn transaction<R, F>(&self, job: F) -> Result<R, StoreError>
    where
        R: Send + 'static,
        F: for<'t> FnOnce(&'t mut dyn Tx) -> Pending<'t, R> + Send + 'static;

    /// Runs `job` with each statement committed on its own: for a job of one statement, or of
    /// reads that need no snapshot in common.
    async fn at_once<R, F>(&self, job: F) -> Result<R, StoreError>
    where
        R: Send + 'static,
        F: for<'t> FnOnce(&'t mut dyn Tx) -> Pending<'t, R> + Send + 'static;

    /// Runs one statement on its own; how many rows it changed.
    async fn statement(&self, sql: &'static str, params: Vec<Value>) -> Result<u64, StoreError> {
        self.at_once(move |tx| Box::pin(async move { tx.execute(sql, &params).await }))
            .await
    }

    /// The rows of one query.
    async fn rows(&self, sql: &'static str, params: Vec<Value>) -> Result<Vec<Row>, StoreError> {
        self.at_once(move |tx| Box::pin(async move { tx.query(sql, &params).await }))
            .await
    }

    /// The first row of one query, if any.
    async fn row(&self, sql: &'static str, params: Vec<Value>) -> Result<Option<Row>, StoreError> {
        self.at_once(move |tx| Box::pin(async move { tx.query_opt(sql, &params).await }))
            .await
    }
}

/// The words SQLite spells differently from PostgreSQL, as a statement's text has them and as
/// SQLite takes them.
pub(super) const DIALECT: &[(&str, &str)] = &[
    // SQLite's one writer runs each transaction alone: no row lock is needed, nor known.
    ("FOR UPDATE", ""),
    ("greatest(", "max("),
    ("least(", "min("),
    // A table stored in its key's order: SQLite's option, a comment to PostgreSQL.
    ("/* WITHOUT ROWID */", "WITHOUT ROWID"),
    // A set: PostgreSQL's array, SQLite's JSON array (the one set a statement has is `$1`).
    ("= ANY($1)", "IN (SELECT value FROM json_each($1))"),
    // A type given where PostgreSQL cannot tell it; SQLite needs none.
    ("::text", ""),
    ("::bigint", ""),
    ("FOR SHARE", ""),
    // A JSON document kept as text: PostgreSQL reads it as `jsonb` first; SQLite's `->` and
    // `->>` read the text.
    ("::jsonb", ""),
];

/// `sql` as SQLite takes it: `$N` parameters as `?N`, and the words of [`DIALECT`]. Each text
/// is rewritten once; the statements are few and fixed (`'static`), so what is kept is too.
///
/// A `$` inside a quoted string stays as it is.
pub(super) fn sqlite_text(sql: &'static str) -> &'static str {
    static CACHE: OnceLock<Mutex<HashMap<&'static str, &'static str>>> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    let mut cache = cache
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    cache
        .entry(sql)
        .or_insert_with(|| Box::leak(rewrite(sql).into_boxed_str()))
}

fn rewrite(sql: &str) -> String {
    let sql = DIALECT.iter().fold(sql.to_string(), |text, (pg, sqlite)| {
        text.replace(pg, sqlite)
    });
    let mut out = String::with_capacity(sql.len());
    let mut quoted = false;
    for c in sql.chars() {
        match c {
            '\'' => quoted = !quoted,
            '$' if !quoted => {
                out.push('?');
                continue;
            }
            _ => {}
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sqlite_gets_its_parameters_and_words() {
        let sql = "SELECT greatest(a, $1) FROM t WHERE b = '$2' AND c = $12 FOR UPDATE";
        assert_eq!(
            sqlite_text(sql),
            "SELECT max(a, ?1) FROM t WHERE b = '$2' AND c = ?12 "
        );
        let set = "SELECT a FROM t WHERE b = ANY($1) AND (doc::jsonb ->> 'c') = $2::text";
        assert_eq!(
            sqlite_text(set),
            "SELECT a FROM t WHERE b IN (SELECT value FROM json_each(?1)) AND (doc ->> 'c') = ?2"
        );
        // Cached: the same text again is the same rewrite.
        assert!(std::ptr::eq(sqlite_text(sql), sqlite_text(sql)));
    }

    #[test]
    fn a_value_reads_as_its_type_or_names_the_mismatch() {
        let row = Row(vec![Value::Int(1), Value::Null, Value::Text("a".into())]);
        assert_eq!(row.get::<i64>(0).unwrap(), 1);
        assert!(row.get::<bool>(0).unwrap());
        assert_eq!(row.get::<f64>(0).unwrap(), 1.0);
        assert_eq!(row.get::<Option<i64>>(1).unwrap(), None);
        assert_eq!(row.get::<String>(2).unwrap(), "a");
        let e = row.get::<i64>(2).unwrap_err();
        assert!(e.to_string().contains("column 2 holds Text"), "{e}");
        assert!(row.get::<i64>(7).is_err());
    }
}
