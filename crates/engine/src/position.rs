//! Positions: the board, captures, reserves, side to move and round number. The start (rule 2),
//! the legal moves (rule 3), the turn passing after a move (rule 7) and the counter total that
//! every valid position keeps (rule 11).

use crate::by_side::BySide;
use crate::hole::{Hole, Move, MoveList};
use crate::rules::{ClosedEnd, Endless, Rules, MAX_HOLES};
use crate::side::Side;
use crate::sow::Sowing;
use crate::zobrist;
use core::fmt;

/// A position as given, not yet checked: what a parser or a UI builds before validation.
///
/// ```
/// use rajapasu_engine::{Position, Rules, Setup, Side};
/// let mut setup = Setup::start(Rules::default());
/// setup.holes[Side::South][0] = Some(8); // one counter too many
/// assert!(Position::from_setup(setup).is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The rule set.
    pub rules: Rules,
    /// Each row in hole order; `None` is a closed hole.
    pub holes: BySide<Vec<Option<u32>>>,
    /// The player to move.
    pub to_move: Side,
    /// Counters captured in the current round.
    pub captured: BySide<u32>,
    /// Counters carried over from earlier rounds.
    pub reserve: BySide<u32>,
    /// The round number, from 1.
    pub round: u32,
}

impl Setup {
    /// The start of a match under `rules`.
    pub fn start(rules: Rules) -> Setup {
        let row = vec![Some(rules.counters()); rules.holes()];
        Setup {
            rules,
            holes: BySide::new(row.clone(), row),
            to_move: Side::South,
            captured: BySide::default(),
            reserve: BySide::default(),
            round: 1,
        }
    }
}

/// Why a [`Setup`] is not a valid position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// A row has the wrong number of holes for the rule set.
    RowLength {
        /// The row.
        side: Side,
        /// Holes given.
        found: usize,
        /// Holes the rule set has.
        expected: usize,
    },
    /// Every hole of a row is closed.
    NoOpenHole(Side),
    /// A closed hole stands where the rule set keeps holes open.
    ClosedHoleMisplaced(Hole),
    /// A number too large for the rule set's board.
    TooLarge(&'static str),
    /// The counters do not add up to the rule set's total.
    WrongTotal {
        /// Counters found in holes, captures and reserves.
        found: u64,
        /// The rule set's total.
        expected: u32,
    },
    /// Round 0: rounds count from 1.
    RoundZero,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::RowLength {
                side,
                found,
                expected,
            } => write!(
                f,
                "{side}'s row has {found} holes; this rule set has {expected}"
            ),
            PositionError::NoOpenHole(side) => write!(f, "every hole of {side}'s row is closed"),
            PositionError::ClosedHoleMisplaced(h) => write!(
                f,
                "hole {h} is closed, but closed holes must be at the rule set's closed end of the row"
            ),
            PositionError::TooLarge(what) => write!(f, "{what} is too large"),
            PositionError::WrongTotal { found, expected } => write!(
                f,
                "holes, captures and reserves hold {found} counters; the rule set has {expected}"
            ),
            PositionError::RoundZero => f.write_str("rounds are numbered from 1"),
        }
    }
}

impl std::error::Error for PositionError {}

/// Why a move cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    /// The row has no such hole.
    NoSuchHole {
        /// The move.
        mv: Move,
        /// Holes in a row.
        holes: usize,
    },
    /// The hole is closed for this round.
    Closed(Hole),
    /// The hole is empty.
    Empty(Hole),
    /// The sowing would never end, and the rule set forbids such moves.
    Endless(Hole),
    /// The game is over.
    GameOver,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMove::NoSuchHole { mv, holes } => {
                write!(f, "illegal move {mv}: holes are numbered 1 to {holes}")
            }
            IllegalMove::Closed(h) => write!(f, "illegal move: hole {h} is closed this round"),
            IllegalMove::Empty(h) => write!(f, "illegal move: hole {h} is empty"),
            IllegalMove::Endless(h) => write!(
                f,
                "illegal move: sowing from {h} would never end, and this rule set forbids it"
            ),
            IllegalMove::GameOver => f.write_str("illegal move: the game is over"),
        }
    }
}

impl std::error::Error for IllegalMove {}

