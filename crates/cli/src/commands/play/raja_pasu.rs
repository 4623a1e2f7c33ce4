//! Raja Pasu's part of `play`: the computer's side and level (or two players), the terminal
//! game, and the line-by-line mode.

use super::{clock_seed, config, full_screen, full_screen_game, tag, PlayArgs, Seated, Tags};
use crate::common::{plural, CliError};
use rajapasu_ai::Level;
use rajapasu_engine::record::Record;
use rajapasu_engine::text;
use rajapasu_engine::{Event, Game, Move, Side, Status};
use rajapasu_tui::{Computer, Config};
use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
use signal_hook::iterator::Signals;
use std::io::{BufRead, IsTerminal, StdoutLock, Write};
use std::path::PathBuf;
use std::time::Duration;

impl Seated for Game {
    fn session(args: &PlayArgs, game: Game, loaded: Option<Tags>) -> Result<(), CliError> {
        if !args.computer.is_empty() {
            return Err(CliError(
                "--computer SEAT:LEVEL is for the three-player game (--rules mandiri); \
                 the two-player game takes --level and --side"
                    .to_string(),
            ));
        }
        // A loaded game goes on between the same players, unless the command line says
        // otherwise.
        let before = loaded.as_deref().and_then(players_of);
        let two_players = args.two_players
            || (args.side.is_none() && args.level.is_none() && before == Some(None));
        let computer = (!two_players).then(|| {
            let earlier = before.flatten();
            Computer {
                side: match args.side {
                    Some(you) => !you,
                    None => earlier.map_or(Side::North, |(side, _)| side),
                },
                level: args
                    .level
                    .or(earlier.map(|(_, level)| level))
                    .unwrap_or(Level::DEFAULT),
                seed: args.seed.unwrap_or_else(clock_seed),
            }
        });
        let always_save = loaded.is_some() || args.save.is_some();
        let seated = Side::ALL.map(|side| (side.to_string(), player_name(computer, side)));
        let config = config(args, computer, loaded, seated.to_vec())?;
        if full_screen(args) {
            full_screen_game(game, config)
        } else {
            LineMode::new(game, &config, always_save).run()
        }
    }
}

/// The record's name of the player of `side`: the computer's carries its level, which
/// [`players_of`] reads back.
fn player_name(computer: Option<Computer>, side: Side) -> String {
    match computer {
        Some(c) if c.side == side => format!("Computer (level {})", c.level),
        Some(_) => "Player".to_string(),
        None => format!("{side} player"),
    }
}

/// Who played whom in a record written by this command: `Some(None)` for two players,
/// `Some(Some((side, level)))` for the computer's side and level, `None` if the South and
/// North tags say neither (a record from elsewhere).
fn players_of(tags: &[(String, String)]) -> Option<Option<(Side, Level)>> {
    let computer = |value: &str| -> Option<Level> {
        value
            .strip_prefix("Computer (level ")?
            .strip_suffix(')')?
            .parse()
            .ok()
    };
    match (tag(tags, "South")?, tag(tags, "North")?) {
        ("South player", "North player") => Some(None),
        (south, "Player") => computer(south).map(|level| Some((Side::South, level))),
        ("Player", north) => computer(north).map(|level| Some((Side::North, level))),
        _ => None,
    }
}

const LINE_HELP: &str = "\
Commands: a hole number (1-7) plays that hole for the player to move (1 2 or 1,2 plays both);
  undo (u)       take back a move (against the computer, back to your turn)
  hint (h)       the engine's best move and its score
  save [FILE]    write the game record (default: the file given by --save)
  board (b)      print the position again
  quit (q)       save and stop";

/// At most 40 characters of what the user typed, so that a long bad line is not echoed whole.
fn shown(text: &str) -> String {
    let mut chars = text.chars();
    let head: String = chars.by_ref().take(40).collect();
    if chars.next().is_some() {
        format!("{head}...")
    } else {
        head
    }
}

/// What the line mode waits for: a line of input (raw bytes, since a line that is not UTF-8
/// is an error to report, not the end), the end of the input, or a signal to stop.
enum Input {
    Line(Vec<u8>),
    End,
    Signal(i32),
}

