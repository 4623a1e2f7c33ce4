//! The HTTP routes: the JSON API (see docs/API.md), the WebSocket and the page's assets. Each
//! game's routes are one router, [`crate::game_routes::router`], instantiated per game.

use crate::app::App;
use crate::assets;
use crate::error::ApiError;
use crate::game_routes;
use crate::requests::{AnalysisRequest, ApiJson, BODY_LIMIT};
use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use rajapasu_ai::Level;
use rajapasu_engine::{mandiri, Game, Rules};
use serde_json::{json, Value};
use std::sync::Arc;

type AppState = Arc<App>;

/// The whole application: the routes, behind [`crate::layers::front`].
pub fn router(app: Arc<App>) -> Router {
    let pages = assets::PAGE_ROUTES
        .into_iter()
        .fold(Router::new(), |r, (path, page)| {
            r.route(path, get(move || async move { assets::page(page) }))
        });
    Router::new()
        .route("/healthz", get(healthz))
        .route("/metrics", get(metrics))
        .route("/api", get(api_index))
        .route("/api/meta", get(meta))
        .merge(game_routes::router::<Game>())
        .merge(game_routes::router::<mandiri::Game>())
        .route("/api/analysis", post(analysis))
        .merge(crate::puzzles::router(app.clone()))
        .route("/api/tablebase", get(tablebase))
        .merge(crate::accounts::routes::router())
        .merge(crate::ratings::routes::router())
        .merge(crate::players::router())
        .merge(crate::lobby::routes::router())
        .merge(crate::tournaments::routes::router())
        .route("/api/{*rest}", get(api_not_found).post(api_not_found))
        .merge(pages)
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
        app.metrics.render(&app.gauges())
            + &crate::tablebase::metrics(app.table.as_ref().map(|t| t.snapshot()).as_ref()),
    )
        .into_response()
}

/// How far the endgame table is built (docs/API.md).
async fn tablebase(State(app): State<AppState>) -> Json<Value> {
    Json(crate::tablebase::to_json(
        app.table.as_ref().map(|t| t.snapshot()).as_ref(),
    ))
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
            "GET /api/puzzles",
            "GET /api/puzzles/next[?rating=R&theme=T&exclude=IDS]",
            "GET /api/puzzles/daily",
            "GET /api/puzzles/{id}",
            "POST /api/puzzles/{id}/attempt",
            "POST /api/puzzles/mistakes",
            "GET /api/tablebase",
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
            "GET /api/account",
            "POST /api/account/register",
            "POST /api/account/login",
            "POST /api/account/logout",
            "POST /api/account/logout-everywhere",
            "POST /api/account/password",
            "POST /api/account/games",
            "GET /api/games/{id}/seat",
            "GET /api/mandiri/games/{id}/seat",
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
        "levels": levels(),
        "default_level": Level::DEFAULT.number(),
        "presets": presets,
        "body_limit": BODY_LIMIT,
    }))
}

/// The levels, for the page: number, name, description, thinking time in milliseconds.
fn levels() -> Value {
    Level::ALL
        .iter()
        .map(|l| {
            json!({
                "number": l.number(),
                "name": l.name(),
                "description": l.description(),
                "movetime_ms": l.movetime().as_millis() as u64,
            })
        })
        .collect()
}

async fn analysis(
    State(app): State<AppState>,
    ApiJson(req): ApiJson<AnalysisRequest>,
) -> Result<Json<Value>, ApiError> {
    Ok(Json(crate::analysis::run(&app.search, req.read()?).await?))
}
