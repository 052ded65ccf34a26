//! Deck validation over HTTP (`/decks`, `/decks.json`, `/api/decks/validate`) and the
//! `arbiter check` command, and the promise that every surface gives the same verdict.

use crate::common;

use actix_web::http::StatusCode;
use arbiter::decks::{parse_decklist, DeckValidator};
use assert_cmd::Command;
use serde_json::Value;
use std::path::PathBuf;

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/decks")).join(name)
}

fn read(name: &str) -> String {
    std::fs::read_to_string(fixture(name)).unwrap()
}

fn form(list: &str, format: &str) -> String {
    let enc = |s: &str| {
        percent_encoding::utf8_percent_encode(s, percent_encoding::NON_ALPHANUMERIC).to_string()
    };
    format!("list={}&format={}", enc(list), enc(format))
}

async fn get(uri: &str) -> (StatusCode, String, String) {
    common::http::get(common::bundled_state(), uri, None).await
}

async fn post(uri: &str, ctype: &str, body: impl Into<Vec<u8>>) -> (StatusCode, String, String) {
    common::http::post(common::bundled_state(), uri, Some(ctype), None, body).await
}

async fn post_form(uri: &str, list: &str, accept: Option<&str>) -> (StatusCode, String, String) {
    common::http::post(
        common::bundled_state(),
        uri,
        Some("application/x-www-form-urlencoded"),
        accept,
        form(list, "standard"),
    )
    .await
}

async fn api(ctype: Option<&str>, body: impl Into<Vec<u8>>, query: &str) -> (StatusCode, Value) {
    let (status, ctype, body) = common::http::post(
        common::bundled_state(),
        &format!("/api/decks/validate{query}"),
        ctype,
        None,
        body,
    )
    .await;
    assert!(ctype.starts_with("application/json"), "{ctype}: {body}");
    (status, serde_json::from_str(&body).expect("JSON"))
}

fn assert_error(status: StatusCode, v: &Value, needle: &str) {
    assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
    assert_eq!(v["object"], "error");
    assert_eq!(v["status"], 400);
    let details = v["details"].as_str().unwrap();
    assert!(details.contains(needle), "{details}");
}

