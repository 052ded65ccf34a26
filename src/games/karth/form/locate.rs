//! A resolver error put at its field, in the form's words: [`locate`].

use super::*;

/// The error `e` of the position built from `f`, at the field it came from and in the
/// form's words (`Unit 2 (K), card: …` for `units[1].card: …`).
pub fn locate(f: &FormFields, e: &PositionError) -> FieldError {
    let message = &e.message;
    let (head, index, rest) = form::split_path(&e.path);
    match (head, index) {
        ("players", Some(i)) if i < 2 => {
            let p = i + 1;
            let who = player_label(f, p);
            let (field, item, sub) = form::split_path(rest);
            let field = match field {
                "this_turn" => {
                    let (c, _, _) = form::split_path(sub);
                    if PLAYER_FIELDS.contains(&c) {
                        c
                    } else {
                        "name"
                    }
                }
                x if PLAYER_FIELDS.contains(&x) => x,
                _ => "name",
            };
            let place = match item {
                Some(j) => format!("{who}, {} card {}", field.replace('_', " "), j + 1),
                None => format!("{who}, {}", field.replace('_', " ")),
            };
            FieldError::at(player_key(p, field), format!("{place}: {message}"))
        }
        ("players", _) => FieldError::general(format!("Players: {message}")),
        ("board", None) => {
            // `board.rows[r][k].terrain`: the line and space of the board field.
            let mut numbers = rest
                .split(['[', ']'])
                .filter_map(|x| x.parse::<usize>().ok());
            let (r, k) = (numbers.next(), numbers.next());
            let place = match (r, k) {
                (Some(r), Some(k)) => format!("Board, line {}, space {}", r + 1, k + 1),
                (Some(r), None) => format!("Board, line {}", r + 1),
                _ => "Board".to_string(),
            };
            FieldError::at("board", format!("{place}: {message}"))
        }
        ("units", Some(i)) => match unit_rows(f).get(i) {
            Some(&n) => {
                let who = unit_label(f, n);
                let (field, item, _) = form::split_path(rest);
                let field = match field {
                    "kind" => "type",
                    x if UNIT_FIELDS.contains(&x) => x,
                    _ => "id",
                };
                let place = match item {
                    Some(j) => format!("{who}, {} {}", field.replace('_', " "), j + 1),
                    None => format!("{who}, {}", field.replace('_', " ")),
                };
                FieldError::at(unit_key(n, field), format!("{place}: {message}"))
            }
            None => FieldError::general(format!("Unit {}: {message}", i + 1)),
        },
        ("units", None) => FieldError::general(format!("Units: {message}")),
        ("actions", Some(i)) => match action_rows(f).get(i) {
            Some(&row) => {
                let (field, item, _) = form::split_path(rest);
                let field = match field {
                    "to" => "at",
                    "caster" => "by",
                    "pay" => "item",
                    x if ACTION_FIELDS.contains(&x) => x,
                    _ => "do",
                };
                let place = match (field, item) {
                    ("path", Some(j)) => format!("Action {row}, space {} of the path", j + 1),
                    _ => format!("Action {row}"),
                };
                FieldError::at(action_key(row, field), format!("{place}: {message}"))
            }
            None => FieldError::general(format!("Action {}: {message}", i + 1)),
        },
        ("actions", None) => FieldError::general(format!("Actions: {message}")),
        ("cards", _) => FieldError::at("cards", format!("Inline cards: {}: {message}", e.path)),
        ("turn", None) => FieldError::at("turn", format!("Turn: {message}")),
        ("active", None) => FieldError::at("active", format!("Whose turn: {message}")),
        ("judged", None) => FieldError::at("judged", format!("Actions judged before: {message}")),
        ("interpretations", None) => form::reading_error::<Interpretations>(rest, message),
        _ if e.path.is_empty() => FieldError::general(message.clone()),
        _ => FieldError::general(format!("{}: {message}", e.path)),
    }
}
