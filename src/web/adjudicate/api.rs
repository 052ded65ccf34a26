//! The rules engine over HTTP: `POST /api/adjudicate` takes position JSON
//! (`docs/positions.md`) and answers `{"steps": [...], "final": <position>,
//! "outcome": ...}`, the same JSON as `arbiter adjudicate --json`.
//!
//! Bad input answers 400 with every located problem in `errors` (path, line, column,
//! message); a body over the position cap answers 413. The engine runs on the blocking
//! pool, bounded by the position caps, the engine's step bound and the heavy-work turn's
//! deadline (`super::limits`).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;

use super::limits::{CancelOnDrop, HeavyPermit};
use super::Refused;
use crate::adjudicate::CatalogueGame;
use crate::games::battleline::{position::caps, Battleline};
use crate::games::GameId;
use crate::rules::{self, Game, PositionError, RecordConfig};
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

/// Bytes of answer gathered before they are handed to the connection.
const CHUNK_BYTES: usize = 64 << 10;

/// Chunks waiting for a client that reads slowly; the engine waits beyond them.
const CHUNKS_IN_FLIGHT: usize = 4;

/// How long the engine waits for a client that has stopped reading before it drops the
/// answer (and its turn at heavy work); the turn's deadline cuts it shorter.
const STALL: std::time::Duration = std::time::Duration::from_secs(30);

/// `POST /api/adjudicate`.
///
/// The answer is written as the engine plays, a chunk at a time, never built whole: a
/// step-bound game answers some 28 MB, and what the server holds for it is the engine's
/// state and a few chunks. The engine runs on the blocking pool within the heavy-work
/// bound ([`super::HeavyWork`]: a 503 with `Retry-After` beyond its queue) and keeps its
/// turn until the answer is sent, within the turn's deadline: past it before the first
/// byte, a 503 `deadline`; past it while sending, or once the client has gone, the engine
/// stops and the body is cut off unfinished (no closing chunk), never ended as if whole.
async fn api_adjudicate(
    req: HttpRequest,
    state: web::Data<AppState>,
    query: web::Query<AdjudicateQuery>,
    body: web::Payload,
) -> Result<HttpResponse, Refused> {
    let out = Format::Json;
    let text = read_body(&req, body, out).await?;
    // The position's `game` picks the game that reads and plays it.
    match crate::games::which(&text).map_err(|e| position_errors(&[e], out))? {
        GameId::Battleline => adjudicate_as::<Battleline>(state, query, text).await,
        GameId::Swtcg => adjudicate_as::<crate::games::swtcg::Swtcg>(state, query, text).await,
        GameId::Keyforge => {
            adjudicate_as::<crate::games::keyforge::Keyforge>(state, query, text).await
        }
        GameId::Arcane => adjudicate_as::<crate::games::arcane::Arcane>(state, query, text).await,
        GameId::Karth => adjudicate_as::<crate::games::karth::Karth>(state, query, text).await,
    }
}

/// `POST /api/adjudicate` for game `G`.
async fn adjudicate_as<G: CatalogueGame>(
    state: web::Data<AppState>,
    query: web::Query<AdjudicateQuery>,
    text: String,
) -> Result<HttpResponse, Refused> {
    let out = Format::Json;
    let position = crate::games::read_position::<G>(&text).map_err(|e| position_errors(&e, out))?;
    drop(text);
    let config = RecordConfig {
        states: query.states.unwrap_or(true),
    };
    let permit = state.heavy.admit(out).await?;
    let budget = permit.budget().clone();
    let cancel = CancelOnDrop(budget.clone());
    let catalogue = state.catalogue.clone();
    // Resolved first, and (when the position pins outcomes) played once without
    // recording, so a pin naming no option is a 400 before any of the answer is sent.
    // The turn goes with the work, so a request dropped meanwhile frees it only once
    // the work has stopped.
    let (permit, start) = web::block(move || {
        let start = permit.budget().enter(|| {
            let start = G::with_cards(&catalogue, |cards| G::resolve(&position, cards))?;
            if G::pins_any(&position) {
                check_pins::<G>(&start)?;
            }
            // A deadline passed already is answered 503 before anything is sent.
            let _ = rules::budget::exhausted();
            Ok::<G::State, Vec<PositionError>>(start)
        });
        (permit, start)
    })
    .await
    .map_err(|e| WebError::Internal(format!("the engine did not finish: {e}")).in_format(out))?;
    if let Some(stop) = budget.stopped() {
        return Err(state.heavy.stopped(stop, out));
    }
    let start = start.map_err(|errors| position_errors(&errors, out))?;
    Ok(stream::<G>(permit, cancel, start, config))
}

