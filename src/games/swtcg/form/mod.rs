//! The Star Wars TCG builder form (issue #16, on the core's form hook of issue #14): one
//! attack laid out as the judge sets it up ([`layout`]), a position written as the form's
//! fields ([`from_position`]), a submission read back ([`to_position`], every problem at
//! once, each at its field in words) and a resolver's error put at its field ([`locate()`]).
//!
//! Field names: `arena`, `seed`, `attacker`, `defender`, `odds`, `force_dark`,
//! `force_light` (each side's Force; empty is unknown); per unit
//! `u<N>_{id,side,card,name,arena,power,health,abilities,damage,tapped,discarded,removed_from_game,unique,stack,equipment,granted_after_roll}`
//! (N is 1 to [`caps::UNITS`]; lists comma-separated); `dice_attack`, `dice_fury`
//! (faces in order, `-` for a die left to the generator), `dice_rerolls` (`die:face`
//! pairs, the first die 1 as on the dice tray; a position counts from 0), `dice_retaliate` (faces in order); `intercept` (unit ids), `evade`, `predict`
//! (`unit:number` pairs), `deflect` (`unit:target` pairs), `enhance` (`unit:yes` or
//! `unit:no` pairs), `lucky_dark`, `lucky_light` (die numbers from 1; `none` pins "no re-roll",
//! empty keeps the default policy); per build-step action
//! `x<I>_{do,unit,card,unique,top,window,grants,copy,same_unit,cost}` (I is 1 to
//! [`FORM_ACTIONS`]);
//! `interp_<key>`.
//!
//! Decisions: a card per unit, as many as the position's cap (so every position the
//! resolver accepts can be edited on the form), the empty ones folded; a new form starts
//! with unit A of the Dark Side attacking unit D of the Light Side, which is what most
//! disputes are. Dice and decisions are text in the position's own order and numbering
//! (0-based dice), not one input per die, so a judge copies what is on the table.
//! Depends only on the core and this game.

use super::format::caps;
use super::interpret::Interpretations;
use crate::rules::form::{
    self, Field, Form, FormFields, Group, GroupStyle, Kind, List, Section, Source, Width,
};

mod locate;
mod read;
mod write;

pub use locate::locate;
pub use read::{partial, to_position};
pub use write::from_position;

/// Unit cards on the form: the position's cap.
pub const FORM_UNITS: usize = caps::UNITS;
/// Build-step action rows on the form (the position's cap is larger: paste JSON for more).
pub const FORM_ACTIONS: usize = 6;

/// The per-action fields, after `x<I>_`.
const ACTION_FIELDS: &[&str] = &[
    "do",
    "unit",
    "card",
    "unique",
    "top",
    "window",
    "grants",
    "copy",
    "same_unit",
    "cost",
];

/// The per-unit fields, after `u<N>_`.
const UNIT_FIELDS: &[&str] = &[
    "id",
    "side",
    "card",
    "name",
    "arena",
    "power",
    "health",
    "abilities",
    "damage",
    "tapped",
    "discarded",
    "removed_from_game",
    "unique",
    "stack",
    "equipment",
    "granted_after_roll",
];

/// The fields the builder reads, as a sentence for the error that names an unknown one.
pub const ACCEPTED_FIELDS: &str = "arena, seed, attacker, defender, odds, force_dark, force_light, \
u<N>_{id,side,card,name,arena,power,health,abilities,damage,tapped,discarded,removed_from_game,unique,stack,equipment,granted_after_roll} \
(N is 1 to 12), dice_attack, dice_fury, dice_rerolls, dice_retaliate, intercept, evade, \
deflect, enhance, lucky_dark, lucky_light, predict, x<I>_{do,unit,card,unique,top,window,grants,copy,same_unit,cost} \
(I is 1 to 6) and interp_<key> (one per interpretation)";

/// The values of a new attack's form: unit A of the Dark Side attacks unit D of the
/// Light Side on the ground.
pub fn defaults() -> FormFields {
    let mut f = FormFields::default();
    for (k, v) in [
        ("arena", "Ground"),
        ("seed", "1"),
        ("u1_id", "A"),
        ("u1_side", "dark"),
        ("u2_id", "D"),
        ("u2_side", "light"),
        ("attacker", "A"),
        ("defender", "D"),
    ] {
        f.set(k, v);
    }
    f
}

