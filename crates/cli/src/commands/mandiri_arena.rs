//! `rajapasu selfplay --rules mandiri` and `rajapasu tournament --rules mandiri`: games for
//! three players, with the seat statistics of the three-player game.

use crate::common::{plural, CliError};
use indicatif::{ProgressBar, ProgressStyle};
use rajapasu_ai::arena::{default_threads, run_parallel};
use rajapasu_ai::mandiri::arena::{
    play, seat_report, seatings, standings, GameEnd, GameStat, SeatReport, Share, Standing,
};
use rajapasu_ai::mandiri::{MandiriPlayer, MandiriSpec};
use rajapasu_engine::mandiri;
use rajapasu_engine::rng::stream_seed;
use rajapasu_engine::Mode;

/// What `selfplay` asks of the three-player game.
pub struct SelfplayOptions<'a> {
    pub games: usize,
    pub player: &'a str,
    pub rules: &'a [String],
    pub single_round: bool,
    pub opening_plies: usize,
    pub threads: Option<usize>,
    pub seed: u64,
    pub json: bool,
    pub max_moves: usize,
}

/// What `tournament` asks of the three-player game.
pub struct TournamentOptions<'a> {
    pub players: &'a [String],
    pub openings: usize,
    pub opening_plies: usize,
    pub rules: &'a str,
    pub single_round: bool,
    pub threads: Option<usize>,
    pub seed: u64,
    pub json: bool,
    pub max_moves: usize,
}

fn rules_of(text: &str, single_round: bool) -> Result<mandiri::Rules, CliError> {
    let mut rules: mandiri::Rules = text.parse()?;
    if single_round {
        rules.mode = Mode::SingleRound;
    }
    Ok(rules)
}

