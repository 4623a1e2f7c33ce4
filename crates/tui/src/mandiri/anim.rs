//! Frames of a Mandiri move, built from its trace as the two-player game's are: each frame is
//! the board after one event of the sowing, with the hole that changed and a caption. Passes
//! and the round end get a frame of their own; what happens between rounds is told in the
//! round summary instead.

use crate::anim::Mark;
use rajapasu_engine::mandiri::{BySeat, MandiriEvent, MandiriPosition, MandiriRoundEnd, Seat};
use rajapasu_engine::{Event, Hole, Side};

/// Holes on the Mandiri board.
const HOLES: usize = 14;

/// Board index of `hole`: S1..S7 are 0..6, N1..N7 are 7..13, as in position codes.
fn index(hole: Hole) -> usize {
    let row = match hole.side() {
        Side::South => 0,
        Side::North => 7,
    };
    row + usize::from(hole.number()) - 1
}

/// The hole at board index `i` (0..14).
fn hole_at(i: usize) -> Hole {
    let (side, k) = if i < 7 {
        (Side::South, i)
    } else {
        (Side::North, i - 7)
    };
    Hole::new(side, k as u8 + 1).expect("a hole of the 2 x 7 board")
}

/// The board as drawn: counts (`None` for a closed hole) in board order S1..S7, N1..N7, and
/// each seat's captures of the round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MandiriBoard {
    /// Counts, S1..S7 then N1..N7.
    pub holes: [Option<u8>; HOLES],
    /// Captured this round, by seat.
    pub captured: BySeat<u32>,
}

impl MandiriBoard {
    /// The board of a position.
    ///
    /// ```
    /// use rajapasu_engine::mandiri::{MandiriPosition, MandiriRules};
    /// use rajapasu_tui::mandiri::anim::MandiriBoard;
    /// let board = MandiriBoard::of(&MandiriPosition::start(MandiriRules::default()));
    /// assert_eq!(board.holes, [Some(7); 14]);
    /// ```
    pub fn of(pos: &MandiriPosition) -> MandiriBoard {
        MandiriBoard {
            holes: std::array::from_fn(|i| pos.count(hole_at(i))),
            captured: BySeat(Seat::ALL.map(|s| pos.captured(s))),
        }
    }

    /// The count of `hole` (`None` when closed).
    pub fn count(&self, hole: Hole) -> Option<u8> {
        self.holes[index(hole)]
    }

    fn set(&mut self, hole: Hole, count: u8) {
        if let Some(c) = &mut self.holes[index(hole)] {
            *c = count;
        }
    }

    fn take(&mut self, hole: Hole) -> u8 {
        match &mut self.holes[index(hole)] {
            Some(c) => std::mem::take(c),
            None => 0,
        }
    }
}

/// One picture of a Mandiri move in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MandiriFrame {
    /// The board after the event.
    pub board: MandiriBoard,
    /// Counters in the mover's hand.
    pub hand: u8,
    /// The hole the event happened at, and what happened (a four's mark names no side: the
    /// caption names the seat).
    pub focus: Option<(Hole, Mark)>,
    /// The event in words.
    pub caption: String,
    /// How long the frame stays, in milliseconds at normal speed.
    pub millis: u64,
}

/// The frames of the move `mover` played from `before`, whose trace is `events`.
pub fn frames(before: &MandiriPosition, mover: Seat, events: &[MandiriEvent]) -> Vec<MandiriFrame> {
    let mut board = MandiriBoard::of(before);
    let mut hand = 0u8;
    let mut out = Vec::new();
    let mut push = |board: &MandiriBoard, hand: u8, focus, caption: String, millis| {
        out.push(MandiriFrame {
            board: board.clone(),
            hand,
            focus,
            caption,
            millis,
        })
    };
    for e in events {
        match e {
            MandiriEvent::Sow(sow) => match *sow {
                Event::Lift { hole, count, relay } => {
                    board.take(hole);
                    hand = count;
                    let (mark, caption) = if relay {
                        (
                            Mark::Relay,
                            format!("Relay: {mover} lifts {count} from {hole} and sows on"),
                        )
                    } else {
                        (Mark::Lift, format!("{mover} lifts {count} from {hole}"))
                    };
                    push(&board, hand, Some((hole, mark)), caption, 220);
                }
                Event::Drop { hole, count } => {
                    board.set(hole, count);
                    hand = hand.saturating_sub(1);
                    push(
                        &board,
                        hand,
                        Some((hole, Mark::Drop)),
                        format!("{mover} drops one in {hole}: {count} there, {hand} in hand"),
                        32,
                    );
                }
                Event::Four { hole, to } => {
                    let n = board.take(hole);
                    board.captured[to] += u32::from(n);
                    push(
                        &board,
                        hand,
                        Some((hole, Mark::FourLeft)),
                        format!("{hole} makes four: the four go to seat {to}, who owns the hole"),
                        400,
                    );
                }
                Event::FourLeft { hole } => push(
                    &board,
                    hand,
                    Some((hole, Mark::FourLeft)),
                    format!("{hole} makes four on the lap's last drop and keeps it"),
                    400,
                ),
                Event::Pussa { hole, count, by } => {
                    board.take(hole);
                    board.captured[by] += u32::from(count);
                    push(
                        &board,
                        hand,
                        Some((hole, Mark::Pussa)),
                        format!(
                            "The next hole is empty: {by} captures {count} from {hole} (pussa)"
                        ),
                        800,
                    );
                }
                Event::NoCapture { empty } => push(
                    &board,
                    hand,
                    Some((empty, Mark::NoCapture)),
                    format!("{empty} is empty and so is the hole beyond: no capture"),
                    600,
                ),
                Event::EndlessStop { hole } => push(
                    &board,
                    hand,
                    Some((hole, Mark::Endless)),
                    format!(
                        "A lift from {hole} would repeat this move's sowing forever: the move ends"
                    ),
                    900,
                ),
                _ => {}
            },
            MandiriEvent::Pass { seat } => push(
                &board,
                0,
                None,
                format!("Seat {seat} has no counters and passes"),
                700,
            ),
            MandiriEvent::RoundEnd {
                reason, captured, ..
            } => {
                for c in board.holes.iter_mut().flatten() {
                    *c = 0;
                }
                board.captured = BySeat(captured.0.map(u32::from));
                let why = match reason {
                    MandiriRoundEnd::NoCapture => {
                        format!("no capture is left to make: {mover} takes the rest")
                    }
                    MandiriRoundEnd::Repetition => {
                        "a position came a third time: each seat takes its own holes".to_string()
                    }
                };
                push(&board, 0, None, format!("The round is over ({why})"), 1200);
            }
            // Told in the round summary.
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use rajapasu_engine::mandiri::{MandiriGame, MandiriRules};

    #[test]
    fn the_last_frame_is_the_engine_board() {
        let mut game = MandiriGame::new(MandiriRules::default());
        for mv in ["S5", "S6", "N6"] {
            let before = *game.position();
            let mover = before.to_move();
            let mut events = Vec::new();
            game.play_traced(mv.parse().unwrap(), &mut events).unwrap();
            let frames = frames(&before, mover, &events);
            assert_eq!(frames[0].focus.unwrap().1, Mark::Lift);
            assert_eq!(
                frames.last().unwrap().board,
                MandiriBoard::of(game.position())
            );
        }
    }
}
