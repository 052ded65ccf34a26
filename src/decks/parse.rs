//! The decklist formats: the text a player pastes or uploads, and the API's JSON form.
//!
//! Both become one [`Decklist`]: headers, card lines with their 1-based line numbers, and
//! the problems found while reading (bad counts, unreadable lines, oversize input). It
//! knows nothing of cards: names are matched against the catalogue by the rules module,
//! so reading never fails and never stops at the first problem. The format is documented
//! in `docs/decks.md`.

use super::rules::{Severity, Violation};
use serde::Deserialize;

/// The largest decklist input accepted, in bytes (1 MiB).
pub const MAX_BYTES: usize = 1 << 20;

/// Lines recorded as problems before the reader stops describing them.
const MAX_PROBLEMS: usize = 100;

/// The section headers a decklist may use. A card's category comes from the catalogue;
/// a header only lets the validator warn about a card listed under the wrong one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Section {
    Heroes,
    Barrack,
    Treasury,
    Spellbook,
    Terrain,
    Tokens,
}

impl Section {
    /// `Barrack`, `barrack:`, `Barrack (15)`, `Barrack: 15`.
    fn parse(s: &str) -> Option<Section> {
        let s = s
            .trim()
            .trim_end_matches(|c: char| c.is_ascii_digit() || c == '(' || c == ')')
            .trim_end()
            .trim_end_matches(':')
            .trim_end();
        const NAMES: [(&str, Section); 11] = [
            ("heroes", Section::Heroes),
            ("hero", Section::Heroes),
            ("barrack", Section::Barrack),
            ("barracks", Section::Barrack),
            ("treasury", Section::Treasury),
            ("spellbook", Section::Spellbook),
            ("terrain", Section::Terrain),
            ("terrains", Section::Terrain),
            ("tokens", Section::Tokens),
            ("token", Section::Tokens),
            ("token pile", Section::Tokens),
        ];
        NAMES
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(s))
            .map(|&(_, sec)| sec)
    }
    pub fn as_str(self) -> &'static str {
        match self {
            Section::Heroes => "Heroes",
            Section::Barrack => "Barrack",
            Section::Treasury => "Treasury",
            Section::Spellbook => "Spellbook",
            Section::Terrain => "Terrain",
            Section::Tokens => "Tokens",
        }
    }
}

/// One card line: `3 Spark`, `3x Spark` or `Spark`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The name as written (trimmed).
    pub name: String,
    pub count: u32,
    /// 1-based line of the input (array index + 1 for JSON).
    pub line: usize,
    /// The section header it is under, if any.
    pub section: Option<Section>,
}

/// A decklist as read: headers, card lines and reading problems.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Decklist {
    /// `Faction:` and its line.
    pub faction: Option<(String, usize)>,
    /// `Deck:` or `Name:`.
    pub title: Option<String>,
    pub player: Option<String>,
    /// The JSON form's `format`, when given (text lists take the format from the caller).
    pub format: Option<String>,
    pub entries: Vec<Entry>,
    /// Problems found while reading, each located.
    pub problems: Vec<Violation>,
    /// Problems not recorded because there were too many.
    pub problems_dropped: usize,
    /// The input was refused whole (over [`MAX_BYTES`]): only its problem is reported.
    pub refused: bool,
    /// The first and last lines of the whole text the list spans (for several lists in
    /// one text); the list's own lines, which its problems cite, count from 1.
    pub first_line: usize,
    pub last_line: usize,
}

impl Decklist {
    fn problem(&mut self, v: Violation) {
        if self.problems.len() < MAX_PROBLEMS {
            self.problems.push(v);
        } else {
            self.problems_dropped += 1;
        }
    }
}

fn syntax(line: usize, message: String, suggestion: Option<String>) -> Violation {
    Violation {
        rule: "decklist".into(),
        severity: Severity::Error,
        message,
        cards: Vec::new(),
        actual: None,
        allowed: None,
        lines: vec![line],
        suggestion,
        decision: None,
    }
}

/// Reads one decklist text. Never fails: every problem is in [`Decklist::problems`].
pub fn parse_decklist(text: &str) -> Decklist {
    parse_at(text, 1)
}

