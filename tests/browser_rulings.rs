//! Issue 28's browser test: a judge publishes a ruling from a step page and a player,
//! signed out in another browser context, finds it by searching its keyword and steps
//! through it; then, over plain HTTP against the same server, what a judge's POST needs.
//!
//! 1. The judge signs in at `/judge/sign-in` (name and password typed), builds a
//!    battle-line position in the builder, steps to the first step that cites a keyword,
//!    follows "Publish as a ruling", finds the form pre-filled with that keyword and the
//!    position's cards, types a question and an answer (with a word found nowhere else),
//!    publishes, and lands on `/rulings/j-1`, which shows them.
//! 2. In a new incognito context (no cookie of the judge's), a player types the keyword
//!    into the home page's search box, finds the ruling among the results, opens it and
//!    follows "Step through it" to the step it turns on.
//! 3. Over HTTP/1.1 on a socket: the publish POST signed out is 403, signed in without
//!    the CSRF token 403 (and with it 303: the token is what was missing); the 21st wrong
//!    password in a minute is 429, and is refused before it is checked (the right
//!    password that time is refused too, and sooner than any checked attempt).
//! 4. Screenshots of the sign-in page, the publish form and the published ruling, on a
//!    desktop and at 390 px, light and dark: `target/browser-artifacts/judge_*.png`.

use crate::common;

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::Arc;
use std::time::{Duration, Instant};

use arbiter::rulings::store::JudgeStore;
use arbiter::web::judge::{JudgeConfig, Judges};
use common::browser::{
    self, eval_json, heading, main_text, texts, wait_for, wait_for_step, Chromium, TestServer,
};
use headless_chrome::Tab;

const NAME: &str = "ada";
const PASSWORD: &str = "correct horse battery";
/// A word in the ruling's question and answer and nowhere in the catalogue.
const WORD: &str = "quokkaesque";

