//! The rules engine over HTTP: `POST /api/adjudicate` takes position JSON
//! (`docs/positions.md`) and answers `{"steps": [...], "final": <position>,
//! "outcome": ...}`, the same JSON as `arbiter adjudicate --json`.
//!
//! Bad input answers 400 with every located problem in `errors` (path, line, column,
//! message); a body over the position cap answers 413. The engine runs on the blocking
//! pool, bounded by the position caps and the engine's step bound.

use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;

use crate::adjudicate::CatalogueCards;
use crate::engine::{self, position::caps, Adjudication, Position, PositionError, RecordConfig};
use crate::web::error::{Failure, WebError};
use crate::web::format::Format;
use crate::web::page;
use crate::web::AppState;

pub(in crate::web) fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/api/adjudicate", web::post().to(api_adjudicate));
}

/// Query of `POST /api/adjudicate`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct AdjudicateQuery {
    /// `false` leaves out the position after each step (a log only).
    #[serde(default)]
    states: Option<bool>,
}

/// The located problems of a position, as a 400.
pub(super) fn position_errors(errors: &[PositionError], out: Format) -> Failure {
    let message = errors
        .iter()
        .map(|e| e.to_string())
        .collect::<Vec<_>>()
        .join("\n");
    WebError::BadInput {
        message: format!("the position is not valid:\n{message}"),
        errors: serde_json::to_value(errors).unwrap_or_default(),
    }
    .in_format(out)
}

/// Reads a request body as position JSON text, within the cap.
pub(super) async fn read_body(
    req: &HttpRequest,
    body: web::Payload,
    out: Format,
) -> Result<String, Failure> {
    let bad = |m: String| WebError::BadRequest(m).in_format(out);
    let ctype = page::media_type(req).unwrap_or_else(|| "application/json".into());
    if ctype != "application/json" {
        return Err(bad(format!(
            "Content-Type `{}` is not accepted: send position JSON as application/json",
            page::quoted(&ctype).trim_matches('`')
        )));
    }
    page::read_text_body(
        body,
        caps::JSON_BYTES,
        ", the cap on a position (docs/positions.md)",
        "position JSON (docs/positions.md)",
    )
    .await
    .map_err(|e| e.in_format(out))
}

/// Resolves and plays `position` on the blocking pool.
pub(super) async fn run(
    state: &AppState,
    position: Position,
    config: RecordConfig,
    out: Format,
) -> Result<Adjudication, Failure> {
    let catalogue = state.catalogue.clone();
    let result =
        web::block(move || engine::adjudicate(&position, &CatalogueCards(&catalogue), config))
            .await
            .map_err(|e| {
                WebError::Internal(format!("the engine did not finish: {e}")).in_format(out)
            })?;
    result.map_err(|errors| position_errors(&errors, out))
}

/// `POST /api/adjudicate`.
async fn api_adjudicate(
    req: HttpRequest,
    state: web::Data<AppState>,
    query: web::Query<AdjudicateQuery>,
    body: web::Payload,
) -> Result<HttpResponse, Failure> {
    let out = Format::Json;
    let text = read_body(&req, body, out).await?;
    let position = Position::from_json(&text).map_err(|e| position_errors(&[e], out))?;
    let config = RecordConfig {
        states: query.states.unwrap_or(true),
    };
    let adj = run(&state, position, config, out).await?;
    if let engine::Outcome::BadChoice { .. } = adj.outcome {
        return Err(bad_choice(&adj, out));
    }
    page::json(&adj, out)
}

/// A judge's choice that names no candidate is bad input, located at `choices`.
pub(super) fn bad_choice(adj: &Adjudication, out: Format) -> Failure {
    position_errors(&[choice_error(adj)], out)
}

/// The error for an adjudication that stopped at a choice naming no candidate, in the
/// words of its ending event.
pub(super) fn choice_error(adj: &Adjudication) -> PositionError {
    PositionError {
        path: "choices".into(),
        line: None,
        column: None,
        message: adj
            .steps
            .last()
            .and_then(|s| s.events.last())
            .map(|e| e.text.clone())
            .unwrap_or_default(),
    }
}
