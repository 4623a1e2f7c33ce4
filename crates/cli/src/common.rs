//! What several commands share: the game chosen once, from `--rules` or a record
//! ([`with_game!`]); the game built from the command line ([`GameArgs`]); records read.

pub use crate::error::CliError;
use crate::game::CliGame;
use clap::Args;
use rajapasu_engine::record::{GameRecord, Recorded};
use rajapasu_engine::{mandiri, RuleSet, Rules};
use std::path::Path;

/// Runs `$body` with the type `$g` standing for the game of the rule set `$set` and `$rules`
/// for its rules: the one place where the command line asks which game it plays. Each command
/// is written once over the game, as a generic function called here.
macro_rules! with_game {
    ($set:expr, $g:ident, $rules:pat => $body:expr) => {
        match $set {
            rajapasu_engine::RuleSet::RajaPasu($rules) => {
                type $g = rajapasu_engine::Game;
                $body
            }
            rajapasu_engine::RuleSet::Mandiri($rules) => {
                type $g = rajapasu_engine::mandiri::Game;
                $body
            }
        }
    };
}
pub(crate) use with_game;

/// Where a game comes from: the start or a position, a rule set, moves.
#[derive(Args, Debug, Clone, Default)]
pub struct GameArgs {
    /// Start from this position code instead of the start, e.g. "0,1,0,2,0,0,3/0,0,1,0,3,0,2 S 40 46".
    // A code may start with `-` (a bad count such as "-1,..."): it is the value, so that the
    // error names the position, not an unknown option.
    #[arg(long, short = 'p', value_name = "CODE", allow_hyphen_values = true)]
    pub position: Option<String>,
    /// Moves to play first, hole numbers of the player to move, e.g. "1 5 3" (commas allowed);
    /// under `--rules mandiri`, hole names such as "S5 N2".
    #[arg(long, short = 'm', value_name = "MOVES", allow_hyphen_values = true)]
    pub moves: Option<String>,
    /// Play a single round instead of a match (same as the rule option mode=round).
    #[arg(long)]
    pub single_round: bool,
    /// Rule set: NAME[/KEY=VALUE,...], e.g. "canonical/fours=sower" or "mandiri". See
    /// `rajapasu rules`.
    #[arg(long, short = 'r', value_name = "RULES", default_value = "canonical")]
    pub rules: String,
}

impl GameArgs {
    /// The rule set asked for, of either game.
    pub fn rule_set(&self) -> Result<RuleSet, CliError> {
        Ok(single_round(
            parse_rule_set(&self.rules)?,
            self.single_round,
        ))
    }

    /// The two-player rules asked for, for a command of the two-player game only.
    pub fn two_player_rules(&self, command: &str) -> Result<Rules, CliError> {
        two_player(self.rule_set()?, command)
    }

    /// The game of `G` under `rules`: from `--position` or the start, after `--moves`.
    pub fn game<G: CliGame>(&self, rules: G::Rules) -> Result<G, CliError> {
        let mut game = match &self.position {
            Some(code) => G::from_position(G::position_arg(code, rules)?),
            None => G::new(rules),
        };
        let moves = G::moves_arg(self.moves.as_deref().unwrap_or(""), &rules)?;
        for (k, mv) in moves.into_iter().enumerate() {
            game.try_play(mv)
                .map_err(|e| CliError(format!("move {} of --moves ({mv}): {e}", k + 1)))?;
        }
        Ok(game)
    }
}

/// A rule set from the command line, of either game. Stricter than the engine's parser, which
/// takes an empty name for the canonical rules and lets a later option override an earlier one:
/// typed on a command line, both are more likely slips than intent.
pub fn parse_rule_set(text: &str) -> Result<RuleSet, CliError> {
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

/// The two-player rules of `set`, or the error that `command` plays the two-player game only.
pub fn two_player(set: RuleSet, command: &str) -> Result<Rules, CliError> {
    match set {
        RuleSet::RajaPasu(rules) => Ok(rules),
        RuleSet::Mandiri(_) => Err(CliError(format!(
            "`{command}` is for the two-player game; Raja Pasu Mandiri (--rules mandiri) plays \
             in state, trace, perft, replay, play, selfplay, tournament and engine"
        ))),
    }
}

/// `set` in single-round mode if `yes`.
pub fn single_round(set: RuleSet, yes: bool) -> RuleSet {
    match set {
        RuleSet::RajaPasu(rules) if yes => RuleSet::RajaPasu(rules.single_round()),
        RuleSet::Mandiri(mut rules) if yes => {
            rules.mode = rajapasu_engine::Mode::SingleRound;
            RuleSet::Mandiri(rules)
        }
        set => set,
    }
}

/// "1 game", "2 games": `n` and the word for it.
pub fn plural(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A record file's text, and the game it is of: the game its rule set names (its `Rules` tag,
/// or the `rules` of a JSON record), Raja Pasu if it names none. The rules themselves are read
/// with the record ([`parse_record`]).
pub fn read_record_file(path: &Path) -> Result<(String, RuleSet), CliError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| CliError(format!("cannot read {}: {e}", path.display())))?;
    let json = text
        .trim_start()
        .starts_with('{')
        .then(|| serde_json::from_str::<serde_json::Value>(&text).ok())
        .flatten();
    let named = match &json {
        Some(v) => v["rules"].as_str().map(str::to_string),
        None => text
            .lines()
            .filter_map(|l| l.trim().strip_prefix("[Rules \""))
            .map(|v| v.split('"').next().unwrap_or("").to_string())
            .next(),
    };
    let name = named
        .as_deref()
        .unwrap_or("")
        .split('/')
        .next()
        .unwrap_or("");
    let game = if name.trim().eq_ignore_ascii_case(mandiri::NAME) {
        RuleSet::Mandiri(mandiri::Rules::default())
    } else {
        RuleSet::default()
    };
    Ok((text, game))
}

/// The record of `G` that `text`, read from `path`, holds.
pub fn parse_record<G: Recorded>(path: &Path, text: &str) -> Result<GameRecord<G>, CliError> {
    GameRecord::parse(text).map_err(|e| CliError(format!("{}: {e}", path.display())))
}
