//! The Mandiri searchers: a forced capture, legal moves always, paranoid alpha-beta against a
//! plain minimax written here, reproducible games, specs.

use rajapasu_ai::mandiri::arena::{play, GameEnd};
use rajapasu_ai::mandiri::eval::{base, evaluate, final_values, Values};
use rajapasu_ai::mandiri::{
    Limits, MandiriPlayer, MandiriSpec, MandiriSpecProblem, MaxN, Mcts, Paranoid, RandomPlayer,
};
use rajapasu_engine::mandiri::{self, Seat};
use rajapasu_engine::rng::Rng;
use rajapasu_engine::Hole;

fn single_round() -> mandiri::Rules {
    "mandiri/mode=round".parse().unwrap()
}

/// Seat C to move: S3 sows its one counter into S4, and S5 being empty, takes the 3 in S6 by
/// pussa; N5 sows into N6 and captures nothing (N7 and S1 are empty).
const ONE_CAPTURE: &str = "mandiri 0,0,1,0,0,3,0/0,0,0,0,1,0,0 C 31,31,31 1,2,3 0,0,0 1 1";

fn searchers() -> Vec<(&'static str, Box<dyn MandiriPlayer>)> {
    vec![
        (
            "paranoid",
            Box::new(Paranoid::new(Limits::depth(4), Some(12))),
        ),
        ("maxn", Box::new(MaxN::new(Limits::depth(4), Some(12)))),
        (
            "mcts",
            Box::new(Mcts::new(Limits::default().with_nodes(100), 3)),
        ),
    ]
}

#[test]
fn every_searcher_takes_the_one_capture() {
    let pos: mandiri::Position = ONE_CAPTURE.parse().unwrap();
    let game = mandiri::Game::from_position(pos);
    let s3: Hole = "S3".parse().unwrap();
    assert_eq!(game.legal_moves().len(), 2);
    for (name, mut p) in searchers() {
        assert_eq!(p.choose(&game).unwrap(), s3, "{name}");
    }
}

/// Positions reached by random moves from the start of a single round.
fn random_positions(count: usize, seed: u64) -> Vec<mandiri::Game> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut game = mandiri::Game::new(single_round());
        let plies = rng.below(60);
        for _ in 0..plies {
            let ms = game.legal_moves();
            if ms.is_empty() {
                break;
            }
            game.try_play(ms[rng.below(ms.len())]).unwrap();
        }
        if !game.status().is_over() {
            out.push(game);
        }
    }
    out
}

#[test]
fn searchers_always_give_a_legal_move() {
    for game in random_positions(12, 11) {
        let legal = game.legal_moves();
        let tiny: Vec<Box<dyn MandiriPlayer>> = vec![
            Box::new(Paranoid::new(Limits::default().with_nodes(1), Some(10))),
            Box::new(MaxN::new(Limits::default().with_nodes(1), Some(10))),
            Box::new(Mcts::new(Limits::default().with_nodes(1), 1)),
            Box::new(Paranoid::new(Limits::depth(2), None)),
            Box::new(Mcts::new(Limits::default().with_nodes(40), 2)),
        ];
        for mut p in tiny {
            let mv = p.choose(&game).unwrap();
            assert!(legal.contains(&mv), "{mv} in {}", game.position());
        }
    }
    let mut over = mandiri::Game::new(single_round());
    let mut rng = RandomPlayer::new(4);
    while !over.status().is_over() {
        let mv = rng.choose(&over).unwrap();
        over.try_play(mv).unwrap();
    }
    for (_, mut p) in searchers() {
        assert!(p.choose(&over).is_err());
    }
}

