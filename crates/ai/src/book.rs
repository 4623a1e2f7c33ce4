//! The proven opening book: every position of the canonical single round reached in the first
//! few moves, with the proven value of each legal move (docs/BOOK.md).
//!
//! The book is built by `rajapasu book build` with the [`crate::solver`] (and the endgame table
//! as its leaves): nothing estimated is ever written. It is embedded in the program
//! ([`Book::embedded`]), so proven values of the opening need no file and no wait.
//!
//! Each entry is keyed by the whole position ([`exact_key`]), so a hit is the position itself,
//! never a collision. Its values are the captures the mover makes from now on minus the
//! opponent's, with best play after the move: the table-style values of docs/SOLVING.md, true
//! values of the round whenever no position of the current layer has occurred twice.
//!
//! ```
//! use rajapasu_ai::book::Book;
//! use rajapasu_engine::{Game, Rules};
//! let game = Game::new(Rules::default().single_round());
//! let moves = Book::embedded().probe(&game).expect("the start is in the book");
//! // S3 wins the round by 16 (docs/SOLVING.md), S5 draws.
//! assert_eq!(moves[2].1.exact(), Some(16));
//! assert_eq!(moves[4].1.exact(), Some(0));
//! ```

use crate::fnv::fnv1a64;
use crate::solver::{exact_key, gain, Bounds, Solver};
use crate::Limits;
use rajapasu_engine::{Game, Move, Position, Rules};
use std::collections::HashSet;
use std::fmt;
use std::sync::LazyLock;

/// The first eight bytes of a book file, with the format's version: the version written.
pub const MAGIC: &[u8; 8] = b"RAJAPBK2";
/// The first eight bytes of a version 1 file, still read: the same layout, another checksum.
pub const MAGIC_V1: &[u8; 8] = b"RAJAPBK1";
/// Bytes of the header.
const HEADER: usize = 64;
/// Bytes of the rule set's text in the header (NUL-padded).
const RULES_BYTES: usize = 32;
/// Bytes of an entry: the 128-bit key, seven values, one reserved byte.
const ENTRY: usize = 24;
/// Moves a position has at most (holes a row).
pub const MOVES: usize = 7;
/// A value byte for a move that is not legal.
const ILLEGAL: i8 = i8::MIN;

/// The book shipped with the program: canonical/mode=round (docs/BOOK.md).
static EMBEDDED: &[u8] = include_bytes!("../data/canonical-round.rpbook");

/// The checksum of a book's entries, by the file's version.
fn checksum(version1: bool, body: &[u8]) -> u64 {
    if version1 {
        checksum_v1(body)
    } else {
        fnv1a64(body)
    }
}

/// Version 1's checksum: FNV-1a's offset basis, but over 8-byte little-endian words (the last
/// one padded with zeros) and with the multiplier 0x1000000001b3, not FNV's prime
/// 0x100000001b3 (docs/BOOK.md). Kept to read version 1 files.
///
/// ```
/// // An empty body leaves the offset basis; one word differs from FNV-1a 64.
/// assert_eq!(rajapasu_ai::book::checksum_v1(b""), 0xcbf2_9ce4_8422_2325);
/// assert_ne!(rajapasu_ai::book::checksum_v1(b"a"), rajapasu_ai::fnv::fnv1a64(b"a"));
/// ```
pub fn checksum_v1(body: &[u8]) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    for chunk in body.chunks(8) {
        let mut w = [0u8; 8];
        w[..chunk.len()].copy_from_slice(chunk);
        h = (h ^ u64::from_le_bytes(w)).wrapping_mul(0x1000_0000_01b3);
    }
    h
}

