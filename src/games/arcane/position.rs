//! Checking a position and building the [`State`]: every name (players, units, cards,
//! abilities, slots, contacts, actions) against the position and a [`CardSource`],
//! every number against its cap, every problem at once with its JSON path
//! (`units[1].slots[0].abilities[0]`). [`to_position`] writes a state back.
//!
//! The engine never opens the catalogue: the caller passes a [`CardSource`].

use std::collections::BTreeSet;
use std::sync::Arc;

use super::ability::{read, Ability};
use super::format::{caps, Action, Position, SlotSpec};
use super::interpret::{EmDash, Interpretations};
use super::state::{Effect, Player, Slot, State, Unit};
pub use crate::rules::position::{parse_json, PositionError};

/// A unit card as the engine needs it from the catalogue.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardDef {
    pub name: String,
    pub card_type: String,
    /// One `Name: rules text` per ability, as printed.
    pub abilities: Vec<String>,
    pub traits: Vec<String>,
    /// Its figure slots (the `figures` column).
    pub figures: Option<u32>,
    /// It has unit special abilities (`Unit Special Ability` among its keywords).
    pub unit_abilities: bool,
    /// It has figure special abilities (`Figure Special Ability`).
    pub figure_abilities: bool,
}

/// Where card names are looked up. The catalogue implements it outside the game.
pub trait CardSource {
    /// The Arcane Legions card named `name` (folded lookup).
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

/// Reads one ability under the position's readings: under `em_dash: dash` an em dash is
/// the seed's "--" (the ability's text keeps the printed dash).
fn read_line(line: &str, readings: &Interpretations) -> Ability {
    if readings.em_dash == EmDash::Dash && line.contains('\u{2014}') {
        let mut a = read(&line.replace('\u{2014}', "--"), readings.dash_and_trigger);
        a.text = line.trim().to_string();
        return a;
    }
    read(line, readings.dash_and_trigger)
}

fn name_ok(errors: &mut Vec<PositionError>, path: String, s: &str, what: &str) {
    if s.trim().is_empty() {
        errors.push(PositionError::at(path, format!("{what} is empty")));
    } else if s.chars().count() > caps::NAME {
        errors.push(PositionError::at(
            path,
            format!("longer than {} characters", caps::NAME),
        ));
    }
}

fn points(errors: &mut Vec<PositionError>, path: String, n: u32) {
    if n > caps::POINTS {
        errors.push(PositionError::at(path, format!("at most {}", caps::POINTS)));
    }
}

/// One unit, or its errors.
fn unit(
    i: usize,
    position: &Position,
    cards: &dyn CardSource,
    errors: &mut Vec<PositionError>,
) -> Option<Unit> {
    let spec = &position.units[i];
    let at = |field: &str| format!("units[{i}].{field}");
    let before = errors.len();
    name_ok(errors, at("id"), &spec.id, "a unit's id");
    let owner = position.players.iter().position(|p| p.name == spec.owner);
    if owner.is_none() {
        let names: Vec<&str> = position.players.iter().map(|p| p.name.as_str()).collect();
        errors.push(PositionError::at(
            at("owner"),
            format!(
                "no player {:?}; the players are {}",
                spec.owner,
                names.join(", ")
            ),
        ));
    }
    let def = match &spec.card {
        Some(name) => match cards.card(name) {
            Some(d) if d.card_type != "unit" => {
                errors.push(PositionError::at(
                    at("card"),
                    format!("{} is a {}, not a unit", d.name, d.card_type),
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
                    format!("no Arcane Legions card `{name}`{hint}"),
                ));
                None
            }
        },
        None => None,
    };
    if spec.card.is_none() && spec.abilities.is_none() && spec.slots.is_none() {
        errors.push(PositionError::at(
            at("slots"),
            "an inline unit (no `card`) needs its `slots` (and its `abilities`, if any)",
        ));
    }
    let lines: Vec<String> = match (&spec.abilities, &def) {
        (Some(a), _) => a.clone(),
        (None, Some(d)) => d.abilities.clone(),
        _ => Vec::new(),
    };
    if lines.len() > caps::ABILITIES {
        errors.push(PositionError::at(
            at("abilities"),
            format!("at most {} abilities", caps::ABILITIES),
        ));
    }
    let mut abilities = Vec::new();
    for (j, line) in lines.iter().enumerate().take(caps::ABILITIES) {
        if line.trim().is_empty() || line.chars().count() > caps::TEXT {
            errors.push(PositionError::at(
                format!("units[{i}].abilities[{j}]"),
                format!(
                    "an ability is `Name: rules text`, 1 to {} characters",
                    caps::TEXT
                ),
            ));
            continue;
        }
        abilities.push(read_line(line, &position.interpretations));
    }
    let slots: Vec<SlotSpec> = match (&spec.slots, def.as_ref().and_then(|d| d.figures)) {
        (Some(s), _) => s.clone(),
        (None, Some(n)) => (0..n as usize)
            .map(|_| SlotSpec {
                occupied: true,
                abilities: Vec::new(),
                since: 0,
            })
            .collect(),
        (None, None) => Vec::new(),
    };
    if slots.len() > caps::SLOTS {
        errors.push(PositionError::at(
            at("slots"),
            format!("at most {} slots", caps::SLOTS),
        ));
    }
    for (k, slot) in slots.iter().enumerate() {
        points(errors, format!("units[{i}].slots[{k}].since"), slot.since);
        for (j, name) in slot.abilities.iter().enumerate() {
            let path = format!("units[{i}].slots[{k}].abilities[{j}]");
            let want = crate::text::fold(name);
            match abilities
                .iter()
                .position(|a| crate::text::fold(&a.name) == want)
            {
                Some(a) => {
                    if !abilities[a].slots.contains(&k) {
                        abilities[a].slots.push(k);
                    }
                }
                None => {
                    let names = abilities.iter().map(|a| a.name.as_str());
                    let hint = crate::text::closest(name, names, 1)
                        .first()
                        .map(|s| format!("; did you mean `{s}`?"))
                        .unwrap_or_default();
                    errors.push(PositionError::at(
                        path,
                        format!("the unit has no ability `{name}`{hint}"),
                    ));
                }
            }
        }
    }
    // Seed 004: unit abilities sit on the unit bar, figure abilities next to slots; the
    // card's keywords say which it has.
    if let Some(d) = &def {
        for a in &abilities {
            if a.is_figure() && !d.figure_abilities {
                errors.push(PositionError::at(
                    at("slots"),
                    format!("{} has no figure special abilities, so {} sits on the unit bar, not next to a slot", d.name, a.name),
                ));
            }
            if !a.is_figure() && !d.unit_abilities && d.figure_abilities {
                errors.push(PositionError::at(
                    at("slots"),
                    format!("{}'s abilities are figure special abilities: name the slot(s) {} sits next to, as in `o {}`", d.name, a.name, a.name),
                ));
            }
        }
    }
    let traits = spec
        .traits
        .clone()
        .or_else(|| def.as_ref().map(|d| d.traits.clone()))
        .unwrap_or_default();
    for (field, list) in [("traits", &traits), ("facts", &spec.facts)] {
        if list.len() > caps::LIST {
            errors.push(PositionError::at(
                at(field),
                format!("at most {}", caps::LIST),
            ));
        }
        for (j, t) in list.iter().enumerate() {
            name_ok(errors, format!("units[{i}].{field}[{j}]"), t, "a name");
        }
    }
    if spec.effects.len() > caps::LIST {
        errors.push(PositionError::at(
            at("effects"),
            format!("at most {} effects", caps::LIST),
        ));
    }
    for (j, e) in spec.effects.iter().enumerate() {
        if e.text.chars().count() > caps::TEXT {
            errors.push(PositionError::at(
                format!("units[{i}].effects[{j}].text"),
                "too long",
            ));
        }
        if let Some(n) = e.dice {
            points(errors, format!("units[{i}].effects[{j}].dice"), n);
        }
    }
    points(errors, at("ready_since"), spec.ready_since);
    points(errors, at("damage"), spec.damage);
    let name = spec
        .name
        .clone()
        .or_else(|| def.as_ref().map(|d| d.name.clone()))
        .unwrap_or_else(|| spec.id.clone());
    if errors.len() > before {
        return None;
    }
    Some(Unit {
        id: spec.id.clone(),
        name,
        owner: owner.unwrap_or(0),
        traits,
        facts: spec.facts.clone(),
        slots: slots
            .iter()
            .map(|s| Slot {
                occupied: s.occupied,
                since: s.since,
            })
            .collect(),
        abilities,
        on_battlefield: spec.on_battlefield,
        arrived: spec.ready_since,
        effects: spec
            .effects
            .iter()
            .map(|e| Effect {
                text: e.text.clone(),
                until_end_of_turn: e.until_end_of_turn,
                dice: e.dice,
                color: e.color.clone(),
            })
            .collect(),
        special_order: spec.special_order,
        damage: spec.damage,
        traits_entered: spec.traits.is_some(),
    })
}

/// Checks every name and number and builds the starting state; every problem at once.
pub fn resolve(position: &Position, cards: &dyn CardSource) -> Result<State, Vec<PositionError>> {
    let mut errors = Vec::new();
    if position.game != "arcane" {
        errors.push(PositionError::at(
            "game",
            "an Arcane Legions position has `\"game\": \"arcane\"`",
        ));
    }
    if position.players.is_empty() || position.players.len() > caps::PLAYERS {
        errors.push(PositionError::at(
            "players",
            format!("1 to {} players", caps::PLAYERS),
        ));
    }
    for (i, p) in position.players.iter().enumerate() {
        name_ok(
            &mut errors,
            format!("players[{i}].name"),
            &p.name,
            "a player's name",
        );
        if position.players[..i].iter().any(|o| o.name == p.name) {
            errors.push(PositionError::at(
                format!("players[{i}].name"),
                format!("{:?} is named twice", p.name),
            ));
        }
        points(&mut errors, format!("players[{i}].op"), p.op);
        points(&mut errors, format!("players[{i}].vp"), p.vp);
    }
    let active = match &position.active {
        Some(n) => match position.players.iter().position(|p| &p.name == n) {
            Some(i) => i,
            None => {
                errors.push(PositionError::at("active", format!("no player {n:?}")));
                0
            }
        },
        None => 0,
    };
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
        if let Some(u) = unit(i, position, cards, &mut errors) {
            units.push(u);
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let ids: Vec<&str> = units.iter().map(|u| u.id.as_str()).collect();
    let find = |id: &str, path: String, errors: &mut Vec<PositionError>| -> Option<usize> {
        let found = units.iter().position(|u| u.id == id);
        if found.is_none() {
            errors.push(PositionError::at(
                path,
                format!("no unit {id:?}; the units are {}", ids.join(", ")),
            ));
        }
        found
    };
    let mut contact = BTreeSet::new();
    for (k, [a, b]) in position.contact.iter().enumerate() {
        let (x, y) = (
            find(a, format!("contact[{k}][0]"), &mut errors),
            find(b, format!("contact[{k}][1]"), &mut errors),
        );
        if let (Some(x), Some(y)) = (x, y) {
            if x == y {
                errors.push(PositionError::at(
                    format!("contact[{k}]"),
                    "a unit is not in contact with itself",
                ));
            } else {
                contact.insert((x.min(y), x.max(y)));
            }
        }
    }
    if position.actions.len() > caps::ACTIONS {
        errors.push(PositionError::at(
            "actions",
            format!("at most {} actions", caps::ACTIONS),
        ));
    }
    for (k, action) in position.actions.iter().enumerate() {
        let at = |f: &str| format!("actions[{k}].{f}");
        let ability_of = |u: usize, name: &str, path: String, errors: &mut Vec<PositionError>| {
            if units[u].ability(name).is_none() {
                let names = units[u].abilities.iter().map(|a| a.name.as_str());
                let hint = crate::text::closest(name, names, 1)
                    .first()
                    .map(|s| format!("; did you mean `{s}`?"))
                    .unwrap_or_default();
                errors.push(PositionError::at(
                    path,
                    format!("{} has no ability `{name}`{hint}", units[u].id),
                ));
            }
        };
        match action {
            Action::Activate {
                unit,
                ability,
                targets,
                ..
            }
            | Action::Trigger {
                unit,
                ability,
                targets,
                ..
            } => {
                if let Some(u) = find(unit, at("unit"), &mut errors) {
                    ability_of(u, ability, at("ability"), &mut errors);
                }
                for (j, t) in targets.iter().enumerate() {
                    find(t, format!("actions[{k}].targets[{j}]"), &mut errors);
                }
                if let Action::Trigger { occurrences, .. } = action {
                    if *occurrences == 0 || *occurrences > caps::SLOTS as u32 {
                        errors.push(PositionError::at(
                            at("occurrences"),
                            format!("1 to {}", caps::SLOTS),
                        ));
                    }
                }
            }
            Action::Order {
                unit, order, op, ..
            } => {
                find(unit, at("unit"), &mut errors);
                name_ok(&mut errors, at("order"), order, "an order");
                points(&mut errors, at("op"), *op);
            }
            Action::Leave { unit } => {
                find(unit, at("unit"), &mut errors);
            }
            Action::Facts {
                unit,
                facts,
                traits,
            } => {
                find(unit, at("unit"), &mut errors);
                if facts.is_none() && traits.is_none() {
                    errors.push(PositionError::at(
                        format!("actions[{k}]"),
                        "a `facts` action names `facts`, `traits` or both (each the whole new list)",
                    ));
                }
                for (field, list) in [("facts", facts), ("traits", traits)] {
                    let Some(list) = list else { continue };
                    if list.len() > caps::LIST {
                        errors.push(PositionError::at(
                            at(field),
                            format!("at most {}", caps::LIST),
                        ));
                    }
                    for (j, t) in list.iter().enumerate() {
                        name_ok(
                            &mut errors,
                            format!("actions[{k}].{field}[{j}]"),
                            t,
                            "a name",
                        );
                    }
                }
            }
            Action::Down { unit, count, .. } | Action::Return { unit, count, .. } => {
                find(unit, at("unit"), &mut errors);
                points(&mut errors, at("count"), *count);
            }
            Action::Damage {
                unit,
                amount,
                downs,
                ..
            } => {
                find(unit, at("unit"), &mut errors);
                points(&mut errors, at("amount"), *amount);
                points(&mut errors, at("downs"), *downs);
            }
            Action::EndMove { unit, adjacent } => {
                find(unit, at("unit"), &mut errors);
                for (j, t) in adjacent.iter().enumerate() {
                    find(t, format!("actions[{k}].adjacent[{j}]"), &mut errors);
                }
            }
            Action::Arrive { unit } => {
                find(unit, at("unit"), &mut errors);
            }
            Action::Query { unit, against, .. } => {
                find(unit, at("unit"), &mut errors);
                if let Some(t) = against {
                    find(t, at("against"), &mut errors);
                }
            }
            Action::Phase {
                player: Some(p), ..
            } => {
                if !position.players.iter().any(|x| &x.name == p) {
                    errors.push(PositionError::at(at("player"), format!("no player {p:?}")));
                }
            }
            Action::Phase { .. } | Action::EndTurn => {}
        }
    }
    errors.extend(crate::rules::decision::check_pins(&position.decisions));
    for (k, r) in position.resolutions.iter().enumerate() {
        if r.resolution == 0 {
            errors.push(PositionError::at(
                format!("resolutions[{k}].resolution"),
                "resolutions are numbered from 1",
            ));
        }
        if position.resolutions[..k]
            .iter()
            .any(|o| o.resolution == r.resolution)
        {
            errors.push(PositionError::at(
                format!("resolutions[{k}].resolution"),
                format!("resolution {} is answered twice", r.resolution),
            ));
        }
        if r.changes.len() > caps::LIST {
            errors.push(PositionError::at(
                format!("resolutions[{k}].changes"),
                format!("at most {} changes", caps::LIST),
            ));
        }
        for (j, c) in r.changes.iter().enumerate() {
            use super::format::JudgeChange as J;
            let path = format!("resolutions[{k}].changes[{j}]");
            match c {
                J::Down { unit, .. }
                | J::Return { unit, .. }
                | J::Damage { unit, .. }
                | J::Effect { unit, .. } => {
                    find(unit, path, &mut errors);
                }
                J::Op { player, gain } | J::Vp { player, gain } => {
                    if !position.players.iter().any(|p| &p.name == player) {
                        errors.push(PositionError::at(
                            path.clone(),
                            format!("no player {player:?}"),
                        ));
                    }
                    if gain.unsigned_abs() > u64::from(caps::POINTS) {
                        errors.push(PositionError::at(
                            path,
                            format!("a gain is from -{0} to {0}", caps::POINTS),
                        ));
                    }
                }
                J::Nothing => {}
            }
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    // Every moment the position enters is before play starts.
    let clock = units
        .iter()
        .flat_map(|u| std::iter::once(u.arrived).chain(u.slots.iter().map(|s| s.since)))
        .max()
        .unwrap_or(0);
    Ok(State {
        position: Arc::new(position.clone()),
        players: position
            .players
            .iter()
            .map(|p| Player {
                name: p.name.clone(),
                op: p.op,
                vp: p.vp,
            })
            .collect(),
        units,
        contact,
        phase: position.phase,
        active,
        turn: position.turn,
        clock,
        next: 0,
        started: false,
        steps: 0,
        decisions: 0,
        resolutions: 0,
        rejected: Vec::new(),
        readings: position.interpretations,
        outcome: None,
    })
}

/// The state written back as a position: points, slots (occupied and since when),
/// effects, Special Orders, damage, contacts, the phase and turn, as they stand, and
/// the actions not yet played (none in `final`), with the decisions and resolutions
/// still to come renumbered from 1.
pub fn to_position(st: &State) -> Position {
    let mut p = (*st.position).clone();
    for (spec, pl) in p.players.iter_mut().zip(&st.players) {
        spec.op = pl.op;
        spec.vp = pl.vp;
    }
    for (spec, u) in p.units.iter_mut().zip(&st.units) {
        let mut slots: Vec<SlotSpec> = u
            .slots
            .iter()
            .map(|s| SlotSpec {
                occupied: s.occupied,
                abilities: Vec::new(),
                since: s.since,
            })
            .collect();
        for a in &u.abilities {
            for &k in &a.slots {
                if let Some(s) = slots.get_mut(k) {
                    s.abilities.push(a.name.clone());
                }
            }
        }
        spec.slots = Some(slots);
        spec.on_battlefield = u.on_battlefield;
        spec.ready_since = u.arrived;
        spec.effects = u
            .effects
            .iter()
            .map(|e| super::format::EffectSpec {
                text: e.text.clone(),
                until_end_of_turn: e.until_end_of_turn,
                dice: e.dice,
                color: e.color.clone(),
            })
            .collect();
        spec.special_order = u.special_order;
        spec.damage = u.damage;
        spec.facts = u.facts.clone();
        if u.traits_entered {
            spec.traits = Some(u.traits.clone());
        }
    }
    p.contact = st
        .contact
        .iter()
        .map(|&(a, b)| [st.units[a].id.clone(), st.units[b].id.clone()])
        .collect();
    p.phase = st.phase;
    p.turn = st.turn;
    // What is still to play, with the pins and answers still to come renumbered.
    p.actions = st.position.actions.iter().skip(st.next).cloned().collect();
    p.decisions = p
        .decisions
        .iter()
        .filter(|d| d.decision > st.decisions)
        .map(|d| crate::rules::DecisionPin {
            decision: d.decision - st.decisions,
            option: d.option,
        })
        .collect();
    p.resolutions = p
        .resolutions
        .iter()
        .filter(|r| r.resolution > st.resolutions)
        .map(|r| super::format::Resolution {
            resolution: r.resolution - st.resolutions,
            changes: r.changes.clone(),
        })
        .collect();
    p.active = st.players.get(st.active).map(|x| x.name.clone());
    p
}
