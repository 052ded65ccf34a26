//! Figures and damage, and the trigger events they are: downing figures ("Whenever a
//! figure is downed from this unit" triggers once per figure actually downed),
//! returning figures to empty slots (a slot filled now makes its figure abilities ready
//! from this moment), and damage ("When this unit is dealt damage"). Which slots, when
//! the words do not say, is the owner's decision (house rule A3). Every trigger is
//! collected at its event, with readiness as it stands then (seed 004: "Triggered
//! abilities need only be ready when the trigger event occurs"), or as the ability's own
//! text says (`ready::usable`); where the event itself changes an ability's readiness,
//! `ready_at_event` says which counts, and a trigger saying "adjacent to" meets a contact
//! only under `adjacent: contact`. "One or more figures" / "any number of" is one
//! occurrence per event. A trigger condition the engine does not read is put to the
//! judge whenever an event could match it (house rule A7): a decision, by default no. A
//! unit whose last figure is downed stays on the battlefield (house rule A9), said in the
//! log.

use super::super::ability::{Kind, Readiness, Trigger};
use super::super::cite::{rules, s};
use super::super::event::{emit, Change, Event};
use super::super::interpret::{Adjacent, ReadyAtEvent};
use super::super::state::State;
use super::decide::ask;
use super::ready::{ready_since, snapshot, usable};
use crate::rules::Rule;

/// One triggered ability waiting to resolve.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pending {
    pub unit: usize,
    pub ability: usize,
    /// The units its event names ("that unit"), as the judge entered them.
    pub targets: Vec<usize>,
    /// Its event is damage dealt to its unit (the seed's damage example).
    pub by_damage: bool,
}

/// Triggers waiting, one batch per event, in the order the events happened.
pub type Queue = Vec<Vec<Pending>>;

/// What happened, for matching trigger conditions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Happened {
    Downed { unit: usize, count: u32, asked: u32 },
    Damaged { unit: usize },
    Ordered { unit: usize, order: String },
    OrderPhase { player: usize },
    MovedByEnemy { unit: usize },
}

impl Happened {
    fn words(&self, st: &State) -> String {
        match self {
            Happened::Downed { unit, .. } => format!("a figure is downed from {}", st.who(*unit)),
            Happened::Damaged { unit } => format!("{} is dealt damage", st.who(*unit)),
            Happened::Ordered { unit, order } => {
                format!("{} is given a {order} order", st.who(*unit))
            }
            Happened::OrderPhase { player } => format!(
                "the start of {}'s order phase",
                st.players.get(*player).map_or("?", |p| p.name.as_str())
            ),
            Happened::MovedByEnemy { unit } => {
                format!(
                    "{} ends its movement in contact with an enemy unit",
                    st.who(*unit)
                )
            }
        }
    }
}

/// Whether trigger `t` of unit `u` matches `h`, and how many occurrences it has.
fn occurrences(st: &State, u: usize, t: &Trigger, h: &Happened) -> u32 {
    match (t, h) {
        (Trigger::FigureDowned, Happened::Downed { unit, count, .. }) if *unit == u => *count,
        (Trigger::FiguresDowned, Happened::Downed { unit, count, .. }) if *unit == u => {
            u32::from(*count > 0)
        }
        (Trigger::DealtDamage, Happened::Damaged { unit }) if *unit == u => 1,
        (Trigger::GivenOrder { order }, Happened::Ordered { unit, order: given })
            if *unit == u && crate::text::fold(order) == crate::text::fold(given) =>
        {
            1
        }
        (Trigger::StartOfOrderPhase, Happened::OrderPhase { player })
            if st.units[u].owner == *player =>
        {
            1
        }
        (Trigger::EndsMoveByEnemy, Happened::MovedByEnemy { unit }) if *unit == u => 1,
        _ => 0,
    }
}

/// Collects every ready triggered ability `h` triggers, logs each trigger, and queues
/// them as one batch; `None` if adjudication stopped (a bad pin).
pub fn collect(st: &mut State, out: &mut Vec<Event>, queue: &mut Queue, h: Happened) -> Option<()> {
    let snap = snapshot(st);
    collect_at(st, out, queue, h, &snap)
}

