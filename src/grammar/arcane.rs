//! Seed 004's special-ability syntax (Arcane Legions, "Special Ability Types").
//!
//! Seed 004: abilities "come in one of three types: activated, triggered, and static, as
//! shown by the way they are written". Activated: `[Cost] [Activation restriction (if any)]
//! -- [Effect.]`, where the left of the dash is a list of costs ("some number of order
//! points, though other costs such as downing one of the unit's own figures may also be
//! used") and an activation restriction, a condition ("if this unit is undead"). Triggered: `[Trigger condition,] [effect.]`, beginning with When, At or
//! Whenever. Static: "simply written as statements". Reminder text is "in parenthesis
//! placed at the end of an ability" and "has no rules implications", so it is split off
//! before the ability is classified. This module is the one reader of the left of a dash
//! ([`costs_and_restriction`]) and of "may" ([`optional_may`]: "may not" is no option),
//! for the card page and the engine alike.

use regex::Regex;
use serde::{Deserialize, Serialize};
use std::sync::LazyLock;

/// Seed 004's three ability types.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ArcaneKind {
    Activated,
    Triggered,
    Static,
}

impl ArcaneKind {
    pub fn as_str(self) -> &'static str {
        match self {
            ArcaneKind::Activated => "activated",
            ArcaneKind::Triggered => "triggered",
            ArcaneKind::Static => "static",
        }
    }
}

/// One Arcane Legions ability, classified by its syntax.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArcaneAbility {
    /// The ability's name, when written as `Name: text`.
    pub name: Option<String>,
    pub kind: ArcaneKind,
    /// Activated: every cost, in the order written (`1 OP`, `down one figure from this
    /// unit`); seed 004: "All costs must be payable to get the effect."
    pub costs: Vec<String>,
    /// Activated: the activation restriction, a condition (`if this unit is undead`);
    /// seed 004: "In order for the costs to be paid in the first place the activation
    /// restriction must be met."
    pub restriction: Option<String>,
    /// Triggered: the trigger condition (`Whenever a figure is downed from this unit`).
    pub condition: Option<String>,
    /// Triggered: seed 004 "Usually this is marked by the word may before the effect".
    pub optional: bool,
    pub effect: String,
    /// The parenthesised reminder text at the end, without parentheses.
    pub reminder: Option<String>,
}

static REMINDER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(?s)(?P<body>.*?)\s*\((?P<rem>[^()]*)\)\s*$").expect("static regex")
});
static TRIGGER: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^(?:When|At|Whenever)\b").expect("static regex"));
/// "At" followed by no time or condition: "At least …", "At most …", "At all times …",
/// "At any time …" open statements, not triggers.
static AT_NO_TIME: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^At\s+(?:least|most|all\s+times|any\s+time)\b").expect("static regex")
});
/// The word "may" and the word after it.
static MAY: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)\bmay\b(?:\s+(\w+))?").expect("static regex"));

/// Whether `text` begins a triggered ability: seed 004 "Triggered abilities begin with the
/// word When, At, or Whenever followed by the time or condition under which the ability
/// will trigger". "At least", "At most", "At all times" and "At any time" name no time at
/// which anything triggers, so a text opening with them is a statement.
pub fn begins_trigger(text: &str) -> bool {
    let t = text.trim_start();
    TRIGGER.is_match(t) && !AT_NO_TIME.is_match(t)
}

/// Where the word "may" makes `text` optional: the byte range of "may" and the space
/// after it. "may not" ("may never", "may no longer") is a prohibition, not an option,
/// so it is never one.
pub fn optional_may(text: &str) -> Option<std::ops::Range<usize>> {
    MAY.captures_iter(text).find_map(|c| {
        let word = c.get(0)?;
        match c.get(1) {
            // "may not", "may never", "may no longer": a prohibition.
            Some(next)
                if ["not", "never", "no"]
                    .iter()
                    .any(|w| next.as_str().eq_ignore_ascii_case(w)) =>
            {
                None
            }
            Some(next) => Some(word.start()..next.start()),
            None => Some(word.start()..word.end()),
        }
    })
}
static NAMED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(?P<name>[A-Z][\w’' -]{0,40}?):\s+(?P<rest>.+)$").expect("static regex")
});

/// Classifies one ability's rules text (without a `Name:` prefix).
pub fn parse(text: &str) -> ArcaneAbility {
    let text = text.trim();
    let (body, reminder) = match REMINDER.captures(text) {
        Some(c) if !c["body"].trim().is_empty() => (
            c["body"].trim().to_string(),
            Some(c["rem"].trim().to_string()),
        ),
        _ => (text.to_string(), None),
    };
    let mut ability = ArcaneAbility {
        name: None,
        kind: ArcaneKind::Static,
        costs: Vec::new(),
        restriction: None,
        condition: None,
        optional: false,
        effect: body.clone(),
        reminder,
    };
    if let Some((left, effect)) = body.split_once("--") {
        let (costs, restriction) = costs_and_restriction(left);
        ability.kind = ArcaneKind::Activated;
        ability.costs = costs;
        ability.restriction = restriction;
        ability.effect = effect.trim().to_string();
    } else if begins_trigger(&body) {
        ability.kind = ArcaneKind::Triggered;
        let (condition, effect) = body.split_once(',').unwrap_or((body.as_str(), ""));
        ability.condition = Some(condition.trim().to_string());
        ability.effect = effect.trim().to_string();
        // "may before the effect": within its first four words, and not "may not".
        ability.optional = optional_may(&ability.effect)
            .is_some_and(|at| ability.effect[..at.start].split_whitespace().count() < 4);
    }
    ability
}

