//! `Record`: game records in the plain-text format and JSON, read and written.

use crate::errors::{raise, RecordError};
use crate::game::{numbers, PyGame, PyPosition};
use crate::rules::PyRules;
use pyo3::prelude::*;
use rajapasu_engine::record::Record;

/// A game record: tags, rule set, start position and moves (RULES.md section 7).
#[pyclass(name = "Record", module = "rajapasu", eq)]
#[derive(Clone, PartialEq)]
pub struct PyRecord(pub Record);

#[pymethods]
impl PyRecord {
    /// Reads either format: JSON if the text starts with ``{``, else plain text.
    #[staticmethod]
    fn parse(text: &str) -> PyResult<Self> {
        Record::parse(text)
            .map(PyRecord)
            .map_err(raise::<RecordError>)
    }

    /// Reads the plain-text format.
    #[staticmethod]
    fn parse_text(text: &str) -> PyResult<Self> {
        Record::parse_text(text)
            .map(PyRecord)
            .map_err(raise::<RecordError>)
    }

    /// Reads the JSON format.
    #[staticmethod]
    fn parse_json(text: &str) -> PyResult<Self> {
        Record::parse_json(text)
            .map(PyRecord)
            .map_err(raise::<RecordError>)
    }

    /// The record of ``game``, with ``tags`` (a dict or a list of pairs, kept in order).
    #[staticmethod]
    #[pyo3(signature = (game, tags = None))]
    fn from_game(game: &PyGame, tags: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let tags: Vec<(String, String)> = match tags {
            None => Vec::new(),
            Some(t) if t.is_instance_of::<pyo3::types::PyDict>() => t
                .cast::<pyo3::types::PyDict>()?
                .iter()
                .map(|(k, v)| Ok((k.extract()?, v.extract()?)))
                .collect::<PyResult<_>>()?,
            Some(t) => t.extract()?,
        };
        Ok(PyRecord(Record::from_game(&game.0, tags)))
    }

    /// The tags other than ``Rules``, ``Position`` and ``Result``, as ``(name, value)`` pairs.
    #[getter]
    fn tags(&self) -> Vec<(String, String)> {
        self.0.tags.clone()
    }

    /// The value of a tag (case-insensitive name), or ``None``.
    fn tag(&self, name: &str) -> Option<String> {
        self.0.tag(name).map(str::to_string)
    }

    /// The rule set.
    #[getter]
    fn rules(&self) -> PyRules {
        PyRules(self.0.rules)
    }

    /// The position the moves start from.
    #[getter]
    fn start(&self) -> PyPosition {
        PyPosition(self.0.start_position())
    }

    /// The moves.
    #[getter]
    fn moves(&self) -> Vec<u32> {
        numbers(&self.0.moves)
    }

    /// Plays the moves from the start; ``RecordError`` names the first illegal one.
    fn replay(&self) -> PyResult<PyGame> {
        self.0.replay().map(PyGame).map_err(raise::<RecordError>)
    }

    /// The plain-text form.
    fn to_text(&self) -> String {
        self.0.to_text()
    }

    /// The JSON form.
    fn to_json(&self) -> String {
        self.0.to_json()
    }

    /// Writes the record to ``path``: JSON if the name ends in ``.json``, else plain text.
    fn save(&self, path: std::path::PathBuf) -> PyResult<()> {
        self.0
            .save(&path)
            .map_err(|e| pyo3::exceptions::PyOSError::new_err(e.to_string()))
    }

    fn __str__(&self) -> String {
        self.0.to_text()
    }

    fn __repr__(&self) -> String {
        format!(
            "Record(rules='{}', moves={})",
            self.0.rules,
            self.0.moves.len()
        )
    }
}
