//! The build step before the attack (seed 002 §Ancient Seers: Stack, Equip, Meditate,
//! Enhance, INSERT, Reserves; house rule S10): the position's `actions`, each accepted
//! or rejected with the sentence that decides it (Stack's limits, a card the list does
//! not name stacked only on the judge's word and a new version on top put to the judge
//! (S13), Equip only in the build step and once per turn for each copy (S14), Meditate
//! only from the discard pile and only in a POP or the build step); the layers of each
//! unit's effective abilities (INSERT grants its effect while the card is in play or in
//! the unit's stack; a Reserves ability works only in the build zone, so never on a unit
//! in the arena); and Enhance, a declared choice (a decision, by default not declared)
//! whose effect is added ("also"), replaces the unit's own of its keyword ("instead"),
//! or goes to the judge (house rule S12). Actions taken in the attack POP play there,
//! before Intercept. None of this touches dice or damage.

use super::super::cite::{rules, seed, Citation};
use super::super::event::{emit, side_name, Change, Event};
use super::super::format::{Verb, Window};
use super::super::position::{enhance_effect, granted_by, EnhanceEffect};
use super::super::state::{Action, Keyword, Layer, State};
use super::force;
use crate::rules::decision::Decision;
use crate::rules::{Rejected, Rule};

pub const STACK_MEANS: Citation = seed(
    "Stack",
    "You may put a listed card under this unit as part of its stack.",
);
pub const STACK_NOT_TOP: Citation = seed("Stack", "The listed cards can't be on top of the stack.");
pub const STACK_NAME: Citation = seed(
    "Stack",
    "If a card is listed by its name you can't stack a card with a different name unless it satisfies a different criteria in the [list] or they represent the same unit.",
);
pub const STACK_UNIQUE: Citation = seed(
    "Stack",
    "Unlike a normal stack, you can only have one version of each unique unit from the [list] in the stack.",
);
pub const STACK_REPEATS: Citation = seed(
    "Stack",
    "Non-unique cards listed on a card with the Stack ability are permitted to form a part of the stack and you can have multiple cards with the same name in the stack as long as they are non-unique.",
);
pub const STACK_NOT_COUNT: Citation = seed(
    "Stack",
    "Cards with the Stack ability don't count as the cards listed and don't contest with any of the listed cards.",
);
pub const STACK_VERSIONS: Citation = seed(
    "Stack",
    "(See the \"Different Versions with Different Names\" section in the rules PDF)",
);
pub const STACK_NEW_TOP: Citation = seed(
    "Stack",
    "If a unique card with the Stack ability has another version of itself move to the top of it's stack, discard any cards in the stack that can't stack with the new version on top of the stack.",
);
pub const STACK_FOUR: Citation = seed(
    "Stack",
    "Cards added to a card's stack using the Stack ability cannot exceed the 4 card maximum normal stacking rule.",
);
pub const EQUIP_MEANS: Citation = seed("Equip", "Attach this Equipment to a unit.");
pub const EQUIP_BUILD: Citation = seed("Equip", "Play only during your build step.");
pub const EQUIP_ONCE: Citation = seed("Equip", "You can pay the Equip cost only once per turn.");
pub const MEDITATE_MEANS: Citation = seed(
    "Meditate",
    "You may play this card from your discard pile without paying the printed cost.",
);
pub const MEDITATE_WHEN: Citation = seed(
    "Meditate",
    "Play only during a POP chance or during your build step.",
);
pub const MEDITATE_REMOVED: Citation = seed(
    "Meditate",
    "When this card would be discarded, remove it from the game instead.",
);
pub const MEDITATE_DISCARD_PILE: Citation = seed(
    "Meditate",
    "Meditate can only be activated when the card is in your discard pile.",
);
pub const MEDITATE_COST: Citation = seed(
    "Meditate",
    "Paying the Meditate activation cost means you don't pay the normal printed cost of the card.",
);
pub const ENHANCE_MEANS: Citation = seed(
    "Enhance",
    "You may play the following effect by paying the additional cost.",
);
pub const ENHANCE_DECLARE: Citation = seed("Enhance", "You must declare it to get its effect.");
pub const ENHANCE_STATES: Citation = seed(
    "Enhance",
    "The effect states whether you play it \"instead\" or \"also\".",
);
pub const INSERT_MEANS: Citation = seed(
    "INSERT",
    "When this card is in play or stacked under the unit, the unit gets the following effect:",
);
pub const INSERT_STACK: Citation = seed(
    "INSERT",
    "The effect works while anywhere in the unit's stack.",
);
pub const INSERT_TYPE: Citation = seed(
    "INSERT",
    "The granted ability remains to be the ability of its type.",
);
pub const RESERVES_MEANS: Citation = seed(
    "Reserves",
    "The following ability works while, and only while, it's in the build zone.",
);
pub const RESERVES_TYPE: Citation = seed(
    "Reserves",
    "The granted ability remains to be the ability of its type.",
);