/// The words of an event kind an unread trigger condition must contain to be asked about.
fn could_match(u: usize, text: &str, h: &Happened) -> bool {
    let t = crate::text::fold(text);
    let has = |w: &str| t.contains(w);
    let (words, unit): (&[&str], Option<usize>) = match h {
        Happened::Downed { unit, .. } => (
            &["downed", "down ", "figure", "destroyed", "killed"],
            Some(*unit),
        ),
        Happened::Damaged { unit } => (&["damage"], Some(*unit)),
        Happened::Ordered { unit, .. } => (&["order"], Some(*unit)),
        Happened::OrderPhase { .. } => (&["phase", "turn"], None),
        Happened::MovedByEnemy { unit } => (&["move", "contact"], Some(*unit)),
    };
    if !words.iter().any(|w| has(w)) {
        return false;
    }
    // "this unit" alone: only an event of this unit could match.
    let others = [
        "enemy",
        "friendly",
        "another",
        "a unit",
        "any unit",
        "units",
        "figure is",
    ];
    match unit {
        Some(e) if has("this unit") && !others.iter().any(|w| has(w)) => e == u,
        _ => true,
    }
}

/// Asks the judge whether unit `u`'s unread trigger `a` ("Whenever this unit is charged")
/// matched event `h`, and how many times (house rule A7): the default is that it did not.
fn ask_unread(
    st: &mut State,
    out: &mut Vec<Event>,
    u: usize,
    a: usize,
    h: &Happened,
    words: &str,
) -> Option<u32> {
    let most = match h {
        Happened::Downed { count, .. } => (*count).max(1),
        _ => 1,
    };
    let mut options = vec!["no: it did not trigger".to_string()];
    options.extend((1..=most).map(|k| format!("yes: {k} occurrence(s)")));
    let ability = &st.units[u].abilities[a];
    let about = format!(
        "did {}'s {} (\"{}\") trigger when {words}",
        st.who(u),
        ability.name,
        ability.text
    );
    let cite = Rule::from(&s::T_BEGIN).house(&rules::UNREAD_TRIGGER);
    let i = ask(
        st,
        out,
        "the judge".into(),
        "did an unread trigger occur",
        about,
        options,
        0,
        "no: a trigger condition the engine does not read triggers only when the judge enters it",
        cite,
    )?;
    Some(i as u32)
}

/// How many times ability `a` of unit `u` triggers at `h` (`None`: adjudication stopped).
fn times(
    st: &mut State,
    out: &mut Vec<Event>,
    u: usize,
    a: usize,
    h: &Happened,
    words: &str,
) -> Option<u32> {
    let ability = &st.units[u].abilities[a];
    match ability.trigger.clone() {
        Some(Trigger::Other { text }) if could_match(u, &text, h) => {
            ask_unread(st, out, u, a, h, words)
        }
        Some(t) => Some(occurrences(st, u, &t, h)),
        None => Some(0),
    }
}

/// The rule behind occurrence `k` of `n` of a trigger at `h`.
fn trigger_cite(st: &State, u: usize, a: usize, h: &Happened, k: u32, n: u32) -> Rule {
    let ability = &st.units[u].abilities[a];
    if matches!(ability.trigger, Some(Trigger::Other { .. })) {
        return Rule::from(if n == 1 { &s::T_ONCE } else { &s::T_MULTIPLE })
            .house(&rules::UNREAD_TRIGGER);
    }
    match (h, n) {
        (_, 1) => Rule::from(&s::T_ONCE),
        _ if k == 1 => Rule::from(&s::T_MULTIPLE),
        (Happened::Downed { count, asked, .. }, _) if asked > count => Rule::from(&s::T_ACTUALLY),
        (Happened::Downed { .. }, 3) => Rule::from(&s::T_THREE),
        _ => Rule::from(&s::T_MULTIPLE),
    }
}

/// Whether ability `a` of unit `u` is ready "when the trigger event occurs", and the
/// rule that says so: `snap` is readiness just before the event, and `ready_at_event`
/// reads which counts when the event itself changed it. `Err(rule)`: not ready.
fn ready_at_event(
    st: &State,
    u: usize,
    a: usize,
    snap: &[Vec<Option<u32>>],
) -> Result<(u32, Option<Rule>), Rule> {
    let before = snap.get(u).and_then(|r| r.get(a)).copied().flatten();
    let after = ready_since(st, u, a);
    let reading = st.readings.ready_at_event;
    let (at, cite) = match (before == after, reading) {
        (true, _) => (before, None),
        (false, ReadyAtEvent::Before) => (before, Some(reading.decides(&s::T_READY_AT_EVENT))),
        (false, ReadyAtEvent::After) => (after, Some(reading.decides(&s::T_READY_AT_EVENT))),
    };
    match at {
        Some(t) => Ok((t, cite)),
        None => Err(cite.unwrap_or(Rule::from(&s::ONLY_READY))),
    }
}

