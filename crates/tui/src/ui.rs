//! Drawing: the board, the last move in words, the move list, the scoreboard, overlays. Made
//! for an 80x24 terminal; larger ones get the same picture with more room.

use crate::anim::{BoardView, Frame as MoveFrame, Mark};
use crate::app::{App, Overlay};
use rajapasu_engine::{BySide, Game, Hole, RoundEnd, Side, Status};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph};
use ratatui::Frame;
use std::borrow::Cow;

/// Width of the right-hand column (moves and rounds).
const SIDE_WIDTH: u16 = 22;
/// Height of the board panel, borders included.
const BOARD_HEIGHT: u16 = 12;
/// Narrowest board panel: the narrow cells of seven holes and the row label, borders included.
const LEFT_MIN: u16 = 38;
/// The smallest terminal the game is drawn in: the two columns side by side, and the board,
/// one line of the last move, the message and the keys one above the other.
pub const MIN_WIDTH: u16 = LEFT_MIN + SIDE_WIDTH;
/// See [`MIN_WIDTH`].
pub const MIN_HEIGHT: u16 = BOARD_HEIGHT + 3 + 3;

/// Draws the whole screen.
pub fn draw(f: &mut Frame, app: &App) {
    let area = f.area();
    if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
        return draw_too_small(f);
    }
    let a = draw_layout(f, LEFT_MIN, SIDE_WIDTH, |width| header_line(app, width));
    draw_board(f, a.board, app);
    draw_explanation(f, a.explain, app);
    draw_moves(f, a.moves, app);
    draw_rounds(f, a.rounds, app);
    f.render_widget(
        Paragraph::new(message_line(app, usize::from(a.message.width))),
        a.message,
    );
    draw_keys(f, a.keys, keys_line(app, usize::from(a.keys.width)));
    match &app.overlay {
        Some(Overlay::Help) => draw_help(f),
        Some(Overlay::Explain(scroll)) => draw_full_explanation(f, app, *scroll),
        Some(Overlay::RoundOver) if app.frame().is_none() => draw_round_over(f, app),
        _ => {}
    }
}

/// The parts of the screen below the title line, the same in both games.
pub(crate) struct Areas {
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
pub(crate) fn draw_layout(
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
pub(crate) fn draw_keys(f: &mut Frame, area: Rect, keys: String) {
    f.render_widget(
        Paragraph::new(Line::styled(keys, Style::new().fg(Color::DarkGray))),
        area,
    );
}

fn header_line(app: &App, width: usize) -> Line<'static> {
    let pos = app.game.position();
    let title = " Raja Pasu  ";
    let rest = |long: bool| -> String {
        let players = match app.config.computer {
            Some(c) if long => format!(
                "You: {}  Computer: {}, level {} ({})",
                !c.side,
                c.side,
                c.level,
                c.level.name()
            ),
            Some(c) => format!("You: {}  Computer: level {}", !c.side, c.level),
            None => "Two players".to_string(),
        };
        let round = if long { "Round" } else { "Rd" };
        format!("{}  {round} {}  {players}", pos.rules(), pos.round())
    };
    // When the line is too long the level's name goes first, then words from the end.
    let room = width.saturating_sub(title.len());
    let mut text = rest(true);
    if text.chars().count() > room {
        text = fit(&rest(false), room);
    }
    Line::from(vec![
        Span::styled(title, Style::new().add_modifier(Modifier::BOLD)),
        Span::raw(text),
    ])
}

pub(crate) fn panel(title: &str) -> Block<'static> {
    Block::new()
        .borders(Borders::ALL)
        .border_style(Style::new().fg(Color::DarkGray))
        .title(Span::styled(
            format!(" {title} "),
            Style::new().add_modifier(Modifier::BOLD),
        ))
}

/// A [`panel`] titled `title` over `area`; the room inside it.
pub(crate) fn draw_panel(f: &mut Frame, area: Rect, title: &str) -> Rect {
    let block = panel(title);
    let inner = block.inner(area);
    f.render_widget(block, area);
    inner
}