/// A valid position: every invariant of the rule set holds.
///
/// A position knows nothing of the positions before it; [`crate::Game`] adds the history that
/// rounds and repetitions need. The start of a match:
///
/// ```
/// use rajapasu_engine::{Position, Rules, Side};
/// let pos = Position::start(Rules::default());
/// assert_eq!(pos.to_move(), Side::South);
/// assert_eq!(pos.legal_moves().len(), 7);
/// assert_eq!(pos.to_string(), "7,7,7,7,7,7,7/7,7,7,7,7,7,7 S 0 0");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Position {
    pub(crate) board: [u8; MAX_HOLES],
    /// The next open hole after each open hole, anticlockwise. Derived from `open`, kept because
    /// sowing follows it at every drop.
    pub(crate) next: [u8; MAX_HOLES],
    pub(crate) open: u32,
    pub(crate) captured: BySide<u16>,
    pub(crate) reserve: BySide<u16>,
    pub(crate) to_move: Side,
    pub(crate) round: u16,
    pub(crate) rules: Rules,
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.board == other.board
            && self.open == other.open
            && self.captured == other.captured
            && self.reserve == other.reserve
            && self.to_move == other.to_move
            && self.round == other.round
            && self.rules == other.rules
    }
}

impl Eq for Position {}

impl Position {
    /// The start of round 1 under `rules`.
    pub fn start(rules: Rules) -> Position {
        Position::from_setup(Setup::start(rules)).expect("the start position is valid")
    }

    /// Checks a setup and builds the position.
    pub fn from_setup(setup: Setup) -> Result<Position, PositionError> {
        let rules = setup.rules;
        let n = rules.holes();
        let mut board = [0u8; MAX_HOLES];
        let mut open = 0u32;
        let mut total: u64 = 0;
        for side in Side::ALL {
            let row = &setup.holes[side];
            if row.len() != n {
                return Err(PositionError::RowLength {
                    side,
                    found: row.len(),
                    expected: n,
                });
            }
            if row.iter().all(Option::is_none) {
                return Err(PositionError::NoOpenHole(side));
            }
            for (k, hole) in row.iter().enumerate() {
                let i = side.index() * n + k;
                if let Some(c) = *hole {
                    if c > rules.total() {
                        return Err(PositionError::TooLarge("a hole's count"));
                    }
                    board[i] = c as u8;
                    open |= 1 << i;
                    total += u64::from(c);
                }
            }
            // Closed holes must form one block at the closed end: the open ones are contiguous
            // and touch the other end.
            let open_run = |k: usize| row[k].is_some();
            let misplaced = match rules.closed {
                ClosedEnd::Left => (1..n).find(|&k| open_run(k - 1) && !open_run(k)),
                ClosedEnd::Right => (1..n).rev().find(|&k| open_run(k) && !open_run(k - 1)),
            };
            if let Some(k) = misplaced {
                let k = if rules.closed == ClosedEnd::Left {
                    k
                } else {
                    k - 1
                };
                return Err(PositionError::ClosedHoleMisplaced(
                    Hole::new(side, k as u8 + 1).expect("hole in range"),
                ));
            }
        }
        for v in setup.captured.iter().chain(&setup.reserve) {
            total += u64::from(*v);
        }
        if total != u64::from(rules.total()) {
            return Err(PositionError::WrongTotal {
                found: total,
                expected: rules.total(),
            });
        }
        if setup.round == 0 {
            return Err(PositionError::RoundZero);
        }
        let round = u16::try_from(setup.round).map_err(|_| PositionError::TooLarge("round"))?;
        let mut pos = Position {
            board,
            next: [0; MAX_HOLES],
            open,
            // The total check above bounds both by MAX_TOTAL.
            captured: setup.captured.map(|c| c as u16),
            reserve: setup.reserve.map(|r| r as u16),
            to_move: setup.to_move,
            round,
            rules,
        };
        pos.link_open_holes();
        Ok(pos)
    }

    /// The position as a raw setup.
    pub fn to_setup(&self) -> Setup {
        let row = |side: Side| {
            (1..=self.rules.holes() as u8)
                .map(|k| self.count(Hole::new(side, k).expect("hole in range")))
                .map(|c| c.map(u32::from))
                .collect()
        };
        Setup {
            rules: self.rules,
            holes: BySide::from_fn(row),
            to_move: self.to_move,
            captured: self.captured.map(u32::from),
            reserve: self.reserve.map(u32::from),
            round: self.round.into(),
        }
    }