/// Why bytes are not a book.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BookError {
    /// Shorter than the header.
    TooShort {
        /// Bytes found.
        len: usize,
    },
    /// Not a book file, or a version this program does not read.
    Magic,
    /// The rule set in the header is not one this program knows, or has no exact keys.
    Rules(String),
    /// The length does not match the header's entry count.
    Length {
        /// Bytes the header announces.
        expected: usize,
        /// Bytes found.
        found: usize,
    },
    /// The entries' checksum does not match the header's: the file is damaged.
    Checksum,
    /// Entries out of order or repeated (they are sorted by key).
    Order {
        /// The entry out of place.
        entry: usize,
    },
    /// An entry's reserved byte or one of its values is not valid.
    Entry {
        /// The entry.
        entry: usize,
    },
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookError::TooShort { len } => {
                write!(
                    f,
                    "not an opening book: {len} bytes, shorter than the header"
                )
            }
            BookError::Magic => write!(
                f,
                "not an opening book of a version this program reads (the file does not start \
                 with {} or {})",
                String::from_utf8_lossy(MAGIC),
                String::from_utf8_lossy(MAGIC_V1)
            ),
            BookError::Rules(r) => write!(f, "the book's rule set {r:?} is not usable"),
            BookError::Length { expected, found } => write!(
                f,
                "the book should be {expected} bytes, it is {found}: truncated or damaged"
            ),
            BookError::Checksum => write!(f, "the book's checksum does not match: damaged"),
            BookError::Order { entry } => {
                write!(f, "entry {entry} of the book is out of order or repeated")
            }
            BookError::Entry { entry } => {
                write!(f, "entry {entry} of the book holds an invalid value")
            }
        }
    }
}

impl std::error::Error for BookError {}

/// One position of the book: its key and, for each move 1 to 7, the mover's proven captures
/// from now on minus the opponent's, with best play after the move (`None`: not legal).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookEntry {
    /// The position ([`exact_key`]).
    pub key: [u64; 2],
    /// Each move's proven value from now on.
    pub gains: [Option<i8>; MOVES],
}

/// A proven opening book for one rule set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Book {
    rules: Rules,
    plies: u8,
    entries: Vec<BookEntry>,
}

impl Book {
    /// A book of `entries` (any order; one per key) for `rules`, reached in at most `plies`
    /// moves. `None` if two entries share a key.
    pub fn new(rules: Rules, plies: u8, mut entries: Vec<BookEntry>) -> Option<Book> {
        entries.sort_by_key(|e| e.key);
        if entries.windows(2).any(|w| w[0].key == w[1].key) {
            return None;
        }
        Some(Book {
            rules,
            plies,
            entries,
        })
    }

