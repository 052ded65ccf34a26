//! The judge's step-through (issue #6) and the engine's API: build a position at
//! `/adjudicate`, step through it at `/adjudicate/p/{hash}/{step}`, pick a chance step's
//! outcome, switch an interpretation and compare both readings side by side
//! (`/adjudicate/compare/{a}/{b}`), and `POST /api/adjudicate`.
//!
//! There is no server-side session: a position is stored once under the hash of its
//! canonical JSON (`crate::permalinks`), and the URL carries the hash and the step. Every
//! page recomputes its adjudication from the position (the engine is deterministic and
//! fast), and every page has a JSON twin. Each page struct documents what it shows.
//!
//! This file owns the routes and what every page shares: storing and loading a position
//! by hash and replaying it ([`Replay`]). The pages are one file each: `builder.rs`,
//! `step.rs` (with the step page's posts and downloads; its charts laid out by
//! `chart.rs`), `compare.rs`, `rules.rs`, `example.rs` (a keyword's example attack); the
//! API is `api.rs`, card-name suggestions `suggest.rs` and the view models `view.rs`;
//! each game's builder form is the game's own (`Game::builder_form`).

mod api;
mod builder;
mod chart;
mod compare;
mod example;
mod facts;
mod limits;
mod pins;
mod rules;
mod step;
mod suggest;
mod view;

pub(super) use example::example_url;
pub(super) use facts::{step_facts, StepFacts};
use limits::Refused;
pub use limits::{HeavyWork, HeavyWorkConfig, DEFAULT_DEADLINE};

use actix_web::http::header;
use actix_web::{web, HttpRequest, HttpResponse};

use super::error::{Failure, WebError};
use super::format::Format;
use super::page;
use super::AppState;
use crate::adjudicate::CatalogueGame;
use crate::games::GameId;
use crate::permalinks;
use crate::rules::position::JSON_BYTES;
use crate::rules::Game;

