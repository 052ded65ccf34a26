//! The judge's step-through (issue #6) and the engine's API: build a position at
//! `/adjudicate`, step through it at `/adjudicate/p/{hash}/{step}`, pick a chance step's
//! outcome, switch an interpretation and compare both readings side by side
//! (`/adjudicate/compare/{a}/{b}`), and `POST /api/adjudicate`.
//!
//! There is no server-side session: a position is stored once under the hash of its
//! canonical JSON (`crate::permalinks`), and the URL carries the hash and the step. Every
//! page recomputes its adjudication from the position (the engine is deterministic and
//! fast), and every page has a JSON twin. Each page struct documents what it shows.

mod api;
mod form;
mod suggest;
mod view;

use actix_web::http::header;
use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;
use serde::{Deserialize, Serialize};

use super::error::{Failure, WebError};
use super::format::Format;
use super::page;
use super::AppState;
use crate::adjudicate::{read_opened, CatalogueCards, SavedState};
use crate::engine::cite::turn;
use crate::engine::position::caps;
use crate::engine::{
    self, position, Citation, LoggedEvent, Outcome, Phase, Position, PositionError, State,
    INTERPRETATIONS,
};
use crate::permalinks;
use form::{Fields, FORM_PLAYS, FORM_SLOTS};
use view::{BoardView, ChanceView, InterpretationView, StepView};

/// Form bodies of the step-through: at most twice the JSON cap (a pasted position is
/// percent-encoded), and every error a located 4xx in the request's format.
fn form_config() -> web::FormConfig {
    web::FormConfig::default()
        .limit(caps::JSON_BYTES * 2)
        .error_handler(|e, req| {
            let format = Format::of(req);
            match e {
                actix_web::error::UrlencodedError::Overflow { .. } => WebError::TooLarge(format!(
                    "the form is over {} bytes; a position is at most {} bytes of JSON",
                    caps::JSON_BYTES * 2,
                    caps::JSON_BYTES
                ))
                .in_format(format)
                .into(),
                other => WebError::BadRequest(format!("the form could not be read: {other}"))
                    .in_format(format)
                    .into(),
            }
        })
}

pub(super) fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::resource(["/adjudicate", "/adjudicate.json"])
            .app_data(form_config())
            .route(web::get().to(builder_page))
            .route(web::post().to(build)),
    )
    .route("/adjudicate/open", web::post().to(open_file))
    .route("/adjudicate/cards", web::get().to(suggest::cards_page))
    .route("/adjudicate/cards.json", web::get().to(suggest::cards_page))
    .route("/adjudicate/rules", web::get().to(rules_page))
    .route("/adjudicate/rules.json", web::get().to(rules_page))
    .route("/adjudicate/p/{hash}", web::get().to(permalink))
    .service(
        web::resource("/adjudicate/p/{hash}/choose")
            .app_data(form_config())
            .route(web::post().to(choose)),
    )
    .service(
        web::resource("/adjudicate/p/{hash}/interpret")
            .app_data(form_config())
            .route(web::post().to(interpret)),
    )
    .route("/adjudicate/p/{hash}/jump", web::get().to(jump))
    .route("/adjudicate/p/{hash}/{step}", web::get().to(step_page))
    .route(
        "/adjudicate/p/{hash}/{step}/state.json",
        web::get().to(state_download),
    )
    .route("/adjudicate/compare/{a}/{b}", web::get().to(compare_page));
    api::routes(cfg);
}

// ---------------------------------------------------------------------------------------
// Running a stored position

/// One step of a replay, with the state after it.
struct Ran {
    n: u32,
    turn: u32,
    phase: Phase,
    events: Vec<LoggedEvent>,
    state: State,
}

/// A position played to the end, every state kept (cheap: states share their parts).
struct Replay {
    position: Position,
    start: State,
    steps: Vec<Ran>,
    outcome: Outcome,
}

impl Replay {
    fn names(&self) -> [String; 2] {
        [
            self.start.players[0].name.to_string(),
            self.start.players[1].name.to_string(),
        ]
    }
    /// The state after step `n` (0: the start).
    fn state(&self, n: usize) -> &State {
        if n == 0 {
            &self.start
        } else {
            &self.steps[n - 1].state
        }
    }
}

