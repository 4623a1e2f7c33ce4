//! Raja Pasu's part of `selfplay` and `tournament`: South and North, self-play summaries,
//! standings with Elo, head-to-head pairs and opening pairs, their CSV rows.

use super::{print_csv, Format, Report, SelfplayRun, TournamentRun};
use crate::common::{plural, CliError};
use rajapasu_ai::arena::raja_pasu::{summarize, tabulate, Elo, Summary, Table};
use rajapasu_ai::stats::Wdl;
use rajapasu_engine::{Game, Rules, Side};
use std::time::Duration;

impl Report for Game {
    fn selfplay_players(
        player: &str,
        south: Option<&str>,
        north: Option<&str>,
    ) -> Result<Vec<String>, CliError> {
        Ok(vec![
            south.unwrap_or(player).to_string(),
            north.unwrap_or(player).to_string(),
        ])
    }

    fn participant_tag(k: usize) -> String {
        Side::ALL[k].to_string()
    }

    fn selfplay(run: &SelfplayRun<Game>) -> Result<(), CliError> {
        let summaries: Vec<Summary> = run
            .results
            .iter()
            .map(|(rules, outcomes)| summarize(rules, outcomes))
            .collect();
        let (south, north) = (&run.specs[0].label, &run.specs[1].label);
        if run.json {
            let out = serde_json::json!({
                "south": south,
                "north": north,
                "opening_plies": run.opening_plies,
                "seed": run.seed,
                "results": summaries,
            });
            outln!("{out}");
        } else {
            print_summaries(&summaries, south, north);
        }
        Ok(())
    }

    fn tournament(run: &TournamentRun<Game>) -> Result<(), CliError> {
        let table = tabulate(run.names, run.seatings, run.stats);
        match run.format {
            Format::Json => {
                let out = serde_json::json!({
                    "rules": run.rules.to_string(),
                    "openings": run.openings,
                    "opening_plies": run.opening_plies,
                    "ladder": run.ladder,
                    "seed": run.seed,
                    "table": table,
                });
                outln!("{out}");
            }
            Format::Csv => print_csv(
                &[
                    "player", "opponent", "games", "wins", "draws", "losses", "score", "elo",
                    "elo_low", "elo_high",
                ],
                csv_rows(&table),
            ),
            Format::Text => print_table(&table, &run.rules, run.openings, run.time),
        }
        Ok(())
    }

    fn paired_result(stat: &Self::Stat) -> Option<(rajapasu_pairing::Outcome, [u32; 2])> {
        use rajapasu_pairing::Outcome;
        let outcome = match stat.winner {
            Some(Side::South) => Outcome::FirstWins,
            Some(Side::North) => Outcome::SecondWins,
            None => Outcome::Draw,
        };
        let p = stat.game.position();
        let held = Side::ALL.map(|s| p.captured(s) + p.reserve(s));
        Some((outcome, held))
    }
}

fn print_summaries(all: &[Summary], south: &str, north: &str) {
    outln!("South: {south}   North: {north}");
    for s in all {
        let c = &s.captures;
        let total = (c.fours + c.pussa + c.round_end).max(1) as f64;
        outln!();
        outln!(
            "rules {}: {}",
            s.rules,
            plural(s.games as u64, "game", "games")
        );
        outln!(
            "  South wins {} draws {} losses {}: win rate {:.1}% [{:.1}, {:.1}], score {:.1}%",
            s.south.wins,
            s.south.draws,
            s.south.losses,
            100.0 * s.south_win_rate,
            100.0 * s.south_win_rate_ci.0,
            100.0 * s.south_win_rate_ci.1,
            100.0 * s.south_score
        );
        outln!(
            "  mean margin South - North: {:+.1} ± {:.1} counters",
            s.margin_mean,
            s.margin_ci
        );
        outln!(
            "  rounds: {} ({:.2} per game, at most {}); length mean {:.1} moves, min {}, median {}, max {}",
            s.rounds, s.rounds_per_game, s.rounds_per_game_max, s.round_length_mean,
            s.round_length_min, s.round_length_median, s.round_length_max
        );
        outln!(
            "  rounds ended: no move (8a) {}, repetition (8b) {}",
            s.rounds_no_moves,
            s.rounds_repetition
        );
        if s.match_repetitions > 0 {
            outln!(
                "  {} drawn because a round start came a third time",
                plural(s.match_repetitions as u64, "match", "matches")
            );
        }
        outln!(
            "  captures: fours {:.1}% ({:.1}% of fours went to the sower), pussa {:.1}%, end of round {:.1}%",
            100.0 * c.fours as f64 / total,
            100.0 * c.fours_to_mover as f64 / (c.fours.max(1) as f64),
            100.0 * c.pussa as f64 / total,
            100.0 * c.round_end as f64 / total
        );
    }
    if all.len() > 1 {
        outln!();
        outln!(
            "{:<32} {:>7} {:>8} {:>8} {:>8} {:>8} {:>7}",
            "rules",
            "S win%",
            "draw%",
            "margin",
            "rounds",
            "length",
            "8b%"
        );
        for s in all {
            outln!(
                "{:<32} {:>7.1} {:>8.1} {:>+8.1} {:>8.2} {:>8.1} {:>7.1}",
                s.rules,
                100.0 * s.south_win_rate,
                100.0 * f64::from(s.south.draws) / (s.games.max(1) as f64),
                s.margin_mean,
                s.rounds_per_game,
                s.round_length_mean,
                100.0 * s.rounds_repetition as f64 / (s.rounds.max(1) as f64)
            );
        }
    }
}

