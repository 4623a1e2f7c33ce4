//! The Raja Pasu web app server: the page, a JSON API and live updates over WebSocket, with
//! every game and every move stored in SQLite or PostgreSQL.
//!
//! | Module | What it holds |
//! |---|---|
//! | [`serve`](mod@serve) | the accept loop: connection cap, timeouts, graceful stop (docs/SERVER.md) |
//! | [`layers`] | what every answer passes through: head size, rate limits, JSON errors, security headers, metrics |
//! | [`limits`] | every limit of the server, the flags of `serve`, with their defaults |
//! | [`requests`] | the bodies and queries both games' routes share, and the analysis request, read and checked: a bad request stops there |
//! | [`api`] | the routes (docs/API.md), the page's assets, `/healthz`, `/metrics`, `/api/meta` |
//! | [`game_routes`], [`live`] | a game's routes (its games, its trace), one router instantiated per game; its live updates (WebSocket) |
//! | [`app`] | what the handlers share: games, search workers, limits, counters |
//! | [`search_pool`] | the search workers: computer moves, then hints, then analyses and mistakes; a bounded queue, tables reused within a memory budget, searches stopped when their client goes |
//! | [`rate`], [`sockets`] | per-address rate limits (searches per account too); caps on WebSockets by game and address |
//! | [`tokens`] | ids, seat tokens and invitations: random, compared in constant time |
//! | [`match_stakes`] | what the round in play means for a solved match: its round start's proven value, the counters each player needs |
//! | [`metrics`] | the counters of `/metrics` |
//! | [`mistakes`] | "learn from your mistakes": the moves of a game proven worse than the best, from the opening book and the endgame table at once, the rest on the search workers within a time budget |
//! | [`accounts`] | optional accounts: names, Argon2id passwords, session cookies, cross-site requests refused |
//! | [`games`] | the games in play, written once for both games: held, stored, moves, undo, hints, seats, rematches, the computer's turn |
//! | [`raja_pasu`] | what is Raja Pasu's own: its settings (who plays), requests, JSON and hint |
//! | [`mandiri`] | what is Raja Pasu Mandiri's own: the same, for three players |
//! | [`store`] | where games are kept: SQLite (one writer thread, group commit) or PostgreSQL |
//! | [`analysis`] | the analysis board's search: every move scored, bounded in time |
//! | [`lobby`] | open challenges (seeks) listed live across instances, accepted with one click |
//! | [`tournaments`] | round-robin, Swiss and arena events: paired by `rajapasu_pairing`, each round within a window, forfeits, live crosstables, exports |
//! | [`players`] | a player's games for their page: in progress (their move first), finished with results, all records in one file |
//! | [`ratings`] | ratings for games: a rated game's end rated once, leaderboards per pool, players' pages |
//! | [`puzzle_source`] | the store's finished Raja Pasu games, read back as a source of puzzles (`puzzles generate --from store`) |
//! | [`puzzle_line`] | an attempt's moves judged against the puzzle's proven solution: solved or failed is the server's to say |
//! | [`puzzles`] | the puzzles' routes: the shipped set with proven solutions, choice by rating and theme, the daily puzzle, Glicko-2 attempts |
//! | [`tablebase`] | the endgame table built in the background when missing, and its progress |
//! | [`error`] | the API's error answers, and why the server could not start |
//! | [`assets`] | the page's files, embedded in the binary; the HTML pages, made from one layout and shared parts |
//! | [`cli`] | the `serve` command's options and its start |
//!
//! ```no_run
//! # async fn run() -> Result<(), rajapasu_server::error::ServerError> {
//! let (addr, server) = rajapasu_server::spawn("127.0.0.1:0", ":memory:").await?;
//! println!("open http://{addr}/");
//! server.await.ok();
//! # Ok(()) }
//! ```

pub mod accounts;
pub mod analysis;
pub mod api;
pub mod app;
pub mod assets;
pub mod cli;
pub mod error;
pub mod game_routes;
pub mod games;
pub mod layers;
pub mod limits;
pub mod live;
pub mod lobby;
pub mod mandiri;
pub mod match_stakes;
pub mod metrics;
pub mod mistakes;
pub mod players;
pub mod puzzle_line;
pub mod puzzle_source;
pub mod puzzles;
pub mod raja_pasu;
pub mod rate;
pub mod ratings;
pub mod requests;
pub mod search_pool;
pub mod serve;
pub mod sockets;
pub mod store;
pub mod tablebase;
pub mod tokens;
pub mod tournaments;

use app::App;
use error::ServerError;
use limits::Limits;
use std::net::SocketAddr;
use std::sync::Arc;
use tokio::sync::watch;

/// A server running in a background task.
pub struct Running {
    /// The address bound.
    pub addr: SocketAddr,
    /// Ends when the server has stopped.
    pub task: tokio::task::JoinHandle<()>,
    /// The games it holds, for tests to look inside.
    pub hub: Arc<games::Hub>,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
}

impl Running {
    /// Starts the graceful stop (as SIGTERM does) and waits until the server has stopped;
    /// its clock tasks end.
    pub async fn stop(mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        let _ = (&mut self.task).await;
        self.hub.halt();
    }
}

