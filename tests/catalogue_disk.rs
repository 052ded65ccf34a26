//! A catalogue whose cards are left in the file (issue #20: a catalogue larger than
//! memory must still serve) answers exactly as one that holds them in memory: the cards
//! one by one and walked, the lookups by name and keyword, and every surface that reads
//! cards (card and card-list pages, keyword pages, search with its suggestions, deck
//! validation, adjudication and the builder's name lists), compared body for body.

use crate::common;

use arbiter::catalogue::{CardMode, Catalogue, OpenConfig};
use arbiter::search::SearchIndex;
use arbiter::web::AppState;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Cards on disk, with a cache far smaller than the catalogue, so reads miss and evict.
const DISK: OpenConfig = OpenConfig {
    card_memory: 0,
    card_cache: 8,
};
const MEMORY: OpenConfig = OpenConfig {
    card_memory: u64::MAX,
    card_cache: 8,
};

fn open(db: &Path, cfg: &OpenConfig) -> Catalogue {
    Catalogue::open_with(db, cfg).expect("the catalogue opens")
}

fn state(db: &Path, cfg: &OpenConfig) -> AppState {
    let cat = Arc::new(open(db, cfg));
    let index = SearchIndex::open_or_build(db, cat.clone()).expect("the search index opens");
    AppState::new(cat, Arc::new(index))
}

#[test]
fn the_budget_decides_where_the_cards_are() {
    let (_dir, db) = common::bundled_db();
    assert_eq!(open(&db, &DISK).cards().mode(), CardMode::Disk);
    assert_eq!(open(&db, &MEMORY).cards().mode(), CardMode::Memory);
    // The default budget (256 MiB) holds the bundled catalogue in memory.
    assert_eq!(
        Catalogue::open(&db).unwrap().cards().mode(),
        CardMode::Memory
    );
}

#[test]
fn cards_and_lookups_agree_in_both_modes() {
    let (_dir, db) = common::bundled_db();
    let (disk, mem) = (open(&db, &DISK), open(&db, &MEMORY));
    let n = mem.cards().len();
    assert!(n > 100, "the bundled catalogue has {n} cards");
    assert_eq!(disk.cards().len(), n);
    // Walked in order (in chunks from the file) and read one by one (through the cache).
    let walked: Vec<_> = disk.cards().iter().map(|c| (*c).clone()).collect();
    let held: Vec<_> = mem.cards().iter().map(|c| (*c).clone()).collect();
    assert_eq!(walked, held);
    assert!(disk.cards().try_iter().all(|c| c.is_ok()));
    for i in (0..n).rev() {
        let (d, m) = (disk.cards().get(i).unwrap(), mem.cards().get(i).unwrap());
        assert_eq!(*d, *m, "card {i}");
        assert_eq!(disk.cards().game_of(i), Some(m.game.as_str()));
        assert_eq!(disk.cards().type_of(i), Some(m.card_type.as_str()));
    }
    assert!(disk.cards().get(n).is_none());
    assert!(disk.cards().game_of(n).is_none());
    // By name, in another case, and every keyword's cards.
    for c in &held {
        let upper = c.name.to_uppercase();
        let found = disk.card(&c.game, &upper).map(|c| (*c).clone());
        assert_eq!(found, mem.card(&c.game, &upper).map(|c| (*c).clone()));
        assert_eq!(found.map(|f| f.name), Some(c.name.clone()));
        for a in c.abilities.iter() {
            let names = |cat: &Catalogue| -> Vec<String> {
                cat.cards_with_keyword(&c.game, &a.keyword)
                    .iter()
                    .map(|c| c.name.to_string())
                    .collect()
            };
            assert_eq!(names(&disk), names(&mem));
            assert!(names(&disk).contains(&c.name.to_string()));
        }
    }
    assert!(disk.card("karth", "No Such Card Anywhere").is_none());
    for g in mem.games() {
        assert_eq!(disk.counts(&g.slug), mem.counts(&g.slug), "{}", g.slug);
    }
    assert!(mem.counts("karth").0 > 0);
}

/// Every fixture position under `tests/fixtures/<dir>/`.
fn positions(dir: &str) -> Vec<(PathBuf, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(dir);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&root)
        .expect("a fixtures directory")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let v: serde_json::Value =
                serde_json::from_str(&std::fs::read_to_string(&p).expect("a fixture"))
                    .expect("fixture JSON");
            let position = serde_json::to_string(&v["position"]).expect("a position");
            (p, position)
        })
        .collect()
}

