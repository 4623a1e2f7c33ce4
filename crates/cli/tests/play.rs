//! `rajapasu play`: a scripted game through the line mode, and the full-screen game driven in
//! tmux.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

mod common;
use common::tmux::{play_then_exit, Tmux};

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

/// Starts `rajapasu play ARGS` in `dir` with its standard streams piped.
fn spawn_play(dir: &Path, args: &[&str]) -> std::process::Child {
    Command::new(BIN)
        .arg("play")
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Runs `rajapasu play ARGS` in `dir` with `input` on stdin; returns stdout.
fn play_lines(dir: &Path, args: &[&str], input: &str) -> String {
    let mut child = spawn_play(dir, args);
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
    assert!(out.contains("Took back 1 move."));
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
    assert!(out.contains("Hint for South: hole "), "{out}");
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
    assert!(out.contains("Took back 2 moves."));
    assert!(out.contains("Game saved to g.txt"));
    std::fs::remove_dir_all(dir).unwrap();
}

/// `rajapasu play --lines ARGS` running in `dir`, fed and read while it runs.
struct Running {
    child: std::process::Child,
    out: std::sync::Arc<std::sync::Mutex<String>>,
}

impl Running {
    fn start(dir: &Path, args: &[&str]) -> Running {
        let mut child = spawn_play(dir, &[&["--lines"], args].concat());
        let out = std::sync::Arc::new(std::sync::Mutex::new(String::new()));
        let mut stdout = child.stdout.take().unwrap();
        let shared = std::sync::Arc::clone(&out);
        std::thread::spawn(move || {
            let mut buf = [0; 4096];
            while let Ok(n @ 1..) = std::io::Read::read(&mut stdout, &mut buf) {
                shared
                    .lock()
                    .unwrap()
                    .push_str(&String::from_utf8_lossy(&buf[..n]));
            }
        });
        Running { child, out }
    }

    fn send(&mut self, bytes: &[u8]) {
        let stdin = self.child.stdin.as_mut().unwrap();
        stdin.write_all(bytes).unwrap();
        stdin.flush().unwrap();
    }

    fn output(&self) -> String {
        self.out.lock().unwrap().clone()
    }

    /// Waits (30 seconds at most) until `test` holds.
    fn until(&self, what: &str, test: impl Fn() -> bool) {
        let start = Instant::now();
        while !test() {
            assert!(
                start.elapsed() < Duration::from_secs(30),
                "never {what}:\n{}",
                self.output()
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    fn still_running(&mut self) -> bool {
        self.child.try_wait().unwrap().is_none()
    }

    /// Waits for the exit (30 seconds at most) and returns its code.
    fn exit_code(&mut self) -> Option<i32> {
        let start = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                // The output thread may still be copying the last lines.
                std::thread::sleep(Duration::from_millis(200));
                return status.code();
            }
            assert!(
                start.elapsed() < Duration::from_secs(30),
                "still running:\n{}",
                self.output()
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Running {
    /// Ends the game with `quit`, which must succeed.
    fn quit(mut self) {
        self.send(b"quit\n");
        assert_eq!(self.exit_code(), Some(0), "{}", self.output());
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn file_has(path: &Path, text: &str) -> bool {
    std::fs::read_to_string(path).is_ok_and(|t| t.contains(text))
}

#[test]
fn the_record_is_on_disk_after_every_move() {
    let dir = scratch("every-move");
    let record = dir.join("r.txt");
    let mut game = Running::start(&dir, &["--two-players", "--save", "r.txt"]);
    game.send(b"1\n");
    game.until("saved the first move", || file_has(&record, "1. 1"));
    game.send(b"7\n");
    game.until("saved the second move", || file_has(&record, "1. 1 7"));
    game.send(b"undo\n");
    game.until("saved the undo", || {
        file_has(&record, "1. 1") && !file_has(&record, "1. 1 7")
    });
    assert!(game.still_running(), "{}", game.output());
    assert!(!game.output().contains("Game saved"), "saved quietly");
    game.quit();
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn sigint_saves_the_game_and_exits() {
    let dir = scratch("sigint");
    let record = dir.join("s.txt");
    for (signal, code) in [("INT", 130), ("TERM", 143), ("HUP", 129)] {
        let _ = std::fs::remove_file(&record);
        let mut game = Running::start(&dir, &["--two-players", "--save", "s.txt"]);
        // The banner comes after the signals are watched for.
        game.until("printed the banner", || {
            game.output().contains("Raja Pasu, two players")
        });
        let pid = game.child.id().to_string();
        let sent = Command::new("kill")
            .args([&format!("-{signal}"), &pid])
            .status()
            .unwrap();
        assert!(sent.success());
        assert_eq!(game.exit_code(), Some(code), "{}", game.output());
        // With --save the record is written even before the first move, as on quit.
        let out = game.output();
        assert!(out.contains("Game saved to s.txt"), "SIG{signal}: {out}");
        assert!(file_has(&record, "[Rules \"canonical\"]"), "SIG{signal}");
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_line_that_is_not_text_is_an_error_not_the_end() {
    let dir = scratch("not-utf8");
    let mut input = b"1\n".to_vec();
    input.extend_from_slice(&[0xff, 0xfe, b'\n']);
    input.extend_from_slice(b"7\n");
    let mut game = Running::start(&dir, &["--two-players", "--save", "u.txt"]);
    game.send(&input);
    game.until("played after the bad line", || {
        game.output().contains("North plays 7.")
    });
    assert!(
        game.output().contains("error: the line is not valid text"),
        "{}",
        game.output()
    );
    assert!(file_has(&dir.join("u.txt"), "1. 1 7"));
    game.quit();
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn several_moves_on_a_line_and_a_long_bad_line() {
    let dir = scratch("several");
    let long = "x".repeat(5000);
    let script = format!("1 7\nundo\nundo\n1,7\n{long}\nundo\nundo\n1,9,3\nquit\n");
    let out = play_lines(&dir, &["--two-players"], &script);
    let after = "0,2,0,0,0,14,0/14,2,14,14,1,14,0 S 19 4";
    let seen = positions(&out);
    assert_eq!(seen.iter().filter(|p| **p == after).count(), 2, "{out}");
    assert!(out.lines().all(|l| l.len() < 200), "{out}");
    assert!(out.contains("error: `xxxxxxxx"), "{out}");
    // `1,9,3`: 1 is played, 9 is illegal, and 3 is not tried.
    assert!(out.contains("error: illegal move 9"), "{out}");
    assert!(!out.contains("plays 3."), "{out}");
    std::fs::remove_dir_all(dir).unwrap();
}

/// The two-player game in tmux.
impl Tmux {
    fn start(dir: &Path, command: &str) -> Option<Tmux> {
        Tmux::start_sized(dir, command, 80, 24)
    }

    /// A two-player game saving to `save`, its shell command followed by `after`, once South
    /// has played 1; and the game's process id.
    fn first_move(dir: &Path, save: &str, after: &str) -> Option<(Tmux, String)> {
        let command = format!(
            "sh -c 'echo $$ > pid; exec {BIN} play --two-players --no-anim --save {save}'{after}"
        );
        let tmux = Tmux::start(dir, &command)?;
        tmux.wait_for("South to move");
        tmux.keys(&["1"]);
        tmux.wait_for("North to move");
        let pid = std::fs::read_to_string(dir.join("pid")).unwrap();
        Some((tmux, pid))
    }
}

#[test]
fn full_screen_game_in_tmux() {
    let dir = scratch("tmux");
    let command = play_then_exit("play --two-players --no-anim --save t.txt");
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
    // `q` in the help would only close it: Escape first, and q once the help is gone
    // (sent at once, the two would arrive as Alt-q).
    tmux.keys(&["Escape"]);
    tmux.wait_for_gone("Help (any key closes)");
    tmux.keys(&["q"]);
    let text = tmux.saved(&dir, "t.txt");
    assert!(text.contains("1. 1 7"), "{text}");
    drop(tmux);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn sigterm_restores_the_terminal_and_keeps_the_game() {
    let dir = scratch("tmux-term");
    let Some((tmux, pid)) = Tmux::first_move(&dir, "k.txt", "; echo EXIT=$?; sleep 60") else {
        return;
    };
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

/// Whether process `pid` has ended (a zombie waiting for its parent counts as ended).
fn process_gone(pid: &str) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(stat) => stat
            .rsplit(')')
            .next()
            .is_some_and(|rest| rest.trim_start().starts_with(['Z', 'X'])),
        Err(_) => true,
    }
}

#[test]
fn the_game_ends_when_its_terminal_goes_away() {
    let dir = scratch("tmux-hangup");
    let Some((tmux, pid)) = Tmux::first_move(&dir, "h.txt", "") else {
        return;
    };
    let pid = pid.trim();
    assert!(!process_gone(pid));
    // The terminal goes away: tmux and its pane are gone.
    drop(tmux);
    // It should take well under a second; the margin is for a busy machine.
    let start = Instant::now();
    while !process_gone(pid) {
        if start.elapsed() > Duration::from_secs(60) {
            let _ = Command::new("kill").args(["-KILL", pid]).status();
            panic!("the game outlived its terminal");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let text = std::fs::read_to_string(dir.join("h.txt")).unwrap();
    assert!(text.contains("1. 1"), "{text}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn full_screen_game_against_the_computer_in_tmux() {
    let dir = scratch("tmux-computer");
    let command = play_then_exit("play --level 1 --seed 3 --no-anim --save c.txt");
    let Some(tmux) = Tmux::start(&dir, &command) else {
        return;
    };
    tmux.wait_for("South to move: your turn");
    tmux.keys(&["1"]);
    let screen = tmux.wait_for("The computer (North) played ");
    assert!(screen.contains("You: South  Computer: North, level 1 (beginner)"));
    assert!(screen.contains("  1. S1    2. N"), "{screen}");
    tmux.keys(&["C-c"]);
    let text = tmux.saved(&dir, "c.txt");
    assert!(text.contains("1. 1 "), "{text}");
    drop(tmux);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_line_mode_prompts_in_a_terminal_only() {
    let dir = scratch("tmux-prompt");
    let command = play_then_exit("play --lines --two-players --save p.txt");
    let Some(tmux) = Tmux::start(&dir, &command) else {
        return;
    };
    // capture-pane drops the space at the end of the line.
    tmux.wait_for("South>");
    tmux.keys(&["1", "Enter"]);
    tmux.wait_for("North>");
    tmux.keys(&["quit", "Enter"]);
    tmux.saved(&dir, "p.txt");
    drop(tmux);
    // Piped, the same game prints no prompt.
    let out = play_lines(&dir, &["--two-players"], "1\nquit\n");
    assert!(!out.contains("> "), "{out}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn small_terminals_in_tmux() {
    let dir = scratch("tmux-small");
    let command = format!("{BIN} play --level 1 --seed 3 --no-anim --save s.txt; sleep 60");
    let Some(tmux) = Tmux::start_sized(&dir, &command, 30, 8) else {
        return;
    };
    let screen = tmux.wait_for("this terminal is 30x8");
    assert!(screen.contains("needs at least"), "{screen}");
    // Made larger, the game is drawn, without a word cut. Waiting for its last line too: the
    // screen may be caught in the middle of the redraw, the keys' line only begun.
    tmux.resize(60, 20);
    let screen = tmux.wait_until("the whole game, its keys' line last", |s| {
        s.contains("South to move: your turn") && s.contains("h hint  e explain")
    });
    let lines: Vec<&str> = screen.lines().collect();
    assert!(
        lines[0]
            .trim_end()
            .ends_with("You: South  Computer: level 1"),
        "{screen}"
    );
    assert!(screen.contains("│Rd  South North Won │"), "{screen}");
    assert!(
        lines[19].trim_end().ends_with("h hint  e explain"),
        "{screen}"
    );
    tmux.keys(&["?"]);
    // The last line of the narrow help: the popup is whole, 56 columns wide.
    let screen = tmux.wait_for("x: a closed hole. North's row runs N7..N1.");
    assert!(screen.contains("Help (any key closes)"), "{screen}");
    drop(tmux);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_record_that_cannot_be_written_is_an_error_at_the_start() {
    let dir = scratch("unwritable");
    let mut child = spawn_play(&dir, &["--two-players", "--save", "no/such/dir/game.txt"]);
    drop(child.stdin.take());
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("error: cannot write the game record to no/such/dir/game.txt"),
        "{err}"
    );
    assert!(out.stdout.is_empty());
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn load_goes_on_between_the_same_players() {
    let dir = scratch("load-players");
    let out = play_lines(
        &dir,
        &[
            "--level", "1", "--side", "north", "--seed", "3", "--save", "g.txt",
        ],
        "quit\n",
    );
    assert!(
        out.starts_with("Raja Pasu, North against the computer (South, level 1)."),
        "{out}"
    );
    let record = std::fs::read_to_string(dir.join("g.txt")).unwrap();
    assert!(
        record.contains("[South \"Computer (level 1)\"]"),
        "{record}"
    );
    assert!(record.contains("[North \"Player\"]"), "{record}");
    // North before any move of theirs: undo does not take back the computer's opening.
    let out = play_lines(&dir, &["--load", "g.txt"], "undo\nquit\n");
    assert!(
        out.starts_with("Raja Pasu, North against the computer (South, level 1)."),
        "{out}"
    );
    assert!(
        out.contains("error: No move of yours to take back"),
        "{out}"
    );
    // The command line still decides when it says something.
    let out = play_lines(&dir, &["--load", "g.txt", "--two-players"], "quit\n");
    assert!(out.starts_with("Raja Pasu, two players."), "{out}");
    let out = play_lines(&dir, &["--load", "g.txt"], "quit\n");
    assert!(out.starts_with("Raja Pasu, two players."), "{out}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_record_that_can_no_longer_be_written_fails_the_exit_status() {
    let dir = scratch("vanished");
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    let mut game = Running::start(&dir, &["--two-players", "--save", "sub/g.txt"]);
    game.until("started", || game.output().contains("Position: "));
    // The folder goes away during the game.
    std::fs::remove_dir_all(dir.join("sub")).unwrap();
    game.send(b"1\nquit\n");
    assert_eq!(game.exit_code(), Some(2), "{}", game.output());
    assert!(
        game.output().contains("error: cannot write"),
        "{}",
        game.output()
    );
    std::fs::remove_dir_all(dir).unwrap();
}
