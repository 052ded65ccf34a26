//! The search pages: `/search` (results, facets, pagination), its JSON twins `/search.json`
//! and `/api/search`, and the query language's help page `/help/search`.
//!
//! Results come from `search::SearchIndex`; this module only shapes them. A query with
//! ignored terms still answers 200 with `warnings`; one where nothing can run answers 400
//! with the offsets.

use super::json::{List, Warning};
use super::page::filters;
use super::reading::{self, Filtered, KeywordShown, NearName, ReadAs, ReadQuery};
use super::{error::Failure, links, AppState, Format, WebError};
use crate::catalogue::Catalogue;
use crate::rulings::RulingSet;
use crate::search::{
    Entry, SearchError, SearchOptions, SearchResults, Snippet, FIELDS, MAX_PER_PAGE,
};
use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Rendered JSON answers of recent searches, keyed by the ruling set searched (its
/// serial: a judge's publication replaces the set, so an answer cached before it is never
/// served after it), query, page and page size. The catalogue and its index never change
/// while the server runs; the cache only bounds memory. Capacity 0 disables it (`serve
/// --search-cache 0`).
pub struct ResponseCache(Option<quick_cache::sync::Cache<String, web::Bytes>>);

impl ResponseCache {
    pub fn new(capacity: usize) -> Self {
        ResponseCache((capacity > 0).then(|| quick_cache::sync::Cache::new(capacity)))
    }
    fn get(&self, key: &str) -> Option<web::Bytes> {
        self.0.as_ref()?.get(key)
    }
    fn insert(&self, key: String, body: web::Bytes) {
        if let Some(c) = &self.0 {
            c.insert(key, body);
        }
    }
}

pub(super) fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/search", web::get().to(search_page))
        .route("/search.json", web::get().to(search_page))
        .route("/api/search", web::get().to(api_search))
        .route("/help/search", web::get().to(help))
        .route("/help/search.json", web::get().to(help));
}

/// Query string of the search routes.
#[derive(Debug, Deserialize)]
pub struct SearchParams {
    /// The query; the API requires it (400 without it), the page shows its form.
    #[serde(rename = "q")]
    given_q: Option<String>,
    page: Option<usize>,
    per_page: Option<usize>,
}

impl SearchParams {
    /// The query, empty when none was given.
    fn q(&self) -> &str {
        self.given_q.as_deref().unwrap_or("")
    }

    /// Refuses a request without `q`, which the OpenAPI document marks required.
    fn require_q(&self, format: Format) -> Result<(), Failure> {
        match self.given_q {
            Some(_) => Ok(()),
            None => Err(WebError::BadRequest(
                "the query parameter `q` is missing: add `q=` with what to search for".into(),
            )
            .in_format(format)),
        }
    }
}

/// One result as the page and the JSON show it.
#[derive(Debug, Serialize)]
pub struct ResultItem {
    pub object: &'static str,
    pub kind: &'static str,
    pub game: String,
    pub game_name: String,
    pub name: String,
    pub url: String,
    /// Card type, keyword kind, or rule title.
    pub subtitle: String,
    pub exact: bool,
    pub score: f32,
    pub snippet: String,
    pub snippet_html: String,
    /// For a card: the values the query's comparisons looked at (`value<=2` → value 2).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub filtered: Vec<Filtered>,
    /// For a card: its keywords, those the query named marked.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub keywords: Vec<KeywordShown>,
    /// On the HTML page, the game heading to show before this item when the results are
    /// grouped by game.
    #[serde(skip)]
    pub heading: Option<String>,
}

/// A facet value with its count and the URL that refines the query by it.
#[derive(Debug, Serialize)]
pub struct FacetLink {
    pub value: String,
    /// What the page shows: a game's name (from the game registry, as every page spells
    /// it), or the value itself.
    pub label: String,
    pub count: usize,
    pub url: String,
}

