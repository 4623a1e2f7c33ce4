//! The certificates published in docs/certificates/ (docs/SOLVING.md, section 8) are accepted
//! and prove what they are published for: the first round's value from both sides (South ends
//! at least 16 ahead, and North holds South to 16), a win of the canonical match, and the
//! loser's hold-out from the same round start, which with it proves the exact rounds.

use rajapasu_check::{check, CheckError, Claim};
use rajapasu_engine::{Position, Rules, Side};

#[test]
fn the_published_first_round_certificates_are_accepted() {
    let start = Position::start(Rules::default().single_round());
    for (text, prover, margin, nodes) in [
        (
            include_str!("../../../docs/certificates/first-round-south.cert"),
            Side::South,
            16,
            760,
        ),
        (
            include_str!("../../../docs/certificates/first-round-north.cert"),
            Side::North,
            -16,
            3194,
        ),
    ] {
        let accepted = check(text.as_bytes()).unwrap();
        assert_eq!(accepted.header.root, start);
        assert_eq!(accepted.header.prover, prover);
        assert_eq!(accepted.header.claim, Claim::Margin(margin));
        assert_eq!((accepted.root_value, accepted.nodes), (margin, nodes));
    }
}

/// The published match certificate: South, holding 57 and leading, wins the canonical match
/// within 4 rounds.
#[test]
fn the_published_match_certificate_is_accepted() {
    let accepted =
        check(include_str!("../../../docs/certificates/match-57S.cert").as_bytes()).unwrap();
    let start = rajapasu_engine::RoundStart::new(Rules::default(), 57, Side::South).unwrap();
    assert_eq!(accepted.header.claim, Claim::Rounds { start, rounds: 4 });
    assert_eq!(accepted.header.prover, Side::South);
    assert_eq!((accepted.sections, accepted.nodes), (49, 2549));
}

/// The published hold-out certificate: North, against South holding 57 and leading, keeps
/// South from winning the canonical match in fewer than 4 rounds; with the match certificate,
/// South wins in exactly 4.
#[test]
fn the_published_hold_out_certificate_makes_the_match_certificates_count_exact() {
    let win = check(include_str!("../../../docs/certificates/match-57S.cert").as_bytes()).unwrap();
    let hold = check(include_str!("../../../docs/certificates/hold-57S.cert").as_bytes()).unwrap();
    let start = rajapasu_engine::RoundStart::new(Rules::default(), 57, Side::South).unwrap();
    assert_eq!(hold.header.claim, Claim::HoldsOut { start, rounds: 4 });
    assert_eq!(hold.header.prover, Side::North);
    assert_eq!((hold.sections, hold.nodes), (142, 1893));
    let exact = rajapasu_check::exact(&win, &hold).unwrap();
    assert_eq!((exact.winner, exact.rounds), (Side::South, 4));
}

/// The rules line says which reading of decision 12 a certificate uses (RULES.md: who leads
/// after a round ended on an empty board); a line without `empty-board` means `last-mover`,
/// as every certificate written before the option did. The published match certificate rests
/// on it: in the section of round start 78 N, node 16 (`0,0,0,0,0,0,0/x,x,x,x,x,0,0 N 56 7`,
/// reserves 29 and 6) is an `E` leaf on an empty board, whose next leader is South, the last
/// mover; under `same-leader` North, who led, would lead again, a round start outside the
/// section's goal.
#[test]
fn the_match_certificate_is_checked_under_the_reading_its_rules_line_names() {
    let text = include_str!("../../../docs/certificates/match-57S.cert");
    assert_eq!(text.lines().nth(1), Some("rules canonical"));
    let under = |reading: &str| {
        check(
            text.replacen(
                "rules canonical\n",
                &format!("rules canonical/empty-board={reading}\n"),
                1,
            )
            .as_bytes(),
        )
    };
    assert_eq!(under("last-mover").unwrap().nodes, 2549);
    // Under `other-leader` the same leader follows that leaf, and the certificate holds.
    assert_eq!(under("other-leader").unwrap().nodes, 2549);
    let err = under("same-leader").unwrap_err();
    let CheckError::InSection { start, error } = &err else {
        panic!("{err:?}")
    };
    let rules: Rules = "canonical/empty-board=same-leader".parse().unwrap();
    assert_eq!(
        *start,
        rajapasu_engine::RoundStart::new(rules, 78, Side::North).unwrap()
    );
    assert!(
        matches!(**error, CheckError::OutsideGoal { node: 16 }),
        "{err}"
    );
}
