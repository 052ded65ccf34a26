//! Validation: a data directory in, a [`DataSet`] or every problem found out.
//!
//! This is where `data/README.md` is enforced. It reads every file, checks every row
//! against the contract, and returns all diagnostics at once; it writes nothing.
//!
//! This file owns the driver ([`read_dir`]: the order files are read in; [`data_files`]),
//! the shared `Validator` state (the data so far, the diagnostics, the name indexes), the
//! checks every file uses (opening, the header, required fields, the `game` column) and
//! [`counts`]. Each file kind's rows are checked beside it: `games` (`games.csv`,
//! `factions.csv`), `keywords`, `rules`, `cards` (`cards/<game>.csv` and the per-game
//! conventions: card types, numeric columns), `formats` (`formats.csv`, `legality.csv`),
//! `rulings` (`rulings.csv` and the position files under `rulings/`).

mod cards;
mod formats;
mod games;
mod keywords;
mod rules;
mod rulings;

use super::csvfile::{CsvFile, Record};
use super::model::*;
use crate::diag::{Diagnostic, Diagnostics};
use crate::text::closest;
use regex::Regex;
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::LazyLock;

/// The largest data file an import reads (256 MiB): a larger one, or one that grows past
/// it while read, is refused without being read further. The generated data sets' largest
/// card file at 1,000,000 cards is well under it.
pub const DATA_FILE_MAX_BYTES: usize = 256 << 20;

/// The columns of free text (rules text, descriptions), which may hold line breaks and
/// tabs; every other column is a name, a slug, a number or a list of names.
const FREE_TEXT_COLUMNS: [&str; 6] = [
    "text",
    "description",
    "normalised",
    "question",
    "answer",
    "position",
];

/// What one file must and may contain.
struct Columns {
    required: &'static [&'static str],
    optional: &'static [&'static str],
}

static SLUG: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^[a-z0-9][a-z0-9-]*$").expect("static regex"));

/// The files one data directory holds, in the order they are read.
pub fn data_files(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut files: Vec<PathBuf> = [
        "games.csv",
        "keywords.csv",
        "rules.csv",
        "factions.csv",
        "formats.csv",
        "legality.csv",
        "rulings.csv",
    ]
    .iter()
    .map(|f| dir.join(f))
    .filter(|p| p.exists())
    .collect();
    let cards = dir.join("cards");
    if cards.is_dir() {
        let mut card_files: Vec<PathBuf> = std::fs::read_dir(&cards)?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "csv"))
            .collect();
        card_files.sort();
        files.extend(card_files);
    }
    Ok(files)
}

/// Reads and validates a data directory. `progress` is called once per card row read.
pub fn read_dir(dir: &Path, progress: &dyn Fn(u64)) -> Result<DataSet, Diagnostics> {
    let mut v = Validator::default();
    let games = v.open(dir, "games.csv", true);
    let keywords = v.open(dir, "keywords.csv", true);
    let rules = v.open(dir, "rules.csv", true);
    let factions = v.open(dir, "factions.csv", false);
    if let Some(f) = &games {
        v.games(f);
    }
    if let Some(f) = &factions {
        v.factions(f);
    }
    if let Some(f) = &keywords {
        v.keywords(f);
    }
    if let Some(f) = &rules {
        v.rules(f);
    }
    let card_dir = dir.join("cards");
    let mut card_paths = Vec::new();
    if card_dir.is_dir() {
        match std::fs::read_dir(&card_dir) {
            Ok(entries) => {
                card_paths = entries
                    .filter_map(|e| e.ok().map(|e| e.path()))
                    .filter(|p| p.extension().is_some_and(|e| e == "csv"))
                    .collect();
                card_paths.sort();
            }
            Err(e) => v.diags.push(Diagnostic::new(
                card_dir.display().to_string(),
                1,
                1,
                format!("cannot list card files: {e}"),
            )),
        }
    }
    for path in card_paths {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        if let Some(f) = v.open(&card_dir, &name, true) {
            v.cards(&f, progress);
        }
    }
    // Formats and legality come last: legality names cards.
    if let Some(f) = v.open(dir, "formats.csv", false) {
        v.formats(&f);
    }
    if let Some(f) = v.open(dir, "legality.csv", false) {
        v.legality(&f);
    }
    // Rulings last: they name keywords, cards and rules, and their steps are replayed
    // against everything read (a missing rulings.csv is no rulings).
    if let Some(f) = v.open(dir, "rulings.csv", false) {
        v.rulings(&f, dir);
        v.ruling_steps();
    }
    if v.diags.is_empty() {
        Ok(v.data)
    } else {
        Err(v.diags)
    }
}

