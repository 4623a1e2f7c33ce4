//! Certificate writing speed: the first round's two certificates (docs/SOLVING.md, section 8)
//! from scratch, with no endgame table and a fresh proof table of 2^22 entries each time, as
//! `rajapasu certify` writes them.

use criterion::{criterion_group, criterion_main, Criterion};
use rajapasu_ai::certify::{certify_round, CertifyOptions};
use rajapasu_ai::solver::Solver;
use rajapasu_engine::{Position, Rules, Side};

fn bench(c: &mut Criterion) {
    let root = Position::start(Rules::default().single_round());
    let mut g = c.benchmark_group("certify");
    g.sample_size(10);
    for (name, prover, margin) in [
        ("first-round-south", Side::South, 16),
        ("first-round-north", Side::North, -16),
    ] {
        g.bench_function(name, |b| {
            b.iter(|| {
                let mut solver = Solver::new(22);
                let options = CertifyOptions::default();
                certify_round(&root, prover, margin, &mut solver, &options, &mut |_| {})
                    .expect("certified")
                    .nodes()
            })
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
