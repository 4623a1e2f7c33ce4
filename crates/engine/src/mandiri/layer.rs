//! Rule M5 (`round-end=unreachable`): can any sequence of moves still make a capture?
//!
//! A move that captures nothing leaves the number of counters on the board unchanged, so the
//! positions reachable without a capture form one finite layer. A search of that layer, with a
//! visited set keyed by the whole position (hole counts and seat to move), answers exactly; it
//! stops at the first capture it finds, which in play is almost always among the first moves.

use crate::mandiri::position::Position;
use crate::mandiri::seat::{Seat, HOLES};
use std::collections::HashSet;

type Key = ([u8; HOLES], Seat);

impl Position {
    /// What identifies the position within a round, for the search here and for the third
    /// repetition: the hole counts and the seat to move.
    pub(crate) fn repetition_key(&self) -> Key {
        let mut board = [0; HOLES];
        board.copy_from_slice(self.counts());
        (board, self.to_move())
    }

    /// Whether some sequence of moves from here, by the seats in turn, makes a capture (a four
    /// or a pussa).
    ///
    /// ```
    /// use rajapasu_engine::mandiri::Position;
    /// let start: Position = "mandiri 7,7,7,7,7,7,7/7,7,7,7,7,7,7 C 0,0,0 1,2,3 0,0,0 1 1"
    ///     .parse().unwrap();
    /// assert!(start.capture_reachable());
    /// let one: Position = "mandiri 0,0,1,0,0,0,0/0,0,0,0,0,0,0 C 40,30,27 1,2,3 0,0,0 1 1"
    ///     .parse().unwrap();
    /// assert!(!one.capture_reachable());
    /// ```
    pub fn capture_reachable(&self) -> bool {
        let counters = self.on_board();
        if counters < 2 {
            // A four needs 4 counters and a pussa a counter beyond the gap besides the sown one.
            return false;
        }
        let mut seen: HashSet<Key> = HashSet::new();
        seen.insert(self.repetition_key());
        let mut stack = vec![*self];
        while let Some(pos) = stack.pop() {
            for hole in pos.legal_moves() {
                let mut child = pos;
                child.play_traced(hole, &mut ());
                if child.on_board() != counters {
                    return true;
                }
                if seen.insert(child.repetition_key()) {
                    stack.push(child);
                }
            }
        }
        false
    }
}
