//! The API's requests: the body or query of every route both games share, and of the
//! analysis route, and how each is read and checked into engine types (rules
//! through the engine's rule-set parser). Each game's own bodies (creation, rematch) are in
//! `crate::raja_pasu::requests` and `crate::mandiri::requests`. A request that is wrong stops
//! there, with its 4xx answer.

use crate::error::{ApiError, ErrorKind};
use crate::games::seating::Kind;
use axum::extract::{FromRequest, FromRequestParts, Path, Query, Request};
use axum::http::header;
use axum::http::request::Parts;
use rajapasu_ai::Level;
use rajapasu_engine::record::Record;
use rajapasu_engine::{Game, Move, Position, Rules};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use std::time::Duration;

/// How long a request's body may take to arrive: the server puts it in the request's
/// extensions, and the body reader below enforces it.
#[derive(Debug, Clone, Copy)]
pub struct BodyDeadline(pub Duration);

/// Largest request body accepted, in bytes.
pub const BODY_LIMIT: usize = 256 * 1024;

/// A JSON body whose problems are answered with JSON errors: 413 when too large, 400 when it
/// is not JSON or not the expected object.
pub struct ApiJson<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for ApiJson<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, _state: &S) -> Result<Self, ApiError> {
        let too_large = || {
            ApiError::too_large(format!(
                "the request body is larger than the limit of {BODY_LIMIT} bytes"
            ))
            .code("too_large")
        };
        if let Some(len) = req
            .headers()
            .get(header::CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse::<usize>().ok())
        {
            if len > BODY_LIMIT {
                return Err(too_large());
            }
        }
        let json_type = req
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(is_json_type);
        let declared_type = req.headers().contains_key(header::CONTENT_TYPE);
        let deadline = req.extensions().get::<BodyDeadline>().map(|d| d.0);
        let timed_out = || {
            ApiError::of(
                ErrorKind::Timeout,
                "the request body did not arrive in time, or was cut off",
            )
            .code("body_timeout")
        };
        let read = axum::body::to_bytes(req.into_body(), BODY_LIMIT);
        let read = match deadline {
            Some(d) => tokio::time::timeout(d, read)
                .await
                .map_err(|_| timed_out())?,
            None => read.await,
        };
        let bytes = read.map_err(|e| {
            if e.into_inner().is::<http_body_util::LengthLimitError>() {
                too_large()
            } else {
                timed_out()
            }
        })?;
        // A body must say it is JSON: a page of another site can send `text/plain` (or a
        // form) without asking, but not `application/json`. An empty body with no type is
        // told it is empty, below.
        if !json_type && (declared_type || !bytes.is_empty()) {
            return Err(ApiError::of(
                ErrorKind::UnsupportedMediaType,
                "the request body must be JSON, sent with `Content-Type: application/json`",
            )
            .code("not_json"));
        }
        if bytes.iter().all(u8::is_ascii_whitespace) {
            return Err(
                ApiError::bad_request("malformed JSON: the request body is empty").code("bad_json"),
            );
        }
        serde_json::from_slice(&bytes)
            .map(ApiJson)
            .map_err(|e| ApiError::bad_request(format!("malformed JSON: {e}")).code("bad_json"))
    }
}

/// Whether a `Content-Type` is JSON's: `application/json`, with parameters or not.
fn is_json_type(value: &str) -> bool {
    value
        .split(';')
        .next()
        .is_some_and(|t| t.trim().eq_ignore_ascii_case("application/json"))
}

/// A path parameter whose problems (not UTF-8 once decoded) are answered with a JSON 400.
pub struct ApiPath<T>(pub T);

impl<T: DeserializeOwned + Send, S: Send + Sync> FromRequestParts<S> for ApiPath<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        let Path(p) = Path::<T>::from_request_parts(parts, state)
            .await
            .map_err(|_| {
                ApiError::bad_request("the address does not read: its escapes are not UTF-8")
                    .code("bad_path")
            })?;
        Ok(ApiPath(p))
    }
}

/// A query string whose problems are answered with a JSON 400.
pub struct ApiQuery<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequestParts<S> for ApiQuery<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        let Query(q) = Query::<T>::from_request_parts(parts, state)
            .await
            .map_err(|e| ApiError::bad_request(format!("bad query: {e}")).code("bad_query"))?;
        Ok(ApiQuery(q))
    }
}

