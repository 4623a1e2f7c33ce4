//! The principal match: one line of play from a round start, the winner following its match
//! certificate and the loser holding out as long as that certificate lets it (docs/SOLVING.md,
//! section 7.6).
//!
//! At each of its positions in a round section, the loser plays the reply whose part of the
//! section's graph lets the match last longest: a maximum over the acyclic graph of the rounds
//! left at its leaves (an `E` leaf's are the round start it leads to's rank plus this round, a
//! `D` leaf's the worst case its value names), and among equals the reply that keeps the most
//! counters in the round. Past a `D` leaf the certificate leaves the winner
//! free (every way the round can end is in its goal), so both players play there the round's
//! best move by counters, as level 7 does. The line is what the winner's certified strategy
//! allows; it does not prove that the loser cannot last longer against another winner's
//! strategy.

use super::certificate::{Rec, RoundCertificate};
use super::MatchCertificate;
use crate::solver::{round_alone, Bounds, Solver};
use crate::Limits;
use rajapasu_engine::{BySide, Game, Move, Position, RoundEnd, RoundOutcome, RoundStart, Side};
use std::fmt;

/// The solver's budget for each move past a `D` leaf: enough to prove most moves of a round's
/// last part exactly, and a bound, so that the line is the same on every machine.
pub const FREE_MOVE_NODES: u64 = 2_000_000;

/// One round of the principal match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PrincipalRound {
    /// The round's number in the match.
    pub number: u32,
    /// Its round start.
    pub start: RoundStart,
    /// Its section's rank: the most rounds the winner's strategy lets the match last from
    /// here, this round included.
    pub rank: u32,
    /// The rounds the loser's best choice inside the section can reach from its root: the
    /// maximum over the section's graph, at most `rank`.
    pub held: u32,
    /// Both players' moves, in order.
    pub moves: Vec<Move>,
    /// How many of `moves` were played inside the section (the rest past a `D` leaf).
    pub in_section: usize,
    /// Counters captured in the round by each player, the end-of-round award included.
    pub captured: BySide<u32>,
    /// How the round ended.
    pub ended_by: RoundEnd,
    /// Under rule 8(a): the player who took the counters left, and how many.
    pub remainder: Option<(Side, u32)>,
    /// Where the round led.
    pub outcome: RoundOutcome,
}

impl PrincipalRound {
    /// South's final margin in the round: its captures less North's, the award included.
    pub fn margin(&self) -> i32 {
        self.captured[Side::South] as i32 - self.captured[Side::North] as i32
    }
}

/// The principal match from a match certificate's round start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PrincipalMatch {
    /// The certificate's prover: the match's winner.
    pub winner: Side,
    /// The rounds, the first from the certificate's round start.
    pub rounds: Vec<PrincipalRound>,
}

/// Why a principal match could not be played out: each is a certificate that does not hold
/// the line it claims, so none occurs with a certificate the search wrote.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PrincipalError {
    /// A no-loss certificate: its sections have no ranks to hold out against.
    NoRanks,
    /// The line reached a round start without a section.
    NoSection(RoundStart),
    /// The round led outside its section's goal: not a match won by the winner, nor a round
    /// start of a lower rank.
    OutsideGoal {
        /// The round's start.
        start: RoundStart,
        /// Where it led.
        outcome: RoundOutcome,
    },
    /// The round ended where the section goes on, or went on at a round end of the section.
    Diverged {
        /// The round's start.
        start: RoundStart,
        /// Moves played in the round.
        ply: usize,
    },
}

impl fmt::Display for PrincipalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = |r: &RoundStart| format!("South {} leading {}", r.south(), r.leader());
        match self {
            PrincipalError::NoRanks => f.write_str(
                "a no-loss certificate has no ranks: the principal match needs a win certificate",
            ),
            PrincipalError::NoSection(r) => {
                write!(f, "the certificate has no section for {}", name(r))
            }
            PrincipalError::OutsideGoal { start, outcome } => write!(
                f,
                "the round from {} led outside its goal: {outcome:?}",
                name(start)
            ),
            PrincipalError::Diverged { start, ply } => write!(
                f,
                "the round from {} left its section's graph after {ply} moves",
                name(start)
            ),
        }
    }
}

