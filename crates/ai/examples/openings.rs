//! Solves the openings of a tournament (win, draw or loss with best play, whatever the margin)
//! and, on request, plays two players from each of them once from each side, to see whether
//! the games follow the proven outcome.
//!
//! ```text
//! cargo run --release -p rajapasu-ai --example openings -- \
//!     --openings 50 --plies 4 --seed 1 --single-round --solve-ms 20000 \
//!     --play level:6 --play ab:9 --threads 2
//! ```
//!
//! The openings and the games are those of `rajapasu tournament` with the same `--openings`,
//! `--opening-plies`, `--seed` and players (listed in the same order).

use rajapasu_ai::arena::raja_pasu::Outcome;
use rajapasu_ai::arena::{self, Seating};
use rajapasu_ai::search::{Proof, Proven, Searcher};
use rajapasu_ai::spec::Spec;
use rajapasu_ai::Limits;
use rajapasu_engine::{Game, Move, Rules, Side};
use std::time::{Duration, Instant};

struct Args {
    openings: usize,
    plies: usize,
    seed: u64,
    rules: Rules,
    solve: Duration,
    play: Vec<String>,
    threads: usize,
}

fn parse() -> Result<Args, String> {
    let mut a = Args {
        openings: 50,
        plies: 4,
        seed: 1,
        rules: Rules::default(),
        solve: Duration::from_secs(20),
        play: Vec::new(),
        threads: arena::default_threads(),
    };
    let mut single = false;
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        if flag == "--single-round" {
            single = true;
            continue;
        }
        let v = it.next().ok_or(format!("{flag} needs a value"))?;
        let num = |v: &str| v.parse::<u64>().map_err(|_| format!("{flag}: `{v}`"));
        match flag.as_str() {
            "--openings" => a.openings = num(&v)? as usize,
            "--plies" | "--opening-plies" => a.plies = num(&v)? as usize,
            "--seed" => a.seed = num(&v)?,
            "--rules" => a.rules = v.parse().map_err(|e| format!("{e}"))?,
            "--solve-ms" => a.solve = Duration::from_millis(num(&v)?),
            "--play" => a.play.push(v),
            "--threads" => a.threads = num(&v)? as usize,
            _ => return Err(format!("unknown flag {flag}")),
        }
    }
    if single {
        a.rules = a.rules.single_round();
    }
    if !a.play.is_empty() && a.play.len() != 2 {
        return Err("give two players with --play, or none".into());
    }
    Ok(a)
}

/// The proven outcome for South.
fn for_south(game: &Game, p: &Proof) -> Option<Proven> {
    let o = p.outcome?;
    Some(match (game.position().to_move(), o) {
        (Side::South, o) => o,
        (Side::North, Proven::Win) => Proven::Loss,
        (Side::North, Proven::Loss) => Proven::Win,
        (Side::North, Proven::Draw) => Proven::Draw,
    })
}

fn name(o: Option<Proven>) -> &'static str {
    match o {
        Some(Proven::Win) => "South wins",
        Some(Proven::Loss) => "North wins",
        Some(Proven::Draw) => "drawn",
        None => "unresolved",
    }
}

