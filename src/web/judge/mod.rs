//! Judges on the web: signing in and out, and publishing or superseding a ruling from a
//! step page. Everything else on the site stays open without an account; these forms
//! are the only state a signed-in judge changes.
//!
//! - A session is a random token in a cookie (`HttpOnly; SameSite=Strict; Path=/`, and
//!   `Secure` when the server is told it runs behind TLS), kept in the judges' store as
//!   its SHA-256, and it expires ([`JudgeConfig::session_secs`]).
//! - Every state-changing form of a signed-in judge carries the session's CSRF token; a
//!   POST without it, with a wrong one, or signed out is refused (403). A POST whose
//!   `Origin` names another host is refused too.
//! - Sign-in is rate limited per client and per account name (`limits.rs`): past
//!   [`JudgeConfig::failures_per_minute`] wrong passwords in a minute from a client (five
//!   times as many for a name) the next attempt is
//!   429 before its password is checked. A failure says the same whether the account
//!   exists or not, and takes as long (a dummy hash is checked).
//! - Argon2id runs on threads of its own (`hashing.rs`: half the cores; busy, 503).
//! - Each GET page has its JSON twin (`twin.rs`): the form as data, never a secret.
//!
//! The store is `crate::rulings::store`; the form's pre-filled facts come from the
//! step-through (`adjudicate::step_facts`). Nothing secret is logged: the request log
//! records the method, path, query and status, never a body or a cookie.

mod hashing;
mod limits;
mod publish;
mod sign_in;
mod twin;

use std::sync::{Arc, Mutex};

use actix_web::http::header;
use actix_web::{web, HttpRequest};

use super::error::{Failure, WebError};
use super::format::Format;
use super::AppState;
use crate::rulings::store::{self, JudgeStore, Session};
use crate::rulings::{Ruling, RulingSetError, Rulings};

/// The session cookie's name.
pub const COOKIE: &str = "arbiter_judge";

/// How judges' sessions and sign-ins behave. [`JudgeConfig::default`] gives the
/// documented defaults.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct JudgeConfig {
    /// Mark the session cookie `Secure` (the server runs behind TLS). Default: false.
    pub secure_cookie: bool,
    /// How long a session lasts from sign-in, in seconds. Default: 12 hours.
    pub session_secs: i64,
    /// Wrong passwords a client, or an account name, may try in a minute; the next is
    /// 429 before it is checked. Default: 20.
    pub failures_per_minute: u32,
}

impl Default for JudgeConfig {
    fn default() -> Self {
        JudgeConfig {
            secure_cookie: false,
            session_secs: 12 * 3600,
            failures_per_minute: 20,
        }
    }
}

/// What the judges' pages share: the store, the configuration, the sign-in limits, the
/// bound on password hashing, and the lock that makes a publication one step.
pub struct Judges {
    pub store: Arc<JudgeStore>,
    config: JudgeConfig,
    limits: Mutex<limits::SignInLimits>,
    hashing: hashing::Hashers,
    publishing: Mutex<()>,
}

impl Judges {
    pub fn new(store: Arc<JudgeStore>, config: JudgeConfig) -> Judges {
        Judges {
            store,
            limits: Mutex::new(limits::SignInLimits::new(config.failures_per_minute)),
            config,
            hashing: hashing::Hashers::for_this_machine(),
            publishing: Mutex::new(()),
        }
    }

    /// An in-memory store with the default configuration (`AppState::new`, tests).
    pub fn in_memory() -> Judges {
        Judges::new(Arc::new(JudgeStore::in_memory()), JudgeConfig::default())
    }

    pub fn config(&self) -> JudgeConfig {
        self.config
    }
}

/// The judges' rulings that `rulings` shows beside its catalogue's: all of them, but
/// those the catalogue holds already, field for field (an export folded into the data,
/// then re-imported, is the same ruling). A judge ruling whose id the catalogue gives to
/// a different ruling stays, so the set refuses the clash by name
/// ([`RulingSetError::DuplicateId`]) rather than hide either.
pub fn shown_beside(catalogue: &[Ruling], judges: Vec<Ruling>) -> Vec<Ruling> {
    judges
        .into_iter()
        .filter(|j| !catalogue.iter().any(|c| c == j))
        .collect()
}

