//! Frames rendered at 80x24 on ratatui's TestBackend, checked cell by cell against boards
//! worked out by hand, and keys driving the game.

mod common;

use common::{has, screen};
use rajapasu_ai::Level;
use rajapasu_engine::record::Record;
use rajapasu_engine::{Game, Move, Rules, Side};
use rajapasu_tui::app::{App, Overlay};
use rajapasu_tui::{ui, Computer, Config};
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::style::Color;
use ratatui::Terminal;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Two players, no animation, the record in a file of its own under Cargo's test directory.
fn config() -> Config {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let mut c = Config::new();
    c.animate = false;
    c.save_path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!(
        "render-{}-{}.txt",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ));
    c
}

/// [`config`], with the computer at level 1 playing `side`.
fn against(side: Side) -> Config {
    Config {
        players: Some(Computer {
            side,
            level: Level::MIN,
            seed: 1,
        }),
        ..config()
    }
}

fn app(game: Game) -> App {
    App::new(game, config())
}

/// The board panel of a row: its first 58 columns.
fn left(row: &str) -> String {
    row.chars().take(58).collect()
}

fn right(row: &str) -> String {
    row.chars().skip(58).collect()
}

/// Removes the record the app wrote after its moves.
fn cleanup(app: App) {
    let _ = std::fs::remove_file(&app.config.save_path);
}

fn key(app: &mut App, code: KeyCode) {
    app.key(KeyEvent::new(code, KeyModifiers::NONE));
}

#[test]
fn start_position() {
    let app = app(Game::new(Rules::default()));
    let (rows, _) = screen(&app, 80, 24);
    assert!(rows[0].starts_with(" Raja Pasu  canonical  Round 1  Two players"));
    assert_eq!(
        left(&rows[2]),
        "│         N7     N6     N5     N4     N3     N2     N1   │"
    );
    assert_eq!(
        left(&rows[3]),
        "│ North [  7 ] [  7 ] [  7 ] [  7 ] [  7 ] [  7 ] [  7 ] │"
    );
    // South to move; the cursor is on S1.
    assert_eq!(
        left(&rows[4]),
        "│ South >  7 < [  7 ] [  7 ] [  7 ] [  7 ] [  7 ] [  7 ] │"
    );
    assert_eq!(
        left(&rows[5]),
        "│         S1     S2     S3     S4     S5     S6     S7   │"
    );
    assert!(left(&rows[7]).starts_with("│ North  captured  0   reserve  0 "));
    assert!(left(&rows[8]).starts_with("│ South  captured  0   reserve  0 "));
    assert!(left(&rows[10]).starts_with("│ South to move "));
    assert!(right(&rows[2]).starts_with("│No moves yet"));
    has(&rows[23], "1-7 play");
    has(&rows[23], "q quit");
}

#[test]
fn a_notice_shows_above_the_turn_and_follows_its_source() {
    use std::sync::atomic::AtomicU32;
    use std::sync::Arc;
    let percent = Arc::new(AtomicU32::new(43));
    let source = Arc::clone(&percent);
    let mut config = config();
    config.notice = Some(rajapasu_tui::Notice::new(move || {
        match source.load(Ordering::Relaxed) {
            100 => None,
            p => Some(format!("Proven values: endgame table {p}% built")),
        }
    }));
    let app = App::new(Game::new(Rules::default()), config);
    let (rows, _) = screen(&app, 80, 24);
    assert!(left(&rows[9]).starts_with("│ Proven values: endgame table 43% built"));
    assert!(left(&rows[10]).starts_with("│ South to move "));
    percent.store(100, Ordering::Relaxed);
    let (rows, _) = screen(&app, 80, 24);
    assert_eq!(left(&rows[9]).trim_matches('│').trim(), "", "{:?}", rows[9]);
    cleanup(app);
}

