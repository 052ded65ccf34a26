//! Conditions: an activated ability's restriction ("if this unit is undead") and a
//! static's ("While this unit is in woods"). A unit *is* X when X is one of its traits
//! or of the facts the judge entered; "has N or more figures" counts occupied slots;
//! "N or more victory points" reads its owner's; "during your order phase" holds in the
//! order phase of the unit's owner (the position's `phase` and `active`). A condition the
//! engine does not read is the judge's decision (house rule A5), whose default policy is
//! that it does not hold.

use super::super::ability::Condition;
use super::super::cite::rules;
use super::super::event::Event;
use super::super::format::Phase;
use super::super::state::State;
use super::decide::yes_no;

/// The condition's words, for the log.
pub fn words(c: &Condition) -> String {
    match c {
        Condition::Is { what, negated } => {
            format!("this unit is {}{what}", if *negated { "not " } else { "" })
        }
        Condition::Figures { at_least } => format!("this unit has {at_least} or more figures"),
        Condition::Vp { at_least } => format!("its owner has {at_least} or more victory points"),
        Condition::YourOrderPhase => "during your order phase".into(),
        Condition::Other { text } => text.clone(),
    }
}

/// Whether `c` holds for unit `u`; `None` if adjudication stopped (a bad pin).
pub fn holds(st: &mut State, out: &mut Vec<Event>, u: usize, c: &Condition) -> Option<bool> {
    let unit = &st.units[u];
    Some(match c {
        Condition::Is { what, negated } => unit.is(what) != *negated,
        Condition::Figures { at_least } => unit.figures() >= *at_least,
        Condition::Vp { at_least } => st.players[unit.owner].vp >= *at_least,
        Condition::YourOrderPhase => st.phase == Phase::Order && st.active == unit.owner,
        Condition::Other { text } => {
            let about = format!("does \"{text}\" hold for {}", st.who(u));
            yes_no(
                st,
                out,
                "the judge".into(),
                "does the condition hold",
                about,
                false,
                "a condition the engine does not read holds only when the judge pins it",
                &rules::JUDGE_RESOLVES,
            )?
        }
    })
}
