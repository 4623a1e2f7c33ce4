//! The exceptions: one base class, `RajapasuError(ValueError)`, and one subclass per kind of
//! engine error, each raised with the engine's message.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

create_exception!(
    rajapasu,
    RajapasuError,
    PyValueError,
    "Base class of every error the engine reports."
);
create_exception!(
    rajapasu,
    RulesError,
    RajapasuError,
    "A rule set string was rejected."
);
create_exception!(
    rajapasu,
    CodeError,
    RajapasuError,
    "A position code was rejected."
);
create_exception!(
    rajapasu,
    PositionError,
    RajapasuError,
    "A board that is no valid position."
);
create_exception!(
    rajapasu,
    IllegalMoveError,
    RajapasuError,
    "A move that may not be played."
);
create_exception!(
    rajapasu,
    RecordError,
    RajapasuError,
    "A game record was rejected."
);
create_exception!(
    rajapasu,
    LevelError,
    RajapasuError,
    "A strength level that does not exist."
);
create_exception!(
    rajapasu,
    TableError,
    RajapasuError,
    "An endgame table could not be used."
);

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("RajapasuError", py.get_type::<RajapasuError>())?;
    m.add("RulesError", py.get_type::<RulesError>())?;
    m.add("CodeError", py.get_type::<CodeError>())?;
    m.add("PositionError", py.get_type::<PositionError>())?;
    m.add("IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    m.add("RecordError", py.get_type::<RecordError>())?;
    m.add("LevelError", py.get_type::<LevelError>())?;
    m.add("TableError", py.get_type::<TableError>())?;
    Ok(())
}

/// Raises `E` with the engine error's message.
pub fn raise<E: pyo3::type_object::PyTypeInfo>(err: impl std::fmt::Display) -> PyErr {
    PyErr::new::<E, _>(err.to_string())
}
