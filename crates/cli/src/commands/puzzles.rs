//! `rajapasu puzzles`: finding puzzles with proven solutions, re-proving a set, counting it
//! (docs/PUZZLES.md).

use crate::common::{parse_record, read_record_file, CliError};
use clap::{Args, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use rajapasu_ai::puzzles::{
    self, check, puzzles_of, selfplay, Prover, Puzzle, Settings, Tally, Theme,
};
use rajapasu_ai::solver::exact_key;
use rajapasu_engine::{Game, Position, RuleSet, Rules};
use rajapasu_server::puzzle_source::StoreSource;
use rayon::prelude::*;
use std::collections::{BTreeMap, HashSet};
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

/// Arguments of `rajapasu puzzles`.
#[derive(Args, Debug)]
pub struct PuzzlesArgs {
    #[command(subcommand)]
    command: PuzzlesCommand,
}

#[derive(Subcommand, Debug)]
enum PuzzlesCommand {
    /// Find puzzles: positions whose best move is the unique proven best by a margin.
    #[command(
        after_help = "Every value is proven by the solver, with the endgame table as \
leaves when there is one (see `rajapasu tablebase`); a position whose moves are not all proven \
within --nodes is refused, never estimated. Without a table, keep --max-counters low.\n\n\
Examples:\n  rajapasu puzzles generate --count 100 --out puzzles.jsonl\n  \
rajapasu puzzles generate --from match --closed-holes --count 50 --seed 1000000\n  \
rajapasu puzzles generate --from game1.txt --from game2.json\n  \
rajapasu puzzles generate --from store --db rajapasu.db --count 50"
    )]
    Generate(GenerateArgs),
    /// Prove every puzzle of a set again and check each of its claims.
    Check(CheckArgs),
    /// Count a set's puzzles by theme and by rating.
    Stats(StatsArgs),
}

#[derive(Args, Debug)]
struct GenerateArgs {
    /// Puzzles to find.
    #[arg(long, default_value_t = 100, value_name = "N")]
    count: usize,
    /// Where positions come from: `selfplay` (single rounds), `match` (whole matches: the
    /// closed holes of later rounds), `store` (the finished games of the web app's store,
    /// see --db) or a record file (repeatable).
    #[arg(long, default_value = "selfplay", value_name = "SOURCE")]
    from: Vec<String>,
    /// The first self-play game's seed; game k has seed S + k.
    #[arg(long, default_value_t = 1, value_name = "S")]
    seed: u64,
    /// The key move leads every other move by at least this many counters.
    #[arg(long, default_value_t = 2, value_name = "N")]
    margin: i32,
    /// Positions with more counters on the board are not tried.
    #[arg(long, default_value_t = 40, value_name = "N")]
    max_counters: u32,
    /// Puzzles taken from one game at most.
    #[arg(long, default_value_t = 3, value_name = "N")]
    per_game: usize,
    /// Keep only the puzzles a one-move greedy player fails.
    #[arg(long)]
    hard: bool,
    /// Only positions with closed holes (later rounds: use with --from match).
    #[arg(long)]
    closed_holes: bool,
    /// Keep also the puzzles whose key move is not clearly better than the second best (by
    /// fewer than 4 counters with the same result of the round): the server does not rate them.
    #[arg(long)]
    keep_close: bool,
    /// The solver's budget for each move's proof, in nodes.
    #[arg(long, default_value_t = 2_000_000, value_name = "N")]
    nodes: u64,
    /// Where to write the puzzles (JSON lines); standard output if not given.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Leave out positions already in this set (and add nothing it holds).
    #[arg(long, value_name = "FILE")]
    exclude: Option<PathBuf>,
    /// The web app's store that `--from store` reads, as `serve --db` names it: a SQLite
    /// file or a PostgreSQL address (it is only read).
    #[arg(long, value_name = "PATH|URL")]
    db: Option<String>,
}

#[derive(Args, Debug)]
struct CheckArgs {
    /// The set (JSON lines, gzip-compressed or not).
    file: PathBuf,
    /// The solver's budget for each move's proof, in nodes.
    #[arg(long, default_value_t = 20_000_000, value_name = "N")]
    nodes: u64,
    /// Prove without the endgame table, with the solver alone.
    #[arg(long)]
    no_table: bool,
}

#[derive(Args, Debug)]
struct StatsArgs {
    /// The set (JSON lines, gzip-compressed or not).
    file: PathBuf,
}

impl PuzzlesArgs {
    /// Whether the command only prints (`stats`): it ends quietly when its reader goes away.
    pub fn only_prints(&self) -> bool {
        matches!(self.command, PuzzlesCommand::Stats(_))
    }
}

pub fn run(args: PuzzlesArgs) -> Result<(), CliError> {
    match args.command {
        PuzzlesCommand::Generate(a) => generate(a),
        PuzzlesCommand::Check(a) => check_set(a),
        PuzzlesCommand::Stats(a) => stats(a),
    }
}

