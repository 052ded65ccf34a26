//! `/adjudicate/example/{game}/{keyword}`: a keyword's ready-made example attack
//! ([`crate::rules::Game::examples`]), stored as a permalink (content-addressed, so
//! opening it twice stores it once) and shown as the step page of that permalink at the
//! first step whose log names the keyword (its links lead on from there). Keyword pages
//! link here ([`example_url`]).

use actix_web::{web, HttpRequest, HttpResponse};

use super::{for_game, replayed, store, Refused, Rendered};
use crate::games::GameId;
use crate::rules::Game;
use crate::text::fold;
use crate::web::error::WebError;
use crate::web::format::Format;
use crate::web::{page, AppState};

/// The fixture text of `game`'s example for `keyword` (folded match), if it has one.
fn fixture<G: Game>(keyword: &str) -> Option<&'static str> {
    G::examples()
        .iter()
        .find(|(k, _)| fold(k) == fold(keyword))
        .map(|(_, text)| *text)
}

/// The example page's URL for `keyword` of the game whose slug is `game`, when there is
/// one.
pub(in crate::web) fn example_url(game: &str, keyword: &str) -> Option<String> {
    let id = GameId::from_slug(game)?;
    let has = for_game!(id, G => fixture::<G>(keyword).is_some());
    has.then(|| {
        format!(
            "/adjudicate/example/{game}/{}",
            crate::web::links::segment(keyword)
        )
    })
}

/// Stores the example and shows the first step whose log names the keyword.
pub(super) async fn example(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, Refused> {
    let out = Format::of(&req);
    let (game, raw) = path.into_inner();
    let keyword = page::strip_json(&req, &raw).to_string();
    let id = GameId::from_slug(&game).ok_or_else(|| {
        WebError::NotFound(format!("no game {}", page::quoted(&game))).in_format(out)
    })?;
    for_game!(id, G => {
        let text = fixture::<G>(&keyword).ok_or_else(|| {
            let known: Vec<&str> = G::examples().iter().map(|(k, _)| *k).collect();
            WebError::NotFound(format!(
                "no example attack for {}; examples: {}",
                page::quoted(&keyword),
                known.join(", ")
            ))
            .in_format(out)
        })?;
        let position = serde_json::from_str::<serde_json::Value>(text)
            .ok()
            .and_then(|v| G::read_position(&v["position"].to_string()).ok())
            .ok_or_else(|| {
                WebError::Internal(format!("the example for {keyword} does not read")).in_format(out)
            })?;
        // A bundled example: stored first, then replayed and shown in one turn.
        let hash = store(&state, &req, &position, out)?;
        let catalogue = state.catalogue.clone();
        replayed::<G, _>(&state, position, out, move |replay| {
            let folded = fold(&keyword);
            let names = |e: &crate::rules::LoggedEvent<<G as Game>::Change>| {
                fold(&e.text).contains(&folded)
                    || fold(e.rule.rule) == folded
                    || [e.rule.house, e.rule.also]
                        .into_iter()
                        .flatten()
                        .any(|h| fold(h.rule) == folded)
            };
            let at = replay
                .steps
                .iter()
                .position(|s| s.events.iter().any(names))
                .map_or(0, |i| i + 1);
            super::step::render::<G>(hash, at, replay, None, &*catalogue, out)
        })
        .await
        .map(Rendered::response)
    })
}
