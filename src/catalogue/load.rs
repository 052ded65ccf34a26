//! Validation: a data directory in, a [`DataSet`] or every problem found out.
//!
//! This is where `data/README.md` is enforced. It reads every file, checks every row
//! against the contract, and returns all diagnostics at once; it writes nothing. The
//! per-game conventions (card types, numeric columns) are the tables at the top.

use super::csvfile::{CsvFile, Record};
use super::model::*;
use crate::diag::{Diagnostic, Diagnostics};
use crate::grammar::{ability_list, arcane, keyforge, swtcg, AbilityParse};
use crate::text::{closest, fold};
use regex::Regex;
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::LazyLock;

/// Columns of `cards/<game>.csv` that are not attributes.
const CARD_COLUMNS: [&str; 7] = [
    "name",
    "type",
    "faction",
    "value",
    "abilities",
    "traits",
    "text",
];

/// The card types each game allows (see data/README.md "Per game").
fn card_types(game: &str) -> Option<&'static [&'static str]> {
    Some(match game {
        "battleline" => &["creature", "warlord", "artifact", "summon"],
        "karth" => &[
            "hero",
            "unit",
            "mercenary",
            "animal",
            "item",
            "income",
            "spell",
            "token",
            "terrain",
        ],
        "swtcg" => &["unit", "equipment", "battle"],
        "keyforge" => &["creature", "artifact", "action", "upgrade"],
        "arcane" => &["unit"],
        _ => return None,
    })
}

/// Attribute columns that must hold integers wherever they are filled.
fn integer_columns(game: &str) -> &'static [&'static str] {
    match game {
        "battleline" => &["attack", "life"],
        _ => &[],
    }
}

/// Karth's faction column may also name a side or Neutral.
const KARTH_PSEUDO_FACTIONS: [&str; 3] = ["Allegiance", "Shard", "Neutral"];

/// What one file must and may contain.
struct Columns {
    required: &'static [&'static str],
    optional: &'static [&'static str],
}

const GAMES: Columns = Columns {
    required: &["game", "name"],
    optional: &["description", "source"],
};
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
const RULES: Columns = Columns {
    required: &["game", "section", "source"],
    optional: &["title", "text", "normalised"],
};
const FACTIONS: Columns = Columns {
    required: &["game", "faction"],
    optional: &["side"],
};
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
const FORMATS: Columns = Columns {
    required: &[
        "game",
        "format",
        "max_gold",
        "heroes",
        "min_barrack",
        "min_treasury",
        "min_spellbook",
        "main_deck",
        "max_copies",
        "min_terrain",
        "max_movement_terrain",
    ],
    optional: &["description"],
};
const LEGALITY: Columns = Columns {
    required: &["game", "format", "card", "status"],
    optional: &[],
};

static SLUG: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^[a-z0-9][a-z0-9-]*$").expect("static regex"));
static SECTION: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^\d+(\.\d+)*$").expect("static regex"));

