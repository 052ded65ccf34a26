//! What every response shares, whatever route answers it: methods (`HEAD` wherever `GET`
//! works; a wrong method is a 405 with `Allow` and an error body in the page's format),
//! a deadline on reading a request's body (408), closing a connection whose request body
//! was not read to its end, and the security and caching headers.
//!
//! The close: actix-http closes after answering a request whose body is unfinished, unless
//! that body is chunked and its reader has been dropped; then it keeps the connection to
//! drain the rest of the body, with no timer, so a client that stops sending holds it for
//! ever (issue 27). The middleware keeps the request's body alive until the answer has
//! been written ([`HeldBody`]), so actix-http sees it unfinished, answers with
//! `Connection: close` and closes after its disconnect timeout, chunked or not.
//!
//! It is one middleware ([`surface`]), wrapped around every route by
//! [`configure`](super::configure), so the in-process tests see what a client sees.
//!
//! Headers (see `docs/security.md` for the reasons):
//! - `Content-Security-Policy`: [`CSP`]; no page has inline script or style, so none is
//!   allowed; `frame-ancestors 'none'` (and `X-Frame-Options: DENY`) forbid framing.
//! - `X-Content-Type-Options: nosniff`, `Referrer-Policy: same-origin`.
//! - `Cache-Control`: `/static/` files `public, max-age=86400`; every other answer
//!   `no-cache` unless its handler set one.
//! - `Access-Control-Allow-Origin: *` on JSON answers to `GET`/`HEAD` (the read-only JSON
//!   twins and API); never on `POST`. `Vary: Accept` where the format is negotiated.

use super::error::WebError;
use super::Format;
use actix_web::body::{BodySize, BoxBody, MessageBody};
use actix_web::dev::{Payload, ResourceDef, ServiceRequest, ServiceResponse};
use actix_web::error::PayloadError;
use actix_web::http::header::{self, HeaderValue};
use actix_web::http::{ConnectionType, Method};
use actix_web::middleware::Next;
use actix_web::web::Bytes;
use actix_web::{HttpMessage, HttpResponse};
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;
use std::sync::OnceLock;
use std::task::{Context, Poll};
use std::time::Duration;

/// The `Content-Security-Policy` of every response.
pub const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
img-src 'self' data:; connect-src 'self'; form-action 'self'; base-uri 'none'; \
frame-ancestors 'none'";

/// `Cache-Control` of the files under `/static/` (not fingerprinted: a day at most).
pub const STATIC_CACHE: &str = "public, max-age=86400";

/// `Cache-Control` of pages, JSON twins and errors: a cache must revalidate.
pub const PAGE_CACHE: &str = "no-cache";

/// Time allowed to read a request's whole body, counted from when its handler starts
/// reading it (at once, for every extractor); over it
/// the request answers 408 and the connection is closed. Put in the app's data; without
/// it [`BodyDeadline::default`] applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BodyDeadline(pub Duration);

impl Default for BodyDeadline {
    /// 10 seconds: a 1 MiB decklist at 100 KB/s.
    fn default() -> Self {
        BodyDeadline(Duration::from_secs(10))
    }
}

