//! The request log: one `tracing` span per request ([`EscapedRootSpan`], used by
//! `tracing_actix_web::TracingLogger`), whose every field taken from the request or from an
//! error message is escaped by [`escape_controls`] (`crate::text`'s, which the command
//! line's output uses too), so a path such as
//! `/card/x/%1b[31m%0aforged` can neither colour a terminal nor forge a log line.
//!
//! The fields are those of `tracing_actix_web`'s default span (`http.method`,
//! `http.route`, `http.target`, `http.status_code`, `exception.message`, …).

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::{Error, HttpMessage, ResponseError};
use std::borrow::Cow;
use tracing::field::Empty;
use tracing::Span;
use tracing_actix_web::{RequestId, RootSpanBuilder};

/// The one escaping of control characters, shared with the command line's output.
pub use crate::text::escape_controls;

/// The request span, every request-supplied field escaped.
pub struct EscapedRootSpan;

impl RootSpanBuilder for EscapedRootSpan {
    fn on_request_start(request: &ServiceRequest) -> Span {
        let header = |name| {
            request
                .headers()
                .get(name)
                .map(|v| String::from_utf8_lossy(v.as_bytes()).into_owned())
                .unwrap_or_default()
        };
        let route = request
            .match_pattern()
            .unwrap_or_else(|| "default".to_string());
        let target = request
            .uri()
            .path_and_query()
            .map(|p| p.as_str())
            .unwrap_or("");
        let method = escape_controls(request.method().as_str()).into_owned();
        let conn = request.connection_info().clone();
        let request_id = request
            .extensions()
            .get::<RequestId>()
            .map(|id| id.to_string())
            .unwrap_or_default();
        tracing::info_span!(
            "HTTP request",
            http.method = %method,
            http.route = %escape_controls(&route),
            http.flavor = ?request.version(),
            http.scheme = %escape_controls(conn.scheme()),
            http.host = %escape_controls(conn.host()),
            http.client_ip = %escape_controls(conn.realip_remote_addr().unwrap_or("")),
            http.user_agent = %escape_controls(&header(actix_web::http::header::USER_AGENT)),
            http.target = %escape_controls(&percent_decoded_controls(target)),
            http.status_code = Empty,
            otel.name = %format!("{method} {}", escape_controls(&route)),
            otel.kind = "server",
            otel.status_code = Empty,
            request_id = %request_id,
            exception.message = Empty,
            exception.details = Empty,
        )
    }

    fn on_request_end<B: MessageBody>(span: Span, outcome: &Result<ServiceResponse<B>, Error>) {
        match outcome {
            Ok(response) => match response.response().error() {
                Some(error) => record_error(&span, response.status(), error.as_response_error()),
                None => {
                    span.record("http.status_code", response.status().as_u16());
                    span.record("otel.status_code", "OK");
                }
            },
            Err(error) => {
                let e = error.as_response_error();
                record_error(&span, e.status_code(), e);
            }
        }
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

fn record_error(span: &Span, status: actix_web::http::StatusCode, error: &dyn ResponseError) {
    span.record(
        "exception.message",
        tracing::field::display(escape_controls(&error.to_string())),
    );
    span.record(
        "exception.details",
        tracing::field::display(escape_controls(&format!("{error:?}"))),
    );
    span.record("http.status_code", status.as_u16());
    span.record(
        "otel.status_code",
        if status.is_client_error() {
            "OK"
        } else {
            "ERROR"
        },
    );
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
