//! The position format of one attack (`"game": "swtcg"`, documented in
//! `docs/positions.md`): the units, the attack, the dice a judge fixes, the players'
//! decisions, the readings and whether to report the exact odds. Every error is located
//! by its JSON path (`units[1].abilities[0]`); [`resolve`] checks every name against a
//! [`CardSource`] and builds the [`State`]; [`to_position`] writes a state back.
//!
//! This file owns the format, its caps and its checks; it plays nothing. The resolver
//! never opens the catalogue: the caller passes a [`CardSource`].

use std::sync::Arc;

use rand::SeedableRng;

pub use super::format::{
    caps, ActionSpec, AttackSpec, DecisionsSpec, DiceSpec, LuckySpec, Position, RerollSpec,
    UnitSpec,
};
use super::state::{Ability, Action, DeflectPin, Keyword, Layer, Pins, Side, State, Unit};
pub use crate::rules::position::{parse_json, PositionError};

/// A unit card as the resolver needs it from the catalogue.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardDef {
    pub name: String,
    /// `unit`, `equipment`, `battle`, …
    pub card_type: String,
    pub power: i32,
    pub health: i32,
    /// Ability labels: `Critical Hit 2`.
    pub abilities: Vec<String>,
    pub unique: bool,
    /// The card's printed text (an Equipment's `Equip: Pay 1 Force.` is read from it).
    pub text: String,
}

/// A catalogue ability label completed from the card's text: the catalogue keeps
/// `Meditate` while the text prints `Meditate: Pay 4 Force.`, so a label without its
/// `:` part takes the text's line for it (a cost, a Foresight effect, a Stack list).
pub fn with_text(label: &str, text: &str) -> String {
    if label.contains(':') {
        return label.to_string();
    }
    let head = format!("{}:", label.trim());
    text.lines()
        .map(str::trim)
        .find(|l| {
            l.get(..head.len())
                .is_some_and(|h| h.eq_ignore_ascii_case(&head))
        })
        .map_or_else(
            || label.to_string(),
            |l| l.trim_end_matches('.').trim().to_string(),
        )
}

/// The Equip cost an Equipment card's text prints (`Equip: Pay 1 Force.`).
pub fn equip_cost(text: &str) -> Option<u32> {
    text.lines()
        .map(str::trim)
        .filter(|l| l.get(..6).is_some_and(|h| h.eq_ignore_ascii_case("equip:")))
        .find_map(super::state::pay_force)
}

/// Where card names are looked up. The catalogue implements it outside the game.
pub trait CardSource {
    /// The Star Wars TCG card named `name` (folded lookup).
    fn card(&self, name: &str) -> Option<CardDef>;
    /// A close card name, for "did you mean".
    fn suggest(&self, name: &str) -> Option<String>;
}

/// No catalogue: every unit is inline.
pub struct NoCards;

impl CardSource for NoCards {
    fn card(&self, _: &str) -> Option<CardDef> {
        None
    }
    fn suggest(&self, _: &str) -> Option<String> {
        None
    }
}

