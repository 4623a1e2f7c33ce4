//! One Mandiri game held in memory: the game, its settings, and what only memory keeps.

use super::settings::{MandiriKind, MandiriSeats, MandiriSettings};
use super::view::{MandiriInfo, MandiriUpdate};
use crate::games::held::{record_tags, GameName, Held, LoadError, Settled};
use crate::games::hub::{Hub, Registry};
use crate::games::view::json;
use crate::store::{Activity, StoredGame};
use rajapasu_engine::mandiri::{self, Player, Players};
use rajapasu_engine::{Hole, Side};
use serde_json::Value;

/// A Mandiri game's state, behind its slot's lock.
pub struct MandiriEntry {
    /// The game.
    pub game: mandiri::Game,
    /// Its settings.
    pub settings: MandiriSettings,
    /// The stored version this copy is at.
    pub version: u64,
    /// A task is choosing the computers' moves.
    pub thinking: bool,
    /// How many sockets have shown each player's token, by player.
    pub present: [usize; 3],
    /// A player opened the round the last move began (see [`MandiriEntry::between_rounds`]).
    pub round_opened: bool,
}

/// A move as the store keeps it: 1 to 7 for S1 to S7, 8 to 14 for N1 to N7.
///
/// ```
/// use rajapasu_server::mandiri::entry::{hole_from_stored, stored_hole};
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

impl MandiriEntry {
    /// A new game's entry.
    pub fn new(game: mandiri::Game, settings: MandiriSettings) -> MandiriEntry {
        MandiriEntry {
            game,
            settings,
            version: 0,
            thinking: false,
            present: [0; 3],
            round_opened: false,
        }
    }

    /// Over by the rules or by a resignation.
    pub fn over(&self) -> bool {
        over(&self.game, &self.settings)
    }

    /// The winners: of the match, or the two who did not resign (empty while it goes on).
    pub fn winners(&self) -> Players {
        if let Some(quitter) = self.settings.resigned {
            return Player::ALL
                .into_iter()
                .filter(|&p| p != quitter)
                .fold(Players::EMPTY, Players::with);
        }
        match self.game.status() {
            mandiri::Status::Playing => Players::EMPTY,
            mandiri::Status::RoundOver { winners } | mandiri::Status::MatchOver { winners } => {
                winners
            }
        }
    }

    /// The player to move.
    pub fn player_to_move(&self) -> Player {
        player_to_move(&self.game)
    }

    /// A computer is to move.
    pub fn computer_next(&self) -> bool {
        computer_next(&self.game, &self.settings)
    }

    /// A computer is to move and may: a round begun by a move waits until a player opens it.
    pub fn computer_may_move(&self) -> bool {
        self.computer_next() && (self.round_opened || !self.between_rounds())
    }

    /// The last move ended a round of a match and nobody has opened the next round yet.
    pub fn waits_between_rounds(&self) -> bool {
        self.between_rounds() && !self.round_opened
    }

    /// The last move ended a round of a match and the next round has no move yet.
    pub fn between_rounds(&self) -> bool {
        !self.over()
            && self.game.round_start_plies().last() == Some(&self.game.moves().len())
            && !self.game.moves().is_empty()
    }

    /// What the store keeps about the game in this state, at `now`.
    pub fn activity(&self, now: u64) -> Activity {
        activity(&self.game, &self.settings, now)
    }

    /// The moves as the store keeps them.
    pub fn stored_moves(&self) -> Vec<u8> {
        self.game.moves().iter().map(|&h| stored_hole(h)).collect()
    }
}

fn over(game: &mandiri::Game, settings: &MandiriSettings) -> bool {
    game.status().is_over() || settings.resigned.is_some()
}

/// The player to move in `game`.
pub fn player_to_move(game: &mandiri::Game) -> Player {
    let pos = game.position();
    pos.player(pos.to_move())
}

fn computer_next(game: &mandiri::Game, settings: &MandiriSettings) -> bool {
    !over(game, settings) && settings.seats.is_computer(player_to_move(game))
}

/// What the store keeps about `game` under `settings`, at `now`.
pub fn activity(game: &mandiri::Game, settings: &MandiriSettings, now: u64) -> Activity {
    Activity {
        at: now,
        finished: over(game, settings),
        computer_next: computer_next(game, settings),
    }
}

/// The events of `hole` played on `game` (which it changes), for the page to animate.
pub fn traced(game: &mut mandiri::Game, hole: Hole) -> Option<Vec<mandiri::Event>> {
    let mut events = Vec::new();
    game.play_traced(hole, &mut events).ok().map(|()| events)
}

