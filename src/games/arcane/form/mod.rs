//! The Arcane Legions builder form (issue #18, on the core's form hook of issue #14; the
//! pattern of `swtcg/form.rs`): a special-ability position laid out as a judge sets it
//! up ([`layout`]), a position written as the form's fields ([`from_position`], with a
//! note for whatever it cannot hold), a submission read back ([`to_position`], every
//! problem at once, each at its field in words) and a resolver's error put at its field
//! ([`locate`]).
//!
//! Field names: `turn`, `phase`, `active`, `contact` (`F:C` pairs), `on_rejection`;
//! per player `p<N>_{name,op,vp}` (N is 1 to [`caps::PLAYERS`]); per unit
//! `u<N>_{id,owner,card,name,slots,abilities,traits,facts,effects,damage,ready_since,special_order,off_battlefield}`
//! (N is 1 to [`caps::UNITS`]); per action `x<I>_{do,unit,ability,slots,targets,count,downs,special}`
//! (I is 1 to [`FORM_ACTIONS`]); `decisions` (`decision:option` pairs), `resolutions`
//! (a line per answer); `interp_<key>`.
//!
//! Decisions: figure slots are one compact text field (`o Fireburst, o, x`: a slot per
//! item, `o` occupied or `x` empty, `@N` the moment its figure arrived, then the figure
//! abilities beside it joined by `+`), because a tray of tick boxes per slot is twelve
//! inputs a unit at 390 px. An action row has one column per kind of value, shared by
//! the verbs (the ability, order, phase or value asked; the slots downed or returned;
//! the targets, units adjacent, unit attacked or player), and a value a verb does not
//! read is an error at its field, never dropped. Inline abilities and effects are a line
//! each (abilities carry commas). The judge's resolutions have a small text syntax
//! (`1: down C: 2 3; op Alice: +1`). Depends only on the core and this game.

mod locate;
mod read;
mod syntax;
mod write;

pub use locate::locate;
pub use read::to_position;
use syntax::*;
pub use write::from_position;

use super::format::{
    caps, Action, JudgeChange, Phase, PlayerSpec, Position, Resolution, UnitSpec, Value,
};
use super::interpret::Interpretations;
use crate::rules::decision::DecisionPin;
use crate::rules::form::{
    self, list, number, Field, FieldError, Form, FormFields, Group, GroupStyle, Kind, List,
    Section, Source, Width,
};
use crate::rules::position::PositionError;
use crate::rules::reject::OnRejection;

/// Unit cards on the form: the position's cap.
pub const FORM_UNITS: usize = caps::UNITS;
/// Player rows on the form: the position's cap.
pub const FORM_PLAYERS: usize = caps::PLAYERS;
/// Action rows on the form (the position's cap is larger: paste JSON for more).
pub const FORM_ACTIONS: usize = 12;
/// The id of the list of catalogue units the unit fields complete from (not `cards`:
/// the builder script gives fields listing `cards` battle-line creature suggestions).
const UNIT_CARDS: &str = "unit-cards";

/// The per-unit fields, after `u<N>_`.
const UNIT_FIELDS: &[&str] = &[
    "id",
    "owner",
    "card",
    "name",
    "slots",
    "abilities",
    "traits",
    "facts",
    "effects",
    "damage",
    "ready_since",
    "special_order",
    "off_battlefield",
];

/// The per-action fields, after `x<I>_`.
const ACTION_FIELDS: &[&str] = &[
    "do", "unit", "ability", "slots", "targets", "count", "downs", "special",
];

/// The fields the builder reads, as a sentence for the error that names an unknown one.
pub const ACCEPTED_FIELDS: &str = "turn, phase, active, contact, on_rejection, \
p<N>_{name,op,vp} (N is 1 to 4), \
u<N>_{id,owner,card,name,slots,abilities,traits,facts,effects,damage,ready_since,special_order,off_battlefield} \
(N is 1 to 16), x<I>_{do,unit,ability,slots,targets,count,downs,special} (I is 1 to 12), \
decisions, resolutions and interp_<key> (one per interpretation)";

