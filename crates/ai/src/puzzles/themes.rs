//! The themes of a puzzle, read from the engine's trace events of its solution's moves
//! ([`rajapasu_engine::Event`]), and two read from the position itself.

use super::format::Step;
use rajapasu_engine::{Event, Game, Move, RoundEnd, Side};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Counters on the board at most for [`Theme::LastCounters`].
pub const LAST_COUNTERS: u32 = 12;

/// What a puzzle's solution shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Theme {
    /// A solver move captures beyond an empty hole (a pussa capture).
    Pussa,
    /// A solver move lifts again at least twice (relay lifts).
    RelayChain,
    /// A solver move makes a four that goes to the solver.
    Four,
    /// Some other first move would let the opponent have a four (during it, or with a reply
    /// right after it), and the key move does not.
    AvoidFour,
    /// A solver move stops an endless sowing (decision 4).
    Endless,
    /// The line ends the round: a player is left with no move (rule 8a).
    RoundEnd,
    /// The line ends the round by repetition (rule 8b).
    Repetition,
    /// The position has closed holes (a later round of a match).
    ClosedHoles,
    /// Few counters are left on the board (at most [`LAST_COUNTERS`]).
    LastCounters,
}

impl Theme {
    /// Every theme, in order.
    pub const ALL: [Theme; 9] = [
        Theme::Pussa,
        Theme::RelayChain,
        Theme::Four,
        Theme::AvoidFour,
        Theme::Endless,
        Theme::RoundEnd,
        Theme::Repetition,
        Theme::ClosedHoles,
        Theme::LastCounters,
    ];

    /// The name in the file and the API.
    pub fn name(self) -> &'static str {
        match self {
            Theme::Pussa => "pussa",
            Theme::RelayChain => "relay_chain",
            Theme::Four => "four",
            Theme::AvoidFour => "avoid_four",
            Theme::Endless => "endless",
            Theme::RoundEnd => "round_end",
            Theme::Repetition => "repetition",
            Theme::ClosedHoles => "closed_holes",
            Theme::LastCounters => "last_counters",
        }
    }
}

impl fmt::Display for Theme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Theme {
    type Err = UnknownTheme;
    fn from_str(s: &str) -> Result<Theme, UnknownTheme> {
        Theme::ALL
            .into_iter()
            .find(|t| t.name() == s)
            .ok_or_else(|| UnknownTheme(s.to_string()))
    }
}

/// A theme name that is not one of [`Theme::ALL`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownTheme(pub String);

impl fmt::Display for UnknownTheme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = Theme::ALL.iter().map(|t| t.name()).collect();
        write!(f, "unknown theme {:?}: one of {}", self.0, names.join(", "))
    }
}

impl std::error::Error for UnknownTheme {}

fn traced(game: &Game, mv: u8) -> (Game, Vec<Event>) {
    let mut g = game.clone();
    let mut events = Vec::new();
    g.play_traced(Move::new(mv).expect("a move number"), &mut events)
        .expect("a legal move");
    (g, events)
}

/// Whether `events` (of one move) give a four to `side`.
fn four_for(events: &[Event], side: Side) -> bool {
    events
        .iter()
        .any(|e| matches!(e, Event::Four { to, .. } if *to == side))
}

/// Whether playing `mv` in `game` lets the opponent have a four: in the move itself or with
/// one of the replies.
fn gives_four(game: &Game, mv: u8) -> bool {
    let opp = !game.position().to_move();
    let (after, events) = traced(game, mv);
    four_for(&events, opp)
        || after
            .legal_moves()
            .iter()
            .any(|r| four_for(&traced(&after, r.number()).1, opp))
}

/// The themes of the solution `step` of `game` (the puzzle's start), in [`Theme::ALL`] order.
///
/// ```
/// use rajapasu_ai::puzzles::{themes, Step, Theme};
/// use rajapasu_engine::{Game, Rules};
/// let game = Game::from_code("0,1,0,2,0,0,3/0,0,1,0,3,0,2 S 40 46", Rules::default().single_round()).unwrap();
/// // S2 captures the 3 of N5 beyond the empty N6 (RULES.md, example 2).
/// let step = Step { mv: 2, values: vec![None; 7], defences: vec![] };
/// assert!(themes(&game, &step).contains(&Theme::Pussa));
/// ```
pub fn themes(game: &Game, step: &Step) -> Vec<Theme> {
    let me = game.position().to_move();
    let mut found = Vec::new();
    walk(game, step, me, &mut found);
    let pos = game.position();
    if super::generate::has_closed_holes(pos) {
        found.push(Theme::ClosedHoles);
    }
    if pos.on_board() <= LAST_COUNTERS {
        found.push(Theme::LastCounters);
    }
    let key_gives = gives_four(game, step.mv);
    if !key_gives
        && game
            .legal_moves()
            .iter()
            .any(|m| m.number() != step.mv && gives_four(game, m.number()))
    {
        found.push(Theme::AvoidFour);
    }
    found.sort();
    found.dedup();
    found
}

fn walk(game: &Game, step: &Step, me: Side, found: &mut Vec<Theme>) {
    let (after, events) = traced(game, step.mv);
    let relays = events
        .iter()
        .filter(|e| matches!(e, Event::Lift { relay: true, .. }))
        .count();
    for e in &events {
        match e {
            Event::Pussa { by, .. } if *by == me => found.push(Theme::Pussa),
            Event::Four { to, .. } if *to == me => found.push(Theme::Four),
            Event::EndlessStop { .. } => found.push(Theme::Endless),
            _ => {}
        }
    }
    if relays >= 2 {
        found.push(Theme::RelayChain);
    }
    round_end(&events, found);
    for d in &step.defences {
        let (next, events) = traced(&after, d.mv);
        round_end(&events, found);
        walk(&next, &d.then, me, found);
    }
}

fn round_end(events: &[Event], found: &mut Vec<Theme>) {
    for e in events {
        match e {
            Event::RoundEnd {
                reason: RoundEnd::NoMoves,
                ..
            } => found.push(Theme::RoundEnd),
            Event::RoundEnd {
                reason: RoundEnd::Repetition,
                ..
            } => found.push(Theme::Repetition),
            _ => {}
        }
    }
}
