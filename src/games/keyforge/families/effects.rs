//! The effect language played (`docs/rules/keyforge.md`, "The effect language"): an
//! ability resolves effect by effect; a target is chosen by the active player (the
//! action's `targets`, a pinned decision, or the default policy, house rule K4) among
//! cards in play only (seed 003: "Unless an ability explicitly references an out-of-play
//! area … that ability can only interact with cards that are in play."); an ability
//! outside the language is the judge's (house rules K2, K3).

use super::super::cite::{base, rules, seed003, Rule};
use super::super::effect::{Ability, Body, Effect, SideFilter, Subject, Trigger};
use super::super::event::{emit, note, Change, Event};
use super::super::format::RulingChange;
use super::super::state::{Place, State};
use super::damage::{check_destroyed, deal, destroy, leave_play};
use super::Ctx;
use crate::rules::decision::decide;
use crate::rules::Decision;

/// Resolves `ability` of card `source` (controlled by `controller`); the resolution
/// event cites `cite`.
#[allow(clippy::too_many_arguments)]
pub fn resolve(
    st: &mut State,
    out: &mut Vec<Event>,
    ctx: &mut Ctx,
    source: &str,
    controller: usize,
    ability: &Ability,
    trigger: Option<Trigger>,
    cite: Rule,
) {
    let cite = example(st, source, cite);
    emit(
        st,
        out,
        Change::Resolve {
            card: source.to_string(),
            trigger,
            text: ability.text.clone(),
        },
        cite,
    );
    ctx.last_destroyed = None;
    match &ability.body {
        Body::Effects { effects } => {
            for e in effects {
                if st.is_over() {
                    return;
                }
                run(st, out, ctx, source, controller, e);
            }
        }
        Body::Constants { .. } => {}
        Body::Judge => ruling(st, out, ctx, source, &ability.text),
    }
}

/// `cite`, also resting on seed 003's own example when `source` is one of the three
/// cards the seed names (Mack the Knife, Mighty Javelin, Horseman of Pestilence).
pub fn example(st: &State, source: &str, cite: Rule) -> Rule {
    let Some(name) = st.card(source).map(|c| c.name.as_str()) else {
        return cite;
    };
    let seen = match name {
        "Mack the Knife" => &seed003::MACK,
        "Mighty Javelin" => &seed003::JAVELIN,
        "Horseman of Pestilence" => &seed003::HORSEMAN,
        _ => return cite,
    };
    if cite.also.is_some() {
        return cite;
    }
    cite.also(seen)
}

/// The creatures `subject` can name for `controller`, in the default policy's order:
/// enemy creatures left to right, then friendly ones (house rule K4).
pub fn candidates(st: &State, controller: usize, source: &str, subject: &Subject) -> Vec<String> {
    match subject {
        Subject::This => {
            if st.in_play(source) {
                vec![source.to_string()]
            } else {
                Vec::new()
            }
        }
        Subject::Creatures {
            side,
            with_trait,
            without_trait,
            ..
        } => {
            let enemy = State::opponent(controller);
            let mut order = Vec::new();
            for p in [enemy, controller] {
                let fits = match side {
                    SideFilter::Any => true,
                    SideFilter::Enemy => p == enemy,
                    SideFilter::Friendly => p == controller,
                };
                if !fits {
                    continue;
                }
                for c in &st.players[p].battleline {
                    if with_trait.as_ref().is_some_and(|t| !c.has_trait(t))
                        || without_trait.as_ref().is_some_and(|t| c.has_trait(t))
                    {
                        continue;
                    }
                    order.push(c.id.clone());
                }
            }
            order
        }
    }
}

/// One choice of the active player among `options` (ids): the action's next named
/// target, else a pinned decision, else the first option (house rule K4). `None` when
/// there is nothing to choose or the named target is not an option.
pub fn choose(
    st: &mut State,
    out: &mut Vec<Event>,
    ctx: &mut Ctx,
    purpose: &'static str,
    options: Vec<String>,
) -> Option<String> {
    choose_by(st, out, ctx, purpose, options, DEFAULT_POLICY)
}

/// The default policy's name in the log (house rule K4).
const DEFAULT_POLICY: &str =
    "the first option (enemy creatures left to right, then friendly) not already being destroyed";

