//! Interpretations: every place where a game's words allow two readings.
//!
//! Each is declared once, with [`interpretation!`](crate::interpretation): its key, the
//! question, the sentence behind it, both readings with what each means, and which is
//! the default, and optionally a short label for each reading (else its meaning's first
//! words are its label: pages show a reading by what it means, never by its key). A game lists its interpretations once with
//! [`interpretation_set!`](crate::interpretation_set), which makes the position's
//! `interpretations` object, the table the docs and pages show ([`Readings::TABLE`]), and
//! switching a reading by key ([`Readings::set`]) without a round trip through JSON.
//! Rule code asks the set and cites the reading taken ([`Reading`]); it never decides a
//! reading silently.

use serde::Serialize;

pub use super::cite::Reading;

/// One documented interpretation.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct InterpretationInfo {
    /// The key in `interpretations`.
    pub key: &'static str,
    /// The question the words leave open.
    pub question: &'static str,
    /// The ability or rule whose sentence is ambiguous.
    pub rule: &'static str,
    /// The sentence, verbatim.
    pub sentence: &'static str,
    /// `(value, what it means)`, the default first.
    pub readings: [(&'static str, &'static str); 2],
    /// A short name for people of each reading, the default first, where the declaration
    /// gives one (`as "…"`); otherwise [`InterpretationInfo::label`] takes it from the
    /// meaning's first words.
    pub labels: [Option<&'static str>; 2],
}

/// The most characters a reading's short label has (tested for every game's readings).
pub const LABEL_MAX: usize = 60;

impl InterpretationInfo {
    /// What reading `value` means, in a few words for people (never its key): the
    /// declared label, else the meaning's head (before its first colon, semicolon or full
    /// stop, parentheses left out). An unknown value is itself.
    pub fn label(&self, value: &str) -> String {
        match self.readings.iter().position(|(v, _)| *v == value) {
            Some(i) => match self.labels[i] {
                Some(l) => l.to_string(),
                None => short_label(self.readings[i].1),
            },
            None => value.to_string(),
        }
    }
}

/// The head of a reading's meaning: `Yes` of `Yes (the published rule): …`, `Slot 1 of
/// each player, then slot 2 of each player, and so on` of the sentence itself.
pub fn short_label(meaning: &str) -> String {
    let head = meaning.split(": ").next().unwrap_or(meaning);
    let head = head.split("; ").next().unwrap_or(head);
    let head = head.split(". ").next().unwrap_or(head);
    let mut out = String::new();
    let mut depth = 0usize;
    for ch in head.chars() {
        match ch {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            _ if depth == 0 => out.push(ch),
            _ => {}
        }
    }
    let out = out.replace('`', "").replace("  ", " ");
    out.trim().trim_end_matches('.').trim().to_string()
}

/// A reading that could not be switched: the key or the value is unknown.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReadingError {
    #[error("no interpretation {key:?}; expected one of: {known}")]
    UnknownKey { key: String, known: String },
    #[error("interpretation {key:?} has no reading {value:?}; expected {expected}")]
    UnknownValue {
        key: &'static str,
        value: String,
        expected: String,
    },
}

/// A game's set of interpretations: the reading chosen for each ambiguity.
pub trait Readings: Default + Clone + PartialEq {
    /// Every interpretation, in declaration order.
    const TABLE: &'static [InterpretationInfo];

    /// `(key, chosen value)` for every interpretation, in table order.
    fn chosen(&self) -> Vec<(&'static str, &'static str)>;

    /// Switches interpretation `key` to reading `value`.
    fn set(&mut self, key: &str, value: &str) -> Result<(), ReadingError>;

    /// Only the readings that differ from the default, for compact output.
    fn non_default(&self) -> Vec<(&'static str, &'static str)> {
        self.chosen()
            .into_iter()
            .zip(Self::TABLE)
            .filter(|((_, value), info)| *value != info.readings[0].0)
            .map(|(chosen, _)| chosen)
            .collect()
    }

    /// The table entry of `key`.
    fn info(key: &str) -> Option<&'static InterpretationInfo> {
        Self::TABLE.iter().find(|i| i.key == key)
    }
}

/// The error for an unknown key among `table`'s.
pub fn unknown_key(table: &[InterpretationInfo], key: &str) -> ReadingError {
    ReadingError::UnknownKey {
        key: key.to_string(),
        known: table.iter().map(|i| i.key).collect::<Vec<_>>().join(", "),
    }
}