#[derive(Default)]
struct Validator {
    data: DataSet,
    diags: Diagnostics,
    /// game slug → folded keyword or alias → canonical keyword index.
    keyword_index: HashMap<String, HashMap<String, usize>>,
    /// (game, folded faction name) → canonical faction name.
    faction_index: HashMap<(String, String), String>,
    /// Per ruling read (in `data.rulings` order), where its cells are.
    ruling_cells: Vec<rulings::RulingCells>,
}

impl Validator {
    /// Reads and parses `dir/name`: a regular file of at most [`DATA_FILE_MAX_BYTES`],
    /// valid CSV, with no control character where none belongs ([`Self::controls`]).
    fn open(&mut self, dir: &Path, name: &str, required: bool) -> Option<CsvFile> {
        use crate::files::{read_capped, FileError};
        let path = dir.join(name);
        let display = path.display().to_string();
        let refuse = |message: String, hint: &str| {
            Diagnostic::new(display.clone(), 1, 1, message).with_hint(hint)
        };
        let bytes = match read_capped(&path, DATA_FILE_MAX_BYTES) {
            Ok(bytes) => bytes,
            Err(FileError::Io(e)) if e.kind() == std::io::ErrorKind::NotFound && !required => {
                return None
            }
            Err(e @ FileError::NotAFile(_)) => {
                self.diags.push(refuse(
                    format!("{e}: expected a CSV file"),
                    "nothing was read from it; name a regular file (a link to a pipe or a device is not followed into)",
                ));
                return None;
            }
            Err(FileError::TooLarge { size, .. }) => {
                self.diags.push(refuse(
                    format!("the file is {size} bytes; a data file is at most {DATA_FILE_MAX_BYTES} bytes (256 MiB)"),
                    "split a game's cards over several files in cards/, or check that this is the file meant",
                ));
                return None;
            }
            Err(FileError::Io(e)) => {
                self.diags.push(Diagnostic::new(
                    display,
                    1,
                    1,
                    format!("cannot read the file: {e}"),
                ));
                return None;
            }
        };
        match CsvFile::parse(display, bytes) {
            Ok(f) => {
                self.controls(&f);
                Some(f)
            }
            Err(d) => {
                self.diags.0.extend(d.0);
                None
            }
        }
    }

    /// Reports every field holding a control character (a NUL, an escape, …), located at
    /// the character: names, slugs and every other identifying field may hold none; the
    /// free-text columns ([`FREE_TEXT_COLUMNS`]) only line breaks and tabs. The value is
    /// not quoted, so the message cannot carry the character to a terminal.
    fn controls(&mut self, f: &CsvFile) {
        if let Some(at) = f.headers.iter().position(|h| h.contains(char::is_control)) {
            self.diags.push(
                f.header_diag(format!(
                    "the name of column {} holds a control character",
                    at + 1
                ))
                .with_hint("a column name is plain text; remove the character"),
            );
        }
        for rec in &f.records {
            for (i, header) in f.headers.iter().enumerate() {
                let free_text = FREE_TEXT_COLUMNS.contains(&header.as_str());
                let allowed = |c: char| free_text && matches!(c, '\n' | '\r' | '\t');
                let Some((byte, c)) = rec
                    .field(i)
                    .char_indices()
                    .find(|&(_, c)| c.is_control() && !allowed(c))
                else {
                    continue;
                };
                let what = if free_text {
                    "a free-text field may hold line breaks and tabs, no other control character"
                } else {
                    "a name or other identifying field may hold no control character"
                };
                self.diags.push(
                    f.diag_char(
                        rec,
                        i,
                        byte,
                        format!(
                            "`{header}` holds the control character U+{:04X}: {what}",
                            c as u32
                        ),
                    )
                    .with_hint("remove it; a NUL or an escape character usually comes from a damaged export"),
                );
            }
        }
    }

