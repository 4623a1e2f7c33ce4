//! Who plays a game, whichever game it is: the kinds of game, who sits where ([`Seats`]: the
//! computer's seats, tokens, invitations, names, rematch offers), the players a seat token
//! holds ([`Held`]), and the part of a game's settings that the actions read and change
//! ([`Seating`]). Each game implements it on its own settings (`crate::raja_pasu::settings`,
//! `crate::mandiri::settings`), which keep their own stored JSON.

use super::clock::{At, Control, GameClock};
pub use super::player::Player;
use crate::tokens::{random_token, seat_hash, tokens_match, NoRandomness, INVITE_LEN, TOKEN_LEN};
use rajapasu_ai::Level;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer, Serialize};
use std::fmt::Debug;

/// What kind of game: the same three for both games.
#[derive(Serialize, Deserialize, Clone, Copy, PartialEq, Eq, Debug)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// One player against the computer (two computers in Mandiri).
    Computer,
    /// Every player on one device, one token for all.
    Local,
    /// Players on their own devices; the others join through invitations.
    Online,
}

/// A player's place in the rematch of a game: one lower, the first becoming the last. With two
/// players the sides change; in Mandiri the office of Raja, which player 1 holds first, comes
/// round.
///
/// ```
/// use rajapasu_engine::{mandiri, Side};
/// use rajapasu_server::games::seating::in_rematch;
/// assert_eq!(in_rematch(Side::South), Side::North);
/// assert_eq!(in_rematch(Side::North), Side::South);
/// let p = |n| mandiri::Player::new(n).unwrap();
/// assert_eq!([1, 2, 3].map(|n| in_rematch(p(n))), [p(3), p(1), p(2)]);
/// ```
pub fn in_rematch<P: Player>(p: P) -> P {
    let n = P::ALL.len();
    P::ALL[(p.index() + n - 1) % n]
}

/// Who sits at a board, and what each kind of game keeps about its players, by player (in the
/// order of [`Player::ALL`]). Mandiri stores it as it is, `"kind"` naming the variant; Raja
/// Pasu in the flat JSON of its earlier versions.
///
/// Seat tokens are kept only as their hashes ([`seat_hash`]): a seat's first hash (`token`,
/// `tokens`) is that of a token made with the seats and told to nobody, or of a token handed
/// out by an earlier version; every token handed out is made when it is handed out
/// ([`Seats::mint`]: to the creator, to the invited who joins, to a player's other device
/// through their account's session) and its hash kept beside the seat's others (`devices`,
/// the latest [`DEVICES_KEPT`] of each seat).
///
/// ```
/// use rajapasu_engine::Side;
/// use rajapasu_server::games::seating::{Kind, Seats};
/// let seats = Seats::new_online(Side::North).unwrap();
/// assert_eq!(seats.kind(), Kind::Online);
/// assert!(seats.invite(Side::South).is_some() && seats.invite(Side::North).is_none());
/// let computer = Seats::new_computer(rajapasu_ai::Level::MIN, Side::South).unwrap();
/// assert!(computer.is_computer(Side::North) && computer.tokens()[1].is_none());
/// assert!(computer.hashes()[1].is_empty());
/// ```
// One is held per game, so the online variant's size costs nothing worth boxing it for.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Seats<P: Player> {
    /// One person against the computer (two computers of one level in Mandiri).
    Computer {
        /// The computer's level.
        level: Level,
        /// The person's player.
        player: P,
        /// The hash of the person's first token.
        #[serde(deserialize_with = "hashed_one")]
        token: String,
        /// The hashes of the person's tokens handed out.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        devices: Vec<String>,
    },
    /// Every player on one device: one token holds them all.
    Local {
        /// The hash of the first token of every player.
        #[serde(deserialize_with = "hashed_one")]
        token: String,
        /// The hashes of the tokens handed out.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        devices: Vec<String>,
    },
    /// Players on their own devices: the creator and the invited.
    Online(Online<P>),
}

