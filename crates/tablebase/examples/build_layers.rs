//! Builds the canonical table's layers up to N counters into a directory, on the threads of the
//! rayon pool (RAYON_NUM_THREADS), and prints the time and rate: a small program to profile
//! the builder with (`perf record`), without the command line's other layers.
//!
//! `cargo run --release -p rajapasu-tablebase --example build_layers -- DIR N`

use rajapasu_engine::Rules;
use rajapasu_tablebase::build::build;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (Some(dir), Some(n)) = (args.get(1), args.get(2).and_then(|n| n.parse().ok())) else {
        eprintln!("usage: build_layers DIR COUNTERS");
        std::process::exit(2);
    };
    let rules: Rules = "canonical".parse().expect("the canonical rules");
    let report = build(&rules, std::path::Path::new(dir), n, &|_| {}).unwrap_or_else(|e| {
        eprintln!("error: {e}");
        std::process::exit(1)
    });
    println!(
        "{} positions in {:.2} s ({:.0} a second), {} files",
        report.solved,
        report.time.as_secs_f64(),
        report.solved as f64 / report.time.as_secs_f64(),
        report.files
    );
}
