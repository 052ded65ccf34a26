//! The search pages and API over HTTP: results, facets, pagination, warnings, errors,
//! hostile text, the help page and the OpenAPI document.

use crate::common;

use actix_web::http::StatusCode;
use arbiter::catalogue::{self, Card, Catalogue};
use arbiter::web::AppState;
use serde_json::Value;
use std::sync::Arc;

async fn get_with(state: AppState, uri: &str, accept: Option<&str>) -> (StatusCode, String) {
    let (status, _, body) = common::http::get(state, uri, accept).await;
    (status, body)
}

async fn get(uri: &str) -> (StatusCode, String) {
    get_with(common::bundled_state(), uri, None).await
}

async fn json(uri: &str) -> (StatusCode, Value) {
    let (s, body) = get(uri).await;
    (
        s,
        serde_json::from_str(&body).unwrap_or_else(|e| panic!("{uri}: {e}: {body}")),
    )
}

#[actix_web::test]
async fn results_page_has_snippets_facets_and_grouping() {
    let (status, html) = get("/search?q=fury").await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("<mark>Fury</mark>"), "highlighted snippet");
    // Fury is a keyword of two games: both shown under game headings.
    assert!(html.contains("class=\"group-heading\""));
    assert!(html.contains("href=\"/keyword/battleline/Fury\""));
    assert!(html.contains("href=\"/keyword/swtcg/Fury\""));
    // Facet links refine the query.
    assert!(
        html.contains("href=\"/search?q=fury%20game%3Aswtcg\""),
        "facet link"
    );
    assert!(html.contains("data-facet=\"kind\""));
}

#[actix_web::test]
async fn the_json_twin_three_ways_agrees() {
    let (_, a) = json("/search.json?q=fury").await;
    let (_, b) = json("/api/search?q=fury").await;
    let (s, body) = get_with(
        common::bundled_state(),
        "/search?q=fury",
        Some("application/json"),
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    let c: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(a, b);
    assert_eq!(a, c);
    assert_eq!(a["object"], "list");
    assert_eq!(a["data"][0]["kind"], "keyword");
    assert_eq!(a["data"][0]["game"], "battleline");
    assert_eq!(a["data"][0]["name"], "Fury");
    assert_eq!(a["data"][0]["url"], "/keyword/battleline/Fury");
    assert!(a["facets"]["game"].is_array());
}

#[actix_web::test]
async fn pagination_links_both_formats() {
    let (_, v) = json("/api/search?q=game:karth&per_page=10").await;
    assert_eq!(v["data"].as_array().unwrap().len(), 10);
    assert_eq!(v["has_more"], true);
    let next = v["next_page"].as_str().unwrap().to_string();
    assert_eq!(next, "/search.json?q=game%3Akarth&page=2&per_page=10");
    let (_, v2) = json(&next).await;
    assert_eq!(v2["page"], 2);
    assert_ne!(v["data"][0], v2["data"][0]);
    let (_, html) = get("/search?q=game:karth&per_page=10").await;
    assert!(
        html.contains("rel=\"next\" href=\"/search?q=game%3Akarth&#38;page=2&#38;per_page=10\""),
        "next link"
    );
    // per_page is capped, page 0 is page 1.
    let (_, v) = json("/api/search?q=game:karth&per_page=5000&page=0").await;
    assert_eq!(v["per_page"], 100);
    assert_eq!(v["page"], 1);
}

#[actix_web::test]
async fn ignored_terms_are_warnings_with_offsets() {
    let (status, v) = json("/api/search?q=fury%20colour:red").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(v["warnings"][0]["offset"], 5);
    assert_eq!(v["warnings"][0]["code"], "ignored_term");
    let (_, html) = get("/search?q=fury%20colour:red").await;
    assert!(html.contains("at offset 5"), "warning shown on the page");
}

#[actix_web::test]
async fn nothing_runnable_finds_nothing_with_offsets_never_500() {
    // A query with nothing to run is answered, as the document promises every `q`: an
    // empty list whose warnings locate each ignored piece (issue 27, item 13).
    let (status, v) = json("/api/search?q=colour:red%20)").await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["object"], "list");
    assert_eq!(v["data"].as_array().unwrap().len(), 0, "{v}");
    let offsets: Vec<_> = v["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["offset"].as_u64().unwrap())
        .collect();
    assert_eq!(offsets, [0, 11], "{v}");
    let (status, html) = get("/search?q=colour:red").await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("at offset 0"), "{html}");
    // Empty query: the form on the page, 400 on the API.
    let (status, html) = get("/search?q=").await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("<form class=\"search\""));
    let (status, v) = json("/api/search?q=").await;
    assert_eq!(status, StatusCode::OK);
    assert!(v["warnings"][0]["message"]
        .as_str()
        .unwrap()
        .contains("nothing to search for"));
    let (status, _) = json("/api/search").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    // Malformed parameters.
    let (status, v) = json("/api/search?q=fury&page=abc").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
    let (status, _) = json("/api/search?q=fury&page=99999").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    for q in [
        "%22",
        "(((",
        "-",
        "OR",
        "a:b:c",
        "%FF",
        "attack%3E%3D",
        "%00",
    ] {
        let (status, _) = get(&format!("/api/search?q={q}")).await;
        assert!(
            status.is_success() || status.is_client_error(),
            "{q}: {status}"
        );
    }
    let long = "a%20".repeat(3000);
    let (status, _) = get(&format!("/api/search?q={long}")).await;
    assert!(status.is_success() || status.is_client_error());
}

