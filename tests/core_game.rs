//! The adjudication core (`arbiter::rules`) tested through a tiny test-only game, Duel
//! (`tests/core_game/duel.rs`): decisions, weighted chance with exact odds checked
//! against brute force, rejected actions, citations of every kind, interpretations, the
//! recorder and replayer, and permalinks that record the game.

#[path = "core_game/duel.rs"]
mod duel;

use std::collections::BTreeMap;

use arbiter::permalinks::Permalinks;
use arbiter::rules::chance;
use arbiter::rules::cite::{log_lines, sentence_id, Basis};
use arbiter::rules::decision::BadPin;
use arbiter::rules::interpret::ReadingError;
use arbiter::rules::odds::{self, Method, TooManyBranches};
use arbiter::rules::position::{game_of, unknown_game, PositionError};
use arbiter::rules::{self, Game, OnRejection, Readings, RecordConfig, Rule};
use duel::{Action, Change, CritReading, Duel, DuelReadings, HealCap, Outcome, Position, State};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};
use serde_json::{json, Value};

// ---------------------------------------------------------------- helpers

fn read(v: Value) -> Position {
    Duel::read_position(&v.to_string()).expect("a duel position")
}

fn start(p: &Position) -> State {
    Duel::resolve(p, &()).expect("resolves")
}

fn play(p: &Position) -> rules::Adjudication<Duel> {
    rules::adjudicate::<Duel>(p, &(), RecordConfig::default()).expect("resolves")
}

/// Every change of an adjudication, in order.
fn changes(adj: &rules::Adjudication<Duel>) -> Vec<Change> {
    adj.steps
        .iter()
        .flat_map(|s| s.events.iter().map(|e| e.change.clone()))
        .collect()
}

fn lives(p: &Position) -> (i32, i32) {
    (p.players[0].life, p.players[1].life)
}

fn players(life: [i32; 2], mana: [i32; 2]) -> Value {
    json!([
        {"name": "Ada", "life": life[0], "mana": mana[0]},
        {"name": "Bo", "life": life[1], "mana": mana[1]},
    ])
}

fn attack(by: usize, dice: u32) -> Value {
    json!({"attack": {"by": by, "dice": dice}})
}

fn heal(by: usize, amount: i32) -> Value {
    json!({"heal": {"by": by, "amount": amount}})
}

fn ratio(n: u64, d: u64) -> BigRational {
    BigRational::new(BigInt::from(n), BigInt::from(d))
}

// ---------------------------------------------------------------- citations

#[test]
fn a_seed_citation_names_its_rule_and_section_in_json_and_log() {
    let rule = Rule::from(&duel::ATTACK);
    assert_eq!(
        serde_json::to_value(rule).unwrap(),
        json!({"game": "duel", "rule": "Attack", "section": "2.1", "source": "seed",
               "sentence": duel::ATTACK.sentence}),
        "the sentence alone: no `citations` list"
    );
    assert_eq!(duel::ATTACK.place(), "seed 999 §2.1");
    assert_eq!(
        log_lines(&rule, "    "),
        format!(
            "    Attack (seed 999 §2.1): \"{}\"\n",
            duel::ATTACK.sentence
        )
    );
    assert_eq!(
        serde_json::to_value(Basis::of(&duel::ATTACK)).unwrap(),
        json!({"source": "seed", "rule": "Attack", "section": "2.1",
               "sentence_ref": sentence_id(duel::ATTACK.sentence)})
    );
}

#[test]
fn a_repeated_seed_section_is_cited_by_its_occurrence() {
    // Seed 999 numbers two passages 2.1: the critical hit is the second.
    let rule = Rule::from(&duel::CRITICAL);
    assert_eq!(
        serde_json::to_value(rule).unwrap(),
        json!({"game": "duel", "rule": "Critical hit", "section": "2.1", "source": "seed",
               "occurrence": 1, "sentence": "A die showing 6 is a critical hit."})
    );
    assert_eq!(duel::CRITICAL.place(), "seed 999 §2.1 (second occurrence)");
    assert_ne!(duel::CRITICAL, duel::ATTACK.occurrence(1));
    assert_eq!(
        log_lines(&rule, ""),
        "Critical hit (seed 999 §2.1 (second occurrence)): \"A die showing 6 is a critical hit.\"\n"
    );
    // Under a reading the JSON lists every basis, the occurrence kept.
    let read = rule.reading(CritReading::Double.reading());
    assert_eq!(
        serde_json::to_value(read).unwrap()["citations"],
        json!([
            {"source": "seed", "rule": "Critical hit", "section": "2.1", "occurrence": 1,
             "sentence_ref": sentence_id(duel::CRITICAL.sentence)},
            {"source": "interpretation", "key": "crit", "reading": "double", "default": false,
             "doc": "docs/rules/duel.md#interpretation-crit"},
        ])
    );
    assert_eq!(
        log_lines(&read, "  "),
        "  Critical hit (seed 999 §2.1 (second occurrence)): \"A die showing 6 is a critical hit.\"\n  \
         reading `crit: double` (not the default) (docs/rules/duel.md#interpretation-crit)\n"
    );
}

#[test]
fn a_public_citation_says_where_it_is_published() {
    let rule = Rule::from(&duel::LOSS);
    let published = "Duel Organised Play Guide (Duel League, 2024)";
    assert_eq!(
        serde_json::to_value(rule).unwrap(),
        json!({"game": "duel", "rule": "Defeat", "section": "7.3", "source": "public",
               "published": published, "sentence": "A player reduced to 0 life loses the duel."})
    );
    assert_eq!(
        log_lines(&rule, "  "),
        format!("  Defeat ({published} 7.3): \"A player reduced to 0 life loses the duel.\"\n")
    );
    assert_eq!(
        serde_json::to_value(Basis::of(&duel::LOSS)).unwrap(),
        json!({"source": "public", "rule": "Defeat", "section": "7.3", "published": published,
               "sentence_ref": sentence_id(duel::LOSS.sentence)})
    );
    // As a further basis under another sentence.
    let under = Rule::from(&duel::END).house(&duel::LOSS);
    assert_eq!(
        log_lines(&under, "").lines().nth(1),
        Some(
            format!(
                "also Defeat ({published} 7.3): \"A player reduced to 0 life loses the duel.\""
            )
            .as_str()
        )
    );
}

#[test]
fn a_house_citation_links_its_heading_in_the_rules_doc() {
    let rule = Rule::from(&duel::DEAD);
    assert_eq!(
        serde_json::to_value(rule).unwrap(),
        json!({"game": "duel", "rule": "Dead players", "section": "H1", "source": "house",
               "sentence": duel::DEAD.sentence})
    );
    assert_eq!(
        log_lines(&rule, "  "),
        format!(
            "  house rule H1 Dead players (docs/rules/duel.md#h1-dead-players): \"{}\"\n",
            duel::DEAD.sentence
        )
    );
    // A house rule settling what a seed sentence leaves open: both listed.
    let both = Rule::from(&duel::ATTACK).house(&duel::FLOOR);
    assert_eq!(
        serde_json::to_value(both).unwrap()["citations"],
        json!([
            {"source": "seed", "rule": "Attack", "section": "2.1",
             "sentence_ref": sentence_id(duel::ATTACK.sentence)},
            {"source": "house", "rule": "No negative life", "section": "H4",
             "sentence_ref": sentence_id(duel::FLOOR.sentence),
             "doc": "docs/rules/duel.md#h4-no-negative-life"},
        ])
    );
    assert_eq!(
        log_lines(&both, "").lines().nth(1),
        Some(
            format!(
                "also house rule H4 No negative life (docs/rules/duel.md#h4-no-negative-life): \"{}\"",
                duel::FLOOR.sentence
            )
            .as_str()
        )
    );
    // The same house rule twice is listed once.
    assert_eq!(
        Rule::from(&duel::DEAD).house(&duel::DEAD).citations().len(),
        1
    );
}