fn unit_key(n: usize, field: &str) -> String {
    format!("u{n}_{field}")
}

/// Whether unit card `n` holds anything (a select alone does not make a unit).
fn unit_present(f: &FormFields, n: usize) -> bool {
    UNIT_FIELDS
        .iter()
        .filter(|x| !matches!(**x, "side" | "unique"))
        .any(|x| f.has(&unit_key(n, x)))
}

/// The form's unit cards that hold a unit, in order: the position's `units[i]` is card
/// `unit_rows(f)[i]`.
fn unit_rows(f: &FormFields) -> Vec<usize> {
    (1..=FORM_UNITS).filter(|&n| unit_present(f, n)).collect()
}

/// How the form names unit card `n`: `Unit 2 (D)`.
fn unit_label(f: &FormFields, n: usize) -> String {
    match f.get(&unit_key(n, "id")) {
        "" => format!("Unit {n}"),
        id => format!("Unit {n} ({id})"),
    }
}

fn action_key(i: usize, field: &str) -> String {
    format!("x{i}_{field}")
}

/// The action rows that say what they do, in order: `action_rows(f)[i]` is `actions[i]`.
fn action_rows(f: &FormFields) -> Vec<usize> {
    (1..=FORM_ACTIONS)
        .filter(|&i| f.has(&action_key(i, "do")))
        .collect()
}

/// Unit card `n`.
fn unit_card(f: &FormFields, n: usize) -> Group {
    let key = |x: &str| unit_key(n, x);
    let stat = |x: &str, label: &str, min: i32, max: i32, placeholder: &str| {
        Field::number(key(x), label, i64::from(min), i64::from(max))
            .placeholder(placeholder)
            .width(Width::Small)
            .from(f)
    };
    let fields = vec![
        Field::text(key("id"), "Id")
            .placeholder("A")
            .width(Width::Small)
            .summary("")
            .from(f),
        Field::select(
            key("side"),
            "Side",
            &[
                ("", "choose"),
                ("dark", "Dark Side"),
                ("light", "Light Side"),
            ],
        )
        .width(Width::Small)
        .from(f),
        Field::listed(key("card"), "Catalogue card", "unit-cards")
            .width(Width::Wide)
            .summary("")
            .from(f),
        Field::listed(key("arena"), "Arena", "arenas")
            .placeholder("the attack's")
            .width(Width::Small)
            .more()
            .from(f),
        Field::text(key("name"), "or its name (a hypothetical unit)")
            .width(Width::Wide)
            .summary("")
            .from(f),
        stat("power", "Power", 0, caps::POWER, "card's"),
        stat("health", "Health", 1, caps::HEALTH, "card's"),
        stat("damage", "Damage on it", 0, caps::HEALTH, "0").more(),
        Field::listed(key("abilities"), "Abilities", "keywords")
            .items()
            .placeholder("Critical Hit 2, Armor")
            .hint("comma-separated (semicolons when an ability has commas, as Stack: A, B), with their X; empty keeps the card's")
            .width(Width::Full)
            .from(f),
        Field::listed(
            key("granted_after_roll"),
            "Gained after the roll",
            "keywords",
        )
        .items()
        .placeholder("Critical Hit 1")
        .hint("too late for this roll (Critical Hit, Fury, Parry, Shields)")
        .width(Width::Wide)
        .more()
        .from(f),
        Field::select(
            key("unique"),
            "Unique",
            &[("", "as the card"), ("yes", "yes"), ("no", "no")],
        )
        .width(Width::Small)
        .more()
        .from(f),
        Field::new(key("tapped"), "Tapped", Kind::Checkbox)
            .width(Width::Small)
            .more()
            .from(f),
        Field::new(key("discarded"), "Discarded", Kind::Checkbox)
            .width(Width::Small)
            .more()
            .from(f),
        Field::new(key("removed_from_game"), "Removed from the game", Kind::Checkbox)
            .hint("Meditate removed it: it cannot Meditate again")
            .width(Width::Small)
            .more()
            .from(f),
        Field::listed(key("stack"), "Cards stacked under it", "unit-cards")
            .items()
            .more()
            .from(f),
        Field::text(key("equipment"), "Equipment attached")
            .items()
            .more()
            .from(f),
    ];
    Group::numbered(format!("u{n}"), "Unit", n, "add a unit", fields)
}

