//! Raja Pasu Mandiri's part of `selfplay` and `tournament`: one player in every seat, the
//! standings by round score and round wins (and their CSV rows), the seat report.

use super::{print_csv, Format, Report, SelfplayRun, TournamentRun};
use crate::common::{plural, CliError};
use rajapasu_ai::arena::mandiri::{seat_report, standings, GameEnd, SeatReport, Standing};
use rajapasu_ai::stats::Share;
use rajapasu_engine::mandiri::{self, Player};
use rajapasu_engine::Mode;
use rajapasu_tui::mandiri::player_tag;

impl Report for mandiri::Game {
    fn selfplay_players(
        player: &str,
        south: Option<&str>,
        north: Option<&str>,
    ) -> Result<Vec<String>, CliError> {
        if south.is_some() || north.is_some() {
            return Err(CliError(
                "Mandiri has no South and North: --player plays every seat (use `rajapasu \
                 tournament --rules mandiri` for three different players)"
                    .into(),
            ));
        }
        Ok(vec![player.to_string(); 3])
    }

    fn participant_tag(k: usize) -> String {
        player_tag(Player::ALL[k])
    }

    fn selfplay(run: &SelfplayRun<mandiri::Game>) -> Result<(), CliError> {
        let reports: Vec<(mandiri::Rules, SeatReport)> = run
            .results
            .iter()
            .map(|(rules, games)| (*rules, seat_report(games)))
            .collect();
        let label = &run.specs[0].label;
        if run.json {
            let results: Vec<_> = reports
                .iter()
                .map(|(r, rep)| serde_json::json!({"rules": r.to_string(), "report": rep}))
                .collect();
            let out = serde_json::json!({
                "player": label,
                "opening_plies": run.opening_plies,
                "seed": run.seed,
                "move_cap": run.move_cap,
                "results": results,
            });
            outln!("{out}");
        } else {
            outln!("Player in every seat: {label}");
            for (rules, rep) in &reports {
                outln!();
                print_report(rules, rep, run.move_cap);
            }
        }
        Ok(())
    }

    fn tournament(run: &TournamentRun<mandiri::Game>) -> Result<(), CliError> {
        let table = standings(run.names, run.stats, run.seatings);
        let report = seat_report(run.stats);
        match run.format {
            Format::Json => {
                let out = serde_json::json!({
                    "rules": run.rules.to_string(),
                    "players": run.names,
                    "openings": run.openings,
                    "opening_plies": run.opening_plies,
                    "seed": run.seed,
                    "move_cap": run.move_cap,
                    "standings": table,
                    "seats": report,
                });
                outln!("{out}");
            }
            Format::Csv => print_csv(
                &[
                    "player",
                    "rounds",
                    "round_score",
                    "round_score_low",
                    "round_score_high",
                    "above_seat",
                    "above_seat_low",
                    "above_seat_high",
                    "win_share",
                    "win_share_low",
                    "win_share_high",
                    "match_wins",
                ],
                table.iter().map(csv_row),
            ),
            Format::Text => {
                print_standings(&table);
                outln!();
                print_report(&run.rules, &report, run.move_cap);
            }
        }
        Ok(())
    }

    /// Mandiri events pair players in threes, which `--format` does not do.
    fn paired_result(_: &Self::Stat) -> Option<(rajapasu_pairing::Outcome, [u32; 2])> {
        None
    }
}

/// A player's standing as a CSV row: each figure with its interval, then the match wins.
fn csv_row(s: &Standing) -> Vec<String> {
    let mut row = vec![s.name.clone(), s.rounds.to_string()];
    for x in [&s.round_score, &s.above_seat, &s.win_share] {
        row.extend([x.mean, x.low, x.high].map(|v| format!("{v:.4}")));
    }
    row.push(format!("{:.4}", s.match_wins));
    row
}

fn share(s: &Share) -> String {
    format!("{:.3} [{:.3}, {:.3}]", s.mean, s.low, s.high)
}

fn print_standings(table: &[Standing]) {
    outln!(
        "{:<28} {:>7}  {:<22} {:<22} {:<24} {:>10}",
        "player",
        "rounds",
        "round score [95%]",
        "above seat [95%]",
        "win share [95%]",
        "match wins"
    );
    for s in table {
        let counters = |x: &Share| format!("{:.1} [{:.1}, {:.1}]", x.mean, x.low, x.high);
        outln!(
            "{:<28} {:>7}  {:<22} {:<22} {:<24} {:>10.1}",
            s.name,
            s.rounds,
            counters(&s.round_score),
            counters(&s.above_seat),
            share(&s.win_share),
            s.match_wins
        );
    }
}

fn print_report(rules: &mandiri::Rules, r: &SeatReport, cap: usize) {
    outln!(
        "rules {rules}: {}, {}",
        plural(r.games as u64, "game", "games"),
        plural(r.rounds as u64, "round", "rounds")
    );
    outln!("round wins by seat (a tie shares the round; 95% intervals):");
    for (name, (w, c)) in ["C", "R", "L"]
        .iter()
        .zip(r.seat_wins.iter().zip(&r.seat_captures))
    {
        outln!(
            "  seat {name}: {}   mean capture {:.1} [{:.1}, {:.1}]",
            share(w),
            c.mean,
            c.low,
            c.high
        );
    }
    let e = &r.raja_edge;
    outln!(
        "being the Raja: seat C wins {:.3} of the rounds, {:+.3} [{:+.3}, {:+.3}] against 1/3",
        r.seat_wins[0].mean,
        e.mean,
        e.low,
        e.high
    );
    let m = &r.round_moves;
    outln!(
        "moves per round: mean {:.1}, median {}, max {}",
        m.mean,
        m.median,
        m.max
    );
    outln!(
        "rounds ended: no capture left {}, third repetition {}",
        r.no_capture,
        r.repetition
    );
    if rules.mode == Mode::Match {
        let l = &r.match_rounds;
        outln!(
            "rounds per match: mean {:.1}, median {}, max {}",
            l.mean,
            l.median,
            l.max
        );
    }
    let ends: Vec<String> = r
        .ends
        .iter()
        .map(|(e, n)| {
            let what = match e {
                GameEnd::Round => "single rounds",
                GameEnd::MatchWon => "matches won",
                GameEnd::MatchDrawn => "matches shared (a round start came a third time)",
                GameEnd::Capped => "capped",
                GameEnd::Forfeit => "forfeited",
            };
            format!("{what} {n}")
        })
        .collect();
    outln!("games: {} (move cap {cap})", ends.join(", "));
}
