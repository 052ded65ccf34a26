//! The Star Wars TCG attack resolver (seed 002) on the shared adjudication core
//! ([`crate::rules`]): one attack played step by step in the published order, every
//! event citing a seed 002 sentence, a published base rule, a house rule of
//! `docs/rules/swtcg.md` or a named interpretation; every die a chance node a judge can
//! pin; every player decision (Intercept, Evade, Deflect, Lucky, predictions) with a
//! named default policy; and the exact odds of the attack's results (`odds.rs`).
//!
//! The surface: read a [`Position`], [`resolve`] it against a [`CardSource`] into a
//! [`State`], then [`Swtcg`]'s `advance` one step at a time. `attack.rs` owns the
//! order of the steps, `families/` the keywords (one family per file), `event.rs` the
//! changes and the only `apply`, `cite.rs` the sentences, `interpret.rs` the readings,
//! `view.rs` the board. It does no I/O and knows nothing of the catalogue's types, SQL
//! or HTTP; it imports only the core, `grammar` and `text`. The build step before the
//! attack plays the position's Stack, Equip and Meditate actions, INSERT and Reserves
//! layers and Enhance (house rule S10); Retaliate's dice end the attack (S9); each
//! side's Force, when the position gives it, pays the costs written on the abilities
//! (`families/force.rs`, S19 and S20). Left out: effects beyond the keywords (named for
//! the judge; house rule S8).

pub mod attack;
pub mod cite;
pub mod event;
pub mod examples;
pub mod families;
pub mod form;
pub mod format;
pub mod interpret;
pub mod odds;
pub mod position;
pub mod report;
pub mod state;
pub mod view;

use std::sync::Arc;

use crate::rules::chance::ChanceInfo;
use crate::rules::{self, Game};

pub use cite::{Citation, Rule};
pub use event::{Change, Event};
pub use interpret::{Interpretations, INTERPRETATIONS};
pub use position::{resolve, to_position, CardDef, CardSource, NoCards, Position, PositionError};
pub use state::{Outcome, Phase, State};

/// The Star Wars TCG attack resolver as the core sees it.
pub struct Swtcg;

/// A whole adjudication of one attack.
pub type Adjudication = rules::Adjudication<Swtcg>;

impl Game for Swtcg {
    const ID: &'static str = cite::GAME;
    const NAME: &'static str = "Star Wars Trading Card Game";
    const SEED: &'static str = cite::SEED;
    const RULES_DOC: &'static str = cite::RULES_DOC;

    type Position = Position;
    type State = State;
    type Change = Change;
    type Cards<'a> = dyn CardSource + 'a;
    type Phase = Phase;
    type Outcome = Outcome;
    type Readings = Interpretations;
    type MemoKey = ();

