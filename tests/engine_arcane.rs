//! Arcane Legions special abilities (seed 004): readiness and its timestamps,
//! activation (restriction, costs, the one Special Order), trigger counting and
//! readiness at the event, optional and costed triggers, statics and precedence by
//! recency, both readings of every interpretation, located position errors, the
//! fixtures' log snapshots (`tests/fixtures/arcane/`), and the documents (every seed
//! sentence cited verbatim, every house rule quoted in `docs/rules/arcane.md`, the
//! interpretations table current).
//!
//! Each behaviour test quotes the seed sentence it tests in a comment.

use crate::common::{docs, fixtures};
use std::path::Path;

use arbiter::adjudicate::{log_text, ArcaneCards};
use arbiter::catalogue::Catalogue;
use arbiter::games::arcane::{
    self, cite, Arcane, Change, NoCards, Position, State, INTERPRETATIONS,
};
use arbiter::rules::{self, Game, RecordConfig};
use serde_json::{json, Value};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn catalogue() -> Catalogue {
    let set = arbiter::catalogue::validate(&Path::new(ROOT).join("data")).expect("bundled data");
    Catalogue::from_data(set, "test".into())
}

fn position(v: Value) -> Position {
    Position::from_json(&v.to_string()).unwrap_or_else(|e| panic!("{e}"))
}

/// Plays `v` (inline units, or catalogue cards) to the end.
pub(crate) fn play(v: Value) -> (arcane::Adjudication, State) {
    let p = position(v);
    let cat = catalogue();
    let cards = ArcaneCards(&cat);
    let mut st = arcane::resolve(&p, &cards).unwrap_or_else(|e| panic!("{e:?}"));
    let adj = rules::play_out::<Arcane>(&mut st, RecordConfig { states: false });
    (adj, st)
}

pub(crate) fn changes(adj: &arcane::Adjudication) -> Vec<&Change> {
    adj.steps
        .iter()
        .flat_map(|s| &s.events)
        .map(|e| &e.change)
        .collect()
}

pub(crate) fn cites(adj: &arcane::Adjudication, sentence: &str) -> bool {
    adj.steps.iter().flat_map(|s| &s.events).any(|e| {
        e.rule.sentence == sentence
            || e.rule.house.is_some_and(|h| h.sentence == sentence)
            || e.rule.also.is_some_and(|h| h.sentence == sentence)
    })
}

pub(crate) fn rejected(adj: &arcane::Adjudication) -> Vec<String> {
    changes(adj)
        .iter()
        .filter_map(|c| match c {
            Change::Rejected(r) => Some(r.reason.clone()),
            _ => None,
        })
        .collect()
}

fn count(adj: &arcane::Adjudication, f: impl Fn(&Change) -> bool) -> usize {
    changes(adj).into_iter().filter(|c| f(c)).count()
}

// ---------------------------------------------------------------------------------------
// Fixtures, documents

#[test]
fn every_arcane_fixture() {
    let cat = catalogue();
    let cards = ArcaneCards(&cat);
    insta::glob!("fixtures/arcane/*.json", |path| {
        let (fx, adj) = fixtures::play(path, |json| {
            let p = Position::from_json(json).map_err(|e| e.to_string())?;
            arcane::adjudicate(&p, &cards, RecordConfig { states: false })
                .map_err(|e| format!("{e:?}"))
        });
        let final_json = fixtures::final_json(&adj);
        let (name, settings) = fixtures::snapshot(path, &fx);
        settings.bind(|| {
            insta::assert_snapshot!(
                name,
                format!("{}\nfinal position:\n{final_json}\n", log_text(&adj))
            );
        });
    });
}

pub(crate) fn fixture_position(name: &str) -> Value {
    let text =
        std::fs::read_to_string(Path::new(ROOT).join(format!("tests/fixtures/arcane/{name}.json")))
            .expect("fixture");
    let v: Value = serde_json::from_str(&text).expect("fixture JSON");
    v["position"].clone()
}

pub(crate) fn unit_of<'a>(st: &'a State, id: &str) -> &'a arcane::state::Unit {
    st.units.iter().find(|u| u.id == id).expect("unit")
}

// ---------------------------------------------------------------------------------------
// Readiness

#[test]
fn unit_abilities_are_ready_on_the_battlefield_and_figure_abilities_with_their_slot() {
    // seed 004 Special Abilities: "There are two types of special abilities based on where they are found on the unit."
    // seed 004 Unit Special Ability: "These abilities are ready as long as that unit remains on the battlefield."
    // seed 004 Figure Special Ability: "These abilities are ready while their corresponding slot is occupied by a figure."
    let (adj, st) = play(fixture_position("readiness"));
    let ready: Vec<(String, bool, Option<u32>)> = changes(&adj)
        .iter()
        .filter_map(|c| match c {
            Change::Ready {
                ability,
                ready,
                since,
                ..
            } => Some((ability.clone(), *ready, *since)),
            _ => None,
        })
        .collect();
    assert!(
        ready.contains(&("Lord of the Dead".into(), true, Some(0))),
        "{ready:?}"
    );
    assert!(
        ready.contains(&("Fireburst".into(), false, None)),
        "its slot is empty"
    );
    assert!(
        ready.contains(&("Bone Rampart".into(), false, None)),
        "off the battlefield"
    );
    // Returned to its slot at moment 2 (the second action), arrived at moment 3.
    assert!(
        ready.contains(&("Fireburst".into(), true, Some(2))),
        "{ready:?}"
    );
    assert!(
        ready.contains(&("Bone Rampart".into(), true, Some(3))),
        "{ready:?}"
    );
    assert!(unit_of(&st, "W").on_battlefield);
}

#[test]
fn an_ability_that_is_not_ready_is_not_active() {
    // seed 004 Special Abilities: "Special abilities are only active while they are ready."
    let (adj, _) = play(fixture_position("readiness"));
    let reasons = rejected(&adj);
    assert_eq!(reasons.len(), 1);
    assert!(reasons[0].contains("not ready"), "{reasons:?}");
    assert!(cites(&adj, cite::s::ONLY_READY.sentence));
}

// ---------------------------------------------------------------------------------------
// Activated abilities

#[test]
fn the_restriction_comes_before_any_cost() {
    // seed 004 Activated Abilities: "In order for the costs to be paid in the first place the activation restriction must be met."
    // seed 004 Activated Abilities: "For example, an ability that says "1 OP, if this unit is undead --" can only be used if that unit is undead."
    let (adj, st) = play(fixture_position("lord_of_the_dead"));
    let reasons = rejected(&adj);
    assert!(
        reasons[1].contains("is not met, so no cost is paid"),
        "{reasons:?}"
    );
    // Alice paid 1 OP once (the Cohort), not for the Living Legion.
    assert_eq!(st.players[0].op, 2);
    assert_eq!(unit_of(&st, "L").figures(), 1, "nothing returned");
    assert_eq!(
        unit_of(&st, "C").figures(),
        4,
        "one figure returned to the Cohort"
    );
    assert!(
        !unit_of(&st, "L").special_order,
        "a refused activation gives no Special Order"
    );
}