/// The verbs of an action row: `(value, label)`.
const VERBS: &[(&str, &str)] = &[
    ("", "none"),
    ("activate", "activate an ability"),
    ("order", "give an order"),
    ("down", "down figures"),
    ("damage", "deal damage"),
    ("return", "return figures"),
    ("end_move", "end a move adjacent to"),
    ("arrive", "arrive on the battlefield"),
    ("leave", "take off the battlefield"),
    ("facts", "set facts (targets) and traits (ability)"),
    ("phase", "start a phase"),
    ("end_turn", "end the turn"),
    ("trigger", "a trigger's event occurs"),
    ("query", "ask a static value"),
];

const PHASES: &[(&str, &str)] = &[
    ("order", "order phase"),
    ("movement", "movement phase"),
    ("combat", "combat phase"),
    ("end", "end of turn"),
];

fn phase_name(p: Phase) -> &'static str {
    match p {
        Phase::Order => "order",
        Phase::Movement => "movement",
        Phase::Combat => "combat",
        Phase::End => "end",
    }
}

fn read_phase(s: &str) -> Option<Phase> {
    Some(match s {
        "order" => Phase::Order,
        "movement" => Phase::Movement,
        "combat" => Phase::Combat,
        "end" => Phase::End,
        _ => return None,
    })
}

fn value_name(v: Value) -> &'static str {
    match v {
        Value::PhantomDice => "phantom_dice",
        Value::Dice => "dice",
    }
}

/// The values of a new position's form: Alice (active, 3 OP) and Bob (2 OP) in the
/// order phase of turn 1, Alice's unit A and Bob's unit B.
pub fn defaults() -> FormFields {
    let mut f = FormFields::default();
    for (k, v) in [
        ("turn", "1"),
        ("phase", "order"),
        ("p1_name", "Alice"),
        ("p1_op", "3"),
        ("p1_vp", "0"),
        ("p2_name", "Bob"),
        ("p2_op", "2"),
        ("p2_vp", "0"),
        ("u1_id", "A"),
        ("u1_owner", "Alice"),
    ] {
        f.set(k, v);
    }
    f
}

fn player_key(n: usize, field: &str) -> String {
    format!("p{n}_{field}")
}

fn unit_key(n: usize, field: &str) -> String {
    format!("u{n}_{field}")
}

fn action_key(i: usize, field: &str) -> String {
    format!("x{i}_{field}")
}

/// The player rows that hold a player: the position's `players[i]` is row `player_rows(f)[i]`.
fn player_rows(f: &FormFields) -> Vec<usize> {
    (1..=FORM_PLAYERS)
        .filter(|&n| {
            ["name", "op", "vp"]
                .iter()
                .any(|x| f.has(&player_key(n, x)))
        })
        .collect()
}

/// The unit cards that hold a unit: `units[i]` is card `unit_rows(f)[i]`.
fn unit_rows(f: &FormFields) -> Vec<usize> {
    (1..=FORM_UNITS)
        .filter(|&n| UNIT_FIELDS.iter().any(|x| f.has(&unit_key(n, x))))
        .collect()
}

/// The action rows that say what they do: `actions[i]` is row `action_rows(f)[i]`.
fn action_rows(f: &FormFields) -> Vec<usize> {
    (1..=FORM_ACTIONS)
        .filter(|&i| f.has(&action_key(i, "do")))
        .collect()
}

/// How the form names unit card `n`: `Unit 2 (C)`.
fn unit_label(f: &FormFields, n: usize) -> String {
    match f.get(&unit_key(n, "id")) {
        "" => format!("Unit {n}"),
        id => format!("Unit {n} ({id})"),
    }
}

/// The non-blank lines of a text area, trimmed.
fn lines(s: &str) -> Vec<String> {
    s.lines()
        .map(|l| l.trim().to_string())
        .filter(|l| !l.is_empty())
        .collect()
}

