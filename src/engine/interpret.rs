//! Interpretations: every place where seed 000 allows two readings.
//!
//! Each is named, documented with the sentence behind it, has a default, and can be
//! switched through `interpretations` in a position. [`INTERPRETATIONS`] describes them
//! for the docs and the step-through page; the rule code asks [`Interpretations`] and
//! never decides a reading silently. Adding one means: a field here, an entry in the
//! table, a branch in the ability's family file, and a test each way.

use serde::{Deserialize, Serialize};

macro_rules! reading {
    ($(#[$meta:meta])* $name:ident { $default:ident => $dv:literal, $other:ident => $ov:literal }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
        pub enum $name {
            #[default]
            #[serde(rename = $dv)]
            $default,
            #[serde(rename = $ov)]
            $other,
        }
        impl $name {
            pub fn as_str(self) -> &'static str {
                match self { $name::$default => $dv, $name::$other => $ov }
            }
        }
    };
}

reading!(
    /// Berserk: which damage counts toward its bonus.
    BerserkReading { CurrentDamage => "current_damage", BeforeBattle => "before_battle" }
);
reading!(
    /// Armor (and Dominate): whether it blocks damage outside the combat phase.
    ArmorScope { Combat => "combat", AllDamage => "all_damage" }
);
reading!(
    /// Dominate with Armor: whether Dominate's Armor adds to the creature's other Armor.
    DominateArmor { Adds => "adds", Highest => "highest" }
);
reading!(
    /// Bastion: whether a hit that Armor blocked completely uses up its one hit.
    BastionReading { BlockedHitFree => "blocked_hit_free", BlockedHitCounts => "blocked_hit_counts" }
);
reading!(
    /// Fury with Breakthrough: how many times Breakthrough damage is dealt.
    FuryBreakthrough { PerAttack => "per_attack", Doubled => "doubled" }
);
reading!(
    /// The order of both players' start-of-turn effects.
    StartOrder { PlayersInOrder => "players_in_order", SlotBySlot => "slot_by_slot" }
);
reading!(
    /// Curse and Soothsay: what "strongest" measures.
    Strongest { Attack => "attack", RemainingLife => "remaining_life" }
);
reading!(
    /// Storm: which creature "any opposing creature" means.
    StormTarget { Opposite => "opposite", Random => "random" }
);
reading!(
    /// Cross Over: the enemy opposite whom.
    CrossOverTarget { OppositeHolder => "opposite_holder", OppositeFallen => "opposite_fallen" }
);
reading!(
    /// Melt: when last turn's Wall of Ice is removed.
    MeltTiming { StartOfTurn => "start_of_turn", BeforeCombat => "before_combat" }
);

/// The reading chosen for each ambiguity. `Default` is the engine's default reading.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Interpretations {
    pub berserk: BerserkReading,
    pub armor_scope: ArmorScope,
    pub dominate_armor: DominateArmor,
    pub bastion: BastionReading,
    pub fury_breakthrough: FuryBreakthrough,
    pub start_order: StartOrder,
    pub strongest: Strongest,
    pub storm_target: StormTarget,
    pub cross_over_target: CrossOverTarget,
    pub melt: MeltTiming,
}

/// One documented interpretation.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct InterpretationInfo {
    /// The key in `interpretations`.
    pub key: &'static str,
    /// The question the seed leaves open.
    pub question: &'static str,
    /// The ability whose sentence is ambiguous.
    pub rule: &'static str,
    /// The sentence, verbatim from seed 000.
    pub sentence: &'static str,
    /// `(value, what it means)`, the default first.
    pub readings: [(&'static str, &'static str); 2],
}

