//! Tournament day (issue #32): fingerprints, the deck-check compare, legality as of a
//! date, an event's uploads (CSV cells, files in a zip, several files) with located
//! problems, the worklist, the draw and `check --event`'s exit code.

use crate::common;
use arbiter::catalogue::Catalogue;
use arbiter::date::Date;
use arbiter::decks::fingerprint::{compare, fingerprint};
use arbiter::decks::parse_decklist;
use arbiter::events::{self, EventOptions, Upload, WorklistRow};
use assert_cmd::Command;
use std::io::Write;
use std::path::{Path, PathBuf};

pub(crate) fn legal_text() -> String {
    let p = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/decks/rules/legal.txt"
    );
    std::fs::read_to_string(p).unwrap()
}

fn fp(text: &str) -> String {
    fingerprint(&parse_decklist(text))
}

// issue #32: "a short hash of its canonical form (card names folded, counts summed, order
// and spacing ignored), so two spellings of the same list agree and any change of a card
// or a count does not."
#[test]
fn the_fingerprint_ignores_order_case_spacing_and_split_counts() {
    let base = fp("Player: A\n3 Spark\n2 Gust of Wind\nTerrain\n8 Grassland\n");
    assert_eq!(base.len(), 14, "{base}");
    // order
    assert_eq!(base, fp("8 Grassland\n2 Gust of Wind\n3 Spark\n"));
    // case and spacing
    assert_eq!(base, fp("  3x SPARK\n2   gust  of wind\n8 grassland  \n"));
    // split counts
    assert_eq!(
        base,
        fp("1 Spark\n2 Gust of Wind\n2 Spark\n4 Grassland\n4 Grassland\n")
    );
    // headers, comments, blank lines and CRLF
    assert_eq!(base, fp("# my deck\r\nPlayer: B\r\n\r\nSpellbook\r\n3 Spark\r\n2 Gust of Wind\r\n8 Grassland\r\n"));
    // one count
    assert_ne!(base, fp("3 Spark\n1 Gust of Wind\n8 Grassland\n"));
    // one card
    assert_ne!(base, fp("3 Spark\n2 Quick Step\n8 Grassland\n"));
    // the bundled legal list, reordered
    let legal = legal_text();
    let mut lines: Vec<&str> = legal.lines().collect();
    lines.reverse();
    assert_eq!(fp(&legal), fp(&lines.join("\n")));
}

// issue #32: "A deck check pastes the list a player presents and the fingerprint from the
// sheet; the answer says "same list" or shows exactly which cards and counts differ."
#[test]
fn a_deck_check_says_same_list_or_shows_the_differences() {
    let registered = parse_decklist("3 Spark\n2 Gust of Wind\n8 Grassland\n");
    let sheet = fingerprint(&registered);
    let same = compare(
        &parse_decklist("8 GRASSLAND\n3 spark\n2 gust of wind"),
        Some(&sheet),
        None,
    );
    assert!(same.same);
    let swapped = parse_decklist("3 Spark\n1 Gust of Wind\n1 Quick Step\n8 Grassland\n");
    let c = compare(&swapped, Some(&sheet.to_uppercase()), Some(&registered));
    assert!(!c.same && !c.registered_mismatch);
    let diffs: Vec<(String, u64, u64)> = c
        .differences
        .iter()
        .map(|d| (d.card.clone(), d.registered, d.presented))
        .collect();
    assert_eq!(
        diffs,
        vec![("Gust of Wind".into(), 2, 1), ("Quick Step".into(), 0, 1)]
    );
    // A registered list that is not the sheet's is said so.
    let other = parse_decklist("3 Spark\n");
    assert!(compare(&swapped, Some(&sheet), Some(&other)).registered_mismatch);
}

