//! Arcane Legions (seed 004), issue #29's judge's items: the choices the engine made
//! silently, now named (readings `ready_at_event`, `adjacent`, `em_dash`; house rules
//! A9–A13) and cited where they decide; events that cited a neighbour of the deciding
//! sentence; and what a judge could not do or see (a refused activation logged as if
//! it happened, the damage tally, query answers as data, `leave`, `facts`, an order's
//! OP).
//!
//! Each behaviour test quotes the seed sentence or house rule it tests in a comment.

use arbiter::games::arcane::{self, cite, Arcane, Change, Position};
use arbiter::rules::{self, Game, Source};
use serde_json::{json, Value};

use crate::engine_arcane::{fixture_position as fixture, play, unit_of};

fn events(adj: &arcane::Adjudication) -> Vec<&rules::LoggedEvent<Change>> {
    adj.steps.iter().flat_map(|s| &s.events).collect()
}

/// The events whose change `f` picks.
fn picked(
    adj: &arcane::Adjudication,
    f: impl Fn(&Change) -> bool,
) -> Vec<&rules::LoggedEvent<Change>> {
    events(adj).into_iter().filter(|e| f(&e.change)).collect()
}

fn rejected(adj: &arcane::Adjudication) -> Vec<&rules::LoggedEvent<Change>> {
    picked(adj, |c| matches!(c, Change::Rejected(_)))
}

fn reason(e: &rules::LoggedEvent<Change>) -> String {
    match &e.change {
        Change::Rejected(r) => r.reason.clone(),
        _ => String::new(),
    }
}

fn notes(adj: &arcane::Adjudication) -> Vec<(String, &rules::LoggedEvent<Change>)> {
    events(adj)
        .into_iter()
        .filter_map(|e| match &e.change {
            Change::Note { what } => Some((what.clone(), e)),
            _ => None,
        })
        .collect()
}

fn two_players() -> Value {
    json!([{"name": "Alice", "op": 3, "vp": 0}, {"name": "Bob", "op": 2, "vp": 0}])
}

// ---------------------------------------------------------------------------------------
// Silent choices, named

#[test]
fn ready_at_event_both_readings() {
    // seed 004 Triggered Abilities: "Triggered abilities need only be ready when the trigger event occurs; they need not be ready when the trigger actually resolves."
    let (adj, st) = play(fixture("interp_ready_at_event_before"));
    let triggers = picked(&adj, |c| matches!(c, Change::Trigger { .. }));
    assert_eq!(
        triggers.len(),
        1,
        "the figure ability sees its own figure's downing"
    );
    let (_, e) = notes(&adj)
        .into_iter()
        .find(|(w, _)| w.contains("readiness changed with the event"))
        .expect("the reading is named where it decides");
    assert_eq!(
        (e.rule.source, e.rule.rule),
        (Source::Interpretation, "before")
    );
    assert_eq!(e.rule.section, "ready_at_event");
    assert_eq!(st.players[0].vp, 1);
    let (adj, st) = play(fixture("interp_ready_at_event_after"));
    assert!(picked(&adj, |c| matches!(c, Change::Trigger { .. })).is_empty());
    let (what, e) = notes(&adj)
        .into_iter()
        .find(|(w, _)| w.contains("does not trigger"))
        .expect("said");
    assert!(what.contains("Last Stand"), "{what}");
    assert_eq!(
        (e.rule.source, e.rule.rule),
        (Source::Interpretation, "after")
    );
    assert_eq!(st.players[0].vp, 0);
}

#[test]
fn adjacent_both_readings() {
    let (adj, st) = play(fixture("interp_adjacent_contact"));
    let t = picked(&adj, |c| matches!(c, Change::Trigger { .. }));
    assert_eq!(t.len(), 1);
    let (_, e) = notes(&adj)
        .into_iter()
        .find(|(w, _)| w.contains("adjacent to"))
        .expect("the reading is named where it decides");
    assert_eq!((e.rule.section, e.rule.rule), ("adjacent", "contact"));
    assert_eq!(unit_of(&st, "E").damage, 1);
    let (adj, st) = play(fixture("interp_adjacent_not_contact"));
    let (_, e) = notes(&adj)
        .into_iter()
        .find(|(w, _)| w.contains("adjacent to"))
        .expect("said");
    assert_eq!((e.rule.section, e.rule.rule), ("adjacent", "not_contact"));
    // The judge enters the event (house rule A7), and it is accepted.
    assert!(rejected(&adj).is_empty());
    assert_eq!(
        picked(&adj, |c| matches!(c, Change::Trigger { .. })).len(),
        1
    );
    assert_eq!(unit_of(&st, "E").damage, 1);
}

