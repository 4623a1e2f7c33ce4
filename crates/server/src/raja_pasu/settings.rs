//! A Raja Pasu game's settings: [`Settings`] as the server uses them (the rules, the start,
//! both games' [`Seats`], the record's names), what the actions change in them ([`Seating`]),
//! and the JSON they are stored as next to the moves, which stays the flat format of earlier
//! versions so that existing databases still open.

use crate::games::clock::GameClock;
use crate::games::seating::LostBy;
use crate::games::seating::{Kind, Online, SeatAccount, Seating, Seats, Takebacks};
use crate::tokens::NoRandomness;
use rajapasu_ai::Level;
use rajapasu_engine::{BySide, Game, Position, Rules, Side};
use serde::{Deserialize, Serialize};

/// A pair by side as a value by player (south first), as [`Seats`] keeps them.
fn by_player<T>(pair: BySide<T>) -> Vec<T> {
    let BySide { south, north } = pair;
    vec![south, north]
}

/// A game's settings.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(try_from = "StoredMeta", into = "StoredMeta")]
pub struct Settings {
    /// The rule set.
    pub rules: Rules,
    /// The start position, when not the usual start.
    pub start: Option<Position>,
    /// The seats.
    pub seats: Seats<Side>,
    /// The players' names, as the record gives them (a side's name where none was given).
    pub names: BySide<String>,
    /// Creation time, seconds since 1970.
    pub created: u64,
    /// The side that resigned or ran out of time: the game is over, won by the other.
    pub resigned: Option<Side>,
    /// How that side lost (`None` in a game stored before this was kept).
    pub lost_by: Option<LostBy>,
}

impl Settings {
    /// The settings of a new game set up as `game` (its rules and start), with these seats,
    /// created at `created`.
    pub fn new(game: &Game, seats: Seats<Side>, created: u64) -> Settings {
        let start = *game.start();
        Settings {
            rules: *game.rules(),
            start: (start != Position::start(*game.rules())).then_some(start),
            names: names_for(&seats),
            seats,
            created,
            resigned: None,
            lost_by: None,
        }
    }
}

/// The names a new game's record gives the seats.
fn names_for(seats: &Seats<Side>) -> BySide<String> {
    BySide::from_fn(|side| match seats {
        Seats::Computer { level, player, .. } if *player != side => {
            format!("Computer (level {level}: {})", level.name())
        }
        Seats::Computer { .. } => "Player".into(),
        _ => seats
            .chosen_name(side)
            .map_or_else(|| side.to_string(), str::to_string),
    })
}

impl Seating for Settings {
    type Game = Game;
    type Player = Side;

    fn start_game(&self) -> Game {
        match &self.start {
            Some(position) => Game::from_position(*position),
            None => Game::new(self.rules),
        }
    }

    fn created(&self) -> u64 {
        self.created
    }

    fn seats(&self) -> &Seats<Side> {
        &self.seats
    }

    fn seats_mut(&mut self) -> &mut Seats<Side> {
        &mut self.seats
    }

    fn names(&self) -> Vec<String> {
        by_player(self.names.clone())
    }

    /// The record's name changes too: the name given, or the side's.
    fn rename(&mut self, side: Side, name: Option<String>) {
        self.names[side] = name.clone().unwrap_or_else(|| side.to_string());
        if let Some(o) = self.seats.online_mut() {
            o.names[side.index()] = name;
        }
    }

    fn resigned(&self) -> Option<Side> {
        self.resigned
    }

    fn resign(&mut self, side: Side) {
        self.resigned = Some(side);
        self.lost_by = Some(LostBy::Resignation);
    }

    fn lost_by(&self) -> Option<LostBy> {
        self.lost_by
    }

    fn run_out(&mut self, side: Side) {
        self.resigned = Some(side);
        self.lost_by = Some(LostBy::Time);
    }

    fn rematch(&self, swap: bool, now: u64) -> Result<Settings, NoRandomness> {
        let seats = self.seats.rematch(swap)?;
        Ok(Settings {
            rules: self.rules,
            start: self.start,
            names: names_for(&seats),
            seats,
            created: now,
            resigned: None,
            lost_by: None,
        })
    }
}

/// Why stored settings do not make a game.
///
/// ```
/// use rajapasu_server::raja_pasu::settings::MetaError;
/// assert_eq!(MetaError::MissingToken.to_string(), "a seat has no token");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MetaError {
    /// The rules do not parse.
    Rules(String),
    /// The start position does not parse under the rules.
    Start(String),
    /// A game against the computer without the computer's side.
    NoComputerSide,
    /// A player's seat without its token.
    MissingToken,
    /// An online game without its creator's seat.
    NoCreator,
}

impl std::fmt::Display for MetaError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MetaError::Rules(e) => write!(f, "unreadable rules: {e}"),
            MetaError::Start(e) => write!(f, "unreadable start position: {e}"),
            MetaError::NoComputerSide => f.write_str("a computer game without the computer's side"),
            MetaError::MissingToken => f.write_str("a seat has no token"),
            MetaError::NoCreator => f.write_str("an online game without its creator"),
        }
    }
}

