//! Requests sent by another site are refused before they are handled, whatever they carry:
//! every method but `GET`, `HEAD` and `OPTIONS` whose `Origin` is not this server's, or that
//! the browser marks `Sec-Fetch-Site: cross-site`. With the JSON bodies (which a form cannot
//! send) and the `SameSite=Lax` session cookie, this is the third guard against cross-site
//! request forgery. Clients that are not browsers send neither header and pass.

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

/// Whether `origin` (`scheme://host[:port]`) names `host` (`host[:port]`).
///
/// ```
/// use rajapasu_server::accounts::cross_site::same_host;
/// assert!(same_host("http://127.0.0.1:8080", "127.0.0.1:8080"));
/// assert!(same_host("https://Pasu.example", "pasu.example"));
/// assert!(!same_host("https://evil.example", "pasu.example"));
/// assert!(!same_host("null", "pasu.example"));
/// ```
pub fn same_host(origin: &str, host: &str) -> bool {
    origin
        .split_once("://")
        .is_some_and(|(_, rest)| rest.eq_ignore_ascii_case(host))
}

/// 403 `cross_site` for a request that changes something and comes from another site.
pub fn check(app: &App, method: &Method, headers: &HeaderMap) -> Result<(), ApiError> {
    if matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS) {
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
            Some(host) if same_host(origin, &host) => {}
            _ => return Err(refused()),
        }
    }
    Ok(())
}
