//! External programs as players of either game: any program speaking the engine protocol
//! (PROTOCOL.md), such as `rajapasu engine` itself, which plays both.

use crate::player::{Player, PlayerError};
use core::fmt::Display;
use rajapasu_engine::SowingGame;
use std::io::{self, BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How long an engine asked for `go movetime MS` may take before it forfeits the game: the
/// move time, half as much again and a second, for the engine's own overshoot and a busy
/// machine (as tournament managers such as cutechess-cli allow a margin).
///
/// ```
/// use std::time::Duration;
/// let limit = rajapasu_ai::external::time_limit(Duration::from_millis(200));
/// assert_eq!(limit, Duration::from_millis(1300));
/// ```
pub fn time_limit(movetime: Duration) -> Duration {
    movetime + movetime / 2 + Duration::from_secs(1)
}

/// An external program speaking the engine protocol (PROTOCOL.md). It is sent the rule set once,
/// then for every move `position startpos moves ...` (or the game's start position) and
/// `go movetime MS`, and its `bestmove` is played. It plays whichever game its rule set names.
pub struct External {
    child: Child,
    stdin: ChildStdin,
    /// The program's output lines, read on a thread of their own so that waiting for an
    /// answer can give up at the time limit; `Err` for a read error, and the channel closes at
    /// the end of the output.
    lines: Receiver<io::Result<String>>,
    movetime: Duration,
    name: String,
}

impl External {
    /// Starts `words[0]` with the other words as arguments, for games under `rules`.
    pub fn spawn<G: SowingGame>(
        words: &[String],
        rules: impl Display,
        movetime: Option<Duration>,
    ) -> Result<External, PlayerError<G>> {
        let name = words.join(" ");
        let start = |error| PlayerError::Start {
            program: name.clone(),
            error,
        };
        let mut child = Command::new(&words[0])
            .args(&words[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(start)?;
        let pipe = |what| start(io::Error::new(io::ErrorKind::BrokenPipe, what));
        let stdin = child
            .stdin
            .take()
            .ok_or_else(|| pipe("no standard input"))?;
        let mut stdout = BufReader::new(
            child
                .stdout
                .take()
                .ok_or_else(|| pipe("no standard output"))?,
        );
        let (tx, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || loop {
            let mut line = String::new();
            match stdout.read_line(&mut line) {
                Ok(0) => return,
                Ok(_) => {
                    if tx.send(Ok(line)).is_err() {
                        return;
                    }
                }
                Err(e) => {
                    let _ = tx.send(Err(e));
                    return;
                }
            }
        });
        let mut ext = External {
            child,
            stdin,
            lines,
            movetime: movetime.unwrap_or(Duration::from_millis(1000)),
            name,
        };
        ext.send::<G>(&format!("rules {rules}"))?;
        Ok(ext)
    }

    fn send<G: SowingGame>(&mut self, line: &str) -> Result<(), PlayerError<G>> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|error| self.io(error))
    }

    fn io<G: SowingGame>(&self, error: io::Error) -> PlayerError<G> {
        PlayerError::Io {
            program: self.name.clone(),
            error,
        }
    }
}

impl<G: SowingGame> Player<G> for External {
    fn choose(&mut self, game: &G) -> Result<G::Move, PlayerError<G>> {
        let start = if *game.start() == G::start_position(*game.rules()) {
            "startpos".to_string()
        } else {
            game.start().to_string()
        };
        let moves: Vec<String> = game.moves().iter().map(|m| m.to_string()).collect();
        let pos = if moves.is_empty() {
            format!("position {start}")
        } else {
            format!("position {start} moves {}", moves.join(" "))
        };
        self.send::<G>(&pos)?;
        self.send::<G>(&format!("go movetime {}", self.movetime.as_millis()))?;
        let limit = time_limit(self.movetime);
        let deadline = Instant::now() + limit;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = match self.lines.recv_timeout(left) {
                Ok(Ok(line)) => line,
                Ok(Err(error)) => return Err(self.io(error)),
                Err(RecvTimeoutError::Timeout) => {
                    // The game is forfeited; dropping the player ends the program.
                    return Err(PlayerError::Timeout {
                        program: self.name.clone(),
                        limit,
                    });
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(PlayerError::Closed {
                        program: self.name.clone(),
                    })
                }
            };
            let mut words = line.split_whitespace();
            match words.next() {
                Some("bestmove") => {
                    let w = words.next().unwrap_or("");
                    return w.parse::<G::Move>().map_err(|_| PlayerError::BadAnswer {
                        program: self.name.clone(),
                        answer: line.trim().to_string(),
                    });
                }
                Some("error") => {
                    return Err(PlayerError::Reported {
                        program: self.name.clone(),
                        message: line.trim().to_string(),
                    })
                }
                _ => {}
            }
        }
    }
}

impl Drop for External {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit").and_then(|()| self.stdin.flush());
        for _ in 0..50 {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
