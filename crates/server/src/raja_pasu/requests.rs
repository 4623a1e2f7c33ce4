//! Raja Pasu's own requests: a new game (with its kind, rules, mode, start position or
//! imported record, side and level), a rematch (which may keep the sides), and how a trace is
//! read. The others are both games' ([`crate::requests`]).

use super::settings::Settings;
use crate::error::ApiError;
use crate::games::seating::{Kind, Seats, Takebacks};
use crate::games::served::{RematchBody, Setup};
use crate::requests::{hole, position, rules, TraceRequest};
use rajapasu_engine::record::Record;
use rajapasu_engine::{Game, Move, ParseSideError, Position, Rules, Side};
use serde::Deserialize;

/// Body of `POST /api/games`.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    kind: Kind,
    #[serde(default)]
    rules: Option<String>,
    #[serde(default)]
    mode: Option<String>,
    #[serde(default)]
    level: Option<u8>,
    #[serde(default)]
    side: Option<String>,
    #[serde(default)]
    position: Option<String>,
    #[serde(default)]
    record: Option<String>,
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

impl NewGame {
    /// Checks the request: a record, rules, mode, position, side and level that all fit; the
    /// game is created at `now`.
    pub fn read(self, now: u64) -> Result<Setup<Game>, ApiError> {
        let control = crate::requests::clock(self.kind, self.clock.as_deref())?;
        let rated = crate::requests::rated(self.kind, control, self.rated)?;
        if rated && (self.record.is_some() || self.position.is_some()) {
            return Err(ApiError::unprocessable(
                "a rated game starts from the rules' start: no `record` or `position`",
            )
            .code("rated_start"));
        }
        let record =
            match &self.record {
                Some(text) => Some(Record::parse(text).map_err(|e| {
                    ApiError::unprocessable(format!("record: {e}")).code("bad_record")
                })?),
                None => None,
            };
        let mut rules = match (&record, &self.rules) {
            (Some(r), None) => r.rules,
            (_, Some(text)) => rules(text)?,
            (None, None) => Rules::default(),
        };
        if let Some(mode) = &self.mode {
            rules = rules
                .with_option("mode", mode)
                .map_err(|e| ApiError::unprocessable(e.to_string()).code("bad_mode"))?;
        }
        let start = match (&self.position, &record) {
            (Some(code), _) => position(code, rules)?,
            (None, Some(r)) => r.start.unwrap_or_else(|| Position::start(rules)),
            (None, None) => Position::start(rules),
        };
        let side = match &self.side {
            None => Side::South,
            Some(t) => t.parse().map_err(|e: ParseSideError| {
                ApiError::unprocessable(e.to_string()).code("bad_side")
            })?,
        };
        let level = crate::requests::level(self.kind, self.level)?;
        let mut game = Game::from_position(start);
        for (k, &mv) in record.iter().flat_map(|r| &r.moves).enumerate() {
            game.try_play(mv).map_err(|e| {
                ApiError::unprocessable(format!("record: move {} ({mv}): {e}", k + 1))
                    .code("bad_record")
            })?;
        }
        let seats = Seats::new(self.kind, level, side)?
            .with_clock(control)
            .with_rated(rated)
            .with_takebacks(self.takebacks.unwrap_or_default());
        Ok(Setup {
            settings: Settings::new(&game, seats, now),
            game,
            creator: side,
        })
    }
}

/// Body of `POST /api/games/{id}/rematch`.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct RematchRequest {
    /// The seat token.
    #[serde(default)]
    pub token: Option<String>,
    /// Whether the players change sides (default true; online rematches always do).
    #[serde(default)]
    pub swap: Option<bool>,
}

impl RematchBody for RematchRequest {
    fn token(&self) -> Option<&str> {
        self.token.as_deref()
    }
    fn swap(&self) -> bool {
        self.swap.unwrap_or(true)
    }
}

/// The game and the move of a trace request (`POST /api/trace`): a position under a rule set
/// (`canonical` unless named), or the rule set's start.
pub fn read_trace(req: &TraceRequest<u32>) -> Result<(Game, Move), ApiError> {
    let rules = rules(req.rules.as_deref().unwrap_or("canonical"))?;
    let game = match &req.position {
        Some(code) => Game::from_position(position(code, rules)?),
        None => Game::new(rules),
    };
    let mv = hole(req.mv, rules.holes())?;
    Ok((game, mv))
}