/// The files one data directory holds, in the order they are read.
pub fn data_files(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut files: Vec<PathBuf> = [
        "games.csv",
        "keywords.csv",
        "rules.csv",
        "factions.csv",
        "formats.csv",
        "legality.csv",
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
}

impl Validator {
    fn open(&mut self, dir: &Path, name: &str, required: bool) -> Option<CsvFile> {
        let path = dir.join(name);
        let display = path.display().to_string();
        match std::fs::read(&path) {
            Ok(bytes) => match CsvFile::parse(display, bytes) {
                Ok(f) => Some(f),
                Err(d) => {
                    self.diags.0.extend(d.0);
                    None
                }
            },
            Err(e) if e.kind() == std::io::ErrorKind::NotFound && !required => None,
            Err(e) => {
                self.diags.push(Diagnostic::new(
                    display,
                    1,
                    1,
                    format!("cannot read the file: {e}"),
                ));
                None
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

    fn games(&mut self, f: &CsvFile) {
        if !self.header(f, &GAMES, false) {
            return;
        }
        for rec in &f.records {
            let (Some(slug), Some(name)) =
                (self.required(f, rec, "game"), self.required(f, rec, "name"))
            else {
                continue;
            };
            if !SLUG.is_match(slug) {
                self.diags.push(
                    f.diag(
                        rec,
                        f.column("game").unwrap_or(0),
                        format!("`{slug}` is not a game slug"),
                    )
                    .with_hint("use lowercase letters, digits and `-`, such as `battleline`"),
                );
                continue;
            }
            if self.data.games.iter().any(|g| g.slug == slug) {
                self.diags
                    .push(f.diag(rec, 0, format!("game `{slug}` is declared twice")));
                continue;
            }
            self.data.games.push(Game {
                slug: slug.to_string(),
                name: name.to_string(),
                description: f.get(rec, f.column("description")).to_string(),
                source: f.get(rec, f.column("source")).to_string(),
            });
        }
    }

    fn factions(&mut self, f: &CsvFile) {
        if !self.header(f, &FACTIONS, false) {
            return;
        }
        for rec in &f.records {
            let Some(game) = self.game(f, rec) else {
                continue;
            };
            let Some(name) = self.required(f, rec, "faction") else {
                continue;
            };
            let side_col = f.column("side");
            let side_text = f.get(rec, side_col);
            let side = Side::parse(side_text);
            if (game == "karth" || !side_text.is_empty()) && side.is_none() {
                self.diags.push(
                    f.diag(
                        rec,
                        side_col.unwrap_or(0),
                        format!("side `{side_text}` is not `Allegiance` or `Shard`"),
                    )
                    .with_hint(
                        "every Heroes of Karth faction is allied to the Allegiance or the Shard",
                    ),
                );
                continue;
            }
            let key = (game.to_string(), fold(name));
            if self.faction_index.contains_key(&key) {
                self.diags.push(f.diag(
                    rec,
                    f.column("faction").unwrap_or(0),
                    format!("faction `{name}` is declared twice for {game}"),
                ));
                continue;
            }
            self.faction_index.insert(key, name.to_string());
            self.data.factions.push(Faction {
                game: game.to_string(),
                name: name.to_string(),
                side,
            });
        }
    }

    fn keywords(&mut self, f: &CsvFile) {
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

    fn rules(&mut self, f: &CsvFile) {
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

    fn cards(&mut self, f: &CsvFile, progress: &dyn Fn(u64)) {
        let stem = Path::new(&f.display)
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        if !self.data.games.iter().any(|g| g.slug == stem) {
            let slugs: Vec<&str> = self.data.games.iter().map(|g| g.slug.as_str()).collect();
            let mut d = f.header_diag(format!("card file for unknown game `{stem}`"));
            d = match closest(&stem, slugs.iter().copied(), 1).first() {
                Some(best) => d.with_hint(format!(
                    "did you mean cards/{best}.csv? games are declared in games.csv"
                )),
                None => d.with_hint(format!(
                    "name the file after a game of games.csv: {}",
                    slugs.join(", ")
                )),
            };
            self.diags.push(d);
            return;
        }
        let game = stem.as_str();
        let cols = Columns {
            required: &["name", "type"],
            optional: &CARD_COLUMNS,
        };
        if !self.header(f, &cols, true) {
            return;
        }
        let attr_cols: Vec<(usize, &str)> = f
            .headers
            .iter()
            .enumerate()
            .filter(|(_, h)| !h.is_empty() && !CARD_COLUMNS.contains(&h.as_str()))
            .map(|(i, h)| (i, h.as_str()))
            .collect();
        // An attribute column is numeric when every non-empty value parses as a number.
        let numeric: Vec<bool> = attr_cols
            .iter()
            .map(|(i, _)| {
                f.records
                    .iter()
                    .map(|r| f.get(r, Some(*i)))
                    .filter(|v| !v.is_empty())
                    .all(|v| v.parse::<f64>().is_ok_and(f64::is_finite))
            })
            .collect();
        for ((_, name), numeric) in attr_cols.iter().zip(&numeric) {
            self.data.attribute_columns.push(AttributeColumn {
                game: game.to_string(),
                name: name.to_string(),
                numeric: *numeric,
            });
        }
        let types = card_types(game);
        let mut factions: HashMap<&str, Option<String>> = HashMap::new();
        let mut names: HashMap<String, &Record> = HashMap::new();
        let first_card = self.data.cards.len();
        for rec in &f.records {
            progress(1);
            let (Some(name), Some(card_type)) =
                (self.required(f, rec, "name"), self.required(f, rec, "type"))
            else {
                continue;
            };
            if let Some(first) = names.get(&fold(name)) {
                let first_line = f.line_of(first);
                self.diags.push(
                    f.diag(rec, f.column("name").unwrap_or(0), format!("duplicate card name `{name}` in {game}"))
                        .with_hint(format!("the first `{name}` is on line {first_line}; card names are unique per game")),
                );
                continue;
            }
            names.insert(fold(name), rec);
            let mut ok = true;
            if let Some(types) = types {
                if !types.contains(&card_type) {
                    let mut d = f.diag(
                        rec,
                        f.column("type").unwrap_or(0),
                        format!("unknown {game} card type `{card_type}`"),
                    );
                    if let Some(best) = closest(card_type, types.iter().copied(), 1).first() {
                        d = d.with_hint(format!(
                            "did you mean `{best}`? the types are: {}",
                            types.join(", ")
                        ));
                    } else {
                        d = d.with_hint(format!("the types are: {}", types.join(", ")));
                    }
                    self.diags.push(d);
                    ok = false;
                }
            }
            let faction_text = f.get(rec, f.column("faction"));
            let faction = match factions.get(faction_text) {
                Some(Some(known)) => Ok(Some(known.clone())),
                _ if faction_text.is_empty() => Ok(None),
                _ => {
                    let r = self.card_faction(f, rec, game);
                    factions.insert(faction_text, r.clone().ok().flatten());
                    r
                }
            };
            let value_col = f.column("value");
            let value = match f.get(rec, value_col) {
                "" if game == "karth" => {
                    self.diags.push(
                        f.diag(
                            rec,
                            value_col.unwrap_or(0),
                            "`value` is empty: every Heroes of Karth card has a gold value",
                        )
                        .with_hint("write 0 for a card printed without a coin"),
                    );
                    ok = false;
                    None
                }
                "" => None,
                v => match v.parse::<i64>() {
                    Ok(n) if n >= 0 => Some(n),
                    _ => {
                        self.diags.push(f.diag(
                            rec,
                            value_col.unwrap_or(0),
                            format!("`value` must be a whole number ≥ 0, found `{v}`"),
                        ));
                        ok = false;
                        None
                    }
                },
            };
            let abilities = self.card_abilities(f, rec, game);
            let mut attributes = Vec::new();
            for ((i, name), numeric) in attr_cols.iter().zip(&numeric) {
                let v = f.get(rec, Some(*i));
                if integer_columns(game).contains(name)
                    && !v.is_empty()
                    && v.parse::<i64>().is_err()
                {
                    self.diags.push(f.diag(
                        rec,
                        *i,
                        format!("`{name}` must be a whole number, found `{v}`"),
                    ));
                    ok = false;
                    continue;
                }
                if v.is_empty() {
                    continue;
                }
                attributes.push(Attribute {
                    name: name.to_string(),
                    value: v.to_string(),
                    number: if *numeric { v.parse().ok() } else { None },
                });
            }
            let text = f.get(rec, f.column("text")).to_string();
            let text_abilities = match game {
                "keyforge" => keyforge::parse_text(&text)
                    .into_iter()
                    .map(AbilityParse::Keyforge)
                    .collect(),
                "arcane" => arcane::parse_text(&text)
                    .into_iter()
                    .map(AbilityParse::Arcane)
                    .collect(),
                _ => Vec::new(),
            };
            let (Some(abilities), Ok(faction), true) = (abilities, faction, ok) else {
                continue;
            };
            self.data.cards.push(Card {
                game: game.to_string(),
                name: name.to_string(),
                card_type: card_type.to_string(),
                faction,
                value,
                abilities,
                traits: split_list(f.get(rec, f.column("traits"))),
                text,
                attributes,
                text_abilities,
            });
        }
        debug_assert!(self.data.cards.len() >= first_card);
    }

    fn formats(&mut self, f: &CsvFile) {
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
            });
        }
    }

    fn legality(&mut self, f: &CsvFile) {
        if !self.header(f, &LEGALITY, false) {
            return;
        }
        let cards: HashMap<(String, String), usize> = self
            .data
            .cards
            .iter()
            .enumerate()
            .map(|(i, c)| ((c.game.clone(), fold(&c.name)), i))
            .collect();
        let mut rows = Vec::new();
        let mut seen: HashMap<(String, String, String), usize> = HashMap::new();
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
                .map(|&i| self.data.cards[i].name.clone());
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
                        format!("status `{status_text}` is not `banned` or `restricted`"),
                    )
                    .with_hint("`banned`: no copies; `restricted`: at most 1 copy"),
                );
                ok = false;
            }
            let (true, Some(card), Some(status)) = (ok, canonical, status) else {
                continue;
            };
            let key = (game.to_string(), format.to_string(), fold(&card));
            if let Some(first) = seen.get(&key) {
                self.diags.push(
                    f.diag(
                        rec,
                        f.column("card").unwrap_or(0),
                        format!("`{card}` is listed twice for {game} {format}"),
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
            });
        }
        self.data.legality.extend(rows);
    }

    fn card_faction(
        &mut self,
        f: &CsvFile,
        rec: &Record,
        game: &str,
    ) -> Result<Option<String>, ()> {
        let col = f.column("faction");
        let faction = f.get(rec, col);
        if faction.is_empty() {
            return Ok(None);
        }
        if game == "karth" && KARTH_PSEUDO_FACTIONS.contains(&faction) {
            return Ok(Some(faction.to_string()));
        }
        if let Some(canonical) = self.faction_index.get(&(game.to_string(), fold(faction))) {
            return Ok(Some(canonical.clone()));
        }
        let mut known: Vec<&str> = self
            .data
            .factions
            .iter()
            .filter(|x| x.game == game)
            .map(|x| x.name.as_str())
            .collect();
        if game == "karth" {
            known.extend(KARTH_PSEUDO_FACTIONS);
        }
        let mut d = f.diag(
            rec,
            col.unwrap_or(0),
            format!("unknown {game} faction `{faction}`"),
        );
        d = match closest(faction, known.iter().copied(), 1).first() {
            Some(best) => d.with_hint(format!(
                "did you mean `{best}`? factions are declared in factions.csv"
            )),
            None => d.with_hint("declare the faction in factions.csv"),
        };
        self.diags.push(d);
        Err(())
    }

    fn card_abilities(
        &mut self,
        f: &CsvFile,
        rec: &Record,
        game: &str,
    ) -> Option<Vec<CardAbility>> {
        let col = f.column("abilities")?;
        let field = f.get(rec, Some(col));
        let items = match ability_list::parse(field) {
            Ok(items) => items,
            Err(e) => {
                self.diags.push(f.diag_at(rec, col, e.offset, e.message));
                return None;
            }
        };
        let mut out = Vec::with_capacity(items.len());
        let mut ok = true;
        let empty = HashMap::new();
        let index = self.keyword_index.get(game).unwrap_or(&empty);
        for item in items {
            let Some(&kw) = index.get(&fold(&item.name)) else {
                let names: Vec<&str> = self
                    .data
                    .keywords
                    .iter()
                    .filter(|k| k.game == game)
                    .flat_map(|k| {
                        std::iter::once(k.name.as_str()).chain(k.aliases.iter().map(String::as_str))
                    })
                    .collect();
                let mut d = f.diag_at(
                    rec,
                    col,
                    item.offset,
                    format!("unknown {game} keyword `{}`", item.name),
                );
                d = match closest(&item.name, names.iter().copied(), 1).first() {
                    Some(best) => d.with_hint(format!("the closest {game} keyword is `{best}`")),
                    None => d.with_hint(format!("{game} keywords are declared in keywords.csv")),
                };
                self.diags.push(d);
                ok = false;
                continue;
            };
            let keyword = &self.data.keywords[kw];
            match (keyword.takes_value, item.value) {
                (true, None) => {
                    self.diags.push(
                        f.diag_at(
                            rec,
                            col,
                            item.offset,
                            format!("`{}` takes a value", keyword.name),
                        )
                        .with_hint(format!(
                            "write it with its number, such as `{} 2`",
                            keyword.name
                        )),
                    );
                    ok = false;
                }
                (false, Some(v)) => {
                    self.diags.push(f.diag_at(
                        rec,
                        col,
                        item.offset,
                        format!("`{}` takes no value, but `{v}` is given", keyword.name),
                    ));
                    ok = false;
                }
                _ => out.push(CardAbility {
                    keyword: keyword.name.clone(),
                    value: item.value,
                }),
            }
        }
        ok.then_some(out)
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
        out.entry(c.game.clone()).or_default().0 += 1;
    }
    for k in &data.keywords {
        out.entry(k.game.clone()).or_default().1 += 1;
    }
    for r in &data.rules {
        out.entry(r.game.clone()).or_default().2 += 1;
    }
    out
}
