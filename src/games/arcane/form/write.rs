//! Position → fields: [`from_position`], with a note for whatever the form cannot hold.

use super::*;

/// Whether `s` holds a character the form's syntax reads as a separator.
pub(super) fn has_any(s: &str, chars: &[char]) -> bool {
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
                op,
            } => {
                set("do", "order".into());
                set("unit", unit.clone());
                set("ability", order.clone());
                if *op != 0 {
                    set("count", op.to_string());
                }
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
            Action::Leave { unit } => {
                set("do", "leave".into());
                set("unit", unit.clone());
            }
            Action::Facts {
                unit,
                facts,
                traits,
            } => {
                let text = |l: &Option<Vec<String>>| match l {
                    None => String::new(),
                    Some(l) if l.is_empty() => "none".into(),
                    Some(l) => l.join(", "),
                };
                set("do", "facts".into());
                set("unit", unit.clone());
                set("targets", text(facts));
                set("ability", text(traits));
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
