//! Bringing cards onto the Battlefield (seed 001 §5.1–5.5): hiring units and heroes from
//! the hand (5.1.2, 5.2.1, 5.10.4), mercenaries and animals off to the side (5.3.1–5.3.4,
//! 5.4.1–5.4.3), onto the field from the side or, a card permitting, the hand (5.3.5,
//! 5.3.6, 5.3.8, 5.4.4–5.4.6, 5.4.8; where a card summoned directly enters and what it
//! pays: house rule K23), and tokens a unit requires (5.5.1, 5.5.4; as a spell, house
//! rule K24; whether one on the field may move at once, `token_moves`).

use super::common::{
    gold, in_hand, kind, new_unit, no, own_turn, spawn_space, Accept, Judged, Reject,
};
use crate::games::karth::cite::{base, rules as house, s5, Rule};
use crate::games::karth::event::Change;
use crate::games::karth::format::{Allegiance, CardType, Cell, Origin};
use crate::games::karth::interpret::{DirectCounts, SideLimits, SideTurn, TokenMoves};
use crate::games::karth::state::{at, within_radius_1, State};
use crate::text::fold;

/// 5.2.1: hire a unit (or place a hero) from the hand onto an owned, empty spawner.
pub fn hire(
    st: &State,
    who: &str,
    card: &str,
    at_: Cell,
    id: &Option<String>,
    mv: Option<u32>,
) -> Judged {
    own_turn(st, who, "hire")?;
    let Some(def) = st.card(card) else {
        return Err(no(&s5::HIRE, format!("{card} is not a card")));
    };
    match def.kind {
        CardType::Mercenary => {
            return Err(no(
                &s5::MERC_SIDE,
                format!(
                    "{} is a mercenary: from the hand it goes off to the side",
                    def.name
                ),
            ))
        }
        CardType::Animal => {
            return Err(no(
                &s5::ANIMAL_SIDE,
                format!(
                    "{} is an animal: from the hand it goes off to the side",
                    def.name
                ),
            ))
        }
        CardType::Token => {
            return Err(no(
                &s5::TOKEN_SUMMON,
                format!(
                    "{} is a token: it is summoned when a unit or hero requires one, not hired",
                    def.name
                ),
            ))
        }
        CardType::Hero | CardType::Unit => {}
        other => {
            return Err(no(
                &s5::HIRE,
                format!("{} is a {} card, not a unit", def.name, other.as_str()),
            ))
        }
    }
    if !in_hand(st, who, card) {
        return Err(no(
            &s5::HIRE,
            format!("{} is not in {who}'s hand", def.name),
        ));
    }
    if def.kind == CardType::Hero {
        let twin = st.position.units.iter().find(|u| {
            u.owner == who
                && u.kind == Some(CardType::Hero)
                && u.card
                    .as_deref()
                    .is_some_and(|c| fold(c) == fold(&def.name))
        });
        if let Some(t) = twin {
            let rule = match def.side {
                Some(Allegiance::Shard) => Rule::from(&s5::HERO_SHARD),
                Some(Allegiance::Allegiance) => Rule::from(&s5::HERO_ALLEGIANCE),
                // K13 decides: 5.1.2 names Allegiance and Shard heroes, not Neutral ones.
                None => Rule::from(&house::NEUTRAL_HERO),
            };
            return Err(no(
                rule,
                format!(
                    "{who} already has {} on the Battlefield as {}",
                    def.name, t.id
                ),
            )
            .at(&[t.at, at_]));
        }
    }
    let have = gold(st, who);
    if have < def.value {
        return Err(no(
            Rule::from(&s5::HIRE).house(&house::COST),
            format!("{} costs {} gold and {who} has {have}", def.name, def.value),
        ));
    }
    spawn_space(st, who, at_)?;
    let unit = new_unit(st, card, id, who, at_, mv, true);
    let rule = if def.kind == CardType::Hero {
        Rule::from(&s5::HIRE).house(&house::HERO_ENTERS)
    } else {
        Rule::from(&s5::HIRE).house(&house::COST)
    };
    Ok(Accept {
        rule,
        changes: vec![(
            Change::Hired {
                player: who.to_string(),
                card: def.name.clone(),
                unit: Box::new(unit),
                cost: def.value,
            },
            Rule::from(&s5::SPAWNER),
        )],
    })
}

