//! Drawing the Mandiri game: the board with each hole's seat letter and colour, the seats with
//! their players, the Raja, captures and reserves; the last move in words, the move list, the
//! rounds by player, overlays. Made for an 80x24 terminal.

use super::anim::MandiriBoard;
use super::{App, Mover, Who};
use crate::app::Overlay;
use crate::terminal::Screen;
use crate::ui::summary;
use crate::ui::text::{fit, fit_items, wrap};
use crate::ui::widgets::{
    animation_keys, caption_lines, draw_keys, draw_layout, draw_move_in_full, draw_move_list,
    draw_panel, draw_words, focus_style, help_popup, shown_board, status_line, told, BESIDE_BOARD,
    BOARD_HEIGHT,
};
use rajapasu_engine::mandiri::text as words;
use rajapasu_engine::mandiri::{self, Player, Players, Seat};
use rajapasu_engine::{Hole, Side};
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;

impl Screen for mandiri::Game {
    fn draw(f: &mut Frame, app: &App) {
        draw(f, app)
    }
}

/// Width of the right-hand column (moves and rounds).
const SIDE_WIDTH: u16 = 20;
/// The board panel: the row label, seven cells `[L 14]` and a space each, borders.
const LEFT_MIN: u16 = 7 + 7 * 7 + 2;
/// The smallest terminal the game is drawn in.
pub const MIN_WIDTH: u16 = LEFT_MIN + SIDE_WIDTH;
/// See [`MIN_WIDTH`].
pub const MIN_HEIGHT: u16 = BOARD_HEIGHT + BESIDE_BOARD;

/// Each seat's colour; its letter is always drawn too, so that colour is never alone.
pub fn seat_colour(seat: Seat) -> Color {
    match seat {
        Seat::C => Color::Yellow,
        Seat::R => Color::Cyan,
        Seat::L => Color::Magenta,
    }
}

/// Draws the whole screen.
pub fn draw(f: &mut Frame, app: &App) {
    let area = f.area();
    if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
        let text = format!(
            "Raja Pasu Mandiri needs at least {MIN_WIDTH}x{MIN_HEIGHT}; this terminal is {}x{}. \
             Enlarge it. q quits.",
            area.width, area.height
        );
        return draw_words(f, &text);
    }
    let a = draw_layout(f, LEFT_MIN, SIDE_WIDTH, |width| header_line(app, width));
    draw_board(f, a.board, app);
    draw_explanation(f, a.explain, app);
    draw_move_list(f, a.moves, move_lines(&app.game));
    draw_rounds(f, a.rounds, app);
    f.render_widget(
        Paragraph::new(Line::styled(
            fit(&message_text(app), usize::from(a.message.width)),
            Style::new().fg(Color::Yellow),
        )),
        a.message,
    );
    draw_keys(f, a.keys, keys_line(app, usize::from(a.keys.width)));
    match app.overlay {
        Some(Overlay::Help) => draw_help(f),
        Some(Overlay::RoundOver) if app.frame().is_none() => summary::draw(f, app, 70),
        Some(Overlay::Explain(scroll)) => draw_full_explanation(f, app, scroll),
        _ => {}
    }
}

fn header_line(app: &App, width: usize) -> Line<'static> {
    let pos = app.game.position();
    let title = " Raja Pasu Mandiri  ";
    let text = format!(
        "{}  Round {}  Raja: player {}",
        pos.rules(),
        pos.round(),
        pos.player(Seat::C)
    );
    Line::from(vec![
        Span::styled(title, Style::new().add_modifier(Modifier::BOLD)),
        Span::raw(fit(&text, width.saturating_sub(title.len()))),
    ])
}

/// Who plays the player in `seat`, in a few words.
fn who_text(app: &App, seat: Seat) -> String {
    let p = app.game.position().player(seat);
    if app.game.position().is_out(p) {
        return "out".to_string();
    }
    let lineup = &app.config.players;
    match lineup.of(p) {
        Who::Human if lineup.people() == 1 => "you".to_string(),
        Who::Human => "person".to_string(),
        Who::Computer(level) => format!("computer {level}"),
    }
}

