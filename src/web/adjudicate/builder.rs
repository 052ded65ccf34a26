//! The position builder, `/adjudicate`: a game chooser, the chosen game's form (which
//! the game supplies as plain data through the core, `Game::builder_form`), pasted or
//! uploaded JSON of any game, and storing what it builds under a permalink. This file
//! owns the page, its JSON twin and turning a submission into a stored position or a
//! located 400; what the fields mean is the game's (`src/games/<game>/form.rs`). It
//! leaves stepping through to `step.rs`.
//!
//! Decisions: the game is `?game=<slug>` on the page (battle-line, the first game, is
//! plain `/adjudicate`) and a hidden `game` field in the post; `?from=HASH` opens the
//! stored position's own game's form; pasted or uploaded JSON is read as the game its
//! `game` field names (`games::which`), whatever form it was pasted into. Every game is
//! reached through `for_game!`, so a new game registers only there.
//!
//! A submission is played on the blocking pool within the heavy-work bound; one over
//! [`LARGE_FORM`] bytes is also read and (when refused) rendered there, under the same
//! turn; a refusal shows a capped number of problems (`rules::form::cap_errors`), so a
//! large hostile form costs a bounded answer and never an async worker (issue 27).

// The builder template calls a group's and a section's folded fields through it.
use crate::rules::form::Folded as _;
use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;
use serde::{Deserialize, Serialize};
use std::net::IpAddr;

use super::{for_game, load, read, see_other, step_url, store, Refused};
use crate::adjudicate::CatalogueGame;
use crate::games::{GameId, DEFAULT};
use crate::rules::form::{FieldError, Form, FormFields, Width};
use crate::rules::position::{PositionError, JSON_BYTES};
use crate::rules::{Game, Readings};
use crate::web::error::{Failure, WebError};
use crate::web::format::Format;
use crate::web::page;
use crate::web::AppState;

/// Pairs accepted from one form post.
pub const MAX_FIELDS: usize = 600;