#[test]
fn after_the_first_worked_example() {
    let mut app = app(Game::new(Rules::default()));
    key(&mut app, KeyCode::Char('1'));
    assert_eq!(
        app.game.position().to_string(),
        "3,1,0,0,0,14,0/14,2,14,14,1,14,2 N 15 4"
    );
    let (rows, _) = screen(&app, 80, 24);
    // North's row read N7..N1; North to move with the cursor on N1.
    assert_eq!(
        left(&rows[3]),
        "│ North [  2 ] [ 14 ] [  1 ] [ 14 ] [ 14 ] [  2 ] > 14 < │"
    );
    assert_eq!(
        left(&rows[4]),
        "│ South [  3 ] [  1 ] [  0 ] [  0 ] [  0 ] [ 14 ] [  0 ] │"
    );
    assert!(left(&rows[7]).starts_with("│ North  captured  4   reserve  0 "));
    assert!(left(&rows[8]).starts_with("│ South  captured 15   reserve  0 "));
    assert!(left(&rows[10]).starts_with("│ North to move "));
    // The explanation under the board, and the move list.
    assert!(left(&rows[14]).starts_with("│South played 1 (S1)."));
    // The first lap, then the eleven relay laps folded, then the pussa capture of 3 from S5.
    assert!(left(&rows[15]).starts_with("│South lifts 7 from S1, sows S2 S3 S4 S5 S6 S7 N1."));
    assert!(left(&rows[16]).starts_with("│  ... 11 more steps: press e for the whole move"));
    assert!(left(&rows[17]).starts_with("│The next hole is empty: South captures 3 from S5"));
    assert!(right(&rows[2]).starts_with("│Round 1 "));
    assert!(right(&rows[3]).starts_with("│  1. S1 "));
    // The scoreboard shows the round in play.
    assert!(right(&rows[15]).starts_with("│Rd  South North Won"));
    assert!(right(&rows[16]).starts_with("│ 1     15     4  .."));
    cleanup(app);
}

#[test]
fn arrows_and_enter_play_the_hole_under_the_cursor() {
    let mut app = app(Game::new(Rules::default()));
    key(&mut app, KeyCode::Right);
    key(&mut app, KeyCode::Right);
    assert_eq!(app.cursor, Move::new(3).unwrap());
    key(&mut app, KeyCode::Left);
    key(&mut app, KeyCode::Enter);
    assert_eq!(app.game.moves(), &[Move::new(2).unwrap()]);
    // North's row is drawn right to left: Left goes to higher hole numbers.
    cleanup(app);
    let mut app = self::app(Game::new(Rules::default()));
    key(&mut app, KeyCode::Char('1'));
    assert_eq!(app.cursor, Move::new(1).unwrap());
    key(&mut app, KeyCode::Left);
    assert_eq!(app.cursor, Move::new(2).unwrap());
    key(&mut app, KeyCode::Enter);
    assert_eq!(
        app.game.moves(),
        &[Move::new(1).unwrap(), Move::new(2).unwrap()]
    );
    cleanup(app);
}

#[test]
fn an_illegal_move_is_refused_with_the_reason() {
    let game =
        Game::from_code("0,2,0,0,0,14,0/14,0,15,15,0,15,0 S 19 4", Rules::default()).unwrap();
    let mut app = app(game);
    key(&mut app, KeyCode::Char('1'));
    assert!(app.game.moves().is_empty());
    let (rows, _) = screen(&app, 80, 24);
    has(&rows[22], "Illegal move: hole S1 is empty");
    // The cursor skips the empty holes: S2, then S6.
    assert_eq!(app.cursor, Move::new(2).unwrap());
    key(&mut app, KeyCode::Right);
    assert_eq!(app.cursor, Move::new(6).unwrap());
}

