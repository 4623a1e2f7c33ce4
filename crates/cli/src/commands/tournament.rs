//! `rajapasu tournament`: a round robin between players.

use crate::common::{plural, CliError};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use rajapasu_ai::arena::{self, Outcome, Pairing, Table};
use rajapasu_ai::spec::{Kind, Spec};
use rajapasu_engine::record::Record;
use rajapasu_engine::{Game, Position, Rules, Side};
use std::path::PathBuf;
use std::time::Duration;

/// Arguments of `rajapasu tournament`.
#[derive(Args, Debug)]
#[command(
    after_help = "Players: level:N (1..6), search[:depth=N,movetime=MS,nodes=N,eval=plain], \
random, greedy, ab:D (plain alpha-beta to depth D), mcts[:movetime=MS,iterations=N], \
cmd:PROGRAM ARGS (an engine speaking PROTOCOL.md). Options follow a comma: level:6,movetime=200.\n\n\
Every pair plays every opening twice, once from each side; with --ladder only each player and \
the next one meet. Games end by the rules alone (rule 8b ends cycling rounds, rule 6 endless \
sowings); a match whose round start comes a third time is drawn, and such matches are counted \
in the output.\n\nExamples:\n  \
rajapasu tournament --player level:1 --player level:2 --player level:3 --openings 20 --single-round\n  \
rajapasu tournament --ladder --player level:1 --player level:2 --player level:3 --player level:4 \
--player level:5 --player level:6 --openings 12\n  \
rajapasu tournament --player level:6 --player ab:9 --openings 50 --single-round --json\n  \
rajapasu tournament --player \"cmd:rajapasu engine\" --player greedy --records games/\n  \
rajapasu tournament --rules mandiri --single-round --player paranoid --player maxn --player mcts --openings 10\n\n\
With --rules mandiri give exactly three players (Mandiri specs: level:N, paranoid[:D], maxn[:D], mcts[:N], \
random, greedy; searchers take movetime=MS and nodes=N): each opening is played in all six seatings."
)]
pub struct TournamentArgs {
    /// A player (give two or more).
    #[arg(long = "player", short = 'P', value_name = "SPEC", required = true)]
    players: Vec<String>,
    /// Openings per pair; each is played from both sides.
    #[arg(long, default_value_t = 10, value_name = "N")]
    openings: usize,
    /// Play a ladder instead of a round robin: each player against the next one only (the
    /// first against the second, the second against the third, ...).
    #[arg(long)]
    ladder: bool,
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
    /// Print the results as CSV (one row per pair and per player against the field).
    #[arg(long)]
    csv: bool,
    /// Save every game's record in DIR.
    #[arg(long, value_name = "DIR")]
    records: Option<PathBuf>,
    /// `--rules mandiri`: moves after which a game is stopped and counted as capped.
    #[arg(long, default_value_t = rajapasu_ai::mandiri::arena::DEFAULT_MOVE_CAP, value_name = "N")]
    max_moves: usize,
}

