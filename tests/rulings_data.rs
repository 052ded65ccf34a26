//! The bundled rulings, checked as data: every row of `data/rulings.csv` is well formed,
//! names only what the catalogue holds, and its position (a file under `data/rulings/`)
//! adjudicates through its step, with every keyword it names named in the log up to
//! that step and at least one of them at the step itself; and every keyword of every
//! game has at least one ruling.
//!
//! This is the data's own check, independent of the catalogue's loader
//! (`src/catalogue/load/rulings.rs`): it reads the CSV with the `csv` crate and replays
//! each position as the step pages do ([`CatalogueGame::with_cards`] and [`Replay`]).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use arbiter::adjudicate::CatalogueGame;
use arbiter::catalogue::Catalogue;
use arbiter::games::arcane::Arcane;
use arbiter::games::battleline::Battleline;
use arbiter::games::karth::Karth;
use arbiter::games::keyforge::Keyforge;
use arbiter::games::swtcg::Swtcg;
use arbiter::games::GameId;
use arbiter::rules::cite::log_lines;
use arbiter::rules::{Game, Replay};
use arbiter::rulings::{is_id, ruling_position, Tier};
use arbiter::text::fold;

const COLUMNS: [&str; 13] = arbiter::rulings::CSV_COLUMNS;

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("data")
}

fn catalogue() -> Catalogue {
    let set = arbiter::catalogue::validate(&data_dir()).expect("bundled data");
    Catalogue::from_data(set, "test".into())
}

/// One row of `data/rulings.csv`, by column name.
struct Row {
    line: u64,
    fields: BTreeMap<&'static str, String>,
}

impl Row {
    fn get(&self, col: &str) -> &str {
        self.fields.get(col).map_or("", String::as_str)
    }
    fn list(&self, col: &str) -> Vec<String> {
        self.get(col)
            .split(';')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect()
    }
    fn at(&self) -> String {
        format!("data/rulings.csv:{} ({})", self.line, self.get("id"))
    }
}

fn rows() -> Vec<Row> {
    let path = data_dir().join("rulings.csv");
    let mut reader = csv::Reader::from_path(&path).expect("data/rulings.csv reads");
    let header: Vec<String> = reader
        .headers()
        .expect("a header")
        .iter()
        .map(str::to_string)
        .collect();
    assert_eq!(header, COLUMNS, "data/rulings.csv: the header");
    reader
        .records()
        .map(|r| {
            let r = r.expect("a CSV record");
            let line = r.position().map_or(0, csv::Position::line);
            let fields = COLUMNS
                .iter()
                .zip(r.iter())
                .map(|(c, v)| (*c, v.to_string()))
                .collect();
            Row { line, fields }
        })
        .collect()
}

/// The log of `replay` as text, one entry per step (1-based: entry 0 is the start):
/// each event's sentence and every rule it rests on.
fn step_texts<G: Game>(replay: &Replay<G>) -> Vec<String> {
    std::iter::once(String::new())
        .chain(replay.steps.iter().map(|s| {
            s.events
                .iter()
                .map(|e| format!("{}\n{}", e.text, log_lines(&e.rule, "")))
                .collect()
        }))
        .collect()
}

/// The canonical position `json` (as [`ruling_position`] writes it) replayed against the catalogue: the log by step, or why not.
fn replay_texts<G: CatalogueGame>(cat: &Catalogue, json: &str) -> Result<Vec<String>, String> {
    let position = G::read_position(json).map_err(|e| e.to_string())?;
    let replay = G::with_cards(cat, |cards| Replay::<G>::run(position, cards)).map_err(|errs| {
        errs.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("; ")
    })?;
    Ok(step_texts(&replay))
}

/// Whether `text` names `name` (folded; as a word's start, so "snatched" names Snatch).
fn names(text: &str, name: &str) -> bool {
    let (text, name) = (fold(text), fold(name));
    text.match_indices(&name).any(|(i, _)| {
        text[..i]
            .chars()
            .next_back()
            .is_none_or(|c| !c.is_alphanumeric())
    })
}

/// The names (name and aliases) of each keyword of the catalogue, by game.
fn keyword_names(cat: &Catalogue) -> BTreeMap<(String, String), Vec<String>> {
    cat.data()
        .keywords
        .iter()
        .map(|k| {
            let mut all = vec![k.name.clone()];
            all.extend(k.aliases.iter().cloned());
            ((k.game.clone(), k.name.clone()), all)
        })
        .collect()
}

/// The keyword of `game` named `name` or aliased so (folded): its catalogue name.
fn keyword<'a>(
    kws: &'a BTreeMap<(String, String), Vec<String>>,
    game: &str,
    name: &str,
) -> Option<(&'a str, &'a [String])> {
    kws.iter()
        .find(|((g, _), all)| g == game && all.iter().any(|n| fold(n) == fold(name)))
        .map(|((_, n), all)| (n.as_str(), all.as_slice()))
}