#[actix_web::test]
async fn hostile_text_is_escaped_in_results() {
    let mut data = catalogue::validate(&common::bundled()).unwrap();
    data.cards.push(Card {
        game: "battleline".into(),
        name: "Evil <script>alert(\"n\")</script> Imp".into(),
        card_type: "creature".into(),
        faction: None,
        value: None,
        abilities: Box::default(),
        traits: Box::default(),
        text: "Hexes <script>alert(1)</script> & \"quotes\" 'apos' hexes".into(),
        attributes: Box::default(),
        text_abilities: Box::default(),
    });
    let state = common::state_for(Arc::new(Catalogue::from_data(data, "hostile".into())));
    let (status, html) = get_with(state.clone(), "/search?q=hexes", None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(!html.contains("<script>"), "{html}");
    assert!(html.contains("&lt;script&gt;"));
    assert!(html.contains("<mark>Hexes</mark>"));
    let (_, body) = get_with(state.clone(), "/api/search?q=hexes", None).await;
    let v: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(
        v["data"][0]["snippet"],
        "Hexes <script>alert(1)</script> & \"quotes\" 'apos' hexes"
    );
    assert!(!v["data"][0]["snippet_html"]
        .as_str()
        .unwrap()
        .contains("<script>"));
    // A query echoed back is escaped too.
    let (_, html) = get_with(state, "/search?q=%3Cscript%3Ehexes", None).await;
    assert!(
        !html.contains("<script>hexes"),
        "the query is escaped in the form"
    );
}

#[actix_web::test]
async fn help_page_and_openapi() {
    let (status, html) = get("/help/search").await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("Search syntax"));
    assert!(
        html.contains("<code>attack</code>"),
        "numeric attributes are listed"
    );
    let (_, v) = json("/help/search.json").await;
    assert!(v["fields"]
        .as_array()
        .unwrap()
        .iter()
        .any(|f| f == "keyword"));
    let (status, v) = json("/api/openapi.json").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(v["openapi"], "3.1.0");
    for path in [
        "/api/search",
        "/keyword/{game}/{name}.json",
        "/card/{game}/{name}.json",
        "/rules/{game}/{section}.json",
    ] {
        assert!(v["paths"][path].is_object(), "{path}");
    }
    let (status, body) = get("/ping").await;
    assert_eq!((status, body.as_str()), (StatusCode::OK, "pong"));
}

