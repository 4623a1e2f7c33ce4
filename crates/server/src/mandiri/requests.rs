//! The Mandiri routes' own requests: a new game and a move by hole name (the trace's is in
//! [`super::trace`]). The others (tokens, invitations, names) are the two-player game's
//! ([`crate::requests`]).

use super::settings::MandiriKind;
use crate::error::ApiError;
use rajapasu_ai::Level;
use rajapasu_engine::mandiri::{self, Player};
use rajapasu_engine::Hole;
use serde::Deserialize;

/// Body of `POST /api/mandiri/games`.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct NewMandiriGame {
    kind: MandiriKind,
    #[serde(default)]
    rules: Option<String>,
    #[serde(default)]
    level: Option<u8>,
    #[serde(default)]
    player: Option<u8>,
}

/// A new Mandiri game as asked for, checked.
#[derive(Debug)]
pub struct MandiriSetupRequest {
    /// The kind.
    pub kind: MandiriKind,
    /// The rules.
    pub rules: mandiri::Rules,
    /// The computers' level, against them.
    pub level: Option<Level>,
    /// The creator's player.
    pub player: Player,
}

impl NewMandiriGame {
    /// Checks the request: rules, level and player that fit the kind.
    ///
    /// ```
    /// use rajapasu_server::mandiri::requests::NewMandiriGame;
    /// let ok: NewMandiriGame = serde_json::from_str(r#"{"kind":"computer","level":2}"#).unwrap();
    /// assert_eq!(ok.read().unwrap().player.number(), 1);
    /// let bad: NewMandiriGame = serde_json::from_str(r#"{"kind":"local","level":2}"#).unwrap();
    /// assert_eq!(bad.read().unwrap_err().code_word(), "bad_level");
    /// ```
    pub fn read(self) -> Result<MandiriSetupRequest, ApiError> {
        let rules = match &self.rules {
            Some(text) => text
                .parse::<mandiri::Rules>()
                .map_err(|e| ApiError::unprocessable(format!("rules: {e}")).code("bad_rules"))?,
            None => mandiri::Rules::default(),
        };
        let level = match (self.kind, self.level) {
            (MandiriKind::Computer, None) => Some(Level::DEFAULT),
            (MandiriKind::Computer, Some(n)) => Some(
                Level::try_from(n)
                    .map_err(|e| ApiError::unprocessable(e.to_string()).code("bad_level"))?,
            ),
            (_, Some(_)) => {
                return Err(ApiError::unprocessable(
                    "a level is only for games against the computers",
                )
                .code("bad_level"))
            }
            (_, None) => None,
        };
        let player = match self.player {
            None => Player::ALL[0],
            Some(n) => Player::new(n).ok_or_else(|| {
                ApiError::unprocessable(format!("no player {n}: players are 1, 2 and 3"))
                    .code("bad_player")
            })?,
        };
        Ok(MandiriSetupRequest {
            kind: self.kind,
            rules,
            level,
            player,
        })
    }
}

/// Body of `POST /api/mandiri/games/{id}/moves`.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct MandiriMoveRequest {
    /// The hole, by name: `S1` to `S7`, `N1` to `N7`.
    #[serde(rename = "move")]
    pub mv: String,
    /// The ply the player expects the game to be at.
    #[serde(default)]
    pub ply: Option<usize>,
    /// The seat token.
    #[serde(default)]
    pub token: Option<String>,
}

impl MandiriMoveRequest {
    /// The hole asked for; 422 `illegal_move` when it is not a hole of the board.
    pub fn hole(&self) -> Result<Hole, ApiError> {
        hole_named(&self.mv)
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
