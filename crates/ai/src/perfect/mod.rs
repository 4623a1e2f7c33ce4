//! Level 7, "perfect": the computer that plays the proven strategy (docs/STRENGTH.md, "Level
//! 7").
//!
//! | Module | What it holds |
//! |---|---|
//! | [`strategy`] | the match strategies: the winner's match certificate made in memory at a round start, followed to the end of the match; the goal search from a position inside a round; their bounded cache |
//! | [`round`] | a round's proven best move by counters: the book, then the solver (with the endgame table) within a budget |
//!
//! What it plays, first that applies:
//!
//! 1. In a match whose round starts are solved (the canonical rules, [`known`]), at a round
//!    start the table proves it wins: the winner's match strategy ([`crate::certify`]'s round
//!    sections). Every reply of the opponent is covered, so it never leaves the strategy, and
//!    the match is won within the table's rounds.
//! 2. In such a match, anywhere else (the opponent holds the won round start and erred inside
//!    the round, or the game was set up inside a round): a goal search from the position for
//!    "the round ends in a match I win or at a round start I win", within a budget of
//!    positions. Found, it is followed like a section.
//! 3. The round's proven best move by counters ([`round`]): the proven opening book, then the
//!    solver within its time budget. A match's proven loser plays this too: it holds out with
//!    the most counters it can force.
//! 4. Level 6's search, its move labelled unproven
//!    ([`choose_with_values`](crate::choice::choose_with_values)).

pub mod round;
pub mod strategy;

use crate::match_solver::fixpoint::{MatchValue, Proven};
use crate::match_solver::values::MatchValues;
use rajapasu_engine::{Game, Mode, RoundStart, Side};
use serde::Serialize;

/// What proves the move a perfect player made. Serialized as the engine protocol prints it.
///
/// ```
/// use rajapasu_ai::perfect::Proof;
/// let p = Proof::MatchStrategy { rounds: 8 };
/// assert_eq!(serde_json::to_string(&p).unwrap(), r#"{"kind":"match_strategy","rounds":8}"#);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Proof {
    /// The winner's match strategy from the round start: the match is won within `rounds`
    /// rounds of this round's start.
    MatchStrategy {
        /// The most rounds the match lasts from the round start of the round in play.
        rounds: u32,
    },
    /// A strategy found inside the round: it ends in a match won or at a round start won.
    MatchGoal,
    /// The round's proven best move: the player to move ends the round at least `margin`
    /// counters ahead of where it stands (captures from now on, less the opponent's), and no
    /// other move does better.
    Round {
        /// Proven captures from now on, less the opponent's.
        margin: i32,
    },
}

/// The round start the round in play began from, when `values` holds it and the game went
/// through it: `None` in a round set up mid-way, which is no round start.
///
/// ```
/// use rajapasu_ai::match_solver::values::canonical;
/// use rajapasu_ai::perfect::current_round_start;
/// use rajapasu_engine::{Game, RoundStart, Rules, Side};
/// let game = Game::new(Rules::default());
/// let start = current_round_start(&game, canonical()).unwrap();
/// assert_eq!(start, RoundStart::new(Rules::default(), 49, Side::South).unwrap());
/// ```
pub fn current_round_start(game: &Game, values: &MatchValues) -> Option<RoundStart> {
    let now = game.position();
    let first = game
        .before_moves()
        .chain(std::iter::once(now))
        .find(|p| p.round() == now.round())?;
    let south = first.reserve(Side::South) + first.on_row(Side::South);
    let start = RoundStart::new(*values.rules(), south, first.to_move()).ok()?;
    start
        .position(first.round())
        .is_ok_and(|p| p == *first)
        .then_some(start)
}

/// The winner of a value proven to be a win, with the most rounds it takes (the upper bound
/// where only bounds on the rounds are proven).
///
/// ```
/// use rajapasu_ai::match_solver::values::canonical;
/// use rajapasu_ai::perfect::proven_winner;
/// use rajapasu_engine::{RoundStart, Rules, Side};
/// // The start: South wins, in 6 rounds (docs/SOLVING.md, section 7.5).
/// let start = RoundStart::new(Rules::default(), 49, Side::South).unwrap();
/// assert_eq!(proven_winner(canonical().value(start).unwrap()), Some((Side::South, 6)));
/// ```
pub fn proven_winner(v: Proven) -> Option<(Side, u32)> {
    match (v.worst, v.best) {
        (MatchValue::Win { winner, rounds }, _) if winner == Side::South => Some((winner, rounds)),
        (_, MatchValue::Win { winner, rounds }) if winner == Side::North => Some((winner, rounds)),
        _ => None,
    }
}

/// Steps 1 to 3: the proven move, if one is known or found in time, and what proves it
/// (`values`: the match's, if known). `None` where level 6's search must choose, or the game
/// is over.
///
/// ```
/// use rajapasu_ai::match_solver::values::canonical;
/// use rajapasu_ai::perfect::{proven_move, Proof};
/// use rajapasu_engine::{Game, Rules};
/// // The single round's start: the book proves S3 and S6 win by 16.
/// let round = Game::new(Rules::default().single_round());
/// let (mv, proof) = proven_move(&round, None).unwrap();
/// assert!([3, 6].contains(&mv.number()));
/// assert_eq!(proof, Proof::Round { margin: 16 });
/// ```
pub fn proven_move(
    game: &Game,
    values: Option<&MatchValues>,
) -> Option<(rajapasu_engine::Move, Proof)> {
    if game.status().is_over() {
        return None;
    }
    if let Some(found) = values.and_then(|v| match_move(game, v)) {
        return Some(found);
    }
    round::proven_best(game).map(|(mv, margin)| (mv, Proof::Round { margin }))
}

/// Steps 1 and 2: a move of a match strategy, where the match is solved.
fn match_move(game: &Game, values: &MatchValues) -> Option<(rajapasu_engine::Move, Proof)> {
    if game.rules().mode != Mode::Match || game.rules().match_play() != *values.rules() {
        return None;
    }
    // The values hold while no other round start came twice (docs/SOLVING.md, section 7.3).
    if game.repeated_round_start() {
        return None;
    }
    let start = current_round_start(game, values)?;
    let me = game.position().to_move();
    let (winner, rounds) = proven_winner(values.value(start)?)?;
    if winner == me {
        if let Some(mv) = strategy::section_move(values, start, game.position()) {
            return Some((mv, Proof::MatchStrategy { rounds }));
        }
    }
    strategy::goal_move(values, start, game).map(|mv| (mv, Proof::MatchGoal))
}
