//! Seed 002's keyword definition grammar (Star Wars TCG glossary).
//!
//! Every definition opens the same way:
//! `Name [X]: [\[Param\]:] A|An <stacking>, <kind> ability|effect [on <what>]
//! [triggered|activated|played] [during|by] <timing> that means, "…"`.
//! For example `Deflect X: A layered ability activated during the damage prevention POP
//! that means, …`. [`parse`] returns `None` for text not written in that shape (seed 002
//! explains Accuracy only in passing, so its entry has no definition to parse).

use regex::Regex;
use serde::{Deserialize, Serialize};
use std::sync::LazyLock;

/// The four stacking kinds seed 002 names.
pub const STACKING: [&str; 4] = ["isolated", "cumulative", "layered", "selective"];
/// The three ability kinds seed 002 names.
pub const KINDS: [&str; 3] = ["static", "triggered", "activated"];

/// What a seed 002 definition says about its keyword.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SwtcgDefinition {
    /// The keyword as the definition names it.
    pub name: String,
    /// `true` for `Name X:`; the keyword then takes a value.
    pub takes_x: bool,
    /// A bracketed parameter such as `[Effect]` or `[List]`, without brackets.
    pub parameter: Option<String>,
    /// isolated / cumulative / layered / selective.
    pub stacking: Option<String>,
    /// static / triggered / activated.
    pub kind: Option<String>,
    /// `ability` or `effect`, as the definition calls itself.
    pub noun: String,
    /// What it is on, for `… effect on Equipment …`.
    pub on: Option<String>,
    /// The POP or step it happens in, without the article and the trailing `POP`:
    /// `damage prevention`, `build step`, `initial dice roll`.
    pub timing: Option<String>,
    /// The quoted meaning that follows `that means`.
    pub meaning: String,
}

static HEAD: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r#"^(?P<name>[^:\[\]\n]{1,40}?)(?: (?P<x>X))?:(?: \[(?P<param>[^\]]+)\]:)? (?:A|An) (?P<desc>.+?) that means,? (?P<meaning>.*)$"#,
    )
    .expect("static regex")
});
static DESC: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"^(?P<adj>.*?)\s*\b(?P<noun>ability|effect)\b(?: on (?P<on>\w+))?(?: (?P<part>triggered|activated|played))?(?: (?:during|by) (?P<timing>.+))?$",
    )
    .expect("static regex")
});

/// Reads one definition; `None` when the text is not in seed 002's shape.
pub fn parse(text: &str) -> Option<SwtcgDefinition> {
    let text = text.trim();
    let head = HEAD.captures(text)?;
    let desc = DESC.captures(&head["desc"])?;
    let mut stacking = None;
    let mut kind = None;
    for word in desc["adj"].split([',', ' ']).filter(|w| !w.is_empty()) {
        let word = word.to_ascii_lowercase();
        if STACKING.contains(&word.as_str()) {
            stacking = Some(word);
        } else if KINDS.contains(&word.as_str()) {
            kind = Some(word);
        } else {
            return None;
        }
    }
    if let Some(part) = desc.name("part") {
        if KINDS.contains(&part.as_str()) && kind.is_none() {
            kind = Some(part.as_str().to_string());
        }
    }
    let timing = desc.name("timing").map(|t| {
        let t = t.as_str().trim();
        let t = t
            .strip_prefix("the ")
            .or_else(|| t.strip_prefix("a "))
            .unwrap_or(t);
        t.strip_suffix(" POP").unwrap_or(t).to_string()
    });
    let meaning = head["meaning"].trim();
    Some(SwtcgDefinition {
        name: head["name"].trim().to_string(),
        takes_x: head.name("x").is_some(),
        parameter: head.name("param").map(|p| p.as_str().to_string()),
        stacking,
        kind,
        noun: desc["noun"].to_string(),
        on: desc.name("on").map(|o| o.as_str().to_string()),
        timing,
        meaning: meaning.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    // seed 002 Deflect: "Deflect X: A layered ability activated during the damage prevention POP that means, …"
    #[test]
    fn deflect_is_layered_activated_damage_prevention() {
        let d = parse("Deflect X: A layered ability activated during the damage prevention POP that means, \"Prevent X damage to this unit.\"").unwrap();
        assert_eq!(d.name, "Deflect");
        assert!(d.takes_x);
        assert_eq!(d.stacking.as_deref(), Some("layered"));
        assert_eq!(d.kind.as_deref(), Some("activated"));
        assert_eq!(d.timing.as_deref(), Some("damage prevention"));
    }

    // seed 002 Armor: "Armor: An isolated, static ability that means, …"
    #[test]
    fn armor_is_isolated_static_without_timing() {
        let d = parse("Armor: An isolated, static ability that means, \"This unit can only be hit on a roll of 5 or more.\"").unwrap();
        assert!(!d.takes_x);
        assert_eq!(
            (d.stacking.as_deref(), d.kind.as_deref(), d.timing),
            (Some("isolated"), Some("static"), None)
        );
    }

    // seed 002 Foresight: "Foresight: [Effect]: A static, layered effect that means, …" (adjectives swapped)
    #[test]
    fn bracket_parameter_and_swapped_adjectives() {
        let d = parse("Foresight: [Effect]: A static, layered effect that means, \"Whenever …\"")
            .unwrap();
        assert_eq!(d.parameter.as_deref(), Some("Effect"));
        assert_eq!(d.noun, "effect");
        assert_eq!(d.stacking.as_deref(), Some("layered"));
        assert_eq!(d.kind.as_deref(), Some("static"));
    }

    // seed 002 Equip: "Equip: A selective effect on Equipment activated during the build step that means, …"
    #[test]
    fn equip_is_on_equipment_during_build_step() {
        let d = parse("Equip: A selective effect on Equipment activated during the build step that means, \"Attach this Equipment to a unit.\"").unwrap();
        assert_eq!(d.on.as_deref(), Some("Equipment"));
        assert_eq!(d.kind.as_deref(), Some("activated"));
        assert_eq!(d.timing.as_deref(), Some("build step"));
    }

    // seed 002 Fury: "Fury X: A cumulative ability triggered by the initial dice roll that means, …"
    #[test]
    fn fury_is_triggered_by_initial_roll() {
        let d = parse("Fury X: A cumulative ability triggered by the initial dice roll that means, \"When you roll…\"").unwrap();
        assert_eq!(d.kind.as_deref(), Some("triggered"));
        assert_eq!(d.timing.as_deref(), Some("initial dice roll"));
    }

    // seed 002 Double Damage: "An isolated, static ability played during the damage placement POP"
    #[test]
    fn played_during_keeps_static_kind() {
        let d = parse("Double Damage: An isolated, static ability played during the damage placement POP that means, \"Put 1…\"").unwrap();
        assert_eq!(d.kind.as_deref(), Some("static"));
        assert_eq!(d.timing.as_deref(), Some("damage placement"));
    }

    #[test]
    fn passing_mention_is_not_a_definition() {
        assert_eq!(parse("It doesn’t modify the die roll like Accuracy."), None);
        assert_eq!(parse(""), None);
        assert_eq!(parse("X: A purple ability that means nothing"), None);
        // A name never spans lines.
        assert_eq!(
            parse("Accuracy.\n\nINSERT: A layered, static ability that means, \"…\""),
            None
        );
    }
}