/// A set from a file: JSON lines, gzip-compressed or not.
fn read_set(path: &PathBuf) -> Result<Vec<Puzzle>, CliError> {
    let bytes = std::fs::read(path)
        .map_err(|e| CliError(format!("cannot read {}: {e}", path.display())))?;
    puzzles::read_set(&bytes).map_err(|e| CliError(format!("{}: {e}", path.display())))
}

/// The key a position is known by in a set: its board and player to move.
fn key(p: &Puzzle) -> Option<[u64; 2]> {
    let rules: Rules = p.rules.parse().ok()?;
    exact_key(&Position::from_code(&p.position, rules).ok()?)
}

/// Where the games come from.
enum From {
    SelfPlay(Rules),
    Records(Vec<(Game, String)>),
    Store(Box<StoreSource>),
}

/// Finished games of a store read at once, then mined in parallel.
const STORE_PAGE: u32 = 64;

fn sources(args: &GenerateArgs) -> Result<Vec<From>, CliError> {
    let mut out = Vec::new();
    let mut records = Vec::new();
    let store = args.from.iter().any(|f| f == "store");
    if args.db.is_some() && !store {
        return Err(CliError(
            "--db names the store that --from store reads: give --from store".into(),
        ));
    }
    for f in &args.from {
        match f.as_str() {
            "selfplay" => out.push(From::SelfPlay(Rules::default().single_round())),
            "match" => out.push(From::SelfPlay(Rules::default())),
            "store" => {
                let db = args.db.as_deref().ok_or_else(|| {
                    CliError("--from store reads the store named by --db PATH|URL".into())
                })?;
                let source = StoreSource::open(db).map_err(|e| {
                    CliError(format!(
                        "--db {}: {e}",
                        rajapasu_server::store::display_name(db)
                    ))
                })?;
                out.push(From::Store(Box::new(source)));
            }
            path => {
                let path = PathBuf::from(path);
                let (text, set) = read_record_file(&path)?;
                if !matches!(set, RuleSet::RajaPasu(_)) {
                    return Err(CliError(format!(
                        "{}: a Raja Pasu Mandiri record: puzzles are of the two-player game",
                        path.display()
                    )));
                }
                let game: Game = parse_record(&path, &text)?.replay()?;
                records.push((game, format!("record:{}", path.display())));
            }
        }
    }
    if !records.is_empty() {
        out.push(From::Records(records));
    }
    Ok(out)
}

fn generate(args: GenerateArgs) -> Result<(), CliError> {
    if args.count == 0 || args.count > 1_000_000 {
        return Err(CliError("--count must be between 1 and 1000000".into()));
    }
    if !(1..=20).contains(&args.margin) {
        return Err(CliError(
            "--margin must be between 1 and 20 counters".into(),
        ));
    }
    if args.per_game == 0 {
        return Err(CliError("--per-game must be at least 1".into()));
    }
    let settings = Settings {
        margin: args.margin,
        max_counters: args.max_counters,
        per_game: args.per_game,
        hard_only: args.hard,
        closed_only: args.closed_holes,
        keep_close: args.keep_close,
    };
    // The sources first: a bad one is told before the table is opened.
    let sources = sources(&args)?;
    let table = rajapasu_ai::table::for_rules(&Rules::default().single_round());
    eprintln!(
        "{}",
        if table.is_some() {
            "proving with the endgame table as leaves"
        } else {
            "no endgame table: proving with the solver alone"
        }
    );
    let mut seen: HashSet<[u64; 2]> = HashSet::new();
    if let Some(path) = &args.exclude {
        seen.extend(read_set(path)?.iter().filter_map(key));
    }
    let mut out: Box<dyn Write> = match &args.out {
        Some(path) => Box::new(std::io::BufWriter::new(
            std::fs::File::create(path)
                .map_err(|e| CliError(format!("cannot write {}: {e}", path.display())))?,
        )),
        None => Box::new(std::io::stdout().lock()),
    };
    let bar = ProgressBar::new(args.count as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} puzzles, {per_sec}, ETA {eta} {msg}")
            .expect("a valid template"),
    );
    let start = Instant::now();
    let mut tally = Tally::default();
    let mut written = 0usize;
    let mut games = 0u64;
    let mut nodes = 0u64;
    let threads = rayon::current_num_threads().max(1) as u64;
    let mut store_met = None;
    'sources: for mut source in sources {
        let mut next = args.seed;
        loop {
            // A batch of games in parallel, their puzzles taken in game order: the same
            // arguments give the same set.
            let batch: Vec<(Vec<Puzzle>, Tally, u64)> = match &mut source {
                From::SelfPlay(rules) => {
                    let seeds: Vec<u64> = (next..next + 2 * threads).collect();
                    next += 2 * threads;
                    seeds
                        .par_iter()
                        .map(|&s| {
                            let (game, name) = selfplay(*rules, s);
                            one_game(&game, &name, &settings, table.clone(), args.nodes)
                        })
                        .collect()
                }
                From::Records(records) => records
                    .par_iter()
                    .map(|(game, name)| one_game(game, name, &settings, table.clone(), args.nodes))
                    .collect(),
                From::Store(store) => {
                    let page = store
                        .next_page(STORE_PAGE)
                        .map_err(|e| CliError(format!("reading the store: {e}")))?;
                    store_met = Some(store.met());
                    let Some(page) = page else {
                        break;
                    };
                    page.par_iter()
                        .map(|g| {
                            let name = format!("store:{}", g.id);
                            one_game(&g.game, &name, &settings, table.clone(), args.nodes)
                        })
                        .collect()
                }
            };
            for (found, t, n) in batch {
                games += 1;
                tally.add(&t);
                nodes += n;
                for p in found {
                    if written == args.count {
                        break 'sources;
                    }
                    if key(&p).is_some_and(|k| seen.insert(k)) {
                        writeln!(out, "{}", p.to_line())
                            .map_err(|e| CliError(format!("cannot write: {e}")))?;
                        written += 1;
                        bar.inc(1);
                    }
                }
            }
            bar.set_message(format!("{games} games, {} positions tried", tally.tried));
            if matches!(source, From::Records(_)) || written == args.count {
                break;
            }
        }
    }
    out.flush()
        .map_err(|e| CliError(format!("cannot write: {e}")))?;
    bar.finish_and_clear();
    let secs = start.elapsed().as_secs_f64();
    if let Some(met) = store_met {
        eprintln!(
            "the store: {} finished Raja Pasu games read, {} Raja Pasu Mandiri games left out{}",
            met.games,
            met.mandiri,
            if met.unreadable > 0 {
                format!(", {} unreadable", met.unreadable)
            } else {
                String::new()
            }
        );
    }
    eprintln!(
        "{written} puzzles from {games} games in {secs:.1} s ({:.1} a minute, {threads} threads); \
         {} positions tried: {} with a key move, {} without, {} refused as unproven, {} left as \
         easy, {} as close; {:.1} M nodes",
        written as f64 * 60.0 / secs.max(1e-9),
        tally.tried,
        tally.found,
        tally.no_key,
        tally.unproven,
        tally.easy_left,
        tally.close_left,
        nodes as f64 / 1e6
    );
    Ok(())
}

