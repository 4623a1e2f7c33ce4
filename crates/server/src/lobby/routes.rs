//! The lobby's routes (docs/API.md, "The lobby"): its socket, the seeks listed, made,
//! cancelled and accepted. Accepting a seek makes the game, both seats taken and the clock
//! running, and tells the seeker's socket (on whichever instance it is).

use super::hall::{rating_now, Lobby, MAX_SEEKS_PER_SOCKET, SEEK_STALE_SECS};
use super::seek::{valid_socket, SeekRequest, SeekSettings, SeekerRating};
use crate::accounts::routes::seat_account;
use crate::app::{App, Peer};
use crate::error::{ApiError, ErrorKind};
use crate::games::seating::{SeatAccount, Seating};
use crate::games::view::{Occasion, ShownGame};
use crate::live::WS_MESSAGE_LIMIT;
use crate::requests::{ApiJson, ApiPath};
use crate::store::lobby::{Matched, StoredSeek};
use crate::tokens::{random_token, ID_LEN};
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{close_code, CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Extension, Json, Router};
use rajapasu_engine::{Game, Side};
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::Duration;

type AppState = Arc<App>;

/// The lobby's routes.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/lobby/ws", get(ws))
        .route("/api/lobby/seeks", get(list).post(seek))
        .route("/api/lobby/seeks/{id}/cancel", post(cancel))
        .route("/api/lobby/seeks/{id}/accept", post(accept))
}

fn store_failed(e: impl std::fmt::Display) -> ApiError {
    ApiError::unavailable(e)
}

/// 409 `seek_gone`.
fn gone() -> ApiError {
    ApiError::conflict("the seek is gone: its player left, cancelled it, or another player took it")
        .code("seek_gone")
}

/// `GET /api/lobby/seeks`: the list the lobby's sockets get.
async fn list(State(app): State<AppState>) -> Result<Response, ApiError> {
    let text = app.lobby.list_message().await.map_err(store_failed)?;
    let v: Value = serde_json::from_str(&text).map_err(ApiError::internal)?;
    Ok(Json(v).into_response())
}

/// `POST /api/lobby/seeks`: a new seek, held by the socket named.
async fn seek(
    State(app): State<AppState>,
    headers: HeaderMap,
    ApiJson(req): ApiJson<SeekRequest>,
) -> Result<Response, ApiError> {
    let mut settings = req.settings()?;
    let account = seat_account(&app, &headers).await?;
    if settings.rated && account.is_none() {
        return Err(ApiError::forbidden(
            "rated games are for registered players: log in, or seek a casual game",
        )
        .code("rated_needs_account"));
    }
    let hub = app.lobby.hub();
    let now = hub.policy.now();
    if let Some(name) = &req.opponent {
        let found = crate::ratings::routes::account_named(&app, name).await?;
        if account.as_ref().is_some_and(|a| a.id == found.id) {
            return Err(
                ApiError::unprocessable("a challenge is for another player").code("challenge_self")
            );
        }
        settings.opponent = Some(super::seek::Opponent {
            id: found.id,
            name: found.name,
        });
    }
    if let Some(a) = &account {
        let standing = hub
            .store
            .standings(&a.id)
            .await
            .map_err(store_failed)?
            .into_iter()
            .find(|(p, _)| *p == settings.pool())
            .map(|(_, s)| s);
        let r = rating_now(standing, now);
        settings.seeker_rating = Some(SeekerRating {
            rating: r.rating().round() as i64,
            provisional: r.is_provisional(),
        });
    }
    let id = random_token(ID_LEN)?;
    let stored = StoredSeek {
        id: id.clone(),
        socket: req.socket.clone(),
        account: account.map(|a| (a.id, a.name)),
        settings: serde_json::to_string(&settings).map_err(ApiError::internal)?,
        created: now,
        seen: now,
        matched: None,
    };
    let added = hub
        .store
        .add_seek(stored, MAX_SEEKS_PER_SOCKET)
        .await
        .map_err(store_failed)?;
    if !added {
        return Err(ApiError::conflict(format!(
            "this lobby socket holds {MAX_SEEKS_PER_SOCKET} seeks already: cancel one first"
        ))
        .code("too_many_seeks"));
    }
    app.lobby.changed();
    Ok((StatusCode::CREATED, Json(json!({"id": id}))).into_response())
}

/// Body of a cancel: the socket holding the seek.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct SocketBody {
    socket: String,
}

