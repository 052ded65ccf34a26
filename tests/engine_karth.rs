//! Heroes of Karth play legality (seed 001 §5): each sentence that concerns play, an
//! accepted and (where the sentence forbids something) a rejected case; both readings of
//! every interpretation; the published movement rules and house rules; located position
//! errors; the fixtures' log snapshots; and the documents (every seed citation verbatim
//! in seed 001, every published and house rule quoted in `docs/rules/karth.md`, the
//! interpretations table current, a fixture for every reading).
//!
//! Each behaviour test quotes the seed sentence it tests in a comment. A case is written
//! as the verdicts of its actions: `ok 5.2.1` (accepted, resting on 5.2.1) or `no 5.2.1`
//! (rejected, breaking 5.2.1); house rules read `K2`, published rules their section.

use crate::common::{docs, fixtures};
use std::path::Path;
use std::sync::OnceLock;

use arbiter::adjudicate::{log_text, KarthCards};
use arbiter::catalogue::Catalogue;
use arbiter::games::karth::{self, cite, Change, Karth, Position, State, INTERPRETATIONS};
use arbiter::rules::{self, Game, RecordConfig, Source};
use serde_json::{json, Value};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn catalogue() -> &'static Catalogue {
    static CAT: OnceLock<Catalogue> = OnceLock::new();
    CAT.get_or_init(|| {
        let set =
            arbiter::catalogue::validate(&Path::new(ROOT).join("data")).expect("bundled data");
        Catalogue::from_data(set, "test".into())
    })
}

/// A 6 × 5 battlefield of Grassland, Ann's spawners at (1,3) and (2,3), Bo's at (6,3)
/// and (5,3); Ann to play on turn 3 with 10 gold.
fn base() -> Value {
    let mut rows = Vec::new();
    for _ in 0..6 {
        rows.push(json!([
            "Grassland",
            "Grassland",
            "Grassland",
            "Grassland",
            "Grassland"
        ]));
    }
    let mut p = json!({
        "game": "karth",
        "turn": 3,
        "active": "Ann",
        "players": [
            {"name": "Ann", "gold": 10, "hand": []},
            {"name": "Bo", "gold": 10, "hand": []}
        ],
        "board": {"rows": rows},
        "units": [],
        "actions": []
    });
    for (r, c) in [(1, 3), (2, 3), (6, 3), (5, 3)] {
        set(&mut p, r, c, json!("Spawner"));
    }
    p
}

/// Sets space (r, c) (1-based) to `cell`.
fn set(p: &mut Value, r: usize, c: usize, cell: Value) {
    p["board"]["rows"][r - 1][c - 1] = cell;
}

fn unit(id: &str, owner: &str, card: &str, at: [u32; 2]) -> Value {
    json!({"id": id, "owner": owner, "card": card, "at": at, "mv": 3})
}

fn position(v: &Value) -> Position {
    Position::from_json(&v.to_string()).unwrap_or_else(|e| panic!("{e}"))
}

/// Plays `v` against the catalogue: the log and the final state.
fn play(v: &Value) -> (karth::Adjudication, State) {
    let p = position(v);
    let cards = KarthCards(catalogue());
    let mut st = karth::resolve(&p, &cards).unwrap_or_else(|e| panic!("{e:?}"));
    let adj = rules::play_out::<Karth>(&mut st, RecordConfig { states: false });
    (adj, st)
}

/// Each action's verdict: `ok SECTION` or `no SECTION`.
fn verdicts(adj: &karth::Adjudication) -> Vec<String> {
    adj.steps
        .iter()
        .filter_map(|s| s.events.first())
        .map(|e| {
            let v = match e.change {
                Change::Accepted { .. } => "ok",
                Change::Rejected(_) => "no",
                _ => "??",
            };
            format!("{v} {}", e.rule.section)
        })
        .collect()
}

fn judge(v: &Value) -> Vec<String> {
    verdicts(&play(v).0)
}

/// Whether some event of `adj` rests on `sentence` (as its sentence or its house rule).
fn cites(adj: &karth::Adjudication, sentence: &str) -> bool {
    adj.steps.iter().flat_map(|s| &s.events).any(|e| {
        e.rule.sentence == sentence || e.rule.house.is_some_and(|h| h.sentence == sentence)
    })
}

/// Whether some event of `adj` rests on reading `key: value`.
fn reads(adj: &karth::Adjudication, key: &str, value: &str) -> bool {
    adj.steps
        .iter()
        .flat_map(|s| &s.events)
        .flat_map(|e| e.rule.readings.iter().flatten())
        .any(|r| r.key == key && r.value == value)
}

fn gold(st: &State, player: &str) -> u32 {
    st.position
        .players
        .iter()
        .find(|p| p.name == player)
        .map_or(u32::MAX, |p| p.gold)
}

fn unit_of<'a>(st: &'a State, id: &str) -> &'a karth::format::UnitSpec {
    st.unit(id).unwrap_or_else(|| panic!("no unit {id}"))
}

fn hand(st: &State, player: &str) -> Vec<String> {
    st.position.players[st.player_index(player).unwrap()]
        .hand
        .clone()
}

// ---------------------------------------------------------------------------------------
// 5.1 Heroes

#[test]
fn a_second_copy_of_an_allegiance_hero_is_refused() {
    // seed 001 §5.1.2: "A Player cannot have two of the same Allegiance Hero on the Battlefield."
    let mut p = base();
    p["players"][0]["gold"] = json!(20);
    p["units"] = json!([unit("V", "Ann", "Captain Aldric Vey", [3, 1])]);
    p["players"][0]["hand"] = json!(["Captain Aldric Vey", "Seraphine of the Dawn"]);
    p["actions"] = json!([
        {"do": "hire", "card": "Captain Aldric Vey", "at": [1, 3]},
        {"do": "hire", "card": "Seraphine of the Dawn", "at": [1, 3]}
    ]);
    let (adj, _) = play(&p);
    assert_eq!(verdicts(&adj), ["no 5.1.2", "ok 5.2.1"]);
    assert_eq!(adj.steps[0].events[0].rule.occurrence, 0);
}

#[test]
fn a_second_copy_of_a_shard_hero_is_refused_citing_the_second_5_1_2() {
    // seed 001 §5.1.2: "A Player cannot have two of the same Shard Hero on the Battlefield."
    let mut p = base();
    p["players"][0]["gold"] = json!(20);
    p["units"] = json!([unit("Z", "Ann", "Vharzul the Ember-Eyed", [3, 1])]);
    p["players"][0]["hand"] = json!(["Vharzul the Ember-Eyed"]);
    p["actions"] = json!([{"do": "hire", "card": "Vharzul the Ember-Eyed", "at": [1, 3]}]);
    let (adj, _) = play(&p);
    assert_eq!(verdicts(&adj), ["no 5.1.2"]);
    assert_eq!(adj.steps[0].events[0].rule.occurrence, 1);
    // The other player may field the same hero.
    let mut p = base();
    p["players"][0]["gold"] = json!(20);
    p["units"] = json!([unit("Z", "Bo", "Vharzul the Ember-Eyed", [4, 1])]);
    p["players"][0]["hand"] = json!(["Vharzul the Ember-Eyed"]);
    p["actions"] = json!([{"do": "hire", "card": "Vharzul the Ember-Eyed", "at": [1, 3]}]);
    assert_eq!(judge(&p), ["ok 5.2.1"]);
}

// ---------------------------------------------------------------------------------------
// 5.2 Units, 5.10.4 Spawners

#[test]
fn hiring_needs_the_card_in_hand_and_enough_gold() {
    // seed 001 §5.2.1: "A Player can hire a unit from their hand if they have enough gold."
    let mut p = base();
    p["players"][0]["gold"] = json!(3);
    p["players"][0]["hand"] = json!(["Ashfang Warchief", "Obsidian Hexer"]);
    p["actions"] = json!([
        {"do": "hire", "card": "Ashfang Warchief", "at": [1, 3]},
        {"do": "hire", "card": "Obsidian Hexer", "at": [1, 3]},
        {"do": "hire", "card": "Silverhold Footman", "at": [2, 3]}
    ]);
    let (adj, st) = play(&p);
    assert_eq!(verdicts(&adj), ["no 5.2.1", "ok 5.2.1", "no 5.2.1"]);
    assert_eq!(gold(&st, "Ann"), 0, "the Hexer's 3 gold paid");
    assert_eq!(unit_of(&st, "Obsidian Hexer").at, [1, 3]);
    assert_eq!(hand(&st, "Ann"), ["Ashfang Warchief"]);
}

#[test]
fn units_start_on_an_owned_unoccupied_spawner() {
    // seed 001 §5.10.4: "Units can start on any terrain owned by the player that is a spawner and is unoccupied."
    let mut p = base();
    p["units"] = json!([unit("F", "Ann", "Silverhold Footman", [2, 3])]);
    p["players"][0]["hand"] = json!(["Obsidian Hexer"]);
    p["actions"] = json!([
        {"do": "hire", "card": "Obsidian Hexer", "at": [1, 1]},
        {"do": "hire", "card": "Obsidian Hexer", "at": [6, 3]},
        {"do": "hire", "card": "Obsidian Hexer", "at": [2, 3]},
        {"do": "hire", "card": "Obsidian Hexer", "at": [1, 3]}
    ]);
    assert_eq!(
        judge(&p),
        ["no 5.10.4", "no 5.10.4", "no 5.10.4", "ok 5.2.1"]
    );
}

#[test]
fn a_newly_hired_unit_cannot_move_unless_a_card_says_so() {
    // seed 001 §5.2.2: "A Player cannot move a unit that is newly hired unless there is a card that specifies otherwise."
    let mut p = base();
    p["players"][0]["hand"] = json!(["Silverhold Footman", "Silverhold Crossbowman"]);
    p["actions"] = json!([
        {"do": "hire", "card": "Silverhold Footman", "at": [1, 3], "id": "F", "mv": 2},
        {"do": "move", "unit": "F", "path": [[1, 4]]},
        {"do": "hire", "card": "Silverhold Crossbowman", "at": [2, 3], "id": "C", "mv": 2},
        {"do": "move", "unit": "C", "path": [[2, 4]]},
        {"do": "end_turn"},
        {"do": "end_turn"},
        {"do": "move", "unit": "F", "path": [[1, 4]]}
    ]);
    assert_eq!(
        judge(&p),
        ["ok 5.2.1", "no 5.2.2", "ok 5.2.1", "no 5.2.2", "ok K2", "ok K2", "ok 4.2.1"]
    );
    // Marshal Odelyn Thorne: "Rangers you hire may move on the turn they are hired."
    let mut p2 = p.clone();
    p2["units"] = json!([unit("M", "Ann", "Marshal Odelyn Thorne", [3, 5])]);
    let (adj, _) = play(&p2);
    assert_eq!(
        &verdicts(&adj)[..4],
        ["ok 5.2.1", "no 5.2.2", "ok 5.2.1", "ok 5.2.2"]
    );
}

#[test]
fn only_the_active_player_hires_moves_and_ends_the_turn() {
    // house rule K2
    let mut p = base();
    p["players"][1]["hand"] = json!(["Silverhold Footman"]);
    p["units"] = json!([unit("B", "Bo", "Silverhold Footman", [5, 1])]);
    p["actions"] = json!([
        {"do": "hire", "card": "Silverhold Footman", "at": [6, 3], "player": "Bo"},
        {"do": "move", "unit": "B", "path": [[4, 1]], "player": "Bo"},
        {"do": "move", "unit": "B", "path": [[4, 1]]},
        {"do": "end_turn", "player": "Bo"}
    ]);
    assert_eq!(judge(&p), ["no K2", "no K2", "no K2", "no K2"]);
}

// ---------------------------------------------------------------------------------------
// 5.3 Mercenaries

#[test]
fn mercenaries_go_to_the_side_free_one_a_turn() {
    // seed 001 §5.3.1: "When played from a Player's hand, mercenaries must be played off to the side of the Battlefield."
    // seed 001 §5.3.2: "You can only play 1 mercenary off to the side in 1 turn."
    // seed 001 §5.3.4: "You DO NOT spend the summon cost of the unit when playing it off to the side."
    let mut p = base();
    p["players"][0]["hand"] = json!(["Gravel Pit Brute", "Wandering Bowman"]);
    p["actions"] = json!([
        {"do": "hire", "card": "Gravel Pit Brute", "at": [1, 3]},
        {"do": "to_side", "card": "Gravel Pit Brute"},
        {"do": "to_side", "card": "Wandering Bowman"}
    ]);
    let (adj, st) = play(&p);
    assert_eq!(verdicts(&adj), ["no 5.3.1", "ok 5.3.1", "no 5.3.2"]);
    assert_eq!(gold(&st, "Ann"), 10);
    assert_eq!(st.position.players[0].side[0].placed, 3);
    assert!(cites(&adj, cite::s5::MERC_NO_COST.sentence));
}

#[test]
fn a_mercenary_that_says_draw_another_card_draws() {
    // seed 001 §5.3.3: "When played off to the side if the card says “Draw another card” you would draw a card."
    let mut p = base();
    p["players"][0]["hand"] = json!(["Hired Sellsword", "Wandering Bowman"]);
    p["players"][0]["deck"] = json!(["Spark", "Fireball"]);
    p["actions"] = json!([{"do": "to_side", "card": "Hired Sellsword"}]);
    let (adj, st) = play(&p);
    assert_eq!(verdicts(&adj), ["ok 5.3.1"]);
    assert_eq!(hand(&st, "Ann"), ["Wandering Bowman", "Spark"]);
    assert!(cites(&adj, cite::s5::MERC_DRAW.sentence));
    // Without the words, no draw.
    p["actions"] = json!([{"do": "to_side", "card": "Wandering Bowman"}]);
    let (_, st) = play(&p);
    assert_eq!(hand(&st, "Ann"), ["Hired Sellsword"]);
}