/// `/search?q=`: results with highlighted snippets, facets and pagination.
#[derive(Template)]
#[template(path = "search/results.html")]
pub struct ResultsPage {
    pub q: String,
    pub results: Vec<ResultItem>,
    pub total: usize,
    pub page: usize,
    pub pages: usize,
    pub prev_url: Option<String>,
    pub next_url: Option<String>,
    pub facets: Vec<(String, Vec<FacetLink>)>,
    pub warnings: Vec<Warning>,
    /// Exact matches from more than one game: shown grouped under game headings.
    pub grouped: bool,
    /// Numbered page links: (page, URL); `None` for a gap (`…`).
    pub page_links: Vec<Option<(usize, String)>>,
    /// What was searched for, when it was not the query as typed.
    pub read_as: Option<ReadAs>,
    /// With no results: the nearest keywords and cards.
    pub suggestions: Vec<NearName>,
    /// The words the suggestions by text mention.
    pub mention_words: Vec<String>,
    /// Some suggestions are by name, some by text.
    pub by_name: bool,
    pub by_text: bool,
}

/// `/search` without a query: the search box and examples.
#[derive(Template)]
#[template(path = "search/empty.html")]
pub struct EmptySearchPage {
    pub examples: Vec<(&'static str, &'static str)>,
}

/// Example queries shown on the home and empty search pages.
pub const EXAMPLES: [(&str, &str); 8] = [
    ("brekthrough", "a typo still finds Breakthrough"),
    ("Elude", "a former name finds Precision"),
    ("fury", "one name, several games"),
    ("5.1.2", "a rule number the source repeats"),
    ("game:karth type:item value<=2", "cheap Karth items"),
    ("keyword:armor attack>=3", "cards with Armor and 3+ attack"),
    ("timing:\"damage prevention\"", "Star Wars keywords by POP"),
    (
        "kind:keyword -game:battleline ability:triggered",
        "triggered keywords outside the battle line",
    ),
];

/// `/help/search`: the query language.
#[derive(Template)]
#[template(path = "help/search.html")]
pub struct HelpPage {
    pub fields: Vec<&'static str>,
    pub numeric: Vec<String>,
    pub attributes: Vec<String>,
    pub examples: Vec<(&'static str, &'static str)>,
}

fn warnings(ws: &[crate::search::QueryWarning]) -> Vec<Warning> {
    ws.iter()
        .map(|w| Warning {
            code: "ignored_term",
            message: w.message.clone(),
            offset: Some(w.offset),
        })
        .collect()
}

// The longest `q`, in characters (the OpenAPI document's `maxLength`), is the query
// language's own bound.
use crate::search::query::MAX_QUERY_CHARS;

/// Refuses a `q` over [`MAX_QUERY_CHARS`].
fn check_length(q: &str, format: Format) -> Result<(), Failure> {
    if q.chars().count() > MAX_QUERY_CHARS {
        return Err(WebError::BadRequest(format!(
            "the query `q` is over {MAX_QUERY_CHARS} characters"
        ))
        .in_format(format));
    }
    Ok(())
}

fn run_query(
    state: &AppState,
    rulings: &Arc<RulingSet>,
    q: &str,
    p: &SearchParams,
    format: Format,
) -> Result<SearchResults, Failure> {
    let opts = SearchOptions {
        page: p.page.unwrap_or(1).max(1),
        per_page: p.per_page.unwrap_or(20).clamp(1, MAX_PER_PAGE),
    };
    if opts.page > 10_000 {
        return Err(WebError::BadRequest("`page` is at most 10000".into()).in_format(format));
    }
    // A query with nothing to search for finds nothing: an empty list whose warnings say
    // why, as the document promises every `q` an answer.
    let nothing = |warnings| SearchResults {
        hits: Vec::new(),
        total: 0,
        page: opts.page,
        per_page: opts.per_page,
        facets: ["game", "kind", "type"]
            .into_iter()
            .map(|f| (f, Vec::new()))
            .collect(),
        warnings,
        rulings: rulings.clone(),
    };
    match state.search.search_with_rulings(q, &opts, rulings) {
        Ok(results) => Ok(results),
        Err(SearchError::EmptyQuery) => Ok(nothing(vec![crate::search::QueryWarning {
            offset: 0,
            message: "the query is empty: there is nothing to search for".into(),
        }])),
        Err(SearchError::NothingToRun { warnings }) => Ok(nothing(warnings)),
        Err(other) => Err(WebError::Internal(other.to_string()).in_format(format)),
    }
}

