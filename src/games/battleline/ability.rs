//! The ability vocabulary of seed 000: the 46 standard abilities of §4.1 and the 5
//! special rules of §4.2, their names, aliases and whether they take a value.
//!
//! This file names abilities; it does not say what they do. Each ability's behaviour
//! lives in the file of its family under `families/`, which also holds the seed
//! sentences it cites. Parsing `"Armor 2"` into an [`Ability`] happens here.

use serde::{Deserialize, Serialize};

macro_rules! abilities {
    ($($kind:ident => $name:literal, $section:literal, $value:literal, [$($alias:literal),*];)*) => {
        /// One of the 51 abilities and special rules of seed 000.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum AbilityKind { $($kind),* }

        impl AbilityKind {
            /// Every ability, in the seed's order.
            pub const ALL: &'static [AbilityKind] = &[$(AbilityKind::$kind),*];

            /// The name as the seed spells it (`Rider's Might` with a straight quote).
            pub fn name(self) -> &'static str {
                match self { $(AbilityKind::$kind => $name),* }
            }

            /// `4.1` for standard abilities, `4.2` for special rules.
            pub fn section(self) -> &'static str {
                match self { $(AbilityKind::$kind => $section),* }
            }

            /// Whether the ability carries a number (`Armor 2`).
            pub fn takes_value(self) -> bool {
                match self { $(AbilityKind::$kind => $value),* }
            }

            /// Other spellings the seed uses for the same ability.
            pub fn aliases(self) -> &'static [&'static str] {
                match self { $(AbilityKind::$kind => &[$($alias),*]),* }
            }
        }
    };
}

abilities! {
    Ambush => "Ambush", "4.1", true, [];
    Armor => "Armor", "4.1", true, [];
    Ascend => "Ascend", "4.1", false, [];
    Assassin => "Assassin", "4.1", true, [];
    Bastion => "Bastion", "4.1", false, [];
    Beastmaster => "Beastmaster", "4.1", false, [];
    Berserk => "Berserk", "4.1", false, [];
    Bolt => "Bolt", "4.1", false, [];
    Breakthrough => "Breakthrough", "4.1", true, [];
    Burst => "Burst", "4.1", true, [];
    CarrotSeeker => "Carrot Seeker", "4.1", false, [];
    Charge => "Charge", "4.1", false, [];
    CleansingFire => "Cleansing Fire", "4.1", false, [];
    Curse => "Curse", "4.1", false, [];
    CrossOver => "Cross Over", "4.1", false, [];
    Dodge => "Dodge", "4.1", false, [];
    Dominate => "Dominate", "4.1", true, [];
    Fade => "Fade", "4.1", false, [];
    Fury => "Fury", "4.1", false, [];
    Gatekeeper => "Gatekeeper", "4.1", false, [];
    Heal => "Heal", "4.1", true, [];
    Incite => "Incite", "4.1", false, [];
    Inspire => "Inspire", "4.1", false, [];
    Invulnerability => "Invulnerability", "4.1", false, ["Invulnerable"];
    Loremaster => "Loremaster", "4.1", false, [];
    Machinist => "Machinist", "4.1", true, [];
    Mindless => "Mindless", "4.1", false, [];
    PlagueBearer => "Plague Bearer", "4.1", false, [];
    Reanimate => "Reanimate", "4.1", false, [];
    Reaper => "Reaper", "4.1", true, [];
    Refresh => "Refresh", "4.1", false, [];
    Regen => "Regen", "4.1", true, [];
    RegenAura => "Regen Aura", "4.1", false, [];
    RidersMight => "Rider's Might", "4.1", false, [];
    Sabotage => "Sabotage", "4.1", false, [];
    Shield => "Shield", "4.1", false, [];
    Skirmish => "Skirmish", "4.1", true, [];
    Soothsay => "Soothsay", "4.1", false, [];
    SoulDrain => "Soul Drain", "4.1", true, [];
    Storm => "Storm", "4.1", false, [];
    Swarm => "Swarm", "4.1", true, [];
    Techlord => "Techlord", "4.1", false, [];
    TemplarsWrath => "Templar's Wrath", "4.1", false, [];
    UndeadHunger => "Undead Hunger", "4.1", false, [];
    Vengeance => "Vengeance", "4.1", true, [];
    WarriorsOath => "Warrior's Oath", "4.1", false, [];
    EndlessSerpent => "The Endless Serpent", "4.2", false, ["Endless Serpent"];
    IceBlock => "Ice Block", "4.2", false, [];
    Melt => "Melt", "4.2", false, [];
    OmegaRabbit => "The Omega Rabbit", "4.2", false, ["Omega Rabbit"];
    Terrify => "Terrify", "4.2", false, [];
}

