//! The position builder, `/adjudicate`: the form (catalogue cards, hypothetical
//! creatures, plays, seed, turns, interpretations), pasted or uploaded JSON, and storing
//! what it builds under a permalink. What the form's fields mean is `form.rs`; this file
//! owns the page, its JSON twin and turning a submission into a stored position or a
//! located 400. It leaves stepping through to `step.rs`.

use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;
use serde::{Deserialize, Serialize};

use super::form::{self, FieldError, Fields, FORM_PLAYS, FORM_SLOTS};
use super::{api, load, read, see_other, step_url, store, Refused};
use crate::adjudicate::{read_opened, CatalogueCards};
use crate::games::battleline::position::caps;
use crate::games::battleline::{self, Battleline, Outcome, Position, INTERPRETATIONS};
use crate::games::GameId;
use crate::web::error::{Failure, WebError};
use crate::web::format::Format;
use crate::web::page;
use crate::web::AppState;

/// `/adjudicate`: the position builder, a card per slot (empty slots folded away behind
/// "add a creature"), every field labelled, every problem of a submission shown at its
/// field, and the Adjudicate button always in reach. Catalogue cards autocomplete from
/// datalists (a slot: any creature; a play: only cards that can be played); pasted JSON
/// wins over the fields. Works without JavaScript.
#[derive(Template)]
#[template(path = "adjudicate/builder.html")]
struct BuilderPage {
    fields: Fields,
    errors: Vec<FieldError>,
    notes: Vec<String>,
    cards: Vec<String>,
    artifacts: Vec<String>,
    /// Cards a play can name: creatures that are not summoned by a rule, and artifacts.
    playable: Vec<String>,
    json: String,
    slots: Vec<usize>,
    plays: Vec<usize>,
    statuses: Vec<StatusChoice>,
    interpretations: Vec<ReadingChoice>,
    /// Every game, `(slug, name)`: the form is battle-line's; a position of any game can
    /// be pasted or opened.
    games: Vec<(&'static str, &'static str)>,
}

/// A status a slot can start with: its key (the form's value), its name for people and
/// what it does.
struct StatusChoice {
    key: &'static str,
    label: &'static str,
    hint: &'static str,
}

/// An interpretation on the form: its question and both readings, each as
/// `(value, name for people, what it means)`, the default first.
struct ReadingChoice {
    key: &'static str,
    question: &'static str,
    rule: &'static str,
    readings: [(&'static str, String, &'static str); 2],
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
    /// The statuses ticked on a slot, by their names for people.
    fn statuses_of(&self, p: &usize, n: &usize) -> String {
        let on: Vec<&str> = self
            .statuses
            .iter()
            .filter(|s| self.has_status(p, n, s.key))
            .map(|s| s.label)
            .collect();
        if on.is_empty() {
            "none".into()
        } else {
            on.join(", ")
        }
    }
    /// Whether slot `n` of player `p` holds anything (a card or a hypothetical's name).
    fn filled(&self, p: &usize, n: &usize) -> bool {
        !self.slot(p, n, "card").is_empty() || !self.slot(p, n, "name").is_empty()
    }
    /// Whether a slot's card is shown open: the first slot, a filled one, or one with a
    /// problem.
    fn slot_open(&self, p: &usize, n: &usize) -> bool {
        *n == 1 || self.filled(p, n) || self.slot_has_error(p, n)
    }
    fn slot_has_error(&self, p: &usize, n: &usize) -> bool {
        let prefix = format!("p{p}_s{n}_");
        self.errors
            .iter()
            .any(|e| e.field.as_deref().is_some_and(|f| f.starts_with(&prefix)))
    }
    /// What a slot's summary line says it holds.
    fn slot_summary(&self, p: &usize, n: &usize) -> String {
        match (self.slot(p, n, "card"), self.slot(p, n, "name")) {
            ("", "") => "add a creature".into(),
            ("", name) => format!("{name} (hypothetical)"),
            (card, _) => card.to_string(),
        }
    }
    fn play(&self, i: &usize, field: &str) -> &str {
        self.fields.get(&format!("a{i}_{field}"))
    }
    fn player_name(&self, p: &usize) -> String {
        form::player_label(&self.fields, *p)
    }
    /// Both players' names, as the form says them.
    fn player_names(&self) -> [String; 2] {
        [0, 1].map(|p| form::player_label(&self.fields, p))
    }
    fn chosen(&self, key: &str, value: &str) -> bool {
        let v = self.fields.get(&format!("interp_{key}"));
        v == value
            || (v.is_empty()
                && INTERPRETATIONS
                    .iter()
                    .any(|i| i.key == key && i.readings[0].0 == value))
    }
    /// How many readings the form sets away from their defaults.
    fn readings_changed(&self) -> usize {
        INTERPRETATIONS
            .iter()
            .filter(|i| !self.chosen(i.key, i.readings[0].0))
            .count()
    }
    /// The problems with field `name`.
    fn errors_at(&self, name: impl AsRef<str>) -> Vec<&str> {
        let name = name.as_ref();
        self.errors
            .iter()
            .filter(|e| e.field.as_deref() == Some(name))
            .map(|e| e.message.as_str())
            .collect()
    }
    fn invalid(&self, name: impl AsRef<str>) -> bool {
        let name = name.as_ref();
        self.errors.iter().any(|e| e.field.as_deref() == Some(name))
    }
    /// ` aria-invalid="true" aria-describedby="…-error"` for a field with a problem.
    fn aria(&self, name: impl AsRef<str>) -> String {
        let name = name.as_ref();
        if self.invalid(name) {
            format!(r#" aria-invalid="true" aria-describedby="{name}-error""#)
        } else {
            String::new()
        }
    }
    fn json_open(&self) -> bool {
        !self.json.is_empty() || self.invalid("json")
    }
    fn plays_open(&self) -> bool {
        self.plays.iter().any(|i| !self.play(i, "play").is_empty())
            || self
                .errors
                .iter()
                .any(|e| e.field.as_deref().is_some_and(|f| f.starts_with('a')))
    }
    fn readings_open(&self) -> bool {
        self.errors
            .iter()
            .any(|e| e.field.as_deref().is_some_and(|f| f.starts_with("interp_")))
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
    /// The names a play (`actions[].play`) can take: creatures not summoned by a rule,
    /// and artifacts.
    playable: &'a [String],
    statuses: Vec<&'static str>,
    interpretations: &'static [crate::games::battleline::interpret::InterpretationInfo],
    caps: serde_json::Value,
    post: &'static str,
}

/// Which battle-line cards a name list holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    /// Anything that stands on a line: every card but artifacts (summoned ones too).
    Creature,
    Artifact,
    /// What a play can name: creatures not summoned by a rule (Wall of Ice), and
    /// artifacts.
    Playable,
}

impl Kind {
    pub(super) fn slug(self) -> &'static str {
        match self {
            Kind::Creature => "creature",
            Kind::Artifact => "artifact",
            Kind::Playable => "playable",
        }
    }

