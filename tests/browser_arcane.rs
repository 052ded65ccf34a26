//! Browser end-to-end test of the Arcane Legions builder (issue #18), in headless
//! Chromium against an in-process server over the bundled catalogue: a judge builds the
//! Flame Adepts' Fireburst at the Barrow Legion Cohort in the form, meets a typo at its
//! field, fixes it, and lands on the step pages with each unit drawn as a tray of figure
//! slots (downed ones marked, each ability's readiness shown) and the players' OP and VP.
//! Every input labelled; nothing scrolls sideways at 390 px; screenshots of the form and
//! the step page, desktop and phone, in `target/browser-artifacts/arcane_*.png`.
//!
//! DOM work is done in few `evaluate` calls (each costs ~100 ms, headless_chrome #446).
//! Runs when `/usr/bin/chromium` exists (the harness, `tests/common/browser.rs`).

use crate::common;

use common::browser::{self, eval_json, heading, wait_for, Chromium, TestServer};
use headless_chrome::Tab;

/// Sets the builder's fields by name and opens the cards they are in, in one call.
fn set_fields(tab: &Tab, values: &[(&str, &str)]) {
    let values = serde_json::to_string(values).expect("JSON");
    let missing: Vec<String> = eval_json(
        tab,
        &format!(
            "{values}.filter(([name, value]) => {{ \
               const e = document.querySelector('form.builder [name=\"' + name + '\"]'); \
               if (!e) return true; e.value = value; \
               const d = e.closest('details'); if (d) d.open = true; return false; }}).map(([name]) => name)"
        ),
    );
    assert!(missing.is_empty(), "the builder has the fields {missing:?}");
}

/// Every input, select and textarea (but hidden ones) has a label with words, or an
/// aria-label.
fn assert_labelled(tab: &Tab, what: &str) {
    let unlabelled: Vec<String> = eval_json(
        tab,
        "Array.from(document.querySelectorAll('input, select, textarea')) \
           .filter(e => e.type !== 'hidden') \
           .filter(e => !Array.from(e.labels || []).some(l => l.textContent.trim() !== '') \
                        && !(e.getAttribute('aria-label') || '').trim()) \
           .map(e => e.name || e.id || e.outerHTML)",
    );
    assert!(
        unlabelled.is_empty(),
        "{what}: every field has a label; not {unlabelled:?}"
    );
    let twice: Vec<String> = eval_json(
        tab,
        "(ids => ids.filter((id, i) => ids.indexOf(id) !== i))(Array.from(document.querySelectorAll('[id]'), e => e.id))",
    );
    assert!(twice.is_empty(), "{what}: ids used twice: {twice:?}");
}

fn submit(tab: &Tab) {
    tab.wait_for_element("button#adjudicate")
        .expect("the Adjudicate button")
        .click()
        .expect("click Adjudicate");
}

/// The trays of the board: per unit row, its label and per place its name, marks and
/// abilities.
#[derive(serde::Deserialize, Debug)]
struct Tray {
    label: String,
    places: Vec<(String, Vec<String>, Vec<String>)>,
}

fn trays(tab: &Tab) -> Vec<Tray> {
    eval_json(
        tab,
        "Array.from(document.querySelectorAll('.board-rows section.row'), r => ({ \
           label: r.querySelector('h3').innerText.trim(), \
           places: Array.from(r.querySelectorAll('li.slot'), li => [ \
             (li.querySelector('.name') || {innerText: ''}).innerText.trim(), \
             Array.from(li.querySelectorAll('[data-status]'), m => m.dataset.status), \
             Array.from(li.querySelectorAll('ul.abilities li'), a => a.innerText.trim())]) }))",
    )
}

