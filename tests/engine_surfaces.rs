//! The engine's surfaces: `POST /api/adjudicate` and `arbiter adjudicate` give the same
//! JSON, and every kind of bad position gets a located 4xx or exit code 2, never a 500.

use crate::common;

use actix_web::http::StatusCode;
use assert_cmd::Command;
use serde_json::{json, Value};

/// Sends a POST to `/api/adjudicate`; returns status and JSON body.
async fn post(query: &str, ctype: Option<&str>, body: String) -> (StatusCode, Value) {
    let uri = format!("/api/adjudicate{query}");
    let (status, _, body) =
        common::http::post(common::bundled_state(), &uri, ctype, None, body).await;
    (status, serde_json::from_str(&body).unwrap_or(Value::Null))
}

fn duel() -> Value {
    json!({
        "seed": 7, "turns": 3,
        "players": [
            {"name": "Alice", "line": [{"card": "Will-o'-the-Glade"}, {"card": "Grave Reaper"}]},
            {"name": "Bob", "line": [{"card": "Moss Troll"}, null, {"card": "Hex Witch"}]}
        ]
    })
}

#[actix_rt::test]
async fn api_answers_steps_final_and_outcome() {
    let (status, body) = post("", Some("application/json"), duel().to_string()).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let steps = body["steps"].as_array().expect("steps");
    assert!(steps.len() > 5);
    // Every event names its rule and quotes it.
    for step in steps {
        assert!(
            step["state"]["players"].is_array(),
            "each step carries the position after it"
        );
        for e in step["events"].as_array().unwrap() {
            assert!(!e["text"].as_str().unwrap().is_empty());
            assert!(!e["rule"]["sentence"].as_str().unwrap().is_empty());
            assert_eq!(e["rule"]["game"], "battleline");
        }
    }
    // seed 000 §4.1 Bolt: "If a creature with Bolt is in play, at the beginning of each turn
    // deal 2 damage to a random enemy creature." The pick lists every candidate.
    let chance = steps
        .iter()
        .flat_map(|s| s["events"].as_array().unwrap())
        .find(|e| e["change"]["type"] == "chance")
        .expect("a chance step");
    assert_eq!(chance["change"]["purpose"], "Bolt's target");
    assert_eq!(chance["change"]["candidates"].as_array().unwrap().len(), 2);
    assert!(body["final"]["players"].is_array());
    assert!(body["outcome"]["result"].is_string());

    // The final position reads back as a position.
    let again = arbiter::games::battleline::Position::from_json(&body["final"].to_string());
    assert!(again.is_ok(), "{again:?}");

    // `?states=false` leaves the positions out.
    let (_, lean) = post(
        "?states=false",
        Some("application/json"),
        duel().to_string(),
    )
    .await;
    assert!(lean["steps"][0].get("state").is_none());
    assert_eq!(lean["final"], body["final"], "same game either way");
}

/// A judge's overrides survive continuing the game from `final`: a catalogue warlord
/// declared not a warlord stays one that is not, and a hypothetical warlord stays one.
#[actix_rt::test]
async fn a_continued_game_keeps_the_judges_overrides() {
    let position = json!({
        "seed": 1, "turns": 1,
        "players": [
            {"name": "Alice", "line": [{"card": "Brannoc the Houndmaster", "warlord": false}]},
            {"name": "Bob", "line": [{"name": "Chief", "attack": 1, "life": 9, "warlord": true}]}
        ]
    });
    let (status, first) = post("?states=false", None, position.to_string()).await;
    assert_eq!(status, StatusCode::OK, "{first}");
    let (status, second) = post("?states=false", None, first["final"].to_string()).await;
    assert_eq!(status, StatusCode::OK, "{second}");
    for body in [&first, &second] {
        let lines = &body["final"]["players"];
        assert_eq!(lines[0]["line"][0]["card"], "Brannoc the Houndmaster");
        assert_eq!(lines[0]["line"][0]["warlord"], false, "{body}");
        assert_eq!(lines[1]["line"][0]["warlord"], true, "{body}");
    }
}

