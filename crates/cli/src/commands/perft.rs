//! `rajapasu perft`.

use crate::common::{CliError, GameArgs};
use clap::Args;
use rajapasu_engine::{perft_split, SowingGame};
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
    if super::mandiri::wanted(&args.game.rules) {
        count(&mut super::mandiri::game(&args.game)?, args.depth);
    } else {
        count(&mut args.game.game()?, args.depth);
    }
    Ok(())
}

/// Prints the count of each first move and the total, and the rate to stderr: one report for
/// both games.
fn count<G: SowingGame>(game: &mut G, depth: u32) {
    let t = Instant::now();
    let split = perft_split(game, depth);
    let total: u64 = if depth == 0 {
        1
    } else {
        split.iter().map(|(_, n)| n).sum()
    };
    for (mv, n) in &split {
        println!("{mv}: {n}");
    }
    let secs = t.elapsed().as_secs_f64();
    eprintln!(
        "{:.3} s, {:.0} sequences/s",
        secs,
        total as f64 / secs.max(1e-9)
    );
    println!("total {total}");
}
