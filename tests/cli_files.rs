//! The files a command is given or writes: `--db` paths that are not catalogues, imports
//! that meet each other, inputs far past their caps, reports opened in a spreadsheet, and
//! positions followed by stray text. Issue #12's "never destroy a user's file" findings.

use crate::common;

use assert_cmd::Command;
use common::*;
use std::path::{Path, PathBuf};
use std::time::Duration;

fn arbiter() -> Command {
    let mut cmd = Command::cargo_bin("arbiter").expect("binary");
    cmd.env("RUST_LOG", "warn")
        .timeout(Duration::from_secs(120));
    cmd
}

/// `arbiter import` of the bundled data into `db`, with `extra` arguments.
fn import_bundled(db: &Path, extra: &[&str]) -> std::process::Output {
    arbiter()
        .arg("import")
        .args(extra)
        .arg("--data")
        .arg(bundled())
        .arg("--db")
        .arg(db)
        .output()
        .unwrap()
}

/// Files that are not a readable catalogue, each as (what it is, its bytes).
fn not_catalogues(scratch: &Path) -> Vec<(&'static str, Vec<u8>)> {
    let good = scratch.join("good.sqlite");
    import(&bundled(), &good).expect("bundled data imports");
    let catalogue = std::fs::read(&good).unwrap();
    let links = scratch.join("links.sqlite");
    {
        let store = arbiter::permalinks::Permalinks::open(&links).unwrap();
        for i in 0..50 {
            store.put(&format!("{{\"n\": {i}}}")).unwrap();
        }
    }
    // Fold the store's write-ahead log into the file, as a copied store would be.
    rusqlite::Connection::open(&links)
        .unwrap()
        .execute_batch("PRAGMA wal_checkpoint(TRUNCATE); PRAGMA journal_mode = DELETE;")
        .unwrap();
    let other = scratch.join("other.sqlite");
    rusqlite::Connection::open(&other)
        .unwrap()
        .execute_batch("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('mine');")
        .unwrap();
    vec![
        ("a text file", b"my notes\nline two\n".to_vec()),
        ("an empty file", Vec::new()),
        (
            "junk",
            (0..4096u32).map(|i| (i * 7919 % 251) as u8).collect(),
        ),
        (
            "a truncated catalogue",
            catalogue[..catalogue.len() / 3].to_vec(),
        ),
        ("a permalink store", std::fs::read(&links).unwrap()),
        ("another program's database", std::fs::read(&other).unwrap()),
    ]
}

/// The commands that read a catalogue, each as (name, its arguments before `--db`), with
/// their inputs (a legal deck, a valid position) written under `scratch`.
fn readers(scratch: &Path) -> Vec<(&'static str, Vec<std::ffi::OsString>)> {
    let deck = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/decks/legal_obsidian-covenant.txt");
    let position = scratch.join("position.json");
    std::fs::write(&position, a_position_text()).unwrap();
    vec![
        (
            "serve",
            vec!["serve".into(), "--addr".into(), "127.0.0.1:0".into()],
        ),
        ("search", vec!["search".into(), "fury".into()]),
        ("check", vec!["check".into(), deck.into()]),
        ("adjudicate", vec!["adjudicate".into(), position.into()]),
    ]
}

// Issue #12 finding 1: `--db` naming anything but nothing or a catalogue is refused with
// exit 2, the file named and what is wrong with it, and the file untouched byte for byte.
#[test]
fn every_reader_refuses_a_db_that_is_not_a_catalogue_and_leaves_it_untouched() {
    let scratch = tempfile::tempdir().unwrap();
    let readers = readers(scratch.path());
    for (what, bytes) in not_catalogues(scratch.path()) {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("precious.db");
        std::fs::write(&db, &bytes).unwrap();
        for (command, args) in &readers {
            let out = arbiter().args(args).arg("--db").arg(&db).output().unwrap();
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(
                out.status.code(),
                Some(2),
                "{command} with {what}: {stderr}"
            );
            assert!(
                stderr.contains(&db.display().to_string()) && stderr.contains("left as it is"),
                "{command} with {what} names the file: {stderr}"
            );
            assert!(
                stderr.contains("not an Arbiter catalogue")
                    || stderr.contains("cannot be read")
                    || stderr.contains("damaged"),
                "{command} with {what} says what is wrong: {stderr}"
            );
            assert_eq!(
                std::fs::read(&db).unwrap(),
                bytes,
                "{command} left {what} byte for byte"
            );
            let litter: Vec<String> = std::fs::read_dir(dir.path())
                .unwrap()
                .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .filter(|n| n != "precious.db" && n != "precious.db.lock")
                .collect();
            assert!(litter.is_empty(), "{command} with {what} wrote {litter:?}");
        }
    }
}

