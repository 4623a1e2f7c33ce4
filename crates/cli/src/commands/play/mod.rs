//! `rajapasu play`: a game in the terminal against the computer or between players, of either
//! game; for Raja Pasu also a plain line-by-line mode when the input or output is not a
//! terminal. The game comes from `--rules`, or from the record `--load` names. Written once
//! here: the record's tags and where it is saved (`config`), the full-screen game and what it
//! says at the end; who plays whom is each game's part ([`Seated`]): South and North in
//! `raja_pasu` (with the line mode), the three seats in `mandiri`.

mod mandiri;
mod raja_pasu;

use crate::common::{parse_record, read_record_file, with_game, CliError, GameArgs};
use crate::game::CliGame;
use clap::Args;
use rajapasu_ai::Level;
use rajapasu_engine::Side;
use rajapasu_tui::{Config, Screen};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

/// Arguments of `rajapasu play`.
#[derive(Args, Debug)]
#[command(after_help = "\
In a terminal: pick a hole with the arrow keys and Enter, or type its number; u takes back a
move, h asks for a hint, e tells the moves in full (<- -> step through them), s saves, n starts
a new game once one is over, ? shows every key, q quits. The game record is written after
every move and on quit; its file name is printed on exit. A loaded record goes on between the
same players unless --two-players, --side or --level say otherwise.

When the input or output is not a terminal (or with --lines), moves are read line by line:
hole numbers (1 2 or 1,2 plays both), or undo, hint, save [FILE], board, help, quit. The record
is written after every move there too, and on quit, at the end of the input and on a signal.

Examples:
  rajapasu play
  rajapasu play --level 5 --side north
  rajapasu play --two-players --single-round
  rajapasu play --load game.txt
  printf '1\\nquit\\n' | rajapasu play --level 1

Raja Pasu Mandiri, the three-player game (--rules mandiri[/OPTIONS]): you are player 1, the
first Raja in seat C; players 2 and 3 (seats R and L at the start) are the computer at
--level. --computer SEAT:LEVEL makes the player who starts in that seat (C, R or L) the
computer, and every seat not named a person: --computer R:3 --computer L:5. Holes are picked
with the arrow keys or typed by name (S4, n6); w saves, g starts a new game once one is over.
A loaded Mandiri record goes on between the same players. The terminal game only: line mode
plays the two-player game.
  rajapasu play --rules mandiri/mode=round --computer R:1 --computer L:1")]
pub struct PlayArgs {
    /// The computer's strength, 1 (beginner) to 7 (perfect: the proven strategy), or a
    /// level's name such as `perfect` [default: 3, or the loaded game's].
    #[arg(long, short = 'l', conflicts_with = "two_players")]
    pub(super) level: Option<Level>,
    /// Your side against the computer: south (moves first) or north [default: south, or the
    /// loaded game's].
    #[arg(long, conflicts_with = "two_players")]
    pub(super) side: Option<Side>,
    /// Two players at one keyboard, no computer.
    #[arg(long)]
    pub(super) two_players: bool,
    #[command(flatten)]
    pub(super) game: GameArgs,
    /// Go on with the game of a record file (plain text or JSON).
    #[arg(long, value_name = "FILE")]
    pub(super) load: Option<PathBuf>,
    /// Write the game record here (JSON if it ends in .json); default: the loaded file, or
    /// rajapasu-DATE-TIME.txt in the working directory.
    #[arg(long, value_name = "FILE")]
    pub(super) save: Option<PathBuf>,
    /// Show each move at once instead of animating it.
    #[arg(long)]
    pub(super) no_anim: bool,
    /// Seed of the computer's deliberate mistakes at the weaker levels (default: the clock).
    #[arg(long, conflicts_with = "two_players")]
    pub(super) seed: Option<u64>,
    /// Read moves line by line even in a terminal.
    #[arg(long)]
    pub(super) lines: bool,
    #[command(flatten)]
    pub(super) table: crate::table::TableArgs,
    /// Mandiri (--rules mandiri): the player starting in SEAT (C, R or L) is the computer at
    /// LEVEL (1 to 7, or a name such as `perfect`); repeat for each computer [default: R and L at --level].
    #[arg(long, value_name = "SEAT:LEVEL", conflicts_with_all = ["two_players", "side"])]
    pub(super) computer: Vec<String>,
}

/// Each game's part of `play`: who plays whom, and the game played.
trait Seated: CliGame {
    /// Plays `game` as `args` ask; `loaded` holds the tags of the record it was loaded from.
    fn session(args: &PlayArgs, game: Self, loaded: Option<Tags>) -> Result<(), CliError>;
}

/// A record's tags, in order.
type Tags = Vec<(String, String)>;