fn item(
    cat: &Catalogue,
    rulings: &RulingSet,
    q: &ReadQuery,
    e: Entry,
    hit: &crate::search::Hit,
) -> ResultItem {
    let d = cat.data();
    // A card the file cannot give back (cards on disk) is logged where it is read.
    let card = match e {
        Entry::Card(i) => cat.cards().get(i),
        _ => None,
    };
    let (filtered, keywords) = match &card {
        Some(c) => reading::why_matched(cat, c, q),
        None => (Vec::new(), Vec::new()),
    };
    let (game, name, url, subtitle) = match e {
        Entry::Card(_) => match &card {
            Some(c) => (
                c.game.to_string(),
                c.name.to_string(),
                links::card(&c.game, &c.name),
                c.card_type.to_string(),
            ),
            None => Default::default(),
        },
        Entry::Keyword(i) => {
            let k = &d.keywords[i];
            (
                k.game.clone(),
                k.name.clone(),
                links::keyword(&k.game, &k.name),
                k.kind.clone(),
            )
        }
        Entry::Rule(i) => {
            let r = &d.rules[i];
            (
                r.game.clone(),
                r.section.clone(),
                links::rule(&r.game, &r.section),
                r.title.clone(),
            )
        }
        // Its question as its name (escaped wherever shown, as every name is).
        Entry::Ruling(i) => match rulings.all().get(i) {
            Some(r) => (
                r.game.clone(),
                r.question.clone(),
                r.url(),
                format!(
                    "{} ruling, {}{}",
                    r.tier.as_str(),
                    r.published,
                    match rulings.status(&r.id) {
                        crate::rulings::Status::Superseded => ", superseded",
                        crate::rulings::Status::Published => "",
                    }
                ),
            ),
            None => Default::default(),
        },
    };
    let game_name = game_name(cat, &game);
    ResultItem {
        object: e.kind().as_str(),
        kind: e.kind().as_str(),
        game,
        game_name,
        name,
        url,
        subtitle,
        exact: hit.exact,
        score: hit.score,
        snippet: hit.snippet.plain(),
        snippet_html: snippet_html(&hit.snippet),
        filtered,
        keywords,
        heading: None,
    }
}

/// A game's name as every page spells it: the game registry's (`games::GameId`), else
/// the catalogue's, else its slug.
pub fn game_name(cat: &Catalogue, slug: &str) -> String {
    match crate::games::GameId::from_slug(slug) {
        Some(g) => g.name().to_string(),
        None => cat
            .game(slug)
            .map_or_else(|| slug.to_string(), |g| g.name.clone()),
    }
}

/// A snippet as HTML: its text escaped, each highlighted piece in `<mark>`.
pub fn snippet_html(snippet: &Snippet) -> String {
    let mut html = String::new();
    for (piece, hit) in &snippet.pieces {
        let escaped = html_escape::encode_text(piece);
        if *hit {
            html.push_str("<mark>");
            html.push_str(&escaped);
            html.push_str("</mark>");
        } else {
            html.push_str(&escaped);
        }
    }
    html
}

/// The JSON answer of `/api/search` (and `arbiter search --json`): a list plus the page,
/// the page size and the facet counts.
#[derive(Serialize)]
pub struct SearchResponse {
    #[serde(flatten)]
    pub list: List<ResultItem>,
    pub page: usize,
    pub per_page: usize,
    pub facets: std::collections::BTreeMap<&'static str, crate::search::FacetCounts>,
    /// What was searched for, when the page did not search the query as typed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub read_as: Option<ReadAs>,
    /// With no results: the keywords and cards nearest by name ("did you mean"), then
    /// those whose text has one of the words (`matched_by`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub suggestions: Vec<NearName>,
    /// With no results: the query language's help.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub help_url: Option<String>,
}

