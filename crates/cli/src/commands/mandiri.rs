//! `--rules mandiri` for `state`, `trace`, `perft` and `replay`: the three-player game.

use crate::common::{CliError, GameArgs};
use rajapasu_engine::mandiri::{self, text, Player, Seat, NAME};
use rajapasu_engine::Hole;
use serde_json::{json, Value};

/// Whether a `--rules` value names the three-player game.
pub fn wanted(rules: &str) -> bool {
    rules
        .trim()
        .split('/')
        .next()
        .is_some_and(|n| n.trim().eq_ignore_ascii_case(NAME))
}

/// Whether a record file's text is a Mandiri record (its rule set is `mandiri...`).
pub fn is_record(text: &str) -> bool {
    if text.trim_start().starts_with('{') {
        if let Ok(v) = serde_json::from_str::<Value>(text) {
            return v["rules"].as_str().is_some_and(wanted);
        }
    }
    text.lines()
        .filter_map(|l| l.trim().strip_prefix("[Rules \""))
        .any(|v| wanted(v.split('"').next().unwrap_or("")))
}

/// Reads a Mandiri record, text or JSON.
pub fn read_record(path: &std::path::Path, text: &str) -> Result<mandiri::Record, CliError> {
    let rec = if text.trim_start().starts_with('{') {
        mandiri::Record::parse_json(text)
    } else {
        mandiri::Record::parse_text(text)
    };
    rec.map_err(|e| CliError(format!("{}: {e}", path.display())))
}

/// Parses "S5 N2" or "S5,N2" into holes.
pub fn parse_moves(text: &str) -> Result<Vec<Hole>, CliError> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .map(|t| {
            t.parse::<Hole>().map_err(|_| {
                CliError(format!(
                    "`{t}` is not a Mandiri move: moves are hole names such as S4 or N6"
                ))
            })
        })
        .collect()
}

/// The game `--rules`, `--position` and `--moves` ask for. A position code may leave out its
/// rule set: the one of `--rules` is then used.
pub fn game(args: &GameArgs) -> Result<mandiri::Game, CliError> {
    let mut rules: mandiri::Rules = args.rules.parse()?;
    if args.single_round {
        rules.mode = rajapasu_engine::Mode::SingleRound;
    }
    let mut game = match &args.position {
        Some(code) => {
            let code = if wanted(code.split_whitespace().next().unwrap_or("")) {
                code.clone()
            } else {
                format!("{rules} {code}")
            };
            mandiri::Game::from_position(mandiri::Position::from_code(&code)?)
        }
        None => mandiri::Game::new(rules),
    };
    for (k, mv) in parse_moves(args.moves.as_deref().unwrap_or(""))?
        .into_iter()
        .enumerate()
    {
        game.try_play(mv)
            .map_err(|e| CliError(format!("move {} of --moves ({mv}): {e}", k + 1)))?;
    }
    Ok(game)
}

fn status_text(status: mandiri::Status) -> String {
    match status {
        mandiri::Status::Playing => "playing".into(),
        mandiri::Status::RoundOver { winners } => format!("round over, won by player(s) {winners}"),
        mandiri::Status::MatchOver { winners } => format!("match over, won by player(s) {winners}"),
    }
}