/// The seats of an online game, each by player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Online<P: Player> {
    /// The creator's player.
    pub creator: P,
    /// The hash of each player's first token.
    #[serde(deserialize_with = "hashed_each::<_, P>")]
    pub tokens: Vec<String>,
    /// The hashes of each player's tokens handed out.
    #[serde(
        default = "each::<P, _>",
        deserialize_with = "one_each::<_, P, _>",
        skip_serializing_if = "none_handed"
    )]
    pub devices: Vec<Vec<String>>,
    /// Each player's unused invitation code: `None` for the creator and once taken.
    #[serde(deserialize_with = "one_each::<_, P, _>")]
    pub invites: Vec<Option<String>>,
    /// The names the players gave themselves.
    #[serde(default = "each::<P, _>", deserialize_with = "one_each::<_, P, _>")]
    pub names: Vec<Option<String>>,
    /// The players who offered a rematch, until it is made.
    #[serde(default = "each::<P, _>", deserialize_with = "one_each::<_, P, _>")]
    pub rematch_offers: Vec<bool>,
    /// The rematch's id, once every player offered it.
    #[serde(default)]
    pub rematch: Option<String>,
    /// The game's clock, in a timed game.
    #[serde(default = "untimed::<P>", skip_serializing_if = "Option::is_none")]
    pub clock: Option<GameClock<P>>,
    /// The account of each player who was signed in when they took their seat.
    #[serde(default = "each::<P, _>", deserialize_with = "one_each::<_, P, _>")]
    pub accounts: Vec<Option<SeatAccount>>,
    /// Whether the game is rated: every player has an account, and its end moves their
    /// ratings (`crate::ratings`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rated: bool,
    /// Whether moves may be taken back, when every player asks.
    #[serde(default)]
    pub takebacks: Takebacks,
    /// The players who offered a draw since the last move.
    #[serde(default = "each::<P, _>", deserialize_with = "one_each::<_, P, _>")]
    pub draw_offers: Vec<bool>,
    /// The players who asked to take back the last move since it was played.
    #[serde(default = "each::<P, _>", deserialize_with = "one_each::<_, P, _>")]
    pub takeback_offers: Vec<bool>,
    /// Every player agreed to a draw: the game is over, drawn.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub drawn: bool,
    /// The id of the tournament whose game this is (`crate::tournaments`), so that its page
    /// leads back to the event however it was opened.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub event: Option<String>,
}

/// When an online game's moves may be taken back (every player asking): chosen at creation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Takebacks {
    /// Never.
    Never,
    /// In casual games only (the default).
    #[default]
    Casual,
    /// Always, rated games too.
    Always,
}

impl Takebacks {
    /// Whether a game, rated or not, takes takebacks under this policy.
    ///
    /// ```
    /// use rajapasu_server::games::seating::Takebacks;
    /// assert!(Takebacks::Casual.allows(false) && !Takebacks::Casual.allows(true));
    /// assert!(Takebacks::Always.allows(true) && !Takebacks::Never.allows(false));
    /// ```
    pub fn allows(self, rated: bool) -> bool {
        match self {
            Takebacks::Never => false,
            Takebacks::Casual => !rated,
            Takebacks::Always => true,
        }
    }
}

/// The account that holds a seat: its id (never shown) and its name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatAccount {
    /// The account's id.
    pub id: String,
    /// The account's name, as registered.
    pub name: String,
}

/// No clock: a game stored before clocks, or an untimed one.
fn untimed<P: Player>() -> Option<GameClock<P>> {
    None
}

/// No token was handed out since the seats were made (as stored before tokens were hashed).
fn none_handed(devices: &[Vec<String>]) -> bool {
    devices.iter().all(Vec::is_empty)
}

/// The tokens handed out for one seat whose hashes are kept: a player's devices, each a token
/// of its own (a guest's link, the account's phone, its laptop). A further one pushes out the
/// oldest kept, so that asking again and again does not grow the stored game.
pub const DEVICES_KEPT: usize = 16;

/// The hash of a new token told to nobody: a seat's first.
fn unknown_hash() -> Result<String, NoRandomness> {
    Ok(seat_hash(&random_token(TOKEN_LEN)?))
}

