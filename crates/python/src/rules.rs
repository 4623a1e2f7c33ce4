//! `Rules`: presets and options, read and written as the command line's `--rules` does.

use crate::errors::{raise, RulesError};
use pyo3::prelude::*;
use pyo3::types::PyString;
use rajapasu_engine::{Mode, Rules};

/// A complete rule set, such as ``Rules("canonical/fours=sower")``.
///
/// The string is ``NAME[/KEY=VALUE,...]`` as in RULES.md section 6 and the command line's
/// ``--rules``. ``str(rules)`` writes it back in its shortest form.
#[pyclass(name = "Rules", module = "rajapasu", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyRules(pub Rules);

#[pymethods]
impl PyRules {
    #[new]
    #[pyo3(signature = (spec = "canonical"))]
    fn new(spec: &str) -> PyResult<Self> {
        spec.parse().map(PyRules).map_err(raise::<RulesError>)
    }

    /// The named presets as ``(name, description)`` pairs.
    #[staticmethod]
    fn presets() -> Vec<(&'static str, &'static str)> {
        Rules::presets().map(|(n, d, _)| (n, d)).collect()
    }

    /// The option keys with the values each takes, as ``{key: "v1|v2"}``.
    #[staticmethod]
    fn option_values() -> Vec<(&'static str, String)> {
        Rules::options()
            .iter()
            .map(|o| (o.key(), o.values()))
            .collect()
    }

    /// These rules with ``key`` set to ``value``.
    fn with_option(&self, key: &str, value: &str) -> PyResult<Self> {
        self.0
            .with_option(&key.to_ascii_lowercase(), &value.to_ascii_lowercase())
            .map(PyRules)
            .map_err(raise::<RulesError>)
    }

    /// These rules on a board of ``holes`` holes a row and ``counters`` counters a hole.
    fn resized(&self, holes: u32, counters: u32) -> PyResult<Self> {
        self.0
            .resized(holes, counters)
            .map(PyRules)
            .map_err(raise::<RulesError>)
    }

    /// These rules for a single round.
    fn single_round(&self) -> Self {
        PyRules(self.0.single_round())
    }

    /// Every option's value, as ``{key: value}``.
    fn options(&self) -> Vec<(&'static str, String)> {
        Rules::options()
            .iter()
            .map(|o| (o.key(), o.value(&self.0)))
            .collect()
    }

    /// Holes in each row.
    #[getter]
    fn holes(&self) -> usize {
        self.0.holes()
    }

    /// Counters put in each hole at the start of a round.
    #[getter]
    fn counters(&self) -> u32 {
        self.0.counters()
    }

    /// Counters in the game.
    #[getter]
    fn total(&self) -> u32 {
        self.0.total()
    }

    /// ``"match"`` or ``"round"`` (a single round).
    #[getter]
    fn mode(&self) -> &'static str {
        match self.0.mode {
            Mode::Match => "match",
            Mode::SingleRound => "round",
        }
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Rules('{}')", self.0)
    }
}

/// Reads a `rules=` argument: a `Rules`, a rule set string, or `None` for the canonical rules.
pub fn rules_arg(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Rules> {
    match obj {
        None => Ok(Rules::default()),
        Some(o) if o.is_none() => Ok(Rules::default()),
        Some(o) => {
            if let Ok(r) = o.extract::<PyRules>() {
                Ok(r.0)
            } else if o.is_instance_of::<PyString>() {
                o.extract::<String>()?.parse().map_err(raise::<RulesError>)
            } else {
                Err(pyo3::exceptions::PyTypeError::new_err(
                    "rules must be a Rules or a rule set string such as \"canonical\"",
                ))
            }
        }
    }
}
