//! Reading cookies: the one parser of a request's `Cookie` headers, shared by the session's
//! cookie and the known device's.

use axum::http::{header, HeaderMap};

/// The values of every cookie named `name` in a request's `Cookie` headers, in the order sent
/// (a browser may send several of one name: one set for a narrower path, a stale one).
/// Headers that are not text are passed over.
///
/// ```
/// use axum::http::{HeaderMap, HeaderValue};
/// use rajapasu_server::accounts::cookie::values;
/// let mut headers = HeaderMap::new();
/// headers.append("cookie", HeaderValue::from_static("theme=dark; a=1;a=2"));
/// headers.append("cookie", HeaderValue::from_static("b=3; a=x=y"));
/// assert_eq!(values(&headers, "a").collect::<Vec<_>>(), ["1", "2", "x=y"]);
/// assert_eq!(values(&headers, "c").count(), 0);
/// ```
pub fn values<'a>(headers: &'a HeaderMap, name: &'a str) -> impl Iterator<Item = &'a str> + 'a {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .filter(move |(n, _)| *n == name)
        .map(|(_, value)| value)
}