    pub(crate) fn link_open_holes(&mut self) {
        self.next = link_open(self.open, 2 * self.rules.holes());
    }

    /// The Zobrist hash of the hole counts, the closed holes and the side to move: exactly what
    /// the repetition rule compares. It is computed on demand, one table look-up per hole: the
    /// playout loop never needs it, and keeping it up to date at every drop cost more than
    /// computing it once per search node.
    ///
    /// ```
    /// use rajapasu_engine::{Move, Position, Rules};
    /// let a: Position = "0,1,0,2,0,0,3/0,0,1,0,3,0,2 S 40 46".parse().unwrap();
    /// let b: Position = "0,1,0,2,0,0,3/0,0,1,0,3,0,2 S 45 41".parse().unwrap();
    /// let c: Position = "0,1,0,2,0,0,3/0,0,1,0,3,0,2 N 40 46".parse().unwrap();
    /// assert_eq!(a.hash(), b.hash()); // captures are not part of it
    /// assert_ne!(a.hash(), c.hash());
    /// ```
    pub fn hash(&self) -> u64 {
        let mut h = if self.to_move == Side::North {
            zobrist::NORTH_TO_MOVE
        } else {
            0
        };
        for i in 0..2 * self.rules.holes() {
            h ^= if self.open & (1 << i) != 0 {
                zobrist::COUNT[i][self.board[i] as usize]
            } else {
                zobrist::CLOSED[i]
            };
        }
        h
    }

    /// The rule set.
    #[inline]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The player to move.
    #[inline]
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// The round number, from 1.
    #[inline]
    pub fn round(&self) -> u32 {
        self.round.into()
    }

    /// Counters `side` captured in this round.
    #[inline]
    pub fn captured(&self, side: Side) -> u32 {
        self.captured[side].into()
    }

    /// How many more counters `side` captured in this round than the other side (negative:
    /// fewer). A move's worth to its mover is the change of this lead, since only captures
    /// change it and every capture is final within the round.
    ///
    /// ```
    /// use rajapasu_engine::{Position, Rules, Side};
    /// let pos = Position::from_code("0,0,0,0,0,1,0/0,2,0,0,0,0,0 S 60 35", Rules::default()).unwrap();
    /// assert_eq!(pos.lead(Side::South), 25);
    /// assert_eq!(pos.lead(Side::North), -25);
    /// ```
    #[inline]
    pub fn lead(&self, side: Side) -> i32 {
        self.captured(side) as i32 - self.captured(!side) as i32
    }

    /// Counters `side` carried over from earlier rounds.
    #[inline]
    pub fn reserve(&self, side: Side) -> u32 {
        self.reserve[side].into()
    }

    /// Counters in `hole`, or `None` if it is closed (or off this rule set's board).
    #[inline]
    pub fn count(&self, hole: Hole) -> Option<u8> {
        if hole.number() as usize > self.rules.holes() {
            return None;
        }
        let i = hole.index(self.rules.holes());
        (self.open & (1 << i) != 0).then_some(self.board[i])
    }

