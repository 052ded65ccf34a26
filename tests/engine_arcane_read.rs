//! Arcane Legions (seed 004): how an ability's words are read, issue #29. "may not" is a
//! prohibition, not an option; the left of a dash has one reader (cost or activation
//! restriction) for the card page and the engine; trigger conditions the engine does not
//! read are named at the first step and put to the judge when an event could match;
//! quantified trigger wordings are one event each; the readiness Note is honoured; "At
//! least …" opens a statement, not a trigger; a cost-less activated ability is said.
//!
//! Each behaviour test quotes the seed sentence it tests in a comment and asserts it.

use arbiter::games::arcane::ability::{self, Condition, Cost};
use arbiter::games::arcane::interpret::DashAndTrigger;
use arbiter::games::arcane::{self, cite, Change};
use arbiter::grammar::arcane::{self as grammar, ArcaneKind};
use serde_json::{json, Value};

use crate::engine_arcane::{changes, cites, play, rejected};

fn notes(adj: &arcane::Adjudication) -> Vec<String> {
    changes(adj)
        .iter()
        .filter_map(|c| match c {
            Change::Note { what } => Some(what.clone()),
            _ => None,
        })
        .collect()
}

fn decisions(adj: &arcane::Adjudication) -> Vec<String> {
    changes(adj)
        .iter()
        .filter_map(|c| match c {
            Change::Decided { about, .. } => Some(about.clone()),
            _ => None,
        })
        .collect()
}

/// One player (Alice, 3 OP) with `abilities` on unit `A` (two slots), an enemy unit `E`
/// of Bob's (three slots), and `actions`.
fn one_unit(abilities: &[&str], actions: Value) -> Value {
    json!({"game": "arcane",
        "players": [{"name": "Alice", "op": 3}, {"name": "Bob"}],
        "units": [
            {"id": "A", "owner": "Alice", "abilities": abilities, "slots": [{}, {}, {}]},
            {"id": "E", "owner": "Bob", "slots": [{}, {}, {}]}],
        "actions": actions})
}

#[test]
fn may_not_is_a_prohibition_not_an_option() {
    // seed 004 Triggered Abilities: "Usually this is marked by the word may before the effect of the ability."
    // seed 004 Triggered Abilities: "Some triggered abilities are optional."
    let text = "Snare: Whenever this unit is given a charge order, it gains 1 red die until end of turn. That unit may not move this turn.";
    // The card page's grammar and the engine agree: not optional.
    assert!(
        !grammar::parse_line(
            "Whenever this unit is given a charge order, that unit may not move this turn."
        )
        .optional
    );
    assert!(grammar::parse_line("At the start of your order phase, you may give one friendly unit in contact with this unit a free move order.").optional);
    for prohibition in ["may never", "may no longer"] {
        let line = format!(
            "Whenever this unit is given a charge order, that unit {prohibition} move this turn."
        );
        assert!(!grammar::parse_line(&line).optional, "{prohibition}");
    }
    let a = ability::read(text, DashAndTrigger::Activated);
    assert!(a.clauses.iter().all(|c| !c.optional), "{:?}", a.clauses);
    for scope in ["that_clause", "whole_ability"] {
        let mut v = one_unit(
            &[text],
            json!([{"do": "order", "unit": "A", "order": "charge"}]),
        );
        v["interpretations"] = json!({"may_scope": scope});
        let (adj, st) = play(v);
        // No use-it-or-not decision: a prohibition is not an option.
        assert!(decisions(&adj).is_empty(), "{scope}: {:?}", decisions(&adj));
        // The prohibition goes to the judge with its words whole.
        let judged: Vec<String> = changes(&adj)
            .iter()
            .filter_map(|c| match c {
                Change::Judge { text, .. } => Some(text.clone()),
                _ => None,
            })
            .collect();
        assert_eq!(judged, ["That unit may not move this turn"], "{scope}");
        // The ability's first clause still happens.
        assert_eq!(st.units[0].effects.len(), 1, "{scope}: the red die");
    }
    // A trigger without "may" is not optional either: no decision.
    let v = one_unit(
        &["Aggressive: When this unit is given a charge order, it gains 1 red die until end of turn."],
        json!([{"do": "order", "unit": "A", "order": "charge"}]),
    );
    let (adj, _) = play(v);
    assert!(decisions(&adj).is_empty());
    assert!(!cites(&adj, cite::s::T_MAY.sentence));
}

