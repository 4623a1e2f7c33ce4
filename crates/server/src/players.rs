//! A player's games, for their page (docs/API.md, "Players"): the online games their account
//! holds a seat in, those in progress (the ones where it is their move first) and the finished
//! ones with their result, and every finished game's record in one file; filtered by the
//! game, the variant rated (a single round, a match, Mandiri), rated or casual, the speed and
//! the player's result. And a signed-in player's seat in one of their games, on any device
//! ([`account_seat`]).

use crate::app::App;
use crate::error::ApiError;
use crate::games::entry::Entry;
use crate::games::hub::HeldGame;
use crate::games::seating::{Kind, Player, SeatAccount, Seating};
use crate::games::served::GameName;
use crate::games::view::{ClockInfo, Occasion, ShownGame};
use crate::ratings::routes::account_named;
use crate::requests::{ApiPath, ApiQuery};
use axum::extract::State;
use axum::http::{header, HeaderMap};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use rajapasu_engine::{mandiri, Game};
use rajapasu_rating::{Speed, Variant};
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::Arc;

type AppState = Arc<App>;

/// Most games looked at for one page: the account's latest.
pub const MAX_GAMES: usize = 200;

/// The players' games' routes.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/players/{name}/games", get(games))
        .route("/api/players/{name}/records", get(records))
        .route(&seat_path::<Game>(), get(seat::<Game>))
        .route(&seat_path::<mandiri::Game>(), get(seat::<mandiri::Game>))
}

/// The player's result in a finished game, by their score (the mean of their pairs'): won
/// above ½, lost below, drawn at ½ (a draw, a shared round, or in Mandiri one pair won and
/// one lost).
#[derive(Deserialize, Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
enum Outcome {
    Won,
    Lost,
    Drawn,
}

impl Outcome {
    fn of(score: f64) -> Outcome {
        if score > 0.5 {
            Outcome::Won
        } else if score < 0.5 {
            Outcome::Lost
        } else {
            Outcome::Drawn
        }
    }
}

/// The query of a player's games: the filters (each optional; all must hold), and the
/// records' format.
#[derive(Deserialize, Debug, Default)]
#[serde(deny_unknown_fields)]
struct GamesQuery {
    /// `raja_pasu` or `mandiri`.
    #[serde(default)]
    game: Option<String>,
    /// What the game is rated as: `round`, `match` (Raja Pasu) or `mandiri`.
    #[serde(default)]
    variant: Option<Variant>,
    /// `blitz`, `rapid` or `correspondence` (untimed games are none); `realtime`, the name
    /// before blitz and rapid, reads as blitz.
    #[serde(default)]
    speed: Option<Speed>,
    /// The player's result, `won`, `lost` or `drawn`: finished games only.
    #[serde(default)]
    result: Option<Outcome>,
    /// Rated games only (true), casual only (false).
    #[serde(default)]
    rated: Option<bool>,
    /// `text` (default) or `json`, for the records.
    #[serde(default)]
    format: Option<String>,
}

/// One of the player's games: its summary for the page, and its record when finished.
struct Listed {
    summary: Value,
    variant: Variant,
    speed: Option<Speed>,
    outcome: Option<Outcome>,
    rated: bool,
    over: bool,
    their_turn: bool,
    record: Option<(String, String)>,
}

