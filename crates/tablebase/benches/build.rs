//! Build speed: a whole table of the 2 x 5 board, and the canonical board's layers up to 8;
//! and the complete check (equations and ranks) of the 2 x 5 table.

use criterion::{criterion_group, criterion_main, Criterion};
use rajapasu_engine::Rules;
use rajapasu_tablebase::build::build;
use rajapasu_tablebase::{table_dir, verify, Tablebase};

fn bench(c: &mut Criterion) {
    let root = std::env::temp_dir().join(format!("rajapasu-bench-{}", std::process::id()));
    let mut g = c.benchmark_group("tablebase build");
    g.sample_size(10);
    for (name, rules, counters) in [
        ("2x5 board, whole table", "canonical/holes=5", 30),
        ("2x7 board, layers 0-8", "canonical", 8),
    ] {
        let rules: Rules = rules.parse().unwrap();
        g.bench_function(name, |b| {
            b.iter(|| {
                let dir = root.join(name.replace(' ', "_"));
                let _ = std::fs::remove_dir_all(&dir);
                build(&rules, &dir, counters, &|_| {}).unwrap()
            })
        });
    }
    g.finish();
    let rules: Rules = "canonical/holes=5".parse().unwrap();
    let checked = root.join("checked");
    build(&rules, &table_dir(&checked, &rules).unwrap(), 30, &|_| {}).unwrap();
    let table = Tablebase::open(&checked, &rules).unwrap();
    let mut g = c.benchmark_group("tablebase verify");
    g.sample_size(10);
    g.bench_function("2x5 board, complete check", |b| {
        b.iter(|| verify::complete(&table, 10, &|_| {}).unwrap())
    });
    g.finish();
    let _ = std::fs::remove_dir_all(&root);
}

criterion_group!(benches, bench);
criterion_main!(benches);
