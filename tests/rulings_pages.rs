//! Issue 28, where players see rulings: `/rulings` and its filters, one ruling's page,
//! supersession linked both ways, the rulings sections of keyword, card, rule and deck
//! pages (superseded ones behind a toggle) and their JSON `rulings` arrays, the Atom
//! feeds, the 404s and 400s, and a hostile question and answer escaped everywhere.

use crate::common::{self, http};
use actix_web::http::StatusCode;
use arbiter::rulings::{ruling_position, Ruling, Rulings, Tier};
use serde_json::Value;
use std::path::Path;
use std::sync::Arc;

pub const SCRIPT: &str = "<script>alert(1)</script>";
pub const IMG: &str = "\"><img src=x onerror=alert(1)>";

/// A ruling over the fixture `tests/fixtures/{fixture}`, its position read as the
/// catalogue reads one.
pub fn ruling(id: &str, fixture: &str, published: &str) -> Ruling {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(fixture);
    let text = std::fs::read_to_string(&path).expect("the fixture reads");
    let (game, position, hash) = ruling_position(&text).expect("the fixture is a position");
    Ruling {
        id: id.into(),
        game: game.slug().into(),
        question: format!("Question of {id}?"),
        answer: format!("Answer of {id}."),
        keywords: vec![],
        cards: vec![],
        rules: vec![],
        position,
        hash,
        step: 1,
        tier: Tier::House,
        source: "T1".into(),
        published: published.into(),
        supersedes: None,
    }
}

/// The test set: Fury ruled twice (`bl-fury-old` superseded by the judge's `bl-fury`),
/// a hostile seed ruling on Fury, card Twin-Blade Revenant and rule 4.1, two Karth rulings
/// (one on the legal Obsidian deck's Snatch and Spark, one on Summon Pet, which none of
/// that deck's cards has) and a KeyForge one.
pub fn rulings() -> Vec<Ruling> {
    let mut old = ruling("bl-fury-old", "positions/combat_fury.json", "2026-01-01");
    old.keywords = vec!["Fury".into()];
    old.rules = vec!["4.1".into()];
    let mut new = ruling("bl-fury", "positions/combat_fury_dies.json", "2026-03-01");
    new.keywords = vec!["fury".into()];
    new.rules = vec!["4.1".into()];
    new.tier = Tier::Judge;
    new.source = "Ada Judge".into();
    new.supersedes = Some("bl-fury-old".into());
    new.answer = "First paragraph.\n\nSecond paragraph.".into();
    let mut xss = ruling(
        "bl-xss",
        "positions/interp_each_turn_before_battle.json",
        "2026-02-01",
    );
    xss.question = format!("Does {SCRIPT} fire{IMG}?");
    xss.answer = format!("No: {IMG} & {SCRIPT}");
    xss.keywords = vec!["Fury".into()];
    xss.cards = vec!["Twin-Blade Revenant".into()];
    xss.rules = vec!["4.1".into()];
    xss.tier = Tier::Seed;
    xss.source = "seed 000 §4.1".into();
    let mut snatch = ruling("kt-snatch", "karth/movement_basics.json", "2026-02-10");
    snatch.keywords = vec!["Snatch".into()];
    snatch.cards = vec!["Spark".into()];
    let mut bless = ruling("kt-bless", "karth/call_pet.json", "2026-02-11");
    bless.keywords = vec!["Summon Pet".into()];
    let mut kf = ruling("kf-taunt", "keyforge/fight_taunt.json", "2026-02-12");
    kf.keywords = vec!["Fight".into()];
    kf.tier = Tier::Published;
    kf.source = "KeyForge rulebook".into();
    vec![old, new, xss, snatch, bless, kf]
}

/// The bundled catalogue showing [`rulings`].
pub fn state() -> arbiter::web::AppState {
    common::fresh_state().with_rulings(Arc::new(
        Rulings::new(rulings(), vec![]).expect("the set holds"),
    ))
}

async fn get(uri: &str) -> (StatusCode, String, String) {
    http::get(state(), uri, None).await
}

async fn json(uri: &str) -> (StatusCode, Value) {
    let (status, ctype, body) = get(uri).await;
    assert!(ctype.starts_with("application/json"), "{uri}: {ctype}");
    let v = serde_json::from_str(&body).unwrap_or_else(|e| panic!("{uri}: {e}: {body}"));
    (status, v)
}