#[test]
fn the_refusal_says_what_the_file_is() {
    let scratch = tempfile::tempdir().unwrap();
    let expected = [
        (
            "a text file",
            "is a text file of 18 bytes, not an SQLite database",
        ),
        ("an empty file", "is an empty file"),
        (
            "junk",
            "is a binary file of 4096 bytes, not an SQLite database",
        ),
        ("a permalink store", "is an Arbiter permalink store"),
        (
            "another program's database",
            "is an SQLite database of another program (1 table)",
        ),
    ];
    let files = not_catalogues(scratch.path());
    for (what, says) in expected {
        let bytes = &files.iter().find(|(w, _)| *w == what).unwrap().1;
        let db = scratch.path().join("x.db");
        std::fs::write(&db, bytes).unwrap();
        let out = arbiter()
            .args(["search", "fury", "--db"])
            .arg(&db)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(says), "{what}: {stderr}");
    }
}

// Only where nothing exists does a reader get the bundled data.
#[test]
fn a_path_where_nothing_exists_gets_the_bundled_data() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("new/c.sqlite");
    let out = arbiter()
        .args(["search", "fury", "--db"])
        .arg(&db)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        arbiter::catalogue::inspect(&db),
        arbiter::catalogue::Found::Current
    );
}

// `import` replaces nothing or a catalogue; anything else only with --force.
#[test]
fn import_replaces_only_a_catalogue_unless_forced() {
    let scratch = tempfile::tempdir().unwrap();
    for (what, bytes) in not_catalogues(scratch.path()) {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("c.sqlite");
        std::fs::write(&db, &bytes).unwrap();
        let out = import_bundled(&db, &[]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        if what == "a truncated catalogue" {
            // Its header says it is ours: import may replace a damaged catalogue.
            assert!(out.status.success(), "{what}: {stderr}");
            assert_eq!(
                arbiter::catalogue::inspect(&db),
                arbiter::catalogue::Found::Current
            );
            continue;
        }
        assert_eq!(out.status.code(), Some(2), "{what}: {stderr}");
        assert!(stderr.contains("--force"), "{what}: {stderr}");
        assert_eq!(std::fs::read(&db).unwrap(), bytes, "{what} untouched");
        let out = import_bundled(&db, &["--force"]);
        assert!(
            out.status.success(),
            "{what} --force: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(
            arbiter::catalogue::inspect(&db),
            arbiter::catalogue::Found::Current
        );
    }
}

// Issue #12 finding 11: two imports into one catalogue at once; the second is told it is busy.
#[test]
fn an_import_while_another_holds_the_catalogue_says_busy() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("c.sqlite");
    import(&bundled(), &db).unwrap();
    let before = std::fs::read(&db).unwrap();
    let held = std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(arbiter::catalogue::lock_path(&db))
        .unwrap();
    held.lock().unwrap();
    let out = import_bundled(&db, &[]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("is busy: another import"), "{stderr}");
    assert_eq!(std::fs::read(&db).unwrap(), before);
    held.unlock().unwrap();
    let out = import_bundled(&db, &[]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

// Issue #12 finding 15: a file past the cap is refused without being read whole, and
// (issue 27 item 9) a device is not read at all: /dev/zero never ends.
#[cfg(unix)]
#[test]
fn check_and_adjudicate_stop_reading_at_the_cap() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("c.sqlite");
    import(&bundled(), &db).unwrap();
    let out = arbiter()
        .args(["check", "/dev/zero", "--db"])
        .arg(&db)
        .timeout(Duration::from_secs(30))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(2), "{stdout}");
    assert!(
        stdout.contains("/dev/zero: unreadable: it is a character device, not a regular file"),
        "{stdout}"
    );
    let out = arbiter()
        .args(["adjudicate", "/dev/zero", "--db"])
        .arg(&db)
        .timeout(Duration::from_secs(30))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("it is a character device"), "{stderr}");
    // Standard input is a stream: read up to the cap and one byte past it.
    let cap = arbiter::rules::position::JSON_BYTES;
    let out = arbiter()
        .args(["adjudicate", "-", "--db"])
        .arg(&db)
        .write_stdin(vec![b' '; cap + 10])
        .timeout(Duration::from_secs(30))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains(&format!("the limit is {cap} bytes")),
        "{stderr}"
    );
    // A large regular file is refused by its size, before it is read.
    let big = dir.path().join("big.txt");
    std::fs::File::create(&big)
        .unwrap()
        .set_len(100 * 1024 * 1024)
        .unwrap();
    let out = arbiter()
        .arg("check")
        .arg(&big)
        .arg("--db")
        .arg(&db)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("the file is 104857600 bytes; a decklist is at most"),
        "{stdout}"
    );
}

