//! The importer against the bundled data and against every kind of bad spreadsheet.

use crate::common;

use arbiter::catalogue::{Catalogue, ImportError};
use arbiter::grammar::keyforge::AbilityType;
use arbiter::grammar::{arcane::ArcaneKind, AbilityParse};
use common::*;

fn count_keywords(cat: &Catalogue, game: &str) -> usize {
    cat.data()
        .keywords
        .iter()
        .filter(|k| k.game == game)
        .count()
}

// seed 000 §4.1 Standard Abilities (46 headings) and §4.2 Special Rules (5 headings)
#[test]
fn battleline_has_the_46_abilities_and_5_special_rules() {
    let cat = bundled_catalogue();
    let kws: Vec<_> = cat
        .data()
        .keywords
        .iter()
        .filter(|k| k.game == "battleline")
        .collect();
    assert_eq!(kws.iter().filter(|k| k.section == "4.1").count(), 46);
    assert_eq!(kws.iter().filter(|k| k.section == "4.2").count(), 5);
    assert_eq!(kws.len(), 51);
    // The section headings are rule rows, so "see 4.2" has somewhere to point.
    assert_eq!(cat.rules("battleline", "4.2")[0].title, "Special Rules");
    assert_eq!(
        cat.rules("battleline", "4.1")[0].title,
        "Standard Abilities"
    );
    // Text is verbatim, curly apostrophe included.
    // seed 000 §4.1 Armor: "If a creature’s Armor value is higher than its attacker’s Attack value, it receives no damage."
    let armor = cat.keyword("battleline", "armor").unwrap();
    assert!(armor.text.ends_with("If a creature’s Armor value is higher than its attacker’s Attack value, it receives no damage."));
    assert!(armor.takes_value);
    assert_eq!(armor.source, "000_b0bf33970f9aacab.txt");
}

// seed 002: 19 keywords (Armor … Stack); Accuracy is explained in passing and gets an entry;
// Retaliate, which the seed only mentions, is quoted from the published rules the engine cites
#[test]
fn swtcg_has_19_keywords_plus_accuracy() {
    let cat = bundled_catalogue();
    assert_eq!(count_keywords(&cat, "swtcg"), 21);
    let retaliate = cat.keyword("swtcg", "Retaliate").unwrap();
    assert_eq!(retaliate.source, "Revenge of the Sith rulebook");
    assert!(retaliate.takes_value);
    let parsed = cat
        .data()
        .keywords
        .iter()
        .filter(|k| k.game == "swtcg" && k.parse.is_some())
        .count();
    assert_eq!(
        parsed, 19,
        "every seed definition but Accuracy follows the grammar"
    );
    assert!(cat.keyword("swtcg", "Accuracy").unwrap().parse.is_none());
}

// seed 002 Precision: "“Elude” is the former name of this keyword. Treat any unit with Elude as if it has Precision instead."
#[test]
fn elude_resolves_to_precision() {
    let cat = bundled_catalogue();
    assert_eq!(cat.keyword("swtcg", "Elude").unwrap().name, "Precision");
    assert_eq!(cat.keyword("swtcg", "elude").unwrap().name, "Precision");
    // A card written with Elude carries Precision.
    let with_precision = cat.cards_with_keyword("swtcg", "Precision");
    assert!(!with_precision.is_empty());
    assert!(cat
        .cards()
        .iter()
        .all(|c| c.abilities.iter().all(|a| a.keyword != "Elude")));
}