/// Reads an ability label (`Critical Hit 2`, `Foresight: Gain 2 Force`, `Elude`).
pub fn parse_ability(label: &str) -> Result<Ability, String> {
    let (head, param) = match label.split_once(':') {
        Some((h, p)) => (
            h.trim(),
            Some(p.trim().to_string()).filter(|p| !p.is_empty()),
        ),
        None => (label.trim(), None),
    };
    let (name, x) = match head.rsplit_once(' ') {
        Some((n, v)) if v.chars().all(|c| c.is_ascii_digit()) && !v.is_empty() => (
            n.trim(),
            Some(
                v.parse::<u32>()
                    .map_err(|_| format!("{v:?} is too large"))?,
            ),
        ),
        _ => (head, None),
    };
    let folded = crate::text::fold(name);
    let elude = folded == crate::text::fold("Elude");
    let found = if elude {
        Some((Keyword::Precision, "Precision", false))
    } else {
        Keyword::ALL
            .iter()
            .copied()
            .find(|(_, n, _)| crate::text::fold(n) == folded)
    };
    let Some((keyword, kname, takes_x)) = found else {
        if super::state::pay_force(name).is_some() {
            return Err(format!(
                "write the cost after the ability, as `Evade 1: {name}`, not `{name}: …` (house rule S19)"
            ));
        }
        let names = Keyword::ALL.iter().map(|(_, n, _)| *n).chain(["Elude"]);
        let hint = crate::text::closest(name, names, 1)
            .first()
            .map(|s| format!("; did you mean `{s}`?"))
            .unwrap_or_default();
        return Err(format!("unknown Star Wars TCG keyword `{name}`{hint}"));
    };
    let x = match (takes_x, x) {
        (true, None) => return Err(format!("{kname} takes a value: `{kname} 1`")),
        (false, Some(v)) => {
            return Err(format!(
                "{kname} takes no value; write `{kname}`, not `{kname} {v}`"
            ))
        }
        (true, Some(v)) if v == 0 || v > caps::X => {
            return Err(format!("{kname} {v}: X is from 1 to {}", caps::X))
        }
        (_, v) => v.unwrap_or(0),
    };
    let ability = Ability {
        keyword,
        x,
        param,
        elude,
    };
    check_cost(&ability, kname)?;
    Ok(ability)
}

/// A Force cost is read on the abilities the resolver pays for (house rule S19); one
/// written on a static or triggered ability is refused rather than ignored.
fn check_cost(a: &Ability, kname: &str) -> Result<(), String> {
    let carries_effect = matches!(
        a.keyword,
        Keyword::Foresight
            | Keyword::Forewarning
            | Keyword::Stack
            | Keyword::Insert
            | Keyword::Reserves
    );
    let written = a.param.as_deref().and_then(super::state::pay_force);
    let gain = a.param.as_deref().and_then(super::state::gain_force);
    match (written, a.cost()) {
        (_, Some(c)) if c > caps::FORCE => Err(format!(
            "{kname} costs {c} Force: a cost is from 0 to {}",
            caps::FORCE
        )),
        _ if gain.is_some_and(|g| g > caps::FORCE) => Err(format!(
            "{kname} gains {} Force: a gain is from 0 to {}",
            gain.unwrap_or_default(),
            caps::FORCE
        )),
        (Some(_), None) if !a.keyword.pays() && !carries_effect => Err(format!(
            "{kname} is not activated in seed 002, so it has no Force cost to pay; the resolver pays the costs of Deflect, Evade, Intercept, Meditate, Equip and Enhance (house rule S19)"
        )),
        _ => Ok(()),
    }
}

fn check_name(errors: &mut Vec<PositionError>, path: String, s: &str) {
    if s.chars().count() > caps::NAME {
        errors.push(PositionError::at(
            path,
            format!("longer than {} characters", caps::NAME),
        ));
    }
}

