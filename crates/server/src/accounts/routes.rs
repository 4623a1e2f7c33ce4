//! The account routes, under `/api/account` (docs/API.md): register, log in, log out (here or
//! everywhere), change the password, and the games the account holds seats in. A guest's
//! games move to the account when its seat tokens are sent with the registration (or later,
//! one by one).

use super::name::AccountName;
use super::password::Password;
use super::session::{over_tls, session_of, set_cookie, SessionToken, SESSION_DAYS};
use crate::app::{App, Peer};
use crate::error::ApiError;
use crate::games::hub::HeldGame as HeldKind;
use crate::requests::ApiJson;
use crate::store::accounts::{HeldGame, NewAccount, Registered, StoredAccount, StoredSession};
use crate::tokens::{random_token, ID_LEN};
use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Extension, Json, Router};
use rajapasu_engine::{mandiri, Game};
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::Arc;

type AppState = Arc<App>;

/// Most guest games moved with one registration.
pub const MAX_GAMES_MOVED: usize = 100;

/// The account routes.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/account", get(me))
        .route("/api/account/register", post(register))
        .route("/api/account/login", post(login))
        .route("/api/account/logout", post(logout))
        .route("/api/account/logout-everywhere", post(logout_everywhere))
        .route("/api/account/password", post(change_password))
        .route("/api/account/games", post(hold_game))
}

/// Which game a seat is in.
#[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum GameKind {
    /// Raja Pasu.
    RajaPasu,
    /// Raja Pasu Mandiri.
    Mandiri,
}

impl GameKind {
    /// The game's word in the API and the store, as the game names itself.
    fn word(self) -> &'static str {
        match self {
            GameKind::RajaPasu => crate::games::served::GameName::RajaPasu.word(),
            GameKind::Mandiri => crate::games::served::GameName::Mandiri.word(),
        }
    }
}

/// A seat a guest holds: the game and its seat token.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameSeat {
    /// Which game.
    pub game: GameKind,
    /// The game's id.
    pub id: String,
    /// The seat token.
    pub token: String,
}

/// `POST /api/account/register`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RegisterRequest {
    name: String,
    password: Password,
    /// The guest's games, to move to the new account.
    #[serde(default)]
    games: Vec<GameSeat>,
    /// The guest's puzzle rating, to keep on the new account.
    #[serde(default)]
    puzzle_rating: Option<crate::puzzles::PlayerRating>,
}

/// `POST /api/account/login`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LoginRequest {
    name: String,
    password: Password,
    /// The guest's puzzle rating, kept on the account if it has none yet.
    #[serde(default)]
    puzzle_rating: Option<crate::puzzles::PlayerRating>,
}

/// `POST /api/account/password`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PasswordRequest {
    old: Password,
    new: Password,
}

fn store_failed(e: impl std::fmt::Display) -> ApiError {
    ApiError::unavailable(e)
}

fn hash_failed(e: impl std::fmt::Display) -> ApiError {
    ApiError::internal(e)
}

/// The account of the request's live session, as it holds a seat in a game; `None` for a
/// guest.
pub(crate) async fn seat_account(
    app: &App,
    headers: &HeaderMap,
) -> Result<Option<crate::games::seating::SeatAccount>, ApiError> {
    Ok(session_of(app, headers)
        .await?
        .map(|(_, a)| crate::games::seating::SeatAccount {
            id: a.id,
            name: a.name,
        }))
}

/// As [`session_of`], 403 `signed_out` without one.
async fn signed_in(
    app: &App,
    headers: &HeaderMap,
) -> Result<(SessionToken, StoredAccount), ApiError> {
    session_of(app, headers).await?.ok_or_else(|| {
        ApiError::forbidden("log in first: this needs an account's session").code("signed_out")
    })
}

/// A new session for `account`, and its cookie.
fn new_session(app: &App, account: &str) -> Result<(SessionToken, StoredSession), ApiError> {
    let token = SessionToken::new()?;
    let session = StoredSession {
        token_hash: token.hash(),
        account: account.to_string(),
        expires: app.hub.policy.now() + SESSION_DAYS * 86_400,
    };
    Ok((token, session))
}

fn with_cookie(status: StatusCode, cookie: axum::http::HeaderValue, body: Value) -> Response {
    (status, [(header::SET_COOKIE, cookie)], Json(body)).into_response()
}

/// An answer that starts a session and makes the browser a device the account knows
/// ([`super::device`]): the session's cookie first, then the device's.
fn signed_in_answer(
    status: StatusCode,
    session: axum::http::HeaderValue,
    password_hash: &str,
    secure: bool,
    body: Value,
) -> Result<Response, ApiError> {
    let device = super::device::set_cookie(&super::device::issue(password_hash)?, secure);
    let mut answer = with_cookie(status, session, body);
    answer.headers_mut().append(header::SET_COOKIE, device);
    Ok(answer)
}

