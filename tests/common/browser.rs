//! The headless-Chromium harness of the browser tests: the app served on 127.0.0.1, a
//! Chromium kept off the network, page helpers and screenshot artifacts.
//!
//! A browser test runs when `/usr/bin/chromium` exists. Without it [`Chromium::launch`]
//! prints a notice and answers `None` (the test returns and passes), unless
//! `REQUIRE_BROWSER=1` (set by CI), which makes a missing Chromium a failure. Chromium only
//! ever loads pages from the in-process server, with a fresh temporary profile and
//! background networking disabled.
//!
//! ```ignore
//! let Some(chromium) = browser::Chromium::launch() else { return };
//! let mut server = browser::TestServer::start(common::bundled_state());
//! let tab = chromium.tab();
//! browser::open(&tab, &server.url("/decks"));
//! // ... interact ...
//! server.restart(common::state_from_db(&db)); // same database, fresh port
//! browser::open(&tab, &server.url("/decks"));
//! browser::screenshot(&tab, "decks.png");
//! server.stop();
//! ```

use actix_web::dev::ServerHandle;
use actix_web::{App, HttpServer};
use arbiter::web::AppState;
use headless_chrome::protocol::cdp::Page::CaptureScreenshotFormatOption;
use headless_chrome::{Browser, Element, LaunchOptions, Tab};
use std::ffi::OsStr;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Where the tests look for Chromium.
pub const CHROMIUM: &str = "/usr/bin/chromium";
const INSTALL_HINT: &str = "install it with apt-get install -y --no-install-recommends chromium";
/// The bound on every wait: for the server, for a page, for an element. Generous: a step
/// page computes its odds in a debug build, and the suite runs four tests at a time on
/// two cores; under a load of 15 a page took more than 20 s.
pub const TIMEOUT: Duration = Duration::from_secs(60);
/// Flags that keep Chromium from talking to anything but the test server.
static OFFLINE_ARGS: [&str; 6] = [
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-gpu",
    "--disable-quic",
];

/// Whether the browser tests can run: `true` when [`CHROMIUM`] exists. Otherwise prints
/// a notice and answers `false`, or panics when `REQUIRE_BROWSER=1`.
pub fn available() -> bool {
    if Path::new(CHROMIUM).exists() {
        return true;
    }
    if std::env::var("REQUIRE_BROWSER").as_deref() == Ok("1") {
        panic!("REQUIRE_BROWSER=1 but {CHROMIUM} was not found; {INSTALL_HINT}");
    }
    eprintln!("browser test skipped: {CHROMIUM} not found; {INSTALL_HINT}");
    false
}

/// A headless Chromium with its own temporary profile (removed on drop, after the browser
/// has exited).
pub struct Chromium {
    // Declared before `profile`, so it is dropped (and the process ends) first.
    browser: Browser,
    profile: tempfile::TempDir,
}

impl Chromium {
    /// Launches Chromium, or answers `None` after the notice of [`available`] (which
    /// panics instead under `REQUIRE_BROWSER=1`).
    pub fn launch() -> Option<Chromium> {
        if !available() {
            return None;
        }
        let profile = tempfile::Builder::new()
            .prefix("arbiter-browser-profile")
            .tempdir()
            .expect("a temporary Chromium profile directory");
        let options = LaunchOptions::default_builder()
            .path(Some(CHROMIUM.into()))
            .sandbox(false)
            .headless(true)
            .window_size(Some((1280, 900)))
            .user_data_dir(Some(profile.path().to_path_buf()))
            .args(OFFLINE_ARGS.iter().map(OsStr::new).collect())
            .idle_browser_timeout(TIMEOUT)
            .build()
            .expect("valid launch options");
        let browser =
            Browser::new(options).unwrap_or_else(|e| panic!("{CHROMIUM} launches: {e:#}"));
        Some(Chromium { browser, profile })
    }

    /// A new tab whose element waits are bounded by [`TIMEOUT`].
    pub fn tab(&self) -> Arc<Tab> {
        let tab = self.browser.new_tab().expect("a new tab");
        tab.set_default_timeout(TIMEOUT);
        tab
    }

    pub fn browser(&self) -> &Browser {
        &self.browser
    }

