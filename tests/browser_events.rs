//! Tournament day in the browser (issue #32): upload the 64-player registrations (a CSV
//! and a zip), read the event page, print the registration sheets (print media, one per
//! page), read the seeded deck-check draw, and check a presented deck against its sheet;
//! screenshots at desktop and phone widths in `target/browser-artifacts/`.

use crate::common;
use crate::events::{cup_data, event_files, legal_text};
use common::browser::{self, text, Chromium, TestServer};

// issue #32 "Done when": "A browser test uploads the registrations, reads the event page,
// prints the sheets (print media, one per page) and draws deck checks; screenshots at both
// widths looked at."
#[test]
fn upload_an_event_read_it_print_the_sheets_and_draw_deck_checks() {
    let Some(chromium) = Chromium::launch() else {
        return;
    };
    let (dir, db) = cup_data();
    let (csv, zip, _) = event_files(dir.path());
    let server = TestServer::start_db(&db);
    let base = server.base();
    let tab = chromium.tab();
    browser::open(&tab, &format!("{base}/events"));
    browser::full_screenshot(&tab, "events-form-desktop.png");
    tab.wait_for_element("input#files")
        .expect("the file input")
        .set_input_files(&[csv.to_str().unwrap(), zip.to_str().unwrap()])
        .expect("choose the files");
    tab.evaluate(
        "document.getElementById('name').value = 'Spring Cup'; \
         document.getElementById('format').value = 'spring-cup'; \
         document.getElementById('date').value = '2026-03-14'; \
         document.getElementById('registered').value = '2026-02-20'; \
         document.getElementById('draw').value = '4'; \
         document.getElementById('rounds').value = '2'; \
         document.getElementById('seed').value = '2026'; true",
        false,
    )
    .expect("fill the form");
    tab.wait_for_element("button#check")
        .unwrap()
        .click()
        .unwrap();
    let heading = text(
        &tab.wait_for_element("h2#event-heading")
            .expect("the event's heading"),
    );
    assert!(
        heading.starts_with("Spring Cup: 64 players, 34 legal (")
            && heading.ends_with("with warnings), 28 illegal, 2 unreadable"),
        "{heading}"
    );
    let classes: Vec<String> = browser::eval_json(
        &tab,
        "Array.from(document.querySelectorAll('table.players tbody tr'), r => r.className)",
    );
    assert_eq!(classes.len(), 64);
    assert_eq!(&classes[..2], ["unreadable", "unreadable"], "illegal first");
    assert_eq!(classes.last().map(String::as_str), Some("legal"));
    // Each problem at the line as uploaded, with the line as written.
    let misspelt: Vec<String> = browser::texts(&tab, "ul.violations li");
    assert!(
        misspelt.iter().any(|t| t.contains("registrations.csv:")
            && t.contains("3 Obsidan Acolyte")
            && t.contains("did you mean")),
        "{misspelt:?}"
    );
    let href: String = browser::eval_json(&tab, "document.getElementById('worklist').href");
    assert!(
        href.starts_with("data:text/csv;charset=utf-8,deck%2Cplayer%2Cfile%2Cline"),
        "{}",
        &href[..80.min(href.len())]
    );
    // The draw, seeded and printed.
    let draw = browser::texts(&tab, "ol.draw-rounds li");
    let want = arbiter::events::draw(64, 4, 2, 2026);
    assert_eq!(draw.len(), 2);
    for (shown, round) in draw.iter().zip(&want) {
        for n in round {
            assert!(shown.contains(&format!("#{n} ")), "{shown} lacks #{n}");
        }
    }
    assert!(browser::main_text(&tab).contains("Deck checks (seed 2026)"));
    tab.wait_for_element("button#print-sheets:not([hidden])")
        .expect("the print button");
    browser::screenshot(&tab, "events-page-desktop.png");

    // Print: only the sheets, one per page.
    browser::media(&tab, "print", "light");
    let printed: (String, String, Vec<String>) = browser::eval_json(
        &tab,
        "[getComputedStyle(document.querySelector('.event-screen')).display, \
          getComputedStyle(document.querySelector('section.sheets')).display, \
          Array.from(document.querySelectorAll('article.sheet'), s => getComputedStyle(s).breakAfter)]",
    );
    assert_eq!((printed.0.as_str(), printed.1.as_str()), ("none", "block"));
    assert_eq!(printed.2.len(), 64);
    assert!(
        printed.2[..63].iter().all(|b| b == "page"),
        "{:?}",
        printed.2
    );
    let sheets = tab.find_elements("article.sheet").expect("the sheets");
    let sheet = text(sheets.last().expect("a legal list's sheet"));
    for part in [
        "Player",
        "Event",
        "Date",
        "2026-03-14",
        "Format",
        "spring-cup",
        "Fingerprint",
        "Heroes (2)",
        "Terrain",
        "signature",
    ] {
        assert!(sheet.contains(part), "the sheet lacks {part}: {sheet}");
    }
    let pdf = tab.print_to_pdf(None).expect("print to PDF");
    let pages = String::from_utf8_lossy(&pdf)
        .matches("/Type /Page\n")
        .count()
        + String::from_utf8_lossy(&pdf)
            .matches("/Type /Page>")
            .count()
        + String::from_utf8_lossy(&pdf)
            .matches("/Type /Page/")
            .count();
    if pages > 0 {
        assert_eq!(pages, 64, "one sheet per printed page");
    }
    browser::screenshot(&tab, "events-sheet-print.png");
    browser::media(&tab, "screen", "light");

    // A phone: no sideways scroll.
    browser::viewport(&tab, Some(browser::PHONE));
    browser::assert_no_horizontal_scroll(&tab, "/events with a report");
    browser::screenshot(&tab, "events-page-phone.png");
    browser::viewport(&tab, None);

    // A deck check: the same list respelt, then a changed one against the registered list.
    let fp =
        arbiter::decks::fingerprint::fingerprint(&arbiter::decks::parse_decklist(&legal_text()));
    browser::open(&tab, &format!("{base}/events/deck-check"));
    let js = format!(
        "document.getElementById('presented').value = {}; document.getElementById('fingerprint').value = {}; true",
        serde_json::to_string(&legal_text().to_uppercase()).unwrap(),
        serde_json::to_string(&fp).unwrap()
    );
    tab.evaluate(&js, false).unwrap();
    tab.wait_for_element("button#compare")
        .unwrap()
        .click()
        .unwrap();
    assert_eq!(
        text(&tab.wait_for_element("h2#verdict").unwrap()),
        "Same list"
    );
    let js = format!(
        "document.getElementById('presented').value = {}; document.getElementById('registered').value = {}; true",
        serde_json::to_string(&legal_text().replace("3 Spark", "2 Spark")).unwrap(),
        serde_json::to_string(&legal_text()).unwrap()
    );
    tab.evaluate(&js, false).unwrap();
    tab.wait_for_element("button#compare")
        .unwrap()
        .click()
        .unwrap();
    tab.wait_for_element("table.differences")
        .expect("the differences");
    assert_eq!(
        text(&tab.wait_for_element("h2#verdict").unwrap()),
        "Different list"
    );
    let rows = browser::texts(&tab, "table.differences tbody tr");
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert!(
        rows[0].contains("Spark") && rows[0].contains('3') && rows[0].contains('2'),
        "{rows:?}"
    );
    browser::full_screenshot(&tab, "events-deck-check-desktop.png");
    browser::viewport(&tab, Some(browser::PHONE));
    browser::assert_no_horizontal_scroll(&tab, "/events/deck-check");
    browser::full_screenshot(&tab, "events-deck-check-phone.png");

    drop(tab);
    drop(chromium);
    server.stop();
    drop(dir);
}