    fn builder_form(values: &rules::FormFields) -> Option<rules::Form> {
        Some(form::layout(values))
    }
    fn form_values(position: Option<&Position>) -> (rules::FormFields, Vec<String>) {
        position.map_or_else(|| (form::defaults(), Vec::new()), form::from_position)
    }
    fn from_form(values: &rules::FormFields) -> Result<Position, Vec<rules::FieldError>> {
        form::to_position(values)
    }
    fn from_form_partial(values: &rules::FormFields) -> (Option<Position>, Vec<rules::FieldError>) {
        let (position, errors) = form::partial(values);
        (Some(position), errors)
    }
    fn form_error(values: &rules::FormFields, error: &PositionError) -> rules::FieldError {
        form::locate(values, error)
    }
    fn read_position(text: &str) -> Result<Position, PositionError> {
        Position::from_json(text)
    }
    fn read_position_all(text: &str) -> Result<Position, Vec<PositionError>> {
        crate::rules::position::parse_json_all(text)
    }
    fn resolve(position: &Position, cards: &dyn CardSource) -> Result<State, Vec<PositionError>> {
        resolve(position, cards)
    }
    fn to_position(state: &State) -> Position {
        to_position(state)
    }
    fn readings(position: &Position) -> &Interpretations {
        &position.interpretations
    }
    fn with_readings(position: &Position, readings: Interpretations) -> Position {
        Position {
            interpretations: readings,
            ..position.clone()
        }
    }
    fn advance(state: &mut State) -> Vec<Event> {
        // With `odds: true`, the declaration reports the exact odds from the start.
        let start = (state.odds && state.phase.is_none()).then(|| state.clone());
        let mut events = attack::advance(state);
        if let Some(start) = start {
            let report = odds::report::<Swtcg>(&start);
            event::emit(
                state,
                &mut events,
                Change::Odds(Box::new(report)),
                &cite::base::DICE,
            );
        }
        events
    }
    fn is_over(state: &State) -> bool {
        state.is_over()
    }
    fn outcome(state: &State) -> Outcome {
        state.outcome.clone().unwrap_or(Outcome {
            result: "unfinished",
            discarded: Vec::new(),
            removed: Vec::new(),
            odds: None,
        })
    }
    fn clock(state: &State) -> (u32, u32, Phase) {
        (state.steps, 1, state.phase.unwrap_or(Phase::Declare))
    }
    fn phase_label(phase: Phase) -> &'static str {
        phase.label()
    }
    fn describe(state: &State, event: &Event) -> String {
        event::describe(state, event)
    }
    fn summary(final_position: &Position, outcome: &Outcome) -> String {
        let mut out = format!(
            "result: the attack ended{}\n",
            if outcome.discarded.is_empty() {
                String::new()
            } else {
                format!("; discarded: {}", outcome.discarded.join(", "))
            }
        );
        for u in &final_position.units {
            out.push_str(&format!(
                "{} ({}): damage {}{}{}\n",
                u.id,
                u.side.map_or("?", |s| s.name()),
                u.damage,
                if u.tapped { ", tapped" } else { "" },
                if u.removed_from_game {
                    ", removed from the game"
                } else if u.discarded {
                    ", discarded"
                } else {
                    ""
                }
            ));
        }
        out
    }
    fn configure(position: &mut Position, play: &rules::PlayConfig) {
        if let Some(s) = play.seed {
            position.seed = s;
        }
    }
    fn examples() -> &'static [(&'static str, &'static str)] {
        examples::EXAMPLES
    }
    fn odds(state: &State) -> Option<Result<rules::view::GameOdds, String>> {
        Some(odds::game_odds::<Swtcg>(state))
    }
    fn pins_any(_position: &Position) -> bool {
        false
    }
    fn stopped_by_input(_outcome: &Outcome) -> Option<&'static str> {
        None
    }
    fn board(state: &State) -> rules::view::Board {
        view::board(state)
    }
    fn dice(state: &State) -> Option<rules::view::DiceTray> {
        view::dice(state)
    }
    fn timeline(state: &State) -> Option<rules::view::Timeline> {
        view::timeline(state)
    }
    fn chance_panel(state: &State, change: &Change) -> Option<rules::view::ChancePanel> {
        view::chance_panel(state, change)
    }
    fn pin_in_position(position: &Position, chance: u32, pin: &str) -> Result<Position, String> {
        view::pin_in_position(position, chance, pin)
    }
    fn decision_panel(state: &State, change: &Change) -> Option<rules::view::DecisionPanel> {
        view::decision_panel(state, change)
    }
    fn pin_decision_in_position(
        _position: &Position,
        decision: u32,
        _option: usize,
    ) -> Result<Position, String> {
        Err(format!(
            "decision {decision}: a Star Wars TCG decision is pinned by playing the position with its cards"
        ))
    }
    fn pin_decision_with_cards(
        position: &Position,
        cards: &dyn CardSource,
        decision: u32,
        option: usize,
    ) -> Result<Position, String> {
        pin_decision(position, cards, decision, option)
    }
    fn pin_decision_picks_with_cards(
        position: &Position,
        cards: &dyn CardSource,
        decision: u32,
        picks: &[usize],
    ) -> Result<Position, String> {
        pin_decision_picks(position, cards, decision, picks)
    }
    fn outcome_sentence(state: &State, outcome: &Outcome) -> String {
        let damage: Vec<String> = state
            .units
            .iter()
            .filter(|u| u.damage != u.start_damage)
            .map(|u| format!("{} takes {}", u.id, u.damage - u.start_damage))
            .collect();
        let mut s = if damage.is_empty() {
            "No damage.".to_string()
        } else {
            format!("{}.", damage.join(", "))
        };
        if !outcome.discarded.is_empty() {
            s.push_str(&format!(" Discarded: {}.", outcome.discarded.join(", ")));
        }
        if !outcome.removed.is_empty() {
            s.push_str(&format!(
                " Removed from the game: {}.",
                outcome.removed.join(", ")
            ));
        }
        s
    }
    fn citations() -> Vec<&'static Citation> {
        let mut all = families::seed_citations();
        all.extend(cite::base::ALL.iter());
        all.extend(cite::rules::ALL.iter());
        all
    }
    fn chance_in(change: &Change) -> Option<ChanceInfo<'_>> {
        match change {
            Change::Die { chance, .. } => Some(chance.info()),
            _ => None,
        }
    }
    fn pin_chance(state: &mut State, ordinal: u32, index: usize, events: &[Event]) {
        let found = events.iter().find_map(|e| match &e.change {
            Change::Die {
                chance,
                pool,
                die,
                reroll,
                nth,
            } if chance.ordinal == ordinal => chance
                .candidates
                .get(index)
                .map(|f| (*pool, *die, *reroll, *nth as usize, *f)),
            _ => None,
        });
        let Some((pool, die, reroll, nth, face)) = found else {
            return;
        };
        let mut pins = (*state.pins).clone();
        let set = |list: &mut Vec<Option<u8>>, i: usize| {
            if list.len() <= i {
                list.resize(i + 1, None);
            }
            list[i] = Some(face);
        };
        if reroll {
            let mut seen = 0;
            let mut done = false;
            for r in pins.rerolls.iter_mut() {
                if r.0 == die {
                    if seen == nth {
                        r.1 = face;
                        done = true;
                        break;
                    }
                    seen += 1;
                }
            }
            if !done {
                pins.rerolls.push((die, face));
            }
        } else if pool == state::Pool::Retaliate {
            set(&mut pins.retaliate, die);
        } else if pool == state::Pool::Fury {
            set(&mut pins.fury, die.saturating_sub(attack_dice(state)));
        } else {
            set(&mut pins.attack, die);
        }
        state.pins = Arc::new(pins);
    }
}

