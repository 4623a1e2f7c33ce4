//! Errors: the API's answers (a status code and a JSON body `{"error": "...", "code": "..."}`),
//! and why the server could not start.

use crate::search_pool::{SearchError, BUSY_RETRY_SECONDS};
use crate::store::StoreError;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use std::io;

/// The kinds of error answer, each with its HTTP status and its general code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorKind {
    /// 400: the request cannot be read.
    BadRequest,
    /// 403: wrong or missing token.
    Forbidden,
    /// 404: no such game, route or page.
    NotFound,
    /// 405: the route does not take that method.
    MethodNotAllowed,
    /// 408: the request did not arrive in time.
    Timeout,
    /// 409: out of turn, stale ply, game over.
    Conflict,
    /// 413: body too large.
    TooLarge,
    /// 414: the address is too long.
    UriTooLong,
    /// 415: a body that is not `application/json`.
    UnsupportedMediaType,
    /// 422: well-formed but not acceptable (illegal move, bad rules).
    Unprocessable,
    /// 426: a WebSocket route asked without an upgrade.
    UpgradeRequired,
    /// 429: too many requests from this address; try again after `Retry-After`.
    TooManyRequests,
    /// 431: the request's headers are too large.
    HeadersTooLarge,
    /// 500: should not happen; the details are logged, not shown.
    Internal,
    /// 503: the store failed (nothing changed); or the server is busy (`Retry-After`).
    Unavailable,
}

impl ErrorKind {
    /// The kind of an HTTP error status (an unknown one counts as internal).
    pub fn of_status(status: StatusCode) -> ErrorKind {
        match status.as_u16() {
            400 => ErrorKind::BadRequest,
            403 => ErrorKind::Forbidden,
            404 => ErrorKind::NotFound,
            405 => ErrorKind::MethodNotAllowed,
            408 => ErrorKind::Timeout,
            409 => ErrorKind::Conflict,
            413 => ErrorKind::TooLarge,
            414 => ErrorKind::UriTooLong,
            415 => ErrorKind::UnsupportedMediaType,
            422 => ErrorKind::Unprocessable,
            426 => ErrorKind::UpgradeRequired,
            429 => ErrorKind::TooManyRequests,
            431 => ErrorKind::HeadersTooLarge,
            503 => ErrorKind::Unavailable,
            _ => ErrorKind::Internal,
        }
    }

    /// The HTTP status.
    pub fn status(self) -> StatusCode {
        self.row().0
    }

    /// The code of an error of this kind without a precise one (docs/API.md).
    pub fn general_code(self) -> &'static str {
        self.row().1
    }

    /// The status and the general code: one row for each kind.
    fn row(self) -> (StatusCode, &'static str) {
        match self {
            ErrorKind::BadRequest => (StatusCode::BAD_REQUEST, "bad_request"),
            ErrorKind::Forbidden => (StatusCode::FORBIDDEN, "forbidden"),
            ErrorKind::NotFound => (StatusCode::NOT_FOUND, "not_found"),
            ErrorKind::MethodNotAllowed => (StatusCode::METHOD_NOT_ALLOWED, "method_not_allowed"),
            ErrorKind::Timeout => (StatusCode::REQUEST_TIMEOUT, "timeout"),
            ErrorKind::Conflict => (StatusCode::CONFLICT, "conflict"),
            ErrorKind::TooLarge => (StatusCode::PAYLOAD_TOO_LARGE, "too_large"),
            ErrorKind::UriTooLong => (StatusCode::URI_TOO_LONG, "uri_too_long"),
            ErrorKind::UnsupportedMediaType => (StatusCode::UNSUPPORTED_MEDIA_TYPE, "not_json"),
            ErrorKind::Unprocessable => (StatusCode::UNPROCESSABLE_ENTITY, "unprocessable"),
            ErrorKind::UpgradeRequired => (StatusCode::UPGRADE_REQUIRED, "not_websocket"),
            ErrorKind::TooManyRequests => (StatusCode::TOO_MANY_REQUESTS, "rate_limited"),
            ErrorKind::HeadersTooLarge => (
                StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
                "headers_too_large",
            ),
            ErrorKind::Internal => (StatusCode::INTERNAL_SERVER_ERROR, "internal"),
            ErrorKind::Unavailable => (StatusCode::SERVICE_UNAVAILABLE, "not_saved"),
        }
    }
}

