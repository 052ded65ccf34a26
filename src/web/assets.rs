//! Static files, compiled into the binary so the server runs from any directory.

use actix_web::{web, HttpResponse};

const STYLE: &str = include_str!("../../static/style.css");

pub(super) fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/static/style.css", web::get().to(style));
}

async fn style() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/css; charset=utf-8")
        .insert_header(("Cache-Control", "public, max-age=3600"))
        .body(STYLE)
}
