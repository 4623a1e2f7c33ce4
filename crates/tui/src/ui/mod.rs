//! Drawing, on any ratatui backend: [`draw`] lays out the screen of either game the same way
//! (the title, the board, the last move, the moves, the rounds, the message and the keys, and
//! the windows over them), and the game's [`Screen`] fills in what it draws its own way.
//!
//! | Module | What it holds |
//! |---|---|
//! | [`board`] | Raja Pasu's [`Screen`]: the board, the last move, the rounds, the message, its help |
//! | [`widgets`] | what both games' screens draw alike: the layout, panels, popups, the animation's marks |
//! | [`summary`] | the round-over popup of both games |
//! | [`text`] | text cut to the screen: wrapped, or shortened after a word |
//!
//! Mandiri's screen is `mandiri::ui`, drawn with the same widgets.

pub mod board;
pub mod summary;
pub mod text;
pub mod widgets;

use crate::app::{App, Overlay};
use crate::variant::Variant;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;
use text::{fit, fit_items};
use widgets::{
    draw_keys, draw_layout, draw_move_in_full, draw_move_list, draw_panel, draw_words, help_popup,
    told, BESIDE_BOARD, BOARD_HEIGHT,
};

/// What a game's screen draws its own way (Raja Pasu's in [`board`], Mandiri's in
/// `mandiri::ui`); [`draw`] lays out the rest the same for both, on any ratatui backend
/// (ratatui's `TestBackend` in the tests).
pub trait Screen: Variant {
    /// The game's name, in the title line and in the notice of a terminal too small for it.
    const TITLE: &'static str;
    /// What that notice advises, after the size it needs.
    const TOO_SMALL: &'static str;
    /// The narrowest board panel.
    const LEFT_MIN: u16;
    /// Width of the right-hand column (moves and rounds).
    const SIDE_WIDTH: u16;
    /// The widest round summary.
    const SUMMARY_WIDTH: u16;
    /// The text of the help window.
    const HELP: &'static [&'static str];
    /// The same keys and rules in shorter lines, for terminals narrower than 70 columns.
    const HELP_NARROW: Option<&'static [&'static str]>;
    /// The heading of the rounds panel.
    const ROUNDS_HEADING: &'static str;
    /// What stands between two moves on a line of the move list.
    const MOVES_APART: &'static str;

    /// The title line after the game's name: `long`, or shorter for a narrow terminal.
    fn header(app: &App<Self>, long: bool) -> String;
    /// Draws the board panel in `area`.
    fn draw_board(f: &mut Frame, area: Rect, app: &App<Self>);
    /// The last-move panel, `width` by `height`.
    fn explanation(app: &App<Self>, width: usize, height: usize) -> Vec<Line<'static>>;
    /// Who played a move, and which, heading its explanation.
    fn heading(played: (Self::Mover, Self::Move)) -> String;
    /// The round of the move `number` (1 for the first), played from `before`, and its entry
    /// in the move list.
    fn move_entry(number: usize, before: &Self::Position, mv: Self::Move) -> (u32, String);
    /// A finished round's line in the rounds panel.
    fn round_line(round: &Self::RoundResult) -> String;
    /// The line of the round in play, if it is shown.
    fn round_in_play(app: &App<Self>) -> Option<String>;
    /// The rounds each player has won.
    fn rounds_won(rounds: &[Self::RoundResult]) -> String;
    /// The message line's text and its style.
    fn message(app: &App<Self>) -> (String, Style);
    /// The keys that pick and play a move, for the keys line.
    fn play_keys(game: &Self) -> String;
}

/// The smallest terminal `G` is drawn in, `(width, height)`: the two columns side by side, and
/// the board, one line of the last move, the message and the keys one above the other.
pub fn min_size<G: Screen>() -> (u16, u16) {
    (G::LEFT_MIN + G::SIDE_WIDTH, BOARD_HEIGHT + BESIDE_BOARD)
}

