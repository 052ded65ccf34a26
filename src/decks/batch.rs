//! Several decklists judged together (`arbiter check`, a tournament's `--batch`): one
//! [`Checked`] per file, the tally, the JSON answer and the report's rows.
//!
//! Pure like the rest of `decks`: the caller reads the files and hands over their bytes
//! (or why they could not be read), and writes whatever it makes of the results.

use super::{parse_decklist, parse_json, DeckValidator, Decklist, Severity, Verdict};
use crate::catalogue::Catalogue;
use serde::Serialize;

/// One input: its verdict, or why it could not be judged.
#[derive(Debug, Clone)]
pub struct Checked {
    /// The input's name as the user gave it.
    pub file: String,
    pub outcome: Result<Verdict, String>,
}

/// Judges decklists against the catalogue's formats, building each format's validator
/// once.
pub struct Batch<'c> {
    cat: &'c Catalogue,
    /// The format asked for, which overrides a JSON list's own.
    format: Option<String>,
    validators: Vec<(String, DeckValidator)>,
}

impl<'c> Batch<'c> {
    pub fn new(cat: &'c Catalogue, format: Option<String>) -> Batch<'c> {
        Batch {
            cat,
            format,
            validators: Vec::new(),
        }
    }

    /// Judges `file` from its contents, `bytes` (or why they could not be read): the API's
    /// JSON form when `json`, else decklist text.
    pub fn check(&mut self, file: String, json: bool, bytes: Result<Vec<u8>, String>) -> Checked {
        let outcome = bytes.and_then(|b| self.judge(json, b));
        Checked { file, outcome }
    }

    fn judge(&mut self, json: bool, bytes: Vec<u8>) -> Result<Verdict, String> {
        let text = String::from_utf8(bytes).map_err(|e| {
            format!(
                "line {}: the file is not valid UTF-8; save it as UTF-8 text",
                crate::diag::utf8_error_line(&e)
            )
        })?;
        let list = if json {
            parse_json(&text).map_err(|e| e.to_string())?
        } else {
            parse_decklist(&text)
        };
        let format = format_for(self.format.clone(), &list);
        let i = match self.validators.iter().position(|(f, _)| *f == format) {
            Some(i) => i,
            None => {
                let v = DeckValidator::new(self.cat, &format).map_err(|e| e.to_string())?;
                self.validators.push((format, v));
                self.validators.len() - 1
            }
        };
        Ok(self.validators[i].1.validate(&list))
    }
}

/// The format a list is judged in: the one asked for, else the list's own (JSON lists
/// may name one), else [`super::DEFAULT_FORMAT`].
pub fn format_for(asked: Option<String>, list: &Decklist) -> String {
    asked
        .or_else(|| list.format.clone())
        .unwrap_or_else(|| super::DEFAULT_FORMAT.to_string())
}

/// How many inputs were legal, illegal and unreadable.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    pub legal: usize,
    pub illegal: usize,
    pub unreadable: usize,
}

impl Tally {
    pub fn of(checked: &[Checked]) -> Tally {
        let mut t = Tally::default();
        for c in checked {
            match &c.outcome {
                Ok(v) if v.legal => t.legal += 1,
                Ok(_) => t.illegal += 1,
                Err(_) => t.unreadable += 1,
            }
        }
        t
    }
}

/// The JSON answer: for one input named alone (`single`), its verdict (the API's shape)
/// or `{object: "error", file, details}`; otherwise a list of `{file, verdict}` and
/// `{file, error}`.
pub fn batch_json(checked: &[Checked], single: bool) -> serde_json::Value {
    use serde_json::json;
    match checked {
        [c] if single => match &c.outcome {
            Ok(v) => serde_json::to_value(v).unwrap_or_default(),
            Err(e) => json!({"object": "error", "file": c.file, "details": e}),
        },
        _ => serde_json::Value::Array(
            checked
                .iter()
                .map(|c| match &c.outcome {
                    Ok(v) => json!({"file": c.file, "verdict": v}),
                    Err(e) => json!({"file": c.file, "error": e}),
                })
                .collect(),
        ),
    }
}

