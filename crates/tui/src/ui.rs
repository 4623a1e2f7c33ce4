//! Drawing: the board, the last move in words, the move list, the scoreboard, overlays. Made
//! for an 80x24 terminal; larger ones get the same picture with more room.

use crate::anim::{BoardView, Mark};
use crate::app::{App, Overlay};
use rajapasu_engine::{BySide, Game, Hole, RoundEnd, Side, Status};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph};
use ratatui::Frame;

/// Width of the right-hand column (moves and rounds).
const SIDE_WIDTH: u16 = 22;
/// Height of the board panel, borders included.
const BOARD_HEIGHT: u16 = 12;

/// Draws the whole screen.
pub fn draw(f: &mut Frame, app: &App) {
    let [header, body, message, keys] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(10),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(f.area());
    let [left, right] =
        Layout::horizontal([Constraint::Min(40), Constraint::Length(SIDE_WIDTH)]).areas(body);
    let [board, explain] =
        Layout::vertical([Constraint::Length(BOARD_HEIGHT), Constraint::Min(3)]).areas(left);
    let [moves, rounds] =
        Layout::vertical([Constraint::Min(4), Constraint::Length(8)]).areas(right);

    f.render_widget(Paragraph::new(header_line(app)), header);
    draw_board(f, board, app);
    draw_explanation(f, explain, app);
    draw_moves(f, moves, app);
    draw_rounds(f, rounds, app);
    f.render_widget(Paragraph::new(message_line(app)), message);
    f.render_widget(
        Paragraph::new(Line::styled(
            keys_line(app),
            Style::new().fg(Color::DarkGray),
        )),
        keys,
    );
    match &app.overlay {
        Some(Overlay::Help) => draw_help(f),
        Some(Overlay::Explain(scroll)) => draw_full_explanation(f, app, *scroll),
        Some(Overlay::RoundOver) if app.frame().is_none() => draw_round_over(f, app),
        _ => {}
    }
}

fn header_line(app: &App) -> Line<'static> {
    let pos = app.game.position();
    let players = match app.config.computer {
        Some(c) => {
            format!(
                "You: {}  Computer: {}, level {} ({})",
                !c.side,
                c.side,
                c.level,
                c.level.name()
            )
        }
        None => "Two players".to_string(),
    };
    Line::from(vec![
        Span::styled(" Raja Pasu ", Style::new().add_modifier(Modifier::BOLD)),
        Span::raw(format!(
            " {}  Round {}  {players}",
            pos.rules(),
            pos.round()
        )),
    ])
}

fn panel(title: &str) -> Block<'static> {
    Block::new()
        .borders(Borders::ALL)
        .border_style(Style::new().fg(Color::DarkGray))
        .title(Span::styled(
            format!(" {title} "),
            Style::new().add_modifier(Modifier::BOLD),
        ))
}

