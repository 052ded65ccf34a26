//! KeyForge's ability types (seed 003) on the core: each seed sentence's behaviour, the
//! published rules the engine uses, both readings of every interpretation, rejected
//! actions, the effect language (every catalogue card reads fully; text outside it goes
//! to the judge), located position errors, the fixtures' log snapshots, and the documents
//! (every seed sentence verbatim in seed 003, every published and house rule quoted in
//! `docs/rules/keyforge.md`, the interpretations table current).
//!
//! Each behaviour test quotes the seed sentence it tests in a comment.

use crate::common::{docs, fixtures};
use std::path::Path;

use arbiter::adjudicate::{log_text, KeyforgeCards};
use arbiter::catalogue::Catalogue;
use arbiter::games::keyforge::effect::{read_text, Body};
use arbiter::games::keyforge::{
    self, cite, Change, Keyforge, NoCards, Position, State, INTERPRETATIONS,
};
use arbiter::rules::{self, Game, RecordConfig};
use serde_json::{json, Value};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn catalogue() -> Catalogue {
    let set = arbiter::catalogue::validate(&Path::new(ROOT).join("data")).expect("bundled data");
    Catalogue::from_data(set, "test".into())
}

fn position(v: &Value) -> Position {
    Position::from_json(&v.to_string()).unwrap_or_else(|e| panic!("{e}"))
}

/// Plays `v` (inline cards only) to the end: the log and the final state.
fn play(v: Value) -> (keyforge::Adjudication, State) {
    let p = position(&v);
    let mut st = keyforge::resolve(&p, &NoCards).unwrap_or_else(|e| panic!("{e:?}"));
    let adj = rules::play_out::<Keyforge>(&mut st, RecordConfig { states: false });
    (adj, st)
}

/// Plays `v` with the catalogue's cards.
fn play_cat(v: Value) -> (keyforge::Adjudication, State) {
    let cat = catalogue();
    let p = position(&v);
    let mut st = keyforge::resolve(&p, &KeyforgeCards(&cat)).unwrap_or_else(|e| panic!("{e:?}"));
    let adj = rules::play_out::<Keyforge>(&mut st, RecordConfig { states: false });
    (adj, st)
}

fn changes(adj: &keyforge::Adjudication) -> Vec<&Change> {
    adj.steps
        .iter()
        .flat_map(|s| &s.events)
        .map(|e| &e.change)
        .collect()
}

fn cites(adj: &keyforge::Adjudication, sentence: &str) -> bool {
    adj.steps.iter().flat_map(|s| &s.events).any(|e| {
        e.rule.sentence == sentence
            || e.rule.house.is_some_and(|h| h.sentence == sentence)
            || e.rule.also.is_some_and(|h| h.sentence == sentence)
    })
}

fn rejected(adj: &keyforge::Adjudication) -> Vec<String> {
    changes(adj)
        .iter()
        .filter_map(|c| match c {
            Change::Rejected(r) => Some(r.reason.clone()),
            _ => None,
        })
        .collect()
}

fn amber(st: &State, p: usize) -> i32 {
    st.players[p].amber
}

fn damage(st: &State, id: &str) -> i32 {
    st.card(id).map_or(-1, |c| c.damage)
}

fn zone_of(st: &State, id: &str) -> &'static str {
    st.find(id).map_or("nowhere", |l| l.place.name())
}

fn creature(id: &str, house: &str, power: i32, text: &str) -> Value {
    json!({"id": id, "house": house, "power": power, "text": text})
}

/// Ann (active, house Brobnar) against Bob.
fn turn(ann: Value, bob: Value, actions: Value) -> Value {
    let mut a = json!({"name": "Ann", "amber": 0});
    let mut b = json!({"name": "Bob", "amber": 0});
    for (to, from) in [(&mut a, ann), (&mut b, bob)] {
        if let Value::Object(m) = from {
            for (k, v) in m {
                to[k] = v;
            }
        }
    }
    json!({"game": "keyforge", "house": "Brobnar", "players": [a, b], "actions": actions})
}

// ---------------------------------------------------------------------------------------
// Seed 003: the examples

#[test]
fn mack_the_knife_reads_as_one_action_and_two_constants() {
    // seed 003 Ability: "Mack the Knife has both an Action ability (Deal 1 damage...) and two Constant abilities (Elusive and You may use Mack the Knife as if it belonged to the active house)"
    let cat = catalogue();
    let mack = cat
        .card("keyforge", "Mack the Knife")
        .expect("in the catalogue");
    let abilities = read_text(&mack.text, &mack.name);
    let constants = abilities.iter().filter(|a| a.is_constant()).count();
    let actions = abilities
        .iter()
        .filter(|a| a.has(keyforge::effect::Trigger::Action))
        .count();
    assert_eq!((constants, actions), (2, 1));
    // Used under another house, as if it belonged to the active one.
    let (adj, st) = play_cat(json!({"game": "keyforge", "house": "Ironhowl",
        "players": [{"name": "Ann", "amber": 0, "battleline": [{"id": "mack", "card": "Mack the Knife"}]},
                    {"name": "Bob", "amber": 0, "battleline": [{"id": "imp", "house": "Dis", "power": 1}]}],
        "actions": [{"do": "action", "card": "mack"}]}));
    assert!(rejected(&adj).is_empty(), "{:?}", rejected(&adj));
    assert_eq!(zone_of(&st, "imp"), "discard pile");
    assert_eq!(
        amber(&st, 0),
        1,
        "If this damage destroys that creature, gain 1Æ"
    );
}

#[test]
fn mighty_javelin_sacrifices_itself_then_deals_four() {
    // seed 003 Ability: "Mighty Javelin has the Omni ability: Sacrifice Mighty Javelin, Deal 4 damage to a creature"
    let (adj, st) = play_cat(json!({"game": "keyforge", "house": "Gloamwatch",
        "players": [{"name": "Ann", "amber": 0, "artifacts": [{"id": "jav", "card": "Mighty Javelin"}]},
                    {"name": "Bob", "amber": 0, "battleline": [{"id": "x", "house": "Dis", "power": 5, "armor": 1}]}],
        "actions": [{"do": "omni", "card": "jav"}]}));
    assert_eq!(zone_of(&st, "jav"), "discard pile");
    assert_eq!(damage(&st, "x"), 3, "4 damage, armor 1");
    assert!(cites(&adj, cite::base::USE_SACRIFICED.sentence));
}

#[test]
fn horseman_of_pestilence_spares_horsemen() {
    // seed 003 Ability: "Horseman of Pestilence has Play, Fight, and Reap abilities."
    // seed 003 Ability: "Deal 1 damage to each non-Horseman creature."
    let cat = catalogue();
    let h = cat
        .card("keyforge", "Horseman of Pestilence")
        .expect("card");
    let a = &read_text(&h.text, &h.name)[0];
    use keyforge::effect::Trigger::*;
    assert_eq!(a.triggers, vec![Play, Fight, Reap]);
    let (_, st) = play_cat(json!({"game": "keyforge", "house": "Cinderpit",
        "players": [{"name": "Ann", "amber": 0, "battleline": [{"id": "h", "card": "Horseman of Pestilence"},
                      {"id": "h2", "card": "Horseman of Pestilence"}, {"id": "pal", "house": "Cinderpit", "power": 3}]},
                    {"name": "Bob", "amber": 0, "battleline": [{"id": "foe", "house": "Dis", "power": 3}]}],
        "actions": [{"do": "reap", "card": "h"}]}));
    assert_eq!(damage(&st, "pal"), 1);
    assert_eq!(damage(&st, "foe"), 1);
    assert_eq!(damage(&st, "h2"), 0, "a Horseman is spared");
    assert_eq!(amber(&st, 0), 1);
}

#[test]
fn every_catalogue_keyforge_card_reads_fully_in_the_effect_language() {
    // seed 003 Ability: "An ability is the special game text a card contributes to the game."
    let cat = catalogue();
    let cards: Vec<_> = cat
        .cards()
        .iter()
        .filter(|c| c.game == "keyforge")
        .collect();
    assert!(cards.len() >= 8, "{}", cards.len());
    for c in cards {
        for a in read_text(&c.text, &c.name) {
            assert_ne!(
                a.body,
                Body::Judge,
                "{}: {:?} is outside the language",
                c.name,
                a.text
            );
        }
    }
}

// ---------------------------------------------------------------------------------------
// Seed 003: each ability type

#[test]
fn an_action_exhausts_then_resolves() {
    // seed 003 Action: "To use an “Action:” ability during their turn, the active player must exhaust the card."
    // seed 003 Action: "The ability then resolves."
    let (adj, st) = play(turn(
        json!({"battleline": [creature("a", "Brobnar", 2, "Action: Gain 2Æ.")]}),
        json!({}),
        json!([{"do": "action", "card": "a"}, {"do": "action", "card": "a"}]),
    ));
    assert!(st.card("a").unwrap().exhausted);
    assert_eq!(amber(&st, 0), 2);
    let first = changes(&adj);
    let exhaust = first
        .iter()
        .position(|c| matches!(c, Change::Exhaust { .. }))
        .unwrap();
    let resolve = first
        .iter()
        .position(|c| matches!(c, Change::Resolve { .. }))
        .unwrap();
    assert!(exhaust < resolve, "exhaust, then the ability resolves");
    assert_eq!(
        rejected(&adj).len(),
        1,
        "the exhausted card cannot be used again"
    );
}

#[test]
fn constant_abilities_work_while_exhausted_and_never_exhaust() {
    // seed 003 Constant: "If a card has an ability that does not have a boldfaced precursor, the ability is a constant ability that is active so long as the card remains in play and meets all conditions specified by the ability."
    // seed 003 Constant: "Constant abilities on a card are active even while that card is exhausted."
    // seed 003 Constant: "Applying the effects of a constant ability is not considered using a card and therefore does not cause the card to exhaust."
    let (adj, st) = play(turn(
        json!({"battleline": [creature("a", "Brobnar", 3, "")]}),
        json!({"battleline": [{"id": "e", "house": "Dis", "power": 2, "text": "Elusive.", "exhausted": false}]}),
        json!([{"do": "fight", "card": "a", "target": "e"}]),
    ));
    assert_eq!(damage(&st, "e"), 0);
    assert_eq!(damage(&st, "a"), 0);
    assert!(
        !st.card("e").unwrap().exhausted,
        "applying Elusive does not exhaust"
    );
    assert!(cites(&adj, cite::seed003::CONSTANT_NOT_USE.sentence));
    // A constant forbids what it says: a card that cannot be used to reap.
    let (adj, _) = play(turn(
        json!({"battleline": [creature("o", "Brobnar", 3, "This creature cannot be used to reap.")]}),
        json!({}),
        json!([{"do": "reap", "card": "o"}]),
    ));
    assert!(rejected(&adj)[0].contains("cannot be used to reap"));
    assert!(cites(&adj, cite::seed003::CONSTANT.sentence));
}

