#![no_main]
//! Position codes and rule sets: parsing never panics, and what parses prints back the same.
use libfuzzer_sys::fuzz_target;
use rajapasu_engine::{Position, Rules};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let (rules_text, code) = text.split_once('|').unwrap_or(("canonical", text));
    let Ok(rules) = rules_text.parse::<Rules>() else { return };
    assert_eq!(rules.to_string().parse::<Rules>().unwrap(), rules);
    if let Ok(pos) = Position::from_code(code, rules) {
        assert_eq!(Position::from_code(&pos.to_string(), rules).unwrap(), pos);
    }
});
