//! Rules pages: `/rules/{game}` lists every numbered section of a game, and
//! `/rules/{game}/{section}` shows every rule with that number, in source order. Where the
//! source repeats a number (seed 001 has two 5.1.1, 5.1.2 and 5.8.7) each rule is shown
//! with its own title, text and source, and the page says how often the number appears.
//!
//! A heading (a rule with empty text, such as battleline 4.2 "Special Rules") also lists
//! the rules below it and the keywords filed under it (`section` column equal to its
//! number). "Below" means the nearest numbered descendants: `5.1` lists `5.1.1` and
//! `5.1.2` but not `5.1.1.3`, unless `5.1.1` itself is missing from the source, in which
//! case `5.1.1.3` is the nearest and is listed.
//!
//! JSON twins: the game listing is a list of rule objects (`json::List`). A section is the
//! same list of its rules, with two more keys always present: `children` (the rule objects
//! below a heading, in source order; empty for a rule with text) and `keywords` (item
//! references; likewise empty). The rules themselves come from `catalogue`; this module only
//! arranges them.

use super::json::{ItemRef, List};
use super::page::{self, filters};
use super::rulings::{RulingJson, RulingsSection};
use super::{error::Failure, links, AppState, Format};
use crate::catalogue::{Catalogue, Game, Keyword, Rule};
use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;
use serde::Serialize;
use std::collections::{HashMap, HashSet};

pub(super) fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/rules/{game}", web::get().to(game_rules))
        .route("/rules/{game}/{section}", web::get().to(section));
}

/// One rule as JSON.
#[derive(Serialize)]
pub struct RuleJson<'a> {
    pub object: &'static str,
    pub kind: &'static str,
    pub game: &'a str,
    pub section: &'a str,
    pub title: &'a str,
    pub text: &'a str,
    pub normalised: Option<&'a str>,
    pub source: &'a str,
    /// The title of the document `source` names.
    pub source_title: String,
    /// Position in the source's rules, which orders repeated numbers.
    pub ordinal: usize,
    pub url: String,
}

impl<'a> RuleJson<'a> {
    fn of(r: &'a Rule) -> Self {
        RuleJson {
            object: "rule",
            kind: "rule",
            game: &r.game,
            section: &r.section,
            title: &r.title,
            text: &r.text,
            normalised: r.normalised.as_deref(),
            source: &r.source,
            source_title: super::sources::title(&r.source),
            ordinal: r.ordinal,
            url: links::rule(&r.game, &r.section),
        }
    }
}

/// The JSON twin of a section page: the list of its rules, plus what is below a heading.
#[derive(Serialize)]
pub struct SectionJson<'a> {
    #[serde(flatten)]
    pub list: List<RuleJson<'a>>,
    pub children: Vec<RuleJson<'a>>,
    pub keywords: Vec<ItemRef>,
    /// The rulings that touch this section, newest first (superseded ones included,
    /// with their `status`).
    pub rulings: Vec<RulingJson>,
}

/// One line of a game's list of sections.
pub struct SectionLine<'a> {
    pub section: &'a str,
    pub title: &'a str,
    pub url: String,
    /// How many rules carry this number (more than 1 where the source repeats it).
    pub count: usize,
    /// Dots in the number: 0 for `4`, 2 for `5.1.2`.
    pub depth: usize,
    /// A heading: no rule with this number has text.
    pub heading: bool,
    /// The texts of the rules with this number, in source order (empty ones left out).
    pub texts: Vec<&'a str>,
    /// Whether to show `title`: not when the nearest section above has the same title
    /// (the source repeats its heading on every sub-rule).
    pub show_title: bool,
}

/// `/rules/{game}`: every section of a game, each once, in rule-number order (3.x before
/// 5.x, 5.10 after 5.9), with each rule's text.
#[derive(Template)]
#[template(path = "rules/game.html")]
pub struct GameRulesPage<'a> {
    pub game: &'a Game,
    pub sections: Vec<SectionLine<'a>>,
}

