//! `rajapasu tournament --format`: an event paired round by round by `rajapasu-pairing`
//! (Berger round-robins, Swiss), one game a pairing, and its standings with tie-breaks.

use super::super::report::{progress, save_records, warn_forfeits, Format, Report, TournamentRun};
use crate::common::{plural, CliError};
use clap::ValueEnum;
use indicatif::ProgressBar;
use rajapasu_ai::arena::{self, Scored, Seating};
use rajapasu_ai::spec::PlayerSpec;
use rajapasu_pairing::berger::{round_robin, Cycles};
use rajapasu_pairing::crosstable::Crosstable;
use rajapasu_pairing::swiss::Swiss;
use rajapasu_pairing::{
    standings, GameResult, PairingError, PlayedRound, Round, Standing, TieBreak,
};
use std::path::Path;

/// An event's pairing format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum PairingFormat {
    /// Everyone meets everyone once, by the Berger tables.
    RoundRobin,
    /// Everyone meets everyone twice, leading once each.
    DoubleRoundRobin,
    /// Swiss rounds by the Dutch system's basic rules (needs --rounds).
    Swiss,
}

impl PairingFormat {
    fn name(self) -> &'static str {
        match self {
            PairingFormat::RoundRobin => "round-robin",
            PairingFormat::DoubleRoundRobin => "double round-robin",
            PairingFormat::Swiss => "Swiss",
        }
    }

    fn tie_breaks(self) -> &'static [TieBreak] {
        match self {
            PairingFormat::Swiss => &TieBreak::SWISS,
            _ => &TieBreak::ROUND_ROBIN,
        }
    }
}

/// What a paired event plays with.
pub struct Event<'a, G: Report> {
    /// The format.
    pub format: PairingFormat,
    /// Rounds of a Swiss event.
    pub rounds: Option<usize>,
    /// The players.
    pub specs: &'a [PlayerSpec<G>],
    /// Their names.
    pub names: &'a [String],
    /// The rules.
    pub rules: G::Rules,
    /// The start of every game.
    pub start: G::Position,
    /// The openings: round `k` plays opening `k` (cycling).
    pub openings: &'a [Vec<G::Move>],
    /// Random moves in each opening.
    pub opening_plies: usize,
    /// The event's seed.
    pub seed: u64,
    /// Games played at once.
    pub threads: usize,
    /// How to print the results.
    pub output: Format,
    /// Where to save every game's record.
    pub records: Option<&'a Path>,
}

/// Where an event's rounds come from.
enum Pairer {
    /// A round-robin's table, every round known.
    Table(Vec<Round>),
    /// Swiss rounds, each paired after the one before.
    Swiss(Swiss),
}

impl Pairer {
    /// Round `k` (from 0), after `history`.
    fn round(&self, k: usize, history: &[PlayedRound]) -> Result<Round, PairingError> {
        match self {
            Pairer::Table(table) => Ok(table[k].clone()),
            Pairer::Swiss(swiss) => swiss.pair(history),
        }
    }
}

/// Where the rounds of an event of `n` players in `format` come from, and how many there are.
fn pairer(
    format: PairingFormat,
    n: usize,
    rounds: Option<usize>,
) -> Result<(Pairer, usize), CliError> {
    let cycles = match format {
        PairingFormat::RoundRobin => Some(Cycles::Single),
        PairingFormat::DoubleRoundRobin => Some(Cycles::Double),
        PairingFormat::Swiss => None,
    };
    // A round-robin's rounds are its table's; a Swiss event's are paired one by one.
    match (cycles, rounds) {
        (Some(_), Some(_)) => Err(CliError(
            "--rounds is for --format swiss: a round-robin's rounds follow from its players".into(),
        )),
        (Some(cycles), None) => {
            let table = round_robin(n, cycles)?;
            let total = table.len();
            Ok((Pairer::Table(table), total))
        }
        (None, Some(0)) => Err(CliError("--rounds must be 1 or more".into())),
        (None, Some(r)) => Ok((Pairer::Swiss(Swiss::new(n)?), r)),
        (None, None) => Err(CliError("--format swiss needs --rounds N".into())),
    }
}

/// A round's games: their seatings, what each showed, and their results.
type RoundPlayed<G> = (Vec<Seating>, Vec<<G as Scored>::Stat>, Vec<GameResult>);

