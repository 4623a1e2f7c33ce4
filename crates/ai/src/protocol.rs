//! The engine line protocol (PROTOCOL.md): commands on one input line each, answers on output
//! lines. The input is read on its own thread and the search runs on another, so that `stop`,
//! `isready` and `quit` are answered while it thinks, whatever else arrives meanwhile.

mod mandiri;

use crate::choice::pick;
use crate::levels::{Level, LevelParams};
use crate::search::{Info, Limits, SearchOptions, SearchResult, Searcher};
use rajapasu_engine::mandiri as three;
use rajapasu_engine::RuleSet;
use rajapasu_engine::{Game, GameView, Move, Position, Rules};
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

struct Engine<W: Write + Send + 'static> {
    out: Out<W>,
    rules: Rules,
    game: Game,
    /// The Raja Pasu Mandiri game, when `rules mandiri...` has switched the session to it; the
    /// game commands then act on it and `game` waits unused.
    mandiri: Option<three::Game>,
    /// The Mandiri session's rules, which `new` and `position startpos` start from (a position
    /// code carries rules of its own).
    mandiri_rules: three::Rules,
    searcher: Option<Searcher>,
    stop: Arc<AtomicBool>,
    job: Option<JoinHandle<Searcher>>,
    /// True from `go` until the search thread prints its `bestmove`. The thread clears it under
    /// the output lock, so a client that has read `bestmove` never gets `error busy` after it,
    /// even if the thread has not quite returned yet.
    searching: Arc<AtomicBool>,
    /// Whether the running search is `go infinite`, which the end of the input stops: a
    /// bounded search started from a piped script is left to finish and print its answer.
    infinite: bool,
}

/// The answer to a command that must wait for the search (PROTOCOL.md, "Searching").
const BUSY: &str = "busy: a search is running (send `stop`, or wait for `bestmove`)";

/// Reads lines on a thread of its own and hands them over, then `None` at the end of the input
/// (or a read error, which ends it just the same). A blocking read in the command loop itself
/// would leave `stop` unread behind a command that waits for the search.
fn reader<R: BufRead + Send + 'static>(mut input: R) -> mpsc::Receiver<Option<Vec<u8>>> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || loop {
        let mut line = Vec::new();
        match input.read_until(b'\n', &mut line) {
            Ok(0) | Err(_) => {
                let _ = tx.send(None);
                return;
            }
            Ok(_) => {
                if tx.send(Some(line)).is_err() {
                    return;
                }
            }
        }
    });
    rx
}

