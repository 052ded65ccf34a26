//! Position → fields: [`from_position`], noting what the form cannot show.

use super::syntax::{write_cell, write_space};
use super::*;

/// Whether `s` can be written in a field whose syntax uses `reserved`.
fn writable(s: &str, reserved: &[char]) -> bool {
    !s.contains(reserved) && s.trim() == s
}

/// The form's fields for `pos`, to edit it, and what the form cannot show of it.
pub fn from_position(pos: &Position) -> (FormFields, Vec<String>) {
    let mut f = FormFields::default();
    let mut notes = Vec::new();
    let mut unwritable = Vec::new();
    let mut check = |s: &str, reserved: &[char]| {
        if !writable(s, reserved) && !unwritable.contains(&s.to_string()) {
            unwritable.push(s.to_string());
        }
    };
    f.set("turn", pos.turn.to_string());
    f.set("active", pos.active.clone());
    if pos.judged != 0 {
        f.set("judged", pos.judged.to_string());
    }
    if pos.on_rejection == OnRejection::Stop {
        f.set("on_rejection", "stop");
    }
    let rows: Vec<String> = pos
        .board
        .rows
        .iter()
        .map(|row| {
            row.iter()
                .map(|c| {
                    check(&c.terrain, &[',', '@', '+', '\n']);
                    if let Some(o) = &c.owner {
                        check(o, &[',', '@', '+', '\n']);
                    }
                    write_space(c)
                })
                .collect::<Vec<_>>()
                .join(", ")
        })
        .collect();
    if pos.board.rows.iter().any(Vec::is_empty) {
        notes.push(
            "The board has an empty row; the form drops it. Paste the JSON to keep it.".into(),
        );
    }
    f.set("board", rows.join("\n"));
    if pos.players.len() > 2 {
        notes.push(format!(
            "The position has {} players; the form shows 2. Paste the JSON to keep the rest.",
            pos.players.len()
        ));
    }
    let piles = [',', ';'];
    for (i, p) in pos.players.iter().enumerate().take(2) {
        let key = |x: &str| player_key(i + 1, x);
        f.set(key("name"), p.name.clone());
        f.set(key("gold"), p.gold.to_string());
        for (x, pile) in [
            ("hand", &p.hand),
            ("deck", &p.deck),
            ("discard", &p.discard),
            ("cemetery", &p.cemetery),
            ("tokens", &p.tokens),
        ] {
            pile.iter().for_each(|c| check(c, &piles));
            if !pile.is_empty() {
                f.set(key(x), pile.join(", "));
            }
        }
        if !p.side.is_empty() {
            let side: Vec<String> = p
                .side
                .iter()
                .map(|s| {
                    check(&s.card, &piles);
                    format!("{}@{}", s.card, s.placed)
                })
                .collect();
            f.set(key("side"), side.join(", "));
        }
        let t = &p.this_turn;
        for (x, n) in [
            ("side_mercenaries", t.side_mercenaries),
            ("side_animals", t.side_animals),
            ("field_mercenaries", t.field_mercenaries),
            ("field_animals", t.field_animals),
            ("income", t.income),
        ] {
            if n != 0 {
                f.set(key(x), n.to_string());
            }
        }
        if p.double_production {
            f.set(key("double_production"), "on");
        }
    }
    if pos.players.len() < 2 {
        notes.push(format!(
            "The position has {} players; the form reads 2.",
            pos.players.len()
        ));
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
        f.set(key("owner"), u.owner.clone());
        if u.id.is_empty() {
            notes.push(format!(
                "Unit {} has no id; the form needs one to hold it.",
                i + 1
            ));
        }
        for (x, v) in [("card", &u.card), ("class", &u.class)] {
            if let Some(v) = v {
                f.set(key(x), v.clone());
            }
        }
        if let Some(k) = u.kind {
            f.set(key("type"), k.as_str());
        }
        for (x, v) in [("traits", &u.traits), ("abilities", &u.abilities)] {
            if let Some(v) = v {
                v.iter().for_each(|s| check(s, &piles));
                if v.is_empty() {
                    notes.push(format!(
                        "Unit {} ({}) has an empty {x} list, which the form reads as the card's own.",
                        i + 1,
                        u.id
                    ));
                }
                f.set(key(x), v.join(", "));
            }
        }
        for (x, v) in [
            ("mv", u.mv),
            ("range", u.range),
            ("hired_turn", u.hired_turn),
        ] {
            if let Some(v) = v {
                f.set(key(x), v.to_string());
            }
        }
        if let Some(d) = u.dual_wield {
            f.set(key("dual_wield"), if d { "yes" } else { "no" });
        }
        f.set(key("at"), write_cell(u.at));
        for (x, n) in [("damage", u.damage), ("items_used", u.items_used)] {
            if n != 0 {
                f.set(key(x), n.to_string());
            }
        }
        for (x, on) in [
            ("hidden", u.hidden),
            ("moved", u.moved),
            ("teleported", u.teleported),
            ("attacked", u.attacked),
            ("se_free", u.se_free),
        ] {
            if on {
                f.set(key(x), "on");
            }
        }
        if !u.items.is_empty() {
            let items: Vec<String> = u
                .items
                .iter()
                .map(|it| {
                    // " from " starts a snatched item's owner.
                    check(&it.card.replace(" from ", ","), &piles);
                    match &it.snatched_from {
                        Some(from) => format!("{} from {from}", it.card),
                        None => it.card.clone(),
                    }
                })
                .collect();
            f.set(key("items"), items.join(", "));
        }
        for (x, v) in [("permits", &u.permits), ("summons", &u.summons)] {
            v.iter().for_each(|s| check(s, &piles));
            if !v.is_empty() {
                f.set(key(x), v.join(", "));
            }
        }
    }
    if !pos.cards.is_empty() {
        f.set(
            "cards",
            serde_json::to_string_pretty(&pos.cards).unwrap_or_default(),
        );
    }
    if pos.actions.len() > FORM_ACTIONS {
        notes.push(format!(
            "The position has {} actions; the form shows {FORM_ACTIONS}. Paste the JSON to keep the rest.",
            pos.actions.len()
        ));
    }
    for (i, a) in pos.actions.iter().enumerate().take(FORM_ACTIONS) {
        let key = |x: &str| action_key(i + 1, x);
        let mut set = |x: &str, v: Option<&String>| {
            if let Some(v) = v {
                f.set(key(x), v.clone());
            }
        };
        let verb = match a {
            Action::Hire {
                card,
                at,
                mv,
                id,
                player,
            } => {
                set("card", Some(card));
                set("at", Some(&write_cell(*at)));
                set("mv", mv.map(|m| m.to_string()).as_ref());
                set("id", id.as_ref());
                set("player", player.as_ref());
                "hire"
            }
            Action::ToSide { card, player } => {
                set("card", Some(card));
                set("player", player.as_ref());
                "to_side"
            }
            Action::BringIn {
                card,
                at,
                mv,
                from,
                by,
                id,
                player,
            } => {
                set("card", Some(card));
                set("at", Some(&write_cell(*at)));
                set("mv", mv.map(|m| m.to_string()).as_ref());
                if *from == Origin::Hand {
                    set("from", Some(&"hand".to_string()));
                }
                set("by", by.as_ref());
                set("id", id.as_ref());
                set("player", player.as_ref());
                "bring_in"
            }
            Action::CallPet {
                card,
                by,
                at,
                mv,
                id,
                player,
            } => {
                set("card", Some(card));
                set("by", Some(by));
                set("at", Some(&write_cell(*at)));
                set("mv", mv.map(|m| m.to_string()).as_ref());
                set("id", id.as_ref());
                set("player", player.as_ref());
                "call_pet"
            }
            Action::Move { unit, path, player } => {
                set("unit", Some(unit));
                let p: Vec<String> = path.iter().map(|c| write_cell(*c)).collect();
                set("path", Some(&p.join("; ")));
                set("player", player.as_ref());
                "move"
            }
            Action::Teleport { unit, to, player } => {
                set("unit", Some(unit));
                set("at", Some(&write_cell(*to)));
                set("player", player.as_ref());
                "teleport"
            }
            Action::Equip { unit, item, player }
            | Action::Unequip { unit, item, player }
            | Action::UseItem { unit, item, player } => {
                set("unit", Some(unit));
                set("item", Some(item));
                set("player", player.as_ref());
                match a {
                    Action::Equip { .. } => "equip",
                    Action::Unequip { .. } => "unequip",
                    _ => "use_item",
                }
            }
            Action::Dies { unit, pay } => {
                set("unit", Some(unit));
                if !pay.is_empty() {
                    set("item", Some(&pay.join(", ")));
                }
                "dies"
            }
            Action::Snatch {
                unit,
                from,
                item,
                player,
            } => {
                set("unit", Some(unit));
                set("from", Some(from));
                set("item", Some(item));
                set("player", player.as_ref());
                "snatch"
            }
            Action::PlayIncome { card, player } => {
                set("card", Some(card));
                set("player", player.as_ref());
                "play_income"
            }
            Action::Cast {
                card,
                caster,
                target,
                player,
            } => {
                set("card", Some(card));
                set("by", caster.as_ref());
                set("target", target.as_ref());
                set("player", player.as_ref());
                "cast"
            }
            Action::SummonToken {
                card,
                by,
                at,
                mv,
                id,
                player,
            } => {
                set("card", Some(card));
                set("by", Some(by));
                set("at", at.map(write_cell).as_ref());
                set("mv", mv.map(|m| m.to_string()).as_ref());
                set("id", id.as_ref());
                set("player", player.as_ref());
                "summon_token"
            }
            Action::Scribe { unit, card, player } => {
                set("unit", Some(unit));
                set("card", Some(card));
                set("player", player.as_ref());
                "scribe"
            }
            Action::Attack {
                unit,
                target,
                player,
            } => {
                set("unit", Some(unit));
                set("target", Some(target));
                set("player", player.as_ref());
                "attack"
            }
            Action::EndTurn { player } => {
                set("player", player.as_ref());
                "end_turn"
            }
        };
        f.set(key("do"), verb);
        if let Action::Dies { pay, .. } = a {
            pay.iter().for_each(|s| check(s, &piles));
        }
    }
    form::readings_values(&pos.interpretations, &mut f);
    if !unwritable.is_empty() {
        notes.push(format!(
            "The form cannot write {} (a name with a character its syntax uses: , ; @ + or \" from \", or spaces around it); paste the JSON to keep it whole.",
            unwritable
                .iter()
                .map(|s| format!("{s:?}"))
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    (f, notes)
}
