//! The HTTP routes: the JSON API (see docs/API.md), the WebSocket and the page's assets. The
//! Mandiri routes are merged in from [`crate::mandiri::routes`]; what both games' routes share
//! is in [`crate::game_routes`] and [`crate::live`].

use crate::app::App;
use crate::assets;
use crate::error::ApiError;
use crate::game_routes::{game_actions, record};
use crate::games::slot::Entry;
use crate::live::ws;
use crate::requests::{
    AnalysisRequest, ApiJson, ApiPath, ApiQuery, JoinRequest, MoveRequest, NameRequest, NewGame,
    RematchRequest, StateQuery, TokenRequest, TraceRequest, BODY_LIMIT,
};
use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use rajapasu_engine::{Event, GameView, Rules};
use serde_json::{json, Value};
use std::sync::Arc;

type AppState = Arc<App>;

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
