//! The compiled part of the `rajapasu` Python package (`rajapasu._rajapasu`): the rules engine,
//! the search and the endgame table, with the engine's names and semantics, and the batch
//! stepper for learning. The Python modules around it live in `python/rajapasu`.
//!
//! Every error the engine can report reaches Python as an exception carrying the engine's own
//! message; all of them are `ValueError` subclasses, so callers that validate input with
//! `except ValueError` keep working.
//!
//! | Module | What Python gets from it |
//! |---|---|
//! | `rules` | `Rules`: presets and options, as `--rules` reads them |
//! | `game` | `Position`, `Game` and `Status`, with traces |
//! | `record` | `Record`: game records, text and JSON |
//! | `search` | `analyze`, `best_move`, the levels and the endgame table's probe |
//! | `batch` | `Batch`: many games stepped at once for learning |
//! | `selfplay`, `tournament`, `results` | self-play and tournaments with the command line's games, and their results |
//! | `errors` | the exceptions: `RajapasuError(ValueError)` and one subclass per kind of error |

use pyo3::prelude::*;

mod batch;
mod errors;
mod game;
mod record;
mod results;
mod rules;
mod search;
mod selfplay;
mod tournament;

#[pymodule]
fn _rajapasu(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    errors::register(m)?;
    m.add_class::<rules::PyRules>()?;
    m.add_class::<game::PyPosition>()?;
    m.add_class::<game::PyGame>()?;
    m.add_class::<game::PyStatus>()?;
    m.add_class::<record::PyRecord>()?;
    m.add_class::<batch::PyBatch>()?;
    m.add_function(wrap_pyfunction!(batch::bench_playouts, m)?)?;
    search::register(m)?;
    selfplay::register(m)?;
    tournament::register(m)?;
    Ok(())
}
