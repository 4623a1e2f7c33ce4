//! What each game gives the server, as one trait over the engine's game types
//! ([`ServedGame`]): its players and settings, its requests' own parts, its moves as stored,
//! the words its answers use, and its searches. Raja Pasu (`crate::raja_pasu`) and Raja Pasu
//! Mandiri (`crate::mandiri`) implement it; everything else about a game in play is written
//! once over it in [`crate::games`].

use super::seating::{Player, Seating};
use crate::error::ApiError;
use crate::requests::TraceRequest;
use crate::search_pool::{SearchError, SearchPool};
use rajapasu_ai::search::Searcher;
use rajapasu_ai::Level;
use rajapasu_engine::record::Recorded;
use rajapasu_rating::mandiri::PairResult;
use rajapasu_rating::Variant;
use serde::de::DeserializeOwned;
use serde_json::Value;
use std::future::Future;

/// Which game a stored game is: the settings of a Mandiri game say `"game": "mandiri"`, those
/// of a Raja Pasu game (all stored before Mandiri came) say nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameName {
    /// Raja Pasu, for two.
    RajaPasu,
    /// Raja Pasu Mandiri, for three.
    Mandiri,
}

impl GameName {
    /// The game of stored settings.
    ///
    /// ```
    /// use rajapasu_server::games::served::GameName;
    /// assert_eq!(GameName::of_meta(r#"{"kind":"local"}"#), GameName::RajaPasu);
    /// assert_eq!(GameName::of_meta(r#"{"game":"mandiri"}"#), GameName::Mandiri);
    /// ```
    pub fn of_meta(meta: &str) -> GameName {
        #[derive(serde::Deserialize)]
        struct Tag {
            #[serde(default)]
            game: Option<String>,
        }
        match serde_json::from_str::<Tag>(meta) {
            Ok(Tag { game: Some(g) }) if g == "mandiri" => GameName::Mandiri,
            _ => GameName::RajaPasu,
        }
    }

    /// The game's word in the API and the store: `raja_pasu` or `mandiri`.
    pub fn word(self) -> &'static str {
        match self {
            GameName::RajaPasu => "raja_pasu",
            GameName::Mandiri => "mandiri",
        }
    }

    /// Where the API has games of this kind.
    pub fn api_path(self) -> &'static str {
        match self {
            GameName::RajaPasu => "/api/games",
            GameName::Mandiri => "/api/mandiri/games",
        }
    }

    /// Where the API plays a move of this game from any position (`POST`), storing nothing.
    pub fn trace_path(self) -> &'static str {
        match self {
            GameName::RajaPasu => "/api/trace",
            GameName::Mandiri => "/api/mandiri/trace",
        }
    }

    /// The game's name for people.
    pub fn title(self) -> &'static str {
        match self {
            GameName::RajaPasu => "Raja Pasu",
            GameName::Mandiri => "Raja Pasu Mandiri",
        }
    }
}

/// A new game as its creation request asks for it, checked.
#[derive(Debug)]
pub struct Setup<G: ServedGame> {
    /// The game to begin with (an imported record's moves included).
    pub game: G,
    /// Its settings: who plays, with new tokens.
    pub settings: G::Settings,
    /// The creator's place.
    pub creator: G::Player,
}

/// What a rematch request says, in either game's body.
pub trait RematchBody {
    /// The seat token.
    fn token(&self) -> Option<&str>;
    /// Whether the players change sides in a rematch against the computer (see
    /// [`Seating::rematch`]).
    fn swap(&self) -> bool;
}

/// What the server needs of a game of the family, beyond the engine's [`Recorded`]: written once
/// per game, everything else over it.
///
/// ```
/// use rajapasu_engine::{mandiri, Game, SowingGame};
/// use rajapasu_server::games::served::ServedGame;
///
/// /// Who is to move, and the first legal move as the store keeps it, in either game.
/// fn first<G: ServedGame>(game: G) -> (String, u8) {
///     (G::who(game.player_to_move()), G::stored_move(game.legal_moves()[0]))
/// }
/// assert_eq!(first(Game::new(Default::default())), ("South".to_string(), 1));
/// assert_eq!(first(mandiri::Game::new(Default::default())), ("player 1".to_string(), 3));
/// ```
pub trait ServedGame: Recorded {
    /// Which game this is.
    const GAME: GameName;
    /// The people at the game: who holds tokens and names, who resigns.
    type Player: Player;
    /// Its settings, stored as JSON beside the moves.
    type Settings: Seating<Game = Self, Player = Self::Player>;
    /// The body of its creation request.
    type NewGame: DeserializeOwned + Send + 'static;
    /// A move as its move request gives it (the `move` field).
    type MoveText: DeserializeOwned + Send + 'static;
    /// The body of its rematch request.
    type RematchRequest: RematchBody + DeserializeOwned + Send + 'static;

    /// Checks a creation request: the game, its settings (made at `now`), the creator's place.
    fn new_game(req: Self::NewGame, now: u64) -> Result<Setup<Self>, ApiError>;
    /// Checks a trace request: the game to play the move in, and the move.
    fn read_trace(req: &TraceRequest<Self::MoveText>) -> Result<(Self, Self::Move), ApiError>;
    /// The move a request names; 422 `illegal_move` when it names none.
    fn read_move(&self, text: &Self::MoveText) -> Result<Self::Move, ApiError>;
    /// The player to move.
    fn player_to_move(&self) -> Self::Player;
    /// A player as the answers' messages and the record's termination name them.
    fn who(player: Self::Player) -> String;
    /// The record's tag naming `player`.
    fn record_tag(player: Self::Player) -> String;
    /// A move as the store keeps it, a small number.
    fn stored_move(mv: Self::Move) -> u8;
    /// The move of a stored number.
    fn move_from_stored(n: u8) -> Option<Self::Move>;
    /// The computer's move at `level` on the search workers (never refused; `None` when there
    /// is none, or the workers stopped).
    fn computer_move(
        pool: &SearchPool,
        game: Self,
        level: Level,
        seed: u64,
    ) -> impl Future<Output = Option<Self::Move>> + Send + '_;
    /// The hint for the player to move in `game`, as the page reads it (its `ply` included),
    /// searched with `searcher`; `None` when there is no move. Blocking: it runs on a search
    /// worker.
    fn hint_with(searcher: &mut Searcher, game: &Self) -> Option<Value>;

    /// What the game is rated as: Raja Pasu's single round or match, or Mandiri.
    fn rating_variant(&self) -> Variant;
    /// The results between pairs of players of this finished game (indexes by
    /// [`Player::index`]), `forfeited` being the player who resigned or ran out of time
    /// (docs/RATINGS.md).
    fn pair_results(&self, forfeited: Option<Self::Player>) -> Vec<PairResult>;

    /// The hint for game `id` ([`ServedGame::hint_with`]), searched on the workers; replaces an
    /// older hint request of the same game.
    fn hint<'a>(
        pool: &'a SearchPool,
        id: &'a str,
        game: Self,
    ) -> impl Future<Output = Result<Option<Value>, SearchError>> + Send + 'a {
        pool.hint(id, move |searcher| Self::hint_with(searcher, &game))
    }
}
