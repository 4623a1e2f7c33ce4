//! `Batch`: many games stepped at once for learning. Actions come in, and observations, action
//! masks and results go out, as flat native-endian buffers (bytes) that the Python side views
//! as numpy arrays without a copy per game (`rajapasu.batch`). One call steps every game with
//! the GIL released; there is no Python work per game.

use crate::errors::{raise, IllegalMoveError};
use crate::rules::rules_arg;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use rajapasu_engine::{Game, Move, Position, Side};

/// Values in an observation: both rows, then the captures and reserves.
pub fn obs_size(holes: usize) -> usize {
    2 * holes + 4
}

/// The observation of `pos` for its player to move: the mover's row then the opponent's, each
/// in hole order from its owner's left (a closed hole is -1), then the mover's captures, the
/// opponent's captures, the mover's reserve and the opponent's reserve. Seen from the mover's
/// side so one policy serves both players.
pub fn encode(pos: &Position, out: &mut Vec<i16>) {
    let start = out.len();
    out.resize(start + obs_size(pos.rules().holes()), 0);
    encode_into(pos, &mut out[start..]);
}

/// [`encode`] into `out`, which holds exactly one observation.
#[inline]
fn encode_into(pos: &Position, out: &mut [i16]) {
    let n = pos.rules().holes();
    let me = pos.to_move();
    let counts = pos.counts();
    for (row, side) in out.chunks_exact_mut(n).zip([me, !me]) {
        let closed = !pos.open_mask(side);
        let holes = &counts[side.index() * n..][..n];
        for (k, (o, &c)) in row.iter_mut().zip(holes).enumerate() {
            // A closed hole counts 0, so subtracting its bit gives -1 (no branch).
            *o = i16::from(c) - (closed >> k & 1) as i16;
        }
    }
    // Counts never exceed MAX_TOTAL (255), so they fit.
    out[2 * n..].copy_from_slice(&[
        pos.captured(me) as i16,
        pos.captured(!me) as i16,
        pos.reserve(me) as i16,
        pos.reserve(!me) as i16,
    ]);
}

/// ``Batch(n, rules=None, auto_reset=True)``: ``n`` games from the start position, stepped
/// together. Use it through ``rajapasu.batch.Batch``, which returns numpy arrays.
#[pyclass(name = "Batch", module = "rajapasu._rajapasu")]
pub struct PyBatch {
    games: Vec<Game>,
    start: Position,
    auto_reset: bool,
    holes: usize,
    /// What a step returns, kept from one step to the next so that no step allocates.
    out: Outputs,
}

/// One step's results, game by game, in the layouts `rajapasu.batch` views them in.
#[derive(Default)]
struct Outputs {
    obs: Vec<i16>,
    mask: Vec<u8>,
    legal: Vec<u16>,
    to_move: Vec<u8>,
    done: Vec<u8>,
    winner: Vec<i8>,
    lead: Vec<i16>,
    reward: Vec<f32>,
}

impl PyBatch {
    /// Plays `moves[k]` in game `k` (`None`: none), and writes every game's results and new
    /// observation in one pass; the moves were checked against the legal moves first.
    fn advance(&mut self, moves: &[Option<Move>]) {
        let (n, holes) = (self.games.len(), self.holes);
        let out = &mut self.out;
        out.done.clear();
        out.done.resize(n, 0);
        out.winner.clear();
        out.winner.resize(n, 0);
        out.lead.clear();
        out.lead.resize(n, 0);
        out.reward.clear();
        out.reward.resize(n, 0.0);
        let games = self.games.iter_mut().zip(moves);
        for (k, (game, mv)) in games.enumerate() {
            if let Some(mv) = mv {
                let mover = game.position().to_move();
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
                        let lead = r.captured.south as i16 - r.captured.north as i16;
                        out.lead[k] = lead;
                        out.reward[k] = f32::from(if mover == Side::South { lead } else { -lead });
                    }
                    if self.auto_reset {
                        game.reset(self.start);
                    }
                }
            }
            observe_game(game, holes, out, k);
        }
    }

    /// Sizes the observation buffers for the batch.
    fn size_outputs(&mut self) {
        let (n, holes) = (self.games.len(), self.holes);
        self.out.obs.resize(n * obs_size(holes), 0);
        self.out.mask.resize(n * holes, 0);
        self.out.legal.resize(n, 0);
        self.out.to_move.resize(n, 0);
    }

    fn observe_all(&mut self) {
        for (k, game) in self.games.iter().enumerate() {
            observe_game(game, self.holes, &mut self.out, k);
        }
    }

    fn observation_bytes<'py>(&self, py: Python<'py>) -> Arrays<'py> {
        let out = &self.out;
        (
            bytes_of(py, &out.obs),
            PyBytes::new(py, &out.mask),
            PyBytes::new(py, &out.to_move),
            bytes_of(py, &out.legal),
        )
    }
}

