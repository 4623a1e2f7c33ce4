//! Records of Mandiri games: the records of [`crate::record`], with moves named by hole and
//! the winners as the result (RULES.md section 7 and 9.7).
//!
//! ```text
//! [Event "Club evening"]
//! [Rules "mandiri"]
//! [Result "*"]
//!
//! {Round 1} S5 S6
//! *
//! ```

#[cfg(feature = "serde")]
use crate::hole::Hole;
use crate::mandiri::game::{Game, Status};
use crate::record::Recorded;

/// A Mandiri game record: tags, rule set, start position and moves.
///
/// ```
/// use rajapasu_engine::mandiri::Record;
/// let rec = Record::parse_text("[Rules \"mandiri/gift=2\"]\n{Round 1} S5 S6 *").unwrap();
/// assert_eq!(rec.moves.len(), 2);
/// assert_eq!(rec.replay().unwrap().moves().len(), 2);
/// assert_eq!(Record::parse_text(&rec.to_text()).unwrap(), rec);
/// ```
pub type Record = crate::record::GameRecord<Game>;

/// Why a Mandiri record was rejected.
pub type RecordError = crate::record::GameRecordError<Game>;

impl Recorded for Game {
    const NUMBERED: bool = false;
    const MOVE_FORM: &'static str = "a hole name such as S4 or N6";

    /// `*` while the game goes on, else its winners (`1`, or `1,3` shared).
    fn result_token(status: Status) -> String {
        match status {
            Status::Playing => "*".to_string(),
            Status::RoundOver { winners } | Status::MatchOver { winners } => winners.to_string(),
        }
    }

    fn is_result(token: &str) -> bool {
        token == "*" || token.split(',').all(|p| matches!(p, "1" | "2" | "3"))
    }

    #[cfg(feature = "serde")]
    fn move_to_json(mv: Hole) -> serde_json::Value {
        mv.to_string().into()
    }

    #[cfg(feature = "serde")]
    fn move_from_json(value: &serde_json::Value) -> Option<Hole> {
        value.as_str()?.parse().ok()
    }
}