/// Keeps the hash of a new token in `devices`, the oldest pushed out past [`DEVICES_KEPT`]:
/// the token.
fn mint_into(devices: &mut Vec<String>) -> Result<String, NoRandomness> {
    let token = random_token(TOKEN_LEN)?;
    devices.push(seat_hash(&token));
    if devices.len() > DEVICES_KEPT {
        devices.remove(0);
    }
    Ok(token)
}

/// Reads a seat's first hash: a token an earlier version kept in clear is held by its hash
/// from now on.
fn hashed_one<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    String::deserialize(d).map(|t| crate::tokens::hashed(&t))
}

/// Reads each player's first hash, as [`hashed_one`].
fn hashed_each<'de, D: Deserializer<'de>, P: Player>(d: D) -> Result<Vec<String>, D::Error> {
    let tokens: Vec<String> = one_each::<_, P, _>(d)?;
    Ok(tokens.iter().map(|t| crate::tokens::hashed(t)).collect())
}

/// A default value for each player.
fn each<P: Player, T: Default + Clone>() -> Vec<T> {
    vec![T::default(); P::ALL.len()]
}

/// Reads a value for each player: stored settings with more or fewer are refused.
fn one_each<'de, D: Deserializer<'de>, P: Player, T: Deserialize<'de>>(
    d: D,
) -> Result<Vec<T>, D::Error> {
    let values = Vec::<T>::deserialize(d)?;
    if values.len() != P::ALL.len() {
        return Err(serde::de::Error::invalid_length(
            values.len(),
            &"a value for each player",
        ));
    }
    Ok(values)
}

impl<P: Player> Seats<P> {
    /// The seats of a new game against the computer at `level`, the person being `player`.
    pub fn new_computer(level: Level, player: P) -> Result<Seats<P>, NoRandomness> {
        Ok(Seats::Computer {
            level,
            player,
            token: unknown_hash()?,
            devices: Vec::new(),
        })
    }

    /// The seats of a new game on one device.
    pub fn new_local() -> Result<Seats<P>, NoRandomness> {
        Ok(Seats::Local {
            token: unknown_hash()?,
            devices: Vec::new(),
        })
    }

    /// The seats of a new online game created by `creator`, with an invitation for each of
    /// the others.
    pub fn new_online(creator: P) -> Result<Seats<P>, NoRandomness> {
        let mut invites = Vec::new();
        for &p in P::ALL {
            invites.push(
                (p != creator)
                    .then(|| random_token(INVITE_LEN))
                    .transpose()?,
            );
        }
        Ok(Seats::Online(Online {
            creator,
            tokens: new_tokens::<P>()?,
            devices: each::<P, _>(),
            invites,
            names: each::<P, _>(),
            rematch_offers: each::<P, _>(),
            rematch: None,
            clock: None,
            accounts: each::<P, _>(),
            rated: false,
            takebacks: Takebacks::default(),
            draw_offers: each::<P, _>(),
            takeback_offers: each::<P, _>(),
            drawn: false,
            event: None,
        }))
    }

    /// The same seats with a clock of `control`, for an online game (other games have none).
    pub fn with_clock(mut self, control: Option<Control>) -> Seats<P> {
        if let Some(o) = self.online_mut() {
            o.clock = control.map(GameClock::new);
        }
        self
    }

    /// The same seats, rated or casual, for an online game (other games are casual; the
    /// request checks that a rated game is online and timed: `crate::requests::rated`).
    pub fn with_rated(mut self, rated: bool) -> Seats<P> {
        if let Some(o) = self.online_mut() {
            o.rated = rated;
        }
        self
    }

    /// The same seats with the takeback policy `takebacks`, for an online game.
    pub fn with_takebacks(mut self, takebacks: Takebacks) -> Seats<P> {
        if let Some(o) = self.online_mut() {
            o.takebacks = takebacks;
        }
        self
    }

    /// The seats of a new game of `kind` created by `creator`: against the computer at `level`
    /// (the default when none), on one device, or online with invitations.
    pub fn new(kind: Kind, level: Option<Level>, creator: P) -> Result<Seats<P>, NoRandomness> {
        match kind {
            Kind::Computer => Seats::new_computer(level.unwrap_or_default(), creator),
            Kind::Local => Seats::new_local(),
            Kind::Online => Seats::new_online(creator),
        }
    }

