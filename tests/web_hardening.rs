//! The HTTP surface under hostile or unusual requests (issue 12): slow bodies against a
//! real server, escaped request logs, security headers, `HEAD` and wrong methods on every
//! route, size limits of `/decks`, and messages that say what is wrong in the form's terms.

use crate::common;

use actix_web::body::{BodySize, MessageBody};
use actix_web::dev::{Service, ServiceResponse};
use actix_web::http::{Method, StatusCode};
use actix_web::{test as atest, App};
use arbiter::web::{configure, middleware, ServeConfig};
use std::collections::{BTreeSet, VecDeque};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

// ---------------------------------------------------------------------------------------
// Helpers

/// Starts a real server for `cfg` (bound to an ephemeral port on 127.0.0.1) on its own
/// thread; answers its address. The server lives as long as the test process.
fn start_server(cfg: ServeConfig) -> SocketAddr {
    let state = common::bundled_state();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        actix_web::rt::System::new().block_on(async move {
            let (server, addrs) = arbiter::web::bind(state, &cfg).expect("the server binds");
            tx.send(addrs[0]).expect("the test waits");
            server.await
        })
    });
    rx.recv_timeout(Duration::from_secs(60))
        .expect("the server starts")
}

/// Sends `request` on a new connection and reads until the server closes it.
fn raw(addr: SocketAddr, request: &str) -> String {
    let mut s = TcpStream::connect(addr).expect("connect");
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    s.write_all(request.as_bytes()).expect("write");
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out);
    String::from_utf8_lossy(&out).into_owned()
}

fn header<B>(resp: &ServiceResponse<B>, name: &str) -> Option<String> {
    resp.headers()
        .get(name)
        .map(|v| v.to_str().unwrap().to_string())
}

/// A stored step-through's hash (posted through the builder).
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
        atest::TestRequest::post()
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

/// One URL per route of `middleware::routes()`.
fn sample_urls(hash: &str) -> Vec<String> {
    let mut urls: Vec<String> = [
        "/",
        "/index.json",
        "/healthz",
        "/ping",
        "/keyword/battleline/Fury",
        "/card/battleline/Moss%20Troll",
        "/cards/karth?sort=value",
        "/rules/karth",
        "/rules/karth/5.1",
        "/search?q=fury",
        "/search.json?q=fury",
        "/api/search?q=fury",
        "/help/search",
        "/help/search.json",
        "/decks",
        "/decks.json",
        "/decks.csv",
        "/events",
        "/events.json",
        "/events/deck-check",
        "/events/deck-check.json",
        "/static/events.js",
        "/docs/decks",
        "/api/decks/validate",
        "/adjudicate",
        "/adjudicate.json",
        "/adjudicate/open",
        "/adjudicate/example/swtcg/Armor",
        "/adjudicate/cards?q=moss",
        "/adjudicate/cards.json?q=moss",
        "/adjudicate/rules",
        "/adjudicate/rules.json",
        "/adjudicate/rules/swtcg",
        "/api/adjudicate",
        "/api/openapi.json",
        "/judge/sign-in",
        "/judge/sign-in.json",
        "/judge/sign-out",
        "/judge/publish",
        "/judge/publish.json",
        "/judge/supersede/j-1",
        "/judge/supersede/j-1.json",
        "/rulings?game=karth",
        "/rulings.json",
        "/rulings.atom",
        "/rulings/battleline.atom",
        "/rulings/bl-fury",
        "/static/style.css",
        "/static/adjudicate.css",
        "/static/adjudicate.js",
        "/static/builder.js",
        "/static/decks.js",
        "/static/favicon.svg",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    for tail in [
        "",
        ".json",
        "/choose",
        "/decide",
        "/answer",
        "/interpret",
        "/jump?step=1",
        "/1",
        "/1/state.json",
    ] {
        urls.push(format!("/adjudicate/p/{hash}{tail}"));
    }
    urls.push(format!("/adjudicate/compare/{hash}/{hash}"));
    urls
}

const METHODS: &[&str] = &["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"];

// ---------------------------------------------------------------------------------------
// Finding 4: slow bodies

#[test]
fn a_body_that_never_arrives_answers_408_and_ping_answers_meanwhile() {
    let addr = start_server(ServeConfig {
        workers: Some(1),
        body_timeout: Duration::from_secs(3),
        ..ServeConfig::new("127.0.0.1:0")
    });
    let started = Instant::now();
    let mut slow = TcpStream::connect(addr).expect("connect");
    slow.set_read_timeout(Some(Duration::from_secs(15)))
        .unwrap();
    slow.write_all(
        b"POST /decks HTTP/1.1\r\nHost: t\r\nAccept: application/json\r\n\
          Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\nlist=Spark",
    )
    .unwrap();
    // The same (single) worker still answers others while the body is awaited: /ping is
    // answered while the slow request still has no answer (an order, not a stopwatch).
    let ping = raw(
        addr,
        "GET /ping HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n",
    );
    assert!(ping.starts_with("HTTP/1.1 200"), "{ping}");
    assert!(ping.ends_with("pong"), "{ping}");
    slow.set_nonblocking(true).unwrap();
    let mut first = [0u8; 1];
    let pending = slow.peek(&mut first);
    assert!(
        matches!(&pending, Err(e) if e.kind() == std::io::ErrorKind::WouldBlock),
        "/ping was answered only after the slow request's 408: {pending:?}"
    );
    slow.set_nonblocking(false).unwrap();
    let mut answer = Vec::new();
    let read = slow.read_to_end(&mut answer);
    let answer = String::from_utf8_lossy(&answer);
    assert!(
        read.is_ok(),
        "the server neither answered nor closed within 15 s: {read:?} {answer}"
    );
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(answer.contains("\"code\":\"timeout\""), "{answer}");
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "{:?}",
        started.elapsed()
    );
}

