//! The Heroes of Karth citation table: the sentences of seed 001 §5 the play engine
//! quotes (each under its rule number and the heading it sits under; 5.1.1, 5.1.2 and
//! 5.8.7 appear twice in the seed, and a citation names which occurrence), the
//! published rules of the rulebook's section 4 the seed leans on (cited as `public`),
//! and our numbered house rules K1–K25 (`docs/rules/karth.md`) for what neither settles.
//! Seed sentences are checked verbatim against the catalogue's copy of seed 001
//! (`data/rules.csv`) by `tests/engine_karth.rs`; public and house rules against the doc.
//!
//! This file holds sentences only; which rule code cites which is in `actions/`.

pub use crate::rules::cite::{Citation, Rule};

/// The game's slug.
pub const GAME: &str = "karth";
/// The seed its rules come from.
pub const SEED: &str = "001";
/// Where the house rules, published rules and interpretations are written.
pub const RULES_DOC: &str = "docs/rules/karth.md";
/// Where the published rules are.
pub const PUBLISHED: &str = "Heroes of Karth rules (heroesofkarth.com, \"The Rules\")";

/// Sentence `sentence` of rule `section` (under heading `rule`) of seed 001.
pub const fn seed(rule: &'static str, section: &'static str, sentence: &'static str) -> Citation {
    Citation::seed(GAME, SEED, rule, section, sentence)
}

/// A published rule, restated, from `section` of the rules pages.
pub const fn public(rule: &'static str, section: &'static str, sentence: &'static str) -> Citation {
    Citation::public(GAME, PUBLISHED, rule, section, sentence)
}

/// A house rule of `docs/rules/karth.md`.
pub const fn house(rule: &'static str, section: &'static str, sentence: &'static str) -> Citation {
    Citation::house(GAME, RULES_DOC, rule, section, sentence)
}

/// The sentences of seed 001 §5 the engine cites.
pub mod s5 {
    use super::{seed, Citation};

    const HERO: &str = "Hero Cards";
    const UNIT: &str = "Unit Cards";
    const MERC: &str = "Mercenary Cards";
    const ANIMAL: &str = "Animal Cards";
    const TOKEN: &str = "Token Cards";
    const ITEM: &str = "Item Cards";
    const EQUIP: &str = "Equipping Items";
    const SPELL: &str = "Spell Cards";
    const INCOME: &str = "Income Cards";
    const TERRAIN: &str = "Terrain Cards";

