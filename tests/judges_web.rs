//! Judges on the web (issue 28): signing in (the same answer whether or not an account
//! exists, the 21st wrong password in a minute refused before it is checked), the
//! session cookie and its expiry, CSRF on every judge's POST, and publishing and
//! superseding a ruling from a step page, shown at once.

use crate::common;

use std::net::SocketAddr;
use std::sync::Arc;

use actix_web::dev::{Service, ServiceResponse};
use actix_web::http::StatusCode;
use actix_web::test::{self as atest, TestRequest};
use actix_web::App;
use arbiter::rulings::store::{self, JudgeStore};
use arbiter::rulings::{Status, Tier};
use arbiter::web::judge::{JudgeConfig, Judges};
use arbiter::web::{configure, AppState};

const NAME: &str = "ada";
const PASSWORD: &str = "correct horse battery";

/// A fresh state whose judges' store has the judge [`NAME`].
fn state_with_judge(config: JudgeConfig) -> (AppState, Arc<JudgeStore>) {
    let judges = Arc::new(JudgeStore::in_memory());
    judges.add_judge(NAME, PASSWORD).unwrap();
    let state = common::fresh_state().with_judges(Arc::new(Judges::new(judges.clone(), config)));
    (state, judges)
}

fn peer(last: u8) -> SocketAddr {
    SocketAddr::from(([10, 0, 0, last], 40_000))
}

fn form(fields: &[(&str, &str)]) -> String {
    fields
        .iter()
        .map(|(k, v)| common::http::form_field(k, v))
        .collect::<Vec<_>>()
        .join("&")
}

fn post(uri: &str, body: String, cookie: Option<&str>, from: u8) -> actix_http::Request {
    let mut req = TestRequest::post()
        .uri(uri)
        .peer_addr(peer(from))
        .insert_header(("Content-Type", "application/x-www-form-urlencoded"));
    if let Some(token) = cookie {
        req = req.insert_header(("Cookie", format!("{}={token}", arbiter::web::judge::COOKIE)));
    }
    req.set_payload(body).to_request()
}

fn get(uri: &str, cookie: Option<&str>) -> actix_http::Request {
    let mut req = TestRequest::get().uri(uri).peer_addr(peer(1));
    if let Some(token) = cookie {
        req = req.insert_header(("Cookie", format!("{}={token}", arbiter::web::judge::COOKIE)));
    }
    req.to_request()
}

fn header<B>(resp: &ServiceResponse<B>, name: &str) -> Option<String> {
    resp.headers()
        .get(name)
        .map(|v| v.to_str().unwrap().to_string())
}

async fn body(resp: ServiceResponse) -> String {
    String::from_utf8(atest::read_body(resp).await.to_vec()).unwrap()
}

async fn sign_in<S>(app: &S, name: &str, password: &str, from: u8) -> ServiceResponse
where
    S: Service<actix_http::Request, Response = ServiceResponse, Error = actix_web::Error>,
{
    atest::call_service(
        app,
        post(
            "/judge/sign-in",
            form(&[("name", name), ("password", password)]),
            None,
            from,
        ),
    )
    .await
}

/// The session token a sign-in's `Set-Cookie` carries.
fn token_of(resp: &ServiceResponse) -> String {
    let cookie = header(resp, "set-cookie").expect("a session cookie");
    let value = cookie.split(';').next().unwrap();
    value.split_once('=').unwrap().1.to_string()
}

/// The CSRF token of a judge's form.
fn csrf_of(page: &str) -> String {
    let at = page.find("name=\"csrf\" value=\"").expect("a CSRF field") + 19;
    page[at..at + 64].to_string()
}

/// A battle-line position stored through the builder: its hash.
async fn a_permalink<S>(app: &S) -> String
where
    S: Service<actix_http::Request, Response = ServiceResponse, Error = actix_web::Error>,
{
    let position = serde_json::json!({
        "seed": 7, "turns": 1,
        "players": [
            {"name": "Alice", "line": [{"card": "Moss Troll"}]},
            {"name": "Bob", "line": [{"card": "Hex Witch"}]}
        ]
    });
    let resp = atest::call_service(
        app,
        TestRequest::post()
            .uri("/adjudicate.json")
            .insert_header(("Content-Type", "application/x-www-form-urlencoded"))
            .set_payload(common::http::form_field("json", &position.to_string()))
            .to_request(),
    )
    .await;
    assert_eq!(resp.status(), StatusCode::OK);
    let v: serde_json::Value = atest::read_body_json(resp).await;
    v["hash"].as_str().expect("a hash").to_string()
}

