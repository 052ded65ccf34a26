//! Issue 27 item 13: what schemathesis (every check) found between the OpenAPI document
//! (`static/openapi.json`) and the server, each fixed on the side that was wrong.

use crate::common::{self, http};
use actix_web::http::StatusCode;
use serde_json::Value;

fn document() -> Value {
    serde_json::from_str(include_str!("../static/openapi.json")).unwrap()
}

/// Every `enum` in `v`, with its JSON pointer.
fn enums(v: &Value, at: String, out: &mut Vec<(String, Vec<Value>)>) {
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                if k == "enum" {
                    out.push((at.clone(), x.as_array().unwrap().clone()));
                }
                enums(x, format!("{at}/{k}"), out);
            }
        }
        Value::Array(a) => a
            .iter()
            .enumerate()
            .for_each(|(i, x)| enums(x, format!("{at}/{i}"), out)),
        _ => {}
    }
}

fn parameter<'a>(doc: &'a Value, path: &str, method: &str, name: &str) -> &'a Value {
    doc["paths"][path][method]["parameters"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == name)
        .unwrap()
}

#[actix_rt::test]
async fn an_empty_or_padded_enum_value_is_refused_as_the_document_says() {
    let mut all = Vec::new();
    enums(&document(), String::new(), &mut all);
    for (at, values) in &all {
        assert!(
            !values.contains(&Value::from("")),
            "{at}: an empty enum value"
        );
    }
    for uri in [
        "/cards/battleline.json?sort=",
        "/cards/battleline.json?sort=%20name",
        "/cards/battleline.json?order=",
        "/adjudicate/cards.json?type=",
        "/adjudicate/cards.json?type=artifact%20",
        "/adjudicate.json?game=",
    ] {
        let (status, _, body) = http::get(common::bundled_state(), uri, None).await;
        assert!(status.is_client_error(), "{uri}: {status} {body:.200}");
    }
    let (status, _, body) = http::post(
        common::bundled_state(),
        "/decks.csv",
        Some("application/x-www-form-urlencoded"),
        None,
        "list=1%20Spark&format=",
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body:.300}");
}

#[test]
fn the_documents_enums_list_what_the_server_accepts() {
    let doc = document();
    let games: Vec<Value> = arbiter::games::GameId::ALL
        .iter()
        .map(|g| g.slug().into())
        .collect();
    let game = parameter(&doc, "/adjudicate.json", "get", "game");
    assert_eq!(game["schema"]["enum"].as_array().unwrap(), &games);
    let cat = common::bundled_catalogue();
    let formats: Vec<Value> = cat
        .formats("karth")
        .map(|f| f.name.clone().into())
        .collect();
    let format = parameter(&doc, "/api/decks/validate", "post", "format");
    assert_eq!(format["schema"]["enum"].as_array().unwrap(), &formats);
    let body = &doc["paths"]["/api/decks/validate"]["post"]["requestBody"]["content"]
        ["application/json"]["schema"];
    // The JSON decklist's `format` may also be null (no format named).
    let nullable: Vec<Value> = formats.iter().cloned().chain([Value::Null]).collect();
    assert_eq!(
        body["properties"]["format"]["enum"].as_array().unwrap(),
        &nullable
    );
    let form = &doc["paths"]["/decks.csv"]["post"]["requestBody"]["content"]
        ["application/x-www-form-urlencoded"]["schema"];
    assert_eq!(
        form["properties"]["format"]["enum"].as_array().unwrap(),
        &formats
    );
}