#[test]
fn one_special_order_a_turn_and_again_next_turn() {
    // seed 004 Activated Abilities: "Technically an activated ability itself has no inherent use cap (such as once per turn) but a unit may only be given one Special Order a turn."
    // seed 004 Activated Abilities: "Doing so requires giving the unit a special order."
    // seed 004 Activated Abilities: "During a player's order phase they may activate an activated ability."
    let mut p = fixture_position("lord_of_the_dead");
    p["actions"] = json!([
        {"do": "activate", "unit": "C", "ability": "Lord of the Dead"},
        {"do": "activate", "unit": "C", "ability": "Lord of the Dead"},
        {"do": "end_turn"},
        {"do": "phase", "phase": "order", "player": "Alice"},
        {"do": "activate", "unit": "C", "ability": "Lord of the Dead"}]);
    let (adj, st) = play(p);
    assert_eq!(rejected(&adj).len(), 1, "only the second of the first turn");
    assert_eq!(unit_of(&st, "C").figures(), 5);
    assert_eq!(st.players[0].op, 1);
    assert!(cites(&adj, cite::s::A_ONE_A_TURN.sentence));
    // A Special Order given as an order counts too.
    let mut p = fixture_position("lord_of_the_dead");
    p["actions"] = json!([
        {"do": "order", "unit": "C", "order": "move", "special": true},
        {"do": "activate", "unit": "C", "ability": "Lord of the Dead"}]);
    let (adj, _) = play(p);
    assert_eq!(rejected(&adj).len(), 1);
}

#[test]
fn every_cost_must_be_payable_and_downing_own_figures_is_a_cost() {
    // seed 004 Activated Abilities: "All costs must be payable to get the effect."
    // seed 004 Activated Abilities: "The usual cost to use an activated ability is some number of order points, though other costs such as downing one of the unit’s own figures may also be used."
    // seed 004 Activated Abilities: "Activated abilities require a cost to be paid in order for an effect to happen."
    // seed 004 Activated Abilities: "In order to get the effect of an activated ability, the cost must be paid."
    let v = json!({"game": "arcane", "players": [{"name": "Alice", "op": 5}, {"name": "Bob"}],
        "units": [{"id": "K", "owner": "Alice", "abilities": ["Bloodprice: 1 OP, down two figures from this unit -- Gain 2 VP."], "slots": [{}, {"occupied": false}]},
                  {"id": "E", "owner": "Bob", "slots": [{}]}],
        "actions": [{"do": "activate", "unit": "K", "ability": "Bloodprice"}]});
    let (adj, st) = play(v.clone());
    assert!(
        rejected(&adj)[0].contains("1 figure(s) to down, not 2"),
        "{:?}",
        rejected(&adj)
    );
    assert_eq!(st.players[0].op, 5, "the OP is not paid either");
    assert_eq!(st.players[0].vp, 0);
    let mut v = v;
    v["units"][0]["slots"] = json!([{}, {}, {}]);
    let (adj, st) = play(v);
    assert!(rejected(&adj).is_empty());
    assert_eq!((st.players[0].op, st.players[0].vp), (4, 2));
    assert_eq!(unit_of(&st, "K").figures(), 1);
    assert!(cites(&adj, cite::s::A_PAID.sentence));
}

#[test]
fn a_cost_the_engine_does_not_read_is_the_judges() {
    // house rule A5: "An effect, cost or condition whose words the engine does not read is put to the judge as a decision; its answer is a list of explicit changes, and without an answer nothing changes."
    let v = json!({"game": "arcane", "players": [{"name": "Alice", "op": 1}],
        "units": [{"id": "K", "owner": "Alice", "abilities": ["Oath: discard a card -- Gain 1 VP."], "slots": [{}]}],
        "actions": [{"do": "activate", "unit": "K", "ability": "Oath"}]});
    let (adj, st) = play(v.clone());
    assert_eq!(
        rejected(&adj).len(),
        1,
        "not payable unless the judge says so"
    );
    assert_eq!(st.players[0].vp, 0);
    let mut v = v;
    v["decisions"] = json!([{"decision": 1, "option": 1}]);
    let (_, st) = play(v);
    assert_eq!(st.players[0].vp, 1);
}

#[test]
fn only_the_active_player_in_the_order_phase_activates() {
    // seed 004 Activated Abilities: "During a player's order phase they may activate an activated ability."
    // house rule A8: "Only the active player activates abilities and gives orders, to their own units."
    let (adj, _) = play(fixture_position("rejections"));
    let reasons = rejected(&adj);
    assert!(reasons[0].contains("combat"), "{reasons:?}");
    assert!(reasons[1].contains("not Bob's order phase"), "{reasons:?}");
    assert!(reasons[3].contains("Alice has 1 OP, not 2"), "{reasons:?}");
    // seed 004 Special Abilities: "Special abilities come in one of three types: activated, triggered, and static, as shown by the way they are written."
    assert!(
        reasons[4].contains("static ability, not an activated one"),
        "{reasons:?}"
    );
    assert!(
        reasons[5].contains("triggered ability, not an activated one"),
        "{reasons:?}"
    );
}

#[test]
fn cost_downs_source_both_readings() {
    // seed 004 Activated Abilities: "In order to get the effect of an activated ability, the cost must be paid."
    let (adj, st) = play(fixture_position("interp_cost_downs_source_resolves"));
    assert_eq!(unit_of(&st, "E").damage, 2, "resolves: the effect happens");
    assert!(cites(&adj, cite::s::A_PAID.sentence));
    let (_, st) = play(fixture_position("interp_cost_downs_source_fizzles"));
    assert_eq!(unit_of(&st, "E").damage, 0, "fizzles: no effect");
    assert_eq!(st.players[0].op, 2, "the cost stays paid");
    assert!(!st.units[0].slots[0].occupied);
}

#[test]
fn restriction_on_resolution_both_readings() {
    // seed 004 Activated Abilities: "Some abilities can have an activation restriction."
    let (_, st) = play(fixture_position(
        "interp_restriction_on_resolution_before_paying",
    ));
    assert_eq!(st.players[0].vp, 1);
    let (_, st) = play(fixture_position("interp_restriction_on_resolution_again"));
    assert_eq!(st.players[0].vp, 0);
    assert_eq!(st.players[0].op, 2, "the costs stay paid");
}

#[test]
fn dash_and_trigger_both_readings() {
    // seed 004 Activated Abilities: "All activated abilities have a dash "--" that separates the cost and activation restrictions (to the left) from the effect (to the right)."
    // seed 004 Activated Abilities: "[Cost] [Activation restriction (if any)] -- [Effect.]"
    let (adj, st) = play(fixture_position("interp_dash_and_trigger_activated"));
    assert_eq!(count(&adj, |c| matches!(c, Change::Trigger { .. })), 0);
    assert!(st.units[0].effects.is_empty());
    assert_eq!(rejected(&adj).len(), 1);
    // seed 004 Triggered Abilities: "[Trigger condition,] [effect.]"
    let (adj, st) = play(fixture_position(
        "interp_dash_and_trigger_triggered_with_cost",
    ));
    assert_eq!(count(&adj, |c| matches!(c, Change::Trigger { .. })), 1);
    assert_eq!(st.units[0].effects[0].dice, Some(1));
    assert_eq!(st.players[0].op, 2);
}

