//! The Arcane Legions citation table: the sentences of seed 004 the engine quotes (each
//! verbatim, checked against `docs/seeds/004_512eae7e464cc230.txt` by
//! `tests/engine_arcane.rs`) and our numbered house rules (`docs/rules/arcane.md`,
//! A1–A13) for what the seed leaves to the base rules, which were not found in readable
//! form, and the readings of `interpret.rs` as citations where a reading alone decides
//! an event ([`readings`]). The kinds of source are the core's ([`crate::rules::cite`]).
//!
//! This file holds sentences only; which rule code cites which is in `families/`.

pub use crate::rules::cite::{Citation, Rule};

/// The game's slug.
pub const GAME: &str = "arcane";
/// The seed its rules come from.
pub const SEED: &str = "004";
/// Where the house rules and interpretations are written.
pub const RULES_DOC: &str = "docs/rules/arcane.md";

/// The section of the seed's opening and of its unit and figure abilities.
pub const SECTION: &str = "Special Ability Types";

/// A sentence of seed 004 under the catalogue's keyword `(rule, section)`.
pub const fn seed(at: (&'static str, &'static str), sentence: &'static str) -> Citation {
    Citation::seed(GAME, SEED, at.0, at.1, sentence)
}

/// A house rule of `docs/rules/arcane.md`.
pub const fn house(rule: &'static str, section: &'static str, sentence: &'static str) -> Citation {
    Citation::house(GAME, RULES_DOC, rule, section, sentence)
}

/// The seed's parts as the catalogue's keywords name them: `(keyword, its section)`.
pub const TYPES: (&str, &str) = ("Special Abilities", SECTION);
pub const UNIT: (&str, &str) = ("Unit Special Ability", SECTION);
pub const FIGURE: (&str, &str) = ("Figure Special Ability", SECTION);
pub const ACTIVATED: (&str, &str) = ("Activated Ability", "Activated Abilities");
pub const TRIGGERED: (&str, &str) = ("Triggered Ability", "Triggered Abilities");
pub const STATIC: (&str, &str) = ("Static Ability", "Static Abilities");
pub const REMINDER: (&str, &str) = ("Reminder Text", "Reminder Text");

/// Seed 004, in the seed's order.
pub mod s {
    use super::{seed, Citation, ACTIVATED, FIGURE, REMINDER, STATIC, TRIGGERED, TYPES, UNIT};

    pub const PRECEDENCE: Citation = seed(TYPES, "If a special ability ever tells you do to something different than what the rules of the game tell you, the special ability takes precedence.");
    pub const TWO_TYPES: Citation = seed(
        TYPES,
        "There are two types of special abilities based on where they are found on the unit.",
    );
    pub const UNIT_FOUND: Citation = seed(
        UNIT,
        "Unit special ability: Found on bottom-right of the unit bar, next to the build point cost.",
    );
    pub const UNIT_READY: Citation = seed(
        UNIT,
        "These abilities are ready as long as that unit remains on the battlefield.",
    );
    pub const FIGURE_FOUND: Citation = seed(
        FIGURE,
        "Figure special ability: Found next to figure slots, along with the basic icons.",
    );
    pub const FIGURE_READY: Citation = seed(
        FIGURE,
        "These abilities are ready while their corresponding slot is occupied by a figure.",
    );
    pub const ONLY_READY: Citation = seed(
        TYPES,
        "Special abilities are only active while they are ready.",
    );
    pub const NOTE_READY: Citation = seed(TYPES, "(Note: Some special abilities, as described in their rules text, might have different conditions for being ready, or may not even need to be ready at all.)");
    pub const THREE_TYPES: Citation = seed(TYPES, "Special abilities come in one of three types: activated, triggered, and static, as shown by the way they are written.");

