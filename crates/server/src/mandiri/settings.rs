//! A Mandiri game's settings: who sits where (players 1 to 3, whatever seat the office gives
//! them), the rules, what the actions change in them ([`Seating`]), and the JSON they are
//! stored as next to the moves, marked `"game": "mandiri"` so that the hub knows which game a
//! stored row holds.

use crate::games::seating::{in_rematch, Kind, Seating};
use crate::tokens::{random_token, NoRandomness, INVITE_LEN, TOKEN_LEN};
use rajapasu_ai::Level;
use rajapasu_engine::mandiri::{self, Player};
use serde::{Deserialize, Serialize};

/// Who sits at a Mandiri board, and what each kind of game keeps about its players.
// One is held per game, so the online variant's size costs nothing worth boxing it for.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Seats {
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

impl Seats {
    /// The seats of a new game against two computers at `level`, the person being `player`.
    pub fn computer(level: Level, player: Player) -> Result<Seats, NoRandomness> {
        Ok(Seats::Computer {
            level,
            player,
            token: random_token(TOKEN_LEN)?,
        })
    }

    /// The seats of a new game on one device.
    pub fn local() -> Result<Seats, NoRandomness> {
        Ok(Seats::Local {
            token: random_token(TOKEN_LEN)?,
        })
    }

    /// The seats of a new online game created by `creator`, with an invitation for each of
    /// the two others.
    pub fn online(creator: Player) -> Result<Seats, NoRandomness> {
        let mut tokens: [String; 3] = Default::default();
        let mut invites: [Option<String>; 3] = Default::default();
        for p in Player::ALL {
            tokens[p.index()] = random_token(TOKEN_LEN)?;
            if p != creator {
                invites[p.index()] = Some(random_token(INVITE_LEN)?);
            }
        }
        Ok(Seats::Online {
            creator,
            tokens,
            invites,
            names: Default::default(),
            rematch_offers: [false; 3],
            rematch: None,
        })
    }