// ---------------------------------------------------------------------------------------
// Triggered abilities

#[test]
fn a_trigger_triggers_once_per_occurrence_actually_downed() {
    // seed 004 Triggered Abilities: "A triggered ability only triggers once each time its trigger event occurs."
    // seed 004 Triggered Abilities: "However, if one event contains multiple occurrences of a trigger event the ability will trigger multiple times."
    // seed 004 Triggered Abilities: "For example, an ability that triggers Whenever a figure is downed from this unit, will trigger three times if another ability is used on that unit that says Down three target figures on an enemy unit."
    // seed 004 Triggered Abilities: "(As long as three figures are actually downed.)"
    let v = json!({"game": "arcane", "players": [{"name": "Alice", "op": 2}, {"name": "Bob"}],
        "units": [
            {"id": "H", "owner": "Alice", "abilities": ["Hex: 1 OP -- Down three target figures on an enemy unit."], "slots": [{}]},
            {"id": "C", "owner": "Bob", "card": "Barrow Legion Cohort", "slots": [{}, {}, {}, {}, {"abilities": ["Death Cloud"]}, {}]}],
        "contact": [["H", "C"]],
        "decisions": [{"decision": 1, "option": 1}],
        "actions": [{"do": "activate", "unit": "H", "ability": "Hex", "targets": ["C"]},
                    {"do": "end_turn"}, {"do": "phase", "phase": "order", "player": "Alice"},
                    {"do": "activate", "unit": "H", "ability": "Hex", "targets": ["C"]}]});
    let (adj, st) = play(v);
    let triggers: Vec<(u32, u32)> = changes(&adj)
        .iter()
        .filter_map(|c| match c {
            Change::Trigger { occurrence, of, .. } => Some((*occurrence, *of)),
            _ => None,
        })
        .collect();
    // Three downed (slots 1-3, pinned), then three asked of the three left: three downed,
    // and Death Cloud's own slot among them still triggers (ready at the event).
    assert_eq!(triggers, [(1, 3), (2, 3), (3, 3), (1, 3), (2, 3), (3, 3)]);
    assert_eq!(unit_of(&st, "C").figures(), 0);
    // Death Cloud dealt 1 damage to H six times (then end of turn cleared the first three).
    assert_eq!(unit_of(&st, "H").damage, 3);
}

#[test]
fn fewer_figures_than_asked_trigger_fewer_times() {
    // seed 004 Triggered Abilities: "(As long as three figures are actually downed.)"
    let (adj, _) = play(fixture_position("fireburst_death_cloud"));
    let last: Vec<u32> = changes(&adj)
        .iter()
        .filter_map(|c| match c {
            Change::Trigger { of, .. } => Some(*of),
            _ => None,
        })
        .collect();
    assert_eq!(last, [3, 3, 3, 2, 2]);
    assert!(cites(&adj, cite::s::T_ACTUALLY.sentence));
}

#[test]
fn readiness_is_taken_at_the_event_not_at_resolution() {
    // seed 004 Triggered Abilities: "Triggered abilities need only be ready when the trigger event occurs; they need not be ready when the trigger actually resolves."
    // seed 004 Triggered Abilities: "For example, a figure ability that triggers When this unit is dealt damage will trigger and resolve even if damage dealt to that unit also downs the figure causing this ability to be ready."
    let (adj, st) = play(fixture_position("dealt_damage_figure_ability"));
    assert!(changes(&adj).iter().any(|c| matches!(
        c,
        Change::Resolve {
            ready_now: false,
            ..
        }
    )));
    assert_eq!(st.players[0].op, 4, "it resolved: +1 OP");
    // An ability not ready at the event does not trigger, even if ready later.
    let v = json!({"game": "arcane", "players": [{"name": "Alice", "op": 0}],
        "units": [{"id": "V", "owner": "Alice", "abilities": ["Vengeance: When this unit is dealt damage, gain 1 OP."],
                   "slots": [{}, {"occupied": false, "abilities": ["Vengeance"]}]}],
        "actions": [{"do": "damage", "unit": "V", "amount": 1}, {"do": "return", "unit": "V", "count": 1}]});
    let (_, st) = play(v);
    assert_eq!(st.players[0].op, 0);
}

#[test]
fn declining_an_optional_trigger_means_no_part_happens() {
    // seed 004 Triggered Abilities: "Some triggered abilities are optional."
    // seed 004 Triggered Abilities: "Usually this is marked by the word may before the effect of the ability."
    // seed 004 Triggered Abilities: "If a played chooses not to use an optional triggered ability, no part of that ability happens."
    let mut p = fixture_position("legion_standard");
    let (adj, _) = play(p.clone());
    assert_eq!(
        count(&adj, |c| matches!(c, Change::Order { free: true, .. })),
        1,
        "used by default"
    );
    p["decisions"] = json!([{"decision": 1, "option": 2}]);
    let (adj, _) = play(p);
    assert_eq!(
        count(&adj, |c| matches!(c, Change::Order { free: true, .. })),
        0,
        "declined: no move order"
    );
    assert!(cites(&adj, cite::s::T_NO_PART.sentence));
}

