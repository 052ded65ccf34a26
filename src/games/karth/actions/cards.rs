//! Cards played from the hand that are not units (seed 001 §5.8–5.9): spells (class
//! limits 5.8.3, casters in play 5.8.4, Bless 5.8.6, the other player's turn 5.8.7),
//! Scribe (5.8.2), income (5.9.1, 5.9.2; the Gold a player "holds", `hold_gold`), and
//! the end of the turn (Gold for units that stayed, under `gold_without_moving`).

use super::common::{holds_gold, in_hand, in_play, no, own_turn, owned, Accept, Judged};
use crate::games::karth::cite::{rules as house, s5, Rule};
use crate::games::karth::event::Change;
use crate::games::karth::format::CardType;
use crate::games::karth::interpret::GoldWithoutMoving;
use crate::games::karth::state::{has, State, Terrain};
use crate::grammar::karth::{class_allows, income as income_text, IncomeText};

/// 5.9.1, 5.9.2: one income card a turn; Double Production does not double it.
pub fn income(st: &State, who: &str, card: &str) -> Judged {
    own_turn(st, who, "play income cards")?;
    let Some(def) = st.card(card) else {
        return Err(no(&s5::INCOME_LIMIT, format!("{card} is not a card")));
    };
    if def.kind != CardType::Income {
        return Err(no(
            &s5::INCOME_LIMIT,
            format!(
                "{} is a {} card, not an income card",
                def.name,
                def.kind.as_str()
            ),
        ));
    }
    if !in_hand(st, who, card) {
        return Err(no(
            &house::FROM_HAND,
            format!("{} is not in {who}'s hand", def.name),
        ));
    }
    let Some(i) = st.player_index(who) else {
        return Err(no(&s5::INCOME_LIMIT, format!("no player {who}")));
    };
    let pl = &st.position.players[i];
    if pl.this_turn.income >= 1 {
        return Err(no(
            &s5::INCOME_LIMIT,
            format!("{who} has played an income card this turn already"),
        ));
    }
    let mut per_gold = false;
    let (gold, read) = match income_text(&def.text) {
        Some(IncomeText::Fixed(n)) => (n, true),
        Some(IncomeText::PerGoldTerrain(n)) => {
            let mut held = 0u32;
            for (r, row) in st.position.board.rows.iter().enumerate() {
                for c in 0..row.len() {
                    let cell = [r as u32 + 1, c as u32 + 1];
                    if st.terrain(cell) == Terrain::Gold && holds_gold(st, who, cell) {
                        held += 1;
                    }
                }
            }
            per_gold = true;
            (n.saturating_mul(held), true)
        }
        None => (0, false),
    };
    let change_rule = if pl.double_production {
        Rule::from(&s5::INCOME_NOT_DOUBLED)
    } else if read {
        Rule::from(&s5::INCOME_LIMIT)
    } else {
        Rule::from(&s5::INCOME_LIMIT).house(&house::CARD_EFFECTS)
    };
    let change_rule = if per_gold {
        change_rule.reading(st.readings().hold_gold.reading())
    } else {
        change_rule
    };
    Ok(Accept {
        rule: Rule::from(&s5::INCOME_LIMIT),
        changes: vec![(
            Change::Income {
                player: who.to_string(),
                card: def.name.clone(),
                gold,
            },
            change_rule,
        )],
    })
}

