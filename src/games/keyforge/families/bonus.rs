//! Bonus icons (published rule "Bonus icons", KeyForge rulebook): when a card is played,
//! its bonus icons resolve one at a time, top to bottom, before its Play: abilities —
//! Æmber (its controller gains 1), capture (a friendly creature captures 1 Æmber from
//! the opponent), damage (1 damage to a creature, armor applying), draw (the top card of
//! the deck into hand). Which creature captures and which takes the damage are the
//! active player's choices ([`super::effects::choose`]: the action's `targets`, a pinned
//! decision, or the default policy of house rule K4). An icon that can do nothing says
//! so and why. A card put into play resolves none. Leaves out the later sets' discard
//! icon and house-specific icons.

use super::super::cite::{base, rules, Rule};
use super::super::event::{emit, note, Change, Event};
use super::super::format::Icon;
use super::super::state::{Place, State};
use super::damage::{check_destroyed, deal};
use super::effects::{choose, choose_by};
use super::Ctx;

/// Resolves the bonus icons of `card`, just played by the active player, top to bottom.
pub fn resolve_icons(st: &mut State, out: &mut Vec<Event>, ctx: &mut Ctx, card: &str) {
    let icons = st.card(card).map(|c| c.bonus.clone()).unwrap_or_default();
    let of = icons.len() as u32;
    for (i, icon) in icons.into_iter().enumerate() {
        if st.is_over() {
            return;
        }
        emit(
            st,
            out,
            Change::BonusIcon {
                card: card.to_string(),
                icon,
                n: i as u32 + 1,
                of,
            },
            &base::BONUS,
        );
        one(st, out, ctx, card, icon);
    }
}

/// Says that `card`'s icons do not resolve: it was put into play, not played.
pub fn not_played(st: &mut State, out: &mut Vec<Event>, card: &str) {
    let icons = st.card(card).map(|c| c.bonus.clone()).unwrap_or_default();
    if icons.is_empty() {
        return;
    }
    let names: Vec<&str> = icons.iter().map(|i| i.name()).collect();
    note(
        st,
        out,
        card,
        format!(
            "is put into play, not played: its bonus icons ({}) do not resolve.",
            names.join(", ")
        ),
        &base::BONUS,
    );
}

fn one(st: &mut State, out: &mut Vec<Event>, ctx: &mut Ctx, card: &str, icon: Icon) {
    let me = st.active;
    let foe = State::opponent(me);
    let (mine, theirs) = (st.players[me].name.clone(), st.players[foe].name.clone());
    match icon {
        Icon::Amber => emit(
            st,
            out,
            Change::Amber {
                player: mine,
                by: 1,
            },
            &base::BONUS,
        ),
        Icon::Capture => {
            let friendly: Vec<String> = st.players[me]
                .battleline
                .iter()
                .map(|c| c.id.clone())
                .collect();
            if friendly.is_empty() {
                return note(
                    st,
                    out,
                    card,
                    format!("its capture bonus icon does nothing: {mine} has no creature in play to capture the Æmber."),
                    Rule::from(&base::BONUS),
                );
            }
            if st.players[foe].amber == 0 {
                return note(
                    st,
                    out,
                    card,
                    format!(
                        "its capture bonus icon does nothing: {theirs} has no Æmber to capture."
                    ),
                    Rule::from(&base::AMBER),
                );
            }
            if let Some(c) = choose_by(
                st,
                out,
                ctx,
                "the friendly creature that captures (capture bonus icon)",
                friendly,
                "the first friendly creature from the left not already being destroyed",
            ) {
                emit(
                    st,
                    out,
                    Change::Capture {
                        card: c,
                        player: theirs,
                        amount: 1,
                    },
                    Rule::from(&base::BONUS),
                );
            }
        }
        Icon::Damage => {
            let enemy_first: Vec<String> = [foe, me]
                .into_iter()
                .flat_map(|p| st.players[p].battleline.iter().map(|c| c.id.clone()))
                .filter(|id| !ctx.dying.contains(id))
                .collect();
            if enemy_first.is_empty() {
                return note(
                    st,
                    out,
                    card,
                    "its damage bonus icon does nothing: there is no creature in play to damage."
                        .into(),
                    Rule::from(&base::BONUS),
                );
            }
            if let Some(t) = choose(
                st,
                out,
                ctx,
                "the creature to damage (damage bonus icon)",
                enemy_first,
            ) {
                deal(st, out, &t, Some(card), 1, Rule::from(&base::BONUS));
                check_destroyed(st, out, ctx);
            }
        }
        Icon::Draw => {
            let Some(top) = st.players[me].deck.first().map(|c| c.id.clone()) else {
                return note(
                    st,
                    out,
                    card,
                    format!("its draw bonus icon draws nothing: {mine}'s deck holds no card in the position (empty, or not listed); the engine does not invent the card. List the deck, top card first, to draw it."),
                    Rule::from(&base::BONUS).house(&rules::EMPTY_DECK),
                );
            };
            emit(
                st,
                out,
                Change::Move {
                    card: top,
                    from: Place::Deck,
                    to: Place::Hand,
                    player: mine,
                    flank: None,
                    onto: None,
                    bottom: false,
                },
                Rule::from(&base::BONUS),
            );
        }
    }
}
