//! The Heroes of Karth builder form (issue #19, on the core's form hook of issue #14): a
//! play-legality question laid out as a judge sets it up ([`layout`]), a position written
//! as the form's fields ([`from_position`]), a submission read back ([`to_position`],
//! every problem at once, each at its field in words) and a resolver's error put at its
//! field ([`locate`]).
//!
//! Field names: `turn`, `active`, `judged`, `on_rejection`, `board` (one line per row of
//! the battlefield, top row first; cells comma-separated, each `Terrain`, then `@owner`
//! for who laid it and `+wall`, `+web` for what is on it: `Spawner@Ann`, `Forest+web`);
//! per player `p<P>_{name,gold,hand,deck,discard,cemetery,tokens,side,side_mercenaries,
//! side_animals,field_mercenaries,field_animals,income,double_production}` (P is 1 or 2;
//! piles comma-separated; `side` items `Card@turn placed`); per unit
//! `u<N>_{id,owner,card,type,class,traits,abilities,mv,range,dual_wield,at,damage,hidden,
//! items,hired_turn,moved,teleported,attacked,items_used,se_free,permits,summons}` (N is 1 to
//! [`FORM_UNITS`]; a space `row,column`; items `Card` or `Card from Player` for a
//! snatched one); per action `x<I>_{do,player,unit,card,at,path,item,by,from,target,mv,id}`
//! (I is 1 to [`FORM_ACTIONS`]; a path `row,column; row,column`); `cards` (inline card
//! definitions as a JSON array, rarely needed); `interp_<key>`.
//!
//! Decisions: the board is one text area (a row a line), not one input per space, so a
//! 12 × 12 battlefield stays one field and a judge types what lies on the table; the
//! action rows share one set of columns (`unit`, `card`, `at`, …), each verb reading the
//! ones it needs, and a column filled that the verb does not read is an error at it
//! (never dropped silently). Inline card definitions are rare and many-fielded: they are
//! pasted as JSON in one field. A name holding a character the syntax uses (`,` `;`
//! `@` `+`) cannot be written on the form: [`from_position`] notes it. Depends only on
//! the core and this game.

use super::format::{
    caps, Action, BoardSpec, CardSpec, CardType, Cell, CellSpec, Counters, ItemSpec, Origin,
    PlayerSpec, Position, SideCard, UnitSpec,
};
use super::interpret::Interpretations;
use crate::rules::form::{
    self, list, number, Field, FieldError, Form, FormFields, Group, GroupStyle, Kind, List,
    Section, Source, Width,
};
use crate::rules::position::PositionError;
use crate::rules::OnRejection;

mod locate;
mod read;
mod syntax;
mod write;

pub use locate::locate;
pub use read::{mark_action_fields, to_position};
pub use write::from_position;

/// Unit cards on the form (the position's cap is larger: paste JSON for more).
pub const FORM_UNITS: usize = 12;
/// Action rows on the form (the position's cap is larger: paste JSON for more).
pub const FORM_ACTIONS: usize = 12;

/// The per-player fields, after `p<P>_`.
const PLAYER_FIELDS: &[&str] = &[
    "name",
    "gold",
    "hand",
    "deck",
    "discard",
    "cemetery",
    "tokens",
    "side",
    "side_mercenaries",
    "side_animals",
    "field_mercenaries",
    "field_animals",
    "income",
    "double_production",
];

/// The per-unit fields, after `u<N>_`.
const UNIT_FIELDS: &[&str] = &[
    "id",
    "owner",
    "card",
    "type",
    "class",
    "traits",
    "abilities",
    "mv",
    "range",
    "dual_wield",
    "at",
    "damage",
    "hidden",
    "items",
    "hired_turn",
    "moved",
    "teleported",
    "attacked",
    "items_used",
    "se_free",
    "permits",
    "summons",
];

/// The per-action fields, after `x<I>_`.
const ACTION_FIELDS: &[&str] = &[
    "do", "player", "unit", "card", "at", "path", "item", "by", "from", "target", "mv", "id",
];