#[test]
fn a_mercenary_enters_from_the_side_after_a_turn_for_its_cost_in_the_spawn_zone() {
    // seed 001 §5.3.6: "After the card has been off to the side for 1 turn, on any of your future turns you may pay the card’s summon cost to bring it on to the field anywhere in your spawn zone."
    // seed 001 §5.3.4: "Mercenaries are only hired once they are played on the Battlefield."
    let mut p = base();
    p["players"][0]["gold"] = json!(2);
    p["players"][0]["side"] = json!([{"card": "Gravel Pit Brute", "placed": 3}, {"card": "Wandering Bowman", "placed": 1}]);
    p["actions"] = json!([
        {"do": "bring_in", "card": "Gravel Pit Brute", "at": [1, 3]},
        {"do": "bring_in", "card": "Wandering Bowman", "at": [3, 3]},
        {"do": "bring_in", "card": "Wandering Bowman", "at": [1, 3], "id": "W", "mv": 2},
        {"do": "bring_in", "card": "Silverhold Footman", "at": [2, 3]}
    ]);
    let (adj, st) = play(&p);
    assert_eq!(
        verdicts(&adj),
        ["no 5.3.6", "no 5.3.6", "ok 5.3.6", "no 5.3.6"]
    );
    assert_eq!(gold(&st, "Ann"), 0);
    assert_eq!(
        unit_of(&st, "W").hired_turn,
        Some(3),
        "hired once on the Battlefield"
    );
    assert!(cites(&adj, cite::s5::MERC_HIRED_ON_FIELD.sentence));
    assert!(
        cites(&adj, cite::rules::SPAWN_ZONE.sentence),
        "house rule K18"
    );
    // Not enough gold for the summon cost.
    p["players"][0]["gold"] = json!(1);
    p["actions"] = json!([{"do": "bring_in", "card": "Wandering Bowman", "at": [1, 3]}]);
    assert_eq!(judge(&p), ["no 5.3.6"]);
}

#[test]
fn one_mercenary_onto_the_battlefield_a_turn() {
    // seed 001 §5.3.8: "A maximum of 1 mercenary can be played on the Battlefield in 1 turn."
    let mut p = base();
    p["players"][0]["side"] = json!([{"card": "Gravel Pit Brute", "placed": 1}, {"card": "Wandering Bowman", "placed": 1}]);
    p["actions"] = json!([
        {"do": "bring_in", "card": "Gravel Pit Brute", "at": [1, 3]},
        {"do": "bring_in", "card": "Wandering Bowman", "at": [2, 3]},
        {"do": "end_turn"},
        {"do": "end_turn"},
        {"do": "bring_in", "card": "Wandering Bowman", "at": [2, 3]}
    ]);
    assert_eq!(
        judge(&p),
        ["ok 5.3.6", "no 5.3.8", "ok K2", "ok K2", "ok 5.3.6"]
    );
}

#[test]
fn a_mercenary_comes_straight_from_the_hand_only_when_a_card_says_so() {
    // seed 001 §5.3.5: "Mercenaries can be summoned directly onto the field only if a card or unit specifies a Player can do so."
    let mut p = base();
    p["players"][0]["hand"] = json!(["Gravel Pit Brute"]);
    p["units"] = json!([
        unit("F", "Ann", "Silverhold Footman", [3, 1]),
        {"id": "Q", "owner": "Ann", "type": "unit", "class": "Warrior", "at": [3, 2], "permits": ["direct_mercenary"]}
    ]);
    p["actions"] = json!([
        {"do": "bring_in", "card": "Gravel Pit Brute", "at": [1, 3], "from": "hand"},
        {"do": "bring_in", "card": "Gravel Pit Brute", "at": [1, 3], "from": "hand", "by": "F"},
        {"do": "bring_in", "card": "Gravel Pit Brute", "at": [1, 3], "from": "hand", "by": "Q"}
    ]);
    let (adj, st) = play(&p);
    assert_eq!(verdicts(&adj), ["no 5.3.5", "no 5.3.5", "ok 5.3.8"]);
    assert_eq!(gold(&st, "Ann"), 7, "its summon cost paid");
    // Where and for what: house rule K23, on a spawner of the spawn zone.
    assert!(cites(&adj, cite::rules::DIRECT_PLACE.sentence));
    p["actions"] = json!([{"do": "bring_in", "card": "Gravel Pit Brute", "at": [3, 3], "from": "hand", "by": "Q"}]);
    let (adj, _) = play(&p);
    assert_eq!(verdicts(&adj), ["no 5.3.5"]);
    assert!(cites(&adj, cite::rules::DIRECT_PLACE.sentence));
}

#[test]
fn a_mercenary_acts_as_soon_as_it_enters() {
    // seed 001 §5.3.7: "Mercenaries can act as soon as they enter the Battlefield."
    let mut p = base();
    p["players"][0]["side"] = json!([{"card": "Gravel Pit Brute", "placed": 1}]);
    p["units"] = json!([unit("E", "Bo", "Silverhold Footman", [2, 4])]);
    p["actions"] = json!([
        {"do": "bring_in", "card": "Gravel Pit Brute", "at": [1, 3], "id": "G", "mv": 2},
        {"do": "move", "unit": "G", "path": [[1, 4]]},
        {"do": "attack", "unit": "G", "target": "E"}
    ]);
    let (adj, _) = play(&p);
    assert_eq!(verdicts(&adj), ["ok 5.3.6", "ok 5.3.7", "ok K9"]);
    assert!(reads(&adj, "act_includes_move", "includes"));
    p["interpretations"] = json!({"act_includes_move": "excludes"});
    p["actions"][1]["path"] = json!([[1, 4]]);
    p["actions"][2] = json!({"do": "attack", "unit": "G", "target": "E"});
    p["units"][0]["at"] = json!([1, 4]);
    let (adj, _) = play(&p);
    assert_eq!(
        verdicts(&adj),
        ["ok 5.3.6", "no 5.2.2", "ok K9"],
        "it may still attack"
    );
}

// ---------------------------------------------------------------------------------------
// 5.4 Animals

#[test]
fn animals_go_to_the_side_one_a_turn_and_draw_when_told() {
    // seed 001 §5.4.1: "When played from a Player's hand, animals must be played off to the side of the Battlefield."
    // seed 001 §5.4.2: "You can only play 1 animal off to the side in 1 turn."
    // seed 001 §5.4.3: "When played off to the side if the card says “Draw another card” you would draw a card."
    let mut p = base();
    p["players"][0]["hand"] = json!(["Grey Wolf", "Marsh Hound"]);
    p["players"][0]["deck"] = json!(["Spark"]);
    p["actions"] = json!([
        {"do": "hire", "card": "Grey Wolf", "at": [1, 3]},
        {"do": "to_side", "card": "Grey Wolf"},
        {"do": "to_side", "card": "Marsh Hound"}
    ]);
    let (adj, st) = play(&p);
    assert_eq!(verdicts(&adj), ["no 5.4.1", "ok 5.4.1", "no 5.4.2"]);
    assert_eq!(hand(&st, "Ann"), ["Marsh Hound", "Spark"]);
    assert!(cites(&adj, cite::s5::ANIMAL_DRAW.sentence));
}

#[test]
fn an_animal_needs_summon_pet_or_call_pet_not_gold() {
    // seed 001 §5.4.4: "Animals work the same as mercenaries but animals can’t be summoned onto the field with gold since they don’t have a cost."
    // seed 001 §5.4.4: "Instead, to summon an animal you need a unit to use the ‘Summon Pet’ or ‘Call Pet’ ability"
    let mut p = base();
    p["players"][0]["side"] = json!([{"card": "Grey Wolf", "placed": 1}]);
    p["units"] = json!([
        unit("F", "Ann", "Silverhold Footman", [3, 1]),
        unit("K", "Ann", "Silverhold Kennelmaster", [3, 3])
    ]);
    p["actions"] = json!([
        {"do": "bring_in", "card": "Grey Wolf", "at": [1, 3]},
        {"do": "call_pet", "card": "Grey Wolf", "by": "F", "at": [3, 2]},
        {"do": "call_pet", "card": "Grey Wolf", "by": "K", "at": [4, 4], "id": "W"}
    ]);
    let (adj, st) = play(&p);
    assert_eq!(verdicts(&adj), ["no 5.4.4", "no 5.4.4", "ok 5.4.6"]);
    assert_eq!(unit_of(&st, "W").at, [4, 4]);
    assert_eq!(gold(&st, "Ann"), 10);
}

#[test]
fn a_called_animal_enters_within_radius_one_after_a_turn_at_the_side() {
    // seed 001 §5.4.6: "After the card has been off to the side for 1 turn, on any of your future turns you may use abilities from units or heroes to bring it on to the field anywhere within a radius of 1 from the unit or hero."
    let mut p = base();
    p["players"][0]["side"] =
        json!([{"card": "Grey Wolf", "placed": 3}, {"card": "Marsh Hound", "placed": 2}]);
    p["units"] = json!([unit("K", "Ann", "Ashfang Beastcaller", [3, 3])]);
    p["actions"] = json!([
        {"do": "call_pet", "card": "Grey Wolf", "by": "K", "at": [3, 4]},
        {"do": "call_pet", "card": "Marsh Hound", "by": "K", "at": [3, 5]},
        {"do": "call_pet", "card": "Marsh Hound", "by": "K", "at": [2, 2]}
    ]);
    let (adj, _) = play(&p);
    assert_eq!(verdicts(&adj), ["no 5.4.6", "no 5.4.6", "ok 5.4.6"]);
    // "Radius 1" is the 8 surrounding spaces (published).
    assert!(cites(&adj, cite::base::RADIUS.sentence));
}

#[test]
fn one_animal_onto_the_battlefield_a_turn_and_it_acts_at_once() {
    // seed 001 §5.4.8: "A maximum of 1 animal can be played on the Battlefield in 1 turn."
    // seed 001 §5.4.7: "Animals can act as soon as they enter the Battlefield."
    let mut p = base();
    p["players"][0]["side"] =
        json!([{"card": "Grey Wolf", "placed": 1}, {"card": "Marsh Hound", "placed": 1}]);
    p["units"] = json!([unit("K", "Ann", "Silverhold Kennelmaster", [3, 3])]);
    p["actions"] = json!([
        {"do": "call_pet", "card": "Grey Wolf", "by": "K", "at": [3, 4], "id": "W", "mv": 3},
        {"do": "call_pet", "card": "Marsh Hound", "by": "K", "at": [3, 2]},
        {"do": "move", "unit": "W", "path": [[4, 4], [4, 5]]}
    ]);
    assert_eq!(judge(&p), ["ok 5.4.6", "no 5.4.8", "ok 5.4.7"]);
}

#[test]
fn an_animal_comes_straight_from_the_hand_only_when_a_card_says_so() {
    // seed 001 §5.4.5: "Animals can be summoned directly onto the field only if a card or unit specifies a Player can."
    let mut p = base();
    p["players"][0]["hand"] = json!(["Grey Wolf"]);
    p["units"] = json!([
        unit("K", "Ann", "Silverhold Kennelmaster", [3, 3]),
        {"id": "Q", "owner": "Ann", "type": "hero", "class": "Hunter", "at": [3, 1], "permits": ["direct_animal"]}
    ]);
    p["actions"] = json!([
        {"do": "bring_in", "card": "Grey Wolf", "at": [3, 4], "from": "hand", "by": "K"},
        {"do": "bring_in", "card": "Grey Wolf", "at": [2, 1], "from": "hand", "by": "Q"}
    ]);
    let (adj, st) = play(&p);
    assert_eq!(verdicts(&adj), ["no 5.4.5", "ok 5.4.8"]);
    assert_eq!(gold(&st, "Ann"), 10, "an animal has no cost");
    // Where it enters: within radius 1 of the permitting unit, house rule K23 (K10 is
    // the token rule).
    p["actions"] =
        json!([{"do": "bring_in", "card": "Grey Wolf", "at": [5, 1], "from": "hand", "by": "Q"}]);
    let (adj, _) = play(&p);
    assert_eq!(verdicts(&adj), ["no 5.4.5"]);
    assert!(cites(&adj, cite::rules::DIRECT_PLACE.sentence));
    assert!(!cites(&adj, cite::rules::TOKEN_PLACE.sentence));
}

// ---------------------------------------------------------------------------------------
// 5.5 Tokens

#[test]
fn a_token_is_summoned_only_when_a_unit_requires_one() {
    // seed 001 §5.5.4: "Tokens can be summoned to the Battlefield or as a spell when a Player's unit or hero specifies one is required."
    // seed 001 §5.5.1: "Tokens can be spells as well as units."
    let mut p = base();
    p["players"][0]["tokens"] = json!(["Skeleton Thrall", "Spirit Wisp"]);
    p["players"][0]["hand"] = json!(["Skeleton Thrall"]);
    p["units"] = json!([
        {"id": "N", "owner": "Ann", "type": "unit", "class": "Caster", "at": [3, 3], "summons": ["Skeleton Thrall"]},
        unit("F", "Ann", "Silverhold Footman", [3, 1])
    ]);
    p["actions"] = json!([
        {"do": "hire", "card": "Skeleton Thrall", "at": [1, 3]},
        {"do": "summon_token", "card": "Skeleton Thrall", "by": "F", "at": [3, 2]},
        {"do": "summon_token", "card": "Spirit Wisp", "by": "N", "at": [3, 4]},
        {"do": "summon_token", "card": "Skeleton Thrall", "by": "N", "at": [3, 5]},
        {"do": "summon_token", "card": "Skeleton Thrall", "by": "N", "at": [2, 4], "id": "T"},
        {"do": "summon_token", "card": "Skeleton Thrall", "by": "N"}
    ]);
    let (adj, st) = play(&p);
    assert_eq!(
        verdicts(&adj),
        ["no 5.5.4", "no 5.5.4", "no 5.5.4", "no 5.5.4", "ok 5.5.4", "no 5.5.4"],
        "the last: the one Thrall of the pile is on the field"
    );
    assert_eq!(unit_of(&st, "T").at, [2, 4]);
    assert!(cites(&adj, cite::s5::TOKEN_KINDS.sentence));
    // As a spell, with the token still in the pile.
    p["actions"] = json!([{"do": "summon_token", "card": "Skeleton Thrall", "by": "N"}]);
    let (adj, _) = play(&p);
    assert_eq!(verdicts(&adj), ["ok 5.5.4"]);
    assert!(adj.steps[0]
        .events
        .iter()
        .any(|e| matches!(&e.change, Change::TokenSummoned { unit: None, .. })));
}

