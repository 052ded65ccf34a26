//! `arbiter judge add/list/remove` and `arbiter rulings export` as an operator runs them:
//! the password read from standard input and never echoed, stored only as an Argon2id
//! hash; the export in the `data/rulings.csv` format, never over a file of another.

use arbiter::rulings::store::{self, Draft, JudgeStore};
use assert_cmd::Command;

const PASSWORD: &str = "correct horse battery staple";

/// The binary with every log line on, so a password logged anywhere would show.
fn arbiter() -> Command {
    let mut cmd = Command::cargo_bin("arbiter").expect("binary");
    cmd.env_remove("ARBITER_DB").env("RUST_LOG", "trace");
    cmd
}

fn run(db: &std::path::Path, args: &[&str], stdin: &str) -> (i32, String, String) {
    let out = arbiter()
        .args(args)
        .arg("--db")
        .arg(db)
        .write_stdin(stdin)
        .output()
        .expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn judges_are_added_listed_and_removed_and_the_password_is_never_shown() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("catalogue.sqlite");
    let (code, out, err) = run(
        &db,
        &["judge", "add", "Ada Lovelace"],
        &format!("{PASSWORD}\n"),
    );
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        !out.contains(PASSWORD) && !err.contains(PASSWORD),
        "{out}{err}"
    );
    // Only the Argon2id hash is in the file.
    let file = std::fs::read(store::path_for(&db)).unwrap();
    let text = String::from_utf8_lossy(&file);
    assert!(
        text.contains("$argon2id$v=19$m=19456,t=2,p=1$"),
        "an Argon2id PHC string"
    );
    assert!(!text.contains(PASSWORD));
    let (code, out, _) = run(&db, &["judge", "list"], "");
    assert_eq!(code, 0);
    assert!(out.starts_with("Ada Lovelace\t20"), "{out}");
    // Names are one account whatever their case.
    let (code, _, err) = run(
        &db,
        &["judge", "add", "ada lovelace"],
        &format!("{PASSWORD}\n"),
    );
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("already a judge"), "{err}");
    // A short password, a bad name and no password are refused, and add no one.
    for (args, stdin, says) in [
        (["judge", "add", "bob"], "short\n", "at least 10 characters"),
        (
            ["judge", "add", "bob,1"],
            "long enough password\n",
            "judge name",
        ),
        (["judge", "add", "bob"], "", "no password"),
    ] {
        let (code, out, err) = run(&db, &args, stdin);
        assert_eq!(code, 2, "{args:?}");
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(
            !err.contains(stdin.trim()) || stdin.is_empty() || args[2] == "bob,1",
            "{err}"
        );
        assert!(out.is_empty());
    }
    let store = JudgeStore::open(&store::path_for(&db)).unwrap();
    assert_eq!(store.judges().unwrap().len(), 1);
    assert_eq!(
        store
            .check_password("ADA LOVELACE", PASSWORD)
            .unwrap()
            .as_deref(),
        Some("Ada Lovelace")
    );
    drop(store);
    let (code, _, _) = run(&db, &["judge", "remove", "Ada Lovelace"], "");
    assert_eq!(code, 0);
    let (code, out, _) = run(&db, &["judge", "list"], "");
    assert_eq!((code, out.as_str()), (0, ""));
    let (code, _, err) = run(&db, &["judge", "remove", "Ada Lovelace"], "");
    assert_eq!(code, 2);
    assert!(err.contains("no judge named"), "{err}");
    let audit: Vec<_> = JudgeStore::open(&store::path_for(&db))
        .unwrap()
        .audit()
        .unwrap()
        .into_iter()
        .map(|a| (a.judge, a.action))
        .collect();
    assert_eq!(
        audit,
        [
            ("Ada Lovelace".to_string(), "account_added".to_string()),
            ("Ada Lovelace".to_string(), "account_removed".to_string())
        ]
    );
}