    pub const HERO_ALLEGIANCE: Citation = seed(
        HERO,
        "5.1.2",
        "A Player cannot have two of the same Allegiance Hero on the Battlefield.",
    );
    pub const HERO_SHARD: Citation = seed(
        HERO,
        "5.1.2",
        "A Player cannot have two of the same Shard Hero on the Battlefield.",
    )
    .occurrence(1);
    pub const HIRE: Citation = seed(
        UNIT,
        "5.2.1",
        "A Player can hire a unit from their hand if they have enough gold.",
    );
    pub const NEWLY_HIRED: Citation = seed(
        UNIT,
        "5.2.2",
        "A Player cannot move a unit that is newly hired unless there is a card that specifies otherwise.",
    );
    pub const MERC_SIDE: Citation = seed(
        MERC,
        "5.3.1",
        "When played from a Player's hand, mercenaries must be played off to the side of the Battlefield.",
    );
    pub const MERC_SIDE_LIMIT: Citation = seed(
        MERC,
        "5.3.2",
        "You can only play 1 mercenary off to the side in 1 turn.",
    );
    pub const MERC_DRAW: Citation = seed(
        MERC,
        "5.3.3",
        "When played off to the side if the card says “Draw another card” you would draw a card.",
    );
    pub const MERC_HIRED_ON_FIELD: Citation = seed(
        MERC,
        "5.3.4",
        "Mercenaries are only hired once they are played on the Battlefield.",
    );
    pub const MERC_NO_COST: Citation = seed(
        MERC,
        "5.3.4",
        "You DO NOT spend the summon cost of the unit when playing it off to the side.",
    );
    pub const MERC_DIRECT: Citation = seed(
        MERC,
        "5.3.5",
        "Mercenaries can be summoned directly onto the field only if a card or unit specifies a Player can do so.",
    );
    pub const MERC_ENTER: Citation = seed(
        MERC,
        "5.3.6",
        "After the card has been off to the side for 1 turn, on any of your future turns you may pay the card’s summon cost to bring it on to the field anywhere in your spawn zone.",
    );
    pub const MERC_ACT: Citation = seed(
        MERC,
        "5.3.7",
        "Mercenaries can act as soon as they enter the Battlefield.",
    );
    pub const MERC_FIELD_LIMIT: Citation = seed(
        MERC,
        "5.3.8",
        "A maximum of 1 mercenary can be played on the Battlefield in 1 turn.",
    );
    pub const ANIMAL_SIDE: Citation = seed(
        ANIMAL,
        "5.4.1",
        "When played from a Player's hand, animals must be played off to the side of the Battlefield.",
    );
    pub const ANIMAL_SIDE_LIMIT: Citation = seed(
        ANIMAL,
        "5.4.2",
        "You can only play 1 animal off to the side in 1 turn.",
    );
    pub const ANIMAL_DRAW: Citation = seed(
        ANIMAL,
        "5.4.3",
        "When played off to the side if the card says “Draw another card” you would draw a card.",
    );
    pub const ANIMAL_NO_GOLD: Citation = seed(
        ANIMAL,
        "5.4.4",
        "Animals work the same as mercenaries but animals can’t be summoned onto the field with gold since they don’t have a cost.",
    );
    pub const ANIMAL_PET: Citation = seed(
        ANIMAL,
        "5.4.4",
        "Instead, to summon an animal you need a unit to use the ‘Summon Pet’ or ‘Call Pet’ ability",
    );
    pub const ANIMAL_DIRECT: Citation = seed(
        ANIMAL,
        "5.4.5",
        "Animals can be summoned directly onto the field only if a card or unit specifies a Player can.",
    );
    pub const ANIMAL_ENTER: Citation = seed(
        ANIMAL,
        "5.4.6",
        "After the card has been off to the side for 1 turn, on any of your future turns you may use abilities from units or heroes to bring it on to the field anywhere within a radius of 1 from the unit or hero.",
    );
    pub const ANIMAL_ACT: Citation = seed(
        ANIMAL,
        "5.4.7",
        "Animals can act as soon as they enter the Battlefield.",
    );
    pub const ANIMAL_FIELD_LIMIT: Citation = seed(
        ANIMAL,
        "5.4.8",
        "A maximum of 1 animal can be played on the Battlefield in 1 turn.",
    );
    pub const TOKEN_KINDS: Citation =
        seed(TOKEN, "5.5.1", "Tokens can be spells as well as units.");
    pub const TOKEN_SUMMON: Citation = seed(
        TOKEN,
        "5.5.4",
        "Tokens can be summoned to the Battlefield or as a spell when a Player's unit or hero specifies one is required.",
    );
    pub const ITEM_COUNT: Citation = seed(
        ITEM,
        "5.6.1",
        "Unless a unit has dual wield, only 1 Item card can be used at a time (2 max for those with dual wield).",
    );
    pub const ITEM_CLASS: Citation = seed(
        ITEM,
        "5.6.2",
        "Items have limits on what types of classes can use the cards (specified on the card).",
    );
    pub const ITEM_IN_PLAY: Citation = seed(
        ITEM,
        "5.6.3",
        "Items can be equipped by unit cards in play on the Battlefield.",
    );
    pub const ITEM_STACK: Citation = seed(
        ITEM,
        "5.6.4",
        "Items cannot be stacked unless specified differently.",
    );
    pub const ITEM_EQUIP_TURN: Citation = seed(
        ITEM,
        "5.6.5",
        "An item can be equiped at any point during a player's turn.",
    );
    pub const ITEM_USE_TURN: Citation = seed(
        ITEM,
        "5.6.6",
        "An item can be used at any point during a player's turn.",
    );
    pub const EQUIP_PLACE: Citation = seed(
        EQUIP,
        "5.7.1",
        "To equip an item to a unit just place the item below the unit.",
    );
    pub const EQUIP_MOVES: Citation = seed(
        EQUIP,
        "5.7.2",
        "Move equipped items with the unit they are equipped to.",
    );
    pub const EQUIP_DIES: Citation = seed(
        EQUIP,
        "5.7.3",
        "If a unit with an equipped item dies, you may pay the value of the item to put it back into your hand.",
    );
    pub const EQUIP_HIDDEN: Citation = seed(
        EQUIP,
        "5.7.4",
        "You may equip an item to a hidden unit just as you’d equip it to an unhidden unit.",
    );
    pub const EQUIP_HIDDEN_NOT_REVEALED: Citation = seed(
        EQUIP,
        "5.7.4",
        "Equipping a hidden unit does NOT reveal it.",
    );
    pub const EQUIP_HIDDEN_ITEM: Citation = seed(
        EQUIP,
        "5.7.4",
        "You also do not have to reveal the item equiped on hidden units.",
    );
    pub const EQUIP_PAY_VALUE: Citation = seed(
        EQUIP,
        "5.7.5",
        "When a unit dies you may pay the VALUE of the item to put it back into your hand.",
    );
    pub const EQUIP_DISCARD: Citation = seed(
        EQUIP,
        "5.7.5",
        "If you don’t pay the value, the item goes to the discard pile.",
    );
    pub const SNATCH: Citation = seed(
        EQUIP,
        "5.7.6",
        "This ability can steal an item from another unit.",
    );
    pub const SNATCH_ABILITY: Citation = seed(
        EQUIP,
        "5.7.6",
        "Some units may have an ability called “Snatch”.",
    );
    pub const SNATCH_RETURNS: Citation = seed(
        EQUIP,
        "5.7.6",
        "When the unit that has snatched an item dies the item returns to the original owner’s discard pile.",
    );
    pub const SNATCH_NO_PAY: Citation = seed(
        EQUIP,
        "5.7.6",
        "You may NOT pay the value of a snatched item to return it to your hand.",
    );
    pub const SCRIBE: Citation = seed(
        SPELL,
        "5.8.2",
        "Casters can use the scribe ability to search for a spell and add it to the Player's hand.",
    );
    pub const SPELL_CLASS: Citation = seed(
        SPELL,
        "5.8.3",
        "Some spell cards have limits on what types of classes can use the cards.",
    );
    pub const SPELL_IN_PLAY: Citation = seed(
        SPELL,
        "5.8.4",
        "Some spells can only be cast by unit or hero cards that are in play on the battlefield.",
    );
    pub const SPELL_BLESS: Citation = seed(
        SPELL,
        "5.8.6",
        "Some spell cards provide bonuses to different attributes (the bless adds +2 bonuses to attributes).",
    );
    pub const SPELL_OTHER_TURN: Citation = seed(
        SPELL,
        "5.8.7",
        "Some spell cards can be played by a player during the other Player's turn.",
    );
    pub const INCOME_LIMIT: Citation = seed(
        INCOME,
        "5.9.1",
        "There is a limit of only 1 income card playable per turn.",
    );
    pub const INCOME_NOT_DOUBLED: Citation = seed(
        INCOME,
        "5.9.2",
        "The \"Double Production\" card does not apply to the income cards.",
    );
    pub const GRASSLAND: Citation = seed(
        TERRAIN,
        "5.10.1",
        "The Grassland terrain has a 0 value and does not have any modifiers.",
    );
    pub const WATER: Citation = seed(
        TERRAIN,
        "5.10.2",
        "The Water terrain stops movement (flying, leaping and undead are immune to the movement penalty).",
    );
    pub const FOREST: Citation = seed(
        TERRAIN,
        "5.10.3",
        "The Forest terrain stops movement and attack from cards (rangers, druids and hunters are immune to the movement and attack penalty).",
    );
    pub const FOREST_LOS: Citation = seed(
        TERRAIN,
        "5.10.3",
        "The Forest card also blocks LoS for all cards.",
    );
    pub const SPAWNER: Citation = seed(
        TERRAIN,
        "5.10.4",
        "Units can start on any terrain owned by the player that is a spawner and is unoccupied.",
    );
    pub const SPAWNER_PLAIN: Citation = seed(
        TERRAIN,
        "5.10.4",
        "The Spawner terrain has a 0 value and does not have any modifiers.",
    );
    pub const TELEPORT_COST: Citation = seed(
        TERRAIN,
        "5.10.5",
        "The Teleporter terrain only costs 1 MV to enter.",
    );
    pub const TELEPORT: Citation = seed(
        TERRAIN,
        "5.10.5",
        "A unit can travel to any other unoccupied teleporter on the Battlefield without using additional movement.",
    );
    pub const TELEPORT_ATTACK: Citation = seed(
        TERRAIN,
        "5.10.5",
        "Units can attack other cards after teleporting.",
    );
    pub const GOLD: Citation = seed(
        TERRAIN,
        "5.10.6",
        "The Gold terrain allows any unit ending their movement to gain an additional gold.",
    );
    pub const MANA_POOL: Citation = seed(
        TERRAIN,
        "5.10.7",
        "A unit ending their movement on a Mana Pool can use one ability without expending SE.",
    );

