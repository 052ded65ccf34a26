//! The changes judging an action makes ([`Change`]), the one function that applies them
//! to the state ([`apply`]), [`emit`] (apply, then record with its rule) and the log's
//! sentence for each ([`describe`]). Rule code in `actions/` decides; only [`apply`]
//! changes the state, so replaying a log's changes reproduces the board.

use serde::Serialize;

use super::format::{Cell, ItemSpec, Origin, UnitSpec};
use super::state::{at, State};
use crate::rules::{Rejected, Rule};

/// One event.
pub type Event = crate::rules::Event<Change>;

/// Where an item goes when its unit dies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Pile {
    Hand,
    Discard,
}

/// One structured change, or a finding that changes nothing (an action accepted, an
/// attack found legal).
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Change {
    /// The action is legal; the changes that follow carry it out.
    Accepted {
        /// 1-based.
        action: usize,
        proposed: String,
    },
    Rejected(Rejected),
    /// A unit (or hero) hired from the hand onto a space.
    Hired {
        player: String,
        card: String,
        unit: Box<UnitSpec>,
        cost: u32,
    },
    /// A mercenary or animal played off to the side.
    ToSide {
        player: String,
        card: String,
        turn: u32,
    },
    /// A card drawn ("Draw another card"); `None` when the deck is empty.
    Drew {
        player: String,
        card: Option<String>,
    },
    /// A mercenary or animal brought onto the field.
    BroughtIn {
        player: String,
        card: String,
        unit: Box<UnitSpec>,
        cost: u32,
        from: Origin,
        /// Whether it counts toward the one-a-turn limit (5.3.8, 5.4.8).
        counts: bool,
    },
    Moved {
        unit: String,
        from: Cell,
        path: Vec<Cell>,
        spent: u32,
    },
    Teleported {
        unit: String,
        from: Cell,
        to: Cell,
    },
    /// A move stopped short of its path: the space that stopped it, what stopped it (a
    /// terrain's name, or `teleporting`), and the steps beyond, not taken.
    Stopped {
        unit: String,
        at: Cell,
        by: String,
        refused: Vec<Cell>,
    },
    /// The SE of an ability a unit uses: waived by a Mana Pool (5.10.7), or left to the
    /// judge (house rule K19).
    AbilitySe {
        unit: String,
        ability: String,
        waived: bool,
    },
    /// Equipped items go with their unit.
    ItemsMoved {
        unit: String,
        items: Vec<String>,
    },
    GainGold {
        player: String,
        unit: String,
        gold: u32,
    },
    /// A unit on a Mana Pool may use one ability without expending SE.
    FreeAbility {
        unit: String,
    },
    /// A unit ends its move on terrain without modifiers.
    NoModifier {
        unit: String,
        terrain: String,
    },
    Equipped {
        player: String,
        unit: String,
        item: String,
        hidden: bool,
    },
    Unequipped {
        player: String,
        unit: String,
        item: String,
    },
    /// The item just equipped to a hidden unit need not be revealed (5.7.4).
    ItemNotRevealed {
        player: String,
        unit: String,
    },
    ItemUsed {
        unit: String,
        item: String,
    },
    Died {
        unit: String,
        owner: String,
        card: String,
        token: bool,
    },
    /// An item of a dead unit goes to a player's hand (paid for) or discard pile.
    ItemGone {
        item: String,
        player: String,
        to: Pile,
        paid: u32,
        snatched: bool,
    },
    Snatched {
        unit: String,
        from: String,
        item: String,
        /// The player it was taken from.
        owner: String,
    },
    Income {
        player: String,
        card: String,
        gold: u32,
    },
    Cast {
        player: String,
        card: String,
        caster: Option<String>,
    },
    Bless {
        target: Option<String>,
    },
    DoubleProduction {
        player: String,
    },
    TokenSummoned {
        player: String,
        card: String,
        /// The token as a unit; `None` when summoned as a spell.
        unit: Option<Box<UnitSpec>>,
    },
    Scribed {
        player: String,
        unit: String,
        card: String,
    },
    AttackAllowed {
        unit: String,
        target: String,
    },
    TurnEnded {
        turn: u32,
        next: String,
    },
}

fn take(list: &mut Vec<String>, card: &str) -> bool {
    match list
        .iter()
        .position(|c| crate::text::fold(c) == crate::text::fold(card))
    {
        Some(i) => {
            list.remove(i);
            true
        }
        None => false,
    }
}

