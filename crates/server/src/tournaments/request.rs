//! The request that makes an event (`POST /api/tournaments`), read and checked: a bad
//! request stops here with an error naming the problem.

use super::event::{
    Entrant, Event, Format, Member, State, ARENA_MINUTES, MAX_NAME_CHARS, MAX_START_AHEAD_SECS,
    MAX_SWISS_ROUNDS, WINDOW_MINUTES,
};
use crate::accounts::name::shown_name;
use crate::error::ApiError;
use crate::lobby::seek::{read_clock, Length, SeekGame};
use crate::requests::bounded;
use serde::Deserialize;

/// Body of `POST /api/tournaments`.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct CreateRequest {
    /// The event's name.
    pub name: String,
    /// `round-robin`, `double-round-robin`, `swiss` or `arena`.
    pub format: String,
    /// A Swiss event's number of rounds.
    #[serde(default)]
    pub rounds: Option<u32>,
    /// An arena's length in minutes.
    #[serde(default)]
    pub minutes: Option<u64>,
    /// Every game's time control: `"5+3"`, `"1d"`.
    pub clock: String,
    /// Rated games (the default: casual).
    #[serde(default)]
    pub rated: bool,
    /// Listed to everyone (the default); false: reached by its link only.
    #[serde(default)]
    pub public: Option<bool>,
    /// The window of each round of a round-robin or Swiss event, in minutes (default: 3 days).
    #[serde(default)]
    pub window_minutes: Option<u64>,
    /// When it starts by itself (the entry window's end), seconds since 1970.
    #[serde(default)]
    pub starts_at: Option<u64>,
    /// `raja_pasu` (the default) or `mandiri`, as a seek names it.
    #[serde(default)]
    pub game: Option<String>,
    /// `round` (the default: each game a single round) or `match`, as a seek names it.
    #[serde(default)]
    pub mode: Option<Length>,
}

impl CreateRequest {
    /// Checks the request: the event it asks for, made at `now` by `creator`.
    ///
    /// ```
    /// use rajapasu_server::tournaments::request::CreateRequest;
    /// use rajapasu_server::tournaments::event::Member;
    /// use rajapasu_server::lobby::seek::Length;
    /// let read = |s: &str| {
    ///     let creator = Member { id: "a".into(), name: "ann".into() };
    ///     serde_json::from_str::<CreateRequest>(s).unwrap().event(creator, 1000)
    /// };
    /// let ev = read(r#"{"name": "Club", "format": "round-robin", "clock": "1d", "window_minutes": 4320}"#).unwrap();
    /// assert_eq!((ev.window, ev.entrants.len()), (3 * 86_400, 1));
    /// assert_eq!(ev.mode, Length::Round);
    /// let ev = read(r#"{"name": "Club", "format": "arena", "minutes": 30, "clock": "3+2", "mode": "match"}"#).unwrap();
    /// assert_eq!(ev.mode, Length::Match);
    /// let code = |s: &str| read(s).unwrap_err().code_word();
    /// assert_eq!(code(r#"{"name": "Club", "format": "swiss", "clock": "5+3"}"#), "bad_rounds");
    /// assert_eq!(code(r#"{"name": "Club", "format": "arena", "minutes": 30, "clock": "3+2", "starts_at": 18446744073709551615}"#), "bad_start");
    /// assert_eq!(code(r#"{"name": "Club", "format": "arena", "minutes": 30, "clock": "3+2", "starts_at": 1000}"#), "bad_start");
    /// assert_eq!(code(r#"{"name": "Club", "format": "knockout", "clock": "5+3"}"#), "bad_format");
    /// assert_eq!(code(r#"{"name": "", "format": "arena", "minutes": 30, "clock": "3+2"}"#), "bad_name");
    /// assert_eq!(code(r#"{"name": "Club\u202e", "format": "arena", "minutes": 30, "clock": "3+2"}"#), "bad_name");
    /// assert_eq!(code(r#"{"name": "A", "format": "arena", "minutes": 30, "clock": "1d"}"#), "bad_clock");
    /// assert_eq!(code(r#"{"name": "A", "format": "arena", "minutes": 30, "clock": "3+2", "game": "mandiri"}"#), "no_mandiri_arena");
    /// ```
    pub fn event(&self, creator: Member, now: u64) -> Result<Event, ApiError> {
        let bad_name =
            |why: String| ApiError::unprocessable(format!("name: {why}")).code("bad_name");
        let name = shown_name(&self.name, MAX_NAME_CHARS).map_err(|e| bad_name(e.to_string()))?;
        if name.is_empty() {
            return Err(bad_name(format!("1 to {MAX_NAME_CHARS} characters")));
        }
        let game = SeekGame::read(self.game.as_deref())?;
        let format = match self.format.as_str() {
            "round-robin" => Format::RoundRobin { double: false },
            "double-round-robin" => Format::RoundRobin { double: true },
            "swiss" => match self.rounds {
                Some(r) if (1..=MAX_SWISS_ROUNDS).contains(&r) => Format::Swiss { rounds: r },
                _ => {
                    return Err(ApiError::unprocessable(format!(
                        "rounds: a Swiss event's number of rounds, 1 to {MAX_SWISS_ROUNDS}"
                    ))
                    .code("bad_rounds"))
                }
            },
            "arena" => Format::Arena {
                minutes: bounded(
                    "minutes",
                    self.minutes.unwrap_or(0),
                    ARENA_MINUTES.0..=ARENA_MINUTES.1,
                    "minutes (an arena's length)",
                    "bad_minutes",
                )?,
            },
            other => {
                return Err(ApiError::unprocessable(format!(
                    "format: {other:?} is none of round-robin, double-round-robin, swiss, arena"
                ))
                .code("bad_format"))
            }
        };
        if game == SeekGame::Mandiri && !format.has_rounds() {
            return Err(ApiError::unprocessable(
                "a Mandiri event is a round-robin or a Swiss event: its tables of three are seated round by round",
            )
            .code("no_mandiri_arena"));
        }
        let clock = read_clock(&self.clock)?;
        if !format.has_rounds() && clock.is_correspondence() {
            return Err(ApiError::unprocessable(
                "an arena is played in real time: a clock such as 3+2, not days a move",
            )
            .code("bad_clock"));
        }
        let minutes = bounded(
            "window_minutes",
            self.window_minutes.unwrap_or(3 * 24 * 60),
            WINDOW_MINUTES.0..=WINDOW_MINUTES.1,
            "minutes (a round's window)",
            "bad_window",
        )?;
        // A moment to come, within 90 days: a start never reached would hold its entrants'
        // places (and the creator's count of open events) for ever.
        let starts_at = self
            .starts_at
            .map(|t| {
                bounded(
                    "starts_at",
                    t,
                    now + 1..=now + MAX_START_AHEAD_SECS,
                    "seconds since 1970 (a moment to come, within 90 days)",
                    "bad_start",
                )
            })
            .transpose()?;
        Ok(Event {
            name,
            entrants: vec![Entrant {
                member: creator.clone(),
                withdrawn: false,
                forfeits_running: 0,
                rating: None,
            }],
            creator,
            format,
            game,
            mode: self.mode.unwrap_or_default(),
            clock,
            rated: self.rated,
            public: self.public.unwrap_or(true),
            window: minutes * 60,
            starts_at,
            created: now,
            state: State::Entry,
            started: None,
            cancelled: false,
            ends: None,
            paused_at: None,
            schedule: vec![],
            rounds: vec![],
            arena: None,
            arena_games: vec![],
            version: 0,
        })
    }
}
