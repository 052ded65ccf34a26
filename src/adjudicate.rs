//! Glue between the catalogue and the rules engine: the catalogue as the engine's
//! [`CardSource`], the readable log the CLI prints, and reading what a judge opens (a
//! position, or a step-through's saved state) the same way in the CLI and on the web.
//!
//! The engine knows nothing of the catalogue; this module is the only place the two
//! meet, so the web layer and the CLI adjudicate the same way.

use crate::catalogue::Catalogue;
use crate::games::battleline::position::parse_json;
use crate::games::battleline::{
    Adjudication, CardDef, CardSource, Outcome, Position, PositionError,
};
use serde::{Deserialize, Serialize};

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

/// The `object` of a [`SavedState`].
pub const SAVED_STATE_OBJECT: &str = "adjudication_state";

/// What the step-through downloads as a step's state (`/adjudicate/p/{hash}/{step}/state.json`):
/// the position (with its choices and interpretations) and the step a judge was on.
/// Opened on the web it lands on that step; the CLI plays the position and names the step.
///
/// Decision: not the board after the step as a position. A position starts at the start
/// of a turn, so a board taken mid-turn cannot continue exactly from a position (the
/// turn's start and its plays would run again); the position and the step always can.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedState {
    /// Always [`SAVED_STATE_OBJECT`].
    pub object: String,
    pub position: Position,
    pub step: usize,
}

impl SavedState {
    pub fn new(position: Position, step: usize) -> SavedState {
        SavedState {
            object: SAVED_STATE_OBJECT.into(),
            position,
            step,
        }
    }
}

/// A test fixture of `tests/fixtures/positions/`: what it shows, the sentences it cites,
/// and its position, which is what a judge opening it wants played.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct FixtureFile {
    #[serde(rename = "about")]
    _about: serde::de::IgnoredAny,
    #[serde(rename = "cites", default)]
    _cites: serde::de::IgnoredAny,
    position: Position,
}

/// Reads what a judge opens: a [`SavedState`] (its position and step), a test fixture
/// (`{about, cites, position}`: its position, step 0) or a bare position (step 0). Errors locate the problem in `json` itself (a saved state's position errors
/// have paths under `position`).
pub fn read_opened(json: &str) -> Result<(Position, usize), PositionError> {
    let value = serde_json::from_str::<serde_json::Value>(json).ok();
    let is_state = value
        .as_ref()
        .is_some_and(|v| v.get("object").and_then(|o| o.as_str()) == Some(SAVED_STATE_OBJECT));
    let is_fixture = value.as_ref().is_some_and(|v| {
        v.get("object").is_none() && v.get("about").is_some() && v.get("position").is_some()
    });
    if is_fixture {
        return parse_json::<FixtureFile>(json).map(|f| (f.position, 0));
    }
    if !is_state {
        return Position::from_json(json).map(|p| (p, 0));
    }
    match parse_json::<SavedState>(json) {
        Ok(file) => Ok((file.position, file.step)),
        Err(mut e) => {
            if !e.path.starts_with("position") {
                e.message = format!(
                    "a state file has exactly object, position and step: {}",
                    e.message
                );
            }
            Err(e)
        }
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
            out.push_str(&crate::rules::cite::log_lines(&e.rule, "      "));
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