/// Whether ability `a` of unit `u` triggers on `h` as far as "adjacent to" goes, and the
/// rule when `adjacent` decided it: a trigger saying "adjacent to" meets a contact the
/// judge entered only under `adjacent: contact`.
fn adjacency(st: &State, u: usize, a: usize, h: &Happened) -> (bool, Option<Rule>) {
    let adjacent = matches!(h, Happened::MovedByEnemy { .. })
        && crate::text::fold(&st.units[u].abilities[a].text).contains("adjacent to");
    if !adjacent {
        return (true, None);
    }
    let reading = st.readings.adjacent;
    (
        reading == Adjacent::Contact,
        Some(reading.decides(&s::T_BEGIN)),
    )
}

/// Says which reading let ability `a` of unit `u` trigger: `adjacent` (the contact
/// entered is its event) or `ready_at_event` (its readiness changed with the event).
fn name_reading(
    st: &mut State,
    out: &mut Vec<Event>,
    u: usize,
    a: usize,
    adjacent: bool,
    cite: Rule,
) {
    let name = st.units[u].abilities[a].name.clone();
    let what = if adjacent {
        format!(
            "{}'s {name} says \"adjacent to\": the contact entered is its event",
            st.who(u)
        )
    } else {
        format!(
            "{}'s {name}: its readiness changed with the event; it is taken {}",
            st.who(u),
            if st.readings.ready_at_event == ReadyAtEvent::Before {
                "as it stood just before the event (ready)"
            } else {
                "as it stands once the event happened (ready)"
            }
        )
    };
    emit(st, out, Change::Note { what }, cite);
}

/// [`collect`] with readiness as `snap` recorded it at the event (the event's own
/// change, downing a figure, is applied by then). A trigger condition the engine does not
/// read is asked about when the event could match it (house rule A7); an ability whose
/// text gives its own readiness is taken at its word (`ready::usable`).
pub fn collect_at(
    st: &mut State,
    out: &mut Vec<Event>,
    queue: &mut Queue,
    h: Happened,
    snap: &[Vec<Option<u32>>],
) -> Option<()> {
    let mut batch = Vec::new();
    let words = h.words(st);
    for u in 0..st.units.len() {
        for a in 0..st.units[u].abilities.len() {
            if st.units[u].abilities[a].kind != Kind::Triggered {
                continue;
            }
            let at_event = snap.get(u).and_then(|r| r.get(a)).copied().flatten();
            // An unread trigger is asked about only while it could trigger (ready).
            if matches!(
                st.units[u].abilities[a].trigger,
                Some(Trigger::Other { .. })
            ) && at_event.is_none()
                && st.units[u].abilities[a].readiness == Readiness::Usual
            {
                continue;
            }
            let n = times(st, out, u, a, &h, &words)?;
            if n == 0 {
                continue;
            }
            let (fires, by_adjacency) = adjacency(st, u, a, &h);
            if !fires {
                let change = Change::Note {
                    what: format!(
                        "{}'s {} says \"adjacent to\": the contact entered is not its event, so it triggers only when the judge enters it (`trigger`)",
                        st.who(u),
                        st.units[u].abilities[a].name
                    ),
                };
                emit(
                    st,
                    out,
                    change,
                    by_adjacency.unwrap_or(Rule::from(&s::T_BEGIN)),
                );
                continue;
            }
            let (usual, not_ready, by_reading) = match ready_at_event(st, u, a, snap) {
                Ok((since, by_reading)) => (Some(since), Rule::from(&s::ONLY_READY), by_reading),
                Err(cite) => (None, cite, None),
            };
            let Some(since) = usable(st, out, u, a, usual)? else {
                let name = st.units[u].abilities[a].name.clone();
                let change = Change::Note {
                    what: format!(
                        "{}'s {name} is not ready when {words}, so it does not trigger",
                        st.who(u)
                    ),
                };
                emit(st, out, change, not_ready);
                continue;
            };
            if let Some(cite) = by_reading.or(by_adjacency) {
                name_reading(st, out, u, a, by_adjacency.is_some(), cite);
            }
            for k in 1..=n {
                let cite = trigger_cite(st, u, a, &h, k, n);
                let change = Change::Trigger {
                    unit: st.units[u].id.clone(),
                    ability: st.units[u].abilities[a].name.clone(),
                    occurrence: k,
                    of: n,
                    event: words.clone(),
                    ready_since: since,
                };
                emit(st, out, change, cite);
                let targets = match &h {
                    Happened::Damaged { unit } | Happened::Downed { unit, .. } if *unit != u => {
                        vec![*unit]
                    }
                    _ => Vec::new(),
                };
                batch.push(Pending {
                    unit: u,
                    ability: a,
                    targets,
                    by_damage: matches!(h, Happened::Damaged { .. }),
                });
            }
        }
    }
    if !batch.is_empty() {
        queue.push(batch);
    }
    Some(())
}

