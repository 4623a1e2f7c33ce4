//! Move animation: the frames of a move, built from the engine's trace.
//!
//! A move is replayed on a copy of the board event by event: every lift empties a hole and
//! fills the hand, every drop puts one counter down, a four flies to its row's owner, a pussa
//! capture empties the hole beyond the gap. Each frame is what the board looks like after one
//! event, with the hole that changed and a caption.

use rajapasu_engine::{BySide, Event, Hole, Position, RoundEnd, Side};

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

    fn cell(&mut self, hole: Hole) -> &mut Option<u8> {
        &mut self.rows[hole.side()][hole.number() as usize - 1]
    }

    fn set(&mut self, hole: Hole, count: u8) {
        let c = self.cell(hole);
        if c.is_some() {
            *c = Some(count);
        }
    }

    fn take(&mut self, hole: Hole) -> u8 {
        let c = self.cell(hole);
        let n = c.unwrap_or(0);
        if c.is_some() {
            *c = Some(0);
        }
        n
    }
}

/// One picture of a move in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    /// The board after the event.
    pub board: BoardView,
    /// Counters in the mover's hand.
    pub hand: u8,
    /// The hole the event happened at, and what happened.
    pub focus: Option<(Hole, Mark)>,
    /// The event in words.
    pub caption: String,
    /// How long the frame stays, in milliseconds at normal speed.
    pub millis: u64,
}

/// The frames of the move `mover` played from `before`, whose trace is `events`. The sowing
/// frames come first; a round end clears the board; the refill of a next round is not drawn
/// (the game's own position follows the last frame).
pub fn frames(before: &Position, mover: Side, events: &[Event]) -> Vec<Frame> {
    let mut board = BoardView::of(before);
    let mut hand = 0u8;
    let mut out = Vec::new();
    let mut push = |board: &BoardView, hand: u8, focus, caption: String, millis| {
        out.push(Frame {
            board: board.clone(),
            hand,
            focus,
            caption,
            millis,
        })
    };
    for e in events {
        match *e {
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
                    Some((hole, Mark::Four(to))),
                    format!("{hole} makes four: the four go to {to}, who owns the row"),
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
                    format!("The next hole is empty: {by} captures {count} from {hole} (pussa)"),
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
            Event::RoundEnd {
                reason,
                captured,
                winner,
                ..
            } => {
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
                push(
                    &board,
                    0,
                    None,
                    format!(
                        "The round is over ({why}): South {}, North {}, {result}",
                        captured.south, captured.north
                    ),
                    1200,
                );
            }
            Event::Refill { .. } | Event::GameOver { .. } => {}
        }
    }
    out
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
