//! Sowing: laps, fours, relay lifts, pussa captures and the endless-sowing stop (rules 3 to 6).
//!
//! The same code sows both games: the two-player [`Position`] and the three-seat
//! [`crate::mandiri::Position`] implement [`Sowing`], which says who owns each hole, who
//! is moving and where captures go. The lap loop is generic over it, so each game gets its own
//! monomorphized copy with nothing looked up at run time.

use crate::hole::Hole;
use crate::rules::{FinalFour, FourRecipient, Pussa, Rules, MAX_HOLES};

use crate::trace::{Event, Tracer};

/// Lifts a move may make before the engine starts recording them to find a repetition.
///
/// Sowing is deterministic: once a lift repeats an earlier one (same hole, same board), the move
/// would go round the same cycle forever. So a move that ends has never repeated a lift, and
/// the common short move needs no record at all. Past this many lifts the move is sown again
/// from its start with every lift recorded, which finds the first repeated lift exactly.
const UNRECORDED_LIFTS: u32 = 64;

/// The lifts of one move, recorded only on the rare long move (rule 6).
pub(crate) struct LiftLog {
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

/// A board that can be sown: who owns each hole, who moves, and where captures go.
///
/// The accessors are tiny and inlined; the provided methods are the sowing itself.
pub(crate) trait Sowing {
    /// Who owns holes and receives captures: [`crate::Side`] or [`crate::mandiri::Seat`].
    type Seat: Copy + PartialEq;
    /// Everyone's captures of the round, saved and restored around a long move.
    type Captures: Copy + Default + core::ops::IndexMut<Self::Seat, Output = u16>;

    /// The hole counts in board order (closed holes hold 0).
    fn board(&self) -> &[u8; MAX_HOLES];
    /// The hole counts, to change.
    fn board_mut(&mut self) -> &mut [u8; MAX_HOLES];
    /// The next open hole after board index `i`, in sowing order.
    fn next_open(&self, i: usize) -> usize;
    /// The options of the sowing (origin, final four, fours, pussa).
    fn sow_rules(&self) -> &Rules;
    /// The seat moving now.
    fn mover(&self) -> Self::Seat;
    /// The owner of board index `i`.
    fn owner(&self, i: usize) -> Self::Seat;
    /// The hole at board index `i`.
    fn hole_at(&self, i: usize) -> Hole;
    /// Every seat's captures, to read, change or put back.
    fn captures_mut(&mut self) -> &mut Self::Captures;

    /// Clears the board at a round's end: every counter goes to `taker`, or, without one, to
    /// the owner of its hole. Returns what each took, for the game to add to the captures.
    fn clear_board(&mut self, taker: Option<Self::Seat>) -> Self::Captures {
        let mut award = Self::Captures::default();
        for i in 0..MAX_HOLES {
            let c = self.board()[i];
            if c != 0 {
                award[taker.unwrap_or_else(|| self.owner(i))] += u16::from(c);
                self.board_mut()[i] = 0;
            }
        }
        award
    }

    /// Sows from board index `start` for the player to move; returns true if the move was
    /// stopped as endless. Does not hand the turn over.
    #[inline]
    fn sow<T: Tracer<Self::Seat>>(&mut self, start: usize, t: &mut T) -> bool {
        if T::ENABLED {
            // Traced moves are few (UIs, explanations): record from the first lift so the
            // events are told once.
            let mut log = LiftLog { lifts: Vec::new() };
            return self
                .sow_laps(start, t, Some(&mut log))
                .expect("a recorded sowing ends");
        }
        // Sowing changes only the board and the captures: that is all a long move must undo.
        let (board, captured) = (*self.board(), *self.captures_mut());
        match self.sow_laps(start, t, None) {
            Some(endless) => endless,
            None => {
                // A long move: sow it again, recording lifts, to stop at the first repetition.
                *self.board_mut() = board;
                *self.captures_mut() = captured;
                let mut log = LiftLog { lifts: Vec::new() };
                self.sow_laps(start, &mut (), Some(&mut log))
                    .expect("a recorded sowing ends")
            }
        }
    }

    /// Sows lap after lap. Without a log, gives up (returns `None`) after
    /// [`UNRECORDED_LIFTS`] lifts; with one, stops at the first repeated lift.
    #[inline(always)]
    fn sow_laps<T: Tracer<Self::Seat>>(
        &mut self,
        start: usize,
        t: &mut T,
        mut log: Option<&mut LiftLog>,
    ) -> Option<bool> {
        let rules = *self.sow_rules();
        let mover = self.mover();
        let mut lift_at = start;
        let mut relay = false;
        let mut lifts = 0u32;
        loop {
            lifts += 1;
            if let Some(log) = log.as_deref_mut() {
                if log.repeats(lift_at, self.board()) {
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
            let mut hand = self.board()[lift_at];
            self.board_mut()[lift_at] = 0;
            if T::ENABLED {
                t.event(Event::Lift {
                    hole: self.hole_at(lift_at),
                    count: hand,
                    relay,
                });
            }
            let mut pos = lift_at;
            while hand > 0 {
                pos = self.next_open(pos);
                if rules.skip_origin && pos == lift_at {
                    pos = self.next_open(pos);
                }
                hand -= 1;
                let c = self.board()[pos] + 1;
                if T::ENABLED {
                    t.event(Event::Drop {
                        hole: self.hole_at(pos),
                        count: c,
                    });
                }
                if c != 4 {
                    self.board_mut()[pos] = c;
                    continue;
                }
                if hand == 0 && rules.final_four == FinalFour::Exempt {
                    self.board_mut()[pos] = c;
                    if T::ENABLED {
                        t.event(Event::FourLeft {
                            hole: self.hole_at(pos),
                        });
                    }
                    continue;
                }
                self.board_mut()[pos] = 0;
                let to = match rules.fours {
                    FourRecipient::RowOwner => self.owner(pos),
                    FourRecipient::Sower => mover,
                };
                self.captures_mut()[to] += 4;
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
            let y = self.next_open(pos);
            if self.board()[y] != 0 {
                lift_at = y;
                relay = true;
                continue;
            }
            let mut z = self.next_open(y);
            if T::ENABLED && self.board()[z] == 0 {
                t.event(Event::NoCapture {
                    empty: self.hole_at(y),
                });
            }
            while self.board()[z] != 0 {
                let c = self.board()[z];
                self.board_mut()[z] = 0;
                self.captures_mut()[mover] += u16::from(c);
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
                let gap = self.next_open(z);
                if self.board()[gap] != 0 {
                    break;
                }
                z = self.next_open(gap);
            }
            return Some(false);
        }
    }
}