pub const ALL: &[Citation] = &[
    STACK_MEANS,
    STACK_NOT_TOP,
    STACK_NAME,
    STACK_UNIQUE,
    STACK_REPEATS,
    STACK_FOUR,
    STACK_NOT_COUNT,
    STACK_VERSIONS,
    STACK_NEW_TOP,
    EQUIP_MEANS,
    EQUIP_BUILD,
    EQUIP_ONCE,
    MEDITATE_MEANS,
    MEDITATE_WHEN,
    MEDITATE_REMOVED,
    MEDITATE_DISCARD_PILE,
    MEDITATE_COST,
    ENHANCE_MEANS,
    ENHANCE_DECLARE,
    ENHANCE_STATES,
    INSERT_MEANS,
    INSERT_STACK,
    INSERT_TYPE,
    RESERVES_MEANS,
    RESERVES_TYPE,
];

/// The most cards in one stack, the unit's own card included.
pub const MAX_STACK: usize = 4;

/// The default policy of an Enhance decision.
pub const ENHANCE_POLICY: &str = "not declared (the effect is got only by declaring it)";

/// The build step: the layers already in place, the build-step actions, Enhance.
pub fn build_step(st: &mut State, out: &mut Vec<Event>) {
    let before = out.len();
    for u in 0..st.units.len() {
        for layer in st.units[u].layers.clone() {
            let cite = match (layer.by, layer.from == st.units[u].name) {
                ("Reserves", _) => Rule::from(&RESERVES_MEANS).house(&rules::LAYERS),
                ("INSERT", true) => Rule::from(&INSERT_MEANS).house(&INSERT_TYPE),
                _ => Rule::from(&INSERT_STACK).house(&INSERT_MEANS),
            };
            let change = Change::Layer {
                unit: st.units[u].id.clone(),
                layer,
                new: false,
            };
            emit(st, out, change, cite);
        }
    }
    for u in 0..st.units.len() {
        for (from, label) in st.units[u].unread.clone() {
            let change = Change::Pass {
                window: "Build step",
                what: format!(
                    "{}'s {label} (on {from}) gives an effect beyond the keywords the resolver knows; the judge applies it",
                    st.units[u].id
                ),
            };
            let cite = if label.starts_with("Reserves") {
                Rule::from(&RESERVES_MEANS).house(&rules::NOT_ADJUDICATED)
            } else {
                Rule::from(&INSERT_MEANS).house(&rules::NOT_ADJUDICATED)
            };
            emit(st, out, change, cite);
        }
    }
    let actions = st.actions.clone();
    for (i, a) in actions.iter().enumerate() {
        if a.window != Window::Pop {
            play(st, out, i, a);
        }
    }
    enhance(st, out);
    if out.len() == before {
        let change = Change::Pass {
            window: "Build step",
            what: "no action in the build step (the actions wait for the attack POP)".into(),
        };
        emit(st, out, change, &rules::LAYERS);
    }
}

/// The actions taken in the attack POP, before Intercept.
pub fn attack_pop(st: &mut State, out: &mut Vec<Event>) {
    let actions = st.actions.clone();
    for (i, a) in actions.iter().enumerate() {
        if a.window == Window::Pop {
            play(st, out, i, a);
        }
    }
}

fn reject(
    st: &mut State,
    out: &mut Vec<Event>,
    i: usize,
    proposed: String,
    reason: String,
    cite: &'static Citation,
) {
    reject_by(
        st,
        out,
        i,
        proposed,
        reason,
        Rule::from(cite).house(&rules::LAYERS),
    );
}