#[test]
fn build_an_arcane_fireburst_in_its_form_and_land_on_its_trays() {
    let Some(chromium) = Chromium::launch() else {
        return;
    };
    let started = std::time::Instant::now();
    let server = TestServer::start(common::bundled_state());
    let base = server.base();
    let tab = chromium.tab();

    // 1. The form: labelled, fits a phone.
    browser::open(&tab, &format!("{base}/adjudicate?game=arcane"));
    assert_eq!(heading(&tab), "Adjudicate Arcane Legions special abilities");
    assert_labelled(&tab, "the Arcane builder");
    browser::at_both_widths(&tab, "the Arcane builder", "arcane_builder");
    // The unit field keeps its own list of Arcane units: the script's card suggestions
    // (battle-line creatures) take over only the battle-line's `cards` fields.
    let unit_list: Vec<String> = eval_json(
        &tab,
        "[document.querySelector('input[name=u1_card]').getAttribute('list') || '', \
          String(document.querySelectorAll('#unit-cards option').length)]",
    );
    assert_eq!(unit_list[0], "unit-cards", "{unit_list:?}");
    assert_ne!(unit_list[1], "0", "the Arcane units are offered");

    // 2. The Fireburst position, with a typo in the ability's name.
    let mut fields: Vec<(&str, &str)> = crate::arcane_builder_web::fireburst_fields()
        .into_iter()
        .filter(|(k, _)| *k != "game")
        .collect();
    for f in fields.iter_mut() {
        if f.0 == "x1_ability" {
            f.1 = "Firebrust";
        }
    }
    set_fields(&tab, &fields);
    submit(&tab);
    wait_for(&tab, "the problem", "!!document.getElementById('errors')");
    let shown: Vec<(String, String)> = eval_json(
        &tab,
        "Array.from(document.querySelectorAll('.field-error'), p => \
           [p.closest('.field').querySelector('input, select, textarea').name, p.innerText.trim()])",
    );
    assert_eq!(shown.len(), 1, "{shown:?}");
    assert_eq!(shown[0].0, "x1_ability");
    assert!(
        shown[0]
            .1
            .starts_with("Action 1: F has no ability Firebrust; did you mean Fireburst?"),
        "{shown:?}"
    );
    assert_labelled(&tab, "the Arcane builder with its problem");
    browser::at_both_widths(
        &tab,
        "the Arcane builder's problem",
        "arcane_builder_errors",
    );
    // A closer look on a phone: a unit's card and the action with its problem.
    browser::viewport(&tab, Some(browser::PHONE));
    for (id, name) in [("u1", "unit"), ("action-1", "action")] {
        let _: bool = eval_json(
            &tab,
            &format!("(document.getElementById('{id}').scrollIntoView(), true)"),
        );
        browser::screenshot(&tab, &format!("arcane_builder_{name}_phone.png"));
    }
    browser::viewport(&tab, None);

    // 3. Fixed: it adjudicates and lands on step 0, the trays drawn.
    set_fields(&tab, &[("x1_ability", "Fireburst")]);
    submit(&tab);
    browser::wait_for_url(&tab, "step 0", |u| {
        u.contains("/adjudicate/p/") && u.ends_with("/0")
    });
    let before = trays(&tab);
    let units: Vec<&Tray> = before.iter().filter(|t| !t.places.is_empty()).collect();
    assert!(
        before
            .iter()
            .any(|t| t.label.contains("Alice · 3 OP · 0 VP")),
        "{before:?}"
    );
    assert_eq!(units.len(), 2, "a tray per unit: {before:?}");
    // F: four figure slots and its unit bar; Fireburst beside slots 1 and 2, ready.
    assert_eq!(units[0].places.len(), 5, "{:?}", units[0]);
    assert!(
        units[0].places[0]
            .2
            .iter()
            .any(|a| a.starts_with("Fireburst (activated; ready since moment")),
        "{:?}",
        units[0]
    );
    // C: its sixth slot downed, Death Cloud ready beside slot 5.
    assert_eq!(units[1].places[5].0, "downed");
    assert!(units[1].places[5].1.contains(&"downed".to_string()));
    assert!(
        units[1].places[4]
            .2
            .iter()
            .any(|a| a.contains("Death Cloud (triggered; ready")),
        "{:?}",
        units[1]
    );
    let url = tab.get_url();
    // Step 2 (step 1 marks what is ready): Fireburst activated; its cost downed slot 3
    // and Alice paid 1 OP.
    let (page_of, _) = url.rsplit_once('/').expect("a step URL");
    browser::open(&tab, &format!("{page_of}/2"));
    let after = trays(&tab);
    assert!(
        after.iter().any(|t| t.label.contains("Alice · 2 OP")),
        "{after:?}"
    );
    let f = after.iter().find(|t| !t.places.is_empty()).unwrap();
    assert_eq!(f.places[2].0, "downed", "{f:?}");
    let page = browser::main_text(&tab);
    assert!(page.contains("Fireburst"), "{page:.1200}");
    assert_labelled(&tab, "the step page");
    browser::at_both_widths(&tab, "the Fireburst step page", "arcane_step");

    eprintln!("the Arcane browser test took {:?}", started.elapsed());
    drop(tab);
    drop(chromium);
    server.stop();
}
