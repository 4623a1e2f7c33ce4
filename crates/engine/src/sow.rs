//! Sowing: laps, fours, relay lifts, pussa captures and the endless-sowing stop (rules 3 to 6).

use crate::position::Position;
use crate::rules::{FinalFour, FourRecipient, Pussa, MAX_HOLES};
use crate::trace::{Event, Tracer};

/// The lifts of one move, to recognise a relay that would repeat itself (rule 6).
///
/// Most moves lift a handful of times, so the first lifts live inline and only long moves
/// spill onto the heap.
struct LiftLog {
    len: usize,
    at: [u8; INLINE],
    boards: [[u8; MAX_HOLES]; INLINE],
    spill: Vec<(u8, [u8; MAX_HOLES])>,
}

const INLINE: usize = 16;

impl LiftLog {
    #[inline(always)]
    fn new() -> LiftLog {
        LiftLog {
            len: 0,
            at: [0; INLINE],
            boards: [[0; MAX_HOLES]; INLINE],
            spill: Vec::new(),
        }
    }

    /// Records a lift at `hole` from `board`; true if the same lift was recorded before.
    #[inline(always)]
    fn repeats(&mut self, hole: usize, board: &[u8; MAX_HOLES]) -> bool {
        let hole = hole as u8;
        let inline = self.len.min(INLINE);
        for k in 0..inline {
            if self.at[k] == hole && self.boards[k] == *board {
                return true;
            }
        }
        if self.spill.iter().any(|(h, b)| *h == hole && b == board) {
            return true;
        }
        if self.len < INLINE {
            self.at[self.len] = hole;
            self.boards[self.len] = *board;
        } else {
            self.spill.push((hole, *board));
        }
        self.len += 1;
        false
    }

    /// Forgets every lift: after a capture the board holds fewer counters, so no earlier
    /// lift can come back.
    #[inline(always)]
    fn clear(&mut self) {
        self.len = 0;
        self.spill.clear();
    }
}

impl Position {
    /// Sows from board index `start` for the player to move; returns true if the move was
    /// stopped as endless. Does not hand the turn over.
    #[inline]
    pub(crate) fn sow<T: Tracer>(&mut self, start: usize, t: &mut T) -> bool {
        let rules = self.rules;
        let mover = self.to_move;
        let mut log = LiftLog::new();
        let mut lift_at = start;
        let mut relay = false;
        loop {
            if log.repeats(lift_at, &self.board) {
                if T::ENABLED {
                    t.event(Event::EndlessStop {
                        hole: self.hole_at(lift_at),
                    });
                }
                return true;
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
                self.captured[to.index()] += 4;
                log.clear();
                if T::ENABLED {
                    t.event(Event::Four {
                        hole: self.hole_at(pos),
                        to,
                    });
                }
                if hand == 0 && rules.final_four == FinalFour::CaptureEndMove {
                    return false;
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
                self.captured[mover.index()] += u16::from(c);
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
            return false;
        }
    }
}