#[test]
fn the_left_of_the_dash_has_one_reader_and_a_restriction_is_not_a_cost() {
    // seed 004 Activated Abilities: "All activated abilities have a dash "--" that separates the cost and activation restrictions (to the left) from the effect (to the right)."
    // seed 004 Activated Abilities: "Some abilities can have an activation restriction."
    let text = "Muster: 1 OP, during your order phase -- Gain 1 VP.";
    let g = grammar::parse_line(text);
    assert_eq!(g.costs, ["1 OP"]);
    assert_eq!(g.restriction.as_deref(), Some("during your order phase"));
    let a = ability::read(text, DashAndTrigger::Activated);
    assert_eq!(a.costs, [Cost::Op { n: 1 }]);
    assert_eq!(a.restriction, Some(Condition::YourOrderPhase));
    // Card page and engine: the same split for every catalogue-style left side.
    for line in [
        "X: 1 OP, if this unit is undead -- Gain 1 VP.",
        "X: 2 OP, down one figure from this unit, only if this unit has 3 or more figures -- Gain 1 VP.",
        "X: 1 OP, while this unit is in woods, or in hills -- Gain 1 VP.",
        "X: Down one figure from this unit, unless this unit is undead -- Gain 1 VP.",
    ] {
        let g = grammar::parse_line(line);
        let a = ability::read(line, DashAndTrigger::Activated);
        let costs: Vec<Cost> = g.costs.iter().map(|c| ability::cost(c)).collect();
        assert_eq!(a.costs, costs, "{line}");
        assert_eq!(a.restriction, g.restriction.as_deref().map(ability::condition), "{line}");
    }
    let (adj, st) = play(one_unit(
        &[text],
        json!([{"do": "activate", "unit": "A", "ability": "Muster"}]),
    ));
    assert!(rejected(&adj).is_empty(), "{:?}", rejected(&adj));
    assert_eq!(st.players[0].vp, 1);
    assert_eq!(st.players[0].op, 2);
    assert!(!cites(&adj, cite::s::A_ALL_COSTS.sentence));
    assert!(changes(&adj).iter().any(|c| matches!(c, Change::Restriction { met: true, text, .. } if text == "during your order phase")));
}

#[test]
fn an_unread_trigger_is_named_and_put_to_the_judge_when_an_event_could_match() {
    // seed 004 Triggered Abilities: "Triggered abilities begin with the word When, At, or Whenever followed by the time or condition under which the ability will trigger, followed by the effect that happens."
    let text =
        "Vengeance: Whenever this unit is dealt damage by an enemy unit's attack, gain 1 VP.";
    let actions = json!([{"do": "damage", "unit": "A", "amount": 2}]);
    let (adj, st) = play(one_unit(&[text], actions.clone()));
    let named = notes(&adj);
    assert!(
        named
            .iter()
            .any(|n| n.contains("Vengeance") && n.contains("does not read")),
        "named at the first step: {named:?}"
    );
    assert!(adj.steps[0]
        .events
        .iter()
        .any(|e| matches!(&e.change, Change::Note { what } if what.contains("Vengeance"))));
    let asked = decisions(&adj);
    assert_eq!(asked.len(), 1, "{asked:?}");
    assert!(
        asked[0].contains("Vengeance") && asked[0].contains("is dealt damage"),
        "{asked:?}"
    );
    assert_eq!(st.players[0].vp, 0, "by default it did not trigger");
    // The judge says it did.
    let mut v = one_unit(&[text], actions);
    v["decisions"] = json!([{"decision": 1, "option": 2}]);
    let (adj, st) = play(v);
    assert_eq!(st.players[0].vp, 1);
    assert!(cites(&adj, cite::rules::UNREAD_TRIGGER.sentence));
    // Losing a figure could be a downing: asked, pinned yes for both figures.
    let mut v = one_unit(
        &["Grief: Whenever this unit loses a figure, gain 1 VP."],
        json!([{"do": "down", "unit": "A", "count": 2, "slots": [2, 3]}]),
    );
    v["decisions"] = json!([{"decision": 1, "option": 3}]);
    let (_, st) = play(v);
    assert_eq!(st.players[0].vp, 2);
    // An event that cannot match it (an order) asks nothing.
    let (adj, _) = play(one_unit(
        &[text],
        json!([{"do": "order", "unit": "A", "order": "move"}]),
    ));
    assert!(decisions(&adj).is_empty());
}

