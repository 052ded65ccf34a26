//! A resolver's error put at its field: [`locate`] turns a position path into the form's
//! field and words.

use super::super::interpret::Interpretations;
use super::{action_key, action_rows, unit_key, unit_label, unit_rows, ACTION_FIELDS, UNIT_FIELDS};
use crate::rules::form::{self, FieldError, FormFields};
use crate::rules::position::PositionError;

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
                "retaliate" => ("dice_retaliate", "Retaliate's dice"),
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
                "enhance" => ("enhance", "Enhance"),
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
        ("actions", Some(i)) => match action_rows(f).get(i) {
            Some(&row) => {
                let (field, _, _) = form::split_path(rest);
                let field = match field {
                    "do" => "do",
                    x if ACTION_FIELDS.contains(&x) => x,
                    _ => "unit",
                };
                FieldError::at(action_key(row, field), format!("Action {row}: {message}"))
            }
            None => FieldError::general(format!("Action {}: {message}", i + 1)),
        },
        ("arena", None) => FieldError::at("arena", format!("Arena: {message}")),
        ("seed", None) => FieldError::at("seed", format!("Seed: {message}")),
        ("odds", None) => FieldError::at("odds", format!("Odds: {message}")),
        ("force", None) if rest.starts_with("light") => {
            FieldError::at("force_light", format!("Light Side's Force: {message}"))
        }
        ("force", None) => FieldError::at("force_dark", format!("Dark Side's Force: {message}")),
        ("interpretations", None) => form::reading_error::<Interpretations>(rest, message),
        _ if e.path.is_empty() => FieldError::general(message.clone()),
        _ => FieldError::general(format!("{}: {message}", e.path)),
    }
}
