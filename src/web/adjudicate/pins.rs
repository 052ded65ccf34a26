//! A judge's pins on a step page: a chance outcome (`choose`), a decision's option
//! (`decide`), a written answer such as a ruling (`answer`) and a reading of an
//! interpretation (`interpret`). Each pins the stored position and redirects to the new
//! permalink's step; the step page itself is `step`'s.

use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;

use super::step::{render, RefusedAnswer};
use super::{
    check_client_rate, check_rate, for_game, load, outcome_text, read, replay_in_turn, replayed,
    see_other, step_url, store, Refused, Rendered, Replay,
};
use crate::adjudicate::CatalogueGame;
use crate::rules::{Game, Readings};
use crate::web::error::{Failure, WebError};
use crate::web::format::Format;
use crate::web::page;
use crate::web::AppState;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ChooseForm {
    chance: String,
    /// The outcome to pin, as the chance panel gives it (battle-line: the slot).
    #[serde(alias = "pin")]
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

/// `POST /adjudicate/p/{hash}/choose`: fix chance step `chance` to the outcome `slot`
/// names (the panel's pin); the engine re-runs, and the judge lands on the same step of
/// the new position.
pub(super) async fn choose(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<String>,
    form: web::Form<ChooseForm>,
) -> Result<HttpResponse, Refused> {
    let out = Format::of(&req);
    let hash = path.into_inner();
    let (game, json) = load(&state, &req, &hash, out)?;
    for_game!(game, G => choose_as::<G>(&req, &state, &hash, &json, form.into_inner(), out).await)
}

async fn choose_as<G: CatalogueGame>(
    req: &HttpRequest,
    state: &AppState,
    hash: &str,
    json: &str,
    raw: ChooseForm,
    out: Format,
) -> Result<HttpResponse, Refused> {
    let position = read::<G>(hash, json, out)?;
    let chance: u32 = form_number("chance", &raw.chance, out)?;
    let step: usize = form_number("step", &raw.step, out)?;
    let pinned = G::pin_in_position(&position, chance, &raw.slot)
        .map_err(|e| WebError::BadRequest(e).in_format(out))?;
    // A client over its rate is refused before the replay, as the builder does.
    check_rate(state, req, &pinned, out)?;
    let slot = raw.slot;
    let total = replayed::<G, _>(state, pinned.clone(), out, move |replay| {
        if G::stopped_by_input(&replay.outcome).is_some() {
            return Err(WebError::BadRequest(format!(
                "{} is not a candidate of chance step {chance}: {}",
                page::quoted(slot.trim()),
                outcome_text(replay)
            ))
            .in_format(out));
        }
        chance_reached(replay, chance, out)?;
        Ok(replay.steps.len())
    })
    .await?;
    let new = store(state, req, &pinned, out)?;
    Ok(see_other(&step_url(&new, step.min(total))))
}

/// A 400 naming the chance steps there are, unless `replay` reaches chance step
/// `chance` (a pin for one it never reaches would be stored and never used).
fn chance_reached<G: Game>(replay: &Replay<G>, chance: u32, out: Format) -> Result<(), Failure> {
    let mut ordinals: Vec<u32> = Vec::new();
    for (i, ran) in replay.steps.iter().enumerate() {
        let st = replay.state(i + 1);
        ordinals.extend(
            ran.events
                .iter()
                .filter_map(|e| G::chance_panel(st, &e.change))
                .map(|panel| panel.ordinal),
        );
    }
    if ordinals.contains(&chance) {
        return Ok(());
    }
    let there = if ordinals.is_empty() {
        "this adjudication has no chance steps".to_string()
    } else {
        format!("its chance steps are {}", number_ranges(ordinals))
    };
    Err(WebError::BadRequest(format!(
        "form field chance: this adjudication never reaches chance step {chance}; {there}"
    ))
    .in_format(out))
}

/// `numbers` as runs: `1–12`, `1–3, 5, 8–9`.
fn number_ranges(mut numbers: Vec<u32>) -> String {
    numbers.sort_unstable();
    numbers.dedup();
    let mut runs: Vec<(u32, u32)> = Vec::new();
    for n in numbers {
        match runs.last_mut() {
            Some((_, last)) if last.checked_add(1) == Some(n) => *last = n,
            _ => runs.push((n, n)),
        }
    }
    runs.iter()
        .map(|&(a, b)| {
            if a == b {
                a.to_string()
            } else {
                format!("{a}–{b}")
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// What the decide form posts: `decision` and `step`, then either `option` (a decision
/// with one option to pin) or any number of `pick` fields (a decision that picks a set,
/// such as Lucky's dice: each item picked, none for the empty set).
struct DecideForm {
    decision: String,
    step: String,
    option: Option<String>,
    picks: Vec<String>,
}

impl DecideForm {
    /// Reads the posted pairs; a field missing, repeated or unknown is a 400 naming it.
    fn read(pairs: Vec<(String, String)>, out: Format) -> Result<DecideForm, Failure> {
        let bad = |m: String| WebError::BadRequest(m).in_format(out);
        let (mut decision, mut step, mut option) = (None, None, None);
        let mut picks = Vec::new();
        for (k, v) in pairs {
            let slot = match k.as_str() {
                "decision" => &mut decision,
                "step" => &mut step,
                "option" => &mut option,
                "pick" => {
                    picks.push(v);
                    continue;
                }
                other => {
                    return Err(bad(format!(
                        "form field {} is not one of decision, step, option, pick",
                        page::quoted(other)
                    )))
                }
            };
            if slot.replace(v).is_some() {
                return Err(bad(format!("form field {k} is given twice")));
            }
        }
        if option.is_some() && !picks.is_empty() {
            return Err(bad(
                "post either `option` (one option) or `pick` fields (a set), not both".into(),
            ));
        }
        Ok(DecideForm {
            decision: decision.ok_or_else(|| bad("form field decision is missing".into()))?,
            step: step.ok_or_else(|| bad("form field step is missing".into()))?,
            option,
            picks,
        })
    }
}

/// `POST /adjudicate/p/{hash}/decide`: pin decision `decision` to option `option`, or
/// (a decision that picks a set, such as Lucky's dice) to the items posted as `pick`;
/// the engine re-runs, and the judge lands on the same step of the new position.
pub(super) async fn decide(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<String>,
    form: web::Form<Vec<(String, String)>>,
) -> Result<HttpResponse, Refused> {
    let out = Format::of(&req);
    let hash = path.into_inner();
    let (game, json) = load(&state, &req, &hash, out)?;
    let f = DecideForm::read(form.into_inner(), out)?;
    let decision: u32 = form_number("decision", &f.decision, out)?;
    let step: usize = form_number("step", &f.step, out)?;
    let option: Option<usize> = match &f.option {
        Some(raw) => Some(form_number("option", raw, out)?),
        None => None,
    };
    let picks: Vec<usize> = f
        .picks
        .iter()
        .map(|raw| form_number("pick", raw, out))
        .collect::<Result<_, _>>()?;
    // A client over its rate is refused before the pin's replay and the play.
    check_client_rate(&state, &req, out)?;
    for_game!(game, G => {
        let position = read::<G>(&hash, &json, out)?;
        let (catalogue, heavy) = (state.catalogue.clone(), state.heavy.clone());
        // The pin (which replays to find the decision) and the replay: one turn.
        let (pinned, total) = state
            .heavy
            .run(out, move || {
                let pinned = G::with_cards(&catalogue, |cards| match option {
                    Some(option) => G::pin_decision_with_cards(&position, cards, decision, option),
                    None => G::pin_decision_picks_with_cards(&position, cards, decision, &picks),
                })
                .map_err(|e| WebError::BadRequest(e).in_format(out))?;
                let _holding = heavy.hold();
                let replay = replay_in_turn::<G>(&catalogue, pinned.clone(), out)?;
                if G::stopped_by_input(&replay.outcome).is_some() {
                    return Err(WebError::BadRequest(format!(
                        "{} is not an option of decision {decision}: {}",
                        option.map_or_else(|| "this set".to_string(), |o| format!("option {o}")),
                        outcome_text(&replay)
                    ))
                    .in_format(out));
                }
                Ok((pinned, replay.steps.len()))
            })
            .await??;
        let new = store(&state, &req, &pinned, out)?;
        Ok(see_other(&step_url(&new, step.min(total))))
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct AnswerForm {
    decision: String,
    /// The answer in the game's own words (a ruling's changes: `damage foe 4; amber Bob -1`).
    text: String,
    step: String,
}

/// `POST /adjudicate/p/{hash}/answer`: answer decision `decision` in words (a judge's
/// ruling on an effect the engine does not read, written as explicit changes); the game
/// reads the text, the engine re-runs, and the judge lands on the same step of the new
/// position. Text the game cannot read is the same step page again as a 400, the text
/// kept and every problem at its column in the decision's panel (the JSON twin: a 400
/// error object whose `errors` are `{column, message}`).
pub(super) async fn answer(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<String>,
    form: web::Form<AnswerForm>,
) -> Result<HttpResponse, Refused> {
    let out = Format::of(&req);
    let hash = path.into_inner();
    let (game, json) = load(&state, &req, &hash, out)?;
    let f = form.into_inner();
    let decision: u32 = form_number("decision", &f.decision, out)?;
    let step: usize = form_number("step", &f.step, out)?;
    let asked = Answer {
        decision,
        text: f.text,
        step,
    };
    // A client over its rate is refused before the answer's replay and the play.
    check_client_rate(&state, &req, out)?;
    for_game!(game, G => answer_as::<G>(&req, &state, hash, &json, asked, out).await)
}

/// What a judge posted to [`answer`], read.
struct Answer {
    decision: u32,
    text: String,
    step: usize,
}

/// What one turn at [`answer_as`] comes to.
enum Answered<P> {
    /// The answer read: the pinned position, and its adjudication's steps.
    Pinned(P, usize),
    /// The answer refused: the step page again, its problems in the decision's panel.
    Refused(Rendered),
}

async fn answer_as<G: CatalogueGame>(
    req: &HttpRequest,
    state: &AppState,
    hash: String,
    json: &str,
    asked: Answer,
    out: Format,
) -> Result<HttpResponse, Refused> {
    let position = read::<G>(&hash, json, out)?;
    let (catalogue, heavy) = (state.catalogue.clone(), state.heavy.clone());
    let target = asked.step;
    // The answer read (which replays to find the decision), then the position played
    // with it, or the refused page rendered: one turn.
    let answered = state
        .heavy
        .run(out, move || {
            let _holding = heavy.hold();
            answer_in_turn::<G>(&catalogue, hash, position, asked, out)
        })
        .await??;
    match answered {
        Answered::Pinned(pinned, total) => {
            let new = store(state, req, &pinned, out)?;
            Ok(see_other(&step_url(&new, target.min(total))))
        }
        Answered::Refused(page) => Ok(page.response()),
    }
}

/// [`answer_as`]'s turn: `asked` read against `position` (permalink `hash`), and what
/// that comes to.
fn answer_in_turn<G: CatalogueGame>(
    catalogue: &crate::catalogue::Catalogue,
    hash: String,
    position: G::Position,
    asked: Answer,
    out: Format,
) -> Result<Answered<G::Position>, Failure> {
    let Answer {
        decision,
        text,
        step,
    } = asked;
    let pinned = G::with_cards(catalogue, |cards| {
        G::pin_answer_with_cards(&position, cards, decision, &text)
    });
    let errors = match pinned {
        Ok(pinned) => {
            let replay = replay_in_turn::<G>(catalogue, pinned.clone(), out)?;
            return Ok(Answered::Pinned(pinned, replay.steps.len()));
        }
        Err(errors) => errors,
    };
    let messages: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
    if out == Format::Json {
        return Err(WebError::BadInput {
            message: format!(
                "the answer to decision {decision} could not be read:\n{}",
                messages.join("\n")
            ),
            errors: serde_json::to_value(&errors).unwrap_or_default(),
        }
        .in_format(out));
    }
    let replay = replay_in_turn::<G>(catalogue, position, out)?;
    let refused = RefusedAnswer {
        decision,
        text,
        errors: messages,
    };
    let mut page = render::<G>(hash, step, &replay, Some(&refused), catalogue, out)?;
    page.status = actix_web::http::StatusCode::BAD_REQUEST;
    Ok(Answered::Refused(page))
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
    let (game, json) = load(&state, &req, &hash, out)?;
    let f = form.into_inner();
    let step: usize = form_number("step", &f.step, out)?;
    let switched = for_game!(game, G => {
        let position = read::<G>(&hash, &json, out)?;
        let switched = switch_reading::<G>(&position, &f.key, out)?;
        store(&state, &req, &switched, out)?
    });
    Ok(see_other(&crate::web::links::compare(
        &hash, &switched, step,
    )))
}

/// `position` with interpretation `key` switched to its other reading (by key, through
/// the game's [`Readings`]); an unknown key is a 400 listing the known ones.
fn switch_reading<G: Game>(
    position: &G::Position,
    key: &str,
    out: Format,
) -> Result<G::Position, Failure> {
    let mut readings = G::readings(position).clone();
    let info = <G::Readings as Readings>::info(key).ok_or_else(|| {
        let keys: Vec<&str> = G::Readings::TABLE.iter().map(|i| i.key).collect();
        WebError::BadRequest(format!(
            "no interpretation {}; expected one of {}",
            page::quoted(key),
            keys.join(", ")
        ))
        .in_format(out)
    })?;
    let current = readings
        .chosen()
        .into_iter()
        .find(|(k, _)| *k == info.key)
        .map_or(info.readings[0].0, |(_, v)| v);
    let other = if current == info.readings[0].0 {
        info.readings[1].0
    } else {
        info.readings[0].0
    };
    readings
        .set(info.key, other)
        .map_err(|e| WebError::Internal(format!("interpretation: {e}")).in_format(out))?;
    Ok(G::with_readings(position, readings))
}