fn draw_board(f: &mut Frame, area: Rect, app: &App) {
    let inner = draw_panel(f, area, "Board");
    let frame = app.frame();
    let board = &*shown_board(frame, || MandiriBoard::of(app.game.position()));
    let pos = app.game.position();
    let playing = app.game.status() == mandiri::Status::Playing;
    // While a move is shown, its mover is the seat at work.
    let to_move = match (frame, app.last.played) {
        (Some(_), Some((mover, _))) => mover.seat,
        _ => app.to_move(),
    };
    let cursor = (frame.is_none() && app.human_to_move()).then_some(app.cursor);
    let row = |side: Side| -> Vec<Hole> {
        let holes = (1..=7).filter_map(move |k| Hole::new(side, k));
        match side {
            Side::North => holes.rev().collect(),
            Side::South => holes.collect(),
        }
    };
    let names = |side: Side| -> Line<'static> {
        let mut s = " ".repeat(7);
        for h in row(side) {
            s.push_str(&format!("{:^6} ", h.to_string()));
        }
        Line::styled(s, Style::new().fg(Color::DarkGray))
    };
    let holes = |side: Side, label: &str| -> Line<'static> {
        let mut spans = vec![Span::raw(format!("{label:<7}"))];
        for h in row(side) {
            let seat = Seat::owner(h);
            let selected = cursor == Some(h);
            let (open, close) = if selected { ('>', '<') } else { ('[', ']') };
            let text = match board.count(h) {
                Some(c) => format!("{open}{seat} {c:>2}{close}"),
                None => format!("{open}{seat}  x{close}"),
            };
            let mut style = Style::new().fg(seat_colour(seat));
            if board.count(h).is_none() {
                style = style.add_modifier(Modifier::DIM);
            }
            if playing && seat == to_move {
                style = style.add_modifier(Modifier::BOLD);
            }
            if selected {
                style = style.add_modifier(Modifier::REVERSED);
            }
            style = focus_style(frame, h, style);
            spans.push(Span::styled(text, style));
            spans.push(Span::raw(" "));
        }
        Line::from(spans)
    };
    let seat_line = |seat: Seat| -> Line<'static> {
        let p = pos.player(seat);
        let mover = playing && seat == to_move;
        let raja = if seat == Seat::C {
            format!("Raja {}/{}", pos.office(), pos.rules().term)
        } else {
            String::new()
        };
        let mut spans = vec![
            Span::styled(
                if mover { ">" } else { " " },
                Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD),
            ),
            Span::styled(
                seat.letter().to_string(),
                Style::new()
                    .fg(seat_colour(seat))
                    .add_modifier(Modifier::BOLD),
            ),
            Span::raw(format!(
                " {raja:<8} player {p} {:<12}captured {:>2} reserve {:>2}",
                who_text(app, seat),
                board.captured[seat],
                pos.reserve(p)
            )),
        ];
        if mover {
            spans[2].style = Style::new().add_modifier(Modifier::BOLD);
        }
        Line::from(spans)
    };
    let status = status_line(frame, || turn_text(app));
    let lines = vec![
        names(Side::North),
        holes(Side::North, " Far"),
        holes(Side::South, " Near"),
        names(Side::South),
        Line::styled(
            fit(
                " Sowing runs anticlockwise: S1..S7, N1..N7, S1...",
                usize::from(inner.width),
            ),
            Style::new().fg(Color::DarkGray),
        ),
        seat_line(Seat::C),
        seat_line(Seat::R),
        seat_line(Seat::L),
        Line::raw(""),
        status,
    ];
    // A wide terminal gets the same board in the middle of the panel.
    let pad = usize::from(inner.width.saturating_sub(LEFT_MIN - 2) / 2);
    let lines: Vec<Line> = lines
        .into_iter()
        .map(|mut l| {
            l.spans.insert(0, Span::raw(" ".repeat(pad)));
            l
        })
        .collect();
    f.render_widget(Paragraph::new(lines), inner);
}

