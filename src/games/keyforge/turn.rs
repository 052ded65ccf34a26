//! The turn: one action a step, in the position's order (house rule K1). Each action is
//! checked first, every check before any change, so a refused action is a `rejected`
//! step that leaves the state as it was; then it is played: play (from hand, from
//! another zone, or put into play), reap, fight, Action:, Omni:.

use super::cite::{base, rules, seed003, Rule};
use super::effect::{Ability, Body, Constant, Effect, Subject, Trigger};
use super::event::{emit, Change, Event};
use super::families::bonus;
use super::families::effects::{choose, resolve};
use super::families::fight::{check_target, fight};
use super::families::order::{order, TEXT_ORDER};
use super::families::using::{
    ability_of, futile, house, in_play_and_controlled, ready, stunned, Needs, Refusal,
};
use super::families::Ctx;
use super::format::{ActionSpec, Kind, Verb, Zone};
use super::interpret::OmniExhausts;
use super::state::{Phase, Place, State};
use crate::rules::reject::{OnRejection, Rejected};

/// Plays one step: the next action (with the start-of-position findings before the
/// first), and the end once every action is taken.
pub fn advance(st: &mut State) -> Vec<Event> {
    let mut out = Vec::new();
    st.steps += 1;
    if !st.started {
        st.started = true;
        start_notes(st, &mut out);
    }
    let Some(action) = st.actions.get(st.next).cloned() else {
        emit(
            st,
            &mut out,
            Change::Done { stopped: false },
            &rules::ONE_TURN,
        );
        return out;
    };
    let i = st.next;
    st.next += 1;
    st.phase = Phase::of(action.verb);
    let mut ctx = Ctx {
        resolve,
        action: i,
        targets: action.targets.iter().cloned().collect(),
        last_destroyed: None,
        depth: 0,
        dying: Vec::new(),
    };
    if let Err(r) = take(st, &mut out, &mut ctx, &action) {
        let proposed = proposed(st, &action);
        emit(
            st,
            &mut out,
            Change::Rejected(Rejected {
                action: i,
                proposed,
                reason: format!("{}.", r.reason),
            }),
            r.cite,
        );
        if st.on_rejection == OnRejection::Stop {
            emit(
                st,
                &mut out,
                Change::Done { stopped: true },
                &rules::ONE_TURN,
            );
            return out;
        }
    }
    if !st.is_over() && st.next >= st.actions.len() {
        emit(
            st,
            &mut out,
            Change::Done { stopped: false },
            &rules::ONE_TURN,
        );
    }
    out
}

/// The action in words.
pub fn proposed(st: &State, a: &ActionSpec) -> String {
    let who = st.who(&a.card);
    let player = &st.players[st.active].name;
    match a.verb {
        Verb::Play => format!("{player} plays {who} from hand"),
        Verb::Reap => format!("{player} reaps with {who}"),
        Verb::Fight => match &a.target {
            Some(t) => format!("{player} fights {} with {who}", st.who(t)),
            None => format!("{player} fights with {who}"),
        },
        Verb::Action => format!("{player} uses {who}'s Action: ability"),
        Verb::Omni => format!("{player} uses {who}'s Omni: ability"),
        Verb::PutIntoPlay => format!("an ability puts {who} into play"),
        Verb::PlayFrom => format!(
            "an ability plays {who} from the {}",
            a.zone.map_or("?", Zone::name)
        ),
    }
}

/// Constant abilities in play outside the effect language, each put to the judge once at
/// the start: a decision "the judge resolves this effect" whose pinned ruling lists the
/// changes it makes (none when unpinned), never a guess (house rules K2, K3).
fn start_notes(st: &mut State, out: &mut Vec<Event>) {
    let mut unread = Vec::new();
    for p in &st.players {
        for c in p.battleline.iter().chain(&p.artifacts) {
            for card in std::iter::once(c).chain(c.upgrades.iter()) {
                for a in &card.abilities {
                    if a.is_constant() && a.body == Body::Judge {
                        unread.push((card.id.clone(), a.text.clone()));
                    }
                }
            }
        }
    }
    let mut ctx = Ctx {
        resolve,
        action: 0,
        targets: Default::default(),
        last_destroyed: None,
        depth: 0,
        dying: Vec::new(),
    };
    for (card, text) in unread {
        super::families::effects::ruling(st, out, &mut ctx, &card, &text);
    }
}

fn refuse(reason: String, cite: impl Into<Rule>) -> Refusal {
    Refusal {
        reason,
        cite: cite.into(),
    }
}

