//! The step-through, `/adjudicate/p/{hash}/{step}`: the board, the log window, the odds
//! and the controls, plus the permalink, the jump form and the state file. What a step
//! page posts to pin (a chance pick, a decision, a written answer, a reading) is
//! `pins.rs`; comparing two readings is `compare.rs`; the view models are `view.rs`.

use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;
use serde::{Deserialize, Serialize};

use super::chart::ChartView;
use super::view::{BoardView, InterpretationView, StepView};
use super::{
    for_game, load, log_views, outcome_text, parse_step, read, replayed, see_other, step_url,
    Refused, Rendered, Replay, ENDED_LABEL, WINDOW,
};
use crate::adjudicate::{CatalogueGame, SavedState};
use crate::rules::chance::Odds;
use crate::rules::odds::{self, Method};
use crate::rules::view::{ChancePanel, Chart, DecisionPanel, GameOdds};
use crate::rules::Game;
use crate::web::error::{Failure, WebError};
use crate::web::format::Format;
use crate::web::links::{self, Explained};
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
    chances: Vec<ChancePanel>,
    /// The decisions taken at this step, each option with a button that pins it.
    decisions: Vec<DecisionPanel>,
    /// The exact odds of each result from this step.
    odds: OddsView,
    interpretations: Vec<InterpretationView>,
    outcome: Option<String>,
    phase: &'static str,
    turn: u32,
}

/// Boards looked at for the abilities in play: every state's up to this many steps, then
/// the first state of each turn and the last (a creature in play for a whole turn is
/// on one of those).
const ABILITY_SCAN_STEPS: usize = 2_000;

/// What the boards of `replay` (the start, the steps, the end) hold that can make an
/// interpretation matter: the readings the game says they bring into play (`None` when
/// it does not say), and every ability's name. Cards still to be played count once they
/// are on a board.
fn in_play<G: Game>(replay: &Replay<G>) -> (Option<Vec<&'static str>>, Vec<String>) {
    let every = replay.steps.len() <= ABILITY_SCAN_STEPS;
    let mut keys: Option<Vec<&'static str>> = None;
    let mut names: Vec<String> = Vec::new();
    let mut turn = None;
    let last = replay.steps.len();
    let states = std::iter::once(&replay.start).chain(
        replay
            .steps
            .iter()
            .enumerate()
            .filter(|(i, r)| {
                let first_of_turn = turn != Some(r.turn);
                turn = Some(r.turn);
                every || first_of_turn || i + 1 == last
            })
            .map(|(_, r)| &r.state),
    );
    for st in states {
        let board = BoardView::of::<G>(st);
        if let Some(live) = &board.readings_in_play {
            let keys = keys.get_or_insert_with(Vec::new);
            for k in live {
                if !keys.contains(k) {
                    keys.push(k);
                }
            }
        }
        for name in board.ability_names() {
            if !names.iter().any(|n| n.eq_ignore_ascii_case(&name)) {
                names.push(name);
            }
        }
    }
    (keys, names)
}

impl StepPage {
    /// The interpretations that can change this position, then the rest.
    fn readings(&self, matter: bool) -> Vec<&InterpretationView> {
        self.interpretations
            .iter()
            .filter(|i| i.matters == matter)
            .collect()
    }

    /// What stopped play when the game is not over, as a heading: `why` with a capital
    /// (`The turns to play ran out …`, `The attack is over`, `Every action is played`).
    fn what_happened(&self, why: &str) -> String {
        let mut chars = why.chars();
        match chars.next() {
            Some(first) => first.to_uppercase().chain(chars).collect(),
            None => "Play stopped".into(),
        }
    }

    /// The board's summary, row by row, once play has stopped.
    fn standing(&self) -> Vec<String> {
        self.board.summary()
    }

    fn url(&self, n: impl std::borrow::Borrow<usize>) -> String {
        step_url(&self.hash, *n.borrow())
    }
}

/// The step page's JSON twin.
#[derive(Serialize)]
#[serde(bound = "")]
struct StepJson<'a, G: Game> {
    object: &'static str,
    hash: &'a str,
    step: usize,
    total: usize,
    turn: u32,
    phase: &'static str,
    /// The game's slug.
    game: &'static str,
    position: &'a G::Position,
    state: G::Position,
    board: &'a BoardView,
    log: &'a [StepView],
    log_from: usize,
    chances: &'a [ChancePanel],
    decisions: &'a [DecisionPanel],
    odds: &'a OddsView,
    interpretations: &'a [InterpretationView],
    outcome: Option<&'a G::Outcome>,
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
    let (game, json) = load(&state, &req, &hash, out)?;
    let catalogue = state.catalogue.clone();
    for_game!(game, G => {
        let position = read::<G>(&hash, &json, out)?;
        replayed::<G, _>(&state, position, out, move |replay| {
            render::<G>(hash, step, replay, None, &*catalogue, out)
        })
        .await
        .map(Rendered::response)
    })
}

