//! Raja Pasu Mandiri, the three-player game, on the server: what is its own. Its games are
//! held, stored, played and watched by the code both games share ([`crate::games`]), over
//! [`ServedGame`] and [`ShownGame`](crate::games::view::ShownGame), implemented here and in
//! [`view`]; its routes are those of [`crate::game_routes`], under `/api/mandiri/games`.
//!
//! | Module | What it holds |
//! |---|---|
//! | [`settings`] | the rules and who plays (one person and two computers, three on one device, three online), the stored JSON |
//! | [`requests`] | the new-game request, holes by name, the trace's reading (`POST /api/mandiri/trace`) |
//! | [`view`] | the JSON the page reads |
//! | [`hint`] | the hint: the best move and what each seat may expect |

pub mod hint;
pub mod requests;
pub mod settings;
pub mod view;

use crate::error::ApiError;
use crate::games::served::{GameName, ServedGame, Setup};
use crate::requests::{TokenRequest, TraceRequest};
use crate::search_pool::{SearchPool, HINT_TABLE_BITS};
use rajapasu_ai::search::Searcher;
use rajapasu_ai::Level;
use rajapasu_engine::mandiri::{self, Player, Seat};
use rajapasu_engine::{Hole, Mode, Side};
use rajapasu_rating::mandiri::{pairwise, pairwise_by_captures, PairResult};
use rajapasu_rating::Variant;
use requests::NewMandiriGame;
use serde_json::Value;
use settings::Settings;
use std::future::Future;

/// A move as the store keeps it: 1 to 7 for S1 to S7, 8 to 14 for N1 to N7.
///
/// ```
/// use rajapasu_server::mandiri::{hole_from_stored, stored_hole};
/// let n2: rajapasu_engine::Hole = "N2".parse().unwrap();
/// assert_eq!(stored_hole(n2), 9);
/// assert_eq!(hole_from_stored(9), Some(n2));
/// assert_eq!(hole_from_stored(15), None);
/// ```
pub fn stored_hole(hole: Hole) -> u8 {
    match hole.side() {
        Side::South => hole.number(),
        Side::North => 7 + hole.number(),
    }
}

/// The hole of a stored move.
pub fn hole_from_stored(n: u8) -> Option<Hole> {
    match n {
        1..=7 => Hole::new(Side::South, n),
        8..=14 => Hole::new(Side::North, n - 7),
        _ => None,
    }
}

impl crate::games::seating::Player for Player {
    const ALL: &'static [Player] = &Player::ALL;

    fn index(self) -> usize {
        Player::index(self)
    }
}

impl ServedGame for mandiri::Game {
    const GAME: GameName = GameName::Mandiri;
    type Player = Player;
    type Settings = Settings;
    type NewGame = NewMandiriGame;
    type MoveText = String;
    type RematchRequest = TokenRequest;

    fn new_game(req: NewMandiriGame, now: u64) -> Result<Setup<mandiri::Game>, ApiError> {
        req.read(now)
    }

    fn read_trace(req: &TraceRequest<String>) -> Result<(mandiri::Game, Hole), ApiError> {
        requests::read_trace(req)
    }

    fn read_move(&self, name: &String) -> Result<Hole, ApiError> {
        requests::hole_named(name)
    }

    fn player_to_move(&self) -> Player {
        let pos = self.position();
        pos.player(pos.to_move())
    }

    fn who(player: Player) -> String {
        format!("player {player}")
    }

    fn record_tag(player: Player) -> String {
        format!("Player{player}")
    }

    fn stored_move(hole: Hole) -> u8 {
        stored_hole(hole)
    }

    fn move_from_stored(n: u8) -> Option<Hole> {
        hole_from_stored(n)
    }

    /// The Mandiri searchers keep tables of their own; the job is counted against the memory
    /// budget as a hint-sized search, which is about their size.
    fn computer_move(
        pool: &SearchPool,
        game: mandiri::Game,
        level: Level,
        seed: u64,
    ) -> impl Future<Output = Option<Hole>> + Send + '_ {
        pool.computer_move(HINT_TABLE_BITS, move |_| {
            rajapasu_ai::mandiri::level_player(level, seed)
                .choose(&game)
                .ok()
        })
    }

    fn hint_with(searcher: &mut Searcher, game: &mandiri::Game) -> Option<Value> {
        hint::hint_with(searcher, game)
    }

    fn rating_variant(&self) -> Variant {
        Variant::Mandiri
    }

    /// By captures ([`counters_held`]), the player who forfeited losing to both others.
    fn pair_results(&self, forfeited: Option<Player>) -> Vec<PairResult> {
        let captures = counters_held(self);
        pairwise(captures, forfeited.map(Player::index))
            .map(|pairs| pairs.to_vec())
            .unwrap_or_else(|_| pairwise_by_captures(captures).to_vec())
    }
}

/// What each player counts for the pairwise results (docs/RATINGS.md), by player index: in a
/// single round, what they captured in it (the end award included, once it ended); in a match,
/// what they hold (reserve and what they captured in the round being played).
pub fn counters_held(game: &mandiri::Game) -> [u32; 3] {
    let pos = game.position();
    match pos.rules().mode {
        Mode::Match => Player::ALL.map(|p| pos.reserve(p) + pos.captured(pos.seat_of(p))),
        Mode::SingleRound => match game.rounds().last().filter(|_| game.status().is_over()) {
            Some(round) => Player::ALL.map(|p| {
                Seat::ALL
                    .into_iter()
                    .find(|&s| round.seats[s] == p)
                    .map_or(0, |s| u32::from(round.captured[s]))
            }),
            None => Player::ALL.map(|p| pos.captured(pos.seat_of(p))),
        },
    }
}