/// Every problem of row `row`, checked against `cat` (empty when it is sound).
fn check_row(
    cat: &Catalogue,
    kws: &BTreeMap<(String, String), Vec<String>>,
    ids: &BTreeMap<String, String>,
    row: &Row,
) -> Vec<String> {
    let mut errs = Vec::new();
    let game = row.get("game");
    if !is_id(row.get("id")) {
        errs.push("the id is not [a-z0-9-]{1,40}".to_string());
    }
    for col in ["question", "answer", "source"] {
        if row.get(col).trim().is_empty() {
            errs.push(format!("`{col}` is empty"));
        }
    }
    if Tier::parse(row.get("tier")).is_none() {
        errs.push(format!(
            "tier `{}` is not one of seed|published|house|judge",
            row.get("tier")
        ));
    }
    let date = row.get("published");
    let date_ok = date.len() == 10
        && date.bytes().enumerate().all(|(i, b)| match i {
            4 | 7 => b == b'-',
            _ => b.is_ascii_digit(),
        });
    if !date_ok {
        errs.push(format!("published `{date}` is not YYYY-MM-DD"));
    }
    let sup = row.get("supersedes");
    if !sup.is_empty() && ids.get(sup).map(String::as_str) != Some(game) {
        errs.push(format!("supersedes `{sup}`, not a ruling of {game}"));
    }
    let named: Vec<(String, Vec<String>)> = row
        .list("keywords")
        .iter()
        .filter_map(|k| match keyword(kws, game, k) {
            Some((name, all)) => Some((name.to_string(), all.to_vec())),
            None => {
                errs.push(format!("keyword `{k}` is not a keyword of {game}"));
                None
            }
        })
        .collect();
    for c in row.list("cards") {
        if !cat
            .cards()
            .iter()
            .any(|card| card.game.as_str() == game && card.name.as_str() == c)
        {
            errs.push(format!("card `{c}` is not a card of {game}"));
        }
    }
    for r in row.list("rules") {
        if !cat
            .data()
            .rules
            .iter()
            .any(|x| x.game == game && x.section == r)
        {
            errs.push(format!("rule `{r}` is not a section of {game}"));
        }
    }
    let rel = row.get("position");
    if rel.starts_with('/') || rel.split('/').any(|p| p == "..") || !rel.ends_with(".json") {
        errs.push(format!(
            "position `{rel}` is not a .json path under data/rulings/"
        ));
        return errs;
    }
    let json = match std::fs::read_to_string(data_dir().join("rulings").join(rel)) {
        Ok(j) => j,
        Err(e) => {
            errs.push(format!("position `{rel}` does not read: {e}"));
            return errs;
        }
    };
    let (id, canonical, _hash) = match ruling_position(&json) {
        Ok(p) => p,
        Err(e) => {
            errs.push(format!("position `{rel}`: {e}"));
            return errs;
        }
    };
    if id.slug() != game {
        errs.push(format!(
            "the position is of {}, the row of {game}",
            id.slug()
        ));
    }
    if !rel.starts_with(&format!("{}/", id.slug())) {
        errs.push(format!(
            "position `{rel}` is not under rulings/{}/",
            id.slug()
        ));
    }
    let texts = match id {
        GameId::Battleline => replay_texts::<Battleline>(cat, &canonical),
        GameId::Swtcg => replay_texts::<Swtcg>(cat, &canonical),
        GameId::Keyforge => replay_texts::<Keyforge>(cat, &canonical),
        GameId::Arcane => replay_texts::<Arcane>(cat, &canonical),
        GameId::Karth => replay_texts::<Karth>(cat, &canonical),
    };
    let texts = match texts {
        Ok(t) => t,
        Err(e) => {
            errs.push(format!("the position does not adjudicate: {e}"));
            return errs;
        }
    };
    let step: usize = match row.get("step").parse() {
        Ok(s) if s >= 1 && s < texts.len() => s,
        _ => {
            errs.push(format!(
                "step `{}` is not a step of the replay (1..={})",
                row.get("step"),
                texts.len() - 1
            ));
            return errs;
        }
    };
    let upto = texts[..=step].concat();
    for (name, all) in &named {
        if !all.iter().any(|n| names(&upto, n)) {
            errs.push(format!(
                "keyword `{name}` is not named in the log up to step {step}"
            ));
        }
    }
    if !named.is_empty()
        && !named
            .iter()
            .any(|(_, all)| all.iter().any(|n| names(&texts[step], n)))
    {
        errs.push(format!(
            "no keyword it names is named at step {step} itself"
        ));
    }
    errs
}

#[test]
fn every_ruling_row_adjudicates_at_its_step() {
    let cat = catalogue();
    let kws = keyword_names(&cat);
    let rows = rows();
    assert!(!rows.is_empty(), "data/rulings.csv holds rulings");
    let mut ids = BTreeMap::new();
    let mut problems = Vec::new();
    for row in &rows {
        if ids
            .insert(row.get("id").to_string(), row.get("game").to_string())
            .is_some()
        {
            problems.push(format!("{}: the id is used twice", row.at()));
        }
    }
    for row in &rows {
        for e in check_row(&cat, &kws, &ids, row) {
            problems.push(format!("{}: {e}", row.at()));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_keyword_has_a_ruling() {
    let cat = catalogue();
    let kws = keyword_names(&cat);
    let covered: BTreeSet<(String, String)> = rows()
        .iter()
        .flat_map(|row| {
            let game = row.get("game").to_string();
            row.list("keywords")
                .into_iter()
                .filter_map(|k| {
                    keyword(&kws, &game, &k).map(|(n, _)| (game.clone(), n.to_string()))
                })
                .collect::<Vec<_>>()
        })
        .collect();
    let missing: Vec<String> = kws
        .keys()
        .filter(|k| !covered.contains(*k))
        .map(|(g, n)| format!("{g}: {n}"))
        .collect();
    assert!(
        missing.is_empty(),
        "{} keywords have no ruling:\n{}",
        missing.len(),
        missing.join("\n")
    );
}

#[test]
fn the_check_names_a_keyword_only_as_a_word_start() {
    assert!(names("Iron Shortsword was snatched by R", "Snatch"));
    assert!(names("Armor (seed 002): …", "armor"));
    assert!(!names("a Sandstorm rises", "Storm"));
    assert!(!names("nothing here", "Taunt"));
}
