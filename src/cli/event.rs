//! `arbiter check --event FILE…`: a whole event's registrations (a CSV, zips of
//! decklists, decklist files) judged as of the event's date, printed as text or JSON,
//! with the judges' worklist written as CSV and deck checks drawn. Reading and judging
//! are the library's (`arbiter::events`); this module reads the files, prints (control
//! characters escaped) and chooses the exit code.

use crate::{fail, open_catalogue, EXIT_BAD_INPUT};
use anyhow::Context;
use arbiter::date::Date;
use arbiter::events::{self, EventOptions, EventReport, Upload, WorklistRow};
use arbiter::files::{read_capped, FileError};
use arbiter::text::escape_controls;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// What `check --event` was asked to do.
pub(crate) struct EventConfig {
    pub(crate) uploads: Vec<PathBuf>,
    pub(crate) format: Option<String>,
    pub(crate) json: bool,
    pub(crate) date: Option<String>,
    pub(crate) registered: Option<String>,
    pub(crate) worklist: Option<PathBuf>,
    /// (decks per round, rounds, seed).
    pub(crate) draw: Option<(usize, usize, Option<u64>)>,
    /// Decklist files, `--batch` or `--report` were given too (not read with `--event`).
    pub(crate) ignored: bool,
}

fn bad(message: String) -> ExitCode {
    eprintln!("error: {}", escape_controls(&message));
    ExitCode::from(EXIT_BAD_INPUT)
}

pub(crate) fn event(db: &Path, cfg: &EventConfig) -> ExitCode {
    if cfg.ignored {
        return bad("--event reads the event's files itself: name them with --event, not beside it, and use --worklist rather than --batch/--report".into());
    }
    let date = match cfg.date.as_deref().map(Date::parse).transpose() {
        Ok(d) => d.unwrap_or_else(Date::today),
        Err(e) => return bad(format!("--date: {e}")),
    };
    let registered = match cfg.registered.as_deref().map(Date::parse).transpose() {
        Ok(d) => d,
        Err(e) => return bad(format!("--registered: {e}")),
    };
    let cat = match open_catalogue(db) {
        Ok(c) => c,
        Err(e) => return fail(&e),
    };
    let uploads = match read_uploads(&cfg.uploads) {
        Ok(u) => u,
        Err(e) => return bad(e),
    };
    let name = cfg
        .uploads
        .first()
        .and_then(|p| p.file_stem())
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let opts = EventOptions {
        name,
        format: cfg
            .format
            .clone()
            .unwrap_or_else(|| arbiter::decks::DEFAULT_FORMAT.into()),
        date,
        registered,
        draw: cfg.draw.map(|(n, rounds, seed)| {
            (
                n,
                rounds,
                seed.unwrap_or_else(|| u64::from(rand::random::<u32>())),
            )
        }),
    };
    let report = match events::check(&cat, events::import(uploads), &opts) {
        Ok(r) => r,
        Err(e) => return bad(e.to_string()),
    };
    if cfg.json {
        match serde_json::to_string_pretty(&report) {
            Ok(s) => outln!("{s}"),
            Err(e) => eprintln!("error: {e}"),
        }
    } else {
        print_report(&report);
    }
    if let Some(path) = &cfg.worklist {
        if let Err(e) = write_worklist(path, &report) {
            return bad(format!("{e:#}"));
        }
    }
    ExitCode::from(report.exit_code())
}

/// Every file named, read under its kind's cap, named as given.
fn read_uploads(paths: &[PathBuf]) -> Result<Vec<Upload>, String> {
    let mut out = Vec::new();
    let mut total = 0usize;
    for p in paths {
        let lower = p.to_string_lossy().to_ascii_lowercase();
        let cap = if lower.ends_with(".zip") {
            events::MAX_ZIP_BYTES
        } else if lower.ends_with(".csv") {
            events::MAX_UPLOAD_BYTES
        } else {
            arbiter::decks::MAX_BYTES
        };
        let bytes = read_capped(p, cap).map_err(|e| match e {
            FileError::TooLarge { size, .. } => {
                format!(
                    "{}: the file is {size} bytes; the limit for it is {cap} bytes",
                    p.display()
                )
            }
            e @ FileError::NotAFile(_) => format!("{}: {e}", p.display()),
            FileError::Io(e) => format!("{}: cannot read the file: {e}", p.display()),
        })?;
        total += bytes.len();
        if total > events::MAX_UPLOAD_BYTES {
            return Err(format!(
                "the event's files add up to more than {} bytes (32 MiB)",
                events::MAX_UPLOAD_BYTES
            ));
        }
        out.push(Upload {
            name: p.display().to_string(),
            bytes,
        });
    }
    Ok(out)
}

fn say(line: String) {
    outln!("{}", escape_controls(&line));
}

fn print_report(r: &EventReport) {
    let t = &r.tally;
    say(format!(
        "event {} ({} format, {}{}): {} players: {} legal ({} with warnings), {} illegal, {} unreadable",
        r.name,
        r.format,
        r.date,
        r.registered.map(|d| format!(", registered {d}")).unwrap_or_default(),
        t.players,
        t.legal,
        t.warnings,
        t.illegal,
        t.unreadable
    ));
    for p in &r.problems {
        say(format!("{p}"));
    }
    for d in &r.decks {
        let fp = d
            .verdict
            .as_ref()
            .map(|v| v.fingerprint.as_str())
            .unwrap_or("-");
        say(format!(
            "#{} {} ({}): {} [{fp}]",
            d.number,
            d.player,
            d.file,
            d.status()
        ));
        if let Some(e) = &d.error {
            say(format!("  {e}"));
        }
        for x in d.verdict.iter().flat_map(|v| &v.violations) {
            let at = match x.lines.first() {
                Some(l) => format!("{}:{}", d.file, d.file_line(*l)),
                None => d.file.clone(),
            };
            say(format!(
                "  {at}: {} [{}] {}",
                x.severity.as_str(),
                x.rule,
                x.message
            ));
            if let Some(s) = &x.suggestion {
                say(format!("    hint: {s}"));
            }
        }
    }
    if let Some((seed, rounds)) = &r.draw {
        say(format!(
            "deck checks (seed {seed}; reproduce with --seed {seed}):"
        ));
        for (i, round) in rounds.iter().enumerate() {
            let names: Vec<String> = round
                .iter()
                .map(|n| {
                    format!(
                        "#{n} {}",
                        r.deck(*n).map(|d| d.player.as_str()).unwrap_or("")
                    )
                })
                .collect();
            say(format!("  round {}: {}", i + 1, names.join(", ")));
        }
    }
}

fn write_worklist(path: &Path, r: &EventReport) -> anyhow::Result<()> {
    use arbiter::catalogue::csvfile::CsvWriter;
    crate::cli::check::ensure_own_report(path, |text| {
        text.starts_with(WorklistRow::COLUMNS.join(",").as_str())
    })?;
    let writing = || format!("writing {}", path.display());
    let mut w = CsvWriter::new(arbiter::files::create_regular(path).with_context(writing)?)
        .spreadsheet_safe();
    w.row(WorklistRow::COLUMNS)?;
    for row in WorklistRow::of(r) {
        w.row(row.cells())?;
    }
    w.finish().with_context(writing)?;
    eprintln!("wrote {}", escape_controls(&path.display().to_string()));
    Ok(())
}
