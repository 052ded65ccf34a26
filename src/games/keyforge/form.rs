//! The KeyForge builder form (issue #17, on the core's form hook): one turn laid out as
//! the judge sets it up ([`layout`]): both players with their Æmber and keys, a card per
//! row saying which zone holds it (battleline left to right, artifacts, hand, discard,
//! archives, deck, or an upgrade on a creature), the active house and player, the actions
//! as rows, decisions, rulings, readings and what a rejection does; a position written as
//! the form's fields ([`from_position`]), a submission read back ([`to_position`], every
//! problem at once, each at its field in words) and a resolver's error put at its field
//! ([`locate`]).
//!
//! Field names: `house`, `active`, `on_rejection`, `decisions` (`decision:option` pairs),
//! `rulings` (one line per ruling: `1: damage foe 4; amber Bob -1`); per player
//! `p<P>_{name,amber,keys}` (P is 0 or 1); per card
//! `p<P>_c<N>_{id,zone,on,card,name,type,house,power,armor,traits,text,bonus,owner,damage,armor_used,amber,exhausted,stunned,elusive_used}`
//! (N is 1 to [`FORM_CARDS`]); per action `x<I>_{do,card,target,targets,flank,zone}` (I
//! is 1 to [`FORM_ACTIONS`]); `interp_<key>`.
//!
//! Decisions: a zone is a field of the card, not a section per zone, so a player's cards
//! fit one list of rows and the form stays short at 390 px; within a zone the rows keep
//! their order (a battleline's left flank first). An upgrade is a row of zone `upgrade`
//! naming the creature it is `on`. Beyond the rows the form holds, the form notes what it
//! drops and the pasted JSON keeps it. Depends only on the core and this game.

use super::format::{
    caps, ActionSpec, CardSpec, Flank, Kind as CardKind, PlayerSpec, Position, RulingChange,
    RulingSpec, Verb, Zone,
};
use super::interpret::Interpretations;
use crate::rules::decision::DecisionPin;
use crate::rules::form::{
    self, list, number, Choice, Field, FieldError, Form, FormFields, Group, GroupStyle, Kind, List,
    Section, Source, Width,
};
use crate::rules::position::PositionError;
use crate::rules::reject::OnRejection;

/// Card rows per player on the form.
pub const FORM_CARDS: usize = 10;
/// Action rows on the form (the position's cap is larger: paste JSON for more).
pub const FORM_ACTIONS: usize = 6;

/// The per-card fields, after `p<P>_c<N>_`.
const CARD_FIELDS: &[&str] = &[
    "id",
    "zone",
    "on",
    "card",
    "name",
    "type",
    "house",
    "power",
    "armor",
    "traits",
    "text",
    "bonus",
    "owner",
    "damage",
    "armor_used",
    "amber",
    "exhausted",
    "stunned",
    "elusive_used",
];

/// The per-action fields, after `x<I>_`.
const ACTION_FIELDS: &[&str] = &["do", "card", "target", "targets", "flank", "zone"];

/// The zones a card row may name, in the position's order.
const ZONES: &[(&str, &str)] = &[
    ("battleline", "battleline"),
    ("artifacts", "artifacts"),
    ("hand", "hand"),
    ("discard", "discard"),
    ("archives", "archives"),
    ("deck", "deck (top first)"),
    ("upgrade", "upgrade on a creature"),
];

/// The fields the builder reads, as a sentence for the error that names an unknown one.
pub const ACCEPTED_FIELDS: &str = "house, active, on_rejection, decisions, rulings, \
p<P>_{name,amber,keys} (P is 0 or 1), \
p<P>_c<N>_{id,zone,on,card,name,type,house,power,armor,traits,text,bonus,owner,damage,armor_used,amber,exhausted,stunned,elusive_used} \
(N is 1 to 10), x<I>_{do,card,target,targets,flank,zone} (I is 1 to 6) and interp_<key> \
(one per interpretation)";

