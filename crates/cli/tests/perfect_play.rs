//! Proven values from the command line: `analyze`, `solve` and `tablebase`, as a user runs
//! them, on positions worked out by hand and on a small table built in the test.

use std::path::PathBuf;

mod common;

use common::{ok, run};

fn temp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("rajapasu-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

/// South 6 sows S7; N1 is empty, so South captures the 2 of N2; North then has no counter and
/// no move, and South takes the one on S5 and the one on S7 (rule 8a): South gains all 4, the
/// most there is, and wins the round 63 to 35 (score 1028). No table is needed to prove it.
const HAND: &str = "0,0,0,0,1,1,0/0,2,0,0,0,0,0 S 59 35";

#[test]
fn analyze_proves_a_position_worked_by_hand() {
    let none = temp("no-table");
    let none = none.to_str().unwrap();
    let out = ok(&[
        "--tablebase",
        none,
        "analyze",
        "--single-round",
        "--position",
        HAND,
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let best = &v["moves"][0];
    assert_eq!(best["move"], 6, "{out}");
    assert_eq!(best["score"], 1028, "{out}");
    assert_eq!(best["exact"], true, "{out}");
    assert_eq!(best["bounds"], serde_json::json!([1028, 1028]), "{out}");
    // The other move can only be worse, and what is proven of it says so.
    let other = &v["moves"][1];
    assert_eq!(other["move"], 5);
    assert!(other["score"].as_i64().unwrap() < 1028, "{out}");
    let text = ok(&[
        "--tablebase",
        none,
        "analyze",
        "--single-round",
        "--position",
        HAND,
    ]);
    assert!(text.contains("(solved)"), "{text}");
    assert!(text.contains("exact"), "{text}");
}

#[test]
fn solve_reports_each_move_and_the_value() {
    let none = temp("solve");
    let state = none.with_extension("state");
    let solve = || {
        ok(&[
            "--tablebase",
            none.to_str().unwrap(),
            "solve",
            "--position",
            HAND,
            "--state",
            state.to_str().unwrap(),
        ])
    };
    let out = solve();
    assert!(out.contains("   6  +28"), "{out}");
    assert!(out.contains("value: +28 for South"), "{out}");
    // The state is saved, and a second run resumes from it.
    let again = solve();
    assert!(again.contains("resumed"), "{again}");
    assert!(again.contains("value: +28 for South"), "{again}");
    std::fs::remove_file(&state).unwrap();
    let out = run(&["solve", "--position", HAND, "--minutes", "-1"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn solve_match_gives_every_round_start_and_resumes() {
    // holes=3,counters=2: the values the whole-match brute force gives (ai/tests/match_brute.rs).
    let state = temp("match").with_extension("state");
    let svg = state.with_extension("svg");
    let values = state.with_extension("values");
    let args = [
        "solve",
        "--match",
        "--rules",
        "canonical/holes=3,counters=2",
        "--state",
        state.to_str().unwrap(),
        "--svg",
        svg.to_str().unwrap(),
        "--values",
        values.to_str().unwrap(),
    ];
    let out = ok(&args);
    assert!(
        out.contains("2:N1 3:N2 4:D 5:N3 6:S1 7:D 8:S4 9:S1 10:S1"),
        "{out}"
    );
    assert!(
        out.contains("2:N1 3:N1 4:N4 5:D 6:N1 7:S3 8:D 9:S2 10:S1"),
        "{out}"
    );
    assert!(
        out.contains("the match from the start (South holds 6 and leads): South wins in 1 round"),
        "{out}"
    );
    assert!(out.contains("exact at 18 of 18 round starts"), "{out}");
    assert!(out.contains("iteration 5:"), "{out}");
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(
        picture.contains("South holds 4, South leads: draw"),
        "{picture}"
    );
    // The values as the program ships them, read back by the library.
    let text = std::fs::read_to_string(&values).unwrap();
    let read: rajapasu_ai::match_solver::values::MatchValues = text.parse().unwrap();
    let four = rajapasu_engine::RoundStart::new(*read.rules(), 4, rajapasu_engine::Side::South);
    assert_eq!(read.value(four.unwrap()).unwrap().to_string(), "draw");
    assert!(
        text.contains("\nS 2:N1 3:N2 4:D 5:N3 6:S1 7:D 8:S4 9:S1 10:S1\n"),
        "{text}"
    );
    std::fs::remove_file(&values).unwrap();
    // The state holds the finished fixpoint: a second run resumes from it with the same table.
    let again = ok(&args);
    assert!(again.contains("resuming from"), "{again}");
    assert!(again.contains("4:D 5:N3 6:S1"), "{again}");
    // What the saved state proves, shown without solving; a state whose proven fixpoint is not
    // finished proves nothing of every round start.
    let shown = ok(&[
        "solve",
        "--match",
        "--rules",
        "canonical/holes=3,counters=2",
        "--state",
        state.to_str().unwrap(),
        "--from-state",
    ]);
    assert!(
        shown.contains("2:N1 3:N2 4:D 5:N3 6:S1 7:D 8:S4 9:S1 10:S1"),
        "{shown}"
    );
    assert!(
        !shown.contains("round game"),
        "nothing is solved again: {shown}"
    );
    // Met with another proof of the same values (here its own), the table stays; a values file
    // of other rules is refused.
    let own = state.with_extension("own-values");
    let from = |extra: &[&str]| {
        let mut a = vec![
            "solve",
            "--match",
            "--rules",
            "canonical/holes=3,counters=2",
            "--state",
            state.to_str().unwrap(),
            "--from-state",
        ];
        a.extend_from_slice(extra);
        run(&a)
    };
    assert!(from(&["--values", own.to_str().unwrap()]).status.success());
    let met = from(&["--meet", own.to_str().unwrap()]);
    let met_text = String::from_utf8_lossy(&met.stdout);
    assert!(
        met_text.contains("2:N1 3:N2 4:D 5:N3 6:S1 7:D 8:S4 9:S1 10:S1"),
        "{met_text}"
    );
    let other = std::fs::read_to_string(&own)
        .unwrap()
        .replace("holes=3,counters=2", "holes=3");
    std::fs::write(&own, other).unwrap();
    let refused = from(&["--meet", own.to_str().unwrap()]);
    assert_eq!(refused.status.code(), Some(2));
    std::fs::remove_file(&own).unwrap();
    let saved = std::fs::read_to_string(&state).unwrap();
    let unfinished = state.with_extension("unfinished");
    std::fs::write(
        &unfinished,
        saved.replace("\"proven_done\":true", "\"proven_done\":false"),
    )
    .unwrap();
    let early = run(&[
        "solve",
        "--match",
        "--rules",
        "canonical/holes=3,counters=2",
        "--state",
        unfinished.to_str().unwrap(),
        "--from-state",
    ]);
    assert_eq!(early.status.code(), Some(2));
    let err = String::from_utf8_lossy(&early.stderr);
    assert!(
        err.contains("has not finished its proven fixpoint"),
        "{err}"
    );
    std::fs::remove_file(&unfinished).unwrap();
    // A state of other rules, or not a state, is refused with the reason.
    let other = run(&["solve", "--match", "--state", state.to_str().unwrap()]);
    assert_eq!(other.status.code(), Some(2));
    let err = String::from_utf8_lossy(&other.stderr);
    assert!(err.contains("saved for other rules"), "{err}");
    std::fs::write(&state, "{").unwrap();
    let broken = run(&["solve", "--match", "--state", state.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&broken.stderr);
    assert!(err.contains("is not a state of `solve --match`"), "{err}");
    let mixed = run(&["solve", "--match", "--position", HAND]);
    assert_eq!(mixed.status.code(), Some(2));
    std::fs::remove_file(&state).unwrap();
    std::fs::remove_file(&svg).unwrap();
}

#[test]
fn a_small_table_is_built_probed_verified_and_described() {
    let root = temp("table");
    let dir = root.to_str().unwrap();
    let rules = "canonical/holes=4";
    // `rajapasu --tablebase DIR tablebase --rules RULES ARGS...`
    let table_args = |args: &[&'static str]| {
        let mut v = vec!["--tablebase", dir, "tablebase", "--rules", rules];
        v.extend_from_slice(args);
        v
    };
    let table = |args: &[&'static str]| ok(&table_args(args));
    let built = table(&["build"]);
    assert!(built.contains("estimated time"), "{built}");
    assert!(built.contains("built "), "{built}");
    // A second build finds every layer done.
    let again = table(&["build"]);
    assert!(again.contains("built 0 positions"), "{again}");
    // A probe lists the value of the position and of each legal move, and a best line.
    let probe = table(&["probe", "0,0,1,0/0,0,0,1 S 27 27"]);
    assert!(probe.contains("South to move"), "{probe}");
    assert!(probe.contains("best line"), "{probe}");
    let verify = table(&["verify", "--sample", "30"]);
    assert!(verify.contains("0 mismatches"), "{verify}");
    assert!(verify.contains("0 disagree"), "{verify}");
    assert!(verify.contains("the table is sound"), "{verify}");
    assert!(verify.contains("complete check: "), "{verify}");
    assert!(verify.contains(" 0 failures"), "{verify}");
    let stats = table(&["stats"]);
    assert!(stats.contains("total   "), "{stats}");
    // Analysis and the protocol use the table: the position is proven at once.
    let analyze = ok(&[
        "--tablebase",
        dir,
        "analyze",
        "--rules",
        "canonical/holes=4,mode=round",
        "--position",
        "0,0,1,0/0,0,0,1 S 27 27",
    ]);
    assert!(analyze.contains("(solved)"), "{analyze}");
    // Bad input: a position outside the table, rules without a table, too many counters.
    let out = run(&table_args(&["probe", "4,0,0,0/0,0,0,1 S 25 26"]));
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not in the table"));
    let out = run(&[
        "--tablebase",
        dir,
        "tablebase",
        "--rules",
        "stoneshark",
        "build",
    ]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("final-four=exempt"));
    let out = run(&["--tablebase", dir, "tablebase", "build", "--counters", "43"]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("at most 42"));
    // A table without its ranks cannot be checked completely, and says so.
    let ranks = root.join("canonical_holes-4").join("open-05.rprk");
    std::fs::remove_file(&ranks).unwrap();
    let out = run(&table_args(&["verify", "--sample", "0"]));
    assert_ne!(out.status.code(), Some(0));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("complete check impossible: no ranks"), "{err}");
    assert!(err.contains("open-05.rprk"), "{err}");
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn tournament_reports_opening_pairs_that_add_up_from_the_records() {
    let dir = temp("pairs");
    let records = dir.join("records");
    let args = [
        "tournament",
        "--player",
        "greedy",
        "--player",
        "random",
        "--openings",
        "3",
        "--single-round",
        "--seed",
        "4",
        "--records",
        records.to_str().unwrap(),
    ];
    let text = ok(&args);
    assert!(text.contains("opening pairs:"), "{text}");
    let mut json_args = args.to_vec();
    json_args.push("--json");
    let v: serde_json::Value = serde_json::from_str(&ok(&json_args)).unwrap();
    let pairs = &v["table"]["opening_pairs"][0];
    assert_eq!(pairs["player"], "greedy");
    assert_eq!(pairs["pairs"], 3);
    let sum = ["ahead", "level", "behind"]
        .iter()
        .map(|k| pairs[k].as_u64().unwrap())
        .sum::<u64>();
    assert_eq!(sum, 3);
    // Games come in pairs, the opening's first game with greedy as South, the second with
    // greedy as North; each record's last line is the final position, captures at the end.
    let mut counters = 0i64;
    for k in 1..=6 {
        let record = std::fs::read_to_string(records.join(format!("game-{k:04}.txt"))).unwrap();
        let state = ok(&[
            "replay",
            records.join(format!("game-{k:04}.txt")).to_str().unwrap(),
        ]);
        let code = state
            .lines()
            .last()
            .unwrap()
            .trim_start_matches("Position: ");
        let fields: Vec<i64> = code
            .split_whitespace()
            .skip(2)
            .map(|f| f.parse().unwrap())
            .collect();
        let south_minus_north = fields[0] - fields[1];
        let greedy = if k % 2 == 1 {
            "[South \"greedy\"]"
        } else {
            "[North \"greedy\"]"
        };
        assert!(record.contains(greedy), "{record}");
        counters += if k % 2 == 1 {
            south_minus_north
        } else {
            -south_minus_north
        };
    }
    assert_eq!(pairs["counters"].as_i64().unwrap(), counters);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn tablebase_build_takes_dir_for_the_table_directory() {
    let dir = temp("dir-alias");
    ok(&[
        "tablebase",
        "build",
        "--counters",
        "3",
        "--dir",
        dir.to_str().unwrap(),
    ]);
    assert!(
        dir.join("canonical").is_dir(),
        "no table under {}",
        dir.display()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `book build` proves the first moves with a small table, and what it writes agrees with the
/// book shipped in the program; without a table it refuses, naming what to do.
#[test]
fn book_build_agrees_with_the_shipped_book() {
    use rajapasu_ai::book::Book;
    let root = temp("book");
    let dir = root.to_str().unwrap();
    let out_file = root.join("two.rpbook");
    let out = out_file.to_str().unwrap();
    let refused = run(&["--tablebase", dir, "book", "build", "--out", out]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("no endgame table"));
    assert!(!out_file.exists());
    let bad = run(&["book", "build", "--moves", "0"]);
    assert!(String::from_utf8_lossy(&bad.stderr).contains("--moves must be between 1 and 10"));

    ok(&["--tablebase", dir, "tablebase", "build", "--counters", "8"]);
    let built = ok(&[
        "--tablebase",
        dir,
        "book",
        "build",
        "--moves",
        "2",
        "--out",
        out,
    ]);
    assert!(
        built.contains("42 positions in the first 2 moves"),
        "{built}"
    );
    assert!(built.contains("(1072 bytes)"), "{built}");
    let book = Book::parse(&std::fs::read(&out_file).unwrap()).unwrap();
    assert_eq!(book.plies(), 2);
    assert_eq!(book.entries().len(), 42);
    let shipped = Book::embedded();
    for e in book.entries() {
        let same = shipped.entries().iter().find(|s| s.key == e.key);
        assert_eq!(same, Some(e));
    }
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn a_build_refuses_while_another_program_builds_and_says_how_to_get_the_table() {
    use rajapasu_tablebase::lock::{BuildLock, Lock};
    let root = temp("locked");
    let dir = root.join("canonical");
    let Lock::Held(lock) = BuildLock::try_take(&dir).unwrap() else {
        panic!("the lock is free")
    };
    let r = root.to_str().unwrap();
    let out = run(&["--tablebase", r, "tablebase", "build", "--counters", "4"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    let pid = std::process::id();
    assert!(
        err.contains(&format!(
            "another rajapasu (pid {pid}) is building the table in"
        )),
        "{err}"
    );
    drop(lock);
    // A single round outside the opening book, with the table not whole: one note on standard
    // error names the way to build it.
    let out = run(&[
        "--tablebase",
        r,
        "analyze",
        "--single-round",
        "--position",
        HAND,
        "--movetime",
        "100",
    ]);
    assert!(out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("rajapasu tablebase build"), "{err}");
    assert!(err.contains("--build-tablebase"), "{err}");
    // The start is the book's: no note.
    let out = run(&[
        "--tablebase",
        r,
        "analyze",
        "--single-round",
        "--movetime",
        "100",
    ]);
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
    let _ = std::fs::remove_dir_all(&root);
}

/// A reader that goes away at once (`rajapasu solve --match ... | head -1`) neither stops the
/// solve nor makes it panic: it still writes its picture and ends well.
#[test]
fn solve_match_finishes_its_files_when_its_reader_has_gone() {
    let svg = std::env::temp_dir().join(format!("rajapasu-pipe-{}.svg", std::process::id()));
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_rajapasu"))
        .args(["--tablebase", "/nonexistent", "solve", "--match"])
        .args(["--rules", "canonical/holes=3,counters=2", "--svg"])
        .arg(&svg)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    assert!(std::fs::read_to_string(&svg).unwrap().starts_with("<svg"));
    std::fs::remove_file(&svg).unwrap();
}

/// `solve --match --exact-rounds` searches the round tests that repetitions decide: on the
/// smallest board where the proven and the possible fixpoints disagree (2 x 4, five counters a
/// hole, `fours=sower`), the two round starts they leave between bounds come out exact
/// (docs/SOLVING.md 7.10, where the brute force confirms them).
#[test]
fn solve_match_exact_rounds_settles_what_repetitions_decide() {
    let rules = "canonical/holes=4,counters=5,fours=sower";
    let bounded = ok(&["solve", "--match", "--rules", rules]);
    assert!(
        bounded.contains("exact at 60 of 62 round starts"),
        "{bounded}"
    );
    assert!(bounded.contains("20:N4..D"), "{bounded}");
    let exact = ok(&["solve", "--match", "--rules", rules, "--exact-rounds"]);
    assert!(exact.contains("exact at 62 of 62 round starts"), "{exact}");
    assert!(
        exact.contains("the match from the start (South holds 20 and leads): draw"),
        "{exact}"
    );
    assert!(
        exact.contains("searched with its history: can South force the round from 20 North"),
        "{exact}"
    );
    // Nothing is solved with --from-state, so there is nothing to search.
    let refused = run(&[
        "solve",
        "--match",
        "--state",
        "x.state",
        "--from-state",
        "--exact-rounds",
    ]);
    assert_eq!(refused.status.code(), Some(2));
}
