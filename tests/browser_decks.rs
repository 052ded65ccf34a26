//! Browser end-to-end test of deck validation: paste a list that breaks 3.1 into the
//! `/decks` textarea, submit, see the violation, follow its rule link to the rule page,
//! in headless Chromium against an in-process server on 127.0.0.1.
//!
//! The server, launch and skip harness is `tests/common/browser.rs`. Runs when
//! `/usr/bin/chromium` exists; without it the test prints a notice and passes, unless
//! `REQUIRE_BROWSER=1`, which makes a missing Chromium a failure.

use crate::common;

use common::browser::{self, heading, main_text, text, wait_for_url, Chromium, TestServer};

// rule 3.1 (karth-deck-building.md): "A deck's total gold value is at most 100."
#[test]
fn paste_a_list_see_the_violation_follow_the_rule_link() {
    let Some(chromium) = Chromium::launch() else {
        return;
    };
    let list = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/decks/rules/3.1_gold.txt"
    ))
    .expect("the 3.1 fixture");

    let server = TestServer::start(common::bundled_state());
    let base = server.base();
    let tab = chromium.tab();

    // 1. The form: paste the list into the textarea (as a paste would), submit.
    browser::open(&tab, &format!("{base}/decks"));
    assert!(heading(&tab).contains("Check a Heroes of Karth deck"));
    tab.wait_for_element("textarea#list").expect("the textarea");
    let js = format!(
        "document.getElementById('list').value = {}; true",
        serde_json::to_string(&list).expect("a JSON string")
    );
    tab.evaluate(&js, false).expect("paste the list");
    tab.wait_for_element("button#check")
        .expect("the Check button")
        .click()
        .expect("click Check");

    // 2. The verdict: illegal, with the 3.1 violation.
    let violation = tab
        .wait_for_element("ul.violations li.error")
        .expect("a violation");
    let shown = text(&violation);
    assert!(shown.contains("103 / 100 gold"), "the violation: {shown}");
    let main = main_text(&tab);
    assert!(main.contains("illegal"), "{main}");
    assert!(main.contains("Keyword sheet"), "{main}");

    // 3. Its rule link leads to the rule's text.
    let link = tab
        .wait_for_element(r#"ul.violations a.rule[href="/rules/karth/3.1"]"#)
        .expect("the link on 3.1");
    assert_eq!(text(&link), "3.1");
    link.click().expect("click 3.1");
    wait_for_url(&tab, "the rules page of 3.1", |u| {
        u == format!("{base}/rules/karth/3.1")
    });
    let main = main_text(&tab);
    assert!(
        main.contains("A deck's total gold value is at most 100."),
        "the rule page quotes 3.1: {main}"
    );

    drop(tab);
    drop(chromium);
    server.stop();
}

// Issue #15, organisers 1-2: several decks pasted at once start with a summary, the
// verdicts download as CSV from the page, and print one deck per page without the form.
#[test]
fn several_decks_summary_csv_download_and_print_view() {
    let Some(chromium) = Chromium::launch() else {
        return;
    };
    let fixture = |name: &str| {
        std::fs::read_to_string(format!(
            "{}/tests/fixtures/decks/{name}",
            env!("CARGO_MANIFEST_DIR")
        ))
        .expect("a deck fixture")
    };
    let list = format!(
        "{}---\n{}---\n{}",
        fixture("legal_obsidian-covenant.txt"),
        fixture("rules/3.1_gold.txt"),
        fixture("rules/5.1.2_same_hero.txt"),
    );
    let server = TestServer::start(common::bundled_state());
    let base = server.base();
    let tab = chromium.tab();
    browser::open(&tab, &format!("{base}/decks"));
    browser::full_screenshot(&tab, "decks-form-desktop.png");
    let js = format!(
        "document.getElementById('list').value = {}; true",
        serde_json::to_string(&list).expect("a JSON string")
    );
    tab.evaluate(&js, false).expect("paste the lists");
    tab.wait_for_element("button#check")
        .expect("the Check button")
        .click()
        .expect("click Check");

    // 1. The summary: counts, one link per deck.
    let summary = text(
        &tab.wait_for_element("section.deck-summary h2")
            .expect("the summary"),
    );
    assert_eq!(summary, "3 decks: 1 legal, 2 illegal");
    let links = browser::texts(&tab, "ol.deck-index li a");
    assert_eq!(links.len(), 3, "{links:?}");
    // The legal deck is collapsed; the illegal ones are open.
    let open: Vec<bool> = browser::eval_json(
        &tab,
        "Array.from(document.querySelectorAll('section.verdict > details'), d => d.open)",
    );
    assert_eq!(open, [false, true, true]);
    // The decision is a link to its text, which the site serves.
    let decision = tab
        .wait_for_element(r#"p.decision a[href="/docs/decks#d2"]"#)
        .expect("the link on decision D2");
    assert_eq!(text(&decision), "decision D2");
    browser::full_screenshot(&tab, "decks-verdicts-desktop.png");

    // 2. The CSV download: what the page's form posts, fetched as the browser would.
    let csv = tab
        .evaluate(
            "(async () => { const form = document.querySelector('form.download'); \
               const r = await fetch(form.action, {method: 'POST', \
                 body: new URLSearchParams(new FormData(form))}); \
               return r.headers.get('content-type') + '\\n' + await r.text(); })()",
            true,
        )
        .expect("fetch the CSV")
        .value
        .and_then(|v| v.as_str().map(String::from))
        .expect("the CSV text");
    let mut lines = csv.lines();
    assert_eq!(lines.next(), Some("text/csv; charset=utf-8"));
    assert_eq!(
        lines.next(),
        Some("deck,player,file,line,severity,rule,message,actual,allowed,hint")
    );
    let rows: Vec<&str> = lines.collect();
    assert!(rows.iter().any(|r| r.contains(",3.1,")), "{csv}");
    assert!(
        rows.iter().all(|r| !r.starts_with("Deck 1")),
        "the legal deck has no row: {csv}"
    );
    tab.wait_for_element("button#download-csv")
        .expect("the download button");
    tab.wait_for_element("button#print:not([hidden])")
        .expect("the print button, shown by the page's script");

    // 3. The print view: no navigation, form or buttons; each verdict on its own page.
    browser::media(&tab, "print", "light");
    let printed: (String, String, String, Vec<String>) = browser::eval_json(
        &tab,
        "[getComputedStyle(document.querySelector('nav.site')).display, \
          getComputedStyle(document.querySelector('form.decks')).display, \
          getComputedStyle(document.querySelector('.export')).display, \
          Array.from(document.querySelectorAll('section.verdict'), s => getComputedStyle(s).breakBefore)]",
    );
    assert_eq!(
        (printed.0.as_str(), printed.1.as_str(), printed.2.as_str()),
        ("none", "none", "none")
    );
    assert_eq!(printed.3, ["page", "page", "page"]);
    browser::full_screenshot(&tab, "decks-print-preview.png");
    browser::media(&tab, "screen", "light");

    // 4. On a phone: no sideways scrolling, in either scheme.
    browser::viewport(&tab, Some(browser::PHONE));
    browser::assert_no_horizontal_scroll(&tab, "/decks with verdicts");
    browser::full_screenshot(&tab, "decks-verdicts-phone.png");
    browser::media(&tab, "screen", "dark");
    browser::assert_no_horizontal_scroll(&tab, "/decks with verdicts, dark");
    browser::full_screenshot(&tab, "decks-verdicts-dark-phone.png");

    drop(tab);
    drop(chromium);
    server.stop();
}
