//! Tournament day on the web (issue #32): `/events` (upload an event's registrations: a
//! CSV, zips of decklists, decklist files; answered with one page for the whole event:
//! counts, players sorted illegal-first, every problem at the line of the file as
//! uploaded, the judges' worklist as a CSV download, the seeded deck-check draw, and the
//! registration sheets that the page prints, one per printed page) and
//! `/events/deck-check` (a presented list against the sheet's fingerprint and the
//! registered list). Both have JSON twins. Nothing is stored: the answer is the upload's
//! only trace; the worklist is a `data:` link inside it.
//!
//! Reading and judging are `events`'; this module reads the multipart upload and lays the
//! report out, on the blocking pool within the server's heavy-work bound.

use super::page;
use super::{error::Failure, AppState, Format, WebError};
use crate::date::Date;
use crate::decks::fingerprint::{compare, Comparison};
use crate::decks::{self, parse_decklist, DEFAULT_FORMAT, GAME};
use crate::events::{self, EventDeck, EventOptions, EventReport, Upload, WorklistRow};
use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;
use serde::Deserialize;

/// The page's script (its print button).
const EVENTS_JS: &str = include_str!("../../static/events.js");

/// At most this many parts in an upload (files and fields).
const MAX_PARTS: usize = 2_100;

pub(super) fn routes(cfg: &mut web::ServiceConfig) {
    let form = web::FormConfig::default().limit(3 * 2 * decks::MAX_BYTES + 64 * 1024);
    cfg.service(
        web::resource(["/events", "/events.json"])
            .route(web::get().to(form_page))
            .route(web::post().to(upload)),
    )
    .service(
        web::resource(["/events/deck-check", "/events/deck-check.json"])
            .app_data(form)
            .route(web::get().to(check_page))
            .route(web::post().to(deck_check)),
    )
    .route(
        "/static/events.js",
        web::get().to(|| async {
            HttpResponse::Ok()
                .content_type("text/javascript; charset=utf-8")
                .body(EVENTS_JS)
        }),
    );
}

/// A format as the form's select shows it.
pub struct FormatChoice {
    pub name: String,
    pub description: String,
    pub selected: bool,
}

/// One problem of a deck as the page shows it.
pub struct ProblemView {
    pub severity: &'static str,
    pub rule: String,
    /// `file:line` as uploaded.
    pub at: String,
    /// The line as the player wrote it.
    pub quoted: Option<String>,
    pub message: String,
    pub hint: Option<String>,
}

/// One card category of a registration sheet: its name and (count, card, type, value).
pub struct SheetGroup {
    pub label: &'static str,
    pub count: u32,
    pub cards: Vec<(u32, String, String, i64)>,
}

/// One deck on the page and on its sheet.
pub struct DeckRow<'a> {
    pub d: &'a EventDeck,
    pub status: &'static str,
    pub fingerprint: String,
    pub errors: usize,
    pub warnings: usize,
    pub problems: Vec<ProblemView>,
    pub groups: Vec<SheetGroup>,
    pub gold: i64,
}

/// `/events`: the form, and after an upload the event.
#[derive(Template)]
#[template(path = "events/event.html")]
pub struct EventPage<'a> {
    pub formats: Vec<FormatChoice>,
    pub today: String,
    pub report: Option<&'a EventReport>,
    pub rows: Vec<DeckRow<'a>>,
    /// The worklist as a `data:` URL, and its number of rows.
    pub worklist: String,
    pub worklist_rows: usize,
    /// (round, [(deck number, player)]).
    pub draw: Vec<(usize, Vec<(usize, String)>)>,
    pub seed: Option<u64>,
}

fn formats(state: &AppState, selected: &str) -> Vec<FormatChoice> {
    state
        .catalogue
        .formats(GAME)
        .map(|f| FormatChoice {
            name: f.name.clone(),
            description: f.description.clone(),
            selected: f.name == selected,
        })
        .collect()
}

fn empty_page(state: &AppState) -> EventPage<'static> {
    EventPage {
        formats: formats(state, DEFAULT_FORMAT),
        today: Date::today().to_string(),
        report: None,
        rows: Vec::new(),
        worklist: String::new(),
        worklist_rows: 0,
        draw: Vec::new(),
        seed: None,
    }
}