impl Held for MandiriEntry {
    const GAME: GameName = GameName::Mandiri;

    fn registry(hub: &Hub) -> &Registry<MandiriEntry> {
        &hub.mandiri
    }

    fn from_stored(stored: &StoredGame) -> Result<MandiriEntry, LoadError> {
        let settings: MandiriSettings =
            serde_json::from_str(&stored.meta).map_err(LoadError::Settings)?;
        let mut game = settings.start_game();
        for (k, &n) in stored.moves.iter().enumerate() {
            let ok = hole_from_stored(n).is_some_and(|h| game.try_play(h).is_ok());
            if !ok {
                eprintln!(
                    "warning: game {}: move {} ({n}) does not replay",
                    stored.id,
                    k + 1
                );
                break;
            }
        }
        let mut entry = MandiriEntry::new(game, settings);
        entry.version = stored.version;
        Ok(entry)
    }

    fn version(&self) -> u64 {
        self.version
    }

    fn set_version(&mut self, v: u64) {
        self.version = v;
    }

    fn ply(&self) -> usize {
        self.game.moves().len()
    }

    fn thinking(&self) -> bool {
        self.thinking
    }

    fn keep_memory_of(&mut self, old: &MandiriEntry) {
        self.present = old.present;
        self.thinking = old.thinking;
    }

    fn changes_since(&self, id: &str, old: &MandiriEntry) -> Value {
        let game = MandiriInfo::of(id, self);
        let (before, after) = (old.game.moves(), self.game.moves());
        if after.len() == before.len() + 1 && after.starts_with(before) {
            let hole = after[before.len()];
            let mut replay = old.game.clone();
            let (seat, player) = (replay.position().to_move(), old.player_to_move());
            if let Some(events) = traced(&mut replay, hole) {
                return json(MandiriUpdate::Move {
                    ply: after.len(),
                    mv: hole,
                    seat,
                    player,
                    events,
                    game,
                });
            }
        }
        if after.len() < before.len() && before.starts_with(after) {
            return json(MandiriUpdate::Undo {
                ply: after.len(),
                game,
            });
        }
        if let (None, Some(player)) = (old.settings.resigned, self.settings.resigned) {
            return json(MandiriUpdate::Resigned { player, game });
        }
        if let (None, Some(id)) = (
            old.settings.seats.rematch_id(),
            self.settings.seats.rematch_id(),
        ) {
            return json(MandiriUpdate::Rematch {
                id: id.to_string(),
                game,
            });
        }
        let joined = Player::ALL
            .into_iter()
            .find(|&p| old.settings.seats.is_open(p) && !self.settings.seats.is_open(p));
        if let Some(player) = joined {
            return json(MandiriUpdate::Joined { player, game });
        }
        json(MandiriUpdate::State { game })
    }

    fn state_update(&self, id: &str) -> Value {
        json(MandiriUpdate::State {
            game: MandiriInfo::of(id, self),
        })
    }

    fn seats_of(&self, token: &str) -> u8 {
        self.settings.seats.held_by(token)
    }

    fn present_mut(&mut self) -> &mut [usize] {
        &mut self.present
    }

    fn presence_update(&self) -> Value {
        json(MandiriUpdate::Presence {
            connected: self.present.map(|n| n > 0),
        })
    }

    fn record(&self, id: &str, json_format: bool) -> String {
        let s = &self.settings;
        let names = s.names();
        let players = Player::ALL.map(|p| (format!("Player{p}"), names[p.index()].clone()));
        let resigned = s.resigned.map(|p| format!("player {p}"));
        let rec = mandiri::Record::from_game(
            &self.game,
            record_tags(Self::GAME, id, s.created, players, resigned),
        );
        if json_format {
            rec.to_json()
        } else {
            rec.to_text()
        }
    }
}

impl Settled for MandiriEntry {
    type Settings = MandiriSettings;

    fn settings(&self) -> &MandiriSettings {
        &self.settings
    }

    fn activity_with(&self, settings: &MandiriSettings, now: u64) -> Activity {
        activity(&self.game, settings, now)
    }

    fn set_settings(&mut self, settings: MandiriSettings) {
        self.settings = settings;
    }

    fn online(&self) -> bool {
        self.settings.seats.kind() == MandiriKind::Online
    }

    fn named(&self, held: u8, name: Option<String>) -> MandiriSettings {
        let mut settings = self.settings.clone();
        if let (MandiriSeats::Online { names, .. }, Some(player)) = (
            &mut settings.seats,
            Player::ALL.into_iter().find(|p| held & 1 << p.index() != 0),
        ) {
            names[player.index()] = name;
        }
        settings
    }
}
