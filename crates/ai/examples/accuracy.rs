//! How often the analysis and the engine get small single-round positions right, measured
//! against the tests' brute force (tests/common): plain alpha-beta over the real round (its
//! full history, rule 8(b) applied by `Game`), without any table, so exact by construction.
//!
//! ```text
//! cargo run --release -p rajapasu-ai --example accuracy -- \
//!     --positions 30 --seed 1 --analyze-ms 3000 --go-ms 500 [--tablebase DIR]
//! ```
//!
//! For each random position (a single round played at random down to 8..=16 counters on the
//! board, kept when it has 8 or more and the brute force finishes): whether the analysis (every move searched,
//! `--analyze-ms` a position) scores every move right; whether a best-move search of `--go-ms`
//! plays a best move, and, among positions with a unique best move, that one; and how many
//! values the analysis called exact (or bounded) wrongly, which must be none.

// The brute force the tests use.
#[path = "../tests/common/mod.rs"]
mod brute;

use rajapasu_ai::search::{Score, SearchOptions, Searcher};
use rajapasu_ai::Limits;
use rajapasu_engine::rng::Rng;
use rajapasu_engine::{Game, Position, Rules};
use std::path::PathBuf;
use std::time::Duration;

struct Args {
    positions: usize,
    seed: u64,
    analyze: Duration,
    go: Duration,
    tablebase: Option<PathBuf>,
}

fn parse() -> Result<Args, String> {
    let mut a = Args {
        positions: 30,
        seed: 1,
        analyze: Duration::from_millis(3000),
        go: Duration::from_millis(500),
        tablebase: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let v = it.next().ok_or(format!("{flag} needs a value"))?;
        let num = |v: &str| v.parse::<u64>().map_err(|_| format!("{flag}: `{v}`"));
        match flag.as_str() {
            "--positions" => a.positions = num(&v)? as usize,
            "--seed" => a.seed = num(&v)?,
            "--analyze-ms" => a.analyze = Duration::from_millis(num(&v)?),
            "--go-ms" => a.go = Duration::from_millis(num(&v)?),
            "--tablebase" => a.tablebase = Some(PathBuf::from(v)),
            _ => return Err(format!("unknown flag {flag}")),
        }
    }
    Ok(a)
}

/// Each legal move's public score by brute force: the final margin for the mover, as a score.
fn truth(pos: &Position, budget: u64) -> Option<Vec<(u8, i32)>> {
    let mut g = Game::from_position(*pos);
    let now = brute::lead(&g, pos.to_move());
    let mut budget = budget;
    let mut out = Vec::new();
    for &m in g.clone().legal_moves().iter() {
        let v = brute::move_value(&mut g, m, -200, 200, &mut budget)?;
        out.push((m.number(), Score::margin(now + v).counters()));
    }
    Some(out)
}

/// A single round played at random down to 8..=16 counters on the board, with each move's
/// score by brute force; `None` if it ended, has one move, has fewer than 8 counters (a sowing
/// can take many at once) or the brute force does not finish.
fn random_position(rules: Rules, rng: &mut Rng) -> Option<(Position, Vec<(u8, i32)>)> {
    let mut g = Game::new(rules);
    let target = 8 + rng.below(9) as u32;
    while !g.status().is_over() && g.position().on_board() > target {
        let ms = g.legal_moves();
        g.play(ms[rng.below(ms.len())]);
    }
    if g.status().is_over() || g.legal_moves().len() < 2 || g.position().on_board() < 8 {
        return None;
    }
    let pos = *g.position();
    truth(&pos, 3_000_000).map(|want| (pos, want))
}

fn main() {
    let a = match parse() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(2);
        }
    };
    let rules = Rules::default().single_round();
    rajapasu_ai::table::set_root(a.tablebase.clone());
    let mut rng = Rng::new(a.seed);
    let (mut all_right, mut best_ok, mut unique, mut unique_ok) = (0, 0, 0, 0);
    let (mut wrong_exact, mut wrong_bounds, mut exact_moves, mut moves) = (0, 0, 0, 0);
    let mut done = 0;
    println!("position                                  right  best  exact  analysis");
    while done < a.positions {
        let Some((pos, want)) = random_position(rules, &mut rng) else {
            continue;
        };
        done += 1;
        let game = Game::from_position(pos);
        let mut s = Searcher::new(20);
        let limits = Limits::default().with_movetime(a.analyze);
        let r = s
            .search(&game, &limits, SearchOptions::EVERY_MOVE, |_| {})
            .expect("a position in play");
        let mut right = true;
        for m in &r.moves {
            let t = want
                .iter()
                .find(|w| w.0 == m.mv.number())
                .expect("a move")
                .1;
            right &= m.score.counters() == t;
            moves += 1;
            if let Some(b) = m.proven.map(rajapasu_ai::search::public_bounds) {
                if b.exact().is_some() {
                    exact_moves += 1;
                    wrong_exact += usize::from(b.exact() != Some(t));
                } else {
                    wrong_bounds += usize::from(t < b.lower || t > b.upper);
                }
            }
        }
        all_right += usize::from(right);
        let top = want.iter().map(|w| w.1).max().expect("moves");
        let best: Vec<u8> = want.iter().filter(|w| w.1 == top).map(|w| w.0).collect();
        let mut s = Searcher::new(20);
        let go = Limits::default().with_movetime(a.go);
        let played = s
            .search(&game, &go, SearchOptions::BEST_MOVE, |_| {})
            .expect("a position in play")
            .best()
            .number();
        let ok = best.contains(&played);
        best_ok += usize::from(ok);
        if best.len() == 1 {
            unique += 1;
            unique_ok += usize::from(ok);
        }
        println!(
            "{:<40}  {:>5}  {:>4}  {:>5}  depth {}, {} nodes, {:.2} s",
            pos.to_string(),
            if right { "yes" } else { "no" },
            if ok { "yes" } else { "no" },
            if r.exact { "yes" } else { "no" },
            r.depth,
            r.nodes,
            r.time.as_secs_f64()
        );
    }
    println!();
    println!(
        "analysis ({} ms): every move scored right in {all_right} of {done} positions",
        a.analyze.as_millis()
    );
    println!(
        "best move ({} ms): a best move in {best_ok} of {done}; the unique best move in {unique_ok} of {unique}",
        a.go.as_millis()
    );
    println!(
        "proven values: {exact_moves} of {moves} move scores exact, {wrong_exact} of them wrong; \
         {wrong_bounds} bounds that exclude the true value"
    );
}