/// The limit a card to the side would break this turn, if any (5.3.2, 5.4.2).
fn side_limit(st: &State, who: &str, animal: bool) -> Result<Option<Rule>, Reject> {
    let reading = st.readings().side_limits;
    let Some(i) = st.player_index(who) else {
        return Ok(None);
    };
    let c = st.position.players[i].this_turn;
    let (same, other, rule) = if animal {
        (c.side_animals, c.side_mercenaries, &s5::ANIMAL_SIDE_LIMIT)
    } else {
        (c.side_mercenaries, c.side_animals, &s5::MERC_SIDE_LIMIT)
    };
    if same >= 1 {
        return Err(no(
            rule,
            format!(
                "{who} has played {} off to the side this turn already",
                if animal { "an animal" } else { "a mercenary" }
            ),
        ));
    }
    if other >= 1 {
        return match reading {
            SideLimits::Shared => Err(no(
                Rule::from(rule).reading(reading.reading()),
                format!(
                    "{who} has played {} off to the side this turn, and the limit is one card to the side a turn",
                    if animal { "a mercenary" } else { "an animal" }
                ),
            )),
            SideLimits::Separate => Ok(Some(Rule::from(rule).reading(reading.reading()))),
        };
    }
    Ok(None)
}

/// 5.3.1–5.3.4, 5.4.1–5.4.3: a mercenary or animal from the hand goes off to the side.
pub fn to_side(st: &State, who: &str, card: &str) -> Judged {
    own_turn(st, who, "play cards off to the side")?;
    let Some(def) = st.card(card) else {
        return Err(no(&s5::MERC_SIDE, format!("{card} is not a card")));
    };
    let animal = match def.kind {
        CardType::Mercenary => false,
        CardType::Animal => true,
        CardType::Unit | CardType::Hero => {
            return Err(no(
                &s5::HIRE,
                format!(
                    "{} is a {}: it is hired onto a spawner, not played off to the side",
                    def.name,
                    def.kind.as_str()
                ),
            ))
        }
        other => {
            return Err(no(
                &s5::MERC_SIDE,
                format!(
                    "{} is a {} card: only mercenaries and animals go off to the side",
                    def.name,
                    other.as_str()
                ),
            ))
        }
    };
    let side = if animal {
        &s5::ANIMAL_SIDE
    } else {
        &s5::MERC_SIDE
    };
    if !in_hand(st, who, card) {
        return Err(no(side, format!("{} is not in {who}'s hand", def.name)));
    }
    let rule = side_limit(st, who, animal)?.unwrap_or(Rule::from(side));
    let mut changes = vec![(
        Change::ToSide {
            player: who.to_string(),
            card: def.name.clone(),
            turn: st.turn(),
        },
        Rule::from(if animal {
            &s5::ANIMAL_SIDE
        } else {
            &s5::MERC_NO_COST
        }),
    )];
    if def.draws() {
        let top = st
            .player_index(who)
            .and_then(|i| st.position.players[i].deck.first().cloned());
        changes.push((
            Change::Drew {
                player: who.to_string(),
                card: top,
            },
            Rule::from(if animal {
                &s5::ANIMAL_DRAW
            } else {
                &s5::MERC_DRAW
            }),
        ));
    }
    Ok(Accept { rule, changes })
}

/// Whether `who`'s card placed to the side on turn `placed` may come in now (5.3.6,
/// 5.4.6): "on any of your future turns" counts `who`'s own turns, not turn numbers.
fn waited(st: &State, who: &str, placed: u32) -> bool {
    let Some(i) = st.player_index(who) else {
        return false;
    };
    let now = st.turn();
    if st.player_of_turn(now) != i {
        return false;
    }
    let own_between = (placed.saturating_add(1)..now)
        .filter(|t| st.player_of_turn(*t) == i)
        .count();
    match st.readings().side_turn {
        // A turn has ended since: the owner's next turn or later.
        SideTurn::NextTurn => now > placed,
        // A whole own turn at the side after the one it was placed in.
        SideTurn::FullOwnTurn => now > placed && own_between >= 1,
    }
}