/// A JSON citation's further basis refers to its sentence by id, and the answer quotes
/// each such sentence once, at the top level (`sentences`); the API's streamed answer
/// writes the same table.
#[test]
fn a_further_basis_in_the_json_resolves_to_its_sentence() {
    // Damage past 0 life rests on the attack's sentence and on house rule H4.
    let p = read(
        json!({"game": "duel", "seed": 1, "players": players([1, 1], [0, 0]),
                        "actions": [attack(1, 3), attack(1, 3)]}),
    );
    let json = serde_json::to_value(play(&p)).unwrap();
    let table = json["sentences"].as_object().expect("a table of sentences");
    let mut resolved = 0;
    for e in json["steps"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|s| s["events"].as_array().unwrap())
    {
        let further = e["rule"]["citations"]
            .as_array()
            .map_or(&[][..], |c| &c[1..]);
        for b in further.iter().filter(|b| b["source"] != "interpretation") {
            let id = b["sentence_ref"].as_str().expect("a sentence_ref");
            assert!(
                table.contains_key(id),
                "{b} refers to {id}, not in {table:?}"
            );
            resolved += 1;
        }
    }
    assert!(resolved > 0, "no further basis in {json}");
    assert_eq!(
        table[&sentence_id(duel::FLOOR.sentence)],
        duel::FLOOR.sentence
    );
    // Each sentence once, and only sentences a basis names.
    assert_eq!(table.len(), 1, "{table:?}");
    // Without a further basis, no table.
    let plain = read(json!({"game": "duel", "players": players([9, 9], [0, 0])}));
    assert!(serde_json::to_value(play(&plain))
        .unwrap()
        .get("sentences")
        .is_none());
}

/// Every sentence any game cites has its own id in an answer's `sentences`.
#[test]
fn every_cited_sentence_of_every_game_has_a_distinct_id() {
    use arbiter::games;
    let mut all: Vec<&'static str> = Vec::new();
    all.extend(
        games::battleline::Battleline::citations()
            .iter()
            .map(|c| c.sentence),
    );
    all.extend(games::swtcg::Swtcg::citations().iter().map(|c| c.sentence));
    all.extend(
        games::keyforge::Keyforge::citations()
            .iter()
            .map(|c| c.sentence),
    );
    all.extend(
        games::arcane::Arcane::citations()
            .iter()
            .map(|c| c.sentence),
    );
    all.extend(games::karth::Karth::citations().iter().map(|c| c.sentence));
    all.extend(duel::all_citations().iter().map(|c| c.sentence));
    all.sort_unstable();
    all.dedup();
    let mut ids: BTreeMap<String, &str> = BTreeMap::new();
    for s in &all {
        if let Some(other) = ids.insert(sentence_id(s), s) {
            panic!("{s:?} and {other:?} share the id {}", sentence_id(s));
        }
    }
    assert!(ids.len() > 300, "{}", ids.len());
}

#[test]
fn a_seed_basis_under_a_house_rule_names_its_own_seed() {
    // A house rule first, a seed sentence as a further basis: the "also" line names the
    // seed the sentence comes from (not the house rule's doc) and its occurrence.
    let rule = Rule::from(&duel::END).house(&duel::CRITICAL);
    assert_eq!(
        log_lines(&rule, "").lines().nth(1),
        Some("also seed 999 §2.1 (second occurrence) Critical hit: \"A die showing 6 is a critical hit.\"")
    );
}

#[test]
fn an_interpretation_citation_stands_as_the_rule() {
    let rule = Rule::from(&duel::OVERHEAL);
    assert_eq!(
        serde_json::to_value(rule).unwrap(),
        json!({"game": "duel", "rule": "uncapped", "section": "heal_cap",
               "source": "interpretation", "default": false, "sentence": duel::OVERHEAL.sentence})
    );
    assert_eq!(
        log_lines(&rule, ""),
        format!(
            "interpretation `heal_cap: uncapped` (not the default) (docs/rules/duel.md#interpretation-heal_cap): \"{}\"\n",
            duel::OVERHEAL.sentence
        )
    );
    assert_eq!(
        Basis::of(&duel::OVERHEAL),
        Basis::Interpretation {
            key: "heal_cap",
            reading: "uncapped",
            default: false,
            doc: "docs/rules/duel.md#interpretation-heal_cap".into(),
        }
    );
    // A citation of a default reading says so, in the JSON, the basis and the log.
    static CAPPED: arbiter::rules::Citation = arbiter::rules::Citation::interpretation(
        duel::GAME,
        HealCap::Capped.reading(),
        "Healing stops at the starting life.",
    );
    assert_eq!(
        serde_json::to_value(Rule::from(&CAPPED)).unwrap()["default"],
        true
    );
    assert!(matches!(
        Basis::of(&CAPPED),
        Basis::Interpretation {
            default: true,
            reading: "capped",
            ..
        }
    ));
    assert!(log_lines(&Rule::from(&CAPPED), "")
        .starts_with("interpretation `heal_cap: capped` (default) ("));
    // As a further basis under a seed sentence.
    assert_eq!(
        log_lines(&Rule::from(&duel::HEAL).house(&CAPPED), "")
            .lines()
            .nth(1),
        Some("reading `heal_cap: capped` (default) (docs/rules/duel.md#interpretation-heal_cap)")
    );
    // A default reading under a seed sentence says it is the default.
    let capped = Rule::from(&duel::HEAL).reading(HealCap::Capped.reading());
    assert_eq!(
        log_lines(&capped, "").lines().nth(1),
        Some("reading `heal_cap: capped` (default) (docs/rules/duel.md#interpretation-heal_cap)")
    );
}

#[test]
fn every_event_cites_a_rule_of_the_game_and_every_kind_is_met() {
    use arbiter::rules::Source;
    let table = Duel::citations();
    let positions = [
        // Dead Bo attacks (house H1), Ada wins (public), floored life (house H4).
        json!({"game": "duel", "seed": 3, "players": players([5, 1], [0, 0]),
               "actions": [attack(1, 3), attack(2, 2)], "choices": [{"chance": 1, "outcome": 4}]}),
        // Over-healing under the uncapped reading (interpretation), a critical (seed,
        // second occurrence).
        json!({"game": "duel", "seed": 4, "players": players([5, 9], [3, 0]),
               "actions": [heal(1, 3), attack(1, 1)], "choices": [{"chance": 1, "outcome": 3}],
               "interpretations": {"heal_cap": "uncapped"}}),
    ];
    let mut kinds = Vec::new();
    for p in positions {
        for step in play(&read(p)).steps {
            for e in step.events {
                assert!(
                    table.iter().any(|c| std::ptr::eq(*c, e.rule.cite)),
                    "{} cites {:?}, not in the game's table",
                    e.text,
                    e.rule.cite
                );
                for b in e.rule.citations() {
                    let kind = match b {
                        Basis::Seed { occurrence, .. } => format!("seed{occurrence}"),
                        Basis::Public { .. } => "public".into(),
                        Basis::House { .. } => "house".into(),
                        Basis::Interpretation { .. } => "interpretation".into(),
                    };
                    if !kinds.contains(&kind) {
                        kinds.push(kind);
                    }
                }
                let as_rule = "interpretation as the rule".to_string();
                if e.rule.source == Source::Interpretation && !kinds.contains(&as_rule) {
                    kinds.push(as_rule);
                }
            }
        }
    }
    kinds.sort();
    assert_eq!(
        kinds,
        [
            "house",
            "interpretation",
            "interpretation as the rule",
            "public",
            "seed0",
            "seed1"
        ]
    );
}

