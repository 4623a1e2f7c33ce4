//! The commands where the computer plays: `tournament`, `selfplay`, the engine protocol
//! (`engine`) and `bench`; and their counts in words.

mod common;

use common::{fails, ok, run};

#[test]
fn tournament_refuses_empty_rules_and_counts_in_words() {
    fails(
        &[
            "tournament",
            "--player",
            "greedy",
            "--player",
            "random",
            "--rules",
            "",
        ],
        "--rules is empty",
    );
    let out = ok(&[
        "tournament",
        "--player",
        "greedy",
        "--player",
        "random",
        "--openings",
        "1",
        "--single-round",
    ]);
    assert!(
        out.starts_with("2 games in ") && out.contains(", 1 opening each played from both sides"),
        "{out}"
    );
}

#[test]
fn counts_agree_with_their_nouns() {
    // Two players: undo takes back one move.
    let record = std::env::temp_dir().join(format!("rajapasu-plural-{}.txt", std::process::id()));
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_rajapasu"))
        .args(["play", "--two-players", "--lines", "--save"])
        .arg(&record)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child.stdin.take().unwrap().write_all(b"1\nundo\nquit\n")?;
            child.wait_with_output()
        })
        .unwrap();
    let _ = std::fs::remove_file(&record);
    let out = String::from_utf8(out.stdout).unwrap();
    assert!(out.contains("Took back 1 move.\n"), "{out}");
    assert!(!out.contains("move(s)"), "{out}");
    let out = ok(&[
        "selfplay",
        "--games",
        "1",
        "--player",
        "random",
        "--threads",
        "1",
    ]);
    assert!(out.contains(": 1 game\n"), "{out}");
    assert!(!out.contains(" 1 matches"), "{out}");
}

#[test]
fn an_engine_that_never_answers_forfeits_on_time() {
    // `sleep` reads nothing and answers nothing: without a time limit the tournament would
    // wait for ever. With `--engine-movetime 100` the limit is 1150 ms a move.
    let start = std::time::Instant::now();
    let out = run(&[
        "tournament",
        "--player",
        "cmd:sleep 1000",
        "--player",
        "greedy",
        "--openings",
        "1",
        "--engine-movetime",
        "100",
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(
        err.contains(
            "warning: cmd:sleep 1000 forfeited a game: `sleep 1000` gave no move within 1150 ms"
        ),
        "{err}"
    );
    assert_eq!(err.matches("forfeited a game").count(), 2, "{err}");
    assert!(start.elapsed() < std::time::Duration::from_secs(120));
}

#[test]
fn a_mandiri_tournament_gives_its_standings_as_csv_and_saves_records_that_read_back() {
    let records = std::env::temp_dir().join(format!(
        "rajapasu-cli-mandiri-records-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&records);
    let players = ["random", "greedy", "level:1"];
    let out = ok(&[
        "tournament",
        "--rules",
        "mandiri",
        "--single-round",
        "--player",
        players[0],
        "--player",
        players[1],
        "--player",
        players[2],
        "--openings",
        "1",
        "--csv",
        "--records",
        records.to_str().unwrap(),
    ]);
    let mut lines = out.lines();
    assert_eq!(
        lines.next(),
        Some(
            "player,rounds,round_score,round_score_low,round_score_high,above_seat,\
             above_seat_low,above_seat_high,win_share,win_share_low,win_share_high,match_wins"
        ),
        "{out}"
    );
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
    let mut names: Vec<&str> = rows.iter().map(|r| r[0]).collect();
    names.sort_unstable();
    assert_eq!(names, ["greedy", "level:1", "random"], "{out}");
    for row in &rows {
        assert_eq!(row.len(), 12, "{out}");
        // One opening in all six seatings, a single round each: six rounds for everyone.
        assert_eq!(row[1], "6", "{out}");
        for figure in &row[2..] {
            assert!(figure.parse::<f64>().is_ok(), "`{figure}` in {out}");
        }
    }
    for k in 1..=6 {
        let path = records.join(format!("game-{k:04}.txt"));
        let text = std::fs::read_to_string(&path).unwrap();
        let record = rajapasu_engine::mandiri::Record::parse(&text).unwrap();
        assert!(record.replay().unwrap().status().is_over(), "{text}");
        assert_eq!(record.tag("Game"), Some(k.to_string().as_str()), "{text}");
        let mut seated: Vec<&str> = ["Player1", "Player2", "Player3"]
            .iter()
            .map(|tag| record.tag(tag).unwrap())
            .collect();
        seated.sort_unstable();
        assert_eq!(seated, ["greedy", "level:1", "random"], "{text}");
        // `replay` reads it as a user would.
        assert!(ok(&["replay", path.to_str().unwrap()]).contains("Code: mandiri/mode=round "));
    }
    let _ = std::fs::remove_dir_all(&records);
}

#[test]
fn the_engine_plays_mandiri_through_stdin() {
    // A bad move, a bad code, then a forced capture: C's S5 takes 12 counters and no other
    // move takes any. The search comes last, so that no command arrives while it runs.
    let script = "rules mandiri\nplay S1\nposition mandiri 1,2\n\
        position mandiri/mode=round 1,0,0,0,23,0,0/0,1,1,0,3,0,0 C 37,14,18 1,2,3 0,0,0 1 1\n\
        legal\ngo depth 2\n";
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_rajapasu"))
        .arg("engine")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child.stdin.take().unwrap().write_all(script.as_bytes())?;
            child.wait_with_output()
        })
        .unwrap();
    assert!(out.status.success());
    let out = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 8, "{out}");
    assert_eq!(lines[0], "ok");
    assert!(
        lines[1].starts_with("error ") && lines[1].contains("seat C is to move"),
        "{out}"
    );
    assert!(
        lines[2].starts_with("error bad Mandiri position code"),
        "{out}"
    );
    assert_eq!(lines[3], "ok");
    assert_eq!(lines[4], "legal S5 N3 N5");
    assert!(lines[5].starts_with("info depth 1 score C "), "{out}");
    assert!(lines[6].starts_with("info depth 2 score C "), "{out}");
    assert_eq!(lines[7], "bestmove S5");
}

#[test]
fn the_engine_stops_a_mandiri_infinite_search() {
    use std::io::{BufRead, Write};
    use std::time::{Duration, Instant};
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_rajapasu"))
        .arg("engine")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    let stdout = child.stdout.take().unwrap();
    std::thread::spawn(move || {
        for line in std::io::BufReader::new(stdout).lines() {
            if tx.send(line.unwrap_or_default()).is_err() {
                return;
            }
        }
    });
    // The next line passing `test`, within a bound generous enough for a busy machine: a
    // search that `stop` does not end fails here instead of hanging.
    let next = |what: &str, test: &dyn Fn(&str) -> bool| {
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = rx
                .recv_timeout(left)
                .unwrap_or_else(|_| panic!("no {what} within 60 s"));
            if test(&line) {
                return line;
            }
        }
    };
    writeln!(
        stdin,
        "rules mandiri\nposition startpos moves S5\ngo infinite"
    )
    .unwrap();
    next("info line", &|l| l.starts_with("info depth"));
    writeln!(stdin, "stop").unwrap();
    let best = next("bestmove", &|l| l.starts_with("bestmove"));
    let mut game = rajapasu_engine::mandiri::Game::new(Default::default());
    game.try_play("S5".parse().unwrap()).unwrap();
    let mv = best.strip_prefix("bestmove ").unwrap().parse().unwrap();
    assert!(game.legal_moves().contains(&mv), "{best}");
    writeln!(stdin, "quit").unwrap();
    next("bye", &|l| l == "bye");
    assert!(child.wait().unwrap().success());
}

