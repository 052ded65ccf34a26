//! The fight, in the published order (`docs/rules/keyforge.md`, "Published rules"):
//! exhaust the attacker; choose an enemy creature it may fight (Taunt protects its
//! neighbours); Elusive; "Before Fight:" abilities, Assault and Hazardous, after which
//! the fight stops if either creature is gone; the damage exchange at the same time
//! (Skirmish, armor, Poison); then the attacker's Fight: abilities (seed 003 "Fight",
//! the `fight_abilities` reading) and the constants that need their creature to survive
//! the fight.

use super::super::cite::{base, seed003, Rule};
use super::super::effect::{Ability, Body, Constant, Keyword, Trigger};
use super::super::event::{emit, Change, Event};
use super::super::interpret::{DestroyedFighting, FightAttackerGone, FightStoppedEarly};
use super::super::state::State;
use super::damage::{check_destroyed, deal, destroy};
use super::effects::{choose, resolve};
use super::order::order;
use super::using::Refusal;
use super::Ctx;

/// Whether creature `id` is protected by a neighbour's Taunt (and has none itself).
pub fn protected(st: &State, id: &str) -> bool {
    let Some(loc) = st.find(id) else {
        return false;
    };
    let line = &st.players[loc.player].battleline;
    let has = |i: usize| {
        line.get(i)
            .is_some_and(|c| c.keyword(Keyword::Taunt).is_some())
    };
    !has(loc.index) && ((loc.index > 0 && has(loc.index - 1)) || has(loc.index + 1))
}

/// The enemy creatures `attacker` may fight, left to right.
pub fn legal_targets(st: &State, attacker: &str) -> Vec<String> {
    let Some(mine) = st.controller(attacker) else {
        return Vec::new();
    };
    st.players[State::opponent(mine)]
        .battleline
        .iter()
        .filter(|c| !protected(st, &c.id))
        .map(|c| c.id.clone())
        .collect()
}

/// Refuses a fight with no creature to fight, or a named target it may not fight.
pub fn check_target(st: &State, attacker: &str, target: Option<&str>) -> Result<(), Refusal> {
    let legal = legal_targets(st, attacker);
    let Some(t) = target else {
        if legal.is_empty() {
            return Err(Refusal {
                reason: "there is no enemy creature it may fight".into(),
                cite: Rule::from(&base::FIGHT),
            });
        }
        return Ok(());
    };
    let who = st.who(t);
    if !st.creature_in_play(t) {
        let place = st.find(t).map_or("nowhere".to_string(), |l| {
            format!("in the {}", l.place.name())
        });
        return Err(Refusal {
            reason: format!("{who} is {place}; a fight is with a creature in play"),
            cite: Rule::from(&seed003::IN_PLAY_ONLY),
        });
    }
    if st.controller(t) == st.controller(attacker) {
        return Err(Refusal {
            reason: format!("{who} is a friendly creature; a creature fights an enemy creature"),
            cite: Rule::from(&base::FIGHT),
        });
    }
    if protected(st, t) {
        return Err(Refusal {
            reason: format!("{who} is next to a creature with Taunt and has none itself"),
            cite: Rule::from(&base::TAUNT),
        });
    }
    Ok(())
}

