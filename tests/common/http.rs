//! Requests against the app in-process, through actix's test service: no socket, a fresh
//! service over the given state for every request.
//!
//! Every helper answers `(status, content type, body)`; the content type is `""` when the
//! response has none.

use actix_web::{http::StatusCode, test, App};
use arbiter::web::{configure, AppState};

/// Sends `req` to a fresh app over `state`; returns status, content type and body.
pub async fn send(state: AppState, req: test::TestRequest) -> (StatusCode, String, String) {
    let app = test::init_service(App::new().configure(configure(state))).await;
    let resp = test::call_service(&app, req.to_request()).await;
    let status = resp.status();
    let ctype = resp
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default();
    let body = String::from_utf8(test::read_body(resp).await.to_vec()).unwrap();
    (status, ctype, body)
}

/// `GET uri`, with `Accept: accept` when given.
pub async fn get(state: AppState, uri: &str, accept: Option<&str>) -> (StatusCode, String, String) {
    let mut req = test::TestRequest::get().uri(uri);
    if let Some(a) = accept {
        req = req.insert_header(("Accept", a));
    }
    send(state, req).await
}

/// `POST uri` with `body`, with `Content-Type: content_type` and `Accept: accept` when
/// given.
pub async fn post(
    state: AppState,
    uri: &str,
    content_type: Option<&str>,
    accept: Option<&str>,
    body: impl Into<Vec<u8>>,
) -> (StatusCode, String, String) {
    let mut req = test::TestRequest::post().uri(uri).set_payload(body.into());
    if let Some(c) = content_type {
        req = req.insert_header(("Content-Type", c));
    }
    if let Some(a) = accept {
        req = req.insert_header(("Accept", a));
    }
    send(state, req).await
}

/// A form body with the one field `name` set to `value` (`application/x-www-form-urlencoded`),
/// e.g. the builder's pasted-JSON box: `form_field("json", &position)`.
pub fn form_field(name: &str, value: &str) -> String {
    use percent_encoding::{utf8_percent_encode, NON_ALPHANUMERIC};
    format!(
        "{}={}",
        utf8_percent_encode(name, NON_ALPHANUMERIC),
        utf8_percent_encode(value, NON_ALPHANUMERIC)
    )
}