/// A rule set as the API takes it.
pub fn rules(text: &str) -> Result<Rules, ApiError> {
    text.parse()
        .map_err(|e| ApiError::unprocessable(format!("rules: {e}")).code("bad_rules"))
}

/// A position code as the API takes it, under `rules`.
pub fn position(code: &str, rules: Rules) -> Result<Position, ApiError> {
    Position::from_code(code, rules)
        .map_err(|e| ApiError::unprocessable(format!("position: {e}")).code("bad_position"))
}

/// The computer's level of a new game of `kind` as the API takes it: a game against the
/// computer has one ([`Level::DEFAULT`] unless given), other games none.
///
/// ```
/// use rajapasu_server::games::seating::Kind;
/// use rajapasu_server::requests::level;
/// assert_eq!(level(Kind::Computer, None).unwrap(), Some(rajapasu_ai::Level::DEFAULT));
/// assert_eq!(level(Kind::Local, Some(2)).unwrap_err().code_word(), "bad_level");
/// assert_eq!(level(Kind::Computer, Some(9)).unwrap_err().code_word(), "bad_level");
/// ```
pub fn level(kind: Kind, level: Option<u8>) -> Result<Option<Level>, ApiError> {
    match (kind, level) {
        (Kind::Computer, None) => Ok(Some(Level::DEFAULT)),
        (Kind::Computer, Some(n)) => Level::try_from(n)
            .map(Some)
            .map_err(|e| ApiError::unprocessable(e.to_string()).code("bad_level")),
        (_, Some(_)) => Err(ApiError::unprocessable(
            "a level is only for games against the computer",
        )
        .code("bad_level")),
        (_, None) => Ok(None),
    }
}

/// The time control of a new game (`"3+2"`, `"1d"`), for online games only: 422 `bad_clock`
/// otherwise.
///
/// ```
/// use rajapasu_server::games::seating::Kind;
/// use rajapasu_server::requests::clock;
/// assert_eq!(clock(Kind::Online, Some("3+2")).unwrap().unwrap().to_string(), "3+2");
/// assert_eq!(clock(Kind::Online, None).unwrap(), None);
/// assert_eq!(clock(Kind::Online, Some("0+5")).unwrap_err().code_word(), "bad_clock");
/// assert_eq!(clock(Kind::Local, Some("3+2")).unwrap_err().code_word(), "bad_clock");
/// ```
pub fn clock(
    kind: Kind,
    text: Option<&str>,
) -> Result<Option<crate::games::clock::Control>, ApiError> {
    let Some(text) = text else {
        return Ok(None);
    };
    if kind != Kind::Online {
        return Err(ApiError::unprocessable("a clock is only for online games").code("bad_clock"));
    }
    text.parse()
        .map(Some)
        .map_err(|e: crate::games::clock::BadControl| {
            ApiError::unprocessable(e.to_string()).code("bad_clock")
        })
}

/// Whether a new game is rated (`rated` in a creation request; casual when not given): only
/// an online game with a clock can be, since the clock names its pool's speed. Whether its
/// players have accounts is checked as they take their seats.
///
/// ```
/// use rajapasu_server::games::clock::Control;
/// use rajapasu_server::games::seating::Kind;
/// use rajapasu_server::requests::rated;
/// let blitz: Control = "3+2".parse().unwrap();
/// assert_eq!(rated(Kind::Online, Some(blitz), Some(true)).unwrap(), true);
/// assert_eq!(rated(Kind::Online, None, None).unwrap(), false);
/// assert_eq!(rated(Kind::Online, None, Some(true)).unwrap_err().code_word(), "rated_needs_clock");
/// assert_eq!(rated(Kind::Local, None, Some(true)).unwrap_err().code_word(), "rated_needs_online");
/// ```
pub fn rated(
    kind: Kind,
    control: Option<crate::games::clock::Control>,
    rated: Option<bool>,
) -> Result<bool, ApiError> {
    if rated != Some(true) {
        return Ok(false);
    }
    if kind != Kind::Online {
        return Err(ApiError::unprocessable(
            "only online games are rated: games against the computer or on one device are not",
        )
        .code("rated_needs_online"));
    }
    if control.is_none() {
        return Err(ApiError::unprocessable(
            "a rated game needs a clock (`clock`): its time control names its rating pool",
        )
        .code("rated_needs_clock"));
    }
    Ok(true)
}