impl AbilityKind {
    /// The ability named `name` (case, quotes and spacing folded; aliases accepted).
    pub fn from_name(name: &str) -> Option<AbilityKind> {
        let key = crate::text::fold(name);
        Self::ALL.iter().copied().find(|k| {
            crate::text::fold(k.name()) == key
                || k.aliases().iter().any(|a| crate::text::fold(a) == key)
        })
    }
}

impl Serialize for AbilityKind {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// An ability on a creature: its kind and its value (0 when it takes none).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ability {
    pub kind: AbilityKind,
    pub value: i32,
}

impl Ability {
    /// `Armor 2`, `Fury`.
    pub fn label(&self) -> String {
        if self.kind.takes_value() {
            format!("{} {}", self.kind.name(), self.value)
        } else {
            self.kind.name().to_string()
        }
    }
}

impl Serialize for Ability {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.label())
    }
}

impl<'de> Deserialize<'de> for Ability {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        parse(&text).map_err(serde::de::Error::custom)
    }
}

/// Why an ability label was not understood.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AbilityError {
    #[error("unknown battle-line ability {name:?}{}", suggestion.as_ref().map(|s| format!(" (did you mean {s:?}?)")).unwrap_or_default())]
    Unknown {
        name: String,
        suggestion: Option<String>,
    },
    #[error("{name} needs a value, for example \"{name} 2\"")]
    MissingValue { name: &'static str },
    #[error("{name} takes no value, found {found:?}")]
    UnexpectedValue { name: &'static str, found: String },
    #[error("{name} value {found:?} is not a whole number from 0 to 99")]
    BadValue { name: &'static str, found: String },
}

/// The largest ability value accepted; larger values are input errors, not rules.
pub const MAX_VALUE: i32 = 99;

/// Reads `"Armor 2"`, `"Fury"`, `"rider's might"`.
pub fn parse(label: &str) -> Result<Ability, AbilityError> {
    let label = label.trim();
    let (name, value) = match label.rsplit_once(char::is_whitespace) {
        Some((head, tail)) if tail.chars().all(|c| c.is_ascii_digit() || c == '-') => {
            (head.trim(), Some(tail))
        }
        _ => (label, None),
    };
    let kind = match AbilityKind::from_name(name) {
        Some(kind) => kind,
        None => {
            let names = AbilityKind::ALL.iter().map(|k| k.name());
            let suggestion = crate::text::closest(label, names, 1)
                .first()
                .map(|s| s.to_string());
            return Err(AbilityError::Unknown {
                name: label.to_string(),
                suggestion,
            });
        }
    };
    match (kind.takes_value(), value) {
        (true, None) => Err(AbilityError::MissingValue { name: kind.name() }),
        (false, Some(v)) => Err(AbilityError::UnexpectedValue {
            name: kind.name(),
            found: v.to_string(),
        }),
        (false, None) => Ok(Ability { kind, value: 0 }),
        (true, Some(v)) => match v.parse::<i32>() {
            Ok(n) if (0..=MAX_VALUE).contains(&n) => Ok(Ability { kind, value: n }),
            _ => Err(AbilityError::BadValue {
                name: kind.name(),
                found: v.to_string(),
            }),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_labels_and_aliases() {
        assert_eq!(
            parse("Armor 2"),
            Ok(Ability {
                kind: AbilityKind::Armor,
                value: 2
            })
        );
        assert_eq!(
            parse("rider’s might").unwrap().kind,
            AbilityKind::RidersMight
        );
        assert_eq!(
            parse("Invulnerable").unwrap().kind,
            AbilityKind::Invulnerability
        );
        assert_eq!(AbilityKind::ALL.len(), 51);
        assert!(matches!(
            parse("Armor"),
            Err(AbilityError::MissingValue { .. })
        ));
        assert!(matches!(
            parse("Fury 2"),
            Err(AbilityError::UnexpectedValue { .. })
        ));
        assert!(matches!(
            parse("Armor -1"),
            Err(AbilityError::BadValue { .. })
        ));
        match parse("Armour 2") {
            Err(AbilityError::Unknown { suggestion, .. }) => {
                assert_eq!(suggestion.as_deref(), Some("Armor"))
            }
            other => panic!("{other:?}"),
        }
    }
}
