//! What every store does ([`Store`]) and what passes through it: a stored game, the activity
//! written with each change, a change, a notice from another instance, and the errors.

pub use super::error::StoreError;
use crate::ratings::standing::RatedEnd;
use tokio::sync::broadcast;

/// A stored game as read back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredGame {
    /// The game's public id.
    pub id: String,
    /// The game's settings, tokens included, as JSON (each game's own: see
    /// [`crate::games::seating::Seating`]).
    pub meta: String,
    /// The moves, in order.
    pub moves: Vec<u8>,
    /// How many changes the game has had since it was created: the version a change is made on.
    pub version: u64,
}

/// What the store keeps about a game besides its settings and moves, written with every
/// change: what the cap on unfinished games, expiry and the computer's restart look at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Activity {
    /// When the game last changed, seconds since 1970.
    pub at: u64,
    /// Over, by the rules or by resignation.
    pub finished: bool,
    /// The computer is to move.
    pub computer_next: bool,
    /// When the running clock of a timed game runs out, milliseconds since 1970: the flag
    /// task of every instance finds the game by it.
    pub deadline: Option<u64>,
    /// The change is a flag stored at or after the stored deadline: it follows from what is
    /// already stored, so a crash that loses it loses nothing (the flag falls again on the
    /// next start, with the same result, and no move is taken after a deadline meanwhile).
    /// PostgreSQL commits it without waiting for the disk, so that the flag is told sooner.
    pub time_out: bool,
}

/// One change of a stored game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Change {
    /// The move played at `ply` (0-based), with the settings it changed (a timed game's
    /// clock), if any.
    AddMove {
        /// 0-based index of the move.
        ply: u32,
        /// Hole number.
        mv: u8,
        /// The new settings, when the move changed them.
        meta: Option<String>,
    },
    /// Moves taken back: every move from `from_ply` on is deleted, with the settings it changed
    /// (an online takeback's offers and clock), if any.
    Truncate {
        /// First ply removed.
        from_ply: u32,
        /// The new settings, when the takeback changed them.
        meta: Option<String>,
    },
    /// New settings (a seat taken, a resignation, a name, a rematch).
    Meta(String),
}

/// Another instance changed a game: it is now at `version` (PostgreSQL only).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Notice {
    /// The game `id` changed.
    Changed {
        /// The game.
        id: String,
        /// Its version after the change.
        version: u64,
    },
    /// Notices may have been missed (the listening connection was lost): every game held may
    /// be out of date, and so may the lobby's seeks.
    Missed,
    /// The lobby's seeks changed.
    Lobby,
    /// A tournament changed: its id.
    Tournament(String),
}

/// A place that keeps games, the accounts of the players
/// ([`AccountStore`](super::accounts::AccountStore)), their ratings
/// ([`RatingStore`](super::ratings::RatingStore)), the lobby's seeks
/// ([`LobbyStore`](super::lobby::LobbyStore)) and the puzzles' ratings
/// ([`PuzzleStore`](super::puzzles::PuzzleStore)). Every method returns once its work is
/// committed.
#[async_trait::async_trait]
pub trait Store:
    super::accounts::AccountStore
    + super::ratings::RatingStore
    + super::lobby::LobbyStore
    + super::puzzles::PuzzleStore
    + super::tournaments::TournamentStore
    + super::quotas::QuotaStore
    + Send
    + Sync
{
    /// Stores a new game (version 0, with the moves of an imported record), unless `cap`
    /// unfinished games are stored already ([`StoreError::Full`]).
    async fn create(
        &self,
        game: StoredGame,
        activity: Activity,
        cap: Option<u64>,
    ) -> Result<(), StoreError>;

    /// Changes the game `id`, which must be at `version` ([`StoreError::Stale`] if not); it is
    /// at `version + 1` after.
    async fn change(
        &self,
        id: &str,
        version: u64,
        change: Change,
        activity: Activity,
    ) -> Result<(), StoreError>;

    /// As [`Store::change`], for the change that ends a rated game: in the same transaction,
    /// unless the game was rated already, its players' standings in its pool move by its
    /// result (`crate::ratings::standing::rate`) and their histories get a line each. Of two
    /// instances that store the end of one game, one does ([`StoreError::Stale`] for the
    /// other), and a game is rated once whatever changes follow.
    async fn change_rated(
        &self,
        id: &str,
        version: u64,
        change: Change,
        activity: Activity,
        end: RatedEnd,
    ) -> Result<(), StoreError>;

    /// The game `id`, if stored.
    async fn load(&self, id: &str) -> Result<Option<StoredGame>, StoreError>;

    /// The finished games (of either game) whose id sorts after `after`, in the order of
    /// their ids, at most `limit`, each with its settings and moves: the games puzzles are
    /// mined from (`rajapasu puzzles generate --from store`), read a page at a time.
    async fn finished_games(&self, after: &str, limit: u32) -> Result<Vec<StoredGame>, StoreError>;

    /// The games in which the computer is to move (to resume them after a restart).
    async fn computer_waiting(&self) -> Result<Vec<String>, StoreError>;

    /// The unfinished timed games whose clock ran out at or before `now` (milliseconds since
    /// 1970), the earliest first, at most `limit`.
    async fn due(&self, now: u64, limit: u32) -> Result<Vec<String>, StoreError>;

    /// The earliest deadline of a running clock, milliseconds since 1970.
    async fn next_deadline(&self) -> Result<Option<u64>, StoreError>;

    /// Notes that an instance is alive at `now` (milliseconds since 1970).
    async fn alive(&self, now: u64) -> Result<(), StoreError>;

    /// At an instance's start: notes it alive at `now` and, when no instance had noted being
    /// alive for more than `gap` milliseconds, the moment the last one did (every instance
    /// was down since then). Of instances that start together, one is told.
    async fn downtime(&self, now: u64, gap: u64) -> Result<Option<u64>, StoreError>;

    /// Deletes the unfinished games whose last change came before `idle_before` (seconds
    /// since 1970); returns their ids.
    async fn expire(&self, idle_before: u64) -> Result<Vec<String>, StoreError>;

    /// Changes made by other instances sharing the store, as they commit; `None` for a store
    /// that only one instance uses.
    fn notices(&self) -> Option<broadcast::Receiver<Notice>>;

    /// Runs a job that panics, as a bug would, the way the store runs every job: for the tests
    /// that show the store answers [`StoreError::Failed`] and serves the next request. No
    /// route calls it.
    #[doc(hidden)]
    async fn fail_a_job(&self) -> Result<(), StoreError>;
}
