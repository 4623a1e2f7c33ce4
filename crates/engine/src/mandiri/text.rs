//! Mandiri moves and what follows them, in English sentences: the sowing (one sentence a lap,
//! its fours and captures with it), passes, the round end, and between rounds the debts, the
//! gift, players out, the office and the filling. The command line and the terminal game print
//! these.

use crate::mandiri::{BySeat, Event, Players, RoundEnd, Seat};
use crate::Event as SowEvent;

/// The players of `winners` in words: "player 2", "players 1 and 3".
pub fn players(winners: Players) -> String {
    let names: Vec<String> = winners.iter().map(|p| p.to_string()).collect();
    match names.len() {
        0 => "nobody".to_string(),
        1 => format!("player {}", names[0]),
        _ => format!(
            "players {} and {}",
            names[..names.len() - 1].join(", "),
            names[names.len() - 1]
        ),
    }
}

fn by_seat(v: BySeat<u16>) -> String {
    format!("C {}, R {}, L {}", v.0[0], v.0[1], v.0[2])
}

/// The sentences of a move of seat `mover` (its sowing and passes, and the round end).
///
/// ```
/// use rajapasu_engine::mandiri::{Game, Rules, Seat};
/// use rajapasu_engine::mandiri::text::narrate;
/// let mut game = Game::new(Rules::default());
/// let mut events = Vec::new();
/// game.play_traced("S5".parse().unwrap(), &mut events).unwrap();
/// assert!(narrate(Seat::C, &events)[0].starts_with("C lifts 7 from S5, sows S6 S7"));
/// ```
pub fn narrate(mover: Seat, events: &[Event]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut lap = String::new();
    // After a four or a capture in the middle of a lap, the drops that follow need a verb.
    let mut noted = false;
    let end = |lap: &mut String, out: &mut Vec<String>| {
        if !lap.is_empty() {
            out.push(std::mem::take(lap) + ".");
        }
    };
    for e in events {
        match e {
            Event::Sow(sow) => match *sow {
                SowEvent::Lift { hole, count, relay } => {
                    end(&mut lap, &mut out);
                    noted = false;
                    lap = if relay {
                        format!("Relay: {mover} lifts {count} from {hole}, sows")
                    } else {
                        format!("{mover} lifts {count} from {hole}, sows")
                    };
                }
                SowEvent::Drop { hole, .. } if std::mem::take(&mut noted) => {
                    lap.push_str(&format!(", then sows {hole}"))
                }
                SowEvent::Drop { hole, .. } => lap.push_str(&format!(" {hole}")),
                SowEvent::Four { hole, to } => {
                    lap.push_str(&format!("; {hole} makes four, taken by seat {to}"));
                    noted = true;
                }
                SowEvent::FourLeft { hole } => {
                    lap.push_str(&format!("; {hole} makes four and keeps it"))
                }
                SowEvent::Pussa { hole, count, by } => lap.push_str(&format!(
                    "; the next hole is empty: {by} captures {count} from {hole}"
                )),
                SowEvent::NoCapture { empty } => lap.push_str(&format!(
                    "; {empty} and the hole beyond are empty: no capture"
                )),
                SowEvent::EndlessStop { hole } => lap.push_str(&format!(
                    "; a lift from {hole} would repeat the sowing forever: the move ends"
                )),
                _ => {}
            },
            other => {
                end(&mut lap, &mut out);
                out.extend(between(other));
            }
        }
    }
    end(&mut lap, &mut out);
    out
}

/// The sentence of an event that is not part of the sowing (`None` for the sowing's).
pub fn between(e: &Event) -> Option<String> {
    Some(match e {
        Event::Sow(_) => return None,
        Event::Pass { seat } => format!("Seat {seat} has no counters and passes."),
        Event::RoundEnd {
            reason,
            award,
            captured,
            winners,
        } => {
            let why = match reason {
                RoundEnd::NoCapture => {
                    "no capture is left to make, and the last mover takes what is left"
                }
                RoundEnd::Repetition => {
                    "a position came a third time, and each seat takes its own holes"
                }
            };
            format!(
                "The round is over: {why} ({}). Captured: {}. Won by {}.",
                by_seat(*award),
                by_seat(*captured),
                players(*winners)
            )
        }
        Event::Repay { from, to, count } => {
            format!("Player {from} pays back {count} to player {to}.")
        }
        Event::Gift { from, to, count } => {
            format!("The Raja's gift: player {from} gives {count} to player {to}.")
        }
        Event::Borrow {
            player,
            lender,
            count,
        } => format!("Player {player} borrows {count} from player {lender} to fill a hole."),
        Event::Out { player } => {
            format!("Player {player} cannot fill a hole and is out of the match.")
        }
        Event::Office { raja } => {
            format!("The office passes: player {raja} is Raja now, and the players move one seat.")
        }
        Event::Refill {
            round,
            filled,
            reserve,
        } => {
            let closed = |n: u8, all: u8| all - n;
            format!(
                "Round {round}: C fills {} holes ({} closed), R {} ({} closed), L {} ({} closed); \
                 reserves of players 1, 2, 3: {}, {}, {}.",
                filled.0[0],
                closed(filled.0[0], 6),
                filled.0[1],
                closed(filled.0[1], 4),
                filled.0[2],
                closed(filled.0[2], 4),
                reserve[0],
                reserve[1],
                reserve[2]
            )
        }
        Event::GameOver { winners } if winners.len() > 1 => {
            format!("The game is over: {} share it.", players(*winners))
        }
        Event::GameOver { winners } => {
            format!("The game is over: {} wins.", players(*winners))
        }
    })
}
