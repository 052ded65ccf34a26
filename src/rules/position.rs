//! What every game's position format shares: a located [`PositionError`], reading JSON
//! within the byte cap with every error at its JSON path, line and column
//! ([`parse_json`]), reading which game a position is for ([`game_of`]), and reading what a
//! judge opens ([`read_opened`]: a bare position, a fixture, or a saved state and its step).

use serde::{Deserialize, Serialize};

/// Bytes of position JSON, for every game.
pub const JSON_BYTES: usize = 64 * 1024;

/// A problem in a position, with where it is.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize)]
#[error("{}{message}", location(.path, .line, .column))]
pub struct PositionError {
    /// JSON path (`players[1].line[2].abilities[0]`), empty for the whole document.
    pub path: String,
    /// 1-based line and column in the JSON text, for syntax and shape errors.
    pub line: Option<usize>,
    pub column: Option<usize>,
    pub message: String,
}

fn location(path: &str, line: &Option<usize>, column: &Option<usize>) -> String {
    match (path.is_empty(), line, column) {
        (false, Some(l), Some(c)) => format!("{l}:{c}: {path}: "),
        (true, Some(l), Some(c)) => format!("{l}:{c}: "),
        (false, _, _) => format!("{path}: "),
        (true, _, _) => String::new(),
    }
}

impl PositionError {
    /// A problem at JSON path `path` (empty for the whole document).
    pub fn at(path: impl Into<String>, message: impl Into<String>) -> PositionError {
        PositionError {
            path: path.into(),
            line: None,
            column: None,
            message: message.into(),
        }
    }
}

/// Reads JSON `text` holding a position (a [`Position`], or a document with one inside,
/// such as the step-through's saved state) within the position's byte cap. Errors give
/// the JSON path and the line and column in `text`.
pub fn parse_json<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, PositionError> {
    if text.len() > JSON_BYTES {
        return Err(PositionError::at(
            "",
            format!(
                "the position is {} bytes; the limit is {} bytes",
                text.len(),
                JSON_BYTES
            ),
        ));
    }
    let de = &mut serde_json::Deserializer::from_str(text);
    let value = serde_path_to_error::deserialize(&mut *de).map_err(|e| {
        // serde_path_to_error writes `?` for a key it could not read (a syntax error where
        // a key was due): the path is the object's.
        let path = e.path().to_string();
        let path = path.trim_end_matches('?').trim_end_matches('.');
        let inner = e.into_inner();
        PositionError {
            path: path.to_string(),
            line: Some(inner.line()),
            column: Some(inner.column()),
            message: strip_serde_location(&inner.to_string()),
        }
    })?;
    // Only white space may follow the document: `{…} garbage` or a second object is an
    // error at the first character after it.
    de.end().map_err(|e| PositionError {
        path: String::new(),
        line: Some(e.line()),
        column: Some(e.column()),
        message: "unexpected text after the end of the position; expected nothing but white space after its closing `}`".into(),
    })?;
    Ok(value)
}

/// [`parse_json`] with every shape error at once ([`super::shapes`]), each at its JSON
/// path, line and column, in the order of the text. A syntax error (or text after the
/// document, or a text over the cap) stops the reading there: it is the only error.
pub fn parse_json_all<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, Vec<PositionError>> {
    let first = match parse_json(text) {
        Ok(value) => return Ok(value),
        Err(e) => e,
    };
    let Ok(value) = serde_json::from_str::<serde_json::Value>(text) else {
        return Err(vec![first]);
    };
    if text.len() > JSON_BYTES {
        return Err(vec![first]);
    }
    let mut errors: Vec<PositionError> = super::shapes::every_error::<T>(text, &value)
        .into_iter()
        .map(|e| PositionError {
            path: e.path,
            line: e.line,
            column: e.column,
            message: strip_serde_location(&e.message),
        })
        .collect();
    // The first error as the text is read always leads: found the same way as ever, it
    // is where a reader stopped before.
    errors.retain(|e| (&e.path, &e.message) != (&first.path, &first.message));
    errors.insert(0, first);
    Err(errors)
}