// seed 003: the six ability types; and the ten keywords the engine rules on that seed 003
// leaves to the published rules (Taunt … Stun), quoted from them and cited as such
#[test]
fn keyforge_has_6_ability_types_and_arcane_7_entries() {
    let cat = bundled_catalogue();
    let seed = |k: &arbiter::catalogue::Keyword| k.source.starts_with("003_");
    let keyforge: Vec<_> = cat
        .data()
        .keywords
        .iter()
        .filter(|k| k.game == "keyforge")
        .collect();
    assert_eq!(keyforge.iter().filter(|k| seed(k)).count(), 6);
    let published: Vec<&str> = keyforge
        .iter()
        .filter(|k| !seed(k))
        .map(|k| k.name.as_str())
        .collect();
    assert_eq!(
        published,
        [
            "Taunt",
            "Elusive",
            "Skirmish",
            "Poison",
            "Assault",
            "Hazardous",
            "Before Fight",
            "Destroyed",
            "Armor",
            "Stun"
        ]
    );
    assert!(keyforge.iter().filter(|k| !seed(k)).all(|k| [
        "KeyForge rulebook",
        "Archon Arcana rules wiki"
    ]
    .contains(&k.source.as_str())));
    assert_eq!(
        cat.keyword("keyforge", "After Fight").unwrap().name,
        "Fight"
    );
    assert_eq!(count_keywords(&cat, "arcane"), 7);
}

// seed 001: 54 numbered rules, 5.1.1, 5.1.2 and 5.8.7 repeated; reference: deck building 3.1–3.12
#[test]
fn karth_rules_keep_repeated_numbers_in_order() {
    let cat = bundled_catalogue();
    let numbered: Vec<_> = cat
        .data()
        .rules
        .iter()
        .filter(|r| {
            r.game == "karth" && r.section.starts_with("5.") && r.section.matches('.').count() == 2
        })
        .collect();
    assert_eq!(numbered.len(), 54);
    // seed 001 5.1.2: "A Player cannot have two of the same Allegiance Hero on the Battlefield." then the Shard one.
    let twice = cat.rules("karth", "5.1.2");
    assert_eq!(twice.len(), 2);
    assert!(twice[0].text.contains("Allegiance Hero"));
    assert!(twice[1].text.contains("Shard Hero"));
    assert!(twice[0].ordinal < twice[1].ordinal);
    assert_eq!(cat.rules("karth", "5.1.1").len(), 2);
    // seed 001 5.8.7: "Some spell cards can be played by a player during the other Player's turn." / "Most spell cards are neutral."
    let spells = cat.rules("karth", "5.8.7");
    assert_eq!(
        spells.iter().map(|r| r.text.as_str()).collect::<Vec<_>>(),
        [
            "Some spell cards can be played by a player during the other Player's turn.",
            "Most spell cards are neutral."
        ]
    );
    // 5.8.1 and 5.8.5 do not exist in the source, so they do not exist here.
    assert!(cat.rules("karth", "5.8.1").is_empty());
    // 5.3.7 is separated from its number by a no-break space in the source.
    assert_eq!(
        cat.rules("karth", "5.3.7")[0].text,
        "Mercenaries can act as soon as they enter the Battlefield."
    );
    let deck: Vec<_> = cat
        .data()
        .rules
        .iter()
        .filter(|r| r.game == "karth" && r.section.starts_with("3."))
        .collect();
    assert_eq!(deck.len(), 12);
    assert_eq!(
        cat.rules("karth", "3.1")[0].text,
        "A deck's total gold value is at most 100."
    );
}

// seed 002 Deflect: "Deflect X: A layered ability activated during the damage prevention POP that means, …"
#[test]
fn swtcg_grammar_fills_kind_and_timing() {
    let cat = bundled_catalogue();
    let deflect = cat.keyword("swtcg", "Deflect").unwrap();
    assert_eq!(
        (deflect.kind.as_str(), deflect.timing.as_str()),
        ("activated", "damage prevention")
    );
    let Some(AbilityParse::Swtcg(def)) = &deflect.parse else {
        panic!("Deflect is parsed")
    };
    assert_eq!(def.stacking.as_deref(), Some("layered"));
    assert!(def.takes_x);
    let timings: Vec<_> = cat
        .data()
        .keywords
        .iter()
        .filter(|k| k.game == "swtcg" && k.timing == "damage prevention")
        .map(|k| k.name.as_str())
        .collect();
    assert_eq!(timings, ["Deflect", "Evade", "Parry"]);
}