fn replay(state: &AppState, position: Position) -> Result<Replay, Vec<PositionError>> {
    let cards = CatalogueCards(&state.catalogue);
    let start = engine::resolve(&position, &cards)?;
    let names = [start.players[0].name.clone(), start.players[1].name.clone()];
    let mut st = start.clone();
    let mut steps = Vec::new();
    while !st.is_over() {
        let events = engine::advance(&mut st);
        steps.push(Ran {
            n: st.steps,
            turn: st.turn,
            phase: st.phase,
            events: events
                .into_iter()
                .map(|e| LoggedEvent {
                    text: e.describe(&names),
                    rule: e.cite,
                    change: e.change,
                })
                .collect(),
            state: st.clone(),
        });
    }
    Ok(Replay {
        position,
        start,
        outcome: st.outcome.clone().unwrap_or(Outcome::StepBound),
        steps,
    })
}

/// The canonical JSON of a position: compact serde output of the typed value, so equal
/// positions have equal text and equal hashes.
fn canonical(position: &Position) -> String {
    serde_json::to_string(position).unwrap_or_default()
}

fn store(state: &AppState, position: &Position, out: Format) -> Result<String, Failure> {
    state
        .permalinks
        .put(&canonical(position))
        .map_err(|e| match e {
            permalinks::PermalinkError::TooLarge(_) => {
                WebError::TooLarge(e.to_string()).in_format(out)
            }
            other => WebError::Internal(other.to_string()).in_format(out),
        })
}

fn load(state: &AppState, hash: &str, out: Format) -> Result<Position, Failure> {
    if !permalinks::is_hash(hash) {
        return Err(WebError::NotFound(format!(
            "{} is not a permalink: a permalink is {} hex digits",
            page::quoted(hash),
            permalinks::HASH_LEN
        ))
        .in_format(out));
    }
    let json = state
        .permalinks
        .get(hash)
        .map_err(|e| WebError::Internal(e.to_string()).in_format(out))?
        .ok_or_else(|| {
            WebError::NotFound(format!("no stored position {}", page::quoted(hash))).in_format(out)
        })?;
    Position::from_json(&json).map_err(|e| {
        WebError::Internal(format!("stored position {hash} no longer reads: {e}")).in_format(out)
    })
}

fn run(state: &AppState, position: Position, out: Format) -> Result<Replay, Failure> {
    replay(state, position).map_err(|errors| api::position_errors(&errors, out))
}

fn step_url(hash: &str, step: usize) -> String {
    format!("/adjudicate/p/{hash}/{step}")
}

fn see_other(url: &str) -> HttpResponse {
    HttpResponse::SeeOther()
        .insert_header((header::LOCATION, url.to_string()))
        .finish()
}

// ---------------------------------------------------------------------------------------
// The builder

/// `/adjudicate`: the position builder. Catalogue cards autocomplete from a datalist of
/// every battle-line card; hypothetical creatures are typed in; pasted JSON wins over
/// the fields. Works without JavaScript.
#[derive(Template)]
#[template(path = "adjudicate/builder.html")]
struct BuilderPage {
    fields: Fields,
    errors: Vec<String>,
    notes: Vec<String>,
    cards: Vec<String>,
    artifacts: Vec<String>,
    json: String,
    slots: Vec<usize>,
    plays: Vec<usize>,
    statuses: Vec<(&'static str, &'static str)>,
    interpretations: Vec<InterpretationView>,
}

impl BuilderPage {
    fn v(&self, name: &str) -> &str {
        self.fields.get(name)
    }
    fn slot(&self, p: &usize, n: &usize, field: &str) -> &str {
        self.fields.get(&format!("p{p}_s{n}_{field}"))
    }
    fn has_status(&self, p: &usize, n: &usize, status: &str) -> bool {
        self.fields
            .all(&format!("p{p}_s{n}_status"))
            .iter()
            .any(|s| s == status)
    }
    fn play(&self, i: &usize, field: &str) -> &str {
        self.fields.get(&format!("a{i}_{field}"))
    }
    fn chosen(&self, key: &str, value: &str) -> bool {
        let v = self.fields.get(&format!("interp_{key}"));
        v == value
            || (v.is_empty()
                && INTERPRETATIONS
                    .iter()
                    .any(|i| i.key == key && i.readings[0].0 == value))
    }
}

