//! `/judge/publish?hash=…&step=…` (a step as a ruling) and `/judge/supersede/{id}` (a
//! correction of a ruling): the form, pre-filled from the step (its citations' keywords
//! and rules sections, the cards on its board), and the publication. Every field is
//! checked against the catalogue and every problem shown at once, at its field.
//! Signed out, the form's page asks a judge to sign in, and its POST is 403. Each form
//! has its JSON twin (`twin.rs`): the same form as data.

use actix_web::http::{header, StatusCode};
use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;
use serde::Deserialize;

use super::sign_in::{checked_next, SignInPage};
use super::twin::{self, FormJson, ProblemJson, PublishJson};
use super::{posting_session, refresh, session};
use crate::catalogue::Catalogue;
use crate::rulings::store::{self, Draft};
use crate::rulings::{ruling_position, Ruling};
use crate::web::adjudicate::{step_facts, StepFacts};
use crate::web::error::{Failure, WebError};
use crate::web::format::Format;
use crate::web::links;
use crate::web::rulings::RulingLink;
use crate::web::AppState;

/// The longest question, in characters.
const QUESTION_CHARS: usize = 1_000;
/// The longest answer, in characters.
const ANSWER_CHARS: usize = 8_000;
/// The most keywords, cards or rules sections one ruling names, each.
const LIST_ITEMS: usize = 50;

/// The form: what the judge will publish, and the problems found, each at its field.
#[derive(Template)]
#[template(path = "judge/publish.html")]
struct PublishPage {
    /// Where it posts.
    action: String,
    judge: String,
    csrf: String,
    hash: String,
    step: String,
    /// The position's last step.
    total: usize,
    game: &'static str,
    /// The game's name, as its pages say it ("Battleline").
    game_name: String,
    question: String,
    answer: String,
    keywords: String,
    cards: String,
    rules: String,
    /// The ruling this one corrects.
    supersedes: Option<Ruling>,
    /// `(field, problem)`; a field may have several.
    errors: Vec<(&'static str, String)>,
}

impl PublishPage {
    fn errors_at(&self, field: &str) -> Vec<&str> {
        self.errors
            .iter()
            .filter(|(f, _)| *f == field)
            .map(|(_, m)| m.as_str())
            .collect()
    }

    fn step_url(&self) -> String {
        format!("/adjudicate/p/{}/{}", self.hash, self.step)
    }

    /// The JSON twin of this form (`kind`: `publish` or `supersede`).
    fn twin(&self, kind: &'static str) -> PublishJson {
        let values = [
            ("csrf", &self.csrf),
            ("hash", &self.hash),
            ("step", &self.step),
            ("question", &self.question),
            ("answer", &self.answer),
            ("keywords", &self.keywords),
            ("cards", &self.cards),
            ("rules", &self.rules),
        ];
        PublishJson {
            object: "judge_form",
            kind,
            signed_in: true,
            judge: Some(self.judge.clone()),
            sign_in_url: None,
            form: Some(FormJson::post(
                self.action.clone(),
                values.iter().map(|(name, _)| *name).collect(),
                values
                    .iter()
                    .map(|(name, value)| (*name, value.to_string()))
                    .collect(),
            )),
            game: Some(self.game),
            total: Some(self.total),
            step_url: Some(self.step_url()),
            supersedes: self.supersedes.as_ref().map(|r| RulingLink {
                id: r.id.clone(),
                url: links::ruling(&r.id),
                question: r.question.clone(),
            }),
            problems: self
                .errors
                .iter()
                .map(|(field, message)| ProblemJson {
                    field,
                    message: message.clone(),
                })
                .collect(),
        }
    }

    /// The page in `format`: the form, or its JSON twin (`kind`: `publish` or
    /// `supersede`).
    fn respond(&self, format: Format, kind: &'static str) -> Result<HttpResponse, Failure> {
        match format {
            Format::Json => twin::respond(&self.twin(kind)),
            Format::Html => self.response(StatusCode::OK),
        }
    }

