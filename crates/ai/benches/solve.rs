//! Solve speed: the solver proving the exact single-round value of a few positions from
//! scratch (a fresh proof table each time), without an endgame table and with the layers up
//! to 10 counters of one.

use criterion::{criterion_group, criterion_main, Criterion};
use rajapasu_ai::solver::Solver;
use rajapasu_ai::Limits;
use rajapasu_engine::{Position, Rules};
use rajapasu_tablebase::{build::build, Tablebase};
use std::sync::Arc;

/// Positions of 9, 14 and 17 counters (the last two from the perfect-play tests).
const POSITIONS: [(&str, &str); 3] = [
    ("9-counters", "0,0,1,0,1,0,1/0,0,0,1,1,3,1 N 45 44"),
    ("14-counters", "0,1,0,2,0,0,3/0,0,1,0,3,0,2 S 40 46"),
    ("17-counters", "1,2,1,1,2,0,1/1,3,0,2,0,2,1 S 49 32"),
];

fn bench(c: &mut Criterion) {
    let rules = Rules::default().single_round();
    let root = std::env::temp_dir().join(format!("rajapasu-solve-bench-{}", std::process::id()));
    let dir = rajapasu_tablebase::table_dir(&root, &rules).unwrap();
    build(&rules, &dir, 10, &|_| {}).expect("a table of 10 counters");
    let table = Arc::new(Tablebase::open(&root, &rules).expect("the table just built"));
    let mut g = c.benchmark_group("solve");
    g.sample_size(10);
    for (name, code) in POSITIONS {
        let pos = Position::from_code(code, rules).unwrap();
        for with_table in [false, true] {
            let label = format!("{name}{}", if with_table { "-table10" } else { "" });
            g.bench_function(label, |b| {
                b.iter(|| {
                    let mut s = Solver::new(20);
                    if with_table {
                        s.set_table(Some(Arc::clone(&table)));
                    }
                    let solved = s.solve(&pos, &Limits::default());
                    assert!(solved.bounds.exact().is_some(), "{code}");
                    s.nodes()
                })
            });
        }
    }
    g.finish();
    let _ = std::fs::remove_dir_all(&root);
}

criterion_group!(benches, bench);
criterion_main!(benches);
