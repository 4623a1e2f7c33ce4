//! The tournaments' routes (docs/API.md, "Tournaments"): created by registered players,
//! listed, shown (standings, crosstable, the pairings of each round), joined and left,
//! started, a player's game asked for (which notes them present), live over a WebSocket, and
//! exported.

use super::event::{Board, Entrant, Event, Member, State, MAX_ENTRANTS};
use super::request::CreateRequest;
use super::{run, socket, view};
use crate::accounts::routes::seat_account;
use crate::app::App;
use crate::error::ApiError;
use crate::games::seating::SeatAccount;
use crate::lobby::hall::rating_now;
use crate::requests::{ApiJson, ApiPath};
use crate::store::tournaments::StoredTournament;
use crate::tokens::{random_token, ID_LEN};
use axum::extract::State as AxState;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::Arc;

type AppState = Arc<App>;

/// Most events listed.
pub const MAX_LISTED: u32 = 100;

/// The tournaments' routes.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/tournaments", get(list).post(create))
        .route("/api/tournaments/mine", get(schedule))
        .route("/api/tournaments/{id}", get(show))
        .route("/api/tournaments/{id}/join", post(join))
        .route("/api/tournaments/{id}/withdraw", post(withdraw))
        .route("/api/tournaments/{id}/remove", post(remove))
        .route("/api/tournaments/{id}/start", post(start))
        .route("/api/tournaments/{id}/pause", post(pause))
        .route("/api/tournaments/{id}/play", post(play))
        .route("/api/tournaments/{id}/ws", get(socket::ws))
        .route("/api/tournaments/{id}/crosstable.csv", get(crosstable_csv))
        .route("/api/tournaments/{id}/standings.json", get(standings_json))
        .route("/api/tournaments/{id}/records", get(records))
}

fn store_failed(e: impl std::fmt::Display) -> ApiError {
    ApiError::unavailable(e)
}

/// The signed-in player, or 403 `signed_out`.
async fn member(app: &App, headers: &HeaderMap) -> Result<SeatAccount, ApiError> {
    seat_account(app, headers).await?.ok_or_else(|| {
        ApiError::forbidden("tournaments are for registered players: log in first")
            .code("signed_out")
    })
}

/// `GET /api/tournaments`: the public events, those not finished first.
async fn list(AxState(app): AxState<AppState>) -> Result<Json<Value>, ApiError> {
    let stored = app
        .hub
        .store
        .public_tournaments(MAX_LISTED)
        .await
        .map_err(store_failed)?;
    let events: Vec<Value> = stored
        .iter()
        .filter_map(|t| {
            let ev: Event = serde_json::from_str(&t.doc).ok()?;
            Some(view::listed(&t.id, &ev))
        })
        .collect();
    Ok(Json(json!({"tournaments": events})))
}

/// `GET /api/tournaments/mine`: the signed-in player's schedule: every event not finished
/// they are in, with their game now and its deadline (the round's window, the arena's end).
async fn schedule(
    AxState(app): AxState<AppState>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let me = member(&app, &headers).await?;
    let store = &app.hub.store;
    let mut out = Vec::new();
    for id in store.active_tournaments().await.map_err(store_failed)? {
        let Ok((_, ev)) = app.tournaments.read(&id).await else {
            continue;
        };
        let Some(p) = ev.entrant(&me.id) else {
            continue;
        };
        let board = ev.current_board(p);
        out.push(json!({
            "id": id,
            "name": ev.name,
            "state": ev.state,
            "paused": ev.paused_at.is_some(),
            "opponent": board.map(|b| opponents(&ev, b, p)),
            "game": board.and_then(|b| b.game.clone()),
            "present": board.map(|b| b.came(b.seat_of(p).unwrap_or(0))),
            "deadline": board.and_then(|_| ev.wake()),
        }));
    }
    Ok(Json(json!({"now": app.hub.policy.now(), "events": out})))
}