/// `/rules/{game}/{section}`: every rule with that number, and under a heading what is
/// below it.
#[derive(Template)]
#[template(path = "rules/rules.html")]
pub struct RulesPage<'a> {
    pub game: &'a Game,
    pub section: &'a str,
    pub rules: Vec<&'a Rule>,
    pub heading: bool,
    pub children: Vec<SectionLine<'a>>,
    pub keywords: Vec<&'a Keyword>,
    pub keyword_refs: Vec<ItemRef>,
    /// The rulings that touch the section, standing and superseded.
    pub rulings: RulingsSection,
    pub json_url: String,
}

fn rules_of<'a>(cat: &'a Catalogue, game: &str) -> Vec<&'a Rule> {
    cat.data().rules.iter().filter(|r| r.game == game).collect()
}

async fn game_rules(
    req: HttpRequest,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, Failure> {
    let format = Format::of(&req);
    let raw = path.into_inner();
    let cat = &state.catalogue;
    let game = page::game(
        cat,
        page::strip_json(&req, &raw),
        &|g| format!("/rules/{}", links::segment(g)),
        format,
    )?;
    let rules = rules_of(cat, &game.slug);
    if format == Format::Json {
        let data = rules.iter().map(|r| RuleJson::of(r)).collect();
        return page::json(&List::all(data), format);
    }
    let page = GameRulesPage {
        game,
        sections: section_lines(&rules),
    };
    page::render(&page, format)
}

async fn section(
    req: HttpRequest,
    path: web::Path<(String, String)>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, Failure> {
    let format = Format::of(&req);
    let (game_slug, raw) = path.into_inner();
    let section = page::strip_json(&req, &raw);
    let cat = &state.catalogue;
    let game = page::game(cat, &game_slug, &|g| links::rule(g, section), format)?;
    let rules = cat.rules(&game.slug, section);
    let all = rules_of(cat, &game.slug);
    if rules.is_empty() {
        return Err(unknown_section(&all, game, section, format));
    }
    let heading = rules.iter().all(|r| r.text.trim().is_empty());
    let (children, keywords) = if heading {
        let keywords: Vec<&Keyword> = cat
            .data()
            .keywords
            .iter()
            .filter(|k| k.game == game.slug && k.section == section)
            .collect();
        (children(&all, section), keywords)
    } else {
        (Vec::new(), Vec::new())
    };
    let keyword_refs: Vec<ItemRef> = keywords
        .iter()
        .map(|k| ItemRef::keyword(&k.game, &k.name))
        .collect();
    let set = state.rulings.snapshot();
    let rulings = RulingsSection::of(&set, &set.for_rule(&game.slug, &rules[0].section));
    if format == Format::Json {
        let data = SectionJson {
            list: List::all(rules.iter().map(|r| RuleJson::of(r)).collect()),
            children: children.iter().map(|r| RuleJson::of(r)).collect(),
            keywords: keyword_refs,
            rulings: rulings.all(),
        };
        return page::json(&data, format);
    }
    let page = RulesPage {
        game,
        section: &rules[0].section,
        children: section_lines(&children),
        rules,
        heading,
        keywords,
        keyword_refs,
        rulings,
        json_url: links::json(&links::rule(&game.slug, section)),
    };
    page::render(&page, format)
}

/// Each section of `rules` once, in order of first appearance, with its count.
fn section_lines<'a>(rules: &[&'a Rule]) -> Vec<SectionLine<'a>> {
    let mut lines: Vec<SectionLine<'a>> = Vec::new();
    let mut at: HashMap<&str, usize> = HashMap::new();
    for r in rules {
        let text = r.text.trim();
        if let Some(&i) = at.get(r.section.as_str()) {
            lines[i].count += 1;
            lines[i].heading &= text.is_empty();
            if !text.is_empty() {
                lines[i].texts.push(&r.text);
            }
            continue;
        }
        at.insert(&r.section, lines.len());
        lines.push(SectionLine {
            section: &r.section,
            title: &r.title,
            url: links::rule(&r.game, &r.section),
            count: 1,
            depth: r.section.matches('.').count(),
            heading: text.is_empty(),
            texts: if text.is_empty() {
                Vec::new()
            } else {
                vec![&r.text]
            },
            show_title: true,
        });
    }
    lines.sort_by(|a, b| section_order(a.section).cmp(&section_order(b.section)));
    // A title is shown once: not again on a sub-rule under a section of that title, nor on
    // the next of a run of numbers that all carry it (3.1 to 3.12, "Deck Building").
    let titles: HashMap<&str, &str> = lines.iter().map(|l| (l.section, l.title)).collect();
    let mut previous: Option<(&str, usize)> = None;
    for line in &mut lines {
        let mut cur = line.section;
        while let Some((parent, _)) = cur.rsplit_once('.') {
            if let Some(t) = titles.get(parent) {
                line.show_title = *t != line.title;
                break;
            }
            cur = parent;
        }
        if previous.is_some_and(|(t, depth)| t == line.title && depth == line.depth) {
            line.show_title = false;
        }
        previous = Some((line.title, line.depth));
    }
    lines
}

