//! The HTTP routes: the JSON API (see docs/API.md), the WebSocket and the page's assets.

use crate::app::{App, Peer};
use crate::assets;
use crate::error::{ApiError, ErrorKind};
use crate::games::held::Held;
use crate::games::slot::Entry;
use crate::games::Slot;
use crate::requests::{
    AnalysisRequest, ApiJson, ApiPath, ApiQuery, JoinRequest, MoveRequest, NameRequest, NewGame,
    RecordQuery, RematchRequest, StateQuery, TokenRequest, TraceRequest, BODY_LIMIT,
};
use crate::sockets::{Full, SocketPlace};
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{close_code, CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Extension, Json, Router};
use rajapasu_engine::{Event, GameView, Rules};
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::broadcast::error::RecvError;

type AppState = Arc<App>;

/// Largest WebSocket message (and frame) taken from a client, in bytes: the page sends only
/// its seat token and short requests for the state.
pub const WS_MESSAGE_LIMIT: usize = 4096;

/// The whole application: the routes, behind [`crate::layers::front`].
pub fn router(app: Arc<App>) -> Router {
    Router::new()
        .route("/healthz", get(healthz))
        .route("/metrics", get(metrics))
        .route("/api", get(api_index))
        .route("/api/meta", get(meta))
        .route("/api/games", post(create))
        .route("/api/games/{id}", get(state))
        .route("/api/games/{id}/moves", post(play))
        .route("/api/games/{id}/undo", post(undo))
        .route("/api/games/{id}/hint", post(hint))
        .route("/api/games/{id}/join", post(join))
        .route("/api/games/{id}/resign", post(resign))
        .route("/api/games/{id}/next-round", post(next_round))
        .route("/api/games/{id}/name", post(name))
        .route("/api/games/{id}/rematch", post(rematch))
        .route("/api/games/{id}/record", get(record::<Entry>))
        .route("/api/games/{id}/ws", get(ws::<Entry>))
        .merge(crate::mandiri::routes::router())
        .route("/api/trace", post(trace))
        .route("/api/analysis", post(analysis))
        .route("/api/{*rest}", get(api_not_found).post(api_not_found))
        .route("/", get(assets::index))
        .route("/g/{id}", get(assets::index))
        .route("/mandiri", get(assets::mandiri_page))
        .route("/m/{id}", get(assets::mandiri_page))
        .route("/rules", get(assets::rules_page))
        .route("/learn", get(assets::learn_page))
        .route("/analysis", get(assets::analysis_page))
        .route("/assets/{*path}", get(assets::asset))
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        // Inside the front layer, so that a panic's answer is logged and finished as any
        // internal error is.
        .layer(tower_http::catch_panic::CatchPanicLayer::custom(
            crate::layers::panicked,
        ))
        .layer(axum::middleware::from_fn_with_state(
            app.clone(),
            crate::layers::front,
        ))
        .with_state(app)
}

/// 200 when the store commits a write, 503 otherwise.
async fn healthz(State(app): State<AppState>) -> Result<Json<Value>, ApiError> {
    app.hub
        .store_answers()
        .await
        .map_err(|e| ApiError::unavailable(e).code("store_down"))?;
    Ok(Json(json!({"status": "ok", "games": app.hub.len()})))
}

async fn metrics(State(app): State<AppState>) -> Response {
    (
        [(
            header::CONTENT_TYPE,
            "text/plain; version=0.0.4; charset=utf-8",
        )],
        app.metrics.render(&app.gauges()),
    )
        .into_response()
}

async fn not_found() -> ApiError {
    ApiError::not_found("no such page").code("no_page")
}

async fn api_not_found() -> ApiError {
    ApiError::not_found("no such API route: see /api").code("no_route")
}

async fn method_not_allowed() -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        "this route does not take that method: see /api",
    )
}

async fn api_index() -> Json<Value> {
    Json(json!({
        "routes": [
            "GET /api/meta",
            "POST /api/games",
            "GET /api/games/{id}[?at=PLY]",
            "POST /api/games/{id}/moves",
            "POST /api/games/{id}/undo",
            "POST /api/games/{id}/hint",
            "POST /api/games/{id}/join",
            "POST /api/games/{id}/resign",
            "POST /api/games/{id}/next-round",
            "POST /api/games/{id}/name",
            "POST /api/games/{id}/rematch",
            "GET /api/games/{id}/record[?format=text|json]",
            "GET /api/games/{id}/ws (WebSocket)",
            "POST /api/trace",
            "POST /api/analysis",
            "POST /api/mandiri/games",
            "GET /api/mandiri/games/{id}[?at=PLY]",
            "POST /api/mandiri/games/{id}/moves",
            "POST /api/mandiri/games/{id}/undo",
            "POST /api/mandiri/games/{id}/hint",
            "POST /api/mandiri/games/{id}/join",
            "POST /api/mandiri/games/{id}/resign",
            "POST /api/mandiri/games/{id}/next-round",
            "POST /api/mandiri/games/{id}/name",
            "POST /api/mandiri/games/{id}/rematch",
            "GET /api/mandiri/games/{id}/record[?format=text|json]",
            "GET /api/mandiri/games/{id}/ws (WebSocket)",
            "POST /api/mandiri/trace",
        ],
        "docs": "docs/API.md",
    }))
}