/// Paranoid minimax with no pruning and no table: the seat to move at the root maximizes its
/// value minus the best of the others'; the others minimize it.
fn minimax(game: &mut mandiri::Game, root: Seat, base: Values, rounds: usize, depth: u32) -> i32 {
    let score = |v: Values| {
        let rival = Seat::ALL
            .iter()
            .filter(|&&s| s != root)
            .map(|s| v[s.index()])
            .max()
            .unwrap();
        v[root.index()] - rival
    };
    if game.rounds().len() > rounds {
        return score(final_values(game.rounds()[rounds].captured, base));
    }
    if depth == 0 {
        return score(evaluate(game.position(), base));
    }
    let maximize = game.position().to_move() == root;
    let mut best = if maximize { i32::MIN } else { i32::MAX };
    for h in game.legal_moves() {
        game.try_play(h).unwrap();
        let v = minimax(game, root, base, rounds, depth - 1);
        game.undo();
        best = if maximize { best.max(v) } else { best.min(v) };
    }
    best
}

#[test]
fn paranoid_alpha_beta_equals_plain_minimax() {
    for (k, game) in random_positions(16, 5).into_iter().enumerate() {
        let root = game.position().to_move();
        let b = base(game.position());
        let rounds = game.rounds().len();
        // With the table, only up to 3 moves deep: deeper, a position can come back within
        // the search at a shallower remaining depth, where the table rightly uses the deeper
        // result and a fixed-depth minimax does not.
        for depth in 1..=4 {
            let expected = minimax(&mut game.clone(), root, b, rounds, depth);
            let plain = Paranoid::new(Limits::depth(depth), None)
                .search(&game)
                .unwrap();
            assert_eq!(
                plain.value, expected,
                "position {k} depth {depth} without table"
            );
            if depth <= 3 {
                let tabled = Paranoid::new(Limits::depth(depth), Some(14))
                    .search(&game)
                    .unwrap();
                assert_eq!(
                    tabled.value, expected,
                    "position {k} depth {depth} with table"
                );
            }
        }
    }
}

fn seeded_game(seed: u64) -> Vec<(usize, [u16; 3])> {
    let specs = ["level:1", "random", "mcts:4"].map(|s| s.parse::<MandiriSpec>().unwrap());
    let mut players: [Box<dyn MandiriPlayer>; 3] =
        [0, 1, 2].map(|p| specs[p].build(seed + p as u64));
    let stat = play(
        mandiri::Game::new(single_round()),
        &mut players,
        2,
        seed,
        5000,
    );
    assert_eq!(stat.end, GameEnd::Round);
    stat.rounds.iter().map(|r| (r.moves, r.captured)).collect()
}

#[test]
fn a_seeded_game_is_reproducible() {
    assert_eq!(seeded_game(21), seeded_game(21));
}

#[test]
fn a_match_stops_at_its_move_cap() {
    let mut players: [Box<dyn MandiriPlayer>; 3] =
        [1, 2, 3].map(|s| Box::new(RandomPlayer::new(s)) as Box<dyn MandiriPlayer>);
    let stat = play(
        mandiri::Game::new(mandiri::Rules::default()),
        &mut players,
        0,
        1,
        30,
    );
    assert_eq!((stat.end, stat.moves), (GameEnd::Capped, 30));
}

#[test]
fn specs_parse_and_bad_ones_say_why() {
    for ok in [
        "level:1",
        "level:6",
        "paranoid:6",
        "maxn:4",
        "mcts:2000",
        "random",
        "greedy",
    ] {
        ok.parse::<MandiriSpec>().unwrap();
    }
    let t: MandiriSpec = "paranoid,movetime=300,nodes=5000".parse().unwrap();
    assert_eq!(t.label, "paranoid,movetime=300,nodes=5000");
    let problem = |s: &str| s.parse::<MandiriSpec>().unwrap_err().problem;
    assert!(matches!(problem("level:9"), MandiriSpecProblem::Level(_)));
    assert_eq!(problem("level"), MandiriSpecProblem::MissingLevel);
    assert_eq!(problem(""), MandiriSpecProblem::Empty);
    assert_eq!(
        problem("alphabeta"),
        MandiriSpecProblem::UnknownPlayer("alphabeta".into())
    );
    assert!(matches!(
        problem("mcts:0"),
        MandiriSpecProblem::BadNumber { .. }
    ));
    assert_eq!(
        problem("maxn,depth=3"),
        MandiriSpecProblem::UnknownOption("depth".into())
    );
    assert_eq!(
        problem("random:3"),
        MandiriSpecProblem::NoArguments("random")
    );
    assert_eq!(
        problem("paranoid,fast"),
        MandiriSpecProblem::NotKeyValue("fast".into())
    );
    let err = "level:9".parse::<MandiriSpec>().unwrap_err().to_string();
    assert!(err.starts_with("player `level:9`: "), "{err}");
}

