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
//! How the game ended is the `Termination` tag ([`Termination`]), which gives the result of a
//! game not ended by the rules; [`GameRecord::check`] holds a record's result and termination
//! to its moves.
//!
//! With the `serde` feature, `Record::save` writes a record file in the format its name asks
//! for: the one place where the engine touches a file.

use crate::game::{Game, Status};
#[cfg(feature = "serde")]
use crate::hole::Move;
use crate::record_text::{self, Parsed, TextError};
use crate::rules::RulesError;
use crate::side::Side;
use core::fmt;

pub use crate::recorded::Recorded;
pub use crate::termination::Termination;

impl Recorded for Game {
    const NUMBERED: bool = true;
    const MOVE_FORM: &'static str = "a hole number";
    fn result_token(status: Status) -> String {
        let token = match status {
            Status::Playing => "*",
            s => match s.winner() {
                Some(Side::South) => "S",
                Some(Side::North) => "N",
                None => "draw",
            },
        };
        token.to_string()
    }
    fn is_result(token: &str) -> bool {
        matches!(token, "*" | "S" | "N" | "draw" | "1-0" | "0-1" | "1/2-1/2")
    }
    fn normal_result(token: &str) -> String {
        match token {
            "1-0" => "S",
            "0-1" => "N",
            "1/2-1/2" => "draw",
            t => t,
        }
        .to_string()
    }
    type Party = Side;
    const PARTIES: &'static [Side] = &Side::ALL;
    fn party_name(side: Side) -> String {
        side.to_string()
    }
    fn result_without(&self, losers: &[Side]) -> String {
        match Side::ALL.into_iter().find(|s| !losers.contains(s)) {
            Some(Side::South) => "S",
            Some(Side::North) => "N",
            None => "*",
        }
        .to_string()
    }
    fn agreed_draw(&self) -> String {
        "draw".to_string()
    }
    fn drawn_by_repetition(status: Status) -> bool {
        status == Status::MatchOver { winner: None }
    }
    #[cfg(feature = "serde")]
    fn move_to_json(mv: Move) -> serde_json::Value {
        mv.number().into()
    }
    #[cfg(feature = "serde")]
    fn move_from_json(value: &serde_json::Value) -> Option<Move> {
        value
            .as_u64()
            .and_then(|n| u8::try_from(n).ok())
            .and_then(Move::new)
    }
}

/// A Raja Pasu game record: tags, rule set, start position and moves.
pub type Record = GameRecord<Game>;

/// Why a Raja Pasu record was rejected.
pub type RecordError = GameRecordError<Game>;

/// A game record of either game: tags, rule set, start position and moves. Raja Pasu's is
/// [`Record`], Mandiri's [`crate::mandiri::Record`].
///
/// ```
/// use rajapasu_engine::record::Record;
/// let rec = Record::parse_text("[Rules \"canonical/pussa=chain\"]\n{Round 1} 1. 1 2 *").unwrap();
/// assert_eq!(rec.moves.len(), 2);
/// let game = rec.replay().unwrap();
/// assert_eq!(game.position().to_string(), rec.replay().unwrap().position().to_string());
/// assert_eq!(Record::parse_text(&rec.to_text()).unwrap(), rec);
/// ```
#[derive(Clone, Debug)]
pub struct GameRecord<G: Recorded> {
    /// Tags other than `Rules`, `Position` and `Result`, in order.
    pub tags: Vec<(String, String)>,
    /// The rule set.
    pub rules: G::Rules,
    /// The start position when it is not the start of a match.
    pub start: Option<G::Position>,
    /// The moves.
    pub moves: Vec<G::Move>,
    /// The result the record states (its `Result` tag, or else the result token after its
    /// moves), when it was read; `None` for a record made from a game, whose result is worked
    /// out when it is written ([`GameRecord::result`]). Not part of equality: it is checked
    /// against the moves and the termination ([`GameRecord::check`]).
    pub stated_result: Option<String>,
}

// By hand: a derive would ask the game itself, not only its rules, positions and moves, to be
// comparable. (The derived `Clone` and `Debug` ask the game for what every game has.)
impl<G: Recorded> PartialEq for GameRecord<G> {
    fn eq(&self, other: &Self) -> bool {
        self.tags == other.tags
            && self.rules == other.rules
            && self.start == other.start
            && self.moves == other.moves
    }
}

impl<G: Recorded> Eq for GameRecord<G> {}