// seed 003: "Horseman of Pestilence has Play, Fight, and Reap abilities." / "Mack the Knife has both an Action ability … and two Constant abilities"
#[test]
fn keyforge_card_text_is_parsed_by_precursor() {
    let cat = bundled_catalogue();
    let types = |name: &str| -> Vec<Vec<AbilityType>> {
        cat.card("keyforge", name)
            .unwrap()
            .text_abilities
            .iter()
            .map(|a| match a {
                AbilityParse::Keyforge(k) => k.types.clone(),
                other => panic!("{other:?}"),
            })
            .collect()
    };
    assert_eq!(
        types("Horseman of Pestilence"),
        vec![vec![
            AbilityType::Play,
            AbilityType::Fight,
            AbilityType::Reap
        ]]
    );
    let mack = types("Mack the Knife");
    assert_eq!(
        mack.iter()
            .filter(|t| **t == vec![AbilityType::Constant])
            .count(),
        2
    );
    assert_eq!(
        mack.iter()
            .filter(|t| **t == vec![AbilityType::Action])
            .count(),
        1
    );
    assert_eq!(types("Mighty Javelin"), vec![vec![AbilityType::Omni]]);
    // Æmber survives the round trip.
    assert!(cat
        .card("keyforge", "Mack the Knife")
        .unwrap()
        .text
        .contains('Æ'));
}

// seed 004: "All activated abilities have a dash "--" that separates the cost and activation restrictions (to the left) from the effect (to the right)."
#[test]
fn arcane_card_text_is_classified_by_syntax() {
    let cat = bundled_catalogue();
    let mut kinds = std::collections::HashMap::new();
    for card in cat.cards().iter().filter(|c| c.game == "arcane") {
        for a in &card.text_abilities {
            let AbilityParse::Arcane(a) = a else {
                panic!("arcane text parses as arcane")
            };
            kinds.insert(a.name.clone().unwrap_or_default(), a.clone());
        }
    }
    let lord = &kinds["Lord of the Dead"];
    assert_eq!(lord.kind, ArcaneKind::Activated);
    assert_eq!(lord.restriction.as_deref(), Some("if this unit is undead"));
    for name in ["Healing", "Fireburst"] {
        assert_eq!(kinds[name].kind, ArcaneKind::Activated, "{name}");
    }
    for name in ["Aggressive", "Death Cloud", "Leader of Men"] {
        assert_eq!(kinds[name].kind, ArcaneKind::Triggered, "{name}");
    }
    for name in ["Hail of Arrows", "Nature Magic", "Aura of Peace"] {
        assert_eq!(kinds[name].kind, ArcaneKind::Static, "{name}");
    }
    assert!(
        kinds.values().any(|a| a.reminder.is_some()),
        "some ability carries reminder text"
    );
    // seed 004: "The usual cost to use an activated ability is some number of order points, though other costs such as downing one of the unit’s own figures may also be used."
    // seed 004: "For example, an ability that says "1 OP, if this unit is undead --" can only be used if that unit is undead."
    // Every activated ability of the catalogue, its costs and restriction read exactly.
    let activated: Vec<(&str, Vec<&str>, Option<&str>)> = vec![
        (
            "Lord of the Dead",
            vec!["1 OP"],
            Some("if this unit is undead"),
        ),
        ("Healing", vec!["2 OP"], None),
        (
            "Fireburst",
            vec!["1 OP", "down one figure from this unit"],
            None,
        ),
        ("Wheel About", vec!["1 OP"], None),
    ];
    for (name, costs, restriction) in &activated {
        let a = &kinds[*name];
        assert_eq!(a.kind, ArcaneKind::Activated, "{name}");
        assert_eq!(&a.costs, costs, "{name}: costs");
        assert_eq!(
            a.restriction.as_deref(),
            *restriction,
            "{name}: restriction"
        );
    }
    let every_activated: Vec<&str> = kinds
        .iter()
        .filter(|(_, a)| a.kind == ArcaneKind::Activated)
        .map(|(n, _)| n.as_str())
        .collect();
    assert_eq!(
        every_activated.len(),
        activated.len(),
        "every activated ability of the catalogue is checked above: {every_activated:?}"
    );
    // No triggered or static ability carries costs.
    for (name, a) in &kinds {
        if a.kind != ArcaneKind::Activated {
            assert!(a.costs.is_empty() && a.restriction.is_none(), "{name}");
        }
    }
}

