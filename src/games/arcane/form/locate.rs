//! A resolver's error put at its field: [`locate`].

use super::*;

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
                    "ability" | "order" | "phase" | "value" | "traits" => "ability",
                    "down" | "slots" => "slots",
                    "targets" | "adjacent" | "against" | "player" | "facts" => "targets",
                    "count" | "amount" | "occurrences" | "op" => "count",
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
        ("on_rejection", None) => FieldError::at(
            "on_rejection",
            format!("After a rejected action: {message}"),
        ),
        ("interpretations", None) => form::reading_error::<Interpretations>(rest, message),
        _ if e.path.is_empty() => FieldError::general(message.clone()),
        _ => FieldError::general(format!("{}: {message}", e.path)),
    }
}
