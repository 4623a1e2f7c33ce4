//! The search from Python: `analyze`, `best_move`, the levels, and the endgame table's probe.
//! Searches run with the GIL released, so other Python threads go on meanwhile.

use crate::errors::{raise, LevelError, TableError};
use crate::game::{numbers, PyGame, PyPosition};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use rajapasu_ai::search::{Limits, Searcher};
use rajapasu_ai::{analysis, choose_move, Level};
use rajapasu_engine::Game;
use std::path::PathBuf;
use std::time::Duration;

/// A `Game`, or a `Position` taken as the start of a game.
fn game_arg(obj: &Bound<'_, PyAny>) -> PyResult<Game> {
    if let Ok(g) = obj.extract::<PyRef<'_, PyGame>>() {
        Ok(g.0.clone())
    } else if let Ok(p) = obj.extract::<PyRef<'_, PyPosition>>() {
        Ok(Game::from_position(p.0))
    } else {
        Err(pyo3::exceptions::PyTypeError::new_err(
            "expected a Game or a Position",
        ))
    }
}

fn seconds(s: f64) -> PyResult<Duration> {
    if s.is_finite() && s > 0.0 && s <= 86_400.0 {
        Ok(Duration::from_secs_f64(s))
    } else {
        Err(PyValueError::new_err(format!(
            "movetime must be between 0 and 86400 seconds, not {s}"
        )))
    }
}

/// Scores every legal move with a search of about ``movetime`` seconds (or to ``depth``),
/// best first: a list of dicts with ``move``, ``score`` (counters for the player to move; a
/// decided game scores 1000 or more in absolute value), ``pv`` and ``proven`` (``(lower,
/// upper)`` bounds proven in single rounds, or ``None``). Empty when the game is over.
#[pyfunction]
#[pyo3(signature = (game, movetime = 0.1, depth = None))]
fn analyze(
    py: Python<'_>,
    game: &Bound<'_, PyAny>,
    movetime: f64,
    depth: Option<u32>,
) -> PyResult<Vec<Py<PyDict>>> {
    let game = game_arg(game)?;
    let limits = Limits {
        movetime: Some(seconds(movetime)?),
        depth,
        ..Limits::default()
    };
    let scores = py.detach(move || {
        let mut searcher = Searcher::new(20);
        analysis::analyze_with(&mut searcher, &game, &limits)
    });
    scores
        .into_iter()
        .map(|s| {
            let d = PyDict::new(py);
            d.set_item("move", s.mv.number())?;
            d.set_item("score", s.score)?;
            d.set_item("pv", numbers(&s.pv))?;
            d.set_item("proven", s.proven.map(|b| (b.lower, b.upper)))?;
            Ok(d.unbind())
        })
        .collect()
}

/// The move the strength ``level`` (1 to 7; 7 plays the proven strategy) plays, as a dict with ``move``, ``score``,
/// ``depth``, ``nodes`` and ``pv``; ``None`` when the game is over. ``seed`` drives the weaker
/// levels' deliberate mistakes, so the same seed gives the same move.
#[pyfunction]
#[pyo3(signature = (game, level = 3, seed = 0))]
fn best_move(
    py: Python<'_>,
    game: &Bound<'_, PyAny>,
    level: i64,
    seed: u64,
) -> PyResult<Option<Py<PyDict>>> {
    let game = game_arg(game)?;
    let level = u8::try_from(level)
        .map_err(|_| rajapasu_ai::LevelError::NoSuchLevel(level.unsigned_abs()))
        .and_then(Level::try_from)
        .map_err(raise::<LevelError>)?;
    let choice = py.detach(move || choose_move(&game, level, seed));
    choice
        .map(|c| {
            let d = PyDict::new(py);
            d.set_item("move", c.mv.number())?;
            d.set_item("score", c.score)?;
            d.set_item("depth", c.depth)?;
            d.set_item("nodes", c.nodes)?;
            d.set_item("pv", numbers(&c.pv))?;
            Ok(d.unbind())
        })
        .transpose()
}

/// The strength levels as ``(number, name, description)``, weakest first.
#[pyfunction]
fn levels() -> Vec<(u8, &'static str, &'static str)> {
    Level::ALL
        .iter()
        .map(|l| (l.number(), l.name(), l.description()))
        .collect()
}

/// Uses the endgame tables under ``path`` (one directory per rule set, as ``rajapasu
/// tablebase build`` writes them) for the search and ``probe``; ``None`` uses none.
#[pyfunction]
#[pyo3(signature = (path))]
fn set_tablebase(path: Option<PathBuf>) -> PyResult<()> {
    if let Some(p) = &path {
        if !p.is_dir() {
            return Err(raise::<TableError>(format!(
                "no endgame table directory at {}",
                p.display()
            )));
        }
    }
    rajapasu_ai::table::set_root(path);
    Ok(())
}

/// The directory set with ``set_tablebase``, if any.
#[pyfunction]
fn tablebase_root() -> Option<PathBuf> {
    rajapasu_ai::table::current_root()
}

/// The endgame table's values of ``position`` for its player to move, as ``(lower, upper)``
/// (equal when exact; captures still to come), or ``None`` when no table holds it.
#[pyfunction]
fn probe(py: Python<'_>, position: &PyPosition) -> Option<(i8, i8)> {
    let pos = position.0;
    py.detach(move || {
        let table = rajapasu_ai::table::for_rules(pos.rules())?;
        table.probe(&pos).map(|v| (v.lower, v.upper))
    })
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(analyze, m)?)?;
    m.add_function(wrap_pyfunction!(best_move, m)?)?;
    m.add_function(wrap_pyfunction!(levels, m)?)?;
    m.add_function(wrap_pyfunction!(set_tablebase, m)?)?;
    m.add_function(wrap_pyfunction!(tablebase_root, m)?)?;
    m.add_function(wrap_pyfunction!(probe, m)?)?;
    Ok(())
}
