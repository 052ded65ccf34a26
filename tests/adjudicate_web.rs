//! Route tests of the judge's step-through (issue #6): every page of `/adjudicate` and its
//! JSON twin, the forms that build, choose and switch, the permalinks, and every kind of
//! malformed input (form, JSON, upload, permalink, step), which must get a clear 4xx that
//! says what was wrong, never a panic or a 500.
//!
//! The states here share one in-memory permalink store (`common::bundled_state`), so a
//! position stored by one request is found by the next.

use crate::common;

use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use serde_json::{json, Value};

use common::http;

const FORM: &str = "application/x-www-form-urlencoded";

fn state() -> arbiter::web::AppState {
    common::bundled_state()
}

/// Alice's Will-o'-the-Glade bolts one of Bob's two creatures at the start of each turn:
/// a chance step with two candidates.
fn bolt_position() -> Value {
    json!({
        "seed": 7, "turns": 2,
        "players": [
            {"name": "Alice", "line": [{"card": "Will-o'-the-Glade"}, {"card": "Moss Troll"}]},
            {"name": "Bob", "line": [{"card": "Hex Witch"}, {"name": "Pikeman", "attack": 1, "life": 9}]}
        ]
    })
}

fn encode(pairs: &[(&str, &str)]) -> String {
    pairs
        .iter()
        .map(|(k, v)| {
            format!(
                "{}={}",
                percent_encoding::utf8_percent_encode(k, percent_encoding::NON_ALPHANUMERIC),
                percent_encoding::utf8_percent_encode(v, percent_encoding::NON_ALPHANUMERIC)
            )
        })
        .collect::<Vec<_>>()
        .join("&")
}

async fn send(req: TestRequest) -> (StatusCode, String, String, Option<String>) {
    // The location header is needed for redirects: go through the service directly.
    use actix_web::{test, App};
    let app = test::init_service(App::new().configure(arbiter::web::configure(state()))).await;
    let resp = test::call_service(&app, req.to_request()).await;
    let status = resp.status();
    let header = |name: &str| {
        resp.headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(str::to_string)
    };
    let ctype = header("content-type").unwrap_or_default();
    let location = header("location");
    let body = String::from_utf8(test::read_body(resp).await.to_vec()).unwrap_or_default();
    (status, ctype, body, location)
}

/// Stores `position` through the builder's JSON paste; answers its hash.
async fn store(position: &Value) -> String {
    store_form(encode(&[("json", &position.to_string())])).await
}

/// Posts the builder's form `body` (URL-encoded); answers the stored position's hash.
async fn store_form(body: String) -> String {
    let (status, _, text, location) = send(
        TestRequest::post()
            .uri("/adjudicate")
            .insert_header(("Content-Type", FORM))
            .set_payload(body),
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER, "{text}");
    let location = location.expect("a redirect to step 0");
    let hash = location
        .strip_prefix("/adjudicate/p/")
        .and_then(|r| r.strip_suffix("/0"))
        .unwrap_or_else(|| panic!("expected /adjudicate/p/<hash>/0, got {location}"));
    assert!(arbiter::permalinks::is_hash(hash), "{hash}");
    hash.to_string()
}

async fn get_json(uri: &str) -> (StatusCode, Value) {
    let (status, ctype, body) = http::get(state(), uri, None).await;
    assert!(ctype.starts_with("application/json"), "{uri}: {ctype}");
    (status, serde_json::from_str(&body).expect("JSON"))
}

async fn get_html(uri: &str) -> (StatusCode, String) {
    let (status, ctype, body) = http::get(state(), uri, None).await;
    assert!(ctype.starts_with("text/html"), "{uri}: {ctype}");
    (status, body)
}

