//! The engine protocol driven by scripts.

mod common;

use common::{protocol_output, Sink};
use rajapasu_ai::protocol::run;

/// Runs a script line by line, waiting after each finite `go` for its `bestmove` (or its
/// error), as an interactive client does.
fn session(script: &[u8]) -> Vec<String> {
    let mut e = Live::start();
    let answered = |l: &str| l.starts_with("bestmove") || l.starts_with("error ");
    for line in script.split_inclusive(|b| *b == b'\n') {
        let before = e.lines().iter().filter(|l| answered(l)).count();
        e.send_bytes(line);
        if line.starts_with(b"go") && !line.windows(8).any(|w| w == b"infinite") {
            e.expect_count("answer to go", before + 1, answered);
        }
    }
    e.input = None;
    e.ended();
    e.lines()
}

#[test]
fn a_script_read_at_once_runs_to_the_end() {
    // A bounded search started by piped input finishes before the engine exits at the end of
    // the input (PROTOCOL.md, `quit`); an infinite one is stopped.
    let text = protocol_output(b"go depth 3\n");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{lines:?}");
    assert!(lines[2].starts_with("info depth 3 "), "{lines:?}");
    assert!(lines[3].starts_with("bestmove "), "{lines:?}");
    let text = protocol_output(b"go infinite\n");
    assert!(
        text.lines().last().unwrap().starts_with("bestmove "),
        "{text}"
    );
}

#[test]
fn answers_every_command() {
    let out = session(
        b"hello\nisready\nrules canonical/mode=round\nposition startpos moves 1\nlegal\nshow\n\
trace 3\nplay 3\nundo\ngo depth 3\nposition 0,1,0,2,0,0,3/0,0,1,0,3,0,2 S 40 46\ngo level 1\nhelp\nquit\n",
    );
    let mut it = out.iter();
    assert!(it.next().unwrap().starts_with("hello rajapasu"));
    assert_eq!(it.next().unwrap(), "readyok");
    assert_eq!(it.next().unwrap(), "ok");
    assert_eq!(it.next().unwrap(), "ok");
    assert_eq!(it.next().unwrap(), "legal 1 2 3 4 5 6 7");
    let show: serde_json::Value = serde_json::from_str(it.next().unwrap()).unwrap();
    assert_eq!(show["to_move"], "north");
    assert_eq!(show["position"], "3,1,0,0,0,14,0/14,2,14,14,1,14,2 N 15 4");
    let trace: serde_json::Value = serde_json::from_str(it.next().unwrap()).unwrap();
    assert!(trace["events"].as_array().unwrap().len() > 3);
    assert_eq!(it.next().unwrap(), "ok");
    assert_eq!(it.next().unwrap(), "ok");
    let rest: Vec<&String> = it.collect();
    let infos = rest
        .iter()
        .take_while(|l| l.starts_with("info depth"))
        .count();
    assert_eq!(infos, 3, "{rest:?}");
    for l in &rest[..3] {
        for word in ["score", "nodes", "nps", "pv"] {
            assert!(l.split_whitespace().any(|w| w == word), "{l}");
        }
    }
    let best = rest[3].strip_prefix("bestmove ").unwrap();
    assert!((1..=7).contains(&best.parse::<u8>().unwrap()));
    assert_eq!(rest[4], "ok");
    let bm: Vec<&&String> = rest.iter().filter(|l| l.starts_with("bestmove")).collect();
    assert_eq!(bm.len(), 2);
    assert!(
        ["bestmove 2", "bestmove 4", "bestmove 7"].contains(&bm[1].as_str()),
        "{bm:?}"
    );
    assert!(rest.iter().any(|l| l.starts_with("commands:")));
    assert_eq!(rest.last().unwrap().as_str(), "bye");
}