#[test]
fn fight_abilities_resolve_only_for_a_surviving_attacker() {
    // seed 003 Fight: "If a card is used to attack and the attacker is not destroyed, all “Fight:” abilities on the attacking creature then resolve."
    let (_, st) = play(turn(
        json!({"battleline": [creature("a", "Brobnar", 5, "Fight: Gain 2Æ.")]}),
        json!({"battleline": [creature("d", "Dis", 2, "")]}),
        json!([{"do": "fight", "card": "a", "target": "d"}]),
    ));
    assert_eq!(amber(&st, 0), 2);
    let (_, st) = play(turn(
        json!({"battleline": [creature("a", "Brobnar", 2, "Fight: Gain 2Æ.")]}),
        json!({"battleline": [creature("d", "Dis", 5, "")]}),
        json!([{"do": "fight", "card": "a", "target": "d"}]),
    ));
    assert_eq!(amber(&st, 0), 0, "the attacker was destroyed");
    assert_eq!(zone_of(&st, "a"), "discard pile");
}

#[test]
fn only_the_attacker_triggers_fight_and_end_of_fight_constants_need_survival() {
    // seed 003 Fight: "Only the attacker can trigger “Fight:” abilities."
    // seed 003 Fight: "If either creature in a fight has a constant ability referencing the end of the fight (example: “after an enemy creature is destroyed fighting this creature…”), the creature must survive the fight to resolve the ability."
    let text =
        "Fight: Gain 3Æ.\nAfter an enemy creature is destroyed fighting this creature, gain 1Æ.";
    let (adj, st) = play(turn(
        json!({"battleline": [creature("a", "Brobnar", 1, "")]}),
        json!({"battleline": [creature("d", "Dis", 4, text)]}),
        json!([{"do": "fight", "card": "a", "target": "d"}]),
    ));
    // The defender survives and gains 1 for the enemy destroyed, its controller Bob;
    // its Fight: ability (3Æ) does not trigger.
    assert_eq!(amber(&st, 1), 1);
    assert!(cites(&adj, cite::seed003::FIGHT_ATTACKER_ONLY.sentence));
    let (adj, st) = play(turn(
        json!({"battleline": [creature("a", "Brobnar", 9, "")]}),
        json!({"battleline": [creature("d", "Dis", 9, text)]}),
        json!([{"do": "fight", "card": "a", "target": "d"}]),
    ));
    assert_eq!(
        amber(&st, 1),
        0,
        "both destroyed: the defender did not survive"
    );
    assert!(changes(&adj)
        .iter()
        .any(|c| matches!(c, Change::NotResolved { card, .. } if card == "d")));
}

#[test]
fn play_abilities_resolve_when_played_from_anywhere_but_not_when_put_into_play() {
    // seed 003 Play: "When a card has a “Play:” ability, the effect occurs any time the card is played."
    // seed 003 Play: "For creatures, artifacts, and upgrades, the ability resolves immediately after the card enters play."
    // seed 003 Play: "If an ability “plays” a card from a source other than hand, “Play:” abilities on the card resolve."
    // seed 003 Play: "If an ability “puts” a card “into play,” “Play:” abilities on the card do not resolve."
    let (adj, st) = play(turn(
        json!({"hand": [creature("h", "Brobnar", 2, "Play: Gain 1Æ.")],
               "discard": [creature("g", "Dis", 2, "Play: Gain 1Æ.")],
               "archives": [creature("w", "Dis", 2, "Play: Gain 1Æ.")]}),
        json!({}),
        json!([{"do": "play", "card": "h"}, {"do": "play_from", "card": "g", "zone": "discard"},
               {"do": "put_into_play", "card": "w", "zone": "archives"}]),
    ));
    assert_eq!(amber(&st, 0), 2, "played twice, put into play once");
    assert!(rejected(&adj).is_empty());
    // Each entered play before its Play: ability resolved, and entered exhausted.
    let all = changes(&adj);
    let moved = all
        .iter()
        .position(|c| matches!(c, Change::Move { card, .. } if card == "h"))
        .unwrap();
    let resolved = all
        .iter()
        .position(|c| matches!(c, Change::Resolve { card, .. } if card == "h"))
        .unwrap();
    assert!(moved < resolved);
    for id in ["h", "g", "w"] {
        assert_eq!(zone_of(&st, id), "battleline");
        assert!(st.card(id).unwrap().exhausted, "{id} enters exhausted");
    }
}

#[test]
fn an_action_card_resolves_then_goes_to_its_owners_discard() {
    // seed 003 Play: "For action cards, the ability resolves, and then the card is placed in its owner’s discard pile."
    let (adj, st) = play(turn(
        json!({"hand": [{"id": "boom", "house": "Brobnar", "type": "action", "text": "Play: Deal 2 damage to each enemy creature.", "owner": "Bob"}]}),
        json!({"battleline": [creature("x", "Dis", 3, "")]}),
        json!([{"do": "play", "card": "boom"}]),
    ));
    assert_eq!(damage(&st, "x"), 2);
    assert_eq!(zone_of(&st, "boom"), "discard pile");
    assert_eq!(
        st.find("boom").unwrap().player,
        1,
        "its owner's discard pile"
    );
    let all = changes(&adj);
    let resolved = all
        .iter()
        .position(|c| matches!(c, Change::Damage { .. }))
        .unwrap();
    let discarded = all
        .iter()
        .rposition(|c| matches!(c, Change::Move { card, .. } if card == "boom"))
        .unwrap();
    assert!(resolved < discarded);
}

#[test]
fn reaping_exhausts_gains_one_then_reap_abilities() {
    // seed 003 Reap: "When a player uses a creature to reap, the player exhausts the creature, gains 1 Æmber for their Æmber pool, and then all “Reap:” abilities on the creature resolve."
    let (adj, st) = play(turn(
        json!({"battleline": [creature("r", "Brobnar", 2, "Reap: Gain 2Æ.")]}),
        json!({}),
        json!([{"do": "reap", "card": "r"}]),
    ));
    assert_eq!(amber(&st, 0), 3);
    let kinds: Vec<&str> = changes(&adj)
        .iter()
        .map(|c| match c {
            Change::Exhaust { .. } => "exhaust",
            Change::Amber { .. } => "amber",
            Change::Resolve { .. } => "resolve",
            _ => "other",
        })
        .filter(|k| *k != "other")
        .collect();
    assert_eq!(kinds, ["exhaust", "amber", "resolve", "amber"]);
}

#[test]
fn omni_is_used_whatever_the_active_house() {
    // seed 003 Omni: "The active player may trigger any ”Omni:“ abilities under their control during any of their turns, even if the card with the ”Omni:“ ability does not belong to the active house."
    let (adj, st) = play(turn(
        json!({"artifacts": [{"id": "o", "house": "Logos", "type": "artifact", "text": "Omni: Gain 1Æ."}]}),
        json!({"artifacts": [{"id": "theirs", "house": "Logos", "type": "artifact", "text": "Omni: Gain 1Æ."}]}),
        json!([{"do": "omni", "card": "o"}, {"do": "omni", "card": "theirs"}]),
    ));
    assert_eq!(amber(&st, 0), 1);
    assert_eq!(
        rejected(&adj).len(),
        1,
        "only Omni abilities under their control"
    );
    assert!(cites(&adj, cite::seed003::OMNI.sentence));
}

#[test]
fn abilities_touch_only_cards_in_play() {
    // seed 003 Ability: "Unless an ability explicitly references an out-of-play area (such as a hand, deck, archives, or discard pile), that ability can only interact with cards that are in play."
    let (adj, st) = play(turn(
        json!({"battleline": [creature("a", "Brobnar", 2, "Action: Destroy a creature.")],
               "hand": [creature("mine", "Brobnar", 2, "")]}),
        json!({"discard": [creature("dead", "Dis", 1, "")]}),
        json!([{"do": "action", "card": "a", "targets": ["dead"]}]),
    ));
    assert_eq!(zone_of(&st, "dead"), "discard pile");
    assert_eq!(zone_of(&st, "mine"), "hand");
    assert!(cites(&adj, cite::seed003::IN_PLAY_ONLY.sentence));
    // An ability that names an out-of-play area reaches it: archive a card from hand.
    let (_, st) = play(turn(
        json!({"battleline": [creature("a", "Brobnar", 2, "Action: Archive a card.")],
               "hand": [creature("mine", "Brobnar", 2, "")]}),
        json!({}),
        json!([{"do": "action", "card": "a"}]),
    ));
    assert_eq!(zone_of(&st, "mine"), "archives");
}

// ---------------------------------------------------------------------------------------
// Published rules

#[test]
fn the_fight_runs_in_the_published_order() {
    // Before Fight: resolves before the exchange; armor once a turn; both deal damage.
    let (adj, st) = play(turn(
        json!({"battleline": [creature("a", "Brobnar", 4, "Before Fight: Gain 1Æ.")]}),
        json!({"battleline": [{"id": "d", "house": "Dis", "power": 3, "armor": 2}]}),
        json!([{"do": "fight", "card": "a", "target": "d"}]),
    ));
    assert_eq!(damage(&st, "d"), 2, "4 less armor 2");
    assert_eq!(damage(&st, "a"), 3);
    assert_eq!(amber(&st, 0), 1);
    assert!(cites(&adj, cite::base::BEFORE_FIGHT.sentence));
    assert!(cites(&adj, cite::base::ARMOR.sentence));
}

#[test]
fn armor_is_once_per_turn_in_total() {
    let (_, st) = play(turn(
        json!({"battleline": [creature("a", "Brobnar", 2, "Action: Deal 2 damage to a creature."),
                              creature("b", "Brobnar", 2, "Action: Deal 2 damage to a creature.")]}),
        json!({"battleline": [{"id": "d", "house": "Dis", "power": 9, "armor": 2, "armor_used": 1}]}),
        json!([{"do": "action", "card": "a", "targets": ["d"]}, {"do": "action", "card": "b", "targets": ["d"]}]),
    ));
    assert_eq!(damage(&st, "d"), 3, "1 armor left: 1 + 2");
}

#[test]
fn a_creature_with_no_target_cannot_fight_and_stunned_creatures_only_unstun() {
    let (adj, st) = play(turn(
        json!({"battleline": [creature("a", "Brobnar", 2, ""), {"id": "s", "house": "Brobnar", "power": 2, "stunned": true}]}),
        json!({"battleline": [creature("d", "Dis", 1, "")]}),
        json!([{"do": "fight", "card": "s", "target": "d"}, {"do": "fight", "card": "a", "target": "d"}, {"do": "fight", "card": "a"}]),
    ));
    assert!(!st.card("s").unwrap().stunned);
    assert!(st.card("s").unwrap().exhausted);
    assert_eq!(
        zone_of(&st, "d"),
        "discard pile",
        "the stunned fight did nothing; a's did"
    );
    assert!(rejected(&adj).iter().any(|r| r.contains("exhausted")));
}

// ---------------------------------------------------------------------------------------
// Interpretations: both readings

fn with_reading(mut v: Value, key: &str, value: &str) -> Value {
    v["interpretations"] = json!({ key: value });
    v
}

