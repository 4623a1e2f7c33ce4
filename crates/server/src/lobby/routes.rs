//! The lobby's routes (docs/API.md, "The lobby"): its socket, the seeks listed, made,
//! cancelled and accepted. Accepting a seek makes the game, both seats taken and the clock
//! running, and tells the seeker's socket (on whichever instance it is).

use super::hall::{rating_now, Lobby, MAX_SEEKS_PER_SOCKET, SEEK_STALE_SECS};
use super::seek::{valid_socket, Length, SeekGame, SeekRequest, SeekSettings, SeekerRating};
use crate::accounts::routes::seat_account;
use crate::app::{App, Peer};
use crate::error::{ApiError, ErrorKind};
use crate::games::hub::HeldGame;
use crate::games::seating::{Player, SeatAccount, Seating};
use crate::games::view::Occasion;
use crate::live::{close_away, open_live_socket, Heartbeat, LiveSocket, Refresh, WS_MESSAGE_LIMIT};
use crate::requests::{ApiJson, ApiPath};
use crate::store::lobby::{Adding, Joiner, Joining, Matched, SeekCap, SeekCaps, StoredSeek};
use crate::tokens::{random_below, random_token, ID_LEN};
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{FromRequest, Request, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Extension, Json, Router};
use rajapasu_engine::{mandiri, Game};
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

/// `POST /api/lobby/seeks`: a new seek, held by the socket named, which must be open (422
/// `no_socket`); within the caps per socket, per address and per account (409
/// `too_many_seeks`).
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
        if settings.game == SeekGame::Mandiri {
            return Err(ApiError::unprocessable(
                "a challenge names one player: a Mandiri seek waits for any two",
            )
            .code("mandiri_challenge"));
        }
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
        joined: None,
    };
    let caps = SeekCaps {
        per_socket: MAX_SEEKS_PER_SOCKET,
        per_address: app.limits.seeks_per_address,
        per_account: app.limits.seeks_per_account,
    };
    let adding = hub
        .store
        .add_seek(stored, caps, now.saturating_sub(SEEK_STALE_SECS))
        .await
        .map_err(store_failed)?;
    let full = |what: String| Err(ApiError::conflict(what).code("too_many_seeks"));
    match adding {
        Adding::Added => {}
        Adding::NoSocket => {
            return Err(ApiError::unprocessable(
                "socket: no lobby socket of this id is open: open the lobby's socket and seek with the id its hello gave",
            )
            .code("no_socket"))
        }
        Adding::Full(SeekCap::Socket) => {
            return full(format!(
                "this lobby socket holds {} seeks already: cancel one first",
                caps.per_socket
            ))
        }
        Adding::Full(SeekCap::Address) => {
            return full(format!(
                "the lobby holds {} seeks from this address already: cancel one first",
                caps.per_address
            ))
        }
        Adding::Full(SeekCap::Account) => {
            return full(format!(
                "you have {} seeks in the lobby already: cancel one first",
                caps.per_account
            ))
        }
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

/// `POST /api/lobby/seeks/{id}/cancel`: the seek goes (its socket's only); or the player
/// who joined a Mandiri seek from that socket leaves it, and it waits for two again.
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
    let left = removed
        || app
            .lobby
            .hub()
            .store
            .remove_join(&id, &body.socket)
            .await
            .map_err(store_failed)?;
    if !left {
        return Err(gone());
    }
    app.lobby.changed();
    Ok(Json(json!({"cancelled": id})))
}

/// Body of an accept (optional): the accepter's lobby socket, with which a player joins a
/// Mandiri seek that waits for its third (they are told of the game there, and leave the
/// seek when it closes).
#[derive(Deserialize, Debug, Default)]
#[serde(deny_unknown_fields)]
struct AcceptBody {
    #[serde(default)]
    socket: Option<String>,
}

