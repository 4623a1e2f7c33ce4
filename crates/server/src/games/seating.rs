//! Who plays a game, whichever game it is: the kinds of game, the players a seat token holds
//! ([`Held`]), and the part of a game's settings that the actions read and change
//! ([`Seating`]: the computer's seats, tokens, invitations, names, resignation, rematch).
//! Each game implements it on its own settings (`crate::raja_pasu::settings`,
//! `crate::mandiri::settings`), which keep their own stored JSON.

use crate::tokens::{tokens_match, NoRandomness};
use rajapasu_ai::Level;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
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

/// One of the people at a game: a side of the board in Raja Pasu, a player (1 to 3, whatever
/// seat the office gives them) in Mandiri. Tokens, presence, names and resignations are theirs.
pub trait Player: Copy + Eq + Debug + Send + Sync + 'static {
    /// Every player, in the order of their index.
    const ALL: &'static [Self];

    /// The place of the player in [`Player::ALL`].
    fn index(self) -> usize;
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

/// The players a seat token holds, a bit each (by [`Player::index`]).
///
/// ```
/// use rajapasu_engine::Side;
/// use rajapasu_server::games::seating::Held;
/// let held = Held::by(&[Some("a"), None, Some("a")], "a");
/// assert_eq!(held.indices().collect::<Vec<_>>(), [0, 2]);
/// assert!(Held::by(&[Some("a"), None], "b").is_empty());
/// assert_eq!(Held::by(&[Some("a"), Some("b")], "b").first(), Some(Side::North));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Held(u8);

impl Held {
    /// The players whose token (in the order of `tokens`, `None` for a computer's) is `token`:
    /// the one comparison of tokens, made in constant time.
    pub fn by(tokens: &[Option<&str>], token: &str) -> Held {
        Held(
            tokens
                .iter()
                .enumerate()
                .filter(|(_, k)| k.is_some_and(|k| tokens_match(token, k)))
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
    /// The kind of game.
    fn kind(&self) -> Kind;
    /// The computer's level, in a game against it.
    fn level(&self) -> Option<Level>;
    /// Whether the computer plays for `player`.
    fn computer_plays(&self, player: Self::Player) -> bool;
    /// Each player's token, by player (`None` for the computer's).
    fn tokens(&self) -> Vec<Option<&str>>;
    /// The unused invitation for `player`'s seat, in an online game.
    fn invite(&self, player: Self::Player) -> Option<&str>;
    /// The invited `player` took their seat: the invitation is used.
    fn seat_taken(&mut self, player: Self::Player);
    /// The name each player goes by in the record, by player.
    fn names(&self) -> Vec<String>;
    /// `player` goes by `name` online (none: by the seat's own name again).
    fn rename(&mut self, player: Self::Player, name: Option<String>);
    /// The player who resigned.
    fn resigned(&self) -> Option<Self::Player>;
    /// `player` resigns: the game is over.
    fn resign(&mut self, player: Self::Player);
    /// Whether `player` offered an online rematch that is not made yet.
    fn rematch_offered(&self, player: Self::Player) -> bool;
    /// `player` offers an online rematch.
    fn offer_rematch(&mut self, player: Self::Player);
    /// The id of the online rematch, once made.
    fn rematch_id(&self) -> Option<&str>;
    /// The online rematch `id` is made: the offers are taken up.
    fn rematch_made(&mut self, id: String);
    /// The settings of a rematch created at `now`: the same kind, level, rules and start, new
    /// tokens, every player one lower ([`in_rematch`]) when `swap` (always, online and in
    /// Mandiri); online, every seat taken and the names carried along.
    fn rematch(&self, swap: bool, now: u64) -> Result<Self, NoRandomness>;

    /// The players `token` holds.
    fn held_by(&self, token: &str) -> Held {
        Held::by(&self.tokens(), token)
    }

    /// Whether `player`'s seat waits for an invited friend.
    fn is_open(&self, player: Self::Player) -> bool {
        self.invite(player).is_some()
    }
}
