//! The examples of the documents in `DOCS`, run: every `$ rajapasu ...` line of a fenced
//! block is a command, the lines under it up to the next `$` its output. The output must match
//! what the program prints, but for numbers that vary from run to run (times, speeds, the
//! name of a record written at the current time) and for `...` lines, which stand for any
//! number of lines. A command shown without output must succeed, unless it is listed in
//! `NOT_RUN` with the reason.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// The documents whose examples are run, from the repository's root. The game record the
/// examples read (`game.txt`) is the one `RECORD_DOC` shows.
const DOCS: &[&str] = &[
    "README.md",
    "docs/CLI.md",
    "docs/PLAYING.md",
    "docs/PROOFS.md",
    "PROTOCOL.md",
];

/// The document that shows the game record the examples read.
const RECORD_DOC: &str = "docs/CLI.md";

/// Commands of the docs that this test does not run, by how they start, and why.
const NOT_RUN: &[(&str, &str)] = &[
    (
        "rajapasu bench",
        "runs for seconds by design; tests/computer_players.rs runs a short bench",
    ),
    (
        "rajapasu tablebase",
        "builds or reads the endgame table: minutes, or a table",
    ),
    ("rajapasu solve", "proves the first round: a long run"),
    (
        "rajapasu tournament",
        "hundreds of games; tests/computer_players.rs runs a short tournament",
    ),
    (
        "rajapasu selfplay",
        "hundreds of games; tests/computer_players.rs runs a short selfplay",
    ),
];

/// One example: where it is, the command after `$ `, and the output shown under it.
struct Example {
    place: String,
    command: String,
    output: Vec<String>,
}