/// [`choose`], naming the default policy `policy` in the log (the options must be in
/// that policy's order: house rule K4's, restricted to what the choice allows).
pub fn choose_by(
    st: &mut State,
    out: &mut Vec<Event>,
    ctx: &mut Ctx,
    purpose: &'static str,
    options: Vec<String>,
    policy: &'static str,
) -> Option<String> {
    if options.is_empty() {
        emit(
            st,
            out,
            Change::Note {
                card: String::new(),
                what: format!("{purpose}: no card in play can be chosen; the effect does nothing."),
            },
            &seed003::IN_PLAY_ONLY,
        );
        return None;
    }
    let ordinal = st.decisions + 1;
    let who = st.players[st.active].name.clone();
    if let Some(named) = ctx.targets.pop_front() {
        let Some(i) = options.iter().position(|o| *o == named) else {
            let place = match st.find(&named) {
                Some(l) if !l.place.in_play() => format!("it is in the {}", l.place.name()),
                _ => "it does not fit the effect".to_string(),
            };
            let what = format!(
                "the action names {} for {purpose}, which cannot be chosen ({place}); the options are {}. The effect does nothing.",
                st.who(&named),
                options.join(", ")
            );
            emit(
                st,
                out,
                Change::Note {
                    card: named.clone(),
                    what,
                },
                &seed003::IN_PLAY_ONLY,
            );
            return None;
        };
        let decision = Decision {
            ordinal,
            who,
            question: purpose,
            options,
            policy: super::super::event::NAMED_BY_ACTION,
            chosen: i,
            pinned: true,
        };
        let chosen = decision.options[i].clone();
        emit(
            st,
            out,
            Change::Choice { purpose, decision },
            &base::CHOICES,
        );
        return Some(chosen);
    }
    // The default passes over creatures already being destroyed (house rule K4).
    let first = options
        .iter()
        .position(|o| !ctx.dying.contains(o))
        .unwrap_or(0);
    match decide(&st.decision_pins, ordinal, options.len(), first) {
        Ok((i, pinned)) => {
            let decision = Decision {
                ordinal,
                who,
                question: purpose,
                options,
                policy,
                chosen: i,
                pinned,
            };
            let chosen = decision.options[i].clone();
            let rule = if pinned {
                Rule::from(&base::CHOICES)
            } else {
                Rule::from(&base::CHOICES).house(&rules::DEFAULT_CHOICE)
            };
            emit(st, out, Change::Choice { purpose, decision }, rule);
            Some(chosen)
        }
        Err(bad) => {
            emit(st, out, Change::BadPin(bad), &base::CHOICES);
            None
        }
    }
}

/// The creatures an effect acts on: every one for `each`, one chosen for `a`.
fn select(
    st: &mut State,
    out: &mut Vec<Event>,
    ctx: &mut Ctx,
    controller: usize,
    source: &str,
    subject: &Subject,
    purpose: &'static str,
) -> Vec<String> {
    let options = candidates(st, controller, source, subject);
    match subject {
        Subject::This => {
            if options.is_empty() {
                emit(
                    st,
                    out,
                    Change::Note {
                        card: source.to_string(),
                        what: "the effect names this card, which is no longer in play; it does nothing.".into(),
                    },
                    &seed003::IN_PLAY_ONLY,
                );
            }
            options
        }
        Subject::Creatures { each: true, .. } => options,
        Subject::Creatures { each: false, .. } => {
            choose(st, out, ctx, purpose, options).into_iter().collect()
        }
    }
}

fn name_of(st: &State, p: usize) -> String {
    st.players[p.min(1)].name.clone()
}