/// The summary of the online game `id` held in `e`, for the player whose seats the token of
/// hash `hash` holds (as the account's games keep it); with its records if `records` (only the
/// records' download writes them: the lists, which the header asks for every minute, do not).
fn listed<G: HeldGame>(id: &str, e: &Entry<G>, hash: &str, records: bool) -> Option<Listed> {
    let s = &e.settings;
    if s.kind() != Kind::Online {
        return None;
    }
    let held = e.settings.held_by_hash(hash);
    let mine: Vec<usize> = held.indices().collect();
    if mine.is_empty() || mine.len() == G::Player::ALL.len() {
        return None;
    }
    let over = e.over();
    let to_move = e.player_to_move();
    let names = s.names();
    let players: Vec<Value> = G::Player::ALL
        .iter()
        .map(
            |&p| json!({"name": names[p.index()], "account": s.account(p).map(|a| a.name.clone())}),
        )
        .collect();
    // The player's score: the mean of their pairs' scores (1 won, 0 lost, ½ drawn).
    let score = over.then(|| {
        let pairs = crate::games::entry::end_results(&e.game, s);
        let (mut total, mut n) = (0.0, 0.0);
        for p in &pairs {
            if mine.contains(&p.first) {
                total += p.first_score.value();
                n += 1.0;
            } else if mine.contains(&p.second) {
                total += p.first_score.opposite().value();
                n += 1.0;
            }
        }
        if n > 0.0 {
            total / n
        } else {
            0.5
        }
    });
    let their_turn = !over && held.contains(to_move);
    let variant = e.game.rating_variant();
    let speed = s.clock().map(|c| c.control().speed());
    Some(Listed {
        summary: json!({
            "game": G::GAME.word(),
            "id": id,
            "watch": format!("{}/{id}", match G::GAME {
                GameName::RajaPasu => "/g",
                GameName::Mandiri => "/m",
            }),
            "players": players,
            "mine": mine,
            "rated": s.rated(),
            "variant": variant.name(),
            "speed": speed.map(Speed::name),
            "clock": s.clock().map(|c| c.control().to_string()),
            // Each player's time left, as the game's own view tells it (the page counts down).
            "time": ClockInfo::of(s),
            "created": s.created(),
            "ply": e.ply(),
            "over": over,
            "to_move": (!over).then(|| to_move.index()),
            "their_turn": their_turn,
            "score": score,
            "timed_out": s.timed_out().map(|p| p.index()),
            "resigned": s.resigned().map(|p| p.index()),
        }),
        variant,
        speed,
        outcome: score.map(Outcome::of),
        rated: s.rated(),
        over,
        their_turn,
        record: (over && records).then(|| (e.record(id, false), e.record(id, true))),
    })
}

/// The player's online games, newest first, as filtered; the finished ones with their records
/// if `records`.
async fn player_games(
    app: &App,
    name: &str,
    q: &GamesQuery,
    records: bool,
) -> Result<Vec<Listed>, ApiError> {
    async fn one<G: HeldGame>(app: &App, id: &str, hash: &str, records: bool) -> Option<Listed> {
        let slot = app.hub.load::<G>(id).await.ok()?;
        let e = slot.entry.lock().await;
        listed(id, &e, hash, records)
    }
    let account = account_named(app, name).await?;
    let held = app
        .hub
        .store
        .held_games(&account.id)
        .await
        .map_err(ApiError::unavailable)?;
    let mut out = Vec::new();
    for h in held.iter().take(MAX_GAMES) {
        if q.game.as_deref().is_some_and(|g| g != h.game) {
            continue;
        }
        let found = match h.game.as_str() {
            "mandiri" => one::<mandiri::Game>(app, &h.id, &h.token, records).await,
            _ => one::<Game>(app, &h.id, &h.token, records).await,
        };
        if let Some(l) = found.filter(|l| q.admits(l)) {
            out.push(l);
        }
    }
    Ok(out)
}

impl GamesQuery {
    /// Whether a listed game passes every filter asked for.
    fn admits(&self, l: &Listed) -> bool {
        self.rated.map_or(true, |r| l.rated == r)
            && self.variant.map_or(true, |v| l.variant == v)
            && self.speed.map_or(true, |s| l.speed == Some(s))
            && self.result.map_or(true, |r| l.outcome == Some(r))
    }
}

/// `GET /api/players/{name}/games`: the games in progress (the player's move first) and the
/// finished ones, newest first.
async fn games(
    State(app): State<AppState>,
    ApiPath(name): ApiPath<String>,
    ApiQuery(q): ApiQuery<GamesQuery>,
) -> Result<Json<Value>, ApiError> {
    let all = player_games(&app, &name, &q, false).await?;
    let (mut playing, finished): (Vec<Listed>, Vec<Listed>) =
        all.into_iter().partition(|l| !l.over);
    // Stable: within each part, the newest first as held.
    playing.sort_by_key(|l| !l.their_turn);
    Ok(Json(json!({
        "playing": playing.into_iter().map(|l| l.summary).collect::<Vec<_>>(),
        "finished": finished.into_iter().map(|l| l.summary).collect::<Vec<_>>(),
    })))
}

