//! Issue #14 (a game supplies its builder form through the core) and issue #16 (the
//! Star Wars TCG builder): each game's form ↔ position mapping, without the web.
//!
//! 1. position → form values → position is the identity for every fixture the form can
//!    show (all Star Wars TCG fixtures; the battle-line fixtures without a note saying
//!    what the form drops), and the laid-out form holds exactly the fields the values
//!    name;
//! 2. a submission with several problems reports each at its own field, in words;
//! 3. an error of the resolver (a JSON path) is put at the field it came from;
//! 4. no submission of garbage panics (proptest over field names and values).

use std::path::Path;

use arbiter::games::battleline::Battleline;
use arbiter::games::keyforge::Keyforge;
use arbiter::games::swtcg::Swtcg;
use arbiter::rules::form::{FieldError, FormFields, Kind};
use arbiter::rules::{Game, PositionError};
use proptest::prelude::*;

fn fixtures(dir: &str) -> Vec<(String, serde_json::Value)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).unwrap();
            let v: serde_json::Value = serde_json::from_str(&text).unwrap();
            (p.display().to_string(), v["position"].clone())
        })
        .collect()
}

fn pairs(values: &[(&str, &str)]) -> FormFields {
    FormFields::from_pairs(
        values
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
    )
}

/// Every value of `values` is a field of `G`'s form, and the form shows it.
fn form_shows<G: Game>(values: &FormFields, what: &str) {
    let form = G::builder_form(values).expect("the game has a form");
    for (name, v) in &values.0 {
        let field = form
            .fields()
            .find(|f| &f.name == name)
            .unwrap_or_else(|| panic!("{what}: the form has no field {name}"));
        if !matches!(field.kind, Kind::Reading { .. }) {
            assert_eq!(&field.values, v, "{what}: {name} shows its value");
        }
    }
}

/// Round-trips each fixture of `dir`; answers how many the form showed whole.
fn round_trip<G: Game>(dir: &str) -> (usize, usize) {
    let (mut whole, mut all) = (0, 0);
    for (file, position) in fixtures(dir) {
        all += 1;
        let position: G::Position = G::read_position(&position.to_string()).unwrap();
        let (values, notes) = G::form_values(Some(&position));
        form_shows::<G>(&values, &file);
        if !notes.is_empty() {
            continue;
        }
        whole += 1;
        let back = G::from_form(&values)
            .unwrap_or_else(|e| panic!("{file}: the form's values read back: {e:?}"));
        assert_eq!(
            serde_json::to_value(&back).unwrap(),
            serde_json::to_value(&position).unwrap(),
            "{file}: position → form → position"
        );
    }
    (whole, all)
}

#[test]
fn every_swtcg_fixture_survives_the_form() {
    let (whole, all) = round_trip::<Swtcg>("tests/fixtures/swtcg");
    // Every field is on the form: the sides' Force, an Equip action's `copy` and `cost`,
    // a Stack action's `same_unit` and a unit's `removed_from_game` included.
    assert_eq!(
        whole, all,
        "the form shows every Star Wars TCG fixture whole"
    );
    assert!(all >= 10);
}

#[test]
fn battleline_fixtures_survive_the_form_or_say_what_it_drops() {
    let (whole, all) = round_trip::<Battleline>("tests/fixtures/positions");
    eprintln!("battle-line: {whole} of {all} fixtures shown whole on the form");
    // Beyond 7 slots, 4 plays, inline artifacts or inline played creatures, the form
    // says so (a note) and the JSON keeps the rest.
    assert!(
        whole * 10 >= all * 8,
        "{whole} of {all} fixtures shown whole"
    );
}

#[test]
fn a_new_form_reads_as_a_position() {
    // The swtcg defaults name two units without stats: the resolver's problem, located.
    let (values, notes) = Swtcg::form_values(None);
    assert!(notes.is_empty());
    let p = Swtcg::from_form(&values).unwrap();
    assert_eq!(p.units.len(), 2);
    assert_eq!(
        (p.attack.attacker.as_str(), p.attack.defender.as_str()),
        ("A", "D")
    );
    let (values, _) = Battleline::form_values(None);
    let p = Battleline::from_form(&values).unwrap();
    assert_eq!(p.players[0].name, "Player 1");
}

fn at<'a>(errors: &'a [FieldError], field: &str) -> &'a str {
    errors
        .iter()
        .find(|e| e.field.as_deref() == Some(field))
        .map(|e| e.message.as_str())
        .unwrap_or_else(|| panic!("an error at {field}: {errors:?}"))
}

