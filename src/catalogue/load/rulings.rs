//! `rulings.csv`: the catalogue's rulings, each a question, its answer, what it touches
//! and the position (a file under `rulings/` or inline JSON) that shows it.
//!
//! This file owns the ruling rows: the id's shape and uniqueness, the keywords, cards and
//! rules named (each of the row's game), the position read (its path kept inside
//! `rulings/`, read under a cap, its errors at the cell with their JSON path), its game,
//! the tier, source and date, the supersession links (checked with `RulingSet`), and, once
//! the rest is read, that each step exists in its position's replay. It is read last: it
//! names keywords, cards and rules. The shared header and field checks are in `mod.rs`.

use super::{split_list, Columns, Validator};
use crate::catalogue::csvfile::{CsvFile, Record};
use crate::catalogue::Catalogue;
use crate::diag::Diagnostic;
use crate::games::GameId;
use crate::rulings::{
    is_id, ruling_position, Ruling, RulingSet, RulingSetError, Tier, STEP_CHECKS_DEADLINE,
    STEP_CHECK_DEADLINE,
};
use crate::text::{closest, fold};
use std::collections::{HashMap, HashSet};
use std::path::{Component, Path};

const RULINGS: Columns = Columns {
    required: &[
        "id",
        "game",
        "question",
        "answer",
        "position",
        "step",
        "tier",
        "source",
        "published",
    ],
    optional: &["keywords", "cards", "rules", "supersedes"],
};

/// The folder beside `rulings.csv` its position paths are relative to.
pub(super) const POSITION_DIR: &str = "rulings";

/// Where a ruling's cells are, for the checks made once every row is read.
pub(super) struct RulingCells {
    file: String,
    id: (usize, usize),
    step: (usize, usize),
    position: (usize, usize),
    supersedes: (usize, usize),
}

impl RulingCells {
    fn at(&self, cell: (usize, usize), message: String) -> Diagnostic {
        Diagnostic::new(&self.file, cell.0, cell.1, message)
    }
}

impl Validator {
    /// Reads the rows of `rulings.csv` (`dir` the data directory, for position files).
    pub(super) fn rulings(&mut self, f: &CsvFile, dir: &Path) {
        if !self.header(f, &RULINGS, false) {
            return;
        }
        let cards: HashMap<(String, String), usize> = self
            .data
            .cards
            .iter()
            .enumerate()
            .map(|(i, c)| ((c.game.to_string(), fold(&c.name)), i))
            .collect();
        let mut ids: HashMap<String, usize> = HashMap::new();
        for rec in &f.records {
            let cell = |col: &str| f.locate(rec, f.column(col).unwrap_or(0));
            let cells = RulingCells {
                file: f.display.clone(),
                id: cell("id"),
                step: cell("step"),
                position: cell("position"),
                supersedes: cell("supersedes"),
            };
            let id = self.ruling_id(f, rec, &mut ids);
            let game = self.game(f, rec);
            let question = self.required(f, rec, "question");
            let answer = self.required(f, rec, "answer");
            let source = self.required(f, rec, "source");
            let tier = self.tier(f, rec);
            let published = self.date(f, rec);
            let step = self.step(f, rec);
            let supersedes = self.supersedes(f, rec);
            let position = self.position(f, rec, dir);
            let touches = game.map(|g| {
                (
                    self.ruling_keywords(f, rec, g),
                    self.ruling_cards(f, rec, g, &cards),
                    self.ruling_rules(f, rec, g),
                )
            });
            let (
                Some(id),
                Some(game),
                Some(question),
                Some(answer),
                Some(source),
                Some(tier),
                Some(published),
                Some(step),
                Some(supersedes),
                Some((position_game, position, hash)),
                Some((Some(keywords), Some(cards), Some(rules))),
            ) = (
                id, game, question, answer, source, tier, published, step, supersedes, position,
                touches,
            )
            else {
                continue;
            };
            if position_game.slug() != game {
                self.diags.push(
                    f.diag(
                        rec,
                        f.column("position").unwrap_or(0),
                        format!(
                            "the position is a {} position but the ruling is of {game}",
                            position_game.slug()
                        ),
                    )
                    .with_hint("a ruling's position is of the ruling's own game"),
                );
                continue;
            }
            self.data.rulings.push(Ruling {
                id,
                game: game.to_string(),
                question: question.to_string(),
                answer: answer.to_string(),
                keywords,
                cards,
                rules,
                position,
                hash,
                step,
                tier,
                source: source.to_string(),
                published,
                supersedes,
            });
            self.ruling_cells.push(cells);
        }
        self.supersessions();
    }