#[test]
fn bench_prints_playouts_per_second_last() {
    let out = ok(&["bench", "--playouts", "300"]);
    let last = out.trim_end().lines().last().unwrap();
    let (label, value) = last.split_once(' ').unwrap();
    assert_eq!(label, "playouts/s");
    assert!(value.parse::<f64>().unwrap() > 0.0);
}

#[test]
fn bench_limits_are_stated_and_playouts_exact() {
    fails(
        &["bench", "--seconds", "0"],
        "--seconds 0: give more than 0 and at most 3600 seconds",
    );
    fails(&["bench", "--playouts", "0"], "at least 1 playout");
    // 300 is not a multiple of the batch of 256 the clock is read after.
    let out = ok(&["bench", "--playouts", "300"]);
    assert!(out.starts_with("playouts 300 "), "{out}");
}

/// The players of a paired event's JSON, game by game: (round, first, second).
fn paired_games(out: &serde_json::Value) -> Vec<(usize, String, String)> {
    let mut games = Vec::new();
    for (k, r) in out["rounds"].as_array().unwrap().iter().enumerate() {
        for g in r["games"].as_array().unwrap() {
            let name = |key: &str| g[key].as_str().unwrap().to_string();
            games.push((k, name("first"), name("second")));
        }
    }
    games
}