/// Every keyword a seed defines is on a card. A keyword quoted from the published rules (the
/// engines rule on it; its source is not a seed file) may be on none: its ruling's position
/// brings its own cards.
#[test]
fn every_keyword_appears_on_a_card_of_its_game() {
    let cat = bundled_catalogue();
    let from_a_seed = |source: &str| {
        source.len() > 4 && source[..3].bytes().all(|b| b.is_ascii_digit()) && &source[3..4] == "_"
    };
    for k in cat
        .data()
        .keywords
        .iter()
        .filter(|k| from_a_seed(&k.source))
    {
        assert!(
            !cat.cards_with_keyword(&k.game, &k.name).is_empty(),
            "{} {} is on no card",
            k.game,
            k.name
        );
    }
}

#[test]
fn seed_named_cards_exist() {
    let cat = bundled_catalogue();
    for name in [
        "Frowny the Snowman",
        "Wall of Ice",
        "Surly Scarecrow",
        "Enchanted Bunny",
        "The Omega Rabbit",
        "The Carrot of Power",
        "The Endless Serpent (Head)",
        "The Endless Serpent (Body)",
        "The Endless Serpent (Second Head)",
    ] {
        assert!(cat.card("battleline", name).is_some(), "{name}");
    }
    assert!(cat.cards_with_keyword("battleline", "Gatekeeper").len() >= 3);
    for name in ["Mack the Knife", "Mighty Javelin", "Horseman of Pestilence"] {
        assert!(cat.card("keyforge", name).is_some(), "{name}");
    }
    // seed 001 5.10: all seven terrains
    for name in [
        "Grassland",
        "Water",
        "Forest",
        "Spawner",
        "Teleporter",
        "Gold",
        "Mana Pool",
    ] {
        assert_eq!(
            cat.card("karth", name)
                .map(|c| c.card_type.to_string())
                .as_deref(),
            Some("terrain"),
            "{name}"
        );
    }
}

// ---- bad input -----------------------------------------------------------------------

/// Imports good data, breaks one file, imports again: the error must be located and the
/// first catalogue must be byte-for-byte intact.
fn rejected(file: &str, edit: impl FnOnce(String) -> String) -> String {
    let data = copy_bundled();
    let out = tempfile::tempdir().unwrap();
    let db = out.path().join("catalogue.sqlite");
    import(data.path(), &db).expect("good data imports");
    let before = std::fs::read(&db).unwrap();
    let path = data.path().join(file);
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, edit(text)).unwrap();
    let err = import(data.path(), &db).expect_err("bad data is rejected");
    assert!(matches!(err, ImportError::Invalid(_)), "{err}");
    assert_eq!(
        std::fs::read(&db).unwrap(),
        before,
        "the old catalogue is untouched"
    );
    let leftovers: Vec<_> = std::fs::read_dir(out.path())
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().ends_with(".importing"))
        .collect();
    assert!(leftovers.is_empty(), "no temporary file is left behind");
    // Paths are shown as given; make the message independent of the temp dir.
    err.to_string()
        .replace(&format!("{}/", data.path().display()), "")
}

