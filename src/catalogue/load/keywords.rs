//! `keywords.csv`: each game's keywords and their aliases.
//!
//! This file owns the keyword rows: the `parameter` column, the names and aliases unique
//! per game (the index `cards` resolves abilities against), and for SWTCG the agreement
//! between the `kind`, `timing` and `parameter` columns and the definition's text. The
//! shared header and field checks are in `mod.rs`.

use super::{non_empty, split_list, Columns, Validator};
use crate::catalogue::csvfile::CsvFile;
use crate::catalogue::model::Keyword;
use crate::grammar::{swtcg, AbilityParse};
use crate::text::fold;

const KEYWORDS: Columns = Columns {
    required: &["game", "name", "text", "source"],
    optional: &[
        "aliases",
        "parameter",
        "kind",
        "timing",
        "section",
        "normalised",
    ],
};

impl Validator {
    pub(super) fn keywords(&mut self, f: &CsvFile) {
        if !self.header(f, &KEYWORDS, false) {
            return;
        }
        for rec in &f.records {
            let Some(game) = self.game(f, rec) else {
                continue;
            };
            let (Some(name), Some(text), Some(source)) = (
                self.required(f, rec, "name"),
                self.required(f, rec, "text"),
                self.required(f, rec, "source"),
            ) else {
                continue;
            };
            let param_col = f.column("parameter");
            let takes_value = match f.get(rec, param_col) {
                "" => false,
                "X" | "x" => true,
                other => {
                    self.diags.push(f.diag(
                        rec,
                        param_col.unwrap_or(0),
                        format!("parameter `{other}` must be `X` or empty"),
                    ));
                    continue;
                }
            };
            let aliases: Vec<String> = split_list(f.get(rec, f.column("aliases")));
            let mut kind = f.get(rec, f.column("kind")).to_string();
            let mut timing = f.get(rec, f.column("timing")).to_string();
            let mut parse = None;
            if game == "swtcg" {
                if let Some(def) = swtcg::parse(text) {
                    let mut agree =
                        |col: &str, given: &mut String, read: Option<&String>| match read {
                            Some(read) if given.is_empty() => *given = read.clone(),
                            Some(read) if !given.eq_ignore_ascii_case(read) => {
                                self.diags.push(
                                    f.diag(
                                        rec,
                                        f.column(col).unwrap_or(0),
                                        format!(
                                    "`{col}` says `{given}` but the definition's text says `{read}`"
                                ),
                                    )
                                    .with_hint(format!(
                                        "leave `{col}` empty to take it from the text"
                                    )),
                                );
                            }
                            _ => {}
                        };
                    agree("kind", &mut kind, def.kind.as_ref());
                    agree("timing", &mut timing, def.timing.as_ref());
                    if def.takes_x != takes_value {
                        self.diags.push(f.diag(
                            rec,
                            param_col.unwrap_or(0),
                            format!(
                                "`parameter` says {} but the definition reads `{}{}:`",
                                if takes_value { "X" } else { "nothing" },
                                def.name,
                                if def.takes_x { " X" } else { "" }
                            ),
                        ));
                    }
                    if fold(&def.name) != fold(name) {
                        self.diags.push(f.diag(
                            rec,
                            f.column("text").unwrap_or(0),
                            format!(
                                "the definition names `{}` but the row is `{name}`",
                                def.name
                            ),
                        ));
                    }
                    parse = Some(AbilityParse::Swtcg(def));
                }
            }
            let index = self.keyword_index.entry(game.to_string()).or_default();
            let id = self.data.keywords.len();
            let mut clash = None;
            for n in std::iter::once(name).chain(aliases.iter().map(String::as_str)) {
                if let Some(&other) = index.get(&fold(n)) {
                    clash = Some((n.to_string(), other));
                    break;
                }
            }
            if let Some((n, other)) = clash {
                let first = &self.data.keywords[other].name;
                self.diags.push(f.diag(
                    rec,
                    f.column("name").unwrap_or(0),
                    format!("`{n}` is already a name or alias of keyword `{first}` in {game}"),
                ));
                continue;
            }
            for n in std::iter::once(name).chain(aliases.iter().map(String::as_str)) {
                index.insert(fold(n), id);
            }
            self.data.keywords.push(Keyword {
                game: game.to_string(),
                name: name.to_string(),
                aliases,
                takes_value,
                kind,
                timing,
                section: f.get(rec, f.column("section")).to_string(),
                text: text.to_string(),
                normalised: non_empty(f.get(rec, f.column("normalised"))),
                source: source.to_string(),
                parse,
            });
        }
    }
}
