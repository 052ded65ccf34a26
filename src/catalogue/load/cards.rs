//! `cards/<game>.csv`: the cards of one game.
//!
//! This file owns the card rows and the per-game conventions they follow (the tables at
//! the top: card types, integer columns, Karth's pseudo-factions): names unique per game,
//! types, the `value` column, attribute columns (numeric when every value is a number),
//! factions resolved against `factions.csv`, and the `abilities` column resolved against
//! `keywords.csv`. The shared header and field checks are in `mod.rs`; the ability
//! grammar is in `crate::grammar`.

use super::{split_list, Columns, Validator};
use crate::catalogue::csvfile::{CsvFile, Record};
use crate::catalogue::model::{
    ArcStr, Attribute, AttributeColumn, Card, CardAbility, CARD_COLUMNS,
};
use crate::grammar::{ability_list, arcane, keyforge, AbilityParse};
use crate::text::{closest, fold};
use std::collections::HashMap;
use std::path::Path;

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

/// An attribute column of a card file: its index, name, and whether every value is a number.
struct AttrCol<'f> {
    index: usize,
    name: &'f str,
    numeric: bool,
}

impl Validator {
    pub(super) fn cards(&mut self, f: &CsvFile, progress: &dyn Fn(u64)) {
        let Some(game) = self.card_file_game(f) else {
            return;
        };
        let game = game.as_str();
        let cols = Columns {
            required: &["name", "type"],
            optional: &CARD_COLUMNS,
        };
        if !self.header(f, &cols, true) {
            return;
        }
        let attrs = self.attribute_columns(f, game);
        let mut factions: HashMap<&str, Option<String>> = HashMap::new();
        let mut names: HashMap<String, &Record> = HashMap::new();
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
            if let Some(card) = self.card(f, rec, game, (name, card_type), &attrs, &mut factions) {
                self.data.cards.push(card);
            }
        }
    }

    /// The game a card file is named after (`cards/<game>.csv`), or a diagnostic.
    fn card_file_game(&mut self, f: &CsvFile) -> Option<String> {
        let stem = Path::new(&f.display)
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        if self.data.games.iter().any(|g| g.slug == stem) {
            return Some(stem);
        }
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
        None
    }

    /// The file's attribute columns (every named column that is not a card column),
    /// recorded in the data set. A column is numeric when every non-empty value parses as
    /// a number.
    fn attribute_columns<'f>(&mut self, f: &'f CsvFile, game: &str) -> Vec<AttrCol<'f>> {
        let attrs: Vec<AttrCol> = f
            .headers
            .iter()
            .enumerate()
            .filter(|(_, h)| !h.is_empty() && !CARD_COLUMNS.contains(&h.as_str()))
            .map(|(index, h)| AttrCol {
                index,
                name: h.as_str(),
                numeric: f
                    .records
                    .iter()
                    .map(|r| f.get(r, Some(index)))
                    .filter(|v| !v.is_empty())
                    .all(|v| v.parse::<f64>().is_ok_and(f64::is_finite)),
            })
            .collect();
        for a in &attrs {
            self.data.attribute_columns.push(AttributeColumn {
                game: game.to_string(),
                name: a.name.to_string(),
                numeric: a.numeric,
            });
        }
        attrs
    }

    /// The card of row `rec` (named `name`, of type `card_type`), or `None` when any of its
    /// fields is wrong (each reported).
    fn card<'f>(
        &mut self,
        f: &CsvFile,
        rec: &'f Record,
        game: &str,
        (name, card_type): (&str, &str),
        attrs: &[AttrCol],
        factions: &mut HashMap<&'f str, Option<String>>,
    ) -> Option<Card> {
        let type_ok = self.check_card_type(f, rec, game, card_type);
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
        let value = self.card_value(f, rec, game);
        let abilities = self.card_abilities(f, rec, game);
        let attributes = self.card_attributes(f, rec, game, attrs);
        let text = f.get(rec, f.column("text")).to_string();
        let text_abilities = text_abilities(game, &text);
        let (true, Ok(faction), Ok(value), Some(abilities), Some(attributes)) =
            (type_ok, faction, value, abilities, attributes)
        else {
            return None;
        };
        Some(Card {
            game: ArcStr::from(game),
            name: ArcStr::from(name),
            card_type: ArcStr::from(card_type),
            faction: faction.map(ArcStr::from),
            value,
            abilities: abilities.into(),
            traits: split_list(f.get(rec, f.column("traits")))
                .into_iter()
                .map(ArcStr::from)
                .collect(),
            text: ArcStr::from(text),
            attributes: attributes.into(),
            text_abilities: text_abilities.into(),
        })
    }

    /// Whether `card_type` is one of the game's types (any type for a game without a list).
    fn check_card_type(&mut self, f: &CsvFile, rec: &Record, game: &str, card_type: &str) -> bool {
        let Some(types) = card_types(game) else {
            return true;
        };
        if types.contains(&card_type) {
            return true;
        }
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
        false
    }

    /// The `value` column: empty, or a whole number ≥ 0; never empty for Karth.
    fn card_value(&mut self, f: &CsvFile, rec: &Record, game: &str) -> Result<Option<i64>, ()> {
        let value_col = f.column("value");
        match f.get(rec, value_col) {
            "" if game == "karth" => {
                self.diags.push(
                    f.diag(
                        rec,
                        value_col.unwrap_or(0),
                        "`value` is empty: every Heroes of Karth card has a gold value",
                    )
                    .with_hint("write 0 for a card printed without a coin"),
                );
                Err(())
            }
            "" => Ok(None),
            v => match v.parse::<i64>() {
                Ok(n) if n >= 0 => Ok(Some(n)),
                _ => {
                    self.diags.push(f.diag(
                        rec,
                        value_col.unwrap_or(0),
                        format!("`value` must be a whole number ≥ 0, found `{v}`"),
                    ));
                    Err(())
                }
            },
        }
    }

    /// The card's filled attributes; `None` when an integer column holds something else
    /// (every such field reported).
    fn card_attributes(
        &mut self,
        f: &CsvFile,
        rec: &Record,
        game: &str,
        attrs: &[AttrCol],
    ) -> Option<Vec<Attribute>> {
        let mut ok = true;
        let mut attributes = Vec::new();
        for a in attrs {
            let v = f.get(rec, Some(a.index));
            if integer_columns(game).contains(&a.name) && !v.is_empty() && v.parse::<i64>().is_err()
            {
                self.diags.push(f.diag(
                    rec,
                    a.index,
                    format!("`{}` must be a whole number, found `{v}`", a.name),
                ));
                ok = false;
                continue;
            }
            if v.is_empty() {
                continue;
            }
            attributes.push(Attribute {
                name: a.name.into(),
                value: v.into(),
                number: if a.numeric { v.parse().ok() } else { None },
            });
        }
        ok.then_some(attributes)
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
                    keyword: keyword.name.as_str().into(),
                    value: item.value,
                }),
            }
        }
        ok.then_some(out)
    }
}

/// The abilities a game's card text holds, read by the game's grammar (KeyForge and Arcane
/// Legions; none for the others).
fn text_abilities(game: &str, text: &str) -> Vec<AbilityParse> {
    match game {
        "keyforge" => keyforge::parse_text(text)
            .into_iter()
            .map(AbilityParse::Keyforge)
            .collect(),
        "arcane" => arcane::parse_text(text)
            .into_iter()
            .map(AbilityParse::Arcane)
            .collect(),
        _ => Vec::new(),
    }
}
