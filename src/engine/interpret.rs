//! Interpretations: every place where seed 000 allows two readings.
//!
//! Each is named, documented with the sentence behind it, has a default, and can be
//! switched through `interpretations` in a position. [`INTERPRETATIONS`] describes them
//! for the docs and the step-through page; the rule code asks [`Interpretations`] and
//! never decides a reading silently. Adding one means: a field here, an entry in the
//! table, a branch in the ability's family file, and a test each way.

use serde::{Deserialize, Serialize};

pub use super::cite::Reading;

macro_rules! reading {
    ($(#[$meta:meta])* $name:ident : $key:literal { $default:ident => $dv:literal, $other:ident => $ov:literal }) => {
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
            /// The key in `interpretations`.
            pub const KEY: &'static str = $key;
            /// This reading, for a citation: the key, the value, whether it is the default.
            pub fn reading(self) -> Reading {
                Reading { key: $key, value: self.as_str(), default: self == $name::$default }
            }
        }
    };
}

reading!(
    /// Berserk: which damage counts toward its bonus.
    BerserkReading: "berserk" { CurrentDamage => "current_damage", BeforeBattle => "before_battle" }
);
reading!(
    /// Armor (and Dominate): whether it blocks damage outside the combat phase.
    ArmorScope: "armor_scope" { Combat => "combat", AllDamage => "all_damage" }
);
reading!(
    /// Dominate with Armor: whether Dominate's Armor adds to the creature's other Armor.
    DominateArmor: "dominate_armor" { Adds => "adds", Highest => "highest" }
);
reading!(
    /// Bastion: whether a hit that Armor blocked completely uses up its one hit.
    BastionReading: "bastion" { BlockedHitFree => "blocked_hit_free", BlockedHitCounts => "blocked_hit_counts" }
);
reading!(
    /// Fury with Breakthrough: how many times Breakthrough damage is dealt.
    FuryBreakthrough: "fury_breakthrough" { PerAttack => "per_attack", Doubled => "doubled" }
);
reading!(
    /// The order of both players' start-of-turn effects.
    StartOrder: "start_order" { PlayersInOrder => "players_in_order", SlotBySlot => "slot_by_slot" }
);
reading!(
    /// Curse and Soothsay: what "strongest" measures.
    Strongest: "strongest" { Attack => "attack", RemainingLife => "remaining_life" }
);
reading!(
    /// Storm: which creature "any opposing creature" means.
    StormTarget: "storm_target" { Opposite => "opposite", Random => "random" }
);
reading!(
    /// Cross Over: the enemy opposite whom.
    CrossOverTarget: "cross_over_target" { OppositeHolder => "opposite_holder", OppositeFallen => "opposite_fallen" }
);
reading!(
    /// Melt: when last turn's Wall of Ice is removed.
    MeltTiming: "melt" { StartOfTurn => "start_of_turn", BeforeCombat => "before_combat" }
);

