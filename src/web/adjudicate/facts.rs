//! What a judge's "Publish as a ruling" form is pre-filled with: a stored position's
//! step count and, at one step, the catalogue's keywords, cards and rules sections the
//! step cites or shows (the citations of the step's events, the abilities and pieces on
//! its board and on the start's). Replayed as every step page is (one turn at heavy
//! work). The form and its checks are `web::judge`'s.

use actix_web::HttpRequest;

use super::view::BoardView;
use super::{for_game, load, read, replayed, Refused};
use crate::catalogue::Catalogue;
use crate::games::GameId;
use crate::rules::cite::Citation;
use crate::rules::Game;
use crate::web::format::Format;
use crate::web::AppState;

/// A stored position, seen from one of its steps.
#[derive(Debug, Clone)]
pub(in crate::web) struct StepFacts {
    pub game: GameId,
    /// The stored text of the position (not yet canonical).
    pub json: String,
    /// Steps in its replay (the last step's number).
    pub total: usize,
    /// The catalogue's names, each once, in the order met.
    pub keywords: Vec<String>,
    pub cards: Vec<String>,
    pub rules: Vec<String>,
}

/// The facts of the position stored as `hash` at `step` (clamped to its last step): a
/// 404 when there is no such position, the heavy work's refusals otherwise.
pub(in crate::web) async fn step_facts(
    state: &AppState,
    req: &HttpRequest,
    hash: &str,
    step: usize,
    out: Format,
) -> Result<StepFacts, Refused> {
    let (game, json) = load(state, req, hash, out)?;
    let catalogue = state.catalogue.clone();
    let (total, keywords, cards, rules) = for_game!(game, G => {
        let position = read::<G>(hash, &json, out)?;
        replayed::<G, _>(state, position, out, move |replay| {
            Ok(gather::<G>(&catalogue, replay, step))
        })
        .await?
    });
    Ok(StepFacts {
        game,
        json,
        total,
        keywords,
        cards,
        rules,
    })
}

type Gathered = (usize, Vec<String>, Vec<String>, Vec<String>);

fn gather<G: Game>(catalogue: &Catalogue, replay: &super::Replay<G>, step: usize) -> Gathered {
    let total = replay.steps.len();
    let step = step.min(total);
    let game = G::ID;
    let mut keywords = Vec::new();
    let mut cards = Vec::new();
    let mut rules = Vec::new();
    let push = |list: &mut Vec<String>, name: &str| {
        if !list.iter().any(|n| n == name) {
            list.push(name.to_string());
        }
    };
    let cite = |c: &Citation, keywords: &mut Vec<String>, rules: &mut Vec<String>| {
        if let Some(k) = catalogue.keyword(game, c.rule) {
            push(keywords, &k.name);
        }
        if !catalogue.rules(game, c.section).is_empty() {
            push(rules, c.section);
        }
    };
    if let Some(ran) = step.checked_sub(1).and_then(|i| replay.steps.get(i)) {
        for e in &ran.events {
            for c in [Some(e.rule.cite), e.rule.house, e.rule.also]
                .into_iter()
                .flatten()
            {
                cite(c, &mut keywords, &mut rules);
            }
        }
    }
    for st in [replay.state(step), &replay.start] {
        let board = BoardView::of::<G>(st);
        for name in board.ability_names() {
            if let Some(k) = catalogue.keyword(game, &name) {
                push(&mut keywords, &k.name);
            }
        }
        for piece in board
            .rows
            .iter()
            .flat_map(|r| &r.slots)
            .filter_map(|s| s.piece.as_ref())
        {
            if let Some(card) = catalogue.card(game, &piece.piece.name) {
                push(&mut cards, &card.name);
            }
        }
    }
    (total, keywords, cards, rules)
}
