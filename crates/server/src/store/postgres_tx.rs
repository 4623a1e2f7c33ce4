//! A feature's code on PostgreSQL (`Db` for `PgStore`, in `super::postgres`): on one pooled
//! connection, in a
//! transaction committed before the job's answer is given. Each statement is prepared once
//! per connection (deadpool's cache); its parameters are passed as the types PostgreSQL
//! found for them, a [`Value`]'s integer narrowed (checked) to a smaller column's width.

use super::error::StoreError;
use super::sql::{Pending, Row, Tx, Value};
use deadpool_postgres::GenericClient;
use std::future::Future;
use tokio_postgres::types::{ToSql, Type};

/// A connection, or a transaction on one, lent to one job.
pub(super) struct PgTx<'c, C: GenericClient> {
    client: &'c C,
    begin: Begin,
}

/// Whether a [`PgTx`] opens its transaction itself.
#[derive(Clone, Copy, PartialEq)]
enum Begin {
    /// No: its client is a transaction already, or runs each statement alone.
    No,
    /// With its first statement, not yet run.
    WithFirst,
    /// Sent.
    Sent,
}

impl<'c, C: GenericClient> PgTx<'c, C> {
    /// The connection or transaction `client`, for statements run on it.
    pub(super) fn new(client: &'c C) -> PgTx<'c, C> {
        PgTx {
            client,
            begin: Begin::No,
        }
    }

    /// A transaction on the connection `client`, opened with the first statement: `BEGIN`
    /// goes with it, one round trip for both. Its owner ends it with `COMMIT` or `ROLLBACK`
    /// once [`PgTx::opened`], and must not hand the connection back to the pool when the job
    /// stops midway (see `postgres::Lent`).
    pub(super) fn opening(client: &'c C) -> PgTx<'c, C> {
        PgTx {
            client,
            begin: Begin::WithFirst,
        }
    }

    /// Whether a transaction this opens was opened: a statement was sent.
    pub(super) fn opened(&self) -> bool {
        self.begin == Begin::Sent
    }

    /// Waits for `statements`, sent after `BEGIN` if the transaction is still to open. Both are
    /// polled at once, so the client sends them together (pipelining), in order.
    async fn run<T>(&mut self, statements: impl Future<Output = T>) -> Result<T, StoreError> {
        if self.begin != Begin::WithFirst {
            return Ok(statements.await);
        }
        self.begin = Begin::Sent;
        let client = self.client;
        let (begun, done) = tokio::join!(client.batch_execute("BEGIN"), statements);
        begun?;
        Ok(done)
    }
}

type Param = Box<dyn ToSql + Sync + Send>;

/// `v` as the Rust type that PostgreSQL's `ty` takes.
fn param(i: usize, ty: &Type, v: &Value) -> Result<Param, StoreError> {
    let wrong = || StoreError::Corrupt(format!("parameter ${}: {v:?} for a {ty}", i + 1));
    let int = || match v {
        Value::Null => Ok(None),
        Value::Int(n) => Ok(Some(*n)),
        _ => Err(wrong()),
    };
    Ok(match *ty {
        Type::INT8 => Box::new(int()?),
        Type::INT4 => Box::new(int()?.map(i32::try_from).transpose().map_err(|_| wrong())?),
        Type::INT2 => Box::new(int()?.map(i16::try_from).transpose().map_err(|_| wrong())?),
        Type::FLOAT8 => Box::new(match v {
            Value::Null => None,
            Value::Real(r) => Some(*r),
            _ => return Err(wrong()),
        }),
        Type::BOOL => Box::new(match v {
            Value::Null => None,
            Value::Bool(b) => Some(*b),
            _ => return Err(wrong()),
        }),
        Type::TEXT_ARRAY | Type::VARCHAR_ARRAY => Box::new(match v {
            Value::Null => None,
            Value::Texts(set) => Some(set.clone()),
            _ => return Err(wrong()),
        }),
        Type::TEXT | Type::VARCHAR | Type::BPCHAR | Type::NAME => Box::new(match v {
            Value::Null => None,
            Value::Text(t) => Some(t.clone()),
            _ => return Err(wrong()),
        }),
        _ => return Err(wrong()),
    })
}

/// A row's values, by their columns' types.
fn row(r: &tokio_postgres::Row) -> Result<Row, StoreError> {
    let mut values = Vec::with_capacity(r.len());
    for (i, column) in r.columns().iter().enumerate() {
        let v = match *column.type_() {
            Type::INT8 => r.try_get::<_, Option<i64>>(i)?.map(Value::Int),
            Type::INT4 => r
                .try_get::<_, Option<i32>>(i)?
                .map(|n| Value::Int(n.into())),
            Type::INT2 => r
                .try_get::<_, Option<i16>>(i)?
                .map(|n| Value::Int(n.into())),
            Type::FLOAT8 => r.try_get::<_, Option<f64>>(i)?.map(Value::Real),
            Type::FLOAT4 => r
                .try_get::<_, Option<f32>>(i)?
                .map(|f| Value::Real(f.into())),
            Type::BOOL => r.try_get::<_, Option<bool>>(i)?.map(Value::Bool),
            Type::TEXT | Type::VARCHAR | Type::BPCHAR | Type::NAME => {
                r.try_get::<_, Option<String>>(i)?.map(Value::Text)
            }
            Type::VOID => None,
            ref other => {
                return Err(StoreError::Corrupt(format!(
                    "column {} is a {other}, which is not read",
                    column.name()
                )))
            }
        };
        values.push(v.unwrap_or(Value::Null));
    }
    Ok(Row(values))
}

impl<C: GenericClient> PgTx<'_, C> {
    /// The statement `sql`, prepared, and `params` as it takes them.
    async fn prepare(
        &self,
        sql: &str,
        params: &[Value],
    ) -> Result<(tokio_postgres::Statement, Vec<Param>), StoreError> {
        let stmt = self.client.prepare_cached(sql).await?;
        let params = stmt
            .params()
            .iter()
            .zip(params)
            .enumerate()
            .map(|(i, (ty, v))| param(i, ty, v))
            .collect::<Result<_, _>>()?;
        Ok((stmt, params))
    }
}

fn refs(params: &[Param]) -> Vec<&(dyn ToSql + Sync)> {
    params
        .iter()
        .map(|p| p.as_ref() as &(dyn ToSql + Sync))
        .collect()
}

impl<C: GenericClient> Tx for PgTx<'_, C> {
    fn execute<'a>(&'a mut self, sql: &'static str, params: &'a [Value]) -> Pending<'a, u64> {
        Box::pin(async move {
            let (stmt, params) = self.prepare(sql, params).await?;
            let client = self.client;
            Ok(self.run(client.execute(&stmt, &refs(&params))).await??)
        })
    }

    fn query<'a>(&'a mut self, sql: &'static str, params: &'a [Value]) -> Pending<'a, Vec<Row>> {
        Box::pin(async move {
            let (stmt, params) = self.prepare(sql, params).await?;
            let client = self.client;
            let rows = self.run(client.query(&stmt, &refs(&params))).await??;
            rows.iter().map(row).collect()
        })
    }

    fn execute_two<'a>(
        &'a mut self,
        first: (&'static str, &'a [Value]),
        second: (&'static str, &'a [Value]),
    ) -> Pending<'a, (u64, Result<u64, StoreError>)> {
        Box::pin(async move {
            let (one, one_params) = self.prepare(first.0, first.1).await?;
            let (two, two_params) = self.prepare(second.0, second.1).await?;
            let (one_params, two_params) = (refs(&one_params), refs(&two_params));
            let client = self.client;
            // Both polled at once: the client sends the second before the first's answer is
            // back (pipelining), in order, so that the server runs them in turn.
            let (changed, second) = self
                .run(async {
                    tokio::join!(
                        client.execute(&one, &one_params),
                        client.execute(&two, &two_params)
                    )
                })
                .await?;
            Ok((changed?, second.map_err(StoreError::from)))
        })
    }

    fn lock<'a>(&'a mut self, name: &'a str) -> Pending<'a, ()> {
        Box::pin(async move {
            let params = [Value::from(name)];
            self.execute("SELECT pg_advisory_xact_lock(hashtext($1))", &params)
                .await
                .map(drop)
        })
    }

    fn notify<'a>(&'a mut self, channel: &'a str, payload: &'a str) -> Pending<'a, ()> {
        Box::pin(async move {
            let params = [Value::from(channel), payload.into()];
            self.execute("SELECT pg_notify($1, $2)", &params)
                .await
                .map(drop)
        })
    }
}
