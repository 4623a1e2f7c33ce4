//! What `selfplay` and `tournament` print: the runs, the games' records, the forfeits and the
//! CSV, written once over the game, and each game's part ([`Report`]): Raja Pasu's results,
//! Elo standings, pairs and summaries in `raja_pasu`, Mandiri's standings and seat report in
//! `mandiri`.

mod mandiri;
mod raja_pasu;

use crate::common::CliError;
use crate::game::CliGame;
use indicatif::{ProgressBar, ProgressStyle};
use rajapasu_ai::arena::{Scored, Seating};
use rajapasu_ai::spec::PlayerSpec;
use rajapasu_engine::record::GameRecord;
use std::path::Path;
use std::time::Duration;

/// A self-play run: every rule set's games, one spec for each participant.
pub struct SelfplayRun<'a, G: Scored> {
    /// The participants' specs, in the order of the game's participants.
    pub specs: &'a [PlayerSpec<G>],
    /// Each rule set and its games.
    pub results: &'a [(G::Rules, Vec<G::Stat>)],
    /// Random moves at the start of each game.
    pub opening_plies: usize,
    /// The run's seed.
    pub seed: u64,
    /// Moves after which a Mandiri game is stopped.
    pub move_cap: usize,
    /// One JSON object rather than text.
    pub json: bool,
}

/// How a tournament prints its results.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Tables in text.
    Text,
    /// One JSON object.
    Json,
    /// CSV rows.
    Csv,
}

/// A tournament played: its seatings and what each game showed.
pub struct TournamentRun<'a, G: Scored> {
    /// The players' names (their specs as written).
    pub names: &'a [String],
    /// The rule set.
    pub rules: G::Rules,
    /// Every game's seating, in order.
    pub seatings: &'a [Seating],
    /// What each game showed, in the same order.
    pub stats: &'a [G::Stat],
    /// Openings played.
    pub openings: usize,
    /// Random moves in each opening.
    pub opening_plies: usize,
    /// A ladder rather than a round robin.
    pub ladder: bool,
    /// The tournament's seed.
    pub seed: u64,
    /// Moves after which a Mandiri game is stopped.
    pub move_cap: usize,
    /// How to print the results.
    pub format: Format,
    /// Where to save every game's record.
    pub records: Option<&'a Path>,
    /// How long the games took.
    pub time: Duration,
}

/// Each game's part of `selfplay` and `tournament`: who plays a self-play game, and what the
/// results look like.
pub trait Report: CliGame {
    /// The specs of a self-play game's participants, from `--player` and, for Raja Pasu,
    /// `--south` and `--north`.
    fn selfplay_players(
        player: &str,
        south: Option<&str>,
        north: Option<&str>,
    ) -> Result<Vec<String>, CliError>;

    /// The record tag naming the player of participant `k`: `South`, `North`; `Player1` to
    /// `Player3`.
    fn participant_tag(k: usize) -> String;

    /// Prints a self-play run.
    fn selfplay(run: &SelfplayRun<Self>) -> Result<(), CliError>;

    /// Prints a tournament's results.
    fn tournament(run: &TournamentRun<Self>) -> Result<(), CliError>;

    /// A game's result as the pairing code takes it: how it ended for participant 0 (who
    /// leads) against participant 1, and the counters each held at its end (in a single
    /// round, those captured). `None` for a game of three players.
    fn paired_result(stat: &Self::Stat) -> Option<(rajapasu_pairing::Outcome, [u32; 2])>;
}

/// Saves the record of every game of `run` in `dir`, `game-0001.txt` on: its number, the
/// player of each participant under the game's tag for it, and a forfeit if there was one.
pub fn save_records<G: Report>(run: &TournamentRun<G>, dir: &Path) -> Result<(), CliError> {
    for (k, (seating, stat)) in run.seatings.iter().zip(run.stats).enumerate() {
        let mut tags = vec![
            ("Event".to_string(), "rajapasu tournament".to_string()),
            ("Game".to_string(), (k + 1).to_string()),
        ];
        for (p, &entrant) in seating.entrants.iter().enumerate() {
            tags.push((G::participant_tag(p), run.names[entrant].clone()));
        }
        if let Some((p, why)) = G::forfeit(stat) {
            let who = G::participant_tag(p);
            tags.push(("Forfeit".to_string(), format!("{who}: {why}")));
        }
        let path = dir.join(format!("game-{:04}.txt", k + 1));
        GameRecord::from_game(G::game(stat), tags).save(&path)?;
    }
    Ok(())
}

/// Warns, on the error stream, of every game of `run` lost by forfeit, naming the player.
pub fn warn_forfeits<G: Report>(run: &TournamentRun<G>) {
    for (seating, stat) in run.seatings.iter().zip(run.stats) {
        if let Some((p, why)) = G::forfeit(stat) {
            let who = &run.names[seating.entrants[p]];
            eprintln!("warning: {who} forfeited a game: {why}");
        }
    }
}

/// Prints a CSV table: the `header` line, then one line a row.
pub fn print_csv(header: &[&str], rows: impl IntoIterator<Item = Vec<String>>) {
    outln!("{}", header.join(","));
    for row in rows {
        let cells: Vec<String> = row.iter().map(|c| csv_cell(c)).collect();
        outln!("{}", cells.join(","));
    }
}

/// A CSV cell: quoted if it holds a comma or a quote.
fn csv_cell(s: &str) -> String {
    if s.contains([',', '"']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// The progress bar of `len` games, on the terminal's error stream.
pub fn progress(len: usize) -> ProgressBar {
    let bar = ProgressBar::new(len as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games, {elapsed} elapsed, {eta} left")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar
}