#[test]
fn a_token_cast_as_a_spell_goes_back_to_the_token_pile() {
    // seed 001 §5.5.1: "Tokens can be spells as well as units."
    let mut p = base();
    p["players"][0]["tokens"] = json!(["Skeleton Thrall"]);
    p["units"] = json!([{"id": "N", "owner": "Ann", "type": "unit", "class": "Caster", "at": [3, 3], "summons": ["Skeleton Thrall"]}]);
    p["actions"] = json!([
        {"do": "summon_token", "card": "Skeleton Thrall", "by": "N"},
        {"do": "summon_token", "card": "Skeleton Thrall", "by": "N"}
    ]);
    let (adj, st) = play(&p);
    assert_eq!(verdicts(&adj), ["ok 5.5.4", "ok 5.5.4"]);
    // House rule K24: cast, it is back in the pile, said in the log.
    assert!(cites(&adj, cite::rules::TOKEN_SPELL.sentence));
    assert!(adj.steps[0].events[1]
        .text
        .contains("goes back to Ann's token pile"));
    assert_eq!(st.position.players[0].tokens, ["Skeleton Thrall"]);
    assert!(st.position.players[0].discard.is_empty());
}

// ---------------------------------------------------------------------------------------
// 5.6, 5.7 Items

#[test]
fn one_item_at_a_time_two_with_dual_wield() {
    // seed 001 §5.6.1: "Unless a unit has dual wield, only 1 Item card can be used at a time (2 max for those with dual wield)."
    // seed 001 §5.7.1: "To equip an item to a unit just place the item below the unit."
    let mut p = base();
    p["players"][0]["hand"] = json!([
        "Iron Shortsword",
        "Leather Jerkin",
        "Iron Shortsword",
        "Leather Jerkin",
        "Healing Draught"
    ]);
    p["units"] = json!([
        unit("F", "Ann", "Silverhold Footman", [3, 1]),
        unit("R", "Ann", "Ashfang Raider", [3, 2])
    ]);
    p["actions"] = json!([
        {"do": "equip", "unit": "F", "item": "Iron Shortsword"},
        {"do": "equip", "unit": "F", "item": "Leather Jerkin"},
        {"do": "equip", "unit": "R", "item": "Iron Shortsword"},
        {"do": "equip", "unit": "R", "item": "Leather Jerkin"},
        {"do": "equip", "unit": "R", "item": "Healing Draught"}
    ]);
    let (adj, st) = play(&p);
    assert_eq!(
        verdicts(&adj),
        ["ok 5.7.1", "no 5.6.1", "ok 5.7.1", "ok 5.7.1", "no 5.6.1"]
    );
    // An item not in the hand is not placed below anyone: where it comes from is house
    // rule K20, not 5.7.1 (which says how an item goes on, not where from).
    p["actions"] = json!([{"do": "equip", "unit": "F", "item": "Oak Buckler"}]);
    assert_eq!(judge(&p), ["no K20"]);
    assert_eq!(unit_of(&st, "R").items.len(), 2);
    assert_eq!(hand(&st, "Ann"), ["Leather Jerkin", "Healing Draught"]);
}

#[test]
fn items_keep_to_their_classes_and_do_not_stack() {
    // seed 001 §5.6.2: "Items have limits on what types of classes can use the cards (specified on the card)."
    // seed 001 §5.6.4: "Items cannot be stacked unless specified differently."
    let mut p = base();
    p["players"][0]["hand"] = json!(["Oak Buckler", "Leather Jerkin", "Leather Jerkin"]);
    p["units"] = json!([unit("C", "Ann", "Obsidian Cutpurse", [3, 1])]);
    p["actions"] = json!([
        {"do": "equip", "unit": "C", "item": "Oak Buckler"},
        {"do": "equip", "unit": "C", "item": "Leather Jerkin"},
        {"do": "equip", "unit": "C", "item": "Leather Jerkin"}
    ]);
    let (adj, _) = play(&p);
    assert_eq!(verdicts(&adj), ["no 5.6.2", "ok 5.7.1", "no 5.6.4"]);
    // Stacking is two copies of one card below a unit (house rule K25).
    assert!(cites(&adj, cite::rules::STACKING.sentence));
}

#[test]
fn an_item_whose_card_says_it_stacks_is_specified_differently() {
    // seed 001 §5.6.4: "Items cannot be stacked unless specified differently."
    let mut p = base();
    p["cards"] = json!([{"name": "Lucky Charm", "type": "item", "text": "Can be stacked."}]);
    p["players"][0]["hand"] = json!(["Lucky Charm", "Lucky Charm"]);
    p["units"] = json!([unit("C", "Ann", "Obsidian Cutpurse", [3, 1])]);
    p["actions"] = json!([
        {"do": "equip", "unit": "C", "item": "Lucky Charm"},
        {"do": "equip", "unit": "C", "item": "Lucky Charm"}
    ]);
    let (adj, st) = play(&p);
    assert_eq!(verdicts(&adj), ["ok 5.7.1", "ok 5.6.4"]);
    assert_eq!(unit_of(&st, "C").items.len(), 2, "two copies stacked");
}

#[test]
fn twin_daggers_count_as_two_for_dual_wield() {
    // seed 001 §5.6.1: "Unless a unit has dual wield, only 1 Item card can be used at a time (2 max for those with dual wield)."
    let mut p = base();
    p["players"][0]["hand"] = json!(["Twin Daggers", "Leather Jerkin", "Twin Daggers"]);
    p["units"] = json!([
        unit("C", "Ann", "Obsidian Cutpurse", [3, 1]),
        {"id": "S", "owner": "Ann", "type": "unit", "class": "Rogue", "at": [3, 2]}
    ]);
    p["actions"] = json!([
        {"do": "equip", "unit": "C", "item": "Twin Daggers"},
        {"do": "equip", "unit": "C", "item": "Leather Jerkin"},
        {"do": "equip", "unit": "S", "item": "Twin Daggers"}
    ]);
    let (adj, st) = play(&p);
    // C has dual wield: the Daggers fill both places. S has none: one Item card.
    assert_eq!(verdicts(&adj), ["ok 5.7.1", "no 5.6.1", "ok 5.7.1"]);
    assert!(adj.steps[1].events[0]
        .text
        .contains("Counts as two weapons for dual wield."));
    assert_eq!(unit_of(&st, "S").items.len(), 1);
}

#[test]
fn items_go_on_units_in_play_in_their_players_turn() {
    // seed 001 §5.6.3: "Items can be equipped by unit cards in play on the Battlefield."
    // seed 001 §5.6.5: "An item can be equiped at any point during a player's turn."
    let mut p = base();
    p["players"][0]["hand"] = json!(["Leather Jerkin"]);
    p["players"][1]["hand"] = json!(["Leather Jerkin"]);
    p["units"] = json!([
        unit("F", "Ann", "Silverhold Footman", [3, 1]),
        unit("B", "Bo", "Silverhold Footman", [4, 1])
    ]);
    p["actions"] = json!([
        {"do": "dies", "unit": "F"},
        {"do": "equip", "unit": "F", "item": "Leather Jerkin"},
        {"do": "equip", "unit": "B", "item": "Leather Jerkin", "player": "Bo"},
        {"do": "end_turn"},
        {"do": "equip", "unit": "B", "item": "Leather Jerkin", "player": "Bo"}
    ]);
    assert_eq!(
        judge(&p),
        ["ok K7", "no 5.6.3", "no 5.6.5", "ok K2", "ok 5.7.1"]
    );
}

#[test]
fn an_item_is_used_in_its_players_turn() {
    // seed 001 §5.6.6: "An item can be used at any point during a player's turn."
    let mut p = base();
    p["units"] = json!([{"id": "B", "owner": "Bo", "type": "unit", "at": [4, 1], "items": [{"card": "Healing Draught"}]}]);
    p["actions"] = json!([
        {"do": "use_item", "unit": "B", "item": "Healing Draught", "player": "Bo"},
        {"do": "end_turn"},
        {"do": "use_item", "unit": "B", "item": "Healing Draught", "player": "Bo"}
    ]);
    assert_eq!(judge(&p), ["no 5.6.6", "ok K2", "ok 5.6.6"]);
}

#[test]
fn a_hidden_unit_is_equipped_and_stays_hidden() {
    // seed 001 §5.7.4: "You may equip an item to a hidden unit just as you’d equip it to an unhidden unit."
    // seed 001 §5.7.4: "Equipping a hidden unit does NOT reveal it."
    // seed 001 §5.7.4: "You also do not have to reveal the item equiped on hidden units."
    let mut p = base();
    p["players"][0]["hand"] = json!(["Iron Shortsword"]);
    p["units"] = json!([{"id": "S", "owner": "Ann", "card": "Obsidian Shadowblade", "at": [3, 1], "hidden": true}]);
    p["actions"] = json!([{"do": "equip", "unit": "S", "item": "Iron Shortsword"}]);
    let (adj, st) = play(&p);
    assert_eq!(verdicts(&adj), ["ok 5.7.4"]);
    assert!(unit_of(&st, "S").hidden);
    assert!(cites(&adj, cite::s5::EQUIP_HIDDEN_NOT_REVEALED.sentence));
    // The third sentence: the item need not be revealed, said and cited for the hidden
    // unit only.
    let said = |adj: &karth::Adjudication| {
        adj.steps[0].events.iter().any(|e| {
            matches!(e.change, Change::ItemNotRevealed { .. })
                && e.rule.sentence == cite::s5::EQUIP_HIDDEN_ITEM.sentence
                && e.text.contains("does not have to reveal")
        })
    };
    assert!(said(&adj));
    p["units"][0]["hidden"] = json!(false);
    let (adj, _) = play(&p);
    assert_eq!(verdicts(&adj), ["ok 5.7.1"]);
    assert!(!said(&adj));
}

#[test]
fn equipped_items_move_with_their_unit() {
    // seed 001 §5.7.2: "Move equipped items with the unit they are equipped to."
    let mut p = base();
    p["units"] = json!([{"id": "F", "owner": "Ann", "card": "Silverhold Footman", "at": [3, 1], "mv": 2, "items": [{"card": "Iron Shortsword"}]}]);
    p["actions"] = json!([{"do": "move", "unit": "F", "path": [[3, 2], [3, 3]]}]);
    let (adj, st) = play(&p);
    assert_eq!(verdicts(&adj), ["ok 4.2.1"]);
    assert_eq!(unit_of(&st, "F").items[0].card, "Iron Shortsword");
    assert!(cites(&adj, cite::s5::EQUIP_MOVES.sentence));
}

#[test]
fn a_dead_units_items_come_back_for_their_value_or_go_to_the_discard() {
    // seed 001 §5.7.3: "If a unit with an equipped item dies, you may pay the value of the item to put it back into your hand."
    // seed 001 §5.7.5: "When a unit dies you may pay the VALUE of the item to put it back into your hand."
    // seed 001 §5.7.5: "If you don’t pay the value, the item goes to the discard pile."
    let mut p = base();
    p["players"][0]["gold"] = json!(3);
    p["units"] = json!([
        {"id": "R", "owner": "Ann", "card": "Ashfang Raider", "at": [3, 1], "items": [{"card": "Warhammer of Kell"}, {"card": "Leather Jerkin"}]},
        {"id": "F", "owner": "Ann", "card": "Silverhold Footman", "at": [3, 2], "items": [{"card": "Iron Shortsword"}]}
    ]);
    p["actions"] = json!([
        {"do": "dies", "unit": "F", "pay": ["Leather Jerkin"]},
        {"do": "dies", "unit": "R", "pay": ["Warhammer of Kell", "Leather Jerkin"]},
        {"do": "dies", "unit": "R", "pay": ["Warhammer of Kell"]},
        {"do": "dies", "unit": "F"}
    ]);
    let (adj, st) = play(&p);
    assert_eq!(
        verdicts(&adj),
        ["no 5.7.3", "no 5.7.5", "ok 5.7.5", "ok K7"]
    );
    assert_eq!(gold(&st, "Ann"), 0);
    assert_eq!(hand(&st, "Ann"), ["Warhammer of Kell"]);
    assert_eq!(
        st.position.players[0].discard,
        ["Leather Jerkin", "Iron Shortsword"]
    );
    assert_eq!(
        st.position.players[0].cemetery,
        ["Ashfang Raider", "Silverhold Footman"]
    );
    assert!(st.position.units.is_empty());
}

