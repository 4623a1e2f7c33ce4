//! Sessions: a random token in a cookie (`HttpOnly`, `SameSite=Lax`; `Secure` and named with
//! the `__Host-` prefix when the page came over TLS), of which the store keeps only a SHA-256 hash, so that a copy of the
//! database opens no session.

use crate::app::App;
use crate::tokens::{random_token, NoRandomness, TOKEN_LEN};
use axum::http::{HeaderMap, HeaderValue};
use sha2::{Digest, Sha256};

/// The cookie's name over plain HTTP.
pub const COOKIE: &str = "rajapasu_session";
/// The cookie's name over TLS: with the `__Host-` prefix, which browsers accept only from a
/// secure page, with `Secure`, `Path=/` and no `Domain`, so that no other site (not even a
/// sibling subdomain) can set or shadow it.
pub const SECURE_COOKIE: &str = "__Host-rajapasu_session";
/// Session cookies of the name tried in one request, at most: a browser sends one, but a
/// cookie set by another page (a stale one, one for a narrower path) may come before it;
/// each try reads the store, so the count is bounded.
pub const COOKIES_TRIED: usize = 4;

/// The session cookie's name, over TLS or not.
///
/// ```
/// use rajapasu_server::accounts::session::cookie_name;
/// assert_eq!(cookie_name(true), "__Host-rajapasu_session");
/// assert_eq!(cookie_name(false), "rajapasu_session");
/// ```
pub fn cookie_name(secure: bool) -> &'static str {
    if secure {
        SECURE_COOKIE
    } else {
        COOKIE
    }
}

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

    /// The tokens of a request's session cookies (named as [`cookie_name`] says), those of the
    /// right shape, in the order sent, at most [`COOKIES_TRIED`]. Over TLS only the
    /// `__Host-` cookie counts: a cookie without the prefix may have been set by another site.
    ///
    /// ```
    /// use axum::http::{HeaderMap, HeaderValue};
    /// use rajapasu_server::accounts::session::SessionToken;
    /// let token = SessionToken::new().unwrap();
    /// let mut headers = HeaderMap::new();
    /// let cookie = format!("theme=dark; rajapasu_session=stale; rajapasu_session={}", token.as_str());
    /// headers.insert("cookie", HeaderValue::from_str(&cookie).unwrap());
    /// assert_eq!(SessionToken::of(&headers, false), vec![token.clone()]);
    /// assert_eq!(SessionToken::of(&headers, true), vec![]);
    /// let cookie = format!("__Host-rajapasu_session={}", token.as_str());
    /// headers.insert("cookie", HeaderValue::from_str(&cookie).unwrap());
    /// assert_eq!(SessionToken::of(&headers, true), vec![token]);
    /// ```
    pub fn of(headers: &HeaderMap, secure: bool) -> Vec<SessionToken> {
        super::cookie::values(headers, cookie_name(secure))
            .filter(|v| {
                v.len() == SESSION_TOKEN_LEN && v.bytes().all(|b| b.is_ascii_alphanumeric())
            })
            .take(COOKIES_TRIED)
            .map(|v| SessionToken(v.to_string()))
            .collect()
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
///     "__Host-rajapasu_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0; Secure");
/// let ended = set_cookie(None, false);
/// assert_eq!(ended.to_str().unwrap(),
///     "rajapasu_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0");
/// ```
pub fn set_cookie(token: Option<&SessionToken>, secure: bool) -> HeaderValue {
    let (value, age) = match token {
        Some(t) => (t.as_str(), SESSION_DAYS * 86_400),
        None => ("", 0),
    };
    let name = cookie_name(secure);
    let secure = if secure { "; Secure" } else { "" };
    HeaderValue::from_str(&format!(
        "{name}={value}; Path=/; HttpOnly; SameSite=Lax; Max-Age={age}{secure}"
    ))
    .expect("a cookie of letters and digits is a valid header")
}

/// The request's session and its account, if it has a live one: the first of its session
/// cookies that opens one, so that a stale cookie sent first does not sign the player out.
pub(crate) async fn session_of(
    app: &App,
    headers: &HeaderMap,
) -> Result<Option<(SessionToken, crate::store::accounts::StoredAccount)>, crate::error::ApiError> {
    for token in SessionToken::of(headers, over_tls(app, headers)) {
        let account = app
            .hub
            .store
            .session(&token.hash(), app.hub.policy.now())
            .await
            .map_err(crate::error::ApiError::unavailable)?;
        if let Some(account) = account {
            return Ok(Some((token, account)));
        }
    }
    Ok(None)
}