#[test]
fn fight_stopped_early_and_attacker_gone_both_readings() {
    // seed 003 Fight: "If a card is used to attack and the attacker is not destroyed, all “Fight:” abilities on the attacking creature then resolve."
    let v = turn(
        json!({"battleline": [creature("a", "Brobnar", 2, "Assault 2.\nFight: Gain 1Æ.")]}),
        json!({"battleline": [creature("d", "Dis", 2, "")]}),
        json!([{"do": "fight", "card": "a", "target": "d"}]),
    );
    let (_, st) = play(v.clone());
    assert_eq!(amber(&st, 0), 0, "published: the fight stopped early");
    let (_, st) = play(with_reading(v, "fight_stopped_early", "resolve"));
    assert_eq!(amber(&st, 0), 1, "the seed: the attacker was not destroyed");
    // The attacker leaves play another way: returned to hand before the exchange.
    let v = turn(
        json!({"battleline": [creature("a", "Brobnar", 2, "Before Fight: Return this creature to its owner's hand.\nFight: Gain 1Æ.")]}),
        json!({"battleline": [creature("d", "Dis", 5, "")]}),
        json!([{"do": "fight", "card": "a", "target": "d"}]),
    );
    let (_, st) = play(v.clone());
    assert_eq!(
        (amber(&st, 0), zone_of(&st, "a"), damage(&st, "d")),
        (0, "hand", 0)
    );
    let (_, st) = play(with_reading(v.clone(), "fight_stopped_early", "resolve"));
    assert_eq!(
        amber(&st, 0),
        0,
        "the fight stopped early, but the attacker also left play: the other key decides"
    );
    let mut both = v;
    both["interpretations"] =
        json!({"fight_stopped_early": "resolve", "fight_attacker_gone": "resolve"});
    let (_, st) = play(both);
    assert_eq!(
        (amber(&st, 0), zone_of(&st, "a")),
        (1, "hand"),
        "not destroyed: it resolves"
    );
}

#[test]
fn omni_exhausts_both_readings() {
    let v = turn(
        json!({"artifacts": [{"id": "o", "house": "Logos", "type": "artifact", "text": "Omni: Gain 1Æ."}]}),
        json!({}),
        json!([{"do": "omni", "card": "o"}, {"do": "omni", "card": "o"}]),
    );
    let (_, st) = play(v.clone());
    assert_eq!(amber(&st, 0), 1);
    assert!(st.card("o").unwrap().exhausted);
    let (_, st) = play(with_reading(v, "omni_exhausts", "free"));
    assert_eq!(amber(&st, 0), 2);
    assert!(!st.card("o").unwrap().exhausted);
}

#[test]
fn active_house_both_readings() {
    let v = turn(
        json!({"battleline": [creature("a", "Dis", 2, "")]}),
        json!({}),
        json!([{"do": "reap", "card": "a"}]),
    );
    let (adj, st) = play(v.clone());
    assert_eq!(amber(&st, 0), 0);
    assert!(rejected(&adj)[0].contains("not the active house"));
    let (_, st) = play(with_reading(v, "active_house", "any_house"));
    assert_eq!(amber(&st, 0), 1);
}

#[test]
fn futile_use_both_readings() {
    // seed 003 Action: "To use an “Action:” ability during their turn, the active player must exhaust the card."
    let v = turn(
        json!({"battleline": [creature("a", "Brobnar", 2, "Action: Steal 2Æ.")]}),
        json!({"amber": 0}),
        json!([{"do": "action", "card": "a"}]),
    );
    let (adj, st) = play(v.clone());
    assert!(rejected(&adj).is_empty());
    assert!(st.card("a").unwrap().exhausted);
    let (adj, st) = play(with_reading(v, "futile_use", "refused"));
    assert_eq!(rejected(&adj).len(), 1);
    assert!(!st.card("a").unwrap().exhausted);
}

// ---------------------------------------------------------------------------------------
// Bonus icons (published rule "Bonus icons": not in seed 003)

/// Ann plays `icons` (power 3, bonus `bonus`, "Play: Gain 2Æ.") next to her `ally`
/// against Bob's `weak` (power 1) and `tank` (power 4, armor 1); Ann's deck `top`,
/// `second`; Bob has 2Æ.
fn icon_turn(bonus: Value, extra: Value) -> Value {
    let mut v = turn(
        json!({"hand": [{"id": "icons", "house": "Brobnar", "power": 3, "bonus": bonus, "text": "Play: Gain 2Æ."}],
               "deck": [{"id": "top", "house": "Brobnar", "power": 1}, {"id": "second", "house": "Brobnar", "power": 1}],
               "battleline": [creature("ally", "Brobnar", 2, "")]}),
        json!({"amber": 2, "battleline": [creature("weak", "Dis", 1, ""),
                                          {"id": "tank", "house": "Dis", "power": 4, "armor": 1}]}),
        json!([{"do": "play", "card": "icons"}]),
    );
    if let Value::Object(m) = extra {
        for (k, x) in m {
            v[k] = x;
        }
    }
    v
}