    pub const ALL: &[Citation] = &[
        HERO_ALLEGIANCE,
        HERO_SHARD,
        HIRE,
        NEWLY_HIRED,
        MERC_SIDE,
        MERC_SIDE_LIMIT,
        MERC_DRAW,
        MERC_HIRED_ON_FIELD,
        MERC_NO_COST,
        MERC_DIRECT,
        MERC_ENTER,
        MERC_ACT,
        MERC_FIELD_LIMIT,
        ANIMAL_SIDE,
        ANIMAL_SIDE_LIMIT,
        ANIMAL_DRAW,
        ANIMAL_NO_GOLD,
        ANIMAL_PET,
        ANIMAL_DIRECT,
        ANIMAL_ENTER,
        ANIMAL_ACT,
        ANIMAL_FIELD_LIMIT,
        TOKEN_KINDS,
        TOKEN_SUMMON,
        ITEM_COUNT,
        ITEM_CLASS,
        ITEM_IN_PLAY,
        ITEM_STACK,
        ITEM_EQUIP_TURN,
        ITEM_USE_TURN,
        EQUIP_PLACE,
        EQUIP_MOVES,
        EQUIP_DIES,
        EQUIP_HIDDEN,
        EQUIP_HIDDEN_NOT_REVEALED,
        EQUIP_HIDDEN_ITEM,
        EQUIP_PAY_VALUE,
        EQUIP_DISCARD,
        SNATCH_ABILITY,
        SNATCH,
        SNATCH_RETURNS,
        SNATCH_NO_PAY,
        SCRIBE,
        SPELL_CLASS,
        SPELL_IN_PLAY,
        SPELL_BLESS,
        SPELL_OTHER_TURN,
        INCOME_LIMIT,
        INCOME_NOT_DOUBLED,
        GRASSLAND,
        WATER,
        FOREST,
        FOREST_LOS,
        SPAWNER_PLAIN,
        SPAWNER,
        TELEPORT_COST,
        TELEPORT,
        TELEPORT_ATTACK,
        GOLD,
        MANA_POOL,
    ];
}

