//! Move ordering: the table's move first, then by history and, deep enough to pay for it, by
//! what each move captures at once.

use super::score::terminal;
use crate::eval::SCALE;
use rajapasu_engine::{BySide, Game, Move, Side};

/// History counters by player and hole number: moves that caused cutoffs before are tried
/// early, weighted by the depth squared.
#[derive(Clone, Debug)]
pub(crate) struct History(BySide<[i32; 16]>);

/// How deep a node must be for the immediate captures of its moves to be worth computing.
const GAIN_DEPTH: i32 = 3;

impl History {
    pub(crate) fn new() -> History {
        History(BySide::new([0; 16], [0; 16]))
    }

    /// A new search: old counters fade, so that the new position's cutoffs soon dominate.
    pub(crate) fn age(&mut self) {
        for side in Side::ALL {
            for h in self.0[side].iter_mut() {
                *h /= 8;
            }
        }
    }

    /// `mv` caused a cutoff at `depth`.
    pub(crate) fn reward(&mut self, me: Side, mv: Move, depth: i32) {
        let h = &mut self.0[me][mv.number() as usize];
        *h = (*h + depth * depth).min(1 << 20);
    }

    /// `g`'s legal moves best first, in `order[..n]`; returns `n`.
    pub(crate) fn order(
        &self,
        g: &mut Game,
        depth: i32,
        hash_move: u8,
        order: &mut [(Move, i32); 16],
    ) -> usize {
        let me = g.position().to_move();
        let moves = g.legal_moves();
        let n = moves.len();
        for (k, &mv) in moves.iter().enumerate() {
            let mut s = self.0[me][mv.number() as usize];
            if mv.number() == hash_move {
                s = i32::MAX;
            } else if depth >= GAIN_DEPTH {
                s += 64 * gain(g, mv, me);
            }
            order[k] = (mv, s);
        }
        order[..n].sort_unstable_by_key(|&(_, s)| std::cmp::Reverse(s));
        n
    }
}

/// The immediate change of the capture difference for `me`, in counters, when `mv` is played.
#[inline]
fn gain(g: &mut Game, mv: Move, me: Side) -> i32 {
    let before = material(g, me);
    g.play(mv);
    let after = if g.status().is_over() {
        terminal(g, me, 0) / SCALE
    } else {
        material(g, me)
    };
    g.undo();
    after - before
}

/// Captured (plus reserve) difference for `me`, in counters.
#[inline]
fn material(g: &Game, me: Side) -> i32 {
    let p = g.position();
    (p.captured(me) + p.reserve(me)) as i32 - (p.captured(!me) + p.reserve(!me)) as i32
}