/// The board a frame shows while a move is animated, else the game's own, from `live`.
pub(crate) fn shown_board<B: Clone>(
    frame: Option<&MoveFrame<B>>,
    live: impl FnOnce() -> B,
) -> Cow<'_, B> {
    match frame {
        Some(fr) => Cow::Borrowed(&fr.board),
        None => Cow::Owned(live()),
    }
}

/// `style`, or the style of the frame's mark when the frame's event is at `hole`.
pub(crate) fn focus_style<B>(frame: Option<&MoveFrame<B>>, hole: Hole, style: Style) -> Style {
    match frame.and_then(|fr| fr.focus) {
        Some((h, mark)) if h == hole => mark_style(mark),
        _ => style,
    }
}

/// The board's last line: the counters in hand while a move is animated, else `turn`.
pub(crate) fn status_line<B>(
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
pub(crate) fn caption_lines(caption: &str, width: usize, gap: bool) -> Vec<Line<'static>> {
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

pub(crate) fn mark_style(mark: Mark) -> Style {
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

/// One row of holes as drawn, left to right: `(hole number, count)`.
fn drawn_row(board: &BoardView, side: Side, near: bool) -> Vec<(u8, Option<u8>)> {
    let row = &board.rows[side];
    let mut cells: Vec<(u8, Option<u8>)> = row
        .iter()
        .enumerate()
        .map(|(k, &c)| (k as u8 + 1, c))
        .collect();
    if !near {
        cells.reverse();
    }
    cells
}

fn draw_board(f: &mut Frame, area: Rect, app: &App) {
    let inner = draw_panel(f, area, "Board");

    let frame = app.frame();
    let board = &*shown_board(frame, || BoardView::of(app.game.position()));
    let near = app.near_side();
    let far = !near;
    let to_move = app.to_move();
    let playing = app.game.status() == Status::Playing;
    let cursor = (frame.is_none() && app.human_to_move()).then_some(app.cursor);
    let n = board.holes;
    // Wide cells `[ 14 ]` when they fit, else narrow ` 14`.
    let wide = usize::from(inner.width) >= 7 + n * 7;

    let names = |side: Side, near_row: bool| -> Line<'static> {
        let mut s = " ".repeat(7);
        for (k, _) in drawn_row(board, side, near_row) {
            let name = format!("{}{k}", side.letter());
            if wide {
                s.push_str(&format!("{name:^6} "));
            } else {
                s.push_str(&format!("{name:>3} "));
            }
        }
        Line::styled(s, Style::new().fg(Color::DarkGray))
    };
    let holes = |side: Side, near_row: bool| -> Line<'static> {
        let label_style = if playing && side == to_move {
            Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD)
        } else {
            Style::new()
        };
        let mut spans = vec![Span::styled(
            format!(" {:<6}", side.to_string()),
            label_style,
        )];
        for (k, count) in drawn_row(board, side, near_row) {
            let hole = Hole::new(side, k).expect("hole number");
            let selected = cursor == Some(k) && side == to_move;
            let (open, close) = if selected { ('>', '<') } else { ('[', ']') };
            let text = match (count, wide) {
                (Some(c), true) => format!("{open}{c:>3} {close}"),
                (None, true) => "   x  ".to_string(),
                (Some(c), false) => format!("{c:>3}"),
                (None, false) => "  x".to_string(),
            };
            let mut style = match count {
                None => Style::new().fg(Color::DarkGray),
                Some(_) => Style::new(),
            };
            if selected {
                style = style.add_modifier(Modifier::REVERSED | Modifier::BOLD);
            }
            style = focus_style(frame, hole, style);
            spans.push(Span::styled(text, style));
            spans.push(Span::raw(" "));
        }
        Line::from(spans)
    };
    let pile = |side: Side| -> Line<'static> {
        let mut spans = vec![Span::raw(format!(
            " {:<6} captured {:>2}   reserve {:>2}",
            side.to_string(),
            board.captured[side],
            board.reserve[side]
        ))];
        if let Some((hole, mark)) = frame.and_then(|fr| fr.focus) {
            let gain = match mark {
                Mark::Four(to) if to == side => {
                    Some("  +4: a four from ".to_string() + &hole.to_string())
                }
                Mark::Pussa if app.last.played.is_some_and(|(s, _)| s == side) => {
                    Some(format!("  pussa capture from {hole}"))
                }
                _ => None,
            };
            if let Some(g) = gain {
                spans.push(Span::styled(g, mark_style(mark)));
            }
        }
        Line::from(spans)
    };
    let status = status_line(frame, || turn_text(app));
    let lines = vec![
        names(far, false),
        holes(far, false),
        holes(near, true),
        names(near, true),
        Line::styled(
            fit(
                &format!(" Sowing runs anticlockwise: S1..S{n}, N1..N{n}, S1..."),
                usize::from(inner.width),
            ),
            Style::new().fg(Color::DarkGray),
        ),
        pile(far),
        pile(near),
        Line::raw(""),
        status,
    ];
    f.render_widget(Paragraph::new(lines), inner);
}