/// The bundled data with a `spring-cup` format in effect from 2026-01-01: Fireball
/// banned throughout, Blessing of Stone banned from 2026-03-01, Quick Step restricted
/// until 2026-02-01 and then legal again.
pub(crate) fn cup_data() -> (tempfile::TempDir, PathBuf) {
    let dir = common::copy_bundled();
    let mut formats = std::fs::read_to_string(dir.path().join("formats.csv")).unwrap();
    formats = formats.replacen(
        "max_movement_terrain\n",
        "max_movement_terrain,effective\n",
        1,
    );
    formats.push_str("karth,spring-cup,A spring cup,100,2,10,10,10,45,3,16,3,2026-01-01\n");
    std::fs::write(dir.path().join("formats.csv"), formats).unwrap();
    let mut legality = std::fs::read_to_string(dir.path().join("legality.csv")).unwrap();
    legality.push_str(
        "karth,spring-cup,Fireball,banned,\n\
         karth,spring-cup,Blessing of Stone,banned,2026-03-01\n\
         karth,spring-cup,Quick Step,restricted,\n\
         karth,spring-cup,Quick Step,legal,2026-02-01\n",
    );
    std::fs::write(dir.path().join("legality.csv"), legality).unwrap();
    let db = dir.path().join("c.sqlite");
    common::import(dir.path(), &db).expect("imports");
    (dir, db)
}

fn date(s: &str) -> Date {
    Date::parse(s).unwrap()
}

// issue #32: "Legality is judged as of a date: data/formats.csv and the banned and
// restricted lists carry the dates they take effect ... A change of list between the
// registration date and the event date is flagged."
#[test]
fn legality_is_judged_as_of_a_date_and_a_change_is_flagged() {
    let (_dir, db) = cup_data();
    let cat = Catalogue::open(&db).unwrap();
    let stone = legal_text().replace("3 Quick Step", "3 Blessing of Stone");
    let judge = |on: &str, reg: Option<&str>, text: &str| {
        arbiter::decks::DeckValidator::dated(&cat, "spring-cup", date(on), reg.map(date))
            .unwrap()
            .validate(&parse_decklist(text))
    };
    assert!(judge("2026-02-20", None, &stone).legal, "before the ban");
    let v = judge("2026-03-14", Some("2026-02-20"), &stone);
    assert!(!v.legal, "after the ban");
    assert!(v
        .violations
        .iter()
        .any(|x| x.message.contains("banned") && x.severity == arbiter::decks::Severity::Error));
    assert!(
        v.violations
            .iter()
            .any(|x| x.decision.as_deref() == Some("D12")
                && x.message.contains("was legal")
                && x.message.contains("2026-02-20")),
        "{:#?}",
        v.violations
    );
    // Quick Step: restricted in January, legal again from February.
    assert!(!judge("2026-01-15", None, &legal_text()).legal);
    assert!(judge("2026-02-15", None, &legal_text()).legal);
    // The format itself applies from 2026-01-01.
    let early = judge("2025-12-01", None, &stone);
    assert!(early
        .violations
        .iter()
        .any(|x| x.message.contains("applies from 2026-01-01")));
}

/// Player `i`'s list and what it should be judged.
fn list_of(i: usize) -> (String, &'static str) {
    let legal = legal_text().replace("Player: Mira Castell\n", "");
    match i {
        1..=10 => (legal, "legal"),
        11..=20 => (
            legal.to_lowercase().replace("3 spark", "2x spark\n1 SPARK"),
            "legal",
        ),
        21..=30 => {
            let mut l: Vec<&str> = legal.lines().collect();
            l.reverse();
            (l.join("\n"), "legal")
        }
        31..=40 => (
            legal.replace("3 Quick Step", "3 Blessing of Stone"),
            "illegal",
        ),
        41..=48 => (legal.replace("8 Grassland", "7 Grassland"), "illegal"),
        49..=54 => (
            legal.replace("3 Obsidian Acolyte", "3 Obsidan Acolyte"),
            "illegal",
        ),
        _ => (
            legal.replace("2 Gust of Wind", "1 Gust of Wind\n1 Fireball"),
            "illegal",
        ),
    }
}

