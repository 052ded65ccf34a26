//! Page URLs, built in one place so every page, JSON object and CLI output agrees.
//! Pure string functions: usable outside the server (the CLI's `--json` output). Where a
//! link depends on what the catalogue holds (a cited rule's page), the caller passes what
//! it knows as an [`Explained`]; this module never opens the catalogue itself.

use percent_encoding::{utf8_percent_encode, AsciiSet, NON_ALPHANUMERIC};

use crate::rules::cite::{Citation, Source};

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

/// The judges' form that corrects ruling `id`: `/judge/supersede/{id}`.
pub fn judge_supersede(id: &str) -> String {
    format!("/judge/supersede/{}", segment(id))
}

/// The judges' sign-in page, leading to `next` once signed in: `/judge/sign-in?next=…`.
pub fn judge_sign_in(next: &str) -> String {
    format!("/judge/sign-in?next={}", utf8_percent_encode(next, QUERY))
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

/// What a cited rule's link depends on: the catalogue's keywords and numbered rules.
pub trait Explained {
    /// Whether `game` has a keyword named (or aliased) `name`, folded.
    fn has_keyword(&self, game: &str, name: &str) -> bool;
    /// The source-order ordinals of `game`'s rules numbered `section` (several where the
    /// source repeats the number; none when the catalogue has no such rule).
    fn rule_ordinals(&self, game: &str, section: &str) -> Vec<usize>;
}

impl Explained for crate::catalogue::Catalogue {
    fn has_keyword(&self, game: &str, name: &str) -> bool {
        self.keyword(game, name).is_some()
    }
    fn rule_ordinals(&self, game: &str, section: &str) -> Vec<usize> {
        self.rules(game, section)
            .iter()
            .map(|r| r.ordinal)
            .collect()
    }
}

/// Where a cited sentence is explained. A seed sentence: its keyword's page when the
/// catalogue has the rule as a keyword (name or alias); else the rules page of its
/// section, at the rule of its occurrence (`/rules/karth/5.1.1#rule-7` for Karth's second
/// 5.1.1); else its place among the seed sentences on `/adjudicate/rules`
/// ([`seed_sentence`]). A house rule, published rule or interpretation: its place on
/// `/adjudicate/rules`.
pub fn citation(c: &Citation, known: &dyn Explained) -> String {
    match c.source {
        Source::Seed if known.has_keyword(c.game, c.rule) => keyword(c.game, c.rule),
        Source::Seed => {
            let ordinals = known.rule_ordinals(c.game, c.section);
            match ordinals.get(usize::from(c.occurrence)).or(ordinals.first()) {
                Some(n) => format!("{}#rule-{n}", rule(c.game, c.section)),
                None => seed_sentence(c.game, c.rule),
            }
        }
        Source::Public | Source::House | Source::Interpretation => {
            adjudicate_rules(c.game, c.section)
        }
    }
}

/// `/adjudicate/rules/{game}#{anchor}`: a game's house rule, published rule or
/// interpretation (by section or key) on its rules-and-readings page.
pub fn adjudicate_rules(game: &str, key: &str) -> String {
    format!("{}#{}", house_rules(game), adjudicate_anchor(game, key))
}

/// `/adjudicate/rules/{game}`: a game's house rules, published rules and readings.
pub fn house_rules(game: &str) -> String {
    format!("/adjudicate/rules/{game}")
}

/// The id on `/adjudicate/rules` of a seed sentence the catalogue gives no page of its
/// own (no keyword of its rule's name, no rule of its section): KeyForge's `Ability`.
pub fn seed_sentence(game: &str, rule: &str) -> String {
    adjudicate_rules(game, &seed_key(rule))
}

/// The key of seed rule `rule` among a game's anchors: `seed-` and its words.
pub fn seed_key(rule: &str) -> String {
    format!("seed-{}", crate::web::docs::anchor(rule))
}

/// The anchor of a game's rule or interpretation on `/adjudicate/rules`: its section or
/// key, prefixed by the game's slug for every game but the first, whose links predate
/// there being several (`T1`, `fade`; `swtcg-P1`). A section that is not one word (a
/// published rule's `"Bonus Icons"`) is made one, as a heading's anchor is
/// (`keyforge-bonus-icons`): an id holds no space or quote.
pub fn adjudicate_anchor(game: &str, key: &str) -> String {
    let one_word = key
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b));
    let key = if one_word {
        key.to_string()
    } else {
        crate::web::docs::anchor(key)
    };
    if game == crate::games::DEFAULT.slug() {
        key
    } else {
        format!("{game}-{key}")
    }
}

/// `/adjudicate/p/{hash}/{step}`: a step of the step-through.
pub fn step(hash: &str, step: usize) -> String {
    format!("/adjudicate/p/{hash}/{step}")
}

/// `/adjudicate/p/{hash}.json`: the stored position, to download.
pub fn position_file(hash: &str) -> String {
    format!("/adjudicate/p/{hash}.json")
}

/// `/adjudicate/p/{hash}/{step}/state.json`: the state at a step, to download.
pub fn state_file(hash: &str, step: usize) -> String {
    format!("/adjudicate/p/{hash}/{step}/state.json")
}

/// `/adjudicate/compare/{a}/{b}?step={step}`: two positions side by side.
pub fn compare(a: &str, b: &str, step: usize) -> String {
    format!("/adjudicate/compare/{a}/{b}?step={step}")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A catalogue of one keyword and Karth's repeated 5.1.1 (ordinals 1 and 3).
    struct Known;
    impl Explained for Known {
        fn has_keyword(&self, game: &str, name: &str) -> bool {
            game == "karth" && crate::text::fold(name) == "scribe"
        }
        fn rule_ordinals(&self, game: &str, section: &str) -> Vec<usize> {
            match (game, section) {
                ("karth", "5.1.1") => vec![1, 3],
                ("karth", "5.2.1") => vec![6],
                _ => Vec::new(),
            }
        }
    }

    #[test]
    fn a_citation_links_where_its_sentence_is_explained() {
        let seed = |rule, section, occurrence| {
            Citation::seed("karth", "001", rule, section, "x").occurrence(occurrence)
        };
        assert_eq!(
            citation(&seed("Scribe", "5.8.2", 0), &Known),
            "/keyword/karth/Scribe"
        );
        assert_eq!(
            citation(&seed("Unit Cards", "5.2.1", 0), &Known),
            "/rules/karth/5.2.1#rule-6"
        );
        assert_eq!(
            citation(&seed("Hero Cards", "5.1.1", 1), &Known),
            "/rules/karth/5.1.1#rule-3"
        );
        assert_eq!(
            citation(&seed("Hero Cards", "5.1.1", 0), &Known),
            "/rules/karth/5.1.1#rule-1"
        );
        let ability = Citation::seed("keyforge", "003", "Ability", "Ability", "x");
        assert_eq!(
            citation(&ability, &Known),
            "/adjudicate/rules/keyforge#keyforge-seed-ability"
        );
        let house = Citation::house("battleline", "docs/rules/battleline.md", "T", "T1", "x");
        assert_eq!(citation(&house, &Known), "/adjudicate/rules/battleline#T1");
        let public = Citation::public("keyforge", "rulebook", "Bonus", "\"Bonus Icons\"", "x");
        assert_eq!(
            citation(&public, &Known),
            "/adjudicate/rules/keyforge#keyforge-bonus-icons"
        );
    }

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
