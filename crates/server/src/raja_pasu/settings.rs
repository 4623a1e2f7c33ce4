//! A Raja Pasu game's settings: [`Settings`] as the server uses them, typed so that an
//! impossible game (a computer game with an invitation, an online game without a creator)
//! cannot be built, new seats with their tokens, what the actions change in them
//! ([`Seating`]), and the JSON they are stored as next to the moves, which stays the format of
//! earlier versions so that existing databases still open.

use crate::games::seating::{in_rematch, Kind, Seating};
use crate::tokens::{random_token, NoRandomness, INVITE_LEN, TOKEN_LEN};
use rajapasu_ai::Level;
use rajapasu_engine::{BySide, Game, Position, Rules, Side};
use serde::{Deserialize, Serialize};

/// Who sits where, and what each kind of game keeps about its seats.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Seats {
    /// One player against the computer.
    Computer {
        /// The computer's level.
        level: Level,
        /// The computer's side; the player has the other.
        side: Side,
        /// The player's seat token.
        token: String,
    },
    /// Two players on one device: one token holds both seats.
    SameDevice {
        /// The token of both seats.
        token: String,
    },
    /// Two players on their own devices.
    Online(Online),
}

/// The seats of an online game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Online {
    /// The creator's seat.
    pub creator: Side,
    /// Each seat's token.
    pub tokens: BySide<String>,
    /// The unused invitation code for the other seat; `None` once it is taken.
    pub invite: Option<String>,
    /// The names the players gave themselves.
    pub players: BySide<Option<String>>,
    /// The side that offered a rematch, until it is taken up.
    pub rematch_offer: Option<Side>,
    /// The id of the rematch, once both players agreed.
    pub rematch: Option<String>,
}

impl Seats {
    /// The seats of a new game against the computer at `level`; `player` is the player's side.
    pub fn new_computer(level: Level, player: Side) -> Result<Seats, NoRandomness> {
        Ok(Seats::Computer {
            level,
            side: !player,
            token: random_token(TOKEN_LEN)?,
        })
    }

    /// The seats of a new game on one device.
    pub fn new_same_device() -> Result<Seats, NoRandomness> {
        Ok(Seats::SameDevice {
            token: random_token(TOKEN_LEN)?,
        })
    }

    /// The seats of a new online game created by `creator`, with an invitation for the other
    /// seat when `invite` is true (else both are taken: a rematch).
    pub fn new_online(
        creator: Side,
        invite: bool,
        players: BySide<Option<String>>,
    ) -> Result<Seats, NoRandomness> {
        Ok(Seats::Online(Online {
            creator,
            tokens: BySide {
                south: random_token(TOKEN_LEN)?,
                north: random_token(TOKEN_LEN)?,
            },
            invite: invite.then(|| random_token(INVITE_LEN)).transpose()?,
            players,
            rematch_offer: None,
            rematch: None,
        }))
    }

    /// The kind of game these seats make.
    ///
    /// ```
    /// use rajapasu_server::games::seating::Kind;
    /// use rajapasu_server::raja_pasu::settings::Seats;
    /// assert_eq!(Seats::SameDevice { token: "t".into() }.kind(), Kind::Local);
    /// ```
    pub fn kind(&self) -> Kind {
        match self {
            Seats::Computer { .. } => Kind::Computer,
            Seats::SameDevice { .. } => Kind::Local,
            Seats::Online(_) => Kind::Online,
        }
    }

    /// The computer's side, in a game against it.
    pub fn computer(&self) -> Option<Side> {
        match self {
            Seats::Computer { side, .. } => Some(*side),
            _ => None,
        }
    }

    /// The computer's level, in a game against it.
    pub fn level(&self) -> Option<Level> {
        match self {
            Seats::Computer { level, .. } => Some(*level),
            _ => None,
        }
    }

    /// Each seat's token (`None` for the computer's seat).
    pub fn tokens(&self) -> BySide<Option<&str>> {
        match self {
            Seats::Computer { side, token, .. } => {
                BySide::from_fn(|s| (s != *side).then_some(token.as_str()))
            }
            Seats::SameDevice { token } => BySide::from_fn(|_| Some(token.as_str())),
            Seats::Online(o) => o.tokens.as_ref().map(|t| Some(t.as_str())),
        }
    }

    /// The online seats, in an online game.
    pub fn online(&self) -> Option<&Online> {
        match self {
            Seats::Online(o) => Some(o),
            _ => None,
        }
    }

    /// The online seats, to change, in an online game.
    pub fn online_mut(&mut self) -> Option<&mut Online> {
        match self {
            Seats::Online(o) => Some(o),
            _ => None,
        }
    }
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
    pub seats: Seats,
    /// The players' names, as the record gives them (a side's name where none was given).
    pub names: BySide<String>,
    /// Creation time, seconds since 1970.
    pub created: u64,
    /// The side that resigned: the game is over, won by the other.
    pub resigned: Option<Side>,
}

impl Settings {
    /// The settings of a new game set up as `game` (its rules and start), with these seats,
    /// created at `created`.
    pub fn new(game: &Game, seats: Seats, created: u64) -> Settings {
        let start = *game.start();
        Settings {
            rules: *game.rules(),
            start: (start != Position::start(*game.rules())).then_some(start),
            names: names_for(&seats),
            seats,
            created,
            resigned: None,
        }
    }
}