/// Checks `a`, then plays it.
fn take(
    st: &mut State,
    out: &mut Vec<Event>,
    ctx: &mut Ctx,
    a: &ActionSpec,
) -> Result<(), Refusal> {
    let card = a.card.as_str();
    match a.verb {
        Verb::Reap => {
            in_play_and_controlled(st, card, Needs::Creature)?;
            ready(st, card, Rule::from(&base::USE))?;
            if st
                .card(card)
                .is_some_and(|c| c.has_constant(&Constant::CannotReap))
            {
                return Err(refuse(
                    format!(
                        "{} cannot be used to reap (its constant ability)",
                        st.who(card)
                    ),
                    &seed003::CONSTANT,
                ));
            }
            house(st, out, card, "reap", &seed003::REAP)?;
            if stunned(st, out, card) {
                return Ok(());
            }
            emit(
                st,
                out,
                Change::Exhaust { card: card.into() },
                &seed003::REAP,
            );
            let player = st.players[st.active].name.clone();
            emit(
                st,
                out,
                Change::Amber { player, by: 1 },
                Rule::from(&seed003::REAP).house(&base::REAP),
            );
            let abilities = st
                .card(card)
                .map(|c| c.triggered(Trigger::Reap))
                .unwrap_or_default();
            for (from, ability) in in_order(st, out, "Reap:", abilities) {
                resolve(
                    st,
                    out,
                    ctx,
                    &from,
                    st.active,
                    &ability,
                    Some(Trigger::Reap),
                    Rule::from(&seed003::REAP),
                );
                if st.is_over() {
                    break;
                }
            }
            Ok(())
        }
        Verb::Fight => {
            in_play_and_controlled(st, card, Needs::Creature)?;
            ready(st, card, Rule::from(&base::USE))?;
            if st
                .card(card)
                .is_some_and(|c| c.has_constant(&Constant::CannotFight))
            {
                return Err(refuse(
                    format!(
                        "{} cannot be used to fight (its constant ability)",
                        st.who(card)
                    ),
                    &seed003::CONSTANT,
                ));
            }
            check_target(st, card, a.target.as_deref())?;
            house(st, out, card, "fight", &seed003::FIGHT)?;
            if stunned(st, out, card) {
                return Ok(());
            }
            fight(st, out, ctx, card, a.target.clone());
            Ok(())
        }
        Verb::Action => {
            in_play_and_controlled(st, card, Needs::InPlay)?;
            let Some((from, ability)) = ability_of(st, card, Trigger::Action) else {
                return Err(refuse(
                    format!("{} has no Action: ability", st.who(card)),
                    &seed003::ACTION_EXHAUST,
                ));
            };
            ready(
                st,
                card,
                Rule::from(&seed003::ACTION_EXHAUST).house(&base::USE),
            )?;
            house(
                st,
                out,
                card,
                "use its Action: ability",
                &seed003::ACTION_EXHAUST,
            )?;
            if st.creature_in_play(card) && stunned(st, out, card) {
                return Ok(());
            }
            futile(st, out, card, &ability, &seed003::ACTION_EXHAUST)?;
            emit(
                st,
                out,
                Change::Exhaust { card: card.into() },
                &seed003::ACTION_EXHAUST,
            );
            resolve(
                st,
                out,
                ctx,
                &from,
                st.active,
                &ability,
                Some(Trigger::Action),
                Rule::from(&seed003::ACTION_RESOLVES),
            );
            Ok(())
        }
        Verb::Omni => {
            in_play_and_controlled(st, card, Needs::InPlay)?;
            let Some((from, ability)) = ability_of(st, card, Trigger::Omni) else {
                return Err(refuse(
                    format!("{} has no Omni: ability", st.who(card)),
                    &seed003::OMNI,
                ));
            };
            let reading = st.readings.omni_exhausts;
            if reading == OmniExhausts::Exhausts {
                ready(st, card, Rule::from(&base::USE).reading(reading.reading()))?;
            }
            if let Some(c) = st.card(card) {
                if !c.house.eq_ignore_ascii_case(&st.house) {
                    let what = format!(
                        "belongs to {}, not the active house {}; its Omni: ability may be used all the same.",
                        c.house, st.house
                    );
                    emit(
                        st,
                        out,
                        Change::Note {
                            card: card.into(),
                            what,
                        },
                        &seed003::OMNI,
                    );
                }
            }
            if st.creature_in_play(card) && st.card(card).is_some_and(|c| c.stunned) {
                // Stun: the use only exhausts it and removes the stun, so it must be
                // ready to be used, whatever the `omni_exhausts` reading.
                ready(st, card, Rule::from(&base::USE).house(&base::STUN))?;
                stunned(st, out, card);
                return Ok(());
            }
            futile(st, out, card, &ability, &seed003::OMNI)?;
            match reading {
                OmniExhausts::Exhausts => {
                    let sacrifices_itself = matches!(&ability.body, Body::Effects { effects }
                        if effects.iter().any(|e| matches!(e, Effect::Sacrifice { what: Subject::This })));
                    let base_rule = if sacrifices_itself {
                        &base::USE_SACRIFICED
                    } else {
                        &base::USE
                    };
                    emit(
                        st,
                        out,
                        Change::Exhaust { card: card.into() },
                        Rule::from(base_rule).reading(reading.reading()),
                    );
                }
                OmniExhausts::Free => emit(
                    st,
                    out,
                    Change::Note {
                        card: card.into(),
                        what: "using its Omni: ability does not exhaust it under this reading."
                            .into(),
                    },
                    Rule::from(&seed003::OMNI).reading(reading.reading()),
                ),
            }
            resolve(
                st,
                out,
                ctx,
                &from,
                st.active,
                &ability,
                Some(Trigger::Omni),
                Rule::from(&seed003::OMNI),
            );
            Ok(())
        }
        Verb::Play | Verb::PlayFrom | Verb::PutIntoPlay => {
            let zone = match (a.verb, a.zone) {
                (Verb::Play, _) | (_, None) | (_, Some(Zone::Hand)) => Place::Hand,
                (_, Some(Zone::Discard)) => Place::Discard,
                (_, Some(Zone::Archives)) => Place::Archives,
                (_, Some(Zone::Deck)) => Place::Deck,
            };
            let who = st.who(card);
            source_zone(st, a, zone)?;
            let Some(c) = st.card(card).cloned() else {
                return Ok(());
            };
            if a.verb == Verb::Play && !c.house.eq_ignore_ascii_case(&st.house) {
                return Err(refuse(
                    format!(
                        "{who} belongs to {}, not the active house {}; it cannot be played",
                        c.house, st.house
                    ),
                    &base::ACTIVE_HOUSE,
                ));
            }
            if a.verb == Verb::PutIntoPlay && c.kind == Kind::Action {
                return Err(refuse(
                    format!("{who} is an action card: it is played, never put into play"),
                    &base::CARD_TYPES,
                ));
            }
            if c.kind == Kind::Upgrade {
                if let Some(t) = &a.target {
                    if !st.creature_in_play(t) {
                        return Err(refuse(
                            format!(
                                "{} is not a creature in play; an upgrade attaches to one",
                                st.who(t)
                            ),
                            &base::CARD_TYPES,
                        ));
                    }
                } else if st.creatures().is_empty() {
                    return Err(refuse(
                        "there is no creature in play for the upgrade".into(),
                        &base::CARD_TYPES,
                    ));
                }
            }
            enter(st, out, ctx, a, &c.id, c.kind, zone);
            Ok(())
        }
    }
}