/// Plays round `k` (from 0), whose first game is the event's game number `first`: round `k`
/// plays opening `k`, cycling.
fn play_round<G: Report>(
    event: &Event<'_, G>,
    round: &Round,
    k: usize,
    first: usize,
    bar: &ProgressBar,
) -> RoundPlayed<G> {
    let opening = k % event.openings.len();
    let games: Vec<Seating> = round
        .games
        .iter()
        .enumerate()
        .map(|(board, g)| Seating {
            entrants: vec![g.first, g.second],
            opening,
            seed: G::seating_seed(event.seed, first + board, opening, 0),
        })
        .collect();
    let played = arena::run_parallel(
        games.clone(),
        event.threads,
        |s| {
            arena::play_seating(
                event.specs,
                event.rules,
                &event.start,
                &event.openings[s.opening],
                s,
                usize::MAX,
            )
        },
        |_, _| bar.inc(1),
    );
    let results = round
        .games
        .iter()
        .zip(&played)
        .map(|(&pairing, stat)| {
            let (outcome, counters) = G::paired_result(stat).expect("a two-player game");
            GameResult {
                pairing,
                outcome,
                counters,
            }
        })
        .collect();
    (games, played, results)
}

/// Bye scores a win, in half points.
const BYE_HALF_POINTS: u32 = 2;

/// Plays the event round by round and prints its rounds and standings.
pub fn play<G: Report>(event: Event<'_, G>) -> Result<(), CliError> {
    if G::SEATS != 2 {
        return Err(CliError(
            "--format pairs two players a game; a Mandiri tournament plays without it".into(),
        ));
    }
    let n = event.specs.len();
    let (pairer, total) = pairer(event.format, n, event.rounds)?;
    let bar = progress(total * (n / 2));
    let started = std::time::Instant::now();
    let mut history: Vec<PlayedRound> = Vec::new();
    let (mut seatings, mut stats) = (Vec::new(), Vec::new());
    for k in 0..total {
        let round = pairer.round(k, &history)?;
        let (games, played, results) = play_round(&event, &round, k, seatings.len(), &bar);
        history.push(PlayedRound {
            games: results,
            byes: round.byes,
        });
        seatings.extend(games);
        stats.extend(played);
    }
    bar.finish_and_clear();
    let tie_breaks = event.format.tie_breaks();
    let table = standings(n, &history, BYE_HALF_POINTS, tie_breaks)?;
    let run: TournamentRun<'_, G> = TournamentRun {
        names: event.names,
        rules: event.rules,
        seatings: &seatings,
        stats: &stats,
        openings: event.openings.len(),
        opening_plies: event.opening_plies,
        ladder: false,
        seed: event.seed,
        move_cap: usize::MAX,
        format: event.output,
        records: event.records,
        time: started.elapsed(),
    };
    if let Some(dir) = run.records {
        save_records(&run, dir)?;
    }
    warn_forfeits(&run);
    let report = Printed {
        format: event.format,
        names: event.names,
        rules: event.rules.to_string(),
        history: &history,
        table: &table,
        tie_breaks,
        crosstable: match event.format {
            PairingFormat::Swiss => None,
            _ => Some(Crosstable::new(n, &history)?),
        },
        time: run.time,
    };
    match event.output {
        Format::Text => report.text(),
        Format::Json => report.json(),
        Format::Csv => report.csv(),
    }
    Ok(())
}

/// What the event prints: its rounds and its standings.
struct Printed<'a> {
    format: PairingFormat,
    names: &'a [String],
    rules: String,
    history: &'a [PlayedRound],
    table: &'a [Standing],
    tie_breaks: &'a [TieBreak],
    /// A round-robin's crosstable.
    crosstable: Option<Crosstable>,
    time: std::time::Duration,
}