fn csv_cell(s: &str) -> String {
    format!("\"{}\"", s.replace('"', "\"\""))
}

/// The 64-player event: 58 lists in the CSV's cells, 4 in a zip named by the CSV, one row
/// naming a file nobody uploaded, one non-UTF-8 file in the zip.
pub(crate) fn event_files(dir: &Path) -> (PathBuf, PathBuf, String) {
    let mut csv = String::from("player,team,decklist,file\n");
    for i in 1..=58 {
        let (list, _) = list_of(i);
        csv.push_str(&format!(
            "Player {i:02},Team {},{},\n",
            i % 4,
            csv_cell(&list)
        ));
    }
    for i in 59..=62 {
        csv.push_str(&format!("Player {i:02},,,decks/p{i}.txt\n"));
    }
    csv.push_str("Player 63,,,missing.txt\n");
    csv.push_str("Player 64,,,p64.txt\n");
    let csv_path = dir.join("registrations.csv");
    std::fs::write(&csv_path, &csv).unwrap();
    let zip_path = dir.join("decks.zip");
    let mut z = zip::ZipWriter::new(std::fs::File::create(&zip_path).unwrap());
    let opts = zip::write::SimpleFileOptions::default();
    for i in 59..=62 {
        z.start_file(format!("decks/p{i}.txt"), opts).unwrap();
        z.write_all(legal_text().as_bytes()).unwrap();
    }
    z.start_file("decks/p64.txt", opts).unwrap();
    z.write_all(b"3 Spark\n2 Caf\xe9 Noir\n").unwrap();
    z.finish().unwrap();
    (csv_path, zip_path, csv)
}

fn opts() -> EventOptions {
    EventOptions {
        name: "Spring Cup".into(),
        format: "spring-cup".into(),
        date: date("2026-03-14"),
        registered: Some(date("2026-02-20")),
        draw: Some((4, 3, 2026)),
    }
}

fn uploads(paths: &[&Path]) -> Vec<Upload> {
    paths
        .iter()
        .map(|p| Upload {
            name: p.file_name().unwrap().to_string_lossy().into_owned(),
            bytes: std::fs::read(p).unwrap(),
        })
        .collect()
}