/// Reads a text holding several decklists separated by lines of `---`. Each list's lines
/// are numbered from its own first line (the line after its `---`), as if it were a file
/// of its own; [`Decklist::first_line`] and [`Decklist::last_line`] say where it sits in
/// the whole text. An empty text is one (empty) list.
pub fn parse_decklists(text: &str) -> Vec<Decklist> {
    if text.len() > MAX_BYTES {
        return vec![parse_decklist(text)];
    }
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut out = Vec::new();
    let mut start = 0;
    let mut first_line = 1;
    let mut line_no = 0;
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        line_no += 1;
        if line.trim() == "---" {
            out.push(parse_at(&text[start..offset], first_line));
            start = offset + line.len();
            first_line = line_no + 1;
        }
        offset += line.len();
    }
    let rest = &text[start..];
    if out.is_empty() || !rest.trim().is_empty() {
        out.push(parse_at(rest, first_line));
    }
    // A separator at the very end or two in a row leave empty lists: drop them, unless
    // nothing else is left.
    if out.len() > 1 {
        out.retain(|d| !(d.entries.is_empty() && d.problems.is_empty() && d.faction.is_none()));
        if out.is_empty() {
            out.push(parse_at("", 1));
        }
    }
    out
}

fn parse_at(text: &str, first_line: usize) -> Decklist {
    let mut list = Decklist {
        first_line,
        last_line: first_line,
        ..Decklist::default()
    };
    if text.len() > MAX_BYTES {
        list.problem(syntax(
            1,
            format!(
                "the decklist is {} bytes; the limit is {MAX_BYTES} bytes (1 MiB)",
                text.len()
            ),
            Some(
                "a Heroes of Karth deck is about 70 lines: check that this is the right file"
                    .into(),
            ),
        ));
        list.refused = true;
        return list;
    }
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut section = None;
    let mut line_no = 1;
    for (i, raw) in text.split('\n').enumerate() {
        line_no = 1 + i;
        let line = raw.strip_suffix('\r').unwrap_or(raw);
        let line = line.trim_matches(|c: char| c.is_whitespace() || c == '\u{feff}');
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some((key, value)) = line.split_once(':') {
            let value = value.trim();
            let key = key.trim();
            let is = |k: &str| key.eq_ignore_ascii_case(k);
            match () {
                _ if is("faction") => {
                    if value.is_empty() {
                        list.problem(syntax(
                            line_no,
                            "`Faction:` is empty: expected a faction name".into(),
                            Some("write e.g. `Faction: Obsidian Covenant`, or leave the line out to derive it from the cards".into()),
                        ));
                    } else if let Some((_, first)) = &list.faction {
                        let first = *first;
                        list.problem(syntax(
                            line_no,
                            format!("a second `Faction:` line (the first is on line {first})"),
                            Some("a deck has one faction: keep one `Faction:` line".into()),
                        ));
                    } else {
                        list.faction = Some((value.to_string(), line_no));
                    }
                    continue;
                }
                _ if is("deck") || is("name") || is("title") => {
                    list.title = Some(value.to_string());
                    continue;
                }
                _ if is("player") => {
                    list.player = Some(value.to_string());
                    continue;
                }
                _ => {}
            }
        }
        if let Some(s) = Section::parse(line) {
            section = Some(s);
            continue;
        }
        match card_line(line) {
            Ok((count, name)) => list.entries.push(Entry {
                name: name.to_string(),
                count,
                line: line_no,
                section,
            }),
            Err(message) => {
                let (message, suggestion) = message;
                list.problem(syntax(line_no, message, suggestion));
            }
        }
    }
    list.last_line = first_line + line_no - 1;
    list
}

type LineError = (String, Option<String>);

/// `3 Name`, `3x Name`, `3X Name`, `3 x Name` or `Name`.
fn card_line(line: &str) -> Result<(u32, &str), LineError> {
    let digits = line.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return Ok((1, line));
    }
    let rest = &line[digits..];
    let after_x = rest
        .strip_prefix(['x', 'X'])
        .filter(|r| r.is_empty() || r.starts_with(char::is_whitespace));
    let name = match after_x {
        Some(r) => r.trim_start(),
        None if rest.starts_with(char::is_whitespace) => {
            let r = rest.trim_start();
            // `3 x Spark`
            match r.strip_prefix(['x', 'X']) {
                Some(rr) if rr.starts_with(char::is_whitespace) => rr.trim_start(),
                _ => r,
            }
        }
        // `3Spark`, `1st Legion`: not a count; the whole line is a name.
        None => return Ok((1, line)),
    };
    let number = &line[..digits];
    if name.is_empty() {
        return Err((
            format!("`{}` has a count but no card name", shorten(line)),
            Some("write a card line as `3 Spark`, `3x Spark` or `Spark`".into()),
        ));
    }
    match number.parse::<u32>() {
        Ok(n @ 1..=99) => Ok((n, name)),
        Ok(0) => Err((
            format!("`{}`: a count of 0 copies", shorten(line)),
            Some("leave the card out, or write a count from 1 to 99".into()),
        )),
        _ => Err((
            format!(
                "`{}`: a count of {} copies; counts are 1 to 99",
                shorten(line),
                shorten(number)
            ),
            Some("write the number of copies, such as `3 Spark`".into()),
        )),
    }
}

