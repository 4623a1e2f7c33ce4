//! Records of Mandiri games: the plain-text format of the two-player records (RULES.md
//! section 7) with moves named by hole, and (with the `serde` feature) JSON.
//!
//! ```text
//! [Event "Club evening"]
//! [Rules "mandiri"]
//! [Result "*"]
//!
//! {Round 1} S5 S6
//! *
//! ```

use crate::hole::Hole;
use crate::mandiri::code::MandiriCodeError;
use crate::mandiri::game::{MandiriGame, MandiriStatus};
use crate::mandiri::position::{MandiriIllegalMove, MandiriPosition};
use crate::mandiri::rules::MandiriRules;
use crate::record_text::{self, Movetext, TextError};
use crate::rules::RulesError;
use core::fmt;

/// A Mandiri game record: tags, rule set, start position and moves.
///
/// ```
/// use rajapasu_engine::mandiri::MandiriRecord;
/// let rec = MandiriRecord::parse_text("[Rules \"mandiri/gift=2\"]\n{Round 1} S5 S6 *").unwrap();
/// assert_eq!(rec.moves.len(), 2);
/// assert_eq!(rec.replay().unwrap().moves().len(), 2);
/// assert_eq!(MandiriRecord::parse_text(&rec.to_text()).unwrap(), rec);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MandiriRecord {
    /// Tags other than `Rules`, `Position` and `Result`, in order.
    pub tags: Vec<(String, String)>,
    /// The rule set.
    pub rules: MandiriRules,
    /// The start position when it is not the start of a match.
    pub start: Option<MandiriPosition>,
    /// The moves, by hole.
    pub moves: Vec<Hole>,
}

/// Why a Mandiri record was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MandiriRecordError {
    /// A tag line that is not `[Name "value"]`.
    BadTag {
        /// 1-based line number.
        line: usize,
        /// The line.
        text: String,
    },
    /// The `Rules` tag names no Mandiri rule set.
    Rules(RulesError),
    /// The `Position` tag is not a valid Mandiri position code.
    Position(MandiriCodeError),
    /// The `Position` tag's rule set is not the `Rules` tag's.
    RulesDiffer {
        /// The `Rules` tag.
        rules: MandiriRules,
        /// The rule set of the `Position` tag.
        position: MandiriRules,
    },
    /// A token of the movetext that is not a hole name, a move number or a result.
    BadToken {
        /// 1-based line number (for JSON, the move's number).
        line: usize,
        /// The token.
        token: String,
    },
    /// A `{` comment without its `}`.
    UnclosedComment,
    /// A move that cannot be played.
    Illegal {
        /// The move's number, from 1.
        number: usize,
        /// Why.
        error: MandiriIllegalMove,
    },
    /// A JSON record that does not parse.
    Json(String),
}

impl fmt::Display for MandiriRecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use MandiriRecordError as E;
        match self {
            E::BadTag { line, text } => {
                write!(f, "line {line}: `{text}` is not a tag `[Name \"value\"]`")
            }
            E::Rules(e) => write!(f, "Rules tag: {e}"),
            E::Position(e) => write!(f, "Position tag: {e}"),
            E::RulesDiffer { rules, position } => write!(
                f,
                "the Rules tag says `{rules}` but the Position tag's rule set is `{position}`"
            ),
            E::BadToken { line, token } => {
                write!(f, "line {line}: `{token}` is not a move such as S4 or N6")
            }
            E::UnclosedComment => f.write_str("a `{` comment is not closed"),
            E::Illegal { number, error } => write!(f, "move {number}: {error}"),
            E::Json(e) => write!(f, "not a Mandiri JSON record: {e}"),
        }
    }
}

impl std::error::Error for MandiriRecordError {}

/// The result token of a game: `*` while it goes on, else its winners (`1`, or `1,3` shared).
fn result_token(status: MandiriStatus) -> String {
    match status {
        MandiriStatus::Playing => "*".to_string(),
        MandiriStatus::RoundOver { winners } | MandiriStatus::MatchOver { winners } => {
            winners.to_string()
        }
    }
}

impl Movetext for MandiriRecord {
    type Move = Hole;
    type Rules = MandiriRules;
    type Error = MandiriRecordError;
    fn is_result(token: &str) -> bool {
        token == "*" || token.split(',').all(|p| matches!(p, "1" | "2" | "3"))
    }
    record_text::text_errors!(MandiriRecordError);
}

