//! The game systems Arbiter adjudicates, one folder each, every one built on the shared
//! adjudication core ([`crate::rules`]), and the registry that picks a game by a
//! position's `game` field ([`which`]).
//!
//! Only a game's own folder knows its types. A game imports the core, [`crate::grammar`]
//! and [`crate::text`], never another game; the core imports no game. The catalogue
//! adapter (`crate::adjudicate`) is the one place a game meets the catalogue.

pub mod arcane;
pub mod battleline;
pub mod karth;
pub mod keyforge;
pub mod swtcg;

use crate::rules::position::{unknown_game, PositionError};
use crate::rules::Game;

/// A game system Arbiter ships.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameId {
    /// Seed 000: the battle-line card game.
    Battleline,
    /// Seed 002: the Star Wars TCG attack resolver.
    Swtcg,
    /// Seed 003: KeyForge's ability types.
    Keyforge,
    /// Seed 004: Arcane Legions special abilities.
    Arcane,
    /// Seed 001: Heroes of Karth play legality.
    Karth,
}

impl GameId {
    /// Every game, in the order pages list them.
    pub const ALL: &'static [GameId] = &[
        GameId::Battleline,
        GameId::Swtcg,
        GameId::Keyforge,
        GameId::Arcane,
        GameId::Karth,
    ];

    /// The slug in a position's `game` field.
    pub fn slug(self) -> &'static str {
        match self {
            GameId::Battleline => battleline::Battleline::ID,
            GameId::Swtcg => swtcg::Swtcg::ID,
            GameId::Keyforge => keyforge::Keyforge::ID,
            GameId::Arcane => arcane::Arcane::ID,
            GameId::Karth => karth::Karth::ID,
        }
    }

    /// The game's name for pages.
    pub fn name(self) -> &'static str {
        match self {
            GameId::Battleline => battleline::Battleline::NAME,
            GameId::Swtcg => swtcg::Swtcg::NAME,
            GameId::Keyforge => keyforge::Keyforge::NAME,
            GameId::Arcane => arcane::Arcane::NAME,
            GameId::Karth => karth::Karth::NAME,
        }
    }

    /// The game whose slug is `slug`.
    pub fn from_slug(slug: &str) -> Option<GameId> {
        GameId::ALL.iter().copied().find(|g| g.slug() == slug)
    }
}

/// The game a position without a `game` field is read as: battle-line, the first game
/// Arbiter adjudicated, so that every position written before there were several still
/// reads as it did.
pub const DEFAULT: GameId = GameId::Battleline;

/// Which game reads `text`: a position's `game`, or the `game` of the position inside a
/// step-through's saved state or a test fixture (`{"position": {...}}`). Text that is
/// not a JSON object is left to the default game's reader, which locates the error; a
/// `game` no game answers to is an error at path `game` (`position.game` inside a file).
pub fn which(text: &str) -> Result<GameId, PositionError> {
    let Ok(serde_json::Value::Object(doc)) = serde_json::from_str::<serde_json::Value>(text) else {
        return Ok(DEFAULT);
    };
    let (game, path) = match doc.get("position") {
        Some(inner) if doc.get("players").is_none() => (inner.get("game"), "position.game"),
        _ => (doc.get("game"), "game"),
    };
    let known: Vec<&str> = GameId::ALL.iter().map(|g| g.slug()).collect();
    match game {
        None => Ok(DEFAULT),
        Some(serde_json::Value::String(slug)) => GameId::from_slug(slug).ok_or_else(|| {
            let mut e = unknown_game(slug, &known);
            e.path = path.into();
            e
        }),
        Some(other) => Err(PositionError::at(
            path,
            format!(
                "`game` is {other}; expected a game's name as a string, one of: {}",
                known.join(", ")
            ),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn which_reads_the_game_field_wherever_the_position_is() {
        assert_eq!(which(r#"{"players": []}"#), Ok(GameId::Battleline));
        assert_eq!(which(r#"{"game": "battleline"}"#), Ok(GameId::Battleline));
        assert_eq!(
            which(r#"{"game": "swtcg", "units": []}"#),
            Ok(GameId::Swtcg)
        );
        assert_eq!(
            which(r#"{"about": "x", "position": {"game": "swtcg"}}"#),
            Ok(GameId::Swtcg)
        );
        assert_eq!(which("not json"), Ok(DEFAULT));
        let e = which(r#"{"game": "chess"}"#).unwrap_err();
        assert_eq!(e.path, "game");
        assert!(e.message.contains("\"chess\"") && e.message.contains("battleline"));
        let e = which(r#"{"object": "adjudication_state", "position": {"game": "go"}, "step": 1}"#)
            .unwrap_err();
        assert_eq!(e.path, "position.game");
        let e = which(r#"{"game": 7}"#).unwrap_err();
        assert!(e.message.contains("as a string"), "{e}");
    }
}