#[actix_web::test]
async fn home_has_a_search_box_and_examples() {
    let (_, html) = get("/").await;
    assert!(html.contains("<form class=\"search\""));
    assert!(html.contains("href=\"/search?q=brekthrough\""));
}

#[actix_web::test]
async fn cached_and_uncached_answers_are_identical() {
    let base = common::bundled_state();
    let uncached = AppState::with_search_cache(base.catalogue.clone(), base.search.clone(), 0)
        .with_rulings(base.rulings.clone());
    for uri in [
        "/api/search?q=fury",
        "/api/search?q=fury",
        "/search.json?q=game:karth&page=2",
        "/api/search?q=fury&per_page=3",
    ] {
        let (s1, a) = get_with(base.clone(), uri, None).await;
        let (s2, b) = get_with(base.clone(), uri, None).await;
        let (s3, c) = get_with(uncached.clone(), uri, None).await;
        assert_eq!(
            (s1, s2, s3),
            (StatusCode::OK, StatusCode::OK, StatusCode::OK),
            "{uri}"
        );
        assert_eq!(a, b, "{uri}: a cached answer equals the first");
        assert_eq!(a, c, "{uri}: the cache changes nothing");
    }
    // Page and page size are part of the key.
    let (_, p1) = get("/api/search?q=game:karth&per_page=5").await;
    let (_, p2) = get("/api/search?q=game:karth&per_page=5&page=2").await;
    assert_ne!(p1, p2);
}

/// Each result's game as the page shows it, under the game heading it sits below.
fn results_under_headings(html: &str) -> Vec<(String, String)> {
    let list = html
        .split_once("<ol class=\"results")
        .map(|(_, rest)| rest.split("</ol>").next().unwrap_or(""))
        .unwrap_or("");
    let mut heading = String::new();
    let mut out = Vec::new();
    for li in list.split("<li class=\"").skip(1) {
        if li.starts_with("group-heading") {
            heading = between(li, "<h2>", "</h2>").to_string();
        } else {
            out.push((
                heading.clone(),
                between(li, "<span class=\"game\">", "</span>").to_string(),
            ));
        }
    }
    out
}

fn between<'a>(s: &'a str, open: &str, close: &str) -> &'a str {
    s.split_once(open)
        .and_then(|(_, rest)| rest.split_once(close))
        .map_or("", |(inside, _)| inside)
}

// Issue #15, players 3: for `fury` a battle-line card and keyword sat under the heading
// "Star Wars Trading Card Game" (only exact matches were grouped; the rest fell under the
// last exact match's heading).
#[actix_web::test]
async fn grouped_results_sit_under_their_own_games_heading() {
    for q in ["fury", "armor", "how%20does%20armor%20work"] {
        let (status, html) = get(&format!("/search?q={q}")).await;
        assert_eq!(status, StatusCode::OK);
        let shown = results_under_headings(&html);
        assert!(shown.len() > 2, "{q}: {shown:?}");
        assert!(html.contains("class=\"group-heading\""), "{q} is grouped");
        for (heading, game) in &shown {
            assert_eq!(
                heading, game,
                "{q}: a {game} result under {heading}: {shown:?}"
            );
        }
        // One heading per game: its results are together.
        let mut games: Vec<&String> = shown.iter().map(|(h, _)| h).collect();
        games.dedup();
        let mut unique = games.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(games.len(), unique.len(), "{q}: {shown:?}");
    }
}