/// Rejects action `i`, resting on `rule`.
fn reject_by(
    st: &mut State,
    out: &mut Vec<Event>,
    i: usize,
    proposed: String,
    reason: String,
    rule: Rule,
) {
    let change = Change::Rejected(Rejected {
        action: i,
        proposed: format!("action {}: {proposed}", i + 1),
        reason: {
            let mut r = reason;
            if let Some(first) = r.get(..1) {
                r = first.to_uppercase() + &r[1..];
            }
            format!("{r}.")
        },
    });
    emit(st, out, change, rule);
}

/// Whether Stack list entry `n` names `card` (house rule S13: names, compared folded).
fn names(n: &str, card: &str) -> bool {
    crate::text::fold(n.trim()) == crate::text::fold(card)
}

/// Why stack action `a` on unit `u` is refused, with the rule, or `None`.
fn stack_refusal(st: &State, a: &Action, lists: &[String]) -> Option<(String, Rule)> {
    let u = a.unit;
    let id = &st.units[u].id;
    let listed = lists
        .iter()
        .any(|l| l.split([',', ';']).any(|n| names(n, &a.card)));
    let same = st.units[u].stack.iter().any(|c| names(c, &a.card));
    let seed_rule = |c: &'static Citation| Rule::from(c).house(&rules::LAYERS);
    if a.top && (names(&st.units[u].name, &a.card) || a.same_unit) {
        return Some((
            format!(
                "a new version of {id} moved to the top of its stack is put to the judge: the resolver does not know the new version's Stack list, so not which cards can't stack with it"
            ),
            Rule::from(&STACK_NEW_TOP).house(&rules::STACK_NAMES),
        ));
    }
    if !st.units[u].has(Keyword::Stack) {
        return Some((
            format!("{id} has no Stack ability"),
            seed_rule(&STACK_MEANS),
        ));
    }
    if lists.is_empty() {
        let why = format!("{id}'s Stack lists no cards here (write its list: `Stack: Name, Name`)");
        return Some((why, seed_rule(&STACK_MEANS)));
    }
    if !listed && !a.same_unit {
        let why = format!(
            "{} is not named in {id}'s Stack list ({}); whether it represents the same unit as a listed card or meets another criterion of the list is the judge's to say (`\"same_unit\": true` on the action stacks it)",
            a.card,
            lists.join("; ")
        );
        return Some((why, Rule::from(&rules::STACK_NAMES).house(&STACK_NAME)));
    }
    if a.top {
        let why = "a listed card can't be on top of the stack".to_string();
        return Some((why, seed_rule(&STACK_NOT_TOP)));
    }
    let held = st.units[u].stack.len();
    if held + 1 >= MAX_STACK {
        let why = format!(
            "{id}'s stack already holds {} cards (its own and {held} under it); the most is {MAX_STACK}",
            held + 1
        );
        return Some((why, seed_rule(&STACK_FOUR)));
    }
    if a.unique && same {
        let why = format!(
            "{id}'s stack already holds a version of the unique unit {}",
            a.card
        );
        return Some((why, seed_rule(&STACK_UNIQUE)));
    }
    None
}

/// Plays a stack action, or rejects it; a card the list does not name is stacked only on
/// the judge's word (house rule S13).
fn stack(st: &mut State, out: &mut Vec<Event>, i: usize, a: &Action) {
    let u = a.unit;
    let id = st.units[u].id.clone();
    let proposed = format!(
        "stack {}{} under {id}{}",
        a.card,
        if a.unique { " (unique)" } else { "" },
        if a.top { ", on top" } else { "" }
    );
    let lists: Vec<String> = st.units[u]
        .instances(Keyword::Stack)
        .filter_map(|s| s.param.clone())
        .collect();
    if let Some((reason, rule)) = stack_refusal(st, a, &lists) {
        return reject_by(st, out, i, proposed, reason, rule);
    }
    let listed = lists
        .iter()
        .any(|l| l.split([',', ';']).any(|n| names(n, &a.card)));
    let same = st.units[u].stack.iter().any(|c| names(c, &a.card));
    let change = Change::Stacked {
        action: i + 1,
        unit: id,
        card: a.card.clone(),
        repeat: same,
        judged: !listed,
    };
    let cite = if !listed {
        Rule::from(&STACK_NAME)
            .house(&rules::STACK_NAMES)
            .also(&STACK_VERSIONS)
    } else if same {
        Rule::from(&STACK_REPEATS).house(&rules::LAYERS)
    } else if a.unique {
        Rule::from(&STACK_MEANS)
            .house(&rules::LAYERS)
            .also(&STACK_NOT_COUNT)
    } else {
        Rule::from(&STACK_MEANS).house(&rules::LAYERS)
    };
    emit(st, out, change, cite);
    for ins in &a.inserts {
        if let Some(g) = granted_by(ins) {
            let change = Change::Layer {
                unit: st.units[u].id.clone(),
                layer: Layer {
                    ability: g,
                    by: "INSERT",
                    from: a.card.clone(),
                    works: true,
                },
                new: true,
            };
            let cite = Rule::from(&INSERT_STACK).house(&INSERT_MEANS);
            emit(st, out, change, cite);
        }
    }
}

