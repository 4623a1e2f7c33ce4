#![no_main]
//! A game driven by fuzzer bytes, under fuzzer-chosen options: no panic, counters conserved.
use libfuzzer_sys::fuzz_target;
use rajapasu_engine::{Game, Rules, Side};

const OPTIONS: [&str; 8] = [
    "origin=skip",
    "final-four=exempt",
    "final-four=end",
    "fours=sower",
    "pussa=chain",
    "closed=right",
    "endless=forbid",
    "leader=loser",
];

fuzz_target!(|data: &[u8]| {
    let Some((&opts, moves)) = data.split_first() else { return };
    let chosen: Vec<&str> = (0..8).filter(|b| opts & (1 << b) != 0).map(|b| OPTIONS[b]).collect();
    let rules: Rules = chosen.join(",").parse().unwrap();
    let mut game = Game::new(rules);
    for &b in moves {
        let legal = game.legal_moves();
        if legal.is_empty() {
            break;
        }
        game.play(legal[b as usize % legal.len()]);
        let p = game.position();
        let total = p.on_board()
            + Side::ALL.iter().map(|&s| p.captured(s) + p.reserve(s)).sum::<u32>();
        assert_eq!(total, rules.total());
    }
});