/// Opens the database (a SQLite file, or a `postgres://` address), binds `addr` and serves in
/// a background task with the default limits and [`games::Policy`]. Returns the address
/// actually bound (useful with port 0) and the server task.
pub async fn spawn(
    addr: &str,
    db: &str,
) -> Result<(SocketAddr, tokio::task::JoinHandle<()>), ServerError> {
    let running = spawn_with(addr, db, Limits::default(), games::Policy::default()).await?;
    let Running {
        addr, task, stop, ..
    } = running;
    // Kept by the task: the server runs until the runtime ends.
    let task = tokio::spawn(async move {
        let _stop = stop;
        let _ = task.await;
    });
    Ok((addr, task))
}

/// [`spawn`] with these limits and storage policy; the server stops gracefully with
/// [`Running::stop`] (or when it is dropped).
pub async fn spawn_with(
    addr: &str,
    db: &str,
    limits: Limits,
    policy: games::Policy,
) -> Result<Running, ServerError> {
    let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
    let (listener, router, app, stopping) = prepare(addr, db, limits, policy).await?;
    let bound = listener.local_addr().map_err(ServerError::Address)?;
    let hub = app.hub.clone();
    let task = tokio::spawn(serve::run(listener, router, app, stopping, async move {
        let _ = stop_rx.await;
    }));
    Ok(Running {
        addr: bound,
        task,
        hub,
        stop: Some(stop_tx),
    })
}

async fn prepare(
    addr: &str,
    db: &str,
    limits: Limits,
    policy: games::Policy,
) -> Result<
    (
        tokio::net::TcpListener,
        axum::Router,
        Arc<App>,
        watch::Sender<bool>,
    ),
    ServerError,
> {
    limits.check().map_err(ServerError::Limits)?;
    let search = search_pool::SearchPool::with_background(
        limits.search_threads(),
        limits.search_memory_bytes(),
        limits.search_queue,
        limits.search_background(),
    )
    .map_err(ServerError::Workers)?;
    let store = store::open(db).await.map_err(ServerError::Store)?;
    let hub = games::Hub::start(store, policy, search.clone())
        .await
        .map_err(ServerError::Store)?;
    hub.resume_computers().await.map_err(ServerError::Store)?;
    games::flags::start_clocks(&hub)
        .await
        .map_err(ServerError::Store)?;
    let listener =
        tokio::net::TcpListener::bind(addr)
            .await
            .map_err(|error| ServerError::Listen {
                addr: addr.to_string(),
                error,
            })?;
    let (stopping_tx, stopping) = watch::channel(false);
    let table = tablebase::start(&limits.tablebase);
    let app = Arc::new(App {
        lobby: lobby::Lobby::start(hub.clone()),
        tournaments: tournaments::Hall::start(hub.clone()),
        hub,
        search,
        rate: Arc::new(rate::RateLimits::new(&limits)),
        accounts: accounts::Accounts::new(
            limits.logins_per_name_hour,
            limits.logins_per_name_all_hour,
        ),
        sockets: sockets::SocketCaps::new(
            limits.ws_per_game,
            limits.ws_per_address,
            limits.max_connections,
        ),
        metrics: metrics::Metrics::default(),
        limits,
        stopping,
        table,
    });
    let router = with_layers(api::router(app.clone()));
    Ok((listener, router, app, stopping_tx))
}

/// The request id (made for each request, sent back as `x-request-id`) and the trace of each
/// request in the log.
fn with_layers(router: axum::Router) -> axum::Router {
    use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer};
    use tower_http::trace::TraceLayer;
    let id = layers::REQUEST_ID.clone();
    router.layer(
        tower::ServiceBuilder::new()
            .layer(SetRequestIdLayer::new(id.clone(), MakeRequestUuid))
            .layer(
                TraceLayer::new_for_http()
                    .make_span_with(|req: &axum::http::Request<_>| {
                        let id = req
                            .headers()
                            .get(&layers::REQUEST_ID)
                            .and_then(|v| v.to_str().ok())
                            .unwrap_or("-");
                        tracing::info_span!("request", method = %req.method(), path = %req.uri().path(), id)
                    })
                    // An error answer is not a server failure, and under a flood of refused
                    // requests a line for each would be a flood of its own: internal errors are
                    // logged where they are known (crate::layers), the rest at debug level.
                    .on_failure(()),
            )
            .layer(PropagateRequestIdLayer::new(id)),
    )
}

/// Serves until Ctrl-C or SIGTERM, printing the address to open first; then stops accepting,
/// lets requests in flight finish within the grace period and closes the rest.
pub async fn serve(
    addr: &str,
    db: &str,
    limits: Limits,
    policy: games::Policy,
) -> Result<(), ServerError> {
    let (listener, router, app, stopping) = prepare(addr, db, limits, policy).await?;
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
    if let Some(table) = app.table.clone() {
        // The build looks at what is there first (a few milliseconds): say what it found.
        for _ in 0..100 {
            if table.snapshot().state != rajapasu_tablebase::background::State::Starting {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
        println!("{}", tablebase::describe(&table));
    }
    serve::run(listener, router, app, stopping, shutdown()).await;
    Ok(())
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
    tracing::info!("stopping");
}
