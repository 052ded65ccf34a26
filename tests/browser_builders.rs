//! Browser tests of every game's builder (issue #31, "Building a position"), in headless
//! Chromium against an in-process server over the bundled catalogue:
//!
//! 1. every game's empty builder is at most 2,000 px tall on a desktop and 3,000 px on a
//!    390 px phone (one slot, unit, row or action shown, and an "add another");
//! 2. each game's sample position is built in its form in at most 12 clicks and 10 typed
//!    fields, counted as the test makes them, and lands on step 0 of exactly the position
//!    the sample's JSON describes (the same permalink hash).
//!
//! Screenshots of each empty builder at both widths go to `target/browser-artifacts/`.
//! Runs when `/usr/bin/chromium` exists (the harness, `tests/common/browser.rs`).

use crate::common;

use common::browser::{self, eval_json, Chromium, TestServer};
use headless_chrome::Tab;

/// The tallest an empty builder may be: desktop, phone (issue #31).
const MOST_TALL: (u32, u32) = (2_000, 3_000);

/// The page's height in CSS pixels.
fn page_height(tab: &Tab) -> u32 {
    eval_json(tab, "document.documentElement.scrollHeight")
}

#[test]
fn every_empty_builder_fits_its_height() {
    let Some(chromium) = Chromium::launch() else {
        return;
    };
    let (_dir, db) = common::bundled_db();
    let server = TestServer::start(common::state_from_db(&db));
    let tab = chromium.tab();
    let mut heights = Vec::new();
    for game in ["battleline", "swtcg", "keyforge", "arcane", "karth"] {
        browser::open(&tab, &server.url(&format!("/adjudicate?game={game}")));
        let desktop = page_height(&tab);
        browser::full_screenshot(&tab, &format!("builder_empty_{game}_desktop.png"));
        browser::viewport(&tab, Some(browser::PHONE));
        browser::assert_no_horizontal_scroll(&tab, &format!("{game}'s builder at 390 px"));
        let phone = page_height(&tab);
        browser::full_screenshot(&tab, &format!("builder_empty_{game}_phone.png"));
        browser::viewport(&tab, None);
        heights.push((game, desktop, phone));
    }
    eprintln!("empty builders (desktop, phone px): {heights:?}");
    for (game, desktop, phone) in &heights {
        assert!(
            *desktop <= MOST_TALL.0 && *phone <= MOST_TALL.1,
            "{game}'s empty builder is {desktop} px on a desktop and {phone} px on a phone; \
             at most {} and {}: {heights:?}",
            MOST_TALL.0,
            MOST_TALL.1
        );
    }
    drop(tab);
    drop(chromium);
    server.stop();
}

/// The most clicks and typed fields a game's sample may take (issue #31).
const MOST_CLICKS: usize = 12;
const MOST_FIELDS: usize = 10;

/// A judge at the builder, counted: each click on the page (a line that opens a card, a
/// section or "more", an "add another", Adjudicate) and each field typed into (once per
/// field, however often). A field is typed into only when it is on screen: whatever the
/// judge must open to reach it is a click.
struct Judge<'a> {
    tab: &'a Tab,
    game: &'static str,
    clicks: Vec<String>,
    fields: Vec<String>,
}