// issue #31 "Organisers' decks": "Uploaded files lose their names ... keep each file's
// name as the deck's name."
#[test]
fn files_loaded_into_the_decks_page_keep_their_names() {
    let Some(chromium) = Chromium::launch() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("mira.txt");
    let b = dir.path().join("jon.txt");
    std::fs::write(&a, legal_text()).unwrap();
    std::fs::write(
        &b,
        legal_text().replace("Player: Mira Castell", "Player: Jon"),
    )
    .unwrap();
    let server = TestServer::start(common::bundled_state());
    let tab = chromium.tab();
    browser::open(&tab, &format!("{}/decks", server.base()));
    tab.wait_for_element("input#files")
        .unwrap()
        .set_input_files(&[a.to_str().unwrap(), b.to_str().unwrap()])
        .unwrap();
    browser::wait_for(
        &tab,
        "the files in the textarea",
        "document.getElementById('list').value.includes('Deck: jon.txt')",
    );
    tab.wait_for_element("button#check")
        .unwrap()
        .click()
        .unwrap();
    tab.wait_for_element("section.deck-summary").unwrap();
    let names = browser::texts(&tab, "ol.deck-index li a");
    assert_eq!(
        names,
        ["Deck 1: mira.txt (Mira Castell)", "Deck 2: jon.txt (Jon)"]
    );
    drop(tab);
    drop(chromium);
    server.stop();
}