/// Applies `change` to `st`: the only place the state changes for a change.
pub fn apply(st: &mut State, change: &Change) {
    let pi = |st: &State, name: &str| st.player_index(name);
    match change {
        Change::Accepted { .. } => st.accepted += 1,
        Change::Rejected(_) => st.rejected += 1,
        Change::Hired {
            player,
            card,
            unit,
            cost,
            ..
        } => {
            if let Some(i) = pi(st, player) {
                let pl = &mut st.position.players[i];
                take(&mut pl.hand, card);
                pl.gold = pl.gold.saturating_sub(*cost);
            }
            st.position.units.push((**unit).clone());
        }
        Change::ToSide { player, card, turn } => {
            if let Some(i) = pi(st, player) {
                let animal = st
                    .card(card)
                    .is_some_and(|c| c.kind == super::format::CardType::Animal);
                let pl = &mut st.position.players[i];
                take(&mut pl.hand, card);
                pl.side.push(super::format::SideCard {
                    card: card.clone(),
                    placed: *turn,
                });
                if animal {
                    pl.this_turn.side_animals += 1;
                } else {
                    pl.this_turn.side_mercenaries += 1;
                }
            }
        }
        Change::Drew { player, card } => {
            if let (Some(i), Some(card)) = (pi(st, player), card) {
                let pl = &mut st.position.players[i];
                if take(&mut pl.deck, card) {
                    pl.hand.push(card.clone());
                }
            }
        }
        Change::BroughtIn {
            player,
            card,
            unit,
            cost,
            from,
            counts,
        } => {
            let animal = unit.kind == Some(super::format::CardType::Animal);
            if let Some(i) = pi(st, player) {
                let pl = &mut st.position.players[i];
                match from {
                    Origin::Hand => {
                        take(&mut pl.hand, card);
                    }
                    Origin::Side => {
                        if let Some(j) = pl
                            .side
                            .iter()
                            .position(|s| crate::text::fold(&s.card) == crate::text::fold(card))
                        {
                            pl.side.remove(j);
                        }
                    }
                }
                pl.gold = pl.gold.saturating_sub(*cost);
                if *counts {
                    if animal {
                        pl.this_turn.field_animals += 1;
                    } else {
                        pl.this_turn.field_mercenaries += 1;
                    }
                }
            }
            st.position.units.push((**unit).clone());
        }
        Change::Moved { unit, path, .. } => {
            if let Some(i) = st.unit_index(unit) {
                let u = &mut st.position.units[i];
                if let Some(last) = path.last() {
                    u.at = *last;
                }
                u.moved = true;
            }
        }
        Change::Teleported { unit, to, .. } => {
            if let Some(i) = st.unit_index(unit) {
                st.position.units[i].at = *to;
                st.position.units[i].moved = true;
                st.position.units[i].teleported = true;
            }
        }
        Change::AttackAllowed { unit, .. } => {
            if let Some(i) = st.unit_index(unit) {
                st.position.units[i].attacked = true;
            }
        }
        Change::FreeAbility { unit } => {
            if let Some(i) = st.unit_index(unit) {
                st.position.units[i].se_free = true;
            }
        }
        Change::AbilitySe { unit, waived, .. } => {
            if let (Some(i), true) = (st.unit_index(unit), *waived) {
                st.position.units[i].se_free = false;
            }
        }
        Change::ItemsMoved { .. }
        | Change::ItemNotRevealed { .. }
        | Change::Stopped { .. }
        | Change::NoModifier { .. }
        | Change::Bless { .. } => {}
        Change::GainGold { player, gold, .. } | Change::Income { player, gold, .. } => {
            if let Some(i) = pi(st, player) {
                st.position.players[i].gold = st.position.players[i].gold.saturating_add(*gold);
            }
            if let Change::Income { player, card, .. } = change {
                if let Some(i) = pi(st, player) {
                    let pl = &mut st.position.players[i];
                    take(&mut pl.hand, card);
                    pl.discard.push(card.clone());
                    pl.this_turn.income += 1;
                }
            }
        }
        Change::Equipped {
            player, unit, item, ..
        } => {
            if let Some(i) = pi(st, player) {
                take(&mut st.position.players[i].hand, item);
            }
            if let Some(u) = st.unit_index(unit) {
                st.position.units[u].items.push(ItemSpec {
                    card: item.clone(),
                    snatched_from: None,
                });
            }
        }
        Change::Unequipped { player, unit, item } => {
            if let Some(u) = st.unit_index(unit) {
                let items = &mut st.position.units[u].items;
                if let Some(j) = items.iter().position(|x| &x.card == item) {
                    items.remove(j);
                }
            }
            if let Some(i) = pi(st, player) {
                st.position.players[i].hand.push(item.clone());
            }
        }
        Change::ItemUsed { unit, .. } => {
            if let Some(u) = st.unit_index(unit) {
                st.position.units[u].items_used += 1;
            }
        }
        Change::Died {
            unit,
            owner,
            card,
            token,
        } => {
            if let Some(u) = st.unit_index(unit) {
                st.position.units.remove(u);
            }
            if let Some(i) = pi(st, owner) {
                let pl = &mut st.position.players[i];
                if *token {
                    pl.tokens.push(card.clone());
                } else {
                    pl.cemetery.push(card.clone());
                }
            }
        }
        Change::ItemGone {
            item,
            player,
            to,
            paid,
            ..
        } => {
            if let Some(i) = pi(st, player) {
                let pl = &mut st.position.players[i];
                pl.gold = pl.gold.saturating_sub(*paid);
                match to {
                    Pile::Hand => pl.hand.push(item.clone()),
                    Pile::Discard => pl.discard.push(item.clone()),
                }
            }
        }
        Change::Snatched {
            unit,
            from,
            item,
            owner,
        } => {
            let mut taken = None;
            if let Some(f) = st.unit_index(from) {
                let items = &mut st.position.units[f].items;
                if let Some(j) = items.iter().position(|x| &x.card == item) {
                    taken = Some(items.remove(j));
                }
            }
            if let (Some(u), Some(it)) = (st.unit_index(unit), taken) {
                st.position.units[u].items.push(ItemSpec {
                    card: it.card,
                    snatched_from: Some(it.snatched_from.unwrap_or_else(|| owner.clone())),
                });
            }
        }
        Change::Cast { player, card, .. } => {
            if let Some(i) = pi(st, player) {
                let pl = &mut st.position.players[i];
                take(&mut pl.hand, card);
                pl.discard.push(card.clone());
            }
        }
        Change::DoubleProduction { player } => {
            if let Some(i) = pi(st, player) {
                st.position.players[i].double_production = true;
            }
        }
        Change::TokenSummoned { player, card, unit } => {
            if let Some(i) = pi(st, player) {
                let pl = &mut st.position.players[i];
                if unit.is_some() {
                    take(&mut pl.tokens, card);
                }
            }
            if let Some(u) = unit {
                st.position.units.push((**u).clone());
            }
        }
        Change::Scribed { player, card, .. } => {
            if let Some(i) = pi(st, player) {
                let pl = &mut st.position.players[i];
                if take(&mut pl.deck, card) {
                    pl.hand.push(card.clone());
                }
            }
        }
        Change::TurnEnded { turn, next } => {
            st.position.turn = *turn;
            st.position.active = next.clone();
            for pl in &mut st.position.players {
                pl.this_turn = Default::default();
            }
            if let Some(i) = pi(st, next) {
                // Double Production lasts until its player's next turn.
                st.position.players[i].double_production = false;
            }
            for u in &mut st.position.units {
                u.moved = false;
                u.attacked = false;
                u.teleported = false;
                u.items_used = 0;
                u.se_free = false;
            }
        }
    }
}