#[test]
fn every_swtcg_form_problem_is_reported_at_its_field() {
    let f = pairs(&[
        ("u1_id", "A"),
        ("u1_side", "dark"),
        ("u1_power", "four"),
        ("u1_health", "3"),
        ("u2_id", "D"),
        ("u2_side", "grey"),
        ("u2_damage", "1.5"),
        ("seed", "-1"),
        ("dice_attack", "6, x, -"),
        ("dice_rerolls", "3-5"),
        ("evade", "D"),
        ("lucky_dark", "first"),
        ("u3_unique", "maybe"),
        ("u3_id", "C"),
        ("interp_fury_dice_naturals", "sometimes"),
    ]);
    let errors = Swtcg::from_form(&f).unwrap_err();
    for (field, words) in [
        (
            "u1_power",
            "Unit 1 (A), power: \"four\" is not a whole number",
        ),
        ("u2_side", "Unit 2 (D), side: \"grey\" is not dark or light"),
        (
            "u2_damage",
            "Unit 2 (D), damage: \"1.5\" is not a whole number",
        ),
        ("seed", "Seed: \"-1\" is not a whole number"),
        ("dice_attack", "Attack dice, die 1: \"x\" is not a face"),
        ("dice_rerolls", "Re-rolls, item 1: \"3-5\" is not die:face"),
        ("evade", "Evade, item 1: \"D\" is not unit:amount"),
        (
            "lucky_dark",
            "Dark Side's Lucky: \"first\" is not a die number",
        ),
        (
            "u3_unique",
            "Unit 3 (C), unique: \"maybe\" is not yes, no or empty",
        ),
        (
            "interp_fury_dice_naturals",
            "Interpretation fury_dice_naturals",
        ),
    ] {
        assert!(at(&errors, field).starts_with(words), "{field}: {errors:?}");
    }
    assert_eq!(errors.len(), 10, "one error each: {errors:?}");
}

#[test]
fn swtcg_resolver_errors_land_at_their_fields() {
    // Unit cards 1 and 3 hold units; card 2 is empty, so units[1] is card 3.
    let f = pairs(&[("u1_id", "A"), ("u3_id", "D"), ("u3_abilities", "Armr")]);
    let cases = [
        (
            "units[1].abilities[0]",
            "u3_abilities",
            "Unit 3 (D), ability 1: ",
        ),
        ("units[0].power", "u1_power", "Unit 1 (A): "),
        ("units[1]", "u3_id", "Unit 3 (D): "),
        ("attack.defender", "defender", "Defender: "),
        ("dice.attack[2]", "dice_attack", "Attack dice, die 2: "),
        ("dice.rerolls[0].face", "dice_rerolls", "Re-rolls, item 1: "),
        ("decisions.evade.D", "evade", "Evade, D: "),
        (
            "decisions.lucky.light",
            "lucky_light",
            "Light Side's Lucky: ",
        ),
        (
            "interpretations.evade_deflected",
            "interp_evade_deflected",
            "Interpretation evade_deflected: ",
        ),
    ];
    for (path, field, words) in cases {
        let e = Swtcg::form_error(&f, &PositionError::at(path, "the problem"));
        assert_eq!(e.field.as_deref(), Some(field), "{path}");
        assert_eq!(e.message, format!("{words}the problem"), "{path}");
    }
    let e = Swtcg::form_error(&f, &PositionError::at("units[5].id", "x"));
    assert_eq!(
        e.field, None,
        "a unit the form does not hold is above the form"
    );
}

#[test]
fn every_battleline_form_problem_is_reported_at_its_field() {
    let f = pairs(&[
        ("p0_name", "Alice"),
        ("p0_life", "lots"),
        ("p0_s2_name", "Golem"),
        ("p0_s2_attack", "x"),
        ("p1_s1_card", "Moss Troll"),
        ("p1_s1_warlord", "maybe"),
        ("a1_play", "Moss Troll"),
        ("a1_player", "3"),
        ("choices", "1:2, three"),
    ]);
    let errors = Battleline::from_form(&f).unwrap_err();
    for (field, words) in [
        ("p0_life", "Alice's life: \"lots\" is not a whole number"),
        (
            "p0_s2_attack",
            "Alice, slot 2, attack: \"x\" is not a whole number",
        ),
        (
            "p1_s1_warlord",
            "Player 2, slot 1, warlord: \"maybe\" is not yes, no or empty",
        ),
        ("a1_player", "Play 1 player: 3 is not a player"),
        (
            "choices",
            "Fixed chance outcomes, item 2: \"three\" is not chance:slot",
        ),
    ] {
        assert!(at(&errors, field).starts_with(words), "{field}: {errors:?}");
    }
    assert_eq!(errors.len(), 5, "{errors:?}");
    let e = Battleline::form_error(
        &f,
        &PositionError::at("players[0].line[1].abilities[0]", "unknown"),
    );
    assert_eq!(e.field.as_deref(), Some("p0_s2_abilities"));
    assert_eq!(e.message, "Alice, slot 2: unknown");
}

