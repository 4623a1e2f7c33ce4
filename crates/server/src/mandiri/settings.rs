//! A Mandiri game's settings: who sits where (players 1 to 3, whatever seat the office gives
//! them), the rules, and the JSON they are stored as next to the moves, marked
//! `"game": "mandiri"` so that the hub knows which game a stored row holds.

use crate::games::seats::tokens_held;
use crate::tokens::{random_token, NoRandomness, INVITE_LEN, TOKEN_LEN};
use rajapasu_ai::Level;
use rajapasu_engine::mandiri::{self, Player};
use serde::{Deserialize, Serialize};

/// Who sits at a Mandiri board, and what each kind of game keeps about its players.
// One is held per game, so the online variant's size costs nothing worth boxing it for.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum MandiriSeats {
    /// One player against two computers of one level.
    Computer {
        /// The computers' level.
        level: Level,
        /// The person's player.
        player: Player,
        /// The person's token.
        token: String,
    },
    /// Three players on one device: one token holds every player.
    Local {
        /// The token of all three.
        token: String,
    },
    /// Three players on their own devices: the creator and two invited friends.
    Online {
        /// The creator's player.
        creator: Player,
        /// Each player's token, by player.
        tokens: [String; 3],
        /// Each player's unused invitation code, by player: `None` for the creator and once
        /// taken.
        invites: [Option<String>; 3],
        /// The names the players gave themselves, by player.
        #[serde(default)]
        names: [Option<String>; 3],
        /// The players who offered a rematch once the match was over, by player.
        #[serde(default)]
        rematch_offers: [bool; 3],
        /// The rematch's id, once all three offered.
        #[serde(default)]
        rematch: Option<String>,
    },
}

/// A player's number in the rematch of a game: one lower (player 1 becomes player 3), so
/// that the office of Raja, which player 1 holds first, comes round.
///
/// ```
/// use rajapasu_server::mandiri::settings::rematch_player;
/// use rajapasu_engine::mandiri::Player;
/// let p = |n| Player::new(n).unwrap();
/// assert_eq!([1, 2, 3].map(|n| rematch_player(p(n))), [p(3), p(1), p(2)]);
/// ```
pub fn rematch_player(p: Player) -> Player {
    Player::ALL[(p.index() + 2) % 3]
}

/// The kind of a Mandiri game, as the API names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MandiriKind {
    /// Against two computers.
    Computer,
    /// Three players on one device.
    Local,
    /// Three players on their own devices.
    Online,
}

impl MandiriSeats {
    /// The seats of a new game against two computers at `level`, the person being `player`.
    pub fn computer(level: Level, player: Player) -> Result<MandiriSeats, NoRandomness> {
        Ok(MandiriSeats::Computer {
            level,
            player,
            token: random_token(TOKEN_LEN)?,
        })
    }

    /// The seats of a new game on one device.
    pub fn local() -> Result<MandiriSeats, NoRandomness> {
        Ok(MandiriSeats::Local {
            token: random_token(TOKEN_LEN)?,
        })
    }

    /// The seats of a new online game created by `creator`, with an invitation for each of
    /// the two others.
    pub fn online(creator: Player) -> Result<MandiriSeats, NoRandomness> {
        let mut tokens: [String; 3] = Default::default();
        let mut invites: [Option<String>; 3] = Default::default();
        for p in Player::ALL {
            tokens[p.index()] = random_token(TOKEN_LEN)?;
            if p != creator {
                invites[p.index()] = Some(random_token(INVITE_LEN)?);
            }
        }
        Ok(MandiriSeats::Online {
            creator,
            tokens,
            invites,
            names: Default::default(),
            rematch_offers: [false; 3],
            rematch: None,
        })
    }

    /// The seats of the rematch: the same kind and level, new tokens, every player's number one
    /// lower ([`rematch_player`]); online, every seat taken and the names carried along.
    pub fn rematch(&self) -> Result<MandiriSeats, NoRandomness> {
        Ok(match self {
            MandiriSeats::Computer { level, player, .. } => {
                MandiriSeats::computer(*level, rematch_player(*player))?
            }
            MandiriSeats::Local { .. } => MandiriSeats::local()?,
            MandiriSeats::Online { creator, names, .. } => {
                let mut tokens: [String; 3] = Default::default();
                for token in &mut tokens {
                    *token = random_token(TOKEN_LEN)?;
                }
                let mut moved: [Option<String>; 3] = Default::default();
                for p in Player::ALL {
                    moved[rematch_player(p).index()] = names[p.index()].clone();
                }
                MandiriSeats::Online {
                    creator: rematch_player(*creator),
                    tokens,
                    invites: Default::default(),
                    names: moved,
                    rematch_offers: [false; 3],
                    rematch: None,
                }
            }
        })
    }

