//! `rajapasu selfplay`: statistics of many games under one or more rule sets.

use crate::common::{plural, CliError};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use rajapasu_ai::arena::{self, Outcome, Summary};
use rajapasu_ai::spec::Spec;
use rajapasu_engine::rng::{stream_seed, Rng};
use rajapasu_engine::{BySide, Game, Rules};

/// The canonical rules and each traditional option on its own.
pub const VARIANTS: [&str; 11] = [
    "canonical",
    "canonical/origin=skip",
    "canonical/final-four=exempt",
    "canonical/final-four=end",
    "canonical/fours=sower",
    "canonical/pussa=chain",
    "canonical/closed=right",
    "canonical/endless=forbid",
    "canonical/leader=loser",
    "canonical/leader=alternate",
    "canonical/counters=6",
];

/// Arguments of `rajapasu selfplay`.
#[derive(Args, Debug)]
#[command(
    after_help = "Each game starts with a few random moves (--opening-plies) so that games differ. \
Rounds end by the rules alone (rule 8b ends cycling rounds); a match whose round start repeats \
3 times is drawn and one that reaches 100 rounds is decided on holdings, and both are reported.\n\nExamples:\n  \
rajapasu selfplay --games 200 --player level:2\n  \
rajapasu selfplay --games 100 --rules canonical --rules canonical/fours=sower --json\n  \
rajapasu selfplay --variants --games 200 --player level:2\n  \
rajapasu selfplay --rules mandiri --single-round --games 200 --player random"
)]
pub struct SelfplayArgs {
    /// Games per rule set.
    #[arg(long, default_value_t = 100, value_name = "N")]
    games: usize,
    /// The player for both sides (see `rajapasu tournament --help`).
    #[arg(long, default_value = "level:2", value_name = "SPEC")]
    player: String,
    /// A different player for South.
    #[arg(long, value_name = "SPEC")]
    south: Option<String>,
    /// A different player for North.
    #[arg(long, value_name = "SPEC")]
    north: Option<String>,
    /// Rule set (repeat to compare several).
    #[arg(long, short = 'r', value_name = "RULES")]
    rules: Vec<String>,
    /// Compare the canonical rules with each traditional option.
    #[arg(long)]
    variants: bool,
    /// Single rounds instead of matches.
    #[arg(long)]
    single_round: bool,
    /// Random moves at the start of each game.
    #[arg(long, default_value_t = 2, value_name = "N")]
    opening_plies: usize,
    /// Games played at once (default: every core).
    #[arg(long, value_name = "N")]
    threads: Option<usize>,
    /// Seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
    /// `--rules mandiri`: moves after which a game is stopped and counted as capped.
    #[arg(long, default_value_t = rajapasu_ai::mandiri::arena::DEFAULT_MOVE_CAP, value_name = "N")]
    max_moves: usize,
}

