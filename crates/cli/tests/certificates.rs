//! Certificates from the command line: `certify` writes one (plain or gzip), `check` accepts
//! it, and refuses a broken one or none, naming the problem.

mod common;

use common::{fails, ok, run};
use std::path::PathBuf;

fn temp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("rajapasu-cert-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

const RULES: &str = "canonical/holes=3,counters=2";

#[test]
fn a_round_certificate_is_written_and_accepted() {
    let dir = temp("round");
    let empty = dir.join("no-table");
    for name in ["south.cert", "south.cert.gz"] {
        let file = dir.join(name);
        let file = file.to_str().unwrap();
        let args = [
            "--tablebase",
            empty.to_str().unwrap(),
            "certify",
            "--rules",
            RULES,
        ];
        let out = ok(&[
            &args[..],
            &["--prover", "S", "--margin", "10", "--out", file],
        ]
        .concat());
        assert!(out.contains("root value 10"), "{out}");
        let out = ok(&["check", file]);
        assert!(
            out.starts_with("accepted: South ends the round at least 10 counters ahead"),
            "{out}"
        );
    }
    // One counter more: the search finds no strategy, and no file is written.
    let file = dir.join("eleven.cert");
    let out = run(&[
        "--tablebase",
        empty.to_str().unwrap(),
        "certify",
        "--rules",
        RULES,
        "--prover",
        "S",
        "--margin",
        "11",
        "--out",
        file.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no strategy reaches a margin of 11"));
    assert!(!file.exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_match_certificate_is_written_and_accepted() {
    let dir = temp("match");
    let file = dir.join("b.cert");
    let file = file.to_str().unwrap();
    let out = ok(&[
        "certify",
        "--rules",
        "canonical/holes=3,counters=1",
        "--match",
        "4 S",
        "--out",
        file,
    ]);
    assert!(out.contains("a win within 1 round,"), "{out}");
    let out = ok(&["check", file]);
    assert!(
        out.starts_with("accepted: South wins the match within 1 round (rounds<=1)"),
        "{out}"
    );
    // A draw by decision 11: South does not lose.
    let out = ok(&[
        "certify",
        "--rules",
        "canonical/holes=3,counters=2",
        "--match",
        "4 S",
        "--no-loss",
        "S",
        "--out",
        file,
    ]);
    assert!(
        out.contains("South does not lose, 11 round sections"),
        "{out}"
    );
    let out = ok(&["check", file]);
    assert!(
        out.starts_with("accepted: South does not lose the match"),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_losers_hold_out_is_written_and_pairs_with_the_winners_certificate() {
    let dir = temp("hold-out");
    let (win, hold, state) = (dir.join("w.cert"), dir.join("h.cert"), dir.join("m.state"));
    let edited = dir.join("edited.cert");
    let (win, hold, state) = (
        win.to_str().unwrap(),
        hold.to_str().unwrap(),
        state.to_str().unwrap(),
    );
    // South holding 3 and leading on the 2 x 4 board: North wins in exactly 3 rounds.
    let rules = ["--rules", "canonical/holes=4,counters=1"];
    let out = ok(&[&["certify"], &rules[..], &["--match", "3 S", "--out", win]].concat());
    assert!(out.contains("a win within 3 rounds,"), "{out}");
    // The loser's side, from a saved state of the match solver's run.
    ok(&[&["solve", "--match"], &rules[..], &["--state", state]].concat());
    let out = ok(&[
        &["certify"],
        &rules[..],
        &["--match", "3 S", "--loser", "--state", state, "--out", hold],
    ]
    .concat());
    assert!(out.contains("match values: the state"), "{out}");
    assert!(
        out.contains("South holds out: North does not win in fewer than 3 rounds"),
        "{out}"
    );
    let out = ok(&["check", hold]);
    assert!(
        out.starts_with(
            "accepted: South holds out: the other player does not win the match in fewer than \
             3 rounds (rounds>=3)"
        ),
        "{out}"
    );
    let out = ok(&["check", "--exact", win, hold]);
    assert!(
        out.contains("exact: North wins the match in exactly 3 rounds"),
        "{out}"
    );
    // Edited to claim one round more, the hold-out is refused, naming the round start.
    let text = std::fs::read_to_string(hold).unwrap();
    std::fs::write(&edited, text.replace("claim rounds>=3", "claim rounds>=4")).unwrap();
    fails(
        &["check", edited.to_str().unwrap()],
        "the round start where South holds 3 and South leads must hold out 4 rounds (the \
         claim), but its section has rank 3",
    );
    // In the wrong order, or one file only, they prove no exact count.
    fails(
        &["check", "--exact", hold, win],
        "the first certificate must be a winner's",
    );
    fails(&["check", "--exact", win], "--exact takes two certificates");
    fails(
        &["check", win, hold],
        "give one certificate, or two with --exact",
    );
    // A draw has no loser to hold out.
    fails(
        &[
            "certify",
            "--rules",
            "canonical/holes=3,counters=2",
            "--match",
            "4 S",
            "--loser",
            "--out",
            win,
        ],
        "no loser to hold out",
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn check_refuses_a_broken_certificate_or_none() {
    let dir = temp("broken");
    let file = dir.join("broken.cert");
    std::fs::write(
        &file,
        "rajapasu-certificate 1\nrules canonical/holes=2,counters=1,mode=round\n\
         root 1,1/1,1 S 0 0\nprover S\nclaim margin>=3\nnodes 4\n0 P 2 1 1\n1 O 2 2\n\
         2 P 2 2 3\n3 D 2\nend\n",
    )
    .unwrap();
    fails(&["check", file.to_str().unwrap()], "rejected: ");
    fails(&["check", file.to_str().unwrap()], "below the claim 3");
    fails(
        &["check", dir.join("none.cert").to_str().unwrap()],
        "cannot read",
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_principal_match_is_printed_round_by_round() {
    let dir = temp("principal");
    let empty = dir.join("no-table");
    let out = ok(&[
        "--tablebase",
        empty.to_str().unwrap(),
        "certify",
        "--rules",
        RULES,
        "--match",
        "6 S",
        "--principal",
    ]);
    assert!(
        out.contains("principal match from South holding 6 and South leading"),
        "{out}"
    );
    // As many rounds as the table's value, each a row, the last winning the match.
    let value = out
        .lines()
        .find_map(|l| l.strip_prefix("from this round start: "))
        .expect("the value");
    let (winner, rest) = value.split_once(" wins in ").expect("a win");
    let rounds: usize = rest.split(' ').next().unwrap().parse().unwrap();
    let summary = format!("{winner} wins in {rounds} round");
    assert!(
        out.lines()
            .any(|l| l.starts_with(&summary) && l.contains("inside the certificate's sections")),
        "{out}"
    );
    let rows = out
        .lines()
        .skip_while(|l| !l.starts_with("round  South"))
        .skip(1)
        .take_while(|l| l.trim_start().starts_with(char::is_numeric))
        .count();
    assert_eq!(rows, rounds, "{out}");
    assert!(out.contains(&format!("{winner} wins the match")), "{out}");
    // No certificate file is asked for, and none is needed.
    assert!(!out.contains("bytes of text"), "{out}");
}
