//! Browser end-to-end test: a user searches from the home page, narrows by a facet, opens a
//! keyword, follows its card and its rule reference, in headless Chromium against an
//! in-process server on 127.0.0.1.
//!
//! Runs when `/usr/bin/chromium` exists. Without it the test prints a notice and passes,
//! unless `REQUIRE_BROWSER=1` (set by CI), which makes a missing Chromium a failure.
//! Chromium is kept off the network: it only ever loads pages from the in-process server,
//! with a fresh temporary profile and background networking disabled. The harness is
//! `tests/common/browser.rs`.

use crate::common;

use common::browser::{
    self, eval_json, heading, main_text, text, texts, wait_for_url, Chromium, TestServer,
};
use headless_chrome::Tab;

#[test]
fn search_facet_keyword_card_and_rule_flow() {
    let Some(chromium) = Chromium::launch() else {
        return;
    };

    let battleline = game_name("battleline");
    let swtcg = game_name("swtcg");

    let server = TestServer::start(common::bundled_state());
    let base = server.base();
    let tab = chromium.tab();

    // 1. Home page: type into the search box and submit with Enter.
    tab.navigate_to(&format!("{base}/")).expect("open /");
    wait_for_url(&tab, "the home page", |u| u == format!("{base}/"));
    let games = texts(&tab, "table.games td strong");
    assert!(
        games.contains(&battleline) && games.contains(&swtcg),
        "the home page lists the games: {games:?}"
    );
    let input = tab
        .wait_for_element("form.search input[name=q]")
        .expect("the search box on the home page");
    input.type_into("fury").expect("type into the search box");
    tab.press_key("Enter").expect("press Enter");
    wait_for_url(&tab, "/search?q=fury", |u| {
        u == format!("{base}/search?q=fury")
    });
    tab.wait_for_element("ol.results li.result")
        .expect("search results");
    let results = shown_results(&tab);
    for (game, slug) in [(&battleline, "battleline"), (&swtcg, "swtcg")] {
        let fury = ShownResult {
            name: "Fury".into(),
            game: game.clone(),
            url: format!("/keyword/{slug}/Fury"),
        };
        assert!(
            results.contains(&fury),
            "the {game} keyword Fury is a result: {results:#?}"
        );
    }
    let marks = texts(&tab, "ol.results li.result p.snippet mark");
    assert!(
        marks.iter().any(|m| m.eq_ignore_ascii_case("fury")),
        "a snippet highlights the query term: {marks:?}"
    );

    // 2. Narrow by the `game` facet.
    let facet = tab
        .wait_for_elements(r#"aside.facets section[data-facet="game"] li a"#)
        .expect("the links of the game facet")
        .into_iter()
        .find(|a| {
            a.get_attribute_value("data-value")
                .ok()
                .flatten()
                .as_deref()
                == Some("swtcg")
        })
        .expect("the game facet has a link for swtcg");
    assert_eq!(
        text(&facet),
        arbiter::games::GameId::Swtcg.name(),
        "the facet names the game as the registry does"
    );
    facet.click().expect("click the swtcg facet");
    wait_for_url(&tab, "the query narrowed to game:swtcg", |u| {
        u.contains("game%3Aswtcg") || u.contains("game:swtcg")
    });
    tab.wait_for_element("ol.results li.result")
        .expect("results narrowed to swtcg");
    let narrowed = shown_results(&tab);
    assert!(!narrowed.is_empty(), "the narrowed search finds something");
    assert!(
        narrowed.iter().all(|r| r.game == swtcg),
        "every result is from {swtcg}: {narrowed:#?}"
    );
    assert!(
        narrowed.iter().any(|r| r.url == "/keyword/swtcg/Fury"),
        "the narrowed results keep {swtcg}'s Fury: {narrowed:#?}"
    );

    // 3. Search again from the results page's box and open the keyword.
    let input = tab
        .wait_for_element("form.search input[name=q]")
        .expect("the search box on the results page");
    input
        .call_js_fn("function() { this.value = ''; }", vec![], false)
        .expect("clear the search box");
    // Focus by clicking, then insert the text in one go (typing key by key costs a round
    // trip per key; step 1 already types with real key events).
    input.click().expect("focus the search box");
    tab.send_character("carrot seeker")
        .expect("type into the search box");
    tab.press_key("Enter").expect("press Enter");
    wait_for_url(&tab, "/search?q=carrot+seeker", |u| {
        u == format!("{base}/search?q=carrot+seeker")
            || u == format!("{base}/search?q=carrot%20seeker")
    });
    let keyword_url = format!("{base}/keyword/battleline/Carrot%20Seeker");
    let link = tab
        .wait_for_element(
            r#"ol.results li.result a.name[href="/keyword/battleline/Carrot%20Seeker"]"#,
        )
        .expect("the Carrot Seeker keyword among the results");
    assert_eq!(text(&link), "Carrot Seeker");
    link.click().expect("click the Carrot Seeker result");
    wait_for_url(&tab, "the Carrot Seeker keyword page", |u| u == keyword_url);
    assert_eq!(heading(&tab), "Carrot Seeker");
    let main = main_text(&tab);
    assert!(
        main.contains("regardless of whether it is the first creature on the Battle Line"),
        "the keyword page quotes the rule text: {main}"
    );

    // 4. A card with the keyword, then back.
    let card = tab
        .wait_for_element(r#"ul.cards a[href="/card/battleline/Enchanted%20Bunny"]"#)
        .expect("Enchanted Bunny among the cards with Carrot Seeker");
    card.click().expect("click Enchanted Bunny");
    wait_for_url(&tab, "the Enchanted Bunny card page", |u| {
        u == format!("{base}/card/battleline/Enchanted%20Bunny")
    });
    assert_eq!(heading(&tab), "Enchanted Bunny");
    let main = main_text(&tab);
    assert!(
        main.contains("Carrot Seeker"),
        "the card page lists its keyword: {main}"
    );
    tab.evaluate("history.back()", false).expect("go back");
    wait_for_url(&tab, "the keyword page again", |u| u == keyword_url);
    assert_eq!(heading(&tab), "Carrot Seeker");

    // 5. The section the keyword text refers to.
    let reference = tab
        .wait_for_element(r#"blockquote.source-text a[href="/rules/battleline/4.2"]"#)
        .expect("the link on `4.2` in the keyword text");
    assert_eq!(text(&reference), "4.2");
    reference.click().expect("click the 4.2 reference");
    wait_for_url(&tab, "the rules page of 4.2", |u| {
        u == format!("{base}/rules/battleline/4.2")
    });
    let h1 = heading(&tab);
    assert!(h1.contains("Special Rules"), "the rule's title: {h1:?}");
    tab.wait_for_element("ul.keywords li a")
        .expect("the keywords under 4.2");
    let keywords = texts(&tab, "ul.keywords li a");
    assert!(
        keywords.iter().any(|k| k == "The Omega Rabbit"),
        "4.2 lists The Omega Rabbit: {keywords:?}"
    );

    // 6. A screenshot of the last page.
    browser::screenshot(&tab, "search-flow.png");

    drop(tab);
    drop(chromium);
    server.stop();
}

// Issue #15: no dead ends (players 1), the pages on a phone (no sideways scrolling at
// 390 px) and in the dark scheme, with desktop and phone screenshots as artifacts.
#[test]
fn no_dead_ends_phone_widths_and_the_dark_scheme() {
    let Some(chromium) = Chromium::launch() else {
        return;
    };
    let server = TestServer::start(common::bundled_state());
    let base = server.base();
    let tab = chromium.tab();

    // 1. A search that finds nothing offers names and the syntax help; a suggestion leads
    //    to its page.
    browser::open(&tab, &format!("{base}/search?q=first%20strike"));
    assert!(
        heading(&tab).contains("No results for"),
        "{}",
        heading(&tab)
    );
    let offered = texts(&tab, "ul.suggestions li a");
    assert!(!offered.is_empty(), "suggestions are offered");
    tab.wait_for_element("section.no-results a.syntax-help[href=\"/help/search\"]")
        .expect("a link to the syntax help");
    browser::full_screenshot(&tab, "search-no-results-desktop.png");
    let first = tab
        .wait_for_element("ul.suggestions li a")
        .expect("the first suggestion");
    let href = first
        .get_attribute_value("href")
        .ok()
        .flatten()
        .unwrap_or_default();
    first.click().expect("click the first suggestion");
    wait_for_url(&tab, "the suggested page", |u| u.ends_with(&href));
    assert_eq!(heading(&tab), offered[0], "the suggestion's page");

    // 2. A plain question reads for its content words, and says so.
    browser::open(&tab, &format!("{base}/search?q=how%20does%20armor%20work"));
    let note = text(&tab.wait_for_element("div.read-as").expect("the reading"));
    assert!(note.contains("Showing results for armor"), "{note}");
    assert!(
        shown_results(&tab).iter().any(|r| r.name == "Armor"),
        "the Armor keyword is found"
    );

    // 3. Every page fits a 390 px phone: no sideways scrolling. Screenshots of each, phone
    //    and desktop.
    let pages = [
        ("home", "/".to_string()),
        ("search", "/search?q=fury".to_string()),
        (
            "search-filtered",
            "/search?q=keyword%3Aarmor%20attack%3E%3D3".to_string(),
        ),
        ("search-no-results", "/search?q=first%20strike".to_string()),
        ("keyword", "/keyword/swtcg/Fury".to_string()),
        (
            "card",
            "/card/keyforge/Horseman%20of%20Pestilence".to_string(),
        ),
        ("rules", "/rules/karth".to_string()),
        ("cards", "/cards/karth?sort=value&order=desc".to_string()),
        ("decks", "/decks".to_string()),
        ("docs", "/docs/decks".to_string()),
        ("error", "/keyword/battleline/Armr".to_string()),
    ];
    for (name, path) in &pages {
        browser::open(&tab, &format!("{base}{path}"));
        browser::full_screenshot(&tab, &format!("{name}-desktop.png"));
    }
    browser::viewport(&tab, Some(browser::PHONE));
    for (name, path) in &pages {
        browser::open(&tab, &format!("{base}{path}"));
        browser::assert_no_horizontal_scroll(&tab, path);
        browser::full_screenshot(&tab, &format!("{name}-phone.png"));
    }

    // 4. The dark scheme follows the system: dark background, light text, on the phone
    //    and the desktop.
    browser::media(&tab, "screen", "dark");
    for (name, path) in [("home", "/"), ("search", "/search?q=fury")] {
        browser::open(&tab, &format!("{base}{path}"));
        let (bg, ink) = browser::body_colours(&tab);
        assert!(
            browser::luminance(bg) < 0.2 && browser::luminance(ink) > 0.7,
            "{path} in the dark scheme: background {bg:?}, text {ink:?}"
        );
        browser::assert_no_horizontal_scroll(&tab, path);
        browser::full_screenshot(&tab, &format!("{name}-dark-phone.png"));
    }
    browser::viewport(&tab, None);
    browser::open(&tab, &format!("{base}/search?q=fury"));
    browser::full_screenshot(&tab, "search-dark-desktop.png");
    browser::media(&tab, "screen", "light");
    browser::open(&tab, &format!("{base}/"));
    let (bg, ink) = browser::body_colours(&tab);
    assert!(
        browser::luminance(bg) > 0.9 && browser::luminance(ink) < 0.3,
        "the light scheme: background {bg:?}, text {ink:?}"
    );
    // The site's icon is served.
    let icon: String = eval_json(
        &tab,
        "document.querySelector('link[rel=icon]').getAttribute('href')",
    );
    assert_eq!(icon, "/static/favicon.svg");

    drop(tab);
    drop(chromium);
    server.stop();
}

/// The display name of `slug` in `data/games.csv`.
fn game_name(slug: &str) -> String {
    let path = common::bundled().join("games.csv");
    let mut reader = csv::Reader::from_path(&path).expect("data/games.csv opens");
    let headers = reader.headers().expect("games.csv has a header").clone();
    let column = |name: &str| {
        headers
            .iter()
            .position(|h| h == name)
            .unwrap_or_else(|| panic!("games.csv has a `{name}` column"))
    };
    let (game, name) = (column("game"), column("name"));
    reader
        .records()
        .map(|r| r.expect("a games.csv record"))
        .find(|r| &r[game] == slug)
        .map(|r| r[name].to_string())
        .unwrap_or_else(|| panic!("games.csv lists `{slug}`"))
}

/// A search result as the page shows it.
#[derive(Debug, PartialEq, serde::Deserialize)]
struct ShownResult {
    name: String,
    game: String,
    /// The `href` of the result's link.
    url: String,
}

/// Every result shown on the page, read in one round trip.
fn shown_results(tab: &Tab) -> Vec<ShownResult> {
    eval_json(
        tab,
        "Array.from(document.querySelectorAll('ol.results li.result'), li => ({\
            name: li.querySelector('a.name')?.innerText.trim(), \
            game: li.querySelector('span.game')?.innerText.trim(), \
            url: li.querySelector('a.name')?.getAttribute('href')}))",
    )
}

/// The harness can restart the server against the same database (no Chromium needed).
#[test]
fn the_test_server_restarts_against_the_same_database() {
    let (_dir, db) = common::bundled_db();
    let mut server = TestServer::start_db(&db);
    let before = healthz(server.addr());
    server.restart(common::state_from_db(&db));
    let after = healthz(server.addr());
    for v in [&before, &after] {
        assert_eq!(v["status"], "ok", "{v}");
    }
    assert!(before["data_hash"].is_string(), "{before}");
    assert_eq!(
        before["data_hash"], after["data_hash"],
        "the restarted server serves the same catalogue"
    );
    server.stop();
}

/// `GET /healthz` over a plain socket.
fn healthz(addr: std::net::SocketAddr) -> serde_json::Value {
    use std::io::{Read, Write};
    let mut stream = std::net::TcpStream::connect(addr).expect("connect to the test server");
    stream
        .set_read_timeout(Some(browser::TIMEOUT))
        .expect("a read timeout");
    stream
        .write_all(b"GET /healthz HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n")
        .expect("send the request");
    let mut response = String::new();
    stream
        .read_to_string(&mut response)
        .expect("read the response");
    let (head, body) = response
        .split_once("\r\n\r\n")
        .unwrap_or_else(|| panic!("an HTTP response: {response:?}"));
    assert_eq!(head.split(' ').nth(1), Some("200"), "{head}");
    serde_json::from_str(body).unwrap_or_else(|e| panic!("{e}: {body}"))
}
