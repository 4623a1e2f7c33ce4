//! `rajapasu check`: verifies a certificate with the rules engine alone (the `rajapasu-check`
//! crate, which shares no code with the solver or the endgame table).

use crate::common::CliError;
use clap::Args;
use rajapasu_check::{Accepted, Claim};
use rajapasu_engine::RoundStart;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Arguments of `rajapasu check`.
#[derive(Args, Debug)]
#[command(
    after_help = "Prints `accepted: ...` with the bound proven, or names the first line or \
node that is wrong. Plain text or gzip. The format is in docs/CERTIFICATES.md.\n\nAn exact \
number of rounds, from a winner's certificate and the loser's:\n  rajapasu check --exact \
win.cert hold.cert"
)]
pub struct CheckArgs {
    /// The certificate; with --exact, the winner's (`rounds<=K`) and then the loser's
    /// (`rounds>=K`).
    #[arg(value_name = "FILE", required = true, num_args = 1..=2)]
    files: Vec<PathBuf>,
    /// Check two certificates from the same round start, the winner's and the loser's, and
    /// that together they prove the exact number of rounds.
    #[arg(long)]
    exact: bool,
}

pub fn run(args: CheckArgs) -> Result<(), CliError> {
    match (args.exact, args.files.as_slice()) {
        (false, [file]) => check_one(file).map(drop),
        (true, [win, hold]) => {
            let (win, hold) = (check_one(win)?, check_one(hold)?);
            let exact = rajapasu_check::exact(&win, &hold)
                .map_err(|e| CliError(format!("rejected: {e}")))?;
            outln!(
                "exact: {} wins the match in exactly {} from the round start where South holds \
                 {} and {} leads, under {}",
                exact.winner,
                crate::common::plural(exact.rounds, "round", "rounds"),
                exact.start.south(),
                exact.start.leader(),
                win.header.rules
            );
            Ok(())
        }
        (false, _) => Err(CliError(
            "give one certificate, or two with --exact (the winner's, then the loser's)".into(),
        )),
        (true, _) => Err(CliError(
            "--exact takes two certificates: the winner's, then the loser's".into(),
        )),
    }
}

/// Checks one certificate and prints what it proves.
fn check_one(file: &Path) -> Result<Accepted, CliError> {
    let start = Instant::now();
    let accepted = rajapasu_check::check_file(file)
        .map_err(|e| CliError(format!("rejected: {}: {e}", file.display())))?;
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
        Claim::Rounds { start, rounds } => {
            let within = crate::common::plural(rounds, "round", "rounds");
            let what = format!("wins the match within {within} (rounds<={rounds})");
            print_match_claim(&accepted, &what, start, seconds)
        }
        Claim::HoldsOut { start, rounds } => {
            let fewer = crate::common::plural(rounds, "round", "rounds");
            let what = format!(
                "holds out: the other player does not win the match in fewer than {fewer} \
                 (rounds>={rounds})"
            );
            print_match_claim(&accepted, &what, start, seconds)
        }
        Claim::NoLoss { start } => print_match_claim(
            &accepted,
            "does not lose the match (no-loss: a win, or a draw by decision 11)",
            start,
            seconds,
        ),
    }
    Ok(accepted)
}

/// Prints what an accepted match certificate proves: its player, `what` it claims, from which
/// round start, and its size.
fn print_match_claim(accepted: &Accepted, what: &str, start: RoundStart, seconds: f64) {
    outln!(
        "accepted: {} {what} from the round start where South holds {} and {} leads, under {}; \
         {} round sections, {} nodes, {} leaves, checked in {seconds:.2} s",
        accepted.header.prover,
        start.south(),
        start.leader(),
        accepted.header.rules,
        accepted.sections,
        accepted.nodes,
        accepted.leaves,
    );
}