#[test]
fn quantified_trigger_wordings_are_one_event_each() {
    // seed 004 Triggered Abilities: "A triggered ability only triggers once each time its trigger event occurs."
    // seed 004 Triggered Abilities: "However, if one event contains multiple occurrences of a trigger event the ability will trigger multiple times."
    let vp = |ability: &str, actions: Value| -> u32 {
        let (adj, st) = play(one_unit(&[ability], actions));
        let asked = decisions(&adj);
        assert!(
            !asked.iter().any(|d| d.contains("trigger when")),
            "{ability}: read, not asked: {asked:?}"
        );
        st.players[0].vp
    };
    let down3 = json!([{"do": "down", "unit": "A", "count": 3}]);
    assert_eq!(
        vp(
            "W: Whenever one or more figures are downed from this unit, gain 1 VP.",
            down3.clone()
        ),
        1
    );
    assert_eq!(
        vp(
            "W: Whenever any number of figures are downed from this unit, gain 1 VP.",
            down3.clone()
        ),
        1
    );
    assert_eq!(
        vp(
            "W: Whenever a figure is downed from this unit, gain 1 VP.",
            down3
        ),
        3
    );
    let damage = json!([{"do": "damage", "unit": "A", "amount": 3}]);
    assert_eq!(
        vp(
            "W: Whenever this unit is dealt 1 or more damage, gain 1 VP.",
            damage.clone()
        ),
        1
    );
    assert_eq!(
        vp(
            "W: Whenever this unit is dealt one or more damage, gain 1 VP.",
            damage
        ),
        1
    );
    let mut v = one_unit(
        &["W: Whenever this unit ends its movement in contact with one or more enemy units, gain 1 VP."],
        json!([{"do": "end_move", "unit": "A", "adjacent": ["E", "F"]}]),
    );
    v["units"]
        .as_array_mut()
        .expect("units")
        .push(json!({"id": "F", "owner": "Bob", "slots": [{}]}));
    let (adj, st) = play(v);
    assert_eq!(st.players[0].vp, 1, "two enemy units, one event");
    assert!(cites(&adj, cite::s::T_ONCE.sentence));
}

#[test]
fn the_readiness_note_is_honoured() {
    // seed 004 Special Abilities: "(Note: Some special abilities, as described in their rules text, might have different conditions for being ready, or may not even need to be ready at all.)"
    let mut v = one_unit(
        &[
            "Undying: 1 OP -- Gain 1 VP. This ability need not be ready.",
            // An unread trigger condition, so its event is the judge's `trigger` (house rule A7).
            "Last Stand: Whenever this unit is charged, gain 1 VP. This ability does not need to be ready.",
        ],
        json!([
            {"do": "activate", "unit": "A", "ability": "Undying"},
            {"do": "trigger", "unit": "A", "ability": "Last Stand"}]),
    );
    v["units"][0]["on_battlefield"] = json!(false);
    let (adj, st) = play(v);
    assert!(rejected(&adj).is_empty(), "{:?}", rejected(&adj));
    assert_eq!(st.players[0].vp, 2, "both used though not ready");
    assert!(cites(&adj, cite::s::NOTE_READY.sentence));
    // Its own readiness condition: ready while it holds, not otherwise.
    let own = "Rally Cry: 1 OP -- Gain 1 VP. This ability is ready while this unit has 3 or more figures.";
    let (adj, st) = play(one_unit(
        &[own],
        json!([
        {"do": "activate", "unit": "A", "ability": "Rally Cry"},
        {"do": "end_turn"}, {"do": "phase", "phase": "order"},
        {"do": "down", "unit": "A", "count": 1},
        {"do": "activate", "unit": "A", "ability": "Rally Cry"}]),
    ));
    assert_eq!(st.players[0].vp, 1);
    let r = rejected(&adj);
    assert_eq!(r.len(), 1, "{r:?}");
    assert!(r[0].contains("its own text"), "{r:?}");
    assert!(notes(&adj).iter().any(|n| n.contains("does not hold")));
}

