//! Ruling pages: `/rulings` lists every ruling, newest first, filtered by game, keyword,
//! tier and status and paged; `/rulings/{id}` shows one (its question and answer, tier
//! and source, date, status with its supersession linked both ways, the keywords, cards
//! and rules it touches, the readings its position takes and "step through it", which
//! opens `/adjudicate/p/{hash}/{step}`; a standing one offers judges "Supersede this
//! ruling", `/judge/supersede/{id}`); `/rulings.atom` and `/rulings/{game}.atom` are
//! Atom feeds of them. Every page has its JSON twin (`.json` or `Accept:
//! application/json`).
//!
//! It also builds the rulings section the keyword, card, rule and deck pages show
//! ([`RulingsSection`], [`RulingJson`]). The rulings themselves are `rulings`'
//! (`AppState.rulings`, one snapshot per request); this module only filters and arranges
//! them. A question and an answer are plain text, always escaped: in HTML by the
//! templates, in the feeds by [`xml_text`], in JSON by the HTML-safe writer.

use super::json::{ItemRef, List};
use super::page;
use super::{error::Failure, links, AppState, Format, WebError};
use crate::catalogue::{Catalogue, Game};
use crate::games::GameId;
use crate::rules::interpret::InterpretationInfo;
use crate::rulings::{Ruling, RulingSet, Status, Tier};
use crate::text::fold;
use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;
use serde::{Deserialize, Serialize};

pub(super) fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/rulings", web::get().to(list))
        .route("/rulings.json", web::get().to(list))
        .route("/rulings.atom", web::get().to(feed_all))
        .route("/rulings/{game}.atom", web::get().to(feed_game))
        .route("/rulings/{id}", web::get().to(one));
}

/// Rulings per page of `/rulings`.
pub const PER_PAGE: usize = 50;
/// The highest page number `/rulings` answers.
pub const MAX_PAGE: usize = 10_000;
/// Entries in a feed: the newest this many.
pub const FEED_ENTRIES: usize = 100;

/// Another ruling, as a ruling links to it (supersedes, superseded by).
#[derive(Debug, Clone, Serialize)]
pub struct RulingLink {
    pub id: String,
    pub url: String,
    pub question: String,
}

impl RulingLink {
    fn of(r: &Ruling) -> RulingLink {
        RulingLink {
            id: r.id.clone(),
            url: links::ruling(&r.id),
            question: r.question.clone(),
        }
    }
}

/// A ruling as every JSON twin carries it (the list, the ruling page, and the `rulings`
/// arrays of keyword, card and rule pages).
#[derive(Debug, Clone, Serialize)]
pub struct RulingJson {
    pub object: &'static str,
    pub id: String,
    /// `/rulings/{id}`.
    pub url: String,
    /// The step it turns on: `/adjudicate/p/{hash}/{step}`.
    pub step_url: String,
    pub game: String,
    pub question: String,
    pub answer: String,
    pub tier: Tier,
    /// The seed and section, the published document, the house rule, or the judge.
    pub source: String,
    /// `YYYY-MM-DD`.
    pub published: String,
    pub status: Status,
    pub supersedes: Option<RulingLink>,
    pub superseded_by: Option<RulingLink>,
    pub keywords: Vec<ItemRef>,
    pub cards: Vec<ItemRef>,
    pub rules: Vec<ItemRef>,
    /// The permalink hash of its position and the step it turns on.
    pub hash: String,
    pub step: u32,
}

impl RulingJson {
    /// `r` as the set shows it (its status and supersession).
    pub fn of(set: &RulingSet, r: &Ruling) -> RulingJson {
        RulingJson {
            object: "ruling",
            id: r.id.clone(),
            url: links::ruling(&r.id),
            step_url: links::ruling_step(&r.hash, r.step),
            game: r.game.clone(),
            question: r.question.clone(),
            answer: r.answer.clone(),
            tier: r.tier,
            source: r.source.clone(),
            published: r.published.clone(),
            status: set.status(&r.id),
            supersedes: r
                .supersedes
                .as_deref()
                .and_then(|s| set.get(s))
                .map(RulingLink::of),
            superseded_by: set.superseded_by(&r.id).map(RulingLink::of),
            keywords: r
                .keywords
                .iter()
                .map(|k| ItemRef::keyword(&r.game, k))
                .collect(),
            cards: r.cards.iter().map(|c| ItemRef::card(&r.game, c)).collect(),
            rules: r.rules.iter().map(|s| ItemRef::rule(&r.game, s)).collect(),
            hash: r.hash.clone(),
            step: r.step,
        }
    }

