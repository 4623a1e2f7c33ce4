//! Hold-out certificates (the loser's side): a good one is accepted, edited copies are refused
//! for their own reasons, naming the section and node, and a winner's and a loser's
//! certificate pair up to an exact number of rounds.
//!
//! `data/holes3-counters3-hold-out.cert`: on the 2 x 3 board with three counters a hole, South
//! holding 8 and leading, North wins the match in 4 rounds, and South holds out: North does not
//! win in fewer than 4 (`rajapasu certify --rules canonical/holes=3,counters=3 --match "8 S"
//! --loser`). Its 17 sections have ranks 2 to 4, the lower first (that board's matches can go
//! round in circles: decision 11 draws 14 of its round starts).
//! `data/holes4-counters1-hold-out.cert` and `data/holes4-counters1-match.cert`: both sides of
//! South's win in exactly 2 rounds from 4 S on the 2 x 4 board with one counter a hole.

use rajapasu_check::{check, exact, CheckError, Claim};
use rajapasu_engine::{RoundStart, Rules, Side};

const GOOD: &str = include_str!("data/holes3-counters3-hold-out.cert");

fn rules() -> Rules {
    "canonical/holes=3,counters=3".parse().unwrap()
}

fn start(south: u32, leader: Side) -> RoundStart {
    RoundStart::new(rules(), south, leader).unwrap()
}

fn refused(text: &str) -> CheckError {
    check(text.as_bytes()).expect_err("the edited certificate is refused")
}

/// The problem inside a section, with the section's round start.
fn in_section(err: CheckError) -> (RoundStart, CheckError) {
    match err {
        CheckError::InSection { start, error } => (start, *error),
        other => panic!("not inside a section: {other}"),
    }
}

/// `text` with the `n`-th (from 0) line equal to `old` replaced by `new`.
fn replace_line(text: &str, section: &str, old: &str, new: &str) -> String {
    let mut lines: Vec<&str> = text.lines().collect();
    let at = lines
        .iter()
        .position(|l| *l == section)
        .expect("the section");
    let line = at
        + lines[at..]
            .iter()
            .position(|l| *l == old)
            .expect("the line");
    lines[line] = new;
    lines.join("\n") + "\n"
}

#[test]
fn the_good_hold_out_certificate_is_accepted() {
    let accepted = check(GOOD.as_bytes()).unwrap();
    assert_eq!(
        accepted.header.claim,
        Claim::HoldsOut {
            start: start(8, Side::South),
            rounds: 4
        }
    );
    assert_eq!(accepted.header.prover, Side::South);
    assert_eq!((accepted.sections, accepted.root_value), (17, 4));
}

#[test]
fn sections_may_come_in_any_order() {
    // The sections reversed: each now leads to sections after it. The proof is by induction on
    // the rounds held out, so the order does not matter.
    let (header, body) = GOOD.split_at(GOOD.find("section ").unwrap());
    let mut sections: Vec<&str> = body.split_inclusive("end\n").collect();
    sections.reverse();
    let reversed = format!("{header}{}", sections.concat());
    assert_ne!(reversed, GOOD);
    let accepted = check(reversed.as_bytes()).unwrap();
    assert_eq!((accepted.sections, accepted.root_value), (17, 4));
}

#[test]
fn a_wrong_move_is_refused_in_its_section() {
    // Hole 7 on a board of three holes a row.
    let text = replace_line(GOOD, "section 7 S rank 3", "0 P 3 2 1", "0 P 3 7 1");
    let (section, err) = in_section(refused(&text));
    assert_eq!(section, start(7, Side::South));
    assert!(
        matches!(err, CheckError::IllegalMove { node: 0, .. }),
        "{err}"
    );
    // A legal move that is not the strategy's: the section's graph no longer fits it.
    let text = replace_line(GOOD, "section 7 S rank 3", "0 P 3 2 1", "0 P 3 3 1");
    let (section, err) = in_section(refused(&text));
    assert_eq!(section, start(7, Side::South));
    assert!(
        matches!(err, CheckError::MissingReply { node: 1, .. }),
        "{err}"
    );
}

#[test]
fn a_missing_reply_is_refused() {
    let text = replace_line(GOOD, "section 6 N rank 2", "0 O 2 3 2 1", "0 O 2 3 2");
    let (section, err) = in_section(refused(&text));
    assert_eq!(section, start(6, Side::North));
    assert!(
        matches!(err, CheckError::MissingReply { node: 0, .. }),
        "{err}"
    );
}

#[test]
fn a_wrong_count_is_refused() {
    // One round more than the round start's section holds out.
    let err = refused(&GOOD.replace("claim rounds>=4", "claim rounds>=5"));
    let text = err.to_string();
    assert!(
        matches!(
            err,
            CheckError::HoldOutNotShown {
                needed: 5,
                found: Some(4),
                leaf: None,
                ..
            }
        ),
        "{text}"
    );
    assert!(
        text.contains("South holds 8") && text.contains("rank 4"),
        "{text}"
    );
    // A section ranked higher than its nodes' values.
    let text = GOOD.replace("section 7 S rank 3", "section 7 S rank 4");
    let (section, err) = in_section(refused(&text));
    assert_eq!(section, start(7, Side::South));
    assert!(
        matches!(
            err,
            CheckError::ClaimTooHigh {
                claimed: 4,
                root: 3
            }
        ),
        "{err}"
    );
}

