//! Requests sent by another site are refused before they are handled, whatever they carry:
//! every method but `GET`, `HEAD` and `OPTIONS`, and every WebSocket upgrade (a `GET` that a
//! page of any site may open, and which then reads a game's or an event's live updates and
//! sends actions), whose `Origin` is not this server's (scheme, host and port), or that the
//! browser marks `Sec-Fetch-Site: cross-site`. With the JSON bodies (which a form cannot send)
//! and the `SameSite=Lax` session cookie, this is the third guard against cross-site request
//! forgery. Clients that are not browsers send neither header and pass: a browser always sends
//! `Origin` with a WebSocket upgrade and with a cross-site `POST`, so a request without it did
//! not come from another site's page.

use crate::app::App;
use crate::error::ApiError;
use axum::http::{header, HeaderMap, Method};

/// The host a request was sent to: `Host`, or behind a trusted proxy `X-Forwarded-Host`.
fn host(app: &App, headers: &HeaderMap) -> Option<String> {
    let forwarded = app
        .limits
        .trust_proxy
        .then(|| headers.get("x-forwarded-host"))
        .flatten();
    forwarded
        .or_else(|| headers.get(header::HOST))
        .and_then(|v| v.to_str().ok())
        .map(|h| {
            h.split(',')
                .next_back()
                .unwrap_or(h)
                .trim()
                .to_ascii_lowercase()
        })
}

/// Whether `origin` (`scheme://host[:port]`) names this server: `host` (`host[:port]`)
/// reached over `https` when `tls`, over `http` otherwise. A page served over plain HTTP from
/// the same host (a network attacker can make one) is another site than the HTTPS one.
///
/// ```
/// use rajapasu_server::accounts::cross_site::same_origin;
/// assert!(same_origin("http://127.0.0.1:8080", "127.0.0.1:8080", false));
/// assert!(same_origin("https://Pasu.example", "pasu.example", true));
/// assert!(!same_origin("http://pasu.example", "pasu.example", true));
/// assert!(!same_origin("https://pasu.example", "pasu.example", false));
/// assert!(!same_origin("https://evil.example", "pasu.example", true));
/// assert!(!same_origin("null", "pasu.example", false));
/// ```
pub fn same_origin(origin: &str, host: &str, tls: bool) -> bool {
    let scheme = if tls { "https" } else { "http" };
    origin
        .split_once("://")
        .is_some_and(|(s, rest)| s.eq_ignore_ascii_case(scheme) && rest.eq_ignore_ascii_case(host))
}

/// Whether the request asks to become a WebSocket.
fn is_upgrade(headers: &HeaderMap) -> bool {
    headers
        .get(header::UPGRADE)
        .is_some_and(|v| v.as_bytes().eq_ignore_ascii_case(b"websocket"))
}

/// 403 `cross_site` for a request that changes something and comes from another site.
pub fn check(app: &App, method: &Method, headers: &HeaderMap) -> Result<(), ApiError> {
    if matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS) && !is_upgrade(headers) {
        return Ok(());
    }
    let refused =
        || ApiError::forbidden("requests from another site are refused").code("cross_site");
    if headers
        .get("sec-fetch-site")
        .is_some_and(|v| v.as_bytes().eq_ignore_ascii_case(b"cross-site"))
    {
        return Err(refused());
    }
    if let Some(origin) = headers.get(header::ORIGIN) {
        let origin = origin.to_str().map_err(|_| refused())?;
        match host(app, headers) {
            Some(host) if same_origin(origin, &host, super::session::over_tls(app, headers)) => {}
            _ => return Err(refused()),
        }
    }
    Ok(())
}
