//! Foresight and Forewarning (seed 002 §Ancient Seers): a unit that attacks (Foresight)
//! or has been attacked (Forewarning: the declared defender and every interceptor) may
//! predict the number of hits; a correct prediction gains the effect. Predictions are
//! decisions pinned by `decisions.predict`; the default policy is to pass (no
//! prediction), since the keyword says "may".

use super::super::cite::{seed, Citation};
use super::super::event::{emit, Change, Event};
use super::super::state::{Keyword, State};
use crate::rules::Rule;

pub const FORESIGHT: Citation = seed(
    "Foresight",
    "Whenever this unit attacks, you may predict the number of hits that will be rolled for that attack.",
);
pub const FORESIGHT_GAIN: Citation = seed("Foresight", "If you're correct, gain the [effect].");
pub const FOREWARNING: Citation = seed(
    "Forewarning",
    "Whenever this unit is attacked, you may predict the number of hits that will be rolled for that attack.",
);

pub const FOREWARNING_GAIN: Citation = seed("Forewarning", "If you're correct, gain the [effect].");

pub const ALL: &[Citation] = &[FORESIGHT, FORESIGHT_GAIN, FOREWARNING, FOREWARNING_GAIN];

/// Checks every prediction against the hits rolled.
pub fn check(st: &mut State, out: &mut Vec<Event>) {
    let hits = st.summary.map_or(0, |s| s.hits);
    let pins = st.pins.predict.clone();
    for (u, predicted) in pins {
        let unit = &st.units[u];
        let (keyword, cite, ability) = if u == st.attacker && unit.has(Keyword::Foresight) {
            let cite = if predicted == hits {
                Rule::from(&FORESIGHT).house(&FORESIGHT_GAIN)
            } else {
                Rule::from(&FORESIGHT)
            };
            ("Foresight", cite, unit.instances(Keyword::Foresight).next())
        } else if st.attacked.contains(&u) && unit.has(Keyword::Forewarning) {
            // The declared defender, or an interceptor, which "has been attacked".
            let cite = if predicted == hits {
                Rule::from(&FOREWARNING).house(&FOREWARNING_GAIN)
            } else if st.attacked.first() == Some(&u) {
                Rule::from(&FOREWARNING)
            } else {
                Rule::from(&FOREWARNING).house(&super::intercept::ATTACKED)
            };
            (
                "Forewarning",
                cite,
                unit.instances(Keyword::Forewarning).next(),
            )
        } else {
            continue;
        };
        let effect = ability
            .and_then(|a| a.param.clone())
            .unwrap_or_else(|| "its effect".into());
        let change = Change::Prediction {
            unit: unit.id.clone(),
            keyword,
            predicted,
            hits,
            effect,
        };
        emit(st, out, change, cite);
    }
}
