//! The step-through, `/adjudicate/p/{hash}/{step}`: the board, the log window and the
//! controls, plus what a step page posts or downloads (jump, a chance pick, an
//! interpretation switch, the permalink and the state file). Comparing two readings is
//! `compare.rs`; the view models are `view.rs`.

use actix_web::http::header;
use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;
use serde::{Deserialize, Serialize};

use super::view::{BoardView, ChanceView, InterpretationView, StepView};
use super::{
    load, outcome_text, parse_step, run, see_other, step_url, store, Refused, Replay, WINDOW,
};
use crate::adjudicate::SavedState;
use crate::games::battleline::position::caps;
use crate::games::battleline::{position, Outcome, Position, INTERPRETATIONS};
use crate::web::error::{Failure, WebError};
use crate::web::format::Format;
use crate::web::page;
use crate::web::AppState;

/// `/adjudicate/p/{hash}/{step}`: the board after step `step` (0 is the start), the log
/// so far with every rule linked and quoted, the controls, the chance step's candidates
/// when this step is one, and the interpretations with a switch for each.
#[derive(Template)]
#[template(path = "adjudicate/step.html")]
struct StepPage {
    hash: String,
    step: usize,
    total: usize,
    board: BoardView,
    /// The last [`WINDOW`] steps up to `step`, the last one current: a position can run
    /// to 10,000 steps (the step bound), and every earlier step is one link away. The JSON
    /// twin's `log` is the same window, from `log_from`.
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

pub(super) async fn step_page(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, Refused> {
    let out = Format::of(&req);
    let (hash, raw) = path.into_inner();
    let step = parse_step(page::strip_json(&req, &raw), out)?;
    let position = load(&state, &hash, out)?;
    let replay = run(&state, position, out).await?;
    step_view(hash, step, &replay, out)
}

/// The step page (or its JSON twin) of `replay` at `step`.
fn step_view(
    hash: String,
    step: usize,
    replay: &Replay,
    out: Format,
) -> Result<HttpResponse, Failure> {
    let total = replay.steps.len();
    if step > total {
        return Err(WebError::NotFound(format!(
            "step {step} does not exist: this adjudication has {total} steps"
        ))
        .in_format(out));
    }
    let st = replay.state(step);
    let log_from = step.saturating_sub(WINDOW) + 1;
    let log: Vec<StepView> = replay.steps[log_from - 1..step]
        .iter()
        .map(|r| StepView::of(r.n, r.turn, r.phase, &r.events))
        .collect();
    let chances = if step > 0 {
        ChanceView::of(&replay.steps[step - 1].events, &super::names(replay))
    } else {
        Vec::new()
    };
    let board = BoardView::of(st);
    let interpretations = InterpretationView::all(&replay.position.interpretations);
    let outcome = (step == total).then(|| outcome_text(replay));
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
pub(super) async fn permalink(
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
pub(super) async fn state_download(
    state: web::Data<AppState>,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, Refused> {
    let out = Format::Json;
    let (hash, raw) = path.into_inner();
    let step = parse_step(&raw, out)?;
    let replay = run(&state, load(&state, &hash, out)?, out).await?;
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
pub(super) struct JumpQuery {
    n: String,
}

/// `GET /adjudicate/p/{hash}/jump?n=N`: the "jump to step" form without JavaScript.
pub(super) async fn jump(
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
pub(super) struct ChooseForm {
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
pub(super) async fn choose(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<String>,
    form: web::Form<ChooseForm>,
) -> Result<HttpResponse, Refused> {
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
    let replay = run(&state, position.clone(), out).await?;
    if let Outcome::BadChoice { .. } = replay.outcome {
        return Err(WebError::BadRequest(format!(
            "slot {} is not a candidate of chance step {}",
            f.slot, f.chance
        ))
        .in_format(out));
    }
    let new = store(&state, &req, &position, out)?;
    Ok(see_other(&step_url(&new, f.step.min(replay.steps.len()))))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct InterpretForm {
    key: String,
    step: String,
}

/// `POST /adjudicate/p/{hash}/interpret`: switch interpretation `key` to its other
/// reading and show both outcomes side by side.
pub(super) async fn interpret(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<String>,
    form: web::Form<InterpretForm>,
) -> Result<HttpResponse, Refused> {
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
    let new = store(&state, &req, &switched, out)?;
    Ok(see_other(&format!(
        "/adjudicate/compare/{hash}/{new}?step={step}"
    )))
}