async fn meta() -> Json<Value> {
    let presets: Vec<Value> = Rules::presets()
        .map(|(name, description, _)| json!({"name": name, "description": description}))
        .collect();
    Json(json!({
        "version": env!("CARGO_PKG_VERSION"),
        "levels": crate::computer::levels(),
        "default_level": rajapasu_ai::Level::DEFAULT.number(),
        "presets": presets,
        "body_limit": BODY_LIMIT,
    }))
}

async fn create(
    State(app): State<AppState>,
    ApiJson(req): ApiJson<NewGame>,
) -> Result<Response, ApiError> {
    let v = app.hub.create(req).await?;
    Ok((StatusCode::CREATED, Json(v)).into_response())
}

async fn state(
    State(app): State<AppState>,
    ApiPath(id): ApiPath<String>,
    ApiQuery(q): ApiQuery<StateQuery>,
) -> Result<Json<Value>, ApiError> {
    Ok(Json(app.hub.state(&id, q.at).await?))
}

/// Routes that hand a game's id and a JSON body to the hub's method named (`route =>
/// method`, or the route's own name) and answer with what it returns. Used by the Mandiri
/// routes too.
macro_rules! game_actions {
    ($($route:ident $(=> $action:ident $(::<$game:ty>)?)? ($body:ty)),* $(,)?) => {$(
        async fn $route(
            axum::extract::State(app): axum::extract::State<std::sync::Arc<$crate::app::App>>,
            $crate::requests::ApiPath(id): $crate::requests::ApiPath<String>,
            $crate::requests::ApiJson(req): $crate::requests::ApiJson<$body>,
        ) -> Result<axum::Json<serde_json::Value>, $crate::error::ApiError> {
            Ok(axum::Json(game_actions!(@call app, id, req, $route $(, $action $(, $game)?)?)))
        }
    )*};
    (@call $app:ident, $id:ident, $req:ident, $route:ident) => {
        $app.hub.$route(&$id, $req).await?
    };
    (@call $app:ident, $id:ident, $req:ident, $route:ident, $action:ident $(, $game:ty)?) => {
        $app.hub.$action $(::<$game>)? (&$id, $req).await?
    };
}

game_actions!(
    play(MoveRequest),
    undo(TokenRequest),
    hint(TokenRequest),
    join(JoinRequest),
    resign(TokenRequest),
    next_round => next_round::<Entry>(TokenRequest),
    name => name::<Entry>(NameRequest),
    rematch(RematchRequest),
);

/// The record of a game of kind `E` (both games' routes).
pub(crate) async fn record<E: Held>(
    State(app): State<AppState>,
    ApiPath(id): ApiPath<String>,
    ApiQuery(q): ApiQuery<RecordQuery>,
) -> Result<Response, ApiError> {
    let json_format = q.json()?;
    let text = app.hub.record::<E>(&id, json_format).await?;
    Ok(record_response(&id, json_format, text))
}

/// A game record as a download named after the game.
pub(crate) fn record_response(id: &str, json_format: bool, text: String) -> Response {
    let (ctype, ext) = if json_format {
        ("application/json; charset=utf-8", "json")
    } else {
        ("text/plain; charset=utf-8", "txt")
    };
    (
        [
            (header::CONTENT_TYPE, ctype.to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"rajapasu-{id}.{ext}\""),
            ),
        ],
        text,
    )
        .into_response()
}

/// The live updates of a game of kind `E` (both games' routes).
pub(crate) async fn ws<E: Held>(
    State(app): State<AppState>,
    ApiPath(id): ApiPath<String>,
    peer: Option<Extension<Peer>>,
    headers: HeaderMap,
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    let slot = app.hub.load::<E>(&id).await?;
    open_socket(&app, slot, peer, &headers, upgrade)
}