    /// The row's id: the shape of a ruling id, given once.
    fn ruling_id(
        &mut self,
        f: &CsvFile,
        rec: &Record,
        ids: &mut HashMap<String, usize>,
    ) -> Option<String> {
        let id = self.required(f, rec, "id")?;
        let col = f.column("id").unwrap_or(0);
        if !is_id(id) {
            self.diags.push(
                f.diag(rec, col, format!("`{id}` is not a ruling id"))
                    .with_hint("an id is 1 to 40 of a-z, 0-9 and `-`, starting with a letter or digit (it is the ruling's URL)"),
            );
            return None;
        }
        if let Some(first) = ids.insert(id.to_string(), f.line_of(rec)) {
            self.diags.push(f.diag(
                rec,
                col,
                format!("ruling `{id}` is given twice (first on line {first})"),
            ));
            return None;
        }
        Some(id.to_string())
    }

    fn tier(&mut self, f: &CsvFile, rec: &Record) -> Option<Tier> {
        let tier = self.required(f, rec, "tier")?;
        let found = Tier::parse(tier);
        if found.is_none() {
            let names: Vec<&str> = Tier::ALL.iter().map(|t| t.as_str()).collect();
            self.diags.push(f.diag(
                rec,
                f.column("tier").unwrap_or(0),
                format!("tier `{tier}` is not one of {}", names.join(", ")),
            ));
        }
        found
    }

    /// `published`: a calendar date, `YYYY-MM-DD`.
    fn date(&mut self, f: &CsvFile, rec: &Record) -> Option<String> {
        let date = self.required(f, rec, "published")?;
        if is_date(date) {
            return Some(date.to_string());
        }
        self.diags.push(
            f.diag(
                rec,
                f.column("published").unwrap_or(0),
                format!("`{date}` is not a date"),
            )
            .with_hint("write the date as YYYY-MM-DD, such as 2026-03-01"),
        );
        None
    }

    fn step(&mut self, f: &CsvFile, rec: &Record) -> Option<u32> {
        let step = self.required(f, rec, "step")?;
        let found = step.parse::<u32>().ok();
        if found.is_none() {
            self.diags.push(
                f.diag(
                    rec,
                    f.column("step").unwrap_or(0),
                    format!("step `{step}` is not a step number"),
                )
                .with_hint("write a whole number, 0 for the position before any step"),
            );
        }
        found
    }

    /// `supersedes`: empty, or the shape of an id (that it names a ruling of the same game
    /// is checked once every row is read).
    fn supersedes(&mut self, f: &CsvFile, rec: &Record) -> Option<Option<String>> {
        match f.get(rec, f.column("supersedes")) {
            "" => Some(None),
            id if is_id(id) => Some(Some(id.to_string())),
            id => {
                self.diags.push(f.diag(
                    rec,
                    f.column("supersedes").unwrap_or(0),
                    format!("`supersedes` is `{id}`, which is not a ruling id"),
                ));
                None
            }
        }
    }

    /// The keywords named, as the catalogue spells them.
    fn ruling_keywords(&mut self, f: &CsvFile, rec: &Record, game: &str) -> Option<Vec<String>> {
        let col = f.column("keywords").unwrap_or(0);
        let mut found = Some(Vec::new());
        for name in split_list(f.get(rec, f.column("keywords"))) {
            let index = self.keyword_index.get(game);
            match index.and_then(|i| i.get(&fold(&name))) {
                Some(&k) => {
                    if let Some(v) = found.as_mut() {
                        v.push(self.data.keywords[k].name.clone());
                    }
                }
                None => {
                    let names = self
                        .data
                        .keywords
                        .iter()
                        .filter(|k| k.game == game)
                        .map(|k| k.name.as_str());
                    let mut d = f.diag(rec, col, format!("unknown {game} keyword `{name}`"));
                    if let Some(best) = closest(&name, names, 1).first() {
                        d = d.with_hint(format!("did you mean `{best}`?"));
                    }
                    self.diags
                        .push(d.with_hint("keywords are listed in keywords.csv, `;` between"));
                    found = None;
                }
            }
        }
        found
    }

    /// The cards named, as the catalogue spells them.
    fn ruling_cards(
        &mut self,
        f: &CsvFile,
        rec: &Record,
        game: &str,
        cards: &HashMap<(String, String), usize>,
    ) -> Option<Vec<String>> {
        let col = f.column("cards").unwrap_or(0);
        let mut found = Some(Vec::new());
        for name in split_list(f.get(rec, f.column("cards"))) {
            match cards.get(&(game.to_string(), fold(&name))) {
                Some(&c) => {
                    if let Some(v) = found.as_mut() {
                        v.push(self.data.cards[c].name.to_string());
                    }
                }
                None => {
                    self.diags.push(
                        f.diag(rec, col, format!("unknown {game} card `{name}`"))
                            .with_hint(format!(
                                "cards are listed in cards/{game}.csv, `;` between"
                            )),
                    );
                    found = None;
                }
            }
        }
        found
    }

