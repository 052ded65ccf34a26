//! The home page (the games, what the site offers for each, and their counts) and
//! `/healthz`.

use super::{error::Failure, page::render, AppState, Format};
use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;
use serde::Serialize;

pub(super) fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/", web::get().to(home))
        .route("/index.json", web::get().to(home))
        .route("/healthz", web::get().to(healthz));
}

/// One game on the home page.
#[derive(Serialize)]
pub struct GameSummary {
    pub object: &'static str,
    pub slug: String,
    pub name: String,
    pub description: String,
    pub cards: usize,
    pub keywords: usize,
    /// The catalogue's numbered rules of the game.
    pub rules: usize,
    /// The rules engine's own: numbered house rules, published rules taken from outside
    /// the seed, named interpretations (all 0 for a game the engine does not play).
    pub house_rules: usize,
    pub published_rules: usize,
    pub interpretations: usize,
    /// Whether decks of it can be checked (the catalogue has a deck format for it).
    pub decks: bool,
    /// Whether the rules engine adjudicates its positions.
    pub adjudicates: bool,
}

/// `/`: every game with its counts of cards, keywords and rules.
#[derive(Template)]
#[template(path = "home/home.html")]
pub struct HomePage {
    pub games: Vec<GameSummary>,
    /// Example queries, with what each shows.
    pub examples: Vec<(&'static str, &'static str)>,
    /// The search box's current text (empty here).
    pub q: &'static str,
}

async fn home(req: HttpRequest, state: web::Data<AppState>) -> Result<HttpResponse, Failure> {
    let cat = &state.catalogue;
    let games: Vec<GameSummary> = cat
        .games()
        .iter()
        .map(|g| {
            let (cards, keywords, rules) = cat.counts(&g.slug);
            let engine = super::adjudicate::engine_counts(&g.slug);
            GameSummary {
                house_rules: engine.map_or(0, |e| e.0),
                published_rules: engine.map_or(0, |e| e.1),
                interpretations: engine.map_or(0, |e| e.2),
                decks: cat.formats(&g.slug).next().is_some(),
                adjudicates: engine.is_some(),
                object: "game",
                slug: g.slug.clone(),
                name: g.name.clone(),
                description: g.description.clone(),
                cards,
                keywords,
                rules,
            }
        })
        .collect();
    let format = Format::of(&req);
    match format {
        Format::Json => super::page::json(&super::json::List::all(games), format),
        Format::Html => render(
            &HomePage {
                games,
                examples: super::search::EXAMPLES.to_vec(),
                q: "",
            },
            format,
        ),
    }
}

#[derive(Serialize)]
struct Health<'a> {
    status: &'static str,
    data_hash: &'a str,
    cards: usize,
}

async fn healthz(state: web::Data<AppState>) -> Result<HttpResponse, Failure> {
    super::page::json(
        &Health {
            status: "ok",
            data_hash: state.catalogue.data_hash(),
            cards: state.catalogue.cards().len(),
        },
        Format::Json,
    )
}
