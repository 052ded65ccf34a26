//! Issue #31, "Building a position", over HTTP (the browser tests are
//! `tests/browser_builders.rs`): every problem of a builder submission is answered at
//! once, a field that does not read no longer hiding what the resolver finds in the
//! others, each at its field, in the order of the form.

use crate::common;

use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use serde_json::Value;

fn encode(pairs: &[(&str, &str)]) -> String {
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

/// Posts `pairs` to the builder's JSON twin: the refusal's `(field, message)` pairs.
async fn refused(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    let (status, _, body) = common::http::send(
        common::bundled_state(),
        TestRequest::post()
            .uri("/adjudicate.json")
            .insert_header(("Content-Type", "application/x-www-form-urlencoded"))
            .set_payload(encode(pairs)),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let v: Value = serde_json::from_str(&body).expect("JSON");
    v["details"]["fields"]
        .as_array()
        .or_else(|| v["fields"].as_array())
        .unwrap_or_else(|| panic!("the refusal lists its fields: {v}"))
        .iter()
        .map(|e| {
            (
                e["field"].as_str().unwrap_or("").to_string(),
                e["message"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}

#[actix_rt::test]
async fn a_battleline_number_that_does_not_read_hides_nothing() {
    let errors = refused(&[
        ("game", "battleline"),
        ("turns", "999"),
        ("p0_name", "Alice"),
        ("p0_s1_name", "Golem"),
        ("p0_s1_attack", "lots"),
        ("p0_s1_life", "3"),
        ("p0_s1_abilities", "Armr 2"),
        ("p0_s2_card", "Hex Wich"),
        ("p1_name", "Bob"),
        ("p1_s1_card", "Moss Troll"),
    ])
    .await;
    let fields: Vec<&str> = errors.iter().map(|(f, _)| f.as_str()).collect();
    assert_eq!(
        fields,
        ["turns", "p0_s1_attack", "p0_s1_abilities", "p0_s2_card"],
        "every problem at once, in the order of the form: {errors:?}"
    );
    assert!(
        errors[1].1.contains("\"lots\" is not a whole number"),
        "{errors:?}"
    );
    assert!(errors[2].1.contains("did you mean \"Armor\""), "{errors:?}");
    assert!(
        errors[3].1.contains("did you mean \"Hex Witch\""),
        "{errors:?}"
    );
}

#[actix_rt::test]
async fn a_swtcg_unit_problem_hides_neither_the_dice_nor_the_defender() {
    let errors = refused(&[
        ("game", "swtcg"),
        ("attacker", "A"),
        ("defender", "Z"),
        ("seed", "1"),
        ("u1_id", "A"),
        ("u1_side", "dark"),
        ("u1_power", "4"),
        ("u1_health", "5"),
        ("u1_abilities", "Acuracy 1"),
        ("u2_id", "D"),
        ("u2_side", "light"),
        ("u2_card", "Colony Recon Trooper"),
        ("dice_attack", "6, 7"),
    ])
    .await;
    let fields: Vec<&str> = errors.iter().map(|(f, _)| f.as_str()).collect();
    assert_eq!(
        fields,
        ["defender", "u1_abilities", "dice_attack"],
        "every problem at once, in the order of the form: {errors:?}"
    );
    assert!(errors[0].1.contains("no unit \"Z\""), "{errors:?}");
    assert!(errors[0].1.contains("the units are A, D"), "{errors:?}");
    assert!(
        errors[1].1.contains("did you mean `Accuracy`"),
        "{errors:?}"
    );
}

#[actix_rt::test]
async fn an_arcane_message_names_the_slot_syntax_not_a_json_path() {
    let errors = refused(&[
        ("game", "arcane"),
        ("p1_name", "Alice"),
        ("p2_name", "Bob"),
        ("u1_id", "A"),
        ("u1_owner", "Alice"),
        ("u1_card", "Jade Marches Flame Adepts"),
        ("u1_slots", "o Fireburst+"),
        ("x1_do", "activate"),
        ("x1_unit", "A"),
        ("x1_ability", "Fireburst"),
    ])
    .await;
    assert!(!errors.is_empty());
    for (field, message) in &errors {
        assert_eq!(field, "u1_slots", "{errors:?}");
        assert!(
            !message.contains("slots[") && !message.contains(".abilities"),
            "no message ends in a JSON path: {message}"
        );
    }
    assert!(errors[0].1.contains("as in `o Nature Magic`"), "{errors:?}");
}

#[actix_rt::test]
async fn a_keyforge_action_naming_no_card_gets_did_you_mean() {
    let errors = refused(&[
        ("game", "keyforge"),
        ("house", "Ironhowl"),
        ("p0_name", "Ann"),
        ("p1_name", "Bob"),
        ("p0_c1_card", "Quarry Ogre"),
        ("p1_c1_card", "Mack the Knife"),
        ("x1_do", "fight"),
        ("x1_card", "Quarry Ogre"),
        ("x1_target", "Mack the Knif"),
    ])
    .await;
    assert_eq!(
        errors,
        [(
            "x1_target".to_string(),
            "Action 1: no card \"Mack the Knif\" in the position; did you mean \"Mack the Knife\"?"
                .to_string()
        )]
    );
}
