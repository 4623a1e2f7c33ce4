//! A game's settings as they are stored next to its moves: its kind, rules, start, the
//! computer's level and side, the seats' tokens and the players' names.

use rajapasu_ai::Level;
use rajapasu_engine::{BySide, Game, Position, Rules, Side};
use serde::{Deserialize, Serialize};

/// What kind of game.
#[derive(Serialize, Deserialize, Clone, Copy, PartialEq, Eq, Debug)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// One player against the computer.
    Computer,
    /// Two players sharing one device.
    Local,
    /// Two players on their own devices; the second joins through an invitation.
    Online,
}

/// A game's settings, stored as JSON next to it.
#[derive(Serialize, Deserialize, Clone, Debug)]
pub struct Meta {
    /// The kind.
    pub kind: Kind,
    /// The rule set, as written by the engine.
    pub rules: String,
    /// The start position code, when not the usual start.
    #[serde(default)]
    pub start: Option<String>,
    /// The computer's level.
    #[serde(default)]
    pub level: Option<Level>,
    /// The computer's side.
    #[serde(default)]
    pub computer: Option<Side>,
    /// The seat tokens.
    #[serde(deserialize_with = "named_or_array")]
    pub tokens: BySide<Option<String>>,
    /// The seat of the game's creator (online games).
    #[serde(default)]
    pub creator: Option<Side>,
    /// The unused invitation code (online games).
    #[serde(default)]
    pub invite: Option<String>,
    /// The players' names.
    #[serde(default, deserialize_with = "named_or_array")]
    pub names: BySide<String>,
    /// Creation time, seconds since 1970.
    #[serde(default)]
    pub created: u64,
    /// The names the players gave themselves (online games); `names` holds them too, for the
    /// record, but there a side's name stands in when none was given.
    #[serde(default)]
    pub players: BySide<Option<String>>,
    /// The side that resigned: the game is over, won by the other.
    #[serde(default)]
    pub resigned: Option<Side>,
    /// The side that offered a rematch (online games), until it is taken up.
    #[serde(default)]
    pub rematch_offer: Option<Side>,
    /// The id of the rematch, once both players agreed (online games).
    #[serde(default)]
    pub rematch: Option<String>,
}

/// Reads a pair of settings written `{"south": .., "north": ..}`, or `[south, north]` as the
/// settings of games stored by earlier versions were written, so that those games still load.
fn named_or_array<'de, D, T>(d: D) -> Result<BySide<T>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de>,
{
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Stored<T> {
        Named(BySide<T>),
        Array([T; 2]),
    }
    Ok(match Stored::deserialize(d)? {
        Stored::Named(pair) => pair,
        Stored::Array([south, north]) => BySide::new(south, north),
    })
}

impl Meta {
    /// The game as it stood before its first move: the rules and the start position.
    pub fn start_game(&self) -> Option<Game> {
        let rules: Rules = self.rules.parse().ok()?;
        Some(match &self.start {
            Some(code) => Game::from_position(Position::from_code(code, rules).ok()?),
            None => Game::new(rules),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_stored_with_arrays_still_load() {
        let old =
            r#"{"kind":"local","rules":"canonical","tokens":["t",null],"names":["Ann","Bo"]}"#;
        let meta: Meta = serde_json::from_str(old).unwrap();
        assert_eq!(meta.tokens, BySide::new(Some("t".to_string()), None));
        assert_eq!(meta.names, BySide::new("Ann".to_string(), "Bo".to_string()));
        let new = serde_json::to_string(&meta).unwrap();
        assert!(
            new.contains(r#""names":{"south":"Ann","north":"Bo"}"#),
            "{new}"
        );
        let again: Meta = serde_json::from_str(&new).unwrap();
        assert_eq!(again.tokens, meta.tokens);
    }
}