#[test]
fn the_animation_follows_the_trace() {
    let mut cfg = config();
    cfg.animate = true;
    let mut app = App::new(Game::new(Rules::default()), cfg);
    key(&mut app, KeyCode::Char('1'));
    let (rows, terminal) = screen(&app, 80, 24);
    // First frame: S1 lifted, 7 in hand, the rest of the board as before.
    assert_eq!(
        left(&rows[4]),
        "│ South [  0 ] [  7 ] [  7 ] [  7 ] [  7 ] [  7 ] [  7 ] │"
    );
    assert!(left(&rows[10]).starts_with("│ In hand: 7 "));
    assert!(left(&rows[14]).starts_with("│South lifts 7 from S1 "));
    assert_eq!(terminal.backend().buffer()[(10, 4)].bg, Color::Cyan);
    // The captures of the move are not shown before they happen.
    assert!(left(&rows[8]).starts_with("│ South  captured  0 "));
    assert!(app.step_animation());
    let (rows, terminal) = screen(&app, 80, 24);
    assert_eq!(
        left(&rows[4]),
        "│ South [  0 ] [  8 ] [  7 ] [  7 ] [  7 ] [  7 ] [  7 ] │"
    );
    assert!(left(&rows[10]).starts_with("│ In hand: 6 "));
    assert_eq!(terminal.backend().buffer()[(17, 4)].bg, Color::Yellow);
    // Space skips to the end of the move.
    key(&mut app, KeyCode::Char(' '));
    assert!(app.frame().is_none());
    let (rows, _) = screen(&app, 80, 24);
    assert_eq!(
        left(&rows[4]),
        "│ South [  3 ] [  1 ] [  0 ] [  0 ] [  0 ] [ 14 ] [  0 ] │"
    );
    cleanup(app);
}

#[test]
fn playing_north_puts_north_on_the_near_row() {
    let app = App::new(Game::new(Rules::default()), against(Side::South));
    let (rows, _) = screen(&app, 80, 24);
    has(&rows[0], "You: North  Computer: South, level 1 (beginner)");
    assert_eq!(
        left(&rows[2]),
        "│         S7     S6     S5     S4     S3     S2     S1   │"
    );
    assert!(left(&rows[3]).starts_with("│ South [  7 ]"));
    assert!(left(&rows[4]).starts_with("│ North [  7 ]"));
    assert_eq!(
        left(&rows[5]),
        "│         N1     N2     N3     N4     N5     N6     N7   │"
    );
    assert!(left(&rows[10]).starts_with("│ South to move: the computer is thinking..."));
}

#[test]
fn closed_holes_are_marked() {
    let game =
        Game::from_code("7,7,7,7,7,7,7/x,x,7,7,7,7,7 S 0 0 14 0 2", Rules::default()).unwrap();
    let app = app(game);
    let (rows, _) = screen(&app, 80, 24);
    assert_eq!(
        left(&rows[3]),
        "│ North [  7 ] [  7 ] [  7 ] [  7 ] [  7 ]    x      x   │"
    );
    assert!(left(&rows[8]).starts_with("│ South  captured  0   reserve 14 "));
    has(&rows[0], "Round 2");
}

#[test]
fn round_summary_and_scoreboard() {
    let game = Game::from_code("0,0,0,0,0,1,0/0,2,0,0,0,0,0 S 60 35", Rules::default()).unwrap();
    let mut app = app(game);
    key(&mut app, KeyCode::Char('6'));
    assert_eq!(app.overlay, Some(Overlay::RoundOver));
    let (rows, _) = screen(&app, 80, 24);
    let text = rows.join("\n");
    has(&text, "Round 1 is over");
    has(&text, "Captured: South 63, North 35: South wins the round.");
    has(
        &text,
        "Round 2: South fills 7 holes (reserve 14), North fills 5",
    );
    has(&text, "South leads the next round.");
    // Enter closes the summary; the scoreboard keeps the round.
    key(&mut app, KeyCode::Enter);
    assert_eq!(app.overlay, None);
    let (rows, _) = screen(&app, 80, 24);
    assert!(
        right(&rows[16]).starts_with("│ 1     63    35  S"),
        "{}",
        rows[16]
    );
    assert!(right(&rows[17]).starts_with("│ 2      0     0  .."));
    assert!(right(&rows[18]).starts_with("│Rounds won S 1 N 0"));
    assert!(left(&rows[3]).contains("   x      x   "));
    cleanup(app);
}

