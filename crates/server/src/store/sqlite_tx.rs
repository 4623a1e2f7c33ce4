//! A feature's code on SQLite (`Db` for `SqliteStore`, in `super::sqlite`): run as one job on the database's
//! only thread, between the games' group commits, so nothing else runs between its
//! statements. Its future completes in a single poll: every statement runs at once
//! (rusqlite does not wait), so there is nothing to wait for; a future that did wait would
//! be a mistake, answered [`StoreError::Failed`], its transaction rolled back.

use super::error::StoreError;
use super::sql::{sqlite_text, Pending, Row, Tx, Value};
use rusqlite::types::{ToSqlOutput, ValueRef};
use rusqlite::Connection;
use std::sync::Arc;
use std::task::{Context, Poll, RawWaker, RawWakerVTable, Waker};

/// The connection, lent to one job. `&mut` (not `&`) so that the job's future is `Send`, as
/// PostgreSQL's must be: the two run the same code.
pub(super) struct SqliteTx<'c> {
    conn: &'c mut Connection,
}

impl<'c> SqliteTx<'c> {
    /// The connection, for statements run inside whatever transaction it has open (the
    /// games' write's savepoint).
    pub(super) fn new(conn: &'c mut Connection) -> SqliteTx<'c> {
        SqliteTx { conn }
    }
}

/// A statement's error: the job is refused.
pub(super) fn refused(e: rusqlite::Error) -> StoreError {
    StoreError::Refused(Arc::new(e))
}

impl rusqlite::ToSql for Value {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(match self {
            Value::Null => ToSqlOutput::Borrowed(ValueRef::Null),
            Value::Int(i) => ToSqlOutput::Borrowed(ValueRef::Integer(*i)),
            Value::Real(r) => ToSqlOutput::Borrowed(ValueRef::Real(*r)),
            Value::Text(t) => ToSqlOutput::Borrowed(ValueRef::Text(t.as_bytes())),
            Value::Bool(b) => ToSqlOutput::Borrowed(ValueRef::Integer(i64::from(*b))),
            Value::Texts(set) => ToSqlOutput::from(
                serde_json::to_string(set)
                    .map_err(|e| rusqlite::Error::ToSqlConversionFailure(e.into()))?,
            ),
        })
    }
}

fn value(v: ValueRef<'_>) -> Result<Value, StoreError> {
    Ok(match v {
        ValueRef::Null => Value::Null,
        ValueRef::Integer(i) => Value::Int(i),
        ValueRef::Real(r) => Value::Real(r),
        ValueRef::Text(t) => Value::Text(
            std::str::from_utf8(t)
                .map_err(|e| StoreError::Corrupt(format!("stored text: {e}")))?
                .to_string(),
        ),
        ValueRef::Blob(_) => return Err(StoreError::Corrupt("a blob where none is kept".into())),
    })
}

impl Tx for SqliteTx<'_> {
    fn execute<'a>(&'a mut self, sql: &'static str, params: &'a [Value]) -> Pending<'a, u64> {
        Box::pin(async move {
            let n = self
                .conn
                .prepare_cached(sqlite_text(sql))
                .and_then(|mut s| s.execute(rusqlite::params_from_iter(params)))
                .map_err(refused)?;
            Ok(n as u64)
        })
    }

    fn query<'a>(&'a mut self, sql: &'static str, params: &'a [Value]) -> Pending<'a, Vec<Row>> {
        Box::pin(async move {
            let mut stmt = self
                .conn
                .prepare_cached(sqlite_text(sql))
                .map_err(refused)?;
            let width = stmt.column_count();
            let mut rows = stmt
                .query(rusqlite::params_from_iter(params))
                .map_err(refused)?;
            let mut out = Vec::new();
            while let Some(r) = rows.next().map_err(refused)? {
                let values = (0..width)
                    .map(|i| value(r.get_ref(i).map_err(refused)?))
                    .collect::<Result<_, _>>()?;
                out.push(Row(values));
            }
            Ok(out)
        })
    }

    fn lock<'a>(&'a mut self, _name: &'a str) -> Pending<'a, ()> {
        Box::pin(std::future::ready(Ok(())))
    }

    fn notify<'a>(&'a mut self, _channel: &'a str, _payload: &'a str) -> Pending<'a, ()> {
        Box::pin(std::future::ready(Ok(())))
    }
}

/// A waker that does nothing: nothing ever wakes a SQLite job, as none waits.
fn no_waker() -> Waker {
    const VTABLE: RawWakerVTable = RawWakerVTable::new(|_| RAW, |_| {}, |_| {}, |_| {});
    const RAW: RawWaker = RawWaker::new(std::ptr::null(), &VTABLE);
    // SAFETY: every function of the table ignores the (null) data pointer.
    unsafe { Waker::from_raw(RAW) }
}

/// Runs `job`'s future to its end in one poll, which it always reaches (see the module's
/// comment); one that waits is refused rather than blocking the database's thread.
pub(super) fn complete<T>(mut job: Pending<'_, T>) -> Result<T, StoreError> {
    let waker = no_waker();
    match job.as_mut().poll(&mut Context::from_waker(&waker)) {
        Poll::Ready(r) => r,
        Poll::Pending => Err(StoreError::Failed(
            "a SQLite job waited, which it never should: rolled back".into(),
        )),
    }
}