/// The values of a new turn's form: Ann (active, house Ironhowl) and her Quarry Ogre
/// fights Bob's 3-power creature.
pub fn defaults() -> FormFields {
    let mut f = FormFields::default();
    for (k, v) in [
        ("house", "Ironhowl"),
        ("p0_name", "Ann"),
        ("p0_amber", "0"),
        ("p1_name", "Bob"),
        ("p1_amber", "0"),
        ("p0_c1_id", "ogre"),
        ("p0_c1_zone", "battleline"),
        ("p0_c1_card", "Quarry Ogre"),
        ("p1_c1_id", "foe"),
        ("p1_c1_zone", "battleline"),
        ("p1_c1_house", "Gloamwatch"),
        ("p1_c1_power", "3"),
        ("x1_do", "fight"),
        ("x1_card", "ogre"),
        ("x1_target", "foe"),
    ] {
        f.set(k, v);
    }
    f
}

fn card_key(p: usize, n: usize, field: &str) -> String {
    format!("p{p}_c{n}_{field}")
}

fn action_key(i: usize, field: &str) -> String {
    format!("x{i}_{field}")
}

/// Whether card row `n` of player `p` holds a card (its selects alone do not).
fn card_present(f: &FormFields, p: usize, n: usize) -> bool {
    CARD_FIELDS
        .iter()
        .filter(|x| !matches!(**x, "zone" | "type"))
        .any(|x| f.has(&card_key(p, n, x)))
}

/// Player `p`'s card rows that hold a card, in order.
fn card_rows(f: &FormFields, p: usize) -> Vec<usize> {
    (1..=FORM_CARDS)
        .filter(|&n| card_present(f, p, n))
        .collect()
}

/// A row's zone (an empty one is the battleline, the select's first option).
fn zone_of(f: &FormFields, p: usize, n: usize) -> &str {
    match f.get(&card_key(p, n, "zone")) {
        "" => "battleline",
        z => z,
    }
}

/// How the form names player `p`: their name, or `Player 1`.
fn player_label(f: &FormFields, p: usize) -> String {
    match f.get(&format!("p{p}_name")) {
        "" => format!("Player {}", p + 1),
        n => n.to_string(),
    }
}

/// How the form names card row `n` of player `p`: `Ann, card 2 (ogre)`.
fn card_label(f: &FormFields, p: usize, n: usize) -> String {
    let who = player_label(f, p);
    match f.get(&card_key(p, n, "id")) {
        "" => format!("{who}, card {n}"),
        id => format!("{who}, card {n} ({id})"),
    }
}

fn opt(s: &str) -> Option<String> {
    (!s.is_empty()).then(|| s.to_string())
}

/// Card row `n` of player `p` as a card spec (no upgrades yet).
fn card(f: &FormFields, p: usize, n: usize, errors: &mut Vec<FieldError>) -> CardSpec {
    let key = |x: &str| card_key(p, n, x);
    let who = card_label(f, p, n);
    let label = |x: &str| format!("{who}, {}", x.replace('_', " "));
    let kind = match f.get(&key("type")) {
        "" => None,
        v => match CardKind::parse(v) {
            Some(k) => Some(k),
            None => {
                errors.push(FieldError::at(
                    key("type"),
                    format!(
                        "{}: {v:?} is not creature, artifact, action or upgrade",
                        label("type")
                    ),
                ));
                None
            }
        },
    };
    let traits = f.get(&key("traits"));
    let text = f.get(&key("text"));
    CardSpec {
        id: f.get(&key("id")).to_string(),
        card: opt(f.get(&key("card"))),
        name: opt(f.get(&key("name"))),
        kind,
        house: opt(f.get(&key("house"))),
        power: number(f, &key("power"), &label("power"), errors),
        armor: number(f, &key("armor"), &label("armor"), errors),
        traits: (!traits.is_empty()).then(|| list(traits)),
        // One ability per line, whichever line ends the browser posts.
        text: (!text.is_empty()).then(|| text.replace("\r\n", "\n")),
        bonus: number(f, &key("bonus"), &label("bonus"), errors).unwrap_or(0),
        owner: opt(f.get(&key("owner"))),
        damage: number(f, &key("damage"), &label("damage"), errors).unwrap_or(0),
        armor_used: number(f, &key("armor_used"), &label("armor used"), errors).unwrap_or(0),
        exhausted: f.has(&key("exhausted")),
        stunned: f.has(&key("stunned")),
        elusive_used: f.has(&key("elusive_used")),
        amber: number(f, &key("amber"), &label("Æmber on it"), errors).unwrap_or(0),
        upgrades: Vec::new(),
    }
}

