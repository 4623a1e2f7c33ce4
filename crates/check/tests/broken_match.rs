//! Match certificates: a good one is accepted, and broken ones are refused for their own
//! reasons. The good one (`data/holes4-counters1-match.cert`) proves that South, holding 4 and
//! leading on the 2 x 4 board with one counter a hole, wins the match within 2 rounds
//! (`rajapasu certify --rules canonical/holes=4,counters=1 --match "4 S"`): its own round
//! section of rank 2, and the sections of the two round starts of rank 1 its round can lead to.

use rajapasu_check::{check, CheckError, Claim};
use rajapasu_engine::{RoundStart, Rules, Side};

const GOOD: &str = include_str!("data/holes4-counters1-match.cert");

fn refused(text: &str) -> CheckError {
    check(text.as_bytes()).expect_err("the broken certificate is refused")
}

#[test]
fn the_good_match_certificate_is_accepted() {
    let accepted = check(GOOD.as_bytes()).unwrap();
    let rules: Rules = "canonical/holes=4,counters=1".parse().unwrap();
    let start = RoundStart::new(rules, 4, Side::South).unwrap();
    assert_eq!(accepted.header.claim, Claim::Rounds { start, rounds: 2 });
    assert_eq!(
        (accepted.sections, accepted.nodes, accepted.root_value),
        (3, 30, -2)
    );
}

#[test]
fn a_match_certificate_under_round_rules_is_refused() {
    // The same certificate under rules that play a single round: no round follows, so its
    // sections' goals (later round starts) mean nothing there.
    let err = refused(&GOOD.replace(
        "rules canonical/holes=4,counters=1",
        "rules canonical/holes=4,counters=1,mode=round",
    ));
    assert!(
        matches!(
            err,
            CheckError::WrongMode {
                line: 3,
                match_certificate: true,
                ..
            }
        ),
        "{err:?}"
    );
    let text = err.to_string();
    assert!(
        text.contains("match certificate") && text.contains("mode=round"),
        "{text}"
    );
}

#[test]
fn one_round_too_few_is_refused() {
    let err = refused(&GOOD.replace("claim rounds<=2", "claim rounds<=1"));
    assert!(matches!(
        err,
        CheckError::StartNotProven {
            claimed: 1,
            found: Some(2)
        }
    ));
}

#[test]
fn a_round_that_can_lead_outside_the_goal_is_refused() {
    // Ranked 1, the last section may only end the match; its nodes still claim 2 rounds.
    let err = refused(&GOOD.replace("section 4 S rank 2", "section 4 S rank 1"));
    let CheckError::InSection { start, error } = err else {
        panic!("{err}");
    };
    assert_eq!((start.south(), start.leader()), (4, Side::South));
    assert!(
        matches!(
            *error,
            CheckError::ClaimTooHigh {
                claimed: -1,
                root: -2
            }
        ),
        "{error}"
    );
    // With its values claiming 1 round as well, its round leads to round starts of rank 1,
    // which are outside its goal.
    let (head, tail) = GOOD.split_at(GOOD.find("section 4 S rank 2").unwrap());
    let one = head.to_string() + &tail.replace("rank 2", "rank 1").replace("-2", "-1");
    let err = refused(&one);
    let CheckError::InSection { error, .. } = err else {
        panic!("{err}");
    };
    assert!(
        matches!(*error, CheckError::OutsideGoal { node: 15 }),
        "{error}"
    );
}

#[test]
fn sections_out_of_order_or_twice_are_refused() {
    let err = refused(&GOOD.replace("section 5 S rank 1", "section 5 S rank 3"));
    assert!(
        matches!(err, CheckError::SectionOrder { line: 12 }),
        "{err}"
    );
    let twice = GOOD.replace("section 6 S rank 1", "section 5 S rank 1");
    assert!(matches!(
        refused(&twice),
        CheckError::SectionRepeated { .. }
    ));
}

#[test]
fn a_section_that_is_no_round_start_is_refused() {
    // North would hold less than one hole's worth: the match would be over.
    let err = refused(&GOOD.replace("section 6 S rank 1", "section 8 S rank 1"));
    assert!(matches!(err, CheckError::NotARoundStart { .. }), "{err}");
}

#[test]
fn a_broken_section_names_its_round_start_and_node() {
    let err = refused(&GOOD.replace(
        "section 6 S rank 1\nnodes 4\n0 P -1 2 1",
        "section 6 S rank 1\nnodes 4\n0 P -1 7 1",
    ));
    let CheckError::InSection { start, error } = err else {
        panic!("{err}");
    };
    assert_eq!(start.south(), 6);
    assert!(
        matches!(*error, CheckError::IllegalMove { node: 0, .. }),
        "{error}"
    );
}

/// A no-loss certificate (South holding 4 and leading on the 2 x 3 board with 2 counters a
/// hole: a draw by decision 11) is accepted; without one of its sections it is refused,
/// naming the round start left without one.
#[test]
fn a_no_loss_certificate_needs_a_section_for_every_round_start_reached() {
    let good = include_str!("data/holes3-counters2-no-loss.cert");
    let accepted = check(good.as_bytes()).unwrap();
    let rules: Rules = "canonical/holes=3,counters=2".parse().unwrap();
    let start = RoundStart::new(rules, 4, Side::South).unwrap();
    assert_eq!(accepted.header.claim, Claim::NoLoss { start });
    assert_eq!(accepted.sections, 11);
    // Drop the section of South holding 5 with North leading.
    let from = good.find("section 5 N\n").unwrap();
    let to = from + good[from..].find("end\n").unwrap() + 4;
    let dropped = good[..from].to_string() + &good[to..];
    let dropped = dropped.replace("sections 11", "sections 10");
    let err = refused(&dropped);
    assert!(
        matches!(err, CheckError::NoSection { start } if start.south() == 5 && start.leader() == Side::North),
        "{err}"
    );
    // Ranks have no place in it.
    let ranked = good.replace("section 4 S\n", "section 4 S rank 1\n");
    assert!(matches!(refused(&ranked), CheckError::Header { .. }));
}
