//! Text for people, in English: the board as a diagram, a game's state, and a move told lap
//! by lap from its trace. The command line and the terminal game print these.

use crate::{Event, Game, Hole, Position, RoundEnd, Side, Status};
use std::fmt::Write;

/// The board with North's row on top, read right to left as North sees it from across.
pub fn board(pos: &Position) -> String {
    let n = pos.rules().holes();
    // North's row is drawn from its hole n down to 1, South's from 1 up to n.
    let order = |side: Side| -> Vec<u8> {
        match side {
            Side::North => (1..=n as u8).rev().collect(),
            Side::South => (1..=n as u8).collect(),
        }
    };
    let names = |side: Side| {
        let mut line = " ".repeat(8);
        for k in order(side) {
            let _ = write!(line, "{:>3} ", format!("{}{k}", side.letter()));
        }
        line.trim_end().to_string() + "\n"
    };
    let counts = |side: Side| {
        let mut line = format!("{:<8}", side.to_string());
        for k in order(side) {
            match pos.count(Hole::new(side, k).expect("hole in range")) {
                Some(c) => write!(line, "{c:>3} "),
                None => write!(line, "  x "),
            }
            .expect("writing to a string");
        }
        let _ = writeln!(
            line,
            "  captured {:>2}  reserve {:>2}",
            pos.captured(side),
            pos.reserve(side)
        );
        line
    };
    [
        names(Side::North),
        counts(Side::North),
        counts(Side::South),
        names(Side::South),
    ]
    .concat()
}

/// The whole state of a game in words and a diagram.
pub fn state(game: &Game) -> String {
    let pos = game.position();
    let mut out = String::new();
    let _ = writeln!(out, "Rules: {}", pos.rules());
    for r in game.rounds() {
        let _ = writeln!(
            out,
            "Round {}: South {}, North {}, {} ({})",
            r.round,
            r.captured.south,
            r.captured.north,
            r.winner
                .map_or("drawn".to_string(), |w| format!("won by {w}")),
            match r.ended_by {
                RoundEnd::NoMoves => "no moves left",
                RoundEnd::Repetition => "third repetition",
            }
        );
    }
    let _ = writeln!(out, "Round {}, {} to move", pos.round(), pos.to_move());
    out.push_str(&board(pos));
    match game.status() {
        Status::Playing => {
            let moves: Vec<String> = game.legal_moves().iter().map(|m| m.to_string()).collect();
            let _ = writeln!(out, "Legal moves: {}", moves.join(" "));
        }
        Status::RoundOver { winner } => {
            let _ = writeln!(
                out,
                "The round is over: {}",
                winner.map_or("drawn".to_string(), |w| format!("{w} wins"))
            );
        }
        Status::MatchOver {
            winner: Some(winner),
        } => {
            let _ = writeln!(out, "The match is over: {winner} wins");
        }
        Status::MatchOver { winner: None } => {
            let _ = writeln!(
                out,
                "The match is over: drawn, the same round start came a third time"
            );
        }
    }
    let _ = writeln!(out, "Position: {pos}");
    out
}

fn holes(list: &[Hole]) -> String {
    list.iter()
        .map(|h| h.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// A move told lap by lap from its events, one sentence a lap or capture.
///
/// ```
/// use rajapasu_engine::{text, Game, Move, Rules, Side};
/// let mut game = Game::from_code("0,1,0,2,0,0,3/0,0,1,0,3,0,2 S 40 46", Rules::default()).unwrap();
/// let mut events = Vec::new();
/// game.play_traced(Move::new(2).unwrap(), &mut events).unwrap();
/// let lines = text::narrate(Side::South, &events);
/// assert_eq!(lines[0], "South lifts 1 from S2, sows S3.");
/// assert_eq!(lines.last().unwrap(), "The next hole is empty: South captures 3 from N5 (pussa).");
/// ```
pub fn narrate(mover: Side, events: &[Event]) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    let mut sown: Vec<Hole> = Vec::new();
    let mut notes: Vec<String> = Vec::new();
    let flush = |line: &mut String,
                 sown: &mut Vec<Hole>,
                 notes: &mut Vec<String>,
                 lines: &mut Vec<String>| {
        if !sown.is_empty() {
            let _ = write!(line, ", sows {}", holes(sown));
            sown.clear();
        }
        for n in notes.drain(..) {
            let _ = write!(line, "; {n}");
        }
        if !line.is_empty() {
            line.push('.');
            lines.push(std::mem::take(line));
        }
    };
    for e in events {
        match e {
            Event::Lift { hole, count, relay } => {
                flush(&mut line, &mut sown, &mut notes, &mut lines);
                if *relay {
                    let _ = write!(line, "Relay: {mover} lifts {count} from {hole}");
                } else {
                    let _ = write!(line, "{mover} lifts {count} from {hole}");
                }
            }
            Event::Drop { hole, .. } => sown.push(*hole),
            Event::Four { hole, to } => notes.push(format!("{hole} makes four, taken by {to}")),
            Event::FourLeft { hole } => {
                notes.push(format!("{hole} makes four on the lap's last drop and keeps it"))
            }
            Event::Pussa { hole, count, by } => {
                flush(&mut line, &mut sown, &mut notes, &mut lines);
                lines.push(format!(
                    "The next hole is empty: {by} captures {count} from {hole} (pussa)."
                ));
            }
            Event::NoCapture { empty } => {
                flush(&mut line, &mut sown, &mut notes, &mut lines);
                lines.push(format!(
                    "{empty} is empty and so is the hole beyond it: no capture."
                ));
            }
            Event::EndlessStop { hole } => {
                flush(&mut line, &mut sown, &mut notes, &mut lines);
                lines.push(format!(
                    "A lift from {hole} would repeat an earlier lift of this move with the same board: the sowing is endless and the move ends here."
                ));
            }
            Event::RoundEnd {
                reason,
                award,
                captured,
                winner,
            } => {
                flush(&mut line, &mut sown, &mut notes, &mut lines);
                let why = match reason {
                    RoundEnd::NoMoves => format!(
                        "{} has no move: {} takes the {} counters left on the board",
                        if award.south > 0 { Side::North } else { Side::South },
                        if award.south > 0 { Side::South } else { Side::North },
                        award.total()
                    ),
                    RoundEnd::Repetition => format!(
                        "the position occurred for the third time: South takes {} from its row, North {}",
                        award.south, award.north
                    ),
                };
                lines.push(format!(
                    "The round ends: {why}. Round total: South {}, North {}, {}.",
                    captured.south,
                    captured.north,
                    winner.map_or("drawn".to_string(), |w| format!("won by {w}"))
                ));
            }
            Event::Refill {
                round,
                filled,
                reserve,
                leader,
            } => lines.push(format!(
                "Round {round}: South fills {} holes (reserve {}), North fills {} (reserve {}); {leader} leads.",
                filled.south, reserve.south, filled.north, reserve.north
            )),
            Event::GameOver { winner } => lines.push(match winner {
                Some(w) => format!("The game is over: {w} wins."),
                None => "The game is over: drawn.".to_string(),
            }),
        }
    }
    flush(&mut line, &mut sown, &mut notes, &mut lines);
    lines
}