/// The methods each route answers, first match wins (so the fixed segments come before
/// the `{step}` that would match them too). `HEAD` goes with every `GET`. A path that
/// matches none of these is left to the router (a 404).
///
/// Keep in step with the `routes` functions of the page families: `tests/web_hardening.rs`
/// fails when a path registered in `src/web/` is missing here (or listed but gone), and
/// walks every route with every method.
const ROUTES: &[(&str, &[&str])] = &[
    ("/", GET),
    ("/index.json", GET),
    ("/healthz", GET),
    ("/ping", GET),
    ("/keyword/{game}/{name}", GET),
    ("/card/{game}/{name}", GET),
    ("/cards/{game}", GET),
    ("/rules/{game}", GET),
    ("/rules/{game}/{section}", GET),
    ("/search", GET),
    ("/search.json", GET),
    ("/api/search", GET),
    ("/help/search", GET),
    ("/help/search.json", GET),
    ("/decks", GET_POST),
    ("/decks.json", GET_POST),
    ("/decks.csv", POST),
    ("/events", GET_POST),
    ("/events.json", GET_POST),
    ("/events/deck-check", GET_POST),
    ("/events/deck-check.json", GET_POST),
    ("/static/events.js", GET),
    ("/docs/{name}", GET),
    ("/api/decks/validate", POST),
    ("/adjudicate", GET_POST),
    ("/adjudicate.json", GET_POST),
    ("/adjudicate/open", POST),
    ("/adjudicate/cards", GET),
    ("/adjudicate/cards.json", GET),
    ("/adjudicate/rules", GET),
    ("/adjudicate/rules.json", GET),
    ("/adjudicate/rules/{game}", GET),
    ("/adjudicate/example/{game}/{keyword}", GET),
    ("/adjudicate/p/{hash}", GET),
    ("/adjudicate/p/{hash}/choose", POST),
    ("/adjudicate/p/{hash}/decide", POST),
    ("/adjudicate/p/{hash}/answer", POST),
    ("/adjudicate/p/{hash}/interpret", POST),
    ("/adjudicate/p/{hash}/jump", GET),
    ("/adjudicate/p/{hash}/{step}", GET),
    ("/adjudicate/p/{hash}/{step}/state.json", GET),
    ("/adjudicate/compare/{a}/{b}", GET),
    ("/api/adjudicate", POST),
    ("/rulings", GET),
    ("/rulings.json", GET),
    ("/rulings.atom", GET),
    ("/rulings/{game}.atom", GET),
    ("/rulings/{id}", GET),
    ("/api/openapi.json", GET),
    ("/judge/sign-in", GET_POST),
    ("/judge/sign-in.json", GET),
    ("/judge/sign-out", POST),
    ("/judge/publish", GET_POST),
    ("/judge/publish.json", GET),
    ("/judge/supersede/{id}.json", GET),
    ("/judge/supersede/{id}", GET_POST),
    ("/static/style.css", GET),
    ("/static/adjudicate.css", GET),
    ("/static/adjudicate.js", GET),
    ("/static/builder.js", GET),
    ("/static/decks.js", GET),
    ("/static/favicon.svg", GET),
];

const GET: &[&str] = &["GET", "HEAD"];
const POST: &[&str] = &["POST"];
const GET_POST: &[&str] = &["GET", "HEAD", "POST"];

/// Every route pattern with its methods (for the tests that walk them).
pub fn routes() -> impl Iterator<Item = (&'static str, &'static [&'static str])> {
    ROUTES.iter().copied()
}

/// The methods `path` answers, when it is a route: the first route of [`ROUTES`] that
/// matches it.
pub fn allowed(path: &str) -> Option<&'static [&'static str]> {
    /// The routes as patterns, and the static ones (no `{…}`) by path, each kept only
    /// when no earlier pattern matches it too (then the first match is that pattern, and
    /// the map's answer is the scan's): a request to `/api/search` is one lookup, not a
    /// dozen pattern matches (issue #20).
    struct Routes {
        defs: Vec<(ResourceDef, &'static [&'static str])>,
        fixed: HashMap<&'static str, &'static [&'static str]>,
    }
    static ROUTE_TABLE: OnceLock<Routes> = OnceLock::new();
    let routes = ROUTE_TABLE.get_or_init(|| {
        let defs: Vec<_> = ROUTES
            .iter()
            .map(|(p, m)| (ResourceDef::new(*p), *m))
            .collect();
        let fixed = ROUTES
            .iter()
            .enumerate()
            .filter(|(i, (p, _))| {
                !p.contains('{') && !defs[..*i].iter().any(|(d, _)| d.is_match(p))
            })
            .map(|(_, (p, m))| (*p, *m))
            .collect();
        Routes { defs, fixed }
    });
    if let Some(&methods) = routes.fixed.get(path) {
        return Some(methods);
    }
    routes
        .defs
        .iter()
        .find(|(def, _)| def.is_match(path))
        .map(|(_, m)| *m)
}

