//! Card pages: `/card/{game}/{name}` shows one card: its type, faction, value, traits and
//! game-specific attributes, its printed text (verbatim, line breaks kept), each keyword
//! it carries with that keyword's full definition inline, and for KeyForge and Arcane
//! Legions cards the text's abilities as the game's grammar reads them. The card text and
//! the definitions go through [`super::keyword::linkify`], so a "see 4.2" in either links
//! to the rule, as it does on the keyword page.
//!
//! The lookups are `catalogue`'s and the parses were made by `grammar` at import; this
//! module only arranges them. Search and deck checks are elsewhere.

use super::page::{self, Field};
use super::rulings::{RulingJson, RulingsSection};
use super::{error::Failure, links, AppState, Format};
use crate::catalogue::{ArcStr, Card, Catalogue, Game};
use crate::grammar::AbilityParse;
use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;
use serde::Serialize;
use serde_json::{Map, Value};

pub(super) fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/card/{game}/{name}", web::get().to(card));
}

/// A keyword on the card, with the keyword's definition.
#[derive(Serialize)]
pub struct AbilityJson<'a> {
    /// The keyword's canonical name.
    pub keyword: &'a str,
    pub value: Option<i64>,
    /// The keyword's page.
    pub url: String,
    /// The keyword's full source text.
    pub definition: Option<&'a str>,
}

/// The JSON twin of a card page.
#[derive(Serialize)]
pub struct CardJson<'a> {
    pub object: &'static str,
    pub kind: &'static str,
    pub game: &'a str,
    pub name: &'a str,
    #[serde(rename = "type")]
    pub card_type: &'a str,
    pub faction: Option<&'a str>,
    pub value: Option<i64>,
    pub traits: &'a [ArcStr],
    /// Attribute name → its number (numeric columns) or its text.
    pub attributes: Map<String, Value>,
    pub text: &'a str,
    pub abilities: Vec<AbilityJson<'a>>,
    pub text_abilities: &'a [AbilityParse],
    pub url: String,
    /// The rulings that touch the card, newest first (superseded ones included, with
    /// their `status`).
    pub rulings: Vec<RulingJson>,
}

/// One parsed ability of the card's text, as the page shows it.
pub struct TextAbility {
    /// `Play/Fight/Reap`, `activated`.
    pub kind: String,
    pub fields: Vec<Field>,
}

/// A keyword on the card, as the page shows it.
pub struct AbilityView<'a> {
    pub json: &'a AbilityJson<'a>,
    /// The definition, escaped, with its references as links.
    pub definition_html: Option<String>,
}

/// `/card/{game}/{name}`: one card with its keywords' definitions.
#[derive(Template)]
#[template(path = "card/card.html")]
pub struct CardPage<'a> {
    pub game: &'a Game,
    pub card: &'a Card,
    /// `card.text`, escaped, with its references as links.
    pub text_html: String,
    pub abilities: Vec<AbilityView<'a>>,
    pub text_abilities: Vec<TextAbility>,
    /// The rulings that touch it, standing and superseded.
    pub rulings: RulingsSection,
    pub data: &'a CardJson<'a>,
}

async fn card(
    req: HttpRequest,
    path: web::Path<(String, String)>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, Failure> {
    let format = Format::of(&req);
    let (game_slug, raw_name) = path.into_inner();
    let name = page::strip_json(&req, &raw_name);
    let cat = &state.catalogue;
    let game = page::game(cat, &game_slug, &|g| links::card(g, name), format)?;
    let card = cat
        .card(&game.slug, name)
        .ok_or_else(|| unknown_card(cat, game, name, format))?;
    let set = state.rulings.snapshot();
    let rulings = RulingsSection::of(&set, &set.for_card(&card.game, &card.name));
    let data = CardJson {
        object: "card",
        kind: "card",
        game: &card.game,
        name: &card.name,
        card_type: &card.card_type,
        faction: card.faction.as_deref(),
        value: card.value,
        traits: &card.traits,
        attributes: card
            .attributes
            .iter()
            .map(|a| (a.name.to_string(), attribute_value(a.number, &a.value)))
            .collect(),
        text: &card.text,
        abilities: card
            .abilities
            .iter()
            .map(|a| AbilityJson {
                keyword: &a.keyword,
                value: a.value,
                url: links::keyword(&card.game, &a.keyword),
                definition: cat.keyword(&card.game, &a.keyword).map(|k| k.text.as_str()),
            })
            .collect(),
        text_abilities: &card.text_abilities,
        url: links::card(&card.game, &card.name),
        rulings: rulings.all(),
    };
    if format == Format::Json {
        return page::json(&data, format);
    }
    let resolve = |n: &str| cat.keyword(&game.slug, n).map(|k| k.name.clone());
    let html = |text: &str| super::keyword::linkify(&game.slug, text, resolve).0;
    let page = CardPage {
        game,
        card: &card,
        text_html: html(&card.text),
        abilities: data
            .abilities
            .iter()
            .map(|a| AbilityView {
                json: a,
                definition_html: a.definition.map(html),
            })
            .collect(),
        text_abilities: card
            .text_abilities
            .iter()
            .map(|p| TextAbility {
                kind: p.kind().unwrap_or_default(),
                fields: page::parse_fields(p),
            })
            .collect(),
        rulings,
        data: &data,
    };
    page::render(&page, format)
}

/// A numeric attribute as a JSON number (whole numbers without `.0`), any other as text.
fn attribute_value(number: Option<f64>, text: &str) -> Value {
    match number {
        Some(n) if n.fract() == 0.0 && n.abs() < 9.0e15 => Value::from(n as i64),
        Some(n) => serde_json::Number::from_f64(n).map_or_else(|| Value::from(text), Value::Number),
        None => Value::from(text),
    }
}

fn unknown_card(cat: &Catalogue, game: &Game, name: &str, format: Format) -> Failure {
    let names: Vec<crate::catalogue::ArcStr> = cat
        .cards()
        .iter()
        .filter(|c| c.game == game.slug)
        .map(|c| c.name.clone())
        .collect();
    let found = page::suggestions(name, names.iter().map(|n| n.as_str()));
    page::not_found(
        format!("no {} card {}", game.slug, page::quoted(name)),
        &found,
        &|c| links::card(&game.slug, c),
        format,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attribute_numbers() {
        assert_eq!(attribute_value(Some(6.0), "6"), Value::from(6));
        assert_eq!(attribute_value(Some(1.5), "1.5"), Value::from(1.5));
        assert_eq!(attribute_value(Some(f64::NAN), "NaN"), Value::from("NaN"));
        assert_eq!(attribute_value(None, "yes"), Value::from("yes"));
    }
}