/// `POST /api/lobby/seeks/{id}/accept`: the game starts, the accepter seated in it; or, for a
/// Mandiri seek that nobody joined yet, the accepter joins it and waits for the third player.
async fn accept(
    State(app): State<AppState>,
    headers: HeaderMap,
    ApiPath(id): ApiPath<String>,
    request: Request,
) -> Result<Json<Value>, ApiError> {
    // A body is read when one is declared: the page's Play button sends none for two players.
    let body = if headers.contains_key(header::CONTENT_TYPE) {
        ApiJson::<AcceptBody>::from_request(request, &app).await?.0
    } else {
        AcceptBody::default()
    };
    let account = seat_account(&app, &headers).await?;
    let hub = app.lobby.hub().clone();
    let now = hub.policy.now();
    let seen_after = now.saturating_sub(SEEK_STALE_SECS);
    let seek = hub
        .store
        .seek(&id)
        .await
        .map_err(store_failed)?
        .filter(|s| s.matched.is_none() && s.seen >= seen_after)
        .ok_or_else(gone)?;
    let settings: SeekSettings =
        serde_json::from_str(&seek.settings).map_err(ApiError::internal)?;
    let seeker = seek
        .account
        .clone()
        .map(|(id, name)| SeatAccount { id, name });
    check_accepter(&app, &settings, seeker.as_ref(), account.as_ref(), now).await?;
    let mut people = vec![Person {
        socket: Some(seek.socket.clone()),
        account: seeker,
    }];
    if settings.game.players() == 3 {
        if body.socket.as_deref() == Some(seek.socket.as_str()) {
            return Err(ApiError::conflict("this is your own seek").code("own_seek"));
        }
        let joining = Joiner {
            socket: body.socket.clone().unwrap_or_default(),
            account: account.clone().map(|a| (a.id, a.name)),
        };
        match hub
            .store
            .join_seek(&id, joining.clone(), seen_after, now)
            .await
            .map_err(store_failed)?
        {
            Joining::Gone => return Err(gone()),
            Joining::Joined if !valid_socket(&joining.socket) => {
                // Nobody is told of a join without a socket: it goes at once.
                let _ = hub.store.remove_join(&id, &joining.socket).await;
                return Err(needs_socket());
            }
            Joining::Joined => {
                app.lobby.changed();
                return Ok(Json(json!({"joined": id, "waiting": 1})));
            }
            Joining::Full(first) => {
                let same_account =
                    |a: &SeatAccount| first.account.as_ref().is_some_and(|(id, _)| *id == a.id);
                if first.socket == joining.socket || account.as_ref().is_some_and(same_account) {
                    return Err(ApiError::conflict(
                        "you joined this seek already: it waits for another player",
                    )
                    .code("joined_already"));
                }
                people.push(Person {
                    socket: Some(first.socket),
                    account: first.account.map(|(id, name)| SeatAccount { id, name }),
                });
            }
        }
    }
    people.push(Person {
        socket: None,
        account,
    });
    let answer = match settings.game {
        SeekGame::RajaPasu => start::<Game>(&app, &id, &settings, people).await?,
        SeekGame::Mandiri => start::<mandiri::Game>(&app, &id, &settings, people).await?,
    };
    Ok(Json(answer))
}

/// 422 `bad_socket`: joining a Mandiri seek needs the joiner's lobby socket.
fn needs_socket() -> ApiError {
    ApiError::unprocessable(
        "socket: a Mandiri seek is joined from the lobby's socket (the id its hello gave), where the game is told when its third player comes",
    )
    .code("bad_socket")
}

/// One of the players a seek's game seats: the seeker, a player who joined, the accepter (who
/// has no socket to be told on: the answer seats them).
struct Person {
    socket: Option<String>,
    account: Option<SeatAccount>,
}

/// A player's seat as the lobby's `started` message names it: a side in Raja Pasu, a
/// player's number in Mandiri.
fn seat_word(game: SeekGame, index: usize) -> String {
    match game {
        SeekGame::RajaPasu => ["south", "north"][index.min(1)].to_string(),
        SeekGame::Mandiri => (index + 1).to_string(),
    }
}

/// A random order of `n` players (Fisher-Yates): `order[k]` is the index of the player the
/// `k`-th person gets.
fn drawn_order(n: usize) -> Result<Vec<usize>, ApiError> {
    let mut order: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        let j = usize::from(random_below(i as u8 + 1)?);
        order.swap(i, j);
    }
    Ok(order)
}

