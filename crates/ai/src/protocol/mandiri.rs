//! The protocol's Raja Pasu Mandiri session (PROTOCOL.md, "Raja Pasu Mandiri"): the same
//! commands on a three-seat game, moves named by hole (`S5`), searched by the Mandiri levels.

use super::{Go, SessionGame};
use crate::mandiri::deepen::MAX_DEPTH;
use crate::mandiri::player::TABLE_BITS;
use crate::mandiri::{mandiri_level, GreedyPlayer, MandiriLevelPlay};
use crate::mandiri::{Analysis, MaxN, Mcts, Paranoid, Searcher as Search, STRONGEST};
use crate::player::Player;
use crate::search::Searcher;
use crate::Limits;
use rajapasu_engine::mandiri::{Game, Position, Rules};
use rajapasu_engine::Hole;
use std::time::{Duration, Instant};

impl SessionGame for Game {
    const CODE: &'static str = "Mandiri position code";

    /// A Mandiri code names its own rule set (RULES.md 9.7).
    fn from_code(code: &str, _: Rules) -> Result<Game, String> {
        let pos =
            Position::from_code(code).map_err(|e| format!("bad Mandiri position code: {e}"))?;
        Ok(Game::from_position(pos))
    }

    fn parse_move(word: &str, k: usize) -> Result<Hole, String> {
        word.parse().map_err(|_| {
            format!("move {k}: `{word}` is not a hole (Mandiri moves are holes such as S5 or N6)")
        })
    }

    /// The rules, the position code, the seat to move and the moves played.
    fn show(&self) -> Result<String, String> {
        let pos = self.position();
        let moves: Vec<String> = self.moves().iter().map(Hole::to_string).collect();
        Ok(serde_json::json!({
            "rules": pos.rules().to_string(),
            "position": pos.to_string(),
            "to_move": pos.to_move().to_string(),
            "moves": moves,
            "over": self.status().is_over(),
        })
        .to_string())
    }

    fn trace(&self, _: &[&str]) -> Result<String, String> {
        Err("`trace` is for the two-player game only; `rules canonical` switches back to it".into())
    }

    /// As `level` (or, without one, as the strongest searcher under `limits`); `limits` given
    /// override the level's. `infinite`: with no limit given and no level, the search goes on
    /// until `stop` sets the flag (or the round is searched to its end).
    fn go(&self, go: Go, searcher: &mut Searcher, say: &dyn Fn(&str)) -> String {
        let Go {
            mut limits,
            level,
            infinite,
        } = go;
        let stop = searcher.stop_flag();
        let seed = self.moves().len() as u64 + 1;
        let bestmove =
            |mv: Option<Hole>| mv.map_or("bestmove none".into(), |m| format!("bestmove {m}"));
        let search = match level.map(mandiri_level) {
            Some(MandiriLevelPlay::Greedy { random_percent }) => {
                return bestmove(GreedyPlayer::new(seed, random_percent).choose(self).ok());
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
        let report = |a: &Analysis| say(&info(self, a, t0.elapsed().as_millis() as u64));
        let analysis = match search {
            Search::Paranoid => Paranoid::new(limits, Some(TABLE_BITS))
                .with_stop(stop)
                .search_reporting(self, report),
            Search::MaxN => MaxN::new(limits, Some(TABLE_BITS))
                .with_stop(stop)
                .search_reporting(self, report),
            Search::Mcts => {
                if infinite && limits.nodes.is_none() && limits.movetime.is_none() {
                    limits.nodes = Some(u64::MAX);
                }
                return bestmove(Mcts::new(limits, seed).with_stop(stop).search(self));
            }
        };
        bestmove(analysis.map(|a| a.best))
    }
}

/// The `info` line of a finished iteration: the mover's value in counters (the searchers count
/// in tenths), then each seat's when the search has them (max^n).
///
/// ```text
/// info depth 4 score L 32.5 values C 10.5 R 3.0 L 32.5 nodes 198 nps 12375 time 16
/// ```
fn info(game: &Game, a: &Analysis, ms: u64) -> String {
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
