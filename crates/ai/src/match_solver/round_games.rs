//! The round games and what their counter values alone decide.
//!
//! Rule 10 fills `min(holes, holdings div counters)` holes of each row, so the board a round
//! start sets up depends only on the holes each player fills and on the leader: a
//! [`RoundGame`]. The reserves stay off the board and only add to what each player holds when
//! the round ends. One counter solve of a round game therefore bounds South's holdings after
//! the round for every round start that sets it up ([`HoldingsBounds`]).
//!
//! The solver proves the round's value in two games that bound it: endless lines against the
//! player to move and for them. From a fresh round start the true value (rule 8(b) with the
//! round's whole history) lies between the two, so the bound on South's holdings comes from the
//! game where endless lines go against South, and the other from the game where they go
//! against North. Whatever a round's objective, an outcome South can force lies at or above
//! `least`, and North can keep every outcome at or below `most`. In particular South can end
//! the match in this round ([`HoldingsBounds::match_won_this_round`]) if `least` leaves North
//! less than a hole's worth, and cannot if `most` does not.

use crate::solver::{round_alone, Bounds, Solved, Solver};
use crate::Limits;
use rajapasu_engine::{RoundStart, Rules, Side};
use std::time::Duration;

/// The board a round start sets up, reserves aside: how many holes each player fills, and
/// who leads.
///
/// ```
/// use rajapasu_ai::match_solver::round_games::RoundGame;
/// use rajapasu_engine::{RoundStart, Rules, Side};
/// let rules = Rules::default();
/// // 64 and 69 both fill all seven holes against North's 34 and 29 (four holes each).
/// let a = RoundGame::of(RoundStart::new(rules, 64, Side::South).unwrap());
/// let b = RoundGame::of(RoundStart::new(rules, 69, Side::South).unwrap());
/// assert_eq!(a, b);
/// assert_eq!(a.filled(Side::North), 4);
/// assert_eq!(RoundGame::all(rules).len(), 26);
/// ```
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub struct RoundGame {
    leader: Side,
    filled: [u8; 2],
}

impl RoundGame {
    /// The round game `start` sets up.
    pub fn of(start: RoundStart) -> RoundGame {
        let rules = start.rules();
        let fill = |held: u32| (held / rules.counters()).min(rules.holes() as u32) as u8;
        let held = start.holdings();
        RoundGame {
            leader: start.leader(),
            filled: [fill(held[Side::South]), fill(held[Side::North])],
        }
    }

    /// Every round game under `rules`, each once, in order.
    pub fn all(rules: Rules) -> Vec<RoundGame> {
        let mut games: Vec<RoundGame> = RoundStart::all(rules).map(RoundGame::of).collect();
        games.sort();
        games.dedup();
        games
    }

    /// The holes `side` fills.
    pub fn filled(&self, side: Side) -> u8 {
        self.filled[side.index()]
    }

    /// Who leads.
    pub fn leader(&self) -> Side {
        self.leader
    }

    /// The same round game with the players' roles swapped.
    pub fn mirror(&self) -> RoundGame {
        RoundGame {
            leader: !self.leader,
            filled: [self.filled[1], self.filled[0]],
        }
    }

    /// The round start with the least holdings for South that sets up this round game.
    pub fn first_start(&self, rules: Rules) -> RoundStart {
        RoundStart::all(rules)
            .find(|s| RoundGame::of(*s) == *self)
            .expect("every round game comes from a round start")
    }

    /// Counters on its board.
    pub fn on_board(&self, rules: &Rules) -> u32 {
        u32::from(self.filled[0] + self.filled[1]) * rules.counters()
    }
}

/// Proven bounds on South's holdings after the round from a round start, from counter values
/// alone (see the module docs): South can force at least `least`, North can hold South to at
/// most `most`.
///
/// ```
/// use rajapasu_ai::match_solver::round_games::HoldingsBounds;
/// use rajapasu_engine::{Rules, Side};
/// let rules = Rules::default(); // 98 counters, 7 a hole
/// let b = HoldingsBounds { least: 40, most: 92 };
/// assert_eq!(b.reaches(40), Some(true));
/// assert_eq!(b.reaches(93), Some(false));
/// assert_eq!(b.reaches(60), None);
/// // South wins the match in this round at 92 or more (North below 7): not proven here.
/// assert_eq!(b.match_won_this_round(Side::South, &rules), None);
/// assert_eq!(b.match_won_this_round(Side::North, &rules), Some(false));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HoldingsBounds {
    /// South can force holdings of at least this.
    pub least: u32,
    /// North can hold South to at most this.
    pub most: u32,
}

impl HoldingsBounds {
    /// Whether South can make the round end holding at least `target`: `Some(true)` if the
    /// counter values prove it, `Some(false)` if they refute it, `None` if they cannot tell.
    pub fn reaches(&self, target: u32) -> Option<bool> {
        if self.least >= target {
            Some(true)
        } else if self.most < target {
            Some(false)
        } else {
            None
        }
    }