/// The side card `card` of `who` and the turn it was placed.
fn at_side(st: &State, who: &str, card: &str) -> Option<u32> {
    let i = st.player_index(who)?;
    st.position.players[i]
        .side
        .iter()
        .filter(|s| fold(&s.card) == fold(card))
        .map(|s| s.placed)
        .min()
}

/// The one-a-turn limit onto the field (5.3.8, 5.4.8): `Ok(counts)`.
fn field_limit(
    st: &State,
    who: &str,
    animal: bool,
    direct: bool,
) -> Result<(bool, Option<Rule>), Reject> {
    let reading = st.readings().direct_summon_counts;
    let rule = if animal {
        &s5::ANIMAL_FIELD_LIMIT
    } else {
        &s5::MERC_FIELD_LIMIT
    };
    if direct && reading == DirectCounts::Exempt {
        return Ok((false, Some(Rule::from(rule).reading(reading.reading()))));
    }
    let c = st
        .player_index(who)
        .map(|i| st.position.players[i].this_turn)
        .unwrap_or_default();
    let done = if animal {
        c.field_animals
    } else {
        c.field_mercenaries
    };
    let with_reading = |r: Rule| {
        if direct {
            r.reading(reading.reading())
        } else {
            r
        }
    };
    if done >= 1 {
        return Err(no(
            with_reading(Rule::from(rule)),
            format!(
                "{who} has played {} on the Battlefield this turn already",
                if animal { "an animal" } else { "a mercenary" }
            ),
        ));
    }
    Ok((true, direct.then(|| with_reading(Rule::from(rule)))))
}

/// The unit `by` of `who` in play with permit `permit`, or a rejection under `rule`.
fn permitted(
    st: &State,
    who: &str,
    by: Option<&str>,
    permit: &str,
    rule: &'static crate::rules::Citation,
) -> Result<(), Reject> {
    let Some(by) = by else {
        return Err(no(
            rule,
            "no card or unit that lets the player do so is named (`by`)",
        ));
    };
    let u = super::common::in_play(st, by, rule)?;
    super::common::owned(u, who, rule)?;
    if u.permits.iter().any(|p| p == permit) {
        Ok(())
    } else {
        Err(no(
            rule,
            format!("{by}'s card does not say a player may summon it directly"),
        ))
    }
}