#[test]
fn reports_share_tied_rounds_and_take_medians() {
    use rajapasu_ai::mandiri::arena::{seat_report, GameStat, Lengths, RoundStat};
    use rajapasu_engine::mandiri::{self, Player};
    let l = Lengths::of(&[3, 1, 2, 10]);
    assert_eq!((l.mean, l.median, l.max), (4.0, 2.5, 10));
    let round = |won: [bool; 3], moves| RoundStat {
        seats: Player::ALL,
        captured: [40, 18, 40],
        won,
        ended_by: mandiri::RoundEnd::NoCapture,
        moves,
    };
    let game = GameStat {
        rounds: vec![
            round([true, false, true], 30),
            round([true, false, false], 50),
        ],
        end: GameEnd::Round,
        match_winners: Vec::new(),
        moves: 80,
    };
    let r = seat_report(&[game]);
    let wins: Vec<f64> = r.seat_wins.iter().map(|s| s.mean).collect();
    assert_eq!(wins, [0.75, 0.0, 0.25]);
    assert_eq!(
        (r.round_moves.median, r.no_capture, r.repetition),
        (40.0, 2, 0)
    );
}

/// Runs `search` on a thread of its own and sets `stop` after a short while; the answer must
/// come within a generous bound (a deadlock fails the test instead of hanging it).
fn stopped<T: Send + 'static>(
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
    search: impl FnOnce() -> T + Send + 'static,
) -> T {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(search());
    });
    std::thread::sleep(std::time::Duration::from_millis(100));
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    rx.recv_timeout(std::time::Duration::from_secs(10))
        .expect("no answer within 10 s of the stop flag")
}

#[test]
fn the_stop_flag_ends_a_search_with_the_last_finished_iteration() {
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;
    // No limit but a depth no search of a whole round reaches: only the flag ends these.
    let game = mandiri::Game::new(single_round());
    let legal = game.legal_moves();
    let unbounded = Limits::depth(64);
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let g = game.clone();
    let a = stopped(Arc::clone(&stop), move || {
        Paranoid::new(unbounded, Some(16))
            .with_stop(flag)
            .search(&g)
            .unwrap()
    });
    assert!(
        legal.contains(&a.best) && a.depth >= 1 && a.depth < 64,
        "{a:?}"
    );
    for mcts in [false, true] {
        let stop = Arc::new(AtomicBool::new(false));
        let (flag, g) = (Arc::clone(&stop), game.clone());
        let best = stopped(stop, move || {
            if mcts {
                Mcts::new(Limits::default().with_nodes(u64::MAX), 1)
                    .with_stop(flag)
                    .search(&g)
                    .unwrap()
            } else {
                MaxN::new(unbounded, Some(16))
                    .with_stop(flag)
                    .search(&g)
                    .unwrap()
                    .best
            }
        });
        assert!(legal.contains(&best), "{best}");
    }
}

#[test]
fn a_flag_never_set_changes_nothing_and_maxn_gives_every_seats_value() {
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;
    for game in random_positions(6, 8) {
        let flag = Arc::new(AtomicBool::new(false));
        let plain = MaxN::new(Limits::depth(4), Some(14)).search(&game).unwrap();
        let flagged = MaxN::new(Limits::depth(4), Some(14))
            .with_stop(Arc::clone(&flag))
            .search(&game)
            .unwrap();
        assert_eq!(plain, flagged);
        let values = plain.values.expect("max^n's values");
        assert_eq!(values[game.position().to_move().index()], plain.value);
        let p = Paranoid::new(Limits::depth(4), Some(14))
            .search(&game)
            .unwrap();
        let pf = Paranoid::new(Limits::depth(4), Some(14))
            .with_stop(flag)
            .search(&game)
            .unwrap();
        assert_eq!((p, p.values), (pf, None));
    }
}
