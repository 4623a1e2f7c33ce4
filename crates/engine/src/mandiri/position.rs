//! The three-seat position: the board, the captures of the round by seat, who sits where, each
//! player's reserve, the Raja's office, and the seat to move. Moves (rule M3) and passing
//! (rule M2); the sowing is the two-player game's, through [`Sowing`].

use crate::hole::Hole;
use crate::mandiri::rules::Rules;
use crate::mandiri::seat::{BySeat, Player, Seat, HOLES, ROW};
use crate::position::link_open;
use crate::rules::{Rules as TwoRules, MAX_HOLES};
use crate::sow::Sowing;
use crate::trace::Tracer as SowTracer;
use core::fmt;

/// Counters in the game, as every Mandiri position keeps (rule M12).
pub const TOTAL: u32 = 98;
/// Counters a hole is filled with.
pub(crate) const PER_HOLE: u32 = 7;

/// A debt taken under `borrow=on` (rule M11): `amount` counters owed to `lender`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Debt {
    /// Who lent the counters.
    pub lender: Player,
    /// Counters still owed.
    pub amount: u16,
}

/// Why a Mandiri position is not valid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// A row does not have 7 holes.
    RowLength {
        /// `'S'` or `'N'`.
        row: char,
        /// Holes given.
        found: usize,
    },
    /// A seat's closed holes are not the last ones of its filling order (rule M8.4).
    ClosedHoleMisplaced(Hole),
    /// The seat of a player still in the match has no open hole.
    NoOpenHole(Seat),
    /// The seat of a player who is out has an open hole.
    OutSeatOpen(Seat),
    /// Seats are not held by players 1, 2 and 3, one each.
    Seating,
    /// Nobody is still in the match, or the Raja is out.
    RajaOut,
    /// A count too large.
    TooLarge(&'static str),
    /// The counters do not add up to 98.
    WrongTotal {
        /// Counters found.
        found: u64,
    },
    /// The Raja's rounds in office are not between 1 and the rule set's term.
    Office {
        /// Rounds given.
        found: u32,
        /// The term.
        term: u8,
    },
    /// Round 0.
    RoundZero,
    /// The seat to move has no counters while another seat has: it would have passed.
    MustPass(Seat),
    /// A player owes themselves.
    SelfDebt(Player),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use PositionError as E;
        match self {
            E::RowLength { row, found } => write!(f, "row {row} has {found} holes; Mandiri has 7"),
            E::ClosedHoleMisplaced(h) => write!(
                f,
                "hole {h} is open, but a hole its seat fills earlier is closed (rule M8.4)"
            ),
            E::NoOpenHole(s) => write!(f, "seat {s} holds a player still in, but no open hole"),
            E::OutSeatOpen(s) => {
                write!(f, "seat {s} holds a player who is out, but has open holes")
            }
            E::Seating => f.write_str("the seats must hold players 1, 2 and 3, one each"),
            E::RajaOut => f.write_str("the Raja's seat C must hold a player still in the match"),
            E::TooLarge(what) => write!(f, "{what} is too large"),
            E::WrongTotal { found } => write!(
                f,
                "holes, captures and reserves hold {found} counters; Mandiri has {TOTAL}"
            ),
            E::Office { found, term } => write!(
                f,
                "the Raja has been in office {found} rounds; this rule set allows 1 to {term}"
            ),
            E::RoundZero => f.write_str("rounds are numbered from 1"),
            E::MustPass(s) => write!(
                f,
                "seat {s} is to move but has no counters while another seat has: it passes"
            ),
            E::SelfDebt(p) => write!(f, "player {p} cannot owe themselves"),
        }
    }
}

impl std::error::Error for PositionError {}

