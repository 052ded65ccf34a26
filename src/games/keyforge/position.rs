//! Reading a KeyForge position into a [`State`]: every card looked up in a
//! [`CardSource`] or taken inline, its text read by the effect language, every number
//! and name checked, every problem at once with its JSON path
//! (`players[0].battleline[2].power`); and writing a state back ([`to_position`]) with
//! every card where it ended up. The engine never opens the catalogue: the caller passes
//! a [`CardSource`].

use std::collections::BTreeSet;
use std::sync::Arc;

pub use super::format::{
    caps, ActionSpec, CardSpec, Flank, Kind, PlayerSpec, Position, RulingChange, RulingSpec, Verb,
    Zone,
};
use super::state::{Card, Phase, Place, Player, State};
use crate::rules::decision::check_pins;
pub use crate::rules::position::{parse_json, PositionError};

/// A KeyForge card as the engine needs it from the catalogue.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardDef {
    pub name: String,
    /// `creature`, `artifact`, `action`, `upgrade`.
    pub card_type: String,
    /// Its house (the catalogue's faction).
    pub house: String,
    pub power: i32,
    pub armor: i32,
    pub traits: Vec<String>,
    pub text: String,
}

/// Where card names are looked up. The catalogue implements it outside the game.
pub trait CardSource {
    /// The KeyForge card named `name` (folded lookup).
    fn card(&self, name: &str) -> Option<CardDef>;
    /// A close card name, for "did you mean".
    fn suggest(&self, name: &str) -> Option<String>;
}

/// No catalogue: every card is inline.
pub struct NoCards;

impl CardSource for NoCards {
    fn card(&self, _: &str) -> Option<CardDef> {
        None
    }
    fn suggest(&self, _: &str) -> Option<String> {
        None
    }
}

fn check_name(errors: &mut Vec<PositionError>, path: &str, s: &str, cap: usize) {
    if s.chars().count() > cap {
        errors.push(PositionError::at(
            path,
            format!("longer than {cap} characters"),
        ));
    }
}

fn stat(errors: &mut Vec<PositionError>, path: String, v: i32) {
    if !(0..=caps::STAT).contains(&v) {
        errors.push(PositionError::at(path, format!("from 0 to {}", caps::STAT)));
    }
}