/// A time or a duration a client sent, within its bounds, or 422 with `code` naming the field
/// and the bounds: the one check of every such number, so that none reaches a clock, a
/// schedule or the store unbounded (a `u64::MAX` start would never come, and sums with it
/// overflow).
///
/// ```
/// use rajapasu_server::requests::bounded;
/// assert_eq!(bounded("window_minutes", 60, 5..=20_160, "minutes", "bad_window").unwrap(), 60);
/// let e = bounded("starts_at", u64::MAX, 1..=9, "seconds since 1970", "bad_start").unwrap_err();
/// assert_eq!(e.code_word(), "bad_start");
/// assert_eq!(e.message(), "starts_at: 1 to 9 seconds since 1970, not 18446744073709551615");
/// ```
pub fn bounded(
    field: &str,
    value: u64,
    bounds: std::ops::RangeInclusive<u64>,
    unit: &str,
    code: &'static str,
) -> Result<u64, ApiError> {
    if bounds.contains(&value) {
        return Ok(value);
    }
    Err(ApiError::unprocessable(format!(
        "{field}: {} to {} {unit}, not {value}",
        bounds.start(),
        bounds.end()
    ))
    .code(code))
}

/// The most lag a move may claim (`lag_ms`), in milliseconds: more than any real network's
/// delay; what is forgiven is bounded much lower, by the lag quota and by the round trip the
/// server measured (docs/SERVER.md, "Game clocks").
pub const MAX_LAG_MS: u64 = 60_000;

/// A move as the API takes it: a hole number, on a board of `holes` holes a row.
pub fn hole(number: u32, holes: usize) -> Result<Move, ApiError> {
    u8::try_from(number)
        .ok()
        .and_then(Move::new)
        .ok_or_else(|| {
            ApiError::unprocessable(format!(
                "illegal move {number}: holes are numbered 1 to {holes}"
            ))
            .code("illegal_move")
        })
}

/// Body of a move, `POST .../games/{id}/moves`: the move as each game names it (`T`: a hole
/// number in Raja Pasu, a hole name in Mandiri), the ply expected and the seat token.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct MoveRequest<T> {
    /// The move.
    #[serde(rename = "move")]
    pub mv: T,
    /// The ply the player expects the game to be at.
    #[serde(default)]
    pub ply: Option<usize>,
    /// The seat token.
    #[serde(default)]
    pub token: Option<String>,
    /// In a timed game: the network delay the client measured, in milliseconds, forgiven
    /// within the player's lag quota (docs/SERVER.md, "Game clocks").
    #[serde(default)]
    pub lag_ms: Option<u64>,
}

/// Body of a trace, `POST /api/trace` or `/api/mandiri/trace`: the move as each game names it
/// (`T`, as in [`MoveRequest`]), played from a position code or from a rule set's start.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct TraceRequest<T> {
    /// A rule set, for a move from its start.
    #[serde(default)]
    pub rules: Option<String>,
    /// A position code (RULES.md 9.7).
    #[serde(default)]
    pub position: Option<String>,
    /// The move.
    #[serde(rename = "move")]
    pub mv: T,
}

/// Body of `POST .../games/{id}/undo`, `/hint`, `/resign`, `/next-round` (and a Mandiri
/// rematch).
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct TokenRequest {
    /// The seat token.
    #[serde(default)]
    pub token: Option<String>,
    /// The ply the player expects the game to be at.
    #[serde(default)]
    pub ply: Option<usize>,
}

/// Body of `POST .../games/{id}/name`.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct NameRequest {
    /// The seat token.
    #[serde(default)]
    pub token: Option<String>,
    /// The player's name; empty takes it away.
    pub name: String,
}

/// Longest player name, in characters: it must fit beside the board on a phone.
pub const NAME_LIMIT: usize = 24;

impl NameRequest {
    /// The name, normalised and trimmed, or `None` when empty; 422 `bad_name` when too long or
    /// when the rule of names shown to others refuses it ([`crate::accounts::name`]).
    ///
    /// ```
    /// use rajapasu_server::requests::NameRequest;
    /// let read = |name: &str| NameRequest { token: None, name: name.into() }.read();
    /// assert_eq!(read(" Ann ").unwrap().as_deref(), Some("Ann"));
    /// assert_eq!(read("").unwrap(), None);
    /// assert_eq!(read("Ann\u{202E}").unwrap_err().code_word(), "bad_name");
    /// assert_eq!(read("\u{410}nn").unwrap_err().code_word(), "bad_name");
    /// ```
    pub fn read(&self) -> Result<Option<String>, ApiError> {
        let name = crate::accounts::name::shown_name(&self.name, NAME_LIMIT)
            .map_err(|e| ApiError::unprocessable(format!("name: {e}")).code("bad_name"))?;
        Ok((!name.is_empty()).then_some(name))
    }
}

