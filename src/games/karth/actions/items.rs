//! Items (seed 001 §5.6–5.7): equipping (5.6.1–5.6.5, 5.7.1, 5.7.4; stacking, house
//! rule K25), using (5.6.6, and 5.6.2's class limits), taking off (house rule K8), what
//! happens to a dead unit's items (5.7.3, 5.7.5, 5.7.6) and Snatch (5.7.6, house rule
//! K11): a snatched item is carried whatever its class; 5.6.2 is asked when it is used.

use super::common::{in_hand, in_play, no, own_turn, owned, Accept, Judged, Reject};
use crate::games::karth::cite::{rules as house, s5, Citation, Rule};
use crate::games::karth::event::{Change, Pile};
use crate::games::karth::format::{CardType, UnitSpec};
use crate::games::karth::interpret::{
    HeroesEquip, ItemTurn, ItemsAtATime, OtherKindsEquip, SnatchOwnSide,
};
use crate::games::karth::state::{adjacent, CardDef, State};
use crate::grammar::karth::class_allows;
use crate::text::fold;

/// Items a unit may hold (5.6.1 read as `equipped`) or use in a turn (`in_use`).
fn limit(u: &UnitSpec) -> usize {
    if u.dual_wield == Some(true) {
        2
    } else {
        1
    }
}

/// How much of 5.6.1's limit item `name` takes on unit `u`: two on a unit with dual
/// wield when its card says it counts as two (Twin Daggers: "Counts as two weapons for
/// dual wield."), one otherwise.
fn weight(st: &State, u: &UnitSpec, name: &str) -> usize {
    let two = st
        .card(name)
        .is_some_and(|c| fold(&c.text).contains("counts as two"));
    if two && u.dual_wield == Some(true) {
        2
    } else {
        1
    }
}

/// The items unit `u` carries, counted as 5.6.1 counts them.
fn carried(st: &State, u: &UnitSpec) -> usize {
    u.items.iter().map(|i| weight(st, u, &i.card)).sum()
}

/// 5.6.2: the class limits of item `def` let unit `u` use it.
fn class_ok(def: &CardDef, u: &UnitSpec) -> Result<(), Reject> {
    if class_allows(&def.classes, u.class.as_deref()) {
        return Ok(());
    }
    Err(no(
        &s5::ITEM_CLASS,
        format!(
            "{} can be used only by {}, and {} is {}",
            def.name,
            def.classes.join(" or "),
            u.id,
            u.class
                .as_deref()
                .map_or("of no class".to_string(), |c| format!("a {c}"))
        ),
    ))
}

/// Whether item `def`'s card says it can be stacked (5.6.4's "unless specified
/// differently", house rule K25).
fn stackable(def: &CardDef) -> bool {
    let t = fold(&def.text);
    t.contains("can be stacked") || t.contains("may be stacked")
}

/// The checks an item meets to be carried below unit `u` (5.6.1, 5.6.4 with house rule
/// K25), the rule that let it through if any.
fn holds(st: &State, u: &UnitSpec, def: &CardDef) -> Result<Option<Rule>, Reject> {
    let mut allowed = None;
    if u.items.iter().any(|i| fold(&i.card) == fold(&def.name)) {
        let rule = Rule::from(&s5::ITEM_STACK).house(&house::STACKING);
        if !stackable(def) {
            return Err(no(
                rule,
                format!("{} already has {} equipped", u.id, def.name),
            ));
        }
        allowed = Some(rule);
    }
    let reading = st.readings().items_at_a_time;
    let (have, add) = (carried(st, u), weight(st, u, &def.name));
    if have + add <= limit(u) {
        return Ok(allowed);
    }
    if reading == ItemsAtATime::InUse {
        return Ok(Some(Rule::from(&s5::ITEM_COUNT).reading(reading.reading())));
    }
    let names = u.items.iter().map(|i| i.card.as_str()).collect::<Vec<_>>();
    // The card that counts as two, quoted: the one proposed, or one carried.
    let double = std::iter::once(def)
        .filter(|_| add == 2)
        .chain(
            u.items
                .iter()
                .filter_map(|i| st.card(&i.card).filter(|_| weight(st, u, &i.card) == 2)),
        )
        .next();
    let two = double.map_or(String::new(), |d| {
        format!(" ({}'s card: \"{}\")", d.name, d.text)
    });
    Err(no(
        Rule::from(&s5::ITEM_COUNT).reading(reading.reading()),
        format!(
            "{} has {} equipped and {}{two}",
            u.id,
            if names.is_empty() {
                "nothing".to_string()
            } else {
                names.join(", ")
            },
            if limit(u) == 2 {
                "holds 2 at most with dual wield"
            } else {
                "has no dual wield"
            }
        ),
    ))
}

