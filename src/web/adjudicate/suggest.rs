//! Card-name autocompletion for the position builder: `GET /adjudicate/cards?q=…&type=…`
//! and its JSON twin. Names that contain what was typed come first (prefixes before
//! infixes), then what the search engine finds for it among battle-line cards: a typo
//! ("frowy"), a word of the card's text ("snowman") or a trait. The builder's script
//! shows these under the field; without JavaScript the form's datalist offers every
//! name and this page is a plain "find a card" list.
//!
//! Leaves out: ranking of its own (the search engine's order is kept) and any card of
//! another game.

use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;
use serde::{Deserialize, Serialize};

use crate::adjudicate::CatalogueGame;
use crate::games::battleline::Battleline;
use crate::rules::form::Source;
use crate::search::{SearchError, SearchOptions};
use crate::text::fold;
use crate::web::error::{Failure, WebError};
use crate::web::format::Format;
use crate::web::{page, AppState};

/// Which battle-line cards a name list holds (the catalogue adapter's kinds).
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
}

/// The catalogue's battle-line card names of `kind`, sorted.
fn card_names(state: &AppState, kind: Kind) -> Vec<String> {
    Battleline::names(&state.catalogue, &Source::Cards { kind: kind.slug() })
}

/// Suggestions answered at most.
pub const MAX_SUGGESTIONS: usize = 8;
/// Characters of the query used at most.
const MAX_QUERY: usize = 80;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct SuggestQuery {
    #[serde(default)]
    q: String,
    /// `creature` (the default: anything that stands on a line), `artifact`, or
    /// `playable` (what a play can name: no card summoned by a rule).
    #[serde(rename = "type", default)]
    card_type: Option<String>,
}

/// The names to suggest for `typed`, among the cards of `kind`.
pub(super) fn suggestions(state: &AppState, typed: &str, kind: Kind) -> Vec<String> {
    // Only the words of the query reach the search engine, never its syntax.
    let words: String = typed
        .chars()
        .take(MAX_QUERY)
        .map(|c| if c.is_alphanumeric() { c } else { ' ' })
        .collect();
    let words = words.split_whitespace().collect::<Vec<_>>().join(" ");
    if words.is_empty() {
        return Vec::new();
    }
    let names = card_names(state, kind);
    let want = fold(typed.trim());
    let mut out: Vec<String> = Vec::new();
    let push = |n: &str, out: &mut Vec<String>| {
        if out.len() < MAX_SUGGESTIONS && !out.iter().any(|o| o == n) {
            out.push(n.to_string());
        }
    };
    for prefix in [true, false] {
        for n in &names {
            let f = fold(n);
            let hit = if prefix {
                f.starts_with(&want)
            } else {
                f.contains(&want)
            };
            if hit {
                push(n, &mut out);
            }
        }
    }
    let query = format!("game:battleline kind:card {words}");
    let opts = SearchOptions {
        page: 1,
        per_page: 3 * MAX_SUGGESTIONS,
    };
    match state.search.search(&query, &opts) {
        Ok(results) => {
            for hit in results.hits {
                if let crate::search::Entry::Card(i) = hit.entry {
                    let Some(card) = state.catalogue.cards().get(i) else {
                        continue;
                    };
                    if names.iter().any(|n| *n == *card.name) {
                        push(&card.name, &mut out);
                    }
                }
            }
        }
        // Words the engine cannot run (all stop words, say) suggest nothing more.
        Err(SearchError::EmptyQuery | SearchError::NothingToRun { .. }) => {}
        Err(e) => tracing::warn!("card suggestions for {words:?}: {e}"),
    }
    out
}

/// `/adjudicate/cards?q=…`: the cards whose names complete what was typed.
#[derive(Template)]
#[template(path = "adjudicate/cards.html")]
struct CardsPage {
    q: String,
    /// `creature`, `artifact` or `playable`.
    kind: &'static str,
    names: Vec<String>,
}

#[derive(Serialize)]
struct CardsJson<'a> {
    object: &'static str,
    query: &'a str,
    #[serde(rename = "type")]
    card_type: &'static str,
    names: &'a [String],
}

pub(super) async fn cards_page(
    req: HttpRequest,
    state: web::Data<AppState>,
    query: web::Query<SuggestQuery>,
) -> Result<HttpResponse, Failure> {
    let out = Format::of(&req);
    let query = query.into_inner();
    let kind = match query.card_type.as_deref() {
        None | Some("creature") => Kind::Creature,
        Some("artifact") => Kind::Artifact,
        Some("playable") => Kind::Playable,
        Some(other) => {
            return Err(WebError::BadRequest(format!(
                "type {}: expected creature, artifact or playable",
                page::quoted(other)
            ))
            .in_format(out))
        }
    };
    let names = suggestions(&state, &query.q, kind);
    if out == Format::Json {
        return page::json(
            &CardsJson {
                object: "card_suggestions",
                query: &query.q,
                card_type: kind.slug(),
                names: &names,
            },
            out,
        );
    }
    page::render(
        &CardsPage {
            q: query.q,
            kind: kind.slug(),
            names,
        },
        out,
    )
}
