//! What the round in play means for the match, where the match is solved (the canonical rules):
//! the proven value of the round start it began from, and the counters each player needs after
//! it ([`rajapasu_ai::match_solver::values`]). The analysis board and hints show it.

use rajapasu_engine::Side;
use serde_json::{json, Value};

/// In a match whose values are solved (the canonical rules): the proven value of the round
/// start the round in play began from, and what the round's outcome means for each player
/// ([`Stakes`](rajapasu_ai::match_solver::values::Stakes)). Null otherwise, and for a round
/// set up mid-way, which is no round start.
pub fn of(game: &rajapasu_engine::Game) -> Value {
    use rajapasu_ai::match_solver::values::{known, short};
    use rajapasu_ai::perfect::current_round_start;
    use rajapasu_engine::Mode;
    let Some(table) = known(game.rules()).filter(|_| game.rules().mode == Mode::Match) else {
        return Value::Null;
    };
    let Some((start, value)) =
        current_round_start(game, table).and_then(|s| Some((s, table.value(s)?)))
    else {
        return Value::Null;
    };
    let stakes = |side: Side| {
        let s = table.stakes(side);
        json!({ "stay_in": s.stay_in, "win": s.win })
    };
    json!({
        "round_start": { "south": start.south(), "north": start.north(), "leader": start.leader() },
        "value": short(value),
        "exact": value.exact().is_some(),
        "text": value.to_string(),
        "stakes": { "south": stakes(Side::South), "north": stakes(Side::North) },
    })
}