/// The fields the builder reads, as a sentence for the error that names an unknown one.
pub const ACCEPTED_FIELDS: &str = "turn, active, judged, on_rejection, board, cards, \
p<P>_{name,gold,hand,deck,discard,cemetery,tokens,side,side_mercenaries,side_animals,field_mercenaries,field_animals,income,double_production} (P is 1 or 2), \
u<N>_{id,owner,card,type,class,traits,abilities,mv,range,dual_wield,at,damage,hidden,items,hired_turn,moved,teleported,attacked,items_used,se_free,permits,summons} (N is 1 to 12), \
x<I>_{do,player,unit,card,at,path,item,by,from,target,mv,id} (I is 1 to 12) and interp_<key> (one per interpretation)";

/// The verbs an action row may name, with their labels.
const VERBS: &[(&str, &str)] = &[
    ("", "none"),
    ("hire", "Hire"),
    ("to_side", "Play to the side"),
    ("bring_in", "Bring in"),
    ("call_pet", "Call pet"),
    ("move", "Move"),
    ("teleport", "Teleport"),
    ("equip", "Equip"),
    ("unequip", "Unequip"),
    ("use_item", "Use an item"),
    ("dies", "Dies"),
    ("snatch", "Snatch"),
    ("play_income", "Play income"),
    ("cast", "Cast a spell"),
    ("summon_token", "Summon a token"),
    ("scribe", "Scribe"),
    ("attack", "Attack (legality)"),
    ("end_turn", "End the turn"),
];

/// The usual 1v1 battlefield: each player's half 3 rows × 5 columns, a spawner in the
/// middle of each player's two back rows.
const DEFAULT_BOARD: &str = "Grassland, Grassland, Spawner, Grassland, Grassland
Grassland, Grassland, Spawner, Grassland, Grassland
Grassland, Grassland, Grassland, Grassland, Grassland
Grassland, Grassland, Grassland, Grassland, Grassland
Grassland, Grassland, Spawner, Grassland, Grassland
Grassland, Grassland, Spawner, Grassland, Grassland";

/// The values of a new question's form: Ann and Bo on the usual board, Ann's turn 1.
pub fn defaults() -> FormFields {
    let mut f = FormFields::default();
    for (k, v) in [
        ("turn", "1"),
        ("active", "Ann"),
        ("board", DEFAULT_BOARD),
        ("p1_name", "Ann"),
        ("p1_gold", "10"),
        ("p2_name", "Bo"),
        ("p2_gold", "10"),
    ] {
        f.set(k, v);
    }
    f
}

fn player_key(p: usize, field: &str) -> String {
    format!("p{p}_{field}")
}

fn unit_key(n: usize, field: &str) -> String {
    format!("u{n}_{field}")
}

fn action_key(i: usize, field: &str) -> String {
    format!("x{i}_{field}")
}

/// Whether unit card `n` holds anything (a select alone does not make a unit).
fn unit_present(f: &FormFields, n: usize) -> bool {
    UNIT_FIELDS
        .iter()
        .filter(|x| !matches!(**x, "type" | "dual_wield"))
        .any(|x| f.has(&unit_key(n, x)))
}

/// The unit cards that hold a unit, in order: `units[i]` is card `unit_rows(f)[i]`.
fn unit_rows(f: &FormFields) -> Vec<usize> {
    (1..=FORM_UNITS).filter(|&n| unit_present(f, n)).collect()
}

/// The action rows that say what they do: `actions[i]` is row `action_rows(f)[i]`.
fn action_rows(f: &FormFields) -> Vec<usize> {
    (1..=FORM_ACTIONS)
        .filter(|&i| f.has(&action_key(i, "do")))
        .collect()
}

