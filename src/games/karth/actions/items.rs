//! Items (seed 001 §5.6–5.7): equipping (5.6.1–5.6.5, 5.7.1, 5.7.4), using (5.6.6),
//! taking off (house rule K8), what happens to a dead unit's items (5.7.3, 5.7.5,
//! 5.7.6) and Snatch (5.7.6, house rule K11).

use super::common::{in_hand, in_play, no, own_turn, owned, Accept, Judged, Reject};
use crate::games::karth::cite::{rules as house, s5, Rule};
use crate::games::karth::event::{Change, Pile};
use crate::games::karth::format::{CardType, UnitSpec};
use crate::games::karth::interpret::{HeroesEquip, ItemsAtATime};
use crate::games::karth::state::{adjacent, State};
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

/// The checks an item meets to go onto unit `u` (5.6.1, 5.6.2, 5.6.4), the reading
/// that let it through if any.
fn fits(st: &State, u: &UnitSpec, item: &str) -> Result<Option<Rule>, Reject> {
    let Some(def) = st.card(item) else {
        return Err(no(&s5::ITEM_CLASS, format!("{item} is not a card")));
    };
    if !class_allows(&def.classes, u.class.as_deref()) {
        return Err(no(
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
        ));
    }
    if u.items.iter().any(|i| fold(&i.card) == fold(&def.name)) {
        return Err(no(
            &s5::ITEM_STACK,
            format!("{} already has {} equipped", u.id, def.name),
        ));
    }
    let reading = st.readings().items_at_a_time;
    match reading {
        ItemsAtATime::Equipped if u.items.len() >= limit(u) => Err(no(
            Rule::from(&s5::ITEM_COUNT).reading(reading.reading()),
            format!(
                "{} has {} equipped and {}",
                u.id,
                u.items
                    .iter()
                    .map(|i| i.card.as_str())
                    .collect::<Vec<_>>()
                    .join(", "),
                if limit(u) == 2 {
                    "holds 2 at most with dual wield"
                } else {
                    "has no dual wield"
                }
            ),
        )),
        ItemsAtATime::InUse if u.items.len() >= limit(u) => {
            Ok(Some(Rule::from(&s5::ITEM_COUNT).reading(reading.reading())))
        }
        _ => Ok(None),
    }
}

/// 5.6.1–5.6.5, 5.7.1, 5.7.4: a player equips an item from their hand to their unit.
pub fn equip(st: &State, who: &str, id: &str, item: &str) -> Judged {
    if who != st.position.active {
        return Err(no(
            &s5::ITEM_EQUIP_TURN,
            format!("it is {}'s turn, not {who}'s", st.position.active),
        ));
    }
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
    if u.kind == Some(CardType::Hero) {
        let reading = st.readings().heroes_equip;
        if reading == HeroesEquip::No {
            return Err(no(
                Rule::from(&s5::ITEM_IN_PLAY).reading(reading.reading()),
                format!("{id} is a hero, not a unit card"),
            ));
        }
        rule = Rule::from(&s5::ITEM_IN_PLAY).reading(reading.reading());
    }
    if let Some(r) = fits(st, u, item)? {
        rule = r;
    }
    Ok(Accept {
        rule,
        changes: vec![(
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
        )],
    })
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
    own_turn(st, who, "take items off")?;
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

/// 5.6.6 (and 5.6.1 read as `in_use`): a unit uses an item it has equipped.
pub fn use_item(st: &State, who: &str, id: &str, item: &str) -> Judged {
    if who != st.position.active {
        return Err(no(
            &s5::ITEM_USE_TURN,
            format!("it is {}'s turn, not {who}'s", st.position.active),
        ));
    }
    let u = in_play(st, id, &s5::ITEM_USE_TURN)?;
    owned(u, who, &house::TURN_OWNER)?;
    let it = equipped(u, item, &s5::ITEM_USE_TURN)?;
    let reading = st.readings().items_at_a_time;
    let mut rule = Rule::from(&s5::ITEM_USE_TURN);
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

/// 5.7.6 with house rule K11: a unit with Snatch steals an item from an adjacent unit.
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
    let reading = fits(st, u, &it.card)?;
    Ok(Accept {
        rule: reading.unwrap_or(Rule::from(&s5::SNATCH)),
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
