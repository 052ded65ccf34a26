//! Card lists: `/cards/{game}` lists a game's cards (or, with `?keyword=Armor`, those
//! that carry a keyword) a page at a time, sorted by name, value or type (`?sort=value`,
//! `&order=desc`), with numbered pages. Its JSON twin (`/cards/{game}.json` or `Accept:
//! application/json`) is the same list. The home page and the keyword pages link here.
//!
//! The cards come from the catalogue in memory; this module only filters, sorts and
//! pages them. Bad parameters are a 400 naming the parameter; an unknown game or keyword
//! is a 404 with "did you mean".

use super::json::List;
use super::page;
use super::{error::Failure, links, AppState, Format, WebError};
use crate::catalogue::{ArcStr, Card, CardRef, Catalogue, Game};
use crate::text::fold;
use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;
use serde::{Deserialize, Serialize};

pub(super) fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/cards/{game}", web::get().to(cards));
}

/// Cards per page unless `per_page` says otherwise; at most [`MAX_PER_PAGE`].
const PER_PAGE: usize = 50;
const MAX_PER_PAGE: usize = 200;
/// The orders a list can be sorted in.
pub const SORTS: [&str; 3] = ["name", "value", "type"];

/// The query string.
#[derive(Debug, Deserialize)]
pub struct CardsQuery {
    pub keyword: Option<String>,
    pub sort: Option<String>,
    pub order: Option<String>,
    pub page: Option<usize>,
    pub per_page: Option<usize>,
}

/// One card of the list.
#[derive(Debug, Serialize)]
pub struct CardRow {
    pub object: &'static str,
    pub game: String,
    pub name: String,
    pub url: String,
    #[serde(rename = "type")]
    pub card_type: String,
    pub faction: Option<String>,
    pub value: Option<i64>,
    /// The card's keywords as printed (`Armor 2`).
    pub keywords: Vec<String>,
}

/// The JSON twin: the list, and how it is sorted and paged.
#[derive(Serialize)]
pub struct CardsJson {
    #[serde(flatten)]
    pub list: List<CardRow>,
    pub game: String,
    pub keyword: Option<String>,
    pub sort: &'static str,
    pub order: &'static str,
    pub page: usize,
    pub per_page: usize,
}

/// A column heading that sorts the list.
pub struct SortLink {
    pub label: &'static str,
    pub url: String,
    /// `ascending`/`descending` when the list is sorted by this column.
    pub current: Option<&'static str>,
    /// A column of numbers (right-aligned).
    pub numeric: bool,
    /// The list is sorted up by this column.
    pub ascending: bool,
}

/// `/cards/{game}`: a page of the list.
#[derive(Template)]
#[template(path = "cards/cards.html")]
pub struct CardsPage<'a> {
    pub game: &'a Game,
    pub desc: bool,
    /// This page's JSON twin.
    pub json_url: String,
    pub data: &'a CardsJson,
    pub keyword_url: Option<String>,
    pub pages: usize,
    pub sort_links: Vec<SortLink>,
    /// Numbered page links: (page, URL); `None` for a gap.
    pub page_links: Vec<Option<(usize, String)>>,
    pub first: usize,
    pub last: usize,
}

fn bad(format: Format, message: String) -> Failure {
    WebError::BadRequest(message).in_format(format)
}