/// How the form names unit card `n`: `Unit 2 (K)`.
fn unit_label(f: &FormFields, n: usize) -> String {
    match f.get(&unit_key(n, "id")) {
        "" => format!("Unit {n}"),
        id => format!("Unit {n} ({id})"),
    }
}

/// How the form names player `p`: `Player 1 (Ann)`.
fn player_label(f: &FormFields, p: usize) -> String {
    match f.get(&player_key(p, "name")) {
        "" => format!("Player {p}"),
        name => format!("Player {p} ({name})"),
    }
}

/// Player `p`'s card: what most questions need (name, gold, hand, the side) or, with
/// `more`, the rest (piles and this turn's counters), in a section folded by default.
fn player_card(f: &FormFields, p: usize, more: bool) -> Group {
    let key = |x: &str| player_key(p, x);
    let count = |x: &str, label: &str| {
        Field::number(key(x), label, 0, i64::from(caps::NUMBER))
            .placeholder("0")
            .width(Width::Small)
            .from(f)
    };
    let pile = |x: &str, label: &str| {
        Field::listed(key(x), label, "all_cards")
            .items()
            .width(Width::Wide)
            .from(f)
    };
    let fields = if more {
        vec![
            Field::listed(key("side"), "Off to the side", "all_cards")
                .items()
                .placeholder("Grey Wolf@1")
                .hint("card@turn placed, comma-separated")
                .width(Width::Wide)
                .from(f),
            pile("deck", "Deck (top first)"),
            pile("discard", "Discard pile"),
            pile("cemetery", "Cemetery"),
            pile("tokens", "Token pile"),
            count("side_mercenaries", "Mercenaries to the side this turn"),
            count("side_animals", "Animals to the side this turn"),
            count("field_mercenaries", "Mercenaries onto the field this turn"),
            count("field_animals", "Animals onto the field this turn"),
            count("income", "Income cards this turn"),
            Field::new(
                key("double_production"),
                "Double Production in effect",
                Kind::Checkbox,
            )
            .width(Width::Wide)
            .from(f),
        ]
    } else {
        vec![
            Field::text(key("name"), format!("Player {p}"))
                .placeholder(if p == 1 { "Ann" } else { "Bo" })
                .width(Width::Small)
                .summary("")
                .from(f),
            count("gold", "Gold"),
            pile("hand", "Hand"),
        ]
    };
    let fields = fields
        .into_iter()
        .map(|field| field.context(format!("Player {p}: ")))
        .collect();
    Group {
        id: format!("p{p}{}", if more { "-more" } else { "" }),
        title: match (more, f.get(&key("name"))) {
            (true, "") => format!("Player {p}"),
            (true, name) => format!("Player {p} ({name})"),
            (false, _) => format!("Player {p}"),
        },
        empty: "add a player".into(),
        open: true,
        fields,
    }
}

