//! Issue 27 item 12: a Star Wars TCG, KeyForge, Arcane Legions or Heroes of Karth position
//! with a syntax error or trailing text is read by its own game (found from `game` as far
//! as the text parses), which locates the error; no battle-line reader is blamed.

use crate::common::{self, http};
use actix_web::http::StatusCode;
use assert_cmd::Command;
use serde_json::Value;

/// A valid position of each game, from its fixtures.
const POSITIONS: &[(&str, &str)] = &[
    ("swtcg", "swtcg/armor_accuracy.json"),
    ("keyforge", "keyforge/bonus_icons_in_order.json"),
    ("arcane", "arcane/chariot_and_wall.json"),
    ("karth", "karth/call_pet.json"),
];

fn position(path: &str) -> String {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let file = if path.ends_with('/') {
        let mut files: Vec<_> = std::fs::read_dir(dir.join(path))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            .collect();
        files.sort();
        files.remove(0)
    } else {
        dir.join(path)
    };
    let v: Value = serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
    serde_json::to_string_pretty(&v["position"]).unwrap()
}

/// The broken texts of a valid position: (text, line, column, what the error says).
fn broken(valid: &str) -> Vec<(String, usize, usize, &'static str)> {
    let lines = valid.lines().count();
    // `,,` before the closing brace: a syntax error on the last line, after every field.
    let at = valid.rfind('}').unwrap();
    let syntax = format!("{},,{}", &valid[..at], &valid[at..]);
    let last = syntax.lines().last().unwrap().to_string();
    vec![
        (
            format!("{valid} trailing"),
            lines,
            3,
            "unexpected text after the end",
        ),
        (
            syntax,
            lines,
            last.find(",,").unwrap() + 2,
            "key must be a string",
        ),
    ]
}

#[actix_rt::test]
async fn the_api_locates_a_syntax_error_in_the_game_that_has_it() {
    for (game, path) in POSITIONS {
        assert!(position(path).contains(&format!("\"game\": \"{game}\"")));
        for (text, line, column, says) in broken(&position(path)) {
            let (status, _, body) = http::post(
                common::bundled_state(),
                "/api/adjudicate",
                Some("application/json"),
                None,
                text,
            )
            .await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{game}: {body}");
            let v: Value = serde_json::from_str(&body).unwrap();
            let e = &v["errors"][0];
            assert!(e["message"].as_str().unwrap().contains(says), "{game}: {v}");
            assert_eq!(
                (e["line"].as_u64(), e["column"].as_u64()),
                (Some(line as u64), Some(column as u64)),
                "{game}: {v}"
            );
            assert!(!body.contains("unknown field"), "{game}: {body}");
        }
    }
}

#[test]
fn cli_adjudicate_locates_a_syntax_error_in_the_game_that_has_it() {
    let (_dir, db) = common::bundled_db();
    let dir = tempfile::tempdir().unwrap();
    for (game, path) in POSITIONS {
        for (i, (text, line, column, says)) in broken(&position(path)).into_iter().enumerate() {
            let file = dir.path().join(format!("{game}-{i}.json"));
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
            assert!(
                stderr.contains(&format!(": {line}:{column}: ")),
                "{game}: {stderr}"
            );
            assert!(
                stderr.contains(says) && !stderr.contains("unknown field"),
                "{game}: {stderr}"
            );
        }
    }
}

#[actix_rt::test]
async fn a_syntax_error_before_any_game_says_the_game_cannot_be_told() {
    let text = "{\"units\": [1,,], \"game\": \"arcane\"}";
    let (status, _, body) = http::post(
        common::bundled_state(),
        "/api/adjudicate",
        Some("application/json"),
        None,
        text,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let v: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(
        (
            v["errors"][0]["line"].as_u64(),
            v["errors"][0]["column"].as_u64()
        ),
        (Some(1), Some(14)),
        "{v}"
    );
    assert!(body.contains("the game could not be told"), "{body}");
}