/// One row per player against the field (opponent `*`), then one per pair.
fn csv_rows(t: &Table) -> Vec<Vec<String>> {
    let row = |player: &str, opponent: &str, wdl: &Wdl, score: f64, elo: Elo| {
        vec![
            player.to_string(),
            opponent.to_string(),
            wdl.games().to_string(),
            wdl.wins.to_string(),
            wdl.draws.to_string(),
            wdl.losses.to_string(),
            format!("{score:.4}"),
            format!("{:.1}", elo.elo),
            format!("{:.1}", elo.elo_low),
            format!("{:.1}", elo.elo_high),
        ]
    };
    let standings = t
        .standings
        .iter()
        .map(|s| row(&s.player, "*", &s.wdl, s.score, s.elo));
    let pairs = t
        .pairs
        .iter()
        .map(|h| row(&h.player, &h.opponent, &h.wdl, h.score, h.elo));
    standings.chain(pairs).collect()
}

fn print_table(t: &Table, rules: &Rules, openings: usize, time: Duration) {
    outln!(
        "{} in {:.0} s, rules {rules}, {} each played from both sides{}",
        plural(t.games as u64, "game", "games"),
        time.as_secs_f64(),
        plural(openings as u64, "opening", "openings"),
        if t.forfeits > 0 {
            format!(", {}", plural(t.forfeits as u64, "forfeit", "forfeits"))
        } else {
            String::new()
        }
    );
    if t.match_repetitions > 0 {
        outln!(
            "{} drawn because a round start came a third time",
            plural(t.match_repetitions as u64, "match", "matches")
        );
    }
    outln!();
    let w = t
        .standings
        .iter()
        .map(|s| s.player.len())
        .max()
        .unwrap_or(6)
        .max(6);
    // One table of results against the field, one of pairs, in the same columns.
    let row = |w: usize, who: &str, wdl: &Wdl, score: f64, elo: Elo| {
        outln!(
            "{who:<w$}  {:>5} {:>5} {:>5} {:>5}  {:>5.1}%  {:>+6.0}  [{:+.0}, {:+.0}]",
            wdl.games(),
            wdl.wins,
            wdl.draws,
            wdl.losses,
            100.0 * score,
            elo.elo,
            elo.elo_low,
            elo.elo_high
        );
    };
    let head = |w: usize, what: &str| {
        outln!("{what:<w$}  games     W     D     L   score     Elo   95% interval");
    };
    head(w, "player");
    for s in &t.standings {
        row(w, &s.player, &s.wdl, s.score, s.elo);
    }
    outln!();
    let w2 = t
        .pairs
        .iter()
        .map(|h| h.player.len() + h.opponent.len() + 4)
        .max()
        .unwrap_or(10);
    head(w2, "pair");
    for h in &t.pairs {
        let pair = format!("{} vs {}", h.player, h.opponent);
        row(w2, &pair, &h.wdl, h.score, h.elo);
    }
    if t.opening_pairs.is_empty() {
        return;
    }
    outln!();
    outln!(
        "opening pairs: each opening played once from each side, counters summed over both games"
    );
    outln!("{:<w2$}  pairs  ahead  level  behind  counters", "pair");
    for o in &t.opening_pairs {
        outln!(
            "{:<w2$}  {:>5}  {:>5}  {:>5}  {:>6}  {:>+8}",
            format!("{} vs {}", o.player, o.opponent),
            o.pairs,
            o.ahead,
            o.level,
            o.behind,
            o.counters
        );
    }
}