/// `POST /api/tournaments`: a new event, its creator its first player.
async fn create(
    AxState(app): AxState<AppState>,
    headers: HeaderMap,
    ApiJson(req): ApiJson<CreateRequest>,
) -> Result<Response, ApiError> {
    let me = member(&app, &headers).await?;
    let now = app.hub.policy.now();
    let mut ev = req.event(
        Member {
            id: me.id.clone(),
            name: me.name.clone(),
        },
        now,
    )?;
    let rating = rating_in(&app, &ev, &me.id).await?;
    ev.entrants[0].rating = Some(rating);
    let id = random_token(ID_LEN)?;
    app.tournaments
        .add(
            StoredTournament {
                id: id.clone(),
                doc: serde_json::to_string(&ev).map_err(ApiError::internal)?,
                version: 0,
                active: true,
                public: ev.public,
                created: now,
                wake: ev.wake(),
            },
            &me.id,
        )
        .await?;
    Ok((
        StatusCode::CREATED,
        Json(
            json!({"id": id, "url": format!("/t/{id}"), "tournament": view::public(&id, &ev, now)}),
        ),
    )
        .into_response())
}

/// The names of the others at `player`'s board, joined by commas (one in Raja Pasu, two in
/// Mandiri).
fn opponents(ev: &Event, board: &Board, player: usize) -> String {
    board
        .players()
        .into_iter()
        .filter(|&p| p != player)
        .map(|p| ev.entrants[p].member.name.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

/// What a signed-in viewer sees of their own place: entered, creator, their game now.
fn mine(ev: &Event, account: Option<&SeatAccount>) -> Value {
    let Some(a) = account else {
        return Value::Null;
    };
    let me = ev.entrant(&a.id);
    let board = me.and_then(|p| ev.current_board(p).map(|b| (p, b)));
    json!({
        "name": a.name,
        "entered": me.is_some(),
        "withdrawn": me.is_some_and(|p| ev.entrants[p].withdrawn),
        "creator": ev.creator.id == a.id,
        "board": board.map(|(p, b)| {
            let seat = b.seat_of(p).unwrap_or(0);
            json!({
                "opponent": opponents(ev, b, p),
                "leads": seat == 0,
                "present": b.came(seat),
                "game": b.game,
            })
        }),
    })
}

/// `GET /api/tournaments/{id}`: the event, moved on first (a closed window's forfeits, the
/// next round), and the viewer's own place.
async fn show(
    AxState(app): AxState<AppState>,
    headers: HeaderMap,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<Value>, ApiError> {
    let account = seat_account(&app, &headers).await?;
    let ((), ev) = app.tournaments.update(&id, |_, _| Ok(())).await?;
    let mut v = view::public(&id, &ev, app.hub.policy.now());
    v["me"] = mine(&ev, account.as_ref());
    Ok(Json(v))
}

/// `account`'s rating now in the pool of `ev`'s games, rounded (a new player's 1500).
async fn rating_in(app: &App, ev: &Event, account: &str) -> Result<i64, ApiError> {
    let pool = ev.pool();
    let standing = app
        .hub
        .store
        .standings(account)
        .await
        .map_err(store_failed)?
        .into_iter()
        .find(|(p, _)| *p == pool)
        .map(|(_, s)| s);
    Ok(rating_now(standing, app.hub.policy.now()).rating().round() as i64)
}

/// The shape of every change a player asks for: their session read (403 `signed_out`
/// without one), the event `id` changed by `edit` at the version read (again from the new
/// version if another change came first), and the event as it is after, as the answer.
async fn change_event(
    app: &App,
    headers: &HeaderMap,
    id: &str,
    mut edit: impl FnMut(&mut Event, u64, &SeatAccount) -> Result<(), ApiError>,
) -> Result<Json<Value>, ApiError> {
    let me = member(app, headers).await?;
    let ((), ev) = app
        .tournaments
        .update(id, |ev, now| edit(ev, now, &me))
        .await?;
    Ok(Json(view::public(id, &ev, app.hub.policy.now())))
}

fn not_entry() -> ApiError {
    ApiError::conflict("the event has started: entries are closed").code("entries_closed")
}

/// `POST /api/tournaments/{id}/join`: before the start; an arena also while it runs (the
/// player waits for a game at once).
async fn join(
    AxState(app): AxState<AppState>,
    headers: HeaderMap,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<Value>, ApiError> {
    let me = member(&app, &headers).await?;
    let (_, read) = app.tournaments.read(&id).await?;
    let rating = rating_in(&app, &read, &me.id).await?;
    change_event(&app, &headers, &id, |ev, now, me| {
        if ev.entrant(&me.id).is_some() {
            return Ok(());
        }
        let late = run::takes_late_entries(ev, now);
        if ev.state != State::Entry && !late {
            return Err(not_entry());
        }
        if ev.entrants.len() >= MAX_ENTRANTS {
            return Err(
                ApiError::conflict(format!("the event is full: {MAX_ENTRANTS} players"))
                    .code("tournament_full"),
            );
        }
        ev.entrants.push(Entrant {
            member: Member {
                id: me.id.clone(),
                name: me.name.clone(),
            },
            withdrawn: false,
            forfeits_running: 0,
            rating: Some(rating),
        });
        if let Some(arena) = ev.arena.as_mut().filter(|_| late) {
            arena.enter();
        }
        Ok(())
    })
    .await
}

/// Takes `player` out: before the start, off the list; after, withdrawn (docs/TOURNAMENTS.md).
/// The creator stays in before the start (409 `creator_stays`).
fn take_out(ev: &mut Event, player: usize) -> Result<(), ApiError> {
    if ev.state == State::Entry && ev.entrants[player].member.id == ev.creator.id {
        return Err(
            ApiError::conflict("the creator stays in the event before its start")
                .code("creator_stays"),
        );
    }
    if ev.state == State::Entry {
        ev.entrants.remove(player);
    } else {
        ev.entrants[player].withdrawn = true;
    }
    Ok(())
}

/// `POST /api/tournaments/{id}/withdraw`: the player leaves.
async fn withdraw(
    AxState(app): AxState<AppState>,
    headers: HeaderMap,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<Value>, ApiError> {
    change_event(&app, &headers, &id, |ev, _, me| {
        let p = ev.entrant(&me.id).ok_or_else(not_entered)?;
        take_out(ev, p)
    })
    .await
}

fn not_entered() -> ApiError {
    ApiError::conflict("you are not in this event").code("not_entered")
}

fn creator_only() -> ApiError {
    ApiError::forbidden("only the event's creator may do this").code("not_creator")
}

/// Body of a removal: the player's name.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct RemoveBody {
    name: String,
}

/// `POST /api/tournaments/{id}/remove`: the creator takes out a player who never shows up.
async fn remove(
    AxState(app): AxState<AppState>,
    headers: HeaderMap,
    ApiPath(id): ApiPath<String>,
    ApiJson(body): ApiJson<RemoveBody>,
) -> Result<Json<Value>, ApiError> {
    change_event(&app, &headers, &id, |ev, _, me| {
        if ev.creator.id != me.id {
            return Err(creator_only());
        }
        let p = ev
            .entrants
            .iter()
            .position(|e| e.member.name.eq_ignore_ascii_case(&body.name))
            .ok_or_else(|| {
                ApiError::not_found(format!("no player {:?} in this event", body.name))
                    .code("no_player")
            })?;
        take_out(ev, p)
    })
    .await
}

/// `POST /api/tournaments/{id}/start`: the creator starts the event.
async fn start(
    AxState(app): AxState<AppState>,
    headers: HeaderMap,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<Value>, ApiError> {
    change_event(&app, &headers, &id, |ev, now, me| {
        if ev.creator.id != me.id {
            return Err(creator_only());
        }
        run::start(ev, now).map_err(|e| match e {
            run::StartError::NotInEntry => {
                ApiError::conflict(e.to_string()).code("started_already")
            }
            run::StartError::TooFewPlayers { .. } => {
                ApiError::conflict(e.to_string()).code("too_few_players")
            }
            run::StartError::Pairing(_) => ApiError::internal(e),
        })
    })
    .await
}

/// Body of a pause: pause (true) or go on (false).
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct PauseBody {
    paused: bool,
}

/// `POST /api/tournaments/{id}/pause`: the creator pauses the event, or lets it go on.
async fn pause(
    AxState(app): AxState<AppState>,
    headers: HeaderMap,
    ApiPath(id): ApiPath<String>,
    ApiJson(body): ApiJson<PauseBody>,
) -> Result<Json<Value>, ApiError> {
    change_event(&app, &headers, &id, |ev, now, me| {
        if ev.creator.id != me.id {
            return Err(creator_only());
        }
        if ev.state != State::Running {
            return Err(
                ApiError::conflict("only an event in play can be paused").code("not_running")
            );
        }
        ev.pause(body.paused, now);
        Ok(())
    })
    .await
}

/// `POST /api/tournaments/{id}/play`: the player's game now. In a round, this notes them
/// present; when both are, the game is made and its clock starts. The answer: the game and
/// the player's seat token once there is one (`{"state": "playing", …}`), else
/// `{"state": "waiting"}` (the opponent has not come) or `{"state": "none"}` (no game due).
async fn play(
    AxState(app): AxState<AppState>,
    headers: HeaderMap,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<Value>, ApiError> {
    let me = member(&app, &headers).await?;
    let (player, ev) =
        app.tournaments
            .update(&id, |ev, now| {
                let p = ev.entrant(&me.id).ok_or_else(not_entered)?;
                let window_open = ev.rounds.last().is_some_and(|r| now < r.closes);
                if ev.format.has_rounds() && window_open {
                    if let Some(round) = ev.rounds.last_mut() {
                        if let Some(b) = round.boards.iter_mut().find(|b| {
                            b.result.is_none() && b.game.is_none() && b.seat_of(p).is_some()
                        }) {
                            let seat = b.seat_of(p).unwrap_or(0);
                            b.arrive(seat);
                        }
                    }
                }
                Ok(p)
            })
            .await?;
    let Some(b) = ev.current_board(player) else {
        return Ok(Json(json!({"state": "none"})));
    };
    let seat = b.seat_of(player).unwrap_or(0);
    match &b.game {
        Some(game) => {
            let token = super::games::seat_token(&app.hub, b, game, seat).await?;
            let mut answer = json!({
                "state": "playing",
                "id": game,
                "token": token,
                "seat": if seat == 0 { "south" } else { "north" },
                "watch": view::watch_path(b, game),
            });
            // A Mandiri seat is a player's number, as the lobby's and the game's answers give it.
            if b.third.is_some() {
                answer["seat"] = json!((seat + 1).to_string());
                answer["players"] = json!([seat + 1]);
            }
            Ok(Json(answer))
        }
        _ => Ok(Json(json!({"state": "waiting"}))),
    }
}

/// `GET /api/tournaments/{id}/crosstable.csv`.
async fn crosstable_csv(
    AxState(app): AxState<AppState>,
    ApiPath(id): ApiPath<String>,
) -> Result<Response, ApiError> {
    let (_, ev) = app.tournaments.read(&id).await?;
    Ok((
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"tournament-{id}.csv\""),
            ),
        ],
        view::crosstable_csv(&ev),
    )
        .into_response())
}

/// `GET /api/tournaments/{id}/standings.json`.
async fn standings_json(
    AxState(app): AxState<AppState>,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<Value>, ApiError> {
    let (_, ev) = app.tournaments.read(&id).await?;
    Ok(Json(view::standings_json(&id, &ev)))
}

/// `GET /api/tournaments/{id}/records`: every game of the event as records, one after the
/// other in the order played (games not finished included as they stand), and a record of
/// each board forfeited without a game (`super::records`).
async fn records(
    AxState(app): AxState<AppState>,
    ApiPath(id): ApiPath<String>,
) -> Result<Response, ApiError> {
    let (_, ev) = app.tournaments.read(&id).await?;
    let out = super::records::event_records(&app.hub, &id, &ev).await;
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "text/plain; charset=utf-8".to_string(),
            ),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"tournament-{id}.txt\""),
            ),
        ],
        out,
    )
        .into_response())
}
