//! The documents the site links to, served as pages: `/docs/{name}` renders a file of
//! `docs/` (compiled into the binary) as HTML, and `/docs/{name}.json` (or `Accept:
//! application/json`) answers its Markdown and its sections. So "decision D2" on a deck
//! verdict is a link to `/docs/decks#d2`, and no page links to a file the site does not
//! serve.
//!
//! [`render`] is a small Markdown reader for what these documents use: headings, paragraphs,
//! lists (bulleted and numbered, with indented continuation lines), fenced code, tables, and
//! inline code, bold and emphasis. Everything is escaped; it adds only tags. A list item
//! that opens with a bold `D2:` (the decisions of `docs/decks.md`) gets the anchor `d2`.

use super::error::Failure;
use super::page::{self, quoted};
use super::{AppState, Format};
use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;
use html_escape::encode_text;
use serde::Serialize;

/// The served documents: URL name, title, file, text.
const DOCS: &[(&str, &str, &str, &str)] = &[
    (
        "decks",
        "Deck validation",
        "docs/decks.md",
        include_str!("../../docs/decks.md"),
    ),
    (
        "search",
        "Search",
        "docs/search.md",
        include_str!("../../docs/search.md"),
    ),
    (
        "rulings",
        "Rulings",
        "docs/rulings.md",
        include_str!("../../docs/rulings.md"),
    ),
    (
        "positions",
        "Battle-line positions",
        "docs/positions.md",
        include_str!("../../docs/positions.md"),
    ),
    (
        "battleline",
        "Battle-line turn sequence and interpretations",
        "docs/rules/battleline.md",
        include_str!("../../docs/rules/battleline.md"),
    ),
    (
        "swtcg",
        "Star Wars TCG attack rules and interpretations",
        "docs/rules/swtcg.md",
        include_str!("../../docs/rules/swtcg.md"),
    ),
    (
        "keyforge",
        "KeyForge rules and interpretations",
        "docs/rules/keyforge.md",
        include_str!("../../docs/rules/keyforge.md"),
    ),
    (
        "arcane",
        "Arcane Legions special abilities: rules and interpretations",
        "docs/rules/arcane.md",
        include_str!("../../docs/rules/arcane.md"),
    ),
    (
        "karth",
        "Heroes of Karth play legality: rules and interpretations",
        "docs/rules/karth.md",
        include_str!("../../docs/rules/karth.md"),
    ),
];

/// The page that serves repository file `file` (`docs/rules/karth.md`, with any
/// `#anchor` kept): `/docs/karth#…`; `None` for a file the site does not serve.
pub fn url_of(file: &str) -> Option<String> {
    let (path, fragment) = match file.split_once('#') {
        Some((p, f)) => (p, Some(f)),
        None => (file, None),
    };
    let name = DOCS.iter().find(|d| d.2 == path)?.0;
    Some(match fragment {
        Some(f) => format!("/docs/{name}#{f}"),
        None => format!("/docs/{name}"),
    })
}

pub(super) fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/docs/{name}", web::get().to(doc));
}

/// A link to place `fragment` (a heading's or a raw anchor's id) of served file `file`:
/// `/docs/karth#k5-other-terrain`, or the page alone when the document has no such
/// place; `None` for a file the site does not serve.
pub fn link(file: &str, fragment: &str) -> Option<String> {
    let &(name, _, _, text) = DOCS.iter().find(|d| d.2 == file)?;
    let heading = |l: &str| {
        let t = l.trim_start();
        let hashes = t.bytes().take_while(|&b| b == b'#').count();
        (1..=6).contains(&hashes) && anchor(t[hashes..].trim()) == fragment
    };
    let has = text.contains(&format!("<a id=\"{fragment}\"></a>")) || text.lines().any(heading);
    Some(if has && !fragment.is_empty() {
        format!("/docs/{name}#{fragment}")
    } else {
        format!("/docs/{name}")
    })
}

/// A heading of a document.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Section {
    pub id: String,
    pub title: String,
    pub level: usize,
}

/// The JSON twin of a document page.
#[derive(Serialize)]
pub struct DocJson<'a> {
    pub object: &'static str,
    pub name: &'a str,
    pub title: &'a str,
    /// The file in the repository.
    pub file: &'a str,
    pub url: String,
    pub sections: Vec<Section>,
    pub markdown: &'a str,
}

/// `/docs/{name}`: one document.
#[derive(Template)]
#[template(path = "docs/doc.html")]
pub struct DocPage<'a> {
    pub data: &'a DocJson<'a>,
    pub html: String,
}

