//! The home page (the games and their counts) and `/healthz`.

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
    pub rules: usize,
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
            GameSummary {
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
