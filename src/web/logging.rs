//! The request log: one line per request, written when its answer has been sent (or
//! dropped): method, path (with its query string), status, bytes of body sent and
//! duration ([`access`], the outermost middleware of every route). Handlers run inside a
//! `request` span naming the method and path, so what they log says which request it
//! was about.
//!
//! Every field taken from the request is escaped by [`escape_controls`] (`crate::text`'s,
//! which the command line's output uses too), so a path such as
//! `/card/x/%1b[31m%0aforged` can neither colour a terminal nor forge a log line; the
//! target is logged as sent (percent-encoded, so a query string's values hold no space or
//! line break), except that encoded control characters are shown decoded and escaped
//! (`%0a` reads `\n`), see [`logged_target`].
//!
//! `serve --log-format json` writes every line of the log (these and the others) as one
//! JSON object ([`JsonLines`]): `timestamp`, `level`, `target`, the event's fields
//! (`method`, `path`, `status`, `bytes`, `duration_ms` for a request) and the spans it
//! happened in.

use actix_web::body::{BodySize, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use actix_web::web::Bytes;
use std::borrow::Cow;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Instant;
use tracing::Instrument;

/// The one escaping of control characters, shared with the command line's output.
pub use crate::text::escape_controls;

/// The `target` of the request log's events (`RUST_LOG=arbiter::access=off` silences it).
pub const ACCESS_TARGET: &str = "arbiter::access";

/// The middleware: runs the request inside its `request` span and logs it once its
/// answer's body has been sent or dropped ([`Logged`]). A handler's error is already an
/// answer here; an error from a service (which actix answers itself, past this
/// middleware) is logged at once with the status and body size of its answer.
pub async fn access(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<Logged<impl MessageBody>>, actix_web::Error> {
    let started = Instant::now();
    let method = escape_controls(req.method().as_str()).into_owned();
    let path = logged_target(req.uri().path_and_query().map(|p| p.as_str()).unwrap_or(""));
    let span = tracing::info_span!("request", method = %method, path = %path);
    let mut line = Line {
        method,
        path,
        status: 0,
        started,
    };
    match next.call(req).instrument(span).await {
        Ok(res) => {
            line.status = res.status().as_u16();
            Ok(res.map_body(|_, body| Logged {
                body,
                line: Some(line),
                bytes: 0,
            }))
        }
        Err(e) => {
            let answer = e.error_response();
            line.status = answer.status().as_u16();
            let bytes = match answer.body().size() {
                BodySize::Sized(n) => n,
                _ => 0,
            };
            line.log(bytes);
            Err(e)
        }
    }
}

/// What a request's log line says besides its bytes.
struct Line {
    method: String,
    path: String,
    status: u16,
    started: Instant,
}

/// An answer's body, counting the bytes sent, that logs its request's line when dropped
/// (after its last byte, or when the client went away first).
pub struct Logged<B> {
    body: B,
    line: Option<Line>,
    bytes: u64,
}

impl<B: MessageBody + Unpin> MessageBody for Logged<B> {
    type Error = B::Error;

    fn size(&self) -> BodySize {
        self.body.size()
    }

    fn poll_next(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Bytes, Self::Error>>> {
        let polled = Pin::new(&mut self.body).poll_next(cx);
        if let Poll::Ready(Some(Ok(chunk))) = &polled {
            self.bytes += chunk.len() as u64;
        }
        polled
    }
}

impl<B> Drop for Logged<B> {
    fn drop(&mut self) {
        if let Some(line) = self.line.take() {
            line.log(self.bytes);
        }
    }
}

impl Line {
    /// Writes the request's line: a warning for a 5xx, else information.
    fn log(&self, bytes: u64) {
        // Milliseconds to the microsecond.
        let duration_ms = self.started.elapsed().as_micros() as f64 / 1000.0;
        let (method, path, status) = (&self.method, &self.path, self.status);
        if status >= 500 {
            tracing::warn!(target: ACCESS_TARGET, method = %method, path = %path, status, bytes, duration_ms);
        } else {
            tracing::info!(target: ACCESS_TARGET, method = %method, path = %path, status, bytes, duration_ms);
        }
    }
}

/// A request's target (path and query string) as the log shows it: as sent, its encoded
/// control characters decoded and then escaped ([`percent_decoded_controls`],
/// [`escape_controls`]), and any space left encoded, so that it is one word of a line.
pub fn logged_target(target: &str) -> String {
    let shown = escape_controls(&percent_decoded_controls(target)).into_owned();
    if shown.contains(' ') {
        shown.replace(' ', "%20")
    } else {
        shown
    }
}

/// The target as logged: left percent-encoded (so it shows what was sent), except that the
/// encoded control characters are shown decoded and then escaped, so `%0a` reads `\n`.
fn percent_decoded_controls(target: &str) -> Cow<'_, str> {
    if !target.contains('%') {
        return Cow::Borrowed(target);
    }
    let bytes = target.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).unwrap_or("");
            if let Ok(v) = u8::from_str_radix(hex, 16) {
                if v < 0x20 || v == 0x7f {
                    out.push(v);
                    i += 3;
                    continue;
                }
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    Cow::Owned(String::from_utf8_lossy(&out).into_owned())
}

/// `serve --log-format json`: each event as one line of JSON, `{"timestamp", "level",
/// "target", <its fields>, "spans"}`, its strings escaped as JSON escapes them (so no
/// value can break a line). The `message` of an event that has one is a field like any
/// other; `spans` lists the spans it happened in, outermost first, each as its name and
/// its fields as the text log writes them.
pub struct JsonLines;

impl<S, N> tracing_subscriber::fmt::FormatEvent<S, N> for JsonLines
where
    S: tracing::Subscriber + for<'a> tracing_subscriber::registry::LookupSpan<'a>,
    N: for<'a> tracing_subscriber::fmt::FormatFields<'a> + 'static,
{
    fn format_event(
        &self,
        ctx: &tracing_subscriber::fmt::FmtContext<'_, S, N>,
        mut writer: tracing_subscriber::fmt::format::Writer<'_>,
        event: &tracing::Event<'_>,
    ) -> std::fmt::Result {
        use serde_json::Value;
        use tracing_subscriber::fmt::time::FormatTime;
        let meta = event.metadata();
        let mut line = serde_json::Map::new();
        let mut timestamp = String::new();
        tracing_subscriber::fmt::time::SystemTime.format_time(
            &mut tracing_subscriber::fmt::format::Writer::new(&mut timestamp),
        )?;
        line.insert("timestamp".into(), Value::String(timestamp));
        line.insert("level".into(), Value::String(meta.level().as_str().into()));
        line.insert("target".into(), Value::String(meta.target().into()));
        event.record(&mut JsonFields(&mut line));
        if let Some(scope) = ctx.event_scope() {
            let spans: Vec<Value> = scope
                .from_root()
                .map(|span| {
                    let ext = span.extensions();
                    let fields = ext
                        .get::<tracing_subscriber::fmt::FormattedFields<N>>()
                        .map(|f| f.fields.as_str())
                        .unwrap_or("");
                    Value::String(if fields.is_empty() {
                        span.name().to_string()
                    } else {
                        format!("{} {fields}", span.name())
                    })
                })
                .collect();
            if !spans.is_empty() {
                line.insert("spans".into(), Value::Array(spans));
            }
        }
        let text = serde_json::to_string(&line).map_err(|_| std::fmt::Error)?;
        writeln!(writer, "{text}")
    }
}

/// An event's fields into a JSON object: numbers and booleans as themselves, everything
/// else as a string.
struct JsonFields<'a>(&'a mut serde_json::Map<String, serde_json::Value>);

impl tracing::field::Visit for JsonFields<'_> {
    fn record_f64(&mut self, field: &tracing::field::Field, value: f64) {
        let v = serde_json::Number::from_f64(value)
            .map_or_else(|| value.to_string().into(), serde_json::Value::Number);
        self.0.insert(field.name().into(), v);
    }
    fn record_i64(&mut self, field: &tracing::field::Field, value: i64) {
        self.0.insert(field.name().into(), value.into());
    }
    fn record_u64(&mut self, field: &tracing::field::Field, value: u64) {
        self.0.insert(field.name().into(), value.into());
    }
    fn record_bool(&mut self, field: &tracing::field::Field, value: bool) {
        self.0.insert(field.name().into(), value.into());
    }
    fn record_str(&mut self, field: &tracing::field::Field, value: &str) {
        self.0.insert(field.name().into(), value.into());
    }
    fn record_debug(&mut self, field: &tracing::field::Field, value: &dyn std::fmt::Debug) {
        self.0
            .insert(field.name().into(), format!("{value:?}").into());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped() {
        assert_eq!(escape_controls("plain/path"), "plain/path");
        assert!(matches!(escape_controls("plain"), Cow::Borrowed(_)));
        assert_eq!(
            escape_controls("a\x1b[31mred\nforged\r\tend"),
            "a\\u{1b}[31mred\\nforged\\r\\tend"
        );
        assert_eq!(escape_controls("back\\slash"), "back\\\\slash");
        assert_eq!(escape_controls("\u{202e}txt.exe"), "\\u{202e}txt.exe");
        assert_eq!(escape_controls("\u{85}\u{7f}"), "\\u{85}\\u{7f}");
        assert_eq!(escape_controls("café ✓"), "café ✓");
    }

    #[test]
    fn a_logged_target_is_one_word() {
        assert_eq!(
            logged_target("/search?q=a%0Ab%20c&x=%22d%22"),
            "/search?q=a\\nb%20c&x=%22d%22"
        );
    }

    #[test]
    fn encoded_controls_in_the_target_are_shown_escaped() {
        assert_eq!(
            escape_controls(&percent_decoded_controls(
                "/card/x/%1b%5B31m%0Aforged%20line"
            )),
            "/card/x/\\u{1b}%5B31m\\nforged%20line"
        );
        assert_eq!(percent_decoded_controls("/a%2"), "/a%2");
        assert_eq!(percent_decoded_controls("/a%"), "/a%");
        assert_eq!(percent_decoded_controls("/é"), "/é");
    }
}
