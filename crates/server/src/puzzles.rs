//! The puzzles' routes (docs/API.md, docs/PUZZLES.md): the shipped set of puzzles with proven
//! solutions, a puzzle chosen near a rating and by theme, the daily puzzle, and attempts.
//!
//! An attempt sends the moves it played; the server judges them against the solution
//! ([`crate::puzzle_line`]). A signed-in player's rated attempt moves their account's rating
//! and the puzzle's Glicko-2 rating (kept in the store, so that it survives a restart and is
//! shared by every instance), once per account and puzzle. A guest's moves only the guest's
//! own rating, sent (within the bounds of a rating) and returned to be kept in the browser:
//! nothing a guest sends moves a shared number.
//!
//! Only the puzzles whose key move is clearly better than the second best are rated
//! ([`Puzzle::is_clear`], docs/PUZZLES.md "Rated puzzles"): the others are never chosen (rated,
//! streak or daily) and an attempt of one by its link moves no rating.
//!
//! The routes carry their own state, so the shared router only merges them.

use crate::error::ApiError;
use crate::requests::{ApiJson, ApiPath, ApiQuery};
use crate::store::puzzles::Attempt;
use crate::store::Store;
use axum::extract::State;
use axum::routing::{get, post};
use axum::{Json, Router};
use rajapasu_ai::puzzles::{embedded, Puzzle, Theme};
use rajapasu_engine::rng::{mix, Rng};
use rajapasu_engine::GameView;
use rajapasu_rating::{Config, Rating, Score};
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::Arc;

/// A puzzle's deviation before its first attempt: its starting rating is a guess from its
/// features (docs/PUZZLES.md), so attempts move it quickly at first.
const START_DEVIATION: f64 = 300.0;
/// Puzzles a choice is drawn from: the nearest this many to the rating asked.
const NEAREST: usize = 24;
/// Ids a request may ask to leave out.
const MAX_EXCLUDED: usize = 200;

/// The set, and the store that keeps each puzzle's rating once attempted.
pub struct Puzzles {
    set: &'static [Puzzle],
    /// The indexes of the rated puzzles (those with a clearly better key move), in set order:
    /// the only ones chosen.
    rated: Vec<usize>,
    by_id: HashMap<&'static str, usize>,
    store: Arc<dyn Store>,
    config: Config,
}

impl Puzzles {
    /// The shipped set, with its ratings in `store`.
    pub fn new(store: Arc<dyn Store>) -> Puzzles {
        let set = embedded();
        Puzzles {
            set,
            rated: (0..set.len()).filter(|&i| set[i].is_clear()).collect(),
            by_id: set
                .iter()
                .enumerate()
                .map(|(i, p)| (p.id.as_str(), i))
                .collect(),
            store,
            config: Config::default(),
        }
    }

    /// The starting rating of puzzle `i`, before any attempt (the set's ratings are 1130 to
    /// 2030; one out of bounds would be held at the edge).
    fn start(&self, i: usize) -> Rating {
        let (lo, hi) = rajapasu_rating::RATING_BOUNDS;
        let rating = f64::from(self.set[i].rating).clamp(lo, hi);
        Rating::new(rating, START_DEVIATION, self.config.unrated().volatility())
            .unwrap_or_else(|_| self.config.unrated())
    }

    /// The rating of puzzle `i` now.
    async fn rating(&self, i: usize) -> Result<Rating, ApiError> {
        let stored = self
            .store
            .puzzle_rating(&self.set[i].id)
            .await
            .map_err(ApiError::unavailable)?;
        Ok(stored.unwrap_or_else(|| self.start(i)))
    }

    /// Every puzzle's rating now, by index.
    async fn ratings(&self) -> Result<Vec<Rating>, ApiError> {
        let stored = self
            .store
            .puzzle_ratings()
            .await
            .map_err(ApiError::unavailable)?;
        let mut all: Vec<Rating> = (0..self.set.len()).map(|i| self.start(i)).collect();
        for (id, r) in stored {
            if let Some(&i) = self.by_id.get(id.as_str()) {
                all[i] = r;
            }
        }
        Ok(all)
    }