impl<'a> Judge<'a> {
    /// The judge at `game`'s empty builder.
    fn at(tab: &'a Tab, server: &TestServer, game: &'static str) -> Judge<'a> {
        browser::open(tab, &server.url(&format!("/adjudicate?game={game}")));
        Judge {
            tab,
            game,
            clicks: Vec::new(),
            fields: Vec::new(),
        }
    }

    /// Clicks the element `selector` names, which must be on screen.
    fn click(&mut self, selector: &str) {
        let element = self
            .tab
            .wait_for_element(selector)
            .unwrap_or_else(|e| panic!("{}: the builder has {selector}: {e:#}", self.game));
        element
            .scroll_into_view()
            .and_then(|e| e.click())
            .unwrap_or_else(|e| panic!("{}: click {selector}: {e:#}", self.game));
        self.clicks.push(selector.to_string());
    }

    /// Types `value` into field `name` (its text inserted at once, as a paste would:
    /// one `input` and one `change` event), which must be on screen; a select is set.
    fn fill(&mut self, name: &str, value: &str) {
        let js = format!(
            "(() => {{ const e = document.querySelector('form.builder [name=\"{name}\"]'); \
               if (!e) return 'missing'; if (!e.getClientRects().length) return 'hidden'; \
               e.focus(); e.value = {value}; \
               e.dispatchEvent(new Event('input', {{bubbles: true}})); \
               e.dispatchEvent(new Event('change', {{bubbles: true}})); return 'ok'; }})()",
            value = serde_json::to_string(value).expect("JSON"),
        );
        let done: String = eval_json(self.tab, &js);
        assert_eq!(
            done, "ok",
            "{}: field {name} is on screen to type in",
            self.game
        );
        if !self.fields.iter().any(|f| f == name) {
            self.fields.push(name.to_string());
        }
    }

    /// Clicks Adjudicate and answers the permalink hash of the step it lands on, after
    /// checking the counts.
    fn submit(mut self) -> String {
        self.click("button#adjudicate");
        browser::wait_for(
            self.tab,
            "step 0 or the builder's problems",
            "location.pathname.startsWith('/adjudicate/p/') || !!document.getElementById('errors')",
        );
        let problems: String = eval_json(
            self.tab,
            "(document.getElementById('errors') || {innerText: ''}).innerText",
        );
        assert!(problems.is_empty(), "{}: refused: {problems}", self.game);
        let (hash, _) = browser::wait_for_step(self.tab, "step 0", |_, s| s == 0);
        eprintln!(
            "{}: {} clicks {:?}, {} fields {:?}",
            self.game,
            self.clicks.len(),
            self.clicks,
            self.fields.len(),
            self.fields
        );
        assert!(
            self.clicks.len() <= MOST_CLICKS && self.fields.len() <= MOST_FIELDS,
            "{}: the sample takes {} clicks and {} fields; at most {MOST_CLICKS} and \
             {MOST_FIELDS}: {:?} {:?}",
            self.game,
            self.clicks.len(),
            self.fields.len(),
            self.clicks,
            self.fields
        );
        hash
    }
}

/// The permalink hash of position `json`, pasted into `game`'s builder.
fn pasted_hash(tab: &Tab, server: &TestServer, game: &str, json: &serde_json::Value) -> String {
    browser::open(tab, &server.url(&format!("/adjudicate?game={game}")));
    let js = format!(
        "(() => {{ document.getElementById('json').value = {}; \
           document.getElementById('adjudicate').click(); return true; }})()",
        serde_json::to_string(&json.to_string()).expect("JSON")
    );
    let _: bool = eval_json(tab, &js);
    browser::wait_for_step(tab, "the pasted sample's step 0", |_, s| s == 0).0
}

/// Builds each game's sample with `build`, and checks it is the position of `sample`.
fn check_sample(game: &'static str, sample: serde_json::Value, build: impl FnOnce(&mut Judge<'_>)) {
    let Some(chromium) = Chromium::launch() else {
        return;
    };
    let (_dir, db) = common::bundled_db();
    let server = TestServer::start(common::state_from_db(&db));
    let tab = chromium.tab();
    let mut judge = Judge::at(&tab, &server, game);
    build(&mut judge);
    let built = judge.submit();
    browser::full_screenshot(&tab, &format!("builder_sample_{game}_step.png"));
    let wanted = pasted_hash(&tab, &server, game, &sample);
    assert_eq!(
        built, wanted,
        "{game}: the form built the sample position {sample}"
    );
    drop(tab);
    drop(chromium);
    server.stop();
}