/// One unit spec as a unit, or its errors.
fn unit(
    i: usize,
    spec: &UnitSpec,
    arena: &str,
    cards: &dyn CardSource,
    errors: &mut Vec<PositionError>,
) -> Option<Unit> {
    let at = |field: &str| format!("units[{i}].{field}");
    let before = errors.len();
    check_name(errors, at("id"), &spec.id);
    if spec.id.trim().is_empty() {
        errors.push(PositionError::at(at("id"), "a unit needs an id (`A`)"));
    }
    let def = match &spec.card {
        Some(name) => {
            check_name(errors, at("card"), name);
            match cards.card(name) {
                Some(d) if d.card_type != "unit" => {
                    errors.push(PositionError::at(
                        at("card"),
                        format!("{} is a {} card, not a unit", d.name, d.card_type),
                    ));
                    None
                }
                Some(d) => Some(d),
                None => {
                    let hint = cards
                        .suggest(name)
                        .map(|s| format!("; did you mean `{s}`?"))
                        .unwrap_or_default();
                    errors.push(PositionError::at(
                        at("card"),
                        format!("no Star Wars TCG card `{name}`{hint}"),
                    ));
                    None
                }
            }
        }
        None => None,
    };
    let side = match spec.side {
        Some(s) => s,
        None => {
            errors.push(PositionError::at(
                at("side"),
                "a unit needs a side: `dark` or `light`",
            ));
            Side::Dark
        }
    };
    let power = spec.power.or(def.as_ref().map(|d| d.power));
    let health = spec.health.or(def.as_ref().map(|d| d.health));
    if spec.card.is_none() && (power.is_none() || health.is_none()) {
        errors.push(PositionError::at(
            at(if power.is_none() { "power" } else { "health" }),
            "an inline unit needs power and health (or a `card`)",
        ));
    }
    let power = power.unwrap_or(0);
    let health = health.unwrap_or(1);
    if !(0..=caps::POWER).contains(&power) {
        errors.push(PositionError::at(
            at("power"),
            format!("power is from 0 to {}", caps::POWER),
        ));
    }
    if !(1..=caps::HEALTH).contains(&health) {
        errors.push(PositionError::at(
            at("health"),
            format!("health is from 1 to {}", caps::HEALTH),
        ));
    }
    if !(0..=caps::HEALTH).contains(&spec.damage) {
        errors.push(PositionError::at(
            at("damage"),
            format!("damage is from 0 to {}", caps::HEALTH),
        ));
    }
    let labels: Vec<String> = match (&spec.abilities, &def) {
        (Some(a), _) => a.clone(),
        (None, Some(d)) => d.abilities.iter().map(|l| with_text(l, &d.text)).collect(),
        (None, None) => Vec::new(),
    };
    let mut parse_list = |field: &str, list: &[String]| -> Vec<Ability> {
        if list.len() > caps::ABILITIES {
            errors.push(PositionError::at(
                at(field),
                format!("at most {} abilities", caps::ABILITIES),
            ));
            return Vec::new();
        }
        let mut out = Vec::new();
        for (j, label) in list.iter().enumerate() {
            match parse_ability(label) {
                Ok(a) => out.push(a),
                Err(m) => errors.push(PositionError::at(format!("units[{i}].{field}[{j}]"), m)),
            }
        }
        out
    };
    let abilities = parse_list("abilities", &labels);
    let late = parse_list("granted_after_roll", &spec.granted_after_roll);
    for (field, list) in [("stack", &spec.stack), ("equipment", &spec.equipment)] {
        if list.len() > caps::ABILITIES {
            errors.push(PositionError::at(
                at(field),
                format!("at most {} cards", caps::ABILITIES),
            ));
        }
        for (j, s) in list.iter().enumerate() {
            check_name(errors, format!("units[{i}].{field}[{j}]"), s);
        }
    }
    let name = spec
        .name
        .clone()
        .or(def.as_ref().map(|d| d.name.clone()))
        .unwrap_or_else(|| spec.id.clone());
    check_name(errors, at("name"), &name);
    let arena = spec.arena.clone().unwrap_or_else(|| arena.to_string());
    check_name(errors, at("arena"), &arena);
    if errors.len() > before {
        return None;
    }
    let mut abilities = abilities;
    let mut layers = Vec::new();
    let mut unread = Vec::new();
    // INSERT on the unit itself, and on each card in its stack the catalogue knows.
    let mut sources: Vec<(String, Vec<Ability>)> = vec![(name.clone(), abilities.clone())];
    for card in &spec.stack {
        if let Some(d) = cards.card(card) {
            sources.push((
                d.name.clone(),
                d.abilities
                    .iter()
                    .filter_map(|l| parse_ability(l).ok())
                    .collect(),
            ));
        }
    }
    for (from, list) in sources {
        for a in list {
            let (by, works) = match a.keyword {
                Keyword::Insert => ("INSERT", true),
                Keyword::Reserves if from == name => ("Reserves", false),
                _ => continue,
            };
            match granted_by(&a) {
                Some(granted) => {
                    if works {
                        abilities.push(granted.clone());
                    }
                    layers.push(Layer {
                        ability: granted,
                        by,
                        from: from.clone(),
                        works,
                    });
                }
                None => unread.push((from.clone(), a.label())),
            }
        }
    }
    Some(Unit {
        id: spec.id.clone(),
        name,
        side,
        arena,
        power,
        health,
        abilities,
        late,
        damage: spec.damage,
        start_damage: spec.damage,
        tapped: spec.tapped,
        discarded: spec.discarded || spec.removed_from_game,
        removed: spec.removed_from_game,
        stack: spec.stack.clone(),
        equipment: spec.equipment.clone(),
        meditated: false,
        layers,
        unread,
    })
}