/// Declares one interpretation: a two-valued enum (the default first) with its key, its
/// table entry (`INFO`), parsing and the [`Reading`] an event cites.
///
/// ```text
/// interpretation!(
///     /// Fade: whether the old slot is left empty.
///     FadeReading: "fade" in "docs/rules/battleline.md" {
///         question: "Does a Fade creature … leave its old slot empty?",
///         rule: "Fade",
///         sentence: "When a creature bearing Fade is in play …",
///         Reorder => "reorder" as "Reordered": "No: the line is reordered …",
///         LeaveGap => "leave_gap": "Yes: …",
///     }
/// );
/// ```
#[macro_export]
macro_rules! interpretation {
    ($(#[$meta:meta])* $name:ident : $key:literal in $doc:expr => {
        question: $question:expr,
        rule: $rule:expr,
        sentence: $sentence:expr,
        $default:ident => $dv:literal $(as $dl:literal)? : $dt:expr,
        $other:ident => $ov:literal $(as $ol:literal)? : $ot:expr $(,)?
    }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
        pub enum $name {
            #[default]
            #[serde(rename = $dv)]
            $default,
            #[serde(rename = $ov)]
            $other,
        }
        impl $name {
            /// The key in `interpretations`.
            pub const KEY: &'static str = $key;
            /// The table entry: question, sentence, readings.
            pub const INFO: $crate::rules::interpret::InterpretationInfo =
                $crate::rules::interpret::InterpretationInfo {
                    key: $key,
                    question: $question,
                    rule: $rule,
                    sentence: $sentence,
                    readings: [($dv, $dt), ($ov, $ot)],
                    labels: [$crate::__reading_label!($($dl)?), $crate::__reading_label!($($ol)?)],
                };
            pub const fn as_str(self) -> &'static str {
                match self {
                    $name::$default => $dv,
                    $name::$other => $ov,
                }
            }
            /// The reading named `value`.
            pub fn parse(value: &str) -> Option<$name> {
                match value {
                    $dv => Some($name::$default),
                    $ov => Some($name::$other),
                    _ => None,
                }
            }
            /// The two readings, the default first, each once for the whole program: an
            /// event carries a reference to one, not a copy.
            const READINGS: [$crate::rules::interpret::Reading; 2] = [
                $crate::rules::interpret::Reading { key: $key, value: $dv, default: true, doc: $doc },
                $crate::rules::interpret::Reading { key: $key, value: $ov, default: false, doc: $doc },
            ];
            /// This reading, for a citation: the key, the value, whether it is the default.
            /// A `const fn`, so a static [`Citation::interpretation`] can name it.
            ///
            /// [`Citation::interpretation`]: $crate::rules::cite::Citation::interpretation
            pub const fn reading(self) -> &'static $crate::rules::interpret::Reading {
                match self {
                    $name::$default => &Self::READINGS[0],
                    $name::$other => &Self::READINGS[1],
                }
            }
        }
    };
}

/// A reading's declared label, if any (for [`interpretation!`]).
#[doc(hidden)]
#[macro_export]
macro_rules! __reading_label {
    () => {
        None
    };
    ($label:literal) => {
        Some($label)
    };
}

/// Declares a game's set of interpretations from its fields, one per interpretation
/// declared with [`interpretation!`]: the serde struct of a position's
/// `interpretations` (every field optional, unknown keys refused) and its [`Readings`].
#[macro_export]
macro_rules! interpretation_set {
    ($(#[$meta:meta])* $set:ident { $($field:ident : $ty:ty),* $(,)? }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
        #[serde(default, deny_unknown_fields)]
        pub struct $set {
            $(pub $field: $ty,)*
        }
        impl $crate::rules::interpret::Readings for $set {
            const TABLE: &'static [$crate::rules::interpret::InterpretationInfo] =
                &[$(<$ty>::INFO),*];
            fn chosen(&self) -> Vec<(&'static str, &'static str)> {
                vec![$((<$ty>::KEY, self.$field.as_str())),*]
            }
            fn set(&mut self, key: &str, value: &str) -> Result<(), $crate::rules::interpret::ReadingError> {
                $(
                    if key == <$ty>::KEY {
                        self.$field = <$ty>::parse(value).ok_or_else(|| {
                            $crate::rules::interpret::ReadingError::UnknownValue {
                                key: <$ty>::KEY,
                                value: value.to_string(),
                                expected: format!("{:?} or {:?}", <$ty>::INFO.readings[0].0, <$ty>::INFO.readings[1].0),
                            }
                        })?;
                        return Ok(());
                    }
                )*
                Err($crate::rules::interpret::unknown_key(Self::TABLE, key))
            }
        }
    };
}
