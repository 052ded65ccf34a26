//! Walks the site: starting at `/`, follows every internal link (breadth first, up to a
//! bound) and asserts each page answers 200 as HTML and that its JSON twin answers 200 with
//! valid JSON. A broken link anywhere on a page a user can reach fails here.

use crate::common;

use actix_web::{http::StatusCode, test, App};
use arbiter::web::{configure, links};
use std::collections::{BTreeSet, VecDeque};

/// Pages visited at most (the bundled site has about 5,300 with its sortable card lists,
/// numbered result pages, literal-search links, and a judge's publish form, signed out a
/// sign-in page, on every step page).
const MAX_PAGES: usize = 6000;

fn hrefs(html: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = html;
    while let Some(i) = rest.find("href=\"") {
        rest = &rest[i + 6..];
        let Some(end) = rest.find('"') else { break };
        let href = rest[..end].replace("&#38;", "&").replace("&amp;", "&");
        // A fragment names a place on the page, not another page.
        let href = href.split('#').next().unwrap_or("").to_string();
        if href.starts_with('/') && !href.starts_with("//") && !href.is_empty() {
            out.push(href);
        }
        rest = &rest[end..];
    }
    out
}

#[actix_web::test]
async fn every_reachable_page_and_its_json_twin_answer_200() {
    let seen = crawl(common::bundled_state(), "/", |_| true).await;
    for must in [
        "/search?q=fury",
        "/help/search",
        "/rules/karth",
        "/keyword/battleline/Fury",
        "/card/battleline/Frowny%20the%20Snowman",
        "/decks",
        "/adjudicate",
        "/adjudicate/rules",
        "/rulings",
        "/docs/rulings",
        "/docs/battleline",
        "/docs/swtcg",
        "/docs/keyforge",
        "/docs/arcane",
        "/docs/karth",
    ] {
        assert!(seen.contains(must), "{must} is reachable from /");
    }
}

/// A stored step-through: every step page, the download links, the builder reopened on
/// it, and each page's JSON twin. Rule links leave `/adjudicate` and are checked by the
/// crawl of the whole site.
#[actix_web::test]
async fn every_page_of_a_step_through_and_its_json_twin_answer_200() {
    let state = common::bundled_state();
    let position = serde_json::json!({
        "seed": 7, "turns": 2,
        "players": [
            {"name": "Alice", "line": [{"card": "Will-o'-the-Glade"}, {"card": "Moss Troll"}]},
            {"name": "Bob", "line": [{"card": "Hex Witch"}, {"card": "Surly Scarecrow"}]}
        ],
        "actions": [{"player": 1, "play": "Thornback Boar", "turn": 2}]
    });
    let app = test::init_service(App::new().configure(configure(state.clone()))).await;
    let body = format!(
        "json={}",
        percent_encoding::utf8_percent_encode(
            &position.to_string(),
            percent_encoding::NON_ALPHANUMERIC
        )
    );
    let resp = test::call_service(
        &app,
        test::TestRequest::post()
            .uri("/adjudicate")
            .insert_header(("Content-Type", "application/x-www-form-urlencoded"))
            .set_payload(body)
            .to_request(),
    )
    .await;
    assert_eq!(resp.status(), StatusCode::SEE_OTHER);
    let start = resp
        .headers()
        .get("location")
        .expect("a redirect")
        .to_str()
        .unwrap()
        .to_string();
    let seen = crawl(state, &start, |href| href.starts_with("/adjudicate")).await;
    let hash = start
        .trim_start_matches("/adjudicate/p/")
        .trim_end_matches("/0");
    for must in [
        format!("/adjudicate/p/{hash}/1"),
        format!("/adjudicate/p/{hash}.json"),
        format!("/adjudicate/p/{hash}/1/state.json"),
        format!("/adjudicate?from={hash}"),
        "/adjudicate/rules".to_string(),
    ] {
        assert!(seen.contains(&must), "{must} is reachable from {start}");
    }
}

/// The rulings pages (issue 28): from `/rulings`, every list, ruling page and feed, each
/// ruling's step through (every step of its position), and the keyword, card and rule
/// pages the rulings link to, each with its JSON twin.
#[actix_web::test]
async fn every_ruling_page_and_what_it_links_to_answer_200() {
    let state = crate::rulings_pages::state();
    let rulings = crate::rulings_pages::rulings();
    let mut targets = BTreeSet::new();
    for r in &rulings {
        targets.extend(r.keywords.iter().map(|k| links::keyword(&r.game, k)));
        targets.extend(r.cards.iter().map(|c| links::card(&r.game, c)));
        targets.extend(r.rules.iter().map(|s| links::rule(&r.game, s)));
    }
    let seen = crawl(state, "/rulings", |href| {
        href.starts_with("/rulings") || href.starts_with("/adjudicate/p/") || targets.contains(href)
    })
    .await;
    for r in &rulings {
        for must in [r.url(), r.step_url(), links::rulings_feed(Some(&r.game))] {
            assert!(seen.contains(&must), "{must} is reachable from /rulings");
        }
    }
    for must in targets.iter().map(String::as_str).chain(["/rulings.atom"]) {
        assert!(seen.contains(must), "{must} is reachable from /rulings");
    }
}

/// Visits `start` and every internal link `follow` accepts, breadth first; asserts each
/// answers 200, and each HTML page's JSON twin answers 200 with valid JSON. Answers the
/// URLs seen.
async fn crawl(
    state: arbiter::web::AppState,
    start: &str,
    follow: impl Fn(&str) -> bool,
) -> BTreeSet<String> {
    let app = test::init_service(App::new().configure(configure(state))).await;
    let mut queue = VecDeque::from([start.to_string()]);
    let mut seen = BTreeSet::from([start.to_string()]);
    let mut visited = 0;
    while let Some(url) = queue.pop_front() {
        visited += 1;
        assert!(
            visited <= MAX_PAGES,
            "more than {MAX_PAGES} pages: the crawl bound needs raising"
        );
        let resp = test::call_service(&app, test::TestRequest::get().uri(&url).to_request()).await;
        assert_eq!(resp.status(), StatusCode::OK, "{url}");
        let ctype = resp
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_string();
        let body = String::from_utf8(test::read_body(resp).await.to_vec()).unwrap();
        if !ctype.starts_with("text/html") {
            continue;
        }
        // The JSON twin of every HTML page.
        let twin = if url == "/" {
            "/index.json".to_string()
        } else {
            links::json(&url)
        };
        let resp = test::call_service(&app, test::TestRequest::get().uri(&twin).to_request()).await;
        assert_eq!(resp.status(), StatusCode::OK, "{twin} (twin of {url})");
        let json = test::read_body(resp).await;
        serde_json::from_slice::<serde_json::Value>(&json)
            .unwrap_or_else(|e| panic!("{twin}: {e}"));
        let on_search = url.starts_with("/search");
        for href in hrefs(&body) {
            // Pagination of a search can run long; one page of it is enough.
            if href.contains("page=") && !href.contains("page=2") {
                continue;
            }
            // Facets refine without end (a facet of a facet of …): one refinement deep.
            if on_search && url.contains("%20") && href.starts_with("/search") {
                continue;
            }
            if follow(&href) && seen.insert(href.clone()) {
                queue.push_back(href);
            }
        }
    }
    eprintln!("crawled {visited} pages from {start}");
    seen
}
