//! Proof certificates (docs/CERTIFICATES.md): a round's bound, or a match won within a number
//! of rounds, written down as the prover's strategy, so that a small program that knows only the rules (`rajapasu check`, the
//! `rajapasu-check` crate) can check it without trusting the solver.
//!
//! | Module | What it holds |
//! |---|---|
//! | `record` | the proof-recording search: the prover's strategy towards a goal (a margin, or a round's outcomes), every position once, no line repeating a position |
//! | `certificate` | the strategy found ([`RoundCertificate`]) and its text ([`RoundCertificate::write`]) |
//! | `match_certificate` | a match win within `k` rounds or no loss ([`MatchCertificate`], [`MatchClaim`]): one round section a round start, ranked by the rounds left, from the match's values |
//! | `hold_out` | the loser's hold-out: the winner does not win in fewer than `K` rounds ([`certify_hold_out`]), one round section a round start, ranked by the rounds it holds out, from the match's values |
//! | `principal` | the principal match: the winner's certified strategy against the loser's longest hold-out inside it, played out by the engine ([`principal_match`]) |

mod certificate;
mod hold_out;
mod match_certificate;
mod principal;
mod record;

pub use certificate::RoundCertificate;
pub use hold_out::certify_hold_out;
pub use match_certificate::{
    certify_match, certify_no_loss, certify_round_goal, MatchCertificate, MatchClaim,
};
pub use principal::{
    principal_match, PrincipalError, PrincipalMatch, PrincipalRound, FREE_MOVE_NODES,
};
pub use record::{certify_round, CertifyError, CertifyOptions, Progress};
pub(crate) use record::{key_of, record, Goal, Key};
