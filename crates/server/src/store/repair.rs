//! Ratings outside the bounds a rating may hold (`rajapasu_rating::RATING_BOUNDS` and the
//! others), repaired each time a store opens: written by a version that took a client's numbers
//! as they came (a forged 1e15 adopted at registration), or damaged. Reading such a rating is
//! refused ([`StoreError::Corrupt`](super::StoreError::Corrupt)), so that nothing out of bounds
//! reaches the update; the repair gives it back a value that reads. A puzzle's is forgotten
//! (it is at its starting rating again); a player's, puzzles' or games', becomes a new
//! player's, keeping the count of games. The same statements serve SQLite and PostgreSQL.

use rajapasu_rating::{Config, DEVIATION_BOUNDS, RATING_BOUNDS, VOLATILITY_BOUNDS};

/// The SQL condition that a row's `rating`, `deviation` and `volatility` are within the
/// bounds (false for PostgreSQL's NaN, which sorts above every number).
fn within() -> String {
    let (r, d, v) = (RATING_BOUNDS, DEVIATION_BOUNDS, VOLATILITY_BOUNDS);
    format!(
        "(rating BETWEEN {} AND {} AND deviation BETWEEN {} AND {} \
         AND volatility BETWEEN {} AND {})",
        r.0, r.1, d.0, d.1, v.0, v.1
    )
}

/// The repair: one statement per table of ratings, each touching only rows out of bounds.
///
/// ```
/// let sql = rajapasu_server::store::repair::statements();
/// assert!(sql.contains("DELETE FROM puzzle_ratings WHERE NOT (rating BETWEEN 0 AND 4000"));
/// ```
pub fn statements() -> String {
    let new = Config::default().unrated();
    let (rating, deviation, volatility) = (new.rating(), new.deviation(), new.volatility());
    let within = within();
    let reset = format!("rating = {rating}, deviation = {deviation}, volatility = {volatility}");
    format!(
        "DELETE FROM puzzle_ratings WHERE NOT {within};
         UPDATE puzzle_players SET {reset} WHERE NOT {within};
         UPDATE ratings SET {reset} WHERE NOT {within};"
    )
}
