//! The routes of a game, written once and instantiated per game ([`router`]): under
//! `/api/games` for Raja Pasu and `/api/mandiri/games` for Mandiri, and the trace of a move at
//! `/api/trace` and `/api/mandiri/trace` (docs/API.md). Each handler
//! reads the request and hands it to the hub's action of the same name
//! ([`crate::games::actions`]); the live updates are in [`crate::live`].

use crate::accounts::routes::seat_account;
use crate::app::App;
use crate::error::ApiError;
use crate::games::hub::HeldGame;
use crate::live::ws;
use crate::requests::{
    ApiJson, ApiPath, ApiQuery, JoinRequest, MoveRequest, NameRequest, RecordQuery, StateQuery,
    TokenRequest, TraceRequest,
};
use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::Value;
use std::sync::Arc;

type AppState = Arc<App>;
type Answer = Result<Json<Value>, ApiError>;

/// The routes of games of kind `G`, under its path (`G::GAME.api_path()`), and its trace
/// (`G::GAME.trace_path()`).
pub fn router<G: HeldGame>() -> Router<AppState> {
    let base = G::GAME.api_path();
    Router::new()
        .route(base, post(create::<G>))
        .route(&format!("{base}/{{id}}"), get(state::<G>))
        .route(&format!("{base}/{{id}}/moves"), post(play::<G>))
        .route(&format!("{base}/{{id}}/undo"), post(undo::<G>))
        .route(&format!("{base}/{{id}}/hint"), post(hint::<G>))
        .route(&format!("{base}/{{id}}/join"), post(join::<G>))
        .route(&format!("{base}/{{id}}/resign"), post(resign::<G>))
        .route(&format!("{base}/{{id}}/next-round"), post(next_round::<G>))
        .route(&format!("{base}/{{id}}/name"), post(name::<G>))
        .route(&format!("{base}/{{id}}/rematch"), post(rematch::<G>))
        .route(&format!("{base}/{{id}}/draw"), post(offer_draw::<G>))
        .route(&format!("{base}/{{id}}/takeback"), post(take_back::<G>))
        .route(&format!("{base}/{{id}}/record"), get(record::<G>))
        .route(&format!("{base}/{{id}}/ws"), get(ws::<G>))
        .route(G::GAME.trace_path(), post(trace::<G>))
}

async fn create<G: HeldGame>(
    State(app): State<AppState>,
    peer: Option<axum::Extension<crate::app::Peer>>,
    headers: HeaderMap,
    ApiJson(req): ApiJson<G::NewGame>,
) -> Result<Response, ApiError> {
    let account = seat_account(&app, &headers).await?;
    // Within its owner's share of the unfinished games (docs/SERVER.md, "Attacks and what
    // holds").
    let address = app.client_address(&headers, peer.map(|axum::Extension(p)| p));
    let owner = crate::games::hub::Owner {
        address: crate::rate::key(address).to_string(),
        account: account.as_ref().map(|a| a.id.clone()),
    };
    let cap = |n: u32| if n == 0 { u32::MAX } else { n };
    let caps = crate::store::quotas::OwnerCaps {
        per_address: cap(app.limits.unfinished_per_address),
        per_account: cap(app.limits.unfinished_per_account),
    };
    let ticket = app.hub.take_ticket(owner, caps).await?;
    match app.hub.create::<G>(req, account).await {
        Ok(v) => {
            ticket.bind(v["id"].as_str().unwrap_or_default()).await;
            Ok((StatusCode::CREATED, Json(v)).into_response())
        }
        Err(e) => {
            ticket.give_back().await;
            Err(e)
        }
    }
}

/// Takes a seat with an invitation, as the signed-in account if there is one.
async fn join<G: HeldGame>(
    State(app): State<AppState>,
    headers: HeaderMap,
    ApiPath(id): ApiPath<String>,
    ApiJson(req): ApiJson<JoinRequest>,
) -> Answer {
    let account = seat_account(&app, &headers).await?;
    Ok(Json(app.hub.join::<G>(&id, req, account).await?))
}

async fn state<G: HeldGame>(
    State(app): State<AppState>,
    ApiPath(id): ApiPath<String>,
    ApiQuery(q): ApiQuery<StateQuery>,
) -> Answer {
    Ok(Json(app.hub.state::<G>(&id, q.at).await?))
}

/// The handlers that read a game's id and a body and answer what the hub's action of the same
/// name answers: one shape, so written once.
macro_rules! actions {
    ($($action:ident($body:ty)),* $(,)?) => {$(
        async fn $action<G: HeldGame>(
            State(app): State<AppState>,
            ApiPath(id): ApiPath<String>,
            ApiJson(req): ApiJson<$body>,
        ) -> Answer {
            Ok(Json(app.hub.$action::<G>(&id, req).await?))
        }
    )*};
}

actions!(
    play(MoveRequest<G::MoveText>),
    undo(TokenRequest),
    hint(TokenRequest),
    resign(TokenRequest),
    next_round(TokenRequest),
    name(NameRequest),
    rematch(G::RematchRequest),
    offer_draw(TokenRequest),
    take_back(TokenRequest),
);

async fn trace<G: HeldGame>(ApiJson(req): ApiJson<TraceRequest<G::MoveText>>) -> Answer {
    Ok(Json(crate::games::actions::trace::<G>(&req)?))
}

/// The record of a game, as a download named after the game.
async fn record<G: HeldGame>(
    State(app): State<AppState>,
    ApiPath(id): ApiPath<String>,
    ApiQuery(q): ApiQuery<RecordQuery>,
) -> Result<Response, ApiError> {
    let json_format = q.json()?;
    let text = app.hub.record::<G>(&id, json_format).await?;
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