/// The published rules of the rulebook's section 4 (`docs/rules/karth.md`, "Published
/// rules").
pub mod base {
    use super::{public, Citation};

    pub const BATTLEFIELD: Citation = public(
        "Battlefield",
        "4",
        "A 1-against-1 battlefield is made of terrain cards: each player lays 3 rows of 5.",
    );
    pub const UNIT_TURN: Citation = public(
        "Unit's turn",
        "4.1.1",
        "Each of a player's units takes a turn: Movement, then Action, then Combat.",
    );
    pub const MV: Citation = public("MV", "4.2.1", "MV is the number of spaces a unit may move.");
    pub const OWN_UNITS: Citation = public(
        "Passing own units",
        "4.2.2",
        "A unit may pass through its own units.",
    );
    pub const OCCUPIED: Citation = public(
        "Occupied spaces",
        "4.2.4",
        "A unit may not end its move on an occupied space.",
    );
    pub const NO_DIAGONAL: Citation = public(
        "No diagonal moves",
        "4.2.5",
        "A unit never moves diagonally.",
    );
    pub const ENEMIES: Citation = public(
        "Enemies block",
        "4.2.6",
        "A unit may not pass through enemy units.",
    );
    pub const WALLS: Citation = public(
        "Walls",
        "4.2.7",
        "Walls stop all units but rogues and flying units.",
    );
    pub const WEBS: Citation = public(
        "Webs",
        "4.2.8–4.2.10",
        "A web costs 1 extra MV to leave; flying units ignore it; a unit with 1 MV on a web is stuck.",
    );
    pub const RADIUS: Citation = public(
        "Radius and adjacency",
        "Key Concepts",
        "\"Radius 1\" is the 8 surrounding spaces; \"adjacent\" is the 4 orthogonal ones.",
    );

