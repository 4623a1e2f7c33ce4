//! Errors: the API's answers (a status code and a JSON body `{"error": "...", "code": "..."}`),
//! and why the server could not start.

use crate::store::StoreError;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use std::io;

/// An error answer of the API.
#[derive(Debug)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// What is wrong, in words (English, for people reading the API).
    pub message: String,
    /// What is wrong, as a fixed word a page can translate (docs/API.md lists them).
    pub code: &'static str,
}

impl ApiError {
    /// An error with this status and message.
    /// Its code is the status's general one until [`ApiError::code`] names a precise one.
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        let code = match status {
            StatusCode::BAD_REQUEST => "bad_request",
            StatusCode::FORBIDDEN => "forbidden",
            StatusCode::NOT_FOUND => "not_found",
            StatusCode::METHOD_NOT_ALLOWED => "method_not_allowed",
            StatusCode::CONFLICT => "conflict",
            StatusCode::PAYLOAD_TOO_LARGE => "too_large",
            StatusCode::UNPROCESSABLE_ENTITY => "unprocessable",
            StatusCode::SERVICE_UNAVAILABLE => "not_saved",
            _ => "internal",
        };
        ApiError {
            status,
            message: message.into(),
            code,
        }
    }
    /// The same error with a precise code.
    pub fn code(mut self, code: &'static str) -> ApiError {
        self.code = code;
        self
    }
    /// 400: the request cannot be read.
    pub fn bad_request(m: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, m)
    }
    /// 403: wrong or missing token.
    pub fn forbidden(m: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::FORBIDDEN, m)
    }
    /// 404: no such game or page.
    pub fn not_found(m: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, m)
    }
    /// 409: out of turn, stale ply, game over.
    pub fn conflict(m: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, m)
    }
    /// 413: body too large.
    pub fn too_large(m: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, m)
    }
    /// 422: well-formed but not acceptable (illegal move, bad rules).
    pub fn unprocessable(m: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, m)
    }
    /// 503: the store failed.
    pub fn unavailable(m: impl std::fmt::Display) -> ApiError {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!("not saved, try again: {m}"),
        )
    }
    /// 500: should not happen.
    pub fn internal(m: impl std::fmt::Display) -> ApiError {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("internal error: {m}"),
        )
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (
            self.status,
            Json(serde_json::json!({ "error": self.message, "code": self.code })),
        )
            .into_response()
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
}

impl std::fmt::Display for ServerError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ServerError::Store(e) => write!(f, "{e}"),
            ServerError::Open(e) => write!(f, "{e}"),
            ServerError::Listen { addr, error } => write!(f, "cannot listen on {addr}: {error}"),
            ServerError::Address(e) => write!(f, "cannot read the bound address: {e}"),
            ServerError::Serve(e) => write!(f, "server error: {e}"),
        }
    }
}

impl std::error::Error for ServerError {}
