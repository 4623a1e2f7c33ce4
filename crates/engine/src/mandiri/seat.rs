//! Seats, players and the holes each seat owns (RULES.md 9.1), the turn order (rule M2) and the
//! order in which a seat's holes are filled (rule M8.4).

use crate::hole::Hole;
use crate::mandiri::rules::TurnOrder;
use core::fmt;
use core::ops::{Index, IndexMut};

/// Holes in each row of the Mandiri board.
pub(crate) const ROW: usize = 7;
/// Holes on the board.
pub(crate) const HOLES: usize = 2 * ROW;

/// A place at the board: the Raja in the centre, or one of the two ends.
///
/// ```
/// use rajapasu_engine::mandiri::Seat;
/// let s4: rajapasu_engine::Hole = "S4".parse().unwrap();
/// assert_eq!(Seat::owner(s4), Seat::C);
/// assert_eq!(Seat::owner("N1".parse().unwrap()), Seat::R);
/// assert_eq!(Seat::owner("N6".parse().unwrap()), Seat::L);
/// assert_eq!("R".parse::<Seat>().unwrap(), Seat::R);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Seat {
    /// The Raja, in the centre: S3 S4 S5 and N3 N4 N5.
    C = 0,
    /// The right end: S6 S7 N1 N2.
    R = 1,
    /// The left end: N6 N7 S1 S2.
    L = 2,
}

/// The owner of each board index (S1..S7, then N1..N7).
const OWNER: [Seat; HOLES] = {
    use Seat::{C, L, R};
    [L, L, C, C, C, R, R, R, R, C, C, C, L, L]
};

/// Board indices of each seat's holes in the order they are filled (rule M8.4): the last ones
/// are the first to close.
const FILL: [&[usize]; 3] = [
    &[4, 11, 3, 10, 2, 9], // C: S5 N5 S4 N4 S3 N3
    &[8, 7, 6, 5],         // R: N2 N1 S7 S6
    &[1, 0, 13, 12],       // L: S2 S1 N7 N6
];

impl Seat {
    /// The three seats, in the order C, R, L.
    pub const ALL: [Seat; 3] = [Seat::C, Seat::R, Seat::L];

    /// 0, 1, 2 for C, R, L.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// `C`, `R` or `L`.
    pub const fn letter(self) -> char {
        match self {
            Seat::C => 'C',
            Seat::R => 'R',
            Seat::L => 'L',
        }
    }

    /// The seat owning `hole` (holes past N7 or S7 are not on the Mandiri board: `None`).
    pub fn try_owner(hole: Hole) -> Option<Seat> {
        (hole.number() as usize <= ROW).then(|| OWNER[hole.index(ROW)])
    }

    /// The seat owning `hole`.
    ///
    /// # Panics
    /// If the hole is not on the Mandiri board (numbers 1 to 7).
    pub fn owner(hole: Hole) -> Seat {
        Seat::try_owner(hole).expect("a hole of the 2 x 7 board")
    }

    /// The owner of board index `i`.
    #[inline(always)]
    pub(crate) fn of_index(i: usize) -> Seat {
        OWNER[i]
    }