/// `/adjudicate`: the builder of one game. Its form as the game lays it out: sections,
/// a card per slot or unit (empty ones folded away behind "add a …"), every field
/// labelled, every problem of a submission shown at its field and summarised at the top,
/// and the Adjudicate button always in reach. Catalogue names autocomplete from
/// datalists; pasted JSON wins over the fields. Works without JavaScript.
#[derive(Template)]
#[template(path = "adjudicate/builder.html")]
struct BuilderPage {
    /// The game's slug and name.
    game: &'static str,
    game_name: &'static str,
    /// The game's form with the submission's problems at their fields; `None` when the
    /// game has none yet (its positions are pasted).
    form: Option<Form>,
    /// Every problem shown, in order: `(the field it is at, when on the page; the
    /// message)`; past the caps, lines counting the rest.
    errors: Vec<(Option<String>, String)>,
    /// How many problems the submission has, those counted but not listed included.
    problems: usize,
    /// The problems of the pasted JSON, beside its field.
    json_errors: Vec<String>,
    notes: Vec<String>,
    /// The datalists: `(id, names)`.
    lists: Vec<(&'static str, Vec<String>)>,
    json: String,
    games: Vec<GameLink>,
}

/// A game on the chooser.
#[derive(Serialize)]
struct GameLink {
    slug: &'static str,
    name: &'static str,
    url: String,
    #[serde(skip)]
    current: bool,
}

impl BuilderPage {
    fn title(&self) -> String {
        match &self.form {
            Some(form) => form.title.clone(),
            None => format!("Adjudicate a {} position", self.game_name),
        }
    }
    /// A field's width as its CSS class (` small`, ` wide`, ` full`; none for normal).
    fn width_class(&self, width: &Width) -> &'static str {
        match width {
            Width::Small => " small",
            Width::Normal => "",
            Width::Wide => " wide",
            Width::Full => " full",
        }
    }
    /// The search for this game's cards.
    fn search_url(&self) -> String {
        crate::web::links::search(&format!("game:{} kind:card", self.game), 1)
    }
    fn json_open(&self) -> bool {
        !self.json.is_empty() || !self.json_errors.is_empty() || self.form.is_none()
    }
    /// ` aria-invalid="true" aria-describedby="…-error"` for a field with a problem.
    fn aria<B: std::borrow::Borrow<bool>>(&self, name: &str, invalid: B) -> String {
        if *invalid.borrow() {
            format!(r#" aria-invalid="true" aria-describedby="{name}-error""#)
        } else {
            String::new()
        }
    }
}

/// The builder's URL for `game`: `/adjudicate` for the default game.
pub(super) fn builder_url(game: GameId) -> String {
    if game == DEFAULT {
        "/adjudicate".into()
    } else {
        format!("/adjudicate?game={}", game.slug())
    }
}

fn games(current: GameId) -> Vec<GameLink> {
    GameId::ALL
        .iter()
        .map(|&g| GameLink {
            slug: g.slug(),
            name: g.name(),
            url: builder_url(g),
            current: g == current,
        })
        .collect()
}

/// The builder of game `game` showing `fields`, with `errors` at their fields.
fn page(
    state: &AppState,
    game: GameId,
    fields: &FormFields,
    json: String,
    errors: Vec<FieldError>,
    notes: Vec<String>,
) -> BuilderPage {
    for_game!(game, G => page_of::<G>(state, game, fields, json, errors, notes))
}

fn page_of<G: CatalogueGame>(
    state: &AppState,
    game: GameId,
    fields: &FormFields,
    json: String,
    errors: Vec<FieldError>,
    mut notes: Vec<String>,
) -> BuilderPage {
    let mut form = G::builder_form(fields);
    let (lists, unplaced) = match &mut form {
        Some(form) => {
            notes.append(&mut form.notes);
            let lists = form
                .lists
                .iter()
                .map(|l| (l.id, G::names(&state.catalogue, &l.source)))
                .collect();
            (lists, form.attach(&errors))
        }
        None => (Vec::new(), errors.clone()),
    };
    let on_page = |e: &FieldError| {
        e.field
            .as_ref()
            .filter(|f| *f == "json" || !unplaced.contains(e))
            .cloned()
    };
    BuilderPage {
        game: G::ID,
        game_name: G::NAME,
        form,
        errors: errors
            .iter()
            .map(|e| (on_page(e), e.message.clone()))
            .collect(),
        problems: errors.len(),
        json_errors: errors
            .iter()
            .filter(|e| e.field.as_deref() == Some("json"))
            .map(|e| e.message.clone())
            .collect(),
        notes,
        lists,
        json,
        games: games(game),
    }
}

/// The builder's JSON twin: the game's form as data, the names its lists offer (each
/// list under its id: battle-line's `cards`, `artifacts`, `playable`, `statuses`), its
/// interpretations and caps, and where to post.
#[derive(Serialize)]
#[serde(bound = "")]
struct BuilderJson<'a, G: Game> {
    object: &'static str,
    game: &'static str,
    games: Vec<GameLink>,
    /// The stored position `?from=` names, to edit.
    #[serde(skip_serializing_if = "Option::is_none")]
    from: Option<&'a G::Position>,
    #[serde(flatten)]
    lists: std::collections::BTreeMap<&'static str, Vec<String>>,
    interpretations: &'static [crate::rules::InterpretationInfo],
    caps: std::collections::BTreeMap<&'static str, u64>,
    /// The form, as the game lays it out (`null` when the game has none yet).
    form: Option<Form>,
    post: &'static str,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct BuilderQuery {
    from: Option<String>,
    game: Option<String>,
}

/// The game a slug names, or a 404 listing the games.
fn game_named(slug: &str, out: Format) -> Result<GameId, Failure> {
    GameId::from_slug(slug).ok_or_else(|| {
        let known: Vec<&str> = GameId::ALL.iter().map(|g| g.slug()).collect();
        WebError::NotFound(format!(
            "no game {}; the builder has: {}",
            page::quoted(slug),
            known.join(", ")
        ))
        .in_format(out)
    })
}

pub(super) async fn builder_page(
    req: HttpRequest,
    state: web::Data<AppState>,
    query: web::Query<BuilderQuery>,
) -> Result<HttpResponse, Failure> {
    let out = Format::of(&req);
    // A stored position opens its own game's form.
    let (game, stored) = match &query.from {
        Some(hash) => {
            let (game, json) = load(&state, &req, hash, out)?;
            (game, Some((hash.as_str(), json)))
        }
        None => match query.game.as_deref() {
            Some(slug) => (game_named(slug, out)?, None),
            None => (DEFAULT, None),
        },
    };
    for_game!(game, G => builder_of::<G>(&state, game, stored, out))
}

