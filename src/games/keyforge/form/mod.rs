//! The KeyForge builder form (issue #17, on the core's form hook): one turn laid out as
//! the judge sets it up ([`layout`]): both players with their Æmber and keys, a card per
//! row saying which zone holds it (battleline left to right, artifacts, hand, discard,
//! archives, deck, or an upgrade on a creature), the active house and player, the actions
//! as rows, decisions, rulings, readings and what a rejection does; a position written as
//! the form's fields ([`from_position`]), a submission read back ([`to_position`], every
//! problem at once, each at its field in words) and a resolver's error put at its field
//! ([`locate`]).
//!
//! Field names: `house`, `active`, `on_rejection`, `decisions` (`decision:option` pairs),
//! `rulings` (one line per ruling: `1: damage foe 4; amber Bob -1`); per player
//! `p<P>_{name,amber,keys}` (P is 0 or 1); per card
//! `p<P>_c<N>_{id,zone,on,card,name,type,house,power,armor,traits,text,bonus,owner,damage,armor_used,amber,exhausted,stunned,elusive_used}`
//! (N is 1 to [`FORM_CARDS`]); per action `x<I>_{do,card,target,targets,flank,zone}` (I
//! is 1 to [`FORM_ACTIONS`]); `interp_<key>`.
//!
//! Decisions: a zone is a field of the card, not a section per zone, so a player's cards
//! fit one list of rows and the form stays short at 390 px; within a zone the rows keep
//! their order (a battleline's left flank first). An upgrade is a row of zone `upgrade`
//! naming the creature it is `on`. Beyond the rows the form holds, the form notes what it
//! drops and the pasted JSON keeps it. Depends only on the core and this game.

mod answer;
mod locate;
mod read;
mod syntax;
mod write;

pub use answer::{pin_ruling, ruling_panel};
pub use locate::locate;
pub use read::to_position;
pub use write::from_position;

use super::format::caps;
use super::interpret::Interpretations;
use crate::rules::form::{
    self, Field, Form, FormFields, Group, GroupStyle, Kind, List, Section, Source, Width,
};

/// The list of the catalogue's KeyForge cards (not `cards`: builder.js gives a `cards`
/// field battle-line creature suggestions).
const CARDS: &str = "keyforge-cards";

/// Card rows per player on the form.
pub const FORM_CARDS: usize = 10;
/// Action rows on the form (the position's cap is larger: paste JSON for more).
pub const FORM_ACTIONS: usize = 6;

/// The per-card fields, after `p<P>_c<N>_`.
const CARD_FIELDS: &[&str] = &[
    "id",
    "zone",
    "on",
    "card",
    "name",
    "type",
    "house",
    "power",
    "armor",
    "traits",
    "text",
    "bonus",
    "owner",
    "damage",
    "armor_used",
    "amber",
    "exhausted",
    "stunned",
    "elusive_used",
];

/// The per-action fields, after `x<I>_`.
const ACTION_FIELDS: &[&str] = &["do", "card", "target", "targets", "flank", "zone"];

/// The zones a card row may name, in the position's order.
const ZONES: &[(&str, &str)] = &[
    ("battleline", "battleline"),
    ("artifacts", "artifacts"),
    ("hand", "hand"),
    ("discard", "discard"),
    ("archives", "archives"),
    ("deck", "deck (top first)"),
    ("upgrade", "upgrade on a creature"),
];

/// The fields the builder reads, as a sentence for the error that names an unknown one.
pub const ACCEPTED_FIELDS: &str = "house, active, on_rejection, decisions, rulings, \
p<P>_{name,amber,keys} (P is 0 or 1), \
p<P>_c<N>_{id,zone,on,card,name,type,house,power,armor,traits,text,bonus,owner,damage,armor_used,amber,exhausted,stunned,elusive_used} \
(N is 1 to 10), x<I>_{do,card,target,targets,flank,zone} (I is 1 to 6) and interp_<key> \
(one per interpretation)";