#[test]
fn both_forms_name_their_fields_once_and_label_every_one() {
    for (game, form) in [
        (
            "battleline",
            Battleline::builder_form(&FormFields::default()),
        ),
        ("swtcg", Swtcg::builder_form(&FormFields::default())),
        ("keyforge", Keyforge::builder_form(&FormFields::default())),
    ] {
        let form = form.unwrap();
        let mut names = form.field_names();
        let n = names.len();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), n, "{game}: every field name once");
        for f in form.fields() {
            assert!(!f.label.trim().is_empty(), "{game}: {} has a label", f.name);
            assert!(!f.name.contains(' '), "{game}: {}", f.name);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]
    /// Any submission, however garbled, answers a position or located problems.
    #[test]
    fn garbage_never_panics(
        values in proptest::collection::vec(
            (
                prop_oneof![
                    Just("u1_power".to_string()), Just("u1_id".to_string()),
                    Just("u2_abilities".to_string()), Just("dice_attack".to_string()),
                    Just("dice_rerolls".to_string()), Just("evade".to_string()),
                    Just("deflect".to_string()), Just("lucky_light".to_string()),
                    Just("seed".to_string()), Just("p0_s1_attack".to_string()),
                    Just("choices".to_string()), Just("a1_player".to_string()),
                    Just("p0_c1_zone".to_string()), Just("p1_c2_on".to_string()),
                    Just("p0_c1_id".to_string()), Just("rulings".to_string()),
                    Just("decisions".to_string()), Just("x1_do".to_string()),
                    Just("x2_flank".to_string()), Just("p1_amber".to_string()),
                    "[a-z0-9_]{1,12}",
                ],
                "\\PC{0,16}",
            ),
            0..12,
        )
    ) {
        let f = FormFields::from_pairs(values);
        let swtcg = Swtcg::from_form(&f).err().unwrap_or_default();
        let battleline = Battleline::from_form(&f).err().unwrap_or_default();
        let keyforge = Keyforge::from_form(&f).err().unwrap_or_default();
        for e in swtcg.iter().chain(&battleline).chain(&keyforge) {
            prop_assert!(!e.message.is_empty());
            // Every located problem is at a field the form has.
            if let Some(field) = &e.field {
                let on_swtcg = Swtcg::builder_form(&f).is_some_and(|form| form.has_field(field));
                let on_battleline =
                    Battleline::builder_form(&f).is_some_and(|form| form.has_field(field));
                let on_keyforge =
                    Keyforge::builder_form(&f).is_some_and(|form| form.has_field(field));
                prop_assert!(on_swtcg || on_battleline || on_keyforge, "{field}: {}", e.message);
            }
        }
    }
}

/// The new Star Wars TCG form submitted as it stands (units A and D with no stats): the
/// resolver's problems land on each unit's power, in words.
#[test]
fn an_untouched_swtcg_form_says_what_each_unit_lacks() {
    let (values, _) = Swtcg::form_values(None);
    let position = Swtcg::from_form(&values).unwrap();
    let Err(errors) = Swtcg::resolve(&position, &arbiter::games::swtcg::NoCards) else {
        panic!("units without stats do not resolve");
    };
    let located: Vec<FieldError> = errors
        .iter()
        .map(|e| Swtcg::form_error(&values, e))
        .collect();
    assert_eq!(
        located,
        [
            FieldError::at(
                "u1_power",
                "Unit 1 (A): an inline unit needs power and health (or a `card`)"
            ),
            FieldError::at(
                "u2_power",
                "Unit 2 (D): an inline unit needs power and health (or a `card`)"
            ),
        ]
    );
}

// Issue #18: the Arcane Legions builder form.

#[test]
fn every_arcane_fixture_survives_the_form() {
    use arbiter::games::arcane::Arcane;
    let (whole, all) = round_trip::<Arcane>("tests/fixtures/arcane");
    assert_eq!(
        whole, all,
        "the form shows every Arcane Legions fixture whole"
    );
    assert!(all >= 20);
    let form = Arcane::builder_form(&FormFields::default()).unwrap();
    let mut names = form.field_names();
    let n = names.len();
    names.sort();
    names.dedup();
    assert_eq!(names.len(), n, "every field name once");
    for f in form.fields() {
        assert!(!f.label.trim().is_empty(), "{} has a label", f.name);
    }
}

