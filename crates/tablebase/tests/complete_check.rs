//! The complete check (equations and ranks) against values that satisfy every equation but are
//! wrong: a self-supporting cycle, planted by the test.
//!
//! In the tables of small boards each layer's equations have a single solution (the greatest
//! fixpoint for the side that must reach an exit equals the least), so no wrong values there
//! satisfy them all; the cycle is planted in a layer graph made by hand, checked by the same
//! functions that check a table. On a real table, a rank changed by the test is caught and
//! named, and a table without ranks is refused.

use rajapasu_engine::Rules;
use rajapasu_tablebase::build::build;
use rajapasu_tablebase::config::{table_rules, Config, Shape};
use rajapasu_tablebase::file::{self, LayerId, NO_RANK};
use rajapasu_tablebase::index::Ranker;
use rajapasu_tablebase::verify::{self, check_at, equations_at, Flaw, LayerGraph, Step};
use rajapasu_tablebase::{table_dir, TableError, Tablebase, Values};
use std::path::PathBuf;

fn temp_root(name: &str) -> PathBuf {
    let root = std::env::temp_dir().join(format!("rajapasu-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    root
}

/// Two positions of a layer of 4 counters that move to each other, each with one capture
/// worth -1 to its mover: both would rather the other capture. The side that must reach an
/// exit gets -1 (it captures); the equations also hold with +1 for it at `P`, supported by
/// nothing but the cycle.
struct TwoCycle {
    values: [Values; 2],
    ranks: [u16; 2],
}

const P: usize = 0;
const C: usize = 1;

impl LayerGraph for TwoCycle {
    type Node = usize;

    fn counters(&self) -> u32 {
        4
    }

    fn values(&self, n: usize) -> Values {
        self.values[n]
    }

    fn rank(&self, n: usize) -> u16 {
        self.ranks[n]
    }

    fn steps(&self, n: usize, f: &mut dyn FnMut(Step<usize>)) {
        f(Step::Exit {
            gain: 0,
            after: Values { lower: 1, upper: 1 },
        });
        f(Step::Within { gain: 0, to: 1 - n });
    }
}

#[test]
fn a_planted_self_supporting_cycle_passes_the_equations_and_fails_the_complete_check() {
    // The true values: each lower value is the capture, reached at once (rank 0).
    let truth = Values {
        lower: -1,
        upper: 1,
    };
    let honest = TwoCycle {
        values: [truth, truth],
        ranks: [0, 0],
    };
    for n in [P, C] {
        assert_eq!(equations_at(&honest, n), None);
        assert_eq!(check_at(&honest, n), None);
    }
    // Planted: P claims +1 in its lower game, and C's upper value gives it to P.
    let planted = |rank_p: u16| TwoCycle {
        values: [
            Values { lower: 1, upper: 1 },
            Values {
                lower: -1,
                upper: -1,
            },
        ],
        ranks: [rank_p, 0],
    };
    for rank_p in [0, 1, 2, 7, NO_RANK] {
        let g = planted(rank_p);
        // The equation check accepts both positions.
        assert_eq!(equations_at(&g, P), None, "P's equations hold");
        assert_eq!(equations_at(&g, C), None, "C's equations hold");
        // The complete check rejects P, whatever rank it claims, and only P.
        let want = if rank_p == NO_RANK {
            Flaw::NoRank
        } else {
            Flaw::Unsupported { rank: rank_p }
        };
        assert_eq!(check_at(&g, P), Some(want), "rank {rank_p}");
        assert_eq!(check_at(&g, C), None);
    }
}

#[test]
fn a_wrong_rank_in_a_built_table_is_caught_and_named() {
    let rules: Rules = "canonical/holes=4".parse().unwrap();
    let trules = table_rules(&rules).unwrap();
    let root = temp_root("wrong-rank");
    let dir = table_dir(&root, &rules).unwrap();
    build(&trules, &dir, 8, &|_| {}).unwrap();
    // A position whose lower value is reached through a move within its layer (rank 1 or
    // more), told it is reached at once (rank 0).
    let shape = Shape::new(trules, Config::OPEN);
    let ranker = Ranker::new(shape.open.len());
    let (s, r) = (1..=8u32)
        .rev()
        .find_map(|s| {
            let id = LayerId {
                holes: 4,
                config: Config::OPEN,
                layer: s as u8,
            };
            let ranks = file::read_ranks(&dir, &id, ranker.layer_size(s)).unwrap();
            ranks
                .iter()
                .position(|&r| r != NO_RANK && r >= 1)
                .map(|r| (s, r))
        })
        .expect("a value reached within its layer");
    let id = LayerId {
        holes: 4,
        config: Config::OPEN,
        layer: s as u8,
    };
    let mut ranks = file::read_ranks(&dir, &id, ranker.layer_size(s)).unwrap();
    ranks[r] = 0;
    file::write_ranks(&dir, &id, &ranks).unwrap();
    let table = Tablebase::open(&root, &rules).unwrap();
    let (mismatches, _) = verify::equations(&table, 5, &|_| {});
    assert!(mismatches.is_empty(), "{mismatches:?}");
    let (failures, _) = verify::complete(&table, 5, &|_| {}).unwrap();
    let code = shape.position(&ranker.unrank(s, r as u64)).to_string();
    assert_eq!(failures.len(), 1, "{failures:?}");
    assert_eq!(failures[0].position, code);
    assert_eq!(failures[0].flaw, Flaw::Unsupported { rank: 0 });
    assert!(failures[0].to_string().contains(&code));
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn a_table_without_ranks_is_refused_with_a_clear_message() {
    let rules: Rules = "canonical/holes=3".parse().unwrap();
    let root = temp_root("no-ranks");
    let dir = table_dir(&root, &rules).unwrap();
    build(&table_rules(&rules).unwrap(), &dir, 4, &|_| {}).unwrap();
    std::fs::remove_file(dir.join("open-03.rprk")).unwrap();
    let table = Tablebase::open(&root, &rules).unwrap();
    match verify::complete(&table, 5, &|_| {}) {
        Err(e @ TableError::NoRanks(_)) => {
            let text = e.to_string();
            assert!(
                text.contains("complete check impossible: no ranks"),
                "{text}"
            );
            assert!(text.contains("open-03.rprk"), "{text}");
        }
        other => panic!("expected no ranks, got {other:?}"),
    }
    // The equations alone still run on it.
    let (bad, _) = verify::equations(&table, 5, &|_| {});
    assert!(bad.is_empty());
    // And a build puts the ranks back, rebuilding that layer only.
    let report = build(&table_rules(&rules).unwrap(), &dir, 4, &|_| {}).unwrap();
    assert_eq!(report.files, 1);
    let table = Tablebase::open(&root, &rules).unwrap();
    assert!(verify::complete(&table, 5, &|_| {}).unwrap().0.is_empty());
    std::fs::remove_dir_all(&root).unwrap();
}
