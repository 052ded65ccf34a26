//! Issue #19: the Heroes of Karth builder form, through the core's form hook (issue #14),
//! without and with the web. Kept beside `builder_forms.rs` (which other games' forms
//! extend) so that each game's form tests stand alone.
//!
//! 1. position → form values → position is the identity for every Karth fixture, and
//!    the laid-out form holds exactly the fields the values name;
//! 2. a submission with several problems reports each at its own field, in words;
//! 3. an error of the resolver (a JSON path) is put at the field it came from;
//! 4. `/adjudicate?game=karth` and its JSON twin; a form that builds a position and
//!    lands on its step page; a located 400; garbage never a 500 (proptest).

use std::path::Path;

use crate::common;

use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use arbiter::games::karth::Karth;
use arbiter::rules::form::{FieldError, FormFields, Kind};
use arbiter::rules::{Game, PositionError};
use proptest::prelude::*;
use serde_json::Value;

const FORM: &str = "application/x-www-form-urlencoded";

fn pairs(values: &[(&str, &str)]) -> FormFields {
    FormFields::from_pairs(
        values
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
    )
}

fn at<'a>(errors: &'a [FieldError], field: &str) -> &'a str {
    errors
        .iter()
        .find(|e| e.field.as_deref() == Some(field))
        .map(|e| e.message.as_str())
        .unwrap_or_else(|| panic!("an error at {field}: {errors:?}"))
}

#[test]
fn every_karth_fixture_survives_the_form() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/karth");
    let mut all = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "json") {
            continue;
        }
        all += 1;
        let v: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let position = Karth::read_position(&v["position"].to_string()).unwrap();
        let (values, notes) = Karth::form_values(Some(&position));
        assert!(notes.is_empty(), "{}: {notes:?}", path.display());
        let form = Karth::builder_form(&values).expect("Karth has a form");
        for (name, v) in &values.0 {
            let field = form
                .fields()
                .find(|f| &f.name == name)
                .unwrap_or_else(|| panic!("{}: the form has no field {name}", path.display()));
            if !matches!(field.kind, Kind::Reading { .. }) {
                assert_eq!(&field.values, v, "{name} shows its value");
            }
        }
        let back = Karth::from_form(&values)
            .unwrap_or_else(|e| panic!("{}: the values read back: {e:?}", path.display()));
        assert_eq!(
            serde_json::to_value(&back).unwrap(),
            serde_json::to_value(&position).unwrap(),
            "{}: position → form → position",
            path.display()
        );
    }
    assert!(all >= 29, "{all} fixtures");
}

#[test]
fn what_the_form_cannot_write_is_noted_and_the_rest_survives() {
    let mut p = Karth::read_position(
        &serde_json::json!({
            "active": "Ann",
            "players": [{"name": "Ann", "hand": ["Odd, Name"]}, {"name": "Bo"}],
            "board": {"rows": [["Grassland", {"terrain": "Spawner", "owner": "Ann", "wall": true}]]},
            "units": [{"id": "K", "owner": "Ann", "card": "Grey Wolf", "at": [1, 1],
                       "items": [{"card": "Short Sword", "snatched_from": "Bo"}]}],
            "cards": [{"name": "Judge's Wolf", "type": "animal", "value": 2}],
            "actions": [{"do": "move", "unit": "K", "path": [[1, 2]]},
                        {"do": "dies", "unit": "K", "pay": ["Short Sword"]},
                        {"do": "bring_in", "card": "Judge's Wolf", "at": [1, 2], "from": "hand", "by": "K"}],
            "on_rejection": "stop"
        })
        .to_string(),
    )
    .unwrap();
    let (values, notes) = Karth::form_values(Some(&p));
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert!(notes[0].contains("\"Odd, Name\""), "{notes:?}");
    assert_eq!(values.get("board"), "Grassland, Spawner@Ann+wall");
    assert_eq!(values.get("u1_items"), "Short Sword from Bo");
    // Without the name the form cannot write, it holds the position whole (inline cards
    // as JSON too).
    p.players[0].hand.clear();
    let (values, notes) = Karth::form_values(Some(&p));
    assert!(notes.is_empty(), "{notes:?}");
    let back = Karth::from_form(&values).unwrap();
    assert_eq!(back, p);
    let many = Karth::read_position(
        &serde_json::json!({
            "active": "Ann",
            "players": [{"name": "Ann"}, {"name": "Bo"}],
            "board": {"rows": [["Grassland"]]},
            "actions": vec![serde_json::json!({"do": "end_turn"}); 13]
        })
        .to_string(),
    )
    .unwrap();
    let (_, notes) = Karth::form_values(Some(&many));
    assert!(
        notes[0].contains("13 actions; the form shows 12"),
        "{notes:?}"
    );
}

