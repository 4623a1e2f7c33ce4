//! # rajapasu-check
//!
//! An independent checker of Raja Pasu proof certificates (docs/CERTIFICATES.md). A
//! certificate proves a bound on a round's result: the prover's strategy as a graph whose
//! nodes are positions, one move at each position where the prover is to move, every legal
//! reply where the opponent is, and leaves where the round is over or where the counters
//! already decide the bound. The checker trusts only the
//! rules engine (`rajapasu-engine`): it shares no code with the solver that wrote the proof or
//! with the endgame table, so a bug there cannot make it accept a wrong proof.
//!
//! | Module | What it holds |
//! |---|---|
//! | `format` | the text format: the header ([`Header`], [`Claim`]) and node lines ([`NodeLine`]) |
//! | `verify` | the check, node by node ([`check`], [`Accepted`]) |
//! | `exact` | a winner's and a loser's certificate from one round start paired: the exact number of rounds ([`exact()`], [`Exact`]) |
//! | `error` | every way a certificate can be wrong ([`CheckError`]), naming the first bad line or node |
//!
//! ```
//! // A 2 x 2 board with one counter a hole: South, to move, ends the round 2 counters ahead.
//! // After South's 1, North's only reply and South's 2, South leads by 2 with no counter
//! // left on the board (a D leaf: decided by the counters).
//! let certificate = "\
//! rajapasu-certificate 1
//! rules canonical/holes=2,counters=1,mode=round
//! root 1,1/1,1 S 0 0
//! prover S
//! claim margin>=2
//! nodes 4
//! 0 P 2 1 1
//! 1 O 2 2
//! 2 P 2 2 3
//! 3 D 2
//! end
//! ";
//! let accepted = rajapasu_check::check(certificate.as_bytes()).unwrap();
//! assert_eq!((accepted.root_value, accepted.nodes, accepted.leaves), (2, 4, 1));
//! // The same with the claim one counter higher is refused, naming the problem.
//! let wrong = certificate.replace("margin>=2", "margin>=3");
//! let err = rajapasu_check::check(wrong.as_bytes()).unwrap_err();
//! assert!(matches!(err, rajapasu_check::CheckError::ClaimTooHigh { claimed: 3, root: 2 }));
//! ```

#![warn(missing_docs)]

mod error;
mod exact;
mod format;
mod verify;

pub use error::CheckError;
pub use exact::{exact, Exact};
pub use format::{Claim, Header, Node, NodeLine};
pub use verify::{check, Accepted};

use std::io::{BufRead, BufReader, Read};
use std::path::Path;

/// Checks the certificate in the file at `path`, plain text or gzip (told apart by the gzip
/// magic number, whatever the file's name).
pub fn check_file(path: &Path) -> Result<Accepted, CheckError> {
    let file = std::fs::File::open(path)?;
    check_reader(file)
}

/// Checks a certificate read from `input`, plain text or gzip.
pub fn check_reader(input: impl Read) -> Result<Accepted, CheckError> {
    let mut input = BufReader::with_capacity(1 << 16, input);
    let gzip = input.fill_buf()?.starts_with(&[0x1f, 0x8b]);
    if gzip {
        let text = flate2::bufread::MultiGzDecoder::new(input);
        check(BufReader::with_capacity(1 << 16, text))
    } else {
        check(input)
    }
}