#[actix_rt::test]
async fn same_position_same_answer() {
    let (_, a) = post("", None, duel().to_string()).await;
    let (_, b) = post(
        "",
        Some("application/json; charset=utf-8"),
        duel().to_string(),
    )
    .await;
    assert_eq!(a, b, "the engine is deterministic for a seed");
    let mut other = duel();
    other["seed"] = json!(8);
    let (_, c) = post("", None, other.to_string()).await;
    assert_eq!(c["steps"].as_array().map(|s| s.len() > 1), Some(true));
}

#[actix_rt::test]
async fn bad_positions_are_located_4xx() {
    // Syntax: line and column.
    let (status, body) = post("", None, "{\"players\": [".into()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["code"], "bad_input");
    assert_eq!(body["errors"][0]["line"], 1);
    assert!(body["errors"][0]["column"].as_u64().unwrap() > 0);

    // Shape: the path of the bad field.
    let mut p = duel();
    p["players"][0]["line"][0] = json!({"card": "Moss Troll", "atack": 3});
    let (status, body) = post("", None, p.to_string()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        body["errors"][0]["path"]
            .as_str()
            .unwrap()
            .starts_with("players[0].line[0]"),
        "{body}"
    );

    // Names: every unknown card and ability, each with its path and a suggestion.
    let mut p = duel();
    p["players"][1]["line"][2] = json!({"card": "Hex Wich"});
    p["players"][0]["line"][1] =
        json!({"name": "X", "attack": 1, "life": 1, "abilities": ["Armour 2"]});
    let (status, body) = post("", None, p.to_string()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let errors = body["errors"].as_array().unwrap();
    let paths: Vec<&str> = errors.iter().map(|e| e["path"].as_str().unwrap()).collect();
    assert!(paths.contains(&"players[1].line[2].card"), "{paths:?}");
    assert!(
        paths.contains(&"players[0].line[1].abilities[0]"),
        "{paths:?}"
    );
    assert!(body["details"]
        .as_str()
        .unwrap()
        .contains("did you mean \"Hex Witch\""));
    assert!(body["details"]
        .as_str()
        .unwrap()
        .contains("did you mean \"Armor\""));

    // A judge's choice that is not a candidate.
    let mut p = duel();
    p["choices"] = json!([{"chance": 1, "slot": 2}]);
    let (status, body) = post("", None, p.to_string()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["errors"][0]["path"], "choices");
    assert!(body["details"]
        .as_str()
        .unwrap()
        .contains("not a candidate"));

    // Caps.
    let mut p = duel();
    p["turns"] = json!(51);
    let (status, body) = post("", None, p.to_string()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["errors"][0]["path"], "turns");
    let huge = format!("{{\"pad\": \"{}\"}}", "x".repeat(70_000));
    let (status, body) = post("", None, huge).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(body["code"], "too_large");

    // Transport.
    let (status, _) = post("", Some("text/plain"), duel().to_string()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, _) = post("", None, "   ".into()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, _) = post("?states=maybe", None, duel().to_string()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

// house rule T10 Step bound: "Adjudication stops after 10000 steps, whatever the position."
/// A position inside every cap that runs to the step bound: the API ends it there, cites
/// T10, and keeps its answer bounded by recording states only up to the state budget.
#[actix_rt::test]
async fn a_position_that_hits_the_step_bound_ends_there_with_a_bounded_answer() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/stress/step_bound.json"
    ))
    .expect("fixture reads");
    let fixture: Value = serde_json::from_str(&text).expect("fixture JSON");
    let position = fixture["position"].to_string();
    assert!(position.len() < arbiter::games::battleline::position::caps::JSON_BYTES);
    let uri = "/api/adjudicate";
    let (status, _, body) =
        common::http::post(common::bundled_state(), uri, None, None, position).await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        body.len() < 2 * arbiter::games::battleline::STATE_BUDGET_BYTES,
        "the answer is bounded: {} bytes",
        body.len()
    );
    let v: Value = serde_json::from_str(&body).expect("JSON");
    assert_eq!(v["outcome"]["result"], "step_bound", "{}", v["outcome"]);
    let steps = v["steps"].as_array().expect("steps");
    assert_eq!(
        steps.len() as u32,
        arbiter::games::battleline::MAX_STEPS + 1
    );
    let last = steps
        .last()
        .and_then(|s| s["events"].as_array()?.last().cloned());
    let last = last.expect("an ending event");
    assert_eq!(last["rule"]["rule"], "Step bound");
    assert_eq!(
        last["rule"]["sentence"],
        "Adjudication stops after 10000 steps, whatever the position."
    );
    // States stop at the budget; every step keeps its events.
    let from = v["states_omitted_from"]
        .as_u64()
        .expect("states_omitted_from") as usize;
    assert!(from > 1 && from < steps.len(), "{from}");
    assert!(
        steps[from - 2]["state"].is_object(),
        "the step before has one"
    );
    assert!(
        steps[from - 1].get("state").is_none(),
        "step {from} has none"
    );
    assert!(steps.iter().all(|s| s["events"].is_array()));
    // Each further basis refers to its sentence, quoted once in the answer's table: the
    // answer stays within its bound above with every sentence in it.
    let table = &v["sentences"];
    let mut further = 0;
    for e in steps
        .iter()
        .flat_map(|s| s["events"].as_array().into_iter().flatten())
    {
        for b in e["rule"]["citations"]
            .as_array()
            .into_iter()
            .flatten()
            .skip(1)
        {
            if let Some(id) = b["sentence_ref"].as_str() {
                assert!(table[id].is_string(), "{b}: {id} is not in the table");
                further += 1;
            }
        }
    }
    eprintln!(
        "{further} further bases, {} sentences, {} bytes",
        table.as_object().map_or(0, |t| t.len()),
        body.len()
    );
    // A short game records every state and says nothing of a budget.
    let (_, short) = post("", None, duel().to_string()).await;
    assert!(short.get("states_omitted_from").is_none());
}