/// The answer of `start` played out, streamed: the engine writes it on the blocking pool
/// within `permit`'s turn and budget, which `cancel` (held by the body) cancels when the
/// body is dropped (the client gone). The body ends in an error, unfinished, unless the
/// engine sent the whole answer.
fn stream<G: Game>(
    permit: HeavyPermit,
    cancel: CancelOnDrop,
    start: G::State,
    config: RecordConfig,
) -> HttpResponse {
    let (tx, rx) = tokio::sync::mpsc::channel::<web::Bytes>(CHUNKS_IN_FLIGHT);
    let whole = Arc::new(AtomicBool::new(false));
    let sent_whole = whole.clone();
    actix_web::rt::task::spawn_blocking(move || {
        let budget = permit.budget().clone();
        let mut sink = Chunks {
            buf: Vec::with_capacity(CHUNK_BYTES),
            tx,
            budget: budget.clone(),
        };
        // An error here is a client gone or stalled, or the deadline: the answer is
        // dropped, and the body ends unfinished.
        let written = budget.enter(|| {
            write_adjudication::<G>(start, config, &mut sink)?;
            if rules::budget::exhausted() {
                return Err(std::io::Error::other("the deadline has passed"));
            }
            sink.send()
        });
        sent_whole.store(written.is_ok(), Ordering::SeqCst);
        drop(permit);
    });
    let body = futures_util::stream::unfold(Some((rx, cancel)), move |held| {
        let whole = whole.clone();
        async move {
            let (mut rx, cancel) = held?;
            match rx.recv().await {
                Some(chunk) => Some((Ok(chunk), Some((rx, cancel)))),
                None if whole.load(Ordering::SeqCst) => None,
                None => Some((
                    Err(actix_web::error::ErrorServiceUnavailable(
                        "the answer was cut off: the client stopped reading or the \
                         adjudication passed the server's deadline (serve --heavy-deadline)",
                    )),
                    None,
                )),
            }
        }
    });
    HttpResponse::Ok()
        .content_type("application/json")
        .streaming(body)
}

/// Plays `start` out without recording; a pin naming no option is the located error the
/// recorded game would end with.
fn check_pins<G: Game>(start: &G::State) -> Result<(), Vec<PositionError>> {
    let mut st = start.clone();
    let mut last = Vec::new();
    // A budget run out stops here; the handler answers with its limit.
    while !G::is_over(&st) && !rules::budget::exhausted() {
        last = G::advance(&mut st);
    }
    match G::stopped_by_input(&G::outcome(&st)) {
        Some(path) => Err(vec![PositionError::at(
            path,
            last.last().map(|e| G::describe(&st, e)).unwrap_or_default(),
        )]),
        None => Ok(()),
    }
}

/// The answer's bytes on their way to the connection, [`CHUNK_BYTES`] at a time.
struct Chunks {
    buf: Vec<u8>,
    tx: tokio::sync::mpsc::Sender<web::Bytes>,
    /// The turn's: a send waits no later than its deadline.
    budget: rules::budget::Budget,
}

impl Chunks {
    /// Hands the gathered bytes over, waiting at most [`STALL`] for room, and not past
    /// the turn's deadline.
    fn send(&mut self) -> std::io::Result<()> {
        if self.buf.is_empty() {
            return Ok(());
        }
        let chunk = web::Bytes::from(std::mem::replace(
            &mut self.buf,
            Vec::with_capacity(CHUNK_BYTES),
        ));
        let gone = |what: &str| std::io::Error::new(std::io::ErrorKind::BrokenPipe, what);
        let wait = self.budget.deadline().map_or(STALL, |d| {
            STALL.min(d.saturating_duration_since(std::time::Instant::now()))
        });
        let handle = tokio::runtime::Handle::current();
        match handle.block_on(tokio::time::timeout(wait, self.tx.send(chunk))) {
            Ok(Ok(())) => Ok(()),
            Ok(Err(_)) => Err(gone("the client has gone")),
            // Past the deadline, [`rules::budget::exhausted`] says so from now on.
            Err(_) if rules::budget::exhausted() => Err(gone("the deadline has passed")),
            Err(_) => Err(gone("the client stopped reading")),
        }
    }
}

impl std::io::Write for Chunks {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.buf.extend_from_slice(bytes);
        if self.buf.len() >= CHUNK_BYTES {
            self.send()?;
        }
        Ok(bytes.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// `value` as the site writes JSON ([`page::html_safe_json`]), onto `w`.
fn write_json(w: &mut impl std::io::Write, value: &impl serde::Serialize) -> std::io::Result<()> {
    w.write_all(&page::html_safe_json(value).map_err(std::io::Error::other)?)
}

/// Writes the JSON of an [`rules::Adjudication`] of `st` played out, as
/// [`rules::play_out`] records it (the same keys in the same order, the same
/// [`rules::STATE_BUDGET_BYTES`] on per-step states), one step at a time.
fn write_adjudication<G: Game>(
    mut st: G::State,
    config: RecordConfig,
    w: &mut impl std::io::Write,
) -> std::io::Result<()> {
    let mut recorder = rules::Recorder::<G>::new(config);
    w.write_all(b"{\"steps\":[")?;
    let mut first = true;
    while let Some(step) = recorder.step(&mut st) {
        if !first {
            w.write_all(b",")?;
        }
        first = false;
        write_json(w, &step)?;
    }
    w.write_all(b"],\"final\":")?;
    write_json(w, &G::to_position(&st))?;
    w.write_all(b",\"outcome\":")?;
    write_json(w, &G::outcome(&st))?;
    if let Some(n) = recorder.states_omitted_from() {
        write!(w, ",\"states_omitted_from\":{n}")?;
    }
    if !recorder.sentences().is_empty() {
        w.write_all(b",\"sentences\":")?;
        write_json(w, recorder.sentences())?;
    }
    w.write_all(b"}")
}