fn main() {
    let args = match parse() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(2);
        }
    };
    let start = Game::new(args.rules);
    let lines: Vec<Vec<Move>> = arena::openings(&start, args.openings, args.plies, args.seed);
    let games: Vec<Game> = lines
        .iter()
        .map(|line| {
            let mut g = start.clone();
            for &m in line {
                g.play(m);
            }
            g
        })
        .collect();
    let t0 = Instant::now();
    let limits = Limits::default().with_movetime(args.solve);
    let proofs: Vec<Proof> = arena::run_parallel(
        games.clone(),
        args.threads,
        |g: &Game| Searcher::new(22).prove(g, &limits).expect("not over"),
        |_, _| {},
    );
    let solve_time = t0.elapsed();
    let outcomes: Vec<Option<Proven>> = games
        .iter()
        .zip(&proofs)
        .map(|(g, p)| for_south(g, p))
        .collect();

    let (results, play_time) = if args.play.is_empty() {
        (vec![[None; 2]; lines.len()], Duration::ZERO)
    } else {
        play(&args, &start, &lines)
    };

    println!(
        "{} openings of {} random moves, rules {}",
        lines.len(),
        args.plies,
        args.rules
    );
    println!();
    if args.play.is_empty() {
        println!("opening          proven (best play)   depth   time");
    } else {
        println!(
            "opening          proven (best play)   depth   time   winner with {} South / with {} South",
            args.play[0], args.play[1]
        );
    }
    let side = |w: Option<Side>| match w {
        Some(Side::South) => "South",
        Some(Side::North) => "North",
        None => "draw",
    };
    for (k, line) in lines.iter().enumerate() {
        let moves: Vec<String> = line.iter().map(|m| m.to_string()).collect();
        let mut row = format!(
            "{:<16} {:<20} {:>5} {:>6.1}s",
            moves.join(" "),
            name(outcomes[k]),
            proofs[k].depth,
            proofs[k].time.as_secs_f64()
        );
        if !args.play.is_empty() {
            row += &format!("   {} / {}", side(results[k][0]), side(results[k][1]));
        }
        println!("{row}");
    }
    let count = |o: Option<Proven>| outcomes.iter().filter(|&&x| x == o).count();
    println!();
    println!(
        "proven: South wins {}, North wins {}, drawn {}, unresolved {} (solved in {:.0} s, at most {} s each)",
        count(Some(Proven::Win)),
        count(Some(Proven::Loss)),
        count(Some(Proven::Draw)),
        count(None),
        solve_time.as_secs_f64(),
        args.solve.as_secs()
    );
    if !args.play.is_empty() {
        print_games(&args, &outcomes, &results);
        println!("games played in {:.0} s", play_time.as_secs_f64());
    }
}

/// The games, as `rajapasu tournament` plays them: for each opening, the winner when the first
/// player played South, then when the second did; and the time they took.
fn play(args: &Args, start: &Game, lines: &[Vec<Move>]) -> (Vec<[Option<Side>; 2]>, Duration) {
    let specs: Vec<Spec> = match args.play.iter().map(|s| s.parse()).collect() {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(2);
        }
    };
    let pairings = arena::round_robin::<Game>(2, lines.len(), args.seed);
    let startpos = *start.position();
    let t1 = Instant::now();
    let played: Vec<Outcome> = arena::run_parallel(
        pairings.clone(),
        args.threads,
        |p: &Seating| {
            arena::play_seating(
                &specs,
                args.rules,
                &startpos,
                &lines[p.opening],
                p,
                usize::MAX,
            )
        },
        |_, _| {},
    );
    let mut results = vec![[None; 2]; lines.len()];
    for (p, o) in pairings.iter().zip(&played) {
        // results[opening][k]: the winner when player k played South.
        results[p.opening][p.entrants[0]] = o.winner;
    }
    (results, t1.elapsed())
}

/// How the games followed the proven outcomes: each player's results when it had the proven
/// winning, drawn or losing side, then the pairs of games won by the same side.
fn print_games(args: &Args, outcomes: &[Option<Proven>], results: &[[Option<Side>; 2]]) {
    for (k, who) in args.play.iter().enumerate() {
        let mut tally = [[0u32; 3]; 4]; // [won side, drawn, lost side, unresolved][W, D, L]
        for (o, r) in outcomes.iter().zip(results) {
            for (south_player, winner) in r.iter().enumerate() {
                let me = if south_player == k {
                    Side::South
                } else {
                    Side::North
                };
                let my_side = match (o, me) {
                    (None, _) => 3,
                    (Some(Proven::Draw), _) => 1,
                    (Some(Proven::Win), Side::South) | (Some(Proven::Loss), Side::North) => 0,
                    _ => 2,
                };
                let res = match winner {
                    Some(w) if *w == me => 0,
                    None => 1,
                    Some(_) => 2,
                };
                tally[my_side][res] += 1;
            }
        }
        let fmt = |t: [u32; 3]| format!("{} W {} D {} L", t[0], t[1], t[2]);
        println!(
            "{who}: with the proven winning side {}; drawn side {}; losing side {}; unresolved {}",
            fmt(tally[0]),
            fmt(tally[1]),
            fmt(tally[2]),
            fmt(tally[3])
        );
    }
    let same = results
        .iter()
        .filter(|r| r[0].is_some() && r[0] == r[1])
        .count();
    let follow = outcomes
        .iter()
        .zip(results)
        .filter(|(o, r)| {
            let w = match o {
                Some(Proven::Win) => Some(Side::South),
                Some(Proven::Loss) => Some(Side::North),
                _ => return false,
            };
            r[0] == w && r[1] == w
        })
        .count();
    println!(
        "pairs won by the same side in both games: {same} of {}; pairs where both games went to the proven winner: {follow}",
        results.len()
    );
}
