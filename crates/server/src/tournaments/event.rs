//! A tournament as stored ([`Event`]): its settings, its entrants, and what has been played.
//! The store keeps it whole, as JSON, with a version (`crate::store::tournaments`).

use crate::games::clock::Control;
use crate::lobby::seek::{Length, SeekGame};
use rajapasu_pairing::arena::Arena;
use rajapasu_pairing::mandiri::Table;
use rajapasu_pairing::{GameResult, Outcome, Pairing, Round};
use serde::{Deserialize, Serialize};

/// Most players in one event.
pub const MAX_ENTRANTS: usize = 64;
/// Most unfinished events one player may have created.
pub const MAX_OPEN_PER_CREATOR: usize = 5;
/// The longest name of an event, in characters.
pub const MAX_NAME_CHARS: usize = 60;
/// The shortest and longest window of a round, in minutes (the longest: 14 days).
pub const WINDOW_MINUTES: (u64, u64) = (5, 14 * 24 * 60);
/// How far ahead an event's start (`starts_at`) may be set, in seconds: 90 days.
pub const MAX_START_AHEAD_SECS: u64 = 90 * 86_400;
/// The shortest and longest arena, in minutes.
pub const ARENA_MINUTES: (u64, u64) = (10, 24 * 60);
/// The most Swiss rounds.
pub const MAX_SWISS_ROUNDS: u32 = 20;

/// How the players are paired.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum Format {
    /// Everyone meets everyone, once or twice, by the Berger tables.
    RoundRobin {
        /// Twice, each leading once.
        double: bool,
    },
    /// A number of Swiss rounds (the Dutch system).
    Swiss {
        /// How many rounds.
        rounds: u32,
    },
    /// Pairing as players become free, for a fixed time; lichess's scoring with streaks.
    Arena {
        /// How long it lasts, in minutes.
        minutes: u64,
    },
}

impl Format {
    /// The word the API uses.
    pub fn word(self) -> &'static str {
        match self {
            Format::RoundRobin { double: false } => "round-robin",
            Format::RoundRobin { double: true } => "double-round-robin",
            Format::Swiss { .. } => "swiss",
            Format::Arena { .. } => "arena",
        }
    }

    /// Whether rounds are played, each within a window.
    pub fn has_rounds(self) -> bool {
        !matches!(self, Format::Arena { .. })
    }
}

/// Where an event stands.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum State {
    /// Taking entries.
    Entry,
    /// Being played.
    Running,
    /// Over: the results are final.
    Finished,
}

/// A registered player: their account's id and name.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct Member {
    /// The account's id.
    pub id: String,
    /// The account's name.
    pub name: String,
}

/// A player in the event.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct Entrant {
    /// Who.
    pub member: Member,
    /// Withdrawn (by themselves, by the creator, or after two forfeits running): not paired
    /// again; a round-robin's games left are scored as forfeits.
    #[serde(default)]
    pub withdrawn: bool,
    /// Games lost by forfeit one after the other, up to now.
    #[serde(default)]
    pub forfeits_running: u32,
    /// Their rating in the event's pool when they joined, rounded (a new player's 1500):
    /// a round-robin's or Swiss event's seeding (entrants stored before: none, joining order).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<i64>,
}

/// One game of a round: who plays, who came, its game once it is made, its result.
///
/// A Mandiri table is one board too: `pairing` holds its Raja (who moves first) and the right
/// end, `third` the left end; its result is counted pairwise, as the ratings count a Mandiri
/// game (docs/TOURNAMENTS.md, "Mandiri events"): `result` and `counters` are the Raja's and
/// the right end's, `side_results` those of the table's two other pairs.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// Who plays (`first` leads: South; in Mandiri the Raja, then the right end).
    pub pairing: Pairing,
    /// A Mandiri table's left end.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub third: Option<usize>,
    /// Who came within the window (pressed Play), seat by seat (the leader's first).
    #[serde(default)]
    pub present: Vec<bool>,
    /// The game's id, once everyone came (in an arena: at once).
    #[serde(default)]
    pub game: Option<String>,
    /// The game's settings as the store keeps them, written before the game is stored, so
    /// that a game promised but not stored (its instance stopped) is made from them later.
    #[serde(default)]
    pub meta: Option<String>,
    /// How it ended (in Mandiri: between the Raja and the right end).
    #[serde(default)]
    pub result: Option<Outcome>,
    /// Counters each held at the end, the leader's first.
    #[serde(default)]
    pub counters: [u32; 2],
    /// A Mandiri table's other pairs, once it ended: the Raja and the left end, then the
    /// right end and the left end.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub side_results: Vec<GameResult>,
}