#[test]
fn survives_garbage() {
    let mut script = Vec::new();
    script.extend_from_slice(
        b"\n   \n# a comment\nfoo bar\ngo depth\ngo depth x\ngo colour 3\ngo level 9\n",
    );
    script.extend_from_slice(
        b"position\nposition 1,2,3\nposition startpos moves 1 1\nposition startpos moves 0\n",
    );
    script.extend_from_slice(b"rules\nrules nonsense\nrules canonical/fours=nobody\ntrace\ntrace 9\ntrace 1 2\nplay\nplay x\nundo\n");
    script.extend_from_slice(&[0xff, 0xfe, b'\n', 0, 1, 2, b'\n']);
    script.extend_from_slice("ünïcödé ☃\n".as_bytes());
    script.extend_from_slice(&[b'x'; 5000]);
    script.extend_from_slice(b"\nisready\ngo depth 2\nquit\nshow\n");
    let out = session(&script);
    let errors = out.iter().filter(|l| l.starts_with("error ")).count();
    assert_eq!(errors, 20, "{out:#?}");
    assert!(out.iter().all(|l| l.len() < 200), "{out:#?}");
    assert!(out.contains(&"readyok".to_string()));
    assert!(out.iter().any(|l| l.starts_with("bestmove ")));
    assert_eq!(out.last().unwrap(), "bye", "nothing after quit");
}

#[test]
fn stop_ends_an_infinite_search() {
    let out = session(b"go infinite\nstop\nisready\n");
    assert!(out.iter().any(|l| l.starts_with("bestmove ")), "{out:?}");
    assert!(out.contains(&"readyok".to_string()));
}

#[test]
fn a_finished_game_has_no_best_move() {
    let out = session(b"rules canonical/mode=round\nposition 0,0,0,0,0,1,0/0,2,0,0,0,0,0 S 60 35 moves 6\ngo depth 3\nlegal\n");
    assert_eq!(out, vec!["ok", "ok", "bestmove none", "legal"]);
}

/// An engine fed line by line while it runs, as a graphical interface or a tournament manager
/// drives it: `send` a line, then `expect` the first line of output (from the start of the
/// session) that passes a test, with a generous deadline so that a deadlock fails instead of
/// hanging the test run.
struct Live {
    input: Option<std::sync::mpsc::Sender<Vec<u8>>>,
    output: Sink,
    done: std::sync::mpsc::Receiver<()>,
}

/// A reader that blocks until the test sends it bytes, and ends when the sender is dropped.
struct Pipe {
    rx: std::sync::mpsc::Receiver<Vec<u8>>,
    pending: Vec<u8>,
}

impl std::io::Read for Pipe {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.pending.is_empty() {
            match self.rx.recv() {
                Ok(bytes) => self.pending = bytes,
                Err(_) => return Ok(0),
            }
        }
        let n = buf.len().min(self.pending.len());
        buf[..n].copy_from_slice(&self.pending[..n]);
        self.pending.drain(..n);
        Ok(n)
    }
}

const DEADLINE: std::time::Duration = std::time::Duration::from_secs(20);

impl Live {
    fn start() -> Live {
        let (tx, rx) = std::sync::mpsc::channel();
        let (done_tx, done) = std::sync::mpsc::channel();
        let output = Sink::default();
        let out = output.clone();
        std::thread::spawn(move || {
            let input = std::io::BufReader::new(Pipe {
                rx,
                pending: Vec::new(),
            });
            run(input, out);
            let _ = done_tx.send(());
        });
        Live {
            input: Some(tx),
            output,
            done,
        }
    }

    /// An engine in the middle of `go infinite` (it has printed an `info` line).
    fn searching() -> Live {
        let e = Live::start();
        e.send("go infinite");
        e.expect("info line", |l| l.starts_with("info depth"));
        e
    }

    fn send(&self, line: &str) {
        self.send_bytes(format!("{line}\n").as_bytes());
    }

    fn send_bytes(&self, bytes: &[u8]) {
        // After `quit` the engine may have dropped its input: a line sent then is lost.
        let tx = self.input.as_ref().expect("input still open");
        let _ = tx.send(bytes.to_vec());
    }

    fn lines(&self) -> Vec<String> {
        self.output.text().lines().map(String::from).collect()
    }

