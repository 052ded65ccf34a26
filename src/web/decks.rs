//! Deck validation on the web: the `/decks` page (paste or upload lists, pick a format,
//! see each verdict with links to its rules and cards and the deck's keyword sheet), its
//! JSON twin (`POST /decks.json`, or `POST /decks` with `Accept: application/json`), the
//! API `POST /api/decks/validate` (a text or JSON decklist in, one verdict out), and the
//! HTML tournament report that `arbiter check --batch` writes.
//!
//! A paste of several lists starts with a summary (how many are legal, each linking to its
//! verdict); legal verdicts and keyword sheets are collapsed; `POST /decks.csv` downloads
//! the verdicts as the CSV of `arbiter check --batch --report`, and the page prints one
//! verdict per sheet without the form.
//!
//! The judging is `decks`'; this module only reads requests and arranges verdicts. Bad
//! bodies (wrong content type, invalid JSON, not UTF-8) are 400s with the
//! JSON error object, except a list over 1 MiB (counted decoded, as text), which is a
//! 413; an illegal deck is a 200 with `legal: false`.

use super::page::{self, filters};
use super::rulings::RulingJson;
use super::{error::Failure, links, AppState, Format, WebError};
use crate::catalogue::Catalogue;
use crate::decks::{self, DeckValidator, Verdict, Violation, DEFAULT_FORMAT, GAME};
use crate::rulings::{RulingSet, Status};
use crate::text::fold;
use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;
use serde::{Deserialize, Serialize};

/// Decklists per request on the page (several lists separated by `---`).
const MAX_LISTS: usize = 200;

/// The page's script (loading decklist files into the textarea).
const DECKS_JS: &str = include_str!("../../static/decks.js");

/// The most a form post may carry, encoded: URL encoding writes a byte as up to three
/// (`%0A`), so a 1 MiB list can take 3 MiB; the 1 MiB cap applies to the decoded list.
const MAX_FORM_BYTES: usize = 3 * decks::MAX_BYTES + 64 * 1024;

/// The 413 of a list over [`decks::MAX_BYTES`], however it was sent.
fn too_large(bytes: Option<usize>) -> WebError {
    let size = match bytes {
        Some(n) => format!("the decklists are {n} bytes"),
        None => format!("the form is over {MAX_FORM_BYTES} bytes"),
    };
    WebError::TooLarge(format!(
        "{size}; the limit is {} bytes (1 MiB) of decklist text: a decklist is a few kilobytes",
        decks::MAX_BYTES
    ))
}

pub(super) fn routes(cfg: &mut web::ServiceConfig) {
    let form = web::FormConfig::default()
        .limit(MAX_FORM_BYTES)
        .error_handler(|err, req| {
            let out = Format::of(req);
            match err {
                actix_web::error::UrlencodedError::Overflow { .. } => {
                    too_large(None).in_format(out).into()
                }
                err => WebError::BadRequest(format!(
                    "expected a form (application/x-www-form-urlencoded) with `list` and `format`: {err}"
                ))
                .in_format(out)
                .into(),
            }
        });
    cfg.service(
        web::resource(["/decks", "/decks.json"])
            .app_data(form.clone())
            .route(web::get().to(form_page))
            .route(web::post().to(check_form)),
    )
    .service(
        web::resource("/decks.csv")
            .app_data(form)
            .route(web::post().to(check_csv)),
    )
    .route("/api/decks/validate", web::post().to(api_validate))
    .route(
        "/static/decks.js",
        web::get().to(|| async {
            HttpResponse::Ok()
                .content_type("text/javascript; charset=utf-8")
                .body(DECKS_JS)
        }),
    );
}

/// The form's fields.
#[derive(Debug, Deserialize)]
pub struct DeckForm {
    #[serde(default)]
    pub list: String,
    #[serde(default)]
    pub format: Option<String>,
}

/// `?format=` of the API; any other parameter is refused, as the document says.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FormatQuery {
    pub format: Option<String>,
}

/// A format as the page's select shows it.
#[derive(Serialize)]
pub struct FormatOption {
    pub name: String,
    pub description: String,
    pub selected: bool,
}

/// A violation as the page shows it.
pub struct ViolationView<'a> {
    pub v: &'a Violation,
    /// The rule page, for rulebook numbers.
    pub rule_url: Option<String>,
    /// The text of the decision (`D2`) the check relies on, on the served `docs/decks.md`.
    pub decision_url: Option<String>,
    pub cards: Vec<(String, String)>,
    /// Its lines counted in the whole paste, as the organiser sees them (the deck's own
    /// lines plus where the deck starts).
    pub paste_lines: Vec<usize>,
    /// The text of its first line as written.
    pub quoted: Option<String>,
}