/// The values of a new turn's form: none, so there is no sample to clear (issue #31);
/// the placeholders show what each field takes.
pub fn defaults() -> FormFields {
    FormFields::default()
}

fn card_key(p: usize, n: usize, field: &str) -> String {
    format!("p{p}_c{n}_{field}")
}

fn action_key(i: usize, field: &str) -> String {
    format!("x{i}_{field}")
}

/// Whether card row `n` of player `p` holds a card (its selects alone do not).
fn card_present(f: &FormFields, p: usize, n: usize) -> bool {
    CARD_FIELDS
        .iter()
        .filter(|x| !matches!(**x, "zone" | "type"))
        .any(|x| f.has(&card_key(p, n, x)))
}

/// Player `p`'s card rows that hold a card, in order.
fn card_rows(f: &FormFields, p: usize) -> Vec<usize> {
    (1..=FORM_CARDS)
        .filter(|&n| card_present(f, p, n))
        .collect()
}

/// A row's zone (an empty one is the battleline, the select's first option).
fn zone_of(f: &FormFields, p: usize, n: usize) -> &str {
    match f.get(&card_key(p, n, "zone")) {
        "" => "battleline",
        z => z,
    }
}

/// How the form names player `p`: their name, or `Player 1`.
fn player_label(f: &FormFields, p: usize) -> String {
    match f.get(&format!("p{p}_name")) {
        "" => format!("Player {}", p + 1),
        n => n.to_string(),
    }
}

/// The id card row `n` of player `p` goes by: its Id field, or else its name (the
/// catalogue card's, or the hypothetical card's), so actions name a card as the judge
/// sees it (issue #31); two cards of one name need an Id each.
fn card_id(f: &FormFields, p: usize, n: usize) -> String {
    ["id", "card", "name"]
        .iter()
        .map(|x| f.get(&card_key(p, n, x)))
        .find(|v| !v.is_empty())
        .unwrap_or_default()
        .to_string()
}

/// How the form names card row `n` of player `p`: `Ann, card 2 (Quarry Ogre)`.
fn card_label(f: &FormFields, p: usize, n: usize) -> String {
    let who = player_label(f, p);
    match card_id(f, p, n).as_str() {
        "" => format!("{who}, card {n}"),
        id => format!("{who}, card {n} ({id})"),
    }
}

