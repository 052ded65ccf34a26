//! Long games through every step page route (issue 27, item 1): a battle-line game of
//! 1,200 steps and one of 10,000 (the step bound), stored through the builder, then
//! step 0, a middle step and the last through the HTML page, its JSON twin and `HEAD`.
//!
//! The step page's odds once recursed one frame per step still to play, and a game of
//! some 1,030 steps aborted the whole server on a blocking-pool thread's 2 MiB stack.
//! These requests run in-process on actix's real blocking pool (`web::block`, threads
//! with the standard 2 MiB stack: checked here from inside one), so on the old code the
//! test process aborts.
//!
//! Only battle-line can be this long: the other games' positions end within a few
//! hundred steps (docs/reliability.md, "No recursion an input sets").

use crate::common;

use actix_web::http::{Method, StatusCode};
use actix_web::test::{self, TestRequest};
use actix_web::App;
use serde_json::Value;

const FORM: &str = "application/x-www-form-urlencoded";

/// The `position` of fixture `tests/fixtures/stress/<name>`.
fn fixture(name: &str) -> String {
    let path = format!(
        "{}/tests/fixtures/stress/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).expect("fixture reads");
    let doc: Value = serde_json::from_str(&text).expect("fixture JSON");
    doc["position"].to_string()
}

/// The size of the stack mapping that holds the calling thread's stack, from
/// `/proc/self/maps` (Linux): what the thread was given, guard page aside.
#[cfg(target_os = "linux")]
fn own_stack_bytes() -> Option<u64> {
    let here = 0u8;
    let at = std::ptr::addr_of!(here) as u64;
    let maps = std::fs::read_to_string("/proc/self/maps").ok()?;
    maps.lines().find_map(|line| {
        let (from, to) = line.split_whitespace().next()?.split_once('-')?;
        let (from, to) = (
            u64::from_str_radix(from, 16).ok()?,
            u64::from_str_radix(to, 16).ok()?,
        );
        (from..to).contains(&at).then_some(to - from)
    })
}

/// A handler's heavy work runs on actix's blocking pool, whose threads have the standard
/// 2 MiB stack (no `RUST_MIN_STACK` raising it for this test).
#[cfg(target_os = "linux")]
#[actix_rt::test]
async fn the_blocking_pool_has_a_two_mib_stack() {
    let bytes = actix_web::web::block(own_stack_bytes)
        .await
        .expect("the blocking pool runs it")
        .expect("the stack's mapping is found");
    assert!(
        bytes <= (2 << 20) + (64 << 10),
        "a blocking-pool thread has a stack of {bytes} bytes, not 2 MiB"
    );
}

/// Stores `position` through the builder's pasted JSON; answers its hash.
async fn store<S>(app: &S, position: &str) -> String
where
    S: actix_web::dev::Service<
        actix_http::Request,
        Response = actix_web::dev::ServiceResponse,
        Error = actix_web::Error,
    >,
{
    let resp = test::call_service(
        app,
        TestRequest::post()
            .uri("/adjudicate")
            .insert_header(("Content-Type", FORM))
            .set_payload(common::http::form_field("json", position))
            .to_request(),
    )
    .await;
    assert_eq!(resp.status(), StatusCode::SEE_OTHER);
    let location = resp
        .headers()
        .get("location")
        .expect("a redirect")
        .to_str()
        .unwrap()
        .to_string();
    location
        .strip_prefix("/adjudicate/p/")
        .and_then(|r| r.strip_suffix("/0"))
        .expect("a redirect to step 0")
        .to_string()
}

/// Steps 0, `total / 2` and `total` of stored position `hash` through the HTML page,
/// the JSON twin and `HEAD` of both; answers the JSON twin's odds at step 0.
async fn every_route<S>(app: &S, hash: &str, total: usize) -> Value
where
    S: actix_web::dev::Service<
        actix_http::Request,
        Response = actix_web::dev::ServiceResponse,
        Error = actix_web::Error,
    >,
{
    let mut first_odds = Value::Null;
    for n in [0, total / 2, total] {
        let url = format!("/adjudicate/p/{hash}/{n}");
        let json = test::call_service(
            app,
            TestRequest::get().uri(&format!("{url}.json")).to_request(),
        )
        .await;
        assert_eq!(json.status(), StatusCode::OK, "GET {url}.json");
        let v: Value = test::read_body_json(json).await;
        assert_eq!(
            (v["step"].as_u64(), v["total"].as_u64()),
            (Some(n as u64), Some(total as u64))
        );
        if n == 0 {
            first_odds = v["odds"].clone();
        }
        let html = test::call_service(app, TestRequest::get().uri(&url).to_request()).await;
        assert_eq!(html.status(), StatusCode::OK, "GET {url}");
        let body = String::from_utf8(test::read_body(html).await.to_vec()).unwrap();
        assert!(body.contains(&format!("{total}")), "GET {url}");
        for url in [url.clone(), format!("{url}.json")] {
            let head = test::call_service(
                app,
                TestRequest::default()
                    .method(Method::HEAD)
                    .uri(&url)
                    .to_request(),
            )
            .await;
            assert_eq!(head.status(), StatusCode::OK, "HEAD {url}");
            assert!(test::read_body(head).await.is_empty(), "HEAD {url}");
        }
    }
    first_odds
}

/// Plays fixture `name` (`total` steps, nothing left to chance) through every step
/// route; the odds from step 0 play all of them out.
async fn plays_through_every_route(name: &str, total: usize) {
    let app =
        test::init_service(App::new().configure(arbiter::web::configure(common::bundled_state())))
            .await;
    let hash = store(&app, &fixture(name)).await;
    let odds = every_route(&app, &hash, total).await;
    assert_eq!(odds["method"]["method"], "enumerated", "{odds}");
    assert_eq!(odds["method"]["runs"], total, "{odds}");
    assert_eq!(odds["results"].as_array().map(Vec::len), Some(1), "{odds}");
}

/// Some 1,200 steps: 48 turns of creatures that heal what they are dealt.
#[actix_rt::test]
async fn a_1200_step_game_answers_every_step_route() {
    plays_through_every_route("steps_1201.json", 1_201).await;
}

/// The step bound's 10,000 steps (and the one that ends play).
#[actix_rt::test]
async fn a_10000_step_game_answers_every_step_route() {
    plays_through_every_route("steps_10001.json", 10_001).await;
}
