//! The rules-and-readings pages, one a game (`/adjudicate/rules/{game}`; the index
//! `/adjudicate/rules` lists them, and its JSON twin holds every game's): the rules a game cites
//! that are not its seed's (our numbered house rules, the published rules it takes from
//! outside the seeds) and its interpretations. They are the targets of the log's links
//! for rules the seed implies but does not state. It also quotes the seed sentences the
//! engine cites that the catalogue gives no page (no keyword of the rule's name, no rule
//! of its section: KeyForge's `Ability`), so every rule link of the log lands on its
//! sentence. It runs no game; it asks the catalogue only which pages exist.

use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;
use serde::Serialize;

use super::for_game;
use super::view::InterpretationView;
use crate::games::GameId;
use crate::rules::cite::{Citation, Source};
use crate::rules::interpret::InterpretationInfo;
use crate::rules::{Game, Readings};
use crate::web::error::{Failure, WebError};
use crate::web::format::Format;
use crate::web::links::{self, Explained};
use crate::web::page;
use crate::web::AppState;

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
    /// The seed's sentences it cites that have no page of their own, grouped by rule.
    seed_rules: Vec<SeedRule>,
    #[serde(skip)]
    readings: Vec<InterpretationView>,
}

/// A seed rule the engine cites that the catalogue gives no page: its sentences quoted.
#[derive(Serialize)]
struct SeedRule {
    rule: &'static str,
    section: &'static str,
    /// Its id on this page (`keyforge-seed-ability`).
    anchor: String,
    sentences: Vec<&'static str>,
}

/// `citations`' seed sentences whose link (as `known` says) is this page, by rule, in
/// their order.
fn seed_rules(citations: &[&'static Citation], known: &dyn Explained) -> Vec<SeedRule> {
    let mut out: Vec<SeedRule> = Vec::new();
    for c in citations.iter().filter(|c| c.source == Source::Seed) {
        if links::citation(c, known) != links::seed_sentence(c.game, c.rule) {
            continue;
        }
        match out.iter_mut().find(|r| r.rule == c.rule) {
            Some(r) if !r.sentences.contains(&c.sentence) => r.sentences.push(c.sentence),
            Some(_) => {}
            None => out.push(SeedRule {
                rule: c.rule,
                section: c.section,
                anchor: links::adjudicate_anchor(c.game, &links::seed_key(c.rule)),
                sentences: vec![c.sentence],
            }),
        }
    }
    out
}

impl GameRules {
    fn of<G: Game>(known: &dyn Explained) -> GameRules {
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
            seed_rules: seed_rules(&all, known),
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
        links::adjudicate_anchor(self.game, section)
    }

    /// The title of the game's seed document.
    fn seed_title(&self) -> String {
        crate::web::sources::title(self.seed)
    }
}

/// `/adjudicate/rules/{game}`: one game's house rules, published rules and
/// interpretations; `/adjudicate/rules` lists the games (`games` then holds them all, and
/// `one` is false).
#[derive(Template)]
#[template(path = "adjudicate/rules.html")]
struct RulesPage {
    games: Vec<GameRules>,
    /// Whether this is one game's page (else the index).
    one: bool,
}

impl RulesPage {
    /// The page of game `g`.
    fn url(g: &GameRules) -> String {
        links::house_rules(g.game)
    }
}

/// `/adjudicate/rules`: the index of the games' pages (its JSON twin: every game's rules).
pub(super) async fn rules_page(
    req: HttpRequest,
    state: web::Data<AppState>,
) -> Result<HttpResponse, Failure> {
    let out = Format::of(&req);
    let known: &dyn Explained = &*state.catalogue;
    let games: Vec<GameRules> = GameId::ALL
        .iter()
        .map(|g| for_game!(*g, G => GameRules::of::<G>(known)))
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
    page::render(&RulesPage { games, one: false }, out)
}

/// `/adjudicate/rules/{game}`: one game's page (its JSON twin: that game's rules).
pub(super) async fn game_rules_page(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, Failure> {
    let out = Format::of(&req);
    let raw = path.into_inner();
    let slug = page::strip_json(&req, &raw);
    let game = GameId::from_slug(slug).ok_or_else(|| {
        let known: Vec<&str> = GameId::ALL.iter().map(|g| g.slug()).collect();
        WebError::NotFound(format!(
            "no game {}; the games are {}",
            page::quoted(slug),
            known.join(", ")
        ))
        .in_format(out)
    })?;
    let known: &dyn Explained = &*state.catalogue;
    let rules = for_game!(game, G => GameRules::of::<G>(known));
    if out == Format::Json {
        return page::json(
            &serde_json::json!({
                "object": "adjudication_rules",
                "games": [rules],
            }),
            out,
        );
    }
    page::render(
        &RulesPage {
            games: vec![rules],
            one: true,
        },
        out,
    )
}
