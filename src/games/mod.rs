//! The game systems Arbiter adjudicates, one folder each, every one built on the shared
//! adjudication core ([`crate::rules`]), and the registry that picks a game by a
//! position's `game` field ([`which`]) and reads a position as that game ([`read_opened`],
//! [`read_position`]: every problem at once, and a position without `game` that is not
//! battle-line's told so).
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
use serde::de::DeserializeOwned;

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
/// step-through's saved state or a test fixture (`{"position": {...}}`). A `game` no game
/// answers to is an error at path `game` (`position.game` inside a file).
///
/// Text that is not JSON is read as far as it goes ([`scan`]): a `game` met before the
/// syntax error (or before text trailing the document) still picks its game, whose reader
/// then locates the error; text that is JSON but not an object is left to the default
/// game's reader. When the error comes before any `game`, the game cannot be known, and
/// the answer is the located syntax error saying so.
pub fn which(text: &str) -> Result<GameId, PositionError> {
    let scanned = scan(text);
    let known: Vec<&str> = GameId::ALL.iter().map(|g| g.slug()).collect();
    let path = if scanned.nested {
        "position.game"
    } else {
        "game"
    };
    match scanned.game {
        None => match scanned.stopped {
            Some(e) if !scanned.closed => Err(undetermined(text, e)),
            _ => Ok(DEFAULT),
        },
        Some(serde_json::Value::String(slug)) => GameId::from_slug(&slug).ok_or_else(|| {
            let mut e = unknown_game(&slug, &known);
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

/// What a judge opens (a bare position, a fixture or a saved state), read as game `G`
/// ([`crate::rules::position::read_opened`]): every problem at once, and, for a position
/// without `game` read as battle-line that is not one, first the error at `game` saying
/// so and naming the games ([`without_game`]).
pub fn read_opened<G: Game>(text: &str) -> Result<(G::Position, usize), Vec<PositionError>>
where
    G::Position: DeserializeOwned,
{
    crate::rules::position::read_opened::<G>(text).map_err(|e| without_game::<G>(text, e))
}

/// A bare position read as game `G`, every problem at once, as [`read_opened`] tells them.
pub fn read_position<G: Game>(text: &str) -> Result<G::Position, Vec<PositionError>> {
    G::read_position_all(text).map_err(|e| without_game::<G>(text, e))
}

/// `errors`, led by one at `game` when `text` has no `game`, was read as the default
/// game, and reads as another game's position with fewer problems (a position of another
/// game that forgot its `game`): the default game's errors alone would send the judge
/// after the wrong format. A default-game position with mistakes of its own is not told.
fn without_game<G: Game>(text: &str, mut errors: Vec<PositionError>) -> Vec<PositionError> {
    let scanned = scan(text);
    if G::ID != DEFAULT.slug() || scanned.game.is_some() {
        return errors;
    }
    let Ok(mut value) = serde_json::from_str::<serde_json::Value>(text) else {
        return errors;
    };
    let nested = value.get("players").is_none() && value.get("position").is_some();
    let Some((best, problems)) = GameId::ALL
        .iter()
        .filter(|g| **g != DEFAULT)
        .filter_map(|g| Some((*g, problems_as(*g, &mut value, nested)?)))
        .min_by_key(|(_, n)| *n)
        .filter(|(_, n)| *n < errors.len())
    else {
        return errors;
    };
    let known: Vec<&str> = GameId::ALL.iter().map(|g| g.slug()).collect();
    let reads = match problems {
        0 => "it reads as".to_string(),
        n => format!("it reads with fewer problems ({n}) as"),
    };
    errors.insert(
        0,
        PositionError::at(
            if nested { "position.game" } else { "game" },
            format!(
                "no `game` field, so this was read as a {} position (the default); {reads} a \
                 {} position: a position of another game names it in `game`, one of: {}",
                DEFAULT.name(),
                best.name(),
                known.join(", ")
            ),
        ),
    );
    errors
}

/// How many problems `value` has read as game `game`'s position (with `game` set: at
/// the top, or in `position` when `nested`); `None` when it is not an object.
fn problems_as(game: GameId, value: &mut serde_json::Value, nested: bool) -> Option<usize> {
    let position = if nested {
        value.get_mut("position")?
    } else {
        &mut *value
    };
    position
        .as_object_mut()?
        .insert("game".into(), game.slug().into());
    let text = value.to_string();
    fn count<G: Game>(text: &str) -> usize
    where
        G::Position: DeserializeOwned,
    {
        crate::rules::position::read_opened::<G>(text).map_or_else(|e| e.len(), |_| 0)
    }
    Some(match game {
        GameId::Battleline => count::<battleline::Battleline>(&text),
        GameId::Swtcg => count::<swtcg::Swtcg>(&text),
        GameId::Keyforge => count::<keyforge::Keyforge>(&text),
        GameId::Arcane => count::<arcane::Arcane>(&text),
        GameId::Karth => count::<karth::Karth>(&text),
    })
}

/// The syntax error that stopped [`scan`] before it met a `game`, located as a reader
/// locates it (line, column and the JSON path it was in), saying which game could not be
/// told.
fn undetermined(text: &str, e: serde_json::Error) -> PositionError {
    let mut located = crate::rules::position::parse_json::<serde_json::Value>(text)
        .err()
        .unwrap_or_else(|| PositionError {
            path: String::new(),
            line: Some(e.line()),
            column: Some(e.column()),
            message: crate::rules::position::strip_serde_location(&e.to_string()),
        });
    located.message = format!(
        "{}; the game could not be told: this comes before any `game` field (a position \
         without one is battle-line)",
        located.message
    );
    located
}

/// What [`scan`] read of a document's `game` before it stopped.
struct Scanned {
    /// The `game` (or, in a saved state or fixture, `position.game`) met, if any.
    game: Option<serde_json::Value>,
    /// Whether `game` came from `position.game`.
    nested: bool,
    /// Whether the top-level value was read to its end (an object or not).
    closed: bool,
    /// The syntax or trailing-text error that stopped the reading.
    stopped: Option<serde_json::Error>,
}

/// Reads `text` as JSON as far as it goes, keeping the top-level `game` and
/// `position.game` met on the way (serde_json's own depth limit bounds the nesting).
fn scan(text: &str) -> Scanned {
    let mut found = Found::default();
    let de = &mut serde_json::Deserializer::from_str(text);
    let read = serde::de::DeserializeSeed::deserialize(
        Keys {
            found: &mut found,
            top: true,
        },
        &mut *de,
    );
    let (closed, stopped) = match read {
        Ok(()) => (true, de.end().err()),
        Err(e) => (false, Some(e)),
    };
    // As for a whole document: `position` wraps the position unless `players` says the
    // document is a position itself.
    let (game, nested) = match (found.nested, found.top) {
        (Some(inner), _) if !found.players => (Some(inner), true),
        (_, top) => (top, false),
    };
    Scanned {
        game,
        nested,
        closed,
        stopped,
    }
}

/// The keys [`Keys`] met.
#[derive(Default)]
struct Found {
    top: Option<serde_json::Value>,
    nested: Option<serde_json::Value>,
    players: bool,
}

/// A value read through, keeping the keys [`which`] needs: at the top level `game`,
/// `players` and `position`'s; inside `position`, `game` only.
struct Keys<'a> {
    found: &'a mut Found,
    top: bool,
}

impl<'de> serde::de::DeserializeSeed<'de> for Keys<'_> {
    type Value = ();
    fn deserialize<D: serde::Deserializer<'de>>(self, de: D) -> Result<(), D::Error> {
        de.deserialize_any(self)
    }
}

impl<'de> serde::de::Visitor<'de> for Keys<'_> {
    type Value = ();
    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        use serde::de::IgnoredAny;
        while let Some(key) = map.next_key::<std::borrow::Cow<'de, str>>()? {
            match (self.top, key.as_ref()) {
                (true, "game") => self.found.top = Some(map.next_value()?),
                (false, "game") => self.found.nested = Some(map.next_value()?),
                (true, "players") => {
                    self.found.players = true;
                    map.next_value::<IgnoredAny>()?;
                }
                (true, "position") => map.next_value_seed(Keys {
                    found: &mut *self.found,
                    top: false,
                })?,
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(())
    }
    // Any other value is read through: not an object, it is left to the game's reader.
    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, seq: A) -> Result<(), A::Error> {
        serde::de::IgnoredAny.visit_seq(seq).map(|_| ())
    }
    fn visit_bool<E>(self, _: bool) -> Result<(), E> {
        Ok(())
    }
    fn visit_i64<E>(self, _: i64) -> Result<(), E> {
        Ok(())
    }
    fn visit_u64<E>(self, _: u64) -> Result<(), E> {
        Ok(())
    }
    fn visit_f64<E>(self, _: f64) -> Result<(), E> {
        Ok(())
    }
    fn visit_str<E>(self, _: &str) -> Result<(), E> {
        Ok(())
    }
    fn visit_unit<E>(self) -> Result<(), E> {
        Ok(())
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
        assert_eq!(which("[1, 2]"), Ok(DEFAULT));
        let e = which(r#"{"game": "chess"}"#).unwrap_err();
        assert_eq!(e.path, "game");
        assert!(e.message.contains("\"chess\"") && e.message.contains("battleline"));
        let e = which(r#"{"object": "adjudication_state", "position": {"game": "go"}, "step": 1}"#)
            .unwrap_err();
        assert_eq!(e.path, "position.game");
        let e = which(r#"{"game": 7}"#).unwrap_err();
        assert!(e.message.contains("as a string"), "{e}");
    }

    #[test]
    fn which_reads_the_game_of_a_document_that_does_not_parse() {
        // Trailing text, a syntax error after `game`, and one inside a saved state.
        assert_eq!(which("{\"game\": \"keyforge\"} x"), Ok(GameId::Keyforge));
        assert_eq!(
            which("{\"game\": \"arcane\",\n \"units\": [1,,]}"),
            Ok(GameId::Arcane)
        );
        assert_eq!(
            which(r#"{"object": "adjudication_state", "position": {"game": "karth", "x": }"#),
            Ok(GameId::Karth)
        );
        assert_eq!(which(r#"{"game": "chess", "#).unwrap_err().path, "game");
        // A complete battle-line position (no `game`) with text after it is battle-line's.
        assert_eq!(which(r#"{"players": []} trailing"#), Ok(DEFAULT));
        // An error before any `game`: which game cannot be told, and the answer says so.
        for text in ["not json", "{\"units\": [1,,], \"game\": \"swtcg\"}"] {
            let e = which(text).unwrap_err();
            assert!(e.line.is_some() && e.column.is_some(), "{e:?}");
            assert!(e.message.contains("game could not be told"), "{e}");
        }
        // ... with the path it was in, as the game's own reader would give it.
        let e = which("{\n  \"seed\": 1,\n  \"turns\": x\n}").unwrap_err();
        assert_eq!(
            (e.path.as_str(), e.line, e.column),
            ("turns", Some(3), Some(12))
        );
    }
}
