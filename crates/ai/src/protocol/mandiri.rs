//! The protocol's Raja Pasu Mandiri session (PROTOCOL.md, "Raja Pasu Mandiri"): the same
//! commands on a three-seat game, moves named by hole (`S5`), searched by the Mandiri levels.

use crate::levels::Level;
use crate::mandiri::{mandiri_level, GreedyPlayer, Limits, MandiriLevelPlay, MandiriPlayer};
use crate::mandiri::{Analysis, MaxN, Mcts, Paranoid, Searcher, STRONGEST};
use rajapasu_engine::mandiri::{MandiriGame, MandiriPosition, MandiriRules};
use rajapasu_engine::Hole;
use std::time::{Duration, Instant};

/// Table size of the protocol's Mandiri searches (2^18 entries, as the levels').
const TABLE_BITS: u32 = crate::mandiri::player::TABLE_BITS;

/// The longest a Mandiri `go` may think when no `movetime` bounds it. The searchers cannot be
/// stopped from outside, so without it `go depth 60` would leave `stop` and `quit` waiting for
/// as long as a deep search of a long round takes.
const CEILING: Duration = Duration::from_secs(60);

/// The game `position` asks for: `startpos` or a Mandiri code (RULES.md 9.7), then the moves.
pub(super) fn position(
    rules: MandiriRules,
    head: &[&str],
    moves: &[&str],
) -> Result<MandiriGame, String> {
    let mut game = match head {
        [] => return Err("`position` needs `startpos` or a Mandiri position code".into()),
        ["startpos"] => MandiriGame::new(rules),
        code => {
            let code = code.join(" ");
            let pos = MandiriPosition::from_code(&code)
                .map_err(|e| format!("bad Mandiri position code: {e}"))?;
            MandiriGame::from_position(pos)
        }
    };
    apply(&mut game, moves)?;
    Ok(game)
}

/// Plays `moves` (hole names such as `S5`) on `game`, stopping at the first bad one.
pub(super) fn apply(game: &mut MandiriGame, moves: &[&str]) -> Result<(), String> {
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
pub(super) fn legal(game: &MandiriGame) -> String {
    let ms: Vec<String> = game.legal_moves().iter().map(Hole::to_string).collect();
    format!("legal {}", ms.join(" ")).trim_end().to_string()
}

/// The `show` object: the rules, the position code, the seat to move and the moves played.
pub(super) fn show(game: &MandiriGame) -> String {
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

/// The `info` line of a finished search: the mover's value in counters (the searchers count in
/// tenths).
fn info(game: &MandiriGame, a: &Analysis, ms: u64) -> String {
    let seat = game.position().to_move();
    format!(
        "info depth {} score {seat} {:.1} nodes {} nps {} time {ms}",
        a.depth,
        f64::from(a.value) / 10.0,
        a.nodes,
        a.nodes * 1000 / ms.max(1),
    )
}

/// Searches `game` as `level` (or, without one, as the strongest searcher under `limits`) and
/// returns the answer lines, `bestmove` last. `limits` given override the level's.
///
/// The Mandiri searchers cannot be stopped from outside, which is why `go infinite` is refused
/// before this is called: every search here ends by its own limits.
pub(super) fn go(game: &MandiriGame, mut limits: Limits, level: Option<Level>) -> Vec<String> {
    let Some(_) = game.legal_moves().first() else {
        return vec!["bestmove none".into()];
    };
    let seed = game.moves().len() as u64 + 1;
    let searcher = match level.map(mandiri_level) {
        Some(MandiriLevelPlay::Greedy { random_percent }) => {
            let mv = GreedyPlayer::new(seed, random_percent).choose(game);
            return vec![mv.map_or("bestmove none".into(), |m| format!("bestmove {m}"))];
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
                limits.movetime = Some(Duration::from_millis(1000));
            }
            STRONGEST
        }
    };
    limits.movetime = limits.movetime.or(Some(CEILING));
    let t0 = Instant::now();
    let analysis = match searcher {
        Searcher::Paranoid => Paranoid::new(limits, Some(TABLE_BITS)).search(game),
        Searcher::MaxN => MaxN::new(limits, Some(TABLE_BITS)).search(game),
        Searcher::Mcts => {
            let mv = Mcts::new(limits, seed).search(game);
            return vec![mv.map_or("bestmove none".into(), |m| format!("bestmove {m}"))];
        }
    };
    let ms = t0.elapsed().as_millis() as u64;
    match analysis {
        Some(a) => vec![info(game, &a, ms), format!("bestmove {}", a.best)],
        None => vec!["bestmove none".into()],
    }
}
