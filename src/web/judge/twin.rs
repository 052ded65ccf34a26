//! The JSON twins of the judges' pages (`/judge/sign-in.json`, `/judge/publish.json`,
//! `/judge/supersede/{id}.json`, or `Accept: application/json` on the pages): each form as
//! data (where it posts, the fields it posts and their pre-filled values), whether the
//! client is signed in and, when not, where to sign in. The POSTs stay HTML forms.
//!
//! Never a secret: no password and no session token, ever; a CSRF token only for the
//! signed-in client whose session it is (it is the form's hidden field, what the client
//! posts back). No other site reads it: the session cookie is `SameSite=Strict`, so a
//! request from another site is signed out, and a response shared with `*` is never given
//! to a request with credentials. A twin is per session: `Cache-Control: private,
//! no-store`.

use std::collections::BTreeMap;

use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpRequest, HttpResponse};
use serde::Serialize;

use super::sign_in::checked_next;
use crate::rulings::store::Session;
use crate::web::error::Failure;
use crate::web::format::Format;
use crate::web::links;

/// How every judge's form is posted.
const ENCTYPE: &str = "application/x-www-form-urlencoded";

/// A form as data.
#[derive(Debug, Serialize)]
pub(super) struct FormJson {
    /// Where it posts.
    pub action: String,
    pub method: &'static str,
    pub enctype: &'static str,
    /// The fields it posts, in the page's order.
    pub fields: Vec<&'static str>,
    /// The pre-filled values (a field not named is posted as the client fills it in).
    pub values: BTreeMap<&'static str, String>,
}

impl FormJson {
    pub(super) fn post(
        action: String,
        fields: Vec<&'static str>,
        values: BTreeMap<&'static str, String>,
    ) -> FormJson {
        FormJson {
            action,
            method: "POST",
            enctype: ENCTYPE,
            fields,
            values,
        }
    }
}

/// `/judge/sign-in.json`: signed out, the sign-in form; signed in, who is and the
/// sign-out form.
#[derive(Debug, Serialize)]
pub(super) struct SignInJson {
    pub object: &'static str,
    pub signed_in: bool,
    pub judge: Option<String>,
    /// When the session ends (seconds since the Unix epoch).
    pub expires: Option<i64>,
    pub form: FormJson,
}

impl SignInJson {
    pub(super) fn of(session: Option<Session>, next: String) -> SignInJson {
        match session {
            None => SignInJson {
                object: "judge_sign_in",
                signed_in: false,
                judge: None,
                expires: None,
                form: FormJson::post(
                    "/judge/sign-in".into(),
                    vec!["name", "password", "next"],
                    BTreeMap::from([("name", String::new()), ("next", next)]),
                ),
            },
            Some(s) => SignInJson {
                object: "judge_sign_in",
                signed_in: true,
                judge: Some(s.judge),
                expires: Some(s.expires),
                form: FormJson::post(
                    "/judge/sign-out".into(),
                    vec!["csrf"],
                    BTreeMap::from([("csrf", s.csrf)]),
                ),
            },
        }
    }
}

/// A problem of the form, at its field.
#[derive(Debug, Serialize)]
pub(super) struct ProblemJson {
    pub field: &'static str,
    pub message: String,
}

/// `/judge/publish.json` and `/judge/supersede/{id}.json`.
#[derive(Debug, Serialize)]
pub(super) struct PublishJson {
    pub object: &'static str,
    /// `publish` or `supersede`.
    pub kind: &'static str,
    pub signed_in: bool,
    pub judge: Option<String>,
    /// Signed out: the sign-in page, leading back to the form.
    pub sign_in_url: Option<String>,
    /// Signed in: the form, pre-filled.
    pub form: Option<FormJson>,
    /// The position's game (signed in).
    pub game: Option<&'static str>,
    /// The position's last step (signed in).
    pub total: Option<usize>,
    /// The step page the ruling turns on (signed in).
    pub step_url: Option<String>,
    /// The ruling a correction supersedes.
    pub supersedes: Option<crate::web::rulings::RulingLink>,
    pub problems: Vec<ProblemJson>,
}

impl PublishJson {
    /// What a signed-out client gets: where to sign in to come back to the form.
    pub(super) fn signed_out(kind: &'static str, html_url: &str) -> PublishJson {
        PublishJson {
            object: "judge_form",
            kind,
            signed_in: false,
            judge: None,
            sign_in_url: Some(links::judge_sign_in(&checked_next(html_url))),
            form: None,
            game: None,
            total: None,
            step_url: None,
            supersedes: None,
            problems: Vec::new(),
        }
    }
}

/// The page the request asks for, as HTML: its path without `.json`, with its query.
pub(super) fn html_url(req: &HttpRequest) -> String {
    let path = req.path();
    let path = path.strip_suffix(".json").unwrap_or(path);
    match req.uri().query() {
        Some(q) => format!("{path}?{q}"),
        None => path.to_string(),
    }
}

/// Writes a judge's twin: HTML-safe JSON, never stored by a cache.
pub(super) fn respond<T: Serialize>(value: &T) -> Result<HttpResponse, Failure> {
    let mut resp = crate::web::page::json(value, Format::Json)?;
    resp.headers_mut().insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("private, no-store"),
    );
    Ok(resp)
}
