//! `rajapasu play`: a scripted game through the line mode, and the full-screen game driven in
//! tmux.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_rajapasu");

/// A fresh directory of its own under Cargo's test directory.
fn scratch(name: &str) -> PathBuf {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!(
        "play-{name}-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `rajapasu play ARGS` in `dir` with `input` on stdin; returns stdout.
fn play_lines(dir: &Path, args: &[&str], input: &str) -> String {
    let mut child = Command::new(BIN)
        .arg("play")
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

fn positions(stdout: &str) -> Vec<&str> {
    stdout
        .lines()
        .filter_map(|l| l.strip_prefix("Position: "))
        .collect()
}

#[test]
fn scripted_two_player_game() {
    let dir = scratch("lines");
    let out = play_lines(
        &dir,
        &["--two-players", "--save", "game.txt"],
        "1\n7\nundo\n9\nfoo\nhelp\n7\nsave copy.txt\nquit\n",
    );
    assert_eq!(
        positions(&out),
        vec![
            "7,7,7,7,7,7,7/7,7,7,7,7,7,7 S 0 0",
            "3,1,0,0,0,14,0/14,2,14,14,1,14,2 N 15 4",
            "0,2,0,0,0,14,0/14,2,14,14,1,14,0 S 19 4",
            "3,1,0,0,0,14,0/14,2,14,14,1,14,2 N 15 4",
            "0,2,0,0,0,14,0/14,2,14,14,1,14,0 S 19 4",
        ]
    );
    assert!(out.contains("South plays 1.\n  South lifts 7 from S1, sows S2 S3 S4 S5 S6 S7 N1.\n"));
    assert!(out.contains(
        "North plays 7.\n  North lifts 2 from N7, sows S1 S2; S1 makes four, taken by South.\n"
    ));
    assert!(out.contains("Took back 1 move(s)."));
    assert!(out.contains("error: illegal move 9: holes are numbered 1 to 7"));
    assert!(out.contains("error: `foo` is neither a hole number nor a command"));
    assert!(out.contains("hint (h)"));
    assert!(out.contains("Game saved to copy.txt"));
    assert!(out.trim_end().ends_with("Game saved to game.txt"));
    for file in ["game.txt", "copy.txt"] {
        let text = std::fs::read_to_string(dir.join(file)).unwrap();
        assert!(text.contains("[Rules \"canonical\"]"), "{text}");
        assert!(text.contains("1. 1 7"), "{text}");
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn scripted_game_against_the_computer_and_load() {
    let dir = scratch("computer");
    let out = play_lines(
        &dir,
        &[
            "--level",
            "1",
            "--seed",
            "7",
            "--single-round",
            "--save",
            "g.txt",
        ],
        "1\nhint\n",
    );
    assert!(out.contains("South plays 1."));
    assert!(out.contains("North (computer) plays "), "{out}");
    assert!(out.contains("Hint for South: play "), "{out}");
    // The end of the input saves the game: two moves, South's 1 and the computer's reply.
    let text = std::fs::read_to_string(dir.join("g.txt")).unwrap();
    assert!(text.contains("[Rules \"canonical/mode=round\"]"), "{text}");
    assert!(text.contains("[North \"Computer (level 1)\"]"), "{text}");
    assert!(text.contains("1. 1 "), "{text}");
    let after_reply = *positions(&out).last().unwrap();

    // Going on with the saved game: the loaded position, then undo takes back the
    // computer's reply and South's move.
    let out = play_lines(&dir, &["--load", "g.txt", "--level", "1"], "undo\nquit\n");
    let seen = positions(&out);
    assert_eq!(seen[0], after_reply);
    assert_eq!(seen[1], "7,7,7,7,7,7,7/7,7,7,7,7,7,7 S 0 0");
    assert!(out.contains("Took back 2 move(s)."));
    assert!(out.contains("Game saved to g.txt"));
    std::fs::remove_dir_all(dir).unwrap();
}

/// A tmux server of the test's own, killed when dropped.
struct Tmux {
    socket: String,
}

impl Tmux {
    fn start(dir: &Path, command: &str) -> Option<Tmux> {
        if Command::new("tmux").arg("-V").output().is_err() {
            eprintln!("tmux is not installed: skipping the terminal test");
            return None;
        }
        let socket = format!(
            "rajapasu-test-{}-{}",
            std::process::id(),
            dir.file_name().unwrap().to_string_lossy()
        );
        let ok = Command::new("tmux")
            .args(["-L", &socket, "-f", "/dev/null", "new-session", "-d"])
            .args(["-x", "80", "-y", "24", "-s", "play"])
            .arg(command)
            .current_dir(dir)
            .env("TERM", "xterm-256color")
            .status()
            .unwrap()
            .success();
        assert!(ok, "tmux new-session failed");
        Some(Tmux { socket })
    }

    fn screen(&self) -> String {
        let out = Command::new("tmux")
            .args(["-L", &self.socket, "capture-pane", "-p", "-t", "play"])
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    fn keys(&self, keys: &[&str]) {
        Command::new("tmux")
            .args(["-L", &self.socket, "send-keys", "-t", "play"])
            .args(keys)
            .status()
            .unwrap();
    }

    /// Waits until the screen shows `text`; panics with the screen after 30 seconds.
    fn wait_for(&self, text: &str) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if screen.contains(text) {
                return screen;
            }
            if start.elapsed() > Duration::from_secs(30) {
                panic!("the screen never showed {text:?}:\n{screen}");
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .args(["-L", &self.socket, "kill-server"])
            .status();
    }
}

#[test]
fn full_screen_game_in_tmux() {
    let dir = scratch("tmux");
    let command =
        format!("{BIN} play --two-players --no-anim --save t.txt; echo EXIT=$?; sleep 60");
    let Some(tmux) = Tmux::start(&dir, &command) else {
        return;
    };
    let screen = tmux.wait_for("South to move");
    assert!(screen.contains(" North [  7 ] [  7 ] [  7 ] [  7 ] [  7 ] [  7 ] [  7 ] "));
    assert!(screen.contains(" South >  7 < [  7 ] [  7 ] [  7 ] [  7 ] [  7 ] [  7 ] "));
    // The first worked example: South sows S1.
    tmux.keys(&["1"]);
    let screen = tmux.wait_for("North to move");
    assert!(
        screen.contains(" North [  2 ] [ 14 ] [  1 ] [ 14 ] [ 14 ] [  2 ] > 14 < "),
        "{screen}"
    );
    assert!(screen.contains(" South [  3 ] [  1 ] [  0 ] [  0 ] [  0 ] [ 14 ] [  0 ] "));
    assert!(screen.contains(" South  captured 15 "));
    assert!(screen.contains("South played 1 (S1)."));
    assert!(screen.contains("South lifts 7 from S1, sows S2 S3 S4 S5 S6 S7 N1."));
    // North picks N7 with the arrow keys (its row runs right to left) and Enter.
    for _ in 0..6 {
        tmux.keys(&["Left"]);
    }
    let screen = tmux.wait_for(" North >  2 < [ 14 ] ");
    assert!(screen.contains("North to move"));
    tmux.keys(&["Enter"]);
    let screen = tmux.wait_for("North played 7 (N7).");
    assert!(screen.contains(" South  captured 19 "), "{screen}");
    // Help, then quit: the terminal comes back and the record is saved.
    tmux.keys(&["?"]);
    tmux.wait_for("Help (any key closes)");
    tmux.keys(&["Escape"]);
    tmux.keys(&["q"]);
    let screen = tmux.wait_for("EXIT=0");
    assert!(screen.contains("Game saved to t.txt"), "{screen}");
    assert!(!screen.contains("┌ Board"), "{screen}");
    let text = std::fs::read_to_string(dir.join("t.txt")).unwrap();
    assert!(text.contains("1. 1 7"), "{text}");
    drop(tmux);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn sigterm_restores_the_terminal_and_keeps_the_game() {
    let dir = scratch("tmux-term");
    let command = format!(
        "sh -c 'echo $$ > pid; exec {BIN} play --two-players --no-anim --save k.txt'; echo EXIT=$?; sleep 60"
    );
    let Some(tmux) = Tmux::start(&dir, &command) else {
        return;
    };
    tmux.wait_for("South to move");
    tmux.keys(&["1"]);
    tmux.wait_for("North to move");
    let pid = std::fs::read_to_string(dir.join("pid")).unwrap();
    let status = std::process::Command::new("kill")
        .args(["-TERM", pid.trim()])
        .status()
        .unwrap();
    assert!(status.success());
    let screen = tmux.wait_for("EXIT=");
    assert!(screen.contains("Game saved to k.txt"), "{screen}");
    assert!(!screen.contains("┌ Board"), "{screen}");
    let text = std::fs::read_to_string(dir.join("k.txt")).unwrap();
    assert!(text.contains("1. 1"), "{text}");
    drop(tmux);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn full_screen_game_against_the_computer_in_tmux() {
    let dir = scratch("tmux-computer");
    let command =
        format!("{BIN} play --level 1 --seed 3 --no-anim --save c.txt; echo EXIT=$?; sleep 60");
    let Some(tmux) = Tmux::start(&dir, &command) else {
        return;
    };
    tmux.wait_for("South to move: your turn");
    tmux.keys(&["1"]);
    let screen = tmux.wait_for("The computer (North) played ");
    assert!(screen.contains("You: South  Computer: North, level 1 (beginner)"));
    assert!(screen.contains("  1. S1    2. N"), "{screen}");
    tmux.keys(&["C-c"]);
    let screen = tmux.wait_for("EXIT=0");
    assert!(screen.contains("Game saved to c.txt"), "{screen}");
    let text = std::fs::read_to_string(dir.join("c.txt")).unwrap();
    assert!(text.contains("1. 1 "), "{text}");
    drop(tmux);
    std::fs::remove_dir_all(dir).unwrap();
}