async fn doc(
    req: HttpRequest,
    path: web::Path<String>,
    _state: web::Data<AppState>,
) -> Result<HttpResponse, Failure> {
    let format = Format::of(&req);
    let raw = path.into_inner();
    let name = page::strip_json(&req, &raw);
    let Some(&(name, title, file, text)) = DOCS.iter().find(|d| d.0 == name) else {
        let found = page::suggestions(name, DOCS.iter().map(|d| d.0));
        return Err(page::not_found(
            format!("no document {}", quoted(name)),
            &found,
            &|n| format!("/docs/{n}"),
            format,
        ));
    };
    let (html, sections) = render(text);
    let data = DocJson {
        object: "doc",
        name,
        title,
        file,
        url: format!("/docs/{name}"),
        sections,
        markdown: text,
    };
    match format {
        Format::Json => page::json(&data, format),
        Format::Html => page::render(&DocPage { data: &data, html }, format),
    }
}

/// The anchor of a heading or decision: lowercase letters and digits, other runs as `-`
/// (`D2` → `d2`, `The verdict` → `the-verdict`).
pub fn anchor(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        if c.is_alphanumeric() {
            out.extend(c.to_lowercase());
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    out.trim_end_matches('-').to_string()
}

/// Inline Markdown as HTML: `code`, **bold**, *emphasis*, the rest escaped.
fn inline(text: &str) -> String {
    let mut html = String::with_capacity(text.len() + 16);
    let mut rest = text;
    let mut bold = false;
    loop {
        let next = rest.find(['`', '*', '<']);
        let Some(i) = next else {
            html.push_str(&encode_text(rest));
            break;
        };
        html.push_str(&encode_text(&rest[..i]));
        rest = &rest[i..];
        if rest.starts_with('<') {
            match raw_anchor(rest) {
                Some((id, tail)) => {
                    html.push_str(&format!("<a id=\"{id}\"></a>"));
                    rest = tail;
                }
                None => {
                    html.push_str("&lt;");
                    rest = &rest[1..];
                }
            }
            continue;
        }
        if rest.starts_with('`') {
            // A code span opens and closes with runs of as many backticks (``a `b` c``).
            let run = rest.bytes().take_while(|&b| b == b'`').count();
            let fence = &rest[..run];
            let after = &rest[run..];
            match after.find(fence) {
                Some(end) => {
                    html.push_str("<code>");
                    html.push_str(&encode_text(after[..end].trim()));
                    html.push_str("</code>");
                    rest = &after[end + run..];
                }
                None => {
                    html.push_str(fence);
                    rest = after;
                }
            }
        } else if let Some(after) = rest.strip_prefix("**") {
            html.push_str(if bold { "</strong>" } else { "<strong>" });
            bold = !bold;
            rest = after;
        } else {
            // A single `*`: emphasis when it closes on the same line, else a star.
            let after = &rest[1..];
            match after.find('*') {
                Some(end) if end > 0 && !after.starts_with(' ') => {
                    html.push_str("<em>");
                    html.push_str(&encode_text(&after[..end]));
                    html.push_str("</em>");
                    rest = &after[end + 1..];
                }
                _ => {
                    html.push('*');
                    rest = after;
                }
            }
        }
    }
    if bold {
        html.push_str("</strong>");
    }
    html
}

/// A raw anchor at the start of `text` (`<a id="interpretation-fade"></a>`, how the
/// generated tables mark their rows), when its id is plain: the id and what follows.
fn raw_anchor(text: &str) -> Option<(&str, &str)> {
    let (id, tail) = text.strip_prefix("<a id=\"")?.split_once("\"></a>")?;
    let plain = !id.is_empty()
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    plain.then_some((id, tail))
}

/// The cells of a table row: `| a | b |` → `["a", "b"]` (a `\|` stays in its cell).
fn cells(line: &str) -> Vec<String> {
    let inner = line.trim().trim_start_matches('|');
    let inner = inner.strip_suffix('|').unwrap_or(inner);
    let mut out = Vec::new();
    let mut cell = String::new();
    let mut chars = inner.chars().peekable();
    let mut in_code = false;
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.peek() == Some(&'|') => {
                cell.push('|');
                chars.next();
            }
            '`' => {
                in_code = !in_code;
                cell.push('`');
            }
            '|' if !in_code => out.push(std::mem::take(&mut cell)),
            c => cell.push(c),
        }
    }
    out.push(cell);
    out.into_iter().map(|c| c.trim().to_string()).collect()
}

