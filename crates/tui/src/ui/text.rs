//! Text cut to the screen: wrapped at spaces, or shortened after a word.

/// Splits `text` into lines of at most `width` characters at spaces.
///
/// ```
/// use rajapasu_tui::ui::text::wrap;
/// assert_eq!(wrap("South lifts 7 from S1", 12), ["South lifts", "7 from S1"]);
/// ```
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(8);
    let mut out = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            out.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        out.push(line);
    }
    out
}

/// `text` in at most `width` characters: whole if it fits, else cut after a word, with "…".
///
/// ```
/// use rajapasu_tui::ui::text::fit;
/// assert_eq!(fit("one two three", 10), "one two…");
/// ```
pub fn fit(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        return text.to_string();
    }
    // A leading indent stays.
    let body = text.trim_start_matches(' ');
    let indent = text.len() - body.len();
    if indent > 0 && indent < width {
        return " ".repeat(indent) + &fit(body, width - indent);
    }
    let mut out = String::new();
    for word in text.split(' ') {
        let candidate = if out.is_empty() {
            word.to_string()
        } else {
            format!("{out} {word}")
        };
        if candidate.chars().count() + 1 > width {
            break;
        }
        out = candidate;
    }
    let out = out.trim_end_matches([',', ':', ';']).to_string();
    if width == 0 {
        String::new()
    } else {
        out + "…"
    }
}

/// `items` two spaces apart, as many whole ones as fit in `width`, so that none is cut.
///
/// ```
/// use rajapasu_tui::ui::text::fit_items;
/// assert_eq!(fit_items(&["q quit", "u undo", "h hint"], 16), "  q quit  u undo");
/// ```
pub fn fit_items(items: &[&str], width: usize) -> String {
    let mut line = String::new();
    for item in items {
        if line.chars().count() + 2 + item.chars().count() > width {
            break;
        }
        line.push_str("  ");
        line.push_str(item);
    }
    line
}

#[cfg(test)]
mod tests {
    use super::fit;

    #[test]
    fn fit_cuts_after_a_word_and_keeps_the_indent() {
        assert_eq!(fit("short", 10), "short");
        assert_eq!(fit(" one two three", 10), " one two…");
        assert_eq!(fit("one, two three", 8), "one…");
        assert_eq!(fit("unbreakable", 4), "…");
    }
}