/// What the form cannot hold is a note, never silently dropped: an ability name with a
/// `+` (the slot syntax's separator), more actions than rows, an effect with a `|`.
#[test]
fn an_arcane_position_the_form_cannot_hold_says_what_it_drops() {
    use arbiter::games::arcane::Arcane;
    let mut actions: Vec<serde_json::Value> = (0..13)
        .map(|_| serde_json::json!({"do": "end_turn"}))
        .collect();
    actions.push(serde_json::json!({"do": "arrive", "unit": "A"}));
    let p = serde_json::json!({"game": "arcane",
        "players": [{"name": "Alice"}],
        "units": [{"id": "A", "owner": "Alice", "name": "Odd",
            "abilities": ["X: gain 1 OP."],
            "slots": [{"abilities": ["A+B"]}],
            "effects": [{"text": "a | b"}]}],
        "actions": actions});
    let p = Arcane::read_position(&p.to_string()).unwrap();
    let (_, notes) = Arcane::form_values(Some(&p));
    let all = notes.join("\n");
    assert!(
        all.contains("a slot's ability name with a comma, + or @"),
        "{all}"
    );
    assert!(all.contains("an effect whose text has |"), "{all}");
    assert!(all.contains("14 actions; the form shows 12"), "{all}");
}

#[test]
fn every_arcane_form_problem_is_reported_at_its_field() {
    use arbiter::games::arcane::Arcane;
    let f = pairs(&[
        ("turn", "first"),
        ("phase", "dusk"),
        ("p1_name", "Alice"),
        ("p1_op", "three"),
        ("p2_op", "1"),
        ("u1_id", "F"),
        ("u1_owner", "Alice"),
        ("u1_slots", "o Fireburst, y, o@z"),
        ("u1_effects", "gains dice | two blue"),
        ("u2_card", "Barrow Legion Cohort"),
        ("contact", "F-C"),
        ("x1_do", "activate"),
        ("x1_unit", "F"),
        ("x1_count", "2"),
        ("x2_do", "down"),
        ("x2_unit", "C"),
        ("x3_do", "fly"),
        ("x4_do", "phase"),
        ("x4_ability", "noon"),
        ("decisions", "1:2, two"),
        ("resolutions", "1: down C 2\nfoo"),
        ("interp_static_tie", "coin"),
    ]);
    let errors = Arcane::from_form(&f).unwrap_err();
    for (field, words) in [
        ("turn", "Turn: \"first\" is not a whole number"),
        (
            "phase",
            "Phase: \"dusk\" is not order, movement, combat or end",
        ),
        ("p1_op", "Player 1, OP: \"three\" is not a whole number"),
        ("p2_name", "Player 2: give the player a name"),
        (
            "u1_slots",
            "Unit 1 (F), slot 2: \"y\" does not start with o (occupied) or x (empty)",
        ),
        (
            "u1_effects",
            "Unit 1 (F), effect 1: \"two blue\" is neither dice",
        ),
        ("u2_id", "Unit 2: give the unit an id"),
        ("u2_owner", "Unit 2, owner: which player owns it?"),
        (
            "contact",
            "Contacts, item 1: \"F-C\" is not a pair of unit ids (F:C)",
        ),
        (
            "x1_count",
            "Action 1 (activate an ability): reads no count or amount; clear it",
        ),
        (
            "x1_ability",
            "Action 1 (activate an ability): which ability? Give its name?",
        ),
        (
            "x2_count",
            "Action 2 (down figures): how many? Give the count",
        ),
        ("x3_do", "Action 3: \"fly\" is not one of activate, order"),
        (
            "x4_ability",
            "Action 4 (start a phase): \"noon\" is not order, movement, combat or end",
        ),
        (
            "decisions",
            "Decisions, item 2: \"two\" is not decision:option",
        ),
        (
            "resolutions",
            "Resolutions, line 1: \"down C 2\" is not a change",
        ),
        ("interp_static_tie", "Interpretation static_tie"),
    ] {
        assert!(at(&errors, field).starts_with(words), "{field}: {errors:?}");
    }
    assert!(errors
        .iter()
        .any(|e| e.message.contains("slot 3: \"z\" after @ is not a moment")));
    assert!(errors.iter().any(|e| e
        .message
        .starts_with("Resolutions, line 2: \"foo\" does not start")));
    // Every problem is at a field the form has.
    let form = Arcane::builder_form(&f).unwrap();
    for e in &errors {
        let field = e.field.as_deref().expect("located");
        assert!(form.has_field(field), "{field}");
    }
}

