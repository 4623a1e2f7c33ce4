//! `Batch`: many games stepped at once for learning. Actions come in, and observations, action
//! masks and results go out, as flat native-endian buffers (bytes) that the Python side views
//! as numpy arrays without a copy per game (`rajapasu.batch`). One call steps every game with
//! the GIL released; there is no Python work per game.

use crate::errors::{raise, IllegalMoveError};
use crate::rules::rules_arg;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use rajapasu_engine::{Endless, Game, Move, Position, Side};

/// Values in an observation: both rows, then the captures and reserves.
pub fn obs_size(holes: usize) -> usize {
    2 * holes + 4
}

/// The observation of `pos` for its player to move: the mover's row then the opponent's, each
/// in hole order from its owner's left (a closed hole is -1), then the mover's captures, the
/// opponent's captures, the mover's reserve and the opponent's reserve. Seen from the mover's
/// side so one policy serves both players.
pub fn encode(pos: &Position, out: &mut Vec<i16>) {
    let me = pos.to_move();
    for side in [me, !me] {
        out.extend(pos.row(side).map(|c| c.map_or(-1, i16::from)));
    }
    for v in [
        pos.captured(me),
        pos.captured(!me),
        pos.reserve(me),
        pos.reserve(!me),
    ] {
        // Counts never exceed MAX_TOTAL (255), so they fit.
        out.push(v as i16);
    }
}

/// The legal moves of `game` as a bit mask (bit k: hole k+1).
fn mask_of(game: &Game) -> u32 {
    if game.status().is_over() {
        0
    } else if game.rules().endless == Endless::Forbid {
        game.legal_moves()
            .iter()
            .fold(0, |m, mv| m | 1 << (mv.number() - 1))
    } else {
        // Without the endless-sowing ban every occupied hole is legal, so the mask needs no
        // move list (the same shortcut as the engine's playout benchmark).
        game.position().occupied_mask()
    }
}

/// ``Batch(n, rules=None, auto_reset=True)``: ``n`` games from the start position, stepped
/// together. Use it through ``rajapasu.batch.Batch``, which returns numpy arrays.
#[pyclass(name = "Batch", module = "rajapasu._rajapasu")]
pub struct PyBatch {
    games: Vec<Game>,
    masks: Vec<u32>,
    fresh: Game,
    auto_reset: bool,
    holes: usize,
}

struct Outcome {
    done: Vec<u8>,
    winner: Vec<i8>,
    lead: Vec<i16>,
}

impl PyBatch {
    /// Steps every game; the actions were checked against the masks first.
    fn advance(&mut self, moves: &[Option<Move>]) -> Outcome {
        let n = self.games.len();
        let mut out = Outcome {
            done: vec![0; n],
            winner: vec![0; n],
            lead: vec![0; n],
        };
        for (k, (game, mv)) in self.games.iter_mut().zip(moves).enumerate() {
            let Some(mv) = mv else { continue };
            game.play(*mv);
            let status = game.status();
            if status.is_over() {
                out.done[k] = 1;
                out.winner[k] = match status.winner() {
                    Some(Side::South) => 1,
                    Some(Side::North) => -1,
                    None => 0,
                };
                if let Some(r) = game.rounds().last() {
                    out.lead[k] = r.captured.south as i16 - r.captured.north as i16;
                }
                if self.auto_reset {
                    *game = self.fresh.clone();
                }
            }
            self.masks[k] = mask_of(game);
        }
        out
    }

    fn observation_bytes<'py>(&self, py: Python<'py>) -> Arrays<'py> {
        let size = obs_size(self.holes);
        let mut obs = Vec::with_capacity(self.games.len() * size);
        let mut mask = Vec::with_capacity(self.games.len() * self.holes);
        let mut to_move = Vec::with_capacity(self.games.len());
        for (game, &m) in self.games.iter().zip(&self.masks) {
            encode(game.position(), &mut obs);
            mask.extend((0..self.holes).map(|k| (m >> k & 1) as u8));
            to_move.push(game.position().to_move().index() as u8);
        }
        let obs: Vec<u8> = obs.iter().flat_map(|v| v.to_ne_bytes()).collect();
        (
            PyBytes::new(py, &obs),
            PyBytes::new(py, &mask),
            PyBytes::new(py, &to_move),
        )
    }
}

/// Observations, masks and who is to move, as bytes.
type Arrays<'py> = (
    Bound<'py, PyBytes>,
    Bound<'py, PyBytes>,
    Bound<'py, PyBytes>,
);

#[pymethods]
impl PyBatch {
    #[new]
    #[pyo3(signature = (n, rules = None, auto_reset = true))]
    fn new(n: usize, rules: Option<&Bound<'_, PyAny>>, auto_reset: bool) -> PyResult<Self> {
        if !(1..=10_000_000).contains(&n) {
            return Err(PyValueError::new_err(format!(
                "a batch holds 1 to 10000000 games, not {n}"
            )));
        }
        let rules = rules_arg(rules)?;
        let fresh = Game::new(rules);
        let mask = mask_of(&fresh);
        Ok(PyBatch {
            games: vec![fresh.clone(); n],
            masks: vec![mask; n],
            fresh,
            auto_reset,
            holes: rules.holes(),
        })
    }