#[actix_rt::test]
async fn the_form_page_lists_the_formats_and_works_without_javascript() {
    let (status, ctype, html) = get("/decks").await;
    assert_eq!(status, StatusCode::OK);
    assert!(ctype.starts_with("text/html"));
    // After a check, the browser lands on the summary (`#results`), not the form.
    assert!(html.contains(r#"action="/decks#results" method="post">"#));
    assert!(html.contains(r#"<textarea id="list" name="list""#));
    let standard = html
        .split(r#"<option value="standard""#)
        .nth(1)
        .and_then(|rest| rest.split_once('>'))
        .map(|(attrs, _)| attrs)
        .unwrap_or_default();
    assert!(standard.ends_with(" selected"), "{html}");
    assert!(html.contains(r#"<option value="league""#));
    let (status, ctype, body) = get("/decks.json").await;
    assert_eq!(status, StatusCode::OK);
    assert!(ctype.starts_with("application/json"));
    let v: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(v["data"][0]["name"], "standard");
}

// rule 3.1 (karth-deck-building.md): "A deck's total gold value is at most 100."
#[actix_rt::test]
async fn posting_a_list_shows_violations_with_rule_and_card_links_and_keywords() {
    let list = read("rules/3.1_gold.txt");
    let (status, _, html) = post_form("/decks", &list, None).await;
    assert_eq!(status, StatusCode::OK, "{html}");
    assert!(html.contains("illegal"));
    assert!(html.contains("103 / 100 gold"), "{html}");
    assert!(
        html.contains(r#"<a class="rule" href="/rules/karth/3.1">3.1</a>"#),
        "{html}"
    );
    assert!(html.contains(r#"href="/card/karth/Fireball""#));
    // The keyword sheet: Scribe (Vharzul, Obsidian Acolyte) with its definition.
    assert!(html.contains("Keyword sheet"));
    assert!(html.contains(r#"href="/keyword/karth/Scribe""#), "{html}");
    assert!(
        html.contains("Casters can use the scribe ability"),
        "{html}"
    );
    // The pasted list is kept in the textarea, escaped.
    let (_, _, html) = post_form("/decks", "<script>alert(1)</script>", None).await;
    assert!(!html.contains("<script>alert(1)"));
    assert!(html.contains("alert(1)"));
}

#[actix_rt::test]
async fn several_lists_at_once_give_one_verdict_each() {
    let list = format!(
        "{}---\n{}",
        read("rules/legal.txt"),
        read("rules/3.4_44_cards.txt")
    );
    let (status, ctype, body) = post_form("/decks", &list, Some("application/json")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(ctype.starts_with("application/json"));
    let v: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(v["total"], 2);
    assert_eq!(v["legal"], 1);
    assert_eq!(v["data"][0]["legal"], true);
    assert_eq!(v["data"][1]["violations"][0]["rule"], "3.4");
    let (_, _, html) = post_form("/decks", &list, None).await;
    assert!(html.contains(r#"id="deck-1""#) && html.contains(r#"id="deck-2""#));
}

#[actix_rt::test]
async fn the_form_rejects_an_unknown_format_and_a_non_form_body() {
    let (status, _, body) = post(
        "/decks.json",
        "application/x-www-form-urlencoded",
        form("1 Spark", "standart"),
    )
    .await;
    let v: Value = serde_json::from_str(&body).unwrap();
    assert_error(status, &v, "did you mean `standard`?");
    let (status, _, body) = post("/decks.json", "application/json", "{}").await;
    let v: Value = serde_json::from_str(&body).unwrap();
    assert_error(status, &v, "expected a form");
}

#[actix_rt::test]
async fn api_text_and_json() {
    let (status, v) = api(Some("text/plain"), read("rules/legal.txt"), "").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(v["object"], "deck_verdict");
    assert_eq!(v["legal"], true);
    let (status, v) = api(
        Some("text/plain; charset=utf-8"),
        read("rules/format_restricted.txt"),
        "?format=league",
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(v["format"], "league");
    assert_eq!(v["violations"][0]["rule"], "format:league");
    let body = r#"{"faction":"Obsidian Covenant","format":"league","cards":[{"name":"Fireball","count":3}]}"#;
    let (status, v) = api(Some("application/json"), body, "").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(v["format"], "league");
    assert_eq!(v["legal"], false);
    let banned = v["violations"]
        .as_array()
        .unwrap()
        .iter()
        .find(|x| x["rule"] == "format:league")
        .unwrap();
    assert_eq!(banned["lines"][0], 1);
}

#[actix_rt::test]
async fn api_bad_bodies_are_400_json_errors() {
    let (s, v) = api(Some("application/json"), "{not json", "").await;
    assert_error(s, &v, "the JSON decklist is not valid");
    let (s, v) = api(
        Some("application/json"),
        r#"{"cards":[{"nam":"Spark"}]}"#,
        "",
    )
    .await;
    assert_error(s, &v, "the JSON decklist is not valid");
    let (s, v) = api(Some("application/xml"), "<deck/>", "").await;
    assert_error(s, &v, "is not accepted");
    let (s, v) = api(None, "1 Spark", "").await;
    assert_error(s, &v, "no Content-Type");
    let (s, v) = api(Some("text/plain"), "", "").await;
    assert_error(s, &v, "the body is empty");
    let (s, v) = api(Some("text/plain"), vec![0xff, 0xfe, b'a'], "").await;
    assert_error(s, &v, "not valid UTF-8");
    let big = "1 Spark\n".repeat(arbiter::decks::MAX_BYTES / 8 + 100);
    let (s, v) = api(Some("text/plain"), big, "").await;
    assert_eq!(s, StatusCode::PAYLOAD_TOO_LARGE, "{v}");
    assert!(v["details"]
        .as_str()
        .is_some_and(|d| d.contains("over 1048576 bytes (1 MiB)")));
    let (s, v) = api(Some("text/plain"), "1 Spark", "?format=nope").await;
    assert_error(s, &v, "unknown karth format `nope`");
}

/// The verdict's JSON without the parts that differ by construction between surfaces.
fn same(v: &Value) -> Value {
    v.clone()
}

// All four surfaces give the same verdict for the same list (issue #4 §5).
#[actix_rt::test]
async fn every_surface_gives_the_same_verdict() {
    let cat = common::bundled_catalogue();
    for name in [
        "rules/3.1_gold.txt",
        "rules/5.6.2_no_warrior.txt",
        "rules/legal.txt",
    ] {
        let text = read(name);
        let lib = serde_json::to_value(
            DeckValidator::new(&cat, "standard")
                .unwrap()
                .validate(&parse_decklist(&text)),
        )
        .unwrap();
        let (_, api_text) = api(Some("text/plain"), text.clone(), "").await;
        let (_, _, page) = post_form("/decks", &text, Some("application/json")).await;
        let page: Value = serde_json::from_str(&page).unwrap();
        let (_, _, twin) = post_form("/decks.json", &text, None).await;
        let twin: Value = serde_json::from_str(&twin).unwrap();
        // JSON input of the same cards: the same verdict apart from line numbers.
        let list = parse_decklist(&text);
        let cards: Vec<Value> = list
            .entries
            .iter()
            .map(|e| serde_json::json!({"name": e.name, "count": e.count}))
            .collect();
        let body = serde_json::json!({"faction": list.faction.as_ref().map(|f| f.0.clone()), "player": list.player, "cards": cards});
        let (_, api_json) = api(Some("application/json"), body.to_string(), "").await;
        let dir = tempfile::tempdir().unwrap();
        let out = Command::cargo_bin("arbiter")
            .unwrap()
            .arg("check")
            .arg(fixture(name))
            .arg("--json")
            .arg("--db")
            .arg(dir.path().join("c.sqlite"))
            .env("RUST_LOG", "warn")
            .output()
            .unwrap();
        let cli: Value = serde_json::from_slice(&out.stdout).expect("CLI JSON");
        assert_eq!(same(&api_text), same(&lib), "{name}: API text");
        assert_eq!(
            same(&page["data"][0]),
            same(&lib),
            "{name}: page twin (Accept)"
        );
        assert_eq!(
            same(&twin["data"][0]),
            same(&lib),
            "{name}: page twin (.json)"
        );
        assert_eq!(same(&cli), same(&lib), "{name}: CLI --json");
        for key in [
            "legal", "errors", "warnings", "summary", "faction", "side", "format",
        ] {
            assert_eq!(api_json[key], lib[key], "{name}: API JSON {key}");
        }
        let rules = |v: &Value| -> Vec<Value> {
            v["violations"]
                .as_array()
                .unwrap()
                .iter()
                .map(|x| x["rule"].clone())
                .collect()
        };
        assert_eq!(rules(&api_json), rules(&lib), "{name}: API JSON rules");
        let code = out.status.code();
        assert_eq!(
            code,
            Some(if lib["legal"] == true { 0 } else { 1 }),
            "{name}"
        );
    }
}

#[test]
fn check_prints_located_violations_and_exit_codes() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("c.sqlite");
    let run = |args: &[&str]| {
        Command::cargo_bin("arbiter")
            .unwrap()
            .arg("check")
            .args(args)
            .arg("--db")
            .arg(&db)
            .env("RUST_LOG", "warn")
            .output()
            .unwrap()
    };
    let gold = fixture("rules/3.1_gold.txt");
    let cards = fixture("rules/3.4_44_cards.txt");
    let out = run(&[gold.to_str().unwrap(), cards.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        stdout.contains(&format!("{}: error [3.1] 103 / 100 gold", gold.display())),
        "{stdout}"
    );
    let copies = fixture("rules/3.7_four_copies.txt");
    let out = run(&[copies.to_str().unwrap()]);
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        stdout.contains(&format!(
            "{}:21: error [3.7] 4 / 3 copies of Spark",
            copies.display()
        )),
        "{stdout}"
    );
    let legal = fixture("legal_silverhold-vanguard.txt");
    assert_eq!(run(&[legal.to_str().unwrap()]).status.code(), Some(0));
    // Unreadable input: missing file, not UTF-8, unknown format.
    assert_eq!(run(&["/nonexistent/deck.txt"]).status.code(), Some(2));
    let bin = dir.path().join("bin.txt");
    std::fs::write(&bin, [0xffu8, 0xfe, 0x00]).unwrap();
    let out = run(&[bin.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stdout).contains("not valid UTF-8"));
    let out = run(&[legal.to_str().unwrap(), "--format", "standart"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stdout).contains("did you mean `standard`?"));
}

#[test]
fn batch_writes_a_csv_and_an_escaped_html_report() {
    let dir = tempfile::tempdir().unwrap();
    let decks = dir.path().join("decks");
    std::fs::create_dir(&decks).unwrap();
    std::fs::copy(fixture("legal_obsidian-covenant.txt"), decks.join("a.txt")).unwrap();
    std::fs::copy(fixture("rules/3.1_gold.txt"), decks.join("b.txt")).unwrap();
    std::fs::write(
        decks.join("c.txt"),
        "Player: <b>Eve</b>\nFaction: Obsidian Covenant\n3 <script>x</script>\n",
    )
    .unwrap();
    std::fs::write(decks.join("ignored.md"), "not a deck").unwrap();
    let report = dir.path().join("report.csv");
    let out = Command::cargo_bin("arbiter")
        .unwrap()
        .arg("check")
        .arg("--batch")
        .arg(&decks)
        .arg("--report")
        .arg(&report)
        .arg("--db")
        .arg(dir.path().join("c.sqlite"))
        .env("RUST_LOG", "warn")
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut rdr = csv::Reader::from_path(&report).unwrap();
    let headers: Vec<String> = rdr.headers().unwrap().iter().map(String::from).collect();
    assert_eq!(
        headers,
        [
            "file",
            "player",
            "faction",
            "format",
            "legal",
            "errors",
            "warnings",
            "first_errors",
            "warning_list"
        ]
    );
    let rows: Vec<csv::StringRecord> = rdr.records().map(|r| r.unwrap()).collect();
    assert_eq!(rows.len(), 3);
    // Issue #15, organisers 5: named relative to the folder checked, with faction and
    // format.
    assert_eq!(&rows[0][0], "a.txt");
    assert_eq!(&rows[0][1], "Mira Castell");
    assert_eq!(&rows[0][2], "Obsidian Covenant");
    assert_eq!(&rows[0][3], "standard");
    assert_eq!(&rows[0][4], "yes");
    assert_eq!(&rows[1][4], "no");
    assert_eq!(&rows[1][5], "1");
    assert!(
        rows[1][7].starts_with("[3.1] 103 / 100 gold"),
        "{:?}",
        &rows[1]
    );
    assert!(rows[2][7].split(" | ").count() == 3, "{:?}", &rows[2]);
    let html = std::fs::read_to_string(dir.path().join("report.html")).unwrap();
    assert!(html.contains("3 deck(s), 1 legal."), "{html}");
    assert!(!html.contains("<script>x"), "{html}");
    assert!(!html.contains("<b>Eve"), "{html}");
    assert!(html.contains("Eve"), "{html}");
}

/// Three decks in one paste: the legal fixture, a 3.1 breaker, and one with an unknown card.
fn three_decks() -> String {
    format!(
        "{}---\n{}---\nDeck: Odd One\nPlayer: =cmd|' /C calc'!A0\nFaction: Obsidian Covenant\n2 Sprak\n",
        read("rules/legal.txt"),
        read("rules/3.1_gold.txt"),
    )
}

// Issue #15, organisers 1 and 3.
#[actix_rt::test]
async fn several_decks_start_with_a_summary_and_count_their_own_lines() {
    let (status, _, html) = post_form("/decks", &three_decks(), None).await;
    assert_eq!(status, StatusCode::OK, "{html}");
    assert!(html.contains("3 decks: 1 legal, 2 illegal"), "{html}");
    for n in 1..=3 {
        assert!(
            html.contains(&format!("href=\"#deck-{n}\"")),
            "deck {n} linked"
        );
        assert!(html.contains(&format!("id=\"deck-{n}\"")), "deck {n} shown");
    }
    assert!(html.contains("Deck 3: Odd One"), "{html}");
    // The legal deck is collapsed, the illegal ones open.
    let deck = |n: usize| {
        html.split(&format!("id=\"deck-{n}\""))
            .nth(1)
            .unwrap()
            .split("</section>")
            .next()
            .unwrap()
            .to_string()
    };
    assert!(
        deck(1).contains("<details class=\"verdict-body\">"),
        "{}",
        deck(1)
    );
    assert!(deck(2).contains("<details class=\"verdict-body\" open>"));
    // The unknown card is on the third deck's own line 4, shown with the paste's line as
    // the organiser sees it (issue #31) and the text it names.
    assert!(deck(3).contains("line 4"), "{}", deck(3));
    let paste = three_decks();
    let paste_line = paste[..paste.find("2 Sprak").unwrap()]
        .matches('\n')
        .count()
        + 1;
    assert!(
        deck(3).contains(&format!("(paste line {paste_line})")),
        "{}",
        deck(3)
    );
    assert!(
        deck(3).contains("<code class=\"as-written\">2 Sprak</code>"),
        "{}",
        deck(3)
    );
    // The keyword sheet is behind a disclosure.
    assert!(deck(1).contains("<details class=\"keyword-sheet\"><summary>Keyword sheet"));
    let (_, _, body) = post_form("/decks.json", &three_decks(), None).await;
    let v: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(
        v["data"][2]["violations"][0]["lines"],
        serde_json::json!([4])
    );
}

// Issue #15, organisers 2, and issue #31: "The CSV keeps 3 of 6 errors, with no line
// numbers or hints: one row per problem, with deck, player, file, line, rule, actual,
// allowed and hint."
#[actix_rt::test]
async fn the_verdicts_download_as_the_worklist_csv() {
    let (_, _, html) = post_form("/decks", &three_decks(), None).await;
    assert!(html.contains("action=\"/decks.csv\""), "{html}");
    let (status, ctype, body) = common::http::post(
        common::bundled_state(),
        "/decks.csv",
        Some("application/x-www-form-urlencoded"),
        None,
        form(&three_decks(), "standard"),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(ctype.starts_with("text/csv"), "{ctype}");
    let mut rdr = csv::Reader::from_reader(body.as_bytes());
    let headers: Vec<String> = rdr.headers().unwrap().iter().map(String::from).collect();
    assert_eq!(headers, arbiter::events::WorklistRow::COLUMNS);
    let rows: Vec<csv::StringRecord> = rdr.records().map(|r| r.unwrap()).collect();
    // Every error and warning of the three decks, one row each.
    let (_, _, body) = post_form("/decks.json", &three_decks(), None).await;
    let v: Value = serde_json::from_str(&body).unwrap();
    let problems: usize = v["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["errors"].as_u64().unwrap() as usize + d["warnings"].as_u64().unwrap() as usize)
        .sum();
    assert_eq!(rows.len(), problems);
    let gold = rows.iter().find(|r| &r[5] == "3.1").expect("the 3.1 row");
    assert!(gold[0].starts_with("Deck 2"), "{gold:?}");
    assert_eq!((&gold[7], &gold[8]), ("103", "100"));
    assert!(!gold[9].is_empty(), "a hint: {gold:?}");
    let sprak = rows
        .iter()
        .find(|r| &r[5] == "card")
        .expect("the unknown card's row");
    assert!(sprak[0].starts_with("Deck 3: Odd One"), "{sprak:?}");
    assert_eq!(&sprak[2], "Odd One");
    let paste = three_decks();
    let paste_line = paste[..paste.find("2 Sprak").unwrap()]
        .matches('\n')
        .count()
        + 1;
    assert_eq!(sprak[3].to_string(), paste_line.to_string());
    assert!(sprak[9].contains("Spark"), "{sprak:?}");
    // A player name that looks like a formula is neutralised.
    for row in &rows {
        for cell in row.iter() {
            assert!(!cell.starts_with(['=', '+', '-', '@']), "{cell}");
        }
    }
    // Bad input is a located 4xx, never a 500.
    let (status, _, _) = common::http::post(
        common::bundled_state(),
        "/decks.csv",
        Some("application/x-www-form-urlencoded"),
        None,
        form("3 Spark", "standart"),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

// Issue #15, organisers 4: a decision is a link to its text, served by the site.
#[actix_rt::test]
async fn decisions_link_to_their_text_on_the_site() {
    let (_, _, html) = post_form("/decks", &read("rules/5.1.2_same_hero.txt"), None).await;
    assert!(
        html.contains("<a href=\"/docs/decks#d2\">decision D2</a>"),
        "{html}"
    );
    assert!(
        html.contains("class=\"suggestion\""),
        "the hint is set apart"
    );
    let (status, ctype, doc) = get("/docs/decks").await;
    assert_eq!(status, StatusCode::OK);
    assert!(ctype.starts_with("text/html"));
    assert!(
        doc.contains("<li id=\"d2\"><strong>D2: heroes are limited by 5.1.2"),
        "{doc}"
    );
    let (status, _, twin) = get("/docs/decks.json").await;
    assert_eq!(status, StatusCode::OK);
    let v: Value = serde_json::from_str(&twin).unwrap();
    assert_eq!(v["object"], "doc");
    assert_eq!(v["file"], "docs/decks.md");
    assert!(v["sections"]
        .as_array()
        .unwrap()
        .iter()
        .any(|s| s["id"] == "decisions"));
    // The decks page links only to documents the site serves.
    let (_, _, page) = get("/decks").await;
    assert!(page.contains("href=\"/docs/decks\""));
    assert!(!page.contains("docs/decks.md"), "{page}");
    let (status, _, body) = get("/docs/deck").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(
        body.contains("/docs/decks"),
        "suggests the right name: {body}"
    );
    let (status, _, _) = get("/docs/..%2F..%2Fetc%2Fpasswd").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}
