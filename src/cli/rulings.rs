//! `arbiter rulings export DIR`: the judges' published rulings in the catalogue's
//! `data/rulings.csv` format (RULINGS.md, docs/rulings.md), so a deployment can fold them
//! into its versioned data: `DIR/rulings.csv` and each position as
//! `DIR/rulings/<game>/<id>.json`, named in the CSV relative to `DIR/rulings/`.
//!
//! It writes only into a directory that does not exist yet or is empty: anything already
//! in DIR (an earlier export included) is refused and left as it is, so no file that is
//! not its own is ever overwritten. Superseded rulings are exported too (a correction
//! names the ruling it supersedes, which must be there).

use crate::EXIT_BAD_INPUT;
use arbiter::rulings::store::{self, JudgeStore, StoreError};
use arbiter::rulings::Ruling;
use arbiter::text::escape_controls_by_line;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The header of `rulings.csv`.
const HEADER: [&str; 13] = arbiter::rulings::CSV_COLUMNS;

#[derive(Debug, thiserror::Error)]
enum ExportError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(
        "{0} is not empty: `rulings export` writes only into a new or empty directory, and \
         left it as it is; name another"
    )]
    NotEmpty(PathBuf),
    #[error("{0} is not a directory; it was left as it is")]
    NotADirectory(PathBuf),
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("{path}: {source}")]
    Csv {
        path: PathBuf,
        #[source]
        source: csv::Error,
    },
}

impl ExportError {
    fn is_bad_input(&self) -> bool {
        match self {
            ExportError::Store(e) => e.is_bad_input(),
            ExportError::NotEmpty(_) | ExportError::NotADirectory(_) => true,
            ExportError::Io { .. } | ExportError::Csv { .. } => false,
        }
    }
}

pub(crate) fn export(db: &Path, dir: &Path) -> ExitCode {
    match run(db, dir) {
        Ok(n) => {
            outln!(
                "exported {n} judge ruling{} to {}",
                if n == 1 { "" } else { "s" },
                dir.join("rulings.csv").display()
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {}", escape_controls_by_line(&e.to_string()));
            if e.is_bad_input() {
                ExitCode::from(EXIT_BAD_INPUT)
            } else {
                ExitCode::FAILURE
            }
        }
    }
}

fn run(db: &Path, dir: &Path) -> Result<usize, ExportError> {
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |source| ExportError::Io { path, source }
    };
    claim(dir)?;
    let rulings = JudgeStore::open(&store::path_for(db))?.rulings()?;
    let csv_path = dir.join("rulings.csv");
    let mut out = csv::Writer::from_path(&csv_path).map_err(|source| ExportError::Csv {
        path: csv_path.clone(),
        source,
    })?;
    let csv_err = |source| ExportError::Csv {
        path: csv_path.clone(),
        source,
    };
    out.write_record(HEADER).map_err(csv_err)?;
    for r in &rulings {
        let relative = format!("{}/{}.json", r.game, r.id);
        let file = dir.join("rulings").join(&relative);
        if let Some(parent) = file.parent() {
            std::fs::create_dir_all(parent).map_err(io(parent))?;
        }
        std::fs::write(&file, format!("{}\n", r.position)).map_err(io(&file))?;
        out.write_record(row(r, &relative)).map_err(csv_err)?;
    }
    out.flush().map_err(io(&csv_path))?;
    Ok(rulings.len())
}

/// One CSV row of `r`, its position at `relative` (under `rulings/`).
fn row(r: &Ruling, relative: &str) -> [String; 13] {
    [
        r.id.clone(),
        r.game.clone(),
        r.question.clone(),
        r.answer.clone(),
        r.keywords.join(";"),
        r.cards.join(";"),
        r.rules.join(";"),
        relative.to_string(),
        r.step.to_string(),
        r.tier.as_str().to_string(),
        r.source.clone(),
        r.published.clone(),
        r.supersedes.clone().unwrap_or_default(),
    ]
}

/// Makes `dir` if it does not exist; refuses one that is not an empty directory.
fn claim(dir: &Path) -> Result<(), ExportError> {
    match std::fs::symlink_metadata(dir) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            std::fs::create_dir_all(dir).map_err(|source| ExportError::Io {
                path: dir.to_path_buf(),
                source,
            })
        }
        Err(source) => Err(ExportError::Io {
            path: dir.to_path_buf(),
            source,
        }),
        Ok(meta) if !meta.is_dir() => Err(ExportError::NotADirectory(dir.to_path_buf())),
        Ok(_) => {
            let mut entries = std::fs::read_dir(dir).map_err(|source| ExportError::Io {
                path: dir.to_path_buf(),
                source,
            })?;
            if entries.next().is_some() {
                return Err(ExportError::NotEmpty(dir.to_path_buf()));
            }
            Ok(())
        }
    }
}
