//! `formats.csv` and `legality.csv`: each game's deck formats and their banned and
//! restricted cards.
//!
//! This file owns the format rows (a slug and the numeric limits) and the legality rows
//! (a known format, a known card, a status, each card listed once per format). They are
//! read last because legality names cards. The shared header and field checks are in
//! `mod.rs`; the deck rules that apply these limits are in `crate::decks`.

use super::{Columns, Validator, SLUG};
use crate::catalogue::csvfile::CsvFile;
use crate::catalogue::model::{Format, Legality, LegalityStatus};
use crate::text::{closest, fold};
use std::collections::HashMap;

/// The numeric limits of `formats.csv`, in column order.
const FORMAT_LIMITS: [&str; 9] = [
    "max_gold",
    "heroes",
    "min_barrack",
    "min_treasury",
    "min_spellbook",
    "main_deck",
    "max_copies",
    "min_terrain",
    "max_movement_terrain",
];
/// The required columns of `formats.csv`: the game, the format, then [`FORMAT_LIMITS`].
const FORMATS_REQUIRED: [&str; 2 + FORMAT_LIMITS.len()] = {
    let mut all = [""; 2 + FORMAT_LIMITS.len()];
    all[0] = "game";
    all[1] = "format";
    let mut i = 0;
    while i < FORMAT_LIMITS.len() {
        all[2 + i] = FORMAT_LIMITS[i];
        i += 1;
    }
    all
};
const FORMATS: Columns = Columns {
    required: &FORMATS_REQUIRED,
    optional: &["description", "effective"],
};
const LEGALITY: Columns = Columns {
    required: &["game", "format", "card", "status"],
    optional: &["effective"],
};

impl Validator {
    pub(super) fn formats(&mut self, f: &CsvFile) {
        if !self.header(f, &FORMATS, false) {
            return;
        }
        for rec in &f.records {
            let Some(game) = self.game(f, rec) else {
                continue;
            };
            let Some(name) = self.required(f, rec, "format") else {
                continue;
            };
            let col = f.column("format").unwrap_or(0);
            if !SLUG.is_match(name) {
                self.diags.push(
                    f.diag(rec, col, format!("`{name}` is not a format slug"))
                        .with_hint("use lowercase letters, digits and `-`, such as `standard`"),
                );
                continue;
            }
            if self
                .data
                .formats
                .iter()
                .any(|x| x.game == game && x.name == name)
            {
                self.diags.push(f.diag(
                    rec,
                    col,
                    format!("format `{name}` is declared twice for {game}"),
                ));
                continue;
            }
            let mut limits = [0i64; FORMAT_LIMITS.len()];
            let mut ok = true;
            for (slot, limit) in limits.iter_mut().zip(FORMAT_LIMITS) {
                let Some(text) = self.required(f, rec, limit) else {
                    ok = false;
                    continue;
                };
                match text.parse::<i64>() {
                    Ok(n) if n >= 0 => *slot = n,
                    _ => {
                        self.diags.push(
                            f.diag(
                                rec,
                                f.column(limit).unwrap_or(0),
                                format!("`{limit}` must be a whole number ≥ 0, found `{text}`"),
                            )
                            .with_hint("see data/README.md, formats.csv"),
                        );
                        ok = false;
                    }
                }
            }
            let Some(effective) = self.effective(f, rec) else {
                continue;
            };
            if !ok {
                continue;
            }
            let [max_gold, heroes, min_barrack, min_treasury, min_spellbook, main_deck, max_copies, min_terrain, max_movement_terrain] =
                limits;
            self.data.formats.push(Format {
                game: game.to_string(),
                name: name.to_string(),
                description: f.get(rec, f.column("description")).to_string(),
                max_gold,
                heroes,
                min_barrack,
                min_treasury,
                min_spellbook,
                main_deck,
                max_copies,
                min_terrain,
                max_movement_terrain,
                effective,
            });
        }
    }