#[test]
fn em_dash_both_readings() {
    // seed 004 Activated Abilities: "All activated abilities have a dash "--" that separates the cost and activation restrictions (to the left) from the effect (to the right)."
    let (adj, st) = play(fixture("interp_em_dash_dash"));
    assert!(rejected(&adj).is_empty());
    assert_eq!((st.players[0].op, st.players[0].vp), (2, 1));
    let (_, e) = notes(&adj)
        .into_iter()
        .find(|(w, _)| w.contains("em dash"))
        .expect("named at the first step");
    assert_eq!((e.rule.section, e.rule.rule), ("em_dash", "dash"));
    let (adj, st) = play(fixture("interp_em_dash_not_a_dash"));
    let r = rejected(&adj);
    assert_eq!(r.len(), 1);
    assert!(
        reason(r[0]).contains("not an activated one"),
        "{}",
        reason(r[0])
    );
    assert_eq!((st.players[0].op, st.players[0].vp), (3, 0));
}

#[test]
fn a_unit_without_figures_stays_until_the_judge_takes_it_off() {
    // seed 004 Unit Special Ability: "These abilities are ready as long as that unit remains on the battlefield."
    // house rule A9: "A unit whose figures are all downed stays on the battlefield"
    let (adj, st) = play(json!({"game": "arcane", "players": two_players(),
        "units": [{"id": "A", "owner": "Alice", "abilities": ["Rally: 1 OP -- Gain 1 VP."], "slots": [{}, {}]}],
        "actions": [{"do": "down", "unit": "A", "count": 2},
                    {"do": "activate", "unit": "A", "ability": "Rally"},
                    {"do": "end_turn"}, {"do": "phase", "phase": "order", "player": "Alice"},
                    {"do": "leave", "unit": "A"},
                    {"do": "activate", "unit": "A", "ability": "Rally"}]}));
    let (what, e) = notes(&adj)
        .into_iter()
        .find(|(w, _)| w.contains("no figure left"))
        .expect("said");
    assert!(what.contains("stays on the battlefield"), "{what}");
    assert_eq!(*e.rule.cite, cite::rules::NO_FIGURES);
    // Still on the battlefield: the first activation happens; after `leave`, not ready.
    assert_eq!(st.players[0].vp, 1);
    let r = rejected(&adj);
    assert_eq!(r.len(), 1);
    assert!(
        reason(r[0]).contains("not on the battlefield"),
        "{}",
        reason(r[0])
    );
    assert!(!unit_of(&st, "A").on_battlefield);
    assert_eq!(picked(&adj, |c| matches!(c, Change::Leave { .. })).len(), 1);
}

#[test]
fn a_condition_begins_to_hold_when_the_judge_enters_a_fact_and_precedence_counts_readiness() {
    // seed 004 Static Abilities: "Intrinsically most static abilities must be ready to be in effect, but some may also require that the unit be attacking or that their owner has a certain number of victory points."
    let (adj, st) = play(json!({"game": "arcane", "players": two_players(),
        "units": [{"id": "A", "owner": "Alice", "slots": [{}],
                   "abilities": ["Fury: While this unit is attacking, its phantom dice are 3s.",
                                 "Calm: This unit's phantom dice are 1s."], "ready_since": 0}],
        "actions": [{"do": "query", "unit": "A", "value": "phantom_dice"},
                    {"do": "facts", "unit": "A", "facts": ["attacking"]},
                    {"do": "query", "unit": "A", "value": "phantom_dice"},
                    {"do": "facts", "unit": "A", "facts": [], "traits": ["Undead"]}]}));
    let answers: Vec<(Option<u8>, Option<String>)> = events(&adj)
        .iter()
        .filter_map(|e| match &e.change {
            Change::Query { face, winner, .. } => Some((*face, winner.clone())),
            _ => None,
        })
        .collect();
    assert_eq!(
        answers[0],
        (Some(1), Some("Calm".into())),
        "not attacking yet"
    );
    // Both ready since moment 0: a tie the owner settles (listed first: Fury).
    assert_eq!(answers[1], (Some(3), Some("Fury".into())));
    assert!(unit_of(&st, "A").facts.is_empty());
    assert_eq!(unit_of(&st, "A").traits, vec!["Undead".to_string()]);
    let facts = picked(&adj, |c| matches!(c, Change::Facts { .. }));
    assert_eq!(*facts[0].rule.cite, cite::rules::RECENCY_IS_READINESS);
    // The final position keeps what the judge entered.
    let fin = arcane::to_position(&st);
    assert_eq!(fin.units[0].traits, Some(vec!["Undead".to_string()]));
}