#[test]
fn help_overlay_opens_and_closes() {
    let mut app = app(Game::new(Rules::default()));
    key(&mut app, KeyCode::Char('?'));
    let (rows, _) = screen(&app, 80, 24);
    let text = rows.join("\n");
    has(&text, "Help (any key closes)");
    has(&text, "u  take back a move");
    key(&mut app, KeyCode::Esc);
    assert_eq!(app.overlay, None);
    assert!(app.game.moves().is_empty());
}

#[test]
fn undo_and_save() {
    let mut app = app(Game::new(Rules::default()));
    key(&mut app, KeyCode::Char('1'));
    key(&mut app, KeyCode::Char('7'));
    key(&mut app, KeyCode::Char('u'));
    assert_eq!(app.game.moves(), &[Move::new(1).unwrap()]);
    assert!(app.message.starts_with("Took back 1 move"));
    key(&mut app, KeyCode::Char('s'));
    let path = app.saved.clone().expect("saved");
    let record = Record::parse(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(record.moves, vec![Move::new(1).unwrap()]);
    let (rows, _) = screen(&app, 80, 24);
    has(&rows[22], "Saved the game to");
    // Ctrl-C quits (and saves).
    app.key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL));
    assert!(app.quit);
    std::fs::remove_file(path).unwrap();
}

#[test]
fn move_list_groups_rounds() {
    let mut game =
        Game::from_code("0,0,0,0,0,1,0/0,2,0,0,0,0,0 S 60 35", Rules::default()).unwrap();
    for mv in [6, 3, 3] {
        game.play(Move::new(mv).unwrap());
    }
    let lines = ui::move_lines(&game);
    assert_eq!(
        lines,
        vec!["Round 1", "  1. S6", "Round 2", "  2. S3    3. N3"]
    );
}

#[test]
fn other_terminal_sizes_draw_without_panicking() {
    let mut app = app(Game::new(Rules::default()));
    key(&mut app, KeyCode::Char('1'));
    for (w, h) in [(40, 12), (20, 6), (120, 40)] {
        let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
        terminal.draw(|f| ui::draw(f, &app)).unwrap();
        key(&mut app, KeyCode::Char('?'));
        terminal.draw(|f| ui::draw(f, &app)).unwrap();
        key(&mut app, KeyCode::Esc);
    }
    let row = &screen(&app, 120, 40).0[4];
    assert!(row.starts_with("│ South [  3 ] [  1 ] [  0 ]"), "{row}");
    cleanup(app);
}

/// A whole match of random moves with at least `rounds` rounds, found from the first seed
/// that gives one.
fn long_match(rounds: usize) -> Game {
    for seed in 1..2000 {
        let mut game = Game::new(Rules::default());
        let mut rng = rajapasu_engine::rng::Rng::new(seed);
        rajapasu_engine::bench::random_playout(&mut game, &mut rng);
        if game.rounds().len() >= rounds && game.status().is_over() {
            return game;
        }
    }
    panic!("no random match of {rounds} rounds");
}