    pub(super) fn legality(&mut self, f: &CsvFile) {
        if !self.header(f, &LEGALITY, false) {
            return;
        }
        let cards: HashMap<(String, String), usize> = self
            .data
            .cards
            .iter()
            .enumerate()
            .map(|(i, c)| ((c.game.to_string(), fold(&c.name)), i))
            .collect();
        let mut rows = Vec::new();
        let mut seen: HashMap<(String, String, String, String), usize> = HashMap::new();
        for rec in &f.records {
            let Some(game) = self.game(f, rec) else {
                continue;
            };
            let (Some(format), Some(card), Some(status_text)) = (
                self.required(f, rec, "format"),
                self.required(f, rec, "card"),
                self.required(f, rec, "status"),
            ) else {
                continue;
            };
            let mut ok = true;
            if !self
                .data
                .formats
                .iter()
                .any(|x| x.game == game && x.name == format)
            {
                let known: Vec<&str> = self
                    .data
                    .formats
                    .iter()
                    .filter(|x| x.game == game)
                    .map(|x| x.name.as_str())
                    .collect();
                let mut d = f.diag(
                    rec,
                    f.column("format").unwrap_or(0),
                    format!("unknown {game} format `{format}`"),
                );
                d = match closest(format, known.iter().copied(), 1).first() {
                    Some(best) => d.with_hint(format!(
                        "did you mean `{best}`? formats are declared in formats.csv"
                    )),
                    None => d.with_hint("declare the format in formats.csv"),
                };
                self.diags.push(d);
                ok = false;
            }
            let canonical = cards
                .get(&(game.to_string(), fold(card)))
                .map(|&i| self.data.cards[i].name.to_string());
            if canonical.is_none() {
                let names = self
                    .data
                    .cards
                    .iter()
                    .filter(|c| c.game == game)
                    .map(|c| c.name.as_str());
                let mut d = f.diag(
                    rec,
                    f.column("card").unwrap_or(0),
                    format!("unknown {game} card `{card}`"),
                );
                d = match closest(card, names, 1).first() {
                    Some(best) => d.with_hint(format!("did you mean `{best}`?")),
                    None => d.with_hint(format!("cards are listed in cards/{game}.csv")),
                };
                self.diags.push(d);
                ok = false;
            }
            let status = LegalityStatus::parse(status_text);
            if status.is_none() {
                self.diags.push(
                    f.diag(
                        rec,
                        f.column("status").unwrap_or(0),
                        format!(
                            "status `{status_text}` is not `banned`, `restricted` or `legal`"
                        ),
                    )
                    .with_hint(
                        "`banned`: no copies; `restricted`: at most 1 copy; `legal`: an earlier status lifted from `effective`",
                    ),
                );
                ok = false;
            }
            let effective = self.effective(f, rec);
            let (true, Some(card), Some(status), Some(effective)) =
                (ok, canonical, status, effective)
            else {
                continue;
            };
            let key = (
                game.to_string(),
                format.to_string(),
                fold(&card),
                effective.clone().unwrap_or_default(),
            );
            if let Some(first) = seen.get(&key) {
                self.diags.push(
                    f.diag(
                        rec,
                        f.column("card").unwrap_or(0),
                        format!(
                            "`{card}` is listed twice for {game} {format}{}",
                            effective
                                .as_deref()
                                .map(|d| format!(" from {d}"))
                                .unwrap_or_default()
                        ),
                    )
                    .with_hint(format!("the first is on line {first}")),
                );
                continue;
            }
            seen.insert(key, f.line_of(rec));
            rows.push(Legality {
                game: game.to_string(),
                format: format.to_string(),
                card,
                status,
                effective,
            });
        }
        self.data.legality.extend(rows);
    }

    /// The row's `effective` date: `Some(None)` when empty, `None` (reported) when it is
    /// not a `YYYY-MM-DD` date.
    fn effective(
        &mut self,
        f: &CsvFile,
        rec: &crate::catalogue::csvfile::Record,
    ) -> Option<Option<String>> {
        let text = f.get(rec, f.column("effective"));
        if text.is_empty() {
            return Some(None);
        }
        match crate::date::Date::parse(text) {
            Ok(d) => Some(Some(d.to_string())),
            Err(e) => {
                self.diags.push(
                    f.diag(rec, f.column("effective").unwrap_or(0), e)
                        .with_hint(
                            "the date the row takes effect, such as 2026-03-14; empty: always",
                        ),
                );
                None
            }
        }
    }
}