#[test]
fn arcane_resolver_errors_land_at_their_fields() {
    use arbiter::games::arcane::Arcane;
    // Unit cards 1 and 3 hold units; action rows 2 and 5 hold actions.
    let f = pairs(&[
        ("p1_name", "Alice"),
        ("u1_id", "F"),
        ("u3_id", "C"),
        ("x2_do", "activate"),
        ("x5_do", "query"),
    ]);
    for (path, field, words) in [
        (
            "units[1].slots[4].abilities[0]",
            "u3_slots",
            "Unit 3 (C), slot 5: ",
        ),
        ("units[0].card", "u1_card", "Unit 1 (F): "),
        (
            "units[1].abilities[1]",
            "u3_abilities",
            "Unit 3 (C), ability 2: ",
        ),
        (
            "units[0].on_battlefield",
            "u1_off_battlefield",
            "Unit 1 (F): ",
        ),
        ("actions[0].down[0]", "x2_slots", "Action 2: "),
        ("actions[1].against", "x5_targets", "Action 5: "),
        ("actions[1].value", "x5_ability", "Action 5: "),
        ("players[0].name", "p1_name", "Player 1: "),
        ("contact[0][1]", "contact", "Contacts, item 1: "),
        (
            "resolutions[1].changes[0]",
            "resolutions",
            "Resolutions, line 2: ",
        ),
        ("active", "active", "Active player: "),
        (
            "interpretations.static_tie",
            "interp_static_tie",
            "Interpretation static_tie: ",
        ),
    ] {
        let e = Arcane::form_error(&f, &PositionError::at(path, "the problem"));
        assert_eq!(e.field.as_deref(), Some(field), "{path}");
        assert_eq!(e.message, format!("{words}the problem"), "{path}");
    }
}

/// A new Arcane form, and the Fireburst position typed in as a judge would, read as
/// positions that resolve (the catalogue's names are checked by the resolver, so this
/// uses inline abilities).
#[test]
fn an_arcane_form_builds_a_fireburst_activation() {
    use arbiter::games::arcane::{Arcane, NoCards};
    let (values, notes) = Arcane::form_values(None);
    assert!(notes.is_empty());
    let p = Arcane::from_form(&values).unwrap();
    // Two players and one unit to start (issue #31: one unit shown, and "add another").
    assert_eq!((p.players.len(), p.units.len()), (2, 1));
    let f = pairs(&[
        ("turn", "1"),
        ("phase", "order"),
        ("p1_name", "Alice"),
        ("p1_op", "3"),
        ("p2_name", "Bob"),
        ("u1_id", "F"),
        ("u1_owner", "Alice"),
        ("u1_name", "Adepts"),
        (
            "u1_abilities",
            "Fireburst: 1 OP, down one figure from this unit -- Deal 2 damage to one enemy unit.",
        ),
        ("u1_slots", "o, o, o"),
        ("u2_id", "C"),
        ("u2_owner", "Bob"),
        ("u2_name", "Cohort"),
        ("u2_abilities", "none"),
        ("u2_slots", "o, o, x"),
        ("contact", "F:C"),
        ("x1_do", "activate"),
        ("x1_unit", "F"),
        ("x1_ability", "Fireburst"),
        ("x1_slots", "3"),
        ("x1_targets", "C"),
    ]);
    let p = Arcane::from_form(&f).unwrap();
    let v = serde_json::to_value(&p).unwrap();
    assert_eq!(
        v["actions"][0],
        serde_json::json!({"do": "activate", "unit": "F", "ability": "Fireburst", "down": [3], "targets": ["C"]})
    );
    assert_eq!(v["units"][1]["slots"][2]["occupied"], false);
    assert_eq!(v["units"][1]["abilities"], serde_json::json!([]));
    let done = arbiter::games::arcane::adjudicate(&p, &NoCards, Default::default())
        .unwrap_or_else(|e| panic!("{e:?}"));
    let last = &done.final_position;
    assert_eq!(last.players[0].op, 2, "Fireburst's 1 OP paid");
    let f_slots = last.units[0].slots.as_ref().unwrap();
    assert!(!f_slots[2].occupied, "its cost downed slot 3");
}

// KeyForge (issue #17): the builder of two battlelines, artifacts and hands.

