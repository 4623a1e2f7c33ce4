//! The certificates published in docs/certificates/ (docs/SOLVING.md, section 8) are accepted
//! and prove what they are published for: the first round's value from both sides (South ends
//! at least 16 ahead, and North holds South to 16), and a win of the canonical match.

use rajapasu_check::{check, Claim};
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
