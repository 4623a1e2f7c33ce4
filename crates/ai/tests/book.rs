//! The proven opening book (docs/BOOK.md): the embedded file is whole and holds exactly the
//! opening's positions, its values agree with each other and with docs/SOLVING.md, a sample
//! re-proves with the solver, and damaged files are refused with their own errors.

use rajapasu_ai::book::{checksum_v1, opening, prove, Book, BookError};
use rajapasu_ai::fnv::fnv1a64;
use rajapasu_ai::solver::{exact_key, gain, Solver};
use rajapasu_ai::Limits;
use rajapasu_engine::rng::Rng;
use rajapasu_engine::{Game, Position, Rules};
use std::collections::HashSet;

fn round() -> Rules {
    Rules::default().single_round()
}

#[test]
fn the_embedded_book_holds_exactly_the_opening() {
    let book = Book::embedded();
    assert_eq!(*book.rules(), round());
    assert_eq!(book.plies(), 6);
    let open = opening(round(), 6);
    assert_eq!(open.repeated, 0);
    let keys: HashSet<[u64; 2]> = open
        .games
        .iter()
        .map(|g| exact_key(g.position()).unwrap())
        .collect();
    assert_eq!(keys.len(), 9_579);
    let in_book: HashSet<[u64; 2]> = book.entries().iter().map(|e| e.key).collect();
    assert_eq!(keys, in_book);
    // The file written again is the file read.
    assert_eq!(Book::parse(&book.to_bytes()).as_ref(), Ok(book));
}

#[test]
fn the_start_has_the_values_of_docs_solving() {
    let game = Game::new(round());
    let moves = Book::embedded().probe(&game).unwrap();
    let values: Vec<i32> = moves.iter().map(|(_, b)| b.exact().unwrap()).collect();
    assert_eq!(values, [8, 8, 16, 10, 0, 16, 4]);
    // Not for other rules, nor once the round is in a match.
    assert!(Book::embedded()
        .probe(&Game::new(Rules::default()))
        .is_none());
}

#[test]
fn each_entry_agrees_with_the_entries_after_it() {
    let book = Book::embedded();
    let mut checked = 0;
    for game in opening(round(), 6).games {
        let pos = *game.position();
        let entry = book.entry(&pos).unwrap();
        for &m in game.legal_moves().iter() {
            let mut child = pos;
            child.play(m);
            let Some(after) = book.entry(&child) else {
                continue;
            };
            let best = after.gains.iter().flatten().max().unwrap();
            let value = gain(&pos, &child, pos.to_move()) - i32::from(*best);
            assert_eq!(
                entry.gains[usize::from(m.number()) - 1],
                Some(value as i8),
                "{pos} move {m}"
            );
            checked += 1;
        }
    }
    assert!(checked > 9_000, "{checked}");
}

/// The entries of `sample` whose values the solver, with `solver`'s table, does not re-prove.
fn disagreements(book: &Book, sample: &[Game], solver: &mut Solver) -> Vec<String> {
    let limits = Limits {
        nodes: Some(2_000_000),
        ..Limits::default()
    };
    let mut wrong = Vec::new();
    for game in sample {
        let pos = game.position();
        match prove(game, solver, &limits) {
            Err(e) => wrong.push(e.to_string()),
            Ok(proven) if Some(&proven) != book.entry(pos) => wrong.push(format!(
                "{pos}: proven {:?}, the book says {:?}",
                proven.gains,
                book.entry(pos).map(|e| e.gains)
            )),
            Ok(_) => {}
        }
    }
    wrong
}