/// Every interpretation, in the order of [`Interpretations`]' fields.
pub const INTERPRETATIONS: &[InterpretationInfo] = &[
    InterpretationInfo {
        key: "berserk",
        question: "Does Berserk's bonus count damage taken earlier in the same battle phase?",
        rule: "Berserk",
        sentence: "A creature with Berserk gains +1 Attack for each damage it takes.",
        readings: [
            ("current_damage", "Every point of damage on it counts, including damage taken earlier in this battle phase (so a Fury second attack hits harder)."),
            ("before_battle", "Only the damage it had when the battle phase began counts during that battle phase."),
        ],
    },
    InterpretationInfo {
        key: "armor_scope",
        question: "Does Armor (and Dominate's Armor) block damage outside the combat phase?",
        rule: "Armor",
        sentence: "For example, if a creature has Armor 2 then it is dealt 2 less damage during the combat phase.",
        readings: [
            ("combat", "Armor blocks only damage dealt during the battle and Fury phases; Bolt, Curse, Ambush and the like get through."),
            ("all_damage", "Armor blocks damage from every source."),
        ],
    },
    InterpretationInfo {
        key: "dominate_armor",
        question: "Does Armor or Dominate apply first? Both subtract from the same blow, so order alone changes nothing; the real question is whether Dominate's Armor stacks with the creature's own Armor (and Beastmaster's).",
        rule: "Dominate",
        sentence: "A creature with the Dominate ability gains its Dominate value in Armor against wounded enemies.",
        readings: [
            ("adds", "They stack: \"gains … in Armor\" adds Dominate's value to the Armor it already has, as Beastmaster's \"+1 Armor\" does."),
            ("highest", "They do not stack: against a wounded enemy the creature's Armor is the higher of Dominate's value and its other Armor."),
        ],
    },
    InterpretationInfo {
        key: "bastion",
        question: "Does a hit that Armor blocks completely use up Bastion's one hit for the turn?",
        rule: "Bastion",
        sentence: "A creature with Bastion can only take damage once each turn.",
        readings: [
            ("blocked_hit_free", "No: a hit that deals no damage is not taking damage."),
            ("blocked_hit_counts", "Yes: being hit at all uses it up."),
        ],
    },
    InterpretationInfo {
        key: "fury_breakthrough",
        question: "With Fury and Breakthrough, is Breakthrough dealt once per attack or twice per attack?",
        rule: "Breakthrough",
        sentence: "If a creature with Breakthrough also has Fury, it deals its Breakthrough damage twice.",
        readings: [
            ("per_attack", "Once with each of its two attacks: twice a turn in all."),
            ("doubled", "Twice with each attack: four times a turn."),
        ],
    },
    InterpretationInfo {
        key: "start_order",
        question: "In which order do both players' start-of-turn effects resolve?",
        rule: "Bolt",
        sentence: "If a creature with Bolt is in play, at the beginning of each turn deal 2 damage to a random enemy creature.",
        readings: [
            ("players_in_order", "All of the first player's effects in line order, then the second player's."),
            ("slot_by_slot", "Slot 1 of each player, then slot 2 of each player, and so on."),
        ],
    },
    InterpretationInfo {
        key: "strongest",
        question: "What does \"strongest\" measure for Curse and Soothsay?",
        rule: "Soothsay",
        sentence: "If there is more than one enemy creature with the same attack value, the one closest to the start of the Battle Line loses its attack.",
        readings: [
            ("attack", "Highest Attack (the tie-break Soothsay states speaks of attack values)."),
            ("remaining_life", "Most Life left."),
        ],
    },
    InterpretationInfo {
        key: "storm_target",
        question: "Which creature does Storm hit: the one opposite, or any enemy creature?",
        rule: "Storm",
        sentence: "When a creature bearing the Storm ability comes into play it immediately deals its attack value in damage to any opposing creature on the opponent’s battle line.",
        readings: [
            ("opposite", "The creature opposite it; the opponent if there is none (the sentence after this one)."),
            ("random", "A random creature on the opponent's line; the opponent if there is none opposite."),
        ],
    },
    InterpretationInfo {
        key: "cross_over_target",
        question: "Cross Over hits \"the enemy that is opposite to it\": opposite the Cross Over creature or opposite the ally destroyed?",
        rule: "Cross Over",
        sentence: "When an allied creature is destroyed a creature with Cross Over deals 3 damage to the enemy that is opposite to it.",
        readings: [
            ("opposite_holder", "Opposite the creature with Cross Over."),
            ("opposite_fallen", "Opposite the slot of the ally that was destroyed."),
        ],
    },
    InterpretationInfo {
        key: "melt",
        question: "When is last turn's Wall of Ice removed: at the start of the turn, or just before combat?",
        rule: "Ice Block",
        sentence: "Before the combat section of the next Battle phase begins, remove the Wall of Ice and leave an empty slot in the opponent’s Battle Line.",
        readings: [
            ("start_of_turn", "At the start of the turn, before cards come into play."),
            ("before_combat", "After cards come into play, just before the battle phase: the wall still holds its slot while cards are played."),
        ],
    },
];

impl Interpretations {
    /// `(key, chosen value)` for every interpretation, in table order.
    pub fn chosen(&self) -> [(&'static str, &'static str); 10] {
        [
            ("berserk", self.berserk.as_str()),
            ("armor_scope", self.armor_scope.as_str()),
            ("dominate_armor", self.dominate_armor.as_str()),
            ("bastion", self.bastion.as_str()),
            ("fury_breakthrough", self.fury_breakthrough.as_str()),
            ("start_order", self.start_order.as_str()),
            ("strongest", self.strongest.as_str()),
            ("storm_target", self.storm_target.as_str()),
            ("cross_over_target", self.cross_over_target.as_str()),
            ("melt", self.melt.as_str()),
        ]
    }

    /// Only the readings that differ from the default, for compact output.
    pub fn non_default(&self) -> Vec<(&'static str, &'static str)> {
        let default = Interpretations::default().chosen();
        self.chosen()
            .into_iter()
            .zip(default)
            .filter(|(a, b)| a != b)
            .map(|(a, _)| a)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_matches_the_struct() {
        let chosen = Interpretations::default().chosen();
        assert_eq!(chosen.len(), INTERPRETATIONS.len());
        for ((key, value), info) in chosen.iter().zip(INTERPRETATIONS) {
            assert_eq!(*key, info.key);
            assert_eq!(*value, info.readings[0].0, "{key}: default first");
        }
        let json = serde_json::to_value(Interpretations::default()).unwrap();
        for info in INTERPRETATIONS {
            assert_eq!(json[info.key], info.readings[0].0);
        }
    }
}