/// The names a new game's record gives the seats.
fn names_for(seats: &Seats) -> BySide<String> {
    let mut names = BySide::from_fn(|s| s.to_string());
    match seats {
        Seats::Computer { level, side, .. } => {
            names[!*side] = "Player".into();
            names[*side] = format!("Computer (level {level}: {})", level.name());
        }
        Seats::SameDevice { .. } => {}
        Seats::Online(o) => {
            for s in Side::ALL {
                if let Some(name) = &o.players[s] {
                    names[s] = name.clone();
                }
            }
        }
    }
    names
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

    fn kind(&self) -> Kind {
        self.seats.kind()
    }

    fn level(&self) -> Option<Level> {
        self.seats.level()
    }

    fn computer_plays(&self, side: Side) -> bool {
        self.seats.computer() == Some(side)
    }

    fn tokens(&self) -> Vec<Option<&str>> {
        let tokens = self.seats.tokens();
        vec![tokens.south, tokens.north]
    }

    fn invite(&self, side: Side) -> Option<&str> {
        self.seats
            .online()
            .filter(|o| o.creator != side)
            .and_then(|o| o.invite.as_deref())
    }

    fn seat_taken(&mut self, _: Side) {
        if let Some(o) = self.seats.online_mut() {
            o.invite = None;
        }
    }

    fn names(&self) -> Vec<String> {
        Side::ALL.map(|side| self.names[side].clone()).to_vec()
    }

    fn rename(&mut self, side: Side, name: Option<String>) {
        self.names[side] = name.clone().unwrap_or_else(|| side.to_string());
        if let Some(o) = self.seats.online_mut() {
            o.players[side] = name;
        }
    }

    fn resigned(&self) -> Option<Side> {
        self.resigned
    }

    fn resign(&mut self, side: Side) {
        self.resigned = Some(side);
    }

    fn rematch_offered(&self, side: Side) -> bool {
        self.seats
            .online()
            .is_some_and(|o| o.rematch_offer == Some(side))
    }

    fn offer_rematch(&mut self, side: Side) {
        if let Some(o) = self.seats.online_mut() {
            o.rematch_offer = Some(side);
        }
    }

    fn rematch_id(&self) -> Option<&str> {
        self.seats.online().and_then(|o| o.rematch.as_deref())
    }

    fn rematch_made(&mut self, id: String) {
        if let Some(o) = self.seats.online_mut() {
            o.rematch = Some(id);
            o.rematch_offer = None;
        }
    }

    fn rematch(&self, swap: bool, now: u64) -> Result<Settings, NoRandomness> {
        let seats = match &self.seats {
            Seats::Online(o) => Seats::new_online(
                in_rematch(o.creator),
                false,
                BySide::from_fn(|s| o.players[in_rematch(s)].clone()),
            )?,
            Seats::Computer { level, side, .. } => {
                let player = !*side;
                Seats::new_computer(*level, if swap { in_rematch(player) } else { player })?
            }
            Seats::SameDevice { .. } => Seats::new_same_device()?,
        };
        Ok(Settings {
            rules: self.rules,
            start: self.start,
            names: names_for(&seats),
            seats,
            created: now,
            resigned: None,
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
    #[serde(default)]
    rematch_offer: Option<Side>,
    #[serde(default)]
    rematch: Option<String>,
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

    fn try_from(m: StoredMeta) -> Result<Settings, MetaError> {
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
                    side,
                    token: m.tokens[!side].clone().ok_or(MetaError::MissingToken)?,
                }
            }
            Kind::Local => Seats::SameDevice {
                token: m
                    .tokens
                    .south
                    .clone()
                    .or(m.tokens.north.clone())
                    .ok_or(MetaError::MissingToken)?,
            },
            Kind::Online => {
                let [south, north] = [m.tokens.south, m.tokens.north];
                Seats::Online(Online {
                    creator: m.creator.ok_or(MetaError::NoCreator)?,
                    tokens: BySide::new(
                        south.ok_or(MetaError::MissingToken)?,
                        north.ok_or(MetaError::MissingToken)?,
                    ),
                    invite: m.invite,
                    players: m.players,
                    rematch_offer: m.rematch_offer,
                    rematch: m.rematch,
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
        })
    }
}

impl From<Settings> for StoredMeta {
    fn from(s: Settings) -> StoredMeta {
        let tokens = s.seats.tokens().map(|t| t.map(str::to_string));
        let online = s.seats.online().cloned();
        StoredMeta {
            kind: s.seats.kind(),
            rules: s.rules.to_string(),
            start: s.start.map(|p| p.to_string()),
            level: s.seats.level(),
            computer: s.seats.computer(),
            tokens,
            creator: online.as_ref().map(|o| o.creator),
            names: s.names,
            created: s.created,
            resigned: s.resigned,
            invite: online.as_ref().and_then(|o| o.invite.clone()),
            players: online
                .as_ref()
                .map(|o| o.players.clone())
                .unwrap_or_default(),
            rematch_offer: online.as_ref().and_then(|o| o.rematch_offer),
            rematch: online.and_then(|o| o.rematch),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_computer_seat_has_no_token() {
        let seats = Seats::new_computer(Level::DEFAULT, Side::North).unwrap();
        let tokens = seats.tokens();
        assert!(tokens.south.is_none());
        let token = tokens.north.unwrap().to_string();
        let game = Game::new(Rules::default());
        let settings = Settings::new(&game, seats, 0);
        let north = settings.held_by(&token);
        assert!(north.contains(Side::North) && !north.contains(Side::South));
        let entry = crate::games::entry::Entry::new(game, settings);
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
            Seats::SameDevice {
                token: "t".to_string()
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
        assert_eq!(o.invite.as_deref(), Some("code"));
        let once = serde_json::to_string(&s).unwrap();
        let again: Settings = serde_json::from_str(&once).unwrap();
        assert_eq!(again.seats, s.seats);
        assert_eq!(serde_json::to_string(&again).unwrap(), once);
    }
}