// issue #32 "Done when": "A test imports a 64-player registration CSV (legal, illegal and
// near-miss lists, misspelt card names, a list that changes between two dates of the
// banned list) and checks every verdict, the counts, the CSV worklist and the exit code."
#[test]
fn a_64_player_event_is_judged_whole() {
    let (dir, db) = cup_data();
    let cat = Catalogue::open(&db).unwrap();
    let (csv_path, zip_path, csv) = event_files(dir.path());
    let regs = events::import(uploads(&[&csv_path, &zip_path]));
    let r = events::check(&cat, regs, &opts()).unwrap();
    assert_eq!(r.tally.players, 64);
    assert_eq!(
        (r.tally.legal, r.tally.illegal, r.tally.unreadable),
        (34, 28, 2)
    );
    assert_eq!(r.exit_code(), 2);
    // Every verdict.
    let fp_legal = fp(&legal_text());
    for d in &r.decks {
        let i: usize = d.player.trim_start_matches("Player ").parse().unwrap();
        match i {
            63 | 64 => assert_eq!(d.status(), "unreadable", "{}", d.player),
            59..=62 => {
                assert_eq!(d.status(), "legal");
                assert_eq!(d.file, format!("decks/p{i}.txt"), "the file keeps its name");
            }
            _ => {
                let want = list_of(i).1;
                let got = if d.status() == "warnings" {
                    "legal"
                } else {
                    d.status()
                };
                assert_eq!(
                    got,
                    want,
                    "{}: {:?}",
                    d.player,
                    d.verdict.as_ref().map(|v| &v.violations)
                );
                assert_eq!(d.file, "registrations.csv");
            }
        }
        if (1..=30).contains(&i) || (59..=62).contains(&i) {
            assert_eq!(
                d.verdict.as_ref().unwrap().fingerprint,
                fp_legal,
                "{}",
                d.player
            );
        }
    }
    // Sorted illegal-first.
    let ranks: Vec<u8> = r
        .decks
        .iter()
        .map(|d| match d.status() {
            "unreadable" => 0,
            "illegal" => 1,
            _ => 2,
        })
        .collect();
    assert!(ranks.windows(2).all(|w| w[0] <= w[1]), "{ranks:?}");
    // The misspelt name: its line is the CSV's line, with "did you mean".
    let rows = WorklistRow::of(&r);
    let start = csv.find("Player 49,").unwrap();
    let at = start + csv[start..].find("3 Obsidan Acolyte").unwrap();
    let line = csv[..at].matches('\n').count() + 1;
    let row = rows
        .iter()
        .find(|x| x.player == "Player 49" && x.rule == "card")
        .expect("the misspelt card's row");
    assert_eq!(row.line, line.to_string());
    assert_eq!(row.file, "registrations.csv");
    assert!(row.hint.contains("Obsidian Acolyte"), "{row:?}");
    // The change between registration and the event is flagged.
    assert!(rows.iter().any(|x| x.player == "Player 31"
        && x.severity == "warning"
        && x.message.contains("registration date (2026-02-20)")));
    // One row per problem (errors and warnings of each deck, each unreadable deck, each upload problem).
    let problems: usize = r
        .decks
        .iter()
        .map(|d| d.verdict.as_ref().map_or(1, |v| v.errors + v.warnings))
        .sum::<usize>()
        + r.problems.len();
    assert_eq!(rows.len(), problems);
    assert!(
        r.problems.iter().any(|p| p.file == "registrations.csv"
            && p.line == csv[..csv.find("Player 63,").unwrap()].matches('\n').count() + 1
            && p.message.contains("missing.txt")),
        "{:?}",
        r.problems
    );
    let bad = r.decks.iter().find(|d| d.player == "Player 64").unwrap();
    assert!(
        bad.error
            .as_deref()
            .unwrap()
            .contains("decks/p64.txt:2: the file is not valid UTF-8"),
        "{:?}",
        bad.error
    );
    // The draw: seeded, reproducible, distinct decks per round.
    let (seed, rounds) = r.draw.clone().unwrap();
    assert_eq!(seed, 2026);
    assert_eq!(rounds, events::draw(64, 4, 3, 2026));
    assert!(rounds
        .iter()
        .all(|round| round.len() == 4 && round.iter().all(|n| (1..=64).contains(n))));
    assert!(rounds.iter().all(|round| {
        let mut s = round.clone();
        s.sort();
        s.dedup();
        s.len() == 4
    }));
    assert_ne!(rounds, events::draw(64, 4, 3, 2027));

    // The same from the CLI, with the worklist and the exit code.
    let worklist = dir.path().join("worklist.csv");
    let out = Command::cargo_bin("arbiter")
        .unwrap()
        .args(["check", "--db"])
        .arg(&db)
        .args([
            "--format",
            "spring-cup",
            "--date",
            "2026-03-14",
            "--registered",
            "2026-02-20",
            "--draw",
            "4",
            "--rounds",
            "3",
            "--seed",
            "2026",
        ])
        .arg("--event")
        .arg(&csv_path)
        .arg("--event")
        .arg(&zip_path)
        .arg("--worklist")
        .arg(&worklist)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(2), "{stdout}");
    assert!(stdout.contains("64 players: 34 legal"), "{stdout}");
    assert!(
        stdout.contains(&format!("registrations.csv:{line}: error [card]")),
        "{stdout}"
    );
    assert!(stdout.contains("deck checks (seed 2026"), "{stdout}");
    let written = std::fs::read_to_string(&worklist).unwrap();
    assert!(written.starts_with("deck,player,file,line,severity,rule,message,actual,allowed,hint"));
    let mut reader = csv::Reader::from_reader(written.as_bytes());
    assert_eq!(reader.records().count(), problems);

    // Without the two unreadable rows the exit code says "illegal"; legal lists alone, 0.
    let legal_only = dir.path().join("legal.csv");
    let first_ten: String = csv
        .split_inclusive("\nPlayer 11,")
        .next()
        .unwrap()
        .trim_end_matches("Player 11,")
        .to_string();
    std::fs::write(&legal_only, &first_ten).unwrap();
    let code = |files: &[&Path]| {
        let mut c = Command::cargo_bin("arbiter").unwrap();
        c.args(["check", "--db"])
            .arg(&db)
            .args(["--format", "spring-cup", "--date", "2026-03-14"]);
        for f in files {
            c.arg("--event").arg(f);
        }
        c.output().unwrap().status.code()
    };
    assert_eq!(code(&[&legal_only]), Some(0));
    let illegal = dir.path().join("illegal.csv");
    std::fs::write(
        &illegal,
        csv.split_inclusive("\nPlayer 59,")
            .next()
            .unwrap()
            .trim_end_matches("Player 59,"),
    )
    .unwrap();
    assert_eq!(code(&[&illegal]), Some(1));
}

