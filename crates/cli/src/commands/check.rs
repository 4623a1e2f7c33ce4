//! `rajapasu check`: verifies a certificate with the rules engine alone (the `rajapasu-check`
//! crate, which shares no code with the solver or the endgame table).

use crate::common::CliError;
use clap::Args;
use rajapasu_check::Claim;
use std::path::PathBuf;
use std::time::Instant;

/// Arguments of `rajapasu check`.
#[derive(Args, Debug)]
#[command(
    after_help = "Prints `accepted: ...` with the bound proven, or names the first line or \
node that is wrong. Plain text or gzip. The format is in docs/CERTIFICATES.md."
)]
pub struct CheckArgs {
    /// The certificate.
    #[arg(value_name = "FILE")]
    file: PathBuf,
}

pub fn run(args: CheckArgs) -> Result<(), CliError> {
    let start = Instant::now();
    let accepted = rajapasu_check::check_file(&args.file)
        .map_err(|e| CliError(format!("rejected: {}: {e}", args.file.display())))?;
    let h = &accepted.header;
    let seconds = start.elapsed().as_secs_f64();
    match h.claim {
        Claim::Margin(m) => {
            outln!(
            "accepted: {} ends the round at least {m} counters ahead (margin>={m}; the strategy \
             guarantees {}) from {} under {}; {} nodes, {} leaves, checked in {seconds:.2} s",
            h.prover, accepted.root_value, h.root, h.rules, accepted.nodes, accepted.leaves,
        )
        }
        Claim::Rounds { start: s, rounds } => outln!(
            "accepted: {} wins the match within {} (rounds<={rounds}) from the \
             round start where South holds {} and {} leads, under {}; {} round sections, {} \
             nodes, {} leaves, checked in {seconds:.2} s",
            h.prover,
            crate::common::plural(rounds, "round", "rounds"),
            s.south(),
            s.leader(),
            h.rules,
            accepted.sections,
            accepted.nodes,
            accepted.leaves,
        ),
        Claim::NoLoss { start: s } => outln!(
            "accepted: {} does not lose the match (no-loss: a win, or a draw by decision 11) from \
             the round start where South holds {} and {} leads, under {}; {} round sections, {} \
             nodes, {} leaves, checked in {seconds:.2} s",
            h.prover,
            s.south(),
            s.leader(),
            h.rules,
            accepted.sections,
            accepted.nodes,
            accepted.leaves,
        ),
    }
    Ok(())
}