/// The card is where the action takes it from: the active player's `zone` (the
/// opponent's with `from_opponent`, for `play_from` and `put_into_play` only), and the
/// top card of a deck.
fn source_zone(st: &State, a: &ActionSpec, zone: Place) -> Result<(), Refusal> {
    let who = st.who(&a.card);
    if a.from_opponent && a.verb == Verb::Play {
        return Err(refuse(
            format!("{who} cannot be played from the opponent's hand; `from_opponent` is for an ability's `play_from` or `put_into_play`"),
            &base::CONTROL,
        ));
    }
    let owner = if a.from_opponent {
        State::opponent(st.active)
    } else {
        st.active
    };
    let loc = st.find(&a.card);
    if !loc.is_some_and(|l| l.player == owner && l.place == zone && l.upgrade.is_none()) {
        let place = match loc {
            Some(l) => format!("{}'s {}", st.players[l.player].name, l.place.name()),
            None => "nowhere".into(),
        };
        let (reason, rule) = if a.from_opponent {
            (
                "the action names the opponent's zone",
                Rule::from(&rules::ABILITY_PLAYS),
            )
        } else {
            (
                "a card from another player's zone needs `from_opponent` (an ability that names it)",
                Rule::from(&base::CONTROL).house(&rules::ABILITY_PLAYS),
            )
        };
        return Err(refuse(
            format!(
                "{who} is in {place}, not in {}'s {}; {reason}",
                st.players[owner].name,
                zone.name()
            ),
            rule,
        ));
    }
    if zone == Place::Deck
        && st.players[owner]
            .deck
            .first()
            .is_some_and(|c| c.id != a.card)
    {
        let top = st.players[owner]
            .deck
            .first()
            .map(|c| st.who(&c.id))
            .unwrap_or_default();
        return Err(refuse(
            format!("{who} is not the top card of the deck ({top} is); an ability plays a deck's top card"),
            &rules::DECK_TOP,
        ));
    }
    Ok(())
}

