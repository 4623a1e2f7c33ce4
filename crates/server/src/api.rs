//! The HTTP routes: the JSON API (see docs/API.md), the WebSocket and the page's assets.

use crate::assets;
use crate::error::ApiError;
use crate::games::{Hub, JoinRequest, MoveRequest, NewGame, TokenRequest};
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{FromRequest, Path, Query, Request, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use rajapasu_engine::{Event, Game, GameView, Move, Position, Rules};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::Arc;
use tokio::sync::broadcast::error::RecvError;

/// Largest request body accepted, in bytes.
pub const BODY_LIMIT: usize = 256 * 1024;

/// A JSON body whose problems are answered with JSON errors: 413 when too large, 400 when it
/// is not JSON or not the expected object.
pub struct ApiJson<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for ApiJson<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, _state: &S) -> Result<Self, ApiError> {
        let too_large = || {
            ApiError::too_large(format!(
                "the request body is larger than the limit of {BODY_LIMIT} bytes"
            ))
        };
        if let Some(len) = req
            .headers()
            .get(header::CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse::<usize>().ok())
        {
            if len > BODY_LIMIT {
                return Err(too_large());
            }
        }
        let bytes = axum::body::to_bytes(req.into_body(), BODY_LIMIT)
            .await
            .map_err(|_| too_large())?;
        if bytes.iter().all(u8::is_ascii_whitespace) {
            return Err(ApiError::bad_request(
                "malformed JSON: the request body is empty",
            ));
        }
        serde_json::from_slice(&bytes)
            .map(ApiJson)
            .map_err(|e| ApiError::bad_request(format!("malformed JSON: {e}")))
    }
}

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
        .route("/api/games/{id}/record", get(record))
        .route("/api/games/{id}/ws", get(ws))
        .route("/api/trace", post(trace))
        .route("/api/{*rest}", get(api_not_found).post(api_not_found))
        .route("/", get(assets::index))
        .route("/g/{id}", get(assets::index))
        .route("/rules", get(assets::rules_page))
        .route("/assets/{*path}", get(assets::asset))
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .with_state(hub)
}

async fn not_found() -> ApiError {
    ApiError::not_found("no such page")
}

async fn api_not_found() -> ApiError {
    ApiError::not_found("no such API route: see /api")
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
            "GET /api/games/{id}/record[?format=text|json]",
            "GET /api/games/{id}/ws (WebSocket)",
            "POST /api/trace",
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

#[derive(Deserialize)]
struct StateQuery {
    at: Option<usize>,
}

async fn state(
    State(hub): State<AppState>,
    Path(id): Path<String>,
    query: Result<Query<StateQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Json<Value>, ApiError> {
    let Query(q) = query.map_err(|e| ApiError::bad_request(format!("bad query: {e}")))?;
    Ok(Json(hub.state(&id, q.at).await?))
}

async fn play(
    State(hub): State<AppState>,
    Path(id): Path<String>,
    ApiJson(req): ApiJson<MoveRequest>,
) -> Result<Json<Value>, ApiError> {
    Ok(Json(hub.play(&id, req).await?))
}

async fn undo(
    State(hub): State<AppState>,
    Path(id): Path<String>,
    ApiJson(req): ApiJson<TokenRequest>,
) -> Result<Json<Value>, ApiError> {
    Ok(Json(hub.undo(&id, req).await?))
}

async fn hint(
    State(hub): State<AppState>,
    Path(id): Path<String>,
    ApiJson(req): ApiJson<TokenRequest>,
) -> Result<Json<Value>, ApiError> {
    Ok(Json(hub.hint(&id, req).await?))
}

async fn join(
    State(hub): State<AppState>,
    Path(id): Path<String>,
    ApiJson(req): ApiJson<JoinRequest>,
) -> Result<Json<Value>, ApiError> {
    Ok(Json(hub.join(&id, req).await?))
}

#[derive(Deserialize)]
struct RecordQuery {
    format: Option<String>,
}

async fn record(
    State(hub): State<AppState>,
    Path(id): Path<String>,
    query: Result<Query<RecordQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Response, ApiError> {
    let Query(q) = query.map_err(|e| ApiError::bad_request(format!("bad query: {e}")))?;
    let json_format = match q.format.as_deref() {
        None | Some("text") => false,
        Some("json") => true,
        Some(f) => {
            return Err(ApiError::bad_request(format!(
                "format `{f}` is not `text` or `json`"
            )))
        }
    };
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
                    // Any text asks for the current state again.
                    Some(Ok(Message::Text(_))) => {
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

/// Body of `POST /api/trace`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TraceRequest {
    #[serde(default)]
    rules: Option<String>,
    #[serde(default)]
    position: Option<String>,
    #[serde(rename = "move")]
    mv: u32,
}

async fn trace(ApiJson(req): ApiJson<TraceRequest>) -> Result<Json<Value>, ApiError> {
    let rules: Rules = req
        .rules
        .as_deref()
        .unwrap_or("canonical")
        .parse()
        .map_err(|e| ApiError::unprocessable(format!("rules: {e}")))?;
    let mut game = match &req.position {
        Some(code) => Game::from_position(
            Position::from_code(code, rules)
                .map_err(|e| ApiError::unprocessable(format!("position: {e}")))?,
        ),
        None => Game::new(rules),
    };
    let before = GameView::new(&game);
    let mv = u8::try_from(req.mv)
        .ok()
        .and_then(Move::new)
        .ok_or_else(|| ApiError::unprocessable(format!("illegal move {}", req.mv)))?;
    let mut events: Vec<Event> = Vec::new();
    game.play_traced(mv, &mut events)
        .map_err(|e| ApiError::unprocessable(e.to_string()))?;
    Ok(Json(json!({
        "before": before,
        "events": events,
        "after": GameView::new(&game),
    })))
}