/// The examples of a Markdown file, and the fenced blocks without commands (records...).
fn examples(file: &str) -> (Vec<Example>, Vec<Vec<String>>) {
    let text =
        std::fs::read_to_string(docs_dir().join(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
    let mut examples: Vec<Example> = Vec::new();
    let mut blocks = Vec::new();
    let mut block: Option<Vec<String>> = None;
    for (k, line) in text.lines().enumerate() {
        if line.starts_with("```") {
            match block.take() {
                Some(lines) => blocks.push(lines),
                None => block = Some(Vec::new()),
            }
            continue;
        }
        let Some(lines) = &mut block else { continue };
        lines.push(line.to_string());
        if let Some(command) = line.strip_prefix("$ ") {
            // A comment after the command is for the reader.
            let command = command.split(" # ").next().unwrap().trim_end();
            examples.push(Example {
                place: format!("{file}:{}", k + 1),
                command: command.to_string(),
                output: Vec::new(),
            });
        } else if let Some(last) = examples.last_mut() {
            if lines.iter().any(|l| l.starts_with("$ ")) {
                last.output.push(line.to_string());
            }
        }
    }
    for e in &mut examples {
        while e.output.last().is_some_and(|l| l.trim().is_empty()) {
            e.output.pop();
        }
    }
    let plain = blocks
        .into_iter()
        .filter(|b| !b.iter().any(|l| l.starts_with("$ ")))
        .collect();
    (examples, plain)
}

fn docs_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A line with the numbers that vary from run to run replaced by `#`: a time in seconds
/// (`0.03 s`), the `nps` and `time` of an `info` line, and the date and time in a default
/// record name.
fn normalized(line: &str) -> String {
    let tokens: Vec<&str> = line.split(' ').collect();
    let number = |t: &str| !t.is_empty() && t.chars().all(|c| c.is_ascii_digit() || c == '.');
    let mut out = Vec::new();
    for (k, &t) in tokens.iter().enumerate() {
        let before = if k > 0 { tokens[k - 1] } else { "" };
        let after = tokens.get(k + 1).copied().unwrap_or("");
        let info = line.starts_with("info ");
        let varies = number(t)
            && ((after == "s" || after == "s,") || (info && (before == "nps" || before == "time")));
        if varies {
            out.push("#".to_string());
        } else if t.starts_with("rajapasu-20") && t.ends_with(".txt") {
            out.push("rajapasu-#.txt".to_string());
        } else {
            out.push(t.to_string());
        }
    }
    out.join(" ")
}

fn gap(line: &str) -> bool {
    line.trim() == "..."
}

/// Whether `actual` is `expected` with each `...` line standing for any number of lines.
fn matches(expected: &[String], actual: &[String]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((first, rest)) if gap(first) => {
            (0..=actual.len()).any(|skip| matches(rest, &actual[skip..]))
        }
        Some((first, rest)) => actual
            .split_first()
            .is_some_and(|(a, more)| normalized(first) == normalized(a) && matches(rest, more)),
    }
}

/// A directory of its own, with the tools the examples use: `rajapasu` on the PATH, no
/// endgame table (so that the results do not depend on the machine), and `game.txt`, the
/// record shown in `RECORD_DOC`.
fn workdir(records: &[Vec<String>], name: &str) -> (PathBuf, String) {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("docs-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("no-table")).unwrap();
    let record = records
        .iter()
        .find(|b| b.first().is_some_and(|l| l.starts_with("[Event ")))
        .unwrap_or_else(|| panic!("{RECORD_DOC} shows no game record"));
    std::fs::write(dir.join("game.txt"), record.join("\n") + "\n").unwrap();
    let bin = Path::new(env!("CARGO_BIN_EXE_rajapasu")).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    (dir, path)
}

fn shell(dir: &Path, path: &str, command: &str) -> std::process::Output {
    Command::new("sh")
        .args(["-c", command])
        .current_dir(dir)
        .env("PATH", path)
        .env("RAJAPASU_TABLEBASE", dir.join("no-table"))
        .output()
        .unwrap()
}

/// Output lines of the engine protocol (the rest of a session is what the user typed).
fn engine_says(line: &str) -> bool {
    ["ok", "bye", "readyok"].contains(&line)
        || ["hello ", "legal ", "info ", "bestmove ", "error "]
            .iter()
            .any(|p| line.starts_with(p))
}

/// A session typed at `rajapasu engine`: each line sent once the answers to the one before
/// have come, as a person types; the answers compared as for commands.
fn session(dir: &Path, path: &str, lines: &[String]) -> Result<(), String> {
    let mut child = Command::new("sh")
        .args(["-c", "rajapasu engine"])
        .current_dir(dir)
        .env("PATH", path)
        .env("RAJAPASU_TABLEBASE", dir.join("no-table"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let (tx, rx) = mpsc::channel();
    let stdout = child.stdout.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if tx.send(line.unwrap_or_default()).is_err() {
                return;
            }
        }
    });
    let mut k = 0;
    let mut result = Ok(());
    while k < lines.len() {
        let typed = &lines[k];
        k += 1;
        writeln!(stdin, "{typed}").unwrap();
        let mut expected = Vec::new();
        while k < lines.len() && (engine_says(&lines[k]) || gap(&lines[k])) {
            expected.push(lines[k].clone());
            k += 1;
        }
        let wanted = expected.iter().filter(|l| !gap(l)).count();
        let mut actual = Vec::new();
        // With a `...` the engine may print more: read until the last line shown.
        let last = expected.last().filter(|_| expected.iter().any(|l| gap(l)));
        loop {
            if last.is_none() && actual.len() >= wanted {
                break;
            }
            match rx.recv_timeout(Duration::from_secs(60)) {
                Ok(line) => {
                    let done = last.is_some_and(|l| normalized(l) == normalized(&line));
                    actual.push(line);
                    if done {
                        break;
                    }
                }
                Err(_) => break,
            }
        }
        if !matches(&expected, &actual) {
            result = Err(format!(
                "after `{typed}` the docs show\n{}\nbut the engine said\n{}",
                expected.join("\n"),
                actual.join("\n")
            ));
            break;
        }
    }
    drop(stdin);
    let _ = child.kill();
    let _ = child.wait();
    result
}

#[test]
fn the_examples_of_the_docs_print_what_the_docs_show() {
    let mut all = Vec::new();
    for doc in DOCS {
        let (found, _) = examples(doc);
        all.extend(found);
    }
    let (_, records) = examples(RECORD_DOC);
    assert!(all.len() >= 10, "examples not found");
    let (dir, path) = workdir(&records, "all");
    let mut failures = Vec::new();
    let mut checked = 0;
    for e in &all {
        if let Some((_, why)) = NOT_RUN.iter().find(|(p, _)| e.command.starts_with(p)) {
            eprintln!("{}: not run ({why}): {}", e.place, e.command);
            continue;
        }
        assert!(
            e.command.contains("rajapasu"),
            "{}: an example that is not of rajapasu: {}",
            e.place,
            e.command
        );
        checked += 1;
        if e.command == "rajapasu engine" {
            if let Err(why) = session(&dir, &path, &e.output) {
                failures.push(format!("{}: {why}", e.place));
            }
            continue;
        }
        let out = shell(&dir, &path, &e.command);
        let stdout = String::from_utf8_lossy(&out.stdout);
        let actual: Vec<String> = stdout.lines().map(str::to_string).collect();
        if !out.status.success() {
            failures.push(format!(
                "{}: `{}` failed: {}",
                e.place,
                e.command,
                String::from_utf8_lossy(&out.stderr)
            ));
        } else if !e.output.is_empty() && !matches(&e.output, &actual) {
            failures.push(format!(
                "{}: `{}`: the docs show\n{}\nbut it printed\n{}",
                e.place,
                e.command,
                e.output.join("\n"),
                actual.join("\n")
            ));
        }
    }
    assert!(checked >= 10, "only {checked} examples were run");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_session_of_engine_help_is_what_the_engine_says() {
    let (dir, path) = workdir(&examples(RECORD_DOC).1, "help");
    let out = shell(&dir, &path, "rajapasu engine --help");
    let help = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<String> = help
        .lines()
        .skip_while(|l| !l.ends_with("A session:"))
        .skip(2)
        .take_while(|l| !l.trim().is_empty())
        .map(|l| l.trim().to_string())
        .collect();
    assert!(help.contains("  $ rajapasu engine\n"), "{help}");
    assert!(lines.len() >= 4, "{help}");
    if let Err(why) = session(&dir, &path, &lines) {
        panic!("rajapasu engine --help: {why}");
    }
    std::fs::remove_dir_all(dir).unwrap();
}

/// The README is the front door: what the program is, the two commands, links to the rest.
const README_MOST_LINES: usize = 200;

#[test]
fn the_readme_stays_a_front_door() {
    let text = std::fs::read_to_string(docs_dir().join("README.md")).unwrap();
    let lines = text.lines().count();
    assert!(
        lines <= README_MOST_LINES,
        "README.md has {lines} lines: at most {README_MOST_LINES}; move the detail to docs/"
    );
    // The commands it promises, exactly as `.ci/run` and the tests use them.
    for command in ["    cargo run --release\n", "    bash scripts/test.sh\n"] {
        assert!(
            text.contains(command),
            "README.md does not show `{}`",
            command.trim()
        );
    }
}

/// The GitHub anchor of a Markdown heading: lower case, punctuation dropped, spaces as `-`.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == ' ' || *c == '-' || *c == '_')
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The relative links `[text](target)` of a Markdown text, outside fenced blocks.
fn links(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        let mut rest = line;
        while let Some(k) = rest.find("](") {
            rest = &rest[k + 2..];
            let Some(end) = rest.find(')') else { break };
            let target = &rest[..end];
            if !target.contains("://") && !target.starts_with("mailto:") {
                out.push(target.to_string());
            }
            rest = &rest[end..];
        }
    }
    out
}

#[test]
fn the_documents_links_lead_to_files_and_headings_that_exist() {
    let root = docs_dir();
    let mut docs: Vec<PathBuf> = ["README.md", "RULES.md", "PROTOCOL.md"]
        .iter()
        .map(|f| root.join(f))
        .collect();
    for entry in std::fs::read_dir(root.join("docs")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            docs.push(path);
        }
    }
    let mut broken = Vec::new();
    let mut checked = 0;
    for doc in &docs {
        let text = std::fs::read_to_string(doc).unwrap();
        for target in links(&text) {
            checked += 1;
            let (file, fragment) = match target.split_once('#') {
                Some((f, a)) => (f, Some(a)),
                None => (target.as_str(), None),
            };
            let path = if file.is_empty() {
                doc.clone()
            } else {
                doc.parent().unwrap().join(file)
            };
            let name = doc.strip_prefix(&root).unwrap().display();
            if !path.exists() {
                broken.push(format!("{name}: `{target}`: no such file"));
                continue;
            }
            let Some(fragment) = fragment else { continue };
            let target_text = std::fs::read_to_string(&path).unwrap_or_default();
            let headings: Vec<String> = target_text
                .lines()
                .filter(|l| l.starts_with('#'))
                .map(|l| anchor(l.trim_start_matches('#')))
                .collect();
            if !headings.iter().any(|h| h == fragment) {
                broken.push(format!("{name}: `{target}`: no such heading"));
            }
        }
    }
    assert!(checked >= 20, "only {checked} links found");
    assert!(broken.is_empty(), "{}", broken.join("\n"));
}

