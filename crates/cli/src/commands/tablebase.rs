//! `rajapasu tablebase`: build, check, probe and describe the endgame table.

use crate::common::CliError;
use clap::{Args, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use rajapasu_ai::solver::{gain, Endless, Solver};
use rajapasu_ai::Limits;
use rajapasu_engine::rng::Rng;
use rajapasu_engine::{Position, Rules};
use rajapasu_tablebase::build::{build, plan};
use rajapasu_tablebase::config::{table_rules, Config, Shape};
use rajapasu_tablebase::index::Ranker;
use rajapasu_tablebase::lock::{BuildLock, Lock};
use rajapasu_tablebase::{stats, table_dir, verify, Tablebase};
use std::time::{Duration, Instant};

/// Arguments of `rajapasu tablebase`.
#[derive(Args, Debug)]
#[command(
    after_help = "The table holds, for every single-round position whose open holes hold at \
most 3 counters each (every hole open, or 1 to 6 closed at one player's end), two values for the \
player to move: the captures to come when a line that never captures again goes to the opponent \
(lower) or to the mover (upper). The true value lies between them; where they meet it is exact \
(docs/SOLVING.md).\n\nExamples:\n  rajapasu tablebase build\n  rajapasu tablebase build --counters 10\n  \
rajapasu tablebase probe \"0,0,1,0,1,0,1/0,0,0,1,1,0,0 N 45 48\"\n  rajapasu tablebase stats\n  \
rajapasu tablebase verify --sample 200\n  rajapasu --tablebase /data/tables tablebase build"
)]
pub struct TablebaseArgs {
    #[command(subcommand)]
    command: TablebaseCommand,
    /// Rule set of the table (see `rajapasu rules`); the options that do not act within a round
    /// do not matter.
    #[arg(
        long,
        short = 'r',
        global = true,
        default_value = "canonical",
        value_name = "RULES"
    )]
    rules: String,
}

