//! What the page families share: rendering a template (or a JSON twin) into a response,
//! reading the `.json` suffix off a path's last segment, the 404s that offer "did you mean"
//! suggestions, and the label/value rows that show a parsed ability on any page.
//!
//! JSON twins are written HTML-safe: `<`, `>` and `&` inside strings become `\u003c`,
//! `\u003e` and `\u0026`, so source or card text such as `<script>` never appears raw in a
//! response body, whatever a client or proxy takes the body to be. The parsed value is
//! unchanged.
//!
//! It holds no route and no template of its own; each family (`home`, `keyword`, `card`,
//! `rules`) keeps its handlers, page struct and JSON twin in its own module.

use super::{
    error::{Failure, Suggestion},
    Format, WebError,
};
use crate::catalogue::{Catalogue, Game};
use crate::grammar::AbilityParse;
use actix_web::{HttpRequest, HttpResponse};
use askama::Template;
use serde::Serialize;
use std::io;

/// Names longer than this (in characters) match nothing and get no suggestions: no
/// catalogue name comes close, and scoring them against every name would be wasted work.
pub(super) const MAX_NAME_CHARS: usize = 300;

/// Renders a page template to a response.
pub(super) fn render<T: Template>(page: &T, format: Format) -> Result<HttpResponse, Failure> {
    let body = page
        .render()
        .map_err(|e| WebError::Internal(format!("template: {e}")).in_format(format))?;
    Ok(HttpResponse::Ok()
        .content_type("text/html; charset=utf-8")
        .body(body))
}

/// Writes a JSON twin, HTML-safe (see the module documentation).
pub(super) fn json<T: Serialize>(value: &T, format: Format) -> Result<HttpResponse, Failure> {
    let body = html_safe_json(value)
        .map_err(|e| WebError::Internal(format!("json: {e}")).in_format(format))?;
    Ok(HttpResponse::Ok()
        .content_type("application/json")
        .body(body))
}

/// `value` as compact JSON with `<`, `>` and `&` escaped: the one writer of every JSON
/// body the site sends (pages, twins, errors).
pub(super) fn html_safe_json<T: Serialize>(value: &T) -> Result<Vec<u8>, serde_json::Error> {
    let mut body = Vec::with_capacity(1024);
    let mut ser = serde_json::Serializer::with_formatter(&mut body, HtmlSafe);
    value.serialize(&mut ser)?;
    Ok(body)
}

/// serde_json's compact output, with `<`, `>` and `&` in strings written as `\u00XX`.
struct HtmlSafe;

impl serde_json::ser::Formatter for HtmlSafe {
    fn write_string_fragment<W: ?Sized + io::Write>(
        &mut self,
        writer: &mut W,
        fragment: &str,
    ) -> io::Result<()> {
        let mut start = 0;
        for (i, b) in fragment.bytes().enumerate() {
            let escaped: &[u8] = match b {
                b'<' => b"\\u003c",
                b'>' => b"\\u003e",
                b'&' => b"\\u0026",
                _ => continue,
            };
            writer.write_all(&fragment.as_bytes()[start..i])?;
            writer.write_all(escaped)?;
            start = i + 1;
        }
        writer.write_all(&fragment.as_bytes()[start..])
    }
}

/// The last path segment as the client meant it: without `.json` when the request's path
/// ends in `.json` (the JSON twin), unchanged otherwise. `5.1.2.json` → `5.1.2`.
pub(super) fn strip_json<'a>(req: &HttpRequest, segment: &'a str) -> &'a str {
    if req.path().ends_with(".json") {
        segment.strip_suffix(".json").unwrap_or(segment)
    } else {
        segment
    }
}

/// A name from the URL as an error message quotes it: at most 80 characters.
pub(super) fn quoted(name: &str) -> String {
    const SHOWN: usize = 80;
    if name.chars().count() <= SHOWN {
        format!("`{name}`")
    } else {
        let head: String = name.chars().take(SHOWN).collect();
        format!("`{head}…`")
    }
}