#[test]
fn every_karth_form_problem_is_reported_at_its_field() {
    let f = pairs(&[
        ("turn", "three"),
        ("board", "Grassland, Spawner@\nForest+moat"),
        ("p1_name", "Ann"),
        ("p1_gold", "lots"),
        ("p1_side", "Grey Wolf"),
        ("u1_id", "K"),
        ("u1_type", "item"),
        ("u1_at", "3"),
        ("u2_card", "Grey Wolf"),
        ("x1_do", "move"),
        ("x1_unit", "K"),
        ("x1_path", "2,1; 2"),
        ("x2_do", "hire"),
        ("x2_card", "Grey Wolf"),
        ("x2_target", "E"),
        ("x3_do", "fly"),
        ("on_rejection", "later"),
        ("cards", "[{\"name\": 3}]"),
    ]);
    let errors = Karth::from_form(&f).unwrap_err();
    for (field, words) in [
        ("turn", "Turn: \"three\" is not a whole number"),
        (
            "p1_gold",
            "Player 1 (Ann), gold: \"lots\" is not a whole number",
        ),
        (
            "p1_side",
            "Player 1 (Ann), cards to the side, card 1: \"Grey Wolf\" is not card@turn placed",
        ),
        (
            "u1_type",
            "Unit 1 (K), type: \"item\" is not hero, unit, mercenary, animal or token",
        ),
        ("u1_at", "Unit 1 (K), space: \"3\" is not a space"),
        ("u2_at", "Unit 2, space: where does it stand?"),
        ("x1_path", "Action 1, path, space 2: \"2\" is not a space"),
        ("x2_at", "Action 2 (hire): which space?"),
        ("x2_target", "Action 2: hire does not read a target"),
        ("x3_do", "Action 3: \"fly\" is not an action"),
        (
            "on_rejection",
            "After a rejected action: \"later\" is not continue or stop",
        ),
        ("cards", "Inline cards: "),
    ] {
        assert!(at(&errors, field).starts_with(words), "{field}: {errors:?}");
    }
    let board: Vec<&str> = errors
        .iter()
        .filter(|e| e.field.as_deref() == Some("board"))
        .map(|e| e.message.as_str())
        .collect();
    assert_eq!(board.len(), 2, "{board:?}");
    assert!(
        board[0].starts_with("Board, line 1, space 2: "),
        "{board:?}"
    );
    assert!(
        board[1].contains("\"moat\" is not wall or web"),
        "{board:?}"
    );
    let form = Karth::builder_form(&f).unwrap();
    for e in &errors {
        let name = e.field.as_deref().expect("every problem has its field");
        assert!(form.has_field(name), "{name}");
    }
}

#[test]
fn karth_resolver_errors_land_at_their_fields() {
    // Unit cards 1 and 3 hold units; action rows 2 and 4 hold actions.
    let f = pairs(&[
        ("p1_name", "Ann"),
        ("u1_id", "K"),
        ("u3_id", "W"),
        ("x2_do", "move"),
        ("x4_do", "teleport"),
    ]);
    let cases = [
        ("units[1].card", "u3_card", "Unit 3 (W), card: "),
        (
            "units[0].items[1].card",
            "u1_items",
            "Unit 1 (K), items 2: ",
        ),
        ("units[0].type", "u1_type", "Unit 1 (K), type: "),
        (
            "actions[0].path[2]",
            "x2_path",
            "Action 2, space 3 of the path: ",
        ),
        ("actions[1].to", "x4_at", "Action 4: "),
        ("actions[0].player", "x2_player", "Action 2: "),
        (
            "players[0].hand[1]",
            "p1_hand",
            "Player 1 (Ann), hand card 2: ",
        ),
        (
            "players[1].this_turn.income",
            "p2_income",
            "Player 2, income: ",
        ),
        (
            "board.rows[2][4].terrain",
            "board",
            "Board, line 3, space 5: ",
        ),
        ("active", "active", "Whose turn: "),
        ("turn", "turn", "Turn: "),
        ("cards[0].name", "cards", "Inline cards: cards[0].name: "),
        (
            "interpretations.stops_movement",
            "interp_stops_movement",
            "Interpretation stops_movement: ",
        ),
    ];
    for (path, field, words) in cases {
        let e = Karth::form_error(&f, &PositionError::at(path, "the problem"));
        assert_eq!(e.field.as_deref(), Some(field), "{path}");
        assert_eq!(e.message, format!("{words}the problem"), "{path}");
    }
    let e = Karth::form_error(&f, &PositionError::at("units[5].id", "x"));
    assert_eq!(
        e.field, None,
        "a unit the form does not hold is above the form"
    );
}

