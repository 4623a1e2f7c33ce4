//! What several commands share: building a game from the command line, errors.

use clap::Args;
use rajapasu_engine::record::Record;
use rajapasu_engine::{Game, Move, Position, Rules};
use std::fmt;

/// A one-line error: printed as `error: ...`, exit status 2.
#[derive(Debug)]
pub struct CliError(pub String);

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl<E: std::error::Error> From<E> for CliError {
    fn from(e: E) -> CliError {
        CliError(e.to_string())
    }
}

/// Where a game comes from: the start or a position, a rule set, moves.
#[derive(Args, Debug, Clone, Default)]
pub struct GameArgs {
    /// Start from this position code instead of the start, e.g. "0,1,0,2,0,0,3/0,0,1,0,3,0,2 S 40 46".
    // A code may start with `-` (a bad count such as "-1,..."): it is the value, so that the
    // error names the position, not an unknown option.
    #[arg(long, short = 'p', value_name = "CODE", allow_hyphen_values = true)]
    pub position: Option<String>,
    /// Moves to play first, hole numbers of the player to move, e.g. "1 5 3" (commas allowed).
    #[arg(long, short = 'm', value_name = "MOVES", allow_hyphen_values = true)]
    pub moves: Option<String>,
    /// Play a single round instead of a match (same as the rule option mode=round).
    #[arg(long)]
    pub single_round: bool,
    /// Rule set: NAME[/KEY=VALUE,...], e.g. "canonical/fours=sower". See `rajapasu rules`.
    #[arg(long, short = 'r', value_name = "RULES", default_value = "canonical")]
    pub rules: String,
}

impl GameArgs {
    /// The rule set asked for.
    pub fn rules(&self) -> Result<Rules, CliError> {
        let rules = parse_rules(&self.rules)?;
        Ok(if self.single_round {
            rules.single_round()
        } else {
            rules
        })
    }

    /// The game before `--moves`.
    pub fn start(&self) -> Result<Game, CliError> {
        let rules = self.rules()?;
        Ok(match &self.position {
            Some(code) => Game::from_position(Position::from_code(code, rules)?),
            None => Game::new(rules),
        })
    }

    /// The game after `--moves`.
    pub fn game(&self) -> Result<Game, CliError> {
        let mut game = self.start()?;
        let holes = game.rules().holes();
        for (k, mv) in parse_moves(self.moves.as_deref().unwrap_or(""), holes)?
            .into_iter()
            .enumerate()
        {
            game.try_play(mv)
                .map_err(|e| CliError(format!("move {} of --moves ({mv}): {e}", k + 1)))?;
        }
        Ok(game)
    }
}

/// Parses "1 5 3" or "1,5,3" into moves of a board with `holes` holes a row. A number off the
/// board is refused here, with the same range whatever the number, rather than by the first
/// move that tries it.
pub fn parse_moves(text: &str, holes: usize) -> Result<Vec<Move>, CliError> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .map(|t| match t.parse::<Move>() {
            Ok(mv) if mv.number() as usize <= holes => Ok(mv),
            _ => Err(CliError(format!(
                "`{t}` is not a move: holes are numbered 1 to {holes}"
            ))),
        })
        .collect()
}

/// A rule set from the command line. Stricter than the engine's parser, which takes an empty
/// name for the canonical rules and lets a later option override an earlier one: typed on a
/// command line, both are more likely slips than intent.
pub fn parse_rules(text: &str) -> Result<Rules, CliError> {
    if text.trim().is_empty() {
        return Err(CliError(
            "--rules is empty: name a rule set, e.g. canonical (see `rajapasu rules`)".into(),
        ));
    }
    let options = match text.split_once('/') {
        Some((_, options)) => options,
        None if text.contains('=') => text,
        None => "",
    };
    let mut seen: Vec<String> = Vec::new();
    for option in options.split(',').map(str::trim).filter(|o| !o.is_empty()) {
        let key = option
            .split('=')
            .next()
            .unwrap_or("")
            .trim()
            .to_ascii_lowercase();
        if seen.contains(&key) {
            return Err(CliError(format!(
                "rule option `{key}` is given twice in `{}`",
                text.trim()
            )));
        }
        seen.push(key);
    }
    Ok(text.parse()?)
}

/// "1 game", "2 games": `n` and the word for it.
pub fn plural(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Reads a record file, plain text or JSON.
pub fn read_record(path: &std::path::Path) -> Result<Record, CliError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| CliError(format!("cannot read {}: {e}", path.display())))?;
    Record::parse(&text).map_err(|e| CliError(format!("{}: {e}", path.display())))
}