#[test]
fn snatch_steals_an_item_that_goes_home_when_the_thief_dies_never_paid_for() {
    // seed 001 §5.7.6: "Some units may have an ability called “Snatch”."
    // seed 001 §5.7.6: "This ability can steal an item from another unit."
    // seed 001 §5.7.6: "When the unit that has snatched an item dies the item returns to the original owner’s discard pile."
    // seed 001 §5.7.6: "You may NOT pay the value of a snatched item to return it to your hand."
    let mut p = base();
    p["units"] = json!([
        unit("C", "Ann", "Obsidian Cutpurse", [3, 1]),
        unit("F", "Ann", "Silverhold Footman", [3, 3]),
        {"id": "B", "owner": "Bo", "card": "Silverhold Footman", "at": [4, 1], "items": [{"card": "Iron Shortsword"}]}
    ]);
    p["actions"] = json!([
        {"do": "snatch", "unit": "F", "from": "B", "item": "Iron Shortsword"},
        {"do": "snatch", "unit": "C", "from": "B", "item": "Iron Shortsword"},
        {"do": "dies", "unit": "C", "pay": ["Iron Shortsword"]},
        {"do": "dies", "unit": "C"}
    ]);
    let (adj, st) = play(&p);
    assert_eq!(
        verdicts(&adj),
        ["no 5.7.6", "ok 5.7.6", "no 5.7.6", "ok K7"]
    );
    assert_eq!(
        st.position.players[1].discard,
        ["Iron Shortsword"],
        "Bo's discard pile"
    );
    assert!(cites(&adj, cite::s5::SNATCH_RETURNS.sentence));
    // Not adjacent: house rule K11.
    p["units"][0]["at"] = json!([2, 1]);
    p["actions"] = json!([{"do": "snatch", "unit": "C", "from": "B", "item": "Iron Shortsword"}]);
    let (adj, _) = play(&p);
    assert_eq!(verdicts(&adj), ["no 5.7.6"]);
    assert!(cites(&adj, cite::rules::SNATCH_REACH.sentence));
}

#[test]
fn snatch_takes_an_item_whatever_its_class_and_5_6_2_is_asked_at_use() {
    // seed 001 §5.7.6: "This ability can steal an item from another unit."
    // seed 001 §5.6.2: "Items have limits on what types of classes can use the cards (specified on the card)."
    let mut p = base();
    p["units"] = json!([
        unit("C", "Ann", "Obsidian Cutpurse", [3, 1]),
        {"id": "B", "owner": "Bo", "card": "Silverhold Footman", "at": [4, 1], "items": [{"card": "Oak Buckler"}]}
    ]);
    p["actions"] = json!([
        {"do": "snatch", "unit": "C", "from": "B", "item": "Oak Buckler"},
        {"do": "use_item", "unit": "C", "item": "Oak Buckler"}
    ]);
    let (adj, st) = play(&p);
    // A Rogue steals a Warrior's buckler; it may not use it.
    assert_eq!(verdicts(&adj), ["ok 5.7.6", "no 5.6.2"]);
    assert_eq!(unit_of(&st, "C").items[0].card, "Oak Buckler");
    assert_eq!(
        unit_of(&st, "C").items[0].snatched_from.as_deref(),
        Some("Bo")
    );
    assert!(unit_of(&st, "B").items.is_empty());
    assert!(adj.steps[0].events[1]
        .rule
        .house
        .is_some_and(|h| h.section == "K11"));
}

#[test]
fn an_item_comes_off_only_in_its_players_own_turn_under_k8() {
    // house rule K8
    let mut p = base();
    p["units"] = json!([{"id": "B", "owner": "Bo", "card": "Silverhold Footman", "at": [4, 1], "items": [{"card": "Iron Shortsword"}]}]);
    p["actions"] = json!([
        {"do": "unequip", "unit": "B", "item": "Iron Shortsword", "player": "Bo"},
        {"do": "end_turn"},
        {"do": "unequip", "unit": "B", "item": "Iron Shortsword", "player": "Bo"}
    ]);
    assert_eq!(judge(&p), ["no K8", "ok K2", "ok K8"]);
}

#[test]
fn an_item_comes_off_into_its_players_hand() {
    // house rule K8
    let mut p = base();
    p["units"] = json!([{"id": "F", "owner": "Ann", "card": "Silverhold Footman", "at": [3, 1], "items": [{"card": "Iron Shortsword"}]}]);
    p["actions"] = json!([
        {"do": "unequip", "unit": "F", "item": "Oak Buckler"},
        {"do": "unequip", "unit": "F", "item": "Iron Shortsword"}
    ]);
    let (adj, st) = play(&p);
    assert_eq!(verdicts(&adj), ["no K8", "ok K8"]);
    assert_eq!(hand(&st, "Ann"), ["Iron Shortsword"]);
}

// ---------------------------------------------------------------------------------------
// 5.8 Spells, 5.9 Income

#[test]
fn spells_keep_to_their_classes_and_casters_in_play() {
    // seed 001 §5.8.3: "Some spell cards have limits on what types of classes can use the cards."
    // seed 001 §5.8.4: "Some spells can only be cast by unit or hero cards that are in play on the battlefield."
    let mut p = base();
    p["players"][0]["hand"] = json!(["Spark"]);
    p["units"] = json!([
        unit("F", "Ann", "Silverhold Footman", [3, 1]),
        unit("H", "Ann", "Obsidian Hexer", [3, 2])
    ]);
    p["actions"] = json!([
        {"do": "cast", "card": "Spark"},
        {"do": "cast", "card": "Spark", "caster": "F"},
        {"do": "dies", "unit": "H"},
        {"do": "cast", "card": "Spark", "caster": "H"}
    ]);
    assert_eq!(judge(&p), ["no 5.8.4", "no 5.8.3", "ok K7", "no 5.8.4"]);
    p["actions"] = json!([{"do": "cast", "card": "Spark", "caster": "H"}]);
    assert_eq!(judge(&p), ["ok 5.8.3"]);
    // A spell that names a caster but no class: cast by any unit in play.
    p["players"][0]["hand"] = json!(["Mending Light"]);
    p["cards"] = json!([{"name": "Mending Light", "type": "spell", "value": 1, "text": "Restore 3 health to a unit within 2 spaces of the caster."}]);
    p["actions"] = json!([
        {"do": "cast", "card": "Mending Light"},
        {"do": "cast", "card": "Mending Light", "caster": "F"}
    ]);
    let (adj, _) = play(&p);
    assert_eq!(verdicts(&adj), ["no 5.8.4", "ok 5.8.4"]);
    assert!(
        cites(&adj, cite::rules::NEEDS_CASTER.sentence),
        "house rule K17"
    );
}

#[test]
fn some_spells_are_played_in_the_other_players_turn() {
    // seed 001 §5.8.7: "Some spell cards can be played by a player during the other Player's turn."
    let mut p = base();
    p["players"][1]["hand"] = json!(["Quick Step", "Gust of Wind"]);
    p["actions"] = json!([
        {"do": "cast", "card": "Gust of Wind", "player": "Bo"},
        {"do": "cast", "card": "Quick Step", "player": "Bo"}
    ]);
    let (adj, st) = play(&p);
    assert_eq!(verdicts(&adj), ["no 5.8.7", "ok 5.8.7"]);
    assert_eq!(st.position.players[1].discard, ["Quick Step"]);
}

#[test]
fn bless_gives_two_to_an_attribute() {
    // seed 001 §5.8.6: "Some spell cards provide bonuses to different attributes (the bless adds +2 bonuses to attributes)."
    let mut p = base();
    p["players"][0]["hand"] = json!(["Blessing of Might"]);
    p["units"] = json!([unit("F", "Ann", "Silverhold Footman", [3, 1])]);
    p["actions"] = json!([{"do": "cast", "card": "Blessing of Might", "target": "F"}]);
    let (adj, _) = play(&p);
    assert_eq!(verdicts(&adj), ["ok K12"]);
    assert!(cites(&adj, cite::s5::SPELL_BLESS.sentence));
    assert!(adj.steps[0]
        .events
        .iter()
        .any(|e| e.text == "Bless: F gains +2 to an attribute."));
}

#[test]
fn casters_scribe_spells_from_the_deck() {
    // seed 001 §5.8.2: "Casters can use the scribe ability to search for a spell and add it to the Player's hand."
    let mut p = base();
    p["players"][0]["deck"] = json!(["Fireball", "Iron Shortsword"]);
    p["units"] = json!([
        unit("A", "Ann", "Obsidian Acolyte", [3, 1]),
        unit("H", "Ann", "Obsidian Hexer", [3, 2])
    ]);
    p["actions"] = json!([
        {"do": "scribe", "unit": "H", "card": "Fireball"},
        {"do": "scribe", "unit": "A", "card": "Iron Shortsword"},
        {"do": "scribe", "unit": "A", "card": "Fireball"}
    ]);
    let (adj, st) = play(&p);
    assert_eq!(verdicts(&adj), ["no 5.8.2", "no 5.8.2", "ok 5.8.2"]);
    assert_eq!(hand(&st, "Ann"), ["Fireball"]);
}

#[test]
fn one_income_card_a_turn_never_doubled() {
    // seed 001 §5.9.1: "There is a limit of only 1 income card playable per turn."
    // seed 001 §5.9.2: "The \"Double Production\" card does not apply to the income cards."
    let mut p = base();
    p["players"][0]["gold"] = json!(0);
    p["players"][0]["hand"] = json!(["Double Production", "Silver Purse", "Copper Coins"]);
    p["units"] =
        json!([{"id": "F", "owner": "Ann", "card": "Silverhold Footman", "at": [3, 1], "mv": 1}]);
    set(&mut p, 3, 2, json!("Gold"));
    p["actions"] = json!([
        {"do": "cast", "card": "Double Production"},
        {"do": "play_income", "card": "Silver Purse"},
        {"do": "play_income", "card": "Copper Coins"},
        {"do": "move", "unit": "F", "path": [[3, 2]]}
    ]);
    let (adj, st) = play(&p);
    assert_eq!(
        verdicts(&adj),
        ["ok K12", "ok 5.9.1", "no 5.9.1", "ok 4.2.1"]
    );
    assert_eq!(
        gold(&st, "Ann"),
        2 + 2,
        "the purse's 2, not 4; the Gold space's 1 doubled"
    );
    assert!(cites(&adj, cite::s5::INCOME_NOT_DOUBLED.sentence));
}

// ---------------------------------------------------------------------------------------
// 5.10 Terrain

#[test]
fn grassland_and_spawners_have_no_modifiers_and_other_names_read_as_grassland() {
    // seed 001 §5.10.1: "The Grassland terrain has a 0 value and does not have any modifiers."
    // seed 001 §5.10.4: "The Spawner terrain has a 0 value and does not have any modifiers."
    let mut p = base();
    set(&mut p, 3, 3, json!("Ruined Road"));
    p["units"] = json!([{"id": "F", "owner": "Ann", "card": "Silverhold Footman", "at": [3, 1], "mv": 1}, {"id": "G", "owner": "Ann", "type": "unit", "at": [3, 4], "mv": 1}, {"id": "H", "owner": "Ann", "type": "unit", "at": [1, 4], "mv": 1}]);
    p["actions"] = json!([
        {"do": "move", "unit": "F", "path": [[3, 2]]},
        {"do": "move", "unit": "G", "path": [[3, 3]]},
        {"do": "move", "unit": "H", "path": [[1, 3]]}
    ]);
    let (adj, _) = play(&p);
    assert_eq!(verdicts(&adj), ["ok 4.2.1", "ok 4.2.1", "ok 4.2.1"]);
    assert!(cites(&adj, cite::s5::GRASSLAND.sentence));
    assert!(cites(&adj, cite::rules::OTHER_TERRAIN.sentence));
    assert!(cites(&adj, cite::s5::SPAWNER_PLAIN.sentence));
}

#[test]
fn water_stops_movement_but_not_flying_leaping_or_undead() {
    // seed 001 §5.10.2: "The Water terrain stops movement (flying, leaping and undead are immune to the movement penalty)."
    let mut p = base();
    set(&mut p, 3, 2, json!("Water"));
    p["units"] = json!([
        {"id": "F", "owner": "Ann", "card": "Silverhold Footman", "at": [3, 1], "mv": 3},
        {"id": "H", "owner": "Ann", "card": "Tawny Hawk", "at": [2, 1], "mv": 3},
        {"id": "U", "owner": "Ann", "type": "token", "traits": ["Undead"], "at": [4, 1], "mv": 4}
    ]);
    p["actions"] = json!([
        {"do": "move", "unit": "F", "path": [[3, 2], [3, 3]]},
        {"do": "move", "unit": "F", "path": [[3, 3]]},
        {"do": "move", "unit": "H", "path": [[2, 2], [3, 2], [3, 3]]},
        {"do": "move", "unit": "U", "path": [[4, 2], [3, 2], [3, 3], [3, 4]]}
    ]);
    let (adj, st) = play(&p);
    // F's move is taken up to the Water, which stops it; the step beyond is not taken,
    // and F has had its movement for the turn.
    assert_eq!(
        verdicts(&adj),
        ["ok 5.10.2", "no K3", "ok 5.10.2", "ok 5.10.2"]
    );
    assert_eq!(unit_of(&st, "F").at, [3, 2]);
    assert!(adj.steps[0].events.iter().any(|e| matches!(
        &e.change,
        Change::Stopped { at: [3, 2], by, refused, .. } if by == "Water" && refused == &vec![[3, 3]]
    ) && e.rule.sentence == cite::s5::WATER.sentence));
    assert!(adj.steps[0].events.iter().any(|e| matches!(
        &e.change,
        Change::Moved { path, spent: 1, .. } if path == &vec![[3, 2]]
    )));
    assert_eq!(unit_of(&st, "H").at, [3, 3]);
    assert_eq!(unit_of(&st, "U").at, [3, 4]);
    // What lies beyond the Water does not matter (a wall); a unit in the Water does: F
    // may not stop where G stands, so nothing of the move is taken.
    let mut q = base();
    set(&mut q, 3, 2, json!("Water"));
    set(&mut q, 3, 3, json!({"terrain": "Grassland", "wall": true}));
    set(&mut q, 4, 2, json!("Water"));
    q["units"] = json!([
        {"id": "F", "owner": "Ann", "card": "Silverhold Footman", "at": [3, 1], "mv": 3},
        {"id": "G", "owner": "Ann", "card": "Silverhold Footman", "at": [4, 2], "mv": 3},
        {"id": "K", "owner": "Ann", "card": "Silverhold Footman", "at": [5, 1], "mv": 3}
    ]);
    q["actions"] = json!([
        {"do": "move", "unit": "F", "path": [[3, 2], [3, 3], [3, 4]]},
        {"do": "move", "unit": "K", "path": [[5, 2], [4, 2], [3, 2]]}
    ]);
    let (adj, st) = play(&q);
    assert_eq!(verdicts(&adj), ["ok 5.10.2", "no 4.2.4"]);
    assert_eq!(unit_of(&st, "F").at, [3, 2]);
    assert_eq!(unit_of(&st, "K").at, [5, 1]);
    assert!(reads(&adj, "stops_movement", "enter_and_stop"));
}