fn ids(list: &Value) -> Vec<String> {
    list.as_array()
        .expect("an array")
        .iter()
        .map(|r| r["id"].as_str().expect("an id").to_string())
        .collect()
}

#[actix_web::test]
async fn the_list_is_newest_first_and_filters() {
    let (status, v) = json("/rulings.json").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        ids(&v["data"]),
        [
            "bl-fury",
            "kf-taunt",
            "kt-bless",
            "kt-snatch",
            "bl-xss",
            "bl-fury-old"
        ]
    );
    assert_eq!(v["total"], 6);
    for (query, want) in [
        ("game=karth", vec!["kt-bless", "kt-snatch"]),
        ("keyword=FURY", vec!["bl-fury", "bl-xss", "bl-fury-old"]),
        ("game=battleline&keyword=fury&tier=seed", vec!["bl-xss"]),
        ("tier=judge", vec!["bl-fury"]),
        ("status=superseded", vec!["bl-fury-old"]),
        (
            "game=battleline&status=published",
            vec!["bl-fury", "bl-xss"],
        ),
        // An empty value is no filter (the form's "any").
        (
            "game=&tier=&status=&keyword=",
            vec![
                "bl-fury",
                "kf-taunt",
                "kt-bless",
                "kt-snatch",
                "bl-xss",
                "bl-fury-old",
            ],
        ),
    ] {
        let (status, v) = json(&format!("/rulings.json?{query}")).await;
        assert_eq!(status, StatusCode::OK, "{query}");
        assert_eq!(ids(&v["data"]), want, "{query}");
    }
    // The same through Accept, and as HTML.
    let (status, ctype, body) =
        http::get(state(), "/rulings?game=karth", Some("application/json")).await;
    assert_eq!(
        (status, ctype.as_str()),
        (StatusCode::OK, "application/json")
    );
    assert!(body.contains("kt-snatch"));
    let (status, _, html) = get("/rulings?status=superseded").await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("href=\"/rulings/bl-fury-old\""), "{html}");
    assert!(!html.contains("href=\"/rulings/kt-snatch\""));
    assert!(html.contains("<option value=\"superseded\" selected>"));
}

#[actix_web::test]
async fn a_long_list_is_paged() {
    let many: Vec<Ruling> = (0..120)
        .map(|i| {
            ruling(
                &format!("r{i:03}"),
                "positions/combat_fury.json",
                "2026-01-01",
            )
        })
        .collect();
    let state = common::fresh_state()
        .with_rulings(Arc::new(Rulings::new(many, vec![]).expect("the set holds")));
    let (_, _, body) = http::get(state.clone(), "/rulings.json?page=2", None).await;
    let v: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(v["total"], 120);
    assert_eq!(v["data"].as_array().unwrap().len(), 50);
    assert_eq!(v["data"][0]["id"], "r050");
    assert_eq!(v["next_page"], "/rulings.json?page=3");
    let (_, _, html) = http::get(state, "/rulings?page=3", None).await;
    assert!(html.contains("page 3 of 3"), "{html}");
    assert!(html.contains("href=\"/rulings?page=2\""));
}

#[actix_web::test]
async fn bad_filters_are_400s_saying_what_was_expected() {
    for (query, expected) in [
        ("game=chess", "expected one of: "),
        (
            "tier=gold",
            "expected one of: seed, published, house, judge",
        ),
        ("status=open", "expected published or superseded"),
        ("page=0", "expected a whole number from 1 to 10000"),
        ("page=2.0", "expected a whole number"),
        ("page=10001", "expected a whole number"),
    ] {
        for uri in [
            format!("/rulings.json?{query}"),
            format!("/rulings?{query}"),
        ] {
            let (status, _, body) = get(&uri).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{uri}: {body:.300}");
            assert!(body.contains(expected), "{uri}: {body:.600}");
        }
    }
    // A keyword the catalogue lacks is not found, saying what was expected.
    for (query, expected) in [
        ("keyword=Nonesuch", "keyword of any game"),
        ("game=karth&keyword=Fury", "keyword of the game karth"),
    ] {
        for uri in [
            format!("/rulings.json?{query}"),
            format!("/rulings?{query}"),
        ] {
            let (status, _, body) = get(&uri).await;
            assert_eq!(status, StatusCode::NOT_FOUND, "{uri}: {body:.300}");
            assert!(body.contains(expected), "{uri}: {body:.600}");
        }
    }
}

