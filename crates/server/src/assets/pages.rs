//! The site's HTML pages, made once from one template: `web/layout.html` (the head, the header
//! with its links and the language switch, and the page's one module script) around each
//! page's own `<main>` (`web/pages/`), which includes the parts it shares with other pages
//! (`web/parts/`: the game section of both games' pages, the pieces of their new-game forms).
//!
//! They are made in the server, not at build time, so that a page is still one embedded text
//! and a mistake in a template is a [`TemplateError`] naming it (the tests make every page).
//! The layout holds no inline script, so the Content-Security-Policy (`script-src 'self'`,
//! [`crate::layers::CSP`]) holds for every page; the layout's `lang="en"` is the English the
//! page is written in until `i18n.js` sets the reader's language in the browser.
//!
//! The template language has three forms:
//! - `{{name}}`: a value (the layout's: `title`, `title_text`, `main`, `script`; a part's:
//!   the arguments of its include and the blocks of its page);
//! - `{{> part key=value ...}}`, alone on its line: `web/parts/part.html` (or the page's own
//!   block `part`, markup the page repeats), its `{{key}}` filled;
//! - `{{#name}}` … `{{/name}}` in a page: a block, markup that the page's parts take as the
//!   value `name` (what differs between the games inside their shared game section).

use std::collections::HashMap;
use std::fmt;

/// Why a page could not be made from its templates.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TemplateError {
    /// No template of that name is embedded.
    NoTemplate(String),
    /// A `{{name}}` with no value.
    NoValue {
        /// The template.
        template: String,
        /// The name.
        name: String,
    },
    /// A `{{` without its `}}`, or a block without its end.
    Unclosed {
        /// The template.
        template: String,
    },
    /// An include's argument that is not `key=value`.
    BadArgument {
        /// The template.
        template: String,
        /// The argument.
        argument: String,
    },
    /// The page's title is not in the English catalog.
    NoTitle(String),
    /// The page's link is not in the header.
    NoLink(String),
}

impl fmt::Display for TemplateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TemplateError::NoTemplate(name) => write!(f, "no template `{name}` is embedded"),
            TemplateError::NoValue { template, name } => {
                write!(f, "{template}: `{{{{{name}}}}}` has no value")
            }
            TemplateError::Unclosed { template } => {
                write!(f, "{template}: a `{{{{` or a block is not closed")
            }
            TemplateError::BadArgument { template, argument } => {
                write!(
                    f,
                    "{template}: include argument `{argument}` is not key=value"
                )
            }
            TemplateError::NoTitle(key) => write!(f, "title `{key}` is not in i18n/en.json"),
            TemplateError::NoLink(href) => write!(f, "the header has no link to `{href}`"),
        }
    }
}

impl std::error::Error for TemplateError {}

/// A page of the site.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Page {
    /// `/` and `/g/{id}`: the new-game form and a Raja Pasu game.
    Index,
    /// `/mandiri` and `/m/{id}`: the same for Raja Pasu Mandiri.
    Mandiri,
    /// `/rules`.
    Rules,
    /// `/learn`, the tutorial.
    Learn,
    /// `/analysis`, the analysis board.
    Analysis,
    /// `/puzzles` and `/puzzles/{id}`: puzzles with proven solutions.
    Puzzles,
    /// `/account`: register, log in, the account's games.
    Account,
    /// `/players` and `/@/{name}`: the leaderboards, and a player's ratings and games.
    Players,
    /// `/lobby`: open challenges, quick pairing.
    Lobby,
    /// `/tournaments` and `/t/{id}`: the events, and one event live.
    Tournaments,
}

impl Page {
    /// Every page.
    pub const ALL: [Page; 10] = [
        Page::Index,
        Page::Mandiri,
        Page::Rules,
        Page::Learn,
        Page::Analysis,
        Page::Puzzles,
        Page::Account,
        Page::Players,
        Page::Lobby,
        Page::Tournaments,
    ];

    /// Its own part, under `web/pages/`, and its module, under `web/js/`.
    fn files(self) -> (&'static str, &'static str) {
        match self {
            Page::Index => ("pages/index.html", "app.js"),
            Page::Mandiri => ("pages/mandiri.html", "mandiri.js"),
            Page::Rules => ("pages/rules.html", "rules.js"),
            Page::Learn => ("pages/learn.html", "learn.js"),
            Page::Analysis => ("pages/analysis.html", "analysis.js"),
            Page::Puzzles => ("pages/puzzles.html", "puzzles.js"),
            Page::Account => ("pages/account.html", "account.js"),
            Page::Players => ("pages/players.html", "players.js"),
            Page::Lobby => ("pages/lobby.html", "lobby.js"),
            Page::Tournaments => ("pages/tournaments.html", "tournaments.js"),
        }
    }