#[test]
fn forest_stops_movement_but_not_rangers_druids_or_hunters() {
    // seed 001 §5.10.3: "The Forest terrain stops movement and attack from cards (rangers, druids and hunters are immune to the movement and attack penalty)."
    let mut p = base();
    set(&mut p, 3, 2, json!("Forest"));
    p["units"] = json!([
        {"id": "F", "owner": "Ann", "card": "Silverhold Footman", "at": [3, 1], "mv": 3},
        {"id": "T", "owner": "Ann", "card": "Ashfang Tracker", "at": [2, 2], "mv": 3}
    ]);
    p["actions"] = json!([
        {"do": "move", "unit": "F", "path": [[3, 2], [3, 3]]},
        {"do": "move", "unit": "T", "path": [[3, 2], [3, 3]]}
    ]);
    let (adj, st) = play(&p);
    // F stops in the Forest, the step beyond not taken; T, a hunter, is not stopped and
    // passes through F, its own unit, to the end of its path.
    assert_eq!(verdicts(&adj), ["ok 5.10.3", "ok 5.10.3"]);
    assert_eq!(unit_of(&st, "F").at, [3, 2]);
    assert_eq!(unit_of(&st, "T").at, [3, 3]);
    assert!(adj.steps[0].events.iter().any(|e| matches!(
        &e.change,
        Change::Stopped { by, refused, .. } if by == "Forest" && refused == &vec![[3, 3]]
    ) && e.rule.sentence == cite::s5::FOREST.sentence));
}

#[test]
fn forest_stops_attacks_and_blocks_line_of_sight() {
    // seed 001 §5.10.3: "The Forest card also blocks LoS for all cards."
    // house rule K4
    let mut p = base();
    set(&mut p, 3, 3, json!("Forest"));
    p["units"] = json!([
        {"id": "X", "owner": "Ann", "card": "Silverhold Crossbowman", "at": [3, 1], "range": 3},
        {"id": "W", "owner": "Ann", "card": "Silverhold Footman", "at": [4, 3]},
        {"id": "B", "owner": "Bo", "card": "Silverhold Footman", "at": [3, 4]},
        {"id": "Y", "owner": "Bo", "card": "Silverhold Footman", "at": [3, 3]},
        {"id": "Z", "owner": "Ann", "card": "Silverhold Footman", "at": [4, 4]}
    ]);
    p["actions"] = json!([
        {"do": "attack", "unit": "X", "target": "B"},
        {"do": "attack", "unit": "W", "target": "Y"},
        {"do": "attack", "unit": "Z", "target": "B"}
    ]);
    let (adj, _) = play(&p);
    assert_eq!(verdicts(&adj), ["no 5.10.3", "no 5.10.3", "ok K9"]);
    assert!(cites(&adj, cite::rules::LINE_OF_SIGHT.sentence));
    // A corner touched counts (K4): (4,2) to (2,4) passes the corners of (3,3)… and its centre.
    let st = karth::resolve(&position(&p), &KarthCards(catalogue())).expect("resolves");
    assert_eq!(
        karth::actions::movement::forests_between(&st, [4, 2], [2, 4]),
        vec![[3, 3]]
    );
    assert_eq!(
        karth::actions::movement::forests_between(&st, [4, 2], [2, 2]),
        Vec::<[u32; 2]>::new()
    );
    assert_eq!(
        karth::actions::movement::forests_between(&st, [2, 2], [4, 3]),
        vec![[3, 3]],
        "the line touches (3,3)'s corner"
    );
}

#[test]
fn teleporters_cost_one_mv_and_send_a_unit_to_any_other_free_teleporter() {
    // seed 001 §5.10.5: "The Teleporter terrain only costs 1 MV to enter."
    // seed 001 §5.10.5: "A unit can travel to any other unoccupied teleporter on the Battlefield without using additional movement."
    // seed 001 §5.10.5: "Units can attack other cards after teleporting."
    let mut p = base();
    for (r, c) in [(3, 2), (5, 5), (4, 1)] {
        set(&mut p, r, c, json!("Teleporter"));
    }
    p["units"] = json!([
        {"id": "F", "owner": "Ann", "card": "Silverhold Footman", "at": [3, 1], "mv": 1},
        {"id": "B", "owner": "Bo", "card": "Silverhold Footman", "at": [4, 1]},
        {"id": "E", "owner": "Bo", "card": "Silverhold Footman", "at": [5, 4]}
    ]);
    p["actions"] = json!([
        {"do": "move", "unit": "F", "path": [[3, 2], [4, 1]]},
        {"do": "move", "unit": "F", "path": [[3, 2], [5, 5]]},
        {"do": "attack", "unit": "F", "target": "E"}
    ]);
    let (adj, st) = play(&p);
    assert_eq!(verdicts(&adj), ["no 5.10.5", "ok 5.10.5", "ok K9"]);
    assert_eq!(unit_of(&st, "F").at, [5, 5]);
    assert!(cites(&adj, cite::s5::TELEPORT.sentence));
    assert!(cites(&adj, cite::s5::TELEPORT_ATTACK.sentence));
    // House rule K15: from the teleporter a unit stands on, once a move.
    p["units"][0]["at"] = json!([3, 2]);
    p["actions"] = json!([
        {"do": "teleport", "unit": "F", "to": [4, 1]},
        {"do": "teleport", "unit": "F", "to": [5, 5]},
        {"do": "teleport", "unit": "F", "to": [3, 2]}
    ]);
    let (adj, _) = play(&p);
    assert_eq!(verdicts(&adj), ["no 5.10.5", "ok 5.10.5", "no K3"]);
    assert!(cites(&adj, cite::rules::TELEPORT_START.sentence));
}

#[test]
fn gold_gives_a_gold_and_a_mana_pool_a_free_ability_to_a_unit_ending_there() {
    // seed 001 §5.10.6: "The Gold terrain allows any unit ending their movement to gain an additional gold."
    // seed 001 §5.10.7: "A unit ending their movement on a Mana Pool can use one ability without expending SE."
    let mut p = base();
    set(&mut p, 3, 2, json!("Gold"));
    set(&mut p, 3, 4, json!("Mana Pool"));
    p["units"] = json!([
        {"id": "F", "owner": "Ann", "card": "Silverhold Footman", "at": [3, 1], "mv": 2},
        {"id": "G", "owner": "Ann", "card": "Silverhold Footman", "at": [3, 5], "mv": 2}
    ]);
    p["actions"] = json!([
        {"do": "move", "unit": "F", "path": [[3, 2], [3, 3]]},
        {"do": "move", "unit": "G", "path": [[3, 4]]}
    ]);
    let (adj, st) = play(&p);
    assert_eq!(verdicts(&adj), ["ok 4.2.1", "ok 4.2.1"]);
    assert_eq!(
        gold(&st, "Ann"),
        10,
        "F passed over Gold without ending there"
    );
    assert!(cites(&adj, cite::s5::MANA_POOL.sentence));
    p["actions"] = json!([{"do": "move", "unit": "F", "path": [[3, 2]]}]);
    let (adj, st) = play(&p);
    assert_eq!(gold(&st, "Ann"), 11);
    assert!(cites(&adj, cite::s5::GOLD.sentence));
}

/// The SE lines of `adj`, in order: `(unit, waived)`.
fn se_lines(adj: &karth::Adjudication) -> Vec<(String, bool)> {
    adj.steps
        .iter()
        .flat_map(|s| &s.events)
        .filter_map(|e| match &e.change {
            Change::AbilitySe { unit, waived, .. } => Some((unit.clone(), *waived)),
            _ => None,
        })
        .collect()
}

#[test]
fn a_mana_pool_waives_the_se_of_one_ability_once() {
    // seed 001 §5.10.7: "A unit ending their movement on a Mana Pool can use one ability without expending SE."
    // house rule K19: the waiver is kept on the unit and spent on its next ability.
    let mut p = base();
    set(&mut p, 3, 2, json!("Mana Pool"));
    p["players"][0]["deck"] = json!(["Spark", "Fireball", "Mending Light"]);
    p["units"] = json!([
        {"id": "A", "owner": "Ann", "card": "Obsidian Acolyte", "at": [3, 1], "mv": 1},
        {"id": "L", "owner": "Ann", "card": "Dawnlance Lightbinder", "at": [4, 1], "mv": 1}
    ]);
    p["actions"] = json!([
        {"do": "move", "unit": "A", "path": [[3, 2]]},
        {"do": "scribe", "unit": "L", "card": "Spark"},
        {"do": "scribe", "unit": "A", "card": "Fireball"},
        {"do": "scribe", "unit": "A", "card": "Mending Light"}
    ]);
    let (adj, st) = play(&p);
    assert_eq!(
        verdicts(&adj),
        ["ok 4.2.1", "ok 5.8.2", "ok 5.8.2", "ok 5.8.2"]
    );
    // L did not end its movement on the Mana Pool; A did, and its first ability is free,
    // its second is not: "one ability".
    assert_eq!(
        se_lines(&adj),
        [("L".into(), false), ("A".into(), true), ("A".into(), false)]
    );
    let waived = adj.steps[2]
        .events
        .iter()
        .find(|e| matches!(e.change, Change::AbilitySe { waived: true, .. }))
        .expect("the waiver");
    assert_eq!(waived.rule.sentence, cite::s5::MANA_POOL.sentence);
    assert!(!unit_of(&st, "A").se_free);
    // Kept until used in that turn, and gone when the turn ends.
    p["actions"] = json!([{"do": "move", "unit": "A", "path": [[3, 2]]}]);
    let (_, st) = play(&p);
    assert!(unit_of(&st, "A").se_free);
    p["actions"] = json!([{"do": "move", "unit": "A", "path": [[3, 2]]}, {"do": "end_turn"}]);
    let (_, st) = play(&p);
    assert!(!unit_of(&st, "A").se_free);
    // Ending the move elsewhere gives no waiver.
    p["actions"] = json!([
        {"do": "move", "unit": "A", "path": [[2, 1]]},
        {"do": "scribe", "unit": "A", "card": "Fireball"}
    ]);
    let (adj, _) = play(&p);
    assert_eq!(se_lines(&adj), [("A".into(), false)]);
}

#[test]
fn a_teleporter_costs_one_mv_to_enter() {
    // seed 001 §5.10.5: "The Teleporter terrain only costs 1 MV to enter."
    let mut p = base();
    set(&mut p, 3, 2, json!("Teleporter"));
    set(&mut p, 3, 3, json!("Teleporter"));
    p["units"] = json!([
        {"id": "F", "owner": "Ann", "type": "unit", "at": [3, 1], "mv": 1},
        {"id": "G", "owner": "Ann", "type": "unit", "at": [4, 2], "mv": 3}
    ]);
    p["actions"] = json!([
        {"do": "move", "unit": "F", "path": [[3, 2]]},
        {"do": "move", "unit": "G", "path": [[4, 3], [3, 3], [2, 3]]}
    ]);
    let (adj, st) = play(&p);
    assert_eq!(verdicts(&adj), ["ok 5.10.5", "ok 5.10.5"]);
    // A unit of 1 MV enters it; a path through one costs a space per space, no more.
    let spent: Vec<u32> = adj
        .steps
        .iter()
        .flat_map(|s| &s.events)
        .filter_map(|e| match e.change {
            Change::Moved { spent, .. } => Some(spent),
            _ => None,
        })
        .collect();
    assert_eq!(spent, [1, 3]);
    assert_eq!(unit_of(&st, "F").at, [3, 2]);
    assert_eq!(unit_of(&st, "G").at, [2, 3]);
    assert!(cites(&adj, cite::s5::TELEPORT_COST.sentence));
    // One MV is still one: a second space after it is beyond a unit of 1 MV.
    p["actions"] = json!([{"do": "move", "unit": "F", "path": [[3, 2], [2, 2]]}]);
    assert_eq!(judge(&p), ["no 4.2.1"]);
}

#[test]
fn a_second_travel_in_one_move_breaks_k15() {
    // house rule K15: "A unit may travel between teleporters once in a move"
    let mut p = base();
    for (r, c) in [(3, 1), (5, 5), (1, 5)] {
        set(&mut p, r, c, json!("Teleporter"));
    }
    p["units"] = json!([{"id": "F", "owner": "Ann", "type": "unit", "at": [3, 1], "mv": 3}]);
    p["actions"] = json!([{"do": "move", "unit": "F", "path": [[5, 5], [1, 5]]}]);
    let p = with_reading(&p, "after_teleport", "keep_moving");
    let (adj, st) = play(&p);
    assert_eq!(verdicts(&adj), ["no K15"]);
    assert_eq!(unit_of(&st, "F").at, [3, 1]);
}