/// Whose turn it is, or how the game ended.
pub fn turn_text(app: &App) -> String {
    let pos = app.game.position();
    match app.game.status() {
        mandiri::Status::Playing => {
            let seat = app.to_move();
            let p = pos.player(seat);
            if app.is_computer(seat) {
                format!("Seat {seat} (player {p}) to move: the computer is thinking...")
            } else {
                format!("Seat {seat} (player {p}) to move: your turn")
            }
        }
        mandiri::Status::RoundOver { winners } => {
            format!(
                "{}The game is over: {} won the round.",
                you(app, winners),
                words::players(winners)
            )
        }
        mandiri::Status::MatchOver { winners } => {
            format!(
                "{}The match is over: {} won it.",
                you(app, winners),
                words::players(winners)
            )
        }
    }
}

/// "You win! " or "You lose. " when one person plays against the computers; nothing when
/// several people play, where the players' numbers say it all.
fn you(app: &App, winners: Players) -> &'static str {
    let mut people = Player::ALL
        .into_iter()
        .filter(|&p| app.config.players.of(p) == Who::Human);
    match (people.next(), people.next()) {
        (Some(p), None) if winners.contains(p) => "You win! ",
        (Some(_), None) => "You lose. ",
        _ => "",
    }
}

fn draw_explanation(f: &mut Frame, area: Rect, app: &App) {
    let inner = draw_panel(f, area, "Last move");
    let width = usize::from(inner.width);
    let height = usize::from(inner.height);
    let lines: Vec<Line> = if let Some(fr) = app.frame() {
        caption_lines(&fr.caption, width, false)
    } else {
        let mut all = told(heading(app), &app.last.lines, width);
        if all.is_empty() {
            all = wrap(
                "No move yet. The explanation of each move appears here.",
                width,
            );
        }
        if all.len() > height {
            // A long move: its start, and its end, where the captures are.
            let tail = height.saturating_sub(2);
            let skipped = all.len() - 1 - tail;
            let mut v = vec![all[0].clone(), format!("  ... {skipped} more lines ...")];
            v.extend(all[all.len() - tail..].iter().cloned());
            all = v;
        }
        all.into_iter().map(Line::raw).collect()
    };
    f.render_widget(Paragraph::new(lines), inner);
}

/// The move list as drawn: round headings and two moves a line, each with its seat.
pub fn move_lines(game: &mandiri::Game) -> Vec<String> {
    let mut replay = mandiri::Game::from_position(*game.start());
    let mut out = Vec::new();
    let mut round = 0;
    let mut line = String::new();
    for (k, &mv) in game.moves().iter().enumerate() {
        let pos = *replay.position();
        if pos.round() != round {
            if !line.is_empty() {
                out.push(std::mem::take(&mut line));
            }
            round = pos.round();
            out.push(format!("Round {round}"));
        }
        let entry = format!("{:>3} {}:{mv}", k + 1, pos.to_move());
        if line.is_empty() {
            line = entry;
        } else {
            line = format!("{line} {entry}");
            out.push(std::mem::take(&mut line));
        }
        if replay.try_play(mv).is_err() {
            break;
        }
    }
    if !line.is_empty() {
        out.push(line);
    }
    out
}

/// The rounds by player: what each captured, and who won.
fn draw_rounds(f: &mut Frame, area: Rect, app: &App) {
    let inner = draw_panel(f, area, "Rounds");
    let rounds = app.game.rounds();
    let mut lines = vec![Line::styled(
        "Rd  P1 P2 P3 Won",
        Style::new().fg(Color::DarkGray),
    )];
    let room = usize::from(inner.height).saturating_sub(3);
    let skip = rounds.len().saturating_sub(room);
    for r in &rounds[skip..] {
        let mut by_player = [0u16; 3];
        for s in Seat::ALL {
            by_player[r.seats[s].index()] = r.captured[s];
        }
        lines.push(Line::raw(format!(
            "{:>2} {:>3}{:>3}{:>3} {}",
            r.round, by_player[0], by_player[1], by_player[2], r.winners
        )));
    }
    if app.game.status() == mandiri::Status::Playing && app.frame().is_none() {
        let pos = app.game.position();
        let mut by_player = [0u32; 3];
        for s in Seat::ALL {
            by_player[pos.player(s).index()] = pos.captured(s);
        }
        lines.push(Line::raw(format!(
            "{:>2} {:>3}{:>3}{:>3} ..",
            pos.round(),
            by_player[0],
            by_player[1],
            by_player[2]
        )));
    }
    let wins = |i: usize| {
        rounds
            .iter()
            .filter(|r| r.winners.iter().any(|p| p.index() == i))
            .count()
    };
    lines.push(Line::styled(
        format!("Won 1:{} 2:{} 3:{}", wins(0), wins(1), wins(2)),
        Style::new().add_modifier(Modifier::BOLD),
    ));
    f.render_widget(Paragraph::new(lines), inner);
}

