//! Finding puzzles: games to look in (self-play at several levels from varied openings, whole
//! matches for the closed holes of later rounds, or any game given), each position of a game
//! tried as a puzzle, and the starting rating of what is found.

use super::format::Puzzle;
use super::line::{greedy_moves, solve, unique_best};
use super::prove::Prover;
use super::themes::themes;
use crate::fnv::fnv1a64;
use crate::search::Searcher;
use crate::{choose_with, Level};
use rajapasu_engine::rng::{mix, Rng};
use rajapasu_engine::{Game, Position, Rules};
use std::time::Duration;

/// What the generator looks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The key move leads every other move by at least this many counters; so does every
    /// later solver move of the line.
    pub margin: i32,
    /// Positions with more counters on the board than this are not tried (their proofs take
    /// long without a table).
    pub max_counters: u32,
    /// Puzzles taken from one game at most.
    pub per_game: usize,
    /// Only puzzles a one-move greedy player fails.
    pub hard_only: bool,
    /// Only positions with closed holes (later rounds of a match).
    pub closed_only: bool,
    /// Keep the puzzles whose key move is not clearly better ([`Puzzle::is_clear`]): they are
    /// not rated, so by default they are left out.
    pub keep_close: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            margin: 2,
            max_counters: 40,
            per_game: 3,
            hard_only: false,
            closed_only: false,
            keep_close: false,
        }
    }
}

/// The levels the self-play games are played at: fixed depths, so a seed always gives the
/// same game.
const LEVELS: [u8; 4] = [1, 2, 3, 4];
/// Random moves at most that start a self-play game, for varied openings.
const OPENING: usize = 8;
/// Moves a self-played match has at most.
const MATCH_PLIES: usize = 1500;
/// Plies kept apart from a puzzle found in the same game: the positions near it are its own
/// line.
const APART: usize = 6;
/// Legal moves a puzzle's position has at least: with two, a guess is right half the time.
pub const MIN_LEGAL: usize = 3;

/// One self-play game of `rules` from a seed: 1 to 8 random moves, then two levels (from 1 to 4,
/// chosen by the seed) against each other, to the end (of a match, at most 1,500 moves).
/// Returns the game and a description of it.
///
/// ```
/// use rajapasu_ai::puzzles::selfplay;
/// use rajapasu_engine::Rules;
/// let (game, source) = selfplay(Rules::default().single_round(), 3);
/// assert!(game.status().is_over());
/// assert_eq!(selfplay(Rules::default().single_round(), 3).0.moves(), game.moves());
/// assert!(source.starts_with("selfplay:seed=3,levels="));
/// ```
pub fn selfplay(rules: Rules, seed: u64) -> (Game, String) {
    let mut rng = Rng::new(mix(seed.wrapping_add(1)));
    let levels = [
        LEVELS[rng.below(LEVELS.len())],
        LEVELS[rng.below(LEVELS.len())],
    ];
    let mut game = Game::new(rules);
    let opening = 1 + rng.below(OPENING);
    let mut searchers = [Searcher::new(16), Searcher::new(16)];
    while !game.status().is_over() && game.moves().len() < MATCH_PLIES {
        let mv = if game.moves().len() < opening {
            let legal = game.legal_moves();
            legal[rng.below(legal.len())]
        } else {
            let side = game.position().to_move().index();
            let mut p = Level::try_from(levels[side]).expect("a level").params();
            // The depth ends the search, never the clock: the same seed, the same game.
            p.movetime = Duration::from_secs(3600);
            let s = rng.next_u64();
            match choose_with(&mut searchers[side], &game, &p, s) {
                Some(c) => c.mv,
                None => break,
            }
        };
        game.play(mv);
    }
    let kind = if rules.mode == rajapasu_engine::Mode::Match {
        "match"
    } else {
        "selfplay"
    };
    (
        game,
        format!("{kind}:seed={seed},levels={}-{}", levels[0], levels[1]),
    )
}

/// What trying positions found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Positions tried.
    pub tried: u64,
    /// Refused because a value was not proven within the budget.
    pub unproven: u64,
    /// With no unique best move by the margin.
    pub no_key: u64,
    /// Left out: a greedy player solves them, and only hard ones were asked for.
    pub easy_left: u64,
    /// Left out: the key move is not clearly better than the second best.
    pub close_left: u64,
    /// Puzzles found.
    pub found: u64,
}

impl Tally {
    /// Adds another tally.
    pub fn add(&mut self, o: &Tally) {
        self.tried += o.tried;
        self.unproven += o.unproven;
        self.no_key += o.no_key;
        self.easy_left += o.easy_left;
        self.close_left += o.close_left;
        self.found += o.found;
    }
}

/// The single-round rule set a position of `rules` is a puzzle of: the round it is in, alone.
fn round_rules(rules: &Rules) -> Rules {
    rules.single_round()
}

