//! The Star Wars TCG builder form (issue #16, on the core's form hook of issue #14): one
//! attack laid out as the judge sets it up ([`layout`]), a position written as the form's
//! fields ([`from_position`]), a submission read back ([`to_position`], every problem at
//! once, each at its field in words) and a resolver's error put at its field ([`locate`]).
//!
//! Field names: `arena`, `seed`, `attacker`, `defender`, `odds`; per unit
//! `u<N>_{id,side,card,name,arena,power,health,abilities,damage,tapped,discarded,unique,stack,equipment,granted_after_roll}`
//! (N is 1 to [`caps::UNITS`]; lists comma-separated); `dice_attack`, `dice_fury`
//! (faces in order, `-` for a die left to the generator), `dice_rerolls` (`die:face`
//! pairs); `intercept` (unit ids), `evade`, `predict` (`unit:number` pairs), `deflect`
//! (`unit:target` pairs), `lucky_dark`, `lucky_light` (die numbers; `none` pins "no
//! re-roll", empty keeps the default policy); `interp_<key>`.
//!
//! Decisions: a card per unit, as many as the position's cap (so every position the
//! resolver accepts can be edited on the form), the empty ones folded; a new form starts
//! with unit A of the Dark Side attacking unit D of the Light Side, which is what most
//! disputes are. Dice and decisions are text in the position's own order and numbering
//! (0-based dice), not one input per die, so a judge copies what is on the table.
//! Depends only on the core and this game.

use std::collections::BTreeMap;

use super::format::{
    caps, AttackSpec, DecisionsSpec, DiceSpec, LuckySpec, Position, RerollSpec, Side, UnitSpec,
};
use super::interpret::Interpretations;
use crate::rules::form::{
    self, list, number, Choice, Field, FieldError, Form, FormFields, Group, GroupStyle, Kind, List,
    Section, Source, Width,
};
use crate::rules::position::PositionError;

/// Unit cards on the form: the position's cap.
pub const FORM_UNITS: usize = caps::UNITS;

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
    "unique",
    "stack",
    "equipment",
    "granted_after_roll",
];

/// The fields the builder reads, as a sentence for the error that names an unknown one.
pub const ACCEPTED_FIELDS: &str = "arena, seed, attacker, defender, odds, \
u<N>_{id,side,card,name,arena,power,health,abilities,damage,tapped,discarded,unique,stack,equipment,granted_after_roll} \
(N is 1 to 12), dice_attack, dice_fury, dice_rerolls, intercept, evade, deflect, \
lucky_dark, lucky_light, predict and interp_<key> (one per interpretation)";

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

/// A die list (`6, 4, -, 1`): faces in order, `-` (or `_`, `?`) for a drawn die.
fn dice(f: &FormFields, name: &str, label: &str, errors: &mut Vec<FieldError>) -> Vec<Option<u8>> {
    let mut out = Vec::new();
    for (i, item) in list(f.get(name)).into_iter().enumerate() {
        match item.as_str() {
            "-" | "_" | "?" => out.push(None),
            face => match face.parse::<u8>() {
                Ok(v) => out.push(Some(v)),
                Err(_) => errors.push(FieldError::at(
                    name,
                    format!(
                        "{label}, die {i}: {face:?} is not a face (1 to 6) or - for a die the generator draws"
                    ),
                )),
            },
        }
    }
    out
}

/// `a:b` pairs, comma-separated, each read by `read`; an item that is not a pair or does
/// not read is an error naming it and the example.
fn pairs<T>(
    f: &FormFields,
    name: &str,
    label: &str,
    example: &str,
    errors: &mut Vec<FieldError>,
    read: impl Fn(&str, &str) -> Option<T>,
) -> Vec<T> {
    let mut out = Vec::new();
    for (i, item) in list(f.get(name)).into_iter().enumerate() {
        match item
            .split_once(':')
            .and_then(|(a, b)| read(a.trim(), b.trim()))
        {
            Some(v) => out.push(v),
            None => errors.push(FieldError::at(
                name,
                format!("{label}, item {}: {item:?} is not {example}", i + 1),
            )),
        }
    }
    out
}

/// A Lucky field: empty keeps the default policy, `none` pins no re-roll, else die numbers.
fn lucky(
    f: &FormFields,
    name: &str,
    label: &str,
    errors: &mut Vec<FieldError>,
) -> Option<Vec<usize>> {
    let v = f.get(name);
    if v.is_empty() {
        return None;
    }
    if v.eq_ignore_ascii_case("none") {
        return Some(Vec::new());
    }
    let mut out = Vec::new();
    for item in list(v) {
        match item.parse() {
            Ok(d) => out.push(d),
            Err(_) => errors.push(FieldError::at(
                name,
                format!("{label}: {item:?} is not a die number (0 for the first die), or none"),
            )),
        }
    }
    Some(out)
}

