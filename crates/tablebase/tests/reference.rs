//! The builder against the one it replaced (tests/common/old_builder.rs): the same values,
//! layer for layer, on small boards and on the canonical board's small layers.

mod common;

use common::old_builder::old_build;
use rajapasu_engine::Rules;
use rajapasu_tablebase::build::build;
use rajapasu_tablebase::config::table_rules;
use rajapasu_tablebase::file::{self, LayerId};
use rajapasu_tablebase::{table_dir, verify, Tablebase};

fn same_values_as_the_old_builder(spec: &str, max_counters: u32, complete: bool) {
    let rules = table_rules(&spec.parse::<Rules>().unwrap()).unwrap();
    let root = std::env::temp_dir().join(format!(
        "rajapasu-test-reference-{}-{}",
        spec.replace(['/', ',', '='], "_"),
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&root);
    let dir = table_dir(&root, &rules).unwrap();
    let report = build(&rules, &dir, max_counters, &|_| {}).unwrap();
    let old = old_build(&rules, max_counters);
    let mut positions = 0;
    for ((config, s), (lower, upper)) in &old {
        let id = LayerId {
            holes: rules.holes() as u8,
            config: *config,
            layer: *s as u8,
        };
        let (lo, hi) = file::read(&dir, &id, lower.len() as u64)
            .unwrap_or_else(|| panic!("{spec}: layer {} {s} is missing", config.name()));
        for r in 0..lower.len() {
            assert_eq!(
                (lo[r], hi[r]),
                (lower[r], upper[r]),
                "{spec}: {} layer {s}, index {r}",
                config.name()
            );
        }
        positions += lower.len() as u64;
    }
    assert_eq!(report.solved, positions, "{spec}: every layer built once");
    if complete {
        // And the ranks written beside them prove them.
        let table = Tablebase::open(&root, &rules).unwrap();
        let (bad, checked) = verify::complete(&table, 5, &|_| {}).unwrap();
        assert!(bad.is_empty(), "{spec}: {bad:?}");
        assert_eq!(checked, positions);
    }
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn small_boards_get_the_old_values() {
    for spec in [
        "canonical/holes=3",
        "canonical/holes=3,pussa=chain",
        "canonical/holes=3,endless=forbid",
        "pallankuli/holes=3",
        "canonical/holes=4",
        "canonical/holes=4,fours=sower,origin=skip",
        "canonical/holes=5",
    ] {
        same_values_as_the_old_builder(spec, 30, true);
    }
}

#[test]
fn canonical_layers_up_to_ten_get_the_old_values() {
    // 15.5 million positions: the values only (the small boards' ranks are checked above).
    same_values_as_the_old_builder("canonical", 10, false);
}