    /// The profile directory.
    pub fn profile(&self) -> &Path {
        self.profile.path()
    }
}

/// The app on 127.0.0.1 at an OS-assigned port, on its own thread and actix System.
///
/// [`TestServer::stop`] stops it and checks it ran without error; dropping it stops it
/// too (without waiting when the test is already panicking).
pub struct TestServer {
    addr: SocketAddr,
    running: Option<Running>,
}

struct Running {
    handle: ServerHandle,
    thread: JoinHandle<std::io::Result<()>>,
}

impl TestServer {
    /// Serves every route of the app over `state`.
    pub fn start(state: AppState) -> TestServer {
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
                running: Some(Running { handle, thread }),
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

    /// Serves the catalogue at `db` (see [`super::state_from_db`]).
    pub fn start_db(db: &Path) -> TestServer {
        TestServer::start(super::state_from_db(db))
    }

    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// `http://127.0.0.1:<port>`, no trailing slash.
    pub fn base(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// The absolute URL of `path` (which starts with `/`).
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base())
    }

    /// Stops this server (checking it ran without error) and serves `state` instead, on
    /// a fresh port: pages opened afterwards need [`TestServer::url`] again.
    pub fn restart(&mut self, state: AppState) {
        self.shut_down();
        *self = TestServer::start(state);
    }

    /// Stops the server and checks it ran without error.
    pub fn stop(mut self) {
        self.shut_down();
    }

