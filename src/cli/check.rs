//! `arbiter check`: validates decklist files (or a `--batch` folder's), prints each
//! verdict as text or JSON and writes the tournament report (CSV and HTML), refusing
//! to overwrite a file that is not an earlier report. The validator and the report's
//! rows are the library's (`arbiter::decks`); opening the catalogue is `main.rs`'s shared
//! helper, and the capped read of a regular file `arbiter::files`'. Every line of text it
//! prints has its control characters escaped (`arbiter::text::escape_controls`): a
//! decklist's `Player:` line or a file's name cannot drive the organiser's terminal.

use crate::{exit_code, fail, open_catalogue, EXIT_BAD_INPUT};
use anyhow::Context;
use arbiter::files::{read_capped, FileError};
use arbiter::text::{escape_controls, escape_controls_by_line};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// What `arbiter check` was asked to do.
pub(crate) struct CheckConfig {
    pub(crate) files: Vec<PathBuf>,
    pub(crate) format: Option<String>,
    pub(crate) json: bool,
    pub(crate) batch: Option<PathBuf>,
    pub(crate) report: Option<PathBuf>,
}

pub(crate) fn check(db: &Path, cfg: &CheckConfig) -> ExitCode {
    use arbiter::decks::{self, Batch, Checked, Tally};
    let cat = match open_catalogue(db) {
        Ok(c) => c,
        Err(e) => return fail(&e),
    };
    let files = match deck_files(cfg) {
        Ok(files) => files,
        Err(message) => {
            eprintln!("error: {}", escape_controls(&message));
            return ExitCode::from(EXIT_BAD_INPUT);
        }
    };
    let mut batch = Batch::new(&cat, cfg.format.clone());
    let checked: Vec<Checked> = files
        .iter()
        .map(|path| {
            let bytes = read_capped(path, decks::MAX_BYTES).map_err(|e| match e {
                FileError::TooLarge { size, .. } => format!(
                    "the file is {size} bytes; a decklist is at most {} bytes (1 MiB)",
                    decks::MAX_BYTES
                ),
                e @ FileError::NotAFile(_) => e.to_string(),
                FileError::Io(e) => format!("cannot read the file: {e}"),
            });
            let json = path.extension().is_some_and(|e| e == "json");
            batch.check(path.display().to_string(), json, bytes)
        })
        .collect();
    let tally = Tally::of(&checked);
    if cfg.json {
        let value = decks::batch_json(&checked, cfg.batch.is_none());
        match serde_json::to_string_pretty(&value) {
            Ok(s) => outln!("{s}"),
            Err(e) => eprintln!("error: {e}"),
        }
    } else {
        for c in &checked {
            print_verdict(&c.file, &c.outcome);
        }
        if checked.len() > 1 {
            say(format!(
                "{} deck(s): {} legal, {} illegal, {} unreadable",
                checked.len(),
                tally.legal,
                tally.illegal,
                tally.unreadable
            ));
        }
    }
    if let Some(report) = &cfg.report {
        if let Err(e) = write_reports(report, &checked, cfg.batch.as_deref()) {
            eprintln!("error: {}", escape_controls_by_line(&format!("{e:#}")));
            return ExitCode::from(EXIT_BAD_INPUT);
        }
    }
    if tally.unreadable > 0 || tally.illegal > 0 {
        exit_code(tally.unreadable > 0)
    } else {
        ExitCode::SUCCESS
    }
}

/// The files `check` was given, then the decklists (`*.txt`, `*.json`) of `--batch DIR`
/// in name order; an error when there are none or DIR cannot be listed.
fn deck_files(cfg: &CheckConfig) -> Result<Vec<PathBuf>, String> {
    let mut files = cfg.files.clone();
    if let Some(dir) = &cfg.batch {
        let entries = std::fs::read_dir(dir)
            .map_err(|e| format!("{}: cannot list the directory: {e}", dir.display()))?;
        let mut found: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.is_file() && p.extension().is_some_and(|e| e == "txt" || e == "json"))
            .collect();
        found.sort();
        files.extend(found);
    }
    if files.is_empty() {
        return Err("no decklist to check: name files, or a directory with --batch DIR".into());
    }
    Ok(files)
}

/// Prints one line of text to standard output, its control characters escaped.
fn say(line: String) {
    outln!("{}", escape_controls(&line));
}

