//! Properties of the battle-line engine over generated positions (proptest):
//! - every position ends, within the step bound, without a panic;
//! - replaying the log's changes from the starting board reproduces the final board;
//! - a destroyed creature leaves the line: after every step no creature on a line has
//!   damage reaching its Life (house rule T4);
//! - damage never raises life: every damage event deals a non-negative amount and a
//!   player's life never goes up through damage;
//! - `step` is pure: the same state gives the same step;
//! - the final position reads back and resolves.

use std::sync::OnceLock;

use arbiter::adjudicate::CatalogueCards;
use arbiter::catalogue::Catalogue;
use arbiter::games::battleline::ability::AbilityKind;
use arbiter::games::battleline::death;
use arbiter::games::battleline::event::{apply, Change};
use arbiter::games::battleline::{self, Position};
use proptest::prelude::*;
use serde_json::{json, Value};

fn catalogue() -> &'static Catalogue {
    static CAT: OnceLock<Catalogue> = OnceLock::new();
    CAT.get_or_init(|| {
        let data = concat!(env!("CARGO_MANIFEST_DIR"), "/data");
        let set = arbiter::catalogue::validate(std::path::Path::new(data)).expect("bundled data");
        Catalogue::from_data(set, "test".into())
    })
}

fn names(kind: &str) -> Vec<String> {
    catalogue()
        .cards()
        .iter()
        .filter(|c| c.game == "battleline")
        .filter(|c| match kind {
            "artifact" => c.card_type == "artifact",
            "playable" => c.card_type != "artifact" && c.card_type != "summon",
            _ => c.card_type != "artifact",
        })
        .map(|c| c.name.to_string())
        .collect()
}

fn creature() -> impl Strategy<Value = Value> {
    let cards = names("creature");
    let artifacts = names("artifact");
    let card = (
        0..cards.len(),
        0..4i32,
        proptest::collection::vec(0..artifacts.len(), 0..2),
        any::<bool>(),
    )
        .prop_map(move |(i, damage, arts, pest)| {
            let mut c = json!({"card": cards[i], "damage": damage});
            let mindless =
                matches!(cards[i].as_str(), n if n.contains("Serpent") || n == "Bone Colossus");
            if !mindless {
                c["artifacts"] = json!(arts
                    .iter()
                    .map(|a| artifacts[*a].clone())
                    .collect::<Vec<_>>());
            }
            if pest {
                c["status"] = json!(["pestilence"]);
            }
            c
        });
    let all: Vec<AbilityKind> = AbilityKind::ALL.to_vec();
    let traits = ["Beast", "Warrior", "Rider", "Undead", "Templar"];
    let hypothetical = (
        0..8i32,
        1..9i32,
        proptest::collection::vec((0..all.len(), 0..4i32), 0..4),
        proptest::collection::vec(0..traits.len(), 0..3),
        0..3i32,
        any::<bool>(),
    )
        .prop_map(move |(attack, life, abs, ts, damage, warlord)| {
            let labels: Vec<String> = abs
                .iter()
                .map(|(k, v)| {
                    let k = all[*k];
                    if k.takes_value() {
                        format!("{} {}", k.name(), v)
                    } else {
                        k.name().to_string()
                    }
                })
                .collect();
            json!({"name": "Hypo", "attack": attack, "life": life, "abilities": labels,
                   "traits": ts.iter().map(|t| traits[*t]).collect::<Vec<_>>(),
                   "damage": damage.min(life - 1), "warlord": warlord})
        });
    prop_oneof![3 => card, 2 => hypothetical]
}

fn line() -> impl Strategy<Value = Vec<Value>> {
    proptest::collection::vec(prop_oneof![1 => Just(Value::Null), 5 => creature()], 0..7)
}

