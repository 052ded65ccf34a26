//! Resource bounds under hostile load (issue #12, findings 2, 3 and 12): heavy
//! adjudications share a bound (a 503 with `Retry-After` beyond its queue) and the API
//! streams its answer; the permalink store has a bound a host sets (429 per client, 507
//! when nothing can be pruned), prunes the least recently opened first and refuses an
//! empty submission; the OpenAPI document and the server agree.
//!
//! Bounds are tested by behaviour, never by timing: a bound of one running and none
//! waiting, held by a streamed answer nobody reads, and a store with a tiny bound driven
//! by an explicit clock.

use crate::common;

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use actix_web::http::StatusCode;
use actix_web::test::{self, TestRequest};
use actix_web::App;
use arbiter::permalinks::{PermalinkError, PermalinkLimits, Permalinks};
use arbiter::web::{configure, HeavyWorkConfig};
use serde_json::{json, Value};

const FORM: &str = "application/x-www-form-urlencoded";

/// A short game with a chance step.
fn small_position() -> Value {
    json!({
        "seed": 7, "turns": 2,
        "players": [
            {"name": "Alice", "line": [{"card": "Will-o'-the-Glade"}, {"card": "Moss Troll"}]},
            {"name": "Bob", "line": [{"card": "Hex Witch"}, {"name": "Pikeman <b>&", "attack": 1, "life": 9}]}
        ]
    })
}

fn header(resp: &actix_web::dev::ServiceResponse, name: &str) -> Option<String> {
    resp.headers()
        .get(name)
        .and_then(|v| v.to_str().ok())
        .map(str::to_string)
}

fn peer(ip: [u8; 4]) -> SocketAddr {
    SocketAddr::new(IpAddr::from(ip), 40000)
}

// ---------------------------------------------------------------------------------------
// Finding 2: heavy adjudications