/// Applies `change`, then records it with the rule behind it.
pub fn emit(st: &mut State, events: &mut Vec<Event>, change: Change, rule: impl Into<Rule>) {
    apply(st, &change);
    events.push(Event {
        change,
        cite: rule.into(),
    });
}

fn items(list: &[String]) -> String {
    list.join(", ")
}

/// The log's sentence for `event`.
pub fn describe(_st: &State, event: &Event) -> String {
    match &event.change {
        Change::Accepted { action, proposed } => format!("Action {action} accepted: {proposed}."),
        Change::Rejected(r) => r.describe(),
        Change::Hired {
            player,
            card,
            unit,
            cost,
        } => format!(
            "{player} hires {card} as {} onto {} for {cost} gold.",
            unit.id,
            at(unit.at)
        ),
        Change::ToSide { player, card, turn } => {
            format!("{player} plays {card} off to the side on turn {turn}, spending no gold.")
        }
        Change::Drew { player, card } => match card {
            Some(c) => format!("{player} draws another card: {c}."),
            None => format!("{player} would draw another card, but the deck is empty."),
        },
        Change::BroughtIn {
            player,
            card,
            unit,
            cost,
            from,
            counts,
        } => format!(
            "{player} brings {card} onto the field as {} at {} from the {} for {cost} gold{}.",
            unit.id,
            at(unit.at),
            match from {
                Origin::Side => "side",
                Origin::Hand => "hand",
            },
            if *counts {
                ""
            } else {
                " (not counted toward the one a turn)"
            }
        ),
        Change::Moved {
            unit,
            from,
            path,
            spent,
        } => format!(
            "{unit} moves from {} along {} spending {spent} MV.",
            at(*from),
            path.iter().map(|c| at(*c)).collect::<Vec<_>>().join(" → ")
        ),
        Change::Teleported { unit, from, to } => format!(
            "{unit} travels from the teleporter at {} to the teleporter at {}, spending no MV.",
            at(*from),
            at(*to)
        ),
        Change::Stopped {
            unit,
            at: c,
            by,
            refused,
        } => {
            let rest = refused.iter().map(|c| at(*c)).collect::<Vec<_>>().join(" → ");
            if by == "teleporting" {
                format!("{unit}'s movement ends at the teleporter at {} it travelled to: the rest of its path, {rest}, is not taken.", at(*c))
            } else {
                format!("{unit}'s movement stops in {by} at {}: the rest of its path, {rest}, is not taken.", at(*c))
            }
        }
        Change::AbilitySe {
            unit,
            ability,
            waived,
        } => {
            if *waived {
                format!("{unit} uses {ability} without expending SE: the one ability its Mana Pool allows.")
            } else {
                format!("{unit} uses {ability}: the engine does not track SE, so the judge charges what it costs.")
            }
        }
        Change::ItemsMoved { unit, items: it } => format!(
            "{} {} with {unit}.",
            items(it),
            if it.len() == 1 { "goes" } else { "go" }
        ),
        Change::GainGold { player, unit, gold } => {
            format!("{unit} ends its movement on Gold: {player} gains {gold} gold.")
        }
        Change::FreeAbility { unit } => format!(
            "{unit} ends its movement on a Mana Pool: it may use one ability without expending SE."
        ),
        Change::NoModifier { unit, terrain } => {
            format!("{unit} ends on {terrain}: no modifiers.")
        }
        Change::Equipped {
            player,
            unit,
            item,
            hidden,
        } => format!(
            "{player} equips {item} to {unit}{}.",
            if *hidden {
                ", which stays hidden"
            } else {
                ""
            }
        ),
        Change::Unequipped { player, unit, item } => {
            format!("{item} comes off {unit} into {player}'s hand.")
        }
        Change::ItemNotRevealed { player, unit } => format!(
            "{player} does not have to reveal which item is equipped on the hidden unit {unit}."
        ),
        Change::ItemUsed { unit, item } => format!("{unit} uses {item}."),
        Change::Died {
            unit, owner, token, ..
        } => format!(
            "{unit} dies and goes to {owner}'s {}.",
            if *token { "token pile" } else { "cemetery" }
        ),
        Change::ItemGone {
            item,
            player,
            to,
            paid,
            snatched,
        } => match to {
            Pile::Hand => format!("{player} pays {paid} gold to put {item} back into their hand."),
            Pile::Discard if *snatched => {
                format!("{item}, a snatched item, returns to {player}'s discard pile.")
            }
            Pile::Discard => format!("{item} goes to {player}'s discard pile."),
        },
        Change::Snatched {
            unit,
            from,
            item,
            owner,
        } => format!("{unit} snatches {item} from {from} ({owner}'s)."),
        Change::Income { player, card, gold } => {
            format!("{player} plays {card} and gains {gold} gold.")
        }
        Change::Cast {
            player,
            card,
            caster,
        } => match caster {
            Some(c) => format!("{player} casts {card} by {c}."),
            None => format!("{player} casts {card}."),
        },
        Change::Bless { target } => match target {
            Some(t) => format!("Bless: {t} gains +2 to an attribute."),
            None => "Bless: +2 to an attribute.".to_string(),
        },
        Change::DoubleProduction { player } => format!(
            "Double Production: until {player}'s next turn, each Gold terrain gives {player} twice the gold."
        ),
        Change::TokenSummoned { player, card, unit } => match unit {
            Some(u) => format!(
                "{player} summons the token {card} as {} at {}.",
                u.id,
                at(u.at)
            ),
            None => format!(
                "{player} summons the token {card} as a spell; once cast it goes back to {player}'s token pile."
            ),
        },
        Change::Scribed { player, unit, card } => {
            format!("{unit} scribes: {card} goes from {player}'s deck to their hand.")
        }
        Change::AttackAllowed { unit, target } => {
            format!("{unit} may attack {target}.")
        }
        Change::TurnEnded { turn, next } => format!("The turn ends; turn {turn} is {next}'s."),
    }
}