/// Whose turn it is, or how the game ended.
pub fn turn_text(app: &App) -> String {
    match app.game.status() {
        Status::Playing => {
            let side = app.to_move();
            if app.is_computer(side) {
                format!("{side} to move: the computer is thinking...")
            } else if app.config.computer.is_some() {
                format!("{side} to move: your turn")
            } else {
                format!("{side} to move")
            }
        }
        Status::RoundOver { winner } => match winner {
            Some(w) => format!("{}The game is over: {w} wins the round.", you(app, w)),
            None => "The game is over: the round is drawn.".to_string(),
        },
        Status::MatchOver {
            winner: Some(winner),
        } => format!("{}The match is over: {winner} wins.", you(app, winner)),
        Status::MatchOver { winner: None } => {
            "The match is over: drawn, the same round start came a third time.".to_string()
        }
    }
}

/// "You win! " or "You lose. " against the computer, when `winner` has won; nothing between
/// two players, where the side's name says it all.
fn you(app: &App, winner: Side) -> &'static str {
    match app.config.computer {
        Some(c) if c.side == winner => "You lose. ",
        Some(_) => "You win! ",
        None => "",
    }
}

/// Splits `text` into lines of at most `width` characters at spaces.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(8);
    let mut out = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            out.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        out.push(line);
    }
    out
}

fn explanation_lines(app: &App, width: usize) -> Vec<String> {
    lines_of(&app.last, width)
}

fn lines_of(last: &crate::app::LastMove, width: usize) -> Vec<String> {
    let mut out = Vec::new();
    if let Some((side, mv)) = last.played {
        out.push(format!("{side} played {mv} ({}{mv}).", side.letter()));
    }
    for l in &last.lines {
        out.extend(wrap(l, width));
    }
    out
}

/// `text` in at most `width` characters: whole if it fits, else cut after a word, with "…".
pub fn fit(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        return text.to_string();
    }
    // A leading indent stays.
    let body = text.trim_start_matches(' ');
    let indent = text.len() - body.len();
    if indent > 0 && indent < width {
        return " ".repeat(indent) + &fit(body, width - indent);
    }
    let mut out = String::new();
    for word in text.split(' ') {
        let candidate = if out.is_empty() {
            word.to_string()
        } else {
            format!("{out} {word}")
        };
        if candidate.chars().count() + 1 > width {
            break;
        }
        out = candidate;
    }
    let out = out.trim_end_matches([',', ':', ';']).to_string();
    if width == 0 {
        String::new()
    } else {
        out + "…"
    }
}

