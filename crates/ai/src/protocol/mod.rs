//! The engine line protocol (PROTOCOL.md): commands on one input line each, answers on output
//! lines. The input is read on its own thread and the search runs on another, so that `stop`,
//! `isready` and `quit` are answered while it thinks. Any other command that arrives during a
//! search waits in a queue and runs, in order, once the search has printed its `bestmove`: a
//! script piped in gets every answer, as from a chess engine.
//!
//! A session plays one game at a time (`Session`), Raja Pasu until `rules mandiri...`
//! switches it to Mandiri. The commands are written once over the game; what each game does
//! its own way (positions, moves, `show`, `trace`, `go`) is its `SessionGame` part, in
//! `raja_pasu` and `mandiri`.

mod mandiri;
mod raja_pasu;

use crate::levels::Level;
use crate::search::Searcher;
use crate::Limits;
use rajapasu_engine::{Game, RuleSet, SowingGame};
use std::collections::VecDeque;
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

/// The protocol version reported by `hello`.
pub const VERSION: u32 = 1;

const HELP: &str =
    "commands: hello, isready, rules RULES|mandiri[/OPTIONS], new, position startpos|CODE [moves M...], \
play M..., undo, go [depth N] [movetime MS] [nodes N] [level L] [infinite], stop, show, legal, \
trace M, help, quit";

/// Output shared between the command loop and the search thread.
type Out<W> = Arc<Mutex<W>>;

fn say<W: Write>(out: &Out<W>, line: &str) {
    let mut w = out.lock().unwrap_or_else(|e| e.into_inner());
    let _ = writeln!(w, "{line}");
    let _ = w.flush();
}

/// What each game does its own way in a session.
trait SessionGame: SowingGame {
    /// What `position` calls a code of the game, for its errors.
    const CODE: &'static str;

    /// The game a position code sets up, under the session's `rules`.
    fn from_code(code: &str, rules: Self::Rules) -> Result<Self, String>;

    /// A move of `play` or `position ... moves`, the `k`-th (from 1).
    fn parse_move(word: &str, k: usize) -> Result<Self::Move, String>;

    /// The `show` line.
    fn show(&self) -> Result<String, String>;

    /// The `trace` line of `args`.
    fn trace(&self, args: &[&str]) -> Result<String, String>;

    /// Searches as `go` asks, on the search thread, with `searcher` (whose stop flag ends the
    /// search): says an `info` line after every iteration, and returns the `bestmove` line.
    fn go(&self, go: Go, searcher: &mut Searcher, say: &dyn Fn(&str)) -> String;
}

/// What a `go` command asks for: the limits given, a level, and whether to search until
/// `stop` (`infinite`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Go {
    limits: Limits,
    level: Option<Level>,
    infinite: bool,
}

/// A session's game and the rules that `new` and `position startpos` start from (a Mandiri
/// position code carries rules of its own).
struct Held<G: SowingGame> {
    rules: G::Rules,
    game: G,
}

/// The game a session plays.
enum Session {
    RajaPasu(Held<Game>),
    Mandiri(Held<rajapasu_engine::mandiri::Game>),
}

impl<G: SessionGame> Held<G> {
    fn new(rules: G::Rules) -> Held<G> {
        Held {
            rules,
            game: G::new(rules),
        }
    }

    /// Handles a command on the game: the lines to say, or `None` for a command that is no
    /// game command.
    fn command(&mut self, cmd: &str, args: &[&str]) -> Option<Result<String, String>> {
        Some(match cmd {
            "new" => {
                self.game = G::new(self.rules);
                Ok("ok".into())
            }
            "position" => self.position(args),
            "play" if args.is_empty() => Err("`play` needs a move".into()),
            "play" => {
                let mut game = self.game.clone();
                apply(&mut game, args).map(|()| {
                    self.game = game;
                    "ok".into()
                })
            }
            "undo" => match self.game.undo() {
                Some(_) => Ok("ok".into()),
                None => Err("no move to take back".into()),
            },
            "show" => self.game.show(),
            "legal" => {
                let ms: Vec<String> = self
                    .game
                    .legal_moves()
                    .iter()
                    .map(|m| m.to_string())
                    .collect();
                Ok(format!("legal {}", ms.join(" ")).trim_end().to_string())
            }
            "trace" => self.game.trace(args),
            _ => return None,
        })
    }

    fn position(&mut self, args: &[&str]) -> Result<String, String> {
        let split = args
            .iter()
            .position(|w| *w == "moves")
            .unwrap_or(args.len());
        let (head, moves) = (&args[..split], &args[(split + 1).min(args.len())..]);
        let mut game = match head {
            [] => return Err(format!("`position` needs `startpos` or a {}", G::CODE)),
            ["startpos"] => G::new(self.rules),
            code => G::from_code(&code.join(" "), self.rules)?,
        };
        apply(&mut game, moves)?;
        self.game = game;
        Ok("ok".into())
    }