// Issue #15, players 1: no dead ends.
#[actix_web::test]
async fn a_search_that_finds_nothing_offers_names_and_the_syntax_help() {
    let (status, v) = json("/search.json?q=first%20strike").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(v["total"], 0, "{v}");
    assert_eq!(v["help_url"], "/help/search");
    let suggestions = v["suggestions"].as_array().expect("suggestions");
    assert!(!suggestions.is_empty(), "{v}");
    for s in suggestions {
        assert!(s["url"].as_str().is_some_and(|u| u.starts_with('/')), "{s}");
        assert!(
            ["keyword", "card"].contains(&s["kind"].as_str().unwrap_or("")),
            "{s}"
        );
    }
    let (status, html) = get("/search?q=first%20strike").await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("No results for"), "{html}");
    assert!(html.contains("Did you mean"), "{html}");
    assert!(html.contains("href=\"/help/search\""), "{html}");
    // Nonsense: no names to offer, still the help and the examples of what works.
    let (status, html) = get("/search?q=qxzvvq").await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("class=\"syntax-help\""), "{html}");
    assert!(!html.contains("Did you mean"), "{html}");
}

// Issue #15, players 1 and 2.
#[actix_web::test]
async fn questions_typos_and_corrections_say_what_was_searched() {
    let (_, v) = json("/search.json?q=how%20does%20armor%20work").await;
    assert_eq!(v["read_as"]["q"], "armor", "{v}");
    assert_eq!(v["read_as"]["why"], "question");
    assert_eq!(v["read_as"]["typed"], "how does armor work");
    assert_eq!(
        v["read_as"]["literal_url"],
        "/search?q=%22how%20does%20armor%20work%22"
    );
    assert!(
        v["data"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r["url"] == "/keyword/battleline/Armor"),
        "{v}"
    );
    let (_, v) = json("/search.json?q=brekthrough").await;
    assert_eq!(v["read_as"]["q"], "Breakthrough", "{v}");
    assert_eq!(v["read_as"]["why"], "typo");
    let literal = v["read_as"]["literal_url"].as_str().unwrap().to_string();
    assert_eq!(literal, "/search?q=%22brekthrough%22");
    // The literal text finds nothing, and then offers the name.
    let (_, v) = json(&arbiter::web::links::json(&literal)).await;
    assert_eq!(v["total"], 0, "{v}");
    assert!(v.get("read_as").is_none(), "{v}");
    assert!(
        v["suggestions"]
            .as_array()
            .unwrap()
            .iter()
            .any(|s| s["name"] == "Breakthrough"),
        "{v}"
    );
    let (_, v) = json("/search.json?q=break%20through").await;
    assert_eq!(v["read_as"]["q"], "Breakthrough", "{v}");
    assert_eq!(v["read_as"]["why"], "correction");
    let (_, html) = get("/search?q=break%20through").await;
    assert!(
        html.contains("Showing results for <strong class=\"searched\">Breakthrough</strong>"),
        "{html}"
    );
    assert!(
        html.contains("href=\"/search?q=%22break%20through%22\""),
        "{html}"
    );
    // What was typed, found as typed: no notice.
    for q in ["fury", "elude", "breakth", "game%3Akarth%20type%3Aitem"] {
        let (_, v) = json(&format!("/search.json?q={q}")).await;
        assert!(v.get("read_as").is_none(), "{q}: {v}");
        assert!(v["total"].as_u64().unwrap() > 0, "{q}");
    }
}

// Issue #15, players 4.
#[actix_web::test]
async fn card_hits_show_the_filtered_values_and_the_keyword_named() {
    let (_, v) = json("/search.json?q=game%3Akarth%20type%3Aitem%20value%3C%3D2").await;
    let data = v["data"].as_array().unwrap();
    assert!(!data.is_empty());
    for r in data {
        let shown = &r["filtered"][0];
        assert_eq!(shown["field"], "value", "{r}");
        let n: i64 = shown["value"].as_str().unwrap().parse().unwrap();
        assert!(n <= 2, "{r}");
    }
    let (_, v) = json("/search.json?q=keyword%3Aelude").await;
    // The card hits (a ruling about Elude is a hit too, and names no card keywords).
    let cards: Vec<&Value> = v["data"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["kind"] == "card")
        .collect();
    assert!(!cards.is_empty(), "{v}");
    for r in cards {
        let marked: Vec<&str> = r["keywords"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|k| k["matched"] == true)
            .map(|k| k["label"].as_str().unwrap())
            .collect();
        assert_eq!(marked, ["Precision"], "{r}");
    }
    let (_, html) = get("/search?q=keyword%3Aarmor%20attack%3E%3D3").await;
    assert!(
        html.contains("<mark><a href=\"/keyword/battleline/Armor\">Armor 1</a></mark>"),
        "{html}"
    );
    assert!(
        html.contains("<span class=\"field\">attack</span> 3"),
        "{html}"
    );
}

