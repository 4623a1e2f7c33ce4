//! The request of `POST /api/mandiri/trace`: one Mandiri move played from a position, storing
//! nothing, told as a game's moves are (each four with the seat it goes to, each pussa with its
//! mover, then the passes and the round's end), so that the rules page and the tutorial show
//! Mandiri moves without knowing the rules themselves. The route is both games' trace
//! ([`crate::games::actions::trace`]).

use super::requests::hole_named;
use crate::error::ApiError;
use rajapasu_engine::mandiri::{Game, Position, Rules};
use rajapasu_engine::Hole;
use serde::Deserialize;

/// Body of `POST /api/mandiri/trace`.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct MandiriTraceRequest {
    /// A rule set, for a move from its start (default `mandiri`).
    #[serde(default)]
    rules: Option<String>,
    /// A position code (RULES.md 9.7), which names its own rule set.
    #[serde(default)]
    position: Option<String>,
    /// The hole to play, by name.
    #[serde(rename = "move")]
    mv: String,
}

impl MandiriTraceRequest {
    /// The game to play the move in, and the move; 422 naming what is wrong otherwise.
    ///
    /// ```
    /// use rajapasu_server::mandiri::trace::MandiriTraceRequest;
    /// let start: MandiriTraceRequest = serde_json::from_str(r#"{"move": "S4"}"#).unwrap();
    /// assert_eq!(start.read().unwrap().1.to_string(), "S4");
    /// let both: MandiriTraceRequest = serde_json::from_str(
    ///     r#"{"rules": "mandiri", "position": "mandiri 7,7,7,7,7,7,7/7,7,7,7,7,7,7 C 0,0,0 1,2,3 0,0,0 1 1", "move": "S4"}"#,
    /// )
    /// .unwrap();
    /// assert_eq!(both.read().unwrap_err().code_word(), "bad_position");
    /// ```
    pub fn read(&self) -> Result<(Game, Hole), ApiError> {
        let bad_position =
            |e: String| ApiError::unprocessable(format!("position: {e}")).code("bad_position");
        let game =
            match (&self.rules, &self.position) {
                (Some(_), Some(_)) => return Err(bad_position(
                    "a position code names its own rule set: give `position` or `rules`, not both"
                        .into(),
                )),
                (_, Some(code)) => Game::from_position(
                    Position::from_code(code).map_err(|e| bad_position(e.to_string()))?,
                ),
                (rules, None) => Game::new(match rules {
                    Some(text) => text.parse::<Rules>().map_err(|e| {
                        ApiError::unprocessable(format!("rules: {e}")).code("bad_rules")
                    })?,
                    None => Rules::default(),
                }),
            };
        Ok((game, hole_named(&self.mv)?))
    }
}