    /// The rule sections named, each one of the game's.
    fn ruling_rules(&mut self, f: &CsvFile, rec: &Record, game: &str) -> Option<Vec<String>> {
        let col = f.column("rules").unwrap_or(0);
        let mut found = Some(Vec::new());
        for section in split_list(f.get(rec, f.column("rules"))) {
            let known = self
                .data
                .rules
                .iter()
                .any(|r| r.game == game && r.section == section);
            if known {
                if let Some(v) = found.as_mut() {
                    v.push(section);
                }
            } else {
                self.diags.push(
                    f.diag(rec, col, format!("no {game} rule numbered `{section}`"))
                        .with_hint("rules are listed in rules.csv by section, `;` between"),
                );
                found = None;
            }
        }
        found
    }

    /// The position: inline JSON, or a file under `dir/rulings/`; read by its game and
    /// written canonical. Returns its game, canonical JSON and hash.
    fn position(
        &mut self,
        f: &CsvFile,
        rec: &Record,
        dir: &Path,
    ) -> Option<(GameId, String, String)> {
        let given = self.required(f, rec, "position")?;
        let col = f.column("position").unwrap_or(0);
        let (json, from) = if given.starts_with('{') {
            (given.to_string(), "the inline position".to_string())
        } else {
            match read_position_file(dir, given) {
                Ok(json) => (json, format!("{POSITION_DIR}/{given}")),
                Err(message) => {
                    self.diags.push(f.diag(rec, col, message).with_hint(
                        "`position` is inline JSON starting with `{`, or a path inside the data directory's rulings/ folder, such as battleline/bl-endless-serpent.json",
                    ));
                    return None;
                }
            }
        };
        match ruling_position(&json) {
            Ok(read) => Some(read),
            Err(e) => {
                self.diags.push(
                    f.diag(rec, col, format!("{from}: {e}"))
                        .with_hint("a bare position, a test fixture ({about, cites, position}) or a saved state of the ruling's game"),
                );
                None
            }
        }
    }

    /// Every `supersedes` names a ruling of the same game, and no ruling is superseded
    /// twice; the set is then built as the server builds it, its refusal located.
    fn supersessions(&mut self) {
        let by_id: HashMap<&str, usize> = self
            .data
            .rulings
            .iter()
            .enumerate()
            .map(|(i, r)| (r.id.as_str(), i))
            .collect();
        let mut seen: HashMap<&str, &str> = HashMap::new();
        let mut bad: HashSet<usize> = HashSet::new();
        for (i, r) in self.data.rulings.iter().enumerate() {
            let Some(target) = r.supersedes.as_deref() else {
                continue;
            };
            let cells = &self.ruling_cells[i];
            let problem = match by_id.get(target) {
                None => Some(format!("`supersedes` names `{target}`, which is not a ruling in this file")),
                Some(&t) if self.data.rulings[t].game != r.game => Some(format!(
                    "`supersedes` names `{target}`, a ruling of {}, not of {}",
                    self.data.rulings[t].game, r.game
                )),
                Some(_) if target == r.id => Some("a ruling cannot supersede itself".to_string()),
                Some(_) => seen.insert(target, &r.id).map(|first| {
                    format!("`{target}` is already superseded by `{first}`: a ruling is superseded once; supersede `{first}` instead")
                }),
            };
            if let Some(message) = problem {
                self.diags.push(cells.at(cells.supersedes, message));
                bad.insert(i);
            }
        }
        if !bad.is_empty() {
            return;
        }
        if let Err(e) = RulingSet::new(self.data.rulings.clone()) {
            let id = match &e {
                RulingSetError::DuplicateId(id) => id,
                RulingSetError::UnknownSuperseded { id, .. }
                | RulingSetError::OtherGame { id, .. } => id,
                RulingSetError::SupersededTwice { second, .. } => second,
            };
            let at = by_id.get(id.as_str()).copied().unwrap_or(0);
            if let Some(cells) = self.ruling_cells.get(at) {
                self.diags.push(cells.at(cells.id, e.to_string()));
            }
        }
    }