/// A keyword of the deck's cards with its definition.
pub struct KeywordEntry {
    pub name: String,
    pub url: String,
    pub text: String,
    /// The deck's cards that carry it.
    pub cards: Vec<(String, String)>,
}

/// One deck's verdict on the page.
pub struct DeckView<'a> {
    pub number: usize,
    /// The paste line its line 1 is on.
    pub first_line: usize,
    /// How the summary names it: its title or player, else `Deck N`.
    pub name: String,
    pub verdict: &'a Verdict,
    pub violations: Vec<ViolationView<'a>>,
    pub keywords: Vec<KeywordEntry>,
    /// (name, url, count, category, value) of each card.
    pub cards: Vec<(String, String, u32, &'static str, i64)>,
    /// The standing rulings that touch its cards or their keywords, newest first.
    pub rulings: Vec<RulingJson>,
    /// How many superseded rulings touch them (not listed).
    pub superseded: usize,
}

/// `/decks`: the form, and after a POST the verdicts.
#[derive(Template)]
#[template(path = "decks/decks.html")]
pub struct DecksPage<'a> {
    pub formats: Vec<FormatOption>,
    pub list: &'a str,
    /// The format the lists were checked in (for the CSV download's form).
    pub format: &'a str,
    pub decks: Vec<DeckView<'a>>,
    pub checked: bool,
    /// Legal and illegal decks among `decks`.
    pub legal: usize,
    pub illegal: usize,
}

/// The JSON twin of a POST: one verdict per list.
#[derive(Serialize)]
pub struct VerdictList<'a> {
    pub object: &'static str,
    pub format: &'a str,
    pub total: usize,
    pub legal: usize,
    pub data: &'a [Verdict],
    /// `rulings[i]`: every ruling that touches the cards of `data[i]` or their keywords,
    /// newest first (superseded ones included, with their `status`).
    pub rulings: Vec<Vec<RulingJson>>,
}

fn formats(cat: &Catalogue, selected: &str) -> Vec<FormatOption> {
    cat.formats(GAME)
        .map(|f| FormatOption {
            name: f.name.clone(),
            description: f.description.clone(),
            selected: f.name == selected,
        })
        .collect()
}

fn validator(cat: &Catalogue, format: &str, out: Format) -> Result<DeckValidator, Failure> {
    DeckValidator::new(cat, format).map_err(|e| WebError::BadRequest(e.to_string()).in_format(out))
}

async fn form_page(req: HttpRequest, state: web::Data<AppState>) -> Result<HttpResponse, Failure> {
    let format = Format::of(&req);
    let cat = &state.catalogue;
    let opts = formats(cat, DEFAULT_FORMAT);
    if format == Format::Json {
        return page::json(&super::json::List::all(opts), format);
    }
    page::render(
        &DecksPage {
            formats: opts,
            list: "",
            format: DEFAULT_FORMAT,
            decks: Vec::new(),
            checked: false,
            legal: 0,
            illegal: 0,
        },
        format,
    )
}

/// The verdicts of a form's lists, the format they were checked in, and the paste line
/// each list starts on.
type Judged = (String, Vec<Verdict>, Vec<usize>);

fn judge(cat: &Catalogue, form: &DeckForm, out: Format) -> Result<Judged, Failure> {
    if form.list.len() > decks::MAX_BYTES {
        return Err(too_large(Some(form.list.len())).in_format(out));
    }
    // A missing format is the default; an empty one is refused as any unknown one is.
    let fmt = form.format.as_deref().unwrap_or(DEFAULT_FORMAT).to_string();
    let v = validator(cat, &fmt, out)?;
    let lists = decks::parse_decklists(&form.list);
    if lists.len() > MAX_LISTS {
        return Err(WebError::BadRequest(format!(
            "{} decklists in one request; the limit is {MAX_LISTS}",
            lists.len()
        ))
        .in_format(out));
    }
    let verdicts: Vec<Verdict> = lists.iter().map(|l| v.validate(l)).collect();
    let firsts = lists.iter().map(|l| l.first_line).collect();
    Ok((fmt, verdicts, firsts))
}

/// How the page and the CSV name deck `number`: `Deck 2: Night Market (Mira Castell)`.
fn deck_name(number: usize, v: &Verdict) -> String {
    let mut name = format!("Deck {number}");
    if let Some(t) = &v.title {
        name.push_str(&format!(": {t}"));
    }
    if let Some(p) = &v.player {
        name.push_str(&format!(" ({p})"));
    }
    name
}

