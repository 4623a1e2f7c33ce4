//! What holds for every command: the rule sets (`rules`, `--rules`), help, options that
//! conflict, and output to a closed pipe.

mod common;

use common::{fails, ok};

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
fn options_of_the_computer_conflict_with_two_players() {
    for option in [["--side", "north"], ["--level", "3"], ["--seed", "1"]] {
        let mut args = vec!["play", "--two-players", "--lines"];
        args.extend(option);
        fails(&args, "'--two-players' cannot be used with");
    }
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
