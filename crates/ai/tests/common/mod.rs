//! What several tests share: the brute force that they (and the `accuracy` example) measure
//! the search and the solver against, the real round with its full history and rule 8(b)
//! applied exactly by [`Game`], by plain alpha-beta without any table, so exact by
//! construction; and the engine protocol's output, caught ([`Sink`], [`protocol_output`]).
//! The brute force over whole matches, both repetition rules included, is [`match_brute`].

#![allow(dead_code)]

pub mod match_brute;

use rajapasu_engine::{Game, Move, Side};
use std::io::Write;
use std::sync::{Arc, Mutex};

/// Output shared with the engine protocol's thread.
#[derive(Clone, Default)]
pub struct Sink(pub Arc<Mutex<Vec<u8>>>);

impl Write for Sink {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Sink {
    /// What was written so far.
    pub fn text(&self) -> String {
        String::from_utf8(self.0.lock().unwrap().clone()).unwrap()
    }
}

/// What `rajapasu_ai::protocol::run` prints for `input`, read at once.
pub fn protocol_output(input: &[u8]) -> String {
    let sink = Sink::default();
    rajapasu_ai::protocol::run(std::io::Cursor::new(input.to_vec()), sink.clone());
    sink.text()
}

/// The mover's captures from now on minus the opponent's, exact within `alpha..beta` (a
/// fail-soft bound outside it). `None` past the node budget.
pub fn real_value(g: &mut Game, alpha: i32, beta: i32, budget: &mut u64) -> Option<i32> {
    *budget = budget.checked_sub(1)?;
    let (mut best, mut alpha) = (i32::MIN, alpha);
    for &m in g.legal_moves().iter() {
        let v = move_value(g, m, alpha, beta, budget)?;
        best = best.max(v);
        alpha = alpha.max(v);
        if alpha >= beta {
            break;
        }
    }
    Some(best)
}

/// What playing `m` is worth to the mover: its captures from now on minus the opponent's,
/// exact within `alpha..beta`. `None` past the node budget.
pub fn move_value(g: &mut Game, m: Move, alpha: i32, beta: i32, budget: &mut u64) -> Option<i32> {
    let me = g.position().to_move();
    let before = lead(g, me);
    g.play(m);
    let v = if g.status().is_over() {
        let r = g.rounds().last().expect("a finished round");
        Some(r.captured[me] as i32 - r.captured[!me] as i32 - before)
    } else {
        let gain = lead(g, me) - before;
        if g.position().to_move() == me {
            real_value(g, alpha - gain, beta - gain, budget).map(|v| gain + v)
        } else {
            // The opponent moves next: the move is worth the gain minus their value after it.
            real_value(g, gain - beta, gain - alpha, budget).map(|v| gain - v)
        }
    };
    g.undo();
    v
}

/// What `me` has captured in the round minus what the opponent has.
pub fn lead(g: &Game, me: Side) -> i32 {
    g.position().captured(me) as i32 - g.position().captured(!me) as i32
}
