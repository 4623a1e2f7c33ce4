//! The endgame table for the commands that show proven values (`analyze`, `solve`, `play`):
//! a note on standard error when it is not whole, with how to build it, or the build itself
//! with `--build-tablebase`.

use crate::common::CliError;
use clap::Args;
use rajapasu_engine::{Mode, Rules};
use rajapasu_tablebase::background::{State, Status};
use rajapasu_tablebase::build::plan;
use rajapasu_tablebase::config::table_rules;
use rajapasu_tablebase::Tablebase;
use std::sync::{Arc, OnceLock};

/// The flag of the commands that use the table.
#[derive(Args, Debug, Clone, Copy, Default)]
pub struct TableArgs {
    /// Build the endgame table first if it is not whole (layers already built are kept; the
    /// time and space it takes: docs/FIGURES.md, "The endgame table"): every position with at
    /// most 3 counters a hole gets its proven value.
    #[arg(long)]
    pub build_tablebase: bool,
}

/// How a command that needs the table gets it built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum When {
    /// Before the command goes on (`analyze`, `solve`).
    First,
    /// In the background at the lowest priority while the command runs (`play`).
    Meanwhile,
}

/// Whether the table of `rules` is whole under the program's table directory.
fn whole(rules: &Rules) -> bool {
    let (Some(table), Ok(t)) = (rajapasu_ai::table::for_rules(rules), table_rules(rules)) else {
        return false;
    };
    table.positions() >= plan(&t, 6 * t.holes() as u32).iter().map(|l| l.2).sum()
}

/// For a single round under `rules` (where values are proven): builds the table as `args`
/// and `when` say, or says on standard error how to, when it is not whole. Nothing for rules
/// without a table or for match play.
pub fn prepare(args: TableArgs, rules: &Rules, when: When) -> Result<(), CliError> {
    if rules.mode != Mode::SingleRound || table_rules(rules).is_err() || whole(rules) {
        return Ok(());
    }
    let Some(root) = rajapasu_ai::table::current_root() else {
        return Ok(());
    };
    if !args.build_tablebase {
        eprintln!(
            "note: the endgame table is not whole in {}: positions outside the opening book \
             with few counters are estimates where it lacks them. Build it with `rajapasu \
             tablebase build` (it says first how long it expects to take; `rajapasu serve` builds \
             it in the background), or add --build-tablebase.",
            root.display()
        );
        return Ok(());
    }
    match when {
        When::First => {
            crate::commands::tablebase::run_build(rules, &root, None, None)?;
            let t = table_rules(rules)?;
            let table = Tablebase::open(&root, &t)?;
            rajapasu_ai::table::publish(&root, Arc::new(table));
        }
        When::Meanwhile => {
            let published = root.clone();
            let options = rajapasu_tablebase::background::Options::whole(rules, 2048);
            let status =
                rajapasu_tablebase::background::start(root.clone(), rules, options, move |t| {
                    rajapasu_ai::table::publish(&published, t)
                })?;
            eprintln!(
                "building the endgame table into {} in the background at low priority; \
                 proven values arrive as it goes, and a later run goes on from its finished \
                 layers",
                status.dir().display()
            );
            let _ = BUILDING.set(status);
        }
    }
    Ok(())
}

/// The background build this program started (`play --build-tablebase`), for the terminal
/// game's notice: one a program at most.
static BUILDING: OnceLock<Arc<Status>> = OnceLock::new();

/// The terminal game's line on the background build while there is one: how much of the
/// table is built, short enough for the board's width.
pub fn notice() -> Option<rajapasu_tui::Notice> {
    let status = Arc::clone(BUILDING.get()?);
    Some(rajapasu_tui::Notice::new(move || {
        let s = status.snapshot();
        match s.state {
            State::Done | State::Off => None,
            State::Stopped => Some(format!(
                "Endgame table {}% built; its build has stopped{}",
                s.percent(),
                s.message.map(|m| format!(" ({m})")).unwrap_or_default()
            )),
            _ => Some(format!(
                "Endgame table {}% built; proven values as it grows",
                s.percent()
            )),
        }
    }))
}