    /// Whether `side` can end the match in this round by leaving the other with less than a
    /// hole's worth (rule 10.1), as far as counter values tell.
    pub fn match_won_this_round(&self, side: Side, rules: &Rules) -> Option<bool> {
        let c = rules.counters();
        match side {
            Side::South => self.reaches(rules.total() - c + 1),
            // North wins when South holds at most c - 1: South cannot reach c.
            Side::North => self.reaches(c).map(|reached| !reached),
        }
    }
}

/// A round game's proven counter value (for its leader) and what it took.
#[derive(Clone, Debug)]
pub struct RoundGameValue {
    /// The round game.
    pub game: RoundGame,
    /// The solve of its first round start: bounds for the leader, nodes, time.
    pub solved: Solved,
    /// Counters on its board.
    on_board: u32,
}

impl RoundGameValue {
    /// A value proven earlier: `bounds` for the leader, found with `nodes` nodes.
    pub fn known(game: RoundGame, bounds: Bounds, nodes: u64, rules: &Rules) -> RoundGameValue {
        RoundGameValue {
            game,
            solved: Solved {
                bounds,
                nodes,
                time: Duration::ZERO,
                depth: 0,
            },
            on_board: game.on_board(rules),
        }
    }

    /// Bounds on South's holdings after the round from `start`, which must set up this round
    /// game.
    ///
    /// # Panics
    /// If `start` sets up another round game.
    pub fn holdings(&self, start: RoundStart) -> HoldingsBounds {
        assert_eq!(RoundGame::of(start), self.game, "another round game");
        let t = self.on_board as i32;
        let b = self.solved.bounds;
        // The leader's value v is its captures minus the other's, of t in all; a real value has
        // t's parity, so a bound rounds inwards to it.
        let leader_takes_at_least = (t + b.lower + 1).div_euclid(2).max(0) as u32;
        let leader_takes_at_most = (t + b.upper).div_euclid(2).min(t) as u32;
        let reserve = start.south() - self.south_on_board(start);
        let (least, most) = match self.game.leader {
            Side::South => (leader_takes_at_least, leader_takes_at_most),
            Side::North => (
                self.on_board - leader_takes_at_most,
                self.on_board - leader_takes_at_least,
            ),
        };
        HoldingsBounds {
            least: reserve + least,
            most: reserve + most,
        }
    }

    /// South's counters on the board at `start`.
    fn south_on_board(&self, start: RoundStart) -> u32 {
        u32::from(self.game.filled(Side::South)) * start.rules().counters()
    }
}

/// Solves every round game of `rules` by counters (single rounds, endless lines bounded both
/// ways), within `limits` each, with one solver whose proof table holds `2^table_bits`
/// entries. A bound the limits cut short stays a proven bound, only wider.
///
/// ```
/// use rajapasu_ai::match_solver::round_games::solve_round_games;
/// use rajapasu_ai::Limits;
/// use rajapasu_engine::{RoundStart, Rules, Side};
/// let rules: Rules = "canonical/holes=3,counters=1".parse().unwrap();
/// let values = solve_round_games(rules, &Limits::default(), 16);
/// // South holds 1 and North leads: North's 3 takes everything (RULES.md decision 11's board).
/// let start = RoundStart::new(rules, 1, Side::North).unwrap();
/// let value = values.iter().find(|v| v.game.leader() == Side::North
///     && v.game.filled(Side::South) == 1).unwrap();
/// let bounds = value.holdings(start);
/// assert_eq!((bounds.least, bounds.most), (0, 0));
/// assert_eq!(bounds.match_won_this_round(Side::North, &rules), Some(true));
/// ```
pub fn solve_round_games(rules: Rules, limits: &Limits, table_bits: u32) -> Vec<RoundGameValue> {
    let mut solver = Solver::new(table_bits);
    RoundGame::all(rules)
        .into_iter()
        .map(|game| solve_round_game(&mut solver, game.first_start(rules), limits))
        .collect()
}

/// Solves the round game `start` sets up by counters, within `limits`, with `solver` (whose
/// endgame table, if it has one, is used).
pub fn solve_round_game(solver: &mut Solver, start: RoundStart, limits: &Limits) -> RoundGameValue {
    let pos = round_alone(&start.position(1).expect("round 1 is a position's round"))
        .expect("the same position under single-round rules");
    let solved = solver.solve(&pos, limits);
    RoundGameValue {
        game: RoundGame::of(start),
        solved,
        on_board: pos.on_board(),
    }
}

/// What every round start's round alone decides: South's holdings bounds after it, by round
/// start, South leading first.
pub fn holdings_bounds(
    rules: Rules,
    values: &[RoundGameValue],
) -> Vec<(RoundStart, HoldingsBounds)> {
    RoundStart::all(rules)
        .map(|s| {
            let value = values
                .iter()
                .find(|v| v.game == RoundGame::of(s))
                .expect("a value for every round game");
            (s, value.holdings(s))
        })
        .collect()
}
