//! A ready-made example attack for each Star Wars TCG keyword, for the keyword pages
//! ("see it at work"): the fixture of `tests/fixtures/swtcg/` that shows the keyword
//! acting, compiled in. Each is a fixture file (`{about, cites, position}`), so the same
//! attack is checked, with its log snapshotted, by `tests/engine_swtcg.rs`.

/// `(keyword as the catalogue names it, fixture text)`, one per keyword of seed 002 and
/// Accuracy.
pub const EXAMPLES: &[(&str, &str)] = &[
    (
        "Accuracy",
        include_str!("../../../tests/fixtures/swtcg/armor_accuracy.json"),
    ),
    (
        "Armor",
        include_str!("../../../tests/fixtures/swtcg/armor_accuracy.json"),
    ),
    (
        "Critical Hit",
        include_str!("../../../tests/fixtures/swtcg/critical_hit_parry_evade.json"),
    ),
    (
        "Deflect",
        include_str!("../../../tests/fixtures/swtcg/deflect_chain.json"),
    ),
    (
        "Double Damage",
        include_str!("../../../tests/fixtures/swtcg/double_damage.json"),
    ),
    (
        "Enhance",
        include_str!("../../../tests/fixtures/swtcg/enhance_declared.json"),
    ),
    (
        "Equip",
        include_str!("../../../tests/fixtures/swtcg/equip_accepted.json"),
    ),
    (
        "Evade",
        include_str!("../../../tests/fixtures/swtcg/critical_hit_parry_evade.json"),
    ),
    (
        "Foresight",
        include_str!("../../../tests/fixtures/swtcg/foresight.json"),
    ),
    (
        "Forewarning",
        include_str!("../../../tests/fixtures/swtcg/intercept_shields.json"),
    ),
    (
        "Fury",
        include_str!("../../../tests/fixtures/swtcg/fury_first_four.json"),
    ),
    (
        "INSERT",
        include_str!("../../../tests/fixtures/swtcg/insert_reserves_layers.json"),
    ),
    (
        "Intercept",
        include_str!("../../../tests/fixtures/swtcg/intercept_shields.json"),
    ),
    (
        "Lucky",
        include_str!("../../../tests/fixtures/swtcg/lucky_both_players.json"),
    ),
    (
        "Meditate",
        include_str!("../../../tests/fixtures/swtcg/meditate_accepted.json"),
    ),
    (
        "Parry",
        include_str!("../../../tests/fixtures/swtcg/critical_hit_parry_evade.json"),
    ),
    (
        "Precision",
        include_str!("../../../tests/fixtures/swtcg/intercept_elude.json"),
    ),
    (
        "Reserves",
        include_str!("../../../tests/fixtures/swtcg/insert_reserves_layers.json"),
    ),
    (
        "Shields",
        include_str!("../../../tests/fixtures/swtcg/intercept_shields.json"),
    ),
    (
        "Stack",
        include_str!("../../../tests/fixtures/swtcg/stack_accepted_repeats.json"),
    ),
];