/// One card spec as a card, or its errors.
fn card(
    at: &str,
    spec: &CardSpec,
    holder: usize,
    names: &[&str],
    cards: &dyn CardSource,
    errors: &mut Vec<PositionError>,
    place: Option<Place>,
) -> Option<Card> {
    let before = errors.len();
    let field = |f: &str| format!("{at}.{f}");
    // Its owner: the player whose zone holds it, unless it names another.
    let owner = match &spec.owner {
        None => holder,
        Some(o) => match names.iter().position(|n| n == o) {
            Some(i) => i,
            None => {
                errors.push(PositionError::at(
                    field("owner"),
                    format!("no player {o:?}"),
                ));
                holder
            }
        },
    };
    if spec.id.trim().is_empty() {
        errors.push(PositionError::at(
            field("id"),
            "a card needs an id (`mack`)",
        ));
    }
    check_name(errors, &field("id"), &spec.id, caps::NAME);
    let def = match &spec.card {
        Some(name) => {
            check_name(errors, &field("card"), name, caps::NAME);
            match cards.card(name) {
                Some(d) => Some(d),
                None => {
                    let hint = cards
                        .suggest(name)
                        .map(|s| format!("; did you mean `{s}`?"))
                        .unwrap_or_default();
                    errors.push(PositionError::at(
                        field("card"),
                        format!("no KeyForge card `{name}` in the catalogue{hint}"),
                    ));
                    None
                }
            }
        }
        None => None,
    };
    let kind = match (spec.kind, &def) {
        (Some(k), _) => k,
        (None, Some(d)) => match Kind::parse(&d.card_type) {
            Some(k) => k,
            None => {
                errors.push(PositionError::at(
                    field("card"),
                    format!(
                        "{} is a {} card; expected a creature, artifact, action or upgrade",
                        d.name, d.card_type
                    ),
                ));
                Kind::Creature
            }
        },
        (None, None) => Kind::Creature,
    };
    let house = spec.house.clone().or(def.as_ref().map(|d| d.house.clone()));
    let house = match house {
        Some(h) if !h.trim().is_empty() => h,
        _ => {
            errors.push(PositionError::at(
                field("house"),
                "a card needs a house (`Brobnar`), or a catalogue `card`",
            ));
            String::new()
        }
    };
    check_name(errors, &field("house"), &house, caps::NAME);
    let power = spec.power.or(def.as_ref().map(|d| d.power));
    if kind == Kind::Creature && power.is_none() {
        errors.push(PositionError::at(
            field("power"),
            "a creature needs a power (or a catalogue `card`)",
        ));
    }
    let power = power.unwrap_or(0);
    let armor = spec.armor.or(def.as_ref().map(|d| d.armor)).unwrap_or(0);
    for (f, v) in [
        ("power", power),
        ("armor", armor),
        ("damage", spec.damage),
        ("armor_used", spec.armor_used),
        ("amber", spec.amber),
    ] {
        stat(errors, field(f), v);
    }
    let traits = spec
        .traits
        .clone()
        .or(def.as_ref().map(|d| d.traits.clone()))
        .unwrap_or_default();
    if traits.len() > caps::UPGRADES * 2 {
        errors.push(PositionError::at(field("traits"), "at most 12 traits"));
    }
    for (i, t) in traits.iter().enumerate() {
        check_name(errors, &format!("{at}.traits[{i}]"), t, caps::NAME);
    }
    let name = spec
        .name
        .clone()
        .or(def.as_ref().map(|d| d.name.clone()))
        .unwrap_or_else(|| spec.id.clone());
    check_name(errors, &field("name"), &name, caps::NAME);
    let text = spec
        .text
        .clone()
        .or(def.as_ref().map(|d| d.text.clone()))
        .unwrap_or_default();
    check_name(errors, &field("text"), &text, caps::TEXT);
    if place != Some(Place::Battleline) && !spec.upgrades.is_empty() {
        errors.push(PositionError::at(
            field("upgrades"),
            "only a creature in a battleline carries upgrades",
        ));
    }
    if spec.upgrades.len() > caps::UPGRADES {
        errors.push(PositionError::at(
            field("upgrades"),
            format!("at most {} upgrades", caps::UPGRADES),
        ));
        return None;
    }
    let mut upgrades = Vec::new();
    for (i, u) in spec.upgrades.iter().enumerate() {
        let path = format!("{at}.upgrades[{i}]");
        if let Some(c) = card(&path, u, holder, names, cards, errors, None) {
            if c.kind != Kind::Upgrade {
                errors.push(PositionError::at(
                    format!("{path}.type"),
                    format!("{} is a {}, not an upgrade", c.name, c.kind.name()),
                ));
            }
            upgrades.push(c);
        }
    }
    if errors.len() > before {
        return None;
    }
    let abilities = super::effect::read_text(&text, &name);
    Some(Card {
        spec: Arc::new(CardSpec {
            upgrades: Vec::new(),
            ..spec.clone()
        }),
        id: spec.id.clone(),
        name,
        kind,
        house,
        power,
        armor,
        traits,
        bonus: spec.bonus.clone(),
        abilities,
        owner,
        damage: spec.damage,
        armor_used: spec.armor_used,
        exhausted: spec.exhausted,
        stunned: spec.stunned,
        elusive_used: spec.elusive_used,
        amber: spec.amber,
        upgrades,
    })
}

const ZONES: [(Place, &str); 6] = [
    (Place::Hand, "hand"),
    (Place::Discard, "discard"),
    (Place::Archives, "archives"),
    (Place::Deck, "deck"),
    (Place::Battleline, "battleline"),
    (Place::Artifacts, "artifacts"),
];