/// The number of attack dice `state` rolls or rolled (before Fury's).
fn attack_dice(state: &State) -> usize {
    let rolled = state
        .dice
        .iter()
        .filter(|d| d.pool == state::Pool::Attack)
        .count();
    if rolled > 0 {
        rolled
    } else {
        families::roll::dice_count(state) as usize
    }
}

/// Resolves `position` and plays the attack to the end.
pub fn adjudicate(
    position: &Position,
    cards: &dyn CardSource,
    config: rules::RecordConfig,
) -> Result<Adjudication, Vec<PositionError>> {
    rules::adjudicate::<Swtcg>(position, cards, config)
}

/// The change that records decision `decision` when `position` is played with `cards`.
fn find_decision(
    position: &Position,
    cards: &dyn CardSource,
    decision: u32,
) -> Result<Change, String> {
    let adj =
        adjudicate(position, cards, rules::RecordConfig { states: false }).map_err(|errors| {
            let all: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
            format!("the position does not resolve: {}", all.join("; "))
        })?;
    let mut met = 0;
    let found = adj
        .steps
        .into_iter()
        .flat_map(|s| s.events)
        .map(|e| e.change)
        .find(|c| {
            let ordinal = match c {
                Change::InterceptChoice { decision: d, .. } => d.ordinal,
                Change::Predict { decision: d, .. } => d.ordinal,
                Change::Lucky { decision: d, .. } => d.ordinal,
                Change::Evade { decision: d, .. } => d.ordinal,
                Change::Deflect { decision: d, .. } => d.ordinal,
                Change::Enhance { decision: d, .. } => d.ordinal,
                _ => return false,
            };
            met = met.max(ordinal);
            ordinal == decision
        });
    found.ok_or_else(|| match met {
        0 => format!("this attack has no decision {decision}: it meets no decision"),
        n => format!("this attack has no decision {decision}: its decisions are 1 to {n}"),
    })
}