/// At most 60 characters of user text, for messages.
pub(crate) fn shorten(s: &str) -> String {
    const SHOWN: usize = 60;
    if s.chars().count() <= SHOWN {
        s.to_string()
    } else {
        let head: String = s.chars().take(SHOWN).collect();
        format!("{head}…")
    }
}

/// The API's JSON decklist: `{faction?, format?, player?, name?, cards:[{name, count}]}`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JsonDeck {
    pub faction: Option<String>,
    pub format: Option<String>,
    pub player: Option<String>,
    #[serde(alias = "title", alias = "deck")]
    pub name: Option<String>,
    pub cards: Vec<JsonCard>,
}

/// One card of a JSON decklist; `count` defaults to 1.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JsonCard {
    pub name: String,
    pub count: Option<i64>,
}

/// Reads the JSON form. Card `i` is "line" `i + 1` in messages. Errors are JSON that is
/// not of that shape; bad counts and unknown names are verdict problems, as in text.
pub fn parse_json(body: &str) -> Result<Decklist, super::DeckError> {
    if body.len() > MAX_BYTES {
        return Ok(parse_decklist(body));
    }
    let deck: JsonDeck = serde_json::from_str(body.strip_prefix('\u{feff}').unwrap_or(body))
        .map_err(|e| super::DeckError::Json(e.to_string()))?;
    Ok(from_json(deck))
}

fn from_json(deck: JsonDeck) -> Decklist {
    let mut list = Decklist {
        faction: deck
            .faction
            .filter(|f| !f.trim().is_empty())
            .map(|f| (f.trim().to_string(), 0)),
        title: deck.name,
        player: deck.player,
        format: deck.format,
        first_line: 1,
        last_line: deck.cards.len().max(1),
        ..Decklist::default()
    };
    for (i, c) in deck.cards.into_iter().enumerate() {
        let line = i + 1;
        let name = c.name.trim().to_string();
        let count = c.count.unwrap_or(1);
        if name.is_empty() {
            list.problem(syntax(line, format!("card {line} has an empty name"), None));
            continue;
        }
        if !(1..=99).contains(&count) {
            list.problem(syntax(
                line,
                format!(
                    "card {line} (`{}`): a count of {count} copies; counts are 1 to 99",
                    shorten(&name)
                ),
                None,
            ));
            continue;
        }
        list.entries.push(Entry {
            name,
            count: count as u32,
            line,
            section: None,
        });
    }
    list
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn card_line_forms() {
        assert_eq!(card_line("3 Spark"), Ok((3, "Spark")));
        assert_eq!(card_line("3x Spark"), Ok((3, "Spark")));
        assert_eq!(card_line("3X\tSpark"), Ok((3, "Spark")));
        assert_eq!(card_line("3 x Spark"), Ok((3, "Spark")));
        assert_eq!(card_line("Spark"), Ok((1, "Spark")));
        assert_eq!(card_line("3Spark"), Ok((1, "3Spark")));
        assert!(card_line("0 Spark").is_err());
        assert!(card_line("100 Spark").is_err());
        assert!(card_line("99999999999999999999 Spark").is_err());
        assert!(card_line("3 ").is_ok() || card_line("3").is_ok());
    }

    #[test]
    fn section_headers() {
        assert_eq!(Section::parse("Barrack"), Some(Section::Barrack));
        assert_eq!(Section::parse("SPELLBOOK:"), Some(Section::Spellbook));
        assert_eq!(Section::parse("Treasury (15)"), Some(Section::Treasury));
        assert_eq!(Section::parse("Tokens: 7"), Some(Section::Tokens));
        assert_eq!(Section::parse("Spark"), None);
    }

    #[test]
    fn separators_split_lists_and_number_each_from_its_first_line() {
        let lists = parse_decklists("1 A\n---\n2 B\n3 C\n---\n");
        assert_eq!(lists.len(), 2);
        assert_eq!(lists[1].entries[0].line, 1);
        assert_eq!(lists[1].entries[1].line, 2);
        assert_eq!((lists[1].first_line, lists[1].last_line), (3, 5));
    }
}
