//! Random single-round playouts from the start, rules in full: the engine's speed figure.
//! `cargo bench -p rajapasu-engine` (compare with `rajapasu bench` and docs/FIGURES.md, "The engine's speed").

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rajapasu_engine::bench::random_playout;
use rajapasu_engine::rng::Rng;
use rajapasu_engine::{Game, Position, Rules};

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("playout");
    group.throughput(Throughput::Elements(1));
    for name in ["canonical", "walak-pussa", "stoneshark"] {
        let rules: Rules = name.parse::<Rules>().unwrap().single_round();
        let start = Position::start(rules);
        let mut game = Game::from_position(start);
        let mut rng = Rng::new(7);
        group.bench_function(name, |b| {
            b.iter(|| {
                game.reset(start);
                random_playout(&mut game, &mut rng)
            })
        });
    }
    group.finish();
}

fn opening_move(c: &mut Criterion) {
    let start = Position::start(Rules::default());
    c.bench_function("move/start S1 (12 lifts)", |b| {
        b.iter(|| {
            let mut p = start;
            p.play(rajapasu_engine::Move::new(1).unwrap());
            p
        })
    });
}

criterion_group!(benches, playouts, opening_move);
criterion_main!(benches);