    fn response(&self, status: StatusCode) -> Result<HttpResponse, Failure> {
        super::html_form(self, status)
    }
}

#[derive(Deserialize)]
pub(super) struct StepQuery {
    #[serde(default)]
    hash: String,
    #[serde(default)]
    step: String,
}

/// What the form posts (every field optional, so a missing CSRF token is a 403, not a
/// 400).
#[derive(Deserialize, Default)]
pub(super) struct PublishForm {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    hash: String,
    #[serde(default)]
    step: String,
    #[serde(default)]
    question: String,
    #[serde(default)]
    answer: String,
    #[serde(default)]
    keywords: String,
    #[serde(default)]
    cards: String,
    #[serde(default)]
    rules: String,
}

/// The sign-in form in place of a judge's form, leading back to it; in JSON, where to sign
/// in (`kind`: `publish` or `supersede`).
fn sign_in_first(
    req: &HttpRequest,
    format: Format,
    kind: &'static str,
) -> Result<HttpResponse, Failure> {
    if format == Format::Json {
        return twin::respond(&PublishJson::signed_out(kind, &twin::html_url(req)));
    }
    let here = req
        .uri()
        .path_and_query()
        .map_or(req.path(), |p| p.as_str())
        .to_string();
    SignInPage {
        message: "Judges sign in to publish a ruling; reading and stepping through rulings \
                  needs no account."
            .into(),
        next: checked_next(&here),
        name: String::new(),
        session: None,
    }
    .response(StatusCode::OK)
}

/// A step number: digits only.
fn parse_step(raw: &str) -> Option<usize> {
    (!raw.is_empty() && raw.len() <= 9 && raw.bytes().all(|b| b.is_ascii_digit()))
        .then(|| raw.parse().ok())
        .flatten()
}

/// The position `hash` at `step` (0 when `step` does not read), or a 404.
async fn facts(
    state: &AppState,
    req: &HttpRequest,
    hash: &str,
    step: &str,
    out: Format,
) -> Result<StepFacts, Failure> {
    if !crate::permalinks::is_hash(hash) {
        return Err(WebError::NotFound(format!(
            "{} is not a permalink: open the form from a step page",
            crate::web::page::quoted(hash)
        ))
        .in_format(out));
    }
    step_facts(state, req, hash, parse_step(step).unwrap_or(0), out).await
}

/// `GET /judge/publish?hash=…&step=…` and its JSON twin.
pub(super) async fn form(
    req: HttpRequest,
    state: web::Data<AppState>,
    query: web::Query<StepQuery>,
) -> Result<HttpResponse, Failure> {
    let format = Format::of(&req);
    let Some(session) = session(&state, &req, format)? else {
        return sign_in_first(&req, format, "publish");
    };
    let f = facts(&state, &req, &query.hash, &query.step, format).await?;
    PublishPage {
        action: "/judge/publish".into(),
        judge: session.judge,
        csrf: session.csrf,
        hash: query.hash.clone(),
        step: parse_step(&query.step)
            .unwrap_or(0)
            .min(f.total)
            .to_string(),
        total: f.total,
        game: f.game.slug(),
        game_name: game_name(&state, f.game.slug()),
        question: String::new(),
        answer: String::new(),
        keywords: f.keywords.join("; "),
        cards: f.cards.join("; "),
        rules: f.rules.join("; "),
        supersedes: None,
        errors: Vec::new(),
    }
    .respond(format, "publish")
}

/// `GET /judge/supersede/{id}` (and its JSON twin, `{id}.json`): the form pre-filled
/// with the ruling it corrects.
pub(super) async fn supersede_form(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, Failure> {
    let format = Format::of(&req);
    let Some(session) = session(&state, &req, format)? else {
        return sign_in_first(&req, format, "supersede");
    };
    let old = target(&state, &path, format)?;
    let f = facts(&state, &req, &old.hash, &old.step.to_string(), format).await?;
    let mut page = PublishPage {
        action: format!("/judge/supersede/{}", old.id),
        judge: session.judge,
        csrf: session.csrf,
        hash: old.hash.clone(),
        step: old.step.to_string(),
        total: f.total,
        game: f.game.slug(),
        game_name: game_name(&state, f.game.slug()),
        question: old.question.clone(),
        answer: old.answer.clone(),
        keywords: old.keywords.join("; "),
        cards: old.cards.join("; "),
        rules: old.rules.join("; "),
        supersedes: Some(old),
        errors: Vec::new(),
    };
    page.errors.extend(supersession_problem(
        &state,
        page.supersedes.as_ref(),
        page.game,
    ));
    page.respond(format, "supersede")
}

/// The ruling `id`, or a 404.
fn target(state: &AppState, id: &str, out: Format) -> Result<Ruling, Failure> {
    state.rulings.snapshot().get(id).cloned().ok_or_else(|| {
        WebError::NotFound(format!("no ruling {}", crate::web::page::quoted(id))).in_format(out)
    })
}

/// Why `old` cannot be superseded by a ruling of `game`, if it cannot.
fn supersession_problem(
    state: &AppState,
    old: Option<&Ruling>,
    game: &str,
) -> Option<(&'static str, String)> {
    let old = old?;
    if let Some(newer) = state.rulings.snapshot().superseded_by(&old.id) {
        return Some((
            "supersedes",
            format!(
                "ruling {} is already superseded by {}: supersede that one",
                old.id, newer.id
            ),
        ));
    }
    (old.game != game).then(|| {
        (
            "hash",
            format!(
                "ruling {} is of {}, and this position is of {game}: a correction is of the \
                 same game",
                old.id, old.game
            ),
        )
    })
}

/// `POST /judge/publish`.
pub(super) async fn publish(
    req: HttpRequest,
    state: web::Data<AppState>,
    form: web::Form<PublishForm>,
) -> Result<HttpResponse, Failure> {
    publish_as(req, state, form.into_inner(), None).await
}

/// `POST /judge/supersede/{id}`.
pub(super) async fn supersede(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<String>,
    form: web::Form<PublishForm>,
) -> Result<HttpResponse, Failure> {
    // Signed out or without the token: 403 before anything else is looked at.
    posting_session(&state, &req, &form.csrf, Format::Html)?;
    let old = target(&state, &path, Format::Html)?;
    publish_as(req, state, form.into_inner(), Some(old)).await
}

/// `game`'s name as the catalogue gives it, else its slug.
fn game_name(state: &AppState, game: &str) -> String {
    state
        .catalogue
        .game(game)
        .map_or_else(|| game.to_string(), |g| g.name.clone())
}

/// Checks `form` and publishes it (correcting `old`, if given): a 303 to the new
/// ruling, or the form again (400) with every problem at its field.
async fn publish_as(
    req: HttpRequest,
    state: web::Data<AppState>,
    form: PublishForm,
    old: Option<Ruling>,
) -> Result<HttpResponse, Failure> {
    let out = Format::Html;
    let session = posting_session(&state, &req, &form.csrf, out)?;
    let f = facts(&state, &req, &form.hash, &form.step, out).await?;
    let game = f.game.slug();
    let mut errors = Vec::new();
    let checked = check(&state.catalogue, game, &form, f.total, &mut errors);
    errors.extend(supersession_problem(&state, old.as_ref(), game));
    let page = |errors| PublishPage {
        action: old.as_ref().map_or("/judge/publish".into(), |o| {
            format!("/judge/supersede/{}", o.id)
        }),
        judge: session.judge.clone(),
        csrf: session.csrf.clone(),
        hash: form.hash.clone(),
        step: form.step.clone(),
        total: f.total,
        game,
        game_name: game_name(&state, game),
        question: form.question.clone(),
        answer: form.answer.clone(),
        keywords: form.keywords.clone(),
        cards: form.cards.clone(),
        rules: form.rules.clone(),
        supersedes: old.clone(),
        errors,
    };
    let (Some(checked), true) = (checked, errors.is_empty()) else {
        return page(errors).response(StatusCode::BAD_REQUEST);
    };
    let (_, position, hash) = ruling_position(&f.json).map_err(|e| {
        WebError::Internal(format!(
            "stored position {} no longer reads: {e}",
            form.hash
        ))
        .in_format(out)
    })?;
    let draft = Draft {
        game: game.to_string(),
        question: checked.question,
        answer: checked.answer,
        keywords: checked.keywords,
        cards: checked.cards,
        rules: checked.rules,
        position,
        hash,
        step: checked.step,
        supersedes: old.as_ref().map(|o| o.id.clone()),
    };
    let judges = state.judges.clone();
    let ruling = {
        let _one_at_a_time = judges.publishing.lock().unwrap_or_else(|e| e.into_inner());
        // Checked again under the lock: another judge may have superseded it meanwhile.
        if let Some(problem) = supersession_problem(&state, old.as_ref(), game) {
            return page(vec![problem]).response(StatusCode::CONFLICT);
        }
        let shown = state.rulings.snapshot();
        let ruling = judges
            .store
            .publish(&draft, &session.judge, store::unix_now(), &|id| {
                shown.get(id).is_some()
            })
            .map_err(|e| WebError::Internal(e.to_string()).in_format(out))?;
        refresh(&state.rulings, &judges.store)
            .map_err(|e| WebError::Internal(e.to_string()).in_format(out))?;
        ruling
    };
    Ok(HttpResponse::SeeOther()
        .insert_header((header::LOCATION, ruling.url()))
        .finish())
}

/// A form's fields, checked and in the catalogue's spelling.
struct Checked {
    step: u32,
    question: String,
    answer: String,
    keywords: Vec<String>,
    cards: Vec<String>,
    rules: Vec<String>,
}

/// `raw` split at `;` and line ends, trimmed, empty items dropped, each once.
fn items(raw: &str) -> Vec<&str> {
    let mut out: Vec<&str> = Vec::new();
    for item in raw
        .split([';', '\n'])
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        if !out.contains(&item) {
            out.push(item);
        }
    }
    out
}

/// Whether `text` holds a control character other than a line end or a tab.
fn has_controls(text: &str) -> bool {
    text.chars()
        .any(|c| c.is_control() && !matches!(c, '\n' | '\r' | '\t'))
}

/// Checks `form` for a position of `game` with `total` steps; every problem goes to
/// `errors` at its field.
fn check(
    catalogue: &Catalogue,
    game: &str,
    form: &PublishForm,
    total: usize,
    errors: &mut Vec<(&'static str, String)>,
) -> Option<Checked> {
    let before = errors.len();
    let step = match parse_step(form.step.trim()) {
        Some(n) if n <= total => n as u32,
        Some(n) => {
            errors.push((
                "step",
                format!("step {n} does not exist: this position has {total} steps"),
            ));
            0
        }
        None => {
            errors.push(("step", format!("expected a step number, 0 to {total}")));
            0
        }
    };
    let mut text = |field: &'static str, value: &str, max: usize| {
        let value = value.trim().replace("\r\n", "\n");
        let chars = value.chars().count();
        if value.is_empty() {
            errors.push((field, format!("the {field} is empty")));
        } else if chars > max {
            errors.push((
                field,
                format!("the {field} is {chars} characters; at most {max}"),
            ));
        } else if has_controls(&value) {
            errors.push((field, format!("the {field} holds a control character")));
        }
        value
    };
    let question = text("question", &form.question, QUESTION_CHARS);
    let answer = text("answer", &form.answer, ANSWER_CHARS);
    let mut names = |field: &'static str, raw: &str, find: &dyn Fn(&str) -> Option<String>| {
        let list = items(raw);
        if list.len() > LIST_ITEMS {
            errors.push((
                field,
                format!("{} {field}; at most {LIST_ITEMS}", list.len()),
            ));
        }
        let mut found = Vec::new();
        for item in list.into_iter().take(LIST_ITEMS) {
            match find(item) {
                Some(name) if !found.contains(&name) => found.push(name),
                Some(_) => {}
                None => errors.push((
                    field,
                    format!(
                        "{} is not one of {game}'s {field}",
                        crate::web::page::quoted(item)
                    ),
                )),
            }
        }
        found
    };
    let keywords = names("keywords", &form.keywords, &|k| {
        catalogue.keyword(game, k).map(|k| k.name.clone())
    });
    let cards = names("cards", &form.cards, &|c| {
        catalogue.card(game, c).map(|c| c.name.to_string())
    });
    let rules = names("rules", &form.rules, &|s| {
        (!catalogue.rules(game, s).is_empty()).then(|| s.to_string())
    });
    (errors.len() == before).then_some(Checked {
        step,
        question,
        answer,
        keywords,
        cards,
        rules,
    })
}
