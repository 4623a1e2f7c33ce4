//! The HTTP routes: the JSON API (see docs/API.md), the WebSocket and the page's assets.

use crate::assets;
use crate::error::ApiError;
use crate::games::Hub;
use crate::requests::{
    AnalysisRequest, ApiJson, ApiQuery, JoinRequest, MoveRequest, NameRequest, NewGame,
    RecordQuery, RematchRequest, StateQuery, TokenRequest, TraceRequest, BODY_LIMIT,
};
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use rajapasu_engine::{BySide, Event, GameView, Rules};
use serde_json::{json, Value};
use std::sync::Arc;
use tokio::sync::broadcast::error::RecvError;

type AppState = Arc<Hub>;

/// The whole application.
pub fn router(hub: Arc<Hub>) -> Router {
    Router::new()
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
        .route("/api/games/{id}/record", get(record))
        .route("/api/games/{id}/ws", get(ws))
        .route("/api/trace", post(trace))
        .route("/api/analysis", post(analysis))
        .route("/api/{*rest}", get(api_not_found).post(api_not_found))
        .route("/", get(assets::index))
        .route("/g/{id}", get(assets::index))
        .route("/rules", get(assets::rules_page))
        .route("/learn", get(assets::learn_page))
        .route("/analysis", get(assets::analysis_page))
        .route("/assets/{*path}", get(assets::asset))
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .with_state(hub)
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
    State(hub): State<AppState>,
    ApiJson(req): ApiJson<NewGame>,
) -> Result<Response, ApiError> {
    let v = hub.create(req).await?;
    Ok((StatusCode::CREATED, Json(v)).into_response())
}

async fn state(
    State(hub): State<AppState>,
    Path(id): Path<String>,
    ApiQuery(q): ApiQuery<StateQuery>,
) -> Result<Json<Value>, ApiError> {
    Ok(Json(hub.state(&id, q.at).await?))
}

/// Routes that hand a game's id and a JSON body to the hub's method of the same name and answer
/// with what it returns.
macro_rules! game_actions {
    ($($action:ident($body:ty)),* $(,)?) => {$(
        async fn $action(
            State(hub): State<AppState>,
            Path(id): Path<String>,
            ApiJson(req): ApiJson<$body>,
        ) -> Result<Json<Value>, ApiError> {
            Ok(Json(hub.$action(&id, req).await?))
        }
    )*};
}

game_actions!(
    play(MoveRequest),
    undo(TokenRequest),
    hint(TokenRequest),
    join(JoinRequest),
    resign(TokenRequest),
    next_round(TokenRequest),
    name(NameRequest),
    rematch(RematchRequest),
);

async fn record(
    State(hub): State<AppState>,
    Path(id): Path<String>,
    ApiQuery(q): ApiQuery<RecordQuery>,
) -> Result<Response, ApiError> {
    let json_format = q.json()?;
    let text = hub.record(&id, json_format).await?;
    let (ctype, ext) = if json_format {
        ("application/json; charset=utf-8", "json")
    } else {
        ("text/plain; charset=utf-8", "txt")
    };
    Ok((
        [
            (header::CONTENT_TYPE, ctype.to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"rajapasu-{id}.{ext}\""),
            ),
        ],
        text,
    )
        .into_response())
}

async fn ws(
    State(hub): State<AppState>,
    Path(id): Path<String>,
    upgrade: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let slot = hub.slot(&id)?;
    Ok(upgrade.on_upgrade(move |socket| watch(socket, slot)))
}

async fn watch(mut socket: WebSocket, slot: Arc<crate::games::Slot>) {
    let mut held = BySide::default();
    session(&mut socket, &slot, &mut held).await;
    // However the socket ended, its player is no longer there.
    slot.leave(held).await;
}

/// `{"token": "…"}` sent on a socket: the seat's player is watching through it.
#[derive(serde::Deserialize)]
struct Hello {
    token: String,
}

async fn session(socket: &mut WebSocket, slot: &crate::games::Slot, held: &mut BySide<bool>) {
    // Subscribe first, then send the state: no update can fall in between.
    let mut rx = slot.subscribe();
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
            incoming = socket.recv() => {
                match incoming {
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                    // A token says who is there (once per socket); any text asks for the
                    // current state again.
                    Some(Ok(Message::Text(text))) => {
                        if !held.south && !held.north {
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

async fn analysis(ApiJson(req): ApiJson<AnalysisRequest>) -> Result<Json<Value>, ApiError> {
    Ok(Json(crate::analysis::run(req.read()?).await?))
}
