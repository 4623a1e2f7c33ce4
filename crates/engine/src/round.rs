//! Refills between rounds: refilling and closing holes (rule 10), a player too poor to fill a
//! hole (decision 9). The board is cleared at a round's end (rule 8) by the sowing's
//! `clear_board`, which both games share.

use crate::by_side::BySide;
use crate::position::Position;
use crate::rules::{ClosedEnd, MAX_HOLES};
use crate::side::Side;

impl Position {
    /// Sets up the next round from each player's holdings (rule 10): `Ok(holes filled)`, or
    /// `Err(winner)` if a player cannot fill a single hole.
    pub(crate) fn refill(&mut self, leader: Side) -> Result<BySide<u8>, Side> {
        let n = self.rules.holes();
        let per_hole = self.rules.counters();
        let holdings = self
            .reserve
            .zip(self.captured)
            .map(|(r, c)| u32::from(r + c));
        for (side, &held) in holdings.pairs() {
            if held < per_hole {
                return Err(!side);
            }
        }
        let mut board = [0u8; MAX_HOLES];
        let mut open = 0u32;
        let mut filled = BySide::default();
        for (side, &h) in holdings.pairs() {
            let k = (h / per_hole).min(n as u32) as usize;
            let first = match self.rules.closed {
                ClosedEnd::Left => n - k,
                ClosedEnd::Right => 0,
            };
            for j in first..first + k {
                let i = side.index() * n + j;
                board[i] = per_hole as u8;
                open |= 1 << i;
            }
            filled[side] = k as u8;
            self.reserve[side] = (h - per_hole * k as u32) as u16;
        }
        self.board = board;
        self.open = open;
        self.captured = BySide::default();
        self.to_move = leader;
        self.round += 1;
        self.link_open_holes();
        Ok(filled)
    }
}