#[actix_web::test]
async fn result_pages_are_numbered() {
    let (_, html) = get("/search?q=kind%3Acard&per_page=5&page=3").await;
    assert!(html.contains("aria-current=\"page\">3</span>"), "{html}");
    for n in [1, 2, 4, 5] {
        assert!(
            html.contains(&format!("per_page=5\">{n}</a>")),
            "page {n}: {html}"
        );
    }
}

/// The URLs of a JSON answer's results, or of its suggestions.
fn urls(v: &Value, key: &str) -> Vec<String> {
    v[key]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|r| r["url"].as_str())
                .map(String::from)
                .collect()
        })
        .unwrap_or_default()
}

// Issue 31, searching: "Zero-result suggestions ignore the query's filters:
// `game:arcane type:creature` offers battle-line and KeyForge entries."
#[actix_web::test]
async fn suggestions_keep_to_the_games_and_kinds_the_query_names() {
    let (_, v) = json("/search.json?q=game%3Aarcane%20type%3Acreature").await;
    assert_eq!(v["total"], 0, "{v}");
    let suggestions = v["suggestions"].as_array().expect("suggestions");
    assert!(suggestions.iter().all(|s| s["game"] == "arcane"), "{v}");
    // Arcane Legions has no creatures: its card types are offered instead.
    assert_eq!(suggestions[0]["name"], "type:unit", "{v}");
    assert_eq!(suggestions[0]["kind"], "type", "{v}");
    assert_eq!(
        suggestions[0]["url"], "/search?q=game%3Aarcane%20type%3Aunit",
        "{v}"
    );
    let (_, html) = get("/search?q=game%3Aarcane%20type%3Acreature").await;
    let offered = between(&html, "class=\"no-results\"", "</section>");
    assert!(offered.contains("Did you mean"), "{html}");
    assert!(offered.contains("Arcane Legions"), "{offered}");
    assert!(
        !offered.contains("KeyForge") && !offered.contains("Battle-line"),
        "{offered}"
    );
    // The same words without the filter do offer other games' entries, and a filter
    // keeps them to its game: KeyForge's creature cards, never another game's.
    let (_, v) = json("/search.json?q=type%3Acreatur").await;
    assert!(
        v["suggestions"]
            .as_array()
            .is_some_and(|s| s.iter().any(|s| s["game"] != "keyforge")),
        "{v}"
    );
    let (_, v) = json("/search.json?q=game%3Akeyforge%20type%3Acreatur").await;
    let suggestions = v["suggestions"].as_array().expect("suggestions");
    assert!(!suggestions.is_empty(), "{v}");
    assert!(suggestions.iter().all(|s| s["game"] == "keyforge"), "{v}");
    // An exclusion and a kind are kept to as well.
    let (_, v) = json("/search.json?q=-game%3Akeyforge%20kind%3Akeyword%20type%3Acreatur").await;
    for s in v["suggestions"].as_array().into_iter().flatten() {
        assert_ne!(s["game"], "keyforge", "{s}");
        assert_eq!(s["kind"], "keyword", "{s}");
    }
}