    fn index(&self, id: &str) -> Result<usize, ApiError> {
        self.by_id
            .get(id)
            .copied()
            .ok_or_else(|| ApiError::not_found(format!("no puzzle {id:?}")).code("no_puzzle"))
    }

    /// Whether puzzle `i` is rated: its key move is clearly better than the second best.
    fn is_rated(&self, i: usize) -> bool {
        self.rated.binary_search(&i).is_ok()
    }

    /// The puzzle as the page takes it: the stored puzzle, its rating now, the start's view and
    /// whether an attempt of it is rated.
    async fn shown(&self, i: usize) -> Result<Value, ApiError> {
        let p = &self.set[i];
        let mut v = serde_json::to_value(p).expect("a puzzle serialises");
        v["rated"] = json!(self.is_rated(i));
        let r = self.rating(i).await?;
        v["rating_now"] = json!(r.rating().round() as i64);
        v["view"] = json!(GameView::new(&p.game().expect("the set is checked")));
        Ok(v)
    }

    /// The daily puzzle of day `day` (days since 1970 in UTC): one of the set's rated puzzles
    /// that a greedy player fails and whose line is at least two moves long, the same all day.
    pub fn daily_index(&self, day: u64) -> usize {
        let good: Vec<usize> = self
            .rated
            .iter()
            .copied()
            .filter(|&i| !self.set[i].easy && self.set[i].solution.depth() >= 2)
            .collect();
        let pool = match (good.is_empty(), self.rated.is_empty()) {
            (false, _) => good,
            (true, false) => self.rated.clone(),
            (true, true) => (0..self.set.len()).collect(),
        };
        pool[(mix(day.wrapping_add(0x5eed)) % pool.len() as u64) as usize]
    }
}

/// The routes' state: the set, and the application for the request's session.
#[derive(Clone)]
struct Routes {
    puzzles: Arc<Puzzles>,
    app: Arc<crate::app::App>,
}

/// The puzzles' routes, with their own state: the set, and `app`'s store and sessions.
pub fn router<S: Clone + Send + Sync + 'static>(app: Arc<crate::app::App>) -> Router<S> {
    Router::new()
        .route("/api/puzzles", get(index))
        .route("/api/puzzles/next", get(next))
        .route("/api/puzzles/daily", get(daily))
        .route("/api/puzzles/{id}", get(one))
        .route("/api/puzzles/{id}/attempt", post(attempt))
        .route("/api/puzzles/mistakes", post(mistakes))
        .with_state(Routes {
            puzzles: Arc::new(Puzzles::new(app.hub.store.clone())),
            app,
        })
}

async fn mistakes(
    State(Routes { app, .. }): State<Routes>,
    body: crate::requests::ApiJson<crate::mistakes::MistakesRequest>,
) -> Result<Json<Value>, ApiError> {
    crate::mistakes::mistakes(&app, body).await
}

async fn index(State(Routes { puzzles: p, .. }): State<Routes>) -> Json<Value> {
    let themes: serde_json::Map<String, Value> = Theme::ALL
        .iter()
        .map(|t| {
            let n = p
                .rated
                .iter()
                .filter(|&&i| p.set[i].themes.contains(t))
                .count();
            (t.name().to_string(), json!(n))
        })
        .collect();
    Json(json!({
        "count": p.set.len(),
        "rated": p.rated.len(),
        "themes": themes,
        "daily": p.set[p.daily_index(today())].id,
    }))
}

fn today() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400)
}

/// Query of `GET /api/puzzles/next`.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct NextQuery {
    /// The rating to choose near (default 1500).
    #[serde(default)]
    rating: Option<f64>,
    /// Only puzzles of this theme.
    #[serde(default)]
    theme: Option<String>,
    /// Ids to leave out, comma-separated (those just played).
    #[serde(default)]
    exclude: Option<String>,
    /// A seed for the draw (default: the clock), so a test can repeat it.
    #[serde(default)]
    seed: Option<u64>,
}

