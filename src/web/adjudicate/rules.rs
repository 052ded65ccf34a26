//! The house rules page, `/adjudicate/rules`: the turn sequence T1–T15 and the
//! interpretations, the targets of the log's links for rules the seed implies but does
//! not state. Static: it runs no game.

use actix_web::{HttpRequest, HttpResponse};
use askama::Template;

use super::view::InterpretationView;
use crate::games::battleline::cite::turn;
use crate::games::battleline::{Citation, INTERPRETATIONS};
use crate::web::error::Failure;
use crate::web::format::Format;
use crate::web::page;

/// `/adjudicate/rules`: the turn sequence (house rules T1–T15) and the interpretations,
/// the targets of the log's links for rules the seed implies but does not state.
#[derive(Template)]
#[template(path = "adjudicate/rules.html")]
struct RulesPage {
    house: &'static [Citation],
    interpretations: Vec<InterpretationView>,
}

pub(super) async fn rules_page(req: HttpRequest) -> Result<HttpResponse, Failure> {
    let out = Format::of(&req);
    if out == Format::Json {
        return page::json(
            &serde_json::json!({
                "object": "battleline_rules",
                "house_rules": turn::ALL,
                "interpretations": INTERPRETATIONS,
                "doc": "docs/rules/battleline.md",
            }),
            out,
        );
    }
    page::render(
        &RulesPage {
            house: turn::ALL,
            interpretations: InterpretationView::all(
                &crate::games::battleline::Interpretations::default(),
            ),
        },
        out,
    )
}
