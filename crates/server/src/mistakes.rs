//! "Learn from your mistakes" (`POST /api/puzzles/mistakes`): the moves of a finished game that
//! are proven worse than the best move of their position, worst first.
//!
//! Each position is taken as a puzzle of its round alone, with no history. Its moves' values
//! come from the first that has them:
//!
//! 1. the proven opening book ([`Book::probe`]): exact, at once;
//! 2. the endgame table, as far as it is built, when every move's result is in it: answered
//!    from the table by [`book::move_bounds`] without a search;
//! 3. the solver ([`book::move_bounds`] again, with a budget), on the search workers.
//!
//! Only the positions neither the book nor the table covers go to the solver, and a game they
//! cover whole takes no search worker at all. The solver's proofs go in passes of growing
//! budgets, the positions with the fewest counters (the quickest to prove) first in each: every
//! position gets the small budget before any gets the large one, and the game's time budget ends
//! the passes.
//!
//! A move is a mistake only when it is *proven* worse than another move (its upper bound below
//! the other's lower bound). A mistake is replayed as a puzzle of one move when its position's
//! best value is proven: every move either has that value exactly or is proven below it, so
//! "any move of the best value is right" is a proven answer. Its moves whose values are only
//! bounded are not offered in the replay. A mistake whose best value is not proven is listed
//! with the loss proven, at least, and is no puzzle.
//!
//! The proofs are a background search of the search workers ([`SearchPool::proof`]): after the
//! computer's moves and hints, on fewer workers than the pool has, their solver's table taken
//! from the pool's memory budget and reused, within `--mistakes-time`; a request whose client
//! goes away stops its proofs.

use crate::app::App;
use crate::error::ApiError;
use crate::requests::ApiJson;
use crate::search_pool::SearchPool;
use axum::Json;
use rajapasu_ai::book::{self, Book};
use rajapasu_ai::puzzles::best_moves;
use rajapasu_ai::solver::{round_alone, Bounds, Solver};
use rajapasu_ai::Limits;
use rajapasu_engine::{Game, GameView, Mode, Position, Side};
use rajapasu_tablebase::Tablebase;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Body of `POST /api/puzzles/mistakes`: a finished game, as its rule set, start and moves.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct MistakesRequest {
    /// The rule set.
    rules: String,
    /// The start's position code (default: the rule set's start).
    #[serde(default)]
    start: Option<String>,
    /// The moves played, hole numbers.
    moves: Vec<u8>,
    /// Whose moves to look at: `south` or `north`.
    side: Side,
}

/// Moves of a game looked at, at most.
const MAX_MOVES: usize = 2_000;
/// Each pass's budget of nodes for each move's proof: the passes stop at the first that
/// settles every position, or at the game's deadline.
const PASSES: [u64; 3] = [100_000, 1_000_000, 10_000_000];
/// Mistakes listed at most.
const MISTAKES: usize = 5;
/// The table of the solver that reads the endgame table's answers: it searches nothing.
const TABLE_READER_BITS: u32 = 4;

/// Where the values of a position's moves came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    /// The proven opening book: exact, at once.
    Book,
    /// The endgame table: every move's result is in it, answered at once.
    Table,
    /// The solver, within the game's time on the search workers.
    Solver,
}

/// The handler of `POST /api/puzzles/mistakes`, with the server's search workers and limits.
pub async fn mistakes(
    app: &App,
    ApiJson(req): ApiJson<MistakesRequest>,
) -> Result<Json<Value>, ApiError> {
    let rules = crate::requests::rules(&req.rules)?;
    let start = match &req.start {
        Some(code) => crate::requests::position(code, rules)?,
        None => Position::start(rules),
    };
    if req.moves.len() > MAX_MOVES {
        return Err(
            ApiError::bad_request(format!("moves: at most {MAX_MOVES}")).code("too_many_moves")
        );
    }
    let mut game = Game::from_position(start);
    let mut plies = Vec::new();
    for (k, &n) in req.moves.iter().enumerate() {
        let mv = rajapasu_engine::Move::new(n)
            .filter(|m| game.legal_moves().contains(*m))
            .ok_or_else(|| {
                ApiError::unprocessable(format!("move {} ({n}) is not legal", k + 1))
                    .code("illegal_move")
            })?;
        if game.position().to_move() == req.side {
            plies.push((k + 1, *game.position(), n));
        }
        game.play(mv);
    }
    let table = rajapasu_ai::table::for_rules(&rules.single_round());
    let mut looked = looked_at(&plies);
    known(&mut looked, table.as_ref());
    // Only what the book and the table leave takes a search worker.
    if looked.iter().any(|l| l.bounds.is_empty()) {
        let time = app.limits.mistakes_time().map_err(ApiError::internal)?;
        let cap = app.limits.mistakes_nodes;
        looked = prove(&app.search, looked, table, time, cap).await?;
    }
    Ok(Json(json!({
        "mistakes": listed(&looked),
        "match": rules.mode == Mode::Match,
        "sources": sources(&looked),
    })))
}

