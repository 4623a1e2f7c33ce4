//! Each variant's real-time pool split into blitz and rapid, as a store opens: a rating stored
//! in `round-realtime` becomes the player's rating in both `round-blitz` and `round-rapid`
//! (rating, deviation, volatility, games and the last game's time as they were), and the old
//! row goes. A pool already holding a rating for the player keeps it. The lines of history
//! and the rated games keep the pool they were rated in (`round-realtime`): a game's line
//! belongs to one pool by the history's key, and the players' pages count an old real-time
//! line in both of its variant's pools (`rajapasu_rating::pool::RatedIn`). Run again, it finds
//! no real-time rating and changes nothing. The same statements serve SQLite and PostgreSQL.
//! docs/RATINGS.md says why the deviation is kept.

use rajapasu_rating::pool::RatedIn;
use rajapasu_rating::{Pool, Speed, Variant};

/// The migration: for each variant, its real-time ratings copied into its blitz and rapid
/// pools, then removed.
///
/// ```
/// let sql = rajapasu_server::store::split_pools::statements();
/// assert!(sql.contains("SELECT account, 'match-rapid', rating, deviation, volatility, games, last \
///                       FROM ratings WHERE pool = 'match-realtime'"));
/// assert!(sql.contains("DELETE FROM ratings WHERE pool = 'mandiri-realtime';"));
/// ```
pub fn statements() -> String {
    let mut sql = String::new();
    for variant in Variant::ALL {
        let old = RatedIn::Realtime(variant);
        for speed in [Speed::Blitz, Speed::Rapid] {
            let new = Pool { variant, speed };
            sql.push_str(&format!(
                "INSERT INTO ratings(account, pool, rating, deviation, volatility, games, last) \
                 SELECT account, '{new}', rating, deviation, volatility, games, last \
                 FROM ratings WHERE pool = '{old}' ON CONFLICT (account, pool) DO NOTHING;\n"
            ));
        }
        sql.push_str(&format!("DELETE FROM ratings WHERE pool = '{old}';\n"));
    }
    sql
}
