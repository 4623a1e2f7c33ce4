//! Move animation: the frames of a move, built from the engine's trace.
//!
//! A move is replayed on a copy of the board event by event: every lift empties a hole and
//! fills the hand, every drop puts one counter down, a four flies to its row's owner, a pussa
//! capture empties the hole beyond the gap. Each frame is what the board looks like after one
//! event, with the hole that changed and a caption.

use rajapasu_engine::{BySide, Event, Hole, Position, RoundEnd, Side};
use std::fmt;

/// What happened at the highlighted hole of a frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// The move's first lift.
    Lift,
    /// A relay lift.
    Relay,
    /// One counter dropped.
    Drop,
    /// A four taken by the row's owner.
    Four(Side),
    /// A four left on the board by the last drop of a lap.
    FourLeft,
    /// A pussa capture.
    Pussa,
    /// The lap ended in front of two empty holes.
    NoCapture,
    /// An endless sowing stopped here.
    Endless,
}

/// The board as drawn: counts (`None` for a closed hole), captures, reserves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardView {
    /// Holes per row.
    pub holes: usize,
    /// Each row, hole 1 first.
    pub rows: BySide<Vec<Option<u8>>>,
    /// Captured this round.
    pub captured: BySide<u32>,
    /// Reserves.
    pub reserve: BySide<u32>,
}

impl BoardView {
    /// The board of a position.
    pub fn of(pos: &Position) -> BoardView {
        BoardView {
            holes: pos.rules().holes(),
            rows: BySide::from_fn(|s| pos.row(s).collect()),
            captured: BySide::from_fn(|s| pos.captured(s)),
            reserve: BySide::from_fn(|s| pos.reserve(s)),
        }
    }
}

/// A board as drawn that a sowing changes: counts of holes (`None` for a closed hole, which
/// stays closed) and the captures of each player or seat `P`.
pub(crate) trait SownBoard<P>: Clone {
    /// The count of `hole`, to change.
    fn cell(&mut self, hole: Hole) -> &mut Option<u8>;
    /// Counters `by` has captured this round, to change.
    fn captured(&mut self, by: P) -> &mut u32;

    /// Sets the count of an open `hole`.
    fn set(&mut self, hole: Hole, count: u8) {
        if let Some(c) = self.cell(hole) {
            *c = count;
        }
    }

    /// Empties `hole`; what it held.
    fn take(&mut self, hole: Hole) -> u8 {
        self.cell(hole).as_mut().map_or(0, std::mem::take)
    }
}

impl SownBoard<Side> for BoardView {
    fn cell(&mut self, hole: Hole) -> &mut Option<u8> {
        &mut self.rows[hole.side()][hole.number() as usize - 1]
    }
    fn captured(&mut self, by: Side) -> &mut u32 {
        &mut self.captured[by]
    }
}

/// One picture of a move in progress, on a board `B` ([`BoardView`], or the Mandiri board).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame<B = BoardView> {
    /// The board after the event.
    pub board: B,
    /// Counters in the mover's hand.
    pub hand: u8,
    /// The hole the event happened at, and what happened.
    pub focus: Option<(Hole, Mark)>,
    /// The event in words.
    pub caption: String,
    /// How long the frame stays, in milliseconds at normal speed.
    pub millis: u64,
}

/// The frames of a move as they are made: the board and the hand follow the trace event by
/// event.
pub(crate) struct Frames<B> {
    /// The board after the events so far.
    pub board: B,
    hand: u8,
    out: Vec<Frame<B>>,
}

impl<B: Clone> Frames<B> {
    /// No frame yet, from the board before the move.
    pub fn new(board: B) -> Frames<B> {
        Frames {
            board,
            hand: 0,
            out: Vec::new(),
        }
    }

    /// A frame of the board as it is now, with `hand` counters in hand.
    pub fn push(&mut self, hand: u8, focus: Option<(Hole, Mark)>, caption: String, millis: u64) {
        self.out.push(Frame {
            board: self.board.clone(),
            hand,
            focus,
            caption,
            millis,
        })
    }

