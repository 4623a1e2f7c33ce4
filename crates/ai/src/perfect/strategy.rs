//! The match strategies a perfect player follows, in memory and shared by every game of the
//! process: for each round start, the round section of the winner's match certificate
//! ([`certify_match`]), as the winner's move at each of its positions; and for a position
//! inside a round, the strategy of a goal search ([`certify_round_goal`]).
//!
//! A section is a function of its round start alone (the recording search is deterministic
//! and its goal depends only on the round start's rank), so one made for any game serves them
//! all, and a section emptied from the cache is made again the same. The cache holds at most
//! [`CACHE_POSITIONS`] positions; beyond that it is emptied before new strategies go in.

use crate::certify::RoundCertificate;
use crate::certify::{certify_match, certify_round_goal, key_of, CertifyOptions, Key};
use crate::match_solver::values::MatchValues;
use rajapasu_engine::{Game, Move, Position, RoundStart, Side};
use std::collections::{HashMap, HashSet};
use std::sync::{Arc, LazyLock, Mutex, MutexGuard};

/// The most positions (the winner's, with their moves) the cache holds: at about 50 bytes a
/// position, some 50 MB. The canonical match's largest certificate has 267,362 nodes, fewer
/// than half of them the winner's.
pub const CACHE_POSITIONS: usize = 1 << 20;

/// The positions a goal search may visit before it gives up: a fraction of a second.
pub const GOAL_VISITS: u64 = 200_000;

/// The prover's move at each of its positions of a strategy.
type Moves = HashMap<Key, u8>;

#[derive(Default)]
struct Cache {
    /// Each round start's section, by the round start.
    sections: HashMap<RoundStart, Arc<Moves>>,
    /// The latest goal strategy of each player in a round begun at a round start.
    goals: HashMap<(RoundStart, Side), Arc<Moves>>,
    /// Round starts whose certificate could not be made: not tried again.
    failed: HashSet<RoundStart>,
    /// Positions held.
    positions: usize,
}

impl Cache {
    /// Makes room for `n` more positions: empties the cache when they would not fit.
    fn room(&mut self, n: usize) {
        if self.positions + n > CACHE_POSITIONS {
            self.sections.clear();
            self.goals.clear();
            self.positions = 0;
        }
        self.positions += n;
    }
}

static CACHE: LazyLock<Mutex<Cache>> = LazyLock::new(Mutex::default);

fn cache() -> MutexGuard<'static, Cache> {
    CACHE.lock().unwrap_or_else(|e| e.into_inner())
}

fn moves_of(cert: &RoundCertificate) -> Moves {
    cert.strategy()
        .into_iter()
        .map(|(pos, mv)| (key_of(&pos), mv.number()))
        .collect()
}

/// Positions the cache holds now (for the server's figures).
///
/// ```
/// assert!(rajapasu_ai::perfect::strategy::cached_positions() <= rajapasu_ai::perfect::strategy::CACHE_POSITIONS);
/// ```
pub fn cached_positions() -> usize {
    cache().positions
}

/// The winner's move at `pos`, a position of the round begun at `start`, by the round section
/// of the winner's match certificate from `start` (made and cached the first time): `None` if
/// `start` is no proven win, or `pos` is not a position of the section (the game left it
/// before, or the player to move is not the winner).
///
/// ```
/// use rajapasu_ai::match_solver::fixpoint::{solve_match, MatchOptions};
/// use rajapasu_ai::match_solver::values::MatchValues;
/// use rajapasu_ai::perfect::strategy::section_move;
/// use rajapasu_engine::{RoundStart, Rules, Side};
/// let rules: Rules = "canonical/holes=3,counters=1".parse().unwrap();
/// let values = MatchValues::from(&solve_match(rules, &MatchOptions::default(), &mut |_| {}));
/// // South holds 4 and leads: it wins in this round.
/// let b = RoundStart::new(rules, 4, Side::South).unwrap();
/// let pos = b.position(3).unwrap();
/// assert!(pos.legal_moves().contains(section_move(&values, b, &pos).unwrap()));
/// ```
pub fn section_move(values: &MatchValues, start: RoundStart, pos: &Position) -> Option<Move> {
    let section = section(values, start)?;
    section.get(&key_of(pos)).and_then(|&m| Move::new(m))
}

/// The section of `start`, from the cache or made with the match certificate (which also
/// caches the sections of every round start it passes through).
fn section(values: &MatchValues, start: RoundStart) -> Option<Arc<Moves>> {
    {
        let cache = cache();
        if let Some(s) = cache.sections.get(&start) {
            return Some(Arc::clone(s));
        }
        if cache.failed.contains(&start) {
            return None;
        }
    }
    // Made outside the lock: other games go on meanwhile (two games may make the same one).
    let options = CertifyOptions::default();
    let Ok(cert) = certify_match(values.iter(), start, &options, &mut |_| {}) else {
        cache().failed.insert(start);
        return None;
    };
    let made: Vec<(RoundStart, Moves)> = cert
        .round_sections()
        .map(|(r, _, c)| (r, moves_of(c)))
        .collect();
    let mut cache = cache();
    cache.room(made.iter().map(|(_, m)| m.len()).sum());
    for (r, moves) in made {
        cache.sections.insert(r, Arc::new(moves));
    }
    cache.sections.get(&start).cloned()
}

/// The move of a strategy for the player to move in `game` (inside the round begun at
/// `start`) that ends the round in a match it wins or at a round start `values` prove it wins:
/// the player's latest goal strategy if it holds the position, else a new goal search from
/// here within [`GOAL_VISITS`] positions. `None` if none is found, or if a position of this
/// layer already came twice (then a line without repetitions could still be ended by rule
/// 8(b), and the strategy would prove nothing).
///
/// ```
/// use rajapasu_ai::match_solver::fixpoint::{solve_match, MatchOptions};
/// use rajapasu_ai::match_solver::values::MatchValues;
/// use rajapasu_ai::perfect::strategy::goal_move;
/// use rajapasu_engine::{Game, RoundStart, Rules, Side};
/// let rules: Rules = "canonical/holes=3,counters=1".parse().unwrap();
/// let values = MatchValues::from(&solve_match(rules, &MatchOptions::default(), &mut |_| {}));
/// // Round 1: 3 counters each, South leads and wins (the table proves it).
/// let start = RoundStart::new(rules, 3, Side::South).unwrap();
/// let game = Game::new(rules);
/// assert!(goal_move(&values, start, &game).is_some());
/// ```
pub fn goal_move(values: &MatchValues, start: RoundStart, game: &Game) -> Option<Move> {
    if game.repeated_in_layer() {
        return None;
    }
    let pos = game.position();
    let me = pos.to_move();
    let key = key_of(pos);
    let held = cache().goals.get(&(start, me)).cloned();
    if let Some(m) = held.and_then(|g| g.get(&key).copied()) {
        return Move::new(m);
    }
    let options = CertifyOptions {
        max_visits: Some(GOAL_VISITS),
        ..CertifyOptions::default()
    };
    let cert = certify_round_goal(values.iter(), start, pos, me, &options).ok()?;
    let moves = moves_of(&cert);
    let mv = moves.get(&key).copied();
    let mut cache = cache();
    cache.room(moves.len());
    cache.goals.insert((start, me), Arc::new(moves));
    mv.and_then(Move::new)
}
