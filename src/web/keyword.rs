//! Keyword pages: `/keyword/{game}/{name}` shows one keyword, ability type or special rule
//! of a game: its facts, its full source text (with "see 4.2, Special Rules > …" turned
//! into links), its parse by the game's grammar, the cards that carry it and the keywords
//! of the same name in other games. An alias or another spelling of the name shows the
//! canonical entry ("Elude is another name for Precision").
//!
//! The lookups themselves are `catalogue`'s and the parses `grammar`'s; this module only
//! arranges and links what they return. The text is stored verbatim and shown verbatim:
//! [`linkify`] escapes every piece of it and adds nothing but `<a>` tags.

use super::json::ItemRef;
use super::page::{self, Field};
use super::rulings::{RulingJson, RulingsSection};
use super::{error::Failure, links, AppState, Format};
use crate::catalogue::{Catalogue, Game, Keyword};
use crate::grammar::AbilityParse;
use crate::text::fold;
use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;
use html_escape::{encode_double_quoted_attribute, encode_text};
use regex::Regex;
use serde::Serialize;
use std::sync::LazyLock;

pub(super) fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/keyword/{game}/{name}", web::get().to(keyword));
}

/// At most this many cards are listed on a keyword page; the rest are a search away.
pub const MAX_CARDS_LISTED: usize = 200;

/// A card that carries the keyword, with the keyword's value on it (`Armor 2` → 2).
#[derive(Serialize)]
pub struct CardWithValue {
    #[serde(flatten)]
    pub card: ItemRef,
    pub value: Option<i64>,
}

/// A section the text refers to, and the special rule it names when there is one.
#[derive(Debug, Clone, Serialize)]
pub struct Reference {
    pub section: String,
    /// The rules page of `section`.
    pub url: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub keyword: Option<ItemRef>,
}

/// The JSON twin of a keyword page.
#[derive(Serialize)]
pub struct KeywordJson<'a> {
    pub object: &'static str,
    pub kind: &'static str,
    pub game: &'a str,
    pub name: &'a str,
    pub aliases: &'a [String],
    pub takes_value: bool,
    /// The `kind` column (`static`, `special rule`, …).
    pub kind_of_ability: &'a str,
    pub timing: &'a str,
    pub section: &'a str,
    pub text: &'a str,
    pub normalised: Option<&'a str>,
    pub source: &'a str,
    /// The title of the document `source` names, with the section
    /// (`Star Wars TCG keyword sheet, Ancient Seers`).
    pub source_title: String,
    pub parse: Option<&'a AbilityParse>,
    pub url: String,
    /// The first [`MAX_CARDS_LISTED`] cards with the keyword.
    pub cards: Vec<CardWithValue>,
    /// How many cards have the keyword in all.
    pub cards_total: usize,
    /// The search listing every card with the keyword, when `cards` is cut short.
    pub cards_more_url: Option<String>,
    pub same_name_elsewhere: Vec<ItemRef>,
    pub references: Vec<Reference>,
    /// A ready-made example attack showing the keyword at work, when the game's
    /// adjudicator has one (`/adjudicate/example/{game}/{keyword}`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub example_url: Option<String>,
    /// The rulings that touch the keyword, newest first (superseded ones included, with
    /// their `status`).
    pub rulings: Vec<RulingJson>,
}

/// A keyword of the same name in another game, as the page lists it.
pub struct Elsewhere<'a> {
    pub game_name: &'a str,
    pub item: &'a ItemRef,
}

/// `/keyword/{game}/{name}`: one keyword and everything that points at it.
#[derive(Template)]
#[template(path = "keyword/keyword.html")]
pub struct KeywordPage<'a> {
    pub game: &'a Game,
    pub keyword: &'a Keyword,
    /// "Elude is another name for Precision", when the URL used an alias.
    pub alias_note: Option<String>,
    /// `keyword.text`, escaped, with its references as links.
    pub text_html: String,
    /// `keyword.normalised`, likewise.
    pub normalised_html: Option<String>,
    /// The parse's fields; empty when the text is not in the grammar's shape.
    pub parse: Vec<Field>,
    /// The grammar that read the text (`swtcg`), when one did.
    pub grammar: Option<&'static str>,
    pub elsewhere: Vec<Elsewhere<'a>>,
    /// The rulings that touch it, standing and superseded.
    pub rulings: RulingsSection,
    pub data: &'a KeywordJson<'a>,
}

