//! `Position`, `Game` and `Status`: the engine's positions and games, with traces as Python
//! objects (the engine's JSON event form, as dicts).

use crate::errors::{raise, CodeError, IllegalMoveError, PositionError};
use crate::rules::{rules_arg, PyRules};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use rajapasu_engine::{Event, Game, Move, Position, Side, Status};

/// Reads a side: ``"south"``, ``"north"``, ``"S"``, ``"N"`` (any case).
pub fn side_arg(s: &str) -> PyResult<Side> {
    s.parse::<Side>()
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

/// Reads a move number; numbers no board has are illegal moves, not crashes.
pub fn move_arg(n: i64) -> PyResult<Move> {
    u8::try_from(n)
        .ok()
        .and_then(Move::new)
        .ok_or_else(|| raise::<IllegalMoveError>(format!("there is no hole {n} to play")))
}

/// Turns a serde value into Python objects through `json`, so traces and round results read
/// in Python exactly as the engine's JSON writes them.
pub fn json_to_py<T: serde::Serialize + ?Sized>(py: Python<'_>, value: &T) -> PyResult<Py<PyAny>> {
    let text = serde_json::to_string(value)
        .map_err(|e| pyo3::exceptions::PyRuntimeError::new_err(e.to_string()))?;
    Ok(py.import("json")?.call_method1("loads", (text,))?.unbind())
}

/// Moves as Python sees them: hole numbers from the mover's left, from 1.
pub fn numbers(moves: &[Move]) -> Vec<u32> {
    moves.iter().map(|m| u32::from(m.number())).collect()
}

/// A position within a round: the board, the captures and reserves, and the player to move.
///
/// ``Position(code=None, rules=None)``: the start of a round, or the position a code gives
/// (``"3,1,0,0,0,14,0/14,2,14,14,1,14,2 N 15 4"``; RULES.md section 2).
#[pyclass(name = "Position", module = "rajapasu", eq)]
#[derive(Clone, PartialEq)]
pub struct PyPosition(pub Position);

#[pymethods]
impl PyPosition {
    #[new]
    #[pyo3(signature = (code = None, rules = None))]
    fn new(code: Option<&str>, rules: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let rules = rules_arg(rules)?;
        match code {
            None => Ok(PyPosition(Position::start(rules))),
            Some(c) => Position::from_code(c, rules)
                .map(PyPosition)
                .map_err(raise::<CodeError>),
        }
    }

    /// The position code.
    #[getter]
    fn code(&self) -> String {
        self.0.code()
    }

    /// The rule set.
    #[getter]
    fn rules(&self) -> PyRules {
        PyRules(*self.0.rules())
    }

    /// ``"south"`` or ``"north"``.
    #[getter]
    fn to_move(&self) -> &'static str {
        self.0.to_move().name()
    }

    /// The round's number, from 1.
    #[getter]
    fn round(&self) -> u32 {
        self.0.round()
    }

    /// Counters on the board.
    #[getter]
    fn on_board(&self) -> u32 {
        self.0.on_board()
    }

    /// Counters ``side`` captured in this round.
    fn captured(&self, side: &str) -> PyResult<u32> {
        Ok(self.0.captured(side_arg(side)?))
    }

    /// ``side``'s captures minus the other side's, in this round.
    fn lead(&self, side: &str) -> PyResult<i32> {
        Ok(self.0.lead(side_arg(side)?))
    }

    /// Counters ``side`` carried over from earlier rounds.
    fn reserve(&self, side: &str) -> PyResult<u32> {
        Ok(self.0.reserve(side_arg(side)?))
    }

    /// ``side``'s row in hole order, ``None`` for a closed hole.
    fn row(&self, side: &str) -> PyResult<Vec<Option<u8>>> {
        Ok(self.0.row(side_arg(side)?).collect())
    }

    /// The hole counts, South's row then North's (closed holes hold 0).
    #[getter]
    fn counts(&self) -> Vec<u32> {
        self.0.counts().iter().map(|&c| u32::from(c)).collect()
    }

    /// The legal moves (hole numbers from the mover's left, from 1).
    fn legal_moves(&self) -> Vec<u32> {
        numbers(&self.0.legal_moves())
    }

    /// Whether ``move`` may be played.
    fn is_legal(&self, r#move: i64) -> bool {
        move_arg(r#move).is_ok_and(|m| self.0.check_move(m).is_ok())
    }

    /// Plays ``move`` in place and returns its trace (a list of event dicts). The position
    /// knows nothing of history: round ends and repetitions are the ``Game``'s.
    fn play(&mut self, py: Python<'_>, r#move: i64) -> PyResult<Py<PyAny>> {
        let mv = move_arg(r#move)?;
        self.0.check_move(mv).map_err(raise::<IllegalMoveError>)?;
        let mut events: Vec<Event> = Vec::new();
        self.0.play_traced(mv, &mut events);
        json_to_py(py, &events)
    }

    /// This position with another board (``counts``: South's row then North's) and mover.
    fn with_board(&self, counts: Vec<u8>, to_move: &str) -> PyResult<Self> {
        self.0
            .with_board(&counts, side_arg(to_move)?)
            .map(PyPosition)
            .map_err(raise::<PositionError>)
    }

    /// The observation for the player to move, as ``rajapasu.batch`` and the PettingZoo
    /// environment give it: the mover's row, the opponent's row (closed holes -1), then the
    /// mover's and the opponent's captures and reserves.
    fn observation(&self) -> Vec<i16> {
        let mut out = Vec::with_capacity(crate::batch::obs_size(self.0.rules().holes()));
        crate::batch::encode(&self.0, &mut out);
        out
    }

    /// A copy.
    fn copy(&self) -> Self {
        self.clone()
    }

    fn __copy__(&self) -> Self {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
        self.clone()
    }

    fn __hash__(&self) -> u64 {
        self.0.hash()
    }

    fn __str__(&self) -> String {
        self.0.code()
    }

    fn __repr__(&self) -> String {
        format!("Position('{}', rules='{}')", self.0.code(), self.0.rules())
    }
}

/// Where a game stands: ``kind`` is ``"playing"``, ``"round_over"`` or ``"match_over"``.
#[pyclass(name = "Status", module = "rajapasu", frozen, eq)]
#[derive(Clone, Copy, PartialEq)]
pub struct PyStatus(pub Status);

#[pymethods]
impl PyStatus {
    /// ``"playing"``, ``"round_over"`` (single-round mode) or ``"match_over"``.
    #[getter]
    fn kind(&self) -> &'static str {
        match self.0 {
            Status::Playing => "playing",
            Status::RoundOver { .. } => "round_over",
            Status::MatchOver { .. } => "match_over",
        }
    }

    /// The winner of a finished game, ``None`` while playing or when drawn.
    #[getter]
    fn winner(&self) -> Option<&'static str> {
        self.0.winner().map(Side::name)
    }

    /// True unless the game goes on.
    #[getter]
    fn is_over(&self) -> bool {
        self.0.is_over()
    }

    fn __repr__(&self) -> String {
        match self.0.winner() {
            Some(w) => format!("Status('{}', winner='{}')", self.kind(), w.name()),
            None => format!("Status('{}')", self.kind()),
        }
    }
}