fn draw_explanation(f: &mut Frame, area: Rect, app: &App) {
    let inner = draw_panel(f, area, "Last move");
    let width = usize::from(inner.width);
    let height = usize::from(inner.height);
    let lines: Vec<Line> = if let Some(fr) = app.frame() {
        caption_lines(&fr.caption, width, true)
    } else {
        let all = explanation_lines(app, width);
        if all.is_empty() {
            wrap(
                "No move yet. The explanation of each move appears here.",
                width,
            )
            .into_iter()
            .map(|l| Line::styled(l, Style::new().fg(Color::DarkGray)))
            .collect()
        } else if all.len() <= height {
            all.into_iter().map(Line::raw).collect()
        } else {
            shortened(app, width, height)
        }
    };
    f.render_widget(Paragraph::new(lines), inner);
}

/// A long move in `height` lines: how it started, a note that `e` shows the rest, and as many
/// whole sentences from its end as fit.
fn shortened(app: &App, width: usize, height: usize) -> Vec<Line<'static>> {
    let mut head = Vec::new();
    if let Some((side, mv)) = app.last.played {
        head.push(format!("{side} played {mv} ({}{mv}).", side.letter()));
    }
    let sentences: Vec<Vec<String>> = app.last.lines.iter().map(|l| wrap(l, width)).collect();
    let mut first = 0;
    if let Some(s) = sentences.first() {
        if head.len() + s.len() + 2 <= height {
            head.extend(s.iter().cloned());
            first = 1;
        }
    }
    let mut room = height.saturating_sub(head.len() + 1);
    let mut tail: Vec<String> = Vec::new();
    let mut last = sentences.len();
    while last > first && sentences[last - 1].len() <= room {
        last -= 1;
        room -= sentences[last].len();
        let mut s = sentences[last].clone();
        s.append(&mut tail);
        tail = s;
    }
    let hidden = last - first;
    let mut v: Vec<Line> = head.into_iter().map(Line::raw).collect();
    let steps = if hidden == 1 { "step" } else { "steps" };
    let mut note = format!("  ... {hidden} more {steps}: press e for the whole move");
    if note.chars().count() > width {
        note = format!("  ... {hidden} more {steps}: press e");
    }
    v.push(Line::styled(note, Style::new().fg(Color::DarkGray)));
    v.extend(tail.into_iter().map(Line::raw));
    v
}

/// The move list of `game` as drawn: round headings and two moves a line.
pub fn move_lines(game: &Game) -> Vec<String> {
    let mut out = Vec::new();
    let mut round = 0;
    let mut line = String::new();
    for p in game.plies() {
        if p.round() != round {
            if !line.is_empty() {
                out.push(std::mem::take(&mut line));
            }
            round = p.round();
            out.push(format!("Round {round}"));
        }
        let entry = format!("{:>3}. {}{}", p.number, p.side().letter(), p.mv);
        if line.is_empty() {
            line = entry;
        } else {
            line = format!("{line}  {entry}");
            out.push(std::mem::take(&mut line));
        }
    }
    if !line.is_empty() {
        out.push(line);
    }
    out
}

fn draw_moves(f: &mut Frame, area: Rect, app: &App) {
    draw_move_list(f, area, move_lines(&app.game));
}

