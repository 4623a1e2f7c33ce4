//! One game held in memory, of either game: the game, its settings, the stored version, and
//! what only memory keeps (who is there, whether a computer is thinking, whether a round was
//! opened).

use super::seating::{Held, Player, Seating};
use super::served::ServedGame;
use crate::error::ApiError;
use crate::store::{Activity, StoredGame};
use rajapasu_engine::record::{utc_date_time, GameRecord, Termination};

/// Why a stored game cannot be brought back.
#[derive(Debug)]
pub enum LoadError {
    /// The settings do not read.
    Settings(serde_json::Error),
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoadError::Settings(e) => write!(f, "unreadable settings: {e}"),
        }
    }
}

impl std::error::Error for LoadError {}

/// A game's state, behind its slot's lock.
///
/// ```
/// use rajapasu_engine::mandiri;
/// use rajapasu_server::games::entry::Entry;
/// use rajapasu_server::games::seating::Seating;
/// use rajapasu_server::games::served::ServedGame;
/// let req = serde_json::from_str(r#"{"kind": "local"}"#).unwrap();
/// let mut setup = mandiri::Game::new_game(req, 0).unwrap();
/// let token = setup.settings.mint(setup.creator).unwrap().unwrap();
/// let e = Entry::new(setup.game, setup.settings);
/// assert_eq!(e.require(Some(&token)).unwrap().indices().count(), 3, "one token for all three");
/// assert_eq!(e.require(None).unwrap_err().code_word(), "token_missing");
/// assert!(!e.over() && !e.between_rounds() && !e.computer_next());
/// ```
#[derive(Debug)]
pub struct Entry<G: ServedGame> {
    /// The game.
    pub game: G,
    /// Its settings.
    pub settings: G::Settings,
    /// The stored version this copy is at (see [`crate::store`]).
    pub version: u64,
    /// A task is choosing the computer's moves.
    pub thinking: bool,
    /// How many live-update sockets have shown each player's token (by [`Player::index`]):
    /// the player is there.
    pub present: Vec<usize>,
    /// The last round trip measured to each player on a live socket, in milliseconds (by
    /// [`Player::index`]): the most lag a move of theirs is forgiven
    /// ([`super::round_trip`]). Kept in memory only, on the instance holding the socket.
    pub round_trip_ms: Vec<Option<u64>>,
    /// A player opened the round that the last move began (see [`Entry::between_rounds`]), so
    /// the computer may make its first move. Kept in memory only: after a restart the page
    /// asks again, which costs one click.
    pub round_opened: bool,
}

impl<G: ServedGame> Entry<G> {
    /// A new game's entry.
    pub fn new(game: G, settings: G::Settings) -> Entry<G> {
        Entry {
            game,
            settings,
            version: 0,
            thinking: false,
            present: vec![0; G::Player::ALL.len()],
            round_trip_ms: vec![None; G::Player::ALL.len()],
            round_opened: false,
        }
    }

    /// Brings a stored game back by replaying its moves (up to the first that does not replay,
    /// which would mean a damaged store).
    pub fn from_stored(stored: &StoredGame) -> Result<Entry<G>, LoadError> {
        let settings: G::Settings =
            serde_json::from_str(&stored.meta).map_err(LoadError::Settings)?;
        let mut game = settings.start_game();
        for (k, &n) in stored.moves.iter().enumerate() {
            let ok = G::move_from_stored(n).is_some_and(|mv| game.try_play(mv).is_ok());
            if !ok {
                eprintln!(
                    "warning: game {}: move {} ({n}) does not replay",
                    stored.id,
                    k + 1
                );
                break;
            }
        }
        let mut entry = Entry::new(game, settings);
        entry.version = stored.version;
        Ok(entry)
    }

    /// Moves played.
    pub fn ply(&self) -> usize {
        self.game.moves().len()
    }

    /// The moves as the store keeps them.
    pub fn stored_moves(&self) -> Vec<u8> {
        self.game
            .moves()
            .iter()
            .map(|&mv| G::stored_move(mv))
            .collect()
    }

    /// Over by the rules or by resignation.
    pub fn over(&self) -> bool {
        over(&self.game, &self.settings)
    }

    /// The player to move.
    pub fn player_to_move(&self) -> G::Player {
        self.game.player_to_move()
    }

    /// The computer is to move.
    pub fn computer_next(&self) -> bool {
        computer_next(&self.game, &self.settings)
    }

    /// The computer is to move and may: a round begun by a move waits until a player opens
    /// it, so that the round's summary stays on the player's page, even after a reload.
    pub fn computer_may_move(&self) -> bool {
        self.computer_next() && (self.round_opened || !self.between_rounds())
    }

    /// The last move ended a round of a match and the next round has no move yet.
    pub fn between_rounds(&self) -> bool {
        !self.over()
            && self.game.before_moves().last().is_some_and(|before| {
                G::position_round(before) != G::position_round(self.game.position())
            })
    }

    /// The page is to show the summary of the round just ended and wait for the next round.
    pub fn waits_between_rounds(&self) -> bool {
        self.between_rounds() && !self.round_opened
    }

    /// What the store keeps about the game in this state, at `now`.
    pub fn activity(&self, now: u64) -> Activity {
        activity(&self.game, &self.settings, now)
    }