/// Runs the protocol until `quit` or the end of the input. `quit` stops a running search, and
/// so does the end of the input if the search is `go infinite`; a bounded one is left to
/// finish. Returns once that search has printed its `bestmove`.
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
/// ```
pub fn run<R: BufRead + Send + 'static, W: Write + Send + 'static>(input: R, output: W) {
    let searcher = Searcher::new(20);
    let rules = Rules::default();
    let mut e = Engine {
        out: Arc::new(Mutex::new(output)),
        rules,
        game: Game::new(rules),
        mandiri: None,
        mandiri_rules: three::Rules::default(),
        stop: searcher.stop_flag(),
        searcher: Some(searcher),
        job: None,
        searching: Arc::new(AtomicBool::new(false)),
        infinite: false,
    };
    for line in reader(input) {
        let Some(line) = line else {
            // The end of the input: nobody is left to send `stop` to an infinite search.
            if e.infinite {
                e.stop.store(true, Ordering::Relaxed);
            }
            break;
        };
        let Ok(line) = String::from_utf8(line) else {
            e.error("input is not valid text");
            continue;
        };
        if !e.command(line.trim()) {
            break;
        }
    }
    e.wait();
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

    /// Handles one line; false to quit.
    fn command(&mut self, line: &str) -> bool {
        let mut words = line.split_whitespace();
        let Some(cmd) = words.next() else {
            return true;
        };
        if cmd.starts_with('#') {
            return true;
        }
        let args: Vec<&str> = words.collect();
        match cmd {
            "quit" | "exit" => {
                self.stop.store(true, Ordering::Relaxed);
                self.wait();
                self.say("bye");
                return false;
            }
            "stop" => {
                if self.searching.load(Ordering::SeqCst) {
                    self.stop.store(true, Ordering::Relaxed);
                    self.wait();
                } else {
                    // A search that has already printed its `bestmove` gets no second one.
                    self.wait();
                    self.say("ok");
                }
                return true;
            }
            "isready" => {
                self.say("readyok");
                return true;
            }
            _ => {}
        }
        if self.searching.load(Ordering::SeqCst) {
            // Waiting here would stop reading the input, and with it `stop` and `quit`.
            self.error(BUSY);
            return true;
        }
        self.wait();
        if self.mandiri.is_some() && cmd != "rules" {
            if let Some(result) = self.mandiri_command(cmd, &args) {
                if let Err(msg) = result {
                    self.error(&msg);
                }
                return true;
            }
        }
        let result = match cmd {
            "hello" | "protocol" => {
                self.say(&format!(
                    "hello rajapasu {} protocol {VERSION}",
                    env!("CARGO_PKG_VERSION")
                ));
                Ok(())
            }
            "help" => {
                self.say(HELP);
                Ok(())
            }
            "rules" => self.rules(&args),
            "new" => {
                if let Some(s) = &mut self.searcher {
                    s.clear();
                }
                self.game = Game::new(self.rules);
                self.say("ok");
                Ok(())
            }
            "position" => self.position(&args),
            "play" => self.play(&args),
            "undo" => {
                if self.game.undo().is_some() {
                    self.say("ok");
                    Ok(())
                } else {
                    Err("no move to take back".to_string())
                }
            }
            "go" => self.go(&args),
            "show" => match serde_json::to_string(&GameView::new(&self.game)) {
                Ok(s) => {
                    self.say(&s);
                    Ok(())
                }
                Err(e) => Err(e.to_string()),
            },
            "legal" => {
                let ms: Vec<String> = self
                    .game
                    .legal_moves()
                    .iter()
                    .map(|m| m.to_string())
                    .collect();
                self.say(format!("legal {}", ms.join(" ")).trim_end());
                Ok(())
            }
            "trace" => self.trace(&args),
            _ => {
                let shown: String = cmd.chars().take(40).collect();
                let more = if shown.len() < cmd.len() { "..." } else { "" };
                Err(format!("unknown command `{shown}{more}` (try `help`)"))
            }
        };
        if let Err(msg) = result {
            self.error(&msg);
        }
        true
    }

    /// Handles a game command of a Mandiri session; `None` for the commands both games share
    /// (`hello`, `help`, unknown words), which the caller handles.
    fn mandiri_command(&mut self, cmd: &str, args: &[&str]) -> Option<Result<(), String>> {
        let rules = self.mandiri_rules;
        let game = self.mandiri.as_mut()?;
        let result = match cmd {
            "new" => {
                *game = three::Game::new(rules);
                Ok("ok".to_string())
            }
            "position" => {
                let split = args
                    .iter()
                    .position(|w| *w == "moves")
                    .unwrap_or(args.len());
                let (head, moves) = (&args[..split], &args[(split + 1).min(args.len())..]);
                mandiri::position(rules, head, moves).map(|g| {
                    *game = g;
                    "ok".to_string()
                })
            }
            "play" if args.is_empty() => Err("`play` needs a move".into()),
            "play" => {
                let mut next = game.clone();
                mandiri::apply(&mut next, args).map(|()| {
                    *game = next;
                    "ok".to_string()
                })
            }
            "undo" if game.undo().is_some() => Ok("ok".to_string()),
            "undo" => Err("no move to take back".to_string()),
            "show" => Ok(mandiri::show(game)),
            "legal" => Ok(mandiri::legal(game)),
            "trace" => Err("`trace` is for the two-player game only; \
                 `rules canonical` switches back to it"
                .to_string()),
            "go" => return Some(self.mandiri_go(args)),
            _ => return None,
        };
        Some(result.map(|line| self.say(&line)))
    }

    /// `go` in a Mandiri session: the search runs on its own thread, as in the two-player game,
    /// prints an `info` line after every iteration, and stops at `stop` as that one does.
    fn mandiri_go(&mut self, args: &[&str]) -> Result<(), String> {
        let (limits, level, infinite) = parse_go(args)?;
        let game = self.mandiri.clone().ok_or("no Mandiri game")?;
        let limits = crate::mandiri::Limits {
            depth: limits.depth,
            movetime: limits.movetime,
            nodes: limits.nodes,
        };
        // The two-player searcher rides along so that the join hands it back unchanged.
        let searcher = self.searcher.take().unwrap_or_else(|| Searcher::new(20));
        self.stop = Arc::new(AtomicBool::new(false));
        let stop = Arc::clone(&self.stop);
        let out = Arc::clone(&self.out);
        let searching = Arc::clone(&self.searching);
        searching.store(true, Ordering::SeqCst);
        self.infinite = infinite;
        self.job = Some(std::thread::spawn(move || {
            let last = |line: &str| {
                let mut w = out.lock().unwrap_or_else(|e| e.into_inner());
                searching.store(false, Ordering::SeqCst);
                let _ = writeln!(w, "{line}");
                let _ = w.flush();
            };
            mandiri::go(&game, limits, level, infinite, stop, |l| say(&out, l), last);
            searcher
        }));
        Ok(())
    }

    fn rules(&mut self, args: &[&str]) -> Result<(), String> {
        let Some(spec) = args.first() else {
            return Err("`rules` needs a rule set, e.g. `rules canonical/mode=round`".into());
        };
        let mut rules = match spec.parse::<RuleSet>().map_err(|e| format!("{e}"))? {
            RuleSet::RajaPasu(r) => r,
            RuleSet::Mandiri(r) => {
                if let Some(extra) = args.get(1) {
                    return Err(format!(
                        "`rules`: unexpected `{extra}` (Mandiri options go after a slash, \
                         e.g. `rules mandiri/mode=round`)"
                    ));
                }
                self.mandiri = Some(three::Game::new(r));
                self.mandiri_rules = r;
                self.say("ok");
                return Ok(());
            }
        };
        // A mode may follow the rule set: `rules canonical single-round`.
        for extra in &args[1..] {
            rules = rules
                .with_option("mode", extra)
                .map_err(|_| format!("`rules`: unexpected `{extra}`"))?;
        }
        self.rules = rules;
        self.game = Game::new(rules);
        self.mandiri = None;
        if let Some(s) = &mut self.searcher {
            s.clear();
        }
        self.say("ok");
        Ok(())
    }

    fn position(&mut self, args: &[&str]) -> Result<(), String> {
        let split = args
            .iter()
            .position(|w| *w == "moves")
            .unwrap_or(args.len());
        let (head, moves) = (&args[..split], &args[(split + 1).min(args.len())..]);
        let mut game = match head {
            [] => return Err("`position` needs `startpos` or a position code".into()),
            ["startpos"] => Game::new(self.rules),
            code => {
                let code = code.join(" ");
                let pos = Position::from_code(&code, self.rules).map_err(|e| format!("{e}"))?;
                Game::from_position(pos)
            }
        };
        apply(&mut game, moves)?;
        self.game = game;
        self.say("ok");
        Ok(())
    }

    fn play(&mut self, args: &[&str]) -> Result<(), String> {
        if args.is_empty() {
            return Err("`play` needs a move".into());
        }
        let mut game = self.game.clone();
        apply(&mut game, args)?;
        self.game = game;
        self.say("ok");
        Ok(())
    }

    fn trace(&mut self, args: &[&str]) -> Result<(), String> {
        let [word] = args else {
            return Err("`trace` needs one move".into());
        };
        let mv: Move = word.parse().map_err(|e| format!("{e}"))?;
        let mut game = self.game.clone();
        let mut events = Vec::new();
        game.play_traced(mv, &mut events)
            .map_err(|e| format!("move {mv}: {e}"))?;
        let json = serde_json::json!({
            "move": mv.number(),
            "events": events,
            "position": game.position().to_string(),
        });
        self.say(&json.to_string());
        Ok(())
    }

    fn go(&mut self, args: &[&str]) -> Result<(), String> {
        let (mut limits, level, infinite) = parse_go(args)?;
        if self.game.status().is_over() {
            self.say("bestmove none");
            return Ok(());
        }
        let mut params: Option<LevelParams> = None;
        let mut seed = 0;
        if let Some(l) = level {
            let p = l.params();
            limits.depth = limits.depth.or(p.depth);
            limits.movetime = limits.movetime.or(Some(p.movetime));
            params = Some(p);
            seed = self.game.moves().len() as u64 + 1;
        } else if !infinite && limits == Limits::default() {
            limits.movetime = Some(Duration::from_millis(1000));
        }
        let mut searcher = self.searcher.take().unwrap_or_else(|| Searcher::new(20));
        let options = params.map_or(SearchOptions::BEST_MOVE, |p| p.search_options());
        self.stop = searcher.stop_flag();
        self.stop.store(false, Ordering::Relaxed);
        let game = self.game.clone();
        let out = Arc::clone(&self.out);
        let searching = Arc::clone(&self.searching);
        searching.store(true, Ordering::SeqCst);
        self.infinite = infinite;
        // The last line of a search, printed with `searching` cleared under the same lock.
        let last = move |line: &str| {
            let mut w = out.lock().unwrap_or_else(|e| e.into_inner());
            searching.store(false, Ordering::SeqCst);
            let _ = writeln!(w, "{line}");
            let _ = w.flush();
        };
        let out = Arc::clone(&self.out);
        self.job = Some(std::thread::spawn(move || {
            let report = |info: &Info| {
                let ms = info.time.as_millis().max(1) as u64;
                let pv: Vec<String> = info.pv.iter().map(|m| m.to_string()).collect();
                say(
                    &out,
                    &format!(
                        "info depth {} score {}{} nodes {} nps {} time {} pv {}",
                        info.depth,
                        info.score,
                        match info.proven {
                            _ if info.exact => " exact".to_string(),
                            Some(b) => format!(" bounds {} {}", b.lower, b.upper),
                            None => String::new(),
                        },
                        info.nodes,
                        info.nodes * 1000 / ms,
                        ms,
                        pv.join(" ")
                    ),
                );
            };
            let result: Option<SearchResult> = searcher.search(&game, &limits, options, report);
            match result {
                Some(r) => {
                    let k = params.map_or(0, |p| pick(&r, &p, seed, &game));
                    let m = &r.moves[k];
                    if k != 0 {
                        say(
                            &out,
                            &format!("info chosen {} score {}", m.mv, m.score.counters()),
                        );
                    }
                    last(&format!("bestmove {}", m.mv));
                }
                None => last("bestmove none"),
            }
            searcher
        }));
        Ok(())
    }
}