fn cli() -> Command {
    let mut cmd = Command::cargo_bin("arbiter").expect("binary");
    let dir = tempfile::tempdir().expect("tempdir").keep();
    cmd.env("ARBITER_DB", dir.join("catalogue.sqlite"));
    cmd
}

#[actix_rt::test]
async fn cli_matches_the_api() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("duel.json");
    std::fs::write(&file, duel().to_string()).unwrap();
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
    let (_, from_api) = post("", None, duel().to_string()).await;
    assert_eq!(from_cli, from_api, "one engine, one JSON");

    // The readable log names rules and quotes them.
    let out = cli().arg("adjudicate").arg(&file).output().unwrap();
    let log = String::from_utf8(out.stdout).unwrap();
    assert!(log.contains("Bolt (seed 000 §4.1): \"If a creature with Bolt is in play"));
    assert!(log.contains("result: "));

    // --turns and --seed override the file.
    let out = cli()
        .args(["adjudicate", "--json", "--turns", "1", "--seed", "8"])
        .arg(&file)
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let turns: Vec<u64> = v["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["turn"].as_u64().unwrap())
        .collect();
    assert_eq!(turns.iter().max(), Some(&1));
}

#[test]
fn cli_rejects_bad_positions_with_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bad.json");
    std::fs::write(
        &file,
        r#"{"players": [{"line": [{"card": "Frowny the Snowmen"}]}, {}]}"#,
    )
    .unwrap();
    let out = cli().arg("adjudicate").arg(&file).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("bad.json: players[0].line[0].card: unknown battle-line card"),
        "{err}"
    );
    assert!(err.contains("Frowny the Snowman"), "{err}");

    std::fs::write(&file, "{\n  \"players\": 3\n}").unwrap();
    let out = cli().arg("adjudicate").arg(&file).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("bad.json: 2:"), "line and column: {err}");

    let out = cli()
        .args(["adjudicate", "/nonexistent/position.json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn cli_plays_a_state_saved_from_the_step_through() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("state.json");
    let saved = json!({"object": "adjudication_state", "position": duel(), "step": 4});
    std::fs::write(&file, serde_json::to_string_pretty(&saved).unwrap()).unwrap();
    let out = cli().arg("adjudicate").arg(&file).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let log = String::from_utf8(out.stdout).unwrap();
    assert!(log.contains("(the saved state was at step 4)"), "{log}");
    // The same game as the bare position.
    let json_of = |path: &std::path::Path| -> Value {
        let out = cli()
            .arg("adjudicate")
            .arg(path)
            .arg("--json")
            .output()
            .unwrap();
        serde_json::from_slice(&out.stdout).unwrap()
    };
    let bare = dir.path().join("duel.json");
    std::fs::write(&bare, duel().to_string()).unwrap();
    assert_eq!(json_of(&file), json_of(&bare));

    // An error inside the saved position: its path under `position`, its line in the file.
    let mut broken = saved.clone();
    broken["position"]["players"][1]["line"][0] = json!({"card": "Moss Troll", "atack": 3});
    std::fs::write(&file, serde_json::to_string_pretty(&broken).unwrap()).unwrap();
    let out = cli().arg("adjudicate").arg(&file).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("position.players[1].line[0]"), "{err}");
    let line: usize = err
        .split(':')
        .nth(1)
        .and_then(|l| l.trim().parse().ok())
        .unwrap_or_else(|| panic!("a line number: {err}"));
    assert!(line > 1, "the line in the pretty file, not line 1: {err}");
    // Anything but object, position and step is refused.
    let mut extra = saved;
    extra["note"] = json!("hi");
    std::fs::write(&file, extra.to_string()).unwrap();
    let out = cli().arg("adjudicate").arg(&file).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("a state file has exactly object, position and step"),
        "{err}"
    );
}

