//! Helpers shared by the integration tests.
#![allow(dead_code)]

pub mod browser;
pub mod docs;
pub mod fixtures;
pub mod http;

use arbiter::catalogue::{self, Catalogue, ImportConfig, ImportError, ImportReport};
use std::path::{Path, PathBuf};

pub fn bundled() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/data"))
}

/// A writable copy of the bundled data directory.
pub fn copy_bundled() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    copy_dir(&bundled(), dir.path());
    dir
}

pub fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("mkdir");
    for entry in std::fs::read_dir(from).expect("read_dir") {
        let entry = entry.expect("entry");
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).expect("copy");
        }
    }
}

pub fn import(data: &Path, db: &Path) -> Result<ImportReport, ImportError> {
    catalogue::import(&ImportConfig::new(data, db))
}

/// The bundled catalogue, imported once into a temporary file.
pub fn bundled_catalogue() -> Catalogue {
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path().join("catalogue.sqlite");
    import(&bundled(), &db).expect("the bundled data imports");
    Catalogue::open(&db).expect("the catalogue opens")
}

/// A fresh import of the bundled data: the temporary directory (keep it alive) and the
/// database path inside it.
pub fn bundled_db() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path().join("catalogue.sqlite");
    import(&bundled(), &db).expect("the bundled data imports");
    (dir, db)
}

/// The web state of the catalogue at `db`, opened the way `arbiter serve` opens it: the
/// search index beside `db` is opened, or built once. Calling it again on the same path
/// gives a state over the same files (a restarted server).
pub fn state_from_db(db: &Path) -> arbiter::web::AppState {
    let catalogue = std::sync::Arc::new(Catalogue::open(db).expect("the catalogue opens"));
    let index = arbiter::search::SearchIndex::open_or_build(db, catalogue.clone())
        .expect("the search index opens");
    let links = arbiter::permalinks::Permalinks::open(&arbiter::permalinks::path_for(db))
        .expect("the permalink store opens");
    let rulings = catalogue_rulings(&catalogue);
    arbiter::web::AppState::new(catalogue, std::sync::Arc::new(index))
        .with_permalinks(std::sync::Arc::new(links))
        .with_rulings(rulings)
}

/// The rulings a server shows for `catalogue` (its own, no judges'), as `serve` builds them.
pub fn catalogue_rulings(catalogue: &Catalogue) -> std::sync::Arc<arbiter::rulings::Rulings> {
    std::sync::Arc::new(
        arbiter::rulings::Rulings::new(catalogue.rulings().to_vec(), vec![])
            .expect("the catalogue's rulings hold together"),
    )
}

/// The web state for `catalogue`, with a search index built once per catalogue (cached by
/// the `Arc`'s address; the index directory lives as long as the test process).
pub fn state_for(catalogue: std::sync::Arc<Catalogue>) -> arbiter::web::AppState {
    use std::sync::{Arc, Mutex};
    static CACHE: Mutex<Vec<(usize, arbiter::web::AppState)>> = Mutex::new(Vec::new());
    let key = Arc::as_ptr(&catalogue) as usize;
    let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, s)) = cache.iter().find(|(k, _)| *k == key) {
        return s.clone();
    }
    let dir = tempfile::tempdir().expect("tempdir").keep();
    let index =
        arbiter::search::SearchIndex::open_or_build(&dir.join("c.sqlite"), catalogue.clone())
            .expect("index builds");
    let rulings = catalogue_rulings(&catalogue);
    let state = arbiter::web::AppState::new(catalogue, Arc::new(index)).with_rulings(rulings);
    cache.push((key, state.clone()));
    state
}

/// The web state of the bundled catalogue, built once per test process.
pub fn bundled_state() -> arbiter::web::AppState {
    static BUNDLED: std::sync::OnceLock<std::sync::Arc<Catalogue>> = std::sync::OnceLock::new();
    state_for(
        BUNDLED
            .get_or_init(|| std::sync::Arc::new(bundled_catalogue()))
            .clone(),
    )
}

/// A fresh web state over the bundled catalogue: its own permalink store and heavy-work
/// bound, the catalogue and index shared.
pub fn fresh_state() -> arbiter::web::AppState {
    let shared = bundled_state();
    arbiter::web::AppState::new(shared.catalogue.clone(), shared.search.clone())
        // Its own set: a judge publishing in one test is not seen by another.
        .with_rulings(catalogue_rulings(&shared.catalogue))
}

/// The stress position posted to `POST /api/adjudicate`: its streamed answer (some 30
/// MB), left unread, holds a turn at heavy work for as long as the test keeps it.
pub fn step_bound_to_the_api() -> actix_http::Request {
    actix_web::test::TestRequest::post()
        .uri("/api/adjudicate")
        .insert_header(("Content-Type", "application/json"))
        .set_payload(step_bound())
        .to_request()
}

/// One turn at heavy work and no queue, with no deadline in sight: a turn held by an
/// unread answer outlasts the test, and any other request is refused at once (503).
pub fn one_turn_no_queue() -> arbiter::web::HeavyWorkConfig {
    arbiter::web::HeavyWorkConfig {
        concurrent: 1,
        queue: 0,
        retry_after_secs: 3,
        deadline: std::time::Duration::from_secs(600),
    }
}

/// The stress fixture's position: a battle-line game that runs to the step bound.
pub fn step_bound() -> String {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/stress/step_bound.json"),
    )
    .expect("fixture reads");
    let fixture: serde_json::Value = serde_json::from_str(&text).expect("fixture JSON");
    fixture["position"].to_string()
}

/// The position of the first fixture under `tests/fixtures/positions/` (by file name), as
/// pretty JSON: a valid position for tests that need any one.
pub fn a_position_text() -> String {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/positions");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("the fixtures directory")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    let fixture: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&files[0]).expect("the first fixture"))
            .expect("fixture JSON");
    serde_json::to_string_pretty(&fixture["position"]).expect("a position serialises")
}