fn zip_of(entries: &[(&str, &[u8])]) -> Vec<u8> {
    let mut z = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let opts = zip::write::SimpleFileOptions::default();
    for (name, bytes) in entries {
        z.start_file(*name, opts).unwrap();
        z.write_all(bytes).unwrap();
    }
    z.finish().unwrap().into_inner()
}

// issue #32: "A zip over the size limit, a zip bomb, a path in a zip that climbs out
// (`../`) and a non-UTF-8 file are refused with a message", the rest still checked.
#[test]
fn bad_zips_are_refused_with_a_message_and_the_rest_is_checked() {
    let legal = legal_text();
    let bomb = vec![b'\n'; 8 << 20];
    let z = zip_of(&[
        ("ok.txt", legal.as_bytes()),
        ("../evil.txt", legal.as_bytes()),
        ("bomb.txt", &bomb),
        ("latin1.txt", b"3 Spark\n1 Caf\xe9\n"),
    ]);
    assert!(z.len() < 100_000, "the bomb compresses: {}", z.len());
    let big = Upload {
        name: "huge.zip".into(),
        bytes: vec![0; events::MAX_ZIP_BYTES + 1],
    };
    let regs = events::import(vec![
        Upload {
            name: "event.zip".into(),
            bytes: z,
        },
        big,
    ]);
    let messages: Vec<String> = regs.problems.iter().map(|p| format!("{p}")).collect();
    let has = |s: &str| messages.iter().any(|m| m.contains(s));
    assert!(has("climbs out of the zip"), "{messages:?}");
    assert!(has("event.zip:bomb.txt") && has("zip bomb"), "{messages:?}");
    assert!(has("huge.zip") && has("16 MiB"), "{messages:?}");
    let names: Vec<&str> = regs.decks.iter().map(|d| d.file.as_str()).collect();
    assert_eq!(names, ["ok.txt", "latin1.txt"]);
    assert!(regs.decks[0].text.is_ok());
    assert!(regs.decks[1]
        .text
        .as_ref()
        .unwrap_err()
        .contains("latin1.txt:2: the file is not valid UTF-8"));
    // A CSV that cannot be read is located, and the files beside it are still read.
    let regs = events::import(vec![
        Upload {
            name: "reg.csv".into(),
            bytes: b"player,decklist\nA,\"3 Spark\n".to_vec(),
        },
        Upload {
            name: "b.txt".into(),
            bytes: legal.into_bytes(),
        },
    ]);
    assert_eq!(regs.decks.len(), 1);
    assert!(
        regs.problems
            .iter()
            .any(|p| p.file == "reg.csv" && p.line == 2),
        "{:?}",
        regs.problems
    );
}