/// The client's address, as the rate limits read it.
fn client_ip(app: &App, headers: &HeaderMap, peer: Option<Extension<Peer>>) -> std::net::IpAddr {
    app.client_address(headers, peer.map(|Extension(p)| p))
}

/// Whether `token` holds a seat in the game: 404 or 403 when not.
async fn check_seat(app: &App, seat: &GameSeat) -> Result<(), ApiError> {
    async fn held<G: HeldKind>(app: &App, id: &str, token: &str) -> Result<(), ApiError> {
        let slot = app.hub.load::<G>(id).await?;
        let e = slot.entry.lock().await;
        e.require(Some(token)).map(drop)
    }
    match seat.game {
        GameKind::RajaPasu => held::<Game>(app, &seat.id, &seat.token).await,
        GameKind::Mandiri => held::<mandiri::Game>(app, &seat.id, &seat.token).await,
    }
}

/// Records a seat for the account, once its token is checked.
async fn take_seat(app: &App, account: &str, seat: &GameSeat) -> Result<(), ApiError> {
    check_seat(app, seat).await?;
    let held = HeldGame {
        game: seat.game.word().to_string(),
        id: seat.id.clone(),
        // Only the token's hash is kept: the account's devices get tokens of their own.
        token: crate::tokens::seat_hash(&seat.token),
        since: app.hub.policy.now(),
    };
    app.hub
        .store
        .hold_game(account, held)
        .await
        .map_err(store_failed)
}

fn account_json(account: &StoredAccount, games: &[HeldGame]) -> Value {
    let games: Vec<Value> = games
        .iter()
        .map(|g| json!({"game": g.game, "id": g.id, "since": g.since}))
        .collect();
    json!({"name": account.name, "created": account.created, "games": games})
}

/// `GET /api/account`: the signed-in account and its games, or `{"account": null}`.
async fn me(State(app): State<AppState>, headers: HeaderMap) -> Result<Json<Value>, ApiError> {
    let Some((_, account)) = session_of(&app, &headers).await? else {
        return Ok(Json(json!({"account": null})));
    };
    let games = app
        .hub
        .store
        .held_games(&account.id)
        .await
        .map_err(store_failed)?;
    let mut shown = account_json(&account, &games);
    shown["puzzle_rating"] =
        crate::puzzles::account_puzzle_rating(app.hub.store.as_ref(), &account.id).await?;
    Ok(Json(json!({"account": shown})))
}

async fn register(
    State(app): State<AppState>,
    peer: Option<Extension<Peer>>,
    headers: HeaderMap,
    ApiJson(req): ApiJson<RegisterRequest>,
) -> Result<Response, ApiError> {
    let name = AccountName::parse(&req.name)
        .map_err(|e| ApiError::unprocessable(e.to_string()).code(e.code()))?;
    req.password
        .check()
        .map_err(|e| ApiError::unprocessable(e.to_string()).code("password_length"))?;
    if req.games.len() > MAX_GAMES_MOVED {
        return Err(ApiError::unprocessable(format!(
            "at most {MAX_GAMES_MOVED} games move with a registration"
        ))
        .code("too_many_games_moved"));
    }
    let puzzle_rating = req.puzzle_rating.map(|r| r.checked()).transpose()?;
    app.accounts
        .count_login(name.key(), client_ip(&app, &headers, peer), false)?;
    let password_hash = app
        .accounts
        .hasher
        .hash(&req.password)
        .await
        .map_err(hash_failed)?;
    let account = StoredAccount {
        id: random_token(ID_LEN)?,
        name: name.shown().to_string(),
        password_hash,
        created: app.hub.policy.now(),
    };
    let (token, session) = new_session(&app, &account.id)?;
    let new = NewAccount {
        account: account.clone(),
        key: name.key().to_string(),
        skeleton: name.skeleton().to_string(),
    };
    match app
        .hub
        .store
        .register(new, session)
        .await
        .map_err(store_failed)?
    {
        Registered::Created => {}
        Registered::NameTaken => {
            return Err(ApiError::conflict(
                "this name, or one that looks the same, is taken: choose another",
            )
            .code("name_taken"))
        }
    }
    // A seat whose token is wrong, or whose game is gone, stays behind: the rest move.
    let mut moved = Vec::new();
    for seat in &req.games {
        if take_seat(&app, &account.id, seat).await.is_ok() {
            moved.push(seat.id.clone());
        }
    }
    crate::puzzles::adopt(app.hub.store.as_ref(), &account.id, puzzle_rating).await?;
    tracing::info!(account = %account.id, "account registered");
    let secure = over_tls(&app, &headers);
    signed_in_answer(
        StatusCode::CREATED,
        set_cookie(Some(&token), secure),
        &account.password_hash,
        secure,
        json!({"name": account.name, "moved": moved}),
    )
}