/// Why a record was rejected.
#[derive(Clone, Debug)]
pub enum GameRecordError<G: Recorded> {
    /// A tag line that is not `[Name "value"]`.
    BadTag {
        /// 1-based line number.
        line: usize,
        /// The line.
        text: String,
    },
    /// The `Rules` tag names no valid rule set of the game.
    Rules(RulesError),
    /// The `Position` tag holds no valid position under the `Rules` tag's rule set.
    Position(G::CodeError),
    /// A word in the moves that is no move, move number, comment or result (for JSON, the
    /// move's number in place of the line).
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
        mv: G::Move,
        /// Why.
        error: G::IllegalMove,
    },
    /// A JSON record that does not parse.
    Json(String),
    /// The `Termination` tag names no termination.
    Termination(String),
    /// The termination does not fit the moves: the rules end the game and the termination
    /// says otherwise, or the other way round.
    EndingUnfit {
        /// The termination, as written.
        termination: String,
        /// Why it does not fit.
        why: &'static str,
    },
    /// The result the record states is not the one its moves and termination give.
    ResultMismatch {
        /// The result stated.
        stated: String,
        /// The result the moves and termination give.
        expected: String,
        /// What the expected result follows from: its moves, or its termination.
        ending: String,
    },
}

impl<G: Recorded> PartialEq for GameRecordError<G> {
    fn eq(&self, other: &Self) -> bool {
        use GameRecordError as E;
        match (self, other) {
            (E::BadTag { line: a, text: s }, E::BadTag { line: b, text: t }) => a == b && s == t,
            (E::Rules(a), E::Rules(b)) => a == b,
            (E::Position(a), E::Position(b)) => a == b,
            (E::BadToken { line: a, token: s }, E::BadToken { line: b, token: t }) => {
                a == b && s == t
            }
            (E::UnclosedComment, E::UnclosedComment) => true,
            (
                E::Illegal { index, mv, error },
                E::Illegal {
                    index: i,
                    mv: m,
                    error: e,
                },
            ) => index == i && mv == m && error == e,
            (E::Json(a), E::Json(b)) | (E::Termination(a), E::Termination(b)) => a == b,
            (
                E::EndingUnfit { termination, why },
                E::EndingUnfit {
                    termination: t,
                    why: w,
                },
            ) => termination == t && why == w,
            (
                E::ResultMismatch {
                    stated,
                    expected,
                    ending,
                },
                E::ResultMismatch {
                    stated: s,
                    expected: x,
                    ending: e,
                },
            ) => stated == s && expected == x && ending == e,
            _ => false,
        }
    }
}

impl<G: Recorded> Eq for GameRecordError<G> {}

impl<G: Recorded> fmt::Display for GameRecordError<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameRecordError::BadTag { line, text } => {
                write!(
                    f,
                    "line {line}: `{text}` is not a tag of the form [Name \"value\"]"
                )
            }
            GameRecordError::Rules(e) => write!(f, "Rules tag: {e}"),
            GameRecordError::Position(e) => write!(f, "Position tag: {e}"),
            GameRecordError::BadToken { line, token } => {
                write!(f, "line {line}: `{token}` is not a move ({})", G::MOVE_FORM)
            }
            GameRecordError::UnclosedComment => f.write_str("a `{` comment is never closed"),
            GameRecordError::Illegal { index, mv, error } => {
                write!(f, "move {index} ({mv}): {error}")
            }
            GameRecordError::Json(e) => write!(f, "JSON record: {e}"),
            GameRecordError::Termination(t) => write!(
                f,
                "Termination tag: `{t}` names no way a game ends; the forms are {}",
                Termination::<G>::forms()
            ),
            GameRecordError::EndingUnfit { termination, why } => {
                write!(f, "Termination tag `{termination}`: {why}")
            }
            GameRecordError::ResultMismatch {
                stated,
                expected,
                ending,
            } => write!(
                f,
                "the record states the result `{stated}`, but by {ending} it is `{expected}`"
            ),
        }
    }
}

impl<G: Recorded> std::error::Error for GameRecordError<G> {}

impl<G: Recorded> From<TextError> for GameRecordError<G> {
    fn from(error: TextError) -> Self {
        match error {
            TextError::BadTag(line, text) => GameRecordError::BadTag { line, text },
            TextError::BadToken(line, token) => GameRecordError::BadToken { line, token },
            TextError::UnclosedComment => GameRecordError::UnclosedComment,
            TextError::Rules(e) => GameRecordError::Rules(e),
        }
    }
}

impl<G: Recorded> GameRecord<G> {
    /// The record of `game`, with the given tags.
    pub fn from_game(game: &G, tags: Vec<(String, String)>) -> GameRecord<G> {
        let rules = *game.rules();
        let start = *game.start();
        GameRecord {
            tags,
            rules,
            start: (start != G::start_position(rules)).then_some(start),
            moves: game.moves().to_vec(),
            stated_result: None,
        }
    }