/// The words that open an activation restriction: a condition or a time, not something
/// paid.
static RESTRICTION: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)^(?:only\s+)?(?:if|unless|while|when|whenever|as long as|during|before|after)\b",
    )
    .expect("static regex")
});
/// An item continuing the one before it ("if this unit is undead, or in woods").
static CONTINUES: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)^(?:or|and)\b").expect("static regex"));

/// Whether one comma-separated item left of a dash is (part of) an activation
/// restriction rather than a cost: it opens with a condition word (`if`, `only if`,
/// `unless`, `while`, `when`, `whenever`, `as long as`, `during`, `before`, `after`) or
/// begins a trigger (`At the start of …`).
pub fn is_restriction(item: &str) -> bool {
    let item = item.trim();
    RESTRICTION.is_match(item) || begins_trigger(item)
}

/// Splits the left of an activated ability's dash into its costs and its activation
/// restriction, the one reader of it (the card page and the engine alike): the
/// comma-separated items in order, each a restriction item when [`is_restriction`] says so
/// and a cost otherwise; an item opening with "or" or "and" continues the one before it.
/// The restriction is its items joined. (Fireburst's "down one figure from this unit" is
/// a cost; "during your order phase" is a restriction.)
pub fn costs_and_restriction(left: &str) -> (Vec<String>, Option<String>) {
    let mut costs: Vec<String> = Vec::new();
    let mut restriction: Vec<String> = Vec::new();
    let mut last_was_restriction = false;
    for item in left.split(',').map(str::trim).filter(|i| !i.is_empty()) {
        let continues = CONTINUES.is_match(item);
        let to_restriction = if continues {
            last_was_restriction
        } else {
            is_restriction(item)
        };
        let list = if to_restriction {
            &mut restriction
        } else {
            &mut costs
        };
        match list.last_mut() {
            Some(prev) if continues => {
                prev.push_str(", ");
                prev.push_str(item);
            }
            _ => list.push(item.to_string()),
        }
        last_was_restriction = to_restriction;
    }
    let restriction = (!restriction.is_empty()).then(|| restriction.join(", "));
    (costs, restriction)
}

/// Classifies one card-text line written as `Ability Name: rules text` (or just the text).
pub fn parse_line(line: &str) -> ArcaneAbility {
    let line = line.trim();
    match NAMED.captures(line) {
        Some(c) if !begins_trigger(&c["name"]) => {
            let mut a = parse(&c["rest"]);
            a.name = Some(c["name"].trim().to_string());
            a
        }
        _ => parse(line),
    }
}

/// Classifies a card's text, one ability per non-empty line.
pub fn parse_text(text: &str) -> Vec<ArcaneAbility> {
    super::parse_lines(text, parse_line)
}

#[cfg(test)]
mod tests {
    use super::*;

    // seed 004 Activated: "an ability that says "1 OP, if this unit is undead --" can only be used if that unit is undead"
    #[test]
    fn activated_with_cost_restriction_and_effect() {
        let a = parse_line("Lord of the Dead: 1 OP, if this unit is undead -- Return one downed figure to this unit.");
        assert_eq!(a.name.as_deref(), Some("Lord of the Dead"));
        assert_eq!(a.kind, ArcaneKind::Activated);
        assert_eq!(a.costs, ["1 OP"]);
        assert_eq!(a.restriction.as_deref(), Some("if this unit is undead"));
        assert_eq!(a.effect, "Return one downed figure to this unit.");
    }

    // seed 004 Triggered: "Triggered abilities begin with the word When, At, or Whenever followed by the time or condition"
    #[test]
    fn triggered_condition_and_optional_effect() {
        let a = parse("Whenever this unit is given a ranged combat order, it may spend one order point to gain 2 blue dice until end of turn.");
        assert_eq!(a.kind, ArcaneKind::Triggered);
        assert_eq!(
            a.condition.as_deref(),
            Some("Whenever this unit is given a ranged combat order")
        );
        assert!(a.optional);
        for opener in ["When", "At"] {
            let a = parse(&format!("{opener} the turn ends, heal 1 figure."));
            assert_eq!(a.kind, ArcaneKind::Triggered, "{opener}");
        }
        // "Whatever" is not "When".
        assert_eq!(parse("Whatever happens, nothing.").kind, ArcaneKind::Static);
    }

    // seed 004 Static: "Static abilities are simply written as statements."
    #[test]
    fn statement_is_static() {
        let a = parse_line("Aura of Peace: Enemy units within 4\" cannot be given charge orders.");
        assert_eq!(a.kind, ArcaneKind::Static);
        assert!(a.costs.is_empty());
    }