    /// The work of `go` on the search thread: a search of the game as it is now.
    fn job(&self, go: Go) -> Job {
        let game = self.game.clone();
        Box::new(move |searcher: &mut Searcher, say: &dyn Fn(&str)| game.go(go, searcher, say))
    }
}

/// A search to run on the search thread: it says `info` lines and returns the `bestmove` line.
type Job = Box<dyn FnOnce(&mut Searcher, &dyn Fn(&str)) -> String + Send>;

/// Plays `moves` on `game`, stopping at the first bad one.
fn apply<G: SessionGame>(game: &mut G, moves: &[&str]) -> Result<(), String> {
    for (k, w) in moves.iter().enumerate() {
        let mv = G::parse_move(w, k + 1)?;
        game.try_play(mv)
            .map_err(|e| format!("move {} ({mv}): {e}", k + 1))?;
    }
    Ok(())
}

struct Engine<W: Write + Send + 'static> {
    out: Out<W>,
    session: Session,
    searcher: Option<Searcher>,
    stop: Arc<AtomicBool>,
    job: Option<JoinHandle<Searcher>>,
    /// True from `go` until the search thread prints its `bestmove`. The thread clears it under
    /// the output lock, so a command sent after `bestmove` was read never waits in the queue,
    /// even if the thread has not quite returned yet.
    searching: Arc<AtomicBool>,
    /// Whether the running search is `go infinite`, which the end of the input stops: a
    /// bounded search started from a piped script is left to finish and print its answer.
    infinite: bool,
    /// Lines that arrived during a search (or behind lines still waiting), in order.
    queue: VecDeque<Vec<u8>>,
    /// Where a search thread says it has finished, so that the queue moves on.
    events: mpsc::Sender<Event>,
}

/// How many lines may wait for a search; a client that sends more without reading is told so
/// rather than allowed to fill the memory.
const QUEUE_CAP: usize = 1024;

/// What the command loop waits for.
enum Event {
    /// A line of input, with its end of line.
    Line(Vec<u8>),
    /// The end of the input, or a read error, which ends it just the same.
    End,
    /// A search thread has printed its `bestmove` (or died): the queue may run.
    SearchDone,
}

/// Reads lines on a thread of its own and hands them over, then `End`. A blocking read in the
/// command loop itself would leave `stop` unread while a search runs.
fn reader<R: BufRead + Send + 'static>(mut input: R, tx: mpsc::Sender<Event>) {
    std::thread::spawn(move || loop {
        let mut line = Vec::new();
        match input.read_until(b'\n', &mut line) {
            Ok(0) | Err(_) => {
                let _ = tx.send(Event::End);
                return;
            }
            Ok(_) => {
                if tx.send(Event::Line(line)).is_err() {
                    return;
                }
            }
        }
    });
}

/// Sends `SearchDone` when a search thread ends, by returning or by a panic alike.
struct DoneSignal(mpsc::Sender<Event>);

impl Drop for DoneSignal {
    fn drop(&mut self) {
        let _ = self.0.send(Event::SearchDone);
    }
}

/// Runs the protocol until `quit` or the end of the input. `quit` stops a running search at
/// once (the commands still queued behind it are dropped). At the end of the input the queued
/// commands run in order, each search to its end, except that a `go infinite` is stopped, as
/// nobody is left to send `stop`. Returns once the last search has printed its `bestmove`.
///
/// The input is read on a thread of its own, which is left blocked in its read if the input
/// is still open at `quit`; that is why `input` must be `Send + 'static`.
///
/// ```
/// use std::sync::{Arc, Mutex};
/// // An output the caller can read back once `run` has returned.
/// struct Shared(Arc<Mutex<Vec<u8>>>);
/// impl std::io::Write for Shared {
///     fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
///         self.0.lock().unwrap().write(b)
///     }
///     fn flush(&mut self) -> std::io::Result<()> {
///         Ok(())
///     }
/// }
/// let out = Arc::new(Mutex::new(Vec::new()));
/// let input = std::io::Cursor::new(b"isready\nquit\n".to_vec());
/// rajapasu_ai::protocol::run(input, Shared(Arc::clone(&out)));
/// assert_eq!(*out.lock().unwrap(), b"readyok\nbye\n");
///
/// // A command sent during a search waits for its `bestmove`, then runs.
/// let out = Arc::new(Mutex::new(Vec::new()));
/// let input = std::io::Cursor::new(b"go depth 2\nlegal\n".to_vec());
/// rajapasu_ai::protocol::run(input, Shared(Arc::clone(&out)));
/// let text = String::from_utf8(out.lock().unwrap().clone()).unwrap();
/// let lines: Vec<&str> = text.lines().collect();
/// assert!(lines[lines.len() - 2].starts_with("bestmove "));
/// assert_eq!(lines[lines.len() - 1], "legal 1 2 3 4 5 6 7");
/// ```
pub fn run<R: BufRead + Send + 'static, W: Write + Send + 'static>(input: R, output: W) {
    let searcher = Searcher::new(20);
    let (tx, events) = mpsc::channel();
    reader(input, tx.clone());
    let mut e = Engine {
        out: Arc::new(Mutex::new(output)),
        session: Session::RajaPasu(Held::new(Default::default())),
        stop: searcher.stop_flag(),
        searcher: Some(searcher),
        job: None,
        searching: Arc::new(AtomicBool::new(false)),
        infinite: false,
        queue: VecDeque::new(),
        events: tx,
    };
    // The engine keeps a sender for its search threads, so the channel never closes: the
    // reader's `End` is what ends the loop.
    while let Ok(event) = events.recv() {
        match event {
            Event::Line(line) => {
                if !e.line(line) {
                    return;
                }
            }
            Event::SearchDone => e.pump(),
            Event::End => break,
        }
    }
    e.finish();
}

