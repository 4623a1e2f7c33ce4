//! What the routes of both games share ([`crate::api`] for two players,
//! [`crate::mandiri::routes`] for Mandiri): the handlers that pass a request to the hub
//! (`game_actions!`) and a game's record as a download. Their live updates are in
//! [`crate::live`].

use crate::app::App;
use crate::error::ApiError;
use crate::games::held::Held;
use crate::requests::{ApiPath, ApiQuery, RecordQuery};
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use std::sync::Arc;

/// Routes that hand a game's id and a JSON body to the hub's method named (`route =>
/// method`, or the route's own name) and answer with what it returns.
macro_rules! game_actions {
    ($($route:ident $(=> $action:ident $(::<$game:ty>)?)? ($body:ty)),* $(,)?) => {$(
        async fn $route(
            axum::extract::State(app): axum::extract::State<std::sync::Arc<$crate::app::App>>,
            $crate::requests::ApiPath(id): $crate::requests::ApiPath<String>,
            $crate::requests::ApiJson(req): $crate::requests::ApiJson<$body>,
        ) -> Result<axum::Json<serde_json::Value>, $crate::error::ApiError> {
            Ok(axum::Json($crate::game_routes::game_actions!(@call app, id, req, $route $(, $action $(, $game)?)?)))
        }
    )*};
    (@call $app:ident, $id:ident, $req:ident, $route:ident) => {
        $app.hub.$route(&$id, $req).await?
    };
    (@call $app:ident, $id:ident, $req:ident, $route:ident, $action:ident $(, $game:ty)?) => {
        $app.hub.$action $(::<$game>)? (&$id, $req).await?
    };
}

pub(crate) use game_actions;

/// The record of a game of kind `E` (both games' routes).
pub(crate) async fn record<E: Held>(
    State(app): State<Arc<App>>,
    ApiPath(id): ApiPath<String>,
    ApiQuery(q): ApiQuery<RecordQuery>,
) -> Result<Response, ApiError> {
    let json_format = q.json()?;
    let text = app.hub.record::<E>(&id, json_format).await?;
    Ok(record_response(&id, json_format, text))
}

/// A game record as a download named after the game.
fn record_response(id: &str, json_format: bool, text: String) -> Response {
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