/// Plays one effect.
fn run(
    st: &mut State,
    out: &mut Vec<Event>,
    ctx: &mut Ctx,
    source: &str,
    controller: usize,
    e: &Effect,
) {
    let opponent = State::opponent(controller);
    let lang = || Rule::from(&rules::LANGUAGE);
    match e {
        Effect::Damage { amount, to } => {
            let targets = select(
                st,
                out,
                ctx,
                controller,
                source,
                to,
                "the creature to damage",
            );
            for t in &targets {
                deal(
                    st,
                    out,
                    t,
                    Some(source),
                    *amount as i32,
                    Rule::from(&base::DAMAGE),
                );
            }
            let destroyed = check_destroyed(st, out, ctx);
            ctx.last_destroyed = targets.first().map(|t| destroyed.contains(t));
        }
        Effect::Gain { amount } => {
            let player = name_of(st, controller);
            emit(
                st,
                out,
                Change::Amber {
                    player,
                    by: *amount as i32,
                },
                &base::AMBER,
            );
        }
        Effect::Lose { amount } | Effect::OpponentLoses { amount } => {
            let p = if matches!(e, Effect::Lose { .. }) {
                controller
            } else {
                opponent
            };
            let n = (*amount as i32).min(st.players[p].amber);
            let player = name_of(st, p);
            if n == 0 {
                note(
                    st,
                    out,
                    source,
                    format!("{player} has no Æmber to lose."),
                    Rule::from(&base::AMBER),
                );
            } else {
                emit(st, out, Change::Amber { player, by: -n }, &base::AMBER);
            }
        }
        Effect::Steal { amount } => {
            let n = (*amount as i32).min(st.players[opponent].amber);
            let (from, to) = (name_of(st, opponent), name_of(st, controller));
            if n == 0 {
                note(
                    st,
                    out,
                    source,
                    format!("{from} has no Æmber to steal."),
                    Rule::from(&base::AMBER),
                );
            } else {
                emit(
                    st,
                    out,
                    Change::Amber {
                        player: from,
                        by: -n,
                    },
                    &base::AMBER,
                );
                emit(st, out, Change::Amber { player: to, by: n }, &base::AMBER);
            }
        }
        Effect::Capture { amount } => {
            let n = (*amount as i32).min(st.players[opponent].amber);
            let from = name_of(st, opponent);
            if !st.creature_in_play(source) {
                note(
                    st,
                    out,
                    source,
                    "only a creature in play captures; nothing happens.".into(),
                    Rule::from(&base::AMBER),
                );
            } else if n == 0 {
                note(
                    st,
                    out,
                    source,
                    format!("{from} has no Æmber to capture."),
                    Rule::from(&base::AMBER),
                );
            } else {
                emit(
                    st,
                    out,
                    Change::Capture {
                        card: source.to_string(),
                        player: from,
                        amount: n,
                    },
                    &base::AMBER,
                );
            }
        }
        Effect::Destroy { what } => {
            for t in select(
                st,
                out,
                ctx,
                controller,
                source,
                what,
                "the creature to destroy",
            ) {
                destroy(
                    st,
                    out,
                    ctx,
                    &t,
                    format!("{}'s ability", st.who(source)),
                    Rule::from(&base::DESTROY),
                );
            }
        }
        Effect::Sacrifice { what } => {
            let what = match what {
                // Only a card its controller controls is sacrificed.
                Subject::Creatures {
                    each,
                    with_trait,
                    without_trait,
                    ..
                } => Subject::Creatures {
                    each: *each,
                    side: SideFilter::Friendly,
                    with_trait: with_trait.clone(),
                    without_trait: without_trait.clone(),
                },
                Subject::This => Subject::This,
            };
            for t in select(
                st,
                out,
                ctx,
                controller,
                source,
                &what,
                "the creature to sacrifice",
            ) {
                destroy(
                    st,
                    out,
                    ctx,
                    &t,
                    "sacrificed".into(),
                    Rule::from(&base::SACRIFICE),
                );
            }
        }
        Effect::Ready { what } => {
            for t in select(
                st,
                out,
                ctx,
                controller,
                source,
                what,
                "the creature to ready",
            ) {
                emit(st, out, Change::Ready { card: t }, &base::STATES);
            }
        }
        Effect::Exhaust { what } => {
            for t in select(
                st,
                out,
                ctx,
                controller,
                source,
                what,
                "the creature to exhaust",
            ) {
                emit(st, out, Change::Exhaust { card: t }, &base::STATES);
            }
        }
        Effect::Stun { what } => {
            for t in select(
                st,
                out,
                ctx,
                controller,
                source,
                what,
                "the creature to stun",
            ) {
                emit(st, out, Change::Stun { card: t }, &base::STATES);
            }
        }
        Effect::ReturnToHand { what } => {
            for t in select(
                st,
                out,
                ctx,
                controller,
                source,
                what,
                "the creature to return to hand",
            ) {
                leave_play(st, out, &t, Place::Hand, Rule::from(&base::ZONES));
            }
        }
        Effect::ArchiveFromHand => {
            // The hand is an out-of-play area the effect names.
            let options: Vec<String> = st.players[controller]
                .hand
                .iter()
                .map(|c| c.id.clone())
                .filter(|id| id != source)
                .collect();
            if let Some(card) = choose(st, out, ctx, "the card to archive", options) {
                let player = name_of(st, controller);
                emit(
                    st,
                    out,
                    Change::Move {
                        card,
                        from: Place::Hand,
                        to: Place::Archives,
                        player,
                        flank: None,
                        onto: None,
                        bottom: false,
                    },
                    &base::ZONES,
                );
            }
        }
        Effect::ArchiveThis => {
            if st.find(source).is_some() {
                leave_play(st, out, source, Place::Archives, Rule::from(&base::ZONES));
            }
        }
        Effect::Heal { amount, what } => {
            for t in select(
                st,
                out,
                ctx,
                controller,
                source,
                what,
                "the creature to heal",
            ) {
                let damage = st.card(&t).map_or(0, |c| c.damage);
                let n = amount.map_or(damage, |a| (a as i32).min(damage));
                emit(st, out, Change::Heal { card: t, amount: n }, &base::HEAL);
            }
        }
        Effect::Draw { cards } => {
            for _ in 0..*cards {
                let Some(top) = st.players[controller].deck.first().map(|c| c.id.clone()) else {
                    note(
                        st,
                        out,
                        source,
                        "the deck is empty: nothing to draw.".into(),
                        Rule::from(&rules::EMPTY_DECK),
                    );
                    break;
                };
                let player = name_of(st, controller);
                emit(
                    st,
                    out,
                    Change::Move {
                        card: top,
                        from: Place::Deck,
                        to: Place::Hand,
                        player,
                        flank: None,
                        onto: None,
                        bottom: false,
                    },
                    &base::ZONES,
                );
            }
        }
        Effect::Look { cards } => {
            let deck = &st.players[controller].deck;
            let seen: Vec<String> = deck
                .iter()
                .take(*cards as usize)
                .map(|c| c.id.clone())
                .collect();
            let rule = if seen.len() < *cards as usize {
                Rule::from(&rules::EMPTY_DECK)
            } else {
                Rule::from(&base::ZONES)
            };
            let player = name_of(st, controller);
            emit(
                st,
                out,
                Change::Looked {
                    player,
                    cards: seen,
                },
                rule,
            );
        }
        Effect::BottomOneLooked => {
            let options: Vec<String> = st
                .looked
                .iter()
                .filter(|id| st.find(id).is_some_and(|l| l.place == Place::Deck))
                .cloned()
                .collect();
            if let Some(card) = choose(
                st,
                out,
                ctx,
                "the card to put on the bottom of the deck",
                options,
            ) {
                let player = name_of(st, controller);
                emit(
                    st,
                    out,
                    Change::Move {
                        card,
                        from: Place::Deck,
                        to: Place::Deck,
                        player,
                        flank: None,
                        onto: None,
                        bottom: true,
                    },
                    &base::ZONES,
                );
            }
        }
        Effect::FriendlyPower { amount } => {
            let player = name_of(st, controller);
            emit(
                st,
                out,
                Change::PowerBonus {
                    player,
                    amount: *amount as i32,
                },
                &rules::LASTING,
            );
        }
        Effect::Judge { text } => ruling(st, out, ctx, source, text),
        Effect::IfDestroyed { then } => {
            if ctx.last_destroyed == Some(true) {
                run(st, out, ctx, source, controller, then);
            } else {
                note(
                    st,
                    out,
                    source,
                    "the damage did not destroy that creature, so the rest does not happen.".into(),
                    lang(),
                );
            }
        }
    }
}

