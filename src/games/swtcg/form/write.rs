//! Position → fields: [`from_position`], writing a position as the form's fields and
//! noting what the form cannot show.

use std::collections::BTreeMap;

use super::super::format::{Position, Window};
use super::{action_key, unit_key, FORM_ACTIONS, FORM_UNITS};
use crate::rules::form::{self, FormFields};

/// Abilities written back for `read::ability_list`: when any has a comma, each ends with `;`
/// (so a lone `Stack: A, B;` still reads as one ability).
fn join_abilities(abilities: &[String]) -> String {
    if abilities.iter().any(|a| a.contains(',')) {
        abilities
            .iter()
            .map(|a| format!("{a};"))
            .collect::<Vec<_>>()
            .join(" ")
    } else {
        abilities.join(", ")
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
    for (name, v) in [
        ("force_dark", pos.force.dark),
        ("force_light", pos.force.light),
    ] {
        if let Some(v) = v {
            f.set(name, v.to_string());
        }
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
            f.set(key("abilities"), join_abilities(a));
        }
        if u.damage != 0 {
            f.set(key("damage"), u.damage.to_string());
        }
        for (x, on) in [
            ("tapped", u.tapped),
            ("discarded", u.discarded),
            ("removed_from_game", u.removed_from_game),
        ] {
            if on {
                f.set(key(x), "on");
            }
        }
        if let Some(unique) = u.unique {
            f.set(key("unique"), if unique { "yes" } else { "no" });
        }
        for (x, v) in [("stack", &u.stack), ("equipment", &u.equipment)] {
            if !v.is_empty() {
                f.set(key(x), v.join(", "));
            }
        }
        if !u.granted_after_roll.is_empty() {
            f.set(
                key("granted_after_roll"),
                join_abilities(&u.granted_after_roll),
            );
        }
    }
    let d = &pos.dice;
    f.set("dice_attack", faces(&d.attack));
    f.set("dice_fury", faces(&d.fury));
    let rerolls: Vec<String> = d
        .rerolls
        .iter()
        .map(|r| format!("{}:{}", r.die + 1, r.face))
        .collect();
    f.set("dice_rerolls", rerolls.join(", "));
    f.set("dice_retaliate", faces(&d.retaliate));
    if pos.actions.len() > FORM_ACTIONS {
        notes.push(format!(
            "The position has {} build-step actions; the form shows {FORM_ACTIONS}. Paste the JSON to keep the rest.",
            pos.actions.len()
        ));
    }
    for (i, a) in pos.actions.iter().enumerate().take(FORM_ACTIONS) {
        let key = |x: &str| action_key(i + 1, x);
        for (x, v) in [("copy", a.copy), ("cost", a.cost)] {
            if let Some(v) = v {
                f.set(key(x), v.to_string());
            }
        }
        if a.same_unit {
            f.set(key("same_unit"), "on");
        }
        f.set(key("do"), a.verb.name());
        f.set(key("unit"), a.unit.clone());
        if let Some(card) = &a.card {
            f.set(key("card"), card.clone());
        }
        for (x, on) in [("unique", a.unique), ("top", a.top)] {
            if on {
                f.set(key(x), "on");
            }
        }
        let window = match a.window {
            Window::Build => "build",
            Window::Pop => "pop",
            Window::Other => "other",
        };
        f.set(key("window"), window);
        if !a.grants.is_empty() {
            f.set(key("grants"), a.grants.join(", "));
        }
    }
    let dec = &pos.decisions;
    f.set("intercept", dec.intercept.join(", "));
    f.set("evade", map_pairs(&dec.evade));
    f.set("deflect", map_pairs(&dec.deflect));
    f.set("predict", map_pairs(&dec.predict));
    let enhance: BTreeMap<String, &str> = dec
        .enhance
        .iter()
        .map(|(k, &v)| (k.clone(), if v { "yes" } else { "no" }))
        .collect();
    f.set("enhance", map_pairs(&enhance));
    for (name, v) in [
        ("lucky_dark", &dec.lucky.dark),
        ("lucky_light", &dec.lucky.light),
    ] {
        match v {
            None => {}
            Some(d) if d.is_empty() => f.set(name, "none"),
            Some(d) => f.set(name, join(&d.iter().map(|n| n + 1).collect::<Vec<usize>>())),
        }
    }
    form::readings_values(&pos.interpretations, &mut f);
    (f, notes)
}
