//! `data/rulings.csv` imported with the catalogue: every error located, the rulings read
//! back as written, and found by search (their words, `kind:ruling`, below the keyword
//! they are about, a judge's right after publication, escaped everywhere shown).

use crate::common::{self, copy_bundled, import};
use actix_web::http::StatusCode;
use arbiter::catalogue::{self, Catalogue, ImportError};
use arbiter::rulings::{Ruling, Rulings, Tier};
use arbiter::web::AppState;
use serde_json::Value;
use std::sync::Arc;

const HEADER: &str =
    "id,game,question,answer,keywords,cards,rules,position,step,tier,source,published,supersedes\n";

/// Imports a copy of the bundled data whose `rulings.csv` is `csv`: the error text, with
/// the temporary directory taken out of the paths.
fn import_error(csv: &str) -> String {
    let data = copy_bundled();
    std::fs::write(data.path().join("rulings.csv"), csv).unwrap();
    let out = tempfile::tempdir().unwrap();
    let err = import(data.path(), &out.path().join("c.sqlite")).expect_err("refused");
    assert!(matches!(err, ImportError::Invalid(_)), "{err}");
    assert!(
        !out.path().join("c.sqlite").exists(),
        "nothing written on refusal"
    );
    err.to_string()
        .replace(&format!("{}/", data.path().display()), "")
}

#[test]
fn a_bad_rulings_csv_reports_every_error_located() {
    let good = "battleline/bl-armor.json";
    let rows = [
        // 2: a bad id, an unknown game
        format!("Bad Id,chess,q,a,,,,{good},1,seed,s,2026-01-01,"),
        // 3: unknown keyword, card and rule
        format!("r3,battleline,q,a,Armour,Nobody,9.9,{good},1,seed,s,2026-01-01,"),
        // 4: a path out of rulings/, a bad tier, no source, not a date
        "r4,battleline,q,a,,,,../games.csv,1,oracle,,2026-02-30,".to_string(),
        // 5: an inline position of the wrong shape
        r#"r5,swtcg,q,a,,,,"{""game"":""swtcg"",""units"":7}",1,seed,s,2026-01-01,"#.to_string(),
        // 6: a battle-line position for a swtcg ruling
        format!("r6,swtcg,q,a,,,,{good},1,seed,s,2026-01-01,"),
        // 7: a step past the end of the replay
        format!("r7,battleline,q,a,Armor,,,{good},99,seed,s,2026-01-01,"),
        // 8, 9, 10: r8 superseded twice
        format!("r8,battleline,q,a,,,,{good},1,seed,s,2026-01-01,"),
        format!("r9,battleline,q,a,,,,{good},1,house,T1,2026-01-02,r8"),
        format!("r10,battleline,q,a,,,,{good},1,house,T1,2026-01-03,r8"),
        // 11: supersedes nothing known; 12: the same id again
        format!("r11,battleline,q,a,,,,{good},1,seed,s,2026-01-01,zz"),
        format!("r8,battleline,q,a,,,,{good},1,seed,s,2026-01-01,"),
    ];
    let csv = format!("{HEADER}{}\n", rows.join("\n"));
    let e = import_error(&csv);
    for (at, says) in [
        ("rulings.csv:2:1:", "`Bad Id` is not a ruling id"),
        ("rulings.csv:2:8:", "unknown game `chess`"),
        ("rulings.csv:3:", "unknown battleline keyword `Armour`"),
        ("rulings.csv:3:", "unknown battleline card `Nobody`"),
        ("rulings.csv:3:", "no battleline rule numbered `9.9`"),
        (
            "rulings.csv:4:",
            "position path `../games.csv` must be relative",
        ),
        (
            "rulings.csv:4:",
            "tier `oracle` is not one of seed, published, house, judge",
        ),
        ("rulings.csv:4:", "`source` is empty"),
        ("rulings.csv:4:", "`2026-02-30` is not a date"),
        ("rulings.csv:5:", "the inline position: 1:"),
        ("rulings.csv:5:", "units"),
        (
            "rulings.csv:6:",
            "is a battleline position but the ruling is of swtcg",
        ),
        ("rulings.csv:7:", "step 99 does not exist"),
        ("rulings.csv:10:", "`r8` is already superseded by `r9`"),
        (
            "rulings.csv:11:",
            "`supersedes` names `zz`, which is not a ruling",
        ),
        (
            "rulings.csv:12:1:",
            "ruling `r8` is given twice (first on line 8)",
        ),
    ] {
        assert!(
            e.lines().any(|l| l.starts_with(at) && l.contains(says)),
            "expected `{at} … {says}` in:\n{e}"
        );
    }
}

