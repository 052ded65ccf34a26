//! A resolver's error put at its field: [`locate`].

use super::super::interpret::Interpretations;
use super::read::action_rows;
use super::{
    action_key, card_id, card_key, card_label, card_rows, player_label, zone_of, ACTION_FIELDS,
    CARD_FIELDS,
};
use crate::rules::form::{self, FieldError, FormFields};
use crate::rules::position::PositionError;

/// Player `p`'s row holding `zone[index]` (an upgrade: the `index`th upgrade row on
/// creature `on`).
fn row_of(f: &FormFields, p: usize, zone: &str, index: usize) -> Option<usize> {
    card_rows(f, p)
        .into_iter()
        .filter(|&n| zone_of(f, p, n) == zone)
        .nth(index)
}

/// The error `e` of the position built from `f`, at the field it came from and in the
/// form's words (`Ann, card 2 (ogre), power: …` for `players[0].battleline[1].power`).
pub fn locate(f: &FormFields, e: &PositionError) -> FieldError {
    let message = &e.message;
    let (head, index, rest) = form::split_path(&e.path);
    match (head, index) {
        ("players", Some(p)) if p < 2 => {
            let who = player_label(f, p);
            let (zone, ci, rest) = form::split_path(rest);
            match (zone, ci) {
                ("name" | "amber" | "keys", None) => FieldError::at(
                    format!("p{p}_{zone}"),
                    format!("{who}, {}: {message}", zone.replace("amber", "Æmber")),
                ),
                (_, Some(ci)) => {
                    let Some(n) = row_of(f, p, zone, ci) else {
                        return FieldError::general(format!("{who}, {zone} {}: {message}", ci + 1));
                    };
                    let (field, ui, _) = form::split_path(rest);
                    let (n, field) = match (field, ui) {
                        // An upgrade: the rows on this creature, in order.
                        ("upgrades", Some(ui)) => {
                            let on = card_id(f, p, n);
                            let row = card_rows(f, p)
                                .into_iter()
                                .filter(|&m| {
                                    zone_of(f, p, m) == "upgrade"
                                        && f.get(&card_key(p, m, "on")) == on
                                })
                                .nth(ui);
                            let (sub, _, _) = form::split_path(form::split_path(rest).2);
                            match row {
                                Some(m) => (m, sub),
                                None => (n, "id"),
                            }
                        }
                        (x, _) => (n, x),
                    };
                    let field = if CARD_FIELDS.contains(&field) {
                        field
                    } else {
                        "id"
                    };
                    // An id the row takes from its name is the name's field's.
                    let field = match field {
                        "id" if !f.has(&card_key(p, n, "id")) => {
                            if f.has(&card_key(p, n, "card")) {
                                "card"
                            } else {
                                "name"
                            }
                        }
                        x => x,
                    };
                    FieldError::at(
                        card_key(p, n, field),
                        format!("{}: {message}", card_label(f, p, n)),
                    )
                }
                _ => FieldError::general(format!("{who}, {zone}: {message}")),
            }
        }
        ("players", _) => FieldError::general(format!("Players: {message}")),
        ("house", None) => FieldError::at("house", format!("Active house: {message}")),
        ("active", None) => FieldError::at("active", format!("Active player: {message}")),
        ("actions", Some(i)) => match action_rows(f).get(i) {
            Some(&row) => {
                let (field, _, _) = form::split_path(rest);
                let field = if ACTION_FIELDS.contains(&field) {
                    field
                } else {
                    "card"
                };
                FieldError::at(action_key(row, field), format!("Action {row}: {message}"))
            }
            None => FieldError::general(format!("Action {}: {message}", i + 1)),
        },
        ("decisions", _) => FieldError::at("decisions", format!("Decisions: {message}")),
        ("rulings", Some(i)) => {
            FieldError::at("rulings", format!("Rulings, line {}: {message}", i + 1))
        }
        ("rulings", None) => FieldError::at("rulings", format!("Rulings: {message}")),
        ("on_rejection", None) => FieldError::at(
            "on_rejection",
            format!("After a rejected action: {message}"),
        ),
        ("interpretations", None) => form::reading_error::<Interpretations>(rest, message),
        _ if e.path.is_empty() => FieldError::general(message.clone()),
        _ => FieldError::general(format!("{}: {message}", e.path)),
    }
}