/// `HEAD` on the wire has no body; a head actix-http would refuse before any route runs
/// (a 90 KB query string, 1,000 headers, a head over 128 KiB) is answered by the head
/// guard with a status that fits, a body naming the limit, and a closed connection; a
/// normal request on the same server, and `/ping` afterwards, still work.
#[test]
fn a_head_actix_would_refuse_is_answered_with_a_body_naming_the_limit() {
    let addr = start_server(ServeConfig {
        workers: Some(1),
        ..ServeConfig::new("127.0.0.1:0")
    });
    let head = raw(
        addr,
        "HEAD /ping HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n",
    );
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    assert!(
        head.to_ascii_lowercase().contains("content-length: 4\r\n"),
        "{head}"
    );
    assert!(
        head.ends_with("\r\n\r\n"),
        "a HEAD answer has no body: {head:?}"
    );
    let body_of = |answer: &str| answer.split_once("\r\n\r\n").map(|(_, b)| b.to_owned());

    // 90 KiB of query: the target is 92,177 bytes, over the `http` crate's 65,534.
    let target = format!("/search?q={}", "a".repeat(90 * 1024));
    let long = raw(
        addr,
        &format!("GET {target} HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n"),
    );
    assert!(long.starts_with("HTTP/1.1 414"), "{long:.300}");
    let body = body_of(&long).unwrap_or_default();
    assert!(body.contains("65,534"), "{long:.300}");
    assert!(body.contains("92,170"), "{long:.300}");
    assert!(
        long.to_ascii_lowercase().contains("connection: close\r\n"),
        "{long:.300}"
    );

    let headers: String = (0..1000).map(|i| format!("X-H{i}: v\r\n")).collect();
    let many = raw(
        addr,
        &format!("GET /ping HTTP/1.1\r\nHost: t\r\n{headers}Connection: close\r\n\r\n"),
    );
    assert!(many.starts_with("HTTP/1.1 431"), "{many:.300}");
    let body = body_of(&many).unwrap_or_default();
    assert!(body.contains("1,002 headers"), "{many:.300}");
    assert!(body.contains("96"), "{many:.300}");

    // One header of 200 KiB: the head is over actix's 131,072 bytes.
    let huge = raw(
        addr,
        &format!(
            "GET /ping HTTP/1.1\r\nHost: t\r\nX-Big: {}\r\nConnection: close\r\n\r\n",
            "b".repeat(200 * 1024)
        ),
    );
    assert!(huge.starts_with("HTTP/1.1 431"), "{huge:.300}");
    let body = body_of(&huge).unwrap_or_default();
    assert!(body.contains("131,072"), "{huge:.300}");

    // A normal request with a body and a query still works, then `/ping`.
    let search = raw(
        addr,
        "GET /api/search?q=spark HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n",
    );
    assert!(search.starts_with("HTTP/1.1 200"), "{search:.300}");
    let validate = raw(
        addr,
        "POST /api/decks/validate HTTP/1.1\r\nHost: t\r\nContent-Type: text/plain\r\n\
         Content-Length: 8\r\nConnection: close\r\n\r\n3 Spark\n",
    );
    assert!(
        !validate.is_empty() && !validate.starts_with("HTTP/1.1 5"),
        "{validate:.300}"
    );
    let ping = raw(
        addr,
        "GET /ping HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n",
    );
    assert!(ping.ends_with("pong"), "{ping}");
}

/// Behind the head guard, a first head that does not arrive within `head_timeout` answers
/// 408 with a body; a connection that sends nothing is closed without an answer; and
/// keep-alive still serves a second request on the same connection.
#[test]
fn a_slow_first_head_answers_408_with_a_body_and_keep_alive_still_works() {
    let addr = start_server(ServeConfig {
        workers: Some(1),
        head_timeout: Duration::from_secs(1),
        ..ServeConfig::new("127.0.0.1:0")
    });
    let started = Instant::now();
    let slow = raw(addr, "GET /ping HTTP/1.1\r\nHost: t\r\n");
    assert!(slow.starts_with("HTTP/1.1 408"), "{slow}");
    assert!(slow.contains("within 1,000 ms"), "{slow}");
    let silent = raw(addr, "");
    assert_eq!(silent, "");
    assert!(
        started.elapsed() < Duration::from_secs(8),
        "{:?}",
        started.elapsed()
    );

    let mut s = TcpStream::connect(addr).expect("connect");
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let mut answers = String::new();
    for close in ["", "Connection: close\r\n"] {
        s.write_all(format!("GET /ping HTTP/1.1\r\nHost: t\r\n{close}\r\n").as_bytes())
            .unwrap();
        let mut chunk = [0u8; 4096];
        let mut got = Vec::new();
        while !String::from_utf8_lossy(&got).ends_with("pong") {
            let n = s.read(&mut chunk).expect("read");
            assert!(n > 0, "closed early: {}", String::from_utf8_lossy(&got));
            got.extend_from_slice(&chunk[..n]);
        }
        answers.push_str(&String::from_utf8_lossy(&got));
    }
    assert_eq!(answers.matches("HTTP/1.1 200").count(), 2, "{answers}");
}

/// What the head guard does not cover (`docs/security.md`): a second head on a keep-alive
/// connection meets actix-http alone, whose answer to a 90 KB target is an empty 400.
#[test]
fn a_later_head_on_a_keep_alive_connection_still_gets_actix_s_empty_answer() {
    let addr = start_server(ServeConfig {
        workers: Some(1),
        ..ServeConfig::new("127.0.0.1:0")
    });
    let long = format!(
        "GET /ping HTTP/1.1\r\nHost: t\r\n\r\nGET /search?q={} HTTP/1.1\r\nHost: t\r\n\r\n",
        "a".repeat(90 * 1024)
    );
    let answer = raw(addr, &long);
    let (first, second) = answer.split_once("pong").expect("the first answer");
    assert!(first.starts_with("HTTP/1.1 200"), "{answer:.300}");
    assert!(second.starts_with("HTTP/1.1 400"), "{second:.300}");
    assert!(second.ends_with("\r\n\r\n"), "{second:?}");
}