/// The builder's JSON twin: what the form offers.
#[derive(Serialize)]
struct BuilderJson<'a> {
    object: &'static str,
    /// The stored position `?from=` names, to edit.
    #[serde(skip_serializing_if = "Option::is_none")]
    from: Option<&'a Position>,
    cards: &'a [String],
    artifacts: &'a [String],
    statuses: Vec<&'static str>,
    interpretations: &'static [crate::engine::interpret::InterpretationInfo],
    caps: serde_json::Value,
    post: &'static str,
}

fn card_names(state: &AppState, artifacts: bool) -> Vec<String> {
    let mut names: Vec<String> = state
        .catalogue
        .data()
        .cards
        .iter()
        .filter(|c| c.game == crate::adjudicate::GAME)
        .filter(|c| (c.card_type == "artifact") == artifacts)
        .map(|c| c.name.clone())
        .collect();
    names.sort();
    names
}

fn builder(
    state: &AppState,
    fields: Fields,
    json: String,
    errors: Vec<String>,
    notes: Vec<String>,
) -> BuilderPage {
    BuilderPage {
        fields,
        errors,
        notes,
        cards: card_names(state, false),
        artifacts: card_names(state, true),
        json,
        slots: (1..=FORM_SLOTS).collect(),
        plays: (1..=FORM_PLAYS).collect(),
        statuses: engine::state::Status::ALL
            .iter()
            .map(|s| (s.name(), s.meaning()))
            .collect(),
        interpretations: InterpretationView::all(&Default::default()),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BuilderQuery {
    from: Option<String>,
}

async fn builder_page(
    req: HttpRequest,
    state: web::Data<AppState>,
    query: web::Query<BuilderQuery>,
) -> Result<HttpResponse, Failure> {
    let out = Format::of(&req);
    let from = match &query.from {
        Some(hash) => Some(load(&state, hash, out)?),
        None => None,
    };
    if out == Format::Json {
        return page::json(
            &BuilderJson {
                from: from.as_ref(),
                object: "position_builder",
                cards: &card_names(&state, false),
                artifacts: &card_names(&state, true),
                statuses: engine::state::Status::ALL
                    .iter()
                    .map(|s| s.name())
                    .collect(),
                interpretations: INTERPRETATIONS,
                caps: serde_json::json!({
                    "json_bytes": caps::JSON_BYTES, "slots": caps::SLOTS, "abilities": caps::ABILITIES,
                    "turns": caps::TURNS, "first_turn": caps::FIRST_TURN, "actions": caps::ACTIONS,
                    "choices": caps::CHOICES,
                }),
                post: "/api/adjudicate",
            },
            out,
        );
    }
    let (fields, notes, json) = match &from {
        Some(pos) => {
            let (f, notes) = form::from_position(pos);
            (f, notes, String::new())
        }
        None => {
            let mut f = Fields::default();
            for (k, v) in [
                ("turns", "1"),
                ("seed", "1"),
                ("p0_life", "20"),
                ("p1_life", "20"),
                ("p0_name", "Player 1"),
                ("p1_name", "Player 2"),
            ] {
                f.0.insert(k.into(), vec![v.into()]);
            }
            (f, Vec::new(), String::new())
        }
    };
    page::render(&builder(&state, fields, json, Vec::new(), notes), out)
}

/// `POST /adjudicate`: the form (or pasted JSON) to a stored position, then to its
/// first step. Problems re-render the form with every message, as a 400.
async fn build(
    req: HttpRequest,
    state: web::Data<AppState>,
    form: web::Form<Vec<(String, String)>>,
) -> Result<HttpResponse, Failure> {
    let out = Format::of(&req);
    let pairs = form.into_inner();
    if pairs.len() > form::MAX_FIELDS {
        return Err(WebError::BadRequest(format!(
            "{} form fields; the builder sends at most {}",
            pairs.len(),
            form::MAX_FIELDS
        ))
        .in_format(out));
    }
    let fields = Fields::from_pairs(pairs);
    let json = fields.get("json").to_string();
    open_position(&state, fields, json, "pasted JSON", out)
}

/// The end of both builder forms: pasted or uploaded JSON (when not empty) or else the
/// fields, read, resolved against the catalogue and stored; then a redirect to step 0.
fn open_position(
    state: &AppState,
    fields: Fields,
    json: String,
    source: &str,
    out: Format,
) -> Result<HttpResponse, Failure> {
    let parsed = if !json.is_empty() {
        read_opened(&json).map_err(|e| vec![format!("{source}: {e}")])
    } else {
        form::to_position(&fields).map(|p| (p, 0))
    };
    let (position, step) = match parsed {
        Ok(opened) => opened,
        Err(msgs) => return bad_form(state, fields, json, msgs, out),
    };
    // Played out before it is stored, so a position whose `choices` name no candidate
    // is refused here, located, as the API and the chance-pick form refuse it.
    let replayed = match replay(state, position) {
        Ok(r) => r,
        Err(errors) => {
            let msgs = errors.iter().map(|e| e.to_string()).collect();
            return bad_form(state, fields, json, msgs, out);
        }
    };
    if let Outcome::BadChoice { .. } = replayed.outcome {
        let error = api::choice_error(
            replayed
                .steps
                .last()
                .and_then(|s| s.events.last())
                .map(|e| e.text.clone()),
        );
        return bad_form(state, fields, json, vec![error.to_string()], out);
    }
    let hash = store(state, &replayed.position, out)?;
    // A state file's step, within the adjudication.
    let step = step.min(replayed.steps.len());
    let url = step_url(&hash, step);
    if out == Format::Json {
        return page::json(
            &serde_json::json!({"object": "permalink", "hash": hash, "url": url}),
            out,
        );
    }
    Ok(see_other(&url))
}

/// At most this many parts in an upload: the builder's file form sends one.
const MAX_UPLOAD_PARTS: usize = 8;

/// `POST /adjudicate/open`: a position file uploaded from the builder's second form
/// (`multipart/form-data`, part `file`), so opening a downloaded position works without
/// JavaScript. Read as pasted JSON is; a file over the JSON cap is a 413.
async fn open_file(
    req: HttpRequest,
    state: web::Data<AppState>,
    mut payload: actix_multipart::Multipart,
) -> Result<HttpResponse, Failure> {
    use futures_util::TryStreamExt as _;
    let out = Format::of(&req);
    let unreadable = |e: actix_multipart::MultipartError| {
        WebError::BadRequest(format!(
            "the upload could not be read as multipart/form-data with a part named file: {e}"
        ))
        .in_format(out)
    };
    let mut file: Option<Vec<u8>> = None;
    let mut parts = 0;
    while let Some(mut part) = payload.try_next().await.map_err(unreadable)? {
        parts += 1;
        if parts > MAX_UPLOAD_PARTS {
            return Err(WebError::BadRequest(format!(
                "more than {MAX_UPLOAD_PARTS} parts in the upload; send one part named file"
            ))
            .in_format(out));
        }
        let is_file = part.name() == Some("file");
        let mut bytes = Vec::new();
        while let Some(chunk) = part.try_next().await.map_err(unreadable)? {
            if bytes.len() + chunk.len() > caps::JSON_BYTES {
                return Err(WebError::TooLarge(format!(
                    "the uploaded file is over {} bytes, the cap on a position's JSON",
                    caps::JSON_BYTES
                ))
                .in_format(out));
            }
            bytes.extend_from_slice(&chunk);
        }
        if is_file {
            file = Some(bytes);
        }
    }
    let msg = match file {
        None => "no file was uploaded: choose a position JSON file".to_string(),
        Some(b) if b.iter().all(u8::is_ascii_whitespace) => {
            "the uploaded file is empty: expected a position JSON object".to_string()
        }
        Some(b) => match String::from_utf8(b) {
            Ok(json) => {
                return open_position(&state, Fields::default(), json, "uploaded file", out)
            }
            Err(e) => format!(
                "uploaded file: byte {} is not UTF-8; expected position JSON text",
                e.utf8_error().valid_up_to()
            ),
        },
    };
    bad_form(&state, Fields::default(), String::new(), vec![msg], out)
}

fn bad_form(
    state: &AppState,
    fields: Fields,
    json: String,
    errors: Vec<String>,
    out: Format,
) -> Result<HttpResponse, Failure> {
    if out == Format::Json {
        return Err(WebError::BadInput {
            message: format!("the position is not valid:\n{}", errors.join("\n")),
            errors: serde_json::to_value(&errors).unwrap_or_default(),
        }
        .in_format(out));
    }
    let body = builder(state, fields, json, errors, Vec::new())
        .render()
        .map_err(|e| WebError::Internal(format!("template: {e}")).in_format(out))?;
    Ok(HttpResponse::BadRequest()
        .content_type("text/html; charset=utf-8")
        .body(body))
}

// ---------------------------------------------------------------------------------------
// The step-through

/// `/adjudicate/p/{hash}/{step}`: the board after step `step` (0 is the start), the log
/// so far with every rule linked and quoted, the controls, the chance step's candidates
/// when this step is one, and the interpretations with a switch for each.
/// The step page lists at most this many steps of the log, the last ones up to the
/// current step: a position can run to 10,000 steps (the step bound), and every earlier
/// step is one link away. The JSON twin's `log` is the same window, from `log_from`.
const LOG_WINDOW: usize = 200;

#[derive(Template)]
#[template(path = "adjudicate/step.html")]
struct StepPage {
    hash: String,
    step: usize,
    total: usize,
    board: BoardView,
    /// The last [`LOG_WINDOW`] steps up to `step`, the last one current.
    log: Vec<StepView>,
    /// The number of the first step in `log` (1 unless earlier steps are left out).
    log_from: usize,
    chances: Vec<ChanceView>,
    interpretations: Vec<InterpretationView>,
    outcome: Option<String>,
    phase: &'static str,
    turn: u32,
}

impl StepPage {
    fn url(&self, n: impl std::borrow::Borrow<usize>) -> String {
        step_url(&self.hash, *n.borrow())
    }
}

/// The step page's JSON twin.
#[derive(Serialize)]
struct StepJson<'a> {
    object: &'static str,
    hash: &'a str,
    step: usize,
    total: usize,
    turn: u32,
    phase: &'static str,
    position: &'a Position,
    state: Position,
    board: &'a BoardView,
    log: &'a [StepView],
    log_from: usize,
    chances: &'a [ChanceView],
    interpretations: &'a [InterpretationView],
    outcome: Option<&'a Outcome>,
    links: serde_json::Value,
}

fn outcome_text(replay: &Replay) -> String {
    let names = replay.names();
    match &replay.outcome {
        Outcome::Win { winner, .. } => format!("{} wins.", names[*winner]),
        Outcome::Draw => "A draw: both players have no life left.".into(),
        Outcome::TurnsPlayed => "The turns to play have run out.".into(),
        Outcome::StepBound => "The step bound was reached.".into(),
        Outcome::BadChoice { chance, slot, .. } => {
            format!("Stopped: the choice for chance {chance} names slot {slot}, which is not a candidate.")
        }
    }
}

fn parse_step(raw: &str, out: Format) -> Result<usize, Failure> {
    raw.parse::<usize>().map_err(|_| {
        WebError::BadRequest(format!("step {} is not a number", page::quoted(raw))).in_format(out)
    })
}

async fn step_page(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, Failure> {
    let out = Format::of(&req);
    let (hash, raw) = path.into_inner();
    let step = parse_step(page::strip_json(&req, &raw), out)?;
    let position = load(&state, &hash, out)?;
    let replay = run(&state, position, out)?;
    let total = replay.steps.len();
    if step > total {
        return Err(WebError::NotFound(format!(
            "step {step} does not exist: this adjudication has {total} steps"
        ))
        .in_format(out));
    }
    let st = replay.state(step);
    let log_from = step.saturating_sub(LOG_WINDOW) + 1;
    let log: Vec<StepView> = replay.steps[log_from - 1..step]
        .iter()
        .map(|r| StepView::of(r.n, r.turn, r.phase, &r.events))
        .collect();
    let chances = if step > 0 {
        ChanceView::of(&replay.steps[step - 1].events, &replay.names())
    } else {
        Vec::new()
    };
    let board = BoardView::of(st);
    let interpretations = InterpretationView::all(&replay.position.interpretations);
    let outcome = (step == total).then(|| outcome_text(&replay));
    let (phase, turn) = if step == 0 {
        ("start", replay.position.turn)
    } else {
        (
            replay.steps[step - 1].phase.label(),
            replay.steps[step - 1].turn,
        )
    };
    if out == Format::Json {
        let links = serde_json::json!({
            "self": step_url(&hash, step),
            "first": step_url(&hash, 0),
            "prev": (step > 0).then(|| step_url(&hash, step - 1)),
            "next": (step < total).then(|| step_url(&hash, step + 1)),
            "last": step_url(&hash, total),
            "position": format!("/adjudicate/p/{hash}.json"),
            "state": format!("/adjudicate/p/{hash}/{step}/state.json"),
        });
        return page::json(
            &StepJson {
                object: "adjudication_step",
                hash: &hash,
                step,
                total,
                turn,
                phase,
                position: &replay.position,
                state: position::to_position(st),
                board: &board,
                log: &log,
                log_from,
                chances: &chances,
                interpretations: &interpretations,
                outcome: (step == total).then_some(&replay.outcome),
                links,
            },
            out,
        );
    }
    page::render(
        &StepPage {
            hash,
            step,
            total,
            board,
            log,
            log_from,
            chances,
            interpretations,
            outcome,
            phase,
            turn,
        },
        out,
    )
}

/// `/adjudicate/p/{hash}`: the start of the step-through; `/adjudicate/p/{hash}.json` is
/// the stored position itself, to download and open again.
async fn permalink(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, Failure> {
    let out = Format::of(&req);
    let raw = path.into_inner();
    let hash = page::strip_json(&req, &raw);
    let position = load(&state, hash, out)?;
    if out == Format::Json {
        return Ok(attachment(
            &format!("position-{hash}.json"),
            position.to_json(),
        ));
    }
    Ok(see_other(&step_url(hash, 0)))
}

/// `/adjudicate/p/{hash}/{step}/state.json`: the state of the step-through at `step` as
/// a file: the stored position (its choices and interpretations included) and the step
/// ([`SavedState`], which says why not the board). Pasted or uploaded at `/adjudicate`,
/// it opens on the same step.
async fn state_download(
    state: web::Data<AppState>,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, Failure> {
    let out = Format::Json;
    let (hash, raw) = path.into_inner();
    let step = parse_step(&raw, out)?;
    let replay = run(&state, load(&state, &hash, out)?, out)?;
    let total = replay.steps.len();
    if step > total {
        return Err(WebError::NotFound(format!(
            "step {step} does not exist: this adjudication has {total} steps"
        ))
        .in_format(out));
    }
    let file = SavedState::new(replay.position.clone(), step);
    Ok(attachment(
        &format!("adjudication-{hash}-step-{step}.json"),
        serde_json::to_string_pretty(&file).unwrap_or_default(),
    ))
}

/// A position file to download, named `filename` (made of a hash and numbers only).
fn attachment(filename: &str, json: String) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("application/json")
        .insert_header((
            header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"{filename}\""),
        ))
        .body(json)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JumpQuery {
    n: String,
}

/// `GET /adjudicate/p/{hash}/jump?n=N`: the "jump to step" form without JavaScript.
async fn jump(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<String>,
    query: web::Query<JumpQuery>,
) -> Result<HttpResponse, Failure> {
    let out = Format::of(&req);
    let hash = path.into_inner();
    load(&state, &hash, out)?;
    let n = parse_step(query.n.trim(), out)?;
    Ok(see_other(&step_url(&hash, n)))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ChooseForm {
    chance: String,
    slot: String,
    step: String,
}

/// A whole number from form field `name`, or a 400 naming the field.
fn form_number<T: std::str::FromStr>(name: &str, raw: &str, out: Format) -> Result<T, Failure> {
    raw.trim().parse().map_err(|_| {
        WebError::BadRequest(format!(
            "form field {name}: {} is not a whole number",
            page::quoted(raw)
        ))
        .in_format(out)
    })
}

/// A chance step's outcome, read from [`ChooseForm`].
struct Choice {
    chance: u32,
    slot: usize,
    step: usize,
}

/// `POST /adjudicate/p/{hash}/choose`: fix chance step `chance` to the candidate in
/// `slot`; the engine re-runs, and the judge lands on the same step of the new position.
async fn choose(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<String>,
    form: web::Form<ChooseForm>,
) -> Result<HttpResponse, Failure> {
    let out = Format::of(&req);
    let hash = path.into_inner();
    let mut position = load(&state, &hash, out)?;
    let raw = form.into_inner();
    let f = Choice {
        chance: form_number("chance", &raw.chance, out)?,
        slot: form_number("slot", &raw.slot, out)?,
        step: form_number("step", &raw.step, out)?,
    };
    if f.chance == 0 || f.slot == 0 || f.slot > caps::SLOTS {
        return Err(
            WebError::BadRequest("chance and slot are numbered from 1".into()).in_format(out),
        );
    }
    position.choices.retain(|c| c.chance != f.chance);
    position.choices.push(position::ChoiceSpec {
        chance: f.chance,
        slot: f.slot,
    });
    position.choices.sort_by_key(|c| c.chance);
    let replay = run(&state, position.clone(), out)?;
    if let Outcome::BadChoice { .. } = replay.outcome {
        return Err(WebError::BadRequest(format!(
            "slot {} is not a candidate of chance step {}",
            f.slot, f.chance
        ))
        .in_format(out));
    }
    let new = store(&state, &position, out)?;
    Ok(see_other(&step_url(&new, f.step.min(replay.steps.len()))))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct InterpretForm {
    key: String,
    step: String,
}

/// `POST /adjudicate/p/{hash}/interpret`: switch interpretation `key` to its other
/// reading and show both outcomes side by side.
async fn interpret(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<String>,
    form: web::Form<InterpretForm>,
) -> Result<HttpResponse, Failure> {
    let out = Format::of(&req);
    let hash = path.into_inner();
    let position = load(&state, &hash, out)?;
    let f = form.into_inner();
    let step: usize = form_number("step", &f.step, out)?;
    let Some(info) = INTERPRETATIONS.iter().find(|i| i.key == f.key) else {
        let keys: Vec<&str> = INTERPRETATIONS.iter().map(|i| i.key).collect();
        return Err(WebError::BadRequest(format!(
            "no interpretation {}; expected one of {}",
            page::quoted(&f.key),
            keys.join(", ")
        ))
        .in_format(out));
    };
    let mut value = serde_json::to_value(position.interpretations).unwrap_or_default();
    let current = value[info.key]
        .as_str()
        .unwrap_or(info.readings[0].0)
        .to_string();
    let other = if current == info.readings[0].0 {
        info.readings[1].0
    } else {
        info.readings[0].0
    };
    value[info.key] = other.into();
    let mut switched = position.clone();
    switched.interpretations = serde_json::from_value(value)
        .map_err(|e| WebError::Internal(format!("interpretation: {e}")).in_format(out))?;
    let new = store(&state, &switched, out)?;
    Ok(see_other(&format!(
        "/adjudicate/compare/{hash}/{new}?step={step}"
    )))
}

// ---------------------------------------------------------------------------------------
// Comparing two readings

/// One row of the side-by-side comparison.
#[derive(Debug, Clone, Serialize)]
struct CompareRow {
    n: usize,
    a: Option<StepView>,
    b: Option<StepView>,
    differs: bool,
    first_difference: bool,
}

/// `/adjudicate/compare/{a}/{b}`: two positions (usually one interpretation apart)
/// played side by side, step by step, with the first step where they differ marked.
#[derive(Template)]
#[template(path = "adjudicate/compare.html")]
struct ComparePage {
    a: String,
    b: String,
    step: usize,
    rows: Vec<CompareRow>,
    first_difference: Option<usize>,
    rows_from: usize,
    rows_to: usize,
    total: usize,
    outcome_a: String,
    outcome_b: String,
    board_a: BoardView,
    board_b: BoardView,
    differences: Vec<(&'static str, &'static str, &'static str)>,
}

/// The comparison shows at most this many rows (steps), starting [`COMPARE_LEAD`] steps
/// before the first difference: two games at the step bound would be 20,000 steps of log.
/// Each side's step page has the rest.
const COMPARE_WINDOW: usize = 200;
const COMPARE_LEAD: usize = 10;

#[derive(Serialize)]
struct CompareJson<'a> {
    object: &'static str,
    a: &'a str,
    b: &'a str,
    first_difference: Option<usize>,
    /// The steps in `rows`: `rows_from` to `rows_to` of `total` (the longer game's steps).
    rows_from: usize,
    rows_to: usize,
    total: usize,
    interpretations: &'a [(&'static str, &'static str, &'static str)],
    outcome_a: &'a Outcome,
    outcome_b: &'a Outcome,
    rows: &'a [CompareRow],
    final_a: Position,
    final_b: Position,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CompareQuery {
    step: Option<String>,
}

async fn compare_page(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<(String, String)>,
    query: web::Query<CompareQuery>,
) -> Result<HttpResponse, Failure> {
    let out = Format::of(&req);
    let (a, raw_b) = path.into_inner();
    let b = page::strip_json(&req, &raw_b).to_string();
    let ra = run(&state, load(&state, &a, out)?, out)?;
    let rb = run(&state, load(&state, &b, out)?, out)?;
    let len = ra.steps.len().max(rb.steps.len());
    let texts = |r: &Replay, i: usize| -> Option<Vec<String>> {
        r.steps
            .get(i)
            .map(|s| s.events.iter().map(|e| e.text.clone()).collect())
    };
    let first = (0..len)
        .find(|&i| texts(&ra, i) != texts(&rb, i))
        .map(|i| i + 1);
    // The rows shown: COMPARE_WINDOW of them, from a few before the first difference.
    let rows_from = first.map_or(1, |f| f.saturating_sub(COMPARE_LEAD).max(1));
    let rows_to = len.min(rows_from - 1 + COMPARE_WINDOW);
    let mut rows = Vec::with_capacity(rows_to + 1 - rows_from);
    for i in rows_from - 1..rows_to {
        let differs = texts(&ra, i) != texts(&rb, i);
        rows.push(CompareRow {
            n: i + 1,
            a: ra
                .steps
                .get(i)
                .map(|r| StepView::of(r.n, r.turn, r.phase, &r.events)),
            b: rb
                .steps
                .get(i)
                .map(|r| StepView::of(r.n, r.turn, r.phase, &r.events)),
            differs,
            first_difference: first == Some(i + 1),
        });
    }
    let differences: Vec<(&'static str, &'static str, &'static str)> = ra
        .position
        .interpretations
        .chosen()
        .iter()
        .zip(rb.position.interpretations.chosen())
        .filter(|(x, y)| x.1 != y.1)
        .map(|(x, y)| (x.0, x.1, y.1))
        .collect();
    let step = match &query.step {
        Some(raw) => parse_step(raw.trim(), out)?,
        None => 0,
    };
    if out == Format::Json {
        return page::json(
            &CompareJson {
                object: "comparison",
                a: &a,
                b: &b,
                first_difference: first,
                rows_from,
                rows_to,
                total: len,
                interpretations: &differences,
                outcome_a: &ra.outcome,
                outcome_b: &rb.outcome,
                rows: &rows,
                final_a: position::to_position(ra.state(ra.steps.len())),
                final_b: position::to_position(rb.state(rb.steps.len())),
            },
            out,
        );
    }
    page::render(
        &ComparePage {
            board_a: BoardView::of(ra.state(ra.steps.len())),
            board_b: BoardView::of(rb.state(rb.steps.len())),
            outcome_a: outcome_text(&ra),
            outcome_b: outcome_text(&rb),
            a,
            b,
            step,
            rows,
            first_difference: first,
            rows_from,
            rows_to,
            total: len,
            differences,
        },
        out,
    )
}

// ---------------------------------------------------------------------------------------
// The house rules

/// `/adjudicate/rules`: the turn sequence (house rules T1–T11) and the interpretations,
/// the targets of the log's links for rules the seed implies but does not state.
#[derive(Template)]
#[template(path = "adjudicate/rules.html")]
struct RulesPage {
    house: &'static [Citation],
    interpretations: Vec<InterpretationView>,
}

async fn rules_page(req: HttpRequest) -> Result<HttpResponse, Failure> {
    let out = Format::of(&req);
    if out == Format::Json {
        return page::json(
            &serde_json::json!({
                "object": "battleline_rules",
                "house_rules": turn::ALL,
                "interpretations": INTERPRETATIONS,
                "doc": "docs/rules/battleline.md",
            }),
            out,
        );
    }
    page::render(
        &RulesPage {
            house: turn::ALL,
            interpretations: InterpretationView::all(&Default::default()),
        },
        out,
    )
}