/// Unit card `n`.
fn unit_card(f: &FormFields, n: usize) -> Group {
    let key = |x: &str| unit_key(n, x);
    let small = |x: &str, label: &str, max: u32, placeholder: &str| {
        Field::number(key(x), label, 0, i64::from(max))
            .placeholder(placeholder)
            .width(Width::Small)
            .from(f)
    };
    let tick = |x: &str, label: &str| {
        Field::new(key(x), label, Kind::Checkbox)
            .width(Width::Small)
            .from(f)
    };
    let fields = vec![
        Field::text(key("id"), "Id")
            .placeholder("K")
            .width(Width::Small)
            .summary("")
            .from(f),
        Field::text(key("owner"), "Owner")
            .placeholder("Ann")
            .width(Width::Small)
            .from(f),
        Field::text(key("at"), "Space")
            .picked("space")
            .placeholder("row,column")
            .width(Width::Small)
            .from(f),
        Field::listed(key("card"), "Catalogue card", "pieces")
            .width(Width::Wide)
            .summary("")
            .from(f),
        Field::select(
            key("type"),
            "Type",
            &[
                ("", "the card's"),
                ("hero", "hero"),
                ("unit", "unit"),
                ("mercenary", "mercenary"),
                ("animal", "animal"),
                ("token", "token"),
            ],
        )
        .width(Width::Small)
        .from(f),
        Field::text(key("class"), "Class")
            .placeholder("the card's")
            .width(Width::Small)
            .from(f),
        small("mv", "MV", caps::MV, "card's"),
        small("range", "Range", caps::MV, "1"),
        small("damage", "Damage", caps::NUMBER, "0"),
        Field::text(key("traits"), "Traits")
            .items()
            .placeholder("Flying, Undead")
            .hint("empty keeps the card's")
            .width(Width::Wide)
            .from(f),
        Field::listed(key("abilities"), "Abilities", "keywords")
            .items()
            .placeholder("Call Pet")
            .hint("empty keeps the card's")
            .width(Width::Wide)
            .from(f),
        Field::listed(key("items"), "Items equipped", "items")
            .items()
            .placeholder("Short Sword, Bow from Bo")
            .hint("\"from Player\" after one it snatched")
            .width(Width::Wide)
            .from(f),
        Field::select(
            key("dual_wield"),
            "Dual wield",
            &[("", "the card's"), ("yes", "yes"), ("no", "no")],
        )
        .width(Width::Small)
        .from(f),
        small("hired_turn", "Turn hired", caps::NUMBER, "before"),
        small("items_used", "Items used", caps::LIST as u32, "0"),
        tick("moved", "Moved this turn"),
        tick("teleported", "Teleported"),
        tick("attacked", "Attacked"),
        tick("se_free", "One ability without SE (Mana Pool)"),
        tick("hidden", "Hidden"),
        Field::text(key("permits"), "Its card permits")
            .items()
            .placeholder("move_when_hired")
            .hint("move_when_hired[:Class], direct_mercenary, direct_animal")
            .width(Width::Wide)
            .from(f),
        Field::listed(key("summons"), "Tokens it requires", "all_cards")
            .items()
            .width(Width::Wide)
            .from(f),
    ];
    // What most units need is shown; the rest folds behind the card's "More" line.
    let shown = ["id", "owner", "at", "card"].map(key);
    let fields = fields
        .into_iter()
        .map(|field| match shown.contains(&field.name) {
            true => field,
            false => field.more(),
        })
        .collect();
    Group::numbered(format!("u{n}"), "Unit", n, "add a unit", fields)
}

/// Action row `i`.
fn action_row(f: &FormFields, i: usize) -> Group {
    let key = |x: &str| action_key(i, x);
    let context = format!("Action {i}: ");
    let text = |x: &str, label: &str, placeholder: &str, width: Width| {
        Field::text(key(x), label)
            .context(context.clone())
            .placeholder(placeholder)
            .width(width)
            .from(f)
    };
    let fields = vec![
        Field::select(key("do"), format!("Action {i}: what"), VERBS)
            .width(Width::Small)
            .summary("")
            .from(f),
        text("unit", "unit", "K", Width::Small).summary(""),
        Field::listed(key("card"), "card", "all_cards")
            .context(context.clone())
            .width(Width::Normal)
            .from(f),
        text("at", "space", "3,2", Width::Small).picked("space"),
        text("path", "path", "2,1; 2,2", Width::Normal).picked("path"),
        Field::listed(key("item"), "item", "items")
            .context(context.clone())
            .hint("dies: the items paid for")
            .width(Width::Normal)
            .from(f),
        text("by", "by (caller, caster)", "K", Width::Small),
        text("from", "from", "side", Width::Small),
        text("target", "target", "E", Width::Small),
        Field::number(key("mv"), "MV", 0, i64::from(caps::MV))
            .context(context.clone())
            .width(Width::Small)
            .from(f),
        text("id", "new id", "W", Width::Small),
        text("player", "player", "the active", Width::Small),
    ];
    // Each field is shown for the verbs that read it (`read::mark_action_fields`).
    Group {
        id: format!("action-{i}"),
        title: format!("Action {i}"),
        empty: String::new(),
        open: true,
        fields,
    }
}

