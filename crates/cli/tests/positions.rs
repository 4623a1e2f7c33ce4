//! The commands that show, trace, replay and count positions (`state`, `trace`, `replay`,
//! `perft`), and how they refuse a bad position, move or record.

mod common;

use common::{fails, ok, run};

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
fn replay_checks_how_a_record_says_the_game_ended() {
    let dir = std::env::temp_dir().join(format!("rajapasu-cli-ends-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = |name: &str, text: &str| {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        path.to_str().unwrap().to_string()
    };
    // On 2 x 3 holes of one counter, `1 1` ends the single round: North captured more.
    let small = "[Rules \"canonical/holes=3,counters=1,mode=round\"]\n";
    let won = file("won.txt", &format!("{small}[Result \"N\"]\n1. 1 1 N\n"));
    assert!(ok(&["replay", &won]).contains("Result: N\n"));
    let wrong = file("wrong.txt", &format!("{small}[Result \"S\"]\n1. 1 1\n"));
    fails(
        &["replay", &wrong],
        "the record states the result `S`, but by its moves it is `N`",
    );
    // Ended otherwise than by the rules: the termination gives the result.
    let resigned = file(
        "resigned.txt",
        &format!("{small}[Termination \"North resigned\"]\n[Result \"S\"]\n1. 1\n"),
    );
    let out = ok(&["replay", &resigned]);
    assert!(
        out.contains("Termination: North resigned\nResult: S\n"),
        "{out}"
    );
    let late = file(
        "late.txt",
        &format!("{small}[Termination \"North resigned\"]\n1. 1 1\n"),
    );
    fails(&["replay", &late], "the moves end the game by the rules");
    let unknown = file("unknown.txt", "[Termination \"North left\"]\n1. 1\n");
    fails(
        &["replay", &unknown],
        "`North left` names no way a game ends",
    );
    std::fs::remove_dir_all(&dir).unwrap();
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