/// `FILE:LINE: error [3.1] 103 / 100 gold: …`, one line per violation, then a summary.
fn print_verdict(file: &str, outcome: &Result<arbiter::decks::Verdict, String>) {
    let v = match outcome {
        Ok(v) => v,
        Err(e) => {
            say(format!("{file}: unreadable: {e}"));
            return;
        }
    };
    let who = [v.title.as_deref(), v.player.as_deref()]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(", ");
    say(format!(
        "{file}: {} ({}format {}, faction {}{}): {} error(s), {} warning(s); fingerprint {}",
        if v.legal { "legal" } else { "ILLEGAL" },
        if who.is_empty() {
            String::new()
        } else {
            format!("{who}; ")
        },
        v.format,
        v.faction.as_deref().unwrap_or("unknown"),
        v.side
            .map(|s| format!(", {}", s.as_str()))
            .unwrap_or_default(),
        v.errors,
        v.warnings,
        v.fingerprint
    ));
    for x in &v.violations {
        let at = match x.lines.first() {
            Some(l) => format!("{file}:{l}"),
            None => file.to_string(),
        };
        say(format!(
            "{at}: {} [{}] {}",
            x.severity.as_str(),
            x.rule,
            x.message
        ));
        if let Some(s) = &x.suggestion {
            say(format!("  hint: {s}"));
        }
    }
    let s = &v.summary;
    say(format!(
        "  {} main-deck cards (Barrack {}, Treasury {}, Spellbook {}), {} heroes, {} terrain ({} affect movement), {} tokens; {} gold",
        s.main_deck,
        s.counts.barrack,
        s.counts.treasury,
        s.counts.spellbook,
        s.counts.heroes,
        s.counts.terrain,
        s.counts.movement_terrain,
        s.counts.tokens,
        s.gold_total
    ));
}

/// The tournament report: a CSV at `path` and an HTML page beside it, each deck named by
/// its path relative to `folder` (the `--batch` folder).
fn write_reports(
    path: &Path,
    checked: &[arbiter::decks::Checked],
    folder: Option<&Path>,
) -> anyhow::Result<()> {
    use arbiter::catalogue::csvfile::CsvWriter;
    use arbiter::decks::{report_name, ReportRow};
    use arbiter::files::create_regular;
    let rows: Vec<ReportRow> = checked
        .iter()
        .map(|c| {
            let mut row = ReportRow::of(c);
            row.file = report_name(Path::new(&c.file), folder);
            row
        })
        .collect();
    let html_path = path.with_extension("html");
    ensure_own_report(path, |text| {
        text.starts_with(ReportRow::COLUMNS.join(",").as_str())
    })?;
    ensure_own_report(&html_path, |text| text.contains(REPORT_HTML_MARK))?;
    let writing = || format!("writing {}", path.display());
    let mut w = CsvWriter::new(create_regular(path).with_context(writing)?).spreadsheet_safe();
    w.row(ReportRow::COLUMNS)?;
    for r in &rows {
        w.row(r.cells())?;
    }
    w.finish().with_context(writing)?;
    let html = arbiter::web::decks::report_html(&rows).context("rendering the HTML report")?;
    create_regular(&html_path)
        .and_then(|mut f| Ok(std::io::Write::write_all(&mut f, html.as_bytes())?))
        .with_context(|| format!("writing {}", html_path.display()))?;
    eprintln!(
        "wrote {} and {}",
        escape_controls(&path.display().to_string()),
        escape_controls(&html_path.display().to_string())
    );
    Ok(())
}

/// Text every HTML report holds (its title), by which an earlier report is known.
const REPORT_HTML_MARK: &str = "<title>Deck check report · Arbiter</title>";

/// Refuses to replace a file at `path` unless `is_report` recognises it as an earlier
/// report: `check --report` writes only files of its own, and only regular files (a FIFO,
/// a device or a directory there is refused before anything waits on it).
pub(crate) fn ensure_own_report(
    path: &Path,
    is_report: impl Fn(&str) -> bool,
) -> anyhow::Result<()> {
    use std::io::Read as _;
    let file = match arbiter::files::open_regular(path) {
        Ok(file) => file,
        Err(e @ FileError::NotAFile(_)) => anyhow::bail!(
            "{}: {e}; it was left as it is. Name a file for --report",
            path.display()
        ),
        // Nothing there (or nothing readable, which the write will report).
        Err(_) => return Ok(()),
    };
    let empty = file.metadata().is_ok_and(|m| m.len() == 0);
    let mut head = Vec::new();
    // The first 64 KiB say whether it is a report, however long the report is.
    let _ = file.take(64 * 1024).read_to_end(&mut head);
    let text = String::from_utf8_lossy(&head);
    if empty || is_report(&text) {
        return Ok(());
    }
    anyhow::bail!(
        "{} exists and is not a deck check report; it was left as it is. Name another --report path",
        path.display()
    )
}