/// One row of the tournament report (`arbiter check --batch DIR --report FILE`, and the
/// CSV download of the `/decks` page).
#[derive(Debug, Clone, Serialize)]
pub struct ReportRow {
    /// The input's name: its path relative to the folder checked, or the page's
    /// `deck N: title`.
    pub file: String,
    pub player: String,
    /// The deck's faction (derived from the cards when it has no `Faction:` line).
    pub faction: String,
    pub format: String,
    /// `yes`, `no` or `unreadable`.
    pub legal: String,
    pub errors: usize,
    pub warnings: usize,
    /// The first three error messages, joined by ` | `.
    pub first_errors: String,
    /// Every warning's message, joined by ` | `.
    pub warning_list: String,
}

impl ReportRow {
    /// The report's columns, in order (the CSV report's header).
    pub const COLUMNS: [&'static str; 9] = [
        "file",
        "player",
        "faction",
        "format",
        "legal",
        "errors",
        "warnings",
        "first_errors",
        "warning_list",
    ];

    /// The row of one input.
    pub fn of(c: &Checked) -> ReportRow {
        let messages = |v: &Verdict, severity: Severity, limit: usize| {
            v.violations
                .iter()
                .filter(|x| x.severity == severity)
                .take(limit)
                .map(|x| format!("[{}] {}", x.rule, x.message))
                .collect::<Vec<_>>()
                .join(" | ")
        };
        match &c.outcome {
            Ok(v) => ReportRow {
                file: c.file.clone(),
                player: v.player.clone().unwrap_or_default(),
                faction: v.faction.clone().unwrap_or_default(),
                format: v.format.clone(),
                legal: if v.legal { "yes" } else { "no" }.into(),
                errors: v.errors,
                warnings: v.warnings,
                first_errors: messages(v, Severity::Error, 3),
                warning_list: messages(v, Severity::Warning, usize::MAX),
            },
            Err(e) => ReportRow {
                file: c.file.clone(),
                player: String::new(),
                faction: String::new(),
                format: String::new(),
                legal: "unreadable".into(),
                errors: 1,
                warnings: 0,
                first_errors: e.clone(),
                warning_list: String::new(),
            },
        }
    }

    /// The row's values in [`ReportRow::COLUMNS`] order.
    pub fn cells(&self) -> [String; 9] {
        [
            self.file.clone(),
            self.player.clone(),
            self.faction.clone(),
            self.format.clone(),
            self.legal.clone(),
            self.errors.to_string(),
            self.warnings.to_string(),
            self.first_errors.clone(),
            self.warning_list.clone(),
        ]
    }
}

/// The CSV report of `rows`: a header of [`ReportRow::COLUMNS`], one row per input, every
/// cell spreadsheet-safe (a cell never starts a formula).
pub fn report_csv(rows: &[ReportRow]) -> std::io::Result<Vec<u8>> {
    use crate::catalogue::csvfile::CsvWriter;
    let mut out = Vec::new();
    let mut w = CsvWriter::new(&mut out).spreadsheet_safe();
    w.row(ReportRow::COLUMNS)?;
    for r in rows {
        w.row(r.cells())?;
    }
    w.finish()?;
    Ok(out)
}

/// The name a report gives `path`: relative to `folder` (the `--batch` folder) when it is
/// inside it, else as given.
pub fn report_name(path: &std::path::Path, folder: Option<&std::path::Path>) -> String {
    folder
        .and_then(|f| path.strip_prefix(f).ok())
        .filter(|rel| !rel.as_os_str().is_empty())
        .unwrap_or(path)
        .display()
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    #[test]
    fn report_names_are_relative_to_the_folder() {
        let dir = Path::new("/t/round1");
        assert_eq!(report_name(&dir.join("alice.txt"), Some(dir)), "alice.txt");
        assert_eq!(
            report_name(Path::new("/x/bob.txt"), Some(dir)),
            "/x/bob.txt"
        );
        assert_eq!(report_name(Path::new("bob.txt"), None), "bob.txt");
    }
}