/// The middleware: see the module documentation.
pub async fn surface(
    mut req: ServiceRequest,
    next: Next<BoxBody>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let method = req.method().clone();
    let path = req.path().to_string();
    let format = Format::of(req.request());
    let allow = allowed(&path);
    let head = method == Method::HEAD;
    let wanted = if head { "GET" } else { method.as_str() };
    if let Some(allow) = allow {
        if !allow.contains(&wanted) {
            let failure = WebError::MethodNotAllowed {
                method: method.to_string(),
                path: super::page::quoted(&path),
                allow,
            }
            .in_format(format);
            // Its body is never read: held until the answer is written, it closes the
            // connection as any unread body does.
            let unread = has_body(&req).then(|| Rc::new(RefCell::new(req.take_payload())));
            let res = req.into_response(HttpResponse::from_error(failure));
            return Ok(holding(finish(res, &method, &path, head), unread));
        }
    }
    if head {
        req.head_mut().method = Method::GET;
    }
    let timed_out = Rc::new(Cell::new(false));
    let mut held = None;
    if has_body(&req) {
        let limit = req
            .app_data::<BodyDeadline>()
            .copied()
            .unwrap_or_default()
            .0;
        let inner = Rc::new(RefCell::new(req.take_payload()));
        held = Some(inner.clone());
        req.set_payload(Payload::Stream {
            payload: Box::pin(Deadline {
                inner,
                limit,
                sleep: None,
                fired: timed_out.clone(),
                done: false,
            }),
        });
    }
    let mut res = next.call(req).await?;
    if timed_out.get() {
        let failure = WebError::Timeout(
            "the request body did not arrive in time; send it whole, without pauses".into(),
        )
        .in_format(format);
        let (req, _) = res.into_parts();
        let mut out = HttpResponse::from_error(failure);
        out.head_mut().set_connection_type(ConnectionType::Close);
        res = ServiceResponse::new(req, out);
    }
    Ok(holding(finish(res, &method, &path, head), held))
}

/// `res`, keeping the request's body (if it had one) alive until the answer has been
/// written: a body not read to its end then makes actix close the connection.
fn holding(
    res: ServiceResponse<BoxBody>,
    request_body: Option<Rc<RefCell<Payload>>>,
) -> ServiceResponse<BoxBody> {
    match request_body {
        Some(payload) => res.map_body(|_, body| {
            HeldBody {
                body,
                _request_body: payload,
            }
            .boxed()
        }),
        None => res,
    }
}

/// Whether the request says it has a body.
fn has_body(req: &ServiceRequest) -> bool {
    let h = req.headers();
    h.contains_key(header::TRANSFER_ENCODING)
        || h.get(header::CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.trim().parse::<u64>().ok())
            .is_some_and(|n| n > 0)
}

/// The shared headers; a `HEAD` answer loses its body, not its length.
fn finish(
    res: ServiceResponse<BoxBody>,
    method: &Method,
    path: &str,
    head: bool,
) -> ServiceResponse<BoxBody> {
    let mut res = res;
    let json = res
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    let h = res.headers_mut();
    let set = |h: &mut header::HeaderMap, name, value: &'static str| {
        h.insert(name, HeaderValue::from_static(value));
    };
    set(h, header::CONTENT_SECURITY_POLICY, CSP);
    set(h, header::X_CONTENT_TYPE_OPTIONS, "nosniff");
    set(h, header::X_FRAME_OPTIONS, "DENY");
    set(h, header::REFERRER_POLICY, "same-origin");
    if path.starts_with("/static/") {
        set(h, header::CACHE_CONTROL, STATIC_CACHE);
    } else if !h.contains_key(header::CACHE_CONTROL) {
        set(h, header::CACHE_CONTROL, PAGE_CACHE);
    }
    if json && (method == Method::GET || method == Method::HEAD) {
        set(h, header::ACCESS_CONTROL_ALLOW_ORIGIN, "*");
    }
    let negotiated =
        !(path.ends_with(".json") || path.starts_with("/api/") || path.starts_with("/static/"));
    if negotiated {
        h.append(header::VARY, HeaderValue::from_static("Accept"));
    }
    if head {
        res.map_body(|_, body| BoxBody::new(HeadBody { size: body.size() }))
    } else {
        res
    }
}

