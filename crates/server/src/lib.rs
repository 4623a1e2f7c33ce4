//! The Raja Pasu web app server: the page, a JSON API and live updates over WebSocket, with
//! every game and every move stored in SQLite or PostgreSQL.
//!
//! | Module | What it holds |
//! |---|---|
//! | [`requests`] | every request's body and query, read and checked: a bad request stops there |
//! | [`api`] | the routes (docs/API.md), the WebSocket, the page's assets |
//! | [`games`] | the games in play, their moves, undo, hints, seats; each change stored first |
//! | [`meta`] | a game's settings (rules, start, seats, names), typed, and as stored |
//! | [`store`] | where games are kept: SQLite (one writer thread, group commit) or PostgreSQL |
//! | [`analysis`] | the analysis board's search: every move scored, bounded in time |
//! | [`computer`] | the computer opponent and the levels, as the page sees them |
//! | [`error`] | the API's error answers, and why the server could not start |
//! | [`assets`] | the page's files, embedded in the binary |
//! | [`cli`], [`loadtest`], [`client`] | the `serve` and `loadtest` commands, and their HTTP client |
//!
//! ```no_run
//! # async fn run() -> Result<(), rajapasu_server::error::ServerError> {
//! let (addr, server) = rajapasu_server::spawn("127.0.0.1:0", ":memory:").await?;
//! println!("open http://{addr}/");
//! server.await.ok();
//! # Ok(()) }
//! ```

pub mod analysis;
pub mod api;
pub mod assets;
pub mod cli;
pub mod client;
pub mod computer;
pub mod error;
pub mod games;
pub mod loadtest;
pub mod meta;
pub mod requests;
pub mod store;

use error::ServerError;
use std::net::SocketAddr;

/// Opens the database (a SQLite file, or a `postgres://` address), binds `addr` and serves in
/// a background task with the default [`games::Policy`]. Returns the address actually bound
/// (useful with port 0) and the server task.
pub async fn spawn(
    addr: &str,
    db: &str,
) -> Result<(SocketAddr, tokio::task::JoinHandle<()>), ServerError> {
    let (bound, task, _) = spawn_with(addr, db, games::Policy::default()).await?;
    Ok((bound, task))
}

/// [`spawn`] with a storage policy; also returns the hub, for tests to look inside.
pub async fn spawn_with(
    addr: &str,
    db: &str,
    policy: games::Policy,
) -> Result<
    (
        SocketAddr,
        tokio::task::JoinHandle<()>,
        std::sync::Arc<games::Hub>,
    ),
    ServerError,
> {
    let (listener, hub) = prepare(addr, db, policy).await?;
    let bound = listener.local_addr().map_err(ServerError::Address)?;
    let app = api::router(hub.clone());
    let task = tokio::spawn(async move {
        let _ = axum::serve(listener, app).await;
    });
    Ok((bound, task, hub))
}

async fn prepare(
    addr: &str,
    db: &str,
    policy: games::Policy,
) -> Result<(tokio::net::TcpListener, std::sync::Arc<games::Hub>), ServerError> {
    let store = store::open(db).await.map_err(ServerError::Store)?;
    let hub = games::Hub::start(store, policy)
        .await
        .map_err(ServerError::Store)?;
    let listener =
        tokio::net::TcpListener::bind(addr)
            .await
            .map_err(|error| ServerError::Listen {
                addr: addr.to_string(),
                error,
            })?;
    Ok((listener, hub))
}

/// Serves until Ctrl-C or SIGTERM, printing the address to open first.
pub async fn serve(addr: &str, db: &str, policy: games::Policy) -> Result<(), ServerError> {
    let (listener, hub) = prepare(addr, db, policy).await?;
    let app = api::router(hub);
    let bound = listener.local_addr().map_err(ServerError::Address)?;
    let shown = if bound.ip().is_unspecified() {
        SocketAddr::new(std::net::Ipv4Addr::LOCALHOST.into(), bound.port())
    } else {
        bound
    };
    let shown_db = store::display_name(db);
    println!(
        "Raja Pasu is ready: open http://{shown}/ in a browser (games in {shown_db}; Ctrl-C stops)"
    );
    axum::serve(listener, app)
        .with_graceful_shutdown(shutdown())
        .await
        .map_err(ServerError::Serve)
}

async fn shutdown() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {},
        _ = term => {},
    }
}