#[test]
fn a_file_that_is_not_the_judges_store_is_refused_and_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("catalogue.sqlite");
    std::fs::write(store::path_for(&db), "notes\n").unwrap();
    let (code, _, err) = run(&db, &["judge", "add", "ada"], &format!("{PASSWORD}\n"));
    assert_eq!(code, 2);
    assert!(err.contains("is not an Arbiter judges' store"), "{err}");
    assert_eq!(
        std::fs::read_to_string(store::path_for(&db)).unwrap(),
        "notes\n"
    );
}

#[test]
fn rulings_export_writes_the_csv_format_with_its_positions_and_never_over_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("catalogue.sqlite");
    let position = serde_json::json!({
        "seed": 7, "turns": 1,
        "players": [
            {"name": "Alice", "line": [{"card": "Moss Troll"}]},
            {"name": "Bob", "line": [{"card": "Hex Witch"}]}
        ]
    })
    .to_string();
    let (game, canonical, hash) = arbiter::rulings::ruling_position(&position).unwrap();
    {
        let judges = JudgeStore::open(&store::path_for(&db)).unwrap();
        judges.add_judge("ada", PASSWORD).unwrap();
        let draft = Draft {
            game: game.slug().to_string(),
            question: "Does Armor, \"as printed\", stop it?\nTwo lines.".into(),
            answer: "Yes; see 4.1.".into(),
            keywords: vec!["Armor".into()],
            cards: vec!["Moss Troll".into(), "Hex Witch".into()],
            rules: vec!["4.1".into()],
            position: canonical.clone(),
            hash: hash.clone(),
            step: 1,
            supersedes: None,
        };
        judges
            .publish(&draft, "ada", 1_767_225_600, &|_| false)
            .unwrap();
        let correction = Draft {
            supersedes: Some("j-1".into()),
            ..draft
        };
        judges
            .publish(&correction, "ada", 1_767_312_000, &|_| false)
            .unwrap();
    }
    let out_dir = dir.path().join("export");
    let (code, out, err) = run(&db, &["rulings", "export", out_dir.to_str().unwrap()], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("exported 2 judge rulings"), "{out}");
    let mut csv = csv::Reader::from_path(out_dir.join("rulings.csv")).unwrap();
    assert_eq!(
        csv.headers().unwrap().iter().collect::<Vec<_>>(),
        arbiter::rulings::CSV_COLUMNS
    );
    let rows: Vec<csv::StringRecord> = csv.records().map(Result::unwrap).collect();
    assert_eq!(rows.len(), 2);
    assert_eq!(
        rows[0].iter().collect::<Vec<_>>(),
        [
            "j-1",
            "battleline",
            "Does Armor, \"as printed\", stop it?\nTwo lines.",
            "Yes; see 4.1.",
            "Armor",
            "Moss Troll;Hex Witch",
            "4.1",
            "battleline/j-1.json",
            "1",
            "judge",
            "ada",
            "2026-01-01",
            ""
        ]
    );
    assert_eq!(&rows[1][0], "j-2");
    assert_eq!(&rows[1][11], "2026-01-02");
    assert_eq!(&rows[1][12], "j-1");
    // Each position file reads back to the ruling's position and hash.
    for id in ["j-1", "j-2"] {
        let text =
            std::fs::read_to_string(out_dir.join(format!("rulings/battleline/{id}.json"))).unwrap();
        let (_, again, h) = arbiter::rulings::ruling_position(&text).unwrap();
        assert_eq!(
            (again.as_str(), h.as_str()),
            (canonical.as_str(), hash.as_str())
        );
    }
    // An existing, non-empty directory (an earlier export too) is refused, untouched.
    let before = std::fs::read(out_dir.join("rulings.csv")).unwrap();
    let (code, _, err) = run(&db, &["rulings", "export", out_dir.to_str().unwrap()], "");
    assert_eq!(code, 2);
    assert!(err.contains("is not empty"), "{err}");
    assert_eq!(std::fs::read(out_dir.join("rulings.csv")).unwrap(), before);
    let file = dir.path().join("a-file");
    std::fs::write(&file, "mine").unwrap();
    let (code, _, _) = run(&db, &["rulings", "export", file.to_str().unwrap()], "");
    assert_eq!(code, 2);
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "mine");
}

