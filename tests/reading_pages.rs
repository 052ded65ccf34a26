//! Issue #31, "Reading the step page" and the home page, without a browser: readings
//! shown by what they mean (never their key), dice numbered from 1, "Game over" only
//! when a game is over, odds read as odds, one house-rules page a game linked from its
//! builder and from the nav, and a home page that says what each game offers. The
//! browser half (contrast in both schemes, the phone, print) is `browser_reading.rs`.

use crate::common;

use actix_web::http::StatusCode;
use actix_web::test::{self, TestRequest};
use actix_web::App;
use arbiter::rules::interpret::{InterpretationInfo, LABEL_MAX};
use arbiter::rules::{Game, Readings};
use serde_json::Value;

/// Stores `position` through the builder's JSON paste; answers its hash.
async fn store(position: &Value) -> String {
    let app =
        test::init_service(App::new().configure(arbiter::web::configure(common::bundled_state())))
            .await;
    let req = TestRequest::post()
        .uri("/adjudicate")
        .insert_header(("Content-Type", "application/x-www-form-urlencoded"))
        .set_payload(common::http::form_field("json", &position.to_string()));
    let resp = test::call_service(&app, req.to_request()).await;
    assert_eq!(resp.status(), StatusCode::SEE_OTHER, "stored");
    let location = resp
        .headers()
        .get("location")
        .and_then(|v| v.to_str().ok())
        .expect("a location")
        .to_string();
    location
        .strip_prefix("/adjudicate/p/")
        .and_then(|rest| rest.split('/').next())
        .expect("a step page")
        .to_string()
}

fn fixture(game: &str, name: &str) -> Value {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(game)
        .join(format!("{name}.json"));
    common::fixtures::read(&path).position
}

async fn html(uri: &str) -> String {
    let (status, _, body) = common::http::get(common::bundled_state(), uri, None).await;
    assert_eq!(status, StatusCode::OK, "{uri}: {body}");
    body
}

async fn json(uri: &str) -> Value {
    let (status, _, body) = common::http::get(common::bundled_state(), uri, None).await;
    assert_eq!(status, StatusCode::OK, "{uri}: {body}");
    serde_json::from_str(&body).expect("JSON")
}

/// Every reading of `table` has a short label of words that is not its key.
fn assert_labelled(game: &str, table: &[InterpretationInfo]) {
    for info in table {
        for (value, _) in info.readings {
            let label = info.label(value);
            assert!(
                !label.is_empty() && label != value && !label.contains('_'),
                "{game} {}: reading {value} is labelled by its key: {label:?}",
                info.key
            );
            assert!(
                label.chars().count() <= LABEL_MAX,
                "{game} {}: reading {value}'s label is over {LABEL_MAX} characters: {label:?}",
                info.key
            );
        }
        assert_ne!(
            info.label(info.readings[0].0),
            info.label(info.readings[1].0),
            "{game} {}: both readings read the same",
            info.key
        );
    }
}

#[test]
fn every_reading_of_every_game_has_a_short_label_that_is_not_its_key() {
    use arbiter::games::{arcane, battleline, karth, keyforge, swtcg};
    assert_labelled(
        "battleline",
        <<battleline::Battleline as Game>::Readings as Readings>::TABLE,
    );
    assert_labelled(
        "swtcg",
        <<swtcg::Swtcg as Game>::Readings as Readings>::TABLE,
    );
    assert_labelled(
        "keyforge",
        <<keyforge::Keyforge as Game>::Readings as Readings>::TABLE,
    );
    assert_labelled(
        "arcane",
        <<arcane::Arcane as Game>::Readings as Readings>::TABLE,
    );
    assert_labelled(
        "karth",
        <<karth::Karth as Game>::Readings as Readings>::TABLE,
    );
}