fn multipart(parts: &[(&str, Option<&str>, &[u8])]) -> (String, Vec<u8>) {
    let boundary = "XtournamentX";
    let mut body = Vec::new();
    for (name, file, bytes) in parts {
        body.extend_from_slice(format!("--{boundary}\r\n").as_bytes());
        match file {
            Some(f) => body.extend_from_slice(
                format!("Content-Disposition: form-data; name=\"{name}\"; filename=\"{f}\"\r\nContent-Type: application/octet-stream\r\n\r\n").as_bytes(),
            ),
            None => body.extend_from_slice(format!("Content-Disposition: form-data; name=\"{name}\"\r\n\r\n").as_bytes()),
        }
        body.extend_from_slice(bytes);
        body.extend_from_slice(b"\r\n");
    }
    body.extend_from_slice(format!("--{boundary}--\r\n").as_bytes());
    (format!("multipart/form-data; boundary={boundary}"), body)
}

// issue #32: the event's JSON twin, every field's problem at once, and the deck check's.
#[actix_rt::test]
async fn the_event_page_answers_json_and_refuses_bad_fields_at_once() {
    let legal = legal_text();
    let csv = format!(
        "player,decklist\nAda,{}\nBo,\"3 Sprak\"\n",
        csv_cell(&legal)
    );
    let (ctype, body) = multipart(&[
        ("files", Some("reg.csv"), csv.as_bytes()),
        ("date", None, b"2026-03-14"),
        ("draw", None, b"1"),
        ("seed", None, b"5"),
    ]);
    let (status, _, text) = common::http::post(
        common::bundled_state(),
        "/events",
        Some(&ctype),
        Some("application/json"),
        body,
    )
    .await;
    assert_eq!(status, 200, "{text}");
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["object"], "event");
    assert_eq!(v["tally"]["players"], 2);
    assert_eq!(v["tally"]["illegal"], 1);
    assert_eq!(v["decks"][0]["player"], "Bo", "illegal first");
    assert_eq!(v["draw"][0], 5);
    let (ctype, body) = multipart(&[("date", None, b"14/03/2026"), ("draw", None, b"many")]);
    let (status, _, text) = common::http::post(
        common::bundled_state(),
        "/events",
        Some(&ctype),
        Some("application/json"),
        body,
    )
    .await;
    assert_eq!(status, 400, "{text}");
    for part in [
        "event date",
        "deck checks per round",
        "no file was uploaded",
    ] {
        assert!(text.contains(part), "{part}: {text}");
    }
    let fp = fingerprint(&parse_decklist(&legal));
    let form = format!(
        "presented={}&fingerprint={fp}",
        percent_encoding::utf8_percent_encode(&legal, percent_encoding::NON_ALPHANUMERIC)
    );
    let (status, _, text) = common::http::post(
        common::bundled_state(),
        "/events/deck-check",
        Some("application/x-www-form-urlencoded"),
        Some("application/json"),
        form,
    )
    .await;
    assert_eq!(status, 200, "{text}");
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(
        (v["object"].as_str(), v["same"].as_bool()),
        (Some("deck_check"), Some(true))
    );
}

fn upload(name: &str, bytes: impl Into<Vec<u8>>) -> Upload {
    Upload {
        name: name.into(),
        bytes: bytes.into(),
    }
}

fn problems_of(regs: &events::Registrations) -> Vec<String> {
    regs.problems.iter().map(|p| format!("{p}")).collect()
}