#[test]
fn the_summary_of_a_long_match_scrolls_from_its_top() {
    let finished = long_match(20);
    let moves = finished.moves().to_vec();
    let mut game = Game::new(Rules::default());
    for &mv in &moves[..moves.len() - 1] {
        game.play(mv);
    }
    let mut app = app(game);
    app.play(*moves.last().unwrap()).unwrap();
    assert_eq!(app.overlay, Some(Overlay::RoundOver));
    let text = screen(&app, 80, 24).0.join("\n");
    let rounds = app.game.rounds().len();
    has(&text, &format!("Round {rounds} is over (Down: more)"));
    // The result is on the first screen (a win: "the match is over", else "drawn").
    has(&text, ": the match is ");
    has(&text, "Round  1: South");
    assert!(!text.contains("Enter closes"), "{text}");
    for _ in 0..rounds {
        key(&mut app, KeyCode::Down);
    }
    let text = screen(&app, 80, 24).0.join("\n");
    has(&text, "Enter closes; n starts a new game.");
    has(&text, "(Up: back)");
    assert!(!text.contains("It ended because"), "{text}");
    // The game is over: n starts a new one, with a record of its own.
    let old = app.saved.clone().expect("the finished game is saved");
    key(&mut app, KeyCode::Char('n'));
    assert!(app.game.moves().is_empty());
    assert!(app.message.starts_with("A new game"), "{}", app.message);
    assert_eq!(app.saved_before, vec![old.clone()]);
    assert_ne!(app.config.save_path, old);
    std::fs::remove_file(old).unwrap();
}

#[test]
fn small_terminals_cut_no_word_and_too_small_ones_say_so() {
    let mut app = App::new(Game::new(Rules::default()), against(Side::North));
    let rows = screen(&app, 60, 20).0;
    assert!(
        rows[0]
            .trim_end()
            .ends_with("You: South  Computer: level 1"),
        "{}",
        rows[0]
    );
    assert!(rows.iter().any(|r| r.contains("│Rd  South North Won │")));
    assert!(rows
        .iter()
        .any(|r| r.contains("│No move yet. The explanation of")));
    let keys = rows[19].trim_end();
    assert!(keys.ends_with(" h hint  e explain"), "{keys}");
    // Every popup fits in 60 columns: its right border is on screen.
    key(&mut app, KeyCode::Char('?'));
    let rows = screen(&app, 60, 20).0;
    let text = rows.join("\n");
    has(&text, "Help (any key closes)");
    has(&text, "x: a closed hole. North's row runs N7..N1.");
    key(&mut app, KeyCode::Esc);
    for (w, h) in [(30, 8), (59, 24), (80, 17)] {
        let text = screen(&app, w, h).0.join(" ");
        let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            text.contains(&format!("needs at least 60x18; this terminal is {w}x{h}")),
            "{w}x{h}: {text}"
        );
    }
    cleanup(app);
}

#[test]
fn q_closes_the_help_and_does_not_quit() {
    let mut app = app(Game::new(Rules::default()));
    key(&mut app, KeyCode::Char('?'));
    key(&mut app, KeyCode::Char('q'));
    assert_eq!(app.overlay, None);
    assert!(!app.quit);
}

#[test]
fn e_steps_through_every_move_and_undo_keeps_the_explanations() {
    let mut app = app(Game::new(Rules::default()));
    for k in ['1', '7', '2'] {
        key(&mut app, KeyCode::Char(k));
    }
    key(&mut app, KeyCode::Char('u'));
    // After undo the last move is North's 7, explained.
    assert_eq!(app.last.played, Some((Side::North, Move::new(7).unwrap())));
    assert!(!app.last.lines.is_empty());
    key(&mut app, KeyCode::Char('e'));
    let text = screen(&app, 80, 24).0.join("\n");
    has(&text, "Move 2 of 2");
    has(&text, "North played 7 (N7).");
    key(&mut app, KeyCode::Left);
    let text = screen(&app, 80, 24).0.join("\n");
    has(&text, "Move 1 of 2");
    has(&text, "South lifts 7 from S1, sows S2 S3 S4 S5 S6 S7 N1.");
    key(&mut app, KeyCode::Left);
    assert_eq!(app.explained_ply, 1);
    key(&mut app, KeyCode::Esc);
    assert_eq!(app.overlay, None);
    // A loaded game explains its last move.
    let mut game = Game::new(Rules::default());
    game.play(Move::new(1).unwrap());
    let loaded = App::new(game, config());
    assert_eq!(
        loaded.last.played,
        Some((Side::South, Move::new(1).unwrap()))
    );
    cleanup(app);
}