// ---------------------------------------------------------------- interpretations

#[test]
fn interpretations_are_declared_once_and_switched_by_key() {
    let keys: Vec<&str> = DuelReadings::TABLE.iter().map(|i| i.key).collect();
    assert_eq!(keys, ["crit", "heal_cap"]);
    assert_eq!(DuelReadings::info("crit").unwrap().readings[1].0, "double");
    let mut r = DuelReadings::default();
    assert_eq!(r.chosen(), [("crit", "single"), ("heal_cap", "capped")]);
    assert!(r.non_default().is_empty());
    r.set("crit", "double").unwrap();
    assert_eq!(r.crit, CritReading::Double);
    assert_eq!(r.non_default(), [("crit", "double")]);
    assert_eq!(
        r.set("crit", "triple"),
        Err(ReadingError::UnknownValue {
            key: "crit",
            value: "triple".into(),
            expected: "\"single\" or \"double\"".into(),
        })
    );
    let unknown = r.set("fury", "spend").unwrap_err();
    assert_eq!(
        unknown.to_string(),
        "no interpretation \"fury\"; expected one of: crit, heal_cap"
    );
    assert_eq!(
        r.crit,
        CritReading::Double,
        "a refused switch changes nothing"
    );
    assert!(!CritReading::Double.reading().default);
    assert!(CritReading::Single.reading().default);

    // The position's `interpretations`: every field optional, unknown keys refused with
    // their place.
    let p = read(json!({"game": "duel", "players": players([1, 1], [0, 0]),
                        "interpretations": {"heal_cap": "uncapped"}}));
    assert_eq!(p.interpretations.heal_cap, HealCap::Uncapped);
    assert_eq!(p.interpretations.crit, CritReading::Single);
    let text = "{\"game\": \"duel\", \"players\": [{\"name\": \"A\", \"life\": 1}, {\"name\": \"B\", \"life\": 1}],\n \"interpretations\": {\"crits\": \"double\"}}";
    let err = Duel::read_position(text).unwrap_err();
    assert_eq!(err.path, "interpretations.crits");
    assert_eq!(err.line, Some(2));
    assert!(err.message.contains("unknown field `crits`"), "{err}");
}

#[test]
fn the_critical_reading_changes_the_outcome_and_is_cited() {
    // Ada's one die is pinned to the critical class (outcome 3: 0 hits, 1 critical).
    let base = read(
        json!({"game": "duel", "seed": 1, "players": players([5, 5], [0, 0]),
                           "actions": [attack(1, 1)], "choices": [{"chance": 1, "outcome": 3}]}),
    );
    let mut double = DuelReadings::default();
    double.set("crit", "double").unwrap();
    let switched = Duel::with_readings(&base, double);
    assert_eq!(Duel::readings(&switched).crit, CritReading::Double);

    let single = play(&base);
    let doubled = play(&switched);
    assert_eq!(lives(&single.final_position), (5, 4));
    assert_eq!(lives(&doubled.final_position), (5, 3));
    let cite = |adj: &rules::Adjudication<Duel>| {
        adj.steps[0]
            .events
            .iter()
            .find(|e| matches!(e.change, Change::Damage { .. }))
            .map(|e| e.rule)
            .unwrap()
    };
    assert_eq!(
        cite(&single).readings[0],
        Some(CritReading::Single.reading())
    );
    assert_eq!(
        cite(&doubled).readings[0],
        Some(CritReading::Double.reading())
    );
    assert_eq!(cite(&doubled).cite, &duel::CRITICAL);

    // And over all the chance: the exact odds of Bo's life differ.
    let open = |p: &Position| {
        let mut p = p.clone();
        p.choices.clear();
        odds::exact::<Duel, _>(&start(&p), |s| s.players[1].life, 1000).unwrap()
    };
    let (a, b) = (open(&base), open(&switched));
    assert_eq!(a.odds(&4), ratio(1, 2), "a 4, 5 or 6");
    assert_eq!(b.odds(&4), ratio(1, 3), "a 4 or 5");
    assert_eq!(b.odds(&3), ratio(1, 6), "a 6");
    assert_eq!(a.odds(&3), BigRational::zero());
}

#[test]
fn the_heal_cap_reading_changes_the_outcome_and_the_kind_of_citation() {
    let p = read(json!({"game": "duel", "players": [
                            {"name": "Ada", "life": 4, "mana": 3, "max_life": 5},
                            {"name": "Bo", "life": 5}],
                        "actions": [heal(1, 3)]}));
    let capped = play(&p);
    let mut r = *Duel::readings(&p);
    r.set("heal_cap", "uncapped").unwrap();
    let uncapped = play(&Duel::with_readings(&p, r));
    assert_eq!(lives(&capped.final_position), (5, 5));
    assert_eq!(lives(&uncapped.final_position), (7, 5));
    assert_eq!(
        capped.final_position.players[0].mana, 0,
        "the mana is spent anyway"
    );
    let heal_rule = |adj: &rules::Adjudication<Duel>| adj.steps[0].events[0].rule;
    assert_eq!(heal_rule(&capped).cite, &duel::HEAL);
    assert_eq!(
        heal_rule(&capped).readings[0],
        Some(HealCap::Capped.reading())
    );
    assert_eq!(heal_rule(&uncapped).cite, &duel::OVERHEAL);
    assert_eq!(
        serde_json::to_value(uncapped.steps[0].events[0].rule).unwrap()["source"],
        "interpretation"
    );
}

// ---------------------------------------------------------------- decisions

/// Ada (2 mana) attacks with one die pinned to a hit: Fury's decision follows.
fn fury(decisions: Value) -> Position {
    read(
        json!({"game": "duel", "seed": 5, "players": players([9, 9], [2, 0]),
                "actions": [attack(1, 1)], "choices": [{"chance": 1, "outcome": 2}],
                "decisions": decisions}),
    )
}

fn the_decision(adj: &rules::Adjudication<Duel>) -> arbiter::rules::Decision<&'static str> {
    changes(adj)
        .into_iter()
        .find_map(|c| match c {
            Change::Fury { decision } => Some(decision),
            _ => None,
        })
        .expect("a decision")
}