#[derive(Subcommand, Debug)]
enum TablebaseCommand {
    /// Build the table, or finish an interrupted build (finished layers are kept).
    Build {
        /// Build the layers up to this many counters on the board only (at most 42).
        #[arg(long, value_name = "N")]
        counters: Option<u32>,
        /// Threads (default: every core).
        #[arg(long, value_name = "N")]
        threads: Option<usize>,
    },
    /// Check every position completely (its equations, and the ranks that prove each lower value
    /// is reached), and a random sample against the solver.
    Verify {
        /// Positions to check against the solver, which proves values by search without the
        /// table.
        #[arg(long, default_value_t = 100, value_name = "N")]
        sample: usize,
        /// Seed of the sample.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Each legal move's values and the best line of a position.
    Probe {
        /// A position code, e.g. "0,0,1,0,1,0,1/0,0,0,1,1,0,0 N 45 48".
        // A code starting with `-` is still the code, to be refused for its bad count.
        #[arg(allow_hyphen_values = true)]
        code: String,
    },
    /// Positions per layer, the share whose two values meet, and how the values spread.
    Stats {
        /// Print the histogram of values too.
        #[arg(long)]
        histogram: bool,
    },
}

pub fn run(args: TablebaseArgs) -> Result<(), CliError> {
    let rules: Rules =
        crate::common::two_player(crate::common::parse_rule_set(&args.rules)?, "tablebase")?;
    // The program's --tablebase DIR, $RAJAPASU_TABLEBASE or the user's data directory.
    let root = rajapasu_ai::table::current_root().ok_or_else(|| {
        CliError("no data directory is known: give one with --tablebase DIR".into())
    })?;
    match args.command {
        TablebaseCommand::Build { counters, threads } => {
            run_build(&rules, &root, counters, threads)
        }
        TablebaseCommand::Verify { sample, seed } => run_verify(&rules, &root, sample, seed),
        TablebaseCommand::Probe { code } => run_probe(&rules, &root, &code),
        TablebaseCommand::Stats { histogram } => run_stats(&rules, &root, histogram),
    }
}

/// Positions a second this machine solves, measured on a sample of the layer the build would
/// spend most time in, so the estimate can be printed before the build starts.
fn calibrate(rules: &Rules) -> f64 {
    let t = table_rules(rules).expect("checked");
    let sample_dir =
        std::env::temp_dir().join(format!("rajapasu-calibrate-{}", std::process::id()));
    let small: Rules = t
        .resized(t.holes().min(5) as u32, 7)
        .expect("a smaller board");
    let start = Instant::now();
    let report = build(&small, &sample_dir, 30, &|_| {});
    let _ = std::fs::remove_dir_all(&sample_dir);
    let solved = report.map(|r| r.solved).unwrap_or(0);
    (solved as f64 / start.elapsed().as_secs_f64().max(1e-3)).max(1.0)
}

pub(crate) fn run_build(
    rules: &Rules,
    root: &std::path::Path,
    counters: Option<u32>,
    threads: Option<usize>,
) -> Result<(), CliError> {
    let table = table_rules(rules)?;
    let max = 6 * table.holes() as u32;
    let counters = counters.unwrap_or(max);
    if counters > max {
        return Err(CliError(format!(
            "--counters {counters}: a table position holds at most {max} counters"
        )));
    }
    if let Some(n) = threads {
        if n == 0 {
            return Err(CliError("--threads must be at least 1".into()));
        }
        rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build_global()
            .map_err(|e| CliError(e.to_string()))?;
    }
    let dir = table_dir(root, rules)?;
    // One builder a directory: a server building it in the background, or another build.
    let lock = match BuildLock::try_take(&dir)? {
        Lock::Held(lock) => lock,
        Lock::Taken(pid) => {
            return Err(CliError(format!(
                "another rajapasu{} is building the table in {}: its finished layers are used \
                 as they appear; wait for it, or stop it and run this again to go on from them",
                pid.map(|p| format!(" (pid {p})")).unwrap_or_default(),
                dir.display()
            )))
        }
    };
    lock.remove_partial_files()?;
    let layers = plan(&table, counters);
    let total: u64 = layers.iter().map(|l| l.2).sum();
    let rate = calibrate(&table);
    // The larger layers run slower per position than the small sample (their graphs do not fit
    // in the caches): the factor was measured on this project's reference machine.
    let estimate = Duration::from_secs_f64(total as f64 / rate * 2.5);
    outln!(
        "table {table} up to {counters} counters: {} layers, {total} positions (South to move; \
         North's are their mirrors), about {} MiB of values and as much of ranks",
        layers.len(),
        (2 * total) >> 20
    );
    outln!("into {}", dir.display());
    outln!(
        "estimated time on {} threads: {} (measured {:.0} positions/s on a small table)",
        rayon::current_num_threads(),
        human(estimate),
        rate
    );
    let bar = ProgressBar::new(total);
    bar.set_style(
        ProgressStyle::with_template(
            "{bar:40} {percent:>3}% {human_pos}/{human_len} positions, {per_sec}, ETA {eta} {msg}",
        )
        .expect("a valid template"),
    );
    let report = build(&table, &dir, counters, &|p| {
        bar.set_position(p.done);
        bar.set_message(format!("{}, layer {}", p.config.name(), p.layer));
    })?;
    bar.finish_and_clear();
    outln!(
        "built {} positions in {} ({:.0} positions/s), kept {} already built; {} files written",
        report.solved,
        human(report.time),
        report.solved as f64 / report.time.as_secs_f64().max(1e-9),
        report.reused,
        report.files
    );
    Ok(())
}

fn human(d: Duration) -> String {
    let s = d.as_secs();
    if s >= 3600 {
        format!("{} h {:02} min", s / 3600, s / 60 % 60)
    } else if s >= 60 {
        format!("{} min {:02} s", s / 60, s % 60)
    } else {
        format!("{:.1} s", d.as_secs_f64())
    }
}

fn open(rules: &Rules, root: &std::path::Path) -> Result<Tablebase, CliError> {
    Ok(Tablebase::open(root, rules)?)
}

fn run_verify(
    rules: &Rules,
    root: &std::path::Path,
    sample: usize,
    seed: u64,
) -> Result<(), CliError> {
    let table = open(rules, root)?;
    outln!(
        "checking {} positions completely: equations and ranks",
        table.positions()
    );
    let bar = ProgressBar::new(table.positions());
    let started = Instant::now();
    let checked = verify::complete(&table, 10, &|n| bar.set_position(n));
    bar.finish_and_clear();
    let (bad, checked) = checked?;
    let took = started.elapsed();
    for failure in &bad {
        outln!("failure at {failure}");
    }
    let mismatches = bad
        .iter()
        .filter(|f| matches!(f.flaw, verify::Flaw::Equations(_)))
        .count();
    outln!(
        "complete check: {checked} positions in {} ({:.0} positions/s), {} failures ({mismatches} \
         mismatches of the equations, {} values not shown reached by their ranks){}",
        human(took),
        checked as f64 / took.as_secs_f64().max(1e-9),
        bad.len(),
        bad.len() - mismatches,
        if bad.len() >= 10 {
            ", listing stops at 10"
        } else {
            ""
        }
    );
    // The sample: positions of built layers, proved by the solver's search, which uses no
    // table, in each of the two games.
    let mut rng = Rng::new(seed);
    let trules = *table.rules();
    let configs = Config::all(trules.holes());
    let mut solver = Solver::new(22);
    let (mut agreed, mut tried, mut unproven) = (0, 0, 0);
    let single = trules.single_round();
    while tried < sample {
        let config = configs[rng.below(configs.len())];
        let shape = Shape::new(trules, config);
        let ranker = Ranker::new(shape.open.len());
        let s = rng.below(ranker.max_layer().min(14) as usize + 1) as u32;
        if !table.has_layer(config, s) {
            continue;
        }
        let r = rng.next_u64() % ranker.layer_size(s).max(1);
        let pos = shape.position(&ranker.unrank(s, r));
        let pos = Position::from_code(&pos.to_string(), single)?;
        let Some(v) = table.probe(&pos) else { continue };
        tried += 1;
        let limits = Limits {
            nodes: Some(2_000_000),
            ..Limits::default()
        };
        let lo = solver.solve_game(&pos, Endless::Opponent, &limits).bounds;
        let hi = solver.solve_game(&pos, Endless::Mover, &limits).bounds;
        match (lo.exact(), hi.exact()) {
            (Some(l), Some(h)) if l == i32::from(v.lower) && h == i32::from(v.upper) => agreed += 1,
            (Some(l), Some(h)) => {
                outln!(
                    "disagreement at {pos}: table [{}, {}], solver [{l}, {h}]",
                    v.lower,
                    v.upper
                );
            }
            _ => unproven += 1,
        }
    }
    outln!(
        "sample: {tried} positions, {agreed} agree with the solver, {unproven} not proven by it within 2M nodes, {} disagree",
        tried - agreed - unproven
    );
    if bad.is_empty() && agreed + unproven == tried {
        outln!("the table is sound");
        Ok(())
    } else {
        Err(CliError("the table does not verify".into()))
    }
}

fn run_probe(rules: &Rules, root: &std::path::Path, code: &str) -> Result<(), CliError> {
    let table = open(rules, root)?;
    let pos = Position::from_code(code, rules.single_round())?;
    let show = |v: rajapasu_tablebase::Values| match v.exact() {
        Some(x) => format!("{x:+}"),
        None => format!("[{:+}, {:+}]", v.lower, v.upper),
    };
    let Some(v) = table.probe(&pos) else {
        return Err(CliError(format!(
            "{pos} is not in the table: it needs every open hole at 0 to 3 counters, and its \
             layer ({} counters) built",
            pos.on_board()
        )));
    };
    outln!("position {pos}");
    outln!(
        "{} to move: {} counters to come for the mover (lower {}, upper {})",
        pos.to_move(),
        show(v),
        v.lower,
        v.upper
    );
    outln!("move  value  after");
    for &m in pos.legal_moves().iter() {
        let mut child = pos;
        child.play(m);
        let me = pos.to_move();
        let gain = gain(&pos, &child, me);
        let after = table
            .probe(&child)
            .expect("the family is closed under moves");
        let mv = rajapasu_tablebase::Values {
            lower: (gain - i32::from(after.upper)) as i8,
            upper: (gain - i32::from(after.lower)) as i8,
        };
        outln!("{:>4}  {:>5}  {child}", m.to_string(), show(mv));
    }
    // The best line: a move of best lower value at each step, until the round ends or a
    // position repeats.
    let mut line = Vec::new();
    let mut p = pos;
    let mut seen = vec![(p.counts().to_vec(), p.to_move())];
    while line.len() < 200 {
        let best = p.legal_moves().iter().copied().max_by_key(|&m| {
            let mut c = p;
            c.play(m);
            let me = p.to_move();
            let gain = gain(&p, &c, me);
            gain - i32::from(table.probe(&c).expect("in the table").upper)
        });
        let Some(m) = best else { break };
        p.play(m);
        line.push(m.to_string());
        let key = (p.counts().to_vec(), p.to_move());
        if seen.contains(&key) {
            line.push("(repeats)".into());
            break;
        }
        seen.push(key);
    }
    outln!("best line: {}", line.join(" "));
    Ok(())
}

fn run_stats(rules: &Rules, root: &std::path::Path, histogram: bool) -> Result<(), CliError> {
    let table = open(rules, root)?;
    let all = stats::stats(&table);
    outln!("table {} in {}", table.rules(), table.dir().display());
    outln!("config  layer  positions   lower = upper");
    let (mut n, mut e) = (0u64, 0u64);
    for l in &all {
        n += l.positions;
        e += l.exact;
        outln!(
            "{:<6}  {:>5}  {:>10}  {:>10} ({:.6}%)",
            l.config.name(),
            l.layer,
            l.positions,
            l.exact,
            100.0 * l.exact as f64 / l.positions.max(1) as f64
        );
        if histogram {
            let cells: Vec<String> = l
                .histogram
                .iter()
                .enumerate()
                .filter(|(_, &c)| c > 0)
                .map(|(i, c)| format!("{:+}:{c}", i as i32 - l.layer as i32))
                .collect();
            outln!("        values {}", cells.join(" "));
        }
    }
    outln!(
        "total   {n} positions, {e} with lower = upper ({:.6}%)",
        100.0 * e as f64 / n.max(1) as f64
    );
    let unequal = stats::unequal(&table, 20);
    if !unequal.is_empty() {
        outln!("positions whose values differ (South to move; at most 20):");
        for (code, lo, hi) in unequal {
            outln!("  {code}: [{lo:+}, {hi:+}]");
        }
    }
    Ok(())
}
