//! Interpretations: every place where seed 000 allows two readings.
//!
//! Each is declared once below with its question, the sentence behind it, both readings
//! and its default, and switched through `interpretations` in a position (the core's
//! [`crate::rules::interpret`] makes the table and the switch). The rule code asks
//! [`Interpretations`] and never decides a reading silently. Adding one means: a
//! declaration here, a field in the set, a branch in the ability's family file, and a
//! test each way.

pub use crate::rules::interpret::{InterpretationInfo, Reading, Readings};

/// Where the interpretations are written.
const DOC: &str = super::cite::RULES_DOC;

crate::interpretation!(
    /// Berserk: which damage counts toward its bonus.
    BerserkReading: "berserk" in DOC => {
        question: "Does Berserk's bonus count damage taken earlier in the same battle phase?",
        rule: "Berserk",
        sentence: "A creature with Berserk gains +1 Attack for each damage it takes.",
        CurrentDamage => "current_damage" as "All damage on it, this phase included": "Every point of damage on it counts, including damage taken earlier in this battle phase (so a Fury second attack hits harder).",
        BeforeBattle => "before_battle" as "Only the damage it had when the phase began": "Only the damage it had when the battle phase began counts during that battle phase.",
    }
);
crate::interpretation!(
    /// Armor (and Dominate): whether it blocks damage outside the combat phase.
    ArmorScope: "armor_scope" in DOC => {
        question: "Does Armor (and Dominate's Armor) block damage outside the combat phase?",
        rule: "Armor",
        sentence: "For example, if a creature has Armor 2 then it is dealt 2 less damage during the combat phase.",
        Combat => "combat" as "Battle and Fury damage only": "Armor blocks only damage dealt during the battle and Fury phases; Bolt, Curse, Ambush and the like get through.",
        AllDamage => "all_damage": "Armor blocks damage from every source.",
    }
);
crate::interpretation!(
    /// Dominate with Armor: whether Dominate's Armor adds to the creature's other Armor.
    DominateArmor: "dominate_armor" in DOC => {
        question: "Does Armor or Dominate apply first? Both subtract from the same blow, so order alone changes nothing; the real question is whether Dominate's Armor stacks with the creature's own Armor (and Beastmaster's).",
        rule: "Dominate",
        sentence: "A creature with the Dominate ability gains its Dominate value in Armor against wounded enemies.",
        Adds => "adds": "They stack: \"gains … in Armor\" adds Dominate's value to the Armor it already has, as Beastmaster's \"+1 Armor\" does.",
        Highest => "highest": "They do not stack: against a wounded enemy the creature's Armor is the higher of Dominate's value and its other Armor.",
    }
);
crate::interpretation!(
    /// Bastion: whether a hit that Armor blocked completely uses up its one hit.
    BastionReading: "bastion" in DOC => {
        question: "Does a hit that Armor blocks completely use up Bastion's one hit for the turn?",
        rule: "Bastion",
        sentence: "A creature with Bastion can only take damage once each turn.",
        BlockedHitFree => "blocked_hit_free": "No: a hit that deals no damage is not taking damage.",
        BlockedHitCounts => "blocked_hit_counts": "Yes: being hit at all uses it up.",
    }
);
crate::interpretation!(
    /// Fury with Breakthrough: how many times Breakthrough damage is dealt.
    FuryBreakthrough: "fury_breakthrough" in DOC => {
        question: "With Fury and Breakthrough, is Breakthrough dealt once per attack or twice per attack?",
        rule: "Breakthrough",
        sentence: "If a creature with Breakthrough also has Fury, it deals its Breakthrough damage twice.",
        PerAttack => "per_attack": "Once with each of its two attacks: twice a turn in all.",
        Doubled => "doubled": "Twice with each attack: four times a turn.",
    }
);
crate::interpretation!(
    /// The order of both players' start-of-turn effects.
    StartOrder: "start_order" in DOC => {
        question: "In which order do both players' start-of-turn effects resolve?",
        rule: "Bolt",
        sentence: "If a creature with Bolt is in play, at the beginning of each turn deal 2 damage to a random enemy creature.",
        PlayersInOrder => "players_in_order" as "First player's line, then the second's": "All of the first player's effects in line order, then the second player's.",
        SlotBySlot => "slot_by_slot": "Slot 1 of each player, then slot 2 of each player, and so on.",
    }
);
crate::interpretation!(
    /// Curse and Soothsay: what "strongest" measures.
    Strongest: "strongest" in DOC => {
        question: "What does \"strongest\" measure for Curse and Soothsay?",
        rule: "Soothsay",
        sentence: "If there is more than one enemy creature with the same attack value, the one closest to the start of the Battle Line loses its attack.",
        Attack => "attack": "Highest Attack (the tie-break Soothsay states speaks of attack values).",
        RemainingLife => "remaining_life": "Most Life left.",
    }
);
crate::interpretation!(
    /// Storm: which creature "any opposing creature" means.
    StormTarget: "storm_target" in DOC => {
        question: "Which creature does Storm hit: the one opposite, or any enemy creature?",
        rule: "Storm",
        sentence: "When a creature bearing the Storm ability comes into play it immediately deals its attack value in damage to any opposing creature on the opponent’s battle line.",
        Opposite => "opposite": "The creature opposite it; the opponent if there is none (the sentence after this one).",
        Random => "random": "A random creature on the opponent's line; the opponent if there is none opposite.",
    }
);
crate::interpretation!(
    /// Cross Over: the enemy opposite whom.
    CrossOverTarget: "cross_over_target" in DOC => {
        question: "Cross Over hits \"the enemy that is opposite to it\": opposite the Cross Over creature or opposite the ally destroyed?",
        rule: "Cross Over",
        sentence: "When an allied creature is destroyed a creature with Cross Over deals 3 damage to the enemy that is opposite to it.",
        OppositeHolder => "opposite_holder": "Opposite the creature with Cross Over.",
        OppositeFallen => "opposite_fallen": "Opposite the slot of the ally that was destroyed.",
    }
);
crate::interpretation!(
    /// Melt: when last turn's Wall of Ice is removed.
    MeltTiming: "melt" in DOC => {
        question: "When is last turn's Wall of Ice removed: at the start of the turn, or just before combat?",
        rule: "Ice Block",
        sentence: "Before the combat section of the next Battle phase begins, remove the Wall of Ice and leave an empty slot in the opponent’s Battle Line.",
        StartOfTurn => "start_of_turn": "At the start of the turn, before cards come into play.",
        BeforeCombat => "before_combat": "After cards come into play, just before the battle phase: the wall still holds its slot while cards are played.",
    }
);
crate::interpretation!(
    /// Ice Block: when the Wall of Ice is made, relative to the end-of-combat shift.
    IceBlockTiming: "ice_block" in DOC => {
        question: "When is the Wall of Ice made: before the lines shift up at the end of the combat round (so it holds that shift), or at the end of the turn, after the shift (so the shifting sentence never applies)?",
        rule: "Ice Block",
        sentence: "The Wall of Ice prevents creatures from shifting up in the Battle Line beyond that space at the end of the combat round.",
        BeforeShift => "before_shift": "At the end of the combat round, before the lines shift up: the wall fills the first empty space (a gap the battle left) and the creatures behind it do not shift past it. It melts before the next battle.",
        AfterShift => "after_shift": "At the end of the turn, after the shift (T1's order): the wall holds a slot at the back of the line; no shift happens while it stands.",
    }
);
crate::interpretation!(
    /// Fade: whether the creature's old slot is left empty.
    FadeReading: "fade" in DOC => {
        question: "Does a Fade creature moving to the back of the line leave its old slot empty?",
        rule: "Fade",
        sentence: "When a creature bearing Fade is in play it moves to the back of the Battle Line at the end of each turn.",
        Reorder => "reorder": "No: the line is reordered, the creatures behind it move up one and it takes the last place (`[Fader, Squire]` becomes `[Squire, Fader]`).",
        LeaveGap => "leave_gap": "Yes: it moves behind the last creature and its old slot stays empty until the line next shifts up.",
    }
);
crate::interpretation!(
    /// Terrify: when its victim is picked.
    TerrifyTiming: "terrify" in DOC => {
        question: "Is Terrify's \"beginning of each Battle round\" the start of the turn (a Battle round is a turn) or the start of the battle phase (after cards are played)?",
        rule: "Terrify",
        sentence: "When a creature with Terrify is in play, one random opponent creature loses its ability to attack at the beginning of each Battle round.",
        StartOfTurn => "start_of_turn": "At the start of the turn, with Bolt: each turn is one round of battle, and its beginning comes before cards are played, so a creature played this turn is not terrified.",
        BeforeBattle => "before_battle": "Just before the battle phase, after cards come into play: a creature played this turn can be terrified.",
    }
);
crate::interpretation!(
    /// Templar's Wrath: one blow of n or n blows of 1.
    TemplarsWrathBlows: "templars_wrath" in DOC => {
        question: "Is Templar's Wrath one blow of 1 damage per other Templar, or a separate blow of 1 for each (which matters against Armor and Bastion)?",
        rule: "Templar's Wrath",
        sentence: "Each turn deal 1 damage to the enemy opposite the creature with Templar’s Wrath for each other Templar ally on the Battle Line.",
        OneBlow => "one_blow": "One blow of n damage, n the number of other Templar allies.",
        BlowPerTemplar => "blow_per_templar": "n separate blows of 1 damage each.",
    }
);
crate::interpretation!(
    /// Berserk: whether healed damage still counts.
    BerserkHealing: "berserk_healing" in DOC => {
        question: "Does healing take away Berserk's bonus, or does every point of damage it has taken count for good?",
        rule: "Berserk",
        sentence: "A creature with Berserk gains +1 Attack for each damage it takes.",
        RemovesBonus => "removes_bonus": "The bonus is the damage on it now: healing removes it.",
        KeepsBonus => "keeps_bonus" as "Every point taken this game, healed or not": "The bonus counts every point of damage it has taken this game, healed or not.",
    }
);
crate::interpretation!(
    /// Armor's third sentence: whether a weaker attacker deals no damage at all.
    ArmorHigher: "armor_higher" in DOC => {
        question: "When a creature's Armor is higher than its attacker's Attack value, does it take no damage from that attacker's every blow (Reaper's, Cross Over's too), or does Armor only subtract?",
        rule: "Armor",
        sentence: "If a creature’s Armor value is higher than its attacker’s Attack value, it receives no damage.",
        NoDamage => "no_damage" as "A weaker attacker deals no damage": "In the battle and Fury phases, no damage from any blow of a creature whose Attack value is lower than the Armor (Reaper's, Vengeance's and Cross Over's blows too).",
        SubtractOnly => "subtract_only": "Armor only subtracts its value from each blow; a blow larger than the Armor gets through even from a weaker attacker.",
    }
);
crate::interpretation!(
    /// Assassin with Storm: whether Storm's damage to the player gains Assassin.
    AssassinStorm: "assassin_storm" in DOC => {
        question: "Does Assassin add to the damage Storm deals to the opposing player?",
        rule: "Assassin",
        sentence: "A creature with Assassin gains its Assassin value in Attack when dealing damage to an opposing player.",
        Adds => "adds": "Yes: Storm deals its attack value to the opponent, and Assassin raises that Attack when dealing damage to a player.",
        CombatOnly => "combat_only": "No: Assassin applies to its attack in the battle only.",
    }
);
crate::interpretation!(
    /// Reanimate: whether the return counts as coming into play.
    ReanimateArrival: "reanimate_arrival" in DOC => {
        question: "Does a creature Reanimate returns to the line come into play (Ambush, Storm, Charge, Shield, Rider's Might, Gatekeeper trigger)?",
        rule: "Reanimate",
        sentence: "When a creature with Reanimate is destroyed the first time after being played, it returns to the end of its controller’s Battle Line at the end of the turn.",
        ComesIntoPlay => "comes_into_play": "Yes: returning to the line is coming into play; its arrival abilities trigger.",
        NotArrival => "not_arrival": "No: it only returns; nothing that triggers on coming into play does.",
    }
);
crate::interpretation!(
    /// Charge into a gap: whether every other ally shifts down.
    ChargeGap: "charge_gap" in DOC => {
        question: "When the Charge creature came into a gap, do all other allies shift down one slot, or only those in front of its old slot?",
        rule: "Charge",
        sentence: "When a creature with Charge comes into play it moves to the front of the Battle Line and all other allied creatures are shifted down by one slot.",
        AllShift => "all_shift" as "All other allies shift down": "All other allies shift down one slot, those behind its old slot too (an empty slot stays empty, one further back).",
        FillGap => "fill_gap": "Only the allies in front of its old slot shift down; those behind it stay where they are.",
    }
);
crate::interpretation!(
    /// Pestilence against a creature that cannot be damaged.
    PestilenceProtection: "pestilence" in DOC => {
        question: "Does Pestilence destroy a creature that is Invulnerable or Shielded?",
        rule: "Plague Bearer",
        sentence: "Enemies attacked by a creature with Plague bearer gain Pestilence, which destroys them on the next turn.",
        Destroys => "destroys": "Yes: Pestilence destroys; it deals no damage, so \"can't be damaged\" does not stop it.",
        Prevented => "prevented": "No: a creature that cannot be damaged (Invulnerability, invulnerable, shielded) is not destroyed; it keeps Pestilence.",
    }
);
crate::interpretation!(
    /// The Wall of Ice: whether it is an enemy creature for Bolt, Curse, Soothsay, Terrify, Storm and the like.
    WallOfIce: "wall_of_ice" in DOC => {
        question: "Is a Wall of Ice an enemy creature that Bolt, Curse, Soothsay, Terrify, Storm, Ambush, Burst and Cleansing Fire can pick?",
        rule: "Ice Block",
        sentence: "At the end of each turn create a Wall of Ice in the first empty space on the opponent’s battle line.",
        Creature => "creature": "Yes: it is a card on the line with Attack and Life, a target like any other.",
        NotACreature => "not_a_creature": "No: it only holds a slot; those abilities pass over it (a creature opposite it still fights it).",
    }
);
crate::interpretation!(
    /// Curse, Soothsay and Templar's Wrath: when "each turn" is.
    EachTurn: "each_turn" in DOC => {
        question: "When in the turn do Curse, Soothsay and Templar's Wrath (\"each turn\") resolve?",
        rule: "Curse",
        sentence: "When a creature with Curse is in play it deals 2 damage to the strongest enemy each turn.",
        StartOfTurn => "start_of_turn": "At the start of the turn, with Bolt: the turn's first effects, before cards are played.",
        BeforeBattle => "before_battle": "Just before the battle phase, after cards come into play: a creature played this turn can be cursed, lose its attack or be hit.",
    }
);
crate::interpretation!(
    /// Rider's Might: whether its holder must itself be a Rider.
    RidersMight: "riders_might" in DOC => {
        question: "Does \"another Rider ally\" require the holder of Rider's Might to be a Rider itself?",
        rule: "Rider's Might",
        sentence: "When another Rider ally is summoned a creature with Rider’s Might gains +1 Life.",
        AnyHolder => "any_holder": "No: any creature with Rider's Might gains +1 Life when a Rider ally other than itself is summoned.",
        RidersOnly => "riders_only": "Yes: only a holder that is itself a Rider gains the Life (\"another Rider\").",
    }
);

