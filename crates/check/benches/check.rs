//! Checking speed: the published certificates (docs/certificates/), read from memory.

use criterion::{criterion_group, criterion_main, Criterion};

fn check(c: &mut Criterion) {
    for (name, text) in [
        (
            "first round, South +16 (760 nodes)",
            include_str!("../../../docs/certificates/first-round-south.cert"),
        ),
        (
            "first round, North -16 (3,194 nodes)",
            include_str!("../../../docs/certificates/first-round-north.cert"),
        ),
        (
            "match, South holding 57 and leading (2,549 nodes)",
            include_str!("../../../docs/certificates/match-57S.cert"),
        ),
        (
            "hold-out, North against South holding 57 and leading (1,893 nodes)",
            include_str!("../../../docs/certificates/hold-57S.cert"),
        ),
    ] {
        c.bench_function(name, |b| {
            b.iter(|| rajapasu_check::check(text.as_bytes()).expect("accepted"))
        });
    }
}

criterion_group!(benches, check);
criterion_main!(benches);
