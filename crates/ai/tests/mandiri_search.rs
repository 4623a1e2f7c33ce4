//! The Mandiri searchers: a forced capture, legal moves always, paranoid alpha-beta against a
//! plain minimax written here, reproducible games, specs.

use rajapasu_ai::arena::mandiri::{play, GameEnd};
use rajapasu_ai::arena::random_line;
use rajapasu_ai::mandiri::eval::{base, evaluate, final_values, Values};
use rajapasu_ai::mandiri::{MaxN, Mcts, Paranoid};
use rajapasu_ai::player::{Player, RandomPlayer};
use rajapasu_ai::spec::{MandiriSpec, SpecProblem};
use rajapasu_ai::Limits;
use rajapasu_engine::mandiri::{self, Seat};
use rajapasu_engine::rng::Rng;
use rajapasu_engine::Hole;

fn single_round() -> mandiri::Rules {
    "mandiri/mode=round".parse().unwrap()
}

/// Seat C to move: S3 sows its one counter into S4, and S5 being empty, takes the 3 in S6 by
/// pussa; N5 sows into N6 and captures nothing (N7 and S1 are empty).
const ONE_CAPTURE: &str = "mandiri 0,0,1,0,0,3,0/0,0,0,0,1,0,0 C 31,31,31 1,2,3 0,0,0 1 1";

fn searchers() -> Vec<(&'static str, Box<dyn Player<mandiri::Game>>)> {
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
        let tiny: Vec<Box<dyn Player<mandiri::Game>>> = vec![
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
    let mut players: [Box<dyn Player<mandiri::Game>>; 3] =
        [0, 1, 2].map(|p| specs[p].build(single_round(), seed + p as u64).unwrap());
    let game = mandiri::Game::new(single_round());
    let opening = random_line(&game, 2, &mut Rng::new(seed));
    let stat = play(game, &mut players, &opening, 5000);
    assert_eq!(stat.end, GameEnd::Round);
    stat.rounds.iter().map(|r| (r.moves, r.captured)).collect()
}

#[test]
fn a_seeded_game_is_reproducible() {
    assert_eq!(seeded_game(21), seeded_game(21));
}

#[test]
fn a_match_stops_at_its_move_cap() {
    let mut players: [Box<dyn Player<mandiri::Game>>; 3] =
        [1, 2, 3].map(|s| Box::new(RandomPlayer::new(s)) as Box<dyn Player<mandiri::Game>>);
    let stat = play(
        mandiri::Game::new(mandiri::Rules::default()),
        &mut players,
        &[],
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
    assert!(matches!(problem("level:9"), SpecProblem::Level(_)));
    assert_eq!(problem("level"), SpecProblem::MissingLevel);
    assert_eq!(problem(""), SpecProblem::Empty);
    assert!(matches!(
        problem("alphabeta"),
        SpecProblem::UnknownPlayer { name, .. } if name == "alphabeta"
    ));
    assert!(matches!(problem("mcts:0"), SpecProblem::BadNumber { .. }));
    assert_eq!(
        problem("maxn,depth=3"),
        SpecProblem::UnknownOption("depth".into())
    );
    assert_eq!(problem("random:3"), SpecProblem::NoArguments("random"));
    assert_eq!(
        problem("paranoid,fast"),
        SpecProblem::NotKeyValue("fast".into())
    );
    let err = "level:9".parse::<MandiriSpec>().unwrap_err().to_string();
    assert!(err.starts_with("player `level:9`: "), "{err}");
}

#[test]
fn reports_share_tied_rounds_and_take_medians() {
    use rajapasu_ai::arena::mandiri::{seat_report, GameStat, RoundStat};
    use rajapasu_ai::stats::Lengths;
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
        game: mandiri::Game::new(mandiri::Rules::default()),
        rounds: vec![
            round([true, false, true], 30),
            round([true, false, false], 50),
        ],
        end: GameEnd::Round,
        match_winners: Vec::new(),
        moves: 80,
        forfeit: None,
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

/// What a deepening search reported and answered.
#[derive(Debug)]
struct Reported {
    iterations: Vec<rajapasu_ai::mandiri::Analysis>,
    answer: rajapasu_ai::mandiri::Analysis,
}

impl Reported {
    /// The answer is the last iteration reported (the move, its value and depth), the
    /// iterations went one move deeper each from 1, and the flag ended the search before the
    /// depth it was given.
    fn check(&self, deepest: u32, legal: &[Hole]) {
        let last = self
            .iterations
            .last()
            .expect("the first iteration always finishes");
        assert_eq!(
            (
                self.answer.best,
                self.answer.value,
                self.answer.values,
                self.answer.depth
            ),
            (last.best, last.value, last.values, last.depth),
            "{self:?}"
        );
        let depths: Vec<u32> = self.iterations.iter().map(|a| a.depth).collect();
        assert_eq!(depths, (1..=last.depth).collect::<Vec<_>>(), "{self:?}");
        assert!(
            self.answer.depth < deepest,
            "the flag did not end it: {self:?}"
        );
        assert!(self.answer.nodes >= last.nodes, "{self:?}");
        assert!(legal.contains(&self.answer.best), "{self:?}");
    }
}

#[test]
fn the_stop_flag_ends_a_search_with_the_last_finished_iteration() {
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;
    // No limit but a depth no search of a whole round reaches: only the flag ends these.
    let game = mandiri::Game::new(single_round());
    let legal = game.legal_moves();
    let unbounded = Limits::depth(64);
    for maxn in [false, true] {
        let stop = Arc::new(AtomicBool::new(false));
        let (flag, g) = (Arc::clone(&stop), game.clone());
        let reported = stopped(stop, move || {
            let mut iterations = Vec::new();
            let report = |a: &rajapasu_ai::mandiri::Analysis| iterations.push(*a);
            let answer = if maxn {
                MaxN::new(unbounded, Some(16))
                    .with_stop(flag)
                    .search_reporting(&g, report)
            } else {
                Paranoid::new(unbounded, Some(16))
                    .with_stop(flag)
                    .search_reporting(&g, report)
            }
            .unwrap();
            Reported { iterations, answer }
        });
        reported.check(64, &legal);
    }
    // MCTS has no iterations to report: it answers the root move searched most when the flag
    // stopped it, short of the iterations it was given.
    let stop = Arc::new(AtomicBool::new(false));
    let (flag, g) = (Arc::clone(&stop), game.clone());
    let (best, visits) = stopped(stop, move || {
        let mut mcts = Mcts::new(Limits::default().with_nodes(u64::MAX), 1).with_stop(flag);
        let best = mcts.search(&g).unwrap();
        (best, mcts.root_visits())
    });
    assert!(legal.contains(&best), "{best}");
    let most = visits.iter().map(|&(_, n)| n).max().unwrap();
    assert!(visits.contains(&(best, most)), "{best} {visits:?}");
    assert!(
        visits.iter().map(|&(_, n)| n).sum::<u32>() > 0,
        "{visits:?}"
    );
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
