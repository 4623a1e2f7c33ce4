//! What changed between two copies of a game: when another instance sharing the store changed
//! a game, this instance reads it back and tells its sockets what happened, as it would of a
//! change of its own.

use super::entry::Entry;
use super::seating::{Player, Seating};
use super::served::ServedGame;
use super::view::Told;

/// What made `old` into `new`: a move (with its events, replayed here so that the page animates
/// it as it would a move made on this instance), an undo, a resignation or a time-out, a rematch, a seat
/// taken, or else anything (the whole state).
pub fn what_changed<G: ServedGame>(old: &Entry<G>, new: &Entry<G>) -> Told<G> {
    let (before, after) = (old.game.moves(), new.game.moves());
    if after.len() == before.len() + 1 && after.starts_with(before) {
        let mv = after[before.len()];
        let mut replay = old.game.clone();
        let (seat, player) = (replay.to_move(), replay.player_to_move());
        let mut events = Vec::new();
        if replay.play_traced(mv, &mut events).is_ok() {
            return Told::Move {
                ply: after.len(),
                mv,
                seat,
                player,
                events,
            };
        }
    }
    if after.len() < before.len() && before.starts_with(after) {
        return Told::Undo { ply: after.len() };
    }
    let (was, is) = (&old.settings, &new.settings);
    if let (None, Some(player)) = (was.resigned(), is.resigned()) {
        return match is.timed_out() {
            Some(_) => Told::TimedOut(player),
            None => Told::Resigned(player),
        };
    }
    if let (None, Some(id)) = (was.rematch_id(), is.rematch_id()) {
        return Told::Rematch(id.to_string());
    }
    let joined = G::Player::ALL
        .iter()
        .copied()
        .find(|&p| was.is_open(p) && !is.is_open(p));
    match joined {
        Some(player) => Told::Joined(player),
        None => Told::State,
    }
}