#[test]
fn turns_alternate_and_a_wait_at_the_side_counts_its_owners_turns() {
    // seed 001 §5.3.6: "After the card has been off to the side for 1 turn, on any of your future turns you may pay the card’s summon cost to bring it on to the field anywhere in your spawn zone."
    // Turn 4 is the second player's: the first player may not be the one to play.
    let mut p = base();
    p["turn"] = json!(4);
    let e = errors(p.clone());
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!(e[0].0, "active");
    assert!(e[0].1.contains("turn 4 is Bo's"), "{e:?}");
    p["active"] = json!("Bo");
    p["actions"] = json!([{"do": "end_turn"}]);
    assert_eq!(judge(&p), ["ok K2"]);
    // Ann's card went to the side on turn 2 (Bo's); under full_own_turn it has stayed
    // through Ann's whole turn 3, so on turn 5, her next, it may come in. Turn numbers
    // alone (2 + 4 > 5) would keep it out.
    let mut p = base();
    p["turn"] = json!(5);
    p["players"][0]["side"] = json!([{"card": "Gravel Pit Brute", "placed": 2}]);
    p["actions"] = json!([{"do": "bring_in", "card": "Gravel Pit Brute", "at": [1, 3]}]);
    let full = with_reading(&p, "side_turn", "full_own_turn");
    assert_eq!(judge(&full), ["ok 5.3.6"]);
    // Placed on turn 3, Ann's own, it has not yet had a whole turn of hers on turn 5.
    let mut q = full.clone();
    q["players"][0]["side"] = json!([{"card": "Gravel Pit Brute", "placed": 3}]);
    assert_eq!(judge(&q), ["no 5.3.6"]);
}

#[test]
fn card_texts_give_mv_range_and_immunity() {
    // seed 001 §5.10.2: "The Water terrain stops movement (flying, leaping and undead are immune to the movement penalty)."
    // house rule K21: "Moves N spaces", "Attacks at range N", "Ignores the Water movement penalty".
    let mut p = base();
    set(&mut p, 3, 2, json!("Water"));
    p["units"] = json!([
        {"id": "M", "owner": "Ann", "card": "Marsh Hound", "at": [3, 1], "mv": 3},
        {"id": "W", "owner": "Ann", "card": "Grey Wolf", "at": [4, 1]},
        {"id": "X", "owner": "Ann", "card": "Silverhold Crossbowman", "at": [1, 1]},
        {"id": "S", "owner": "Ann", "card": "Stone Golem", "at": [2, 5]},
        {"id": "B", "owner": "Bo", "card": "Silverhold Footman", "at": [1, 4]}
    ]);
    p["actions"] = json!([
        {"do": "move", "unit": "M", "path": [[3, 2], [3, 3]]},
        {"do": "move", "unit": "W", "path": [[4, 2], [4, 3], [4, 4]]},
        {"do": "attack", "unit": "X", "target": "B"},
        {"do": "move", "unit": "S", "path": [[2, 4]]}
    ]);
    let (adj, st) = play(&p);
    assert_eq!(
        verdicts(&adj),
        ["ok 5.10.2", "ok 4.2.1", "ok K9", "no 4.2.1"]
    );
    // Marsh Hound walks on through the Water; Grey Wolf moves its 3 spaces with no `mv`
    // given; the Crossbowman hits at range 3; the Stone Golem cannot move.
    assert_eq!(unit_of(&st, "M").at, [3, 3]);
    assert_eq!(unit_of(&st, "W").at, [4, 4]);
    assert_eq!(unit_of(&st, "S").at, [2, 5]);
    for step in &adj.steps[..3] {
        assert!(
            step.events
                .iter()
                .any(|e| e.rule.house == Some(&cite::rules::CARD_MOVES)
                    || e.rule.also == Some(&cite::rules::CARD_MOVES)),
            "K21 cited: {:?}",
            step.events
        );
    }
    // A range the position gives comes first.
    p["units"][2]["range"] = json!(1);
    p["actions"] = json!([{"do": "attack", "unit": "X", "target": "B"}]);
    assert_eq!(judge(&p), ["no K9"]);
}

#[test]
fn refusals_cite_the_rule_that_decides() {
    // house rule K13: a second Neutral hero.
    let mut p = base();
    p["players"][0]["hand"] = json!(["Wanderer Hale", "Copper Coins", "Spark"]);
    p["units"] = json!([
        unit("H", "Ann", "Wanderer Hale", [3, 1]),
        unit("K", "Ann", "Ashfang Beastcaller", [3, 3]),
        unit("Q", "Ann", "Silverhold Footman", [3, 4])
    ]);
    p["players"][0]["side"] = json!([{"card": "Grey Wolf", "placed": 1}]);
    p["actions"] = json!([
        {"do": "hire", "card": "Wanderer Hale", "at": [1, 3]},
        {"do": "call_pet", "card": "Grey Wolf", "by": "K", "at": [3, 4]},
        {"do": "play_income", "card": "Silver Purse"},
        {"do": "cast", "card": "Fireball", "caster": "H"},
        {"do": "equip", "unit": "Q", "item": "Oak Buckler"}
    ]);
    let (adj, _) = play(&p);
    assert_eq!(
        verdicts(&adj),
        ["no K13", "no K22", "no K20", "no K20", "no K20"]
    );
}

// ---------------------------------------------------------------------------------------
// Published movement rules (section 4)

#[test]
fn movement_follows_the_published_rules() {
    // public 4.2.1 MV, 4.2.2 own units, 4.2.4 occupied, 4.2.5 diagonals, 4.2.6 enemies
    let mut p = base();
    p["units"] = json!([
        {"id": "F", "owner": "Ann", "type": "unit", "class": "Warrior", "at": [3, 1], "mv": 2},
        {"id": "G", "owner": "Ann", "type": "unit", "at": [3, 2]},
        {"id": "B", "owner": "Bo", "type": "unit", "at": [4, 1]}
    ]);
    p["actions"] = json!([
        {"do": "move", "unit": "F", "path": [[2, 2]]},
        {"do": "move", "unit": "F", "path": [[3, 2], [3, 3], [3, 4]]},
        {"do": "move", "unit": "F", "path": [[4, 1], [5, 1]]},
        {"do": "move", "unit": "F", "path": [[3, 2]]},
        {"do": "move", "unit": "F", "path": [[3, 3]]},
        {"do": "move", "unit": "F", "path": [[3, 2], [3, 3]]},
        {"do": "move", "unit": "F", "path": [[3, 4]]}
    ]);
    assert_eq!(
        judge(&p),
        ["no 4.2.5", "no 4.2.1", "no 4.2.6", "no 4.2.4", "no 4.2.5", "ok 4.2.2", "no K3"]
    );
}

#[test]
fn walls_stop_all_but_rogues_and_flyers_and_webs_cost_one_more_to_leave() {
    // public 4.2.7 walls, 4.2.8–4.2.10 webs
    let mut p = base();
    set(&mut p, 3, 2, json!({"terrain": "Grassland", "wall": true}));
    set(&mut p, 2, 1, json!({"terrain": "Grassland", "web": true}));
    set(&mut p, 4, 1, json!({"terrain": "Grassland", "web": true}));
    p["units"] = json!([
        {"id": "F", "owner": "Ann", "type": "unit", "class": "Warrior", "at": [3, 1], "mv": 2},
        {"id": "R", "owner": "Ann", "type": "unit", "class": "Rogue", "at": [3, 3], "mv": 1},
        {"id": "W", "owner": "Ann", "type": "unit", "at": [2, 1], "mv": 2},
        {"id": "S", "owner": "Ann", "type": "unit", "at": [4, 1], "mv": 1}
    ]);
    p["actions"] = json!([
        {"do": "move", "unit": "F", "path": [[3, 2]]},
        {"do": "move", "unit": "R", "path": [[3, 2]]},
        {"do": "move", "unit": "W", "path": [[1, 1], [1, 2]]},
        {"do": "move", "unit": "W", "path": [[1, 1]]},
        {"do": "move", "unit": "S", "path": [[5, 1]]}
    ]);
    assert_eq!(
        judge(&p),
        [
            "no 4.2.7",
            "ok 4.2.1",
            "no 4.2.1",
            "ok 4.2.1",
            "no 4.2.8–4.2.10"
        ]
    );
}

// ---------------------------------------------------------------------------------------
// Interpretations: both readings

fn with_reading(p: &Value, key: &str, value: &str) -> Value {
    let mut p = p.clone();
    p["interpretations"] = json!({ key: value });
    p
}

#[test]
fn stops_movement_enter_and_stop_or_impassable() {
    let mut p = base();
    set(&mut p, 3, 2, json!("Water"));
    p["units"] = json!([{"id": "F", "owner": "Ann", "type": "unit", "at": [3, 1], "mv": 2}]);
    p["actions"] = json!([{"do": "move", "unit": "F", "path": [[3, 2]]}]);
    assert_eq!(judge(&p), ["ok 5.10.2"]);
    assert_eq!(
        judge(&with_reading(&p, "stops_movement", "impassable")),
        ["no 5.10.2"]
    );
}

#[test]
fn forest_attack_into_or_out_of_the_forest() {
    let mut p = base();
    set(&mut p, 3, 2, json!("Forest"));
    p["units"] = json!([
        {"id": "F", "owner": "Ann", "type": "unit", "class": "Warrior", "at": [3, 2]},
        {"id": "B", "owner": "Bo", "type": "unit", "at": [3, 3]},
        {"id": "C", "owner": "Bo", "type": "unit", "at": [3, 1]}
    ]);
    // F in Forest attacks B outside it.
    p["actions"] = json!([{"do": "attack", "unit": "F", "target": "B"}]);
    assert_eq!(judge(&p), ["ok 5.10.3"]);
    assert_eq!(
        judge(&with_reading(&p, "forest_attack", "out_of_forest")),
        ["no 5.10.3"]
    );
    // C outside attacks F in Forest, in C's player's turn.
    let mut q = p.clone();
    q["active"] = json!("Bo");
    q["turn"] = json!(4);
    q["actions"] = json!([{"do": "attack", "unit": "C", "target": "F"}]);
    assert_eq!(judge(&q), ["no 5.10.3"]);
    assert_eq!(
        judge(&with_reading(&q, "forest_attack", "out_of_forest")),
        ["ok 5.10.3"]
    );
}

#[test]
fn forest_sight_binds_rangers_or_not() {
    let mut p = base();
    set(&mut p, 3, 2, json!("Forest"));
    p["units"] = json!([
        {"id": "X", "owner": "Ann", "type": "unit", "class": "Ranger", "at": [3, 1], "range": 3},
        {"id": "B", "owner": "Bo", "type": "unit", "at": [3, 3]}
    ]);
    p["actions"] = json!([{"do": "attack", "unit": "X", "target": "B"}]);
    assert_eq!(judge(&p), ["no 5.10.3"]);
    assert_eq!(
        judge(&with_reading(&p, "forest_sight", "immune_see")),
        ["ok 5.10.3"]
    );
}

#[test]
fn after_teleport_stops_or_keeps_moving() {
    let mut p = base();
    set(&mut p, 3, 1, json!("Teleporter"));
    set(&mut p, 4, 5, json!("Teleporter"));
    p["units"] = json!([{"id": "F", "owner": "Ann", "type": "unit", "at": [3, 1], "mv": 2}]);
    p["actions"] = json!([{"do": "move", "unit": "F", "path": [[4, 5], [4, 4]]}]);
    // Under `stops` the travel ends the move: F stays on the teleporter it travelled to,
    // and the step beyond is not taken.
    let (adj, st) = play(&p);
    assert_eq!(verdicts(&adj), ["ok 5.10.5"]);
    assert_eq!(unit_of(&st, "F").at, [4, 5]);
    assert!(adj.steps[0].events.iter().any(|e| matches!(
        &e.change,
        Change::Stopped { at: [4, 5], refused, .. } if refused == &vec![[4, 4]]
    ) && e.rule.sentence
        == cite::s5::TELEPORT_ATTACK.sentence));
    assert!(reads(&adj, "after_teleport", "stops"));
    let (adj, st) = play(&with_reading(&p, "after_teleport", "keep_moving"));
    assert_eq!(verdicts(&adj), ["ok 5.10.5"]);
    assert_eq!(unit_of(&st, "F").at, [4, 4]);
    assert!(reads(&adj, "after_teleport", "keep_moving"));
}

#[test]
fn side_turn_next_own_turn_or_a_full_own_turn() {
    let mut p = base();
    p["turn"] = json!(3);
    p["players"][0]["side"] = json!([{"card": "Gravel Pit Brute", "placed": 1}]);
    p["actions"] = json!([{"do": "bring_in", "card": "Gravel Pit Brute", "at": [1, 3]}]);
    assert_eq!(judge(&p), ["ok 5.3.6"]);
    assert_eq!(
        judge(&with_reading(&p, "side_turn", "full_own_turn")),
        ["no 5.3.6"]
    );
    p["turn"] = json!(5);
    assert_eq!(
        judge(&with_reading(&p, "side_turn", "full_own_turn")),
        ["ok 5.3.6"]
    );
}

#[test]
fn side_limits_separate_or_shared() {
    let mut p = base();
    p["players"][0]["hand"] = json!(["Gravel Pit Brute", "Marsh Hound"]);
    p["actions"] = json!([
        {"do": "to_side", "card": "Gravel Pit Brute"},
        {"do": "to_side", "card": "Marsh Hound"}
    ]);
    assert_eq!(judge(&p), ["ok 5.3.1", "ok 5.4.2"]);
    assert_eq!(
        judge(&with_reading(&p, "side_limits", "shared")),
        ["ok 5.3.1", "no 5.4.2"]
    );
}

#[test]
fn direct_summon_counts_or_is_exempt() {
    let mut p = base();
    p["players"][0]["hand"] = json!(["Gravel Pit Brute"]);
    p["players"][0]["side"] = json!([{"card": "Wandering Bowman", "placed": 1}]);
    p["units"] = json!([{"id": "Q", "owner": "Ann", "type": "hero", "at": [3, 3], "permits": ["direct_mercenary"]}]);
    p["actions"] = json!([
        {"do": "bring_in", "card": "Gravel Pit Brute", "at": [1, 3], "from": "hand", "by": "Q"},
        {"do": "bring_in", "card": "Wandering Bowman", "at": [2, 3]}
    ]);
    assert_eq!(judge(&p), ["ok 5.3.8", "no 5.3.8"]);
    assert_eq!(
        judge(&with_reading(&p, "direct_summon_counts", "exempt")),
        ["ok 5.3.8", "ok 5.3.6"]
    );
}

