//! What the command line does differently in each game ([`CliGame`]): how a position is
//! printed, how a move and its mover are told, how `--moves` and `--position` are read. The
//! commands are written once over it.

use crate::error::CliError;
use rajapasu_ai::arena::Scored;
use rajapasu_engine::mandiri::{self, Player, Seat};
use rajapasu_engine::RuleOption;
use rajapasu_engine::{text, Game, GameView, Hole, Move, Position, RuleSet, Rules, Side};
use serde_json::{json, Value};

/// A game of the command line: the engine's game with its players ([`Scored`]) and what the
/// commands print and read of it.
pub trait CliGame: Scored {
    /// The game's rule options, as `rajapasu rules` lists them.
    fn options() -> &'static [RuleOption<Self::Rules>];

    /// The rules of `set` if it is this game's.
    fn rules_of(set: RuleSet) -> Option<Self::Rules>;

    /// The moves of `--moves` (spaces or commas between them), under `rules`.
    fn moves_arg(text: &str, rules: &Self::Rules) -> Result<Vec<Self::Move>, CliError>;

    /// The position of `--position`, under `rules`.
    fn position_arg(code: &str, rules: Self::Rules) -> Result<Self::Position, CliError>;

    /// The board, the players and the moves, as `state` prints them.
    fn state_text(&self) -> String;

    /// The state as one JSON object, as `state --json` prints it.
    fn state_json(&self) -> Result<String, CliError>;

    /// A move told in words, one line a step.
    fn narrate(mover: Self::Seat, events: &[Self::Event]) -> Vec<String>;

    /// Who moves, in a sentence: `South`, `seat C`.
    fn mover(seat: Self::Seat) -> String;

    /// Who moves, in a list of moves: `S`, `C`.
    fn mover_short(seat: Self::Seat) -> String;

    /// Who moves, in JSON: the key and its value.
    fn mover_json(seat: Self::Seat) -> (&'static str, Value);

    /// A move's events in JSON.
    fn events_json(events: &[Self::Event]) -> Value;
}

impl CliGame for Game {
    fn options() -> &'static [RuleOption] {
        Rules::options()
    }

    fn rules_of(set: RuleSet) -> Option<Rules> {
        match set {
            RuleSet::RajaPasu(rules) => Some(rules),
            RuleSet::Mandiri(_) => None,
        }
    }

    /// Hole numbers of the player to move. A number off the board is refused here, with the
    /// same range whatever the number, rather than by the first move that tries it.
    fn moves_arg(text: &str, rules: &Rules) -> Result<Vec<Move>, CliError> {
        let holes = rules.holes();
        words(text)
            .map(|t| match t.parse::<Move>() {
                Ok(mv) if mv.number() as usize <= holes => Ok(mv),
                _ => Err(CliError(format!(
                    "`{t}` is not a move: holes are numbered 1 to {holes}"
                ))),
            })
            .collect()
    }

    fn position_arg(code: &str, rules: Rules) -> Result<Position, CliError> {
        Ok(Position::from_code(code, rules)?)
    }

    fn state_text(&self) -> String {
        text::state(self)
    }

    fn state_json(&self) -> Result<String, CliError> {
        Ok(serde_json::to_string(&GameView::new(self))?)
    }

    fn narrate(mover: Side, events: &[rajapasu_engine::Event]) -> Vec<String> {
        text::narrate(mover, events)
    }

    fn mover(seat: Side) -> String {
        seat.to_string()
    }

    fn mover_short(seat: Side) -> String {
        seat.letter().to_string()
    }

    fn mover_json(seat: Side) -> (&'static str, Value) {
        ("side", json!(seat))
    }

    fn events_json(events: &[rajapasu_engine::Event]) -> Value {
        json!(events)
    }
}

impl CliGame for mandiri::Game {
    fn options() -> &'static [mandiri::RuleOption] {
        mandiri::Rules::options()
    }

    fn rules_of(set: RuleSet) -> Option<mandiri::Rules> {
        match set {
            RuleSet::Mandiri(rules) => Some(rules),
            RuleSet::RajaPasu(_) => None,
        }
    }

    /// Hole names: `S5 N2`.
    fn moves_arg(text: &str, _: &mandiri::Rules) -> Result<Vec<Hole>, CliError> {
        words(text)
            .map(|t| {
                t.parse::<Hole>().map_err(|_| {
                    CliError(format!(
                        "`{t}` is not a Mandiri move: moves are hole names such as S4 or N6"
                    ))
                })
            })
            .collect()
    }

    /// A Mandiri code names its rule set; one given without it is read under `rules`.
    fn position_arg(code: &str, rules: mandiri::Rules) -> Result<mandiri::Position, CliError> {
        let name = code.split_whitespace().next().unwrap_or("");
        let named = name
            .split('/')
            .next()
            .is_some_and(|n| n.trim().eq_ignore_ascii_case(mandiri::NAME));
        let code = if named {
            code.to_string()
        } else {
            format!("{rules} {code}")
        };
        Ok(mandiri::Position::from_code(&code)?)
    }

    /// The board far row on top (N7..N1), with the seats and players.
    fn state_text(&self) -> String {
        let pos = self.position();
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
        let moves: Vec<String> = self.legal_moves().iter().map(|h| h.to_string()).collect();
        let status = match self.status() {
            mandiri::Status::Playing => "playing".to_string(),
            mandiri::Status::RoundOver { winners } => {
                format!("round over, won by player(s) {winners}")
            }
            mandiri::Status::MatchOver { winners } => {
                format!("match over, won by player(s) {winners}")
            }
        };
        out.push_str(&format!(
            "Round {}, {status}; {} to move: {}\n",
            pos.round(),
            pos.to_move(),
            moves.join(" ")
        ));
        out.push_str(&format!("Code: {pos}\n"));
        out
    }

    fn state_json(&self) -> Result<String, CliError> {
        let pos = self.position();
        let seats: Vec<Value> = Seat::ALL
            .iter()
            .map(|&s| {
                let p = pos.player(s);
                json!({"seat": s, "player": p.number(), "out": pos.is_out(p),
                       "captured": pos.captured(s), "reserve": pos.reserve(p)})
            })
            .collect();
        let winners = match self.status() {
            mandiri::Status::Playing => None,
            mandiri::Status::RoundOver { winners } | mandiri::Status::MatchOver { winners } => {
                Some(winners.iter().map(Player::number).collect::<Vec<_>>())
            }
        };
        let names = |moves: &[Hole]| moves.iter().map(|h| h.to_string()).collect::<Vec<_>>();
        Ok(serde_json::to_string(&json!({
            "rules": pos.rules().to_string(),
            "code": pos.to_string(),
            "round": pos.round(),
            "office": pos.office(),
            "to_move": pos.to_move(),
            "seats": seats,
            "legal_moves": names(&self.legal_moves()),
            "over": self.status().is_over(),
            "winners": winners,
            "moves": names(self.moves()),
        }))?)
    }

    fn narrate(mover: Seat, events: &[mandiri::Event]) -> Vec<String> {
        mandiri::text::narrate(mover, events)
    }

    fn mover(seat: Seat) -> String {
        format!("seat {seat}")
    }

    fn mover_short(seat: Seat) -> String {
        seat.to_string()
    }

    fn mover_json(seat: Seat) -> (&'static str, Value) {
        ("seat", json!(seat))
    }

    fn events_json(events: &[mandiri::Event]) -> Value {
        json!(events)
    }
}

/// The words of a list of moves: spaces or commas between them.
fn words(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
}
