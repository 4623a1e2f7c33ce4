//! The plain text of game records, the same for both games (RULES.md section 7): tag lines
//! `[Name "value"]`, then the movetext, where move numbers such as `1.`, `{comments}` (which
//! may span lines), `;` comments to the end of the line and the result token are passed over.
//! What a move and a result token look like is each game's (`record::Recorded`).

use crate::rules::RulesError;
use core::fmt::Display;
use core::str::FromStr;

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
pub(crate) struct Parsed<R, M> {
    /// The tags other than `Rules`, `Position` and `Result`, in order.
    pub tags: Vec<(String, String)>,
    /// The rule set of the `Rules` tag, or the default.
    pub rules: R,
    /// The `Position` tag: the code of the start position.
    pub position: Option<String>,
    /// The moves.
    pub moves: Vec<M>,
    /// The result stated: the `Result` tag, or else the last result token of the movetext.
    pub result: Option<String>,
}

/// Reads `text`: its tags and moves.
pub(crate) fn read<R, M>(
    text: &str,
    is_result: impl Fn(&str) -> bool,
) -> Result<Parsed<R, M>, TextError>
where
    R: FromStr<Err = RulesError> + Default,
    M: FromStr,
{
    let mut parsed = Parsed {
        tags: Vec::new(),
        rules: R::default(),
        position: None,
        moves: Vec::new(),
        result: None,
    };
    let mut result_token = None;
    let mut in_comment = false;
    for (n, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if !in_comment && trimmed.starts_with('[') {
            let (k, v) =
                parse_tag(trimmed).ok_or_else(|| TextError::BadTag(n + 1, trimmed.to_string()))?;
            match k.as_str() {
                "Rules" => parsed.rules = v.parse().map_err(TextError::Rules)?,
                "Position" => parsed.position = Some(v),
                "Result" => parsed.result = Some(v),
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
                if is_result(token) {
                    result_token = Some(token.to_string());
                    continue;
                }
                let bare = token.trim_end_matches('.');
                if bare.len() < token.len() && bare.parse::<u32>().is_ok() {
                    continue;
                }
                let mv = token
                    .parse()
                    .map_err(|_| TextError::BadToken(n + 1, token.to_string()))?;
                parsed.moves.push(mv);
            }
            rest = tail;
        }
    }
    if in_comment {
        return Err(TextError::UnclosedComment);
    }
    parsed.result = parsed.result.or(result_token);
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