/// Build-step action row `i`.
fn action_row(f: &FormFields, i: usize) -> Group {
    let key = |x: &str| action_key(i, x);
    let context = format!("Action {i}: ");
    let fields = vec![
        Field::select(
            key("do"),
            format!("Action {i}: what"),
            &[
                ("", "none"),
                ("stack", "Stack a card under"),
                ("equip", "Equip"),
                ("meditate", "Meditate (from the discard pile)"),
            ],
        )
        .width(Width::Small)
        .from(f),
        Field::text(key("unit"), "unit")
            .context(context.clone())
            .placeholder("A")
            .width(Width::Small)
            .from(f),
        Field::listed(key("card"), "card", "unit-cards")
            .context(context.clone())
            .placeholder("the card stacked or the Equipment")
            .width(Width::Wide)
            .from(f),
        Field::select(
            key("window"),
            format!("Action {i}: when"),
            &[
                ("build", "the build step"),
                ("pop", "the attack POP"),
                ("other", "another time"),
            ],
        )
        .width(Width::Small)
        .from(f),
        Field::new(key("unique"), "unique unit", Kind::Checkbox)
            .context(context.clone())
            .width(Width::Small)
            .from(f),
        Field::new(key("top"), "on top", Kind::Checkbox)
            .context(context.clone())
            .width(Width::Small)
            .from(f),
        Field::text(key("grants"), "Equipment gives")
            .context(context.clone())
            .placeholder("Critical Hit 1")
            .width(Width::Wide)
            .from(f),
        Field::number(key("copy"), "copy", 1, caps::ACTIONS as i64)
            .context(context.clone())
            .placeholder("1")
            .hint("which copy of the Equipment (house rule S14)")
            .width(Width::Small)
            .more()
            .from(f),
        Field::number(key("cost"), "Equip cost", 0, i64::from(caps::FORCE))
            .context(context.clone())
            .placeholder("card's")
            .hint("Force, when the catalogue card does not give it")
            .width(Width::Small)
            .more()
            .from(f),
        Field::new(
            key("same_unit"),
            "same unit (the judge's word)",
            Kind::Checkbox,
        )
        .context(context)
        .hint("the card represents the same unit as a listed card (house rule S13)")
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

/// The builder's form showing `f`.
pub fn layout(f: &FormFields) -> Form {
    let attack = Section::new(
        "attack",
        "The attack",
        vec![
            Field::text("attacker", "Attacker")
                .placeholder("A")
                .hint("the attacking unit's id")
                .width(Width::Small)
                .from(f),
            Field::text("defender", "Defender")
                .placeholder("D")
                .hint("the unit it attacks")
                .width(Width::Small)
                .from(f),
            Field::listed("arena", "Arena", "arenas")
                .placeholder("Ground")
                .width(Width::Small)
                .from(f),
            Field::number("seed", "Seed", 0, i64::MAX)
                .hint("draws every die not fixed")
                .width(Width::Small)
                .from(f),
            Field::number("force_dark", "Dark Side's Force", 0, i64::from(u32::MAX))
                .placeholder("unknown")
                .hint("empty: costs assumed paid")
                .width(Width::Small)
                .more()
                .from(f),
            Field::number("force_light", "Light Side's Force", 0, i64::from(u32::MAX))
                .placeholder("unknown")
                .hint("empty: costs assumed paid")
                .width(Width::Small)
                .more()
                .from(f),
            Field::new("odds", "Report the exact odds in the log", Kind::Checkbox)
                .hint("the step pages always show them")
                .width(Width::Wide)
                .more()
                .from(f),
        ],
    );
    let units = Section::new("units", "Units", Vec::new())
        .note("A card per unit: a catalogue card (any stat typed in overrides it) or a hypothetical unit with its power and health.")
        .groups(
            GroupStyle::Cards,
            (1..=FORM_UNITS).map(|n| unit_card(f, n)).collect(),
        );
    let dice = Section::new(
        "dice",
        "Dice",
        vec![
            Field::text("dice_attack", "Attack dice")
                .placeholder("6, 4, -, 1")
                .hint("faces in order; - leaves a die to the generator")
                .width(Width::Wide)
                .from(f),
            Field::text("dice_fury", "Fury's additional dice")
                .placeholder("5, -")
                .width(Width::Wide)
                .from(f),
            Field::text("dice_rerolls", "Re-rolls")
                .placeholder("3:5")
                .hint("die:face pairs; 3:5 makes the third die show 5 when re-rolled")
                .width(Width::Full)
                .from(f),
            Field::text("dice_retaliate", "Retaliate's dice")
                .placeholder("4, -")
                .hint("faces in order, over every retaliating unit's dice in turn")
                .width(Width::Wide)
                .from(f),
        ],
    )
    .note("faces the judge fixes; the others are drawn from the seed")
    .folded();
    let decisions = Section::new(
        "decisions",
        "Decisions",
        vec![
            Field::text("intercept", "Units that intercept")
                .items()
                .placeholder("C")
                .hint("unit ids, in order")
                .from(f),
            Field::text("evade", "Evade")
                .placeholder("D:1")
                .hint("unit:amount pairs: how much each Evade prevents")
                .from(f),
            Field::text("deflect", "Deflect")
                .placeholder("D:A")
                .hint("unit:target pairs: the unit a Deflect damages")
                .from(f),
            Field::text("predict", "Predictions")
                .placeholder("D:2")
                .hint("unit:hits pairs (Foresight, Forewarning)")
                .from(f),
            Field::text("enhance", "Enhance declared")
                .placeholder("A:yes")
                .hint("unit:yes or unit:no pairs; empty declares none")
                .from(f),
            Field::text("lucky_dark", "Dark Side's Lucky re-rolls")
                .placeholder("1, 3")
                .hint("die numbers, the first die 1; none for no re-roll; empty for the default")
                .from(f),
            Field::text("lucky_light", "Light Side's Lucky re-rolls")
                .placeholder("none")
                .hint("die numbers, the first die 1; none for no re-roll; empty for the default")
                .from(f),
        ],
    )
    .note("each one left empty takes its default policy (docs/rules/swtcg.md)")
    .folded();
    let actions = Section::new("actions", "Build step", Vec::new())
        .note("Stack, Equip and Meditate before the attack, each accepted or refused by its rule")
        .folded()
        .groups(
            GroupStyle::Rows,
            (1..=FORM_ACTIONS).map(|i| action_row(f, i)).collect(),
        );
    Form {
        game: super::cite::GAME,
        title: "Adjudicate a Star Wars TCG attack".into(),
        lede: "Set up the units and the attack, fix any dice already on the table, then \
               step through the attack as the rules resolve it: every step cites the rule \
               that caused it, and the step pages give the exact odds of what is still to \
               roll."
            .into(),
        accepts: ACCEPTED_FIELDS.into(),
        sections: vec![
            attack,
            units,
            actions,
            dice,
            decisions,
            form::readings_section::<Interpretations>(f),
        ],
        lists: vec![
            // Not `units` (the Units section's id on the same page) and not `cards`
            // (builder.js gives a `cards` field battle-line creature suggestions).
            List {
                id: "unit-cards",
                source: Source::Cards { kind: "unit" },
            },
            List {
                id: "keywords",
                source: Source::Keywords,
            },
            List {
                id: "arenas",
                source: Source::Values {
                    values: ["Ground", "Space", "Character"].map(String::from).to_vec(),
                },
            },
        ],
        caps: vec![
            ("units", caps::UNITS as u64),
            ("abilities", caps::ABILITIES as u64),
            ("power", caps::POWER as u64),
            ("health", caps::HEALTH as u64),
            ("x", u64::from(caps::X)),
            ("dice", caps::DICE as u64),
        ],
        notes: Vec::new(),
    }
}
