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

const OPTIONS: &str = "\
Options (NAME/KEY=VALUE,...; defaults first; RULES.md explains each):
  holes=7          holes per row (2 to 12)
  counters=7       counters per hole (at most 255 counters in all)
  mode=match|round match play, or a single round
  origin=sow|skip  whether a lap skips the hole it was lifted from
  final-four=capture|exempt|end
                   a four made by a lap's last drop: taken / left on the board / taken, move ends
  fours=owner|sower
                   who takes fours: the row's owner or the sower
  pussa=single|chain
                   one pussa capture, or a chain along empty/occupied holes
  closed=left|right
                   which end of a row closes when its owner cannot fill it
  endless=end|forbid
                   an endless sowing ends the move, or makes it illegal
  leader=remainder|loser|alternate
                   who leads the next round";

pub fn run(args: RulesArgs) -> Result<(), CliError> {
    match args.rules {
        Some(name) => {
            let rules: Rules = name.parse()?;
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
            println!("\n{OPTIONS}");
        }
    }
    Ok(())
}
