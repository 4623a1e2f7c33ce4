//! External programs as players: any program speaking the engine protocol (PROTOCOL.md), such
//! as `rajapasu engine` itself.

use crate::player::{Player, PlayerError};
use rajapasu_engine::{Game, Move, Position, Rules};
use std::io::{self, BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::Duration;

/// An external program speaking the engine protocol (PROTOCOL.md). It is sent the rule set once,
/// then for every move `position startpos moves ...` (or the game's start position) and
/// `go movetime MS`, and its `bestmove` is played.
pub struct External {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    movetime: Duration,
    name: String,
}

impl External {
    /// Starts `words[0]` with the other words as arguments.
    pub fn spawn(
        words: &[String],
        rules: Rules,
        movetime: Option<Duration>,
    ) -> Result<External, PlayerError> {
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
        let stdout = BufReader::new(
            child
                .stdout
                .take()
                .ok_or_else(|| pipe("no standard output"))?,
        );
        let mut ext = External {
            child,
            stdin,
            stdout,
            movetime: movetime.unwrap_or(Duration::from_millis(1000)),
            name,
        };
        ext.send(&format!("rules {rules}"))?;
        Ok(ext)
    }

    fn send(&mut self, line: &str) -> Result<(), PlayerError> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|error| self.io(error))
    }

    fn io(&self, error: io::Error) -> PlayerError {
        PlayerError::Io {
            program: self.name.clone(),
            error,
        }
    }
}

impl Player for External {
    fn choose(&mut self, game: &Game) -> Result<Move, PlayerError> {
        let start = if *game.start() == Position::start(*game.rules()) {
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
        self.send(&pos)?;
        self.send(&format!("go movetime {}", self.movetime.as_millis()))?;
        let mut line = String::new();
        loop {
            line.clear();
            let n = self
                .stdout
                .read_line(&mut line)
                .map_err(|error| self.io(error))?;
            if n == 0 {
                return Err(PlayerError::Closed {
                    program: self.name.clone(),
                });
            }
            let mut words = line.split_whitespace();
            match words.next() {
                Some("bestmove") => {
                    let w = words.next().unwrap_or("");
                    return w.parse::<Move>().map_err(|_| PlayerError::BadAnswer {
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
        let _ = self.send("quit");
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