/// Every way to pick `k` of `from` (in order), at most `limit` of them.
pub fn choices(from: &[usize], k: usize, limit: usize) -> Vec<Vec<usize>> {
    fn go(
        from: &[usize],
        k: usize,
        start: usize,
        cur: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
        limit: usize,
    ) {
        if out.len() >= limit {
            return;
        }
        if cur.len() == k {
            out.push(cur.clone());
            return;
        }
        for i in start..from.len() {
            cur.push(from[i]);
            go(from, k, i + 1, cur, out, limit);
            cur.pop();
            if out.len() >= limit {
                return;
            }
        }
    }
    let mut out = Vec::new();
    go(from, k, 0, &mut Vec::new(), &mut out, limit);
    out
}

fn label(slots: &[usize]) -> String {
    let s: Vec<String> = slots.iter().map(|s| s.to_string()).collect();
    format!("slots {}", s.join(", "))
}

/// The most options a slot decision lists.
const SLOT_OPTIONS: usize = 64;

/// Downs `n` figures of unit `u` (as many as are there: "as long as three figures are
/// actually downed"); `pinned` slots (1-based) if given, else the owner's decision
/// (house rule A3). Returns how many were downed, `None` if adjudication stopped.
#[allow(clippy::too_many_arguments)]
pub fn down(
    st: &mut State,
    out: &mut Vec<Event>,
    queue: &mut Queue,
    u: usize,
    n: u32,
    pinned: &[usize],
    who: usize,
    why: &str,
    cite: Rule,
) -> Option<u32> {
    let occupied: Vec<usize> = (0..st.units[u].slots.len())
        .filter(|&i| st.units[u].slots[i].occupied)
        .map(|i| i + 1)
        .collect();
    let k = (n as usize).min(occupied.len());
    let slots = if !pinned.is_empty() {
        pinned.to_vec()
    } else if k == 0 {
        Vec::new()
    } else {
        let mut options = choices(&occupied, k, SLOT_OPTIONS);
        let default: Vec<usize> = occupied[occupied.len() - k..].to_vec();
        if !options.contains(&default) {
            options.push(default.clone());
        }
        let at = options.iter().position(|o| *o == default).unwrap_or(0);
        let labels = options.iter().map(|o| label(o)).collect();
        let owner = st.players[who].name.clone();
        let about = format!("which figures of {} are downed ({why})", st.who(u));
        let i = ask(
            st,
            out,
            owner,
            "which figures are downed",
            about,
            labels,
            at,
            "the highest-numbered occupied slots",
            Rule::from(&rules::OWNER_CHOOSES),
        )?;
        options.get(i).cloned().unwrap_or_default()
    };
    let count = slots.len() as u32;
    down_slots(st, out, queue, u, slots, n, why, cite)?;
    Some(count)
}

