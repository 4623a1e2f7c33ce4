//! What every answer passes through: the request's head checked for size, the rate limits,
//! errors made JSON (framework rejections included) with internal details logged against
//! the request id, the security headers, and the metrics.

use crate::app::{App, Peer};
use crate::error::{ApiError, ErrorKind, InternalDetail};
use crate::rate::Bucket;
use axum::extract::{MatchedPath, Request, State};
use axum::http::{header, HeaderName, HeaderValue};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::sync::Arc;
use std::time::Instant;

/// Longest request target (path and query) answered, in bytes; longer gets a JSON 414.
pub const URI_LIMIT: usize = 4096;
/// Largest request head (target and headers) answered, in bytes; larger gets a JSON 431. A
/// head larger than [`HEAD_BUFFER`] is refused by the HTTP layer itself with a bare 431.
pub const HEADERS_LIMIT: usize = 16 * 1024;
/// The HTTP layer's read buffer: the largest head it reads at all.
pub const HEAD_BUFFER: usize = 64 * 1024;

/// The page's Content-Security-Policy: everything from this server, no inline script or style,
/// no framing.
pub const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self'; \
img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; \
form-action 'self'; frame-ancestors 'none'";

/// The request id header, set by the request-id layer.
pub static REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

fn head_size(req: &Request) -> usize {
    req.headers()
        .iter()
        .map(|(k, v)| k.as_str().len() + v.len() + 4)
        .sum::<usize>()
        + req.uri().to_string().len()
}

/// The middleware around every route.
pub async fn front(State(app): State<Arc<App>>, req: Request, next: Next) -> Response {
    let started = Instant::now();
    let route = req
        .extensions()
        .get::<MatchedPath>()
        .map(|p| p.as_str().to_string())
        .unwrap_or_else(|| "unmatched".into());
    // A background build of the endgame table keeps off while requests are answered (but for
    // the ones that only watch the server, which may come at any rate).
    if let Some(table) = &app.table {
        if !matches!(route.as_str(), "/metrics" | "/healthz" | "/api/tablebase") {
            table.hold();
        }
    }
    let request_id = req
        .headers()
        .get(&REQUEST_ID)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("-")
        .to_string();
    let admitted = match admit(&app, &req) {
        Ok(()) if Bucket::of(req.method(), req.uri().path()).is_some_and(Bucket::searches) => {
            admit_account(&app, req.headers().clone()).await
        }
        answer => answer,
    };
    let requester = crate::rate::Requester::new(
        app.client_address(req.headers(), req.extensions().get::<Peer>().copied()),
        app.rate.clone(),
    );
    let response = match admitted {
        Err(e) => e.into_response(),
        Ok(()) => requester.scope(next.run(req)).await,
    };
    let mut response = finish(response, &request_id);
    secure(response.headers_mut());
    app.metrics
        .record(&route, response.status().as_u16(), started.elapsed());
    response
}

/// The checks before a request is handled: its head's size, its site, its address's rate.
fn admit(app: &App, req: &Request) -> Result<(), ApiError> {
    if req.uri().to_string().len() > URI_LIMIT {
        return Err(ApiError::of(
            ErrorKind::UriTooLong,
            format!("the address is longer than {URI_LIMIT} bytes"),
        ));
    }
    if head_size(req) > HEADERS_LIMIT {
        return Err(ApiError::of(
            ErrorKind::HeadersTooLarge,
            format!("the request's headers are larger than {HEADERS_LIMIT} bytes"),
        ));
    }
    crate::accounts::cross_site::check(app, req.method(), req.headers())?;
    if let Some(bucket) = Bucket::of(req.method(), req.uri().path()) {
        let peer = req.extensions().get::<Peer>().copied();
        let ip = app.client_address(req.headers(), peer);
        app.rate.check(bucket, ip)?;
    }
    Ok(())
}

/// A search's count against its signed-in account, whatever address it comes from (the
/// session is looked up only for searches, which cost far more than the lookup).
async fn admit_account(app: &App, headers: axum::http::HeaderMap) -> Result<(), ApiError> {
    match crate::accounts::session::session_of(app, &headers).await? {
        Some((_, account)) => app.rate.check_account(&account.id),
        None => Ok(()),
    }
}

fn is_json(response: &Response) -> bool {
    response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"))
}

/// An error answer made JSON where the framework gave another, and internal details logged.
fn finish(response: Response, request_id: &str) -> Response {
    let status = response.status();
    if let Some(InternalDetail(detail)) = response.extensions().get::<InternalDetail>() {
        tracing::error!(request_id, status = status.as_u16(), "{detail}");
        if status.is_server_error() && status.as_u16() != 503 {
            return ApiError::of(
                ErrorKind::Internal,
                format!("internal error (request id {request_id})"),
            )
            .into_response();
        }
        return response;
    }
    if !(status.is_client_error() || status.is_server_error()) || is_json(&response) {
        return response;
    }
    let kind = ErrorKind::of_status(status);
    let message = match kind {
        ErrorKind::Internal => format!("internal error (request id {request_id})"),
        ErrorKind::UpgradeRequired => "this route takes WebSocket connections only".into(),
        _ => status.canonical_reason().unwrap_or("error").to_lowercase(),
    };
    let mut json = ApiError::of(kind, message).into_response();
    // Keep what the framework said about the answer (Allow, Retry-After, ...).
    for (k, v) in response.headers() {
        if k != header::CONTENT_TYPE && k != header::CONTENT_LENGTH {
            json.headers_mut().insert(k.clone(), v.clone());
        }
    }
    *json.status_mut() = status;
    json
}

fn secure(headers: &mut axum::http::HeaderMap) {
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CSP),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
}

/// A handler that panicked: logged, and answered as an internal error rather than with a
/// closed connection.
pub fn panicked(panic: Box<dyn std::any::Any + Send + 'static>) -> axum::response::Response {
    use axum::response::IntoResponse;
    let what = panic
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| panic.downcast_ref::<&str>().copied())
        .unwrap_or("a panic");
    ApiError::internal(format!("handler panicked: {what}")).into_response()
}
