//! Pairing one Swiss round, the completion test and all: round 6 of events of 64, 256 and 1000
//! players whose first five rounds were paired by the crate, with results drawn at random.
//! `cargo bench -p rajapasu-pairing` (docs/TOURNAMENTS.md has the figures).

use criterion::{criterion_group, criterion_main, Criterion};
use rajapasu_pairing::swiss::Swiss;
use rajapasu_pairing::{GameResult, Outcome, PlayedRound};

/// Five rounds of an event of `players`, paired by `swiss`, results drawn from `seed`.
fn five_rounds(swiss: &Swiss, seed: u64) -> Vec<PlayedRound> {
    let mut x = seed;
    let mut history = Vec::new();
    for _ in 0..5 {
        let round = swiss.pair(&history).expect("five rounds pair");
        let games = round
            .games
            .iter()
            .map(|&pairing| {
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let outcome = [Outcome::FirstWins, Outcome::Draw, Outcome::SecondWins]
                    [((x >> 33) % 3) as usize];
                GameResult {
                    pairing,
                    outcome,
                    counters: [0, 0],
                }
            })
            .collect();
        history.push(PlayedRound {
            games,
            byes: round.byes,
        });
    }
    history
}

fn swiss_round(c: &mut Criterion) {
    let mut group = c.benchmark_group("swiss round 6");
    group.sample_size(10);
    // `cargo test` runs benchmarks once, unoptimised: only the small event there, so that the
    // test suite stays short (`cargo bench` passes `--bench`).
    let benchmarking = std::env::args().any(|a| a == "--bench");
    let sizes: &[usize] = if benchmarking {
        &[64, 256, 1000]
    } else {
        &[64]
    };
    for &players in sizes {
        let swiss = Swiss::new(players).unwrap();
        let history = five_rounds(&swiss, 7);
        group.bench_function(format!("{players} players"), |b| {
            b.iter(|| swiss.pair(&history).unwrap())
        });
    }
    group.finish();
}

criterion_group!(benches, swiss_round);
criterion_main!(benches);
