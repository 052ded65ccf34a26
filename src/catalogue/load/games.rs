//! `games.csv` and `factions.csv`: the declarations the other files name.
//!
//! This file owns the rows of those two files (game slugs, faction names and sides, each
//! declared once); the shared header and field checks are in `mod.rs`, and resolving a
//! card's faction against these declarations is in `cards`.

use super::{Columns, Validator, SLUG};
use crate::catalogue::csvfile::CsvFile;
use crate::catalogue::model::{Faction, Game, Side};
use crate::text::fold;

const GAMES: Columns = Columns {
    required: &["game", "name"],
    optional: &["description", "source"],
};
const FACTIONS: Columns = Columns {
    required: &["game", "faction"],
    optional: &["side"],
};

impl Validator {
    pub(super) fn games(&mut self, f: &CsvFile) {
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

    pub(super) fn factions(&mut self, f: &CsvFile) {
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
}