pub fn run(args: SelfplayArgs) -> Result<(), CliError> {
    if args.rules.iter().any(|r| super::mandiri::wanted(r)) {
        if !args.rules.iter().all(|r| super::mandiri::wanted(r)) || args.variants {
            return Err(CliError(
                "--rules mandiri cannot be mixed with two-player rule sets or --variants".into(),
            ));
        }
        if args.south.is_some() || args.north.is_some() {
            return Err(CliError(
                "Mandiri has no South and North: --player plays every seat (use `rajapasu tournament --rules mandiri` for three different players)".into(),
            ));
        }
        return super::mandiri_arena::selfplay(super::mandiri_arena::SelfplayOptions {
            games: args.games,
            player: &args.player,
            rules: &args.rules,
            single_round: args.single_round,
            opening_plies: args.opening_plies,
            threads: args.threads,
            seed: args.seed,
            json: args.json,
            max_moves: args.max_moves,
        });
    }
    let mut names: Vec<String> = args.rules.clone();
    if args.variants {
        names.extend(VARIANTS.iter().map(|s| s.to_string()));
    }
    if names.is_empty() {
        names.push("canonical".into());
    }
    let mut rule_sets = Vec::new();
    for n in &names {
        let mut r: Rules = crate::common::parse_rules(n)?;
        if args.single_round {
            r = r.single_round();
        }
        rule_sets.push(r);
    }
    let south: Spec = args.south.as_deref().unwrap_or(&args.player).parse()?;
    let north: Spec = args.north.as_deref().unwrap_or(&args.player).parse()?;
    south.build(rule_sets[0], 0)?;
    north.build(rule_sets[0], 0)?;
    let threads = args.threads.unwrap_or_else(arena::default_threads);
    let bar = ProgressBar::new((args.games * rule_sets.len()) as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games, {elapsed} elapsed, {eta} left")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let mut summaries = Vec::new();
    for rules in &rule_sets {
        let jobs: Vec<u64> = (0..args.games as u64).collect();
        let outcomes: Vec<Outcome> = arena::run_parallel(
            jobs,
            threads,
            |&k| {
                let seed = stream_seed(args.seed, k + 1);
                let mut rng = Rng::new(seed);
                let mut game = Game::new(*rules);
                for _ in 0..args.opening_plies {
                    let ms = game.legal_moves();
                    if ms.is_empty() {
                        break;
                    }
                    game.play(ms[rng.below(ms.len())]);
                }
                match (south.build(*rules, seed ^ 1), north.build(*rules, seed ^ 2)) {
                    (Ok(s), Ok(n)) => arena::play_game(game, &mut BySide::new(s, n)),
                    (Err(e), _) | (_, Err(e)) => panic!("{e}"),
                }
            },
            |_, _| bar.inc(1),
        );
        summaries.push(arena::summarize(rules, &outcomes));
    }
    bar.finish_and_clear();
    if args.json {
        let out = serde_json::json!({
            "south": south.label,
            "north": north.label,
            "opening_plies": args.opening_plies,
            "seed": args.seed,
            "results": summaries,
        });
        println!("{out}");
    } else {
        print_summaries(&summaries, &south.label, &north.label);
    }
    Ok(())
}

fn print_summaries(all: &[Summary], south: &str, north: &str) {
    println!("South: {south}   North: {north}");
    for s in all {
        let c = &s.captures;
        let total = (c.fours + c.pussa + c.round_end).max(1) as f64;
        println!();
        println!(
            "rules {}: {}",
            s.rules,
            plural(s.games as u64, "game", "games")
        );
        println!(
            "  South wins {} draws {} losses {}: win rate {:.1}% [{:.1}, {:.1}], score {:.1}%",
            s.south.wins,
            s.south.draws,
            s.south.losses,
            100.0 * s.south_win_rate,
            100.0 * s.south_win_rate_ci.0,
            100.0 * s.south_win_rate_ci.1,
            100.0 * s.south_score
        );
        println!(
            "  mean margin South - North: {:+.1} ± {:.1} counters",
            s.margin_mean, s.margin_ci
        );
        println!(
            "  rounds: {} ({:.2} per game, at most {}); length mean {:.1} moves, min {}, median {}, max {}",
            s.rounds, s.rounds_per_game, s.rounds_per_game_max, s.round_length_mean,
            s.round_length_min, s.round_length_median, s.round_length_max
        );
        println!(
            "  rounds ended: no move (8a) {}, repetition (8b) {}",
            s.rounds_no_moves, s.rounds_repetition
        );
        if s.match_repetitions > 0 {
            println!(
                "  {} drawn because a round start came a third time",
                plural(s.match_repetitions as u64, "match", "matches")
            );
        }
        println!(
            "  captures: fours {:.1}% ({:.1}% of fours went to the sower), pussa {:.1}%, end of round {:.1}%",
            100.0 * c.fours as f64 / total,
            100.0 * c.fours_to_mover as f64 / (c.fours.max(1) as f64),
            100.0 * c.pussa as f64 / total,
            100.0 * c.round_end as f64 / total
        );
    }
    if all.len() > 1 {
        println!();
        println!(
            "{:<32} {:>7} {:>8} {:>8} {:>8} {:>8} {:>7}",
            "rules", "S win%", "draw%", "margin", "rounds", "length", "8b%"
        );
        for s in all {
            println!(
                "{:<32} {:>7.1} {:>8.1} {:>+8.1} {:>8.2} {:>8.1} {:>7.1}",
                s.rules,
                100.0 * s.south_win_rate,
                100.0 * f64::from(s.south.draws) / (s.games.max(1) as f64),
                s.margin_mean,
                s.rounds_per_game,
                s.round_length_mean,
                100.0 * s.rounds_repetition as f64 / (s.rounds.max(1) as f64)
            );
        }
    }
}