#[test]
fn heroes_equip_or_not() {
    let mut p = base();
    p["players"][0]["hand"] = json!(["Iron Shortsword"]);
    p["units"] = json!([unit("V", "Ann", "Captain Aldric Vey", [3, 1])]);
    p["actions"] = json!([{"do": "equip", "unit": "V", "item": "Iron Shortsword"}]);
    assert_eq!(judge(&p), ["ok 5.6.3"]);
    assert_eq!(judge(&with_reading(&p, "heroes_equip", "no")), ["no 5.6.3"]);
}

#[test]
fn items_at_a_time_equipped_or_in_use() {
    let mut p = base();
    p["players"][0]["hand"] = json!(["Leather Jerkin"]);
    p["units"] = json!([{"id": "F", "owner": "Ann", "card": "Silverhold Footman", "at": [3, 1], "items": [{"card": "Iron Shortsword"}]}]);
    p["actions"] = json!([
        {"do": "equip", "unit": "F", "item": "Leather Jerkin"},
        {"do": "use_item", "unit": "F", "item": "Iron Shortsword"},
        {"do": "use_item", "unit": "F", "item": "Leather Jerkin"}
    ]);
    assert_eq!(judge(&p), ["no 5.6.1", "ok 5.6.6", "no 5.6.6"]);
    assert_eq!(
        judge(&with_reading(&p, "items_at_a_time", "in_use")),
        ["ok 5.6.1", "ok 5.6.6", "no 5.6.1"]
    );
}

#[test]
fn other_kinds_equip_or_not() {
    let mut p = base();
    p["players"][0]["hand"] = json!(["Leather Jerkin"]);
    p["units"] = json!([unit("W", "Ann", "Gravel Pit Brute", [3, 1])]);
    p["actions"] = json!([{"do": "equip", "unit": "W", "item": "Leather Jerkin"}]);
    let (adj, _) = play(&p);
    assert_eq!(verdicts(&adj), ["ok 5.6.3"]);
    assert!(reads(&adj, "other_kinds_equip", "yes"));
    assert_eq!(
        judge(&with_reading(&p, "other_kinds_equip", "no")),
        ["no 5.6.3"]
    );
    // A unit card is not asked.
    p["units"] = json!([unit("W", "Ann", "Silverhold Footman", [3, 1])]);
    let (adj, _) = play(&with_reading(&p, "other_kinds_equip", "no"));
    assert_eq!(verdicts(&adj), ["ok 5.7.1"]);
}

#[test]
fn item_turn_own_turn_or_any_turn() {
    let mut p = base();
    p["players"][1]["hand"] = json!(["Leather Jerkin"]);
    p["units"] = json!([
        {"id": "A", "owner": "Bo", "card": "Silverhold Footman", "at": [4, 2]},
        {"id": "B", "owner": "Bo", "card": "Silverhold Footman", "at": [4, 1], "items": [{"card": "Healing Draught"}]}
    ]);
    p["actions"] = json!([
        {"do": "equip", "unit": "A", "item": "Leather Jerkin", "player": "Bo"},
        {"do": "use_item", "unit": "B", "item": "Healing Draught", "player": "Bo"}
    ]);
    let (adj, _) = play(&p);
    assert_eq!(verdicts(&adj), ["no 5.6.5", "no 5.6.6"]);
    assert!(reads(&adj, "item_turn", "own_turn"));
    let (adj, st) = play(&with_reading(&p, "item_turn", "any_turn"));
    assert_eq!(verdicts(&adj), ["ok 5.6.5", "ok 5.6.6"]);
    assert_eq!(unit_of(&st, "A").items[0].card, "Leather Jerkin");
}

#[test]
fn hold_gold_laid_or_occupied_for_mine_cart_and_double_production_alike() {
    let mut p = base();
    p["players"][0]["gold"] = json!(0);
    p["players"][0]["hand"] = json!(["Double Production", "Mine Cart"]);
    // (3,2) is Gold Ann laid, with her G on it; (4,2) is Gold Bo laid.
    set(&mut p, 3, 2, json!("Gold"));
    set(&mut p, 4, 2, json!("Gold"));
    p["units"] = json!([
        {"id": "F", "owner": "Ann", "card": "Silverhold Footman", "at": [4, 1], "mv": 1},
        {"id": "G", "owner": "Ann", "card": "Silverhold Footman", "at": [3, 2]}
    ]);
    p["actions"] = json!([
        {"do": "cast", "card": "Double Production"},
        {"do": "move", "unit": "F", "path": [[4, 2]]},
        {"do": "play_income", "card": "Mine Cart"}
    ]);
    let (adj, st) = play(&p);
    assert_eq!(verdicts(&adj), ["ok K12", "ok 4.2.1", "ok 5.9.1"]);
    // Laid: Bo's Gold is not doubled; the cart counts Ann's one.
    assert_eq!(gold(&st, "Ann"), 1 + 1);
    assert!(reads(&adj, "hold_gold", "laid"));
    // Occupied: F's Gold is doubled; the cart counts the two Ann stands on.
    let (adj, st) = play(&with_reading(&p, "hold_gold", "occupied"));
    assert_eq!(gold(&st, "Ann"), 2 + 2);
    assert!(reads(&adj, "hold_gold", "occupied"));
}

#[test]
fn double_production_asks_who_laid_the_gold_a_unit_ends_on_not_the_one_it_left() {
    let mut p = base();
    p["players"][0]["gold"] = json!(0);
    p["players"][0]["hand"] = json!(["Double Production"]);
    // (3,2) is Gold Ann laid; (4,2) is Gold Bo laid; (3,3) Ann's, (4,1) Bo's.
    set(&mut p, 3, 2, json!("Gold"));
    set(&mut p, 4, 2, json!("Gold"));
    // From Ann's half onto Bo's Gold: not doubled.
    p["units"] =
        json!([{"id": "F", "owner": "Ann", "card": "Silverhold Footman", "at": [3, 3], "mv": 2}]);
    p["actions"] = json!([
        {"do": "cast", "card": "Double Production"},
        {"do": "move", "unit": "F", "path": [[4, 3], [4, 2]]}
    ]);
    let (adj, st) = play(&p);
    assert_eq!(verdicts(&adj), ["ok K12", "ok 4.2.1"]);
    assert_eq!(gold(&st, "Ann"), 1);
    // From Bo's half onto Ann's Gold: doubled.
    p["units"] =
        json!([{"id": "F", "owner": "Ann", "card": "Silverhold Footman", "at": [4, 1], "mv": 2}]);
    p["actions"][1] = json!({"do": "move", "unit": "F", "path": [[3, 1], [3, 2]]});
    let (adj, st) = play(&p);
    assert_eq!(verdicts(&adj), ["ok K12", "ok 4.2.1"]);
    assert_eq!(gold(&st, "Ann"), 2);
}

#[test]
fn snatch_own_side_enemy_only_or_any_unit() {
    let mut p = base();
    p["units"] = json!([
        unit("K", "Ann", "Kessa Nightcoil", [3, 1]),
        unit("C", "Ann", "Obsidian Cutpurse", [3, 3]),
        {"id": "F", "owner": "Ann", "card": "Silverhold Footman", "at": [3, 2], "items": [{"card": "Iron Shortsword"}, {"card": "Oak Buckler"}]}
    ]);
    p["actions"] = json!([
        {"do": "snatch", "unit": "K", "from": "F", "item": "Iron Shortsword"},
        {"do": "snatch", "unit": "C", "from": "F", "item": "Oak Buckler"}
    ]);
    let (adj, _) = play(&p);
    assert_eq!(verdicts(&adj), ["no 5.7.6", "no 5.7.6"]);
    assert!(reads(&adj, "snatch_own_side", "enemy_only"));
    // Any unit: Kessa's card says "an adjacent unit"; the Cutpurse's "enemy unit".
    let (adj, _) = play(&with_reading(&p, "snatch_own_side", "any_unit"));
    assert_eq!(verdicts(&adj), ["ok 5.7.6", "no 5.7.6"]);
    assert!(adj.steps[1].events[0].text.contains("enemy"));
}

#[test]
fn token_moves_at_once_or_next_turn() {
    let mut p = base();
    p["players"][0]["tokens"] = json!(["Skeleton Thrall"]);
    p["units"] = json!([{"id": "N", "owner": "Ann", "type": "unit", "class": "Caster", "at": [3, 3], "summons": ["Skeleton Thrall"]}]);
    p["actions"] = json!([
        {"do": "summon_token", "card": "Skeleton Thrall", "by": "N", "at": [3, 4], "id": "T", "mv": 1},
        {"do": "move", "unit": "T", "path": [[3, 5]]}
    ]);
    let (adj, _) = play(&p);
    assert_eq!(verdicts(&adj), ["ok 5.5.4", "ok 4.2.1"]);
    assert!(reads(&adj, "token_moves", "at_once"));
    let (adj, _) = play(&with_reading(&p, "token_moves", "next_turn"));
    assert_eq!(verdicts(&adj), ["ok 5.5.4", "no 5.2.2"]);
    assert!(reads(&adj, "token_moves", "next_turn"));
}

#[test]
fn gold_without_moving_must_move_or_stays() {
    let mut p = base();
    set(&mut p, 3, 1, json!("Gold"));
    p["units"] = json!([{"id": "F", "owner": "Ann", "type": "unit", "at": [3, 1]}]);
    p["actions"] = json!([{"do": "end_turn"}]);
    let (adj, st) = play(&p);
    assert_eq!(verdicts(&adj), ["ok K2"]);
    assert_eq!(gold(&st, "Ann"), 10);
    assert!(reads(&adj, "gold_without_moving", "must_move"));
    let (_, st) = play(&with_reading(&p, "gold_without_moving", "stays"));
    assert_eq!(gold(&st, "Ann"), 11);
}

// ---------------------------------------------------------------------------------------
// Bad input: located errors, never a panic

fn errors(v: Value) -> Vec<(String, String)> {
    let text = v.to_string();
    match Position::from_json(&text) {
        Err(e) => vec![(e.path, e.message)],
        Ok(p) => match karth::resolve(&p, &KarthCards(catalogue())) {
            Err(es) => es.into_iter().map(|e| (e.path, e.message)).collect(),
            Ok(_) => Vec::new(),
        },
    }
}

#[test]
fn bad_positions_are_located_errors() {
    let mut p = base();
    p["board"]["rows"][2] = json!(["Grassland"]);
    p["units"] = json!([{"id": "F", "owner": "Cy", "card": "Silverhold Footmen", "at": [9, 1]}]);
    p["actions"] = json!([{"do": "move", "unit": "G", "path": [[1, 9]]}]);
    let e = errors(p);
    let paths: Vec<&str> = e.iter().map(|(p, _)| p.as_str()).collect();
    for want in [
        "board.rows[2]",
        "units[0].owner",
        "units[0].card",
        "units[0].at",
        "actions[0].unit",
        "actions[0].path[0]",
    ] {
        assert!(paths.contains(&want), "{want} in {e:?}");
    }
    assert!(
        e.iter()
            .any(|(_, m)| m.contains("did you mean `Silverhold Footman`")),
        "{e:?}"
    );
    // Shapes: a space that is neither a name nor an object; an unknown action.
    let mut p = base();
    p["board"]["rows"][0][0] = json!(7);
    let e = errors(p);
    assert_eq!(e[0].0, "board.rows[0][0]");
    assert!(e[0].1.contains("a terrain name"), "{e:?}");
    let mut p = base();
    p["actions"] = json!([{"do": "fly", "unit": "F"}]);
    let e = errors(p);
    assert_eq!(e[0].0, "actions[0].do");
    assert!(e[0].1.contains("hire"), "the actions are listed: {e:?}");
    let mut p = base();
    p["units"] = json!([{"id": "F", "owner": "Ann", "type": "unit", "at": [3, 1]}]);
    p["actions"] = json!([{"do": "move", "unit": "F", "path": [[3, 2]]}]);
    let e = errors(p);
    assert!(e[0].1.contains("no `mv`"), "{e:?}");
}

#[test]
fn hostile_positions_are_errors_or_play_out_never_panic() {
    let cases = [
        json!({"game": "karth", "active": "A", "players": [], "board": {"rows": []}}),
        json!({"game": "karth", "active": "A", "players": [{"name": "A"}, {"name": "A"}], "board": {"rows": [[]]}}),
        json!({"game": "karth", "turn": 0, "active": "A", "players": [{"name": "A"}, {"name": "B"}], "board": {"rows": [["Water"]]},
               "units": [{"id": "X", "owner": "A", "type": "unit", "at": [1, 1], "mv": 20}],
               "actions": [{"do": "move", "unit": "X", "path": [[1, 1], [0, 0], [4_294_967_295u64, 1]]}, {"do": "teleport", "unit": "X", "to": [1, 1]}]}),
        json!({"game": "karth", "active": "A", "players": [{"name": "A"}, {"name": "B"}], "board": {"rows": [["Teleporter", "Teleporter"]]},
               "units": [{"id": "X", "owner": "A", "type": "unit", "at": [1, 1], "mv": 20}],
               "actions": [{"do": "teleport", "unit": "X", "to": [1, 1]}, {"do": "move", "unit": "X", "path": [[1, 2], [1, 1], [1, 2]]},
                           {"do": "dies", "unit": "X"}, {"do": "dies", "unit": "X"}, {"do": "attack", "unit": "X", "target": "X"}, {"do": "end_turn"}]}),
    ];
    for v in cases {
        let Ok(p) = Position::from_json(&v.to_string()) else {
            continue;
        };
        if let Ok(mut st) = karth::resolve(&p, &KarthCards(catalogue())) {
            let adj = rules::play_out::<Karth>(&mut st, RecordConfig { states: true });
            assert_eq!(adj.outcome.result, "judged");
        }
    }
}

