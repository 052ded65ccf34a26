//! Fields → position: [`to_position`] and the parsers of its cards, players, actions, decisions and rulings.

use super::super::format::{
    ActionSpec, CardSpec, Flank, Kind as CardKind, PlayerSpec, Position, RulingSpec, Verb,
};
use super::super::interpret::Interpretations;
use super::syntax::FROM_ZONES;
use super::syntax::{changes, icons};
use super::{
    action_key, card_id, card_key, card_label, card_rows, player_label, zone_of, FORM_ACTIONS,
};
use crate::rules::decision::DecisionPin;
use crate::rules::form::{self, list, number, FieldError, FormFields};

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
        id: card_id(f, p, n),
        card: form::optional(f.get(&key("card"))),
        name: form::optional(f.get(&key("name"))),
        kind,
        house: form::optional(f.get(&key("house"))),
        power: number(f, &key("power"), &label("power"), errors),
        armor: number(f, &key("armor"), &label("armor"), errors),
        traits: (!traits.is_empty()).then(|| list(traits)),
        // One ability per line, whichever line ends the browser posts.
        text: (!text.is_empty()).then(|| text.replace("\r\n", "\n")),
        bonus: icons(f.get(&key("bonus"))).unwrap_or_else(|e| {
            errors.push(FieldError::at(
                key("bonus"),
                format!("{}: {e}", label("bonus icons")),
            ));
            Vec::new()
        }),
        owner: form::optional(f.get(&key("owner"))),
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
pub(super) fn action_rows(f: &FormFields) -> Vec<usize> {
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
    // `opponent_discard`: the opponent's zone (`from_opponent`).
    let (from_opponent, zone_name) = match f.get(&key("zone")).strip_prefix("opponent_") {
        Some(rest) => (true, rest),
        None => (false, f.get(&key("zone"))),
    };
    let zone = match zone_name {
        "" => None,
        v => match FROM_ZONES.iter().find(|z| z.name() == v) {
            Some(&z) => Some(z),
            None => {
                errors.push(FieldError::at(
                    key("zone"),
                    format!("Action {i}, from: {v:?} is not hand, discard, archives or deck (or opponent_ and one of them)"),
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
        target: form::optional(f.get(&key("target"))),
        flank,
        zone,
        from_opponent,
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

/// The rulings field: a line each, `decision: change; change` (the changes read by
/// [`changes`], every problem at its column of the line).
fn rulings(f: &FormFields, errors: &mut Vec<FieldError>) -> Vec<RulingSpec> {
    let mut out = Vec::new();
    let lines = f.get("rulings").lines().filter(|l| !l.trim().is_empty());
    for (i, line) in lines.enumerate() {
        let at = |m: String| FieldError::at("rulings", format!("Rulings, line {}: {m}", i + 1));
        let Some((d, rest)) = line.split_once(':') else {
            errors.push(at(format!(
                "{:?} is not decision: changes (for example 1: damage foe 4; amber Bob -1)",
                line.trim()
            )));
            continue;
        };
        let Ok(decision) = d.trim().parse::<u32>() else {
            errors.push(at(format!("{:?} is not a decision number", d.trim())));
            continue;
        };
        match changes(rest, d.chars().count() + 1) {
            Ok(list) => out.push(RulingSpec {
                decision,
                changes: list.into_iter().map(|l| l.change).collect(),
            }),
            Err(list) => errors.extend(list.into_iter().map(|e| at(e.to_string()))),
        }
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
    let on_rejection = form::read_on_rejection(f, &mut errors);
    let position = Position {
        game: super::super::cite::GAME.into(),
        players,
        active: form::optional(f.get("active")),
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