/// `POST /api/lobby/seeks/{id}/cancel`: the seek goes (its socket's only).
async fn cancel(
    State(app): State<AppState>,
    ApiPath(id): ApiPath<String>,
    ApiJson(body): ApiJson<SocketBody>,
) -> Result<Json<Value>, ApiError> {
    let removed = app
        .lobby
        .hub()
        .store
        .remove_seek(&id, Some(&body.socket))
        .await
        .map_err(store_failed)?;
    if !removed {
        return Err(gone());
    }
    app.lobby.changed();
    Ok(Json(json!({"cancelled": id})))
}

/// `POST /api/lobby/seeks/{id}/accept`: the game starts, the accepter seated in it.
async fn accept(
    State(app): State<AppState>,
    headers: HeaderMap,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<Value>, ApiError> {
    let account = seat_account(&app, &headers).await?;
    let hub = app.lobby.hub().clone();
    let now = hub.policy.now();
    let seek = hub
        .store
        .seek(&id)
        .await
        .map_err(store_failed)?
        .filter(|s| s.matched.is_none() && s.seen >= now.saturating_sub(SEEK_STALE_SECS))
        .ok_or_else(gone)?;
    let settings: SeekSettings =
        serde_json::from_str(&seek.settings).map_err(ApiError::internal)?;
    let seeker = seek
        .account
        .clone()
        .map(|(id, name)| SeatAccount { id, name });
    check_accepter(&app, &settings, seeker.as_ref(), account.as_ref(), now).await?;
    // The seeker's side is drawn: South moves first.
    let side_bit = random_token(1)?.bytes().next().unwrap_or(0) & 1;
    let seeker_side = if side_bit == 0 {
        Side::South
    } else {
        Side::North
    };
    let body = json!({
        "kind": "online",
        "mode": settings.mode,
        "clock": settings.clock.to_string(),
        "rated": settings.rated,
        "side": seeker_side.to_string().to_lowercase(),
    });
    let req = serde_json::from_value(body).map_err(ApiError::internal)?;
    let setup = <Game as crate::games::served::ServedGame>::new_game(req, now)?;
    let (game, mut game_settings) = (setup.game, setup.settings);
    let accepter_side = !seeker_side;
    game_settings.seat_taken(accepter_side);
    game_settings.set_account(seeker_side, seeker.clone());
    game_settings.set_account(accepter_side, account.clone());
    if let Some(clock) = game_settings.clock_mut() {
        clock.start(hub.policy.now_ms(), game.position().to_move());
    }
    let game_id = random_token(ID_LEN)?;
    let token = |side: Side| {
        game_settings.tokens()[side.index()]
            .map(str::to_string)
            .unwrap_or_default()
    };
    let matched = Matched {
        game: game_id.clone(),
        token: token(seeker_side),
        seat: seeker_side.to_string().to_lowercase(),
    };
    let won = hub
        .store
        .claim_seek(&id, now.saturating_sub(SEEK_STALE_SECS), matched)
        .await
        .map_err(store_failed)?;
    if !won {
        return Err(gone());
    }
    let slot = match hub.open_as(&game_id, game, game_settings).await {
        Ok(slot) => slot,
        Err(e) => {
            // No game: the seek goes rather than promise one.
            let _ = hub.store.remove_seek(&id, None).await;
            app.lobby.changed();
            return Err(e);
        }
    };
    let e = slot.entry.lock().await;
    for (side, who) in [(seeker_side, &seeker), (accepter_side, &account)] {
        if let Some(who) = who {
            hub.hold_seat::<Game>(who, &game_id, &e.settings, side)
                .await;
        }
    }
    if let Err(err) = hub.store.tell_lobby().await {
        tracing::warn!("other instances not told of a seek taken: {err}");
    }
    app.lobby.changed();
    Ok(Json(Game::seated(
        &game_id,
        &e,
        accepter_side,
        Occasion::Joined,
    )))
}

/// Whether `accepter` may take a seek of `seeker` asking for `settings`: a rated seek needs
/// an account, one's own seek cannot be taken, and the accepter's rating in the pool (a new
/// player's for a guest) is within its range.
async fn check_accepter(
    app: &App,
    settings: &SeekSettings,
    seeker: Option<&SeatAccount>,
    accepter: Option<&SeatAccount>,
    now: u64,
) -> Result<(), ApiError> {
    if settings.rated && accepter.is_none() {
        return Err(ApiError::forbidden(
            "rated games are for registered players: log in, or take a casual seek",
        )
        .code("rated_needs_account"));
    }
    if let (Some(s), Some(a)) = (seeker, accepter) {
        if s.id == a.id {
            return Err(ApiError::conflict("this is your own seek").code("own_seek"));
        }
    }
    if let Some(o) = &settings.opponent {
        if accepter.map_or(true, |a| a.id != o.id) {
            return Err(ApiError::forbidden(format!(
                "this challenge is for {}: only they may accept it",
                o.name
            ))
            .code("not_for_you"));
        }
    }
    let standing = match accepter {
        Some(a) => app
            .hub
            .store
            .standings(&a.id)
            .await
            .map_err(store_failed)?
            .into_iter()
            .find(|(p, _)| *p == settings.pool())
            .map(|(_, s)| s),
        None => None,
    };
    let rating = rating_now(standing, now).rating();
    if !settings.admits(rating) {
        return Err(ApiError::forbidden(format!(
            "the seek asks for an opponent rated {} to {}: yours is {}",
            settings.min_rating.unwrap_or(0),
            settings.max_rating.unwrap_or(super::seek::RATING_BOUNDS.1),
            rating.round()
        ))
        .code("out_of_range"));
    }
    Ok(())
}

/// `GET /api/lobby/ws`: the lobby's live list. The first message names the socket
/// (`{"type": "hello", "socket": "…"}`, the id its seeks are made with); then the list, at
/// once and at every change, and `{"type": "started", …}` when a seek of this socket became a
/// game. The socket's seeks go when it closes.
async fn ws(
    State(app): State<AppState>,
    peer: Option<Extension<Peer>>,
    headers: HeaderMap,
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    let upgrade = upgrade.map_err(|_| {
        ApiError::of(
            ErrorKind::UpgradeRequired,
            "this route takes WebSocket connections only (an `Upgrade: websocket` request)",
        )
        .code("not_websocket")
    })?;
    let address = app.client_address(&headers, peer.map(|Extension(p)| p));
    let id = random_token(ID_LEN * 2)?;
    debug_assert!(valid_socket(&id));
    // Each lobby socket is a place of its own: the caps per address and in all hold, not the
    // cap per game.
    let place = app
        .sockets
        .try_open(&format!("lobby {id}"), address)
        .map_err(|_| {
            ApiError::rate_limited("too many live-update sockets are open: try again soon", 5)
                .code("too_many_sockets")
        })?;
    let idle = app
        .limits
        .ws_idle_timeout()
        .unwrap_or(Duration::from_secs(60));
    let lobby = app.lobby.clone();
    let stopping = app.stopping.clone();
    Ok(upgrade
        .max_message_size(WS_MESSAGE_LIMIT)
        .max_frame_size(WS_MESSAGE_LIMIT)
        .on_upgrade(move |socket| async move {
            session(socket, &lobby, &id, idle, stopping).await;
            drop(place);
            lobby.leave(&id).await;
        }))
}

async fn session(
    mut socket: WebSocket,
    lobby: &Lobby,
    id: &str,
    idle: Duration,
    mut stopping: tokio::sync::watch::Receiver<bool>,
) {
    let (mut direct, mut list) = lobby.join(id);
    let hello = json!({"type": "hello", "socket": id}).to_string();
    if socket.send(Message::Text(hello.into())).await.is_err() {
        return;
    }
    let Ok(first) = lobby.list_message().await else {
        return;
    };
    if socket.send(Message::Text(first.into())).await.is_err() {
        return;
    }
    let mut ping = tokio::time::interval(idle / 2);
    ping.tick().await;
    let mut heard = tokio::time::Instant::now();
    loop {
        let text = tokio::select! {
            m = list.recv() => match m {
                Ok(text) => text.to_string(),
                Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => {
                    match lobby.list_message().await {
                        Ok(text) => text,
                        Err(_) => continue,
                    }
                }
                Err(_) => return,
            },
            m = direct.recv() => match m {
                Some(text) => text,
                None => return,
            },
            _ = ping.tick() => {
                if heard.elapsed() >= idle {
                    let _ = socket.send(Message::Close(Some(CloseFrame {
                        code: close_code::AWAY,
                        reason: "no answer to pings".into(),
                    }))).await;
                    return;
                }
                if socket.send(Message::Ping(Default::default())).await.is_err() {
                    return;
                }
                continue;
            }
            incoming = socket.recv() => {
                heard = tokio::time::Instant::now();
                match incoming {
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                    // Any text asks for the list again.
                    Some(Ok(Message::Text(_))) => match lobby.list_message().await {
                        Ok(text) => text,
                        Err(_) => continue,
                    },
                    Some(Ok(_)) => continue,
                }
            }
            _ = stopping.changed() => {
                let _ = socket.send(Message::Close(Some(CloseFrame {
                    code: close_code::AWAY,
                    reason: "the server is stopping".into(),
                }))).await;
                return;
            }
        };
        if socket.send(Message::Text(text.into())).await.is_err() {
            return;
        }
    }
}
