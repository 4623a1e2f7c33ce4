//! The protocol's Raja Pasu Mandiri session (PROTOCOL.md, "Raja Pasu Mandiri"): the same
//! commands on a three-seat game, moves named by hole (`S5`), searched by the Mandiri levels.

use crate::levels::Level;
use crate::mandiri::deepen::deepen;
use crate::mandiri::paranoid::MAX_DEPTH;
use crate::mandiri::{mandiri_level, GreedyPlayer, Limits, MandiriLevelPlay, MandiriPlayer};
use crate::mandiri::{Analysis, MaxN, Mcts, Paranoid, Searcher, STRONGEST};
use rajapasu_engine::mandiri;
use rajapasu_engine::Hole;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Table size of the protocol's Mandiri searches (2^18 entries, as the levels').
const TABLE_BITS: u32 = crate::mandiri::player::TABLE_BITS;

/// The game `position` asks for: `startpos` or a Mandiri code (RULES.md 9.7), then the moves.
pub(super) fn position(
    rules: mandiri::Rules,
    head: &[&str],
    moves: &[&str],
) -> Result<mandiri::Game, String> {
    let mut game = match head {
        [] => return Err("`position` needs `startpos` or a Mandiri position code".into()),
        ["startpos"] => mandiri::Game::new(rules),
        code => {
            let code = code.join(" ");
            let pos = mandiri::Position::from_code(&code)
                .map_err(|e| format!("bad Mandiri position code: {e}"))?;
            mandiri::Game::from_position(pos)
        }
    };
    apply(&mut game, moves)?;
    Ok(game)
}

/// Plays `moves` (hole names such as `S5`) on `game`, stopping at the first bad one.
pub(super) fn apply(game: &mut mandiri::Game, moves: &[&str]) -> Result<(), String> {
    for (k, w) in moves.iter().enumerate() {
        let hole: Hole = w.parse().map_err(|_| {
            format!(
                "move {}: `{w}` is not a hole (Mandiri moves are holes such as S5 or N6)",
                k + 1
            )
        })?;
        game.try_play(hole)
            .map_err(|e| format!("move {} ({hole}): {e}", k + 1))?;
    }
    Ok(())
}

/// The `legal` line.
pub(super) fn legal(game: &mandiri::Game) -> String {
    let ms: Vec<String> = game.legal_moves().iter().map(Hole::to_string).collect();
    format!("legal {}", ms.join(" ")).trim_end().to_string()
}

/// The `show` object: the rules, the position code, the seat to move and the moves played.
pub(super) fn show(game: &mandiri::Game) -> String {
    let pos = game.position();
    let moves: Vec<String> = game.moves().iter().map(Hole::to_string).collect();
    serde_json::json!({
        "rules": pos.rules().to_string(),
        "position": pos.to_string(),
        "to_move": pos.to_move().to_string(),
        "moves": moves,
        "over": game.status().is_over(),
    })
    .to_string()
}

/// The `info` line of a finished iteration: the mover's value in counters (the searchers count
/// in tenths), then each seat's when the search has them (max^n).
///
/// ```text
/// info depth 4 score L 32.5 values C 10.5 R 3.0 L 32.5 nodes 198 nps 12375 time 16
/// ```
fn info(game: &mandiri::Game, a: &Analysis, ms: u64) -> String {
    let pos = game.position();
    let seat = pos.to_move();
    let counters = |v: i32| format!("{:.1}", f64::from(v) / 10.0);
    let values = a.values.map_or(String::new(), |v| {
        let seats: Vec<String> = pos
            .seats_in_play()
            .map(|s| format!(" {s} {}", counters(v[s.index()])))
            .collect();
        format!(" values{}", seats.concat())
    });
    format!(
        "info depth {} score {seat} {}{values} nodes {} nps {} time {ms}",
        a.depth,
        counters(a.value),
        a.nodes,
        a.nodes * 1000 / ms.max(1),
    )
}

/// Searches `game` as `level` (or, without one, as the strongest searcher under `limits`),
/// saying an `info` line after every finished iteration and `bestmove` at the end through
/// `last`. `limits` given override the level's. `infinite`: with no limit given and no level,
/// the search goes on until `stop` sets the flag (or the round is searched to its end).
pub(super) fn go(
    game: &mandiri::Game,
    mut limits: Limits,
    level: Option<Level>,
    infinite: bool,
    stop: Arc<AtomicBool>,
    say: impl Fn(&str),
    last: impl FnOnce(&str),
) {
    let Some(_) = game.legal_moves().first() else {
        return last("bestmove none");
    };
    let seed = game.moves().len() as u64 + 1;
    let searcher = match level.map(mandiri_level) {
        Some(MandiriLevelPlay::Greedy { random_percent }) => {
            let mv = GreedyPlayer::new(seed, random_percent).choose(game);
            return last(&mv.map_or("bestmove none".into(), |m| format!("bestmove {m}")));
        }
        Some(MandiriLevelPlay::Search {
            searcher,
            depth,
            movetime,
        }) => {
            limits.depth = limits.depth.or(depth);
            limits.movetime = limits.movetime.or(Some(movetime));
            searcher
        }
        None => {
            if limits == Limits::default() {
                if infinite {
                    // Deeper than any search gets: only `stop` or the end of the round ends it.
                    limits.depth = Some(MAX_DEPTH);
                } else {
                    limits.movetime = Some(Duration::from_millis(1000));
                }
            }
            STRONGEST
        }
    };
    let t0 = Instant::now();
    let mut report = |a: &Analysis| say(&info(game, a, t0.elapsed().as_millis() as u64));
    let analysis = match searcher {
        Searcher::Paranoid => {
            let mut s = Paranoid::new(limits, Some(TABLE_BITS)).with_stop(stop);
            deepen(&mut s, game, &mut report)
        }
        Searcher::MaxN => {
            let mut s = MaxN::new(limits, Some(TABLE_BITS)).with_stop(stop);
            deepen(&mut s, game, &mut report)
        }
        Searcher::Mcts => {
            if infinite && limits.nodes.is_none() && limits.movetime.is_none() {
                limits.nodes = Some(u64::MAX);
            }
            let mv = Mcts::new(limits, seed).with_stop(stop).search(game);
            return last(&mv.map_or("bestmove none".into(), |m| format!("bestmove {m}")));
        }
    };
    match analysis {
        Some(a) => last(&format!("bestmove {}", a.best)),
        None => last("bestmove none"),
    }
}