// Issue #12 finding 9: a report opened in a spreadsheet runs no formula.
#[test]
fn batch_report_cells_never_start_a_formula() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("c.sqlite");
    import(&bundled(), &db).unwrap();
    let lists = dir.path().join("lists");
    std::fs::create_dir(&lists).unwrap();
    let deck = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/decks/legal_obsidian-covenant.txt"),
    )
    .unwrap();
    let players = [
        "=HYPERLINK(\"http://example.invalid\",\"x\")",
        "+1+2",
        "-3",
        "@SUM(A1)",
        "Plain Name",
    ];
    for (i, p) in players.iter().enumerate() {
        std::fs::write(
            lists.join(format!("{i}.txt")),
            deck.replace("Player: Mira Castell", &format!("Player: {p}")),
        )
        .unwrap();
    }
    let report = dir.path().join("report.csv");
    let out = arbiter()
        .args(["check", "--batch"])
        .arg(&lists)
        .arg("--report")
        .arg(&report)
        .arg("--db")
        .arg(&db)
        .output()
        .unwrap();
    assert!(out.status.code().is_some(), "ran");
    let mut reader = csv::Reader::from_path(&report).unwrap();
    let cells: Vec<String> = reader
        .records()
        .map(|r| r.unwrap()[1].to_string())
        .collect();
    for p in &players[..4] {
        assert!(
            cells.contains(&format!("'{p}")),
            "{p} neutralised: {cells:?}"
        );
    }
    assert!(cells.contains(&"Plain Name".to_string()), "{cells:?}");
    for cell in &cells {
        assert!(!cell.starts_with(['=', '+', '-', '@']), "{cell}");
    }
}

// No command overwrites a file that is not its own: the report's HTML sibling included.
#[test]
fn a_report_never_replaces_a_file_that_is_not_a_report() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("c.sqlite");
    import(&bundled(), &db).unwrap();
    let deck = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/decks/legal_obsidian-covenant.txt");
    let report = dir.path().join("notes.csv");
    let html = dir.path().join("notes.html");
    std::fs::write(&html, "<p>my own page</p>").unwrap();
    let run = || {
        arbiter()
            .arg("check")
            .arg(&deck)
            .arg("--report")
            .arg(&report)
            .arg("--db")
            .arg(&db)
            .output()
            .unwrap()
    };
    let out = run();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("is not a deck check report"), "{stderr}");
    assert_eq!(
        std::fs::read_to_string(&html).unwrap(),
        "<p>my own page</p>"
    );
    assert!(
        !report.exists(),
        "nothing written when one output is refused"
    );
    // An earlier report is the command's own: it is replaced.
    std::fs::remove_file(&html).unwrap();
    assert!(run().status.success());
    assert!(
        run().status.success(),
        "a second run replaces its own reports"
    );
}

