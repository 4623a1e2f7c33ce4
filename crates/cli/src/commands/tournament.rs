//! `rajapasu tournament`: a round robin (or a ladder) between players, of either game; with
//! `--format`, an event paired round by round by `rajapasu-pairing` (the `paired` module).

mod paired;

use super::report::{progress, save_records, warn_forfeits, Format, Report, TournamentRun};
use crate::common::{parse_rule_set, single_round, with_game, CliError};
use clap::Args;
use paired::PairingFormat;
use rajapasu_ai::arena;
use rajapasu_ai::spec::{Kind, PlayerSpec};
use std::path::PathBuf;
use std::time::Duration;

/// Arguments of `rajapasu tournament`.
#[derive(Args, Debug)]
#[command(
    after_help = "Players: level:N[,movetime=MS,depth=N] (1..7, or a name: level:perfect), random, greedy, mcts[:N][,movetime=MS,iterations=N], \
cmd:PROGRAM ARGS (an engine speaking PROTOCOL.md); in Raja Pasu also \
search[:depth=N,movetime=MS,nodes=N,eval=plain] and ab:D (plain alpha-beta to depth D), in Mandiri \
paranoid[:D] and maxn[:D] (options movetime=MS, nodes=N). Options follow a comma: level:6,movetime=200.\n\n\
Every pair plays every opening twice, once from each side; with --ladder only each player and \
the next one meet. Under --rules mandiri every three players meet (with --ladder, each with the \
next two) and each opening is played in all six seatings. Games end by the rules alone (rule 8b ends cycling rounds, rule 6 endless \
sowings); a match whose round start comes a third time is drawn, and such matches are counted \
in the output.\n\nExamples:\n  \
rajapasu tournament --player level:1 --player level:2 --player level:3 --openings 20 --single-round\n  \
rajapasu tournament --ladder --player level:1 --player level:2 --player level:3 --player level:4 \
--player level:5 --player level:6 --openings 12\n  \
rajapasu tournament --player level:6 --player ab:9 --openings 50 --single-round --json\n  \
rajapasu tournament --format swiss --rounds 4 --player level:1 --player level:2 --player level:3 \
--player greedy --player random --single-round\n  \
rajapasu tournament --player \"cmd:rajapasu engine\" --player greedy --records games/\n  \
rajapasu tournament --rules mandiri --single-round --player paranoid --player maxn --player mcts --openings 10"
)]
pub struct TournamentArgs {
    /// A player (give two or more; three or more under --rules mandiri).
    #[arg(long = "player", short = 'P', value_name = "SPEC", required = true)]
    players: Vec<String>,
    /// Openings per pair; each is played from both sides.
    #[arg(long, default_value_t = 10, value_name = "N")]
    openings: usize,
    /// Play a ladder instead of a round robin: each player against the next one only (the
    /// first against the second, the second against the third, ...).
    #[arg(long)]
    ladder: bool,
    /// Pair the players round by round instead of playing every opening between every pair:
    /// round-robin (the Berger tables), double-round-robin, or swiss (the Dutch system's
    /// basic rules, with --rounds). One game a pairing, round k playing opening k; the
    /// pairing's first player takes South and leads. Prints every round and the standings
    /// with tie-breaks (docs/TOURNAMENTS.md).
    #[arg(long, value_enum, value_name = "FORMAT", conflicts_with = "ladder")]
    format: Option<PairingFormat>,
    /// Rounds of a --format swiss event.
    #[arg(long, value_name = "N", requires = "format")]
    rounds: Option<usize>,
    /// Random moves in each opening.
    #[arg(long, default_value_t = 2, value_name = "N")]
    opening_plies: usize,
    /// Rule set: NAME[/KEY=VALUE,...].
    #[arg(long, short = 'r', default_value = "canonical", value_name = "RULES")]
    rules: String,
    /// Single rounds instead of matches.
    #[arg(long)]
    single_round: bool,
    /// Start from this position code instead of the start.
    #[arg(long, short = 'p', value_name = "CODE")]
    position: Option<String>,
    /// Games played at once (default: every core).
    #[arg(long, value_name = "N")]
    threads: Option<usize>,
    /// Seed of the openings and of the players' random choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Time per move for `cmd:` players that give none, milliseconds. A program that gives no
    /// move within this time, half as much again and a second forfeits the game (a warning
    /// says so).
    #[arg(long, default_value_t = 1000, value_name = "MS")]
    engine_movetime: u64,
    /// Print the results as one JSON object.
    #[arg(long, conflicts_with = "csv")]
    json: bool,
    /// Print the results as CSV (one row per pair and per player against the field; under
    /// --rules mandiri one row per player).
    #[arg(long)]
    csv: bool,
    /// Save every game's record in DIR.
    #[arg(long, value_name = "DIR")]
    records: Option<PathBuf>,
    /// `--rules mandiri`: moves after which a game is stopped and counted as capped.
    #[arg(long, default_value_t = rajapasu_ai::arena::mandiri::DEFAULT_MOVE_CAP, value_name = "N")]
    max_moves: usize,
}