fn message_text(app: &App) -> String {
    if app.frame().is_some() && app.message.is_empty() {
        if let Some((Mover { seat, player: p }, hole)) = app.last.played {
            return format!(" Seat {seat} (player {p}) plays {hole}.");
        }
    }
    if let Some(side) = app.typing {
        return format!(
            " {}_: the hole's number, 1 to 7 (Esc: cancel)",
            side.letter()
        );
    }
    if !app.message.is_empty() {
        return format!(" {}", app.message);
    }
    format!(" {}", turn_text(app))
}

fn keys_line(app: &App, width: usize) -> String {
    let window = matches!(app.overlay, Some(Overlay::Help | Overlay::Explain(_)));
    let items: Vec<&str> = if app.frame().is_some() && !window {
        animation_keys("w save")
    } else {
        match app.overlay {
            Some(Overlay::Help) => vec!["any key closes"],
            Some(Overlay::Explain(_)) => vec!["Up/Down scroll", "Esc close"],
            Some(Overlay::RoundOver) if app.game.status().is_over() => {
                vec![
                    "Enter close",
                    "g new game",
                    "Up/Down scroll",
                    "u undo",
                    "q quit",
                ]
            }
            Some(Overlay::RoundOver) => {
                vec!["Enter go on", "Up/Down scroll", "u undo", "q quit"]
            }
            None if app.game.status().is_over() => {
                vec!["g new game", "u undo", "w save", "? help", "q quit"]
            }
            None if app.human_to_move() => vec![
                "<- -> Up Down Enter, or S/N + 1-7 play",
                "u undo",
                "q quit",
                "h hint",
                "e explain",
                "? help",
                "w save",
            ],
            None => vec!["q quit", "u undo", "e explain", "? help", "w save"],
        }
    };
    fit_items(&items, width)
}

/// The text of the help window.
pub const HELP: &[&str] = &[
    "Keys",
    "  <- -> Up Down, Enter  pick one of your holes and sow it",
    "  S or N, then 1-7      sow the hole of that name (S4, n6)",
    "  u  take back moves, back to a person's turn",
    "  e  the last move in full        h  hint: the best move, its worth",
    "  w  save the game record        + -  animation speed",
    "  Space  skip the animation      ?  this help",
    "  q  quit (the game is saved)    g  a new game once over",
    "",
    "The game",
    "  Three seats: the Raja C owns S3-S5 and N3-N5, the right end R",
    "  S6 S7 N1 N2, the left end L N6 N7 S1 S2. Turns go C, R, L.",
    "  Sowing, relays and pussa are Raja Pasu's; a four goes to the",
    "  seat that owns the hole. The round ends when no capture is left:",
    "  the last mover takes the rest. The Raja gives a counter to each",
    "  other player, and after three rounds the office passes to R.",
];

fn draw_help(f: &mut Frame) {
    help_popup(f, HELP, f.area().width.min(70));
}

/// The last move in full, every sentence, scrolled when taller than the screen.
fn draw_full_explanation(f: &mut Frame, app: &App, scroll: usize) {
    let title = "The last move (Up/Down scroll, Esc closes)";
    let text = |width| told(heading(app), &app.last.lines, width);
    draw_move_in_full(f, title, text, scroll);
}

/// Who played the last move, and which.
fn heading(app: &App) -> Option<String> {
    let (Mover { seat, player }, hole) = app.last.played?;
    Some(format!("Seat {seat} (player {player}) played {hole}."))
}