/// Signs in and opens the publish form of `hash` at `step`: (token, csrf, form page).
async fn signed_in_form<S>(app: &S, hash: &str, step: usize) -> (String, String, String)
where
    S: Service<actix_http::Request, Response = ServiceResponse, Error = actix_web::Error>,
{
    let resp = sign_in(app, NAME, PASSWORD, 1).await;
    assert_eq!(resp.status(), StatusCode::SEE_OTHER);
    let token = token_of(&resp);
    let resp = atest::call_service(
        app,
        get(
            &format!("/judge/publish?hash={hash}&step={step}"),
            Some(&token),
        ),
    )
    .await;
    assert_eq!(resp.status(), StatusCode::OK);
    let page = body(resp).await;
    (token, csrf_of(&page), page)
}

fn ruling_fields<'a>(csrf: &'a str, hash: &'a str, question: &'a str) -> Vec<(&'a str, &'a str)> {
    vec![
        ("csrf", csrf),
        ("hash", hash),
        ("step", "1"),
        ("question", question),
        ("answer", "Armor reduces the damage before it is dealt."),
        ("keywords", "armor"),
        ("cards", "moss troll; Hex Witch"),
        ("rules", "4.1"),
    ]
}

#[actix_web::test]
async fn a_wrong_password_and_an_unknown_account_answer_alike() {
    let (state, _) = state_with_judge(JudgeConfig::default());
    let app = atest::init_service(App::new().configure(configure(state))).await;
    let started = std::time::Instant::now();
    let wrong = sign_in(&app, NAME, "not the password", 1).await;
    let wrong_took = started.elapsed();
    let started = std::time::Instant::now();
    let unknown = sign_in(&app, "nobody", "not the password", 2).await;
    let unknown_took = started.elapsed();
    assert_eq!(wrong.status(), StatusCode::FORBIDDEN);
    assert_eq!(unknown.status(), StatusCode::FORBIDDEN);
    assert!(header(&wrong, "set-cookie").is_none());
    let (a, b) = (body(wrong).await, body(unknown).await);
    assert!(a.contains("do not match a judge"), "{a}");
    // The same page but for the name typed, shown again in its field.
    assert_eq!(
        a.replace("value=\"ada\"", "value=\"X\""),
        b.replace("value=\"nobody\"", "value=\"X\"")
    );
    // An unknown name is checked against a dummy hash: not answered at once.
    assert!(
        unknown_took * 4 >= wrong_took,
        "unknown {unknown_took:?}, wrong {wrong_took:?}"
    );
}