async fn cards(
    req: HttpRequest,
    path: web::Path<String>,
    query: web::Query<CardsQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, Failure> {
    let format = Format::of(&req);
    let raw = path.into_inner();
    let slug = page::strip_json(&req, &raw);
    let cat = &state.catalogue;
    let q = query.into_inner();
    let game = page::game(
        cat,
        slug,
        &|g| links::cards(g, None, "name", false, 1),
        format,
    )?;
    // Exactly a value the document lists: an empty or padded value is refused.
    let sort = match q.sort.as_deref() {
        None => "name",
        Some(s) => SORTS.iter().copied().find(|x| *x == s).ok_or_else(|| {
            bad(
                format,
                format!(
                    "`sort` is {}; it must be one of: {}",
                    page::quoted(s),
                    SORTS.join(", ")
                ),
            )
        })?,
    };
    let desc = match q.order.as_deref() {
        None | Some("asc") => false,
        Some("desc") => true,
        Some(o) => {
            return Err(bad(
                format,
                format!("`order` is {}; it must be asc or desc", page::quoted(o)),
            ))
        }
    };
    let per_page = q.per_page.unwrap_or(PER_PAGE);
    if per_page == 0 || per_page > MAX_PER_PAGE {
        return Err(bad(
            format,
            format!("`per_page` is {per_page}; it must be from 1 to {MAX_PER_PAGE}"),
        ));
    }
    let page_no = q.page.unwrap_or(1).max(1);
    if page_no > 10_000 {
        return Err(bad(format, "`page` is at most 10000".into()));
    }
    let keyword = match q
        .keyword
        .as_deref()
        .map(str::trim)
        .filter(|k| !k.is_empty())
    {
        None => None,
        Some(k) => Some(
            cat.keyword(&game.slug, k)
                .ok_or_else(|| unknown_keyword(cat, game, k, format))?
                .name
                .clone(),
        ),
    };
    // Only what the order needs is kept per card (cards may be read from the file, and
    // a game may have more of them than memory holds); the page's cards are read after.
    let listed = |(i, c): (usize, CardRef)| Listed {
        id: i,
        name: c.name.clone(),
        card_type: c.card_type.clone(),
        value: c.value,
    };
    let cards = cat.cards();
    let mut list: Vec<Listed> = match &keyword {
        Some(k) => cat
            .card_ids_with_keyword(&game.slug, k)
            .iter()
            .filter_map(|&i| Some((i as usize, cards.get(i as usize)?)))
            .map(listed)
            .collect(),
        None => cards
            .iter()
            .enumerate()
            .filter(|(_, c)| c.game == game.slug)
            .map(listed)
            .collect(),
    };
    sort_cards(&mut list, sort, desc);
    let total = list.len();
    let start = (page_no - 1).saturating_mul(per_page).min(total);
    let end = (start + per_page).min(total);
    let rows: Vec<CardRow> = list[start..end]
        .iter()
        .filter_map(|l| cards.get(l.id))
        .map(|c| CardRow {
            object: "card",
            game: c.game.to_string(),
            name: c.name.to_string(),
            url: links::card(&c.game, &c.name),
            card_type: c.card_type.to_string(),
            faction: c.faction.as_ref().map(|f| f.to_string()),
            value: c.value,
            keywords: c.abilities.iter().map(|a| a.label()).collect(),
        })
        .collect();
    let url = |n: usize, sort: &str, desc: bool| {
        let mut u = links::cards(&game.slug, keyword.as_deref(), sort, desc, n);
        if per_page != PER_PAGE {
            u.push(if u.contains('?') { '&' } else { '?' });
            u.push_str(&format!("per_page={per_page}"));
        }
        u
    };
    let has_more = end < total;
    let data = CardsJson {
        list: List {
            object: "list",
            data: rows,
            total,
            has_more,
            next_page: has_more.then(|| links::json(&url(page_no + 1, sort, desc))),
            warnings: Vec::new(),
        },
        game: game.slug.clone(),
        keyword: keyword.clone(),
        sort,
        order: if desc { "desc" } else { "asc" },
        page: page_no,
        per_page,
    };
    if format == Format::Json {
        return page::json(&data, format);
    }
    let pages = total.div_ceil(per_page).max(1);
    let sort_links = [("Name", "name"), ("Type", "type"), ("Value", "value")]
        .into_iter()
        .map(|(label, s)| SortLink {
            label,
            // The current column's link reverses the order; another column sorts up.
            url: url(1, s, s == sort && !desc),
            current: (s == sort).then_some(if desc { "descending" } else { "ascending" }),
            numeric: s == "value",
            ascending: s == sort && !desc,
        })
        .collect();
    let page_links = page::page_links(page_no, pages, &|n| url(n, sort, desc));
    page::render(
        &CardsPage {
            game,
            desc,
            json_url: links::json(&url(page_no, sort, desc)),
            keyword_url: keyword.as_deref().map(|k| links::keyword(&game.slug, k)),
            data: &data,
            pages,
            sort_links,
            page_links,
            first: start + 1,
            last: end,
        },
        format,
    )
}

/// Sorts by `sort` (`name`, `value` or `type`), names breaking ties; cards without a
/// value come last either way.
/// A card of a listing: its position and what the listing sorts by.
struct Listed {
    id: usize,
    name: ArcStr,
    card_type: ArcStr,
    value: Option<i64>,
}

/// What a listing sorts cards by.
trait SortKey {
    fn name(&self) -> &str;
    fn card_type(&self) -> &str;
    fn value(&self) -> Option<i64>;
}

impl SortKey for Listed {
    fn name(&self) -> &str {
        &self.name
    }
    fn card_type(&self) -> &str {
        &self.card_type
    }
    fn value(&self) -> Option<i64> {
        self.value
    }
}

impl SortKey for &Card {
    fn name(&self) -> &str {
        &self.name
    }
    fn card_type(&self) -> &str {
        &self.card_type
    }
    fn value(&self) -> Option<i64> {
        self.value
    }
}

fn sort_cards<C: SortKey>(list: &mut [C], sort: &str, desc: bool) {
    let name = |c: &C| fold(c.name());
    match sort {
        "value" => list.sort_by(|a, b| {
            let by_value = match (a.value(), b.value()) {
                (Some(x), Some(y)) if desc => y.cmp(&x),
                (Some(x), Some(y)) => x.cmp(&y),
                (Some(_), None) => std::cmp::Ordering::Less,
                (None, Some(_)) => std::cmp::Ordering::Greater,
                (None, None) => std::cmp::Ordering::Equal,
            };
            by_value.then_with(|| name(a).cmp(&name(b)))
        }),
        "type" => {
            list.sort_by_cached_key(|c| (fold(c.card_type()), name(c)));
            if desc {
                list.reverse();
            }
        }
        _ => {
            list.sort_by_cached_key(|c| name(c));
            if desc {
                list.reverse();
            }
        }
    }
}

fn unknown_keyword(cat: &Catalogue, game: &Game, name: &str, format: Format) -> Failure {
    let names = cat
        .data()
        .keywords
        .iter()
        .filter(|k| k.game == game.slug)
        .map(|k| k.name.as_str());
    let found = page::suggestions(name, names);
    page::not_found(
        format!("no {} keyword {}", game.slug, page::quoted(name)),
        &found,
        &|k| links::cards(&game.slug, Some(k), "name", false, 1),
        format,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::ArcStr;

    fn card(name: &str, card_type: &str, value: Option<i64>) -> Card {
        Card {
            game: "g".into(),
            name: name.into(),
            card_type: card_type.into(),
            faction: None,
            value,
            abilities: Box::default(),
            traits: Box::default(),
            text: ArcStr::default(),
            attributes: Box::default(),
            text_abilities: Box::default(),
        }
    }

    #[test]
    fn sorts_by_value_type_and_name() {
        let cards = [
            card("b", "unit", Some(2)),
            card("A", "item", None),
            card("c", "item", Some(1)),
        ];
        let names = |sort: &str, desc: bool| {
            let mut list: Vec<&Card> = cards.iter().collect();
            sort_cards(&mut list, sort, desc);
            list.iter().map(|c| c.name.as_str()).collect::<Vec<_>>()
        };
        assert_eq!(names("name", false), ["A", "b", "c"]);
        assert_eq!(names("name", true), ["c", "b", "A"]);
        assert_eq!(names("value", false), ["c", "b", "A"]);
        assert_eq!(names("value", true), ["b", "c", "A"], "no value stays last");
        assert_eq!(names("type", false), ["A", "c", "b"]);
    }
}