crate::interpretation_set!(
    /// The reading chosen for each ambiguity. `Default` is the engine's default reading.
    Interpretations {
    berserk: BerserkReading,
    armor_scope: ArmorScope,
    dominate_armor: DominateArmor,
    bastion: BastionReading,
    fury_breakthrough: FuryBreakthrough,
    start_order: StartOrder,
    strongest: Strongest,
    storm_target: StormTarget,
    cross_over_target: CrossOverTarget,
    melt: MeltTiming,
    ice_block: IceBlockTiming,
    fade: FadeReading,
    terrify: TerrifyTiming,
    templars_wrath: TemplarsWrathBlows,
    berserk_healing: BerserkHealing,
    armor_higher: ArmorHigher,
    assassin_storm: AssassinStorm,
    reanimate_arrival: ReanimateArrival,
    charge_gap: ChargeGap,
    pestilence: PestilenceProtection,
    wall_of_ice: WallOfIce,
    each_turn: EachTurn,
    riders_might: RidersMight,
    }
);

/// Every interpretation, in the order of [`Interpretations`]' fields.
pub const INTERPRETATIONS: &[InterpretationInfo] = <Interpretations as Readings>::TABLE;

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

    #[test]
    fn set_switches_by_key_and_refuses_unknowns() {
        let mut set = Interpretations::default();
        for info in INTERPRETATIONS {
            set.set(info.key, info.readings[1].0).unwrap();
        }
        assert!(set
            .chosen()
            .iter()
            .zip(INTERPRETATIONS)
            .all(|((_, v), i)| *v == i.readings[1].0));
        assert_eq!(set.non_default().len(), INTERPRETATIONS.len());
        assert!(set.set("fade", "sideways").is_err());
        assert!(set.set("nonsense", "reorder").is_err());
    }
}