/// Longest piece of a client's input quoted back in an error message, in characters.
pub const ECHO_LIMIT: usize = 100;
/// Longest error message, in characters.
const MESSAGE_LIMIT: usize = 400;

/// `text` cut to `limit` characters, with an ellipsis where it was cut.
fn cut(text: &str, limit: usize) -> String {
    match text.char_indices().nth(limit) {
        None => text.to_string(),
        Some((at, _)) => format!("{}…", &text[..at]),
    }
}

/// A message with every quoted piece (between backticks, as the messages quote input) cut to
/// [`ECHO_LIMIT`] characters, and the whole cut to a few hundred: an error never sends a large
/// input back.
///
/// ```
/// use rajapasu_server::error::tame;
/// let long = "x".repeat(5000);
/// let m = tame(&format!("no game with id `{long}`"));
/// assert!(m.len() < 130, "{m}");
/// assert!(m.starts_with("no game with id `xxx") && m.ends_with("…`"));
/// ```
pub fn tame(message: &str) -> String {
    let mut out = String::new();
    for (k, piece) in message.split('`').enumerate() {
        if k > 0 {
            out.push('`');
        }
        if k % 2 == 1 {
            out.push_str(&cut(piece, ECHO_LIMIT));
        } else {
            out.push_str(piece);
        }
    }
    cut(&out, MESSAGE_LIMIT)
}

/// An error answer of the API: a kind (its status), a message in English for people reading
/// the API, and a fixed code a page can translate (docs/API.md lists them). Internal errors
/// keep their details for the log: the client sees a generic message with the request's id.
#[derive(Debug, Clone)]
pub struct ApiError {
    kind: ErrorKind,
    message: String,
    code: &'static str,
    /// Seconds to wait before trying again (429 and 503).
    retry_after: Option<u64>,
    /// What went wrong inside, for the log only.
    detail: Option<String>,
}

/// What went wrong inside the server, carried by an error response to the layer that logs it
/// with the request id ([`crate::serve`](mod@crate::serve)).
#[derive(Debug, Clone)]
pub struct InternalDetail(pub String);

