//! The screen's parts that both games draw alike: the layout (title, board, last move, moves,
//! rounds, message, keys), panels and popups, the animation's marks and captions, the move
//! list and the help window.

use super::text::{fit, wrap};
use crate::anim::{Frame as MoveFrame, Mark};
use rajapasu_engine::Hole;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph};
use ratatui::Frame;
use std::borrow::Cow;

/// Height of the board panel, borders included.
pub const BOARD_HEIGHT: u16 = 12;
/// Height the screen needs besides the board: the title, one line of the last move, the
/// message and the keys.
pub const BESIDE_BOARD: u16 = 6;

/// The parts of the screen below the title line.
pub struct Areas {
    /// The board panel.
    pub board: Rect,
    /// The last move in words.
    pub explain: Rect,
    /// The move list.
    pub moves: Rect,
    /// The rounds so far.
    pub rounds: Rect,
    /// The message line.
    pub message: Rect,
    /// The keys that work now.
    pub keys: Rect,
}

/// Lays the screen out and draws its title line, `header` for its width: below it the board
/// (at least `left_min` wide) over the last move beside a column `side_width` wide of the
/// moves over the rounds, then the message line and the keys.
pub fn draw_layout(
    f: &mut Frame,
    left_min: u16,
    side_width: u16,
    header: impl FnOnce(usize) -> Line<'static>,
) -> Areas {
    let [title, body, message, keys] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(10),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(f.area());
    f.render_widget(Paragraph::new(header(usize::from(title.width))), title);
    let [left, right] =
        Layout::horizontal([Constraint::Min(left_min), Constraint::Length(side_width)]).areas(body);
    let [board, explain] =
        Layout::vertical([Constraint::Length(BOARD_HEIGHT), Constraint::Min(3)]).areas(left);
    let [moves, rounds] =
        Layout::vertical([Constraint::Min(4), Constraint::Length(8)]).areas(right);
    Areas {
        board,
        explain,
        moves,
        rounds,
        message,
        keys,
    }
}

/// The keys line at the foot of the screen.
pub fn draw_keys(f: &mut Frame, area: Rect, keys: String) {
    f.render_widget(
        Paragraph::new(Line::styled(keys, Style::new().fg(Color::DarkGray))),
        area,
    );
}

/// A frame titled `title`, its border in `colour`: grey for a panel, yellow for a popup.
fn framed(title: &str, colour: Color) -> Block<'static> {
    let title = Span::styled(
        format!(" {title} "),
        Style::new().add_modifier(Modifier::BOLD),
    );
    Block::new()
        .borders(Borders::ALL)
        .border_style(Style::new().fg(colour))
        .title(title)
}

/// A panel titled `title` over `area`; the room inside it.
pub fn draw_panel(f: &mut Frame, area: Rect, title: &str) -> Rect {
    let block = framed(title, Color::DarkGray);
    let inner = block.inner(area);
    f.render_widget(block, area);
    inner
}

/// The board a frame shows while a move is animated, else the game's own, from `live`.
pub fn shown_board<B: Clone>(frame: Option<&MoveFrame<B>>, live: impl FnOnce() -> B) -> Cow<'_, B> {
    match frame {
        Some(fr) => Cow::Borrowed(&fr.board),
        None => Cow::Owned(live()),
    }
}

/// `style`, or the style of the frame's mark when the frame's event is at `hole`.
pub fn focus_style<B>(frame: Option<&MoveFrame<B>>, hole: Hole, style: Style) -> Style {
    match frame.and_then(|fr| fr.focus) {
        Some((h, mark)) if h == hole => mark_style(mark),
        _ => style,
    }
}

/// The colour of what happened at a hole.
pub fn mark_style(mark: Mark) -> Style {
    let base = Style::new().fg(Color::Black).add_modifier(Modifier::BOLD);
    match mark {
        Mark::Lift => base.bg(Color::Cyan),
        Mark::Relay => base.bg(Color::Magenta),
        Mark::Drop => base.bg(Color::Yellow),
        Mark::Four(_) | Mark::FourLeft => base.bg(Color::Green),
        Mark::Pussa | Mark::Endless => base.bg(Color::Red),
        Mark::NoCapture => base.bg(Color::Gray),
    }
}

/// A row's hole names, above or below it: centred over wide cells, else right-aligned.
pub fn names_line(holes: impl IntoIterator<Item = Hole>, wide: bool) -> Line<'static> {
    let mut s = " ".repeat(7);
    for hole in holes {
        let name = hole.to_string();
        s.push_str(&if wide {
            format!("{name:^6} ")
        } else {
            format!("{name:>3} ")
        });
    }
    Line::styled(s, Style::new().fg(Color::DarkGray))
}

/// The line under the rows: which way the sowing runs round `holes` holes a row, cut to
/// `width`.
pub fn sowing_line(holes: usize, width: usize) -> Line<'static> {
    let text = format!(" Sowing runs anticlockwise: S1..S{holes}, N1..N{holes}, S1...");
    Line::styled(fit(&text, width), Style::new().fg(Color::DarkGray))
}