    /// The seat's holes as board indices, in filling order.
    #[inline]
    pub(crate) fn fill_order(self) -> &'static [usize] {
        FILL[self.index()]
    }

    /// The seat's holes, in board order (S1..S7, N1..N7).
    pub fn holes(self) -> impl Iterator<Item = Hole> {
        (0..HOLES)
            .filter(move |&i| OWNER[i] == self)
            .map(|i| Hole::from_index(i, ROW))
    }

    /// Every hole of the Mandiri board, in board order (S1..S7, N1..N7).
    ///
    /// ```
    /// use rajapasu_engine::mandiri::Seat;
    /// let holes: Vec<String> = Seat::board_holes().map(|h| h.to_string()).collect();
    /// assert_eq!(holes.len(), 14);
    /// assert_eq!((holes[0].as_str(), holes[13].as_str()), ("S1", "N7"));
    /// ```
    pub fn board_holes() -> impl Iterator<Item = Hole> {
        (0..HOLES).map(|i| Hole::from_index(i, ROW))
    }

    /// The seat that plays after this one.
    ///
    /// ```
    /// use rajapasu_engine::mandiri::{Seat, TurnOrder};
    /// assert_eq!(Seat::C.next(TurnOrder::Anticlockwise), Seat::R);
    /// assert_eq!(Seat::C.next(TurnOrder::Clockwise), Seat::L);
    /// ```
    #[inline]
    pub const fn next(self, order: TurnOrder) -> Seat {
        match (order, self) {
            (TurnOrder::Anticlockwise, Seat::C) | (TurnOrder::Clockwise, Seat::L) => Seat::R,
            (TurnOrder::Anticlockwise, Seat::R) | (TurnOrder::Clockwise, Seat::C) => Seat::L,
            (TurnOrder::Anticlockwise, Seat::L) | (TurnOrder::Clockwise, Seat::R) => Seat::C,
        }
    }

    /// The seat for a letter `C`, `R` or `L` (either case).
    pub fn from_letter(c: char) -> Option<Seat> {
        match c.to_ascii_uppercase() {
            'C' => Some(Seat::C),
            'R' => Some(Seat::R),
            'L' => Some(Seat::L),
            _ => None,
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// Why a seat name was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSeatError(pub String);

impl fmt::Display for ParseSeatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` is not a seat (expected C, R or L)", self.0)
    }
}

impl std::error::Error for ParseSeatError {}

impl core::str::FromStr for Seat {
    type Err = ParseSeatError;
    fn from_str(s: &str) -> Result<Seat, ParseSeatError> {
        let mut chars = s.trim().chars();
        match (chars.next().and_then(Seat::from_letter), chars.next()) {
            (Some(seat), None) => Ok(seat),
            _ => Err(ParseSeatError(s.to_string())),
        }
    }
}

/// A value for each seat, indexed by [`Seat`], listed C, R, L.
///
/// ```
/// use rajapasu_engine::mandiri::{BySeat, Seat};
/// let mut captured = BySeat([0u16; 3]);
/// captured[Seat::R] += 4;
/// assert_eq!(captured.0, [0, 4, 0]);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct BySeat<T>(pub [T; 3]);

impl<T> Index<Seat> for BySeat<T> {
    type Output = T;
    #[inline(always)]
    fn index(&self, seat: Seat) -> &T {
        &self.0[seat.index()]
    }
}

impl<T> IndexMut<Seat> for BySeat<T> {
    #[inline(always)]
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        &mut self.0[seat.index()]
    }
}

/// A person at the board, numbered 1 to 3. Player 1 is the first Raja; players 2 and 3 start
/// in R and L. Players keep their number when they move seats.
///
/// ```
/// use rajapasu_engine::mandiri::Player;
/// assert_eq!(Player::new(2).unwrap().to_string(), "2");
/// assert!(Player::new(4).is_none());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Player(u8);

impl Player {
    /// The three players, 1 first.
    pub const ALL: [Player; 3] = [Player(0), Player(1), Player(2)];

    /// Player `number` (1 to 3).
    pub const fn new(number: u8) -> Option<Player> {
        if number >= 1 && number <= 3 {
            Some(Player(number - 1))
        } else {
            None
        }
    }

    /// The number, 1 to 3.
    pub const fn number(self) -> u8 {
        self.0 + 1
    }

    /// 0 to 2.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

/// A set of players: the winners of a round (a tie shares it) or of a match (a drawn match is
/// shared by the players still in).
///
/// ```
/// use rajapasu_engine::mandiri::{Player, Players};
/// let p1 = Player::new(1).unwrap();
/// let p3 = Player::new(3).unwrap();
/// let both = Players::EMPTY.with(p1).with(p3);
/// assert!(both.contains(p3) && !both.contains(Player::new(2).unwrap()));
/// assert_eq!(both.to_string(), "1,3");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Players(u8);

impl Players {
    /// Nobody.
    pub const EMPTY: Players = Players(0);

    /// This set and `p`.
    pub const fn with(self, p: Player) -> Players {
        Players(self.0 | 1 << p.0)
    }

    /// Whether `p` is in the set.
    pub const fn contains(self, p: Player) -> bool {
        self.0 & 1 << p.0 != 0
    }

    /// How many players.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The players, 1 first.
    pub fn iter(self) -> impl Iterator<Item = Player> {
        Player::ALL.into_iter().filter(move |&p| self.contains(p))
    }
}

impl fmt::Display for Players {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<String> = self.iter().map(|p| p.to_string()).collect();
        f.write_str(&names.join(","))
    }
}

/// A player is written as its number, 1 to 3, as everywhere players are named.
#[cfg(feature = "serde")]
impl serde::Serialize for Player {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(self.number())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Player {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Player, D::Error> {
        let n = <u8 as serde::Deserialize>::deserialize(d)?;
        Player::new(n).ok_or_else(|| {
            serde::de::Error::custom(format_args!("no player {n}: players are 1 to 3"))
        })
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Players {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_own_the_holes_of_rules_9_1() {
        let names = |seat: Seat| seat.holes().map(|h| h.to_string()).collect::<Vec<_>>();
        assert_eq!(names(Seat::C), ["S3", "S4", "S5", "N3", "N4", "N5"]);
        assert_eq!(names(Seat::R), ["S6", "S7", "N1", "N2"]);
        assert_eq!(names(Seat::L), ["S1", "S2", "N6", "N7"]);
        for seat in Seat::ALL {
            let mut fill = seat.fill_order().to_vec();
            fill.sort_unstable();
            let mut own: Vec<usize> = seat.holes().map(|h| h.index(ROW)).collect();
            own.sort_unstable();
            assert_eq!(fill, own);
        }
    }

    #[test]
    fn both_turn_orders_visit_every_seat() {
        for order in [TurnOrder::Anticlockwise, TurnOrder::Clockwise] {
            let a = Seat::C.next(order);
            let b = a.next(order);
            assert_ne!(a, b);
            assert_eq!(b.next(order), Seat::C);
        }
    }
}