/// Plays the fight of `attacker` (checked: in play, controlled, ready, house, not
/// stunned, a target it may fight).
pub fn fight(
    st: &mut State,
    out: &mut Vec<Event>,
    ctx: &mut Ctx,
    attacker: &str,
    target: Option<String>,
) {
    emit(
        st,
        out,
        Change::Exhaust {
            card: attacker.to_string(),
        },
        &base::FIGHT,
    );
    let defender = match target {
        Some(t) => t,
        None => {
            let options = legal_targets(st, attacker);
            match choose(st, out, ctx, "the creature to fight", options) {
                Some(t) => t,
                None => return,
            }
        }
    };
    // Taunt is cited only where it narrowed the choice: an enemy creature it protects.
    let tauntish = st.players[State::opponent(st.controller(attacker).unwrap_or(0))]
        .battleline
        .iter()
        .any(|c| protected(st, &c.id));
    let rule = if tauntish {
        Rule::from(&base::FIGHT).house(&base::TAUNT)
    } else {
        Rule::from(&base::FIGHT)
    };
    emit(
        st,
        out,
        Change::Fight {
            attacker: attacker.to_string(),
            defender: defender.clone(),
        },
        rule,
    );
    // Elusive: the first time this turn the creature is fought.
    let elusive = match st.card(&defender) {
        Some(d) if d.keyword(Keyword::Elusive).is_some() && !d.elusive_used => {
            let exhausted = d.exhausted;
            emit(
                st,
                out,
                Change::Elusive {
                    card: defender.clone(),
                },
                &base::ELUSIVE,
            );
            if exhausted {
                emit(
                    st,
                    out,
                    Change::Note {
                        card: defender.clone(),
                        what: "is exhausted, and its Elusive (a constant ability) is active all the same.".into(),
                    },
                    &seed003::CONSTANT_EXHAUSTED,
                );
            }
            emit(
                st,
                out,
                Change::Note {
                    card: defender.clone(),
                    what: "applying Elusive is not using the card: it does not exhaust.".into(),
                },
                &seed003::CONSTANT_NOT_USE,
            );
            true
        }
        Some(d) if d.keyword(Keyword::Elusive).is_some() => {
            emit(
                st,
                out,
                Change::Note {
                    card: defender.clone(),
                    what:
                        "has Elusive, but it was already fought this turn: the fight deals damage."
                            .into(),
                },
                &base::ELUSIVE,
            );
            false
        }
        _ => false,
    };
    let controller = st.controller(attacker).unwrap_or(st.active);
    let mut destroyed = before_fight(st, out, ctx, attacker, &defender, controller);
    let early = !st.creature_in_play(attacker) || !st.creature_in_play(&defender);
    if early {
        emit(
            st,
            out,
            Change::Note {
                card: attacker.to_string(),
                what: "a creature of the fight is gone before the damage exchange: the fight stops there.".into(),
            },
            &base::BEFORE_FIGHT,
        );
    } else if elusive {
        // No fight damage either way (noted above).
    } else {
        let skirmish = st
            .card(attacker)
            .is_some_and(|a| a.keyword(Keyword::Skirmish).is_some());
        let (pa, pd) = (st.power(attacker), st.power(&defender));
        let to_defender = deal(
            st,
            out,
            &defender,
            Some(attacker),
            pa,
            Rule::from(&base::EXCHANGE),
        );
        let to_attacker = if skirmish {
            emit(
                st,
                out,
                Change::Note {
                    card: attacker.to_string(),
                    what: "has Skirmish: it takes no damage from the creature it fights.".into(),
                },
                &base::SKIRMISH,
            );
            0
        } else {
            deal(
                st,
                out,
                attacker,
                Some(&defender),
                pd,
                Rule::from(&base::EXCHANGE),
            )
        };
        let poison = |st: &State, id: &str| {
            st.card(id)
                .is_some_and(|c| c.keyword(Keyword::Poison).is_some())
        };
        let poison_defender = to_defender > 0 && poison(st, attacker);
        let poison_attacker = to_attacker > 0 && poison(st, &defender);
        if poison_defender {
            destroyed.push(defender.clone());
            destroy(
                st,
                out,
                ctx,
                &defender,
                format!("fight damage from {} with Poison", st.who(attacker)),
                Rule::from(&base::POISON),
            );
        }
        if poison_attacker {
            destroyed.push(attacker.to_string());
            destroy(
                st,
                out,
                ctx,
                attacker,
                format!("fight damage from {} with Poison", st.who(&defender)),
                Rule::from(&base::POISON),
            );
        }
        destroyed.extend(check_destroyed(st, out, ctx));
    }
    if st.is_over() {
        return;
    }
    let fought = Fought {
        attacker: attacker.to_string(),
        defender,
        controller,
        stopped_early: early,
        destroyed,
    };
    after_fight(st, out, ctx, &fought);
}

/// One of the abilities that resolve before the damage exchange.
enum Before {
    Ability(String, Ability),
    Assault(u32),
    Hazardous(u32),
}