/// An ability outside the effect language: decision "the judge resolves this effect";
/// the pinned ruling's changes, or none (house rules K2, K3).
pub fn ruling(st: &mut State, out: &mut Vec<Event>, ctx: &mut Ctx, source: &str, text: &str) {
    let ordinal = st.decisions + 1;
    let changes = st
        .rulings
        .iter()
        .find(|(d, _)| *d == ordinal)
        .map(|(_, c)| c.clone());
    emit(
        st,
        out,
        Change::Ruling {
            ordinal,
            card: source.to_string(),
            text: text.to_string(),
            changes: changes.clone(),
        },
        Rule::from(&rules::RULING).house(&rules::LANGUAGE),
    );
    for c in changes.unwrap_or_default() {
        let cite = || Rule::from(&rules::RULING);
        match c {
            RulingChange::Amber { player, by } => {
                emit(st, out, Change::Amber { player, by }, cite())
            }
            RulingChange::Damage { card, amount } => {
                if st.creature_in_play(&card) {
                    emit(
                        st,
                        out,
                        Change::Damage {
                            card,
                            source: None,
                            dealt: amount,
                            armor: 0,
                            placed: amount,
                        },
                        cite(),
                    );
                    check_destroyed(st, out, ctx);
                } else {
                    note(st, out, &card, "the ruling damages a card that is not a creature in play; nothing happens.".into(), cite());
                }
            }
            RulingChange::Heal { card, amount } => {
                let n = st.card(&card).map_or(0, |c| c.damage.min(amount));
                emit(st, out, Change::Heal { card, amount: n }, cite());
            }
            RulingChange::Destroy { card } => {
                destroy(st, out, ctx, &card, "the judge's ruling".into(), cite())
            }
            RulingChange::Exhaust { card }
            | RulingChange::Ready { card }
            | RulingChange::Stun { card }
                if !st.in_play(&card) =>
            {
                note(
                    st,
                    out,
                    &card,
                    "the ruling changes the status of a card that is not in play; nothing happens."
                        .into(),
                    cite(),
                );
            }
            RulingChange::Exhaust { card } => emit(st, out, Change::Exhaust { card }, cite()),
            RulingChange::Ready { card } => emit(st, out, Change::Ready { card }, cite()),
            RulingChange::Stun { card } => emit(st, out, Change::Stun { card }, cite()),
            RulingChange::Move { card, to } => {
                let place = match to {
                    super::super::format::Zone::Hand => Place::Hand,
                    super::super::format::Zone::Discard => Place::Discard,
                    super::super::format::Zone::Archives => Place::Archives,
                    super::super::format::Zone::Deck => Place::Deck,
                };
                leave_play(st, out, &card, place, cite());
            }
        }
        if st.is_over() {
            return;
        }
    }
}

