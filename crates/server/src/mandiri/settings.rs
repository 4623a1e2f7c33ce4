//! A Mandiri game's settings: the rules, both games' [`Seats`] (players 1 to 3, whatever seat
//! the office gives them), what the actions change in them ([`Seating`]), and the JSON they are
//! stored as next to the moves, marked `"game": "mandiri"` so that the hub knows which game a
//! stored row holds.

use crate::games::seating::LostBy;
use crate::games::seating::{Seating, Seats};
use crate::tokens::NoRandomness;
use rajapasu_engine::mandiri::{self, Player};
use serde::{Deserialize, Serialize};

/// A Mandiri game's settings.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Settings {
    /// Always `"mandiri"`: what tells a stored Mandiri game from a Raja Pasu one.
    pub game: GameTag,
    /// The rule set.
    #[serde(with = "rules_text")]
    pub rules: mandiri::Rules,
    /// The players.
    pub seats: Seats<Player>,
    /// Creation time, seconds since 1970.
    pub created: u64,
    /// The player who resigned or ran out of time: the match is over, shared by the other
    /// two.
    #[serde(default)]
    pub resigned: Option<Player>,
    /// How that player lost (`None` in a game stored before this was kept).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lost_by: Option<LostBy>,
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

    fn seats(&self) -> &Seats<Player> {
        &self.seats
    }

    fn seats_mut(&mut self) -> &mut Seats<Player> {
        &mut self.seats
    }

    fn names(&self) -> Vec<String> {
        Settings::names(self).to_vec()
    }

    fn resigned(&self) -> Option<Player> {
        self.resigned
    }

    fn resign(&mut self, player: Player) {
        self.resigned = Some(player);
        self.lost_by = Some(LostBy::Resignation);
    }

    fn lost_by(&self) -> Option<LostBy> {
        self.lost_by
    }

    fn run_out(&mut self, player: Player) {
        self.resigned = Some(player);
        self.lost_by = Some(LostBy::Time);
    }

    fn rematch(&self, swap: bool, now: u64) -> Result<Settings, NoRandomness> {
        Ok(Settings {
            game: GameTag::Mandiri,
            rules: self.rules,
            seats: self.seats.rematch(swap)?,
            created: now,
            resigned: None,
            lost_by: None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::seating::Held;
    use rajapasu_ai::Level;

    #[test]
    fn settings_read_back_as_written() {
        let settings = Settings {
            game: GameTag::Mandiri,
            rules: "mandiri/gift=2".parse().unwrap(),
            seats: Seats::new_online(Player::new(2).unwrap()).unwrap(),
            created: 7,
            resigned: None,
            lost_by: None,
        };
        let text = serde_json::to_string(&settings).unwrap();
        assert!(text.starts_with(r#"{"game":"mandiri""#), "{text}");
        let back: Settings = serde_json::from_str(&text).unwrap();
        assert_eq!(back.seats, settings.seats);
        assert_eq!(back.rules, settings.rules);
        let invites = &back.seats.online().expect("online").invites;
        assert!(invites[1].is_none() && invites[0].is_some() && invites[2].is_some());
    }

    #[test]
    fn a_computer_game_names_its_computers() {
        let mut seats = Seats::new_computer(Level::MIN, Player::new(1).unwrap()).unwrap();
        assert!(seats.is_computer(Player::new(3).unwrap()));
        assert!(!seats.is_computer(Player::new(1).unwrap()));
        let tokens = seats.tokens();
        assert!(tokens[0].is_some() && tokens[1].is_none());
        let token = seats.mint(Player::new(1).unwrap()).unwrap().unwrap();
        let held = Held::by(&seats.hashes(), &token);
        assert_eq!(held.indices().collect::<Vec<_>>(), [0]);
        assert!(Held::by(&seats.hashes(), "wrong").is_empty());
    }
}
