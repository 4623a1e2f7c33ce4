//! Running the `rajapasu` binary as a user does, shared by the command-line tests, and the
//! full-screen game in tmux ([`tmux`]). Each test file uses a part of them.

#![allow(dead_code)]

pub mod tmux;

use std::process::{Command, Output};

/// Runs the binary with `args`.
pub fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rajapasu"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// Runs a command that must succeed; its standard output.
pub fn ok(args: &[&str]) -> String {
    let out = run(args);
    assert!(
        out.status.success(),
        "{args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Runs a command that must fail cleanly: exit status 2 and one `error:` line naming `needle`.
pub fn fails(args: &[&str], needle: &str) {
    let out = run(args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(err.starts_with("error:"), "{args:?}: {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    assert!(err.contains(needle), "{args:?}: `{err}` lacks `{needle}`");
}