/// Reads stdin and the stop signals on threads of their own, into one channel. A signal must
/// reach the game while the main thread waits for input: a read is retried after a signal,
/// so a flag set by a handler would be seen only at the next line.
fn inputs() -> Result<std::sync::mpsc::Receiver<Input>, CliError> {
    let (tx, rx) = std::sync::mpsc::channel();
    let mut signals = Signals::new([SIGINT, SIGTERM, SIGHUP])
        .map_err(|e| CliError(format!("cannot watch for signals: {e}")))?;
    let on_signal = tx.clone();
    std::thread::spawn(move || {
        for signal in signals.forever() {
            if on_signal.send(Input::Signal(signal)).is_err() {
                return;
            }
        }
    });
    std::thread::spawn(move || {
        let mut stdin = std::io::stdin().lock();
        loop {
            let mut line = Vec::new();
            match stdin.read_until(b'\n', &mut line) {
                Ok(0) | Err(_) => {
                    let _ = tx.send(Input::End);
                    return;
                }
                Ok(_) => {
                    if tx.send(Input::Line(line)).is_err() {
                        return;
                    }
                }
            }
        }
    });
    Ok(rx)
}

/// Moves and commands from stdin, one a line; positions and replies on stdout. The record is
/// written after every move (once a move was played, or from the start with --save or
/// --load), so that no way of leaving loses the game; on quit, at the end of the input and on
/// SIGINT, SIGTERM or SIGHUP it is written once more and its name printed.
struct LineMode<'a> {
    game: Game,
    config: &'a Config,
    /// Whether the record is written before any move is played.
    always_save: bool,
    /// Where the record goes. A made-up name is settled at the first save (while `unsettled`):
    /// if another game took it since the start, this one moves to the next free name rather
    /// than overwrite it.
    save_path: PathBuf,
    unsettled: bool,
    /// A person typing wants to see that the game waits for them; a script reading the output
    /// does not want prompts in it.
    interactive: bool,
    out: StdoutLock<'static>,
}

impl<'a> LineMode<'a> {
    fn new(game: Game, config: &'a Config, always_save: bool) -> LineMode<'a> {
        LineMode {
            game,
            config,
            always_save,
            save_path: config.save_path.clone(),
            unsettled: config.never_overwrite,
            interactive: std::io::stdin().is_terminal(),
            out: std::io::stdout().lock(),
        }
    }

    /// Plays the game to the end of the input, a quit or a signal, then saves it.
    fn run(mut self) -> Result<(), CliError> {
        let input = inputs()?;
        let players = match self.config.players {
            Some(c) => format!(
                "{} against the computer ({}, level {})",
                !c.side, c.side, c.level
            ),
            None => "two players".to_string(),
        };
        let _ = writeln!(
            self.out,
            "Raja Pasu, {players}. Type a hole number, or help."
        );
        let _ = write!(self.out, "{}", text::state(&self.game));
        self.computer_moves();
        self.prompt();
        let mut signal = None;
        for message in input {
            let line = match message {
                Input::Line(bytes) => bytes,
                Input::End | Input::Signal(_) => {
                    if self.interactive {
                        // Nothing answered the last prompt: end its line.
                        let _ = writeln!(self.out);
                    }
                    if let Input::Signal(s) = message {
                        signal = Some(s);
                    }
                    break;
                }
            };
            match String::from_utf8(line) {
                Ok(line) => {
                    if !self.command(&line) {
                        break;
                    }
                }
                Err(_) => {
                    let _ = writeln!(
                        self.out,
                        "error: the line is not valid text (UTF-8); ignored"
                    );
                }
            }
            self.prompt();
        }
        self.finish(signal)
    }

    /// Saves the game a last time; leaves with the signal's status after one.
    fn finish(mut self, signal: Option<i32>) -> Result<(), CliError> {
        let saved = if self.always_save || !self.game.moves().is_empty() {
            let path = self.target();
            self.save(&path, false)
        } else {
            let _ = writeln!(self.out, "No move was played: nothing saved.");
            true
        };
        if let Some(s) = signal {
            let _ = self.out.flush();
            // The shell's convention for a program ended by a signal.
            std::process::exit(128 + s);
        }
        if saved {
            Ok(())
        } else {
            let _ = self.out.flush();
            Err(CliError(format!(
                "the game record could not be written to {}",
                self.target().display()
            )))
        }
    }

    /// Carries out one line; false on `quit`.
    fn command(&mut self, line: &str) -> bool {
        let mut words = line.split_whitespace();
        let Some(word) = words.next() else {
            return true;
        };
        match word.to_ascii_lowercase().as_str() {
            "quit" | "q" | "exit" => return false,
            "help" | "?" => {
                let _ = writeln!(self.out, "{LINE_HELP}");
            }
            "board" | "b" | "show" => {
                let _ = write!(self.out, "{}", text::state(&self.game));
            }
            "undo" | "u" => self.undo(),
            "hint" | "h" => self.hint(),
            "save" | "s" => {
                let path = words.next().map_or_else(|| self.target(), PathBuf::from);
                self.save(&path, false);
            }
            _ => self.moves(line),
        }
        true
    }

    /// Several moves on one line, `1 2` or `1,2`, are played one after the other (with the
    /// computer's replies between them); all must be hole numbers.
    fn moves(&mut self, line: &str) {
        let words = line
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|w| !w.is_empty());
        let Ok(moves) = words.map(str::parse).collect::<Result<Vec<Move>, _>>() else {
            let _ = writeln!(
                self.out,
                "error: `{}` is neither a hole number nor a command (type help)",
                shown(line.trim())
            );
            return;
        };
        for mv in moves {
            let human = !matches!(self.config.players,
                Some(c) if c.side == self.game.position().to_move());
            if !human {
                let _ = writeln!(self.out, "error: the game is over");
                break;
            }
            if !self.play(mv, false) {
                break;
            }
            self.autosave();
            self.computer_moves();
        }
    }

