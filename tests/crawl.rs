//! Walks the site: starting at `/`, follows every internal link (breadth first, up to a
//! bound) and asserts each page answers 200 as HTML and that its JSON twin answers 200 with
//! valid JSON. A broken link anywhere on a page a user can reach fails here.

mod common;

use actix_web::{http::StatusCode, test, App};
use arbiter::web::{configure, links};
use std::collections::{BTreeSet, VecDeque};

/// Pages visited at most (the bundled site has a few hundred).
const MAX_PAGES: usize = 1500;

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
    let app = test::init_service(App::new().configure(configure(common::bundled_state()))).await;
    let mut queue = VecDeque::from(["/".to_string()]);
    let mut seen = BTreeSet::from(["/".to_string()]);
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
            if seen.insert(href.clone()) {
                queue.push_back(href);
            }
        }
    }
    for must in [
        "/search?q=fury",
        "/help/search",
        "/rules/karth",
        "/keyword/battleline/Fury",
        "/card/battleline/Frowny%20the%20Snowman",
    ] {
        assert!(seen.contains(must), "{must} is reachable from /");
    }
    eprintln!("crawled {visited} pages");
}