#[test]
fn every_keyforge_fixture_survives_the_form() {
    let (whole, all) = round_trip::<Keyforge>("tests/fixtures/keyforge");
    assert_eq!(whole, all, "the form shows every KeyForge fixture whole");
    assert!(all >= 25);
}

#[test]
fn a_new_keyforge_form_is_empty_and_names_cards_by_their_names() {
    // Issue #31: no sample to clear.
    let (values, notes) = Keyforge::form_values(None);
    assert!(notes.is_empty());
    assert!(values.0.is_empty(), "a new form holds nothing: {values:?}");
    // Issue #31: cards are named, not given invented ids.
    let values = pairs(&[
        ("house", "Ironhowl"),
        ("p0_name", "Ann"),
        ("p0_c1_card", "Quarry Ogre"),
        ("p1_name", "Bob"),
        ("p1_c1_name", "Foe"),
        ("p1_c1_house", "Gloamwatch"),
        ("p1_c1_power", "3"),
        ("x1_do", "fight"),
        ("x1_card", "Quarry Ogre"),
        ("x1_target", "Foe"),
    ]);
    let p = Keyforge::from_form(&values).unwrap();
    assert_eq!(p.players[0].battleline[0].id, "Quarry Ogre");
    assert_eq!(p.players[1].battleline[0].id, "Foe");
    assert_eq!(p.actions[0].card, "Quarry Ogre");
    assert_eq!(p.actions[0].target.as_deref(), Some("Foe"));
    // Written back, a card's id that is its name is not a field of its own.
    let (back, _) = Keyforge::form_values(Some(&p));
    assert!(!back.has("p0_c1_id") && !back.has("p1_c1_id"), "{back:?}");
    assert_eq!(Keyforge::from_form(&back).unwrap(), p);
    // Without the catalogue, the Ogre is the resolver's problem, at its row's card field.
    let errors = Keyforge::resolve(&p, &arbiter::games::keyforge::NoCards).unwrap_err();
    let located = Keyforge::form_error(&values, &errors[0]);
    assert_eq!(located.field.as_deref(), Some("p0_c1_card"));
    assert!(
        located
            .message
            .starts_with("Ann, card 1 (Quarry Ogre): no KeyForge card `Quarry Ogre`"),
        "{located:?}"
    );
}

#[test]
fn keyforge_zones_and_upgrades_read_from_rows() {
    let f = pairs(&[
        ("house", "Dis"),
        ("p0_name", "Ann"),
        ("p1_name", "Bob"),
        ("p0_c1_id", "imp"),
        ("p0_c1_zone", "hand"),
        ("p0_c1_house", "Dis"),
        ("p0_c1_power", "2"),
        ("p0_c2_id", "left"),
        ("p0_c2_zone", "battleline"),
        ("p0_c2_house", "Dis"),
        ("p0_c2_power", "3"),
        ("p0_c2_exhausted", "on"),
        ("p0_c3_id", "armour"),
        ("p0_c3_zone", "upgrade"),
        ("p0_c3_on", "right"),
        ("p0_c3_type", "upgrade"),
        ("p0_c3_house", "Dis"),
        ("p0_c4_id", "right"),
        ("p0_c4_zone", "battleline"),
        ("p0_c4_house", "Dis"),
        ("p0_c4_power", "5"),
        ("p0_c4_text", "Reap: Gain 1A.\r\nFight: Gain 1A."),
        ("x1_do", "play"),
        ("x1_card", "imp"),
        ("x1_flank", "left"),
        (
            "rulings",
            "1: damage right 2; amber Bob -1\n2: move imp discard",
        ),
        ("decisions", "1:2, 3:1"),
        ("on_rejection", "stop"),
    ]);
    let p = Keyforge::from_form(&f).unwrap();
    let ann = &p.players[0];
    assert_eq!(ann.hand[0].id, "imp");
    let line: Vec<&str> = ann.battleline.iter().map(|c| c.id.as_str()).collect();
    assert_eq!(
        line,
        ["left", "right"],
        "the battleline keeps the rows' order"
    );
    assert!(ann.battleline[0].exhausted);
    assert_eq!(ann.battleline[1].upgrades[0].id, "armour");
    assert_eq!(
        ann.battleline[1].text.as_deref(),
        Some("Reap: Gain 1A.\nFight: Gain 1A.")
    );
    assert_eq!(
        p.actions[0].flank,
        Some(arbiter::games::keyforge::format::Flank::Left)
    );
    assert_eq!(p.rulings.len(), 2);
    assert_eq!(p.rulings[0].changes.len(), 2);
    assert_eq!(p.decisions.len(), 2);
    assert_eq!(p.on_rejection, arbiter::rules::reject::OnRejection::Stop);
    // And back: the same fields.
    let (values, notes) = Keyforge::form_values(Some(&p));
    assert!(notes.is_empty());
    assert_eq!(Keyforge::from_form(&values).unwrap(), p);
}