/// A route that reads no body (`GET /ping` with `Content-Length: 100` and 10 bytes) answers,
/// and the connection does not stay open waiting for the other 90.
#[test]
fn an_unread_body_that_never_arrives_does_not_hold_the_connection() {
    let addr = start_server(ServeConfig {
        workers: Some(1),
        body_timeout: Duration::from_secs(1),
        keep_alive: Duration::from_secs(1),
        ..ServeConfig::new("127.0.0.1:0")
    });
    let started = Instant::now();
    let answer = raw(
        addr,
        "GET /ping HTTP/1.1\r\nHost: t\r\nContent-Length: 100\r\n\r\n0123456789",
    );
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(
        started.elapsed() < Duration::from_secs(8),
        "{:?}",
        started.elapsed()
    );
}

/// Issue 27: a chunked body that never ends. The request is answered (a 408 where the
/// route reads the body, the route's answer where it does not) and the connection is
/// closed soon after, not kept to drain a body that never comes.
#[test]
fn an_unfinished_chunked_body_is_answered_and_its_connection_closed() {
    let addr = start_server(ServeConfig {
        workers: Some(1),
        body_timeout: Duration::from_secs(1),
        keep_alive: Duration::from_secs(1),
        ..ServeConfig::new("127.0.0.1:0")
    });
    for (request, status) in [
        (
            "POST /decks HTTP/1.1\r\nHost: t\r\nAccept: application/json\r\n\
             Content-Type: application/x-www-form-urlencoded\r\n\
             Transfer-Encoding: chunked\r\n\r\n64\r\nlist=Spark",
            "HTTP/1.1 408",
        ),
        (
            "GET /ping HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n64\r\nabc",
            "HTTP/1.1 200",
        ),
        // A wrong method is answered before any handler: its body is never read either.
        (
            "PUT /ping HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n64\r\nabc",
            "HTTP/1.1 405",
        ),
    ] {
        let started = Instant::now();
        let answer = raw(addr, request);
        assert!(answer.starts_with(status), "{answer}");
        assert!(
            answer.to_ascii_lowercase().contains("connection: close"),
            "{answer}"
        );
        // Before: the answer came and the connection stayed open (the read timed out
        // after 10 s with the answer in hand).
        assert!(
            started.elapsed() < Duration::from_secs(6),
            "closed only after {:?}",
            started.elapsed()
        );
    }
}

/// A chunked body sent whole still keeps the connection for the next request.
#[test]
fn a_whole_chunked_body_keeps_the_connection_alive() {
    let addr = start_server(ServeConfig {
        workers: Some(1),
        ..ServeConfig::new("127.0.0.1:0")
    });
    let answer = raw(
        addr,
        "POST /api/decks/validate HTTP/1.1\r\nHost: t\r\nContent-Type: text/plain\r\n\
         Transfer-Encoding: chunked\r\n\r\n8\r\n3 Spark\n\r\n0\r\n\r\n\
         GET /ping HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n",
    );
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer:.400}");
    assert!(answer.ends_with("pong"), "{answer:.400}");
    assert_eq!(answer.matches("HTTP/1.1 200").count(), 2, "{answer:.400}");
}

/// Every connection has a total deadline: a client that keeps a connection busy with
/// requests (so the keep-alive timer never runs out) has no new request read past it, and
/// the keep-alive timer then closes it; one that stops in the middle of a chunked body
/// the route is still reading past it is answered 408 at its body timeout and closed (the
/// hard end, later, is for what no timer of actix's ends).
#[test]
fn a_connection_is_closed_at_its_total_deadline() {
    let addr = start_server(ServeConfig {
        workers: Some(1),
        body_timeout: Duration::from_secs(3),
        keep_alive: Duration::from_secs(2),
        connection_timeout: Duration::from_secs(2),
        ..ServeConfig::new("127.0.0.1:0")
    });
    let started = Instant::now();
    let mut busy = TcpStream::connect(addr).expect("connect");
    busy.set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let mut answered = 0;
    let mut chunk = [0u8; 4096];
    'requests: while started.elapsed() < Duration::from_secs(10) {
        if busy
            .write_all(b"GET /ping HTTP/1.1\r\nHost: t\r\n\r\n")
            .is_err()
        {
            break;
        }
        let mut got = Vec::new();
        while !got.ends_with(b"pong") {
            match busy.read(&mut chunk) {
                Ok(n) if n > 0 => got.extend_from_slice(&chunk[..n]),
                _ => break 'requests,
            }
        }
        answered += 1;
        std::thread::sleep(Duration::from_millis(200));
    }
    let closed = started.elapsed();
    assert!(answered >= 3, "keep-alive served {answered} requests");
    // Requests every 200 ms: before the deadline the keep-alive timer never fires; after
    // it nothing is read, and the timer (2 s) closes the connection.
    assert!(
        closed >= Duration::from_millis(1900) && closed < Duration::from_secs(6),
        "closed after {closed:?}"
    );

    let started = Instant::now();
    let mut stalled = TcpStream::connect(addr).expect("connect");
    stalled
        .set_read_timeout(Some(Duration::from_secs(15)))
        .unwrap();
    stalled
        .write_all(
            b"POST /api/decks/validate HTTP/1.1\r\nHost: t\r\nContent-Type: text/plain\r\n\
              Transfer-Encoding: chunked\r\n\r\n64\r\n3 Spark\n",
        )
        .unwrap();
    std::thread::sleep(Duration::from_millis(2500));
    let mut answer = Vec::new();
    let read = stalled.read_to_end(&mut answer);
    assert!(read.is_ok(), "not closed within 15 s: {read:?}");
    assert!(
        String::from_utf8_lossy(&answer).starts_with("HTTP/1.1 408"),
        "{}",
        String::from_utf8_lossy(&answer)
    );
    assert!(
        started.elapsed() < Duration::from_secs(7),
        "closed after {:?}",
        started.elapsed()
    );
}