// Issue #12 finding 6: a position followed by anything but white space is refused, located.
#[test]
fn a_position_followed_by_stray_text_is_refused_where_the_text_starts() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("c.sqlite");
    import(&bundled(), &db).unwrap();
    let position = a_position_text();
    let lines = position.lines().count();
    for tail in ["garbage", "]]]}}}", "{\"game\": \"battleline\"}"] {
        let file = dir.path().join("p.json");
        std::fs::write(&file, format!("{position}\n{tail}\n")).unwrap();
        let out = arbiter()
            .arg("adjudicate")
            .arg(&file)
            .arg("--db")
            .arg(&db)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{tail}: {stderr}");
        assert!(
            stderr.contains(&format!("p.json: {}:1: ", lines + 1))
                && stderr.contains("unexpected text after the end of the position"),
            "{tail}: {stderr}"
        );
    }
    // Trailing white space is fine.
    let file = dir.path().join("p.json");
    std::fs::write(&file, format!("{position}\n\n  \n")).unwrap();
    let out = arbiter()
        .arg("adjudicate")
        .arg(&file)
        .arg("--db")
        .arg(&db)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

// The permalink store beside the catalogue is never made out of a file that is not one.
#[test]
fn serve_refuses_a_permalink_path_that_holds_something_else() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("c.sqlite");
    import(&bundled(), &db).unwrap();
    let links = arbiter::permalinks::path_for(&db);
    let other = dir.path().join("other.sqlite");
    rusqlite::Connection::open(&other)
        .unwrap()
        .execute_batch("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('mine');")
        .unwrap();
    for (what, bytes) in [
        ("a text file", b"my notes\n".to_vec()),
        ("another program's database", std::fs::read(&other).unwrap()),
    ] {
        std::fs::write(&links, &bytes).unwrap();
        let out = arbiter()
            .args(["serve", "--addr", "127.0.0.1:0", "--db"])
            .arg(&db)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{what}: {stderr}");
        assert!(
            stderr.contains("is not an Arbiter permalink store")
                && stderr.contains("left as it is"),
            "{what}: {stderr}"
        );
        assert_eq!(std::fs::read(&links).unwrap(), bytes, "{what} untouched");
    }
    // A store of ours opens (and keeps its links).
    std::fs::remove_file(&links).unwrap();
    let hash = {
        let store = arbiter::permalinks::Permalinks::open(&links).unwrap();
        store.put("{\"n\": 1}").unwrap()
    };
    let store = arbiter::permalinks::Permalinks::open(&links).unwrap();
    assert_eq!(store.get(&hash).unwrap().as_deref(), Some("{\"n\": 1}"));
}

// Issue #14: a catalogue that cannot be opened or is refused is exit code 2 in every
// subcommand (the user must name another --db), never 1 in some and 2 in others.
#[test]
fn an_unopenable_catalogue_is_exit_2_in_every_subcommand() {
    let scratch = tempfile::tempdir().unwrap();
    let mut commands = readers(scratch.path());
    commands.push((
        "import",
        vec!["import".into(), "--data".into(), bundled().into()],
    ));
    let file = scratch.path().join("a-file.txt");
    std::fs::write(&file, "my notes\n").unwrap();
    let dir = scratch.path().join("a-directory");
    std::fs::create_dir(&dir).unwrap();
    let foreign = scratch.path().join("foreign.sqlite");
    std::fs::write(&foreign, "my notes\n").unwrap();
    let dbs: [(&str, PathBuf); 3] = [
        ("a path through a regular file", file.join("c.sqlite")),
        ("a directory", dir.clone()),
        ("a file that is not a catalogue", foreign.clone()),
    ];
    for (what, db) in &dbs {
        for (command, args) in &commands {
            let out = arbiter().args(args).arg("--db").arg(db).output().unwrap();
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(
                out.status.code(),
                Some(2),
                "{command} with {what}: {stderr}"
            );
        }
    }
    assert_eq!(std::fs::read(&file).unwrap(), b"my notes\n");
    assert_eq!(std::fs::read(&foreign).unwrap(), b"my notes\n");
    assert!(dir.is_dir());
}