async fn keyword(
    req: HttpRequest,
    path: web::Path<(String, String)>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, Failure> {
    let format = Format::of(&req);
    let (game_slug, raw_name) = path.into_inner();
    let name = page::strip_json(&req, &raw_name);
    let cat = &state.catalogue;
    let game = page::game(cat, &game_slug, &|g| links::keyword(g, name), format)?;
    let kw = cat
        .keyword(&game.slug, name)
        .ok_or_else(|| unknown_keyword(cat, game, name, format))?;

    let resolve = |n: &str| cat.keyword(&game.slug, n).map(|k| k.name.clone());
    let (text_html, mut refs) = linkify(&game.slug, &kw.text, resolve);
    let normalised_html = kw.normalised.as_deref().map(|n| {
        let (html, more) = linkify(&game.slug, n, resolve);
        for r in more {
            if !refs.iter().any(|seen| seen.same_as(&r)) {
                refs.push(r);
            }
        }
        html
    });
    // Counted without reading the cards; only the listed ones are read (cards may be in
    // the file).
    let ids = cat.card_ids_with_keyword(&game.slug, &kw.name);
    let cards_total = ids.len();
    let cards_more_url = (cards_total > MAX_CARDS_LISTED).then(|| {
        let name = if kw.name.contains(' ') {
            format!("\"{}\"", kw.name)
        } else {
            kw.name.clone()
        };
        crate::web::links::search(&format!("game:{} keyword:{name}", game.slug), 1)
    });
    let cards = ids
        .iter()
        .take(MAX_CARDS_LISTED)
        .filter_map(|&i| cat.cards().get(i as usize))
        .map(|c| CardWithValue {
            card: ItemRef::card(&c.game, &c.name),
            value: c.ability(&kw.name).flatten(),
        })
        .collect();
    let others: Vec<&Keyword> = cat
        .keywords_named(&kw.name)
        .into_iter()
        .filter(|k| k.game != kw.game)
        .collect();
    let set = state.rulings.snapshot();
    let rulings = RulingsSection::of(&set, &set.for_keyword(&kw.game, &kw.name));
    let data = KeywordJson {
        object: "keyword",
        kind: "keyword",
        game: &kw.game,
        name: &kw.name,
        aliases: &kw.aliases,
        takes_value: kw.takes_value,
        kind_of_ability: &kw.kind,
        timing: &kw.timing,
        section: &kw.section,
        text: &kw.text,
        normalised: kw.normalised.as_deref(),
        source: &kw.source,
        source_title: super::sources::cite(&kw.source, &kw.section),
        parse: kw.parse.as_ref(),
        url: links::keyword(&kw.game, &kw.name),
        cards,
        cards_total,
        cards_more_url,
        same_name_elsewhere: others
            .iter()
            .map(|k| ItemRef::keyword(&k.game, &k.name))
            .collect(),
        references: refs,
        example_url: super::adjudicate::example_url(&kw.game, &kw.name),
        rulings: rulings.all(),
    };
    if format == Format::Json {
        return page::json(&data, format);
    }
    let elsewhere = others
        .iter()
        .zip(&data.same_name_elsewhere)
        .map(|(k, item)| Elsewhere {
            game_name: cat
                .game(&k.game)
                .map_or(k.game.as_str(), |g| g.name.as_str()),
            item,
        })
        .collect();
    let page = KeywordPage {
        game,
        keyword: kw,
        alias_note: alias_note(kw, name),
        text_html,
        normalised_html,
        parse: kw
            .parse
            .as_ref()
            .map(page::parse_fields)
            .unwrap_or_default(),
        grammar: kw.parse.as_ref().map(|p| match p {
            AbilityParse::Swtcg(_) => "swtcg",
            AbilityParse::Keyforge(_) => "keyforge",
            AbilityParse::Arcane(_) => "arcane",
        }),
        elsewhere,
        rulings,
        data: &data,
    };
    page::render(&page, format)
}

/// "Elude is another name for Precision" when `asked` is one of the keyword's aliases (in
/// the alias's own spelling, not the URL's); nothing when it is the name itself.
fn alias_note(kw: &Keyword, asked: &str) -> Option<String> {
    let asked = fold(asked);
    if asked == fold(&kw.name) {
        return None;
    }
    kw.aliases
        .iter()
        .find(|a| fold(a) == asked)
        .map(|a| format!("{a} is another name for {}", kw.name))
}

fn unknown_keyword(cat: &Catalogue, game: &Game, name: &str, format: Format) -> Failure {
    let names = cat
        .data()
        .keywords
        .iter()
        .filter(|k| k.game == game.slug)
        .flat_map(|k| std::iter::once(&k.name).chain(&k.aliases))
        .map(String::as_str);
    let found = page::suggestions(name, names);
    page::not_found(
        format!("no {} keyword {}", game.slug, page::quoted(name)),
        &found,
        &|k| links::keyword(&game.slug, k),
        format,
    )
}

/// `see 4.2` (or `See 4.2`), optionally followed by `, Special Rules > The Omega Rabbit`.
static SEE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"\b(?P<see>[Ss]ee) (?P<section>\d+(?:\.\d+)*)(?:,\s*Special Rules\s*>\s*(?P<name>[^()\n.;,<>]*))?",
    )
    .expect("static regex")
});

