//! The full-screen game driven in tmux: a tmux server of the test's own, its screen, keys sent
//! to it, and waits for what the screen shows.

use std::path::Path;
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// The shell command that runs `rajapasu ARGS`, then shows its exit status (`EXIT=N`) and
/// keeps the pane a minute, so that the screen can be read.
pub fn play_then_exit(args: &str) -> String {
    format!(
        "{} {args}; echo EXIT=$?; sleep 60",
        env!("CARGO_BIN_EXE_rajapasu")
    )
}

/// A tmux server of the test's own, killed when dropped.
pub struct Tmux {
    socket: String,
}

impl Tmux {
    /// Runs `command` in `dir` in a `width` x `height` terminal; `None` (the test is skipped)
    /// if tmux is not installed.
    pub fn start_sized(dir: &Path, command: &str, width: u16, height: u16) -> Option<Tmux> {
        if Command::new("tmux").arg("-V").output().is_err() {
            eprintln!("tmux is not installed: skipping the terminal test");
            return None;
        }
        // A socket of its own for every session: the last server may still be going away.
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let socket = format!(
            "rajapasu-test-{}-{}-{}",
            std::process::id(),
            dir.file_name().unwrap().to_string_lossy(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        );
        let ok = Command::new("tmux")
            .args(["-L", &socket, "-f", "/dev/null", "new-session", "-d"])
            .args(["-x", &width.to_string(), "-y", &height.to_string()])
            .args(["-s", "play"])
            .arg(command)
            .current_dir(dir)
            .env("TERM", "xterm-256color")
            .status()
            .unwrap()
            .success();
        assert!(ok, "tmux new-session failed");
        Some(Tmux { socket })
    }

    /// What the terminal shows now.
    pub fn screen(&self) -> String {
        let out = Command::new("tmux")
            .args(["-L", &self.socket, "capture-pane", "-p", "-t", "play"])
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Types `keys` (tmux key names).
    pub fn keys(&self, keys: &[&str]) {
        Command::new("tmux")
            .args(["-L", &self.socket, "send-keys", "-t", "play"])
            .args(keys)
            .status()
            .unwrap();
    }

    /// Makes the terminal `width` x `height`.
    pub fn resize(&self, width: u16, height: u16) {
        Command::new("tmux")
            .args(["-L", &self.socket, "resize-window", "-t", "play"])
            .args(["-x", &width.to_string(), "-y", &height.to_string()])
            .status()
            .unwrap();
    }

    /// Waits until `test` holds for the screen; panics with the screen after 30 seconds (a
    /// guard against a hang, not a measure of speed).
    pub fn wait_until(&self, what: &str, test: impl Fn(&str) -> bool) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if test(&screen) {
                return screen;
            }
            if start.elapsed() > Duration::from_secs(30) {
                panic!("the screen never showed {what}:\n{screen}");
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Waits until the screen shows `text`; panics with the screen after 30 seconds.
    pub fn wait_for(&self, text: &str) -> String {
        self.wait_until(&format!("{text:?}"), |s| s.contains(text))
    }

    /// Waits until the game has ended with status 0, said that it saved `file` (in `dir`) and
    /// given the terminal back; the record's text.
    pub fn saved(&self, dir: &Path, file: &str) -> String {
        let screen = self.wait_for("EXIT=0");
        assert!(
            screen.contains(&format!("Game saved to {file}")),
            "{screen}"
        );
        assert!(!screen.contains("┌ Board"), "{screen}");
        std::fs::read_to_string(dir.join(file)).unwrap()
    }

    /// Waits until the screen no longer shows `text`; panics after 30 seconds.
    pub fn wait_for_gone(&self, text: &str) {
        let start = Instant::now();
        while self.screen().contains(text) {
            if start.elapsed() > Duration::from_secs(30) {
                panic!("the screen kept showing {text:?}:\n{}", self.screen());
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
