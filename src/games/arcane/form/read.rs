//! Fields → position: [`to_position`] and the readers of its rows (players, units, actions, decisions, resolutions), every problem at once, each at its field.

use super::*;

/// Slot numbers (1-based), separated by commas or spaces.
pub(super) fn slot_numbers(
    s: &str,
    place: &str,
    name: &str,
    errors: &mut Vec<FieldError>,
) -> Vec<usize> {
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

/// A list field that may say `none` (an empty list, replacing the card's).
pub(super) fn none_or(s: &str, split: impl Fn(&str) -> Vec<String>) -> Option<Vec<String>> {
    match s {
        "" => None,
        x if x.eq_ignore_ascii_case("none") => Some(Vec::new()),
        x => Some(split(x)),
    }
}

/// The unit on card `n`.
pub(super) fn unit(f: &FormFields, n: usize, errors: &mut Vec<FieldError>) -> UnitSpec {
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
            for (k, item) in s
                .split(',')
                .map(str::trim)
                .take(crate::rules::form::LIST_ITEMS)
                .enumerate()
            {
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
        card: form::optional(f.get(&key("card"))),
        name: form::optional(f.get(&key("name"))),
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
pub(super) fn action(f: &FormFields, i: usize, errors: &mut Vec<FieldError>) -> Option<Action> {
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
        "order" => &["unit", "ability", "special", "count"],
        "down" | "return" => &["unit", "count", "slots"],
        "damage" => &["unit", "count", "downs", "slots"],
        "end_move" => &["unit", "targets"],
        "arrive" | "leave" => &["unit"],
        "facts" => &["unit", "targets", "ability"],
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
            op: if f.has(&key("count")) {
                count(errors).unwrap_or(0)
            } else {
                0
            },
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
        "leave" => Action::Leave { unit: unit(errors) },
        "facts" => {
            let facts = none_or(f.get(&key("targets")), list);
            let traits = none_or(f.get(&key("ability")), list);
            if facts.is_none() && traits.is_none() {
                errors.push(FieldError::at(
                    key("targets"),
                    format!("{place}: which facts (or `none`)? Traits go in the ability column"),
                ));
            }
            Action::Facts {
                unit: unit(errors),
                facts,
                traits,
            }
        }
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
pub(super) fn column_name(x: &str) -> &'static str {
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
pub(super) fn decisions(f: &FormFields, errors: &mut Vec<FieldError>) -> Vec<DecisionPin> {
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

/// A line per answer: `N: change; change`.
pub(super) fn resolutions(f: &FormFields, errors: &mut Vec<FieldError>) -> Vec<Resolution> {
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
    let on_rejection = form::read_on_rejection(f, &mut errors);
    let actions = action_rows(f)
        .into_iter()
        .filter_map(|i| action(f, i, &mut errors))
        .collect();
    let position = Position {
        game: super::super::cite::GAME.into(),
        turn: number(f, "turn", "Turn", &mut errors).unwrap_or(1),
        phase,
        active: form::optional(f.get("active")),
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