/// The builder's form showing `f`.
pub fn layout(f: &FormFields) -> Form {
    // The board first, and the turn beside it (issue #31).
    let board = Section::new(
        "battlefield",
        "The battlefield and the turn",
        vec![
            Field::new("board", "Rows of terrain", Kind::TextArea { rows: 6 })
                .picked("board")
                .hint("a line per row, top first (the first player laid the top half); spaces comma-separated (Grassland, Water, Forest, Spawner, Teleporter, Gold, Mana Pool); @Ann: who laid it; +wall, +web")
                .width(Width::Full)
                .from(f),
            Field::number("turn", "Turn, over both players", 1, i64::from(caps::NUMBER))
                .placeholder("1")
                .width(Width::Small)
                .from(f),
            Field::text("active", "Whose turn")
                .placeholder("Ann")
                .width(Width::Small)
                .from(f),
            form::on_rejection_field(f, "judge the next").more(),
            Field::number("judged", "Actions judged before", 0, caps::ACTIONS as i64)
                .placeholder("0")
                .hint("numbering goes on from these")
                .width(Width::Small)
                .more()
                .from(f),
        ],
    );
    let players = Section::new("players", "Players", Vec::new()).groups(
        GroupStyle::Rows,
        (1..=2).map(|p| player_card(f, p, false)).collect(),
    );
    let piles = Section::new("piles", "Piles and counters", Vec::new())
        .note("the side, decks, discards, cemeteries, tokens; what each has done this turn")
        .folded()
        .groups(
            GroupStyle::Cards,
            (1..=2).map(|p| player_card(f, p, true)).collect(),
        );
    let units = Section::new("units", "Units on the battlefield", Vec::new()).groups(
        GroupStyle::Cards,
        (1..=FORM_UNITS).map(|n| unit_card(f, n)).collect(),
    );
    let actions = Section::new("actions", "Actions", Vec::new())
        .note("judged in order, each accepted or rejected with its rule")
        .groups(
            GroupStyle::Rows,
            (1..=FORM_ACTIONS).map(|i| action_row(f, i)).collect(),
        );
    let cards = Section::new(
        "inline-cards",
        "Inline cards",
        vec![Field::new("cards", "Cards the catalogue lacks, as JSON", Kind::TextArea { rows: 4 })
            .hint("an array of {\"name\", \"type\", \"value\", \"class\", \"classes\", \"traits\", \"abilities\", \"text\", \"dual_wield\", \"side\"} (docs/positions.md)")
            .width(Width::Full)
            .from(f)],
    )
    .folded();
    Form {
        game: super::cite::GAME,
        title: "Adjudicate a Heroes of Karth play".into(),
        lede: "Lay out the battlefield, the players and their units, then the moves, hires \
               and plays in question, each accepted or rejected with the rule it breaks."
            .into(),
        accepts: ACCEPTED_FIELDS.into(),
        // The board first, then who plays on it and their units, then the actions
        // (issue #31).
        sections: vec![
            board,
            players,
            piles,
            units,
            actions,
            cards,
            form::readings_section::<Interpretations>(f),
        ],
        lists: vec![
            List {
                id: "pieces",
                source: Source::Cards { kind: "piece" },
            },
            List {
                id: "items",
                source: Source::Cards { kind: "item" },
            },
            List {
                id: "all_cards",
                source: Source::Cards { kind: "card" },
            },
            List {
                id: "keywords",
                source: Source::Keywords,
            },
        ],
        caps: vec![
            ("rows", caps::ROWS as u64),
            ("columns", caps::COLS as u64),
            ("units", FORM_UNITS as u64),
            ("actions", FORM_ACTIONS as u64),
            ("mv", u64::from(caps::MV)),
            ("number", u64::from(caps::NUMBER)),
        ],
        notes: Vec::new(),
    }
}
