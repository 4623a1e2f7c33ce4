//! `rajapasu perft`: the number of move sequences of each length from a position, the figures
//! that pin the rules down (`crates/engine/tests/perft/`) and that a second implementation
//! compares its own with.

use crate::common::{with_game, CliError, GameArgs};
use crate::game::CliGame;
use clap::Args;
use rajapasu_engine::perft_split;
use std::time::Instant;

/// Arguments of `rajapasu perft`.
#[derive(Args, Debug)]
#[command(
    after_help = "A line on which the game ends before DEPTH moves counts nothing; a round end inside a match does not stop a line.\n\nExample:\n  rajapasu perft 5\n  rajapasu perft 4 --position \"x,x,x,x,x,x,8/1,0,3,1,0,3,1 S 5 40 3 33 2\"\n  rajapasu perft 6 --rules mandiri"
)]
pub struct PerftArgs {
    /// Number of moves in each sequence.
    depth: u32,
    #[command(flatten)]
    game: GameArgs,
}

pub fn run(args: PerftArgs) -> Result<(), CliError> {
    with_game!(args.game.rule_set()?, G, rules => count::<G>(&args, rules))
}

/// Prints the count of each first move and the total, and the rate to stderr.
fn count<G: CliGame>(args: &PerftArgs, rules: G::Rules) -> Result<(), CliError> {
    let mut game: G = args.game.game(rules)?;
    let depth = args.depth;
    let t = Instant::now();
    let split = perft_split(&mut game, depth);
    let total: u64 = if depth == 0 {
        1
    } else {
        split.iter().map(|(_, n)| n).sum()
    };
    for (mv, n) in &split {
        outln!("{mv}: {n}");
    }
    let secs = t.elapsed().as_secs_f64();
    eprintln!(
        "{:.3} s, {:.0} sequences/s",
        secs,
        total as f64 / secs.max(1e-9)
    );
    outln!("total {total}");
    Ok(())
}