fn zone_spec(p: &PlayerSpec, place: Place) -> &Vec<CardSpec> {
    match place {
        Place::Hand => &p.hand,
        Place::Discard => &p.discard,
        Place::Archives => &p.archives,
        Place::Deck => &p.deck,
        Place::Battleline => &p.battleline,
        Place::Artifacts => &p.artifacts,
    }
}

fn zone_spec_mut(p: &mut PlayerSpec, place: Place) -> &mut Vec<CardSpec> {
    match place {
        Place::Hand => &mut p.hand,
        Place::Discard => &mut p.discard,
        Place::Archives => &mut p.archives,
        Place::Deck => &mut p.deck,
        Place::Battleline => &mut p.battleline,
        Place::Artifacts => &mut p.artifacts,
    }
}

/// Checks every name and number and builds the starting state; every problem at once.
pub fn resolve(position: &Position, cards: &dyn CardSource) -> Result<State, Vec<PositionError>> {
    let mut errors = Vec::new();
    if position.game != "keyforge" {
        errors.push(PositionError::at(
            "game",
            "a KeyForge position has `\"game\": \"keyforge\"`",
        ));
    }
    if position.players.len() != 2 {
        errors.push(PositionError::at(
            "players",
            format!(
                "a KeyForge position has 2 players, not {}",
                position.players.len()
            ),
        ));
        return Err(errors);
    }
    check_name(&mut errors, "house", &position.house, caps::NAME);
    if position.house.trim().is_empty() {
        errors.push(PositionError::at("house", "the active house (`Brobnar`)"));
    }
    let names: Vec<&str> = position.players.iter().map(|p| p.name.as_str()).collect();
    if names[0] == names[1] {
        errors.push(PositionError::at(
            "players[1].name",
            "the players need different names",
        ));
    }
    let active = match &position.active {
        None => 0,
        Some(a) => match names.iter().position(|n| n == a) {
            Some(i) => i,
            None => {
                errors.push(PositionError::at(
                    "active",
                    format!(
                        "no player {a:?}; the players are {} and {}",
                        names[0], names[1]
                    ),
                ));
                0
            }
        },
    };
    let mut ids: BTreeSet<String> = BTreeSet::new();
    let mut players: Vec<Player> = Vec::new();
    for (pi, spec) in position.players.iter().enumerate() {
        check_name(
            &mut errors,
            &format!("players[{pi}].name"),
            &spec.name,
            caps::NAME,
        );
        if spec.name.trim().is_empty() {
            errors.push(PositionError::at(
                format!("players[{pi}].name"),
                "a player needs a name",
            ));
        }
        for (f, v) in [("amber", spec.amber), ("keys", spec.keys)] {
            if !(0..=caps::AMBER).contains(&v) {
                errors.push(PositionError::at(
                    format!("players[{pi}].{f}"),
                    format!("from 0 to {}", caps::AMBER),
                ));
            }
        }
        let mut player = Player {
            name: spec.name.clone(),
            amber: spec.amber,
            keys: spec.keys,
            hand: Vec::new(),
            discard: Vec::new(),
            archives: Vec::new(),
            deck: Vec::new(),
            battleline: Vec::new(),
            artifacts: Vec::new(),
            power_bonus: 0,
        };
        for (place, zname) in ZONES {
            let list = zone_spec(spec, place);
            if list.len() > caps::ZONE {
                errors.push(PositionError::at(
                    format!("players[{pi}].{zname}"),
                    format!("at most {} cards", caps::ZONE),
                ));
                continue;
            }
            for (ci, cs) in list.iter().enumerate() {
                let at = format!("players[{pi}].{zname}[{ci}]");
                let mut all_ids = vec![(cs.id.clone(), format!("{at}.id"))];
                for (ui, u) in cs.upgrades.iter().enumerate() {
                    all_ids.push((u.id.clone(), format!("{at}.upgrades[{ui}].id")));
                }
                for (id, path) in all_ids {
                    if !ids.insert(id.clone()) {
                        errors.push(PositionError::at(path, format!("id {id:?} is used twice")));
                    }
                }
                if let Some(c) = card(&at, cs, pi, &names, cards, &mut errors, Some(place)) {
                    let fits = match place {
                        Place::Battleline => c.kind == Kind::Creature,
                        Place::Artifacts => c.kind == Kind::Artifact,
                        _ => true,
                    };
                    if place == Place::Battleline && fits && c.damage >= c.power {
                        errors.push(PositionError::at(
                            format!("{at}.damage"),
                            format!(
                                "{} has damage {} and power {}: a creature whose damage reaches its power is destroyed, so it cannot be in play",
                                c.name, c.damage, c.power
                            ),
                        ));
                    }
                    if !fits {
                        errors.push(PositionError::at(
                            format!("{at}.type"),
                            format!(
                                "{} is a {}; the {zname} holds {}",
                                c.name,
                                c.kind.name(),
                                if place == Place::Battleline {
                                    "creatures"
                                } else {
                                    "artifacts"
                                }
                            ),
                        ));
                    }
                    player.zone_mut(place).push(c);
                }
            }
        }
        players.push(player);
    }
    if position.actions.len() > caps::ACTIONS {
        errors.push(PositionError::at(
            "actions",
            format!("at most {} actions", caps::ACTIONS),
        ));
    }
    for (i, a) in position.actions.iter().enumerate() {
        let known = |id: &str| ids.contains(id);
        // An id not in the position: "did you mean" the closest one (issue #31).
        let unknown = |id: &str| {
            let hint = crate::text::closest(id, ids.iter().map(String::as_str), 1)
                .first()
                .map(|s| format!("; did you mean {s:?}?"))
                .unwrap_or_default();
            format!("no card {id:?} in the position{hint}")
        };
        let list =
            |ids: &BTreeSet<String>| ids.iter().take(12).cloned().collect::<Vec<_>>().join(", ");
        if !known(&a.card) {
            errors.push(PositionError::at(
                format!("actions[{i}].card"),
                format!(
                    "no card {:?} in the position; its cards include {}",
                    a.card,
                    list(&ids)
                ),
            ));
        }
        if let Some(t) = &a.target {
            if !known(t) {
                errors.push(PositionError::at(
                    format!("actions[{i}].target"),
                    unknown(t),
                ));
            }
        }
        if a.targets.len() > caps::TARGETS {
            errors.push(PositionError::at(
                format!("actions[{i}].targets"),
                format!("at most {} targets", caps::TARGETS),
            ));
        }
        for (j, t) in a.targets.iter().enumerate() {
            if !known(t) {
                errors.push(PositionError::at(
                    format!("actions[{i}].targets[{j}]"),
                    unknown(t),
                ));
            }
        }
        if a.zone.is_some() && !matches!(a.verb, Verb::PlayFrom | Verb::PutIntoPlay) {
            errors.push(PositionError::at(
                format!("actions[{i}].zone"),
                "only `play_from` and `put_into_play` take a zone",
            ));
        }
        if a.verb == Verb::PlayFrom && a.zone.is_none() {
            errors.push(PositionError::at(
                format!("actions[{i}].zone"),
                "`play_from` names the zone: `discard`, `archives` or `deck`",
            ));
        }
        if a.verb == Verb::PlayFrom && a.zone == Some(Zone::Hand) {
            errors.push(PositionError::at(
                format!("actions[{i}].zone"),
                "a card played from hand is `play`; `play_from` is a source other than hand",
            ));
        }
    }
    if position.decisions.len() > caps::PINS || position.rulings.len() > caps::PINS {
        errors.push(PositionError::at(
            "decisions",
            format!("at most {} pins", caps::PINS),
        ));
    }
    errors.extend(check_pins(&position.decisions));
    let mut rulings = Vec::new();
    for (i, r) in position.rulings.iter().enumerate() {
        if r.decision == 0 {
            errors.push(PositionError::at(
                format!("rulings[{i}].decision"),
                "decisions are numbered from 1",
            ));
        }
        if position.rulings[..i]
            .iter()
            .any(|o| o.decision == r.decision)
        {
            errors.push(PositionError::at(
                format!("rulings[{i}].decision"),
                format!("decision {} has two rulings", r.decision),
            ));
        }
        if r.changes.len() > caps::PINS {
            errors.push(PositionError::at(
                format!("rulings[{i}].changes"),
                format!("at most {} changes", caps::PINS),
            ));
        }
        for (j, c) in r.changes.iter().enumerate() {
            let at = format!("rulings[{i}].changes[{j}]");
            match c {
                RulingChange::Amber { player, by } => {
                    if !names.contains(&player.as_str()) {
                        errors.push(PositionError::at(
                            format!("{at}.player"),
                            format!("no player {player:?}"),
                        ));
                    }
                    if by.abs() > caps::AMBER {
                        errors.push(PositionError::at(
                            format!("{at}.by"),
                            format!("from -{0} to {0}", caps::AMBER),
                        ));
                    }
                }
                RulingChange::Damage { card, amount } | RulingChange::Heal { card, amount } => {
                    if !ids.contains(card) {
                        errors.push(PositionError::at(
                            format!("{at}.card"),
                            format!("no card {card:?}"),
                        ));
                    }
                    if !(0..=caps::STAT).contains(amount) {
                        errors.push(PositionError::at(
                            format!("{at}.amount"),
                            format!("from 0 to {}", caps::STAT),
                        ));
                    }
                }
                RulingChange::Destroy { card }
                | RulingChange::Exhaust { card }
                | RulingChange::Ready { card }
                | RulingChange::Stun { card }
                | RulingChange::Move { card, .. } => {
                    if !ids.contains(card) {
                        errors.push(PositionError::at(
                            format!("{at}.card"),
                            format!("no card {card:?}"),
                        ));
                    }
                }
            }
        }
        rulings.push((r.decision, r.changes.clone()));
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let Ok(players): Result<[Player; 2], _> = players.try_into() else {
        return Err(vec![PositionError::at(
            "players",
            "a KeyForge position has 2 players",
        )]);
    };
    Ok(State {
        position: Arc::new(position.clone()),
        players,
        active,
        house: position.house.clone(),
        actions: Arc::new(position.actions.clone()),
        next: 0,
        decision_pins: Arc::new(position.decisions.clone()),
        rulings: Arc::new(rulings),
        readings: position.interpretations,
        on_rejection: position.on_rejection,
        started: false,
        phase: Phase::Start,
        steps: 0,
        decisions: 0,
        rejected: Vec::new(),
        looked: Vec::new(),
        outcome: None,
    })
}

/// A card written back as a spec, with its state as it stands.
fn spec_of(c: &Card) -> CardSpec {
    let mut s = (*c.spec).clone();
    s.damage = c.damage;
    s.armor_used = c.armor_used;
    s.exhausted = c.exhausted;
    s.stunned = c.stunned;
    s.elusive_used = c.elusive_used;
    s.amber = c.amber;
    s.upgrades = c.upgrades.iter().map(spec_of).collect();
    s
}

/// The state written back as a position: every card in the zone it ended up in, with
/// its damage, exhaustion and statuses, and each player's Æmber.
pub fn to_position(st: &State) -> Position {
    let mut p = (*st.position).clone();
    for (spec, player) in p.players.iter_mut().zip(&st.players) {
        spec.amber = player.amber;
        spec.keys = player.keys;
        for (place, _) in ZONES {
            let specs: Vec<CardSpec> = player
                .zone(place)
                .iter()
                .map(|c| {
                    let mut s = spec_of(c);
                    // Who owns it, when it is not the player holding it.
                    let owner = &st.players[c.owner.min(1)].name;
                    s.owner = (owner != &player.name).then(|| owner.clone());
                    s
                })
                .collect();
            *zone_spec_mut(spec, place) = specs;
        }
    }
    p
}
