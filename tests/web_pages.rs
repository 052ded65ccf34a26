//! The keyword, card and rules pages: HTML, both JSON twins (`.json` suffix and
//! `Accept: application/json`), 404s with suggestions, hostile input and hostile data.

use crate::common;

use actix_web::http::StatusCode;
use arbiter::catalogue::{self, Card, CardAbility, Catalogue};
use arbiter::web::links;
use serde_json::{json, Value};
use std::sync::{Arc, LazyLock};

/// The bundled catalogue, imported once for the whole file.
static BUNDLED: LazyLock<Arc<Catalogue>> = LazyLock::new(|| Arc::new(common::bundled_catalogue()));

async fn get_from(
    catalogue: Arc<Catalogue>,
    uri: &str,
    accept: Option<&str>,
) -> (StatusCode, String, String) {
    common::http::get(common::state_for(catalogue), uri, accept).await
}

async fn get(uri: &str, accept: Option<&str>) -> (StatusCode, String, String) {
    get_from(BUNDLED.clone(), uri, accept).await
}

/// The HTML page at `uri` and its JSON twin, checked to be the same both ways.
async fn page_and_twin_from(catalogue: Arc<Catalogue>, uri: &str) -> (String, Value) {
    let (status, ctype, html) = get_from(catalogue.clone(), uri, None).await;
    assert_eq!(status, StatusCode::OK, "{uri}: {html}");
    assert!(ctype.starts_with("text/html"), "{uri}: {ctype}");
    let suffixed = links::json(uri);
    let (status, ctype, by_suffix) = get_from(catalogue.clone(), &suffixed, None).await;
    assert_eq!(status, StatusCode::OK, "{suffixed}: {by_suffix}");
    assert!(ctype.starts_with("application/json"), "{suffixed}: {ctype}");
    let (status, ctype, by_accept) = get_from(catalogue, uri, Some("application/json")).await;
    assert_eq!(status, StatusCode::OK, "{uri} (Accept): {by_accept}");
    assert!(ctype.starts_with("application/json"), "{uri}: {ctype}");
    assert_eq!(
        by_suffix, by_accept,
        "{uri}: both twins are the same document"
    );
    let v: Value = serde_json::from_str(&by_suffix).expect("valid JSON");
    (html, v)
}

async fn page_and_twin(uri: &str) -> (String, Value) {
    page_and_twin_from(BUNDLED.clone(), uri).await
}

/// A 404 in both formats; returns the JSON `details`.
async fn not_found_both_ways(uri: &str) -> String {
    let (status, ctype, html) = get(uri, None).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{uri}: {html}");
    assert!(ctype.starts_with("text/html"));
    assert!(html.contains("404"), "{uri}");
    let (status, ctype, body) = get(uri, Some("application/json")).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{uri}");
    assert!(ctype.starts_with("application/json"));
    let v: Value = serde_json::from_str(&body).expect("valid JSON");
    assert_eq!(v["object"], "error");
    assert_eq!(v["status"], 404);
    assert_eq!(v["code"], "not_found");
    let (status, _, suffixed) = get(&links::json(uri), None).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{uri}.json");
    let w: Value = serde_json::from_str(&suffixed).expect("valid JSON");
    assert_eq!(w["code"], "not_found");
    v["details"].as_str().unwrap_or_default().to_string()
}

fn names(list: &Value) -> Vec<&str> {
    list.as_array()
        .expect("an array")
        .iter()
        .map(|x| x["name"].as_str().expect("a name"))
        .collect()
}

// ---- keywords ----