/// The line above the board's last: the notice's text now, dim, cut to `width` (blank without
/// one).
pub fn notice_line(notice: Option<&crate::Notice>, width: usize) -> Line<'static> {
    match notice.and_then(crate::Notice::text) {
        Some(text) => Line::styled(
            fit(&format!(" {text}"), width),
            Style::new().fg(Color::DarkGray),
        ),
        None => Line::raw(""),
    }
}

/// The board's last line: the counters in hand while a move is animated, else `turn`.
pub fn status_line<B>(
    frame: Option<&MoveFrame<B>>,
    turn: impl FnOnce() -> String,
) -> Line<'static> {
    match frame {
        Some(fr) => Line::styled(
            format!(" In hand: {}", fr.hand),
            Style::new().fg(Color::Cyan),
        ),
        None => Line::styled(
            format!(" {}", turn()),
            Style::new().add_modifier(Modifier::BOLD),
        ),
    }
}

/// The last-move panel while a move is animated: the frame's caption and the keys of the
/// animation (after a blank line with `gap`).
pub fn caption_lines(caption: &str, width: usize, gap: bool) -> Vec<Line<'static>> {
    let mut v: Vec<Line> = wrap(caption, width)
        .into_iter()
        .map(|l| Line::styled(l, Style::new().fg(Color::Cyan)))
        .collect();
    if gap {
        v.push(Line::raw(""));
    }
    v.push(Line::styled(
        "Space: skip the animation   +/-: faster/slower",
        Style::new().fg(Color::DarkGray),
    ));
    v
}

/// The move list panel: its last lines, as many as fit.
pub fn draw_move_list(f: &mut Frame, area: Rect, all: Vec<String>) {
    let inner = draw_panel(f, area, "Moves");
    let lines: Vec<Line> = if all.is_empty() {
        vec![Line::styled(
            "No moves yet",
            Style::new().fg(Color::DarkGray),
        )]
    } else {
        let skip = all.len().saturating_sub(usize::from(inner.height));
        all.into_iter().skip(skip).map(Line::raw).collect()
    };
    f.render_widget(Paragraph::new(lines), inner);
}

/// `text` over the whole screen, wrapped at spaces: in place of the game when the terminal
/// is too small for it.
pub fn draw_words(f: &mut Frame, text: &str) {
    let area = f.area();
    let lines: Vec<Line> = wrap(text, usize::from(area.width))
        .into_iter()
        .map(Line::raw)
        .collect();
    f.render_widget(Paragraph::new(lines), area);
}

fn centered(area: Rect, width: u16, height: u16) -> Rect {
    let w = width.min(area.width);
    let h = height.min(area.height);
    Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    )
}

/// A window `width` wide in the middle of the screen, over what is there, titled `title`.
pub fn popup(f: &mut Frame, title: &str, width: u16, lines: Vec<Line<'static>>) {
    let height = lines.len() as u16 + 2;
    let area = centered(f.area(), width, height);
    f.render_widget(Clear, area);
    let block = framed(title, Color::Yellow);
    f.render_widget(Paragraph::new(lines).block(block), area);
}

/// The help window, `width` wide: `text`'s headings in bold, its other lines cut to fit.
pub fn help_popup(f: &mut Frame, text: &[&'static str], width: u16) {
    let lines = text
        .iter()
        .map(|l| {
            if l.starts_with(' ') || l.is_empty() {
                Line::raw(fit(l, usize::from(width).saturating_sub(2)))
            } else {
                Line::styled(*l, Style::new().add_modifier(Modifier::BOLD))
            }
        })
        .collect();
    popup(f, "Help (any key closes)", width, lines);
}

/// A move told in lines of at most `width` characters: `heading` (who played what) whole,
/// then each sentence wrapped.
pub fn told(heading: Option<String>, sentences: &[String], width: usize) -> Vec<String> {
    let mut out: Vec<String> = heading.into_iter().collect();
    for sentence in sentences {
        out.extend(wrap(sentence, width));
    }
    out
}

/// A move in full over the board, at most 76 columns wide: `text` (the move told for the
/// window's width) from line `scroll`, clamped so that the last screenful stays full.
pub fn draw_move_in_full(
    f: &mut Frame,
    title: &str,
    text: impl FnOnce(usize) -> Vec<String>,
    scroll: usize,
) {
    let area = f.area();
    let width = area.width.min(76);
    let text_width = usize::from(width).saturating_sub(2);
    let mut all = text(text_width);
    if all.is_empty() {
        all.push("No move yet.".to_string());
    }
    let room = usize::from(area.height.saturating_sub(4)).max(1);
    let scroll = scroll.min(all.len().saturating_sub(room));
    let lines = all
        .into_iter()
        .skip(scroll)
        .take(room)
        .map(Line::raw)
        .collect();
    popup(f, &fit(title, text_width.saturating_sub(2)), width, lines);
}