/// Plays action `i`, or rejects it with the sentence it breaks.
fn play(st: &mut State, out: &mut Vec<Event>, i: usize, a: &Action) {
    let u = a.unit;
    let id = st.units[u].id.clone();
    match a.verb {
        Verb::Stack => stack(st, out, i, a),
        Verb::Equip => {
            let proposed = format!("equip {id} with {} in {}", a.card, a.window.name());
            if a.window != Window::Build {
                return reject(
                    st,
                    out,
                    i,
                    proposed,
                    format!(
                        "Equip is played only during the build step, not in {}",
                        a.window.name()
                    ),
                    &EQUIP_BUILD,
                );
            }
            if st
                .equipped
                .iter()
                .any(|(e, c)| names(e, &a.card) && *c == a.copy)
            {
                let copy = if a.copy > 1 {
                    format!(" (copy {})", a.copy)
                } else {
                    String::new()
                };
                let reason = format!(
                    "{}{copy}'s Equip cost was already paid this turn (another copy of it is equipped with `\"copy\": {}`)",
                    a.card,
                    a.copy + 1
                );
                let rule = Rule::from(&EQUIP_ONCE).house(&rules::EQUIP_COPIES);
                return reject_by(st, out, i, proposed, reason, rule);
            }
            if let Err(short) = force::can_pay(st, u, a.cost) {
                let reason = format!(
                    "{}'s Equip cost is {} Force and the {} has {}",
                    a.card,
                    short.0,
                    side_name(st.units[u].side),
                    short.1
                );
                let rule = Rule::from(&rules::FORCE).house(&rules::PAYING);
                return reject_by(st, out, i, proposed, reason, rule);
            }
            let what = format!("the Equip cost of {}", a.card);
            force::pay(st, out, u, what, a.cost, None);
            let change = Change::Equipped {
                action: i + 1,
                unit: id,
                equipment: a.card.clone(),
                copy: a.copy,
            };
            emit(
                st,
                out,
                change,
                Rule::from(&EQUIP_MEANS).house(&EQUIP_BUILD),
            );
            for g in &a.grants {
                let change = Change::Layer {
                    unit: st.units[u].id.clone(),
                    layer: Layer {
                        ability: g.clone(),
                        by: "Equip",
                        from: a.card.clone(),
                        works: true,
                    },
                    new: true,
                };
                emit(
                    st,
                    out,
                    change,
                    Rule::from(&EQUIP_MEANS).house(&rules::LAYERS),
                );
            }
        }
        Verb::Meditate => {
            let proposed = format!("play {id} by Meditate in {}", a.window.name());
            let bad: Option<(String, &'static Citation)> = if !st.units[u].has(Keyword::Meditate) {
                Some((format!("{id} has no Meditate"), &MEDITATE_MEANS))
            } else if st.units[u].removed {
                Some((
                    format!("{id} was removed from the game, not put in the discard pile"),
                    &MEDITATE_DISCARD_PILE,
                ))
            } else if !st.units[u].discarded {
                Some((
                    format!("{id} is in play, not in the discard pile"),
                    &MEDITATE_DISCARD_PILE,
                ))
            } else if a.window == Window::Other {
                Some((
                    "Meditate is played only in a POP or the build step".into(),
                    &MEDITATE_WHEN,
                ))
            } else {
                None
            };
            if let Some((reason, cite)) = bad {
                return reject(st, out, i, proposed, reason, cite);
            }
            let cost = st.units[u]
                .instances(Keyword::Meditate)
                .next()
                .and_then(|m| m.cost());
            if let Err(short) = force::can_pay(st, u, cost) {
                let reason = format!(
                    "{id}'s Meditate activation cost is {} Force and the {} has {}",
                    short.0,
                    side_name(st.units[u].side),
                    short.1
                );
                let rule = Rule::from(&rules::FORCE)
                    .house(&rules::PAYING)
                    .also(&MEDITATE_COST);
                return reject_by(st, out, i, proposed, reason, rule);
            }
            let what = "Meditate's activation cost".to_string();
            force::pay(st, out, u, what, cost, Some(&MEDITATE_COST));
            let change = Change::Meditated {
                action: i + 1,
                unit: id,
            };
            emit(
                st,
                out,
                change,
                Rule::from(&MEDITATE_MEANS).house(&MEDITATE_WHEN),
            );
        }
    }
}

