//! `rajapasu play --rules mandiri`: the three-player game in the terminal, driven in tmux, and
//! its command-line errors.

use std::path::PathBuf;
use std::process::Command;

mod common;
use common::tmux::{play_then_exit, Tmux};

const BIN: &str = env!("CARGO_BIN_EXE_rajapasu");

/// A fresh directory of its own under Cargo's test directory.
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("play-mandiri-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

const YOUR_TURN: &str = "Seat C (player 1) to move: your turn";

#[test]
fn three_seats_in_tmux_with_two_computers() {
    for (width, height) in [(80, 24), (120, 36)] {
        let dir = scratch(&format!("{width}"));
        let command = play_then_exit(
            "play --rules mandiri/mode=round --computer R:1 --computer L:1 --seed 3 --no-anim \
             --save m.txt",
        );
        let Some(tmux) = Tmux::start_sized(&dir, &command, width, height) else {
            return;
        };
        // Every condition in one wait: a capture may come in the middle of a redraw.
        let first_screen = [
            YOUR_TURN,
            " Far   [L  7] [L  7] [C  7] [C  7] [C  7] [R  7] [R  7] ",
            " Near  [L  7] [L  7] [C  7] [C  7] >C  7< [R  7] [R  7] ",
            ">C Raja 1/3 player 1 you ",
            " R          player 2 computer 1 ",
        ];
        tmux.wait_until("the start, seats marked", |s| {
            first_screen.iter().all(|part| s.contains(part))
        });
        // S5 by name: the board changes, and both computers answer by themselves.
        tmux.keys(&["s"]);
        tmux.wait_for("S_: the hole's number");
        tmux.keys(&["5"]);
        tmux.wait_until("both computers' moves and your turn", |s| {
            s.contains("  3 L:")
                && s.contains(YOUR_TURN)
                && s.contains("  1 C:S5   2 R:")
                && s.contains("The computer (player 3, seat L) played ")
                && !s.contains("[C  7] [C  7] [C  7]")
        });
        // A hole of another seat is refused with a message.
        tmux.keys(&["s", "1"]);
        tmux.wait_for("S1 is seat L's hole: seat C plays ");
        // The cursor and Enter play the fourth move.
        tmux.keys(&["Right", "Enter"]);
        tmux.wait_until("the fourth move", |s| s.contains("  4 C:"));
        tmux.keys(&["q"]);
        let record = tmux.saved(&dir, "m.txt");
        assert!(
            record.contains("[Rules \"mandiri/mode=round\"]"),
            "{record}"
        );
        assert!(
            record.contains("[Player2 \"Computer (level 1)\"]"),
            "{record}"
        );
        assert!(record.contains("{Round 1} S5 "), "{record}");
        let moves = record
            .lines()
            .find(|l| l.starts_with("{Round 1}"))
            .unwrap()
            .split_whitespace()
            .count()
            - 2;
        assert!(moves >= 4, "{record}");
        drop(tmux);
        // The saved game goes on between the same players.
        let command = play_then_exit("play --load m.txt --no-anim");
        let Some(tmux) = Tmux::start_sized(&dir, &command, width, height) else {
            return;
        };
        // Both conditions in one wait: a capture may come in the middle of a redraw.
        tmux.wait_until("the loaded moves and the computers", |s| {
            s.contains("  4 C:") && s.contains("L          player 3 computer 1 ")
        });
        tmux.keys(&["q"]);
        tmux.wait_for("EXIT=0");
        drop(tmux);
        std::fs::remove_dir_all(dir).unwrap();
    }
}

#[test]
fn a_bad_computer_seat_or_level_is_a_clear_error() {
    for (args, says) in [
        (
            ["--rules", "mandiri", "--computer", "X:3"].as_slice(),
            "`X` is not a seat (expected C, R or L)",
        ),
        (
            &["--rules", "mandiri", "--computer", "R:9"],
            "--computer `R:9`: ",
        ),
        (
            &["--rules", "mandiri", "--computer", "R"],
            "no `:` between the seat and the level",
        ),
        (
            &["--rules", "mandiri", "--lines"],
            "line mode plays the two-player game only",
        ),
        (
            &["--computer", "R:3"],
            "--computer SEAT:LEVEL is for the three-player game",
        ),
    ] {
        let out = Command::new(BIN).arg("play").args(args).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.starts_with("error: "), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}
