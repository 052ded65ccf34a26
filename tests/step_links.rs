//! Every link of the step-through answers (issue 28): each fixture of each game is stored,
//! its step pages opened (every step of a short game; the first, second, middle, last but
//! one and last of a long one), the comparison of its first reading switched, and every
//! site-relative `href`/`src` of those pages and every URL of their JSON twins requested.
//! None may answer 404 or 5xx. A rule link that names a section title as if it were a
//! keyword (`/keyword/karth/Unit%20Cards`) is what this catches. Every bundled ruling's page and
//! the step it turns on are walked the same way.
//!
//! The app runs in-process (actix's test service), one service for the whole walk, and a
//! link met on many pages is requested once.

use crate::common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use actix_web::dev::{Service, ServiceResponse};
use actix_web::http::StatusCode;
use actix_web::test::{self, TestRequest};
use actix_web::App;
use regex::Regex;
use serde_json::Value;

/// Every step of a game this short is opened; a longer one is sampled.
const EVERY_STEP_UP_TO: usize = 12;

/// The fixture directories: battle-line's positions and each other game's.
const FIXTURE_DIRS: &[&str] = &["positions", "swtcg", "keyforge", "arcane", "karth"];

fn fixture_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut files = Vec::new();
    for dir in FIXTURE_DIRS {
        let mut in_dir: Vec<PathBuf> = std::fs::read_dir(root.join(dir))
            .unwrap_or_else(|e| panic!("tests/fixtures/{dir}: {e}"))
            .map(|e| e.expect("a directory entry").path())
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            .collect();
        in_dir.sort();
        files.extend(in_dir);
    }
    files
}

/// The steps of a replay of `total` steps whose pages are opened.
fn steps_to_open(total: usize) -> BTreeSet<usize> {
    if total <= EVERY_STEP_UP_TO {
        (0..=total).collect()
    } else {
        [0, 1, total / 2, total - 1, total].into_iter().collect()
    }
}

/// Decodes the entities askama writes in an attribute.
fn unescape(attr: &str) -> String {
    attr.replace("&quot;", "\"")
        .replace("&#34;", "\"")
        .replace("&#39;", "'")
        .replace("&#x27;", "'")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
}