/// 5.3.5–5.3.8, 5.4.4, 5.4.5: a mercenary (or, directly, an animal) onto the field.
#[allow(clippy::too_many_arguments)]
pub fn bring_in(
    st: &State,
    who: &str,
    card: &str,
    at_: Cell,
    from: Origin,
    by: Option<&str>,
    id: &Option<String>,
    mv: Option<u32>,
) -> Judged {
    own_turn(st, who, "bring cards onto the field")?;
    let Some(def) = st.card(card) else {
        return Err(no(&s5::MERC_ENTER, format!("{card} is not a card")));
    };
    let animal = match def.kind {
        CardType::Mercenary => false,
        CardType::Animal => true,
        other => {
            return Err(no(
                &s5::MERC_ENTER,
                format!(
                    "{} is a {} card, not a mercenary or an animal",
                    def.name,
                    other.as_str()
                ),
            ))
        }
    };
    match from {
        Origin::Side => {
            if animal {
                return Err(no(
                    &s5::ANIMAL_NO_GOLD,
                    format!("{} is an animal: a unit's Summon Pet or Call Pet brings it in (`call_pet`)", def.name),
                ));
            }
            let Some(placed) = at_side(st, who, card) else {
                return Err(no(
                    &s5::MERC_ENTER,
                    format!("{} is not off to the side of {who}'s Battlefield", def.name),
                ));
            };
            let reading = st.readings().side_turn;
            if !waited(st, who, placed) {
                return Err(no(
                    Rule::from(&s5::MERC_ENTER).reading(reading.reading()),
                    format!(
                        "{} was placed off to the side on turn {placed}, and it is turn {}",
                        def.name,
                        st.turn()
                    ),
                ));
            }
            let have = gold(st, who);
            if have < def.value {
                return Err(no(
                    Rule::from(&s5::MERC_ENTER).house(&house::COST),
                    format!(
                        "{}'s summon cost is {} gold and {who} has {have}",
                        def.name, def.value
                    ),
                ));
            }
            spawn_space(st, who, at_).map_err(|r| Reject {
                rule: Rule::from(&s5::MERC_ENTER).house(&house::SPAWN_ZONE),
                ..r
            })?;
            let (counts, _) = field_limit(st, who, false, false)?;
            let unit = new_unit(st, card, id, who, at_, mv, true);
            Ok(Accept {
                rule: Rule::from(&s5::MERC_ENTER)
                    .house(&house::SPAWN_ZONE)
                    .reading(reading.reading()),
                changes: vec![(
                    Change::BroughtIn {
                        player: who.to_string(),
                        card: def.name.clone(),
                        unit: Box::new(unit),
                        cost: def.value,
                        from,
                        counts,
                    },
                    Rule::from(&s5::MERC_HIRED_ON_FIELD).house(&house::COST),
                )],
            })
        }
        Origin::Hand => {
            let (rule, permit) = if animal {
                (&s5::ANIMAL_DIRECT, "direct_animal")
            } else {
                (&s5::MERC_DIRECT, "direct_mercenary")
            };
            if !in_hand(st, who, card) {
                return Err(no(
                    Rule::from(&house::FROM_HAND).house(rule),
                    format!("{} is not in {who}'s hand", def.name),
                ));
            }
            permitted(st, who, by, permit, rule)?;
            let cost = if animal { 0 } else { def.value };
            let have = gold(st, who);
            if have < cost {
                return Err(no(
                    Rule::from(&s5::MERC_HIRED_ON_FIELD).house(&house::DIRECT_PLACE),
                    format!(
                        "{}'s summon cost is {cost} gold and {who} has {have}",
                        def.name
                    ),
                ));
            }
            let place = Rule::from(rule).house(&house::DIRECT_PLACE);
            if animal {
                let b = st.unit(by.unwrap_or_default()).map(|u| u.at).unwrap_or(at_);
                if !within_radius_1(b, at_) || st.unit_at(at_).is_some() {
                    return Err(no(
                        place,
                        format!(
                            "{} is not an unoccupied space within radius 1 of {}",
                            at(at_),
                            by.unwrap_or_default()
                        ),
                    )
                    .at(&[at_]));
                }
            } else {
                spawn_space(st, who, at_).map_err(|r| Reject { rule: place, ..r })?;
            }
            let (counts, limit_rule) = field_limit(st, who, animal, true)?;
            let unit = new_unit(st, card, id, who, at_, mv, true);
            Ok(Accept {
                rule: limit_rule.unwrap_or(Rule::from(rule)),
                changes: vec![(
                    Change::BroughtIn {
                        player: who.to_string(),
                        card: def.name.clone(),
                        unit: Box::new(unit),
                        cost,
                        from,
                        counts,
                    },
                    Rule::from(rule).house(&house::DIRECT_PLACE),
                )],
            })
        }
    }
}

