//! Interpretations: the places where seed 001 §5's words allow two readings, each
//! declared once with its question, the sentence behind it, both readings and its
//! default (the core's [`crate::rules::interpret`] makes the table and the switch). Rule
//! code asks [`Interpretations`] and cites the reading it took; both readings of each
//! are tested (`tests/fixtures/karth/interp_<key>_<reading>.json`).

pub use crate::rules::interpret::{InterpretationInfo, Reading, Readings};

const DOC: &str = super::cite::RULES_DOC;

crate::interpretation!(
    /// What "stops movement" means for Water and Forest.
    StopsMovement: "stops_movement" in DOC => {
        question: "Does \"stops movement\" let a unit enter Water or Forest and end its move there, or may it not enter at all?",
        rule: "5.10.2",
        sentence: "The Water terrain stops movement (flying, leaping and undead are immune to the movement penalty).",
        EnterAndStop => "enter_and_stop": "A unit may enter the space, and its movement stops there: a path that goes on is taken up to that space, and the steps beyond are not taken.",
        Impassable => "impassable": "A unit that is not immune may not enter the space at all.",
    }
);
crate::interpretation!(
    /// Whose attacks Forest stops.
    ForestAttack: "forest_attack" in DOC => {
        question: "Whose attacks does Forest stop: attacks on a unit standing in Forest, or attacks made by a unit standing in Forest?",
        rule: "5.10.3",
        sentence: "The Forest terrain stops movement and attack from cards (rangers, druids and hunters are immune to the movement and attack penalty).",
        IntoForest => "into_forest" as "Attacks into Forest": "Attacks made on a unit standing in Forest, unless the attacker is a ranger, druid or hunter.",
        OutOfForest => "out_of_forest" as "Attacks out of Forest": "Attacks made by a unit standing in Forest, unless it is a ranger, druid or hunter.",
    }
);
crate::interpretation!(
    /// Whether "blocks LoS for all cards" binds rangers, druids and hunters.
    ForestSight: "forest_sight" in DOC => {
        question: "Does Forest block line of sight for rangers, druids and hunters too?",
        rule: "5.10.3",
        sentence: "The Forest card also blocks LoS for all cards.",
        AllCards => "all_cards": "Yes: \"for all cards\"; their immunity is to the movement and attack penalty only.",
        ImmuneSee => "immune_see": "No: rangers, druids and hunters, immune to Forest's penalties, see through it.",
    }
);
crate::interpretation!(
    /// Whether a unit may keep moving after teleporting.
    AfterTeleport: "after_teleport" in DOC => {
        question: "May a unit keep moving with the MV it has left after it travels from one teleporter to another?",
        rule: "5.10.5",
        sentence: "Units can attack other cards after teleporting.",
        Stops => "stops": "No: the travel ends its movement (the sentence names attacking, not moving, as what may follow).",
        KeepMoving => "keep_moving": "Yes: the travel uses no movement, so the MV left may still be spent.",
    }
);
crate::interpretation!(
    /// When "off to the side for 1 turn" has passed.
    SideTurn: "side_turn" in DOC => {
        question: "When has a card \"been off to the side for 1 turn\"?",
        rule: "5.3.6",
        sentence: "After the card has been off to the side for 1 turn, on any of your future turns you may pay the card’s summon cost to bring it on to the field anywhere in your spawn zone.",
        NextTurn => "next_own_turn": "Once a turn has ended since it was placed: from its owner's next turn on.",
        FullOwnTurn => "full_own_turn" as "After one whole turn of its owner at the side": "Once it has stayed at the side through one whole turn of its owner after the one it was placed in: from the owner's second turn after on.",
    }
);
crate::interpretation!(
    /// Whether the to-the-side limits of mercenaries and animals are one limit or two.
    SideLimits: "side_limits" in DOC => {
        question: "Are \"1 mercenary off to the side in 1 turn\" and \"1 animal off to the side in 1 turn\" two limits or one?",
        rule: "5.3.2",
        sentence: "You can only play 1 mercenary off to the side in 1 turn.",
        Separate => "separate": "Two: a mercenary and an animal may both go to the side in one turn.",
        Shared => "shared": "One: one card to the side a turn, mercenary or animal.",
    }
);
crate::interpretation!(
    /// Whether a card-permitted direct summon counts toward the one-per-turn limit.
    DirectCounts: "direct_summon_counts" in DOC => {
        question: "Does a mercenary or animal summoned directly onto the field (a card permitting) count toward the one played on the Battlefield that turn?",
        rule: "5.3.8",
        sentence: "A maximum of 1 mercenary can be played on the Battlefield in 1 turn.",
        Counts => "counts": "Yes: it is played on the Battlefield, however it got there.",
        Exempt => "exempt": "No: the limit is on cards brought in from the side; the permitting card is its own allowance.",
    }
);
crate::interpretation!(
    /// Whether "act" includes moving.
    ActIncludesMove: "act_includes_move" in DOC => {
        question: "Does \"can act as soon as they enter the Battlefield\" let a mercenary or animal move on the turn it enters, though 5.2.2 keeps newly hired units still?",
        rule: "5.3.7",
        sentence: "Mercenaries can act as soon as they enter the Battlefield.",
        Includes => "includes": "Yes: acting is taking the unit's turn, Movement included; 5.3.7 is the card-free exception to 5.2.2.",
        Excludes => "excludes": "No: acting is the Action and Combat of its turn; as a newly hired unit it may not move.",
    }
);
crate::interpretation!(
    /// Whether heroes may equip items.
    HeroesEquip: "heroes_equip" in DOC => {
        question: "May a hero equip an item, when 5.6.3 says items are equipped by \"unit cards\"?",
        rule: "5.6.3",
        sentence: "Items can be equipped by unit cards in play on the Battlefield.",
        Yes => "yes": "Yes: a hero in play is a unit on the Battlefield.",
        No => "no": "No: heroes are hero cards, not unit cards.",
    }
);
crate::interpretation!(
    /// Whether "used at a time" limits equipped items or items in use.
    ItemsAtATime: "items_at_a_time" in DOC => {
        question: "Does \"only 1 Item card can be used at a time\" limit how many items a unit has equipped, or how many it uses in a turn?",
        rule: "5.6.1",
        sentence: "Unless a unit has dual wield, only 1 Item card can be used at a time (2 max for those with dual wield).",
        Equipped => "equipped": "Equipped: a unit holds at most 1 item (2 with dual wield).",
        InUse => "in_use": "In use: a unit may hold more, but uses at most 1 item a turn (2 with dual wield).",
    }
);
crate::interpretation!(
    /// Whether a unit that did not move gains gold on Gold terrain.
    GoldWithoutMoving: "gold_without_moving" in DOC => {
        question: "Does a unit that stays on Gold terrain without moving \"end its movement\" there and gain the gold?",
        rule: "5.10.6",
        sentence: "The Gold terrain allows any unit ending their movement to gain an additional gold.",
        MustMove => "must_move": "No: only a unit that moved this turn and ended the move there gains it.",
        Stays => "stays": "Yes: at the end of its owner's turn, each of their units on Gold that did not move gains it too.",
    }
);

