//! The round-over popup of both games: the summary the game wrote when the round ended
//! ([`App::summary`]), from its top, scrolled when it is taller than the screen (a long match
//! lists every round), so that the result comes first and is never cut off.

use super::text::wrap;
use super::widgets::popup;
use crate::app::App;
use crate::variant::Variant;
use ratatui::text::Line;
use ratatui::Frame;

/// Draws the summary of the round just ended, at most `max_width` wide, scrolled by
/// [`App::summary_scroll`] lines.
pub fn draw<G: Variant>(f: &mut Frame, app: &App<G>, max_width: u16) {
    let title = format!("Round {} is over", app.ended_round);
    let width = f.area().width.min(max_width);
    let text_width = usize::from(width).saturating_sub(2);
    let room = usize::from(f.area().height.saturating_sub(2)).max(1);
    let all: Vec<String> = app
        .summary
        .iter()
        .flat_map(|l| {
            if l.is_empty() {
                vec![String::new()]
            } else {
                wrap(l, text_width)
            }
        })
        .collect();
    let (lines, title) = if all.len() <= room {
        (all, title)
    } else {
        let scroll = app.summary_scroll.min(all.len() - room);
        let more = if scroll + room < all.len() {
            "Down: more"
        } else {
            "Up: back"
        };
        (
            all.into_iter().skip(scroll).take(room).collect(),
            format!("{title} ({more})"),
        )
    };
    popup(f, &title, width, lines.into_iter().map(Line::raw).collect());
}
