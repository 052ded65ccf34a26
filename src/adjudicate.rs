//! Glue between the catalogue and the rules engine: the catalogue as the engine's
//! [`CardSource`], and the readable log the CLI prints.
//!
//! The engine knows nothing of the catalogue; this module is the only place the two
//! meet, so the web layer and the CLI adjudicate the same way.

use crate::catalogue::Catalogue;
use crate::engine::{Adjudication, CardDef, CardSource, Outcome, PositionError};

/// The game slug of seed 000.
pub const GAME: &str = "battleline";

/// The catalogue's battle-line cards, seen by the engine.
pub struct CatalogueCards<'a>(pub &'a Catalogue);

impl CardSource for CatalogueCards<'_> {
    fn card(&self, name: &str) -> Option<CardDef> {
        let card = self.0.card(GAME, name)?;
        let number = |col: &str| {
            card.attribute(col)
                .and_then(|a| a.number)
                .map(|n| n as i32)
                .unwrap_or(0)
        };
        Some(CardDef {
            name: card.name.clone(),
            card_type: card.card_type.clone(),
            attack: number("attack"),
            life: number("life"),
            abilities: card.abilities.iter().map(|a| a.label()).collect(),
            traits: card.traits.clone(),
        })
    }

    fn suggest(&self, name: &str) -> Option<String> {
        let names = self
            .0
            .data()
            .cards
            .iter()
            .filter(|c| c.game == GAME)
            .map(|c| c.name.as_str());
        crate::text::closest(name, names, 1)
            .first()
            .map(|s| s.to_string())
    }
}

/// Every position error, one per line.
pub fn errors_text(file: &str, errors: &[PositionError]) -> String {
    errors.iter().map(|e| format!("{file}: {e}\n")).collect()
}

/// The adjudication as a readable log: each step with its phase, each event with the
/// rule it cites.
pub fn log_text(adj: &Adjudication) -> String {
    let mut out = String::new();
    for step in &adj.steps {
        out.push_str(&format!(
            "step {} · turn {} · {}\n",
            step.n,
            step.turn,
            step.phase.label()
        ));
        for e in &step.events {
            out.push_str(&format!("  {}\n", e.text));
            let source = match e.rule.source {
                crate::engine::cite::Source::Seed => format!("seed 000 §{}", e.rule.section),
                crate::engine::cite::Source::House => {
                    format!("docs/rules/battleline.md {}", e.rule.section)
                }
            };
            out.push_str(&format!(
                "      {} ({source}): \"{}\"\n",
                e.rule.rule, e.rule.sentence
            ));
        }
    }
    let f = &adj.final_position;
    out.push_str(&format!(
        "\nresult: {}\n",
        match &adj.outcome {
            Outcome::Win { winner, .. } => format!("{} wins", f.players[*winner].name),
            Outcome::Draw => "draw".to_string(),
            Outcome::TurnsPlayed => "the turns ran out".to_string(),
            Outcome::StepBound => "step bound reached".to_string(),
            Outcome::BadChoice { chance, slot, .. } =>
                format!("stopped: the choice for chance {chance} (slot {slot}) is not a candidate"),
        }
    ));
    for p in &f.players {
        let line: Vec<String> = p
            .line
            .iter()
            .enumerate()
            .map(|(i, c)| match c {
                None => format!("{}: empty", i + 1),
                Some(c) => format!(
                    "{}: {} {}/{}{}",
                    i + 1,
                    c.card.as_deref().or(c.name.as_deref()).unwrap_or("?"),
                    c.attack.unwrap_or(0),
                    c.life.unwrap_or(0),
                    if c.damage > 0 {
                        format!(" ({} damage)", c.damage)
                    } else {
                        String::new()
                    }
                ),
            })
            .collect();
        out.push_str(&format!(
            "{}: life {}; line: {}\n",
            p.name,
            p.life,
            if line.is_empty() {
                "empty".to_string()
            } else {
                line.join(", ")
            }
        ));
    }
    out
}
