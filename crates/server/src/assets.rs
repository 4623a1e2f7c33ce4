//! The page's files, embedded in the binary: nothing is read from disk or fetched elsewhere.

use crate::error::ApiError;
use crate::requests::ApiPath;
use axum::http::header;
use axum::response::{IntoResponse, Response};

macro_rules! web {
    ($($path:literal),* $(,)?) => {
        &[$(($path, include_str!(concat!("../../../web/", $path)))),*]
    };
}

/// Every embedded file: path under `web/`, content.
pub static FILES: &[(&str, &str)] = web!(
    "index.html",
    "rules.html",
    "learn.html",
    "analysis.html",
    "mandiri.html",
    "style.css",
    "favicon.svg",
    "js/api.js",
    "js/app.js",
    "js/board.js",
    "js/i18n.js",
    "js/rules.js",
    "js/sound.js",
    "js/home.js",
    "js/learn.js",
    "js/analysis.js",
    "js/board3.js",
    "js/mandiri.js",
    "js/mandiri_help.js",
    "js/gamepage.js",
    "i18n/en.json",
    "i18n/bn.json",
    "i18n/et.json",
    "i18n/si.json",
    "i18n/ta.json",
);

fn content_type(path: &str) -> &'static str {
    match path.rsplit('.').next() {
        Some("html") => "text/html; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("js") => "text/javascript; charset=utf-8",
        Some("json") => "application/json; charset=utf-8",
        Some("svg") => "image/svg+xml",
        _ => "application/octet-stream",
    }
}

fn file(path: &str) -> Option<Response> {
    let (_, body) = FILES.iter().find(|(p, _)| *p == path)?;
    Some(
        (
            [
                (header::CONTENT_TYPE, content_type(path)),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            *body,
        )
            .into_response(),
    )
}

/// The app page (`/` and `/g/{id}`).
pub async fn index() -> Response {
    file("index.html").unwrap_or_else(|| {
        ApiError::not_found("no page")
            .code("no_page")
            .into_response()
    })
}

/// The rules page.
pub async fn rules_page() -> Response {
    file("rules.html").unwrap_or_else(|| {
        ApiError::not_found("no page")
            .code("no_page")
            .into_response()
    })
}

/// The tutorial page, `/learn`.
pub async fn learn_page() -> Response {
    file("learn.html").unwrap_or_else(|| {
        ApiError::not_found("no page")
            .code("no_page")
            .into_response()
    })
}

/// The analysis board, `/analysis`.
pub async fn analysis_page() -> Response {
    file("analysis.html").unwrap_or_else(|| {
        ApiError::not_found("no page")
            .code("no_page")
            .into_response()
    })
}

/// The Raja Pasu Mandiri page, `/mandiri` and `/m/{id}`.
pub async fn mandiri_page() -> Response {
    file("mandiri.html").unwrap_or_else(|| {
        ApiError::not_found("no page")
            .code("no_page")
            .into_response()
    })
}

/// `/assets/{path}`.
pub async fn asset(ApiPath(path): ApiPath<String>) -> Response {
    file(&path).unwrap_or_else(|| {
        ApiError::not_found(format!("no asset `{path}`"))
            .code("no_asset")
            .into_response()
    })
}