fn mark_style(mark: Mark) -> Style {
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
    let block = panel("Board");
    let inner = block.inner(area);
    f.render_widget(block, area);

    let frame = app.frame();
    let live;
    let board = match frame {
        Some(fr) => &fr.board,
        None => {
            live = BoardView::of(app.game.position());
            &live
        }
    };
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
            if let Some((h, mark)) = frame.and_then(|fr| fr.focus) {
                if h == hole {
                    style = mark_style(mark);
                }
            }
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
    let status = match frame {
        Some(fr) => Line::styled(
            format!(" In hand: {}", fr.hand),
            Style::new().fg(Color::Cyan),
        ),
        None => Line::styled(
            format!(" {}", turn_text(app)),
            Style::new().add_modifier(Modifier::BOLD),
        ),
    };
    let lines = vec![
        names(far, false),
        holes(far, false),
        holes(near, true),
        names(near, true),
        Line::styled(
            format!(" Sowing runs anticlockwise: S1..S{n}, N1..N{n}, S1..."),
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
            Some(w) => format!("The game is over: {w} wins the round."),
            None => "The game is over: the round is drawn.".to_string(),
        },
        Status::MatchOver {
            winner: Some(winner),
        } => format!("The match is over: {winner} wins."),
        Status::MatchOver { winner: None } => {
            "The match is over: drawn, the same round start came a third time.".to_string()
        }
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
    let mut out = Vec::new();
    if let Some((side, mv)) = app.last.played {
        out.push(format!("{side} played {mv} ({}{mv}).", side.letter()));
    }
    for l in &app.last.lines {
        out.extend(wrap(l, width));
    }
    out
}

fn draw_explanation(f: &mut Frame, area: Rect, app: &App) {
    let block = panel("Last move");
    let inner = block.inner(area);
    f.render_widget(block, area);
    let width = usize::from(inner.width);
    let height = usize::from(inner.height);
    let lines: Vec<Line> = if let Some(fr) = app.frame() {
        let mut v: Vec<Line> = wrap(&fr.caption, width)
            .into_iter()
            .map(|l| Line::styled(l, Style::new().fg(Color::Cyan)))
            .collect();
        v.push(Line::raw(""));
        v.push(Line::styled(
            "Space: skip the animation   +/-: faster/slower",
            Style::new().fg(Color::DarkGray),
        ));
        v
    } else {
        let all = explanation_lines(app, width);
        if all.is_empty() {
            vec![Line::styled(
                "No move yet. The explanation of each move appears here.",
                Style::new().fg(Color::DarkGray),
            )]
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
    v.push(Line::styled(
        format!(
            "  ... {hidden} more step{}: press e for the whole move",
            if hidden == 1 { "" } else { "s" }
        ),
        Style::new().fg(Color::DarkGray),
    ));
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
    let block = panel("Moves");
    let inner = block.inner(area);
    f.render_widget(block, area);
    let all = move_lines(&app.game);
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
    let block = panel("Rounds");
    let inner = block.inner(area);
    f.render_widget(block, area);
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

fn message_line(app: &App) -> Line<'static> {
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

fn keys_line(app: &App) -> String {
    if app.frame().is_some() {
        " Space skip   + faster   - slower   u undo   s save   q quit".to_string()
    } else if app.overlay.is_some() {
        " Enter or Esc: close   q quit".to_string()
    } else if app.human_to_move() {
        let n = app.game.rules().holes().min(9);
        format!(" <-/-> Enter or 1-{n} play  u undo  h hint  e explain  s save  ? help  q quit")
    } else {
        " u undo   h hint   e explain   s save   ? help   q quit".to_string()
    }
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

fn popup(f: &mut Frame, title: &str, width: u16, lines: Vec<Line<'static>>) {
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
    "  e  the last move in full       Space  skip the animation",
    "  s  save the game record        + -  animation speed",
    "  q  quit (the game is saved)    ?  this help",
    "",
    "The game",
    "  Sow anticlockwise from one of your holes, one counter a hole.",
    "  A lap ending before an occupied hole lifts it and sows on.",
    "  A lap ending before an empty hole captures the hole beyond.",
    "  Any hole a drop brings to 4: its owner takes the four.",
    "  x marks a closed hole. Hole numbers count from each player's",
    "  own left: North's row runs N7..N1 as seen from South.",
];

fn draw_help(f: &mut Frame) {
    let lines = HELP
        .iter()
        .map(|l| {
            if l.starts_with(' ') || l.is_empty() {
                Line::raw(*l)
            } else {
                Line::styled(*l, Style::new().add_modifier(Modifier::BOLD))
            }
        })
        .collect();
    popup(f, "Help (any key closes)", 70, lines);
}

fn draw_full_explanation(f: &mut Frame, app: &App, scroll: usize) {
    let area = f.area();
    let width = area.width.min(76);
    let text_width = usize::from(width) - 2;
    let all = explanation_lines(app, text_width);
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
    popup(
        f,
        "The last move (Up/Down scroll, Esc closes)",
        width,
        lines,
    );
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
    lines.push("Press Enter to go on.".to_string());
    (title, lines)
}

fn draw_round_over(f: &mut Frame, app: &App) {
    let (title, text) = round_summary(&app.game);
    let room = usize::from(f.area().height.saturating_sub(2));
    let lines: Vec<Line> = text
        .iter()
        .flat_map(|l| {
            if l.is_empty() {
                vec![String::new()]
            } else {
                wrap(l, 62)
            }
        })
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .take(room)
        .rev()
        .map(Line::raw)
        .collect();
    popup(f, &title, 64, lines);
}