/// The connection cap holds: with room for one connection, a second waits until the slow
/// first one is timed out, then is answered.
#[test]
fn connections_over_the_cap_wait_for_a_free_one() {
    let addr = start_server(ServeConfig {
        workers: Some(1),
        max_connections: 1,
        body_timeout: Duration::from_secs(1),
        ..ServeConfig::new("127.0.0.1:0")
    });
    let mut slow = TcpStream::connect(addr).expect("connect");
    slow.write_all(
        b"POST /api/decks/validate HTTP/1.1\r\nHost: t\r\nContent-Type: text/plain\r\n\
          Content-Length: 100\r\n\r\n3 Spark\n",
    )
    .unwrap();
    std::thread::sleep(Duration::from_millis(200));
    let started = Instant::now();
    let ping = raw(
        addr,
        "GET /ping HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n",
    );
    let waited = started.elapsed();
    assert!(ping.ends_with("pong"), "{ping}");
    // Held back: by the time /ping is answered, the slow first connection has had its
    // answer (an order, not a stopwatch).
    slow.set_nonblocking(true).unwrap();
    let mut first = [0u8; 1];
    let answered = slow.peek(&mut first);
    assert!(
        matches!(answered, Ok(1)),
        "/ping was answered before the slow connection was timed out: {answered:?}"
    );
    slow.set_nonblocking(false).unwrap();
    assert!(waited < Duration::from_secs(10), "{waited:?}");
    let mut answer = String::new();
    let _ = slow.read_to_string(&mut answer);
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
}

#[test]
fn serve_config_defaults_are_bounded() {
    let d = ServeConfig::default();
    assert_eq!(d.head_timeout, Duration::from_secs(5));
    assert_eq!(d.body_timeout, Duration::from_secs(10));
    assert_eq!(d.keep_alive, Duration::from_secs(5));
    assert_eq!(d.connection_timeout, Duration::from_secs(60));
    assert_eq!(d.max_connections, arbiter::web::default_max_connections());
    assert!((64..=25_000).contains(&d.max_connections));
}

// ---------------------------------------------------------------------------------------
// Finding 5: the request log