// Issue 31, searching: "`mercenary` lists nine rules and none of the four mercenary
// cards".
#[actix_web::test]
async fn a_card_type_finds_its_cards() {
    let (_, v) = json("/search.json?q=mercenary&per_page=50").await;
    let found = urls(&v, "data");
    for card in [
        "/card/karth/Hired%20Sellsword",
        "/card/karth/Wandering%20Bowman",
        "/card/karth/Blackmarket%20Fence",
        "/card/karth/Gravel%20Pit%20Brute",
    ] {
        assert!(found.iter().any(|u| u == card), "{card} in {found:#?}");
    }
    assert!(
        found.iter().any(|u| u.starts_with("/rules/karth/5.3")),
        "{found:#?}"
    );
    // The plural too.
    let (_, v) = json("/search.json?q=mercenaries&per_page=50").await;
    assert!(
        urls(&v, "data").contains(&"/card/karth/Hired%20Sellsword".to_string()),
        "{v}"
    );
    // Quoted, a word is only its text.
    let (_, v) = json("/search.json?q=%22mercenary%22&per_page=50").await;
    assert!(
        !urls(&v, "data").iter().any(|u| u.starts_with("/card/")),
        "{v}"
    );
}

// Issue 31, searching: "`parry evade` answers Parry only and says \"nothing matched what
// you typed\"".
#[actix_web::test]
async fn several_names_answer_each_of_them() {
    let (_, v) = json("/search.json?q=parry%20evade").await;
    let found = urls(&v, "data");
    for keyword in ["/keyword/swtcg/Parry", "/keyword/swtcg/Evade"] {
        assert!(
            found.iter().any(|u| u == keyword),
            "{keyword} in {found:#?}"
        );
    }
    assert_eq!(v["read_as"]["why"], "names", "{v}");
    assert_eq!(v["read_as"]["q"], "parry OR evade", "{v}");
    assert_eq!(
        v["read_as"]["literal_url"],
        "/search?q=%22parry%22%20%22evade%22"
    );
    // The rulings about both are still found.
    assert!(
        found.iter().any(|u| u.starts_with("/rulings/")),
        "{found:#?}"
    );
    let (_, html) = get("/search?q=parry%20evade").await;
    assert!(!html.contains("nothing matched what you typed"), "{html}");
    assert!(
        html.contains("each word you typed is a name of its own"),
        "{html}"
    );
    // One name of two words, or words that are not all names: read as typed.
    for q in ["first%20strike", "critical%20hit", "fury%20damage"] {
        let (_, v) = json(&format!("/search.json?q={q}")).await;
        assert_ne!(v["read_as"]["why"], "names", "{q}: {v}");
    }
    // A name of two words among them.
    let (_, v) = json("/search.json?q=critical%20hit%20evade").await;
    assert_eq!(v["read_as"]["q"], "\"critical hit\" OR evade", "{v}");
}

// Issue 31, searching: "Facets show slugs (`swtcg`, `battleline`); the game is spelt
// three ways across pages."
#[actix_web::test]
async fn every_page_spells_a_game_as_the_registry_does() {
    let cat = common::bundled_catalogue();
    for g in arbiter::games::GameId::ALL {
        assert_eq!(
            cat.game(g.slug()).map(|c| c.name.as_str()),
            Some(g.name()),
            "data/games.csv names {} as the game registry does",
            g.slug()
        );
    }
    let (_, html) = get("/search?q=fury").await;
    let facets = between(&html, "data-facet=\"game\"", "</section>");
    for g in [
        arbiter::games::GameId::Battleline,
        arbiter::games::GameId::Swtcg,
    ] {
        assert!(
            facets.contains(&format!("data-value=\"{}\">{}</a>", g.slug(), g.name())),
            "{facets}"
        );
    }
    let (_, v) = json("/search.json?q=fury").await;
    for r in v["data"].as_array().unwrap() {
        let g = arbiter::games::GameId::from_slug(r["game"].as_str().unwrap()).unwrap();
        assert_eq!(r["game_name"], g.name(), "{r}");
    }
}