fn position() -> impl Strategy<Value = Value> {
    let everything: Vec<String> = names("playable")
        .into_iter()
        .chain(names("artifact"))
        .collect();
    let plays = proptest::collection::vec(
        (
            0..2usize,
            0..everything.len(),
            proptest::option::of(1..6usize),
            1..4u32,
        ),
        0..5,
    )
    .prop_map(move |ps| {
        ps.into_iter()
            .map(|(player, i, slot, turn)| {
                let mut a = json!({"player": player, "play": everything[i], "turn": turn});
                if let Some(s) = slot {
                    a["slot"] = json!(s);
                }
                a
            })
            .collect::<Vec<_>>()
    });
    let readings = proptest::collection::vec(
        any::<bool>(),
        arbiter::games::battleline::INTERPRETATIONS.len(),
    );
    (line(), line(), plays, any::<u64>(), 1..4u32, readings, 1..20i32).prop_map(
        |(a, b, mut plays, seed, turns, readings, life)| {
            for p in plays.iter_mut() {
                let t = p["turn"].as_u64().unwrap_or(1).min(turns as u64);
                p["turn"] = json!(t);
            }
            let keys = arbiter::games::battleline::INTERPRETATIONS;
            let mut interp = serde_json::Map::new();
            for (info, other) in keys.iter().zip(readings) {
                interp.insert(info.key.into(), json!(info.readings[other as usize].0));
            }
            json!({"seed": seed, "turns": turns,
                   "players": [{"name": "A", "life": life, "line": a}, {"name": "B", "life": 20, "line": b}],
                   "actions": plays, "interpretations": interp})
        },
    )
}

fn check(v: &Value) -> Result<(), TestCaseError> {
    let cards = CatalogueCards(catalogue());
    let position =
        Position::from_json(&v.to_string()).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let start = battleline::resolve(&position, &cards)
        .map_err(|e| TestCaseError::fail(format!("{e:?}")))?;
    let mut st = start.clone();
    let mut board = start.players.clone();
    let mut steps = 0;
    while !st.is_over() {
        let (pure_a, ev_a) = battleline::step(&st);
        let (pure_b, ev_b) = battleline::step(&st);
        prop_assert_eq!(&ev_a, &ev_b, "step is deterministic");
        prop_assert_eq!(&pure_a.players, &pure_b.players);
        let life_before = [st.players[0].life, st.players[1].life];
        let events = battleline::advance(&mut st);
        prop_assert_eq!(&events, &ev_a, "advance and step agree");
        for e in &events {
            match &e.change {
                Change::Damage { amount, .. } => {
                    prop_assert!(*amount >= 0, "negative damage: {e:?}")
                }
                Change::PlayerDamage { amount, .. } => {
                    prop_assert!(*amount >= 0, "negative damage: {e:?}")
                }
                _ => {}
            }
            let before = [board[0].life, board[1].life];
            apply(&mut board, &e.change);
            if let Change::PlayerDamage { side, .. } = &e.change {
                prop_assert!(board[*side].life <= before[*side], "damage raised life");
            }
        }
        let _ = life_before;
        for side in 0..2 {
            for (slot, c) in st.creatures(side) {
                let lethal = death::is_lethal(&st, side, slot);
                prop_assert!(
                    !lethal,
                    "step {}: {} in slot {} has lethal damage but is on the line",
                    st.steps,
                    c.name,
                    slot + 1
                );
            }
        }
        steps += 1;
        prop_assert!(steps <= battleline::MAX_STEPS + 1, "the step bound holds");
    }
    prop_assert_eq!(
        &board,
        &st.players,
        "replaying the log reproduces the final board"
    );
    let again = battleline::to_position(&st);
    let back = Position::from_json(&serde_json::to_string(&again).unwrap())
        .map_err(|e| TestCaseError::fail(format!("final position does not read back: {e}")))?;
    battleline::resolve(&back, &cards)
        .map_err(|e| TestCaseError::fail(format!("final position does not resolve: {e:?}")))?;
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]
    #[test]
    fn generated_positions_keep_the_invariants(v in position()) {
        check(&v)?;
    }
}