/// The round trip: what `rulings export` writes, folded into a data directory and
/// imported, is the judges' rulings again: every field, the position and its hash, and
/// the supersession.
#[test]
fn an_export_folded_into_the_data_and_imported_reproduces_the_rulings() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("catalogue.sqlite");
    let judges = JudgeStore::open(&store::path_for(&db)).unwrap();
    judges.add_judge("ada", PASSWORD).unwrap();
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("data/rulings/battleline/bl-armor.json"),
    )
    .unwrap();
    let (game, canonical, hash) = arbiter::rulings::ruling_position(&text).unwrap();
    let draft = Draft {
        game: game.slug().to_string(),
        question: "Armor 2 against <b>3</b> Attack, \"twice\"?\nSecond line; with a comma, too."
            .into(),
        answer: "It blocks 2 of each hit.".into(),
        keywords: vec!["Armor".into()],
        cards: vec!["Shieldwall Veteran".into()],
        rules: vec!["4.1".into()],
        position: canonical,
        hash,
        step: 2,
        supersedes: None,
    };
    judges
        .publish(&draft, "ada", 1_767_225_600, &|_| false)
        .unwrap();
    let correction = Draft {
        answer: "It blocks 2 of each hit; a 1-Attack hit deals nothing.".into(),
        supersedes: Some("j-1".into()),
        ..draft
    };
    judges
        .publish(&correction, "ada", 1_767_312_000, &|_| false)
        .unwrap();
    let published = judges.rulings().unwrap();
    drop(judges);

    let out_dir = dir.path().join("export");
    let (code, _, err) = run(&db, &["rulings", "export", out_dir.to_str().unwrap()], "");
    assert_eq!(code, 0, "{err}");

    // Fold the export into a copy of the bundled data: its rows after the data's own,
    // its position files beside theirs.
    let data = crate::common::copy_bundled();
    let exported = std::fs::read_to_string(out_dir.join("rulings.csv")).unwrap();
    let rows = exported.split_once('\n').unwrap().1;
    let mut csv = std::fs::read_to_string(data.path().join("rulings.csv")).unwrap();
    if !csv.ends_with('\n') {
        csv.push('\n');
    }
    csv.push_str(rows);
    std::fs::write(data.path().join("rulings.csv"), csv).unwrap();
    for id in ["j-1", "j-2"] {
        let name = format!("rulings/battleline/{id}.json");
        std::fs::copy(out_dir.join(&name), data.path().join(&name)).unwrap();
    }
    let imported_db = dir.path().join("again.sqlite");
    crate::common::import(data.path(), &imported_db).expect("the export imports");
    let catalogue = arbiter::catalogue::Catalogue::open(&imported_db).unwrap();
    for judge_ruling in &published {
        let again = catalogue
            .rulings()
            .iter()
            .find(|r| r.id == judge_ruling.id)
            .unwrap_or_else(|| panic!("{} imported", judge_ruling.id));
        assert_eq!(again, judge_ruling, "every field round-trips");
    }
    let set = arbiter::rulings::RulingSet::new(catalogue.rulings().to_vec()).unwrap();
    assert_eq!(set.superseded_by("j-1").map(|r| r.id.as_str()), Some("j-2"));
    // Served beside the store they came from, the folded rulings are shown once.
    let beside = arbiter::web::judge::shown_beside(catalogue.rulings(), published.clone());
    assert!(beside.is_empty(), "the catalogue's copies stand for them");
    arbiter::rulings::Rulings::new(catalogue.rulings().to_vec(), beside).unwrap();
    // A catalogue that gives `j-1` to another ruling is a clash named, not a judge's
    // ruling hidden.
    let mut other = catalogue.rulings().to_vec();
    let j1 = other.iter_mut().find(|r| r.id == "j-1").unwrap();
    j1.answer = "Someone else's answer.".into();
    let beside = arbiter::web::judge::shown_beside(&other, published);
    assert_eq!(beside.len(), 1);
    let clash = arbiter::rulings::Rulings::new(other, beside).unwrap_err();
    assert_eq!(
        clash,
        arbiter::rulings::RulingSetError::DuplicateId("j-1".into())
    );
}