#[actix_web::test]
async fn an_unknown_ruling_is_a_located_404() {
    let (status, v) = json("/rulings/bl-fury-0ld.json").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let details = v["details"].as_str().unwrap();
    assert!(details.contains("no ruling `bl-fury-0ld`"), "{v}");
    assert_eq!(v["suggestions"][0]["url"], "/rulings/bl-fury-old", "{v}");
    let (status, _, html) = get("/rulings/NOT%20AN%20ID").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(
        html.contains("a ruling id is 1 to 40 of a-z, 0-9 and -"),
        "{html}"
    );
    let (status, _, _) = get("/rulings/chess.atom").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[actix_web::test]
async fn one_ruling_shows_everything_and_links_both_ways() {
    let (status, _, html) = get("/rulings/bl-fury").await;
    assert_eq!(status, StatusCode::OK);
    let r = rulings().into_iter().find(|r| r.id == "bl-fury").unwrap();
    for want in [
        "<h1 class=\"ruling-question\">Question of bl-fury?</h1>",
        "<p>First paragraph.</p>",
        "<p>Second paragraph.</p>",
        "judge ruling, published by Ada Judge",
        "<dd>2026-03-01</dd>",
        "<dt>Supersedes</dt><dd id=\"supersedes\"><a href=\"/rulings/bl-fury-old\">bl-fury-old</a>",
        "href=\"/keyword/battleline/fury\"",
        "href=\"/rules/battleline/4.1\"",
        &format!("href=\"/adjudicate/p/{}/1\"", r.hash),
        "href=\"/rulings/bl-fury.json\"",
    ] {
        assert!(html.contains(want), "{want}\n{html}");
    }
    assert!(!html.contains("superseded-note"));
    let (_, _, old) = get("/rulings/bl-fury-old").await;
    assert!(
        old.contains("Superseded by <a href=\"/rulings/bl-fury\">bl-fury</a>"),
        "{old}"
    );
    assert!(old.contains("superseded by <a href=\"/rulings/bl-fury\">"));
    let (status, v) = json("/rulings/bl-fury.json").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(v["status"], "published");
    assert_eq!(v["tier"], "judge");
    assert_eq!(v["source"], "Ada Judge");
    assert_eq!(v["supersedes"]["id"], "bl-fury-old");
    assert!(v["superseded_by"].is_null());
    assert_eq!(v["step_url"], format!("/adjudicate/p/{}/1", r.hash));
    assert_eq!(v["position_url"], format!("/adjudicate/p/{}.json", r.hash));
    let (_, v) = json("/rulings/bl-fury-old.json").await;
    assert_eq!(v["status"], "superseded");
    assert_eq!(v["superseded_by"]["url"], "/rulings/bl-fury");
}

/// "Step through it" opens the ruling's position at its step, though the permalink store
/// never saw it.
#[actix_web::test]
async fn step_through_it_opens_the_position_at_its_step() {
    for r in rulings() {
        let (status, _, body) = get(&r.step_url()).await;
        assert_eq!(status, StatusCode::OK, "{}: {body:.300}", r.id);
    }
}

/// The readings the position takes come from its `interpretations` object, the chosen
/// one that is not the default first.
#[actix_web::test]
async fn the_readings_its_position_takes_are_shown() {
    let (_, v) = json("/rulings/bl-xss.json").await;
    let readings = v["readings"].as_array().expect("readings");
    let each_turn = readings
        .iter()
        .find(|r| r["key"] == "each_turn")
        .expect("the fixture's reading");
    assert_eq!(each_turn["value"], "before_battle");
    assert_eq!(each_turn["default"], false);
    assert_eq!(readings[0]["key"], "each_turn", "not the default first");
    assert!(!each_turn["question"].as_str().unwrap().is_empty());
    let (_, _, html) = get("/rulings/bl-xss").await;
    assert!(html.contains("<code>before_battle</code>"), "{html}");
    assert!(html.contains("class=\"not-default\""));
}

#[actix_web::test]
async fn keyword_card_and_rule_pages_list_their_rulings() {
    for (page, current, superseded) in [
        (
            "/keyword/battleline/Fury",
            vec!["bl-fury", "bl-xss"],
            vec!["bl-fury-old"],
        ),
        (
            "/rules/battleline/4.1",
            vec!["bl-fury", "bl-xss"],
            vec!["bl-fury-old"],
        ),
        (
            "/card/battleline/Twin-Blade%20Revenant",
            vec!["bl-xss"],
            vec![],
        ),
        ("/keyword/karth/Snatch", vec!["kt-snatch"], vec![]),
        ("/card/karth/Spark", vec!["kt-snatch"], vec![]),
    ] {
        let (status, _, html) = get(page).await;
        assert_eq!(status, StatusCode::OK, "{page}");
        let (shown, toggled) = html
            .split_once("<details class=\"superseded-rulings\">")
            .unwrap_or((&html, ""));
        let at = |id: &str| shown.find(&format!("id=\"ruling-{id}\"")).expect(id);
        for pair in current.windows(2) {
            assert!(at(pair[0]) < at(pair[1]), "{page}: newest first");
        }
        for id in &current {
            assert!(
                shown.contains(&format!("id=\"ruling-{id}\"")),
                "{page} {id}"
            );
        }
        for id in &superseded {
            assert!(
                !shown.contains(&format!("id=\"ruling-{id}\"")),
                "{page} {id}"
            );
            assert!(
                toggled.contains(&format!("id=\"ruling-{id}\"")),
                "{page} {id}"
            );
        }
        assert_eq!(superseded.is_empty(), toggled.is_empty(), "{page}");
        assert!(html.contains("class=\"step-through\""), "{page}");
        // The JSON twin: a `rulings` array, newest first, with the URLs.
        let (status, v) = json(&format!("{page}.json")).await;
        assert_eq!(status, StatusCode::OK);
        let mut all = current.clone();
        all.extend(superseded.iter());
        all.sort_by_key(|id| {
            std::cmp::Reverse(
                rulings()
                    .into_iter()
                    .find(|r| r.id == *id)
                    .unwrap()
                    .published,
            )
        });
        assert_eq!(ids(&v["rulings"]), all, "{page}");
        for r in v["rulings"].as_array().unwrap() {
            let id = r["id"].as_str().unwrap();
            assert_eq!(r["url"], format!("/rulings/{id}"));
            let hash = r["hash"].as_str().unwrap();
            assert_eq!(r["step_url"], format!("/adjudicate/p/{hash}/1"));
            for key in ["question", "answer", "tier", "status"] {
                assert!(r[key].is_string(), "{page} {id} {key}");
            }
        }
    }
    // A page no ruling touches says so, with an empty array.
    let (_, _, html) = get("/keyword/battleline/Armor").await;
    assert!(html.contains("No ruling touches this yet."));
    let (_, v) = json("/keyword/battleline/Armor.json").await;
    assert_eq!(v["rulings"], serde_json::json!([]));
}

fn entries(xml: &str) -> Vec<(String, String)> {
    let doc = roxmltree::Document::parse(xml).unwrap_or_else(|e| panic!("{e}\n{xml}"));
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "feed");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2005/Atom")
    );
    for required in ["id", "title", "updated"] {
        assert!(
            root.children().any(|c| c.tag_name().name() == required),
            "the feed has no {required}"
        );
    }
    root.children()
        .filter(|c| c.tag_name().name() == "entry")
        .map(|e| {
            let text = |name: &str| {
                e.children()
                    .find(|c| c.tag_name().name() == name)
                    .and_then(|c| c.text())
                    .unwrap_or_default()
                    .to_string()
            };
            assert!(!text("id").is_empty() && !text("updated").is_empty());
            (text("id"), text("title"))
        })
        .collect()
}