/// A three-way select: empty is `None`.
fn yes_no(f: &FormFields, name: &str, label: &str, errors: &mut Vec<FieldError>) -> Option<bool> {
    match f.get(name) {
        "" => None,
        "yes" => Some(true),
        "no" => Some(false),
        v => {
            errors.push(FieldError::at(
                name,
                format!("{label}: {v:?} is not yes, no or empty"),
            ));
            None
        }
    }
}

fn opt(s: &str) -> Option<String> {
    (!s.is_empty()).then(|| s.to_string())
}

/// The unit on card `n`.
fn unit(f: &FormFields, n: usize, errors: &mut Vec<FieldError>) -> UnitSpec {
    let key = |x: &str| unit_key(n, x);
    let who = unit_label(f, n);
    let label = |x: &str| format!("{who}, {x}");
    let side = match f.get(&key("side")) {
        "" => None,
        "dark" => Some(Side::Dark),
        "light" => Some(Side::Light),
        v => {
            errors.push(FieldError::at(
                key("side"),
                format!("{}: {v:?} is not dark or light", label("side")),
            ));
            None
        }
    };
    let abilities = f.get(&key("abilities"));
    UnitSpec {
        id: f.get(&key("id")).to_string(),
        side,
        card: opt(f.get(&key("card"))),
        name: opt(f.get(&key("name"))),
        arena: opt(f.get(&key("arena"))),
        power: number(f, &key("power"), &label("power"), errors),
        health: number(f, &key("health"), &label("health"), errors),
        abilities: (!abilities.is_empty()).then(|| list(abilities)),
        damage: number(f, &key("damage"), &label("damage"), errors).unwrap_or(0),
        tapped: f.has(&key("tapped")),
        stack: list(f.get(&key("stack"))),
        equipment: list(f.get(&key("equipment"))),
        unique: yes_no(f, &key("unique"), &label("unique"), errors),
        granted_after_roll: list(f.get(&key("granted_after_roll"))),
        discarded: f.has(&key("discarded")),
    }
}

/// The position the form describes, or every problem with its fields.
pub fn to_position(f: &FormFields) -> Result<Position, Vec<FieldError>> {
    let mut errors = Vec::new();
    let units = unit_rows(f)
        .into_iter()
        .map(|n| unit(f, n, &mut errors))
        .collect();
    let count = |a: &str, b: &str| Some((a.to_string(), b.parse::<u32>().ok()?));
    let dice = DiceSpec {
        attack: dice(f, "dice_attack", "Attack dice", &mut errors),
        fury: dice(f, "dice_fury", "Fury's dice", &mut errors),
        rerolls: pairs(
            f,
            "dice_rerolls",
            "Re-rolls",
            "die:face (for example 3:5)",
            &mut errors,
            |d, face| {
                Some(RerollSpec {
                    die: d.parse().ok()?,
                    face: face.parse().ok()?,
                })
            },
        ),
    };
    let decisions = DecisionsSpec {
        intercept: list(f.get("intercept")),
        evade: pairs(
            f,
            "evade",
            "Evade",
            "unit:amount (for example D:1)",
            &mut errors,
            count,
        )
        .into_iter()
        .collect::<BTreeMap<_, _>>(),
        deflect: pairs(
            f,
            "deflect",
            "Deflect",
            "unit:target (for example D:A)",
            &mut errors,
            |a, b| (!a.is_empty() && !b.is_empty()).then(|| (a.to_string(), b.to_string())),
        )
        .into_iter()
        .collect(),
        lucky: LuckySpec {
            dark: lucky(f, "lucky_dark", "Dark Side's Lucky", &mut errors),
            light: lucky(f, "lucky_light", "Light Side's Lucky", &mut errors),
        },
        predict: pairs(
            f,
            "predict",
            "Predictions",
            "unit:hits (for example D:2)",
            &mut errors,
            count,
        )
        .into_iter()
        .collect(),
    };
    let position = Position {
        game: super::cite::GAME.into(),
        arena: match f.get("arena") {
            "" => "Ground".into(),
            a => a.to_string(),
        },
        seed: number(f, "seed", "Seed", &mut errors).unwrap_or(0),
        units,
        attack: AttackSpec {
            attacker: f.get("attacker").to_string(),
            defender: f.get("defender").to_string(),
        },
        dice,
        decisions,
        interpretations: form::readings_from::<Interpretations>(f, &mut errors),
        odds: f.has("odds"),
    };
    if errors.is_empty() {
        Ok(position)
    } else {
        Err(errors)
    }
}