/// A 404 offering `suggestions` (each a name and the URL of its page), if there are any.
pub(super) fn not_found(
    message: String,
    suggestions: &[&str],
    url_of: &dyn Fn(&str) -> String,
    format: Format,
) -> Failure {
    if suggestions.is_empty() {
        return WebError::NotFound(message).in_format(format);
    }
    WebError::NotFoundSuggesting {
        message,
        suggestions: suggestions
            .iter()
            .map(|name| Suggestion {
                name: name.to_string(),
                url: url_of(name),
            })
            .collect(),
    }
    .in_format(format)
}

/// The closest of `candidates` to `wanted` (at most 5), none for an over-long name.
pub(super) fn suggestions<'a, I>(wanted: &str, candidates: I) -> Vec<&'a str>
where
    I: IntoIterator<Item = &'a str>,
{
    if wanted.chars().count() > MAX_NAME_CHARS {
        return Vec::new();
    }
    crate::text::closest(wanted, candidates, 5)
}

/// The game with this slug, or a 404 suggesting the closest slugs, each linked to
/// `url_of(slug)` (the same page in that game).
pub(super) fn game<'a>(
    cat: &'a Catalogue,
    slug: &str,
    url_of: &dyn Fn(&str) -> String,
    format: Format,
) -> Result<&'a Game, Failure> {
    cat.game(slug).ok_or_else(|| {
        let found = suggestions(slug, cat.games().iter().map(|g| g.slug.as_str()));
        not_found(format!("no game {}", quoted(slug)), &found, url_of, format)
    })
}

/// `text` as HTML: escaped, each pair of backticks (the way messages quote a name or a
/// query: `` `Armr` ``) made a `<code>` span, so no page shows a literal backtick. An
/// unpaired backtick stays as written.
pub fn code_spans(text: &str) -> String {
    let mut html = String::with_capacity(text.len() + 16);
    let mut rest = text;
    while let Some(open) = rest.find('`') {
        let Some(len) = rest[open + 1..].find('`') else {
            break;
        };
        html.push_str(&html_escape::encode_text(&rest[..open]));
        html.push_str("<code>");
        html.push_str(&html_escape::encode_text(&rest[open + 1..open + 1 + len]));
        html.push_str("</code>");
        rest = &rest[open + 2 + len..];
    }
    html.push_str(&html_escape::encode_text(rest));
    html
}

/// The templates' own filters (askama finds them as `filters::…` beside a page struct:
/// `use super::page::filters;`).
pub mod filters {
    /// `{{ message|code_spans|safe }}`: see [`super::code_spans`].
    #[askama::filter_fn]
    pub fn code_spans(text: impl ToString, _: &dyn askama::Values) -> askama::Result<String> {
        Ok(super::code_spans(&text.to_string()))
    }

    /// `{{ keyword.source|source_title }}`: a data file's document title
    /// ([`crate::web::sources::title`]).
    #[askama::filter_fn]
    pub fn source_title(file: impl ToString, _: &dyn askama::Values) -> askama::Result<String> {
        Ok(crate::web::sources::title(&file.to_string()))
    }
}

