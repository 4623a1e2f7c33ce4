//! What the hub needs of a game held in memory, whichever game it is: Raja Pasu
//! ([`super::slot::Entry`]) or Raja Pasu Mandiri ([`crate::mandiri::MandiriEntry`]). Loading,
//! storing changes, reloading after another instance's change, presence and eviction are
//! written once, over this trait.

use super::hub::{Hub, Registry};
use crate::store::{Activity, StoredGame};
use rajapasu_engine::record::utc_date_time;
use serde::Serialize;
use serde_json::Value;

/// Which game a stored game is: the settings of a Mandiri game say `"game": "mandiri"`, those
/// of a Raja Pasu game (all stored before Mandiri came) say nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameName {
    /// Raja Pasu, for two.
    Pasu,
    /// Raja Pasu Mandiri, for three.
    Mandiri,
}

impl GameName {
    /// The game of stored settings.
    ///
    /// ```
    /// use rajapasu_server::games::held::GameName;
    /// assert_eq!(GameName::of_meta(r#"{"kind":"local"}"#), GameName::Pasu);
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
            _ => GameName::Pasu,
        }
    }

    /// Where the API has games of this kind.
    pub fn api_path(self) -> &'static str {
        match self {
            GameName::Pasu => "/api/games",
            GameName::Mandiri => "/api/mandiri/games",
        }
    }

    /// The game's name for people.
    pub fn title(self) -> &'static str {
        match self {
            GameName::Pasu => "Raja Pasu",
            GameName::Mandiri => "Raja Pasu Mandiri",
        }
    }
}

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

/// A game held in memory, as the hub keeps it.
pub trait Held: Sized + Send + 'static {
    /// The game these are.
    const GAME: GameName;

    /// The hub's games of this kind.
    fn registry(hub: &Hub) -> &Registry<Self>;

    /// Brings a stored game back by replaying its moves.
    fn from_stored(stored: &StoredGame) -> Result<Self, LoadError>;

    /// The stored version this copy is at (see [`crate::store`]).
    fn version(&self) -> u64;

    /// The copy is now at stored version `v`.
    fn set_version(&mut self, v: u64);

    /// Moves played.
    fn ply(&self) -> usize;

    /// A task is choosing a computer's move.
    fn thinking(&self) -> bool;

    /// Takes from the copy this one replaces what only memory holds: who is there, whether a
    /// computer is thinking.
    fn keep_memory_of(&mut self, old: &Self);

    /// The live update telling sockets how `old` became this copy.
    fn changes_since(&self, id: &str, old: &Self) -> Value;

    /// The live update with the whole game.
    fn state_update(&self, id: &str) -> Value;

    /// Which seats `token` holds, as a bit per seat (0 when none).
    fn seats_of(&self, token: &str) -> u8;

    /// How many sockets show each seat's token.
    fn present_mut(&mut self) -> &mut [usize];

    /// The live update saying which seats' players are there.
    fn presence_update(&self) -> Value;

    /// The game's record (RULES.md's record format), as plain text or JSON.
    fn record(&self, id: &str, json_format: bool) -> String;
}

/// The tags a record of game `id` begins with: the event, the site, the date of `created`, the
/// players (`(tag, name)`), and how a resignation ended it.
pub fn record_tags(
    game: GameName,
    id: &str,
    created: u64,
    players: impl IntoIterator<Item = (String, String)>,
    resigned: Option<String>,
) -> Vec<(String, String)> {
    let mut tags = vec![
        ("Event".to_string(), format!("{} game", game.title())),
        ("Site".to_string(), format!("game {id}")),
        ("Date".to_string(), utc_date_time(created).0),
    ];
    tags.extend(players);
    if let Some(who) = resigned {
        tags.push(("Termination".to_string(), format!("{who} resigned")));
    }
    tags
}

/// A held game whose settings (seats, names, resignation) are stored as JSON beside its moves
/// and changed by requests such as join, name and resign.
pub trait Settled: Held {
    /// The settings.
    type Settings: Serialize + Clone + Send;

    /// The settings as they are.
    fn settings(&self) -> &Self::Settings;

    /// What the store is to keep about the game once `settings` take the place of its own.
    fn activity_with(&self, settings: &Self::Settings, now: u64) -> Activity;

    /// Takes `settings`, stored.
    fn set_settings(&mut self, settings: Self::Settings);

    /// Played online, where players name themselves.
    fn online(&self) -> bool;

    /// The settings once the first of the seats in `held` (a bit per seat, as
    /// [`Held::seats_of`]) goes by `name` (none: by the seat's own name again).
    fn named(&self, held: u8, name: Option<String>) -> Self::Settings;
}