/// Player `p` and their cards, each in its zone in row order; an upgrade row on the
/// creature it names.
fn player(f: &FormFields, p: usize, errors: &mut Vec<FieldError>) -> PlayerSpec {
    let who = player_label(f, p);
    let mut spec = PlayerSpec {
        name: f.get(&format!("p{p}_name")).to_string(),
        amber: number(f, &format!("p{p}_amber"), &format!("{who}'s Æmber"), errors).unwrap_or(0),
        keys: number(f, &format!("p{p}_keys"), &format!("{who}'s keys"), errors).unwrap_or(0),
        ..PlayerSpec::default()
    };
    let mut upgrades = Vec::new();
    for n in card_rows(f, p) {
        let c = card(f, p, n, errors);
        let zone = match zone_of(f, p, n) {
            "battleline" => &mut spec.battleline,
            "artifacts" => &mut spec.artifacts,
            "hand" => &mut spec.hand,
            "discard" => &mut spec.discard,
            "archives" => &mut spec.archives,
            "deck" => &mut spec.deck,
            "upgrade" => {
                upgrades.push((n, c));
                continue;
            }
            z => {
                errors.push(FieldError::at(
                    card_key(p, n, "zone"),
                    format!(
                        "{}, zone: {z:?} is not battleline, artifacts, hand, discard, archives, deck or upgrade",
                        card_label(f, p, n)
                    ),
                ));
                continue;
            }
        };
        zone.push(c);
    }
    for (n, u) in upgrades {
        let on = f.get(&card_key(p, n, "on"));
        match spec.battleline.iter_mut().find(|c| c.id == on) {
            Some(creature) => creature.upgrades.push(u),
            None => errors.push(FieldError::at(
                card_key(p, n, "on"),
                format!(
                    "{}, on: {} (an upgrade sits on a creature in {who}'s battleline; give its id)",
                    card_label(f, p, n),
                    if on.is_empty() {
                        "which creature?".to_string()
                    } else {
                        format!("no creature {on:?} in the battleline")
                    }
                ),
            )),
        }
    }
    spec
}

/// The action rows that say what they do, in order: `action_rows(f)[i]` is `actions[i]`.
fn action_rows(f: &FormFields) -> Vec<usize> {
    (1..=FORM_ACTIONS)
        .filter(|&i| f.has(&action_key(i, "do")))
        .collect()
}

const VERBS: &[Verb] = &[
    Verb::Play,
    Verb::Reap,
    Verb::Fight,
    Verb::Action,
    Verb::Omni,
    Verb::PutIntoPlay,
    Verb::PlayFrom,
];

const FROM_ZONES: &[Zone] = &[Zone::Hand, Zone::Discard, Zone::Archives, Zone::Deck];

/// The action on row `i`.
fn action(f: &FormFields, i: usize, errors: &mut Vec<FieldError>) -> Option<ActionSpec> {
    let key = |x: &str| action_key(i, x);
    let v = f.get(&key("do"));
    let Some(&verb) = VERBS.iter().find(|x| x.name() == v) else {
        errors.push(FieldError::at(
            key("do"),
            format!(
                "Action {i}: {v:?} is not play, reap, fight, action, omni, put_into_play or play_from"
            ),
        ));
        return None;
    };
    let flank = match f.get(&key("flank")) {
        "" => None,
        "left" => Some(Flank::Left),
        "right" => Some(Flank::Right),
        v => {
            errors.push(FieldError::at(
                key("flank"),
                format!("Action {i}, flank: {v:?} is not left, right or empty"),
            ));
            None
        }
    };
    let zone = match f.get(&key("zone")) {
        "" => None,
        v => match FROM_ZONES.iter().find(|z| z.name() == v) {
            Some(&z) => Some(z),
            None => {
                errors.push(FieldError::at(
                    key("zone"),
                    format!("Action {i}, from: {v:?} is not hand, discard, archives or deck"),
                ));
                None
            }
        },
    };
    let card = f.get(&key("card"));
    if card.is_empty() {
        errors.push(FieldError::at(
            key("card"),
            format!("Action {i}: which card? Give its id"),
        ));
    }
    Some(ActionSpec {
        verb,
        card: card.to_string(),
        target: opt(f.get(&key("target"))),
        flank,
        zone,
        targets: list(f.get(&key("targets"))),
    })
}