/// Each Enhance: declared or not (a decision; by default not declared); declared, its
/// effect as it reads (house rule S12).
fn enhance(st: &mut State, out: &mut Vec<Event>) {
    for u in 0..st.units.len() {
        let list: Vec<_> = st.units[u].instances(Keyword::Enhance).cloned().collect();
        for e in list {
            let pin = st
                .pins
                .enhance
                .iter()
                .find(|(v, _)| *v == u)
                .map(|(_, d)| *d);
            let (chosen, pinned) = match pin {
                Some(d) => (usize::from(d), true),
                None => (0, false),
            };
            let decision = Decision {
                ordinal: st.decisions + 1,
                who: st.units[u].id.clone(),
                question: "declare Enhance",
                options: vec!["not declared", "declared"],
                policy: ENHANCE_POLICY,
                chosen,
                pinned,
            };
            let short = if chosen == 1 {
                force::can_pay(st, u, e.cost()).err()
            } else {
                None
            };
            let effect = if chosen == 1 && short.is_none() {
                enhance_effect(&e)
            } else {
                EnhanceEffect::Unread
            };
            let replaced: Vec<String> = match &effect {
                EnhanceEffect::Instead(g) => st.units[u]
                    .instances(g.keyword)
                    .map(|a| a.label())
                    .collect(),
                _ => Vec::new(),
            };
            let understood = match &effect {
                EnhanceEffect::Also(_) => true,
                EnhanceEffect::Instead(_) => !replaced.is_empty(),
                EnhanceEffect::Unread => chosen == 0 || short.is_some(),
            };
            let change = Change::Enhance {
                unit: st.units[u].id.clone(),
                effect: e.param.clone().unwrap_or_default(),
                decision,
                understood,
                unpaid: short,
            };
            let cite = if short.is_some() {
                Rule::from(&ENHANCE_MEANS).house(&rules::FORCE)
            } else if understood {
                Rule::from(&ENHANCE_DECLARE).house(&ENHANCE_MEANS)
            } else {
                Rule::from(&ENHANCE_STATES).house(&rules::ENHANCE_WORDS)
            };
            emit(st, out, change, cite);
            if chosen == 1 && short.is_none() {
                let what = "Enhance's additional cost".to_string();
                force::pay(st, out, u, what, e.cost(), Some(&ENHANCE_MEANS));
            }
            enhance_layer(st, out, u, effect, replaced);
        }
    }
}

/// The layer a declared Enhance effect makes: added ("also") or in place of the unit's
/// own abilities of its keyword ("instead"); nothing for an effect the resolver does not
/// read (house rule S12).
fn enhance_layer(
    st: &mut State,
    out: &mut Vec<Event>,
    u: usize,
    effect: EnhanceEffect,
    replaced: Vec<String>,
) {
    let layer = |ability| Layer {
        ability,
        by: "Enhance",
        from: st.units[u].name.clone(),
        works: true,
    };
    let change = match effect {
        EnhanceEffect::Also(g) => Change::Layer {
            unit: st.units[u].id.clone(),
            layer: layer(g),
            new: true,
        },
        EnhanceEffect::Instead(g) if !replaced.is_empty() => Change::Instead {
            unit: st.units[u].id.clone(),
            replaced,
            layer: layer(g),
        },
        _ => return,
    };
    let cite = Rule::from(&ENHANCE_STATES).house(&rules::ENHANCE_WORDS);
    emit(st, out, change, cite);
}