    /// The answer's paragraphs (split at blank lines), each shown escaped.
    pub fn paragraphs(&self) -> Vec<&str> {
        paragraphs(&self.answer)
    }

    /// The tier as a reader says it, with the judge for a judge ruling.
    pub fn source_line(&self) -> String {
        match self.tier {
            Tier::Seed => format!("seed example ({})", self.source),
            Tier::Published => format!("published rule ({})", self.source),
            Tier::House => format!("house ruling {}", self.source),
            Tier::Judge => format!("judge ruling, published by {}", self.source),
        }
    }

    pub fn superseded(&self) -> bool {
        self.status == Status::Superseded
    }
}

/// `text` split at blank lines, each paragraph trimmed; empty ones left out.
fn paragraphs(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut blank_run = false;
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        if line.trim().is_empty() {
            if !blank_run {
                out.push(&text[start..offset]);
            }
            blank_run = true;
            start = offset + line.len();
        } else {
            blank_run = false;
        }
        offset += line.len();
    }
    out.push(&text[start..]);
    out.into_iter()
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .collect()
}

/// The rulings a keyword, card, rule or deck page lists: standing ones first in view,
/// superseded ones behind a toggle; each newest first.
#[derive(Debug, Default)]
pub struct RulingsSection {
    pub current: Vec<RulingJson>,
    pub superseded: Vec<RulingJson>,
    /// Both, in the set's order (newest first: `rulings::newest_first`).
    ordered: Vec<RulingJson>,
}

impl RulingsSection {
    /// `rulings` (newest first) split by status.
    pub fn of(set: &RulingSet, rulings: &[&Ruling]) -> RulingsSection {
        let ordered: Vec<RulingJson> = rulings.iter().map(|r| RulingJson::of(set, r)).collect();
        let (superseded, current) = ordered.iter().cloned().partition(|r| r.superseded());
        RulingsSection {
            current,
            superseded,
            ordered,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.current.is_empty() && self.superseded.is_empty()
    }

    /// Every ruling, newest first (the JSON twins' `rulings` array).
    pub fn all(&self) -> Vec<RulingJson> {
        self.ordered.clone()
    }
}

/// The query string of `/rulings`.
#[derive(Debug, Deserialize)]
pub struct RulingsQuery {
    pub game: Option<String>,
    pub keyword: Option<String>,
    pub tier: Option<String>,
    pub status: Option<String>,
    pub page: Option<String>,
}

/// The filters of `/rulings`, checked.
#[derive(Debug, Default, Clone, Serialize)]
pub struct Filters {
    pub game: Option<String>,
    pub keyword: Option<String>,
    pub tier: Option<Tier>,
    pub status: Option<Status>,
}

impl Filters {
    /// `/rulings` with these filters, at `page`.
    pub fn url(&self, page: usize) -> String {
        links::rulings(&links::RulingsFilter {
            game: self.game.as_deref(),
            keyword: self.keyword.as_deref(),
            tier: self.tier.map(Tier::as_str),
            status: self.status.map(Status::as_str),
            page,
        })
    }

    fn keeps(&self, cat: &Catalogue, set: &RulingSet, r: &Ruling) -> bool {
        self.game.as_ref().is_none_or(|g| *g == r.game)
            && self.tier.is_none_or(|t| t == r.tier)
            && self.status.is_none_or(|s| s == set.status(&r.id))
            && self.keyword.as_ref().is_none_or(|k| {
                cat.keyword(&r.game, k).is_some_and(|kw| {
                    let name = fold(&kw.name);
                    r.keywords.iter().any(|x| fold(x) == name)
                })
            })
    }
}

/// The JSON twin of `/rulings`.
#[derive(Serialize)]
pub struct RulingsJson {
    #[serde(flatten)]
    pub list: List<RulingJson>,
    pub filters: Filters,
    pub page: usize,
    pub per_page: usize,
    /// The Atom feed of these rulings (of the game filtered on, or of all).
    pub feed_url: String,
}

/// One option of a filter's select.
pub struct Choice {
    pub value: String,
    pub label: String,
    pub selected: bool,
}

/// `/rulings`: a page of the list, with its filters.
#[derive(Template)]
#[template(path = "rulings/list.html")]
pub struct RulingsPage<'a> {
    pub data: &'a RulingsJson,
    pub games: Vec<Choice>,
    pub tiers: Vec<Choice>,
    pub statuses: Vec<Choice>,
    pub keyword: &'a str,
    pub json_url: String,
    pub pages: usize,
    pub page_links: Vec<Option<(usize, String)>>,
    /// Game slug → name, for each ruling's line.
    pub game_names: Vec<(String, String)>,
}