/// Body of `POST .../games/{id}/join`.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct JoinRequest {
    /// The invitation code.
    pub invite: String,
}

/// Query of `GET .../games/{id}`.
#[derive(Deserialize, Debug)]
pub struct StateQuery {
    /// Show the game after its first `at` moves.
    pub at: Option<usize>,
}

/// Query of `GET .../games/{id}/record`.
#[derive(Deserialize, Debug)]
pub struct RecordQuery {
    format: Option<String>,
}

impl RecordQuery {
    /// Whether the record is wanted as JSON rather than plain text.
    pub fn json(&self) -> Result<bool, ApiError> {
        match self.format.as_deref() {
            None | Some("text") => Ok(false),
            Some("json") => Ok(true),
            Some(f) => Err(
                ApiError::bad_request(format!("format `{f}` is not `text` or `json`"))
                    .code("bad_query"),
            ),
        }
    }
}

/// Longest search `POST /api/analysis` runs, in milliseconds: a larger `movetime_ms` is cut to
/// this, so one request cannot hold a core for long.
pub const ANALYSIS_MAX_MS: u64 = 3000;
/// The search time when `movetime_ms` is left out.
pub const ANALYSIS_DEFAULT_MS: u64 = 1000;
/// The shortest search: below this the search would not finish its first iterations.
pub const ANALYSIS_MIN_MS: u64 = 50;

/// A game record as the API takes it, plain text (which may begin with a `{comment}`) or JSON.
pub fn record(text: &str) -> Result<Record, ApiError> {
    Record::parse(text).map_err(|e| ApiError::unprocessable(format!("record: {e}")))
}

/// Body of `POST /api/analysis`.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct AnalysisRequest {
    #[serde(default)]
    rules: Option<String>,
    #[serde(default)]
    position: Option<String>,
    #[serde(default)]
    record: Option<String>,
    #[serde(default)]
    moves: Vec<u32>,
    #[serde(default)]
    movetime_ms: Option<u64>,
}

/// An analysis as asked for, checked: the game after the record's moves and then `moves`, and
/// the search time.
#[derive(Debug)]
pub struct AnalysisSetup {
    /// The game to analyse: its start is the set-up position, its moves the line to it.
    pub game: Game,
    /// The search time, within the bounds above.
    pub movetime_ms: u64,
}

impl AnalysisRequest {
    /// Checks the request: rules, a position or a record (not both), moves legal in turn.
    pub fn read(self) -> Result<AnalysisSetup, ApiError> {
        if self.position.is_some() && self.record.is_some() {
            return Err(ApiError::unprocessable(
                "give a position or a record, not both",
            ));
        }
        let record = match &self.record {
            Some(text) => Some(record(text)?),
            None => None,
        };
        let rules = match (&record, &self.rules) {
            (_, Some(text)) => rules(text)?,
            (Some(r), None) => r.rules,
            (None, None) => Rules::default(),
        };
        let start = match (&self.position, &record) {
            (Some(code), _) => position(code, rules)?,
            (None, Some(r)) => match r.start {
                // The record's start was read under the record's rules: check it under these.
                Some(p) => position(&p.to_string(), rules)?,
                None => Position::start(rules),
            },
            (None, None) => Position::start(rules),
        };
        let mut game = Game::from_position(start);
        let recorded: Vec<u32> = record
            .iter()
            .flat_map(|r| &r.moves)
            .map(|m| u32::from(m.number()))
            .collect();
        for (k, &n) in recorded.iter().chain(&self.moves).enumerate() {
            let mv = hole(n, rules.holes())?;
            game.try_play(mv)
                .map_err(|e| ApiError::unprocessable(format!("move {} ({n}): {e}", k + 1)))?;
        }
        let movetime_ms = self
            .movetime_ms
            .unwrap_or(ANALYSIS_DEFAULT_MS)
            .clamp(ANALYSIS_MIN_MS, ANALYSIS_MAX_MS);
        Ok(AnalysisSetup { game, movetime_ms })
    }
}