    // seed 004 Activated: "The usual cost to use an activated ability is some number of order points, though other costs such as downing one of the unit’s own figures may also be used. All costs must be payable to get the effect."
    #[test]
    fn downing_a_figure_is_a_cost_not_a_restriction() {
        let a = parse_line(
            "Fireburst: 1 OP, down one figure from this unit -- Deal 2 damage to one enemy unit within 6 inches.",
        );
        assert_eq!(a.costs, ["1 OP", "down one figure from this unit"]);
        assert_eq!(a.restriction, None);
        // A cost, then a condition: the condition is the restriction, in any order.
        let a = parse("2 OP, down one figure from this unit, if this unit is undead -- Heal.");
        assert_eq!(a.costs, ["2 OP", "down one figure from this unit"]);
        assert_eq!(a.restriction.as_deref(), Some("if this unit is undead"));
        let a = parse("1 OP, only if this unit has not moved -- Fire.");
        assert_eq!(a.costs, ["1 OP"]);
        assert_eq!(
            a.restriction.as_deref(),
            Some("only if this unit has not moved")
        );
        // "Downing" is paid, "undead" is a condition: the words decide, not the position.
        let a = parse("Down one figure from this unit -- Gain 1 OP.");
        assert_eq!(a.costs, ["Down one figure from this unit"]);
    }

    // seed 004 Reminder Text: "Reminder text is italicized and in parenthesis placed at the end of an ability. It does not actually affect the play of the game"
    #[test]
    fn reminder_text_is_split_off_before_classifying() {
        let a =
            parse("1 OP -- This unit gains Fly. (A flying unit ignores terrain -- even walls.)");
        assert_eq!(a.kind, ArcaneKind::Activated);
        assert_eq!(a.effect, "This unit gains Fly.");
        assert_eq!(
            a.reminder.as_deref(),
            Some("A flying unit ignores terrain -- even walls.")
        );
        // Only parentheses at the very end are reminder text.
        assert_eq!(parse("(Hello) there").reminder, None);
    }

    // seed 004 Activated Abilities: "Examples: Lord of the Dead, Healing, Fireburst"
    // seed 004 Triggered Abilities: "Examples: Aggressive, Death Cloud, Leader of Men"
    // seed 004 Static Abilities: "Examples: Hail of Arrows, Nature Magic, Aura of Peace"
    /// Every ability line of `data/cards/arcane.csv` (the seed's nine examples among
    /// them), with its type, costs and restriction.
    #[test]
    fn every_catalogue_ability_and_seed_example() {
        use ArcaneKind::*;
        let cases: &[(&str, ArcaneKind, &[&str], Option<&str>)] = &[
            ("Lord of the Dead: 1 OP, if this unit is undead -- Return one downed figure to an empty slot on this unit.", Activated, &["1 OP"], Some("if this unit is undead")),
            ("Healing: 2 OP -- Return up to two downed figures to this unit or to one friendly unit in contact with it.", Activated, &["2 OP"], None),
            ("Fireburst: 1 OP, down one figure from this unit -- Deal 2 damage to one enemy unit within 6 inches.", Activated, &["1 OP", "down one figure from this unit"], None),
            ("Wheel About: 1 OP -- Turn this unit to face any direction.", Activated, &["1 OP"], None),
            ("Aggressive: When this unit is given a charge order, it gains 1 red die until end of turn.", Triggered, &[], None),
            ("Death Cloud: Whenever a figure is downed from this unit, deal 1 damage to each enemy unit in contact with it.", Triggered, &[], None),
            ("Leader of Men: At the start of your order phase, you may give one friendly unit in contact with this unit a free move order.", Triggered, &[], None),
            ("Trampling Wheels: Whenever this unit moves through an enemy unit's front arc, deal 1 damage to that unit.", Triggered, &[], None),
            ("Hail of Arrows: This unit rolls 2 additional blue dice when it attacks a unit with 5 or more figures.", Static, &[], None),
            ("Nature Magic: While this unit is in woods, its phantom dice are 5s.", Static, &[], None),
            ("Aura of Peace: Enemy units in contact with this unit cannot be given charge orders. (They may still make melee attacks against this unit.)", Static, &[], None),
            ("Bone Rampart: Friendly units directly behind this unit cannot be targeted by ranged attacks. (This unit still counts as a target for ranged attacks itself.)", Static, &[], None),
        ];
        for (line, kind, costs, restriction) in cases {
            let a = parse_line(line);
            assert_eq!(a.kind, *kind, "{line}");
            assert_eq!(a.costs, *costs, "{line}");
            assert_eq!(a.restriction.as_deref(), *restriction, "{line}");
            assert!(a.name.is_some(), "{line}");
        }
        let leader = parse_line(cases[6].0);
        assert!(leader.optional, "Leader of Men: \"you may give\"");
        assert!(!parse_line(cases[4].0).optional);
        let aura = parse_line(cases[10].0);
        assert_eq!(
            aura.reminder.as_deref(),
            Some("They may still make melee attacks against this unit.")
        );
        assert_eq!(
            aura.effect,
            "Enemy units in contact with this unit cannot be given charge orders."
        );
    }
}
