//! Raja Pasu, the two-player game, on the server: what is its own. Its games are held, stored,
//! played and watched by the code both games share ([`crate::games`]), over
//! [`ServedGame`] and [`ShownGame`](crate::games::view::ShownGame), implemented here and in
//! [`view`]; its routes are those of [`crate::game_routes`], under `/api/games`.
//!
//! | Module | What it holds |
//! |---|---|
//! | [`settings`] | the rules, the start, who plays and the record's names, and the JSON stored |
//! | [`requests`] | the new-game request (kind, rules, mode, start or record, side, level), the rematch request, the trace's reading |
//! | [`view`] | the JSON the page reads |
//! | [`hint`] | the hint: every move scored |

pub mod hint;
pub mod requests;
pub mod settings;
pub mod view;

use crate::error::ApiError;
use crate::games::seating::Player;
use crate::games::served::{GameName, ServedGame, Setup};
use crate::requests::TraceRequest;
use crate::search_pool::SearchPool;
use rajapasu_ai::search::Searcher;
use rajapasu_ai::Level;
use rajapasu_engine::{Game, Mode, Move, Side};
use rajapasu_rating::mandiri::PairResult;
use rajapasu_rating::{Score, Variant};
use requests::{NewGame, RematchRequest};
use serde_json::Value;
use settings::Settings;
use std::future::Future;

impl Player for Side {
    const ALL: &'static [Side] = &Side::ALL;

    fn index(self) -> usize {
        Side::index(self)
    }
}

impl ServedGame for Game {
    const GAME: GameName = GameName::RajaPasu;
    type Player = Side;
    type Settings = Settings;
    type NewGame = NewGame;
    type MoveText = u32;
    type RematchRequest = RematchRequest;

    fn new_game(req: NewGame, now: u64) -> Result<Setup<Game>, ApiError> {
        req.read(now)
    }

    fn read_trace(req: &TraceRequest<u32>) -> Result<(Game, Move), ApiError> {
        requests::read_trace(req)
    }

    fn read_move(&self, number: &u32) -> Result<Move, ApiError> {
        crate::requests::hole(*number, self.rules().holes())
    }

    fn player_to_move(&self) -> Side {
        self.position().to_move()
    }

    fn who(side: Side) -> String {
        side.to_string()
    }

    fn record_tag(side: Side) -> String {
        side.to_string()
    }

    fn stored_move(mv: Move) -> u8 {
        mv.number()
    }

    fn move_from_stored(n: u8) -> Option<Move> {
        Move::new(n)
    }

    fn computer_move(
        pool: &SearchPool,
        game: Game,
        level: Level,
        seed: u64,
    ) -> impl Future<Output = Option<Move>> + Send + '_ {
        let params = level.params();
        pool.computer_move(params.table_bits, move |searcher| {
            rajapasu_ai::choose_with(searcher, &game, &params, seed).map(|c| c.mv)
        })
    }

    fn hint_with(searcher: &mut Searcher, game: &Game) -> Option<Value> {
        hint::hint_with(searcher, game)
    }

    fn rating_variant(&self) -> Variant {
        match self.rules().mode {
            Mode::SingleRound => Variant::Round,
            Mode::Match => Variant::Match,
        }
    }

    /// South against North: the winner of the round or match, or the side that did not
    /// forfeit; a draw when the rules give no winner.
    fn pair_results(&self, forfeited: Option<Side>) -> Vec<PairResult> {
        let winner = match forfeited {
            Some(side) => Some(!side),
            None => self.status().winner(),
        };
        let first_score = match winner {
            Some(Side::South) => Score::WIN,
            Some(Side::North) => Score::LOSS,
            None => Score::DRAW,
        };
        vec![PairResult {
            first: Side::South.index(),
            second: Side::North.index(),
            first_score,
        }]
    }
}
