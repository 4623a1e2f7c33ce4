//! An event as the API and the pages show it ([`public`]): its settings, standings with
//! tie-breaks, crosstable, rounds and pairings, never a seat token; and its exports: the
//! crosstable as CSV, the standings as JSON.

use super::event::{Board, Event, Format, State};
use super::run::{fewest_players, game_result, mandiri_rounds, played};
use crate::lobby::seek::SeekGame;
use rajapasu_pairing::arena::PlayerResult;
use rajapasu_pairing::crosstable::Crosstable;
use rajapasu_pairing::{standings, Standing, TieBreak};
use serde_json::{json, Value};

/// Byes score a win in a Swiss event (`Swiss::bye_half_points`) and nothing in a
/// round-robin, where the player sitting out simply has one game fewer.
fn bye_half_points(format: Format) -> u32 {
    match format {
        Format::Swiss { .. } => 2,
        _ => 0,
    }
}

/// The event's tie-breaks, in order.
pub fn tie_breaks(format: Format) -> &'static [TieBreak] {
    match format {
        Format::RoundRobin { .. } => &TieBreak::ROUND_ROBIN,
        Format::Swiss { .. } => &TieBreak::SWISS,
        Format::Arena { .. } => &[TieBreak::Counters],
    }
}

/// One line of the standings, whatever the format.
pub struct Line {
    /// Rank, from 1.
    pub rank: usize,
    /// The player.
    pub player: usize,
    /// Points (an arena's: its own, win 2 with streaks).
    pub score: f64,
    /// The standing from the pairing crate (games, wins, tie-breaks).
    pub standing: Standing,
    /// An arena's player on a streak (their next game scores double).
    pub streak: bool,
}

/// The standings: by the pairing crate, the rounds' boards with results counted; an arena by
/// its points (lichess's scoring), then counters.
pub fn lines(ev: &Event) -> Vec<Line> {
    let n = ev.entrants.len();
    let breaks = tie_breaks(ev.format);
    let rounds = match ev.format {
        Format::Arena { .. } => vec![rajapasu_pairing::PlayedRound {
            games: ev.arena_games.iter().filter_map(game_result).collect(),
            byes: vec![],
        }],
        _ => played(ev),
    };
    // Each arena game is a round of its own for the checks: a player plays many.
    let rounds: Vec<_> = if matches!(ev.format, Format::Arena { .. }) {
        rounds[0]
            .games
            .iter()
            .map(|g| rajapasu_pairing::PlayedRound {
                games: vec![*g],
                byes: vec![],
            })
            .collect()
    } else {
        rounds
    };
    let Ok(table) = standings(n, &rounds, bye_half_points(ev.format), breaks) else {
        return Vec::new();
    };
    let Some(arena) = ev.arena.as_ref() else {
        return table
            .into_iter()
            .map(|s| Line {
                rank: s.rank,
                player: s.player,
                score: s.score,
                standing: s,
                streak: false,
            })
            .collect();
    };
    let mut out: Vec<Line> = table
        .into_iter()
        .map(|s| Line {
            rank: 0,
            player: s.player,
            score: f64::from(arena.sheet(s.player).total()),
            streak: arena.sheet(s.player).on_streak(),
            standing: s,
        })
        .collect();
    out.sort_by(|a, b| {
        b.score
            .total_cmp(&a.score)
            .then(b.standing.tie_breaks[0].total_cmp(&a.standing.tie_breaks[0]))
            .then(a.player.cmp(&b.player))
    });
    for k in 0..out.len() {
        let tied = k > 0
            && out[k].score == out[k - 1].score
            && out[k].standing.tie_breaks == out[k - 1].standing.tie_breaks;
        out[k].rank = if tied { out[k - 1].rank } else { k + 1 };
    }
    out
}