// seed 000 §4.1 Fury: a Battleline standard ability.
#[actix_web::test]
async fn battleline_fury() {
    let (html, v) = page_and_twin("/keyword/battleline/Fury").await;
    assert!(html.contains("<h1>Fury</h1>"));
    assert!(
        html.contains("href=\"/#game-battleline\""),
        "the game links home"
    );
    assert!(html.contains("/card/battleline/Twin-Blade%20Revenant"));
    assert!(
        html.contains("href=\"/keyword/swtcg/Fury\""),
        "the same name in swtcg"
    );
    assert_eq!(v["object"], "keyword");
    assert_eq!(v["kind"], "keyword");
    assert_eq!(v["game"], "battleline");
    assert_eq!(v["name"], "Fury");
    assert_eq!(v["kind_of_ability"], "static");
    assert_eq!(v["section"], "4.1");
    assert_eq!(v["takes_value"], false);
    assert_eq!(v["url"], "/keyword/battleline/Fury");
    assert!(v["parse"].is_null());
    assert!(names(&v["cards"]).contains(&"Twin-Blade Revenant"));
    assert_eq!(v["cards"][0]["kind"], "card");
    assert_eq!(names(&v["same_name_elsewhere"]), vec!["Fury"]);
    assert_eq!(v["same_name_elsewhere"][0]["game"], "swtcg");
    assert_eq!(v["references"], serde_json::json!([]));
}

// seed 002 Fury: "Fury X: A cumulative ability triggered by the initial dice roll that means, …"
#[actix_web::test]
async fn swtcg_fury_shows_its_parse() {
    let (html, v) = page_and_twin("/keyword/swtcg/Fury").await;
    for row in [
        "<th>stacking</th><td>cumulative</td>",
        "<th>kind</th><td>triggered</td>",
        "<th>noun</th><td>ability</td>",
        "<th>timing</th><td>initial dice roll</td>",
        "<th>takes X</th><td>yes</td>",
        "<th>bracket parameter</th><td>—</td>",
    ] {
        assert!(html.contains(row), "{row}");
    }
    assert!(html.contains("<th>meaning</th>"));
    assert_eq!(v["parse"]["grammar"], "swtcg");
    assert_eq!(v["parse"]["stacking"], "cumulative");
    assert_eq!(v["parse"]["takes_x"], true);
    assert_eq!(v["takes_value"], true);
    assert_eq!(v["cards"][0]["name"], "Colony Strike Corvette");
    assert_eq!(v["cards"][0]["value"], 1);
    assert!(html.contains("Fury 1"), "the card's value is shown");
    assert_eq!(v["same_name_elsewhere"][0]["game"], "battleline");
}

// seed 002 Precision: "\"Elude\" is the former name of this keyword."
#[actix_web::test]
async fn elude_resolves_to_precision() {
    let (html, v) = page_and_twin("/keyword/swtcg/Elude").await;
    assert!(html.contains("<h1>Precision</h1>"));
    assert!(html.contains("Elude is another name for Precision"));
    assert_eq!(v["name"], "Precision");
    assert_eq!(v["aliases"], serde_json::json!(["Elude"]));
    assert_eq!(v["url"], "/keyword/swtcg/Precision");
    // Another case of the canonical name is the same entry, without the alias note.
    let (html, v) = page_and_twin("/keyword/swtcg/PRECISION").await;
    assert!(!html.contains("another name"));
    assert_eq!(v["name"], "Precision");
}

// seed 002 Accuracy is only explained in passing: no definition in the grammar's shape.
#[actix_web::test]
async fn keyword_without_a_parse_says_so() {
    let (html, v) = page_and_twin("/keyword/swtcg/Accuracy").await;
    assert!(html.contains("no definition in the grammar"));
    assert!(v["parse"].is_null());
}

// seed 000 §4.1 Carrot Seeker: "(see 4.2, Special Rules > The Omega Rabbit)"
#[actix_web::test]
async fn carrot_seeker_links_its_reference() {
    let (html, v) = page_and_twin("/keyword/battleline/Carrot%20Seeker").await;
    assert!(
        html.contains(
            "(see <a href=\"/rules/battleline/4.2\">4.2</a>, Special Rules &gt; \
             <a href=\"/keyword/battleline/The%20Omega%20Rabbit\">The Omega Rabbit</a>)"
        ),
        "{html}"
    );
    let refs = v["references"].as_array().unwrap();
    assert_eq!(refs.len(), 1);
    assert_eq!(refs[0]["section"], "4.2");
    assert_eq!(refs[0]["url"], "/rules/battleline/4.2");
    assert_eq!(refs[0]["keyword"]["name"], "The Omega Rabbit");
    assert_eq!(
        refs[0]["keyword"]["url"],
        "/keyword/battleline/The%20Omega%20Rabbit"
    );
    // The JSON text stays verbatim.
    assert!(v["text"]
        .as_str()
        .unwrap()
        .contains("(see 4.2, Special Rules > The Omega Rabbit)"));
}