#[test]
fn undo_as_north_before_the_first_move_keeps_the_opening() {
    let mut game = Game::new(Rules::default());
    game.play(Move::new(1).unwrap());
    let mut app = App::new(game, against(Side::South));
    key(&mut app, KeyCode::Char('u'));
    assert_eq!(app.game.moves().len(), 1);
    has(&app.message, "No move of yours to take back");
    cleanup(app);
}

#[test]
fn no_hint_for_the_computer_and_no_thinking_during_your_animation() {
    let mut c = against(Side::North);
    c.animate = true;
    let mut app = App::new(Game::new(Rules::default()), c);
    key(&mut app, KeyCode::Char('1'));
    assert!(app.frame().is_some());
    let rows = screen(&app, 80, 24).0;
    assert_eq!(rows[22].trim_end(), " South plays 1.");
    assert!(!rows.join("\n").contains("thinking"));
    key(&mut app, KeyCode::Char('h'));
    assert!(!app.hinting());
    has(&app.message, "a hint is for your own turn");
    cleanup(app);
}

#[test]
fn after_the_game_you_win_or_lose() {
    let game = Game::from_code(
        "0,0,0,0,0,1,0/0,2,0,0,0,0,0 S 60 35",
        Rules::default().single_round(),
    )
    .unwrap();
    let mut app = App::new(game, against(Side::North));
    key(&mut app, KeyCode::Char('6'));
    let turn = ui::board::turn_text(&app);
    assert!(turn.starts_with("You win! "), "{turn}");
    cleanup(app);
}

#[test]
fn hints_say_what_is_proven() {
    use rajapasu_ai::solver::Bounds;
    use rajapasu_ai::MoveScore;
    use rajapasu_tui::raja_pasu::describe_move_score;
    let mv = Move::new(7).unwrap();
    let bounds = |lower, upper| Some(Bounds { lower, upper });
    for (score, proven, words) in [
        (1006, bounds(1006, 1006), "you win the round by 6 (proven)"),
        (
            -1002,
            bounds(-1002, -1002),
            "you lose the round by 2 (proven)",
        ),
        (3, None, "about 3 counters ahead"),
        (
            -4,
            bounds(-1006, 0),
            "about 4 counters behind (proven between a loss by 6 and a draw)",
        ),
    ] {
        let score = MoveScore {
            mv,
            score,
            pv: vec![mv],
            proven,
        };
        assert_eq!(describe_move_score(&score), words, "{score:?}");
    }
}

#[test]
fn default_record_names_never_overwrite() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("render-names-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let taken = dir.join("rajapasu-2026-01-01-120000.txt");
    let mut c = config();
    c.save_path = taken.clone();
    c.never_overwrite = true;
    let mut app = App::new(Game::new(Rules::default()), c);
    // Another game took the name after this one started.
    std::fs::write(&taken, "the other game").unwrap();
    key(&mut app, KeyCode::Char('1'));
    assert_eq!(std::fs::read_to_string(&taken).unwrap(), "the other game");
    assert_eq!(
        app.saved,
        Some(dir.join("rajapasu-2026-01-01-120000-2.txt"))
    );
    assert_eq!(
        rajapasu_tui::next_name(&dir.join("game-2.txt")),
        dir.join("game-3.txt")
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_failed_last_save_is_kept_for_the_caller() {
    let mut c = config();
    c.save_path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("no/such/dir/game.txt");
    let mut app = App::new(Game::new(Rules::default()), c);
    key(&mut app, KeyCode::Char('1'));
    key(&mut app, KeyCode::Char('q'));
    assert!(app.quit);
    let error = app.save_error.expect("the save failed");
    assert!(error.to_string().starts_with("cannot write "), "{error}");
}