/// `text` as HTML: every piece of it escaped, each `see <section>` made a link to that
/// rules page, and a following `, Special Rules > <Name>` made a link to the keyword's page
/// when `resolve(Name)` finds it (returning its canonical name). Returns the HTML and the
/// references in order of appearance, without repeats.
pub(super) fn linkify(
    game: &str,
    text: &str,
    resolve: impl Fn(&str) -> Option<String>,
) -> (String, Vec<Reference>) {
    let mut html = String::with_capacity(text.len() + 64);
    let mut refs: Vec<Reference> = Vec::new();
    let mut done = 0;
    for c in SEE.captures_iter(text) {
        let (Some(whole), Some(see), Some(section)) = (c.get(0), c.name("see"), c.name("section"))
        else {
            continue;
        };
        html.push_str(&encode_text(&text[done..whole.start()]));
        let rule_url = links::rule(game, section.as_str());
        html.push_str(&encode_text(see.as_str()));
        html.push(' ');
        push_link(&mut html, &rule_url, section.as_str());
        done = section.end();
        let mut keyword = None;
        if let Some(name) = c.name("name") {
            let shown = name.as_str().trim_end();
            let canonical = if shown.is_empty() {
                None
            } else {
                resolve(shown)
            };
            if let Some(canonical) = canonical {
                html.push_str(&encode_text(&text[section.end()..name.start()]));
                let item = ItemRef::keyword(game, &canonical);
                push_link(&mut html, &item.url, shown);
                done = name.start() + shown.len();
                keyword = Some(item);
            }
        }
        let r = Reference {
            section: section.as_str().to_string(),
            url: rule_url,
            keyword,
        };
        if !refs.iter().any(|seen| seen.same_as(&r)) {
            refs.push(r);
        }
    }
    html.push_str(&encode_text(&text[done..]));
    (html, refs)
}

fn push_link(html: &mut String, href: &str, label: &str) {
    html.push_str("<a href=\"");
    html.push_str(&encode_double_quoted_attribute(href));
    html.push_str("\">");
    html.push_str(&encode_text(label));
    html.push_str("</a>");
}

impl Reference {
    /// Whether two references point at the same section and special rule.
    fn same_as(&self, other: &Reference) -> bool {
        self.url == other.url
            && self.keyword.as_ref().map(|k| &k.url) == other.keyword.as_ref().map(|k| &k.url)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn omega(name: &str) -> Option<String> {
        (fold(name) == "the omega rabbit").then(|| "The Omega Rabbit".to_string())
    }

    // seed 000 §4.1 Carrot Seeker: "(see 4.2, Special Rules > The Omega Rabbit)"
    #[test]
    fn section_and_special_rule_become_links() {
        let (html, refs) = linkify(
            "battleline",
            "on the Carrot Seeker. (see 4.2, Special Rules > The Omega Rabbit).",
            omega,
        );
        assert_eq!(
            html,
            "on the Carrot Seeker. (see <a href=\"/rules/battleline/4.2\">4.2</a>, Special Rules &gt; \
             <a href=\"/keyword/battleline/The%20Omega%20Rabbit\">The Omega Rabbit</a>)."
        );
        assert_eq!(refs.len(), 1);
        assert_eq!(refs[0].section, "4.2");
        assert_eq!(
            refs[0].keyword.as_ref().map(|k| k.name.as_str()),
            Some("The Omega Rabbit")
        );
    }

    // seed 000 §4.1 Gatekeeper: "(See 4.2, Special Rules > The Endless Serpent)"
    #[test]
    fn capital_see_and_unknown_rule_name() {
        let (html, refs) = linkify(
            "battleline",
            "(See 4.2, Special Rules > The Endless Serpent).",
            |_| None,
        );
        assert_eq!(
            html,
            "(See <a href=\"/rules/battleline/4.2\">4.2</a>, Special Rules &gt; The Endless Serpent)."
        );
        assert!(refs[0].keyword.is_none());
    }

    #[test]
    fn hostile_text_is_escaped() {
        let (html, refs) = linkify(
            "battleline",
            "<script>alert(1)</script> see 4.2 & \"quotes\" 'apos'",
            omega,
        );
        assert_eq!(
            html,
            "&lt;script&gt;alert(1)&lt;/script&gt; see <a href=\"/rules/battleline/4.2\">4.2</a> \
             &amp; \"quotes\" 'apos'"
        );
        assert!(!html.contains("<script"));
        assert_eq!(refs.len(), 1);
        // A hostile name after the separator is not linked and comes out escaped.
        let (html, _) = linkify(
            "battleline",
            "see 4.2, Special Rules > <b onmouseover=x>",
            |_| Some("<b>".into()),
        );
        assert!(!html.contains("<b"), "{html}");
        // A hostile game slug is escaped inside the href.
        let (html, _) = linkify("\"><script>", "see 1", |_| None);
        assert!(
            !html.contains("<script") && !html.contains("\"><"),
            "{html}"
        );
    }

    #[test]
    fn plain_text_and_edges() {
        let (html, refs) = linkify("g", "", |_| None);
        assert!(html.is_empty() && refs.is_empty());
        let (html, refs) = linkify("g", "see hidden units; oversee 3. See 5.1.2.", |_| None);
        assert_eq!(
            html,
            "see hidden units; oversee 3. See <a href=\"/rules/g/5.1.2\">5.1.2</a>."
        );
        assert_eq!(refs.len(), 1);
        // Repeats are listed once; multi-byte text around links survives.
        let (html, refs) = linkify("g", "Æ see 4 — see 4 ’", |_| None);
        assert_eq!(refs.len(), 1);
        assert!(html.starts_with("Æ see <a") && html.ends_with("</a> ’"));
    }
}