/// A judge's page as HTML: never stored by a cache, since a signed-in judge's form
/// carries the session's CSRF token (as the JSON twins are, `twin::respond`).
fn html_form<T: askama::Template>(
    page: &T,
    status: actix_web::http::StatusCode,
) -> Result<actix_web::HttpResponse, Failure> {
    let body = page
        .render()
        .map_err(|e| WebError::Internal(format!("template: {e}")).in_format(Format::Html))?;
    Ok(actix_web::HttpResponse::build(status)
        .content_type("text/html; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "private, no-store"))
        .body(body))
}

/// Replaces the judges' rulings `rulings` shows with what `store` holds now.
pub fn refresh(rulings: &Rulings, store: &JudgeStore) -> Result<(), RefreshError> {
    let judges = shown_beside(rulings.catalogue(), store.rulings()?);
    rulings.replace(judges)?;
    Ok(())
}

#[derive(Debug, thiserror::Error)]
pub enum RefreshError {
    #[error(transparent)]
    Store(#[from] store::StoreError),
    #[error("the judges' rulings do not hold together with the catalogue's: {0}")]
    Set(#[from] RulingSetError),
}

pub(super) fn routes(cfg: &mut web::ServiceConfig) {
    // The JSON twins (GET only: the POSTs stay HTML forms), before the pages whose
    // `{id}` would match `….json` too.
    cfg.service(web::resource("/judge/sign-in.json").route(web::get().to(sign_in::page)))
        .service(web::resource("/judge/publish.json").route(web::get().to(publish::form)))
        .service(
            web::resource("/judge/supersede/{id}.json")
                .route(web::get().to(publish::supersede_form)),
        );
    cfg.service(
        web::resource("/judge/sign-in")
            .app_data(form_config())
            .route(web::get().to(sign_in::page))
            .route(web::post().to(sign_in::sign_in)),
    )
    .service(
        web::resource("/judge/sign-out")
            .app_data(form_config())
            .route(web::post().to(sign_in::sign_out)),
    )
    .service(
        web::resource("/judge/publish")
            .app_data(form_config())
            .route(web::get().to(publish::form))
            .route(web::post().to(publish::publish)),
    )
    .service(
        web::resource("/judge/supersede/{id}")
            .app_data(form_config())
            .route(web::get().to(publish::supersede_form))
            .route(web::post().to(publish::supersede)),
    );
}

/// The judges' form bodies: 64 KiB at most (a question and an answer).
const FORM_BYTES: usize = 64 * 1024;

fn form_config() -> web::FormConfig {
    web::FormConfig::default()
        .limit(FORM_BYTES)
        .error_handler(|e, req| {
            let format = Format::of(req);
            match e {
                actix_web::error::UrlencodedError::Overflow { .. } => {
                    WebError::TooLarge(format!("the form is over {FORM_BYTES} bytes"))
                        .in_format(format)
                        .into()
                }
                other => WebError::BadRequest(format!("the form could not be read: {other}"))
                    .in_format(format)
                    .into(),
            }
        })
}

/// The session token the request's cookie carries, if it has the shape of one.
fn cookie_token(req: &HttpRequest) -> Option<String> {
    req.headers()
        .get_all(header::COOKIE)
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == COOKIE)
        .map(|(_, value)| value.to_string())
        .filter(|t| t.len() == 64 && t.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// The signed-in judge's session, if the request carries a live one.
fn session(state: &AppState, req: &HttpRequest, out: Format) -> Result<Option<Session>, Failure> {
    let Some(token) = cookie_token(req) else {
        return Ok(None);
    };
    state
        .judges
        .store
        .session(&token, store::unix_now())
        .map_err(|e| WebError::Internal(e.to_string()).in_format(out))
}

/// The session of a state-changing POST: refused (403) signed out, without the session's
/// CSRF token or with another, or from a page of another origin.
fn posting_session(
    state: &AppState,
    req: &HttpRequest,
    csrf: &str,
    out: Format,
) -> Result<Session, Failure> {
    same_origin(req, out)?;
    let Some(session) = session(state, req, out)? else {
        return Err(WebError::Forbidden(
            "only a signed-in judge can do this: sign in at /judge/sign-in".into(),
        )
        .in_format(out));
    };
    if !same_secret(csrf, &session.csrf) {
        return Err(WebError::Forbidden(
            "the form's CSRF token is missing or wrong: open the form again and resubmit".into(),
        )
        .in_format(out));
    }
    Ok(session)
}

/// Refuses (403) a POST whose `Origin` is present and names another host than the
/// request's `Host` (the scheme is left out: behind a TLS proxy it differs).
fn same_origin(req: &HttpRequest, out: Format) -> Result<(), Failure> {
    let Some(origin) = req.headers().get(header::ORIGIN) else {
        return Ok(());
    };
    let host = req
        .headers()
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("");
    let origin_host = origin
        .to_str()
        .ok()
        .and_then(|o| o.split_once("://"))
        .map(|(_, rest)| rest.trim_end_matches('/'));
    if origin_host.is_some_and(|o| !host.is_empty() && o.eq_ignore_ascii_case(host)) {
        return Ok(());
    }
    Err(
        WebError::Forbidden("a judge's form is posted only from this site's pages".into())
            .in_format(out),
    )
}

/// `a == b` in time independent of where they differ.
fn same_secret(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

/// The `Set-Cookie` value of a session `token` (or, with `None`, of its removal).
fn set_cookie(config: JudgeConfig, token: Option<&str>) -> String {
    let (value, max_age) = match token {
        Some(t) => (t, config.session_secs),
        None => ("", 0),
    };
    let secure = if config.secure_cookie { "; Secure" } else { "" };
    format!("{COOKIE}={value}; Max-Age={max_age}; Path=/; HttpOnly; SameSite=Strict{secure}")
}