#[test]
fn the_karth_form_names_its_fields_once_and_labels_every_one() {
    let form = Karth::builder_form(&FormFields::default()).unwrap();
    let names = form.field_names();
    let mut unique = names.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), names.len(), "no name twice");
    for f in form.fields() {
        assert!(!f.label.trim().is_empty(), "{} has a label", f.name);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn karth_garbage_never_panics(
        fields in proptest::collection::vec(
            (proptest::sample::select(vec![
                "turn", "active", "board", "p1_name", "p1_gold", "p1_side", "u1_id", "u1_at",
                "u1_items", "u2_mv", "x1_do", "x1_path", "x1_at", "x1_mv", "x2_do", "x2_item",
                "cards", "on_rejection", "interp_stops_movement",
            ]), "\\PC{0,12}"),
            0..10,
        )
    ) {
        let f = FormFields::from_pairs(
            fields.into_iter().map(|(k, v)| (k.to_string(), v)).collect(),
        );
        if let Err(errors) = Karth::from_form(&f) {
            let form = Karth::builder_form(&f).unwrap();
            for e in errors {
                let field = e.field.as_deref().unwrap_or("");
                prop_assert!(form.has_field(field), "{field}: {}", e.message);
            }
        }
    }
}

fn encode(pairs: &[(&str, &str)]) -> String {
    pairs
        .iter()
        .map(|(k, v)| common::http::form_field(k, v))
        .collect::<Vec<_>>()
        .join("&")
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

async fn post(uri: &str, pairs: &[(&str, &str)]) -> (StatusCode, String, Option<String>) {
    send(
        TestRequest::post()
            .uri(uri)
            .insert_header(("Content-Type", FORM))
            .set_payload(encode(pairs)),
    )
    .await
}

/// A small question: Ann's footman K walks into Water and on (rejected under the reading
/// `stops_movement: impassable`; the default would stop it in the Water).
fn question() -> Vec<(&'static str, &'static str)> {
    vec![
        ("game", "karth"),
        ("turn", "3"),
        ("active", "Ann"),
        (
            "board",
            "Grassland, Grassland, Spawner, Grassland, Grassland\n\
             Grassland, Water, Grassland, Grassland, Grassland\n\
             Grassland, Grassland, Grassland, Grassland, Grassland\n\
             Grassland, Grassland, Spawner, Grassland, Grassland",
        ),
        ("p1_name", "Ann"),
        ("p1_gold", "10"),
        ("p2_name", "Bo"),
        ("p2_gold", "10"),
        ("u1_id", "K"),
        ("u1_owner", "Ann"),
        ("u1_card", "Silverhold Footman"),
        ("u1_at", "2,1"),
        ("u1_mv", "3"),
        ("x1_do", "move"),
        ("x1_unit", "K"),
        ("x1_path", "2,2; 2,3"),
        ("interp_stops_movement", "impassable"),
    ]
}

#[actix_rt::test]
async fn the_karth_builder_and_its_twin_offer_pieces_items_and_readings() {
    let (status, _, html) =
        common::http::get(common::bundled_state(), "/adjudicate?game=karth", None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        html.contains("<h1>Adjudicate a Heroes of Karth play</h1>"),
        "{html:.600}"
    );
    assert!(html.contains(r#"<input type="hidden" name="game" value="karth">"#));
    let list = |id: &str| {
        let from = html.find(&format!(r#"<datalist id="{id}">"#)).expect(id);
        html[from..from + html[from..].find("</datalist>").expect("end")].to_string()
    };
    assert!(list("pieces").contains(r#"<option value="Silverhold Footman">"#));
    assert!(
        !list("pieces").contains("Moss Troll"),
        "only this game's cards"
    );
    assert!(!list("pieces").contains("Gold"), "terrain is not a piece");
    assert!(html.contains(r#"name="u1_card" list="pieces""#));
    assert!(html.contains(r#"<textarea id="board" name="board" rows="6""#));
    assert!(
        html.contains(r#"name="u12_id""#),
        "a card per unit, up to the form's cap"
    );
    let (status, ctype, body) =
        common::http::get(common::bundled_state(), "/adjudicate.json?game=karth", None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(ctype.starts_with("application/json"));
    let v: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(v["game"], "karth");
    assert!(v["items"].as_array().unwrap().iter().all(|n| n.is_string()));
    assert!(!v["items"].as_array().unwrap().is_empty(), "{v}");
    assert_eq!(
        v["interpretations"].as_array().unwrap().len(),
        arbiter::games::karth::INTERPRETATIONS.len()
    );
}

#[actix_rt::test]
async fn the_karth_form_builds_a_question_and_lands_on_its_step() {
    let (status, text, location) = post("/adjudicate", &question()).await;
    assert_eq!(status, StatusCode::SEE_OTHER, "{text}");
    let location = location.unwrap();
    let hash = location
        .strip_prefix("/adjudicate/p/")
        .and_then(|r| r.strip_suffix("/0"))
        .unwrap()
        .to_string();
    let (status, _, json) = common::http::get(
        common::bundled_state(),
        &format!("/adjudicate/p/{hash}.json"),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let p: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(p["game"], "karth");
    assert_eq!(p["units"][0]["at"], serde_json::json!([2, 1]));
    assert_eq!(p["actions"][0]["path"], serde_json::json!([[2, 2], [2, 3]]));
    // The JSON twin answers the same permalink.
    let (status, text, _) = post("/adjudicate.json", &question()).await;
    assert_eq!(status, StatusCode::OK, "{text}");
    let v: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["hash"], hash.as_str());
    // Reopened: the Karth form, filled in.
    let (status, _, html) = common::http::get(
        common::bundled_state(),
        &format!("/adjudicate?from={hash}"),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("Adjudicate a Heroes of Karth play"));
    assert!(
        html.contains(r#"name="x1_path" value="2,2; 2,3""#),
        "{html}"
    );
    assert!(html.contains(r#"name="u1_card" list="pieces" value="Silverhold Footman""#));
    // Step 1: the move judged on the grid; a game without chance shows no odds, and the
    // legend names Karth's own number (MV), not battle-line's attack and life.
    // The step's suffix only: a hash may itself begin with a 0.
    let step1 = format!("/adjudicate/p/{hash}/1");
    let (status, _, html) = common::http::get(common::bundled_state(), &step1, None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains(r#"<path class="path rejected""#), "{html}");
    assert!(!html.contains("Odds from here"), "Karth has no chance");
    assert!(html.contains("mv as they stand"), "the legend names MV");
    assert!(!html.contains("attack / life"), "{html}");
}

/// The odds section stays for a game with chance (battle-line), and every game's rules
/// doc is served as a page, linked from the rules page at each house rule and reading.
#[actix_rt::test]
async fn odds_stay_for_chance_and_every_rules_doc_is_served_and_linked() {
    let position = serde_json::json!({
        "seed": 7, "turns": 1,
        "players": [
            {"name": "Alice", "line": [{"card": "Will-o'-the-Glade"}]},
            {"name": "Bob", "line": [{"card": "Hex Witch"}]}
        ]
    });
    let (status, text, location) = post("/adjudicate", &[("json", &position.to_string())]).await;
    assert_eq!(status, StatusCode::SEE_OTHER, "{text}");
    let (_, _, html) = common::http::get(common::bundled_state(), &location.unwrap(), None).await;
    assert!(
        html.contains("<h2>Odds from here</h2>"),
        "battle-line has chance"
    );
    for game in ["battleline", "swtcg", "keyforge", "arcane", "karth"] {
        let (status, _, rules) = common::http::get(
            common::bundled_state(),
            &format!("/adjudicate/rules/{game}"),
            None,
        )
        .await;
        assert_eq!(status, StatusCode::OK);
        assert!(
            rules.contains(&format!(
                r#"<a href="/docs/{game}">docs/rules/{game}.md</a>"#
            )),
            "{game}: the rules page links its served doc"
        );
        let (status, _, page) =
            common::http::get(common::bundled_state(), &format!("/docs/{game}"), None).await;
        assert_eq!(status, StatusCode::OK, "/docs/{game}");
        assert!(!page.contains("&lt;a id="), "{game}: anchors are anchors");
    }
    let (_, _, rules) =
        common::http::get(common::bundled_state(), "/adjudicate/rules/karth", None).await;
    assert!(rules.contains(r#"href="/docs/karth#k5-other-terrain">in the rules doc</a>"#));
    assert!(
        rules.contains(r#"href="/docs/karth#interpretation-stops_movement">in the rules doc</a>"#)
    );
    let (_, _, karth) = common::http::get(common::bundled_state(), "/docs/karth", None).await;
    assert!(karth.contains(r#"<h3 id="k5-other-terrain">"#));
    assert!(karth.contains(r#"<a id="interpretation-stops_movement"></a>"#));
}

#[actix_rt::test]
async fn a_bad_karth_submission_is_a_located_400_and_garbage_never_a_500() {
    let mut bad = question();
    bad.retain(|(k, _)| *k != "u1_at");
    bad.extend([("u1_at", "two"), ("u1_card", "Silverhold Fotman")]);
    let (status, html, _) = post("/adjudicate", &bad).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{html}");
    let shown = html.replace("&quot;", "\"").replace("&#34;", "\"");
    assert!(
        shown.contains("Unit 1 (K), space: \"two\" is not a space"),
        "{shown}"
    );
    assert!(
        shown.contains(r#"id="u1_at-error""#) || shown.contains("u1_at"),
        "{shown}"
    );
    // The catalogue's "did you mean", at the card's field.
    let mut unknown = question();
    unknown.retain(|(k, _)| *k != "u1_card");
    unknown.push(("u1_card", "Silverhold Fotman"));
    let (status, text, _) = post("/adjudicate.json", &unknown).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{text}");
    let v: Value = serde_json::from_str(&text).unwrap();
    let s = v.to_string();
    assert!(
        s.contains("u1_card") && s.contains("Unit 1 (K), card"),
        "{s}"
    );
    for garbage in [
        vec![("game", "karth"), ("board", "\u{0}\u{ffff},,@+")],
        vec![("game", "karth"), ("x1_do", "move"), ("x1_path", ";;;>")],
        vec![("game", "karth"), ("cards", "{")],
        vec![("game", "karth"), ("u1_at", "99999999999,1")],
    ] {
        let (status, text, _) = post("/adjudicate", &garbage).await;
        assert!(status.is_client_error(), "{status}: {text:.300}");
    }
}

/// KeyForge and Arcane Legions have no chance node either (no dice, no random draw): their
/// step pages show no "Odds from here", while their JSON twins still carry the outcome.
#[actix_rt::test]
async fn games_without_chance_show_no_odds() {
    for fixture in [
        "tests/fixtures/keyforge/fight_assault_hazardous.json",
        "tests/fixtures/arcane/chariot_and_wall.json",
    ] {
        let text = std::fs::read_to_string(fixture).unwrap();
        let v: Value = serde_json::from_str(&text).unwrap();
        let position = v["position"].to_string();
        let (status, text, location) = post("/adjudicate", &[("json", &position)]).await;
        assert_eq!(status, StatusCode::SEE_OTHER, "{fixture}: {text}");
        let location = location.unwrap();
        let (status, _, html) = common::http::get(common::bundled_state(), &location, None).await;
        assert_eq!(status, StatusCode::OK, "{fixture}");
        assert!(html.contains("<h2>Log</h2>"), "{fixture}: {html}");
        assert!(!html.contains("Odds from here"), "{fixture} has no chance");
    }
}