// seed 000 §4.1 Gatekeeper: "(See 4.2, Special Rules > The Endless Serpent)"
#[actix_web::test]
async fn gatekeeper_links_the_endless_serpent() {
    let (html, v) = page_and_twin("/keyword/battleline/Gatekeeper").await;
    assert!(html.contains("(See <a href=\"/rules/battleline/4.2\">4.2</a>"));
    assert!(html.contains(
        "<a href=\"/keyword/battleline/The%20Endless%20Serpent\">The Endless Serpent</a>"
    ));
    assert_eq!(v["references"][0]["keyword"]["name"], "The Endless Serpent");
    // ... and the link leads somewhere.
    let (status, _, _) = get("/keyword/battleline/The%20Endless%20Serpent", None).await;
    assert_eq!(status, StatusCode::OK);
    // A Gatekeeper card shows the definition inline, with the same links.
    let (html, _) = page_and_twin("/card/battleline/Gatekeeper%20of%20the%20North%20Gate").await;
    assert!(html.contains(
        "<a href=\"/keyword/battleline/The%20Endless%20Serpent\">The Endless Serpent</a>"
    ));
}

// ---- cards ----

// seed 000 §4.2 Ice Block: "This ability is only used by Frowny the Snowman."
#[actix_web::test]
async fn frowny_the_snowman() {
    let (html, v) = page_and_twin("/card/battleline/Frowny%20the%20Snowman").await;
    assert!(html.contains("<h1>Frowny the Snowman</h1>"));
    assert!(html.contains("<a href=\"/keyword/battleline/Ice%20Block\">Ice Block</a>"));
    assert!(
        html.contains("This ability is only used by Frowny the Snowman."),
        "the keyword's definition is inline"
    );
    assert!(html.contains("<th>attack</th>"));
    assert_eq!(v["object"], "card");
    assert_eq!(v["kind"], "card");
    assert_eq!(v["game"], "battleline");
    assert_eq!(v["type"], "creature");
    assert_eq!(v["faction"], "Frostmarch");
    assert_eq!(v["attributes"]["attack"], 2);
    assert_eq!(v["attributes"]["life"], 5);
    assert_eq!(v["abilities"][0]["keyword"], "Ice Block");
    assert_eq!(v["abilities"][0]["url"], "/keyword/battleline/Ice%20Block");
    assert!(v["abilities"][0]["definition"]
        .as_str()
        .unwrap()
        .starts_with("This ability is only used by Frowny the Snowman."));
    assert_eq!(v["text_abilities"], serde_json::json!([]));
    assert_eq!(v["url"], "/card/battleline/Frowny%20the%20Snowman");
}

// seed 003: "Horseman of Pestilence has Play, Fight, and Reap abilities."
#[actix_web::test]
async fn horseman_of_pestilence_shows_its_text_abilities() {
    let (html, v) = page_and_twin("/card/keyforge/Horseman%20of%20Pestilence").await;
    assert!(html.contains("<th>types</th><td>Play/Fight/Reap</td>"));
    assert!(html.contains("<th>effect</th><td>Deal 1 damage to each non-Horseman creature.</td>"));
    for kw in ["Play", "Fight", "Reap"] {
        assert!(
            html.contains(&format!("href=\"/keyword/keyforge/{kw}\"")),
            "{kw}"
        );
    }
    let t = &v["text_abilities"][0];
    assert_eq!(t["grammar"], "keyforge");
    assert_eq!(t["types"], serde_json::json!(["play", "fight", "reap"]));
    assert_eq!(t["effect"], "Deal 1 damage to each non-Horseman creature.");
    assert_eq!(v["attributes"]["power"], 6);
}