/// Downs the figures in `slots` (1-based, occupied) of unit `u` and collects the
/// triggers with readiness as it was at the event, `asked` being how many the text
/// asked for; `None` if adjudication stopped.
#[allow(clippy::too_many_arguments)]
pub fn down_slots(
    st: &mut State,
    out: &mut Vec<Event>,
    queue: &mut Queue,
    u: usize,
    slots: Vec<usize>,
    asked: u32,
    why: &str,
    cite: Rule,
) -> Option<()> {
    let count = slots.len() as u32;
    if count < asked {
        let change = Change::Note {
            what: format!(
                "{} of the {asked} figure(s) asked for are actually downed from {}",
                count,
                st.who(u)
            ),
        };
        emit(st, out, change, &s::T_ACTUALLY);
    }
    if count == 0 {
        return Some(());
    }
    let snap = snapshot(st);
    let change = Change::Down {
        unit: st.units[u].id.clone(),
        slots,
        why: why.to_string(),
    };
    emit(st, out, change, cite);
    if st.units[u].figures() == 0 && st.units[u].on_battlefield {
        without_figures(st, out, u);
    }
    collect_at(
        st,
        out,
        queue,
        Happened::Downed {
            unit: u,
            count,
            asked,
        },
        &snap,
    )
}

/// Says that unit `u`, without figures, stays on the battlefield (house rule A9).
fn without_figures(st: &mut State, out: &mut Vec<Event>, u: usize) {
    let change = Change::Note {
        what: format!(
            "{} has no figure left; it stays on the battlefield, its unit abilities ready, until the judge takes it off (`leave`)",
            st.who(u)
        ),
    };
    emit(st, out, change, &rules::NO_FIGURES);
}

/// Names, at the first step, every unit on the battlefield whose slots are all empty
/// (house rule A9).
pub fn list_without_figures(st: &mut State, out: &mut Vec<Event>) {
    for u in 0..st.units.len() {
        let unit = &st.units[u];
        if unit.on_battlefield && !unit.slots.is_empty() && unit.figures() == 0 {
            without_figures(st, out, u);
        }
    }
}

/// Returns up to `n` figures to unit `u`'s empty slots (`pinned` if given, else the
/// owner's decision, lowest slots first).
#[allow(clippy::too_many_arguments)]
pub fn give_back(
    st: &mut State,
    out: &mut Vec<Event>,
    u: usize,
    n: u32,
    up_to: bool,
    pinned: &[usize],
    who: usize,
    why: &str,
    cite: Rule,
) -> Option<u32> {
    let empty: Vec<usize> = (0..st.units[u].slots.len())
        .filter(|&i| !st.units[u].slots[i].occupied)
        .map(|i| i + 1)
        .collect();
    let k = (n as usize).min(empty.len());
    let slots = if !pinned.is_empty() {
        pinned.to_vec()
    } else if k == 0 {
        Vec::new()
    } else {
        let sizes: Vec<usize> = if up_to {
            (1..=k).rev().collect()
        } else {
            vec![k]
        };
        let mut options = Vec::new();
        for size in sizes {
            options.extend(choices(&empty, size, SLOT_OPTIONS));
        }
        options.truncate(SLOT_OPTIONS);
        let default: Vec<usize> = empty[..k].to_vec();
        let at = options.iter().position(|o| *o == default).unwrap_or(0);
        let labels = options.iter().map(|o| label(o)).collect();
        let owner = st.players[who].name.clone();
        let about = format!("which empty slots of {} are filled ({why})", st.who(u));
        let i = ask(
            st,
            out,
            owner,
            "which slots figures return to",
            about,
            labels,
            at,
            "as many as allowed, the lowest-numbered empty slots",
            Rule::from(&rules::OWNER_CHOOSES),
        )?;
        options.get(i).cloned().unwrap_or_default()
    };
    let count = slots.len() as u32;
    if count == 0 {
        let change = Change::Note {
            what: format!("{} has no empty slot: no figure returns", st.who(u)),
        };
        emit(st, out, change, cite);
        return Some(0);
    }
    let change = Change::Return {
        unit: st.units[u].id.clone(),
        slots,
        why: why.to_string(),
    };
    emit(st, out, change, cite);
    Some(count)
}

/// Deals `amount` damage to unit `u`, collecting "dealt damage" triggers first. Which
/// figures damage downs is the judge's to enter (house rule A1). `None` if adjudication
/// stopped.
pub fn damage(
    st: &mut State,
    out: &mut Vec<Event>,
    queue: &mut Queue,
    u: usize,
    amount: u32,
    cite: Rule,
) -> Option<()> {
    let change = Change::Damage {
        unit: st.units[u].id.clone(),
        amount,
    };
    emit(st, out, change, cite);
    if amount > 0 {
        collect(st, out, queue, Happened::Damaged { unit: u })?;
    }
    Some(())
}