    /// Checks the header against `cols`; returns false when a required column is missing.
    fn header(&mut self, f: &CsvFile, cols: &Columns, extra_allowed: bool) -> bool {
        let mut ok = true;
        let mut seen: HashMap<&str, usize> = HashMap::new();
        for (i, h) in f.headers.iter().enumerate() {
            if h.is_empty() {
                continue;
            }
            if let Some(first) = seen.insert(h, i) {
                self.diags.push(f.header_diag(format!(
                    "column `{h}` appears twice (columns {} and {})",
                    first + 1,
                    i + 1
                )));
                ok = false;
            }
            if !extra_allowed
                && !cols.required.contains(&h.as_str())
                && !cols.optional.contains(&h.as_str())
            {
                let known: Vec<&str> = cols.required.iter().chain(cols.optional).copied().collect();
                let mut d = f.header_diag(format!("unknown column `{h}`"));
                if let Some(best) = closest(h, known.iter().copied(), 1).first() {
                    d = d.with_hint(format!("did you mean `{best}`?"));
                }
                self.diags
                    .push(d.with_hint(format!("the columns are: {}", known.join(", "))));
            }
        }
        for req in cols.required {
            if f.column(req).is_none() {
                let have: Vec<&str> = f
                    .headers
                    .iter()
                    .filter(|h| !h.is_empty())
                    .map(String::as_str)
                    .collect();
                self.diags.push(
                    f.header_diag(format!("missing required column `{req}`"))
                        .with_hint(format!(
                            "the header has: {}; see data/README.md",
                            have.join(", ")
                        )),
                );
                ok = false;
            }
        }
        ok
    }

    /// The field in `col` of `rec`, reporting it when required and empty.
    fn required<'r>(&mut self, f: &CsvFile, rec: &'r Record, col: &str) -> Option<&'r str> {
        let idx = f.column(col);
        let value = f.get(rec, idx);
        if value.is_empty() {
            let i = idx.unwrap_or(0);
            self.diags
                .push(f.diag(rec, i, format!("`{col}` is empty: a value is required")));
            return None;
        }
        Some(value)
    }

    fn game<'r>(&mut self, f: &CsvFile, rec: &'r Record) -> Option<&'r str> {
        let game = self.required(f, rec, "game")?;
        if self.data.games.iter().any(|g| g.slug == game) {
            return Some(game);
        }
        let slugs: Vec<&str> = self.data.games.iter().map(|g| g.slug.as_str()).collect();
        let mut d = f.diag(
            rec,
            f.column("game").unwrap_or(0),
            format!("unknown game `{game}`"),
        );
        d = match closest(game, slugs.iter().copied(), 1).first() {
            Some(best) => d.with_hint(format!(
                "did you mean `{best}`? games are declared in games.csv"
            )),
            None => d.with_hint(format!("games.csv declares: {}", slugs.join(", "))),
        };
        self.diags.push(d);
        None
    }
}

fn split_list(s: &str) -> Vec<String> {
    s.split(';')
        .map(str::trim)
        .filter(|x| !x.is_empty())
        .map(str::to_string)
        .collect()
}

fn non_empty(s: &str) -> Option<String> {
    (!s.is_empty()).then(|| s.to_string())
}

/// Cards per game, keywords per game and rules per game, for reports.
pub fn counts(data: &DataSet) -> BTreeMap<String, (usize, usize, usize)> {
    let mut out: BTreeMap<String, (usize, usize, usize)> = data
        .games
        .iter()
        .map(|g| (g.slug.clone(), (0, 0, 0)))
        .collect();
    for c in &data.cards {
        out.entry(c.game.to_string()).or_default().0 += 1;
    }
    for k in &data.keywords {
        out.entry(k.game.clone()).or_default().1 += 1;
    }
    for r in &data.rules {
        out.entry(r.game.clone()).or_default().2 += 1;
    }
    out
}
