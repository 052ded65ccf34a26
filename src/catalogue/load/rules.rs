//! `rules.csv`: the rule sections of each game.
//!
//! This file owns the rule rows (a section number and its source, in file order); the
//! shared header and field checks are in `mod.rs`.

use super::{non_empty, Columns, Validator};
use crate::catalogue::csvfile::CsvFile;
use crate::catalogue::model::Rule;
use regex::Regex;
use std::sync::LazyLock;

const RULES: Columns = Columns {
    required: &["game", "section", "source"],
    optional: &["title", "text", "normalised"],
};

static SECTION: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^\d+(\.\d+)*$").expect("static regex"));

impl Validator {
    pub(super) fn rules(&mut self, f: &CsvFile) {
        if !self.header(f, &RULES, false) {
            return;
        }
        for rec in &f.records {
            let Some(game) = self.game(f, rec) else {
                continue;
            };
            let (Some(section), Some(source)) = (
                self.required(f, rec, "section"),
                self.required(f, rec, "source"),
            ) else {
                continue;
            };
            if !SECTION.is_match(section) {
                self.diags.push(
                    f.diag(
                        rec,
                        f.column("section").unwrap_or(0),
                        format!("section `{section}` is not a rule number"),
                    )
                    .with_hint("write digits separated by dots, such as `5.10.3`"),
                );
                continue;
            }
            let ordinal = self.data.rules.len();
            self.data.rules.push(Rule {
                game: game.to_string(),
                section: section.to_string(),
                title: f.get(rec, f.column("title")).to_string(),
                text: f.get(rec, f.column("text")).to_string(),
                normalised: non_empty(f.get(rec, f.column("normalised"))),
                source: source.to_string(),
                ordinal,
            });
        }
    }
}
