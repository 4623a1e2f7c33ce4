//! The Mandiri terminal game on ratatui's TestBackend: the three seats drawn with their
//! letters and colours, the Raja, moves by name, illegal moves, the computers' moves, undo,
//! round summaries and the record after every move.

mod common;

use common::{has, screen};
use rajapasu_ai::Level;
use rajapasu_engine::mandiri;
use rajapasu_tui::app::Overlay;
use rajapasu_tui::mandiri::{App, Config, Lineup, Who};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::style::Color;
use std::path::PathBuf;
use std::time::{Duration, Instant};

fn save_path(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("rajapasu-mtui-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    path
}

fn app(rules: &str, players: [Who; 3], name: &str) -> App {
    let config = Config {
        players: Lineup {
            who: players,
            seed: 5,
        },
        animate: false,
        save_path: save_path(name),
        tags: Vec::new(),
        never_overwrite: false,
        notice: None,
    };
    App::new(
        mandiri::Game::new(rules.parse::<mandiri::Rules>().unwrap()),
        config,
    )
}

const COMPUTER: Who = Who::Computer(Level::MIN);

fn key(app: &mut App, c: char) {
    app.key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE));
}

/// Ticks until `done` holds, closing round summaries on the way; panics after a minute (a
/// guard against a hang, not a measure of speed).
fn until(app: &mut App, done: impl Fn(&App) -> bool) {
    let start = Instant::now();
    while !done(app) {
        assert!(start.elapsed() < Duration::from_secs(60), "never happened");
        if app.overlay == Some(Overlay::RoundOver) && !done(app) {
            app.key(KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE));
        }
        app.tick(Instant::now());
        std::thread::sleep(Duration::from_millis(5));
    }
}

#[test]
fn the_board_shows_three_seats_with_letters_colours_and_the_raja() {
    let app = app("mandiri", [Who::Human, COMPUTER, COMPUTER], "start.txt");
    let (rows, terminal) = screen(&app, 80, 24);
    let text = rows.join("\n");
    assert!(rows[0].starts_with(" Raja Pasu Mandiri  mandiri  Round 1  Raja: player 1"));
    has(
        &rows[3],
        " Far   [L  7] [L  7] [C  7] [C  7] [C  7] [R  7] [R  7] ",
    );
    // The cursor starts on S5, one of the Raja's holes.
    has(
        &rows[4],
        " Near  [L  7] [L  7] [C  7] [C  7] >C  7< [R  7] [R  7] ",
    );
    has(&rows[7], ">C Raja 1/3 player 1 you ");
    has(&rows[7], " captured  0 reserve  0 ");
    has(&rows[8], " R          player 2 computer 1 ");
    has(&rows[9], " L          player 3 computer 1 ");
    has(&text, "Seat C (player 1) to move: your turn");
    // Each seat's holes in its colour: N7 is L's, N5 the Raja's, N1 R's.
    let buf = terminal.backend().buffer();
    let x = rows[3].chars().position(|c| c == '[').unwrap() as u16;
    assert_eq!(buf[(x + 1, 3)].symbol(), "L");
    assert_eq!(buf[(x + 1, 3)].fg, Color::Magenta);
    assert_eq!(buf[(x + 15, 3)].symbol(), "C");
    assert_eq!(buf[(x + 15, 3)].fg, Color::Yellow);
    assert_eq!(buf[(x + 43, 3)].symbol(), "R");
    assert_eq!(buf[(x + 43, 3)].fg, Color::Cyan);
}

#[test]
fn a_move_by_name_is_played_drawn_and_saved() {
    let humans = [Who::Human; 3];
    let mut app = app("mandiri", humans, "by-name.txt");
    key(&mut app, 's');
    key(&mut app, '5');
    assert_eq!(app.game.moves(), ["S5".parse().unwrap()]);
    let (rows, _) = screen(&app, 80, 24);
    let text = rows.join("\n");
    has(&text, "Seat C (player 1) played S5.");
    // A long move: its start and its end, where the captures are.
    has(&text, "  ... 13 more lines ...");
    has(&text, "captures 3 from N2.");
    has(&text, "  1 C:S5");
    assert!(rows[8].starts_with("│ >R "), "{text}");
    // Lower case works too, for the next seat, R; N1 is empty.
    key(&mut app, 'n');
    key(&mut app, '1');
    assert_eq!(app.message, "Illegal move: hole N1 is empty.");
    key(&mut app, 's');
    key(&mut app, '6');
    assert_eq!(app.game.moves().len(), 2);
    let record = std::fs::read_to_string(&app.config.save_path).unwrap();
    has(&record, "[Rules \"mandiri\"]");
    has(&record, "{Round 1} S5 S6");
}

#[test]
fn an_illegal_move_gets_a_clear_message_and_changes_nothing() {
    let mut app = app("mandiri", [Who::Human; 3], "illegal.txt");
    key(&mut app, 's');
    key(&mut app, '1');
    assert!(app.game.moves().is_empty());
    assert_eq!(
        app.message,
        "S1 is seat L's hole: seat C plays S3 S4 S5 N3 N4 N5."
    );
    let (rows, _) = screen(&app, 80, 24);
    has(&rows[22], "S1 is seat L's hole");
    key(&mut app, '4');
    has(&app.message, "type S or N first");
    key(&mut app, 'n');
    key(&mut app, '9');
    assert_eq!(app.message, "Illegal move N9: holes are numbered 1 to 7.");
    assert!(app.game.moves().is_empty());
}