/// `decision:option` pairs.
fn decisions(f: &FormFields, errors: &mut Vec<FieldError>) -> Vec<DecisionPin> {
    let mut out = Vec::new();
    for (i, item) in list(f.get("decisions")).into_iter().enumerate() {
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
                    i + 1
                ),
            )),
        }
    }
    out
}

/// One change of a ruling, in words: `damage foe 4`, `amber Bob -1`, `move foe discard`.
fn change(s: &str) -> Result<RulingChange, String> {
    let s = s.trim();
    let (kind, rest) = s.split_once(char::is_whitespace).unwrap_or((s, ""));
    let rest = rest.trim();
    // The last word is a number or a zone; the words before it name the card or player.
    let last = |what: &str| -> Result<(String, String), String> {
        match rest.rsplit_once(char::is_whitespace) {
            Some((name, v)) if !name.trim().is_empty() => {
                Ok((name.trim().to_string(), v.to_string()))
            }
            _ => Err(format!("{kind} needs a {what} after the name")),
        }
    };
    let amount = |v: &str| {
        v.parse::<i32>()
            .map_err(|_| format!("{v:?} is not a whole number"))
    };
    let card = || {
        if rest.is_empty() {
            Err(format!("{kind} needs a card id"))
        } else {
            Ok(rest.to_string())
        }
    };
    Ok(match kind.to_ascii_lowercase().as_str() {
        "amber" => {
            let (player, by) = last("number")?;
            RulingChange::Amber {
                player,
                by: amount(&by)?,
            }
        }
        "damage" => {
            let (card, v) = last("number")?;
            RulingChange::Damage {
                card,
                amount: amount(&v)?,
            }
        }
        "heal" => {
            let (card, v) = last("number")?;
            RulingChange::Heal {
                card,
                amount: amount(&v)?,
            }
        }
        "destroy" => RulingChange::Destroy { card: card()? },
        "exhaust" => RulingChange::Exhaust { card: card()? },
        "ready" => RulingChange::Ready { card: card()? },
        "stun" => RulingChange::Stun { card: card()? },
        "move" => {
            let (card, to) = last("zone")?;
            let Some(&to) = FROM_ZONES.iter().find(|z| z.name() == to) else {
                return Err(format!("{to:?} is not hand, discard, archives or deck"));
            };
            RulingChange::Move { card, to }
        }
        k => {
            return Err(format!(
                "{k:?} is not amber, damage, heal, destroy, exhaust, ready, stun or move"
            ))
        }
    })
}

fn change_text(c: &RulingChange) -> String {
    match c {
        RulingChange::Amber { player, by } => format!("amber {player} {by}"),
        RulingChange::Damage { card, amount } => format!("damage {card} {amount}"),
        RulingChange::Heal { card, amount } => format!("heal {card} {amount}"),
        RulingChange::Destroy { card } => format!("destroy {card}"),
        RulingChange::Exhaust { card } => format!("exhaust {card}"),
        RulingChange::Ready { card } => format!("ready {card}"),
        RulingChange::Stun { card } => format!("stun {card}"),
        RulingChange::Move { card, to } => format!("move {card} {}", to.name()),
    }
}