/// Player row `n`.
fn player_row(f: &FormFields, n: usize) -> Group {
    let key = |x: &str| player_key(n, x);
    let context = format!("Player {n}: ");
    Group {
        id: format!("player-{n}"),
        title: format!("Player {n}"),
        empty: "add a player".into(),
        open: n <= 2,
        fields: vec![
            Field::text(key("name"), format!("Player {n}"))
                .context(context.clone())
                .placeholder(if n == 1 { "Alice" } else { "" })
                .width(Width::Wide)
                .summary("")
                .from(f),
            Field::number(key("op"), "Order points", 0, i64::from(caps::POINTS))
                .context(context.clone())
                .placeholder("0")
                .width(Width::Small)
                .from(f),
            Field::number(key("vp"), "Victory points", 0, i64::from(caps::POINTS))
                .context(context)
                .placeholder("0")
                .width(Width::Small)
                .from(f),
        ],
    }
}

/// Unit card `n`.
fn unit_card(f: &FormFields, n: usize) -> Group {
    let key = |x: &str| unit_key(n, x);
    let fields = vec![
        Field::text(key("id"), "Id")
            .placeholder("F")
            .width(Width::Small)
            .summary("")
            .from(f),
        Field::listed(key("owner"), "Owner", "player-names")
            .placeholder("Alice")
            .width(Width::Small)
            .from(f),
        Field::listed(key("card"), "Catalogue card", UNIT_CARDS)
            .width(Width::Wide)
            .summary("")
            .from(f),
        Field::text(key("name"), "Or a unit's name (not in the catalogue)")
            .width(Width::Wide)
            .summary("")
            .from(f),
        Field::text(key("slots"), "Figure slots")
            .placeholder("o Fireburst, o Fireburst, x, o Nature Magic")
            .hint("o occupied, x downed, each with the abilities beside it (o Fireburst+Nature Magic); o@2: arrived at moment 2; empty: the card's, all occupied")
            .width(Width::Full)
            .from(f),
        Field::new(key("abilities"), "Abilities", Kind::TextArea { rows: 2 })
            .placeholder("Vengeance: When this unit is dealt damage, gain 1 OP.")
            .hint("one per line, as Name: rules text; replaces the card's; none for no ability")
            .width(Width::Full)
            .from(f),
        Field::text(key("traits"), "Traits")
            .items()
            .placeholder("Undead, Infantry")
            .hint("replaces the card's; none for no trait")
            .from(f),
        Field::text(key("facts"), "Facts")
            .items()
            .placeholder("in woods")
            .hint("what else is true of it, as the abilities read it")
            .from(f),
        Field::new(key("effects"), "Effects", Kind::TextArea { rows: 1 })
            .placeholder("gains 2 blue dice until end of turn | 2 blue")
            .hint("one per line: its text, then | N colour for the dice it gives, | lasting if it outlasts the turn")
            .width(Width::Full)
            .from(f),
        Field::number(key("damage"), "Damage this turn", 0, i64::from(caps::POINTS))
            .placeholder("0")
            .width(Width::Small)
            .from(f),
        Field::number(key("ready_since"), "Arrived at moment", 0, i64::from(caps::POINTS))
            .placeholder("0")
            .width(Width::Small)
            .from(f),
        Field::new(key("special_order"), "Had its Special Order", Kind::Checkbox)
            .width(Width::Small)
            .from(f),
        Field::new(key("off_battlefield"), "Not on the battlefield", Kind::Checkbox)
            .width(Width::Small)
            .from(f),
    ];
    // What most units need is shown; the rest folds behind the card's "More" line.
    let shown = ["id", "owner", "card", "slots"].map(key);
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
    let fields = vec![
        Field::select(key("do"), format!("Action {i}"), VERBS)
            .width(Width::Wide)
            .summary("")
            .from(f),
        Field::text(key("ability"), "Ability, order, phase or value")
            .placeholder("Fireburst")
            .width(Width::Wide)
            .summary("")
            .from(f),
        Field::text(key("unit"), "Unit")
            .placeholder("F")
            .width(Width::Small)
            .summary("")
            .from(f),
        Field::text(key("targets"), "Targets")
            .placeholder("C")
            .width(Width::Small)
            .from(f),
        Field::text(key("slots"), "Slots")
            .placeholder("3")
            .width(Width::Small)
            .from(f),
        Field::number(key("count"), "Count", 0, i64::from(caps::POINTS))
            .width(Width::Small)
            .from(f),
        Field::number(key("downs"), "Downed by it", 0, caps::SLOTS as i64)
            .width(Width::Small)
            .from(f),
        Field::new(key("special"), "Special Order", Kind::Checkbox)
            .width(Width::Small)
            .from(f),
    ];
    let shown = ["do", "ability", "unit", "targets", "slots"].map(key);
    let fields = fields
        .into_iter()
        .map(|field| match shown.contains(&field.name) {
            true => field,
            false => field.more(),
        })
        .collect();
    Group::numbered(format!("action-{i}"), "Action", i, "add an action", fields)
}