    /// The seats of the rematch: the same kind and level, new tokens; online, every player one
    /// lower ([`in_rematch`]), every seat taken and the names carried along; against the
    /// computer, the person one lower when `swap`.
    pub fn rematch(&self, swap: bool) -> Result<Seats<P>, NoRandomness> {
        Ok(match self {
            Seats::Computer { level, player, .. } => {
                Seats::new_computer(*level, if swap { in_rematch(*player) } else { *player })?
            }
            Seats::Local { .. } => Seats::new_local()?,
            Seats::Online(o) => {
                let mut names = each::<P, _>();
                let mut accounts = each::<P, _>();
                for &p in P::ALL {
                    names[in_rematch(p).index()] = o.names[p.index()].clone();
                    accounts[in_rematch(p).index()] = o.accounts[p.index()].clone();
                }
                Seats::Online(Online {
                    creator: in_rematch(o.creator),
                    tokens: new_tokens::<P>()?,
                    devices: each::<P, _>(),
                    invites: each::<P, _>(),
                    names,
                    rematch_offers: each::<P, _>(),
                    rematch: None,
                    clock: o.clock.as_ref().map(|c| GameClock::new(c.control())),
                    accounts,
                    rated: o.rated,
                    takebacks: o.takebacks,
                    draw_offers: each::<P, _>(),
                    takeback_offers: each::<P, _>(),
                    drawn: false,
                    // A rematch is the players' own game, not the event's.
                    event: None,
                })
            }
        })
    }

    /// The kind of game.
    pub fn kind(&self) -> Kind {
        match self {
            Seats::Computer { .. } => Kind::Computer,
            Seats::Local { .. } => Kind::Local,
            Seats::Online(_) => Kind::Online,
        }
    }

    /// The computer's level, in a game against it.
    pub fn level(&self) -> Option<Level> {
        match self {
            Seats::Computer { level, .. } => Some(*level),
            _ => None,
        }
    }

    /// Whether the computer plays for `player`.
    pub fn is_computer(&self, player: P) -> bool {
        matches!(self, Seats::Computer { player: person, .. } if *person != player)
    }

    /// The hash of each player's first token, by player (`None` for a computer's).
    pub fn tokens(&self) -> Vec<Option<&str>> {
        P::ALL
            .iter()
            .map(|&p| match self {
                Seats::Computer { player, token, .. } => (p == *player).then_some(token.as_str()),
                Seats::Local { token, .. } => Some(token.as_str()),
                Seats::Online(o) => Some(o.tokens[p.index()].as_str()),
            })
            .collect()
    }

    /// The hashes of the tokens handed out for `player`'s seat (none for a computer's; in a
    /// game on one device, those of every player).
    pub fn devices(&self, player: P) -> &[String] {
        match self {
            Seats::Computer {
                player: p, devices, ..
            } if *p == player => devices,
            Seats::Computer { .. } => &[],
            Seats::Local { devices, .. } => devices,
            Seats::Online(o) => &o.devices[player.index()],
        }
    }

    /// Every hash that holds each player's seat, by player: the first and those handed out.
    pub fn hashes(&self) -> Vec<Vec<&str>> {
        let first = self.tokens();
        P::ALL
            .iter()
            .map(|&p| match first[p.index()] {
                Some(t) => std::iter::once(t)
                    .chain(self.devices(p).iter().map(String::as_str))
                    .collect(),
                None => Vec::new(),
            })
            .collect()
    }

    /// A new token for `player`'s seat, handed out now: only its hash is kept (with the
    /// seat's others, [`DEVICES_KEPT`] at most). `None` for a computer's seat.
    ///
    /// ```
    /// use rajapasu_engine::Side;
    /// use rajapasu_server::games::seating::{Held, Seats};
    /// let mut seats = Seats::new_online(Side::South).unwrap();
    /// let phone = seats.mint(Side::South).unwrap().unwrap();
    /// let laptop = seats.mint(Side::South).unwrap().unwrap();
    /// for token in [&phone, &laptop] {
    ///     assert_eq!(Held::by(&seats.hashes(), token).first(), Some(Side::South));
    ///     assert!(!serde_json::to_string(&seats).unwrap().contains(token.as_str()));
    /// }
    /// assert!(Held::by(&seats.hashes(), "wrong").is_empty());
    /// ```
    pub fn mint(&mut self, player: P) -> Result<Option<String>, NoRandomness> {
        match self {
            Seats::Computer { player: p, .. } if *p != player => Ok(None),
            Seats::Computer { devices, .. } | Seats::Local { devices, .. } => {
                mint_into(devices).map(Some)
            }
            Seats::Online(o) => mint_into(&mut o.devices[player.index()]).map(Some),
        }
    }

