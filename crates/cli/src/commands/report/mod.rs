//! What `selfplay` and `tournament` print: the runs, written once over the game, and each
//! game's part ([`Report`]): Raja Pasu's results, Elo standings, pairs and summaries in
//! `raja_pasu`, Mandiri's standings and seat report in `mandiri`.

mod mandiri;
mod raja_pasu;

use crate::common::CliError;
use crate::game::CliGame;
use indicatif::{ProgressBar, ProgressStyle};
use rajapasu_ai::arena::{Scored, Seating};
use rajapasu_ai::spec::PlayerSpec;
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
    /// CSV rows (Raja Pasu).
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
    /// Where to save every game's record (Raja Pasu).
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

    /// Refuses the tournament options whose results the game does not keep.
    fn tournament_options(csv: bool, records: bool) -> Result<(), CliError>;

    /// Prints a self-play run.
    fn selfplay(run: &SelfplayRun<Self>) -> Result<(), CliError>;

    /// Prints a tournament (and saves its records).
    fn tournament(run: &TournamentRun<Self>) -> Result<(), CliError>;
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