#[test]
fn a_round_robin_of_engines_follows_the_berger_table_and_ranks_by_sonneborn_berger() {
    let players = ["greedy", "random", "level:1", "mcts:20"];
    let mut args = vec!["tournament", "--format", "round-robin", "--single-round"];
    for p in players {
        args.extend(["--player", p]);
    }
    args.extend(["--openings", "2", "--threads", "2", "--json"]);
    let out: serde_json::Value = serde_json::from_str(&ok(&args)).unwrap();
    // The Berger table for four: 1-4 2-3 / 4-3 1-2 / 2-4 3-1.
    let expected = [
        (0, 0, 3),
        (0, 1, 2),
        (1, 3, 2),
        (1, 0, 1),
        (2, 1, 3),
        (2, 2, 0),
    ];
    let games: Vec<(usize, String, String)> = expected
        .iter()
        .map(|&(r, a, b)| (r, players[a].to_string(), players[b].to_string()))
        .collect();
    assert_eq!(paired_games(&out), games);
    let standings = out["standings"].as_array().unwrap();
    assert_eq!(standings.len(), 4);
    let total: f64 = standings.iter().map(|s| s["score"].as_f64().unwrap()).sum();
    assert_eq!(total, 6.0);
    for pair in standings.windows(2) {
        let key = |s: &serde_json::Value| {
            (
                s["score"].as_f64().unwrap(),
                s["sonneborn_berger"].as_f64().unwrap(),
                s["counters"].as_f64().unwrap(),
            )
        };
        assert!(key(&pair[0]) >= key(&pair[1]), "{standings:?}");
        assert_eq!(pair[0]["games"], 3);
    }
    // A double round-robin of three plays the table twice, the second time the other way round.
    let double: serde_json::Value = serde_json::from_str(&ok(&[
        "tournament",
        "--format",
        "double-round-robin",
        "--single-round",
        "--player",
        "greedy",
        "--player",
        "random",
        "--player",
        "level:1",
        "--json",
    ]))
    .unwrap();
    let games = paired_games(&double);
    assert_eq!(games.len(), 6);
    for k in 0..3 {
        assert_eq!(
            (games[k].1.clone(), games[k].2.clone()),
            (games[k + 3].2.clone(), games[k + 3].1.clone())
        );
        assert_eq!(games[k + 3].0, k + 3);
    }
    // The text gives every round and the standings' tie-breaks.
    let text = ok(&args[..args.len() - 1]);
    assert!(
        text.starts_with("round-robin of 4 players, 3 rounds, 6 games in "),
        "{text}"
    );
    assert!(
        text.contains("Round 3: random ") && text.contains("  SB    Ctrs"),
        "{text}"
    );
    // And the crosstable, in the order of the standings: one row and one column a player, each
    // row (after the rank and the name) with one dot where the player meets itself and a
    // result against each of the others.
    for row in text.lines().rev().take(4) {
        assert_eq!(row.matches('·').count(), 1, "{text}");
        let cells = row.split_whitespace().skip(2);
        let results = cells.filter(|c| ["0", "½", "1"].contains(c));
        assert_eq!(results.count(), 3, "{row}");
    }
}

#[test]
fn a_swiss_of_engines_pairs_no_one_twice_and_gives_each_bye_once() {
    let mut args = vec![
        "tournament",
        "--format",
        "swiss",
        "--rounds",
        "3",
        "--single-round",
        "--openings",
        "3",
    ];
    for p in ["greedy", "random", "level:1", "level:2", "mcts:10"] {
        args.extend(["--player", p]);
    }
    args.extend(["--csv"]);
    let csv = ok(&args);
    let mut lines = csv.lines();
    assert_eq!(
        lines.next(),
        Some("rank,player,score,games,wins,draws,losses,buchholz,median_buchholz,counters")
    );
    assert_eq!(lines.count(), 5);
    args.pop();
    args.push("--json");
    let out: serde_json::Value = serde_json::from_str(&ok(&args)).unwrap();
    let rounds = out["rounds"].as_array().unwrap();
    assert_eq!(rounds.len(), 3);
    let mut byes: Vec<&str> = Vec::new();
    for r in rounds {
        assert_eq!(r["games"].as_array().unwrap().len(), 2);
        let bye = r["byes"].as_array().unwrap();
        assert_eq!(bye.len(), 1);
        byes.push(bye[0].as_str().unwrap());
    }
    // Three different players had the bye: the lowest-ranked without one each time.
    byes.sort();
    byes.dedup();
    assert_eq!(byes.len(), 3, "{rounds:?}");
    // No pair met twice.
    let mut pairs: Vec<(String, String)> = paired_games(&out)
        .into_iter()
        .map(|(_, a, b)| if a < b { (a, b) } else { (b, a) })
        .collect();
    assert_eq!(pairs.len(), 6);
    pairs.sort();
    pairs.dedup();
    assert_eq!(pairs.len(), 6, "{rounds:?}");
    let total: f64 = out["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["score"].as_f64().unwrap())
        .sum();
    // Six games and three byes worth a win.
    assert_eq!(total, 9.0);
}

#[test]
fn paired_formats_refuse_what_they_cannot_do() {
    let two = ["--player", "greedy", "--player", "random"];
    let with = |extra: &[&'static str]| {
        let mut a = vec!["tournament"];
        a.extend(two);
        a.extend(extra);
        a
    };
    fails(
        &with(&["--format", "swiss"]),
        "--format swiss needs --rounds N",
    );
    fails(
        &with(&["--format", "round-robin", "--rounds", "2"]),
        "--rounds is for --format swiss",
    );
    fails(
        &with(&["--format", "swiss", "--rounds", "0"]),
        "--rounds must be 1 or more",
    );
    // Two players meet once; a second Swiss round would repeat the game.
    fails(
        &with(&["--format", "swiss", "--rounds", "2", "--single-round"]),
        "round 2 cannot be paired without a repeat game",
    );
    fails(
        &[
            "tournament",
            "--rules",
            "mandiri",
            "--format",
            "round-robin",
            "--player",
            "maxn",
            "--player",
            "paranoid",
            "--player",
            "random",
        ],
        "a Mandiri tournament plays without it",
    );
    // --rounds means nothing without --format (clap's own message).
    let out = run(&with(&["--rounds", "3"]));
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--format"));
}
