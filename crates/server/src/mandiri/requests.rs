//! The Mandiri routes' own requests: a new game, a hole named in a move, and how a trace is
//! read (`POST /api/mandiri/trace`: one move played from a position, storing nothing, told as
//! a game's moves are, so that the rules page and the tutorial show Mandiri moves without
//! knowing the rules themselves). The others (moves, tokens, invitations, names, the trace's
//! body) are both games' ([`crate::requests`]).

use super::settings::{GameTag, Settings};
use crate::error::ApiError;
use crate::games::seating::{Kind, Seats, Takebacks};
use crate::games::served::{RematchBody, Setup};
use crate::requests::{TokenRequest, TraceRequest};
use rajapasu_engine::mandiri::{self, Player};
use rajapasu_engine::Hole;
use serde::Deserialize;

/// Body of `POST /api/mandiri/games`.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct NewMandiriGame {
    kind: Kind,
    #[serde(default)]
    rules: Option<String>,
    #[serde(default)]
    level: Option<u8>,
    #[serde(default)]
    player: Option<u8>,
    /// The time control of an online game: `"3+2"`, `"1d"`.
    #[serde(default)]
    clock: Option<String>,
    /// Rated (true) or casual (the default).
    #[serde(default)]
    rated: Option<bool>,
    /// When moves may be taken back online: `never`, `casual` (the default), `always`.
    #[serde(default)]
    takebacks: Option<Takebacks>,
}

impl NewMandiriGame {
    /// Checks the request: rules, level and player that fit the kind; the game is created at
    /// `now`.
    ///
    /// ```
    /// use rajapasu_server::mandiri::requests::NewMandiriGame;
    /// let ok: NewMandiriGame = serde_json::from_str(r#"{"kind":"computer","level":2}"#).unwrap();
    /// assert_eq!(ok.read(0).unwrap().creator.number(), 1);
    /// let bad: NewMandiriGame = serde_json::from_str(r#"{"kind":"local","level":2}"#).unwrap();
    /// assert_eq!(bad.read(0).unwrap_err().code_word(), "bad_level");
    /// ```
    pub fn read(self, now: u64) -> Result<Setup<mandiri::Game>, ApiError> {
        let rules = match &self.rules {
            Some(text) => mandiri_rules(text)?,
            None => mandiri::Rules::default(),
        };
        let level = crate::requests::level(self.kind, self.level)?;
        let control = crate::requests::clock(self.kind, self.clock.as_deref())?;
        let rated = crate::requests::rated(self.kind, control, self.rated)?;
        let player = match self.player {
            None => Player::ALL[0],
            Some(n) => Player::new(n).ok_or_else(|| {
                ApiError::unprocessable(format!("no player {n}: players are 1, 2 and 3"))
                    .code("bad_player")
            })?,
        };
        let settings = Settings {
            game: GameTag::Mandiri,
            rules,
            seats: Seats::new(self.kind, level, player)?
                .with_clock(control)
                .with_rated(rated)
                .with_takebacks(self.takebacks.unwrap_or_default()),
            created: now,
            resigned: None,
            lost_by: None,
        };
        Ok(Setup {
            game: mandiri::Game::new(rules),
            settings,
            creator: player,
        })
    }
}

/// A Mandiri rematch asks with a token only: the players' numbers always go one lower.
impl RematchBody for TokenRequest {
    fn token(&self) -> Option<&str> {
        self.token.as_deref()
    }
    fn swap(&self) -> bool {
        true
    }
}

/// A hole by name, as the Mandiri routes take moves; 422 `illegal_move` when it is not a hole
/// of the board.
///
/// ```
/// use rajapasu_server::mandiri::requests::hole_named;
/// assert_eq!(hole_named(" N6 ").unwrap().to_string(), "N6");
/// assert_eq!(hole_named("S8").unwrap_err().code_word(), "illegal_move");
/// ```
pub fn hole_named(text: &str) -> Result<Hole, ApiError> {
    let bad = || {
        let shown: String = text.chars().take(20).collect();
        ApiError::unprocessable(format!(
            "illegal move `{shown}`: holes are S1 to S7 and N1 to N7"
        ))
        .code("illegal_move")
    };
    let hole: Hole = text.trim().parse().map_err(|_| bad())?;
    if hole.number() > 7 {
        return Err(bad());
    }
    Ok(hole)
}

/// The game and the move of a trace request: a position code, which names its own rule set, or
/// a rule set's start (`mandiri` unless named); 422 naming what is wrong otherwise.
///
/// ```
/// use rajapasu_server::mandiri::requests::read_trace;
/// let start = serde_json::from_str(r#"{"move": "S4"}"#).unwrap();
/// assert_eq!(read_trace(&start).unwrap().1.to_string(), "S4");
/// let both = serde_json::from_str(
///     r#"{"rules": "mandiri", "position": "mandiri 7,7,7,7,7,7,7/7,7,7,7,7,7,7 C 0,0,0 1,2,3 0,0,0 1 1", "move": "S4"}"#,
/// )
/// .unwrap();
/// assert_eq!(read_trace(&both).unwrap_err().code_word(), "bad_position");
/// ```
pub fn read_trace(req: &TraceRequest<String>) -> Result<(mandiri::Game, Hole), ApiError> {
    let bad_position =
        |e: String| ApiError::unprocessable(format!("position: {e}")).code("bad_position");
    let game = match (&req.rules, &req.position) {
        (Some(_), Some(_)) => {
            return Err(bad_position(
                "a position code names its own rule set: give `position` or `rules`, not both"
                    .into(),
            ))
        }
        (_, Some(code)) => mandiri::Game::from_position(
            mandiri::Position::from_code(code).map_err(|e| bad_position(e.to_string()))?,
        ),
        (rules, None) => mandiri::Game::new(match rules {
            Some(text) => mandiri_rules(text)?,
            None => mandiri::Rules::default(),
        }),
    };
    Ok((game, hole_named(&req.mv)?))
}

/// A Mandiri rule set as the API takes it.
fn mandiri_rules(text: &str) -> Result<mandiri::Rules, ApiError> {
    text.parse()
        .map_err(|e| ApiError::unprocessable(format!("rules: {e}")).code("bad_rules"))
}
