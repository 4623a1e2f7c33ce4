//! Raja Pasu's part of `play`: the computer's side and level (or two players), the terminal
//! game, and the line-by-line mode.

use super::{clock_seed, finished, save_path, PlayArgs, Seated, Tags};
use crate::common::CliError;
use rajapasu_ai::Level;
use rajapasu_engine::record::Record;
use rajapasu_engine::text;
use rajapasu_engine::{Event, Game, Move, Side, Status};
use rajapasu_tui::{Computer, Config};
use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
use signal_hook::iterator::Signals;
use std::io::{BufRead, IsTerminal, Write};
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
        // The record names the players as they now are.
        let tags = match loaded {
            Some(tags) => with_players(tags, computer),
            None => new_tags(computer),
        };
        let save_path = save_path(args)?;
        let mut config = Config::new();
        config.never_overwrite = args.save.is_none() && args.load.is_none();
        config.players = computer;
        config.animate = !args.no_anim;
        config.save_path = save_path;
        config.tags = tags;

        let terminal = std::io::stdout().is_terminal() && std::io::stdin().is_terminal();
        if terminal && !args.lines {
            let app = rajapasu_tui::run(game, config)?;
            finished(
                &app.saved_before,
                app.saved.as_deref(),
                app.game.position(),
                app.save_error,
            )
        } else {
            line_mode(game, &config, always_save)
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
    let tag = |name: &str| {
        tags.iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    };
    let computer = |value: &str| -> Option<Level> {
        value
            .strip_prefix("Computer (level ")?
            .strip_suffix(')')?
            .parse()
            .ok()
    };
    match (tag("South")?, tag("North")?) {
        ("South player", "North player") => Some(None),
        (south, "Player") => computer(south).map(|level| Some((Side::South, level))),
        ("Player", north) => computer(north).map(|level| Some((Side::North, level))),
        _ => None,
    }
}

/// `tags` with the South and North tags naming the players of this session.
fn with_players(
    mut tags: Vec<(String, String)>,
    computer: Option<Computer>,
) -> Vec<(String, String)> {
    for side in [Side::South, Side::North] {
        let name = player_name(computer, side);
        let key = side.to_string();
        match tags.iter_mut().find(|(k, _)| *k == key) {
            Some((_, v)) => *v = name,
            None => tags.push((key, name)),
        }
    }
    tags
}

fn new_tags(computer: Option<Computer>) -> Vec<(String, String)> {
    let (date, _) = rajapasu_tui::utc_now();
    vec![
        ("Event".to_string(), "Terminal game".to_string()),
        ("Date".to_string(), date),
        ("South".to_string(), player_name(computer, Side::South)),
        ("North".to_string(), player_name(computer, Side::North)),
    ]
}

const LINE_HELP: &str = "\
Commands: a hole number (1-7) plays that hole for the player to move (1 2 or 1,2 plays both);
  undo (u)       take back a move (against the computer, back to your turn)
  hint (h)       the engine's best move and its score
  save [FILE]    write the game record (default: the file given by --save)
  board (b)      print the position again
  quit (q)       save and stop";

/// Plays one move and prints it in words with the new position; false if it is illegal.
fn play_and_print(game: &mut Game, mv: Move, by_computer: bool, out: &mut impl Write) -> bool {
    let mover = game.position().to_move();
    let mut events: Vec<Event> = Vec::new();
    match game.play_traced(mv, &mut events) {
        Ok(()) => {
            let who = if by_computer { " (computer)" } else { "" };
            let _ = writeln!(out, "{mover}{who} plays {mv}.");
            for line in text::narrate(mover, &events) {
                let _ = writeln!(out, "  {line}");
            }
            let _ = write!(out, "{}", text::state(game));
            true
        }
        Err(e) => {
            let _ = writeln!(out, "error: {e}");
            false
        }
    }
}

