//! `rajapasu rules`.

use crate::common::CliError;
use clap::Args;
use rajapasu_engine::Rules;

/// Arguments of `rajapasu rules`.
#[derive(Args, Debug)]
pub struct RulesArgs {
    /// Show every option of this rule set instead of the list.
    rules: Option<String>,
}

/// Width of the usage column of the option list.
const USAGE_WIDTH: usize = 16;

pub fn run(args: RulesArgs) -> Result<(), CliError> {
    match args.rules {
        Some(name) => {
            let rules: Rules = crate::common::parse_rules(&name)?;
            println!("{rules}");
            for (k, v) in rules.describe() {
                println!("  {k}={v}");
            }
        }
        None => {
            println!("Rule sets:");
            for (name, about, _) in Rules::presets() {
                println!("  {name:<12} {about}");
            }
            println!("\nOptions (NAME/KEY=VALUE,...; defaults first; RULES.md explains each):");
            for option in Rules::options() {
                let usage = format!("{}={}", option.key(), option.values());
                // A long usage gets a line of its own, the description under it.
                if usage.len() <= USAGE_WIDTH {
                    println!("  {usage:<USAGE_WIDTH$} {}", option.about());
                } else {
                    println!("  {usage}\n  {:USAGE_WIDTH$} {}", "", option.about());
                }
            }
        }
    }
    Ok(())
}