/// 5.6.5, 5.6.6 under `item_turn`: whether `who` may equip or use an item now; the
/// reading when it decided.
fn item_turn(st: &State, who: &str, rule: &'static Citation) -> Result<Option<Rule>, Reject> {
    if who == st.position.active {
        return Ok(None);
    }
    let reading = st.readings().item_turn;
    let r = Rule::from(rule).reading(reading.reading());
    match reading {
        ItemTurn::OwnTurn => Err(no(
            r,
            format!("it is {}'s turn, not {who}'s", st.position.active),
        )),
        ItemTurn::AnyTurn => Ok(Some(r)),
    }
}

/// 5.6.3: the kinds of card that may equip an item (`heroes_equip`,
/// `other_kinds_equip`); the reading when one decided.
fn may_equip(st: &State, u: &UnitSpec) -> Result<Option<Rule>, Reject> {
    let (no_reading, reading) = match u.kind {
        Some(CardType::Hero) => {
            let r = st.readings().heroes_equip;
            (r == HeroesEquip::No, r.reading())
        }
        Some(CardType::Mercenary | CardType::Animal | CardType::Token) => {
            let r = st.readings().other_kinds_equip;
            (r == OtherKindsEquip::No, r.reading())
        }
        _ => return Ok(None),
    };
    let rule = Rule::from(&s5::ITEM_IN_PLAY).reading(reading);
    if no_reading {
        let kind = u.kind.map_or("unit", |k| k.as_str());
        return Err(no(
            rule,
            format!("{} is a {kind} card, not a unit card", u.id),
        ));
    }
    Ok(Some(rule))
}

/// 5.6.1–5.6.5, 5.7.1, 5.7.4: a player equips an item from their hand to their unit.
pub fn equip(st: &State, who: &str, id: &str, item: &str) -> Judged {
    let turn_rule = item_turn(st, who, &s5::ITEM_EQUIP_TURN)?;
    let Some(def) = st.card(item) else {
        return Err(no(&s5::EQUIP_PLACE, format!("{item} is not a card")));
    };
    if def.kind != CardType::Item {
        return Err(no(
            &s5::EQUIP_PLACE,
            format!("{} is a {} card, not an item", def.name, def.kind.as_str()),
        ));
    }
    if !in_hand(st, who, item) {
        return Err(no(
            &house::FROM_HAND,
            format!("{} is not in {who}'s hand", def.name),
        ));
    }
    let u = in_play(st, id, &s5::ITEM_IN_PLAY)?;
    owned(u, who, Rule::from(&s5::ITEM_IN_PLAY).house(&house::UNEQUIP))?;
    let mut rule = if u.hidden {
        Rule::from(&s5::EQUIP_HIDDEN)
    } else {
        Rule::from(&s5::EQUIP_PLACE)
    };
    // The last rule that decided is cited; every reading taken on the way is kept.
    for r in [may_equip(st, u)?, turn_rule] {
        rule = keep_readings(r, rule);
    }
    class_ok(def, u)?;
    rule = keep_readings(holds(st, u, def)?, rule);
    let mut changes = vec![(
        Change::Equipped {
            player: who.to_string(),
            unit: id.to_string(),
            item: def.name.clone(),
            hidden: u.hidden,
        },
        Rule::from(if u.hidden {
            &s5::EQUIP_HIDDEN_NOT_REVEALED
        } else {
            &s5::EQUIP_PLACE
        }),
    )];
    if u.hidden {
        changes.push((
            Change::ItemNotRevealed {
                player: who.to_string(),
                unit: id.to_string(),
            },
            Rule::from(&s5::EQUIP_HIDDEN_ITEM),
        ));
    }
    Ok(Accept { rule, changes })
}

