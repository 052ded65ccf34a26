//! Who may use or play a card (published rules and seed 003): only the active player,
//! only cards they control in play; only cards of the active house (the `active_house`
//! reading for fight, reap and Action:; never for Omni:, seed 003 "Omni"; a card that
//! may be used "as if it belonged to the active house"); never an exhausted card; a
//! stunned creature's use only removes its stun; a use that can change nothing (the
//! `futile_use` reading). Each check returns the refusal, in words with its rule.

use super::super::cite::{base, Citation, Rule};
use super::super::effect::{Constant, Trigger};
use super::super::event::{emit, Change, Event};
use super::super::interpret::{ActiveHouse, FutileUse};
use super::super::state::{Place, State};

/// Why an action is refused, and the rule.
pub struct Refusal {
    pub reason: String,
    pub cite: Rule,
}

fn refuse(reason: String, cite: impl Into<Rule>) -> Refusal {
    Refusal {
        reason,
        cite: cite.into(),
    }
}

/// What a use needs the card to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Needs {
    /// A creature (reap, fight).
    Creature,
    /// Any card in play (Action:, Omni:).
    InPlay,
}

/// The card is in play and under the active player's control, and a creature when only a
/// creature will do.
pub fn in_play_and_controlled(st: &State, card: &str, needs: Needs) -> Result<(), Refusal> {
    let who = st.who(card);
    let Some(loc) = st.find(card) else {
        return Err(refuse(
            format!("{who} is nowhere in the position"),
            &base::USE,
        ));
    };
    if !loc.place.in_play() || loc.upgrade.is_some() {
        let place = if loc.upgrade.is_some() {
            "on a creature as an upgrade".to_string()
        } else {
            format!("in the {}", loc.place.name())
        };
        return Err(refuse(
            format!("{who} is {place}; only a card in play is used"),
            &base::USE,
        ));
    }
    if loc.player != st.active {
        return Err(refuse(
            format!(
                "{who} is {}'s; only the active player, {}, uses cards, and only their own",
                st.players[loc.player].name, st.players[st.active].name
            ),
            &base::CONTROL,
        ));
    }
    if needs == Needs::Creature && loc.place != Place::Battleline {
        return Err(refuse(format!("{who} is not a creature"), &base::USE));
    }
    Ok(())
}

/// The card is not exhausted.
pub fn ready(st: &State, card: &str, cite: Rule) -> Result<(), Refusal> {
    if st.card(card).is_some_and(|c| c.exhausted) {
        return Err(refuse(
            format!(
                "{} is exhausted; an exhausted card cannot be used",
                st.who(card)
            ),
            cite,
        ));
    }
    Ok(())
}

/// The card belongs to the active house, may be used as if it did, or the reading
/// lets any house be used (fight, reap, Action:). Emits the finding that allows it,
/// citing `sentence` (the seed sentence of the use, which names no house) and the reading.
pub fn house(
    st: &mut State,
    out: &mut Vec<Event>,
    card: &str,
    what: &str,
    sentence: &'static Citation,
) -> Result<(), Refusal> {
    let Some(c) = st.card(card) else {
        return Ok(());
    };
    if c.house.eq_ignore_ascii_case(&st.house) {
        return Ok(());
    }
    let (who, house) = (st.who(card), c.house.clone());
    if c.has_constant(&Constant::AnyHouse) {
        emit(
            st,
            out,
            Change::Note {
                card: card.to_string(),
                what: format!(
                    "belongs to {house}, not the active house {}, and may be used as if it belonged to the active house (its constant ability).",
                    st.house
                ),
            },
            super::effects::example(st, card, Rule::from(&base::ACTIVE_HOUSE)),
        );
        return Ok(());
    }
    match st.readings.active_house {
        ActiveHouse::ActiveOnly => Err(refuse(
            format!(
                "{who} belongs to {house}, not the active house {}; it cannot be used to {what}",
                st.house
            ),
            Rule::from(&base::ACTIVE_HOUSE).reading(ActiveHouse::ActiveOnly.reading()),
        )),
        ActiveHouse::AnyHouse => {
            emit(
                st,
                out,
                Change::Note {
                    card: card.to_string(),
                    what: format!(
                        "belongs to {house}, not the active house {}; under this reading it may {what} all the same.",
                        st.house
                    ),
                },
                Rule::from(sentence).reading(ActiveHouse::AnyHouse.reading()),
            );
            Ok(())
        }
    }
}

/// A stunned creature used: it exhausts and its stun is removed; nothing else. Returns
/// whether it was stunned.
pub fn stunned(st: &mut State, out: &mut Vec<Event>, card: &str) -> bool {
    if !st.card(card).is_some_and(|c| c.stunned) {
        return false;
    }
    emit(
        st,
        out,
        Change::Exhaust {
            card: card.to_string(),
        },
        &base::STUN,
    );
    emit(
        st,
        out,
        Change::Unstun {
            card: card.to_string(),
        },
        &base::STUN,
    );
    true
}

/// The card's first ability with `trigger`, its upgrades' included.
pub fn ability_of(
    st: &State,
    card: &str,
    trigger: Trigger,
) -> Option<(String, super::super::effect::Ability)> {
    st.card(card)?.triggered(trigger).into_iter().next()
}

/// A use whose ability can change nothing: allowed or refused by the `futile_use`
/// reading (emits the finding when allowed); a refusal cites `sentence`, the seed
/// sentence of the use (Action: or Omni:), with the reading.
pub fn futile(
    st: &mut State,
    out: &mut Vec<Event>,
    card: &str,
    ability: &super::super::effect::Ability,
    sentence: &'static Citation,
) -> Result<(), Refusal> {
    let super::super::effect::Body::Effects { effects } = &ability.body else {
        return Ok(());
    };
    let controller = st.active;
    if super::effects::could_change(st, controller, card, effects) {
        return Ok(());
    }
    match st.readings.futile_use {
        FutileUse::Allowed => {
            emit(
                st,
                out,
                Change::Note {
                    card: card.to_string(),
                    what: format!(
                        "\"{}\" can change nothing now; the card may be used all the same.",
                        ability.text
                    ),
                },
                Rule::from(&base::USE_FUTILE).reading(FutileUse::Allowed.reading()),
            );
            Ok(())
        }
        FutileUse::Refused => Err(refuse(
            format!(
                "\"{}\" can change nothing now, and under this reading a card is not used for nothing",
                ability.text
            ),
            Rule::from(sentence).reading(FutileUse::Refused.reading()),
        )),
    }
}