#[test]
fn a_decision_takes_its_default_policy_unless_pinned() {
    let by_default = play(&fury(json!([])));
    let d = the_decision(&by_default);
    assert_eq!((d.ordinal, d.chosen, d.pinned), (1, 0, false));
    assert_eq!(d.options, ["spend", "keep"]);
    assert_eq!(lives(&by_default.final_position), (9, 7));
    assert_eq!(by_default.final_position.players[0].mana, 1);
    let text = &by_default.steps[0].events[2].text;
    assert_eq!(
        text,
        "Decision 1 (Ada's: spend 1 mana for 1 more damage?): spend, by the default policy, spend while mana lasts; options: spend, keep."
    );
    assert_eq!(
        serde_json::to_value(&by_default.steps[0].events[2].change).unwrap(),
        json!({"kind": "fury", "decision": {"ordinal": 1, "who": "Ada",
               "question": "spend 1 mana for 1 more damage?", "options": ["spend", "keep"],
               "policy": "spend while mana lasts", "chosen": 0, "pinned": false}})
    );

    let pinned = play(&fury(json!([{"decision": 1, "option": 2}])));
    let d = the_decision(&pinned);
    assert_eq!((d.chosen, d.pinned), (1, true));
    assert_eq!(lives(&pinned.final_position), (9, 8));
    assert_eq!(pinned.final_position.players[0].mana, 2);
    assert!(pinned.steps[0].events[2]
        .text
        .contains("keep, by the judge's pin"));

    // A pin for a decision never met changes nothing.
    let unused = play(&fury(json!([{"decision": 2, "option": 2}])));
    assert_eq!(
        lives(&unused.final_position),
        lives(&by_default.final_position)
    );
}

#[test]
fn a_pin_naming_no_option_ends_adjudication_with_a_clear_outcome() {
    let adj = play(&fury(json!([{"decision": 1, "option": 3}])));
    let bad = BadPin {
        decision: 1,
        option: 3,
        options: 2,
    };
    assert_eq!(adj.outcome, Outcome::BadPin(bad.clone()));
    assert_eq!(
        bad.to_string(),
        "the pin for decision 1 names option 3; it has options 1 to 2"
    );
    let last = adj.steps.last().unwrap().events.last().unwrap();
    assert_eq!(last.rule.cite, &duel::PIN);
    assert_eq!(
        serde_json::to_value(&adj.outcome).unwrap(),
        json!({"kind": "bad_pin", "decision": 1, "option": 3, "options": 2})
    );
    assert_eq!(adj.steps.len(), 1, "nothing after the bad pin");
    assert_eq!(
        lives(&adj.final_position),
        (9, 8),
        "the hit stands, Fury does not"
    );
}

#[test]
fn bad_decision_pins_are_all_reported_at_their_paths() {
    let p = read(json!({"game": "duel", "players": players([1, 1], [0, 0]),
                        "decisions": [{"decision": 0, "option": 1}, {"decision": 2, "option": 0},
                                      {"decision": 2, "option": 1}]}));
    let errors = Duel::resolve(&p, &()).unwrap_err();
    let found: Vec<(&str, &str)> = errors
        .iter()
        .map(|e| (e.path.as_str(), e.message.as_str()))
        .collect();
    assert_eq!(
        found,
        [
            ("decisions[0].decision", "decisions are numbered from 1"),
            ("decisions[1].option", "options are numbered from 1"),
            ("decisions[2].decision", "decision 2 is pinned twice"),
        ]
    );
    assert_eq!(
        errors[2].to_string(),
        "decisions[2].decision: decision 2 is pinned twice"
    );
    // `adjudicate` refuses it whole.
    assert_eq!(
        rules::adjudicate::<Duel>(&p, &(), RecordConfig::default())
            .err()
            .map(|e| e.len()),
        Some(3)
    );
    // A pin's shape is checked as the position is read, with its line and column.
    let text = "{\"game\": \"duel\", \"players\": [{\"name\": \"A\", \"life\": 1}, {\"name\": \"B\", \"life\": 1}],\n\"decisions\": [{\"decision\": 1, \"pick\": 2}]}";
    let err = Duel::read_position(text).unwrap_err();
    assert_eq!(err.path, "decisions[0].pick");
    assert_eq!(err.line, Some(2));
    assert!(err.to_string().starts_with("2:"), "{err}");
}

/// A decision answered in words (a ruling) is the game's to read: a game whose decisions
/// are all choices keeps the default, a refusal in words; a game's problem with the text
/// says its column.
#[test]
fn a_written_answer_is_refused_by_a_game_without_one_and_errors_say_their_column() {
    use arbiter::rules::decision::AnswerError;
    let p = read(json!({"game": "duel", "players": players([1, 1], [0, 0])}));
    let errors = Duel::pin_answer_with_cards(&p, &(), 1, "damage foe 4").unwrap_err();
    assert_eq!(
        errors.iter().map(|e| e.to_string()).collect::<Vec<_>>(),
        ["Duel (test only) has no decision answered in words (decision 1)"]
    );
    assert_eq!(
        AnswerError::at(12, "expected a whole number").to_string(),
        "at column 12: expected a whole number"
    );
    assert_eq!(
        serde_json::to_value(AnswerError::at(3, "x")).unwrap(),
        json!({"column": 3, "message": "x"})
    );
    assert_eq!(AnswerError::whole("no such decision").column, None);
}

// ---------------------------------------------------------------- chance

#[test]
fn a_dice_pool_is_outcome_classes_with_multinomial_weights() {
    let (rolls, weights) = duel::pool(3);
    assert_eq!(rolls.len(), 10, "(hits, crits) with hits + crits <= 3");
    assert_eq!(weights.iter().sum::<u64>(), 216);
    // Two hits and a critical: 3 arrangements · 2·2·1.
    let i = rolls
        .iter()
        .position(|r| r.hits == 2 && r.crits == 1)
        .unwrap();
    assert_eq!(weights[i], 12);
    assert_eq!(chance::odds_of(&weights, rolls.len(), i), ratio(12, 216));
    // The largest pool still fits the u64 weights exactly.
    let (_, w) = duel::pool(duel::MAX_DICE);
    assert_eq!(w.iter().sum::<u64>(), 6u64.pow(duel::MAX_DICE));
}

#[test]
fn a_weighted_chance_node_shows_its_exact_odds_in_the_log() {
    let p = read(
        json!({"game": "duel", "seed": 11, "players": players([5, 5], [0, 0]),
                        "actions": [attack(1, 1)]}),
    );
    let adj = play(&p);
    let e = &adj.steps[0].events[0];
    let Change::Roll { chance, .. } = &e.change else {
        panic!("a roll first")
    };
    assert_eq!(chance.weights, [3, 2, 1]);
    assert_eq!(
        (0..3).map(|i| chance.odds(i)).collect::<Vec<_>>(),
        [ratio(1, 2), ratio(1, 3), ratio(1, 6)]
    );
    let picked = ["0h0c", "1h0c", "0h1c"][chance.picked];
    assert_eq!(
        e.text,
        format!(
            "Ada rolls. Chance 1 (the attack's dice): {picked} picked (random) from 0h0c (1/2), 1h0c (1/3), 0h1c (1/6)."
        )
    );
    assert_eq!(e.rule.cite, &duel::ATTACK);
    let json = serde_json::to_value(&e.change).unwrap();
    assert_eq!(json["chance"]["weights"], json!([3, 2, 1]));
    assert_eq!(json["chance"]["forced"], false);
}