    /// The record's `Termination` tag, read; `None` when it has none.
    pub fn termination(&self) -> Result<Option<Termination<G>>, GameRecordError<G>> {
        self.tag("Termination")
            .map(|t| Termination::parse(t).ok_or_else(|| GameRecordError::Termination(t.into())))
            .transpose()
    }

    /// The result token of the record whose moves leave `game`: the one its termination
    /// gives when it names one ([`Termination::result`]), else the one its moves give (`*`
    /// while the game goes on).
    pub fn result(&self, game: &G) -> String {
        match self.termination() {
            Ok(Some(t)) => t.result(game),
            _ => G::result_token(game.status()),
        }
    }

    /// Replays the record and checks how it says the game ended: its termination must fit
    /// the moves (the rules end the game exactly when the termination says the rules ended
    /// it; [`Termination::Repetition`] only for a match drawn that way), and the result it
    /// states must be the one its moves and termination give. A record that ended otherwise
    /// than by the rules may state `*`, as records written before terminations had results
    /// did. The game, replayed.
    ///
    /// ```
    /// use rajapasu_engine::record::{Record, RecordError};
    /// let resigned = "[Termination \"North resigned\"]\n[Result \"S\"]\n1. 1 5 *";
    /// assert!(Record::parse_text(resigned).unwrap().check().is_ok());
    /// let wrong = Record::parse_text("[Result \"S\"]\n1. 1 5").unwrap();
    /// let err = wrong.check().unwrap_err();
    /// assert!(matches!(err, RecordError::ResultMismatch { .. }), "{err}");
    /// assert_eq!(err.to_string(), "the record states the result `S`, but by its moves it is `*`");
    /// ```
    pub fn check(&self) -> Result<G, GameRecordError<G>> {
        let game = self.replay()?;
        let termination = self.termination()?;
        let unfit = |why| GameRecordError::EndingUnfit {
            termination: self.tag("Termination").unwrap_or_default().to_string(),
            why,
        };
        let ending = match &termination {
            None => "its moves".to_string(),
            Some(t) if t.by_the_rules() && !game.is_over() => {
                return Err(unfit("the moves do not end the game"));
            }
            Some(Termination::Repetition) if !G::drawn_by_repetition(game.status()) => {
                return Err(unfit(
                    "the moves do not end the match drawn by a round start repeated",
                ));
            }
            Some(t) if !t.by_the_rules() && game.is_over() => {
                return Err(unfit("the moves end the game by the rules"));
            }
            Some(t) => format!("its termination `{t}`"),
        };
        let expected = self.result(&game);
        if let Some(stated) = &self.stated_result {
            let stated_normal = G::normal_result(stated);
            let unfinished_old = stated == "*" && termination.is_some_and(|t| !t.by_the_rules());
            if G::normal_result(&expected) != stated_normal && !unfinished_old {
                return Err(GameRecordError::ResultMismatch {
                    stated: stated.clone(),
                    expected,
                    ending,
                });
            }
        }
        Ok(game)
    }

    /// The value of a tag.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// The position the record's moves start from.
    pub fn start_position(&self) -> G::Position {
        self.start.unwrap_or_else(|| G::start_position(self.rules))
    }

    /// Plays the record's moves from its start.
    pub fn replay(&self) -> Result<G, GameRecordError<G>> {
        let mut game = G::from_position(self.start_position());
        for (k, &mv) in self.moves.iter().enumerate() {
            game.try_play(mv)
                .map_err(|error| GameRecordError::Illegal {
                    index: k + 1,
                    mv,
                    error,
                })?;
        }
        Ok(game)
    }

    /// A record from what its text says, the start position read under its rule set.
    fn with_start(
        tags: Vec<(String, String)>,
        rules: G::Rules,
        code: Option<String>,
        moves: Vec<G::Move>,
        stated_result: Option<String>,
    ) -> Result<GameRecord<G>, GameRecordError<G>> {
        let start = match code {
            Some(code) => {
                let pos = G::parse_position(&code, rules).map_err(GameRecordError::Position)?;
                (pos != G::start_position(rules)).then_some(pos)
            }
            None => None,
        };
        Ok(GameRecord {
            tags,
            rules,
            start,
            moves,
            stated_result,
        })
    }

    /// Reads the plain-text format.
    pub fn parse_text(text: &str) -> Result<GameRecord<G>, GameRecordError<G>> {
        let Parsed {
            tags,
            rules,
            position,
            moves,
            result,
        } = record_text::read::<G::Rules, G::Move>(text, G::is_result)?;
        GameRecord::with_start(tags, rules, position, moves, result)
    }