    fn shut_down(&mut self) {
        let Some(Running { handle, thread }) = self.running.take() else {
            return;
        };
        actix_web::rt::System::new().block_on(handle.stop(true));
        let deadline = Instant::now() + TIMEOUT;
        while !thread.is_finished() {
            assert!(
                Instant::now() < deadline,
                "the test server did not stop within {TIMEOUT:?}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
        thread
            .join()
            .expect("the server thread does not panic")
            .expect("the server ran without error");
    }
}

impl Drop for TestServer {
    fn drop(&mut self) {
        if std::thread::panicking() {
            // The stop command is sent at once; do not wait, nor panic again.
            if let Some(running) = self.running.take() {
                drop(running.handle.stop(false));
            }
        } else {
            self.shut_down();
        }
    }
}

/// Navigates to `url` and waits until it has loaded there.
pub fn open(tab: &Tab, url: &str) {
    tab.navigate_to(url)
        .unwrap_or_else(|e| panic!("open {url}: {e:#}"));
    wait_for_url(tab, url, |u| u == url);
}

/// Waits until the loaded page satisfies the JavaScript condition `js`; `what` names it in
/// the timeout message.
pub fn wait_for(tab: &Tab, what: &str, js: &str) {
    let deadline = Instant::now() + TIMEOUT;
    loop {
        let ok = tab
            .evaluate(
                &format!("document.readyState === 'complete' && ({js})"),
                false,
            )
            .ok()
            .and_then(|v| v.value)
            .and_then(|v| v.as_bool())
            .unwrap_or(false);
        if ok {
            return;
        }
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}

/// `(hash, step)` of a step page's URL, `…/adjudicate/p/<hash>/<step>`.
pub fn step_of(url: &str) -> Option<(String, usize)> {
    let rest = url.split("/adjudicate/p/").nth(1)?;
    let (hash, step) = rest.split_once('/')?;
    let step = step.parse().ok()?;
    (hash.len() == 16 && hash.bytes().all(|b| b.is_ascii_hexdigit()))
        .then(|| (hash.to_string(), step))
}

/// Waits for a step page whose hash and step satisfy `wanted`; answers them.
pub fn wait_for_step(
    tab: &Tab,
    what: &str,
    wanted: impl Fn(&str, usize) -> bool,
) -> (String, usize) {
    wait_for_url(tab, what, |u| {
        step_of(u).is_some_and(|(h, s)| wanted(&h, s))
    });
    let url: String = eval_json(tab, "location.href");
    step_of(&url).unwrap_or_else(|| panic!("{url} is a step page"))
}

/// Waits until the current document has finished loading at a URL matching `wanted`;
/// `what` names it in the timeout message.
pub fn wait_for_url(tab: &Tab, what: &str, wanted: impl Fn(&str) -> bool) {
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

/// The element's inner text, trimmed.
pub fn text(element: &Element<'_>) -> String {
    element
        .get_inner_text()
        .expect("an element's text")
        .trim()
        .to_string()
}

/// The text of the page's `main h1`.
pub fn heading(tab: &Tab) -> String {
    text(&tab.wait_for_element("main h1").expect("the page's h1"))
}

/// The text of the page's `main`.
pub fn main_text(tab: &Tab) -> String {
    text(&tab.wait_for_element("main").expect("the page's main"))
}

/// The text of every element matching `selector`, read in one round trip.
pub fn texts(tab: &Tab, selector: &str) -> Vec<String> {
    let selector = serde_json::to_string(selector).expect("a JSON string");
    eval_json(
        tab,
        &format!("Array.from(document.querySelectorAll({selector}), e => e.innerText.trim())"),
    )
}

/// Evaluates `expression` in the page and decodes its value (passed through JSON).
pub fn eval_json<T: serde::de::DeserializeOwned>(tab: &Tab, expression: &str) -> T {
    let js = format!("JSON.stringify({expression})");
    let value = tab
        .evaluate(&js, false)
        .unwrap_or_else(|e| panic!("evaluating {expression}: {e:#}"))
        .value;
    let json = value
        .as_ref()
        .and_then(|v| v.as_str())
        .unwrap_or_else(|| panic!("{expression} gave no JSON: {value:?}"));
    serde_json::from_str(json).unwrap_or_else(|e| panic!("decoding {json}: {e}"))
}

/// Writes `bytes` to `target/browser-artifacts/<name>` and answers the path; checks the
/// file is not empty.
pub fn save_screenshot(name: &str, bytes: &[u8]) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/browser-artifacts");
    std::fs::create_dir_all(&dir).expect("create target/browser-artifacts");
    let path = dir.join(name);
    std::fs::write(&path, bytes).expect("write the screenshot");
    let written = std::fs::metadata(&path)
        .expect("the screenshot exists")
        .len();
    assert!(written > 0, "{} is empty", path.display());
    path
}

/// A PNG screenshot of the tab, checked to be a PNG and saved with [`save_screenshot`];
/// answers the bytes.
pub fn screenshot(tab: &Tab, name: &str) -> Vec<u8> {
    let png = tab
        .capture_screenshot(CaptureScreenshotFormatOption::Png, None, None, true)
        .expect("a screenshot");
    assert!(
        png.starts_with(b"\x89PNG\r\n\x1a\n"),
        "the screenshot is a PNG"
    );
    save_screenshot(name, &png);
    png
}

/// Makes the tab a 390 × 844 phone screen (a touch device, device pixel ratio 1), or,
/// with `None`, the window's own desktop size again.
pub fn viewport(tab: &Tab, phone: Option<(u32, u32)>) {
    metrics(tab, phone, true);
}

/// Overrides the viewport's size (`None`: the window's again), as a phone's when `mobile`.
fn metrics(tab: &Tab, size: Option<(u32, u32)>, mobile: bool) {
    use headless_chrome::protocol::cdp::Emulation;
    match size {
        Some((width, height)) => {
            tab.call_method(Emulation::SetDeviceMetricsOverride {
                width,
                height,
                device_scale_factor: 1.0,
                mobile,
                scale: None,
                screen_width: None,
                screen_height: None,
                position_x: None,
                position_y: None,
                dont_set_visible_size: None,
                screen_orientation: None,
                viewport: None,
                display_feature: None,
                device_posture: None,
            })
            .expect("a phone-sized viewport");
        }
        None => {
            tab.call_method(Emulation::ClearDeviceMetricsOverride(None))
                .expect("the desktop viewport again");
        }
    }
}

/// The phone screen the browser tests check: 390 px wide (an iPhone 12 to 15).
pub const PHONE: (u32, u32) = (390, 844);

/// Emulates the CSS media type and features: `("screen" or "print", prefers-color-scheme
/// "light" or "dark")`.
pub fn media(tab: &Tab, media: &str, scheme: &str) {
    use headless_chrome::protocol::cdp::Emulation;
    tab.call_method(Emulation::SetEmulatedMedia {
        media: Some(media.to_string()),
        features: Some(vec![Emulation::MediaFeature {
            name: "prefers-color-scheme".into(),
            value: scheme.into(),
        }]),
    })
    .expect("emulated media");
}

/// How many CSS pixels the page is wider than its viewport (0: no horizontal scrolling),
/// and the widest elements that stick out (tag.class and right edge), for the message.
pub fn horizontal_overflow(tab: &Tab) -> (i64, Vec<String>) {
    eval_json(
        tab,
        "(() => { const w = document.documentElement.clientWidth; \
          const over = document.documentElement.scrollWidth - w; \
          const out = Array.from(document.querySelectorAll('body *')) \
            .filter(e => e.getBoundingClientRect().right > w + 1) \
            .slice(0, 8) \
            .map(e => e.tagName.toLowerCase() + (e.className ? '.' + e.className : '') + ' ' + Math.round(e.getBoundingClientRect().right)); \
          return [over, out]; })()",
    )
}

/// Checks that the page has no horizontal scrolling, naming what sticks out otherwise.
pub fn assert_no_horizontal_scroll(tab: &Tab, what: &str) {
    let (over, culprits) = horizontal_overflow(tab);
    assert!(
        over <= 0,
        "{what}: the page scrolls sideways by {over} px; sticking out: {culprits:?}"
    );
}

/// The computed `background-color` of `body` and `color` of `main`, as `[r, g, b]`.
pub fn body_colours(tab: &Tab) -> ([u8; 3], [u8; 3]) {
    let (bg, ink): (String, String) = eval_json(
        tab,
        "[getComputedStyle(document.body).backgroundColor, \
          getComputedStyle(document.querySelector('main')).color]",
    );
    (rgb(&bg), rgb(&ink))
}

/// `rgb(1, 2, 3)` (or `rgba(…)`) as three numbers.
fn rgb(css: &str) -> [u8; 3] {
    let inner = css
        .split_once('(')
        .and_then(|(_, rest)| rest.split_once(')'))
        .map_or("", |(inside, _)| inside);
    let mut parts = inner
        .split(',')
        .map(|p| p.trim().parse::<f64>().unwrap_or(0.0) as u8);
    [
        parts.next().unwrap_or(0),
        parts.next().unwrap_or(0),
        parts.next().unwrap_or(0),
    ]
}

/// Relative luminance (0 black to 1 white) of an sRGB colour, roughly.
pub fn luminance([r, g, b]: [u8; 3]) -> f64 {
    (0.2126 * r as f64 + 0.7152 * g as f64 + 0.0722 * b as f64) / 255.0
}

/// Checks the page at 390 px (no sideways scroll) and screenshots it on a desktop and
/// there, as `{name}_desktop.png` and `{name}_phone.png`; the window is put back.
pub fn at_both_widths(tab: &Tab, what: &str, name: &str) {
    full_screenshot(tab, &format!("{name}_desktop.png"));
    viewport(tab, Some(PHONE));
    assert_no_horizontal_scroll(tab, &format!("{what} at 390 px"));
    full_screenshot(tab, &format!("{name}_phone.png"));
    viewport(tab, None);
}

/// A screenshot of the whole page (not only the viewport; at most 6000 px tall), saved
/// as [`screenshot`] does. The viewport is stretched to the page for the capture, then
/// put back: the phone's ([`PHONE`]) when the page was phone-wide, else the window's.
pub fn full_screenshot(tab: &Tab, name: &str) -> Vec<u8> {
    let (width, height): (u32, u32) = eval_json(
        tab,
        "[document.documentElement.clientWidth, Math.min(document.documentElement.scrollHeight, 6000)]",
    );
    let phone = width <= PHONE.0;
    metrics(tab, Some((width, height.max(1))), phone);
    std::thread::sleep(Duration::from_millis(150));
    let png = tab
        .capture_screenshot(CaptureScreenshotFormatOption::Png, None, None, true)
        .expect("a screenshot");
    viewport(tab, phone.then_some(PHONE));
    assert!(
        png.starts_with(b"\x89PNG\r\n\x1a\n"),
        "the screenshot is a PNG"
    );
    save_screenshot(name, &png);
    png
}