// seed 004 Activated: "an ability that says "1 OP, if this unit is undead --" can only be used if that unit is undead"
#[actix_web::test]
async fn arcane_card_shows_cost_and_restriction() {
    let (html, v) = page_and_twin("/card/arcane/Barrow%20Legion%20Cohort").await;
    assert!(html.contains("<th>costs</th><td>1 OP</td>"));
    assert!(html.contains("<th>restriction</th><td>if this unit is undead</td>"));
    assert_eq!(v["text_abilities"][0]["kind"], "activated");
    assert_eq!(v["text_abilities"][0]["costs"], json!(["1 OP"]));
    assert_eq!(v["text_abilities"][1]["kind"], "triggered");
    // The text keeps its line breaks: verbatim in the page, shown with `pre-wrap`.
    assert!(v["text"].as_str().unwrap().contains('\n'));
    assert!(html.contains("class=\"source-text card-text\">Lord of the Dead: 1 OP"));
    assert!(html.contains("this unit.\nDeath Cloud:"));
    let (_, _, css) = get("/static/style.css", None).await;
    assert!(css.contains(".source-text {") && css.contains("white-space: pre-wrap"));
    // seed 004: "other costs such as downing one of the unit’s own figures may also be used"
    let (html, v) = page_and_twin("/card/arcane/Jade%20Marches%20Flame%20Adepts").await;
    assert!(
        html.contains("<th>costs</th><td>1 OP; down one figure from this unit</td>"),
        "{html}"
    );
    assert!(html.contains("<th>restriction</th><td>—</td>"));
    assert_eq!(
        v["text_abilities"][0]["costs"],
        json!(["1 OP", "down one figure from this unit"])
    );
}

// ---- rules ----

// seed 001 5.1.2, twice: "A Player cannot have two of the same Allegiance Hero on the
// Battlefield." then "A Player cannot have two of the same Shard Hero on the Battlefield."
#[actix_web::test]
async fn karth_5_1_2_shows_both_rules_in_order() {
    let (html, v) = page_and_twin("/rules/karth/5.1.2").await;
    let allegiance = html
        .find("two of the same Allegiance Hero")
        .expect("the Allegiance rule");
    let shard = html
        .find("two of the same Shard Hero")
        .expect("the Shard rule");
    assert!(allegiance < shard, "source order");
    assert!(html.contains("This number appears 2 times in the source"));
    assert_eq!(v["object"], "list");
    assert_eq!(v["total"], 2);
    assert_eq!(v["has_more"], false);
    assert!(v["next_page"].is_null());
    assert_eq!(v["warnings"], serde_json::json!([]));
    let data = v["data"].as_array().unwrap();
    assert_eq!(data[0]["object"], "rule");
    assert_eq!(data[0]["kind"], "rule");
    assert_eq!(data[0]["section"], "5.1.2");
    assert_eq!(data[0]["title"], "Hero Cards");
    assert!(data[0]["text"].as_str().unwrap().contains("Allegiance"));
    assert!(data[1]["text"].as_str().unwrap().contains("Shard"));
    assert!(data[0]["ordinal"].as_u64() < data[1]["ordinal"].as_u64());
    assert_eq!(data[0]["url"], "/rules/karth/5.1.2");
    assert_eq!(v["children"], serde_json::json!([]));
}