fn builder_of<G: CatalogueGame>(
    state: &AppState,
    game: GameId,
    stored: Option<(&str, String)>,
    out: Format,
) -> Result<HttpResponse, Failure> {
    let from = match stored {
        Some((hash, json)) => Some(read::<G>(hash, &json, out)?),
        None => None,
    };
    if out == Format::Json {
        let (values, _) = G::form_values(from.as_ref());
        let form = G::builder_form(&values);
        return page::json(
            &BuilderJson::<G> {
                object: "position_builder",
                game: G::ID,
                games: games(game),
                from: from.as_ref(),
                lists: form
                    .iter()
                    .flat_map(|f| &f.lists)
                    .map(|l| (l.id, G::names(&state.catalogue, &l.source)))
                    .collect(),
                interpretations: <G::Readings as Readings>::TABLE,
                caps: form
                    .iter()
                    .flat_map(|f| f.caps.iter().copied())
                    .chain([("json_bytes", JSON_BYTES as u64)])
                    .collect(),
                form,
                post: "/api/adjudicate",
            },
            out,
        );
    }
    let (fields, notes) = G::form_values(from.as_ref());
    // A game without a form opens a stored position as its JSON, to edit.
    let json = match (&from, G::builder_form(&FormFields::default())) {
        (Some(p), None) => serde_json::to_string_pretty(p).unwrap_or_default(),
        _ => String::new(),
    };
    page::render(&page(state, game, &fields, json, Vec::new(), notes), out)
}

/// The game whose form was posted: its hidden `game` field (none: the default game).
fn posted_game(fields: &FormFields) -> Result<GameId, FieldError> {
    match fields.get("game") {
        "" => Ok(DEFAULT),
        slug => GameId::from_slug(slug).ok_or_else(|| {
            let known: Vec<&str> = GameId::ALL.iter().map(|g| g.slug()).collect();
            FieldError::general(format!(
                "form field `game` is {}; expected one of: {}",
                page::quoted(slug),
                known.join(", ")
            ))
        }),
    }
}

/// Whether game `game`'s builder reads a field named `name`: a field of its empty
/// form, `game` or `json`.
fn known_fields(game: GameId) -> Vec<String> {
    let form = for_game!(game, G => G::builder_form(&FormFields::default()));
    let mut names: Vec<String> = ["game", "json"].map(String::from).to_vec();
    if let Some(form) = form {
        names.extend(form.field_names().into_iter().map(String::from));
    }
    names
}

/// What game `game`'s builder says it reads, for the error naming an unknown field.
fn accepts(game: GameId) -> String {
    let form = for_game!(game, G => G::builder_form(&FormFields::default()));
    match form {
        Some(form) => form.accepts,
        None => "only json (the position's JSON)".into(),
    }
}

/// `POST /adjudicate`: the form (or pasted JSON) to a stored position, then to its
/// first step. Problems re-render the form with its messages (capped:
/// [`crate::rules::form::cap_errors`]), as a 400. Playing it runs on the blocking pool
/// within the heavy-work bound; so does reading a form over [`LARGE_FORM`] bytes and
/// rendering its problems, so a large form never holds an async worker.
pub(super) async fn build(
    req: HttpRequest,
    state: web::Data<AppState>,
    form: web::Form<Vec<(String, String)>>,
) -> Result<HttpResponse, Refused> {
    let out = Format::of(&req);
    let pairs = form.into_inner();
    if pairs
        .iter()
        .all(|(k, v)| k == "game" || v.trim().is_empty())
    {
        return Err(WebError::BadRequest(
            "the form is empty: fill in the builder's fields or paste position JSON into \
             the json field"
                .into(),
        )
        .in_format(out));
    }
    if pairs.len() > MAX_FIELDS {
        return Err(WebError::BadRequest(format!(
            "{} form fields; the builder sends at most {}",
            pairs.len(),
            MAX_FIELDS
        ))
        .in_format(out));
    }
    let large = pairs.iter().map(|(k, v)| k.len() + v.len()).sum::<usize>() > LARGE_FORM;
    answer(&state, &req, out, large, move |state, client| {
        submit(state, client, pairs, out)
    })
    .await
}