#[test]
fn precedence_by_recency_cites_that_readiness_counts() {
    // seed 004 Static Abilities: "In general the most recent ability to be made ready is the one that takes precedence."
    let (adj, _) = play(json!({"game": "arcane", "players": two_players(),
        "units": [{"id": "A", "owner": "Alice",
                   "slots": [{"abilities": ["Calm"]}, {"abilities": ["Fury"], "since": 2}],
                   "abilities": ["Calm: This unit's phantom dice are 1s.", "Fury: This unit's phantom dice are 3s."]}],
        "actions": [{"do": "query", "unit": "A", "value": "phantom_dice"}]}));
    let q = picked(&adj, |c| matches!(c, Change::Query { .. }));
    assert_eq!(*q[0].rule.cite, cite::s::S_RECENT);
    assert!(q[0]
        .rule
        .house
        .is_some_and(|h| *h == cite::rules::RECENCY_IS_READINESS));
    let v = serde_json::to_value(&q[0].change).unwrap();
    assert_eq!(
        (v["face"].clone(), v["winner"].clone()),
        (json!(3), json!("Fury"))
    );
}

#[test]
fn a_special_order_outside_the_order_phase_is_refused_and_an_order_can_cost_op() {
    // seed 004 Activated Abilities: "During a player's order phase they may activate an activated ability."
    // house rule A11: "A Special Order is given only in its player's order phase"
    let (adj, st) = play(
        json!({"game": "arcane", "players": two_players(), "phase": "movement",
        "units": [{"id": "A", "owner": "Alice", "slots": [{}]}],
        "actions": [{"do": "order", "unit": "A", "order": "move", "special": true},
                    {"do": "order", "unit": "A", "order": "move", "op": 2},
                    {"do": "order", "unit": "A", "order": "charge", "op": 2}]}),
    );
    let r = rejected(&adj);
    assert_eq!(
        r.len(),
        2,
        "{:?}",
        r.iter().map(|e| reason(e)).collect::<Vec<_>>()
    );
    assert!(reason(r[0]).contains("only in the order phase"));
    assert_eq!(*r[0].rule.cite, cite::rules::SPECIAL_IN_ORDER_PHASE);
    assert!(
        reason(r[1]).contains("has 1 OP, not the 2"),
        "{}",
        reason(r[1])
    );
    assert!(!unit_of(&st, "A").special_order);
    assert_eq!(st.players[0].op, 1, "the move order charged 2 OP");
    assert_eq!(
        picked(&adj, |c| matches!(c, Change::SpendOp { .. })).len(),
        1
    );
}

// ---------------------------------------------------------------------------------------
// Citations: the sentence that decides

#[test]
fn choosing_a_friendly_unit_and_a_free_order_cite_what_decides() {
    // house rule A12: "When an effect's words leave a unit to choose (one enemy unit, a friendly unit in contact) and the judge entered none, the ability's owner chooses"
    let (adj, _) = play(
        json!({"game": "arcane", "players": two_players(), "phase": "end",
        "units": [{"id": "L", "owner": "Alice", "slots": [{}],
                   "abilities": ["Leader of Men: At the start of your order phase, you may give one friendly unit in contact with this unit a free move order."]},
                  {"id": "F", "owner": "Alice", "slots": [{}]}, {"id": "G", "owner": "Alice", "slots": [{}]}],
        "contact": [["L", "F"], ["L", "G"]],
        "actions": [{"do": "phase", "phase": "order", "player": "Alice"}]}),
    );
    let choice = picked(
        &adj,
        |c| matches!(c, Change::Decided { decision, .. } if decision.question == "which friendly unit in contact"),
    );
    assert_eq!(choice.len(), 1);
    assert_eq!(*choice[0].rule.cite, cite::rules::OWNER_TARGETS);
    let order = picked(&adj, |c| matches!(c, Change::Order { free: true, .. }));
    assert_eq!(order.len(), 1);
    assert_ne!(*order[0].rule.cite, cite::rules::JUDGE_ENTERS);
    assert_eq!(*order[0].rule.cite, cite::s::PRECEDENCE);
}