/// serde_json appends " at line L column C"; the location is reported separately.
pub(crate) fn strip_serde_location(msg: &str) -> String {
    match msg.rfind(" at line ") {
        Some(i) => msg[..i].to_string(),
        None => msg.to_string(),
    }
}

/// The `game` field of position JSON `text` (`None` when absent), read before the
/// game's own format: which game reads the rest. Shape errors are located as
/// [`parse_json`]'s are.
pub fn game_of(text: &str) -> Result<Option<String>, PositionError> {
    #[derive(Deserialize)]
    struct Peek {
        #[serde(default)]
        game: Option<String>,
    }
    parse_json::<Peek>(text).map(|p| p.game)
}

/// The error for a `game` no game system answers to.
pub fn unknown_game(game: &str, known: &[&str]) -> PositionError {
    PositionError::at(
        "game",
        format!(
            "no game system {game:?}; expected one of: {}",
            known.join(", ")
        ),
    )
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
pub struct SavedState<P> {
    /// Always [`SAVED_STATE_OBJECT`].
    pub object: String,
    pub position: P,
    pub step: usize,
}

impl<P> SavedState<P> {
    pub fn new(position: P, step: usize) -> SavedState<P> {
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
struct FixtureFile<P> {
    #[serde(rename = "about")]
    _about: serde::de::IgnoredAny,
    #[serde(rename = "cites", default)]
    _cites: serde::de::IgnoredAny,
    position: P,
}

/// Reads what a judge opens: a [`SavedState`] (its position and step), a test fixture
/// (`{about, cites, position}`: its position, step 0) or a bare position (step 0). Every
/// problem at once, each located in `json` itself (a saved state's position errors have
/// paths under `position`).
pub fn read_opened<G: crate::rules::Game>(
    json: &str,
) -> Result<(G::Position, usize), Vec<PositionError>>
where
    G::Position: serde::de::DeserializeOwned,
{
    let value = serde_json::from_str::<serde_json::Value>(json).ok();
    let is_state = value
        .as_ref()
        .is_some_and(|v| v.get("object").and_then(|o| o.as_str()) == Some(SAVED_STATE_OBJECT));
    let is_fixture = value.as_ref().is_some_and(|v| {
        v.get("object").is_none() && v.get("about").is_some() && v.get("position").is_some()
    });
    if is_fixture {
        return parse_json_all::<FixtureFile<G::Position>>(json).map(|f| (f.position, 0));
    }
    if !is_state {
        return G::read_position_all(json).map(|p| (p, 0));
    }
    parse_json_all::<SavedState<G::Position>>(json)
        .map(|file| (file.position, file.step))
        .map_err(|errors| {
            let state = |mut e: PositionError| {
                if !e.path.starts_with("position") {
                    e.message = format!(
                        "a state file has exactly object, position and step: {}",
                        e.message
                    );
                }
                e
            };
            errors.into_iter().map(state).collect()
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Doc {
        units: Vec<u32>,
        turns: u32,
    }

    #[test]
    fn every_shape_error_at_once_but_a_syntax_error_alone() {
        let e = parse_json_all::<Doc>("{\"units\": [1, \"x\"],\n \"turns\": -1, \"z\": 0}")
            .unwrap_err();
        let paths: Vec<&str> = e.iter().map(|e| e.path.as_str()).collect();
        assert_eq!(paths, ["units[1]", "turns", "z"], "{e:?}");
        assert_eq!((e[1].line, e[2].line), (Some(2), Some(2)), "{e:?}");
        let e = parse_json_all::<Doc>("{\"units\": [1,], \"turns\": \"x\"}").unwrap_err();
        assert_eq!(e.len(), 1, "{e:?}");
        assert!(e[0].message.contains("trailing comma"), "{e:?}");
    }
}