/// The exact distribution of both players' final life, by brute force over every face of
/// every die (6^n sequences), written apart from the game: a die shows 1–6, 4 and 5 hit
/// for 1, 6 for 1 or 2 as the reading says; Fury's default spends mana after a hit; a
/// player at 0 life does not attack; life stops at 0.
fn brute_force(p: &Position) -> BTreeMap<(i32, i32), BigRational> {
    let total_dice: u32 = p
        .actions
        .iter()
        .map(|a| match a {
            Action::Attack(s) => s.dice,
            Action::Heal(_) => 0,
        })
        .sum();
    let crit = if p.interpretations.crit == CritReading::Double {
        2
    } else {
        1
    };
    let sequences = 6u64.pow(total_dice);
    let mut counts: BTreeMap<(i32, i32), u64> = BTreeMap::new();
    for code in 0..sequences {
        let mut faces = (0..total_dice).map(|k| (code / 6u64.pow(k)) % 6 + 1);
        let mut life = [p.players[0].life, p.players[1].life];
        let mut mana = [p.players[0].mana, p.players[1].mana];
        for a in &p.actions {
            match a {
                Action::Attack(s) => {
                    let rolled: Vec<u64> = faces.by_ref().take(s.dice as usize).collect();
                    let (me, foe) = (s.by - 1, 2 - s.by);
                    if life[me] == 0 {
                        continue;
                    }
                    let damage: i32 = rolled
                        .iter()
                        .map(|f| match f {
                            4 | 5 => 1,
                            6 => crit,
                            _ => 0,
                        })
                        .sum();
                    if damage > 0 {
                        life[foe] = (life[foe] - damage).max(0);
                        if mana[me] >= 1 {
                            mana[me] -= 1;
                            life[foe] = (life[foe] - 1).max(0);
                        }
                    }
                }
                Action::Heal(h) => {
                    let me = h.by - 1;
                    if life[me] > 0 && mana[me] >= h.amount {
                        mana[me] -= h.amount;
                        life[me] += h.amount;
                        if p.interpretations.heal_cap == HealCap::Capped {
                            life[me] =
                                life[me].min(p.players[me].max_life.unwrap_or(p.players[me].life));
                        }
                    }
                }
            }
        }
        *counts.entry((life[0], life[1])).or_default() += 1;
    }
    counts
        .into_iter()
        .map(|(k, n)| (k, ratio(n, sequences)))
        .collect()
}

fn final_lives(s: &State) -> (i32, i32) {
    (s.players[0].life, s.players[1].life)
}

#[test]
fn exact_odds_match_brute_force_over_every_face() {
    // Seven dice in three attacks, Fury's mana, a player who may be dead before their
    // attack (rejected, no roll), a heal: 6^7 face sequences.
    let mut p = read(
        json!({"game": "duel", "seed": 2, "players": players([4, 5], [1, 1]),
                            "actions": [attack(1, 3), attack(2, 2), heal(1, 1), attack(1, 2)]}),
    );
    for crit in ["single", "double"] {
        p.interpretations.set("crit", crit).unwrap();
        let want = brute_force(&p);
        let got = odds::exact::<Duel, _>(&start(&p), final_lives, 100_000).unwrap();
        assert_eq!(got.outcomes, want, "reading crit: {crit}");
        let sum: BigRational = got.outcomes.values().sum();
        assert!(sum.is_one(), "the chances sum to 1, not {sum}");
        assert!(
            matches!(got.method, Method::Enumerated { runs, .. } if runs > 0),
            "{:?}",
            got.method
        );
        assert!(want.len() > 5, "a spread worth checking: {want:?}");
    }
}

#[test]
fn exact_odds_match_brute_force_across_small_duels() {
    let action_lists = [
        vec![attack(1, 1), attack(2, 1), attack(1, 1), attack(2, 1)],
        vec![attack(2, 3), heal(2, 2), attack(1, 2)],
        vec![attack(1, 5)],
    ];
    for life in [[1, 1], [3, 2], [6, 6]] {
        for mana in [[0, 0], [1, 2]] {
            for actions in &action_lists {
                for crit in ["single", "double"] {
                    let mut p = read(json!({"game": "duel", "players": players(life, mana),
                                            "actions": actions}));
                    p.interpretations.set("crit", crit).unwrap();
                    let got = odds::exact::<Duel, _>(&start(&p), final_lives, 100_000)
                        .unwrap_or_else(|e| panic!("{e}: {p:?}"));
                    assert_eq!(got.outcomes, brute_force(&p), "{p:?}");
                }
            }
        }
    }
}

#[test]
fn exact_odds_of_the_losers_life_are_exact_rationals() {
    // Bo (3 life) attacks Ada (2 life) with 2 dice, then Ada with 2 dice if she stands.
    let p = read(json!({"game": "duel", "players": players([2, 3], [0, 0]),
                        "actions": [attack(2, 2), attack(1, 2)]}));
    let loser_life = |s: &State| s.players.iter().map(|p| p.life).min().unwrap();
    let got = odds::exact::<Duel, _>(&start(&p), loser_life, 10_000).unwrap();
    let mut want: BTreeMap<i32, BigRational> = BTreeMap::new();
    for ((a, b), odds) in brute_force(&p) {
        *want.entry(a.min(b)).or_insert_with(BigRational::zero) += odds;
    }
    assert_eq!(got.outcomes, want);
    // Ada falls when both of Bo's dice hit (4–6 twice): 1/4; two dice cannot take Bo's
    // 3 life. Otherwise the loser keeps 1 life when one of Bo's dice hits (1/2) or when
    // neither does (1/4) and both of Ada's do (1/4).
    assert_eq!(got.odds(&0), ratio(1, 4));
    assert_eq!(got.odds(&1), ratio(1, 2) + ratio(1, 4) * ratio(1, 4));
    let json = serde_json::to_value(&got).unwrap();
    assert_eq!(
        json["method"], "enumerated",
        "every figure says how it was computed"
    );
    assert_eq!(json["outcomes"][0], json!({"value": 0, "odds": "1/4"}));
}

/// Duel without a memo key: the same game, every state played out anew.
struct NoMemo;

