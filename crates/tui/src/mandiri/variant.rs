//! Mandiri's part of the terminal game ([`Variant`] for [`mandiri::Game`]): holes typed by
//! name (`S4`), the computers by level, the hint by max^n and its value in words, the seats'
//! words, and the round summary with what happens between rounds. Its drawing is
//! [`super::ui`].

use super::anim::{self, MandiriBoard, MandiriFrame};
use super::{Lineup, Mover, Who};
use crate::variant::{Spot, Typed, Variant};
use rajapasu_ai::mandiri::Analysis;
use rajapasu_engine::mandiri::text as words;
use rajapasu_engine::mandiri::{self, Seat};
use rajapasu_engine::rng::stream_seed;
use rajapasu_engine::{Hole, Side};

impl Variant for mandiri::Game {
    type Players = Lineup;
    type Hint = Analysis;
    type Mover = Mover;
    type Board = MandiriBoard;
    type Typing = Option<Side>;

    // `s` and `n` begin hole names.
    const SAVE: char = 'w';
    const NEW_GAME: char = 'g';
    const HOW_TO_PICK: &'static str = "pick a hole, or type its name such as S4";
    // The Raja's middle hole on the near row.
    const FIRST_CURSOR: Hole = match Hole::new(Side::South, 5) {
        Some(hole) => hole,
        None => panic!("hole S5"),
    };
    const SEAT_ON_BOTH_ROWS: bool = true;
    const EXPLAINS_EVERY_MOVE: bool = false;

    fn is_computer(lineup: &Lineup, game: &mandiri::Game, seat: Seat) -> bool {
        matches!(lineup.of(game.position().player(seat)), Who::Computer(_))
    }
    fn computer_move(lineup: &Lineup, game: &mandiri::Game) -> Option<Hole> {
        let pos = game.position();
        let player = pos.player(pos.to_move());
        let Who::Computer(level) = lineup.of(player) else {
            return None;
        };
        // The seed of this move of the game: the same game and seed give the same moves.
        let seed = stream_seed(lineup.seed, game.moves().len() as u64);
        rajapasu_ai::mandiri::level_player(level, seed)
            .choose(game)
            .ok()
    }
    fn hint(game: &mandiri::Game) -> Option<Analysis> {
        rajapasu_ai::mandiri::hint(game, None)
    }
    fn hint_move(hint: &Analysis) -> Hole {
        hint.best
    }
    fn hint_words(hint: &Analysis) -> String {
        format!("{}, {}", hint.best, describe_value(hint.value))
    }

    fn mover(game: &mandiri::Game) -> Mover {
        let seat = game.position().to_move();
        Mover {
            seat,
            player: game.position().player(seat),
        }
    }
    fn seat_words(seat: Seat) -> String {
        format!("seat {seat}")
    }
    fn narrate(seat: Seat, events: &[mandiri::Event]) -> Vec<String> {
        words::narrate(seat, events)
    }
    fn round_summary(game: &mandiri::Game, events: &[mandiri::Event]) -> Option<Vec<String>> {
        let k = events
            .iter()
            .position(|e| matches!(e, mandiri::Event::RoundEnd { .. }))?;
        Some(round_summary(game, &events[k..]))
    }
    fn refusal(game: &mandiri::Game, error: &mandiri::IllegalMove) -> String {
        match *error {
            // Shorter than the engine's sentence, and with the holes that can be played.
            mandiri::IllegalMove::NotYours { hole, seat } => {
                let mine: Vec<String> = game.legal_moves().iter().map(|h| h.to_string()).collect();
                format!(
                    "{hole} is seat {}'s hole: seat {seat} plays {}.",
                    Seat::owner(hole),
                    mine.join(" ")
                )
            }
            ref e => {
                let e = e.to_string();
                format!("{}{}.", e[..1].to_uppercase(), &e[1..])
            }
        }
    }
    fn frames(
        before: &mandiri::Position,
        seat: Seat,
        events: &[mandiri::Event],
    ) -> Vec<MandiriFrame> {
        anim::frames(before, seat, events)
    }

    fn typed(row: &mut Option<Side>, c: char) -> Typed<Hole> {
        match (*row, Side::from_letter(c.to_ascii_uppercase())) {
            (_, Some(side)) => {
                *row = Some(side);
                Typed::Begun(format!("{}: now the hole's number, 1 to 7.", side.letter()))
            }
            (Some(side), None) if c.is_ascii_digit() => {
                *row = None;
                match Hole::new(side, c as u8 - b'0') {
                    Some(hole) => Typed::Move(hole),
                    None => Typed::Wrong(format!(
                        "There is no hole {}{c}: holes are numbered 1 to 7.",
                        side.letter()
                    )),
                }
            }
            (None, None) if c.is_ascii_digit() => Typed::Wrong(
                "A hole is named by its row and number: type S or N first, as in S4.".to_string(),
            ),
            _ => Typed::Nothing,
        }
    }
    fn spot(_: &Lineup, _: &mandiri::Game, hole: Hole) -> Spot {
        // North's row is the far one.
        Spot::of(hole.number(), 7, hole.side() == Side::South)
    }
}

/// A search's value of a move in words, for the player who moves: what the seat is worth to
/// its player (its captures of the round, in a match its player's reserve, and half of the
/// counters in its own holes) as far as the search sees.
///
/// ```
/// use rajapasu_tui::mandiri::variant::describe_value;
/// assert_eq!(describe_value(145), "worth about 14.5 counters to you");
/// assert_eq!(describe_value(10), "worth about 1 counter to you");
/// ```
pub fn describe_value(tenths: i32) -> String {
    let counters = if tenths % 10 == 0 {
        (tenths / 10).to_string()
    } else {
        format!("{:.1}", f64::from(tenths) / 10.0)
    };
    let noun = if tenths == 10 { "counter" } else { "counters" };
    format!("worth about {counters} {noun} to you")
}

/// The summary of a round just ended: its end, what happened between rounds (`after`: the
/// events from the round end on), who sits where next, or the end of the game (the app adds
/// how to go on).
pub fn round_summary(game: &mandiri::Game, after: &[mandiri::Event]) -> Vec<String> {
    let mut lines: Vec<String> = after.iter().filter_map(words::between).collect();
    let pos = game.position();
    if game.status() == mandiri::Status::Playing {
        lines.push(String::new());
        lines.push(format!("Round {} starts:", pos.round()));
        for seat in Seat::ALL {
            let p = pos.player(seat);
            let role = match seat {
                Seat::C => format!(
                    "Raja (round {} of {} in office)",
                    pos.office(),
                    pos.rules().term
                ),
                Seat::R => "the right end".to_string(),
                Seat::L => "the left end".to_string(),
            };
            let what = if pos.is_out(p) {
                "out of the match, the seat closed".to_string()
            } else {
                let open = seat.holes().filter(|&h| pos.count(h).is_some()).count();
                let all = seat.holes().count();
                format!("{open} of {all} holes open, reserve {}", pos.reserve(p))
            };
            lines.push(format!("  {seat}: player {p}, {role}: {what}."));
        }
    }
    lines
}
