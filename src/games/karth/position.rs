//! Resolving a Karth position: every card name checked against the inline `cards` and a
//! [`CardSource`] (the catalogue, outside the game), every unit's card read in, every
//! space's owner set (house rule K6), every id, player and space the actions name
//! checked; every problem at once, each at its JSON path. [`to_position`] writes a state
//! back with the actions not yet judged.
//!
//! This file owns the checks of the input, not the rules of play: an action that names
//! real things but breaks a rule is judged (rejected) by `actions/`, not refused here.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

pub use super::format::{
    caps, Action, Allegiance, BoardSpec, CardSpec, CardType, Cell, CellSpec, Counters, ItemSpec,
    Origin, PlayerSpec, Position, SideCard, UnitSpec,
};
pub use super::state::CardDef;
use super::state::State;
pub use crate::rules::position::{parse_json, PositionError};
use crate::text::fold;

/// Where card names are looked up. The catalogue implements it outside the game.
pub trait CardSource {
    /// The Heroes of Karth card named `name` (folded lookup).
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

fn inline(c: &CardSpec) -> CardDef {
    CardDef {
        name: c.name.clone(),
        kind: c.kind,
        value: c.value,
        class: c.class.clone(),
        classes: c.classes.clone(),
        traits: c.traits.clone(),
        abilities: c.abilities.clone(),
        text: c.text.clone(),
        dual_wield: c.dual_wield,
        side: c.side,
    }
}

struct Check<'a> {
    errors: Vec<PositionError>,
    cards: BTreeMap<String, CardDef>,
    source: &'a dyn CardSource,
}

impl Check<'_> {
    fn err(&mut self, path: impl Into<String>, msg: impl Into<String>) {
        self.errors.push(PositionError::at(path, msg));
    }
    fn name(&mut self, path: &str, s: &str) {
        if s.chars().count() > caps::NAME {
            self.err(path, format!("longer than {} characters", caps::NAME));
        } else if s.trim().is_empty() {
            self.err(path, "a name is needed here, not an empty string");
        }
    }
    /// The card named `name`, looked up once; an error at `path` when unknown.
    fn card(&mut self, path: &str, name: &str) -> Option<CardDef> {
        self.name(path, name);
        let key = fold(name);
        if let Some(c) = self.cards.get(&key) {
            return Some(c.clone());
        }
        match self.source.card(name) {
            Some(c) => {
                self.cards.insert(key, c.clone());
                Some(c)
            }
            None => {
                let hint = self
                    .source
                    .suggest(name)
                    .map(|s| format!("; did you mean `{s}`?"))
                    .unwrap_or_default();
                self.err(
                    path,
                    format!("no Heroes of Karth card `{name}` (define it under `cards`){hint}"),
                );
                None
            }
        }
    }
    fn kind(&mut self, path: &str, name: &str, ok: &[CardType], what: &str) {
        if let Some(c) = self.card(path, name) {
            if !ok.contains(&c.kind) {
                self.err(
                    path,
                    format!("{} is a {} card, not {what}", c.name, c.kind.as_str()),
                );
            }
        }
    }
    fn pile(&mut self, path: &str, list: &[String]) {
        if list.len() > caps::PILE {
            self.err(path, format!("at most {} cards", caps::PILE));
            return;
        }
        for (i, n) in list.iter().enumerate() {
            self.card(&format!("{path}[{i}]"), n);
        }
    }
    fn number(&mut self, path: &str, n: u32) {
        if n > caps::NUMBER {
            self.err(path, format!("at most {}", caps::NUMBER));
        }
    }
}