async fn form_page(req: HttpRequest, state: web::Data<AppState>) -> Result<HttpResponse, Failure> {
    let out = Format::of(&req);
    if out == Format::Json {
        let names: Vec<String> = state
            .catalogue
            .formats(GAME)
            .map(|f| f.name.clone())
            .collect();
        return page::json(
            &serde_json::json!({"object": "event_form", "formats": names, "fields": ["files", "name", "format", "date", "registered", "draw", "rounds", "seed"]}),
            out,
        );
    }
    page::render(&empty_page(&state), out)
}

/// The upload's files and fields.
#[derive(Default)]
struct Fields {
    files: Vec<Upload>,
    name: String,
    format: String,
    date: String,
    registered: String,
    draw: String,
    rounds: String,
    seed: String,
}

async fn read_upload(
    payload: &mut actix_multipart::Multipart,
    out: Format,
) -> Result<Fields, Failure> {
    use futures_util::TryStreamExt as _;
    let unreadable = |e: actix_multipart::MultipartError| {
        WebError::BadRequest(format!(
            "the upload could not be read as multipart/form-data (parts `files`, `name`, `format`, `date`, `registered`, `draw`, `rounds`, `seed`): {e}"
        ))
        .in_format(out)
    };
    let mut f = Fields::default();
    let (mut parts, mut total) = (0usize, 0usize);
    while let Some(mut part) = payload.try_next().await.map_err(unreadable)? {
        parts += 1;
        if parts > MAX_PARTS {
            return Err(
                WebError::BadRequest(format!("more than {MAX_PARTS} parts in the upload"))
                    .in_format(out),
            );
        }
        let name = part.name().unwrap_or("").to_string();
        let filename = part
            .content_disposition()
            .and_then(|c| c.get_filename())
            .map(str::to_string);
        let mut bytes = Vec::new();
        while let Some(chunk) = part.try_next().await.map_err(unreadable)? {
            total += chunk.len();
            if total > events::MAX_UPLOAD_BYTES {
                return Err(WebError::TooLarge(format!(
                    "the upload is over {} bytes (32 MiB): a thousand decklists are about two megabytes",
                    events::MAX_UPLOAD_BYTES
                ))
                .in_format(out));
            }
            bytes.extend_from_slice(&chunk);
        }
        let text = || String::from_utf8_lossy(&bytes).trim().to_string();
        match name.as_str() {
            "files" => match filename.filter(|n| !n.is_empty()) {
                Some(n) => f.files.push(Upload { name: n, bytes }),
                None if bytes.is_empty() => {}
                None => f.files.push(Upload {
                    name: "upload.txt".into(),
                    bytes,
                }),
            },
            "name" => f.name = text(),
            "format" => f.format = text(),
            "date" => f.date = text(),
            "registered" => f.registered = text(),
            "draw" => f.draw = text(),
            "rounds" => f.rounds = text(),
            "seed" => f.seed = text(),
            _ => {}
        }
    }
    Ok(f)
}

