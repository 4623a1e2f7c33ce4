//! Game records: a plain-text format in the spirit of PGN, and (with the `serde` feature) JSON.
//!
//! ```text
//! [Event "Club evening"]
//! [South "Kumari"]
//! [North "Ravi"]
//! [Rules "canonical"]
//! [Result "*"]
//!
//! {Round 1} 1. 1 5 2. 3 4
//! *
//! ```
//!
//! The rule set and the start position (tag `Position`, when not the start of a match) are part
//! of the record. Move numbers, `{comments}` and the result token are optional when reading.
//!
//! With the `serde` feature, `Record::save` writes a record file in the format its name asks
//! for: the one place where the engine touches a file.

use crate::game::{Game, Status};
use crate::hole::Move;
use crate::position::{IllegalMove, Position};
use crate::record_text::{self, Movetext, Parsed, TextError};
use crate::rules::{Rules, RulesError};
use crate::side::Side;
use crate::ParseError;
use core::fmt;

/// A game record: tags, rule set, start position and moves.
///
/// ```
/// use rajapasu_engine::record::Record;
/// let rec = Record::parse_text("[Rules \"canonical/pussa=chain\"]\n{Round 1} 1. 1 2 *").unwrap();
/// assert_eq!(rec.moves.len(), 2);
/// let game = rec.replay().unwrap();
/// assert_eq!(game.position().to_string(), rec.replay().unwrap().position().to_string());
/// assert_eq!(Record::parse_text(&rec.to_text()).unwrap(), rec);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// Tags other than `Rules`, `Position` and `Result`, in order.
    pub tags: Vec<(String, String)>,
    /// The rule set.
    pub rules: Rules,
    /// The start position when it is not the start of a match.
    pub start: Option<Position>,
    /// The moves.
    pub moves: Vec<Move>,
}

/// Why a record was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// A tag line that is not `[Name "value"]`.
    BadTag {
        /// 1-based line number.
        line: usize,
        /// The line.
        text: String,
    },
    /// The `Rules` tag names no valid rule set.
    Rules(RulesError),
    /// The `Position` tag holds no valid position.
    Position(ParseError),
    /// A word in the moves that is no move, move number, comment or result.
    BadToken {
        /// 1-based line number.
        line: usize,
        /// The word.
        token: String,
    },
    /// A `{` comment is not closed.
    UnclosedComment,
    /// A move that cannot be played.
    Illegal {
        /// 1-based index of the move in the record.
        index: usize,
        /// The move.
        mv: Move,
        /// Why.
        error: IllegalMove,
    },
    /// A JSON record that does not parse.
    Json(String),
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::BadTag { line, text } => {
                write!(
                    f,
                    "line {line}: `{text}` is not a tag of the form [Name \"value\"]"
                )
            }
            RecordError::Rules(e) => write!(f, "Rules tag: {e}"),
            RecordError::Position(e) => write!(f, "Position tag: {e}"),
            RecordError::BadToken { line, token } => {
                write!(f, "line {line}: `{token}` is not a move (a hole number)")
            }
            RecordError::UnclosedComment => f.write_str("a `{` comment is never closed"),
            RecordError::Illegal { index, mv, error } => {
                write!(f, "move {index} ({mv}): {error}")
            }
            RecordError::Json(e) => write!(f, "JSON record: {e}"),
        }
    }
}

impl std::error::Error for RecordError {}

fn result_token(status: Status) -> &'static str {
    match status {
        Status::Playing => "*",
        s => match s.winner() {
            Some(Side::South) => "S",
            Some(Side::North) => "N",
            None => "draw",
        },
    }
}

impl Movetext for Record {
    type Move = Move;
    type Rules = Rules;
    type Error = RecordError;
    fn is_result(token: &str) -> bool {
        matches!(token, "*" | "S" | "N" | "draw" | "1-0" | "0-1" | "1/2-1/2")
    }
    record_text::text_errors!(RecordError);
}