    /// Each ruling's step exists in its position's replay against the data read, within
    /// [`STEP_CHECK_DEADLINE`] each and [`STEP_CHECKS_DEADLINE`] for all. Takes the data set through a catalogue made
    /// of it and back.
    pub(super) fn ruling_steps(&mut self) {
        if self.data.rulings.is_empty() {
            return;
        }
        let catalogue = Catalogue::from_data(std::mem::take(&mut self.data), String::new());
        let started = std::time::Instant::now();
        for (r, cells) in catalogue.rulings().iter().zip(&self.ruling_cells) {
            let Some(game) = GameId::from_slug(&r.game) else {
                continue;
            };
            let left = STEP_CHECKS_DEADLINE.saturating_sub(started.elapsed());
            if left.is_zero() {
                self.diags.push(cells.at(
                    cells.step,
                    format!(
                        "ruling `{}`: not checked: the rulings' positions took over {STEP_CHECKS_DEADLINE:?} to replay together",
                        r.id
                    ),
                ).with_hint("shorten the slow positions before it (each is played up to its step)"));
                continue;
            }
            let checked = crate::rulings::check_step(
                &catalogue,
                game,
                &r.position,
                r.step,
                STEP_CHECK_DEADLINE.min(left),
            );
            if let Err(e) = checked {
                let cell = match e {
                    crate::rulings::StepError::Position(_) => cells.position,
                    _ => cells.step,
                };
                self.diags
                    .push(cells.at(cell, format!("ruling `{}`: {e}", r.id)).with_hint(
                        "the step is the one the ruling turns on, as its step page numbers it",
                    ));
            }
        }
        self.data = catalogue.into_data().unwrap_or_default();
    }
}

/// Whether `s` is a calendar date written `YYYY-MM-DD`.
fn is_date(s: &str) -> bool {
    let b = s.as_bytes();
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return false;
    }
    let num = |r: std::ops::Range<usize>| -> Option<u32> {
        let part = s.get(r)?;
        part.bytes()
            .all(|c| c.is_ascii_digit())
            .then(|| part.parse().ok())?
    };
    let (Some(y), Some(m), Some(d)) = (num(0..4), num(5..7), num(8..10)) else {
        return false;
    };
    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    let days = match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return false,
    };
    (1..=days).contains(&d)
}

/// Reads the position file `given` (relative to `dir/rulings/`): a relative path of plain
/// names (no `..`, not absolute), a regular file that stays inside the folder once links
/// are followed, at most a position's byte cap. The error says what was expected.
fn read_position_file(dir: &Path, given: &str) -> Result<String, String> {
    use crate::files::{read_capped, FileError};
    use crate::rules::position::JSON_BYTES;
    let rel = Path::new(given);
    let plain = rel.components().all(|c| matches!(c, Component::Normal(_)));
    if !plain || given.contains('\\') {
        return Err(format!(
            "position path `{given}` must be relative to rulings/, with no `..`, `.` or leading `/`"
        ));
    }
    let root = dir.join(POSITION_DIR);
    let path = root.join(rel);
    let outside = || format!("position path `{given}` leads outside rulings/ (through a link)");
    match (root.canonicalize(), path.canonicalize()) {
        (Ok(root), Ok(real)) if !real.starts_with(&root) => return Err(outside()),
        (Err(e), _) | (_, Err(e)) => {
            return Err(format!("cannot read position file rulings/{given}: {e}"))
        }
        _ => {}
    }
    let bytes = read_capped(&path, JSON_BYTES).map_err(|e| match e {
        FileError::NotAFile(kind) => {
            format!("position file rulings/{given} is {kind}: expected a JSON file")
        }
        FileError::TooLarge { size, .. } => format!(
            "position file rulings/{given} is {size} bytes; a position is at most {JSON_BYTES} bytes"
        ),
        FileError::Io(e) => format!("cannot read position file rulings/{given}: {e}"),
    })?;
    String::from_utf8(bytes).map_err(|_| format!("position file rulings/{given} is not UTF-8 text"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_loader_reads_every_column_the_export_writes() {
        let mut read: Vec<&str> = RULINGS
            .required
            .iter()
            .chain(RULINGS.optional)
            .copied()
            .collect();
        let mut written = crate::rulings::CSV_COLUMNS.to_vec();
        read.sort_unstable();
        written.sort_unstable();
        assert_eq!(read, written);
    }

    #[test]
    fn dates_are_calendar_dates() {
        assert!(is_date("2026-02-28"));
        assert!(is_date("2024-02-29"));
        assert!(!is_date("2026-02-29"));
        assert!(!is_date("2026-13-01"));
        assert!(!is_date("2026-1-01"));
        assert!(!is_date("２０２６-01-01"));
        assert!(!is_date("2026-01-00"));
    }

    #[test]
    fn position_paths_stay_inside_the_folder() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("rulings/battleline")).unwrap();
        std::fs::write(dir.path().join("secret.json"), "{}").unwrap();
        for bad in [
            "../secret.json",
            "/etc/passwd",
            "./x.json",
            "battleline/../../secret.json",
        ] {
            let e = read_position_file(dir.path(), bad).unwrap_err();
            assert!(e.contains("relative"), "{bad}: {e}");
        }
        assert!(read_position_file(dir.path(), "battleline")
            .unwrap_err()
            .contains("directory"));
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(
                dir.path().join("secret.json"),
                dir.path().join("rulings/link.json"),
            )
            .unwrap();
            let e = read_position_file(dir.path(), "link.json").unwrap_err();
            assert!(e.contains("outside"), "{e}");
        }
    }
}
