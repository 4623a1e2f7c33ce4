//! Self-play from Python with the same games as `rajapasu selfplay`: game `k` of a run with
//! seed `s` is seeded `stream_seed(s, k + 1)`, starts with the same random opening moves and
//! the same players, so any split of `0..games` into seed ranges (threads, processes, a Ray
//! cluster) plays exactly the games the command plays, and `summarize` gives its statistics.

use crate::errors::{raise, RajapasuError};
use crate::game::json_to_py;
use crate::results::{from_dict, play_all, to_json};
use crate::rules::rules_arg;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use rajapasu_ai::arena::raja_pasu::{self, Outcome};
use rajapasu_ai::spec::Spec;
use rajapasu_engine::rng::{stream_seed, Rng};
use rajapasu_engine::{Game, Rules};

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
    let jobs: Vec<u64> = (first..first.saturating_add(count)).collect();
    let results = play_all(py, jobs, threads, |&k| {
        play_one(rules, &south, &north, seed, opening_plies, k).map(|o| to_json(k, &o))
    });
    let games = results
        .into_iter()
        .collect::<Result<Vec<_>, _>>()
        .map_err(raise::<RajapasuError>)?;
    json_to_py(py, &games)
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
    let outcomes = games
        .iter()
        .map(|d| from_dict(d, rules, "", "summarized"))
        .collect::<PyResult<Vec<_>>>()?;
    let summary = raja_pasu::summarize(&rules, &outcomes);
    json_to_py(py, &summary)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(selfplay_games, m)?)?;
    m.add_function(wrap_pyfunction!(summarize, m)?)?;
    Ok(())
}