/// 5.4.4, 5.4.6, 5.4.8: a unit's Summon Pet or Call Pet brings an animal in from the side.
pub fn call_pet(
    st: &State,
    who: &str,
    card: &str,
    by: &str,
    at_: Cell,
    id: &Option<String>,
    mv: Option<u32>,
) -> Judged {
    own_turn(st, who, "bring cards onto the field")?;
    let Some(def) = st.card(card) else {
        return Err(no(&s5::ANIMAL_PET, format!("{card} is not a card")));
    };
    if def.kind != CardType::Animal {
        return Err(no(
            &s5::ANIMAL_PET,
            format!(
                "{} is a {} card; Summon Pet and Call Pet bring animals",
                def.name,
                def.kind.as_str()
            ),
        ));
    }
    let caller = super::common::in_play(st, by, &s5::ANIMAL_PET)?;
    super::common::owned(caller, who, &s5::ANIMAL_PET)?;
    let can = caller
        .abilities
        .iter()
        .flatten()
        .any(|a| fold(a) == fold("Summon Pet") || fold(a) == fold("Call Pet"));
    if !can {
        return Err(no(
            &s5::ANIMAL_PET,
            format!("{by} has neither Summon Pet nor Call Pet"),
        ));
    }
    let Some(placed) = at_side(st, who, card) else {
        return Err(no(
            &s5::ANIMAL_ENTER,
            format!("{} is not off to the side of {who}'s Battlefield", def.name),
        ));
    };
    let reading = st.readings().side_turn;
    if !waited(st, who, placed) {
        return Err(no(
            Rule::from(&s5::ANIMAL_ENTER).reading(reading.reading()),
            format!(
                "{} was placed off to the side on turn {placed}, and it is turn {}",
                def.name,
                st.turn()
            ),
        ));
    }
    if !within_radius_1(caller.at, at_) {
        return Err(no(
            Rule::from(&s5::ANIMAL_ENTER).house(&base::RADIUS),
            format!(
                "{} is not within a radius of 1 from {by} at {}",
                at(at_),
                at(caller.at)
            ),
        )
        .at(&[at_]));
    }
    if let Some(u) = st.unit_at(at_) {
        return Err(no(
            Rule::from(&house::ONE_TO_A_SPACE).house(&s5::ANIMAL_ENTER),
            format!("{} already stands on {}", u.id, at(at_)),
        )
        .at(&[at_]));
    }
    let (counts, _) = field_limit(st, who, true, false)?;
    let unit = new_unit(st, card, id, who, at_, mv, true);
    Ok(Accept {
        rule: Rule::from(&s5::ANIMAL_ENTER).reading(reading.reading()),
        changes: vec![(
            Change::BroughtIn {
                player: who.to_string(),
                card: def.name.clone(),
                unit: Box::new(unit),
                cost: 0,
                from: Origin::Side,
                counts,
            },
            Rule::from(&s5::ANIMAL_PET),
        )],
    })
}

/// 5.5.1, 5.5.4: a token from the pile, to the Battlefield or as a spell, when a unit or
/// hero of the player requires one.
pub fn token(
    st: &State,
    who: &str,
    card: &str,
    by: &str,
    at_: Option<Cell>,
    id: &Option<String>,
    mv: Option<u32>,
) -> Judged {
    own_turn(st, who, "summon tokens")?;
    let Some(def) = st.card(card) else {
        return Err(no(&s5::TOKEN_SUMMON, format!("{card} is not a card")));
    };
    if kind(st, card) != Some(CardType::Token) {
        return Err(no(
            &s5::TOKEN_SUMMON,
            format!("{} is not a token", def.name),
        ));
    }
    let in_pile = st.player_index(who).is_some_and(|i| {
        st.position.players[i]
            .tokens
            .iter()
            .any(|t| fold(t) == fold(card))
    });
    if !in_pile {
        return Err(no(
            &s5::TOKEN_SUMMON,
            format!("{} is not in {who}'s token pile", def.name),
        ));
    }
    let summoner = super::common::in_play(st, by, &s5::TOKEN_SUMMON)?;
    super::common::owned(summoner, who, &s5::TOKEN_SUMMON)?;
    if !summoner.summons.iter().any(|t| fold(t) == fold(card)) {
        return Err(no(
            &s5::TOKEN_SUMMON,
            format!(
                "{by}'s card does not specify that a {} is required",
                def.name
            ),
        ));
    }
    let unit = match at_ {
        Some(c) => {
            if !within_radius_1(summoner.at, c) || st.unit_at(c).is_some() {
                return Err(no(
                    Rule::from(&s5::TOKEN_SUMMON).house(&house::TOKEN_PLACE),
                    format!(
                        "{} is not an unoccupied space within radius 1 of {by}",
                        at(c)
                    ),
                )
                .at(&[c]));
            }
            let held = st.readings().token_moves == TokenMoves::NextTurn;
            Some(Box::new(new_unit(st, card, id, who, c, mv, held)))
        }
        None => None,
    };
    let change_rule = match unit {
        Some(_) => {
            let reading = st.readings().token_moves;
            Rule::from(&s5::TOKEN_KINDS).reading(reading.reading())
        }
        None => Rule::from(&s5::TOKEN_KINDS).house(&house::TOKEN_SPELL),
    };
    Ok(Accept {
        rule: Rule::from(&s5::TOKEN_SUMMON),
        changes: vec![(
            Change::TokenSummoned {
                player: who.to_string(),
                card: def.name.clone(),
                unit,
            },
            change_rule,
        )],
    })
}
