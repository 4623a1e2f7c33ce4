//! The commands' output to standard output: `outln!` and `out!`, `println!` and `print!` that
//! let a command carry on when its reader has gone (`rajapasu solve | head`).

/// `println!` for the commands' output. A reader that went away (`rajapasu solve | head`) is not
/// an error: a command that also writes files carries on and finishes them, where `println!`
/// would panic. (Commands that only print stop at once instead: see `only_prints`.)
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        $crate::output::written(writeln!(std::io::stdout(), $($arg)*));
    }};
}

/// `print!` as [`outln!`] does it.
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        $crate::output::written(write!(std::io::stdout(), $($arg)*));
    }};
}

/// The end of a write to standard output: a closed pipe is ignored (see [`outln!`]); any other
/// failure, such as a full disk under a redirection, stops the command as `println!` would.
pub fn written(result: std::io::Result<()>) {
    match result {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            panic!("failed printing to stdout: {e}")
        }
        _ => {}
    }
}