#[test]
fn a_position_that_does_not_resolve_is_located_at_its_cell() {
    let position = r#""{""seed"":1,""turns"":1,""players"":[{""name"":""A"",""line"":[{""card"":""No Such Card""}]},{""name"":""B"",""line"":[]}]}""#;
    let csv = format!("{HEADER}r1,battleline,q,a,,,,{position},1,seed,s,2026-01-01,\n");
    let e = import_error(&csv);
    assert!(
        e.contains("rulings.csv:2:") && e.contains("No Such Card"),
        "{e}"
    );
}

#[test]
fn a_good_rulings_csv_imports_and_reads_back_equal() {
    let data = copy_bundled();
    // One more ruling, its position inline, superseding a bundled one.
    let inline = std::fs::read_to_string(data.path().join("rulings/battleline/bl-armor.json"))
        .unwrap()
        .replace('"', "\"\"")
        .replace('\n', " ");
    let mut csv = std::fs::read_to_string(data.path().join("rulings.csv")).unwrap();
    csv.push_str(&format!(
        "bl-armor-2,battleline,\"Armor, again?\",\"Yes.\",armor,shieldwall veteran,4.1,\"{inline}\",3,house,T2,2026-11-28,bl-armor\n"
    ));
    std::fs::write(data.path().join("rulings.csv"), csv).unwrap();
    let out = tempfile::tempdir().unwrap();
    let db = out.path().join("c.sqlite");
    let report = import(data.path(), &db).expect("imports");
    let validated = catalogue::validate(data.path()).expect("valid").rulings;
    let cat = Catalogue::open(&db).unwrap();
    assert_eq!(cat.rulings(), validated.as_slice(), "read back as imported");
    assert_eq!(cat.data_hash(), report.data_hash);
    let added = cat.rulings().iter().find(|r| r.id == "bl-armor-2").unwrap();
    let file = cat.rulings().iter().find(|r| r.id == "bl-armor").unwrap();
    assert_eq!(
        added.keywords,
        ["Armor"],
        "keywords as the catalogue spells them"
    );
    assert_eq!(added.cards, ["Shieldwall Veteran"]);
    assert_eq!(added.tier, Tier::House);
    assert_eq!(added.supersedes.as_deref(), Some("bl-armor"));
    assert_eq!(
        (added.position.as_str(), added.hash.as_str()),
        (file.position.as_str(), file.hash.as_str()),
        "the same position inline or in a file is stored the same, canonical"
    );
    let (_, canonical, hash) = arbiter::rulings::ruling_position(&added.position).unwrap();
    assert_eq!(
        (canonical.as_str(), hash.as_str()),
        (added.position.as_str(), added.hash.as_str())
    );
    // The server's set holds together; a position file edited changes the data hash.
    Rulings::new(cat.rulings().to_vec(), vec![]).expect("holds together");
    let path = data.path().join("rulings/battleline/bl-armor.json");
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, text.replace("\"seed\": 1", "\"seed\": 2")).unwrap();
    let again = import(data.path(), &db).expect("imports");
    assert_ne!(
        again.data_hash, report.data_hash,
        "the position is in the hash"
    );
}

#[test]
fn a_data_directory_without_rulings_still_imports() {
    let data = copy_bundled();
    std::fs::remove_file(data.path().join("rulings.csv")).unwrap();
    let out = tempfile::tempdir().unwrap();
    let db = out.path().join("c.sqlite");
    import(data.path(), &db).expect("imports");
    assert!(Catalogue::open(&db).unwrap().rulings().is_empty());
}

// ---- search ----------------------------------------------------------------------------

async fn search_json(state: AppState, q: &str) -> Value {
    let uri = format!("/api/search?q={}", q.replace(' ', "+").replace(':', "%3A"));
    let (status, _, body) = common::http::get(state, &uri, None).await;
    assert_eq!(status, StatusCode::OK, "{uri}: {body}");
    serde_json::from_str(&body).unwrap()
}