// Issue #17: a card's bonus icons on the form: names top to bottom (or the older
// number of Æmber icons), written back as names; a name that is no icon is an error at
// its field. The rulings field reads `none` and puts a problem at its column.
#[test]
fn keyforge_form_reads_bonus_icons_and_rulings_by_the_one_syntax() {
    use arbiter::games::keyforge::format::Icon;
    let base = [
        ("house", "Dis"),
        ("p0_name", "Ann"),
        ("p1_name", "Bob"),
        ("p0_c1_id", "imp"),
        ("p0_c1_zone", "hand"),
        ("p0_c1_house", "Dis"),
        ("p0_c1_power", "2"),
    ];
    let with = |extra: &[(&'static str, &'static str)]| {
        let mut all = base.to_vec();
        all.extend_from_slice(extra);
        pairs(&all)
    };
    let p = Keyforge::from_form(&with(&[
        ("p0_c1_bonus", "Capture, damage  draw,amber"),
        ("rulings", "2: none"),
    ]))
    .unwrap();
    assert_eq!(
        p.players[0].hand[0].bonus,
        [Icon::Capture, Icon::Damage, Icon::Draw, Icon::Amber]
    );
    assert_eq!(p.rulings[0].changes, []);
    let (values, _) = Keyforge::form_values(Some(&p));
    assert_eq!(values.get("p0_c1_bonus"), "capture, damage, draw, amber");
    assert_eq!(values.get("rulings"), "2: none");
    assert_eq!(Keyforge::from_form(&values).unwrap(), p);
    let p = Keyforge::from_form(&with(&[("p0_c1_bonus", "2")])).unwrap();
    assert_eq!(p.players[0].hand[0].bonus, [Icon::Amber, Icon::Amber]);
    let errors = Keyforge::from_form(&with(&[
        ("p0_c1_bonus", "amber, sparkle"),
        ("rulings", "1:"),
    ]))
    .unwrap_err();
    let at = |field: &str| {
        errors
            .iter()
            .find(|e| e.field.as_deref() == Some(field))
            .map(|e| e.message.clone())
            .unwrap_or_else(|| panic!("no error at {field}: {errors:?}"))
    };
    assert_eq!(
        at("p0_c1_bonus"),
        "Ann, card 1 (imp), bonus icons: \"sparkle\" is not a bonus icon: amber, capture, damage or draw"
    );
    assert!(
        at("rulings").starts_with("Rulings, line 1: at column 3: expected a change"),
        "{errors:?}"
    );
}

#[test]
fn every_keyforge_form_problem_is_reported_at_its_field() {
    let f = pairs(&[
        ("p0_name", "Ann"),
        ("p0_amber", "lots"),
        ("p0_c1_id", "ogre"),
        ("p0_c1_power", "big"),
        ("p0_c2_id", "wings"),
        ("p0_c2_zone", "upgrade"),
        ("p0_c2_on", "nobody"),
        ("p1_c1_id", "foe"),
        ("p1_c1_zone", "pocket"),
        ("p1_c2_id", "x"),
        ("p1_c2_type", "planet"),
        ("x1_do", "dance"),
        ("x2_do", "fight"),
        ("x2_flank", "middle"),
        ("x3_do", "play_from"),
        ("x3_card", "imp"),
        ("x3_zone", "pocket"),
        ("decisions", "1:2, three"),
        ("rulings", "1: explode foe\nx: destroy foe"),
        ("on_rejection", "sulk"),
        ("interp_omni_exhausts", "sometimes"),
    ]);
    let errors = Keyforge::from_form(&f).unwrap_err();
    for (field, words) in [
        ("p0_amber", "Ann's Æmber: \"lots\" is not a whole number"),
        (
            "p0_c1_power",
            "Ann, card 1 (ogre), power: \"big\" is not a whole number",
        ),
        (
            "p0_c2_on",
            "Ann, card 2 (wings), on: no creature \"nobody\"",
        ),
        (
            "p1_c1_zone",
            "Player 2, card 1 (foe), zone: \"pocket\" is not battleline",
        ),
        (
            "p1_c2_type",
            "Player 2, card 2 (x), type: \"planet\" is not creature",
        ),
        ("x1_do", "Action 1: \"dance\" is not play, reap, fight"),
        (
            "x2_flank",
            "Action 2, flank: \"middle\" is not left, right or empty",
        ),
        ("x3_zone", "Action 3, from: \"pocket\" is not hand"),
        (
            "decisions",
            "Decisions, item 2: \"three\" is not decision:option",
        ),
        (
            "rulings",
            "Rulings, line 1: at column 4: expected amber, damage, heal, destroy, exhaust, ready, stun or move, found \"explode\"",
        ),
        (
            "on_rejection",
            "After a rejected action: \"sulk\" is not continue or stop",
        ),
        ("interp_omni_exhausts", "Interpretation omni_exhausts"),
    ] {
        assert!(at(&errors, field).starts_with(words), "{field}: {errors:?}");
    }
    // Action 2 names no card; rulings line 2 has no decision number.
    assert!(errors
        .iter()
        .any(|e| e.message == "Action 2: which card? Give its id"));
    assert!(errors
        .iter()
        .any(|e| e.message == "Rulings, line 2: \"x\" is not a decision number"));
    assert_eq!(errors.len(), 14, "one error each: {errors:?}");
}

