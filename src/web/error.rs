//! Errors of the web layer and how each becomes an error page or a JSON error object
//! `{object:"error", status, code, details}`. A handler never answers 500 for bad input.

use super::format::Format;
use super::page::filters;
use actix_web::{http::StatusCode, HttpRequest, HttpResponse, ResponseError};
use askama::Template;
use serde::Serialize;

/// A page the user may have meant, offered by a 404.
#[derive(Debug, Clone, Serialize)]
pub struct Suggestion {
    pub name: String,
    pub url: String,
}

/// What a handler can fail with.
#[derive(Debug, thiserror::Error)]
pub enum WebError {
    #[error("{0}")]
    NotFound(String),
    /// A 404 with the pages the user may have meant: links on the error page, and
    /// `suggestions` (name and URL) in the JSON object.
    #[error("{message}; did you mean {}?", suggestions.iter().map(|s| format!("`{}`", s.name)).collect::<Vec<_>>().join(", "))]
    NotFoundSuggesting {
        message: String,
        suggestions: Vec<Suggestion>,
    },
    #[error("{0}")]
    BadRequest(String),
    /// Bad input with a list of located problems (`errors` in the JSON object).
    #[error("{message}")]
    BadInput {
        message: String,
        errors: serde_json::Value,
    },
    /// A builder form's problems: `errors` in words (as `BadInput`) and `fields`, each
    /// `{field, message}` with the form field at fault (`null` for the whole form).
    #[error("{message}")]
    BadForm {
        message: String,
        errors: serde_json::Value,
        fields: serde_json::Value,
    },
    /// A body over its documented cap: 413.
    #[error("{0}")]
    TooLarge(String),
    /// Refused to whoever asks (a judge's form signed out, or without its CSRF token): 403.
    #[error("{0}")]
    Forbidden(String),
    /// A method the route does not answer: 405, with `Allow`.
    #[error("`{method}` is not allowed on {path}; this route answers {}", allow.join(", "))]
    MethodNotAllowed {
        method: String,
        path: String,
        allow: &'static [&'static str],
    },
    /// A request body that did not arrive within its deadline: 408.
    #[error("{0}")]
    Timeout(String),
    /// A bound was reached (429 rate, 503 busy, 507 store full): `Retry-After` says when
    /// to try again, in the header and in the JSON object.
    #[error("{message}")]
    Limited {
        status: StatusCode,
        code: &'static str,
        retry_after: u64,
        message: String,
    },
    #[error("internal error: {0}")]
    Internal(String),
}

impl WebError {
    fn status(&self) -> StatusCode {
        match self {
            WebError::NotFound(_) | WebError::NotFoundSuggesting { .. } => StatusCode::NOT_FOUND,
            WebError::BadRequest(_) | WebError::BadInput { .. } | WebError::BadForm { .. } => {
                StatusCode::BAD_REQUEST
            }
            WebError::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            WebError::Forbidden(_) => StatusCode::FORBIDDEN,
            WebError::MethodNotAllowed { .. } => StatusCode::METHOD_NOT_ALLOWED,
            WebError::Timeout(_) => StatusCode::REQUEST_TIMEOUT,
            WebError::Limited { status, .. } => *status,
            WebError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
    fn code(&self) -> &'static str {
        match self {
            WebError::NotFound(_) | WebError::NotFoundSuggesting { .. } => "not_found",
            WebError::BadRequest(_) => "bad_request",
            WebError::BadInput { .. } | WebError::BadForm { .. } => "bad_input",
            WebError::TooLarge(_) => "too_large",
            WebError::Forbidden(_) => "forbidden",
            WebError::MethodNotAllowed { .. } => "method_not_allowed",
            WebError::Timeout(_) => "timeout",
            WebError::Limited { code, .. } => code,
            WebError::Internal(_) => "internal",
        }
    }
    /// The error in the representation the client asked for.
    pub fn in_format(self, format: Format) -> Failure {
        Failure {
            format,
            error: self,
        }
    }
}

/// A [`WebError`] bound to the format it must be rendered in.
#[derive(Debug, thiserror::Error)]
#[error("{error}")]
pub struct Failure {
    pub format: Format,
    pub error: WebError,
}

/// The JSON error object.
#[derive(Serialize)]
struct ErrorObject<'a> {
    object: &'static str,
    status: u16,
    code: &'a str,
    details: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    errors: Option<&'a serde_json::Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    fields: Option<&'a serde_json::Value>,
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    suggestions: &'a [Suggestion],
    #[serde(skip_serializing_if = "Option::is_none")]
    retry_after: Option<u64>,
}

