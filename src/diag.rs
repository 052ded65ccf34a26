//! Diagnostics: where an input went wrong and what was expected.
//!
//! Every parser and validator in the crate reports problems as [`Diagnostic`]s, so the CLI,
//! the web pages and the JSON API all print them the same way: `file:line:column: message`
//! with an optional hint. This module only formats; it does not know any input format.

use serde::Serialize;
use std::fmt;

/// The 1-based line of the first byte of `e`'s input that is not UTF-8.
pub fn utf8_error_line(e: &std::string::FromUtf8Error) -> usize {
    let valid = e.utf8_error().valid_up_to();
    e.as_bytes()[..valid]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

/// One problem found in one input, located to the character.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Diagnostic {
    /// The input's name as the user knows it: a path such as `data/cards/karth.csv`,
    /// or a logical name such as `query`.
    pub file: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, counted in characters (not bytes).
    pub column: usize,
    pub message: String,
    /// What would fix it, when that is known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hint: Option<String>,
}

impl Diagnostic {
    pub fn new(
        file: impl Into<String>,
        line: usize,
        column: usize,
        message: impl Into<String>,
    ) -> Self {
        Diagnostic {
            file: file.into(),
            line,
            column,
            message: message.into(),
            hint: None,
        }
    }

    pub fn with_hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}",
            self.file, self.line, self.column, self.message
        )?;
        if let Some(hint) = &self.hint {
            write!(f, "\n  hint: {hint}")?;
        }
        Ok(())
    }
}

/// A list of diagnostics, displayed one per line.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl Diagnostics {
    pub fn push(&mut self, d: Diagnostic) {
        self.0.push(d);
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn iter(&self) -> impl Iterator<Item = &Diagnostic> {
        self.0.iter()
    }
}

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{d}")?;
        }
        Ok(())
    }
}
