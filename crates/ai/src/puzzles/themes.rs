//! The themes of a puzzle, read from the engine's trace events of its solution's moves
//! ([`rajapasu_engine::Event`]), and two read from the position itself.

use super::format::Step;
use super::theme::{Theme, LAST_COUNTERS};
use rajapasu_engine::{Event, Game, Move, Position, RoundEnd, Side};

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
    if has_closed_holes(pos) {
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

/// Whether a hole of either row is closed.
pub fn has_closed_holes(pos: &Position) -> bool {
    rajapasu_engine::Side::ALL
        .iter()
        .any(|&s| pos.row(s).any(|c| c.is_none()))
}
