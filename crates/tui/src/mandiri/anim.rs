//! Frames of a Mandiri move, built from its trace as the two-player game's are: each frame is
//! the board after one event of the sowing, with the hole that changed and a caption. Passes
//! and the round end get a frame of their own; what happens between rounds is told in the
//! round summary instead.

use crate::anim::{Frame, Frames, Mark, SownBoard};
use rajapasu_engine::mandiri::{self, BySeat, Seat};
use rajapasu_engine::{BySide, Hole};

/// The board as drawn: counts (`None` for a closed hole) and each seat's captures of the round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MandiriBoard {
    /// Counts of each row, hole 1 first.
    pub rows: BySide<[Option<u8>; 7]>,
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
    /// assert_eq!([board.rows.south, board.rows.north], [[Some(7); 7]; 2]);
    /// ```
    pub fn of(pos: &mandiri::Position) -> MandiriBoard {
        let count = |side, k: usize| pos.count(Hole::new(side, k as u8 + 1).expect("hole 1 to 7"));
        MandiriBoard {
            rows: BySide::from_fn(|side| std::array::from_fn(|k| count(side, k))),
            captured: BySeat(Seat::ALL.map(|s| pos.captured(s))),
        }
    }

    /// The count of `hole` (`None` when closed).
    pub fn count(&self, hole: Hole) -> Option<u8> {
        self.rows[hole.side()][usize::from(hole.number()) - 1]
    }
}

impl SownBoard<Seat> for MandiriBoard {
    fn cell(&mut self, hole: Hole) -> &mut Option<u8> {
        &mut self.rows[hole.side()][usize::from(hole.number()) - 1]
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
                let rows = &mut frames.board.rows;
                for c in rows.south.iter_mut().chain(&mut rows.north).flatten() {
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