async fn check_form(
    req: HttpRequest,
    state: web::Data<AppState>,
    form: web::Form<DeckForm>,
) -> Result<HttpResponse, Failure> {
    let out = Format::of(&req);
    let cat = &state.catalogue;
    let form = form.into_inner();
    let (fmt, verdicts, firsts) = judge(cat, &form, out)?;
    let set = state.rulings.snapshot();
    if out == Format::Json {
        return page::json(
            &VerdictList {
                object: "list",
                format: &fmt,
                total: verdicts.len(),
                legal: verdicts.iter().filter(|v| v.legal).count(),
                data: &verdicts,
                rulings: verdicts
                    .iter()
                    .map(|v| deck_rulings(cat, &set, v))
                    .collect(),
            },
            out,
        );
    }
    let paste: Vec<&str> = form.list.split('\n').collect();
    let decks = verdicts
        .iter()
        .zip(&firsts)
        .enumerate()
        .map(|(i, (v, first))| view(cat, &set, i + 1, v, (*first, &paste)))
        .collect();
    let legal = verdicts.iter().filter(|v| v.legal).count();
    page::render(
        &DecksPage {
            formats: formats(cat, &fmt),
            list: &form.list,
            format: &fmt,
            decks,
            checked: true,
            legal,
            illegal: verdicts.len() - legal,
        },
        out,
    )
}

/// The judges' worklist of a paste (issue #31): one row per problem (errors and warnings),
/// its columns those of an event's worklist (`events::WorklistRow`), each line counted in
/// the whole paste; `file` is the deck's `Deck:` name (a loaded file's name) or `paste`.
fn worklist(verdicts: &[Verdict], firsts: &[usize]) -> std::io::Result<Vec<u8>> {
    use crate::catalogue::csvfile::CsvWriter;
    use crate::events::WorklistRow;
    let mut out = Vec::new();
    let mut w = CsvWriter::new(&mut out).spreadsheet_safe();
    w.row(WorklistRow::COLUMNS)?;
    for (i, (v, first)) in verdicts.iter().zip(firsts).enumerate() {
        for x in v
            .violations
            .iter()
            .filter(|x| x.severity != decks::Severity::Note)
        {
            let row = WorklistRow {
                deck: deck_name(i + 1, v),
                player: v.player.clone().unwrap_or_default(),
                file: v.title.clone().unwrap_or_else(|| "paste".into()),
                line: x
                    .lines
                    .iter()
                    .map(|l| (first + l - 1).to_string())
                    .collect::<Vec<_>>()
                    .join("; "),
                severity: x.severity.as_str().into(),
                rule: x.rule.clone(),
                message: x.message.clone(),
                actual: x.actual.clone().unwrap_or_default(),
                allowed: x.allowed.clone().unwrap_or_default(),
                hint: x.suggestion.clone().unwrap_or_default(),
            };
            w.row(row.cells())?;
        }
    }
    w.finish()?;
    Ok(out)
}

/// `POST /decks.csv`: the same form, answered with the judges' worklist (a download):
/// one row per problem. Its errors are the page's.
async fn check_csv(
    req: HttpRequest,
    state: web::Data<AppState>,
    form: web::Form<DeckForm>,
) -> Result<HttpResponse, Failure> {
    let out = Format::of(&req);
    let form = form.into_inner();
    let (_, verdicts, firsts) = judge(&state.catalogue, &form, out)?;
    let body = worklist(&verdicts, &firsts)
        .map_err(|e| WebError::Internal(format!("writing the CSV: {e}")).in_format(out))?;
    Ok(HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header((
            actix_web::http::header::CONTENT_DISPOSITION,
            "attachment; filename=\"deck-verdicts.csv\"",
        ))
        .body(body))
}

/// Every ruling of the deck's game that touches one of its cards or one of their
/// keywords, newest first.
fn deck_rulings(cat: &Catalogue, set: &RulingSet, verdict: &Verdict) -> Vec<RulingJson> {
    let mut cards: Vec<String> = Vec::new();
    let mut keywords: Vec<String> = Vec::new();
    for line in &verdict.summary.cards {
        cards.push(fold(&line.name));
        if let Some(card) = cat.card(GAME, &line.name) {
            keywords.extend(card.abilities.iter().map(|a| fold(&a.keyword)));
        }
    }
    set.all()
        .iter()
        .filter(|r| r.game == GAME)
        .filter(|r| {
            r.cards.iter().any(|c| cards.contains(&fold(c)))
                || r.keywords.iter().any(|k| keywords.contains(&fold(k)))
        })
        .map(|r| RulingJson::of(set, r))
        .collect()
}