impl ApiError {
    /// An error of `kind` with this message, its kind's general code until [`ApiError::code`]
    /// names a precise one.
    pub fn of(kind: ErrorKind, message: impl Into<String>) -> ApiError {
        ApiError {
            kind,
            message: tame(&message.into()),
            code: kind.general_code(),
            retry_after: None,
            detail: None,
        }
    }
    /// An error with this status and message.
    /// Its code is the status's general one until [`ApiError::code`] names a precise one.
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError::of(ErrorKind::of_status(status), message)
    }
    /// The same error with a precise code.
    pub fn code(mut self, code: &'static str) -> ApiError {
        self.code = code;
        self
    }
    /// The kind.
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }
    /// The status.
    pub fn status(&self) -> StatusCode {
        self.kind.status()
    }
    /// The code.
    pub fn code_word(&self) -> &'static str {
        self.code
    }
    /// The message shown.
    pub fn message(&self) -> &str {
        &self.message
    }
    /// 400: the request cannot be read.
    pub fn bad_request(m: impl Into<String>) -> ApiError {
        ApiError::of(ErrorKind::BadRequest, m)
    }
    /// 403: wrong or missing token.
    pub fn forbidden(m: impl Into<String>) -> ApiError {
        ApiError::of(ErrorKind::Forbidden, m)
    }
    /// 404: no such game or page.
    pub fn not_found(m: impl Into<String>) -> ApiError {
        ApiError::of(ErrorKind::NotFound, m)
    }
    /// 409: out of turn, stale ply, game over.
    pub fn conflict(m: impl Into<String>) -> ApiError {
        ApiError::of(ErrorKind::Conflict, m)
    }
    /// 413: body too large.
    pub fn too_large(m: impl Into<String>) -> ApiError {
        ApiError::of(ErrorKind::TooLarge, m)
    }
    /// 422: well-formed but not acceptable (illegal move, bad rules).
    pub fn unprocessable(m: impl Into<String>) -> ApiError {
        ApiError::of(ErrorKind::Unprocessable, m)
    }
    /// 429: too many requests from one address; try again in `seconds`.
    pub fn rate_limited(m: impl Into<String>, seconds: u64) -> ApiError {
        let mut e = ApiError::of(ErrorKind::TooManyRequests, m);
        e.retry_after = Some(seconds.max(1));
        e
    }
    /// 503 `busy`: the server has too much to do now; try again in `seconds`.
    pub fn busy(m: impl Into<String>, seconds: u64) -> ApiError {
        let mut e = ApiError::of(ErrorKind::Unavailable, m).code("busy");
        e.retry_after = Some(seconds.max(1));
        e
    }
    /// 503: the store failed. Its words go to the log, not to the client.
    pub fn unavailable(m: impl std::fmt::Display) -> ApiError {
        let mut e = ApiError::of(ErrorKind::Unavailable, "not saved, try again");
        e.detail = Some(m.to_string());
        e
    }
    /// 500: should not happen. Its words go to the log, not to the client.
    pub fn internal(m: impl std::fmt::Display) -> ApiError {
        let mut e = ApiError::of(ErrorKind::Internal, "internal error");
        e.detail = Some(m.to_string());
        e
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} {}: {}",
            self.status().as_u16(),
            self.code,
            self.message
        )
    }
}

impl std::error::Error for ApiError {}

/// A search that gave no answer, as the API answers it.
impl From<SearchError> for ApiError {
    fn from(e: SearchError) -> ApiError {
        match e {
            SearchError::Busy => ApiError::busy(
                "the computer is busy with other searches: try again shortly",
                BUSY_RETRY_SECONDS,
            ),
            SearchError::Replaced => ApiError::conflict(e.to_string()).code("hint_replaced"),
            SearchError::Stopped => ApiError::internal(e),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut response = (
            self.status(),
            Json(serde_json::json!({ "error": self.message, "code": self.code })),
        )
            .into_response();
        if let Some(s) = self.retry_after {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(s));
        }
        if let Some(d) = self.detail {
            response.extensions_mut().insert(InternalDetail(d));
        }
        response
    }
}

/// Why the server could not start or stopped serving.
///
/// ```
/// use rajapasu_server::error::ServerError;
/// let e = ServerError::Listen { addr: "127.0.0.1:80".into(), error: std::io::ErrorKind::PermissionDenied.into() };
/// assert!(e.to_string().starts_with("cannot listen on 127.0.0.1:80: "));
/// ```
#[derive(Debug)]
pub enum ServerError {
    /// The database could not be opened or read.
    Store(StoreError),
    /// Opening the database did not finish.
    Open(tokio::task::JoinError),
    /// The address could not be listened on.
    Listen {
        /// The address asked for.
        addr: String,
        /// Why.
        error: io::Error,
    },
    /// The address bound could not be read back.
    Address(io::Error),
    /// Serving failed.
    Serve(io::Error),
    /// A limit cannot work.
    Limits(crate::limits::LimitError),
    /// The search workers could not be started.
    Workers(io::Error),
}

impl std::fmt::Display for ServerError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ServerError::Store(e) => write!(f, "{e}"),
            ServerError::Open(e) => write!(f, "{e}"),
            ServerError::Listen { addr, error } => write!(f, "cannot listen on {addr}: {error}"),
            ServerError::Address(e) => write!(f, "cannot read the bound address: {e}"),
            ServerError::Serve(e) => write!(f, "server error: {e}"),
            ServerError::Limits(e) => write!(f, "{e}"),
            ServerError::Workers(e) => write!(f, "cannot start the search workers: {e}"),
        }
    }
}

impl std::error::Error for ServerError {}
