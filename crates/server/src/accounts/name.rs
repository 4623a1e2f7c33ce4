//! Names shown to others: account names, and the free names of players in a game and of
//! events ([`shown_name`]). Any script, normalised, and refused when they could pass for
//! another name, hide characters or spill over the text around them (Unicode's identifier
//! rules, UTS #39 and #31). One rule for them all, written in docs/API.md ("Names"):
//!
//! - no control, format or invisible character: no bidirectional override or isolate (U+202E
//!   would show a name backwards, and the text after it), no zero-width space, no Hangul filler;
//!   the zero-width joiners are kept after a virama only;
//! - at most [`MAX_MARKS`] combining marks on one character (enough for any letter of the
//!   scripts the site is written in; more only pile up over the lines above and below);
//! - no word mixing scripts that can be confused (Latin with Cyrillic or Greek look-alikes,
//!   Tamil with Sinhala), with Latin beside Chinese, Japanese or Korean allowed;
//!
//! and account names are moreover one word of letters, marks and digits:
//!
//! A name is letters, marks and digits of one script (with Latin beside Chinese, Japanese or
//! Korean, as UTS #39's "highly restrictive" level allows), and `_`, `-` or `.` between them.
//! The zero-width joiners some Indic spellings need (Sinhala's ශ්‍රී) are kept after a virama
//! only, where UTS #31 allows them. Two names are the same account when their confusable
//! skeletons are equal: `Maya`, `maya` and `rnaya` cannot all be registered.

use unicode_normalization::char::{canonical_combining_class, is_combining_mark};
use unicode_normalization::UnicodeNormalization;
use unicode_security::{GeneralSecurityProfile, RestrictionLevel, RestrictionLevelDetection};

/// Fewest characters in a name.
pub const MIN_CHARS: usize = 2;
/// Most characters in a name (code points: an Indic letter with its signs counts as several).
pub const MAX_CHARS: usize = 30;

const ZWNJ: char = '\u{200C}';
const ZWJ: char = '\u{200D}';
/// The canonical combining class of a virama.
const VIRAMA: u8 = 9;
/// Most combining marks on one base character: an Indic consonant takes a nukta, a virama or
/// vowel sign, and a nasal sign at most; a Vietnamese vowel two marks.
pub const MAX_MARKS: usize = 3;

/// Why a name was refused.
///
/// ```
/// use rajapasu_server::accounts::name::NameError;
/// assert_eq!(
///     NameError::Control('\u{7}').to_string(),
///     "the name holds the control or invisible character U+0007"
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NameError {
    /// Fewer characters than the least (for an account name, [`MIN_CHARS`]).
    TooShort(usize),
    /// More characters than the most (for an account name, [`MAX_CHARS`]).
    TooLong(usize),
    /// A control, format or invisible character (a joiner out of place included).
    Control(char),
    /// A space: names are one word.
    Space,
    /// A character that names do not take (punctuation, symbols, emoji, letters out of use).
    NotAllowed(char),
    /// More than [`MAX_MARKS`] combining marks on one character.
    Marks,
    /// `_`, `-` or `.` at the start or end, or two together.
    Separator,
    /// Letters of scripts that do not go together (Latin with Cyrillic, Tamil with Sinhala).
    MixedScripts,
}

impl std::fmt::Display for NameError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NameError::TooShort(n) => write!(f, "a name has at least {n} characters"),
            NameError::TooLong(n) => write!(f, "a name has at most {n} characters"),
            NameError::Control(c) => write!(
                f,
                "the name holds the control or invisible character U+{:04X}",
                *c as u32
            ),
            NameError::Marks => write!(
                f,
                "a name has at most {MAX_MARKS} combining marks on one character"
            ),
            NameError::Space => f.write_str("a name has no spaces (use `_`, `-` or `.`)"),
            NameError::NotAllowed(c) => write!(
                f,
                "a name cannot hold `{c}` (U+{:04X}): letters, digits, `_`, `-` and `.` only",
                *c as u32
            ),
            NameError::Separator => f.write_str(
                "`_`, `-` and `.` go between letters or digits, one at a time",
            ),
            NameError::MixedScripts => f.write_str(
                "a name is written in one script: letters of scripts that can be confused are not mixed",
            ),
        }
    }
}

impl std::error::Error for NameError {}

impl NameError {
    /// The error's code in the API (docs/API.md).
    pub fn code(&self) -> &'static str {
        match self {
            NameError::TooShort(_) | NameError::TooLong(_) => "name_length",
            NameError::Control(_) => "name_control",
            NameError::Space
            | NameError::NotAllowed(_)
            | NameError::Marks
            | NameError::Separator => "name_character",
            NameError::MixedScripts => "name_confusable",
        }
    }
}