impl std::error::Error for MetaError {}

/// The settings as stored: the JSON of every version so far. Only [`Settings`] is built from
/// it, so a stored game whose fields do not fit together is refused when it is read.
#[derive(Serialize, Deserialize, Clone, Debug)]
struct StoredMeta {
    kind: Kind,
    /// The rule set, as written by the engine.
    rules: String,
    #[serde(default)]
    start: Option<String>,
    #[serde(default)]
    level: Option<Level>,
    #[serde(default)]
    computer: Option<Side>,
    #[serde(deserialize_with = "named_or_array")]
    tokens: BySide<Option<String>>,
    /// The hashes of the tokens handed out for each seat (`Seats::devices`).
    #[serde(default, skip_serializing_if = "none_handed")]
    devices: BySide<Vec<String>>,
    #[serde(default)]
    creator: Option<Side>,
    #[serde(default)]
    invite: Option<String>,
    #[serde(default, deserialize_with = "named_or_array")]
    names: BySide<String>,
    #[serde(default)]
    created: u64,
    #[serde(default)]
    players: BySide<Option<String>>,
    #[serde(default)]
    resigned: Option<Side>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    lost_by: Option<LostBy>,
    #[serde(default)]
    rematch_offer: Option<Side>,
    #[serde(default)]
    rematch: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    clock: Option<GameClock<Side>>,
    #[serde(default, skip_serializing_if = "no_accounts")]
    accounts: BySide<Option<SeatAccount>>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    rated: bool,
    #[serde(default, skip_serializing_if = "is_casual")]
    takebacks: Takebacks,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    draw_offer: Option<Side>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    takeback_offer: Option<Side>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    drawn: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    event: Option<String>,
}

/// The default policy is not written, as before takebacks.
fn is_casual(t: &Takebacks) -> bool {
    *t == Takebacks::Casual
}

/// The side whose offer alone waits (two offers are taken up at once, never stored).
fn one_offer(offers: &[bool]) -> Option<Side> {
    Side::ALL.into_iter().find(|s| offers[s.index()])
}

/// No token was handed out since the seats were made: the settings are written as before.
fn none_handed(devices: &BySide<Vec<String>>) -> bool {
    devices.south.is_empty() && devices.north.is_empty()
}