/// The builder's posted pairs read as the game they name and opened (on the blocking
/// pool): an unknown game or field is refused by name.
fn submit(
    state: &AppState,
    client: Option<IpAddr>,
    pairs: Vec<(String, String)>,
    out: Format,
) -> Result<Opened, Failure> {
    let fields = FormFields::from_pairs(pairs);
    let json = fields.get("json").to_string();
    let form_game = match posted_game(&fields) {
        Ok(game) => game,
        Err(e) => return Ok(refuse(state, DEFAULT, &fields, json, vec![e], out)),
    };
    let known = known_fields(form_game);
    let mut unknown: Vec<String> = Vec::new();
    let mut names: Vec<&String> = fields.0.keys().collect();
    names.sort();
    for name in names {
        if !known.iter().any(|k| k == name) {
            unknown.push(page::quoted(name));
        }
    }
    if !unknown.is_empty() {
        let reads = accepts(form_game);
        let errors = unknown
            .iter()
            .map(|k| {
                FieldError::general(format!(
                    "form field {k} is not one the builder reads; it reads {reads}"
                ))
            })
            .collect();
        return Ok(refuse(state, form_game, &fields, json, errors, out));
    }
    open(state, client, form_game, fields, json, PASTED, out)
}

/// How the builder names JSON pasted into its `json` field.
const PASTED: &str = "pasted JSON";

/// A problem with pasted or uploaded JSON, at the `json` field when it was pasted.
fn json_error(field: Option<&str>, message: String) -> FieldError {
    match field {
        Some(f) => FieldError::at(f, message),
        None => FieldError::general(message),
    }
}

/// Stores an opened position for the request's client: its permalink's hash.
type Storer = Box<dyn FnOnce(&AppState, &HttpRequest, Format) -> Result<String, Refused> + Send>;

/// What reading a submission came to.
enum Opened {
    /// Read and played: how to store it, and the step to open.
    Ready { save: Storer, step: usize },
    /// Refused: the builder with its problems, rendered (or the JSON error).
    Refused(Result<String, Failure>),
    /// Read, and its client within its rate: still to be played.
    ToPlay(Box<dyn FnOnce(&AppState) -> Opened + Send>),
}

/// A form (or upload) over this many bytes is read on the blocking pool, within the
/// heavy-work bound, with its play; a smaller one is read at once (microseconds), so its
/// client's rate is checked before it waits for a turn, and only its play is bounded.
pub const LARGE_FORM: usize = 16 * 1024;

/// Reads a submission with `work` (on the blocking pool within the heavy-work bound when
/// `large`, else at once), plays it within the bound, then answers what it came to: the
/// refused form as a 400, or the stored position's step.
async fn answer(
    state: &web::Data<AppState>,
    req: &HttpRequest,
    out: Format,
    large: bool,
    work: impl FnOnce(&AppState, Option<IpAddr>) -> Result<Opened, Failure> + Send + 'static,
) -> Result<HttpResponse, Refused> {
    let client = req.peer_addr().map(|a| a.ip());
    let shared = state.get_ref().clone();
    let opened = if large {
        state
            .heavy
            .run(out, move || {
                work(&shared, client).map(|opened| match opened {
                    Opened::ToPlay(play) => play(&shared),
                    other => other,
                })
            })
            .await??
    } else {
        match work(state, client)? {
            Opened::ToPlay(play) => state.heavy.run(out, move || play(&shared)).await?,
            other => other,
        }
    };
    let (save, step) = match opened {
        Opened::Refused(page) => return bad_form_response(page),
        Opened::Ready { save, step } => (save, step),
        Opened::ToPlay(_) => {
            return Err(WebError::Internal("the position was not played".into()).in_format(out))
        }
    };
    let hash = save(state, req, out)?;
    let url = step_url(&hash, step);
    if out == Format::Json {
        return page::json(
            &serde_json::json!({"object": "permalink", "hash": hash, "url": url}),
            out,
        );
    }
    Ok(see_other(&url))
}

/// Opens what was submitted: pasted or uploaded JSON (when not empty) as the game its
/// `game` field names, or else the fields as `form_game`'s form.
fn open(
    state: &AppState,
    client: Option<IpAddr>,
    form_game: GameId,
    fields: FormFields,
    json: String,
    source: &'static str,
    out: Format,
) -> Result<Opened, Failure> {
    let game = if json.is_empty() {
        form_game
    } else {
        match crate::games::which(&json) {
            Ok(game) => game,
            Err(e) => {
                let json_field = (source == PASTED).then_some("json");
                let error = json_error(json_field, format!("{source}: {e}"));
                return Ok(refuse(state, form_game, &fields, json, vec![error], out));
            }
        }
    };
    let submitted = Submitted {
        form_game,
        fields,
        json,
        source,
    };
    for_game!(game, G => open_position::<G>(state, client, submitted, out))
}