fn board_json(ev: &Event, b: &Board) -> Value {
    let name = |p: usize| ev.entrants[p].member.name.clone();
    let players = b.players();
    // Each player's points at the board, seat by seat: in Mandiri the sum of their pairs'.
    let points: Vec<f64> = players
        .iter()
        .map(|&p| {
            let half: u32 = b
                .results()
                .iter()
                .map(|g| {
                    let [a, c] = g.outcome.half_points();
                    if g.pairing.first == p {
                        a
                    } else if g.pairing.second == p {
                        c
                    } else {
                        0
                    }
                })
                .sum();
            f64::from(half) / 2.0
        })
        .collect();
    json!({
        "first": name(b.pairing.first),
        "second": name(b.pairing.second),
        "third": b.third.map(name),
        "present": b.present,
        "game": b.game,
        "watch": b.game.as_ref().map(|g| watch_path(b, g)),
        "result": b.result.map(|o| o.text()),
        "points": b.result.map(|_| points),
        "counters": b.result.map(|_| b.counters),
    })
}

/// Where a board's game is watched: `/g/ID` (Raja Pasu) or `/m/ID` (Mandiri).
pub fn watch_path(b: &Board, game: &str) -> String {
    if b.third.is_some() {
        format!("/m/{game}")
    } else {
        format!("/g/{game}")
    }
}

/// The event as shown to everyone.
pub fn public(id: &str, ev: &Event, now: u64) -> Value {
    let names: Vec<String> = ev.entrants.iter().map(|e| e.member.name.clone()).collect();
    let lines = lines(ev);
    let order: Vec<usize> = lines.iter().map(|l| l.player).collect();
    let cross = Crosstable::new(ev.entrants.len(), &played(ev)).ok();
    let crosstable = match (&cross, ev.format) {
        (Some(c), Format::RoundRobin { .. }) => json!(order
            .iter()
            .map(|&a| order.iter().map(|&b| c.text(a, b)).collect::<Vec<_>>())
            .collect::<Vec<_>>()),
        _ => Value::Null,
    };
    let standings: Vec<Value> = lines
        .iter()
        .map(|l| {
            let s = &l.standing;
            json!({
                "rank": l.rank,
                "name": names[l.player],
                "score": l.score,
                "games": s.games,
                "wins": s.wins,
                "draws": s.draws,
                "losses": s.losses,
                "forfeits": s.forfeits,
                "tie_breaks": s.tie_breaks,
                "withdrawn": ev.entrants[l.player].withdrawn,
                "streak": l.streak,
                "sheet": ev.arena.as_ref().map(|a| a.sheet(l.player).games.iter().map(|(r, p)| {
                    json!({"result": match r { PlayerResult::Win => "W", PlayerResult::Draw => "D", PlayerResult::Loss => "L" }, "points": p})
                }).collect::<Vec<_>>()),
            })
        })
        .collect();
    let rounds: Vec<Value> = ev
        .rounds
        .iter()
        .enumerate()
        .map(|(k, r)| {
            json!({
                "number": k + 1,
                "opens": r.opens,
                "closes": r.closes,
                "boards": r.boards.iter().map(|b| board_json(ev, b)).collect::<Vec<_>>(),
                "byes": r.byes.iter().map(|&p| names[p].clone()).collect::<Vec<_>>(),
            })
        })
        .collect();
    let total_rounds = match ev.format {
        Format::RoundRobin { .. } if ev.game == SeekGame::Mandiri && ev.started.is_some() => {
            Some(mandiri_rounds(ev.format, ev.entrants.len()) as u32)
        }
        Format::RoundRobin { .. } if !ev.schedule.is_empty() => Some(ev.schedule.len() as u32),
        Format::Swiss { rounds } => Some(rounds),
        _ => None,
    };
    json!({
        "id": id,
        "version": ev.version,
        "name": ev.name,
        "game": ev.game,
        "mode": ev.mode,
        "format": ev.format.word(),
        "rounds_total": total_rounds,
        "minutes": match ev.format { Format::Arena { minutes } => Some(minutes), _ => None },
        "clock": ev.clock.to_string(),
        "rated": ev.rated,
        "public": ev.public,
        "window": ev.window,
        "creator": ev.creator.name,
        "created": ev.created,
        "starts_at": ev.starts_at,
        "state": ev.state,
        "started": ev.started,
        "cancelled": ev.cancelled,
        "fewest_players": fewest_players(ev.format, ev.game),
        "ends": ev.ends,
        "paused": ev.paused_at.is_some(),
        "now": now,
        "next_deadline": ev.wake(),
        "players": names,
        "entrants": ev.entrants.iter().map(|e| json!({"name": e.member.name, "withdrawn": e.withdrawn, "rating": e.rating})).collect::<Vec<_>>(),
        "tie_breaks": tie_breaks(ev.format).iter().map(|t| t.short_name()).collect::<Vec<_>>(),
        "bye_points": f64::from(bye_half_points(ev.format)) / 2.0,
        "standings": standings,
        "crosstable": crosstable,
        "crosstable_order": order.iter().map(|&p| names[p].clone()).collect::<Vec<_>>(),
        "rounds": rounds,
        "arena_games": ev.arena_games.iter().map(|b| board_json(ev, b)).collect::<Vec<_>>(),
    })
}