#[test]
fn a_judge_publishes_from_a_step_and_a_signed_out_player_finds_and_steps_through_it() {
    let Some(chromium) = Chromium::launch() else {
        return;
    };
    let started = Instant::now();
    let store = Arc::new(JudgeStore::in_memory());
    store.add_judge(NAME, PASSWORD).expect("a judge account");
    let state =
        common::fresh_state().with_judges(Arc::new(Judges::new(store, JudgeConfig::default())));
    let server = TestServer::start(state);
    let base = server.base();

    // 1. The judge.
    let judge = chromium.tab();
    browser::open(&judge, &format!("{base}/judge/sign-in"));
    assert_eq!(heading(&judge), "Judges");
    assert_labelled(&judge, "the sign-in page");
    in_both_schemes(&judge, "the sign-in page", "judge_sign_in");
    type_into(&judge, "#sign-in input[name=name]", NAME);
    type_into(&judge, "#sign-in input[name=password]", PASSWORD);
    click(&judge, "#sign-in button[type=submit]");
    wait_for(
        &judge,
        "signed in",
        "!!document.getElementById('signed-in')",
    );
    assert!(
        main_text(&judge).contains(&format!("Signed in as {NAME}")),
        "{}",
        main_text(&judge)
    );

    browser::open(&judge, &format!("{base}/adjudicate"));
    assert_eq!(heading(&judge), "Adjudicate a battle-line position");
    set_fields(
        &judge,
        &[
            ("p0_name", "Alice"),
            ("p1_name", "Bob"),
            ("seed", "1"),
            ("turns", "1"),
            ("p0_s1_card", "Hex Witch"),
            ("p1_s1_card", "Shieldwall Veteran"),
        ],
    );
    click(&judge, "button#adjudicate");
    let (hash, _) = wait_for_step(&judge, "step 0 of the new position", |_, s| s == 0);
    let (step, keyword) = first_step_citing_a_keyword(&judge, &base, &hash);

    click(&judge, "a#publish-ruling");
    browser::wait_for_url(&judge, "the publish form", |u| {
        u.contains("/judge/publish?")
    });
    assert_eq!(heading(&judge), "Publish as a ruling");
    let prefilled: Vec<String> = eval_json(
        &judge,
        "['hash', 'step', 'keywords', 'cards'].map(n => document.getElementById(n).value)",
    );
    assert_eq!(prefilled[0], hash, "the form's position");
    assert_eq!(prefilled[1], step.to_string(), "the form's step");
    assert!(
        prefilled[2].split(';').any(|k| k.trim() == keyword),
        "the keywords are pre-filled with the step's {keyword}: {prefilled:?}"
    );
    for card in ["Hex Witch", "Shieldwall Veteran"] {
        assert!(
            prefilled[3].split(';').any(|c| c.trim() == card),
            "the cards are pre-filled with the position's {card}: {prefilled:?}"
        );
    }
    assert_labelled(&judge, "the publish form");
    let question = format!("Does {keyword} still apply in a {WORD} stand-off?");
    let answer = format!("Yes: the {WORD} stand-off changes nothing; {keyword} applies.");
    type_into(&judge, "textarea#question", &question);
    type_into(&judge, "textarea#answer", &answer);
    fields_fit(&judge, "the publish form on a desktop");
    browser::viewport(&judge, Some(browser::PHONE));
    fields_fit(&judge, "the publish form at 390 px");
    browser::viewport(&judge, None);
    in_both_schemes(&judge, "the publish form", "judge_publish");
    click(&judge, "#publish button[type=submit]");
    browser::wait_for_url(&judge, "the published ruling", |u| {
        u.ends_with("/rulings/j-1")
    });
    assert_eq!(heading(&judge), question);
    let shown = main_text(&judge);
    for expected in [
        answer.as_str(),
        NAME,
        "judge",
        keyword.as_str(),
        "Hex Witch",
    ] {
        assert!(
            shown.contains(expected),
            "the ruling shows {expected:?}: {shown}"
        );
    }
    in_both_schemes(&judge, "the published ruling", "judge_ruling");
    drop(judge);

    // 2. The player, in a context that shares no cookie with the judge's.
    let incognito = chromium
        .browser()
        .new_context()
        .expect("an incognito context");
    let player = incognito.new_tab().expect("a tab in it");
    player.set_default_timeout(browser::TIMEOUT);
    browser::open(&player, &format!("{base}/judge/sign-in"));
    assert!(
        eval_json::<bool>(&player, "!!document.getElementById('sign-in')"),
        "the player is signed out: {}",
        main_text(&player)
    );
    browser::open(&player, &format!("{base}/"));
    type_into(&player, "form.search input[name=q]", &keyword);
    click(&player, "form.search button[type=submit]");
    browser::wait_for_url(&player, "the search results", |u| u.contains("/search?"));
    let hrefs: Vec<String> = eval_json(
        &player,
        "Array.from(document.querySelectorAll('main a'), a => a.getAttribute('href'))",
    );
    assert!(
        hrefs.iter().any(|h| h == "/rulings/j-1"),
        "searching {keyword:?} finds the ruling: {:?}",
        texts(&player, "main li")
    );
    click(&player, "main a[href='/rulings/j-1']");
    browser::wait_for_url(&player, "the ruling", |u| u.ends_with("/rulings/j-1"));
    assert_eq!(heading(&player), question);
    click(&player, "a#step-through");
    browser::wait_for_url(&player, "the ruling's step", |u| {
        u.ends_with(&format!("/adjudicate/p/{hash}/{step}"))
    });
    assert!(
        heading(&player).starts_with(&format!("Step {step} of ")),
        "{}",
        heading(&player)
    );
    drop(player);
    drop(incognito);
    drop(chromium);

    // 3. The POSTs, without a browser.
    posts_need_a_session_and_its_token(server.addr(), &hash, step, &keyword);
    the_21st_wrong_password_is_refused_before_it_is_checked(server.addr());

    server.stop();
    eprintln!("browser_rulings took {:?}", started.elapsed());
}

/// Steps forward from step 0 of `hash` (→ on the page) until the current step's log
/// cites a keyword's page; answers the step and the keyword.
fn first_step_citing_a_keyword(tab: &Tab, base: &str, hash: &str) -> (usize, String) {
    for step in 1..40 {
        browser::open(tab, &format!("{base}/adjudicate/p/{hash}/{step}"));
        let cited: Vec<String> = eval_json(
            tab,
            "Array.from(document.querySelectorAll('ol.steps > li.step.current a[href^=\"/keyword/battleline/\"]'), \
               a => decodeURIComponent(a.pathname.split('/').pop()))",
        );
        if let Some(k) = cited.into_iter().next() {
            return (step, k);
        }
        if !eval_json::<bool>(tab, "!!document.querySelector('a[rel=next]')") {
            break;
        }
    }
    panic!("no step of {hash} cites a keyword")
}