/// "Before Fight:" abilities, Assault and Hazardous, in the active player's order
/// (decisions; the default is that written order). Returns the creatures destroyed.
fn before_fight(
    st: &mut State,
    out: &mut Vec<Event>,
    ctx: &mut Ctx,
    attacker: &str,
    defender: &str,
    controller: usize,
) -> Vec<String> {
    let mut items: Vec<(String, Before)> = Vec::new();
    if let Some(a) = st.card(attacker) {
        for (from, ability) in a.triggered(Trigger::BeforeFight) {
            let label = format!("{}'s Before Fight: \"{}\"", st.who(&from), ability.text);
            items.push((label, Before::Ability(from, ability)));
        }
        if let Some(x) = a.keyword(Keyword::Assault) {
            items.push((
                format!("{}'s Assault {x}", st.who(attacker)),
                Before::Assault(x),
            ));
        }
    }
    if let Some(x) = st
        .card(defender)
        .and_then(|d| d.keyword(Keyword::Hazardous))
    {
        items.push((
            format!("{}'s Hazardous {x}", st.who(defender)),
            Before::Hazardous(x),
        ));
    }
    let mut destroyed = Vec::new();
    let policy = "the written order (Before Fight:, then Assault, then Hazardous)";
    for item in order(st, out, items, policy) {
        if st.is_over() {
            break;
        }
        let both = st.creature_in_play(defender) && st.creature_in_play(attacker);
        match item {
            Before::Ability(from, ability) => resolve(
                st,
                out,
                ctx,
                &from,
                controller,
                &ability,
                Some(Trigger::BeforeFight),
                Rule::from(&base::BEFORE_FIGHT),
            ),
            Before::Assault(x) if both => {
                deal(
                    st,
                    out,
                    defender,
                    Some(attacker),
                    x as i32,
                    Rule::from(&base::ASSAULT),
                );
            }
            Before::Hazardous(x) if both => {
                deal(
                    st,
                    out,
                    attacker,
                    Some(defender),
                    x as i32,
                    Rule::from(&base::HAZARDOUS),
                );
            }
            Before::Assault(_) | Before::Hazardous(_) => continue,
        }
        destroyed.extend(check_destroyed(st, out, ctx));
    }
    destroyed
}

/// How a fight went, for what happens after it.
struct Fought {
    attacker: String,
    defender: String,
    /// The attacker's controller.
    controller: usize,
    /// The fight stopped before the damage exchange.
    stopped_early: bool,
    /// The creatures destroyed during the fight.
    destroyed: Vec<String>,
}

/// What resolves after the fight, in the active player's order.
enum After {
    /// An attacker's Fight: ability (from the card `from`), with its citation.
    Fight(String, Ability, Rule),
    /// A constant "after an enemy creature is destroyed fighting this creature" of
    /// creature `me` (controlled by player `mine`), as the effects it runs.
    Constant(String, usize, Ability, Rule),
}

/// The attacker's Fight: abilities, the defender's (which do not trigger), and the
/// constants that need their creature to survive the fight; those that resolve do so
/// in the active player's order (decisions; the default: Fight: abilities first).
fn after_fight(st: &mut State, out: &mut Vec<Event>, ctx: &mut Ctx, f: &Fought) {
    let mut items = fight_abilities(st, out, f);
    attacker_only(st, out, &f.defender);
    items.extend(survivors(st, out, f));
    let policy = "the written order (the attacker's Fight: abilities, then the constants referencing the end of the fight, attacker's first)";
    for item in order(st, out, items, policy) {
        if st.is_over() {
            return;
        }
        match item {
            After::Fight(from, ability, rule) => resolve(
                st,
                out,
                ctx,
                &from,
                f.controller,
                &ability,
                Some(Trigger::Fight),
                rule,
            ),
            After::Constant(me, ..) if !st.creature_in_play(&me) => emit(
                st,
                out,
                Change::NotResolved {
                    card: me.clone(),
                    trigger: None,
                    why: "the creature survived the fight but has left play since (an ability resolved before this one); a constant ability is active only while its card is in play".into(),
                },
                &seed003::CONSTANT,
            ),
            After::Constant(me, mine, ability, rule) => {
                resolve(st, out, ctx, &me, mine, &ability, None, rule)
            }
        }
    }
}