#[actix_web::test]
async fn the_21st_wrong_password_in_a_minute_is_429_before_it_is_checked() {
    let (state, _) = state_with_judge(JudgeConfig::default());
    let app = atest::init_service(App::new().configure(configure(state))).await;
    for i in 0..20 {
        let resp = sign_in(&app, NAME, "wrong password", 1).await;
        assert_eq!(resp.status(), StatusCode::FORBIDDEN, "attempt {}", i + 1);
    }
    // The 21st is refused before its password is looked at: the right one fails too.
    let started = std::time::Instant::now();
    let resp = sign_in(&app, NAME, PASSWORD, 1).await;
    assert_eq!(resp.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(started.elapsed() < std::time::Duration::from_millis(20));
    let retry: u64 = header(&resp, "retry-after").unwrap().parse().unwrap();
    assert!((1..=60).contains(&retry), "{retry}");
    assert!(header(&resp, "set-cookie").is_none());
    // Per client: that client is refused for any name …
    let resp = sign_in(&app, "someone else", "x", 1).await;
    assert_eq!(resp.status(), StatusCode::TOO_MANY_REQUESTS);
    // … but one client alone cannot lock the judge out: from elsewhere she signs in.
    let resp = sign_in(&app, NAME, PASSWORD, 2).await;
    assert_eq!(resp.status(), StatusCode::SEE_OTHER);
    // Per account: five clients' worth of wrong passwords for the name refuse it to
    // everyone for the rest of the minute.
    for client in 3..=6 {
        for _ in 0..20 {
            let resp = sign_in(&app, NAME, "wrong password", client).await;
            assert_eq!(resp.status(), StatusCode::FORBIDDEN, "client {client}");
        }
    }
    let resp = sign_in(&app, NAME, PASSWORD, 9).await;
    assert_eq!(resp.status(), StatusCode::TOO_MANY_REQUESTS);
    // Another client and another name are still checked.
    let resp = sign_in(&app, "someone else", "x", 9).await;
    assert_eq!(resp.status(), StatusCode::FORBIDDEN);
}

#[actix_web::test]
async fn the_session_cookie_is_httponly_strict_and_secure_behind_tls() {
    for secure in [false, true] {
        let (state, _) = state_with_judge(JudgeConfig {
            secure_cookie: secure,
            ..JudgeConfig::default()
        });
        let app = atest::init_service(App::new().configure(configure(state))).await;
        let resp = sign_in(&app, NAME, PASSWORD, 1).await;
        assert_eq!(resp.status(), StatusCode::SEE_OTHER);
        let cookie = header(&resp, "set-cookie").unwrap();
        let attrs: Vec<&str> = cookie.split(';').map(str::trim).collect();
        assert!(attrs.contains(&"HttpOnly"), "{cookie}");
        assert!(attrs.contains(&"SameSite=Strict"), "{cookie}");
        assert!(attrs.contains(&"Path=/"), "{cookie}");
        assert!(attrs.contains(&"Max-Age=43200"), "{cookie}");
        assert_eq!(attrs.contains(&"Secure"), secure, "{cookie}");
        assert_eq!(token_of(&resp).len(), 64);
    }
}

#[actix_web::test]
async fn an_expired_session_is_signed_out() {
    let (state, judges) = state_with_judge(JudgeConfig::default());
    let app = atest::init_service(App::new().configure(configure(state.clone()))).await;
    let hash = a_permalink(&app).await;
    let (token, session) = judges
        .open_session(NAME, store::unix_now() - 100, 50)
        .unwrap();
    let page = body(
        atest::call_service(
            &app,
            get(&format!("/judge/publish?hash={hash}&step=1"), Some(&token)),
        )
        .await,
    )
    .await;
    assert!(page.contains("Judges sign in to publish"), "{page}");
    assert!(!page.contains("name=\"csrf\""));
    let fields = ruling_fields(&session.csrf, &hash, "Expired?");
    let resp =
        atest::call_service(&app, post("/judge/publish", form(&fields), Some(&token), 1)).await;
    assert_eq!(resp.status(), StatusCode::FORBIDDEN);
    assert!(no_judge_rulings(&state));
}

#[actix_web::test]
async fn publishing_signed_out_or_without_the_csrf_token_is_403() {
    let (state, _) = state_with_judge(JudgeConfig::default());
    let app = atest::init_service(App::new().configure(configure(state.clone()))).await;
    let hash = a_permalink(&app).await;
    let (token, csrf, _) = signed_in_form(&app, &hash, 1).await;
    let with = ruling_fields(&csrf, &hash, "Signed out?");
    let without: Vec<_> = with.iter().filter(|(k, _)| *k != "csrf").copied().collect();
    let wrong_token = "0".repeat(64);
    let mut wrong = with.clone();
    wrong[0] = ("csrf", &wrong_token);
    for (what, fields, cookie) in [
        ("signed out", &with, None),
        ("without the token", &without, Some(token.as_str())),
        ("with a wrong token", &wrong, Some(token.as_str())),
    ] {
        for uri in [
            "/judge/publish",
            "/judge/supersede/anything",
            "/judge/sign-out",
        ] {
            let resp = atest::call_service(&app, post(uri, form(fields), cookie, 1)).await;
            assert_eq!(resp.status(), StatusCode::FORBIDDEN, "{what}: {uri}");
        }
    }
    // From another site's page, even with the token.
    let mut req = TestRequest::post()
        .uri("/judge/publish")
        .peer_addr(peer(1))
        .insert_header(("Content-Type", "application/x-www-form-urlencoded"))
        .insert_header(("Host", "arbiter.test"))
        .insert_header(("Origin", "https://evil.test"))
        .insert_header(("Cookie", format!("arbiter_judge={token}")));
    req = req.set_payload(form(&with));
    let resp = atest::call_service(&app, req.to_request()).await;
    assert_eq!(resp.status(), StatusCode::FORBIDDEN);
    assert!(no_judge_rulings(&state));
    // Signed out, the form's page asks a judge to sign in, and comes back to the form.
    let page = body(
        atest::call_service(
            &app,
            get(&format!("/judge/publish?hash={hash}&step=1"), None),
        )
        .await,
    )
    .await;
    assert!(page.contains("Judges sign in to publish"), "{page}");
    assert!(
        page.contains(&format!("value=\"/judge/publish?hash={hash}&#38;step=1\"")),
        "{page}"
    );
}

#[actix_web::test]
async fn a_judge_publishes_a_step_and_players_see_it_at_once() {
    let (state, judges) = state_with_judge(JudgeConfig::default());
    let app = atest::init_service(App::new().configure(configure(state.clone()))).await;
    let hash = a_permalink(&app).await;
    // Every step page offers it.
    let step_page =
        body(atest::call_service(&app, get(&format!("/adjudicate/p/{hash}/1"), None)).await).await;
    assert!(step_page.contains(&format!("/judge/publish?hash={hash}&amp;step=1")));
    let (token, csrf, page) = signed_in_form(&app, &hash, 1).await;
    // Pre-filled with the position's cards.
    assert!(page.contains("Moss Troll"), "{page}");
    let fields = ruling_fields(
        &csrf,
        &hash,
        "Does <script>alert(1)</script> Armor stop it?",
    );
    let resp =
        atest::call_service(&app, post("/judge/publish", form(&fields), Some(&token), 1)).await;
    assert_eq!(resp.status(), StatusCode::SEE_OTHER);
    assert_eq!(header(&resp, "location").as_deref(), Some("/rulings/j-1"));
    let shown = state.rulings.snapshot();
    let r = shown.get("j-1").expect("shown at once");
    assert_eq!(r.tier, Tier::Judge);
    assert_eq!(r.source, NAME);
    assert_eq!(r.step, 1);
    assert_eq!(r.keywords, ["Armor"], "the catalogue's spelling");
    assert_eq!(r.cards, ["Moss Troll", "Hex Witch"]);
    assert_eq!(r.rules, ["4.1"]);
    assert_eq!(r.question, "Does <script>alert(1)</script> Armor stop it?");
    assert_eq!(r.published, store::date_of(store::unix_now()));
    // Its position opens at its step.
    let (_, canonical, h) = arbiter::rulings::ruling_position(&r.position).unwrap();
    assert_eq!(
        (canonical.as_str(), h.as_str()),
        (r.position.as_str(), r.hash.as_str())
    );
    let resp = atest::call_service(&app, get(&r.step_url(), None)).await;
    assert_eq!(resp.status(), StatusCode::OK);
    assert_eq!(judges.rulings().unwrap(), vec![r.clone()]);
    let audit = judges.audit().unwrap();
    let last = audit.last().unwrap();
    assert_eq!(
        (
            last.judge.as_str(),
            last.action.as_str(),
            last.ruling.as_deref()
        ),
        (NAME, "publish", Some("j-1"))
    );
}

#[actix_web::test]
async fn every_problem_of_the_form_is_shown_at_its_field() {
    let (state, _) = state_with_judge(JudgeConfig::default());
    let app = atest::init_service(App::new().configure(configure(state.clone()))).await;
    let hash = a_permalink(&app).await;
    let (token, csrf, _) = signed_in_form(&app, &hash, 1).await;
    let fields = [
        ("csrf", csrf.as_str()),
        ("hash", hash.as_str()),
        ("step", "9999"),
        ("question", "  "),
        ("answer", "An answer."),
        ("keywords", "Armor; Flying Squirrel"),
        ("cards", "No Such Card"),
        ("rules", "99.99"),
    ];
    let resp =
        atest::call_service(&app, post("/judge/publish", form(&fields), Some(&token), 1)).await;
    assert_eq!(resp.status(), StatusCode::BAD_REQUEST);
    let page = body(resp).await;
    for expected in [
        "step 9999 does not exist",
        "the question is empty",
        "`Flying Squirrel` is not one of battleline&#39;s keywords",
        "`No Such Card` is not one of battleline&#39;s cards",
        "`99.99` is not one of battleline&#39;s rules",
        "5 problems",
    ] {
        assert!(page.contains(expected), "{expected}: {page}");
    }
    assert!(no_judge_rulings(&state));
}

#[actix_web::test]
async fn a_correction_supersedes_a_ruling_and_both_are_linked() {
    let (state, judges) = state_with_judge(JudgeConfig::default());
    let app = atest::init_service(App::new().configure(configure(state.clone()))).await;
    let hash = a_permalink(&app).await;
    let (token, csrf, _) = signed_in_form(&app, &hash, 1).await;
    let first = ruling_fields(&csrf, &hash, "First reading?");
    let resp =
        atest::call_service(&app, post("/judge/publish", form(&first), Some(&token), 1)).await;
    assert_eq!(resp.status(), StatusCode::SEE_OTHER);
    // The supersede form is pre-filled with the ruling it corrects.
    let page =
        body(atest::call_service(&app, get("/judge/supersede/j-1", Some(&token))).await).await;
    assert!(page.contains("First reading?"), "{page}");
    let second = ruling_fields(&csrf, &hash, "Corrected reading?");
    let resp = atest::call_service(
        &app,
        post("/judge/supersede/j-1", form(&second), Some(&token), 1),
    )
    .await;
    assert_eq!(resp.status(), StatusCode::SEE_OTHER);
    assert_eq!(header(&resp, "location").as_deref(), Some("/rulings/j-2"));
    let shown = state.rulings.snapshot();
    assert_eq!(shown.status("j-1"), Status::Superseded);
    assert_eq!(
        shown.superseded_by("j-1").map(|r| r.id.as_str()),
        Some("j-2")
    );
    assert_eq!(shown.get("j-2").unwrap().supersedes.as_deref(), Some("j-1"));
    assert_eq!(
        shown.get("j-1").unwrap().question,
        "First reading?",
        "never edited"
    );
    // A ruling is superseded once: the next correction supersedes the correction.
    let third = ruling_fields(&csrf, &hash, "Again?");
    let resp = atest::call_service(
        &app,
        post("/judge/supersede/j-1", form(&third), Some(&token), 1),
    )
    .await;
    assert_eq!(resp.status(), StatusCode::BAD_REQUEST);
    assert!(body(resp).await.contains("already superseded by j-2"));
    let actions: Vec<String> = judges
        .audit()
        .unwrap()
        .into_iter()
        .map(|a| a.action)
        .collect();
    assert_eq!(
        actions,
        ["account_added", "sign_in", "publish", "supersede"]
    );
}

#[actix_web::test]
async fn signing_out_ends_the_session() {
    let (state, _) = state_with_judge(JudgeConfig::default());
    let app = atest::init_service(App::new().configure(configure(state))).await;
    let resp = sign_in(&app, NAME, PASSWORD, 1).await;
    let token = token_of(&resp);
    let page = body(atest::call_service(&app, get("/judge/sign-in", Some(&token))).await).await;
    assert!(page.contains("Signed in as <strong>ada</strong>"), "{page}");
    let csrf = csrf_of(&page);
    let resp = atest::call_service(
        &app,
        post("/judge/sign-out", form(&[("csrf", &csrf)]), Some(&token), 1),
    )
    .await;
    assert_eq!(resp.status(), StatusCode::SEE_OTHER);
    assert!(header(&resp, "set-cookie").unwrap().contains("Max-Age=0"));
    let page = body(atest::call_service(&app, get("/judge/sign-in", Some(&token))).await).await;
    assert!(!page.contains("Signed in as"), "{page}");
}

/// Whether the server shows no judge's ruling (the catalogue's own are always there).
fn no_judge_rulings(state: &arbiter::web::AppState) -> bool {
    state
        .rulings
        .snapshot()
        .all()
        .iter()
        .all(|r| r.tier != arbiter::rulings::Tier::Judge)
}

/// `uri` with `Accept: application/json` (and the session `cookie`, if any).
fn get_json_accept(uri: &str, cookie: Option<&str>) -> actix_http::Request {
    let mut req = TestRequest::get()
        .uri(uri)
        .peer_addr(peer(1))
        .insert_header(("Accept", "application/json"));
    if let Some(token) = cookie {
        req = req.insert_header(("Cookie", format!("{}={token}", arbiter::web::judge::COOKIE)));
    }
    req.to_request()
}

/// A judge's twin: 200, JSON, never stored by a cache; its body and its value.
async fn twin(resp: ServiceResponse, what: &str) -> (String, serde_json::Value) {
    assert_eq!(resp.status(), StatusCode::OK, "{what}");
    assert_eq!(
        header(&resp, "content-type").as_deref(),
        Some("application/json"),
        "{what}"
    );
    assert_eq!(
        header(&resp, "cache-control").as_deref(),
        Some("private, no-store"),
        "{what}"
    );
    let text = body(resp).await;
    let v = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{what}: {e}: {text}"));
    (text, v)
}

/// Signed out, every judge's page has its JSON twin (`.json` or `Accept`): the client is
/// signed out, where to sign in leads back to the HTML form, and there is no CSRF token,
/// no password field's value and no form to fill in. The POSTs stay HTML forms.
#[actix_web::test]
async fn signed_out_the_judges_json_twins_say_where_to_sign_in_and_hold_no_secret() {
    let (state, _) = state_with_judge(JudgeConfig::default());
    let app = atest::init_service(App::new().configure(configure(state))).await;
    let hash = a_permalink(&app).await;
    let publish = format!("/judge/publish?hash={hash}&step=1");
    let publish_next = format!("%2Fjudge%2Fpublish%3Fhash%3D{hash}%26step%3D1");
    for (req, kind, next) in [
        (
            get(&format!("/judge/publish.json?hash={hash}&step=1"), None),
            "publish",
            publish_next.as_str(),
        ),
        (get_json_accept(&publish, None), "publish", &publish_next),
        (
            get("/judge/supersede/j-1.json", None),
            "supersede",
            "%2Fjudge%2Fsupersede%2Fj-1",
        ),
        (
            get_json_accept("/judge/supersede/j-1", None),
            "supersede",
            "%2Fjudge%2Fsupersede%2Fj-1",
        ),
    ] {
        let what = req.path().to_string();
        let (text, v) = twin(atest::call_service(&app, req).await, &what).await;
        assert_eq!(v["object"], "judge_form", "{what}: {v}");
        assert_eq!(v["kind"], kind, "{what}: {v}");
        assert_eq!(v["signed_in"], false, "{what}: {v}");
        assert!(v["judge"].is_null() && v["form"].is_null(), "{what}: {v}");
        assert_eq!(
            v["sign_in_url"],
            format!("/judge/sign-in?next={next}"),
            "{what}: {v}"
        );
        assert!(!text.contains("csrf"), "{what}: {text}");
    }
    // Where it says to sign in is the sign-in page, leading back to the HTML form.
    let page = body(
        atest::call_service(
            &app,
            get(&format!("/judge/sign-in?next={publish_next}"), None),
        )
        .await,
    )
    .await;
    assert!(
        page.contains(&format!("value=\"/judge/publish?hash={hash}&#38;step=1\"")),
        "{page}"
    );
    for req in [
        get("/judge/sign-in.json?next=/judge/supersede/j-1", None),
        get_json_accept("/judge/sign-in?next=/judge/supersede/j-1", None),
    ] {
        let what = req.path().to_string();
        let (text, v) = twin(atest::call_service(&app, req).await, &what).await;
        assert_eq!(v["object"], "judge_sign_in", "{what}: {v}");
        assert_eq!(v["signed_in"], false, "{what}: {v}");
        assert_eq!(v["form"]["action"], "/judge/sign-in", "{what}: {v}");
        assert_eq!(v["form"]["method"], "POST", "{what}: {v}");
        assert_eq!(
            v["form"]["fields"],
            serde_json::json!(["name", "password", "next"])
        );
        assert_eq!(
            v["form"]["values"],
            serde_json::json!({"name": "", "next": "/judge/supersede/j-1"}),
            "{what}: no password, not even an empty one"
        );
        assert!(!text.contains("csrf"), "{what}: {text}");
    }
    // The twins are read, never posted to.
    for uri in [
        "/judge/sign-in.json",
        "/judge/publish.json",
        "/judge/supersede/j-1.json",
    ] {
        let resp = atest::call_service(&app, post(uri, String::new(), None, 1)).await;
        assert_eq!(resp.status(), StatusCode::METHOD_NOT_ALLOWED, "{uri}");
    }
}

/// Signed in, the twins are the forms as data: where they post, their fields, the values
/// they are pre-filled with (the position's cards, the ruling a correction supersedes)
/// and the session's CSRF token the HTML form carries; never the session token or a
/// password. A form that cannot be opened is a JSON error.
#[actix_web::test]
async fn signed_in_the_judges_json_twins_are_the_forms_pre_filled_without_the_session() {
    let (state, _) = state_with_judge(JudgeConfig::default());
    let app = atest::init_service(App::new().configure(configure(state))).await;
    let hash = a_permalink(&app).await;
    let (token, csrf, _) = signed_in_form(&app, &hash, 1).await;
    let no_secret = |what: &str, text: &str| {
        assert!(!text.contains(&token), "{what}: the session token: {text}");
        assert!(!text.contains(PASSWORD), "{what}: the password: {text}");
    };
    let uri = format!("/judge/publish.json?hash={hash}&step=1");
    let (text, v) = twin(
        atest::call_service(&app, get(&uri, Some(&token))).await,
        &uri,
    )
    .await;
    no_secret(&uri, &text);
    assert_eq!(v["object"], "judge_form", "{v}");
    assert_eq!(v["kind"], "publish", "{v}");
    assert_eq!(v["signed_in"], true, "{v}");
    assert_eq!(v["judge"], NAME, "{v}");
    assert!(v["sign_in_url"].is_null(), "{v}");
    assert_eq!(v["game"], "battleline", "{v}");
    assert_eq!(v["step_url"], format!("/adjudicate/p/{hash}/1"), "{v}");
    assert!(v["total"].as_u64().unwrap() >= 1, "{v}");
    let the_form = &v["form"];
    assert_eq!(the_form["action"], "/judge/publish", "{v}");
    assert_eq!(the_form["method"], "POST", "{v}");
    assert_eq!(
        the_form["enctype"], "application/x-www-form-urlencoded",
        "{v}"
    );
    let values = &the_form["values"];
    assert_eq!(values["csrf"], csrf.as_str(), "the HTML form's token");
    assert_eq!(values["hash"], hash.as_str());
    assert_eq!(values["step"], "1");
    assert_eq!(values["question"], "");
    assert!(
        values["cards"].as_str().unwrap().contains("Moss Troll"),
        "{v}"
    );
    for field in [
        "csrf", "hash", "step", "question", "answer", "keywords", "cards", "rules",
    ] {
        assert!(
            the_form["fields"]
                .as_array()
                .unwrap()
                .contains(&serde_json::json!(field)),
            "{field}: {v}"
        );
        assert!(values[field].is_string(), "{field}: {v}");
    }
    // The sign-in twin, signed in: who, and the sign-out form.
    let (text, v) = twin(
        atest::call_service(&app, get("/judge/sign-in.json", Some(&token))).await,
        "/judge/sign-in.json",
    )
    .await;
    no_secret("/judge/sign-in.json", &text);
    assert_eq!(v["signed_in"], true, "{v}");
    assert_eq!(v["judge"], NAME, "{v}");
    assert_eq!(v["form"]["action"], "/judge/sign-out", "{v}");
    assert_eq!(v["form"]["values"]["csrf"], csrf.as_str(), "{v}");
    // The supersede twin: pre-filled with the ruling it corrects.
    let first = ruling_fields(&csrf, &hash, "First reading?");
    let resp =
        atest::call_service(&app, post("/judge/publish", form(&first), Some(&token), 1)).await;
    assert_eq!(resp.status(), StatusCode::SEE_OTHER);
    let (text, v) = twin(
        atest::call_service(&app, get_json_accept("/judge/supersede/j-1", Some(&token))).await,
        "supersede",
    )
    .await;
    no_secret("supersede", &text);
    assert_eq!(v["kind"], "supersede", "{v}");
    assert_eq!(v["supersedes"]["id"], "j-1", "{v}");
    assert_eq!(v["supersedes"]["url"], "/rulings/j-1", "{v}");
    assert_eq!(v["form"]["action"], "/judge/supersede/j-1", "{v}");
    assert_eq!(v["form"]["values"]["question"], "First reading?", "{v}");
    assert_eq!(v["form"]["values"]["keywords"], "Armor", "{v}");
    assert_eq!(v["problems"], serde_json::json!([]), "{v}");
    // Errors are JSON errors.
    for (uri, status, says) in [
        ("/judge/supersede/nope.json".to_string(), 404, "no ruling"),
        (
            "/judge/publish.json?hash=zzz&step=1".to_string(),
            404,
            "is not a permalink",
        ),
    ] {
        let resp = atest::call_service(&app, get(&uri, Some(&token))).await;
        assert_eq!(resp.status().as_u16(), status, "{uri}");
        let v: serde_json::Value = atest::read_body_json(resp).await;
        assert_eq!(v["object"], "error", "{uri}: {v}");
        assert_eq!(v["status"], status, "{uri}: {v}");
        assert_eq!(v["code"], "not_found", "{uri}: {v}");
        assert!(v["details"].as_str().unwrap().contains(says), "{uri}: {v}");
    }
}

/// A standing ruling's page offers judges "Supersede this ruling" (signed out, it leads
/// to the sign-in page and back); a superseded ruling's page does not.
#[actix_web::test]
async fn a_standing_ruling_offers_to_supersede_it_and_a_superseded_one_does_not() {
    let app =
        atest::init_service(App::new().configure(configure(crate::rulings_pages::state()))).await;
    let standing = body(atest::call_service(&app, get("/rulings/bl-fury", None)).await).await;
    assert!(
        standing.contains(
            "<a id=\"supersede-ruling\" href=\"/judge/supersede/bl-fury\">Supersede this ruling</a>"
        ),
        "{standing}"
    );
    assert!(
        standing.contains("judges sign in to supersede; reading rulings needs no account"),
        "{standing}"
    );
    let superseded = body(atest::call_service(&app, get("/rulings/bl-fury-old", None)).await).await;
    assert!(superseded.contains("Superseded by"), "{superseded}");
    assert!(!superseded.contains("/judge/supersede/"), "{superseded}");
    assert!(!superseded.contains("Supersede this"), "{superseded}");
    let resp = atest::call_service(&app, get("/judge/supersede/bl-fury", None)).await;
    assert_eq!(resp.status(), StatusCode::OK);
    let page = body(resp).await;
    assert!(
        page.contains("value=\"/judge/supersede/bl-fury\""),
        "{page}"
    );
}

/// The OpenAPI document has the three twins, and what each answers, signed out and
/// signed in, has every key its schema requires and no other (the POSTs stay HTML
/// forms, undocumented).
#[actix_web::test]
async fn the_openapi_document_covers_the_judges_twins() {
    let doc: serde_json::Value =
        serde_json::from_str(include_str!("../static/openapi.json")).unwrap();
    let (state, _) = state_with_judge(JudgeConfig::default());
    let app = atest::init_service(App::new().configure(configure(state))).await;
    let hash = a_permalink(&app).await;
    let (token, csrf, _) = signed_in_form(&app, &hash, 1).await;
    let first = ruling_fields(&csrf, &hash, "First reading?");
    let resp =
        atest::call_service(&app, post("/judge/publish", form(&first), Some(&token), 1)).await;
    assert_eq!(resp.status(), StatusCode::SEE_OTHER);
    let publish = format!("/judge/publish.json?hash={hash}&step=1");
    for (path, uri) in [
        ("/judge/sign-in.json", "/judge/sign-in.json"),
        ("/judge/publish.json", publish.as_str()),
        ("/judge/supersede/{id}.json", "/judge/supersede/j-1.json"),
    ] {
        let op = &doc["paths"][path];
        assert!(op["get"].is_object(), "{path} is documented");
        assert!(op["post"].is_null(), "{path}: the POSTs stay HTML forms");
        let reference = op["get"]["responses"]["200"]["content"]["application/json"]["schema"]
            ["$ref"]
            .as_str()
            .unwrap();
        let schema = &doc["components"]["schemas"][reference.rsplit('/').next().unwrap()];
        for cookie in [None, Some(token.as_str())] {
            let (_, v) = twin(atest::call_service(&app, get(uri, cookie)).await, uri).await;
            for key in schema["required"].as_array().unwrap() {
                assert!(v.get(key.as_str().unwrap()).is_some(), "{uri}: {key}: {v}");
            }
            for key in v.as_object().unwrap().keys() {
                assert!(
                    schema["properties"][key].is_object(),
                    "{uri}: {key} is not documented"
                );
            }
            assert_eq!(
                schema["properties"]["object"]["const"], v["object"],
                "{uri}"
            );
        }
    }
}