/// The ability an INSERT, Reserves or Enhance ability grants, when its effect reads as a
/// keyword ability (`INSERT: Evade 1`, `Enhance: also Critical Hit 1`); `None` when the
/// effect is beyond the keywords the resolver knows.
pub fn granted_by(a: &Ability) -> Option<Ability> {
    let text = a.param.as_deref()?.trim();
    // "Pay 2 Force: also Critical Hit 1": the effect is after the last colon.
    let effect = text.rsplit_once(':').map_or(text, |(_, e)| e.trim());
    let effect = effect
        .trim_start_matches("also ")
        .trim_start_matches("instead ")
        .trim()
        .trim_end_matches('.');
    let granted = parse_ability(effect).ok()?;
    (granted.keyword != a.keyword).then_some(granted)
}

/// How a declared Enhance effect reads (seed 002 Enhance: "The effect states whether
/// you play it \"instead\" or \"also\"."; house rule S12).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EnhanceEffect {
    /// "also <ability>": the ability is added as a layer.
    Also(Ability),
    /// "instead <ability>": the ability replaces the unit's own of that keyword.
    Instead(Ability),
    /// Neither word, or an effect beyond the keywords the resolver knows.
    Unread,
}

/// What Enhance ability `a` plays when declared.
pub fn enhance_effect(a: &Ability) -> EnhanceEffect {
    let Some(text) = a.param.as_deref().map(str::trim) else {
        return EnhanceEffect::Unread;
    };
    let effect = text.rsplit_once(':').map_or(text, |(_, e)| e.trim());
    let word = |w: &str| {
        effect
            .get(..w.len())
            .filter(|h| h.eq_ignore_ascii_case(w))
            .and_then(|_| effect.get(w.len()..))
    };
    let (instead, rest) = match (word("also "), word("instead ")) {
        (Some(rest), _) => (false, rest),
        (None, Some(rest)) => (true, rest),
        (None, None) => return EnhanceEffect::Unread,
    };
    let rest = rest.trim().trim_end_matches('.');
    match parse_ability(rest) {
        Ok(g) if g.keyword != a.keyword && instead => EnhanceEffect::Instead(g),
        Ok(g) if g.keyword != a.keyword => EnhanceEffect::Also(g),
        _ => EnhanceEffect::Unread,
    }
}