crate::interpretation!(
    /// Whether mercenaries, animals and tokens are "unit cards" that may equip items.
    OtherKindsEquip: "other_kinds_equip" in DOC => {
        question: "May a mercenary, animal or token in play equip an item, when 5.6.3 says items are equipped by \"unit cards\"?",
        rule: "5.6.3",
        sentence: "Items can be equipped by unit cards in play on the Battlefield.",
        Yes => "yes": "Yes: in play, each is a unit on the Battlefield (5.3.4 hires a mercenary once it is there, 5.4.4 says animals work the same, 5.5.1 says tokens can be units).",
        No => "no": "No: only cards of the type unit are unit cards; mercenary, animal and token cards are other types.",
    }
);
crate::interpretation!(
    /// Whose turn "during a player's turn" is, for equipping and using items.
    ItemTurn: "item_turn" in DOC => {
        question: "Does \"at any point during a player's turn\" mean the turn of the player whose item it is, or any player's turn?",
        rule: "5.6.5",
        sentence: "An item can be equiped at any point during a player's turn.",
        OwnTurn => "own_turn": "The player's own turn: a player equips and uses items in their turn only.",
        AnyTurn => "any_turn": "Any player's turn: a player may equip and use items in the other player's turn too.",
    }
);
crate::interpretation!(
    /// Which Gold terrain a player "holds" (Mine Cart, Double Production).
    HoldGold: "hold_gold" in DOC => {
        question: "Which Gold terrain does a player \"hold\" (Mine Cart: \"for each Gold terrain you hold\"; Double Production: \"each Gold terrain you hold gives twice the gold\")?",
        rule: "5.9.2",
        sentence: "The \"Double Production\" card does not apply to the income cards.",
        Laid => "laid": "The Gold terrain the player laid (the terrain \"owned by the player\", as 5.10.4 says of spawners), whoever stands on it.",
        Occupied => "occupied" as "The Gold one of the player's units stands on": "The Gold terrain one of the player's units stands on, whoever laid it.",
    }
);
crate::interpretation!(
    /// Whether Snatch may take an item from the snatcher's own side.
    SnatchOwnSide: "snatch_own_side" in DOC => {
        question: "May a unit Snatch an item from a unit of its own side, when 5.7.6 says the ability can \"steal an item from another unit\"?",
        rule: "5.7.6",
        sentence: "This ability can steal an item from another unit.",
        EnemyOnly => "enemy_only": "No: to steal is to take another player's item (and two of the catalogue's three Snatch cards say \"enemy unit\").",
        AnyUnit => "any_unit": "Yes, unless its card says \"enemy\": \"another unit\" is any unit but the snatcher itself.",
    }
);
crate::interpretation!(
    /// Whether a token summoned to the Battlefield may move in the turn it is summoned.
    TokenMoves: "token_moves" in DOC => {
        question: "May a token summoned to the Battlefield move in the turn it is summoned, when 5.2.2 keeps a newly hired unit still?",
        rule: "5.2.2",
        sentence: "A Player cannot move a unit that is newly hired unless there is a card that specifies otherwise.",
        AtOnce => "at_once": "Yes: a token is summoned (5.5.4), not hired for gold (5.2.1), so 5.2.2 does not hold it.",
        NextTurn => "next_turn": "No: a token newly on the Battlefield is held as a newly hired unit is, unless a card says otherwise.",
    }
);

crate::interpretation_set!(
    /// The readings a position takes (`interpretations`); every field optional.
    Interpretations {
        stops_movement: StopsMovement,
        forest_attack: ForestAttack,
        forest_sight: ForestSight,
        after_teleport: AfterTeleport,
        side_turn: SideTurn,
        side_limits: SideLimits,
        direct_summon_counts: DirectCounts,
        act_includes_move: ActIncludesMove,
        heroes_equip: HeroesEquip,
        items_at_a_time: ItemsAtATime,
        gold_without_moving: GoldWithoutMoving,
        other_kinds_equip: OtherKindsEquip,
        item_turn: ItemTurn,
        hold_gold: HoldGold,
        snatch_own_side: SnatchOwnSide,
        token_moves: TokenMoves,
    }
);

/// Every interpretation, for the docs and the rules page.
pub const INTERPRETATIONS: &[InterpretationInfo] = <Interpretations as Readings>::TABLE;