async fn login(
    State(app): State<AppState>,
    peer: Option<Extension<Peer>>,
    headers: HeaderMap,
    ApiJson(req): ApiJson<LoginRequest>,
) -> Result<Response, ApiError> {
    let wrong = || ApiError::forbidden("wrong name or password").code("wrong_login");
    // A name that cannot be an account's is looked up as no account: the same answer, after
    // the same work.
    let key = AccountName::parse(&req.name)
        .map(|n| n.key().to_string())
        .ok();
    let key_or_typed = key.clone().unwrap_or_else(|| req.name.to_lowercase());
    let puzzle_rating = req.puzzle_rating.map(|r| r.checked()).transpose()?;
    let account = match &key {
        Some(key) => app
            .hub
            .store
            .account_by_key(key)
            .await
            .map_err(store_failed)?,
        None => None,
    };
    // A device that logged in to the account before is not held by the limits per name.
    let known = account
        .as_ref()
        .is_some_and(|a| super::device::known(&headers, &a.password_hash));
    app.accounts
        .count_login(&key_or_typed, client_ip(&app, &headers, peer), known)?;
    let ok = app
        .accounts
        .hasher
        .verify(
            &req.password,
            account.as_ref().map(|a| a.password_hash.as_str()),
        )
        .await
        .map_err(hash_failed)?;
    let Some(account) = account.filter(|_| ok) else {
        return Err(wrong());
    };
    let (token, session) = new_session(&app, &account.id)?;
    app.hub
        .store
        .start_session(session, app.hub.policy.now())
        .await
        .map_err(store_failed)?;
    crate::puzzles::adopt(app.hub.store.as_ref(), &account.id, puzzle_rating).await?;
    let secure = over_tls(&app, &headers);
    signed_in_answer(
        StatusCode::OK,
        set_cookie(Some(&token), secure),
        &account.password_hash,
        secure,
        json!({"name": account.name}),
    )
}

/// `POST /api/account/logout`: ends this session (a request without one is already out).
async fn logout(State(app): State<AppState>, headers: HeaderMap) -> Result<Response, ApiError> {
    // Every session the request holds a token of ends: holding it is the right to end it.
    for token in SessionToken::of(&headers, over_tls(&app, &headers)) {
        app.hub
            .store
            .end_session(&token.hash())
            .await
            .map_err(store_failed)?;
    }
    let cookie = set_cookie(None, over_tls(&app, &headers));
    Ok(with_cookie(
        StatusCode::OK,
        cookie,
        json!({"signed_in": false}),
    ))
}

/// `POST /api/account/logout-everywhere`: ends every session of the account, this one too.
async fn logout_everywhere(
    State(app): State<AppState>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let (_, account) = signed_in(&app, &headers).await?;
    let ended = app
        .hub
        .store
        .end_sessions(&account.id)
        .await
        .map_err(store_failed)?;
    let cookie = set_cookie(None, over_tls(&app, &headers));
    Ok(with_cookie(
        StatusCode::OK,
        cookie,
        json!({"sessions_ended": ended}),
    ))
}

/// `POST /api/account/password`: a new password; every other session ends.
async fn change_password(
    State(app): State<AppState>,
    peer: Option<Extension<Peer>>,
    headers: HeaderMap,
    ApiJson(req): ApiJson<PasswordRequest>,
) -> Result<Json<Value>, ApiError> {
    let (token, account) = signed_in(&app, &headers).await?;
    req.new
        .check()
        .map_err(|e| ApiError::unprocessable(e.to_string()).code("password_length"))?;
    app.accounts
        .count_login(&account.id, client_ip(&app, &headers, peer), false)?;
    let ok = app
        .accounts
        .hasher
        .verify(&req.old, Some(&account.password_hash))
        .await
        .map_err(hash_failed)?;
    if !ok {
        return Err(ApiError::forbidden("the old password is wrong").code("wrong_password"));
    }
    let hash = app
        .accounts
        .hasher
        .hash(&req.new)
        .await
        .map_err(hash_failed)?;
    app.hub
        .store
        .set_password(&account.id, &hash, &token.hash())
        .await
        .map_err(store_failed)?;
    Ok(Json(json!({"changed": true})))
}

/// `POST /api/account/games`: the account takes the seats a guest's token holds.
async fn hold_game(
    State(app): State<AppState>,
    headers: HeaderMap,
    ApiJson(seat): ApiJson<GameSeat>,
) -> Result<Json<Value>, ApiError> {
    let (_, account) = signed_in(&app, &headers).await?;
    take_seat(&app, &account.id, &seat).await?;
    Ok(Json(json!({"held": seat.id})))
}
