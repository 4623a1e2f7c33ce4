//! The routes of Mandiri games, under `/api/mandiri/games` (docs/API.md, "Raja Pasu
//! Mandiri"), merged into [`crate::api::router`].

use super::entry::MandiriEntry;
use super::requests::{MandiriMoveRequest, NewMandiriGame};
use crate::api::{open_socket, record_response};
use crate::app::{App, Peer};
use crate::error::ApiError;
use crate::requests::{ApiJson, ApiPath, ApiQuery, JoinRequest, NameRequest, RecordQuery};
use crate::requests::{StateQuery, TokenRequest};
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Extension, Json, Router};
use serde_json::Value;
use std::sync::Arc;

type AppState = Arc<App>;

/// The Mandiri routes.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/mandiri/games", post(create))
        .route("/api/mandiri/games/{id}", get(state))
        .route("/api/mandiri/games/{id}/moves", post(play))
        .route("/api/mandiri/games/{id}/undo", post(undo))
        .route("/api/mandiri/games/{id}/join", post(join))
        .route("/api/mandiri/games/{id}/resign", post(resign))
        .route("/api/mandiri/games/{id}/next-round", post(next_round))
        .route("/api/mandiri/games/{id}/name", post(name))
        .route("/api/mandiri/games/{id}/record", get(record))
        .route("/api/mandiri/games/{id}/ws", get(ws))
}

async fn create(
    State(app): State<AppState>,
    ApiJson(req): ApiJson<NewMandiriGame>,
) -> Result<Response, ApiError> {
    let v = app.hub.mandiri_create(req).await?;
    Ok((StatusCode::CREATED, Json(v)).into_response())
}

async fn state(
    State(app): State<AppState>,
    ApiPath(id): ApiPath<String>,
    ApiQuery(q): ApiQuery<StateQuery>,
) -> Result<Json<Value>, ApiError> {
    Ok(Json(app.hub.mandiri_state(&id, q.at).await?))
}

game_actions!(
    play => mandiri_play(MandiriMoveRequest),
    undo => mandiri_undo(TokenRequest),
    join => mandiri_join(JoinRequest),
    resign => mandiri_resign(TokenRequest),
    next_round => next_round::<MandiriEntry>(TokenRequest),
    name => name::<MandiriEntry>(NameRequest),
);

async fn record(
    State(app): State<AppState>,
    ApiPath(id): ApiPath<String>,
    ApiQuery(q): ApiQuery<RecordQuery>,
) -> Result<Response, ApiError> {
    let json_format = q.json()?;
    let text = app.hub.mandiri_record(&id, json_format).await?;
    Ok(record_response(&id, json_format, text))
}

async fn ws(
    State(app): State<AppState>,
    ApiPath(id): ApiPath<String>,
    peer: Option<Extension<Peer>>,
    headers: HeaderMap,
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    let slot = app.hub.mandiri_slot(&id).await?;
    open_socket(&app, slot, peer, &headers, upgrade)
}