#[test]
fn a_resolving_triggers_effects_do_not_cite_the_trigger_syntax() {
    // seed 004 Triggered Abilities: "Triggered abilities need only be ready when the trigger event occurs; they need not be ready when the trigger actually resolves."
    let (adj, _) = play(json!({"game": "arcane", "players": two_players(),
        "units": [{"id": "A", "owner": "Alice", "slots": [{}, {}],
                   "abilities": ["Spite: When this unit is dealt damage, gain 1 VP."]}],
        "actions": [{"do": "damage", "unit": "A", "amount": 1}]}));
    for e in events(&adj) {
        assert!(
            *e.rule.cite != cite::s::T_SYNTAX && *e.rule.cite != cite::s::T_BEGIN,
            "{:?} cites the syntax",
            e.change
        );
        // Nothing is downed: the seed's downing example is not the sentence.
        assert_ne!(*e.rule.cite, cite::s::T_DAMAGE_EXAMPLE);
    }
    let resolve = picked(&adj, |c| matches!(c, Change::Resolve { .. }));
    assert_eq!(*resolve[0].rule.cite, cite::s::T_READY_AT_EVENT);
}

#[test]
fn the_damage_example_is_cited_when_the_damage_downs_the_figure() {
    // seed 004 Triggered Abilities: "For example, a figure ability that triggers When this unit is dealt damage will trigger and resolve even if damage dealt to that unit also downs the figure causing this ability to be ready."
    let (adj, st) = play(json!({"game": "arcane", "players": two_players(),
        "units": [{"id": "A", "owner": "Alice", "slots": [{"abilities": ["Spite"]}, {}],
                   "abilities": ["Spite: When this unit is dealt damage, gain 1 VP."]}],
        "actions": [{"do": "damage", "unit": "A", "amount": 1, "slots": [1]}]}));
    let resolve = picked(&adj, |c| {
        matches!(
            c,
            Change::Resolve {
                ready_now: false,
                ..
            }
        )
    });
    assert_eq!(*resolve[0].rule.cite, cite::s::T_DAMAGE_EXAMPLE);
    assert_eq!(st.players[0].vp, 1);
}

#[test]
fn a_wrong_down_pin_is_the_judges_input_not_an_unpayable_cost() {
    // house rule A3: "A judge pins slots in the action" is the owner's choice of figures
    let (adj, st) = play(json!({"game": "arcane", "players": two_players(),
        "units": [{"id": "A", "owner": "Alice", "slots": [{}, {"occupied": false}],
                   "abilities": ["Burn: 1 OP, down one figure from this unit -- Gain 1 VP."]}],
        "actions": [{"do": "activate", "unit": "A", "ability": "Burn", "down": [2]}]}));
    let r = rejected(&adj);
    assert_eq!(r.len(), 1);
    assert!(reason(r[0]).contains("hold no figure"), "{}", reason(r[0]));
    assert_eq!(*r[0].rule.cite, cite::rules::OWNER_CHOOSES);
    assert_ne!(*r[0].rule.cite, cite::s::A_ALL_COSTS);
    assert_eq!(st.players[0].op, 3);
    // A slot named twice downs one figure, not two: refused the same way.
    let (adj, st) = play(json!({"game": "arcane", "players": two_players(),
        "units": [{"id": "A", "owner": "Alice", "slots": [{}, {}, {}],
                   "abilities": ["Burn: 1 OP, down two figures from this unit -- Gain 1 VP."]}],
        "actions": [{"do": "activate", "unit": "A", "ability": "Burn", "down": [2, 2]}]}));
    let r = rejected(&adj);
    assert_eq!(r.len(), 1);
    assert!(reason(r[0]).contains("twice"), "{}", reason(r[0]));
    assert_eq!(*r[0].rule.cite, cite::rules::OWNER_CHOOSES);
    assert_eq!(unit_of(&st, "A").figures(), 3);
}

#[test]
fn the_judge_enters_a_read_triggers_event_as_itself_not_under_a7() {
    // house rule A7: "A trigger condition the engine does not read triggers only when the judge enters that its event occurred, with how many occurrences."
    let (adj, st) = play(json!({"game": "arcane", "players": two_players(),
        "units": [{"id": "A", "owner": "Alice", "slots": [{}],
                   "abilities": ["Spite: When this unit is dealt damage, gain 1 VP.",
                                 "Omen: When the moon rises, gain 1 VP."]}],
        "actions": [{"do": "trigger", "unit": "A", "ability": "Spite"},
                    {"do": "trigger", "unit": "A", "ability": "Omen"}]}));
    let r = rejected(&adj);
    assert_eq!(r.len(), 1, "only the read one");
    assert!(reason(r[0]).contains("`damage`"), "{}", reason(r[0]));
    assert_eq!(*r[0].rule.cite, cite::rules::UNREAD_TRIGGER);
    assert_eq!(st.players[0].vp, 1, "Omen, entered by the judge");
}

