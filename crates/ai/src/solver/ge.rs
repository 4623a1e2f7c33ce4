//! The bound search: is the mover's value at least `v`? Depth-first, with the graph-history
//! rule for storing what it proves.

use super::answer::{Answer, NO_CYCLE};
use super::api::Solver;
use super::value::gain;
use rajapasu_engine::{Move, Position, Side};

impl Solver {
    /// Is the mover's value at least `v`, where endless lines go to `favoured`? Also returns the
    /// shallowest ply of a repeated position that a "yes" for `favoured` rests on.
    pub(super) fn ge(
        &mut self,
        pos: &Position,
        favoured: Side,
        v: i32,
        depth: u32,
        ply: usize,
        layer_start: usize,
    ) -> (Answer, usize) {
        let t = pos.on_board() as i32;
        if v <= -t || v > t {
            return (if v <= -t { Answer::Yes } else { Answer::No }, NO_CYCLE);
        }
        let mover = pos.to_move();
        let moves = pos.legal_moves();
        let (key, hint) = match self.settled(pos, favoured, v, moves.is_empty(), ply, layer_start) {
            Ok(found) => found,
            Err(answer) => return answer,
        };
        if depth == 0 {
            self.cut = true;
            return (Answer::Unknown, NO_CYCLE);
        }
        self.count_node();
        if self.aborted {
            return (Answer::Unknown, NO_CYCLE);
        }
        if self.path.len() <= ply {
            self.path.resize(ply + 1, [0, 0]);
        }
        self.path[ply] = key;

        let mut children = [(Move::new(1).expect("move 1"), 0i32, *pos); 16];
        let n = moves.len();
        for (k, &m) in moves.iter().enumerate() {
            let mut child = *pos;
            child.play(m);
            children[k] = (m, gain(pos, &child, mover), child);
        }
        // Most promising first: the move that proved this position before, then by gain.
        children[..n].sort_by_key(|&(m, g, _)| {
            std::cmp::Reverse(if m.number() == hint { i32::MAX } else { g })
        });

        let mut answer = Answer::No;
        let mut unknown = false;
        let mut cycle = NO_CYCLE;
        let mut best = children[0].0;
        for &(m, g, ref child) in &children[..n] {
            let child_start = if child.on_board() < pos.on_board() {
                ply + 1
            } else {
                layer_start
            };
            // The move reaches v if the opponent's value of the result is at most g - v.
            let (a, c) = self.ge(child, favoured, g - v + 1, depth - 1, ply + 1, child_start);
            match a {
                Answer::No => {
                    answer = Answer::Yes;
                    best = m;
                    cycle = c;
                    break;
                }
                Answer::Yes => cycle = cycle.min(c),
                Answer::Unknown => unknown = true,
            }
            if self.aborted {
                return (Answer::Unknown, NO_CYCLE);
            }
        }
        if answer == Answer::No && unknown {
            return (Answer::Unknown, NO_CYCLE);
        }
        // A proof for the side that endless lines do not favour never rests on a repetition (a
        // repetition is a loss for it); one for the favoured side may, and is stored only when
        // every repetition it rests on lies at or below this node.
        let for_side = if answer == Answer::Yes { mover } else { !mover };
        if for_side != favoured {
            cycle = NO_CYCLE;
        }
        if cycle >= ply {
            let (lower, upper) = if answer == Answer::Yes {
                (v, t)
            } else {
                (-t, v - 1)
            };
            self.table.narrow(key, t, lower, upper, best.number());
        }
        (answer, cycle)
    }
}