impl Game for NoMemo {
    const ID: &'static str = Duel::ID;
    const NAME: &'static str = Duel::NAME;
    const SEED: &'static str = Duel::SEED;
    const RULES_DOC: &'static str = Duel::RULES_DOC;
    type Position = Position;
    type State = State;
    type Change = Change;
    type Cards<'a> = ();
    type Phase = duel::Phase;
    type Outcome = Outcome;
    type Readings = DuelReadings;
    type MemoKey = ();
    fn read_position(text: &str) -> Result<Position, PositionError> {
        Duel::read_position(text)
    }
    fn resolve(p: &Position, cards: &()) -> Result<State, Vec<PositionError>> {
        Duel::resolve(p, cards)
    }
    fn to_position(s: &State) -> Position {
        Duel::to_position(s)
    }
    fn readings(p: &Position) -> &DuelReadings {
        Duel::readings(p)
    }
    fn with_readings(p: &Position, r: DuelReadings) -> Position {
        Duel::with_readings(p, r)
    }
    fn advance(s: &mut State) -> Vec<rules::Event<Change>> {
        Duel::advance(s)
    }
    fn is_over(s: &State) -> bool {
        Duel::is_over(s)
    }
    fn outcome(s: &State) -> Outcome {
        Duel::outcome(s)
    }
    fn clock(s: &State) -> (u32, u32, duel::Phase) {
        Duel::clock(s)
    }
    fn phase_label(phase: duel::Phase) -> &'static str {
        Duel::phase_label(phase)
    }
    fn describe(s: &State, e: &rules::Event<Change>) -> String {
        Duel::describe(s, e)
    }
    fn summary(p: &Position, o: &Outcome) -> String {
        Duel::summary(p, o)
    }
    fn configure(p: &mut Position, play: &rules::PlayConfig) {
        Duel::configure(p, play)
    }
    fn pins_any(p: &Position) -> bool {
        Duel::pins_any(p)
    }
    fn stopped_by_input(o: &Outcome) -> Option<&'static str> {
        Duel::stopped_by_input(o)
    }
    fn board(s: &State) -> rules::view::Board {
        Duel::board(s)
    }
    fn chance_panel(s: &State, c: &Change) -> Option<rules::view::ChancePanel> {
        Duel::chance_panel(s, c)
    }
    fn pin_in_position(p: &Position, chance: u32, pin: &str) -> Result<Position, String> {
        Duel::pin_in_position(p, chance, pin)
    }
    fn outcome_sentence(s: &State, o: &Outcome) -> String {
        Duel::outcome_sentence(s, o)
    }
    fn citations() -> Vec<&'static arbiter::rules::Citation> {
        Duel::citations()
    }
    fn chance_in(c: &Change) -> Option<chance::ChanceInfo<'_>> {
        Duel::chance_in(c)
    }
    fn pin_chance(s: &mut State, ordinal: u32, index: usize, events: &[rules::Event<Change>]) {
        Duel::pin_chance(s, ordinal, index, events)
    }
}

#[test]
fn states_that_merge_are_answered_from_the_memo_with_the_same_odds() {
    // Four one-die attacks on Bo: a hit then a miss and a miss then a hit reach the same
    // state (the generator drew alike: a pin still draws).
    let p = read(
        json!({"game": "duel", "seed": 8, "players": players([9, 9], [0, 0]),
                        "actions": [attack(1, 1), attack(1, 1), attack(1, 1), attack(1, 1)]}),
    );
    let st = start(&p);
    let memo = odds::exact::<Duel, _>(&st, final_lives, 10_000).unwrap();
    let plain = odds::exact::<NoMemo, _>(&st, final_lives, 10_000).unwrap();
    assert_eq!(memo.outcomes, plain.outcomes);
    assert_eq!(memo.outcomes, brute_force(&p));
    let (
        Method::Enumerated {
            runs: memo_runs,
            memo_hits,
        },
        Method::Enumerated {
            runs: plain_runs,
            memo_hits: no_hits,
        },
    ) = (memo.method.clone(), plain.method.clone())
    else {
        panic!("enumerated")
    };
    assert!(memo_hits > 0, "{:?}", memo.method);
    assert_eq!(no_hits, 0);
    assert!(memo_runs < plain_runs, "{memo_runs} vs {plain_runs}");
    // The JSON names the method and its counts.
    assert_eq!(
        serde_json::to_value(&memo).unwrap()["memo_hits"],
        json!(memo_hits)
    );
}

#[test]
fn too_many_branches_is_an_error_not_a_guess() {
    let p = read(json!({"game": "duel", "players": players([9, 9], [0, 0]),
                        "actions": [attack(1, 2), attack(2, 2)]}));
    let err = odds::exact::<Duel, _>(&start(&p), final_lives, 3).unwrap_err();
    assert_eq!(err, TooManyBranches { limit: 3 });
    assert!(err.to_string().contains("more than 3 steps"), "{err}");
    assert!(odds::exact::<Duel, _>(&start(&p), final_lives, 1_000).is_ok());
}

#[test]
fn a_judges_chance_pin_is_not_branched_on() {
    // Both rolls pinned: one outcome, certain, each step run once.
    let p = read(json!({"game": "duel", "players": players([9, 9], [0, 0]),
                        "actions": [attack(1, 2), attack(2, 2)],
                        "choices": [{"chance": 1, "outcome": 3}, {"chance": 2, "outcome": 1}]}));
    let d = odds::exact::<Duel, _>(&start(&p), final_lives, 1_000).unwrap();
    assert_eq!(d.outcomes.len(), 1);
    assert_eq!(d.odds(&(9, 7)), BigRational::one());
    assert_eq!(
        d.method,
        Method::Enumerated {
            runs: 2,
            memo_hits: 0
        }
    );
    // One pinned, one open: the open one's odds only.
    let mut half = p.clone();
    half.choices.truncate(1);
    let d = odds::exact::<Duel, _>(&start(&half), final_lives, 1_000).unwrap();
    assert_eq!(d.odds(&(9, 7)), ratio(1, 4), "Bo misses with both dice");
}

#[test]
fn pinning_a_chance_outcome_still_draws_so_later_draws_are_unchanged() {
    let p = read(
        json!({"game": "duel", "seed": 21, "players": players([20, 20], [0, 0]),
                        "actions": [attack(1, 3), attack(2, 3), attack(1, 3)]}),
    );
    let picks = |p: &Position| -> (Vec<(usize, bool)>, State) {
        let mut st = start(p);
        let adj = rules::play_out::<Duel>(&mut st, RecordConfig { states: false });
        let picks = changes(&adj)
            .into_iter()
            .filter_map(|c| match c {
                Change::Roll { chance, .. } => Some((chance.picked, chance.forced)),
                _ => None,
            })
            .collect();
        (picks, st)
    };
    let (free, free_end) = picks(&p);
    assert_eq!(free.len(), 3);
    let other = if free[0].0 == 0 { 1 } else { 0 };
    let mut pinned = p.clone();
    pinned.choices = vec![duel::ChoicePin {
        chance: 1,
        outcome: other + 1,
    }];
    let (fixed, fixed_end) = picks(&pinned);
    assert_eq!(fixed[0], (other, true));
    assert_eq!(&fixed[1..], &free[1..], "the later draws are the same");
    assert_eq!(fixed_end.rng, free_end.rng, "the generator drew as often");
    assert_ne!(final_lives(&fixed_end), final_lives(&free_end));

    // A pin naming an outcome the node lacks ends adjudication; the generator still drew.
    let mut bad = p.clone();
    bad.choices = vec![duel::ChoicePin {
        chance: 1,
        outcome: 99,
    }];
    let mut st = start(&bad);
    let adj = rules::play_out::<Duel>(&mut st, RecordConfig::default());
    assert_eq!(
        adj.outcome,
        Outcome::BadChoice {
            chance: 1,
            outcome: 99,
            outcomes: 10
        }
    );
    let mut one = start(&p);
    Duel::advance(&mut one);
    assert_eq!(st.rng, one.rng);
}

// ---------------------------------------------------------------- rejected actions

