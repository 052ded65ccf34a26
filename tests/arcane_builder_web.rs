//! Route tests of the Arcane Legions builder form (issue #18), in the style of
//! `adjudicate_web.rs`: the form and its JSON twin at `/adjudicate?game=arcane`, a
//! Fireburst activation built from fields that lands on its step page, `?from=` reopening
//! it filled in, every problem a located 400 in both formats, garbage never a 500.

use crate::common;

use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use serde_json::Value;

use common::http;

const FORM: &str = "application/x-www-form-urlencoded";

fn state() -> arbiter::web::AppState {
    common::bundled_state()
}

fn encode(pairs: &[(&str, &str)]) -> String {
    use percent_encoding::{utf8_percent_encode, NON_ALPHANUMERIC};
    pairs
        .iter()
        .map(|(k, v)| {
            format!(
                "{}={}",
                utf8_percent_encode(k, NON_ALPHANUMERIC),
                utf8_percent_encode(v, NON_ALPHANUMERIC)
            )
        })
        .collect::<Vec<_>>()
        .join("&")
}

/// `(status, content type, body, location)`.
async fn post(uri: &str, pairs: &[(&str, &str)]) -> (StatusCode, String, String, Option<String>) {
    use actix_web::{test, App};
    let app = test::init_service(App::new().configure(arbiter::web::configure(state()))).await;
    let req = TestRequest::post()
        .uri(uri)
        .insert_header(("Content-Type", FORM))
        .set_payload(encode(pairs));
    let resp = test::call_service(&app, req.to_request()).await;
    let status = resp.status();
    let header = |name: &str| {
        resp.headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(str::to_string)
    };
    let (ctype, location) = (
        header("content-type").unwrap_or_default(),
        header("location"),
    );
    let body = String::from_utf8(test::read_body(resp).await.to_vec()).unwrap_or_default();
    (status, ctype, body, location)
}

async fn get(uri: &str) -> (StatusCode, String, String) {
    http::get(state(), uri, None).await
}

fn shown(html: &str) -> String {
    html.replace("&quot;", "\"")
        .replace("&#34;", "\"")
        .replace("&#39;", "'")
}

/// The Flame Adepts' Fireburst at Bob's Barrow Legion Cohort, as a judge types it in.
pub fn fireburst_fields() -> Vec<(&'static str, &'static str)> {
    vec![
        ("game", "arcane"),
        ("turn", "1"),
        ("phase", "order"),
        ("active", "Alice"),
        ("contact", "F:C"),
        ("on_rejection", "continue"),
        ("p1_name", "Alice"),
        ("p1_op", "3"),
        ("p1_vp", "0"),
        ("p2_name", "Bob"),
        ("p2_op", "2"),
        ("p2_vp", "0"),
        ("u1_id", "F"),
        ("u1_owner", "Alice"),
        ("u1_card", "Jade Marches Flame Adepts"),
        ("u1_slots", "o Fireburst, o Fireburst, o, o Nature Magic"),
        ("u2_id", "C"),
        ("u2_owner", "Bob"),
        ("u2_card", "Barrow Legion Cohort"),
        ("u2_slots", "o, o, o, o, o Death Cloud, x"),
        ("x1_do", "activate"),
        ("x1_unit", "F"),
        ("x1_ability", "Fireburst"),
        ("x1_slots", "3"),
        ("x1_targets", "C"),
        ("x2_do", ""),
    ]
}

