//! The KeyForge citation table: the sentences of seed 003 (the glossary's "Ability"
//! entry) the engine quotes, the published rules the seed leans on but never states
//! (cited as `public`, with where they are published), and our numbered house rules
//! (`docs/rules/keyforge.md`, K1–K8) for what neither settles. The kinds of source are
//! the core's ([`crate::rules::cite`]). Seed sentences are checked verbatim against the
//! seed's text by `tests/engine_keyforge.rs`; public and house rules against the doc.
//!
//! This file holds sentences only; which rule code cites which is in `families/`.

pub use crate::rules::cite::{Citation, Rule};

/// The game's slug.
pub const GAME: &str = "keyforge";
/// The seed its ability types come from.
pub const SEED: &str = "003";
/// Where the house rules, published rules and interpretations are written.
pub const RULES_DOC: &str = "docs/rules/keyforge.md";
/// The section the six ability types sit under in seed 003.
pub const TYPES: &str = "Ability Types";
/// The glossary entry the rest of seed 003 sits under.
pub const ENTRY: &str = "Ability";

/// The published rulebook.
pub const RULEBOOK: &str = "KeyForge rulebook (v1.8 and later)";
/// The community rules wiki.
pub const WIKI: &str = "Archon Arcana rules wiki";

/// A sentence of seed 003 under ability type `rule` (§Ability Types).
pub const fn seed(rule: &'static str, sentence: &'static str) -> Citation {
    Citation::seed(GAME, SEED, rule, TYPES, sentence)
}

/// A sentence of seed 003 outside the list of types (§Ability).
pub const fn entry(rule: &'static str, sentence: &'static str) -> Citation {
    Citation::seed(GAME, SEED, rule, ENTRY, sentence)
}

/// A published rule, restated, from `section` of `published`.
pub const fn public(
    published: &'static str,
    rule: &'static str,
    section: &'static str,
    sentence: &'static str,
) -> Citation {
    Citation::public(GAME, published, rule, section, sentence)
}

/// A house rule of `docs/rules/keyforge.md`.
pub const fn house(rule: &'static str, section: &'static str, sentence: &'static str) -> Citation {
    Citation::house(GAME, RULES_DOC, rule, section, sentence)
}

/// Seed 003, sentence by sentence, in its order.
pub mod seed003 {
    use super::{entry, seed, Citation};

    pub const ABILITY: Citation = entry(
        "Ability",
        "An ability is the special game text a card contributes to the game.",
    );
    pub const IN_PLAY_ONLY: Citation = entry(
        "Ability",
        "Unless an ability explicitly references an out-of-play area (such as a hand, deck, archives, or discard pile), that ability can only interact with cards that are in play.",
    );
    pub const ACTION_EXHAUST: Citation = seed(
        "Action",
        "To use an “Action:” ability during their turn, the active player must exhaust the card.",
    );
    pub const ACTION_RESOLVES: Citation = seed("Action", "The ability then resolves.");
    pub const CONSTANT: Citation = seed(
        "Constant",
        "If a card has an ability that does not have a boldfaced precursor, the ability is a constant ability that is active so long as the card remains in play and meets all conditions specified by the ability.",
    );
    pub const CONSTANT_EXHAUSTED: Citation = seed(
        "Constant",
        "Constant abilities on a card are active even while that card is exhausted.",
    );
    pub const CONSTANT_NOT_USE: Citation = seed(
        "Constant",
        "Applying the effects of a constant ability is not considered using a card and therefore does not cause the card to exhaust.",
    );
    pub const FIGHT: Citation = seed(
        "Fight",
        "If a card is used to attack and the attacker is not destroyed, all “Fight:” abilities on the attacking creature then resolve.",
    );
    pub const FIGHT_SURVIVE: Citation = seed(
        "Fight",
        "If either creature in a fight has a constant ability referencing the end of the fight (example: “after an enemy creature is destroyed fighting this creature…”), the creature must survive the fight to resolve the ability.",
    );
    pub const FIGHT_ATTACKER_ONLY: Citation =
        seed("Fight", "Only the attacker can trigger “Fight:” abilities.");
    pub const PLAY: Citation = seed(
        "Play",
        "When a card has a “Play:” ability, the effect occurs any time the card is played.",
    );
    pub const PLAY_ENTERS: Citation = seed(
        "Play",
        "For creatures, artifacts, and upgrades, the ability resolves immediately after the card enters play.",
    );
    pub const PLAY_ACTION_CARD: Citation = seed(
        "Play",
        "For action cards, the ability resolves, and then the card is placed in its owner’s discard pile.",
    );
    pub const PLAY_FROM: Citation = seed(
        "Play",
        "If an ability “plays” a card from a source other than hand, “Play:” abilities on the card resolve.",
    );
    pub const PUT_INTO_PLAY: Citation = seed(
        "Play",
        "If an ability “puts” a card “into play,” “Play:” abilities on the card do not resolve.",
    );
    pub const REAP: Citation = seed(
        "Reap",
        "When a player uses a creature to reap, the player exhausts the creature, gains 1 Æmber for their Æmber pool, and then all “Reap:” abilities on the creature resolve.",
    );
    pub const OMNI: Citation = seed(
        "Omni",
        "The active player may trigger any ”Omni:“ abilities under their control during any of their turns, even if the card with the ”Omni:“ ability does not belong to the active house.",
    );
    pub const MACK: Citation = entry(
        "Mack the Knife",
        "Mack the Knife has both an Action ability (Deal 1 damage...) and two Constant abilities (Elusive and You may use Mack the Knife as if it belonged to the active house)",
    );
    pub const JAVELIN: Citation = entry(
        "Mighty Javelin",
        "Mighty Javelin has the Omni ability: Sacrifice Mighty Javelin, Deal 4 damage to a creature",
    );
    pub const HORSEMAN: Citation = entry(
        "Horseman of Pestilence",
        "Horseman of Pestilence has Play, Fight, and Reap abilities.",
    );
    pub const HORSEMAN_EFFECT: Citation = entry(
        "Horseman of Pestilence",
        "Deal 1 damage to each non-Horseman creature.",
    );