/// A judge's written answer the game refused, shown again in its decision's panel.
pub(super) struct RefusedAnswer {
    pub(super) decision: u32,
    /// The text as the judge submitted it.
    pub(super) text: String,
    /// Each problem in words, with its column.
    pub(super) errors: Vec<String>,
}

/// The step page (or its JSON twin) of `replay`, stored as `hash`, at `step`, with its
/// odds and with `refused` (if any) shown in its decision's panel, its rules linked where
/// `known` (the catalogue) says they are explained; called within the turn at heavy work
/// that made `replay` (the odds and the rendering are part of that turn).
pub(super) fn render<G: Game>(
    hash: String,
    step: usize,
    replay: &Replay<G>,
    refused: Option<&RefusedAnswer>,
    known: &dyn Explained,
    out: Format,
) -> Result<Rendered, Failure> {
    let odds = OddsView::of::<G>(replay.state(step.min(replay.steps.len())));
    step_view(hash, step, replay, odds, refused, known, out)
}

/// The exact odds of each result from a step, over every chance outcome still to come
/// that the position does not pin.
#[derive(Debug, Clone, Serialize)]
struct OddsView {
    /// `(result, exact chance)`, most likely first; empty when `error` says why.
    results: Vec<(String, String)>,
    /// The same as the page reads them: `(result, chance in words, exact chance)`, the
    /// chance a percentage, "certain" or "impossible" ([`in_words`]).
    #[serde(skip)]
    read: Vec<(String, String, String)>,
    /// How the figures were computed.
    method: Option<Method>,
    /// Why there are none (more branches than [`odds::PAGE_RUNS`] steps can play out,
    /// or the game's model says why).
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    /// The game's charts of the odds, as plain data (each bar's exact fraction).
    charts: Vec<Chart>,
    /// The same, laid out for the page's SVG.
    #[serde(skip)]
    drawn: Vec<ChartView>,
    /// Whether the page shows them: only for a game with chance ([`Game::HAS_CHANCE`]).
    #[serde(skip)]
    shown: bool,
}

impl OddsView {
    fn of<G: Game>(from: &G::State) -> OddsView {
        match odds::from_state::<G>(from) {
            Ok(GameOdds { results: d, charts }) => {
                let mut results: Vec<(String, Odds)> = d.outcomes.into_iter().collect();
                results.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
                OddsView {
                    read: results
                        .iter()
                        .map(|(r, p)| (r.clone(), in_words(p), p.to_string()))
                        .collect(),
                    results: results
                        .into_iter()
                        .map(|(r, p)| (r, p.to_string()))
                        .collect(),
                    method: Some(d.method),
                    error: None,
                    drawn: charts.iter().map(ChartView::of).collect(),
                    charts,
                    shown: G::HAS_CHANCE,
                }
            }
            Err(e) => OddsView {
                results: Vec::new(),
                read: Vec::new(),
                method: None,
                error: Some(e),
                charts: Vec::new(),
                drawn: Vec::new(),
                shown: G::HAS_CHANCE,
            },
        }
    }

    /// What the figures count, in a player's words.
    fn plain(&self) -> &'static str {
        "Every roll still to come is counted exactly; a roll the judge pinned stays as pinned."
    }

    /// How the figures were computed, for a judge who asks (the page folds it away).
    fn how(&self) -> String {
        match &self.method {
            Some(Method::Enumerated { runs, .. }) => format!(
                "exact: every chance outcome still to come played out ({runs} {} run); pinned outcomes stay pinned",
                if *runs == 1 { "step" } else { "steps" }
            ),
            Some(Method::Aggregated { model }) => format!("exact, by the game's model: {model}"),
            None => String::new(),
        }
    }
}

/// A chance as a player reads it: `certain`, `impossible`, else a percentage to one
/// decimal (`31.9%`), never rounded to 0% or 100% (`under 0.1%`, `over 99.9%`).
fn in_words(p: &Odds) -> String {
    use num_traits::{One, ToPrimitive, Zero};
    if p.is_one() {
        return "certain".into();
    }
    if p.is_zero() {
        return "impossible".into();
    }
    let percent = p.to_f64().unwrap_or(0.0) * 100.0;
    match format!("{percent:.1}").as_str() {
        "0.0" => "under 0.1%".into(),
        "100.0" => "over 99.9%".into(),
        shown => format!("{shown}%"),
    }
}