/// Why a Mandiri move cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    /// The hole is not on the 2 x 7 board.
    NoSuchHole(Hole),
    /// The hole belongs to another seat.
    NotYours {
        /// The hole.
        hole: Hole,
        /// The seat to move.
        seat: Seat,
    },
    /// The hole is closed for this round.
    Closed(Hole),
    /// The hole is empty.
    Empty(Hole),
    /// The game is over.
    GameOver,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMove::NoSuchHole(h) => {
                write!(f, "illegal move {h}: holes are numbered 1 to 7")
            }
            IllegalMove::NotYours { hole, seat } => write!(
                f,
                "illegal move: hole {hole} belongs to seat {}, and seat {seat} is to move",
                Seat::owner(*hole)
            ),
            IllegalMove::Closed(h) => {
                write!(f, "illegal move: hole {h} is closed this round")
            }
            IllegalMove::Empty(h) => write!(f, "illegal move: hole {h} is empty"),
            IllegalMove::GameOver => f.write_str("illegal move: the game is over"),
        }
    }
}

impl std::error::Error for IllegalMove {}

/// A Mandiri position as given, not yet checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The rule set.
    pub rules: Rules,
    /// The board in board order S1..S7, N1..N7; `None` is a closed hole.
    pub holes: Vec<Option<u32>>,
    /// The seat to move.
    pub to_move: Seat,
    /// Each seat's captures in this round.
    pub captured: BySeat<u32>,
    /// Who sits in each seat.
    pub seats: BySeat<Player>,
    /// Players who are out of the match, by player index.
    pub out: [bool; 3],
    /// Each player's reserve, by player index (a player who is out keeps their holdings here).
    pub reserve: [u32; 3],
    /// Each player's debt (rule M11), by player index.
    pub debts: [Option<Debt>; 3],
    /// Rounds the Raja has been in office, this one included.
    pub office: u32,
    /// The round number, from 1.
    pub round: u32,
}

impl Setup {
    /// The start of a match (rule M1): 7 in every hole, player 1 the Raja, to move.
    pub fn start(rules: Rules) -> Setup {
        Setup {
            rules,
            holes: vec![Some(PER_HOLE); HOLES],
            to_move: Seat::C,
            captured: BySeat::default(),
            seats: BySeat(Player::ALL),
            out: [false; 3],
            reserve: [0; 3],
            debts: [None; 3],
            office: 1,
            round: 1,
        }
    }
}

/// A valid Mandiri position.
///
/// ```
/// use rajapasu_engine::mandiri::{Position, Rules, Seat};
/// let mut pos = Position::start(Rules::default());
/// assert_eq!(pos.to_move(), Seat::C);
/// assert_eq!(pos.legal_moves().len(), 6);
/// pos.try_play("S4".parse().unwrap()).unwrap();
/// assert_eq!(pos.to_move(), Seat::R);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    pub(crate) board: [u8; MAX_HOLES],
    next: [u8; MAX_HOLES],
    pub(crate) open: u32,
    pub(crate) captured: BySeat<u16>,
    pub(crate) to_move: Seat,
    pub(crate) seats: BySeat<Player>,
    pub(crate) out: [bool; 3],
    pub(crate) reserve: [u16; 3],
    pub(crate) debts: [Option<Debt>; 3],
    pub(crate) office: u8,
    pub(crate) round: u16,
    pub(crate) rules: Rules,
    sow_rules: TwoRules,
}

impl Position {
    /// The start of a match.
    pub fn start(rules: Rules) -> Position {
        Position::from_setup(Setup::start(rules)).expect("the start is valid")
    }

