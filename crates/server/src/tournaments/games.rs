//! An event's games: made as ordinary online games with a clock (as the lobby makes them),
//! both seats held by the players' accounts, and read back when they end.

use super::event::{Board, Event};
use super::run::Ended;
use crate::error::ApiError;
use crate::games::seating::{SeatAccount, Seating};
use crate::games::served::ServedGame;
use crate::games::Hub;
use crate::tokens::{random_token, ID_LEN};
use rajapasu_engine::{Game, Side};
use rajapasu_pairing::Outcome;
use serde_json::json;
use std::collections::HashMap;
use std::sync::Arc;

/// Prepares the game of `board` (the leader South): its id, tokens and settings, kept on the
/// board; the game is stored by [`make`] once the event with it is.
pub fn prepare(ev: &Event, board: &mut Board, now: u64) -> Result<(), ApiError> {
    let body = json!({
        "kind": "online",
        "mode": ev.mode,
        "clock": ev.clock.to_string(),
        "rated": ev.rated,
        "side": "south",
    });
    let req = serde_json::from_value(body).map_err(ApiError::internal)?;
    let mut settings = <Game as ServedGame>::new_game(req, now)?.settings;
    settings.seat_taken(Side::North);
    for (side, p) in [
        (Side::South, board.pairing.first),
        (Side::North, board.pairing.second),
    ] {
        let m = &ev.entrants[p].member;
        settings.set_account(
            side,
            Some(SeatAccount {
                id: m.id.clone(),
                name: m.name.clone(),
            }),
        );
    }
    let token = |side: Side| {
        settings.tokens()[side.index()]
            .map(str::to_string)
            .unwrap_or_default()
    };
    board.tokens = Some([token(Side::South), token(Side::North)]);
    board.meta = Some(serde_json::to_string(&settings).map_err(ApiError::internal)?);
    board.game = Some(random_token(ID_LEN)?);
    Ok(())
}

/// Stores the game prepared on `board`, its clock started now, and notes both seats on the
/// players' accounts. A game stored already (another instance made it) is left as it is.
pub async fn make(hub: &Arc<Hub>, board: &Board) -> Result<(), ApiError> {
    let (Some(id), Some(meta)) = (&board.game, &board.meta) else {
        return Ok(());
    };
    let mut settings: <Game as ServedGame>::Settings =
        serde_json::from_str(meta).map_err(ApiError::internal)?;
    let game = settings.start_game();
    if let Some(clock) = settings.clock_mut() {
        clock.start(hub.policy.now_ms(), game.position().to_move());
    }
    let slot = hub.open_as(id, game, settings).await?;
    let e = slot.entry.lock().await;
    for side in [Side::South, Side::North] {
        if let Some(a) = e.settings.account(side).cloned() {
            hub.hold_seat::<Game>(&a, id, &e.settings, side).await;
        }
    }
    Ok(())
}

/// The games of the event's unfinished boards that have ended, with their results; a game
/// promised but missing from the store (its instance stopped before storing it) is made.
pub async fn ended(hub: &Arc<Hub>, ev: &Event) -> HashMap<String, Ended> {
    let mut out = HashMap::new();
    for board in ev.boards().filter(|b| b.result.is_none()) {
        let Some(id) = &board.game else { continue };
        match hub.load::<Game>(id).await {
            Ok(slot) => {
                let e = slot.entry.lock().await;
                if e.over() {
                    out.insert(id.clone(), result(&e.game, &e.settings));
                }
            }
            Err(err) if err.code_word() == "no_game" => {
                if let Err(err) = make(hub, board).await {
                    tracing::warn!(game = %id, "a tournament's game not made: {err}");
                }
            }
            Err(err) => tracing::warn!(game = %id, "a tournament's game not read: {err}"),
        }
    }
    out
}

/// The outcome of an ended game, South leading, and the counters each side held.
fn result(game: &Game, settings: &<Game as ServedGame>::Settings) -> Ended {
    let pairs = crate::games::entry::end_results(game, settings);
    let south = pairs
        .iter()
        .find(|p| p.first == Side::South.index())
        .map(|p| p.first_score.value())
        .unwrap_or(0.5);
    let outcome = if south > 0.5 {
        Outcome::FirstWins
    } else if south < 0.5 {
        Outcome::SecondWins
    } else {
        Outcome::Draw
    };
    let p = game.position();
    (
        outcome,
        [Side::South, Side::North].map(|s| p.captured(s) + p.reserve(s)),
    )
}