impl Board {
    /// A board not yet played.
    pub fn new(pairing: Pairing) -> Board {
        Board {
            pairing,
            third: None,
            present: vec![false; 2],
            game: None,
            meta: None,
            result: None,
            counters: [0, 0],
            side_results: Vec::new(),
        }
    }

    /// A Mandiri table not yet played: its players by seat, the Raja first, then the right
    /// end, then the left.
    pub fn table(table: Table) -> Board {
        Board {
            third: Some(table[2]),
            present: vec![false; 3],
            ..Board::new(Pairing::new(table[0], table[1]))
        }
    }

    /// Its players, seat by seat.
    pub fn players(&self) -> Vec<usize> {
        let mut out = vec![self.pairing.first, self.pairing.second];
        out.extend(self.third);
        out
    }

    /// Whether `player` plays on it, and which seat (0: leads, or the Raja).
    pub fn seat_of(&self, player: usize) -> Option<usize> {
        self.players().iter().position(|&p| p == player)
    }

    /// Whether every player came.
    pub fn all_present(&self) -> bool {
        self.present.len() == self.players().len() && self.present.iter().all(|&p| p)
    }

    /// Whether `seat` came.
    pub fn came(&self, seat: usize) -> bool {
        self.present.get(seat).copied().unwrap_or(false)
    }

    /// Notes `seat` present.
    pub fn arrive(&mut self, seat: usize) {
        let seats = self.players().len();
        self.present.resize(seats, false);
        self.present[seat] = true;
    }

    /// Its results for the standings, once it has them: the pairing's, then (Mandiri) the
    /// table's other pairs'.
    pub fn results(&self) -> Vec<GameResult> {
        let Some(outcome) = self.result else {
            return Vec::new();
        };
        let mut out = vec![GameResult {
            pairing: self.pairing,
            outcome,
            counters: self.counters,
        }];
        out.extend(self.side_results.iter().copied());
        out
    }
}

/// A round of a round-robin or Swiss event, and its window.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct EventRound {
    /// When it was paired, seconds since 1970.
    pub opens: u64,
    /// When its window closes: a game not started by then is a forfeit.
    pub closes: u64,
    /// Its games.
    pub boards: Vec<Board>,
    /// The players without a game.
    pub byes: Vec<usize>,
}

/// A tournament.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Event {
    /// Its name.
    pub name: String,
    /// Who made it (and may start it, or remove a player).
    pub creator: Member,
    /// How players are paired.
    pub format: Format,
    /// The game played, as a seek names it (events stored before the choice: Raja Pasu).
    #[serde(default)]
    pub game: SeekGame,
    /// Each game a single round or a match, as a seek names it.
    #[serde(default)]
    pub mode: Length,
    /// Every game's time control.
    pub clock: Control,
    /// Rated games, or casual.
    pub rated: bool,
    /// Listed to everyone; else reached by its link only.
    pub public: bool,
    /// The window of each round, in seconds (round-robin and Swiss).
    pub window: u64,
    /// When it starts by itself (the entry window's end), if it is not started before.
    pub starts_at: Option<u64>,
    /// When it was made.
    pub created: u64,
    /// Where it stands.
    pub state: State,
    /// When it started.
    pub started: Option<u64>,
    /// Finished without a game: its entry window closed with too few players.
    #[serde(default)]
    pub cancelled: bool,
    /// When an arena ends.
    pub ends: Option<u64>,
    /// Paused by its creator since then: no forfeit, no new pairing, no new game; the
    /// deadlines move on by the pause when it ends.
    #[serde(default)]
    pub paused_at: Option<u64>,
    /// The players: before the start in the order they joined; from the start of a
    /// round-robin or Swiss event in seeding order (by rating, [`Event::seed_by_rating`]).
    pub entrants: Vec<Entrant>,
    /// A round-robin's whole schedule, fixed at the start.
    #[serde(default)]
    pub schedule: Vec<Round>,
    /// The rounds paired so far (round-robin and Swiss).
    #[serde(default)]
    pub rounds: Vec<EventRound>,
    /// An arena's pairing state.
    #[serde(default)]
    pub arena: Option<Arena>,
    /// An arena's games, in the order they were paired.
    #[serde(default)]
    pub arena_games: Vec<Board>,
    /// How many changes the stored event has had (the store's version, not in the document):
    /// a page shows the latest it was sent.
    #[serde(skip)]
    pub version: u64,
}