impl Record {
    /// The record of `game`, with the given tags.
    pub fn from_game(game: &Game, tags: Vec<(String, String)>) -> Record {
        let start = *game.start();
        Record {
            tags,
            rules: *game.rules(),
            start: (start != Position::start(*game.rules())).then_some(start),
            moves: game.moves().to_vec(),
        }
    }

    /// The value of a tag.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// The position the record's moves start from.
    pub fn start_position(&self) -> Position {
        self.start.unwrap_or_else(|| Position::start(self.rules))
    }

    /// Plays the record's moves from its start.
    pub fn replay(&self) -> Result<Game, RecordError> {
        let mut game = Game::from_position(self.start_position());
        for (k, &mv) in self.moves.iter().enumerate() {
            game.try_play(mv).map_err(|error| RecordError::Illegal {
                index: k + 1,
                mv,
                error,
            })?;
        }
        Ok(game)
    }

    /// Reads the plain-text format.
    pub fn parse_text(text: &str) -> Result<Record, RecordError> {
        let Parsed {
            tags,
            rules,
            position: start_code,
            moves,
        } = record_text::read::<Record>(text)?;
        let start = match start_code {
            Some(code) => {
                let pos = Position::from_code(&code, rules).map_err(RecordError::Position)?;
                (pos != Position::start(rules)).then_some(pos)
            }
            None => None,
        };
        Ok(Record {
            tags,
            rules,
            start,
            moves,
        })
    }

    /// Writes the plain-text format. Moves are numbered in pairs within each round, and each
    /// round is marked with a `{Round N}` comment.
    pub fn to_text(&self) -> String {
        // The moves that can be played, up to the first that cannot: an illegal record is still
        // written as it is, its remaining moves in the round of that first illegal one, so that
        // nothing the user entered is lost.
        let mut game = Game::from_position(self.start_position());
        for &mv in &self.moves {
            if game.try_play(mv).is_err() {
                break;
            }
        }
        let rest = core::iter::repeat(game.position().round());
        let rounds = game.plies().map(|p| p.round()).chain(rest);
        record_text::write(
            &self.tags,
            self.rules,
            self.start,
            self.moves.iter().zip(rounds),
            true,
            result_token(game.status()),
        )
    }
}

/// The UTC date in the `Date` tag's form, `YYYY.MM.DD`, and the time `HH:MM:SS` of a time
/// given in seconds since 1970-01-01 UTC.
///
/// ```
/// use rajapasu_engine::record::utc_date_time;
/// assert_eq!(utc_date_time(0), ("1970.01.01".to_string(), "00:00:00".to_string()));
/// // A leap day.
/// assert_eq!(utc_date_time(1_709_210_096), ("2024.02.29".to_string(), "12:34:56".to_string()));
/// assert_eq!(utc_date_time(951_782_400).0, "2000.02.29");
/// ```
pub fn utc_date_time(secs: u64) -> (String, String) {
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    // Days since 1970-01-01 to a civil date, counted in 400-year eras from 0000-03-01.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    (
        format!("{year:04}.{month:02}.{day:02}"),
        format!("{:02}:{:02}:{:02}", rem / 3600, rem / 60 % 60, rem % 60),
    )
}

/// Why a record file could not be written.
#[derive(Debug)]
pub struct SaveError {
    /// The file.
    pub path: std::path::PathBuf,
    /// Why.
    pub error: std::io::Error,
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot write {}: {}", self.path.display(), self.error)
    }
}

impl std::error::Error for SaveError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

#[cfg(feature = "serde")]
mod json {
    use super::*;
    use serde::{Deserialize, Serialize};
    use std::path::Path;

    #[derive(Serialize, Deserialize)]
    struct JsonRecord {
        rules: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        position: Option<String>,
        #[serde(default)]
        tags: Vec<(String, String)>,
        moves: Vec<u8>,
        #[serde(default, skip_deserializing)]
        result: String,
    }