/// Whether `line` is a table's separator row (`| --- | --- |`).
fn is_separator(line: &str) -> bool {
    let t = line.trim();
    t.starts_with('|') && t.chars().all(|c| matches!(c, '|' | '-' | ':' | ' '))
}

/// A list item's marker: `- `, `* ` or `12. `; the text after it.
fn list_item(line: &str) -> Option<(bool, &str)> {
    if let Some(rest) = line.strip_prefix("- ").or_else(|| line.strip_prefix("* ")) {
        return Some((false, rest));
    }
    let digits = line.bytes().take_while(u8::is_ascii_digit).count();
    if digits > 0 {
        if let Some(rest) = line[digits..].strip_prefix(". ") {
            return Some((true, rest));
        }
    }
    None
}

/// Renders a document: its HTML and its headings.
pub fn render(markdown: &str) -> (String, Vec<Section>) {
    let lines: Vec<&str> = markdown.lines().collect();
    let mut html = String::with_capacity(markdown.len() * 2);
    let mut sections = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let trimmed = line.trim();
        // Blank lines, and HTML comments (the generated tables' markers), show nothing.
        if trimmed.is_empty() || (trimmed.starts_with("<!--") && trimmed.ends_with("-->")) {
            i += 1;
            continue;
        }
        if trimmed.starts_with("```") {
            let mut j = i + 1;
            html.push_str("<pre><code>");
            while j < lines.len() && !lines[j].trim_start().starts_with("```") {
                html.push_str(&encode_text(lines[j]));
                html.push('\n');
                j += 1;
            }
            html.push_str("</code></pre>\n");
            i = j + 1;
            continue;
        }
        let hashes = trimmed.bytes().take_while(|&b| b == b'#').count();
        if (1..=6).contains(&hashes) && trimmed[hashes..].starts_with(' ') {
            let title = trimmed[hashes..].trim();
            let id = anchor(title);
            html.push_str(&format!(
                "<h{hashes} id=\"{id}\">{}</h{hashes}>\n",
                inline(title)
            ));
            sections.push(Section {
                id,
                title: title.replace('`', ""),
                level: hashes,
            });
            i += 1;
            continue;
        }
        if trimmed.starts_with('|') && i + 1 < lines.len() && is_separator(lines[i + 1]) {
            html.push_str("<div class=\"table-scroll\"><table>\n<thead><tr>");
            for c in cells(trimmed) {
                html.push_str(&format!("<th>{}</th>", inline(&c)));
            }
            html.push_str("</tr></thead>\n<tbody>\n");
            let mut j = i + 2;
            while j < lines.len() && lines[j].trim().starts_with('|') {
                html.push_str("<tr>");
                for c in cells(lines[j]) {
                    html.push_str(&format!("<td>{}</td>", inline(&c)));
                }
                html.push_str("</tr>\n");
                j += 1;
            }
            html.push_str("</tbody></table></div>\n");
            i = j;
            continue;
        }
        if let Some((numbered, _)) = list_item(line) {
            let tag = if numbered { "ol" } else { "ul" };
            html.push_str(&format!("<{tag}>\n"));
            let mut j = i;
            while j < lines.len() {
                if lines[j].starts_with(' ') {
                    break;
                }
                let Some((_, first)) = list_item(lines[j]) else {
                    break;
                };
                let mut text = first.to_string();
                j += 1;
                // Continuation lines: indented, not a new item.
                while j < lines.len()
                    && !lines[j].trim().is_empty()
                    && lines[j].starts_with(' ')
                    && list_item(lines[j].trim_start()).is_none()
                {
                    text.push(' ');
                    text.push_str(lines[j].trim());
                    j += 1;
                }
                let id = text
                    .strip_prefix("**")
                    .and_then(|t| t.split_once(':'))
                    .map(|(label, _)| label)
                    .filter(|l| {
                        l.len() <= 4
                            && l.starts_with('D')
                            && l[1..].bytes().all(|b| b.is_ascii_digit())
                    })
                    .map(anchor);
                match id {
                    Some(id) => html.push_str(&format!("<li id=\"{id}\">")),
                    None => html.push_str("<li>"),
                }
                html.push_str(&inline(&text));
                html.push_str("</li>\n");
                // A blank line between items keeps the list going.
                while j + 1 < lines.len()
                    && lines[j].trim().is_empty()
                    && list_item(lines[j + 1].trim_start()).is_some()
                    && !lines[j + 1].starts_with(' ')
                {
                    j += 1;
                }
            }
            html.push_str(&format!("</{tag}>\n"));
            i = j.max(i + 1);
            continue;
        }
        // A paragraph: lines up to a blank line or another block.
        let mut text = trimmed.to_string();
        let mut j = i + 1;
        while j < lines.len() {
            let t = lines[j].trim();
            if t.is_empty()
                || t.starts_with('#')
                || t.starts_with("```")
                || t.starts_with('|')
                || list_item(t).is_some()
            {
                break;
            }
            text.push(' ');
            text.push_str(t);
            j += 1;
        }
        html.push_str(&format!("<p>{}</p>\n", inline(&text)));
        i = j;
    }
    (html, sections)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_and_inline() {
        let (html, sections) = render(
            "# Title\n\nSome `code` and **bold** text\nwrapped.\n\n- **D2: heroes.** A\n  continued.\n- b\n\n\
             | a | b |\n| --- | --- |\n| `x\\|y` | <i> |\n\n```text\n<raw>\n```\n1. one\n2. two\n",
        );
        assert!(html.contains("<h1 id=\"title\">Title</h1>"), "{html}");
        assert!(
            html.contains("<p>Some <code>code</code> and <strong>bold</strong> text wrapped.</p>"),
            "{html}"
        );
        assert!(
            html.contains("<li id=\"d2\"><strong>D2: heroes.</strong> A continued.</li>"),
            "{html}"
        );
        assert!(
            html.contains("<td><code>x|y</code></td><td>&lt;i&gt;</td>"),
            "{html}"
        );
        assert!(
            html.contains("<pre><code>&lt;raw&gt;\n</code></pre>"),
            "{html}"
        );
        assert!(
            html.contains("<ol>\n<li>one</li>\n<li>two</li>\n</ol>"),
            "{html}"
        );
        assert_eq!(inline("``a `b` c``"), "<code>a `b` c</code>");
        assert_eq!(inline("a ` b"), "a ` b");
        assert_eq!(sections[0].id, "title");
    }

    #[test]
    fn every_served_document_renders_without_markdown_left() {
        for (name, _, _, text) in DOCS {
            let (html, sections) = render(text);
            assert!(!sections.is_empty(), "{name}");
            // Quoted program output in a code block or span keeps its backticks.
            let prose: String = html
                .split("<code>")
                .map(|piece| piece.split_once("</code>").map_or(piece, |(_, t)| t))
                .collect();
            let visible: String = prose
                .split('<')
                .map(|piece| piece.split_once('>').map_or(piece, |(_, t)| t))
                .collect();
            assert!(!visible.contains('`'), "{name}: a literal backtick");
            assert!(!visible.contains("**"), "{name}: literal bold marks");
        }
    }

    #[test]
    fn every_rules_doc_is_served_and_its_anchors_are_real() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/rules");
        for entry in std::fs::read_dir(dir).unwrap() {
            let name = entry.unwrap().file_name().to_string_lossy().to_string();
            let file = format!("docs/rules/{name}");
            let stem = name.trim_end_matches(".md");
            assert_eq!(url_of(&file), Some(format!("/docs/{stem}")), "{file}");
        }
        assert_eq!(
            url_of("docs/rules/karth.md#k5-other-terrain").as_deref(),
            Some("/docs/karth#k5-other-terrain")
        );
        assert_eq!(url_of("docs/seeds/x.md"), None);
        assert_eq!(
            link("docs/rules/karth.md", "k5-other-terrain").as_deref(),
            Some("/docs/karth#k5-other-terrain")
        );
        assert_eq!(
            link("docs/rules/karth.md", "interpretation-side_turn").as_deref(),
            Some("/docs/karth#interpretation-side_turn")
        );
        assert_eq!(
            link("docs/rules/karth.md", "no-such-place").as_deref(),
            Some("/docs/karth")
        );
        let (html, _) = render(include_str!("../../docs/rules/karth.md"));
        assert!(
            html.contains(
                r#"<td><a id="interpretation-stops_movement"></a><code>stops_movement</code></td>"#
            ),
            "{html}"
        );
        assert!(!html.contains("&lt;a id") && !html.contains("interpretations:start"));
        assert_eq!(inline("<b>x</b>"), "&lt;b&gt;x&lt;/b&gt;");
        assert_eq!(
            inline(r#"<a id="x y"></a>"#),
            r#"&lt;a id="x y"&gt;&lt;/a&gt;"#
        );
    }

    #[test]
    fn decisions_have_anchors() {
        let (html, _) = render(DOCS[0].3);
        for d in 1..=11 {
            assert!(html.contains(&format!("<li id=\"d{d}\">")), "D{d}");
        }
        assert_eq!(anchor("D2"), "d2");
        assert_eq!(anchor("The verdict"), "the-verdict");
    }
}