    fn undo(&mut self) {
        match rajapasu_tui::app::moves_to_undo(&self.game, &self.config.players) {
            Err(why) => {
                let _ = writeln!(self.out, "error: {why}");
            }
            Ok(taken) => {
                for _ in 0..taken {
                    self.game.undo();
                }
                let _ = writeln!(
                    self.out,
                    "Took back {}.",
                    plural(taken as u64, "move", "moves")
                );
                let _ = write!(self.out, "{}", text::state(&self.game));
                self.autosave();
                self.computer_moves();
            }
        }
    }

    fn hint(&mut self) {
        let analysis = rajapasu_ai::analyze(&self.game, Duration::from_millis(700));
        let Some(best) = analysis.into_iter().next() else {
            let _ = writeln!(self.out, "error: the game is over");
            return;
        };
        let pv: Vec<String> = best.pv.iter().map(|m| m.to_string()).collect();
        let _ = writeln!(
            self.out,
            "Hint for {}: hole {}, {}; expected line {}.",
            self.game.position().to_move(),
            best.mv,
            rajapasu_tui::raja_pasu::describe_move_score(&best),
            pv.join(" ")
        );
    }

    /// Plays one move and prints it in words with the new position; false if it is illegal.
    fn play(&mut self, mv: Move, by_computer: bool) -> bool {
        let mover = self.game.position().to_move();
        let mut events: Vec<Event> = Vec::new();
        match self.game.play_traced(mv, &mut events) {
            Ok(()) => {
                let who = if by_computer { " (computer)" } else { "" };
                let _ = writeln!(self.out, "{mover}{who} plays {mv}.");
                for line in text::narrate(mover, &events) {
                    let _ = writeln!(self.out, "  {line}");
                }
                let _ = write!(self.out, "{}", text::state(&self.game));
                true
            }
            Err(e) => {
                let _ = writeln!(self.out, "error: {e}");
                false
            }
        }
    }

    /// The computer's moves, while it is to move.
    fn computer_moves(&mut self) {
        while let Some(c) = self.config.players {
            if self.game.status() != Status::Playing || self.game.position().to_move() != c.side {
                break;
            }
            match c.choose(&self.game) {
                Some(choice) => {
                    self.play(choice.mv, true);
                    self.autosave();
                }
                None => break,
            }
        }
    }

    fn prompt(&mut self) {
        if self.interactive {
            let _ = match self.game.status() {
                Status::Playing => write!(self.out, "{}> ", self.game.position().to_move()),
                _ => write!(self.out, "> "),
            };
        }
        let _ = self.out.flush();
    }

    /// Where the record goes, its name settled at the first call.
    fn target(&mut self) -> PathBuf {
        if std::mem::take(&mut self.unsettled) {
            self.save_path = rajapasu_tui::free_path(&self.save_path);
        }
        self.save_path.clone()
    }

    /// Quietly after each move: only a failure is worth a line.
    fn autosave(&mut self) {
        if self.always_save || !self.game.moves().is_empty() {
            let path = self.target();
            self.save(&path, true);
        }
    }

    /// Writes the record to `path`, saying so unless `quietly`, and saying why it failed;
    /// whether it was written.
    fn save(&mut self, path: &std::path::Path, quietly: bool) -> bool {
        match Record::from_game(&self.game, self.config.tags.clone()).save(path) {
            Ok(()) => {
                if !quietly {
                    let _ = writeln!(self.out, "Game saved to {}", path.display());
                }
                true
            }
            Err(e) => {
                let _ = writeln!(self.out, "error: {e}");
                false
            }
        }
    }
}