async fn next(
    State(Routes { puzzles: p, .. }): State<Routes>,
    ApiQuery(q): ApiQuery<NextQuery>,
) -> Result<Json<Value>, ApiError> {
    let rating = q.rating.unwrap_or(1500.0);
    if !(rating.is_finite() && (0.0..=4000.0).contains(&rating)) {
        return Err(
            ApiError::bad_request("rating: give a number from 0 to 4000").code("bad_rating"),
        );
    }
    let theme: Option<Theme> = match q.theme.as_deref() {
        None | Some("") | Some("all") => None,
        Some(t) => Some(t.parse().map_err(|e: rajapasu_ai::puzzles::UnknownTheme| {
            ApiError::bad_request(e.to_string()).code("bad_theme")
        })?),
    };
    let excluded: Vec<&str> = q
        .exclude
        .as_deref()
        .unwrap_or("")
        .split(',')
        .filter(|s| !s.is_empty())
        .collect();
    if excluded.len() > MAX_EXCLUDED {
        return Err(
            ApiError::bad_request(format!("exclude: at most {MAX_EXCLUDED} ids"))
                .code("bad_exclude"),
        );
    }
    let ratings = p.ratings().await?;
    let mut pool: Vec<(f64, usize)> = p
        .rated
        .iter()
        .copied()
        .filter(|&i| theme.map_or(true, |t| p.set[i].themes.contains(&t)))
        .filter(|&i| !excluded.contains(&p.set[i].id.as_str()))
        .map(|i| ((ratings[i].rating() - rating).abs(), i))
        .collect();
    if pool.is_empty() {
        return Err(ApiError::not_found("no puzzle left of that theme").code("no_puzzle"));
    }
    pool.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    pool.truncate(NEAREST);
    let seed = q.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64)
    });
    let i = pool[Rng::new(mix(seed)).below(pool.len())].1;
    Ok(Json(p.shown(i).await?))
}

async fn daily(State(Routes { puzzles: p, .. }): State<Routes>) -> Result<Json<Value>, ApiError> {
    let mut v = p.shown(p.daily_index(today())).await?;
    v["daily"] = json!(true);
    Ok(Json(v))
}

async fn one(
    State(Routes { puzzles: p, .. }): State<Routes>,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<Value>, ApiError> {
    Ok(Json(p.shown(p.index(&id)?).await?))
}

/// A player's Glicko-2 rating as the API carries it (a guest's, from the browser).
#[derive(Deserialize, Debug, Clone, Copy)]
#[serde(deny_unknown_fields)]
pub struct PlayerRating {
    rating: f64,
    deviation: f64,
    volatility: f64,
}

impl PlayerRating {
    /// The rating, or 422 `bad_player_rating` naming what is out of range.
    pub fn checked(self) -> Result<Rating, ApiError> {
        Rating::new(self.rating, self.deviation, self.volatility)
            .map_err(|e| ApiError::unprocessable(format!("player: {e}")).code("bad_player_rating"))
    }
}

/// An account's puzzle rating as the API shows it (on /api/account and the player's page),
/// or null when it has none.
pub(crate) async fn account_puzzle_rating(
    store: &dyn Store,
    account: &str,
) -> Result<Value, ApiError> {
    let r = store
        .player_puzzle_rating(account)
        .await
        .map_err(ApiError::unavailable)?;
    Ok(r.map_or(Value::Null, |r| rating_json(&r)))
}

/// Gives a new or signed-in account the guest's puzzle rating `guest`, sent once by the page
/// (checked within the bounds of a rating), unless it has one already. The browser kept it and
/// nothing proves it: it is taken as provisional, its deviation raised to at least the
/// provisional mark, so that the account's own rated attempts soon outweigh it.
pub(crate) async fn adopt(
    store: &dyn Store,
    account: &str,
    guest: Option<Rating>,
) -> Result<(), ApiError> {
    if let Some(r) = guest {
        let deviation = r.deviation().max(rajapasu_rating::PROVISIONAL_DEVIATION);
        let r = Rating::new(r.rating(), deviation, r.volatility()).unwrap_or(r);
        store
            .adopt_puzzle_rating(account, r)
            .await
            .map_err(ApiError::unavailable)?;
    }
    Ok(())
}

/// Body of `POST /api/puzzles/{id}/attempt`.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct AttemptRequest {
    /// The line played from the puzzle's position, hole numbers: the solver's moves and the
    /// defences answered, in turn ([`crate::puzzle_line::judge`]).
    moves: Vec<u8>,
    /// A hint was taken or the solution shown: failed, whatever the moves.
    #[serde(default)]
    hinted: bool,
    /// A guest's rating before the attempt; none: a new player's. A signed-in player's is
    /// their account's, and this is not looked at.
    #[serde(default)]
    player: Option<PlayerRating>,
    /// Whether the player's rating moves (default true; false in streak mode: nothing moves).
    #[serde(default = "yes")]
    rated: bool,
}