/// Battle-line's sample: Alice's Surly Scarecrow and Hex Witch against Bob's Shieldwall
/// Veteran, Thornback Boar and Hive Swarmling, two turns of seed 1.
#[test]
fn battleline_sample_in_twelve_clicks_and_ten_fields() {
    let sample = serde_json::json!({
        "game": "battleline", "seed": 1, "turns": 2,
        "players": [
            {"name": "Alice", "line": [{"card": "Surly Scarecrow"}, {"card": "Hex Witch"}]},
            {"name": "Bob", "line": [{"card": "Shieldwall Veteran"},
                {"card": "Thornback Boar"}, {"card": "Hive Swarmling"}]}
        ]
    });
    check_sample("battleline", sample, |j| {
        j.fill("turns", "2");
        j.fill("p0_name", "Alice");
        j.fill("p0_s1_card", "Surly Scarecrow");
        j.click("details#p0-s2 > summary");
        j.fill("p0_s2_card", "Hex Witch");
        j.fill("p1_name", "Bob");
        j.fill("p1_s1_card", "Shieldwall Veteran");
        j.click("details#p1-s2 > summary");
        j.fill("p1_s2_card", "Thornback Boar");
        j.click("details#p1-s3 > summary");
        j.fill("p1_s3_card", "Hive Swarmling");
    });
}

/// The Star Wars TCG's sample: a hypothetical A (4 power, 5 health, Critical Hit 2,
/// Accuracy 1) attacks the Colony Recon Trooper D, the dice on the table 6, 4, 2, 1.
#[test]
fn swtcg_sample_in_twelve_clicks_and_ten_fields() {
    let sample = serde_json::json!({
        "game": "swtcg", "seed": 1, "arena": "Ground",
        "units": [
            {"id": "A", "side": "dark", "power": 4, "health": 5,
             "abilities": ["Critical Hit 2", "Accuracy 1"]},
            {"id": "D", "side": "light", "card": "Colony Recon Trooper"}
        ],
        "attack": {"attacker": "A", "defender": "D"},
        "dice": {"attack": [6, 4, 2, 1]}
    });
    check_sample("swtcg", sample, |j| {
        j.fill("u1_power", "4");
        j.fill("u1_health", "5");
        j.fill("u1_abilities", "Critical Hit 2, Accuracy 1");
        j.fill("u2_card", "Colony Recon Trooper");
        j.click("details#dice > summary");
        j.fill("dice_attack", "6, 4, 2, 1");
    });
}

/// KeyForge's sample: Ann's turn in house Ironhowl; her Quarry Ogre fights Bob's Mack
/// the Knife, each card named, not given an id (issue #31), on a form that starts empty.
#[test]
fn keyforge_sample_in_twelve_clicks_and_ten_fields() {
    let sample = serde_json::json!({
        "game": "keyforge", "house": "Ironhowl",
        "players": [
            {"name": "Ann", "battleline": [{"id": "Quarry Ogre", "card": "Quarry Ogre"}]},
            {"name": "Bob", "battleline": [{"id": "Mack the Knife", "card": "Mack the Knife"}]}
        ],
        "actions": [{"do": "fight", "card": "Quarry Ogre", "target": "Mack the Knife"}]
    });
    check_sample("keyforge", sample, |j| {
        j.fill("house", "Ironhowl");
        j.fill("p0_name", "Ann");
        j.fill("p0_c1_card", "Quarry Ogre");
        j.fill("p1_name", "Bob");
        j.fill("p1_c1_card", "Mack the Knife");
        j.fill("x1_do", "fight");
        j.fill("x1_card", "Quarry Ogre");
        j.fill("x1_target", "Mack the Knife");
    });
}

