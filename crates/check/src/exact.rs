//! An exact number of rounds: a winner's certificate "within `K` rounds" and the loser's
//! "not in fewer than `K`" from the same round start under the same rules, each checked on its
//! own, together prove that the match lasts exactly `K` rounds with best play.

use crate::error::CheckError;
use crate::format::Claim;
use crate::verify::Accepted;
use rajapasu_engine::{RoundStart, Side};

/// What a winner's and a loser's certificate prove together.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Exact {
    /// The round start.
    pub start: RoundStart,
    /// Who wins from it.
    pub winner: Side,
    /// The rounds the match lasts with the winner hurrying and the loser holding out, this
    /// one included.
    pub rounds: u32,
}

/// Pairs two accepted certificates: `win` must claim `rounds<=K` and `hold` `rounds>=K`, with
/// the same `K`, the same rules and round start, and the other player as prover. Checks
/// nothing inside them (each was checked when it was accepted).
///
/// ```
/// # use rajapasu_check::{check, exact};
/// let hold = "\
/// rajapasu-certificate 1
/// rules canonical/holes=3,counters=1
/// match 3 S
/// prover N
/// claim rounds>=1
/// sections 1
/// section 3 S rank 1
/// nodes 1
/// 0 D 1
/// end
/// ";
/// let hold = check(hold.as_bytes()).unwrap();
/// // Not a winner's certificate: the first of the pair must claim `rounds<=K`.
/// assert!(exact(&hold, &hold).is_err());
/// ```
pub fn exact(win: &Accepted, hold: &Accepted) -> Result<Exact, CheckError> {
    let not = |problem: String| Err(CheckError::NotAPair { problem });
    let Claim::Rounds { start, rounds } = win.header.claim else {
        return not("the first certificate must be a winner's, claiming `rounds<=K`".into());
    };
    let Claim::HoldsOut {
        start: held,
        rounds: at_least,
    } = hold.header.claim
    else {
        return not("the second certificate must be a loser's, claiming `rounds>=K`".into());
    };
    if win.header.rules != hold.header.rules {
        return not(format!(
            "the rules differ: `{}` and `{}`",
            win.header.rules, hold.header.rules
        ));
    }
    if start != held {
        return not(format!(
            "the round starts differ: {} {} and {} {}",
            start.south(),
            start.leader().letter(),
            held.south(),
            held.leader().letter()
        ));
    }
    if win.header.prover == hold.header.prover {
        return not(format!(
            "both certificates are {}'s: the second must be the other player's",
            win.header.prover
        ));
    }
    if rounds != at_least {
        return not(format!(
            "the winner's certificate claims rounds<={rounds}, the loser's rounds>={at_least}: \
             an exact count needs the same number"
        ));
    }
    Ok(Exact {
        start,
        winner: win.header.prover,
        rounds,
    })
}