/// The board as a diagram, far row on top (N7..N1), with the seats and players.
pub fn state_text(game: &mandiri::Game) -> String {
    let pos = game.position();
    let cell = |name: String| {
        let h: Hole = name.parse().expect("a hole name");
        match pos.count(h) {
            Some(c) => format!("[{c:>2}]"),
            None => "[ x]".to_string(),
        }
    };
    let far: String = (1..=7).rev().map(|k| cell(format!("N{k}"))).collect();
    let near: String = (1..=7).map(|k| cell(format!("S{k}"))).collect();
    let mut out = String::new();
    out.push_str("           N7  N6  N5  N4  N3  N2  N1\n");
    out.push_str(&format!("Far row   {far}\n"));
    out.push_str(&format!("Near row  {near}\n"));
    out.push_str("           S1  S2  S3  S4  S5  S6  S7\n");
    for seat in Seat::ALL {
        let p = pos.player(seat);
        let role = if seat == Seat::C {
            format!(", Raja for round {} of {}", pos.office(), pos.rules().term)
        } else {
            String::new()
        };
        let out_note = if pos.is_out(p) {
            ", out of the match"
        } else {
            ""
        };
        out.push_str(&format!(
            "Seat {seat}: player {p}{role}{out_note}; captured {}, reserve {}\n",
            pos.captured(seat),
            pos.reserve(p)
        ));
    }
    let moves: Vec<String> = game.legal_moves().iter().map(|h| h.to_string()).collect();
    out.push_str(&format!(
        "Round {}, {}; {} to move: {}\n",
        pos.round(),
        status_text(game.status()),
        pos.to_move(),
        moves.join(" ")
    ));
    out.push_str(&format!("Code: {pos}\n"));
    out
}

/// The state as one JSON object.
pub fn state_json(game: &mandiri::Game) -> Value {
    let pos = game.position();
    let seats: Vec<Value> = Seat::ALL
        .iter()
        .map(|&s| {
            let p = pos.player(s);
            json!({"seat": s, "player": p.number(), "out": pos.is_out(p),
                   "captured": pos.captured(s), "reserve": pos.reserve(p)})
        })
        .collect();
    let winners = match game.status() {
        mandiri::Status::Playing => None,
        mandiri::Status::RoundOver { winners } | mandiri::Status::MatchOver { winners } => {
            Some(winners.iter().map(Player::number).collect::<Vec<_>>())
        }
    };
    json!({
        "rules": pos.rules().to_string(),
        "code": pos.to_string(),
        "round": pos.round(),
        "office": pos.office(),
        "to_move": pos.to_move(),
        "seats": seats,
        "legal_moves": game.legal_moves().iter().map(|h| h.to_string()).collect::<Vec<_>>(),
        "over": game.status().is_over(),
        "winners": winners,
        "moves": game.moves().iter().map(|h| h.to_string()).collect::<Vec<_>>(),
    })
}

/// `rajapasu trace --rules mandiri --move HOLE`: plays `mv` and tells it.
pub fn trace(mut game: mandiri::Game, mv: &str, as_json: bool) -> Result<(), CliError> {
    let mv = parse_moves(mv)?
        .into_iter()
        .next()
        .ok_or_else(|| CliError("give the move to explain with --move HOLE".into()))?;
    let before = game.position().to_string();
    let mover = game.position().to_move();
    let mut events = Vec::new();
    game.play_traced(mv, &mut events)?;
    let lines = text::narrate(mover, &events);
    if as_json {
        let out = json!({
            "move": mv.to_string(),
            "seat": mover,
            "before": before,
            "after": game.position().to_string(),
            "events": events,
            "explained": lines,
        });
        println!("{}", serde_json::to_string(&out)?);
    } else {
        println!("{before}: seat {mover} plays {mv}.");
        for line in lines {
            println!("  {line}");
        }
        println!("Result: {}", game.position());
    }
    Ok(())
}

/// `rajapasu replay` of a Mandiri record.
pub fn replay(record: &mandiri::Record, explain: bool, as_json: bool) -> Result<(), CliError> {
    let game = record.replay()?;
    if as_json {
        println!("{}", serde_json::to_string(&state_json(&game))?);
        return Ok(());
    }
    for (k, v) in &record.tags {
        println!("{k}: {v}");
    }
    let mut replay = mandiri::Game::from_position(record.start_position());
    for (k, &mv) in record.moves.iter().enumerate() {
        let (round, mover) = (replay.position().round(), replay.position().to_move());
        let mut events = Vec::new();
        replay.play_traced(mv, &mut events)?;
        if explain {
            println!("{}. Round {round}, seat {mover} plays {mv}:", k + 1);
            for line in text::narrate(mover, &events) {
                println!("     {line}");
            }
        } else {
            println!("{:>4}. {mover} {mv}  ->  {}", k + 1, replay.position());
        }
    }
    print!("{}", state_text(&game));
    Ok(())
}