    impl Record {
        /// Writes the record as JSON: `{"rules", "position"?, "tags", "moves", "result"}`.
        pub fn to_json(&self) -> String {
            let game = self.replay().ok();
            let rec = JsonRecord {
                rules: self.rules.to_string(),
                position: self.start.map(|p| p.to_string()),
                tags: self.tags.clone(),
                moves: self.moves.iter().map(|m| m.number()).collect(),
                result: game.map_or("*", |g| result_token(g.status())).to_string(),
            };
            serde_json::to_string_pretty(&rec).expect("records serialize")
        }

        /// Reads a JSON record.
        pub fn parse_json(text: &str) -> Result<Record, RecordError> {
            let rec: JsonRecord =
                serde_json::from_str(text).map_err(|e| RecordError::Json(e.to_string()))?;
            let rules: Rules = rec.rules.parse().map_err(RecordError::Rules)?;
            let start = match rec.position {
                Some(code) => {
                    let pos = Position::from_code(&code, rules).map_err(RecordError::Position)?;
                    (pos != Position::start(rules)).then_some(pos)
                }
                None => None,
            };
            let moves = rec
                .moves
                .iter()
                .enumerate()
                .map(|(k, &n)| {
                    Move::new(n).ok_or_else(|| RecordError::BadToken {
                        line: k + 1,
                        token: n.to_string(),
                    })
                })
                .collect::<Result<_, _>>()?;
            Ok(Record {
                tags: rec.tags,
                rules,
                start,
                moves,
            })
        }

        /// The record as a file named `path` holds it: JSON if the name ends in `.json`, else
        /// plain text.
        pub fn to_file_text(&self, path: &Path) -> String {
            if path.extension().is_some_and(|e| e == "json") {
                self.to_json()
            } else {
                self.to_text()
            }
        }

        /// Writes the record to `path`, as JSON if the name ends in `.json`, else as plain text.
        ///
        /// ```
        /// use rajapasu_engine::record::Record;
        /// let rec = Record::parse_text("{Round 1} 1. 1 2 *").unwrap();
        /// let path = std::env::temp_dir().join(format!("rajapasu-doc-{}.json", std::process::id()));
        /// rec.save(&path).unwrap();
        /// let back = std::fs::read_to_string(&path).unwrap();
        /// assert!(back.trim_start().starts_with('{'));
        /// assert_eq!(Record::parse(&back).unwrap(), rec);
        /// std::fs::remove_file(&path).unwrap();
        /// ```
        pub fn save(&self, path: &Path) -> Result<(), SaveError> {
            std::fs::write(path, self.to_file_text(path)).map_err(|error| SaveError {
                path: path.to_path_buf(),
                error,
            })
        }

        /// Reads either format: JSON if the text is a JSON object (a `{` followed by a `"` or a
        /// `}`), else plain text, whose first line may well be a `{comment}`.
        ///
        /// ```
        /// use rajapasu_engine::record::Record;
        /// let text = Record::parse("{Round 1} 1. 1 2 *").unwrap();
        /// assert_eq!(text.moves.len(), 2);
        /// assert_eq!(Record::parse(&text.to_json()).unwrap(), text);
        /// ```
        pub fn parse(text: &str) -> Result<Record, RecordError> {
            let rest = text.trim_start().strip_prefix('{').map(str::trim_start);
            if rest.is_some_and(|r| r.is_empty() || r.starts_with(['"', '}'])) {
                Record::parse_json(text)
            } else {
                Record::parse_text(text)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_illegal_record_is_written_whole() {
        // After South's 2, North's hole 4 is empty: the second move cannot be played.
        let text = "[Position \"0,1,0,2,0,0,3/0,0,1,0,3,0,2 S 40 46\"]\n1. 2 4 5\n";
        let rec = Record::parse_text(text).unwrap();
        assert!(rec.replay().is_err());
        let written = rec.to_text();
        assert!(written.contains("{Round 1} 1. 2 4 2. 5\n*"), "{written}");
        assert_eq!(Record::parse_text(&written).unwrap(), rec);
    }
}