    pub const ALL: &[Citation] = &[
        BATTLEFIELD,
        UNIT_TURN,
        MV,
        OWN_UNITS,
        OCCUPIED,
        NO_DIAGONAL,
        ENEMIES,
        WALLS,
        WEBS,
        RADIUS,
    ];
}

/// The house rules K1–K25 (`docs/rules/karth.md`, "House rules").
pub mod rules {
    use super::{house, Citation};

    pub const COST: Citation = house(
        "Summon cost",
        "K1",
        "A card's summon cost, the gold its hiring takes, is its printed gold value.",
    );
    pub const TURN_OWNER: Citation = house(
        "Whose turn",
        "K2",
        "Only the player whose turn it is hires, plays cards to the side, brings cards in, moves, attacks, plays income and ends the turn; a card that says it can be played during the other player's turn is the exception.",
    );
    pub const ONE_MOVE: Citation = house(
        "One movement a turn",
        "K3",
        "A unit's move action is its whole Movement for the turn: a unit moves at most once a turn, along the path given, one orthogonal space at a time.",
    );
    pub const LINE_OF_SIGHT: Citation = house(
        "Line of sight",
        "K4",
        "Line of sight runs from the centre of the attacker's space to the centre of the target's; a space the line passes through strictly between them (touching a corner counts) blocks it when that space is Forest.",
    );
    pub const OTHER_TERRAIN: Citation = house(
        "Other terrain",
        "K5",
        "A terrain card of any other name than the seven of 5.10 is read as Grassland: no modifiers.",
    );
    pub const HALVES: Citation = house(
        "Who laid a space",
        "K6",
        "A space belongs to the player who laid it; when a position does not say, the top half of the rows was laid by the first player and the bottom half by the second.",
    );
    pub const DEATH: Citation = house(
        "Death",
        "K7",
        "A unit that dies goes to its owner's cemetery; a token goes back to its owner's token pile.",
    );
    pub const UNEQUIP: Citation = house(
        "Equipping and unequipping",
        "K8",
        "A player equips items only to their own units; in their own turn they may take an item off their unit, and it goes back to their hand.",
    );
    pub const ATTACK: Citation = house(
        "Attacks judged for legality only",
        "K9",
        "An attack is judged only for whether it may be made: its attacker is the active player's unit, in play, not yet attacked this turn, and the target is an enemy unit within the attacker's range counted in orthogonal steps (range 1: adjacent) and in its line of sight; damage is outside section 5, and a judge records a death with a `dies` action.",
    );
    pub const TOKEN_PLACE: Citation = house(
        "Where a token enters",
        "K10",
        "A token summoned to the Battlefield enters on an unoccupied space within radius 1 of the unit or hero that requires it.",
    );
    pub const SNATCH_REACH: Citation = house(
        "Snatch reach",
        "K11",
        "A unit uses Snatch on a unit adjacent to it, in its owner's turn; the item it takes goes below it, to be carried within the item limits of 5.6.1 and 5.6.4, and whether it may use the item is asked when it is used (5.6.2).",
    );
    pub const CARD_EFFECTS: Citation = house(
        "Card effects",
        "K12",
        "Of a card's effect the engine plays only what section 5 names (Double Production and a drawn card) and records Bless's +2 as said; any other effect is recorded as cast, not played.",
    );

