//! The exceptions: one base class, `RajapasuError(ValueError)`, and one subclass per kind of
//! engine error, each raised with the engine's message.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// Declares each exception and [`register`]s it, from one list: a name is written once.
macro_rules! exceptions {
    ($($name:ident($base:ident): $doc:literal;)*) => {
        $(create_exception!(rajapasu, $name, $base, $doc);)*

        pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
            $(m.add(stringify!($name), m.py().get_type::<$name>())?;)*
            Ok(())
        }
    };
}

exceptions! {
    RajapasuError(PyValueError): "Base class of every error the engine reports.";
    RulesError(RajapasuError): "A rule set string was rejected.";
    CodeError(RajapasuError): "A position code was rejected.";
    PositionError(RajapasuError): "A board that is no valid position.";
    IllegalMoveError(RajapasuError): "A move that may not be played.";
    RecordError(RajapasuError): "A game record was rejected.";
    LevelError(RajapasuError): "A strength level that does not exist.";
    TableError(RajapasuError): "An endgame table could not be used.";
}

/// Raises `E` with the engine error's message.
pub fn raise<E: pyo3::type_object::PyTypeInfo>(err: impl std::fmt::Display) -> PyErr {
    PyErr::new::<E, _>(err.to_string())
}
