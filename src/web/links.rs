//! Page URLs, built in one place so every page, JSON object and CLI output agrees.
//! Pure string functions: usable outside the server (the CLI's `--json` output).

use percent_encoding::{utf8_percent_encode, AsciiSet, NON_ALPHANUMERIC};

/// Path segments keep letters, digits and `-_.~`; everything else is escaped.
const SEGMENT: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'_')
    .remove(b'.')
    .remove(b'~');
/// Query values also escape `&`, `+`, `=` and `#`.
const QUERY: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'_')
    .remove(b'.')
    .remove(b'~');

pub fn segment(s: &str) -> String {
    utf8_percent_encode(s, SEGMENT).to_string()
}

/// `/keyword/{game}/{name}`
pub fn keyword(game: &str, name: &str) -> String {
    format!("/keyword/{}/{}", segment(game), segment(name))
}

/// `/card/{game}/{name}`
pub fn card(game: &str, name: &str) -> String {
    format!("/card/{}/{}", segment(game), segment(name))
}

/// `/rules/{game}/{section}`
pub fn rule(game: &str, section: &str) -> String {
    format!("/rules/{}/{}", segment(game), segment(section))
}

/// `/search?q=…` (and `&page=N` past the first page).
pub fn search(q: &str, page: usize) -> String {
    let q = utf8_percent_encode(q, QUERY);
    if page <= 1 {
        format!("/search?q={q}")
    } else {
        format!("/search?q={q}&page={page}")
    }
}

/// `/cards/{game}` with its query: the keyword filtered on, the sort (`name` is the
/// default, left out), descending, and the page past the first.
pub fn cards(game: &str, keyword: Option<&str>, sort: &str, desc: bool, page: usize) -> String {
    let mut query = Vec::new();
    if let Some(k) = keyword {
        query.push(format!("keyword={}", utf8_percent_encode(k, QUERY)));
    }
    if sort != "name" {
        query.push(format!("sort={}", utf8_percent_encode(sort, QUERY)));
    }
    if desc {
        query.push("order=desc".to_string());
    }
    if page > 1 {
        query.push(format!("page={page}"));
    }
    let path = format!("/cards/{}", segment(game));
    if query.is_empty() {
        path
    } else {
        format!("{path}?{}", query.join("&"))
    }
}

/// `/rulings/{id}`
pub fn ruling(id: &str) -> String {
    format!("/rulings/{}", segment(id))
}

/// The step a ruling turns on: `/adjudicate/p/{hash}/{step}`.
pub fn ruling_step(hash: &str, step: u32) -> String {
    format!("/adjudicate/p/{}/{step}", segment(hash))
}

/// The filters and page of a `/rulings` URL.
#[derive(Debug, Default, Clone, Copy)]
pub struct RulingsFilter<'a> {
    pub game: Option<&'a str>,
    pub keyword: Option<&'a str>,
    pub tier: Option<&'a str>,
    pub status: Option<&'a str>,
    /// Left out when 1 (or 0).
    pub page: usize,
}

/// `/rulings` with its query: the filters given and the page past the first.
pub fn rulings(f: &RulingsFilter) -> String {
    let mut query = Vec::new();
    for (name, value) in [
        ("game", f.game),
        ("keyword", f.keyword),
        ("tier", f.tier),
        ("status", f.status),
    ] {
        if let Some(v) = value {
            query.push(format!("{name}={}", utf8_percent_encode(v, QUERY)));
        }
    }
    if f.page > 1 {
        query.push(format!("page={}", f.page));
    }
    if query.is_empty() {
        "/rulings".to_string()
    } else {
        format!("/rulings?{}", query.join("&"))
    }
}

/// The Atom feed of every ruling (`/rulings.atom`) or of one game's
/// (`/rulings/{game}.atom`).
pub fn rulings_feed(game: Option<&str>) -> String {
    match game {
        Some(g) => format!("/rulings/{}.atom", segment(g)),
        None => "/rulings.atom".to_string(),
    }
}

/// The JSON twin of a page URL: `.json` before any query string.
pub fn json(url: &str) -> String {
    match url.split_once('?') {
        Some((path, query)) => format!("{path}.json?{query}"),
        None => format!("{url}.json"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_escaped() {
        assert_eq!(
            keyword("battleline", "Rider’s Might"),
            "/keyword/battleline/Rider%E2%80%99s%20Might"
        );
        assert_eq!(card("karth", "A/B?"), "/card/karth/A%2FB%3F");
        assert_eq!(search("a&b c", 2), "/search?q=a%26b%20c&page=2");
        assert_eq!(json("/search?q=x"), "/search.json?q=x");
        assert_eq!(json(&rule("karth", "5.1.2")), "/rules/karth/5.1.2.json");
        assert_eq!(cards("karth", None, "name", false, 1), "/cards/karth");
        assert_eq!(
            cards("swtcg", Some("Fury X"), "value", true, 2),
            "/cards/swtcg?keyword=Fury%20X&sort=value&order=desc&page=2"
        );
        assert_eq!(
            rulings(&RulingsFilter {
                game: Some("keyforge"),
                keyword: Some("Before Fight"),
                status: Some("published"),
                page: 3,
                ..RulingsFilter::default()
            }),
            "/rulings?game=keyforge&keyword=Before%20Fight&status=published&page=3"
        );
        assert_eq!(rulings(&RulingsFilter::default()), "/rulings");
        assert_eq!(json("/rulings?tier=seed"), "/rulings.json?tier=seed");
        assert_eq!(ruling("kf-taunt"), "/rulings/kf-taunt");
        assert_eq!(ruling_step("ab12", 3), "/adjudicate/p/ab12/3");
        assert_eq!(rulings_feed(Some("karth")), "/rulings/karth.atom");
        assert_eq!(rulings_feed(None), "/rulings.atom");
    }
}
