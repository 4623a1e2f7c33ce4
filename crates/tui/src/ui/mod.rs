//! Drawing, on any ratatui backend: [`draw`] draws the screen of either game through its
//! [`Screen`].
//!
//! | Module | What it holds |
//! |---|---|
//! | [`board`] | Raja Pasu's screen: the board, the last move, the moves, the rounds, its popups |
//! | [`widgets`] | what both games' screens draw alike: the layout, panels, popups, the animation's marks |
//! | [`summary`] | the round-over popup of both games |
//! | [`text`] | text cut to the screen: wrapped, or shortened after a word |
//!
//! Mandiri's screen is `mandiri::ui`, drawn with the same widgets.

pub mod board;
pub mod summary;
pub mod text;
pub mod widgets;

use crate::app::App;
use crate::terminal::Screen;

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
pub fn draw<G: Screen>(f: &mut ratatui::Frame, app: &App<G>) {
    G::draw(f, app)
}