/// A checked account name: its NFKC form, shown; its key, looked up at login; and its
/// confusable skeleton, which no two accounts share.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccountName {
    shown: String,
    key: String,
    skeleton: String,
}

fn is_separator(c: char) -> bool {
    matches!(c, '_' | '-' | '.')
}

impl AccountName {
    /// Checks and normalises a name as typed.
    ///
    /// ```
    /// use rajapasu_server::accounts::name::{AccountName, NameError};
    /// // Full-width letters are the same name once normalised.
    /// let n = AccountName::parse("Ｍａｙａ").unwrap();
    /// assert_eq!((n.shown(), n.key()), ("Maya", "maya"));
    /// assert_eq!(AccountName::parse("rnaya").unwrap().skeleton(), n.skeleton());
    /// // Latin `a` with a Cyrillic `а` could pass for another name.
    /// assert_eq!(AccountName::parse("m\u{430}ya"), Err(NameError::MixedScripts));
    /// assert!(AccountName::parse("சுதா").is_ok());
    /// assert!(AccountName::parse("ශ්\u{200D}රී").is_ok());
    /// assert_eq!(AccountName::parse("ma\u{200B}ya"), Err(NameError::Control('\u{200B}')));
    /// ```
    pub fn parse(typed: &str) -> Result<AccountName, NameError> {
        let shown: String = typed.nfkc().collect();
        let count = shown.chars().count();
        if count < MIN_CHARS {
            return Err(NameError::TooShort(MIN_CHARS));
        }
        if count > MAX_CHARS {
            return Err(NameError::TooLong(MAX_CHARS));
        }
        check_shown(&shown)?;
        let mut previous: Option<char> = None;
        for c in shown.chars() {
            if c == ZWJ || c == ZWNJ {
                // Checked by `check_shown`: after a virama.
            } else if c.is_whitespace() {
                return Err(NameError::Space);
            } else if is_separator(c) {
                if previous.map_or(true, is_separator) {
                    return Err(NameError::Separator);
                }
            } else if !c.identifier_allowed() || matches!(c, '\'' | ':' | '·') {
                return Err(NameError::NotAllowed(c));
            }
            previous = Some(c);
        }
        if previous.is_some_and(is_separator) {
            return Err(NameError::Separator);
        }
        let plain: String = shown.chars().filter(|&c| c != ZWJ && c != ZWNJ).collect();
        // One script for the whole name, across its separators too.
        if plain.as_str().detect_restriction_level() > RestrictionLevel::HighlyRestrictive {
            return Err(NameError::MixedScripts);
        }
        let key = plain.to_lowercase();
        // The skeleton of the name as written (a capital I passes for an l), in lower case,
        // and the skeleton of that (an upper-case name passes for its lower case).
        let upper: String = unicode_security::skeleton(&plain).collect();
        let skeleton = unicode_security::skeleton(&upper.to_lowercase()).collect();
        Ok(AccountName {
            shown,
            key,
            skeleton,
        })
    }

    /// The name as shown (NFKC of what was typed).
    pub fn shown(&self) -> &str {
        &self.shown
    }

    /// The name as looked up at login: lower case, without joiners.
    pub fn key(&self) -> &str {
        &self.key
    }

    /// The confusable skeleton (UTS #39), made blind to case.
    pub fn skeleton(&self) -> &str {
        &self.skeleton
    }
}

/// A free name shown to others beside an account's (a player's name in a game, an event's
/// name): NFC of what was typed, trimmed, at most `max_chars` characters, and passing the rule
/// of every shown name (the module's). Words may be separated by spaces and hold punctuation
/// and symbols; empty is for the caller to refuse or take as none.
///
/// ```
/// use rajapasu_server::accounts::name::{shown_name, NameError};
/// assert_eq!(shown_name("  Club blitz #3 ", 60).unwrap(), "Club blitz #3");
/// assert_eq!(shown_name("சுதா & ශ්\u{200D}රී", 24).unwrap(), "சுதா & ශ්\u{200D}රී");
/// assert_eq!(shown_name("Ann\u{202E}nA", 24), Err(NameError::Control('\u{202E}')));
/// assert_eq!(shown_name("P\u{430}ypal cup", 60), Err(NameError::MixedScripts));
/// assert_eq!(shown_name("Ann", 2), Err(NameError::TooLong(2)));
/// assert_eq!(shown_name(&format!("a{}", "\u{301}".repeat(28)), 60), Err(NameError::Marks));
/// ```
pub fn shown_name(typed: &str, max_chars: usize) -> Result<String, NameError> {
    let shown: String = typed.trim().nfc().collect();
    if shown.chars().count() > max_chars {
        return Err(NameError::TooLong(max_chars));
    }
    check_shown(&shown)?;
    Ok(shown)
}