#[actix_web::test]
async fn every_card_surface_answers_alike_in_both_modes() {
    let (_dir, db) = common::bundled_db();
    let (disk, mem) = (state(&db, &DISK), state(&db, &MEMORY));
    assert_eq!(disk.catalogue.cards().mode(), CardMode::Disk);
    let cat = mem.catalogue.clone();

    let mut gets: Vec<String> = vec![
        "/".into(),
        "/index.json".into(),
        "/healthz".into(),
        "/adjudicate/cards.json".into(),
    ];
    for q in [
        "fury",
        "heal",
        "brekthrough",
        "game:karth%20type:item",
        "game:karth%20type:item%20value%3C%3D2",
        "keyword:armor",
        "%22opposing%20creature%22",
        "heal%20OR%20regen",
        "game:swtcg%20kind:keyword",
        "zzqx",
        "flury%20of%20sparks",
        "obsidian",
    ] {
        gets.push(format!("/api/search?q={q}"));
        gets.push(format!("/search?q={q}"));
    }
    for g in cat.games() {
        let slug = &g.slug;
        gets.push(format!("/adjudicate?game={slug}"));
        for sort in ["name", "value", "type"] {
            gets.push(format!("/cards/{slug}.json?sort={sort}"));
            gets.push(format!(
                "/cards/{slug}.json?sort={sort}&desc=1&page=2&per_page=7"
            ));
        }
        gets.push(format!("/cards/{slug}"));
        gets.push(format!("/card/{slug}/No%20Such%20Card.json"));
        gets.push(format!("/card/{slug}/Obsidan%20Acolyte"));
        for k in cat.data().keywords.iter().filter(|k| &k.game == slug) {
            gets.push(arbiter::web::links::keyword(slug, &k.name) + ".json");
            gets.push(format!(
                "/cards/{slug}.json?keyword={}",
                percent_encoding::utf8_percent_encode(&k.name, percent_encoding::NON_ALPHANUMERIC)
            ));
        }
    }
    for c in cat.cards().iter() {
        gets.push(arbiter::web::links::card(&c.game, &c.name) + ".json");
    }
    gets.push(arbiter::web::links::card("karth", "Obsidian Acolyte"));
    let mut found = 0;
    for uri in &gets {
        let d = common::http::get(disk.clone(), uri, None).await;
        let m = common::http::get(mem.clone(), uri, None).await;
        assert_eq!(d, m, "GET {uri}");
        found += usize::from(d.0 == actix_web::http::StatusCode::OK);
    }
    // Not just the same errors: nearly every page answers (the unknown cards do not).
    assert!(
        found + 2 * cat.games().len() >= gets.len(),
        "{found} of {}",
        gets.len()
    );
    let (_, _, body) = common::http::get(disk.clone(), "/api/search?q=obsidian", None).await;
    assert!(body.contains("Obsidian Acolyte"), "{body}");

    let decks = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/decks");
    let mut lists = 0;
    for e in std::fs::read_dir(&decks).expect("the deck fixtures") {
        let p = e.expect("an entry").path();
        if p.extension().is_none_or(|x| x != "txt") {
            continue;
        }
        let body = std::fs::read_to_string(&p).expect("a decklist");
        let post = |s: &AppState| {
            common::http::post(
                s.clone(),
                "/api/decks/validate",
                Some("text/plain"),
                None,
                body.clone(),
            )
        };
        let (d, m) = (post(&disk).await, post(&mem).await);
        assert_eq!(d, m, "{}", p.display());
        lists += 1;
    }
    assert!(lists >= 2);

    let mut played = 0;
    for dir in ["positions", "swtcg", "keyforge", "arcane", "karth"] {
        for (p, position) in positions(dir) {
            let post = |s: &AppState| {
                common::http::post(
                    s.clone(),
                    "/api/adjudicate",
                    Some("application/json"),
                    None,
                    position.clone(),
                )
            };
            let (d, m) = (post(&disk).await, post(&mem).await);
            assert_eq!(d, m, "{}", p.display());
            played += 1;
        }
    }
    assert!(played >= 20, "{played} positions");
}