    /// Its title's catalog key.
    fn title(self) -> &'static str {
        match self {
            Page::Index => "app.title",
            Page::Mandiri => "m.title",
            Page::Rules => "rules.title",
            Page::Learn => "learn.title",
            Page::Analysis => "analysis.title",
            Page::Puzzles => "puzzles.title",
            Page::Account => "account.title",
            Page::Players => "players.heading",
            Page::Lobby => "lobby.heading",
            Page::Tournaments => "tour.heading",
        }
    }

    /// The header's link marked as the page the reader is on.
    fn link(self) -> &'static str {
        match self {
            Page::Index | Page::Mandiri => "/",
            Page::Rules => "/rules",
            Page::Learn => "/learn",
            Page::Analysis => "/analysis",
            Page::Puzzles => "/puzzles",
            Page::Account => "/account",
            Page::Players => "/players",
            Page::Lobby => "/lobby",
            Page::Tournaments => "/tournaments",
        }
    }

    /// The page, made from `templates` (path under `web/` and text); `english` is the English
    /// catalog, which gives the title its text before the page's script runs.
    ///
    /// ```
    /// use rajapasu_server::assets::pages::Page;
    /// let templates = [
    ///     ("layout.html", "<html lang=\"en\"><title>{{title_text}}</title><nav><a href=\"/learn\">Learn</a></nav>{{main}}<script src=\"/assets/js/{{script}}\"></script>"),
    ///     ("pages/learn.html", "<main>\n  {{> hello who=world}}\n</main>"),
    ///     ("parts/hello.html", "<p>Hello, {{who}}</p>"),
    /// ];
    /// let english = r#"{"learn.title": "Learn to play"}"#;
    /// let html = Page::Learn.render(&templates, english).unwrap();
    /// assert!(html.contains("<title>Learn to play</title>"));
    /// assert!(html.contains("<main>\n<p>Hello, world</p>\n</main>"));
    /// assert!(html.contains("<a href=\"/learn\" aria-current=\"page\">"));
    /// assert!(html.contains("src=\"/assets/js/learn.js\""));
    /// ```
    pub fn render(
        self,
        templates: &[(&str, &str)],
        english: &str,
    ) -> Result<String, TemplateError> {
        let find = |name: &str| {
            templates
                .iter()
                .find(|(path, _)| *path == name)
                .map(|(_, text)| *text)
                .ok_or_else(|| TemplateError::NoTemplate(name.to_string()))
        };
        let (own, script) = self.files();
        let (text, blocks) = blocks(own, find(own)?)?;
        let mut main = String::new();
        for line in text.lines() {
            let trimmed = line.trim();
            match trimmed
                .strip_prefix("{{>")
                .and_then(|l| l.strip_suffix("}}"))
            {
                Some(include) => {
                    let mut words = include.split_whitespace();
                    let part = words.next().unwrap_or_default();
                    let name = format!("parts/{part}.html");
                    let mut values = blocks.clone();
                    for word in words {
                        let (key, value) =
                            word.split_once('=')
                                .ok_or_else(|| TemplateError::BadArgument {
                                    template: own.to_string(),
                                    argument: word.to_string(),
                                })?;
                        values.insert(key.to_string(), value.to_string());
                    }
                    let (template, text) = match blocks.get(part) {
                        Some(block) => (own, block.as_str()),
                        None => (name.as_str(), find(&name)?),
                    };
                    main.push_str(fill(template, text, &values)?.trim_end());
                }
                None => main.push_str(&fill(own, line, &HashMap::new())?),
            }
            main.push('\n');
        }
        let catalog: HashMap<String, serde_json::Value> =
            serde_json::from_str(english).unwrap_or_default();
        let title = catalog
            .get(self.title())
            .and_then(|v| v.as_str())
            .ok_or_else(|| TemplateError::NoTitle(self.title().to_string()))?;
        let values = HashMap::from([
            ("title".to_string(), self.title().to_string()),
            ("title_text".to_string(), escape(title)),
            ("main".to_string(), main.trim_end().to_string()),
            ("script".to_string(), script.to_string()),
        ]);
        let page = fill("layout.html", find("layout.html")?, &values)?;
        let link = format!("<a href=\"{}\"", self.link());
        let at = page
            .find(&link)
            .ok_or_else(|| TemplateError::NoLink(self.link().to_string()))?
            + link.len();
        Ok(format!(
            "{} aria-current=\"page\"{}",
            &page[..at],
            &page[at..]
        ))
    }
}