/// Checks every name, space and number and builds the starting state; every problem at
/// once.
pub fn resolve(position: &Position, cards: &dyn CardSource) -> Result<State, Vec<PositionError>> {
    let mut c = Check {
        errors: Vec::new(),
        cards: BTreeMap::new(),
        source: cards,
    };
    let mut p = position.clone();
    if p.game != "karth" {
        c.err(
            "game",
            "a Heroes of Karth position has `\"game\": \"karth\"`",
        );
    }
    if p.turn == 0 || p.turn > caps::NUMBER {
        c.err("turn", format!("the turn is from 1 to {}", caps::NUMBER));
    }
    // Inline cards first: they answer before the catalogue.
    if p.cards.len() > caps::CARDS {
        c.err("cards", format!("at most {} inline cards", caps::CARDS));
        return Err(c.errors);
    }
    for (i, spec) in p.cards.iter().enumerate() {
        c.name(&format!("cards[{i}].name"), &spec.name);
        if spec.text.chars().count() > caps::TEXT {
            c.err(
                format!("cards[{i}].text"),
                format!("at most {} characters", caps::TEXT),
            );
        }
        c.number(&format!("cards[{i}].value"), spec.value);
        if c.cards.insert(fold(&spec.name), inline(spec)).is_some() {
            c.err(
                format!("cards[{i}].name"),
                format!("{} is defined twice", spec.name),
            );
        }
    }
    // Players.
    if p.players.len() != 2 {
        c.err(
            "players",
            format!("a 1-against-1 game has 2 players, not {}", p.players.len()),
        );
        return Err(c.errors);
    }
    let names: Vec<String> = p.players.iter().map(|pl| pl.name.clone()).collect();
    if names[0] == names[1] {
        c.err("players[1].name", "the two players need different names");
    }
    if !names.contains(&p.active) {
        c.err(
            "active",
            format!(
                "no player {:?}; the players are {}",
                p.active,
                names.join(", ")
            ),
        );
    }
    // Turns alternate, the first player's odd: the player to play is the turn's.
    if p.turn >= 1 && names.contains(&p.active) {
        let owner = &names[usize::from(p.turn.is_multiple_of(2))];
        if owner != &p.active {
            c.err(
                "active",
                format!(
                    "turn {} is {owner}'s, not {}'s: turns alternate and turn 1 is the first player's ({})",
                    p.turn, p.active, names[0]
                ),
            );
        }
    }
    let player_ok = |c: &mut Check, path: &str, n: &str| {
        if !names.iter().any(|x| x == n) {
            c.err(
                path,
                format!("no player {n:?}; the players are {}", names.join(", ")),
            );
        }
    };
    for (i, pl) in p.players.iter().enumerate() {
        let at = |f: &str| format!("players[{i}].{f}");
        c.name(&at("name"), &pl.name);
        c.number(&at("gold"), pl.gold);
        c.pile(&at("hand"), &pl.hand);
        c.pile(&at("deck"), &pl.deck);
        c.pile(&at("discard"), &pl.discard);
        c.pile(&at("cemetery"), &pl.cemetery);
        if pl.tokens.len() <= caps::PILE {
            for (j, t) in pl.tokens.iter().enumerate() {
                c.kind(
                    &format!("players[{i}].tokens[{j}]"),
                    t,
                    &[CardType::Token],
                    "a token",
                );
            }
        } else {
            c.err(at("tokens"), format!("at most {} cards", caps::PILE));
        }
        if pl.side.len() > caps::PILE {
            c.err(at("side"), format!("at most {} cards", caps::PILE));
        } else {
            for (j, s) in pl.side.iter().enumerate() {
                c.kind(
                    &format!("players[{i}].side[{j}].card"),
                    &s.card,
                    &[CardType::Mercenary, CardType::Animal],
                    "a mercenary or an animal (only they go off to the side: 5.3.1, 5.4.1)",
                );
                if s.placed == 0 || s.placed > p.turn {
                    c.err(
                        format!("players[{i}].side[{j}].placed"),
                        format!("placed on a turn from 1 to the turn now ({})", p.turn),
                    );
                }
            }
        }
    }
    // The board.
    let rows = p.board.rows.len();
    let cols = p.board.rows.first().map_or(0, Vec::len);
    if rows == 0 || cols == 0 || rows > caps::ROWS || cols > caps::COLS {
        c.err(
            "board.rows",
            format!(
                "the board has 1 to {} rows of 1 to {} spaces (a 1-against-1 board is 6 rows of 5)",
                caps::ROWS,
                caps::COLS
            ),
        );
        return Err(c.errors);
    }
    for (r, row) in p.board.rows.iter_mut().enumerate() {
        if row.len() != cols {
            c.err(
                format!("board.rows[{r}]"),
                format!(
                    "{} spaces; every row has {cols}, as the first does",
                    row.len()
                ),
            );
        }
        for (k, cell) in row.iter_mut().enumerate() {
            let path = format!("board.rows[{r}][{k}]");
            c.name(&format!("{path}.terrain"), &cell.terrain);
            match &cell.owner {
                Some(o) => player_ok(&mut c, &format!("{path}.owner"), o),
                // House rule K6: the top half was laid by the first player.
                None => cell.owner = Some(names[usize::from(r >= rows / 2)].clone()),
            }
        }
    }
    let on_board =
        |at: Cell| at[0] >= 1 && at[1] >= 1 && at[0] as usize <= rows && at[1] as usize <= cols;
    let cell_ok = |c: &mut Check, path: &str, at: Cell| {
        if !on_board(at) {
            c.err(
                path,
                format!(
                    "space [{}, {}] is off the board; rows are 1 to {rows}, columns 1 to {cols}",
                    at[0], at[1]
                ),
            );
        }
    };
    // Units.
    if p.units.len() > caps::UNITS {
        c.err("units", format!("at most {} units", caps::UNITS));
        return Err(c.errors);
    }
    let mut seen_at: BTreeMap<Cell, String> = BTreeMap::new();
    let mut heroes: BTreeSet<(String, String)> = BTreeSet::new();
    for i in 0..p.units.len() {
        let before = p.units[..i]
            .iter()
            .map(|u| u.id.clone())
            .collect::<Vec<_>>();
        let u = &mut p.units[i];
        let at = |f: &str| format!("units[{i}].{f}");
        c.name(&at("id"), &u.id);
        if before.contains(&u.id) {
            c.err(at("id"), format!("id {:?} is used twice", u.id));
        }
        player_ok(&mut c, &at("owner"), &u.owner);
        cell_ok(&mut c, &at("at"), u.at);
        if let Some(other) = seen_at.insert(u.at, u.id.clone()) {
            c.err(
                at("at"),
                format!("{other} already stands on [{}, {}]", u.at[0], u.at[1]),
            );
        }
        let def = match u.card.clone() {
            Some(name) => c.card(&at("card"), &name),
            None => None,
        };
        fill_unit(u, def.as_ref());
        match u.kind {
            // An unknown card is the error already.
            None if u.card.is_some() => {}
            None => c.err(
                at("type"),
                "a unit needs a `type` (hero, unit, mercenary, animal or token) or a `card`",
            ),
            Some(k) if !k.is_unit() => c.err(
                at("type"),
                format!("a {} card does not stand on the battlefield", k.as_str()),
            ),
            Some(CardType::Hero) => {
                let key = (u.owner.clone(), fold(u.card.as_deref().unwrap_or(&u.id)));
                if u.card.is_some() && !heroes.insert(key) {
                    c.err(
                        at("card"),
                        format!(
                            "{} has two {} on the Battlefield ({})",
                            u.owner,
                            u.card.as_deref().unwrap_or_default(),
                            match def.as_ref().and_then(|d| d.side) {
                                Some(_) => "5.1.2: \"A Player cannot have two of the same … Hero on the Battlefield.\"",
                                None => "house rule K13: \"A Neutral hero is held to 5.1.2 as an Allegiance or Shard hero is: a player cannot have two of the same one on the Battlefield.\"",
                            }
                        ),
                    );
                }
            }
            Some(_) => {}
        }
        for (n, v) in [("mv", u.mv), ("range", u.range)] {
            if v.is_some_and(|v| v > caps::MV) {
                c.err(at(n), format!("at most {}", caps::MV));
            }
        }
        c.number(&at("damage"), u.damage);
        for (f, list) in [
            ("traits", u.traits.as_deref().unwrap_or_default()),
            ("abilities", u.abilities.as_deref().unwrap_or_default()),
            ("permits", &u.permits[..]),
            ("summons", &u.summons[..]),
        ] {
            if list.len() > caps::LIST {
                c.err(at(f), format!("at most {}", caps::LIST));
            }
        }
        let permits = u.permits.clone();
        for (j, pm) in permits.iter().enumerate() {
            let ok = matches!(
                pm.as_str(),
                "direct_mercenary" | "direct_animal" | "move_when_hired"
            ) || pm
                .strip_prefix("move_when_hired:")
                .is_some_and(|cl| !cl.trim().is_empty());
            if !ok {
                c.err(
                    format!("units[{i}].permits[{j}]"),
                    format!("unknown permit {pm:?}; expected `move_when_hired`, `move_when_hired:CLASS`, `direct_mercenary` or `direct_animal`"),
                );
            }
        }
        let summons = u.summons.clone();
        for (j, t) in summons.iter().enumerate() {
            c.kind(
                &format!("units[{i}].summons[{j}]"),
                t,
                &[CardType::Token],
                "a token",
            );
        }
        if u.items.len() > caps::LIST {
            c.err(at("items"), format!("at most {}", caps::LIST));
        }
        let items = u.items.clone();
        for (j, it) in items.iter().enumerate() {
            c.kind(
                &format!("units[{i}].items[{j}].card"),
                &it.card,
                &[CardType::Item],
                "an item",
            );
            if let Some(from) = &it.snatched_from {
                player_ok(
                    &mut c,
                    &format!("units[{i}].items[{j}].snatched_from"),
                    from,
                );
            }
        }
        if let Some(t) = u.hired_turn {
            if t == 0 || t > p.turn {
                c.err(
                    at("hired_turn"),
                    format!("a turn from 1 to the turn now ({})", p.turn),
                );
            }
        }
    }
    // Actions: the names, players and spaces they refer to.
    if p.actions.len() > caps::ACTIONS {
        c.err("actions", format!("at most {} actions", caps::ACTIONS));
        return Err(c.errors);
    }
    let mut ids: BTreeSet<String> = p.units.iter().map(|u| u.id.clone()).collect();
    let mut bases: BTreeSet<String> = BTreeSet::new();
    for (i, a) in p.actions.iter().enumerate() {
        let path = |f: &str| format!("actions[{i}].{f}");
        if let Some(pl) = a.player() {
            player_ok(&mut c, &path("player"), pl);
        }
        let known = |id: &str, ids: &BTreeSet<String>, bases: &BTreeSet<String>| {
            ids.contains(id)
                || bases.contains(id)
                || id
                    .rsplit_once(' ')
                    .is_some_and(|(b, n)| bases.contains(b) && n.parse::<u32>().is_ok())
        };
        let unit_ok = |c: &mut Check, f: &str, id: &str| {
            if !known(id, &ids, &bases) {
                let all: Vec<&str> = ids.iter().map(String::as_str).collect();
                c.err(
                    path(f),
                    format!(
                        "no unit {id:?} (by then); the units are {}",
                        if all.is_empty() {
                            "none".to_string()
                        } else {
                            all.join(", ")
                        }
                    ),
                );
            }
        };
        let mut created: Vec<(String, Option<String>)> = Vec::new();
        let mut new_unit =
            |card: &str, id: &Option<String>| created.push((card.to_string(), id.clone()));
        match a {
            Action::Hire { card, at, id, .. } => {
                c.card(&path("card"), card);
                cell_ok(&mut c, &path("at"), *at);
                new_unit(card, id);
            }
            Action::ToSide { card, .. } | Action::PlayIncome { card, .. } => {
                c.card(&path("card"), card);
            }
            Action::BringIn {
                card, at, by, id, ..
            } => {
                c.card(&path("card"), card);
                cell_ok(&mut c, &path("at"), *at);
                if let Some(b) = by {
                    unit_ok(&mut c, "by", b);
                }
                new_unit(card, id);
            }
            Action::CallPet {
                card, by, at, id, ..
            } => {
                c.card(&path("card"), card);
                unit_ok(&mut c, "by", by);
                cell_ok(&mut c, &path("at"), *at);
                new_unit(card, id);
            }
            Action::Move {
                unit, path: cells, ..
            } => {
                unit_ok(&mut c, "unit", unit);
                if cells.is_empty() || cells.len() > caps::PATH {
                    c.err(
                        path("path"),
                        format!(
                            "a path is 1 to {} spaces, the spaces entered in order",
                            caps::PATH
                        ),
                    );
                }
                for (j, s) in cells.iter().enumerate() {
                    cell_ok(&mut c, &format!("actions[{i}].path[{j}]"), *s);
                }
            }
            Action::Teleport { unit, to, .. } => {
                unit_ok(&mut c, "unit", unit);
                cell_ok(&mut c, &path("to"), *to);
            }
            Action::Equip { unit, item, .. }
            | Action::Unequip { unit, item, .. }
            | Action::UseItem { unit, item, .. } => {
                unit_ok(&mut c, "unit", unit);
                c.card(&path("item"), item);
            }
            Action::Dies { unit, pay } => {
                unit_ok(&mut c, "unit", unit);
                for (j, n) in pay.iter().enumerate() {
                    c.card(&format!("actions[{i}].pay[{j}]"), n);
                }
            }
            Action::Snatch {
                unit, from, item, ..
            } => {
                unit_ok(&mut c, "unit", unit);
                unit_ok(&mut c, "from", from);
                c.card(&path("item"), item);
            }
            Action::Cast {
                card,
                caster,
                target,
                ..
            } => {
                c.card(&path("card"), card);
                if let Some(u) = caster {
                    unit_ok(&mut c, "caster", u);
                }
                if let Some(u) = target {
                    unit_ok(&mut c, "target", u);
                }
            }
            Action::SummonToken {
                card, by, at, id, ..
            } => {
                c.card(&path("card"), card);
                unit_ok(&mut c, "by", by);
                if let Some(at) = at {
                    cell_ok(&mut c, &path("at"), *at);
                    new_unit(card, id);
                }
            }
            Action::Scribe { unit, card, .. } => {
                unit_ok(&mut c, "unit", unit);
                c.card(&path("card"), card);
            }
            Action::Attack { unit, target, .. } => {
                unit_ok(&mut c, "unit", unit);
                unit_ok(&mut c, "target", target);
            }
            Action::EndTurn { .. } => {}
        }
        for (card, id) in created {
            match id {
                Some(id) => {
                    ids.insert(id);
                }
                None => {
                    bases.insert(card);
                }
            }
        }
    }
    // A moving unit needs its MV: the catalogue does not print it.
    for (i, a) in p.actions.iter().enumerate() {
        if let Action::Move { unit, .. } = a {
            if let Some(u) = p.units.iter().find(|u| &u.id == unit) {
                let text_mv = u
                    .card
                    .as_deref()
                    .and_then(|n| c.cards.get(&fold(n)))
                    .and_then(|d| crate::grammar::karth::move_text(&d.text).mv);
                if u.mv.is_none() && text_mv.is_none() {
                    c.err(
                        format!("actions[{i}].unit"),
                        format!("{unit} has no `mv` and its card's text does not say how far it moves: give the unit its MV to judge a move"),
                    );
                }
            }
        }
    }
    if !c.errors.is_empty() {
        return Err(c.errors);
    }
    Ok(State {
        position: p,
        cards: Arc::new(c.cards),
        next: 0,
        steps: 0,
        accepted: 0,
        rejected: 0,
        stopped: false,
        last_path: Vec::new(),
        last_rejected: None,
        last_note: None,
        last_verb: None,
    })
}

/// Reads `def` into `u` where `u` leaves a field open.
pub fn fill_unit(u: &mut UnitSpec, def: Option<&CardDef>) {
    let Some(d) = def else { return };
    u.kind = u.kind.or(Some(d.kind));
    if u.class.is_none() {
        u.class = d.class.clone();
    }
    if u.traits.is_none() {
        u.traits = Some(d.traits.clone());
    }
    if u.abilities.is_none() {
        u.abilities = Some(d.abilities.clone());
    }
    if u.dual_wield.is_none() {
        u.dual_wield = Some(d.dual_wield);
    }
    if u.permits.is_empty() {
        if let Some(class) = crate::grammar::karth::hired_may_move(&d.text) {
            u.permits.push(format!("move_when_hired:{class}"));
        }
    }
}

/// The state written back as a position: the board, units and players as they stand,
/// and the actions not yet judged.
pub fn to_position(st: &State) -> Position {
    let mut p = st.position.clone();
    p.actions = p.actions.split_off(st.next.min(p.actions.len()));
    p.judged += st.next;
    p
}