/// The move list panel: its last lines, as many as fit.
pub(crate) fn draw_move_list(f: &mut Frame, area: Rect, all: Vec<String>) {
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

fn winner_letter(w: Option<Side>) -> char {
    w.map_or('=', Side::letter)
}

fn draw_rounds(f: &mut Frame, area: Rect, app: &App) {
    let inner = draw_panel(f, area, "Rounds");
    let rounds = app.game.rounds();
    let mut lines: Vec<Line> = vec![Line::styled(
        "Rd  South North Won",
        Style::new().fg(Color::DarkGray),
    )];
    let room = usize::from(inner.height).saturating_sub(3);
    let skip = rounds.len().saturating_sub(room);
    for r in &rounds[skip..] {
        lines.push(Line::raw(format!(
            "{:>2}  {:>5} {:>5}  {}",
            r.round,
            r.captured.south,
            r.captured.north,
            winner_letter(r.winner)
        )));
    }
    if app.game.status() == Status::Playing {
        let pos = app.game.position();
        // While a move is animated, its captures are not known yet.
        let captured = app
            .frame()
            .map_or(BySide::from_fn(|s| pos.captured(s)), |fr| fr.board.captured);
        // A move that ended a round is already in the list above.
        if !(app.frame().is_some() && app.overlay == Some(Overlay::RoundOver)) {
            lines.push(Line::raw(format!(
                "{:>2}  {:>5} {:>5}  ..",
                pos.round(),
                captured.south,
                captured.north
            )));
        }
    }
    let wins = |s: Side| rounds.iter().filter(|r| r.winner == Some(s)).count();
    lines.push(Line::styled(
        format!("Rounds won S {} N {}", wins(Side::South), wins(Side::North)),
        Style::new().add_modifier(Modifier::BOLD),
    ));
    f.render_widget(Paragraph::new(lines), inner);
}

fn message_line(app: &App, width: usize) -> Line<'static> {
    let mut line = message_text(app);
    // One line: a long message (a hint with its line) is cut after a word, not mid-word.
    let text: String = line.spans.iter().map(|s| s.content.as_ref()).collect();
    if text.chars().count() > width {
        let style = line.style;
        let span_style = line.spans.first().map(|s| s.style).unwrap_or_default();
        line = Line::styled(fit(&text, width), span_style).style(style);
    }
    line
}

fn message_text(app: &App) -> Line<'static> {
    // While a move is shown, it is the news, even if the computer already thinks of its reply.
    if app.frame().is_some() && app.message.is_empty() {
        if let Some((side, mv)) = app.last.played {
            let who = if app.is_computer(side) {
                format!("The computer ({side})")
            } else {
                side.to_string()
            };
            return Line::raw(format!(" {who} plays {mv}."));
        }
    }
    if !app.message.is_empty() {
        return Line::styled(format!(" {}", app.message), Style::new().fg(Color::Yellow));
    }
    if app.thinking() {
        return Line::styled(
            " The computer is thinking...",
            Style::new().fg(Color::Yellow),
        );
    }
    Line::raw(format!(" {}", turn_text(app)))
}

/// The keys that work now, as many as fit in `width`: whole items, most useful first, so that
/// none is cut in a narrow terminal.
fn keys_line(app: &App, width: usize) -> String {
    let n = app.game.rules().holes().min(9);
    let play = format!("<-/-> Enter or 1-{n} play");
    // An open help or explanation takes the keys, even over an animation.
    let window = matches!(app.overlay, Some(Overlay::Help | Overlay::Explain(_)));
    let items: Vec<&str> = if app.frame().is_some() && !window {
        animation_keys("s save")
    } else {
        match app.overlay {
            Some(Overlay::Help) => vec!["any key closes"],
            Some(Overlay::Explain(_)) => vec!["<- -> other moves", "Up/Down scroll", "Esc close"],
            Some(Overlay::RoundOver) if app.game.status().is_over() => {
                vec![
                    "Enter close",
                    "n new game",
                    "Up/Down scroll",
                    "u undo",
                    "q quit",
                ]
            }
            Some(Overlay::RoundOver) => vec!["Enter go on", "Up/Down scroll", "u undo", "q quit"],
            None if app.game.status().is_over() => {
                vec![
                    "n new game",
                    "u undo",
                    "e explain",
                    "s save",
                    "? help",
                    "q quit",
                ]
            }
            None if app.human_to_move() => vec![
                &play,
                "q quit",
                "u undo",
                "h hint",
                "e explain",
                "? help",
                "s save",
            ],
            None => vec!["q quit", "u undo", "e explain", "? help", "s save"],
        }
    };
    fit_items(&items, width)
}

/// `items` two spaces apart, as many whole ones as fit in `width`.
pub(crate) fn fit_items(items: &[&str], width: usize) -> String {
    let mut line = String::new();
    for item in items {
        if line.chars().count() + 2 + item.chars().count() > width {
            break;
        }
        line.push_str("  ");
        line.push_str(item);
    }
    line
}