#[test]
fn a_rejected_action_cites_the_rule_and_leaves_the_state_as_it_was() {
    // Bo is at 0 life and attacks; Ada heals more than her mana.
    let p = read(
        json!({"game": "duel", "seed": 6, "players": players([5, 0], [1, 0]),
                        "actions": [attack(2, 2), heal(1, 2), heal(1, 1)]}),
    );
    let mut st = start(&p);
    let before = Duel::to_position(&st);
    let events = Duel::advance(&mut st);
    let after = Duel::to_position(&st);
    assert_eq!(events.len(), 1);
    assert_eq!(
        serde_json::to_value(&events[0].change).unwrap(),
        json!({"kind": "rejected", "action": 1, "proposed": "Bo attacks with 2 dice",
               "reason": "they are at 0 life"})
    );
    assert_eq!(events[0].cite.cite, &duel::DEAD);
    assert_eq!(
        Duel::describe(&st, &events[0]),
        "Action 1 rejected: Bo attacks with 2 dice. they are at 0 life"
    );
    assert_eq!(after.players, before.players);
    assert_eq!(after.rng, before.rng, "no dice rolled");
    assert_eq!(after.actions, before.actions[1..]);

    let before = after;
    let events = Duel::advance(&mut st);
    let after = Duel::to_position(&st);
    let Change::Rejected(r) = &events[0].change else {
        panic!("rejected: {events:?}")
    };
    assert_eq!((r.action, r.reason.as_str()), (1, "they have 1 mana"));
    assert_eq!(events[0].cite.cite, &duel::MANA);
    assert_eq!(after.players, before.players);

    // `continue` (the default) goes on to the heal that is allowed.
    let rest = rules::play_out::<Duel>(&mut st, RecordConfig::default());
    assert_eq!(rest.final_position.players[0].mana, 0);
    assert_eq!(rest.outcome, Outcome::Won { winner: 0 });
    assert_eq!(
        rest.steps.last().unwrap().events.last().unwrap().rule.cite,
        &duel::LOSS
    );
}

#[test]
fn on_rejection_stop_ends_at_the_first_rejection() {
    let mut p = read(json!({"game": "duel", "players": players([5, 5], [1, 0]),
                            "actions": [heal(1, 2), heal(1, 1)]}));
    let going_on = play(&p);
    assert_eq!(p.on_rejection, OnRejection::Continue);
    assert_eq!(going_on.steps.len(), 2);
    assert_eq!(going_on.outcome, Outcome::Undecided);
    assert_eq!(going_on.final_position.players[0].mana, 0);

    p = read(json!({"game": "duel", "players": players([5, 5], [1, 0]),
                    "actions": [heal(1, 2), heal(1, 1)], "on_rejection": "stop"}));
    assert_eq!(p.on_rejection, OnRejection::Stop);
    let stopped = play(&p);
    assert_eq!(stopped.steps.len(), 1);
    assert_eq!(stopped.outcome, Outcome::Stopped { action: 1 });
    let events = &stopped.steps[0].events;
    assert!(matches!(events[0].change, Change::Rejected(_)));
    assert_eq!(events[1].rule.cite, &duel::STOP);
    assert_eq!(stopped.final_position.players, start_players(&p));
    assert_eq!(
        stopped.final_position.actions.len(),
        1,
        "the second heal not taken"
    );

    let err = Duel::read_position(
        "{\"game\": \"duel\", \"players\": [{\"name\": \"A\", \"life\": 1}, {\"name\": \"B\", \"life\": 1}], \"on_rejection\": \"halt\"}",
    )
    .unwrap_err();
    assert_eq!(err.path, "on_rejection");
}

fn start_players(p: &Position) -> [duel::PlayerSpec; 2] {
    Duel::to_position(&start(p)).players
}

// ---------------------------------------------------------------- recorder and replayer

fn step_json(
    n: u32,
    turn: u32,
    phase: duel::Phase,
    events: &[rules::LoggedEvent<Change>],
) -> Value {
    json!({"n": n, "turn": turn, "phase": phase, "events": events})
}

#[test]
fn play_out_and_the_replayer_agree_step_by_step() {
    let p = read(
        json!({"game": "duel", "seed": 13, "players": players([6, 6], [2, 1]),
                        "actions": [attack(1, 3), attack(2, 3), heal(2, 1), attack(1, 4),
                                    heal(1, 5), attack(2, 2)],
                        "decisions": [{"decision": 2, "option": 2}]}),
    );
    let with_states = play(&p);
    let without = rules::adjudicate::<Duel>(&p, &(), RecordConfig { states: false }).unwrap();
    let replay = rules::Replay::<Duel>::run(p.clone(), &()).unwrap();

    assert_eq!(with_states.steps.len(), replay.steps.len());
    assert_eq!(without.steps.len(), replay.steps.len());
    assert!(replay.steps.len() >= 6);
    for ((a, b), r) in with_states
        .steps
        .iter()
        .zip(&without.steps)
        .zip(&replay.steps)
    {
        let from_replay = step_json(r.n, r.turn, r.phase, &r.events);
        assert_eq!(step_json(a.n, a.turn, a.phase, &a.events), from_replay);
        assert_eq!(step_json(b.n, b.turn, b.phase, &b.events), from_replay);
        assert_eq!(a.state.as_ref(), Some(&Duel::to_position(&r.state)));
        assert_eq!(b.state, None);
        assert_eq!(replay.state(r.n as usize), &r.state);
    }
    assert_eq!(replay.state(0), &start(&p));
    assert_eq!(with_states.final_position, without.final_position);
    assert_eq!(
        with_states.final_position,
        Duel::to_position(&replay.steps.last().unwrap().state)
    );
    assert_eq!(with_states.outcome, replay.outcome);
    assert_eq!(without.outcome, replay.outcome);
    assert_eq!(with_states.states_omitted_from, None);
    assert_eq!(without.states_omitted_from, None);
    let json = serde_json::to_value(&with_states).unwrap();
    assert!(json.get("states_omitted_from").is_none());
    assert_eq!(
        json["final"],
        serde_json::to_value(&with_states.final_position).unwrap()
    );
}

#[test]
fn a_recorded_state_continues_exactly_as_the_game_did() {
    let p = read(
        json!({"game": "duel", "seed": 17, "players": players([8, 8], [1, 1]),
                        "actions": [attack(1, 2), attack(2, 2), attack(1, 2), attack(2, 2)],
                        "choices": [{"chance": 3, "outcome": 2}],
                        "decisions": [{"decision": 2, "option": 2}]}),
    );
    let whole = play(&p);
    for step in &whole.steps[..whole.steps.len() - 1] {
        let saved = step.state.clone().expect("states recorded");
        // Through its JSON, as a saved state or permalink would go.
        let text = serde_json::to_string(&saved).unwrap();
        let rest = play(&Duel::read_position(&text).unwrap());
        assert_eq!(
            rest.final_position, whole.final_position,
            "continued from step {}",
            step.n
        );
        assert_eq!(rest.outcome, whole.outcome);
    }
}