#[test]
fn keyforge_resolver_errors_land_at_their_fields() {
    // Ann's rows: 1 in hand, 2 and 4 in the battleline, 3 an upgrade on row 4's creature.
    let f = pairs(&[
        ("p0_name", "Ann"),
        ("p0_c1_id", "imp"),
        ("p0_c1_zone", "hand"),
        ("p0_c2_id", "left"),
        ("p0_c3_id", "wings"),
        ("p0_c3_zone", "upgrade"),
        ("p0_c3_on", "right"),
        ("p0_c4_id", "right"),
        ("x2_do", "fight"),
    ]);
    let cases = [
        (
            "players[0].hand[0].card",
            "p0_c1_card",
            "Ann, card 1 (imp): ",
        ),
        (
            "players[0].battleline[1].power",
            "p0_c4_power",
            "Ann, card 4 (right): ",
        ),
        (
            "players[0].battleline[1].upgrades[0].type",
            "p0_c3_type",
            "Ann, card 3 (wings): ",
        ),
        (
            "players[0].battleline[0].traits[2]",
            "p0_c2_traits",
            "Ann, card 2 (left): ",
        ),
        ("players[1].name", "p1_name", "Player 2, name: "),
        ("players[0].amber", "p0_amber", "Ann, Æmber: "),
        ("house", "house", "Active house: "),
        ("active", "active", "Active player: "),
        ("actions[0].target", "x2_target", "Action 2: "),
        ("decisions", "decisions", "Decisions: "),
        ("rulings[0].changes[1].card", "rulings", "Rulings, line 1: "),
        (
            "interpretations.futile_use",
            "interp_futile_use",
            "Interpretation futile_use: ",
        ),
    ];
    for (path, field, words) in cases {
        let e = Keyforge::form_error(&f, &PositionError::at(path, "the problem"));
        assert_eq!(e.field.as_deref(), Some(field), "{path}");
        assert_eq!(e.message, format!("{words}the problem"), "{path}");
    }
    let e = Keyforge::form_error(&f, &PositionError::at("players[0].discard[0].id", "x"));
    assert_eq!(
        e.field, None,
        "a card the form does not hold is above the form"
    );
}

#[test]
fn a_keyforge_position_beyond_the_forms_rows_says_what_the_form_drops() {
    let cards: Vec<serde_json::Value> = (0..11)
        .map(|i| serde_json::json!({"id": format!("c{i}"), "house": "Dis", "power": 2}))
        .collect();
    let actions: Vec<serde_json::Value> = (0..7)
        .map(|_| serde_json::json!({"do": "reap", "card": "c0"}))
        .collect();
    let text = serde_json::json!({"game": "keyforge", "house": "Dis",
        "players": [{"name": "Ann", "battleline": cards}, {"name": "Bob"}],
        "actions": actions})
    .to_string();
    let position = Keyforge::read_position(&text).unwrap();
    let (values, notes) = Keyforge::form_values(Some(&position));
    assert_eq!(
        notes,
        [
            "Ann has 11 cards; the form shows 10. Paste the JSON to keep the rest.",
            "The position has 7 actions; the form shows 6. Paste the JSON to keep the rest."
        ]
    );
    form_shows::<Keyforge>(&values, "eleven cards");
    let back = Keyforge::from_form(&values).unwrap();
    assert_eq!(back.players[0].battleline.len(), 10);
    assert_eq!(back.actions.len(), 6);
}