/// The keys while a move is animated, with the one that saves.
pub(crate) fn animation_keys(save: &str) -> Vec<&str> {
    vec![
        "Space skip",
        "+ faster",
        "- slower",
        "u undo",
        save,
        "q quit",
    ]
}

/// In place of the game when the terminal is too small for it: what size it needs.
fn draw_too_small(f: &mut Frame) {
    let area = f.area();
    let text = format!(
        "Raja Pasu needs at least {MIN_WIDTH}x{MIN_HEIGHT}; this terminal is {}x{}. \
         Enlarge it, or play line by line with --lines. q quits.",
        area.width, area.height
    );
    draw_words(f, &text);
}

/// `text` over the whole screen, wrapped at spaces.
pub(crate) fn draw_words(f: &mut Frame, text: &str) {
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

pub(crate) fn popup(f: &mut Frame, title: &str, width: u16, lines: Vec<Line<'static>>) {
    let height = lines.len() as u16 + 2;
    let area = centered(f.area(), width, height);
    f.render_widget(Clear, area);
    let block = Block::new()
        .borders(Borders::ALL)
        .border_style(Style::new().fg(Color::Yellow))
        .title(Span::styled(
            format!(" {title} "),
            Style::new().add_modifier(Modifier::BOLD),
        ));
    f.render_widget(Paragraph::new(lines).block(block), area);
}

/// The text of the help window.
pub const HELP: &[&str] = &[
    "Keys",
    "  <- ->, Enter  pick a hole and sow it     1-9  sow that hole",
    "  u  take back a move (against the computer, back to your turn)",
    "  h  hint: the engine's best move and its score",
    "  e  every move in full (<- ->)  Space  skip the animation",
    "  s  save the game record        + -  animation speed",
    "  q  quit (the game is saved)    ?  this help",
    "  n  a new game, once the game is over",
    "",
    "The game",
    "  Sow anticlockwise from one of your holes, one counter a hole.",
    "  A lap ending before an occupied hole lifts it and sows on.",
    "  A lap ending before an empty hole captures the hole beyond.",
    "  Any hole a drop brings to 4: its owner takes the four.",
    "  x marks a closed hole. Hole numbers count from each player's",
    "  own left: North's row runs N7..N1 as seen from South.",
];

/// [`HELP`] for terminals narrower than it: the same keys and rules in shorter lines.
pub const HELP_NARROW: &[&str] = &[
    "Keys",
    "  <- -> Enter, 1-9  pick a hole and sow it",
    "  u  take back a move     h  hint",
    "  e  every move in full   s  save",
    "  Space  skip animation   + -  speed",
    "  n  new game once over   q  quit (saved)",
    "  ?  this help",
    "",
    "The game",
    "  Sow anticlockwise from a hole of yours.",
    "  A lap ending before an occupied hole: sow it on.",
    "  Before an empty hole: capture the hole beyond.",
    "  A drop making 4: the hole's owner takes the four.",
    "  x: a closed hole. North's row runs N7..N1.",
];

fn draw_help(f: &mut Frame) {
    let wide = f.area().width >= 70;
    let (text, width) = if wide {
        (HELP, 70)
    } else {
        (HELP_NARROW, f.area().width.min(56))
    };
    help_popup(f, text, width);
}

/// The help window, `width` wide: `text`'s headings in bold, its other lines cut to fit.
pub(crate) fn help_popup(f: &mut Frame, text: &[&'static str], width: u16) {
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

fn draw_full_explanation(f: &mut Frame, app: &App, scroll: usize) {
    let area = f.area();
    let width = area.width.min(76);
    let text_width = usize::from(width).saturating_sub(2);
    let all = lines_of(&app.explained(), text_width);
    let room = usize::from(area.height.saturating_sub(4)).max(1);
    let scroll = scroll.min(all.len().saturating_sub(room));
    let mut lines: Vec<Line> = all
        .iter()
        .skip(scroll)
        .take(room)
        .cloned()
        .map(Line::raw)
        .collect();
    if lines.is_empty() {
        lines.push(Line::raw("No move yet."));
    }
    let plies = app.game.moves().len();
    let title = if plies == 0 {
        "The moves (Esc closes)".to_string()
    } else {
        format!(
            "Move {} of {plies} (<- -> step, Up/Down scroll, Esc closes)",
            app.explained_ply
        )
    };
    popup(f, &fit(&title, text_width.saturating_sub(2)), width, lines);
}

/// The round summary: the round just finished, the next round's set-up or the match result,
/// and every round so far.
pub fn round_summary(game: &Game) -> (String, Vec<String>) {
    let mut lines = Vec::new();
    let Some(r) = game.rounds().last() else {
        return ("Round".to_string(), lines);
    };
    let title = format!("Round {} is over", r.round);
    let why = match r.ended_by {
        RoundEnd::NoMoves => "the player to move had no move",
        RoundEnd::Repetition => "a position occurred for the third time",
    };
    lines.push(format!("It ended because {why}."));
    lines.push(format!(
        "Captured: South {}, North {}: {}.",
        r.captured.south,
        r.captured.north,
        match r.winner {
            Some(w) => format!("{w} wins the round"),
            None => "the round is drawn".to_string(),
        }
    ));
    let pos = game.position();
    match game.status() {
        Status::Playing => {
            let fill = |s: Side| {
                format!(
                    "{s} fills {} holes (reserve {})",
                    pos.open_holes(s),
                    pos.reserve(s)
                )
            };
            lines.push(format!(
                "Round {}: {}, {}.",
                pos.round(),
                fill(Side::South),
                fill(Side::North)
            ));
            lines.push(format!("{} leads the next round.", pos.to_move()));
        }
        Status::RoundOver { .. } => lines.push("The game was a single round.".to_string()),
        Status::MatchOver {
            winner: Some(winner),
        } => lines.push(format!(
            "{} cannot fill a hole: the match is over, {winner} wins.",
            !winner
        )),
        Status::MatchOver { winner: None } => {
            lines.push("The same round start came a third time: the match is drawn.".to_string())
        }
    }
    if game.rounds().len() > 1 {
        lines.push(String::new());
        for r in game.rounds() {
            lines.push(format!(
                "Round {:>2}: South {:>2}, North {:>2}  ({})",
                r.round,
                r.captured.south,
                r.captured.north,
                r.winner.map_or("drawn".to_string(), |w| format!("{w}"))
            ));
        }
    }
    lines.push(String::new());
    lines.push(if game.status().is_over() {
        "Enter closes; n starts a new game.".to_string()
    } else {
        "Press Enter to go on.".to_string()
    });
    (title, lines)
}

/// The round summary from its top, scrolled by `App::summary_scroll` when it is taller than
/// the screen (a long match lists every round): the result comes first and is never cut off.
fn draw_round_over(f: &mut Frame, app: &App) {
    let (title, text) = round_summary(&app.game);
    draw_summary(f, title, &text, 64, app.summary_scroll);
}

/// A round summary's popup, at most `max_width` wide: `text` from its top, scrolled by
/// `scroll` lines when it is taller than the screen.
pub(crate) fn draw_summary(
    f: &mut Frame,
    title: String,
    text: &[String],
    max_width: u16,
    scroll: usize,
) {
    let width = f.area().width.min(max_width);
    let text_width = usize::from(width).saturating_sub(2);
    let room = usize::from(f.area().height.saturating_sub(2)).max(1);
    let all: Vec<String> = text
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
        let scroll = scroll.min(all.len() - room);
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

#[cfg(test)]
mod tests {
    use super::fit;

    #[test]
    fn fit_cuts_after_a_word_and_keeps_the_indent() {
        assert_eq!(fit("short", 10), "short");
        assert_eq!(fit(" one two three", 10), " one two…");
        assert_eq!(fit("one, two three", 8), "one…");
        assert_eq!(fit("unbreakable", 4), "…");
    }
}