/// Writes game `k`'s observation, legal moves and side to move into `out`.
#[inline]
fn observe_game(game: &Game, holes: usize, out: &mut Outputs, k: usize) {
    let size = obs_size(holes);
    encode_into(game.position(), &mut out.obs[k * size..][..size]);
    let legal = game.legal_mask();
    let mask = &mut out.mask[k * holes..][..holes];
    for (bytes, bits) in mask.chunks_mut(8).zip([legal & 0xff, legal >> 8]) {
        bytes.copy_from_slice(&BYTES_OF_BITS[bits as usize].to_le_bytes()[..bytes.len()]);
    }
    // At most MAX_ROW (12) holes.
    out.legal[k] = legal as u16;
    out.to_move[k] = game.position().to_move().index() as u8;
}

/// For each 8-bit set, eight bytes of 0 or 1, byte `k` for bit `k`: a game's legal moves
/// become mask bytes eight at a time.
const BYTES_OF_BITS: [u64; 256] = {
    let mut table = [0u64; 256];
    let mut bits = 0;
    while bits < 256 {
        let mut k = 0;
        while k < 8 {
            table[bits] |= ((bits as u64 >> k) & 1) << (8 * k);
            k += 1;
        }
        bits += 1;
    }
    table
};

/// The native-endian bytes of `values`, which numpy views with the same type.
fn bytes_of<'py, T: Copy + ToNeBytes>(py: Python<'py>, values: &[T]) -> Bound<'py, PyBytes> {
    let width = core::mem::size_of::<T>();
    PyBytes::new_with(py, core::mem::size_of_val(values), |buf| {
        for (chunk, v) in buf.chunks_exact_mut(width).zip(values) {
            v.write_ne(chunk);
        }
        Ok(())
    })
    .expect("writing into a new bytes object cannot fail")
}

/// The numbers a batch hands to numpy.
trait ToNeBytes {
    fn write_ne(&self, out: &mut [u8]);
}

macro_rules! to_ne_bytes {
    ($($t:ty),*) => {$(
        impl ToNeBytes for $t {
            #[inline(always)]
            fn write_ne(&self, out: &mut [u8]) {
                out.copy_from_slice(&self.to_ne_bytes());
            }
        }
    )*};
}
to_ne_bytes!(i16, u16, i8, f32);

/// Observations, masks, who is to move and the legal moves as bits, as bytes.
type Arrays<'py> = (
    Bound<'py, PyBytes>,
    Bound<'py, PyBytes>,
    Bound<'py, PyBytes>,
    Bound<'py, PyBytes>,
);

/// What `step` returns: the arrays of [`Arrays`], then done, winner, lead and reward.
type StepArrays<'py> = (
    Bound<'py, PyBytes>,
    Bound<'py, PyBytes>,
    Bound<'py, PyBytes>,
    Bound<'py, PyBytes>,
    Bound<'py, PyBytes>,
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
        let start = Position::start(rules);
        let mut batch = PyBatch {
            // Nothing looks back at a batch game's moves: keep none.
            games: vec![Game::unrecorded(start); n],
            start,
            auto_reset,
            holes: rules.holes(),
            out: Outputs::default(),
        };
        batch.size_outputs();
        batch.observe_all();
        Ok(batch)
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
        for g in &mut self.games {
            g.reset(self.start);
        }
        self.observe_all();
    }

    /// ``(observations int16, masks uint8, to_move uint8, legal uint16)`` as bytes; ``legal``
    /// holds each game's legal moves as bits (bit ``a``: action ``a``).
    fn observe<'py>(&self, py: Python<'py>) -> Arrays<'py> {
        self.observation_bytes(py)
    }

    /// Plays ``actions`` (native int64 bytes, one per game; hole ``a + 1``; any value for a
    /// finished game without auto reset) and returns ``(observations, masks, to_move, legal,
    /// done uint8, winner int8, lead int16, reward float32)`` as bytes. Raises
    /// ``IllegalMoveError`` naming the first bad game, before any game is stepped.
    fn step<'py>(&mut self, py: Python<'py>, actions: &[u8]) -> PyResult<StepArrays<'py>> {
        let n = self.games.len();
        if actions.len() != 8 * n {
            return Err(PyValueError::new_err(format!(
                "expected {n} actions, got {}",
                actions.len() as f64 / 8.0
            )));
        }
        let mut moves = Vec::with_capacity(n);
        // The legal moves as the last observation gave them, which are the games' own: one
        // small array to read rather than every game.
        for (k, (chunk, &legal)) in actions.chunks_exact(8).zip(&self.out.legal).enumerate() {
            let a = i64::from_ne_bytes(chunk.try_into().expect("8 bytes"));
            let legal = u32::from(legal);
            debug_assert_eq!(legal, self.games[k].legal_mask());
            if legal == 0 {
                // A finished game (no auto reset) takes no move.
                moves.push(None);
                continue;
            }
            if !((0..self.holes as i64).contains(&a) && legal >> a & 1 == 1) {
                return Err(raise::<IllegalMoveError>(format!(
                    "game {k}: action {a} (hole {}) is not a legal move in {}",
                    a + 1,
                    self.games[k].position().code()
                )));
            }
            moves.push(Move::new(a as u8 + 1));
        }
        py.detach(|| self.advance(&moves));
        let (obs, mask, to_move, legal) = self.observation_bytes(py);
        let out = &self.out;
        Ok((
            obs,
            mask,
            to_move,
            legal,
            PyBytes::new(py, &out.done),
            bytes_of(py, &out.winner),
            bytes_of(py, &out.lead),
            bytes_of(py, &out.reward),
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