/// Layers 0 to 10 of the canonical table (4.7 M positions) are enough to prove the sample.
#[test]
fn a_sample_of_the_book_re_proves_and_a_changed_value_is_caught() {
    use rajapasu_tablebase::{build::build, table_dir, Tablebase};
    let root = std::env::temp_dir().join(format!("rajapasu-book-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    build(&round(), &table_dir(&root, &round()).unwrap(), 10, &|_| {}).unwrap();
    let table = std::sync::Arc::new(Tablebase::open(&root, &round()).unwrap());
    let games = opening(round(), 6).games;
    let mut rng = Rng::new(23);
    let mut sample = vec![games[0].clone()];
    sample.extend((0..20).map(|_| games[rng.below(games.len())].clone()));
    let mut solver = Solver::new(20);
    solver.set_table(Some(table));
    let book = Book::embedded();
    assert_eq!(
        disagreements(book, &sample, &mut solver),
        Vec::<String>::new()
    );

    // One value changed by one counter in a copy: the same check names that position.
    let target = sample[1 + rng.below(20)].clone();
    let key = exact_key(target.position()).unwrap();
    let mut entries = book.entries().to_vec();
    let e = entries.iter_mut().find(|e| e.key == key).unwrap();
    let g = e.gains.iter_mut().flatten().next().unwrap();
    *g += 1;
    let changed = Book::new(round(), 6, entries).unwrap();
    let wrong = disagreements(&changed, std::slice::from_ref(&target), &mut solver);
    assert_eq!(wrong.len(), 1, "{wrong:?}");
    assert!(wrong[0].contains(&target.position().to_string()));
    std::fs::remove_dir_all(&root).unwrap();
}

/// The bytes of the embedded book with `change` applied to them, the checksum recomputed when
/// `reseal` (so that a check past it is reached).
fn altered(change: impl FnOnce(&mut Vec<u8>), reseal: bool) -> Vec<u8> {
    let mut bytes = Book::embedded().to_bytes();
    change(&mut bytes);
    if reseal {
        let sum = fnv1a64(&bytes[64..]);
        bytes[48..56].copy_from_slice(&sum.to_le_bytes());
    }
    bytes
}

#[test]
fn damaged_books_are_refused_with_the_reason() {
    let parse = |b: Vec<u8>| Book::parse(&b).unwrap_err();
    assert_eq!(parse(vec![0; 10]), BookError::TooShort { len: 10 });
    assert_eq!(parse(altered(|b| b[7] = b'3', false)), BookError::Magic);
    assert_eq!(
        parse(altered(|b| b[8..13].copy_from_slice(b"nopes"), false)),
        BookError::Rules("nopesical/mode=round".into())
    );
    let len = Book::embedded().to_bytes().len();
    assert_eq!(
        parse(altered(|b| b.truncate(len - 5), false)),
        BookError::Length {
            expected: len,
            found: len - 5
        }
    );
    assert_eq!(parse(altered(|b| b[1000] ^= 1, false)), BookError::Checksum);
    // Two entries swapped: out of order.
    let swap = |b: &mut Vec<u8>| {
        let (first, second) = b[64..112].split_at_mut(24);
        first.swap_with_slice(second);
    };
    assert_eq!(parse(altered(swap, true)), BookError::Order { entry: 1 });
    // A reserved byte set, and a value beyond the counters of the game.
    assert_eq!(
        parse(altered(|b| b[64 + 23] = 1, true)),
        BookError::Entry { entry: 0 }
    );
    assert_eq!(
        parse(altered(|b| b[64 + 24 + 16] = 120, true)),
        BookError::Entry { entry: 1 }
    );
    for e in [
        BookError::Magic,
        BookError::Checksum,
        BookError::Order { entry: 3 },
    ] {
        assert!(!e.to_string().is_empty());
    }
}

#[test]
fn level_six_plays_from_the_book_and_the_others_search() {
    use rajapasu_ai::{choose_move, Level};
    let game = Game::new(round());
    for seed in 0..4 {
        let c = choose_move(&game, Level::try_from(6).unwrap(), seed).unwrap();
        assert!([3, 6].contains(&c.mv.number()), "{c:?}");
        assert_eq!((c.score, c.depth, c.nodes), (1016, 0, 0), "{c:?}");
    }
    let c = choose_move(&game, Level::try_from(5).unwrap(), 1).unwrap();
    assert!(c.depth > 0, "{c:?}");
    // Analysis (and so hints) answers from the book too, every move proven.
    let scores = rajapasu_ai::analyze(&game, std::time::Duration::from_secs(5));
    assert_eq!(scores.len(), 7);
    assert!(scores
        .iter()
        .all(|s| s.proven.is_some_and(|b| b.exact() == Some(s.score))));
    assert_eq!(scores[0].score, 1016);
}

#[test]
fn the_file_is_version_2_and_version_1_files_are_still_read() {
    let shipped: &[u8] = include_bytes!("../data/canonical-round.rpbook");
    let v2 = Book::embedded().to_bytes();
    assert_eq!(v2, shipped, "the shipped file is what the program writes");
    assert_eq!(&v2[..8], b"RAJAPBK2");
    // Version 2's checksum is FNV-1a 64 of the entries' bytes (docs/BOOK.md gives it).
    let sum = u64::from_le_bytes(v2[48..56].try_into().unwrap());
    assert_eq!(sum, fnv1a64(&v2[64..]));
    assert_eq!(sum, 0x6bb1_5b3b_91b7_aa46);
    // The same entries as a version 1 file, with version 1's checksum (the file shipped
    // before): the same book.
    let mut v1 = v2.clone();
    v1[..8].copy_from_slice(b"RAJAPBK1");
    let old = checksum_v1(&v1[64..]);
    assert_eq!(old, 0x876a_bdb2_41d4_293b);
    v1[48..56].copy_from_slice(&old.to_le_bytes());
    assert_eq!(Book::parse(&v1).unwrap(), *Book::embedded());
    // Each version is checked with its own checksum.
    let mut mixed = v2.clone();
    mixed[..8].copy_from_slice(b"RAJAPBK1");
    assert_eq!(Book::parse(&mixed), Err(BookError::Checksum));
    v1[..8].copy_from_slice(b"RAJAPBK2");
    assert_eq!(Book::parse(&v1), Err(BookError::Checksum));
}

#[test]
fn the_key_layout_of_docs_book() {
    // BOOK.md's worked example: the position after South's first move 1. Hole counts in the
    // order S1..S7, N1..N7, 7 bits each: the first nine in the first word, the other five in
    // bits 0-34 of the second; the closed holes from bit 35 (none here), North to move at
    // bit 49. The captures are not in the key.
    let rules = round();
    let pos = Position::from_code("3,1,0,0,0,14,0/14,2,14,14,1,14,2 N 15 4", rules).unwrap();
    let key = exact_key(&pos).unwrap();
    assert_eq!(key, [0x021c_0070_0000_0083, 0x0002_0000_21c0_470e]);
    let other_captures = Position::from_code("3,1,0,0,0,14,0/14,2,14,14,1,14,2 N 14 5", rules);
    assert_eq!(exact_key(&other_captures.unwrap()), Some(key));
    // Its entry in the file: the key's two words, then the values of North's moves 1 to 7.
    let bytes = Book::embedded().to_bytes();
    let at = bytes[64..]
        .chunks_exact(24)
        .position(|e| e[..8] == key[0].to_le_bytes() && e[8..16] == key[1].to_le_bytes())
        .expect("the position is in the book");
    let entry = &bytes[64 + 24 * at..64 + 24 * at + 24];
    let values: Vec<i8> = entry[16..23].iter().map(|&b| b as i8).collect();
    let expected: Vec<i8> = Book::embedded()
        .entry(&pos)
        .unwrap()
        .gains
        .iter()
        .map(|g| g.unwrap_or(i8::MIN))
        .collect();
    assert_eq!(values, expected);
    // North's best, 7, ends the round 3 ahead from here on: South's 11 so far less 3, the +8
    // of South's 1 at the start.
    assert_eq!(values, [-5, -13, -3, -1, -11, -3, 3]);
    assert_eq!(entry[23], 0);
    // Closed holes (a round start of a match, keyed the same way): N1 and N2 are bits 7 and 8
    // of the mask, so bits 42 and 43 of the second word; South to move leaves bit 49 clear.
    let rules = Rules::default();
    let pos = Position::from_code("7,7,7,7,7,7,7/x,x,7,7,7,7,7 S 0 0 14 0 2", rules).unwrap();
    assert_eq!(
        exact_key(&pos),
        Some([0x0000_1c38_70e1_c387, 0x0000_0c00_70e1_c387])
    );
}