/// A game: a position with the history that rounds, repetitions and matches need.
///
/// ``Game(rules=None, code=None)``: a new match (or single round, under ``mode=round``), or a
/// game from the position ``code``.
#[pyclass(name = "Game", module = "rajapasu")]
#[derive(Clone)]
pub struct PyGame(pub Game);

#[pymethods]
impl PyGame {
    #[new]
    #[pyo3(signature = (rules = None, code = None))]
    fn new(rules: Option<&Bound<'_, PyAny>>, code: Option<&str>) -> PyResult<Self> {
        let rules = rules_arg(rules)?;
        match code {
            None => Ok(PyGame(Game::new(rules))),
            Some(c) => Game::from_code(c, rules)
                .map(PyGame)
                .map_err(raise::<CodeError>),
        }
    }

    /// A game that starts from ``position``.
    #[staticmethod]
    fn from_position(position: &PyPosition) -> Self {
        PyGame(Game::from_position(position.0))
    }

    /// The current position (a copy).
    #[getter]
    fn position(&self) -> PyPosition {
        PyPosition(*self.0.position())
    }

    /// The position the game started from.
    #[getter]
    fn start(&self) -> PyPosition {
        PyPosition(*self.0.start())
    }

    /// The rule set.
    #[getter]
    fn rules(&self) -> PyRules {
        PyRules(*self.0.rules())
    }

    /// Where the game stands.
    #[getter]
    fn status(&self) -> PyStatus {
        PyStatus(self.0.status())
    }

    /// Who leads the current round.
    #[getter]
    fn leader(&self) -> &'static str {
        self.0.leader().name()
    }

    /// ``"south"`` or ``"north"``.
    #[getter]
    fn to_move(&self) -> &'static str {
        self.0.position().to_move().name()
    }

    /// The moves played, in order.
    #[getter]
    fn moves(&self) -> Vec<u32> {
        numbers(self.0.moves())
    }

    /// The finished rounds, as dicts (``round``, ``leader``, ``captured``, ``winner``,
    /// ``ended_by``).
    #[getter]
    fn rounds(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        json_to_py(py, self.0.rounds())
    }

    /// How often the current position has occurred in this round (3 ends it).
    #[getter]
    fn occurrences(&self) -> usize {
        self.0.occurrences()
    }

    /// The legal moves; empty when the game is over.
    fn legal_moves(&self) -> Vec<u32> {
        numbers(&self.0.legal_moves())
    }

    /// Plays ``move`` and returns its trace, round end and refill included, as event dicts.
    /// Raises ``IllegalMoveError`` (and changes nothing) for a move that may not be played.
    fn play(&mut self, py: Python<'_>, r#move: i64) -> PyResult<Py<PyAny>> {
        let mv = move_arg(r#move)?;
        let mut events: Vec<Event> = Vec::new();
        self.0
            .play_traced(mv, &mut events)
            .map_err(raise::<IllegalMoveError>)?;
        json_to_py(py, &events)
    }

    /// Takes back the last move and returns it, or ``None`` at the start.
    fn undo(&mut self) -> Option<u8> {
        self.0.undo().map(|m| m.number())
    }

    /// The game as the JSON view the server and ``rajapasu`` write, as a dict.
    fn view(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        json_to_py(py, &rajapasu_engine::GameView::new(&self.0))
    }

    /// A copy.
    fn copy(&self) -> Self {
        self.clone()
    }

    fn __copy__(&self) -> Self {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
        self.clone()
    }

    fn __repr__(&self) -> String {
        format!(
            "Game(rules='{}', position='{}', moves={})",
            self.0.rules(),
            self.0.position().code(),
            self.0.moves().len()
        )
    }
}
