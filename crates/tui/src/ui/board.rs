//! Raja Pasu's [`Screen`]: the board with both rows (the player's own side on the near row),
//! counts, captures, reserves and closed holes; the last move in words, folded when long; the
//! move list's entries; the rounds and the match score; the message; the help. Made for an 80x24
//! terminal; larger ones get the same picture with more room. The layout, the keys and the
//! windows over the board are [`super::draw`]'s, the same for both games.

use super::text::wrap;
use super::widgets::{
    caption_lines, draw_panel, focus_style, mark_style, names_line, notice_line, shown_board,
    sowing_line, status_line, told,
};
use super::Screen;
use crate::anim::{BoardView, Mark};
use crate::app::{App, Overlay};
use crate::raja_pasu::near_side;
use rajapasu_engine::{BySide, Game, Hole, Move, Position, RoundResult, Side, Status};
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;

impl Screen for Game {
    const TITLE: &'static str = "Raja Pasu";
    const TOO_SMALL: &'static str = "Enlarge it, or play line by line with --lines. q quits.";
    // The narrow cells of seven holes and the row label, borders included.
    const LEFT_MIN: u16 = 38;
    const SIDE_WIDTH: u16 = 22;
    const SUMMARY_WIDTH: u16 = 64;
    const HELP: &'static [&'static str] = HELP;
    const HELP_NARROW: Option<&'static [&'static str]> = Some(HELP_NARROW);
    const ROUNDS_HEADING: &'static str = "Rd  South North Won";
    const MOVES_APART: &'static str = "  ";

    fn header(app: &App, long: bool) -> String {
        let players = match app.config.players {
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
        let pos = app.game.position();
        format!("{}  {round} {}  {players}", pos.rules(), pos.round())
    }

    fn draw_board(f: &mut Frame, area: Rect, app: &App) {
        let inner = draw_panel(f, area, "Board");

        let frame = app.frame();
        let board = &*shown_board(frame, || BoardView::of(app.game.position()));
        let near = near_side(&app.config.players);
        let far = !near;
        let to_move = app.game.position().to_move();
        let playing = app.game.status() == Status::Playing;
        let cursor = (frame.is_none() && app.human_to_move()).then_some(app.cursor.number());
        let n = board.holes;
        // Wide cells `[ 14 ]` when they fit, else narrow ` 14`.
        let wide = usize::from(inner.width) >= 7 + n * 7;

        let names = |side: Side, near_row: bool| {
            names_line(
                drawn_row(board, side, near_row).into_iter().map(|(h, _)| h),
                wide,
            )
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
            for (hole, count) in drawn_row(board, side, near_row) {
                let selected = cursor == Some(hole.number()) && side == to_move;
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
            sowing_line(n, usize::from(inner.width)),
            pile(far),
            pile(near),
            notice_line(app.config.notice.as_ref(), usize::from(inner.width)),
            status,
        ];
        f.render_widget(Paragraph::new(lines), inner);
    }

    fn explanation(app: &App, width: usize, height: usize) -> Vec<Line<'static>> {
        if let Some(fr) = app.frame() {
            return caption_lines(&fr.caption, width, true);
        }
        let all = told(app.last.played.map(Game::heading), &app.last.lines, width);
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
    }

    fn heading((side, mv): (Side, Move)) -> String {
        format!("{side} played {mv} ({}{mv}).", side.letter())
    }

    fn move_entry(number: usize, before: &Position, mv: Move) -> (u32, String) {
        let side = before.to_move().letter();
        (before.round(), format!("{number:>3}. {side}{mv}"))
    }

    fn round_line(r: &RoundResult) -> String {
        let won = r.winner.map_or('=', Side::letter);
        let (south, north) = (r.captured.south, r.captured.north);
        format!("{:>2}  {south:>5} {north:>5}  {won}", r.round)
    }

    fn round_in_play(app: &App) -> Option<String> {
        // A move that ended a round is already in the list above.
        let ended = app.frame().is_some() && app.overlay == Some(Overlay::RoundOver);
        if app.game.status() != Status::Playing || ended {
            return None;
        }
        let pos = app.game.position();
        // While a move is animated, its captures are not known yet.
        let captured = app
            .frame()
            .map_or(BySide::from_fn(|s| pos.captured(s)), |fr| fr.board.captured);
        let (south, north) = (captured.south, captured.north);
        Some(format!("{:>2}  {south:>5} {north:>5}  ..", pos.round()))
    }

    fn rounds_won(rounds: &[RoundResult]) -> String {
        let wins = |s: Side| rounds.iter().filter(|r| r.winner == Some(s)).count();
        format!("Rounds won S {} N {}", wins(Side::South), wins(Side::North))
    }

    fn play_keys(game: &Game) -> String {
        let n = game.rules().holes().min(9);
        format!("<-/-> Enter or 1-{n} play")
    }

    fn message(app: &App) -> (String, Style) {
        let yellow = Style::new().fg(Color::Yellow);
        // While a move is shown, it is the news, even if the computer already thinks of its
        // reply.
        if app.frame().is_some() && app.message.is_empty() {
            if let Some((side, mv)) = app.last.played {
                let who = if app.is_computer(side) {
                    format!("The computer ({side})")
                } else {
                    side.to_string()
                };
                return (format!(" {who} plays {mv}."), Style::new());
            }
        }
        if !app.message.is_empty() {
            (format!(" {}", app.message), yellow)
        } else if app.thinking() {
            (" The computer is thinking...".to_string(), yellow)
        } else {
            (format!(" {}", turn_text(app)), Style::new())
        }
    }
}

/// One row of holes as drawn, left to right: `(hole number, count)`.
fn drawn_row(board: &BoardView, side: Side, near: bool) -> Vec<(Hole, Option<u8>)> {
    let cells = board.rows[side].iter().enumerate();
    let hole = |k: usize| Hole::new(side, k as u8 + 1).expect("a hole of the row");
    let mut cells: Vec<_> = cells.map(|(k, &c)| (hole(k), c)).collect();
    if !near {
        cells.reverse();
    }
    cells
}

/// Whose turn it is, or how the game ended.
pub fn turn_text(app: &App) -> String {
    match app.game.status() {
        Status::Playing => {
            let side = app.game.position().to_move();
            if app.is_computer(side) {
                format!("{side} to move: the computer is thinking...")
            } else if app.config.players.is_some() {
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
    match app.config.players {
        Some(c) if c.side == winner => "You lose. ",
        Some(_) => "You win! ",
        None => "",
    }
}

/// A long move in `height` lines: how it started, a note that `e` shows the rest, and as many
/// whole sentences from its end as fit.
fn shortened(app: &App, width: usize, height: usize) -> Vec<Line<'static>> {
    let mut head: Vec<String> = app.last.played.map(Game::heading).into_iter().collect();
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