/// Heroes of Karth's sample: Ann's Silverhold Footman K (MV 3), on row 2, column 1 of the
/// usual board, moves to 2,2 then 2,3; the spaces picked on the board's grid (issue #31), the
/// action row showing only what a move reads.
#[test]
fn karth_sample_in_twelve_clicks_and_ten_fields() {
    let Some(chromium) = Chromium::launch() else {
        return;
    };
    let (_dir, db) = common::bundled_db();
    let server = TestServer::start(common::state_from_db(&db));
    let tab = chromium.tab();
    let mut j = Judge::at(&tab, &server, "karth");
    j.fill("u1_id", "K");
    j.fill("u1_owner", "Ann");
    j.fill("u1_card", "Silverhold Footman");
    j.click("[name=u1_at] + button.pick-open");
    j.click(r#"[name=u1_at] ~ .pick-grid button[data-cell="2,1"]"#);
    // The Footman's card does not say how far it moves: its MV, under the unit's More.
    j.click("#u1 details.more > summary");
    j.fill("u1_mv", "3");
    j.fill("x1_do", "move");
    // A move reads the unit and the path, and nothing else of the row.
    let shown: Vec<String> = eval_json(
        &tab,
        "Array.from(document.querySelectorAll('#action-1 .field'), f => f.querySelector('input, select')) \
           .filter(e => e.getClientRects().length).map(e => e.name)",
    );
    assert_eq!(
        shown,
        ["x1_do", "x1_unit", "x1_path", "x1_player"],
        "a move row shows what a move reads"
    );
    j.fill("x1_unit", "K");
    j.click("[name=x1_path] + button.pick-open");
    j.click(r#"[name=x1_path] ~ .pick-grid button[data-cell="2,2"]"#);
    j.click(r#"[name=x1_path] ~ .pick-grid button[data-cell="2,3"]"#);
    let path: String = eval_json(&tab, "document.querySelector('[name=x1_path]').value");
    assert_eq!(path, "2,2; 2,3", "the path picked space by space");
    browser::at_both_widths(
        &tab,
        "the Karth builder with its grid",
        "builder_karth_grid",
    );
    let hash = j.submit();
    let position: serde_json::Value = eval_json(
        &tab,
        &format!(
            "(() => {{ const r = new XMLHttpRequest(); r.open('GET', '/adjudicate/p/{hash}.json', false); \
               r.send(); return JSON.parse(r.responseText); }})()"
        ),
    );
    let position = position.get("position").unwrap_or(&position);
    assert_eq!(
        position["units"][0]["at"],
        serde_json::json!([2, 1]),
        "{position}"
    );
    assert_eq!(
        position["actions"][0],
        serde_json::json!({"do": "move", "unit": "K", "path": [[2, 2], [2, 3]]}),
        "{position}"
    );
    drop(tab);
    drop(chromium);
    server.stop();
}

/// The position stored under permalink `hash`, through the page's own origin.
fn stored(tab: &Tab, hash: &str) -> serde_json::Value {
    let v: serde_json::Value = eval_json(
        tab,
        &format!(
            "(() => {{ const r = new XMLHttpRequest(); r.open('GET', '/adjudicate/p/{hash}.json', false); \
               r.send(); return JSON.parse(r.responseText); }})()"
        ),
    );
    v.get("position").cloned().unwrap_or(v)
}

/// Arcane Legions' sample: Alice's Jade Marches Flame Adepts (A, the form's first unit)
/// activate Fireburst, downing their third figure, at Bob's Barrow Legion Cohort (B).
/// The figure-slot layout is still typed: the catalogue does not hold it.
#[test]
fn arcane_sample_in_twelve_clicks_and_ten_fields() {
    let Some(chromium) = Chromium::launch() else {
        return;
    };
    let (_dir, db) = common::bundled_db();
    let server = TestServer::start(common::state_from_db(&db));
    let tab = chromium.tab();
    let mut j = Judge::at(&tab, &server, "arcane");
    j.fill("u1_card", "Jade Marches Flame Adepts");
    j.fill("u1_slots", "o Fireburst, o Fireburst, o, o Nature Magic");
    j.click("details#u2 > summary");
    j.fill("u2_id", "B");
    j.fill("u2_owner", "Bob");
    j.fill("u2_card", "Barrow Legion Cohort");
    j.fill("x1_do", "activate");
    j.fill("x1_unit", "A");
    j.fill("x1_ability", "Fireburst");
    j.fill("x1_slots", "3");
    j.fill("x1_targets", "B");
    let hash = j.submit();
    let position = stored(&tab, &hash);
    assert_eq!(
        position["units"][0]["card"], "Jade Marches Flame Adepts",
        "{position}"
    );
    assert_eq!(position["units"][1]["owner"], "Bob", "{position}");
    assert_eq!(position["actions"][0]["ability"], "Fireburst", "{position}");
    drop(tab);
    drop(chromium);
    server.stop();
}