impl Printed<'_> {
    fn games(&self) -> usize {
        self.history.iter().map(|r| r.games.len()).sum()
    }

    fn text(&self) {
        outln!(
            "{} of {}, {}, {} in {:.1} s; rules {}",
            self.format.name(),
            plural(self.names.len() as u64, "player", "players"),
            plural(self.history.len() as u64, "round", "rounds"),
            plural(self.games() as u64, "game", "games"),
            self.time.as_secs_f64(),
            self.rules
        );
        outln!();
        for (k, r) in self.history.iter().enumerate() {
            let mut parts: Vec<String> = r
                .games
                .iter()
                .map(|g| {
                    let (a, b) = (g.pairing.first, g.pairing.second);
                    format!("{} {} {}", self.names[a], g.outcome.text(), self.names[b])
                })
                .collect();
            parts.extend(r.byes.iter().map(|&b| format!("{} bye", self.names[b])));
            outln!("Round {}: {}", k + 1, parts.join("; "));
        }
        outln!();
        let width = self.names.iter().map(|n| n.len()).max().unwrap_or(0).max(6);
        let mut head = format!(
            "{:>3}  {:<width$}  {:>5}  {:>5}  {:>3}  {:>3}  {:>3}",
            "#", "Player", "Score", "Games", "W", "D", "L"
        );
        for t in self.tie_breaks {
            head.push_str(&format!("  {:>6}", t.short_name()));
        }
        outln!("{head}");
        for s in self.table {
            let mut line = format!(
                "{:>3}  {:<width$}  {:>5}  {:>5}  {:>3}  {:>3}  {:>3}",
                s.rank, self.names[s.player], s.score, s.games, s.wins, s.draws, s.losses
            );
            for v in &s.tie_breaks {
                line.push_str(&format!("  {v:>6}"));
            }
            outln!("{line}");
        }
        if let Some(cross) = &self.crosstable {
            self.print_crosstable(cross, width);
        }
    }

    /// A round-robin's crosstable, rows and columns in the order of the standings.
    fn print_crosstable(&self, cross: &Crosstable, width: usize) {
        outln!();
        let mut head = format!("{:>3}  {:<width$}", "#", "Player");
        for k in 1..=self.table.len() {
            head.push_str(&format!("  {k:>3}"));
        }
        outln!("{head}");
        for (k, row) in self.table.iter().enumerate() {
            let mut line = format!("{:>3}  {:<width$}", k + 1, self.names[row.player]);
            for col in self.table {
                let cell = if col.player == row.player {
                    "·".to_string()
                } else {
                    cross.text(row.player, col.player)
                };
                line.push_str(&format!("  {cell:>3}"));
            }
            outln!("{line}");
        }
    }

    fn json(&self) {
        let rounds: Vec<serde_json::Value> = self
            .history
            .iter()
            .map(|r| {
                serde_json::json!({
                    "games": r.games.iter().map(|g| serde_json::json!({
                        "first": self.names[g.pairing.first],
                        "second": self.names[g.pairing.second],
                        "result": g.outcome.text(),
                        "counters": g.counters,
                    })).collect::<Vec<_>>(),
                    "byes": r.byes.iter().map(|&b| &self.names[b]).collect::<Vec<_>>(),
                })
            })
            .collect();
        let standings: Vec<serde_json::Value> = self
            .table
            .iter()
            .map(|s| {
                let mut row = serde_json::json!({
                    "rank": s.rank,
                    "player": self.names[s.player],
                    "score": s.score,
                    "games": s.games,
                    "wins": s.wins,
                    "draws": s.draws,
                    "losses": s.losses,
                });
                for (t, v) in self.tie_breaks.iter().zip(&s.tie_breaks) {
                    row[tie_break_key(*t)] = serde_json::json!(v);
                }
                row
            })
            .collect();
        let out = serde_json::json!({
            "format": self.format.to_possible_value().map(|v| v.get_name().to_string()),
            "rules": self.rules,
            "rounds": rounds,
            "standings": standings,
        });
        outln!("{out}");
    }

    fn csv(&self) {
        let mut header = vec![
            "rank", "player", "score", "games", "wins", "draws", "losses",
        ];
        header.extend(self.tie_breaks.iter().map(|&t| tie_break_key(t)));
        let rows = self.table.iter().map(|s| {
            let mut row = vec![
                s.rank.to_string(),
                self.names[s.player].clone(),
                s.score.to_string(),
                s.games.to_string(),
                s.wins.to_string(),
                s.draws.to_string(),
                s.losses.to_string(),
            ];
            row.extend(s.tie_breaks.iter().map(|v| v.to_string()));
            row
        });
        super::super::report::print_csv(&header, rows);
    }
}

/// A tie-break's name in JSON and CSV.
fn tie_break_key(t: TieBreak) -> &'static str {
    match t {
        TieBreak::SonnebornBerger => "sonneborn_berger",
        TieBreak::Buchholz => "buchholz",
        TieBreak::MedianBuchholz => "median_buchholz",
        TieBreak::Counters => "counters",
    }
}
