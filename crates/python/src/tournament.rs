//! Tournaments from Python with the games and table of `rajapasu tournament`: the openings
//! and pairings come from the seed as the command makes them, so any split of the pairing
//! indices (threads, a Ray cluster) plays the command's games, and `tournament_table` gives
//! its standings, head-to-head results and Elo.

use crate::game::json_to_py;
use crate::results::{checked_specs, from_dict, get, play_all, to_json};
use crate::rules::rules_arg;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use rajapasu_ai::arena::raja_pasu::{self, Outcome};
use rajapasu_ai::arena::{self, Seating};
use rajapasu_ai::spec::Spec;
use rajapasu_engine::{Game, Move, Position, Rules};

struct Setup {
    rules: Rules,
    specs: Vec<Spec>,
    openings: Vec<Vec<Move>>,
    pairings: Vec<Seating>,
}

/// The command's set-up: specs, openings and pairings from the seed.
fn setup(
    players: &[String],
    rules: Option<&Bound<'_, PyAny>>,
    openings: usize,
    opening_plies: usize,
    seed: u64,
    ladder: bool,
) -> PyResult<Setup> {
    let rules = rules_arg(rules)?;
    if players.len() < 2 {
        return Err(PyValueError::new_err(
            "a tournament needs two players or more",
        ));
    }
    let specs = checked_specs(players, rules)?;
    let openings = arena::openings(
        &Game::from_position(Position::start(rules)),
        openings,
        opening_plies,
        seed,
    );
    if openings.is_empty() {
        return Err(PyValueError::new_err(
            "no opening could be made from this position",
        ));
    }
    let pairings = if ladder {
        arena::ladder::<Game>(specs.len(), openings.len(), seed)
    } else {
        arena::round_robin::<Game>(specs.len(), openings.len(), seed)
    };
    Ok(Setup {
        rules,
        specs,
        openings,
        pairings,
    })
}

/// How many games the tournament has (pairings: every pair, every opening, both sides).
#[pyfunction]
#[pyo3(signature = (players, rules = None, openings = 10, opening_plies = 2, seed = 1, ladder = false))]
fn tournament_size(
    players: Vec<String>,
    rules: Option<&Bound<'_, PyAny>>,
    openings: usize,
    opening_plies: usize,
    seed: u64,
    ladder: bool,
) -> PyResult<usize> {
    let s = setup(&players, rules, openings, opening_plies, seed, ladder)?;
    Ok(s.pairings.len())
}

/// Plays the tournament's games ``first`` to ``first + count - 1`` (``players`` as player
/// specs; the other arguments as ``rajapasu tournament``'s options) with the GIL released,
/// on ``threads`` threads (0: every core): one dict a game, with ``game``, ``south`` and
/// ``north`` (player indices), ``opening``, ``winner``, ``margin``, ``moves`` (from the start,
/// the opening included), ``round_plies``, ``captures``, ``forfeit``.
#[pyfunction]
#[pyo3(signature = (players, rules = None, openings = 10, opening_plies = 2, seed = 1, ladder = false, first = 0, count = None, threads = 0))]
#[allow(clippy::too_many_arguments)]
fn tournament_games(
    py: Python<'_>,
    players: Vec<String>,
    rules: Option<&Bound<'_, PyAny>>,
    openings: usize,
    opening_plies: usize,
    seed: u64,
    ladder: bool,
    first: usize,
    count: Option<usize>,
    threads: usize,
) -> PyResult<Py<PyAny>> {
    let s = setup(&players, rules, openings, opening_plies, seed, ladder)?;
    let end = count.map_or(s.pairings.len(), |c| {
        first.saturating_add(c).min(s.pairings.len())
    });
    let jobs: Vec<usize> = (first.min(end)..end).collect();
    let start = Position::start(s.rules);
    let games = play_all(py, jobs, threads, |&k| {
        let p = &s.pairings[k];
        let o = arena::play_seating(
            &s.specs,
            s.rules,
            &start,
            &s.openings[p.opening],
            p,
            usize::MAX,
        );
        let mut game = to_json(k, &o);
        game["south"] = p.entrants[0].into();
        game["north"] = p.entrants[1].into();
        game["opening"] = p.opening.into();
        game
    });
    json_to_py(py, &games)
}

/// The output of ``rajapasu tournament --json`` (rules, openings, opening_plies, ladder, seed,
/// table: standings with Elo, head-to-head, opening pairs) from every game of the tournament,
/// as ``tournament_games`` gives them, in any order. The games are replayed to check them.
#[pyfunction]
#[pyo3(signature = (players, games, rules = None, openings = 10, opening_plies = 2, seed = 1, ladder = false))]
#[allow(clippy::too_many_arguments)]
fn tournament_table(
    py: Python<'_>,
    players: Vec<String>,
    games: Vec<Bound<'_, PyDict>>,
    rules: Option<&Bound<'_, PyAny>>,
    openings: usize,
    opening_plies: usize,
    seed: u64,
    ladder: bool,
) -> PyResult<Py<PyAny>> {
    let s = setup(&players, rules, openings, opening_plies, seed, ladder)?;
    let mut slots: Vec<Option<Outcome>> = (0..s.pairings.len()).map(|_| None).collect();
    for d in &games {
        let k: usize = get(d, "game")?.extract()?;
        if k >= slots.len() {
            return Err(PyValueError::new_err(format!(
                "game {k} is not in a tournament of {} games",
                slots.len()
            )));
        }
        slots[k] = Some(from_dict(d, s.rules, &format!("game {k}, "), "tabulated")?);
    }
    let outcomes = slots
        .into_iter()
        .enumerate()
        .map(|(k, o)| o.ok_or_else(|| PyValueError::new_err(format!("game {k} is missing"))))
        .collect::<PyResult<Vec<_>>>()?;
    let names: Vec<String> = s.specs.iter().map(|x| x.label.clone()).collect();
    let table = raja_pasu::tabulate(&names, &s.pairings, &outcomes);
    let out = serde_json::json!({
        "rules": s.rules.to_string(),
        "openings": s.openings.len(),
        "opening_plies": opening_plies,
        "ladder": ladder,
        "seed": seed,
        "table": table,
    });
    json_to_py(py, &out)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(tournament_size, m)?)?;
    m.add_function(wrap_pyfunction!(tournament_games, m)?)?;
    m.add_function(wrap_pyfunction!(tournament_table, m)?)?;
    Ok(())
}