/// The step page's switch, its "now", the log's reading and the comparison's heading
/// say what a reading means, not its key.
#[actix_rt::test]
async fn readings_are_shown_by_what_they_mean() {
    let hash = store(&fixture("swtcg", "critical_hit_parry_evade")).await;
    let page = html(&format!("/adjudicate/p/{hash}/0")).await;
    let at = page
        .find(r#"data-key="fury_dice_naturals""#)
        .expect("the switch of fury_dice_naturals");
    let button = &page[at..at + page[at..].find("</button>").expect("its end")];
    assert!(
        button.contains("Switch to “No”"),
        "the switch names the other reading by what it means: {button}"
    );
    assert!(
        !button.contains("Switch to initial_only"),
        "not by its key: {button}"
    );
    let reading = &page[page
        .find(r#"id="reading-fury_dice_naturals""#)
        .expect("the reading")..];
    let now = &reading[..reading.find("</span>").expect("the now")];
    assert!(
        now.contains(">Yes</strong>") && !now.contains(">count<"),
        "now: {now}"
    );

    // The comparison: the question, then each side's reading in words.
    let app =
        test::init_service(App::new().configure(arbiter::web::configure(common::bundled_state())))
            .await;
    let resp = test::call_service(
        &app,
        TestRequest::post()
            .uri(&format!("/adjudicate/p/{hash}/interpret"))
            .insert_header(("Content-Type", "application/x-www-form-urlencoded"))
            .set_payload("key=fury_dice_naturals&step=0")
            .to_request(),
    )
    .await;
    assert_eq!(resp.status(), StatusCode::SEE_OTHER);
    let compare = resp
        .headers()
        .get("location")
        .and_then(|v| v.to_str().ok())
        .expect("the comparison")
        .to_string();
    let page = html(&compare).await;
    let list = &page[page
        .find(r#"<ul class="differences">"#)
        .expect("differences")..];
    let list = &list[..list.find("</ul>").expect("its end")];
    assert!(
        list.contains("Do the additional dice Fury rolls count")
            && list.contains("<strong>A</strong>: Yes")
            && list.contains("<strong>B</strong>: No"),
        "{list}"
    );
    assert!(
        !list.contains("fury_dice_naturals") && !list.contains("initial_only"),
        "no key in the comparison's heading: {list}"
    );

    // The log names a reading an event rests on by what it means, and quotes it.
    let hash = store(&fixture("positions", "interp_fade_leave_gap")).await;
    let total = json(&format!("/adjudicate/p/{hash}/0.json")).await["total"]
        .as_u64()
        .expect("total");
    let v = json(&format!("/adjudicate/p/{hash}/{total}.json")).await;
    let fade = v["log"]
        .as_array()
        .expect("log")
        .iter()
        .flat_map(|s| s["events"].as_array().into_iter().flatten())
        .find(|e| e["rule"] == "Fade")
        .expect("a Fade event");
    assert_eq!(fade["also"][0]["label"], "reading of Fade: Yes");
    assert!(
        fade["also"][0]["sentence"]
            .as_str()
            .is_some_and(|s| s.contains("its old slot stays empty")),
        "{}",
        fade["also"][0]
    );
}

/// Dice are numbered from 1 on the page, in the log and in the form.
#[actix_rt::test]
async fn dice_are_numbered_from_one_everywhere() {
    let hash = store(&fixture("swtcg", "critical_hit_parry_evade")).await;
    let total = json(&format!("/adjudicate/p/{hash}/0.json")).await["total"]
        .as_u64()
        .expect("total");
    let v = json(&format!("/adjudicate/p/{hash}/{total}.json")).await;
    let texts: Vec<&str> = v["log"]
        .as_array()
        .expect("log")
        .iter()
        .flat_map(|s| s["events"].as_array().into_iter().flatten())
        .filter_map(|e| e["text"].as_str())
        .collect();
    let dice: Vec<&&str> = texts.iter().filter(|t| t.contains(" die ")).collect();
    assert!(!dice.is_empty(), "the log names dice: {texts:#?}");
    assert!(
        dice.iter().any(|t| t.contains("(attack die 1)")),
        "the first die is die 1: {dice:#?}"
    );
    assert!(
        !dice.iter().any(|t| t.contains("die 0")),
        "no die 0: {dice:#?}"
    );
    // The form's re-roll and Lucky fields count from 1 too.
    let form = html("/adjudicate?game=swtcg").await;
    assert!(
        !form.contains("the first is 0") && !form.contains("0 for the first die"),
        "the form numbers dice from 1"
    );
}

/// The step page says "Game over" only when a game is over: one Star Wars TCG attack
/// ending is not, and the page says what happened.
#[actix_rt::test]
async fn game_over_only_when_a_game_is_over() {
    let hash = store(&fixture("swtcg", "critical_hit_parry_evade")).await;
    let total = json(&format!("/adjudicate/p/{hash}/0.json")).await["total"]
        .as_u64()
        .expect("total");
    let v = json(&format!("/adjudicate/p/{hash}/{total}.json")).await;
    assert_eq!(v["board"]["ended"]["game_over"], false, "{}", v["board"]);
    let page = html(&format!("/adjudicate/p/{hash}/{total}")).await;
    assert!(!page.contains("Game over"), "one attack is not a game");
    assert!(
        page.contains("<h2>The attack is over"),
        "the heading says what happened"
    );
    assert!(
        page.contains("The game itself is not over"),
        "and that the game goes on"
    );
    // KeyForge: the last action done.
    let hash = store(&fixture("keyforge", "default_choices")).await;
    let total = json(&format!("/adjudicate/p/{hash}/0.json")).await["total"]
        .as_u64()
        .expect("total");
    let page = html(&format!("/adjudicate/p/{hash}/{total}")).await;
    assert!(!page.contains("Game over") && !page.contains("<h2>Adjudication ended"));
    assert!(
        page.contains("<h2>Every action is taken") || page.contains("<h2>Stopped at"),
        "{}",
        &page[page.find("id=\"outcome\"").unwrap_or(0)..][..400.min(page.len())]
    );
}

/// Odds read as odds: a percentage, "certain" for 1; the method's jargon folded away.
#[actix_rt::test]
async fn odds_read_as_percentages_and_certain() {
    let hash = store(&fixture("swtcg", "critical_hit_parry_evade")).await;
    let page = html(&format!("/adjudicate/p/{hash}/0")).await;
    let odds = &page[page.find(r#"id="odds""#).expect("the odds")..];
    let odds = &odds[..odds.find("</section>").expect("its end")];
    let list = &odds[odds.find("odds-results").expect("the results")..];
    let list = &list[..list.find("</ul>").expect("its end")];
    assert!(
        list.contains('%') || list.contains("certain"),
        "percentages: {list}"
    );
    for item in list.split("<li>").skip(1) {
        let chance = item
            .split(r#"<strong class="chance">"#)
            .nth(1)
            .and_then(|c| c.split("</strong>").next())
            .expect("a chance");
        assert!(
            chance == "certain"
                || chance == "impossible"
                || (chance.ends_with('%') && !chance.contains('/')),
            "a chance reads as odds: {chance:?}"
        );
    }
    let plain = &odds[..odds.find("<details").expect("the method is folded away")];
    assert!(
        !plain.contains("dynamic programming") && !plain.contains("outcome classes"),
        "no jargon before the fold: {plain}"
    );
    // After the last step everything is decided: "certain".
    let total = json(&format!("/adjudicate/p/{hash}/0.json")).await["total"]
        .as_u64()
        .expect("total");
    let page = html(&format!("/adjudicate/p/{hash}/{total}")).await;
    assert!(
        page.contains(r#"<strong class="chance">certain</strong>"#),
        "a decided result is certain"
    );
}

/// One house-rules page a game, linked from the nav's index, each builder (with its
/// anchor) and each game's rules page; the log links there.
#[actix_rt::test]
async fn each_game_has_its_own_house_rules_page() {
    let index = html("/adjudicate/rules").await;
    assert!(
        !index.contains("Battle-line turn sequence"),
        "the nav says House rules"
    );
    assert!(index.contains(r#"<a href="/adjudicate/rules">House rules</a>"#));
    for game in arbiter::games::GameId::ALL {
        let slug = game.slug();
        assert!(
            index.contains(&format!(r#"href="/adjudicate/rules/{slug}""#)),
            "the index links {slug}'s page"
        );
        let page = html(&format!("/adjudicate/rules/{slug}")).await;
        assert!(page.contains(&format!(r#"id="{slug}""#)), "{slug}'s anchor");
        for other in arbiter::games::GameId::ALL.iter().filter(|g| *g != game) {
            assert!(
                !page.contains(&format!(
                    r#"<section class="game-rules" id="{}""#,
                    other.slug()
                )),
                "{slug}'s page holds only {slug}'s rules"
            );
        }
        let builder = html(&format!("/adjudicate?game={slug}")).await;
        assert!(
            builder.contains(&format!(r#"href="/adjudicate/rules/{slug}#{slug}""#)),
            "{slug}'s builder links its house rules with an anchor"
        );
        let v = json(&format!("/adjudicate/rules/{slug}.json")).await;
        assert_eq!(v["games"][0]["game"], slug);
        assert_eq!(v["games"].as_array().map(Vec::len), Some(1));
    }
    let (status, _, _) =
        common::http::get(common::bundled_state(), "/adjudicate/rules/chess", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // The whole index is short: no game's rules on it.
    assert!(
        index.len() < 20_000,
        "the index is a list: {} bytes",
        index.len()
    );
}

/// The home page says what each game offers and links to it, with real rule counts.
#[actix_rt::test]
async fn the_home_page_says_what_each_game_offers() {
    let page = html("/").await;
    let v = json("/index.json").await;
    for g in v["data"].as_array().expect("the games") {
        let slug = g["slug"].as_str().expect("a slug");
        let row = &page[page
            .find(&format!(r#"<tr id="game-{slug}">"#))
            .unwrap_or_else(|| panic!("{slug}'s row"))..];
        let row = &row[..row.find("</tr>").expect("its end")];
        assert!(row.contains("class=\"offer-search\""), "{slug}: search");
        assert!(
            row.contains(&format!(r#"href="/adjudicate?game={slug}""#)),
            "{slug}: adjudication"
        );
        assert_eq!(
            row.contains(r#"href="/decks""#),
            g["decks"] == true,
            "{slug}: decks where it has deck rules"
        );
        let rules = &row[row.find("rules-count").expect("the rules cell")..];
        let rules = &rules[..rules.find("</td>").expect("its end")];
        assert!(
            !rules.contains(">0<"),
            "{slug}: no rule count of 0: {rules}"
        );
        assert!(
            g["house_rules"].as_u64().unwrap_or(0) > 0,
            "{slug}: its house rules are counted"
        );
    }
    assert!(
        page.contains(r#"href="/decks">Check a deck</a>"#),
        "deck checking is on the home page"
    );
}

/// A die drawn at a step is pinned by clicking the die: no list of six buttons per die.
#[actix_rt::test]
async fn a_drawn_die_is_its_own_pin() {
    let hash = store(&fixture("swtcg", "critical_hit_parry_evade")).await;
    let v = json(&format!("/adjudicate/p/{hash}/3.json")).await;
    let dice = v["chances"].as_array().map_or(0, Vec::len);
    assert_eq!(dice, 4, "step 3 rolls four dice: {}", v["chances"]);
    let page = html(&format!("/adjudicate/p/{hash}/3")).await;
    assert!(
        !page.contains(r#"<section class="chance""#),
        "no list of faces per die"
    );
    let pins: Vec<&str> = page.split(r#"<details class="die-pin""#).skip(1).collect();
    assert_eq!(pins.len(), 4, "each drawn die is a pin");
    for (i, pin) in pins.iter().enumerate() {
        let pin = &pin[..pin.find("</details>").expect("its end")];
        assert!(
            pin.contains("<svg"),
            "die {}: the die itself is clicked",
            i + 1
        );
        assert_eq!(
            pin.matches(r#"class="candidate"#).count(),
            6,
            "die {}: its six faces once opened",
            i + 1
        );
        assert!(pin.contains(&format!(r#"data-slot="attack:{i}:1""#)));
    }
    assert!(page.contains(r#"id="pin-help""#), "the page says how");
}