fn line_of(text: &str, needle: &str) -> usize {
    text.lines()
        .position(|l| l.contains(needle))
        .expect("needle")
        + 1
}

#[test]
fn missing_required_column_is_named() {
    let msg = rejected("cards/karth.csv", |t| {
        t.replacen("name,type,", "name,kind,", 1)
    });
    assert!(
        msg.contains("cards/karth.csv:1:1: missing required column `type`"),
        "{msg}"
    );
}

#[test]
fn duplicate_card_name_points_at_both_lines() {
    let text = std::fs::read_to_string(bundled().join("cards/battleline.csv")).unwrap();
    let first = line_of(&text, "Surly Scarecrow,");
    let msg = rejected("cards/battleline.csv", |t| {
        format!("{t}surly scarecrow,creature,,1,1,,,\n")
    });
    let last = text.lines().count() + 1;
    assert!(
        msg.contains(&format!(
            "cards/battleline.csv:{last}:1: duplicate card name `surly scarecrow` in battleline"
        )),
        "{msg}"
    );
    assert!(msg.contains(&format!("line {first}")), "{msg}");
}

#[test]
fn non_number_where_a_number_is_required() {
    let text = std::fs::read_to_string(bundled().join("cards/karth.csv")).unwrap();
    let line = line_of(&text, "Captain Aldric Vey,");
    let msg = rejected("cards/karth.csv", |t| {
        t.replacen(
            "Captain Aldric Vey,hero,Allegiance,12,",
            "Captain Aldric Vey,hero,Allegiance,twelve,",
            1,
        )
    });
    let col = "Captain Aldric Vey,hero,Allegiance,".chars().count() + 1;
    assert!(
        msg.contains(&format!(
            "cards/karth.csv:{line}:{col}: `value` must be a whole number ≥ 0, found `twelve`"
        )),
        "{msg}"
    );
    let msg = rejected("cards/battleline.csv", |t| {
        t.replacen(
            "Frowny the Snowman,creature,Frostmarch,2,",
            "Frowny the Snowman,creature,Frostmarch,two,",
            1,
        )
    });
    let col = "Frowny the Snowman,creature,Frostmarch,".chars().count() + 1;
    assert!(
        msg.contains(&format!(
            "cards/battleline.csv:2:{col}: `attack` must be a whole number, found `two`"
        )),
        "{msg}"
    );
}

#[test]
fn unknown_game_is_named_with_a_suggestion() {
    let msg = rejected("keywords.csv", |t| {
        t.replacen("\nbattleline,Ambush,", "\nbattleine,Ambush,", 1)
    });
    assert!(
        msg.contains("keywords.csv:2:1: unknown game `battleine`"),
        "{msg}"
    );
    assert!(msg.contains("did you mean `battleline`?"), "{msg}");
    let data = copy_bundled();
    std::fs::copy(
        data.path().join("cards/karth.csv"),
        data.path().join("cards/kart.csv"),
    )
    .unwrap();
    let err = import(data.path(), &data.path().join("db.sqlite"))
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("cards/kart.csv:1:1: card file for unknown game `kart`"),
        "{err}"
    );
}

#[test]
fn unknown_keyword_names_the_row_and_the_closest_keyword() {
    let msg = rejected("cards/battleline.csv", |t| {
        t.replacen("2,5,Ice Block,", "2,5,Ice Blok,", 1)
    });
    let col = "Frowny the Snowman,creature,Frostmarch,2,5,"
        .chars()
        .count()
        + 1;
    assert!(
        msg.contains(&format!(
            "cards/battleline.csv:2:{col}: unknown battleline keyword `Ice Blok`"
        )),
        "{msg}"
    );
    assert!(
        msg.contains("the closest battleline keyword is `Ice Block`"),
        "{msg}"
    );
}