/// Upgrades a live-update request of the game in `slot` (of either kind), within the caps.
pub(crate) fn open_socket<E: Held>(
    app: &App,
    slot: Arc<Slot<E>>,
    peer: Option<Extension<Peer>>,
    headers: &HeaderMap,
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    let id = slot.id.clone();
    let upgrade = upgrade.map_err(|_| {
        ApiError::of(
            ErrorKind::UpgradeRequired,
            "this route takes WebSocket connections only (an `Upgrade: websocket` request)",
        )
        .code("not_websocket")
    })?;
    let address = app.client_address(headers, peer.map(|Extension(p)| p));
    let place = app.sockets.try_open(&id, address).map_err(|full| {
        let what = match full {
            Full::Game => "this game has as many live-update sockets open as it takes",
            Full::Address => "this address has as many live-update sockets open as it may",
            Full::Server => "the server has as many live-update sockets open as it takes",
        };
        ApiError::rate_limited(what, 5).code("too_many_sockets")
    })?;
    let idle = app
        .limits
        .ws_idle_timeout()
        .unwrap_or(Duration::from_secs(60));
    let stopping = app.stopping.clone();
    Ok(upgrade
        .max_message_size(WS_MESSAGE_LIMIT)
        .max_frame_size(WS_MESSAGE_LIMIT)
        .on_upgrade(move |socket| watch(socket, slot, place, idle, stopping)))
}

async fn watch<E: Held>(
    mut socket: WebSocket,
    slot: Arc<Slot<E>>,
    place: SocketPlace,
    idle: Duration,
    mut stopping: tokio::sync::watch::Receiver<bool>,
) {
    let mut held = 0;
    let stopped = tokio::select! {
        _ = session(&mut socket, &slot, &mut held, idle) => false,
        _ = stopping.wait_for(|s| *s) => true,
    };
    if stopped {
        let _ = socket
            .send(Message::Close(Some(CloseFrame {
                code: close_code::AWAY,
                reason: "the server is stopping".into(),
            })))
            .await;
    }
    drop(place);
    // However the socket ended, its player is no longer there.
    slot.leave(held).await;
}

/// `{"token": "…"}` sent on a socket: the seat's player is watching through it.
#[derive(serde::Deserialize)]
struct Hello {
    token: String,
}

async fn session<E: Held>(socket: &mut WebSocket, slot: &Slot<E>, held: &mut u8, idle: Duration) {
    // Subscribe first, then send the state: no update can fall in between.
    let mut rx = slot.subscribe();
    // A ping every half of the idle time; a socket that sent nothing (not even a pong) for the
    // whole idle time is gone.
    let mut ping = tokio::time::interval(idle / 2);
    ping.tick().await;
    let mut heard = tokio::time::Instant::now();
    if socket
        .send(Message::Text(slot.state_message().await.into()))
        .await
        .is_err()
    {
        return;
    }
    loop {
        tokio::select! {
            update = rx.recv() => {
                let text = match update {
                    Ok(text) => text.to_string(),
                    Err(RecvError::Lagged(_)) => slot.state_message().await,
                    Err(RecvError::Closed) => return,
                };
                if socket.send(Message::Text(text.into())).await.is_err() {
                    return;
                }
            }
            _ = ping.tick() => {
                if heard.elapsed() >= idle {
                    let _ = socket.send(Message::Close(Some(CloseFrame {
                        code: close_code::AWAY,
                        reason: "no answer to pings".into(),
                    }))).await;
                    return;
                }
                if socket.send(Message::Ping(Default::default())).await.is_err() {
                    return;
                }
            }
            incoming = socket.recv() => {
                heard = tokio::time::Instant::now();
                match incoming {
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                    // A token says who is there (once per socket); any text asks for the
                    // current state again.
                    Some(Ok(Message::Text(text))) => {
                        if *held == 0 {
                            if let Ok(hello) = serde_json::from_str::<Hello>(&text) {
                                *held = slot.arrive(&hello.token).await;
                            }
                        }
                        if socket.send(Message::Text(slot.state_message().await.into())).await.is_err() {
                            return;
                        }
                    }
                    Some(Ok(_)) => {}
                }
            }
        }
    }
}

async fn trace(ApiJson(req): ApiJson<TraceRequest>) -> Result<Json<Value>, ApiError> {
    let (mut game, mv) = req.read()?;
    let before = GameView::new(&game);
    let mut events: Vec<Event> = Vec::new();
    game.play_traced(mv, &mut events)
        .map_err(|e| ApiError::unprocessable(e.to_string()).code("illegal_move"))?;
    Ok(Json(json!({
        "before": before,
        "events": events,
        "after": GameView::new(&game),
    })))
}

async fn analysis(
    State(app): State<AppState>,
    ApiJson(req): ApiJson<AnalysisRequest>,
) -> Result<Json<Value>, ApiError> {
    Ok(Json(crate::analysis::run(&app.search, req.read()?).await?))
}