    pub const A_SYNTAX: Citation = seed(
        ACTIVATED,
        "[Cost] [Activation restriction (if any)] -- [Effect.]",
    );
    pub const A_COST: Citation = seed(
        ACTIVATED,
        "Activated abilities require a cost to be paid in order for an effect to happen.",
    );
    pub const A_DASH: Citation = seed(ACTIVATED, "All activated abilities have a dash \"--\" that separates the cost and activation restrictions (to the left) from the effect (to the right).");
    pub const A_EXAMPLES: Citation =
        seed(ACTIVATED, "Examples: Lord of the Dead, Healing, Fireburst");
    pub const A_PAID: Citation = seed(
        ACTIVATED,
        "In order to get the effect of an activated ability, the cost must be paid.",
    );
    pub const A_USUAL: Citation = seed(ACTIVATED, "The usual cost to use an activated ability is some number of order points, though other costs such as downing one of the unit’s own figures may also be used.");
    pub const A_ALL_COSTS: Citation =
        seed(ACTIVATED, "All costs must be payable to get the effect.");
    pub const A_SOME_RESTRICTION: Citation = seed(
        ACTIVATED,
        "Some abilities can have an activation restriction.",
    );
    pub const A_RESTRICTION: Citation = seed(
        ACTIVATED,
        "In order for the costs to be paid in the first place the activation restriction must be met.",
    );
    pub const A_UNDEAD: Citation = seed(ACTIVATED, "For example, an ability that says \"1 OP, if this unit is undead --\" can only be used if that unit is undead.");
    pub const A_ORDER_PHASE: Citation = seed(
        ACTIVATED,
        "During a player's order phase they may activate an activated ability.",
    );
    pub const A_SPECIAL_ORDER: Citation = seed(
        ACTIVATED,
        "Doing so requires giving the unit a special order.",
    );
    pub const A_ONE_A_TURN: Citation = seed(ACTIVATED, "Technically an activated ability itself has no inherent use cap (such as once per turn) but a unit may only be given one Special Order a turn.");

    pub const T_SYNTAX: Citation = seed(TRIGGERED, "[Trigger condition,] [effect.]");
    pub const T_BEGIN: Citation = seed(TRIGGERED, "Triggered abilities begin with the word When, At, or Whenever followed by the time or condition under which the ability will trigger, followed by the effect that happens.");
    pub const T_EXAMPLES: Citation = seed(
        TRIGGERED,
        "Examples: Aggressive, Death Cloud, Leader of Men",
    );
    pub const T_ONCE: Citation = seed(
        TRIGGERED,
        "A triggered ability only triggers once each time its trigger event occurs.",
    );
    pub const T_MULTIPLE: Citation = seed(TRIGGERED, "However, if one event contains multiple occurrences of a trigger event the ability will trigger multiple times.");
    pub const T_THREE: Citation = seed(TRIGGERED, "For example, an ability that triggers Whenever a figure is downed from this unit, will trigger three times if another ability is used on that unit that says Down three target figures on an enemy unit.");
    pub const T_ACTUALLY: Citation =
        seed(TRIGGERED, "(As long as three figures are actually downed.)");
    pub const T_READY_AT_EVENT: Citation = seed(TRIGGERED, "Triggered abilities need only be ready when the trigger event occurs; they need not be ready when the trigger actually resolves.");
    pub const T_DAMAGE_EXAMPLE: Citation = seed(TRIGGERED, "For example, a figure ability that triggers When this unit is dealt damage will trigger and resolve even if damage dealt to that unit also downs the figure causing this ability to be ready.");
    pub const T_OPTIONAL: Citation = seed(TRIGGERED, "Some triggered abilities are optional.");
    pub const T_MAY: Citation = seed(
        TRIGGERED,
        "Usually this is marked by the word may before the effect of the ability.",
    );
    pub const T_NO_PART: Citation = seed(TRIGGERED, "If a played chooses not to use an optional triggered ability, no part of that ability happens.");
    pub const T_PIECES: Citation = seed(TRIGGERED, "(Note that some abilities may be entirely optional, while others may just have optional pieces.)");
    pub const T_COST: Citation = seed(TRIGGERED, "A triggered ability may have a cost in order to use the effect, but it is still considered a triggered ability.");
    pub const T_COST_EXAMPLE: Citation = seed(TRIGGERED, "For example: Whenever this unit is given a ranged combat order, it may spend one order point to gain 2 blue dice until end of turn.");
    pub const T_COST_PAID: Citation = seed(TRIGGERED, "This is still considered a triggered ability, though the effect is only gained if the cost is paid.");

