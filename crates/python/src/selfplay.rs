//! Self-play from Python with the same games as `rajapasu selfplay`: game `k` of a run with
//! seed `s` is seeded `stream_seed(s, k + 1)`, starts with the same random opening moves and
//! the same players, so any split of `0..games` into seed ranges (threads, processes, a Ray
//! cluster) plays exactly the games the command plays, and `summarize` gives its statistics.

use crate::game::json_to_py;
use crate::results::{checked_specs, from_dict, play_all, to_json};
use crate::rules::rules_arg;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use rajapasu_ai::arena::{self, raja_pasu, random_line, Seating};
use rajapasu_engine::rng::{stream_seed, Rng};
use rajapasu_engine::Game;

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
    let specs = checked_specs(&[south, north], rules)?;
    let jobs: Vec<u64> = (first..first.saturating_add(count)).collect();
    let games = play_all(py, jobs, threads, |&k| {
        // The opening's moves and the players' choices come from the game's seed.
        let seed = stream_seed(seed, k + 1);
        let game = Game::new(rules);
        let opening = random_line(&game, opening_plies, &mut Rng::new(seed));
        let seating = Seating {
            entrants: vec![0, 1],
            opening: 0,
            seed,
        };
        let start = game.position();
        let outcome = arena::play_seating(&specs, rules, start, &opening, &seating, usize::MAX);
        to_json(k, &outcome)
    });
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