/// A writer into a shared buffer, for a `tracing` subscriber.
#[derive(Clone, Default)]
struct Captured(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

impl Write for Captured {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

thread_local! {
    /// Where this thread's log lines go, and whether as JSON lines.
    static ROUTE: std::cell::RefCell<Option<(Captured, bool)>> = const { std::cell::RefCell::new(None) };
}

/// A writer into the calling thread's [`ROUTE`], or nowhere.
struct Routed;

impl Write for Routed {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        ROUTE.with(|r| {
            if let Some((c, _)) = r.borrow_mut().as_mut() {
                c.0.lock().unwrap().extend_from_slice(buf);
            }
        });
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Text or JSON lines, as the calling thread's [`ROUTE`] asks.
struct Switched(tracing_subscriber::fmt::format::Format);

impl<S, N> tracing_subscriber::fmt::FormatEvent<S, N> for Switched
where
    S: tracing::Subscriber + for<'a> tracing_subscriber::registry::LookupSpan<'a>,
    N: for<'a> tracing_subscriber::fmt::FormatFields<'a> + 'static,
{
    fn format_event(
        &self,
        ctx: &tracing_subscriber::fmt::FmtContext<'_, S, N>,
        writer: tracing_subscriber::fmt::format::Writer<'_>,
        event: &tracing::Event<'_>,
    ) -> std::fmt::Result {
        if ROUTE.with(|r| r.borrow().as_ref().is_some_and(|(_, json)| *json)) {
            arbiter::web::logging::JsonLines.format_event(ctx, writer, event)
        } else {
            self.0.format_event(ctx, writer, event)
        }
    }
}

/// Stops routing this thread's log when dropped.
struct RouteGuard;

impl Drop for RouteGuard {
    fn drop(&mut self) {
        ROUTE.with(|r| *r.borrow_mut() = None);
    }
}

/// Routes this thread's log into `captured`, as `serve` writes it: text, or with
/// `--log-format json` one JSON object per line. One global subscriber serves every
/// test: scoped ones (`set_default`) race with other threads' first events over
/// `tracing`'s cached interest, and then a line is never written (seen in the full
/// suite, never alone).
fn log_into(captured: &Captured, json: bool) -> RouteGuard {
    static GLOBAL: std::sync::Once = std::sync::Once::new();
    GLOBAL.call_once(|| {
        let log = tracing_subscriber::fmt()
            .with_ansi(false)
            .with_max_level(tracing::Level::INFO)
            .event_format(Switched(
                tracing_subscriber::fmt::format::Format::default().with_ansi(false),
            ))
            .with_writer(|| Routed)
            .finish();
        // Another test may have set one first: then this one's lines are not captured,
        // and the assertions below say so.
        let _ = tracing::subscriber::set_global_default(log);
    });
    ROUTE.with(|r| *r.borrow_mut() = Some((captured.clone(), json)));
    RouteGuard
}

impl Captured {
    /// The request log's lines written so far.
    fn access_lines(&self) -> Vec<String> {
        String::from_utf8(self.0.lock().unwrap().clone())
            .unwrap()
            .lines()
            .filter(|l| l.contains("arbiter::access"))
            .map(String::from)
            .collect()
    }
}

#[actix_web::test]
async fn control_characters_in_a_path_are_escaped_in_the_log() {
    let captured = Captured::default();
    let _guard = log_into(&captured, false);
    let app = atest::init_service(App::new().configure(configure(common::bundled_state()))).await;
    let resp = atest::call_service(
        &app,
        atest::TestRequest::get()
            .uri("/card/battleline/%1B%5B31mred%0AERROR%20forged%20line%0D")
            .to_request(),
    )
    .await;
    assert_eq!(resp.status(), StatusCode::NOT_FOUND);
    drop(resp);
    let log = String::from_utf8(captured.0.lock().unwrap().clone()).unwrap();
    assert!(
        log.contains("forged%20line"),
        "the request is logged: {log}"
    );
    assert!(!log.contains('\x1b'), "a raw ESC: {log:?}");
    assert!(!log.contains('\r'), "a raw CR: {log:?}");
    for line in log.lines() {
        assert!(
            !line.starts_with("ERROR forged"),
            "a forged log line: {log}"
        );
    }
    assert!(log.contains("\\nERROR%20forged%20line"), "{log}");
    assert!(log.contains("\\u{1b}%5B31mred"), "{log}");
}

/// Issue 31, the operator: "One line per request (method, path, status, bytes,
/// duration)": a page, a JSON answer, a 404, a 405, a HEAD and a POST are each one line,
/// whatever their status, the bytes those of the body sent.
#[actix_web::test]
async fn every_request_is_one_line_of_the_log() {
    let captured = Captured::default();
    let _guard = log_into(&captured, false);
    let app = atest::init_service(App::new().configure(configure(common::bundled_state()))).await;
    let requests = vec![
        (
            atest::TestRequest::get().uri("/search?q=fury"),
            "GET",
            "/search?q=fury",
            200,
        ),
        (
            atest::TestRequest::get().uri("/api/search?q=parry"),
            "GET",
            "/api/search?q=parry",
            200,
        ),
        (
            atest::TestRequest::get().uri("/no/such/page"),
            "GET",
            "/no/such/page",
            404,
        ),
        (
            atest::TestRequest::post().uri("/search"),
            "POST",
            "/search",
            405,
        ),
        (
            atest::TestRequest::default().method(Method::HEAD).uri("/"),
            "HEAD",
            "/",
            200,
        ),
        (
            atest::TestRequest::post()
                .uri("/api/decks/validate")
                .insert_header(("Content-Type", "text/plain"))
                .set_payload("1 Nobody"),
            "POST",
            "/api/decks/validate",
            0,
        ),
    ];
    let mut answered = Vec::new();
    for (req, method, path, status) in requests {
        let resp = atest::call_service(&app, req.to_request()).await;
        let got = resp.status().as_u16();
        let bytes = atest::read_body(resp).await.len();
        answered.push((method, path, status, got, bytes));
    }
    let lines = captured.access_lines();
    assert_eq!(
        lines.len(),
        answered.len(),
        "one line per request: {lines:#?}"
    );
    for (line, (method, path, status, got, bytes)) in lines.iter().zip(&answered) {
        if *status != 0 {
            assert_eq!(got, status, "{line}");
        }
        let want = format!("method={method} path={path} status={got} bytes={bytes} duration_ms=");
        assert!(line.contains(&want), "{want} in {line}");
    }
}

/// Issue 31, the operator: "`--log-format json` for log shippers, with the query
/// string's values never cut into a second line": every line is one JSON object with the
/// request's fields, a query holding encoded line breaks and spaces included.
#[actix_web::test]
async fn the_json_log_is_one_object_per_line() {
    let captured = Captured::default();
    let _guard = log_into(&captured, true);
    let app = atest::init_service(App::new().configure(configure(common::bundled_state()))).await;
    let uri = "/search?q=fury%0D%0Aforged%20line%20%22x%22&per_page=5";
    let resp = atest::call_service(&app, atest::TestRequest::get().uri(uri).to_request()).await;
    let body = atest::read_body(resp).await;
    let resp = atest::call_service(&app, atest::TestRequest::get().uri("/nope").to_request()).await;
    drop(resp);
    let lines = captured.access_lines();
    assert_eq!(lines.len(), 2, "{lines:#?}");
    let first: serde_json::Value = serde_json::from_str(&lines[0]).unwrap();
    assert_eq!(first["method"], "GET");
    assert_eq!(first["status"], 200);
    assert_eq!(first["bytes"], body.len() as u64);
    assert_eq!(first["target"], "arbiter::access");
    assert_eq!(first["level"], "INFO");
    assert!(
        first["duration_ms"].as_f64().is_some_and(|d| d >= 0.0),
        "{first}"
    );
    assert!(
        first["timestamp"]
            .as_str()
            .is_some_and(|t| t.ends_with('Z')),
        "{first}"
    );
    assert_eq!(
        first["path"],
        "/search?q=fury\\r\\nforged%20line%20%22x%22&per_page=5"
    );
    let second: serde_json::Value = serde_json::from_str(&lines[1]).unwrap();
    assert_eq!(
        (second["path"].as_str(), second["status"].as_u64()),
        (Some("/nope"), Some(404))
    );
    // Every line of the log, not only the requests', is one object.
    let log = String::from_utf8(captured.0.lock().unwrap().clone()).unwrap();
    for line in log.lines() {
        serde_json::from_str::<serde_json::Value>(line).unwrap();
    }
}

// ---------------------------------------------------------------------------------------
// Finding 7: security headers, caching, CORS

#[actix_web::test]
async fn every_response_carries_the_security_headers() {
    let app = atest::init_service(App::new().configure(configure(common::bundled_state()))).await;
    let cases: Vec<(atest::TestRequest, &str)> = vec![
        (atest::TestRequest::get().uri("/"), "page"),
        (atest::TestRequest::get().uri("/search?q=fury"), "page"),
        (
            atest::TestRequest::get().uri("/card/battleline/Moss%20Troll"),
            "page",
        ),
        (atest::TestRequest::get().uri("/search.json?q=fury"), "json"),
        (atest::TestRequest::get().uri("/api/search?q=fury"), "json"),
        (
            atest::TestRequest::get()
                .uri("/decks")
                .insert_header(("Accept", "application/json")),
            "json",
        ),
        (atest::TestRequest::get().uri("/static/style.css"), "static"),
        (atest::TestRequest::get().uri("/static/decks.js"), "static"),
        (atest::TestRequest::get().uri("/no/such/page"), "page"),
        (atest::TestRequest::get().uri("/card/nope.json"), "json"),
        (
            atest::TestRequest::post()
                .uri("/api/decks/validate")
                .insert_header(("Content-Type", "text/plain"))
                .set_payload("3 Spark"),
            "post",
        ),
        (atest::TestRequest::delete().uri("/decks"), "page"),
    ];
    for (req, kind) in cases {
        let req = req.to_request();
        let what = format!("{} {}", req.method(), req.path());
        let resp = atest::call_service(&app, req).await;
        let h = |n| header(&resp, n);
        let csp = h("content-security-policy").unwrap_or_default();
        for part in [
            "default-src 'none'",
            "script-src 'self'",
            "style-src 'self'",
            "frame-ancestors 'none'",
            "base-uri 'none'",
        ] {
            assert!(csp.contains(part), "{what}: CSP {csp:?} lacks {part}");
        }
        assert!(!csp.contains("unsafe-inline"), "{what}");
        assert_eq!(
            h("x-content-type-options").as_deref(),
            Some("nosniff"),
            "{what}"
        );
        assert_eq!(h("x-frame-options").as_deref(), Some("DENY"), "{what}");
        assert_eq!(
            h("referrer-policy").as_deref(),
            Some("same-origin"),
            "{what}"
        );
        let cache = h("cache-control");
        let cors = h("access-control-allow-origin");
        match kind {
            "static" => {
                assert_eq!(cache.as_deref(), Some("public, max-age=86400"), "{what}");
            }
            "json" => {
                assert_eq!(cache.as_deref(), Some("no-cache"), "{what}");
                assert_eq!(cors.as_deref(), Some("*"), "{what}: read-only JSON is open");
            }
            "post" => {
                assert_eq!(cache.as_deref(), Some("no-cache"), "{what}");
                assert_eq!(cors, None, "{what}: POST is not open to other origins");
            }
            _ => {
                assert_eq!(cache.as_deref(), Some("no-cache"), "{what}");
                assert_eq!(cors, None, "{what}: HTML is not shared");
            }
        }
    }
    // A page whose format is negotiated says so to caches.
    let resp =
        atest::call_service(&app, atest::TestRequest::get().uri("/decks").to_request()).await;
    assert!(header(&resp, "vary").unwrap_or_default().contains("Accept"));
}

// ---------------------------------------------------------------------------------------
// Finding 8: HEAD and wrong methods, on every route

#[actix_web::test]
async fn every_route_answers_head_like_get_and_a_wrong_method_with_405() {
    // With rulings, so a ruling's page is there to ask.
    let state = crate::rulings_pages::state();
    let app = atest::init_service(App::new().configure(configure(state))).await;
    let hash = a_permalink(&app).await;
    let urls = sample_urls(&hash);
    // Every route of the table has a sample.
    for (pattern, _) in middleware::routes() {
        let def = actix_web::dev::ResourceDef::new(pattern);
        assert!(
            urls.iter()
                .any(|u| def.is_match(u.split('?').next().unwrap())
                    && middleware::allowed(u.split('?').next().unwrap())
                        == middleware::allowed(pattern)),
            "no sample URL for {pattern}"
        );
    }
    for url in &urls {
        let path = url.split('?').next().unwrap();
        let allow = middleware::allowed(path).unwrap_or_else(|| panic!("{url} is a route"));
        let json = path.ends_with(".json") || path.starts_with("/api/");
        for &m in METHODS {
            let method = Method::from_bytes(m.as_bytes()).unwrap();
            let req = atest::TestRequest::default()
                .method(method.clone())
                .uri(url)
                .to_request();
            let resp = atest::call_service(&app, req).await;
            let status = resp.status();
            if allow.contains(&m) {
                assert_ne!(status, StatusCode::METHOD_NOT_ALLOWED, "{m} {url}");
                assert_ne!(status, StatusCode::NOT_FOUND, "{m} {url}");
                continue;
            }
            assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED, "{m} {url}");
            assert_eq!(
                header(&resp, "allow").as_deref(),
                Some(allow.join(", ").as_str()),
                "{m} {url}"
            );
            let ctype = header(&resp, "content-type").unwrap_or_default();
            let body = String::from_utf8(atest::read_body(resp).await.to_vec()).unwrap();
            if m == "HEAD" {
                assert!(body.is_empty(), "{m} {url}: {body}");
            } else if json {
                assert_eq!(ctype, "application/json", "{m} {url}");
                let v: serde_json::Value = serde_json::from_str(&body).unwrap();
                assert_eq!(v["object"], "error", "{m} {url}");
                assert_eq!(v["status"], 405, "{m} {url}");
                assert_eq!(v["code"], "method_not_allowed", "{m} {url}");
                assert!(
                    v["details"].as_str().unwrap().contains(m),
                    "{m} {url}: {body}"
                );
            } else {
                assert!(ctype.starts_with("text/html"), "{m} {url}: {ctype}");
                assert!(body.contains("405"), "{m} {url}: {body}");
                assert!(body.contains("is not allowed"), "{m} {url}: {body}");
            }
        }
        // The JSON error object when JSON is asked for on an HTML route.
        if !json && !allow.contains(&"PUT") {
            let resp = atest::call_service(
                &app,
                atest::TestRequest::put()
                    .uri(url)
                    .insert_header(("Accept", "application/json"))
                    .to_request(),
            )
            .await;
            assert_eq!(resp.status(), StatusCode::METHOD_NOT_ALLOWED);
            let v: serde_json::Value = atest::read_body_json(resp).await;
            assert_eq!(v["code"], "method_not_allowed", "PUT {url}");
        }
        if allow.contains(&"GET") {
            assert_head_like_get(&app, url).await;
        }
    }
}

/// Every route registered in `src/web/` (a `route("…")` or `resource("…")` / `resource(["…",
/// "…"])` path) is in the middleware's table, so it answers `HEAD` and 405 like the rest.
#[test]
fn every_registered_route_is_in_the_method_table() {
    let table: BTreeSet<&str> = middleware::routes().map(|(p, _)| p).collect();
    let call =
        regex::Regex::new(r#"(?:route|resource)\(\s*\[?\s*"(/[^"]*)"(?:\s*,\s*"(/[^"]*)")?"#)
            .unwrap();
    let mut files = vec![std::path::PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/src/web"
    ))];
    let mut found = 0;
    while let Some(path) = files.pop() {
        if path.is_dir() {
            files.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        for caps in call.captures_iter(&text) {
            for route in caps.iter().skip(1).flatten() {
                found += 1;
                assert!(
                    table.contains(route.as_str()),
                    "{} registers {} but middleware::ROUTES does not list it",
                    path.display(),
                    route.as_str()
                );
            }
        }
    }
    assert!(
        found >= table.len(),
        "only {found} routes found in the source"
    );
}

/// `HEAD url` answers what `GET url` does, headers and body length included, with no body.
async fn assert_head_like_get<S>(app: &S, url: &str)
where
    S: Service<actix_http::Request, Response = ServiceResponse, Error = actix_web::Error>,
{
    let get = atest::call_service(app, atest::TestRequest::get().uri(url).to_request()).await;
    let head = atest::call_service(
        app,
        atest::TestRequest::default()
            .method(Method::HEAD)
            .uri(url)
            .to_request(),
    )
    .await;
    assert_eq!(head.status(), get.status(), "HEAD {url}");
    let names = |r: &ServiceResponse| -> BTreeSet<String> {
        r.headers()
            .iter()
            .filter(|(n, _)| n.as_str() != "date")
            .map(|(n, v)| format!("{n}: {}", v.to_str().unwrap_or("")))
            .collect()
    };
    assert_eq!(names(&head), names(&get), "HEAD {url}");
    let size = get.response().body().size();
    assert_eq!(head.response().body().size(), size, "HEAD {url}");
    if get.status() == StatusCode::OK {
        assert!(
            matches!(size, BodySize::Sized(n) if n > 0),
            "GET {url}: {size:?}"
        );
    }
    let body = atest::read_body(head).await;
    assert!(body.is_empty(), "HEAD {url} has a body");
}

/// Every page reachable from `/` (breadth first, bounded): `HEAD` answers as `GET` does,
/// `DELETE` is a 405, and no page has inline script, inline style or an event attribute
/// (the CSP would block them).
#[actix_web::test]
async fn every_reachable_page_answers_head_and_405_and_has_no_inline_script() {
    let app = atest::init_service(App::new().configure(configure(common::bundled_state()))).await;
    let mut queue = VecDeque::from(["/".to_string()]);
    let mut seen = BTreeSet::from(["/".to_string()]);
    let mut visited = 0;
    while let Some(url) = queue.pop_front() {
        visited += 1;
        // About 5,300 (see `crawl::MAX_PAGES`).
        assert!(visited <= 6000, "the crawl bound needs raising");
        let resp =
            atest::call_service(&app, atest::TestRequest::get().uri(&url).to_request()).await;
        assert_eq!(resp.status(), StatusCode::OK, "{url}");
        let html = header(&resp, "content-type")
            .unwrap_or_default()
            .starts_with("text/html");
        let body = String::from_utf8(atest::read_body(resp).await.to_vec()).unwrap();
        assert_head_like_get(&app, &url).await;
        let resp =
            atest::call_service(&app, atest::TestRequest::delete().uri(&url).to_request()).await;
        assert_eq!(
            resp.status(),
            StatusCode::METHOD_NOT_ALLOWED,
            "DELETE {url}"
        );
        if !html {
            continue;
        }
        assert_no_inline_code(&url, &body);
        let mut rest = body.as_str();
        while let Some(i) = rest.find("href=\"") {
            rest = &rest[i + 6..];
            let Some(end) = rest.find('"') else { break };
            let href = rest[..end].replace("&#38;", "&").replace("&amp;", "&");
            let href = href.split('#').next().unwrap_or("").to_string();
            rest = &rest[end..];
            if !href.starts_with('/') || href.starts_with("//") {
                continue;
            }
            // One page of a search and one refinement are enough.
            if href.starts_with("/search") && (href.contains("page=") || url.contains("%20")) {
                continue;
            }
            if seen.insert(href.clone()) {
                queue.push_back(href);
            }
        }
    }
    assert!(visited > 50, "{visited} pages");
}

fn assert_no_inline_code(url: &str, html: &str) {
    let lower = html.to_ascii_lowercase();
    let mut rest = lower.as_str();
    while let Some(i) = rest.find("<script") {
        rest = &rest[i..];
        let tag_end = rest.find('>').unwrap_or(rest.len());
        assert!(
            rest[..tag_end].contains(" src="),
            "{url}: inline <script>: {}",
            &rest[..tag_end.min(80)]
        );
        assert!(
            rest[tag_end..].starts_with("></script>"),
            "{url}: script with a body"
        );
        rest = &rest[tag_end..];
    }
    assert!(!lower.contains("<style"), "{url}: inline <style>");
    assert!(!lower.contains(" style=\""), "{url}: a style attribute");
    for event in [
        "onclick=",
        "onload=",
        "onchange=",
        "onsubmit=",
        "oninput=",
        "onerror=",
    ] {
        assert!(!lower.contains(event), "{url}: an {event} attribute");
    }
    assert!(!lower.contains("javascript:"), "{url}: a javascript: URL");
}

// ---------------------------------------------------------------------------------------
// Finding 13: /decks sizes

async fn post_decks(list: &str) -> (StatusCode, serde_json::Value) {
    let body = format!(
        "list={}",
        percent_encoding::utf8_percent_encode(list, percent_encoding::NON_ALPHANUMERIC)
    );
    let (status, _, text) = common::http::post(
        common::bundled_state(),
        "/decks",
        Some("application/x-www-form-urlencoded"),
        Some("application/json"),
        body,
    )
    .await;
    let v = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text:.200}"));
    (status, v)
}

#[actix_web::test]
async fn decks_over_1_mib_answers_413_with_the_documented_message() {
    // Over the cap decoded, and over any encoded allowance: 413 either way.
    for list in ["x".repeat(1024 * 1024 + 10), "\n".repeat(3 * 1024 * 1024)] {
        let (status, v) = post_decks(&list).await;
        assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{v}");
        assert_eq!(v["code"], "too_large", "{v}");
        let details = v["details"].as_str().unwrap();
        assert!(details.contains("1048576 bytes (1 MiB)"), "{details}");
    }
}

#[actix_web::test]
async fn decks_under_1_mib_is_read_though_url_encoding_inflates_it() {
    // 700 KB of text that encodes to 2.1 MB (every newline is `%0A`).
    let list = format!("3 Spark\n{}", "\n".repeat(700 * 1024));
    assert!(list.len() < 1024 * 1024);
    let (status, v) = post_decks(&list).await;
    assert_eq!(status, StatusCode::OK, "{v:.300}");
    assert_eq!(v["object"], "list", "{v:.300}");
}

// ---------------------------------------------------------------------------------------
// Finding 14: messages

#[actix_web::test]
async fn a_query_of_only_and_says_there_is_nothing_to_search_with_the_offset() {
    // Nothing to search for finds nothing (200, as the document promises every `q`), and
    // its warnings say why and where.
    for uri in ["/search.json?q=AND", "/api/search?q=%20and"] {
        let (status, _, body) = common::http::get(common::bundled_state(), uri, None).await;
        assert_eq!(status, StatusCode::OK, "{uri}");
        let v: serde_json::Value = serde_json::from_str(&body).unwrap();
        assert_eq!(v["total"], 0, "{uri}");
        let w = &v["warnings"][0];
        let message = w["message"].as_str().unwrap();
        assert!(!message.contains("is empty"), "{uri}: {message}");
        assert!(message.contains("`AND` is an operator"), "{uri}: {message}");
        assert!(
            message.contains("nothing to search for"),
            "{uri}: {message}"
        );
        let offset = if uri.contains("%20") { 1 } else { 0 };
        assert_eq!(w["offset"], offset, "{uri}: {w}");
    }
    // A truly empty query still says so.
    let (status, _, body) =
        common::http::get(common::bundled_state(), "/api/search?q=", None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(body.contains("is empty"), "{body}");
}

async fn post_builder(form: &str, accept: Option<&str>) -> (StatusCode, String) {
    let (status, _, body) = common::http::post(
        common::bundled_state(),
        "/adjudicate",
        Some("application/x-www-form-urlencoded"),
        accept,
        form.to_string(),
    )
    .await;
    (status, body)
}

const BASE_FORM: &str =
    "seed=1&turns=1&p0_name=A&p0_s1_card=Moss+Troll&p1_name=B&p1_s1_card=Hex+Witch";

#[actix_web::test]
async fn the_builder_counts_players_as_the_form_does() {
    for player in ["3", "0"] {
        let form = format!("{BASE_FORM}&a1_play=Moss+Troll&a1_player={player}");
        let (status, body) = post_builder(&form, Some("application/json")).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert!(!body.contains("expected 0 or 1"), "{body}");
        assert!(
            body.contains(&format!(
                "Play 1 player: {player} is not a player; the players are 1 and 2"
            )),
            "{body}"
        );
    }
    // Players 1 and 2 are accepted.
    for player in ["1", "2"] {
        let form = format!("{BASE_FORM}&a1_play=Moss+Troll&a1_player={player}");
        let (status, body) = post_builder(&form, Some("application/json")).await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
}

#[actix_web::test]
async fn the_builder_refuses_an_unknown_field_by_name() {
    let form = format!("{BASE_FORM}&p3_name=C&p0_s9_card=Spark&bogus=1&bogus=2");
    let (status, body) = post_builder(&form, Some("application/json")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let v: serde_json::Value = serde_json::from_str(&body).unwrap();
    let errors = v["errors"].as_array().unwrap();
    assert_eq!(errors.len(), 3, "each unknown name once: {v}");
    for name in ["p3_name", "p0_s9_card", "bogus"] {
        assert!(
            errors.iter().any(|e| e
                .as_str()
                .unwrap()
                .starts_with(&format!("form field `{name}` is not one the builder reads"))),
            "{name}: {v}"
        );
    }
    assert!(
        errors[0].as_str().unwrap().contains("p<P>_s<N>_{card,"),
        "{v}"
    );
    // The HTML page says it too, as a 400 with the form.
    let (status, body) = post_builder(&form, None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    // Its backticks are code on the page, never a literal backtick.
    assert!(
        body.contains("form field <code>bogus</code>"),
        "{body:.500}"
    );
    // Every field the builder's own page sends is known.
    let (status, body) = post_builder(BASE_FORM, Some("application/json")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, _, page) = common::http::get(common::bundled_state(), "/adjudicate", None).await;
    let form = &page[page
        .find("<form class=\"builder\"")
        .expect("the builder form")..];
    let form = &form[..form.find("</form>").expect("the form's end")];
    let mut names = BTreeSet::new();
    let mut rest = form;
    while let Some(i) = rest.find(" name=\"") {
        rest = &rest[i + 7..];
        let end = rest.find('"').unwrap();
        names.insert(rest[..end].to_string());
    }
    assert!(names.len() > 100, "{names:?}");
    let all: Vec<String> = names.iter().map(|n| format!("{n}=")).collect();
    let (_, body) = post_builder(&all.join("&"), Some("application/json")).await;
    assert!(
        !body.contains("is not one the builder reads"),
        "{body:.600}"
    );
}

/// Issue 27: a form of about 100 KB with thousands of bad list items answers a small
/// refusal: a few problems at each field and an "and N more" there, located at the
/// field, in both formats (before: one message per item, several MB).
#[actix_web::test]
async fn a_huge_bad_form_answers_a_small_located_refusal() {
    let items = |prefix: &str| {
        (0..7000)
            .map(|i| format!("{prefix}{i}"))
            .collect::<Vec<_>>()
            .join(",")
    };
    let form = format!(
        "{BASE_FORM}&choices={}&decisions={}",
        items("c"),
        items("d")
    );
    assert!(form.len() > 80_000, "{}", form.len());
    let (status, body) = post_builder(&form, Some("application/json")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body:.300}");
    assert!(body.len() < 32_000, "{} bytes", body.len());
    let v: serde_json::Value = serde_json::from_str(&body).unwrap();
    let fields = v["fields"].as_array().unwrap();
    for field in ["choices", "decisions"] {
        let at: Vec<&str> = fields
            .iter()
            .filter(|e| e["field"] == field)
            .map(|e| e["message"].as_str().unwrap())
            .collect();
        assert_eq!(at.len(), 6, "{field}: {at:?}");
        assert!(at[0].contains("item 1: \""), "{field}: {at:?}");
        // The list is read up to its cap (257 items), the rest not at all.
        assert_eq!(at[5], "… and 252 more at this field", "{field}: {at:?}");
    }
    let (status, page) = post_builder(&form, None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    // The form echoes what was posted (about 100 KB); the problems add little.
    assert!(page.len() < form.len() + 200_000, "{} bytes", page.len());
    assert!(page.contains("… and 252 more at this field"), "{page:.300}");
    // The heading counts every problem read (257 items a field), not the lines listed.
    assert!(
        page.contains("The position has 514 problems"),
        "{page:.1500}"
    );
    assert_eq!(
        page.matches("is not chance:slot").count(),
        10,
        "summary and field"
    );
}