    pub const S_ACTIVE: Citation = seed(STATIC, "Static abilities are active as long as they are ready and do not occur because of a trigger or require activation.");
    pub const S_STATEMENTS: Citation =
        seed(STATIC, "Static abilities are simply written as statements.");
    pub const S_EXAMPLES: Citation = seed(
        STATIC,
        "Examples: Hail of Arrows, Nature Magic, Aura of Peace",
    );
    pub const S_CONDITION: Citation = seed(
        STATIC,
        "Some static abilities may have a condition in which the ability is in effect.",
    );
    pub const S_INTRINSIC: Citation = seed(STATIC, "Intrinsically most static abilities must be ready to be in effect, but some may also require that the unit be attacking or that their owner has a certain number of victory points.");
    pub const S_AT_ODDS: Citation =
        seed(STATIC, "Occasionally two static abilities may be at odds.");
    pub const S_PHANTOM: Citation = seed(STATIC, "For example, one ability could say This unit's phantom dice are 1s and another ability could say This unit's phantom dice are 3s.");
    pub const S_TIMING: Citation = seed(STATIC, "In these cases timing rules must be used.");
    pub const S_RECENT: Citation = seed(
        STATIC,
        "In general the most recent ability to be made ready is the one that takes precedence.",
    );

    pub const R_SOME: Citation = seed(
        REMINDER,
        "Some abilities require further clarification and contain reminder text.",
    );
    pub const R_WHERE: Citation = seed(
        REMINDER,
        "Reminder text is italicized and in parenthesis placed at the end of an ability.",
    );
    pub const R_NONE: Citation = seed(REMINDER, "It does not actually affect the play of the game; reminder text has no rules implications, and is only meant to make an ability easier to understand.");

    /// Every seed 004 sentence the engine cites.
    pub const ALL: &[Citation] = &[
        PRECEDENCE,
        TWO_TYPES,
        UNIT_FOUND,
        UNIT_READY,
        FIGURE_FOUND,
        FIGURE_READY,
        ONLY_READY,
        NOTE_READY,
        THREE_TYPES,
        A_SYNTAX,
        A_COST,
        A_DASH,
        A_EXAMPLES,
        A_PAID,
        A_USUAL,
        A_ALL_COSTS,
        A_SOME_RESTRICTION,
        A_RESTRICTION,
        A_UNDEAD,
        A_ORDER_PHASE,
        A_SPECIAL_ORDER,
        A_ONE_A_TURN,
        T_SYNTAX,
        T_BEGIN,
        T_EXAMPLES,
        T_ONCE,
        T_MULTIPLE,
        T_THREE,
        T_ACTUALLY,
        T_READY_AT_EVENT,
        T_DAMAGE_EXAMPLE,
        T_OPTIONAL,
        T_MAY,
        T_NO_PART,
        T_PIECES,
        T_COST,
        T_COST_EXAMPLE,
        T_COST_PAID,
        S_ACTIVE,
        S_STATEMENTS,
        S_EXAMPLES,
        S_CONDITION,
        S_INTRINSIC,
        S_AT_ODDS,
        S_PHANTOM,
        S_TIMING,
        S_RECENT,
        R_SOME,
        R_WHERE,
        R_NONE,
    ];
}

/// The house rules A1–A13 (`docs/rules/arcane.md`, "House rules").
pub mod rules {
    use super::{house, Citation};

