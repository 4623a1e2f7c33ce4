//! The ratings' routes (docs/API.md): the pools and the speed each clock is rated at, the
//! leaderboard of a pool, and a player's ratings with their history. Ratings are shown as they stand now: a player away for long has a larger
//! deviation than after their last game ([`Standing::now`]).

use super::standing::{rating_json, Standing};
use crate::accounts::name::AccountName;
use crate::app::App;
use crate::error::ApiError;
use crate::games::clock::Control;
use crate::lobby::seek::read_clock;
use crate::requests::{ApiPath, ApiQuery};
use crate::store::accounts::StoredAccount;
use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use rajapasu_rating::{Config, Pool};
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::Arc;

type AppState = Arc<App>;

/// Most players on one leaderboard.
pub const MAX_LEADERBOARD: u32 = 100;
/// Most rated games in a player's history.
pub const MAX_HISTORY: u32 = 500;

/// The ratings' routes.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/pools", get(pools))
        .route("/api/leaderboard/{pool}", get(leaderboard))
        .route("/api/players/{name}", get(player))
        .route("/api/ratings/games/{id}", get(game_ratings))
}

/// The query of a leaderboard.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct LeaderboardQuery {
    /// How many players (default and most [`MAX_LEADERBOARD`]).
    #[serde(default)]
    limit: Option<u32>,
}

/// The query of the pools: the clocks whose speeds are asked, separated by commas.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct PoolsQuery {
    /// `3+2,15+10,1d`; the presets when none are named.
    #[serde(default)]
    clocks: Option<String>,
}

/// Most clocks whose speeds one request asks.
pub const MAX_CLOCKS: usize = 32;

/// `GET /api/pools?clocks=…`: every pool's name, and the speed each clock named (or each
/// preset) is rated at, by the one rule of [`rajapasu_rating::Clock::speed`]: what the pages
/// show beside a clock. 422 `bad_clock` for a clock that is none, or more than
/// [`MAX_CLOCKS`].
async fn pools(ApiQuery(q): ApiQuery<PoolsQuery>) -> Result<Json<Value>, ApiError> {
    let clocks: Vec<Control> = match &q.clocks {
        None => Control::PRESETS.to_vec(),
        Some(list) => {
            let clocks: Vec<&str> = list.split(',').collect();
            if clocks.len() > MAX_CLOCKS {
                return Err(ApiError::unprocessable(format!(
                    "clocks: at most {MAX_CLOCKS} a request, not {}",
                    clocks.len()
                ))
                .code("bad_clock"));
            }
            clocks
                .into_iter()
                .map(read_clock)
                .collect::<Result<_, _>>()?
        }
    };
    let speeds: serde_json::Map<String, Value> = clocks
        .iter()
        .map(|c| (c.to_string(), json!(c.speed().name())))
        .collect();
    let pools: Vec<String> = Pool::ALL.iter().map(Pool::to_string).collect();
    Ok(Json(json!({"pools": pools, "speeds": speeds})))
}

fn store_failed(e: impl std::fmt::Display) -> ApiError {
    ApiError::unavailable(e)
}

/// A pool named in a path; 404 `no_pool` naming the pools when it names none.
fn pool_named(name: &str) -> Result<Pool, ApiError> {
    name.parse()
        .map_err(|e: rajapasu_rating::pool::UnknownPool| {
            ApiError::not_found(e.to_string()).code("no_pool")
        })
}

/// A standing as the API shows it, at `now`.
fn standing_json(config: &Config, s: &Standing, now: u64) -> Value {
    let mut v = rating_json(&s.now(config, now).rating);
    v["games"] = json!(s.games);
    v
}