/// `GET /api/players/{name}/records?format=text|json`: every finished game's record in one
/// file, the newest first.
async fn records(
    State(app): State<AppState>,
    ApiPath(name): ApiPath<String>,
    ApiQuery(q): ApiQuery<GamesQuery>,
) -> Result<Response, ApiError> {
    let json_format = match q.format.as_deref() {
        None | Some("text") => false,
        Some("json") => true,
        Some(other) => {
            return Err(ApiError::unprocessable(format!(
                "format: {other:?} is none: `text` or `json`"
            ))
            .code("bad_format"))
        }
    };
    let all = player_games(&app, &name, &q, true).await?;
    let records = all.into_iter().filter_map(|l| l.record);
    let (body, ctype, ext) = if json_format {
        let values: Vec<Value> = records
            .map(|(_, j)| serde_json::from_str(&j).unwrap_or(Value::Null))
            .collect();
        (
            serde_json::to_string_pretty(&values).map_err(ApiError::internal)?,
            "application/json; charset=utf-8",
            "json",
        )
    } else {
        (
            records.map(|(t, _)| t).collect::<Vec<_>>().join("\n"),
            "text/plain; charset=utf-8",
            "txt",
        )
    };
    let file: String = name
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '-')
        .collect();
    Ok((
        [
            (header::CONTENT_TYPE, ctype.to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!(
                    "attachment; filename=\"rajapasu-{}-games.{ext}\"",
                    if file.is_empty() { "player" } else { &file }
                ),
            ),
        ],
        body,
    )
        .into_response())
}

/// The path of the seat route of games of kind `G`: `/api/games/{id}/seat`,
/// `/api/mandiri/games/{id}/seat`.
fn seat_path<G: HeldGame>() -> String {
    format!("{}/{{id}}/seat", G::GAME.api_path())
}

/// The player `account` plays in the game `id` held in `e`: a seat the game's settings give
/// the account (an online game's, taken signed in: lobby, tournament, invitation, creation),
/// else one whose token's hash the account's games hold (a guest's seat moved to the
/// account). `held` is the account's games, as the store keeps them.
fn seat_of<G: HeldGame>(
    id: &str,
    e: &Entry<G>,
    account: &SeatAccount,
    held: &[crate::store::accounts::HeldGame],
) -> Option<G::Player> {
    let s = &e.settings;
    let by_account = G::Player::ALL
        .iter()
        .copied()
        .find(|&p| s.account(p).is_some_and(|a| a.id == account.id));
    by_account.or_else(|| {
        held.iter()
            .filter(|h| h.id == id && h.game == G::GAME.word())
            .find_map(|h| e.settings.held_by_hash(&h.token).first())
    })
}

/// The account's seat in the game `id` of kind `G`, answered as the join of the seat answers
/// it (`{"id", "token", "seat" | "players", "game"}`), the invitations too when it created the
/// game: 403 `signed_out` without a session, 404 `no_game`, 403 `not_seated` when the account
/// holds no seat in it. The token is a new one, for this device alone (the game keeps only
/// the hashes of its tokens, [`crate::games::seating::Seats::mint`]), and goes only to the
/// seat's account.
pub async fn account_seat<G: HeldGame>(
    app: &App,
    account: &SeatAccount,
    id: &str,
) -> Result<Value, ApiError> {
    let held = app
        .hub
        .store
        .held_games(&account.id)
        .await
        .map_err(ApiError::unavailable)?;
    let slot = app.hub.load::<G>(id).await?;
    let mut e = slot.entry.lock().await;
    let Some(player) = seat_of(id, &e, account, &held) else {
        return Err(
            ApiError::forbidden("this account holds no seat in this game").code("not_seated"),
        );
    };
    let creator = match e.settings.seats().online() {
        Some(o) => o.creator == player,
        None => true,
    };
    let occasion = if creator {
        Occasion::Created
    } else {
        Occasion::Joined
    };
    // The game keeps no token in clear: this device gets one of its own.
    let token = app.hub.mint_in(&slot, &mut e, player).await?;
    Ok(<G as ShownGame>::seated(id, &e, player, occasion, &token))
}

/// `GET /api/games/{id}/seat` (and Mandiri's): the signed-in account's seat in the game, with
/// its token, so that the player plays it from any device ([`account_seat`]).
async fn seat<G: HeldGame>(
    State(app): State<AppState>,
    headers: HeaderMap,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<Value>, ApiError> {
    let account = crate::accounts::routes::seat_account(&app, &headers)
        .await?
        .ok_or_else(|| {
            ApiError::forbidden("log in first: this needs an account's session").code("signed_out")
        })?;
    account_seat::<G>(&app, &account, &id).await.map(Json)
}