/// Card row `n` of player `p`.
fn card_row(f: &FormFields, p: usize, n: usize) -> Group {
    let key = |x: &str| card_key(p, n, x);
    let stat = |x: &str, label: &str, max: i32, placeholder: &str| {
        Field::number(key(x), label, 0, i64::from(max))
            .placeholder(placeholder)
            .width(Width::Small)
            .from(f)
    };
    let fields = vec![
        Field::listed(key("card"), "Catalogue card", CARDS)
            .width(Width::Wide)
            .summary("")
            .from(f),
        Field::select(key("zone"), "Zone", ZONES)
            .width(Width::Small)
            .from(f),
        Field::text(key("name"), "Or a hypothetical card's name")
            .width(Width::Wide)
            .summary(" (hypothetical)")
            .from(f),
        Field::text(key("id"), "Id")
            .placeholder("its name")
            .hint("only for two cards of one name (actions name a card by its Id, else its name)")
            .width(Width::Wide)
            .summary("")
            .from(f),
        Field::text(key("on"), "On creature")
            .placeholder("its name")
            .hint("an upgrade's creature")
            .width(Width::Small)
            .from(f),
        Field::select(
            key("type"),
            "Type",
            &[
                ("", "as the card (creature)"),
                ("creature", "creature"),
                ("artifact", "artifact"),
                ("action", "action"),
                ("upgrade", "upgrade"),
            ],
        )
        .width(Width::Small)
        .from(f),
        Field::listed(key("house"), "House", "houses")
            .placeholder("card's")
            .width(Width::Small)
            .from(f),
        stat("power", "Power", caps::STAT, "card's"),
        stat("armor", "Armor", caps::STAT, "card's"),
        Field::text(key("traits"), "Traits")
            .items()
            .placeholder("card's")
            .width(Width::Wide)
            .from(f),
        Field::new(key("text"), "Text", Kind::TextArea { rows: 2 })
            .placeholder("card's; one ability per line, as Reap: Gain 1A.")
            .width(Width::Full)
            .from(f),
        stat("damage", "Damage", caps::STAT, "0"),
        stat("armor_used", "Armor used", caps::STAT, "0"),
        stat("amber", "Æmber on it", caps::STAT, "0"),
        Field::text(key("bonus"), "Bonus icons")
            .placeholder("none")
            .hint("top to bottom: amber, capture, damage, draw (or a number of Æmber icons)")
            .width(Width::Wide)
            .from(f),
        Field::text(key("owner"), "Owner")
            .placeholder("its holder")
            .width(Width::Small)
            .from(f),
        Field::new(key("exhausted"), "Exhausted", Kind::Checkbox)
            .width(Width::Small)
            .from(f),
        Field::new(key("stunned"), "Stunned", Kind::Checkbox)
            .width(Width::Small)
            .from(f),
        Field::new(key("elusive_used"), "Elusive used", Kind::Checkbox)
            .width(Width::Small)
            .from(f),
    ];
    let context = format!("Player {} card {n}: ", p + 1);
    // What most cards need is shown; the rest folds behind the row's "More" line.
    let shown = ["card", "zone"].map(key);
    let fields: Vec<Field> = fields
        .into_iter()
        .map(|field| match shown.contains(&field.name) {
            true => field,
            false => field.more(),
        })
        .collect();
    Group {
        id: format!("p{p}-c{n}"),
        title: format!("Card {n}"),
        empty: "add a card".into(),
        open: n == 1,
        fields: fields
            .into_iter()
            .map(|field| field.context(context.clone()))
            .collect(),
    }
}

/// Action row `i`.
fn action_row(f: &FormFields, i: usize) -> Group {
    let key = |x: &str| action_key(i, x);
    let context = format!("Action {i}: ");
    let fields = vec![
        Field::select(
            key("do"),
            format!("Action {i}: do"),
            &[
                ("", "none"),
                ("play", "play from hand"),
                ("reap", "reap"),
                ("fight", "fight"),
                ("action", "use its Action:"),
                ("omni", "use its Omni:"),
                ("put_into_play", "put into play (an ability)"),
                ("play_from", "play from a zone (an ability)"),
            ],
        )
        .width(Width::Small)
        .from(f),
        Field::listed(key("card"), "card", CARDS)
            .context(context.clone())
            .placeholder("Quarry Ogre")
            .width(Width::Normal)
            .from(f),
        Field::listed(key("target"), "target", CARDS)
            .context(context.clone())
            .placeholder("Mack the Knife")
            .width(Width::Normal)
            .from(f),
        Field::text(key("targets"), "targets chosen")
            .context(context.clone())
            .items()
            .placeholder("Mack the Knife, Quarry Ogre")
            .width(Width::Normal)
            .more()
            .from(f),
        Field::select(
            key("flank"),
            format!("Action {i}: flank"),
            &[
                ("", "right (default)"),
                ("left", "left"),
                ("right", "right"),
            ],
        )
        .width(Width::Small)
        .more()
        .from(f),
        Field::select(
            key("zone"),
            format!("Action {i}: from"),
            &[
                ("", "hand (default)"),
                ("hand", "hand"),
                ("discard", "discard"),
                ("archives", "archives"),
                ("deck", "deck"),
                ("opponent_discard", "opponent's discard"),
                ("opponent_archives", "opponent's archives"),
                ("opponent_deck", "opponent's deck"),
            ],
        )
        .width(Width::Small)
        .more()
        .from(f),
    ];
    Group {
        id: format!("action-{i}"),
        title: format!("Action {i}"),
        empty: String::new(),
        open: true,
        fields,
    }
}