#[test]
fn keyword_values_are_checked() {
    let msg = rejected("cards/battleline.csv", |t| {
        t.replacen("2,5,Ice Block,", "2,5,Ice Block 2; Armor,", 1)
    });
    assert!(
        msg.contains("`Ice Block` takes no value, but `2` is given"),
        "{msg}"
    );
    assert!(msg.contains("`Armor` takes a value"), "{msg}");
}

#[test]
fn every_error_is_reported_at_once() {
    let msg = rejected("cards/karth.csv", |t| {
        t.replacen(
            "Captain Aldric Vey,hero,Allegiance,12,",
            "Captain Aldric Vey,hreo,Allegiance,-3,",
            1,
        )
        .replacen(
            "Grassland,terrain,Neutral,",
            "Grassland,terrain,Nowhere Folk,",
            1,
        )
    });
    assert!(msg.contains("unknown karth card type `hreo`"), "{msg}");
    assert!(msg.contains("did you mean `hero`?"), "{msg}");
    assert!(
        msg.contains("`value` must be a whole number ≥ 0, found `-3`"),
        "{msg}"
    );
    assert!(
        msg.contains("unknown karth faction `Nowhere Folk`"),
        "{msg}"
    );
    assert!(msg.contains("3 error(s); nothing was imported"), "{msg}");
}

#[test]
fn unclosed_quote_and_stray_column_are_located() {
    let msg = rejected("rules.csv", |t| format!("{t}karth,9.9,\"Oops,text,x\n"));
    assert!(msg.contains("this quoted field is never closed"), "{msg}");
    let msg = rejected("factions.csv", |t| {
        format!("{t}karth,Extra,Shard,surprise\n")
    });
    assert!(msg.contains("but the header has only 3 columns"), "{msg}");
}

// ---- what spreadsheets write ----------------------------------------------------------

#[test]
fn spreadsheet_output_is_accepted() {
    let data = copy_bundled();
    let path = data.path().join("cards/arcane.csv");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut lines = text.lines();
    let header = lines.next().unwrap();
    // BOM, CRLF everywhere (inside quoted fields too), trailing empty columns, curly quotes.
    let mut out = format!("\u{feff}{header},,\r\n");
    out.push_str(&lines.collect::<Vec<_>>().join("\r\n"));
    out.push_str("\r\nCurly “Quoted” Unit,unit,,3,Static Ability,,\"Mercy: Æther flows, “gently”,\r\nand on.\",2,,\r\n");
    std::fs::write(&path, out).unwrap();
    let db = data.path().join("db.sqlite");
    import(data.path(), &db).expect("spreadsheet CSV imports");
    let cat = Catalogue::open(&db).unwrap();
    let card = cat
        .card("arcane", "Curly \"Quoted\" Unit")
        .expect("found with straight quotes");
    assert_eq!(card.text, "Mercy: Æther flows, “gently”,\r\nand on.");
    assert_eq!(card.attribute("figures").and_then(|a| a.number), Some(2.0));
    assert_eq!(cat.cards().iter().filter(|c| c.game == "arcane").count(), 8);
}

#[test]
fn importing_the_same_data_twice_gives_the_same_catalogue() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a.sqlite"), dir.path().join("b.sqlite"));
    import(&bundled(), &a).unwrap();
    import(&bundled(), &b).unwrap();
    assert_eq!(std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
    import(&bundled(), &a).unwrap();
    assert_eq!(std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
}

#[test]
fn attribute_columns_are_numeric_only_when_every_value_is() {
    let cat = bundled_catalogue();
    let col = |game: &str, name: &str| {
        cat.data()
            .attribute_columns
            .iter()
            .find(|c| c.game == game && c.name == name)
            .cloned()
            .unwrap()
    };
    assert!(col("battleline", "attack").numeric);
    assert!(!col("karth", "class").numeric);
    let card = cat.card("swtcg", "Colony Recon Trooper").unwrap();
    assert_eq!(card.attribute("power").and_then(|a| a.number), Some(3.0));
}