/// The options the fields ask for, or every problem with them at once.
fn options(f: &Fields) -> Result<EventOptions, Vec<String>> {
    let mut errors = Vec::new();
    let mut date = |label: &str, s: &str| -> Option<Date> {
        if s.is_empty() {
            return None;
        }
        Date::parse(s)
            .map_err(|e| errors.push(format!("{label}: {e}")))
            .ok()
    };
    let on = date("event date", &f.date).unwrap_or_else(Date::today);
    let registered = date("registration date", &f.registered);
    let mut number = |label: &str, s: &str, max: u64| -> Option<u64> {
        if s.is_empty() {
            return None;
        }
        match s.parse::<u64>() {
            Ok(n) if n <= max => Some(n),
            _ => {
                errors.push(format!(
                    "{label}: `{}` is not a whole number from 0 to {max}",
                    s.chars().take(30).collect::<String>()
                ));
                None
            }
        }
    };
    let per_round = number("deck checks per round", &f.draw, 1_000);
    let rounds = number("rounds", &f.rounds, 100).unwrap_or(1);
    let seed =
        number("seed", &f.seed, u64::MAX).unwrap_or_else(|| u64::from(rand::random::<u32>()));
    if f.files.is_empty() {
        errors.push("no file was uploaded: choose the registration CSV, a zip of decklists or the decklist files".into());
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(EventOptions {
        name: if f.name.is_empty() {
            "Event".into()
        } else {
            f.name.chars().take(200).collect()
        },
        format: if f.format.is_empty() {
            DEFAULT_FORMAT.into()
        } else {
            f.format.clone()
        },
        date: on,
        registered,
        draw: per_round
            .filter(|n| *n > 0)
            .map(|n| (n as usize, rounds as usize, seed)),
    })
}

/// `POST /events`: the upload read here; importing, judging and rendering run on the
/// blocking pool within the server's heavy-work bound and its deadline
/// ([`super::HeavyWork::run`]), so a large event never holds an async worker.
async fn upload(
    req: HttpRequest,
    state: web::Data<AppState>,
    mut payload: actix_multipart::Multipart,
) -> Result<HttpResponse, Failure> {
    let out = Format::of(&req);
    let mut fields = read_upload(&mut payload, out).await?;
    let opts = options(&fields).map_err(|e| WebError::BadRequest(e.join("; ")).in_format(out))?;
    let files = std::mem::take(&mut fields.files);
    let shared = state.get_ref().clone();
    let secs = state.heavy.config().deadline.as_secs_f64();
    let (content_type, body) = state
        .heavy
        .run(out, move || answer(&shared, files, &opts, out))
        .await
        .map_err(|mut refused| {
            if let WebError::Limited {
                code: "deadline",
                message,
                ..
            } = &mut refused.error
            {
                *message = format!(
                    "checking the event was stopped at the server's deadline: it ran for longer than {secs} seconds (serve --heavy-deadline); upload it in parts"
                );
            }
            refused
        })??;
    Ok(HttpResponse::Ok().content_type(content_type).body(body))
}

/// The event's answer (its content type and body): the uploads imported, judged and laid
/// out as a page or its JSON twin.
fn answer(
    state: &AppState,
    files: Vec<Upload>,
    opts: &EventOptions,
    out: Format,
) -> Result<(&'static str, Vec<u8>), Failure> {
    let regs = events::import(files);
    let report = events::check(&state.catalogue, regs, opts)
        .map_err(|e| WebError::BadRequest(e.to_string()).in_format(out))?;
    if out == Format::Json {
        let body = page::html_safe_json(&report)
            .map_err(|e| WebError::Internal(format!("json: {e}")).in_format(out))?;
        return Ok(("application/json", body));
    }
    let rows: Vec<DeckRow> = report.decks.iter().map(row).collect();
    let worklist = worklist_csv(&report).map_err(|e| WebError::Internal(e).in_format(out))?;
    let worklist_rows = WorklistRow::of(&report).len();
    let draw = report
        .draw
        .iter()
        .flat_map(|(_, rounds)| rounds.iter().enumerate())
        .map(|(i, round)| {
            let who = round
                .iter()
                .map(|n| {
                    let player = report.deck(*n).map(|d| d.player.clone());
                    (*n, player.unwrap_or_default())
                })
                .collect();
            (i + 1, who)
        })
        .collect();
    let body = EventPage {
        formats: formats(state, &report.format),
        today: report.date.to_string(),
        report: Some(&report),
        rows,
        worklist,
        worklist_rows,
        draw,
        seed: report.draw.as_ref().map(|(s, _)| *s),
    }
    .render()
    .map_err(|e| WebError::Internal(format!("template: {e}")).in_format(out))?;
    Ok(("text/html; charset=utf-8", body.into_bytes()))
}

/// The worklist as a `data:` URL (the download of a page that stores nothing).
fn worklist_csv(report: &EventReport) -> Result<String, String> {
    use crate::catalogue::csvfile::CsvWriter;
    let mut bytes = Vec::new();
    let mut w = CsvWriter::new(&mut bytes).spreadsheet_safe();
    let write = |w: &mut CsvWriter<&mut Vec<u8>>| -> std::io::Result<()> {
        w.row(WorklistRow::COLUMNS)?;
        for r in WorklistRow::of(report) {
            w.row(r.cells())?;
        }
        Ok(())
    };
    write(&mut w)
        .and_then(|_| w.finish())
        .map_err(|e| format!("writing the worklist: {e}"))?;
    let text = String::from_utf8_lossy(&bytes);
    Ok(format!(
        "data:text/csv;charset=utf-8,{}",
        percent_encoding::utf8_percent_encode(&text, percent_encoding::NON_ALPHANUMERIC)
    ))
}

const GROUPS: [(&str, &str); 6] = [
    ("hero", "Heroes"),
    ("barrack", "Barrack"),
    ("treasury", "Treasury"),
    ("spellbook", "Spellbook"),
    ("terrain", "Terrain"),
    ("token", "Tokens"),
];

fn row(d: &EventDeck) -> DeckRow<'_> {
    let Some(v) = &d.verdict else {
        return DeckRow {
            d,
            status: d.status(),
            fingerprint: String::new(),
            errors: 1,
            warnings: 0,
            problems: vec![ProblemView {
                severity: "error",
                rule: "unreadable".into(),
                at: format!("{}:{}", d.file, d.first_line),
                quoted: None,
                message: d.error.clone().unwrap_or_default(),
                hint: None,
            }],
            groups: Vec::new(),
            gold: 0,
        };
    };
    let problems = v
        .violations
        .iter()
        .enumerate()
        .map(|(i, x)| ProblemView {
            severity: x.severity.as_str(),
            rule: x.rule.clone(),
            at: match x.lines.first() {
                Some(l) => format!("{}:{}", d.file, d.file_line(*l)),
                None => d.file.clone(),
            },
            quoted: d.quoted.get(i).cloned().flatten(),
            message: x.message.clone(),
            hint: x.suggestion.clone(),
        })
        .collect();
    let groups = GROUPS
        .iter()
        .map(|(cat, label)| {
            let cards: Vec<(u32, String, String, i64)> = v
                .summary
                .cards
                .iter()
                .filter(|c| c.category == *cat)
                .map(|c| (c.count, c.name.clone(), c.card_type.clone(), c.value))
                .collect();
            SheetGroup {
                label,
                count: cards.iter().map(|c| c.0).sum(),
                cards,
            }
        })
        .filter(|g| !g.cards.is_empty())
        .collect();
    DeckRow {
        d,
        status: d.status(),
        fingerprint: v.fingerprint.clone(),
        errors: v.errors,
        warnings: v.warnings,
        problems,
        groups,
        gold: v.summary.gold_total,
    }
}