fn one_game(
    game: &Game,
    name: &str,
    settings: &Settings,
    table: Option<std::sync::Arc<rajapasu_tablebase::Tablebase>>,
    nodes: u64,
) -> (Vec<Puzzle>, Tally, u64) {
    let mut prover = Prover::new(table, nodes);
    let mut tally = Tally::default();
    let found = puzzles_of(game, name, settings, &mut prover, &mut tally);
    (found, tally, prover.nodes)
}

fn check_set(args: CheckArgs) -> Result<(), CliError> {
    let set = read_set(&args.file)?;
    let table = if args.no_table {
        None
    } else {
        rajapasu_ai::table::for_rules(&Rules::default().single_round())
    };
    let bar = ProgressBar::new(set.len() as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} puzzles, {per_sec}, ETA {eta}")
            .expect("a valid template"),
    );
    let start = Instant::now();
    let failures: Vec<String> = set
        .par_iter()
        .map_init(
            || Prover::new(table.clone(), args.nodes),
            |prover, p| {
                let r = check(p, prover).err().map(|e| format!("{}: {e}", p.id));
                bar.inc(1);
                r
            },
        )
        .flatten()
        .collect();
    bar.finish_and_clear();
    let secs = start.elapsed().as_secs_f64();
    for f in &failures {
        outln!("{f}");
    }
    outln!(
        "{} of {} puzzles proven again in {secs:.1} s ({}), {} failed",
        set.len() - failures.len(),
        set.len(),
        if table.is_some() {
            "endgame table as leaves"
        } else {
            "solver alone"
        },
        failures.len()
    );
    if failures.is_empty() {
        Ok(())
    } else {
        Err(CliError(format!("{} puzzles do not hold", failures.len())))
    }
}

fn stats(args: StatsArgs) -> Result<(), CliError> {
    let set = read_set(&args.file)?;
    let n = set.len().max(1) as f64;
    let share = |k: usize| format!("{k:>6}  {:5.1}%", 100.0 * k as f64 / n);
    outln!("{} puzzles", set.len());
    outln!("theme            count   share");
    for t in Theme::ALL {
        let k = set.iter().filter(|p| p.themes.contains(&t)).count();
        outln!("{:<15} {}", t.name(), share(k));
    }
    let easy = set.iter().filter(|p| p.easy).count();
    outln!("{:<15} {}", "(greedy solves)", share(easy));
    let clear = set.iter().filter(|p| p.is_clear()).count();
    outln!("{:<15} {}", "(clear: rated)", share(clear));
    outln!("rating           count   share");
    let mut by: BTreeMap<u32, usize> = BTreeMap::new();
    for p in &set {
        *by.entry(p.rating / 200 * 200).or_default() += 1;
    }
    for (r, k) in by {
        outln!("{:<15} {}", format!("{r}-{}", r + 199), share(k));
    }
    outln!("solver moves     count   share");
    let mut lines: BTreeMap<usize, usize> = BTreeMap::new();
    for p in &set {
        *lines.entry(p.solution.depth()).or_default() += 1;
    }
    for (d, k) in lines {
        outln!("{d:<15} {}", share(k));
    }
    Ok(())
}
