//! Input that nests (issue 27, item 1: no recursion whose depth an input sets). JSON is
//! read by serde_json alone, whose limit of 128 levels bounds every recursive type of a
//! position (a KeyForge card's `upgrades` holds cards); here the deepest JSON a body can
//! hold and the deepest upgrades that limit lets through get a located 400 from the API
//! and the builder, all on threads with a 2 MiB stack (an actix system on a 2 MiB thread,
//! its heavy work on the blocking pool's 2 MiB threads).

use crate::common;

use actix_web::http::StatusCode;
use actix_web::test::{self, TestRequest};
use actix_web::App;
use serde_json::{json, Value};

/// Runs the async `f` in an actix system on a thread with a 2 MiB stack.
fn on_two_mib<F, Fut>(f: F)
where
    F: FnOnce() -> Fut + Send + 'static,
    Fut: std::future::Future<Output = ()>,
{
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(move || actix_rt::System::new().block_on(f()))
        .expect("thread starts")
        .join()
        .expect("no stack overflow, no panic");
}

/// `POST /api/adjudicate` of `body`: the status and the JSON answer.
async fn api(body: String) -> (StatusCode, Value) {
    let app =
        test::init_service(App::new().configure(arbiter::web::configure(common::bundled_state())))
            .await;
    let resp = test::call_service(
        &app,
        TestRequest::post()
            .uri("/api/adjudicate")
            .insert_header(("Content-Type", "application/json"))
            .set_payload(body)
            .to_request(),
    )
    .await;
    let status = resp.status();
    let text = String::from_utf8(test::read_body(resp).await.to_vec()).unwrap();
    (
        status,
        serde_json::from_str(&text).unwrap_or(Value::String(text)),
    )
}

/// The builder's pasted JSON: the status.
async fn builder(position: String) -> StatusCode {
    let app =
        test::init_service(App::new().configure(arbiter::web::configure(common::bundled_state())))
            .await;
    let resp = test::call_service(
        &app,
        TestRequest::post()
            .uri("/adjudicate")
            .insert_header(("Content-Type", "application/x-www-form-urlencoded"))
            .set_payload(common::http::form_field("json", &position))
            .to_request(),
    )
    .await;
    resp.status()
}

/// 20,000 nested arrays (most of what a position body may hold) where each game expects
/// its players: a located 400, for every game.
#[test]
fn json_nested_past_the_limit_is_a_located_error_for_every_game() {
    on_two_mib(|| async {
        let deep = format!("{}{}", "[".repeat(20_000), "]".repeat(20_000));
        for game in ["battleline", "swtcg", "keyforge", "arcane", "karth"] {
            let text = format!(r#"{{"game": "{game}", "players": {deep}}}"#);
            let (status, v) = api(text.clone()).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{game}: {v}");
            let error = &v["errors"][0];
            assert!(
                error["line"].is_u64() && error["column"].is_u64(),
                "{game}: {v}"
            );
            assert_eq!(builder(text).await, StatusCode::BAD_REQUEST, "{game}");
        }
    });
}

/// A KeyForge card whose upgrades hold upgrades, as deep as the JSON limit lets through:
/// a located 400 naming the first upgrade that carries upgrades (read, resolved, cloned
/// and dropped recursively, at most some 60 levels).
#[test]
fn keyforge_upgrades_nested_to_the_json_limit_are_refused_at_their_path() {
    on_two_mib(|| async {
        let mut upgrade = json!({"id": "u", "type": "upgrade", "house": "Brobnar"});
        for _ in 0..60 {
            upgrade =
                json!({"id": "u", "type": "upgrade", "house": "Brobnar", "upgrades": [upgrade]});
        }
        let position = json!({
            "game": "keyforge", "house": "Brobnar",
            "players": [
                {"name": "Ann", "battleline": [
                    {"id": "raider", "house": "Brobnar", "power": 3, "upgrades": [upgrade]}
                ]},
                {"name": "Bob", "battleline": []}
            ]
        });
        let (status, v) = api(position.to_string()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
        let paths: Vec<&str> = v["errors"]
            .as_array()
            .expect("errors")
            .iter()
            .filter_map(|e| e["path"].as_str())
            .collect();
        assert!(
            paths.contains(&"players[0].battleline[0].upgrades[0].upgrades"),
            "{v}"
        );
        assert_eq!(builder(position.to_string()).await, StatusCode::BAD_REQUEST);
    });
}