/// The body of a `HEAD` answer: the size of the `GET` answer's body, and no bytes. (On the
/// wire actix writes no body for `HEAD` anyway; this makes the in-process answer agree.)
struct HeadBody {
    size: BodySize,
}

impl MessageBody for HeadBody {
    type Error = std::convert::Infallible;

    fn size(&self) -> BodySize {
        self.size
    }

    fn poll_next(
        self: Pin<&mut Self>,
        _: &mut Context<'_>,
    ) -> Poll<Option<Result<Bytes, Self::Error>>> {
        Poll::Ready(None)
    }
}

/// An answer's body that keeps its request's body alive until the answer is written, so
/// actix-http closes the connection when the request's body was not read to its end
/// (see the module documentation). A body read to its end changes nothing: actix-http
/// has let go of it by then.
struct HeldBody {
    body: BoxBody,
    /// Held, never read: its drop is what matters.
    _request_body: Rc<RefCell<Payload>>,
}

impl MessageBody for HeldBody {
    type Error = Box<dyn std::error::Error>;

    fn size(&self) -> BodySize {
        self.body.size()
    }

    fn poll_next(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Bytes, Self::Error>>> {
        Pin::new(&mut self.get_mut().body).poll_next(cx)
    }
}

/// A request body that fails with a time-out once its deadline passes.
struct Deadline {
    /// Shared with the answer's [`HeldBody`].
    inner: Rc<RefCell<Payload>>,
    limit: Duration,
    /// Started when the body is first read, so time a handler spends before reading it
    /// (waiting for a permit, say) does not count against the client.
    sleep: Option<Pin<Box<actix_web::rt::time::Sleep>>>,
    fired: Rc<Cell<bool>>,
    done: bool,
}

impl futures_util::Stream for Deadline {
    type Item = Result<Bytes, PayloadError>;

    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        let this = self.get_mut();
        if this.done {
            return Poll::Ready(None);
        }
        let polled = Pin::new(&mut *this.inner.borrow_mut()).poll_next(cx);
        if let Poll::Ready(item) = polled {
            if item.is_none() {
                this.done = true;
            }
            return Poll::Ready(item);
        }
        let limit = this.limit;
        let sleep = this
            .sleep
            .get_or_insert_with(|| Box::pin(actix_web::rt::time::sleep(limit)));
        if sleep.as_mut().poll(cx).is_ready() {
            this.fired.set(true);
            this.done = true;
            return Poll::Ready(Some(Err(PayloadError::Io(std::io::Error::new(
                std::io::ErrorKind::TimedOut,
                "the request body did not arrive in time",
            )))));
        }
        Poll::Pending
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_segments_win_over_the_step_pattern() {
        assert_eq!(allowed("/adjudicate/p/abc/choose"), Some(POST));
        assert_eq!(allowed("/adjudicate/p/abc/3"), Some(GET));
        assert_eq!(allowed("/adjudicate/p/abc/3/state.json"), Some(GET));
        assert_eq!(allowed("/decks"), Some(GET_POST));
        assert_eq!(allowed("/nowhere"), None);
        assert_eq!(allowed("/card/battleline"), None);
    }

    /// The lookup of static paths answers as the scan of every pattern in order does, for
    /// every route (its pattern filled in) and near misses.
    #[test]
    fn the_static_lookup_answers_as_the_scan() {
        let scan = |path: &str| {
            ROUTES
                .iter()
                .find(|(p, _)| ResourceDef::new(*p).is_match(path))
                .map(|(_, m)| *m)
        };
        let mut paths: Vec<String> = Vec::new();
        for (pattern, _) in ROUTES {
            for fill in ["abc", "search", "cards", "p"] {
                let path: String = pattern
                    .split('/')
                    .map(|seg| if seg.starts_with('{') { fill } else { seg })
                    .collect::<Vec<_>>()
                    .join("/");
                paths.push(path.clone());
                paths.push(format!("{path}/"));
                paths.push(format!("{path}x"));
            }
        }
        assert!(paths.len() > 400);
        for path in &paths {
            assert_eq!(allowed(path), scan(path), "{path}");
        }
    }
}