impl RulingsPage<'_> {
    pub fn game_name<'s>(&'s self, slug: &'s str) -> &'s str {
        self.game_names
            .iter()
            .find(|(s, _)| s == slug)
            .map_or(slug, |(_, n)| n.as_str())
    }
}

/// A query value that filters: absent or empty is no filter.
fn given(v: &Option<String>) -> Option<&str> {
    v.as_deref().filter(|s| !s.is_empty())
}

fn bad(format: Format, message: String) -> Failure {
    WebError::BadRequest(message).in_format(format)
}

/// The filters of `q`, each checked against what it may be; a 400 saying what was
/// expected otherwise.
fn filters(cat: &Catalogue, q: &RulingsQuery, format: Format) -> Result<Filters, Failure> {
    let slugs = || {
        cat.games()
            .iter()
            .map(|g| g.slug.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    };
    // An empty value is no filter: the page's form sends "any" as an empty field.
    let game = match given(&q.game) {
        None => None,
        Some(g) => Some(
            cat.game(g)
                .ok_or_else(|| {
                    bad(
                        format,
                        format!(
                            "`game` is {}; expected one of: {}",
                            page::quoted(g),
                            slugs()
                        ),
                    )
                })?
                .slug
                .clone(),
        ),
    };
    let keyword = match given(&q.keyword) {
        None => None,
        Some(k) => {
            let found = match &game {
                Some(g) => cat.keyword(g, k).map(|kw| kw.name.clone()),
                None => cat.keywords_named(k).first().map(|kw| kw.name.clone()),
            };
            Some(found.ok_or_else(|| {
                let of = game
                    .as_deref()
                    .map_or("any game".to_string(), |g| format!("the game {g}"));
                // A keyword the catalogue does not have is a thing not found (404), as
                // `/keyword/{game}/{name}` answers; a malformed filter is a 400.
                WebError::NotFound(format!(
                    "`keyword` is {}; expected the name or an alias of a keyword of {of}",
                    page::quoted(k)
                ))
                .in_format(format)
            })?)
        }
    };
    let tier = match given(&q.tier) {
        None => None,
        Some(t) => Some(Tier::parse(t).ok_or_else(|| {
            bad(
                format,
                format!(
                    "`tier` is {}; expected one of: seed, published, house, judge",
                    page::quoted(t)
                ),
            )
        })?),
    };
    let status = match given(&q.status) {
        None => None,
        Some("published") => Some(Status::Published),
        Some("superseded") => Some(Status::Superseded),
        Some(s) => {
            return Err(bad(
                format,
                format!(
                    "`status` is {}; expected published or superseded",
                    page::quoted(s)
                ),
            ))
        }
    };
    Ok(Filters {
        game,
        keyword,
        tier,
        status,
    })
}

/// `page`: digits from 1 to [`MAX_PAGE`]; 1 when absent.
fn page_number(raw: Option<&str>, format: Format) -> Result<usize, Failure> {
    let Some(raw) = raw else { return Ok(1) };
    match raw.parse::<usize>() {
        Ok(n) if (1..=MAX_PAGE).contains(&n) && raw.bytes().all(|b| b.is_ascii_digit()) => Ok(n),
        _ => Err(bad(
            format,
            format!(
                "`page` is {}; expected a whole number from 1 to {MAX_PAGE}",
                page::quoted(raw)
            ),
        )),
    }
}

async fn list(
    req: HttpRequest,
    query: web::Query<RulingsQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, Failure> {
    let format = Format::of(&req);
    let cat = &state.catalogue;
    let q = query.into_inner();
    let filters = filters(cat, &q, format)?;
    let page_no = page_number(q.page.as_deref(), format)?;
    let set = state.rulings.snapshot();
    let kept: Vec<&Ruling> = set
        .all()
        .iter()
        .filter(|r| filters.keeps(cat, &set, r))
        .collect();
    let total = kept.len();
    let start = (page_no - 1).saturating_mul(PER_PAGE).min(total);
    let end = (start + PER_PAGE).min(total);
    let has_more = end < total;
    let data = RulingsJson {
        list: List {
            object: "list",
            data: kept[start..end]
                .iter()
                .map(|r| RulingJson::of(&set, r))
                .collect(),
            total,
            has_more,
            next_page: has_more.then(|| links::json(&filters.url(page_no + 1))),
            warnings: Vec::new(),
        },
        filters: filters.clone(),
        page: page_no,
        per_page: PER_PAGE,
        feed_url: links::rulings_feed(filters.game.as_deref()),
    };
    if format == Format::Json {
        return page::json(&data, format);
    }
    let pages = total.div_ceil(PER_PAGE).max(1);
    let choice = |value: &str, label: &str, selected: bool| Choice {
        value: value.to_string(),
        label: label.to_string(),
        selected,
    };
    let page = RulingsPage {
        games: cat
            .games()
            .iter()
            .map(|g| choice(&g.slug, &g.name, filters.game.as_ref() == Some(&g.slug)))
            .collect(),
        tiers: Tier::ALL
            .iter()
            .map(|t| choice(t.as_str(), t.as_str(), filters.tier == Some(*t)))
            .collect(),
        statuses: [Status::Published, Status::Superseded]
            .iter()
            .map(|s| choice(s.as_str(), s.as_str(), filters.status == Some(*s)))
            .collect(),
        keyword: filters.keyword.as_deref().unwrap_or(""),
        json_url: links::json(&filters.url(page_no)),
        page_links: page::page_links(page_no, pages, &|n| filters.url(n)),
        pages,
        game_names: cat
            .games()
            .iter()
            .map(|g| (g.slug.clone(), g.name.clone()))
            .collect(),
        data: &data,
    };
    page::render(&page, format)
}

/// One reading the ruling's position takes.
#[derive(Debug, Serialize)]
pub struct ReadingJson {
    /// The key in the position's `interpretations`.
    pub key: String,
    /// The question the words leave open (empty when the game does not know the key).
    pub question: String,
    /// The reading taken.
    pub value: String,
    /// What it means.
    pub meaning: String,
    /// Whether it is the game's default reading.
    pub default: bool,
    /// Where the interpretation is written, when the docs are served.
    pub doc_url: Option<String>,
}

/// The JSON twin of `/rulings/{id}`.
#[derive(Serialize)]
pub struct RulingPageJson {
    #[serde(flatten)]
    pub ruling: RulingJson,
    /// The readings its position takes, those that are not the default first.
    pub readings: Vec<ReadingJson>,
    /// The stored position: `/adjudicate/p/{hash}.json`.
    pub position_url: String,
    pub feed_url: String,
}

/// `/rulings/{id}`: one ruling.
#[derive(Template)]
#[template(path = "rulings/ruling.html")]
pub struct RulingPage<'a> {
    pub game: &'a Game,
    pub data: &'a RulingPageJson,
    pub json_url: String,
}

impl RulingPage<'_> {
    /// The judges' form that corrects this ruling: `/judge/supersede/{id}`.
    pub fn supersede_url(&self) -> String {
        links::judge_supersede(&self.data.ruling.id)
    }

    /// Whether the position takes any reading that is not the default.
    pub fn any_not_default(&self) -> bool {
        self.data.readings.iter().any(|r| !r.default)
    }
}