/// A submission: the form's game and fields, and pasted or uploaded JSON (empty when
/// none) with where it came from.
struct Submitted {
    form_game: GameId,
    fields: FormFields,
    json: String,
    source: &'static str,
}

/// The end of both builder forms for game `G`: pasted or uploaded JSON (when not empty)
/// or else the fields, read as a position, and its client's rate checked; then
/// [`play`]ed.
fn open_position<G: CatalogueGame>(
    state: &AppState,
    client: Option<IpAddr>,
    sub: Submitted,
    out: Format,
) -> Result<Opened, Failure> {
    // Problems with pasted JSON sit at its field; an uploaded file's above the form.
    let json_field = (sub.source == PASTED).then_some("json");
    let parsed = if !sub.json.is_empty() {
        crate::games::read_opened::<G>(&sub.json).map_err(|errors| {
            let located = |e: PositionError| json_error(json_field, format!("{}: {e}", sub.source));
            errors.into_iter().map(located).collect()
        })
    } else {
        form_position::<G>(state, &sub.fields).map(|p| (p, 0))
    };
    let (position, step) = match parsed {
        Ok(opened) => opened,
        Err(errors) => {
            return Ok(refuse(
                state,
                sub.form_game,
                &sub.fields,
                sub.json,
                errors,
                out,
            ))
        }
    };
    // A client over its rate is refused before the replay, not after.
    state
        .permalinks
        .check_rate(&super::canonical(&position), client)
        .map_err(|e| super::limits::permalink_refusal(e, out))?;
    Ok(Opened::ToPlay(Box::new(move |state: &AppState| {
        play::<G>(state, sub, position, step, out)
    })))
}

/// The position the builder's fields describe, or every problem of the submission at
/// once: the fields that do not read, and the problems of resolving what did (an unknown
/// card beside a number that is not one), each at its field, in the order of the form;
/// a resolver's problem at a field that already has one is left out.
fn form_position<G: CatalogueGame>(
    state: &AppState,
    fields: &FormFields,
) -> Result<G::Position, Vec<FieldError>> {
    let (partial, mut errors) = G::from_form_partial(fields);
    let position = match partial {
        Some(p) if errors.is_empty() => return Ok(p),
        Some(p) => p,
        None => return Err(errors),
    };
    let resolved = G::with_cards(&state.catalogue, |cards| {
        G::resolve(&position, cards).map(|_| ())
    });
    if let Err(more) = resolved {
        for e in more {
            let e = G::form_error(fields, &e);
            let taken = e.field.is_some() && errors.iter().any(|x| x.field == e.field);
            if !taken && !errors.contains(&e) {
                errors.push(e);
            }
        }
    }
    Err(in_form_order::<G>(errors))
}

/// `errors` in the order of `G`'s form: those with no field first, then by field.
fn in_form_order<G: Game>(mut errors: Vec<FieldError>) -> Vec<FieldError> {
    if let Some(form) = G::builder_form(&FormFields::default()) {
        let names = form.field_names();
        let at = |e: &FieldError| {
            e.field
                .as_deref()
                .and_then(|f| names.iter().position(|n| *n == f))
                .map_or(0, |i| i + 1)
        };
        errors.sort_by_key(at);
    }
    errors
}