pub fn run(args: PlayArgs) -> Result<(), CliError> {
    match &args.load {
        Some(path) => {
            if args.game.position.is_some() || args.game.moves.is_some() {
                return Err(CliError(
                    "--load cannot be combined with --position or --moves".to_string(),
                ));
            }
            let (text, game) = read_record_file(path)?;
            with_game!(game, G, _ => load::<G>(&args, path, &text))
        }
        None => {
            if let rajapasu_engine::RuleSet::RajaPasu(rules) = args.game.rule_set()? {
                crate::table::prepare(args.table, &rules, crate::table::When::Meanwhile)?;
            }
            with_game!(args.game.rule_set()?, G, rules => {
                let game: G = args.game.game(rules)?;
                G::session(&args, game, None)
            })
        }
    }
}

/// Goes on with the game of the record in `text`, read from `path`.
fn load<G: Seated>(args: &PlayArgs, path: &Path, text: &str) -> Result<(), CliError> {
    let record = parse_record::<G>(path, text)?;
    let game = record.replay()?;
    G::session(args, game, Some(record.tags))
}

/// Where the record is written: `--save`, else the loaded file, else a new name. Fails, naming
/// the file, if it cannot be written: better now than after a whole game.
fn save_path(args: &PlayArgs) -> Result<PathBuf, CliError> {
    let path = match (&args.save, &args.load) {
        (Some(path), _) => path.clone(),
        (None, Some(path)) => path.clone(),
        (None, None) => rajapasu_tui::default_save_path(),
    };
    check_writable(&path).map_err(|e| match args.save {
        Some(_) => e,
        None => CliError(format!("{e} (choose another file with --save FILE)")),
    })?;
    Ok(path)
}

pub(super) fn clock_seed() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64)
}

/// Fails, naming the file, if the record cannot be written to `path`. Leaves no file behind
/// that was not there.
fn check_writable(path: &std::path::Path) -> Result<(), CliError> {
    let result = if path.exists() {
        std::fs::OpenOptions::new()
            .append(true)
            .open(path)
            .map(drop)
    } else {
        std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(path)
            .and_then(|_| std::fs::remove_file(path))
    };
    result.map_err(|e| {
        CliError(format!(
            "cannot write the game record to {}: {e}",
            path.display()
        ))
    })
}

/// Whether the game is played full screen: both standard streams are a terminal and
/// `--lines` is not given.
fn full_screen(args: &PlayArgs) -> bool {
    !args.lines && std::io::stdout().is_terminal() && std::io::stdin().is_terminal()
}

/// The value of the tag `name`.
fn tag<'a>(tags: &'a [(String, String)], name: &str) -> Option<&'a str> {
    tags.iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.as_str())
}

/// The session's settings: `players`, where the record is saved, and its tags: the loaded
/// record's, or a new game's, with `seated` (each player's tag and name) set, so that the
/// record names the players as they now are.
fn config<P>(
    args: &PlayArgs,
    players: P,
    loaded: Option<Tags>,
    seated: Tags,
) -> Result<Config<P>, CliError> {
    let never_overwrite = args.save.is_none() && loaded.is_none();
    let mut tags = loaded.unwrap_or_else(|| {
        let (date, _) = rajapasu_tui::utc_now();
        vec![
            ("Event".to_string(), "Terminal game".to_string()),
            ("Date".to_string(), date),
        ]
    });
    for (key, name) in seated {
        match tags.iter_mut().find(|(k, _)| *k == key) {
            Some((_, v)) => *v = name,
            None => tags.push((key, name)),
        }
    }
    Ok(Config {
        players,
        animate: !args.no_anim,
        save_path: save_path(args)?,
        tags,
        never_overwrite,
        notice: crate::table::notice(),
    })
}

/// Plays `game` full screen, then says what was saved and the last position. Not
/// `println!`: after the terminal has gone away, writing fails, and the game is already saved.
fn full_screen_game<G: Screen>(game: G, config: Config<G::Players>) -> Result<(), CliError> {
    let app = rajapasu_tui::run(game, config)?;
    let mut out = std::io::stdout();
    for path in &app.saved_before {
        let _ = writeln!(out, "Game saved to {}", path.display());
    }
    let _ = match &app.saved {
        Some(path) => writeln!(out, "Game saved to {}", path.display()),
        None if app.saved_before.is_empty() => {
            writeln!(out, "No move was played: nothing saved.")
        }
        None => writeln!(out, "The last game had no move: it was not saved."),
    };
    let _ = writeln!(out, "Position: {}", app.game.position());
    match app.save_error {
        // The last save failed: the status says so, after the position to copy.
        Some(e) => Err(CliError(e.to_string())),
        None => Ok(()),
    }
}