// Issue #15 (judges) 9: the CLI reads a test fixture (`{about, cites, position}`) as it
// reads a position, and locates errors inside it under `position`.
#[test]
fn adjudicate_reads_a_fixture_file_as_its_position() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("c.sqlite");
    import(&bundled(), &db).unwrap();
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/positions/interp_fade_reorder.json");
    let bare = dir.path().join("bare.json");
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&fixture).unwrap()).unwrap();
    std::fs::write(&bare, serde_json::to_string(&v["position"]).unwrap()).unwrap();
    let run = |file: &Path| {
        arbiter()
            .arg("adjudicate")
            .arg(file)
            .arg("--db")
            .arg(&db)
            .output()
            .unwrap()
    };
    let (from_fixture, from_bare) = (run(&fixture), run(&bare));
    assert!(
        from_fixture.status.success(),
        "{}",
        String::from_utf8_lossy(&from_fixture.stderr)
    );
    assert_eq!(from_fixture.stdout, from_bare.stdout, "the same log");
    let broken = dir.path().join("broken.json");
    let mut w = v.clone();
    w["position"]["turns"] = serde_json::json!("many");
    std::fs::write(&broken, serde_json::to_string_pretty(&w).unwrap()).unwrap();
    let out = run(&broken);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("position.turns"), "{stderr}");
}

// Issue #14: the position's `game` picks the game; one no game answers to is a located
// error, exit 2, before the catalogue is opened.
#[test]
fn adjudicate_dispatches_on_game_and_refuses_an_unknown_one() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("c.sqlite");
    let file = dir.path().join("p.json");
    std::fs::write(&file, r#"{"game": "chess", "players": [{}, {}]}"#).unwrap();
    let out = arbiter()
        .args(["adjudicate", "--db"])
        .arg(&db)
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("game: no game system \"chess\"; expected one of: battleline"),
        "{err}"
    );
    assert!(
        !db.exists(),
        "an unknown game is refused before the catalogue is made"
    );
    // A saved state's game is its position's, located under `position`.
    std::fs::write(
        &file,
        r#"{"object": "adjudication_state", "position": {"game": "go", "players": [{}, {}]}, "step": 1}"#,
    )
    .unwrap();
    let out = arbiter()
        .args(["adjudicate", "--db"])
        .arg(&db)
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("position.game: no game system \"go\""));
    // Named or not, battle-line plays as before.
    std::fs::write(
        &file,
        r#"{"game": "battleline", "players": [{"name": "A"}, {"name": "B"}]}"#,
    )
    .unwrap();
    let out = arbiter()
        .args(["adjudicate", "--db"])
        .arg(&db)
        .arg(&file)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("result: the turns ran out"));
}

// Issue 30 (odds end to end): a Star Wars position whose units are all inline names no
// card, so it is played without opening (or making) the catalogue; one naming a card
// opens it as before.
#[test]
fn adjudicate_plays_a_position_naming_no_card_without_the_catalogue() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("c.sqlite");
    let file = dir.path().join("p.json");
    std::fs::write(
        &file,
        r#"{"game": "swtcg", "odds": true,
            "units": [{"id": "A", "side": "dark", "power": 4, "health": 3},
                      {"id": "D", "side": "light", "power": 1, "health": 3}],
            "attack": {"attacker": "A", "defender": "D"}}"#,
    )
    .unwrap();
    let out = arbiter()
        .args(["adjudicate", "--json", "--db"])
        .arg(&db)
        .arg(&file)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["outcome"]["odds"]["method"], "exact");
    assert!(
        !db.exists(),
        "no catalogue is made for a position naming no card"
    );
    std::fs::write(
        &file,
        r#"{"game": "swtcg",
            "units": [{"id": "A", "side": "dark", "power": 4, "health": 3, "stack": ["Nobody"]},
                      {"id": "D", "side": "light", "power": 1, "health": 3}],
            "attack": {"attacker": "A", "defender": "D"}}"#,
    )
    .unwrap();
    let out = arbiter()
        .args(["adjudicate", "--db"])
        .arg(&db)
        .arg(&file)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        db.exists(),
        "a card named: the catalogue is opened (made from the bundled data)"
    );
}

