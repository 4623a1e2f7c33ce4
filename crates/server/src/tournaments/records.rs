//! An event's records (`GET /api/tournaments/{id}/records`): each board's game as its record,
//! and for a board forfeited without a game (its players, or some of them, never came within
//! the window) a record of no moves whose `Termination` names who forfeited and whose result
//! is the forfeit's (RULES.md section 7): a download of the event says what happened on every
//! board it scored.

use super::event::{Board, Event};
use crate::games::hub::HeldGame;
use crate::games::seating::Player;
use crate::games::served::GameName;
use crate::games::Hub;
use crate::lobby::seek::{Length, SeekGame};
use rajapasu_engine::record::{utc_date_time, GameRecord, Termination};
use rajapasu_engine::{mandiri, Game, Rules};
use rajapasu_pairing::Outcome;

/// Every record of event `id`, as text, one after the other in the order paired: the games
/// (those not finished as they stand), and the forfeits without a game.
pub async fn event_records(hub: &Hub, id: &str, ev: &Event) -> String {
    let mut out = String::new();
    // Gathered first: the loop awaits, and its future is sent between threads.
    let mut boards: Vec<(Option<(usize, u64)>, &Board)> = Vec::new();
    for (k, r) in ev.rounds.iter().enumerate() {
        boards.extend(r.boards.iter().map(|b| (Some((k + 1, r.closes)), b)));
    }
    boards.extend(ev.arena_games.iter().map(|b| (None, b)));
    for (round, b) in boards {
        let text = match (&b.game, ev.game) {
            (Some(game), SeekGame::RajaPasu) => record_of::<Game>(hub, game).await,
            (Some(game), SeekGame::Mandiri) => record_of::<mandiri::Game>(hub, game).await,
            (None, SeekGame::RajaPasu) => forfeit_record::<Game>(id, ev, round, b),
            (None, SeekGame::Mandiri) => forfeit_record::<mandiri::Game>(id, ev, round, b),
        };
        if let Some(text) = text {
            out += &text;
            out += "\n";
        }
    }
    out
}

/// The record of game `id` as text, if it is stored.
async fn record_of<G: HeldGame>(hub: &Hub, id: &str) -> Option<String> {
    let slot = hub.load::<G>(id).await.ok()?;
    let e = slot.entry.lock().await;
    Some(e.record(id, false))
}

/// The seats of `board` that lost by forfeit, pair by pair: the pairing's result, then a
/// Mandiri table's other pairs (the Raja and the left end, the right end and the left end).
fn absent_seats(board: &Board) -> Vec<usize> {
    let mut pairs = vec![((0, 1), board.result)];
    pairs.extend(
        [(0, 2), (1, 2)]
            .into_iter()
            .zip(&board.side_results)
            .map(|(seats, r)| (seats, Some(r.outcome))),
    );
    let mut absent = Vec::new();
    for ((first, second), outcome) in pairs {
        let lost = match outcome {
            Some(Outcome::FirstWinsByForfeit) => vec![second],
            Some(Outcome::SecondWinsByForfeit) => vec![first],
            Some(Outcome::DoubleForfeit) => vec![first, second],
            _ => vec![],
        };
        for seat in lost {
            if !absent.contains(&seat) {
                absent.push(seat);
            }
        }
    }
    absent.sort_unstable();
    absent
}

/// The event's game at its start, under the rule set `games::prepare` asks for.
fn start_of<G: HeldGame>(ev: &Event) -> Option<G> {
    let text = match (G::GAME, ev.mode) {
        (GameName::RajaPasu, Length::Round) => Rules::default().with_option("mode", "round"),
        (GameName::RajaPasu, Length::Match) => Rules::default().with_option("mode", "match"),
        (GameName::Mandiri, Length::Round) => return parsed("mandiri/mode=round"),
        (GameName::Mandiri, Length::Match) => return parsed("mandiri"),
    }
    .ok()?
    .to_string();
    parsed(&text)
}

/// A game at the start under the rule set `text`.
fn parsed<G: HeldGame>(text: &str) -> Option<G> {
    Some(G::new(text.parse().ok()?))
}

/// The record of a board of event `id` scored as a forfeit without a game: no moves, its
/// players by seat, its round and the window's close as its date, and who forfeited. `None`
/// for a board with no forfeit (not yet decided).
fn forfeit_record<G: HeldGame>(
    id: &str,
    ev: &Event,
    round: Option<(usize, u64)>,
    board: &Board,
) -> Option<String> {
    let absent = absent_seats(board);
    if absent.is_empty() {
        return None;
    }
    let game = start_of::<G>(ev)?;
    let players = board.players();
    let mut tags = vec![
        ("Event".to_string(), ev.name.clone()),
        ("Site".to_string(), format!("tournament {id}")),
    ];
    if let Some((number, closes)) = round {
        tags.push(("Date".to_string(), utc_date_time(closes).0));
        tags.push(("Round".to_string(), number.to_string()));
    }
    for (seat, &p) in players.iter().enumerate() {
        let player = *G::Player::ALL.get(seat)?;
        tags.push((
            G::record_tag(player),
            ev.entrants.get(p)?.member.name.clone(),
        ));
    }
    let parties = absent
        .iter()
        .map(|&seat| G::PARTIES.get(seat).copied())
        .collect::<Option<Vec<_>>>()?;
    tags.push((
        "Termination".to_string(),
        Termination::<G>::Forfeit(parties).to_string(),
    ));
    Some(GameRecord::from_game(&game, tags).to_text())
}

#[cfg(test)]
mod tests {
    use super::*;
    use rajapasu_pairing::{GameResult, Pairing};

    #[test]
    fn the_forfeited_seats_are_read_pair_by_pair() {
        let mut b = Board::new(Pairing::new(0, 1));
        b.result = Some(Outcome::SecondWinsByForfeit);
        assert_eq!(absent_seats(&b), [0]);
        b.result = Some(Outcome::DoubleForfeit);
        assert_eq!(absent_seats(&b), [0, 1]);
        b.result = Some(Outcome::FirstWins);
        assert!(absent_seats(&b).is_empty());
        // A Mandiri table whose left end never came.
        let mut t = Board::table([0, 1, 2]);
        t.result = Some(Outcome::Draw);
        t.side_results = [(0, 2), (1, 2)]
            .map(|(i, j)| GameResult {
                pairing: Pairing::new(i, j),
                outcome: Outcome::FirstWinsByForfeit,
                counters: [0, 0],
            })
            .to_vec();
        assert_eq!(absent_seats(&t), [2]);
    }
}