/// The deck-check form's fields.
#[derive(Debug, Default, Deserialize)]
pub struct CheckForm {
    #[serde(default)]
    pub presented: String,
    #[serde(default)]
    pub fingerprint: String,
    #[serde(default)]
    pub registered: String,
}

/// `/events/deck-check`: the form, and after a POST the comparison.
#[derive(Template)]
#[template(path = "events/check.html")]
pub struct CheckPage<'a> {
    pub form: &'a CheckForm,
    pub result: Option<Comparison>,
}

async fn check_page(req: HttpRequest) -> Result<HttpResponse, Failure> {
    let out = Format::of(&req);
    if out == Format::Json {
        return page::json(
            &serde_json::json!({"object": "deck_check_form", "fields": ["presented", "fingerprint", "registered"]}),
            out,
        );
    }
    page::render(
        &CheckPage {
            form: &CheckForm::default(),
            result: None,
        },
        out,
    )
}

async fn deck_check(req: HttpRequest, form: web::Form<CheckForm>) -> Result<HttpResponse, Failure> {
    let out = Format::of(&req);
    let form = form.into_inner();
    if form.presented.len() > decks::MAX_BYTES || form.registered.len() > decks::MAX_BYTES {
        return Err(WebError::TooLarge(format!(
            "a list is over {} bytes (1 MiB)",
            decks::MAX_BYTES
        ))
        .in_format(out));
    }
    if form.fingerprint.trim().is_empty() && form.registered.trim().is_empty() {
        return Err(WebError::BadRequest(
            "give the fingerprint from the registration sheet, the registered list, or both".into(),
        )
        .in_format(out));
    }
    let registered = (!form.registered.trim().is_empty()).then(|| parse_decklist(&form.registered));
    let result = compare(
        &parse_decklist(&form.presented),
        Some(form.fingerprint.as_str()),
        registered.as_ref(),
    );
    if out == Format::Json {
        return page::json(&result, out);
    }
    page::render(
        &CheckPage {
            form: &form,
            result: Some(result),
        },
        out,
    )
}
