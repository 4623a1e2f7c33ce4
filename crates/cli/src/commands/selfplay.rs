//! `rajapasu selfplay`: statistics of many games under one or more rule sets, of either game.

use super::report::{progress, Report, SelfplayRun};
use crate::common::{parse_rule_set, single_round, with_game, CliError};
use clap::Args;
use rajapasu_ai::arena::{self, random_line, Seating};
use rajapasu_ai::spec::PlayerSpec;
use rajapasu_engine::rng::{stream_seed, Rng};
use rajapasu_engine::RuleSet;

/// The canonical rules and each traditional option on its own.
pub const VARIANTS: [&str; 13] = [
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
    "canonical/empty-board=same-leader",
    "canonical/empty-board=other-leader",
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
    /// The player for every side or seat (see `rajapasu tournament --help`).
    #[arg(long, default_value = "level:2", value_name = "SPEC")]
    player: String,
    /// A different player for South (Raja Pasu).
    #[arg(long, value_name = "SPEC")]
    south: Option<String>,
    /// A different player for North (Raja Pasu).
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
    #[arg(long, default_value_t = rajapasu_ai::arena::mandiri::DEFAULT_MOVE_CAP, value_name = "N")]
    max_moves: usize,
}

pub fn run(args: SelfplayArgs) -> Result<(), CliError> {
    let mut names: Vec<String> = args.rules.clone();
    if args.variants {
        names.extend(VARIANTS.iter().map(|s| s.to_string()));
    }
    if names.is_empty() {
        names.push("canonical".into());
    }
    let sets = names
        .iter()
        .map(|n| Ok(single_round(parse_rule_set(n)?, args.single_round)))
        .collect::<Result<Vec<RuleSet>, CliError>>()?;
    with_game!(sets[0], G, _ => selfplay::<G>(&args, &sets))
}

/// Every rule set's games, all of the game `G`.
fn selfplay<G: Report>(args: &SelfplayArgs, sets: &[RuleSet]) -> Result<(), CliError> {
    let rule_sets = sets
        .iter()
        .map(|&set| {
            G::rules_of(set).ok_or_else(|| {
                CliError(
                    "--rules mandiri cannot be mixed with two-player rule sets or --variants"
                        .into(),
                )
            })
        })
        .collect::<Result<Vec<G::Rules>, CliError>>()?;
    let players = G::selfplay_players(&args.player, args.south.as_deref(), args.north.as_deref())?;
    let specs = players
        .iter()
        .map(|p| p.parse::<PlayerSpec<G>>())
        .collect::<Result<Vec<_>, _>>()?;
    for spec in &specs {
        // Fail early on a player that cannot start (an external program that is not there).
        spec.build(rule_sets[0], 0)?;
    }
    let threads = args.threads.unwrap_or_else(arena::default_threads);
    let bar = progress(args.games * rule_sets.len());
    let every_seat = Seating {
        entrants: (0..specs.len()).collect(),
        opening: 0,
        seed: 0,
    };
    let mut results = Vec::new();
    for &rules in &rule_sets {
        let jobs: Vec<u64> = (0..args.games as u64).collect();
        let stats = arena::run_parallel(
            jobs,
            threads,
            |&k| {
                // The opening's moves and the players' choices come from the game's seed.
                let seed = stream_seed(args.seed, k + 1);
                let game = G::new(rules);
                let opening = random_line(&game, args.opening_plies, &mut Rng::new(seed));
                let seating = Seating {
                    seed,
                    ..every_seat.clone()
                };
                arena::play_seating(
                    &specs,
                    rules,
                    game.position(),
                    &opening,
                    &seating,
                    args.max_moves,
                )
            },
            |_, _| bar.inc(1),
        );
        results.push((rules, stats));
    }
    bar.finish_and_clear();
    G::selfplay(&SelfplayRun {
        specs: &specs,
        results: &results,
        opening_plies: args.opening_plies,
        seed: args.seed,
        move_cap: args.max_moves,
        json: args.json,
    })
}