/// The player's positions worth looking at (two legal moves or more), each as its round alone,
/// nothing proven yet.
fn looked_at(plies: &[(usize, Position, u8)]) -> Vec<Looked> {
    plies
        .iter()
        .filter_map(|&(ply, pos, played)| {
            let alone = round_alone(&pos)?;
            (alone.legal_moves().len() >= 2).then(|| Looked {
                ply,
                round: pos.round(),
                game: Game::from_position(alone),
                played,
                source: Source::Solver,
                bounds: Vec::new(),
            })
        })
        .collect()
}

/// Fills in what the opening book and the endgame table give at once, before any search.
fn known(looked: &mut [Looked], table: Option<&Arc<Tablebase>>) {
    let mut reader = table.map(|t| {
        let mut solver = Solver::new(TABLE_READER_BITS);
        solver.set_table(Some(Arc::clone(t)));
        solver
    });
    for l in looked.iter_mut() {
        if let Some(moves) = Book::embedded().probe(&l.game) {
            l.bounds = by_move(&l.game, moves.into_iter());
            l.source = Source::Book;
        } else if let Some(reader) = reader.as_mut().filter(|_| in_table(&l.game, table)) {
            // Every result is in the table: the solver's first test answers from it, so one
            // ply of depth searches nothing.
            let limits = Limits {
                depth: Some(1),
                ..Limits::default()
            };
            l.bounds = bounds(&l.game, reader, &limits);
            l.source = Source::Table;
        }
    }
}

/// Whether the result of every legal move of `game` is in `table` or ends the round.
fn in_table(game: &Game, table: Option<&Arc<Tablebase>>) -> bool {
    let Some(table) = table else {
        return false;
    };
    let pos = game.position();
    game.legal_moves().iter().all(|&m| {
        let mut after = *pos;
        after.play(m);
        !after.has_moves() || table.probe(&after).is_some()
    })
}

/// [`prove_rest`] on a proof solver of the search workers, for `time` from when a worker
/// takes it, each proof within `cap` nodes where one is set; dropping the future stops the
/// proofs.
async fn prove(
    pool: &SearchPool,
    mut looked: Vec<Looked>,
    table: Option<Arc<Tablebase>>,
    time: Duration,
    cap: Option<u64>,
) -> Result<Vec<Looked>, ApiError> {
    pool.proof(move |solver, stop| {
        solver.set_table(table);
        prove_rest(&mut looked, solver, stop, Instant::now() + time, cap);
        looked
    })
    .await
    .map_err(ApiError::from)
}

/// Each move's bounds by hole (index 0: move 1; `None`: not legal), on the round's final
/// capture difference for the player to move.
fn by_move(
    game: &Game,
    moves: impl Iterator<Item = (rajapasu_engine::Move, Bounds)>,
) -> Vec<Option<Bounds>> {
    let mut out = vec![None; game.rules().holes()];
    for (m, b) in moves {
        out[usize::from(m.number()) - 1] = Some(b);
    }
    out
}

/// The bounds proven with `solver` within `limits` on each move's final capture difference of
/// the round for the player to move (its captures so far included), as the book counts them:
/// the solver's values from now on ([`book::move_bounds`]) and the lead the player has now.
fn bounds(game: &Game, solver: &mut Solver, limits: &Limits) -> Vec<Option<Bounds>> {
    let pos = game.position();
    let now = pos.lead(pos.to_move());
    let moves = book::move_bounds(game, solver, limits).map(|(m, b)| {
        let b = Bounds {
            lower: now + b.lower,
            upper: now + b.upper,
        };
        (m, b)
    });
    by_move(game, moves)
}

/// One of the player's moves, with what is proven so far about its position.
struct Looked {
    /// The move's number in the game, from 1.
    ply: usize,
    /// The round of the game it was played in.
    round: u32,
    /// Its position, as its round alone.
    game: Game,
    played: u8,
    /// Where [`Looked::bounds`] came from.
    source: Source,
    /// Each move's proven bounds for the player (index 0: move 1; `None`: not legal); empty
    /// while nothing is proven.
    bounds: Vec<Option<Bounds>>,
}

