#![no_main]
//! Game records, text and JSON: parsing and replaying never panic; what parses writes back.
use libfuzzer_sys::fuzz_target;
use rajapasu_engine::record::Record;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(rec) = Record::parse(text) {
        let _ = rec.replay();
        assert_eq!(Record::parse_text(&rec.to_text()).unwrap(), rec);
        assert_eq!(Record::parse_json(&rec.to_json()).unwrap(), rec);
    }
});