#[test]
fn a_triggered_ability_with_a_cost_gains_its_effect_only_if_paid() {
    // seed 004 Triggered Abilities: "A triggered ability may have a cost in order to use the effect, but it is still considered a triggered ability."
    // seed 004 Triggered Abilities: "For example: Whenever this unit is given a ranged combat order, it may spend one order point to gain 2 blue dice until end of turn."
    // seed 004 Triggered Abilities: "This is still considered a triggered ability, though the effect is only gained if the cost is paid."
    let (adj, st) = play(fixture_position("triggered_cost"));
    let gained = count(&adj, |c| matches!(c, Change::GainEffect { .. }));
    assert_eq!(gained, 1, "the second turn, with 0 OP, gains nothing");
    assert!(st.units[0].effects.is_empty(), "until end of turn: gone");
    let queries: Vec<String> = changes(&adj)
        .iter()
        .filter_map(|c| match c {
            Change::Query { answer, .. } => Some(answer.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(queries, ["+2 blue"]);
}

#[test]
fn trigger_order_both_readings() {
    // seed 004 Triggered Abilities: "A triggered ability only triggers once each time its trigger event occurs."
    let order = |adj: &arcane::Adjudication| -> Vec<String> {
        changes(adj)
            .iter()
            .filter_map(|c| match c {
                Change::Resolve { ability, .. } => Some(ability.clone()),
                _ => None,
            })
            .collect()
    };
    let (adj, _) = play(fixture_position(
        "interp_trigger_order_active_player_orders",
    ));
    assert_eq!(order(&adj), ["Grim Tithe", "Death Cloud"], "pinned");
    assert_eq!(count(&adj, |c| matches!(c, Change::Decided { .. })), 2);
    let (adj, _) = play(fixture_position("interp_trigger_order_listed"));
    assert_eq!(order(&adj), ["Death Cloud", "Grim Tithe"]);
    assert_eq!(
        count(&adj, |c| matches!(c, Change::Decided { .. })),
        1,
        "no order decision"
    );
}

#[test]
fn may_scope_both_readings() {
    // seed 004 Triggered Abilities: "(Note that some abilities may be entirely optional, while others may just have optional pieces.)"
    let (_, st) = play(fixture_position("interp_may_scope_that_clause"));
    assert_eq!(
        st.units[0].effects.len(),
        1,
        "the red die: only the VP was declined"
    );
    assert_eq!(st.players[0].vp, 0);
    let (_, st) = play(fixture_position("interp_may_scope_whole_ability"));
    assert!(st.units[0].effects.is_empty(), "no part of it");
}

#[test]
fn the_seeds_trigger_examples_play() {
    // seed 004 Triggered Abilities: "Examples: Aggressive, Death Cloud, Leader of Men"
    // seed 004 Triggered Abilities: "Triggered abilities begin with the word When, At, or Whenever followed by the time or condition under which the ability will trigger, followed by the effect that happens."
    let (adj, st) = play(fixture_position("legion_standard"));
    let resolved: Vec<String> = changes(&adj)
        .iter()
        .filter_map(|c| match c {
            Change::Resolve { ability, .. } => Some(ability.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(resolved, ["Leader of Men", "Aggressive"]);
    assert!(
        st.units[0].effects.is_empty(),
        "the red die ended with the turn"
    );
    let (adj, _) = play(fixture_position("fireburst_death_cloud"));
    assert!(
        count(
            &adj,
            |c| matches!(c, Change::Resolve { ability, .. } if ability == "Death Cloud")
        ) == 5
    );
}

#[test]
fn the_seeds_activated_examples_play() {
    // seed 004 Activated Abilities: "Examples: Lord of the Dead, Healing, Fireburst"
    let (_, st) = play(fixture_position("healing_aura_of_peace"));
    assert_eq!(
        unit_of(&st, "G").figures(),
        5,
        "Healing returned two figures to the Standard"
    );
    let (_, st) = play(fixture_position("lord_of_the_dead"));
    assert_eq!(unit_of(&st, "C").figures(), 4);
    let (_, st) = play(fixture_position("fireburst_death_cloud"));
    assert_eq!(unit_of(&st, "C").damage, 2);
}

// ---------------------------------------------------------------------------------------
// Static abilities, precedence, reminder text

#[test]
fn a_static_forbidding_an_order_beats_the_rules_and_reminder_text_does_nothing() {
    // seed 004 Special Abilities: "If a special ability ever tells you do to something different than what the rules of the game tell you, the special ability takes precedence."
    // seed 004 Reminder Text: "It does not actually affect the play of the game; reminder text has no rules implications, and is only meant to make an ability easier to understand."
    // seed 004 Reminder Text: "Reminder text is italicized and in parenthesis placed at the end of an ability."
    // seed 004 Reminder Text: "Some abilities require further clarification and contain reminder text."
    let (adj, _) = play(fixture_position("healing_aura_of_peace"));
    let reasons = rejected(&adj);
    assert_eq!(reasons.len(), 1, "the charge, not the move");
    assert!(reasons[0].contains("Aura of Peace"), "{reasons:?}");
    assert!(count(&adj, |c| matches!(c, Change::Reminder { .. })) == 1);
    // Out of contact, the Aura does not reach.
    let mut p = fixture_position("healing_aura_of_peace");
    p["contact"] = json!([["S", "G"]]);
    let (adj, _) = play(p);
    assert!(rejected(&adj).is_empty());
}

#[test]
fn statics_are_in_effect_while_ready_and_their_condition_holds() {
    // seed 004 Static Abilities: "Static abilities are active as long as they are ready and do not occur because of a trigger or require activation."
    // seed 004 Static Abilities: "Static abilities are simply written as statements."
    // seed 004 Static Abilities: "Examples: Hail of Arrows, Nature Magic, Aura of Peace"
    // seed 004 Static Abilities: "Some static abilities may have a condition in which the ability is in effect."
    // seed 004 Static Abilities: "Intrinsically most static abilities must be ready to be in effect, but some may also require that the unit be attacking or that their owner has a certain number of victory points."
    let answers = |adj: &arcane::Adjudication| -> Vec<String> {
        changes(adj)
            .iter()
            .filter_map(|c| match c {
                Change::Query { answer, .. } => Some(answer.clone()),
                _ => None,
            })
            .collect()
    };
    let (adj, _) = play(fixture_position("longbowmen_hail_of_arrows"));
    assert_eq!(answers(&adj), ["+2 blue", "no extra dice", "no extra dice"]);
    let (adj, _) = play(fixture_position("nature_magic"));
    assert_eq!(
        answers(&adj),
        ["5s (Nature Magic)", "no ability in effect sets them"]
    );
    // A condition on victory points.
    let v = json!({"game": "arcane", "players": [{"name": "Alice", "vp": 3}],
        "units": [{"id": "M", "owner": "Alice", "abilities": ["Glory: While its owner has 3 or more victory points, its phantom dice are 6s."], "slots": [{}]}],
        "actions": [{"do": "query", "unit": "M", "value": "phantom_dice"}]});
    let (adj, _) = play(v);
    assert_eq!(answers(&adj), ["6s (Glory)"]);
}

#[test]
fn the_most_recently_readied_static_takes_precedence() {
    // seed 004 Static Abilities: "Occasionally two static abilities may be at odds."
    // seed 004 Static Abilities: "For example, one ability could say This unit's phantom dice are 1s and another ability could say This unit's phantom dice are 3s."
    // seed 004 Static Abilities: "In these cases timing rules must be used."
    // seed 004 Static Abilities: "In general the most recent ability to be made ready is the one that takes precedence."
    let (adj, _) = play(fixture_position("static_recency"));
    let answers: Vec<String> = changes(&adj)
        .iter()
        .filter_map(|c| match c {
            Change::Query { answer, .. } => {
                Some(answer.split(':').next().unwrap_or("").to_string())
            }
            _ => None,
        })
        .collect();
    assert_eq!(answers, ["3s", "1s (Grave Fog)", "3s"]);
    assert!(cites(&adj, cite::s::S_RECENT.sentence));
}

#[test]
fn static_tie_both_readings() {
    // seed 004 Static Abilities: "In general the most recent ability to be made ready is the one that takes precedence."
    let first = |adj: &arcane::Adjudication| {
        changes(adj)
            .iter()
            .find_map(|c| match c {
                Change::Query { answer, .. } => Some(answer[..2].to_string()),
                _ => None,
            })
            .unwrap_or_default()
    };
    let (adj, _) = play(fixture_position("interp_static_tie_owner_chooses"));
    assert_eq!(first(&adj), "1s");
    let mut p = fixture_position("interp_static_tie_owner_chooses");
    p["decisions"] = json!([{"decision": 1, "option": 2}]);
    let (adj, _) = play(p);
    assert_eq!(first(&adj), "3s", "the owner's pinned choice");
    let (adj, _) = play(fixture_position("interp_static_tie_listed_last"));
    assert_eq!(first(&adj), "3s");
    assert_eq!(count(&adj, |c| matches!(c, Change::Decided { .. })), 0);
}

// ---------------------------------------------------------------------------------------
// The judge's resolutions, errors

#[test]
fn words_the_engine_does_not_read_are_resolved_by_the_judge() {
    // house rule A5: "An effect, cost or condition whose words the engine does not read is put to the judge as a decision; its answer is a list of explicit changes, and without an answer nothing changes."
    let mut p = fixture_position("chariot_and_wall");
    p["resolutions"] = json!([{"resolution": 1, "changes": [{"vp": {"player": "Alice", "gain": 2}}, {"down": {"unit": "W", "slots": [2]}}]}]);
    let (adj, st) = play(p);
    assert_eq!(st.players[0].vp, 2);
    assert_eq!(unit_of(&st, "W").figures(), 1);
    assert!(changes(&adj)
        .iter()
        .any(|c| matches!(c, Change::Judge { answered: true, .. })));
    let mut p = fixture_position("chariot_and_wall");
    p.as_object_mut().unwrap().remove("resolutions");
    let (adj, st) = play(p);
    assert!(changes(&adj).iter().any(|c| matches!(
        c,
        Change::Judge {
            answered: false,
            ..
        }
    )));
    assert_eq!(st.players[0].vp, 0);
}

#[test]
fn position_errors_are_located() {
    let bad = json!({"game": "arcane", "players": [{"name": "Alice"}],
        "units": [
            {"id": "F", "owner": "Alicia", "card": "Jade Marches Flame Adept"},
            {"id": "G", "owner": "Alice", "card": "Jade Marches Flame Adepts"},
            {"id": "S", "owner": "Alice", "card": "Sunspire Field Surgeons", "slots": [{"abilities": ["Healing"]}, {"abilities": ["Heeling"]}]}],
        "actions": [{"do": "activate", "unit": "Q", "ability": "X"}]});
    let p = position(bad);
    let cat = catalogue();
    let errors = arcane::resolve(&p, &ArcaneCards(&cat)).expect_err("errors");
    let paths: Vec<&str> = errors.iter().map(|e| e.path.as_str()).collect();
    assert!(paths.contains(&"units[0].owner"), "{errors:?}");
    assert!(
        errors
            .iter()
            .any(|e| e.path == "units[0].card" && e.message.contains("Jade Marches Flame Adepts")),
        "{errors:?}"
    );
    assert!(
        errors
            .iter()
            .any(|e| e.path == "units[1].slots" && e.message.contains("name the slot")),
        "{errors:?}"
    );
    assert!(
        errors
            .iter()
            .any(|e| e.path == "units[2].slots" && e.message.contains("unit bar")),
        "{errors:?}"
    );
    assert!(
        errors
            .iter()
            .any(|e| e.path == "units[2].slots[1].abilities[0]" && e.message.contains("Healing")),
        "{errors:?}"
    );
    // Shape errors carry line and column.
    let e = Position::from_json(
        r#"{"game": "arcane", "players": [], "units": [], "actions": [{"do": "fly"}]}"#,
    )
    .unwrap_err();
    assert_eq!(e.path, "actions[0].do");
    assert!(e.line.is_some());
}

#[test]
fn hostile_positions_are_errors_or_play_out_never_panics() {
    let loop_unit = json!({"id": "A", "owner": "Alice", "abilities": [
        "Echo: Whenever a figure is downed from this unit, down one target figure on an enemy unit.",
        "Spite: When this unit is dealt damage, deal 1 damage to each enemy unit in contact with it."],
        "slots": [{}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}]});
    let mut other = loop_unit.clone();
    other["id"] = json!("B");
    other["owner"] = json!("Bob");
    let cases = [
        json!({"game": "arcane", "players": [{"name": "Alice"}, {"name": "Bob"}], "units": [loop_unit, other],
               "contact": [["A", "B"]],
               "actions": [{"do": "damage", "unit": "A", "amount": 1}, {"do": "down", "unit": "A", "count": 12},
                           {"do": "return", "unit": "B", "count": 99, "slots": [0, 13]},
                           {"do": "trigger", "unit": "A", "ability": "Spite", "occurrences": 12}]}),
        json!({"game": "arcane", "players": [{"name": "Alice"}], "units": [{"id": "A", "owner": "Alice", "slots": []}],
               "decisions": [{"decision": 1, "option": 9}],
               "actions": [{"do": "query", "unit": "A", "value": "dice", "against": "A"}, {"do": "end_turn"}]}),
        json!({"game": "arcane", "players": [{"name": "Alice", "op": 999}], "units": [{"id": "A", "owner": "Alice",
               "abilities": ["X: 999 OP, down 999 figures from this unit -- Return up to ten downed figures to this unit or to one friendly unit in contact with it."],
               "slots": [{}]}], "decisions": [{"decision": 1, "option": 5}],
               "actions": [{"do": "activate", "unit": "A", "ability": "X", "down": [1, 1]}]}),
    ];
    for v in cases {
        let Ok(p) = Position::from_json(&v.to_string()) else {
            continue;
        };
        if let Ok(mut st) = arcane::resolve(&p, &NoCards) {
            let adj = rules::play_out::<Arcane>(&mut st, RecordConfig { states: true });
            assert!(
                ["actions_done", "bad_pin"].contains(&adj.outcome.result),
                "{:?}",
                adj.outcome
            );
            assert!(adj.steps.len() < 20);
        }
    }
}

#[test]
fn a_pin_naming_no_option_stops_at_decisions() {
    let mut p = fixture_position("interp_static_tie_owner_chooses");
    p["decisions"] = json!([{"decision": 1, "option": 7}]);
    let (adj, _) = play(p);
    assert_eq!(adj.outcome.result, "bad_pin");
    assert_eq!(Arcane::stopped_by_input(&adj.outcome), Some("decisions"));
    assert!(rules::input_error::<Arcane>(&adj).is_some());
}

// ---------------------------------------------------------------------------------------
// Catalogue coverage, documents

#[test]
fn every_catalogue_arcane_unit_is_in_a_fixture() {
    let cat = catalogue();
    let fixtures: String = std::fs::read_dir(Path::new(ROOT).join("tests/fixtures/arcane"))
        .expect("dir")
        .flatten()
        .map(|e| std::fs::read_to_string(e.path()).unwrap_or_default())
        .collect();
    let units: Vec<String> = cat
        .cards()
        .iter()
        .filter(|c| c.game == "arcane")
        .map(|c| c.name.to_string())
        .collect();
    assert!(units.len() >= 7);
    for name in units {
        assert!(
            fixtures.contains(&format!("\"card\": \"{name}\"")),
            "no fixture plays {name}"
        );
    }
}

/// Every reading of every interpretation has its fixture,
/// `tests/fixtures/arcane/interp_<key>_<reading>.json`, taking that reading.
#[test]
fn every_reading_has_a_fixture() {
    assert_eq!(INTERPRETATIONS.len(), 10);
    for i in INTERPRETATIONS {
        for (n, (reading, _)) in i.readings.iter().enumerate() {
            let v = fixture_position(&format!("interp_{}_{}", i.key, reading));
            let taken = &v["interpretations"][i.key];
            if n == 0 {
                assert!(taken.is_null() || taken == reading, "{}: {taken}", i.key);
            } else {
                assert_eq!(taken, reading, "{}", i.key);
            }
        }
    }
}

/// Splits seed 004 into sentences: by line, a list number dropped, then after `.`, `?`,
/// `!` or `)` followed by a space and a capital or `(`.
pub fn seed_004_sentences() -> Vec<String> {
    let text = std::fs::read_to_string(Path::new(ROOT).join("docs/seeds/004_512eae7e464cc230.txt"))
        .expect("seed 004");
    let mut out = Vec::new();
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let line = match line.split_once(". ") {
            Some((n, rest)) if n.chars().all(|c| c.is_ascii_digit()) => rest,
            _ => line,
        };
        let chars: Vec<char> = line.chars().collect();
        let mut cur = String::new();
        for (i, c) in chars.iter().enumerate() {
            cur.push(*c);
            let ends = matches!(c, '.' | '?' | '!' | ')')
                && chars.get(i + 1) == Some(&' ')
                && chars
                    .get(i + 2)
                    .is_some_and(|n| n.is_uppercase() || *n == '(');
            if ends {
                out.push(cur.trim().to_string());
                cur.clear();
            }
        }
        if !cur.trim().is_empty() {
            out.push(cur.trim().to_string());
        }
    }
    out
}

#[test]
fn every_seed_citation_is_in_its_catalogue_keyword() {
    let cat = catalogue();
    for c in arcane::families::seed_citations() {
        let k = cat
            .keyword("arcane", c.rule)
            .unwrap_or_else(|| panic!("{} is not an arcane keyword", c.rule));
        assert_eq!(k.section, c.section, "{}", c.rule);
        assert!(
            k.text.contains(c.sentence),
            "{}: {:?} is not in its keyword's text",
            c.rule,
            c.sentence
        );
    }
}

#[test]
fn every_seed_citation_is_a_sentence_of_seed_004() {
    let sentences = seed_004_sentences();
    assert!(sentences.len() > 60);
    for c in arcane::families::seed_citations() {
        assert!(
            sentences.iter().any(|s| s == c.sentence),
            "{}: {:?} is not a sentence of seed 004",
            c.rule,
            c.sentence
        );
    }
}

#[test]
fn every_house_rule_is_quoted_in_the_rules_doc() {
    let doc = std::fs::read_to_string(Path::new(ROOT).join("docs/rules/arcane.md")).expect("doc");
    for c in cite::rules::ALL {
        assert!(
            doc.contains(&format!("### {} {}\n> {}", c.section, c.rule, c.sentence)),
            "house rule {}",
            c.section
        );
    }
}

#[test]
fn arcane_interpretations_table_is_current() {
    let body = docs::interpretations_table(INTERPRETATIONS, |r| r.to_string());
    docs::generated("docs/rules/arcane.md", "interpretations", &body);
}

// ---------------------------------------------------------------------------------------
// Surfaces: CLI, API, step pages

fn cli() -> assert_cmd::Command {
    let mut cmd = assert_cmd::Command::cargo_bin("arbiter").expect("binary");
    let dir = tempfile::tempdir().expect("tempdir").keep();
    cmd.env("ARBITER_DB", dir.join("catalogue.sqlite"));
    cmd
}

async fn api(body: String) -> (actix_web::http::StatusCode, Value) {
    let (status, _, text) = crate::common::http::post(
        crate::common::bundled_state(),
        "/api/adjudicate",
        Some("application/json"),
        None,
        body,
    )
    .await;
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

// Issue #18: `arbiter adjudicate` and `POST /api/adjudicate` play an arcane position
// alike; `final` lists each player's op and vp and each unit's id, slots and effects.
#[actix_rt::test]
async fn cli_and_api_play_an_arcane_position() {
    let p = fixture_position("fireburst_death_cloud");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("arcane.json");
    std::fs::write(&file, p.to_string()).unwrap();
    let out = cli()
        .arg("adjudicate")
        .arg(&file)
        .arg("--json")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let from_cli: Value = serde_json::from_slice(&out.stdout).unwrap();
    let (status, from_api) = api(p.to_string()).await;
    assert_eq!(status, actix_web::http::StatusCode::OK, "{from_api}");
    assert_eq!(from_cli, from_api, "one engine, one JSON");
    assert_eq!(from_api["final"]["players"][0]["op"], 2);
    assert_eq!(from_api["final"]["players"][1]["vp"], 0);
    assert_eq!(from_api["final"]["units"][1]["id"], "C");
    assert_eq!(from_api["final"]["units"][1]["slots"][0]["occupied"], false);
    assert_eq!(from_api["outcome"]["result"], "actions_done");
    let kinds: std::collections::BTreeSet<String> = from_api["steps"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|s| s["events"].as_array().unwrap().iter())
        .map(|e| e["rule"]["source"].as_str().unwrap().to_string())
        .collect();
    assert!(
        kinds.contains("seed") && kinds.contains("house"),
        "{kinds:?}"
    );
    let out = cli().arg("adjudicate").arg(&file).output().unwrap();
    let log = String::from_utf8(out.stdout).unwrap();
    assert!(log.contains("Death Cloud triggers"), "{log}");
    assert!(log.contains("C: slots occupied none of 6"), "{log}");
    // A bad position: located in both.
    let mut bad = p.clone();
    bad["units"][0]["card"] = json!("Jade Marches Flame Adept");
    let (status, v) = api(bad.to_string()).await;
    assert_eq!(status, actix_web::http::StatusCode::BAD_REQUEST);
    assert_eq!(v["errors"][0]["path"], "units[0].card", "{v}");
    std::fs::write(&file, bad.to_string()).unwrap();
    let out = cli().arg("adjudicate").arg(&file).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("units[0].card"));
}

// Issue #18: an arcane position opens on the generic step pages: units as trays of
// figure slots (downed marked), abilities ready or not, OP and VP; a decision pinned.
#[actix_rt::test]
async fn an_arcane_position_steps_through_and_a_decision_can_be_pinned() {
    use actix_web::http::StatusCode;
    use actix_web::test::TestRequest;
    let state = crate::common::bundled_state;
    let p = fixture_position("interp_static_tie_owner_chooses");
    let app = actix_web::test::init_service(
        actix_web::App::new().configure(arbiter::web::configure(state())),
    )
    .await;
    let resp = actix_web::test::call_service(
        &app,
        TestRequest::post()
            .uri("/adjudicate")
            .insert_header(("Content-Type", "application/x-www-form-urlencoded"))
            .set_payload(crate::common::http::form_field("json", &p.to_string()))
            .to_request(),
    )
    .await;
    let location = resp
        .headers()
        .get("location")
        .unwrap()
        .to_str()
        .unwrap()
        .to_string();
    let hash = location
        .strip_prefix("/adjudicate/p/")
        .and_then(|r| r.strip_suffix("/0"))
        .expect("a permalink")
        .to_string();
    let (status, _, text) =
        crate::common::http::get(state(), &format!("/adjudicate/p/{hash}/2.json"), None).await;
    assert_eq!(status, StatusCode::OK, "{text}");
    let v: Value = serde_json::from_str(&text).unwrap();
    let d = &v["decisions"][0];
    assert_eq!(d["question"], "which static takes precedence", "{v}");
    assert_eq!(d["options"][0]["chosen"], true);
    let board = v["board"].to_string();
    assert!(board.contains("Alice · 3 OP · 0 VP"), "{board}");
    assert!(board.contains("ready since moment 0"), "{board}");
    assert!(board.contains("downed"), "slot 3 is empty: {board}");
    let (status, _, html) =
        crate::common::http::get(state(), &format!("/adjudicate/p/{hash}/2"), None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        html.contains("Mystics (M)") && html.contains(r#"data-status="downed""#),
        "the tray, its downed slot marked"
    );
    let (status, _, text) = crate::common::http::send(
        state(),
        TestRequest::post()
            .uri(&format!("/adjudicate/p/{hash}/decide"))
            .insert_header(("Content-Type", "application/x-www-form-urlencoded"))
            .set_payload("decision=1&option=2&step=2"),
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER, "{text}");
    // The builder has no arcane form; its page says to paste the position's JSON.
    let (status, _, html) =
        crate::common::http::get(state(), "/adjudicate?game=arcane", None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("Arcane Legions"), "the game chooser names it");
    // The other reading of `static_tie`, side by side: they differ at the query.
    let resp = actix_web::test::call_service(
        &app,
        TestRequest::post()
            .uri(&format!("/adjudicate/p/{hash}/interpret"))
            .insert_header(("Content-Type", "application/x-www-form-urlencoded"))
            .set_payload("key=static_tie&step=2")
            .to_request(),
    )
    .await;
    assert_eq!(resp.status(), StatusCode::SEE_OTHER);
    let location = resp
        .headers()
        .get("location")
        .unwrap()
        .to_str()
        .unwrap()
        .to_string();
    assert!(
        location.starts_with(&format!("/adjudicate/compare/{hash}/")),
        "{location}"
    );
    let path = location.split('?').next().unwrap_or_default();
    let (status, _, text) = crate::common::http::get(state(), &format!("{path}.json"), None).await;
    assert_eq!(status, StatusCode::OK, "{text}");
    let v: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(
        v["interpretations"],
        json!([["static_tie", "owner_chooses", "listed_last"]])
    );
    assert_eq!(v["first_difference"], 2, "{v}");
}

#[test]
fn a_target_that_is_not_an_enemy_is_refused_before_paying() {
    // house rule A1: "Geometry, dice and the base combat rules are not in seed 004: contact, adjacency, ranges, dice results and which figures damage downs are entered by the judge; the engine rolls nothing."
    let mut p = fixture_position("interp_cost_downs_source_resolves");
    p["units"][1]["owner"] = json!("Alice");
    let (adj, st) = play(p);
    assert!(
        rejected(&adj)[0].contains("is not one"),
        "{:?}",
        rejected(&adj)
    );
    assert_eq!(st.players[0].op, 3, "nothing paid");
}

#[test]
fn ending_movement_in_contact_with_an_enemy_triggers_and_sets_contact() {
    // seed 004 Triggered Abilities: "A triggered ability only triggers once each time its trigger event occurs."
    let v = json!({"game": "arcane", "players": [{"name": "Alice"}, {"name": "Bob"}],
        "units": [{"id": "A", "owner": "Alice", "abilities": ["Ambush: When this unit ends its movement in contact with an enemy unit, gain 1 VP."], "slots": [{}]},
                  {"id": "F", "owner": "Alice", "slots": [{}]},
                  {"id": "E", "owner": "Bob", "slots": [{}]},
                  {"id": "D", "owner": "Bob", "slots": [{}]}],
        "actions": [{"do": "end_move", "unit": "A", "adjacent": ["F"]},
                    {"do": "end_move", "unit": "A", "adjacent": ["E", "D"]}]});
    let (adj, st) = play(v);
    assert_eq!(
        st.players[0].vp, 1,
        "once for one event, though two enemies"
    );
    assert_eq!(count(&adj, |c| matches!(c, Change::Trigger { .. })), 1);
    let a = st.index_of("A").unwrap();
    assert_eq!(st.contacts(a).len(), 3);
}

// ---------------------------------------------------------------------------------------
// Generated action sequences: never a panic, and the invariants hold.

fn generated_action() -> impl proptest::strategy::Strategy<Value = Value> {
    use proptest::prelude::*;
    let unit = prop::sample::select(vec!["C", "F", "S", "G"]);
    // Each unit with one of its own abilities: an ability it lacks is a position error.
    let owned = prop::sample::select(vec![
        ("C", "Lord of the Dead"),
        ("C", "Death Cloud"),
        ("F", "Fireburst"),
        ("F", "Nature Magic"),
        ("S", "Healing"),
        ("S", "Aura of Peace"),
        ("G", "Leader of Men"),
        ("G", "Aggressive"),
    ]);
    prop_oneof![
        (owned, prop::collection::vec(0usize..6, 0..2)).prop_map(|((u, a), down)| {
            json!({"do": "activate", "unit": u, "ability": a, "down": down, "targets": ["C"]})
        }),
        (
            unit.clone(),
            prop::sample::select(vec!["charge", "move", "ranged combat"]),
            any::<bool>()
        )
            .prop_map(|(u, o, s)| json!({"do": "order", "unit": u, "order": o, "special": s})),
        (unit.clone(), 0u32..8).prop_map(|(u, n)| json!({"do": "down", "unit": u, "count": n})),
        (unit.clone(), 0u32..4, 0u32..4)
            .prop_map(|(u, a, d)| json!({"do": "damage", "unit": u, "amount": a, "downs": d})),
        (unit.clone(), 0u32..8).prop_map(|(u, n)| json!({"do": "return", "unit": u, "count": n})),
        (unit.clone(), unit.clone())
            .prop_map(|(u, o)| json!({"do": "end_move", "unit": u, "adjacent": [o]})),
        prop::sample::select(vec!["Alice", "Bob"])
            .prop_map(|p| json!({"do": "phase", "phase": "order", "player": p})),
        Just(json!({"do": "end_turn"})),
        (
            unit.clone(),
            prop::sample::select(vec!["phantom_dice", "dice"])
        )
            .prop_map(|(u, v)| json!({"do": "query", "unit": u, "value": v, "against": "C"})),
    ]
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 96, ..Default::default() })]
    #[test]
    fn generated_actions_never_panic_and_keep_the_invariants(
        actions in proptest::collection::vec(generated_action(), 0..12),
        pins in proptest::collection::vec((1u32..6, 1usize..4), 0..3),
    ) {
        let mut pins: Vec<Value> = pins.iter().map(|(d, o)| json!({"decision": d, "option": o})).collect();
        pins.sort_by_key(|p| p["decision"].as_u64());
        pins.dedup_by_key(|p| p["decision"].as_u64());
        let v = json!({"game": "arcane", "players": [{"name": "Alice", "op": 4}, {"name": "Bob", "op": 4}],
            "units": [
                {"id": "C", "owner": "Bob", "card": "Barrow Legion Cohort", "slots": [{}, {}, {"abilities": ["Death Cloud"]}, {}, {"occupied": false}, {}]},
                {"id": "F", "owner": "Alice", "card": "Jade Marches Flame Adepts", "slots": [{"abilities": ["Fireburst"]}, {}, {}, {"abilities": ["Nature Magic"]}]},
                {"id": "S", "owner": "Alice", "card": "Sunspire Field Surgeons"},
                {"id": "G", "owner": "Alice", "card": "Sunspire Legion Standard"}],
            "contact": [["C", "F"], ["S", "G"]],
            "decisions": pins,
            "actions": actions});
        let v2 = v.clone();
        let (adj, st) = play(v);
        proptest::prop_assert!(["actions_done", "bad_pin"].contains(&adj.outcome.result));
        // Points never go below zero, slots never change in number, every event cites.
        proptest::prop_assert!(st.players.iter().all(|p| p.op <= 999));
        proptest::prop_assert_eq!(st.units[0].slots.len(), 6);
        for e in adj.steps.iter().flat_map(|s| &s.events) {
            proptest::prop_assert!(!e.rule.sentence.is_empty());
        }
        // Replaying the log's changes on the starting state reproduces the end: only
        // `apply` changes the state.
        let cat = catalogue();
        let mut again = arcane::resolve(&position(v2), &ArcaneCards(&cat)).expect("resolves");
        for e in adj.steps.iter().flat_map(|s| &s.events) {
            arcane::event::apply(&mut again, &e.change);
        }
        let board = |st: &State| -> Vec<(Vec<bool>, usize, u32)> {
            st.units.iter().map(|u| (u.slots.iter().map(|s| s.occupied).collect(), u.effects.len(), u.damage)).collect()
        };
        proptest::prop_assert_eq!(board(&again), board(&st));
        let points = |st: &State| -> Vec<(u32, u32)> { st.players.iter().map(|p| (p.op, p.vp)).collect() };
        proptest::prop_assert_eq!(points(&again), points(&st));
    }
}

/// A static whose words the engine does not read (the catalogue's Bone Rampart: "directly
/// behind" and ranged targeting are the table's, house rule A1) is never silently left
/// out: the first step names it for the judge, and a query of its unit says it was not
/// weighed, while a static the engine reads beside it is weighed as before.
#[test]
fn a_static_the_engine_does_not_read_is_named_for_the_judge_never_ignored() {
    // seed 004 Static Abilities: "Static abilities are active as long as they are ready and do not occur because of a trigger or require activation."
    let (adj, _) = play(json!({"game": "arcane",
        "players": [{"name": "Alice"}, {"name": "Bob"}],
        "units": [
            {"id": "W", "owner": "Alice", "card": "Ashen Bone Wall",
             "abilities": [
                "Bone Rampart: Friendly units directly behind this unit cannot be targeted by ranged attacks.",
                "Grave Fog: This unit's phantom dice are 1s."]},
            {"id": "X", "owner": "Bob", "name": "Plain", "abilities": []}],
        "actions": [{"do": "query", "unit": "W", "value": "phantom_dice"},
                    {"do": "query", "unit": "X", "value": "phantom_dice"}]}));
    let notes: Vec<(usize, String)> = adj
        .steps
        .iter()
        .enumerate()
        .flat_map(|(k, s)| s.events.iter().map(move |e| (k, e)))
        .filter_map(|(k, e)| match &e.change {
            Change::Note { what } if what.contains("Bone Rampart") => {
                assert!(
                    e.rule.house.is_some_and(|h| h.sentence.starts_with(
                        "An effect, cost or condition whose words the engine does not read"
                    )),
                    "cites house rule A5"
                );
                Some((k, what.clone()))
            }
            _ => None,
        })
        .collect();
    assert_eq!(notes.len(), 2, "{notes:?}");
    assert_eq!(notes[0].0, 0, "named at the first step");
    assert!(
        notes[0].1.contains("is not one the engine applies"),
        "{notes:?}"
    );
    assert_eq!(notes[1].0, 1, "and at W's query, not X's");
    assert!(
        notes[1].1.contains("not weighed in this answer"),
        "{notes:?}"
    );
    // Grave Fog, which the engine reads, still answers the query.
    assert!(changes(&adj)
        .iter()
        .any(|c| matches!(c, Change::Query { answer, .. } if answer.starts_with("1s"))));
}

/// `trigger_order: active_player_orders` beyond 4 triggers from one event: rather than
/// every order (120 for 5), the active player picks one place at a time, which trigger
/// left resolves next; unpinned, the listed order.
#[test]
fn five_triggers_from_one_event_are_ordered_one_place_at_a_time() {
    // seed 004 Triggered Abilities: "A triggered ability only triggers once each time its trigger event occurs."
    let abilities: Vec<String> = (1..=5)
        .map(|k| format!("T{k}: Whenever a figure is downed from this unit, gain 1 VP."))
        .collect();
    let base = json!({"game": "arcane",
        "players": [{"name": "Alice"}, {"name": "Bob"}],
        "interpretations": {"trigger_order": "active_player_orders"},
        "units": [{"id": "X", "owner": "Bob", "name": "Many", "abilities": abilities,
                   "slots": [{}, {}]}],
        "actions": [{"do": "down", "unit": "X", "count": 1, "slots": [1]}]});
    let resolved = |adj: &arcane::Adjudication| -> Vec<String> {
        changes(adj)
            .iter()
            .filter_map(|c| match c {
                Change::Resolve { ability, .. } => Some(ability.clone()),
                _ => None,
            })
            .collect()
    };
    let asked = |adj: &arcane::Adjudication| {
        count(
            adj,
            |c| matches!(c, Change::Decided { decision, .. } if decision.question == "the next trigger from one event"),
        )
    };
    let (adj, st) = play(base.clone());
    assert_eq!(
        resolved(&adj),
        ["T1", "T2", "T3", "T4", "T5"],
        "as listed by default"
    );
    assert_eq!(asked(&adj), 4, "a decision per place but the last");
    assert_eq!(st.players[1].vp, 5);
    let mut pinned = base;
    pinned["decisions"] = json!([{"decision": 1, "option": 3}, {"decision": 2, "option": 4}]);
    let (adj, _) = play(pinned.clone());
    assert_eq!(resolved(&adj), ["T3", "T5", "T1", "T2", "T4"]);
    // The second place has 4 options left: a pin of a fifth stops at the decisions.
    pinned["decisions"] = json!([{"decision": 1, "option": 3}, {"decision": 2, "option": 5}]);
    let (adj, _) = play(pinned);
    assert_eq!(adj.outcome.result, "bad_pin");
    assert_eq!(resolved(&adj), Vec::<String>::new());
}
