//! The home page (the games and their counts) and `/healthz`.

use super::{error::Failure, AppState, Format, WebError};
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
        Format::Json => Ok(HttpResponse::Ok().json(super::json::List::all(games))),
        Format::Html => render(&HomePage { games }, format),
    }
}

/// Renders a page template to a response.
pub(super) fn render<T: Template>(page: &T, format: Format) -> Result<HttpResponse, Failure> {
    let body = page
        .render()
        .map_err(|e| WebError::Internal(format!("template: {e}")).in_format(format))?;
    Ok(HttpResponse::Ok()
        .content_type("text/html; charset=utf-8")
        .body(body))
}

#[derive(Serialize)]
struct Health<'a> {
    status: &'static str,
    data_hash: &'a str,
    cards: usize,
}

async fn healthz(state: web::Data<AppState>) -> HttpResponse {
    HttpResponse::Ok().json(Health {
        status: "ok",
        data_hash: state.catalogue.data_hash(),
        cards: state.catalogue.data().cards.len(),
    })
}