/// The attacker's Fight: abilities that resolve (each with its citation); those that do
/// not are said so now (seed 003 "Fight", the `fight_stopped_early` and
/// `fight_attacker_gone` readings).
fn fight_abilities(st: &mut State, out: &mut Vec<Event>, f: &Fought) -> Vec<(String, After)> {
    let attacker = f.attacker.as_str();
    let destroyed = f.destroyed.iter().any(|d| d == attacker);
    let in_play = st.creature_in_play(attacker);
    let early = st.readings.fight_stopped_early;
    let gone = st.readings.fight_attacker_gone;
    // The card may have left play: its abilities are read from wherever it is now.
    let fights = st
        .card(attacker)
        .map(|a| a.triggered(Trigger::Fight))
        .unwrap_or_default();
    let mut items = Vec::new();
    for (from, ability) in fights {
        let refusal: Option<(&str, Rule)> = if destroyed {
            Some(("the attacker was destroyed", Rule::from(&seed003::FIGHT)))
        } else if !in_play && gone == FightAttackerGone::Refused {
            Some((
                "the attacker left play during the fight (it was not destroyed, and is no longer in play)",
                Rule::from(&base::AFTER_FIGHT).reading(gone.reading()),
            ))
        } else if f.stopped_early && early == FightStoppedEarly::Refused {
            Some((
                "the fight stopped before the damage exchange",
                Rule::from(&base::BEFORE_FIGHT)
                    .house(&base::AFTER_FIGHT)
                    .reading(early.reading()),
            ))
        } else {
            None
        };
        if let Some((why, rule)) = refusal {
            emit(
                st,
                out,
                Change::NotResolved {
                    card: from,
                    trigger: Some(Trigger::Fight),
                    why: why.into(),
                },
                rule,
            );
            continue;
        }
        let mut rule = Rule::from(&seed003::FIGHT);
        if ability.after_fight {
            rule = rule.house(&base::AFTER_FIGHT_IS_FIGHT);
        } else {
            rule = rule.house(&base::AFTER_FIGHT);
        }
        if f.stopped_early {
            rule = rule.reading(early.reading());
        }
        if !in_play {
            rule = rule.reading(gone.reading());
        }
        let label = format!("{}'s Fight: \"{}\"", st.who(&from), ability.text);
        items.push((label, After::Fight(from, ability, rule)));
    }
    items
}

/// The defender's Fight: abilities, which do not trigger.
fn attacker_only(st: &mut State, out: &mut Vec<Event>, defender: &str) {
    let defending = st
        .card(defender)
        .map(|d| d.triggered(Trigger::Fight))
        .unwrap_or_default();
    for (from, _) in defending {
        emit(
            st,
            out,
            Change::NotResolved {
                card: from,
                trigger: Some(Trigger::Fight),
                why: format!(
                    "{} was attacked; only the attacker triggers Fight: abilities",
                    st.who(defender)
                ),
            },
            &seed003::FIGHT_ATTACKER_ONLY,
        );
    }
}

/// "After an enemy creature is destroyed fighting this creature": the constants that
/// resolve (their creature survived the fight, the other was destroyed fighting it);
/// those whose creature did not survive are said so now.
fn survivors(st: &mut State, out: &mut Vec<Event>, f: &Fought) -> Vec<(String, After)> {
    let reading = st.readings.destroyed_fighting;
    let mut items = Vec::new();
    for (me, other) in [(&f.attacker, &f.defender), (&f.defender, &f.attacker)] {
        let Some(card) = st.card(me).cloned() else {
            continue;
        };
        let mine = st.controller(me).unwrap_or(f.controller);
        for ability in &card.abilities {
            let Body::Constants { constants } = &ability.body else {
                continue;
            };
            for c in constants {
                let Constant::AfterEnemyDestroyedFighting { then } = c else {
                    continue;
                };
                if !f.destroyed.iter().any(|d| d == other) {
                    continue;
                }
                let rule = Rule::from(&seed003::FIGHT_SURVIVE);
                let why = if f.stopped_early && reading == DestroyedFighting::ExchangeOnly {
                    Some((
                        format!("{} was destroyed before the damage exchange, which under this reading is not \"destroyed fighting\" it", st.who(other)),
                        rule.reading(reading.reading()),
                    ))
                } else if !st.creature_in_play(me) {
                    Some((
                        "it refers to the end of the fight, and the creature did not survive the fight".to_string(),
                        rule,
                    ))
                } else {
                    None
                };
                if let Some((why, rule)) = why {
                    emit(
                        st,
                        out,
                        Change::NotResolved {
                            card: me.clone(),
                            trigger: None,
                            why,
                        },
                        rule,
                    );
                    continue;
                }
                let as_effects = Ability {
                    triggers: Vec::new(),
                    text: ability.text.clone(),
                    body: Body::Effects {
                        effects: then.clone(),
                    },
                    after_fight: false,
                };
                let label = format!("{}'s \"{}\"", st.who(me), ability.text);
                let rule = if f.stopped_early {
                    rule.reading(reading.reading())
                } else {
                    rule
                };
                items.push((label, After::Constant(me.clone(), mine, as_effects, rule)));
            }
        }
    }
    items
}
