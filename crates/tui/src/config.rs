//! How a game in the terminal is played, the same for both games but for who plays, and the
//! names of the files its records go to.

use crate::raja_pasu::Computer;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

/// How a game in the terminal is played: who plays (`P`: [`Option<Computer>`] for Raja Pasu,
/// [`crate::mandiri::Lineup`] for Mandiri), the animation, and where the record goes.
#[derive(Clone, Debug)]
pub struct Config<P = Option<Computer>> {
    /// Who plays: Raja Pasu's computer opponent (`None` for two players at one keyboard), or
    /// who plays each of Mandiri's three players.
    pub players: P,
    /// Whether moves are animated.
    pub animate: bool,
    /// Where the game record is written (after every move, on the save key and on quit).
    pub save_path: PathBuf,
    /// Tags of the record (players, date...).
    pub tags: Vec<(String, String)>,
    /// Whether `save_path` is a name the program made up: if a file of that name appears
    /// before the first save (another game started in the same second), the record goes to
    /// [`free_path`] instead of overwriting it. False for a name the player gave.
    pub never_overwrite: bool,
    /// A line shown under the board while it has something to say.
    pub notice: Option<Notice>,
}

/// A line the game shows under the board, asked again at every drawing, so that it can follow
/// work going on beside the game: the endgame table's build when `play --build-tablebase`
/// builds it ("proven values: table 43% built").
///
/// ```
/// use rajapasu_tui::Notice;
/// let notice = Notice::new(|| Some("proven values: table 43% built".to_string()));
/// assert_eq!(notice.text().as_deref(), Some("proven values: table 43% built"));
/// ```
#[derive(Clone)]
pub struct Notice(Arc<dyn Fn() -> Option<String> + Send + Sync>);

impl Notice {
    /// A notice whose text is `text()` at each drawing (`None`: nothing to say now).
    pub fn new(text: impl Fn() -> Option<String> + Send + Sync + 'static) -> Notice {
        Notice(Arc::new(text))
    }

    /// What the notice says now.
    pub fn text(&self) -> Option<String> {
        (self.0)()
    }
}

impl std::fmt::Debug for Notice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("Notice").field(&self.text()).finish()
    }
}

impl<P: Default> Default for Config<P> {
    fn default() -> Config<P> {
        Config::new()
    }
}

impl<P: Default> Config<P> {
    /// The game's usual players (two players at one keyboard; in Mandiri, you against two
    /// computers), animated moves, the record in [`default_save_path`].
    ///
    /// ```
    /// let config: rajapasu_tui::Config = rajapasu_tui::Config::new();
    /// assert!(config.players.is_none() && config.animate && config.never_overwrite);
    /// ```
    pub fn new() -> Config<P> {
        Config {
            players: P::default(),
            animate: true,
            save_path: default_save_path(),
            tags: Vec::new(),
            never_overwrite: true,
            notice: None,
        }
    }
}

/// `rajapasu-YYYY-MM-DD-HHMMSS.txt` in the working directory, from the current UTC time, with
/// a suffix (`-2`, `-3`...) if a file of that name exists.
pub fn default_save_path() -> PathBuf {
    let (date, time) = utc_now();
    free_path(&PathBuf::from(format!(
        "rajapasu-{}-{}.txt",
        date.replace('.', "-"),
        time.replace(':', "")
    )))
}

/// `path` if no file has that name, else the first of `NAME-2.EXT`, `NAME-3.EXT`... that is
/// free, so that a record never overwrites another game's.
///
/// ```
/// let dir = std::env::temp_dir().join(format!("rajapasu-free-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// let game = dir.join("game.txt");
/// assert_eq!(rajapasu_tui::free_path(&game), game);
/// std::fs::write(&game, "").unwrap();
/// assert_eq!(rajapasu_tui::free_path(&game), dir.join("game-2.txt"));
/// std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub fn free_path(path: &Path) -> PathBuf {
    let mut candidate = path.to_path_buf();
    while candidate.exists() {
        candidate = next_name(&candidate);
    }
    candidate
}

/// The name after `path` in the series `game.txt`, `game-2.txt`, `game-3.txt`...
///
/// ```
/// use std::path::Path;
/// assert_eq!(rajapasu_tui::next_name(Path::new("game.txt")), Path::new("game-2.txt"));
/// assert_eq!(rajapasu_tui::next_name(Path::new("game-2.txt")), Path::new("game-3.txt"));
/// ```
pub fn next_name(path: &Path) -> PathBuf {
    let stem = path
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
    // `game-2` continues as `game-3`, not `game-2-2`.
    let (base, n) = match stem.rsplit_once('-') {
        Some((base, n)) if !base.is_empty() && n.len() < 6 => match n.parse::<u32>() {
            Ok(n) if n >= 2 => (base.to_string(), n + 1),
            _ => (stem.clone(), 2),
        },
        _ => (stem.clone(), 2),
    };
    let name = match path.extension() {
        Some(ext) => format!("{base}-{n}.{}", ext.to_string_lossy()),
        None => format!("{base}-{n}"),
    };
    path.with_file_name(name)
}

/// Today's date `YYYY.MM.DD` and time `HH:MM:SS` in UTC.
pub fn utc_now() -> (String, String) {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    rajapasu_engine::record::utc_date_time(secs)
}