    /// The kind of game.
    ///
    /// ```
    /// use rajapasu_server::mandiri::settings::{MandiriKind, MandiriSeats};
    /// assert_eq!(MandiriSeats::local().unwrap().kind(), MandiriKind::Local);
    /// ```
    pub fn kind(&self) -> MandiriKind {
        match self {
            MandiriSeats::Computer { .. } => MandiriKind::Computer,
            MandiriSeats::Local { .. } => MandiriKind::Local,
            MandiriSeats::Online { .. } => MandiriKind::Online,
        }
    }

    /// The computers' level, in a game against them.
    pub fn level(&self) -> Option<Level> {
        match self {
            MandiriSeats::Computer { level, .. } => Some(*level),
            _ => None,
        }
    }

    /// Whether `player` is played by the computer.
    pub fn is_computer(&self, player: Player) -> bool {
        matches!(self, MandiriSeats::Computer { player: person, .. } if *person != player)
    }

    /// Each player's token, by player (`None` for a computer's).
    pub fn tokens(&self) -> [Option<&str>; 3] {
        Player::ALL.map(|p| match self {
            MandiriSeats::Computer { player, token, .. } => {
                (p == *player).then_some(token.as_str())
            }
            MandiriSeats::Local { token } => Some(token.as_str()),
            MandiriSeats::Online { tokens, .. } => Some(tokens[p.index()].as_str()),
        })
    }

    /// The players `token` holds, a bit each (bit 0 for player 1).
    pub fn held_by(&self, token: &str) -> u8 {
        tokens_held(&self.tokens(), token)
    }

    /// Whether `player`'s seat waits for an invited friend.
    pub fn is_open(&self, player: Player) -> bool {
        matches!(self, MandiriSeats::Online { invites, .. } if invites[player.index()].is_some())
    }

    /// The id of the online rematch, once made.
    pub fn rematch_id(&self) -> Option<&str> {
        match self {
            MandiriSeats::Online { rematch, .. } => rematch.as_deref(),
            _ => None,
        }
    }

    /// The name `player` gave themselves, online.
    pub fn chosen_name(&self, player: Player) -> Option<&str> {
        match self {
            MandiriSeats::Online { names, .. } => names[player.index()].as_deref(),
            _ => None,
        }
    }
}

/// A Mandiri game's settings.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct MandiriSettings {
    /// Always `"mandiri"`: what tells a stored Mandiri game from a Raja Pasu one.
    pub game: MandiriTag,
    /// The rule set.
    #[serde(with = "rules_text")]
    pub rules: mandiri::Rules,
    /// The players.
    pub seats: MandiriSeats,
    /// Creation time, seconds since 1970.
    pub created: u64,
    /// The player who resigned: the match is over, shared by the other two.
    #[serde(default)]
    pub resigned: Option<Player>,
}

/// The `"game": "mandiri"` mark of stored settings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MandiriTag {
    /// The only value.
    #[default]
    Mandiri,
}

mod rules_text {
    use rajapasu_engine::mandiri;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(rules: &mandiri::Rules, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(rules)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<mandiri::Rules, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

impl MandiriSettings {
    /// The game before its first move.
    pub fn start_game(&self) -> mandiri::Game {
        mandiri::Game::new(self.rules)
    }

    /// The name each player goes by, in the record and on the page.
    pub fn names(&self) -> [String; 3] {
        Player::ALL.map(|p| {
            if let Some(name) = self.seats.chosen_name(p) {
                return name.to_string();
            }
            match &self.seats {
                MandiriSeats::Computer { level, player, .. } if *player != p => {
                    format!("Computer {p} (level {level}: {})", level.name())
                }
                MandiriSeats::Computer { .. } => "Player".to_string(),
                _ => format!("Player {p}"),
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_read_back_as_written() {
        let settings = MandiriSettings {
            game: MandiriTag::Mandiri,
            rules: "mandiri/gift=2".parse().unwrap(),
            seats: MandiriSeats::online(Player::new(2).unwrap()).unwrap(),
            created: 7,
            resigned: None,
        };
        let text = serde_json::to_string(&settings).unwrap();
        assert!(text.starts_with(r#"{"game":"mandiri""#), "{text}");
        let back: MandiriSettings = serde_json::from_str(&text).unwrap();
        assert_eq!(back.seats, settings.seats);
        assert_eq!(back.rules, settings.rules);
        let MandiriSeats::Online { invites, .. } = &back.seats else {
            panic!("online")
        };
        assert!(invites[1].is_none() && invites[0].is_some() && invites[2].is_some());
    }

    #[test]
    fn a_computer_game_names_its_computers() {
        let seats = MandiriSeats::computer(Level::MIN, Player::new(1).unwrap()).unwrap();
        assert!(seats.is_computer(Player::new(3).unwrap()));
        assert!(!seats.is_computer(Player::new(1).unwrap()));
        let tokens = seats.tokens();
        assert!(tokens[0].is_some() && tokens[1].is_none());
        assert_eq!(seats.held_by(tokens[0].unwrap()), 0b001);
        assert_eq!(seats.held_by("wrong"), 0);
    }
}