/// A summary for the list.
pub fn listed(id: &str, ev: &Event) -> Value {
    json!({
        "id": id,
        "name": ev.name,
        "format": ev.format.word(),
        "game": ev.game,
        "mode": ev.mode,
        "clock": ev.clock.to_string(),
        "rated": ev.rated,
        "state": ev.state,
        "cancelled": ev.cancelled,
        "players": ev.entrants.len(),
        "creator": ev.creator.name,
        "starts_at": ev.starts_at,
        "created": ev.created,
    })
}

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// A score or tie-break as a CSV cell: a negative zero, which a tie-break's sum of nothing
/// subtracted can give, is written `0`, never `-0`.
///
/// ```
/// use rajapasu_server::tournaments::view::csv_number;
/// assert_eq!(csv_number(-0.0), "0");
/// assert_eq!(csv_number(2.5), "2.5");
/// assert_eq!(csv_number(-1.0), "-1");
/// ```
pub fn csv_number(x: f64) -> String {
    // Adding positive zero turns -0.0 into 0.0 and leaves every other number as it is.
    (x + 0.0).to_string()
}

/// The crosstable as CSV: a row a player in the standings' order (rank, name, a column per
/// opponent in the same order, score, tie-breaks); Swiss events and arenas give their
/// standings' columns only.
///
/// Cells use `1`, `½`, `0`, `+`, `-` as the printed crosstable does.
pub fn crosstable_csv(ev: &Event) -> String {
    let lines = lines(ev);
    let names: Vec<&str> = ev.entrants.iter().map(|e| e.member.name.as_str()).collect();
    let cross = match ev.format {
        Format::RoundRobin { .. } => Crosstable::new(ev.entrants.len(), &played(ev)).ok(),
        _ => None,
    };
    let mut head = vec!["rank".to_string(), "player".to_string()];
    if cross.is_some() {
        head.extend((1..=lines.len()).map(|k| k.to_string()));
    }
    head.push("score".into());
    head.extend(
        tie_breaks(ev.format)
            .iter()
            .map(|t| t.short_name().to_string()),
    );
    let mut out = head.join(",") + "\n";
    for l in &lines {
        let mut row = vec![l.rank.to_string(), csv_field(names[l.player])];
        if let Some(c) = &cross {
            row.extend(lines.iter().map(|o| {
                if o.player == l.player {
                    "x".to_string()
                } else {
                    c.text(l.player, o.player)
                }
            }));
        }
        row.push(csv_number(l.score));
        row.extend(l.standing.tie_breaks.iter().map(|&t| csv_number(t)));
        out += &(row.join(",") + "\n");
    }
    out
}

/// The standings as JSON, for publishing: the event, then each player's line.
pub fn standings_json(id: &str, ev: &Event) -> Value {
    let breaks: Vec<&str> = tie_breaks(ev.format)
        .iter()
        .map(|t| t.short_name())
        .collect();
    json!({
        "id": id,
        "name": ev.name,
        "format": ev.format.word(),
        "finished": ev.state == State::Finished,
        "tie_breaks": breaks,
        "standings": lines(ev).iter().map(|l| json!({
            "rank": l.rank,
            "name": ev.entrants[l.player].member.name,
            "score": l.score,
            "games": l.standing.games,
            "wins": l.standing.wins,
            "draws": l.standing.draws,
            "losses": l.standing.losses,
            "forfeits": l.standing.forfeits,
            "tie_breaks": breaks.iter().zip(&l.standing.tie_breaks).map(|(k, v)| (k.to_string(), json!(v))).collect::<serde_json::Map<_, _>>(),
        })).collect::<Vec<_>>(),
    })
}