/// A Star Wars TCG attack (seed 002): a catalogue card against an inline unit.
fn swtcg_attack() -> Value {
    json!({"game": "swtcg", "arena": "Character", "seed": 7,
           "units": [{"id": "A", "side": "dark", "card": "Hegemony Duelist"},
                     {"id": "D", "side": "light", "power": 3, "health": 4, "abilities": ["Parry 1", "Evade 1"]}],
           "attack": {"attacker": "A", "defender": "D"},
           "dice": {"attack": [6, 5, 4, 1]},
           "odds": true})
}

// Issue #16: `arbiter adjudicate` and `POST /api/adjudicate` play a swtcg position
// alike: every unit's damage and whether it is discarded in `final`, steps citing seed,
// public and house rules.
#[actix_rt::test]
async fn cli_and_api_play_a_swtcg_attack() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("attack.json");
    std::fs::write(&file, swtcg_attack().to_string()).unwrap();
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
    let (status, from_api) = post("", None, swtcg_attack().to_string()).await;
    assert_eq!(status, StatusCode::OK, "{from_api}");
    assert_eq!(from_cli, from_api, "one resolver, one JSON");
    // 3 hits + Critical Hit 2 = 5; Parry 1 and Evade 1 leave 3 of D's 4 Health.
    let units = from_api["final"]["units"].as_array().unwrap();
    assert_eq!(units[1]["id"], "D");
    assert_eq!(units[1]["damage"], 3);
    assert_eq!(units[1]["discarded"], false);
    assert!(
        units
            .iter()
            .all(|u| u["id"].is_string() && u["damage"].is_number() && u["discarded"].is_boolean()),
        "every unit with its id, damage and whether it is discarded: {units:?}"
    );
    let kinds: std::collections::BTreeSet<String> = from_api["steps"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|s| s["events"].as_array().unwrap().iter())
        .map(|e| e["rule"]["source"].as_str().unwrap().to_string())
        .collect();
    for kind in ["seed", "public", "house"] {
        assert!(kinds.contains(kind), "{kinds:?}");
    }
    assert_eq!(from_api["outcome"]["odds"]["method"], "exact");
    // The readable log.
    let out = cli().arg("adjudicate").arg(&file).output().unwrap();
    let log = String::from_utf8(out.stdout).unwrap();
    assert!(
        log.contains(
            "Critical Hit (seed 002 §Ancient Seers): \"If you rolled at least one natural six"
        ),
        "{log}"
    );
    assert!(log.contains("D (light): damage 3"), "{log}");
}

#[actix_rt::test]
async fn a_bad_swtcg_position_is_located_in_the_cli_and_the_api() {
    let bad = json!({"game": "swtcg", "units": [{"id": "A", "side": "dark", "card": "Hegemony Dulist"},
                                               {"id": "D", "side": "light", "power": 1, "health": 1}],
                     "attack": {"attacker": "A", "defender": "D"}});
    let (status, v) = post("", None, bad.to_string()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(v["errors"][0]["path"], "units[0].card", "{v}");
    assert!(
        v["errors"][0]["message"]
            .as_str()
            .unwrap()
            .contains("Hegemony Duelist"),
        "{v}"
    );
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bad.json");
    std::fs::write(&file, bad.to_string()).unwrap();
    let out = cli().arg("adjudicate").arg(&file).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("units[0].card"));
}
