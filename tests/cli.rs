//! The `arbiter` binary as a user runs it.

use crate::common;

use assert_cmd::Command;
use common::*;
use std::process::Stdio;
use std::time::{Duration, Instant};

fn arbiter() -> Command {
    Command::cargo_bin("arbiter").expect("binary")
}

#[test]
fn import_prints_counts_per_game_and_no_progress_bar_when_piped() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("c.sqlite");
    let out = arbiter()
        .args(["import", "--data"])
        .arg(bundled())
        .arg("--db")
        .arg(&db)
        .env("RUST_LOG", "warn")
        .output()
        .unwrap();
    assert!(out.status.success());
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.contains("battleline"), "{stdout}");
    let line = stdout
        .lines()
        .find(|l| l.starts_with("battleline"))
        .unwrap();
    let cols: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(cols[2], "51", "{line}");
    // Not a terminal: no bar, no escape codes.
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn bad_input_exits_2_with_located_errors() {
    let data = copy_bundled();
    let path = data.path().join("games.csv");
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, text.replacen("game,name", "game,title", 1)).unwrap();
    let out = arbiter()
        .args(["import", "--data"])
        .arg(data.path())
        .arg("--db")
        .arg(data.path().join("c.sqlite"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("games.csv:1:1: missing required column `name`"),
        "{stderr}"
    );
    assert!(stderr.contains("nothing was imported"), "{stderr}");
    assert!(!data.path().join("c.sqlite").exists());
}

#[test]
fn a_killed_import_leaves_the_old_catalogue_byte_for_byte() {
    let base = bundled();
    let big = tempfile::tempdir().unwrap();
    let data = arbiter::catalogue::validate(&base).unwrap();
    arbiter::synth::generate(
        &base,
        &data,
        big.path(),
        &arbiter::synth::SynthConfig {
            cards: 60_000,
            seed: 7,
        },
    )
    .unwrap();
    let out = tempfile::tempdir().unwrap();
    let db = out.path().join("catalogue.sqlite");
    import(&base, &db).unwrap();
    let before = std::fs::read(&db).unwrap();

    // Wait until the new catalogue is being written, then kill the importer outright. On
    // a loaded machine the importer can finish between two looks; then the catalogue is
    // put back and the kill tried again, so the test checks a kill, never a race.
    let mut caught = false;
    for _attempt in 0..5 {
        std::fs::write(&db, &before).unwrap();
        for e in std::fs::read_dir(out.path())
            .unwrap()
            .filter_map(|e| e.ok())
        {
            if e.file_name().to_string_lossy().ends_with(".importing") {
                std::fs::remove_file(e.path()).unwrap();
            }
        }
        let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("arbiter"))
            .args(["import", "--data"])
            .arg(big.path())
            .arg("--db")
            .arg(&db)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let started = Instant::now();
        let mut saw_temp = false;
        while started.elapsed() < Duration::from_secs(60) {
            let writing = std::fs::read_dir(out.path())
                .unwrap()
                .filter_map(|e| e.ok())
                .any(|e| e.file_name().to_string_lossy().ends_with(".importing"));
            if writing {
                saw_temp = true;
                std::thread::sleep(Duration::from_millis(30));
                break;
            }
            if child.try_wait().unwrap().is_some() {
                break;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        let _ = child.kill();
        let status = child.wait().unwrap();
        // Killed, not finished: the kill landed while the importer was writing.
        if saw_temp && !status.success() {
            caught = true;
            break;
        }
    }
    assert!(caught, "the importer was caught while writing");
    assert_eq!(
        std::fs::read(&db).unwrap(),
        before,
        "the old catalogue is intact"
    );
    let cat = arbiter::catalogue::Catalogue::open(&db).unwrap();
    assert_eq!(cat.cards().len(), data.cards.len());

    // Issue #12 finding 10: the killed import's temporary file is left behind, and the
    // next import into the same catalogue removes it.
    let temps = || -> Vec<String> {
        std::fs::read_dir(out.path())
            .unwrap()
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".importing"))
            .collect()
    };
    assert!(!temps().is_empty(), "the kill left a temporary file");
    let unrelated = out.path().join(".catalogue.sqlite.notes.importing");
    std::fs::write(&unrelated, "not ours: its middle is not tempfile's").unwrap();
    import(&base, &db).unwrap();
    assert_eq!(
        temps(),
        vec![".catalogue.sqlite.notes.importing".to_string()],
        "the stale temporary file was removed, and only it"
    );
}

#[test]
fn serve_refuses_a_bad_address_without_panicking() {
    let dir = tempfile::tempdir().unwrap();
    let out = arbiter()
        .args(["serve", "--addr", "not-an-address", "--db"])
        .arg(dir.path().join("c.sqlite"))
        .env("RUST_LOG", "warn")
        .timeout(Duration::from_secs(60))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.starts_with("error:") || stderr.contains("\nerror:"),
        "{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
    // It imported the bundled data on the way.
    assert!(dir.path().join("c.sqlite").exists());
}