#[actix_web::test]
async fn the_feeds_are_atom_with_the_right_entries() {
    let (status, ctype, xml) = get("/rulings.atom").await;
    assert_eq!(status, StatusCode::OK);
    assert!(ctype.starts_with("application/atom+xml"), "{ctype}");
    let all = entries(&xml);
    assert_eq!(all.len(), 6);
    assert_eq!(all[0].0, "tag:arbiter,2026:rulings/bl-fury");
    assert_eq!(all[0].1, "Question of bl-fury?");
    assert!(
        xml.contains("href=\"http://localhost:8080/rulings/bl-fury\""),
        "{xml}"
    );
    let (status, _, xml) = get("/rulings/karth.atom").await;
    assert_eq!(status, StatusCode::OK);
    let karth: Vec<String> = entries(&xml).into_iter().map(|(id, _)| id).collect();
    assert_eq!(
        karth,
        [
            "tag:arbiter,2026:rulings/kt-bless",
            "tag:arbiter,2026:rulings/kt-snatch"
        ]
    );
    // The list and every ruling page name their feed.
    let (_, _, html) = get("/rulings?game=karth").await;
    assert!(html.contains("href=\"/rulings/karth.atom\""));
    let (_, _, html) = get("/rulings/kt-bless").await;
    assert!(html.contains("type=\"application/atom+xml\""));
}

