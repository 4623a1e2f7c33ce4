//! The page's files, embedded in the binary: nothing is read from disk or fetched elsewhere.
//! The HTML pages are made from templates, once ([`pages`]).

pub mod pages;

use crate::error::ApiError;
use crate::requests::ApiPath;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use pages::{Page, TemplateError};
use std::sync::LazyLock;

macro_rules! web {
    ($($path:literal),* $(,)?) => {
        &[$(($path, include_str!(concat!("../../../web/", $path)))),*]
    };
}

/// Every embedded file served under `/assets/`: path under `web/`, content.
pub static FILES: &[(&str, &str)] = web!(
    "style.css",
    "favicon.svg",
    "js/api.js",
    "js/app.js",
    "js/board.js",
    "js/i18n.js",
    "js/rules.js",
    "js/sound.js",
    "js/new_game.js",
    "js/learn.js",
    "js/analysis.js",
    "js/board3.js",
    "js/live_game.js",
    "js/mandiri.js",
    "js/mandiri_help.js",
    "js/gamepage.js",
    "js/puzzles.js",
    "js/account.js",
    "js/clocks.js",
    "js/players.js",
    "js/lobby.js",
    "js/tournaments.js",
    "js/ratings.js",
    "js/header.js",
    "i18n/en.json",
    "i18n/bn.json",
    "i18n/et.json",
    "i18n/si.json",
    "i18n/ta.json",
);

/// The templates the pages are made of (path under `web/`, content): the layout, each page's
/// own part, and the parts pages share.
pub static TEMPLATES: &[(&str, &str)] = web!(
    "layout.html",
    "pages/index.html",
    "pages/mandiri.html",
    "pages/rules.html",
    "pages/learn.html",
    "pages/analysis.html",
    "pages/puzzles.html",
    "pages/account.html",
    "pages/players.html",
    "pages/lobby.html",
    "pages/tournaments.html",
    "parts/game.html",
    "parts/game_kinds.html",
    "parts/level_field.html",
    "parts/game_length.html",
    "parts/start_button.html",
    "parts/my_games.html",
    "parts/clock_field.html",
);

/// Every page, made once, in the order of [`Page::ALL`].
static PAGES: LazyLock<Vec<Result<String, TemplateError>>> = LazyLock::new(|| {
    // The English catalog gives each title its text before the page's script runs.
    let english = FILES
        .iter()
        .find(|(path, _)| path.strip_prefix("i18n/") == Some("en.json"))
        .map_or("", |(_, text)| *text);
    Page::ALL
        .iter()
        .map(|page| page.render(TEMPLATES, english))
        .collect()
});

/// The page `page` as served.
pub fn page_html(page: Page) -> Result<&'static str, &'static TemplateError> {
    PAGES[page as usize].as_deref()
}

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

/// Each page's addresses.
pub const PAGE_ROUTES: [(&str, Page); 15] = [
    ("/", Page::Index),
    ("/g/{id}", Page::Index),
    ("/mandiri", Page::Mandiri),
    ("/m/{id}", Page::Mandiri),
    ("/rules", Page::Rules),
    ("/learn", Page::Learn),
    ("/analysis", Page::Analysis),
    ("/puzzles", Page::Puzzles),
    ("/puzzles/{id}", Page::Puzzles),
    ("/account", Page::Account),
    ("/lobby", Page::Lobby),
    ("/tournaments", Page::Tournaments),
    ("/t/{id}", Page::Tournaments),
    ("/players", Page::Players),
    ("/@/{name}", Page::Players),
];

/// A page, as HTML that is not cached.
pub fn page(page: Page) -> Response {
    match page_html(page) {
        Ok(html) => (
            [
                (header::CONTENT_TYPE, "text/html; charset=utf-8"),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            html,
        )
            .into_response(),
        Err(e) => ApiError::internal(e).into_response(),
    }
}

/// `/assets/{path}`.
pub async fn asset(ApiPath(path): ApiPath<String>) -> Response {
    file(&path).unwrap_or_else(|| {
        ApiError::not_found(format!("no asset `{path}`"))
            .code("no_asset")
            .into_response()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The `id="…"` values of a page.
    fn ids(html: &str) -> Vec<&str> {
        html.split(" id=\"")
            .skip(1)
            .filter_map(|rest| rest.split('"').next())
            .collect()
    }

    #[test]
    fn every_page_is_made_whole_with_one_head_and_header() {
        for page in Page::ALL {
            let html = page_html(page).unwrap_or_else(|e| panic!("{page:?}: {e}"));
            assert!(
                html.starts_with("<!doctype html>\n<html lang=\"en\">"),
                "{page:?}"
            );
            assert!(!html.contains("{{") && !html.contains("}}"), "{page:?}");
            assert_eq!(
                html.matches("<header class=\"top\">").count(),
                1,
                "{page:?}"
            );
            assert_eq!(html.matches("aria-current=\"page\"").count(), 1, "{page:?}");
            assert_eq!(html.matches("<select id=\"lang\">").count(), 1, "{page:?}");
            // The Content-Security-Policy allows no inline script: every script is a file.
            assert_eq!(html.matches("<script").count(), 1, "{page:?}");
            assert!(
                html.contains("<script type=\"module\" src=\"/assets/js/"),
                "{page:?}"
            );
            let script = html
                .split("src=\"/assets/js/")
                .nth(1)
                .and_then(|s| s.split('"').next());
            let script = format!("js/{}", script.unwrap_or_default());
            assert!(
                FILES.iter().any(|(p, _)| *p == script),
                "{page:?}: {script}"
            );
            let mut seen = std::collections::HashSet::new();
            for id in ids(html) {
                assert!(seen.insert(id), "{page:?}: id `{id}` twice");
            }
        }
    }

    #[test]
    fn both_games_show_the_same_game_section() {
        let index = page_html(Page::Index).unwrap();
        let mandiri = page_html(Page::Mandiri).unwrap();
        for id in [
            "game",
            "status",
            "presence",
            "replay-box",
            "board",
            "undo",
            "hint",
            "resign",
            "round-summary",
            "end-box",
            "rematch",
            "explain",
            "name-form",
            "move-list",
            "scoreboard",
            "export-text",
            "keys-hint",
            "announcer",
            "not-found",
        ] {
            assert!(ids(index).contains(&id), "index: {id}");
            assert!(ids(mandiri).contains(&id), "mandiri: {id}");
        }
        assert!(index.contains("<title data-i18n-key=\"app.title\">Raja Pasu</title>"));
        assert!(mandiri.contains("<title data-i18n-key=\"m.title\">Raja Pasu Mandiri</title>"));
        assert!(mandiri.contains("src=\"/assets/js/mandiri.js\""));
    }
}