    /// The unused invitation for `player`'s seat, in an online game.
    pub fn invite(&self, player: P) -> Option<&str> {
        self.online()?.invites[player.index()].as_deref()
    }

    /// The name `player` gave themselves, online.
    pub fn chosen_name(&self, player: P) -> Option<&str> {
        self.online()?.names[player.index()].as_deref()
    }

    /// The online seats, in an online game.
    pub fn online(&self) -> Option<&Online<P>> {
        match self {
            Seats::Online(o) => Some(o),
            _ => None,
        }
    }

    /// The online seats, to change, in an online game.
    pub fn online_mut(&mut self) -> Option<&mut Online<P>> {
        match self {
            Seats::Online(o) => Some(o),
            _ => None,
        }
    }
}

/// A first hash for each player ([`unknown_hash`]).
fn new_tokens<P: Player>() -> Result<Vec<String>, NoRandomness> {
    P::ALL.iter().map(|_| unknown_hash()).collect()
}

impl<P: Player> Online<P> {
    /// The players who offered a rematch not made yet.
    pub fn offered(&self) -> impl Iterator<Item = P> + '_ {
        P::ALL
            .iter()
            .copied()
            .filter(|p| self.rematch_offers[p.index()])
    }
}

/// The players a seat token holds, a bit each (by [`Player::index`]).
///
/// ```
/// use rajapasu_engine::Side;
/// use rajapasu_server::games::seating::Held;
/// use rajapasu_server::tokens::seat_hash;
/// let (a, b) = (seat_hash("a"), seat_hash("b"));
/// let seats = [vec![a.as_str()], vec![], vec![b.as_str(), a.as_str()]];
/// assert_eq!(Held::by(&seats, "a").indices().collect::<Vec<_>>(), [0, 2]);
/// assert!(Held::by(&seats, "c").is_empty());
/// assert_eq!(Held::by(&seats[1..], "b").first(), Some(Side::North));
/// assert_eq!(Held::by_hash(&seats, &b).indices().collect::<Vec<_>>(), [2]);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Held(u8);

impl Held {
    /// The players one of whose hashes (by player, as [`Seats::hashes`] gives them) is that
    /// of `token`.
    pub fn by(hashes: &[Vec<&str>], token: &str) -> Held {
        Held::by_hash(hashes, &seat_hash(token))
    }

    /// The players one of whose hashes is `hash` (an account's games keep a seat's hash): the
    /// one comparison of seat secrets, made in constant time.
    pub fn by_hash(hashes: &[Vec<&str>], hash: &str) -> Held {
        Held(
            hashes
                .iter()
                .enumerate()
                .filter(|(_, seat)| {
                    // Every hash is compared, not only up to the first that matches.
                    seat.iter()
                        .fold(false, |found, k| found | tokens_match(hash, k))
                })
                .fold(0, |bits, (i, _)| bits | 1 << i),
        )
    }

    /// The token holds no player.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether `player` is held.
    pub fn contains<P: Player>(self, player: P) -> bool {
        self.0 & 1 << player.index() != 0
    }

    /// The first player held.
    pub fn first<P: Player>(self) -> Option<P> {
        P::ALL.iter().copied().find(|&p| self.contains(p))
    }

    /// The indices of the players held.
    pub fn indices(self) -> impl Iterator<Item = usize> {
        (0..8).filter(move |k| self.0 & 1 << k != 0)
    }
}