/// A rule number's sort key: its parts as numbers where they are numbers (`5.10` after
/// `5.9`), text otherwise; a trailing `.0` sorts with its parent (`5.0` before `5.1`).
fn section_order(section: &str) -> Vec<(u64, &str)> {
    section
        .split('.')
        .map(|part| match part.parse::<u64>() {
            Ok(n) => (n, ""),
            Err(_) => (u64::MAX, part),
        })
        .collect()
}

/// The rules nearest below `section`: those numbered `section.…` with no rule of the
/// source numbered between them and it.
fn children<'a>(all: &[&'a Rule], section: &str) -> Vec<&'a Rule> {
    let prefix = format!("{section}.");
    let numbers: HashSet<&str> = all.iter().map(|r| r.section.as_str()).collect();
    let closer = |s: &str| {
        let mut cur = s;
        while let Some((parent, _)) = cur.rsplit_once('.') {
            if parent.len() <= section.len() {
                return false;
            }
            if numbers.contains(parent) {
                return true;
            }
            cur = parent;
        }
        false
    };
    all.iter()
        .filter(|r| r.section.starts_with(&prefix) && !closer(&r.section))
        .copied()
        .collect()
}

/// A 404 naming the nearest existing sections: the closest numbered ancestor first, then
/// the most similar numbers.
fn unknown_section(all: &[&Rule], game: &Game, section: &str, format: Format) -> Failure {
    let mut numbers: Vec<&str> = Vec::new();
    for r in all {
        if !numbers.contains(&r.section.as_str()) {
            numbers.push(&r.section);
        }
    }
    let mut found: Vec<&str> = Vec::new();
    let mut cur = section;
    while let Some((parent, _)) = cur.rsplit_once('.') {
        if let Some(n) = numbers.iter().find(|n| **n == parent) {
            found.push(n);
            break;
        }
        cur = parent;
    }
    for n in page::suggestions(section, numbers.iter().copied()) {
        if !found.contains(&n) && found.len() < 5 {
            found.push(n);
        }
    }
    page::not_found(
        format!("no {} rule numbered {}", game.slug, page::quoted(section)),
        &found,
        &|n| links::rule(&game.slug, n),
        format,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rule(section: &str, text: &str, ordinal: usize) -> Rule {
        Rule {
            game: "g".into(),
            section: section.into(),
            title: String::new(),
            text: text.into(),
            normalised: None,
            source: "s".into(),
            ordinal,
        }
    }

    #[test]
    fn children_are_the_nearest_descendants() {
        let rules = [
            rule("5", "", 0),
            rule("5.1", "", 1),
            rule("5.1.1", "a", 2),
            rule("5.1.1", "b", 3),
            rule("5.2.1", "c", 4),
            rule("5.10", "d", 5),
            rule("50", "e", 6),
        ];
        let all: Vec<&Rule> = rules.iter().collect();
        let sections =
            |s: &str| -> Vec<usize> { children(&all, s).iter().map(|r| r.ordinal).collect() };
        // 5.2 is missing, so 5.2.1 is one of 5's nearest; 50 is not below 5.
        assert_eq!(sections("5"), vec![1, 4, 5]);
        assert_eq!(sections("5.1"), vec![2, 3]);
        assert!(sections("5.1.1").is_empty());
        let lines = section_lines(&all);
        assert_eq!(lines.len(), 6);
        assert_eq!((lines[2].section, lines[2].count), ("5.1.1", 2));
    }
}
