//! Seed 003's ability types (KeyForge glossary, "Ability").
//!
//! An ability line starts with a bold precursor, `Play:`, `Fight:`, `Reap:`, `Action:` or
//! `Omni:`, or a combination such as `Play/Fight/Reap:`. Seed 003: "If a card has an
//! ability that does not have a boldfaced precursor, the ability is a constant ability".

use serde::{Deserialize, Serialize};

/// The six ability types of seed 003.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AbilityType {
    Action,
    Constant,
    Fight,
    Play,
    Reap,
    Omni,
}

impl AbilityType {
    pub const ALL: [AbilityType; 6] = [
        AbilityType::Action,
        AbilityType::Constant,
        AbilityType::Fight,
        AbilityType::Play,
        AbilityType::Reap,
        AbilityType::Omni,
    ];

    /// The type's name as seed 003 prints it (`Reap`).
    pub fn as_str(self) -> &'static str {
        match self {
            AbilityType::Action => "Action",
            AbilityType::Constant => "Constant",
            AbilityType::Fight => "Fight",
            AbilityType::Play => "Play",
            AbilityType::Reap => "Reap",
            AbilityType::Omni => "Omni",
        }
    }

    fn precursor(word: &str) -> Option<AbilityType> {
        match word.trim() {
            "Play" => Some(AbilityType::Play),
            "Fight" => Some(AbilityType::Fight),
            "Reap" => Some(AbilityType::Reap),
            "Action" => Some(AbilityType::Action),
            "Omni" => Some(AbilityType::Omni),
            _ => None,
        }
    }
}

/// One ability line of a KeyForge card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct KeyforgeAbility {
    /// The precursors, in printed order; `[Constant]` when there is none.
    pub types: Vec<AbilityType>,
    /// The text after the precursor.
    pub effect: String,
}

/// Reads one ability line.
pub fn parse_line(line: &str) -> KeyforgeAbility {
    let line = line.trim();
    if let Some((head, effect)) = line.split_once(':') {
        let types: Option<Vec<AbilityType>> = head.split('/').map(AbilityType::precursor).collect();
        if let Some(types) = types.filter(|t| !t.is_empty()) {
            return KeyforgeAbility {
                types,
                effect: effect.trim().to_string(),
            };
        }
    }
    KeyforgeAbility {
        types: vec![AbilityType::Constant],
        effect: line.to_string(),
    }
}

/// Reads a card's text, one ability per non-empty line.
pub fn parse_text(text: &str) -> Vec<KeyforgeAbility> {
    super::parse_lines(text, parse_line)
}

#[cfg(test)]
mod tests {
    use super::*;

    // seed 003: "Horseman of Pestilence has Play, Fight, and Reap abilities."
    #[test]
    fn combined_precursors() {
        let a = parse_line("Play/Fight/Reap: Deal 1 damage to each non-Horseman creature.");
        assert_eq!(
            a.types,
            vec![AbilityType::Play, AbilityType::Fight, AbilityType::Reap]
        );
        assert_eq!(a.effect, "Deal 1 damage to each non-Horseman creature.");
    }

    // seed 003 Constant: "If a card has an ability that does not have a boldfaced precursor, the ability is a constant ability"
    #[test]
    fn no_precursor_is_constant() {
        assert_eq!(parse_line("Elusive.").types, vec![AbilityType::Constant]);
        // A colon that is not a precursor does not make one.
        assert_eq!(
            parse_line("Note: this is constant.").types,
            vec![AbilityType::Constant]
        );
    }

    // seed 003: "Mack the Knife has both an Action ability (Deal 1 damage...) and two Constant abilities"
    #[test]
    fn mack_the_knife_has_action_and_two_constants() {
        let text = "Elusive.\nYou may use Mack the Knife as if it belonged to the active house.\nAction: Deal 1 damage to a creature.";
        let kinds: Vec<_> = parse_text(text).into_iter().map(|a| a.types).collect();
        assert_eq!(
            kinds,
            vec![
                vec![AbilityType::Constant],
                vec![AbilityType::Constant],
                vec![AbilityType::Action]
            ]
        );
    }

    // seed 003: "Mighty Javelin has the Omni ability"
    #[test]
    fn omni() {
        assert_eq!(
            parse_line("Omni: Sacrifice Mighty Javelin.").types,
            vec![AbilityType::Omni]
        );
    }
}
