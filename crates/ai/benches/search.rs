//! Search speed: nodes per second and the depth reached in a fixed time, from the start and from
//! a few middle-game positions.

use criterion::{criterion_group, criterion_main, Criterion};
use rajapasu_ai::search::{SearchOptions, Searcher};
use rajapasu_ai::Limits;
use rajapasu_engine::{Game, Rules};
use std::time::Duration;

const MIDDLE: [&str; 2] = [
    "3,1,0,0,0,14,0/14,2,14,14,1,14,2 N 15 4",
    "0,1,0,2,0,0,3/0,0,1,0,3,0,2 S 40 46",
];

fn bench(c: &mut Criterion) {
    let rules = Rules::default().single_round();
    let mut games = vec![("start", Game::new(rules))];
    for (k, code) in MIDDLE.iter().enumerate() {
        games.push((
            ["middle-1", "middle-2"][k],
            Game::from_code(code, rules).unwrap(),
        ));
    }
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    for (name, game) in &games {
        group.bench_function(format!("depth8-{name}"), |b| {
            b.iter(|| {
                let mut s = Searcher::new(20);
                let limits = Limits::depth(8);
                s.search(game, &limits, SearchOptions::BEST_MOVE, |_| {})
                    .unwrap()
                    .nodes
            })
        });
    }
    group.finish();
    // The figures docs/FIGURES.md quotes ("The search's speed"): depth and nodes per second in one second.
    for (name, game) in &games {
        let mut s = Searcher::new(20);
        let limits = Limits::default().with_movetime(Duration::from_secs(1));
        let r = s
            .search(game, &limits, SearchOptions::BEST_MOVE, |_| {})
            .unwrap();
        println!(
            "{name}: depth {} in {:.2} s, {} nodes, {:.0} nodes/s{}",
            r.depth,
            r.time.as_secs_f64(),
            r.nodes,
            r.nodes as f64 / r.time.as_secs_f64(),
            if r.exact { " (solved)" } else { "" }
        );
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