reading!(
    /// Ice Block: when the Wall of Ice is made, relative to the end-of-combat shift.
    IceBlockTiming: "ice_block" { BeforeShift => "before_shift", AfterShift => "after_shift" }
);
reading!(
    /// Fade: whether the creature's old slot is left empty.
    FadeReading: "fade" { Reorder => "reorder", LeaveGap => "leave_gap" }
);
reading!(
    /// Terrify: when its victim is picked.
    TerrifyTiming: "terrify" { StartOfTurn => "start_of_turn", BeforeBattle => "before_battle" }
);
reading!(
    /// Templar's Wrath: one blow of n or n blows of 1.
    TemplarsWrathBlows: "templars_wrath" { OneBlow => "one_blow", BlowPerTemplar => "blow_per_templar" }
);
reading!(
    /// Berserk: whether healed damage still counts.
    BerserkHealing: "berserk_healing" { RemovesBonus => "removes_bonus", KeepsBonus => "keeps_bonus" }
);
reading!(
    /// Armor's third sentence: whether a weaker attacker deals no damage at all.
    ArmorHigher: "armor_higher" { NoDamage => "no_damage", SubtractOnly => "subtract_only" }
);
reading!(
    /// Assassin with Storm: whether Storm's damage to the player gains Assassin.
    AssassinStorm: "assassin_storm" { Adds => "adds", CombatOnly => "combat_only" }
);
reading!(
    /// Reanimate: whether the return counts as coming into play.
    ReanimateArrival: "reanimate_arrival" { ComesIntoPlay => "comes_into_play", NotArrival => "not_arrival" }
);
reading!(
    /// Charge into a gap: whether every other ally shifts down.
    ChargeGap: "charge_gap" { AllShift => "all_shift", FillGap => "fill_gap" }
);
reading!(
    /// Pestilence against a creature that cannot be damaged.
    PestilenceProtection: "pestilence" { Destroys => "destroys", Prevented => "prevented" }
);
reading!(
    /// The Wall of Ice: whether it is an enemy creature for Bolt, Curse, Soothsay, Terrify, Storm and the like.
    WallOfIce: "wall_of_ice" { Creature => "creature", NotACreature => "not_a_creature" }
);
reading!(
    /// Curse, Soothsay and Templar's Wrath: when "each turn" is.
    EachTurn: "each_turn" { StartOfTurn => "start_of_turn", BeforeBattle => "before_battle" }
);
reading!(
    /// Rider's Might: whether its holder must itself be a Rider.
    RidersMight: "riders_might" { AnyHolder => "any_holder", RidersOnly => "riders_only" }
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
    pub ice_block: IceBlockTiming,
    pub fade: FadeReading,
    pub terrify: TerrifyTiming,
    pub templars_wrath: TemplarsWrathBlows,
    pub berserk_healing: BerserkHealing,
    pub armor_higher: ArmorHigher,
    pub assassin_storm: AssassinStorm,
    pub reanimate_arrival: ReanimateArrival,
    pub charge_gap: ChargeGap,
    pub pestilence: PestilenceProtection,
    pub wall_of_ice: WallOfIce,
    pub each_turn: EachTurn,
    pub riders_might: RidersMight,
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
    InterpretationInfo {
        key: "ice_block",
        question: "When is the Wall of Ice made: before the lines shift up at the end of the combat round (so it holds that shift), or at the end of the turn, after the shift (so the shifting sentence never applies)?",
        rule: "Ice Block",
        sentence: "The Wall of Ice prevents creatures from shifting up in the Battle Line beyond that space at the end of the combat round.",
        readings: [
            ("before_shift", "At the end of the combat round, before the lines shift up: the wall fills the first empty space (a gap the battle left) and the creatures behind it do not shift past it. It melts before the next battle."),
            ("after_shift", "At the end of the turn, after the shift (T1's order): the wall holds a slot at the back of the line; no shift happens while it stands."),
        ],
    },
    InterpretationInfo {
        key: "fade",
        question: "Does a Fade creature moving to the back of the line leave its old slot empty?",
        rule: "Fade",
        sentence: "When a creature bearing Fade is in play it moves to the back of the Battle Line at the end of each turn.",
        readings: [
            ("reorder", "No: the line is reordered, the creatures behind it move up one and it takes the last place (`[Fader, Squire]` becomes `[Squire, Fader]`)."),
            ("leave_gap", "Yes: it moves behind the last creature and its old slot stays empty until the line next shifts up."),
        ],
    },
    InterpretationInfo {
        key: "terrify",
        question: "Is Terrify's \"beginning of each Battle round\" the start of the turn (a Battle round is a turn) or the start of the battle phase (after cards are played)?",
        rule: "Terrify",
        sentence: "When a creature with Terrify is in play, one random opponent creature loses its ability to attack at the beginning of each Battle round.",
        readings: [
            ("start_of_turn", "At the start of the turn, with Bolt: each turn is one round of battle, and its beginning comes before cards are played, so a creature played this turn is not terrified."),
            ("before_battle", "Just before the battle phase, after cards come into play: a creature played this turn can be terrified."),
        ],
    },
    InterpretationInfo {
        key: "templars_wrath",
        question: "Is Templar's Wrath one blow of 1 damage per other Templar, or a separate blow of 1 for each (which matters against Armor and Bastion)?",
        rule: "Templar's Wrath",
        sentence: "Each turn deal 1 damage to the enemy opposite the creature with Templar’s Wrath for each other Templar ally on the Battle Line.",
        readings: [
            ("one_blow", "One blow of n damage, n the number of other Templar allies."),
            ("blow_per_templar", "n separate blows of 1 damage each."),
        ],
    },
    InterpretationInfo {
        key: "berserk_healing",
        question: "Does healing take away Berserk's bonus, or does every point of damage it has taken count for good?",
        rule: "Berserk",
        sentence: "A creature with Berserk gains +1 Attack for each damage it takes.",
        readings: [
            ("removes_bonus", "The bonus is the damage on it now: healing removes it."),
            ("keeps_bonus", "The bonus counts every point of damage it has taken this game, healed or not."),
        ],
    },
    InterpretationInfo {
        key: "armor_higher",
        question: "When a creature's Armor is higher than its attacker's Attack value, does it take no damage from that attacker's every blow (Reaper's, Cross Over's too), or does Armor only subtract?",
        rule: "Armor",
        sentence: "If a creature’s Armor value is higher than its attacker’s Attack value, it receives no damage.",
        readings: [
            ("no_damage", "In the battle and Fury phases, no damage from any blow of a creature whose Attack value is lower than the Armor (Reaper's, Vengeance's and Cross Over's blows too)."),
            ("subtract_only", "Armor only subtracts its value from each blow; a blow larger than the Armor gets through even from a weaker attacker."),
        ],
    },
    InterpretationInfo {
        key: "assassin_storm",
        question: "Does Assassin add to the damage Storm deals to the opposing player?",
        rule: "Assassin",
        sentence: "A creature with Assassin gains its Assassin value in Attack when dealing damage to an opposing player.",
        readings: [
            ("adds", "Yes: Storm deals its attack value to the opponent, and Assassin raises that Attack when dealing damage to a player."),
            ("combat_only", "No: Assassin applies to its attack in the battle only."),
        ],
    },
    InterpretationInfo {
        key: "reanimate_arrival",
        question: "Does a creature Reanimate returns to the line come into play (Ambush, Storm, Charge, Shield, Rider's Might, Gatekeeper trigger)?",
        rule: "Reanimate",
        sentence: "When a creature with Reanimate is destroyed the first time after being played, it returns to the end of its controller’s Battle Line at the end of the turn.",
        readings: [
            ("comes_into_play", "Yes: returning to the line is coming into play; its arrival abilities trigger."),
            ("not_arrival", "No: it only returns; nothing that triggers on coming into play does."),
        ],
    },
    InterpretationInfo {
        key: "charge_gap",
        question: "When the Charge creature came into a gap, do all other allies shift down one slot, or only those in front of its old slot?",
        rule: "Charge",
        sentence: "When a creature with Charge comes into play it moves to the front of the Battle Line and all other allied creatures are shifted down by one slot.",
        readings: [
            ("all_shift", "All other allies shift down one slot, those behind its old slot too (an empty slot stays empty, one further back)."),
            ("fill_gap", "Only the allies in front of its old slot shift down; those behind it stay where they are."),
        ],
    },
    InterpretationInfo {
        key: "pestilence",
        question: "Does Pestilence destroy a creature that is Invulnerable or Shielded?",
        rule: "Plague Bearer",
        sentence: "Enemies attacked by a creature with Plague bearer gain Pestilence, which destroys them on the next turn.",
        readings: [
            ("destroys", "Yes: Pestilence destroys; it deals no damage, so \"can't be damaged\" does not stop it."),
            ("prevented", "No: a creature that cannot be damaged (Invulnerability, invulnerable, shielded) is not destroyed; it keeps Pestilence."),
        ],
    },
    InterpretationInfo {
        key: "wall_of_ice",
        question: "Is a Wall of Ice an enemy creature that Bolt, Curse, Soothsay, Terrify, Storm, Ambush, Burst and Cleansing Fire can pick?",
        rule: "Ice Block",
        sentence: "At the end of each turn create a Wall of Ice in the first empty space on the opponent’s battle line.",
        readings: [
            ("creature", "Yes: it is a card on the line with Attack and Life, a target like any other."),
            ("not_a_creature", "No: it only holds a slot; those abilities pass over it (a creature opposite it still fights it)."),
        ],
    },
    InterpretationInfo {
        key: "each_turn",
        question: "When in the turn do Curse, Soothsay and Templar's Wrath (\"each turn\") resolve?",
        rule: "Curse",
        sentence: "When a creature with Curse is in play it deals 2 damage to the strongest enemy each turn.",
        readings: [
            ("start_of_turn", "At the start of the turn, with Bolt: the turn's first effects, before cards are played."),
            ("before_battle", "Just before the battle phase, after cards come into play: a creature played this turn can be cursed, lose its attack or be hit."),
        ],
    },
    InterpretationInfo {
        key: "riders_might",
        question: "Does \"another Rider ally\" require the holder of Rider's Might to be a Rider itself?",
        rule: "Rider's Might",
        sentence: "When another Rider ally is summoned a creature with Rider’s Might gains +1 Life.",
        readings: [
            ("any_holder", "No: any creature with Rider's Might gains +1 Life when a Rider ally other than itself is summoned."),
            ("riders_only", "Yes: only a holder that is itself a Rider gains the Life (\"another Rider\")."),
        ],
    },
];

impl Interpretations {
    /// `(key, chosen value)` for every interpretation, in table order.
    pub fn chosen(&self) -> [(&'static str, &'static str); 23] {
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
            ("ice_block", self.ice_block.as_str()),
            ("fade", self.fade.as_str()),
            ("terrify", self.terrify.as_str()),
            ("templars_wrath", self.templars_wrath.as_str()),
            ("berserk_healing", self.berserk_healing.as_str()),
            ("armor_higher", self.armor_higher.as_str()),
            ("assassin_storm", self.assassin_storm.as_str()),
            ("reanimate_arrival", self.reanimate_arrival.as_str()),
            ("charge_gap", self.charge_gap.as_str()),
            ("pestilence", self.pestilence.as_str()),
            ("wall_of_ice", self.wall_of_ice.as_str()),
            ("each_turn", self.each_turn.as_str()),
            ("riders_might", self.riders_might.as_str()),
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