    /// The book shipped with the program (parsed once).
    pub fn embedded() -> &'static Book {
        static BOOK: LazyLock<Book> = LazyLock::new(|| {
            Book::parse(EMBEDDED).expect("the embedded book is checked by the tests")
        });
        &BOOK
    }

    /// The rule set the book is for.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Its positions are those reached in at most this many moves from the start.
    pub fn plies(&self) -> u8 {
        self.plies
    }

    /// Its entries, sorted by key.
    pub fn entries(&self) -> &[BookEntry] {
        &self.entries
    }

    /// The entry of `pos`, if the book holds it (the rule set is not checked: see
    /// [`Book::probe`]).
    pub fn entry(&self, pos: &Position) -> Option<&BookEntry> {
        let key = exact_key(pos)?;
        self.entries
            .binary_search_by_key(&key, |e| e.key)
            .ok()
            .map(|i| &self.entries[i])
    }

    /// Each legal move of `game` with its proven final capture difference for the player to
    /// move (exact bounds), in move order; `None` unless the game is played under the book's
    /// rules, the round is on, no position of the current layer has occurred twice (the
    /// condition under which the book's values are true values) and the book holds the position.
    pub fn probe(&self, game: &Game) -> Option<Vec<(Move, Bounds)>> {
        if *game.rules() != self.rules || game.status().is_over() || game.repeated_in_layer() {
            return None;
        }
        let pos = game.position();
        let entry = self.entry(pos)?;
        let now = pos.lead(pos.to_move());
        game.legal_moves()
            .iter()
            .map(|&m| {
                let g = i32::from(entry.gains[usize::from(m.number()) - 1]?);
                let margin = now + g;
                Some((
                    m,
                    Bounds {
                        lower: margin,
                        upper: margin,
                    },
                ))
            })
            .collect()
    }

    /// The file, version 2: a 64-byte header, then the entries sorted by key (docs/BOOK.md).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut body = Vec::with_capacity(self.entries.len() * ENTRY);
        for e in &self.entries {
            body.extend_from_slice(&e.key[0].to_le_bytes());
            body.extend_from_slice(&e.key[1].to_le_bytes());
            body.extend(e.gains.iter().map(|g| g.unwrap_or(ILLEGAL) as u8));
            body.push(0);
        }
        let mut out = vec![0u8; HEADER];
        out[..8].copy_from_slice(MAGIC);
        let rules = self.rules.to_string();
        let n = rules.len().min(RULES_BYTES);
        out[8..8 + n].copy_from_slice(&rules.as_bytes()[..n]);
        out[40] = self.plies;
        out[44..48].copy_from_slice(&(self.entries.len() as u32).to_le_bytes());
        out[48..56].copy_from_slice(&checksum(false, &body).to_le_bytes());
        out.extend_from_slice(&body);
        out
    }

    /// Reads a book file of version 2 or 1, checking all of it.
    ///
    /// ```
    /// use rajapasu_ai::book::{Book, BookError};
    /// assert_eq!(Book::parse(b"RAJAP"), Err(BookError::TooShort { len: 5 }));
    /// assert_eq!(Book::parse(&[0u8; 64]), Err(BookError::Magic));
    /// ```
    pub fn parse(bytes: &[u8]) -> Result<Book, BookError> {
        if bytes.len() < HEADER {
            return Err(BookError::TooShort { len: bytes.len() });
        }
        let version1 = match &bytes[..8] {
            m if m == MAGIC => false,
            m if m == MAGIC_V1 => true,
            _ => return Err(BookError::Magic),
        };
        let text = &bytes[8..8 + RULES_BYTES];
        let text = &text[..text.iter().position(|&b| b == 0).unwrap_or(RULES_BYTES)];
        let text = String::from_utf8_lossy(text).into_owned();
        let rules: Rules = text.parse().map_err(|_| BookError::Rules(text.clone()))?;
        if rules.to_string() != text || rules.holes() > MOVES {
            return Err(BookError::Rules(text));
        }
        let plies = bytes[40];
        let count = u32::from_le_bytes(bytes[44..48].try_into().expect("4 bytes")) as usize;
        let expected = HEADER + count * ENTRY;
        if bytes.len() != expected {
            return Err(BookError::Length {
                expected,
                found: bytes.len(),
            });
        }
        let body = &bytes[HEADER..];
        if checksum(version1, body).to_le_bytes() != bytes[48..56] {
            return Err(BookError::Checksum);
        }
        let mut entries = Vec::with_capacity(count);
        for (i, b) in body.chunks_exact(ENTRY).enumerate() {
            let key = [
                u64::from_le_bytes(b[..8].try_into().expect("8 bytes")),
                u64::from_le_bytes(b[8..16].try_into().expect("8 bytes")),
            ];
            let mut gains = [None; MOVES];
            for (g, &v) in gains.iter_mut().zip(&b[16..23]) {
                let v = v as i8;
                if v != ILLEGAL {
                    if u32::from(v.unsigned_abs()) > rules.total() {
                        return Err(BookError::Entry { entry: i });
                    }
                    *g = Some(v);
                }
            }
            if b[23] != 0 || gains.iter().all(Option::is_none) {
                return Err(BookError::Entry { entry: i });
            }
            if entries.last().is_some_and(|e: &BookEntry| e.key >= key) {
                return Err(BookError::Order { entry: i });
            }
            entries.push(BookEntry { key, gains });
        }
        Ok(Book {
            rules,
            plies,
            entries,
        })
    }
}