impl MandiriRecord {
    /// The record of `game`, with `tags`.
    pub fn from_game(game: &MandiriGame, tags: Vec<(String, String)>) -> MandiriRecord {
        let start = game.start();
        let rules = *start.rules();
        MandiriRecord {
            tags,
            rules,
            start: (start != MandiriPosition::start(rules)).then_some(start),
            moves: game.moves().to_vec(),
        }
    }

    /// The position the game starts from.
    pub fn start_position(&self) -> MandiriPosition {
        self.start
            .unwrap_or_else(|| MandiriPosition::start(self.rules))
    }

    /// Plays the moves from the start.
    pub fn replay(&self) -> Result<MandiriGame, MandiriRecordError> {
        let mut game = MandiriGame::from_position(self.start_position());
        for (k, &mv) in self.moves.iter().enumerate() {
            game.try_play(mv)
                .map_err(|error| MandiriRecordError::Illegal {
                    number: k + 1,
                    error,
                })?;
        }
        Ok(game)
    }

    fn with_start(
        tags: Vec<(String, String)>,
        rules: MandiriRules,
        code: Option<String>,
        moves: Vec<Hole>,
    ) -> Result<MandiriRecord, MandiriRecordError> {
        let start = match code {
            Some(code) => {
                let pos =
                    MandiriPosition::from_code(&code).map_err(MandiriRecordError::Position)?;
                if *pos.rules() != rules {
                    return Err(MandiriRecordError::RulesDiffer {
                        rules,
                        position: *pos.rules(),
                    });
                }
                (pos != MandiriPosition::start(rules)).then_some(pos)
            }
            None => None,
        };
        Ok(MandiriRecord {
            tags,
            rules,
            start,
            moves,
        })
    }

    /// Reads the plain-text format.
    pub fn parse_text(text: &str) -> Result<MandiriRecord, MandiriRecordError> {
        let text = record_text::read::<MandiriRecord>(text)?;
        MandiriRecord::with_start(text.tags, text.rules, text.position, text.moves)
    }

    /// Writes the plain-text format, each round's moves after a `{Round N}` comment. The moves
    /// after one that cannot be played are written in the round of that move.
    pub fn to_text(&self) -> String {
        let mut game = MandiriGame::from_position(self.start_position());
        let mut legal = true;
        let mut moves = Vec::new();
        for &mv in &self.moves {
            moves.push((mv, game.position().round()));
            legal = legal && game.try_play(mv).is_ok();
        }
        record_text::write(
            &self.tags,
            self.rules,
            self.start,
            moves,
            false,
            &result_token(game.status()),
        )
    }
}

#[cfg(feature = "serde")]
mod json {
    use super::*;
    use serde::{Deserialize, Serialize};

    #[derive(Serialize, Deserialize)]
    struct JsonRecord {
        rules: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        position: Option<String>,
        #[serde(default)]
        tags: Vec<(String, String)>,
        moves: Vec<String>,
        #[serde(default, skip_deserializing)]
        result: String,
    }

    impl MandiriRecord {
        /// Writes the record as JSON: `{"rules", "position"?, "tags", "moves", "result"}`, the
        /// moves as hole names.
        ///
        /// ```
        /// use rajapasu_engine::mandiri::MandiriRecord;
        /// let rec = MandiriRecord::parse_text("[Rules \"mandiri\"]\nS5 S6").unwrap();
        /// assert_eq!(MandiriRecord::parse_json(&rec.to_json()).unwrap(), rec);
        /// ```
        pub fn to_json(&self) -> String {
            let rec = JsonRecord {
                rules: self.rules.to_string(),
                position: self.start.map(|p| p.to_string()),
                tags: self.tags.clone(),
                moves: self.moves.iter().map(|m| m.to_string()).collect(),
                result: self
                    .replay()
                    .map_or("*".to_string(), |g| result_token(g.status())),
            };
            serde_json::to_string_pretty(&rec).expect("records serialize")
        }

        /// Reads a JSON record.
        pub fn parse_json(text: &str) -> Result<MandiriRecord, MandiriRecordError> {
            let rec: JsonRecord =
                serde_json::from_str(text).map_err(|e| MandiriRecordError::Json(e.to_string()))?;
            let rules: MandiriRules = rec.rules.parse().map_err(MandiriRecordError::Rules)?;
            let moves = rec
                .moves
                .iter()
                .enumerate()
                .map(|(k, m)| {
                    m.parse().map_err(|_| MandiriRecordError::BadToken {
                        line: k + 1,
                        token: m.clone(),
                    })
                })
                .collect::<Result<_, _>>()?;
            MandiriRecord::with_start(rec.tags, rules, rec.position, moves)
        }
    }
}