/// Whether `effects` could change anything now, for the futile-use reading.
pub fn could_change(st: &State, controller: usize, source: &str, effects: &[Effect]) -> bool {
    let opponent = State::opponent(controller);
    effects.iter().any(|e| match e {
        Effect::Damage { to: s, .. }
        | Effect::Destroy { what: s }
        | Effect::Stun { what: s }
        | Effect::ReturnToHand { what: s } => !candidates(st, controller, source, s).is_empty(),
        Effect::Sacrifice { what } => match what {
            Subject::This => st.in_play(source),
            _ => !st.players[controller].battleline.is_empty(),
        },
        Effect::Ready { what } => candidates(st, controller, source, what)
            .iter()
            .any(|id| st.card(id).is_some_and(|c| c.exhausted)),
        Effect::Exhaust { what } => candidates(st, controller, source, what)
            .iter()
            .any(|id| st.card(id).is_some_and(|c| !c.exhausted)),
        Effect::Heal { what, .. } => candidates(st, controller, source, what)
            .iter()
            .any(|id| st.card(id).is_some_and(|c| c.damage > 0)),
        // The engine cannot know what a sentence the judge resolves does: never futile.
        Effect::Gain { .. }
        | Effect::FriendlyPower { .. }
        | Effect::ArchiveThis
        | Effect::Judge { .. } => true,
        Effect::Lose { .. } => st.players[controller].amber > 0,
        Effect::OpponentLoses { .. } | Effect::Steal { .. } => st.players[opponent].amber > 0,
        Effect::Capture { .. } => st.players[opponent].amber > 0 && st.creature_in_play(source),
        Effect::ArchiveFromHand => st.players[controller].hand.iter().any(|c| c.id != source),
        Effect::Draw { .. } | Effect::Look { .. } => !st.players[controller].deck.is_empty(),
        Effect::BottomOneLooked => !st.looked.is_empty(),
        Effect::IfDestroyed { .. } => false,
    })
}
