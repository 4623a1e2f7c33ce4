//! The solver's proven bounds against two independent brute forces written for this test:
//!
//! - the real round, with its full history and rule 8(b) applied exactly by [`Game`], by plain
//!   alpha-beta without any table (`common`): the true value must lie within the proven bounds;
//! - each of the two games that the bounds are values of, by value iteration over the whole
//!   graph of positions reachable from the root (the least fixpoint from the bottom): the
//!   solver's exact values must equal them.

mod common;

use common::real_value;
use rajapasu_ai::solver::{Bounds, Endless, Solver};
use rajapasu_ai::Limits;
use rajapasu_engine::rng::Rng;
use rajapasu_engine::{BySide, Game, Position, Rules, Setup, Side, Status};
use std::collections::HashMap;

fn truth(pos: Position, budget: u64) -> Option<i32> {
    let mut budget = budget;
    real_value(&mut Game::from_position(pos), -200, 200, &mut budget)
}

/// Value iteration on every position reachable from `root`: the value for the player to move at
/// `root` of the game where endless lines go to `favoured`. `None` past `limit` positions.
fn game_value(root: &Position, favoured: Side, limit: usize) -> Option<i32> {
    // Positions by board and side to move (captures do not matter for the future).
    let key = |p: &Position| (p.counts().to_vec(), p.to_move());
    let mut index: HashMap<(Vec<u8>, Side), usize> = HashMap::new();
    let mut nodes: Vec<Position> = Vec::new();
    let mut edges: Vec<Vec<(i32, usize)>> = Vec::new();
    index.insert(key(root), 0);
    nodes.push(*root);
    let mut next = 0;
    while next < nodes.len() {
        let p = nodes[next];
        let mut out = Vec::new();
        for &m in p.legal_moves().iter() {
            let mut c = p;
            c.play(m);
            let mover = p.to_move();
            let gain = (c.captured(mover) as i32 - p.captured(mover) as i32)
                - (c.captured(!mover) as i32 - p.captured(!mover) as i32);
            let k = key(&c);
            let id = match index.get(&k) {
                Some(&id) => id,
                None => {
                    nodes.push(c);
                    index.insert(k, nodes.len() - 1);
                    nodes.len() - 1
                }
            };
            out.push((gain, id));
        }
        edges.push(out);
        next += 1;
        if nodes.len() > limit {
            return None;
        }
    }
    // In the terms of the side endless lines do not favour, who maximises: start every position
    // at its worst, -t, and raise until nothing changes (the least fixpoint).
    let other = !favoured;
    let sign = |p: &Position| if p.to_move() == other { 1 } else { -1 };
    let mut u: Vec<i32> = nodes.iter().map(|p| -(p.on_board() as i32)).collect();
    loop {
        let mut changed = false;
        for i in 0..nodes.len() {
            let p = &nodes[i];
            let t = p.on_board() as i32;
            let new = if edges[i].is_empty() {
                // Rule 8(a): the opponent of the mover takes what is left.
                -t * sign(p)
            } else {
                let options = edges[i].iter().map(|&(g, c)| g * sign(p) + u[c]);
                if p.to_move() == other {
                    options.max().unwrap()
                } else {
                    options.min().unwrap()
                }
            };
            if new != u[i] {
                assert!(new > u[i], "value iteration from below only rises");
                u[i] = new;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    Some(u[0] * sign(root))
}

fn rule_sets() -> Vec<Rules> {
    [
        "canonical/mode=round",
        "canonical/mode=round,fours=sower",
        "canonical/mode=round,pussa=chain",
        "canonical/mode=round,origin=skip",
        "canonical/mode=round,endless=forbid",
        "canonical/mode=round,final-four=end",
        "stoneshark/mode=round",
        "canonical/mode=round,holes=4,counters=3",
    ]
    .iter()
    .map(|s| s.parse().unwrap())
    .collect()
}

/// A random small position: from random play, or set up at random with closed holes.
fn random_position(rng: &mut Rng, rules: Rules, max_on_board: u32) -> Option<Position> {
    if rng.below(2) == 0 {
        let mut game = Game::new(rules);
        while !game.status().is_over() && game.position().on_board() > max_on_board {
            let ms = game.legal_moves();
            game.play(ms[rng.below(ms.len())]);
        }
        (game.status() == Status::Playing).then(|| *game.position())
    } else {
        let n = rules.holes();
        let mut setup = Setup::start(rules);
        let closed_side = Side::ALL[rng.below(2)];
        let closed = rng.below(n.min(4));
        let mut on_board = 0;
        for side in Side::ALL {
            for k in 0..n {
                let closed_here = side == closed_side && k < closed;
                setup.holes[side][k] = if closed_here {
                    None
                } else {
                    let c = [0, 0, 0, 1, 1, 2, 3, 4][rng.below(8)];
                    let c = c.min(max_on_board.saturating_sub(on_board));
                    on_board += c;
                    Some(c)
                };
            }
        }
        let rest = rules.total() - on_board;
        setup.captured = BySide::new(rest / 2, rest - rest / 2);
        setup.to_move = if rng.below(2) == 0 {
            Side::South
        } else {
            Side::North
        };
        let pos = Position::from_setup(setup).ok()?;
        pos.has_moves().then_some(pos)
    }
}

#[test]
fn proven_bounds_hold_the_true_value_and_equal_both_games() {
    let mut rng = Rng::new(2027);
    let mut solver_checked = 0;
    let mut exact = 0;
    for rules in rule_sets() {
        let mut checked = 0;
        let mut tries = 0;
        let mut solver = Solver::new(18);
        while checked < 12 && tries < 500 {
            tries += 1;
            let Some(pos) = random_position(&mut rng, rules, 9) else {
                continue;
            };
            let Some(truth) = truth(pos, 100_000) else {
                continue;
            };
            let (Some(lo), Some(hi)) = (
                game_value(&pos, !pos.to_move(), 100_000),
                game_value(&pos, pos.to_move(), 100_000),
            ) else {
                continue;
            };
            assert!(
                lo <= truth && truth <= hi,
                "{pos} under {rules}: the true value {truth} lies outside the games' [{lo}, {hi}]"
            );
            let solved = solver.solve(&pos, &Limits::default());
            assert_eq!(
                solved.bounds,
                Bounds {
                    lower: lo,
                    upper: hi
                },
                "{pos} under {rules}: solver against value iteration (true value {truth})"
            );
            for (endless, want) in [(Endless::Opponent, lo), (Endless::Mover, hi)] {
                let s = Solver::new(16).solve_game(&pos, endless, &Limits::default());
                assert_eq!(
                    s.bounds.exact(),
                    Some(want),
                    "{pos} under {rules}, {endless:?}"
                );
            }
            if lo == hi {
                exact += 1;
            }
            checked += 1;
        }
        assert!(checked >= 6, "{rules}: only {checked} positions checked");
        solver_checked += checked;
    }
    assert!(
        exact * 2 > solver_checked,
        "most small positions have equal bounds"
    );
}

#[test]
fn the_reported_positions_get_their_true_values() {
    let rules = Rules::default().single_round();
    // North to move, 3 ahead; the true value of the round is North by 6.
    let pos = Position::from_code("0,0,1,0,1,0,1/0,0,0,1,1,0,0 N 45 48", rules).unwrap();
    assert_eq!(truth(pos, 10_000_000), Some(3));
    let solved = Solver::new(20).solve(&pos, &Limits::default());
    assert_eq!(solved.bounds.exact(), Some(3));
    // After North's 4 South is to move, and loses by the same 6 counters.
    let after = Position::from_code("0,0,1,0,1,0,1/0,0,0,0,2,0,0 S 45 48", rules).unwrap();
    assert_eq!(
        Solver::new(20)
            .solve(&after, &Limits::default())
            .bounds
            .exact(),
        Some(-3)
    );
}

/// Two lone counters chase each other round the board, one hole a move (the line of the
/// engine's repetition test): every position of the cycle comes back after 14 moves.
#[test]
fn no_value_is_claimed_once_a_position_of_the_layer_occurred_twice() {
    use rajapasu_ai::search::{Proven, SearchOptions, Searcher};
    let rules = Rules::default().single_round();
    let code = "1,0,0,0,0,0,0/1,0,0,0,0,0,0 S 50 46";
    let cycle: Vec<u8> = (1..=7).flat_map(|k| [k, k]).collect();
    let mut game = Game::from_code(code, rules).unwrap();
    // Fresh, the bounds hold and meet: once South's counter has crossed into North's row after
    // South's 7, North moves it on and South, with no counter left, has no move: North takes
    // both (rule 8a). South, 4 ahead, still wins the round.
    let pos = *game.position();
    assert_eq!(truth(pos, 100_000), Some(-2));
    let solved = Solver::new(16).solve(&pos, &Limits::default());
    assert_eq!(
        solved.bounds,
        Bounds {
            lower: -2,
            upper: -2
        }
    );
    let mut searcher = Searcher::new(16);
    assert_eq!(
        searcher.prove(&game, &Limits::default()).unwrap().outcome,
        Some(Proven::Win)
    );
    for (k, &m) in cycle.iter().enumerate() {
        game.play(rajapasu_engine::Move::new(m).unwrap());
        // Up to the 14th move no position occurred twice; the 14th brings the start back a
        // second time, but the current position does not count against itself.
        assert!(!game.repeated_in_layer(), "after {} moves", k + 1);
    }
    assert_eq!(game.occurrences(), 2);
    game.play(rajapasu_engine::Move::new(1).unwrap());
    assert!(game.repeated_in_layer());
    // Now a line could end the round early by a third occurrence: nothing is proven.
    let r = searcher
        .search(&game, &Limits::depth(40), SearchOptions::EVERY_MOVE, |_| {})
        .unwrap();
    assert!(!r.exact);
    assert!(r.moves.iter().all(|m| m.proven.is_none()));
    assert_eq!(
        searcher.prove(&game, &Limits::default()).unwrap().outcome,
        None
    );

    // A won endgame is proven from a fresh history, and the proof is a real win.
    let won = Game::from_code("0,0,0,0,0,1,0/0,2,0,0,0,0,0 S 60 35", rules).unwrap();
    assert_eq!(
        searcher.prove(&won, &Limits::default()).unwrap().outcome,
        Some(Proven::Win)
    );
}

/// Every score the search calls exact, without a table, equals the endgame table's value; with
/// the table, the search proves each of those positions at once.
#[test]
fn the_search_exact_claims_agree_with_the_table() {
    use rajapasu_ai::search::{SearchOptions, Searcher};
    use rajapasu_tablebase::{build::build, table_dir, Tablebase};
    let rules: Rules = "canonical/holes=4,mode=round".parse().unwrap();
    let root = std::env::temp_dir().join(format!("rajapasu-search-table-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    build(&rules, &table_dir(&root, &rules).unwrap(), 24, &|_| {}).unwrap();
    let table = std::sync::Arc::new(Tablebase::open(&root, &rules).unwrap());
    let mut rng = Rng::new(77);
    let (mut claimed, mut tried) = (0, 0);
    while tried < 60 {
        let Some(pos) = random_position(&mut rng, rules, 12) else {
            continue;
        };
        let Some(values) = table.probe(&pos) else {
            continue;
        };
        tried += 1;
        let game = Game::from_position(pos);
        let me = pos.to_move();
        let ahead = pos.captured(me) as i32 - pos.captured(!me) as i32;
        let want = values.exact().map(|v| ahead + i32::from(v));
        let public = |margin: i32| margin.signum() * 1000 + margin;
        let limits = Limits::depth(30);
        let r = Searcher::new(16)
            .search(&game, &limits, SearchOptions::EVERY_MOVE, |_| {})
            .unwrap();
        if r.exact {
            claimed += 1;
            let want = want.expect("an exact claim where the table has only bounds");
            assert_eq!(public(want), r.moves[0].score.counters(), "{pos}");
        }
        let mut with = Searcher::new(16);
        with.set_tablebase(Some(table.clone()), rules);
        let r = with
            .search(&game, &limits, SearchOptions::EVERY_MOVE, |_| {})
            .unwrap();
        assert!(r.exact, "{pos}: the table makes every root move exact");
        assert_eq!(want.map(public), Some(r.moves[0].score.counters()), "{pos}");
    }
    assert!(
        claimed > 20,
        "only {claimed} exact claims without the table"
    );
    std::fs::remove_dir_all(&root).unwrap();
}

/// With the table found where the program looks for it, level 6 plays a move of optimal value
/// in positions the table holds.
#[test]
fn level_six_plays_optimal_moves_where_the_table_reaches() {
    use rajapasu_ai::{choose_move, Level};
    use rajapasu_tablebase::{build::build, table_dir, Tablebase};
    let rules: Rules = "canonical/holes=5,mode=round".parse().unwrap();
    let root = std::env::temp_dir().join(format!("rajapasu-level6-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    build(&rules, &table_dir(&root, &rules).unwrap(), 30, &|_| {}).unwrap();
    let table = Tablebase::open(&root, &rules).unwrap();
    // Only this board size has a table under this root, so other tests are not affected.
    rajapasu_ai::table::set_root(Some(root.clone()));
    let mut rng = Rng::new(6);
    let mut checked = 0;
    while checked < 8 {
        let Some(pos) = random_position(&mut rng, rules, 20) else {
            continue;
        };
        if table.probe(&pos).is_none() || pos.legal_moves().len() < 2 {
            continue;
        }
        let value_of = |m| {
            let mut c = pos;
            c.play(m);
            let g = rajapasu_ai::solver::gain(&pos, &c, pos.to_move());
            g - i32::from(table.probe(&c).unwrap().upper)
        };
        let best = pos
            .legal_moves()
            .iter()
            .map(|&m| value_of(m))
            .max()
            .unwrap();
        let game = Game::from_position(pos);
        let chosen = choose_move(&game, Level::try_from(6).unwrap(), checked)
            .unwrap()
            .mv;
        assert_eq!(value_of(chosen), best, "{pos}: level 6 played {chosen}");
        checked += 1;
    }
    rajapasu_ai::table::set_root(None);
    std::fs::remove_dir_all(&root).unwrap();
}

/// A position whose two values differ where they are known without a search (the endgame
/// table's two values where a repetition decides it, or the proof table's bounds of the two
/// games) settles in every iteration without a node searched: the solve still stops, with
/// the two values, long before a depth cap that nothing else would reach, within its budget.
#[test]
fn a_solve_stops_where_two_known_values_differ() {
    use rajapasu_ai::solver::exact_key;
    let rules = Rules::default().single_round();
    let pos = Position::from_code("0,0,0,0,0,1,0/0,2,0,0,0,0,0 S 60 35", rules).unwrap();
    // The proof table's key of each game for the position: the lower game's is the exact key;
    // the upper game's differs in the bit that says the mover is the favoured side (bit 50 of
    // the second word, see `key_of`).
    let lower_key = exact_key(&pos).unwrap();
    let upper_key = [lower_key[0], lower_key[1] | 1 << 50];
    // Bounds of the two games that differ: 1 and 2 (made up; only their difference matters).
    let mut known = Vec::new();
    for (k, v) in [(lower_key, 1u8), (upper_key, 2)] {
        known.extend(k[0].to_le_bytes());
        known.extend(k[1].to_le_bytes());
        known.extend([v, v, 6]);
        known.push(0);
    }
    // Far beyond what a search of 3 counters needs: the solve ends there at the latest, so
    // that the test ends even where the solver would not stop by itself.
    const DEEP: u32 = 1_000_000;
    const BUDGET: u64 = 50;
    let limits = Limits {
        depth: Some(DEEP),
        nodes: Some(BUDGET),
        movetime: None,
    };
    let mut solver = Solver::new(16);
    assert_eq!(solver.load(&known), 2);
    let solved = solver.solve(&pos, &limits);
    assert_eq!(solved.bounds, Bounds { lower: 1, upper: 2 });
    assert!(solved.depth < DEEP, "deepened to the cap");
    assert!(solved.nodes <= BUDGET, "{} nodes", solved.nodes);
    let mut solver = Solver::new(16);
    solver.load(&known);
    assert!(solver.solve_game(&pos, Endless::Mover, &limits).depth < DEEP);
    let mut solver = Solver::new(16);
    solver.load(&known);
    let (answer, depth) = solver.compare(&pos, 1, &limits);
    assert_eq!(
        answer, None,
        "1 and 2 leave the value's comparison with 1 open"
    );
    assert!(depth < DEEP);
}

/// A node budget is kept to the node: a solve that runs out reports at most its budget.
#[test]
fn a_solve_keeps_its_node_budget() {
    let rules = Rules::default().single_round();
    let mut rng = Rng::new(5);
    for budget in [1, 100, 5_000, 20_000] {
        let pos = loop {
            if let Some(pos) = random_position(&mut rng, rules, 40) {
                break pos;
            }
        };
        let solved = Solver::new(16).solve(&pos, &Limits::default().with_nodes(budget));
        assert!(solved.nodes <= budget, "{pos}: {} > {budget}", solved.nodes);
    }
}
