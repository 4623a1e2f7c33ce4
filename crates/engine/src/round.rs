//! Refills between rounds: refilling and closing holes (rule 10), a player too poor to fill a
//! hole (decision 9). The board is cleared at a round's end (rule 8) by the sowing's
//! `clear_board`, which both games share. A round start of a match as a value ([`RoundStart`]:
//! South's holdings and the leader) and where a finished round leads ([`RoundOutcome`]).

use crate::by_side::BySide;
use crate::position::{Position, PositionError};
use crate::rules::{ClosedEnd, EmptyBoardLead, NextLeader, Rules, MAX_HOLES};
use crate::side::Side;
use crate::trace::RoundEnd;
use core::fmt;

impl Position {
    /// Sets up the next round from each player's holdings (rule 10): `Ok(holes filled)`, or
    /// `Err(winner)` if a player cannot fill a single hole.
    pub(crate) fn refill(&mut self, leader: Side) -> Result<BySide<u8>, Side> {
        let n = self.rules.holes();
        let per_hole = self.rules.counters();
        let holdings = self
            .reserve
            .zip(self.captured)
            .map(|(r, c)| u32::from(r + c));
        for (side, &held) in holdings.pairs() {
            if held < per_hole {
                return Err(!side);
            }
        }
        let mut board = [0u8; MAX_HOLES];
        let mut open = 0u32;
        let mut filled = BySide::default();
        for (side, &h) in holdings.pairs() {
            let k = (h / per_hole).min(n as u32) as usize;
            let first = match self.rules.closed {
                ClosedEnd::Left => n - k,
                ClosedEnd::Right => 0,
            };
            for j in first..first + k {
                let i = side.index() * n + j;
                board[i] = per_hole as u8;
                open |= 1 << i;
            }
            filled[side] = k as u8;
            self.reserve[side] = (h - per_hole * k as u32) as u16;
        }
        self.board = board;
        self.open = open;
        self.captured = BySide::default();
        self.to_move = leader;
        self.round += 1;
        self.link_open_holes();
        Ok(filled)
    }
}

/// The start of a round of a match that follows a refill: South's holdings and the leader.
/// Rule 10 derives everything else from them: the filled and closed holes and both reserves
/// ([`RoundStart::position`]). It is also what decision 11 compares, since the holdings fix the
/// board and the reserves. Under a rule set there are `2 * (total - 2 * counters + 1)` of them
/// (170 under the canonical rules): each player holds at least one hole's worth, or the match
/// would be over.
///
/// ```
/// use rajapasu_engine::{RoundStart, Rules, Side};
/// // The second round of RULES.md's Example 6: South holds 63 and leads.
/// let start = RoundStart::new(Rules::default(), 63, Side::South).unwrap();
/// let pos = start.position(2).unwrap();
/// assert_eq!(pos.to_string(), "7,7,7,7,7,7,7/x,x,7,7,7,7,7 S 0 0 14 0 2");
/// assert_eq!(start.north(), 35);
/// assert_eq!(RoundStart::all(Rules::default()).count(), 170);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RoundStart {
    rules: Rules,
    south: u16,
    leader: Side,
}

/// Why holdings are not a round start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoundStartError {
    /// A player would hold less than one hole's worth: the match would be over (rule 10.1).
    Holdings {
        /// South's holdings asked for.
        south: u32,
        /// The least South can hold at a round start: one hole's worth.
        least: u32,
        /// The most South can hold: the total less North's hole's worth.
        most: u32,
    },
}

impl fmt::Display for RoundStartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RoundStartError::Holdings { south, least, most } => write!(
                f,
                "South's holdings {south} are not a round start: each player must hold at least \
                 one hole's worth, so South holds {least} to {most}"
            ),
        }
    }
}

impl std::error::Error for RoundStartError {}

impl RoundStart {
    /// The round start where South holds `south` counters and `leader` leads, under `rules`.
    pub fn new(rules: Rules, south: u32, leader: Side) -> Result<RoundStart, RoundStartError> {
        let (least, most) = RoundStart::holdings_range(&rules);
        if !(least..=most).contains(&south) {
            return Err(RoundStartError::Holdings { south, least, most });
        }
        Ok(RoundStart {
            rules,
            // At most the total, which fits (MAX_TOTAL).
            south: south as u16,
            leader,
        })
    }

    /// South's least and most holdings at a round start.
    fn holdings_range(rules: &Rules) -> (u32, u32) {
        (rules.counters(), rules.total() - rules.counters())
    }

    /// Every round start under `rules`: South leading first, each by South's holdings upwards.
    pub fn all(rules: Rules) -> impl Iterator<Item = RoundStart> {
        let (least, most) = RoundStart::holdings_range(&rules);
        Side::ALL.into_iter().flat_map(move |leader| {
            (least..=most).map(move |south| RoundStart {
                rules,
                south: south as u16,
                leader,
            })
        })
    }

    /// The rule set.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// South's holdings.
    pub fn south(self) -> u32 {
        self.south.into()
    }