    /// Checks a setup and builds the position.
    pub fn from_setup(s: Setup) -> Result<Position, PositionError> {
        use PositionError as E;
        if s.holes.len() != HOLES {
            let (row, found) = if s.holes.len() < ROW {
                ('S', s.holes.len())
            } else {
                ('N', s.holes.len() - ROW)
            };
            return Err(E::RowLength { row, found });
        }
        let mut seen = [false; 3];
        for p in s.seats.0 {
            if std::mem::replace(&mut seen[p.index()], true) {
                return Err(E::Seating);
            }
        }
        if s.out[s.seats[Seat::C].index()] {
            return Err(E::RajaOut);
        }
        let mut board = [0u8; MAX_HOLES];
        let mut open = 0u32;
        let mut total: u64 = 0;
        for (i, h) in s.holes.iter().enumerate() {
            if let Some(c) = *h {
                if c > TOTAL {
                    return Err(E::TooLarge("a hole's count"));
                }
                board[i] = c as u8;
                open |= 1 << i;
                total += u64::from(c);
            }
        }
        for seat in Seat::ALL {
            let order = seat.fill_order();
            let filled = order.iter().take_while(|&&i| open & (1 << i) != 0).count();
            if let Some(&i) = order[filled..].iter().find(|&&i| open & (1 << i) != 0) {
                return Err(E::ClosedHoleMisplaced(Hole::from_index(i, ROW)));
            }
            match (s.out[s.seats[seat].index()], filled) {
                (false, 0) => return Err(E::NoOpenHole(seat)),
                (true, n) if n > 0 => return Err(E::OutSeatOpen(seat)),
                _ => {}
            }
        }
        for (p, d) in s.debts.iter().enumerate() {
            if let Some(d) = d {
                if d.lender.index() == p {
                    return Err(E::SelfDebt(d.lender));
                }
            }
        }
        total += s
            .captured
            .0
            .iter()
            .chain(&s.reserve)
            .map(|&c| u64::from(c))
            .sum::<u64>();
        if total != u64::from(TOTAL) {
            return Err(E::WrongTotal { found: total });
        }
        if s.office == 0 || s.office > u32::from(s.rules.term) {
            return Err(E::Office {
                found: s.office,
                term: s.rules.term,
            });
        }
        if s.round == 0 {
            return Err(E::RoundZero);
        }
        let round = u16::try_from(s.round).map_err(|_| E::TooLarge("round"))?;
        let pos = Position {
            board,
            next: link_open(open, HOLES),
            open,
            captured: BySeat(s.captured.0.map(|c| c as u16)),
            to_move: s.to_move,
            seats: s.seats,
            out: s.out,
            reserve: s.reserve.map(|r| r as u16),
            debts: s.debts,
            office: s.office as u8,
            round,
            rules: s.rules,
            sow_rules: s.rules.sowing(),
        };
        if !pos.seat_has_move(pos.to_move) && pos.on_board() > 0 {
            return Err(E::MustPass(pos.to_move));
        }
        Ok(pos)
    }

    /// The position as a raw setup.
    pub fn to_setup(&self) -> Setup {
        Setup {
            rules: self.rules,
            holes: (0..HOLES)
                .map(|i| (self.open & (1 << i) != 0).then_some(u32::from(self.board[i])))
                .collect(),
            to_move: self.to_move,
            captured: BySeat(self.captured.0.map(u32::from)),
            seats: self.seats,
            out: self.out,
            reserve: self.reserve.map(u32::from),
            debts: self.debts,
            office: self.office.into(),
            round: self.round.into(),
        }
    }

    /// The rule set.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The seat to move.
    pub fn to_move(&self) -> Seat {
        self.to_move
    }

    /// Who sits in `seat`.
    pub fn player(&self, seat: Seat) -> Player {
        self.seats[seat]
    }

    /// The seat of `player`.
    pub fn seat_of(&self, player: Player) -> Seat {
        Seat::ALL
            .into_iter()
            .find(|&s| self.seats[s] == player)
            .expect("every player has a seat")
    }

    /// Whether `player` is out of the match.
    pub fn is_out(&self, player: Player) -> bool {
        self.out[player.index()]
    }

    /// Counters `seat` captured in this round.
    pub fn captured(&self, seat: Seat) -> u32 {
        self.captured[seat].into()
    }

    /// `player`'s reserve (for a player who is out: everything they hold).
    pub fn reserve(&self, player: Player) -> u32 {
        self.reserve[player.index()].into()
    }

    /// What `player` owes under `borrow=on`.
    pub fn debt(&self, player: Player) -> Option<Debt> {
        self.debts[player.index()]
    }

    /// Rounds the Raja has been in office, this one included.
    pub fn office(&self) -> u32 {
        self.office.into()
    }

    /// The round number, from 1.
    pub fn round(&self) -> u32 {
        self.round.into()
    }

    /// Counters in `hole`, `None` if it is closed or off the board.
    pub fn count(&self, hole: Hole) -> Option<u8> {
        if hole.number() as usize > ROW {
            return None;
        }
        let i = hole.index(ROW);
        (self.open & (1 << i) != 0).then_some(self.board[i])
    }

