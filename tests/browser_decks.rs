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