/// The step page (or its JSON twin) of `replay` at `step`.
fn step_view<G: Game>(
    hash: String,
    step: usize,
    replay: &Replay<G>,
    odds: OddsView,
    refused: Option<&RefusedAnswer>,
    known: &dyn Explained,
    out: Format,
) -> Result<Rendered, Failure> {
    let total = replay.steps.len();
    if step > total {
        return Err(WebError::NotFound(format!(
            "step {step} does not exist: this adjudication has {total} steps"
        ))
        .in_format(out));
    }
    let st = replay.state(step);
    let log_from = step.saturating_sub(WINDOW) + 1;
    let log: Vec<StepView> = log_views(replay, log_from - 1, step, known);
    let chances: Vec<ChancePanel> = match step.checked_sub(1).and_then(|i| replay.steps.get(i)) {
        Some(ran) => ran
            .events
            .iter()
            .filter_map(|e| G::chance_panel(st, &e.change))
            .collect(),
        None => Vec::new(),
    };
    let mut decisions: Vec<DecisionPanel> =
        match step.checked_sub(1).and_then(|i| replay.steps.get(i)) {
            Some(ran) => ran
                .events
                .iter()
                .filter_map(|e| G::decision_panel(st, &e.change))
                .collect(),
            None => Vec::new(),
        };
    if let Some(r) = refused {
        let answer = decisions
            .iter_mut()
            .filter(|d| d.ordinal == r.decision)
            .find_map(|d| d.answer.as_mut());
        match answer {
            Some(a) => {
                a.value = r.text.clone();
                a.errors = r.errors.clone();
            }
            // Not on this step: the problems on a page of their own.
            None => {
                return Err(WebError::BadRequest(format!(
                    "the answer to decision {} could not be read: {}",
                    r.decision,
                    r.errors.join("; ")
                ))
                .in_format(out))
            }
        }
    }
    let board = BoardView::of::<G>(st);
    let (keys, abilities) = in_play(replay);
    let interpretations =
        InterpretationView::for_boards(G::readings(&replay.position), keys.as_deref(), &abilities);
    let outcome = (step == total).then(|| outcome_text(replay));
    let (phase, turn) = match step.checked_sub(1).and_then(|i| replay.steps.get(i)) {
        // Play stopped without the game being over (the turns ran out, the step bound):
        // not a game over.
        Some(ran) if step == total && board.ended.as_ref().is_some_and(|e| !e.game_over) => {
            (ENDED_LABEL, ran.turn)
        }
        Some(ran) => (G::phase_label(ran.phase), ran.turn),
        None => ("start", G::clock(&replay.start).1),
    };
    if out == Format::Json {
        let links = serde_json::json!({
            "self": step_url(&hash, step),
            "first": step_url(&hash, 0),
            "prev": (step > 0).then(|| step_url(&hash, step - 1)),
            "next": (step < total).then(|| step_url(&hash, step + 1)),
            "last": step_url(&hash, total),
            "position": links::position_file(&hash),
            "state": links::state_file(&hash, step),
        });
        return Rendered::json(
            &StepJson::<G> {
                object: "adjudication_step",
                game: G::ID,
                hash: &hash,
                step,
                total,
                turn,
                phase,
                position: &replay.position,
                state: G::to_position(st),
                board: &board,
                log: &log,
                log_from,
                chances: &chances,
                decisions: &decisions,
                odds: &odds,
                interpretations: &interpretations,
                outcome: (step == total).then_some(&replay.outcome),
                links,
            },
            out,
        );
    }
    // A chance that drew a die is pinned by clicking the die, not from a list of faces.
    let mut board = board;
    let chances = board.pin_dice(chances, &format!("/adjudicate/p/{hash}/choose"), step);
    Rendered::html(
        &StepPage {
            hash,
            step,
            total,
            board,
            log,
            log_from,
            chances,
            decisions,
            odds,
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
    let (game, json) = load(&state, &req, hash, out)?;
    if out == Format::Json {
        let pretty = for_game!(game, G => {
            serde_json::to_string_pretty(&read::<G>(hash, &json, out)?).unwrap_or_default()
        });
        return Ok(Rendered::attachment(format!("position-{hash}.json"), pretty).response());
    }
    Ok(see_other(&step_url(hash, 0)))
}

/// `/adjudicate/p/{hash}/{step}/state.json`: the state of the step-through at `step` as
/// a file: the stored position (its choices and interpretations included) and the step
/// ([`SavedState`], which says why not the board). Pasted or uploaded at `/adjudicate`,
/// it opens on the same step.
pub(super) async fn state_download(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, Refused> {
    let out = Format::Json;
    let (hash, raw) = path.into_inner();
    let step = parse_step(&raw, out)?;
    let (game, json) = load(&state, &req, &hash, out)?;
    for_game!(game, G => state_file::<G>(&state, hash, &json, step, out).await)
}

/// The saved state of `json` (permalink `hash`) at `step`, as game `G`'s.
async fn state_file<G: CatalogueGame>(
    state: &AppState,
    hash: String,
    json: &str,
    step: usize,
    out: Format,
) -> Result<HttpResponse, Refused> {
    let position = read::<G>(&hash, json, out)?;
    replayed::<G, _>(state, position, out, move |replay| {
        let total = replay.steps.len();
        if step > total {
            return Err(WebError::NotFound(format!(
                "step {step} does not exist: this adjudication has {total} steps"
            ))
            .in_format(out));
        }
        let file = SavedState::new(replay.position.clone(), step);
        Ok(Rendered::attachment(
            format!("adjudication-{hash}-step-{step}.json"),
            serde_json::to_string_pretty(&file).unwrap_or_default(),
        ))
    })
    .await
    .map(Rendered::response)
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
    load(&state, &req, &hash, out)?;
    let n = parse_step(query.n.trim(), out)?;
    Ok(see_other(&step_url(&hash, n)))
}
