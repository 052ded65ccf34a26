//! `/judge/sign-in` (the form and its JSON twin, and signing in) and `/judge/sign-out`.

use actix_web::http::{header, StatusCode};
use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;
use serde::Deserialize;

use super::{cookie_token, posting_session, same_origin, session, set_cookie};
use crate::rulings::store::{self, Session};
use crate::web::error::{Failure, WebError};
use crate::web::format::Format;
use crate::web::AppState;

/// The sign-in page: the form (with `message` above it when a sign-in failed or a page
/// needs a judge), or, signed in, who is signed in and the sign-out button.
#[derive(Template)]
#[template(path = "judge/sign_in.html")]
pub(super) struct SignInPage {
    /// Why the form is shown (a page that needs a judge, a failed sign-in), or empty.
    pub(super) message: String,
    /// Where to go once signed in (a checked local path).
    pub(super) next: String,
    /// The name as typed (shown again after a failure).
    pub(super) name: String,
    /// Signed in: the session.
    pub(super) session: Option<Session>,
}

impl SignInPage {
    pub(super) fn response(&self, status: StatusCode) -> Result<HttpResponse, Failure> {
        super::html_form(self, status)
    }
}

/// Where a sign-in may lead: a judge's form or a step page of this site; anything else
/// (another site, a scheme, a backslash trick) leads to the sign-in page.
pub(super) fn checked_next(next: &str) -> String {
    let local = [
        "/judge/publish?",
        "/judge/supersede/",
        "/adjudicate/p/",
        "/rulings",
    ]
    .iter()
    .any(|p| next.starts_with(p))
        && !next.contains("//")
        && !next.contains('\\')
        && next.len() <= 512
        && next.bytes().all(|b| b.is_ascii_graphic());
    if local {
        next.to_string()
    } else {
        "/judge/sign-in".to_string()
    }
}

#[derive(Deserialize)]
pub(super) struct NextQuery {
    #[serde(default)]
    next: String,
}

/// `GET /judge/sign-in` and its JSON twin.
pub(super) async fn page(
    req: HttpRequest,
    state: web::Data<AppState>,
    query: web::Query<NextQuery>,
) -> Result<HttpResponse, Failure> {
    let format = Format::of(&req);
    let session = session(&state, &req, format)?;
    let next = checked_next(&query.next);
    if format == Format::Json {
        return super::twin::respond(&super::twin::SignInJson::of(session, next));
    }
    SignInPage {
        message: String::new(),
        next,
        name: String::new(),
        session,
    }
    .response(StatusCode::OK)
}

#[derive(Deserialize)]
pub(super) struct SignInForm {
    #[serde(default)]
    name: String,
    #[serde(default)]
    password: String,
    #[serde(default)]
    next: String,
}

/// What every failed sign-in says, whether or not the account exists.
pub(crate) const FAILED: &str = "That name and password do not match a judge's account.";

/// `POST /judge/sign-in`: 429 (before the password is checked) past the minute's wrong
/// passwords of this client or this name; 403 [`FAILED`] on a wrong name or password;
/// else a session cookie and a redirect to `next`.
pub(super) async fn sign_in(
    req: HttpRequest,
    state: web::Data<AppState>,
    form: web::Form<SignInForm>,
) -> Result<HttpResponse, Failure> {
    let out = Format::Html;
    same_origin(&req, out)?;
    let SignInForm {
        name,
        password,
        next,
    } = form.into_inner();
    let judges = state.judges.clone();
    let client = req.peer_addr().map(|a| a.ip());
    let wait = {
        let limits = judges.limits.lock().unwrap_or_else(|e| e.into_inner());
        limits.refusal(client, &name, store::unix_now())
    };
    if let Some(retry_after) = wait {
        return Err(WebError::Limited {
            status: StatusCode::TOO_MANY_REQUESTS,
            code: "rate_limited",
            retry_after,
            message: format!(
                "too many wrong passwords from this address or for this name: try again in \
                 {retry_after} seconds"
            ),
        }
        .in_format(out));
    }
    let checking = judges.clone();
    let typed = name.clone();
    let Some(checked) = judges
        .hashing
        .try_run(move || checking.store.check_password(&typed, &password))
    else {
        return Err(WebError::Limited {
            status: StatusCode::SERVICE_UNAVAILABLE,
            code: "busy",
            retry_after: 1,
            message: "the server is checking other sign-ins: try again in a second".into(),
        }
        .in_format(out));
    };
    let found = checked
        .await
        .map_err(|e| WebError::Internal(e.to_string()).in_format(out))?
        .map_err(|e| WebError::Internal(e.to_string()).in_format(out))?;
    let Some(judge) = found else {
        judges
            .limits
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .failed(client, &name, store::unix_now());
        return SignInPage {
            message: FAILED.into(),
            next: checked_next(&next),
            name,
            session: None,
        }
        .response(StatusCode::FORBIDDEN);
    };
    let (token, _) = judges
        .store
        .open_session(&judge, store::unix_now(), judges.config.session_secs)
        .map_err(|e| WebError::Internal(e.to_string()).in_format(out))?;
    Ok(HttpResponse::SeeOther()
        .insert_header((header::LOCATION, checked_next(&next)))
        .insert_header((header::SET_COOKIE, set_cookie(judges.config, Some(&token))))
        .finish())
}

#[derive(Deserialize)]
pub(super) struct SignOutForm {
    #[serde(default)]
    csrf: String,
}

/// `POST /judge/sign-out`: ends the session (its CSRF token required) and clears the
/// cookie.
pub(super) async fn sign_out(
    req: HttpRequest,
    state: web::Data<AppState>,
    form: web::Form<SignOutForm>,
) -> Result<HttpResponse, Failure> {
    let out = Format::Html;
    posting_session(&state, &req, &form.csrf, out)?;
    if let Some(token) = cookie_token(&req) {
        state
            .judges
            .store
            .close_session(&token)
            .map_err(|e| WebError::Internal(e.to_string()).in_format(out))?;
    }
    Ok(HttpResponse::SeeOther()
        .insert_header((header::LOCATION, "/judge/sign-in"))
        .insert_header((header::SET_COOKIE, set_cookie(state.judges.config, None)))
        .finish())
}