/// Publishing: signed out 403, signed in without the CSRF token 403, with it 303.
fn posts_need_a_session_and_its_token(addr: SocketAddr, hash: &str, step: usize, keyword: &str) {
    let signed_in = http(
        addr,
        "POST",
        "/judge/sign-in",
        None,
        &form(&[("name", NAME), ("password", PASSWORD)]),
    );
    assert_eq!(signed_in.status, 303, "{}", signed_in.body);
    let cookie = signed_in
        .header("set-cookie")
        .and_then(|c| c.split(';').next())
        .expect("a session cookie")
        .to_string();
    let page = http(
        addr,
        "GET",
        &format!("/judge/publish?hash={hash}&step={step}"),
        Some(&cookie),
        "",
    );
    assert_eq!(page.status, 200);
    let at = page
        .body
        .find("name=\"csrf\" value=\"")
        .expect("the form's CSRF token")
        + 19;
    let csrf = page.body[at..at + 64].to_string();
    let step = step.to_string();
    let fields = |with_token: bool| {
        let mut f = vec![
            ("hash", hash),
            ("step", step.as_str()),
            ("question", "Refused?"),
            ("answer", "It should be."),
            ("keywords", keyword),
        ];
        if with_token {
            f.push(("csrf", &csrf));
        }
        form(&f)
    };
    let signed_out = http(addr, "POST", "/judge/publish", None, &fields(true));
    assert_eq!(signed_out.status, 403, "signed out: {}", signed_out.body);
    let no_token = http(
        addr,
        "POST",
        "/judge/publish",
        Some(&cookie),
        &fields(false),
    );
    assert_eq!(no_token.status, 403, "without the token: {}", no_token.body);
    let refused = http(addr, "GET", "/rulings/j-2", None, "");
    assert_eq!(refused.status, 404, "nothing was published");
    // The control: the same POST with the token publishes.
    let with = http(addr, "POST", "/judge/publish", Some(&cookie), &fields(true));
    assert_eq!(with.status, 303, "{}", with.body);
    assert_eq!(with.header("location"), Some("/rulings/j-2"));
}

/// Twenty wrong passwords for the judge from this client, then the right one: 429 with
/// a Retry-After, no cookie, and sooner than any attempt whose password was checked.
fn the_21st_wrong_password_is_refused_before_it_is_checked(addr: SocketAddr) {
    let wrong = form(&[("name", NAME), ("password", "not the password")]);
    let mut fastest_checked = Duration::MAX;
    for n in 1..=20 {
        let t = Instant::now();
        let resp = http(addr, "POST", "/judge/sign-in", None, &wrong);
        fastest_checked = fastest_checked.min(t.elapsed());
        assert_eq!(resp.status, 403, "wrong password {n}: {}", resp.body);
    }
    let t = Instant::now();
    let resp = http(
        addr,
        "POST",
        "/judge/sign-in",
        None,
        &form(&[("name", NAME), ("password", PASSWORD)]),
    );
    let took = t.elapsed();
    assert_eq!(resp.status, 429, "the 21st: {}", resp.body);
    let retry: u64 = resp
        .header("retry-after")
        .and_then(|r| r.parse().ok())
        .expect("a Retry-After");
    assert!((1..=60).contains(&retry), "Retry-After {retry}");
    assert!(resp.header("set-cookie").is_none(), "no session");
    assert!(
        took < fastest_checked,
        "refused before the password is checked: {took:?}, a checked one {fastest_checked:?}"
    );
}

/// An HTTP answer: status, headers (names lower-cased), body.
struct Answer {
    status: u16,
    headers: Vec<(String, String)>,
    body: String,
}

impl Answer {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// One HTTP/1.1 request on its own connection (a form body when `body` is not empty).
fn http(addr: SocketAddr, method: &str, path: &str, cookie: Option<&str>, body: &str) -> Answer {
    let mut stream = TcpStream::connect(addr).expect("connect to the test server");
    stream
        .set_read_timeout(Some(browser::TIMEOUT))
        .expect("a read timeout");
    let mut request = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    if let Some(c) = cookie {
        request.push_str(&format!("Cookie: {c}\r\n"));
    }
    if method == "POST" {
        request.push_str(&format!(
            "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n",
            body.len()
        ));
    }
    request.push_str("\r\n");
    request.push_str(body);
    stream
        .write_all(request.as_bytes())
        .expect("send the request");
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).expect("read the answer");
    let raw = String::from_utf8_lossy(&raw).into_owned();
    let (head, body) = raw.split_once("\r\n\r\n").expect("a head and a body");
    let mut lines = head.lines();
    let status = lines
        .next()
        .and_then(|l| l.split(' ').nth(1))
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("a status line: {head}"));
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let body = if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        unchunk(body)
    } else {
        body.to_string()
    };
    Answer {
        status,
        headers,
        body,
    }
}