#[actix_rt::test]
async fn builder_page_and_its_twin_offer_the_catalogue() {
    let (status, html) = get_html("/adjudicate").await;
    assert_eq!(status, StatusCode::OK);
    // Catalogue names autocomplete from a datalist; artifacts have their own.
    assert!(html.contains(r#"<option value="Frowny the Snowman">"#));
    assert!(html.contains(r#"<option value="The Carrot of Power">"#));
    assert!(html.contains(r#"name="p0_s1_card""#) && html.contains(r#"name="p1_s7_card""#));
    assert!(html.contains(r#"name="interp_storm_target""#));
    assert!(html.contains(r#"action="/adjudicate/open""#) && html.contains("multipart/form-data"));

    let (status, v) = get_json("/adjudicate.json").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(v["object"], "position_builder");
    let cards: Vec<&str> = v["cards"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert!(cards.contains(&"Surly Scarecrow"));
    assert!(
        !cards.contains(&"The Carrot of Power"),
        "artifacts are listed apart"
    );
    assert_eq!(v["caps"]["slots"], 12);
    assert_eq!(
        v["interpretations"].as_array().unwrap().len(),
        arbiter::games::battleline::INTERPRETATIONS.len()
    );
}

#[actix_rt::test]
async fn rules_page_quotes_every_house_rule_and_interpretation() {
    let (status, html) = get_html("/adjudicate/rules/battleline").await;
    assert_eq!(status, StatusCode::OK);
    let house = arbiter::games::battleline::cite::turn::ALL;
    assert_eq!(house.len(), 16, "T1-T16");
    for h in house {
        assert!(
            html.contains(&format!(r#"id="{}""#, h.section)),
            "anchor {}",
            h.section
        );
    }
    for i in arbiter::games::battleline::INTERPRETATIONS {
        assert!(html.contains(i.key), "{}", i.key);
    }
    let (status, v) = get_json("/adjudicate/rules.json").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(v["object"], "adjudication_rules");
    let battleline = &v["games"][0];
    assert_eq!(battleline["game"], "battleline");
    assert_eq!(battleline["doc"], "docs/rules/battleline.md");
    assert_eq!(
        battleline["house_rules"].as_array().unwrap().len(),
        house.len()
    );
    assert_eq!(
        battleline["interpretations"].as_array().unwrap().len(),
        arbiter::games::battleline::INTERPRETATIONS.len()
    );
}

#[actix_rt::test]
async fn the_form_builds_a_position_from_catalogue_cards_and_a_hypothetical() {
    let body = encode(&[
        ("seed", "3"),
        ("turns", "1"),
        ("p0_name", "Alice"),
        ("p0_life", "20"),
        ("p0_s1_card", "Moss Troll"),
        ("p0_s2_name", "Hypothetical"),
        ("p0_s2_attack", "3"),
        ("p0_s2_life", "4"),
        ("p0_s2_abilities", "Armor 2, Fury"),
        ("p0_s2_status", "shielded"),
        ("p0_s2_traits", "Beast, Templar"),
        ("p0_s2_damage", "1"),
        ("p0_s2_artifacts", "The Carrot of Power"),
        ("p0_s2_warlord", "yes"),
        ("p1_name", "Bob"),
        ("p1_life", "20"),
        ("p1_s1_card", "Hex Witch"),
        // A catalogue warlord the judge says is not one on this board.
        ("p1_s2_card", "Brannoc the Houndmaster"),
        ("p1_s2_warlord", "no"),
        ("a1_player", "2"),
        ("a1_play", "Thornback Boar"),
        ("a1_slot", "2"),
        ("interp_storm_target", "random"),
        ("choices", "1:2"),
    ]);
    let hash = store_form(body.clone()).await;
    let location = format!("/adjudicate/p/{hash}/0");

    // The stored position is what the form said.
    let (status, _, json) = http::get(state(), &format!("/adjudicate/p/{hash}.json"), None).await;
    assert_eq!(status, StatusCode::OK);
    let p: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(p["seed"], 3);
    assert_eq!(p["players"][0]["line"][0]["card"], "Moss Troll");
    assert_eq!(p["players"][0]["line"][1]["name"], "Hypothetical");
    assert_eq!(
        p["players"][0]["line"][1]["abilities"],
        json!(["Armor 2", "Fury"])
    );
    assert_eq!(p["players"][0]["line"][1]["status"], json!(["shielded"]));
    assert_eq!(
        p["players"][0]["line"][1]["traits"],
        json!(["Beast", "Templar"])
    );
    assert_eq!(p["players"][0]["line"][1]["damage"], 1);
    assert_eq!(
        p["players"][0]["line"][1]["artifacts"],
        json!(["The Carrot of Power"])
    );
    assert_eq!(p["players"][0]["line"][1]["warlord"], true);
    assert_eq!(
        p["players"][1]["line"][1]["card"],
        "Brannoc the Houndmaster"
    );
    assert_eq!(p["players"][1]["line"][1]["warlord"], false);
    assert_eq!(p["actions"][0]["player"], 1);
    assert_eq!(p["actions"][0]["play"], "Thornback Boar");
    assert_eq!(p["interpretations"]["storm_target"], "random");
    assert_eq!(p["choices"], json!([{"chance": 1, "slot": 2}]));

    // Content-addressed: the same form gives the same permalink; the JSON twin of the
    // build answers it without a redirect.
    let (status, _, text, _) = send(
        TestRequest::post()
            .uri("/adjudicate.json")
            .insert_header(("Content-Type", FORM))
            .set_payload(body),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{text}");
    let v: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["hash"], hash);
    assert_eq!(v["url"], location);

    // The builder reopens a stored position with its fields filled in.
    let (status, html) = get_html(&format!("/adjudicate?from={hash}")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains(r#"value="Moss Troll""#));
    assert!(html.contains(r#"value="Armor 2, Fury""#));
    assert!(html.contains(r#"name="p0_s2_traits" value="Beast, Templar""#));
    assert!(html.contains(r#"name="p0_s2_damage" value="1""#));
    assert!(html.contains(r#"name="p0_s2_artifacts" list="artifacts" value="The Carrot of Power""#));
    // Both warlord overrides survive editing, the "not a warlord" one included.
    let select = |name: &str| {
        let from = html.find(&format!(r#"name="{name}""#)).expect(name);
        html[from..from + html[from..].find("</select>").expect("select")].to_string()
    };
    assert!(select("p0_s2_warlord").contains(r#"value="yes" selected"#));
    assert!(select("p1_s2_warlord").contains(r#"value="no" selected"#));
    assert!(!select("p0_s1_warlord").contains("selected"));
    assert!(
        html.contains(r#"name="choices" value="1:2""#),
        "fixed chances survive editing"
    );
}

#[actix_rt::test]
async fn pasted_json_that_differs_only_in_layout_gets_the_same_permalink() {
    let a = store(&bolt_position()).await;
    let pretty = serde_json::to_string_pretty(&bolt_position()).unwrap();
    let body = encode(&[("json", &pretty)]);
    let (status, _, _, location) = send(
        TestRequest::post()
            .uri("/adjudicate")
            .insert_header(("Content-Type", FORM))
            .set_payload(body),
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert_eq!(location.unwrap(), format!("/adjudicate/p/{a}/0"));
}

#[actix_rt::test]
async fn step_pages_show_the_board_the_cited_log_and_the_controls() {
    let hash = store(&bolt_position()).await;
    let (status, _, _, location) =
        send(TestRequest::get().uri(&format!("/adjudicate/p/{hash}"))).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert_eq!(location.unwrap(), format!("/adjudicate/p/{hash}/0"));

    let (status, v) = get_json(&format!("/adjudicate/p/{hash}/0.json")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(v["object"], "adjudication_step");
    assert_eq!(v["step"], 0);
    let total = v["total"].as_u64().unwrap() as usize;
    assert!(total > 4, "{total}");
    assert!(v["log"].as_array().unwrap().is_empty());

    // Step 0: the starting board, numbered slots, both lines.
    let (status, html) = get_html(&format!("/adjudicate/p/{hash}/0")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains(r#"<figure class="board""#));
    assert!(html.contains("Will-o&#39;-the-Glade") || html.contains("Will-o&#x27;-the-Glade"));
    assert!(html.contains("Hex Witch"));
    assert!(html.contains(r#"id="next""#) && !html.contains(r#"id="prev""#));

    // Find the step with Bolt's pick: the log cites and links Bolt, quoting the seed.
    let mut chance_step = None;
    for n in 1..=total {
        let (_, v) = get_json(&format!("/adjudicate/p/{hash}/{n}.json")).await;
        if !v["chances"].as_array().unwrap().is_empty() {
            chance_step = Some((n, v));
            break;
        }
    }
    let (n, v) = chance_step.expect("a chance step: Bolt's target");
    let chance = &v["chances"][0];
    assert_eq!(chance["purpose"], "Bolt's target");
    assert_eq!(chance["candidates"].as_array().unwrap().len(), 2);
    let (status, html) = get_html(&format!("/adjudicate/p/{hash}/{n}")).await;
    assert_eq!(status, StatusCode::OK);
    // seed 000 §4.1 Bolt: "If a creature with Bolt is in play, at the beginning of each turn deal 2 damage to a random enemy creature."
    assert!(
        html.contains(r#"href="/keyword/battleline/Bolt""#),
        "Bolt links its keyword page"
    );
    assert!(html.contains("at the beginning of each turn deal 2 damage to a random enemy creature"));
    assert!(
        html.contains(r#"href="/adjudicate/rules/battleline#T1""#),
        "house rules link the turn sequence"
    );
    assert!(html.contains(r#"class="candidate""#));
    assert!(html.contains(r#"id="prev""#) && html.contains(r#"id="next""#));

    // The last step has no forward link and states the outcome.
    let (status, html) = get_html(&format!("/adjudicate/p/{hash}/{total}")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains(r#"id="outcome""#));
    assert!(!html.contains(r#"id="next""#));
    let (_, v) = get_json(&format!("/adjudicate/p/{hash}/{total}.json")).await;
    assert!(v["outcome"]["result"].is_string(), "{}", v["outcome"]);
    assert_eq!(v["links"]["next"], Value::Null);

    // Jump to a step.
    let (status, _, _, location) =
        send(TestRequest::get().uri(&format!("/adjudicate/p/{hash}/jump?n=2"))).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert_eq!(location.unwrap(), format!("/adjudicate/p/{hash}/2"));
}

#[actix_rt::test]
async fn any_state_downloads_as_json_and_opens_on_the_same_step() {
    let hash = store(&bolt_position()).await;
    let (status, ctype, body) =
        http::get(state(), &format!("/adjudicate/p/{hash}/3/state.json"), None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(ctype.starts_with("application/json"));
    // The state is the position (choices and interpretations included) and the step.
    let file: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(file["object"], "adjudication_state");
    assert_eq!(file["step"], 3);
    assert_eq!(file["position"]["seed"], 7);
    assert!(arbiter::games::battleline::Position::from_json(&file["position"].to_string()).is_ok());
    // Pasted back, it lands on the same permalink and step.
    let (status, _, text, location) = send(
        TestRequest::post()
            .uri("/adjudicate")
            .insert_header(("Content-Type", FORM))
            .set_payload(encode(&[("json", &body)])),
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER, "{text}");
    assert_eq!(location.unwrap(), format!("/adjudicate/p/{hash}/3"));
    // A state file with anything else in it is refused, with the reason.
    let mut extra = file.clone();
    extra["note"] = json!("hi");
    let (status, _, text, _) = send(
        TestRequest::post()
            .uri("/adjudicate.json")
            .insert_header(("Content-Type", FORM))
            .set_payload(encode(&[("json", &extra.to_string())])),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        text.contains("a state file has exactly object, position and step"),
        "{text}"
    );

    let (status, _, body) = http::get(
        state(),
        &format!("/adjudicate/p/{hash}/9999/state.json"),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(body.contains("step 9999 does not exist"), "{body}");
}

#[actix_rt::test]
async fn picking_a_chance_outcome_reruns_and_lands_on_the_same_step() {
    let hash = store(&bolt_position()).await;
    let (_, v) = get_json(&format!("/adjudicate/p/{hash}/1.json")).await;
    let total = v["total"].as_u64().unwrap() as usize;
    let mut found = None;
    for n in 1..=total {
        let (_, v) = get_json(&format!("/adjudicate/p/{hash}/{n}.json")).await;
        if let Some(c) = v["chances"].as_array().unwrap().first() {
            found = Some((n, c.clone()));
            break;
        }
    }
    let (n, chance) = found.expect("a chance step");
    let other = chance["candidates"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["picked"] != true)
        .expect("an unpicked candidate")
        .clone();
    let body = encode(&[
        ("chance", &chance["ordinal"].to_string()),
        ("slot", other["pin"].as_str().expect("a pin")),
        ("step", &n.to_string()),
    ]);
    let (status, _, text, location) = send(
        TestRequest::post()
            .uri(&format!("/adjudicate/p/{hash}/choose"))
            .insert_header(("Content-Type", FORM))
            .set_payload(body),
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER, "{text}");
    let location = location.unwrap();
    assert!(location.ends_with(&format!("/{n}")), "{location}");
    assert!(!location.contains(&hash), "a new position, a new permalink");
    let (_, v) = get_json(&format!("{location}.json")).await;
    let picked = v["chances"][0]["candidates"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["picked"] == true)
        .expect("a picked candidate")
        .clone();
    assert_eq!(picked["pin"], other["pin"]);
    assert_eq!(v["chances"][0]["forced"], true);
    assert_eq!(
        v["position"]["choices"][0]["slot"].to_string(),
        other["pin"].as_str().unwrap()
    );

    // Not a candidate, numbered from 0, or not numbers at all: 400 with the reason.
    for (form, expect) in [
        ("chance=1&slot=7&step=1", "not a candidate"),
        ("chance=0&slot=1&step=1", "numbered from 1"),
        (
            "chance=one&slot=1&step=1",
            "form field chance: `one` is not a whole number",
        ),
        ("slot=1", "missing field `chance`"),
    ] {
        let (status, _, text, _) = send(
            TestRequest::post()
                .uri(&format!("/adjudicate/p/{hash}/choose"))
                .insert_header(("Content-Type", FORM))
                .insert_header(("Accept", "application/json"))
                .set_payload(form),
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{form}: {text}");
        assert!(text.contains(expect), "{form}: {text}");
    }
}

#[actix_rt::test]
async fn switching_an_interpretation_compares_both_readings_and_marks_the_first_difference() {
    // seed 000 §4.1 Storm: "When a creature bearing the Storm ability comes into play it immediately deals its attack value in damage to any opposing creature on the opponent’s battle line."
    // "Any opposing creature" has two readings (interpretation `storm_target`): with
    // `opposite` the Boar hits the Pikeman opposite; with `random` the fixed choice picks
    // the Hex Witch in slot 2, so the logs differ from the Storm step on.
    let position = json!({
        "seed": 2, "turns": 1,
        "players": [
            {"name": "Alice", "line": []},
            {"name": "Bob", "line": [{"name": "Pikeman", "attack": 1, "life": 9}, {"card": "Hex Witch"}, {"card": "Moss Troll"}]}
        ],
        "actions": [{"player": 0, "play": "Thornback Boar"}],
        "choices": [{"chance": 1, "slot": 2}]
    });
    let hash = store(&position).await;
    let (status, _, text, location) = send(
        TestRequest::post()
            .uri(&format!("/adjudicate/p/{hash}/interpret"))
            .insert_header(("Content-Type", FORM))
            .set_payload("key=storm_target&step=2"),
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER, "{text}");
    let location = location.unwrap();
    assert!(
        location.starts_with(&format!("/adjudicate/compare/{hash}/")),
        "{location}"
    );
    let (path, _) = location.split_once('?').unwrap();

    let (status, v) = get_json(&format!("{path}.json")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(v["object"], "comparison");
    assert_eq!(
        v["interpretations"],
        json!([["storm_target", "opposite", "random"]])
    );
    let first = v["first_difference"].as_u64().expect("the readings differ") as usize;
    let rows = v["rows"].as_array().unwrap();
    assert_eq!(rows[first - 1]["first_difference"], true);
    assert!(rows[..first - 1].iter().all(|r| r["differs"] == false));
    assert_ne!(v["final_a"], v["final_b"]);

    let (status, html) = get_html(&location).await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        html.contains("first-difference") || html.contains("first difference"),
        "the first difference is marked"
    );
    assert!(html.contains("opposite") && html.contains("random"));

    // An unknown reading is a 400 that lists the known ones.
    let (status, _, text, _) = send(
        TestRequest::post()
            .uri(&format!("/adjudicate/p/{hash}/interpret"))
            .insert_header(("Content-Type", FORM))
            .set_payload("key=gravity&step=0"),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        text.contains("gravity") && text.contains("storm_target"),
        "{text}"
    );
}

#[actix_rt::test]
async fn a_position_file_opens_without_javascript() {
    let boundary = "XBOUNDARYX";
    let multipart = |name: &str, content: &str| {
        format!(
            "--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"; filename=\"p.json\"\r\nContent-Type: application/json\r\n\r\n{content}\r\n--{boundary}--\r\n"
        )
    };
    let upload = |body: String| {
        TestRequest::post()
            .uri("/adjudicate/open")
            .insert_header((
                "Content-Type",
                format!("multipart/form-data; boundary={boundary}"),
            ))
            .set_payload(body)
    };
    let hash = store(&bolt_position()).await;
    let (status, _, text, location) =
        send(upload(multipart("file", &bolt_position().to_string()))).await;
    assert_eq!(status, StatusCode::SEE_OTHER, "{text}");
    assert_eq!(location.unwrap(), format!("/adjudicate/p/{hash}/0"));

    // Broken JSON: 400, the builder again, with the line and column.
    let (status, ctype, text, _) = send(upload(multipart(
        "file",
        "{\n  \"seed\": 1,\n  \"turns\": x\n}",
    )))
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(ctype.starts_with("text/html"));
    assert!(
        text.contains("uploaded file: 3:12: turns: expected value; the game could not be told"),
        "{text}"
    );
    // An empty file, no file part, or not multipart at all.
    let (status, _, text, _) = send(upload(multipart("file", "  "))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(text.contains("empty"), "{text}");
    let (status, _, text, _) = send(upload(multipart("other", "{}"))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(text.contains("no file was uploaded"), "{text}");
    let (status, _, text, _) = send(
        TestRequest::post()
            .uri("/adjudicate/open")
            .insert_header(("Content-Type", "text/plain"))
            .set_payload("hello"),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{text}");
    // Over the JSON cap: 413.
    let big = format!("{{\"about\": \"{}\"}}", "x".repeat(70 * 1024));
    let (status, _, text, _) = send(upload(multipart("file", &big))).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{text}");
}

/// A long game's step page lists only the last 200 steps of the log, says so, and links
/// to the step before them; the JSON twin's `log` is the same window. The comparison of
/// two long games shows 200 rows from just before their first difference.
#[actix_rt::test]
async fn a_long_log_is_shown_as_a_window_of_200_steps() {
    // Walls that cannot hurt each other: 4 steps a turn, 201 in 50 turns.
    let walls = |turns: u32| {
        let wall = json!({"name": "Wall", "attack": 0, "life": 5});
        json!({
            "seed": 1, "turns": turns,
            "players": [
                {"name": "Alice", "line": [wall, wall]},
                {"name": "Bob", "line": [wall, wall]}
            ]
        })
    };
    let hash = store(&walls(50)).await;
    let (status, v) = get_json(&format!("/adjudicate/p/{hash}/201.json")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(v["total"], 201);
    assert_eq!(v["log_from"], 2);
    let log = v["log"].as_array().unwrap();
    assert_eq!(log.len(), 200);
    assert_eq!(log[0]["n"], 2);
    assert_eq!(log[199]["n"], 201);
    let (status, html) = get_html(&format!("/adjudicate/p/{hash}/201")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        html.contains(r#"id="log-window""#),
        "the page says steps are left out"
    );
    assert!(html.contains(&format!(r#"<a href="/adjudicate/p/{hash}/1">step 1</a>, "#)));
    assert!(!html.contains(r#"id="log-1""#) && html.contains(r#"id="log-2""#));
    // Within the window nothing is left out.
    let (_, v) = get_json(&format!("/adjudicate/p/{hash}/200.json")).await;
    assert_eq!(v["log_from"], 1);
    assert_eq!(v["log"].as_array().unwrap().len(), 200);
    let (_, html) = get_html(&format!("/adjudicate/p/{hash}/200")).await;
    assert!(!html.contains(r#"id="log-window""#));

    // Compared with the same game one turn shorter, the two first differ at the end
    // (step 197: the turns have run out, or turn 50 begins); the comparison shows its
    // rows from 10 steps before that, and says so.
    let shorter = store(&walls(49)).await;
    let (status, v) = get_json(&format!("/adjudicate/compare/{hash}/{shorter}.json")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(v["first_difference"], 197);
    assert_eq!(
        (v["rows_from"].clone(), v["rows_to"].clone()),
        (json!(187), json!(201))
    );
    assert_eq!(v["total"], 201);
    let rows = v["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 15);
    assert_eq!(rows[0]["n"], 187);
    assert_eq!(rows[10]["first_difference"], true);
    let (status, html) = get_html(&format!("/adjudicate/compare/{hash}/{shorter}")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("Steps 187 to 201 of 201 are shown here"));
    assert!(html.contains(r#"id="row-197""#) && !html.contains(r#"id="row-186""#));
}

#[actix_rt::test]
async fn malformed_forms_get_a_400_naming_the_field() {
    let mut bolt = bolt_position();
    bolt["choices"] = json!([{"chance": 1, "slot": 5}]);
    let bolt_with_choice_5 = bolt.to_string();
    for (pairs, expect) in [
        (
            vec![("p0_life", "lots")],
            "Player 1's life: \"lots\" is not a whole number",
        ),
        (
            vec![("p1_s2_name", "Golem"), ("p1_s2_attack", "x")],
            "Player 2, slot 2, attack",
        ),
        (
            vec![("p0_s1_card", "Frowny the Snowmen")],
            "Frowny the Snowman",
        ),
        (
            vec![("p0_s1_name", "Golem"), ("p0_s1_abilities", "Flight")],
            "Flight",
        ),
        (
            vec![("json", "{\"seed\": 1, \"turns\": 1, \"players\": [{}]}")],
            "pasted JSON",
        ),
        (vec![("json", "[1, 2")], "pasted JSON"),
        (vec![("turns", "999")], "turns"),
        (
            vec![("p0_s1_card", "Moss Troll"), ("p0_s1_warlord", "maybe")],
            "Player 1, slot 1, warlord: \"maybe\" is not yes, no or empty",
        ),
        (
            vec![("choices", "1:2, three")],
            "Fixed chance outcomes, item 2: \"three\" is not chance:slot",
        ),
        // A fixed chance outcome naming no candidate is refused before it is stored, from
        // the form and from pasted JSON alike (Bolt's candidates are Bob's slots 1 and 2).
        (
            vec![
                ("p0_s1_card", "Will-o'-the-Glade"),
                ("p1_s1_card", "Hex Witch"),
                ("p1_s2_card", "Moss Troll"),
                ("choices", "1:5"),
            ],
            "Fixed chance outcomes: The judge's choice for chance 1 names slot 5, which is not a candidate (candidates: slots 1, 2).",
        ),
        (
            vec![("json", &bolt_with_choice_5)],
            "choices: The judge's choice for chance 1 names slot 5, which is not a candidate (candidates: slots 1, 2).",
        ),
    ] {
        let (status, ctype, text, _) = send(
            TestRequest::post()
                .uri("/adjudicate")
                .insert_header(("Content-Type", FORM))
                .set_payload(encode(&pairs)),
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{pairs:?}: {text}");
        assert!(ctype.starts_with("text/html"));
        assert!(text.contains(r#"id="errors""#), "{pairs:?}");
        let shown = text
            .replace("&quot;", "\"")
            .replace("&#34;", "\"")
            .replace("&#39;", "'");
        assert!(
            shown.contains(expect),
            "{pairs:?}: expected {expect:?} in the errors"
        );
        // The JSON twin answers the same errors as a JSON object.
        let (status, ctype, text, _) = send(
            TestRequest::post()
                .uri("/adjudicate.json")
                .insert_header(("Content-Type", FORM))
                .set_payload(encode(&pairs)),
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{pairs:?}");
        assert!(ctype.starts_with("application/json"));
        let v: Value = serde_json::from_str(&text).unwrap();
        assert!(v["errors"].is_array(), "{v}");
    }

    // A body that is not a form, and one over the cap.
    let (status, _, _, _) = send(
        TestRequest::post()
            .uri("/adjudicate")
            .insert_header(("Content-Type", "application/json"))
            .set_payload("{}"),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, _, _, _) = send(
        TestRequest::post()
            .uri("/adjudicate")
            .insert_header(("Content-Type", FORM))
            .set_payload(format!("json={}", "x".repeat(200 * 1024))),
    )
    .await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
}

#[actix_rt::test]
async fn malformed_permalinks_and_steps_get_a_4xx() {
    let hash = store(&bolt_position()).await;
    let unknown = "0123456789abcdef";
    for (uri, status, expect) in [
        (
            "/adjudicate/p/nothex".to_string(),
            404,
            "is not a permalink",
        ),
        (
            "/adjudicate/p/nothex/0".to_string(),
            404,
            "is not a permalink",
        ),
        (
            format!("/adjudicate/p/{unknown}/0"),
            404,
            "no stored position",
        ),
        (
            format!("/adjudicate/p/{unknown}.json"),
            404,
            "no stored position",
        ),
        (format!("/adjudicate/p/{hash}/x"), 400, "is not a number"),
        (format!("/adjudicate/p/{hash}/-1"), 400, "is not a number"),
        (
            format!("/adjudicate/p/{hash}/100000"),
            404,
            "does not exist",
        ),
        (
            format!("/adjudicate/p/{hash}/jump?n=abc"),
            400,
            "is not a number",
        ),
        (
            format!("/adjudicate/p/{hash}/jump"),
            400,
            "bad query string: Query deserialize error: missing field `n`",
        ),
        (
            format!("/adjudicate/compare/{hash}/{unknown}"),
            404,
            "no stored position",
        ),
        (
            format!("/adjudicate/compare/{hash}/{hash}?step=x"),
            400,
            "step",
        ),
        (
            format!("/adjudicate?from={unknown}"),
            404,
            "no stored position",
        ),
        ("/adjudicate?frm=1".to_string(), 400, "frm"),
    ] {
        for accept in [None, Some("application/json")] {
            let (got, ctype, body) = http::get(state(), &uri, accept).await;
            assert_eq!(got.as_u16(), status, "{uri} ({accept:?}): {body}");
            // The HTML error page shows a message's `quoted` parts as code.
            let body = body.replace("<code>", "`").replace("</code>", "`");
            assert!(
                body.contains(expect),
                "{uri}: expected {expect:?} in {body}"
            );
            if accept.is_some() {
                assert!(ctype.starts_with("application/json"), "{uri}: {ctype}");
            }
        }
    }
}

#[actix_rt::test]
async fn everything_a_judge_types_is_escaped() {
    let position = json!({
        "seed": 1, "turns": 1,
        "players": [
            {"name": "<script>alert(1)</script>", "line": [{"name": "<img src=x onerror=alert(2)>", "attack": 1, "life": 3}]},
            {"name": "Bob", "line": []}
        ]
    });
    let hash = store(&position).await;
    for n in [0, 1, 3] {
        let (status, html) = get_html(&format!("/adjudicate/p/{hash}/{n}")).await;
        assert_eq!(status, StatusCode::OK);
        assert!(!html.contains("<script>alert"), "step {n}");
        assert!(!html.contains("<img src=x"), "step {n}");
        assert!(
            html.contains("&lt;script&gt;") || html.contains("&#60;script&#62;"),
            "step {n}"
        );
    }
    let (status, html) = get_html(&format!("/adjudicate?from={hash}")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(!html.contains("<img src=x"));
}

#[actix_rt::test]
async fn the_search_engine_autocompletes_card_names() {
    let names = |v: &Value| -> Vec<String> {
        v["names"]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| n.as_str().unwrap().to_string())
            .collect()
    };
    // A prefix: the name that starts with it first.
    let (status, v) = get_json("/adjudicate/cards.json?q=frow").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(v["object"], "card_suggestions");
    assert_eq!(
        names(&v).first().map(String::as_str),
        Some("Frowny the Snowman")
    );
    // A typo: the search engine's fuzzy match finds it.
    let (_, v) = get_json("/adjudicate/cards.json?q=frowy").await;
    assert!(names(&v).contains(&"Frowny the Snowman".to_string()), "{v}");
    // Artifacts apart from creatures.
    let (_, v) = get_json("/adjudicate/cards.json?q=carrot&type=artifact").await;
    assert_eq!(names(&v), vec!["The Carrot of Power"]);
    let (_, v) = get_json("/adjudicate/cards.json?q=carrot").await;
    assert!(!names(&v).contains(&"The Carrot of Power".to_string()));
    // Only battle-line cards; search syntax is not run; nothing typed, nothing found.
    for q in ["%22%28%20OR%20-", "", "game%3Akarth", "zzzzzzzz"] {
        let (status, v) = get_json(&format!("/adjudicate/cards.json?q={q}")).await;
        assert_eq!(status, StatusCode::OK, "{q}");
        for n in names(&v) {
            assert!(
                common::bundled_catalogue().card("battleline", &n).is_some(),
                "{q}: {n} is not a battle-line card"
            );
        }
    }
    // The page without JavaScript, and a bad type.
    let (status, html) = get_html("/adjudicate/cards?q=scare").await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains(">Surly Scarecrow</a>"), "{html}");
    let (status, _, text) = http::get(state(), "/adjudicate/cards?q=x&type=spell", None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        text.contains("expected creature, artifact or playable"),
        "{text}"
    );
    let (status, _, js) = http::get(state(), "/static/builder.js", None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(js.contains("/adjudicate/cards.json"));
}

#[actix_rt::test]
async fn every_json_twin_of_the_step_through_is_in_the_openapi_document() {
    let (status, api) = get_json("/api/openapi.json").await;
    assert_eq!(status, StatusCode::OK);
    for path in [
        "/api/adjudicate",
        "/adjudicate.json",
        "/adjudicate/cards.json",
        "/adjudicate/rules.json",
        "/adjudicate/p/{hash}.json",
        "/adjudicate/p/{hash}/{step}.json",
        "/adjudicate/p/{hash}/{step}/state.json",
        "/adjudicate/compare/{a}/{b}.json",
    ] {
        assert!(api["paths"][path].is_object(), "{path} is documented");
    }
    // What the document says of the suggestions is what they are.
    let schema = &api["paths"]["/adjudicate/cards.json"]["get"]["responses"]["200"]["content"]
        ["application/json"]["schema"];
    let (_, v) = get_json("/adjudicate/cards.json?q=hex").await;
    assert_eq!(v["object"], schema["properties"]["object"]["const"]);
    for field in schema["required"].as_array().unwrap() {
        assert!(v.get(field.as_str().unwrap()).is_some(), "{field} in {v}");
    }
}

/// The position of a fixture in `tests/fixtures/positions/`.
fn fixture_position(name: &str) -> Value {
    let path = format!(
        "{}/tests/fixtures/positions/{name}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).expect("fixture reads");
    let v: Value = serde_json::from_str(&text).expect("fixture JSON");
    v["position"].clone()
}

#[actix_rt::test]
async fn switch_a_reading_works_for_every_interpretation() {
    // The switch is table-driven: every key of `INTERPRETATIONS` switches from its
    // default to the other reading, and the comparison names both.
    let hash = store(&bolt_position()).await;
    for info in arbiter::games::battleline::INTERPRETATIONS {
        let (status, _, text, location) = send(
            TestRequest::post()
                .uri(&format!("/adjudicate/p/{hash}/interpret"))
                .insert_header(("Content-Type", FORM))
                .set_payload(format!("key={}&step=1", info.key)),
        )
        .await;
        assert_eq!(status, StatusCode::SEE_OTHER, "{}: {text}", info.key);
        let location = location.expect("a redirect to the comparison");
        let (path, _) = location.split_once('?').unwrap_or((&location, ""));
        let (status, v) = get_json(&format!("{path}.json")).await;
        assert_eq!(status, StatusCode::OK, "{}", info.key);
        assert_eq!(
            v["interpretations"],
            json!([[info.key, info.readings[0].0, info.readings[1].0]]),
            "{}",
            info.key
        );
    }
    // The step page lists every interpretation with its switch.
    let (_, html) = get_html(&format!("/adjudicate/p/{hash}/0")).await;
    for info in arbiter::games::battleline::INTERPRETATIONS {
        assert!(
            html.contains(&format!("data-key=\"{}\"", info.key)),
            "{}: no switch",
            info.key
        );
    }
}

#[actix_rt::test]
async fn the_log_says_which_reading_and_house_rule_an_event_rests_on() {
    // seed 000 §4.1 Fade: "When a creature bearing Fade is in play it moves to the back of the Battle Line at the end of each turn."
    let hash = store(&fixture_position("interp_fade_leave_gap")).await;
    let (_, v) = get_json(&format!("/adjudicate/p/{hash}/0.json")).await;
    let total = v["total"].as_u64().expect("total");
    let (status, v) = get_json(&format!("/adjudicate/p/{hash}/{total}.json")).await;
    assert_eq!(status, StatusCode::OK);
    let fade = v["log"]
        .as_array()
        .expect("log")
        .iter()
        .flat_map(|s| s["events"].as_array().into_iter().flatten())
        .find(|e| e["rule"] == "Fade")
        .expect("a Fade event");
    assert_eq!(fade["source"], "seed");
    assert_eq!(fade["also"][0]["source"], "interpretation");
    assert_eq!(fade["also"][0]["label"], "reading of Fade: Yes");
    assert_eq!(fade["also"][0]["href"], "/adjudicate/rules/battleline#fade");
    let (_, html) = get_html(&format!("/adjudicate/p/{hash}/{total}")).await;
    assert!(
        html.contains("href=\"/adjudicate/rules/battleline#fade\">reading of Fade: Yes</a>"),
        "the step page names the reading"
    );

    // The engine's JSON: `citations` lists the seed sentence, then the reading.
    let cat = {
        let set = arbiter::catalogue::validate(std::path::Path::new(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/data"
        )))
        .expect("bundled data");
        arbiter::catalogue::Catalogue::from_data(set, "test".into())
    };
    let position = arbiter::games::battleline::Position::from_json(
        &fixture_position("interp_fade_reorder").to_string(),
    )
    .expect("position");
    let adj = arbiter::games::battleline::adjudicate(
        &position,
        &arbiter::adjudicate::CatalogueCards(&cat),
        arbiter::games::battleline::RecordConfig { states: false },
    )
    .expect("adjudicates");
    let json = serde_json::to_value(&adj).expect("json");
    let rules: Vec<&Value> = json["steps"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|s| s["events"].as_array().unwrap().iter().map(|e| &e["rule"]))
        .collect();
    let fade = rules.iter().find(|r| r["rule"] == "Fade").expect("Fade");
    assert_eq!(fade["citations"][0]["source"], "seed");
    assert_eq!(
        fade["citations"][1],
        json!({"source": "interpretation", "key": "fade", "reading": "reorder", "default": true,
               "doc": "docs/rules/battleline.md#interpretation-fade"})
    );
    // A house rule is its own citation, linked to its place in the doc.
    let combat = rules.iter().find(|r| r["section"] == "T1").expect("T1");
    assert_eq!(combat["source"], "house");
    assert!(
        combat.get("citations").is_none(),
        "the house rule alone settled it"
    );
}

#[actix_rt::test]
async fn sabotage_is_a_decision_the_judge_can_pin() {
    // seed 000 §4.1 Sabotage: "When a creature with Sabotage is in play, destroy an enemy artifact at the end of each turn."
    // house rule T16: "A choice the rules give a player is a decision: the judge may fix it under decisions; unfixed, it takes the option its default policy names."
    // The seed does not say which artifact: the saboteur's owner chooses. The step page
    // shows the decision with every enemy creature carrying one, the default policy's
    // pick, and a button per option that pins it.
    let mut position = fixture_position("end_sabotage_choice");
    position
        .as_object_mut()
        .expect("a position object")
        .remove("decisions");
    let hash = store(&position).await;
    let (_, v) = get_json(&format!("/adjudicate/p/{hash}/0.json")).await;
    let total = v["total"].as_u64().expect("total");
    let mut found = None;
    for n in 1..=total {
        let (_, s) = get_json(&format!("/adjudicate/p/{hash}/{n}.json")).await;
        if !s["decisions"].as_array().unwrap().is_empty() {
            found = Some((n, s));
            break;
        }
    }
    let (n, s) = found.expect("a step with Sabotage's decision");
    let d = &s["decisions"][0];
    assert_eq!(d["question"], "Sabotage's artifact");
    assert_eq!(d["who"], "Alice");
    assert_eq!(d["pinned"], false);
    assert_eq!(d["policy"], "the first in line order");
    let labels: Vec<&str> = d["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["label"].as_str().unwrap())
        .collect();
    assert_eq!(
        labels,
        ["Bob's Pikeman (slot 1)", "Bob's Archer (slot 2)"],
        "both carriers are options"
    );
    assert_eq!(
        d["options"][0]["chosen"], true,
        "the default takes the first in line"
    );
    assert!(
        s["chances"].as_array().unwrap().is_empty(),
        "a decision is not chance"
    );
    let (_, html) = get_html(&format!("/adjudicate/p/{hash}/{n}")).await;
    assert!(
        html.contains(r#"action="/adjudicate/p/"#) && html.contains(r#"/decide""#),
        "a pin form"
    );
    // Pin the Archer: a new position, the same step, the decision pinned.
    let body = encode(&[("decision", "1"), ("option", "2"), ("step", &n.to_string())]);
    let (status, _, text, location) = send(
        TestRequest::post()
            .uri(&format!("/adjudicate/p/{hash}/decide"))
            .insert_header(("Content-Type", FORM))
            .set_payload(body),
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER, "{text}");
    let location = location.unwrap();
    assert!(location.ends_with(&format!("/{n}")), "{location}");
    let (_, s) = get_json(&format!("{location}.json")).await;
    assert_eq!(
        s["position"]["decisions"],
        json!([{"decision": 1, "option": 2}])
    );
    assert_eq!(s["decisions"][0]["pinned"], true);
    assert_eq!(s["decisions"][0]["options"][1]["chosen"], true);
    // An option the decision does not have is a located 400, in the API too.
    let body = encode(&[("decision", "1"), ("option", "5"), ("step", "0")]);
    let (status, _, text, _) = send(
        TestRequest::post()
            .uri(&format!("/adjudicate/p/{hash}/decide"))
            .insert_header(("Content-Type", FORM))
            .set_payload(body),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{text}");
    assert!(text.contains("option 5"), "{text}");
    position["decisions"] = json!([{"decision": 1, "option": 5}]);
    let (status, _, text) = http::post(
        state(),
        "/api/adjudicate",
        Some("application/json"),
        None,
        position.to_string(),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{text}");
    let v: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["errors"][0]["path"], "decisions", "{v}");
    assert!(
        v["errors"][0]["message"]
            .as_str()
            .unwrap()
            .contains("options 1 to 2"),
        "{v}"
    );
}

// Issue #15 (judges) 7: a step that applies the same rule several times quotes it once.
#[actix_rt::test]
async fn a_step_quotes_each_rule_once() {
    let hash = store(&fixture_position("interp_fade_reorder")).await;
    let (status, page) = get_html(&format!("/adjudicate/p/{hash}/3")).await;
    assert_eq!(status, StatusCode::OK);
    // Step 3 is the battle in slot 1: two attacks and two blows, all under T2.
    let start = page.find("id=\"log-3\"").expect("step 3 in the log");
    let step3 = &page[start..start + page[start..].find("</ul></li>").unwrap()];
    let t2 = "deal their Attack in damage to each other at the same time";
    assert_eq!(step3.matches(t2).count(), 1, "T2 quoted once: {step3}");
    assert_eq!(step3.matches("(quoted above)").count(), 3, "{step3}");
}

// Issue #14: `POST /api/adjudicate` dispatches on the position's `game`; one no game
// answers to is a 400 located at `game`.
#[actix_rt::test]
async fn the_api_refuses_an_unknown_game_at_its_path() {
    let body = json!({"game": "chess", "players": [{}, {}]}).to_string();
    let (status, _, text) = http::post(
        state(),
        "/api/adjudicate",
        Some("application/json"),
        None,
        body,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{text}");
    let v: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["errors"][0]["path"], "game", "{v}");
    assert!(v["errors"][0]["message"]
        .as_str()
        .unwrap()
        .contains("expected one of: battleline"));
    let body = json!({"game": "battleline", "players": [{"name": "A"}, {"name": "B"}]}).to_string();
    let (status, _, text) = http::post(
        state(),
        "/api/adjudicate",
        Some("application/json"),
        None,
        body,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{text}");
}

/// The sum of the exact fractions of a step page's odds.
fn odds_sum(v: &Value) -> (u128, u128) {
    let gcd = |mut a: u128, mut b: u128| {
        while b != 0 {
            (a, b) = (b, a % b);
        }
        a
    };
    let mut sum = (0u128, 1u128);
    for r in v["odds"]["results"].as_array().expect("odds") {
        let f = r[1].as_str().unwrap();
        let (n, d) = f.split_once('/').unwrap_or((f, "1"));
        let (n, d): (u128, u128) = (n.parse().unwrap(), d.parse().unwrap());
        let (sn, sd) = (sum.0 * d + n * sum.1, sum.1 * d);
        let g = gcd(sn, sd);
        sum = (sn / g, sd / g);
    }
    sum
}

// Issue #14: every step page gives the exact odds of each result from that step, over the
// chance still to come: they sum to exactly 1; at the last step the result is certain; and
// once every chance step is pinned, the pinned game's result is certain from the start.
#[actix_rt::test]
async fn step_pages_give_the_exact_odds_of_each_result() {
    let hash = store(&bolt_position()).await;
    let (status, v) = get_json(&format!("/adjudicate/p/{hash}/0.json")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(v["odds"]["method"]["method"], "enumerated", "{}", v["odds"]);
    assert_eq!(odds_sum(&v), (1, 1), "{}", v["odds"]);
    let total = v["total"].as_u64().unwrap();
    let (_, last) = get_json(&format!("/adjudicate/p/{hash}/{total}.json")).await;
    let results = last["odds"]["results"].as_array().unwrap();
    assert_eq!(results.len(), 1, "{results:?}");
    assert_eq!(results[0][1], "1");
    // Pin every chance step as it fell: the result is certain from step 0.
    let mut pinned = bolt_position();
    let mut choices = Vec::new();
    for n in 1..=total {
        let (_, s) = get_json(&format!("/adjudicate/p/{hash}/{n}.json")).await;
        for c in s["chances"].as_array().unwrap() {
            let picked = c["candidates"]
                .as_array()
                .unwrap()
                .iter()
                .find(|k| k["picked"] == true)
                .unwrap();
            choices.push(json!({"chance": c["ordinal"], "slot": picked["pin"].as_str().unwrap().parse::<u64>().unwrap()}));
        }
    }
    assert!(choices.len() >= 2, "Bolt picks at least twice: {choices:?}");
    pinned["choices"] = Value::Array(choices);
    let hash = store(&pinned).await;
    let (_, v) = get_json(&format!("/adjudicate/p/{hash}/0.json")).await;
    let results = v["odds"]["results"].as_array().unwrap();
    assert_eq!(results.len(), 1, "{results:?}");
    assert_eq!(
        results[0][0],
        results_of(&last)[0],
        "the pinned game's result"
    );
    assert_eq!(results[0][1], "1");
    let (_, html) = get_html(&format!("/adjudicate/p/{hash}/0")).await;
    assert!(
        html.contains(r#"<section class="odds" id="odds">"#),
        "{html}"
    );
}

fn results_of(v: &Value) -> Vec<Value> {
    v["odds"]["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r[0].clone())
        .collect()
}

// Issue #16: a swtcg attack opens on the generic step pages: its board (both sides, the
// dice as faces, the timeline of the attack), a die's chance panel (six faces at 1/6), pinning a face, and the odds.
#[actix_rt::test]
async fn a_swtcg_attack_steps_through_and_a_die_can_be_pinned() {
    let position = json!({"game": "swtcg", "seed": 3,
        "units": [{"id": "A", "side": "dark", "power": 2, "health": 4, "abilities": ["Critical Hit 1"]},
                  {"id": "D", "side": "light", "power": 1, "health": 2}],
        "attack": {"attacker": "A", "defender": "D"}});
    let hash = store(&position).await;
    let (status, v) = get_json(&format!("/adjudicate/p/{hash}/3.json")).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let chance = v["chances"][0].clone();
    let faces: Vec<&str> = chance["candidates"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["odds"].as_str().unwrap())
        .collect();
    assert_eq!(faces, ["1/6"; 6], "{chance}");
    assert_eq!(odds_sum(&v), (1, 1), "the odds from step 3 sum to 1");
    let other = chance["candidates"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["picked"] != true)
        .unwrap()
        .clone();
    assert!(
        other["pin"].as_str().unwrap().starts_with("attack:0:"),
        "{other}"
    );
    let body = encode(&[
        ("chance", &chance["ordinal"].to_string()),
        ("pin", other["pin"].as_str().unwrap()),
        ("step", "3"),
    ]);
    let (status, _, text, location) = send(
        TestRequest::post()
            .uri(&format!("/adjudicate/p/{hash}/choose"))
            .insert_header(("Content-Type", FORM))
            .set_payload(body),
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER, "{text}");
    let (_, v) = get_json(&format!("{}.json", location.unwrap())).await;
    assert_eq!(v["chances"][0]["forced"], true, "{v}");
    // The JSON twin holds the picture: the dice as faces, the timeline at the roll.
    let pinned_face: u64 = other["pin"].as_str().unwrap()[9..].parse().unwrap();
    let die = &v["board"]["dice"]["groups"][0]["dice"][0];
    assert_eq!(die["face"], pinned_face, "{die}");
    assert_eq!(die["hit"], pinned_face >= 4, "{die}");
    let current: Vec<&Value> = v["board"]["timeline"]["steps"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["when"] == "current")
        .map(|s| &s["key"])
        .collect();
    assert_eq!(current, [&json!("roll")], "{}", v["board"]["timeline"]);
    let (status, html) = get_html(&format!("/adjudicate/p/{hash}/3")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("Attack dice"), "the dice tray");
    assert!(
        html.contains(r#"<li class="current" data-step="roll""#),
        "the timeline's current step"
    );
}

// Issue #16: the step page's odds for any pool size come from the game's own model
// (Game::odds), exact, with its method named, drawn as server-rendered SVG bar charts
// (a <title>, each bar's exact fraction, a table of the same figures), and they change
// when the judge pins a die.
#[actix_rt::test]
async fn a_twenty_die_swtcg_attack_has_exact_odds_and_charts_that_follow_a_pin() {
    let position = json!({"game": "swtcg", "seed": 5,
        "units": [{"id": "A", "side": "dark", "power": 20, "health": 9, "abilities": ["Fury 2", "Critical Hit 2"]},
                  {"id": "D", "side": "light", "power": 1, "health": 12, "abilities": ["Parry 1", "Evade 2"]}],
        "attack": {"attacker": "A", "defender": "D"}});
    let hash = store(&position).await;
    let (status, v) = get_json(&format!("/adjudicate/p/{hash}/0.json")).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert!(v["odds"]["error"].is_null(), "{}", v["odds"]);
    assert_eq!(v["odds"]["method"]["method"], "aggregated", "{}", v["odds"]);
    assert_eq!(odds_sum(&v), (1, 1));
    let charts = v["odds"]["charts"].as_array().expect("charts");
    assert_eq!(charts[0]["id"], "damage-D");
    assert_eq!(charts[1]["id"], "discarded");
    let before = charts[1]["bars"][0]["odds"].clone();
    let (_, html) = get_html(&format!("/adjudicate/p/{hash}/0")).await;
    assert!(
        html.contains(r#"<figure class="chart" id="chart-damage-D""#),
        "{html}"
    );
    assert!(html.contains("<svg role=\"img\""));
    assert!(html.contains(r#"<title id="chart-discarded-title">"#));
    assert!(html.contains(r#"<details class="chart-table">"#));
    assert!(
        html.contains("dynamic programming over outcome classes"),
        "the method is named"
    );
    // Pin the first attack die to a 1 (a natural 1: Parry): the odds change.
    let body = encode(&[("chance", "1"), ("pin", "attack:0:1"), ("step", "3")]);
    let (status, _, text, location) = send(
        TestRequest::post()
            .uri(&format!("/adjudicate/p/{hash}/choose"))
            .insert_header(("Content-Type", FORM))
            .set_payload(body),
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER, "{text}");
    let location = location.unwrap();
    let pinned = location
        .strip_prefix("/adjudicate/p/")
        .and_then(|r| r.split('/').next())
        .unwrap()
        .to_string();
    let (_, v) = get_json(&format!("/adjudicate/p/{pinned}/0.json")).await;
    let after = v["odds"]["charts"][1]["bars"][0]["odds"].clone();
    assert_ne!(before, after, "pinning a die changes the chart");
    assert_eq!(odds_sum(&v), (1, 1));
    // From the step after the roll, the odds are conditioned on the dice as they lie.
    let (_, v) = get_json(&format!("/adjudicate/p/{pinned}/4.json")).await;
    assert_eq!(odds_sum(&v), (1, 1), "{}", v["odds"]);
}

// Issue #16: a Star Wars TCG decision (how much Evade prevents) is a form control on the
// step page: pinning another option re-runs the attack with it.
#[actix_rt::test]
async fn a_swtcg_evade_decision_is_pinned_from_the_step_page() {
    let position = json!({"game": "swtcg", "seed": 3,
        "units": [{"id": "A", "side": "dark", "power": 3, "health": 4},
                  {"id": "D", "side": "light", "power": 1, "health": 9, "abilities": ["Evade 2"]}],
        "attack": {"attacker": "A", "defender": "D"},
        "dice": {"attack": [6, 5, 4]}});
    let hash = store(&position).await;
    let (status, v) = get_json(&format!("/adjudicate/p/{hash}/7.json")).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let d = v["decisions"][0].clone();
    assert_eq!(d["question"], "how much Evade prevents", "{v}");
    assert_eq!(
        d["options"][2]["chosen"], true,
        "by default it prevents 2: {d}"
    );
    let (_, html) = get_html(&format!("/adjudicate/p/{hash}/7")).await;
    assert!(
        html.contains(r#"<button type="submit" class="option" data-option="1">prevent 0</button>"#),
        "{html}"
    );
    let body = encode(&[("decision", "1"), ("option", "1"), ("step", "7")]);
    let (status, _, text, location) = send(
        TestRequest::post()
            .uri(&format!("/adjudicate/p/{hash}/decide"))
            .insert_header(("Content-Type", FORM))
            .set_payload(body),
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER, "{text}");
    let (_, v) = get_json(&format!("{}.json", location.unwrap())).await;
    assert_eq!(v["position"]["decisions"]["evade"]["D"], 0, "{v}");
    assert_eq!(v["decisions"][0]["pinned"], true);
    let (_, last) = get_json(&format!("{}.json", step_of_last(&v))).await;
    assert_eq!(last["outcome"]["discarded"], json!([]));
    assert!(
        last["state"]["units"][1]["damage"] == 3,
        "nothing prevented: {}",
        last["state"]
    );
    // An option the decision does not have is a 400 in words.
    let body = encode(&[("decision", "1"), ("option", "9"), ("step", "7")]);
    let (status, _, text, _) = send(
        TestRequest::post()
            .uri(&format!("/adjudicate/p/{hash}/decide"))
            .insert_header(("Content-Type", FORM))
            .set_payload(body),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{text}");
    assert!(text.contains("options 1 to 3"), "{text}");
}

/// The decision of step JSON `v` asking `question`.
fn decision_asking(v: &Value, question: &str) -> Value {
    v["decisions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["question"] == question)
        .unwrap_or_else(|| panic!("no decision {question:?} in {v}"))
        .clone()
}

/// The 1-based number of the option of `d` labelled `label`.
fn option_numbered(d: &Value, label: &str) -> String {
    let i = labels(d)
        .iter()
        .position(|l| l == label)
        .unwrap_or_else(|| panic!("no option {label:?} in {d}"));
    (i + 1).to_string()
}

// Issue #16 (left from the fourth session): the unit a Deflect damages is pinned from the
// step page like every other decision; by default it is the attacker.
#[actix_rt::test]
async fn a_swtcg_deflect_target_is_pinned_from_the_step_page() {
    // seed 002 Deflect: "Prevent X damage to this unit, and this unit may do that much damage to a unit of your choice in the same arena."
    // seed 002 Deflect: "Deflect creates new damage that can be done to any unit in the arena (even itself)."
    let position = json!({"game": "swtcg", "seed": 3,
        "units": [{"id": "A", "side": "dark", "power": 3, "health": 5},
                  {"id": "D", "side": "light", "power": 1, "health": 9, "abilities": ["Deflect 2"]},
                  {"id": "B", "side": "dark", "power": 1, "health": 3}],
        "attack": {"attacker": "A", "defender": "D"},
        "dice": {"attack": [6, 5, 4]}});
    let hash = store(&position).await;
    let question = "the unit Deflect damages";
    let (n, v) = step_deciding(&hash, question).await;
    let d = decision_asking(&v, question);
    assert_eq!(d["pinned"], false, "{d}");
    // seed 002 Deflect: the unit "may" do that much damage; an activated ability may
    // be left unplayed.
    assert_eq!(
        labels(&d),
        [
            "damage A",
            "damage D",
            "damage B",
            "prevent, and do no damage",
            "not played"
        ],
        "{d}"
    );
    assert_eq!(d["policy"], "the unit whose damage it deflects");
    let default = option_numbered(&d, "damage A");
    let i: usize = default.parse().unwrap();
    assert_eq!(
        d["options"][i - 1]["chosen"],
        true,
        "the attacker by default: {d}"
    );
    assert_eq!(
        (final_damage(&v, "A").await, final_damage(&v, "D").await),
        (2, 1),
        "2 of 3 deflected onto A"
    );
    let (_, html) = get_html(&format!("/adjudicate/p/{hash}/{n}")).await;
    let b = option_numbered(&d, "damage B");
    assert!(
        html.contains(&format!(
            r#"<button type="submit" class="option" data-option="{b}">damage B</button>"#
        )),
        "{html}"
    );
    // Pin B: a new permalink; the position, the panel and the damage follow.
    let ordinal = d["ordinal"].to_string();
    let step = n.to_string();
    let (status, _, text, location) = decide(
        &hash,
        &[("decision", &ordinal), ("option", &b), ("step", &step)],
        false,
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER, "{text}");
    let (_, v) = get_json(&format!("{}.json", location.unwrap())).await;
    assert_eq!(v["position"]["decisions"]["deflect"]["D"], "B", "{v}");
    let d = decision_asking(&v, question);
    assert_eq!(d["pinned"], true, "{d}");
    assert_eq!(
        (
            final_damage(&v, "A").await,
            final_damage(&v, "B").await,
            final_damage(&v, "D").await
        ),
        (0, 2, 1),
        "the 2 deflected land on B"
    );
    // An option the decision does not have: a 400 in words.
    let over = (labels(&d).len() + 1).to_string();
    let (status, _, text, _) = decide(
        &hash,
        &[("decision", &ordinal), ("option", &over), ("step", &step)],
        false,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{text}");
    assert!(
        text.contains(&format!("options 1 to {}, not {over}", labels(&d).len())),
        "{text}"
    );
}

// Issue #16 (left from the fourth session): an Enhance is declared or not from the step
// page; by default it is not declared (house rule S10).
#[actix_rt::test]
async fn a_swtcg_enhance_is_declared_from_the_step_page() {
    // seed 002 Enhance: "You must declare it to get its effect."
    // seed 002 Enhance: "You may play the following effect by paying the additional cost."
    let position = json!({"game": "swtcg", "seed": 3,
        "units": [{"id": "A", "side": "dark", "power": 2, "health": 6,
                   "abilities": ["Enhance: Pay 1 Force: also Critical Hit 2"]},
                  {"id": "D", "side": "light", "power": 1, "health": 9}],
        "attack": {"attacker": "A", "defender": "D"},
        "dice": {"attack": [6, 2]}});
    let hash = store(&position).await;
    let question = "declare Enhance";
    let (n, v) = step_deciding(&hash, question).await;
    let d = decision_asking(&v, question);
    assert_eq!(labels(&d), ["not declared", "declared"], "{d}");
    assert_eq!(
        d["options"][0]["chosen"], true,
        "not declared by default: {d}"
    );
    assert_eq!(d["pinned"], false);
    assert_eq!(final_damage(&v, "D").await, 1, "no Critical Hit");
    let ordinal = d["ordinal"].to_string();
    let step = n.to_string();
    let (status, _, text, location) = decide(
        &hash,
        &[("decision", &ordinal), ("option", "2"), ("step", &step)],
        true,
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER, "{text}");
    let (_, v) = get_json(&format!("{}.json", location.unwrap())).await;
    assert_eq!(v["position"]["decisions"]["enhance"]["A"], true, "{v}");
    let d = decision_asking(&v, question);
    assert_eq!(d["pinned"], true, "{d}");
    assert_eq!(d["options"][1]["chosen"], true, "{d}");
    assert_eq!(
        final_damage(&v, "D").await,
        3,
        "declared: Critical Hit 2 acts"
    );
    // Declared again as not: the pin says so, and the damage is back.
    let pinned = v["hash"].as_str().unwrap().to_string();
    let (status, _, text, location) = decide(
        &pinned,
        &[("decision", &ordinal), ("option", "1"), ("step", &step)],
        false,
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER, "{text}");
    let (_, v) = get_json(&format!("{}.json", location.unwrap())).await;
    assert_eq!(final_damage(&v, "D").await, 1, "{v}");
    let (status, _, text, _) = decide(
        &hash,
        &[("decision", &ordinal), ("option", "3"), ("step", &step)],
        true,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{text}");
    assert!(text.contains("options 1 to 2, not 3"), "{text}");
}

/// Posts the decide form of `hash` with `pairs`; answers the status, the body and the
/// redirect. `json`: asks for the JSON twin's answer (an error as JSON).
async fn decide(
    hash: &str,
    pairs: &[(&str, &str)],
    json: bool,
) -> (StatusCode, String, String, Option<String>) {
    let mut req = TestRequest::post()
        .uri(&format!("/adjudicate/p/{hash}/decide"))
        .insert_header(("Content-Type", FORM))
        .set_payload(encode(pairs));
    if json {
        req = req.insert_header(("Accept", "application/json"));
    }
    send(req).await
}

/// The first step of `hash` whose decisions include one asking `question`: its number
/// and its JSON twin.
async fn step_deciding(hash: &str, question: &str) -> (u64, Value) {
    let (_, v) = get_json(&format!("/adjudicate/p/{hash}/0.json")).await;
    let total = v["total"].as_u64().expect("total");
    for n in 1..=total {
        let (_, s) = get_json(&format!("/adjudicate/p/{hash}/{n}.json")).await;
        if s["decisions"]
            .as_array()
            .unwrap()
            .iter()
            .any(|d| d["question"] == question)
        {
            return (n, s);
        }
    }
    panic!("no step of {hash} decides {question:?}");
}

/// The events of every step of the adjudication whose step JSON is `v`, as text.
async fn whole_log(v: &Value) -> Vec<String> {
    let (_, last) = get_json(&format!("{}.json", step_of_last(v))).await;
    let (_, first) = get_json(&format!(
        "/adjudicate/p/{}/0.json",
        last["hash"].as_str().unwrap()
    ))
    .await;
    let total = first["total"].as_u64().unwrap();
    let mut out = Vec::new();
    for n in 1..=total {
        let (_, s) = get_json(&format!(
            "/adjudicate/p/{}/{n}.json",
            last["hash"].as_str().unwrap()
        ))
        .await;
        let step = s["log"].as_array().unwrap().last().unwrap().clone();
        for e in step["events"].as_array().unwrap() {
            out.push(e["text"].as_str().unwrap().to_string());
        }
    }
    out
}

/// The damage on unit `id` when the adjudication of step JSON `v` ends.
async fn final_damage(v: &Value, id: &str) -> i64 {
    let (_, last) = get_json(&format!("{}.json", step_of_last(v))).await;
    last["state"]["units"]
        .as_array()
        .unwrap()
        .iter()
        .find(|u| u["id"] == id)
        .and_then(|u| u["damage"].as_i64())
        .unwrap_or(0)
}

fn labels(d: &Value) -> Vec<String> {
    d["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["label"].as_str().unwrap().to_string())
        .collect()
}

// Issue #16: which unit intercepts is a decision on the step page: by default none
// does; pinning a unit re-runs the attack with it as the defender, and none again takes
// the pin back.
#[actix_rt::test]
async fn a_swtcg_intercept_decision_is_pinned_from_the_step_page() {
    // seed 002 Intercept: "If one of your other units is being attacked in the same arena, the attacking unit now attacks this unit instead."
    // seed 002 Intercept: "Any number of units may intercept an attack once for each instance of the effect."
    // house rule S11: "Every choice the seed gives a player in an attack is a decision with its options listed; a judge may pin it, and unpinned it takes the default policy named for it in the table of decisions."
    let position = json!({"game": "swtcg", "seed": 5,
        "units": [{"id": "A", "side": "dark", "power": 2, "health": 5},
                  {"id": "D", "side": "light", "power": 1, "health": 9},
                  {"id": "C", "side": "light", "power": 1, "health": 9, "abilities": ["Intercept"]}],
        "attack": {"attacker": "A", "defender": "D"},
        "dice": {"attack": [6, 5]}});
    let hash = store(&position).await;
    let (n, v) = step_deciding(&hash, "which unit intercepts").await;
    assert_eq!(v["phase"], "attack POP", "{v}");
    let d = v["decisions"][0].clone();
    assert_eq!(d["who"], "the Light Side player");
    assert_eq!(d["policy"], "pass: no unit intercepts");
    assert_eq!(d["pinned"], false);
    assert_eq!(labels(&d), ["no unit intercepts", "C intercepts"]);
    assert_eq!(d["options"][0]["chosen"], true, "{d}");
    assert_eq!(final_damage(&v, "D").await, 2, "no intercept: D is hit");
    let (_, html) = get_html(&format!("/adjudicate/p/{hash}/{n}")).await;
    assert!(
        html.contains(
            r#"<button type="submit" class="option" data-option="2">C intercepts</button>"#
        ),
        "{html}"
    );
    // Pin C: a new permalink on the same step; the JSON twin and the log follow.
    let (status, _, text, location) = decide(
        &hash,
        &[("decision", "1"), ("option", "2"), ("step", &n.to_string())],
        false,
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER, "{text}");
    let location = location.unwrap();
    assert!(location.ends_with(&format!("/{n}")), "{location}");
    let (_, v) = get_json(&format!("{location}.json")).await;
    assert_ne!(v["hash"], hash.as_str());
    assert_eq!(v["position"]["decisions"]["intercept"], json!(["C"]), "{v}");
    let d = &v["decisions"][0];
    assert_eq!(d["pinned"], true);
    assert_eq!(d["options"][1]["chosen"], true);
    let events: Vec<&str> = v["log"].as_array().unwrap().last().unwrap()["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["text"].as_str().unwrap())
        .collect();
    assert!(
        events.contains(&"C intercepts: the attack on D now attacks C (the same attack)."),
        "{events:?}"
    );
    assert_eq!(
        (final_damage(&v, "C").await, final_damage(&v, "D").await),
        (2, 0),
        "the attack's damage lands on C"
    );
    // None again: the list is cut there.
    let pinned = v["hash"].as_str().unwrap().to_string();
    let (status, _, text, location) = decide(
        &pinned,
        &[("decision", "1"), ("option", "1"), ("step", &n.to_string())],
        false,
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER, "{text}");
    let (_, v) = get_json(&format!("{}.json", location.unwrap())).await;
    assert!(v["position"]["decisions"].get("intercept").is_none(), "{v}");
    assert_eq!(v["decisions"][0]["pinned"], false);
    assert_eq!(final_damage(&v, "D").await, 2);
    // Out of range, in HTML and JSON: a 400 in words.
    let (status, ctype, text, _) = decide(
        &hash,
        &[("decision", "1"), ("option", "3"), ("step", "2")],
        false,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{text}");
    assert!(ctype.starts_with("text/html"), "{ctype}");
    assert!(
        text.contains("decision 1 has options 1 to 2, not 3"),
        "{text}"
    );
    let (status, ctype, text, _) = decide(
        &hash,
        &[("decision", "1"), ("option", "3"), ("step", "2")],
        true,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{text}");
    assert!(ctype.starts_with("application/json"), "{ctype}");
    let e: Value = serde_json::from_str(&text).expect("a JSON error");
    assert_eq!(e["object"], "error", "{e}");
    assert!(e.to_string().contains("options 1 to 2"), "{e}");
}

// Issue #16: a Foresight prediction is a decision on the step page, met before the roll
// with every number of hits the roll can make; a right prediction gains the effect, a
// wrong one does not.
#[actix_rt::test]
async fn a_swtcg_prediction_is_pinned_from_the_step_page() {
    // seed 002 Foresight: "Whenever this unit attacks, you may predict the number of hits that will be rolled for that attack."
    // seed 002 Foresight: "If you're correct, gain the [effect]."
    let position = json!({"game": "swtcg", "seed": 5,
        "units": [{"id": "A", "side": "dark", "power": 3, "health": 5, "abilities": ["Foresight: Gain 2 Force"]},
                  {"id": "D", "side": "light", "power": 1, "health": 9}],
        "attack": {"attacker": "A", "defender": "D"},
        "dice": {"attack": [6, 5, 1]}});
    let hash = store(&position).await;
    let (n, v) = step_deciding(&hash, "how many hits it predicts").await;
    assert_eq!(v["phase"], "attack POP", "before the roll: {v}");
    let d = v["decisions"][0].clone();
    assert_eq!(d["who"], "A");
    assert_eq!(d["policy"], "pass: no prediction");
    assert_eq!(
        labels(&d),
        ["no prediction", "0 hits", "1 hit", "2 hits", "3 hits"],
        "every number of hits 3 dice can make"
    );
    assert_eq!(d["options"][0]["chosen"], true);
    let before = whole_log(&v).await;
    assert!(
        !before.iter().any(|e| e.contains("predicted")),
        "no prediction, nothing checked: {before:?}"
    );
    // Pin 2 hits: right (the 6 and the 5).
    let (status, _, text, location) = decide(
        &hash,
        &[("decision", "1"), ("option", "4"), ("step", &n.to_string())],
        false,
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER, "{text}");
    let (_, v) = get_json(&format!("{}.json", location.unwrap())).await;
    assert_eq!(v["position"]["decisions"]["predict"]["A"], 2, "{v}");
    assert_eq!(v["decisions"][0]["pinned"], true);
    assert_eq!(v["decisions"][0]["options"][3]["chosen"], true);
    let log = whole_log(&v).await;
    assert!(
        log.iter()
            .any(|e| e
                == "A's Foresight: predicted 2 hit(s), correct; gains the effect (Gain 2 Force)."),
        "{log:?}"
    );
    // Pin 1 hit: wrong.
    let pinned = v["hash"].as_str().unwrap().to_string();
    let (status, _, text, location) = decide(
        &pinned,
        &[("decision", "1"), ("option", "3"), ("step", &n.to_string())],
        false,
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER, "{text}");
    let (_, v) = get_json(&format!("{}.json", location.unwrap())).await;
    assert_eq!(v["position"]["decisions"]["predict"]["A"], 1);
    let log = whole_log(&v).await;
    assert!(
        log.iter()
            .any(|e| e == "A's Foresight: predicted 1 hit(s), 2 rolled; no effect."),
        "{log:?}"
    );
    // No prediction again removes the pin.
    let pinned = v["hash"].as_str().unwrap().to_string();
    let (status, _, _, location) = decide(
        &pinned,
        &[("decision", "1"), ("option", "1"), ("step", &n.to_string())],
        false,
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let (_, v) = get_json(&format!("{}.json", location.unwrap())).await;
    assert!(v["position"].get("decisions").is_none(), "{v}");
    // A decision the attack does not meet, and option 0: 400s in words.
    for (pairs, says) in [
        (
            [("decision", "4"), ("option", "1"), ("step", "2")],
            "this attack has no decision 4: its decisions are 1 to 1",
        ),
        (
            [("decision", "1"), ("option", "0"), ("step", "2")],
            "options are numbered from 1",
        ),
        (
            [("decision", "1"), ("option", "6"), ("step", "2")],
            "decision 1 has options 1 to 5, not 6",
        ),
    ] {
        for json in [false, true] {
            let (status, _, text, _) = decide(&hash, &pairs, json).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{pairs:?}: {text}");
            assert!(text.contains(says), "{pairs:?}: {text}");
        }
    }
}

// Issue #16: which dice each player's Lucky re-rolls is a decision on the step page, a
// checkbox per die pinned together: the default re-rolls the misses; the judge picks
// other dice (or none), and the re-rolls, hits and damage follow.
#[actix_rt::test]
async fn a_swtcg_lucky_decision_is_pinned_die_by_die_from_the_step_page() {
    // seed 002 Lucky: "Each time this unit attacks or is attacked, you may re-roll up to X of this unit's attack dice or have your opponent re-roll up to X attack dice against this unit."
    // seed 002 Lucky: "You may choose to roll any number of dice up to the Lucky value."
    // seed 002 Lucky: "You can't re-roll more dice than are rolled for the attack."
    // The re-rolls are pinned by die: die 0 to a 3, die 2 to a 6, die 3 to a 6.
    let position = json!({"game": "swtcg", "seed": 5,
        "units": [{"id": "A", "side": "dark", "power": 4, "health": 5, "abilities": ["Lucky 2"]},
                  {"id": "D", "side": "light", "power": 1, "health": 9}],
        "attack": {"attacker": "A", "defender": "D"},
        "dice": {"attack": [6, 5, 1, 2],
                 "rerolls": [{"die": 0, "face": 3}, {"die": 2, "face": 6}, {"die": 3, "face": 6}]}});
    let hash = store(&position).await;
    let (n, v) = step_deciding(&hash, "which dice Lucky re-rolls").await;
    assert_eq!(v["phase"], "rerolls", "{v}");
    let d = v["decisions"][0].clone();
    assert_eq!(d["who"], "the Dark Side player");
    assert_eq!(d["options"], json!([]), "a set, not options: {d}");
    assert_eq!(d["picks"]["most"], 2);
    let items: Vec<(String, bool)> = d["picks"]["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| {
            (
                i["label"].as_str().unwrap().to_string(),
                i["chosen"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        items,
        [
            ("attack die 1: 6, a hit".to_string(), false),
            ("attack die 2: 5, a hit".to_string(), false),
            ("attack die 3: 1, a miss".to_string(), true),
            ("attack die 4: 2, a miss".to_string(), true),
        ],
        "by default the misses, as the player saw them"
    );
    assert_eq!(final_damage(&v, "D").await, 4, "6, 5, 6, 6");
    let (_, html) = get_html(&format!("/adjudicate/p/{hash}/{n}")).await;
    assert!(
        html.contains(r#"<input type="checkbox" name="pick" value="3" data-pick="3" checked>"#)
            && html.contains(r#"<input type="checkbox" name="pick" value="1" data-pick="1">"#),
        "{html}"
    );
    // The judge ticks dice 0 and 2: the 6 becomes a 3, the 1 a 6.
    let step = n.to_string();
    let (status, _, text, location) = decide(
        &hash,
        &[
            ("decision", "1"),
            ("step", &step),
            ("pick", "1"),
            ("pick", "3"),
        ],
        false,
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER, "{text}");
    let location = location.unwrap();
    assert!(location.ends_with(&format!("/{n}")), "{location}");
    let (_, v) = get_json(&format!("{location}.json")).await;
    assert_eq!(
        v["position"]["decisions"]["lucky"]["dark"],
        json!([0, 2]),
        "{v}"
    );
    let d = &v["decisions"][0];
    assert_eq!(d["pinned"], true);
    let chosen: Vec<bool> = d["picks"]["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["chosen"].as_bool().unwrap())
        .collect();
    assert_eq!(chosen, [true, false, true, false]);
    let log = whole_log(&v).await;
    assert!(
        log.iter().any(|e| e.starts_with(
            "Dark Side player's Lucky 2 (A): re-rolls attack die 1, attack die 3. Decision 1 (the Dark Side player's: which dice Lucky re-rolls, up to 2): attack die 1: 6, a hit, attack die 3: 1, a miss, by the judge's pin;"
        )),
        "{log:?}"
    );
    assert!(log.iter().any(|e| e.starts_with("2 hit(s)")), "{log:?}");
    assert_eq!(final_damage(&v, "D").await, 2, "3, 5, 6, 2");
    // None ticked: a Lucky that re-rolls nothing.
    let (status, _, text, location) =
        decide(&hash, &[("decision", "1"), ("step", &step)], false).await;
    assert_eq!(status, StatusCode::SEE_OTHER, "{text}");
    let (_, v) = get_json(&format!("{}.json", location.unwrap())).await;
    assert_eq!(v["position"]["decisions"]["lucky"]["dark"], json!([]));
    assert_eq!(final_damage(&v, "D").await, 2, "6, 5, 1, 2");
    // Bad input: a 400 in words, never a pin.
    for (pairs, says) in [
        (
            vec![
                ("decision", "1"),
                ("step", "4"),
                ("pick", "1"),
                ("pick", "2"),
                ("pick", "3"),
            ],
            "Lucky 2 re-rolls at most 2 dice, not 3",
        ),
        (
            vec![("decision", "1"), ("step", "4"), ("pick", "9")],
            "pick 9 is not a die of this roll; its dice are picks 1 to 4",
        ),
        (
            vec![("decision", "1"), ("step", "4"), ("pick", "0")],
            "pick 0 is not a die of this roll",
        ),
        (
            vec![
                ("decision", "1"),
                ("step", "4"),
                ("pick", "2"),
                ("pick", "2"),
            ],
            "pick 2 (attack die 2: 5, a hit) is picked twice",
        ),
        (
            vec![("decision", "1"), ("step", "4"), ("pick", "two")],
            "is not a whole number",
        ),
        (
            vec![("decision", "1"), ("step", "4"), ("option", "1")],
            "decision 1 picks dice, not one option",
        ),
        (
            vec![
                ("decision", "1"),
                ("step", "4"),
                ("option", "1"),
                ("pick", "1"),
            ],
            "not both",
        ),
        (
            vec![("decision", "2"), ("step", "4"), ("pick", "1")],
            "this attack has no decision 2",
        ),
        (
            vec![("decision", "1"), ("step", "4"), ("die", "1")],
            "is not one of decision, step, option, pick",
        ),
        (
            vec![("step", "4"), ("pick", "1")],
            "form field decision is missing",
        ),
    ] {
        for json in [false, true] {
            let (status, ctype, text, _) = decide(&hash, &pairs, json).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{pairs:?}: {text}");
            assert!(
                ctype.starts_with(if json {
                    "application/json"
                } else {
                    "text/html"
                }),
                "{pairs:?}: {ctype}"
            );
            assert!(text.contains(says), "{pairs:?}: {text}");
        }
    }
}

// Issue #16: no HTML id is given twice on any game's builder page (the Star Wars TCG
// form's Units section and its list of card names were both `units`).
#[actix_rt::test]
async fn every_builder_page_gives_each_html_id_once() {
    for game in arbiter::games::GameId::ALL {
        let (status, html) = get_html(&format!("/adjudicate?game={}", game.slug())).await;
        assert_eq!(status, StatusCode::OK, "{game:?}");
        let mut seen: std::collections::BTreeMap<&str, usize> = Default::default();
        for piece in html.split(" id=\"").skip(1) {
            let id = &piece[..piece.find('"').expect("a closing quote")];
            *seen.entry(id).or_default() += 1;
        }
        let twice: Vec<_> = seen.iter().filter(|(_, n)| **n > 1).collect();
        assert!(twice.is_empty(), "{game:?}: ids given twice: {twice:?}");
        assert!(seen.len() > 10, "{game:?}: the page was read: {seen:?}");
    }
}

fn step_of_last(v: &Value) -> String {
    v["links"]["last"]
        .as_str()
        .expect("a last link")
        .to_string()
}

// Issue #16: every Star Wars TCG keyword page links to a ready-made example attack;
// following the link stores it and opens the step page at the first step whose log
// names the keyword, and that page names it.
#[actix_rt::test]
async fn every_swtcg_keyword_page_links_to_an_example_attack_that_names_it() {
    let (_, home) = get_json("/keyword/swtcg/Armor.json").await;
    assert!(home["example_url"].is_string(), "{home}");
    let keywords = [
        "Accuracy",
        "Armor",
        "Critical Hit",
        "Deflect",
        "Double Damage",
        "Enhance",
        "Equip",
        "Evade",
        "Foresight",
        "Forewarning",
        "Fury",
        "INSERT",
        "Intercept",
        "Lucky",
        "Meditate",
        "Parry",
        "Precision",
        "Reserves",
        "Shields",
        "Stack",
    ];
    for k in keywords {
        let url = format!("/keyword/swtcg/{}", k.replace(' ', "%20"));
        let (status, html) = get_html(&url).await;
        assert_eq!(status, StatusCode::OK, "{url}");
        let at = html
            .find(r#"id="example-attack" href=""#)
            .unwrap_or_else(|| panic!("{k}: no example link"));
        let rest = &html[at + r#"id="example-attack" href=""#.len()..];
        let link = &rest[..rest.find('"').unwrap()];
        let (status, page) = get_html(link).await;
        assert_eq!(status, StatusCode::OK, "{k}: {link}");
        assert!(
            !page.contains(r#"<h1>Step <span id="step">0</span>"#),
            "{k}: opens where the keyword acts, not the start"
        );
        let log = &page[page.find(r#"<section class="log">"#).expect("a log")..];
        assert!(
            log.contains(k),
            "{k}: the step page's log names it ({link})"
        );
        let (_, twin) = get_json(&format!("{link}.json")).await;
        assert_eq!(twin["object"], "adjudication_step", "{k}: the JSON twin");
    }
    let (status, _, body, _) =
        send(TestRequest::get().uri("/adjudicate/example/swtcg/Nonsense")).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    let (_, other) = get_json("/keyword/battleline/Armor.json").await;
    assert!(
        other["example_url"].is_null(),
        "battle-line has no examples yet"
    );
}

/// Issue #15, judges 2: a submission with four problems reports all four, each in words
/// (the player's name and the slot, never only a JSON path) and at its field: the field
/// marked invalid and its message beside it, linked from the summary at the top.
#[actix_rt::test]
async fn every_problem_of_a_form_is_reported_at_its_field() {
    let pairs = [
        ("p0_name", "Alice"),
        ("p1_name", "Bob"),
        ("p0_s1_card", "Moss Troll"),
        ("p0_s2_name", "Golem"),
        ("p0_s2_attack", "2"),
        ("p0_s2_life", "3"),
        ("p0_s2_abilities", "Armr 2"),
        ("p1_s1_card", "Hex Wich"),
        ("p1_s1_damage", "lots"),
        ("a2_play", "Wall of Ice"),
    ];
    // The form's own checks (a number) come first; with them fixed, the position's.
    let (status, _, html, _) = send(
        TestRequest::post()
            .uri("/adjudicate")
            .insert_header(("Content-Type", FORM))
            .set_payload(encode(&pairs)),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{html}");
    assert!(
        html.contains(r#"<div class="field small invalid"><label for="p1_s1_damage">"#),
        "the damage field is marked: {html}"
    );
    assert!(html.contains(r#"id="p1_s1_damage-error""#));
    assert!(html.contains(r#"aria-describedby="p1_s1_damage-error""#));
    let fixed: Vec<(&str, &str)> = pairs
        .iter()
        .map(|&(k, v)| {
            if k == "p1_s1_damage" {
                (k, "1")
            } else {
                (k, v)
            }
        })
        .chain([
            ("p0_s3_name", "Nameless"),
            ("p0_s3_attack", "999"),
            ("p0_s3_life", "2"),
        ])
        .collect();
    let (status, _, html, _) = send(
        TestRequest::post()
            .uri("/adjudicate")
            .insert_header(("Content-Type", FORM))
            .set_payload(encode(&fixed)),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{html}");
    let shown = html
        .replace("&quot;", "\"")
        .replace("&#34;", "\"")
        .replace("&#39;", "'");
    assert!(shown.contains("The position has 4 problems"), "{shown}");
    for (field, words) in [
        (
            "p0_s2_abilities",
            "Alice, slot 2: unknown battle-line ability \"Armr 2\" (did you mean \"Armor\"?)",
        ),
        (
            "p1_s1_card",
            "Bob, slot 1: unknown battle-line card \"Hex Wich\"",
        ),
        ("p0_s3_attack", "Alice, slot 3: 999 is out of range"),
        ("a2_play", "Play 2: \"Wall of Ice\" is summoned by a rule"),
    ] {
        assert!(shown.contains(words), "{words:?} in the page: {shown}");
        assert!(
            html.contains(&format!(r##"<a href="#{field}">"##)),
            "the summary links {field}"
        );
        assert!(
            html.contains(&format!(r#"id="{field}-error""#)),
            "{field}'s message is beside it"
        );
        assert!(
            html.contains(&format!(r#"aria-describedby="{field}-error""#)),
            "{field} is marked invalid"
        );
    }
    assert!(
        !shown.contains("players[0]"),
        "no JSON path on the form's errors"
    );
}

/// Issue #15, judges 8: "Cards played" offers only cards that can be played: not the
/// ones a rule summons (Wall of Ice), which a slot can still hold.
#[actix_rt::test]
async fn plays_offer_only_cards_that_can_be_played() {
    let (status, html) = get_html("/adjudicate").await;
    assert_eq!(status, StatusCode::OK);
    let list = |id: &str| {
        let from = html.find(&format!(r#"<datalist id="{id}">"#)).expect(id);
        html[from..from + html[from..].find("</datalist>").expect("end")].to_string()
    };
    let wall = r#"<option value="Wall of Ice">"#;
    assert!(
        list("cards").contains(wall),
        "a slot can hold a Wall of Ice"
    );
    assert!(!list("playable").contains(wall), "a play cannot name it");
    assert!(list("playable").contains(r#"<option value="Thornback Boar">"#));
    assert!(list("playable").contains(r#"<option value="The Carrot of Power">"#));
    assert!(html.contains(r#"name="a1_play" list="playable""#));
    let (status, v) = get_json("/adjudicate/cards.json?type=playable&q=wall").await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        !v["names"]
            .as_array()
            .unwrap()
            .iter()
            .any(|n| n == "Wall of Ice"),
        "{v}"
    );
    let (_, v) = get_json("/adjudicate.json").await;
    let playable = v["playable"].as_array().unwrap();
    assert!(!playable.iter().any(|n| n == "Wall of Ice"));
}

/// Issue #15, judges 5: the last step says why adjudication stopped. A player at 0 life
/// is a game over; turns that ran out are not ("adjudication ended"), and the page says
/// where the game stands.
#[actix_rt::test]
async fn the_last_step_says_why_adjudication_stopped() {
    let win = store(&json!({
        "seed": 1, "turns": 3,
        "players": [
            {"name": "Alice", "line": [{"name": "Giant", "attack": 5, "life": 5}]},
            {"name": "Bob", "life": 3, "line": []}
        ]
    }))
    .await;
    let (_, v) = get_json(&format!("/adjudicate/p/{win}/0.json")).await;
    let total = v["total"].as_u64().unwrap();
    let (_, v) = get_json(&format!("/adjudicate/p/{win}/{total}.json")).await;
    assert_eq!(v["phase"], "game over", "{v}");
    assert_eq!(v["board"]["ended"]["game_over"], true);
    assert_eq!(v["board"]["ended"]["why"], "Bob's life reached 0");
    let (_, html) = get_html(&format!("/adjudicate/p/{win}/{total}")).await;
    assert!(
        html.contains("Game over: Bob&#39;s life reached 0")
            || html.contains("Game over: Bob&#x27;s life reached 0"),
        "{html}"
    );
    assert!(html.contains("Alice wins."));

    let hash = store(&bolt_position()).await;
    let (_, v) = get_json(&format!("/adjudicate/p/{hash}/0.json")).await;
    let total = v["total"].as_u64().unwrap();
    assert!(
        v["board"]["ended"].is_null(),
        "play has not stopped at step 0"
    );
    let (_, v) = get_json(&format!("/adjudicate/p/{hash}/{total}.json")).await;
    assert_eq!(v["phase"], "adjudication ended", "{v}");
    assert_eq!(v["board"]["ended"]["game_over"], false);
    let (_, html) = get_html(&format!("/adjudicate/p/{hash}/{total}")).await;
    assert!(
        html.contains("<h2>The turns to play ran out (turn 2 was the last)"),
        "{html}"
    );
    assert!(!html.contains("game over"), "not a game over");
    assert!(html.contains(r#"<ul class="standing">"#), "where it stands");
}

/// Issue #15, judges 3 and 4: each creature's abilities are on the board, and the
/// readings that can change the position (their ability is on a board) come first.
#[actix_rt::test]
async fn the_board_shows_abilities_and_the_readings_that_matter_come_first() {
    let hash = store(&bolt_position()).await;
    let (_, v) = get_json(&format!("/adjudicate/p/{hash}/0.json")).await;
    let alice = &v["board"]["rows"][1];
    assert_eq!(alice["owner"], "Alice");
    assert_eq!(
        alice["slots"][0]["piece"]["abilities"],
        json!(["Bolt", "Fade"])
    );
    let matters: Vec<&str> = v["interpretations"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|i| i["matters"] == true)
        .filter_map(|i| i["key"].as_str())
        .collect();
    assert!(
        matters.contains(&"start_order"),
        "Bolt's reading: {matters:?}"
    );
    assert!(matters.contains(&"fade"), "Fade's reading: {matters:?}");
    assert!(
        !matters.contains(&"storm_target"),
        "no Storm on the board: {matters:?}"
    );
    let (_, html) = get_html(&format!("/adjudicate/p/{hash}/0")).await;
    let first = html
        .find(r#"id="readings-that-matter""#)
        .expect("the readings that matter");
    let folded = html
        .find(r#"<details class="readings-other">"#)
        .expect("the others, folded");
    assert!(first < folded);
    assert!(html[first..folded].contains(r#"data-key="start_order""#));
    assert!(html[folded..].contains(r#"data-key="storm_target""#));
    assert!(
        html.find(r#"id="permalink""#).unwrap() < html.find(r#"<figure class="board""#).unwrap(),
        "the permalink is above the board"
    );
}

/// Issue #14 and #16: the builder offers a game chooser, and the Star Wars TCG form (the
/// game's own, through the core's form hook) with its JSON twin.
#[actix_rt::test]
async fn the_swtcg_builder_and_its_twin_offer_units_keywords_and_readings() {
    let (status, html) = get_html("/adjudicate?game=swtcg").await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        html.contains("<h1>Adjudicate a Star Wars TCG attack</h1>"),
        "{html:.600}"
    );
    // The chooser: battle-line is a link back to the plain URL, this game is current.
    assert!(
        html.contains(r#"<a href="/adjudicate">battle-line"#)
            || html.contains(r#"<a href="/adjudicate">"#)
    );
    assert!(html.contains(r#"<strong aria-current="page">Star Wars Trading Card Game</strong>"#));
    assert!(html.contains(r#"<input type="hidden" name="game" value="swtcg">"#));
    let list = |id: &str| {
        let from = html.find(&format!(r#"<datalist id="{id}">"#)).expect(id);
        html[from..from + html[from..].find("</datalist>").expect("end")].to_string()
    };
    assert!(list("unit-cards").contains(r#"<option value="Colony Recon Trooper">"#));
    assert!(
        !list("unit-cards").contains("Moss Troll"),
        "only this game's cards"
    );
    assert!(list("keywords").contains(r#"<option value="Critical Hit">"#));
    assert!(html.contains(r#"name="u1_abilities" list="keywords""#));
    assert!(
        html.contains(r#"name="u12_id""#),
        "a card per unit, up to the cap"
    );
    assert!(
        html.contains(r#"name="u1_id" value="A""#) && html.contains(r#"name="attacker" value="A""#)
    );
    assert!(html.contains(r#"name="interp_fury_dice_naturals""#));
    assert!(
        html.contains(r#"<details class="slot filled" id="u1" open>"#),
        "{html}"
    );
    assert!(
        html.contains(r#"<details class="slot" id="u3">"#),
        "empty units are folded"
    );

    let (status, v) = get_json("/adjudicate.json?game=swtcg").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(v["object"], "position_builder");
    assert_eq!(v["game"], "swtcg");
    assert!(v["unit-cards"]
        .as_array()
        .unwrap()
        .iter()
        .any(|n| n == "Hegemony Siege Walker"));
    assert!(v["keywords"]
        .as_array()
        .unwrap()
        .iter()
        .any(|n| n == "Deflect"));
    assert_eq!(v["caps"]["units"], 12);
    assert_eq!(
        v["interpretations"].as_array().unwrap().len(),
        arbiter::games::swtcg::INTERPRETATIONS.len()
    );
    let sections: Vec<&str> = v["form"]["sections"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["id"].as_str().unwrap())
        .collect();
    assert_eq!(
        sections,
        [
            "attack",
            "units",
            "actions",
            "dice",
            "decisions",
            "interpretations"
        ]
    );
    assert_eq!(
        v["games"].as_array().unwrap().len(),
        arbiter::games::GameId::ALL.len()
    );
    // The battle-line twin keeps its names and says its game.
    let (_, v) = get_json("/adjudicate.json").await;
    assert_eq!(v["game"], "battleline");
    assert!(v["statuses"]
        .as_array()
        .unwrap()
        .iter()
        .any(|s| s == "shielded"));
    // The default game answers by its slug and by no `game` at all; an empty `game` is
    // not one of the document's enum values and is refused, naming the games.
    for uri in ["/adjudicate?game=battleline", "/adjudicate"] {
        let (status, html) = get_html(uri).await;
        assert_eq!(status, StatusCode::OK, "{uri}");
        assert!(
            html.contains("<h1>Adjudicate a battle-line position</h1>"),
            "{uri}"
        );
    }
    let (status, html) = get_html("/adjudicate?game=").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(html.contains("battleline"), "{html}");
    // A game no game answers to is a 404, in either format.
    let (status, v) = get_json("/adjudicate.json?game=chess").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(
        v["details"].to_string().contains("swtcg") || v.to_string().contains("swtcg"),
        "{v}"
    );
}

/// The Star Wars TCG form builds an attack, stores it, and `?from=` reopens it in the
/// same game's form with every field filled in.
#[actix_rt::test]
async fn the_swtcg_form_builds_an_attack_and_reopens_it() {
    let body = encode(&[
        ("game", "swtcg"),
        ("arena", "Ground"),
        ("seed", "7"),
        ("attacker", "A"),
        ("defender", "D"),
        ("odds", "on"),
        ("u1_id", "A"),
        ("u1_side", "dark"),
        ("u1_power", "4"),
        ("u1_health", "5"),
        ("u1_abilities", "Critical Hit 2, Accuracy 1"),
        ("u1_unique", ""),
        ("u2_id", "D"),
        ("u2_side", "light"),
        ("u2_card", "Colony Recon Trooper"),
        ("u2_damage", "1"),
        ("u2_tapped", "on"),
        ("u3_side", ""),
        ("dice_attack", "6, 4, -, 1"),
        ("dice_rerolls", "4:5"),
        ("lucky_light", "none"),
        ("interp_fury_dice_naturals", "initial_only"),
    ]);
    let hash = store_form(body.clone()).await;
    let location = format!("/adjudicate/p/{hash}/0");
    let (status, _, json) = http::get(state(), &format!("/adjudicate/p/{hash}.json"), None).await;
    assert_eq!(status, StatusCode::OK);
    let p: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(p["game"], "swtcg");
    assert_eq!(p["seed"], 7);
    assert_eq!(p["odds"], true);
    assert_eq!(p["units"].as_array().unwrap().len(), 2, "{p}");
    assert_eq!(
        p["units"][0]["abilities"],
        json!(["Critical Hit 2", "Accuracy 1"])
    );
    assert_eq!(p["units"][1]["card"], "Colony Recon Trooper");
    assert_eq!(p["units"][1]["tapped"], true);
    assert_eq!(p["dice"]["attack"], json!([6, 4, null, 1]));
    assert_eq!(p["dice"]["rerolls"], json!([{"die": 3, "face": 5}]));
    assert_eq!(p["decisions"]["lucky"]["light"], json!([]));
    assert_eq!(p["interpretations"]["fury_dice_naturals"], "initial_only");
    // The JSON twin of the build answers the same permalink.
    let (status, _, text, _) = send(
        TestRequest::post()
            .uri("/adjudicate.json")
            .insert_header(("Content-Type", FORM))
            .set_payload(body),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{text}");
    let v: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["hash"], hash.as_str());
    // Reopened: the swtcg form, filled in (the stored position's own game).
    let (status, html) = get_html(&format!("/adjudicate?from={hash}")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("Adjudicate a Star Wars TCG attack"));
    assert!(
        html.contains(r#"name="u1_abilities" list="keywords" value="Critical Hit 2, Accuracy 1""#)
    );
    assert!(html.contains(r#"name="u2_card" list="unit-cards" value="Colony Recon Trooper""#));
    assert!(html.contains(r#"name="dice_attack" value="6, 4, -, 1""#));
    assert!(html.contains(r#"name="u2_tapped" value="on" checked"#));
    assert!(html.contains(r#"name="lucky_light" value="none""#));
    assert!(html.contains(r#"value="initial_only" checked"#));
    let (_, v) = get_json(&format!("/adjudicate.json?from={hash}")).await;
    assert_eq!(v["game"], "swtcg");
    assert_eq!(v["from"]["units"][1]["card"], "Colony Recon Trooper");
    // The step page opens on the attack.
    let (status, html) = get_html(&location).await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("Colony Recon Trooper"));
}

/// Every problem of a Star Wars TCG submission at its field, in words: the form's own
/// (numbers, pairs) first, then the resolver's (an unknown keyword, an unknown card), as
/// a 400 in both formats; garbage never a 500.
#[actix_rt::test]
async fn every_problem_of_a_swtcg_form_is_reported_at_its_field() {
    let post = |pairs: Vec<(&str, &str)>, uri: &'static str| {
        let body = encode(&pairs);
        async move {
            send(
                TestRequest::post()
                    .uri(uri)
                    .insert_header(("Content-Type", FORM))
                    .set_payload(body),
            )
            .await
        }
    };
    let base = vec![
        ("game", "swtcg"),
        ("attacker", "A"),
        ("defender", "D"),
        ("u1_id", "A"),
        ("u1_side", "dark"),
        ("u2_id", "D"),
        ("u2_side", "light"),
    ];
    let mut form_errors = base.clone();
    form_errors.extend([
        ("u1_power", "four"),
        ("u1_health", "3"),
        ("u2_card", "Colony Recon Trooper"),
        ("dice_attack", "6, x"),
        ("evade", "D"),
    ]);
    let (status, _, html, _) = post(form_errors.clone(), "/adjudicate").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{html}");
    let shown = html
        .replace("&quot;", "\"")
        .replace("&#34;", "\"")
        .replace("&#39;", "'");
    assert!(shown.contains("The position has 3 problems"), "{shown}");
    for (field, words) in [
        (
            "u1_power",
            "Unit 1 (A), power: \"four\" is not a whole number",
        ),
        ("dice_attack", "Attack dice, die 1: \"x\" is not a face"),
        ("evade", "Evade, item 1: \"D\" is not unit:amount"),
    ] {
        assert!(shown.contains(words), "{words:?}: {shown}");
        assert!(
            html.contains(&format!(r##"<a href="#{field}">"##)),
            "{field} linked"
        );
        assert!(
            html.contains(&format!(r#"id="{field}-error""#)),
            "{field} message"
        );
        assert!(html.contains(&format!(r#"aria-describedby="{field}-error""#)));
    }
    // The units with problems are open, the form keeps what was typed.
    assert!(
        html.contains(r#"<details class="slot filled invalid" id="u1" open>"#),
        "{html}"
    );
    assert!(html.contains(r#"name="u2_card" list="unit-cards" value="Colony Recon Trooper""#));

    let mut resolver_errors = base.clone();
    resolver_errors.extend([
        ("u1_power", "2"),
        ("u1_health", "3"),
        ("u1_abilities", "Armr, Critical Hit 2"),
        ("u2_card", "Colony Recon Troper"),
    ]);
    let (status, _, html, _) = post(resolver_errors.clone(), "/adjudicate").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{html}");
    let shown = html
        .replace("&quot;", "\"")
        .replace("&#34;", "\"")
        .replace("&#39;", "'");
    assert!(shown.contains("The position has 2 problems"), "{shown}");
    assert!(
        shown.contains("Unit 1 (A), ability 1: unknown Star Wars TCG keyword <code>Armr</code>; did you mean <code>Armor</code>?"),
        "{shown}"
    );
    assert!(
        shown.contains("Unit 2 (D): no Star Wars TCG card <code>Colony Recon Troper</code>"),
        "{shown}"
    );
    assert!(html.contains(r#"id="u1_abilities-error""#) && html.contains(r#"id="u2_card-error""#));
    assert!(
        !shown.contains("units[0]"),
        "no JSON path on the form's errors"
    );
    let (status, ctype, text, _) = post(resolver_errors, "/adjudicate.json").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(ctype.starts_with("application/json"));
    let v: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["errors"].as_array().unwrap().len(), 2, "{v}");
    // Each problem with its field, for a client laying out its own form.
    assert_eq!(v["fields"][0]["field"], "u1_abilities", "{v}");
    assert_eq!(v["fields"][1]["field"], "u2_card", "{v}");
    assert_eq!(v["fields"][1]["message"], v["errors"][1], "{v}");

    // Garbage: unknown fields by name, a game no game answers to, wild values.
    for (pairs, expect) in [
        (
            vec![("game", "swtcg"), ("p0_s1_card", "Moss Troll")],
            "form field `p0_s1_card` is not one the builder reads",
        ),
        (
            vec![("game", "chess"), ("seed", "1")],
            "form field `game` is",
        ),
        (
            vec![("game", "swtcg"), ("u13_id", "Z")],
            "form field `u13_id`",
        ),
        (
            vec![
                ("game", "swtcg"),
                ("u1_id", "\u{0}\u{202e}"),
                ("u1_power", "99999999999999999999"),
                ("dice_rerolls", ":::"),
                ("lucky_dark", "-1"),
            ],
            "Unit 1",
        ),
        (
            vec![
                ("game", "swtcg"),
                ("u1_id", "A"),
                ("u1_side", "dark"),
                ("u1_power", "1"),
                ("u1_health", "1"),
                ("attacker", "A"),
                ("defender", "Q"),
            ],
            "Defender: no unit",
        ),
    ] {
        let (status, ctype, text, _) = post(pairs.clone(), "/adjudicate.json").await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{pairs:?}: {text}");
        assert!(ctype.starts_with("application/json"));
        assert!(text.contains(expect), "{pairs:?}: {expect:?} in {text}");
        let (status, _, _, _) = post(pairs.clone(), "/adjudicate").await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{pairs:?}");
    }
}

/// Pasted JSON of any game opens whatever form it was pasted into, and a broken one is
/// shown at the paste field of the form it came from.
#[actix_rt::test]
async fn pasted_json_opens_as_its_own_game_from_any_form() {
    let swtcg = json!({"game": "swtcg", "units": [
        {"id": "A", "side": "dark", "power": 1, "health": 2},
        {"id": "D", "side": "light", "power": 1, "health": 2}],
        "attack": {"attacker": "A", "defender": "D"}});
    let battleline = bolt_position();
    for (form_game, json) in [
        ("battleline", &swtcg),
        ("swtcg", &battleline),
        ("swtcg", &swtcg),
    ] {
        let body = encode(&[("game", form_game), ("json", &json.to_string())]);
        let (status, _, text, location) = send(
            TestRequest::post()
                .uri("/adjudicate")
                .insert_header(("Content-Type", FORM))
                .set_payload(body),
        )
        .await;
        assert_eq!(status, StatusCode::SEE_OTHER, "{form_game}: {text}");
        assert!(location.unwrap().ends_with("/0"));
    }
    let body = encode(&[
        ("game", "swtcg"),
        ("json", r#"{"game": "swtcg", "units": 3}"#),
    ]);
    let (status, _, html, _) = send(
        TestRequest::post()
            .uri("/adjudicate")
            .insert_header(("Content-Type", FORM))
            .set_payload(body),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        html.contains("Adjudicate a Star Wars TCG attack"),
        "the form it came from"
    );
    assert!(
        html.contains(r#"id="json-error""#) && html.contains("pasted JSON"),
        "{html}"
    );
}

// Issue #17: the KeyForge builder — two battlelines, artifacts and hands as card rows,
// the actions as rows — with its JSON twin, located 400s and no 500 on garbage.

#[actix_rt::test]
async fn the_keyforge_builder_and_its_twin_offer_cards_houses_and_readings() {
    let (status, html) = get_html("/adjudicate?game=keyforge").await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        html.contains("<h1>Adjudicate a KeyForge turn</h1>"),
        "{html:.600}"
    );
    assert!(html.contains(r#"<input type="hidden" name="game" value="keyforge">"#));
    let list = |id: &str| {
        let from = html.find(&format!(r#"<datalist id="{id}">"#)).expect(id);
        html[from..from + html[from..].find("</datalist>").expect("end")].to_string()
    };
    // Every KeyForge card, of any type, and only KeyForge's; the catalogue's houses.
    for card in [
        "Quarry Ogre",
        "Mighty Javelin",
        "Signal Flare",
        "Glasswing Harness",
    ] {
        assert!(
            list("keyforge-cards").contains(&format!(r#"<option value="{card}">"#)),
            "{card}"
        );
    }
    assert!(
        !list("keyforge-cards").contains("Moss Troll"),
        "only this game's cards"
    );
    assert!(list("houses").contains(r#"<option value="Ironhowl">"#));
    // No sample to clear (issue #31): the first card row is empty.
    assert!(html.contains(r#"name="p0_c1_card" list="keyforge-cards" value="""#));
    assert!(
        html.contains(r#"name="p1_c10_id""#),
        "ten card rows a player"
    );
    assert!(html.contains(r#"name="x6_do""#), "six action rows");
    assert!(html.contains(r#"name="interp_omni_exhausts""#));

    let (status, v) = get_json("/adjudicate.json?game=keyforge").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(v["game"], "keyforge");
    assert!(v["keyforge-cards"]
        .as_array()
        .unwrap()
        .iter()
        .any(|n| n == "Mack the Knife"));
    assert_eq!(v["houses"].as_array().unwrap().len(), 4, "{}", v["houses"]);
    assert_eq!(v["caps"]["zone"], 40);
    let sections: Vec<&str> = v["form"]["sections"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["id"].as_str().unwrap())
        .collect();
    assert_eq!(
        sections,
        [
            "turn",
            "player-1",
            "player-2",
            "actions",
            "judge",
            "interpretations"
        ]
    );
}

/// A KeyForge turn built on the form: stored as the position the form said, reopened
/// with its fields filled in, and adjudicated on the step pages.
#[actix_rt::test]
async fn the_keyforge_form_builds_a_turn_and_reopens_it() {
    let body = encode(&[
        ("game", "keyforge"),
        ("house", "Ironhowl"),
        ("on_rejection", "continue"),
        ("p0_name", "Ann"),
        ("p0_amber", "2"),
        ("p0_c1_id", "ogre"),
        ("p0_c1_zone", "battleline"),
        ("p0_c1_card", "Quarry Ogre"),
        ("p0_c2_id", "javelin"),
        ("p0_c2_zone", "artifacts"),
        ("p0_c2_card", "Mighty Javelin"),
        ("p0_c3_id", "flare"),
        ("p0_c3_zone", "hand"),
        ("p0_c3_card", "Signal Flare"),
        ("p1_name", "Bob"),
        ("p1_amber", "3"),
        ("p1_keys", "1"),
        ("p1_c1_id", "foe"),
        ("p1_c1_zone", "battleline"),
        ("p1_c1_house", "Gloamwatch"),
        ("p1_c1_power", "3"),
        ("p1_c1_armor", "1"),
        ("p1_c1_exhausted", "on"),
        ("p1_c2_zone", "battleline"),
        ("x1_do", "fight"),
        ("x1_card", "ogre"),
        ("x1_target", "foe"),
        ("x2_do", ""),
        ("interp_active_house", "any_house"),
    ]);
    let hash = store_form(body.clone()).await;
    let location = format!("/adjudicate/p/{hash}/0");
    let (status, _, json) = http::get(state(), &format!("/adjudicate/p/{hash}.json"), None).await;
    assert_eq!(status, StatusCode::OK);
    let p: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(p["game"], "keyforge");
    assert_eq!(p["house"], "Ironhowl");
    assert_eq!(p["players"][0]["battleline"][0]["card"], "Quarry Ogre");
    assert_eq!(p["players"][0]["artifacts"][0]["card"], "Mighty Javelin");
    assert_eq!(p["players"][0]["hand"][0]["id"], "flare");
    assert_eq!(p["players"][1]["keys"], 1);
    assert_eq!(
        p["players"][1]["battleline"].as_array().unwrap().len(),
        1,
        "an empty row adds nothing: {p}"
    );
    assert_eq!(p["players"][1]["battleline"][0]["exhausted"], true);
    assert_eq!(
        p["actions"],
        json!([{"do": "fight", "card": "ogre", "target": "foe"}])
    );
    assert_eq!(p["interpretations"]["active_house"], "any_house");
    // The JSON twin of the build answers the same permalink.
    let (status, _, text, _) = send(
        TestRequest::post()
            .uri("/adjudicate.json")
            .insert_header(("Content-Type", FORM))
            .set_payload(body),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{text}");
    let v: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["hash"], hash.as_str());
    // Reopened: the KeyForge form, filled in.
    let (status, html) = get_html(&format!("/adjudicate?from={hash}")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("Adjudicate a KeyForge turn"));
    assert!(html.contains(r#"name="p0_c2_card" list="keyforge-cards" value="Mighty Javelin""#));
    assert!(html.contains(r#"name="p1_c1_exhausted" value="on" checked"#));
    assert!(html.contains(r#"name="x1_target" list="keyforge-cards" value="foe""#));
    assert!(html.contains(r#"value="any_house" checked"#));
    // The step pages adjudicate the fight: the Ogre's Fight: makes Bob lose 1Æ.
    let (status, html) = get_html(&location).await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("Quarry Ogre"));
    // The battlelines drawn: Bob's (the opponent's) on top with his Æmber and keys, his
    // exhausted creature turned sideways, the Ogre upright with power and armor.
    let svg = &html[html
        .find(r#"<svg class="lines""#)
        .expect("the battlelines' SVG")..];
    let svg = &svg[..svg.find("</svg>").unwrap()];
    let bob = svg
        .find("Bob · 3Æ · 1 key · battleline")
        .expect("Bob's line");
    let ann = svg
        .find("Ann · 2Æ · 0 keys · active, house Ironhowl")
        .expect("Ann's line");
    assert!(bob < ann, "the opponent's line on top");
    assert!(
        svg.contains(r#"class="card turned" data-card="foe" data-turned="true""#),
        "{svg}"
    );
    assert!(
        svg.contains(r#"<rect x="5" y="44" width="112" height="90""#),
        "turned: wide, low: {svg}"
    );
    assert!(
        svg.contains(r#"data-card="Quarry Ogre" data-turned="false""#),
        "{svg}"
    );
    assert!(svg.contains(">power 6</tspan>"), "{svg}");
    let (status, v) = get_json(&format!("/adjudicate/p/{hash}/0.json")).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let total = v["total"].as_u64().unwrap();
    let (_, v) = get_json(&format!("/adjudicate/p/{hash}/{total}.json")).await;
    assert!(v["outcome"]["result"].is_string(), "{v}");
    assert!(
        v["outcome"]["sentence"].to_string().contains("Bob 2Æ") || v.to_string().contains("Bob 2Æ"),
        "{}",
        v["outcome"]
    );
}

/// Every problem of a KeyForge submission at its field, in words, as a 400 in both
/// formats: the form's own and the resolver's; garbage is never a 500.
#[actix_rt::test]
async fn every_problem_of_a_keyforge_form_is_reported_at_its_field() {
    let post = |pairs: Vec<(&str, &str)>, uri: &'static str| {
        let body = encode(&pairs);
        async move {
            send(
                TestRequest::post()
                    .uri(uri)
                    .insert_header(("Content-Type", FORM))
                    .set_payload(body),
            )
            .await
        }
    };
    let unquote = |html: &str| {
        html.replace("&quot;", "\"")
            .replace("&#34;", "\"")
            .replace("&#39;", "'")
    };
    let base = vec![
        ("game", "keyforge"),
        ("house", "Ironhowl"),
        ("p0_name", "Ann"),
        ("p1_name", "Bob"),
    ];
    let mut form_errors = base.clone();
    form_errors.extend([
        ("p0_amber", "lots"),
        ("p1_c1_id", "foe"),
        ("p1_c1_power", "big"),
        ("x1_do", "fight"),
        ("x1_flank", "middle"),
    ]);
    let (status, _, html, _) = post(form_errors, "/adjudicate").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{html}");
    let shown = unquote(&html);
    for (field, words) in [
        ("p0_amber", "Ann's Æmber: \"lots\" is not a whole number"),
        (
            "p1_c1_power",
            "Bob, card 1 (foe), power: \"big\" is not a whole number",
        ),
        (
            "x1_flank",
            "Action 1, flank: \"middle\" is not left, right or empty",
        ),
        ("x1_card", "Action 1: which card? Give its id"),
    ] {
        assert!(shown.contains(words), "{words:?}: {shown}");
        assert!(html.contains(&format!(r#"id="{field}-error""#)), "{field}");
    }

    let mut resolver_errors = base.clone();
    resolver_errors.extend([
        ("p0_c1_id", "ogre"),
        ("p0_c1_card", "Quary Ogre"),
        ("p1_c1_id", "foe"),
        ("p1_c1_house", "Gloamwatch"),
        ("p1_c1_power", "2"),
        ("p1_c1_damage", "2"),
    ]);
    let (status, _, html, _) = post(resolver_errors.clone(), "/adjudicate").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{html}");
    let shown = unquote(&html);
    assert!(
        shown.contains("Ann, card 1 (ogre): no KeyForge card `Quary Ogre` in the catalogue; did you mean `Quarry Ogre`?")
            || shown.contains("Ann, card 1 (ogre): no KeyForge card <code>Quary Ogre</code> in the catalogue; did you mean <code>Quarry Ogre</code>?"),
        "{shown}"
    );
    assert!(shown.contains("Bob, card 1 (foe): "), "{shown}");
    assert!(
        html.contains(r#"id="p0_c1_card-error""#) && html.contains(r#"id="p1_c1_damage-error""#)
    );
    assert!(
        !shown.contains("players[0]"),
        "no JSON path on the form's errors"
    );
    let (status, ctype, text, _) = post(resolver_errors, "/adjudicate.json").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(ctype.starts_with("application/json"));
    let v: Value = serde_json::from_str(&text).unwrap();
    let fields: Vec<&str> = v["fields"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["field"].as_str().unwrap_or(""))
        .collect();
    assert!(
        fields.contains(&"p0_c1_card") && fields.contains(&"p1_c1_damage"),
        "{v}"
    );

    // Garbage: unknown fields by name, wild values; a 400 each, never a 500.
    for (pairs, expect) in [
        (
            vec![("game", "keyforge"), ("u1_id", "A")],
            "form field `u1_id` is not one the builder reads",
        ),
        (
            vec![("game", "keyforge"), ("p0_c11_id", "Z")],
            "form field `p0_c11_id`",
        ),
        (
            vec![
                ("game", "keyforge"),
                ("p0_c1_id", "\u{0}\u{202e}"),
                ("p0_c1_power", "99999999999999999999"),
                ("rulings", ":::"),
                ("decisions", "-1:-1"),
            ],
            "card 1",
        ),
    ] {
        let (status, ctype, text, _) = post(pairs.clone(), "/adjudicate.json").await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{pairs:?}: {text}");
        assert!(ctype.starts_with("application/json"));
        assert!(text.contains(expect), "{pairs:?}: {expect:?} in {text}");
        let (status, _, _, _) = post(pairs.clone(), "/adjudicate").await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{pairs:?}");
    }
}

/// Issue 27: an uploaded position with hundreds of problems answers a small page: the
/// first 40, and how many more.
#[actix_rt::test]
async fn an_upload_with_hundreds_of_problems_shows_the_first_and_counts_the_rest() {
    let boundary = "XBOUNDARYX";
    let abilities: Vec<String> = (0..12).map(|i| format!("Bogus{i} 1")).collect();
    let line: Vec<serde_json::Value> = (0..12)
        .map(|i| {
            serde_json::json!({"name": format!("C{i}"), "attack": 1, "life": 2,
                               "abilities": abilities})
        })
        .collect();
    let position = serde_json::json!({"seed": 1, "turns": 1, "players": [
        {"name": "A", "line": line}, {"name": "B", "line": line}]});
    let body = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"p.json\"\r\nContent-Type: application/json\r\n\r\n{position}\r\n--{boundary}--\r\n"
    );
    let (status, _, text, _) = send(
        TestRequest::post()
            .uri("/adjudicate/open")
            .insert_header((
                "Content-Type",
                format!("multipart/form-data; boundary={boundary}"),
            ))
            .set_payload(body),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{text:.400}");
    assert!(
        text.contains("more problems (the first 40 are shown)"),
        "{text:.2000}"
    );
    assert!(text.len() < 100_000, "{} bytes", text.len());
}
