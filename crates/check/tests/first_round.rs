//! The first round's certificates, as published in docs/certificates/ (docs/SOLVING.md,
//! section 8), are accepted, and prove the round's value from both sides: South ends at least
//! 16 ahead, and North holds South to 16.

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