/// `position` with decision `decision` pinned to option `option` (1-based), found by
/// playing the position with `cards`: which unit intercepts at that point of the attack
/// POP, or none (`decisions.intercept`: the entry the decision reads is replaced, or
/// added; none cuts the list there); a prediction (`decisions.predict`; no prediction
/// removes the unit's entry); an Evade's amount (`decisions.evade`, which every Evade
/// instance of the unit then prevents at most), a Deflect's unit (`decisions.deflect`),
/// an Enhance declared or not (`decisions.enhance`). A Lucky is pinned by its dice
/// ([`pin_decision_picks`]).
fn pin_decision(
    position: &Position,
    cards: &dyn CardSource,
    decision: u32,
    option: usize,
) -> Result<Position, String> {
    let found = find_decision(position, cards, decision)?;
    let i = option.checked_sub(1).ok_or("options are numbered from 1")?;
    let mut p = position.clone();
    let bad = |n: usize| format!("decision {decision} has options 1 to {n}, not {option}");
    match found {
        Change::InterceptChoice { slot, decision: d } => {
            let chosen = d.options.get(i).ok_or_else(|| bad(d.options.len()))?;
            let list = &mut p.decisions.intercept;
            match chosen {
                None => list.truncate(slot),
                Some(id) if slot < list.len() => list[slot] = id.clone(),
                Some(id) => list.push(id.clone()),
            }
        }
        Change::Predict {
            unit, decision: d, ..
        } => match d.options.get(i).ok_or_else(|| bad(d.options.len()))? {
            None => {
                p.decisions.predict.remove(&unit);
            }
            Some(n) => {
                p.decisions.predict.insert(unit, *n);
            }
        },
        Change::Lucky { decision: d, .. } => {
            return Err(format!(
                "decision {decision} picks dice, not one option: post a `pick` for each die to re-roll (at most {})",
                d.most
            ))
        }
        Change::Evade {
            unit, decision: d, ..
        } => {
            let n = d.options.get(i).ok_or_else(|| bad(d.options.len()))?;
            p.decisions.evade.insert(unit, *n);
        }
        Change::Deflect {
            unit, decision: d, ..
        } => {
            let to = d.options.get(i).ok_or_else(|| bad(d.options.len()))?;
            p.decisions.deflect.insert(unit, to.clone());
        }
        Change::Enhance {
            unit, decision: d, ..
        } => {
            if i >= d.options.len() {
                return Err(bad(d.options.len()));
            }
            p.decisions.enhance.insert(unit, i == 1);
        }
        _ => {}
    }
    Ok(p)
}

/// `position` with Lucky decision `decision` pinned to the dice `picks` (1-based items
/// of its panel, so die `pick - 1`), at most its X, each once: `decisions.lucky.<side>`
/// becomes those dice, in die order. None picked is a Lucky that re-rolls nothing.
fn pin_decision_picks(
    position: &Position,
    cards: &dyn CardSource,
    decision: u32,
    picks: &[usize],
) -> Result<Position, String> {
    let found = find_decision(position, cards, decision)?;
    let Change::Lucky {
        side, decision: d, ..
    } = found
    else {
        return Err(format!(
            "decision {decision} takes one option: post `option`, not `pick`"
        ));
    };
    let n = d.items.len();
    let mut dice: Vec<usize> = Vec::new();
    for &k in picks {
        let item = k
            .checked_sub(1)
            .and_then(|i| d.items.get(i))
            .ok_or_else(|| {
                format!("decision {decision}: pick {k} is not a die of this roll; its dice are picks 1 to {n}")
            })?;
        if dice.contains(&item.die) {
            return Err(format!(
                "decision {decision}: pick {k} ({}) is picked twice",
                item.label()
            ));
        }
        dice.push(item.die);
    }
    if dice.len() > d.most {
        return Err(format!(
            "decision {decision}: Lucky {} re-rolls at most {} dice, not {} (seed 002 Lucky: \"You may choose to roll any number of dice up to the Lucky value.\")",
            d.most,
            d.most,
            dice.len()
        ));
    }
    dice.sort_unstable();
    let mut p = position.clone();
    match side {
        state::Side::Dark => p.decisions.lucky.dark = Some(dice),
        state::Side::Light => p.decisions.lucky.light = Some(dice),
    }
    Ok(p)
}