/// The rulings field: a line each, `decision: change; change`.
fn rulings(f: &FormFields, errors: &mut Vec<FieldError>) -> Vec<RulingSpec> {
    let mut out = Vec::new();
    let lines = f
        .get("rulings")
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty());
    for (i, line) in lines.enumerate() {
        let at = |m: String| FieldError::at("rulings", format!("Rulings, line {}: {m}", i + 1));
        let Some((d, changes)) = line.split_once(':') else {
            errors.push(at(format!(
                "{line:?} is not decision: changes (for example 1: damage foe 4; amber Bob -1)"
            )));
            continue;
        };
        let Ok(decision) = d.trim().parse::<u32>() else {
            errors.push(at(format!("{:?} is not a decision number", d.trim())));
            continue;
        };
        let mut spec = RulingSpec {
            decision,
            changes: Vec::new(),
        };
        for c in changes.split(';').filter(|c| !c.trim().is_empty()) {
            match change(c) {
                Ok(c) => spec.changes.push(c),
                Err(e) => errors.push(at(format!("{:?}: {e}", c.trim()))),
            }
        }
        out.push(spec);
    }
    out
}

/// The position the form describes, or every problem with its fields.
pub fn to_position(f: &FormFields) -> Result<Position, Vec<FieldError>> {
    let mut errors = Vec::new();
    let players = (0..2).map(|p| player(f, p, &mut errors)).collect();
    let actions = action_rows(f)
        .into_iter()
        .filter_map(|i| action(f, i, &mut errors))
        .collect();
    let on_rejection = match f.get("on_rejection") {
        "" | "continue" => OnRejection::Continue,
        "stop" => OnRejection::Stop,
        v => {
            errors.push(FieldError::at(
                "on_rejection",
                format!("After a rejected action: {v:?} is not continue or stop"),
            ));
            OnRejection::Continue
        }
    };
    let position = Position {
        game: super::cite::GAME.into(),
        players,
        active: opt(f.get("active")),
        house: f.get("house").to_string(),
        actions,
        decisions: decisions(f, &mut errors),
        rulings: rulings(f, &mut errors),
        interpretations: form::readings_from::<Interpretations>(f, &mut errors),
        on_rejection,
    };
    if errors.is_empty() {
        Ok(position)
    } else {
        Err(errors)
    }
}

