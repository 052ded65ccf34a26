//! Browser end-to-end test of deck validation: paste a list that breaks 3.1 into the
//! `/decks` textarea, submit, see the violation, follow its rule link to the rule page,
//! in headless Chromium against an in-process server on 127.0.0.1.
//!
//! The server, launch and skip harness is `tests/browser.rs`'s. Runs when
//! `/usr/bin/chromium` exists; without it the test prints a notice and passes, unless
//! `REQUIRE_BROWSER=1`, which makes a missing Chromium a failure.

mod common;

use actix_web::dev::ServerHandle;
use actix_web::{App, HttpServer};
use headless_chrome::{Browser, Element, LaunchOptions, Tab};
use std::ffi::OsStr;
use std::net::SocketAddr;
use std::path::Path;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

const CHROMIUM: &str = "/usr/bin/chromium";
const INSTALL_HINT: &str = "install it with apt-get install -y --no-install-recommends chromium";
/// The bound on every wait: for the server, for a page, for an element.
const TIMEOUT: Duration = Duration::from_secs(20);
/// Flags that keep Chromium from talking to anything but the test server.
static OFFLINE_ARGS: [&str; 6] = [
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-gpu",
    "--disable-quic",
];

// rule 3.1 (karth-deck-building.md): "A deck's total gold value is at most 100."
#[test]
fn paste_a_list_see_the_violation_follow_the_rule_link() {
    if !Path::new(CHROMIUM).exists() {
        if std::env::var("REQUIRE_BROWSER").as_deref() == Ok("1") {
            panic!("REQUIRE_BROWSER=1 but {CHROMIUM} was not found; {INSTALL_HINT}");
        }
        eprintln!("browser test skipped: {CHROMIUM} not found; {INSTALL_HINT}");
        return;
    }
    let list = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/decks/rules/3.1_gold.txt"
    ))
    .expect("the 3.1 fixture");

    let server = TestServer::start();
    let base = format!("http://{}", server.addr);
    let profile = tempfile::Builder::new()
        .prefix("arbiter-browser-profile")
        .tempdir()
        .expect("a temporary Chromium profile directory");
    let browser = launch(profile.path());
    let tab = browser.new_tab().expect("a new tab");
    tab.set_default_timeout(TIMEOUT);

    // 1. The form: paste the list into the textarea (as a paste would), submit.
    tab.navigate_to(&format!("{base}/decks"))
        .expect("open /decks");
    wait_for_url(&tab, "the decks page", |u| u == format!("{base}/decks"));
    assert!(heading(&tab).contains("Check a Heroes of Karth deck"));
    tab.wait_for_element("textarea#list").expect("the textarea");
    let js = format!(
        "document.getElementById('list').value = {}; true",
        serde_json::to_string(&list).expect("a JSON string")
    );
    tab.evaluate(&js, false).expect("paste the list");
    tab.wait_for_element("button#check")
        .expect("the Check button")
        .click()
        .expect("click Check");

    // 2. The verdict: illegal, with the 3.1 violation.
    let violation = tab
        .wait_for_element("ul.violations li.error")
        .expect("a violation");
    let shown = text(&violation);
    assert!(shown.contains("103 / 100 gold"), "the violation: {shown}");
    let main = main_text(&tab);
    assert!(main.contains("illegal"), "{main}");
    assert!(main.contains("Keyword sheet"), "{main}");

    // 3. Its rule link leads to the rule's text.
    let link = tab
        .wait_for_element(r#"ul.violations a.rule[href="/rules/karth/3.1"]"#)
        .expect("the link on 3.1");
    assert_eq!(text(&link), "3.1");
    link.click().expect("click 3.1");
    wait_for_url(&tab, "the rules page of 3.1", |u| {
        u == format!("{base}/rules/karth/3.1")
    });
    let main = main_text(&tab);
    assert!(
        main.contains("A deck's total gold value is at most 100."),
        "the rule page quotes 3.1: {main}"
    );

    drop(tab);
    drop(browser);
    drop(profile);
    server.stop();
}

fn launch(profile: &Path) -> Browser {
    let options = LaunchOptions::default_builder()
        .path(Some(CHROMIUM.into()))
        .sandbox(false)
        .headless(true)
        .window_size(Some((1280, 900)))
        .user_data_dir(Some(profile.to_path_buf()))
        .args(OFFLINE_ARGS.iter().map(OsStr::new).collect())
        .idle_browser_timeout(TIMEOUT)
        .build()
        .expect("valid launch options");
    Browser::new(options).unwrap_or_else(|e| panic!("{CHROMIUM} launches: {e:#}"))
}

/// Waits until the current document has finished loading at a URL matching `wanted`.
fn wait_for_url(tab: &Tab, what: &str, wanted: impl Fn(&str) -> bool) {
    let deadline = Instant::now() + TIMEOUT;
    let mut last = String::new();
    loop {
        // Evaluated in one go so the URL and the state are of the same document; errors
        // (the old document going away mid-navigation) just mean "not yet".
        if let Ok(v) = tab.evaluate(
            "document.readyState === 'complete' ? location.href : ''",
            false,
        ) {
            if let Some(url) = v.value.as_ref().and_then(|v| v.as_str()) {
                if !url.is_empty() && wanted(url) {
                    return;
                }
                last = url.to_string();
            }
        }
        assert!(
            Instant::now() < deadline,
            "timed out after {TIMEOUT:?} waiting for {what}; last loaded URL: {last:?}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn text(element: &Element<'_>) -> String {
    element
        .get_inner_text()
        .expect("an element's text")
        .trim()
        .to_string()
}

fn heading(tab: &Tab) -> String {
    text(&tab.wait_for_element("main h1").expect("the page's h1"))
}

fn main_text(tab: &Tab) -> String {
    text(&tab.wait_for_element("main").expect("the page's main"))
}

/// The app on 127.0.0.1 at an OS-assigned port, on its own thread and actix System.
struct TestServer {
    addr: SocketAddr,
    handle: ServerHandle,
    thread: JoinHandle<std::io::Result<()>>,
}

impl TestServer {
    fn start() -> TestServer {
        let state = common::bundled_state();
        let (tx, rx) = std::sync::mpsc::channel();
        let thread = std::thread::spawn(move || {
            actix_web::rt::System::new().block_on(async move {
                let server = HttpServer::new(move || {
                    App::new().configure(arbiter::web::configure(state.clone()))
                })
                .workers(2)
                .disable_signals()
                .shutdown_timeout(2)
                .bind(("127.0.0.1", 0))?;
                let addr = server.addrs()[0];
                let server = server.run();
                let _ = tx.send((addr, server.handle()));
                server.await
            })
        });
        match rx.recv_timeout(TIMEOUT) {
            Ok((addr, handle)) => TestServer {
                addr,
                handle,
                thread,
            },
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
                let result = thread.join().expect("the server thread does not panic");
                panic!("the test server did not start: {result:?}")
            }
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
                panic!("the test server did not start within {TIMEOUT:?}")
            }
        }
    }

    fn stop(self) {
        actix_web::rt::System::new().block_on(self.handle.stop(true));
        let deadline = Instant::now() + TIMEOUT;
        while !self.thread.is_finished() {
            assert!(
                Instant::now() < deadline,
                "the test server did not stop within {TIMEOUT:?}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
        self.thread
            .join()
            .expect("the server thread does not panic")
            .expect("the server ran without error");
    }
}