/// A card enters play (or an action card resolves), with its Play: abilities when it
/// is played.
fn enter(
    st: &mut State,
    out: &mut Vec<Event>,
    ctx: &mut Ctx,
    a: &ActionSpec,
    card: &str,
    kind: Kind,
    from: Place,
) {
    let played = a.verb != Verb::PutIntoPlay;
    let player = st.players[st.active].name.clone();
    match a.verb {
        Verb::Play => emit(
            st,
            out,
            Change::Note {
                card: card.into(),
                what: "is played from hand.".into(),
            },
            &seed003::PLAY,
        ),
        Verb::PlayFrom => emit(
            st,
            out,
            Change::Note {
                card: card.into(),
                what: format!("is played by an ability from the {}.", from.name()),
            },
            Rule::from(&seed003::PLAY_FROM).house(&rules::ABILITY_PLAYS),
        ),
        _ => {}
    }
    let mover = |to: Place, flank, onto| Change::Move {
        card: card.into(),
        from,
        to,
        player: player.clone(),
        flank,
        onto,
        bottom: false,
    };
    match kind {
        Kind::Creature => {
            let flank = a.flank.unwrap_or_default();
            let rule = if a.flank.is_some() {
                Rule::from(&base::FLANK)
            } else {
                Rule::from(&base::FLANK).house(&rules::DEFAULT_CHOICE)
            };
            emit(st, out, mover(Place::Battleline, Some(flank), None), rule);
            emit(
                st,
                out,
                Change::Exhaust { card: card.into() },
                &base::ENTERS_EXHAUSTED,
            );
        }
        Kind::Artifact => {
            emit(
                st,
                out,
                mover(Place::Artifacts, None, None),
                &base::CARD_TYPES,
            );
            emit(
                st,
                out,
                Change::Exhaust { card: card.into() },
                &base::ENTERS_EXHAUSTED,
            );
        }
        Kind::Upgrade => {
            let target = match &a.target {
                Some(t) => Some(t.clone()),
                None => {
                    let options: Vec<String> =
                        st.creatures().into_iter().map(|(_, id)| id).collect();
                    choose(
                        st,
                        out,
                        ctx,
                        "the creature the upgrade attaches to",
                        options,
                    )
                }
            };
            let Some(t) = target else {
                return;
            };
            emit(
                st,
                out,
                mover(Place::Battleline, None, Some(t)),
                &base::CARD_TYPES,
            );
        }
        Kind::Action => {}
    }
    if played {
        bonus::resolve_icons(st, out, ctx, card);
        if st.is_over() {
            return;
        }
    } else {
        bonus::not_played(st, out, card);
    }
    let abilities = st
        .card(card)
        .map(|c| c.triggered(Trigger::Play))
        .unwrap_or_default();
    // An upgrade's or creature's triggered() includes upgrades only for creatures; the
    // card's own Play: abilities are what a play resolves.
    let own: Vec<_> = abilities
        .into_iter()
        .filter(|(from, _)| from == card)
        .collect();
    if played {
        let rule = if kind == Kind::Action {
            Rule::from(&seed003::PLAY_ACTION_CARD)
        } else {
            Rule::from(&seed003::PLAY_ENTERS)
        };
        for (from, ability) in in_order(st, out, "Play:", own) {
            resolve(
                st,
                out,
                ctx,
                &from,
                st.active,
                &ability,
                Some(Trigger::Play),
                rule,
            );
            if st.is_over() {
                return;
            }
        }
    } else if own.is_empty() {
        emit(
            st,
            out,
            Change::Note {
                card: card.into(),
                what: "is put into play, not played.".into(),
            },
            &seed003::PUT_INTO_PLAY,
        );
    } else {
        for (from, _) in own {
            emit(
                st,
                out,
                Change::NotResolved {
                    card: from,
                    trigger: Some(Trigger::Play),
                    why: "the card was put into play, not played".into(),
                },
                &seed003::PUT_INTO_PLAY,
            );
        }
    }
    if kind == Kind::Action && st.find(card).is_some_and(|l| l.place == from) {
        let owner = st.card(card).map_or(st.active, |c| c.owner);
        let owner_name = st.players[owner.min(1)].name.clone();
        emit(
            st,
            out,
            Change::Move {
                card: card.into(),
                from,
                to: Place::Discard,
                player: owner_name,
                flank: None,
                onto: None,
                bottom: false,
            },
            &seed003::PLAY_ACTION_CARD,
        );
    }
}

/// One card's abilities with the same trigger (its own and its upgrades'), in the
/// active player's order (decisions, when two or more; the default is the written
/// order: published rule "Choices").
fn in_order(
    st: &mut State,
    out: &mut Vec<Event>,
    precursor: &str,
    abilities: Vec<(String, Ability)>,
) -> Vec<(String, Ability)> {
    let items = abilities
        .into_iter()
        .map(|(from, a)| {
            let label = format!("{}'s {precursor} \"{}\"", st.who(&from), a.text);
            (label, (from, a))
        })
        .collect();
    order(st, out, items, TEXT_ORDER)
}
