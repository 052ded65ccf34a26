//! Every route of the web server, HTML and JSON.

use crate::common;

use actix_web::http::StatusCode;

async fn get(uri: &str, accept: Option<&str>) -> (StatusCode, String, String) {
    common::http::get(common::bundled_state(), uri, accept).await
}

#[actix_web::test]
async fn home_lists_every_game_with_counts() {
    let (status, ctype, body) = get("/", None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(ctype.starts_with("text/html"));
    for name in ["battleline", "karth", "swtcg", "keyforge", "arcane"] {
        assert!(body.contains(&format!("id=\"game-{name}\"")), "{name}");
    }
    assert!(
        body.contains(">51</a></td>") && body.contains("href=\"/rules/karth\""),
        "battleline's 51 keywords are shown, and the counts link onward"
    );
}

#[actix_web::test]
async fn home_has_a_json_twin_both_ways() {
    for (uri, accept) in [("/index.json", None), ("/", Some("application/json"))] {
        let (status, ctype, body) = get(uri, accept).await;
        assert_eq!(status, StatusCode::OK, "{uri}");
        assert!(ctype.starts_with("application/json"));
        let v: serde_json::Value = serde_json::from_str(&body).unwrap();
        assert_eq!(v["object"], "list");
        assert_eq!(v["total"], 5);
        let battleline = v["data"]
            .as_array()
            .unwrap()
            .iter()
            .find(|g| g["slug"] == "battleline")
            .unwrap();
        assert_eq!(battleline["keywords"], 51);
    }
}

#[actix_web::test]
async fn healthz_and_static() {
    let (status, _, body) = get("/healthz", None).await;
    assert_eq!(status, StatusCode::OK);
    let v: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(v["status"], "ok");
    assert_eq!(v["data_hash"].as_str().unwrap().len(), 64);
    let (status, ctype, _) = get("/static/style.css", None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(ctype.starts_with("text/css"));
}

#[actix_web::test]
async fn unknown_routes_are_404_in_both_formats() {
    let (status, ctype, body) = get("/no/such/page?q=%3Cscript%3E", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(ctype.starts_with("text/html"));
    assert!(body.contains("no page at /no/such/page"));
    let (status, _, body) = get("/no/such/page.json", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let v: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(
        (
            v["object"].as_str(),
            v["status"].as_u64(),
            v["code"].as_str()
        ),
        (Some("error"), Some(404), Some("not_found"))
    );
}

// Issue #12 finding 6: a position followed by stray text is refused by the API and the
// builder's JSON box, located at the text.
#[actix_web::test]
async fn a_position_followed_by_stray_text_is_refused_by_the_api_and_the_builder() {
    let position = common::a_position_text();
    let at_line = format!("\"line\":{}", position.lines().count() + 1);
    for tail in ["garbage", "]]]}}}", "{\"game\":\"battleline\"}"] {
        let body = format!("{position}\n{tail}");
        let (status, _, text) = common::http::post(
            common::bundled_state(),
            "/api/adjudicate",
            Some("application/json"),
            None,
            body.clone(),
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{tail}: {text}");
        assert!(
            text.contains("unexpected text after the end of the position")
                && text.contains(&at_line),
            "{tail}: {text}"
        );
        let form = common::http::form_field("json", &body);
        let (status, _, page) = common::http::post(
            common::bundled_state(),
            "/adjudicate",
            Some("application/x-www-form-urlencoded"),
            None,
            form,
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{tail}: {page}");
        assert!(
            page.contains("unexpected text after the end of the position"),
            "{tail}: {page}"
        );
    }
}

// Issue #15 (players) 7: the 404 page's "did you mean" is a link to the page meant.
#[actix_web::test]
async fn a_404_offers_the_pages_meant_as_links() {
    let (status, _, body) = get("/keyword/battleline/Armour", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(
        body.contains(r#"Did you mean"#)
            && body.contains(r#"<a href="/keyword/battleline/Armor">Armor</a>"#),
        "{body}"
    );
    let (status, _, body) = get("/keyword/battlelin/Armor", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(
        body.contains(r#"<a href="/keyword/battleline/Armor">battleline</a>"#),
        "{body}"
    );
    let (status, _, body) = get("/keyword/battleline/Armour.json", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let v: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(v["code"], "not_found");
    assert!(
        v["details"]
            .as_str()
            .unwrap()
            .contains("did you mean `Armor`"),
        "{v}"
    );
    assert_eq!(v["suggestions"][0]["name"], "Armor");
    assert_eq!(v["suggestions"][0]["url"], "/keyword/battleline/Armor");
}

// Issue #15 (players) 6: a game's rules index is in rule-number order, shows each rule's
// text, and does not repeat a heading on its sub-rules.
#[actix_web::test]
async fn the_rules_index_is_in_rule_order_with_texts() {
    let (status, _, body) = get("/rules/karth", None).await;
    assert_eq!(status, StatusCode::OK);
    let at = |s: &str| {
        body.find(&format!(">{s}</a>"))
            .unwrap_or_else(|| panic!("{s} listed"))
    };
    assert!(at("3.1") < at("5.0"), "3.x before 5.x");
    assert!(at("5.9") < at("5.10") || !body.contains(">5.10</a>"));
    assert!(
        body.contains(r#"<p class="rule-text">A Player can hire a unit from their hand if they have enough gold.</p>"#),
        "each rule's text"
    );
    // 5.2 is headed "Unit Cards"; 5.2.1 does not say it again.
    let line = &body[at("5.2.1")..];
    let line = &line[..line.find("</li>").unwrap()];
    assert!(!line.contains("Unit Cards"), "{line}");
}