    /// Every sentence of seed 003, in the seed's order.
    pub const ALL: &[Citation] = &[
        ABILITY,
        IN_PLAY_ONLY,
        ACTION_EXHAUST,
        ACTION_RESOLVES,
        CONSTANT,
        CONSTANT_EXHAUSTED,
        CONSTANT_NOT_USE,
        FIGHT,
        FIGHT_SURVIVE,
        FIGHT_ATTACKER_ONLY,
        PLAY,
        PLAY_ENTERS,
        PLAY_ACTION_CARD,
        PLAY_FROM,
        PUT_INTO_PLAY,
        REAP,
        OMNI,
        MACK,
        JAVELIN,
        HORSEMAN,
        HORSEMAN_EFFECT,
    ];
}

/// The published rules (`docs/rules/keyforge.md`, "Published rules").
pub mod base {
    use super::{public, Citation, RULEBOOK, WIKI};

    pub const ACTIVE_HOUSE: Citation = public(
        RULEBOOK,
        "Active house",
        "\"Choose a house\"",
        "A turn has an active house: only cards of that house are played or used, except where an ability says otherwise (Omni; \"as if it belonged to the active house\").",
    );
    pub const USE: Citation = public(
        WIKI,
        "Use",
        "page \"Use\"",
        "Using a card (fight, reap, Action:, Omni:) exhausts it; an exhausted card cannot be used.",
    );
    pub const USE_SACRIFICED: Citation = public(
        WIKI,
        "Use",
        "page \"Use\"",
        "Using an artifact exhausts it even when it is sacrificed.",
    );
    pub const USE_FUTILE: Citation = public(
        WIKI,
        "Use",
        "page \"Use\"",
        "A card may be used even when its ability would change nothing.",
    );
    pub const CONTROL: Citation = public(
        RULEBOOK,
        "Control",
        "\"Step 3: Play, discard and use cards\"",
        "Only the active player plays and uses cards, and only cards they control.",
    );
    pub const FLANK: Citation = public(
        RULEBOOK,
        "Flank",
        "\"Playing creatures\"",
        "A creature is played on either flank of its controller's battleline; the battleline keeps its order.",
    );
    pub const ENTERS_EXHAUSTED: Citation = public(
        RULEBOOK,
        "Enters exhausted",
        "\"Playing cards\"",
        "Creatures and artifacts enter play exhausted.",
    );
    pub const BONUS: Citation = public(
        RULEBOOK,
        "Bonus icons",
        "\"Bonus Icons\"",
        "When a card is played, its bonus icons resolve one at a time, top to bottom, before its Play: abilities: Æmber (gain 1 Æmber), capture (a friendly creature captures 1 Æmber from the opponent), damage (deal 1 damage to a creature), draw (draw a card). A card put into play resolves no bonus icons.",
    );
    pub const CARD_TYPES: Citation = public(
        RULEBOOK,
        "Card types",
        "\"Card types\"",
        "A creature enters its controller's battleline, an artifact their artifacts, an upgrade attaches to a creature in play; an action card resolves and goes to its owner's discard pile.",
    );
    pub const FIGHT: Citation = public(
        WIKI,
        "Fight",
        "pages \"Attacker\", \"Attacking\"",
        "A fight: exhaust the attacker; choose an enemy creature it may fight.",
    );
    pub const TAUNT: Citation = public(
        RULEBOOK,
        "Taunt",
        "glossary \"Taunt\"",
        "Taunt protects its neighbours: a creature next to a creature with taunt cannot be chosen to be fought unless it has taunt itself.",
    );
    pub const BEFORE_FIGHT: Citation = public(
        WIKI,
        "Before Fight",
        "page \"Before\"",
        "\"Before Fight:\" abilities, Assault and Hazardous resolve before the damage is exchanged; if either creature is destroyed by then, the fight stops there and no fight damage is dealt.",
    );
    pub const ASSAULT: Citation = public(
        RULEBOOK,
        "Assault",
        "glossary \"Assault (X)\"",
        "Assault X: before the fight damage, the attacker deals X damage to the creature it fights.",
    );
    pub const HAZARDOUS: Citation = public(
        RULEBOOK,
        "Hazardous",
        "glossary \"Hazardous (X)\"",
        "Hazardous X: before the fight damage, this creature deals X damage to the creature attacking it.",
    );
    pub const EXCHANGE: Citation = public(
        WIKI,
        "Fight damage",
        "page \"Attacking\"",
        "Both creatures deal damage equal to their power to each other at the same time.",
    );
    pub const AFTER_FIGHT: Citation = public(
        WIKI,
        "After Fight",
        "page \"Attacking\"",
        "Then, if the attacker is still in play, its Fight: / \"After Fight:\" abilities resolve.",
    );
    pub const AFTER_FIGHT_IS_FIGHT: Citation = public(
        RULEBOOK,
        "After Fight",
        "glossary \"After Fight\"",
        "Today's printed \"After Fight:\" is the seed's \"Fight:\".",
    );
    pub const ARMOR: Citation = public(
        WIKI,
        "Armor",
        "page \"Armor\"",
        "Armor prevents up to its value of damage to the creature, once per turn in total.",
    );
    pub const DAMAGE: Citation = public(
        RULEBOOK,
        "Damage",
        "\"Damage\"",
        "Damage an ability deals is placed on the creature as damage tokens, less what its armor prevents.",
    );
    pub const DESTROYED: Citation = public(
        RULEBOOK,
        "Destroyed",
        "\"Damage\"",
        "A creature with damage equal to or above its power is destroyed.",
    );
    pub const ELUSIVE: Citation = public(
        WIKI,
        "Elusive",
        "page \"Elusive\"",
        "Elusive: the first time each turn a creature with Elusive is chosen to be fought, it deals and takes no fight damage.",
    );
    pub const SKIRMISH: Citation = public(
        RULEBOOK,
        "Skirmish",
        "glossary \"Skirmish\"",
        "Skirmish: when a creature with skirmish is used to fight, it takes no fight damage from the creature it fights.",
    );
    pub const POISON: Citation = public(
        RULEBOOK,
        "Poison",
        "glossary \"Poison\"",
        "Poison: any fight damage a creature with poison deals to a creature destroys that creature.",
    );
    pub const REAP: Citation = public(
        RULEBOOK,
        "Reap",
        "\"Reaping\"",
        "Reap: exhaust, gain 1 Æmber, then Reap: abilities.",
    );
    pub const CHOICES: Citation = public(
        RULEBOOK,
        "Choices",
        "\"Golden rules\"",
        "The active player makes every choice and orders simultaneous abilities.",
    );
    pub const STUN: Citation = public(
        RULEBOOK,
        "Stun",
        "glossary \"Stun\"",
        "The next time a stunned creature is used (fight, reap, Action:, Omni:), the only thing that happens is that it exhausts and its stun is removed.",
    );
    pub const DESTROY: Citation = public(
        RULEBOOK,
        "Destroy",
        "glossary \"Destroyed\"",
        "An ability that destroys a creature destroys it whatever its damage.",
    );
    pub const DESTROYED_ABILITIES: Citation = public(
        RULEBOOK,
        "Destroyed",
        "glossary \"Destroyed\"",
        "\"Destroyed:\" abilities resolve when the card is destroyed, before it leaves play.",
    );
    pub const LEAVES_PLAY: Citation = public(
        RULEBOOK,
        "Leaves play",
        "glossary \"Leaves play\"",
        "A card that leaves play goes to its owner's discard pile (or the zone its effect names); its upgrades go to their owners' discard piles, and Æmber on it goes to the opponent of its controller.",
    );
    pub const SACRIFICE: Citation = public(
        RULEBOOK,
        "Sacrifice",
        "glossary \"Sacrifice\"",
        "To sacrifice a card is to destroy it.",
    );
    pub const AMBER: Citation = public(
        RULEBOOK,
        "Æmber",
        "glossary \"Gain\", \"Lose\", \"Steal\", \"Capture\"",
        "Gain adds Æmber to your pool; lose takes it out of the pool; steal moves it from the opponent's pool to yours; capture moves it from the opponent's pool onto the capturing creature. Each takes only as much as there is.",
    );
    pub const STATES: Citation = public(
        RULEBOOK,
        "Ready, exhaust, stun",
        "glossary \"Ready\", \"Exhaust\", \"Stun\"",
        "Ready turns a card upright; exhaust turns it sideways; stun places a stun status on a creature.",
    );
    pub const HEAL: Citation = public(
        RULEBOOK,
        "Heal",
        "glossary \"Heal\"",
        "Healing removes damage from a creature; fully healing removes all of it.",
    );
    pub const ZONES: Citation = public(
        RULEBOOK,
        "Zones",
        "glossary \"Archives\", \"Draw\", \"Return\"",
        "Archive puts a card into its owner's archives; draw takes the top card of your deck into your hand; a card returned to hand goes to its owner's hand.",
    );
    pub const ALL: &[Citation] = &[
        ACTIVE_HOUSE,
        USE,
        USE_SACRIFICED,
        USE_FUTILE,
        CONTROL,
        FLANK,
        ENTERS_EXHAUSTED,
        BONUS,
        CARD_TYPES,
        FIGHT,
        TAUNT,
        BEFORE_FIGHT,
        ASSAULT,
        HAZARDOUS,
        EXCHANGE,
        AFTER_FIGHT,
        AFTER_FIGHT_IS_FIGHT,
        ARMOR,
        DAMAGE,
        DESTROYED,
        ELUSIVE,
        SKIRMISH,
        POISON,
        REAP,
        CHOICES,
        STUN,
        DESTROY,
        DESTROYED_ABILITIES,
        LEAVES_PLAY,
        SACRIFICE,
        AMBER,
        STATES,
        HEAL,
        ZONES,
    ];
}