/// The HTML error page.
#[derive(Template)]
#[template(path = "error/error.html")]
struct ErrorPage<'a> {
    status: u16,
    title: &'a str,
    /// The error in words; without the "did you mean" when `suggestions` shows it.
    details: String,
    /// Offered as links.
    suggestions: &'a [Suggestion],
}

impl ResponseError for Failure {
    fn status_code(&self) -> StatusCode {
        self.error.status()
    }
    fn error_response(&self) -> HttpResponse {
        let status = self.error.status();
        if let WebError::Internal(msg) = &self.error {
            tracing::error!(msg = %super::logging::escape_controls(msg), "internal error");
        }
        let details = self.error.to_string();
        let suggestions: &[Suggestion] = match &self.error {
            WebError::NotFoundSuggesting { suggestions, .. } => suggestions,
            _ => &[],
        };
        let mut res = match self.format {
            Format::Json => {
                let body = super::page::html_safe_json(&ErrorObject {
                    object: "error",
                    status: status.as_u16(),
                    code: self.error.code(),
                    details,
                    errors: match &self.error {
                        WebError::BadInput { errors, .. } | WebError::BadForm { errors, .. } => {
                            Some(errors)
                        }
                        _ => None,
                    },
                    fields: match &self.error {
                        WebError::BadForm { fields, .. } => Some(fields),
                        _ => None,
                    },
                    suggestions,
                    retry_after: match &self.error {
                        WebError::Limited { retry_after, .. } => Some(*retry_after),
                        _ => None,
                    },
                })
                .unwrap_or_else(|_| br#"{"object":"error"}"#.to_vec());
                HttpResponse::build(status)
                    .content_type("application/json")
                    .body(body)
            }
            Format::Html => {
                let page = ErrorPage {
                    status: status.as_u16(),
                    title: status.canonical_reason().unwrap_or("Error"),
                    details: match &self.error {
                        WebError::NotFoundSuggesting { message, .. } => message.clone(),
                        _ => details,
                    },
                    suggestions,
                };
                let body = page
                    .render()
                    .unwrap_or_else(|e| format!("error page failed to render: {e}"));
                HttpResponse::build(status)
                    .content_type("text/html; charset=utf-8")
                    .body(body)
            }
        };
        if let WebError::MethodNotAllowed { allow, .. } = &self.error {
            if let Ok(v) = actix_web::http::header::HeaderValue::from_str(&allow.join(", ")) {
                res.headers_mut().insert(actix_web::http::header::ALLOW, v);
            }
        }
        if let WebError::Limited { retry_after, .. } = &self.error {
            res.headers_mut().insert(
                actix_web::http::header::RETRY_AFTER,
                actix_web::http::header::HeaderValue::from(*retry_after),
            );
        }
        res
    }
}

pub(super) async fn not_found(req: HttpRequest) -> Result<HttpResponse, Failure> {
    Err(WebError::NotFound(format!("no page at {}", req.path())).in_format(Format::of(&req)))
}

pub(super) fn path_error(err: actix_web::error::PathError, req: &HttpRequest) -> actix_web::Error {
    WebError::BadRequest(format!("bad path: {err}"))
        .in_format(Format::of(req))
        .into()
}

pub(super) fn query_error(
    err: actix_web::error::QueryPayloadError,
    req: &HttpRequest,
) -> actix_web::Error {
    WebError::BadRequest(format!("bad query string: {err}"))
        .in_format(Format::of(req))
        .into()
}
