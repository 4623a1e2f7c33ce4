//! An event's games: made as ordinary online games with a clock (as the lobby makes them),
//! every seat held by its player's account, and read back when they end. Raja Pasu and
//! Mandiri alike, the event's game deciding which.

use super::event::{Board, Event};
use super::run::Ended;
use crate::error::ApiError;
use crate::games::hub::HeldGame;
use crate::games::seating::{Player, SeatAccount, Seating};
use crate::games::Hub;
use crate::lobby::seek::{Length, SeekGame};
use crate::tokens::{random_token, ID_LEN};
use rajapasu_engine::{mandiri, Game};
use rajapasu_pairing::{GameResult, Outcome, Pairing};
use rajapasu_rating::mandiri::PairResult;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::Arc;

/// Prepares the game of `board` (its first seat South, or the Raja) of the event `id`: its
/// id and settings (which name the event; no token: each player gets one when they come,
/// [`seat_token`]), kept on the board; the game is stored by
/// [`make`] once the event with it is.
pub fn prepare(id: &str, ev: &Event, board: &mut Board, now: u64) -> Result<(), ApiError> {
    match ev.game {
        SeekGame::RajaPasu => prepare_as::<Game>(
            id,
            ev,
            board,
            now,
            json!({
                "kind": "online",
                "mode": ev.mode,
                "clock": ev.clock.to_string(),
                "rated": ev.rated,
                "side": "south",
            }),
        ),
        SeekGame::Mandiri => prepare_as::<mandiri::Game>(
            id,
            ev,
            board,
            now,
            json!({
                "kind": "online",
                "rules": match ev.mode {
                    Length::Round => "mandiri/mode=round",
                    Length::Match => "mandiri",
                },
                "clock": ev.clock.to_string(),
                "rated": ev.rated,
                "player": 1,
            }),
        ),
    }
}

fn prepare_as<G: HeldGame>(
    id: &str,
    ev: &Event,
    board: &mut Board,
    now: u64,
    body: Value,
) -> Result<(), ApiError> {
    let req = serde_json::from_value(body).map_err(ApiError::internal)?;
    let mut settings = G::new_game(req, now)?.settings;
    settings.set_event(id);
    let players = board.players();
    for (seat, &p) in players.iter().enumerate() {
        let m = &ev.entrants[p].member;
        let player = G::Player::ALL[seat];
        settings.seat_taken(player);
        settings.set_account(
            player,
            Some(SeatAccount {
                id: m.id.clone(),
                name: m.name.clone(),
            }),
        );
    }
    board.meta = Some(serde_json::to_string(&settings).map_err(ApiError::internal)?);
    board.game = Some(random_token(ID_LEN)?);
    Ok(())
}

/// A new token for the seat `seat` (0 first) of the game `id` of `board`, handed to its
/// player: the game keeps only its hash.
pub async fn seat_token(
    hub: &Hub,
    board: &Board,
    id: &str,
    seat: usize,
) -> Result<String, ApiError> {
    if board.third.is_some() {
        hub.mint_seat::<mandiri::Game>(id, mandiri::Player::ALL[seat])
            .await
    } else {
        hub.mint_seat::<Game>(id, rajapasu_engine::Side::ALL[seat])
            .await
    }
}

/// Stores the game prepared on `board`, its clock started now, and notes every seat on its
/// player's account. A game stored already (another instance made it) is left as it is.
pub async fn make(hub: &Arc<Hub>, board: &Board) -> Result<(), ApiError> {
    if board.third.is_some() {
        make_as::<mandiri::Game>(hub, board).await
    } else {
        make_as::<Game>(hub, board).await
    }
}

async fn make_as<G: HeldGame>(hub: &Arc<Hub>, board: &Board) -> Result<(), ApiError> {
    let (Some(id), Some(meta)) = (&board.game, &board.meta) else {
        return Ok(());
    };
    let mut settings: G::Settings = serde_json::from_str(meta).map_err(ApiError::internal)?;
    let game = settings.start_game();
    if let Some(clock) = settings.clock_mut() {
        clock.start(hub.policy.now_ms(), game.player_to_move());
    }
    let slot = hub.open_as(id, game, settings).await?;
    let e = slot.entry.lock().await;
    for seat in 0..board.players().len() {
        let player = G::Player::ALL[seat];
        if let Some(a) = e.settings.account(player).cloned() {
            hub.hold_seat::<G>(&a, id, &e.settings, player).await;
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
        let read = if board.third.is_some() {
            ended_as::<mandiri::Game>(hub, board, id, |g| {
                crate::mandiri::counters_held(g).to_vec()
            })
            .await
        } else {
            ended_as::<Game>(hub, board, id, |g| {
                let p = g.position();
                [rajapasu_engine::Side::South, rajapasu_engine::Side::North]
                    .map(|s| p.captured(s) + p.reserve(s))
                    .to_vec()
            })
            .await
        };
        match read {
            Ok(Some(results)) => {
                out.insert(id.clone(), results);
            }
            Ok(None) => {}
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

/// The results of the board's game if it is over (None while it plays).
async fn ended_as<G: HeldGame>(
    hub: &Arc<Hub>,
    board: &Board,
    id: &str,
    counters: impl Fn(&G) -> Vec<u32>,
) -> Result<Option<Ended>, ApiError> {
    let slot = hub.load::<G>(id).await?;
    let e = slot.entry.lock().await;
    if !e.over() {
        return Ok(None);
    }
    let pairs = crate::games::entry::end_results(&e.game, &e.settings);
    Ok(Some(results(board, &pairs, &counters(&e.game))))
}

/// A board's results from its game's pairwise results (players numbered by seat) and the
/// counters each seat held: the pairing's first, then (Mandiri) the Raja and the left end,
/// then the right end and the left end.
fn results(board: &Board, pairs: &[PairResult], counters: &[u32]) -> Ended {
    let players = board.players();
    let seat_pairs: &[(usize, usize)] = if players.len() == 3 {
        &[(0, 1), (0, 2), (1, 2)]
    } else {
        &[(0, 1)]
    };
    seat_pairs
        .iter()
        .map(|&(i, j)| {
            // The score of seat i against seat j, as the pair's result gives it.
            let score = pairs
                .iter()
                .find_map(|p| match (p.first, p.second) {
                    (a, b) if (a, b) == (i, j) => Some(p.first_score.value()),
                    (a, b) if (a, b) == (j, i) => Some(1.0 - p.first_score.value()),
                    _ => None,
                })
                .unwrap_or(0.5);
            let outcome = if score > 0.5 {
                Outcome::FirstWins
            } else if score < 0.5 {
                Outcome::SecondWins
            } else {
                Outcome::Draw
            };
            let at = |seat: usize| counters.get(seat).copied().unwrap_or(0);
            GameResult {
                pairing: Pairing::new(players[i], players[j]),
                outcome,
                counters: [at(i), at(j)],
            }
        })
        .collect()
}