    /// The hole counts S1..S7, N1..N7 (a closed hole counts 0).
    pub fn counts(&self) -> &[u8] {
        &self.board[..HOLES]
    }

    /// Counters on the board.
    pub fn on_board(&self) -> u32 {
        self.counts().iter().map(|&c| u32::from(c)).sum()
    }

    /// Whether `seat` has counters in its holes (its open holes: closed ones are empty).
    #[inline]
    pub fn seat_has_move(&self, seat: Seat) -> bool {
        (0..HOLES).any(|i| self.board[i] != 0 && Seat::of_index(i) == seat)
    }

    /// The seats whose players are still in the match, in the order C, R, L.
    pub fn seats_in_play(&self) -> impl Iterator<Item = Seat> + '_ {
        Seat::ALL
            .into_iter()
            .filter(|&s| !self.out[self.seats[s].index()])
    }

    /// The moves of the seat to move, in board order (S1..S7, N1..N7).
    pub fn legal_moves(&self) -> Vec<Hole> {
        (0..HOLES)
            .filter(|&i| self.board[i] != 0 && Seat::of_index(i) == self.to_move)
            .map(|i| Hole::from_index(i, ROW))
            .collect()
    }

    /// Checks that the seat to move may lift `hole`.
    pub fn check_move(&self, hole: Hole) -> Result<(), IllegalMove> {
        let seat = Seat::try_owner(hole).ok_or(IllegalMove::NoSuchHole(hole))?;
        if seat != self.to_move {
            return Err(IllegalMove::NotYours {
                hole,
                seat: self.to_move,
            });
        }
        match self.count(hole) {
            None => Err(IllegalMove::Closed(hole)),
            Some(0) => Err(IllegalMove::Empty(hole)),
            Some(_) => Ok(()),
        }
    }

    /// Plays `hole` if it is legal. Round ends are the [`crate::mandiri::Game`]'s
    /// business.
    pub fn try_play(&mut self, hole: Hole) -> Result<(), IllegalMove> {
        self.check_move(hole)?;
        self.play_traced(hole, &mut ());
        Ok(())
    }

    /// Plays a legal move, reporting the sowing to `tracer`, and hands the turn to the next
    /// seat that has counters (rule M2; the others pass).
    ///
    /// # Panics
    /// If the move is illegal.
    pub fn play_traced<T: SowTracer<Seat>>(&mut self, hole: Hole, tracer: &mut T) {
        assert!(self.check_move(hole).is_ok(), "illegal move {hole}");
        self.sow(hole.index(ROW), tracer);
        self.pass_turn();
    }

    /// Gives the turn to the next seat in turn order that has a move. If no seat has one the
    /// board is empty and the round is over; the turn then simply goes to the next seat.
    fn pass_turn(&mut self) {
        let order = self.rules.order;
        let mut seat = self.to_move.next(order);
        for _ in 0..3 {
            if self.seat_has_move(seat) {
                self.to_move = seat;
                return;
            }
            seat = seat.next(order);
        }
        self.to_move = self.to_move.next(order);
    }

    /// Links the open holes again after a refill.
    pub(crate) fn link(&mut self) {
        self.next = link_open(self.open, HOLES);
    }
}

impl Sowing for Position {
    type Seat = Seat;
    type Captures = BySeat<u16>;

    #[inline(always)]
    fn board(&self) -> &[u8; MAX_HOLES] {
        &self.board
    }
    #[inline(always)]
    fn board_mut(&mut self) -> &mut [u8; MAX_HOLES] {
        &mut self.board
    }
    #[inline(always)]
    fn next_open(&self, i: usize) -> usize {
        self.next[i] as usize
    }
    #[inline(always)]
    fn sow_rules(&self) -> &TwoRules {
        &self.sow_rules
    }
    #[inline(always)]
    fn mover(&self) -> Seat {
        self.to_move
    }
    #[inline(always)]
    fn owner(&self, i: usize) -> Seat {
        Seat::of_index(i)
    }
    #[inline(always)]
    fn hole_at(&self, i: usize) -> Hole {
        Hole::from_index(i, ROW)
    }
    #[inline(always)]
    fn captures_mut(&mut self) -> &mut BySeat<u16> {
        &mut self.captured
    }
}
