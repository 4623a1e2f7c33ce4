//! A seek (an open challenge) as asked for and as kept: the game (Raja Pasu, or Mandiri, which
//! waits for three players), single round or match, the time control, rated or casual, an
//! optional rating range; checked when it is made.

use crate::error::ApiError;
use crate::games::clock::Control;
use rajapasu_rating::{Pool, Variant};
use serde::{Deserialize, Serialize};

/// The lowest and highest rating a range may name.
pub const RATING_BOUNDS: (u32, u32) = (0, 4000);

/// The game a seek is for.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum SeekGame {
    /// Raja Pasu, for two: the first player to accept starts the game.
    #[default]
    RajaPasu,
    /// Raja Pasu Mandiri, for three: one player joins the seeker, the next starts the game.
    Mandiri,
}

impl SeekGame {
    /// Reads the API's word for a game: `raja_pasu` (also when absent) or `mandiri`; 422
    /// `bad_game` otherwise. Seeks and tournaments read it alike.
    ///
    /// ```
    /// use rajapasu_server::lobby::seek::SeekGame;
    /// assert_eq!(SeekGame::read(None).unwrap(), SeekGame::RajaPasu);
    /// assert_eq!(SeekGame::read(Some("mandiri")).unwrap(), SeekGame::Mandiri);
    /// assert_eq!(SeekGame::read(Some("chess")).unwrap_err().code_word(), "bad_game");
    /// ```
    pub fn read(word: Option<&str>) -> Result<SeekGame, ApiError> {
        match word {
            None | Some("raja_pasu") => Ok(SeekGame::RajaPasu),
            Some("mandiri") => Ok(SeekGame::Mandiri),
            Some(other) => {
                let shown: String = other.chars().take(40).collect();
                Err(ApiError::unprocessable(format!(
                    "game: {shown:?} is none: `raja_pasu` or `mandiri`"
                ))
                .code("bad_game"))
            }
        }
    }

    /// How many players the game seats: its seeker and those who accept.
    pub fn players(self) -> usize {
        match self {
            SeekGame::RajaPasu => 2,
            SeekGame::Mandiri => 3,
        }
    }
}

/// Single round or match.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Default)]
#[serde(rename_all = "lowercase")]
pub enum Length {
    /// One round.
    #[default]
    Round,
    /// A match of rounds.
    Match,
}

/// Body of `POST /api/lobby/seeks`.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct SeekRequest {
    /// The lobby socket that holds the seek (its `hello` gave the id).
    pub socket: String,
    /// `raja_pasu` (the default) or `mandiri`.
    #[serde(default)]
    pub game: Option<String>,
    /// `round` (the default) or `match`.
    #[serde(default)]
    pub mode: Option<Length>,
    /// The time control: `"3+2"`, `"1d"`.
    pub clock: String,
    /// Rated (true) or casual (the default).
    #[serde(default)]
    pub rated: bool,
    /// The lowest rating of an opponent, in the seek's pool.
    #[serde(default)]
    pub min_rating: Option<u32>,
    /// The highest rating of an opponent, in the seek's pool.
    #[serde(default)]
    pub max_rating: Option<u32>,
    /// A direct challenge: the name of the only player who may accept it.
    #[serde(default)]
    pub opponent: Option<String>,
}

/// What a seek asks for, checked; stored as JSON beside it.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct SeekSettings {
    /// The game (seeks stored before Mandiri seeks say nothing: Raja Pasu).
    #[serde(default)]
    pub game: SeekGame,
    /// Single round or match.
    pub mode: Length,
    /// The time control.
    pub clock: Control,
    /// Rated or casual.
    pub rated: bool,
    /// The lowest rating of an opponent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_rating: Option<u32>,
    /// The highest rating of an opponent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_rating: Option<u32>,
    /// The seeker's rating in the pool when the seek was made (a signed-in seeker's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seeker_rating: Option<SeekerRating>,
    /// A direct challenge's opponent: the only account that may accept it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opponent: Option<Opponent>,
}

/// The player a direct challenge is for: their account's id and name.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct Opponent {
    /// The account's id.
    pub id: String,
    /// The account's name, as registered.
    pub name: String,
}

/// A seeker's rating as the lobby lists it.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeekerRating {
    /// Rounded.
    pub rating: i64,
    /// Provisional (shown with a question mark).
    pub provisional: bool,
}

