//! What an attack is given (the server's address, how hard to push) and what it gives back:
//! each check it made, held or not. Apart from the attacks' list ([`attack`](crate::attack)),
//! so that every attack reads it without reading that list.

use std::net::SocketAddr;

/// How hard an attack pushes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Size {
    /// A few requests, for the tests.
    Small,
    /// As measured for docs/SERVER.md.
    Full,
}

/// The server under attack.
#[derive(Debug, Clone)]
pub struct Target {
    /// Where it listens.
    pub addr: SocketAddr,
    /// How hard to push.
    pub size: Size,
}

/// One thing an attack tried, and whether the server held.
#[derive(Debug, Clone, PartialEq)]
pub struct Check {
    /// What was tried, in a few words.
    pub what: String,
    /// The server held: the attack did not work.
    pub held: bool,
    /// What was seen (figures, status codes).
    pub seen: String,
}

/// Everything an attack tried.
///
/// ```
/// use rajapasu_loadtest::attack::Report;
/// let mut report = Report::default();
/// report.check("a forged rating is refused", true, "422 bad_rating");
/// report.check("the store still answers", false, "503 store_down");
/// assert!(!report.held());
/// assert!(report.to_string().contains("NOT HELD  the store still answers: 503 store_down"));
/// ```
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Report {
    /// The checks, in the order they were made.
    pub checks: Vec<Check>,
}

impl Report {
    /// Records a check.
    pub fn check(&mut self, what: impl Into<String>, held: bool, seen: impl Into<String>) {
        self.checks.push(Check {
            what: what.into(),
            held,
            seen: seen.into(),
        });
    }

    /// Every check held (and there was at least one).
    pub fn held(&self) -> bool {
        !self.checks.is_empty() && self.checks.iter().all(|c| c.held)
    }
}

impl std::fmt::Display for Report {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for c in &self.checks {
            let mark = if c.held { "held    " } else { "NOT HELD" };
            writeln!(f, "{mark}  {}: {}", c.what, c.seen)?;
        }
        Ok(())
    }
}