fn player_section(f: &FormFields, p: usize) -> Section {
    let title = match f.get(&format!("p{p}_name")) {
        "" => format!("Player {}", p + 1),
        n => format!("Player {}: {n}", p + 1),
    };
    let context = format!("Player {}: ", p + 1);
    Section::new(
        format!("player-{}", p + 1),
        title,
        vec![
            Field::text(format!("p{p}_name"), "Name")
                .context(context.clone())
                .placeholder(if p == 0 { "Ann" } else { "Bob" })
                .width(Width::Small)
                .from(f),
            Field::number(format!("p{p}_amber"), "Æmber", 0, i64::from(caps::AMBER))
                .context(context.clone())
                .placeholder("0")
                .width(Width::Small)
                .from(f),
            Field::number(format!("p{p}_keys"), "Keys", 0, i64::from(caps::AMBER))
                .context(context)
                .placeholder("0")
                .width(Width::Small)
                .from(f),
        ],
    )
    .note(if p == 0 {
        "a card per row, in its zone: a battleline left flank first; any stat typed (under More) overrides the catalogue card's"
    } else {
        ""
    })
    .groups(
        GroupStyle::Cards,
        (1..=FORM_CARDS).map(|n| card_row(f, p, n)).collect(),
    )
}

/// The builder's form showing `f`.
pub fn layout(f: &FormFields) -> Form {
    let turn = Section::new(
        "turn",
        "The turn",
        vec![
            Field::listed("house", "Active house", "houses")
                .placeholder("Ironhowl")
                .width(Width::Small)
                .from(f),
            Field::text("active", "Active player")
                .placeholder("the first player")
                .width(Width::Small)
                .from(f),
            form::on_rejection_field(f, "go on").more(),
        ],
    );
    let actions = Section::new("actions", "Actions", Vec::new())
        .note(
            "in order, each card by its name (or its Id); target: the creature fought or upgraded",
        )
        .groups(
            GroupStyle::Rows,
            (1..=FORM_ACTIONS).map(|i| action_row(f, i)).collect(),
        );
    // Its id is not `decisions`: that is the pins field's (an HTML id each).
    let judge = Section::new(
        "judge",
        "Decisions and rulings",
        vec![
            Field::text("decisions", "Decisions pinned")
                .placeholder("1:2")
                .hint("decision:option pairs, as the log numbers them")
                .width(Width::Wide)
                .from(f),
            Field::new("rulings", "Rulings", Kind::TextArea { rows: 2 })
                .placeholder("1: damage foe 4; amber Bob -1")
                .hint("a line per ruling on an effect the engine leaves to the judge: decision: changes (amber, damage, heal, destroy, exhaust, ready, stun, move card zone)")
                .width(Width::Full)
                .from(f),
        ],
    )
    .note("each left empty takes its default (docs/rules/keyforge.md)")
    .folded();
    Form {
        game: super::cite::GAME,
        title: "Adjudicate a KeyForge turn".into(),
        lede: "Set up both players' battlelines, artifacts and hands, the active house, \
               then the actions of the turn: every step cites the rule that caused it, \
               and any effect beyond the engine's words is a decision for the judge."
            .into(),
        accepts: ACCEPTED_FIELDS.into(),
        sections: vec![
            turn,
            player_section(f, 0),
            player_section(f, 1),
            actions,
            judge,
            form::readings_section::<Interpretations>(f),
        ],
        lists: vec![
            List {
                id: CARDS,
                source: Source::Cards { kind: "any" },
            },
            List {
                id: "houses",
                source: Source::Factions,
            },
        ],
        caps: vec![
            ("zone", caps::ZONE as u64),
            ("upgrades", caps::UPGRADES as u64),
            ("actions", caps::ACTIONS as u64),
            ("targets", caps::TARGETS as u64),
            ("stat", caps::STAT as u64),
            ("amber", caps::AMBER as u64),
        ],
        notes: Vec::new(),
    }
}