/// The builder's form showing `f`.
pub fn layout(f: &FormFields) -> Form {
    let position = Section::new(
        "setup",
        "The turn",
        vec![
            Field::number("turn", "Turn", 1, i64::from(caps::POINTS))
                .width(Width::Small)
                .from(f),
            Field::select("phase", "Phase", PHASES)
                .width(Width::Small)
                .from(f),
            Field::listed("active", "Active player", "player-names")
                .placeholder("the first player")
                .width(Width::Small)
                .from(f),
            Field::text("contact", "Units in contact")
                .items()
                .placeholder("F:C, G:A")
                .hint("pairs of unit ids, as the judge sees the table")
                .width(Width::Wide)
                .from(f),
            form::on_rejection_field(f, "go on").more(),
        ],
    );
    let players = Section::new("players", "Players", Vec::new()).groups(
        GroupStyle::Rows,
        (1..=FORM_PLAYERS).map(|n| player_row(f, n)).collect(),
    );
    let units = Section::new("units", "Units", Vec::new()).groups(
        GroupStyle::Cards,
        (1..=FORM_UNITS).map(|n| unit_card(f, n)).collect(),
    );
    let actions = Section::new("actions", "Actions", Vec::new())
        .note("in order; slots: the figures a cost or a down pins (1 is the first); targets: the units (or player) it names")
        .groups(
            GroupStyle::Rows,
            (1..=FORM_ACTIONS).map(|i| action_row(f, i)).collect(),
        );
    let decisions = Section::new(
        "judge",
        "Decisions and resolutions",
        vec![
            Field::text("decisions", "Decisions pinned")
                .items()
                .placeholder("1:2")
                .hint("decision:option pairs; the others take their default policy (docs/rules/arcane.md)")
                .from(f),
            Field::new("resolutions", "The judge's resolutions", Kind::TextArea { rows: 2 })
                .placeholder("1: down C: 2 3; op Alice: +1")
                .hint("a line per answer to a \"judge resolves\" step: its number, then changes separated by ; (down U: slots, return U: slots, damage U: N, op P: ±N, vp P: ±N, effect U: text | N colour, nothing)")
                .width(Width::Full)
                .from(f),
        ],
    )
    .note("each left empty takes its default")
    .folded();
    let mut names: Vec<String> = player_rows(f)
        .into_iter()
        .map(|n| f.get(&player_key(n, "name")).to_string())
        .filter(|n| !n.is_empty())
        .collect();
    names.dedup();
    Form {
        game: super::cite::GAME,
        title: "Adjudicate Arcane Legions special abilities".into(),
        lede: "Set up the players, the units and the actions in order, then step through \
               readiness, costs, triggers and statics, each step citing its rule. Dice and \
               combat are the judge's to enter."
            .into(),
        accepts: ACCEPTED_FIELDS.into(),
        sections: vec![
            position,
            players,
            units,
            actions,
            decisions,
            form::readings_section::<Interpretations>(f),
        ],
        lists: vec![
            List {
                id: UNIT_CARDS,
                source: Source::Cards { kind: "unit" },
            },
            List {
                id: "player-names",
                source: Source::Values { values: names },
            },
        ],
        caps: vec![
            ("players", caps::PLAYERS as u64),
            ("units", caps::UNITS as u64),
            ("slots", caps::SLOTS as u64),
            ("abilities", caps::ABILITIES as u64),
            ("actions", caps::ACTIONS as u64),
            ("form_actions", FORM_ACTIONS as u64),
            ("points", u64::from(caps::POINTS)),
        ],
        notes: Vec::new(),
    }
}