impl Event {
    /// The rating pool of the event's games (the one a seek of the same game, length and
    /// clock would rate).
    pub fn pool(&self) -> rajapasu_rating::Pool {
        crate::lobby::seek::SeekSettings {
            game: self.game,
            mode: self.mode,
            clock: self.clock,
            rated: self.rated,
            min_rating: None,
            max_rating: None,
            seeker_rating: None,
            opponent: None,
        }
        .pool()
    }

    /// Seeds the players by rating, the highest first, as lichess seeds its Swiss events;
    /// equal ratings (or none noted) keep the order of joining.
    pub fn seed_by_rating(&mut self) {
        self.entrants
            .sort_by_key(|e| std::cmp::Reverse(e.rating.unwrap_or(i64::MIN)));
    }

    /// The entrant index of the account `id`.
    pub fn entrant(&self, id: &str) -> Option<usize> {
        self.entrants.iter().position(|e| e.member.id == id)
    }

    /// Pauses the event at `now`, or (`false`) goes on, every deadline moved on by the
    /// pause.
    pub fn pause(&mut self, paused: bool, now: u64) {
        match (paused, self.paused_at) {
            (true, None) => self.paused_at = Some(now),
            (false, Some(since)) => {
                let d = now.saturating_sub(since);
                if let Some(r) = self.rounds.last_mut() {
                    r.closes += d;
                }
                if let Some(end) = self.ends.as_mut() {
                    *end += d;
                }
                self.paused_at = None;
            }
            _ => {}
        }
    }

    /// The players withdrawn.
    pub fn withdrawn(&self) -> Vec<usize> {
        (0..self.entrants.len())
            .filter(|&p| self.entrants[p].withdrawn)
            .collect()
    }

    /// Every board, the rounds' then the arena's.
    pub fn boards(&self) -> impl Iterator<Item = &Board> {
        self.rounds
            .iter()
            .flat_map(|r| r.boards.iter())
            .chain(self.arena_games.iter())
    }

    /// Every board, to change.
    pub fn boards_mut(&mut self) -> impl Iterator<Item = &mut Board> {
        self.rounds
            .iter_mut()
            .flat_map(|r| r.boards.iter_mut())
            .chain(self.arena_games.iter_mut())
    }

    /// The board `player` plays on now, unfinished: in the current round, or the arena.
    pub fn current_board(&self, player: usize) -> Option<&Board> {
        let current: Box<dyn Iterator<Item = &Board>> = if self.format.has_rounds() {
            Box::new(self.rounds.last().into_iter().flat_map(|r| r.boards.iter()))
        } else {
            Box::new(self.arena_games.iter())
        };
        current
            .filter(|b| b.result.is_none())
            .find(|b| b.seat_of(player).is_some())
    }

    /// The next moment the event changes by itself: the start, a window's close, the
    /// arena's end.
    pub fn wake(&self) -> Option<u64> {
        if self.paused_at.is_some() {
            return None;
        }
        match self.state {
            State::Entry => self.starts_at,
            State::Running if self.format.has_rounds() => self.rounds.last().map(|r| r.closes),
            State::Running => self.ends,
            State::Finished => None,
        }
    }
}