/// Draws the whole screen of `app`, of either game.
///
/// ```
/// use rajapasu_engine::{mandiri, Game};
/// use rajapasu_tui::mandiri::{Lineup, Who};
/// use rajapasu_tui::{ui, App, Config};
/// use ratatui::{backend::TestBackend, Terminal};
/// let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
/// let first_line = |terminal: &Terminal<TestBackend>| -> String {
///     let buf = terminal.backend().buffer();
///     (0..80).map(|x| buf[(x, 0)].symbol()).collect()
/// };
/// let app = App::new(Game::new(Default::default()), Config::new());
/// terminal.draw(|f| ui::draw(f, &app)).unwrap();
/// assert!(first_line(&terminal).starts_with(" Raja Pasu  canonical"));
/// let mut config = Config::new();
/// config.players = Lineup { who: [Who::Human; 3], seed: 1 };
/// let app = App::new(mandiri::Game::new(Default::default()), config);
/// terminal.draw(|f| ui::draw(f, &app)).unwrap();
/// assert!(first_line(&terminal).starts_with(" Raja Pasu Mandiri  mandiri"));
/// ```
pub fn draw<G: Screen>(f: &mut Frame, app: &App<G>) {
    let area = f.area();
    let (width, height) = min_size::<G>();
    if area.width < width || area.height < height {
        let text = format!(
            "{} needs at least {width}x{height}; this terminal is {}x{}. {}",
            G::TITLE,
            area.width,
            area.height,
            G::TOO_SMALL
        );
        return draw_words(f, &text);
    }
    let a = draw_layout(f, G::LEFT_MIN, G::SIDE_WIDTH, |width| header(app, width));
    G::draw_board(f, a.board, app);
    let inner = draw_panel(f, a.explain, "Last move");
    let lines = G::explanation(app, usize::from(inner.width), usize::from(inner.height));
    f.render_widget(Paragraph::new(lines), inner);
    draw_move_list(f, a.moves, move_lines(&app.game));
    draw_rounds(f, a.rounds, app);
    // One line: a long message (a hint with its line) is cut after a word, not mid-word.
    let (message, style) = G::message(app);
    let message = Line::styled(fit(&message, usize::from(a.message.width)), style);
    f.render_widget(Paragraph::new(message), a.message);
    draw_keys(f, a.keys, keys_line(app, usize::from(a.keys.width)));
    match app.overlay {
        Some(Overlay::Help) => draw_help::<G>(f),
        Some(Overlay::Explain(scroll)) => draw_full_explanation(f, app, scroll),
        Some(Overlay::RoundOver) if app.frame().is_none() => {
            summary::draw(f, app, G::SUMMARY_WIDTH)
        }
        _ => {}
    }
}

fn header<G: Screen>(app: &App<G>, width: usize) -> Line<'static> {
    let title = format!(" {}  ", G::TITLE);
    // When the line is too long the game's shorter one goes first, then words from the end.
    let room = width.saturating_sub(title.len());
    let mut text = G::header(app, true);
    if text.chars().count() > room {
        text = fit(&G::header(app, false), room);
    }
    Line::from(vec![
        Span::styled(title, Style::new().add_modifier(Modifier::BOLD)),
        Span::raw(text),
    ])
}

/// The move list of `game` as drawn: round headings and two moves a line.
///
/// ```
/// use rajapasu_engine::{Game, Move, Rules};
/// let mut game = Game::new(Rules::default());
/// game.play(Move::new(1).unwrap());
/// assert_eq!(rajapasu_tui::ui::move_lines(&game), ["Round 1", "  1. S1"]);
/// ```
pub fn move_lines<G: Screen>(game: &G) -> Vec<String> {
    let mut out = Vec::new();
    let mut round = 0;
    let mut line = String::new();
    for (k, (before, &mv)) in game.before_moves().zip(game.moves()).enumerate() {
        let (r, entry) = G::move_entry(k + 1, before, mv);
        if r != round {
            if !line.is_empty() {
                out.push(std::mem::take(&mut line));
            }
            round = r;
            out.push(format!("Round {round}"));
        }
        if line.is_empty() {
            line = entry;
        } else {
            out.push(format!(
                "{}{}{entry}",
                std::mem::take(&mut line),
                G::MOVES_APART
            ));
        }
    }
    if !line.is_empty() {
        out.push(line);
    }
    out
}