// "5.1.2.json" is section 5.1.2's twin, not a section "5.1.2.json".
#[actix_web::test]
async fn section_json_suffix_is_not_part_of_the_number() {
    let (status, ctype, body) = get("/rules/karth/5.1.2.json", None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(ctype.starts_with("application/json"));
    let v: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(v["total"], 2);
    assert_eq!(v["data"][1]["section"], "5.1.2");
}

// seed 000 §4.2 Special Rules: The Endless Serpent, Ice Block, Melt, The Omega Rabbit, Terrify.
#[actix_web::test]
async fn battleline_4_2_lists_the_special_rules() {
    let (html, v) = page_and_twin("/rules/battleline/4.2").await;
    let special = [
        "The Endless Serpent",
        "Ice Block",
        "Melt",
        "The Omega Rabbit",
        "Terrify",
    ];
    for name in special {
        let url = links::keyword("battleline", name);
        assert!(html.contains(&format!("href=\"{url}\"")), "{name}");
    }
    let mut got = names(&v["keywords"]);
    got.sort_unstable();
    let mut want = special.to_vec();
    want.sort_unstable();
    assert_eq!(got, want);
    assert_eq!(v["data"][0]["title"], "Special Rules");
    // The top heading lists 4.1 and 4.2 below it.
    let (html, v) = page_and_twin("/rules/battleline/4").await;
    assert!(html.contains("href=\"/rules/battleline/4.1\""));
    let children: Vec<&str> = v["children"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["section"].as_str().unwrap())
        .collect();
    assert_eq!(children, vec!["4.1", "4.2"]);
}

#[actix_web::test]
async fn karth_lists_every_section() {
    let (html, v) = page_and_twin("/rules/karth").await;
    for s in ["5.1", "5.1.2", "5.8.7", "5.10.7", "3.11"] {
        assert!(html.contains(&format!("href=\"/rules/karth/{s}\"")), "{s}");
    }
    assert_eq!(v["object"], "list");
    let data = v["data"].as_array().unwrap();
    assert_eq!(v["total"], data.len());
    assert!(data
        .iter()
        .all(|r| r["game"] == "karth" && r["object"] == "rule"));
    let repeats = data.iter().filter(|r| r["section"] == "5.8.7").count();
    assert_eq!(repeats, 2, "seed 001 repeats 5.8.7; both rules are listed");
}

// ---- errors ----

#[actix_web::test]
async fn unknown_things_are_404_with_suggestions() {
    let d = not_found_both_ways("/keyword/battlelin/Fury").await;
    assert!(d.contains("did you mean `battleline`"), "{d}");
    let d = not_found_both_ways("/keyword/battleline/Fuyr").await;
    assert!(d.contains("did you mean `Fury`"), "{d}");
    // Aliases are suggested too.
    let d = not_found_both_ways("/keyword/swtcg/Elud").await;
    assert!(d.contains("`Elude`"), "{d}");
    let d = not_found_both_ways("/card/battleline/Frowny%20the%20Snowmann").await;
    assert!(d.contains("did you mean `Frowny the Snowman`"), "{d}");
    let d = not_found_both_ways("/card/kayforge/Horseman%20of%20Pestilence").await;
    assert!(d.contains("`keyforge`"), "{d}");
    let d = not_found_both_ways("/rules/karth/5.1.9").await;
    assert!(
        d.contains("did you mean `5.1`"),
        "the nearest heading first: {d}"
    );
    let d = not_found_both_ways("/rules/kart").await;
    assert!(d.contains("`karth`"), "{d}");
    let d = not_found_both_ways("/rules/karth/zz").await;
    assert!(d.contains("no karth rule numbered `zz`"), "{d}");
    // The HTML error page escapes what the URL said.
    let (_, _, html) = get("/keyword/battleline/%3Cscript%3E", None).await;
    assert!(!html.contains("<script>") && escapes_script(&html));
}

#[actix_web::test]
async fn garbage_and_huge_names_are_4xx_not_500() {
    let long = "a".repeat(10 * 1024);
    let uris = [
        "/keyword/battleline/%FF%FE".to_string(),
        "/keyword/battleline/%FF%FE.json".to_string(),
        "/card/battleline/%FF%FE".to_string(),
        "/rules/battleline/%FF%FE".to_string(),
        "/rules/%FF%FE".to_string(),
        "/keyword/%00/%00".to_string(),
        "/card/battleline/..%2F..%2Fetc%2Fpasswd".to_string(),
        "/rules/karth/5.1.2.json.json".to_string(),
        "/rules/karth/.json".to_string(),
        format!("/keyword/battleline/{long}"),
        format!("/keyword/{long}/Fury"),
        format!("/card/battleline/{long}.json"),
        format!("/rules/karth/{}", "5.".repeat(5 * 1024)),
    ];
    for uri in &uris {
        for accept in [None, Some("application/json")] {
            let (status, _, body) = get(uri, accept).await;
            let shown: String = uri.chars().take(60).collect();
            assert!(status.is_client_error(), "{shown}: {status}");
            assert!(body.len() < 4096, "{shown}: the error does not echo 10 KB");
        }
    }
}

// ---- hostile data ----

/// `<script>` escaped, as `html_escape` writes it (`&lt;`, source text through the
/// linkifier) or as askama 0.16 does (`&#60;`, every other `{{ … }}`).
fn escapes_script(html: &str) -> bool {
    html.contains("&lt;script&gt;") || html.contains("&#60;script&#62;")
}

const EVIL_NAME: &str = r#"Evil <script>alert("x")</script> "Quote" 'Apos'"#;
const EVIL_TEXT: &str = "<script>alert(1)</script> & \"quotes\"\nsecond line";

fn hostile_catalogue() -> Arc<Catalogue> {
    let mut data = catalogue::validate(&common::bundled()).expect("the bundled data is valid");
    data.cards.push(Card {
        game: "battleline".into(),
        name: EVIL_NAME.into(),
        card_type: "creature".into(),
        faction: None,
        value: None,
        abilities: vec![CardAbility {
            keyword: "Fury".into(),
            value: None,
        }]
        .into(),
        traits: vec!["<b>Beast</b>".into()].into(),
        text: EVIL_TEXT.into(),
        attributes: Box::default(),
        text_abilities: Box::default(),
    });
    Arc::new(Catalogue::from_data(data, "hostile".into()))
}

#[actix_web::test]
async fn hostile_card_text_is_escaped_everywhere() {
    let cat = hostile_catalogue();
    let card_url = links::card("battleline", EVIL_NAME);
    for uri in [card_url.as_str(), "/keyword/battleline/Fury"] {
        let (html, json) = page_and_twin_from(cat.clone(), uri).await;
        assert!(!html.contains("<script"), "{uri}: raw <script> in HTML");
        assert!(escapes_script(&html), "{uri}: escaped in HTML");
        assert!(!html.contains("<b>Beast"), "{uri}");
        // The raw bodies of both twins never hold `<script>` ...
        for twin in [None, Some("application/json")] {
            let target = if twin.is_some() {
                uri.to_string()
            } else {
                links::json(uri)
            };
            let (_, _, body) = get_from(cat.clone(), &target, twin).await;
            assert!(!body.contains("<script"), "{target}: raw <script> in JSON");
        }
        // ... yet the parsed JSON holds the original strings.
        let listed = if json["object"] == "card" {
            assert_eq!(json["text"], EVIL_TEXT);
            json["name"].clone()
        } else {
            json["cards"]
                .as_array()
                .unwrap()
                .iter()
                .find(|c| c["name"] == EVIL_NAME)
                .expect("Fury lists the hostile card")["name"]
                .clone()
        };
        assert_eq!(listed, EVIL_NAME);
    }
    // The card page links to Fury and its own URL is percent-encoded.
    let (html, json) = page_and_twin_from(cat.clone(), &card_url).await;
    assert!(html.contains("href=\"/keyword/battleline/Fury\""));
    // The card text goes through the linkifier: `&lt;`, line break kept.
    assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; \"quotes\"\nsecond line"));
    // The name, in the heading, is escaped by askama.
    assert!(html.contains("<h1>Evil &#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;"));
    assert_eq!(json["url"], card_url);
    assert!(!card_url.contains('<') && !card_url.contains('"'));
}

