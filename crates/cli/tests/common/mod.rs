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