#[test]
fn bonus_icons_resolve_one_at_a_time_top_to_bottom_before_play_abilities() {
    let (adj, st) = play(icon_turn(
        json!(["draw", "damage", "capture", "amber"]),
        json!({}),
    ));
    let order: Vec<String> = changes(&adj)
        .iter()
        .filter_map(|c| match c {
            Change::BonusIcon { icon, n, of, .. } => Some(format!("{n}/{of} {}", icon.name())),
            Change::Resolve { text, .. } => Some(text.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(
        order,
        [
            "1/4 draw",
            "2/4 damage",
            "3/4 capture",
            "4/4 amber",
            "Gain 2Æ."
        ],
        "top to bottom, then the Play: ability"
    );
    assert_eq!(zone_of(&st, "top"), "hand", "the draw takes the top card");
    assert_eq!(zone_of(&st, "second"), "deck");
    assert_eq!(
        zone_of(&st, "weak"),
        "discard pile",
        "1 damage destroys power 1"
    );
    assert_eq!(
        st.card("ally").unwrap().amber,
        1,
        "the first friendly creature captures"
    );
    assert_eq!((amber(&st, 0), amber(&st, 1)), (3, 1));
    assert!(cites(&adj, cite::base::BONUS.sentence));
}

#[test]
fn bonus_icon_choices_take_the_targets_then_the_pins_then_the_default_policy() {
    let icons = json!(["capture", "damage"]);
    // The default policy (house rule K4), named in the log.
    let (adj, st) = play(icon_turn(icons.clone(), json!({})));
    assert_eq!(st.card("ally").unwrap().amber, 1);
    assert_eq!(zone_of(&st, "weak"), "discard pile");
    let policies: Vec<(&str, bool)> = changes(&adj)
        .iter()
        .filter_map(|c| match c {
            Change::Choice { decision, .. } => Some((decision.policy, decision.pinned)),
            _ => None,
        })
        .collect();
    assert_eq!(
        policies,
        [
            ("the first friendly creature from the left not already being destroyed", false),
            ("the first option (enemy creatures left to right, then friendly) not already being destroyed", false)
        ]
    );
    // Pinned: the played creature captures; the damage goes to the armored creature.
    let (adj, st) = play(icon_turn(
        icons.clone(),
        json!({"decisions": [{"decision": 1, "option": 2}, {"decision": 2, "option": 2}]}),
    ));
    assert_eq!(st.card("icons").unwrap().amber, 1);
    assert_eq!(st.card("ally").unwrap().amber, 0);
    assert_eq!(damage(&st, "tank"), 0, "armor prevents the 1 damage");
    assert_eq!(st.card("tank").unwrap().armor_used, 1);
    assert_eq!(zone_of(&st, "weak"), "battleline");
    assert!(changes(&adj).iter().any(
        |c| matches!(c, Change::Choice { decision, .. } if decision.pinned && decision.ordinal == 2)
    ));
    // The action's targets, in the order the icons choose.
    let mut named = icon_turn(icons.clone(), json!({}));
    named["actions"][0]["targets"] = json!(["icons", "ally"]);
    let (_, st) = play(named);
    assert_eq!(st.card("icons").unwrap().amber, 1);
    assert_eq!(
        damage(&st, "ally"),
        1,
        "a friendly creature may take the damage"
    );
    // A pin naming an option the decision does not have stops, located.
    let (adj, _) = play(icon_turn(
        icons,
        json!({"decisions": [{"decision": 2, "option": 9}]}),
    ));
    assert_eq!(rules::input_error(&adj).expect("located").path, "decisions");
}

#[test]
fn a_bonus_icon_that_can_do_nothing_says_why_and_guesses_nothing() {
    let (adj, st) = play(turn(
        json!({"hand": [{"id": "blast", "type": "action", "house": "Brobnar", "bonus": ["capture", "damage", "draw"]},
                        {"id": "grabber", "house": "Brobnar", "power": 2, "bonus": ["capture"]}]}),
        json!({}),
        json!([{"do": "play", "card": "blast"}, {"do": "play", "card": "grabber"}]),
    ));
    let notes: Vec<&str> = changes(&adj)
        .iter()
        .filter_map(|c| match c {
            Change::Note { what, .. } if what.contains("bonus icon") => Some(what.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(notes.len(), 4, "{notes:?}");
    assert!(
        notes[0].contains("Ann has no creature in play to capture"),
        "{notes:?}"
    );
    assert!(
        notes[1].contains("no creature in play to damage"),
        "{notes:?}"
    );
    assert!(
        notes[2].contains("deck holds no card in the position"),
        "{notes:?}"
    );
    assert!(
        notes[3].contains("Bob has no Æmber to capture"),
        "{notes:?}"
    );
    assert!(cites(&adj, cite::rules::EMPTY_DECK.sentence));
    assert_eq!(st.players[0].hand.len(), 0, "no card is invented");
    assert!(!changes(&adj)
        .iter()
        .any(|c| matches!(c, Change::Choice { .. })));
    // Put into play: no icon resolves, and the log says so.
    let (adj, st) = play(turn(
        json!({"archives": [{"id": "w", "house": "Dis", "power": 2, "bonus": ["amber", "draw"]}],
               "deck": [{"id": "top", "house": "Dis", "power": 1}]}),
        json!({}),
        json!([{"do": "put_into_play", "card": "w", "zone": "archives"}]),
    ));
    assert_eq!((amber(&st, 0), zone_of(&st, "top")), (0, "deck"));
    assert!(changes(&adj)
        .iter()
        .any(|c| matches!(c, Change::Note { what, .. }
        if what.contains("its bonus icons (amber, draw) do not resolve"))));
}

#[test]
fn bonus_icons_are_a_list_or_the_older_count_over_inline_or_catalogue_cards() {
    let hand = |bonus: Value| {
        turn(
            json!({"hand": [{"id": "c", "house": "Brobnar", "power": 1, "bonus": bonus}]}),
            json!({}),
            json!([]),
        )
    };
    let p = position(&hand(json!(2)));
    assert_eq!(
        p.players[0].hand[0].bonus,
        [keyforge::format::Icon::Amber, keyforge::format::Icon::Amber],
        "a number is that many Æmber icons"
    );
    let back = serde_json::to_value(&p).unwrap();
    assert_eq!(
        back["players"][0]["hand"][0]["bonus"],
        json!(["amber", "amber"])
    );
    for (bad, path, words) in [
        (
            json!(["amber", "sparkle"]),
            "players[0].hand[0].bonus[1]",
            "unknown variant `sparkle`, expected one of `amber`, `capture`, `damage`, `draw`",
        ),
        (json!(-1), "players[0].hand[0].bonus", "0 or more"),
        (
            json!(13),
            "players[0].hand[0].bonus",
            "at most 12 bonus icons",
        ),
        (
            json!("amber"),
            "players[0].hand[0].bonus",
            "a list of bonus icons",
        ),
    ] {
        let e = Position::from_json(&hand(bad.clone()).to_string()).expect_err("refused");
        assert_eq!(e.path, path, "{bad}: {e}");
        assert!(e.message.contains(words), "{bad}: {e}");
    }
    // Over a catalogue card, which records no icons.
    let mut v = turn(
        json!({"hand": [{"id": "mack", "card": "Mack the Knife", "bonus": ["amber", "draw"]}],
               "deck": [{"id": "top", "house": "Gloamwatch", "power": 1}]}),
        json!({}),
        json!([{"do": "play", "card": "mack"}]),
    );
    v["house"] = json!("Gloamwatch");
    let (adj, st) = play_cat(v);
    assert!(rejected(&adj).is_empty(), "{:?}", rejected(&adj));
    assert_eq!((amber(&st, 0), zone_of(&st, "top")), (1, "hand"));
    // With none given, a catalogue card has no icons: nothing is invented.
    let mut v = turn(
        json!({"hand": [{"id": "mack", "card": "Mack the Knife"}]}),
        json!({}),
        json!([{"do": "play", "card": "mack"}]),
    );
    v["house"] = json!("Gloamwatch");
    let (adj, st) = play_cat(v);
    assert_eq!(amber(&st, 0), 0);
    assert!(!changes(&adj)
        .iter()
        .any(|c| matches!(c, Change::BonusIcon { .. })));
}

// ---------------------------------------------------------------------------------------
// The judge's rulings, decisions, errors

#[test]
fn text_outside_the_language_is_the_judges_and_a_ruling_is_applied() {
    let v = turn(
        json!({"battleline": [creature("a", "Brobnar", 2, "Action: Swap two creatures.")]}),
        json!({"amber": 3, "battleline": [creature("d", "Dis", 3, "")]}),
        json!([{"do": "action", "card": "a"}]),
    );
    let (adj, st) = play(v.clone());
    assert_eq!(damage(&st, "d"), 0);
    assert!(changes(&adj)
        .iter()
        .any(|c| matches!(c, Change::Ruling { changes: None, .. })));
    let mut ruled = v;
    ruled["rulings"] = json!([{"decision": 1, "changes": [
        {"kind": "destroy", "card": "d"}, {"kind": "amber", "player": "Bob", "by": -2}]}]);
    let (_, st) = play(ruled);
    assert_eq!(zone_of(&st, "d"), "discard pile");
    assert_eq!(amber(&st, 1), 1);
}

// seed 003 §Ability Types Constant: "If a card has an ability that does not have a
// boldfaced precursor, the ability is a constant ability that is active so long as the
// card remains in play and meets all conditions specified by the ability."
// A constant ability outside the effect language is the judge's, at the start: a decision
// whose ruling lists its changes; unanswered, nothing changes (house rules K2, K3).
#[test]
fn a_constant_ability_outside_the_language_is_put_to_the_judge_at_the_start() {
    let v = turn(
        json!({"battleline": [creature("a", "Brobnar", 2, "Your opponent's creatures enter play stunned and sing.")]}),
        json!({"amber": 3, "battleline": [creature("d", "Dis", 3, "")]}),
        json!([]),
    );
    let (adj, _) = play(v.clone());
    let first: Vec<Change> = adj.steps[0]
        .events
        .iter()
        .map(|e| e.change.clone())
        .collect();
    assert!(
        first
            .iter()
            .any(|c| matches!(c, Change::Ruling { card, changes: None, .. } if card == "a")),
        "the first step puts the constant to the judge: {first:?}"
    );
    let mut ruled = v;
    ruled["rulings"] = json!([{"decision": 1, "changes": [{"kind": "stun", "card": "d"}]}]);
    let (_, st) = play(ruled);
    assert!(
        st.card("d").unwrap().stunned,
        "the judge's ruling is applied"
    );
}

#[test]
fn a_pinned_decision_picks_the_target_and_a_bad_pin_stops_located() {
    let v = turn(
        json!({"battleline": [creature("a", "Brobnar", 2, "Action: Deal 1 damage to a creature.")]}),
        json!({"battleline": [creature("x", "Dis", 3, ""), creature("y", "Dis", 3, "")]}),
        json!([{"do": "action", "card": "a"}]),
    );
    let (_, st) = play(v.clone());
    assert_eq!(
        (damage(&st, "x"), damage(&st, "y")),
        (1, 0),
        "default: the first from the left"
    );
    let mut pinned = v.clone();
    pinned["decisions"] = json!([{"decision": 1, "option": 2}]);
    let (_, st) = play(pinned);
    assert_eq!((damage(&st, "x"), damage(&st, "y")), (0, 1));
    let mut bad = v;
    bad["decisions"] = json!([{"decision": 1, "option": 9}]);
    let (adj, _) = play(bad);
    let e = rules::input_error(&adj).expect("located");
    assert_eq!(e.path, "decisions");
    // The core's page helper pins a decision in the position.
    let p = position(&turn(json!({}), json!({}), json!([])));
    let p = Keyforge::pin_decision_in_position(&p, 2, 1).unwrap();
    assert_eq!(p.decisions.len(), 1);
}

#[test]
fn position_errors_are_located() {
    let bad = json!({"game": "keyforge", "house": "Brobnar",
        "players": [{"name": "Ann", "battleline": [{"id": "a", "house": "Brobnar"}, {"id": "a", "house": "X", "power": 200}],
                     "hand": [{"id": "z", "card": "Mack the Knif"}]},
                    {"name": "Bob", "artifacts": [{"id": "q", "house": "Dis", "power": 2}]}],
        "actions": [{"do": "fight", "card": "nope"}, {"do": "reap", "card": "a", "zone": "hand"}],
        "rulings": [{"decision": 0, "changes": [{"kind": "amber", "player": "Cat", "by": 1}]}]});
    let cat = catalogue();
    let errors = keyforge::resolve(&position(&bad), &KeyforgeCards(&cat)).unwrap_err();
    let paths: Vec<&str> = errors.iter().map(|e| e.path.as_str()).collect();
    for want in [
        "players[0].battleline[0].power",
        "players[0].battleline[1].id",
        "players[0].battleline[1].power",
        "players[0].hand[0].card",
        "players[1].artifacts[0].type",
        "actions[0].card",
        "actions[1].zone",
        "rulings[0].decision",
        "rulings[0].changes[0].player",
    ] {
        assert!(paths.contains(&want), "{want} not in {paths:?}");
    }
    let hint = errors
        .iter()
        .find(|e| e.path == "players[0].hand[0].card")
        .unwrap();
    assert!(hint.message.contains("Mack the Knife"), "{}", hint.message);
    // Shape errors: JSON path, line and column.
    let e = Position::from_json(r#"{"game": "keyforge", "house": "B", "players": [], "actions": [{"do": "dance", "card": "a"}]}"#).unwrap_err();
    assert_eq!(e.path, "actions[0].do");
    assert!(e.line.is_some() && e.message.contains("reap"), "{e}");
}

#[test]
fn hostile_positions_are_errors_or_play_out_never_panic() {
    let big: Vec<Value> = (0..40).map(|i| creature(&format!("c{i}"), "Brobnar", 1, "Play/Fight/Reap: Deal 1 damage to each creature.\nDestroyed: Deal 1 damage to each creature.")).collect();
    let actions: Vec<Value> = (0..40)
        .map(|i| json!({"do": "fight", "card": format!("c{i}")}))
        .collect();
    let cases = [
        turn(
            json!({"battleline": big.clone()}),
            json!({"battleline": [creature("e", "Dis", 0, "")]}),
            json!(actions),
        ),
        turn(
            json!({"battleline": [creature("a", "Brobnar", 1, "Reap: Return this creature to its owner's hand. Archive this creature.")]}),
            json!({}),
            json!([{"do": "reap", "card": "a"}, {"do": "reap", "card": "a"}, {"do": "play", "card": "a"}]),
        ),
        json!({"game": "keyforge", "house": "", "players": [{"name": "A"}, {"name": "A"}]}),
    ];
    for v in cases {
        let Ok(p) = Position::from_json(&v.to_string()) else {
            continue;
        };
        if let Ok(mut st) = keyforge::resolve(&p, &NoCards) {
            let adj = rules::play_out::<Keyforge>(&mut st, RecordConfig { states: true });
            assert_ne!(adj.outcome.result, "unfinished");
        }
    }
}

// ---------------------------------------------------------------------------------------
// Fixtures, documents

#[test]
fn every_keyforge_fixture() {
    let cat = catalogue();
    let cards = KeyforgeCards(&cat);
    insta::glob!("fixtures/keyforge/*.json", |path| {
        let (fx, adj) = fixtures::play(path, |json| {
            let p = Position::from_json(json).map_err(|e| e.to_string())?;
            keyforge::adjudicate(&p, &cards, RecordConfig { states: false })
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

/// Every published rule the engine can cite has a fixture citing it.
#[test]
fn every_published_and_house_rule_has_a_fixture() {
    let dir = Path::new(ROOT).join("tests/fixtures/keyforge");
    let all: String = std::fs::read_dir(&dir)
        .expect("fixtures")
        .flatten()
        .filter(|e| e.path().extension().is_some_and(|x| x == "json"))
        .map(|e| std::fs::read_to_string(e.path()).unwrap_or_default())
        .collect();
    for c in cite::base::ALL.iter().chain(cite::rules::ALL) {
        let quoted = serde_json::to_string(c.sentence).unwrap();
        assert!(
            all.contains(&quoted),
            "no fixture cites {} {:?}",
            c.rule,
            c.sentence
        );
    }
}

#[test]
fn every_reading_has_a_fixture() {
    let dir = Path::new(ROOT).join("tests/fixtures/keyforge");
    for i in INTERPRETATIONS {
        for (n, (reading, _)) in i.readings.iter().enumerate() {
            let path = dir.join(format!("interp_{}_{}.json", i.key, reading));
            let text = std::fs::read_to_string(&path).unwrap_or_else(|_| {
                panic!("no fixture {} for {}: {reading}", path.display(), i.key)
            });
            let v: Value = serde_json::from_str(&text).expect("fixture JSON");
            let taken = &v["position"]["interpretations"][i.key];
            if n == 0 {
                assert!(taken.is_null() || taken == reading, "{}", path.display());
            } else {
                assert_eq!(taken, reading, "{}", path.display());
            }
        }
    }
}

#[test]
fn every_seed_citation_is_verbatim_in_seed_003() {
    let seed =
        std::fs::read_to_string(Path::new(ROOT).join("tests/fixtures/keyforge/seed_003.txt"))
            .expect("seed 003");
    let cat = catalogue();
    for c in keyforge::families::seed_citations() {
        assert!(
            seed.contains(c.sentence),
            "{}: {:?} is not in seed 003",
            c.rule,
            c.sentence
        );
        if c.section == cite::TYPES {
            let k = cat
                .keyword("keyforge", c.rule)
                .unwrap_or_else(|| panic!("{} is not a keyforge keyword", c.rule));
            assert!(
                k.text.contains(c.sentence),
                "{}: not in the catalogue's copy",
                c.rule
            );
        }
    }
}

#[test]
fn every_published_and_house_rule_is_quoted_in_the_rules_doc() {
    let doc = std::fs::read_to_string(Path::new(ROOT).join("docs/rules/keyforge.md")).expect("doc");
    for c in cite::base::ALL {
        assert!(
            doc.contains(&format!("> {}", c.sentence)) && doc.contains(c.rule),
            "published rule {}: {:?}",
            c.rule,
            c.sentence
        );
    }
    for c in cite::rules::ALL {
        assert!(
            doc.contains(&format!("### {} {}\n> {}", c.section, c.rule, c.sentence)),
            "house rule {}",
            c.section
        );
    }
}

#[test]
fn keyforge_interpretations_table_is_current() {
    let body = docs::interpretations_table(INTERPRETATIONS, |r| r.to_string());
    docs::generated("docs/rules/keyforge.md", "interpretations", &body);
}

// ---------------------------------------------------------------------------------------
// Surfaces: the CLI, the API and the step-through pages (generic, so one each)

mod surfaces {
    use crate::common;
    use actix_web::http::StatusCode;
    use actix_web::test::{self, TestRequest};
    use actix_web::App;
    use serde_json::{json, Value};

    /// Mack the Knife and Mighty Javelin against an inline creature: seed, public and
    /// house citations, a decision, a rejection.
    fn kf_turn() -> Value {
        json!({"game": "keyforge", "house": "Gloamwatch",
            "players": [{"name": "Ann", "amber": 1, "battleline": [{"id": "mack", "card": "Mack the Knife"}],
                         "artifacts": [{"id": "jav", "card": "Mighty Javelin"}]},
                        {"name": "Bob", "amber": 2, "battleline": [{"id": "x", "house": "Dis", "power": 2}, {"id": "y", "house": "Dis", "power": 5}]}],
            "actions": [{"do": "action", "card": "mack", "targets": ["y"]}, {"do": "omni", "card": "jav"},
                        {"do": "reap", "card": "mack"}]})
    }

    fn cli() -> assert_cmd::Command {
        let mut cmd = assert_cmd::Command::cargo_bin("arbiter").expect("binary");
        let dir = tempfile::tempdir().expect("tempdir").keep();
        cmd.env("ARBITER_DB", dir.join("catalogue.sqlite"));
        cmd
    }

    // Issue #17: `arbiter adjudicate` and `POST /api/adjudicate` play a KeyForge turn
    // alike; `final` has each player's amber and every card where it ended up.
    #[actix_rt::test]
    async fn cli_and_api_play_a_keyforge_turn_alike() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("turn.json");
        std::fs::write(&file, kf_turn().to_string()).unwrap();
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
        let (status, _, body) = common::http::post(
            common::bundled_state(),
            "/api/adjudicate",
            None,
            None,
            kf_turn().to_string(),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let from_api: Value = serde_json::from_str(&body).unwrap();
        assert_eq!(from_cli, from_api, "one engine, one JSON");
        let players = from_api["final"]["players"].as_array().unwrap();
        assert_eq!(players[0]["amber"], 1);
        assert_eq!(players[0]["discard"][0]["id"], "jav");
        assert_eq!(players[0]["battleline"][0]["id"], "mack");
        assert_eq!(players[0]["battleline"][0]["exhausted"], true);
        assert_eq!(players[1]["battleline"][0]["id"], "y");
        assert_eq!(players[1]["battleline"][0]["damage"], 1, "Mack's 1 damage");
        assert_eq!(
            players[1]["discard"][0]["id"], "x",
            "4 damage from the Javelin"
        );
        let kinds: std::collections::BTreeSet<String> = from_api["steps"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|s| s["events"].as_array().unwrap().iter())
            .map(|e| e["rule"]["source"].as_str().unwrap().to_string())
            .collect();
        for kind in ["seed", "public"] {
            assert!(kinds.contains(kind), "{kinds:?}");
        }
        let rejected = from_api["steps"][2]["events"][0]["change"].clone();
        assert_eq!(rejected["kind"], "rejected", "{rejected}");
        // A bad position: located in both.
        let bad = json!({"game": "keyforge", "house": "Dis", "players": [{"name": "A", "hand": [{"id": "m", "card": "Mack the Knif"}]}, {"name": "B"}]});
        let (status, _, body) = common::http::post(
            common::bundled_state(),
            "/api/adjudicate",
            None,
            None,
            bad.to_string(),
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert!(
            body.contains("players[0].hand[0].card") && body.contains("Mack the Knife"),
            "{body}"
        );
        std::fs::write(&file, bad.to_string()).unwrap();
        let out = cli().arg("adjudicate").arg(&file).output().unwrap();
        assert_eq!(out.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&out.stderr).contains("players[0].hand[0].card"));
    }

    /// Stores `position` through the builder's pasted JSON; its permalink hash.
    async fn stored(position: &Value) -> String {
        let (status, body, location) = send(
            TestRequest::post()
                .uri("/adjudicate")
                .insert_header(("Content-Type", "application/x-www-form-urlencoded"))
                .set_payload(form(&[("json", &position.to_string())])),
        )
        .await;
        assert_eq!(status, StatusCode::SEE_OTHER, "{body}");
        location
            .unwrap()
            .strip_prefix("/adjudicate/p/")
            .and_then(|r| r.strip_suffix("/0"))
            .unwrap()
            .to_string()
    }

    /// Posts a written answer to decision `decision` from step `step`, as HTML or JSON.
    async fn answer(
        hash: &str,
        decision: &str,
        text: &str,
        step: &str,
        json: bool,
    ) -> (StatusCode, String, Option<String>) {
        let mut req = TestRequest::post()
            .uri(&format!("/adjudicate/p/{hash}/answer"))
            .insert_header(("Content-Type", "application/x-www-form-urlencoded"))
            .set_payload(form(&[
                ("decision", decision),
                ("text", text),
                ("step", step),
            ]));
        if json {
            req = req.insert_header(("Accept", "application/json"));
        }
        send(req).await
    }

    // Issue #17: card text outside the effect language is a decision for the judge, and
    // the step page has a panel at it: the judge writes the ruling's explicit changes in
    // the builder form's syntax, submits, and lands on the replayed adjudication's
    // permalink, the JSON twin agreeing; text the syntax cannot read is the same page
    // again as a 400, the text kept and every problem at its column (a JSON error object
    // with `{column, message}` for the twin), never a 500.
    #[actix_rt::test]
    async fn a_ruling_is_written_on_the_step_page_and_bad_text_is_located() {
        let position = json!({"game": "keyforge", "house": "Brobnar",
            "players": [{"name": "Ann", "battleline": [
                            {"id": "a", "house": "Brobnar", "power": 2, "text": "Action: Swap two creatures."},
                            {"id": "t", "house": "Brobnar", "power": 2, "text": "Action: Deal 1 damage to a creature."}]},
                        {"name": "Bob", "amber": 3, "battleline": [{"id": "d", "house": "Dis", "power": 3}]}],
            "actions": [{"do": "action", "card": "a"}, {"do": "action", "card": "t"}]});
        let hash = stored(&position).await;
        // The panel, unanswered: no options, a box, nothing changed.
        let v = get_json(&format!("/adjudicate/p/{hash}/1.json")).await;
        let d = &v["decisions"][0];
        assert_eq!(d["ordinal"], 1, "{v}");
        assert_eq!(d["question"], "the judge resolves this effect", "{d}");
        assert_eq!(d["pinned"], false, "{d}");
        assert_eq!(d["options"], json!([]), "{d}");
        assert_eq!(d["answer"]["value"], "", "{d}");
        assert!(
            d["answer"]["about"]
                .as_str()
                .unwrap()
                .contains("Swap two creatures."),
            "{d}"
        );
        let (status, _, html) = common::http::get(
            common::bundled_state(),
            &format!("/adjudicate/p/{hash}/1"),
            None,
        )
        .await;
        assert_eq!(status, StatusCode::OK);
        assert!(
            html.contains(&format!(r#"action="/adjudicate/p/{hash}/answer""#))
                && html.contains(r#"name="text""#),
            "the step page has the ruling's box"
        );
        // The ruling: the engine re-runs, a new permalink on the same step.
        let (status, body, location) =
            answer(&hash, "1", "destroy d;  amber Bob -2", "1", false).await;
        assert_eq!(status, StatusCode::SEE_OTHER, "{body}");
        let location = location.unwrap();
        assert!(location.ends_with("/1"), "{location}");
        assert!(!location.contains(&hash), "a new permalink: {location}");
        let v = get_json(&format!("{location}.json")).await;
        let d = &v["decisions"][0];
        assert_eq!(d["pinned"], true, "{d}");
        assert_eq!(d["answer"]["value"], "destroy d; amber Bob -2", "{d}");
        assert_eq!(
            v["position"]["rulings"],
            json!([{"decision": 1, "changes": [
                {"kind": "destroy", "card": "d"}, {"kind": "amber", "player": "Bob", "by": -2}]}]),
            "the JSON twin's position holds the ruling"
        );
        let bob = &v["state"]["players"][1];
        assert_eq!(bob["amber"], 1, "{bob}");
        assert_eq!(bob["discard"][0]["id"], "d", "{bob}");
        let log = v["log"].to_string();
        assert!(
            log.contains("the judge's ruling makes 2 change(s)"),
            "{log}"
        );
        // Bad text: the same step page, a 400, the text kept, each problem at its column.
        let (status, html, _) = answer(&hash, "1", "damage d x; explode d", "1", false).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{html}");
        assert!(
            html.contains(r#"value="damage d x; explode d""#),
            "the text is kept"
        );
        assert!(
            html.contains("at column 10: expected a whole number, found"),
            "{html}"
        );
        assert!(
            html.contains("at column 13: expected amber, damage, heal, destroy, exhaust, ready, stun or move, found"),
            "{html}"
        );
        assert!(html.contains(r#"aria-invalid="true""#));
        // The JSON twin: an error object, each problem with its column.
        let (status, body, _) = answer(&hash, "1", "damage d x; explode d", "1", true).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        let e: Value = serde_json::from_str(&body).expect("a JSON error object");
        assert_eq!(e["object"], "error", "{e}");
        assert_eq!(e["errors"][0]["column"], 10, "{e}");
        assert_eq!(e["errors"][1]["column"], 13, "{e}");
        assert!(
            e["errors"][0]["message"]
                .as_str()
                .unwrap()
                .starts_with("expected a whole number"),
            "{e}"
        );
        // A name the position does not have: at the change's column, in the resolver's words.
        let (status, body, _) = answer(&hash, "1", "stun d; destroy zz", "1", true).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        let e: Value = serde_json::from_str(&body).unwrap();
        assert_eq!(e["errors"][0]["column"], 9, "{e}");
        assert_eq!(e["errors"][0]["message"], "change 2: no card \"zz\"", "{e}");
        // Nothing written: what to write, at column 1.
        let (status, body, _) = answer(&hash, "1", "  ", "1", true).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert!(body.contains("expected a change"), "{body}");
        // `none`: a ruling that changes nothing, pinned.
        let (status, body, location) = answer(&hash, "1", "none", "1", false).await;
        assert_eq!(status, StatusCode::SEE_OTHER, "{body}");
        let v = get_json(&format!("{}.json", location.unwrap())).await;
        assert_eq!(v["decisions"][0]["answer"]["value"], "none", "{v}");
        assert_eq!(v["decisions"][0]["pinned"], true, "{v}");
        // Decision 2 is a choice (t's target), not a ruling; decision 9 is never met.
        let (status, body, _) = answer(&hash, "2", "stun d", "2", true).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert!(body.contains("is a choice among options"), "{body}");
        let (status, body, _) = answer(&hash, "9", "stun d", "1", true).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert!(body.contains("meets no decision 9"), "{body}");
        // On the page, a problem of the decision itself is the same page, a 400.
        let (status, html, _) = answer(&hash, "2", "stun d", "2", false).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert!(html.contains("is a choice among options"), "{html}");
        // Not a number, not a step: a 400 naming the field.
        let (status, body, _) = answer(&hash, "x", "stun d", "1", true).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert!(body.contains("decision"), "{body}");
        let (status, _, _) = answer(&hash, "1", "stun d", "99", false).await;
        assert_eq!(
            status,
            StatusCode::SEE_OTHER,
            "a step past the end lands on the last"
        );
    }

    async fn send(req: TestRequest) -> (StatusCode, String, Option<String>) {
        let app = test::init_service(
            App::new().configure(arbiter::web::configure(common::bundled_state())),
        )
        .await;
        let resp = test::call_service(&app, req.to_request()).await;
        let status = resp.status();
        let location = resp
            .headers()
            .get("location")
            .and_then(|v| v.to_str().ok())
            .map(str::to_string);
        let body = String::from_utf8(test::read_body(resp).await.to_vec()).unwrap_or_default();
        (status, body, location)
    }

    fn form(pairs: &[(&str, &str)]) -> String {
        pairs
            .iter()
            .map(|(k, v)| {
                format!(
                    "{}={}",
                    percent_encoding::utf8_percent_encode(k, percent_encoding::NON_ALPHANUMERIC),
                    percent_encoding::utf8_percent_encode(v, percent_encoding::NON_ALPHANUMERIC)
                )
            })
            .collect::<Vec<_>>()
            .join("&")
    }

    async fn get_json(uri: &str) -> Value {
        let (status, _, body) = common::http::get(common::bundled_state(), uri, None).await;
        assert_eq!(status, StatusCode::OK, "{uri}: {body}");
        serde_json::from_str(&body).expect("JSON")
    }

    // Issue #17: a KeyForge position pasted as JSON opens on the generic step pages: the
    // board (both battlelines, exhausted cards marked, damage, armor, Æmber in the row
    // labels), a decision a judge pins, and the readings switched side by side.
    #[actix_rt::test]
    async fn a_keyforge_turn_steps_through_and_a_decision_can_be_pinned() {
        const FORM: &str = "application/x-www-form-urlencoded";
        let mut position = kf_turn();
        position["actions"][0] = json!({"do": "action", "card": "mack"});
        let (status, body, location) = send(
            TestRequest::post()
                .uri("/adjudicate")
                .insert_header(("Content-Type", FORM))
                .set_payload(form(&[("json", &position.to_string())])),
        )
        .await;
        assert_eq!(status, StatusCode::SEE_OTHER, "{body}");
        let location = location.unwrap();
        let hash = location
            .strip_prefix("/adjudicate/p/")
            .and_then(|r| r.strip_suffix("/0"))
            .unwrap()
            .to_string();
        let v = get_json(&format!("/adjudicate/p/{hash}/1.json")).await;
        let text = v.to_string();
        assert!(text.contains("Ann · 1Æ"), "{text}");
        assert!(text.contains("exhausted (turned sideways)"), "{text}");
        let decision = v["decisions"][0].clone();
        assert_eq!(decision["options"][0]["label"], "x", "{decision}");
        // Pin option 2 (y).
        let (status, body, location) = send(
            TestRequest::post()
                .uri(&format!("/adjudicate/p/{hash}/decide"))
                .insert_header(("Content-Type", FORM))
                .set_payload(form(&[("decision", "1"), ("option", "2"), ("step", "1")])),
        )
        .await;
        assert_eq!(status, StatusCode::SEE_OTHER, "{body}");
        let v = get_json(&format!("{}.json", location.unwrap())).await;
        assert_eq!(v["decisions"][0]["pinned"], true, "{v}");
        let (status, _, html) = common::http::get(
            common::bundled_state(),
            &format!("/adjudicate/p/{hash}/1"),
            None,
        )
        .await;
        assert_eq!(status, StatusCode::OK);
        assert!(html.contains("Mack the Knife"), "the board names the cards");
        assert!(
            html.contains("power / armor as they stand"),
            "the legend names this game's numbers"
        );
        // Both readings side by side: the compare page of the other omni_exhausts reading.
        let (status, body, location) = send(
            TestRequest::post()
                .uri(&format!("/adjudicate/p/{hash}/interpret"))
                .insert_header(("Content-Type", FORM))
                .set_payload(form(&[("key", "omni_exhausts"), ("step", "2")])),
        )
        .await;
        assert_eq!(status, StatusCode::SEE_OTHER, "{body}");
        let compare = location.unwrap();
        assert!(
            compare.starts_with(&format!("/adjudicate/compare/{hash}/")),
            "{compare}"
        );
        let (status, _, html) = common::http::get(common::bundled_state(), &compare, None).await;
        assert_eq!(status, StatusCode::OK, "{html}");
        assert!(
            html.contains("omni_exhausts"),
            "the compare page names the reading"
        );
        // The builder has no KeyForge form yet: its page says to paste the JSON.
        let (status, _, html) =
            common::http::get(common::bundled_state(), "/adjudicate?game=keyforge", None).await;
        assert_eq!(status, StatusCode::OK);
        assert!(html.contains("KeyForge"), "the chooser names the game");
        // The rules page lists KeyForge's readings.
        let (status, _, html) =
            common::http::get(common::bundled_state(), "/adjudicate/rules/keyforge", None).await;
        assert_eq!(status, StatusCode::OK);
        assert!(html.contains("fight_stopped_early") && html.contains("KeyForge"));
    }
}

#[test]
fn a_chain_of_destroyed_abilities_destroys_each_creature_once() {
    let text = "Destroyed: Deal 1 damage to each creature.";
    let (adj, st) = play(turn(
        json!({"battleline": [creature("a", "Brobnar", 2, "Action: Deal 1 damage to each creature."),
                              creature("b", "Brobnar", 1, text), creature("c", "Brobnar", 2, text)]}),
        json!({"battleline": [creature("d", "Dis", 1, text), creature("e", "Dis", 3, text)]}),
        json!([{"do": "action", "card": "a"}]),
    ));
    let mut destroyed: Vec<&str> = changes(&adj)
        .iter()
        .filter_map(|c| match c {
            Change::Destroyed { card, .. } => Some(card.as_str()),
            _ => None,
        })
        .collect();
    destroyed.sort();
    let before = destroyed.len();
    destroyed.dedup();
    assert_eq!(
        before,
        destroyed.len(),
        "each creature destroyed once: {destroyed:?}"
    );
    // a (2): 1 + 1 from b and d; b (1), d (1) die; c (2): 1 + 2; e (3): 1 + 2 + 1 from c.
    for id in ["a", "b", "c", "d", "e"] {
        assert_eq!(zone_of(&st, id), "discard pile", "{id}");
    }
}

#[test]
fn a_creature_at_lethal_damage_cannot_be_in_play() {
    let bad = turn(
        json!({"battleline": [{"id": "z", "house": "Brobnar", "power": 0}, {"id": "w", "house": "Brobnar", "power": 3, "damage": 3}]}),
        json!({}),
        json!([]),
    );
    let errors = keyforge::resolve(&position(&bad), &NoCards).unwrap_err();
    let paths: Vec<&str> = errors.iter().map(|e| e.path.as_str()).collect();
    assert_eq!(
        paths,
        [
            "players[0].battleline[0].damage",
            "players[0].battleline[1].damage"
        ]
    );
}

#[test]
fn a_long_chain_of_destroy_effects_is_played_out_without_exhausting_the_stack() {
    let line: Vec<Value> = (0..40)
        .map(|i| {
            creature(
                &format!("m{i}"),
                "Brobnar",
                3,
                "Destroyed: Destroy a creature.",
            )
        })
        .collect();
    let theirs: Vec<Value> = (0..40)
        .map(|i| creature(&format!("t{i}"), "Dis", 3, "Destroyed: Destroy a creature."))
        .collect();
    let v = turn(
        json!({"battleline": line, "hand": [{"id": "bomb", "house": "Brobnar", "type": "action", "text": "Play: Destroy a creature."}]}),
        json!({"battleline": theirs}),
        json!([{"do": "play", "card": "bomb"}]),
    );
    // Run on a thread with the stack a blocking web worker has.
    let handle = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(move || {
            let (adj, st) = play(v);
            (adj.outcome.result, st.creatures().len())
        })
        .expect("thread");
    let (result, left) = handle.join().expect("no stack overflow");
    assert_eq!(result, "actions_done");
    assert_eq!(
        left, 0,
        "every creature's Destroyed: ability destroyed the next"
    );
}

/// Only `apply` changes the state: replaying every fixture's logged changes on its
/// starting state reproduces its final position exactly.
#[test]
fn replaying_the_logged_changes_reproduces_every_final_position() {
    let cat = catalogue();
    let cards = KeyforgeCards(&cat);
    let dir = Path::new(ROOT).join("tests/fixtures/keyforge");
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).expect("fixtures").flatten() {
        let path = entry.path();
        if path.extension().is_none_or(|x| x != "json") {
            continue;
        }
        let fx = fixtures::read(&path);
        let p = position(&fx.position);
        let adj = keyforge::adjudicate(&p, &cards, RecordConfig { states: false }).unwrap();
        let mut fresh = keyforge::resolve(&p, &cards).unwrap();
        for e in adj.steps.iter().flat_map(|s| &s.events) {
            keyforge::event::apply(&mut fresh, &e.change);
        }
        assert_eq!(
            keyforge::to_position(&fresh),
            adj.final_position,
            "{}",
            path.display()
        );
        n += 1;
    }
    assert!(n >= 25, "{n} fixtures");
}

mod props {
    //! Properties over generated turns (proptest): every position ends without a panic;
    //! replaying the log's changes reproduces the final position; no creature left in
    //! play has damage reaching its power; every card is still somewhere, once; the
    //! final position reads back and resolves.

    use super::*;
    use proptest::prelude::*;

    const TEXTS: &[&str] = &[
        "",
        "Elusive.",
        "Taunt.",
        "Skirmish.",
        "Poison.",
        "Assault 2.",
        "Hazardous 2.",
        "Fight: Gain 1Æ.",
        "Reap: Steal 1Æ.",
        "Play: Capture 1Æ.",
        "Action: Deal 2 damage to a creature. If this damage destroys that creature, gain 1Æ.",
        "Destroyed: Deal 1 damage to each creature.",
        "Before Fight: Stun a creature.",
        "Omni: Sacrifice this creature. Deal 3 damage to each enemy creature.",
        "Play/Fight/Reap: Deal 1 damage to each non-Beast creature.",
        "Reap: Return a creature to its owner's hand.",
        "After an enemy creature is destroyed fighting this creature, gain 1Æ.",
        "Action: Swap two creatures.",
        "Reap: Draw 2 cards. Archive a card.",
        "This creature cannot be used to reap.",
    ];
    const HOUSES: &[&str] = &["Brobnar", "Dis"];
    const VERBS: &[&str] = &[
        "play",
        "reap",
        "fight",
        "action",
        "omni",
        "put_into_play",
        "play_from",
    ];

    fn card_strategy(prefix: &'static str) -> impl Strategy<Value = Vec<Value>> {
        prop::collection::vec(
            (0..TEXTS.len(), 0..HOUSES.len(), 1..6i32, 0..3i32, 0..2i32, any::<bool>(), any::<bool>()),
            0..5,
        )
        .prop_map(move |v| {
            v.into_iter()
                .enumerate()
                .map(|(i, (t, h, power, armor, damage, exhausted, beast))| {
                    json!({"id": format!("{prefix}{i}"), "house": HOUSES[h], "power": power, "armor": armor,
                           "damage": damage.min(power - 1), "exhausted": exhausted,
                           "traits": if beast { vec!["Beast"] } else { vec![] }, "text": TEXTS[t]})
                })
                .collect()
        })
    }

    fn position_strategy() -> impl Strategy<Value = Value> {
        (
            card_strategy("a"),
            card_strategy("h"),
            card_strategy("d"),
            card_strategy("b"),
            prop::collection::vec((0..VERBS.len(), 0..20usize, 0..20usize), 0..8),
            (0..4u32, 0..2usize, 0..2usize, 0..2usize, 0..2usize),
        )
            .prop_map(|(line, hand, discard, theirs, acts, (amber, r1, r2, r3, r4))| {
                let mut ids: Vec<String> = Vec::new();
                for list in [&line, &hand, &discard, &theirs] {
                    ids.extend(list.iter().map(|c| c["id"].as_str().unwrap_or("").to_string()));
                }
                let actions: Vec<Value> = if ids.is_empty() {
                    Vec::new()
                } else {
                    acts.into_iter()
                        .map(|(v, c, t)| {
                            let mut a = json!({"do": VERBS[v], "card": ids[c % ids.len()],
                                               "targets": [ids[t % ids.len()]]});
                            if VERBS[v] == "play_from" {
                                a["zone"] = json!("discard");
                            }
                            a
                        })
                        .collect()
                };
                let pick = |i: usize, a: &str, b: &str| if i == 0 { a.to_string() } else { b.to_string() };
                json!({"game": "keyforge", "house": "Brobnar",
                    "players": [{"name": "Ann", "amber": amber, "battleline": line, "hand": hand, "discard": discard,
                                 "deck": [{"id": "deck0", "house": "Dis", "power": 1}]},
                                {"name": "Bob", "amber": amber, "battleline": theirs}],
                    "actions": actions,
                    "interpretations": {
                        "fight_stopped_early": pick(r1, "refused", "resolve"),
                        "fight_attacker_gone": pick(r1, "resolve", "refused"),
                        "destroyed_fighting": pick(r2, "exchange_only", "whole_fight"),
                        "omni_exhausts": pick(r2, "exhausts", "free"),
                        "active_house": pick(r3, "active_only", "any_house"),
                        "futile_use": pick(r4, "allowed", "refused")}})
            })
    }

    fn all_ids(p: &Position) -> Vec<String> {
        let mut ids = Vec::new();
        for pl in &p.players {
            for zone in [
                &pl.hand,
                &pl.discard,
                &pl.archives,
                &pl.deck,
                &pl.battleline,
                &pl.artifacts,
            ] {
                for c in zone {
                    ids.push(c.id.clone());
                    ids.extend(c.upgrades.iter().map(|u| u.id.clone()));
                }
            }
        }
        ids.sort();
        ids
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 200, .. ProptestConfig::default() })]

        #[test]
        fn generated_turns_end_replay_and_keep_every_card(v in position_strategy()) {
            let p = position(&v);
            let Ok(mut st) = keyforge::resolve(&p, &NoCards) else {
                return Ok(());
            };
            let start = st.clone();
            let adj = rules::play_out::<Keyforge>(&mut st, RecordConfig { states: false });
            prop_assert_ne!(adj.outcome.result, "unfinished");
            let mut fresh = start;
            for e in adj.steps.iter().flat_map(|s| &s.events) {
                keyforge::event::apply(&mut fresh, &e.change);
            }
            prop_assert_eq!(&keyforge::to_position(&fresh), &adj.final_position);
            for (_, id) in st.creatures() {
                let c = st.card(&id).unwrap();
                prop_assert!(c.damage < st.power(&id), "{} left in play at damage {}", id, c.damage);
            }
            prop_assert_eq!(all_ids(&p), all_ids(&adj.final_position));
            let text = serde_json::to_string(&adj.final_position).unwrap();
            let back = Position::from_json(&text).unwrap();
            prop_assert!(keyforge::resolve(&back, &NoCards).is_ok());
        }
    }
}

// ---------------------------------------------------------------------------------------
// Issue #30: the order of simultaneous abilities, the ends of the fight, Stun and Omni,
// partly read lines, citations, play_from

/// The order decisions of the log: each pick's options, in order.
fn order_picks(adj: &keyforge::Adjudication) -> Vec<Vec<String>> {
    changes(adj)
        .iter()
        .filter_map(|c| match c {
            Change::Choice { purpose, decision }
                if *purpose == "the simultaneous ability to resolve next" =>
            {
                Some(decision.options.clone())
            }
            _ => None,
        })
        .collect()
}

/// The rule cited by the first event whose change fits `pick`.
fn rule_of(
    adj: &keyforge::Adjudication,
    pick: impl Fn(&Change) -> bool,
) -> Option<arbiter::rules::Rule> {
    adj.steps
        .iter()
        .flat_map(|s| &s.events)
        .find(|e| pick(&e.change))
        .map(|e| e.rule)
}

fn pinned(mut v: Value, decision: u32, option: usize) -> Value {
    v["decisions"] = json!([{"decision": decision, "option": option}]);
    v
}

#[test]
fn fight_abilities_and_the_survival_constant_are_ordered_by_the_active_player() {
    // seed 003 Fight: "If either creature in a fight has a constant ability referencing the end of the fight (example: “after an enemy creature is destroyed fighting this creature…”), the creature must survive the fight to resolve the ability."
    // The attacker's side: it survives the exchange, then its own Fight: ability destroys it.
    let v = turn(
        json!({"battleline": [creature("a", "Brobnar", 5,
            "After an enemy creature is destroyed fighting this creature, gain 1Æ.\nFight: Destroy this creature.")]}),
        json!({"battleline": [creature("d", "Dis", 2, "")]}),
        json!([{"do": "fight", "card": "a", "target": "d"}]),
    );
    let (adj, st) = play(v.clone());
    let picks = order_picks(&adj);
    assert_eq!(picks.len(), 1, "one decision for two abilities: {picks:?}");
    assert_eq!(picks[0].len(), 2);
    assert!(
        picks[0][0].contains("Fight:"),
        "the default: written order, Fight: first"
    );
    assert_eq!(amber(&st, 0), 0);
    let log = log_text(&adj);
    assert!(
        !log.contains("did not survive the fight"),
        "it survived the fight and left play afterwards: {log}"
    );
    assert!(
        log.contains("survived the fight but has left play since"),
        "{log}"
    );
    // The other order: the constant first gains 1Æ, then the Fight: ability destroys it.
    let (_, st) = play(pinned(v, 1, 2));
    assert_eq!((amber(&st, 0), zone_of(&st, "a")), (1, "discard pile"));
}

#[test]
fn a_cards_reap_abilities_and_its_upgrades_are_ordered_by_the_active_player() {
    // seed 003 Reap: "When a player uses a creature to reap, the player exhausts the creature, gains 1 Æmber for their Æmber pool, and then all “Reap:” abilities on the creature resolve."
    let v = turn(
        json!({"battleline": [creature("a", "Brobnar", 3, "Reap: Gain 1Æ.\nReap: Deal 1 damage to a creature.")]}),
        json!({"battleline": [creature("d", "Dis", 3, "")]}),
        json!([{"do": "reap", "card": "a"}]),
    );
    let resolved = |adj: &keyforge::Adjudication| -> Vec<String> {
        changes(adj)
            .iter()
            .filter_map(|c| match c {
                Change::Resolve { text, .. } => Some(text.clone()),
                _ => None,
            })
            .collect()
    };
    let (adj, _) = play(v.clone());
    assert_eq!(order_picks(&adj).len(), 1);
    assert_eq!(
        resolved(&adj),
        vec!["Gain 1Æ.", "Deal 1 damage to a creature."]
    );
    assert!(cites(&adj, cite::base::CHOICES.sentence));
    let (adj, st) = play(pinned(v, 1, 2));
    assert_eq!(
        resolved(&adj),
        vec!["Deal 1 damage to a creature.", "Gain 1Æ."]
    );
    assert_eq!((amber(&st, 0), damage(&st, "d")), (2, 1));
}

#[test]
fn before_fight_assault_and_hazardous_are_ordered_by_the_active_player() {
    let v = turn(
        json!({"battleline": [creature("a", "Brobnar", 2, "Assault 2.")]}),
        json!({"battleline": [creature("d", "Dis", 2, "Hazardous 2.")]}),
        json!([{"do": "fight", "card": "a", "target": "d"}]),
    );
    let (adj, st) = play(v.clone());
    assert_eq!(order_picks(&adj).len(), 1);
    assert_eq!(
        (zone_of(&st, "d"), zone_of(&st, "a")),
        ("discard pile", "battleline"),
        "the default: Assault first destroys the defender, and Hazardous never deals its damage"
    );
    let (_, st) = play(pinned(v, 1, 2));
    assert_eq!(
        (zone_of(&st, "d"), zone_of(&st, "a")),
        ("battleline", "discard pile"),
        "Hazardous first"
    );
}

#[test]
fn destroyed_fighting_both_readings() {
    // seed 003 Fight: "If either creature in a fight has a constant ability referencing the end of the fight (example: “after an enemy creature is destroyed fighting this creature…”), the creature must survive the fight to resolve the ability."
    let v = turn(
        json!({"battleline": [creature("a", "Brobnar", 3,
            "Assault 3.\nAfter an enemy creature is destroyed fighting this creature, gain 1Æ.")]}),
        json!({"battleline": [creature("d", "Dis", 3, "")]}),
        json!([{"do": "fight", "card": "a", "target": "d"}]),
    );
    let (_, st) = play(v.clone());
    assert_eq!(amber(&st, 0), 1, "published: Assault is part of the fight");
    let (adj, st) = play(with_reading(v, "destroyed_fighting", "exchange_only"));
    assert_eq!(amber(&st, 0), 0, "only the exchange counts");
    assert!(log_text(&adj).contains("destroyed_fighting"));
}

#[test]
fn fight_abilities_refused_after_an_early_stop_cite_the_published_rule_and_the_reading() {
    let (adj, _) = play(turn(
        json!({"battleline": [creature("a", "Brobnar", 2, "Assault 2.\nFight: Gain 1Æ.")]}),
        json!({"battleline": [creature("d", "Dis", 2, "")]}),
        json!([{"do": "fight", "card": "a", "target": "d"}]),
    ));
    let rule = rule_of(&adj, |c| matches!(c, Change::NotResolved { .. })).expect("refused");
    assert_eq!(rule.sentence, cite::base::BEFORE_FIGHT.sentence);
    assert_ne!(rule.sentence, cite::seed003::FIGHT.sentence);
    assert_eq!(rule.readings[0].map(|r| r.key), Some("fight_stopped_early"));
}

#[test]
fn a_stunned_creature_using_its_omni_ability_only_exhausts_and_loses_its_stun() {
    let (adj, st) = play(turn(
        json!({"battleline": [{"id": "a", "house": "Logos", "power": 3, "text": "Omni: Gain 2Æ.", "stunned": true}]}),
        json!({}),
        json!([{"do": "omni", "card": "a"}]),
    ));
    let a = st.card("a").unwrap();
    assert_eq!((amber(&st, 0), a.stunned, a.exhausted), (0, false, true));
    assert!(cites(&adj, cite::base::STUN.sentence));
}

#[test]
fn a_line_read_in_part_keeps_what_it_reads_and_puts_the_rest_to_the_judge() {
    // Elusive is read; "Deploy." alone goes to the judge.
    let (adj, st) = play(turn(
        json!({"battleline": [creature("a", "Brobnar", 3, "")]}),
        json!({"battleline": [creature("e", "Dis", 2, "Elusive. Deploy.")]}),
        json!([{"do": "fight", "card": "a", "target": "e"}]),
    ));
    assert_eq!(
        (damage(&st, "e"), damage(&st, "a")),
        (0, 0),
        "Elusive holds"
    );
    let judged: Vec<&String> = changes(&adj)
        .iter()
        .filter_map(|c| match c {
            Change::Ruling { text, .. } => Some(text),
            _ => None,
        })
        .collect();
    assert_eq!(judged, vec!["Deploy."]);
    // A triggered ability: the sentence it reads resolves, the other is the judge's.
    let (adj, st) = play(turn(
        json!({"battleline": [creature("a", "Brobnar", 3, "Reap: Gain 1Æ. Shuffle your discard pile.")]}),
        json!({}),
        json!([{"do": "reap", "card": "a"}]),
    ));
    assert_eq!(amber(&st, 0), 2, "1 for the reap, 1 for \"Gain 1Æ.\"");
    assert!(changes(&adj)
        .iter()
        .any(|c| matches!(c, Change::Ruling { text, .. } if text == "Shuffle your discard pile.")));
}

#[test]
fn readings_and_rules_are_cited_where_they_decide() {
    // futile_use=refused on an Omni: cites the Omni sentence, not the Action: one.
    let (adj, _) = play(with_reading(
        turn(
            json!({"artifacts": [{"id": "o", "house": "Brobnar", "type": "artifact", "text": "Omni: Steal 1Æ."}]}),
            json!({}),
            json!([{"do": "omni", "card": "o"}]),
        ),
        "futile_use",
        "refused",
    ));
    let rule = rule_of(&adj, |c| matches!(c, Change::Rejected(_))).expect("refused");
    assert_eq!(rule.sentence, cite::seed003::OMNI.sentence);
    // active_house=any_house on a reap cites the Reap sentence, not the Omni one.
    let (adj, _) = play(with_reading(
        turn(
            json!({"battleline": [creature("a", "Dis", 3, "")]}),
            json!({}),
            json!([{"do": "reap", "card": "a"}]),
        ),
        "active_house",
        "any_house",
    ));
    let rule = rule_of(&adj, |c| matches!(c, Change::Note { .. })).expect("the note");
    assert_eq!(rule.sentence, cite::seed003::REAP.sentence);
    // Damage an ability deals cites the published Damage rule, not K2 (reading text).
    let (adj, _) = play(turn(
        json!({"battleline": [creature("a", "Brobnar", 3, "Reap: Deal 1 damage to a creature.")]}),
        json!({"battleline": [creature("d", "Dis", 3, "")]}),
        json!([{"do": "reap", "card": "a"}]),
    ));
    let rule = rule_of(&adj, |c| matches!(c, Change::Damage { .. })).expect("damage");
    assert_eq!(rule.sentence, cite::base::DAMAGE.sentence);
    // So does a destruction by an ability: the published rule, not K2.
    let (adj, _) = play(turn(
        json!({"battleline": [creature("a", "Brobnar", 3, "Reap: Destroy a creature.")]}),
        json!({"battleline": [creature("d", "Dis", 3, "")]}),
        json!([{"do": "reap", "card": "a"}]),
    ));
    let rule = rule_of(&adj, |c| matches!(c, Change::Destroyed { .. })).expect("destroyed");
    assert_eq!(rule.sentence, cite::base::DESTROY.sentence);
    // Taunt only where it protects a neighbour: a lone Taunt creature is just fought.
    let (adj, _) = play(turn(
        json!({"battleline": [creature("a", "Brobnar", 3, "")]}),
        json!({"battleline": [creature("t", "Dis", 2, "Taunt.")]}),
        json!([{"do": "fight", "card": "a", "target": "t"}]),
    ));
    assert!(!cites(&adj, cite::base::TAUNT.sentence));
    // A target the action names is not a judge's pin.
    let (adj, _) = play(turn(
        json!({"battleline": [creature("a", "Brobnar", 3, "Reap: Deal 1 damage to a creature.")]}),
        json!({"battleline": [creature("d", "Dis", 3, ""), creature("d2", "Dis", 3, "")]}),
        json!([{"do": "reap", "card": "a", "targets": ["d2"]}]),
    ));
    let log = log_text(&adj);
    assert!(log.contains("by the action's `targets`"), "{log}");
    assert!(!log.contains("judge's pin"), "{log}");
}

#[test]
fn the_seeds_examples_are_cited_when_their_cards_are_used() {
    // seed 003 Ability: "Mack the Knife has both an Action ability (Deal 1 damage...) and two Constant abilities (Elusive and You may use Mack the Knife as if it belonged to the active house)"
    // seed 003 Ability: "Mighty Javelin has the Omni ability: Sacrifice Mighty Javelin, Deal 4 damage to a creature"
    // seed 003 Ability: "Horseman of Pestilence has Play, Fight, and Reap abilities."
    let (adj, _) = play_cat(json!({"game": "keyforge", "house": "Ironhowl",
        "players": [{"name": "Ann", "amber": 0, "battleline": [{"id": "mack", "card": "Mack the Knife"}]},
                    {"name": "Bob", "amber": 0, "battleline": [{"id": "imp", "house": "Dis", "power": 1}]}],
        "actions": [{"do": "action", "card": "mack"}]}));
    assert!(cites(&adj, cite::seed003::MACK.sentence));
    let (adj, _) = play_cat(json!({"game": "keyforge", "house": "Gloamwatch",
        "players": [{"name": "Ann", "amber": 0, "artifacts": [{"id": "jav", "card": "Mighty Javelin"}]},
                    {"name": "Bob", "amber": 0, "battleline": [{"id": "x", "house": "Dis", "power": 5}]}],
        "actions": [{"do": "omni", "card": "jav"}]}));
    assert!(cites(&adj, cite::seed003::JAVELIN.sentence));
    let (adj, _) = play_cat(json!({"game": "keyforge", "house": "Cinderpit",
        "players": [{"name": "Ann", "amber": 0, "battleline": [{"id": "h", "card": "Horseman of Pestilence"}]},
                    {"name": "Bob", "amber": 0, "battleline": [{"id": "foe", "house": "Dis", "power": 3}]}],
        "actions": [{"do": "reap", "card": "h"}]}));
    assert!(cites(&adj, cite::seed003::HORSEMAN.sentence));
}

#[test]
fn play_abilities_of_artifacts_and_upgrades_resolve_after_they_enter_play() {
    // seed 003 Play: "For creatures, artifacts, and upgrades, the ability resolves immediately after the card enters play."
    let (adj, st) = play(turn(
        json!({"battleline": [creature("c", "Brobnar", 3, "")],
               "hand": [{"id": "art", "house": "Brobnar", "type": "artifact", "text": "Play: Gain 1Æ."},
                        {"id": "up", "house": "Brobnar", "type": "upgrade", "text": "Play: Gain 2Æ."}]}),
        json!({}),
        json!([{"do": "play", "card": "art"}, {"do": "play", "card": "up", "target": "c"}]),
    ));
    assert!(rejected(&adj).is_empty(), "{:?}", rejected(&adj));
    assert_eq!(amber(&st, 0), 3);
    assert_eq!(zone_of(&st, "art"), "artifacts");
    let entered = changes(&adj)
        .iter()
        .position(|c| matches!(c, Change::Move { card, .. } if card == "up"))
        .unwrap();
    let resolved = changes(&adj)
        .iter()
        .position(|c| matches!(c, Change::Resolve { card, .. } if card == "up"))
        .unwrap();
    assert!(
        entered < resolved,
        "the upgrade attaches, then its Play: resolves"
    );
}

#[test]
fn play_from_a_deck_takes_its_top_card_and_an_opponents_zone_needs_from_opponent() {
    // House rule K8: "`play_from` and `put_into_play` from a deck take its top card, the first the position lists; `from_opponent` takes the card from the opponent's zone, for an ability that names it."
    let (adj, st) = play(turn(
        json!({"deck": [creature("top", "Dis", 2, ""), creature("under", "Dis", 2, "")]}),
        json!({}),
        json!([{"do": "play_from", "card": "under", "zone": "deck"},
               {"do": "play_from", "card": "top", "zone": "deck"}]),
    ));
    assert_eq!(rejected(&adj).len(), 1, "{:?}", rejected(&adj));
    assert!(rejected(&adj)[0].contains("not the top card"));
    assert!(cites(&adj, cite::rules::DECK_TOP.sentence));
    assert_eq!(
        (zone_of(&st, "top"), zone_of(&st, "under")),
        ("battleline", "deck")
    );
    // The opponent's discard pile, where a card says so.
    let v = turn(
        json!({}),
        json!({"discard": [creature("theirs", "Dis", 2, "Play: Gain 1Æ.")]}),
        json!([{"do": "play_from", "card": "theirs", "zone": "discard", "from_opponent": true}]),
    );
    let (adj, st) = play(v);
    assert!(rejected(&adj).is_empty(), "{:?}", rejected(&adj));
    assert_eq!(st.controller("theirs"), Some(0), "Ann controls it");
    assert_eq!(amber(&st, 0), 1);
    let (adj, _) = play(turn(
        json!({}),
        json!({"discard": [creature("theirs", "Dis", 2, "")]}),
        json!([{"do": "play_from", "card": "theirs", "zone": "discard"}]),
    ));
    assert!(rejected(&adj)[0].contains("from_opponent"));
}
