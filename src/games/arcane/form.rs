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

use super::format::{
    caps, Action, EffectSpec, JudgeChange, Phase, PlayerSpec, Position, Resolution, SlotSpec,
    UnitSpec, Value,
};
use super::interpret::Interpretations;
use crate::rules::decision::DecisionPin;
use crate::rules::form::{
    self, list, number, Choice, Field, FieldError, Form, FormFields, Group, GroupStyle, Kind, List,
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
        ("u2_id", "B"),
        ("u2_owner", "Bob"),
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

fn opt(s: &str) -> Option<String> {
    (!s.is_empty()).then(|| s.to_string())
}

/// The non-blank lines of a text area, trimmed.
fn lines(s: &str) -> Vec<String> {
    s.lines()
        .map(|l| l.trim().to_string())
        .filter(|l| !l.is_empty())
        .collect()
}

/// Slot numbers (1-based), separated by commas or spaces.
fn slot_numbers(s: &str, place: &str, name: &str, errors: &mut Vec<FieldError>) -> Vec<usize> {
    let mut out = Vec::new();
    for item in s.split([',', ' ', ';']).filter(|x| !x.trim().is_empty()) {
        match item.trim().parse::<usize>() {
            Ok(n) => out.push(n),
            Err(_) => errors.push(FieldError::at(
                name,
                format!("{place}: {item:?} is not a slot number (1 for the first slot)"),
            )),
        }
    }
    out
}

/// One slot item: `o` or `x`, an optional `@moment`, then abilities joined by `+`.
fn slot(item: &str) -> Result<SlotSpec, String> {
    let (head, rest) = match item.split_once(char::is_whitespace) {
        Some((h, r)) => (h, r.trim()),
        None => (item, ""),
    };
    let (mark, since) = match head.split_once('@') {
        Some((m, s)) => (
            m,
            s.parse::<u32>()
                .map_err(|_| format!("{s:?} after @ is not a moment (a whole number)"))?,
        ),
        None => (head, 0),
    };
    let occupied = match mark.to_ascii_lowercase().as_str() {
        "o" => true,
        "x" => false,
        _ => {
            return Err(format!(
                "{item:?} does not start with o (occupied) or x (empty)"
            ))
        }
    };
    let abilities = rest
        .split('+')
        .map(|a| a.trim().to_string())
        .filter(|a| !a.is_empty())
        .collect();
    Ok(SlotSpec {
        occupied,
        abilities,
        since,
    })
}

fn slot_text(s: &SlotSpec) -> String {
    let mut out = String::from(if s.occupied { "o" } else { "x" });
    if s.since != 0 {
        out.push_str(&format!("@{}", s.since));
    }
    if !s.abilities.is_empty() {
        out.push(' ');
        out.push_str(&s.abilities.join(" + "));
    }
    out
}

/// One effect line: `text`, then `| N colour` (the dice it gives) and `| lasting` (it does
/// not end with the turn), in either order.
fn effect(line: &str) -> Result<EffectSpec, String> {
    let mut parts = line.split('|').map(str::trim);
    let text = parts.next().unwrap_or_default().to_string();
    let mut e = EffectSpec {
        text,
        until_end_of_turn: true,
        dice: None,
        color: None,
    };
    for part in parts {
        if part.eq_ignore_ascii_case("lasting") {
            e.until_end_of_turn = false;
            continue;
        }
        let (n, colour) = match part.split_once(char::is_whitespace) {
            Some((n, c)) => (n, c.trim()),
            None => (part, ""),
        };
        e.dice = Some(n.parse().map_err(|_| {
            format!("{part:?} is neither dice (a number and a colour: 2 blue) nor lasting")
        })?);
        e.color = opt(colour);
    }
    Ok(e)
}

fn effect_text(e: &EffectSpec) -> String {
    let mut out = e.text.clone();
    if let Some(n) = e.dice {
        out.push_str(&format!(" | {n}"));
        if let Some(c) = &e.color {
            out.push_str(&format!(" {c}"));
        }
    }
    if !e.until_end_of_turn {
        out.push_str(" | lasting");
    }
    out
}

/// A list field that may say `none` (an empty list, replacing the card's).
fn none_or(s: &str, split: impl Fn(&str) -> Vec<String>) -> Option<Vec<String>> {
    match s {
        "" => None,
        x if x.eq_ignore_ascii_case("none") => Some(Vec::new()),
        x => Some(split(x)),
    }
}

/// The unit on card `n`.
fn unit(f: &FormFields, n: usize, errors: &mut Vec<FieldError>) -> UnitSpec {
    let key = |x: &str| unit_key(n, x);
    let who = unit_label(f, n);
    let label = |x: &str| format!("{who}, {x}");
    let id = f.get(&key("id"));
    if id.is_empty() {
        errors.push(FieldError::at(
            key("id"),
            format!("{who}: give the unit an id (F, C)"),
        ));
    }
    let owner = f.get(&key("owner"));
    if owner.is_empty() {
        errors.push(FieldError::at(
            key("owner"),
            format!(
                "{}: which player owns it? Give a player's name",
                label("owner")
            ),
        ));
    }
    let slots = match f.get(&key("slots")) {
        "" => None,
        s => {
            let mut out = Vec::new();
            for (k, item) in s.split(',').map(str::trim).enumerate() {
                match slot(item) {
                    Ok(x) => out.push(x),
                    Err(e) => errors.push(FieldError::at(
                        key("slots"),
                        format!("{}: {e}", label(&format!("slot {}", k + 1))),
                    )),
                }
            }
            Some(out)
        }
    };
    let mut effects = Vec::new();
    for (k, line) in lines(f.get(&key("effects"))).into_iter().enumerate() {
        match effect(&line) {
            Ok(e) => effects.push(e),
            Err(e) => errors.push(FieldError::at(
                key("effects"),
                format!("{}: {e}", label(&format!("effect {}", k + 1))),
            )),
        }
    }
    UnitSpec {
        id: id.to_string(),
        owner: owner.to_string(),
        card: opt(f.get(&key("card"))),
        name: opt(f.get(&key("name"))),
        abilities: none_or(f.get(&key("abilities")), lines),
        traits: none_or(f.get(&key("traits")), list),
        facts: list(f.get(&key("facts"))),
        slots,
        on_battlefield: !f.has(&key("off_battlefield")),
        ready_since: number(f, &key("ready_since"), &label("ready since"), errors).unwrap_or(0),
        effects,
        special_order: f.has(&key("special_order")),
        damage: number(f, &key("damage"), &label("damage"), errors).unwrap_or(0),
    }
}

/// The action on row `i`.
fn action(f: &FormFields, i: usize, errors: &mut Vec<FieldError>) -> Option<Action> {
    let key = |x: &str| action_key(i, x);
    let verb = f.get(&key("do"));
    let Some((_, verb_label)) = VERBS.iter().find(|(v, _)| *v == verb && !v.is_empty()) else {
        let all: Vec<&str> = VERBS.iter().skip(1).map(|(v, _)| *v).collect();
        errors.push(FieldError::at(
            key("do"),
            format!("Action {i}: {verb:?} is not one of {}", all.join(", ")),
        ));
        return None;
    };
    let place = format!("Action {i} ({verb_label})");
    // Which columns this verb reads; a value in any other is an error, not dropped.
    let reads: &[&str] = match verb {
        "activate" => &["unit", "ability", "slots", "targets"],
        "order" => &["unit", "ability", "special"],
        "down" | "return" => &["unit", "count", "slots"],
        "damage" => &["unit", "count", "downs", "slots"],
        "end_move" => &["unit", "targets"],
        "arrive" => &["unit"],
        "phase" => &["ability", "targets"],
        "trigger" => &["unit", "ability", "count", "targets"],
        "query" => &["unit", "ability", "targets"],
        _ => &[],
    };
    let before = errors.len();
    for x in ACTION_FIELDS.iter().skip(1) {
        if f.has(&key(x)) && !reads.contains(x) {
            errors.push(FieldError::at(
                key(x),
                format!("{place}: reads no {}; clear it", column_name(x)),
            ));
        }
    }
    let text = |x: &str| f.get(&key(x)).to_string();
    let need = |x: &str, what: &str, errors: &mut Vec<FieldError>| {
        let v = f.get(&key(x));
        if v.is_empty() {
            errors.push(FieldError::at(key(x), format!("{place}: {what}?")));
        }
        v.to_string()
    };
    let count = |errors: &mut Vec<FieldError>| -> Option<u32> {
        number(f, &key("count"), &format!("{place}, count"), errors)
    };
    let slots = |errors: &mut Vec<FieldError>| {
        slot_numbers(f.get(&key("slots")), &place, &key("slots"), errors)
    };
    let one_target = |errors: &mut Vec<FieldError>| -> Option<String> {
        let t = list(f.get(&key("targets")));
        if t.len() > 1 {
            errors.push(FieldError::at(
                key("targets"),
                format!("{place}: one name only, not {}", t.len()),
            ));
        }
        t.into_iter().next()
    };
    if matches!(verb, "down" | "damage" | "return") && !f.has(&key("count")) {
        errors.push(FieldError::at(
            key("count"),
            format!("{place}: how many? Give the count"),
        ));
    }
    let unit = |errors: &mut Vec<FieldError>| need("unit", "which unit? Give its id", errors);
    let action = match verb {
        "activate" => Action::Activate {
            unit: unit(errors),
            ability: need("ability", "which ability? Give its name", errors),
            down: slots(errors),
            targets: list(&text("targets")),
        },
        "order" => Action::Order {
            unit: unit(errors),
            order: need(
                "ability",
                "which order (charge, move, ranged combat)",
                errors,
            ),
            special: f.has(&key("special")),
        },
        "down" => Action::Down {
            unit: unit(errors),
            count: count(errors).unwrap_or(0),
            slots: slots(errors),
        },
        "damage" => Action::Damage {
            unit: unit(errors),
            amount: count(errors).unwrap_or(0),
            downs: number(f, &key("downs"), &format!("{place}, downs"), errors).unwrap_or(0),
            slots: slots(errors),
        },
        "return" => Action::Return {
            unit: unit(errors),
            count: count(errors).unwrap_or(0),
            slots: slots(errors),
        },
        "end_move" => Action::EndMove {
            unit: unit(errors),
            adjacent: list(&text("targets")),
        },
        "arrive" => Action::Arrive { unit: unit(errors) },
        "phase" => {
            let p = need(
                "ability",
                "which phase (order, movement, combat, end)",
                errors,
            );
            let phase = read_phase(&p);
            if phase.is_none() && !p.is_empty() {
                errors.push(FieldError::at(
                    key("ability"),
                    format!("{place}: {p:?} is not order, movement, combat or end"),
                ));
            }
            Action::Phase {
                phase: phase.unwrap_or_default(),
                player: one_target(errors),
            }
        }
        "end_turn" => Action::EndTurn,
        "trigger" => Action::Trigger {
            unit: unit(errors),
            ability: need("ability", "which ability? Give its name", errors),
            occurrences: count(errors).unwrap_or(1),
            targets: list(&text("targets")),
        },
        _ => {
            let v = need("ability", "which value (phantom_dice or dice)", errors);
            let value = match v.as_str() {
                "phantom_dice" | "phantom dice" => Some(Value::PhantomDice),
                "dice" => Some(Value::Dice),
                "" => None,
                _ => {
                    errors.push(FieldError::at(
                        key("ability"),
                        format!("{place}: {v:?} is not phantom_dice or dice"),
                    ));
                    None
                }
            };
            Action::Query {
                unit: unit(errors),
                value: value.unwrap_or(Value::PhantomDice),
                against: one_target(errors),
            }
        }
    };
    (errors.len() == before).then_some(action)
}

/// A column's name in an error: what it holds.
fn column_name(x: &str) -> &'static str {
    match x {
        "unit" => "unit",
        "ability" => "ability, order, phase or value",
        "slots" => "slots",
        "targets" => "targets",
        "count" => "count or amount",
        "downs" => "figures downed by damage",
        _ => "Special Order tick",
    }
}

