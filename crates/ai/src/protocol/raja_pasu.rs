//! The protocol's Raja Pasu session: moves are hole numbers, positions the two-player codes
//! under the session's rules, and `go` runs the alpha-beta search (or a level).

use super::{Go, SessionGame};
use crate::choice::pick;
use crate::levels::LevelParams;
use crate::search::{Info, SearchOptions, Searcher};
use crate::Limits;
use rajapasu_engine::{Game, GameView, Move, Position, Rules};
use std::time::Duration;

impl SessionGame for Game {
    const CODE: &'static str = "position code";

    fn from_code(code: &str, rules: Rules) -> Result<Game, String> {
        let pos = Position::from_code(code, rules).map_err(|e| format!("{e}"))?;
        Ok(Game::from_position(pos))
    }

    fn parse_move(word: &str, k: usize) -> Result<Move, String> {
        word.parse().map_err(|e| format!("move {k}: {e}"))
    }

    fn show(&self) -> Result<String, String> {
        serde_json::to_string(&GameView::new(self)).map_err(|e| e.to_string())
    }

    fn trace(&self, args: &[&str]) -> Result<String, String> {
        let [word] = args else {
            return Err("`trace` needs one move".into());
        };
        let mv: Move = word.parse().map_err(|e| format!("{e}"))?;
        let mut game = self.clone();
        let mut events = Vec::new();
        game.play_traced(mv, &mut events)
            .map_err(|e| format!("move {mv}: {e}"))?;
        let json = serde_json::json!({
            "move": mv.number(),
            "events": events,
            "position": game.position().to_string(),
        });
        Ok(json.to_string())
    }

    /// As a level when `go level L` asks (the limits given override the level's), else the
    /// search with the limits given, one second if none and not `infinite`.
    fn go(&self, go: Go, searcher: &mut Searcher, say: &dyn Fn(&str)) -> String {
        let Go {
            mut limits,
            level,
            infinite,
        } = go;
        let mut params: Option<LevelParams> = None;
        let mut seed = 0;
        if let Some(l) = level {
            let p = l.params();
            limits.depth = limits.depth.or(p.depth);
            limits.movetime = limits.movetime.or(Some(p.movetime));
            params = Some(p);
            seed = self.moves().len() as u64 + 1;
        } else if !infinite && limits == Limits::default() {
            limits.movetime = Some(Duration::from_millis(1000));
        }
        let options = params.map_or(SearchOptions::BEST_MOVE, |p| p.search_options());
        let report = |info: &Info| {
            let ms = info.time.as_millis().max(1) as u64;
            let pv: Vec<String> = info.pv.iter().map(|m| m.to_string()).collect();
            say(&format!(
                "info depth {} score {}{} nodes {} nps {} time {} pv {}",
                info.depth,
                info.score,
                match info.proven {
                    _ if info.exact => " exact".to_string(),
                    Some(b) => format!(" bounds {} {}", b.lower, b.upper),
                    None => String::new(),
                },
                info.nodes,
                info.nodes * 1000 / ms,
                ms,
                pv.join(" ")
            ));
        };
        // Level 7: the proven move, where one is known or found in time.
        if let Some(p) = params.filter(|p| p.perfect) {
            let values = crate::match_solver::values::known(self.rules());
            if let Some((mv, proof)) = crate::perfect::proven_move(self, values) {
                say(&format!(
                    "info proven {}",
                    serde_json::to_string(&proof).expect("a proof serializes")
                ));
                return format!("bestmove {mv}");
            }
            params = Some(LevelParams {
                perfect: false,
                ..p
            });
        }
        match searcher.search(self, &limits, options, report) {
            Some(r) => {
                let k = params.map_or(0, |p| pick(&r, &p, seed, self));
                let m = &r.moves[k];
                if k != 0 {
                    say(&format!(
                        "info chosen {} score {}",
                        m.mv,
                        m.score.counters()
                    ));
                }
                format!("bestmove {}", m.mv)
            }
            None => "bestmove none".into(),
        }
    }
}