impl Looked {
    fn legal(&self) -> impl Iterator<Item = Bounds> + '_ {
        self.bounds.iter().flatten().copied()
    }

    fn played(&self) -> Bounds {
        self.bounds[usize::from(self.played) - 1].expect("the played move is legal")
    }

    /// The best move's value is at least this.
    fn best_lower(&self) -> i32 {
        self.legal().map(|b| b.lower).max().unwrap_or(0)
    }

    /// Every other move's value is at most this.
    fn others_upper(&self) -> i32 {
        let played = usize::from(self.played) - 1;
        (self.bounds.iter().enumerate())
            .filter(|&(i, _)| i != played)
            .filter_map(|(_, b)| b.map(|b| b.upper))
            .max()
            .unwrap_or(i32::MIN)
    }

    fn exact(&self) -> bool {
        self.legal().all(|b| b.exact().is_some())
    }

    /// Nothing more to learn: every value is exact, or the played move is proven best.
    fn settled(&self) -> bool {
        self.exact() || self.played().lower >= self.others_upper()
    }

    /// The counters the played move is proven to lose against the best, when it is a mistake.
    fn proven_loss(&self) -> Option<i32> {
        let loss = self.best_lower() - self.played().upper;
        (loss > 0).then_some(loss)
    }

    /// The best value, when it is proven: every move has it exactly or is proven below it (and
    /// a move with the highest lower bound then has it exactly). The position is then a
    /// puzzle of one move whose right answers are proven.
    fn proven_best(&self) -> Option<i32> {
        let v = self.best_lower();
        (self.legal().all(|b| b.upper < v || b.exact() == Some(v))).then_some(v)
    }

    fn to_json(&self, loss: i32) -> Value {
        let exact: Vec<Option<i32>> = self
            .bounds
            .iter()
            .map(|b| b.and_then(|b| b.exact()))
            .collect();
        let pos = self.game.position();
        let played = self.played();
        let mut out = json!({
            "ply": self.ply,
            "round": self.round,
            "rules": self.game.rules().to_string(),
            "position": pos.to_string(),
            "played": self.played,
            "source": self.source,
            "exact": self.exact(),
            "replayable": self.proven_best().is_some(),
            "loss_at_least": loss,
            "played_at_most": played.upper,
            "bounds": self.bounds.iter().map(|b| b.map(|b| [b.lower, b.upper])).collect::<Vec<_>>(),
            "view": GameView::new(&self.game),
        });
        if let Some(v) = played.exact() {
            out["played_value"] = json!(v);
        }
        if let Some(best) = self.proven_best() {
            // The replay's moves: those whose values are exact; a bounded one is not offered.
            out["best_value"] = json!(best);
            out["best"] = json!(best_moves(&exact));
            out["values"] = json!(exact);
        }
        out
    }
}

/// The passes' budgets of nodes, none over `cap`: the passes above it become one at `cap`.
fn passes(cap: Option<u64>) -> Vec<u64> {
    let mut out: Vec<u64> = PASSES
        .iter()
        .map(|&nodes| cap.map_or(nodes, |cap| nodes.min(cap)))
        .collect();
    out.dedup();
    out
}

/// Proves, with `solver`, the positions the book and the table left (their bounds empty), in
/// passes of growing budgets (none over `cap`), the fewest counters on the board first in
/// each; the proofs stop at `deadline`, or when `stop` (the solver's own stop flag) is set.
fn prove_rest(
    looked: &mut [Looked],
    solver: &mut Solver,
    stop: &AtomicBool,
    deadline: Instant,
    cap: Option<u64>,
) {
    let mut order: Vec<usize> = (0..looked.len())
        .filter(|&i| looked[i].bounds.is_empty())
        .collect();
    order.sort_by_key(|&i| (looked[i].game.position().on_board(), i));
    'passes: for nodes in passes(cap) {
        for &i in &order {
            let l = &mut looked[i];
            if !l.bounds.is_empty() && l.settled() {
                continue;
            }
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() || stop.load(Ordering::Relaxed) {
                break 'passes;
            }
            let limits = Limits {
                nodes: Some(nodes),
                movetime: Some(left),
                depth: None,
            };
            l.bounds = bounds(&l.game, solver, &limits);
        }
    }
}

