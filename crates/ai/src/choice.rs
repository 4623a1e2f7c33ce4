//! How a level plays a move: a search, then the best move, or a deliberately imperfect one for
//! the levels that make mistakes or vary their play.

use crate::levels::{Level, LevelParams};
use crate::match_solver::values::{known, MatchValues};
use crate::perfect::{proven_move, Proof};
use crate::search::{SearchResult, Searcher};
use crate::Limits;
use rajapasu_engine::rng::Rng;
use rajapasu_engine::{Game, Move};

/// The computer's choice of a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The move.
    pub mv: Move,
    /// Its score in counters for the player to move.
    pub score: i32,
    /// Depth of the last completed iteration.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// The expected line, starting with `mv`.
    pub pv: Vec<Move>,
    /// What proves the move the best, for level 7 ([`crate::perfect`]); `None` for a searched
    /// move (whose score may still be a proven one). Its score is then the round's proven
    /// final margin, or 0 for a match strategy's move.
    pub proof: Option<Proof>,
}

/// Chooses a move for the player to move at strength `level`, within the level's time budget.
/// `seed` drives the deliberate mistakes of the weaker levels. `None` if the game is over.
///
/// ```
/// use rajapasu_ai::{choose_move, Level};
/// use rajapasu_engine::{Game, Rules};
/// let game = Game::new(Rules::default().single_round());
/// let choice = choose_move(&game, Level::MIN, 7).unwrap();
/// assert!(game.legal_moves().contains(choice.mv));
/// assert_eq!(choice.pv[0], choice.mv);
/// ```
pub fn choose_move(game: &Game, level: Level, seed: u64) -> Option<Choice> {
    let p = level.params();
    let mut searcher = Searcher::new(p.table_bits);
    choose_with(&mut searcher, game, &p, seed)
}

/// [`choose_move`] with a searcher kept between moves and explicit settings. With
/// [`LevelParams::perfect`], the proven move first ([`crate::perfect`]), with the match's
/// values where they are known (the canonical rules).
pub fn choose_with(
    searcher: &mut Searcher,
    game: &Game,
    p: &LevelParams,
    seed: u64,
) -> Option<Choice> {
    choose_with_values(searcher, game, p, seed, known(game.rules()))
}

/// [`choose_with`] with the match's values given (`None`: not known), such as those of a small
/// board solved by [`solve_match`](crate::match_solver::fixpoint::solve_match). A level with
/// [`LevelParams::perfect`] plays the proven move ([`proven_move`], its [`Choice::proof`] says
/// what proves it) and, where there is none, searches as the level without it.
///
/// ```
/// use rajapasu_ai::choice::choose_with_values;
/// use rajapasu_ai::match_solver::fixpoint::{solve_match, MatchOptions};
/// use rajapasu_ai::match_solver::values::MatchValues;
/// use rajapasu_ai::perfect::Proof;
/// use rajapasu_ai::search::Searcher;
/// use rajapasu_ai::Level;
/// use rajapasu_engine::{Game, Rules};
/// // A match on the smallest canonical board: South leads round 1 with 3 counters each.
/// let rules: Rules = "canonical/holes=3,counters=1".parse().unwrap();
/// let values = MatchValues::from(&solve_match(rules, &MatchOptions::default(), &mut |_| {}));
/// let game = Game::new(rules);
/// let p = Level::MAX.params();
/// let c = choose_with_values(&mut Searcher::new(16), &game, &p, 1, Some(&values)).unwrap();
/// assert!(game.legal_moves().contains(c.mv));
/// assert!(matches!(c.proof, Some(Proof::MatchStrategy { .. })));
/// ```
pub fn choose_with_values(
    searcher: &mut Searcher,
    game: &Game,
    p: &LevelParams,
    seed: u64,
    values: Option<&MatchValues>,
) -> Option<Choice> {
    let p = &if p.perfect {
        if let Some((mv, proof)) = proven_move(game, values) {
            let score = match proof {
                Proof::Round { margin } => margin,
                Proof::MatchStrategy { .. } | Proof::MatchGoal => 0,
            };
            return Some(Choice {
                mv,
                score,
                depth: 0,
                nodes: 0,
                pv: vec![mv],
                proof: Some(proof),
            });
        }
        LevelParams {
            perfect: false,
            ..*p
        }
    } else {
        *p
    };
    let limits = Limits {
        depth: p.depth,
        movetime: Some(p.movetime),
        nodes: None,
    };
    let r = searcher.search(game, &limits, p.search_options(), |_| {})?;
    let best = pick(&r, p, seed, game);
    let m = &r.moves[best];
    Some(Choice {
        mv: m.mv,
        score: m.score.counters(),
        depth: r.depth,
        nodes: r.nodes,
        pv: m.pv.clone(),
        proof: None,
    })
}

/// The index of the root move a level plays in the result `r` of its search: with noise, the
/// noisy pick ([`pick_noisy`]); with a margin, a random one among the moves scoring less than the
/// margin below the best (their scores are exact when the searcher ran with that root margin);
/// otherwise the best.
pub fn pick(r: &SearchResult, p: &LevelParams, seed: u64, game: &Game) -> usize {
    if p.noise > 0 {
        return pick_noisy(r, p.noise, seed, game);
    }
    if p.margin <= 0 {
        return 0;
    }
    let top = r.moves[0].score.tenths();
    let near = r
        .moves
        .iter()
        .take_while(|m| m.score.tenths() > top - p.margin)
        .count();
    if near <= 1 {
        return 0;
    }
    let mut rng = Rng::new(seed ^ game.position().hash() ^ 0x2545_F491_4F6C_DD1D);
    rng.below(near)
}

/// The index of the root move a noisy level plays: each move's score plus normal noise of
/// standard deviation `noise` (tenths of a counter), the highest wins.
pub fn pick_noisy(r: &SearchResult, noise: i32, seed: u64, game: &Game) -> usize {
    let mut rng = Rng::new(seed ^ game.position().hash() ^ 0x5851_F42D_4C95_7F2D);
    let mut best = 0;
    let mut top = i32::MIN;
    for (i, m) in r.moves.iter().enumerate() {
        let s = m.score.tenths().saturating_add(gaussian(&mut rng, noise));
        if s > top {
            top = s;
            best = i;
        }
    }
    best
}

/// An approximately normal number with standard deviation `sd` (sum of uniforms).
fn gaussian(rng: &mut Rng, sd: i32) -> i32 {
    let mut s = 0i64;
    for _ in 0..12 {
        s += (rng.next_u64() >> 48) as i64;
    }
    let unit = (s - 6 * 65536) as f64 / 65536.0;
    (unit * f64::from(sd)).round() as i32
}