/// With one adjudication running and none waiting, a second heavy request (the API, a
/// step page) is a 503 with `Retry-After` and a clear error in its format, while `/ping`
/// still answers; the first answer is streamed, so it holds its turn while it is sent.
#[actix_web::test]
async fn heavy_work_beyond_the_bound_is_503_with_retry_after() {
    let state = common::fresh_state().with_heavy_work(HeavyWorkConfig {
        concurrent: 1,
        queue: 0,
        retry_after_secs: 7,
        // The unread answer waits for the test's other requests: no deadline in sight.
        deadline: std::time::Duration::from_secs(600),
    });
    let hash = state
        .permalinks
        .put(&small_position().to_string())
        .expect("stored");
    let app = test::init_service(App::new().configure(configure(state))).await;
    // The first: a 28 MB answer nobody reads yet, so the engine waits with its turn.
    let first = test::call_service(&app, common::step_bound_to_the_api()).await;
    assert_eq!(first.status(), StatusCode::OK);

    let second = test::call_service(
        &app,
        TestRequest::post()
            .uri("/api/adjudicate")
            .insert_header(("Content-Type", "application/json"))
            .set_payload(small_position().to_string())
            .to_request(),
    )
    .await;
    assert_eq!(second.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(header(&second, "retry-after").as_deref(), Some("7"));
    let v: Value = test::read_body_json(second).await;
    assert_eq!(v["object"], "error");
    assert_eq!(v["status"], 503);
    assert_eq!(v["code"], "busy");
    assert!(
        v["details"]
            .as_str()
            .unwrap()
            .contains("the server is busy"),
        "{v}"
    );

    // A step page replays too: the same bound, an HTML error page.
    let page = test::call_service(
        &app,
        TestRequest::get()
            .uri(&format!("/adjudicate/p/{hash}/1"))
            .to_request(),
    )
    .await;
    assert_eq!(page.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(header(&page, "retry-after").as_deref(), Some("7"));
    let html = String::from_utf8(test::read_body(page).await.to_vec()).unwrap();
    assert!(
        html.contains("503") && html.contains("the server is busy"),
        "{html}"
    );

    // The builder plays a pasted position out before storing it: the same bound.
    let body = common::http::form_field("json", &small_position().to_string());
    let built = test::call_service(
        &app,
        TestRequest::post()
            .uri("/adjudicate")
            .insert_header(("Content-Type", FORM))
            .set_payload(body)
            .to_request(),
    )
    .await;
    assert_eq!(built.status(), StatusCode::SERVICE_UNAVAILABLE);

    let ping = test::call_service(&app, TestRequest::get().uri("/ping").to_request()).await;
    assert_eq!(ping.status(), StatusCode::OK);

    // The first answer, read whole, is the step-bound game; then the bound is free.
    let body = test::read_body(first).await;
    let v: Value = serde_json::from_slice(&body).expect("the streamed answer is JSON");
    assert_eq!(v["outcome"]["result"], "step_bound");
    let again = test::call_service(
        &app,
        TestRequest::get()
            .uri(&format!("/adjudicate/p/{hash}/1"))
            .to_request(),
    )
    .await;
    assert_eq!(again.status(), StatusCode::OK);
}

/// The streamed answer is exactly the engine's adjudication, states and all, with
/// `<`, `>` and `&` escaped as in every JSON body of the site.
#[actix_web::test]
async fn the_streamed_answer_is_the_engines_adjudication() {
    let state = common::fresh_state();
    let position = small_position();
    let (status, ctype, body) = common::http::post(
        state.clone(),
        "/api/adjudicate",
        None,
        None,
        position.to_string(),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(ctype, "application/json");
    assert!(!body.contains('<') && !body.contains('&'), "html-safe");
    let got: Value = serde_json::from_str(&body).expect("JSON");
    let parsed =
        arbiter::games::battleline::Position::from_json(&position.to_string()).expect("reads");
    let catalogue = state.catalogue.clone();
    let cards = arbiter::adjudicate::CatalogueCards(&catalogue);
    let expected = arbiter::games::battleline::adjudicate(&parsed, &cards, Default::default())
        .expect("resolves");
    assert_eq!(got, serde_json::to_value(&expected).unwrap());
    assert!(got["steps"][0]["state"].is_object());

    let (_, _, body) = common::http::post(
        state,
        "/api/adjudicate?states=false",
        None,
        None,
        position.to_string(),
    )
    .await;
    let got: Value = serde_json::from_str(&body).expect("JSON");
    let expected = arbiter::games::battleline::adjudicate(
        &parsed,
        &cards,
        arbiter::games::battleline::RecordConfig { states: false },
    )
    .expect("resolves");
    assert_eq!(got, serde_json::to_value(&expected).unwrap());
}

/// A choice naming no candidate is still a located 400 before anything is streamed.
#[actix_web::test]
async fn a_bad_choice_is_still_a_located_400() {
    let mut position = small_position();
    position["choices"] = json!([{"chance": 1, "slot": 9}]);
    let (status, _, body) = common::http::post(
        common::fresh_state(),
        "/api/adjudicate",
        None,
        None,
        position.to_string(),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let v: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(v["errors"][0]["path"], "choices", "{v}");
}

// ---------------------------------------------------------------------------------------
// Finding 3: the permalink store

fn limits(max_bytes: u64, max_count: u64, per_minute: u32) -> PermalinkLimits {
    PermalinkLimits {
        max_bytes,
        max_count,
        keep_days: 30,
        per_client_per_minute: per_minute,
        per_client_bytes: None,
    }
}

const DAY: i64 = 86_400;
const T0: i64 = 1_800_000_000;

/// Over its bound, the store prunes the least recently opened permalinks first and
/// never one opened in the last `keep_days` days.
#[test]
fn pruning_removes_the_least_recently_opened_and_keeps_recent_ones() {
    let store = Permalinks::in_memory_with(limits(u64::MAX, 3, 0));
    let a = store.put_at("{\"a\":1}", None, T0).unwrap();
    let b = store.put_at("{\"b\":1}", None, T0 + 1).unwrap();
    let c = store.put_at("{\"c\":1}", None, T0 + 2).unwrap();
    // Sixty days on, `a` is opened again: `b` is now the least recently opened.
    let later = T0 + 60 * DAY;
    assert!(store.get_at(&a, later).unwrap().is_some());
    let d = store.put_at("{\"d\":1}", None, later).unwrap();
    assert_eq!(store.get_at(&b, later).unwrap(), None, "b was pruned");
    assert!(store.get_at(&a, later).unwrap().is_some(), "a was opened");
    assert!(store.get_at(&c, later).unwrap().is_some());
    assert!(store.get_at(&d, later).unwrap().is_some());
    assert_eq!(store.usage().count, 3);
    // Everything has now been opened today: nothing can be pruned, so a new one is
    // refused, and every existing one still opens.
    match store.put_at("{\"e\":1}", None, later + 10) {
        Err(PermalinkError::Full { retry_after, .. }) => assert!(retry_after > 0),
        other => panic!("expected Full, got {other:?}"),
    }
    for h in [&a, &c, &d] {
        assert!(store.get_at(h, later + 10).unwrap().is_some());
    }
    // A position already stored is not new: it is answered, not refused.
    assert_eq!(store.put_at("{\"a\":1}", None, later + 10).unwrap(), a);
}

/// A byte bound counts the JSON stored, and the bound survives a reopen (the totals and
/// the times are on disk).
#[test]
fn the_byte_bound_holds_across_a_reopen() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("p.sqlite");
    {
        let store = Permalinks::open_with(&path, limits(20, u64::MAX, 0)).unwrap();
        store.put_at("{\"a\":\"0123456\"}", None, T0).unwrap();
        assert_eq!(store.usage().bytes, 15);
    }
    let store = Permalinks::open_with(&path, limits(20, u64::MAX, 0)).unwrap();
    assert_eq!(store.usage().bytes, 15);
    assert!(matches!(
        store.put_at("{\"b\":\"0123456\"}", None, T0 + DAY),
        Err(PermalinkError::Full { .. })
    ));
    // Past `keep_days`, the old one makes room.
    store
        .put_at("{\"b\":\"0123456\"}", None, T0 + 31 * DAY)
        .unwrap();
    assert_eq!(store.usage().count, 1);
}

/// A store at its bound answers a new permalink from the web with 507, `Retry-After` and
/// a message that says why; one client creating too many a minute gets 429.
#[actix_web::test]
async fn a_full_store_is_507_and_a_fast_client_429() {
    let tiny = Arc::new(Permalinks::in_memory_with(limits(200, u64::MAX, 0)));
    tiny.put(&"x".repeat(190)).unwrap();
    let state = common::fresh_state().with_permalinks(tiny);
    let app = test::init_service(App::new().configure(configure(state))).await;
    let resp = test::call_service(
        &app,
        TestRequest::post()
            .uri("/adjudicate.json")
            .insert_header(("Content-Type", FORM))
            .set_payload(common::http::form_field(
                "json",
                &small_position().to_string(),
            ))
            .to_request(),
    )
    .await;
    assert_eq!(resp.status(), StatusCode::INSUFFICIENT_STORAGE);
    assert!(header(&resp, "retry-after").is_some());
    let v: Value = test::read_body_json(resp).await;
    assert_eq!(v["code"], "store_full", "{v}");
    assert!(
        v["details"]
            .as_str()
            .unwrap()
            .contains("the permalink store is full"),
        "{v}"
    );

    let limited = Arc::new(Permalinks::in_memory_with(limits(u64::MAX, u64::MAX, 2)));
    let state = common::fresh_state().with_permalinks(limited);
    let app = test::init_service(App::new().configure(configure(state))).await;
    let mut statuses = Vec::new();
    for (i, ip) in [[10, 0, 0, 1], [10, 0, 0, 1], [10, 0, 0, 1], [10, 0, 0, 2]]
        .into_iter()
        .enumerate()
    {
        let mut position = small_position();
        position["seed"] = json!(100 + i);
        let resp = test::call_service(
            &app,
            TestRequest::post()
                .uri("/adjudicate")
                .peer_addr(peer(ip))
                .insert_header(("Content-Type", FORM))
                .set_payload(common::http::form_field("json", &position.to_string()))
                .to_request(),
        )
        .await;
        statuses.push(resp.status());
        if resp.status() == StatusCode::TOO_MANY_REQUESTS {
            let after: u64 = header(&resp, "retry-after").unwrap().parse().unwrap();
            assert!((1..=60).contains(&after));
            let html = String::from_utf8(test::read_body(resp).await.to_vec()).unwrap();
            assert!(
                html.contains("too many new permalinks from 10.0.0.1"),
                "{html}"
            );
        }
    }
    assert_eq!(
        statuses,
        [
            StatusCode::SEE_OTHER,
            StatusCode::SEE_OTHER,
            StatusCode::TOO_MANY_REQUESTS,
            StatusCode::SEE_OTHER
        ]
    );
}

/// An empty POST to the builder stored a default position; it is a 400 that says the
/// form is empty, and nothing is stored.
#[actix_web::test]
async fn an_empty_submission_is_refused_and_stores_nothing() {
    let state = common::fresh_state();
    let links = state.permalinks.clone();
    for (uri, body) in [
        ("/adjudicate.json", ""),
        ("/adjudicate.json", "json="),
        ("/adjudicate", ""),
    ] {
        let (status, _, text) =
            common::http::post(state.clone(), uri, Some(FORM), None, body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{uri} {body:?}: {text}");
        assert!(text.contains("the form is empty"), "{text}");
    }
    assert_eq!(links.usage().count, 0);
}

// ---------------------------------------------------------------------------------------
// Finding 12: the OpenAPI document and the server agree

fn openapi() -> Value {
    serde_json::from_str(include_str!("../static/openapi.json")).expect("the spec is JSON")
}

/// A step that is a valid path parameter under the spec (digits, any length) is a 404
/// when the game has no such step, never a 400; a step that is not digits is a 400.
#[actix_web::test]
async fn steps_the_spec_allows_are_answered() {
    let state = common::fresh_state();
    let hash = state
        .permalinks
        .put(&small_position().to_string())
        .expect("stored");
    let spec = openapi();
    let step = &spec["paths"]["/adjudicate/p/{hash}/{step}.json"]["get"]["parameters"][1];
    assert_eq!(step["name"], "step");
    let pattern = step["schema"]["pattern"].as_str().expect("a pattern");
    let re = regex::Regex::new(pattern).unwrap();
    for (raw, want) in [
        ("99999999999999999999999", StatusCode::NOT_FOUND),
        ("0", StatusCode::OK),
        ("2512.0", StatusCode::BAD_REQUEST),
        ("-1", StatusCode::BAD_REQUEST),
    ] {
        assert_eq!(re.is_match(raw), want != StatusCode::BAD_REQUEST, "{raw}");
        for uri in [
            format!("/adjudicate/p/{hash}/{raw}.json"),
            format!("/adjudicate/p/{hash}/{raw}/state.json"),
        ] {
            let (status, _, body) = common::http::get(state.clone(), &uri, None).await;
            assert_eq!(status, want, "{uri}: {body}");
        }
    }
}

/// `type` of the card suggestions is an enum in the spec and on the server.
#[actix_web::test]
async fn the_card_type_enum_is_enforced() {
    let spec = openapi();
    let param = &spec["paths"]["/adjudicate/cards.json"]["get"]["parameters"][1];
    assert_eq!(param["name"], "type");
    let allowed: Vec<&str> = param["schema"]["enum"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    for t in allowed {
        let uri = format!("/adjudicate/cards.json?q=a&type={t}");
        let (status, _, body) = common::http::get(common::fresh_state(), &uri, None).await;
        assert_eq!(status, StatusCode::OK, "{uri}: {body}");
    }
    let (status, _, body) = common::http::get(
        common::fresh_state(),
        "/adjudicate/cards.json?type=spell",
        None,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        body.contains("expected creature, artifact or playable"),
        "{body}"
    );
}

/// The decklist body the spec allows is not empty (the server refuses a blank one), and
/// compare's `interpretations` is a valid schema: an array of three-string arrays.
#[test]
fn the_spec_says_what_the_server_refuses() {
    let spec = openapi();
    let text = &spec["paths"]["/api/decks/validate"]["post"]["requestBody"]["content"]
        ["text/plain"]["schema"];
    assert_eq!(text["minLength"], 1, "{text}");
    assert!(text["pattern"].is_string(), "{text}");
    let interp = &spec["paths"]["/adjudicate/compare/{a}/{b}.json"]["get"]["responses"]["200"]
        ["content"]["application/json"]["schema"]["properties"]["interpretations"];
    let item = &interp["items"];
    assert_eq!(item["type"], "array");
    assert_eq!(item["minItems"], 3, "{item}");
    assert_eq!(item["maxItems"], 3, "{item}");
    assert!(
        item["items"]["type"] == "string",
        "every element a string: {item}"
    );
    // Tuple forms (`items` as a list, `prefixItems`) are what schemathesis refused as an
    // invalid schema object: none anywhere.
    fn tuples(v: &Value, at: &str, found: &mut Vec<String>) {
        match v {
            Value::Object(m) => {
                if m.contains_key("prefixItems") || m.get("items").is_some_and(Value::is_array) {
                    found.push(at.to_string());
                }
                for (k, x) in m {
                    tuples(x, &format!("{at}/{k}"), found);
                }
            }
            Value::Array(a) => {
                for (i, x) in a.iter().enumerate() {
                    tuples(x, &format!("{at}/{i}"), found);
                }
            }
            _ => {}
        }
    }
    let mut found = Vec::new();
    tuples(&spec, "", &mut found);
    assert!(found.is_empty(), "tuple schemas at {found:?}");
    // A query or path number is digits on the wire: `2512.0` is a JSON Schema integer the
    // server refuses, so no parameter is typed `integer`; each is a digit pattern.
    for (path, ops) in spec["paths"].as_object().unwrap() {
        for (method, op) in ops.as_object().unwrap() {
            for p in op["parameters"].as_array().into_iter().flatten() {
                assert_ne!(
                    p["schema"]["type"], "integer",
                    "{method} {path} {}: {}",
                    p["name"], p["schema"]
                );
            }
        }
    }
}

/// The search's `page` and `per_page` as the spec describes them: every value the spec
/// allows is answered (the server is more lenient still: it clamps `per_page` and reads
/// `page=0` as 1), and `2512.0`, which the server refuses, is not allowed.
#[actix_web::test]
async fn search_numbers_are_what_the_spec_says() {
    let spec = openapi();
    let params = spec["paths"]["/api/search"]["get"]["parameters"]
        .as_array()
        .unwrap();
    let pattern = |name: &str| {
        let p = params.iter().find(|p| p["name"] == name).expect(name);
        regex::Regex::new(p["schema"]["pattern"].as_str().expect("a pattern")).unwrap()
    };
    for (name, valid, invalid) in [
        ("page", ["1", "2512", "10000"], ["2512.0", "10001", "0"]),
        ("per_page", ["1", "20", "100"], ["20.0", "1e1", "101"]),
    ] {
        let re = pattern(name);
        for raw in valid {
            assert!(re.is_match(raw), "{name} {raw}");
            let uri = format!("/api/search?q=fury&{name}={raw}");
            let (status, _, body) = common::http::get(common::bundled_state(), &uri, None).await;
            assert_eq!(status, StatusCode::OK, "{uri}: {body}");
        }
        for raw in invalid {
            assert!(!re.is_match(raw), "{name} {raw}");
        }
    }
    let uri = "/api/search?q=fury&page=2512.0";
    let (status, _, _) = common::http::get(common::bundled_state(), uri, None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{uri}");
}

/// A client over its rate is refused before its position is played out: with the only
/// turn at heavy work taken, it still gets 429 (not 503), and a client under its rate
/// gets 503.
#[actix_web::test]
async fn a_client_over_its_rate_is_refused_before_any_replay() {
    let links = Arc::new(Permalinks::in_memory_with(limits(u64::MAX, u64::MAX, 1)));
    let state = common::fresh_state()
        .with_permalinks(links)
        .with_heavy_work(HeavyWorkConfig {
            concurrent: 1,
            queue: 0,
            retry_after_secs: 3,
            ..HeavyWorkConfig::default()
        });
    let app = test::init_service(App::new().configure(configure(state))).await;
    let build = |seed: u64, ip: [u8; 4]| {
        let mut position = small_position();
        position["seed"] = json!(seed);
        TestRequest::post()
            .uri("/adjudicate.json")
            .peer_addr(peer(ip))
            .insert_header(("Content-Type", FORM))
            .set_payload(common::http::form_field("json", &position.to_string()))
            .to_request()
    };
    let first = test::call_service(&app, build(1, [10, 0, 0, 9])).await;
    assert_eq!(first.status(), StatusCode::OK);
    // The only turn, held by a streamed answer nobody reads yet.
    let held = test::call_service(&app, common::step_bound_to_the_api()).await;
    assert_eq!(held.status(), StatusCode::OK);
    let over = test::call_service(&app, build(2, [10, 0, 0, 9])).await;
    assert_eq!(over.status(), StatusCode::TOO_MANY_REQUESTS);
    let v: Value = test::read_body_json(over).await;
    assert_eq!(v["code"], "rate_limited", "{v}");
    let other = test::call_service(&app, build(3, [10, 0, 0, 10])).await;
    assert_eq!(other.status(), StatusCode::SERVICE_UNAVAILABLE);
    // The position already stored is not new: not refused for the rate.
    let again = test::call_service(&app, build(1, [10, 0, 0, 9])).await;
    assert_eq!(again.status(), StatusCode::SERVICE_UNAVAILABLE);
    drop(held);
}

/// Issue 27: a large builder form is read within the heavy-work bound. With the only turn
/// taken and no queue, a 100 KB form of bad list items is a 503 (it would need a turn
/// even to be read and refused), while a small bad form is still refused with its
/// problems at once (read without a turn; it never reaches a play).
#[actix_web::test]
async fn a_large_builder_form_is_read_within_the_heavy_work_bound() {
    let state = common::fresh_state().with_heavy_work(common::one_turn_no_queue());
    let app = test::init_service(App::new().configure(configure(state))).await;
    let base = "seed=1&turns=1&p0_name=A&p0_s1_card=Moss+Troll&p1_name=B&p1_s1_card=Hex+Witch";
    let post = |form: String| {
        TestRequest::post()
            .uri("/adjudicate.json")
            .insert_header(("Content-Type", FORM))
            .set_payload(form)
            .to_request()
    };
    let held = test::call_service(&app, common::step_bound_to_the_api()).await;
    assert_eq!(held.status(), StatusCode::OK);
    let items: Vec<String> = (0..15_000).map(|i| format!("c{i}")).collect();
    let large = format!("{base}&choices={}", items.join(","));
    assert!(large.len() > 90_000, "{}", large.len());
    let busy = test::call_service(&app, post(large)).await;
    assert_eq!(busy.status(), StatusCode::SERVICE_UNAVAILABLE);
    let small = test::call_service(&app, post(format!("{base}&choices=c1"))).await;
    assert_eq!(small.status(), StatusCode::BAD_REQUEST);
    let v: Value = test::read_body_json(small).await;
    assert_eq!(v["fields"][0]["field"], "choices", "{v}");
    drop(held);
}

/// A game that starts at the last turn a position may name plays past it: the answer's
/// positions are `PlayedPosition`s, whose numbers are not capped (schemathesis found
/// `turn: 10001` against `Position`'s maximum of 10000).
#[actix_web::test]
async fn played_positions_may_pass_the_input_caps() {
    let position = json!({"seed": 0, "turn": 10000, "turns": 1, "players": [{}, {}]});
    let (status, _, body) = common::http::post(
        common::fresh_state(),
        "/api/adjudicate",
        None,
        None,
        position.to_string(),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let v: Value = serde_json::from_str(&body).unwrap();
    let turn = v["final"]["turn"].as_u64().unwrap();
    assert!(turn > 10000, "{turn}");
    let spec = openapi();
    let schemas = &spec["components"]["schemas"];
    // A battle-line answer's `final` is a PlayedPosition (another game's, an object
    // naming its game).
    assert_eq!(
        schemas["Adjudication"]["properties"]["final"]["anyOf"][0]["$ref"],
        "#/components/schemas/PlayedPosition"
    );
    let played = &schemas["PlayedPosition"]["properties"]["turn"];
    assert!(played["maximum"].is_null(), "{played}");
    assert_eq!(
        schemas["Position"]["properties"]["turn"]["maximum"], 10000,
        "the input keeps its cap"
    );
}