/// `GET /api/leaderboard/{pool}`: the pool's established players (at least
/// [`LEADERBOARD_MIN_GAMES`](super::standing::LEADERBOARD_MIN_GAMES) rated games, not
/// provisional), the highest rated first.
async fn leaderboard(
    State(app): State<AppState>,
    ApiPath(pool): ApiPath<String>,
    ApiQuery(q): ApiQuery<LeaderboardQuery>,
) -> Result<Json<Value>, ApiError> {
    let pool = pool_named(&pool)?;
    let limit = q.limit.unwrap_or(MAX_LEADERBOARD).clamp(1, MAX_LEADERBOARD);
    let ranked = app
        .hub
        .store
        .leaderboard(pool, super::standing::LEADERBOARD_MIN_GAMES, limit)
        .await
        .map_err(store_failed)?;
    let (config, now) = (super::standing::system(), app.hub.policy.now());
    // Provisional again after a long absence: not listed until the next rated game.
    let players: Vec<Value> = ranked
        .iter()
        .filter(|r| !r.standing.now(&config, now).rating.is_provisional())
        .enumerate()
        .map(|(i, r)| {
            let mut v = standing_json(&config, &r.standing, now);
            v["rank"] = json!(i + 1);
            v["name"] = json!(r.name);
            v
        })
        .collect();
    Ok(Json(json!({"pool": pool.to_string(), "players": players})))
}

/// `GET /api/ratings/games/{id}`: what a rated game did to its players' ratings (empty until it
/// is rated).
async fn game_ratings(
    State(app): State<AppState>,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<Value>, ApiError> {
    let lines = app
        .hub
        .store
        .game_ratings(&id)
        .await
        .map_err(store_failed)?;
    let players: Vec<Value> = lines
        .iter()
        .map(|(name, h)| {
            json!({
                "name": name,
                "pool": h.pool.to_string(),
                "rating": h.rating.round() as i64,
                "deviation": h.deviation.round() as i64,
                "provisional": h.deviation >= rajapasu_rating::PROVISIONAL_DEVIATION,
                "change": (h.rating.round() - h.before.round()) as i64,
            })
        })
        .collect();
    Ok(Json(json!({"game": id, "players": players})))
}

/// The account called `name` (in any case); 404 `no_player` when none is.
pub(crate) async fn account_named(app: &App, name: &str) -> Result<StoredAccount, ApiError> {
    let no_player =
        || ApiError::not_found(format!("no player is called {name:?}")).code("no_player");
    let Ok(parsed) = AccountName::parse(name) else {
        return Err(no_player());
    };
    app.hub
        .store
        .account_by_key(parsed.key())
        .await
        .map_err(store_failed)?
        .ok_or_else(no_player)
}

/// `GET /api/players/{name}`: a player's ratings in every pool they played in, and the history
/// of their rated games. 404 `no_player` when no account has the name.
async fn player(
    State(app): State<AppState>,
    ApiPath(name): ApiPath<String>,
) -> Result<Json<Value>, ApiError> {
    let no_player =
        || ApiError::not_found(format!("no player is called {name:?}")).code("no_player");
    let Ok(parsed) = AccountName::parse(&name) else {
        return Err(no_player());
    };
    let store = &app.hub.store;
    let account = store
        .account_by_key(parsed.key())
        .await
        .map_err(store_failed)?
        .ok_or_else(no_player)?;
    let standings = store.standings(&account.id).await.map_err(store_failed)?;
    let history = store
        .rating_history(&account.id, MAX_HISTORY)
        .await
        .map_err(store_failed)?;
    let (config, now) = (super::standing::system(), app.hub.policy.now());
    let mut ratings = serde_json::Map::new();
    for (pool, s) in &standings {
        ratings.insert(pool.to_string(), standing_json(&config, s, now));
    }
    let history: Vec<Value> = history
        .iter()
        .map(|h| {
            json!({
                "pool": h.pool.to_string(),
                "game": h.game,
                "at": h.at,
                "rating": h.rating.round() as i64,
                "deviation": h.deviation.round() as i64,
                "change": (h.rating.round() - h.before.round()) as i64,
            })
        })
        .collect();
    Ok(Json(json!({
        "name": account.name,
        "created": account.created,
        "ratings": ratings,
        "history": history,
        "puzzle_rating": crate::puzzles::account_puzzle_rating(store.as_ref(), &account.id).await?,
    })))
}