#[actix_web::test]
async fn a_deck_verdict_lists_the_rulings_for_its_deck() {
    let list = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/decks/legal_obsidian-covenant.txt"),
    )
    .unwrap();
    let form = http::form_field("list", &list);
    let (status, _, html) = http::post(
        state(),
        "/decks",
        Some("application/x-www-form-urlencoded"),
        None,
        form.clone(),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let section = html
        .split_once("class=\"deck-rulings\"")
        .expect("the rulings section")
        .1;
    assert!(section.contains("Rulings for this deck (1)"), "{section}");
    assert!(section.contains("href=\"/rulings/kt-snatch\""));
    assert!(
        !section.contains("kt-bless"),
        "Summon Pet is not on its cards"
    );
    assert!(section.contains("class=\"step-through\""));
    let (status, _, body) = http::post(
        state(),
        "/decks.json",
        Some("application/x-www-form-urlencoded"),
        None,
        form,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let v: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(ids(&v["rulings"][0]), ["kt-snatch"]);
    // Printable: the print stylesheet prints each ruling whole, with its step's address.
    let css = include_str!("../static/style.css");
    let print = css.split_once("@media print").unwrap().1;
    assert!(print.contains("section.deck-rulings a.step-through::after"));
}

/// A question and answer holding `<script>` and `"><img onerror=…>` are escaped on the
/// ruling's page, the list, the keyword, card and rule pages and the feed; every JSON
/// twin is valid JSON that holds the raw strings.
#[actix_web::test]
async fn a_hostile_ruling_is_escaped_everywhere() {
    let question = format!("Does {SCRIPT} fire{IMG}?");
    let answer = format!("No: {IMG} & {SCRIPT}");
    for page in [
        "/rulings/bl-xss",
        "/rulings",
        "/rulings?keyword=fury",
        "/keyword/battleline/Fury",
        "/card/battleline/Twin-Blade%20Revenant",
        "/rules/battleline/4.1",
    ] {
        let (status, _, html) = get(page).await;
        assert_eq!(status, StatusCode::OK, "{page}");
        assert!(!html.contains("<script>alert"), "{page}");
        assert!(!html.contains("<img"), "{page}");
        assert!(shows_escaped(&html, &question), "{page}: {html}");
        assert!(shows_escaped(&html, &answer), "{page}");
        let (status, ctype, body) = get(&arbiter::web::links::json(page)).await;
        assert_eq!(status, StatusCode::OK, "{page}");
        assert!(ctype.starts_with("application/json"));
        assert!(
            !body.contains('<') && !body.contains('>'),
            "{page}: {body:.300}"
        );
        let v: Value = serde_json::from_str(&body).unwrap();
        let found = find_strings(&v);
        assert!(found.contains(&question), "{page}: {found:?}");
        assert!(found.contains(&answer), "{page}");
    }
    for feed in ["/rulings.atom", "/rulings/battleline.atom"] {
        let (_, _, xml) = get(feed).await;
        assert!(!xml.contains("<script") && !xml.contains("<img"), "{feed}");
        let titles: Vec<String> = entries(&xml).into_iter().map(|(_, t)| t).collect();
        assert!(
            titles.contains(&question),
            "{feed}: the parsed title is the raw question"
        );
    }
}

/// Whether `html` shows `raw` escaped, in named (`&lt;`) or numeric (`&#60;`) entities.
fn shows_escaped(html: &str, raw: &str) -> bool {
    let encode = |named: bool| {
        raw.chars()
            .map(|c| match (c, named) {
                ('<', true) => "&lt;".to_string(),
                ('>', true) => "&gt;".to_string(),
                ('&', true) => "&amp;".to_string(),
                ('"', true) => "&quot;".to_string(),
                ('<', false) => "&#60;".to_string(),
                ('>', false) => "&#62;".to_string(),
                ('&', false) => "&#38;".to_string(),
                ('"', false) => "&#34;".to_string(),
                (c, _) => c.to_string(),
            })
            .collect::<String>()
    };
    html.contains(&encode(true)) || html.contains(&encode(false))
}

fn find_strings(v: &Value) -> Vec<String> {
    match v {
        Value::String(s) => vec![s.clone()],
        Value::Array(a) => a.iter().flat_map(find_strings).collect(),
        Value::Object(m) => m.values().flat_map(find_strings).collect(),
        _ => vec![],
    }
}

/// The OpenAPI document covers every new route, and every ruling a JSON twin carries has
/// the keys the document's `Ruling` requires, with values its enums allow.
#[actix_web::test]
async fn the_openapi_document_covers_the_rulings() {
    let doc: Value = serde_json::from_str(include_str!("../static/openapi.json")).unwrap();
    for path in [
        "/rulings.json",
        "/rulings/{id}.json",
        "/rulings.atom",
        "/rulings/{game}.atom",
    ] {
        assert!(
            doc["paths"][path]["get"].is_object(),
            "{path} is documented"
        );
    }
    let schema = &doc["components"]["schemas"]["Ruling"];
    let required: Vec<&str> = schema["required"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| k.as_str().unwrap())
        .collect();
    let allowed = |key: &str, value: &Value| {
        schema["properties"][key]["enum"]
            .as_array()
            .is_none_or(|e| e.contains(value))
    };
    for (twin, pointer, path) in [
        ("/rulings.json", "/data", "/rulings.json"),
        (
            "/keyword/battleline/Fury.json",
            "/rulings",
            "/keyword/{game}/{name}.json",
        ),
        (
            "/card/battleline/Twin-Blade%20Revenant.json",
            "/rulings",
            "/card/{game}/{name}.json",
        ),
        (
            "/rules/battleline/4.1.json",
            "/rulings",
            "/rules/{game}/{section}.json",
        ),
    ] {
        let (_, v) = json(twin).await;
        let list = v.pointer(pointer).and_then(Value::as_array).expect(twin);
        assert!(!list.is_empty(), "{twin}");
        for r in list {
            for key in &required {
                assert!(r.get(*key).is_some(), "{twin}: {key} missing from {r}");
                assert!(allowed(key, &r[*key]), "{twin}: {key} = {}", r[*key]);
            }
        }
        let documented =
            &doc["paths"][path]["get"]["responses"]["200"]["content"]["application/json"]["schema"];
        let names_rulings = documented["properties"]["rulings"].is_object()
            || documented["properties"]["data"]["items"]["$ref"] == "#/components/schemas/Ruling";
        assert!(names_rulings, "{path} documents its rulings");
    }
    // The one page the spec gives: the page numbers it allows are answered.
    let page = doc["paths"]["/rulings.json"]["get"]["parameters"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "page")
        .unwrap();
    let re = regex::Regex::new(page["schema"]["pattern"].as_str().unwrap()).unwrap();
    for raw in ["1", "10000"] {
        assert!(re.is_match(raw));
        let (status, _) = json(&format!("/rulings.json?page={raw}")).await;
        assert_eq!(status, StatusCode::OK, "{raw}");
    }
    for raw in ["0", "10001", "2.0"] {
        assert!(!re.is_match(raw));
    }
}

/// In Chromium: the list, a superseded ruling and its successor, the hostile ruling (no
/// element of it comes alive), the keyword page's toggle opening without script, and a
/// deck's rulings on screen and in print; at desktop and 390 px, light and dark, with
/// screenshots in `target/browser-artifacts/rulings-*.png`.
#[test]
fn the_rulings_pages_in_a_browser() {
    use common::browser::{self, eval_json, main_text, Chromium, TestServer};
    let Some(chromium) = Chromium::launch() else {
        return;
    };
    let server = TestServer::start(state());
    let base = server.base();
    let tab = chromium.tab();
    let pages = [
        ("list", "/rulings"),
        ("ruling", "/rulings/bl-fury"),
        ("superseded", "/rulings/bl-fury-old"),
        ("hostile", "/rulings/bl-xss"),
        ("keyword", "/keyword/battleline/Fury"),
        ("card", "/card/karth/Spark"),
        ("rule", "/rules/battleline/4.1"),
    ];
    for scheme in ["light", "dark"] {
        browser::media(&tab, "screen", scheme);
        for (name, path) in pages {
            browser::open(&tab, &format!("{base}{path}"));
            let alive: usize = eval_json(
                &tab,
                "document.querySelectorAll('main img, main script, [onerror]').length",
            );
            assert_eq!(alive, 0, "{path}: nothing of a ruling's text comes alive");
            if scheme == "dark" {
                let (bg, ink) = browser::body_colours(&tab);
                assert!(browser::luminance(bg) < 0.2 && browser::luminance(ink) > 0.7);
            }
            browser::at_both_widths(&tab, path, &format!("rulings-{name}-{scheme}"));
        }
    }
    browser::media(&tab, "screen", "light");
    // The hostile question is shown as the text it is.
    browser::open(&tab, &format!("{base}/rulings/bl-xss"));
    let shown: String = eval_json(&tab, "document.querySelector('h1').innerText");
    assert_eq!(shown, format!("Does {SCRIPT} fire{IMG}?"));
    // The toggle: the superseded ruling is hidden until its summary is clicked.
    browser::open(&tab, &format!("{base}/keyword/battleline/Fury"));
    let visible = |tab: &headless_chrome::Tab| -> bool {
        eval_json(
            tab,
            "document.getElementById('ruling-bl-fury-old').checkVisibility()",
        )
    };
    assert!(!visible(&tab), "a superseded ruling starts hidden");
    tab.wait_for_element("details.superseded-rulings > summary")
        .expect("the toggle")
        .click()
        .expect("open the toggle");
    assert!(visible(&tab), "the toggle shows it");
    browser::full_screenshot(&tab, "rulings-keyword-toggle-open.png");
    // "Step through it" opens the step page.
    tab.wait_for_element("#ruling-bl-fury a.step-through")
        .expect("step through it")
        .click()
        .expect("click step through it");
    let hash = rulings()
        .into_iter()
        .find(|r| r.id == "bl-fury")
        .unwrap()
        .hash;
    browser::wait_for_url(&tab, "the ruling's step", |u| {
        u.ends_with(&format!("/adjudicate/p/{hash}/1"))
    });
    // A deck's rulings, on screen and printed.
    let list = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/decks/legal_obsidian-covenant.txt"),
    )
    .unwrap();
    browser::open(&tab, &format!("{base}/decks"));
    tab.wait_for_element("textarea#list").expect("the textarea");
    let js = format!(
        "document.getElementById('list').value = {}; true",
        serde_json::to_string(&list).unwrap()
    );
    tab.evaluate(&js, false).expect("paste the list");
    tab.wait_for_element("button#check")
        .expect("the Check button")
        .click()
        .expect("click Check");
    tab.wait_for_element("section.deck-rulings a[href=\"/rulings/kt-snatch\"]")
        .expect("the deck's ruling");
    assert!(main_text(&tab).contains("Rulings for this deck (1)"));
    browser::at_both_widths(&tab, "the deck's rulings", "rulings-deck-light");
    browser::media(&tab, "print", "light");
    let printed: bool = eval_json(
        &tab,
        "getComputedStyle(document.querySelector('section.deck-rulings')).display !== 'none'",
    );
    assert!(printed, "the deck's rulings print");
    browser::full_screenshot(&tab, "rulings-deck-print.png");
    drop(tab);
    drop(chromium);
    server.stop();
}

/// A feed's links name the request's own `Host`, never a forwarded one a client wrote
/// (a cache in front would serve the poisoned links to everyone).
#[actix_web::test]
async fn a_feed_ignores_forwarded_hosts() {
    let req = actix_web::test::TestRequest::get()
        .uri("/rulings.atom")
        .insert_header(("Host", "arbiter.example"))
        .insert_header(("X-Forwarded-Host", "evil.example"))
        .insert_header(("Forwarded", "host=evil.example"));
    let (status, _, xml) = common::http::send(state(), req).await;
    assert_eq!(status, StatusCode::OK);
    assert!(!xml.contains("evil.example"), "{xml}");
    assert!(
        xml.contains("href=\"http://arbiter.example/rulings/"),
        "{xml}"
    );
}