    /// North's holdings: the rest of the total.
    pub fn north(self) -> u32 {
        self.rules.total() - self.south()
    }

    /// Both players' holdings.
    pub fn holdings(self) -> BySide<u32> {
        BySide::new(self.south(), self.north())
    }

    /// Who leads the round.
    pub fn leader(self) -> Side {
        self.leader
    }

    /// The same round start with the players' roles swapped: South holds what North held, and
    /// the other player leads. Its value is this one's, seen from the other side.
    ///
    /// ```
    /// use rajapasu_engine::{RoundStart, Rules, Side};
    /// let rules = Rules::default();
    /// let start = RoundStart::new(rules, 63, Side::South).unwrap();
    /// assert_eq!(start.mirror(), RoundStart::new(rules, 35, Side::North).unwrap());
    /// assert_eq!(start.mirror().mirror(), start);
    /// ```
    pub fn mirror(self) -> RoundStart {
        RoundStart {
            south: self.north() as u16,
            leader: !self.leader,
            ..self
        }
    }

    /// The position this round start sets up (rule 10), numbered `round`: the rightmost
    /// `min(holes, holdings div counters)` holes of each row filled, the others closed, the rest
    /// kept in reserve, and the leader to move. Errors only for a round number a position cannot
    /// have (0, or too large).
    ///
    /// ```
    /// use rajapasu_engine::{RoundStart, Rules, Side};
    /// // Round start B of decision 11's example (RULES.md): South holds 4 and leads.
    /// let rules = "canonical/holes=3,counters=1".parse().unwrap();
    /// let b = RoundStart::new(rules, 4, Side::South).unwrap();
    /// assert_eq!(b.position(3).unwrap().to_string(), "1,1,1/x,1,1 S 0 0 1 0 3");
    /// // Round start A: its mirror.
    /// assert_eq!(b.mirror().position(2).unwrap().to_string(), "x,1,1/1,1,1 N 0 0 0 1 2");
    /// assert!(b.position(0).is_err());
    /// ```
    pub fn position(self, round: u32) -> Result<Position, PositionError> {
        if round == 0 {
            return Err(PositionError::RoundZero);
        }
        let before = u16::try_from(round - 1).map_err(|_| PositionError::TooLarge("round"))?;
        // The end of the round before, its board cleared and everything held in reserve; the
        // refill (the one implementation of rule 10) does the rest.
        let mut pos = Position {
            board: [0; MAX_HOLES],
            next: [0; MAX_HOLES],
            open: 0,
            captured: BySide::default(),
            reserve: self.holdings().map(|h| h as u16),
            to_move: self.leader,
            round: before,
            rules: self.rules,
        };
        pos.refill(self.leader)
            .expect("both players hold a hole's worth at a round start");
        Ok(pos)
    }

    /// What each player holds in reserve at this round start: what rule 10 leaves over after
    /// filling their holes.
    ///
    /// ```
    /// use rajapasu_engine::{RoundStart, Rules, Side};
    /// let start = RoundStart::new(Rules::default(), 63, Side::South).unwrap();
    /// assert_eq!((start.reserve(Side::South), start.reserve(Side::North)), (14, 0));
    /// ```
    pub fn reserve(self, side: Side) -> u32 {
        let held = self.holdings()[side];
        let per_hole = self.rules.counters();
        held - per_hole * (held / per_hole).min(self.rules.holes() as u32)
    }

    /// Where a round from this start leads when it ends as `ending` says, each player having
    /// captured `captured` in it (the counters rule 8 awards at the end included). This is the
    /// rule that [`Game`](crate::Game) applies at a round's end, as a value, for solvers that
    /// follow many rounds without playing them out.
    ///
    /// ```
    /// use rajapasu_engine::{BySide, Ending, RoundOutcome, RoundStart, Rules, Side};
    /// let rules = Rules::default();
    /// let start = RoundStart::new(rules, 49, Side::South).unwrap();
    /// // North had no move and South took the 3 left: South holds 63 and leads (Example 6).
    /// let captured = BySide::new(63, 35);
    /// let north_stuck = Ending::NoMoves { stuck: Side::North, left: 3 };
    /// let next = start.outcome(captured, north_stuck);
    /// assert_eq!(next, RoundOutcome::Next(RoundStart::new(rules, 63, Side::South).unwrap()));
    /// // After a repetition the other player leads.
    /// let next = start.outcome(captured, Ending::Repetition);
    /// assert_eq!(next, RoundOutcome::Next(RoundStart::new(rules, 63, Side::North).unwrap()));
    /// // On an empty board the last mover leads, unless `empty-board` says otherwise.
    /// let empty = Ending::NoMoves { stuck: Side::South, left: 0 };
    /// assert_eq!(start.outcome(captured, empty), RoundOutcome::Next(RoundStart::new(rules, 63, Side::North).unwrap()));
    /// let same: Rules = "canonical/empty-board=same-leader".parse().unwrap();
    /// let start = RoundStart::new(same, 49, Side::South).unwrap();
    /// assert_eq!(start.outcome(captured, empty), RoundOutcome::Next(RoundStart::new(same, 63, Side::South).unwrap()));
    /// // North keeping 6 cannot fill a hole: South wins the match.
    /// let won = start.outcome(BySide::new(92, 6), north_stuck);
    /// assert_eq!(won, RoundOutcome::MatchWon(Side::South));
    /// ```
    pub fn outcome(self, captured: BySide<u32>, ending: Ending) -> RoundOutcome {
        let held = BySide::new(
            self.reserve(Side::South) + captured[Side::South],
            self.reserve(Side::North) + captured[Side::North],
        );
        let per_hole = self.rules.counters();
        for (side, &h) in held.pairs() {
            if h < per_hole {
                return RoundOutcome::MatchWon(!side);
            }
        }
        let leader = next_leader(&self.rules, ending, captured.larger(), self.leader);
        RoundOutcome::Next(RoundStart {
            rules: self.rules,
            south: held[Side::South] as u16,
            leader,
        })
    }