/// 5.8.3, 5.8.4, 5.8.6, 5.8.7: a spell from the hand, by a caster when it needs one.
pub fn cast(
    st: &State,
    who: &str,
    card: &str,
    caster: Option<&str>,
    target: Option<&str>,
) -> Judged {
    let Some(def) = st.card(card) else {
        return Err(no(&s5::SPELL_CLASS, format!("{card} is not a card")));
    };
    if def.kind != CardType::Spell {
        return Err(no(
            Rule::from(&s5::SPELL_CLASS).house(&house::CARD_EFFECTS),
            format!("{} is a {} card, not a spell", def.name, def.kind.as_str()),
        ));
    }
    let off_turn = who != st.position.active;
    if off_turn && !def.other_turn() {
        return Err(no(
            &s5::SPELL_OTHER_TURN,
            format!("it is {}'s turn, and {} does not say it can be played during the other player's turn", st.position.active, def.name),
        ));
    }
    if !in_hand(st, who, card) {
        return Err(no(
            &house::FROM_HAND,
            format!("{} is not in {who}'s hand", def.name),
        ));
    }
    let mut rule = if off_turn {
        Rule::from(&s5::SPELL_OTHER_TURN)
    } else {
        Rule::from(&house::CARD_EFFECTS)
    };
    if def.needs_caster() || caster.is_some() {
        let Some(c) = caster else {
            return Err(no(
                Rule::from(&s5::SPELL_IN_PLAY).house(&house::NEEDS_CASTER),
                format!(
                    "{} is cast by a unit or hero in play; name its `caster`",
                    def.name
                ),
            ));
        };
        let u = in_play(st, c, &s5::SPELL_IN_PLAY)?;
        owned(u, who, &s5::SPELL_IN_PLAY)?;
        if !class_allows(&def.classes, u.class.as_deref()) {
            return Err(no(
                &s5::SPELL_CLASS,
                format!(
                    "{} can be cast only by {}, and {c} is {}",
                    def.name,
                    def.classes.join(" or "),
                    u.class
                        .as_deref()
                        .map_or("of no class".to_string(), |k| format!("a {k}"))
                ),
            ));
        }
        if !off_turn {
            rule = if def.classes.is_empty() {
                Rule::from(&s5::SPELL_IN_PLAY).house(&house::NEEDS_CASTER)
            } else {
                Rule::from(&s5::SPELL_CLASS)
            };
        }
    }
    let mut changes = vec![(
        Change::Cast {
            player: who.to_string(),
            card: def.name.clone(),
            caster: caster.map(str::to_string),
        },
        Rule::from(&house::CARD_EFFECTS),
    )];
    if def.is_double_production() {
        changes.push((
            Change::DoubleProduction {
                player: who.to_string(),
            },
            Rule::from(&house::CARD_EFFECTS),
        ));
    }
    if def.is_bless() {
        changes.push((
            Change::Bless {
                target: target.map(str::to_string),
            },
            Rule::from(&s5::SPELL_BLESS),
        ));
    }
    Ok(Accept { rule, changes })
}

/// 5.8.2: a caster with Scribe takes a spell from the deck into the hand.
pub fn scribe(st: &State, who: &str, id: &str, card: &str) -> Judged {
    own_turn(st, who, "use abilities")?;
    let u = in_play(st, id, &s5::SCRIBE)?;
    owned(u, who, &s5::SCRIBE)?;
    if !has(u, "Caster") {
        return Err(no(&s5::SCRIBE, format!("{id} is not a caster")));
    }
    if !u
        .abilities
        .iter()
        .flatten()
        .any(|a| a.eq_ignore_ascii_case("Scribe"))
    {
        return Err(no(&s5::SCRIBE, format!("{id} has no Scribe ability")));
    }
    let Some(def) = st.card(card) else {
        return Err(no(&s5::SCRIBE, format!("{card} is not a card")));
    };
    if def.kind != CardType::Spell {
        return Err(no(
            &s5::SCRIBE,
            format!("{} is a {} card, not a spell", def.name, def.kind.as_str()),
        ));
    }
    let in_deck = st.player_index(who).is_some_and(|i| {
        st.position.players[i]
            .deck
            .iter()
            .any(|c| crate::text::fold(c) == crate::text::fold(card))
    });
    if !in_deck {
        return Err(no(
            &s5::SCRIBE,
            format!("{} is not in {who}'s deck", def.name),
        ));
    }
    Ok(Accept {
        rule: Rule::from(&s5::SCRIBE),
        changes: vec![(
            Change::Scribed {
                player: who.to_string(),
                unit: id.to_string(),
                card: def.name.clone(),
            },
            Rule::from(&s5::SCRIBE),
        )],
    })
}

/// The end of the turn: Gold for units that stayed on it (`gold_without_moving`), the
/// counters cleared, the other player's turn.
pub fn end_turn(st: &State, who: &str) -> Judged {
    own_turn(st, who, "end the turn")?;
    let reading = st.readings().gold_without_moving;
    let stayed: Vec<_> = st
        .position
        .units
        .iter()
        .filter(|u| u.owner == who && !u.moved && st.terrain(u.at) == Terrain::Gold)
        .collect();
    let mut rule = Rule::from(&house::TURN_OWNER);
    let mut changes = Vec::new();
    if !stayed.is_empty() {
        rule = rule.reading(reading.reading());
        if reading == GoldWithoutMoving::Stays {
            for u in stayed {
                changes.push(super::movement::gold_change(
                    st,
                    u,
                    u.at,
                    Rule::from(&s5::GOLD).reading(reading.reading()),
                ));
            }
        }
    }
    let next = st
        .position
        .players
        .iter()
        .find(|p| p.name != who)
        .map_or_else(|| who.to_string(), |p| p.name.clone());
    changes.push((
        Change::TurnEnded {
            turn: st.turn() + 1,
            next,
        },
        Rule::from(&house::TURN_OWNER),
    ));
    Ok(Accept { rule, changes })
}