/// The rule of every name shown to others (the module's), on a normalised name: no control,
/// format or invisible character (joiners after a virama only), at most [`MAX_MARKS`] marks
/// on a character (decomposed), no word mixing confusable scripts.
fn check_shown(name: &str) -> Result<(), NameError> {
    let mut previous: Option<char> = None;
    let mut marks = 0;
    for c in name.chars() {
        if c == ZWJ || c == ZWNJ {
            // Allowed after a virama only (UTS #31, A1 and B).
            if !previous.is_some_and(|p| canonical_combining_class(p) == VIRAMA) {
                return Err(NameError::Control(c));
            }
        } else if c.is_control() || is_format(c) || (c.is_whitespace() && c != ' ') {
            return Err(NameError::Control(c));
        }
        previous = Some(c);
    }
    // Marks counted decomposed, so that a precomposed letter counts its accents too.
    for c in name.nfd() {
        if is_combining_mark(c) {
            marks += 1;
            if marks > MAX_MARKS {
                return Err(NameError::Marks);
            }
        } else if c != ZWJ && c != ZWNJ {
            marks = 0;
        }
    }
    // Words: runs of letters, marks, digits and joiners; spaces and punctuation part them.
    let in_word = |c: char| c.is_alphanumeric() || is_combining_mark(c) || c == ZWJ || c == ZWNJ;
    let mixed = name
        .split(|c: char| !in_word(c))
        .map(|w| w.replace([ZWJ, ZWNJ], ""))
        .any(|w| w.as_str().detect_restriction_level() > RestrictionLevel::HighlyRestrictive);
    if mixed {
        return Err(NameError::MixedScripts);
    }
    Ok(())
}

/// Format characters (Unicode category Cf) that NFKC keeps, and characters that show as
/// nothing: bidirectional marks, overrides and isolates, zero-width spaces, tags, Hangul
/// fillers, the combining grapheme joiner and the blank Braille pattern, which would let a
/// name show other than it reads, or look empty.
fn is_format(c: char) -> bool {
    matches!(c,
        '\u{00AD}' | '\u{034F}' | '\u{061C}' | '\u{115F}' | '\u{1160}' | '\u{17B4}' | '\u{17B5}'
        | '\u{180B}'..='\u{180F}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}'
        | '\u{2060}'..='\u{2064}' | '\u{2066}'..='\u{206F}' | '\u{2800}' | '\u{3164}'
        | '\u{FEFF}' | '\u{FFA0}' | '\u{FFF9}'..='\u{FFFB}' | '\u{E0000}'..='\u{E007F}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_in_the_games_scripts_are_taken() {
        for name in [
            "Maya",
            "sudha_92",
            "சுதா",
            "සුනිල්",
            "ශ්\u{200D}රී",
            "সুমন",
            "Mäng.ur",
            "李小龍",
        ] {
            assert!(AccountName::parse(name).is_ok(), "{name}");
        }
    }

    #[test]
    fn bad_names_are_refused_with_their_reason() {
        let cases = [
            ("a", NameError::TooShort(MIN_CHARS)),
            (&"x".repeat(31), NameError::TooLong(MAX_CHARS)),
            ("m\u{301}\u{302}\u{303}\u{304}aya", NameError::Marks),
            ("ma\u{7}ya", NameError::Control('\u{7}')),
            ("maya\u{202E}", NameError::Control('\u{202E}')),
            ("\u{200D}maya", NameError::Control('\u{200D}')),
            ("ma ya", NameError::Space),
            ("maya!", NameError::NotAllowed('!')),
            ("maya😀", NameError::NotAllowed('😀')),
            ("_maya", NameError::Separator),
            ("ma__ya", NameError::Separator),
            ("maya.", NameError::Separator),
            // Cyrillic letters among Latin ones; Tamil among Sinhala.
            ("pаypal", NameError::MixedScripts),
            ("සුதா", NameError::MixedScripts),
        ];
        for (name, error) in cases {
            assert_eq!(AccountName::parse(name), Err(error.clone()), "{name:?}");
            assert!(!error.to_string().is_empty());
        }
    }

    #[test]
    fn look_alikes_share_a_skeleton() {
        let skeleton = |n| AccountName::parse(n).unwrap().skeleton().to_string();
        assert_eq!(skeleton("maya"), skeleton("MAYA"));
        assert_eq!(skeleton("maya"), skeleton("rnaya"));
        assert_eq!(skeleton("paul1"), skeleton("pauI1"));
        // A whole name in Cyrillic that reads as a Latin one.
        assert_eq!(skeleton("apa"), skeleton("ара"));
        assert_ne!(skeleton("maya"), skeleton("mary"));
        // The joiner changes nothing of who the name is.
        assert_eq!(skeleton("ශ්\u{200D}රී"), skeleton("ශ්රී"));
    }
}