    /// Writes the plain-text format. Each round is marked with a `{Round N}` comment (and,
    /// in Raja Pasu, its moves numbered in pairs).
    pub fn to_text(&self) -> String {
        // The moves that can be played, up to the first that cannot: an illegal record is still
        // written as it is, its remaining moves in the round of that first illegal one, so that
        // nothing the user entered is lost.
        let mut game = G::from_position(self.start_position());
        let mut legal = true;
        let mut moves = Vec::with_capacity(self.moves.len());
        for &mv in &self.moves {
            moves.push((mv, game.round()));
            legal = legal && game.try_play(mv).is_ok();
        }
        record_text::write(
            &self.tags,
            self.rules,
            self.start,
            moves,
            G::NUMBERED,
            &self.result(&game),
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
        moves: Vec<serde_json::Value>,
        #[serde(default)]
        result: String,
    }

    impl<G: Recorded> GameRecord<G> {
        /// Writes the record as JSON: `{"rules", "position"?, "tags", "moves", "result"}`, the
        /// moves as Raja Pasu's hole numbers or Mandiri's hole names.
        ///
        /// ```
        /// use rajapasu_engine::mandiri;
        /// let rec = mandiri::Record::parse_text("[Rules \"mandiri\"]\nS5 S6").unwrap();
        /// assert_eq!(mandiri::Record::parse_json(&rec.to_json()).unwrap(), rec);
        /// ```
        pub fn to_json(&self) -> String {
            let rec = JsonRecord {
                rules: self.rules.to_string(),
                position: self.start.map(|p| p.to_string()),
                tags: self.tags.clone(),
                moves: self.moves.iter().map(|&m| G::move_to_json(m)).collect(),
                result: self.replay().map_or("*".to_string(), |g| self.result(&g)),
            };
            serde_json::to_string_pretty(&rec).expect("records serialize")
        }

        /// Reads a JSON record.
        pub fn parse_json(text: &str) -> Result<GameRecord<G>, GameRecordError<G>> {
            let rec: JsonRecord =
                serde_json::from_str(text).map_err(|e| GameRecordError::Json(e.to_string()))?;
            let rules: G::Rules = rec.rules.parse().map_err(GameRecordError::Rules)?;
            let moves = rec
                .moves
                .iter()
                .enumerate()
                .map(|(k, m)| {
                    G::move_from_json(m).ok_or_else(|| GameRecordError::BadToken {
                        line: k + 1,
                        token: m.as_str().map_or_else(|| m.to_string(), str::to_string),
                    })
                })
                .collect::<Result<_, _>>()?;
            let stated = Some(rec.result).filter(|r| !r.is_empty());
            GameRecord::with_start(rec.tags, rules, rec.position, moves, stated)
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
        pub fn parse(text: &str) -> Result<GameRecord<G>, GameRecordError<G>> {
            let rest = text.trim_start().strip_prefix('{').map(str::trim_start);
            if rest.is_some_and(|r| r.is_empty() || r.starts_with(['"', '}'])) {
                GameRecord::parse_json(text)
            } else {
                GameRecord::parse_text(text)
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
        let rec: Record = GameRecord::parse_text(text).unwrap();
        assert!(rec.replay().is_err());
        let written = rec.to_text();
        assert!(written.contains("{Round 1} 1. 2 4 2. 5\n*"), "{written}");
        assert_eq!(GameRecord::parse_text(&written).unwrap(), rec);
    }
}

#[cfg(test)]
mod mandiri_tests {
    use crate::mandiri::{self, Rules};
    use crate::record::GameRecordError;

    #[test]
    fn a_position_tag_of_another_rule_set_is_refused() {
        let code = mandiri::Position::start("mandiri/gift=2".parse::<Rules>().unwrap()).to_string();
        let text = format!("[Rules \"mandiri\"]\n[Position \"{code}\"]\nS5");
        let err = mandiri::Record::parse_text(&text).unwrap_err();
        assert!(matches!(err, GameRecordError::Position(_)), "{err}");
        assert!(err.to_string().contains("mandiri/gift=2"), "{err}");
    }

    #[test]
    fn mandiri_moves_are_named_by_hole() {
        let rec = mandiri::Record::parse_text("[Rules \"mandiri\"]\n{Round 1} S5 S6 *").unwrap();
        assert_eq!(
            rec.to_text(),
            "[Rules \"mandiri\"]\n[Result \"*\"]\n\n{Round 1} S5 S6\n*\n"
        );
        let err = mandiri::Record::parse_text("[Rules \"mandiri\"]\nQ4").unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 2: `Q4` is not a move (a hole name such as S4 or N6)"
        );
        let _: crate::record::GameRecord<mandiri::Game> = rec;
    }
}
