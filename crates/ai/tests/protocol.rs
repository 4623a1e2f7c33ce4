//! The engine protocol driven by scripts.

use rajapasu_ai::protocol::run;
use std::io::{Cursor, Write};
use std::sync::{Arc, Mutex};

#[derive(Clone, Default)]
struct Sink(Arc<Mutex<Vec<u8>>>);

impl Write for Sink {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn session(script: &[u8]) -> Vec<String> {
    let sink = Sink::default();
    run(Cursor::new(script.to_vec()), sink.clone());
    let text = String::from_utf8(sink.0.lock().unwrap().clone()).unwrap();
    text.lines().map(String::from).collect()
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