/// The interpretations of `game` (its slug), as its rules declare them.
fn interpretations(game: &str) -> (&'static [InterpretationInfo], &'static str) {
    use crate::games::{
        arcane::Arcane, battleline::Battleline, karth::Karth, keyforge::Keyforge, swtcg::Swtcg,
    };
    use crate::rules::{Game, Readings};
    fn of<G: Game>() -> (&'static [InterpretationInfo], &'static str) {
        (<G::Readings as Readings>::TABLE, G::RULES_DOC)
    }
    match GameId::from_slug(game) {
        Some(GameId::Battleline) => of::<Battleline>(),
        Some(GameId::Swtcg) => of::<Swtcg>(),
        Some(GameId::Keyforge) => of::<Keyforge>(),
        Some(GameId::Arcane) => of::<Arcane>(),
        Some(GameId::Karth) => of::<Karth>(),
        None => (&[], ""),
    }
}

/// The readings `position` (canonical JSON) takes: its `interpretations` object, each
/// key explained by the game's table; those that are not the default first.
fn readings(game: &str, position: &str) -> Vec<ReadingJson> {
    let (table, doc) = interpretations(game);
    let value: serde_json::Value = serde_json::from_str(position).unwrap_or_default();
    let Some(chosen) = value.get("interpretations").and_then(|v| v.as_object()) else {
        return Vec::new();
    };
    let mut out: Vec<ReadingJson> = chosen
        .iter()
        .map(|(key, v)| {
            let value = v.as_str().map_or_else(|| v.to_string(), str::to_string);
            let info = table.iter().find(|i| i.key == key);
            ReadingJson {
                key: key.clone(),
                question: info.map_or_else(String::new, |i| i.question.to_string()),
                meaning: info
                    .and_then(|i| i.readings.iter().find(|(v, _)| *v == value))
                    .map_or_else(String::new, |(_, m)| m.to_string()),
                default: info.is_none_or(|i| i.readings[0].0 == value),
                doc_url: crate::web::docs::link(doc, &format!("interpretation-{key}")),
                value,
            }
        })
        .collect();
    out.sort_by_key(|r| r.default);
    out
}