impl std::error::Error for PrincipalError {}

/// The principal match of `cert`: the rounds the winner's strategy allows when the loser holds
/// out as long as it lets them, every move played by the engine (`Game`). Past a `D` leaf
/// both players play the round's best move by counters, proven by `solver` within
/// [`FREE_MOVE_NODES`] a move (ties to the lowest hole). The line is a function of the
/// certificate and of the solver's answers: with no endgame table, of this source alone.
///
/// ```
/// use rajapasu_ai::certify::{certify_match, principal_match, CertifyOptions};
/// use rajapasu_ai::match_solver::fixpoint::{solve_match, MatchOptions};
/// use rajapasu_ai::solver::Solver;
/// use rajapasu_engine::{RoundOutcome, RoundStart, Rules, Side};
/// let rules: Rules = "canonical/holes=3,counters=1".parse().unwrap();
/// let table = solve_match(rules, &MatchOptions::default(), &mut |_| {});
/// // Decision 11's round start B: South holds 4, leads, and wins in this round.
/// let b = RoundStart::new(rules, 4, Side::South).unwrap();
/// let cert = certify_match(table.iter(), b, &CertifyOptions::default(), &mut |_| {}).unwrap();
/// let line = principal_match(&cert, &mut Solver::new(16)).unwrap();
/// assert_eq!(line.rounds.len(), 1);
/// assert_eq!(line.rounds[0].outcome, RoundOutcome::MatchWon(Side::South));
/// ```
pub fn principal_match(
    cert: &MatchCertificate,
    solver: &mut Solver,
) -> Result<PrincipalMatch, PrincipalError> {
    if cert.rounds().is_none() {
        return Err(PrincipalError::NoRanks);
    }
    let winner = cert.prover();
    let first = cert.start();
    // The canonical start is the match's first round; any other round start comes after a
    // refill.
    let opening = Position::start(*first.rules());
    let number = if first.position(1).is_ok_and(|p| p == opening) {
        1
    } else {
        2
    };
    let mut game = Game::from_position(first.position(number).expect("a round start"));
    let mut rounds = Vec::new();
    let mut start = first;
    loop {
        let (rank, section) = cert
            .round_sections()
            .find(|(r, _, _)| *r == start)
            .map(|(_, k, c)| (k, c))
            .ok_or(PrincipalError::NoSection(start))?;
        let round = play_round(&mut game, start, rank, section, solver)?;
        let outcome = round.outcome;
        let in_goal = match outcome {
            RoundOutcome::MatchWon(side) => side == winner,
            RoundOutcome::Next(next) => {
                cert.round_sections().any(|(r, k, _)| r == next && k < rank)
            }
        };
        if !in_goal {
            return Err(PrincipalError::OutsideGoal { start, outcome });
        }
        rounds.push(round);
        match outcome {
            RoundOutcome::MatchWon(_) => return Ok(PrincipalMatch { winner, rounds }),
            RoundOutcome::Next(next) => start = next,
        }
    }
}

/// The rounds the loser can make the match last from each node of `section`, this round
/// included: a maximum over the replies, the winner's move followed, a leaf's value (minus
/// the rounds) read as it is. Children come before their parents in `nodes`.
fn held_out(section: &RoundCertificate) -> Vec<u32> {
    let mut held: Vec<u32> = Vec::with_capacity(section.nodes.len());
    for rec in &section.nodes {
        let h = match *rec {
            Rec::Prover { child, .. } => held[child as usize],
            Rec::Opponent { first, len, .. } => section.children
                [first as usize..first as usize + len as usize]
                .iter()
                .map(|&c| held[c as usize])
                .max()
                .unwrap_or(0),
            Rec::End { value } | Rec::Decided { value } => (-i32::from(value)).max(0) as u32,
        };
        held.push(h);
    }
    held
}