/// A count out of 1..=99 is a problem in the verdict (200), as in a text decklist: the
/// document's bounds on `count` are the integer's, not the rule's.
#[actix_rt::test]
async fn a_json_decklist_count_of_100_is_a_verdict_problem_within_the_documents_bounds() {
    let doc = document();
    let card = &doc["paths"]["/api/decks/validate"]["post"]["requestBody"]["content"]
        ["application/json"]["schema"]["properties"]["cards"]["items"];
    assert_eq!(card["properties"]["count"]["maximum"], i64::MAX);
    assert_eq!(card["properties"]["count"]["minimum"], i64::MIN);
    assert_eq!(card["additionalProperties"], false);
    let (status, _, body) = http::post(
        common::bundled_state(),
        "/api/decks/validate",
        Some("application/json"),
        None,
        r#"{"cards": [{"name": "Spark", "count": 100}]}"#,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body:.300}");
    assert!(body.contains("counts are 1 to 99"), "{body:.300}");
}

/// Any `q` the document allows is answered: nothing to search for is an empty list whose
/// warnings say why; a long run of digits is not said to have no digits.
#[actix_rt::test]
async fn every_q_the_document_allows_is_answered_with_its_warnings() {
    let digits = "0".repeat(68);
    for (q, says) in [
        (digits.as_str(), "too long"),
        ("%2B%2B", "no letters or digits"),
        ("", "is empty"),
        ("%20", "is empty"),
    ] {
        for path in ["/api/search", "/search.json"] {
            let uri = format!("{path}?q={q}");
            let (status, _, body) = http::get(common::bundled_state(), &uri, None).await;
            assert_eq!(status, StatusCode::OK, "{uri}: {body:.300}");
            let v: Value = serde_json::from_str(&body).unwrap();
            assert_eq!(v["total"], 0, "{uri}");
            assert!(
                v["warnings"][0]["message"].as_str().unwrap().contains(says),
                "{uri}: {v}"
            );
        }
    }
}

/// The other games' positions: the fields each requires are marked required (a swtcg
/// position without `units` is refused), and no other field is allowed.
#[actix_rt::test]
async fn each_games_required_fields_are_marked_required() {
    let doc = document();
    let schemas = &doc["components"]["schemas"];
    for (schema, fixture) in [
        ("SwtcgPosition", "swtcg/armor_accuracy.json"),
        ("KeyforgePosition", "keyforge/bonus_icons_in_order.json"),
        ("ArcanePosition", "arcane/chariot_and_wall.json"),
    ] {
        let s = &schemas[schema];
        assert_eq!(s["additionalProperties"], false, "{schema}");
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures")
            .join(fixture);
        let v: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        let position = v["position"].as_object().unwrap();
        for field in s["properties"].as_object().unwrap().keys() {
            let mut without = position.clone();
            if without.remove(field).is_none() || field == "game" {
                continue;
            }
            let (status, _, body) = http::post(
                common::bundled_state(),
                "/api/adjudicate?states=false",
                Some("application/json"),
                None,
                Value::Object(without).to_string(),
            )
            .await;
            let required = s["required"]
                .as_array()
                .unwrap()
                .contains(&Value::from(field.as_str()));
            let missing = body.contains(&format!("missing field `{field}`"));
            assert_eq!(required, missing, "{schema}.{field}: {status} {body:.300}");
        }
    }
    assert!(schemas["SwtcgPosition"]["required"]
        .as_array()
        .unwrap()
        .contains(&Value::from("units")));
}

/// Every field a fixture's position uses is one its game's schema lists: a new position
/// field not added to the document makes every stored position of it "violate the
/// schema" (schemathesis found `force` missing from `SwtcgPosition`).
#[test]
fn every_fixture_field_is_in_its_games_schema() {
    let doc = document();
    let schemas = &doc["components"]["schemas"];
    for (schema, folder) in [
        ("SwtcgPosition", "swtcg"),
        ("KeyforgePosition", "keyforge"),
        ("ArcanePosition", "arcane"),
        ("KarthPosition", "karth"),
    ] {
        let listed = schemas[schema]["properties"]
            .as_object()
            .unwrap_or_else(|| panic!("{schema} lists its properties"));
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures")
            .join(folder);
        let mut read = 0;
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|e| e != "json") {
                continue;
            }
            let v: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
            let Some(position) = v["position"].as_object() else {
                continue;
            };
            read += 1;
            for field in position.keys() {
                assert!(
                    listed.contains_key(field),
                    "{}: `{field}` is not among {schema}'s properties in static/openapi.json",
                    path.display()
                );
            }
        }
        assert!(read > 5, "{folder}: only {read} fixtures read");
    }
}

/// `q` over its `maxLength` (1000 characters), a query parameter the document does not
/// list, and the JSON decklist's nullable fields.
#[actix_rt::test]
async fn maxima_unknown_parameters_and_nulls_are_as_documented() {
    let doc = document();
    let q = parameter(&doc, "/api/search", "get", "q");
    assert_eq!(
        q["schema"]["maxLength"], 1000,
        "src/web/search.rs MAX_QUERY_CHARS"
    );
    for (n, status) in [(1000, StatusCode::OK), (1001, StatusCode::BAD_REQUEST)] {
        let uri = format!("/api/search?q={}", "%C3%A9".repeat(n));
        let (got, _, body) = http::get(common::bundled_state(), &uri, None).await;
        assert_eq!(got, status, "{n}: {body:.200}");
    }
    let body = r#"{"faction": null, "cards": [], "format": "highlander"}"#;
    for (uri, status) in [
        ("/api/decks/validate?format=highlander", StatusCode::OK),
        (
            "/api/decks/validate?format=highlander&other=1",
            StatusCode::BAD_REQUEST,
        ),
    ] {
        let (got, _, text) = http::post(
            common::bundled_state(),
            uri,
            Some("application/json"),
            None,
            body,
        )
        .await;
        assert_eq!(got, status, "{uri}: {text:.300}");
    }
}
