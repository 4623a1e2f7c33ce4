//! Sowing: laps, fours, relay lifts, pussa captures and the endless-sowing stop (rules 3 to 6).

use crate::position::Position;
use crate::rules::{FinalFour, FourRecipient, Pussa, MAX_HOLES};
use crate::trace::{Event, Tracer};

/// Lifts a move may make before the engine starts recording them to find a repetition.
///
/// Sowing is deterministic: once a lift repeats an earlier one (same hole, same board), the move
/// would go round the same cycle forever. So a move that ends has never repeated a lift, and
/// the common short move needs no record at all. Past this many lifts the move is sown again
/// from its start with every lift recorded, which finds the first repeated lift exactly.
const UNRECORDED_LIFTS: u32 = 64;

/// The lifts of one move, recorded only on the rare long move (rule 6).
struct LiftLog {
    lifts: Vec<(u8, [u8; MAX_HOLES])>,
}

impl LiftLog {
    /// Records a lift at `hole` from `board`; true if the same lift was recorded before.
    fn repeats(&mut self, hole: usize, board: &[u8; MAX_HOLES]) -> bool {
        let hole = hole as u8;
        if self.lifts.iter().any(|(h, b)| *h == hole && b == board) {
            return true;
        }
        self.lifts.push((hole, *board));
        false
    }

    /// Forgets every lift: after a capture the board holds fewer counters, so no earlier
    /// lift can come back.
    fn clear(&mut self) {
        self.lifts.clear();
    }
}

impl Position {
    /// Sows from board index `start` for the player to move; returns true if the move was
    /// stopped as endless. Does not hand the turn over.
    #[inline]
    pub(crate) fn sow<T: Tracer>(&mut self, start: usize, t: &mut T) -> bool {
        if T::ENABLED {
            // Traced moves are few (UIs, explanations): record from the first lift so the
            // events are told once.
            let mut log = LiftLog { lifts: Vec::new() };
            return self
                .sow_laps(start, t, Some(&mut log))
                .expect("a recorded sowing ends");
        }
        // Sowing changes only the board and the captures: that is all a long move must undo.
        let (board, captured) = (self.board, self.captured);
        match self.sow_laps(start, t, None) {
            Some(endless) => endless,
            None => {
                // A long move: sow it again, recording lifts, to stop at the first repetition.
                self.board = board;
                self.captured = captured;
                let mut log = LiftLog { lifts: Vec::new() };
                self.sow_laps(start, &mut (), Some(&mut log))
                    .expect("a recorded sowing ends")
            }
        }
    }

    /// Sows lap after lap. Without a log, gives up (returns `None`) after
    /// [`UNRECORDED_LIFTS`] lifts; with one, stops at the first repeated lift.
    #[inline(always)]
    fn sow_laps<T: Tracer>(
        &mut self,
        start: usize,
        t: &mut T,
        mut log: Option<&mut LiftLog>,
    ) -> Option<bool> {
        let rules = self.rules;
        let mover = self.to_move;
        let mut lift_at = start;
        let mut relay = false;
        let mut lifts = 0u32;
        loop {
            lifts += 1;
            if let Some(log) = log.as_deref_mut() {
                if log.repeats(lift_at, &self.board) {
                    if T::ENABLED {
                        t.event(Event::EndlessStop {
                            hole: self.hole_at(lift_at),
                        });
                    }
                    return Some(true);
                }
            } else if lifts > UNRECORDED_LIFTS {
                return None;
            }
            let mut hand = self.board[lift_at];
            self.set(lift_at, 0);
            if T::ENABLED {
                t.event(Event::Lift {
                    hole: self.hole_at(lift_at),
                    count: hand,
                    relay,
                });
            }
            let mut pos = lift_at;
            while hand > 0 {
                pos = self.next[pos] as usize;
                if rules.skip_origin && pos == lift_at {
                    pos = self.next[pos] as usize;
                }
                hand -= 1;
                let c = self.board[pos] + 1;
                if T::ENABLED {
                    t.event(Event::Drop {
                        hole: self.hole_at(pos),
                        count: c,
                    });
                }
                if c != 4 {
                    self.set(pos, c);
                    continue;
                }
                if hand == 0 && rules.final_four == FinalFour::Exempt {
                    self.set(pos, c);
                    if T::ENABLED {
                        t.event(Event::FourLeft {
                            hole: self.hole_at(pos),
                        });
                    }
                    continue;
                }
                self.set(pos, 0);
                let to = match rules.fours {
                    FourRecipient::RowOwner => self.owner(pos),
                    FourRecipient::Sower => mover,
                };
                self.captured[to] += 4;
                if let Some(log) = log.as_deref_mut() {
                    log.clear();
                }
                if T::ENABLED {
                    t.event(Event::Four {
                        hole: self.hole_at(pos),
                        to,
                    });
                }
                if hand == 0 && rules.final_four == FinalFour::CaptureEndMove {
                    return Some(false);
                }
            }
            // End of the lap (rule 5): relay from the next hole, or a pussa capture beyond it.
            let y = self.next[pos] as usize;
            if self.board[y] != 0 {
                lift_at = y;
                relay = true;
                continue;
            }
            let mut z = self.next[y] as usize;
            if T::ENABLED && self.board[z] == 0 {
                t.event(Event::NoCapture {
                    empty: self.hole_at(y),
                });
            }
            while self.board[z] != 0 {
                let c = self.board[z];
                self.set(z, 0);
                self.captured[mover] += u16::from(c);
                if T::ENABLED {
                    t.event(Event::Pussa {
                        hole: self.hole_at(z),
                        count: c,
                        by: mover,
                    });
                }
                if rules.pussa == Pussa::Single {
                    break;
                }
                let gap = self.next[z] as usize;
                if self.board[gap] != 0 {
                    break;
                }
                z = self.next[gap] as usize;
            }
            return Some(false);
        }
    }
}