/// Shapes a page of results for JSON.
pub fn search_response(
    cat: &Catalogue,
    q: &str,
    per_page: Option<usize>,
    r: SearchResults,
) -> SearchResponse {
    let has_more = r.has_more();
    let next_page = has_more.then(|| {
        let mut url = links::json(&links::search(q, r.page + 1));
        if let Some(n) = per_page {
            url.push_str(&format!("&per_page={n}"));
        }
        url
    });
    let read = ReadQuery::of(q);
    let data: Vec<ResultItem> = r
        .hits
        .iter()
        .map(|h| item(cat, &r.rulings, &read, h.entry, h))
        .collect();
    let list = List {
        object: "list",
        data,
        total: r.total,
        has_more,
        next_page,
        warnings: warnings(&r.warnings),
    };
    SearchResponse {
        list,
        page: r.page,
        per_page: r.per_page,
        help_url: (r.total == 0).then(|| "/help/search".to_string()),
        facets: r.facets,
        read_as: None,
        suggestions: Vec::new(),
    }
}

fn json_results(
    state: &AppState,
    p: &SearchParams,
    a: reading::Answer,
) -> Result<HttpResponse, Failure> {
    let response_rulings = a.results.rulings.clone();
    let mut response = search_response(&state.catalogue, &a.searched, p.per_page, a.results);
    response.read_as = a.read_as;
    response.suggestions = a.suggestions;
    // A page of 20 results is 10–15 KB: one allocation rather than seven doublings.
    let mut body = Vec::with_capacity(16 * 1024);
    serde_json::to_writer(&mut body, &response).map_err(|e| {
        WebError::Internal(format!("serialising results: {e}")).in_format(Format::Json)
    })?;
    let body = web::Bytes::from(body);
    state
        .search_cache
        .insert(cache_key(p, &response_rulings), body.clone());
    Ok(json_body(body))
}

fn json_body(body: web::Bytes) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("application/json")
        .body(body)
}

fn cache_key(p: &SearchParams, rulings: &RulingSet) -> String {
    format!(
        "{}\u{0}{}\u{0}{}\u{0}{}",
        rulings.serial(),
        p.page.unwrap_or(1),
        p.per_page.unwrap_or(20),
        p.q()
    )
}

/// The page's answer (`reading::answer`); one that found nothing first offers the card
/// types its `type:` filter may have meant (`reading::type_suggestions`).
fn answer(
    state: &AppState,
    typed: &str,
    run: &dyn Fn(&str) -> Result<SearchResults, Failure>,
) -> Result<reading::Answer, Failure> {
    let mut a = reading::answer(&state.catalogue, typed, run)?;
    if a.results.total == 0 && a.read_as.is_none() {
        let types = reading::type_suggestions(&state.catalogue, typed, &state.search.card_types());
        a.suggestions.splice(0..0, types);
    }
    Ok(a)
}

async fn api_search(
    state: web::Data<AppState>,
    p: web::Query<SearchParams>,
) -> Result<HttpResponse, Failure> {
    p.require_q(Format::Json)?;
    check_length(p.q(), Format::Json)?;
    let rulings = state.rulings.snapshot();
    if let Some(body) = state.search_cache.get(&cache_key(&p, &rulings)) {
        return Ok(json_body(body));
    }
    let a = answer(&state, p.q(), &|q| {
        run_query(&state, &rulings, q, &p, Format::Json)
    })?;
    json_results(&state, &p, a)
}

