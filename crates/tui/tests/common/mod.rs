//! What the terminal game's test files share: the screen as text, and a check on text.

use rajapasu_tui::{ui, App, Screen};
use ratatui::backend::TestBackend;
use ratatui::Terminal;

/// The screen of `app` drawn at `w`x`h`: its rows, and the terminal, for the colours.
pub fn screen<G: Screen>(app: &App<G>, w: u16, h: u16) -> (Vec<String>, Terminal<TestBackend>) {
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
    terminal.draw(|f| ui::draw(f, app)).unwrap();
    let buf = terminal.backend().buffer();
    let rows = (0..h)
        .map(|y| (0..w).map(|x| buf[(x, y)].symbol()).collect())
        .collect();
    (rows, terminal)
}

/// Checks that `text` holds `part`, and shows the text when it does not.
#[track_caller]
pub fn has(text: &str, part: &str) {
    assert!(text.contains(part), "{part:?} is not in:\n{text}");
}