// Review of #32: many rows naming one file each copied its bytes (a 31 MiB CSV of rows
// naming one 1 MiB file allocated terabytes). A file is one row's list: a second row
// naming it is a located problem; a last name that fits two files is a problem, never a
// pick; a whole path still picks.
#[test]
fn a_file_is_the_list_of_one_row_and_an_ambiguous_name_picks_none() {
    let legal = legal_text();
    let z = zip_of(&[
        ("a/deck.txt", legal.as_bytes()),
        ("b/deck.txt", legal.as_bytes()),
    ]);
    let csv = "player,file\nAda,mine.txt\nBo,MINE.TXT\nCy,mine.txt\nDi,deck.txt\nEd,b/deck.txt\n";
    let regs = events::import(vec![
        upload("reg.csv", csv),
        upload("mine.txt", legal.clone()),
        upload("decks.zip", z),
    ]);
    let messages = problems_of(&regs);
    let at = |line: usize, s: &str| {
        regs.problems
            .iter()
            .any(|p| p.file == "reg.csv" && p.line == line && p.message.contains(s))
    };
    assert!(
        at(3, "file `MINE.TXT` is already the list of row reg.csv:2"),
        "{messages:?}"
    );
    assert!(
        at(4, "file `mine.txt` is already the list of row reg.csv:2"),
        "{messages:?}"
    );
    assert!(
        at(
            5,
            "`deck.txt` fits more than one uploaded file (`a/deck.txt`, `b/deck.txt`)"
        ),
        "{messages:?}"
    );
    assert_eq!(regs.problems.len(), 3, "{messages:?}");
    let decks: Vec<(&str, &str, bool)> = regs
        .decks
        .iter()
        .map(|d| (d.player.as_str(), d.file.as_str(), d.text.is_ok()))
        .collect();
    assert_eq!(
        decks,
        [
            ("Ada", "mine.txt", true),
            ("Bo", "reg.csv", false),
            ("Cy", "reg.csv", false),
            ("Di", "reg.csv", false),
            ("Ed", "b/deck.txt", true),
            ("", "a/deck.txt", true),
        ]
    );
}

// Review of #32: no cap on registrations. At most MAX_REGISTRATIONS, counted while the
// CSV's rows and the files are read; the refusal says the limit and where it struck.
#[test]
fn an_upload_holds_at_most_five_thousand_registrations() {
    assert_eq!(events::MAX_REGISTRATIONS, 5_000);
    let mut csv = String::from("player,decklist\n");
    for i in 0..5_001 {
        csv.push_str(&format!("P{i},3 Spark\n"));
    }
    // Rows past the limit are never read: their width error is not found.
    for i in 0..1_000 {
        csv.push_str(&format!("Q{i},3 Spark,beyond the header\n"));
    }
    let regs = events::import(vec![
        upload("reg.csv", csv),
        upload("extra.txt", "3 Spark\n"),
    ]);
    assert_eq!(regs.decks.len(), 5_000);
    let messages = problems_of(&regs);
    assert_eq!(messages.len(), 1, "{messages:?}");
    assert!(
        regs.problems[0].file == "reg.csv"
            && regs.problems[0].line == 5_002
            && regs.problems[0]
                .message
                .contains("more than 5000 registrations"),
        "{messages:?}"
    );
    let files: Vec<Upload> = (0..5_001)
        .map(|i| upload(&format!("d{i}.txt"), "3 Spark\n"))
        .collect();
    let regs = events::import(files);
    assert_eq!(regs.decks.len(), 5_000);
    assert!(
        problems_of(&regs)[0].contains("d5000.txt:1:1"),
        "{:?}",
        problems_of(&regs)
    );
}

// Review of #32 (item 5): the 1 MiB cap on a decklist file holds beside the CSV too, as
// `check --event` has it.
#[test]
fn a_decklist_file_over_one_mib_is_refused_beside_the_csv() {
    let big = vec![b'\n'; arbiter::decks::MAX_BYTES + 1];
    let regs = events::import(vec![upload("big.txt", big), upload("ok.txt", legal_text())]);
    let messages = problems_of(&regs);
    assert!(
        messages.iter().any(|m| m.starts_with("big.txt:1:1")
            && m.contains("the limit for a decklist is 1048576 bytes (1 MiB)")),
        "{messages:?}"
    );
    let names: Vec<&str> = regs.decks.iter().map(|d| d.file.as_str()).collect();
    assert_eq!(names, ["ok.txt"]);
}

