//! Mandiri search speed: nodes per second of paranoid alpha-beta and max^n at a fixed depth
//! over a fixed set of positions (the start of a match and of a round, and positions reached
//! by seeded random moves). Prints one line: nodes, seconds, nodes/s.
//!
//! ```text
//! cargo run --release -p rajapasu-ai --example mandiri_speed -- 7
//! ```

use rajapasu_ai::mandiri::{MaxN, Paranoid};
use rajapasu_ai::Limits;
use rajapasu_engine::mandiri::{Game, Rules};
use rajapasu_engine::rng::Rng;
use std::time::Instant;

fn positions() -> Vec<Game> {
    let round: Rules = "mandiri/mode=round".parse().unwrap();
    let mut out = vec![Game::new(Rules::default()), Game::new(round)];
    let mut rng = Rng::new(7);
    while out.len() < 8 {
        let mut g = Game::new(if out.len() % 2 == 0 {
            Rules::default()
        } else {
            round
        });
        for _ in 0..(5 + rng.below(40)) {
            let ms = g.legal_moves();
            if ms.is_empty() {
                break;
            }
            g.try_play(ms[rng.below(ms.len())]).unwrap();
        }
        if !g.status().is_over() {
            out.push(g);
        }
    }
    out
}

fn main() {
    let depth: u32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(7);
    let games = positions();
    let (mut nodes, t) = (0u64, Instant::now());
    for g in &games {
        nodes += Paranoid::new(Limits::depth(depth), Some(18))
            .search(g)
            .unwrap()
            .nodes;
        nodes += MaxN::new(Limits::depth(depth), Some(18))
            .search(g)
            .unwrap()
            .nodes;
    }
    let secs = t.elapsed().as_secs_f64();
    println!(
        "nodes {nodes} seconds {secs:.3} nodes/s {:.0}",
        nodes as f64 / secs
    );
}