impl SeekRequest {
    /// Checks the request: a socket id, a game, a time control, a range that is one.
    ///
    /// ```
    /// use rajapasu_server::lobby::seek::SeekRequest;
    /// let read = |s: &str| serde_json::from_str::<SeekRequest>(s).unwrap().settings();
    /// let ok = read(r#"{"socket": "s1", "clock": "3+2", "min_rating": 1400}"#).unwrap();
    /// assert_eq!((ok.clock.to_string(), ok.rated, ok.min_rating), ("3+2".into(), false, Some(1400)));
    /// let code = |s: &str| read(s).unwrap_err().code_word();
    /// assert_eq!(code(r#"{"socket": "s1", "clock": "0+1"}"#), "bad_clock");
    /// assert_eq!(code(r#"{"socket": "s1", "clock": "3+2", "game": "chess"}"#), "bad_game");
    /// let mandiri = read(r#"{"socket": "s1", "clock": "1d", "game": "mandiri"}"#).unwrap();
    /// assert_eq!(mandiri.pool().to_string(), "mandiri-correspondence");
    /// assert_eq!(code(r#"{"socket": "", "clock": "3+2"}"#), "bad_socket");
    /// assert_eq!(code(r#"{"socket": "s1", "clock": "3+2", "min_rating": 1600, "max_rating": 1500}"#), "bad_range");
    /// ```
    pub fn settings(&self) -> Result<SeekSettings, ApiError> {
        if !valid_socket(&self.socket) {
            return Err(ApiError::unprocessable(
                "socket: the id the lobby's socket said hello with (letters and digits)",
            )
            .code("bad_socket"));
        }
        let game = SeekGame::read(self.game.as_deref())?;
        let clock = read_clock(&self.clock)?;
        let (lo, hi) = RATING_BOUNDS;
        let in_bounds = |r: Option<u32>| r.map_or(true, |r| (lo..=hi).contains(&r));
        let ordered = match (self.min_rating, self.max_rating) {
            (Some(a), Some(b)) => a <= b,
            _ => true,
        };
        if !(in_bounds(self.min_rating) && in_bounds(self.max_rating) && ordered) {
            return Err(ApiError::unprocessable(format!(
                "min_rating and max_rating: ratings from {lo} to {hi}, the lowest first"
            ))
            .code("bad_range"));
        }
        Ok(SeekSettings {
            game,
            mode: self.mode.unwrap_or_default(),
            clock,
            rated: self.rated,
            min_rating: self.min_rating,
            max_rating: self.max_rating,
            seeker_rating: None,
            opponent: None,
        })
    }
}

/// Reads a time control (`"3+2"`, `"1d"`); 422 `bad_clock` naming the problem otherwise.
/// Seeks and tournaments read it alike.
pub fn read_clock(text: &str) -> Result<Control, ApiError> {
    text.parse().map_err(|e: crate::games::clock::BadControl| {
        ApiError::unprocessable(e.to_string()).code("bad_clock")
    })
}

/// Whether `id` can be a lobby socket's id: letters and digits, 1 to 64.
pub fn valid_socket(id: &str) -> bool {
    !id.is_empty() && id.len() <= 64 && id.bytes().all(|b| b.is_ascii_alphanumeric())
}

impl SeekSettings {
    /// The rating pool of the game the seek makes (Mandiri's rounds and matches share one).
    pub fn pool(&self) -> Pool {
        Pool {
            variant: match (self.game, self.mode) {
                (SeekGame::Mandiri, _) => Variant::Mandiri,
                (SeekGame::RajaPasu, Length::Round) => Variant::Round,
                (SeekGame::RajaPasu, Length::Match) => Variant::Match,
            },
            speed: self.clock.speed(),
        }
    }

    /// Whether a player rated `rating` in the pool is within the range.
    ///
    /// ```
    /// use rajapasu_server::lobby::seek::SeekRequest;
    /// let body = r#"{"socket": "s", "clock": "3+2", "min_rating": 1400, "max_rating": 1600}"#;
    /// let s = serde_json::from_str::<SeekRequest>(body).unwrap().settings().unwrap();
    /// assert!(s.admits(1500.0) && s.admits(1400.0) && !s.admits(1399.4) && !s.admits(1700.0));
    /// ```
    pub fn admits(&self, rating: f64) -> bool {
        let r = rating.round();
        self.min_rating.map_or(true, |lo| r >= f64::from(lo))
            && self.max_rating.map_or(true, |hi| r <= f64::from(hi))
    }
}