fn view<'a>(
    cat: &Catalogue,
    set: &RulingSet,
    number: usize,
    verdict: &'a Verdict,
    (first, paste): (usize, &[&str]),
) -> DeckView<'a> {
    let violations = verdict
        .violations
        .iter()
        .map(|v| ViolationView {
            v,
            rule_url: v
                .rule
                .chars()
                .all(|c| c.is_ascii_digit() || c == '.')
                .then(|| links::rule(GAME, &v.rule)),
            decision_url: v
                .decision
                .as_deref()
                .map(|d| format!("/docs/decks#{}", super::docs::anchor(d))),
            cards: v
                .cards
                .iter()
                .map(|c| (c.clone(), links::card(GAME, c)))
                .collect(),
            paste_lines: v.lines.iter().map(|l| first + l - 1).collect(),
            quoted: v
                .lines
                .first()
                .and_then(|l| paste.get(first + l - 2))
                .map(|s| s.trim().chars().take(120).collect()),
        })
        .collect();
    let mut keywords: Vec<KeywordEntry> = Vec::new();
    for line in &verdict.summary.cards {
        let Some(card) = cat.card(GAME, &line.name) else {
            continue;
        };
        for a in &card.abilities {
            let entry = match keywords.iter_mut().position(|k| k.name == a.keyword) {
                Some(i) => &mut keywords[i],
                None => {
                    let text = cat
                        .keyword(GAME, &a.keyword)
                        .map(|k| k.text.clone())
                        .unwrap_or_default();
                    keywords.push(KeywordEntry {
                        name: a.keyword.to_string(),
                        url: links::keyword(GAME, &a.keyword),
                        text,
                        cards: Vec::new(),
                    });
                    let last = keywords.len() - 1;
                    &mut keywords[last]
                }
            };
            entry
                .cards
                .push((card.name.to_string(), links::card(GAME, &card.name)));
        }
    }
    keywords.sort_by(|a, b| a.name.cmp(&b.name));
    let cards = verdict
        .summary
        .cards
        .iter()
        .map(|c| {
            (
                c.name.clone(),
                links::card(GAME, &c.name),
                c.count,
                c.category,
                c.value,
            )
        })
        .collect();
    let (rulings, superseded): (Vec<RulingJson>, Vec<RulingJson>) = deck_rulings(cat, set, verdict)
        .into_iter()
        .partition(|r| r.status == Status::Published);
    DeckView {
        number,
        first_line: first,
        name: deck_name(number, verdict),
        verdict,
        violations,
        keywords,
        cards,
        rulings,
        superseded: superseded.len(),
    }
}

/// `POST /api/decks/validate`: `text/plain` (a decklist) or `application/json` (the JSON
/// form) in; one verdict out. `?format=` overrides the body's `format`.
async fn api_validate(
    req: HttpRequest,
    state: web::Data<AppState>,
    query: web::Query<FormatQuery>,
    body: web::Payload,
) -> Result<HttpResponse, Failure> {
    let out = Format::Json;
    let bad = |m: String| WebError::BadRequest(m).in_format(out);
    let ctype = page::media_type(&req).unwrap_or_default();
    let json = match ctype.as_str() {
        "application/json" => true,
        "text/plain" => false,
        "" => {
            return Err(bad(
                "no Content-Type: send a decklist as text/plain or application/json".into(),
            ))
        }
        other => {
            return Err(bad(format!(
            "Content-Type `{}` is not accepted: send a decklist as text/plain or application/json",
            page::quoted(other).trim_matches('`')
        )))
        }
    };
    let text = page::read_text_body(
        body,
        decks::MAX_BYTES,
        " (1 MiB): a decklist is a few kilobytes",
        "a decklist (text/plain) or {\"cards\": [{\"name\", \"count\"}]} (application/json)",
    )
    .await
    .map_err(|e| e.in_format(out))?;
    let text = text.as_str();
    let list = if json {
        decks::parse_json(text).map_err(|e| bad(e.to_string()))?
    } else {
        decks::parse_decklist(text)
    };
    let fmt = decks::format_for(query.format.clone(), &list);
    let v = validator(&state.catalogue, &fmt, out)?;
    page::json(&v.validate(&list), out)
}

pub use crate::decks::ReportRow;

/// The HTML tournament report (every value escaped).
#[derive(Template)]
#[template(path = "decks/report.html")]
struct ReportPage<'a> {
    rows: &'a [ReportRow],
    legal: usize,
}

/// Renders the HTML tournament report.
pub fn report_html(rows: &[ReportRow]) -> Result<String, askama::Error> {
    ReportPage {
        rows,
        legal: rows.iter().filter(|r| r.legal == "yes").count(),
    }
    .render()
}