/// The item `item` on unit `u`, or a rejection under `rule`.
fn equipped<'a>(
    u: &'a UnitSpec,
    item: &str,
    rule: impl Into<Rule>,
) -> Result<&'a crate::games::karth::format::ItemSpec, Reject> {
    u.items
        .iter()
        .find(|i| fold(&i.card) == fold(item))
        .ok_or_else(|| no(rule, format!("{} has no {item} equipped", u.id)))
}

/// House rule K8: a player takes an item off their unit in their own turn.
pub fn unequip(st: &State, who: &str, id: &str, item: &str) -> Judged {
    if who != st.position.active {
        return Err(no(
            &house::UNEQUIP,
            format!(
                "it is {}'s turn, and {who} takes items off only in their own",
                st.position.active
            ),
        ));
    }
    let u = in_play(st, id, &house::UNEQUIP)?;
    owned(u, who, &house::UNEQUIP)?;
    let it = equipped(u, item, &house::UNEQUIP)?;
    Ok(Accept {
        rule: Rule::from(&house::UNEQUIP),
        changes: vec![(
            Change::Unequipped {
                player: who.to_string(),
                unit: id.to_string(),
                item: it.card.clone(),
            },
            Rule::from(&house::UNEQUIP),
        )],
    })
}

/// 5.6.6 (and 5.6.1 read as `in_use`): a unit uses an item it has equipped, if its
/// class may (5.6.2: a snatched item may be of another class).
pub fn use_item(st: &State, who: &str, id: &str, item: &str) -> Judged {
    let turn_rule = item_turn(st, who, &s5::ITEM_USE_TURN)?;
    let u = in_play(st, id, &s5::ITEM_USE_TURN)?;
    owned(u, who, &house::TURN_OWNER)?;
    let it = equipped(u, item, &s5::ITEM_USE_TURN)?;
    if let Some(def) = st.card(&it.card) {
        class_ok(def, u)?;
    }
    let reading = st.readings().items_at_a_time;
    let mut rule = turn_rule.unwrap_or(Rule::from(&s5::ITEM_USE_TURN));
    if reading == ItemsAtATime::InUse {
        if u.items_used as usize >= limit(u) {
            return Err(no(
                Rule::from(&s5::ITEM_COUNT).reading(reading.reading()),
                format!("{id} has used {} item(s) this turn", u.items_used),
            ));
        }
        rule = rule.reading(reading.reading());
    }
    Ok(Accept {
        rule,
        changes: vec![(
            Change::ItemUsed {
                unit: id.to_string(),
                item: it.card.clone(),
            },
            Rule::from(&s5::ITEM_USE_TURN),
        )],
    })
}

/// 5.7.3, 5.7.5, 5.7.6: a unit dies; each item goes back to hand (paid for), to the
/// discard pile, or, snatched, to its original owner's discard pile.
pub fn dies(st: &State, id: &str, pay: &[String]) -> Judged {
    let u = in_play(st, id, &house::DEATH)?;
    let mut total = 0u32;
    for name in pay {
        let it = equipped(u, name, &s5::EQUIP_DIES)?;
        if it.snatched_from.is_some() {
            return Err(no(
                &s5::SNATCH_NO_PAY,
                format!("{} was snatched by {id}", it.card),
            ));
        }
        total = total.saturating_add(st.card(&it.card).map_or(0, |c| c.value));
    }
    let have = super::common::gold(st, &u.owner);
    if have < total {
        return Err(no(
            &s5::EQUIP_PAY_VALUE,
            format!(
                "the items' value is {total} gold and {} has {have}",
                u.owner
            ),
        ));
    }
    let card = u.card.clone().unwrap_or_else(|| u.id.clone());
    let mut changes = vec![(
        Change::Died {
            unit: id.to_string(),
            owner: u.owner.clone(),
            card,
            token: u.kind == Some(CardType::Token),
        },
        Rule::from(&house::DEATH),
    )];
    let mut rule = Rule::from(&house::DEATH);
    for it in &u.items {
        let paid = pay.iter().any(|p| fold(p) == fold(&it.card));
        let value = st.card(&it.card).map_or(0, |c| c.value);
        let (change, r) = match (&it.snatched_from, paid) {
            (Some(orig), _) => (
                Change::ItemGone {
                    item: it.card.clone(),
                    player: orig.clone(),
                    to: Pile::Discard,
                    paid: 0,
                    snatched: true,
                },
                Rule::from(&s5::SNATCH_RETURNS),
            ),
            (None, true) => {
                rule = Rule::from(&s5::EQUIP_PAY_VALUE);
                (
                    Change::ItemGone {
                        item: it.card.clone(),
                        player: u.owner.clone(),
                        to: Pile::Hand,
                        paid: value,
                        snatched: false,
                    },
                    Rule::from(&s5::EQUIP_DIES),
                )
            }
            (None, false) => (
                Change::ItemGone {
                    item: it.card.clone(),
                    player: u.owner.clone(),
                    to: Pile::Discard,
                    paid: 0,
                    snatched: false,
                },
                Rule::from(&s5::EQUIP_DISCARD),
            ),
        };
        changes.push((change, r));
    }
    Ok(Accept { rule, changes })
}

