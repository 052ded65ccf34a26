//! Fields → position: [`to_position`] and the parsers of its dice, pairs, lucky re-rolls,
//! yes/no selects, units and build-step actions, each problem at its field.

use std::collections::BTreeMap;

use super::super::format::{
    ActionSpec, AttackSpec, DecisionsSpec, DiceSpec, ForceSpec, LuckySpec, Position, RerollSpec,
    Side, UnitSpec, Verb, Window,
};
use super::super::interpret::Interpretations;
use super::{action_key, action_rows, unit_key, unit_label, unit_rows};
use crate::rules::form::{self, list, number, FieldError, FormFields};

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
        // Numbered from 1 in the form, as the dice tray numbers them; from 0 in a position.
        match item.parse::<usize>().ok().and_then(|d| d.checked_sub(1)) {
            Some(d) => out.push(d),
            None => errors.push(FieldError::at(
                name,
                format!("{label}: {item:?} is not a die number (1 for the first die), or none"),
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

/// The build-step action on row `i`.
fn action(f: &FormFields, i: usize, errors: &mut Vec<FieldError>) -> Option<ActionSpec> {
    let key = |x: &str| action_key(i, x);
    let verb = match f.get(&key("do")) {
        "stack" => Verb::Stack,
        "equip" => Verb::Equip,
        "meditate" => Verb::Meditate,
        v => {
            errors.push(FieldError::at(
                key("do"),
                format!("Action {i}: {v:?} is not stack, equip or meditate"),
            ));
            return None;
        }
    };
    let window = match f.get(&key("window")) {
        "" | "build" => Window::Build,
        "pop" => Window::Pop,
        "other" => Window::Other,
        v => {
            errors.push(FieldError::at(
                key("window"),
                format!("Action {i}: {v:?} is not build, pop or other"),
            ));
            Window::Build
        }
    };
    let unit = f.get(&key("unit"));
    if unit.is_empty() {
        errors.push(FieldError::at(
            key("unit"),
            format!("Action {i}: which unit? Give its id"),
        ));
    }
    Some(ActionSpec {
        verb,
        unit: unit.to_string(),
        card: form::optional(f.get(&key("card"))),
        unique: f.has(&key("unique")),
        top: f.has(&key("top")),
        copy: number(f, &key("copy"), &format!("Action {i}: copy"), errors),
        same_unit: f.has(&key("same_unit")),
        window,
        grants: list(f.get(&key("grants"))),
        cost: number(f, &key("cost"), &format!("Action {i}: Equip cost"), errors),
    })
}

/// An abilities field: split on `;` when it has one (an ability such as `Stack: A, B`
/// carries commas of its own), else on `,`.
fn ability_list(s: &str) -> Vec<String> {
    let sep = if s.contains(';') { ';' } else { ',' };
    s.split(sep)
        .map(|x| x.trim().to_string())
        .filter(|x| !x.is_empty())
        .collect()
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
        card: form::optional(f.get(&key("card"))),
        name: form::optional(f.get(&key("name"))),
        arena: form::optional(f.get(&key("arena"))),
        power: number(f, &key("power"), &label("power"), errors),
        health: number(f, &key("health"), &label("health"), errors),
        abilities: (!abilities.is_empty()).then(|| ability_list(abilities)),
        damage: number(f, &key("damage"), &label("damage"), errors).unwrap_or(0),
        tapped: f.has(&key("tapped")),
        stack: list(f.get(&key("stack"))),
        equipment: list(f.get(&key("equipment"))),
        unique: yes_no(f, &key("unique"), &label("unique"), errors),
        granted_after_roll: ability_list(f.get(&key("granted_after_roll"))),
        discarded: f.has(&key("discarded")),
        removed_from_game: f.has(&key("removed_from_game")),
    }
}

/// The position the form describes, or every problem with its fields.
pub fn to_position(f: &FormFields) -> Result<Position, Vec<FieldError>> {
    let (position, errors) = partial(f);
    if errors.is_empty() {
        Ok(position)
    } else {
        Err(errors)
    }
}

/// The position the form describes as far as its fields read (a field that does not read
/// is left at its default), and every problem with its fields.
pub fn partial(f: &FormFields) -> (Position, Vec<FieldError>) {
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
            "die:face, the first die 1 (for example 3:5)",
            &mut errors,
            |d, face| {
                Some(RerollSpec {
                    // The form numbers dice from 1, as the dice tray does; the position from 0.
                    die: d.parse::<usize>().ok()?.checked_sub(1)?,
                    face: face.parse().ok()?,
                })
            },
        ),
        retaliate: dice(f, "dice_retaliate", "Retaliate's dice", &mut errors),
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
        enhance: pairs(
            f,
            "enhance",
            "Enhance",
            "unit:yes or unit:no (for example A:yes)",
            &mut errors,
            |a, b| match b {
                "yes" => Some((a.to_string(), true)),
                "no" => Some((a.to_string(), false)),
                _ => None,
            },
        )
        .into_iter()
        .collect(),
    };
    let actions = action_rows(f)
        .into_iter()
        .filter_map(|i| action(f, i, &mut errors))
        .collect();
    let position = Position {
        game: super::super::cite::GAME.into(),
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
        actions,
        dice,
        decisions,
        force: ForceSpec {
            dark: number(f, "force_dark", "Dark Side's Force", &mut errors),
            light: number(f, "force_light", "Light Side's Force", &mut errors),
        },
        interpretations: form::readings_from::<Interpretations>(f, &mut errors),
        odds: f.has("odds"),
    };
    (position, errors)
}