    /// The seats of the rematch: the same kind and level, new tokens, every player's number one
    /// lower ([`in_rematch`]); online, every seat taken and the names carried along.
    pub fn rematch(&self) -> Result<Seats, NoRandomness> {
        Ok(match self {
            Seats::Computer { level, player, .. } => Seats::computer(*level, in_rematch(*player))?,
            Seats::Local { .. } => Seats::local()?,
            Seats::Online { creator, names, .. } => {
                let mut tokens: [String; 3] = Default::default();
                for token in &mut tokens {
                    *token = random_token(TOKEN_LEN)?;
                }
                let mut moved: [Option<String>; 3] = Default::default();
                for p in Player::ALL {
                    moved[in_rematch(p).index()] = names[p.index()].clone();
                }
                Seats::Online {
                    creator: in_rematch(*creator),
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
    /// use rajapasu_server::games::seating::Kind;
    /// use rajapasu_server::mandiri::settings::Seats;
    /// assert_eq!(Seats::local().unwrap().kind(), Kind::Local);
    /// ```
    pub fn kind(&self) -> Kind {
        match self {
            Seats::Computer { .. } => Kind::Computer,
            Seats::Local { .. } => Kind::Local,
            Seats::Online { .. } => Kind::Online,
        }
    }

    /// The computers' level, in a game against them.
    pub fn level(&self) -> Option<Level> {
        match self {
            Seats::Computer { level, .. } => Some(*level),
            _ => None,
        }
    }

    /// Whether `player` is played by the computer.
    pub fn is_computer(&self, player: Player) -> bool {
        matches!(self, Seats::Computer { player: person, .. } if *person != player)
    }

    /// Each player's token, by player (`None` for a computer's).
    pub fn tokens(&self) -> [Option<&str>; 3] {
        Player::ALL.map(|p| match self {
            Seats::Computer { player, token, .. } => (p == *player).then_some(token.as_str()),
            Seats::Local { token } => Some(token.as_str()),
            Seats::Online { tokens, .. } => Some(tokens[p.index()].as_str()),
        })
    }

    /// Whether `player`'s seat waits for an invited friend.
    pub fn is_open(&self, player: Player) -> bool {
        matches!(self, Seats::Online { invites, .. } if invites[player.index()].is_some())
    }

    /// The name `player` gave themselves, online.
    pub fn chosen_name(&self, player: Player) -> Option<&str> {
        match self {
            Seats::Online { names, .. } => names[player.index()].as_deref(),
            _ => None,
        }
    }
}

/// A Mandiri game's settings.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Settings {
    /// Always `"mandiri"`: what tells a stored Mandiri game from a Raja Pasu one.
    pub game: GameTag,
    /// The rule set.
    #[serde(with = "rules_text")]
    pub rules: mandiri::Rules,
    /// The players.
    pub seats: Seats,
    /// Creation time, seconds since 1970.
    pub created: u64,
    /// The player who resigned: the match is over, shared by the other two.
    #[serde(default)]
    pub resigned: Option<Player>,
}

/// The `"game": "mandiri"` mark of stored settings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameTag {
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

impl Settings {
    /// The name each player goes by, in the record and on the page.
    pub fn names(&self) -> [String; 3] {
        Player::ALL.map(|p| {
            if let Some(name) = self.seats.chosen_name(p) {
                return name.to_string();
            }
            match &self.seats {
                Seats::Computer { level, player, .. } if *player != p => {
                    format!("Computer {p} (level {level}: {})", level.name())
                }
                Seats::Computer { .. } => "Player".to_string(),
                _ => format!("Player {p}"),
            }
        })
    }
}

impl Seating for Settings {
    type Game = mandiri::Game;
    type Player = Player;

    fn start_game(&self) -> mandiri::Game {
        mandiri::Game::new(self.rules)
    }

    fn created(&self) -> u64 {
        self.created
    }

    fn kind(&self) -> Kind {
        self.seats.kind()
    }

    fn level(&self) -> Option<Level> {
        self.seats.level()
    }

    fn computer_plays(&self, player: Player) -> bool {
        self.seats.is_computer(player)
    }

    fn tokens(&self) -> Vec<Option<&str>> {
        self.seats.tokens().to_vec()
    }

    fn invite(&self, player: Player) -> Option<&str> {
        match &self.seats {
            Seats::Online { invites, .. } => invites[player.index()].as_deref(),
            _ => None,
        }
    }

    fn seat_taken(&mut self, player: Player) {
        if let Seats::Online { invites, .. } = &mut self.seats {
            invites[player.index()] = None;
        }
    }

    fn names(&self) -> Vec<String> {
        Settings::names(self).to_vec()
    }

    fn rename(&mut self, player: Player, name: Option<String>) {
        if let Seats::Online { names, .. } = &mut self.seats {
            names[player.index()] = name;
        }
    }

    fn resigned(&self) -> Option<Player> {
        self.resigned
    }

    fn resign(&mut self, player: Player) {
        self.resigned = Some(player);
    }

    fn rematch_offered(&self, player: Player) -> bool {
        matches!(&self.seats, Seats::Online { rematch_offers, .. } if rematch_offers[player.index()])
    }

    fn offer_rematch(&mut self, player: Player) {
        if let Seats::Online { rematch_offers, .. } = &mut self.seats {
            rematch_offers[player.index()] = true;
        }
    }

    fn rematch_id(&self) -> Option<&str> {
        match &self.seats {
            Seats::Online { rematch, .. } => rematch.as_deref(),
            _ => None,
        }
    }

    fn rematch_made(&mut self, id: String) {
        if let Seats::Online {
            rematch_offers,
            rematch,
            ..
        } = &mut self.seats
        {
            *rematch_offers = [false; 3];
            *rematch = Some(id);
        }
    }

    /// Always one lower: a Mandiri rematch request cannot keep the seats.
    fn rematch(&self, _swap: bool, now: u64) -> Result<Settings, NoRandomness> {
        Ok(Settings {
            game: GameTag::Mandiri,
            rules: self.rules,
            seats: self.seats.rematch()?,
            created: now,
            resigned: None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::seating::Held;

    #[test]
    fn settings_read_back_as_written() {
        let settings = Settings {
            game: GameTag::Mandiri,
            rules: "mandiri/gift=2".parse().unwrap(),
            seats: Seats::online(Player::new(2).unwrap()).unwrap(),
            created: 7,
            resigned: None,
        };
        let text = serde_json::to_string(&settings).unwrap();
        assert!(text.starts_with(r#"{"game":"mandiri""#), "{text}");
        let back: Settings = serde_json::from_str(&text).unwrap();
        assert_eq!(back.seats, settings.seats);
        assert_eq!(back.rules, settings.rules);
        let Seats::Online { invites, .. } = &back.seats else {
            panic!("online")
        };
        assert!(invites[1].is_none() && invites[0].is_some() && invites[2].is_some());
    }

    #[test]
    fn a_computer_game_names_its_computers() {
        let seats = Seats::computer(Level::MIN, Player::new(1).unwrap()).unwrap();
        assert!(seats.is_computer(Player::new(3).unwrap()));
        assert!(!seats.is_computer(Player::new(1).unwrap()));
        let tokens = seats.tokens();
        assert!(tokens[0].is_some() && tokens[1].is_none());
        let held = Held::by(&tokens, tokens[0].unwrap());
        assert_eq!(held.indices().collect::<Vec<_>>(), [0]);
        assert!(Held::by(&tokens, "wrong").is_empty());
    }
}