impl<W: Write + Send + 'static> Engine<W> {
    fn say(&self, line: &str) {
        say(&self.out, line);
    }

    fn error(&self, msg: &str) {
        self.say(&format!("error {msg}"));
    }

    /// Waits for a running search to finish.
    fn wait(&mut self) {
        if let Some(job) = self.job.take() {
            match job.join() {
                Ok(s) => self.searcher = Some(s),
                Err(_) => {
                    // A search that panicked printed no `bestmove`: the engine is free again.
                    self.searching.store(false, Ordering::SeqCst);
                    self.searcher = Some(Searcher::new(20));
                    self.stop = self
                        .searcher
                        .as_ref()
                        .map(Searcher::stop_flag)
                        .unwrap_or_default();
                }
            }
        }
    }

    /// Whether a search is running, that is, has not printed its `bestmove` yet.
    fn searching(&self) -> bool {
        self.searching.load(Ordering::SeqCst)
    }

    /// Handles a line as it arrives: `stop`, `isready` and `quit` at once, anything else in
    /// order behind the running search and the lines already waiting. False to quit.
    fn line(&mut self, line: Vec<u8>) -> bool {
        let immediate = std::str::from_utf8(&line)
            .ok()
            .and_then(|l| l.split_whitespace().next())
            .filter(|cmd| matches!(*cmd, "quit" | "exit" | "stop" | "isready"));
        match immediate {
            Some("quit" | "exit") => {
                self.stop.store(true, Ordering::Relaxed);
                self.wait();
                self.say("bye");
                false
            }
            Some("stop") => {
                if self.searching() {
                    self.stop.store(true, Ordering::Relaxed);
                    self.wait();
                } else {
                    // A search that has already printed its `bestmove` gets no second one.
                    self.wait();
                    self.say("ok");
                }
                self.pump();
                true
            }
            Some(_) => {
                self.say("readyok");
                true
            }
            None if self.queue.len() >= QUEUE_CAP => {
                self.error(&format!(
                    "busy: {QUEUE_CAP} commands are waiting for the search (send `stop`, or \
                     wait for `bestmove`)"
                ));
                true
            }
            None => {
                self.queue.push_back(line);
                self.pump();
                true
            }
        }
    }

    /// Runs the waiting lines in order while no search runs: until the queue is empty or a
    /// `go` has started a search, whose end moves it on again (`SearchDone`).
    fn pump(&mut self) {
        loop {
            if self.job.as_ref().is_some_and(JoinHandle::is_finished) {
                // Also frees the engine after a search that panicked without its `bestmove`.
                self.wait();
            }
            if self.searching() {
                return;
            }
            let Some(line) = self.queue.pop_front() else {
                return;
            };
            match String::from_utf8(line) {
                Ok(line) => self.command(line.trim()),
                Err(_) => self.error("input is not valid text"),
            }
        }
    }

    /// The end of the input: the waiting lines run in order, each search to its end but a
    /// `go infinite`, which is stopped as nobody is left to send `stop`.
    fn finish(&mut self) {
        loop {
            if self.infinite && self.searching() {
                self.stop.store(true, Ordering::Relaxed);
            }
            self.wait();
            if self.queue.is_empty() {
                return;
            }
            self.pump();
        }
    }

    /// Handles one command that is neither `stop`, `isready` nor `quit`, with no search
    /// running.
    fn command(&mut self, line: &str) {
        let mut words = line.split_whitespace();
        let Some(cmd) = words.next() else {
            return;
        };
        if cmd.starts_with('#') {
            return;
        }
        let args: Vec<&str> = words.collect();
        self.wait();
        let game = match &mut self.session {
            Session::RajaPasu(h) => h.command(cmd, &args),
            Session::Mandiri(h) => h.command(cmd, &args),
        };
        let result = match (cmd, game) {
            (_, Some(result)) => result.map(|line| self.say(&line)),
            ("hello" | "protocol", _) => {
                self.say(&format!(
                    "hello rajapasu {} protocol {VERSION}",
                    env!("CARGO_PKG_VERSION")
                ));
                Ok(())
            }
            ("help", _) => {
                self.say(HELP);
                Ok(())
            }
            ("rules", _) => self.rules(&args),
            ("go", _) => self.go(&args),
            _ => {
                let shown: String = cmd.chars().take(40).collect();
                let more = if shown.len() < cmd.len() { "..." } else { "" };
                Err(format!("unknown command `{shown}{more}` (try `help`)"))
            }
        };
        if cmd == "new" {
            if let Some(s) = &mut self.searcher {
                s.clear();
            }
        }
        if let Err(msg) = result {
            self.error(&msg);
        }
    }

    fn rules(&mut self, args: &[&str]) -> Result<(), String> {
        let Some(spec) = args.first() else {
            return Err("`rules` needs a rule set, e.g. `rules canonical/mode=round`".into());
        };
        self.session = match spec.parse::<RuleSet>().map_err(|e| format!("{e}"))? {
            RuleSet::RajaPasu(mut rules) => {
                // A mode may follow the rule set: `rules canonical single-round`.
                for extra in &args[1..] {
                    rules = rules
                        .with_option("mode", extra)
                        .map_err(|_| format!("`rules`: unexpected `{extra}`"))?;
                }
                if let Some(s) = &mut self.searcher {
                    s.clear();
                }
                Session::RajaPasu(Held::new(rules))
            }
            RuleSet::Mandiri(rules) => {
                if let Some(extra) = args.get(1) {
                    return Err(format!(
                        "`rules`: unexpected `{extra}` (Mandiri options go after a slash, \
                         e.g. `rules mandiri/mode=round`)"
                    ));
                }
                Session::Mandiri(Held::new(rules))
            }
        };
        self.say("ok");
        Ok(())
    }

    /// `go`: the search runs on a thread of its own with the session's searcher (which rides
    /// along unused in a Mandiri session, so that the join hands it back), says an `info` line
    /// after every iteration, and stops at `stop`.
    fn go(&mut self, args: &[&str]) -> Result<(), String> {
        let go = parse_go(args)?;
        let (over, job) = match &self.session {
            Session::RajaPasu(h) => (h.game.is_over(), h.job(go)),
            Session::Mandiri(h) => (h.game.is_over(), h.job(go)),
        };
        if over {
            self.say("bestmove none");
            return Ok(());
        }
        let mut searcher = self.searcher.take().unwrap_or_else(|| Searcher::new(20));
        self.stop = searcher.stop_flag();
        self.stop.store(false, Ordering::Relaxed);
        let out = Arc::clone(&self.out);
        let searching = Arc::clone(&self.searching);
        searching.store(true, Ordering::SeqCst);
        self.infinite = go.infinite;
        let done = DoneSignal(self.events.clone());
        self.job = Some(std::thread::spawn(move || {
            let _done = done;
            let best = job(&mut searcher, &|line| say(&out, line));
            // The last line of a search, printed with `searching` cleared under the same lock.
            let mut w = out.lock().unwrap_or_else(|e| e.into_inner());
            searching.store(false, Ordering::SeqCst);
            let _ = writeln!(w, "{best}");
            let _ = w.flush();
            drop(w);
            searcher
        }));
        Ok(())
    }
}

/// What a `go` command with `args` asks for.
fn parse_go(args: &[&str]) -> Result<Go, String> {
    let mut go = Go::default();
    let mut i = 0;
    while i < args.len() {
        let key = args[i];
        if key == "infinite" {
            go.infinite = true;
            i += 1;
            continue;
        }
        let value = args
            .get(i + 1)
            .ok_or(format!("`go {key}` needs a number"))?
            .parse::<u64>()
            .map_err(|_| format!("`go {key}` needs a whole number, not `{}`", args[i + 1]))?;
        match key {
            "depth" => go.limits.depth = Some(value.clamp(1, 100) as u32),
            "movetime" => go.limits.movetime = Some(Duration::from_millis(value.max(1))),
            "nodes" => go.limits.nodes = Some(value.max(1)),
            "level" => go.level = Some(args[i + 1].parse::<Level>().map_err(|e| e.to_string())?),
            _ => return Err(format!("`go` does not take `{key}`")),
        }
        i += 2;
    }
    Ok(go)
}
