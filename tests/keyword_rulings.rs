//! Every keyword of all five games has a worked example a player can step through: its
//! keyword page lists at least one ruling, links "step through it" to the ruling's step,
//! and that step page plays the ruling's position without error (issue 28, "Done when"
//! item 1). The data's own check (`rulings_data.rs`) reads the CSV; this one walks the
//! pages a player sees.

use crate::common;
use actix_web::{http::StatusCode, test as atest, App};
use arbiter::web::{configure, links};
use serde_json::Value;
use std::collections::BTreeSet;

#[actix_web::test]
async fn every_keyword_page_links_a_ruling_whose_position_adjudicates_at_its_step() {
    let state = common::bundled_state();
    let keywords: Vec<(String, String)> = state
        .catalogue
        .data()
        .keywords
        .iter()
        .map(|k| (k.game.clone(), k.name.clone()))
        .collect();
    let games: BTreeSet<&str> = keywords.iter().map(|(g, _)| g.as_str()).collect();
    assert_eq!(games.len(), 5, "the keywords of all five games: {games:?}");
    let app = atest::init_service(App::new().configure(configure(state))).await;
    let get = |uri: String| {
        let app = &app;
        async move {
            let resp =
                atest::call_service(app, atest::TestRequest::get().uri(&uri).to_request()).await;
            let status = resp.status();
            let body = String::from_utf8(atest::read_body(resp).await.to_vec()).unwrap();
            (status, body)
        }
    };
    let mut stepped = BTreeSet::new();
    let mut without = Vec::new();
    for (game, name) in &keywords {
        let page = links::keyword(game, name);
        let (status, json) = get(links::json(&page)).await;
        assert_eq!(status, StatusCode::OK, "{page}.json: {json}");
        let json: Value = serde_json::from_str(&json).unwrap();
        let rulings = json["rulings"].as_array().cloned().unwrap_or_default();
        let (status, html) = get(page.clone()).await;
        assert_eq!(status, StatusCode::OK, "{page}");
        // At least one ruling that the page links to step through, and whose step
        // page plays without error.
        let mut found = false;
        for ruling in &rulings {
            let step_url = ruling["step_url"].as_str().unwrap().to_string();
            assert!(step_url.starts_with("/adjudicate/p/"), "{page}: {step_url}");
            if !html.contains(&format!("href=\"{step_url}\"")) {
                continue;
            }
            if stepped.insert(step_url.clone()) {
                let (status, body) = get(links::json(&step_url)).await;
                assert_eq!(status, StatusCode::OK, "{page}: {step_url}: {body}");
                let step: Value = serde_json::from_str(&body).unwrap();
                assert!(ruling["step"].is_u64(), "{page}: {ruling}");
                assert_eq!(
                    step["step"].as_u64(),
                    ruling["step"].as_u64(),
                    "{page}: the step page is at the ruling's step: {step_url}"
                );
            }
            found = true;
            break;
        }
        if !found {
            without.push(format!("{game}/{name} ({} rulings)", rulings.len()));
        }
    }
    assert!(stepped.len() >= 50, "{} step pages opened", stepped.len());
    assert!(
        without.is_empty(),
        "keyword pages without a ruling to step through: {without:#?}"
    );
}
