//! The server's finished games as a source of puzzles (`rajapasu puzzles generate --from
//! store`, docs/PUZZLES.md): the Raja Pasu games of a store (single rounds and matches alike),
//! read back through the store's own API a page at a time and replayed as the server replays
//! them. Raja Pasu Mandiri games are counted and left out: a puzzle is a value of a
//! two-player round.

use crate::games::entry::Entry;
use crate::games::served::GameName;
use crate::store::{Store, StoreError};
use rajapasu_engine::Game;
use std::sync::Arc;

/// A finished Raja Pasu game of the store.
#[derive(Debug, Clone)]
pub struct FinishedGame {
    /// The game's id in the store.
    pub id: String,
    /// The game, replayed from its settings and moves.
    pub game: Game,
}

/// What reading the store met, besides the games given.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Met {
    /// Finished Raja Pasu games given.
    pub games: u64,
    /// Finished Raja Pasu Mandiri games left out.
    pub mandiri: u64,
    /// Finished games whose settings do not read (a damaged store), left out.
    pub unreadable: u64,
}

/// The finished Raja Pasu games of a store, in the order of their ids.
pub struct FinishedGames {
    store: Arc<dyn Store>,
    after: String,
    done: bool,
    /// What was met so far.
    pub met: Met,
}

impl FinishedGames {
    /// Reads `store` from its first game on.
    pub fn new(store: Arc<dyn Store>) -> FinishedGames {
        FinishedGames {
            store,
            after: String::new(),
            done: false,
            met: Met::default(),
        }
    }

    /// The next finished Raja Pasu games, from at most `limit` finished games of the store
    /// (so possibly none while more follow); `None` once every game has been read.
    pub async fn next_page(&mut self, limit: u32) -> Result<Option<Vec<FinishedGame>>, StoreError> {
        if self.done {
            return Ok(None);
        }
        let limit = limit.max(1);
        let page = self.store.finished_games(&self.after, limit).await?;
        self.done = page.len() < limit as usize;
        let Some(last) = page.last() else {
            return Ok(None);
        };
        self.after = last.id.clone();
        let mut games = Vec::with_capacity(page.len());
        for stored in page {
            if GameName::of_meta(&stored.meta) != GameName::RajaPasu {
                self.met.mandiri += 1;
                continue;
            }
            match Entry::<Game>::from_stored(&stored) {
                Ok(entry) => {
                    self.met.games += 1;
                    games.push(FinishedGame {
                        id: stored.id,
                        game: entry.game,
                    });
                }
                Err(e) => {
                    eprintln!("warning: game {}: {e}", stored.id);
                    self.met.unreadable += 1;
                }
            }
        }
        Ok(Some(games))
    }
}

/// Why a store cannot be read for puzzles.
#[derive(Debug)]
pub enum SourceError {
    /// No SQLite file at the path given (it is never created by reading).
    NoStore(String),
    /// The store did not open or answer.
    Store(StoreError),
    /// The reader's runtime did not start.
    Runtime(std::io::Error),
}

impl std::fmt::Display for SourceError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SourceError::NoStore(path) => write!(f, "no store at {path}"),
            SourceError::Store(e) => write!(f, "the store: {e}"),
            SourceError::Runtime(e) => write!(f, "cannot start the store's reader: {e}"),
        }
    }
}

impl std::error::Error for SourceError {}

impl From<StoreError> for SourceError {
    fn from(e: StoreError) -> SourceError {
        SourceError::Store(e)
    }
}

/// [`FinishedGames`] for a program without a runtime of its own (the command line): the store
/// named as `serve --db` names it, read on a runtime of the reader's own.
pub struct StoreSource {
    runtime: tokio::runtime::Runtime,
    games: FinishedGames,
}

impl StoreSource {
    /// Opens the store `db`: a `postgres://` address or a SQLite file, which must exist.
    ///
    /// ```
    /// use rajapasu_server::puzzle_source::StoreSource;
    /// let e = StoreSource::open("/nonexistent/games.db").err().unwrap();
    /// assert_eq!(e.to_string(), "no store at /nonexistent/games.db");
    /// ```
    pub fn open(db: &str) -> Result<StoreSource, SourceError> {
        let postgres = db.starts_with("postgres://") || db.starts_with("postgresql://");
        if !postgres && (db == ":memory:" || !std::path::Path::new(db).is_file()) {
            return Err(SourceError::NoStore(db.to_string()));
        }
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(SourceError::Runtime)?;
        let store = runtime.block_on(crate::store::open(db))?;
        Ok(StoreSource {
            runtime,
            games: FinishedGames::new(store),
        })
    }

    /// As [`FinishedGames::next_page`].
    pub fn next_page(&mut self, limit: u32) -> Result<Option<Vec<FinishedGame>>, StoreError> {
        self.runtime.block_on(self.games.next_page(limit))
    }

    /// What was met so far.
    pub fn met(&self) -> Met {
        self.games.met
    }
}
