//! Synthetic catalogues for benchmarks and scale tests.
//!
//! [`generate`] writes a data directory in the import format with `n` generated cards
//! spread over the five games, reusing the bundled games, keywords, rules and factions so
//! every ability reference resolves. The output depends only on `n` and the seed. It is
//! used by `examples/gen_cards.rs`, the benches and the import tests; nothing at run time
//! depends on it.

use crate::catalogue::csvfile::CsvWriter;
use crate::catalogue::{DataSet, Keyword, CARD_COLUMNS};
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use std::io::{self, Write};
use std::path::Path;

/// What to generate.
#[derive(Debug, Clone)]
pub struct SynthConfig {
    /// Total cards over all games.
    pub cards: usize,
    pub seed: u64,
}

/// Writes a data directory at `out` built from the bundled data `base` (already
/// validated) plus `cfg.cards` generated cards. Card files of `base` are not copied.
pub fn generate(base: &Path, base_data: &DataSet, out: &Path, cfg: &SynthConfig) -> io::Result<()> {
    std::fs::create_dir_all(out.join("cards"))?;
    for f in ["games.csv", "keywords.csv", "rules.csv", "factions.csv"] {
        std::fs::copy(base.join(f), out.join(f))?;
    }
    let mut rng = StdRng::seed_from_u64(cfg.seed);
    let words = vocabulary(base_data);
    // (game, share in percent, header of the game-specific columns)
    let games: [(&str, usize, &[&str]); 5] = [
        ("battleline", 40, &["attack", "life"]),
        ("karth", 30, &["class", "classes", "dual_wield", "movement"]),
        ("swtcg", 10, &["power", "speed", "health"]),
        ("keyforge", 10, &["power", "armor"]),
        ("arcane", 10, &["figures"]),
    ];
    let mut written = 0;
    for (i, (game, share, extra)) in games.iter().enumerate() {
        let n = if i == games.len() - 1 {
            cfg.cards - written
        } else {
            cfg.cards * share / 100
        };
        written += n;
        let keywords: Vec<&Keyword> = base_data
            .keywords
            .iter()
            .filter(|k| k.game == *game)
            .collect();
        let factions: Vec<&str> = base_data
            .factions
            .iter()
            .filter(|f| f.game == *game)
            .map(|f| f.name.as_str())
            .collect();
        let types = card_types(game);
        let file = std::fs::File::create(out.join("cards").join(format!("{game}.csv")))?;
        let mut w = CsvWriter::new(io::BufWriter::new(file));
        let mut header = CARD_COLUMNS.to_vec();
        header.extend_from_slice(extra);
        w.row(&header)?;
        for j in 0..n {
            let name = format!(
                "{} {} {j:06}",
                cap(words.choose(&mut rng).unwrap_or(&"nameless")),
                cap(words.choose(&mut rng).unwrap_or(&"card"))
            );
            let card_type = types.choose(&mut rng).copied().unwrap_or("unit");
            let faction = factions.choose(&mut rng).copied().unwrap_or("");
            let value = rng.random_range(0..8).to_string();
            let k = rng.random_range(0..=3.min(keywords.len()));
            let abilities: Vec<String> = keywords
                .choose_multiple(&mut rng, k)
                .map(|kw| {
                    if kw.takes_value {
                        format!("{} {}", kw.name, rng.random_range(1..4))
                    } else {
                        kw.name.clone()
                    }
                })
                .collect();
            let traits = ["Beast", "Undead", "Warrior", "Templar", "Rider"]
                .choose(&mut rng)
                .copied()
                .unwrap_or("");
            let len = rng.random_range(8..30);
            let text: Vec<&str> = (0..len)
                .map(|_| *words.choose(&mut rng).unwrap_or(&"text"))
                .collect();
            let mut row = vec![
                name,
                card_type.to_string(),
                faction.to_string(),
                value,
                abilities.join("; "),
                traits.to_string(),
                format!("{}.", cap(&text.join(" "))),
            ];
            for col in *extra {
                row.push(match *col {
                    "class" => ["Warrior", "Ranger", "Caster", "Rogue"]
                        .choose(&mut rng)
                        .copied()
                        .unwrap_or("")
                        .to_string(),
                    "classes" | "movement" => String::new(),
                    "dual_wield" => if rng.random_bool(0.2) { "yes" } else { "no" }.to_string(),
                    _ => rng.random_range(0..10).to_string(),
                });
            }
            w.row(&row)?;
        }
        w.finish()?;
    }
    io::stdout().flush()
}

fn card_types(game: &str) -> &'static [&'static str] {
    match game {
        "battleline" => &["creature", "creature", "creature", "warlord"],
        "karth" => &["unit", "item", "spell", "mercenary", "income"],
        "swtcg" => &["unit", "equipment"],
        "keyforge" => &["creature", "artifact", "action"],
        _ => &["unit"],
    }
}

/// Distinct lowercase words of the rules text, for names and text that search can find.
fn vocabulary(data: &DataSet) -> Vec<&str> {
    let mut words: Vec<&str> = data
        .keywords
        .iter()
        .flat_map(|k| k.text.split(|c: char| !c.is_alphabetic()))
        .filter(|w| w.len() >= 4 && w.chars().all(|c| c.is_ascii_lowercase()))
        .collect();
    words.sort_unstable();
    words.dedup();
    words
}

fn cap(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}