#[test]
fn the_text_log_shows_each_step_its_events_and_every_rule_then_the_summary() {
    let p = read(json!({"game": "duel", "players": players([5, 5], [0, 0]),
                        "actions": [attack(1, 1)], "choices": [{"chance": 1, "outcome": 2}]}));
    let text = rules::log_text(&play(&p));
    assert_eq!(
        text,
        format!(
            "step 1 · turn 1 · over\n\
             \x20 Ada rolls. Chance 1 (the attack's dice): 1h0c picked (judge's choice) from 0h0c (1/2), 1h0c (1/3), 0h1c (1/6).\n\
             \x20     house rule H3 Judge's pins (docs/rules/duel.md#h3-judges-pins): \"{}\"\n\
             \x20 Bo takes 1 damage (4 life left).\n\
             \x20     Attack (seed 999 §2.1): \"{}\"\n\
             \x20 The duel ends: Undecided.\n\
             \x20     house rule H2 End of the duel (docs/rules/duel.md#h2-end-of-the-duel): \"{}\"\n\
             \n\
             Outcome: Undecided\n\
             Ada: life 5, mana 0\n\
             Bo: life 4, mana 0\n",
            duel::PIN.sentence,
            duel::ATTACK.sentence,
            duel::END.sentence
        )
    );
}

#[test]
fn a_pin_naming_no_option_is_an_input_error_at_its_pins() {
    let bad_decision = play(&fury(json!([{"decision": 1, "option": 3}])));
    let err = rules::input_error(&bad_decision).expect("stopped by the position");
    assert_eq!(err.path, "decisions");
    assert_eq!(
        err.message,
        bad_decision.steps[0].events.last().unwrap().text
    );
    let bad_chance = play(&read(
        json!({"game": "duel", "players": players([5, 5], [0, 0]),
                                       "actions": [attack(1, 1)],
                                       "choices": [{"chance": 1, "outcome": 4}]}),
    ));
    assert_eq!(
        bad_chance.outcome,
        Outcome::BadChoice {
            chance: 1,
            outcome: 4,
            outcomes: 3
        }
    );
    assert_eq!(rules::input_error(&bad_chance).unwrap().path, "choices");
    assert_eq!(rules::input_error(&play(&fury(json!([])))), None);
}

#[test]
fn the_recorder_yields_nothing_once_the_game_is_over() {
    let p = read(json!({"game": "duel", "players": players([1, 1], [0, 0])}));
    let mut st = start(&p);
    let mut rec = rules::Recorder::<Duel>::new(RecordConfig::default());
    let only = rec.step(&mut st).expect("the ending step");
    assert_eq!(only.n, 1);
    assert_eq!(only.phase, duel::Phase::Over);
    assert!(rec.step(&mut st).is_none());
    assert_eq!(Duel::outcome(&st), Outcome::Undecided);
}

// ---------------------------------------------------------------- permalinks and games

/// Reads position text for whichever game its `game` field names: the registry a
/// program with several games keeps.
fn read_any(text: &str) -> Result<Position, PositionError> {
    match game_of(text)?.as_deref() {
        Some(Duel::ID) => Duel::read_position(text),
        Some(other) => Err(unknown_game(other, &[Duel::ID])),
        None => Err(PositionError::at("game", "no game named")),
    }
}

#[test]
fn a_permalink_records_the_game_and_reads_back_to_an_equal_position() {
    let p = read(
        json!({"game": "duel", "seed": 99, "players": players([7, 6], [2, 0]),
                        "actions": [attack(1, 2), heal(1, 1)],
                        "choices": [{"chance": 1, "outcome": 2}],
                        "decisions": [{"decision": 1, "option": 2}],
                        "interpretations": {"crit": "double"}, "on_rejection": "stop"}),
    );
    let canonical = serde_json::to_string(&p).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = arbiter::permalinks::path_for(&dir.path().join("catalogue.sqlite"));
    let hash = {
        let store = Permalinks::open(&path).unwrap();
        let hash = store.put(&canonical).unwrap();
        assert_eq!(store.put(&canonical).unwrap(), hash, "content-addressed");
        hash
    };
    let store = Permalinks::open(&path).unwrap();
    let text = store.get(&hash).unwrap().expect("stored");
    assert_eq!(text, canonical);
    assert_eq!(game_of(&text).unwrap().as_deref(), Some("duel"));
    let back = read_any(&text).unwrap();
    assert_eq!(back, p);
    assert_eq!(serde_json::to_string(&back).unwrap(), canonical);
    // The same play from the permalink.
    assert_eq!(
        serde_json::to_value(play(&back)).unwrap(),
        serde_json::to_value(play(&p)).unwrap()
    );
}

#[test]
fn an_unknown_game_is_a_located_error() {
    let text = json!({"game": "chess", "players": []}).to_string();
    let err = read_any(&text).unwrap_err();
    assert_eq!(err.path, "game");
    assert_eq!(
        err.to_string(),
        "game: no game system \"chess\"; expected one of: duel"
    );
    assert_eq!(err, unknown_game("chess", &["duel"]));

    // A `game` of the wrong shape, with its line and column.
    let err = game_of("{\n  \"game\": 5\n}").unwrap_err();
    assert_eq!(err.path, "game");
    assert_eq!((err.line, err.column), (Some(2), Some(11)));
    assert_eq!(game_of("{\"seed\": 1}").unwrap(), None);

    // The game itself refuses another game's position.
    let err = Duel::read_position(
        "{\"game\": \"battleline\", \"players\": [{\"name\": \"A\", \"life\": 1}, {\"name\": \"B\", \"life\": 1}]}",
    )
    .unwrap_err();
    assert_eq!(err.path, "game");
}

#[test]
fn position_errors_are_located_by_path_line_and_column() {
    let text = "{\"game\": \"duel\",\n \"players\": [{\"name\": \"A\", \"life\": 1}, {\"name\": \"B\", \"life\": 1}],\n \"actions\": [{\"attack\": {\"by\": 1, \"dcie\": 2}}]}";
    let err = Duel::read_position(text).unwrap_err();
    assert_eq!(err.path, "actions[0].attack.dcie");
    assert_eq!(err.line, Some(3));
    assert!(err.message.contains("unknown field `dcie`"), "{err}");

    let p = read(json!({"game": "duel", "players": players([1, 1], [0, 0]),
                        "actions": [attack(3, 0), heal(1, 0)]}));
    let errors = Duel::resolve(&p, &()).unwrap_err();
    let paths: Vec<&str> = errors.iter().map(|e| e.path.as_str()).collect();
    assert_eq!(
        paths,
        [
            "actions[0].attack.dice",
            "actions[0].attack.by",
            "actions[1].heal.amount"
        ]
    );
    let err = Duel::read_position(&format!(
        "{} {{}}",
        json!({"game": "duel", "players": players([1, 1], [0, 0])})
    ))
    .unwrap_err();
    assert!(err.message.contains("after the end"), "{err}");
}

/// Issue #14: a game without a builder form keeps the defaults: no form (the builder
/// offers only pasted JSON), no values, and a submission refused in words naming it.
#[test]
fn a_game_without_a_form_is_pasted_as_json() {
    use arbiter::rules::form::FormFields;
    assert!(duel::Duel::builder_form(&FormFields::default()).is_none());
    let (values, notes) = duel::Duel::form_values(None);
    assert!(values.0.is_empty() && notes.is_empty());
    let errors = duel::Duel::from_form(&values).unwrap_err();
    assert_eq!(errors.len(), 1);
    assert!(
        errors[0].message.contains("has no builder form yet") && errors[0].field.is_none(),
        "{errors:?}"
    );
    let e = duel::Duel::form_error(&values, &PositionError::at("players[0]", "bad"));
    assert_eq!((e.field, e.message.as_str()), (None, "players[0]: bad"));
}
