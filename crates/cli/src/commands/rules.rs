//! `rajapasu rules`: every rule set of both games ([`RuleSet::named`], the one list every
//! command reads `--rules` against) and each game's options; or one rule set's options.

use crate::common::{parse_rule_set, with_game, CliError};
use crate::game::CliGame;
use clap::Args;
use rajapasu_engine::{mandiri, Game, RuleSet};

/// Arguments of `rajapasu rules`.
#[derive(Args, Debug)]
#[command(
    after_help = "Examples:\n  rajapasu rules\n  rajapasu rules walak-pussa\n  rajapasu rules mandiri/gift=2"
)]
pub struct RulesArgs {
    /// Show every option of this rule set instead of the list.
    rules: Option<String>,
}

/// Width of the usage column of the option list.
const USAGE_WIDTH: usize = 16;

pub fn run(args: RulesArgs) -> Result<(), CliError> {
    match args.rules {
        Some(name) => {
            let set = parse_rule_set(&name)?;
            outln!("{set}");
            with_game!(set, G, rules => describe::<G>(&rules));
        }
        None => {
            outln!("Rule sets:");
            for (name, about, _) in RuleSet::named() {
                outln!("  {name:<12} {about}");
            }
            outln!("\nOptions (NAME/KEY=VALUE,...; defaults first; RULES.md explains each):");
            options::<Game>();
            outln!(
                "\nMandiri options ({}/KEY=VALUE,...; defaults first; RULES.md section 9 explains each):",
                mandiri::NAME
            );
            options::<mandiri::Game>();
        }
    }
    Ok(())
}

/// Every option of `rules` with its value.
fn describe<G: CliGame>(rules: &G::Rules) {
    for o in G::options() {
        outln!("  {}={}", o.key(), o.value(rules));
    }
}

/// The options of `G`: their values, the default first, and what each does.
fn options<G: CliGame>() {
    for option in G::options() {
        let usage = format!("{}={}", option.key(), option.values());
        // A long usage gets a line of its own, the description under it.
        if usage.len() <= USAGE_WIDTH {
            outln!("  {usage:<USAGE_WIDTH$} {}", option.about());
        } else {
            outln!("  {usage}\n  {:USAGE_WIDTH$} {}", "", option.about());
        }
    }
}
