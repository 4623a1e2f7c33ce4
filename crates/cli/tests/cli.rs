//! The `rajapasu` binary as a user runs it.

mod common;

use common::{ok, run};

/// Runs a command that must fail cleanly: exit status 2 and one `error:` line naming `needle`.
fn fails(args: &[&str], needle: &str) {
    let out = run(args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(err.starts_with("error:"), "{args:?}: {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    assert!(err.contains(needle), "{args:?}: `{err}` lacks `{needle}`");
}

#[test]
fn state_json_after_a_round_end() {
    let out = ok(&[
        "state",
        "--position",
        "0,0,0,0,0,1,0/0,2,0,0,0,0,0 S 60 35",
        "--moves",
        "6",
        "--json",
    ]);
    assert_eq!(out.trim_end().lines().count(), 1);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["round"], 2);
    assert_eq!(v["to_move"], "south");
    assert_eq!(
        v["holes"]["south"],
        serde_json::json!([7, 7, 7, 7, 7, 7, 7])
    );
    assert_eq!(
        v["holes"]["north"],
        serde_json::json!([null, null, 7, 7, 7, 7, 7])
    );
    assert_eq!(v["captured"], serde_json::json!({"south": 0, "north": 0}));
    assert_eq!(v["reserve"], serde_json::json!({"south": 14, "north": 0}));
    assert_eq!(v["legal_moves"], serde_json::json!([1, 2, 3, 4, 5, 6, 7]));
    assert_eq!(v["status"], "playing");
    assert_eq!(v["winner"], serde_json::Value::Null);
    assert_eq!(
        v["rounds"],
        serde_json::json!([{"round": 1, "leader": "south", "captured": {"south": 63, "north": 35}, "winner": "south", "ended_by": "no_moves"}])
    );
    assert_eq!(v["position"], "7,7,7,7,7,7,7/x,x,7,7,7,7,7 S 0 0 14 0 2");
}

#[test]
fn single_round_mode_ends_with_round_over() {
    let v: serde_json::Value = serde_json::from_str(&ok(&[
        "state",
        "--single-round",
        "--position",
        "0,0,0,0,0,1,0/0,2,0,0,0,0,0 S 60 35",
        "--moves",
        "6",
        "--json",
    ]))
    .unwrap();
    assert_eq!(v["status"], "round_over");
    assert_eq!(v["winner"], "south");
    assert_eq!(v["legal_moves"], serde_json::json!([]));
    assert_eq!(v["captured"], serde_json::json!({"south": 63, "north": 35}));
}

#[test]
fn state_text_shows_the_board() {
    let out = ok(&["state", "--moves", "1"]);
    assert!(out.contains("Round 1, North to move"), "{out}");
    assert!(
        out.contains("Position: 3,1,0,0,0,14,0/14,2,14,14,1,14,2 N 15 4"),
        "{out}"
    );
}

#[test]
fn mandiri_trace_in_json_gives_the_events() {
    let v: serde_json::Value = serde_json::from_str(&ok(&[
        "trace", "--rules", "mandiri", "--move", "S4", "--json",
    ]))
    .unwrap();
    assert_eq!(v["seat"], "C");
    let events = v["events"].as_array().unwrap();
    assert_eq!(
        events[0],
        serde_json::json!({"event": "lift", "hole": "S4", "count": 7, "relay": false})
    );
    // Seven counters from S4 go S5 S6 S7 N1 ... N4: the first drop is into S5.
    assert_eq!(events[1]["event"], "drop");
    assert_eq!(events[1]["hole"], "S5");
    assert_eq!(
        v["explained"][0],
        "C lifts 7 from S4, sows S5 S6 S7 N1 N2 N3 N4."
    );
}

#[test]
fn trace_in_words_and_json() {
    let code = "0,1,0,2,0,0,3/0,0,1,0,3,0,2 S 40 46";
    let out = ok(&["trace", "--position", code, "--move", "2"]);
    assert!(out.contains("South lifts 1 from S2, sows S3."), "{out}");
    assert!(
        out.contains("Relay: South lifts 3 from S7, sows N1 N2 N3."),
        "{out}"
    );
    assert!(out.contains("South captures 3 from N5"), "{out}");
    let v: serde_json::Value =
        serde_json::from_str(&ok(&["trace", "--position", code, "--move", "2", "--json"])).unwrap();
    assert_eq!(v["after"], "0,0,1,0,1,1,0/1,1,2,0,0,0,2 N 43 46");
    let events = v["events"].as_array().unwrap();
    assert_eq!(
        events[0],
        serde_json::json!({"event": "lift", "hole": "S2", "count": 1, "relay": false})
    );
    assert_eq!(
        events.last().unwrap(),
        &serde_json::json!({"event": "pussa", "hole": "N5", "count": 3, "by": "south"})
    );
}

#[test]
fn perft_splits_by_first_move() {
    let out = ok(&["perft", "1"]);
    assert!(out.ends_with("total 7\n"), "{out}");
    // After South's 1 every hole of North's row holds counters (first worked example): 7 replies.
    let out = ok(&["perft", "2"]);
    assert!(out.starts_with("1: 7\n"), "{out}");
}

#[test]
fn save_replay_and_convert_records() {
    let dir = std::env::temp_dir().join(format!("rajapasu-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let text = dir.join("game.txt");
    let json = dir.join("game.json");
    ok(&["state", "--moves", "1 2", "--save", text.to_str().unwrap()]);
    let saved = std::fs::read_to_string(&text).unwrap();
    assert!(saved.contains("[Rules \"canonical\"]"), "{saved}");
    assert!(saved.contains("{Round 1} 1. 1 2"), "{saved}");
    let out = ok(&[
        "replay",
        text.to_str().unwrap(),
        "--convert",
        json.to_str().unwrap(),
    ]);
    assert!(
        out.contains("   1. S 1  ->  3,1,0,0,0,14,0/14,2,14,14,1,14,2 N 15 4"),
        "{out}"
    );
    let a = ok(&["replay", text.to_str().unwrap(), "--json"]);
    let b = ok(&["replay", json.to_str().unwrap(), "--json"]);
    assert_eq!(a, b);
    let traced = ok(&["trace", "--record", json.to_str().unwrap(), "--ply", "1"]);
    assert!(traced.contains("South plays 1."), "{traced}");
    // After South's 2 in the second worked example, North's hole 4 is empty.
    std::fs::write(
        dir.join("bad.txt"),
        "[Position \"0,1,0,2,0,0,3/0,0,1,0,3,0,2 S 40 46\"]\n1. 2 4\n",
    )
    .unwrap();
    fails(
        &["replay", dir.join("bad.txt").to_str().unwrap()],
        "move 2 (4): illegal move: hole N4 is empty",
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_input_gets_one_clear_line_and_status_2() {
    for (code, needle) in [
        ("7,7,7", "`/`"),
        ("7,7,7,7,7,7,7/7,7,7,7,7,7,6 S 0 0", "97 counters"),
        ("7,7,7,7,7,7,7/7,7,7,7,7,7,q S 0 0", "hole N7"),
        ("7,7,7,7,7,7,7/7,7,7,7,7,7,7 E 0 0", "side to move"),
        ("7,x,7,7,7,7,7/7,7,7,7,7,7,7 S 7 0", "S2 is closed"),
    ] {
        fails(&["state", "--position", code], needle);
    }
    for (code, needle) in [
        ("0,1,0,2,0,0,3/0,0,1,0,3,0,2 S 40 46", "S1 is empty"),
        ("7,7,7,7,7,7,7/x,x,7,7,7,7,7 N 0 0 14 0 2", "N1 is closed"),
    ] {
        fails(&["state", "--position", code, "--moves", "1"], needle);
    }
    for (option, value, needle) in [
        ("--moves", "9", "holes are numbered 1 to 7"),
        ("--moves", "one", "`one` is not a move"),
        (
            "--rules",
            "canonical/speed=fast",
            "unknown rule option `speed`",
        ),
        ("--rules", "chess", "unknown rule set `chess`"),
    ] {
        fails(&["state", option, value], needle);
    }
    fails(&["trace", "--move", "0"], "0");
    fails(&["replay", "/nonexistent/game.txt"], "cannot read");
    let out = run(&["state", "--position", "\u{7f}//,,x"]);
    assert_eq!(out.status.code(), Some(2));
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

#[test]
fn a_position_may_start_with_a_minus() {
    // Read as the position (and refused for its count), not as an unknown option `-1`.
    fails(
        &["state", "--position", "-1,7,7,7,7,7,7/7,7,7,7,7,7,7 S 0 0"],
        "hole S1 is `-1`",
    );
    fails(
        &["perft", "1", "-p", "-1,7,7,7,7,7,7/7,7,7,7,7,7,7 S 0 0"],
        "`-1`",
    );
    // The table's probe takes the code as its argument too.
    let empty = std::env::temp_dir().join(format!("rajapasu-no-table-{}", std::process::id()));
    let out = run(&[
        "tablebase",
        "--tablebase",
        empty.to_str().unwrap(),
        "probe",
        "-1,0,1,0,1,0,1/0,0,0,1,1,0,0 N 45 48",
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(!err.contains("unexpected argument"), "{err}");
}

#[test]
fn empty_rules_and_repeated_options_are_refused() {
    fails(&["state", "--rules", ""], "--rules is empty");
    fails(&["state", "--rules", "  "], "--rules is empty");
    fails(&["rules", ""], "--rules is empty");
    fails(
        &["bench", "--rules", "", "--playouts", "1"],
        "--rules is empty",
    );
    fails(
        &["state", "--rules", "canonical/fours=sower,fours=owner"],
        "rule option `fours` is given twice",
    );
    fails(
        &[
            "selfplay",
            "--rules",
            "fours=sower,FOURS=sower",
            "--games",
            "1",
        ],
        "rule option `fours` is given twice",
    );
    fails(
        &["state", "--moves", "1", "--moves", "2"],
        "cannot be used multiple times",
    );
    // Options only, no name, stay the canonical rules with those options.
    assert!(ok(&["rules", "fours=sower"]).starts_with("canonical/fours=sower\n"));
}

#[test]
fn every_hole_number_off_the_board_gets_the_same_range() {
    for bad in ["0", "9", "13", "300"] {
        fails(
            &["state", "--moves", bad],
            &format!("`{bad}` is not a move: holes are numbered 1 to 7"),
        );
    }
    fails(
        &["state", "--rules", "canonical/holes=5", "--moves", "6"],
        "holes are numbered 1 to 5",
    );
}

#[test]
fn options_of_the_computer_conflict_with_two_players() {
    for option in [["--side", "north"], ["--level", "3"], ["--seed", "1"]] {
        let mut args = vec!["play", "--two-players", "--lines"];
        args.extend(option);
        fails(&args, "'--two-players' cannot be used with");
    }
}

#[test]
fn loadtest_refuses_no_games() {
    fails(
        &["loadtest", "--games", "0"],
        "--games 0: give 1 to 1000 games",
    );
    fails(&["loadtest", "--games", "1001"], "--games 1001");
    fails(
        &["loadtest", "--seconds", "0"],
        "--seconds 0: give 1 to 300",
    );
}

#[test]
fn loadtest_plays_games_against_a_server_of_its_own() {
    let db = std::env::temp_dir().join(format!("rajapasu-loadtest-cli-{}.db", std::process::id()));
    let db = db.to_str().unwrap();
    let out = ok(&["loadtest", "--games", "2", "--seconds", "1", "--db", db]);
    for ext in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{db}{ext}"));
    }
    // The database as the server announced it, read back from its ready line.
    assert!(
        out.starts_with("load test: 2 games for 1 s against http://127.0.0.1:"),
        "{out}"
    );
    assert!(out.contains(&format!("(database {db})")), "{out}");
    let figures = out.lines().nth(1).unwrap_or_default();
    assert!(figures.starts_with("acknowledged moves "), "{out}");
    assert!(!figures.starts_with("acknowledged moves 0 "), "{out}");
    assert!(figures.ends_with("errors 0"), "{out}");
}

#[test]
fn serve_checks_its_address_before_creating_the_database() {
    let dir = std::env::temp_dir().join(format!("rajapasu-serve-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("games.db");
    fails(
        &["serve", "--addr", "nonsense", "--db", db.to_str().unwrap()],
        "--addr nonsense: not an address to listen on",
    );
    assert!(!db.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn help_of_help_and_of_no_command() {
    for flag in ["--help", "-h"] {
        let out = ok(&["help", flag]);
        assert!(out.contains("Usage: rajapasu help [COMMAND]"), "{out}");
    }
    let out = ok(&["--help"]);
    assert!(
        out.contains("Without a command, rajapasu starts the web app"),
        "{out}"
    );
}

#[test]
fn counts_agree_with_their_nouns() {
    // Two players: undo takes back one move.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_rajapasu"))
        .args(["play", "--two-players", "--lines", "--save"])
        .arg(std::env::temp_dir().join(format!("rajapasu-plural-{}.txt", std::process::id())))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child.stdin.take().unwrap().write_all(b"1\nundo\nquit\n")?;
            child.wait_with_output()
        })
        .unwrap();
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

/// A pipe whose reading end is already closed: its writing end, for a child's standard output.
/// Every write to it fails (EPIPE, or SIGPIPE for a process that has not ignored it), from the
/// first byte on.
fn pipe_with_no_reader() -> std::os::fd::OwnedFd {
    use std::os::fd::{FromRawFd, OwnedFd};
    let mut fds = [0; 2];
    // SAFETY: `fds` has room for the two descriptors pipe(2) writes.
    assert_eq!(unsafe { libc::pipe(fds.as_mut_ptr()) }, 0, "pipe(2)");
    // SAFETY: pipe(2) returned two fresh descriptors that nothing else owns.
    let (reader, writer) = unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) };
    drop(reader);
    writer
}

/// Runs `args` with its standard output a pipe whose reader is gone before the command
/// starts, so that its first write already finds the pipe closed. The command must end as
/// `cat` would: killed by SIGPIPE, or quietly with success; never a panic, never a message
/// about the broken pipe.
fn closed_pipe(args: &[&str]) {
    use std::os::unix::process::ExitStatusExt;
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_rajapasu"))
        .args(args)
        .stdout(pipe_with_no_reader())
        .stderr(std::process::Stdio::piped())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{args:?} panicked: {err}");
    for broken in ["Broken pipe", "broken pipe", "os error 32", "EPIPE"] {
        assert!(!err.contains(broken), "{args:?} printed `{broken}`: {err}");
    }
    assert!(
        out.status.success() || out.status.signal() == Some(libc::SIGPIPE),
        "{args:?}: {:?} {err}",
        out.status
    );
}

#[test]
fn printing_to_a_closed_pipe_does_not_panic() {
    closed_pipe(&["rules"]);
    closed_pipe(&["perft", "5"]);
    closed_pipe(&["state", "--moves", "1"]);
    closed_pipe(&["analyze", "--depth", "2"]);
}

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
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = rx
                .recv_timeout(left)
                .unwrap_or_else(|_| panic!("no {what} within 10 s"));
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
fn rules_lists_every_rule_set_of_both_games() {
    let out = ok(&["rules"]);
    // The one list every command reads `--rules` against, Mandiri included.
    for (name, about, _) in rajapasu_engine::RuleSet::named() {
        assert!(
            out.lines().any(|l| l == format!("  {name:<12} {about}")),
            "{name}: {out}"
        );
    }
    assert!(out.contains("\n  mandiri      "), "{out}");
    // Both games' options, Mandiri's under their own heading.
    let (_, mandiri) = out
        .split_once("\nMandiri options (mandiri/KEY=VALUE")
        .unwrap();
    for key in rajapasu_engine::mandiri::Rules::options()
        .iter()
        .map(|o| o.key())
    {
        assert!(mandiri.contains(&format!("\n  {key}=")), "{key}: {out}");
    }
    assert!(out.contains("\n  pussa=single|chain\n"), "{out}");
}

#[test]
fn rules_mandiri_describes_its_options() {
    let out = ok(&["rules", "mandiri"]);
    assert_eq!(
        out,
        "mandiri\n  fours=owner\n  order=anticlockwise\n  round-end=unreachable\n  gift=1\n  \
         term=3\n  refill=fixed\n  borrow=off\n  mode=match\n"
    );
    let out = ok(&["rules", "mandiri/gift=2,mode=round"]);
    assert!(out.starts_with("mandiri/gift=2,mode=round\n"), "{out}");
    assert!(
        out.contains("\n  gift=2\n") && out.ends_with("\n  mode=round\n"),
        "{out}"
    );
    fails(&["rules", "mandiri/gift=two"], "gift");
    fails(
        &["rules", "mandiri/gift=1,gift=2"],
        "rule option `gift` is given twice",
    );
}