fn urls(v: &Value) -> Vec<String> {
    v["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["url"].as_str().unwrap().to_string())
        .collect()
}

#[actix_web::test]
async fn a_ruling_is_found_by_its_answer_and_by_kind_below_its_keyword() {
    let state = common::bundled_state();
    // A word of the answer only ("heads take nothing").
    let found = search_json(state.clone(), "nothing serpent").await;
    let hit = found["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|h| h["url"] == "/rulings/bl-serpent-damage")
        .unwrap_or_else(|| panic!("found by its answer: {found}"));
    assert_eq!(hit["kind"], "ruling");
    assert_eq!(hit["object"], "ruling");
    assert_eq!(hit["game"], "battleline");
    // kind:ruling with the usual filters.
    let swtcg = state
        .rulings
        .snapshot()
        .all()
        .iter()
        .filter(|r| r.game == "swtcg")
        .count();
    assert!(swtcg > 1, "the bundled data has Star Wars TCG rulings");
    let rulings = search_json(state.clone(), "kind:ruling game:swtcg").await;
    assert_eq!(
        rulings["total"], swtcg,
        "every swtcg ruling and nothing else"
    );
    assert!(
        urls(&rulings).iter().all(|u| u.starts_with("/rulings/sw-")),
        "{rulings}"
    );
    let kinds = &rulings["facets"]["kind"];
    assert_eq!(kinds[0], serde_json::json!(["ruling", swtcg]), "{kinds}");
    let by_keyword = search_json(state.clone(), "keyword:armor kind:ruling game:battleline").await;
    let by_keyword = urls(&by_keyword);
    assert!(
        by_keyword.contains(&"/rulings/bl-armor".to_string())
            && by_keyword.iter().all(|u| u.starts_with("/rulings/bl-")),
        "{by_keyword:?}"
    );
    // Below the keyword it is about.
    let armor = urls(&search_json(state.clone(), "armor").await);
    let keyword = armor.iter().position(|u| u == "/keyword/battleline/Armor");
    let ruling = armor.iter().position(|u| u == "/rulings/bl-armor");
    assert!(
        matches!((keyword, ruling), (Some(k), Some(r)) if k < r),
        "{armor:?}"
    );
    // The page links it too.
    let (status, _, html) =
        common::http::get(state, "/search?q=kind%3Aruling%20serpent", None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        html.contains("href=\"/rulings/bl-serpent-damage\""),
        "{html}"
    );
}

/// A judge's ruling like `bl-armor`, with its own id and words.
fn judge_ruling(cat: &Catalogue, id: &str, question: &str) -> Ruling {
    let mut r = cat
        .rulings()
        .iter()
        .find(|r| r.id == "bl-armor")
        .unwrap()
        .clone();
    r.id = id.into();
    r.question = question.into();
    r.answer = "Zanzibarian rules apply.".into();
    r.tier = Tier::Judge;
    r.source = "Judge Dredd".into();
    r
}

#[actix_web::test]
async fn a_judge_ruling_is_found_right_after_it_is_published() {
    let shared = common::bundled_state();
    let rulings = common::catalogue_rulings(&shared.catalogue);
    let state = shared.clone().with_rulings(rulings.clone());
    let before = search_json(state.clone(), "zanzibarian").await;
    assert_eq!(before["total"], 0, "{before}");
    rulings
        .replace(vec![judge_ruling(&shared.catalogue, "judge-one", "Armor?")])
        .unwrap();
    // The same query again: not the cached answer from before.
    let after = search_json(state.clone(), "zanzibarian").await;
    assert_eq!(urls(&after), ["/rulings/judge-one"], "{after}");
    let page = search_json(state, "zanzibarian kind:ruling game:battleline").await;
    assert_eq!(page["total"], 1);
}

#[actix_web::test]
async fn a_ruling_question_is_escaped_in_the_search_page_and_json() {
    let shared = common::bundled_state();
    let hostile = "<script>alert(1)</script> \"><img src=x onerror=alert(2)> zanzibarian?";
    let rulings = Rulings::new(
        shared.catalogue.rulings().to_vec(),
        vec![judge_ruling(&shared.catalogue, "hostile", hostile)],
    )
    .unwrap();
    let state = shared.clone().with_rulings(Arc::new(rulings));
    let (status, _, html) = common::http::get(state.clone(), "/search?q=zanzibarian", None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("href=\"/rulings/hostile\""), "{html}");
    assert!(!html.contains("<script>alert"), "{html}");
    assert!(!html.contains("<img src=x"), "{html}");
    assert!(
        html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"),
        "{html}"
    );
    for uri in ["/search.json?q=zanzibarian", "/api/search?q=zanzibarian"] {
        let (status, _, body) = common::http::get(state.clone(), uri, None).await;
        assert_eq!(status, StatusCode::OK);
        let v: Value = serde_json::from_str(&body).unwrap();
        let hit = &v["data"][0];
        assert_eq!(hit["name"], hostile, "the question, as data");
        let snippet_html = hit["snippet_html"].as_str().unwrap();
        assert!(!snippet_html.contains("<script>"), "{snippet_html}");
        assert!(!snippet_html.contains("<img"), "{snippet_html}");
    }
}
