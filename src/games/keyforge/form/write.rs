//! Position → fields: [`from_position`] and the card rows it sets.

use super::super::format::{CardSpec, Flank, Position};
use super::syntax::{icons_text, ruling_text};
use super::{action_key, card_key, FORM_ACTIONS, FORM_CARDS};
use crate::rules::form::{self, FormFields};
use crate::rules::reject::OnRejection;

/// Writes card `c` (in zone `zone`, on creature `on`) as row `n` of player `p`.
fn set_card(f: &mut FormFields, p: usize, n: usize, c: &CardSpec, zone: &str, on: &str) {
    let key = |x: &str| card_key(p, n, x);
    // An id that is the card's name is not written: the row goes by its name.
    if c.card.as_ref().or(c.name.as_ref()) != Some(&c.id) {
        f.set(key("id"), c.id.clone());
    }
    f.set(key("zone"), zone);
    if !on.is_empty() {
        f.set(key("on"), on);
    }
    for (x, v) in [
        ("card", &c.card),
        ("name", &c.name),
        ("house", &c.house),
        ("text", &c.text),
        ("owner", &c.owner),
    ] {
        if let Some(v) = v {
            f.set(key(x), v.clone());
        }
    }
    if let Some(k) = c.kind {
        f.set(key("type"), k.name());
    }
    for (x, v) in [("power", c.power), ("armor", c.armor)] {
        if let Some(v) = v {
            f.set(key(x), v.to_string());
        }
    }
    if let Some(t) = &c.traits {
        f.set(key("traits"), t.join(", "));
    }
    if !c.bonus.is_empty() {
        f.set(key("bonus"), icons_text(&c.bonus));
    }
    for (x, v) in [
        ("damage", c.damage),
        ("armor_used", c.armor_used),
        ("amber", c.amber),
    ] {
        if v != 0 {
            f.set(key(x), v.to_string());
        }
    }
    for (x, on) in [
        ("exhausted", c.exhausted),
        ("stunned", c.stunned),
        ("elusive_used", c.elusive_used),
    ] {
        if on {
            f.set(key(x), "on");
        }
    }
}

/// The form's fields for `pos`, to edit it, and what the form cannot show of it.
pub fn from_position(pos: &Position) -> (FormFields, Vec<String>) {
    let mut f = FormFields::default();
    let mut notes = Vec::new();
    f.set("house", pos.house.clone());
    if let Some(a) = &pos.active {
        f.set("active", a.clone());
    }
    if pos.on_rejection == OnRejection::Stop {
        f.set("on_rejection", "stop");
    }
    if pos.players.len() > 2 {
        notes.push(format!(
            "The position has {} players; the form shows 2. Paste the JSON to keep the rest.",
            pos.players.len()
        ));
    }
    for (p, spec) in pos.players.iter().enumerate().take(2) {
        f.set(format!("p{p}_name"), spec.name.clone());
        f.set(format!("p{p}_amber"), spec.amber.to_string());
        if spec.keys != 0 {
            f.set(format!("p{p}_keys"), spec.keys.to_string());
        }
        let mut rows: Vec<(&CardSpec, &str, String)> = Vec::new();
        for (zone, cards) in [
            ("battleline", &spec.battleline),
            ("artifacts", &spec.artifacts),
            ("hand", &spec.hand),
            ("discard", &spec.discard),
            ("archives", &spec.archives),
            ("deck", &spec.deck),
        ] {
            for c in cards {
                rows.push((c, zone, String::new()));
                for u in &c.upgrades {
                    rows.push((u, "upgrade", c.id.clone()));
                }
            }
        }
        // An upgrade's row follows its creature's; upgrades on cards outside the
        // battleline (which the resolver refuses) or on upgrades cannot be shown.
        let odd = rows
            .iter()
            .filter(|(c, z, on)| {
                (!on.is_empty() && !spec.battleline.iter().any(|b| &b.id == on))
                    || (*z == "upgrade" && !c.upgrades.is_empty())
            })
            .count();
        if odd > 0 {
            notes.push(format!(
                "{}: {odd} upgrade(s) sit on a card outside the battleline or on an upgrade; the form drops them. Paste the JSON to keep them.",
                spec.name
            ));
        }
        if rows.len() > FORM_CARDS {
            notes.push(format!(
                "{} has {} cards; the form shows {FORM_CARDS}. Paste the JSON to keep the rest.",
                spec.name,
                rows.len()
            ));
        }
        for (n, (c, zone, on)) in rows.into_iter().take(FORM_CARDS).enumerate() {
            set_card(&mut f, p, n + 1, c, zone, &on);
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
        f.set(key("do"), a.verb.name());
        f.set(key("card"), a.card.clone());
        if let Some(t) = &a.target {
            f.set(key("target"), t.clone());
        }
        if !a.targets.is_empty() {
            f.set(key("targets"), a.targets.join(", "));
        }
        if let Some(fl) = a.flank {
            f.set(
                key("flank"),
                match fl {
                    Flank::Left => "left",
                    Flank::Right => "right",
                },
            );
        }
        if let Some(z) = a.zone {
            let prefix = if a.from_opponent { "opponent_" } else { "" };
            f.set(key("zone"), format!("{prefix}{}", z.name()));
        }
    }
    let pins: Vec<String> = pos
        .decisions
        .iter()
        .map(|d| format!("{}:{}", d.decision, d.option))
        .collect();
    if !pins.is_empty() {
        f.set("decisions", pins.join(", "));
    }
    let rulings: Vec<String> = pos
        .rulings
        .iter()
        .map(|r| format!("{}: {}", r.decision, ruling_text(&r.changes)))
        .collect();
    if !rulings.is_empty() {
        f.set("rulings", rulings.join("\n"));
    }
    form::readings_values(&pos.interpretations, &mut f);
    (f, notes)
}