#[test]
fn an_anchor_is_the_heading_as_github_writes_it() {
    assert_eq!(
        anchor(" The lobby, ratings, players and tournaments"),
        "the-lobby-ratings-players-and-tournaments"
    );
    assert_eq!(anchor(" The engine's speed"), "the-engines-speed");
    assert_eq!(
        links("[a](docs/A.md#x) and [b](https://x.y)\n```\n[c](C.md)\n```"),
        vec!["docs/A.md#x"]
    );
}

#[test]
fn the_comparison_can_tell_a_difference() {
    let lines = |s: &str| s.lines().map(str::to_string).collect::<Vec<_>>();
    let shown = lines("a 1\n...\nbestmove 4\nNorth to move; depth 10, 689 nodes in 0.03 s");
    let same = lines("a 1\nx\ny\nbestmove 4\nNorth to move; depth 10, 689 nodes in 1.25 s");
    assert!(matches(&shown, &same));
    let other = lines("a 1\nbestmove 5\nNorth to move; depth 10, 689 nodes in 0.03 s");
    assert!(!matches(&shown, &other));
    let nodes = lines("a 1\nbestmove 4\nNorth to move; depth 10, 690 nodes in 0.03 s");
    assert!(!matches(&shown, &nodes));
    assert!(!matches(&lines("a 1"), &lines("a 1\nmore")));
    assert_eq!(
        normalized("info depth 2 score -11 nodes 8 nps 8000 time 1 pv 1 1"),
        "info depth 2 score -11 nodes 8 nps # time # pv 1 1"
    );
}