// ---- Issue 27 items 7–10 and 14: files that are not files, control characters, locks,
// and refusals that name a file's kind rather than quote it. Every run is bounded in
// time, so that code which waits on a FIFO or reads /dev/zero fails instead of hanging.

/// Creates a FIFO at `path` with the system's `mkfifo`.
#[cfg(unix)]
fn mkfifo(path: &Path) {
    let status = std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo runs");
    assert!(status.success(), "mkfifo {}", path.display());
}

/// The names of the entries of `dir`, sorted.
fn entries(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

// Item 7: a card file linked to /dev/zero, a FIFO and a sparse file past the cap are each
// refused with a located error naming the file and what it is, without being read.
#[cfg(unix)]
#[test]
fn import_refuses_data_files_that_are_devices_fifos_or_too_large() {
    let data = copy_bundled();
    let cards = data.path().join("cards");
    std::fs::remove_file(cards.join("swtcg.csv")).unwrap();
    std::os::unix::fs::symlink("/dev/zero", cards.join("swtcg.csv")).unwrap();
    std::fs::remove_file(cards.join("keyforge.csv")).unwrap();
    mkfifo(&cards.join("keyforge.csv"));
    std::fs::File::create(cards.join("karth.csv"))
        .unwrap()
        .set_len(arbiter::catalogue::DATA_FILE_MAX_BYTES as u64 + 1)
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("c.sqlite");
    let out = arbiter()
        .arg("import")
        .arg("--data")
        .arg(data.path())
        .arg("--db")
        .arg(&db)
        .timeout(Duration::from_secs(60))
        .output()
        .expect("import ends in time");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    let at = |name: &str| format!("{}:1:1: ", cards.join(name).display());
    for expected in [
        format!(
            "{}it is a character device, not a regular file: expected a CSV file",
            at("swtcg.csv")
        ),
        format!(
            "{}it is a FIFO (named pipe), not a regular file: expected a CSV file",
            at("keyforge.csv")
        ),
        format!(
            "{}the file is {} bytes; a data file is at most {} bytes",
            at("karth.csv"),
            arbiter::catalogue::DATA_FILE_MAX_BYTES + 1,
            arbiter::catalogue::DATA_FILE_MAX_BYTES
        ),
    ] {
        assert!(stderr.contains(&expected), "{expected}\n{stderr}");
    }
    assert!(!db.exists(), "nothing imported");
}

// Item 7: a NUL or an escape in a name is refused at its line and column, and the message
// carries no control character to the terminal; in free text only line breaks and tabs pass.
#[test]
fn import_refuses_control_characters_in_names_where_they_are() {
    let data = copy_bundled();
    let file = data.path().join("cards/battleline.csv");
    let text = std::fs::read_to_string(&file).unwrap();
    let text = text
        .replacen(
            "Frowny the Snowman,creature",
            "Frowny\0 the Snowman,creature",
            1,
        )
        .replacen(
            "Gatekeeper of the North Gate,creature,Frostmarch",
            "Gatekeeper of the North Gate,creature,Frost\u{1b}[31mmarch",
            1,
        )
        .replacen(
            "The second of three keys. It speaks only in riddles about the serpent below.",
            "\"The second\tof three\nkeys.\u{7}\"",
            1,
        );
    std::fs::write(&file, text).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("c.sqlite");
    let out = arbiter()
        .arg("import")
        .arg("--data")
        .arg(data.path())
        .arg("--db")
        .arg(&db)
        .timeout(Duration::from_secs(60))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    let shown = file.display();
    for expected in [
        format!("{shown}:2:7: `name` holds the control character U+0000"),
        format!("{shown}:4:44: `faction` holds the control character U+001B"),
        format!("{shown}:6:6: `text` holds the control character U+0007"),
    ] {
        assert!(stderr.contains(&expected), "{expected}\n{stderr}");
    }
    assert!(
        !stderr.contains(['\0', '\u{1b}', '\u{7}']),
        "no control character reaches the terminal: {stderr:?}"
    );
    assert!(!db.exists(), "nothing imported");
}

// Item 8: a decklist's `Player:` line (and a list's file name) holding a colour escape,
// an OSC title sequence or a NUL is printed escaped, never raw.
#[test]
fn check_prints_the_control_characters_of_a_decklist_escaped() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("c.sqlite");
    import(&bundled(), &db).unwrap();
    let deck = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/decks/legal_obsidian-covenant.txt"),
    )
    .unwrap()
    .replace(
        "Player: Mira Castell",
        "Player: Mira \u{1b}[31mRed\u{1b}]0;owned\u{7}\0 Castell",
    );
    let lists = dir.path().join("lists");
    std::fs::create_dir(&lists).unwrap();
    std::fs::write(lists.join("a.txt"), &deck).unwrap();
    #[cfg(unix)]
    std::fs::write(lists.join("b\u{1b}[2J.txt"), &deck).unwrap();
    for json in [false, true] {
        let mut cmd = arbiter();
        cmd.args(["check", "--batch"])
            .arg(&lists)
            .arg("--db")
            .arg(&db);
        if json {
            cmd.arg("--json");
        }
        let out = cmd.timeout(Duration::from_secs(60)).output().unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{stdout}");
        assert!(
            !stdout.contains(['\0', '\u{1b}', '\u{7}']),
            "no control character reaches the terminal: {stdout:?}"
        );
        if !json {
            assert!(
                stdout.contains("Mira \\u{1b}[31mRed\\u{1b}]0;owned\\u{7}\\u{0} Castell"),
                "{stdout}"
            );
            #[cfg(unix)]
            assert!(stdout.contains("b\\u{1b}[2J.txt: legal"), "{stdout}");
        }
    }
}