/// 5.7.6 under `snatch_own_side`: whether `u` may steal from `f`, of its own side; the
/// reading when it decided.
fn own_side(st: &State, u: &UnitSpec, f: &UnitSpec) -> Result<Option<Rule>, Reject> {
    if u.owner != f.owner {
        return Ok(None);
    }
    let reading = st.readings().snatch_own_side;
    let rule = Rule::from(&s5::SNATCH).reading(reading.reading());
    let text = u.card.as_deref().and_then(|c| st.card(c)).map(|c| &c.text);
    let reason = match (reading, text) {
        (SnatchOwnSide::EnemyOnly, _) => format!(
            "{} is {}'s own unit, and stealing takes another player's item",
            f.id, u.owner
        ),
        (SnatchOwnSide::AnyUnit, Some(t)) if fold(t).contains("enemy") => {
            format!("{}'s card says: \"{t}\"; {} is not an enemy", u.id, f.id)
        }
        (SnatchOwnSide::AnyUnit, _) => return Ok(Some(rule)),
    };
    Err(no(rule, reason).at(&[u.at, f.at]))
}

/// 5.7.6 with house rule K11: a unit with Snatch steals an item from an adjacent unit;
/// the item goes below it within 5.6.1 and 5.6.4, whatever its class (5.6.2 limits use).
pub fn snatch(st: &State, who: &str, id: &str, from: &str, item: &str) -> Judged {
    own_turn(st, who, "use abilities")?;
    let u = in_play(st, id, &s5::SNATCH_ABILITY)?;
    owned(u, who, &house::TURN_OWNER)?;
    if !u.abilities.iter().flatten().any(|a| fold(a) == "snatch") {
        return Err(no(&s5::SNATCH_ABILITY, format!("{id} has no Snatch")));
    }
    let f = in_play(st, from, &s5::SNATCH)?;
    if f.id == u.id {
        return Err(no(&s5::SNATCH, "Snatch steals from another unit"));
    }
    let it = equipped(f, item, &s5::SNATCH)?;
    if !adjacent(u.at, f.at) {
        return Err(no(
            Rule::from(&s5::SNATCH).house(&house::SNATCH_REACH),
            format!("{from} is not adjacent to {id}"),
        )
        .at(&[u.at, f.at]));
    }
    let mut rule = own_side(st, u, f)?.unwrap_or(Rule::from(&s5::SNATCH));
    if let Some(def) = st.card(&it.card) {
        if let Some(r) = holds(st, u, def).map_err(|r| Reject {
            rule: if r.rule.house.is_none() {
                r.rule.house(&house::SNATCH_REACH)
            } else {
                r.rule
            },
            ..r
        })? {
            rule = keep_readings(Some(r), rule);
        }
    }
    Ok(Accept {
        rule,
        changes: vec![(
            Change::Snatched {
                unit: id.to_string(),
                from: from.to_string(),
                item: it.card.clone(),
                owner: it.snatched_from.clone().unwrap_or_else(|| f.owner.clone()),
            },
            Rule::from(&s5::SNATCH).house(&house::SNATCH_REACH),
        )],
    })
}

/// `decided` (when a later check decided) in place of `before`, keeping the readings
/// `before` had taken, so no reading that decided drops out of the log.
fn keep_readings(decided: Option<Rule>, before: Rule) -> Rule {
    let Some(mut rule) = decided else {
        return before;
    };
    for r in before.readings.iter().flatten() {
        if !rule.readings.iter().flatten().any(|x| x.key == r.key) {
            rule = rule.reading(r);
        }
    }
    rule
}
