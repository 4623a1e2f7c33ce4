//! Games between Rust and Python, the same for `selfplay_games` and `tournament_games`: the
//! players checked, the games played on threads with the GIL released, their results written
//! as dicts and read back (replayed to check them) for the statistics.

use crate::errors::{raise, IllegalMoveError, RajapasuError};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use rajapasu_ai::arena;
use rajapasu_ai::arena::raja_pasu::{Captures, Outcome};
use rajapasu_ai::spec::Spec;
use rajapasu_engine::{Game, Move, Rules, Side};

/// The players of `specs` (such as ``"level:2"``), each built once up front so that a bad one
/// is an exception rather than a failed game.
pub fn checked_specs(specs: &[impl AsRef<str>], rules: Rules) -> PyResult<Vec<Spec>> {
    let check = |text: &str| -> PyResult<Spec> {
        let spec: Spec = text.parse().map_err(raise::<RajapasuError>)?;
        spec.build(rules, 0).map_err(raise::<RajapasuError>)?;
        Ok(spec)
    };
    specs.iter().map(|s| check(s.as_ref())).collect()
}

/// Runs `play` on every job on `threads` threads (0: every core), with the GIL released.
pub fn play_all<J: Send + Sync, R: Send>(
    py: Python<'_>,
    jobs: Vec<J>,
    threads: usize,
    play: impl Fn(&J) -> R + Send + Sync,
) -> Vec<R> {
    let threads = if threads == 0 {
        arena::default_threads()
    } else {
        threads
    };
    py.detach(|| arena::run_parallel(jobs, threads, play, |_, _| {}))
}

/// Game `k`'s result as a dict: ``game``, ``winner``, ``margin``, ``moves``, ``round_plies``,
/// ``captures``, ``forfeit``.
pub fn to_json(k: impl serde::Serialize, o: &Outcome) -> serde_json::Value {
    serde_json::json!({
        "game": k,
        "winner": o.winner.map(Side::name),
        "margin": o.margin,
        "moves": o.game.moves().iter().map(|m| m.number()).collect::<Vec<_>>(),
        "round_plies": o.round_plies,
        "captures": o.captures,
        "forfeit": o.forfeit.as_ref().map(|(s, e)| serde_json::json!({"side": s.name(), "error": e.to_string()})),
    })
}

/// `d[key]`, or an error naming the key.
pub fn get<'py>(d: &Bound<'py, PyDict>, key: &str) -> PyResult<Bound<'py, PyAny>> {
    d.get_item(key)?
        .ok_or_else(|| PyValueError::new_err(format!("a game result needs `{key}`")))
}

/// Reads back a result written by [`to_json`], its moves replayed under `rules`; `label` begins
/// the errors that name a move (such as ``game 3, ``), and the statistics are `made` from the
/// results (``summarized``), which a forfeit cannot be yet.
pub fn from_dict(
    d: &Bound<'_, PyDict>,
    rules: Rules,
    label: &str,
    made: &str,
) -> PyResult<Outcome> {
    let moves: Vec<u8> = get(d, "moves")?.extract()?;
    let mut game = Game::new(rules);
    for (i, &m) in moves.iter().enumerate() {
        let mv = Move::new(m).ok_or_else(|| {
            raise::<IllegalMoveError>(format!("{label}move {}: no hole {m}", i + 1))
        })?;
        game.try_play(mv)
            .map_err(|e| raise::<IllegalMoveError>(format!("{label}move {}: {e}", i + 1)))?;
    }
    if !get(d, "forfeit")?.is_none() {
        return Err(PyValueError::new_err(format!(
            "games with a forfeit cannot be {made} from Python yet"
        )));
    }
    let winner: Option<String> = get(d, "winner")?.extract()?;
    let c = get(d, "captures")?;
    let c = c.cast::<PyDict>()?;
    Ok(Outcome {
        game,
        winner: winner.as_deref().and_then(Side::from_name),
        margin: get(d, "margin")?.extract()?,
        round_plies: get(d, "round_plies")?.extract()?,
        captures: Captures {
            fours: get(c, "fours")?.extract()?,
            fours_to_mover: get(c, "fours_to_mover")?.extract()?,
            pussa: get(c, "pussa")?.extract()?,
            round_end: get(c, "round_end")?.extract()?,
        },
        forfeit: None,
    })
}