fn save(game: &Game, config: &Config, path: &std::path::Path, out: &mut impl Write) -> bool {
    match Record::from_game(game, config.tags.clone()).save(path) {
        Ok(()) => {
            let _ = writeln!(out, "Game saved to {}", path.display());
            true
        }
        Err(e) => {
            let _ = writeln!(out, "error: {e}");
            false
        }
    }
}

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
fn line_mode(mut game: Game, config: &Config, always_save: bool) -> Result<(), CliError> {
    let input = inputs()?;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let players = match config.players {
        Some(c) => format!(
            "{} against the computer ({}, level {})",
            !c.side, c.side, c.level
        ),
        None => "two players".to_string(),
    };
    let _ = writeln!(out, "Raja Pasu, {players}. Type a hole number, or help.");
    let _ = write!(out, "{}", text::state(&game));
    // A made-up name is settled at the first save: if another game took it since the start,
    // this one moves to the next free name rather than overwrite it.
    let unsettled = std::cell::Cell::new(config.never_overwrite);
    let save_path = std::cell::RefCell::new(config.save_path.clone());
    let target = || {
        if unsettled.replace(false) {
            let free = rajapasu_tui::free_path(&save_path.borrow());
            *save_path.borrow_mut() = free;
        }
        save_path.borrow().clone()
    };
    // Quietly after each move: only a failure is worth a line.
    let autosave = |game: &Game, out: &mut std::io::StdoutLock| {
        if always_save || !game.moves().is_empty() {
            if let Err(e) = Record::from_game(game, config.tags.clone()).save(&target()) {
                let _ = writeln!(out, "error: {e}");
            }
        }
    };
    let computer_moves = |game: &mut Game, out: &mut std::io::StdoutLock| {
        while let Some(c) = config.players {
            if game.status() != Status::Playing || game.position().to_move() != c.side {
                break;
            }
            match c.choose(game) {
                Some(choice) => {
                    play_and_print(game, choice.mv, true, out);
                    autosave(game, out);
                }
                None => break,
            }
        }
    };
    computer_moves(&mut game, &mut out);
    // A person typing wants to see that the game waits for them; a script reading the output
    // does not want prompts in it.
    let interactive = std::io::stdin().is_terminal();
    let prompt = |game: &Game, out: &mut std::io::StdoutLock| {
        if interactive {
            let _ = match game.status() {
                Status::Playing => write!(out, "{}> ", game.position().to_move()),
                _ => write!(out, "> "),
            };
        }
        let _ = out.flush();
    };
    prompt(&game, &mut out);
    let mut signal = None;
    for message in input {
        let line = match message {
            Input::Line(bytes) => bytes,
            Input::End | Input::Signal(_) => {
                if interactive {
                    // Nothing answered the last prompt: end its line.
                    let _ = writeln!(out);
                }
                if let Input::Signal(s) = message {
                    signal = Some(s);
                }
                break;
            }
        };
        let Ok(line) = String::from_utf8(line) else {
            let _ = writeln!(out, "error: the line is not valid text (UTF-8); ignored");
            prompt(&game, &mut out);
            continue;
        };
        let mut words = line.split_whitespace();
        let Some(word) = words.next() else {
            prompt(&game, &mut out);
            continue;
        };
        match word.to_ascii_lowercase().as_str() {
            "quit" | "q" | "exit" => break,
            "help" | "?" => {
                let _ = writeln!(out, "{LINE_HELP}");
            }
            "board" | "b" | "show" => {
                let _ = write!(out, "{}", text::state(&game));
            }
            "undo" | "u" => match rajapasu_tui::app::moves_to_undo(&game, &config.players) {
                Err(why) => {
                    let _ = writeln!(out, "error: {why}");
                }
                Ok(taken) => {
                    for _ in 0..taken {
                        game.undo();
                    }
                    let _ = writeln!(
                        out,
                        "Took back {}.",
                        crate::common::plural(taken as u64, "move", "moves")
                    );
                    let _ = write!(out, "{}", text::state(&game));
                    autosave(&game, &mut out);
                    computer_moves(&mut game, &mut out);
                }
            },
            "hint" | "h" => {
                match rajapasu_ai::analyze(&game, Duration::from_millis(700))
                    .into_iter()
                    .next()
                {
                    Some(best) => {
                        let pv: Vec<String> = best.pv.iter().map(|m| m.to_string()).collect();
                        let _ = writeln!(
                            out,
                            "Hint for {}: hole {}, {}; expected line {}.",
                            game.position().to_move(),
                            best.mv,
                            rajapasu_tui::raja_pasu::describe_move_score(&best),
                            pv.join(" ")
                        );
                    }
                    None => {
                        let _ = writeln!(out, "error: the game is over");
                    }
                }
            }
            "save" | "s" => {
                let path = words.next().map_or_else(target, PathBuf::from);
                save(&game, config, &path, &mut out);
            }
            _ => {
                // Several moves on one line, `1 2` or `1,2`, are played one after the other
                // (with the computer's replies between them); all must be hole numbers.
                let words: Vec<&str> = line
                    .split(|c: char| c.is_whitespace() || c == ',')
                    .filter(|w| !w.is_empty())
                    .collect();
                match words
                    .iter()
                    .map(|w| w.parse::<Move>())
                    .collect::<Result<Vec<_>, _>>()
                {
                    Ok(moves) => {
                        for mv in moves {
                            let human = !matches!(config.players,
                                Some(c) if c.side == game.position().to_move());
                            if !human {
                                let _ = writeln!(out, "error: the game is over");
                                break;
                            }
                            if !play_and_print(&mut game, mv, false, &mut out) {
                                break;
                            }
                            autosave(&game, &mut out);
                            computer_moves(&mut game, &mut out);
                        }
                    }
                    Err(_) => {
                        let _ = writeln!(
                            out,
                            "error: `{}` is neither a hole number nor a command (type help)",
                            shown(line.trim())
                        );
                    }
                }
            }
        }
        prompt(&game, &mut out);
    }
    let saved = if always_save || !game.moves().is_empty() {
        save(&game, config, &target(), &mut out)
    } else {
        let _ = writeln!(out, "No move was played: nothing saved.");
        true
    };
    if let Some(s) = signal {
        let _ = out.flush();
        // The shell's convention for a program ended by a signal.
        std::process::exit(128 + s);
    }
    if saved {
        Ok(())
    } else {
        let _ = out.flush();
        Err(CliError(format!(
            "the game record could not be written to {}",
            target().display()
        )))
    }
}