/// Tries the positions of `game` (each before one of its moves, with at least [`MIN_LEGAL`]
/// moves and at most `settings.max_counters` counters on the board), in an order drawn from
/// `source`, no two within six moves of each other, as puzzles
/// of the round alone, with no history, and returns the puzzles found, `source` naming where
/// each came from: those whose key move is clearly better ([`Puzzle::is_clear`]), the others
/// too with `settings.keep_close`. `tally` counts what was tried.
pub fn puzzles_of(
    game: &Game,
    source: &str,
    settings: &Settings,
    prover: &mut Prover,
    tally: &mut Tally,
) -> Vec<Puzzle> {
    let rules = round_rules(game.rules());
    let mut found = Vec::new();
    let positions: Vec<Position> = game.before_moves().copied().collect();
    // The positions in an order of the game's own, so that the puzzles of a game come from
    // all of it, not only from its first positions.
    let mut order: Vec<usize> = (0..positions.len()).collect();
    let mut rng = Rng::new(mix(fnv1a64(source.as_bytes())));
    for i in (1..order.len()).rev() {
        order.swap(i, rng.below(i + 1));
    }
    let mut taken: Vec<usize> = Vec::new();
    for k in order {
        if found.len() >= settings.per_game {
            break;
        }
        if taken.iter().any(|&t| t.abs_diff(k) < APART) {
            continue;
        }
        let Ok(pos) = Position::from_code(&positions[k].to_string(), rules) else {
            continue;
        };
        if pos.on_board() > settings.max_counters
            || pos.legal_moves().len() < MIN_LEGAL
            || (settings.closed_only && !super::themes::has_closed_holes(&pos))
        {
            continue;
        }
        let start = Game::from_position(pos);
        tally.tried += 1;
        let source = format!("{source},ply={}", k + 1);
        match puzzle_at(&start, &source, settings.margin, prover) {
            Err(_) => tally.unproven += 1,
            Ok(None) => tally.no_key += 1,
            Ok(Some(p)) if !p.is_clear() && !settings.keep_close => tally.close_left += 1,
            Ok(Some(p)) if p.easy && settings.hard_only => tally.easy_left += 1,
            Ok(Some(p)) => {
                tally.found += 1;
                found.push(labelled(p, game.rules()));
                taken.push(k);
            }
        }
    }
    found
}

/// `puzzle`, found in a game played under `played`, labelled with those rules: a position of a
/// match (its reserves and round number in the position code) says `canonical`, not the
/// single round it is solved as (docs/PUZZLES.md). The id follows the label.
fn labelled(puzzle: Puzzle, played: &Rules) -> Puzzle {
    let rules = played.to_string();
    Puzzle {
        id: puzzle_id(&rules, &puzzle.position),
        rules,
        ..puzzle
    }
}

/// The puzzle of `game` (its player to move the solver), if it has a key move by `margin`:
/// solution, themes, greedy moves, starting rating. The first proof that failed is the error.
///
/// ```
/// use rajapasu_ai::puzzles::{puzzle_at, Prover};
/// use rajapasu_engine::{Game, Rules};
/// let rules = Rules::default().single_round();
/// let game = Game::from_code("0,1,0,1,0,0,1/0,1,0,0,0,1,0 S 61 32", rules).unwrap();
/// let puzzle = puzzle_at(&game, "example", 2, &mut Prover::new(None, 1_000_000)).unwrap().unwrap();
/// // S2 wins the round by 32, S4 by 26, S7 by 24; two equal defences follow.
/// assert_eq!((puzzle.solution.mv, puzzle.margin), (2, 6));
/// assert_eq!(puzzle.solution.defences.len(), 2);
/// ```
pub fn puzzle_at(
    game: &Game,
    source: &str,
    margin: i32,
    prover: &mut Prover,
) -> Result<Option<Puzzle>, crate::book::Unproven> {
    let Some(solution) = solve(game, prover, margin)? else {
        return Ok(None);
    };
    let (_, lead) = unique_best(&solution.values, margin).expect("the key move leads");
    let greedy = greedy_moves(game);
    let easy = greedy.contains(&solution.mv);
    let themes = themes(game, &solution);
    let rules = game.rules().to_string();
    let position = game.position().to_string();
    let rating = start_rating(easy, solution.depth(), game.legal_moves().len());
    Ok(Some(Puzzle {
        id: puzzle_id(&rules, &position),
        rules,
        position,
        margin: lead,
        margin_asked: margin,
        themes,
        greedy,
        easy,
        source: source.to_string(),
        rating,
        solution,
    }))
}

/// The starting rating: 1100, plus 300 when a one-move greedy player fails, 120 for each
/// solver move past the first, 30 for each legal move past two (docs/PUZZLES.md). Attempts
/// move it from there.
///
/// ```
/// use rajapasu_ai::puzzles::start_rating;
/// assert_eq!(start_rating(true, 1, 2), 1100);
/// assert_eq!(start_rating(false, 3, 7), 1100 + 300 + 240 + 150);
/// ```
pub fn start_rating(easy: bool, line: usize, legal: usize) -> u32 {
    1100 + if easy { 0 } else { 300 }
        + 120 * line.saturating_sub(1) as u32
        + 30 * legal.saturating_sub(2) as u32
}

/// A puzzle's id: `P` and twelve hex digits of a hash (FNV-1a) of its rule set and position.
///
/// ```
/// use rajapasu_ai::puzzles::puzzle_id;
/// let id = puzzle_id("canonical/mode=round", "0,0,0,0,0,1,0/0,2,0,0,0,0,0 S 60 35");
/// assert_eq!(id.len(), 13);
/// assert_ne!(id, puzzle_id("canonical/mode=round", "0,0,0,0,0,1,0/0,2,0,0,0,0,0 N 60 35"));
/// ```
pub fn puzzle_id(rules: &str, position: &str) -> String {
    let text = format!("{rules} {position}");
    format!("P{:012x}", fnv1a64(text.as_bytes()) >> 16)
}