/// Every `href` and `src` of `html`, decoded.
fn html_links(html: &str) -> Vec<String> {
    static ATTR: std::sync::LazyLock<Regex> = std::sync::LazyLock::new(|| {
        Regex::new(r#"\s(?:href|src)="([^"]*)""#).expect("the attribute pattern")
    });
    ATTR.captures_iter(html).map(|c| unescape(&c[1])).collect()
}

/// Every string of `json` that is a site-relative URL (`/…`, no space).
fn json_links(json: &Value, out: &mut Vec<String>) {
    match json {
        Value::String(s) if s.starts_with('/') && !s.starts_with("//") && !s.contains(' ') => {
            out.push(s.clone())
        }
        Value::Array(items) => items.iter().for_each(|v| json_links(v, out)),
        Value::Object(map) => map.values().for_each(|v| json_links(v, out)),
        _ => {}
    }
}

/// The path and query of a site-relative link and its fragment (if any); `None` for a
/// link off the site, a bare fragment or a `data:`/`mailto:` link.
fn site_relative(link: &str) -> Option<(String, Option<String>)> {
    let (path, fragment) = match link.split_once('#') {
        Some((p, f)) => (p, Some(f.to_string())),
        None => (link, None),
    };
    (path.starts_with('/') && !path.starts_with("//")).then(|| (path.to_string(), fragment))
}

async fn call<S>(app: &S, req: TestRequest) -> (StatusCode, Option<String>, String)
where
    S: Service<actix_http::Request, Response = ServiceResponse, Error = actix_web::Error>,
{
    let resp = test::call_service(app, req.to_request()).await;
    let status = resp.status();
    let location = resp
        .headers()
        .get("location")
        .and_then(|v| v.to_str().ok())
        .map(str::to_string);
    let body = String::from_utf8_lossy(&test::read_body(resp).await).into_owned();
    (status, location, body)
}

/// What the walk found: the links, each with the first page it is on and the fragments
/// links to it name.
#[derive(Default)]
struct Walk {
    links: BTreeMap<String, (String, BTreeSet<String>)>,
    pages: usize,
}

impl Walk {
    fn add(&mut self, page: &str, links: impl IntoIterator<Item = String>) {
        for (link, fragment) in links.into_iter().filter_map(|l| site_relative(&l)) {
            let (_, fragments) = self
                .links
                .entry(link)
                .or_insert_with(|| (page.to_string(), BTreeSet::new()));
            fragments.extend(fragment);
        }
    }
}

#[actix_web::test]
async fn every_link_of_every_step_page_answers() {
    let started = std::time::Instant::now();
    let state = common::fresh_state();
    let rulings = state.rulings.snapshot();
    let app = test::init_service(App::new().configure(arbiter::web::configure(state))).await;
    let mut walk = Walk::default();
    let mut fixtures = 0;
    for path in fixture_files() {
        let name = path
            .strip_prefix(env!("CARGO_MANIFEST_DIR"))
            .unwrap_or(&path)
            .display()
            .to_string();
        let fx = common::fixtures::read(&path);
        // Stored through the builder's JSON paste, as a judge stores a position.
        let (status, location, body) = call(
            &app,
            TestRequest::post()
                .uri("/adjudicate")
                .insert_header(("Content-Type", "application/x-www-form-urlencoded"))
                .set_payload(common::http::form_field("json", &fx.position.to_string())),
        )
        .await;
        assert_eq!(status, StatusCode::SEE_OTHER, "{name}: not stored: {body}");
        let location = location.expect("a stored position redirects to its step page");
        let hash = location
            .strip_prefix("/adjudicate/p/")
            .and_then(|rest| rest.split('/').next())
            .unwrap_or_else(|| panic!("{name}: redirected to {location}"))
            .to_string();
        fixtures += 1;

        let first = format!("/adjudicate/p/{hash}/0.json");
        let (status, _, body) = call(&app, TestRequest::get().uri(&first)).await;
        assert_eq!(status, StatusCode::OK, "{name}: {first}: {body}");
        let json: Value = serde_json::from_str(&body).expect("the step's JSON twin");
        let total = json["total"].as_u64().expect("the twin's total") as usize;
        let first_reading = json["interpretations"][0]["key"]
            .as_str()
            .map(str::to_string);

        for step in steps_to_open(total) {
            let page = format!("/adjudicate/p/{hash}/{step}");
            let (status, _, html) = call(&app, TestRequest::get().uri(&page)).await;
            assert_eq!(status, StatusCode::OK, "{name}: {page}");
            walk.add(&format!("{name} {page}"), html_links(&html));
            let twin = format!("{page}.json");
            let (status, _, body) = call(&app, TestRequest::get().uri(&twin)).await;
            assert_eq!(status, StatusCode::OK, "{name}: {twin}");
            let mut found = Vec::new();
            json_links(
                &serde_json::from_str(&body).expect("the step's JSON twin"),
                &mut found,
            );
            walk.add(&format!("{name} {twin}"), found);
            walk.pages += 2;
        }

        // The comparison a reading's switch leads to, at the last step.
        if let Some(key) = first_reading {
            let (status, location, body) = call(
                &app,
                TestRequest::post()
                    .uri(&format!("/adjudicate/p/{hash}/interpret"))
                    .insert_header(("Content-Type", "application/x-www-form-urlencoded"))
                    .set_payload(format!("key={key}&step={total}")),
            )
            .await;
            assert_eq!(
                status,
                StatusCode::SEE_OTHER,
                "{name}: switching {key}: {body}"
            );
            let compare = location.expect("a switch redirects to the comparison");
            let (status, _, html) = call(&app, TestRequest::get().uri(&compare)).await;
            assert_eq!(status, StatusCode::OK, "{name}: {compare}");
            walk.add(&format!("{name} {compare}"), html_links(&html));
            walk.pages += 1;
        }
    }
    // Every ruling's page and the step it turns on, each with its JSON twin.
    assert!(rulings.all().len() >= 100, "the bundled rulings");
    for r in rulings.all() {
        for page in [r.url(), r.step_url()] {
            for uri in [page.clone(), arbiter::web::links::json(&page)] {
                let (status, _, body) = call(&app, TestRequest::get().uri(&uri)).await;
                assert_eq!(status, StatusCode::OK, "{uri}");
                if uri == page {
                    walk.add(&uri, html_links(&body));
                } else {
                    let mut found = Vec::new();
                    json_links(&serde_json::from_str(&body).unwrap(), &mut found);
                    walk.add(&uri, found);
                }
                walk.pages += 1;
            }
        }
    }
    // The pages every step page leads to that link on in turn: the rules page and the
    // builder.
    let pages = ["/adjudicate/rules", "/adjudicate"]
        .into_iter()
        .map(String::from)
        .chain(
            arbiter::games::GameId::ALL
                .iter()
                .map(|g| arbiter::web::links::house_rules(g.slug())),
        );
    for page in pages {
        let page = page.as_str();
        let (status, _, html) = call(&app, TestRequest::get().uri(page)).await;
        assert_eq!(status, StatusCode::OK, "{page}");
        walk.add(page, html_links(&html));
        walk.pages += 1;
    }

    let mut broken: Vec<String> = Vec::new();
    let mut by_prefix: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    for (link, (on, fragments)) in &walk.links {
        let (status, _, body) = call(&app, TestRequest::get().uri(link)).await;
        // A link to a place on an HTML page lands on it: the page has that id.
        if status == StatusCode::OK && body.trim_start().starts_with("<!doctype html") {
            for f in fragments {
                if !body.contains(&format!(" id=\"{f}\"")) {
                    broken.push(format!("no id {f:?} on {link} (linked from {on})"));
                }
            }
        }
        let path = link.split('?').next().unwrap_or(link);
        let prefix = path.split('/').take(3).collect::<Vec<_>>().join("/");
        let counts = by_prefix.entry(prefix).or_default();
        counts.0 += 1;
        if status == StatusCode::NOT_FOUND || status.is_server_error() {
            counts.1 += 1;
            let why = body
                .split_once("<title>")
                .and_then(|(_, t)| t.split_once("</title>"))
                .map_or(body.as_str(), |(t, _)| t);
            broken.push(format!("{status} {link} (on {on}): {why}"));
        }
    }
    eprintln!(
        "step links: {fixtures} fixtures and every ruling, {} pages, {} distinct links, {} broken, {:.1?}; by prefix (links, broken): {by_prefix:?}",
        walk.pages,
        walk.links.len(),
        broken.len(),
        started.elapsed()
    );
    assert!(fixtures >= 250, "only {fixtures} fixtures were walked");
    assert!(
        broken.is_empty(),
        "{} of {} links answer 404 or 5xx:\n{}",
        broken.len(),
        walk.links.len(),
        broken.join("\n")
    );
}
