//! Raja Pasu's position as the shared sowing (`sow.rs`) sees it: South owns the first row,
//! North the second, and captures are counted by side. Kept apart from both so that the sowing
//! knows no game and the position no sowing internals.

use crate::hole::Hole;
use crate::position::Position;
use crate::rules::{Rules, MAX_HOLES};
use crate::side::Side;
use crate::sow::Sowing;

impl Sowing for Position {
    type Seat = Side;
    type Captures = crate::BySide<u16>;

    #[inline(always)]
    fn board(&self) -> &[u8; MAX_HOLES] {
        &self.board
    }
    #[inline(always)]
    fn board_mut(&mut self) -> &mut [u8; MAX_HOLES] {
        &mut self.board
    }
    #[inline(always)]
    fn next_open(&self, i: usize) -> usize {
        self.next[i] as usize
    }
    #[inline(always)]
    fn sow_rules(&self) -> &Rules {
        &self.rules
    }
    #[inline(always)]
    fn mover(&self) -> Side {
        self.to_move
    }
    #[inline(always)]
    fn owner(&self, i: usize) -> Side {
        self.row_owner(i)
    }
    #[inline(always)]
    fn hole_at(&self, i: usize) -> Hole {
        Hole::from_index(i, self.rules.holes())
    }
    #[inline(always)]
    fn captures_mut(&mut self) -> &mut crate::BySide<u16> {
        &mut self.captured
    }
}
