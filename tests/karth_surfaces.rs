//! Heroes of Karth play legality on every surface (issue #19): `arbiter adjudicate` and
//! `POST /api/adjudicate` give the same JSON (`final` with each player's gold and each
//! unit's id, cell and items; each action's verdict in `steps` with its rule number), a
//! bad position is located in both, and the position opens on the generic step pages
//! (the grid of terrain drawn as SVG with the path, the rejected action in red, the side
//! zones) with permalinks, JSON twins and readings side by side.

use crate::common;

use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use assert_cmd::Command;
use serde_json::{json, Value};

const FORM: &str = "application/x-www-form-urlencoded";

fn question() -> Value {
    let mut rows = vec![
        json!([
            "Grassland",
            "Grassland",
            "Spawner",
            "Grassland",
            "Grassland"
        ]);
        6
    ];
    rows[1] = json!(["Grassland", "Gold", "Grassland", "Grassland", "Grassland"]);
    rows[2] = json!(["Grassland", "Water", "Grassland", "Grassland", "Grassland"]);
    rows[5] = json!([
        "Grassland",
        "Grassland",
        "Spawner",
        "Grassland",
        "Grassland"
    ]);
    json!({
        "game": "karth", "turn": 3, "active": "Ann",
        "players": [
            {"name": "Ann", "gold": 5, "hand": ["Silverhold Footman", "Leather Jerkin"], "side": [{"card": "Gravel Pit Brute", "placed": 3}]},
            {"name": "Bo", "gold": 4}
        ],
        "board": {"rows": rows},
        "units": [
            {"id": "F", "owner": "Ann", "card": "Silverhold Footman", "at": [3, 1], "mv": 3, "items": [{"card": "Iron Shortsword"}]},
            {"id": "W", "owner": "Ann", "card": "Silverhold Footman", "at": [4, 2], "mv": 3}
        ],
        "actions": [
            {"do": "move", "unit": "W", "path": [[3, 2], [3, 3]]},
            {"do": "move", "unit": "F", "path": [[4, 1], [4, 2], [4, 3], [4, 4]]},
            {"do": "move", "unit": "F", "path": [[2, 1], [2, 2]]},
            {"do": "move", "unit": "F", "path": [[2, 3]]},
            {"do": "equip", "unit": "F", "item": "Leather Jerkin"},
            {"do": "bring_in", "card": "Gravel Pit Brute", "at": [1, 3]}
        ]
    })
}

async fn post(body: String) -> (StatusCode, Value) {
    let (status, _, body) =
        common::http::post(common::bundled_state(), "/api/adjudicate", None, None, body).await;
    (status, serde_json::from_str(&body).unwrap_or(Value::Null))
}

fn cli() -> Command {
    let mut cmd = Command::cargo_bin("arbiter").expect("binary");
    let dir = tempfile::tempdir().expect("tempdir").keep();
    cmd.env("ARBITER_DB", dir.join("catalogue.sqlite"));
    cmd
}