    pub const JUDGE_ENTERS: Citation = house(
        "The judge enters the table",
        "A1",
        "Geometry, dice and the base combat rules are not in seed 004: contact, adjacency, ranges, dice results and which figures damage downs are entered by the judge; the engine rolls nothing.",
    );
    pub const ACTIONS_IN_ORDER: Citation = house(
        "Actions in order",
        "A2",
        "A position's actions are played one per step, in the order listed; the triggers an action causes resolve in the same step, after it.",
    );
    pub const OWNER_CHOOSES: Citation = house(
        "The owner chooses figures",
        "A3",
        "When figures are downed from a unit or returned to it and the text does not say which, the unit's owner chooses the slots (the ability's owner, for an ability's effect or cost): a decision whose default policy downs the highest-numbered occupied slots and fills the lowest-numbered empty ones.",
    );
    pub const OFF_THE_BATTLEFIELD: Citation = house(
        "Off the battlefield",
        "A4",
        "A unit not on the battlefield has no ready ability, figure abilities included.",
    );
    pub const JUDGE_RESOLVES: Citation = house(
        "The judge resolves what the engine cannot read",
        "A5",
        "An effect, cost or condition whose words the engine does not read is put to the judge as a decision; its answer is a list of explicit changes, and without an answer nothing changes.",
    );
    pub const END_OF_TURN: Citation = house(
        "End of turn",
        "A6",
        "At the end of a turn every effect lasting until end of turn ends and every unit may again be given a Special Order.",
    );
    pub const UNREAD_TRIGGER: Citation = house(
        "Trigger events the engine cannot see",
        "A7",
        "A trigger condition the engine does not read triggers only when the judge enters that its event occurred, with how many occurrences.",
    );
    pub const ACTIVE_PLAYER: Citation = house(
        "The active player",
        "A8",
        "Only the active player activates abilities and gives orders, to their own units.",
    );

    pub const NO_FIGURES: Citation = house(
        "A unit without figures",
        "A9",
        "A unit whose figures are all downed stays on the battlefield, its unit abilities ready, until the judge takes it off (`leave`): whether it is removed is the base rules', not seed 004's.",
    );
    pub const DAMAGE_TALLY: Citation = house(
        "Damage is a tally of the turn",
        "A10",
        "The damage a unit was dealt is a tally of this turn, and at the end of the turn it is cleared to 0; which figures damage downs is the judge's (A1).",
    );
    pub const SPECIAL_IN_ORDER_PHASE: Citation = house(
        "Special Orders in the order phase",
        "A11",
        "A Special Order is given only in its player's order phase, as activating an ability is; an order with `special` in another phase is refused.",
    );
    pub const OWNER_TARGETS: Citation = house(
        "The owner chooses what the words leave open",
        "A12",
        "When an effect's words leave a unit to choose (one enemy unit, a friendly unit in contact) and the judge entered none, the ability's owner chooses: a decision whose default policy takes the first unit listed.",
    );
    pub const RECENCY_IS_READINESS: Citation = house(
        "Precedence counts readiness",
        "A13",
        "Between statics at odds, \"the most recent ability to be made ready\" is the one whose readiness began latest; when a static's condition began to hold does not count, and a condition changes only when the judge enters it (`facts`, `traits`).",
    );

    pub const ALL: &[Citation] = &[
        JUDGE_ENTERS,
        ACTIONS_IN_ORDER,
        OWNER_CHOOSES,
        OFF_THE_BATTLEFIELD,
        JUDGE_RESOLVES,
        END_OF_TURN,
        UNREAD_TRIGGER,
        ACTIVE_PLAYER,
        NO_FIGURES,
        DAMAGE_TALLY,
        SPECIAL_IN_ORDER_PHASE,
        OWNER_TARGETS,
        RECENCY_IS_READINESS,
    ];
}
