//! Raja Pasu Mandiri's part of `play`: who sits where (`--computer SEAT:LEVEL`, the levels of
//! a loaded record's players), and the three-player terminal game. There is no line mode.

use super::{clock_seed, config, full_screen, full_screen_game, tag, PlayArgs, Seated, Tags};
use crate::common::CliError;
use rajapasu_ai::Level;
use rajapasu_engine::mandiri::{self, Player, Seat};
use rajapasu_tui::mandiri::{player_tag, Lineup, Who};

impl Seated for mandiri::Game {
    fn session(args: &PlayArgs, game: mandiri::Game, loaded: Option<Tags>) -> Result<(), CliError> {
        if args.two_players || args.side.is_some() {
            return Err(CliError(
                "Mandiri has three players: choose the computers with --computer SEAT:LEVEL"
                    .to_string(),
            ));
        }
        let level = args.level.unwrap_or(Level::DEFAULT);
        let mut players = [Who::Human, Who::Computer(level), Who::Computer(level)];
        // A loaded game goes on between the same players, unless the command line says
        // otherwise.
        if let (Some(tags), true) = (&loaded, args.computer.is_empty() && args.level.is_none()) {
            for p in Player::ALL {
                if let Some(who) = tag(tags, &player_tag(p)).and_then(Who::from_tag) {
                    players[p.index()] = who;
                }
            }
        }
        if !args.computer.is_empty() {
            players = [Who::Human; 3];
            for text in &args.computer {
                let (p, level) = computer(text)?;
                players[p.index()] = Who::Computer(level);
            }
        }
        if !full_screen(args) {
            return Err(CliError(
                "line mode plays the two-player game only: play Raja Pasu Mandiri in a \
                 terminal (or explain a record with `rajapasu replay FILE --explain`)"
                    .to_string(),
            ));
        }
        let seated = Player::ALL.map(|p| (player_tag(p), players[p.index()].tag()));
        let lineup = Lineup {
            who: players,
            seed: args.seed.unwrap_or_else(clock_seed),
        };
        full_screen_game(game, config(args, lineup, loaded, seated.to_vec())?)
    }
}

/// `SEAT:LEVEL`: the player starting in that seat, and the level.
fn computer(text: &str) -> Result<(Player, Level), CliError> {
    let bad = |why: String| {
        CliError(format!(
            "--computer `{text}`: {why} (expected SEAT:LEVEL, such as R:3: the seat C, R \
             or L, the level 1 to 7)"
        ))
    };
    let (seat, level) = text
        .split_once(':')
        .ok_or_else(|| bad("no `:` between the seat and the level".to_string()))?;
    let seat: Seat = seat.parse().map_err(|e| bad(format!("{e}")))?;
    let level: Level = level.trim().parse().map_err(|e| bad(format!("{e}")))?;
    // Seat C, R, L at the start hold players 1, 2, 3 (RULES.md 9.8.1).
    Ok((Player::ALL[seat.index()], level))
}