/// The positions a book for `rules` holds: every position reached in at most `plies` moves
/// from the start with the round on, once each (by [`exact_key`]), breadth first.
#[derive(Clone, Debug)]
pub struct Opening {
    /// One game reaching each position, by ply (shallowest first).
    pub games: Vec<Game>,
    /// Positions left out because a position of their layer had occurred twice (no value is
    /// proven then).
    pub repeated: usize,
}

/// Enumerates the [`Opening`] of `rules` to `plies` moves.
///
/// ```
/// use rajapasu_ai::book::opening;
/// use rajapasu_engine::Rules;
/// let o = opening(Rules::default().single_round(), 2);
/// assert_eq!(o.games.len(), 1 + 7 + 34);
/// ```
pub fn opening(rules: Rules, plies: u32) -> Opening {
    let start = Game::new(rules);
    let mut seen = HashSet::new();
    let mut games = Vec::new();
    let mut repeated = 0;
    let mut frontier = vec![start];
    for ply in 0..=plies {
        let mut next = Vec::new();
        for g in frontier {
            let Some(key) = exact_key(g.position()) else {
                continue;
            };
            if !seen.insert(key) {
                continue;
            }
            if ply < plies {
                for &m in g.legal_moves().iter() {
                    let mut c = g.clone();
                    c.play(m);
                    if c.status().is_over() {
                        continue;
                    }
                    if c.repeated_in_layer() {
                        repeated += 1;
                        continue;
                    }
                    next.push(c);
                }
            }
            games.push(g);
        }
        frontier = next;
    }
    Opening { games, repeated }
}

/// A move whose value the solver did not prove within its budget.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unproven {
    /// The position.
    pub position: Position,
    /// The move.
    pub mv: Move,
    /// The bounds proven on its value from now on.
    pub bounds: Bounds,
}

impl fmt::Display for Unproven {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "move {} of {} is not proven: between {:+} and {:+}",
            self.mv, self.position, self.bounds.lower, self.bounds.upper
        )
    }
}

impl std::error::Error for Unproven {}

/// Proves the value of every legal move of `game` (from now on, for the player to move) with
/// `solver`, each within `limits`: the entry of the position, or the first move not proven.
pub fn prove(game: &Game, solver: &mut Solver, limits: &Limits) -> Result<BookEntry, Unproven> {
    let pos = *game.position();
    let key = exact_key(&pos).ok_or(Unproven {
        position: pos,
        mv: Move::new(1).expect("move 1"),
        bounds: Bounds::unknown(pos.on_board()),
    })?;
    let mut gains = [None; MOVES];
    for (m, bounds) in move_bounds(game, solver, limits) {
        let value = bounds
            .exact()
            .and_then(|v| i8::try_from(v).ok())
            .ok_or(Unproven {
                position: pos,
                mv: m,
                bounds,
            })?;
        gains[usize::from(m.number()) - 1] = Some(value);
    }
    Ok(BookEntry { key, gains })
}

/// The bounds proven on each legal move's value of `game` (the captures still to come, for the
/// player to move) with `solver`, each within `limits`, in the order of the moves. Lazy, so that
/// [`prove`] stops at the first move it cannot prove.
pub fn move_bounds<'a>(
    game: &'a Game,
    solver: &'a mut Solver,
    limits: &'a Limits,
) -> impl Iterator<Item = (Move, Bounds)> + 'a {
    let pos = *game.position();
    let me = pos.to_move();
    let moves = game.legal_moves();
    (0..moves.len()).map(move |i| {
        let m = moves[i];
        let mut g = game.clone();
        g.play(m);
        let after = *g.position();
        let bounds = if g.status().is_over() {
            let r = g.rounds().last().expect("a finished round");
            let d = r.captured[me] as i32 - r.captured[!me] as i32 - pos.lead(me);
            Bounds { lower: d, upper: d }
        } else if g.repeated_in_layer() {
            Bounds::unknown(pos.on_board())
        } else {
            solver
                .solve(&after, limits)
                .bounds
                .after(gain(&pos, &after, me))
        };
        (m, bounds)
    })
}