    /// The round start a refill has just set up in `pos`, led by `leader`.
    pub(crate) fn of_refilled(pos: &Position, leader: Side) -> RoundStart {
        let south = pos.reserve[Side::South] + pos.on_row(Side::South) as u16;
        RoundStart {
            rules: pos.rules,
            south,
            leader,
        }
    }
}

/// How a round ended, with what rule 10.4 needs to choose who leads the next one.
///
/// ```
/// use rajapasu_engine::{Ending, RoundEnd, Side};
/// let ending = Ending::NoMoves { stuck: Side::North, left: 0 };
/// assert_eq!(ending.reason(), RoundEnd::NoMoves);
/// assert_eq!(Ending::Repetition.reason(), RoundEnd::Repetition);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// Rule 8(a): `stuck`, to move, had no move, and the other player took the `left`
    /// counters still on the board (none: the board was empty, decision 12).
    NoMoves {
        /// The player to move, who had no move.
        stuck: Side,
        /// The counters on the board, which the other player took.
        left: u32,
    },
    /// Rule 8(b): a position came for the third time.
    Repetition,
}

impl Ending {
    /// Which rule ended the round.
    pub fn reason(self) -> RoundEnd {
        match self {
            Ending::NoMoves { .. } => RoundEnd::NoMoves,
            Ending::Repetition => RoundEnd::Repetition,
        }
    }
}

/// Who leads the round after one that `leader` led and that ended as `ending` says, with
/// `winner` ahead in captures (rule 10.4, decision 12, and the `leader` and `empty-board`
/// options).
pub(crate) fn next_leader(
    rules: &Rules,
    ending: Ending,
    winner: Option<Side>,
    leader: Side,
) -> Side {
    match (rules.leader, ending, winner) {
        // Rule 8(a): the player who could still move took the rest, and leads.
        (NextLeader::TookRemaining, Ending::NoMoves { stuck, left }, _) => {
            match (left, rules.empty_board) {
                (1.., _) | (0, EmptyBoardLead::LastMover) => !stuck,
                (0, EmptyBoardLead::SameLeader) => leader,
                (0, EmptyBoardLead::OtherLeader) => !leader,
            }
        }
        (NextLeader::Loser, _, Some(w)) => !w,
        _ => !leader,
    }
}

/// Where a finished round of a match leads ([`Game::round_outcome`](crate::Game::round_outcome)):
/// a player holds less than one hole's worth and the other wins the match (rule 10.1), or the
/// next round starts.
///
/// ```
/// use rajapasu_engine::{Game, Move, RoundOutcome, RoundStart, Rules, Side};
/// let mut game = Game::from_code("0,0,0,0,0,1,0/0,2,0,0,0,0,0 S 60 35", Rules::default()).unwrap();
/// assert_eq!(game.round_outcome(), None);
/// game.play(Move::new(6).unwrap()); // Example 6: South takes the last counter, 63 to 35
/// let next = RoundStart::new(Rules::default(), 63, Side::South).unwrap();
/// assert_eq!(game.round_outcome(), Some(RoundOutcome::Next(next)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RoundOutcome {
    /// The other player could not fill a hole: this player won the match.
    MatchWon(Side),
    /// The next round starts here. Decision 11 may still end the match there, drawn, if this
    /// round start has come a third time: [`Game::status`](crate::Game::status) says so.
    Next(RoundStart),
}

impl RoundOutcome {
    /// The same outcome with the players' roles swapped.
    ///
    /// ```
    /// use rajapasu_engine::{RoundOutcome, RoundStart, Rules, Side};
    /// let next = RoundStart::new(Rules::default(), 63, Side::South).unwrap();
    /// assert_eq!(RoundOutcome::Next(next).mirror(), RoundOutcome::Next(next.mirror()));
    /// assert_eq!(RoundOutcome::MatchWon(Side::South).mirror(), RoundOutcome::MatchWon(Side::North));
    /// ```
    pub fn mirror(self) -> RoundOutcome {
        match self {
            RoundOutcome::MatchWon(side) => RoundOutcome::MatchWon(!side),
            RoundOutcome::Next(start) => RoundOutcome::Next(start.mirror()),
        }
    }
}