/// `decision:option` pairs.
fn decisions(f: &FormFields, errors: &mut Vec<FieldError>) -> Vec<DecisionPin> {
    let mut out = Vec::new();
    for (k, item) in list(f.get("decisions")).into_iter().enumerate() {
        let pin = item.split_once(':').and_then(|(d, o)| {
            Some(DecisionPin {
                decision: d.trim().parse().ok()?,
                option: o.trim().parse().ok()?,
            })
        });
        match pin {
            Some(p) => out.push(p),
            None => errors.push(FieldError::at(
                "decisions",
                format!(
                    "Decisions, item {}: {item:?} is not decision:option (for example 1:2)",
                    k + 1
                ),
            )),
        }
    }
    out
}

/// One change of a resolution: `down C: 2 3`, `return C: 1`, `damage C: 2`,
/// `op Alice: +1`, `vp Bob: -1`, `effect C: text | 2 blue`, `nothing`.
fn change(s: &str) -> Result<JudgeChange, String> {
    if s.eq_ignore_ascii_case("nothing") {
        return Ok(JudgeChange::Nothing);
    }
    let bad = || {
        format!(
            "{s:?} is not a change: down U: slots, return U: slots, damage U: N, op P: ±N, vp P: ±N, effect U: text, or nothing"
        )
    };
    let (verb, rest) = s.split_once(char::is_whitespace).ok_or_else(bad)?;
    let (who, value) = rest.split_once(':').ok_or_else(bad)?;
    let (who, value) = (who.trim().to_string(), value.trim());
    let slots = || -> Result<Vec<usize>, String> {
        value
            .split([',', ' '])
            .filter(|x| !x.is_empty())
            .map(|x| x.parse().map_err(|_| format!("{x:?} is not a slot number")))
            .collect()
    };
    let gain = || -> Result<i64, String> {
        value
            .trim_start_matches('+')
            .parse()
            .map_err(|_| format!("{value:?} is not a gain (+1, -2)"))
    };
    Ok(match verb {
        "down" => JudgeChange::Down {
            unit: who,
            slots: slots()?,
        },
        "return" => JudgeChange::Return {
            unit: who,
            slots: slots()?,
        },
        "damage" => JudgeChange::Damage {
            unit: who,
            amount: value
                .parse()
                .map_err(|_| format!("{value:?} is not an amount of damage"))?,
        },
        "op" => JudgeChange::Op {
            player: who,
            gain: gain()?,
        },
        "vp" => JudgeChange::Vp {
            player: who,
            gain: gain()?,
        },
        "effect" => JudgeChange::Effect {
            unit: who,
            effect: effect(value)?,
        },
        _ => return Err(bad()),
    })
}

