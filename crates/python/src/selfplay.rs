//! Self-play from Python with the same games as `rajapasu selfplay`: game `k` of a run with
//! seed `s` is seeded `stream_seed(s, k + 1)`, starts with the same random opening moves and
//! the same players, so any split of `0..games` into seed ranges (threads, processes, a Ray
//! cluster) plays exactly the games the command plays, and `summarize` gives its statistics.

use crate::errors::{raise, RajapasuError, RulesError};
use crate::game::json_to_py;
use crate::rules::rules_arg;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use rajapasu_ai::arena;
use rajapasu_ai::arena::raja_pasu::{self, Captures, Outcome};
use rajapasu_ai::spec::Spec;
use rajapasu_engine::rng::{stream_seed, Rng};
use rajapasu_engine::{Game, Move, Rules, Side};

fn spec_arg(text: &str) -> PyResult<Spec> {
    text.parse::<Spec>().map_err(raise::<RajapasuError>)
}

/// Plays game `k` as `rajapasu selfplay` does (its per-game seeding and opening moves).
fn play_one(
    rules: Rules,
    south: &Spec,
    north: &Spec,
    seed: u64,
    opening_plies: usize,
    k: u64,
) -> Result<Outcome, String> {
    let seed = stream_seed(seed, k + 1);
    let mut rng = Rng::new(seed);
    let mut game = Game::new(rules);
    for _ in 0..opening_plies {
        let ms = game.legal_moves();
        if ms.is_empty() {
            break;
        }
        game.play(ms[rng.below(ms.len())]);
    }
    let s = south.build(rules, seed ^ 1).map_err(|e| e.to_string())?;
    let n = north.build(rules, seed ^ 2).map_err(|e| e.to_string())?;
    Ok(raja_pasu::play_game(game, &mut [s, n]))
}

fn side_value(side: Option<Side>) -> serde_json::Value {
    side.map_or(serde_json::Value::Null, |s| s.name().into())
}

/// Plays the self-play games ``first`` to ``first + count - 1`` of a run (``rules``, players
/// ``south`` and ``north`` as player specs such as ``"level:2"`` or ``"random"``, ``seed``,
/// ``opening_plies``) with the GIL released, on ``threads`` threads (0: every core). Returns
/// one dict a game: ``game`` (its index), ``winner``, ``margin``, ``moves``, ``round_plies``,
/// ``captures``, ``forfeit``; ``summarize`` turns any collection of them into the command's
/// statistics.
#[pyfunction]
#[pyo3(signature = (rules = None, south = "level:2", north = "level:2", seed = 1, first = 0, count = 1, opening_plies = 2, threads = 0))]
#[allow(clippy::too_many_arguments)]
fn selfplay_games(
    py: Python<'_>,
    rules: Option<&Bound<'_, PyAny>>,
    south: &str,
    north: &str,
    seed: u64,
    first: u64,
    count: u64,
    opening_plies: usize,
    threads: usize,
) -> PyResult<Py<PyAny>> {
    let rules = rules_arg(rules)?;
    let (south, north) = (spec_arg(south)?, spec_arg(north)?);
    // Building once up front turns a bad spec into an exception, not a failed game.
    south.build(rules, 0).map_err(raise::<RajapasuError>)?;
    north.build(rules, 0).map_err(raise::<RajapasuError>)?;
    let threads = if threads == 0 {
        arena::default_threads()
    } else {
        threads
    };
    let jobs: Vec<u64> = (first..first.saturating_add(count)).collect();
    let results = py.detach(|| {
        arena::run_parallel(
            jobs,
            threads,
            |&k| {
                play_one(rules, &south, &north, seed, opening_plies, k).map(|o| {
                    serde_json::json!({
                        "game": k,
                        "winner": side_value(o.winner),
                        "margin": o.margin,
                        "moves": o.game.moves().iter().map(|m| m.number()).collect::<Vec<_>>(),
                        "round_plies": o.round_plies,
                        "captures": o.captures,
                        "forfeit": o.forfeit.as_ref().map(|(s, e)| serde_json::json!({"side": s.name(), "error": e.to_string()})),
                    })
                })
            },
            |_, _| {},
        )
    });
    let games = results
        .into_iter()
        .collect::<Result<Vec<_>, _>>()
        .map_err(raise::<RajapasuError>)?;
    json_to_py(py, &games)
}

fn get<'py>(d: &Bound<'py, PyDict>, key: &str) -> PyResult<Bound<'py, PyAny>> {
    d.get_item(key)?
        .ok_or_else(|| PyValueError::new_err(format!("a game result needs `{key}`")))
}

/// The statistics of ``rajapasu selfplay`` (win rate with its Wilson interval, margins, round
/// counts and lengths, captures by kind) over game results from ``selfplay_games``, as the
/// dict its ``--json`` output holds for one rule set. The games are replayed to check them.
#[pyfunction]
#[pyo3(signature = (rules, games))]
fn summarize(
    py: Python<'_>,
    rules: Option<&Bound<'_, PyAny>>,
    games: Vec<Bound<'_, PyDict>>,
) -> PyResult<Py<PyAny>> {
    let rules = rules_arg(rules)?;
    let mut outcomes = Vec::with_capacity(games.len());
    for d in &games {
        let moves: Vec<u8> = get(d, "moves")?.extract()?;
        let mut game = Game::new(rules);
        for (i, &m) in moves.iter().enumerate() {
            let mv = Move::new(m)
                .ok_or_else(|| raise::<RulesError>(format!("move {} is no hole: {m}", i + 1)))?;
            game.try_play(mv).map_err(|e| {
                raise::<crate::errors::IllegalMoveError>(format!("move {}: {e}", i + 1))
            })?;
        }
        let winner: Option<String> = get(d, "winner")?.extract()?;
        let winner = winner.as_deref().and_then(Side::from_name);
        let c = get(d, "captures")?;
        let c = c.cast::<PyDict>()?;
        let captures = Captures {
            fours: get(c, "fours")?.extract()?,
            fours_to_mover: get(c, "fours_to_mover")?.extract()?,
            pussa: get(c, "pussa")?.extract()?,
            round_end: get(c, "round_end")?.extract()?,
        };
        let forfeit = if get(d, "forfeit")?.is_none() {
            None
        } else {
            return Err(PyValueError::new_err(
                "games with a forfeit cannot be summarized from Python yet",
            ));
        };
        outcomes.push(Outcome {
            game,
            winner,
            margin: get(d, "margin")?.extract()?,
            round_plies: get(d, "round_plies")?.extract()?,
            captures,
            forfeit,
        });
    }
    let summary = raja_pasu::summarize(&rules, &outcomes);
    json_to_py(py, &summary)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(selfplay_games, m)?)?;
    m.add_function(wrap_pyfunction!(summarize, m)?)?;
    Ok(())
}