async fn search_page(
    req: HttpRequest,
    state: web::Data<AppState>,
    p: web::Query<SearchParams>,
) -> Result<HttpResponse, Failure> {
    let format = Format::of(&req);
    check_length(p.q(), format)?;
    if format == Format::Html && p.q().trim().is_empty() {
        return super::page::render(
            &EmptySearchPage {
                examples: EXAMPLES.to_vec(),
            },
            format,
        );
    }
    let rulings = state.rulings.snapshot();
    if format == Format::Json {
        p.require_q(format)?;
        if let Some(body) = state.search_cache.get(&cache_key(&p, &rulings)) {
            return Ok(json_body(body));
        }
    }
    let a = answer(&state, p.q(), &|q| {
        run_query(&state, &rulings, q, &p, format)
    })?;
    if format == Format::Json {
        return json_results(&state, &p, a);
    }
    let reading::Answer {
        results: r,
        searched,
        read_as,
        suggestions,
    } = a;
    let pages = r.total.div_ceil(r.per_page).max(1);
    let page_url = |n: usize| {
        let mut url = links::search(&searched, n);
        if let Some(pp) = p.per_page {
            url.push_str(if url.contains('?') { "&" } else { "?" });
            url.push_str(&format!("per_page={pp}"));
        }
        url
    };
    let facets = r
        .facets
        .iter()
        .filter(|(_, values)| !values.is_empty())
        .map(|(name, values)| {
            let links = values
                .iter()
                .map(|(v, n)| {
                    let term = if v.contains(' ') {
                        format!("{name}:\"{v}\"")
                    } else {
                        format!("{name}:{v}")
                    };
                    FacetLink {
                        label: match *name {
                            "game" => game_name(&state.catalogue, v),
                            _ => v.clone(),
                        },
                        value: v.clone(),
                        count: *n,
                        url: links::search(&format!("{} {term}", searched.trim()), 1),
                    }
                })
                .collect();
            (name.to_string(), links)
        })
        .collect();
    let read = ReadQuery::of(&searched);
    let mut results: Vec<ResultItem> = r
        .hits
        .iter()
        .map(|h| item(&state.catalogue, &r.rulings, &read, h.entry, h))
        .collect();
    let grouped = reading::group_by_game(&mut results);
    let page = ResultsPage {
        q: p.q().to_owned(),
        page_links: super::page::page_links(r.page, pages, &page_url),
        read_as,
        mention_words: reading::content_words(&reading::searched_words(p.q()))
            .into_iter()
            .map(String::from)
            .collect(),
        by_name: suggestions.iter().any(NearName::by_name),
        by_text: suggestions.iter().any(|s| !s.by_name()),
        suggestions,
        total: r.total,
        page: r.page,
        pages,
        prev_url: (r.page > 1).then(|| page_url(r.page - 1)),
        next_url: r.has_more().then(|| page_url(r.page + 1)),
        facets,
        warnings: warnings(&r.warnings),
        grouped,
        results,
    };
    super::page::render(&page, format)
}

async fn help(req: HttpRequest, state: web::Data<AppState>) -> Result<HttpResponse, Failure> {
    let format = Format::of(&req);
    let cat = state.search.catalogue();
    let mut numeric = vec!["value".to_string()];
    let mut attributes = Vec::new();
    for c in &cat.data().attribute_columns {
        let list = if c.numeric {
            &mut numeric
        } else {
            &mut attributes
        };
        if !list.contains(&c.name) {
            list.push(c.name.clone());
        }
    }
    let page = HelpPage {
        fields: FIELDS.to_vec(),
        numeric,
        attributes,
        examples: EXAMPLES.to_vec(),
    };
    match format {
        Format::Json => super::page::json(
            &serde_json::json!({
                "object": "help",
                "fields": page.fields,
                "numeric_fields": page.numeric,
                "attribute_fields": page.attributes,
                "operators": [":", "=", "!=", "<", "<=", ">", ">="],
                "examples": page.examples.iter().map(|(q, what)| serde_json::json!({"q": q, "what": what, "url": links::search(q, 1)})).collect::<Vec<_>>(),
            }),
            format,
        ),
        Format::Html => super::page::render(&page, format),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn snippet_html_escapes_everything_but_the_marks() {
        let s = Snippet {
            pieces: vec![
                ("…".into(), false),
                ("<script>".into(), false),
                ("fury".into(), true),
                (" & \"x\"".into(), false),
            ],
        };
        assert_eq!(
            snippet_html(&s),
            "…&lt;script&gt;<mark>fury</mark> &amp; \"x\""
        );
    }
}