async fn one(
    req: HttpRequest,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, Failure> {
    let format = Format::of(&req);
    let raw = path.into_inner();
    let id = page::strip_json(&req, &raw);
    let set = state.rulings.snapshot();
    let ruling = set
        .get(id)
        .ok_or_else(|| unknown_ruling(&set, id, format))?;
    let cat = &state.catalogue;
    let game = cat.game(&ruling.game).ok_or_else(|| {
        WebError::Internal(format!(
            "ruling {} is of the game {}, which the catalogue does not have",
            ruling.id, ruling.game
        ))
        .in_format(format)
    })?;
    let data = RulingPageJson {
        ruling: RulingJson::of(&set, ruling),
        readings: readings(&ruling.game, &ruling.position),
        position_url: format!("/adjudicate/p/{}.json", ruling.hash),
        feed_url: links::rulings_feed(Some(&ruling.game)),
    };
    if format == Format::Json {
        return page::json(&data, format);
    }
    page::render(
        &RulingPage {
            game,
            data: &data,
            json_url: links::json(&links::ruling(&ruling.id)),
        },
        format,
    )
}

/// A 404 naming the id asked for and offering the closest ids.
fn unknown_ruling(set: &RulingSet, id: &str, format: Format) -> Failure {
    let shape = if crate::rulings::is_id(id) {
        String::new()
    } else {
        " (a ruling id is 1 to 40 of a-z, 0-9 and -)".to_string()
    };
    let found = page::suggestions(id, set.all().iter().map(|r| r.id.as_str()));
    page::not_found(
        format!("no ruling {}{shape}", page::quoted(id)),
        &found,
        &|i| links::ruling(i),
        format,
    )
}

async fn feed_all(req: HttpRequest, state: web::Data<AppState>) -> HttpResponse {
    let set = state.rulings.snapshot();
    let rulings: Vec<&Ruling> = set.all().iter().take(FEED_ENTRIES).collect();
    atom(&req, &set, None, &rulings)
}

async fn feed_game(
    req: HttpRequest,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, Failure> {
    let slug = path.into_inner();
    let cat = &state.catalogue;
    let game = page::game(cat, &slug, &|g| links::rulings_feed(Some(g)), Format::Html)?;
    let set = state.rulings.snapshot();
    let rulings: Vec<&Ruling> = set
        .all()
        .iter()
        .filter(|r| r.game == game.slug)
        .take(FEED_ENTRIES)
        .collect();
    Ok(atom(&req, &set, Some(game), &rulings))
}

/// The site's origin as the request names it (`http://host:port`), for the feed's
/// absolute links; a `Host` with anything but a host name's characters is `localhost`.
fn origin(req: &HttpRequest) -> String {
    let info = req.connection_info();
    // The request's own `Host`, never `X-Forwarded-Host` or `Forwarded` (which any
    // client can send, and which a cache in front would then serve to everyone).
    let host = req
        .headers()
        .get(actix_web::http::header::HOST)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_else(|| req.app_config().host());
    let host = if !host.is_empty()
        && host.len() <= 255
        && host
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-.:[]".contains(&b))
    {
        host
    } else {
        "localhost"
    };
    let scheme = if info.scheme() == "https" {
        "https"
    } else {
        "http"
    };
    format!("{scheme}://{host}")
}

/// `text` as XML character data or an attribute value: `&`, `<`, `>`, `"` and `'`
/// escaped, and the characters XML 1.0 does not allow (control characters other than tab
/// and line breaks, lone surrogates cannot occur in a `str`, U+FFFE and U+FFFF) dropped.
pub fn xml_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => {}
            c => out.push(c),
        }
    }
    out
}