#[test]
fn a_section_ranked_too_low_for_a_round_that_leads_to_it_is_refused() {
    // 6 S, ranked 2, becomes rank 1 (its values with it): the rounds of rank 3 that lead to
    // it need it to hold out 2 rounds.
    let text = replace_line(
        GOOD,
        "section 6 S rank 2",
        "section 6 S rank 2",
        "section 6 S rank 1",
    );
    let text = replace_line(&text, "section 6 S rank 1", "0 P 2 2 1", "0 P 1 2 1");
    let text = replace_line(&text, "section 6 S rank 1", "1 D 2", "1 D 1");
    let err = refused(&text);
    let message = err.to_string();
    let CheckError::HoldOutNotShown {
        start: reached,
        needed: 2,
        found: Some(1),
        leaf: Some((from, _)),
    } = err
    else {
        panic!("{message}");
    };
    assert_eq!(reached, start(6, Side::South));
    assert_eq!(from, start(7, Side::South));
    assert!(
        message.contains("section of round start 7 S, node"),
        "{message}"
    );
}

#[test]
fn a_missing_section_is_refused() {
    let text = GOOD
        .replace("section 6 S rank 2\nnodes 2\n0 P 2 2 1\n1 D 2\nend\n", "")
        .replace("sections 17", "sections 16");
    let err = refused(&text);
    assert!(
        matches!(
            err,
            CheckError::HoldOutNotShown {
                needed: 2,
                found: None,
                leaf: Some(_),
                ..
            }
        ),
        "{err}"
    );
    assert!(err.to_string().contains("has no section"), "{err}");
}

#[test]
fn a_repeated_position_is_refused() {
    // Section 5 N: North's three replies all reach one position, node 1; the third is sent to
    // a copy of it instead, node 2, the same position under a second id.
    let text = replace_line(GOOD, "section 5 N rank 2", "nodes 2", "nodes 3");
    let text = replace_line(&text, "section 5 N rank 2", "0 O 2 1 1 1", "0 O 2 1 1 2");
    let text = replace_line(&text, "section 5 N rank 2", "1 D 2", "1 D 2\n2 D 2");
    let (section, err) = in_section(refused(&text));
    assert_eq!(section, start(5, Side::North));
    assert!(
        matches!(err, CheckError::RepeatedPosition { node: 2, first: 1 }),
        "{err}"
    );
}

#[test]
fn a_wrong_rules_line_is_refused() {
    // Two counters a hole: the strategy's moves no longer fit.
    let err = refused(&GOOD.replace(
        "rules canonical/holes=3,counters=3",
        "rules canonical/holes=3,counters=2",
    ));
    assert!(
        matches!(
            err,
            CheckError::InSection { .. } | CheckError::NotARoundStart { .. }
        ),
        "{err}"
    );
    // A single round: no match, so no hold-out.
    let err = refused(&GOOD.replace(
        "rules canonical/holes=3,counters=3",
        "rules canonical/holes=3,counters=3,mode=round",
    ));
    assert!(
        matches!(
            err,
            CheckError::WrongMode {
                match_certificate: true,
                ..
            }
        ),
        "{err}"
    );
}

#[test]
fn a_round_start_twice_or_a_section_without_rank_is_refused() {
    let twice = "section 6 S rank 2\nnodes 2\n0 P 2 2 1\n1 D 2\nend\n";
    let text = GOOD
        .replace(twice, &format!("{twice}{twice}"))
        .replace("sections 17", "sections 18");
    assert!(matches!(
        refused(&text),
        CheckError::SectionRepeated { line: 17 }
    ));
    let err = refused(&GOOD.replace("section 6 S rank 2", "section 6 S"));
    assert!(matches!(err, CheckError::Header { line: 12, .. }), "{err}");
}

#[test]
fn a_winners_and_a_losers_certificate_pair_up_to_an_exact_count() {
    let win = check(include_str!("data/holes4-counters1-match.cert").as_bytes()).unwrap();
    let hold = check(include_str!("data/holes4-counters1-hold-out.cert").as_bytes()).unwrap();
    let both = exact(&win, &hold).unwrap();
    assert_eq!((both.winner, both.rounds), (Side::South, 2));
    assert_eq!((both.start.south(), both.start.leader()), (4, Side::South));
    // In the wrong order, or from other round starts or rules, they are no pair.
    assert!(matches!(
        exact(&hold, &win),
        Err(CheckError::NotAPair { .. })
    ));
    let other = check(GOOD.as_bytes()).unwrap();
    let err = exact(&win, &other).unwrap_err();
    assert!(err.to_string().contains("rules differ"), "{err}");
    // A hold-out claiming one round less proves no exact count.
    let less = include_str!("data/holes4-counters1-hold-out.cert")
        .replace("claim rounds>=2", "claim rounds>=1");
    let less = check(less.as_bytes()).unwrap();
    let err = exact(&win, &less).unwrap_err();
    assert!(err.to_string().contains("rounds>=1"), "{err}");
}

#[test]
fn a_round_that_can_end_in_the_winners_match_win_is_refused() {
    let text = replace_line(GOOD, "section 6 S rank 2", "0 P 2 2 1", "0 P 2 3 1");
    let (section, err) = in_section(refused(&text));
    assert_eq!(section, start(6, Side::South));
    assert!(matches!(err, CheckError::OutsideGoal { node: 1 }), "{err}");
}