#[actix_web::test]
async fn a_keyword_page_lists_at_most_200_cards_and_links_the_rest() {
    let mut data = catalogue::validate(&common::bundled()).expect("the bundled data is valid");
    for i in 0..250 {
        data.cards.push(Card {
            game: "battleline".into(),
            name: format!("Fury Drone {i:03}").into(),
            card_type: "creature".into(),
            faction: None,
            value: None,
            abilities: vec![CardAbility {
                keyword: "Fury".into(),
                value: None,
            }]
            .into(),
            traits: Box::default(),
            text: Default::default(),
            attributes: Box::default(),
            text_abilities: Box::default(),
        });
    }
    let cat = Arc::new(Catalogue::from_data(data, "many".into()));
    let (html, json) = page_and_twin_from(cat, "/keyword/battleline/Fury").await;
    assert_eq!(json["cards"].as_array().unwrap().len(), 200);
    let total = json["cards_total"].as_u64().unwrap();
    assert!(total > 250);
    assert_eq!(
        json["cards_more_url"],
        "/search?q=game%3Abattleline%20keyword%3AFury"
    );
    assert!(html.contains(&format!("200 of {total} shown")));
}

#[actix_web::test]
async fn json_errors_and_twins_are_written_html_safe() {
    // An error object quoting what was asked for: no raw `<`, `>` or `&` in the body,
    // the same text once parsed.
    let (status, ctype, body) = get("/card/battleline/%3Cscript%3Ex%26y.json", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    assert!(ctype.starts_with("application/json"), "{ctype}");
    assert!(
        !body.contains('<') && !body.contains('>') && !body.contains('&'),
        "{body}"
    );
    let v: Value = serde_json::from_str(&body).unwrap();
    assert!(
        v["details"].as_str().unwrap().contains("<script>x&y"),
        "{v}"
    );
    // The home, help and health twins go through the same writer.
    for uri in ["/index.json", "/help/search.json", "/healthz"] {
        let (status, ctype, body) = get(uri, None).await;
        assert_eq!(status, StatusCode::OK, "{uri}");
        assert!(ctype.starts_with("application/json"), "{uri}: {ctype}");
        assert!(!body.contains('<') && !body.contains('>'), "{uri}: {body}");
        serde_json::from_str::<Value>(&body).unwrap();
    }
}

/// The page's prose: tags dropped, and the textarea, scripts and code (quoted program
/// output such as a CLI message, which keeps its own backticks) left out.
fn visible_text(html: &str) -> String {
    let mut text = String::new();
    let mut rest = html;
    while let Some(open) = rest.find('<') {
        text.push_str(&rest[..open]);
        rest = &rest[open..];
        for skip in ["<textarea", "<script", "<code", "<pre"] {
            if rest.starts_with(skip) {
                let close = format!("</{}>", &skip[1..]);
                rest = rest.find(&close).map_or("", |i| &rest[i..]);
            }
        }
        rest = rest.split_once('>').map_or("", |(_, r)| r);
    }
    text.push_str(rest);
    text
}

// Issue #15, players 5: titles, not hashed file names; the grammar's reading behind a
// disclosure; no literal Markdown backticks anywhere.
#[actix_web::test]
async fn pages_speak_the_players_language() {
    let (html, v) = page_and_twin("/keyword/swtcg/Fury").await;
    assert!(
        html.contains(">Star Wars TCG keyword sheet"),
        "the source by its title: {html}"
    );
    assert!(!visible_text(&html).contains("3662751f32a442dc"), "{html}");
    assert_eq!(
        v["source"], "002_3662751f32a442dc.txt",
        "the twin keeps the file"
    );
    assert!(v["source_title"]
        .as_str()
        .unwrap()
        .starts_with("Star Wars TCG keyword sheet"));
    assert!(
        html.contains("<details class=\"reading\">\n<summary>How Arbiter reads this</summary>"),
        "{html}"
    );
    let (html, _) = page_and_twin("/card/keyforge/Horseman%20of%20Pestilence").await;
    assert!(
        html.contains("<summary>How Arbiter reads this</summary>"),
        "{html}"
    );
    let (html, _) = page_and_twin("/rules/karth/3.1").await;
    assert!(
        html.contains("Heroes of Karth rulebook, section 3"),
        "{html}"
    );
    for uri in [
        "/",
        "/search?q=fury",
        "/search?q=first%20strike",
        "/search?q=fury%20%22unclosed",
        "/search?q=game%3Anope",
        "/keyword/swtcg/Fury",
        "/keyword/battleline/Armr",
        "/card/battleline/Nope",
        "/card/keyforge/Horseman%20of%20Pestilence",
        "/rules/karth",
        "/rules/karth/5.1.2",
        "/decks",
        "/help/search",
        "/docs/decks",
        "/docs/positions",
        "/nowhere",
    ] {
        let (_, _, html) = get(uri, None).await;
        let text = visible_text(&html);
        let stray: Vec<&str> = text.lines().filter(|l| l.contains('`')).collect();
        assert!(stray.is_empty(), "{uri}: literal backticks in {stray:?}");
    }
}

// Issue #15, players 8: card lists with numbered pages and sorting.
#[actix_web::test]
async fn card_lists_sort_and_page() {
    let (html, v) = page_and_twin("/cards/karth?sort=value&order=desc&per_page=5&page=2").await;
    assert_eq!(v["object"], "list");
    assert_eq!(v["total"], 70, "{v}");
    assert_eq!(
        (v["sort"].as_str(), v["order"].as_str()),
        (Some("value"), Some("desc"))
    );
    let values: Vec<i64> = v["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["value"].as_i64().unwrap())
        .collect();
    assert_eq!(values.len(), 5);
    assert!(values.windows(2).all(|w| w[0] >= w[1]), "{values:?}");
    assert_eq!(
        v["next_page"],
        "/cards/karth.json?sort=value&order=desc&page=3&per_page=5"
    );
    assert!(html.contains("6–10 of 70 cards, page 2 of 14"), "{html}");
    assert!(html.contains("aria-current=\"page\">2</span>"), "{html}");
    assert!(
        html.contains(
            "href=\"/cards/karth?sort=value&#38;order=desc&#38;page=14&#38;per_page=5\">14</a>"
        ),
        "{html}"
    );
    assert!(html.contains("aria-sort=\"descending\""), "{html}");
    // Sorted by name, then by type.
    not_found_both_ways("/cards/battleline?keyword=elude").await;
    let (_, v) = page_and_twin("/cards/swtcg?keyword=elude").await;
    assert_eq!(v["keyword"], "Precision", "an alias resolves");
    let (_, v) = page_and_twin("/cards/karth?sort=type").await;
    let types: Vec<&str> = v["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["type"].as_str().unwrap())
        .collect();
    let mut sorted = types.clone();
    sorted.sort();
    assert_eq!(types, sorted);
    // The home page and keyword pages link here.
    let (_, _, home) = get("/", None).await;
    assert!(home.contains("href=\"/cards/karth\""), "{home}");
    let (_, _, kw) = get("/keyword/battleline/Armor", None).await;
    assert!(
        kw.contains("href=\"/cards/battleline?keyword=Armor\""),
        "{kw}"
    );
    // Bad parameters are located 400s; unknown names 404s with suggestions.
    for (uri, needle) in [
        ("/cards/karth?sort=gold", "`sort`"),
        ("/cards/karth?order=up", "`order`"),
        ("/cards/karth?per_page=0", "`per_page`"),
        ("/cards/karth?per_page=100000", "`per_page`"),
        ("/cards/karth?page=99999", "`page`"),
    ] {
        let (status, _, body) = get(uri, Some("application/json")).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{uri}: {body}");
        assert!(body.contains(needle), "{uri}: {body}");
    }
    let (status, _, body) = get("/cards/karth?page=x", Some("application/json")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let details = not_found_both_ways("/cards/battleline?keyword=armr").await;
    assert!(details.contains("Armor"), "{details}");
    not_found_both_ways("/cards/kart").await;
}
