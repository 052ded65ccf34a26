//! The rules-and-readings page, `/adjudicate/rules`: for every game, the rules it cites
//! that are not its seed's (our numbered house rules, the published rules it takes from
//! outside the seeds) and its interpretations. They are the targets of the log's links
//! for rules the seed implies but does not state. Static: it runs no game.

use actix_web::{HttpRequest, HttpResponse};
use askama::Template;
use serde::Serialize;

use super::for_game;
use super::view::{anchor, InterpretationView};
use crate::games::GameId;
use crate::rules::cite::{Citation, Source};
use crate::rules::interpret::InterpretationInfo;
use crate::rules::{Game, Readings};
use crate::web::error::Failure;
use crate::web::format::Format;
use crate::web::page;

/// One game's part of the page.
#[derive(Serialize)]
struct GameRules {
    game: &'static str,
    name: &'static str,
    seed: &'static str,
    /// Where its house rules and interpretations are written.
    doc: &'static str,
    house_rules: Vec<&'static Citation>,
    /// Published rules from outside the seeds, each with where it is published.
    public_rules: Vec<&'static Citation>,
    interpretations: &'static [InterpretationInfo],
    #[serde(skip)]
    readings: Vec<InterpretationView>,
}

impl GameRules {
    fn of<G: Game>() -> GameRules {
        let all = G::citations();
        let of = |source| all.iter().copied().filter(|c| c.source == source).collect();
        GameRules {
            game: G::ID,
            name: G::NAME,
            seed: G::SEED,
            doc: G::RULES_DOC,
            house_rules: of(Source::House),
            public_rules: of(Source::Public),
            interpretations: G::Readings::TABLE,
            readings: InterpretationView::all(&G::Readings::default()),
        }
    }

    /// The served page of its rules doc (`/docs/karth`), or `None` if not served.
    fn doc_url(&self) -> Option<String> {
        crate::web::docs::url_of(self.doc)
    }

    /// Where house rule `h` is written on the served doc: its heading's anchor.
    fn house_url(&self, h: &Citation) -> Option<String> {
        let heading = crate::web::docs::anchor(&format!("{} {}", h.section, h.rule));
        crate::web::docs::link(self.doc, &heading)
    }

    /// Where interpretation `key` is written on the served doc.
    fn interpretation_url(&self, key: &str) -> Option<String> {
        crate::web::docs::link(self.doc, &format!("interpretation-{key}"))
    }

    /// The anchor of rule `c` on this page.
    fn anchor(&self, section: &str) -> String {
        anchor(self.game, section)
    }
}

/// `/adjudicate/rules`: every game's house rules, published rules and interpretations.
#[derive(Template)]
#[template(path = "adjudicate/rules.html")]
struct RulesPage {
    games: Vec<GameRules>,
}

pub(super) async fn rules_page(req: HttpRequest) -> Result<HttpResponse, Failure> {
    let out = Format::of(&req);
    let games: Vec<GameRules> = GameId::ALL
        .iter()
        .map(|g| for_game!(*g, G => GameRules::of::<G>()))
        .collect();
    if out == Format::Json {
        return page::json(
            &serde_json::json!({
                "object": "adjudication_rules",
                "games": games,
            }),
            out,
        );
    }
    page::render(&RulesPage { games }, out)
}