    /// The players `token` holds.
    pub fn held_by(&self, token: &str) -> Held {
        self.settings.held_by(token)
    }

    /// The players a request's token holds; 403 `token_missing` or `token_wrong` when it
    /// holds none.
    pub fn require(&self, token: Option<&str>) -> Result<Held, ApiError> {
        let Some(token) = token else {
            return Err(
                ApiError::forbidden("a seat token is required (field `token`)")
                    .code("token_missing"),
            );
        };
        let held = self.held_by(token);
        if held.is_empty() {
            return Err(
                ApiError::forbidden("wrong token: it holds no seat in this game")
                    .code("token_wrong"),
            );
        }
        Ok(held)
    }

    /// The most lag a move of `player` may be forgiven: the last round trip measured to them,
    /// none when none was (no socket of theirs answered a ping on this instance).
    pub fn measured_lag(&self, player: G::Player) -> u64 {
        self.round_trip_ms
            .get(player.index())
            .copied()
            .flatten()
            .unwrap_or(0)
    }

    /// Whether `player` has a socket open.
    pub fn connected(&self, player: G::Player) -> bool {
        self.present.get(player.index()).is_some_and(|&n| n > 0)
    }

    /// Takes from the copy this one replaces what only memory holds: who is there, their
    /// round trips, whether a computer is thinking.
    pub fn keep_memory_of(&mut self, old: &Entry<G>) {
        self.present.clone_from(&old.present);
        self.round_trip_ms.clone_from(&old.round_trip_ms);
        self.thinking = old.thinking;
    }

    /// The game's record (RULES.md's record format) as game `id`, as plain text or JSON.
    pub fn record(&self, id: &str, json_format: bool) -> String {
        let s = &self.settings;
        let names = s.names();
        let mut tags = vec![
            ("Event".to_string(), format!("{} game", G::GAME.title())),
            ("Site".to_string(), format!("game {id}")),
            ("Date".to_string(), utc_date_time(s.created()).0),
        ];
        tags.extend(
            G::Player::ALL
                .iter()
                .zip(names)
                .map(|(&p, name)| (G::record_tag(p), name)),
        );
        if let Some(how) = termination(&self.game, s) {
            tags.push(("Termination".to_string(), how.to_string()));
        }
        let rec = GameRecord::from_game(&self.game, tags);
        if json_format {
            rec.to_json()
        } else {
            rec.to_text()
        }
    }
}

/// How `game` under `settings` ended, as its record says (RULES.md section 7): a draw
/// agreed, a time-out, a resignation, or the rules (a match drawn by repetition told apart);
/// `None` while it goes on. The record's result follows from it ([`Termination::result`]).
pub fn termination<G: ServedGame>(game: &G, settings: &G::Settings) -> Option<Termination<G>> {
    if settings.drawn() {
        Some(Termination::Agreement)
    } else if let Some(p) = settings.timed_out() {
        Some(Termination::Time(party::<G>(p)))
    } else if let Some(p) = settings.resigned() {
        Some(Termination::Resigned(party::<G>(p)))
    } else {
        Termination::of_rules(game)
    }
}

/// The record's name of a player: both list their players in one order (South first;
/// players 1 to 3), which a test below keeps.
fn party<G: ServedGame>(player: G::Player) -> G::Party {
    G::PARTIES[player.index()]
}

/// Over by the rules, by resignation or by a draw agreed.
pub fn over<G: ServedGame>(game: &G, settings: &G::Settings) -> bool {
    game.is_over() || settings.resigned().is_some() || settings.drawn()
}

/// The results between pairs of players of the finished `game` under `settings`: every pair
/// drawn after a draw agreed; else as the game gives them ([`ServedGame::pair_results`]).
pub fn end_results<G: ServedGame>(
    game: &G,
    settings: &G::Settings,
) -> Vec<rajapasu_rating::mandiri::PairResult> {
    let mut pairs = game.pair_results(settings.resigned());
    if settings.drawn() {
        for p in &mut pairs {
            p.first_score = rajapasu_rating::Score::DRAW;
        }
    }
    pairs
}

fn computer_next<G: ServedGame>(game: &G, settings: &G::Settings) -> bool {
    !over(game, settings) && settings.computer_plays(game.player_to_move())
}

/// What the store keeps about `game` under `settings`, at `now`: for a change, before it is
/// taken.
pub fn activity<G: ServedGame>(game: &G, settings: &G::Settings, now: u64) -> Activity {
    let finished = over(game, settings);
    Activity {
        at: now,
        finished,
        computer_next: computer_next(game, settings),
        deadline: settings
            .clock()
            .and_then(|c| c.deadline())
            .filter(|_| !finished)
            .map(|d| d.0),
        time_out: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rajapasu_engine::{mandiri, Game};

    fn same_names<G: ServedGame>() {
        for &p in G::Player::ALL {
            assert_eq!(G::party_name(party::<G>(p)), G::who(p));
        }
        assert_eq!(G::PARTIES.len(), G::Player::ALL.len());
    }

    #[test]
    fn the_record_names_players_as_the_server_does() {
        same_names::<Game>();
        same_names::<mandiri::Game>();
    }
}