/// Writes card `c` (in zone `zone`, on creature `on`) as row `n` of player `p`.
fn set_card(f: &mut FormFields, p: usize, n: usize, c: &CardSpec, zone: &str, on: &str) {
    let key = |x: &str| card_key(p, n, x);
    f.set(key("id"), c.id.clone());
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
    for (x, v) in [
        ("bonus", c.bonus),
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
            f.set(key("zone"), z.name());
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
        .map(|r| {
            let changes: Vec<String> = r.changes.iter().map(change_text).collect();
            format!("{}: {}", r.decision, changes.join("; "))
        })
        .collect();
    if !rulings.is_empty() {
        f.set("rulings", rulings.join("\n"));
    }
    form::readings_values(&pos.interpretations, &mut f);
    (f, notes)
}

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
                            let on = f.get(&card_key(p, n, "id"));
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

fn select(name: String, label: &str, options: &[(&str, &str)]) -> Field {
    Field::new(
        name,
        label,
        Kind::Select {
            options: options.iter().map(|(v, l)| Choice::new(*v, *l)).collect(),
        },
    )
}

/// Card row `n` of player `p`.
fn card_row(f: &FormFields, p: usize, n: usize) -> Group {
    let key = |x: &str| card_key(p, n, x);
    let stat = |x: &str, label: &str, max: i32, placeholder: &str| {
        Field::number(key(x), label, 0, i64::from(max))
            .placeholder(placeholder)
            .width(Width::Small)
            .from(f)
    };
    let fields = vec![
        Field::text(key("id"), "Id")
            .placeholder("ogre")
            .hint("actions name it")
            .width(Width::Small)
            .summary("")
            .from(f),
        select(key("zone"), "Zone", ZONES)
            .width(Width::Small)
            .from(f),
        Field::text(key("on"), "On creature")
            .placeholder("its id")
            .hint("an upgrade's creature")
            .width(Width::Small)
            .from(f),
        Field::listed(key("card"), "Catalogue card", "cards")
            .width(Width::Wide)
            .summary("")
            .from(f),
        Field::text(key("name"), "or its name (a hypothetical card)")
            .width(Width::Wide)
            .from(f),
        select(
            key("type"),
            "Type",
            &[
                ("", "as the card (creature)"),
                ("creature", "creature"),
                ("artifact", "artifact"),
                ("action", "action"),
                ("upgrade", "upgrade"),
            ],
        )
        .width(Width::Small)
        .from(f),
        Field::listed(key("house"), "House", "houses")
            .placeholder("card's")
            .width(Width::Small)
            .from(f),
        stat("power", "Power", caps::STAT, "card's"),
        stat("armor", "Armor", caps::STAT, "card's"),
        Field::text(key("traits"), "Traits")
            .items()
            .placeholder("card's")
            .width(Width::Wide)
            .from(f),
        Field::new(key("text"), "Text", Kind::TextArea { rows: 2 })
            .placeholder("card's; one ability per line, as Reap: Gain 1A.")
            .width(Width::Full)
            .from(f),
        stat("damage", "Damage", caps::STAT, "0"),
        stat("armor_used", "Armor used", caps::STAT, "0"),
        stat("amber", "Æmber on it", caps::STAT, "0"),
        stat("bonus", "Æmber bonus", caps::STAT, "0"),
        Field::text(key("owner"), "Owner")
            .placeholder("its holder")
            .width(Width::Small)
            .from(f),
        Field::new(key("exhausted"), "Exhausted", Kind::Checkbox)
            .width(Width::Small)
            .from(f),
        Field::new(key("stunned"), "Stunned", Kind::Checkbox)
            .width(Width::Small)
            .from(f),
        Field::new(key("elusive_used"), "Elusive used", Kind::Checkbox)
            .width(Width::Small)
            .from(f),
    ];
    let context = format!("Player {} card {n}: ", p + 1);
    Group {
        id: format!("p{p}-c{n}"),
        title: format!("Card {n}"),
        empty: "add a card".into(),
        open: n == 1,
        fields: fields
            .into_iter()
            .map(|field| field.context(context.clone()))
            .collect(),
    }
}

/// Action row `i`.
fn action_row(f: &FormFields, i: usize) -> Group {
    let key = |x: &str| action_key(i, x);
    let context = format!("Action {i}: ");
    let fields = vec![
        select(
            key("do"),
            &format!("Action {i}: do"),
            &[
                ("", "none"),
                ("play", "play from hand"),
                ("reap", "reap"),
                ("fight", "fight"),
                ("action", "use its Action:"),
                ("omni", "use its Omni:"),
                ("put_into_play", "put into play (an ability)"),
                ("play_from", "play from a zone (an ability)"),
            ],
        )
        .width(Width::Small)
        .from(f),
        Field::text(key("card"), "card")
            .context(context.clone())
            .placeholder("ogre")
            .width(Width::Small)
            .from(f),
        Field::text(key("target"), "target")
            .context(context.clone())
            .placeholder("foe")
            .width(Width::Small)
            .from(f),
        Field::text(key("targets"), "targets chosen")
            .context(context.clone())
            .items()
            .placeholder("foe, imp")
            .width(Width::Normal)
            .from(f),
        select(
            key("flank"),
            &format!("Action {i}: flank"),
            &[
                ("", "right (default)"),
                ("left", "left"),
                ("right", "right"),
            ],
        )
        .width(Width::Small)
        .from(f),
        select(
            key("zone"),
            &format!("Action {i}: from"),
            &[
                ("", "hand (default)"),
                ("hand", "hand"),
                ("discard", "discard"),
                ("archives", "archives"),
                ("deck", "deck"),
            ],
        )
        .width(Width::Small)
        .from(f),
    ];
    Group {
        id: format!("action-{i}"),
        title: format!("Action {i}"),
        empty: String::new(),
        open: true,
        fields,
    }
}

fn player_section(f: &FormFields, p: usize) -> Section {
    let title = match f.get(&format!("p{p}_name")) {
        "" => format!("Player {}", p + 1),
        n => format!("Player {}: {n}", p + 1),
    };
    let context = format!("Player {}: ", p + 1);
    Section::new(
        format!("player-{}", p + 1),
        title,
        vec![
            Field::text(format!("p{p}_name"), "Name")
                .context(context.clone())
                .placeholder(if p == 0 { "Ann" } else { "Bob" })
                .width(Width::Small)
                .from(f),
            Field::number(format!("p{p}_amber"), "Æmber", 0, i64::from(caps::AMBER))
                .context(context.clone())
                .placeholder("0")
                .width(Width::Small)
                .from(f),
            Field::number(format!("p{p}_keys"), "Keys", 0, i64::from(caps::AMBER))
                .context(context)
                .placeholder("0")
                .width(Width::Small)
                .from(f),
        ],
    )
    .note("a card per row, in its zone: a battleline left flank first; any stat typed overrides the catalogue card's")
    .groups(
        GroupStyle::Cards,
        (1..=FORM_CARDS).map(|n| card_row(f, p, n)).collect(),
    )
}

/// The builder's form showing `f`.
pub fn layout(f: &FormFields) -> Form {
    let turn = Section::new(
        "turn",
        "The turn",
        vec![
            Field::listed("house", "Active house", "houses")
                .placeholder("Ironhowl")
                .width(Width::Small)
                .from(f),
            Field::text("active", "Active player")
                .placeholder("the first player")
                .hint("a player's name")
                .width(Width::Small)
                .from(f),
            select(
                "on_rejection".into(),
                "After a rejected action",
                &[("continue", "go on"), ("stop", "stop")],
            )
            .width(Width::Small)
            .from(f),
        ],
    );
    let actions = Section::new("actions", "Actions", Vec::new())
        .note("what the active player does, in order, each card by its id; target: the creature fought or upgraded; targets chosen: ids in the order the abilities choose")
        .groups(
            GroupStyle::Rows,
            (1..=FORM_ACTIONS).map(|i| action_row(f, i)).collect(),
        );
    // Its id is not `decisions`: that is the pins field's (an HTML id each).
    let judge = Section::new(
        "judge",
        "Decisions and rulings",
        vec![
            Field::text("decisions", "Decisions pinned")
                .placeholder("1:2")
                .hint("decision:option pairs, as the log numbers them")
                .width(Width::Wide)
                .from(f),
            Field::new("rulings", "Rulings", Kind::TextArea { rows: 2 })
                .placeholder("1: damage foe 4; amber Bob -1")
                .hint("a line per ruling on an effect the engine leaves to the judge: decision: changes (amber, damage, heal, destroy, exhaust, ready, stun, move card zone)")
                .width(Width::Full)
                .from(f),
        ],
    )
    .note("each left empty takes its default (docs/rules/keyforge.md)")
    .folded();
    Form {
        game: super::cite::GAME,
        title: "Adjudicate a KeyForge turn".into(),
        lede: "Set up both players' battlelines, artifacts and hands, the active house, \
               then the actions of the turn: every step cites the rule that caused it, \
               and any effect beyond the engine's words is a decision for the judge."
            .into(),
        accepts: ACCEPTED_FIELDS.into(),
        sections: vec![
            turn,
            player_section(f, 0),
            player_section(f, 1),
            actions,
            judge,
            form::readings_section::<Interpretations>(f),
        ],
        lists: vec![
            List {
                id: "cards",
                source: Source::Cards { kind: "any" },
            },
            List {
                id: "houses",
                source: Source::Factions,
            },
        ],
        caps: vec![
            ("zone", caps::ZONE as u64),
            ("upgrades", caps::UPGRADES as u64),
            ("actions", caps::ACTIONS as u64),
            ("targets", caps::TARGETS as u64),
            ("stat", caps::STAT as u64),
            ("amber", caps::AMBER as u64),
        ],
        notes: Vec::new(),
    }
}
