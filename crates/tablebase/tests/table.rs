//! Tables against brute force written for this test: value iteration over every position of
//! the family (both sides to move enumerated, no mirror, no layers, no bucket queue), and the
//! real round with its history by alpha-beta without a table.

use rajapasu_engine::rng::Rng;
use rajapasu_engine::{BySide, Game, Position, Rules, Setup, Side};
use rajapasu_tablebase::build::build;
use rajapasu_tablebase::config::{table_rules, Config};
use rajapasu_tablebase::{table_dir, verify, Tablebase, Values};
use std::collections::HashMap;
use std::path::PathBuf;

fn temp_root(name: &str) -> PathBuf {
    let root = std::env::temp_dir().join(format!("rajapasu-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    root
}

/// Every position of the family with at most `max_counters` on the board: each configuration,
/// each side to move, each open hole 0..3.
fn family(rules: &Rules, max_counters: u32) -> Vec<Position> {
    let n = rules.holes();
    let mut out = Vec::new();
    for config in Config::all(n) {
        let open: Vec<(Side, usize)> = Side::ALL
            .iter()
            .flat_map(|&side| (0..n).map(move |k| (side, k)))
            .filter(|&(side, k)| {
                let from_end = match rules.closed {
                    rajapasu_engine::ClosedEnd::Left => k,
                    rajapasu_engine::ClosedEnd::Right => n - 1 - k,
                };
                !(config.side == Some(side) && from_end < config.count as usize)
            })
            .collect();
        let mut counts = vec![0u32; open.len()];
        loop {
            let on_board: u32 = counts.iter().sum();
            if on_board <= max_counters {
                for to_move in Side::ALL {
                    let mut setup = Setup::start(*rules);
                    for side in Side::ALL {
                        setup.holes[side].iter_mut().for_each(|h| *h = None);
                    }
                    for (&(side, k), &c) in open.iter().zip(&counts) {
                        setup.holes[side][k] = Some(c);
                    }
                    setup.captured = BySide::new(rules.total() - on_board, 0);
                    setup.to_move = to_move;
                    out.push(Position::from_setup(setup).unwrap());
                }
            }
            // The next board, as a base-4 counter that skips past boards over the limit.
            let mut i = 0;
            loop {
                if i == counts.len() {
                    break;
                }
                counts[i] += 1;
                if counts[i] <= 3 && counts.iter().sum::<u32>() <= max_counters {
                    break;
                }
                counts[i] = 0;
                i += 1;
            }
            if i == counts.len() {
                break;
            }
        }
    }
    out
}

/// The values of every position by value iteration, in South's terms for the two games (A:
/// endless lines go to North, least fixpoint from below; B: they go to South, greatest from
/// above), turned into the mover's lower and upper values.
fn brute_force(positions: &[Position]) -> HashMap<(Vec<u8>, Config, Side), Values> {
    let key = |p: &Position| (p.counts().to_vec(), Config::of(p).unwrap(), p.to_move());
    let index: HashMap<_, usize> = positions
        .iter()
        .enumerate()
        .map(|(i, p)| (key(p), i))
        .collect();
    // South's gain and the successor of every move.
    let moves: Vec<Vec<(i32, usize)>> = positions
        .iter()
        .map(|p| {
            p.legal_moves()
                .iter()
                .map(|&m| {
                    let mut c = *p;
                    c.play(m);
                    let g = (c.captured(Side::South) as i32 - p.captured(Side::South) as i32)
                        - (c.captured(Side::North) as i32 - p.captured(Side::North) as i32);
                    (g, index[&key(&c)])
                })
                .collect()
        })
        .collect();
    let t = |p: &Position| p.on_board() as i32;
    let solve = |start: &dyn Fn(&Position) -> i32| {
        let mut v: Vec<i32> = positions.iter().map(start).collect();
        loop {
            let mut changed = false;
            for (i, p) in positions.iter().enumerate() {
                let new = if moves[i].is_empty() {
                    // Rule 8(a): the opponent of the mover takes what is left.
                    if p.to_move() == Side::South {
                        -t(p)
                    } else {
                        t(p)
                    }
                } else {
                    let opts = moves[i].iter().map(|&(g, c)| g + v[c]);
                    if p.to_move() == Side::South {
                        opts.max().unwrap()
                    } else {
                        opts.min().unwrap()
                    }
                };
                if new != v[i] {
                    v[i] = new;
                    changed = true;
                }
            }
            if !changed {
                return v;
            }
        }
    };
    let a = solve(&|p| -t(p));
    let b = solve(&|p| t(p));
    positions
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let v = if p.to_move() == Side::South {
                Values {
                    lower: a[i] as i8,
                    upper: b[i] as i8,
                }
            } else {
                Values {
                    lower: -b[i] as i8,
                    upper: -a[i] as i8,
                }
            };
            (key(p), v)
        })
        .collect()
}

