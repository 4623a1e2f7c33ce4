//! Sessions: a random token in a cookie (`HttpOnly`, `SameSite=Lax`, `Secure` when the page
//! came over TLS), of which the store keeps only a SHA-256 hash, so that a copy of the
//! database opens no session.

use crate::app::App;
use crate::tokens::{random_token, NoRandomness, TOKEN_LEN};
use axum::http::{header, HeaderMap, HeaderValue};
use sha2::{Digest, Sha256};

/// The cookie's name.
pub const COOKIE: &str = "rajapasu_session";
/// Days a session lasts from its login; then the player logs in again.
pub const SESSION_DAYS: u64 = 30;
/// A session token's length in letters (160 bits).
pub const SESSION_TOKEN_LEN: usize = TOKEN_LEN + 8;

/// A session token, as the cookie carries it.
#[derive(Clone, PartialEq, Eq)]
pub struct SessionToken(String);

impl std::fmt::Debug for SessionToken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SessionToken(***)")
    }
}

impl SessionToken {
    /// A new random token.
    pub fn new() -> Result<SessionToken, NoRandomness> {
        random_token(SESSION_TOKEN_LEN).map(SessionToken)
    }

    /// The token of a request's session cookie, if it has one of the right shape.
    ///
    /// ```
    /// use axum::http::{HeaderMap, HeaderValue};
    /// use rajapasu_server::accounts::session::SessionToken;
    /// let token = SessionToken::new().unwrap();
    /// let mut headers = HeaderMap::new();
    /// let cookie = format!("theme=dark; rajapasu_session={}", token.as_str());
    /// headers.insert("cookie", HeaderValue::from_str(&cookie).unwrap());
    /// assert_eq!(SessionToken::of(&headers), Some(token));
    /// headers.insert("cookie", HeaderValue::from_static("rajapasu_session=short"));
    /// assert_eq!(SessionToken::of(&headers), None);
    /// ```
    pub fn of(headers: &HeaderMap) -> Option<SessionToken> {
        headers
            .get_all(header::COOKIE)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(';'))
            .filter_map(|pair| pair.trim().split_once('='))
            .find(|(name, _)| *name == COOKIE)
            .map(|(_, value)| value)
            .filter(|v| {
                v.len() == SESSION_TOKEN_LEN && v.bytes().all(|b| b.is_ascii_alphanumeric())
            })
            .map(|v| SessionToken(v.to_string()))
    }

    /// The token.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// What the store keeps: SHA-256 of the token, in hexadecimal.
    pub fn hash(&self) -> String {
        Sha256::digest(self.0.as_bytes())
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect()
    }
}

/// Whether the page came over TLS: only known behind a proxy that says so
/// (`--trust-proxy` and `X-Forwarded-Proto: https`); the server itself speaks plain HTTP.
pub fn over_tls(app: &App, headers: &HeaderMap) -> bool {
    app.limits.trust_proxy
        && headers
            .get("x-forwarded-proto")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split(',').next_back())
            .is_some_and(|v| v.trim().eq_ignore_ascii_case("https"))
}

/// The `Set-Cookie` value that starts a session (or, with `None`, ends it in the browser).
///
/// ```
/// use rajapasu_server::accounts::session::set_cookie;
/// let ended = set_cookie(None, true);
/// assert_eq!(ended.to_str().unwrap(),
///     "rajapasu_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0; Secure");
/// ```
pub fn set_cookie(token: Option<&SessionToken>, secure: bool) -> HeaderValue {
    let (value, age) = match token {
        Some(t) => (t.as_str(), SESSION_DAYS * 86_400),
        None => ("", 0),
    };
    let secure = if secure { "; Secure" } else { "" };
    HeaderValue::from_str(&format!(
        "{COOKIE}={value}; Path=/; HttpOnly; SameSite=Lax; Max-Age={age}{secure}"
    ))
    .expect("a cookie of letters and digits is a valid header")
}

/// The request's session and its account, if it has a live one.
pub(crate) async fn session_of(
    app: &App,
    headers: &HeaderMap,
) -> Result<Option<(SessionToken, crate::store::accounts::StoredAccount)>, crate::error::ApiError> {
    let Some(token) = SessionToken::of(headers) else {
        return Ok(None);
    };
    let account = app
        .hub
        .store
        .session(&token.hash(), app.hub.policy.now())
        .await
        .map_err(crate::error::ApiError::unavailable)?;
    Ok(account.map(|a| (token, a)))
}