/// An Atom feed of `rulings` (newest first): of one game, or of all.
fn atom(
    req: &HttpRequest,
    set: &RulingSet,
    game: Option<&Game>,
    rulings: &[&Ruling],
) -> HttpResponse {
    let base = origin(req);
    let self_url = links::rulings_feed(game.map(|g| g.slug.as_str()));
    let html_url = match game {
        Some(g) => Filters {
            game: Some(g.slug.clone()),
            ..Filters::default()
        }
        .url(1),
        None => "/rulings".to_string(),
    };
    let title = match game {
        Some(g) => format!("Arbiter rulings: {}", g.name),
        None => "Arbiter rulings".to_string(),
    };
    let updated = rulings
        .first()
        .map_or("1970-01-01".to_string(), |r| r.published.clone());
    let mut xml = String::with_capacity(1024 + rulings.len() * 1024);
    xml.push_str("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n");
    xml.push_str("<feed xmlns=\"http://www.w3.org/2005/Atom\">\n");
    let push = |xml: &mut String, tag: &str, text: &str| {
        xml.push_str(&format!("<{tag}>{}</{tag}>\n", xml_text(text)));
    };
    push(&mut xml, "title", &title);
    push(
        &mut xml,
        "id",
        &format!("tag:arbiter,2026:{}", self_url.trim_start_matches('/')),
    );
    push(&mut xml, "updated", &atom_date(&updated));
    xml.push_str(&format!(
        "<link rel=\"self\" type=\"application/atom+xml\" href=\"{}\"/>\n",
        xml_text(&format!("{base}{self_url}"))
    ));
    xml.push_str(&format!(
        "<link rel=\"alternate\" type=\"text/html\" href=\"{}\"/>\n",
        xml_text(&format!("{base}{html_url}"))
    ));
    xml.push_str("<author><name>Arbiter</name></author>\n");
    for r in rulings {
        let status = set.status(&r.id);
        xml.push_str("<entry>\n");
        push(&mut xml, "title", &r.question);
        push(
            &mut xml,
            "id",
            &format!("tag:arbiter,2026:rulings/{}", r.id),
        );
        push(&mut xml, "updated", &atom_date(&r.published));
        push(&mut xml, "published", &atom_date(&r.published));
        xml.push_str(&format!(
            "<link rel=\"alternate\" type=\"text/html\" href=\"{}\"/>\n",
            xml_text(&format!("{base}{}", links::ruling(&r.id)))
        ));
        xml.push_str(&format!(
            "<link rel=\"related\" type=\"text/html\" title=\"step through it\" href=\"{}\"/>\n",
            xml_text(&format!("{base}{}", links::ruling_step(&r.hash, r.step)))
        ));
        xml.push_str(&format!(
            "<category term=\"{}\"/>\n<category term=\"{}\"/>\n<category term=\"{}\"/>\n",
            xml_text(&r.game),
            r.tier.as_str(),
            status.as_str()
        ));
        if r.tier == Tier::Judge {
            xml.push_str(&format!(
                "<author><name>{}</name></author>\n",
                xml_text(&r.source)
            ));
        }
        let mut summary = format!("Q: {}\n\nA: {}", r.question, r.answer);
        if let Some(by) = set.superseded_by(&r.id) {
            summary.push_str(&format!("\n\nSuperseded by {}.", by.id));
        }
        xml.push_str(&format!(
            "<summary type=\"text\">{}</summary>\n",
            xml_text(&summary)
        ));
        xml.push_str("</entry>\n");
    }
    xml.push_str("</feed>\n");
    HttpResponse::Ok()
        .content_type("application/atom+xml; charset=utf-8")
        .body(xml)
}

/// `YYYY-MM-DD` as an RFC 3339 date-time at midnight UTC.
fn atom_date(day: &str) -> String {
    format!("{day}T00:00:00Z")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_split_into_paragraphs() {
        assert_eq!(paragraphs("a\nb\n\n\nc\n"), ["a\nb", "c"]);
        assert_eq!(paragraphs(""), Vec::<&str>::new());
        assert_eq!(paragraphs("  \n\n x "), ["x"]);
    }

    #[test]
    fn feed_text_is_escaped_and_xml_safe() {
        assert_eq!(
            xml_text("<script>\"a\" & 'b'\u{1}\u{FFFF}\n"),
            "&lt;script&gt;&quot;a&quot; &amp; &apos;b&apos;\n"
        );
    }
}