/// `adjudicate` prints a position's names in its log as text: a player named with an
/// escape sequence, a title sequence and a NUL reaches the terminal escaped (the JSON
/// keeps JSON's own escaping).
#[test]
fn adjudicate_prints_the_control_characters_of_a_position_escaped() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("c.sqlite");
    import(&bundled(), &db).unwrap();
    let position = serde_json::json!({
        "seed": 7, "turns": 1,
        "players": [
            {"name": "Mira \u{1b}[31mRed\u{1b}]0;owned\u{7}\0", "line": [{"card": "Moss Troll"}]},
            {"name": "Bob", "line": [{"card": "Hex Witch"}]}
        ]
    });
    let file = dir.path().join("pos.json");
    std::fs::write(&file, position.to_string()).unwrap();
    let out = arbiter()
        .arg("adjudicate")
        .arg(&file)
        .arg("--db")
        .arg(&db)
        .timeout(Duration::from_secs(60))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(
        !stdout.contains(['\0', '\u{1b}', '\u{7}']),
        "no control character reaches the terminal: {stdout:?}"
    );
    assert!(
        stdout.contains("Mira \\u{1b}[31mRed\\u{1b}]0;owned\\u{7}\\u{0}"),
        "{stdout}"
    );
}

// Item 9: a FIFO as a decklist, as a position, as the report or as the report's HTML
// sibling is refused, named, at once, and nothing is written.
#[cfg(unix)]
#[test]
fn check_and_adjudicate_refuse_a_fifo_rather_than_wait_on_it() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("c.sqlite");
    import(&bundled(), &db).unwrap();
    let deck = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/decks/legal_obsidian-covenant.txt");
    let fifo = dir.path().join("pipe.txt");
    mkfifo(&fifo);
    let run = |args: &[&std::ffi::OsStr]| {
        arbiter()
            .args(args)
            .arg("--db")
            .arg(&db)
            .timeout(Duration::from_secs(30))
            .output()
            .expect("ends in time instead of waiting on the FIFO")
    };
    let out = run(&["check".as_ref(), fifo.as_os_str()]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(2), "{stdout}");
    assert!(
        stdout.contains(&format!(
            "{}: unreadable: it is a FIFO (named pipe), not a regular file",
            fifo.display()
        )),
        "{stdout}"
    );
    let out = run(&["adjudicate".as_ref(), fifo.as_os_str()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("it is a FIFO (named pipe)"), "{stderr}");
    // The report itself, then its HTML sibling.
    let report = dir.path().join("report.csv");
    mkfifo(&report);
    let out = run(&[
        "check".as_ref(),
        deck.as_os_str(),
        "--report".as_ref(),
        report.as_os_str(),
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains(&format!(
            "{}: it is a FIFO (named pipe), not a regular file; it was left as it is",
            report.display()
        )),
        "{stderr}"
    );
    std::fs::remove_file(&report).unwrap();
    mkfifo(&report.with_extension("html"));
    let out = run(&[
        "check".as_ref(),
        deck.as_os_str(),
        "--report".as_ref(),
        report.as_os_str(),
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("report.html: it is a FIFO"), "{stderr}");
    assert!(
        !report.exists(),
        "nothing written when one output is refused"
    );
}

// Item 10: `import` creates no lock file beside a target it refuses (a text file, a
// directory), removes the one it created when it ends, and leaves one another holds.
#[test]
fn import_leaves_no_lock_file_beside_a_target() {
    let dir = tempfile::tempdir().unwrap();
    let notes = dir.path().join("notes.txt");
    std::fs::write(&notes, "my notes\n").unwrap();
    let folder = dir.path().join("folder");
    std::fs::create_dir(&folder).unwrap();
    for target in [&notes, &folder] {
        let out = import_bundled(target, &[]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(stderr.contains("left as it is"), "{stderr}");
    }
    assert_eq!(entries(dir.path()), ["folder", "notes.txt"]);
    // Invalid data into a new path, then a good import: no lock file either way.
    let db = dir.path().join("c.sqlite");
    let out = arbiter()
        .arg("import")
        .arg("--data")
        .arg(folder.as_path())
        .arg("--db")
        .arg(&db)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(entries(dir.path()), ["folder", "notes.txt"]);
    assert!(import_bundled(&db, &[]).status.success());
    let locks: Vec<String> = entries(dir.path())
        .into_iter()
        .filter(|n| n.ends_with(".lock"))
        .collect();
    assert!(locks.is_empty(), "{locks:?}");
    // A lock another process holds is left where it is.
    let lock = arbiter::catalogue::lock_path(&db);
    let held = std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(&lock)
        .unwrap();
    held.lock().unwrap();
    let out = import_bundled(&db, &[]);
    assert_eq!(out.status.code(), Some(1));
    assert!(lock.exists(), "the holder's lock file stays");
    drop(held);
    assert!(import_bundled(&db, &[]).status.success());
    assert!(lock.exists(), "a lock file found there is not removed");
}

// Item 14: the refusal of a file that is not a catalogue names its kind and size, and
// never copies its contents (nor a foreign database's table names) to the terminal.
#[test]
fn a_refused_db_is_named_by_its_kind_not_quoted() {
    let scratch = tempfile::tempdir().unwrap();
    let secret = scratch.path().join("secret.env");
    std::fs::write(&secret, "API_KEY=sk-live-0123456789\n").unwrap();
    let vault = scratch.path().join("vault.sqlite");
    rusqlite::Connection::open(&vault)
        .unwrap()
        .execute_batch("CREATE TABLE api_key_sk_live (k TEXT);")
        .unwrap();
    let cases = [
        (&secret, "is a text file of 27 bytes", "API_KEY"),
        (
            &vault,
            "is an SQLite database of another program (1 table)",
            "api_key_sk_live",
        ),
    ];
    let mut commands = readers(scratch.path());
    commands.push(("import", vec!["import".into()]));
    for (file, says, secret_text) in cases {
        for (command, args) in &commands {
            let out = arbiter()
                .args(args)
                .arg("--db")
                .arg(file)
                .timeout(Duration::from_secs(60))
                .output()
                .unwrap();
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{command}: {stderr}");
            assert!(stderr.contains(says), "{command}: {stderr}");
            assert!(
                !stderr.contains(secret_text) && !stderr.contains("sk-live"),
                "{command} quotes the file: {stderr}"
            );
        }
    }
}