#[test]
fn at_least_opens_a_statement_not_a_trigger() {
    // seed 004 Triggered Abilities: "Triggered abilities begin with the word When, At, or Whenever followed by the time or condition under which the ability will trigger, followed by the effect that happens."
    // seed 004 Static Abilities: "Static abilities are simply written as statements."
    for text in [
        "At least one figure of this unit must stay in its slot.",
        "At most two enemy units in contact with this unit can be given charge orders.",
        "At all times, this unit's phantom dice are 6s.",
        "Atlas Guard: This unit cannot be given charge orders.",
        "This unit, when charged, gains 1 red die.",
        "Whatever happens, this unit stays.",
    ] {
        assert_eq!(grammar::parse_line(text).kind, ArcaneKind::Static, "{text}");
    }
    for text in [
        "At the start of your order phase, gain 1 OP.",
        "At the end of the turn, gain 1 VP.",
        "When this unit is given a charge order, gain 1 VP.",
        "Whenever a figure is downed from this unit, gain 1 VP.",
    ] {
        assert_eq!(
            grammar::parse_line(text).kind,
            ArcaneKind::Triggered,
            "{text}"
        );
    }
    let (adj, _) = play(one_unit(
        &["Steadfast: At least one figure of this unit must stay in its slot."],
        json!([]),
    ));
    assert!(
        notes(&adj).iter().any(|n| n.contains("static Steadfast")),
        "named as a static the engine does not apply: {:?}",
        notes(&adj)
    );
}

#[test]
fn a_costless_activated_ability_is_said_both_readings() {
    // seed 004 Activated Abilities: "Activated abilities require a cost to be paid in order for an effect to happen."
    let v = |reading: Option<&str>| {
        let mut v = one_unit(
            &["Free: -- Gain 1 VP."],
            json!([{"do": "activate", "unit": "A", "ability": "Free"}]),
        );
        if let Some(r) = reading {
            v["interpretations"] = json!({"costless_activation": r});
        }
        v
    };
    let (adj, st) = play(v(None));
    assert_eq!(st.players[0].vp, 1);
    assert!(
        notes(&adj).iter().any(|n| n.contains("no cost")),
        "{:?}",
        notes(&adj)
    );
    assert!(cites(&adj, cite::s::A_COST.sentence));
    let (adj, st) = play(v(Some("refused")));
    assert_eq!(st.players[0].vp, 0);
    assert_eq!(rejected(&adj).len(), 1);
    assert!(!st.units[0].special_order);
}

#[test]
fn where_an_ability_is_found_decides_its_kind_of_readiness() {
    // seed 004 Unit Special Ability: "Unit special ability: Found on bottom-right of the unit bar, next to the build point cost."
    // seed 004 Figure Special Ability: "Figure special ability: Found next to figure slots, along with the basic icons."
    // The same words, once on the unit bar (no slot names it) and once next to slot 2.
    let v = json!({"game": "arcane", "players": [{"name": "Alice", "op": 3}],
        "units": [
            {"id": "U", "owner": "Alice", "abilities": ["Muster: 1 OP -- Gain 1 VP."], "slots": [{}, {}]},
            {"id": "F", "owner": "Alice", "abilities": ["Muster: 1 OP -- Gain 1 VP."], "slots": [{}, {"abilities": ["Muster"]}]}],
        "actions": [
            {"do": "down", "unit": "U", "count": 1, "slots": [2]},
            {"do": "down", "unit": "F", "count": 1, "slots": [2]},
            {"do": "activate", "unit": "U", "ability": "Muster"},
            {"do": "activate", "unit": "F", "ability": "Muster"}]});
    let (adj, st) = play(v);
    assert_eq!(
        st.players[0].vp, 1,
        "only the unit bar's ability is still ready"
    );
    let r = rejected(&adj);
    assert_eq!(r.len(), 1, "{r:?}");
    assert!(
        r[0].contains("No slot Muster sits next to is occupied"),
        "{r:?}"
    );
    let figure: Vec<bool> = changes(&adj)
        .iter()
        .filter_map(|c| match c {
            Change::Ready { figure, .. } => Some(*figure),
            _ => None,
        })
        .collect();
    assert_eq!(&figure[..2], [false, true]);
}

#[test]
fn a_static_can_require_that_the_unit_be_attacking() {
    // seed 004 Static Abilities: "Intrinsically most static abilities must be ready to be in effect, but some may also require that the unit be attacking or that their owner has a certain number of victory points."
    let answers = |facts: Value| -> Vec<String> {
        let mut v = one_unit(
            &["Fury: While this unit is attacking, its phantom dice are 6s."],
            json!([{"do": "query", "unit": "A", "value": "phantom_dice"}]),
        );
        v["units"][0]["facts"] = facts;
        let (adj, _) = play(v);
        changes(&adj)
            .iter()
            .filter_map(|c| match c {
                Change::Query { answer, .. } => Some(answer.clone()),
                _ => None,
            })
            .collect()
    };
    assert_eq!(answers(json!(["attacking"])), ["6s (Fury)"]);
    assert_eq!(answers(json!([])), ["no ability in effect sets them"]);
}
