//! Proof certificates (docs/CERTIFICATES.md): a round's bound written down as the prover's
//! strategy, so that a small program that knows only the rules (`rajapasu check`, the
//! `rajapasu-check` crate) can check it without trusting the solver.
//!
//! | Module | What it holds |
//! |---|---|
//! | `record` | the proof-recording search: the prover's strategy for "my final margin is at least `m`", every position once, no line repeating a position |
//! | `certificate` | the strategy found ([`RoundCertificate`]) and its text ([`RoundCertificate::write`]) |

mod certificate;
mod record;

pub use certificate::RoundCertificate;
pub use record::{certify_round, CertifyError, CertifyOptions, Progress};