#[actix_rt::test]
async fn cli_and_api_judge_a_karth_question_alike() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("karth.json");
    std::fs::write(&file, question().to_string()).unwrap();
    let out = cli()
        .arg("adjudicate")
        .arg(&file)
        .arg("--json")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let from_cli: Value = serde_json::from_slice(&out.stdout).unwrap();
    let (status, from_api) = post(question().to_string()).await;
    assert_eq!(status, StatusCode::OK, "{from_api}");
    assert_eq!(from_cli, from_api, "one engine, one JSON");
    // Each action's verdict is the first event of its step, with its rule number.
    let verdicts: Vec<(String, String)> = from_api["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            let e = &s["events"][0];
            (
                e["change"]["kind"].as_str().unwrap().to_string(),
                e["rule"]["section"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    // W's move stops in the Water (5.10.2): taken up to it, the step beyond not taken.
    let want = [
        ("accepted", "5.10.2"),
        ("rejected", "4.2.1"),
        ("accepted", "4.2.1"),
        ("rejected", "K3"),
        ("rejected", "5.6.1"),
        ("rejected", "5.3.6"),
    ];
    assert_eq!(
        verdicts,
        want.iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect::<Vec<_>>()
    );
    // `final`: each player's gold, each unit's id, cell and items.
    let fin = &from_api["final"];
    assert_eq!(fin["players"][0]["gold"], 6, "5 and the Gold space's 1");
    assert_eq!(fin["players"][1]["gold"], 4);
    assert_eq!(fin["units"][0]["id"], "F");
    assert_eq!(fin["units"][0]["at"], json!([2, 2]));
    assert_eq!(fin["units"][0]["items"][0]["card"], "Iron Shortsword");
    assert_eq!(
        fin["units"][1]["at"],
        json!([3, 2]),
        "W stopped in the Water"
    );
    assert_eq!(from_api["outcome"]["accepted"], 2);
    assert_eq!(from_api["outcome"]["rejected"], 4);
    let kinds: std::collections::BTreeSet<String> = from_api["steps"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|s| s["events"].as_array().unwrap().iter())
        .flat_map(|e| {
            let mut all = vec![e["rule"]["source"].as_str().unwrap().to_string()];
            if let Some(c) = e["rule"]["citations"].as_array() {
                all.extend(c.iter().map(|b| b["source"].as_str().unwrap().to_string()));
            }
            all
        })
        .collect();
    for kind in ["seed", "public", "house", "interpretation"] {
        assert!(kinds.contains(kind), "{kinds:?}");
    }
    // The readable log.
    let out = cli().arg("adjudicate").arg(&file).output().unwrap();
    let log = String::from_utf8(out.stdout).unwrap();
    assert!(
        log.contains("Terrain Cards (seed 001 §5.10.2): \"The Water terrain stops movement"),
        "{log}"
    );
    assert!(
        log.contains("F (Ann) at (2,2), items: Iron Shortsword"),
        "{log}"
    );
}

#[actix_rt::test]
async fn a_bad_karth_position_is_located_in_the_cli_and_the_api() {
    let mut bad = question();
    bad["units"][0]["card"] = json!("Silverhold Footmun");
    bad["actions"][0]["path"][0] = json!([9, 9]);
    let (status, v) = post(bad.to_string()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let paths: Vec<&str> = v["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["path"].as_str().unwrap())
        .collect();
    assert_eq!(paths, ["units[0].card", "actions[0].path[0]"], "{v}");
    assert!(v["errors"][0]["message"]
        .as_str()
        .unwrap()
        .contains("Silverhold Footman"));
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bad.json");
    std::fs::write(&file, bad.to_string()).unwrap();
    let out = cli().arg("adjudicate").arg(&file).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("actions[0].path[0]"));
}

async fn send(req: TestRequest) -> (StatusCode, String, Option<String>) {
    use actix_web::{test, App};
    let app =
        test::init_service(App::new().configure(arbiter::web::configure(common::bundled_state())))
            .await;
    let resp = test::call_service(&app, req.to_request()).await;
    let status = resp.status();
    let location = resp
        .headers()
        .get("location")
        .and_then(|v| v.to_str().ok())
        .map(str::to_string);
    let body = String::from_utf8(test::read_body(resp).await.to_vec()).unwrap_or_default();
    (status, body, location)
}

async fn store(position: &Value) -> String {
    let body = format!(
        "json={}",
        percent_encoding::utf8_percent_encode(
            &position.to_string(),
            percent_encoding::NON_ALPHANUMERIC
        )
    );
    let (status, text, location) = send(
        TestRequest::post()
            .uri("/adjudicate")
            .insert_header(("Content-Type", FORM))
            .set_payload(body),
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER, "{text}");
    let location = location.expect("a redirect to step 0");
    location
        .strip_prefix("/adjudicate/p/")
        .and_then(|r| r.strip_suffix("/0"))
        .unwrap_or_else(|| panic!("{location}"))
        .to_string()
}

#[actix_rt::test]
async fn a_karth_question_steps_through_on_a_grid() {
    let hash = store(&question()).await;
    // Step 1: W stops in the Water; the path drawn is the part taken, not red.
    let (status, _, html) = common::http::get(
        common::bundled_state(),
        &format!("/adjudicate/p/{hash}/1"),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains(r#"<svg class="grid""#), "a grid");
    assert!(
        html.contains(r#"data-row="3" data-col="2" data-kind="water" data-piece="W""#),
        "{html}"
    );
    assert!(!html.contains(r#"<path class="path rejected""#), "{html}");
    // Step 2: the rejected path drawn in red, the spaces it named marked.
    let (status, _, html) = common::http::get(
        common::bundled_state(),
        &format!("/adjudicate/p/{hash}/2"),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        html.contains(r#"<path class="path rejected""#),
        "the rejected path in red"
    );
    assert!(html.contains(r#"class="space rejected""#));
    assert!(
        html.contains(r#"<p class="grid-rejected" role="status">Action 2 rejected under "#)
            && html.contains("4.2.1"),
        "the rejection and its rule under the grid: {html}"
    );
    assert!(html.contains("Ann · off to the side"), "the side zone");
    assert!(html.contains("Gravel Pit Brute (placed turn 3)"));
    // Step 3: the accepted path, the unit on its new space with its item.
    let (status, _, html) = common::http::get(
        common::bundled_state(),
        &format!("/adjudicate/p/{hash}/3"),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains(r#"<path class="path""#), "{html}");
    if let Ok(out) = std::env::var("KARTH_STEP_HTML") {
        std::fs::write(out, &html).expect("writes");
    }
    assert!(html.contains(r#"data-row="2" data-col="2" data-kind="gold" data-piece="F""#));
    // The JSON twin carries the grid.
    let (status, _, body) = common::http::get(
        common::bundled_state(),
        &format!("/adjudicate/p/{hash}/3.json"),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let v: Value = serde_json::from_str(&body).unwrap();
    let grid = &v["board"]["grid"];
    assert_eq!(grid["rows"], 6, "{v}");
    assert_eq!(
        grid["path"],
        json!([[3, 1], [2, 1], [2, 2]]),
        "from where F stood"
    );
    // Readings side by side: `stops_movement: impassable` refuses the first move for
    // entering the Water, where the default stops it there; the comparison names both.
    let (status, _, location) = send(
        TestRequest::post()
            .uri(&format!("/adjudicate/p/{hash}/interpret"))
            .insert_header(("Content-Type", FORM))
            .set_payload("key=stops_movement&step=1"),
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let location = location.expect("a redirect to the comparison");
    let (path, _) = location.split_once('?').unwrap_or((&location, ""));
    let (status, _, body) =
        common::http::get(common::bundled_state(), &format!("{path}.json"), None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let v: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(
        v["interpretations"],
        json!([["stops_movement", "enter_and_stop", "impassable"]]),
        "{v}"
    );
    let (status, _, html) = common::http::get(common::bundled_state(), path, None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("W may not enter Water at (3,2)"), "{html}");
}

#[actix_rt::test]
async fn the_rules_page_lists_karths_house_rules_published_rules_and_readings() {
    let (status, _, body) =
        common::http::get(common::bundled_state(), "/adjudicate/rules.json", None).await;
    assert_eq!(status, StatusCode::OK);
    let v: Value = serde_json::from_str(&body).unwrap();
    let karth = v["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["game"] == "karth")
        .expect("karth is listed")
        .clone();
    assert_eq!(karth["house_rules"].as_array().unwrap().len(), 25);
    assert_eq!(karth["public_rules"].as_array().unwrap().len(), 10);
    assert_eq!(karth["interpretations"].as_array().unwrap().len(), 16);
    let (status, _, html) =
        common::http::get(common::bundled_state(), "/adjudicate/rules/karth", None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("Line of sight"), "K4 on the page");
}

#[actix_rt::test]
async fn an_unknown_field_in_an_action_is_located() {
    let mut bad = question();
    bad["actions"][0]["speed"] = json!(2);
    let (status, v) = post(bad.to_string()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
    assert_eq!(v["errors"][0]["path"], "actions[0]", "{v}");
    let message = v["errors"][0]["message"].as_str().unwrap();
    assert!(
        message.contains("unknown field `speed`") && message.contains("`path`"),
        "{v}"
    );
    assert!(v["errors"][0]["line"].is_number(), "{v}");
}

#[actix_rt::test]
async fn the_builder_offers_karth_and_opens_its_pasted_json() {
    let (status, _, html) =
        common::http::get(common::bundled_state(), "/adjudicate?game=karth", None).await;
    assert_eq!(status, StatusCode::OK, "{html}");
    assert!(
        html.contains("Heroes of Karth"),
        "the game chooser names it"
    );
    assert!(
        html.contains(r#"name="json""#),
        "a position's JSON can be pasted"
    );
    if let Ok(out) = std::env::var("KARTH_BUILDER_HTML") {
        std::fs::write(out, &html).expect("writes");
    }
}