    /// The frame of one event of the sowing by `mover`, the same in both games but for a four
    /// taken, whose mark and caption `four` gives from the hole and who takes it. Other events
    /// make no frame.
    pub fn sow<P: Copy + fmt::Display>(
        &mut self,
        mover: impl fmt::Display,
        event: &Event<P>,
        four: impl FnOnce(Hole, P) -> (Mark, String),
    ) where
        B: SownBoard<P>,
    {
        let hand = self.hand;
        match *event {
            Event::Lift { hole, count, relay } => {
                self.board.take(hole);
                self.hand = count;
                let (mark, caption) = if relay {
                    (
                        Mark::Relay,
                        format!("Relay: {mover} lifts {count} from {hole} and sows on"),
                    )
                } else {
                    (Mark::Lift, format!("{mover} lifts {count} from {hole}"))
                };
                self.push(count, Some((hole, mark)), caption, 220);
            }
            Event::Drop { hole, count } => {
                self.board.set(hole, count);
                self.hand = hand.saturating_sub(1);
                let hand = self.hand;
                self.push(
                    hand,
                    Some((hole, Mark::Drop)),
                    format!("{mover} drops one in {hole}: {count} there, {hand} in hand"),
                    32,
                );
            }
            Event::Four { hole, to } => {
                let n = self.board.take(hole);
                *self.board.captured(to) += u32::from(n);
                let (mark, caption) = four(hole, to);
                self.push(hand, Some((hole, mark)), caption, 400);
            }
            Event::FourLeft { hole } => self.push(
                hand,
                Some((hole, Mark::FourLeft)),
                format!("{hole} makes four on the lap's last drop and keeps it"),
                400,
            ),
            Event::Pussa { hole, count, by } => {
                self.board.take(hole);
                *self.board.captured(by) += u32::from(count);
                self.push(
                    hand,
                    Some((hole, Mark::Pussa)),
                    format!("The next hole is empty: {by} captures {count} from {hole} (pussa)"),
                    800,
                );
            }
            Event::NoCapture { empty } => self.push(
                hand,
                Some((empty, Mark::NoCapture)),
                format!("{empty} is empty and so is the hole beyond: no capture"),
                600,
            ),
            Event::EndlessStop { hole } => self.push(
                hand,
                Some((hole, Mark::Endless)),
                format!(
                    "A lift from {hole} would repeat this move's sowing forever: the move ends"
                ),
                900,
            ),
            Event::RoundEnd { .. } | Event::Refill { .. } | Event::GameOver { .. } => {}
        }
    }

    /// The frames made.
    pub fn finish(self) -> Vec<Frame<B>> {
        self.out
    }
}

/// The frames of the move `mover` played from `before`, whose trace is `events`. The sowing
/// frames come first; a round end clears the board; the refill of a next round is not drawn
/// (the game's own position follows the last frame).
pub fn frames(before: &Position, mover: Side, events: &[Event]) -> Vec<Frame> {
    let mut frames = Frames::new(BoardView::of(before));
    for e in events {
        match *e {
            Event::RoundEnd {
                reason,
                captured,
                winner,
                ..
            } => {
                let board = &mut frames.board;
                let holes = board.rows.south.iter_mut().chain(&mut board.rows.north);
                for c in holes.flatten() {
                    *c = 0;
                }
                board.captured = captured.map(u32::from);
                let why = match reason {
                    RoundEnd::NoMoves => "no move left",
                    RoundEnd::Repetition => "third repetition",
                };
                let result = winner.map_or("drawn".to_string(), |w| format!("{w} wins it"));
                frames.push(
                    0,
                    None,
                    format!(
                        "The round is over ({why}): South {}, North {}, {result}",
                        captured.south, captured.north
                    ),
                    1200,
                );
            }
            ref e => frames.sow(mover, e, |hole, to| {
                (
                    Mark::Four(to),
                    format!("{hole} makes four: the four go to {to}, who owns the row"),
                )
            }),
        }
    }
    frames.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rajapasu_engine::{Game, Move, Rules};

    #[test]
    fn opening_move_frames_end_on_the_engine_position() {
        let mut game = Game::new(Rules::default());
        let before = *game.position();
        let mut events = Vec::new();
        game.play_traced(Move::new(1).unwrap(), &mut events)
            .unwrap();
        let frames = frames(&before, Side::South, &events);
        let first = &frames[0];
        assert_eq!(first.hand, 7);
        assert_eq!(first.board.rows.south[0], Some(0));
        assert_eq!(first.focus, Some(("S1".parse().unwrap(), Mark::Lift)));
        let last = frames.last().unwrap();
        assert_eq!(last.board, BoardView::of(game.position()));
        assert_eq!(last.board.captured, BySide::new(15, 4));
        let relays = frames
            .iter()
            .filter(|f| matches!(f.focus, Some((_, Mark::Relay))))
            .count();
        assert_eq!(relays, 11);
    }
}