#[test]
fn the_computers_move_by_themselves_and_undo_goes_back_to_you() {
    let mut app = app("mandiri", [Who::Human, COMPUTER, COMPUTER], "computers.txt");
    app.key(KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE));
    assert_eq!(app.game.moves().len(), 1);
    until(&mut app, |a| a.human_to_move() && a.idle());
    // Seats R and L have moved (or passed) and it is player 1's turn again.
    assert!(app.game.moves().len() >= 2, "{:?}", app.game.moves());
    let (rows, _) = screen(&app, 80, 24);
    assert!(rows.join("\n").contains("The computer (player "));
    key(&mut app, 'u');
    assert!(app.game.moves().is_empty(), "{:?}", app.game.moves());
    assert!(app.message.starts_with("Took back "), "{}", app.message);
    key(&mut app, 'u');
    assert_eq!(app.message, "No move to take back.");
}

#[test]
fn a_round_ends_with_a_summary_and_the_match_goes_on() {
    let mut app = app("mandiri", [COMPUTER; 3], "match.txt");
    until(&mut app, |a| a.overlay == Some(Overlay::RoundOver));
    let summary = app.summary.join("\n");
    assert!(summary.starts_with("The round is over: "), "{summary}");
    has(&summary, "The Raja's gift: player 1 gives 1 to player 2.");
    has(&summary, "Round 2 starts:");
    let (rows, _) = screen(&app, 80, 24);
    let text = rows.join("\n");
    has(&text, "Round 1 is over");
    // The computers wait while the summary is open.
    let moves = app.game.moves().len();
    for _ in 0..20 {
        app.tick(Instant::now());
        std::thread::sleep(Duration::from_millis(5));
    }
    assert_eq!(app.game.moves().len(), moves);
    app.key(KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE));
    assert_eq!(app.overlay, None);
    until(&mut app, |a| a.game.moves().len() > moves);
    assert_eq!(app.game.position().round(), 2);
}

#[test]
fn a_single_round_ends_the_game() {
    let mut app = app("mandiri/mode=round", [COMPUTER; 3], "round.txt");
    until(&mut app, |a| a.game.status().is_over());
    assert!(matches!(
        app.game.status(),
        mandiri::Status::RoundOver { .. }
    ));
    assert!(app
        .summary
        .iter()
        .any(|l| l.starts_with("The game is over: ")));
    let record = std::fs::read_to_string(&app.config.save_path).unwrap();
    assert!(!record.contains("[Result \"*\"]"), "{record}");
}

#[test]
fn too_small_a_terminal_says_what_it_needs() {
    let app = app("mandiri", [Who::Human; 3], "small.txt");
    let (rows, _) = screen(&app, 60, 20);
    assert!(rows.join(" ").contains("needs at least 78x18"), "{rows:?}");
    let (rows, _) = screen(&app, 120, 40);
    has(&rows[3], "[L  7]");
}

#[test]
fn e_shows_the_whole_last_move() {
    let mut app = app("mandiri", [Who::Human; 3], "explain.txt");
    key(&mut app, 's');
    key(&mut app, '5');
    key(&mut app, 'e');
    assert_eq!(app.overlay, Some(Overlay::Explain(0)));
    let (rows, _) = screen(&app, 80, 24);
    let text = rows.join("\n");
    has(&text, "The last move (Up/Down scroll, Esc closes)");
    has(&text, "C lifts 7 from S5, sows S6 S7 N1 N2 N3 N4 N5.");
    app.key(KeyEvent::new(KeyCode::Esc, KeyModifiers::NONE));
    assert_eq!(app.overlay, None);
}

#[test]
fn h_shows_a_hint_with_its_hole_and_value() {
    let mut app = app("mandiri", [Who::Human, COMPUTER, COMPUTER], "hint.txt");
    key(&mut app, 'h');
    assert!(app.hinting(), "{}", app.message);
    until(&mut app, |a| a.hint.is_some());
    let best = app.hint.unwrap().best;
    assert!(app.game.legal_moves().contains(&best));
    assert_eq!(app.cursor, best, "the cursor goes to the hinted hole");
    let (rows, _) = screen(&app, 80, 24);
    let text = rows.join("\n");
    let said = format!("Hint for seat C: {best}, worth about ");
    has(&text, &said);
    has(&text, " counters to you.");
    has(&rows[23], "h hint");
    key(&mut app, '?');
    let (rows, _) = screen(&app, 80, 24);
    assert!(
        rows.iter().any(|r| r.contains("h  hint")),
        "{}",
        rows.join("\n")
    );
    key(&mut app, '?');
    // Not on a computer's turn.
    key(&mut app, 'S');
    key(&mut app, '5');
    key(&mut app, 'h');
    has(&app.message, "a hint is for your own turn");
}