fn yes() -> bool {
    true
}

/// The result of one attempt for both sides: the player's rating after it and the puzzle's,
/// or why they could not be computed (never with ratings that can be built).
pub fn rate_attempt(
    config: &Config,
    player: &Rating,
    puzzle: &Rating,
    solved: bool,
) -> Result<(Rating, Rating), rajapasu_rating::RatingError> {
    let score = if solved { Score::WIN } else { Score::LOSS };
    config.rate_game(player, puzzle, score, [0.0, 0.0])
}

/// 422 `rating_failed`: the update could not be computed from these ratings; nothing moved.
fn rating_failed(e: rajapasu_rating::RatingError) -> ApiError {
    ApiError::unprocessable(format!("the ratings could not be computed: {e}")).code("rating_failed")
}

fn rating_json(r: &Rating) -> Value {
    json!({
        "rating": r.rating(),
        "deviation": r.deviation(),
        "volatility": r.volatility(),
        "provisional": r.is_provisional(),
    })
}

async fn attempt(
    State(Routes { puzzles: p, app }): State<Routes>,
    headers: axum::http::HeaderMap,
    ApiPath(id): ApiPath<String>,
    ApiJson(req): ApiJson<AttemptRequest>,
) -> Result<Json<Value>, ApiError> {
    let i = p.index(&id)?;
    let guest = match req.player {
        None => p.config.unrated(),
        Some(r) => r.checked()?,
    };
    let solved = crate::puzzle_line::judge(&p.set[i], &req.moves)?.solved() && !req.hinted;
    // A puzzle whose key move is not clearly better is played by its link, never rated.
    let rated = req.rated && p.is_rated(i);
    let account = crate::accounts::session::session_of(&app, &headers)
        .await?
        .map(|(_, a)| a.id);
    let (player_before, player_after, puzzle_after, counted) = match (account, rated) {
        // Streak mode: nothing moves.
        (None, false) => (guest, guest, p.rating(i).await?, false),
        (Some(account), false) => {
            let player = p
                .store
                .player_puzzle_rating(&account)
                .await
                .map_err(ApiError::unavailable)?
                .unwrap_or_else(|| p.config.unrated());
            (player, player, p.rating(i).await?, false)
        }
        // A guest's own rating moves; the puzzle's does not.
        (None, true) => {
            let puzzle = p.rating(i).await?;
            let (after, _) =
                rate_attempt(&p.config, &guest, &puzzle, solved).map_err(rating_failed)?;
            (guest, after, puzzle, false)
        }
        (Some(account), true) => {
            let config = p.config;
            let done = p
                .store
                .rate_puzzle(Attempt {
                    puzzle: id.clone(),
                    start: p.start(i),
                    account,
                    player: config.unrated(),
                    update: Box::new(move |puzzle, player| {
                        let (player_after, puzzle_after) =
                            rate_attempt(&config, &player, &puzzle, solved)?;
                        Ok((puzzle_after, player_after))
                    }),
                })
                .await
                .map_err(|e| match e {
                    crate::store::StoreError::Rating(e) => rating_failed(e),
                    e => ApiError::unavailable(e),
                })?;
            (
                done.player_before,
                done.player_after,
                done.puzzle_after,
                done.counted,
            )
        }
    };
    Ok(Json(json!({
        "id": id,
        "solved": solved,
        "player": if rated { rating_json(&player_after) } else { rating_json(&player_before) },
        "rated": rated,
        "counted": counted,
        "puzzle_rating": puzzle_after.rating().round() as i64,
    })))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Glicko-2 by hand (Glickman's steps) for a new player (1500, 350, 0.06) solving a puzzle
    /// rated 1500 with deviation 300. An attempt is a game with no idle period before it, so
    /// φ* = φ and the new volatility does not enter: on the 173.7178 scale, g = 1/√(1 + 3φⱼ²/π²),
    /// E = 1/(1 + e^(−g(μ−μⱼ))) = 0.5, v = 1/(g²E(1−E)), φ' = 1/√(1/φ² + 1/v) and
    /// μ' = μ + φ'²·g·(s−E). Worked out separately (a few lines of Python following the paper).
    #[test]
    fn an_attempt_moves_both_ratings_as_computed_by_hand() {
        let config = Config::default();
        let player = config.unrated();
        let puzzle = Rating::new(1500.0, 300.0, 0.06).unwrap();
        let (pl, pz) = rate_attempt(&config, &player, &puzzle, true).unwrap();
        assert!((pl.rating() - 1666.648).abs() < 0.01, "{}", pl.rating());
        assert!(
            (pl.deviation() - 282.747).abs() < 0.01,
            "{}",
            pl.deviation()
        );
        assert!((pz.rating() - 1370.055).abs() < 0.01, "{}", pz.rating());
        assert!(
            (pz.deviation() - 259.766).abs() < 0.01,
            "{}",
            pz.deviation()
        );
        let (pl, pz) = rate_attempt(&config, &player, &puzzle, false).unwrap();
        assert!(pl.rating() < 1500.0 && pz.rating() > 1500.0);
    }

    #[test]
    fn the_daily_puzzle_is_the_same_all_day_and_changes() {
        let p = Puzzles::new(Arc::new(
            crate::store::sqlite::SqliteStore::open(":memory:").expect("an in-memory store"),
        ));
        assert_eq!(p.daily_index(20_000), p.daily_index(20_000));
        let days: std::collections::HashSet<usize> =
            (20_000..20_010).map(|d| p.daily_index(d)).collect();
        assert!(days.len() > 5);
        let d = &p.set[p.daily_index(20_000)];
        assert!(!d.easy && d.solution.depth() >= 2 && d.is_clear());
    }

    /// The shipped set's figures (docs/PUZZLES.md, "Rated puzzles"): 2,936 of 5,300 have a key
    /// move clearly better than the second best, and only those are rated.
    #[test]
    fn only_puzzles_with_a_clearly_better_key_move_are_rated() {
        let p = Puzzles::new(Arc::new(
            crate::store::sqlite::SqliteStore::open(":memory:").expect("an in-memory store"),
        ));
        assert_eq!((p.rated.len(), p.set.len()), (2_936, 5_300));
        for i in 0..p.set.len() {
            let q = &p.set[i];
            let second = q.solution.second_value().expect("a second move");
            assert_eq!(
                second,
                q.solution.best_value().unwrap() - q.margin,
                "{}",
                q.id
            );
            let changes = rajapasu_ai::puzzles::RoundResult::of(q.solution.best_value().unwrap())
                != rajapasu_ai::puzzles::RoundResult::of(second);
            assert_eq!(p.is_rated(i), q.margin >= 4 || changes, "{}", q.id);
        }
    }
}