    /// Games in the batch.
    #[getter]
    fn n(&self) -> usize {
        self.games.len()
    }

    /// Holes in a row: actions run from 0 to ``holes - 1`` (hole ``a + 1``).
    #[getter]
    fn holes(&self) -> usize {
        self.holes
    }

    /// Values in one observation.
    #[getter]
    fn obs_size(&self) -> usize {
        obs_size(self.holes)
    }

    /// Puts every game back at the start.
    fn reset(&mut self) {
        let mask = mask_of(&self.fresh);
        for (g, m) in self.games.iter_mut().zip(self.masks.iter_mut()) {
            *g = self.fresh.clone();
            *m = mask;
        }
    }

    /// ``(observations int16, masks uint8, to_move uint8)`` as bytes.
    fn observe<'py>(&self, py: Python<'py>) -> Arrays<'py> {
        self.observation_bytes(py)
    }

    /// Plays ``actions`` (native int64 bytes, one per game; hole ``a + 1``; any value for a
    /// finished game without auto reset) and returns ``(observations, masks, to_move, done
    /// uint8, winner int8, lead int16)`` as bytes. Raises ``IllegalMoveError`` naming the
    /// first bad game, before any game is stepped.
    #[allow(clippy::type_complexity)]
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: &[u8],
    ) -> PyResult<(
        Bound<'py, PyBytes>,
        Bound<'py, PyBytes>,
        Bound<'py, PyBytes>,
        Bound<'py, PyBytes>,
        Bound<'py, PyBytes>,
        Bound<'py, PyBytes>,
    )> {
        let n = self.games.len();
        if actions.len() != 8 * n {
            return Err(PyValueError::new_err(format!(
                "expected {n} actions, got {}",
                actions.len() as f64 / 8.0
            )));
        }
        let mut moves = Vec::with_capacity(n);
        for (k, chunk) in actions.chunks_exact(8).enumerate() {
            let a = i64::from_ne_bytes(chunk.try_into().expect("8 bytes"));
            if self.masks[k] == 0 {
                // A finished game (no auto reset) takes no move.
                moves.push(None);
                continue;
            }
            let legal = (0..self.holes as i64).contains(&a) && self.masks[k] >> a & 1 == 1;
            if !legal {
                return Err(raise::<IllegalMoveError>(format!(
                    "game {k}: action {a} (hole {}) is not a legal move in {}",
                    a + 1,
                    self.games[k].position().code()
                )));
            }
            moves.push(Move::new(a as u8 + 1));
        }
        let out = py.detach(|| self.advance(&moves));
        let (obs, mask, to_move) = self.observation_bytes(py);
        let lead: Vec<u8> = out.lead.iter().flat_map(|v| v.to_ne_bytes()).collect();
        let winner: Vec<u8> = out.winner.iter().map(|&w| w as u8).collect();
        Ok((
            obs,
            mask,
            to_move,
            PyBytes::new(py, &out.done),
            PyBytes::new(py, &winner),
            PyBytes::new(py, &lead),
        ))
    }

    /// The position code of game ``k``.
    fn code(&self, k: usize) -> PyResult<String> {
        self.games
            .get(k)
            .map(|g| g.position().code())
            .ok_or_else(|| {
                PyValueError::new_err(format!("no game {k} in a batch of {}", self.games.len()))
            })
    }
}

/// The pure-Rust playout rate, measured as ``rajapasu bench`` measures it (random
/// single-round playouts from the start, one thread, for ``seconds``): a dict with
/// ``playouts``, ``moves``, ``seconds``, ``moves_per_second``. It is the yardstick for the
/// batch API's steps per second.
#[pyfunction]
#[pyo3(signature = (rules = None, seconds = 1.0, seed = 0x9E37_79B9_7F4A_7C15))]
pub fn bench_playouts(
    py: Python<'_>,
    rules: Option<&Bound<'_, PyAny>>,
    seconds: f64,
    seed: u64,
) -> PyResult<Py<pyo3::types::PyDict>> {
    if !(seconds > 0.0 && seconds <= 3600.0) {
        return Err(PyValueError::new_err("seconds must be between 0 and 3600"));
    }
    let rules = rules_arg(rules)?.single_round();
    let stats = py.detach(|| rajapasu_engine::bench::playouts_for(rules, seconds, seed));
    let d = pyo3::types::PyDict::new(py);
    d.set_item("playouts", stats.playouts)?;
    d.set_item("moves", stats.moves)?;
    d.set_item("seconds", stats.seconds)?;
    d.set_item("moves_per_second", stats.moves as f64 / stats.seconds)?;
    Ok(d.unbind())
}