fn change_text(c: &JudgeChange) -> String {
    let nums = |s: &[usize]| {
        s.iter()
            .map(|n| n.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    match c {
        JudgeChange::Down { unit, slots } => format!("down {unit}: {}", nums(slots)),
        JudgeChange::Return { unit, slots } => format!("return {unit}: {}", nums(slots)),
        JudgeChange::Damage { unit, amount } => format!("damage {unit}: {amount}"),
        JudgeChange::Op { player, gain } => format!("op {player}: {gain:+}"),
        JudgeChange::Vp { player, gain } => format!("vp {player}: {gain:+}"),
        JudgeChange::Effect { unit, effect } => format!("effect {unit}: {}", effect_text(effect)),
        JudgeChange::Nothing => "nothing".into(),
    }
}

/// A line per answer: `N: change; change`.
fn resolutions(f: &FormFields, errors: &mut Vec<FieldError>) -> Vec<Resolution> {
    let mut out = Vec::new();
    for (k, line) in lines(f.get("resolutions")).into_iter().enumerate() {
        let place = format!("Resolutions, line {}", k + 1);
        let Some((n, rest)) = line.split_once(':') else {
            errors.push(FieldError::at(
                "resolutions",
                format!("{place}: {line:?} does not start with the resolution's number and a colon (1: down C: 2)"),
            ));
            continue;
        };
        let Ok(resolution) = n.trim().parse() else {
            errors.push(FieldError::at(
                "resolutions",
                format!("{place}: {:?} is not a resolution's number", n.trim()),
            ));
            continue;
        };
        let mut changes = Vec::new();
        for part in rest.split(';').map(str::trim).filter(|p| !p.is_empty()) {
            match change(part) {
                Ok(c) => changes.push(c),
                Err(e) => errors.push(FieldError::at("resolutions", format!("{place}: {e}"))),
            }
        }
        out.push(Resolution {
            resolution,
            changes,
        });
    }
    out
}

/// The position the form describes, or every problem with its fields.
pub fn to_position(f: &FormFields) -> Result<Position, Vec<FieldError>> {
    let mut errors = Vec::new();
    let players = player_rows(f)
        .into_iter()
        .map(|n| {
            let key = |x: &str| player_key(n, x);
            let name = f.get(&key("name"));
            if name.is_empty() {
                errors.push(FieldError::at(
                    key("name"),
                    format!("Player {n}: give the player a name"),
                ));
            }
            let label = |x: &str| format!("Player {n}, {x}");
            PlayerSpec {
                name: name.to_string(),
                op: number(f, &key("op"), &label("OP"), &mut errors).unwrap_or(0),
                vp: number(f, &key("vp"), &label("VP"), &mut errors).unwrap_or(0),
            }
        })
        .collect();
    let units = unit_rows(f)
        .into_iter()
        .map(|n| unit(f, n, &mut errors))
        .collect();
    let mut contact = Vec::new();
    for (k, item) in list(f.get("contact")).into_iter().enumerate() {
        match item.split_once(':') {
            Some((a, b)) if !a.trim().is_empty() && !b.trim().is_empty() => {
                contact.push([a.trim().to_string(), b.trim().to_string()])
            }
            _ => errors.push(FieldError::at(
                "contact",
                format!(
                    "Contacts, item {}: {item:?} is not a pair of unit ids (F:C)",
                    k + 1
                ),
            )),
        }
    }
    let phase = match f.get("phase") {
        "" => Phase::Order,
        p => read_phase(p).unwrap_or_else(|| {
            errors.push(FieldError::at(
                "phase",
                format!("Phase: {p:?} is not order, movement, combat or end"),
            ));
            Phase::Order
        }),
    };
    let on_rejection = match f.get("on_rejection") {
        "" | "continue" => OnRejection::Continue,
        "stop" => OnRejection::Stop,
        v => {
            errors.push(FieldError::at(
                "on_rejection",
                format!("After a rejection: {v:?} is not continue or stop"),
            ));
            OnRejection::Continue
        }
    };
    let actions = action_rows(f)
        .into_iter()
        .filter_map(|i| action(f, i, &mut errors))
        .collect();
    let position = Position {
        game: super::cite::GAME.into(),
        turn: number(f, "turn", "Turn", &mut errors).unwrap_or(1),
        phase,
        active: opt(f.get("active")),
        players,
        units,
        contact,
        actions,
        decisions: decisions(f, &mut errors),
        resolutions: resolutions(f, &mut errors),
        interpretations: form::readings_from::<Interpretations>(f, &mut errors),
        on_rejection,
    };
    if errors.is_empty() {
        Ok(position)
    } else {
        Err(errors)
    }
}

/// Whether `s` holds a character the form's syntax reads as a separator.
fn has_any(s: &str, chars: &[char]) -> bool {
    s.contains(chars)
}

/// The form's fields for `pos`, to edit it, and what the form cannot show of it.
pub fn from_position(pos: &Position) -> (FormFields, Vec<String>) {
    let mut f = FormFields::default();
    let mut notes = Vec::new();
    f.set("turn", pos.turn.to_string());
    f.set("phase", phase_name(pos.phase));
    if let Some(a) = &pos.active {
        f.set("active", a.clone());
    }
    if pos.on_rejection == OnRejection::Stop {
        f.set("on_rejection", "stop");
    }
    let mut contact = Vec::new();
    for [a, b] in &pos.contact {
        if has_any(a, &[':', ',', ';']) || has_any(b, &[':', ',', ';']) {
            notes.push(format!(
                "The contact {a}–{b} names an id with a colon, comma or semicolon, which the contacts field cannot hold. Paste the JSON to keep it."
            ));
        }
        contact.push(format!("{a}:{b}"));
    }
    f.set("contact", contact.join(", "));
    if pos.players.len() > FORM_PLAYERS {
        notes.push(format!(
            "The position has {} players; the form shows {FORM_PLAYERS}. Paste the JSON to keep the rest.",
            pos.players.len()
        ));
    }
    for (i, p) in pos.players.iter().enumerate().take(FORM_PLAYERS) {
        let key = |x: &str| player_key(i + 1, x);
        f.set(key("name"), p.name.clone());
        f.set(key("op"), p.op.to_string());
        f.set(key("vp"), p.vp.to_string());
    }
    if pos.units.len() > FORM_UNITS {
        notes.push(format!(
            "The position has {} units; the form shows {FORM_UNITS}. Paste the JSON to keep the rest.",
            pos.units.len()
        ));
    }
    for (i, u) in pos.units.iter().enumerate().take(FORM_UNITS) {
        let key = |x: &str| unit_key(i + 1, x);
        let mut drop = |what: &str| {
            notes.push(format!(
                "Unit {} ({}): {what}; the form cannot hold it. Paste the JSON to keep it.",
                i + 1,
                u.id
            ))
        };
        f.set(key("id"), u.id.clone());
        f.set(key("owner"), u.owner.clone());
        for (x, v) in [("card", &u.card), ("name", &u.name)] {
            if let Some(v) = v {
                f.set(key(x), v.clone());
            }
        }
        if let Some(slots) = &u.slots {
            if slots.is_empty() {
                drop("an empty list of slots");
            }
            if slots
                .iter()
                .flat_map(|s| &s.abilities)
                .any(|a| has_any(a, &[',', '+', '@']) || a.trim() != a || a.is_empty())
            {
                drop("a slot's ability name with a comma, + or @");
            }
            let items: Vec<String> = slots.iter().map(slot_text).collect();
            f.set(key("slots"), items.join(", "));
        }
        if let Some(a) = &u.abilities {
            if a.is_empty() {
                f.set(key("abilities"), "none");
            } else {
                if a.iter()
                    .any(|x| x.contains('\n') || x.trim() != x || x.is_empty())
                    || (a.len() == 1 && a[0].eq_ignore_ascii_case("none"))
                {
                    drop("an ability whose text the lines cannot hold");
                }
                f.set(key("abilities"), a.join("\n"));
            }
        }
        if let Some(t) = &u.traits {
            if t.is_empty() {
                f.set(key("traits"), "none");
            } else {
                if t.iter().any(|x| has_any(x, &[',', ';']) || x.trim() != x)
                    || (t.len() == 1 && t[0].eq_ignore_ascii_case("none"))
                {
                    drop("a trait with a comma or semicolon");
                }
                f.set(key("traits"), t.join(", "));
            }
        }
        if !u.facts.is_empty() {
            if u.facts
                .iter()
                .any(|x| has_any(x, &[',', ';']) || x.trim() != x || x.is_empty())
            {
                drop("a fact with a comma or semicolon");
            }
            f.set(key("facts"), u.facts.join(", "));
        }
        if !u.effects.is_empty() {
            if u.effects.iter().any(|e| {
                has_any(&e.text, &['|', '\n'])
                    || e.text.trim() != e.text
                    || e.text.is_empty()
                    || (e.color.is_some() && e.dice.is_none())
            }) {
                drop("an effect whose text has | or whose colour has no dice");
            }
            let lines: Vec<String> = u.effects.iter().map(effect_text).collect();
            f.set(key("effects"), lines.join("\n"));
        }
        if u.damage != 0 {
            f.set(key("damage"), u.damage.to_string());
        }
        if u.ready_since != 0 {
            f.set(key("ready_since"), u.ready_since.to_string());
        }
        if u.special_order {
            f.set(key("special_order"), "on");
        }
        if !u.on_battlefield {
            f.set(key("off_battlefield"), "on");
        }
    }
    if pos.actions.len() > FORM_ACTIONS {
        notes.push(format!(
            "The position has {} actions; the form shows {FORM_ACTIONS}. Paste the JSON to keep the rest.",
            pos.actions.len()
        ));
    }
    for (i, a) in pos.actions.iter().enumerate().take(FORM_ACTIONS) {
        let key = |x: &str| action_key(i + 1, x);
        let nums = |s: &[usize]| {
            s.iter()
                .map(|n| n.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        };
        let mut set = |x: &str, v: String| {
            if !v.is_empty() {
                f.set(key(x), v);
            }
        };
        match a {
            Action::Activate {
                unit,
                ability,
                down,
                targets,
            } => {
                set("do", "activate".into());
                set("unit", unit.clone());
                set("ability", ability.clone());
                set("slots", nums(down));
                set("targets", targets.join(", "));
            }
            Action::Order {
                unit,
                order,
                special,
            } => {
                set("do", "order".into());
                set("unit", unit.clone());
                set("ability", order.clone());
                if *special {
                    set("special", "on".into());
                }
            }
            Action::Down { unit, count, slots } | Action::Return { unit, count, slots } => {
                let verb = if matches!(a, Action::Down { .. }) {
                    "down"
                } else {
                    "return"
                };
                set("do", verb.into());
                set("unit", unit.clone());
                set("count", count.to_string());
                set("slots", nums(slots));
            }
            Action::Damage {
                unit,
                amount,
                downs,
                slots,
            } => {
                set("do", "damage".into());
                set("unit", unit.clone());
                set("count", amount.to_string());
                if *downs != 0 {
                    set("downs", downs.to_string());
                }
                set("slots", nums(slots));
            }
            Action::EndMove { unit, adjacent } => {
                set("do", "end_move".into());
                set("unit", unit.clone());
                set("targets", adjacent.join(", "));
            }
            Action::Arrive { unit } => {
                set("do", "arrive".into());
                set("unit", unit.clone());
            }
            Action::Phase { phase, player } => {
                set("do", "phase".into());
                set("ability", phase_name(*phase).into());
                set("targets", player.clone().unwrap_or_default());
            }
            Action::EndTurn => set("do", "end_turn".into()),
            Action::Trigger {
                unit,
                ability,
                occurrences,
                targets,
            } => {
                set("do", "trigger".into());
                set("unit", unit.clone());
                set("ability", ability.clone());
                if *occurrences != 1 {
                    set("count", occurrences.to_string());
                }
                set("targets", targets.join(", "));
            }
            Action::Query {
                unit,
                value,
                against,
            } => {
                set("do", "query".into());
                set("unit", unit.clone());
                set("ability", value_name(*value).into());
                set("targets", against.clone().unwrap_or_default());
            }
        }
    }
    let pins: Vec<String> = pos
        .decisions
        .iter()
        .map(|p| format!("{}:{}", p.decision, p.option))
        .collect();
    f.set("decisions", pins.join(", "));
    let answers: Vec<String> = pos
        .resolutions
        .iter()
        .map(|r| {
            let changes: Vec<String> = r.changes.iter().map(change_text).collect();
            format!("{}: {}", r.resolution, changes.join("; "))
        })
        .collect();
    if pos
        .resolutions
        .iter()
        .flat_map(|r| &r.changes)
        .any(|c| match c {
            JudgeChange::Down { unit, .. }
            | JudgeChange::Return { unit, .. }
            | JudgeChange::Damage { unit, .. } => has_any(unit, &[':', ';']) || unit.trim() != unit,
            JudgeChange::Op { player, .. } | JudgeChange::Vp { player, .. } => {
                has_any(player, &[':', ';']) || player.trim() != player
            }
            JudgeChange::Effect { unit, effect } => {
                has_any(unit, &[':', ';'])
                    || has_any(&effect.text, &['|', ';', '\n'])
                    || effect.text.trim() != effect.text
            }
            JudgeChange::Nothing => false,
        })
        || pos.resolutions.iter().any(|r| r.changes.is_empty())
    {
        notes.push(
            "A resolution names a unit or player with a colon or semicolon, an effect with | or ;, or no change at all, which the resolutions field cannot hold. Paste the JSON to keep it."
                .into(),
        );
    }
    f.set("resolutions", answers.join("\n"));
    form::readings_values(&pos.interpretations, &mut f);
    (f, notes)
}

/// The error `e` of the position built from `f`, at the field it came from and in the
/// form's words (`Unit 2 (C), slot 5: …` for `units[1].slots[4].abilities[0]: …`).
pub fn locate(f: &FormFields, e: &PositionError) -> FieldError {
    let message = &e.message;
    let (head, index, rest) = form::split_path(&e.path);
    match (head, index) {
        ("players", Some(i)) => match player_rows(f).get(i) {
            Some(&n) => {
                let (field, _, _) = form::split_path(rest);
                let field = if ["op", "vp"].contains(&field) {
                    field
                } else {
                    "name"
                };
                FieldError::at(player_key(n, field), format!("Player {n}: {message}"))
            }
            None => FieldError::general(format!("Player {}: {message}", i + 1)),
        },
        ("players", None) => FieldError::at("p1_name", format!("Players: {message}")),
        ("units", Some(i)) => match unit_rows(f).get(i) {
            Some(&n) => {
                let who = unit_label(f, n);
                let (field, item, _) = form::split_path(rest);
                let field = match field {
                    "on_battlefield" => "off_battlefield",
                    x if UNIT_FIELDS.contains(&x) => x,
                    _ => "id",
                };
                let place = match (field, item) {
                    ("slots", Some(k)) => format!("{who}, slot {}", k + 1),
                    ("abilities", Some(j)) => format!("{who}, ability {}", j + 1),
                    ("effects", Some(j)) => format!("{who}, effect {}", j + 1),
                    (x, Some(j)) => format!("{who}, {} {}", x.trim_end_matches('s'), j + 1),
                    _ => who,
                };
                FieldError::at(unit_key(n, field), format!("{place}: {message}"))
            }
            None => FieldError::general(format!("Unit {}: {message}", i + 1)),
        },
        ("units", None) => FieldError::at("u1_id", format!("Units: {message}")),
        ("contact", _) => FieldError::at(
            "contact",
            // `contact[k][j]`: the pair's index is the digits after the first `[`.
            match e.path["contact".len()..]
                .trim_start_matches('[')
                .split(']')
                .next()
                .and_then(|k| k.parse::<usize>().ok())
            {
                Some(k) => format!("Contacts, item {}: {message}", k + 1),
                None => format!("Contacts: {message}"),
            },
        ),
        ("actions", Some(i)) => match action_rows(f).get(i) {
            Some(&row) => {
                let (field, _, _) = form::split_path(rest);
                let field = match field {
                    "ability" | "order" | "phase" | "value" => "ability",
                    "down" | "slots" => "slots",
                    "targets" | "adjacent" | "against" | "player" => "targets",
                    "count" | "amount" | "occurrences" => "count",
                    "downs" => "downs",
                    "special" => "special",
                    "do" => "do",
                    _ => "unit",
                };
                FieldError::at(action_key(row, field), format!("Action {row}: {message}"))
            }
            None => FieldError::general(format!("Action {}: {message}", i + 1)),
        },
        ("actions", None) => FieldError::general(format!("Actions: {message}")),
        ("decisions", _) => FieldError::at("decisions", format!("Decisions: {message}")),
        ("resolutions", i) => FieldError::at(
            "resolutions",
            match i {
                Some(k) => format!("Resolutions, line {}: {message}", k + 1),
                None => format!("Resolutions: {message}"),
            },
        ),
        ("active", None) => FieldError::at("active", format!("Active player: {message}")),
        ("turn", None) => FieldError::at("turn", format!("Turn: {message}")),
        ("phase", None) => FieldError::at("phase", format!("Phase: {message}")),
        ("on_rejection", None) => {
            FieldError::at("on_rejection", format!("After a rejection: {message}"))
        }
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
            Field::text(key("name"), "Name")
                .context(context.clone())
                .placeholder(if n == 1 { "Alice" } else { "" })
                .width(Width::Wide)
                .summary("")
                .from(f),
            Field::number(key("op"), "OP", 0, i64::from(caps::POINTS))
                .context(context.clone())
                .placeholder("0")
                .width(Width::Small)
                .from(f),
            Field::number(key("vp"), "VP", 0, i64::from(caps::POINTS))
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
        Field::listed(key("card"), "Catalogue card", "cards")
            .width(Width::Wide)
            .summary("")
            .from(f),
        Field::text(key("name"), "or its name (a unit not in the catalogue)")
            .width(Width::Wide)
            .summary("")
            .from(f),
        Field::text(key("slots"), "Figure slots")
            .placeholder("o Fireburst, o Fireburst, x, o Nature Magic")
            .hint("a slot per item: o occupied, x empty (downed); then the figure abilities beside it, joined by +; o@2 if its figure arrived at moment 2; empty: the card's figures, all occupied")
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

/// Action row `i`.
fn action_row(f: &FormFields, i: usize) -> Group {
    let key = |x: &str| action_key(i, x);
    let context = format!("Action {i}: ");
    let fields = vec![
        select(key("do"), "What", VERBS)
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
    let fields = fields
        .into_iter()
        .map(|field| field.context(context.clone()))
        .collect();
    Group {
        id: format!("action-{i}"),
        title: format!("Action {i}"),
        empty: "add an action".into(),
        open: i == 1,
        fields,
    }
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
            select("phase".into(), "Phase", PHASES)
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
            select(
                "on_rejection".into(),
                "After a rejected action",
                &[("continue", "go on"), ("stop", "stop")],
            )
            .width(Width::Small)
            .from(f),
        ],
    );
    let players = Section::new("players", "Players", Vec::new())
        .note("order points (OP) and victory points (VP) now")
        .groups(
            GroupStyle::Cards,
            (1..=FORM_PLAYERS).map(|n| player_row(f, n)).collect(),
        );
    let units = Section::new("units", "Units", Vec::new())
        .note("A card per unit: a catalogue card, or a unit with its abilities written in, and its figure slots.")
        .groups(
            GroupStyle::Cards,
            (1..=FORM_UNITS).map(|n| unit_card(f, n)).collect(),
        );
    let actions = Section::new("actions", "Actions", Vec::new())
        .note("in order; slots: the figures a cost or a down pins (1 is the first); targets: units targeted, units adjacent, the unit attacked or the player whose phase starts; count: figures, damage or occurrences")
        .groups(
            GroupStyle::Cards,
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
        lede: "Set up the players' points, the units and their figure slots, the contacts \
               and the actions in order, then step through them: readiness, costs, \
               triggers and statics, each step citing the seed's sentence or the house \
               rule behind it. Dice and combat are the judge's to enter."
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
                id: "cards",
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_effects_and_changes_read_back_what_they_write() {
        for s in [
            SlotSpec {
                occupied: true,
                abilities: vec!["Fireburst".into(), "Nature Magic".into()],
                since: 2,
            },
            SlotSpec {
                occupied: false,
                abilities: Vec::new(),
                since: 0,
            },
        ] {
            assert_eq!(slot(&slot_text(&s)), Ok(s));
        }
        let e = EffectSpec {
            text: "gains 2 blue dice until end of turn".into(),
            until_end_of_turn: false,
            dice: Some(2),
            color: Some("blue".into()),
        };
        assert_eq!(
            effect_text(&e),
            "gains 2 blue dice until end of turn | 2 blue | lasting"
        );
        assert_eq!(effect(&effect_text(&e)), Ok(e.clone()));
        for c in [
            JudgeChange::Down {
                unit: "C".into(),
                slots: vec![2, 3],
            },
            JudgeChange::Op {
                player: "Alice".into(),
                gain: -1,
            },
            JudgeChange::Vp {
                player: "Bob".into(),
                gain: 2,
            },
            JudgeChange::Effect {
                unit: "C".into(),
                effect: e.clone(),
            },
            JudgeChange::Nothing,
        ] {
            assert_eq!(change(&change_text(&c)), Ok(c));
        }
        assert!(slot("q").unwrap_err().contains("does not start with o"));
        assert!(change("fly C: 2").unwrap_err().contains("is not a change"));
    }
}
