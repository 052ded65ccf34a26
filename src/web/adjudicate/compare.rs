//! Two stored positions side by side, `/adjudicate/compare/{a}/{b}`: usually one
//! interpretation apart, step by step, with the first difference marked and a window of
//! rows around it. It replays both in one turn at heavy work (`super::replayed_pair`),
//! renders the page in that turn too, and does nothing else.

use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;
use serde::{Deserialize, Serialize};

use super::view::{BoardView, StepView};
use super::{
    for_game, load, log_views, outcome_text, parse_step, read, replayed_pair, Refused, Rendered,
    Replay, WINDOW,
};
use crate::rules::{Game, Readings};
use crate::web::error::Failure;
use crate::web::error::WebError;
use crate::web::format::Format;
use crate::web::page;
use crate::web::AppState;

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
    /// The interpretations the two read differently: `(question, A's reading, B's reading)`, each reading by what
    /// it means.
    readings: Vec<(&'static str, String, String)>,
}

impl ComparePage {
    /// What heads side A's column (`false`) or B's (`true`): the readings it takes where
    /// the two differ, by what they mean (`Reordered`), else its letter.
    fn side(&self, b: bool) -> String {
        if self.readings.is_empty() {
            return if b { "B".into() } else { "A".into() };
        }
        self.readings
            .iter()
            .map(|(_, a_reading, b_reading)| (if b { b_reading } else { a_reading }).clone())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// The comparison shows at most [`WINDOW`] rows (steps), starting this many steps before
/// the first difference: two games at the step bound would be 20,000 steps of log. Each
/// side's step page has the rest.
const COMPARE_LEAD: usize = 10;

#[derive(Serialize)]
#[serde(bound = "")]
struct CompareJson<'a, G: Game> {
    object: &'static str,
    a: &'a str,
    b: &'a str,
    first_difference: Option<usize>,
    /// The steps in `rows`: `rows_from` to `rows_to` of `total` (the longer game's steps).
    rows_from: usize,
    rows_to: usize,
    total: usize,
    interpretations: &'a [(&'static str, &'static str, &'static str)],
    /// The game's slug.
    game: &'static str,
    outcome_a: &'a G::Outcome,
    outcome_b: &'a G::Outcome,
    rows: &'a [CompareRow],
    final_a: G::Position,
    final_b: G::Position,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct CompareQuery {
    step: Option<String>,
}

pub(super) async fn compare_page(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<(String, String)>,
    query: web::Query<CompareQuery>,
) -> Result<HttpResponse, Refused> {
    let out = Format::of(&req);
    let (a, raw_b) = path.into_inner();
    let b = page::strip_json(&req, &raw_b).to_string();
    let (game_a, json_a) = load(&state, &req, &a, out)?;
    let (game_b, json_b) = load(&state, &req, &b, out)?;
    if game_a != game_b {
        return Err(WebError::BadRequest(format!(
            "{a} is a {} position and {b} a {} one: only two readings of one game compare",
            game_a.name(),
            game_b.name()
        ))
        .in_format(out));
    }
    let query = query.into_inner();
    let catalogue = state.catalogue.clone();
    for_game!(game_a, G => {
        let positions = (read::<G>(&a, &json_a, out)?, read::<G>(&b, &json_b, out)?);
        // Both sides in one turn, the page rendered in it too.
        replayed_pair::<G, _>(&state, positions, out, move |ra, rb| {
            compare_view(a, b, ra, rb, &query, &*catalogue, out)
        })
        .await
        .map(Rendered::response)
    })
}

/// The comparison page (or its JSON twin) of two replays.
fn compare_view<G: Game>(
    a: String,
    b: String,
    ra: &Replay<G>,
    rb: &Replay<G>,
    query: &CompareQuery,
    known: &dyn crate::web::links::Explained,
    out: Format,
) -> Result<Rendered, Failure> {
    let len = ra.steps.len().max(rb.steps.len());
    // Step `i` (0-based) reads the same on both sides: both absent, or the same events.
    let same = |i: usize| match (ra.steps.get(i), rb.steps.get(i)) {
        (Some(x), Some(y)) => x
            .events
            .iter()
            .map(|e| &e.text)
            .eq(y.events.iter().map(|e| &e.text)),
        (x, y) => x.is_none() && y.is_none(),
    };
    let first = (0..len).find(|&i| !same(i)).map(|i| i + 1);
    // The rows shown: a window of them, from a few before the first difference.
    let rows_from = first.map_or(1, |f: usize| f.saturating_sub(COMPARE_LEAD).max(1));
    let rows_to = len.min(rows_from - 1 + WINDOW);
    let mut rows = Vec::with_capacity(rows_to + 1 - rows_from);
    for i in rows_from - 1..rows_to {
        let differs = !same(i);
        rows.push(CompareRow {
            n: i + 1,
            a: (i < ra.steps.len())
                .then(|| log_views(ra, i, i + 1, known).pop())
                .flatten(),
            b: (i < rb.steps.len())
                .then(|| log_views(rb, i, i + 1, known).pop())
                .flatten(),
            differs,
            first_difference: first == Some(i + 1),
        });
    }
    let differences: Vec<(&'static str, &'static str, &'static str)> = G::readings(&ra.position)
        .chosen()
        .iter()
        .zip(G::readings(&rb.position).chosen())
        .filter(|(x, y)| x.1 != y.1)
        .map(|(x, y)| (x.0, x.1, y.1))
        .collect();
    let step = match &query.step {
        Some(raw) => parse_step(raw.trim(), out)?,
        None => 0,
    };
    if out == Format::Json {
        return Rendered::json(
            &CompareJson::<G> {
                object: "comparison",
                game: G::ID,
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
                final_a: G::to_position(ra.state(ra.steps.len())),
                final_b: G::to_position(rb.state(rb.steps.len())),
            },
            out,
        );
    }
    Rendered::html(
        &ComparePage {
            board_a: BoardView::of::<G>(ra.state(ra.steps.len())),
            board_b: BoardView::of::<G>(rb.state(rb.steps.len())),
            outcome_a: outcome_text(ra),
            outcome_b: outcome_text(rb),
            a,
            b,
            step,
            rows,
            first_difference: first,
            rows_from,
            rows_to,
            total: len,
            readings: differences
                .iter()
                .filter_map(|(key, x, y)| {
                    let info = <G::Readings as Readings>::info(key)?;
                    Some((info.question, info.label(x), info.label(y)))
                })
                .collect(),
        },
        out,
    )
}