/// A zip of `n` entries `e0.txt`… of exactly 1 MiB of newlines each, compressed once.
fn zip_of_mib(n: usize) -> Vec<u8> {
    let one = zip_of(&[("one.txt", &vec![b'\n'; arbiter::decks::MAX_BYTES])]);
    let mut source = zip::ZipArchive::new(std::io::Cursor::new(one)).unwrap();
    let mut z = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    for i in 0..n {
        let entry = source.by_index_raw(0).unwrap();
        z.raw_copy_file_rename(entry, format!("e{i}.txt")).unwrap();
    }
    z.finish().unwrap().into_inner()
}

// Review of #32: the 64 MiB expansion total restarted per zip, so many small bombs in one
// upload added up. One budget for every zip of the upload; each zip alone passes.
#[test]
fn the_expansion_limit_is_one_for_every_zip_of_an_upload() {
    let z = zip_of_mib(40);
    let regs = events::import(vec![upload("one.zip", z.clone())]);
    assert!(regs.problems.is_empty(), "{:?}", problems_of(&regs));
    assert_eq!(regs.decks.len(), 40);
    let regs = events::import(vec![upload("one.zip", z.clone()), upload("two.zip", z)]);
    let messages = problems_of(&regs);
    assert_eq!(messages.len(), 1, "{messages:?}");
    assert!(
        messages[0].starts_with("two.zip:e24.txt:1:1")
            && messages[0]
                .contains("the upload's zips together expand past 67108864 bytes (64 MiB)"),
        "{messages:?}"
    );
    assert_eq!(regs.decks.len(), 64);
}

// Review of #32: a bomb whose local and central headers understate its size (100 bytes)
// is refused by the bytes actually read (the reader counts them against the header),
// not let through as the 100 bytes the headers say.
#[test]
fn a_zip_bomb_whose_headers_lie_is_refused_by_the_bytes_read() {
    let mut z = zip_of(&[("bomb.txt", &vec![b'\n'; 8 << 20])]);
    // Local header: uncompressed size at 22; central header: at 24 from its signature.
    assert_eq!(&z[..4], b"PK\x03\x04");
    z[22..26].copy_from_slice(&100u32.to_le_bytes());
    let central = z.windows(4).position(|w| w == b"PK\x01\x02").unwrap();
    z[central + 24..central + 28].copy_from_slice(&100u32.to_le_bytes());
    let archive = zip::ZipArchive::new(std::io::Cursor::new(z.clone())).unwrap();
    assert_eq!(
        archive.decompressed_size(),
        Some(100),
        "the headers say 100 bytes"
    );
    let regs = events::import(vec![upload("event.zip", z)]);
    let messages = problems_of(&regs);
    assert!(
        messages.iter().any(|m| m.starts_with("event.zip:bomb.txt")
            && m.contains("its header declares 100 bytes; a zip bomb")
            && m.contains("larger than its declared uncompressed size")),
        "{messages:?}"
    );
    assert!(regs.decks.is_empty());
}

// Review of #32: `/events` ran inline on an async worker; now within the heavy-work
// bound, so its deadline stops it (503 `deadline`).
#[actix_rt::test]
async fn the_event_page_runs_within_the_heavy_work_deadline() {
    let state = common::bundled_state().with_heavy_work(arbiter::web::HeavyWorkConfig {
        concurrent: 1,
        queue: 1,
        retry_after_secs: 1,
        deadline: std::time::Duration::ZERO,
    });
    let (ctype, body) = multipart(&[("files", Some("a.txt"), legal_text().as_bytes())]);
    let (status, _, text) = common::http::post(
        state,
        "/events",
        Some(&ctype),
        Some("application/json"),
        body,
    )
    .await;
    assert_eq!(status, 503, "{text}");
    assert!(
        text.contains("checking the event was stopped at the server's deadline"),
        "{text}"
    );
}