    /// Waits until `found` finds something in the output so far, and returns it; fails naming
    /// `what` after the deadline.
    fn until<T>(&self, what: &str, found: impl Fn(&[String]) -> Option<T>) -> T {
        let start = std::time::Instant::now();
        loop {
            if let Some(t) = found(&self.lines()) {
                return t;
            }
            assert!(
                start.elapsed() < DEADLINE,
                "{what} after {DEADLINE:?}: {:?}",
                self.lines()
            );
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
    }

    /// Waits for a line of output passing `test`, and returns its index.
    fn expect(&self, what: &str, test: impl Fn(&str) -> bool) -> usize {
        self.until(&format!("no {what}"), |lines| {
            lines.iter().position(|l| test(l))
        })
    }

    /// Waits for the number of lines passing `test` to reach `n`.
    fn expect_count(&self, what: &str, n: usize, test: impl Fn(&str) -> bool) {
        self.until(&format!("fewer than {n} {what}"), |lines| {
            (lines.iter().filter(|l| test(l)).count() >= n).then_some(())
        })
    }

    /// Fails if a search has answered.
    fn still_searching(&self) {
        let lines = self.lines();
        let ended = lines.iter().any(|l| l.starts_with("bestmove"));
        assert!(!ended, "the infinite search ended by itself: {lines:?}");
    }

    /// Waits for `run` to return.
    fn ended(&self) {
        self.done
            .recv_timeout(DEADLINE)
            .unwrap_or_else(|_| panic!("still running: {:?}", self.lines()));
    }
}

#[test]
fn a_piped_script_gets_every_answer() {
    // The script of PROTOCOL.md, "Searching": sent at once, each command waits for the search
    // before it, and both searches answer.
    let text = protocol_output(
        b"position startpos moves 1 1\ngo depth 4\nrules canonical/mode=round\n\
position 0,1,0,2,0,0,3/0,0,1,0,3,0,2 S 40 46\ngo movetime 300\n",
    );
    let answers: Vec<&str> = text.lines().filter(|l| !l.starts_with("info ")).collect();
    assert_eq!(answers.len(), 5, "{text}");
    assert_eq!(answers[0], "ok", "{text}");
    assert!(answers[1].starts_with("bestmove "), "{text}");
    assert_eq!(answers[2..4], ["ok", "ok"], "{text}");
    // The second search is of the position set after the first one ended.
    assert!(
        ["bestmove 2", "bestmove 4", "bestmove 7"].contains(&answers[4]),
        "{text}"
    );
    assert!(!text.contains("error"), "{text}");
}

#[test]
fn a_command_during_a_search_waits_for_it_and_stop_still_works() {
    let e = Live::searching();
    e.send("show");
    e.send("position startpos moves 1");
    e.send("show");
    e.send("go depth 2");
    e.send("isready");
    e.expect("readyok", |l| l == "readyok");
    e.still_searching();
    // The queued commands have not run: nothing but `info` lines and `readyok` so far.
    assert!(
        e.lines()
            .iter()
            .all(|l| l.starts_with("info depth") || l == "readyok"),
        "{:?}",
        e.lines()
    );
    e.send("stop");
    let first = e.expect("bestmove", |l| l.starts_with("bestmove "));
    // Then the queue in order: `show` of the start (South to move), `ok`, `show` after the
    // move (North to move), and the second search.
    e.expect_count("bestmove lines", 2, |l| l.starts_with("bestmove "));
    let after: Vec<String> = e.lines()[first + 1..]
        .iter()
        .filter(|l| !l.starts_with("info "))
        .cloned()
        .collect();
    assert_eq!(after.len(), 4, "{after:?}");
    let show: serde_json::Value = serde_json::from_str(&after[0]).unwrap();
    assert_eq!(show["to_move"], "south");
    assert_eq!(after[1], "ok");
    let show: serde_json::Value = serde_json::from_str(&after[2]).unwrap();
    assert_eq!(show["to_move"], "north");
    assert!(after[3].starts_with("bestmove "), "{after:?}");
    // Right after `bestmove` the engine is free: the next command runs at once.
    e.send("go depth 1");
    e.expect_count("bestmove lines", 3, |l| l.starts_with("bestmove "));
    e.send("legal");
    e.expect("legal", |l| l.starts_with("legal "));
    e.send("stop");
    e.expect("ok after a finished search", |l| l == "ok");
    assert!(!e.lines().iter().any(|l| l.starts_with("error")));
    e.send("quit");
    e.ended();
    assert_eq!(e.lines().last().unwrap(), "bye");
}

#[test]
fn a_full_queue_refuses_more() {
    let e = Live::searching();
    for _ in 0..1030 {
        e.send("legal");
    }
    e.expect_count("busy errors", 6, |l| {
        l.starts_with("error busy: 1024 commands")
    });
    e.still_searching();
    e.send("stop");
    e.expect_count("queued answers", 1024, |l| l.starts_with("legal "));
    e.send("quit");
    e.ended();
    let lines = e.lines();
    let busy = lines.iter().filter(|l| l.starts_with("error busy")).count();
    assert_eq!(busy, 6, "{:?}", &lines[lines.len() - 3..]);
}

#[test]
fn quit_drops_the_queue() {
    let e = Live::searching();
    e.send("legal");
    e.send("quit");
    e.ended();
    let lines = e.lines();
    assert_eq!(lines.last().unwrap(), "bye");
    assert!(lines.iter().any(|l| l.starts_with("bestmove ")));
    assert!(!lines.iter().any(|l| l.starts_with("legal")), "{lines:?}");
}

#[test]
fn the_end_of_input_runs_the_queue_and_stops_a_queued_infinite_search() {
    let text = protocol_output(b"go depth 2\ngo infinite\nlegal\n");
    let answers: Vec<&str> = text.lines().filter(|l| !l.starts_with("info ")).collect();
    assert_eq!(answers.len(), 3, "{text}");
    assert!(answers[0].starts_with("bestmove ") && answers[1].starts_with("bestmove "));
    assert_eq!(answers[2], "legal 1 2 3 4 5 6 7");
}

#[test]
fn isready_is_answered_at_once_while_searching() {
    let e = Live::searching();
    // Several tries, each answered before the search ends; the fastest within 100 ms. (The
    // best of a few keeps a briefly busy machine from failing the test; a reply that waits for
    // the search never comes before `stop` at all.)
    let mut fastest = std::time::Duration::MAX;
    for n in 1..=5 {
        let sent = std::time::Instant::now();
        e.send("isready");
        e.expect_count("readyok", n, |l| l == "readyok");
        fastest = fastest.min(sent.elapsed());
    }
    assert!(
        fastest < std::time::Duration::from_millis(100),
        "{fastest:?}"
    );
    e.still_searching();
    e.send("stop");
    e.expect("bestmove", |l| l.starts_with("bestmove "));
    e.send("quit");
    e.ended();
}

#[test]
fn quit_ends_an_infinite_search() {
    let e = Live::searching();
    e.send("show");
    e.send("quit");
    e.ended();
    let lines = e.lines();
    let bye = lines.iter().position(|l| l == "bye").expect("bye");
    assert_eq!(bye, lines.len() - 1, "{lines:?}");
    assert!(lines[..bye].iter().any(|l| l.starts_with("bestmove ")));
}

#[test]
fn the_end_of_input_ends_an_infinite_search() {
    let mut e = Live::searching();
    e.input = None;
    e.ended();
    assert!(e.lines().last().unwrap().starts_with("bestmove "));
}

/// A Mandiri position (rules `mandiri/mode=round`) where only C's S5 captures (12 counters).
///
/// Worked by hand from RULES.md section 9 (rules M3 and M4, with rules 3 to 6 for the sowing).
/// The board, sowing order S1..S7 N1..N7, every hole open:
///
/// ```text
///            N7  N6  N5  N4  N3  N2  N1
///           [ 0][ 0][ 3][ 0][ 1][ 1][ 0]       captured C 37, R 14, L 18; 29 on the board
///           [ 1][ 0][ 0][ 0][23][ 0][ 0]
///            S1  S2  S3  S4  S5  S6  S7
/// ```
///
/// C owns S3 S4 S5 N3 N4 N5; its legal moves are S5 (23), N3 (1) and N5 (3).
///
/// - **N5**: 3 into N6, N7, S1 (1 -> 2). The next hole, S2, is empty and so is S3 beyond it:
///   the move ends, nothing captured.
/// - **N3**: 1 into N4. N5 (3) follows: relay, its 3 into N6, N7, S1 (2). S2 and S3 empty:
///   nothing captured.
/// - **S5**: 23 from S5, sown from S6 round the board (the emptied origin is sown like any
///   hole): S6 S7 N1 N2 N3 N4, then N5 3 -> 4, a four for its owner C; N6 N7 S1 ... S7, and
///   N1 ... N7 again. The board is then S1..S7 2,1,1,1,1,2,2 and N1..N7 2,3,3,2,1,2,2. The
///   last drop was N7 and S1 holds 2: relay, and the relays go on, each from the hole after
///   the last drop: S1's 2 into S2 S3; S4's 1 into S5; S6's 2 into S7 N1; N2's 3 into N3
///   (3 -> 4, a four for C), N4, N5; N6's 2 into N7, S1; S2's 2 into S3, S4; S5's 2 into S6,
///   S7 (3 -> 4, a four for R: S7 is R's); N1's 3 into N2, N3, N4 (3 -> 4, a four for C);
///   N5's 2 into N6, N7 (3 -> 4, a four for L); S1's 1 into S2; S3's 3 into S4, S5, S6. S7
///   is empty and N1 beyond it too: the move ends, no pussa.
///
/// So only S5 captures, and all by fours, none by pussa: 12 for C (N5, N3, N4), and on C's
/// move 4 each for R (S7) and L (N7). After S5 the board is S1..S7 0,1,0,2,1,2,0 and N1..N7
/// 0,1,1,0,0,1,0 (9 counters), captured C 49, R 18, L 22 (9 + 89 = 98). The engine agrees:
/// see [`the_mandiri_capture_position_worked_by_hand`].
const MANDIRI_CAPTURE: &str =
    "mandiri/mode=round 1,0,0,0,23,0,0/0,1,1,0,3,0,0 C 37,14,18 1,2,3 0,0,0 1 1";

#[test]
fn the_mandiri_capture_position_worked_by_hand() {
    use rajapasu_engine::mandiri::{self, Seat};
    let start: mandiri::Position = MANDIRI_CAPTURE.parse().unwrap();
    let after = |m: &str| {
        let mut p = start;
        p.try_play(m.parse().unwrap()).unwrap();
        (p.counts().to_vec(), Seat::ALL.map(|s| p.captured(s)))
    };
    assert_eq!(
        start.legal_moves(),
        ["S5", "N3", "N5"].map(|m| m.parse().unwrap())
    );
    assert_eq!(
        after("S5"),
        (vec![0, 1, 0, 2, 1, 2, 0, 0, 1, 1, 0, 0, 1, 0], [49, 18, 22])
    );
    assert_eq!(
        after("N3"),
        (
            vec![2, 0, 0, 0, 23, 0, 0, 0, 1, 0, 1, 0, 1, 1],
            [37, 14, 18]
        )
    );
    assert_eq!(
        after("N5"),
        (
            vec![2, 0, 0, 0, 23, 0, 0, 0, 1, 1, 0, 0, 1, 1],
            [37, 14, 18]
        )
    );
}

#[test]
fn a_mandiri_session_plays_the_three_seat_game() {
    let script = format!(
        "rules mandiri\nlegal\nplay S5\nlegal\nplay S1\nplay X9\nundo\nshow\n\
         position startpos moves S5 S6\ngo depth 2\ntrace S5\n\
         position {MANDIRI_CAPTURE}\ngo depth 2\nposition mandiri 1,2,3\n\
         rules mandiri single-round\nrules canonical\nlegal\nquit\n"
    );
    let out = lockstep(&script);
    let mut it = out.iter().map(String::as_str);
    assert_eq!(it.next(), Some("ok"));
    assert_eq!(it.next(), Some("legal S3 S4 S5 N3 N4 N5"));
    assert_eq!(it.next(), Some("ok"));
    let after_s5 = it.next().unwrap();
    assert!(after_s5.starts_with("legal "), "{out:?}");
    let bad_hole = it.next().unwrap();
    assert!(
        bad_hole.starts_with("error ") && bad_hole.contains("S1"),
        "{bad_hole}"
    );
    let bad_word = it.next().unwrap();
    assert!(bad_word.contains("`X9` is not a hole"), "{bad_word}");
    assert_eq!(it.next(), Some("ok"));
    let show: serde_json::Value = serde_json::from_str(it.next().unwrap()).unwrap();
    assert_eq!(show["to_move"], "C");
    assert_eq!(show["moves"], serde_json::json!([]));
    assert_eq!(it.next(), Some("ok"));
    // The best move after S5 S6 is one of the legal moves there, and the score is the mover's.
    // An `info` line comes after each iteration.
    let first = it.next().unwrap();
    assert!(first.starts_with("info depth 1 score "), "{first}");
    let info = it.next().unwrap();
    assert!(info.starts_with("info depth 2 score "), "{info}");
    let best = it.next().unwrap().strip_prefix("bestmove ").unwrap();
    let mut game = rajapasu_engine::mandiri::Game::new(Default::default());
    for m in ["S5", "S6"] {
        game.try_play(m.parse().unwrap()).unwrap();
    }
    let seat = game.position().to_move();
    assert!(info.contains(&format!(" score {seat} ")), "{info}");
    // Max^n gives every seat's value too, the mover's equal to its score.
    let words: Vec<&str> = info.split_whitespace().collect();
    let at = |w: &str| words.iter().position(|x| *x == w).unwrap();
    let (score, values) = (at("score"), at("values"));
    assert_eq!(values, score + 3, "{info}");
    assert_eq!(
        [words[values + 1], words[values + 3], words[values + 5]],
        ["C", "R", "L"],
        "{info}"
    );
    let own = words[values + 1..values + 7]
        .chunks(2)
        .find(|c| c[0] == seat.to_string())
        .unwrap()[1];
    assert_eq!(own, words[score + 2], "{info}");
    assert_eq!(words[values + 7], "nodes", "{info}");
    assert!(
        game.legal_moves().contains(&best.parse().unwrap()),
        "{best} is not legal"
    );
    assert!(it
        .next()
        .unwrap()
        .contains("`trace` is for the two-player game"));
    assert_eq!(it.next(), Some("ok"));
    assert!(it.next().unwrap().starts_with("info depth 1 "));
    assert!(it.next().unwrap().starts_with("info depth 2 "));
    assert_eq!(it.next(), Some("bestmove S5"), "{out:?}");
    let bad_code = it.next().unwrap();
    assert!(
        bad_code.starts_with("error bad Mandiri position code"),
        "{bad_code}"
    );
    assert!(it.next().unwrap().contains("after a slash"));
    assert_eq!(it.next(), Some("ok"));
    assert_eq!(it.next(), Some("legal 1 2 3 4 5 6 7"));
    assert_eq!(it.next(), Some("bye"));
    assert_eq!(it.next(), None);
}

#[test]
fn stop_ends_a_mandiri_infinite_search() {
    let e = Live::start();
    e.send("rules mandiri/mode=round");
    e.send("position startpos moves S5");
    e.send("go infinite");
    e.expect("info line", |l| l.starts_with("info depth"));
    e.send("isready");
    e.expect("readyok", |l| l == "readyok");
    e.send("show");
    e.still_searching();
    e.send("stop");
    let sent = std::time::Instant::now();
    let k = e.expect("bestmove", |l| l.starts_with("bestmove "));
    // A generous bound: `stop` is seen within a few hundred nodes.
    assert!(sent.elapsed() < std::time::Duration::from_secs(10));
    let mut game = rajapasu_engine::mandiri::Game::new(single_round());
    game.try_play("S5".parse().unwrap()).unwrap();
    let best = e.lines()[k].strip_prefix("bestmove ").unwrap().to_string();
    assert!(
        game.legal_moves().contains(&best.parse().unwrap()),
        "{best}"
    );
    // Every line before it is an iteration that finished, and the queued `show` comes after it,
    // of the position searched.
    assert!(e.lines()[2..k]
        .iter()
        .all(|l| l.starts_with("info depth") || l == "readyok"));
    let shown = e.expect("show", |l| l.starts_with('{'));
    assert_eq!(shown, k + 1);
    let show: serde_json::Value = serde_json::from_str(&e.lines()[shown]).unwrap();
    assert_eq!(show["moves"].as_array().unwrap().len(), 1, "{show}");
    e.send("go depth 1");
    e.expect_count("bestmove lines", 2, |l| l.starts_with("bestmove "));
    e.send("quit");
    e.ended();
    assert_eq!(e.lines().last().unwrap(), "bye");
}

#[test]
fn quit_and_the_end_of_input_end_a_mandiri_infinite_search() {
    for quit in [true, false] {
        let mut e = Live::start();
        e.send("rules mandiri");
        e.send("go infinite");
        e.expect("info line", |l| l.starts_with("info depth"));
        if quit {
            e.send("quit");
        } else {
            e.input = None;
        }
        e.ended();
        let lines = e.lines();
        assert!(
            lines.iter().any(|l| l.starts_with("bestmove ")),
            "{lines:?}"
        );
    }
}

fn single_round() -> rajapasu_engine::mandiri::Rules {
    "mandiri/mode=round".parse().unwrap()
}

/// Runs a script whose every line gets answers, sending each line once the answers to the one
/// before have all come (one line, or a `go`'s lines up to its `bestmove` or `error`).
fn lockstep(script: &str) -> Vec<String> {
    let mut e = Live::start();
    for line in script.lines() {
        let n = e.lines().len();
        e.send(line);
        let go = line.starts_with("go");
        e.until(&format!("no answer to `{line}`"), |out| {
            let last = out.last().map_or("", String::as_str);
            let done = out.len() > n
                && (!go || last.starts_with("bestmove") || last.starts_with("error "));
            done.then_some(())
        });
    }
    e.input = None;
    e.ended();
    e.lines()
}
