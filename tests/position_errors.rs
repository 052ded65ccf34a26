//! Issue 29, every game: a position's shape errors all at once, each at its JSON path,
//! line and column (CLI, API and the builder's pasted JSON); a position of another game
//! that forgot its `game` is told so, with the games named; and `adjudicate --help` names
//! every game it plays.

use crate::common::{self, http};
use actix_web::http::StatusCode;
use assert_cmd::Command;
use serde_json::Value;

/// A valid position of each game, from its fixtures.
const POSITIONS: &[(&str, &str)] = &[
    ("battleline", "positions/armor_blocks.json"),
    ("swtcg", "swtcg/armor_accuracy.json"),
    ("keyforge", "keyforge/bonus_icons_in_order.json"),
    ("arcane", "arcane/chariot_and_wall.json"),
    ("karth", "karth/call_pet.json"),
];

fn position(path: &str) -> Value {
    let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(path);
    let v: Value = serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
    v["position"].clone()
}

/// A position with three shape errors: an unknown field at the top, another in its
/// first player (or unit), and that object's first text field given a number. Returns the text and the three paths.
/// Posts `body` to `/api/adjudicate` as JSON.
async fn post_position(body: String) -> (StatusCode, String, String) {
    http::post(
        common::bundled_state(),
        "/api/adjudicate",
        Some("application/json"),
        None,
        body,
    )
    .await
}

fn three_errors(valid: &Value) -> (String, Vec<String>) {
    let mut v = valid.clone();
    let obj = v.as_object_mut().unwrap();
    // Players or units: plain objects in every game (actions may be tagged enums, whose
    // errors are at the action).
    let key = ["players", "units"]
        .into_iter()
        .find(|k| {
            obj.get(*k)
                .and_then(Value::as_array)
                .is_some_and(|a| a.first().is_some_and(Value::is_object))
        })
        .expect("players or units")
        .to_string();
    let first = obj[&key][0].as_object_mut().unwrap();
    let (text_field, _) = first
        .iter()
        .find(|(_, x)| x.is_string())
        .map(|(k, x)| (k.clone(), x.clone()))
        .expect("a text field");
    first.insert(text_field.clone(), Value::from(7));
    first.insert("not_a_field".into(), Value::from(true));
    obj.insert("zz_not_a_field".into(), Value::from(1));
    let paths = vec![
        format!("{key}[0].{text_field}"),
        format!("{key}[0].not_a_field"),
        "zz_not_a_field".to_string(),
    ];
    (serde_json::to_string_pretty(&v).unwrap(), paths)
}

#[actix_rt::test]
async fn the_api_reports_every_shape_error_of_a_position_at_once_for_every_game() {
    for (game, path) in POSITIONS {
        let (text, paths) = three_errors(&position(path));
        let (status, _, body) = post_position(text.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{game}: {body}");
        let v: Value = serde_json::from_str(&body).unwrap();
        let errors = v["errors"].as_array().unwrap();
        let got: Vec<&str> = errors.iter().map(|e| e["path"].as_str().unwrap()).collect();
        for p in &paths {
            assert!(got.contains(&p.as_str()), "{game}: no error at {p}: {v}");
        }
        // Each at its line, in the order of the text.
        let lines: Vec<u64> = errors
            .iter()
            .map(|e| e["line"].as_u64().unwrap_or_else(|| panic!("{game}: {e}")))
            .collect();
        assert!(lines.windows(2).all(|w| w[0] <= w[1]), "{game}: {v}");
        let unknown = errors
            .iter()
            .find(|e| e["path"] == "zz_not_a_field")
            .unwrap();
        let line = text
            .lines()
            .position(|l| l.contains("\"zz_not_a_field\""))
            .unwrap();
        assert_eq!(
            unknown["line"].as_u64(),
            Some(line as u64 + 1),
            "{game}: {v}"
        );
    }
}

#[test]
fn cli_adjudicate_reports_every_shape_error_at_once_for_every_game() {
    let (_dir, db) = common::bundled_db();
    let dir = tempfile::tempdir().unwrap();
    for (game, path) in POSITIONS {
        let (text, paths) = three_errors(&position(path));
        let file = dir.path().join(format!("{game}.json"));
        std::fs::write(&file, text).unwrap();
        let out = Command::cargo_bin("arbiter")
            .unwrap()
            .arg("adjudicate")
            .arg(&file)
            .arg("--db")
            .arg(&db)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{game}: {stderr}");
        for p in &paths {
            assert!(
                stderr.lines().any(|l| l.contains(&format!(": {p}: "))),
                "{game}: no error at {p}: {stderr}"
            );
        }
    }
}

#[actix_rt::test]
async fn the_builder_shows_every_shape_error_of_pasted_json() {
    for (game, path) in POSITIONS {
        let (text, paths) = three_errors(&position(path));
        let (status, _, html) = http::post(
            common::bundled_state(),
            "/adjudicate",
            Some("application/x-www-form-urlencoded"),
            None,
            http::form_field("json", &text),
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{game}");
        for p in &paths {
            assert!(
                html.contains(&format!(": {p}: ")),
                "{game}: no error at {p}: {html}"
            );
        }
    }
}

#[actix_rt::test]
async fn a_position_of_another_game_without_game_says_so_and_names_the_games() {
    for (game, path) in &POSITIONS[1..] {
        let mut v = position(path);
        v.as_object_mut().unwrap().remove("game");
        let (status, _, body) = post_position(v.to_string()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{game}: {body}");
        let v: Value = serde_json::from_str(&body).unwrap();
        let first = &v["errors"][0];
        assert_eq!(first["path"], "game", "{game}: {v}");
        let message = first["message"].as_str().unwrap();
        assert!(message.contains("no `game` field"), "{game}: {message}");
        assert!(message.contains("it reads as a"), "{game}: {message}");
        for slug in ["battleline", "swtcg", "keyforge", "arcane", "karth"] {
            assert!(message.contains(slug), "{game}: {message}");
        }
    }
    // A battle-line position needs no `game`, and is not told it lacks one.
    let mut v = position(POSITIONS[0].1);
    v.as_object_mut().unwrap().remove("game");
    let (status, _, body) = post_position(v.to_string()).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    // ... nor when it has a mistake of its own.
    v["players"][0]["lief"] = Value::from(3);
    let (status, _, body) = post_position(v.to_string()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(!body.contains("no `game` field"), "{body}");
}

#[test]
fn adjudicate_help_names_every_game() {
    let out = Command::cargo_bin("arbiter")
        .unwrap()
        .args(["adjudicate", "--help"])
        .output()
        .unwrap();
    let help = String::from_utf8_lossy(&out.stdout);
    assert!(!help.contains("Play a battle-line position"), "{help}");
    for name in [
        "battleline",
        "swtcg",
        "Star Wars TCG",
        "keyforge",
        "KeyForge",
        "arcane",
        "Arcane Legions",
        "karth",
        "Heroes of Karth",
    ] {
        assert!(help.contains(name), "{name}: {help}");
    }
}