/// Numbered page links around `page` of `pages`: the first, the last, and two either side
/// of the current one, with `None` for each gap.
pub(super) fn page_links(
    page: usize,
    pages: usize,
    url: &dyn Fn(usize) -> String,
) -> Vec<Option<(usize, String)>> {
    if pages <= 1 {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut last = 0;
    for n in 1..=pages {
        let near = n + 2 >= page && n <= page + 2;
        if n == 1 || n == pages || near {
            if n > last + 1 {
                out.push(None);
            }
            out.push(Some((n, url(n))));
            last = n;
        }
    }
    out
}

/// One line of a parsed ability as a page shows it.
pub struct Field {
    pub label: &'static str,
    pub value: String,
}

/// The fields of a parsed ability, labelled in its grammar's own terms; an absent optional
/// field shows as `—` so every definition of one grammar has the same rows.
pub(super) fn parse_fields(parse: &AbilityParse) -> Vec<Field> {
    fn opt(v: &Option<String>) -> String {
        v.clone().unwrap_or_else(|| "—".to_string())
    }
    fn yes_no(b: bool) -> String {
        if b { "yes" } else { "no" }.to_string()
    }
    let f = |label, value| Field { label, value };
    match parse {
        AbilityParse::Swtcg(d) => vec![
            f("stacking", opt(&d.stacking)),
            f("kind", opt(&d.kind)),
            f("noun", d.noun.clone()),
            f("on", opt(&d.on)),
            f("timing", opt(&d.timing)),
            f("takes X", yes_no(d.takes_x)),
            f("bracket parameter", opt(&d.parameter)),
            f("meaning", d.meaning.clone()),
        ],
        AbilityParse::Keyforge(k) => vec![
            f(
                "types",
                k.types
                    .iter()
                    .map(|t| t.as_str())
                    .collect::<Vec<_>>()
                    .join("/"),
            ),
            f("effect", k.effect.clone()),
        ],
        AbilityParse::Arcane(a) => vec![
            f("name", opt(&a.name)),
            f("kind", a.kind.as_str().to_string()),
            f(
                "costs",
                opt(&(!a.costs.is_empty()).then(|| a.costs.join("; "))),
            ),
            f("restriction", opt(&a.restriction)),
            f("condition", opt(&a.condition)),
            f("optional", yes_no(a.optional)),
            f("effect", a.effect.clone()),
            f("reminder", opt(&a.reminder)),
        ],
    }
}

/// Reads a request body of at most `cap` bytes as text. Over the cap is a 413 that says
/// `over {cap} bytes{cap_note}`; a body that is not UTF-8 or is blank is a 400, the blank
/// one saying `the body is empty: send {send}`.
pub(super) async fn read_text_body(
    body: actix_web::web::Payload,
    cap: usize,
    cap_note: &str,
    send: &str,
) -> Result<String, WebError> {
    let bytes = match body.to_bytes_limited(cap).await {
        Ok(Ok(b)) => b,
        Ok(Err(e)) => {
            return Err(WebError::BadRequest(format!(
                "the body could not be read: {e}"
            )))
        }
        Err(_) => {
            return Err(WebError::TooLarge(format!(
                "the body is over {cap} bytes{cap_note}"
            )))
        }
    };
    let text = std::str::from_utf8(&bytes).map_err(|e| {
        WebError::BadRequest(format!(
            "the body is not valid UTF-8 (byte {})",
            e.valid_up_to()
        ))
    })?;
    if text.trim().is_empty() {
        return Err(WebError::BadRequest(format!(
            "the body is empty: send {send}"
        )));
    }
    Ok(text.to_string())
}

/// The request's media type: `Content-Type` without its parameters, lower-cased; `None`
/// when the header is absent or not text.
pub(super) fn media_type(req: &HttpRequest) -> Option<String> {
    req.headers()
        .get(actix_web::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .map(|v| {
            v.split(';')
                .next()
                .unwrap_or("")
                .trim()
                .to_ascii_lowercase()
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_is_html_safe_and_round_trips() {
        let original = "<script>alert(\"x\")</script> & 'a' Æ\n";
        let mut body = Vec::new();
        let mut ser = serde_json::Serializer::with_formatter(&mut body, HtmlSafe);
        serde_json::json!({ "k<>": original })
            .serialize(&mut ser)
            .unwrap();
        let text = String::from_utf8(body).unwrap();
        assert!(
            !text.contains('<') && !text.contains('>') && !text.contains('&'),
            "{text}"
        );
        let back: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(back["k<>"], original);
    }

    #[test]
    fn backticks_become_code_spans() {
        assert_eq!(
            code_spans("unknown keyword `Armr` <b>"),
            "unknown keyword <code>Armr</code> &lt;b&gt;"
        );
        assert_eq!(
            code_spans("`<x>` and `y`"),
            "<code>&lt;x&gt;</code> and <code>y</code>"
        );
        assert_eq!(code_spans("a ` b"), "a ` b");
        assert_eq!(code_spans("``"), "<code></code>");
        assert_eq!(code_spans("é`ü`"), "é<code>ü</code>");
    }

    #[test]
    fn long_names_are_cut_in_messages() {
        assert_eq!(quoted("Fury"), "`Fury`");
        let long = "x".repeat(10_000);
        assert_eq!(quoted(&long).chars().count(), 83);
        assert!(suggestions(&long, ["x"]).is_empty());
    }
}