fn bar(len: usize) -> ProgressBar {
    let bar = ProgressBar::new(len as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games, {elapsed} elapsed, {eta} left")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar
}

/// One game: random opening moves from the opening's seed, then `specs[entrants[p]]` playing
/// player `p`.
fn one_game(
    rules: mandiri::Rules,
    specs: &[MandiriSpec],
    entrants: [usize; 3],
    opening: usize,
    opening_seed: u64,
    player_seed: u64,
    cap: usize,
) -> GameStat {
    let mut players: [Box<dyn MandiriPlayer>; 3] =
        [0, 1, 2].map(|p| specs[entrants[p]].build(stream_seed(player_seed, p as u64 + 1)));
    play(
        mandiri::Game::new(rules),
        &mut players,
        opening,
        opening_seed,
        cap,
    )
}

/// `rajapasu selfplay --rules mandiri...`: one player in every seat.
pub fn selfplay(o: SelfplayOptions) -> Result<(), CliError> {
    let spec: MandiriSpec = o.player.parse()?;
    let mut all = Vec::new();
    for text in o.rules {
        let rules = rules_of(text, o.single_round)?;
        let specs = [spec.clone()];
        let jobs: Vec<u64> = (0..o.games as u64).collect();
        let progress = bar(o.games);
        let games = run_parallel(
            jobs,
            o.threads.unwrap_or_else(default_threads),
            |&k| {
                let seed = stream_seed(o.seed, k + 1);
                one_game(
                    rules,
                    &specs,
                    [0; 3],
                    o.opening_plies,
                    seed,
                    seed ^ 1,
                    o.max_moves,
                )
            },
            |_, _| progress.inc(1),
        );
        progress.finish_and_clear();
        all.push((rules, seat_report(&games)));
    }
    if o.json {
        let results: Vec<_> = all
            .iter()
            .map(|(r, rep)| serde_json::json!({"rules": r.to_string(), "report": rep}))
            .collect();
        let out = serde_json::json!({
            "player": spec.label,
            "opening_plies": o.opening_plies,
            "seed": o.seed,
            "move_cap": o.max_moves,
            "results": results,
        });
        println!("{out}");
    } else {
        println!("Player in every seat: {}", spec.label);
        for (rules, rep) in &all {
            println!();
            print_report(rules, rep, o.max_moves);
        }
    }
    Ok(())
}

/// `rajapasu tournament --rules mandiri...`: three players over every seating.
pub fn tournament(o: TournamentOptions) -> Result<(), CliError> {
    if o.players.len() != 3 {
        return Err(CliError(format!(
            "a Mandiri tournament needs exactly three players (--player given {} times)",
            o.players.len()
        )));
    }
    let rules = rules_of(o.rules, o.single_round)?;
    let specs = o
        .players
        .iter()
        .map(|p| p.parse::<MandiriSpec>())
        .collect::<Result<Vec<_>, _>>()?;
    let names: Vec<String> = specs.iter().map(|s| s.label.clone()).collect();
    // Each opening is played in the six seatings, so every player meets the same openings
    // from every seat.
    let jobs: Vec<(usize, [usize; 3])> = (0..o.openings)
        .flat_map(|k| seatings().into_iter().map(move |s| (k, s)))
        .collect();
    let progress = bar(jobs.len());
    let games = run_parallel(
        jobs.clone(),
        o.threads.unwrap_or_else(default_threads),
        |&(k, seating)| {
            let opening_seed = stream_seed(o.seed, k as u64 + 1);
            let player_seed = stream_seed(opening_seed, seating_index(seating) + 1);
            one_game(
                rules,
                &specs,
                seating,
                o.opening_plies,
                opening_seed,
                player_seed,
                o.max_moves,
            )
        },
        |_, _| progress.inc(1),
    );
    progress.finish_and_clear();
    let entrant_of: Vec<[usize; 3]> = jobs.iter().map(|&(_, s)| s).collect();
    let table = standings(&names, &games, &entrant_of);
    let report = seat_report(&games);
    if o.json {
        let out = serde_json::json!({
            "rules": rules.to_string(),
            "players": names,
            "openings": o.openings,
            "opening_plies": o.opening_plies,
            "seed": o.seed,
            "move_cap": o.max_moves,
            "standings": table,
            "seats": report,
        });
        println!("{out}");
    } else {
        print_standings(&table);
        println!();
        print_report(&rules, &report, o.max_moves);
    }
    Ok(())
}

fn seating_index(s: [usize; 3]) -> u64 {
    seatings().iter().position(|&t| t == s).unwrap_or(0) as u64
}

fn share(s: &Share) -> String {
    format!("{:.3} [{:.3}, {:.3}]", s.mean, s.low, s.high)
}

fn print_standings(table: &[Standing]) {
    println!(
        "{:<28} {:>7}  {:<22} {:<22} {:<24} {:>10}",
        "player",
        "rounds",
        "round score [95%]",
        "above seat [95%]",
        "win share [95%]",
        "match wins"
    );
    for s in table {
        let counters = |x: &Share| format!("{:.1} [{:.1}, {:.1}]", x.mean, x.low, x.high);
        println!(
            "{:<28} {:>7}  {:<22} {:<22} {:<24} {:>10.1}",
            s.name,
            s.rounds,
            counters(&s.round_score),
            counters(&s.above_seat),
            share(&s.win_share),
            s.match_wins
        );
    }
}

fn print_report(rules: &mandiri::Rules, r: &SeatReport, cap: usize) {
    println!(
        "rules {rules}: {}, {}",
        plural(r.games as u64, "game", "games"),
        plural(r.rounds as u64, "round", "rounds")
    );
    println!("round wins by seat (a tie shares the round; 95% intervals):");
    for (name, (w, c)) in ["C", "R", "L"]
        .iter()
        .zip(r.seat_wins.iter().zip(&r.seat_captures))
    {
        println!(
            "  seat {name}: {}   mean capture {:.1} [{:.1}, {:.1}]",
            share(w),
            c.mean,
            c.low,
            c.high
        );
    }
    let e = &r.raja_edge;
    println!(
        "being the Raja: seat C wins {:.3} of the rounds, {:+.3} [{:+.3}, {:+.3}] against 1/3",
        r.seat_wins[0].mean, e.mean, e.low, e.high
    );
    let m = &r.round_moves;
    println!(
        "moves per round: mean {:.1}, median {}, max {}",
        m.mean, m.median, m.max
    );
    println!(
        "rounds ended: no capture left {}, third repetition {}",
        r.no_capture, r.repetition
    );
    if rules.mode == Mode::Match {
        let l = &r.match_rounds;
        println!(
            "rounds per match: mean {:.1}, median {}, max {}",
            l.mean, l.median, l.max
        );
    }
    let ends: Vec<String> = r
        .ends
        .iter()
        .map(|(e, n)| {
            let what = match e {
                GameEnd::Round => "single rounds",
                GameEnd::MatchWon => "matches won",
                GameEnd::MatchDrawn => "matches shared (a round start came a third time)",
                GameEnd::Capped => "capped",
            };
            format!("{what} {n}")
        })
        .collect();
    println!("games: {} (move cap {cap})", ends.join(", "));
}