#[test]
fn a_readings_outcome_has_the_interpretation_as_its_source() {
    let (adj, _) = play(json!({"game": "arcane", "players": two_players(),
        "units": [{"id": "F", "owner": "Alice", "slots": [{"abilities": ["Burn"]}, {}],
                   "abilities": ["Burn: 1 OP, down one figure from this unit -- Gain 1 VP."]}],
        "actions": [{"do": "activate", "unit": "F", "ability": "Burn", "down": [1]}],
        "interpretations": {"cost_downs_source": "fizzles"}}));
    let no = picked(&adj, |c| matches!(c, Change::NoEffect { .. }));
    assert_eq!(no[0].rule.source, Source::Interpretation);
    let v = serde_json::to_value(no[0]).unwrap();
    assert_eq!(v["rule"]["source"], "interpretation", "{v}");
    // The seed sentence it reads stays beside it.
    assert!(no[0]
        .rule
        .rests_on("Special Abilities", cite::s::ONLY_READY.sentence));
    // Every citation is on the game's list (the rules page).
    let all = Arcane::citations();
    for e in events(&adj) {
        assert!(all.iter().any(|c| **c == *e.rule.cite), "{:?}", e.rule.cite);
    }
}

// ---------------------------------------------------------------------------------------
// What a judge sees

#[test]
fn a_refused_activation_is_not_first_logged_as_activated() {
    // seed 004 Activated Abilities: "All costs must be payable to get the effect."
    let (adj, _) = play(
        json!({"game": "arcane", "players": [{"name": "Alice", "op": 0}],
        "units": [{"id": "A", "owner": "Alice", "slots": [{}], "abilities": ["Rally: 1 OP -- Gain 1 VP."]}],
        "actions": [{"do": "activate", "unit": "A", "ability": "Rally"}]}),
    );
    assert_eq!(rejected(&adj).len(), 1);
    assert!(picked(&adj, |c| matches!(c, Change::Activate { .. })).is_empty());
}

#[test]
fn end_of_turn_clears_damage_with_a_line_and_the_summary_shows_damage() {
    // house rule A10: "The damage a unit was dealt is a tally of this turn, and at the end of the turn it is cleared to 0"
    let p = json!({"game": "arcane", "players": two_players(),
        "units": [{"id": "A", "owner": "Alice", "slots": [{}, {}]}],
        "actions": [{"do": "damage", "unit": "A", "amount": 2}]});
    let (adj, st) = play(p.clone());
    let summary = Arcane::summary(&arcane::to_position(&st), &Arcane::outcome(&st));
    assert!(
        summary.contains("A: slots occupied 1, 2 of 2; damage 2"),
        "{summary}"
    );
    let _ = adj;
    let mut p = p;
    p["actions"] = json!([{"do": "damage", "unit": "A", "amount": 2}, {"do": "end_turn"}]);
    let (adj, st) = play(p);
    let clear = picked(&adj, |c| matches!(c, Change::ClearDamage { amount: 2, .. }));
    assert_eq!(clear.len(), 1);
    assert_eq!(*clear[0].rule.cite, cite::rules::DAMAGE_TALLY);
    assert_eq!(unit_of(&st, "A").damage, 0);
    // A6's sentence does not say so, and no event cites it for the damage.
    assert!(!cite::rules::END_OF_TURN.sentence.contains("damage"));
}

#[test]
fn extra_dice_answers_carry_the_totals_as_data() {
    let (adj, _) = play(json!({"game": "arcane", "players": two_players(),
        "units": [{"id": "A", "owner": "Alice", "slots": [{}],
                   "effects": [{"text": "2 blue", "dice": 2, "color": "blue"}, {"text": "1 blue", "dice": 1, "color": "blue"}]}],
        "actions": [{"do": "query", "unit": "A", "value": "dice"}]}));
    let q = picked(&adj, |c| matches!(c, Change::Query { .. }));
    let v = serde_json::to_value(&q[0].change).unwrap();
    assert_eq!(v["dice"], json!([{"color": "blue", "n": 3}]), "{v}");
}

#[test]
fn leave_and_facts_round_trip_through_the_builder_form() {
    let p = Position::from_json(
        &json!({"game": "arcane", "players": two_players(),
            "units": [{"id": "A", "owner": "Alice", "slots": [{}]}],
            "actions": [{"do": "leave", "unit": "A"},
                        {"do": "facts", "unit": "A", "facts": ["attacking", "in woods"]},
                        {"do": "facts", "unit": "A", "traits": []},
                        {"do": "order", "unit": "A", "order": "move", "op": 1}]})
        .to_string(),
    )
    .unwrap();
    let (fields, notes) = Arcane::form_values(Some(&p));
    assert!(notes.is_empty(), "{notes:?}");
    let back = Arcane::from_form(&fields).unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(back.actions, p.actions);
}