    /// A row's holes in hole order, `None` for closed holes.
    pub fn row(&self, side: Side) -> impl Iterator<Item = Option<u8>> + '_ {
        (1..=self.rules.holes() as u8).map(move |k| self.count(Hole::new(side, k).expect("hole")))
    }

    /// Counters on the board.
    pub fn on_board(&self) -> u32 {
        self.board.iter().map(|&c| u32::from(c)).sum()
    }

    /// Counters on `side`'s row.
    pub fn on_row(&self, side: Side) -> u32 {
        let n = self.rules.holes();
        self.board[side.index() * n..side.index() * n + n]
            .iter()
            .map(|&c| u32::from(c))
            .sum()
    }

    /// Open holes in `side`'s row.
    pub fn open_holes(&self, side: Side) -> u32 {
        self.open_mask(side).count_ones()
    }

    /// The open holes of `side`'s row as a bit set: bit `k` is hole `k + 1`.
    ///
    /// ```
    /// use rajapasu_engine::{Position, Side};
    /// let pos: Position = "7,7,7,7,7,7,7/x,x,7,7,7,7,7 S 0 0 14 0 2".parse().unwrap();
    /// assert_eq!(pos.open_mask(Side::South), 0b111_1111);
    /// assert_eq!(pos.open_mask(Side::North), 0b111_1100);
    /// ```
    #[inline]
    pub fn open_mask(&self, side: Side) -> u32 {
        let n = self.rules.holes();
        (self.open >> (side.index() * n)) & ((1 << n) - 1)
    }

    /// The moves of the player to move, in hole order. Under `endless=forbid` a move that would
    /// sow forever is left out.
    pub fn legal_moves(&self) -> MoveList {
        MoveList::from_mask(self.legal_mask())
    }

    /// The moves of [`Position::legal_moves`] as a bit set: bit `k` is hole `k + 1`.
    ///
    /// ```
    /// use rajapasu_engine::Position;
    /// let pos: Position = "0,1,0,2,0,0,3/0,0,1,0,3,0,2 S 40 46".parse().unwrap();
    /// assert_eq!(pos.legal_mask(), 0b100_1010);
    /// ```
    #[inline]
    pub fn legal_mask(&self) -> u32 {
        let mask = self.occupied_mask();
        if self.rules.endless == Endless::Forbid {
            self.without_endless(mask)
        } else {
            mask
        }
    }

    /// `moves` without those that would sow forever. Kept out of line: it sows every move, so
    /// inlining it would only make the common path longer.
    #[inline(never)]
    fn without_endless(&self, moves: u32) -> u32 {
        let mut kept = moves;
        let mut left = moves;
        while left != 0 {
            let k = left.trailing_zeros();
            left &= left - 1;
            if self.sows_forever(Move(k as u8 + 1)) {
                kept &= !(1 << k);
            }
        }
        kept
    }

    /// The non-empty holes of the player to move as a bit set: bit `k` is hole `k + 1`. Under
    /// `endless=forbid` some of them may still be illegal; see [`Position::legal_moves`].
    ///
    /// ```
    /// use rajapasu_engine::Position;
    /// let pos: Position = "0,1,0,2,0,0,3/0,0,1,0,3,0,2 S 40 46".parse().unwrap();
    /// assert_eq!(pos.occupied_mask(), 0b100_1010);
    /// ```
    #[inline]
    pub fn occupied_mask(&self) -> u32 {
        let n = self.rules.holes();
        let base = self.to_move.index() * n;
        // Eight holes at a time: a row of up to 8 is one word; a longer one (up to MAX_ROW) is
        // a second word that ends with the row, so neither read leaves the board.
        let word = |at: usize| {
            let bytes: [u8; 8] = self.board[at..at + 8].try_into().expect("8 holes");
            nonzero_bytes(u64::from_le_bytes(bytes))
        };
        let mask = if n <= 8 {
            word(base)
        } else {
            word(base) | word(base + n - 8) << (n - 8)
        };
        mask & ((1 << n) - 1)
    }

    /// Whether the player to move has a legal move.
    #[inline]
    pub fn has_moves(&self) -> bool {
        self.legal_mask() != 0
    }

    /// Checks that the player to move may play `mv`.
    pub fn check_move(&self, mv: Move) -> Result<(), IllegalMove> {
        let n = self.rules.holes();
        if mv.number() as usize > n {
            return Err(IllegalMove::NoSuchHole { mv, holes: n });
        }
        let hole = mv.hole(self.to_move);
        match self.count(hole) {
            None => Err(IllegalMove::Closed(hole)),
            Some(0) => Err(IllegalMove::Empty(hole)),
            Some(_) if self.rules.endless == Endless::Forbid && self.sows_forever(mv) => {
                Err(IllegalMove::Endless(hole))
            }
            Some(_) => Ok(()),
        }
    }

    fn sows_forever(&self, mv: Move) -> bool {
        let mut copy = *self;
        copy.sow(mv.hole(self.to_move).index(self.rules.holes()), &mut ())
    }

    /// Plays a legal move: sows and hands the turn over. Round ends are the [`crate::Game`]'s
    /// business.
    ///
    /// # Panics
    /// If the move is illegal; see [`Position::try_play`].
    #[inline]
    pub fn play(&mut self, mv: Move) {
        self.play_traced(mv, &mut ());
    }

    /// Plays `mv` if it is legal.
    ///
    /// ```
    /// use rajapasu_engine::{Move, Position, Rules, IllegalMove};
    /// let mut pos: Position = "0,1,0,2,0,0,3/0,0,1,0,3,0,2 S 40 46".parse().unwrap();
    /// assert!(matches!(pos.try_play(Move::new(1).unwrap()), Err(IllegalMove::Empty(_))));
    /// pos.try_play(Move::new(2).unwrap()).unwrap();
    /// assert_eq!(pos.to_string(), "0,0,1,0,1,1,0/1,1,2,0,0,0,2 N 43 46");
    /// ```
    pub fn try_play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        self.check_move(mv)?;
        self.play(mv);
        Ok(())
    }

    /// Plays a legal move and reports its events to `tracer`.
    ///
    /// # Panics
    /// If the move is illegal.
    #[inline]
    pub fn play_traced<T: crate::trace::Tracer<Side>>(&mut self, mv: Move, tracer: &mut T) {
        let n = self.rules.holes();
        assert!(
            mv.number() as usize <= n && self.board[mv.hole(self.to_move).index(n)] != 0,
            "illegal move {mv} in {self}"
        );
        self.play_checked(mv, tracer);
    }

    /// Plays `mv`, which the caller has checked is legal: sows and hands the turn over.
    #[inline(always)]
    pub(crate) fn play_checked<T: crate::trace::Tracer<Side>>(&mut self, mv: Move, tracer: &mut T) {
        self.sow(mv.hole(self.to_move).index(self.rules.holes()), tracer);
        self.to_move = !self.to_move;
    }

    /// The hole counts in board order: South's holes 1..n, then North's holes 1..n; a closed
    /// hole counts 0. This is the board that the repetition rule compares and that endgame
    /// tables index.
    ///
    /// ```
    /// use rajapasu_engine::Position;
    /// let pos: Position = "0,1,0,2,0,0,3/0,0,1,0,3,0,2 S 40 46".parse().unwrap();
    /// assert_eq!(pos.counts(), &[0, 1, 0, 2, 0, 0, 3, 0, 0, 1, 0, 3, 0, 2]);
    /// ```
    #[inline]
    pub fn counts(&self) -> &[u8] {
        &self.board[..2 * self.rules.holes()]
    }

    /// This position with other hole counts (in the order of [`Position::counts`]) and another
    /// player to move, for tools that enumerate the positions of a round (endgame tables). The
    /// rule set, closed holes, reserves and round stay; the counters that the new counts take off
    /// the board or put on it are given to or taken from South's captures, then North's.
    ///
    /// ```
    /// use rajapasu_engine::{Position, Side};
    /// let pos: Position = "0,1,0,2,0,0,3/0,0,1,0,3,0,2 S 40 46".parse().unwrap();
    /// let other = pos.with_board(&[1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2], Side::North).unwrap();
    /// assert_eq!(other.to_string(), "1,0,0,0,0,0,0/0,0,0,0,0,0,2 N 49 46");
    /// assert!(pos.with_board(&[1, 2], Side::South).is_err());
    /// ```
    pub fn with_board(&self, counts: &[u8], to_move: Side) -> Result<Position, PositionError> {
        let n = self.rules.holes();
        if counts.len() != 2 * n {
            let side = if counts.len() < n {
                Side::South
            } else {
                Side::North
            };
            return Err(PositionError::RowLength {
                side,
                found: counts.len().saturating_sub(side.index() * n),
                expected: n,
            });
        }
        let mut pos = *self;
        let mut total: u32 = 0;
        for (i, &c) in counts.iter().enumerate() {
            if self.open & (1 << i) == 0 {
                if c != 0 {
                    return Err(PositionError::ClosedHoleMisplaced(self.hole_at(i)));
                }
                continue;
            }
            pos.board[i] = c;
            total += u32::from(c);
        }
        let reserves = self.reserve.total();
        let off_board = i64::from(self.rules.total()) - i64::from(total) - i64::from(reserves);
        let north = i64::from(self.captured.north).min(off_board);
        if north < 0 {
            return Err(PositionError::WrongTotal {
                found: u64::from(total) + u64::from(reserves),
                expected: self.rules.total(),
            });
        }
        pos.captured = BySide::new((off_board - north) as u16, north as u16);
        pos.to_move = to_move;
        Ok(pos)
    }

    /// The hole at board index `i`.
    #[inline]
    pub(crate) fn hole_at(&self, i: usize) -> Hole {
        Hole::from_index(i, self.rules.holes())
    }

    /// The owner of the row of board index `i`.
    #[inline(always)]
    pub(crate) fn row_owner(&self, i: usize) -> Side {
        if i < self.rules.holes() {
            Side::South
        } else {
            Side::North
        }
    }
}