    fn holds(self, card_type: &str) -> bool {
        match self {
            Kind::Creature => card_type != "artifact",
            Kind::Artifact => card_type == "artifact",
            Kind::Playable => card_type != "summon",
        }
    }
}

/// The catalogue's battle-line card names of `kind`, sorted.
pub(super) fn card_names(state: &AppState, kind: Kind) -> Vec<String> {
    let mut names: Vec<String> = state
        .catalogue
        .data()
        .cards
        .iter()
        .filter(|c| c.game == crate::adjudicate::GAME)
        .filter(|c| kind.holds(&c.card_type))
        .map(|c| c.name.clone())
        .collect();
    names.sort();
    names
}

/// The part of a status's meaning before its colon, its name for people
/// (`Soothsaid: loses its next attack`), and the rest.
fn split_meaning(meaning: &'static str) -> (&'static str, &'static str) {
    match meaning.split_once(':') {
        Some((label, hint)) => (label.trim(), hint.trim()),
        None => (meaning, ""),
    }
}

fn builder(
    state: &AppState,
    fields: Fields,
    json: String,
    errors: Vec<FieldError>,
    notes: Vec<String>,
) -> BuilderPage {
    BuilderPage {
        fields,
        errors,
        notes,
        cards: card_names(state, Kind::Creature),
        artifacts: card_names(state, Kind::Artifact),
        playable: card_names(state, Kind::Playable),
        json,
        slots: (1..=FORM_SLOTS).collect(),
        plays: (1..=FORM_PLAYS).collect(),
        statuses: battleline::state::Status::ALL
            .iter()
            .map(|s| {
                let (label, hint) = split_meaning(s.meaning());
                StatusChoice {
                    key: s.name(),
                    label,
                    hint,
                }
            })
            .collect(),
        interpretations: INTERPRETATIONS
            .iter()
            .map(|i| ReadingChoice {
                key: i.key,
                question: i.question,
                rule: i.rule,
                readings: i
                    .readings
                    .map(|(value, meaning)| (value, super::view::reading_name(value), meaning)),
            })
            .collect(),
        games: GameId::ALL.iter().map(|g| (g.slug(), g.name())).collect(),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct BuilderQuery {
    from: Option<String>,
}

pub(super) async fn builder_page(
    req: HttpRequest,
    state: web::Data<AppState>,
    query: web::Query<BuilderQuery>,
) -> Result<HttpResponse, Failure> {
    let out = Format::of(&req);
    let from = match &query.from {
        Some(hash) => {
            let (game, json) = load(&state, hash, out)?;
            match game {
                GameId::Battleline => Some(read::<Battleline>(hash, &json, out)?),
                // The form is battle-line's; another game's position opens as JSON.
                GameId::Swtcg | GameId::Karth => None,
            }
        }
        None => None,
    };
    if out == Format::Json {
        return page::json(
            &BuilderJson {
                from: from.as_ref(),
                object: "position_builder",
                cards: &card_names(&state, Kind::Creature),
                artifacts: &card_names(&state, Kind::Artifact),
                playable: &card_names(&state, Kind::Playable),
                statuses: battleline::state::Status::ALL
                    .iter()
                    .map(|s| s.name())
                    .collect(),
                interpretations: INTERPRETATIONS,
                caps: serde_json::json!({
                    "json_bytes": caps::JSON_BYTES, "slots": caps::SLOTS, "abilities": caps::ABILITIES,
                    "turns": caps::TURNS, "first_turn": caps::MAX_FIRST_TURN, "actions": caps::ACTIONS,
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
pub(super) async fn build(
    req: HttpRequest,
    state: web::Data<AppState>,
    form: web::Form<Vec<(String, String)>>,
) -> Result<HttpResponse, Refused> {
    let out = Format::of(&req);
    let pairs = form.into_inner();
    if pairs.iter().all(|(_, v)| v.trim().is_empty()) {
        return Err(WebError::BadRequest(
            "the form is empty: fill in the builder's fields or paste position JSON into \
             the json field"
                .into(),
        )
        .in_format(out));
    }
    if pairs.len() > form::MAX_FIELDS {
        return Err(WebError::BadRequest(format!(
            "{} form fields; the builder sends at most {}",
            pairs.len(),
            form::MAX_FIELDS
        ))
        .in_format(out));
    }
    let unknown: Vec<String> = pairs
        .iter()
        .map(|(k, _)| k)
        .filter(|k| !form::is_known_field(k))
        .map(|k| page::quoted(k))
        .fold(Vec::new(), |mut seen, k| {
            if !seen.contains(&k) {
                seen.push(k);
            }
            seen
        });
    let fields = Fields::from_pairs(pairs);
    let json = fields.get("json").to_string();
    if !unknown.is_empty() {
        let errors = unknown
            .iter()
            .map(|k| {
                FieldError::general(format!(
                    "form field {k} is not one the builder reads; it reads {}",
                    form::ACCEPTED_FIELDS
                ))
            })
            .collect();
        return bad_form(&state, fields, json, errors, out);
    }
    open_position(&state, &req, fields, json, PASTED, out).await
}

/// How the builder names JSON pasted into its `json` field.
const PASTED: &str = "pasted JSON";

/// A problem with pasted or uploaded JSON, at the `json` field when it was pasted.
fn json_error(field: &Option<&str>, message: String) -> FieldError {
    match field {
        Some(f) => FieldError {
            field: Some(f.to_string()),
            message,
        },
        None => FieldError::general(message),
    }
}

/// A position's error `e`: from JSON, by its JSON path (the judge wrote the paths); from
/// the form's fields, at its field and in the form's words.
fn locate(
    fields: &Fields,
    json: &str,
    json_field: Option<&str>,
    e: &crate::rules::position::PositionError,
) -> FieldError {
    if json.is_empty() {
        form::locate(fields, e)
    } else {
        json_error(&json_field, e.to_string())
    }
}

/// The end of both builder forms: pasted or uploaded JSON (when not empty) or else the
/// fields, read, resolved against the catalogue and stored; then a redirect to step 0.
async fn open_position(
    state: &AppState,
    req: &HttpRequest,
    fields: Fields,
    json: String,
    source: &str,
    out: Format,
) -> Result<HttpResponse, Refused> {
    if !json.is_empty() && crate::games::which(&json) == Ok(crate::games::GameId::Swtcg) {
        return open_game::<crate::games::swtcg::Swtcg>(state, req, fields, json, source, out)
            .await;
    }
    if !json.is_empty() && crate::games::which(&json) == Ok(crate::games::GameId::Karth) {
        return open_game::<crate::games::karth::Karth>(state, req, fields, json, source, out)
            .await;
    }
    // Problems with pasted JSON sit at its field; an uploaded file's above the form.
    let json_field = (source == PASTED).then_some("json");
    let parsed = if !json.is_empty() {
        // Every shipped game's step-through runs here; a game no game answers to is a
        // located error like any other.
        crate::games::which(&json)
            .and_then(|game| match game {
                crate::games::GameId::Battleline => read_opened::<Battleline>(&json),
                crate::games::GameId::Swtcg => Err(crate::rules::PositionError::at(
                    "game",
                    "a Star Wars TCG position opens through its own reader",
                )),
                crate::games::GameId::Karth => Err(crate::rules::PositionError::at(
                    "game",
                    "a Heroes of Karth position opens through its own reader",
                )),
            })
            .map_err(|e| vec![json_error(&json_field, format!("{source}: {e}"))])
    } else {
        form::to_position(&fields).map(|p| (p, 0))
    };
    let (position, step) = match parsed {
        Ok(opened) => opened,
        Err(msgs) => return bad_form(state, fields, json, msgs, out),
    };
    // Played out (without recording states) before it is stored, so a position whose
    // `choices` name no candidate is refused here, located, as the API refuses it.
    // A client over its rate is refused before the replay, not after.
    state
        .permalinks
        .check_rate(
            &super::canonical(&position),
            req.peer_addr().map(|a| a.ip()),
        )
        .map_err(|e| super::limits::permalink_refusal(e, out))?;
    // On the blocking pool, within the heavy-work bound.
    let (catalogue, played) = (state.catalogue.clone(), position.clone());
    let adj = state.heavy.run(out, move || {
        let cards = CatalogueCards(&catalogue);
        battleline::adjudicate(&played, &cards, battleline::RecordConfig { states: false })
    });
    let adj = match adj.await? {
        Ok(adj) => adj,
        Err(errors) => {
            let located = errors
                .iter()
                .map(|e| locate(&fields, &json, json_field, e))
                .collect();
            return bad_form(state, fields, json, located, out);
        }
    };
    if let Outcome::BadChoice { .. } = adj.outcome {
        let error = locate(&fields, &json, json_field, &api::choice_error(&adj));
        return bad_form(state, fields, json, vec![error], out);
    }
    let hash = store(state, req, &position, out)?;
    // A state file's step, within the adjudication.
    let step = step.min(adj.steps.len());
    let url = step_url(&hash, step);
    if out == Format::Json {
        return page::json(
            &serde_json::json!({"object": "permalink", "hash": hash, "url": url}),
            out,
        );
    }
    Ok(see_other(&url))
}

/// Opens pasted or uploaded JSON of game `G` (whose positions the battle-line form does
/// not edit): read, played once (so a position that does not resolve is refused,
/// located), stored, then a redirect to its step.
async fn open_game<G: crate::adjudicate::CatalogueGame>(
    state: &AppState,
    req: &HttpRequest,
    fields: Fields,
    json: String,
    source: &str,
    out: Format,
) -> Result<HttpResponse, Refused> {
    let json_field = (source == PASTED).then_some("json");
    let (position, step) = match read_opened::<G>(&json) {
        Ok(opened) => opened,
        Err(e) => {
            let error = json_error(&json_field, format!("{source}: {e}"));
            return bad_form(state, fields, json, vec![error], out);
        }
    };
    state
        .permalinks
        .check_rate(
            &super::canonical(&position),
            req.peer_addr().map(|a| a.ip()),
        )
        .map_err(|e| super::limits::permalink_refusal(e, out))?;
    let (catalogue, played) = (state.catalogue.clone(), position.clone());
    let adj = state.heavy.run(out, move || {
        G::with_cards(&catalogue, |cards| {
            crate::rules::adjudicate::<G>(
                &played,
                cards,
                crate::rules::RecordConfig { states: false },
            )
        })
    });
    let adj = match adj.await? {
        Ok(adj) => adj,
        Err(errors) => {
            let located = errors
                .iter()
                .map(|e| json_error(&json_field, e.to_string()))
                .collect();
            return bad_form(state, fields, json, located, out);
        }
    };
    let hash = store(state, req, &position, out)?;
    let url = step_url(&hash, step.min(adj.steps.len()));
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
                return open_position(&state, &req, Fields::default(), json, "uploaded file", out)
                    .await
            }
            Err(e) => format!(
                "uploaded file: byte {} is not UTF-8; expected position JSON text",
                e.utf8_error().valid_up_to()
            ),
        },
    };
    bad_form(
        &state,
        Fields::default(),
        String::new(),
        vec![FieldError::general(msg)],
        out,
    )
}

/// The builder again with every problem at its field, as a 400 (the JSON twin: the
/// messages, in the same words).
fn bad_form(
    state: &AppState,
    fields: Fields,
    json: String,
    errors: Vec<FieldError>,
    out: Format,
) -> Result<HttpResponse, Failure> {
    if out == Format::Json {
        let messages: Vec<&str> = errors.iter().map(|e| e.message.as_str()).collect();
        return Err(WebError::BadInput {
            message: format!("the position is not valid:\n{}", messages.join("\n")),
            errors: serde_json::to_value(&messages).unwrap_or_default(),
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
