//! A Mandiri hint: the best move for the player to move, and what the search expects each
//! seat to get, searched on a search worker ([`crate::search_pool`]).

use super::view::hole_name;
use crate::games::served::ServedGame;
use crate::games::view::json;
use rajapasu_ai::search::Searcher;
use rajapasu_engine::mandiri::{self, Player, Seat};
use rajapasu_engine::{Hole, SowingGame};
use serde::Serialize;
use serde_json::Value;

/// A hint: the best move for the player to move, and what the search expects it is worth.
#[derive(Serialize, Debug)]
struct MandiriHint {
    /// The ply the hint is for.
    ply: usize,
    /// The hole to play.
    #[serde(rename = "move", serialize_with = "hole_name")]
    hole: Hole,
    /// The seat to move.
    seat: Seat,
    /// The player to move.
    player: Player,
    /// What the move is worth to the seat to move, in counters (see `values`).
    value: f64,
    /// What each seat, C, R and L, may expect: its captures this round (and its player's
    /// reserve, in a match) plus half the counters in its own holes, at the end of the line
    /// the search expects.
    values: Option<[f64; 3]>,
    /// The deepest search that finished, in moves.
    depth: u32,
}

fn counters(tenths: i32) -> f64 {
    f64::from(tenths) / 10.0
}

/// The hint for `game` as the page reads it, searched by max^n ([`rajapasu_ai::mandiri::hint()`]),
/// which the searcher's stop flag ends early. Blocking: it runs on a search worker; `None` when
/// there is no move.
pub fn hint_with(searcher: &mut Searcher, game: &mandiri::Game) -> Option<Value> {
    let a = rajapasu_ai::mandiri::hint(game, Some(searcher.stop_flag()))?;
    Some(json(MandiriHint {
        ply: game.moves().len(),
        hole: a.best,
        seat: game.to_move(),
        player: game.player_to_move(),
        value: counters(a.value),
        values: a.values.map(|v| v.map(counters)),
        depth: a.depth,
    }))
}