#[actix_rt::test]
async fn the_arcane_builder_and_its_twin_offer_units_and_readings() {
    let (status, _, html) = get("/adjudicate?game=arcane").await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        html.contains("<h1>Adjudicate Arcane Legions special abilities</h1>"),
        "{html:.600}"
    );
    assert!(html.contains(r#"<input type="hidden" name="game" value="arcane">"#));
    let from = html
        .find(r#"<datalist id="unit-cards">"#)
        .expect("a unit list");
    let units = &html[from..from + html[from..].find("</datalist>").unwrap()];
    assert!(units.contains(r#"<option value="Barrow Legion Cohort">"#));
    assert!(!units.contains("Moss Troll"), "only this game's cards");
    assert!(html.contains(r#"name="u1_card" list="unit-cards""#));
    assert!(
        html.contains(r#"name="u16_id""#),
        "a card per unit, up to the cap"
    );
    assert!(html.contains(r#"name="x12_do""#));
    assert!(html.contains(r#"name="p1_name" value="Alice""#));
    assert!(html.contains(r#"name="interp_static_tie""#));
    assert!(
        html.contains(r#"<details class="slot" id="u3">"#),
        "empty units are folded"
    );

    let (status, ctype, body) = get("/adjudicate.json?game=arcane").await;
    assert_eq!(status, StatusCode::OK);
    assert!(ctype.starts_with("application/json"));
    let v: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(v["game"], "arcane");
    assert!(v["unit-cards"]
        .as_array()
        .unwrap()
        .iter()
        .any(|n| n == "Jade Marches Flame Adepts"));
    assert_eq!(v["caps"]["units"], 16);
    let sections: Vec<&str> = v["form"]["sections"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["id"].as_str().unwrap())
        .collect();
    assert_eq!(
        sections,
        [
            "setup",
            "players",
            "units",
            "actions",
            "judge",
            "interpretations"
        ]
    );
}

#[actix_rt::test]
async fn the_arcane_form_builds_a_fireburst_and_reopens_it() {
    let fields = fireburst_fields();
    let (status, _, text, location) = post("/adjudicate", &fields).await;
    assert_eq!(status, StatusCode::SEE_OTHER, "{text}");
    let location = location.unwrap();
    let hash = location
        .strip_prefix("/adjudicate/p/")
        .and_then(|r| r.strip_suffix("/0"))
        .unwrap()
        .to_string();
    let (status, _, json) = get(&format!("/adjudicate/p/{hash}.json")).await;
    assert_eq!(status, StatusCode::OK);
    let p: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(p["game"], "arcane");
    assert_eq!(
        p["units"][0]["slots"][0]["abilities"],
        serde_json::json!(["Fireburst"])
    );
    assert_eq!(p["units"][1]["slots"][5]["occupied"], false);
    assert_eq!(
        p["actions"][0],
        serde_json::json!({"do": "activate", "unit": "F", "ability": "Fireburst", "down": [3], "targets": ["C"]})
    );
    // The JSON twin answers the same permalink.
    let (status, _, text, _) = post("/adjudicate.json", &fields).await;
    assert_eq!(status, StatusCode::OK, "{text}");
    let v: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["hash"], hash.as_str());
    // Reopened: the Arcane form, filled in.
    let (status, _, html) = get(&format!("/adjudicate?from={hash}")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("Adjudicate Arcane Legions special abilities"));
    assert!(html.contains(r#"name="u1_slots" value="o Fireburst, o Fireburst, o, o Nature Magic""#));
    assert!(html.contains(r#"name="x1_targets" value="C""#));
    assert!(html.contains(r#"name="contact" value="F:C""#));
    // The step pages: step 1 activates Fireburst and shows the trays.
    // The step's suffix only: a hash may itself hold "/0" after its slash.
    let (status, _, html) = get(&format!("/adjudicate/p/{hash}/1")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("Fireburst"), "{html:.2000}");
}

#[actix_rt::test]
async fn every_problem_of_an_arcane_form_is_reported_at_its_field() {
    // The form's own problems.
    let mut fields = fireburst_fields();
    fields.retain(|(k, _)| !matches!(*k, "u1_slots" | "p1_op" | "x1_slots"));
    fields.extend([
        ("u1_slots", "o, q"),
        ("p1_op", "three"),
        ("x1_slots", "third"),
    ]);
    let (status, _, html, _) = post("/adjudicate", &fields).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{html}");
    let text = shown(&html);
    assert!(text.contains("The position has 3 problems"), "{text}");
    for (field, words) in [
        (
            "u1_slots",
            "Unit 1 (F), slot 2: \"q\" does not start with o",
        ),
        ("p1_op", "Player 1, OP: \"three\" is not a whole number"),
        ("x1_slots", "\"third\" is not a slot number"),
    ] {
        assert!(text.contains(words), "{words}: {text}");
        assert!(html.contains(&format!(r#"id="{field}-error""#)), "{field}");
    }
    // The resolver's: an unknown card, an ability the unit lacks, an unknown unit.
    let mut fields = fireburst_fields();
    fields.retain(|(k, _)| !matches!(*k, "u2_card" | "x1_ability" | "contact"));
    fields.extend([
        ("u2_card", "Barrow Legion Cohrt"),
        ("x1_ability", "Firebrust"),
        ("contact", "F:Q"),
    ]);
    let (status, ctype, text, _) = post("/adjudicate.json", &fields).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{text}");
    assert!(ctype.starts_with("application/json"));
    let v: Value = serde_json::from_str(&text).unwrap();
    let located: Vec<(String, String)> = v["fields"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["field"].as_str().unwrap_or("").to_string(),
                e["message"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert!(
        located
            .iter()
            .any(|(f, m)| f == "u2_card" && m.starts_with("Unit 2 (C): no Arcane Legions card")),
        "{located:?}"
    );
    assert!(
        !text.contains("units[1]"),
        "no JSON path on the form's errors: {text}"
    );
    let (status, _, html, _) = post("/adjudicate", &fields).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(html.contains(r#"id="u2_card-error""#), "{html}");

    // Garbage: unknown fields by name, wild values; never a 500.
    for (pairs, expect) in [
        (
            vec![("game", "arcane"), ("u17_id", "Z")],
            "form field `u17_id`",
        ),
        (
            vec![("game", "arcane"), ("x13_do", "down")],
            "form field `x13_do`",
        ),
        (
            vec![
                ("game", "arcane"),
                ("u1_id", "\u{0}\u{202e}"),
                ("u1_slots", ",,,@@@"),
                ("u1_damage", "99999999999999999999"),
                ("resolutions", ":::\n;;;"),
                ("x1_do", "query"),
                ("x1_ability", "\u{202e}"),
            ],
            "Unit 1",
        ),
        (
            vec![("game", "arcane"), ("p1_name", "Alice"), ("active", "Zed")],
            "Active player",
        ),
    ] {
        let (status, ctype, text, _) = post("/adjudicate.json", &pairs).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{pairs:?}: {text}");
        assert!(ctype.starts_with("application/json"));
        assert!(text.contains(expect), "{pairs:?}: {expect:?} in {text}");
        let (status, _, _, _) = post("/adjudicate", &pairs).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{pairs:?}");
    }
}
