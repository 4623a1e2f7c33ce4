//! "Learn from your mistakes" (`POST /api/puzzles/mistakes`): the moves of a finished game that
//! are proven worse than the best move of their position, worst first.
//!
//! Each position is taken as a puzzle of its round alone, with no history, and proven by the
//! solver (with the endgame table when there is one). Without a table many positions need far
//! more than a small budget, so the proofs go in passes of growing budgets: every position gets
//! the small budget before any gets the large one, and the game's time budget ends the passes.
//! A move is a mistake only when it is *proven* worse than another move (its upper bound below
//! the other's lower bound). When every move of the position is exact the mistake is exact and
//! can be replayed as a puzzle; otherwise it is listed with the loss that is proven, at least.
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
use rajapasu_ai::puzzles::best_moves;
use rajapasu_ai::solver::{Bounds, Solver};
use rajapasu_ai::Limits;
use rajapasu_engine::{Game, GameView, Position, Side};
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::atomic::{AtomicBool, Ordering};
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
    let time = app.limits.mistakes_time().map_err(ApiError::internal)?;
    let found = prove(&app.search, plies, time).await?;
    Ok(Json(json!({ "mistakes": found })))
}

/// [`find_mistakes`] on a proof solver of the search workers, for `time` from when a worker
/// takes it; dropping the future stops the proofs.
async fn prove(
    pool: &SearchPool,
    plies: Vec<(usize, Position, u8)>,
    time: Duration,
) -> Result<Vec<Value>, ApiError> {
    let single = rajapasu_engine::Rules::default().single_round();
    let table = rajapasu_ai::table::for_rules(&single);
    pool.proof(move |solver, stop| {
        solver.set_table(table);
        find_mistakes(&plies, solver, stop, Instant::now() + time)
    })
    .await
    .map_err(ApiError::from)
}

/// The bounds proven on each move's final capture difference of the round for the player to
/// move (its captures so far included), as [`rajapasu_ai::puzzles::Prover::bounds`] counts
/// them: index 0 is move 1, `None` for an illegal move.
fn bounds(game: &Game, solver: &mut Solver, limits: &Limits) -> Vec<Option<Bounds>> {
    let pos = game.position();
    let now = pos.lead(pos.to_move());
    let mut out = vec![None; game.rules().holes()];
    for (m, b) in rajapasu_ai::book::move_bounds(game, solver, limits) {
        out[usize::from(m.number()) - 1] = Some(Bounds {
            lower: now + b.lower,
            upper: now + b.upper,
        });
    }
    out
}

/// One of the player's moves, with what is proven so far about its position.
struct Looked {
    ply: usize,
    game: Game,
    played: u8,
    /// Each move's proven bounds for the player (index 0: move 1; `None`: not legal).
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

    fn to_json(&self, loss: i32) -> Value {
        let exact: Vec<Option<i32>> = self
            .bounds
            .iter()
            .map(|b| b.and_then(|b| b.exact()))
            .collect();
        let pos = self.game.position();
        let mut out = json!({
            "ply": self.ply,
            "rules": self.game.rules().to_string(),
            "position": pos.to_string(),
            "played": self.played,
            "exact": self.exact(),
            "loss_at_least": loss,
            "bounds": self.bounds.iter().map(|b| b.map(|b| [b.lower, b.upper])).collect::<Vec<_>>(),
            "view": GameView::new(&self.game),
        });
        if self.exact() {
            out["played_value"] = json!(self.played().lower);
            out["best_value"] = json!(self.best_lower());
            out["best"] = json!(best_moves(&exact));
            out["values"] = json!(exact);
        }
        out
    }
}

/// The player's moves proven worse than the best of their position, worst first (by the loss
/// proven), at most [`MISTAKES`], proven with `solver`; the proofs stop at `deadline`, or
/// when `stop` (the solver's own stop flag) is set.
fn find_mistakes(
    plies: &[(usize, Position, u8)],
    solver: &mut Solver,
    stop: &AtomicBool,
    deadline: Instant,
) -> Vec<Value> {
    let mut looked: Vec<Looked> = plies
        .iter()
        .filter_map(|&(ply, pos, played)| {
            let pos = Position::from_code(&pos.to_string(), pos.rules().single_round()).ok()?;
            (pos.legal_moves().len() >= 2).then(|| Looked {
                ply,
                game: Game::from_position(pos),
                played,
                bounds: Vec::new(),
            })
        })
        .collect();
    'passes: for nodes in PASSES {
        for l in looked.iter_mut() {
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
                ..Limits::default()
            };
            l.bounds = bounds(&l.game, solver, &limits);
        }
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    /// The mistakes of `plies` proven until `deadline`, on a solver of their own.
    fn find(plies: &[(usize, Position, u8)], deadline: Instant) -> Vec<Value> {
        let mut solver = Solver::new(16);
        let stop = Arc::new(AtomicBool::new(false));
        solver.set_stop_flag(stop.clone());
        find_mistakes(plies, &mut solver, &stop, deadline)
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
        let mut solver = Solver::new(16);
        let stop = Arc::new(AtomicBool::new(true));
        solver.set_stop_flag(stop.clone());
        let wrong = looked(TWO_MOVES, 5);
        let later = Instant::now() + Duration::from_secs(60);
        assert!(find_mistakes(&[wrong], &mut solver, &stop, later).is_empty());
    }

    #[test]
    fn a_mistake_with_bounds_only_shows_the_loss_proven_and_no_puzzle() {
        let (_, pos, _) = looked(TWO_MOVES, 5);
        let b = |lower, upper| Some(Bounds { lower, upper });
        let mut l = Looked {
            ply: 3,
            game: Game::from_position(pos),
            played: 5,
            bounds: vec![None, None, None, None, b(20, 27), b(30, 30), None],
        };
        assert!(!l.exact() && !l.settled());
        assert_eq!(l.proven_loss(), Some(3));
        let m = l.to_json(3);
        assert_eq!(m["exact"], false);
        assert_eq!(m["bounds"][4], json!([20, 27]));
        assert!(m.get("values").is_none() && m.get("played_value").is_none());
        // Overlapping bounds prove nothing; a played move at least as good as any is settled.
        l.bounds[4] = b(20, 31);
        assert_eq!(l.proven_loss(), None);
        l.bounds[4] = b(30, 34);
        assert!(l.settled());
    }
}