/// The house rules K1–K8 (`docs/rules/keyforge.md`, "House rules").
pub mod rules {
    use super::{house, Citation};

    pub const ONE_TURN: Citation = house(
        "One turn",
        "K1",
        "A position is part of one turn of the active player: its actions are taken in order, one step each, and adjudication ends after the last.",
    );
    pub const LANGUAGE: Citation = house(
        "The effect language",
        "K2",
        "An ability's text is read sentence by sentence in the effect language of docs/rules/keyforge.md; an ability with any sentence outside it is resolved by the judge, never guessed.",
    );
    pub const RULING: Citation = house(
        "Judge's rulings",
        "K3",
        "An effect the judge resolves makes exactly the changes the judge's ruling lists; with no ruling it changes nothing, and the log says the judge has not ruled.",
    );
    pub const DEFAULT_CHOICE: Citation = house(
        "Default choices",
        "K4",
        "A choice the position does not make takes the first legal option: enemy creatures left to right, then friendly creatures left to right, passing over creatures already being destroyed; cards in a zone in its order; a creature enters on the right flank.",
    );
    pub const ABILITY_PLAYS: Citation = house(
        "Plays by an ability",
        "K5",
        "`play_from` and `put_into_play` stand for another card's ability playing or putting the card into play; the active-house rule does not restrict them.",
    );
    pub const LASTING: Citation = house(
        "Until the end of the turn",
        "K6",
        "An effect that lasts until the end of the turn and names friendly creatures applies to every creature the player controls for the rest of the turn, those that enter play later included.",
    );
    pub const EMPTY_DECK: Citation = house(
        "Empty deck",
        "K7",
        "A draw or a look at a deck with too few cards takes what there is; a position holds no shuffle, so an empty deck draws nothing.",
    );

    pub const DECK_TOP: Citation = house(
        "A deck's top card",
        "K8",
        "`play_from` and `put_into_play` from a deck take its top card, the first the position lists; `from_opponent` takes the card from the opponent's zone, for an ability that names it.",
    );

    pub const ALL: &[Citation] = &[
        ONE_TURN,
        LANGUAGE,
        RULING,
        DEFAULT_CHOICE,
        ABILITY_PLAYS,
        LASTING,
        EMPTY_DECK,
        DECK_TOP,
    ];
}
