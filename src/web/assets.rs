//! Static files, compiled into the binary so the server runs from any directory.

use actix_web::{web, HttpResponse};

const STYLE: &str = include_str!("../../static/style.css");
const ADJUDICATE_CSS: &str = include_str!("../../static/adjudicate.css");
const OPENAPI: &str = include_str!("../../static/openapi.json");
const ADJUDICATE_JS: &str = include_str!("../../static/adjudicate.js");
const BUILDER_JS: &str = include_str!("../../static/builder.js");
const FAVICON: &str = include_str!("../../static/favicon.svg");

pub(super) fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/static/style.css", web::get().to(|| css(STYLE)))
        .route(
            "/static/adjudicate.css",
            web::get().to(|| css(ADJUDICATE_CSS)),
        )
        .route(
            "/static/adjudicate.js",
            web::get().to(|| script(ADJUDICATE_JS)),
        )
        .route("/static/builder.js", web::get().to(|| script(BUILDER_JS)))
        .route("/static/favicon.svg", web::get().to(favicon))
        .route("/ping", web::get().to(ping))
        .route("/api/openapi.json", web::get().to(openapi));
}

/// A script: the step-through's keyboard (`adjudicate.js`) or the builder's card-name
/// autocompletion (`builder.js`). Both only enhance pages that work without them.
async fn script(body: &'static str) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/javascript; charset=utf-8")
        .body(body)
}

/// The trivial static route the load tests compare against: fixed bytes, no work.
async fn ping() -> HttpResponse {
    HttpResponse::Ok().content_type("text/plain").body("pong")
}

/// A stylesheet: the site's (`style.css`) or the step-through's and builder's
/// (`adjudicate.css`, linked from those pages only).
async fn css(body: &'static str) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/css; charset=utf-8")
        .insert_header(("Cache-Control", "public, max-age=3600"))
        .body(body)
}

/// The site's icon (`static/favicon.svg`), linked from every page.
async fn favicon() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("image/svg+xml")
        .body(FAVICON)
}

/// The API's OpenAPI document (`static/openapi.json`).
async fn openapi() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("application/json")
        .body(OPENAPI)
}
