//! The puzzle set shipped with the program (`crates/ai/data/puzzles.jsonl.gz`, docs/PUZZLES.md),
//! embedded as the opening book is, and reading a set from bytes, gzip-compressed or not.

use super::format::{read_lines, FormatError, Puzzle};
use std::fmt;
use std::io::Read;
use std::sync::LazyLock;

/// The shipped set: JSON lines, gzip-compressed.
static EMBEDDED: &[u8] = include_bytes!("../../data/puzzles.jsonl.gz");

/// Why bytes are not a puzzle set.
#[derive(Debug)]
pub enum SetError {
    /// Compressed, but not readable as gzip.
    Gzip(std::io::Error),
    /// Not UTF-8 text.
    Text,
    /// A line is not a puzzle.
    Format(FormatError),
}

impl fmt::Display for SetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetError::Gzip(e) => write!(f, "not a readable gzip file: {e}"),
            SetError::Text => write!(f, "not UTF-8 text"),
            SetError::Format(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for SetError {}

/// Reads a set: JSON lines, gzip-compressed if the bytes start with gzip's magic number.
///
/// ```
/// use rajapasu_ai::puzzles::read_set;
/// assert!(read_set(b"").unwrap().is_empty());
/// assert!(read_set(&[0x1f, 0x8b, 0]).is_err());
/// ```
pub fn read_set(bytes: &[u8]) -> Result<Vec<Puzzle>, SetError> {
    let text = if bytes.starts_with(&[0x1f, 0x8b]) {
        let mut text = String::new();
        flate2::read::GzDecoder::new(bytes)
            .read_to_string(&mut text)
            .map_err(|e| match e.kind() {
                std::io::ErrorKind::InvalidData if e.to_string().contains("UTF-8") => {
                    SetError::Text
                }
                _ => SetError::Gzip(e),
            })?;
        text
    } else {
        String::from_utf8(bytes.to_vec()).map_err(|_| SetError::Text)?
    };
    read_lines(&text).map_err(SetError::Format)
}

/// The shipped set (read once).
pub fn embedded() -> &'static [Puzzle] {
    static SET: LazyLock<Vec<Puzzle>> =
        LazyLock::new(|| read_set(EMBEDDED).expect("the shipped set is checked by the tests"));
    &SET
}
