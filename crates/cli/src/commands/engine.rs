//! `rajapasu engine`: the engine line protocol on standard input and output.

use crate::common::CliError;
use clap::Args;

/// Arguments of `rajapasu engine`.
#[derive(Args, Debug)]
#[command(
    after_help = "The protocol is described in PROTOCOL.md. A session:\n  $ rajapasu engine\n  position startpos moves 1\n  ok\n  go depth 5\n  info depth 1 score 30 nodes 0 nps 0 time 1 pv 7\n  ...\n  info depth 5 score 23 nodes 177 nps 44250 time 4 pv 7 6 5 7 5\n  bestmove 7\n  quit\n  bye\n\nExample:\n  printf 'go depth 6\\n' | rajapasu engine"
)]
pub struct EngineArgs {}

pub fn run(_args: EngineArgs) -> Result<(), CliError> {
    // The protocol reads on a thread of its own, which needs an owned reader (a `StdinLock`
    // cannot move to another thread).
    let stdin = std::io::BufReader::new(std::io::stdin());
    rajapasu_ai::protocol::run(stdin, std::io::stdout());
    Ok(())
}