/// No seat is held by an account: the settings are written as before accounts.
fn no_accounts(accounts: &BySide<Option<SeatAccount>>) -> bool {
    accounts.south.is_none() && accounts.north.is_none()
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

impl TryFrom<StoredMeta> for Settings {
    type Error = MetaError;

    fn try_from(mut m: StoredMeta) -> Result<Settings, MetaError> {
        // A token an earlier version kept in clear is held by its hash from now on.
        for t in [&mut m.tokens.south, &mut m.tokens.north]
            .into_iter()
            .flatten()
        {
            *t = crate::tokens::hashed(t);
        }
        let rules: Rules = m
            .rules
            .parse()
            .map_err(|e: rajapasu_engine::RulesError| MetaError::Rules(e.to_string()))?;
        let start = match &m.start {
            Some(code) => Some(
                Position::from_code(code, rules).map_err(|e| MetaError::Start(e.to_string()))?,
            ),
            None => None,
        };
        let seats = match m.kind {
            Kind::Computer => {
                let side = m.computer.ok_or(MetaError::NoComputerSide)?;
                Seats::Computer {
                    level: m.level.unwrap_or_default(),
                    player: !side,
                    token: m.tokens[!side].clone().ok_or(MetaError::MissingToken)?,
                    devices: m.devices[!side].clone(),
                }
            }
            Kind::Local => Seats::Local {
                token: m
                    .tokens
                    .south
                    .clone()
                    .or(m.tokens.north.clone())
                    .ok_or(MetaError::MissingToken)?,
                devices: m.devices.south.clone(),
            },
            Kind::Online => {
                let creator = m.creator.ok_or(MetaError::NoCreator)?;
                let [south, north] = [m.tokens.south, m.tokens.north];
                let tokens = [south, north].into_iter().collect::<Option<_>>();
                Seats::Online(Online {
                    creator,
                    tokens: tokens.ok_or(MetaError::MissingToken)?,
                    devices: by_player(m.devices),
                    invites: by_player(BySide::from_fn(|s| {
                        m.invite.clone().filter(|_| s != creator)
                    })),
                    names: by_player(m.players),
                    rematch_offers: by_player(BySide::from_fn(|s| m.rematch_offer == Some(s))),
                    rematch: m.rematch,
                    clock: m.clock,
                    accounts: by_player(m.accounts),
                    rated: m.rated,
                    takebacks: m.takebacks,
                    draw_offers: by_player(BySide::from_fn(|s| m.draw_offer == Some(s))),
                    takeback_offers: by_player(BySide::from_fn(|s| m.takeback_offer == Some(s))),
                    drawn: m.drawn,
                    event: m.event,
                })
            }
        };
        Ok(Settings {
            rules,
            start,
            seats,
            names: m.names,
            created: m.created,
            resigned: m.resigned,
            lost_by: m.lost_by,
        })
    }
}

impl From<Settings> for StoredMeta {
    fn from(s: Settings) -> StoredMeta {
        let tokens = s.seats.tokens();
        let online = s.seats.online();
        let per_side = |f: &dyn Fn(Side) -> bool| Side::ALL.into_iter().find(|&side| f(side));
        StoredMeta {
            kind: s.seats.kind(),
            rules: s.rules.to_string(),
            start: s.start.map(|p| p.to_string()),
            level: s.seats.level(),
            computer: per_side(&|side| s.seats.is_computer(side)),
            tokens: BySide::from_fn(|side| tokens[side.index()].map(str::to_string)),
            // One device holds both seats of a game on one device: its hashes are kept once.
            devices: BySide::from_fn(|side| match s.seats.kind() {
                Kind::Local if side == Side::North => Vec::new(),
                _ => s.seats.devices(side).to_vec(),
            }),
            creator: online.map(|o| o.creator),
            names: s.names.clone(),
            created: s.created,
            resigned: s.resigned,
            lost_by: s.lost_by,
            invite: online.and_then(|o| o.invites.iter().flatten().next().cloned()),
            players: BySide::from_fn(|side| s.seats.chosen_name(side).map(str::to_string)),
            rematch_offer: per_side(&|side| s.rematch_offered(side)),
            rematch: online.and_then(|o| o.rematch.clone()),
            clock: online.and_then(|o| o.clock.clone()),
            accounts: BySide::from_fn(|side| online.and_then(|o| o.accounts[side.index()].clone())),
            rated: online.is_some_and(|o| o.rated),
            takebacks: online.map(|o| o.takebacks).unwrap_or_default(),
            draw_offer: online.and_then(|o| one_offer(&o.draw_offers)),
            takeback_offer: online.and_then(|o| one_offer(&o.takeback_offers)),
            drawn: online.is_some_and(|o| o.drawn),
            event: online.and_then(|o| o.event.clone()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_computer_seat_has_no_token() {
        let mut seats = Seats::new_computer(Level::DEFAULT, Side::North).unwrap();
        let tokens = seats.tokens();
        assert!(tokens[Side::South.index()].is_none());
        assert_eq!(seats.mint(Side::South).unwrap(), None);
        let token = seats.mint(Side::North).unwrap().unwrap();
        let game = Game::new(Rules::default());
        let settings = Settings::new(&game, seats, 0);
        let north = settings.held_by(&token);
        assert!(north.contains(Side::North) && !north.contains(Side::South));
        // The stored settings keep the token's hash, never the token.
        let text = serde_json::to_string(&settings).unwrap();
        assert!(!text.contains(&token) && text.contains(&crate::tokens::seat_hash(&token)));
        let entry = crate::games::entry::Entry::new(game, settings);
        assert!(entry.require(Some(&token)).is_ok());
        assert!(entry.require(Some("nope")).is_err());
        assert!(entry.require(None).is_err());
    }

    #[test]
    fn settings_stored_with_arrays_still_load() {
        let old =
            r#"{"kind":"local","rules":"canonical","tokens":["t",null],"names":["Ann","Bo"]}"#;
        let settings: Settings = serde_json::from_str(old).unwrap();
        assert_eq!(
            settings.seats,
            Seats::Local {
                token: crate::tokens::seat_hash("t"),
                devices: Vec::new(),
            }
        );
        assert_eq!(
            settings.names,
            BySide::new("Ann".to_string(), "Bo".to_string())
        );
        let new = serde_json::to_string(&settings).unwrap();
        assert!(
            new.contains(r#""names":{"south":"Ann","north":"Bo"}"#),
            "{new}"
        );
        let again: Settings = serde_json::from_str(&new).unwrap();
        assert_eq!(serde_json::to_string(&again).unwrap(), new);
    }

    #[test]
    fn settings_that_do_not_fit_together_are_refused() {
        let no_creator =
            r#"{"kind":"online","rules":"canonical","tokens":{"south":"a","north":"b"}}"#;
        let e = serde_json::from_str::<Settings>(no_creator).unwrap_err();
        assert!(e.to_string().contains("without its creator"), "{e}");
        let no_side =
            r#"{"kind":"computer","rules":"canonical","tokens":{"south":"a","north":null}}"#;
        assert!(serde_json::from_str::<Settings>(no_side).is_err());
    }

    #[test]
    fn an_online_game_round_trips() {
        let text = r#"{"kind":"online","rules":"canonical","tokens":{"south":"a","north":"b"},"creator":"north","invite":"code","names":{"south":"South","north":"Ann"},"players":{"south":null,"north":"Ann"},"created":5}"#;
        let s: Settings = serde_json::from_str(text).unwrap();
        let o = s.seats.online().unwrap();
        assert_eq!(o.creator, Side::North);
        assert_eq!(o.invites[Side::South.index()].as_deref(), Some("code"));
        let once = serde_json::to_string(&s).unwrap();
        let again: Settings = serde_json::from_str(&once).unwrap();
        assert_eq!(again.seats, s.seats);
        assert_eq!(serde_json::to_string(&again).unwrap(), once);
    }
}