fn check_whole_family(rules_spec: &str, max_counters: u32) {
    let rules: Rules = rules_spec.parse().unwrap();
    let root = temp_root(&rules_spec.replace(['/', ',', '='], "_"));
    let dir = table_dir(&root, &rules).unwrap();
    build(&rules, &dir, max_counters, &|_| {}).unwrap();
    let table = Tablebase::open(&root, &rules).unwrap();
    let positions = family(&table_rules(&rules).unwrap(), max_counters);
    let truth = brute_force(&positions);
    for p in &positions {
        let want = truth[&(p.counts().to_vec(), Config::of(p).unwrap(), p.to_move())];
        assert_eq!(table.probe(p), Some(want), "{p} under {rules_spec}");
    }
    let (bad, checked) = verify::equations(&table, 5, &|_| {});
    assert!(bad.is_empty(), "{bad:?}");
    assert_eq!(
        checked as usize * 2,
        positions.len(),
        "both sides to move are checked once"
    );
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn whole_small_tables_equal_value_iteration() {
    for spec in [
        "canonical/holes=3",
        "canonical/holes=3,fours=sower",
        "canonical/holes=3,pussa=chain",
        "canonical/holes=3,origin=skip",
        "canonical/holes=3,endless=forbid",
        "canonical/holes=3,final-four=end",
        "pallankuli/holes=3",
        "canonical/holes=4",
    ] {
        check_whole_family(spec, 24);
    }
}

#[test]
fn the_canonical_table_equals_value_iteration_up_to_five_counters() {
    check_whole_family("canonical", 5);
}

/// The mover's captures to come minus the opponent's in the real round (rule 8b on the full
/// history, applied by `Game`), by alpha-beta without a table.
fn real_value(g: &mut Game, mut alpha: i32, beta: i32) -> i32 {
    let me = g.position().to_move();
    let diff = |g: &Game| g.position().captured(me) as i32 - g.position().captured(!me) as i32;
    let before = diff(g);
    let mut best = i32::MIN;
    for &m in g.legal_moves().iter() {
        g.play(m);
        let v = if g.status().is_over() {
            let r = g.rounds().last().unwrap();
            r.captured[me] as i32 - r.captured[!me] as i32 - before
        } else {
            let gain = diff(g) - before;
            gain - real_value(g, gain - beta, gain - alpha)
        };
        g.undo();
        best = best.max(v);
        alpha = alpha.max(v);
        if alpha >= beta {
            break;
        }
    }
    best
}

#[test]
fn true_values_lie_within_the_table_values() {
    let rules: Rules = "canonical/mode=round,holes=4".parse().unwrap();
    let root = temp_root("true-values");
    build(&rules, &table_dir(&root, &rules).unwrap(), 7, &|_| {}).unwrap();
    let table = Tablebase::open(&root, &rules).unwrap();
    let positions = family(&table_rules(&rules).unwrap(), 7);
    let mut rng = Rng::new(8);
    for _ in 0..300 {
        let p = positions[rng.below(positions.len())];
        let p = Position::from_code(&p.to_string(), rules).unwrap();
        let v = table.probe(&p).unwrap();
        let mut game = Game::from_position(p);
        let truth = if game.status().is_over() {
            // No move: the round ended at once and the opponent took what was left (rule 8a).
            -(p.on_board() as i32)
        } else {
            real_value(&mut game, -100, 100)
        };
        assert!(
            i32::from(v.lower) <= truth && truth <= i32::from(v.upper),
            "{p}: true value {truth} outside {v:?}"
        );
    }
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn an_interrupted_build_goes_on_where_it_stopped() {
    let rules: Rules = "canonical/holes=4".parse().unwrap();
    let root = temp_root("resume");
    let dir = table_dir(&root, &rules).unwrap();
    let first = build(&rules, &dir, 6, &|_| {}).unwrap();
    assert_eq!(first.reused, 0);
    // A layer cut short, as by a kill during its write, and a partial file left behind.
    let victim = dir.join("open-05.rptb");
    let len = std::fs::metadata(&victim).unwrap().len();
    let f = std::fs::OpenOptions::new()
        .write(true)
        .open(&victim)
        .unwrap();
    f.set_len(len - 10).unwrap();
    std::fs::write(dir.join("open-07.part"), b"partial").unwrap();
    let second = build(&rules, &dir, 24, &|_| {}).unwrap();
    let open5 = rajapasu_tablebase::index::Ranker::new(8).layer_size(5);
    assert_eq!(
        second.reused,
        first.solved - open5,
        "every whole layer is kept"
    );
    let table = Tablebase::open(&root, &rules).unwrap();
    let (bad, _) = verify::equations(&table, 5, &|_| {});
    assert!(bad.is_empty(), "{bad:?}");
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn rule_sets_without_a_table_are_refused_with_the_reason() {
    let e = table_rules(&"stoneshark".parse().unwrap()).unwrap_err();
    assert!(e.to_string().contains("final-four=exempt"), "{e}");
    let e = table_rules(&"canonical/holes=8".parse().unwrap()).unwrap_err();
    assert!(e.to_string().contains("at most 7 holes"), "{e}");
    let root = temp_root("missing");
    let e = Tablebase::open(&root, &Rules::default()).err().unwrap();
    assert!(e.to_string().contains("rajapasu tablebase build"), "{e}");
}