/// The body of a chunked transfer.
fn unchunk(mut rest: &str) -> String {
    let mut out = String::new();
    while let Some((size, after)) = rest.split_once("\r\n") {
        let size = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if size == 0 || after.len() < size {
            break;
        }
        out.push_str(&after[..size]);
        rest = after[size..].trim_start_matches("\r\n");
    }
    out
}

fn form(fields: &[(&str, &str)]) -> String {
    fields
        .iter()
        .map(|(k, v)| common::http::form_field(k, v))
        .collect::<Vec<_>>()
        .join("&")
}

/// Screenshots of the page, desktop and 390 px, light and dark (`{name}_{scheme}_…`);
/// in dark, checks the page is dark; puts the light scheme back.
fn in_both_schemes(tab: &Tab, what: &str, name: &str) {
    for scheme in ["light", "dark"] {
        browser::media(tab, "screen", scheme);
        if scheme == "dark" {
            let (bg, ink) = browser::body_colours(tab);
            assert!(
                browser::luminance(bg) < 0.2 && browser::luminance(ink) > 0.7,
                "{what} in dark: background {bg:?}, text {ink:?}"
            );
        }
        browser::at_both_widths(
            tab,
            &format!("{what} ({scheme})"),
            &format!("{name}_{scheme}"),
        );
    }
    browser::media(tab, "screen", "light");
}

/// Checks the question and answer boxes span the form (they were a narrow default-size
/// box) and every text input shows all it holds.
fn fields_fit(tab: &Tab, what: &str) {
    let (narrow, clipped): (Vec<String>, Vec<String>) = eval_json(
        tab,
        "(() => { const f = document.getElementById('publish'); \
           const inner = f.clientWidth - 2 * parseFloat(getComputedStyle(f).paddingLeft); \
           const narrow = ['question', 'answer'].filter(id => \
             document.getElementById(id).getBoundingClientRect().width < 0.95 * inner); \
           const clipped = Array.from(f.querySelectorAll('input[type=text]')) \
             .filter(e => e.scrollWidth > e.clientWidth).map(e => e.name + ': ' + e.value); \
           return [narrow, clipped]; })()",
    );
    assert!(narrow.is_empty(), "{what}: {narrow:?} do not span the form");
    assert!(clipped.is_empty(), "{what}: the inputs cut off {clipped:?}");
}

/// Clicks the element `selector` and types `value` into it, key by key.
fn type_into(tab: &Tab, selector: &str, value: &str) {
    tab.wait_for_element(selector)
        .unwrap_or_else(|e| panic!("{selector}: {e:#}"))
        .click()
        .unwrap_or_else(|e| panic!("click {selector}: {e:#}"));
    tab.type_str(value)
        .unwrap_or_else(|e| panic!("type into {selector}: {e:#}"));
    let held: String = eval_json(
        tab,
        &format!(
            "document.querySelector({}).value",
            serde_json::to_string(selector).expect("JSON")
        ),
    );
    assert_eq!(held, value, "{selector} holds what was typed");
}

fn click(tab: &Tab, selector: &str) {
    tab.wait_for_element(selector)
        .unwrap_or_else(|e| panic!("{selector}: {e:#}"))
        .click()
        .unwrap_or_else(|e| panic!("click {selector}: {e:#}"));
}

/// Sets the builder's fields by name, as a paste would.
fn set_fields(tab: &Tab, values: &[(&str, &str)]) {
    let values = serde_json::to_string(values).expect("JSON");
    let missing: Vec<String> = eval_json(
        tab,
        &format!(
            "{values}.filter(([name, value]) => {{ \
               const e = document.querySelector('form.builder [name=\"' + name + '\"]'); \
               if (!e) return true; e.value = value; return false; }}).map(([name]) => name)"
        ),
    );
    assert!(missing.is_empty(), "the builder has the fields {missing:?}");
}

/// Checks every visible field of the page has a label with words in it, or an aria-label.
fn assert_labelled(tab: &Tab, what: &str) {
    let unlabelled: Vec<String> = eval_json(
        tab,
        "Array.from(document.querySelectorAll('input, select, textarea')) \
           .filter(e => e.type !== 'hidden') \
           .filter(e => !Array.from(e.labels || []).some(l => l.textContent.trim() !== '') \
                        && !(e.getAttribute('aria-label') || '').trim()) \
           .map(e => e.name || e.id || e.outerHTML)",
    );
    assert!(
        unlabelled.is_empty(),
        "{what}: every field has a label; not {unlabelled:?}"
    );
}