/// Form bodies of the step-through: at most twice the JSON cap (a pasted position is
/// percent-encoded), and every error a located 4xx in the request's format.
fn form_config() -> web::FormConfig {
    web::FormConfig::default()
        .limit(JSON_BYTES * 2)
        .error_handler(|e, req| {
            let format = Format::of(req);
            match e {
                actix_web::error::UrlencodedError::Overflow { .. } => WebError::TooLarge(format!(
                    "the form is over {} bytes; a position is at most {} bytes of JSON",
                    JSON_BYTES * 2,
                    JSON_BYTES
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
            .route(web::get().to(builder::builder_page))
            .route(web::post().to(builder::build)),
    )
    .route("/adjudicate/open", web::post().to(builder::open_file))
    .route("/adjudicate/cards", web::get().to(suggest::cards_page))
    .route("/adjudicate/cards.json", web::get().to(suggest::cards_page))
    .route("/adjudicate/rules", web::get().to(rules::rules_page))
    .route("/adjudicate/rules.json", web::get().to(rules::rules_page))
    .route(
        "/adjudicate/rules/{game}",
        web::get().to(rules::game_rules_page),
    )
    .route(
        "/adjudicate/example/{game}/{keyword}",
        web::get().to(example::example),
    )
    .route("/adjudicate/p/{hash}", web::get().to(step::permalink))
    .service(
        web::resource("/adjudicate/p/{hash}/choose")
            .app_data(form_config())
            .route(web::post().to(pins::choose)),
    )
    .service(
        web::resource("/adjudicate/p/{hash}/decide")
            .app_data(form_config())
            .route(web::post().to(pins::decide)),
    )
    .service(
        web::resource("/adjudicate/p/{hash}/answer")
            .app_data(form_config())
            .route(web::post().to(pins::answer)),
    )
    .service(
        web::resource("/adjudicate/p/{hash}/interpret")
            .app_data(form_config())
            .route(web::post().to(pins::interpret)),
    )
    .route("/adjudicate/p/{hash}/jump", web::get().to(step::jump))
    .route(
        "/adjudicate/p/{hash}/{step}",
        web::get().to(step::step_page),
    )
    .route(
        "/adjudicate/p/{hash}/{step}/state.json",
        web::get().to(step::state_download),
    )
    .route(
        "/adjudicate/compare/{a}/{b}",
        web::get().to(compare::compare_page),
    );
    api::routes(cfg);
}

// ---------------------------------------------------------------------------------------
// Running a stored position

/// A position played to the end, every state kept: the core's one replayer.
type Replay<G> = crate::rules::Replay<G>;

/// Runs `$body` with `$g` the game `$game` names: the one place the step-through pages
/// meet the list of games.
macro_rules! for_game {
    ($game:expr, $g:ident => $body:expr) => {
        match $game {
            crate::games::GameId::Battleline => {
                type $g = crate::games::battleline::Battleline;
                $body
            }
            crate::games::GameId::Swtcg => {
                type $g = crate::games::swtcg::Swtcg;
                $body
            }
            crate::games::GameId::Keyforge => {
                type $g = crate::games::keyforge::Keyforge;
                $body
            }
            crate::games::GameId::Arcane => {
                type $g = crate::games::arcane::Arcane;
                $body
            }
            crate::games::GameId::Karth => {
                type $g = crate::games::karth::Karth;
                $body
            }
        }
    };
}
pub(super) use for_game;

/// The canonical JSON of a position: compact serde output of the typed value, so equal
/// positions have equal text and equal hashes.
fn canonical<P: serde::Serialize>(position: &P) -> String {
    serde_json::to_string(position).unwrap_or_default()
}

/// Stores `position` for the client of `req` (rate-limited by its address; a limit
/// reached is a 429 or 507 with `Retry-After`).
fn store<P: serde::Serialize>(
    state: &AppState,
    req: &HttpRequest,
    position: &P,
    out: Format,
) -> Result<String, Refused> {
    let client = req.peer_addr().map(|a| a.ip());
    state
        .permalinks
        .put_from(&canonical(position), client)
        .map_err(|e| limits::permalink_refusal(e, out))
}

/// Refuses (429) a client over its minute's new permalinks before a replay, unless
/// `position` is stored already (storing it again is free): a refused flood costs no
/// engine time.
fn check_rate<P: serde::Serialize>(
    state: &AppState,
    req: &HttpRequest,
    position: &P,
    out: Format,
) -> Result<(), Refused> {
    let client = req.peer_addr().map(|a| a.ip());
    state
        .permalinks
        .check_rate(&canonical(position), client)
        .map_err(|e| limits::permalink_refusal(e, out))
}

/// Refuses (429) a client over its minute's new permalinks before the work that makes
/// the position it would store (a pin found by replaying).
fn check_client_rate(state: &AppState, req: &HttpRequest, out: Format) -> Result<(), Refused> {
    let client = req.peer_addr().map(|a| a.ip());
    state
        .permalinks
        .check_client_rate(client)
        .map_err(|e| limits::permalink_refusal(e, out))
}

/// The stored position `hash` as its JSON text, and the game it is for (its `game`),
/// opened by the client of `req` (a client other than its creator makes it a shared
/// link, which a full store keeps).
fn load(
    state: &AppState,
    req: &HttpRequest,
    hash: &str,
    out: Format,
) -> Result<(GameId, String), Failure> {
    if !permalinks::is_hash(hash) {
        return Err(WebError::NotFound(format!(
            "{} is not a permalink: a permalink is {} hex digits",
            page::quoted(hash),
            permalinks::HASH_LEN
        ))
        .in_format(out));
    }
    let stored = state
        .permalinks
        .get_from(hash, req.peer_addr().map(|a| a.ip()))
        .map_err(|e| WebError::Internal(e.to_string()).in_format(out))?;
    // A ruling's position is always there: it lives with the ruling, not in the
    // permalink store a prune may empty.
    let json = stored
        .or_else(|| {
            state
                .rulings
                .snapshot()
                .position_by_hash(hash)
                .map(str::to_string)
        })
        .ok_or_else(|| {
            WebError::NotFound(format!("no stored position {}", page::quoted(hash))).in_format(out)
        })?;
    let game = crate::games::which(&json).map_err(|e| {
        WebError::Internal(format!("stored position {hash} no longer reads: {e}")).in_format(out)
    })?;
    Ok((game, json))
}

/// Stored text `json` (of permalink `hash`) read as game `G`'s position.
fn read<G: Game>(hash: &str, json: &str, out: Format) -> Result<G::Position, Failure> {
    G::read_position(json).map_err(|e| {
        WebError::Internal(format!("stored position {hash} no longer reads: {e}")).in_format(out)
    })
}

/// Replays `position` and hands the replay to `view`, both in one turn at heavy work
/// ([`HeavyWork::run`]: on the blocking pool, within the bound, the deadline and the
/// cancel flag; a 503 beyond them): the replay lives only within the turn, and what
/// leaves it is `view`'s answer (a rendered page, a few numbers), never the replay.
async fn replayed<G: CatalogueGame, T: Send + 'static>(
    state: &AppState,
    position: G::Position,
    out: Format,
    view: impl FnOnce(&Replay<G>) -> Result<T, Failure> + Send + 'static,
) -> Result<T, Refused> {
    let (catalogue, heavy) = (state.catalogue.clone(), state.heavy.clone());
    state
        .heavy
        .run(out, move || {
            let _holding = heavy.hold();
            let replay = replay_in_turn::<G>(&catalogue, position, out)?;
            view(&replay)
        })
        .await?
}

/// [`replayed`] for two positions (both sides of a comparison) in one turn.
async fn replayed_pair<G: CatalogueGame, T: Send + 'static>(
    state: &AppState,
    positions: (G::Position, G::Position),
    out: Format,
    view: impl FnOnce(&Replay<G>, &Replay<G>) -> Result<T, Failure> + Send + 'static,
) -> Result<T, Refused> {
    let (catalogue, heavy) = (state.catalogue.clone(), state.heavy.clone());
    state
        .heavy
        .run(out, move || {
            let _holding = heavy.hold();
            let a = replay_in_turn::<G>(&catalogue, positions.0, out)?;
            let b = replay_in_turn::<G>(&catalogue, positions.1, out)?;
            view(&a, &b)
        })
        .await?
}

/// Replays `position` within a turn: its errors located, and a replay its budget cut
/// short never shown (the turn answers with the limit instead).
fn replay_in_turn<G: CatalogueGame>(
    catalogue: &crate::catalogue::Catalogue,
    position: G::Position,
    out: Format,
) -> Result<Replay<G>, Failure> {
    let replay = G::with_cards(catalogue, |cards| Replay::<G>::run(position, cards))
        .map_err(|errors| api::position_errors(&errors, out))?;
    if crate::rules::budget::exhausted() {
        return Err(WebError::Internal("stopped by its budget".into()).in_format(out));
    }
    Ok(replay)
}

/// An answer made within a turn at heavy work: an [`HttpResponse`] cannot leave the
/// blocking pool (it is not `Send`), so the page is rendered there into this, and made
/// into the response on the way out.
pub(super) struct Rendered {
    status: actix_web::http::StatusCode,
    content_type: &'static str,
    /// `Content-Disposition: attachment` under this file name.
    attachment: Option<String>,
    body: Vec<u8>,
}

impl Rendered {
    /// An HTML page.
    fn html<T: askama::Template>(page: &T, out: Format) -> Result<Rendered, Failure> {
        let body = page
            .render()
            .map_err(|e| WebError::Internal(format!("template: {e}")).in_format(out))?;
        Ok(Rendered::ok("text/html; charset=utf-8", body.into_bytes()))
    }

    /// A JSON twin, written as every JSON body of the site is.
    fn json<T: serde::Serialize>(value: &T, out: Format) -> Result<Rendered, Failure> {
        let body = page::html_safe_json(value)
            .map_err(|e| WebError::Internal(format!("json: {e}")).in_format(out))?;
        Ok(Rendered::ok("application/json", body))
    }

    /// A JSON file to download, named `filename` (made of a hash and numbers only).
    fn attachment(filename: String, json: String) -> Rendered {
        Rendered {
            attachment: Some(filename),
            ..Rendered::ok("application/json", json.into_bytes())
        }
    }

    fn ok(content_type: &'static str, body: Vec<u8>) -> Rendered {
        Rendered {
            status: actix_web::http::StatusCode::OK,
            content_type,
            attachment: None,
            body,
        }
    }

    /// The response.
    fn response(self) -> HttpResponse {
        let mut res = HttpResponse::build(self.status);
        res.content_type(self.content_type);
        if let Some(name) = self.attachment {
            res.insert_header((
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{name}\""),
            ));
        }
        res.body(self.body)
    }
}

fn step_url(hash: &str, step: usize) -> String {
    crate::web::links::step(hash, step)
}

fn see_other(url: &str) -> HttpResponse {
    HttpResponse::SeeOther()
        .insert_header((header::LOCATION, url.to_string()))
        .finish()
}

/// The most steps of log a page lists: the step page's log, the comparison's rows.
const WINDOW: usize = 200;

/// The phase label of a replay's last step when play stopped without the game being
/// over (the turns ran out, the step bound): "adjudication ended", not the game's
/// "game over".
const ENDED_LABEL: &str = "adjudication ended";

/// Whether `replay` stopped without its game being over, as its final board says.
fn ended_short<G: Game>(replay: &Replay<G>) -> bool {
    G::board(replay.state(replay.steps.len()))
        .ended
        .is_some_and(|e| !e.game_over)
}

/// The log of `replay`'s steps `from..to` (0-based), the last step relabelled when play
/// stopped without a game over, its rules linked where `known` says they are explained.
fn log_views<G: Game>(
    replay: &Replay<G>,
    from: usize,
    to: usize,
    known: &dyn crate::web::links::Explained,
) -> Vec<view::StepView> {
    let short = to == replay.steps.len() && ended_short(replay);
    replay.steps[from.min(to)..to]
        .iter()
        .map(|r| {
            let mut v = view::StepView::of::<G>(r.n, r.turn, r.phase, &r.events, known);
            if short && r.n as usize == replay.steps.len() {
                v.phase = ENDED_LABEL;
            }
            v
        })
        .collect()
}

fn outcome_text<G: Game>(replay: &Replay<G>) -> String {
    G::outcome_sentence(replay.state(replay.steps.len()), &replay.outcome)
}

/// A step number: digits only (`2512.0`, `+1` and `-1` are not). A number too large for
/// any game reads as the largest, so it is a step that does not exist (404), as the
/// OpenAPI document's `^[0-9]+$` promises.
fn parse_step(raw: &str, out: Format) -> Result<usize, Failure> {
    if raw.is_empty() || !raw.bytes().all(|b| b.is_ascii_digit()) {
        return Err(WebError::BadRequest(format!(
            "step {} is not a number: expected digits, 0 for the start",
            page::quoted(raw)
        ))
        .in_format(out));
    }
    Ok(raw.parse::<usize>().unwrap_or(usize::MAX))
}

/// What the rules engine holds for the game `slug`: `(house rules, published rules,
/// interpretations)`, or `None` when it does not play that game.
pub(super) fn engine_counts(slug: &str) -> Option<(usize, usize, usize)> {
    use crate::rules::cite::Source;
    use crate::rules::Readings;
    let game = crate::games::GameId::from_slug(slug)?;
    Some(for_game!(game, G => {
        let all = G::citations();
        let count = |source| all.iter().filter(|c| c.source == source).count();
        (
            count(Source::House),
            count(Source::Public),
            <<G as Game>::Readings as Readings>::TABLE.len(),
        )
    }))
}