#[test]
fn a_huge_income_saturates_never_overflows() {
    let mut p = base();
    p["players"][0]["hand"] = json!(["Mint"]);
    p["cards"] = json!([{"name": "Mint", "type": "income", "text": "Gain 4294967295 gold."}]);
    p["actions"] = json!([{"do": "play_income", "card": "Mint"}]);
    let (adj, st) = play(&p);
    assert_eq!(verdicts(&adj), ["ok 5.9.1"]);
    assert_eq!(gold(&st, "Ann"), u32::MAX);
}

#[test]
fn on_rejection_stop_ends_at_the_first_rejection_and_the_state_resumes() {
    let mut p = base();
    p["on_rejection"] = json!("stop");
    p["players"][0]["hand"] = json!(["Silverhold Footman"]);
    p["actions"] = json!([
        {"do": "hire", "card": "Obsidian Hexer", "at": [1, 3]},
        {"do": "hire", "card": "Silverhold Footman", "at": [1, 3]}
    ]);
    let (adj, st) = play(&p);
    assert_eq!(verdicts(&adj), ["no 5.2.1"]);
    assert_eq!(adj.outcome.result, "stopped_at_rejection");
    // A state written back holds the actions not yet judged, numbered on.
    let back = Karth::to_position(&st);
    assert_eq!(back.judged, 1);
    assert_eq!(back.actions.len(), 1);
}

// ---------------------------------------------------------------------------------------
// Fixtures, documents

#[test]
fn every_karth_fixture() {
    let cards = KarthCards(catalogue());
    insta::glob!("fixtures/karth/*.json", |path| {
        let (fx, adj) = fixtures::play(path, |json| {
            let p = Position::from_json(json).map_err(|e| e.to_string())?;
            karth::adjudicate(&p, &cards, RecordConfig { states: false })
                .map_err(|e| format!("{e:?}"))
        });
        let verdicts = verdicts(&adj).join("\n");
        let final_json = fixtures::final_json(&adj);
        let (name, settings) = fixtures::snapshot(path, &fx);
        settings.bind(|| {
            insta::assert_snapshot!(
                name,
                format!(
                    "verdicts:\n{verdicts}\n\n{}\nfinal position:\n{final_json}\n",
                    log_text(&adj)
                )
            );
        });
    });
}

/// Every reading of every interpretation has its fixture,
/// `tests/fixtures/karth/interp_<key>_<reading>.json`, taking that reading and resting
/// an event on it.
#[test]
fn every_karth_reading_has_a_fixture() {
    let cards = KarthCards(catalogue());
    let dir = Path::new(ROOT).join("tests/fixtures/karth");
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
            let p = position(&v["position"]);
            let adj = karth::adjudicate(&p, &cards, RecordConfig { states: false }).expect("plays");
            assert!(
                reads(&adj, i.key, reading),
                "{}: no event rests on {}: {reading}",
                path.display(),
                i.key
            );
        }
    }
}

#[test]
fn every_seed_citation_is_verbatim_in_seed_001() {
    let cat = catalogue();
    let rules: Vec<_> = cat
        .data()
        .rules
        .iter()
        .filter(|r| r.game == "karth")
        .collect();
    for c in cite::s5::ALL {
        let same: Vec<_> = rules.iter().filter(|r| r.section == c.section).collect();
        let row = same
            .get(c.occurrence as usize)
            .unwrap_or_else(|| panic!("§{} has no occurrence {}", c.section, c.occurrence));
        assert_eq!(row.title, c.rule, "§{}", c.section);
        assert!(
            row.text.contains(c.sentence),
            "§{}: {:?} is not in {:?}",
            c.section,
            c.sentence,
            row.text
        );
        assert_eq!(c.source, Source::Seed);
    }
}

#[test]
fn every_published_and_house_rule_is_quoted_in_the_rules_doc() {
    let doc = std::fs::read_to_string(Path::new(ROOT).join("docs/rules/karth.md")).expect("doc");
    for c in cite::base::ALL {
        assert!(
            doc.contains(&format!("### {}\n> {}", c.rule, c.sentence)),
            "published rule {}",
            c.rule
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
fn karth_interpretations_table_is_current() {
    let body = docs::interpretations_table(INTERPRETATIONS, |r| format!("§{r}"));
    docs::generated("docs/rules/karth.md", "interpretations", &body);
}

#[test]
fn the_board_is_a_grid_with_the_path_and_the_rejected_spaces() {
    let mut p = base();
    set(&mut p, 3, 2, json!("Water"));
    p["units"] = json!([{"id": "F", "owner": "Ann", "card": "Silverhold Footman", "at": [3, 1], "mv": 3, "items": [{"card": "Iron Shortsword"}]}]);
    p["units"] = json!([p["units"][0].clone(), {"id": "G", "owner": "Ann", "card": "Silverhold Footman", "at": [2, 1], "mv": 3, "items": [{"card": "Iron Shortsword"}]}]);
    p["actions"] = json!([
        {"do": "move", "unit": "F", "path": [[3, 2], [3, 3]]},
        {"do": "move", "unit": "G", "path": [[2, 2], [3, 2]]},
        {"do": "move", "unit": "G", "path": [[2, 2]]}
    ]);
    let replay = rules::Replay::<Karth>::run(position(&p), &KarthCards(catalogue())).expect("runs");
    // F stops in the Water: the board draws the path up to it, not the step beyond.
    let g = Karth::grid(replay.state(1)).expect("a grid");
    assert_eq!((g.rows, g.cols), (6, 5));
    assert!(!g.path_rejected);
    assert_eq!(g.path, vec![(3, 1), (3, 2)]);
    assert_eq!(g.cells[11].kind, "water");
    // G may not end its move in the Water where F now stands.
    let g = Karth::grid(replay.state(2)).expect("a grid");
    assert!(g.path_rejected);
    assert!(g
        .cells
        .iter()
        .any(|c| c.rejected && (c.row, c.col) == (3, 2)));
    let g = Karth::grid(replay.state(3)).expect("a grid");
    assert!(!g.path_rejected);
    assert_eq!(g.path, vec![(2, 1), (2, 2)]);
    let cell = g
        .cells
        .iter()
        .find(|c| (c.row, c.col) == (2, 2))
        .expect("cell");
    assert_eq!(
        cell.piece.as_ref().map(|p| p.carries.clone()),
        Some(vec!["Iron Shortsword".to_string()])
    );
    let board = Karth::board(replay.state(3));
    assert!(board.rows[0].label.starts_with("Ann · 10 gold"));
}

#[test]
fn the_documented_example_position_plays() {
    let doc = std::fs::read_to_string(Path::new(ROOT).join("docs/positions.md")).expect("doc");
    let section = doc
        .split("## Heroes of Karth: play legality")
        .nth(1)
        .expect("the karth section");
    let json = section
        .split("```json\n")
        .nth(1)
        .and_then(|s| s.split("```").next())
        .expect("an example");
    let v: Value = serde_json::from_str(json).expect("the example is JSON");
    let (adj, st) = play(&v);
    // Impassable Water is not on F's path; F ends on Gold; the Jerkin is refused (F
    // holds a sword and has no dual wield); the Brute waited a turn at the side and Ann
    // has its 3 gold after the Gold space's 1.
    assert_eq!(
        verdicts(&adj),
        ["ok 4.2.1", "no 5.6.1", "ok 5.3.6", "ok K2"]
    );
    assert_eq!(gold(&st, "Ann"), 3);
    assert_eq!(st.position.active, "Bo");
}

/// Replaying a log's changes with the one `apply` reproduces the board: the players'
/// gold and piles and every unit as they stand.
#[test]
fn replaying_the_logged_changes_reproduces_the_board() {
    let cards = KarthCards(catalogue());
    let dir = Path::new(ROOT).join("tests/fixtures/karth");
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).expect("fixtures") {
        let path = entry.expect("entry").path();
        let v: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let p = position(&v["position"]);
        let mut played = karth::resolve(&p, &cards).expect("resolves");
        let adj = rules::play_out::<Karth>(&mut played, RecordConfig { states: false });
        let mut replayed = karth::resolve(&p, &cards).expect("resolves");
        for e in adj.steps.iter().flat_map(|s| &s.events) {
            karth::event::apply(&mut replayed, &e.change);
        }
        assert_eq!(
            replayed.position.players,
            played.position.players,
            "{}",
            path.display()
        );
        assert_eq!(
            replayed.position.units,
            played.position.units,
            "{}",
            path.display()
        );
        assert_eq!(
            replayed.position.turn,
            played.position.turn,
            "{}",
            path.display()
        );
        n += 1;
    }
    assert!(n >= 20);
}

mod random {
    use super::*;
    use proptest::prelude::*;

    fn action() -> impl Strategy<Value = Value> {
        let cell = (1u32..=7, 1u32..=6).prop_map(|(r, c)| json!([r, c]));
        let unit = prop::sample::select(vec!["F", "C", "B", "K", "Grey Wolf", "Obsidian Hexer"]);
        let card = prop::sample::select(vec![
            "Obsidian Hexer",
            "Gravel Pit Brute",
            "Grey Wolf",
            "Iron Shortsword",
            "Twin Daggers",
            "Spark",
            "Quick Step",
            "Silver Purse",
            "Skeleton Thrall",
            "Captain Aldric Vey",
        ]);
        let player = prop::sample::select(vec!["Ann", "Bo"]);
        prop_oneof![
            (card.clone(), cell.clone())
                .prop_map(|(c, at)| json!({"do": "hire", "card": c, "at": at, "mv": 2})),
            card.clone()
                .prop_map(|c| json!({"do": "to_side", "card": c})),
            (card.clone(), cell.clone())
                .prop_map(|(c, at)| json!({"do": "bring_in", "card": c, "at": at})),
            (card.clone(), unit.clone(), cell.clone())
                .prop_map(|(c, u, at)| json!({"do": "call_pet", "card": c, "by": u, "at": at})),
            (unit.clone(), prop::collection::vec(cell.clone(), 1..5))
                .prop_map(|(u, p)| json!({"do": "move", "unit": u, "path": p})),
            (unit.clone(), cell.clone())
                .prop_map(|(u, to)| json!({"do": "teleport", "unit": u, "to": to})),
            (unit.clone(), card.clone())
                .prop_map(|(u, c)| json!({"do": "equip", "unit": u, "item": c})),
            (unit.clone(), card.clone())
                .prop_map(|(u, c)| json!({"do": "dies", "unit": u, "pay": [c]})),
            (unit.clone(), unit.clone(), card.clone())
                .prop_map(|(u, f, c)| json!({"do": "snatch", "unit": u, "from": f, "item": c})),
            (card.clone(), player.clone())
                .prop_map(|(c, p)| json!({"do": "cast", "card": c, "player": p, "caster": "K"})),
            card.clone()
                .prop_map(|c| json!({"do": "play_income", "card": c})),
            (unit.clone(), unit.clone())
                .prop_map(|(u, t)| json!({"do": "attack", "unit": u, "target": t})),
            (card, unit, prop::option::of(cell))
                .prop_map(|(c, u, at)| json!({"do": "summon_token", "card": c, "by": u, "at": at})),
            player.prop_map(|p| json!({"do": "end_turn", "player": p})),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(96))]
        /// Any sequence of actions is judged, one verdict per action, each event citing a
        /// rule, never a panic; or the position is refused with located errors.
        #[test]
        fn any_actions_are_judged_or_refused(actions in prop::collection::vec(action(), 0..14)) {
            let mut p = base();
            set(&mut p, 3, 2, json!("Water"));
            set(&mut p, 4, 4, json!("Forest"));
            set(&mut p, 3, 4, json!({"terrain": "Teleporter", "web": true}));
            set(&mut p, 5, 1, json!("Teleporter"));
            set(&mut p, 2, 5, json!({"terrain": "Gold", "wall": true}));
            p["players"][0]["hand"] = json!(["Obsidian Hexer", "Gravel Pit Brute", "Grey Wolf", "Iron Shortsword", "Spark", "Silver Purse", "Captain Aldric Vey"]);
            p["players"][1]["hand"] = json!(["Quick Step", "Twin Daggers"]);
            p["players"][0]["tokens"] = json!(["Skeleton Thrall"]);
            p["players"][0]["side"] = json!([{"card": "Grey Wolf", "placed": 1}, {"card": "Gravel Pit Brute", "placed": 2}]);
            p["units"] = json!([
                {"id": "F", "owner": "Ann", "card": "Silverhold Footman", "at": [3, 1], "mv": 3, "items": [{"card": "Iron Shortsword"}]},
                {"id": "C", "owner": "Ann", "card": "Obsidian Cutpurse", "at": [2, 2], "mv": 2},
                {"id": "K", "owner": "Ann", "card": "Silverhold Kennelmaster", "at": [1, 1], "mv": 1, "summons": ["Skeleton Thrall"]},
                {"id": "B", "owner": "Bo", "card": "Silverhold Footman", "at": [4, 2], "mv": 2, "items": [{"card": "Oak Buckler"}]}
            ]);
            p["actions"] = Value::Array(actions.clone());
            let Ok(pos) = Position::from_json(&p.to_string()) else { return Ok(()); };
            match karth::resolve(&pos, &KarthCards(catalogue())) {
                Err(errors) => prop_assert!(errors.iter().all(|e| e.path.starts_with("actions["))),
                Ok(mut st) => {
                    let adj = rules::play_out::<Karth>(&mut st, RecordConfig { states: true });
                    prop_assert_eq!(verdicts(&adj).len(), actions.len());
                    prop_assert!(verdicts(&adj).iter().all(|v| v.starts_with("ok ") || v.starts_with("no ")));
                    for u in &st.position.units {
                        prop_assert!(st.on_board(u.at));
                        prop_assert_eq!(st.position.units.iter().filter(|o| o.at == u.at).count(), 1);
                    }
                }
            }
        }
    }
}
