//! Raja Pasu Mandiri's part of `play`: who sits where (`--computer SEAT:LEVEL`, the levels of
//! a loaded record's players), and the three-player terminal game. There is no line mode.

use super::{clock_seed, finished, save_path, PlayArgs, Seated, Tags};
use crate::common::CliError;
use rajapasu_ai::Level;
use rajapasu_engine::mandiri::{self, Player, Seat};
use rajapasu_tui::mandiri::{player_tag, Lineup, Who};
use rajapasu_tui::Config;
use std::io::IsTerminal;

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
                let name = tags.iter().find(|(k, _)| *k == player_tag(p));
                if let Some(who) = name.and_then(|(_, v)| Who::from_tag(v)) {
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
        let terminal = std::io::stdout().is_terminal() && std::io::stdin().is_terminal();
        if !terminal || args.lines {
            return Err(CliError(
                "line mode plays the two-player game only: play Raja Pasu Mandiri in a \
                 terminal (or explain a record with `rajapasu replay FILE --explain`)"
                    .to_string(),
            ));
        }
        let loaded_at_start = loaded.is_some();
        let mut tags = loaded.unwrap_or_else(|| {
            let (date, _) = rajapasu_tui::utc_now();
            vec![
                ("Event".to_string(), "Terminal game".to_string()),
                ("Date".to_string(), date),
            ]
        });
        for p in Player::ALL {
            let key = player_tag(p);
            let name = players[p.index()].tag();
            match tags.iter_mut().find(|(k, _)| *k == key) {
                Some((_, v)) => *v = name,
                None => tags.push((key, name)),
            }
        }
        let config = Config {
            players: Lineup {
                who: players,
                seed: args.seed.unwrap_or_else(clock_seed),
            },
            animate: !args.no_anim,
            save_path: save_path(args)?,
            tags,
            never_overwrite: args.save.is_none() && !loaded_at_start,
        };
        let app = rajapasu_tui::run(game, config)?;
        finished(
            &app.saved_before,
            app.saved.as_deref(),
            app.game.position(),
            app.save_error,
        )
    }
}

/// `SEAT:LEVEL`: the player starting in that seat, and the level.
fn computer(text: &str) -> Result<(Player, Level), CliError> {
    let bad = |why: String| {
        CliError(format!(
            "--computer `{text}`: {why} (expected SEAT:LEVEL, such as R:3: the seat C, R \
             or L, the level 1 to 6)"
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