    pub const NEUTRAL_HERO: Citation = house(
        "Neutral heroes",
        "K13",
        "A Neutral hero is held to 5.1.2 as an Allegiance or Shard hero is: a player cannot have two of the same one on the Battlefield.",
    );
    pub const UNKNOWN_MV: Citation = house(
        "MV not given",
        "K14",
        "The catalogue does not print MV: a unit moves only when the position gives its `mv` (on the unit, or on the action that brings it in) or its card's text says it (house rule K21).",
    );
    pub const TELEPORT_START: Citation = house(
        "Travelling from a teleporter",
        "K15",
        "A unit may travel between teleporters once in a move, from the teleporter it entered in that move or the one it began the move on; two teleporters side by side are a step of 1 MV, not a travel.",
    );
    pub const HERO_ENTERS: Citation = house(
        "Heroes enter as units are hired",
        "K16",
        "A hero is brought onto the Battlefield as a unit is hired: from its player's hand, for its gold value, onto one of its player's unoccupied spawners.",
    );
    pub const NEEDS_CASTER: Citation = house(
        "Spells that need a caster",
        "K17",
        "A spell is cast by a unit or hero in play when its card limits it to classes or its text names a caster; any other spell is cast by its player alone.",
    );
    pub const SPAWN_ZONE: Citation = house(
        "Spawn zone",
        "K18",
        "A player's spawn zone is the spawners they laid: a mercenary brought in from the side enters on one of them that is unoccupied.",
    );
    pub const SPIRIT_ENERGY: Citation = house(
        "Spirit energy",
        "K19",
        "The engine does not track SE: a unit that ends its movement on a Mana Pool may use its next ability of that turn without expending SE, and the log says so; for any other ability a unit uses (Snatch, Scribe, Summon Pet or Call Pet, a token its card requires), the log says its SE is the judge's to charge.",
    );
    pub const FROM_HAND: Citation = house(
        "Played from the hand",
        "K20",
        "An item, spell or income card is played from its player's hand, as a mercenary or animal summoned directly onto the field is: one that is not in the hand cannot be played.",
    );
    pub const CARD_MOVES: Citation = house(
        "Card texts on moving and attacking",
        "K21",
        "A unit's card text is read where it says how the unit moves or attacks: \"Moves N spaces\" gives its MV, \"Cannot move\" an MV of 0, \"Attacks at range N\" its range, and \"Ignores the Water (or Forest) movement penalty\" makes it immune to that penalty; an `mv` or `range` the position gives comes first.",
    );
    pub const ONE_TO_A_SPACE: Citation = house(
        "One unit to a space",
        "K22",
        "A card brought onto the Battlefield enters an unoccupied space: an animal a unit calls in cannot enter a space where a unit stands.",
    );
    pub const DIRECT_PLACE: Citation = house(
        "Where a directly summoned card enters",
        "K23",
        "A mercenary or animal summoned directly onto the field, a card permitting, enters as one brought in from the side does: a mercenary on an unoccupied spawner of its player's spawn zone for its summon cost, an animal on an unoccupied space within radius 1 of the unit that permits it, for nothing.",
    );
    pub const TOKEN_SPELL: Citation = house(
        "A token cast as a spell",
        "K24",
        "A token summoned as a spell is cast and goes back to its owner's token pile, as a token that dies does.",
    );
    pub const STACKING: Citation = house(
        "Stacking",
        "K25",
        "Items are stacked when two copies of the same item card are below one unit; an item whose card says it can be stacked is the difference 5.6.4 allows.",
    );

    pub const ALL: &[Citation] = &[
        COST,
        TURN_OWNER,
        ONE_MOVE,
        LINE_OF_SIGHT,
        OTHER_TERRAIN,
        HALVES,
        DEATH,
        UNEQUIP,
        ATTACK,
        TOKEN_PLACE,
        SNATCH_REACH,
        CARD_EFFECTS,
        NEUTRAL_HERO,
        UNKNOWN_MV,
        TELEPORT_START,
        HERO_ENTERS,
        NEEDS_CASTER,
        SPAWN_ZONE,
        SPIRIT_ENERGY,
        FROM_HAND,
        CARD_MOVES,
        ONE_TO_A_SPACE,
        DIRECT_PLACE,
        TOKEN_SPELL,
        STACKING,
    ];
}
