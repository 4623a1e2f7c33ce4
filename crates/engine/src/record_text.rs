//! The plain text of game records, the same for both games (RULES.md section 7): tag lines
//! `[Name "value"]`, then the movetext, where move numbers such as `1.`, `{comments}` (which
//! may span lines), `;` comments to the end of the line and the result token are passed over.
//! What a move and a result token look like is each game's ([`Movetext`]).

use crate::rules::RulesError;
use core::fmt::Display;
use core::str::FromStr;

/// A game's words in the movetext, and its record errors.
pub(crate) trait Movetext {
    /// A move, read from the movetext as its name.
    type Move: FromStr;
    /// The rule sets the `Rules` tag names.
    type Rules: FromStr<Err = RulesError> + Default;
    /// Why a record of the game was rejected.
    type Error;
    /// Whether a token is a result token.
    fn is_result(token: &str) -> bool;
    /// The game's error for a fault of the text: see [`text_errors`].
    fn text_error(error: TextError) -> Self::Error;
}

/// [`Movetext::text_error`] for a game's error type `$error`, whose variants `BadTag { line,
/// text }`, `BadToken { line, token }`, `UnclosedComment` and `Rules(_)` tell the faults of
/// [`TextError`] (each game in its own words).
macro_rules! text_errors {
    ($error:ident) => {
        fn text_error(error: TextError) -> $error {
            match error {
                TextError::BadTag(line, text) => $error::BadTag { line, text },
                TextError::BadToken(line, token) => $error::BadToken { line, token },
                TextError::UnclosedComment => $error::UnclosedComment,
                TextError::Rules(e) => $error::Rules(e),
            }
        }
    };
}
pub(crate) use text_errors;

/// A fault of a record's text, whatever the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum TextError {
    /// A tag line that is not `[Name "value"]`: its 1-based line number and the line.
    BadTag(usize, String),
    /// A word of the movetext that is no move, move number or result: its line and the word.
    BadToken(usize, String),
    /// A `{` comment is not closed.
    UnclosedComment,
    /// The `Rules` tag names no rule set of the game.
    Rules(RulesError),
}

/// What a record's text says.
pub(crate) struct Parsed<G: Movetext> {
    /// The tags other than `Rules`, `Position` and `Result`, in order.
    pub tags: Vec<(String, String)>,
    /// The rule set of the `Rules` tag, or the default.
    pub rules: G::Rules,
    /// The `Position` tag: the code of the start position.
    pub position: Option<String>,
    /// The moves.
    pub moves: Vec<G::Move>,
}

/// Reads `text`: its tags and moves.
pub(crate) fn read<G: Movetext>(text: &str) -> Result<Parsed<G>, G::Error> {
    let mut parsed = Parsed::<G> {
        tags: Vec::new(),
        rules: G::Rules::default(),
        position: None,
        moves: Vec::new(),
    };
    let mut in_comment = false;
    for (n, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if !in_comment && trimmed.starts_with('[') {
            let (k, v) = parse_tag(trimmed)
                .ok_or_else(|| G::text_error(TextError::BadTag(n + 1, trimmed.to_string())))?;
            match k.as_str() {
                "Rules" => {
                    parsed.rules = v.parse().map_err(|e| G::text_error(TextError::Rules(e)))?
                }
                "Position" => parsed.position = Some(v),
                "Result" => {}
                _ => parsed.tags.push((k, v)),
            }
            continue;
        }
        let mut rest = line;
        while !rest.is_empty() {
            if in_comment {
                match rest.find('}') {
                    Some(i) => {
                        in_comment = false;
                        rest = &rest[i + 1..];
                    }
                    None => rest = "",
                }
                continue;
            }
            let (words, tail) = match rest.find(['{', ';']) {
                Some(i) if rest.as_bytes()[i] == b'{' => {
                    in_comment = true;
                    (&rest[..i], &rest[i + 1..])
                }
                Some(i) => (&rest[..i], ""),
                None => (rest, ""),
            };
            for token in words.split_whitespace() {
                if G::is_result(token) {
                    continue;
                }
                let bare = token.trim_end_matches('.');
                if bare.len() < token.len() && bare.parse::<u32>().is_ok() {
                    continue;
                }
                let mv = token
                    .parse()
                    .map_err(|_| G::text_error(TextError::BadToken(n + 1, token.to_string())))?;
                parsed.moves.push(mv);
            }
            rest = tail;
        }
    }
    if in_comment {
        return Err(G::text_error(TextError::UnclosedComment));
    }
    Ok(parsed)
}

/// A record's text: its `tags`, then `Rules`, `Position` (when the game has a start of its
/// own) and `Result` tags, and the movetext: `moves`, each with the round it is played in,
/// every round after a `{Round N}` comment (with `numbered`, a move number before every
/// other move of a round), and the `result` token.
pub(crate) fn write<M: Display>(
    tags: &[(String, String)],
    rules: impl Display,
    start: Option<impl Display>,
    moves: impl IntoIterator<Item = (M, u32)>,
    numbered: bool,
    result: &str,
) -> String {
    let mut out = String::new();
    for (k, v) in tags {
        out.push_str(&format!("[{k} \"{}\"]\n", escape(v)));
    }
    out.push_str(&format!("[Rules \"{rules}\"]\n"));
    if let Some(p) = start {
        out.push_str(&format!("[Position \"{p}\"]\n"));
    }
    let mut body = String::new();
    let mut round = 0;
    let mut ply = 0;
    for (mv, r) in moves {
        if r != round {
            round = r;
            ply = 0;
            if !body.is_empty() {
                body.push('\n');
            }
            body.push_str(&format!("{{Round {round}}}"));
        }
        if numbered && ply % 2 == 0 {
            body.push_str(&format!(" {}.", ply / 2 + 1));
        }
        body.push_str(&format!(" {mv}"));
        ply += 1;
    }
    out.push_str(&format!("[Result \"{result}\"]\n\n"));
    out.push_str(body.trim_start());
    if !body.is_empty() {
        out.push('\n');
    }
    out.push_str(result);
    out.push('\n');
    out
}

/// A tag line's value as written: backslashes and quotes escaped.
fn escape(v: &str) -> String {
    v.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The name and value of a tag line `[Name "value"]`; `None` if it is not one.
fn parse_tag(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?.trim();
    let (name, rest) = inner.split_once(char::is_whitespace)?;
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return None;
    }
    let quoted = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    let mut value = String::new();
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => value.push(chars.next()?),
            '"' => return None,
            c => value.push(c),
        }
    }
    Some((name.to_string(), value))
}