/// Starts the game of the seek `id` for `people` (the seeker first, the accepter last): an
/// online game with the seek's clock, length and rating, each person's player drawn at
/// random, every seat taken (each account holding its own) and the clock running for the
/// player to move. The seek is claimed first, so of two accepters one starts it; the others
/// are told on their sockets. Answers the accepter's seat.
async fn start<G: HeldGame>(
    app: &App,
    id: &str,
    settings: &SeekSettings,
    people: Vec<Person>,
) -> Result<Value, ApiError> {
    let hub = app.lobby.hub().clone();
    let now = hub.policy.now();
    let order = drawn_order(people.len())?;
    let player = |k: usize| G::Player::ALL[order[k]];
    let body = match settings.game {
        SeekGame::RajaPasu => json!({
            "kind": "online",
            "mode": settings.mode,
            "clock": settings.clock.to_string(),
            "rated": settings.rated,
            "side": seat_word(settings.game, order[0]),
        }),
        SeekGame::Mandiri => json!({
            "kind": "online",
            "rules": match settings.mode {
                Length::Round => "mandiri/mode=round",
                Length::Match => "mandiri",
            },
            "clock": settings.clock.to_string(),
            "rated": settings.rated,
            "player": order[0] + 1,
        }),
    };
    let req = serde_json::from_value(body).map_err(ApiError::internal)?;
    let setup = G::new_game(req, now)?;
    let (game, mut game_settings) = (setup.game, setup.settings);
    for (k, person) in people.iter().enumerate() {
        game_settings.seat_taken(player(k));
        game_settings.set_account(player(k), person.account.clone());
    }
    if let Some(clock) = game_settings.clock_mut() {
        clock.start(hub.policy.now_ms(), game.player_to_move());
    }
    // Each player's token, made now: the game keeps only its hash, the claim none (a seeker on
    // another instance gets a token of its own when told, `Lobby::tell_seekers`).
    let mut tokens = Vec::new();
    for k in 0..people.len() {
        tokens.push(
            game_settings
                .mint(player(k))?
                .ok_or_else(crate::games::actions::computer_seat)?,
        );
    }
    let game_id = random_token(ID_LEN)?;
    let matched = |k: usize| Matched {
        game: game_id.clone(),
        token: String::new(),
        seat: seat_word(settings.game, order[k]),
    };
    let seats: Vec<Matched> = (0..people.len())
        .map(|k| Matched {
            token: tokens[k].clone(),
            ..matched(k)
        })
        .collect();
    let joiner = (people.len() == 3).then(|| {
        let socket = people[1].socket.clone().unwrap_or_default();
        (socket, matched(1))
    });
    let won = hub
        .store
        .claim_seek(id, now.saturating_sub(SEEK_STALE_SECS), matched(0), joiner)
        .await
        .map_err(store_failed)?;
    if !won {
        return Err(gone());
    }
    let slot = match hub.open_as(&game_id, game, game_settings).await {
        Ok(slot) => slot,
        Err(e) => {
            // No game: the seek goes rather than promise one.
            let _ = hub.store.remove_seek(id, None).await;
            app.lobby.changed();
            return Err(e);
        }
    };
    let e = slot.entry.lock().await;
    for (k, person) in people.iter().enumerate() {
        if let Some(who) = &person.account {
            hub.hold_seat::<G>(who, &game_id, &e.settings, player(k))
                .await;
        }
    }
    // The seeker (and a Mandiri joiner) on this instance is told now; one on another instance
    // when the notice reaches it.
    for (k, person) in people.iter().enumerate() {
        if let Some(socket) = &person.socket {
            app.lobby.tell_started(settings.game, id, socket, &seats[k]);
        }
    }
    if let Err(err) = hub.store.tell_lobby().await {
        tracing::warn!("other instances not told of a seek taken: {err}");
    }
    app.lobby.changed();
    let last = people.len() - 1;
    Ok(G::seated(
        &game_id,
        &e,
        player(last),
        Occasion::Joined,
        &tokens[last],
    ))
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
    let LiveSocket { place, idle } = open_live_socket(&app, &format!("lobby {id}"), address)?;
    let lobby = app.lobby.clone();
    let stopping = app.stopping.clone();
    Ok(upgrade
        .max_message_size(WS_MESSAGE_LIMIT)
        .max_frame_size(WS_MESSAGE_LIMIT)
        .on_upgrade(move |socket| async move {
            // Noted in the store before its hello: a seek made with the id finds it open.
            match lobby.open_socket(&id, address).await {
                Ok(()) => session(socket, &lobby, &id, idle, stopping).await,
                Err(e) => tracing::warn!("a lobby socket not noted open: {e}"),
            }
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
    let Ok(first) = lobby.current_list().await else {
        return;
    };
    if socket
        .send(Message::Text(first.to_string().into()))
        .await
        .is_err()
    {
        return;
    }
    let mut heartbeat = Heartbeat::new(idle).await;
    let mut refresh = Refresh::new();
    loop {
        let text = tokio::select! {
            m = list.recv() => match m {
                Ok(text) => text.to_string(),
                Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => {
                    match lobby.current_list().await {
                        Ok(text) => text.to_string(),
                        Err(_) => continue,
                    }
                }
                Err(_) => return,
            },
            m = direct.recv() => match m {
                Some(text) => text,
                None => return,
            },
            _ = heartbeat.tick() => {
                if !heartbeat.beat(&mut socket).await {
                    return;
                }
                continue;
            }
            _ = refresh.due() => match lobby.current_list().await {
                Ok(text) => text.to_string(),
                Err(_) => continue,
            },
            incoming = socket.recv() => {
                heartbeat.heard();
                match incoming {
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                    // Any text asks for the list again: the list last sent, once a second at
                    // most.
                    Some(Ok(Message::Text(_))) if refresh.ask() => match lobby.current_list().await {
                        Ok(text) => text.to_string(),
                        Err(_) => continue,
                    },
                    Some(Ok(_)) => continue,
                }
            }
            _ = stopping.changed() => {
                close_away(&mut socket, "the server is stopping").await;
                return;
            }
        };
        if socket.send(Message::Text(text.into())).await.is_err() {
            return;
        }
    }
}