/// Plays the round begun at `start` in `game`, by `section` and the loser's longest replies,
/// then past a `D` leaf by the best moves by counters, to the round's end.
fn play_round(
    game: &mut Game,
    start: RoundStart,
    rank: u32,
    section: &RoundCertificate,
    solver: &mut Solver,
) -> Result<PrincipalRound, PrincipalError> {
    let held = held_out(section);
    let number = game.position().round();
    let finished = game.rounds().len();
    let diverged = |ply| PrincipalError::Diverged { start, ply };
    let mut node = Some(section.nodes.len() - 1);
    let mut moves = Vec::new();
    let mut in_section = 0;
    let mut remainder = None;
    while game.rounds().len() == finished {
        let pos = *game.position();
        let mv = match node.map(|k| (k, section.nodes[k])) {
            Some((_, Rec::Prover { mv, child, .. })) => {
                node = Some(child as usize);
                Move::new(mv).ok_or(diverged(moves.len()))?
            }
            Some((_, Rec::Opponent { first, len, .. })) => {
                let kids = &section.children[first as usize..first as usize + len as usize];
                let replies = pos.legal_moves();
                if replies.len() != kids.len() {
                    return Err(diverged(moves.len()));
                }
                // The longest hold-out; among equals, the most counters the loser can force
                // in the round (a `D` leaf bounds the rounds coarsely, so many replies tie,
                // and the lowest hole alone would throw counters away for nothing).
                let longest = kids.iter().map(|&c| held[c as usize]).max();
                let longest = longest.ok_or(diverged(moves.len()))?;
                let equal: Vec<Move> = replies
                    .iter()
                    .zip(kids)
                    .filter(|&(_, &c)| held[c as usize] == longest)
                    .map(|(&m, _)| m)
                    .collect();
                let mv = best_by_counters(game, solver, &equal);
                let i = replies.iter().position(|&m| m == mv);
                node = Some(kids[i.ok_or(diverged(moves.len()))?] as usize);
                mv
            }
            Some((_, Rec::End { .. })) => return Err(diverged(moves.len())),
            Some((_, Rec::Decided { .. })) | None => {
                node = None;
                best_by_counters(game, solver, &game.legal_moves())
            }
        };
        if node.is_some() {
            in_section += 1;
        }
        let mut after = pos;
        after.play(mv);
        if !after.has_moves() {
            remainder = Some((!after.to_move(), after.on_board()));
        }
        game.try_play(mv).map_err(|_| diverged(moves.len()))?;
        moves.push(mv);
    }
    // The round ended: inside the section, exactly at one of its round ends.
    if let Some(k) = node {
        if !matches!(section.nodes[k], Rec::End { .. } | Rec::Decided { .. }) {
            return Err(diverged(moves.len()));
        }
    }
    let result = game.rounds()[finished];
    let outcome = game.round_outcome().expect("a match round just ended");
    let captured = result.captured.map(u32::from);
    Ok(PrincipalRound {
        number,
        start,
        rank,
        held: held[section.nodes.len() - 1],
        moves,
        in_section,
        captured,
        ended_by: result.ended_by,
        remainder: remainder.filter(|_| result.ended_by == RoundEnd::NoMoves),
        outcome,
    })
}

/// The player to move's best of `moves` by counters in the round (its captures less the other
/// player's to the round's end): the greatest lower bound the solver proves within
/// [`FREE_MOVE_NODES`], then the greatest upper bound, then the first in `moves`.
fn best_by_counters(game: &Game, solver: &mut Solver, moves: &[Move]) -> Move {
    let round = round_alone(game.position()).expect("the same position under single-round rules");
    let limits = Limits::default().with_nodes(FREE_MOVE_NODES);
    let mut bounds = |m: Move| solver.move_bounds(&round, m, &limits);
    if let [only] = moves {
        return *only;
    }
    let mut best: Option<(Move, Bounds)> = None;
    for &m in moves.iter() {
        let b = bounds(m);
        let better = match best {
            None => true,
            Some((_, x)) => (b.lower, b.upper) > (x.lower, x.upper),
        };
        if better {
            best = Some((m, b));
        }
    }
    best.expect("a player to move has a move").0
}