/// Checks every name and number and builds the starting state; every problem at once.
pub fn resolve(position: &Position, cards: &dyn CardSource) -> Result<State, Vec<PositionError>> {
    let mut errors = Vec::new();
    if position.game != "swtcg" {
        errors.push(PositionError::at(
            "game",
            "a Star Wars TCG position has `\"game\": \"swtcg\"`",
        ));
    }
    check_name(&mut errors, "arena".into(), &position.arena);
    if position.units.len() > caps::UNITS {
        errors.push(PositionError::at(
            "units",
            format!("at most {} units", caps::UNITS),
        ));
        return Err(errors);
    }
    let mut units = Vec::new();
    for (i, spec) in position.units.iter().enumerate() {
        if position.units[..i].iter().any(|u| u.id == spec.id) {
            errors.push(PositionError::at(
                format!("units[{i}].id"),
                format!("id {:?} is used twice", spec.id),
            ));
        }
        if let Some(u) = unit(i, spec, &position.arena, cards, &mut errors) {
            units.push(u);
        }
    }
    // The rest is checked too (issue #31: every problem at once); a unit that did not
    // resolve is not "no unit" to what names it.
    let unresolved = |id: &str| position.units.iter().any(|u| u.id == id);
    let find = |id: &str, path: &str, errors: &mut Vec<PositionError>| -> Option<usize> {
        let found = units.iter().position(|u| u.id == id);
        if found.is_none() && !unresolved(id) {
            let ids: Vec<&str> = position.units.iter().map(|u| u.id.as_str()).collect();
            errors.push(PositionError::at(
                path,
                format!("no unit {id:?}; the units are {}", ids.join(", ")),
            ));
        }
        found
    };
    let attacker = find(&position.attack.attacker, "attack.attacker", &mut errors);
    let defender = find(&position.attack.defender, "attack.defender", &mut errors);
    if let (Some(a), Some(d)) = (attacker, defender) {
        if units[a].tapped {
            errors.push(PositionError::at(
                "attack.attacker",
                format!(
                    "{} is tapped; the attacker taps to attack, so it is untapped (house rule S17)",
                    units[a].id
                ),
            ));
        }
        if units[a].arena != units[d].arena {
            errors.push(PositionError::at(
                "attack.defender",
                format!(
                    "the defender is in the {} arena and the attacker in the {} arena (house rule S7)",
                    units[d].arena, units[a].arena
                ),
            ));
        }
        for (i, path) in [(a, "attack.attacker"), (d, "attack.defender")] {
            if units[i].removed {
                errors.push(PositionError::at(
                    path,
                    format!("{} is removed from the game", units[i].id),
                ));
            } else if units[i].discarded {
                errors.push(PositionError::at(
                    path,
                    format!("{} is discarded", units[i].id),
                ));
            }
        }
    }
    for (i, u) in units.iter().enumerate() {
        if !u.discarded && u.damage >= u.health {
            errors.push(PositionError::at(
                format!("units[{i}].damage"),
                format!(
                    "{} is in play with {} damage and Health {}: a unit in play has damage below its Health (house rule S17); mark it `discarded`",
                    u.id, u.damage, u.health
                ),
            ));
        }
    }
    let d = &position.dice;
    for (name, list) in [
        ("attack", &d.attack),
        ("fury", &d.fury),
        ("retaliate", &d.retaliate),
    ] {
        if list.len() > caps::DICE {
            errors.push(PositionError::at(
                format!("dice.{name}"),
                format!("at most {} dice", caps::DICE),
            ));
        }
        for (i, f) in list.iter().enumerate() {
            if let Some(f) = f {
                if !(1..=6).contains(f) {
                    errors.push(PositionError::at(
                        format!("dice.{name}[{i}]"),
                        "a face is from 1 to 6",
                    ));
                }
            }
        }
    }
    if d.rerolls.len() > caps::DICE {
        errors.push(PositionError::at(
            "dice.rerolls",
            format!("at most {} re-rolls", caps::DICE),
        ));
    }
    for (i, r) in d.rerolls.iter().enumerate() {
        if !(1..=6).contains(&r.face) {
            errors.push(PositionError::at(
                format!("dice.rerolls[{i}].face"),
                "a face is from 1 to 6",
            ));
        }
        if r.die >= caps::DICE {
            errors.push(PositionError::at(
                format!("dice.rerolls[{i}].die"),
                format!("dice are numbered from 0 to {}", caps::DICE - 1),
            ));
        }
    }
    let dec = &position.decisions;
    let mut pins = Pins {
        attack: d.attack.clone(),
        fury: d.fury.clone(),
        retaliate: d.retaliate.clone(),
        rerolls: d.rerolls.iter().map(|r| (r.die, r.face)).collect(),
        ..Pins::default()
    };
    if dec.intercept.len() > caps::INTERCEPTS {
        errors.push(PositionError::at(
            "decisions.intercept",
            format!("at most {} intercepts", caps::INTERCEPTS),
        ));
    }
    for (i, id) in dec.intercept.iter().enumerate() {
        if let Some(u) = find(id, &format!("decisions.intercept[{i}]"), &mut errors) {
            pins.intercept.push(u);
        }
    }
    for (id, n) in &dec.evade {
        if let Some(u) = find(id, &format!("decisions.evade.{id}"), &mut errors) {
            let most = units[u]
                .all_instances(Keyword::Evade)
                .iter()
                .map(|a| a.x)
                .max();
            match most {
                None => errors.push(PositionError::at(
                    format!("decisions.evade.{id}"),
                    format!("{id} has no Evade"),
                )),
                Some(x) if *n > x => errors.push(PositionError::at(
                    format!("decisions.evade.{id}"),
                    format!("{id}'s Evade prevents up to {x}, not {n}"),
                )),
                Some(_) => pins.evade.push((u, *n)),
            }
        }
    }
    for (id, target) in &dec.deflect {
        let path = format!("decisions.deflect.{id}");
        let word = match target.as_str() {
            _ if units.iter().any(|u| &u.id == target) => None,
            super::families::prevention::NO_DAMAGE => Some(DeflectPin::NoDamage),
            super::families::prevention::NOT_PLAYED => Some(DeflectPin::NotPlayed),
            _ => None,
        };
        if let Some(pin) = word {
            match find(id, &path, &mut errors) {
                Some(u) if units[u].all_instances(Keyword::Deflect).is_empty() => {
                    errors.push(PositionError::at(path, format!("{id} has no Deflect")))
                }
                Some(u) => pins.deflect.push((u, pin)),
                None => {}
            }
            continue;
        }
        if let (Some(u), Some(t)) = (
            find(id, &path, &mut errors),
            find(target, &path, &mut errors),
        ) {
            if units[u].all_instances(Keyword::Deflect).is_empty() {
                errors.push(PositionError::at(path, format!("{id} has no Deflect")));
            } else if units[u].arena != units[t].arena {
                errors.push(PositionError::at(
                    path,
                    format!("{target} is not in {id}'s arena (house rule S7)"),
                ));
            } else {
                pins.deflect.push((u, DeflectPin::Unit(t)));
            }
        }
    }
    pins.lucky = [dec.lucky.dark.clone(), dec.lucky.light.clone()];
    for (id, declared) in &dec.enhance {
        let path = format!("decisions.enhance.{id}");
        if let Some(u) = find(id, &path, &mut errors) {
            if units[u].has(Keyword::Enhance) {
                pins.enhance.push((u, *declared));
            } else {
                errors.push(PositionError::at(path, format!("{id} has no Enhance")));
            }
        }
    }
    if position.actions.len() > caps::ACTIONS {
        errors.push(PositionError::at(
            "actions",
            format!("at most {} actions", caps::ACTIONS),
        ));
    }
    let mut actions = Vec::new();
    for (i, a) in position.actions.iter().enumerate().take(caps::ACTIONS) {
        let at = |f: &str| format!("actions[{i}].{f}");
        let unit = find(&a.unit, &at("unit"), &mut errors);
        let card = a.card.clone().unwrap_or_default();
        check_name(&mut errors, at("card"), &card);
        if a.verb != super::format::Verb::Meditate && card.trim().is_empty() {
            errors.push(PositionError::at(
                at("card"),
                format!(
                    "a `{}` action names the card (`\"card\": \"…\"`)",
                    a.verb.name()
                ),
            ));
        }
        if a.grants.len() > caps::ABILITIES {
            errors.push(PositionError::at(
                at("grants"),
                format!("at most {} abilities", caps::ABILITIES),
            ));
        }
        let mut grants = Vec::new();
        for (j, g) in a.grants.iter().enumerate().take(caps::ABILITIES) {
            match parse_ability(g) {
                Ok(x) => grants.push(x),
                Err(m) => errors.push(PositionError::at(format!("actions[{i}].grants[{j}]"), m)),
            }
        }
        let inserts = cards
            .card(&card)
            .map(|d| {
                d.abilities
                    .iter()
                    .filter_map(|l| parse_ability(l).ok())
                    .filter(|x| x.keyword == Keyword::Insert)
                    .collect()
            })
            .unwrap_or_default();
        if a.cost.is_some_and(|c| c > caps::FORCE) {
            errors.push(PositionError::at(
                at("cost"),
                format!("a cost is from 0 to {} Force", caps::FORCE),
            ));
        }
        if a.cost.is_some() && a.verb != super::format::Verb::Equip {
            errors.push(PositionError::at(
                at("cost"),
                "`cost` is an Equip action's (a Meditate or Enhance cost is written on the ability: `Meditate: Pay 4 Force`)",
            ));
        }
        let printed = cards.card(&card).and_then(|d| equip_cost(&d.text));
        if let (Some(given), Some(printed)) = (a.cost, printed) {
            if given != printed {
                errors.push(PositionError::at(
                    at("cost"),
                    format!(
                        "{card} prints its Equip cost, {printed} Force; `cost` is for an Equipment that prints none (leave it out, or give {printed})"
                    ),
                ));
            }
        }
        let cost = printed.or(a.cost);
        if a.copy == Some(0) || a.copy.is_some_and(|c| c as usize > caps::ACTIONS) {
            errors.push(PositionError::at(
                at("copy"),
                format!("copies are numbered from 1 to {}", caps::ACTIONS),
            ));
        }
        if let Some(unit) = unit {
            actions.push(Action {
                verb: a.verb,
                unit,
                card,
                unique: a.unique,
                top: a.top,
                window: a.window,
                copy: a.copy.unwrap_or(1),
                same_unit: a.same_unit,
                grants,
                inserts,
                cost,
            });
        }
    }
    for (id, n) in &dec.predict {
        if let Some(u) = find(id, &format!("decisions.predict.{id}"), &mut errors) {
            if !units[u].has(Keyword::Foresight) && !units[u].has(Keyword::Forewarning) {
                errors.push(PositionError::at(
                    format!("decisions.predict.{id}"),
                    format!("{id} has neither Foresight nor Forewarning"),
                ));
            }
            if *n > caps::PREDICT {
                errors.push(PositionError::at(
                    format!("decisions.predict.{id}"),
                    format!(
                        "a prediction is a number of hits up to {}, not {n}",
                        caps::PREDICT
                    ),
                ));
            }
            pins.predict.push((u, *n));
        }
    }
    // A side's Force is any whole number a `u32` holds: a `final` after a Force gain
    // reads back (a gain past the largest keeps it there, docs/positions.md).
    if !errors.is_empty() {
        return Err(errors);
    }
    let (Some(attacker), Some(defender)) = (attacker, defender) else {
        return Err(errors);
    };
    Ok(State {
        position: Arc::new(position.clone()),
        units,
        attacker,
        defender,
        attacked: vec![defender],
        rng: rand_pcg::Pcg32::seed_from_u64(position.seed),
        pins: Arc::new(pins),
        readings: position.interpretations,
        odds: position.odds,
        phase: None,
        steps: 0,
        chances: 0,
        decisions: 0,
        predicted: Vec::new(),
        dice: Vec::new(),
        summary: None,
        pending: 0,
        placed: Vec::new(),
        outcome: None,
        report: None,
        actions: Arc::new(actions),
        equipped: Vec::new(),
        force: [position.force.dark, position.force.light],
    })
}

/// The state written back as a position: each unit's damage, whether it is tapped and
/// whether it is discarded, as they stand.
pub fn to_position(st: &State) -> Position {
    let mut p = (*st.position).clone();
    for (spec, u) in p.units.iter_mut().zip(&st.units) {
        spec.damage = u.damage;
        spec.tapped = u.tapped;
        spec.discarded = u.discarded && !u.removed;
        spec.removed_from_game = u.removed;
        spec.stack = u.stack.clone();
        spec.equipment = u.equipment.clone();
    }
    p.force.dark = st.force[0];
    p.force.light = st.force[1];
    // The actions played are in the units' stacks and equipment now.
    match st.phase {
        Some(ph) if ph >= super::state::Phase::AttackPop => p.actions.clear(),
        Some(super::state::Phase::Build) => {
            p.actions.retain(|a| a.window == super::format::Window::Pop)
        }
        _ => {}
    }
    p
}
