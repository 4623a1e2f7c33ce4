//! Mandiri's [`Screen`]: the board with each hole's seat letter and colour, the seats with their
//! players, the Raja, captures and reserves; the last move in words, the move list's entries,
//! the rounds by player, the message, the help. Made for an 80x24 terminal; the layout, the
//! keys and the windows over the board are [`crate::ui::draw`]'s.

use super::anim::MandiriBoard;
use super::{App, Mover, Who};
use crate::ui::text::wrap;
use crate::ui::widgets::{
    caption_lines, draw_panel, focus_style, names_line, shown_board, sowing_line, status_line, told,
};
use crate::ui::Screen;
use rajapasu_engine::mandiri::text as words;
use rajapasu_engine::mandiri::{self, Player, Players, Seat};
use rajapasu_engine::{Hole, Side};
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;

/// The board panel: the row label, seven cells `[L 14]` and a space each, borders.
const LEFT_MIN: u16 = 7 + 7 * 7 + 2;

impl Screen for mandiri::Game {
    const TITLE: &'static str = "Raja Pasu Mandiri";
    const TOO_SMALL: &'static str = "Enlarge it. q quits.";
    const LEFT_MIN: u16 = LEFT_MIN;
    const SIDE_WIDTH: u16 = 20;
    const SUMMARY_WIDTH: u16 = 70;
    const HELP: &'static [&'static str] = HELP;
    const HELP_NARROW: Option<&'static [&'static str]> = None;
    const ROUNDS_HEADING: &'static str = "Rd  P1 P2 P3 Won";
    const MOVES_APART: &'static str = " ";

    fn header(app: &App, _: bool) -> String {
        let pos = app.game.position();
        let raja = pos.player(Seat::C);
        format!(
            "{}  Round {}  Raja: player {raja}",
            pos.rules(),
            pos.round()
        )
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
            _ => app.game.position().to_move(),
        };
        let cursor = (frame.is_none() && app.human_to_move()).then_some(app.cursor);
        let row = |side: Side| -> Vec<Hole> {
            let holes = (1..=7).filter_map(move |k| Hole::new(side, k));
            match side {
                Side::North => holes.rev().collect(),
                Side::South => holes.collect(),
            }
        };
        let names = |side: Side| names_line(row(side), true);
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
            sowing_line(7, usize::from(inner.width)),
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

    fn explanation(app: &App, width: usize, height: usize) -> Vec<Line<'static>> {
        if let Some(fr) = app.frame() {
            return caption_lines(&fr.caption, width, false);
        }
        let heading = app.last.played.map(mandiri::Game::heading);
        let mut all = told(heading, &app.last.lines, width);
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
    }

    fn heading((Mover { seat, player }, hole): (Mover, Hole)) -> String {
        format!("Seat {seat} (player {player}) played {hole}.")
    }

    fn move_entry(number: usize, before: &mandiri::Position, mv: Hole) -> (u32, String) {
        (
            before.round(),
            format!("{number:>3} {}:{mv}", before.to_move()),
        )
    }

    fn round_line(r: &mandiri::RoundResult) -> String {
        let mut by_player = [0u16; 3];
        for s in Seat::ALL {
            by_player[r.seats[s].index()] = r.captured[s];
        }
        let [one, two, three] = by_player;
        format!("{:>2} {one:>3}{two:>3}{three:>3} {}", r.round, r.winners)
    }

    fn round_in_play(app: &App) -> Option<String> {
        if app.game.status() != mandiri::Status::Playing || app.frame().is_some() {
            return None;
        }
        let pos = app.game.position();
        let mut by_player = [0u32; 3];
        for s in Seat::ALL {
            by_player[pos.player(s).index()] = pos.captured(s);
        }
        let [one, two, three] = by_player;
        Some(format!("{:>2} {one:>3}{two:>3}{three:>3} ..", pos.round()))
    }

    fn rounds_won(rounds: &[mandiri::RoundResult]) -> String {
        let wins = |i: usize| {
            rounds
                .iter()
                .filter(|r| r.winners.iter().any(|p| p.index() == i))
                .count()
        };
        format!("Won 1:{} 2:{} 3:{}", wins(0), wins(1), wins(2))
    }

    fn play_keys(_: &mandiri::Game) -> String {
        "<- -> Up Down Enter, or S/N + 1-7 play".to_string()
    }

    fn message(app: &App) -> (String, Style) {
        let text = match (app.frame(), app.last.played, app.typing) {
            (Some(_), Some((Mover { seat, player }, hole)), _) if app.message.is_empty() => {
                format!(" Seat {seat} (player {player}) plays {hole}.")
            }
            (_, _, Some(side)) => format!(
                " {}_: the hole's number, 1 to 7 (Esc: cancel)",
                side.letter()
            ),
            _ if !app.message.is_empty() => format!(" {}", app.message),
            _ => format!(" {}", turn_text(app)),
        };
        (text, Style::new().fg(Color::Yellow))
    }
}

/// Each seat's colour; its letter is always drawn too, so that colour is never alone.
pub fn seat_colour(seat: Seat) -> Color {
    match seat {
        Seat::C => Color::Yellow,
        Seat::R => Color::Cyan,
        Seat::L => Color::Magenta,
    }
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

/// Whose turn it is, or how the game ended.
pub fn turn_text(app: &App) -> String {
    let pos = app.game.position();
    match app.game.status() {
        mandiri::Status::Playing => {
            let seat = app.game.position().to_move();
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