impl TournamentArgs {
    /// How the results are printed.
    fn output(&self) -> Format {
        if self.json {
            Format::Json
        } else if self.csv {
            Format::Csv
        } else {
            Format::Text
        }
    }
}

pub fn run(args: TournamentArgs) -> Result<(), CliError> {
    let set = single_round(parse_rule_set(&args.rules)?, args.single_round);
    with_game!(set, G, rules => tournament::<G>(&args, rules))
}

/// The number of players a game seats, in words.
fn seats_in_words(seats: usize) -> String {
    match seats {
        2 => "two".into(),
        3 => "three".into(),
        n => n.to_string(),
    }
}

fn tournament<G: Report>(args: &TournamentArgs, rules: G::Rules) -> Result<(), CliError> {
    if args.players.len() < G::SEATS {
        return Err(CliError(format!(
            "a tournament needs {} players or more",
            seats_in_words(G::SEATS)
        )));
    }
    let start = match &args.position {
        Some(code) => G::position_arg(code, rules)?,
        None => G::start_position(rules),
    };
    let mut specs = Vec::new();
    for p in &args.players {
        let mut s: PlayerSpec<G> = p.parse()?;
        if matches!(s.kind(), Kind::Command(_)) && s.limits.movetime.is_none() {
            s.limits.movetime = Some(Duration::from_millis(args.engine_movetime));
        }
        specs.push(s);
    }
    let names: Vec<String> = specs.iter().map(|s| s.label.clone()).collect();
    for s in &specs {
        // Fail early on a player that cannot start (an external program that is not there).
        s.build(rules, 0)?;
    }
    let openings = G::tournament_openings(
        &G::from_position(start),
        args.openings,
        args.opening_plies,
        args.seed,
    );
    if openings.is_empty() {
        return Err(CliError(
            "no opening could be made from this position".into(),
        ));
    }
    let threads = args.threads.unwrap_or_else(arena::default_threads);
    let output = args.output();
    if let Some(dir) = &args.records {
        std::fs::create_dir_all(dir)
            .map_err(|e| CliError(format!("cannot create {}: {e}", dir.display())))?;
    }
    if let Some(format) = args.format {
        return paired::play(paired::Event {
            format,
            rounds: args.rounds,
            specs: &specs,
            names: &names,
            rules,
            start,
            openings: &openings,
            opening_plies: args.opening_plies,
            seed: args.seed,
            threads,
            output,
            records: args.records.as_deref(),
        });
    }
    let seatings = if args.ladder {
        arena::ladder::<G>(specs.len(), openings.len(), args.seed)
    } else {
        arena::round_robin::<G>(specs.len(), openings.len(), args.seed)
    };
    let bar = progress(seatings.len());
    let started = std::time::Instant::now();
    let stats = arena::run_parallel(
        seatings.clone(),
        threads,
        |s| {
            let opening = &openings[s.opening];
            arena::play_seating(&specs, rules, &start, opening, s, args.max_moves)
        },
        |_, _| bar.inc(1),
    );
    bar.finish_and_clear();
    let run = TournamentRun {
        names: &names,
        rules,
        seatings: &seatings,
        stats: &stats,
        openings: openings.len(),
        opening_plies: args.opening_plies,
        ladder: args.ladder,
        seed: args.seed,
        move_cap: args.max_moves,
        format: output,
        records: args.records.as_deref(),
        time: started.elapsed(),
    };
    if let Some(dir) = run.records {
        save_records(&run, dir)?;
    }
    warn_forfeits(&run);
    G::tournament(&run)
}
