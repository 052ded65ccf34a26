//! HTML or JSON: which twin of a page the client asked for.

use actix_web::HttpRequest;

/// The representation a request wants.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Html,
    Json,
}

impl Format {
    /// JSON when the path ends in `.json` or is under `/api/`, or when `Accept` names `application/json`
    /// before (or without) `text/html`; HTML otherwise.
    pub fn of(req: &HttpRequest) -> Format {
        if req.path().ends_with(".json") || req.path().starts_with("/api/") {
            return Format::Json;
        }
        let accept = req
            .headers()
            .get(actix_web::http::header::ACCEPT)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("");
        match (accept.find("application/json"), accept.find("text/html")) {
            (Some(j), Some(h)) if j < h => Format::Json,
            (Some(_), None) => Format::Json,
            _ => Format::Html,
        }
    }
}