/// One bit for each non-zero byte of `x`: bit `k` for byte `k` (little-endian).
#[inline(always)]
fn nonzero_bytes(x: u64) -> u32 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // The top bit of each byte: set if its low seven bits are not all zero (the sum of two
    // bytes below 0x80 cannot carry into the next byte), or if it was set.
    let top = (((x & LOW7) + LOW7) | x) & HIGH;
    // Gather the eight top bits into the highest byte: byte k's bit lands at bit 56 + k, and no
    // two partial products share a bit, so nothing carries.
    ((top >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
}

/// The next open hole after each of the first `size` board indices, in sowing order; `open`
/// has bit `i` set for each open hole (at least one). Both games sow along these links.
pub(crate) fn link_open(open: u32, size: usize) -> [u8; MAX_HOLES] {
    let mut next = [0; MAX_HOLES];
    for (i, n) in next.iter_mut().enumerate().take(size) {
        let mut j = (i + 1) % size;
        while open & (1 << j) == 0 {
            j = (j + 1) % size;
        }
        *n = j as u8;
    }
    next
}

#[cfg(test)]
mod tests {
    use super::{nonzero_bytes, Position, Setup};
    use crate::{Rules, Side};

    #[test]
    fn occupied_mask_reads_every_row_length() {
        let mut state = 7u64;
        let mut random = |below: u32| {
            let (s, x) = crate::rng::splitmix64(state);
            state = s;
            (x % u64::from(below)) as u32
        };
        for holes in 2..=crate::rules::MAX_ROW as u32 {
            let rules = Rules::with_size(holes, 4).unwrap();
            for _ in 0..2_000 {
                let mut setup = Setup::start(rules);
                let mut left = rules.total();
                for side in Side::ALL {
                    for hole in setup.holes[side].iter_mut() {
                        // Mostly empty or small holes, sometimes a large one.
                        let c = match random(4) {
                            0 | 1 => 0,
                            2 => random(4),
                            _ => random(left + 1),
                        }
                        .min(left);
                        *hole = Some(c);
                        left -= c;
                    }
                }
                setup.captured = crate::BySide::new(left, 0);
                setup.to_move = if random(2) == 0 {
                    Side::South
                } else {
                    Side::North
                };
                let pos = Position::from_setup(setup).unwrap();
                let naive = pos
                    .row(pos.to_move())
                    .enumerate()
                    .fold(0, |m, (k, c)| m | u32::from(c.unwrap_or(0) != 0) << k);
                assert_eq!(pos.occupied_mask(), naive, "{pos}");
            }
        }
    }

    #[test]
    fn nonzero_bytes_marks_exactly_the_non_zero_bytes() {
        let naive =
            |x: u64| (0..8).fold(0u32, |m, k| m | u32::from((x >> (8 * k)) & 0xff != 0) << k);
        // Every byte value in every place, alone and over a background of other values.
        for k in 0..8 {
            for v in 0..=255u64 {
                for background in [0, 0x0101_0101_0101_0101, 0xff00_80ff_0001_7f80] {
                    let x = (background & !(0xff << (8 * k))) | v << (8 * k);
                    assert_eq!(nonzero_bytes(x), naive(x), "{x:#x}");
                }
            }
        }
        let mut state = 1u64;
        for _ in 0..100_000 {
            let (s, x) = crate::rng::splitmix64(state);
            state = s;
            // Sparse words too, with many zero bytes.
            let y = x & (x >> 3) & (x >> 7);
            assert_eq!(nonzero_bytes(x), naive(x), "{x:#x}");
            assert_eq!(nonzero_bytes(y), naive(y), "{y:#x}");
        }
    }
}