/// The player's moves proven worse than the best of their position, worst first (by the loss
/// proven), at most [`MISTAKES`].
fn listed(looked: &[Looked]) -> Vec<Value> {
    let mut out: Vec<(i32, &Looked)> = looked
        .iter()
        .filter(|l| !l.bounds.is_empty())
        .filter_map(|l| Some((l.proven_loss()?, l)))
        .collect();
    out.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.ply.cmp(&b.1.ply)));
    out.into_iter()
        .take(MISTAKES)
        .map(|(loss, l)| l.to_json(loss))
        .collect()
}

/// How many of the positions looked at had their values from each source, and how many were
/// not reached in time.
fn sources(looked: &[Looked]) -> Value {
    let count = |source: Source| {
        (looked.iter())
            .filter(|l| l.source == source && !l.bounds.is_empty())
            .count()
    };
    json!({
        "book": count(Source::Book),
        "table": count(Source::Table),
        "solver": count(Source::Solver),
        "unproven": looked.iter().filter(|l| l.bounds.is_empty()).count(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    /// The mistakes of `plies`: the book's values, then proofs until `deadline` on a solver
    /// of their own, stopped when `stop` is set.
    fn find_stopped(plies: &[(usize, Position, u8)], deadline: Instant, stop: bool) -> Vec<Value> {
        let mut solver = Solver::new(16);
        let stop = Arc::new(AtomicBool::new(stop));
        solver.set_stop_flag(stop.clone());
        let mut looked = looked_at(plies);
        known(&mut looked, None);
        prove_rest(&mut looked, &mut solver, &stop, deadline, None);
        listed(&looked)
    }

    #[test]
    fn a_cap_ends_the_passes_at_it() {
        assert_eq!(passes(None), PASSES);
        assert_eq!(passes(Some(500_000)), [100_000, 500_000]);
        assert_eq!(passes(Some(1_000_000)), [100_000, 1_000_000]);
        assert_eq!(passes(Some(10)), [10]);
    }

    fn find(plies: &[(usize, Position, u8)], deadline: Instant) -> Vec<Value> {
        find_stopped(plies, deadline, false)
    }

    fn looked(code: &str, played: u8) -> (usize, Position, u8) {
        let rules = rajapasu_engine::Rules::default().single_round();
        (1, Position::from_code(code, rules).unwrap(), played)
    }

    /// Worked by hand. South holds S5 = 1 and S6 = 1, North N2 = 2; 60 to 34 captured.
    /// - S6: the counter drops in S7, N1 after it is empty, so South takes N2's 2 (rule 5).
    ///   North has no counter left, so South takes the last 2 (rule 8a): 64 to 34, +30, the
    ///   most there is.
    /// - S5: the counter drops in S6 (now 2); S7 and N1 are empty, nothing happens. North's
    ///   only move N2 puts 1 in N3 and N4; South's only move S6 then takes N3's 1 (S7, N1;
    ///   N2 empty, N3 beyond). North's N1 now drops in N2 with N3 empty and takes N4's 1, so
    ///   South ends with at most 63: +28 at best, 2 worse than S6.
    const TWO_MOVES: &str = "0,0,0,0,1,1,0/0,2,0,0,0,0,0 S 60 34";

    #[test]
    fn a_move_proven_worse_is_listed_with_its_exact_values() {
        let found = find(
            &[looked(TWO_MOVES, 5)],
            Instant::now() + Duration::from_secs(60),
        );
        assert_eq!(found.len(), 1, "{found:?}");
        let m = &found[0];
        assert_eq!(m["exact"], true);
        assert_eq!(m["played"], 5);
        assert_eq!(m["best"], json!([6]));
        assert_eq!(m["best_value"], 30);
        assert!(m["played_value"].as_i64().unwrap() <= 28, "{m}");
        assert!(m["loss_at_least"].as_i64().unwrap() >= 2, "{m}");
    }

    #[test]
    fn a_best_move_is_not_a_mistake_and_an_empty_budget_proves_nothing() {
        let ply = looked(TWO_MOVES, 6);
        assert!(find(&[ply], Instant::now() + Duration::from_secs(60)).is_empty());
        let wrong = looked(TWO_MOVES, 5);
        assert!(find(&[wrong], Instant::now()).is_empty());
    }

    #[test]
    fn a_stopped_search_proves_nothing() {
        let wrong = looked(TWO_MOVES, 5);
        let later = Instant::now() + Duration::from_secs(60);
        assert!(find_stopped(&[wrong], later, true).is_empty());
    }

    #[test]
    fn the_book_proves_the_start_at_once_and_its_mistakes_replay() {
        let rules = rajapasu_engine::Rules::default();
        // S7 at the start: the book's +4 against S3's and S6's +16 (docs/BOOK.md), with no
        // time and no solver at all.
        let start = (1, Position::start(rules), 7);
        let found = find_stopped(&[start], Instant::now(), true);
        assert_eq!(found.len(), 1, "{found:?}");
        let m = &found[0];
        assert_eq!(m["source"], "book");
        assert_eq!(
            (m["exact"].as_bool(), m["replayable"].as_bool()),
            (Some(true), Some(true))
        );
        assert_eq!(m["loss_at_least"], 12);
        assert_eq!(
            (m["played_value"].as_i64(), m["best_value"].as_i64()),
            (Some(4), Some(16))
        );
        assert_eq!(m["best"], json!([3, 6]));
        assert_eq!(m["round"], 1);
        assert_eq!(m["rules"], "canonical/mode=round");
    }

    #[test]
    fn the_endgame_table_answers_its_positions_without_a_search() {
        use rajapasu_tablebase::{build::build, table_dir};
        let rules = rajapasu_engine::Rules::default().single_round();
        let root = std::env::temp_dir().join(format!("rajapasu-mistakes-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        build(&rules, &table_dir(&root, &rules).unwrap(), 6, &|_| {}).unwrap();
        let table = Arc::new(Tablebase::open(&root, &rules).unwrap());
        // TWO_MOVES has 4 counters on the board: every result is in the table.
        let mut positions = looked_at(&[looked(TWO_MOVES, 5)]);
        known(&mut positions, Some(&table));
        std::fs::remove_dir_all(&root).unwrap();
        let from_table = listed(&positions);
        assert_eq!(from_table.len(), 1, "{from_table:?}");
        let m = &from_table[0];
        assert_eq!(m["source"], "table");
        assert_eq!(
            (m["exact"].as_bool(), m["replayable"].as_bool()),
            (Some(true), Some(true))
        );
        assert_eq!(
            (m["best"].clone(), m["best_value"].as_i64()),
            (json!([6]), Some(30))
        );
        // The solver, searching, proves the same values.
        let solved = find(
            &[looked(TWO_MOVES, 5)],
            Instant::now() + Duration::from_secs(60),
        );
        assert_eq!(m["values"], solved[0]["values"]);
        assert_eq!(solved[0]["source"], "solver");
    }

    #[test]
    fn a_mistake_whose_best_is_bounded_shows_the_loss_proven_and_no_puzzle() {
        let (_, pos, _) = looked(TWO_MOVES, 5);
        let b = |lower, upper| Some(Bounds { lower, upper });
        let mut l = Looked {
            ply: 3,
            round: 1,
            game: Game::from_position(pos),
            played: 5,
            source: Source::Solver,
            bounds: vec![None, None, None, None, b(20, 27), b(30, 32), None],
        };
        assert!(!l.exact() && !l.settled());
        assert_eq!((l.proven_loss(), l.proven_best()), (Some(3), None));
        let m = l.to_json(3);
        assert_eq!(
            (m["exact"].as_bool(), m["replayable"].as_bool()),
            (Some(false), Some(false))
        );
        assert_eq!(m["bounds"][4], json!([20, 27]));
        assert_eq!(m["played_at_most"], 27);
        assert!(m.get("values").is_none() && m.get("played_value").is_none());
        assert!(m.get("best").is_none() && m.get("best_value").is_none());
        // The best proven, the played move bounded below it: a puzzle whose right answer is
        // proven, the bounded move not offered in it.
        l.bounds[5] = b(30, 30);
        assert_eq!(l.proven_best(), Some(30));
        let m = l.to_json(3);
        assert_eq!(
            (m["exact"].as_bool(), m["replayable"].as_bool()),
            (Some(false), Some(true))
        );
        assert_eq!(m["best"], json!([6]));
        assert_eq!(m["values"], json!([null, null, null, null, null, 30, null]));
        assert!(m.get("played_value").is_none());
        // A move that may equal the best value, not proven to: the right answers are not
        // proven, so no puzzle.
        l.bounds[0] = b(29, 30);
        assert_eq!(l.proven_best(), None);
        l.bounds[0] = None;
        // Overlapping bounds prove nothing; a played move at least as good as any is settled.
        l.bounds[4] = b(20, 31);
        assert_eq!(l.proven_loss(), None);
        l.bounds[4] = b(30, 34);
        assert!(l.settled());
    }
}