/// Plays a read submission once without recording states (so a position that does not
/// resolve, or whose pins name no option, is refused here, located, as the API refuses
/// it): ready to store, or refused. Runs on the blocking pool within the bound.
fn play<G: CatalogueGame>(
    state: &AppState,
    sub: Submitted,
    position: G::Position,
    step: usize,
    out: Format,
) -> Opened {
    let Submitted {
        form_game,
        fields,
        json,
        source,
    } = sub;
    let json_field = (source == PASTED).then_some("json");
    let adj = G::with_cards(&state.catalogue, |cards| {
        crate::rules::adjudicate::<G>(
            &position,
            cards,
            crate::rules::RecordConfig { states: false },
        )
    });
    // An error of the position: from JSON, by its JSON path (the judge wrote the paths);
    // from the form's fields, at its field and in the form's words.
    let locate = |e: &crate::rules::PositionError| {
        if json.is_empty() {
            G::form_error(&fields, e)
        } else {
            json_error(json_field, e.to_string())
        }
    };
    let adj = match adj {
        Ok(adj) => adj,
        Err(errors) => {
            let located = errors.iter().map(locate).collect();
            let located = match json.is_empty() {
                true => in_form_order::<G>(located),
                false => located,
            };
            return refuse(state, form_game, &fields, json, located, out);
        }
    };
    if let Some(e) = crate::rules::input_error(&adj) {
        let error = locate(&e);
        return refuse(state, form_game, &fields, json, vec![error], out);
    }
    // A state file's step, within the adjudication.
    let step = step.min(adj.steps.len());
    let save: Storer = Box::new(move |state, req, out| store(state, req, &position, out));
    Opened::Ready { save, step }
}

/// At most this many parts in an upload: the builder's file form sends one.
const MAX_UPLOAD_PARTS: usize = 8;

/// `POST /adjudicate/open`: a position file uploaded from the builder's second form
/// (`multipart/form-data`, part `file`), so opening a downloaded position works without
/// JavaScript. Read as pasted JSON is; a file over the JSON cap is a 413.
pub(super) async fn open_file(
    req: HttpRequest,
    state: web::Data<AppState>,
    mut payload: actix_multipart::Multipart,
) -> Result<HttpResponse, Refused> {
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
            if bytes.len() + chunk.len() > JSON_BYTES {
                return Err(WebError::TooLarge(format!(
                    "the uploaded file is over {} bytes, the cap on a position's JSON",
                    JSON_BYTES
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
                let large = json.len() > LARGE_FORM;
                return answer(&state, &req, out, large, move |state, client| {
                    open(
                        state,
                        client,
                        DEFAULT,
                        FormFields::default(),
                        json,
                        "uploaded file",
                        out,
                    )
                })
                .await;
            }
            Err(e) => format!(
                "uploaded file: byte {} is not UTF-8; expected position JSON text",
                e.utf8_error().valid_up_to()
            ),
        },
    };
    bad_form(
        &state,
        DEFAULT,
        &FormFields::default(),
        String::new(),
        vec![FieldError::general(msg)],
        out,
    )
}

/// The builder again with every problem at its field (at most a few a field and a few
/// dozen in all, the rest counted: [`crate::rules::form::cap_errors`]), as a 400 (the
/// JSON twin: the messages in the same words under `errors`, and each with its field
/// under `fields`).
fn bad_form(
    state: &AppState,
    game: GameId,
    fields: &FormFields,
    json: String,
    errors: Vec<FieldError>,
    out: Format,
) -> Result<HttpResponse, Failure> {
    bad_form_response(bad_form_body(state, game, fields, json, errors, out))
}

/// [`bad_form`]'s answer, rendered, as [`Opened::Refused`].
fn refuse(
    state: &AppState,
    game: GameId,
    fields: &FormFields,
    json: String,
    errors: Vec<FieldError>,
    out: Format,
) -> Opened {
    Opened::Refused(bad_form_body(state, game, fields, json, errors, out))
}

/// The page of [`bad_form`], or its JSON error.
fn bad_form_body(
    state: &AppState,
    game: GameId,
    fields: &FormFields,
    json: String,
    errors: Vec<FieldError>,
    out: Format,
) -> Result<String, Failure> {
    let problems = errors.len();
    let errors = crate::rules::form::cap_errors(errors);
    if out == Format::Json {
        let messages: Vec<&str> = errors.iter().map(|e| e.message.as_str()).collect();
        return Err(WebError::BadForm {
            message: format!("the position is not valid:\n{}", messages.join("\n")),
            errors: serde_json::to_value(&messages).unwrap_or_default(),
            fields: serde_json::to_value(&errors).unwrap_or_default(),
        }
        .in_format(out));
    }
    let mut refused = page(state, game, fields, json, errors, Vec::new());
    refused.problems = problems;
    refused
        .render()
        .map_err(|e| WebError::Internal(format!("template: {e}")).in_format(out))
}

/// A rendered refusal as the 400 it is.
fn bad_form_response(page: Result<String, Failure>) -> Result<HttpResponse, Failure> {
    Ok(HttpResponse::BadRequest()
        .content_type("text/html; charset=utf-8")
        .body(page?))
}
