//! The routes of Mandiri games, under `/api/mandiri/games` (docs/API.md, "Raja Pasu
//! Mandiri"), merged into [`crate::api::router`].

use super::entry::MandiriEntry;
use super::requests::{MandiriMoveRequest, NewMandiriGame};
use super::trace::{MandiriTrace, MandiriTraceRequest};
use crate::app::App;
use crate::error::ApiError;
use crate::game_routes::{game_actions, record};
use crate::live::ws;
use crate::requests::{ApiJson, ApiPath, ApiQuery, JoinRequest, NameRequest};
use crate::requests::{StateQuery, TokenRequest};
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
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
        .route("/api/mandiri/games/{id}/hint", post(hint))
        .route("/api/mandiri/games/{id}/join", post(join))
        .route("/api/mandiri/games/{id}/resign", post(resign))
        .route("/api/mandiri/games/{id}/next-round", post(next_round))
        .route("/api/mandiri/games/{id}/name", post(name))
        .route("/api/mandiri/games/{id}/rematch", post(rematch))
        .route(
            "/api/mandiri/games/{id}/record",
            get(record::<MandiriEntry>),
        )
        .route("/api/mandiri/games/{id}/ws", get(ws::<MandiriEntry>))
        .route("/api/mandiri/trace", post(trace))
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

async fn trace(ApiJson(req): ApiJson<MandiriTraceRequest>) -> Result<Json<MandiriTrace>, ApiError> {
    Ok(Json(req.trace()?))
}

game_actions!(
    play => mandiri_play(MandiriMoveRequest),
    undo => mandiri_undo(TokenRequest),
    hint => mandiri_hint(TokenRequest),
    join => mandiri_join(JoinRequest),
    resign => mandiri_resign(TokenRequest),
    next_round => next_round::<MandiriEntry>(TokenRequest),
    name => name::<MandiriEntry>(NameRequest),
    rematch => mandiri_rematch(TokenRequest),
);