/// The rounds panel: the last finished rounds that fit, the round in play, the rounds won.
fn draw_rounds<G: Screen>(f: &mut Frame, area: Rect, app: &App<G>) {
    let inner = draw_panel(f, area, "Rounds");
    let rounds = app.game.rounds();
    let room = usize::from(inner.height).saturating_sub(3);
    let shown = &rounds[rounds.len().saturating_sub(room)..];
    let mut lines = vec![Line::styled(
        G::ROUNDS_HEADING,
        Style::new().fg(Color::DarkGray),
    )];
    lines.extend(shown.iter().map(|r| Line::raw(G::round_line(r))));
    lines.extend(G::round_in_play(app).map(Line::raw));
    lines.push(Line::styled(
        G::rounds_won(rounds),
        Style::new().add_modifier(Modifier::BOLD),
    ));
    f.render_widget(Paragraph::new(lines), inner);
}

/// The keys that work now, as many as fit in `width`: whole items, most useful first, so that
/// none is cut in a narrow terminal.
fn keys_line<G: Screen>(app: &App<G>, width: usize) -> String {
    let (save, new_game) = (
        format!("{} save", G::SAVE),
        format!("{} new game", G::NEW_GAME),
    );
    let play = G::play_keys(&app.game);
    let over = app.game.is_over();
    // An open help or explanation takes the keys, even over an animation.
    let window = matches!(app.overlay, Some(Overlay::Help | Overlay::Explain(_)));
    let items: Vec<&str> = match app.overlay {
        _ if app.frame().is_some() && !window => {
            vec![
                "Space skip",
                "+ faster",
                "- slower",
                "u undo",
                &save,
                "q quit",
            ]
        }
        Some(Overlay::Help) => vec!["any key closes"],
        Some(Overlay::Explain(_)) if G::EXPLAINS_EVERY_MOVE => {
            vec!["<- -> other moves", "Up/Down scroll", "Esc close"]
        }
        Some(Overlay::Explain(_)) => vec!["Up/Down scroll", "Esc close"],
        Some(Overlay::RoundOver) if over => {
            vec![
                "Enter close",
                &new_game,
                "Up/Down scroll",
                "u undo",
                "q quit",
            ]
        }
        Some(Overlay::RoundOver) => vec!["Enter go on", "Up/Down scroll", "u undo", "q quit"],
        None if over => vec![&new_game, "u undo", "e explain", &save, "? help", "q quit"],
        None if app.human_to_move() => {
            vec![
                &play,
                "q quit",
                "u undo",
                "h hint",
                "e explain",
                "? help",
                &save,
            ]
        }
        None => vec!["q quit", "u undo", "e explain", "? help", &save],
    };
    fit_items(&items, width)
}

fn draw_help<G: Screen>(f: &mut Frame) {
    let width = f.area().width;
    let (text, width) = match G::HELP_NARROW {
        Some(narrow) if width < 70 => (narrow, width.min(56)),
        _ => (G::HELP, width.min(70)),
    };
    help_popup(f, text, width);
}

/// The move in full: every move, one at a time ([`App::explained_ply`]), where the game steps
/// through its moves, else the last one.
fn draw_full_explanation<G: Screen>(f: &mut Frame, app: &App<G>, scroll: usize) {
    let plies = app.game.moves().len();
    let (title, explained) = if !G::EXPLAINS_EVERY_MOVE {
        let title = "The last move (Up/Down scroll, Esc closes)";
        (title.to_string(), app.last.clone())
    } else if plies == 0 {
        ("The moves (Esc closes)".to_string(), app.explained())
    } else {
        let title = format!(
            "Move {} of {plies} (<- -> step, Up/Down scroll, Esc closes)",
            app.explained_ply
        );
        (title, app.explained())
    };
    let text = |width| told(explained.played.map(G::heading), &explained.lines, width);
    draw_move_in_full(f, &title, text, scroll);
}