/// How the player who lost a game not over by the rules lost it: stored beside the player
/// (`"lost_by"`), so that the record can say so. Games stored before it have none:
/// [`Seating::timed_out`] tells a time-out then by the stopped clock.
///
/// ```
/// use rajapasu_server::games::seating::LostBy;
/// assert_eq!(serde_json::to_string(&LostBy::Time).unwrap(), r#""time""#);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LostBy {
    /// The player resigned.
    Resignation,
    /// The player's time ran out.
    Time,
}

/// What the actions read and change in a game's settings: who plays, the tokens and
/// invitations, the names, the resignation and the rematch. Each game keeps these in its own
/// typed settings, stored as JSON beside the moves.
pub trait Seating: Serialize + DeserializeOwned + Clone + Debug + Send + Sync + 'static {
    /// The game these are the settings of.
    type Game;
    /// Its players.
    type Player: Player;

    /// The game before its first move: the rules and the start position.
    fn start_game(&self) -> Self::Game;
    /// Creation time, seconds since 1970.
    fn created(&self) -> u64;
    /// Who sits where.
    fn seats(&self) -> &Seats<Self::Player>;
    /// Who sits where, to change.
    fn seats_mut(&mut self) -> &mut Seats<Self::Player>;
    /// The name each player goes by in the record, by player.
    fn names(&self) -> Vec<String>;
    /// The player who resigned or ran out of time ([`Seating::timed_out`] tells which).
    fn resigned(&self) -> Option<Self::Player>;
    /// `player` resigns: the game is over.
    fn resign(&mut self, player: Self::Player);
    /// The settings of a rematch created at `now`: the same kind, level, rules and start, new
    /// seats ([`Seats::rematch`]: every player one lower when `swap`, always online and in
    /// Mandiri).
    fn rematch(&self, swap: bool, now: u64) -> Result<Self, NoRandomness>;

    /// `player` goes by `name` online (none: by the seat's own name again).
    fn rename(&mut self, player: Self::Player, name: Option<String>) {
        if let Some(o) = self.seats_mut().online_mut() {
            o.names[player.index()] = name;
        }
    }
    /// The kind of game.
    fn kind(&self) -> Kind {
        self.seats().kind()
    }
    /// The computer's level, in a game against it.
    fn level(&self) -> Option<Level> {
        self.seats().level()
    }
    /// Whether the computer plays for `player`.
    fn computer_plays(&self, player: Self::Player) -> bool {
        self.seats().is_computer(player)
    }
    /// The hash of each player's first token, by player (`None` for the computer's).
    fn tokens(&self) -> Vec<Option<&str>> {
        self.seats().tokens()
    }
    /// A new token for `player`'s seat, to hand out now ([`Seats::mint`]): the settings must
    /// then be stored. `None` for a computer's seat.
    fn mint(&mut self, player: Self::Player) -> Result<Option<String>, NoRandomness> {
        self.seats_mut().mint(player)
    }
    /// The unused invitation for `player`'s seat, in an online game.
    fn invite(&self, player: Self::Player) -> Option<&str> {
        self.seats().invite(player)
    }
    /// The invited `player` took their seat: the invitation is used.
    fn seat_taken(&mut self, player: Self::Player) {
        if let Some(o) = self.seats_mut().online_mut() {
            o.invites[player.index()] = None;
        }
    }
    /// Whether `player` offered an online rematch that is not made yet.
    fn rematch_offered(&self, player: Self::Player) -> bool {
        self.seats()
            .online()
            .is_some_and(|o| o.rematch_offers[player.index()])
    }
    /// `player` offers an online rematch.
    fn offer_rematch(&mut self, player: Self::Player) {
        if let Some(o) = self.seats_mut().online_mut() {
            o.rematch_offers[player.index()] = true;
        }
    }
    /// The id of the online rematch, once made.
    fn rematch_id(&self) -> Option<&str> {
        self.seats().online()?.rematch.as_deref()
    }
    /// The online rematch `id` is made: the offers are taken up.
    fn rematch_made(&mut self, id: String) {
        if let Some(o) = self.seats_mut().online_mut() {
            o.rematch_offers.fill(false);
            o.rematch = Some(id);
        }
    }

    /// The tournament this game belongs to, if any.
    fn event(&self) -> Option<&str> {
        self.seats().online()?.event.as_deref()
    }
    /// The game is one of the tournament `event`'s (an online game; others have none).
    fn set_event(&mut self, event: &str) {
        if let Some(o) = self.seats_mut().online_mut() {
            o.event = Some(event.to_string());
        }
    }

    /// Whether the game is rated.
    fn rated(&self) -> bool {
        self.seats().online().is_some_and(|o| o.rated)
    }
    /// The account holding `player`'s seat, if its player was signed in.
    fn account(&self, player: Self::Player) -> Option<&SeatAccount> {
        self.seats().online()?.accounts[player.index()].as_ref()
    }
    /// `player`'s seat is held by `account`, whose name the player goes by (in the record
    /// too) until they choose another.
    fn set_account(&mut self, player: Self::Player, account: Option<SeatAccount>) {
        let Some(o) = self.seats_mut().online_mut() else {
            return;
        };
        let name = account.as_ref().map(|a| a.name.clone());
        o.accounts[player.index()] = account;
        if name.is_some() {
            self.rename(player, name);
        }
    }

    /// Every player agreed to a draw: the game is over.
    fn drawn(&self) -> bool {
        self.seats().online().is_some_and(|o| o.drawn)
    }
    /// The online game's offers of a draw and of a takeback, and its takeback policy.
    fn offers(&self) -> Option<(&[bool], &[bool], Takebacks)> {
        let o = self.seats().online()?;
        Some((&o.draw_offers, &o.takeback_offers, o.takebacks))
    }
    /// A move was played, or taken back: the offers made before it lapse.
    fn clear_offers(&mut self) {
        if let Some(o) = self.seats_mut().online_mut() {
            o.draw_offers.fill(false);
            o.takeback_offers.fill(false);
        }
    }
    /// Whether any offer of a draw or a takeback waits.
    fn has_offers(&self) -> bool {
        self.offers()
            .is_some_and(|(d, t, _)| d.iter().chain(t).any(|&b| b))
    }

    /// The clock, in a timed game.
    fn clock(&self) -> Option<&GameClock<Self::Player>> {
        self.seats().online()?.clock.as_ref()
    }
    /// The clock, to change, in a timed game.
    fn clock_mut(&mut self) -> Option<&mut GameClock<Self::Player>> {
        self.seats_mut().online_mut()?.clock.as_mut()
    }
    /// The player whose flag has fallen at `now`, in a timed game whose clock runs.
    fn flagged(&self, now: At) -> Option<Self::Player> {
        self.clock()?.flagged(now)
    }
    /// The game ended at `now` (by the rules, a resignation, a time-out): no time runs.
    fn stop_clock(&mut self, now: At) {
        if let Some(c) = self.clock_mut() {
            c.stop(now);
        }
    }
    /// How the player of [`Seating::resigned`] lost: `None` in a game stored before this was
    /// kept.
    fn lost_by(&self) -> Option<LostBy>;
    /// `player` ran out of time: the game is over, as after a resignation, stored as a loss
    /// on time.
    fn run_out(&mut self, player: Self::Player);
    /// The player who ran out of time (a time-out ends the game as a resignation does). A
    /// game stored before the two were kept apart tells it by its clock: a time-out left the
    /// player no time on the stopped clock, which a resignation never does (a fallen flag is
    /// looked at before a resignation is taken).
    fn timed_out(&self) -> Option<Self::Player> {
        let p = self.resigned()?;
        match self.lost_by() {
            Some(LostBy::Time) => Some(p),
            Some(LostBy::Resignation) => None,
            None => {
                let c = self.clock()?;
                (c.running().is_none() && c.left(p, At(0)) == 0).then_some(p)
            }
        }
    }

    /// The players `token` holds.
    fn held_by(&self, token: &str) -> Held {
        Held::by(&self.seats().hashes(), token)
    }
    /// The players whose seat the token of hash `hash` holds (an account's games keep the
    /// hash of the token that moved a seat to it).
    fn held_by_hash(&self, hash: &str) -> Held {
        Held::by_hash(&self.seats().hashes(), hash)
    }

    /// Whether `player`'s seat waits for an invited friend.
    fn is_open(&self, player: Self::Player) -> bool {
        self.invite(player).is_some()
    }
}