/// `text` with its `{{name}}` filled from `values`.
fn fill(
    template: &str,
    text: &str,
    values: &HashMap<String, String>,
) -> Result<String, TemplateError> {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("{{") {
        out.push_str(&rest[..at]);
        let len = rest[at..]
            .find("}}")
            .ok_or_else(|| TemplateError::Unclosed {
                template: template.to_string(),
            })?;
        let name = rest[at + 2..at + len].trim();
        let value = values.get(name).ok_or_else(|| TemplateError::NoValue {
            template: template.to_string(),
            name: name.to_string(),
        })?;
        out.push_str(value);
        rest = &rest[at + len + 2..];
    }
    out.push_str(rest);
    Ok(out)
}

/// The page's text without its blocks (`{{#name}}` … `{{/name}}`, each on lines of their own),
/// and the blocks by name.
fn blocks(template: &str, text: &str) -> Result<(String, HashMap<String, String>), TemplateError> {
    let mut rest = String::new();
    let mut found = HashMap::new();
    let mut open: Option<(String, String)> = None;
    for line in text.lines() {
        let trimmed = line.trim();
        match &mut open {
            Some((name, body)) => {
                if trimmed == format!("{{{{/{name}}}}}") {
                    let (name, body) = open.take().unwrap_or_default();
                    found.insert(name, body.trim_end().to_string());
                } else {
                    body.push_str(line);
                    body.push('\n');
                }
            }
            None => match trimmed
                .strip_prefix("{{#")
                .and_then(|l| l.strip_suffix("}}"))
            {
                Some(name) => open = Some((name.trim().to_string(), String::new())),
                None => {
                    rest.push_str(line);
                    rest.push('\n');
                }
            },
        }
    }
    if open.is_some() {
        return Err(TemplateError::Unclosed {
            template: template.to_string(),
        });
    }
    Ok((rest, found))
}

/// `text` safe inside an HTML element.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    const LAYOUT: &str = "<title data-i18n-key=\"{{title}}\">{{title_text}}</title>\n<a href=\"/rules\">R</a>\n{{main}}\n<script src=\"/assets/js/{{script}}\"></script>";

    fn render(page: &str, parts: &[(&str, &str)]) -> Result<String, TemplateError> {
        let mut templates = vec![("layout.html", LAYOUT), ("pages/rules.html", page)];
        templates.extend_from_slice(parts);
        Page::Rules.render(&templates, r#"{"rules.title": "Rules & <more>"}"#)
    }

    #[test]
    fn a_page_is_the_layout_around_its_own_part_with_its_includes_and_blocks() {
        // A block that the page includes, as a part, twice.
        let page = "<main>\n{{#extra}}\n  <b>only here</b>\n{{/extra}}\n\
                    {{#twice}}\n<i>{{n}}</i>\n{{/twice}}\n\
                    {{> card id=one}}\n  {{> twice n=1}}\n  {{> twice n=2}}\n</main>";
        let card = "<div id=\"{{id}}\">\n{{extra}}\n</div>\n";
        let html = render(page, &[("parts/card.html", card)]).unwrap();
        assert_eq!(
            html,
            "<title data-i18n-key=\"rules.title\">Rules &amp; &lt;more&gt;</title>\n\
             <a href=\"/rules\" aria-current=\"page\">R</a>\n\
             <main>\n<div id=\"one\">\n  <b>only here</b>\n</div>\n<i>1</i>\n<i>2</i>\n</main>\n\
             <script src=\"/assets/js/rules.js\"></script>"
        );
    }

    #[test]
    fn a_mistake_in_a_template_is_named() {
        let part = |text| vec![("parts/card.html", text)];
        assert_eq!(
            render("<main>\n{{> card}}\n</main>", &part("<p>{{who}}</p>")),
            Err(TemplateError::NoValue {
                template: "parts/card.html".into(),
                name: "who".into()
            })
        );
        assert_eq!(
            render("<main>\n{{> card who}}\n</main>", &part("<p>{{who}}</p>")),
            Err(TemplateError::BadArgument {
                template: "pages/rules.html".into(),
                argument: "who".into()
            })
        );
        assert_eq!(
            render("<main>\n{{> nothing}}\n</main>", &[]),
            Err(TemplateError::NoTemplate("parts/nothing.html".into()))
        );
        assert_eq!(
            render("<main>{{oops</main>", &[]),
            Err(TemplateError::Unclosed {
                template: "pages/rules.html".into()
            })
        );
        assert_eq!(
            render("<main>\n{{#open}}\n</main>", &[]),
            Err(TemplateError::Unclosed {
                template: "pages/rules.html".into()
            })
        );
        let err = Page::Learn.render(&[("layout.html", LAYOUT), ("pages/learn.html", "")], "{}");
        assert_eq!(err, Err(TemplateError::NoTitle("learn.title".into())));
        assert_eq!(
            err.unwrap_err().to_string(),
            "title `learn.title` is not in i18n/en.json"
        );
    }
}