fn join<T: ToString>(items: &[T]) -> String {
    items
        .iter()
        .map(|i| i.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

fn faces(d: &[Option<u8>]) -> String {
    d.iter()
        .map(|f| f.map_or("-".to_string(), |v| v.to_string()))
        .collect::<Vec<_>>()
        .join(", ")
}

fn map_pairs<V: ToString>(m: &BTreeMap<String, V>) -> String {
    m.iter()
        .map(|(k, v)| format!("{k}:{}", v.to_string()))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The form's fields for `pos`, to edit it, and what the form cannot show of it.
pub fn from_position(pos: &Position) -> (FormFields, Vec<String>) {
    let mut f = FormFields::default();
    let mut notes = Vec::new();
    f.set("arena", pos.arena.clone());
    f.set("seed", pos.seed.to_string());
    f.set("attacker", pos.attack.attacker.clone());
    f.set("defender", pos.attack.defender.clone());
    if pos.odds {
        f.set("odds", "on");
    }
    if pos.units.len() > FORM_UNITS {
        notes.push(format!(
            "The position has {} units; the form shows {FORM_UNITS}. Paste the JSON to keep the rest.",
            pos.units.len()
        ));
    }
    for (i, u) in pos.units.iter().enumerate().take(FORM_UNITS) {
        let key = |x: &str| unit_key(i + 1, x);
        f.set(key("id"), u.id.clone());
        if let Some(side) = u.side {
            f.set(key("side"), side.name());
        }
        for (x, v) in [("card", &u.card), ("name", &u.name), ("arena", &u.arena)] {
            if let Some(v) = v {
                f.set(key(x), v.clone());
            }
        }
        for (x, v) in [("power", u.power), ("health", u.health)] {
            if let Some(v) = v {
                f.set(key(x), v.to_string());
            }
        }
        if let Some(a) = &u.abilities {
            f.set(key("abilities"), a.join(", "));
        }
        if u.damage != 0 {
            f.set(key("damage"), u.damage.to_string());
        }
        for (x, on) in [("tapped", u.tapped), ("discarded", u.discarded)] {
            if on {
                f.set(key(x), "on");
            }
        }
        if let Some(unique) = u.unique {
            f.set(key("unique"), if unique { "yes" } else { "no" });
        }
        for (x, v) in [
            ("stack", &u.stack),
            ("equipment", &u.equipment),
            ("granted_after_roll", &u.granted_after_roll),
        ] {
            if !v.is_empty() {
                f.set(key(x), v.join(", "));
            }
        }
    }
    let d = &pos.dice;
    f.set("dice_attack", faces(&d.attack));
    f.set("dice_fury", faces(&d.fury));
    let rerolls: Vec<String> = d
        .rerolls
        .iter()
        .map(|r| format!("{}:{}", r.die, r.face))
        .collect();
    f.set("dice_rerolls", rerolls.join(", "));
    let dec = &pos.decisions;
    f.set("intercept", dec.intercept.join(", "));
    f.set("evade", map_pairs(&dec.evade));
    f.set("deflect", map_pairs(&dec.deflect));
    f.set("predict", map_pairs(&dec.predict));
    for (name, v) in [
        ("lucky_dark", &dec.lucky.dark),
        ("lucky_light", &dec.lucky.light),
    ] {
        match v {
            None => {}
            Some(d) if d.is_empty() => f.set(name, "none"),
            Some(d) => f.set(name, join(d)),
        }
    }
    form::readings_values(&pos.interpretations, &mut f);
    (f, notes)
}

/// The error `e` of the position built from `f`, at the field it came from and in the
/// form's words (`Unit 2 (D), ability 1: …` for `units[1].abilities[0]: …`).
pub fn locate(f: &FormFields, e: &PositionError) -> FieldError {
    let message = &e.message;
    let (head, index, rest) = form::split_path(&e.path);
    match (head, index) {
        ("units", Some(i)) => match unit_rows(f).get(i) {
            Some(&n) => {
                let who = unit_label(f, n);
                let (field, item, _) = form::split_path(rest);
                let field = if UNIT_FIELDS.contains(&field) {
                    field
                } else {
                    "id"
                };
                let place = match (field, item) {
                    ("abilities", Some(j)) => format!("{who}, ability {}", j + 1),
                    ("granted_after_roll", Some(j)) => {
                        format!("{who}, ability gained after the roll {}", j + 1)
                    }
                    (_, Some(j)) => format!("{who}, {} {}", field.replace('_', " "), j + 1),
                    _ => who,
                };
                FieldError::at(unit_key(n, field), format!("{place}: {message}"))
            }
            None => FieldError::general(format!("Unit {}: {message}", i + 1)),
        },
        ("units", None) => FieldError::general(format!("Units: {message}")),
        ("attack", None) => match rest {
            "attacker" => FieldError::at("attacker", format!("Attacker: {message}")),
            _ => FieldError::at("defender", format!("Defender: {message}")),
        },
        ("dice", None) => {
            let (which, i, _) = form::split_path(rest);
            let (name, label) = match which {
                "fury" => ("dice_fury", "Fury's dice"),
                "rerolls" => ("dice_rerolls", "Re-rolls"),
                _ => ("dice_attack", "Attack dice"),
            };
            match (which, i) {
                ("rerolls", Some(i)) => {
                    FieldError::at(name, format!("{label}, item {}: {message}", i + 1))
                }
                (_, Some(i)) => FieldError::at(name, format!("{label}, die {i}: {message}")),
                _ => FieldError::at(name, format!("{label}: {message}")),
            }
        }
        ("decisions", None) => {
            let (which, _, unit) = form::split_path(rest);
            let (name, label) = match which {
                "intercept" => ("intercept", "Intercept"),
                "evade" => ("evade", "Evade"),
                "deflect" => ("deflect", "Deflect"),
                "predict" => ("predict", "Predictions"),
                _ if unit.starts_with("light") => ("lucky_light", "Light Side's Lucky"),
                _ => ("lucky_dark", "Dark Side's Lucky"),
            };
            let place = match unit {
                _ if name.starts_with("lucky") => label.to_string(),
                "" => label.to_string(),
                u => format!("{label}, {u}"),
            };
            FieldError::at(name, format!("{place}: {message}"))
        }
        ("arena", None) => FieldError::at("arena", format!("Arena: {message}")),
        ("seed", None) => FieldError::at("seed", format!("Seed: {message}")),
        ("odds", None) => FieldError::at("odds", format!("Odds: {message}")),
        ("interpretations", None) => form::reading_error::<Interpretations>(rest, message),
        _ if e.path.is_empty() => FieldError::general(message.clone()),
        _ => FieldError::general(format!("{}: {message}", e.path)),
    }
}

fn select(name: String, label: &str, options: &[(&str, &str)]) -> Field {
    Field::new(
        name,
        label,
        Kind::Select {
            options: options.iter().map(|(v, l)| Choice::new(*v, *l)).collect(),
        },
    )
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
        select(
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
        Field::listed(key("card"), "Catalogue card", "units")
            .width(Width::Wide)
            .summary("")
            .from(f),
        Field::listed(key("arena"), "Arena", "arenas")
            .placeholder("the attack's")
            .width(Width::Small)
            .from(f),
        Field::text(key("name"), "or its name (a hypothetical unit)")
            .width(Width::Wide)
            .summary("")
            .from(f),
        stat("power", "Power", 0, caps::POWER, "card's"),
        stat("health", "Health", 1, caps::HEALTH, "card's"),
        stat("damage", "Damage on it", 0, caps::HEALTH, "0"),
        Field::listed(key("abilities"), "Abilities", "keywords")
            .items()
            .placeholder("Critical Hit 2, Armor")
            .hint("comma-separated, with their X; empty keeps the card's")
            .width(Width::Wide)
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
        .from(f),
        select(
            key("unique"),
            "Unique",
            &[("", "as the card"), ("yes", "yes"), ("no", "no")],
        )
        .width(Width::Small)
        .from(f),
        Field::new(key("tapped"), "Tapped", Kind::Checkbox)
            .width(Width::Small)
            .from(f),
        Field::new(key("discarded"), "Discarded", Kind::Checkbox)
            .width(Width::Small)
            .from(f),
        Field::listed(key("stack"), "Cards stacked under it", "units")
            .items()
            .from(f),
        Field::text(key("equipment"), "Equipment attached")
            .items()
            .from(f),
    ];
    // Each label says its unit to a screen reader, which does not see the card around it.
    let fields = fields
        .into_iter()
        .map(|field| field.context(format!("Unit {n}: ")))
        .collect();
    Group {
        id: format!("u{n}"),
        title: format!("Unit {n}"),
        empty: "add a unit".into(),
        open: n == 1,
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
            Field::new("odds", "Report the exact odds in the log", Kind::Checkbox)
                .hint("the step pages always show them")
                .width(Width::Wide)
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
                .hint("die:face pairs; 3:5 makes die 3 (the first is 0) show 5 when re-rolled")
                .width(Width::Full)
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
            Field::text("lucky_dark", "Dark Side's Lucky re-rolls")
                .placeholder("0, 2")
                .hint("die numbers; none for no re-roll; empty for the default")
                .from(f),
            Field::text("lucky_light", "Light Side's Lucky re-rolls")
                .placeholder("none")
                .hint("die numbers; none for no re-roll; empty for the default")
                .from(f),
        ],
    )
    .note("each one left empty takes its default policy (docs/rules/swtcg.md)")
    .folded();
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
            dice,
            decisions,
            form::readings_section::<Interpretations>(f),
        ],
        lists: vec![
            List {
                id: "units",
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
