//! Damage and leaving play (published rules): armor prevents up to its value once per
//! turn in total; a creature whose damage reaches its power is destroyed; "Destroyed:"
//! abilities resolve before it leaves play; a card leaving play takes its upgrades to
//! their owners' discard piles and gives the Æmber on it to its controller's opponent.

use super::super::cite::{base, Rule};
use super::super::event::{emit, Change, Event};
use super::super::state::{Place, State};
use super::Ctx;

/// Deals `amount` damage to creature `card` (from `source`), armor first; returns the
/// damage placed. Destruction is checked by the caller ([`check_destroyed`]), so damage
/// dealt at the same time lands together.
pub fn deal(
    st: &mut State,
    out: &mut Vec<Event>,
    card: &str,
    source: Option<&str>,
    amount: i32,
    cite: Rule,
) -> i32 {
    let Some(c) = st.card(card) else {
        return 0;
    };
    let left = (c.armor - c.armor_used).max(0);
    let armor = left.min(amount.max(0));
    let placed = amount.max(0) - armor;
    let rule = if armor > 0 {
        Rule::from(&base::ARMOR)
    } else {
        cite
    };
    emit(
        st,
        out,
        Change::Damage {
            card: card.to_string(),
            source: source.map(str::to_string),
            dealt: amount,
            armor,
            placed,
        },
        rule,
    );
    placed
}

/// Destroys every creature whose damage has reached its power, together, until none
/// is left; returns the ids destroyed.
pub fn check_destroyed(st: &mut State, out: &mut Vec<Event>, ctx: &mut Ctx) -> Vec<String> {
    // A chain of "Destroyed:" abilities nests checks; past a few levels the outer
    // check's next round destroys what is left (the same creatures, in a later round),
    // which keeps the stack bounded.
    if ctx.depth >= MAX_DEPTH {
        return Vec::new();
    }
    ctx.depth += 1;
    let all = rounds(st, out, ctx);
    ctx.depth -= 1;
    all
}

/// Nested destruction checks at most.
const MAX_DEPTH: u32 = 4;

fn rounds(st: &mut State, out: &mut Vec<Event>, ctx: &mut Ctx) -> Vec<String> {
    let mut all = Vec::new();
    // Each round destroys at least one card, so this ends; the bound is a backstop.
    for _ in 0..200 {
        let doomed: Vec<String> = st
            .creatures()
            .into_iter()
            .filter(|(_, id)| {
                !ctx.dying.contains(id) && st.card(id).is_some_and(|c| c.damage >= st.power(id))
            })
            .map(|(_, id)| id)
            .collect();
        if doomed.is_empty() || st.is_over() {
            break;
        }
        for id in &doomed {
            let (d, p) = (st.card(id).map_or(0, |c| c.damage), st.power(id));
            emit(
                st,
                out,
                Change::Destroyed {
                    card: id.clone(),
                    why: format!("damage {d}, power {p}"),
                },
                &base::DESTROYED,
            );
        }
        ctx.dying.extend(doomed.iter().cloned());
        for id in &doomed {
            destroyed_abilities(st, out, ctx, id);
        }
        for id in &doomed {
            leave_play(st, out, id, Place::Discard, Rule::from(&base::LEAVES_PLAY));
        }
        ctx.dying.retain(|d| !doomed.contains(d));
        all.extend(doomed);
    }
    all
}

/// Destroys `card` now (a destroy or sacrifice effect, Poison): its "Destroyed:"
/// abilities, then it leaves play for its owner's discard pile.
pub fn destroy(
    st: &mut State,
    out: &mut Vec<Event>,
    ctx: &mut Ctx,
    card: &str,
    why: String,
    cite: Rule,
) {
    if !st.in_play(card) || ctx.dying.iter().any(|d| d == card) {
        return;
    }
    ctx.dying.push(card.to_string());
    emit(
        st,
        out,
        Change::Destroyed {
            card: card.to_string(),
            why,
        },
        cite,
    );
    destroyed_abilities(st, out, ctx, card);
    leave_play(
        st,
        out,
        card,
        Place::Discard,
        Rule::from(&base::LEAVES_PLAY),
    );
    ctx.dying.retain(|d| d != card);
    check_destroyed(st, out, ctx);
}

fn destroyed_abilities(st: &mut State, out: &mut Vec<Event>, ctx: &mut Ctx, card: &str) {
    let Some(c) = st.card(card) else {
        return;
    };
    let controller = st.controller(card).unwrap_or(st.active);
    let list = c.triggered(super::super::effect::Trigger::Destroyed);
    let resolve = ctx.resolve;
    for (from, ability) in list {
        resolve(
            st,
            out,
            ctx,
            &from,
            controller,
            &ability,
            Some(super::super::effect::Trigger::Destroyed),
            Rule::from(&base::DESTROYED_ABILITIES),
        );
    }
}

/// Moves `card` out of play (or from any zone) to its owner's `to`: its upgrades go to
/// their owners' discard piles and the Æmber on it to its controller's opponent first.
pub fn leave_play(st: &mut State, out: &mut Vec<Event>, card: &str, to: Place, cite: Rule) {
    let Some(loc) = st.find(card) else {
        return;
    };
    let Some(c) = st.card_at(loc).cloned() else {
        return;
    };
    if loc.place.in_play() {
        for u in &c.upgrades {
            let owner = st.players[u.owner.min(1)].name.clone();
            emit(
                st,
                out,
                Change::Move {
                    card: u.id.clone(),
                    from: loc.place,
                    to: Place::Discard,
                    player: owner,
                    flank: None,
                    onto: None,
                    bottom: false,
                },
                &base::LEAVES_PLAY,
            );
        }
        if c.amber > 0 {
            let to_player = st.players[State::opponent(loc.player)].name.clone();
            emit(
                st,
                out,
                Change::Release {
                    card: card.to_string(),
                    player: to_player,
                    amount: c.amber,
                },
                &base::LEAVES_PLAY,
            );
        }
    }
    let owner = st.players[c.owner.min(1)].name.clone();
    emit(
        st,
        out,
        Change::Move {
            card: card.to_string(),
            from: loc.place,
            to,
            player: owner,
            flank: None,
            onto: None,
            bottom: to == Place::Deck,
        },
        cite,
    );
}
