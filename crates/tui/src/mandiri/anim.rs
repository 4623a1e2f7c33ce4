//! Frames of a Mandiri move, built from its trace as the two-player game's are: each frame is
//! the board after one event of the sowing, with the hole that changed and a caption. Passes
//! and the round end get a frame of their own; what happens between rounds is told in the
//! round summary instead.

use crate::anim::{Frame, Frames, Mark, SownBoard};
use rajapasu_engine::mandiri::{self, BySeat, Seat};
use rajapasu_engine::{Hole, Side};

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
    /// use rajapasu_engine::mandiri;
    /// use rajapasu_tui::mandiri::anim::MandiriBoard;
    /// let board = MandiriBoard::of(&mandiri::Position::start(mandiri::Rules::default()));
    /// assert_eq!(board.holes, [Some(7); 14]);
    /// ```
    pub fn of(pos: &mandiri::Position) -> MandiriBoard {
        MandiriBoard {
            holes: std::array::from_fn(|i| pos.count(hole_at(i))),
            captured: BySeat(Seat::ALL.map(|s| pos.captured(s))),
        }
    }

    /// The count of `hole` (`None` when closed).
    pub fn count(&self, hole: Hole) -> Option<u8> {
        self.holes[index(hole)]
    }
}

impl SownBoard<Seat> for MandiriBoard {
    fn cell(&mut self, hole: Hole) -> &mut Option<u8> {
        &mut self.holes[index(hole)]
    }
    fn captured(&mut self, by: Seat) -> &mut u32 {
        &mut self.captured[by]
    }
}

/// One picture of a Mandiri move in progress (a four's mark names no side: the caption names
/// the seat).
pub type MandiriFrame = Frame<MandiriBoard>;

/// The frames of the move `mover` played from `before`, whose trace is `events`.
pub fn frames(
    before: &mandiri::Position,
    mover: Seat,
    events: &[mandiri::Event],
) -> Vec<MandiriFrame> {
    let mut frames = Frames::new(MandiriBoard::of(before));
    for e in events {
        match e {
            mandiri::Event::Sow(sow) => frames.sow(mover, sow, |hole, to| {
                (
                    Mark::FourLeft,
                    format!("{hole} makes four: the four go to seat {to}, who owns the hole"),
                )
            }),
            mandiri::Event::Pass { seat } => frames.push(
                0,
                None,
                format!("Seat {seat} has no counters and passes"),
                700,
            ),
            mandiri::Event::RoundEnd {
                reason, captured, ..
            } => {
                for c in frames.board.holes.iter_mut().flatten() {
                    *c = 0;
                }
                frames.board.captured = BySeat(captured.0.map(u32::from));
                let why = match reason {
                    mandiri::RoundEnd::NoCapture => {
                        format!("no capture is left to make: {mover} takes the rest")
                    }
                    mandiri::RoundEnd::Repetition => {
                        "a position came a third time: each seat takes its own holes".to_string()
                    }
                };
                frames.push(0, None, format!("The round is over ({why})"), 1200);
            }
            // Told in the round summary.
            _ => {}
        }
    }
    frames.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rajapasu_engine::mandiri;

    #[test]
    fn the_last_frame_is_the_engine_board() {
        let mut game = mandiri::Game::new(mandiri::Rules::default());
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