pub fn run(args: TournamentArgs) -> Result<(), CliError> {
    if super::mandiri::wanted(&args.rules) {
        if args.ladder || args.csv || args.position.is_some() || args.records.is_some() {
            return Err(CliError(
                "--rules mandiri plays every seating of three players: --ladder, --csv, --position and --records are for the two-player game".into(),
            ));
        }
        return super::mandiri_arena::tournament(super::mandiri_arena::TournamentOptions {
            players: &args.players,
            openings: args.openings,
            opening_plies: args.opening_plies,
            rules: &args.rules,
            single_round: args.single_round,
            threads: args.threads,
            seed: args.seed,
            json: args.json,
            max_moves: args.max_moves,
        });
    }
    if args.players.len() < 2 {
        return Err(CliError("a tournament needs two players or more".into()));
    }
    let mut rules: Rules = crate::common::parse_rules(&args.rules)?;
    if args.single_round {
        rules = rules.single_round();
    }
    let start = match &args.position {
        Some(code) => Position::from_code(code, rules)?,
        None => Position::start(rules),
    };
    let mut specs = Vec::new();
    for p in &args.players {
        let mut s: Spec = p.parse()?;
        if matches!(s.kind, Kind::Command(_)) && s.movetime.is_none() {
            s.movetime = Some(Duration::from_millis(args.engine_movetime));
        }
        specs.push(s);
    }
    let names: Vec<String> = specs.iter().map(|s| s.label.clone()).collect();
    for s in &specs {
        // Fail early on a player that cannot start (an external program that is not there).
        s.build(rules, 0)?;
    }
    let openings = arena::openings(
        &Game::from_position(start),
        args.openings,
        args.opening_plies,
        args.seed,
    );
    if openings.is_empty() {
        return Err(CliError(
            "no opening could be made from this position".into(),
        ));
    }
    let pairings = if args.ladder {
        arena::ladder(specs.len(), openings.len(), args.seed)
    } else {
        arena::round_robin(specs.len(), openings.len(), args.seed)
    };
    if let Some(dir) = &args.records {
        std::fs::create_dir_all(dir)
            .map_err(|e| CliError(format!("cannot create {}: {e}", dir.display())))?;
    }
    let bar = ProgressBar::new(pairings.len() as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games, {elapsed} elapsed, {eta} left")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let threads = args.threads.unwrap_or_else(arena::default_threads);
    let started = std::time::Instant::now();
    let outcomes: Vec<Outcome> = arena::run_parallel(
        pairings.clone(),
        threads,
        |p: &Pairing| arena::play_pairing(&specs, rules, &start, &openings[p.opening], p),
        |_, _| bar.inc(1),
    );
    bar.finish_and_clear();
    if let Some(dir) = &args.records {
        for (k, (p, o)) in pairings.iter().zip(&outcomes).enumerate() {
            let mut tags = vec![
                ("Event".to_string(), "rajapasu tournament".to_string()),
                ("Game".to_string(), (k + 1).to_string()),
                ("South".to_string(), names[p.south].clone()),
                ("North".to_string(), names[p.north].clone()),
            ];
            if let Some((side, why)) = &o.forfeit {
                tags.push(("Forfeit".to_string(), format!("{side}: {why}")));
            }
            let path = dir.join(format!("game-{:04}.txt", k + 1));
            Record::from_game(&o.game, tags).save(&path)?;
        }
    }
    let table = arena::tabulate(&names, &pairings, &outcomes);
    for (p, o) in pairings.iter().zip(&outcomes) {
        if let Some((side, why)) = &o.forfeit {
            let who = if *side == Side::South {
                &names[p.south]
            } else {
                &names[p.north]
            };
            eprintln!("warning: {who} forfeited a game: {why}");
        }
    }
    if args.json {
        let out = serde_json::json!({
            "rules": rules.to_string(),
            "openings": openings.len(),
            "opening_plies": args.opening_plies,
            "ladder": args.ladder,
            "seed": args.seed,
            "table": table,
        });
        println!("{out}");
    } else if args.csv {
        print_csv(&table);
    } else {
        print_table(&table, &rules, openings.len(), started.elapsed());
    }
    Ok(())
}

fn print_csv(t: &Table) {
    println!("player,opponent,games,wins,draws,losses,score,elo,elo_low,elo_high");
    for s in &t.standings {
        println!(
            "{},*,{},{},{},{},{:.4},{:.1},{:.1},{:.1}",
            csv(&s.player),
            s.games,
            s.wdl.wins,
            s.wdl.draws,
            s.wdl.losses,
            s.score,
            s.elo,
            s.elo_low,
            s.elo_high
        );
    }
    for h in &t.pairs {
        println!(
            "{},{},{},{},{},{},{:.4},{:.1},{:.1},{:.1}",
            csv(&h.player),
            csv(&h.opponent),
            h.wdl.games(),
            h.wdl.wins,
            h.wdl.draws,
            h.wdl.losses,
            h.score,
            h.elo,
            h.elo_low,
            h.elo_high
        );
    }
}

fn csv(s: &str) -> String {
    if s.contains([',', '"']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

fn print_table(t: &Table, rules: &Rules, openings: usize, time: Duration) {
    println!(
        "{} in {:.0} s, rules {rules}, {} each played from both sides{}",
        plural(t.games as u64, "game", "games"),
        time.as_secs_f64(),
        plural(openings as u64, "opening", "openings"),
        if t.forfeits > 0 {
            format!(", {}", plural(t.forfeits as u64, "forfeit", "forfeits"))
        } else {
            String::new()
        }
    );
    if t.match_repetitions > 0 {
        println!(
            "{} drawn because a round start came a third time",
            plural(t.match_repetitions as u64, "match", "matches")
        );
    }
    println!();
    let w = t
        .standings
        .iter()
        .map(|s| s.player.len())
        .max()
        .unwrap_or(6)
        .max(6);
    println!(
        "{:<w$}  games     W     D     L   score     Elo   95% interval",
        "player"
    );
    for s in &t.standings {
        println!(
            "{:<w$}  {:>5} {:>5} {:>5} {:>5}  {:>5.1}%  {:>+6.0}  [{:+.0}, {:+.0}]",
            s.player,
            s.games,
            s.wdl.wins,
            s.wdl.draws,
            s.wdl.losses,
            100.0 * s.score,
            s.elo,
            s.elo_low,
            s.elo_high
        );
    }
    println!();
    let w2 = t
        .pairs
        .iter()
        .map(|h| h.player.len() + h.opponent.len() + 4)
        .max()
        .unwrap_or(10);
    println!(
        "{:<w2$}  games     W     D     L   score     Elo   95% interval",
        "pair"
    );
    for h in &t.pairs {
        println!(
            "{:<w2$}  {:>5} {:>5} {:>5} {:>5}  {:>5.1}%  {:>+6.0}  [{:+.0}, {:+.0}]",
            format!("{} vs {}", h.player, h.opponent),
            h.wdl.games(),
            h.wdl.wins,
            h.wdl.draws,
            h.wdl.losses,
            100.0 * h.score,
            h.elo,
            h.elo_low,
            h.elo_high
        );
    }
    if t.opening_pairs.is_empty() {
        return;
    }
    println!();
    println!(
        "opening pairs: each opening played once from each side, counters summed over both games"
    );
    println!("{:<w2$}  pairs  ahead  level  behind  counters", "pair");
    for o in &t.opening_pairs {
        println!(
            "{:<w2$}  {:>5}  {:>5}  {:>5}  {:>6}  {:>+8}",
            format!("{} vs {}", o.player, o.opponent),
            o.pairs,
            o.ahead,
            o.level,
            o.behind,
            o.counters
        );
    }
}