fn apply(game: &mut Game, moves: &[&str]) -> Result<(), String> {
    for (k, w) in moves.iter().enumerate() {
        let mv: Move = w.parse().map_err(|e| format!("move {}: {e}", k + 1))?;
        game.try_play(mv)
            .map_err(|e| format!("move {} ({mv}): {e}", k + 1))?;
    }
    Ok(())
}

/// The limits, level and `infinite` of a `go` command.
fn parse_go(args: &[&str]) -> Result<(Limits, Option<Level>, bool), String> {
    let mut limits = Limits::default();
    let mut level = None;
    let mut infinite = false;
    let mut i = 0;
    while i < args.len() {
        let key = args[i];
        if key == "infinite" {
            infinite = true;
            i += 1;
            continue;
        }
        let value = args
            .get(i + 1)
            .ok_or(format!("`go {key}` needs a number"))?
            .parse::<u64>()
            .map_err(|_| format!("`go {key}` needs a whole number, not `{}`", args[i + 1]))?;
        match key {
            "depth" => limits.depth = Some(value.clamp(1, 100) as u32),
            "movetime" => limits.movetime = Some(Duration::from_millis(value.max(1))),
            "nodes" => limits.nodes = Some(value.max(1)),
            "level" => level = Some(args[i + 1].parse::<Level>().map_err(|e| e.to_string())?),
            _ => return Err(format!("`go` does not take `{key}`")),
        }
        i += 2;
    }
    Ok((limits, level, infinite))
}
