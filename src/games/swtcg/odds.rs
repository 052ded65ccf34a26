//! Exact odds of an attack's results: the distribution of the hits, of the damage
//! counters the attack places on each unit, of "the unit is discarded", and the
//! expected damage, as exact fractions (and decimals), conditioned on every pin; every
//! decision the position does not pin takes its default policy, and the model's name
//! says so.
//!
//! The model is dynamic programming over outcome classes, not 6^n faces: a die matters
//! only through its class (a natural 1, a natural 6, another hit, another miss; the
//! natural 4 of the initial roll for Fury), so the roll is a map from class counts to
//! the number of face sequences giving them (`u128`, exact up to 49 dice in all). Each
//! count is kept only as far as a Lucky still to come can tell it apart (its default
//! policy takes at most X dice). Fury's dice, then each Lucky's re-rolls are folded in
//! the same way; the roll then acts only through its [`Summary`], and the resolver's own
//! steps play each summary to the end. When a pin reaches past the first roll (re-roll
//! faces or Lucky's dice), the odds come from the core's enumeration of every chance
//! outcome ([`crate::rules::chance::exact`]) instead. Either way the work is bounded
//! before it starts: an attack over a limit (49 dice; [`MAX_WORK`] table entries by
//! [`work_bound`]; [`MAX_ENUMERATED_DICE`] dice open past a pin) is refused with the
//! limit named, before any die is rolled.
//!
//! This file owns the model, its bounds and the report; the rules it plays are the
//! families'.

use std::collections::{BTreeMap, HashMap};

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, ToPrimitive, Zero};

use super::families::{fury, retaliate, roll};
use super::interpret::FuryDiceNaturals;
use super::report::{Decimals, OddsReport};
use super::state::{Keyword, Phase, Pool, State, Summary};
use crate::rules::odds::{Distribution, Method};
use crate::rules::view::{Bar, Chart, GameOdds};
use crate::rules::Game;

/// An exact probability.
pub type Odds = BigRational;

/// What one play-out of the attack comes to, for the odds.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Result {
    pub hits: u32,
    /// Damage counters the attack placed on each unit, in the position's order.
    pub placed: Vec<u32>,
    /// Whether the attack discarded each unit.
    pub discarded: Vec<bool>,
}

/// The result of a finished attack.
pub fn result_of(st: &State) -> Result {
    Result {
        hits: st.summary.map_or(0, |s| s.hits),
        placed: st
            .units
            .iter()
            .map(|u| (u.damage - u.start_damage).max(0) as u32)
            .collect(),
        discarded: st
            .units
            .iter()
            .zip(&st.position.units)
            // A unit Meditate played back from the discard pile counts when the attack
            // removes it again.
            .map(|(u, spec)| u.discarded && (!spec.discarded || u.meditated))
            .collect(),
    }
}

/// The exact distribution of the attack's [`Result`] from `st` (a state before the
/// roll), and the model's name, playing the steps with `G::advance` (the resolver).
pub fn distribution<G: Game<State = State>>(
    st: &State,
) -> std::result::Result<(BTreeMap<Result, Odds>, &'static str), String> {
    weighted::<G>(st).map(|(w, model)| (w.into_odds(), model))
}

/// The distribution as the model finds it: face-sequence counts over their total (the
/// model's), or exact fractions (the enumeration's).
enum Weighted {
    Counts(BTreeMap<Result, u128>, u128),
    Odds(BTreeMap<Result, Odds>),
}

impl Weighted {
    fn into_odds(self) -> BTreeMap<Result, Odds> {
        match self {
            Weighted::Counts(counts, total) => to_odds(counts, total),
            Weighted::Odds(odds) => odds,
        }
    }
}

/// [`distribution`], its weights as the model finds them (summing counts is much
/// cheaper than summing fractions, which the report does for every figure).
fn weighted<G: Game<State = State>>(
    st: &State,
) -> std::result::Result<(Weighted, &'static str), String> {
    let mut before = st.clone();
    before.odds = false;
    while before.next_phase().is_some_and(|p| p < Phase::Roll) {
        G::advance(&mut before);
    }
    if before.next_phase() != Some(Phase::Roll) {
        return Err("the attack is past its roll".into());
    }
    if before.pins.past_the_roll() {
        // Every face of every die still open is played out: refused at once when that
        // cannot finish within the bound, rather than after running up to it.
        within_enumeration(open_dice(&before))?;
        return enumerate::<G>(&before).map(|d| (Weighted::Odds(d), ENUMERATED));
    }
    within_dice(&dice_to_roll(&before))?;
    within_work(work_bound(&before))?;
    let (summaries, total) = roll_classes(&before)?;
    play_summaries::<G>(&before, summaries, total).map(|(c, t)| (Weighted::Counts(c, t), DP))
}

/// The table entries the model visits from `st` (a state before its roll, no pin past
/// it), counted by running it past the work bound: how the tests check that what
/// [`work_bound`] refuses is over it. Not for answers: it may take seconds.
#[doc(hidden)]
pub fn work_past_the_bound<G: Game<State = State>>(st: &State) -> std::result::Result<u64, String> {
    let mut before = st.clone();
    before.odds = false;
    while before.next_phase().is_some_and(|p| p < Phase::Roll) {
        G::advance(&mut before);
    }
    within_dice(&dice_to_roll(&before))?;
    let start = work_done();
    roll_classes(&before)?;
    Ok(work_done() - start)
}

/// The dice a play-out from `before` (whose next step is the roll) may still roll
/// unpinned: the attack dice, Fury's, each Lucky's re-rolls (never more than the dice
/// rolled), and Retaliate's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpenDice {
    pub attack: u32,
    pub fury: u32,
    pub lucky: u32,
    pub retaliate: u32,
}

impl OpenDice {
    pub fn total(&self) -> u32 {
        self.attack + self.fury + self.lucky + self.retaliate
    }
}

/// The open dice of `before`, for [`within_dice`].
pub fn dice_to_roll(before: &State) -> OpenDice {
    let n = roll::dice_count(before) as usize;
    let fury_x = fury::x(before) as usize;
    let free = |pins: &[Option<u8>], count: usize| {
        (0..count)
            .filter(|i| pins.get(*i).copied().flatten().is_none())
            .count() as u32
    };
    let [xa, xd] = lucky_budget(before, (n + fury_x) as u32);
    OpenDice {
        attack: free(&before.pins.attack, n),
        fury: free(&before.pins.fury, fury_x),
        lucky: xa + xd,
        retaliate: retaliate_bound(before).1,
    }
}

/// Refuses, before any work, an attack whose open dice the model cannot count: every
/// face sequence of every open die is counted in 128 bits, and 6^49 is the largest
/// power of 6 that fits.
pub fn within_dice(open: &OpenDice) -> std::result::Result<(), String> {
    if open.total() <= MAX_DICE {
        return Ok(());
    }
    Err(format!(
        "the exact odds count every face sequence of the dice left to roll in 128 bits, so at most {MAX_DICE} dice; this attack may roll {} ({} attack dice, {} of Fury, {} Lucky re-rolls, {} of Retaliate): pin some dice, or lower a Power, Fury or Lucky",
        open.total(),
        open.attack,
        open.fury,
        open.lucky,
        open.retaliate
    ))
}

/// The most table entries [`work_bound`] may promise for one attack: at the 50–95 ns an
/// entry measured on the reference machine (BENCHMARKS.md, "Star Wars TCG odds in
/// bounded time"), under 50 ms even were the bound met; the attacks measured visit a
/// seventh of their bound or less.
pub const MAX_WORK: u64 = 500_000;

/// Refuses, before any work, an attack whose bound on the model's work ([`work_bound`])
/// is over [`MAX_WORK`].
pub fn within_work(bound: u64) -> std::result::Result<(), String> {
    if bound <= MAX_WORK {
        return Ok(());
    }
    Err(format!(
        "the exact odds of this attack could take up to {bound} steps of the model (its dice, Fury's and each Lucky's re-rolls, counted before any is rolled), and at most {MAX_WORK} are played so that the answer comes within 50 ms: lower a Lucky, a Fury or a Power, or pin some dice"
    ))
}

/// An upper bound on the table entries the model visits from `before` (checked against
/// the count it keeps, [`work_done`], over the format's extremes by
/// `tests/swtcg_odds.rs`, which also holds it within a small factor of that count): each
/// die rolled visits every entry of the table so far six times, and each Lucky joins
/// every entry to the outcomes of the dice it re-rolls. A table never holds more entries
/// than there are distinct (cut counts, hits) of each group's dice so far, times two for
/// Fury's natural 4 during the initial roll; a Lucky re-rolls at most X dice in all,
/// however they split between the groups.
pub fn work_bound(before: &State) -> u64 {
    let n = roll::dice_count(before);
    let fury_x = fury::x(before);
    let budget = lucky_budget(before, n + fury_x);
    let m = Model {
        need: roll::need(before),
        fury: fury_x > 0,
        budget,
    };
    let split = before.readings.fury_dice_naturals == FuryDiceNaturals::InitialOnly && fury_x > 0;
    let most = n + fury_x;
    // The initial roll, Fury's natural 4 noted; then Fury's dice on the entries showing one.
    let keys = KeyCounts::new(&m, most);
    let four = if fury_x > 0 { 2 } else { 1 };
    let mut work = (0..n).fold(0u64, |w, i| {
        w.saturating_add(keys.table(i, 0).saturating_mul(6 * four))
    });
    for j in 0..fury_x {
        let table = if split {
            keys.table(n, j)
        } else {
            keys.table(n + j, 0)
        };
        work = work.saturating_add(table.saturating_mul(6));
    }
    let groups = if split { (n, fury_x) } else { (most, 0) };
    let mut cur = m;
    for (side, &x) in budget.iter().enumerate() {
        if x == 0 {
            continue;
        }
        let table = KeyCounts::new(&cur, most).table(groups.0, groups.1);
        cur.budget[side] = 0;
        // A policy whose classes have no faces (the attacking player's when every face
        // hits) re-rolls nothing: each entry is joined to no fresh dice.
        if !cur.orders()[side]
            .iter()
            .any(|&(_, class)| cur.has_faces(class))
        {
            work = work.saturating_add(table);
            continue;
        }
        let fresh = KeyCounts::new(&cur, x);
        let most = (x.min(groups.0), x.min(groups.1));
        work = work.saturating_add(lucky_work(&fresh, x, most, table));
    }
    work
}

/// The entries one Lucky of X `x` visits: every entry of `table` joined to the outcomes
/// of the dice it re-rolls (at most the largest table of `x` dice or fewer, however they
/// split between the groups), and each split's fresh dice rolled once, a die at a time.
fn lucky_work(fresh: &KeyCounts, x: u32, most: (u32, u32), table: u64) -> u64 {
    // The entries rolling the first k dice of a group visits, six each.
    let rolled = |group: usize| -> Vec<u64> {
        (0..=x).fold(vec![0u64], |mut acc, k| {
            let last = acc.last().copied().unwrap_or(0);
            acc.push(last.saturating_add(fresh.of(group, k).saturating_mul(6)));
            acc
        })
    };
    let (rolled0, rolled1) = (rolled(0), rolled(1));
    let mut largest = 0u64;
    let mut rolls = 0u64;
    for r0 in 0..=most.0 {
        for r1 in 0..=most.1.min(x - r0) {
            largest = largest.max(fresh.table(r0, r1));
            let group1 = fresh.of(0, r0).saturating_mul(rolled1[r1 as usize]);
            rolls = rolls.saturating_add(rolled0[r0 as usize].saturating_add(group1));
        }
    }
    table.saturating_mul(largest).saturating_add(rolls)
}

/// The distinct (counts cut at the most a model's Lucky could tell apart, hits) of 0 to
/// `most` dice of each group, for [`work_bound`]: every split of the dice among the
/// classes that have faces, counted once per key.
struct KeyCounts {
    m: Model,
    of: [Vec<u64>; 2],
}

impl KeyCounts {
    fn new(m: &Model, most: u32) -> KeyCounts {
        KeyCounts {
            m: *m,
            of: [key_counts(m, 0, most), key_counts(m, 1, most)],
        }
    }
    fn of(&self, group: usize, dice: u32) -> u64 {
        self.of[group]
            .get(dice as usize)
            .copied()
            .unwrap_or(u64::MAX)
    }
    /// The most entries a table of `n0` dice of group 0 and `n1` of group 1 holds: each
    /// group's keys side by side, or, where the Luckys' budgets cut harder than that
    /// counts, the cuts each policy can tell apart across both groups times the hits.
    fn table(&self, n0: u32, n1: u32) -> u64 {
        let apart = self.of(0, n0).saturating_mul(self.of(1, n1));
        if apart <= 64 {
            return apart;
        }
        let [ma, hd] = self.m.orders();
        let joint = policy_cuts(&self.m, ma, self.m.budget[0], [n0, n1])
            .saturating_mul(policy_cuts(&self.m, hd, self.m.budget[1], [n0, n1]))
            .saturating_mul(u64::from(n0 + n1 + 1));
        apart.min(joint)
    }
}

/// The distinct cuts [`Model::canon`] makes of the classes one policy reads (`order`,
/// with its `budget`) for `dice` dice of each group: each class in turn keeps at most
/// what the budget left can take (one more for a natural 1 or 6 the summary reads) and
/// no more than its group's dice, and every sequence of choices is a distinct cut.
fn policy_cuts(m: &Model, order: &[(usize, usize)], budget: u32, dice: [u32; 2]) -> u64 {
    // ways[left]: the distinct cuts of the classes so far that leave `left` of the budget.
    let mut ways = vec![0u64; budget as usize + 1];
    ways[budget as usize] = 1;
    for &(g, class) in order {
        let shown = u32::from(g == 0 && (class == ONE || class == SIX));
        let mut next = vec![0u64; budget as usize + 1];
        for (left, &w) in ways.iter().enumerate().filter(|(_, w)| **w > 0) {
            let left = left as u32;
            let top = if m.has_faces(class) {
                (left + shown).min(dice[g])
            } else {
                0
            };
            for v in 0..=top {
                let l = (left - v.min(left)) as usize;
                next[l] = next[l].saturating_add(w);
            }
        }
        ways = next;
    }
    ways.iter().fold(0u64, |a, w| a.saturating_add(*w))
}

/// The cap on each class's count of `group` in `m`'s keys: what the Lucky whose order
/// reads the class could take from it, one more for a natural 1 or 6 the summary reads.
fn caps(m: &Model, group: usize) -> [u32; 4] {
    let [ma, hd] = m.orders();
    let cap = |class: usize| -> u32 {
        let shown = u32::from(group == 0 && (class == ONE || class == SIX));
        let side = usize::from(!ma.contains(&(group, class)) && hd.contains(&(group, class)));
        m.budget[side] + shown
    };
    [cap(ONE), cap(SIX), cap(HIT), cap(MISS)]
}

/// The distinct keys of 0 to `most` dice of `group` ([`KeyCounts`]). With a need of 2 to
/// 6 the hits are the natural 6s and the other hits, so a key is a (natural 6s, other
/// hits) part of `h` dice beside a (natural 1s, misses) part of the rest, counted apart
/// and multiplied; otherwise (every face hits, or none) every split is counted.
fn key_counts(m: &Model, group: usize, most: u32) -> Vec<u64> {
    let caps = caps(m, group);
    let (has_hit, has_miss) = (m.has_faces(HIT), m.has_faces(MISS));
    if !(2..=6).contains(&m.need) {
        return (0..=most).map(|i| every_split(m, caps, i)).collect();
    }
    // Distinct (min(p, cap_p), min(k - p, cap_q)) over p = 0..=k: monotone in p, so
    // each change from the last is new. A class without faces holds none.
    let part = |k: u32, cap_p: u32, cap_q: u32, q_exists: bool| -> u64 {
        let mut last = None;
        let mut n = 0u64;
        for p in 0..=k {
            if !q_exists && p != k {
                continue;
            }
            let key = (p.min(cap_p), (k - p).min(cap_q));
            if last != Some(key) {
                n += 1;
                last = Some(key);
            }
        }
        n
    };
    let hits: Vec<u64> = (0..=most)
        .map(|h| part(h, caps[1], caps[2], has_hit))
        .collect();
    let rest: Vec<u64> = (0..=most)
        .map(|k| part(k, caps[0], caps[3], has_miss))
        .collect();
    (0..=most as usize)
        .map(|i| {
            (0..=i).fold(0u64, |acc, h| {
                acc.saturating_add(hits[h].saturating_mul(rest[i - h]))
            })
        })
        .collect()
}

/// The distinct (cut counts, hits) of `dice` dice when every face hits (need 1: no
/// misses) or none does (need 7: no other hits), enumerated.
fn every_split(m: &Model, caps: [u32; 4], dice: u32) -> u64 {
    let (free, none) = if m.need <= 1 {
        (HIT, MISS)
    } else {
        (MISS, HIT)
    };
    let mut seen = std::collections::HashSet::new();
    for one in 0..=dice {
        for six in 0..=dice - one {
            let mut c = [0u32; 4];
            c[ONE] = one;
            c[SIX] = six;
            c[free] = dice - one - six;
            c[none] = 0;
            let hits = if m.need <= 1 { dice } else { 0 };
            let cut = [
                c[0].min(caps[0]),
                c[1].min(caps[1]),
                c[2].min(caps[2]),
                c[3].min(caps[3]),
            ];
            seen.insert((cut, hits));
        }
    }
    seen.len() as u64
}

/// The most dice the model counts (6^49 < 2^128 < 6^50).
pub const MAX_DICE: u32 = 49;

thread_local! {
    static WORK: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// Notes `n` entries of the model's tables visited (see [`work_done`]).
fn count_work(n: u64) {
    WORK.with(|w| w.set(w.get().saturating_add(n)));
}

/// The table entries the model has visited on this thread so far: the measure of its
/// work that the tests bound (a count, not a clock, so it holds on a loaded machine).
pub fn work_done() -> u64 {
    WORK.with(|w| w.get())
}

/// Plays each summary of the roll from `before` (a state whose next step is the roll or
/// the re-rolls) to the end: the exact distribution of the results, as face-sequence
/// counts and their total.
fn play_summaries<G: Game<State = State>>(
    before: &State,
    summaries: BTreeMap<Summary, u128>,
    total: u128,
) -> std::result::Result<(BTreeMap<Result, u128>, u128), String> {
    let (retaliate_total, _) = retaliate_bound(before);
    let total = total.checked_mul(retaliate_total).ok_or_else(overflow)?;
    // Face-sequence counts per result first (integers), one fraction per result last.
    let mut counts: BTreeMap<Result, u128> = BTreeMap::new();
    // After the pending damage POP the attack reads only the damage pending and
    // whether a natural 1 counts: summaries alike in those play out alike, so each
    // such pair is played to the end once.
    let mut played: HashMap<(u32, bool), Vec<(Result, u128)>> = HashMap::new();
    for (summary, weight) in summaries {
        stop_when_exhausted()?;
        let mut after = before.clone();
        after.summary = Some(summary);
        after.phase = Some(Phase::Hits);
        G::advance(&mut after);
        let key = (after.pending, summary.one);
        let results = match played.get(&key) {
            Some(r) => r.clone(),
            None => {
                let r = finish::<G>(after, retaliate_total)?;
                played.insert(key, r.clone());
                r
            }
        };
        for (mut result, w) in results {
            result.hits = summary.hits;
            let w = weight.checked_mul(w).ok_or_else(overflow)?;
            let e = counts.entry(result).or_default();
            *e = e.checked_add(w).ok_or_else(overflow)?;
        }
    }
    Ok((counts, total))
}

fn to_odds(counts: BTreeMap<Result, u128>, total: u128) -> BTreeMap<Result, Odds> {
    let total = BigInt::from(total);
    counts
        .into_iter()
        .map(|(r, w)| (r, Odds::new(BigInt::from(w), total.clone())))
        .collect()
}

/// The exact distribution of the attack's [`Result`] from any state of it (before the
/// roll, between the roll and the re-rolls, or after), and how it was computed: the
/// model where it applies, else the core's enumeration within a bound.
pub fn distribution_from<G: Game<State = State>>(
    st: &State,
) -> std::result::Result<(BTreeMap<Result, Odds>, Method), String> {
    let model = || Method::Aggregated { model: DP };
    match st.next_phase() {
        None => Ok((BTreeMap::from([(result_of(st), Odds::one())]), model())),
        Some(p) if p <= Phase::Roll => match distribution::<G>(st)? {
            (d, ENUMERATED) => Ok((d, Method::Aggregated { model: ENUMERATED })),
            (d, _) => Ok((d, model())),
        },
        Some(Phase::Rerolls) if st.pins.past_the_roll() => {
            let pinned = st.pins.rerolls.len() as u32;
            within_enumeration(lucky_rerolls(st).saturating_sub(pinned) + retaliate_bound(st).1)?;
            crate::rules::odds::exact::<G, Result>(st, result_of, ENUMERATION_RUNS)
                .map(|d| (d.outcomes, d.method))
                .map_err(|e| e.to_string())
        }
        Some(Phase::Rerolls) => {
            let [xa, xd] = lucky_budget(st, st.dice.len() as u32);
            within_dice(&OpenDice {
                attack: 0,
                fury: 0,
                lucky: xa + xd,
                retaliate: retaliate_bound(st).1,
            })?;
            let (summaries, total) = current_classes(st)?;
            play_summaries::<G>(st, summaries, total).map(|(c, t)| (to_odds(c, t), model()))
        }
        Some(_) => {
            let (scale, _) = retaliate_bound(st);
            let counts = finish::<G>(st.clone(), scale)?.into_iter().fold(
                BTreeMap::new(),
                |mut m: BTreeMap<Result, u128>, (r, w)| {
                    *m.entry(r).or_default() += w;
                    m
                },
            );
            Ok((to_odds(counts, scale), model()))
        }
    }
}

/// The outcome sentence of `r` over `st`'s units, as [`crate::rules::Game::outcome_sentence`]
/// words it at the end of the attack.
pub fn sentence_of(st: &State, r: &Result) -> String {
    let damage: Vec<String> = st
        .units
        .iter()
        .zip(&r.placed)
        .filter(|(_, n)| **n > 0)
        .map(|(u, n)| format!("{} takes {n}", u.id))
        .collect();
    let mut s = if damage.is_empty() {
        "No damage.".to_string()
    } else {
        format!("{}.", damage.join(", "))
    };
    // A unit that started in the discard pile and leaves play again was played back by
    // Meditate, so it is removed from the game instead of discarded.
    let gone = |removed: bool| -> Vec<&str> {
        st.units
            .iter()
            .zip(&st.position.units)
            .zip(&r.discarded)
            .filter(|((_, spec), d)| **d && spec.discarded == removed)
            .map(|((u, _), _)| u.id.as_str())
            .collect()
    };
    let (discarded, removed) = (gone(false), gone(true));
    if !discarded.is_empty() {
        s.push_str(&format!(" Discarded: {}.", discarded.join(", ")));
    }
    if !removed.is_empty() {
        s.push_str(&format!(" Removed from the game: {}.", removed.join(", ")));
    }
    s
}

/// The step page's odds from `st`: each result in words, and two charts (the defender's
/// damage counters; the chance each unit that can be is discarded).
pub fn game_odds<G: Game<State = State>>(st: &State) -> std::result::Result<GameOdds, String> {
    let (dist, method) = distribution_from::<G>(st)?;
    let mut results: BTreeMap<String, Odds> = BTreeMap::new();
    for (r, p) in &dist {
        *results.entry(sentence_of(st, r)).or_insert_with(Odds::zero) += p;
    }
    let bar = |label: String, p: &Odds| Bar {
        label,
        odds: p.to_string(),
        decimal: dec(p),
    };
    let d = st.defender;
    let mut damage: BTreeMap<u32, Odds> = BTreeMap::new();
    for (r, p) in &dist {
        *damage.entry(r.placed[d]).or_insert_with(Odds::zero) += p;
    }
    let top = damage.keys().max().copied().unwrap_or(0);
    let defender = &st.units[d].id;
    let mut charts = vec![Chart {
        id: format!("damage-{defender}"),
        title: format!("Damage counters this attack places on {defender}, the defender"),
        axis: "counters".into(),
        bars: (0..=top)
            .map(|n| {
                bar(
                    n.to_string(),
                    &damage.get(&n).cloned().unwrap_or_else(Odds::zero),
                )
            })
            .collect(),
        method: method.clone(),
    }];
    // A unit Meditate played back leaves play removed from the game, not discarded.
    let removed = |i: usize| st.position.units.get(i).is_some_and(|s| s.discarded);
    let leaves = |i: usize| dist.keys().any(|r| r.discarded[i]);
    let chance = |i: usize| {
        dist.iter()
            .filter(|(r, _)| r.discarded[i])
            .map(|(_, p)| p.clone())
            .fold(Odds::zero(), |a, b| a + b)
    };
    let units: Vec<usize> = (0..st.units.len())
        .filter(|&i| !removed(i) && (i == d || leaves(i)))
        .collect();
    charts.push(Chart {
        id: "discarded".into(),
        title: "The chance each unit is discarded".into(),
        axis: "unit".into(),
        bars: units
            .iter()
            .map(|&i| bar(st.units[i].id.clone(), &chance(i)))
            .collect(),
        method: method.clone(),
    });
    let gone: Vec<usize> = (0..st.units.len())
        .filter(|&i| removed(i) && leaves(i))
        .collect();
    if !gone.is_empty() {
        charts.push(Chart {
            id: "removed".into(),
            title: "The chance each unit is removed from the game (Meditate played it)".into(),
            axis: "unit".into(),
            bars: gone
                .iter()
                .map(|&i| bar(st.units[i].id.clone(), &chance(i)))
                .collect(),
            method: method.clone(),
        });
    }
    Ok(GameOdds {
        results: Distribution {
            outcomes: results,
            method,
        },
        charts,
    })
}

/// Plays `st` (past its roll) to the end: the results with their face-sequence counts
/// over Retaliate's dice, which sum to `scale` (6 to the most Retaliate dice left open
/// from the roll, so every play-out counts sequences of the same dice).
fn finish<G: Game<State = State>>(
    mut st: State,
    scale: u128,
) -> std::result::Result<Vec<(Result, u128)>, String> {
    let mut guard = 0;
    while !st.is_over() && st.next_phase() != Some(Phase::Retaliate) && guard < 64 {
        G::advance(&mut st);
        guard += 1;
    }
    if st.next_phase() != Some(Phase::Retaliate) {
        return Ok(vec![(result_of(&st), scale)]);
    }
    // Retaliate's dice: only their hits on the attacker matter.
    let a = st.attacker;
    let need = retaliate::need_against(&st, a);
    let dice: usize = st.retaliators().iter().map(|(_, x)| *x as usize).sum();
    let pinned_hits = (0..dice)
        .filter(|&i| {
            st.pins
                .retaliate
                .get(i)
                .copied()
                .flatten()
                .is_some_and(|f| f >= need)
        })
        .count() as u32;
    let free = (0..dice)
        .filter(|&i| st.pins.retaliate.get(i).copied().flatten().is_none())
        .count() as u32;
    let per = scale / 6u128.checked_pow(free).ok_or_else(overflow)?;
    let base = result_of(&st);
    let (hit_faces, miss_faces) = (u128::from(7 - need), u128::from(need - 1));
    let mut out = Vec::new();
    for k in 0..=free {
        let ways = binomial(free, k)
            .checked_mul(hit_faces.checked_pow(k).ok_or_else(overflow)?)
            .and_then(|w| w.checked_mul(miss_faces.checked_pow(free - k)?))
            .and_then(|w| w.checked_mul(per))
            .ok_or_else(overflow)?;
        if ways == 0 {
            continue;
        }
        let hits = pinned_hits + k;
        let mut r = base.clone();
        r.placed[a] += hits;
        let u = &st.units[a];
        r.discarded[a] = (u.discarded || u.damage + hits as i32 >= u.health)
            && (!st.position.units[a].discarded || u.meditated);
        out.push((r, ways));
    }
    Ok(out)
}

fn binomial(n: u32, k: u32) -> u128 {
    (0..k).fold(1u128, |acc, i| acc * u128::from(n - i) / u128::from(i + 1))
}

/// 6 to the most Retaliate dice a play-out from `before` leaves open (every unit
/// attacked so far with Retaliate, discarded or not), and that number of dice.
fn retaliate_bound(before: &State) -> (u128, u32) {
    let dice: usize = before
        .attacked
        .iter()
        .map(|&i| {
            before.units[i]
                .all_instances(Keyword::Retaliate)
                .iter()
                .map(|a| a.x as usize)
                .sum::<usize>()
        })
        .sum();
    let free = (0..dice)
        .filter(|&i| before.pins.retaliate.get(i).copied().flatten().is_none())
        .count() as u32;
    (6u128.saturating_pow(free), free)
}

const DP: &str = "dynamic programming over outcome classes (hits, natural 1, natural 4, natural 6); every decision the position does not pin takes its default policy (house rule S11; docs/rules/swtcg.md, \"Decisions and their default policies\")";
const ENUMERATED: &str = "every chance outcome played out (a pin reaches past the first roll); every decision the position does not pin takes its default policy (house rule S11; docs/rules/swtcg.md, \"Decisions and their default policies\")";

/// Steps the enumeration may play out: more than the most that [`MAX_ENUMERATED_DICE`]
/// open dice take (`tests/swtcg_odds.rs` plays the format's extremes), some 30 ms.
pub const ENUMERATION_RUNS: usize = 30_000;

/// Dice left open that the enumeration takes on: 6^4 = 1,296 sequences, each played
/// to the end of the attack (up to some twenty steps), is within [`ENUMERATION_RUNS`];
/// a fifth die would be 7,776 sequences.
pub const MAX_ENUMERATED_DICE: u32 = 4;

/// Refuses, before any work, an enumeration of more open dice than it finishes within
/// its bound.
fn within_enumeration(open: u32) -> std::result::Result<(), String> {
    if open <= MAX_ENUMERATED_DICE {
        return Ok(());
    }
    Err(format!(
        "a pin reaches past the first roll (a re-roll's face or Lucky's dice), so every outcome is played out one by one, and {open} dice are left open: at most {MAX_ENUMERATED_DICE} (6^{MAX_ENUMERATED_DICE} = {} outcomes, played within {ENUMERATION_RUNS} steps); pin more dice, or unpin the re-rolls and Lucky's dice",
        6u32.pow(MAX_ENUMERATED_DICE)
    ))
}

/// The dice still to roll that no pin fixes, at most: the attack dice, Fury's, the
/// re-rolls each Lucky may make (as many as its pinned dice, where they are pinned) less
/// the re-rolls whose faces are pinned, and Retaliate's.
fn open_dice(before: &State) -> u32 {
    let d = dice_to_roll(before);
    d.attack
        + d.fury
        + lucky_rerolls(before).saturating_sub(before.pins.rerolls.len() as u32)
        + d.retaliate
}

/// The re-rolls both players' Lucky may make: each one's pinned dice where a judge
/// pinned them, else its X (never more than the dice rolled).
fn lucky_rerolls(st: &State) -> u32 {
    let most = roll::dice_count(st) + fury::x(st);
    let budget = lucky_budget(st, most);
    [st.attacker, st.defender]
        .iter()
        .zip(budget)
        .map(|(&u, x)| {
            let side = usize::from(st.units[u].side == super::state::Side::Light);
            st.pins.lucky[side]
                .as_ref()
                .map_or(x, |dice| (dice.len() as u32).min(x))
        })
        .sum()
}

fn enumerate<G: Game<State = State>>(
    before: &State,
) -> std::result::Result<BTreeMap<Result, Odds>, String> {
    crate::rules::odds::exact::<G, Result>(before, result_of, ENUMERATION_RUNS)
        .map(|d| d.outcomes)
        .map_err(|e| e.to_string())
}

/// Class of a face: a natural 1, a natural 6, another hit, another miss.
const ONE: usize = 0;
const SIX: usize = 1;
const HIT: usize = 2;
const MISS: usize = 3;

/// Counts of dice by (whether their naturals count, class), the hits, and whether the
/// initial roll showed a natural 4. The counts are kept only as far as a Lucky still to
/// come can tell them apart ([`Model::canon`]); the hits are exact.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
struct Key {
    c: [[u8; 4]; 2],
    hits: u8,
    four: bool,
}

/// What the model needs to know of the attack: the face that hits, whether Fury's
/// natural 4 is watched, and how many dice each player's Lucky may still re-roll.
#[derive(Clone, Copy)]
struct Model {
    need: u8,
    /// The attacker has Fury: a natural 4 of the initial roll is noted.
    fury: bool,
    /// Re-rolls still to come: the attacking player's Lucky's, the defending player's.
    budget: [u32; 2],
}

/// The order in which each default policy takes dice, (group, class): the attacking
/// player's (misses, natural 1s first) and the defending player's (hits, natural 6s
/// first, natural 1s last); a natural 1 hits only when every face does.
const MISS_ORDER: [(usize, usize); 4] = [(0, ONE), (1, ONE), (0, MISS), (1, MISS)];
const HIT_ORDER: [(usize, usize); 4] = [(0, SIX), (1, SIX), (0, HIT), (1, HIT)];
const MISS_ORDER_ALL_HIT: [(usize, usize); 2] = [(0, MISS), (1, MISS)];
const HIT_ORDER_ALL_HIT: [(usize, usize); 6] =
    [(0, SIX), (1, SIX), (0, HIT), (1, HIT), (0, ONE), (1, ONE)];

impl Model {
    fn class(&self, face: u8) -> usize {
        match face {
            1 => ONE,
            6 => SIX,
            f if f >= self.need => HIT,
            _ => MISS,
        }
    }
    /// Whether any face falls in `class` (no other hit when a 6 is needed, no miss
    /// when a 2 is).
    fn has_faces(&self, class: usize) -> bool {
        (1..=6).any(|f| self.class(f) == class)
    }
    /// Each player's policy order: the attacking player's, the defending player's.
    fn orders(&self) -> [&'static [(usize, usize)]; 2] {
        if self.need <= 1 {
            [&MISS_ORDER_ALL_HIT, &HIT_ORDER_ALL_HIT]
        } else {
            [&MISS_ORDER, &HIT_ORDER]
        }
    }
    /// `k` with each count cut to what the Lucky re-rolls still to come can tell apart:
    /// walking a policy's order with its budget, a class keeps at most the dice the
    /// policy could still take from it (one more for a natural 1 or 6 that counts, whose
    /// presence the summary reads). Two keys cut alike play alike from here on, since
    /// counts only grow until the policy that reads them has taken its dice.
    fn canon(&self, mut k: Key) -> Key {
        for (order, budget) in self.orders().iter().zip(self.budget) {
            let mut left = budget;
            for &(g, class) in order.iter() {
                let shown = u32::from(g == 0 && (class == ONE || class == SIX));
                let v = u32::from(k.c[g][class]);
                k.c[g][class] = v.min(left + shown) as u8;
                left -= v.min(left);
            }
        }
        k
    }
    /// `k` with one more die showing `face` (in the initial roll when `initial`: a
    /// natural 4 there is noted for Fury).
    fn add(&self, mut k: Key, group: usize, face: u8, initial: bool) -> Key {
        k.four |= self.fury && initial && face == 4;
        let c = &mut k.c[group][self.class(face)];
        *c = c.saturating_add(1);
        if face >= self.need {
            k.hits = k.hits.saturating_add(1);
        }
        self.canon(k)
    }
    /// The dice of `a` and of `b` together.
    fn combine(&self, mut a: Key, b: &Key) -> Key {
        for (ga, gb) in a.c.iter_mut().zip(b.c) {
            for (x, y) in ga.iter_mut().zip(gb) {
                *x = x.saturating_add(y);
            }
        }
        a.hits = a.hits.saturating_add(b.hits);
        self.canon(a)
    }
}

/// A small, fast hasher for [`Key`]s (the standard one is built against hostile keys;
/// these are counts the model makes itself).
#[derive(Default)]
struct KeyHasher(u64);

impl std::hash::Hasher for KeyHasher {
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 = (self.0.rotate_left(5) ^ u64::from(*b)).wrapping_mul(0x517c_c1b7_2722_0a95);
        }
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

type Table = HashMap<Key, u128, std::hash::BuildHasherDefault<KeyHasher>>;

fn table() -> Table {
    Table::default()
}

/// An error once the thread's budget ([`crate::rules::budget`]) has run out: the model
/// stops, and whoever set the budget answers with its limit instead.
fn stop_when_exhausted() -> std::result::Result<(), String> {
    if crate::rules::budget::exhausted() {
        return Err("stopped: the computation's budget ran out".into());
    }
    Ok(())
}

fn overflow() -> String {
    format!("the exact model counts face sequences in 128 bits: at most {MAX_DICE} dice in one attack, re-rolls included")
}

/// Rolls one die into every entry (`pin`: a fixed face; else all six).
fn roll_one(
    m: &Model,
    table: Table,
    group: usize,
    pin: Option<u8>,
    initial: bool,
) -> std::result::Result<Table, String> {
    let mut next: Table = Table::with_capacity_and_hasher(table.len() * 2, Default::default());
    for (i, (k, w)) in table.into_iter().enumerate() {
        if i % 1024 == 0 {
            stop_when_exhausted()?;
        }
        count_work(6);
        match pin {
            Some(f) => *next.entry(m.add(k, group, f, initial)).or_default() += w,
            None => {
                for f in 1..=6 {
                    let e = next.entry(m.add(k, group, f, initial)).or_default();
                    *e = e.checked_add(w).ok_or_else(overflow)?;
                }
            }
        }
    }
    Ok(next)
}

/// The Lucky X of unit `u` (its instances add; cumulative).
fn lucky_of(st: &State, u: usize) -> u32 {
    st.units[u]
        .all_instances(Keyword::Lucky)
        .iter()
        .map(|a| a.x)
        .sum()
}

/// The dice each Lucky may re-roll, the attacking player's and the defending player's:
/// its X, but never more than the `dice` rolled ("You can't re-roll more dice than are
/// rolled for the attack.").
fn lucky_budget(st: &State, dice: u32) -> [u32; 2] {
    [
        lucky_of(st, st.attacker).min(dice),
        lucky_of(st, st.defender).min(dice),
    ]
}

/// The distribution of the roll's [`Summary`] as face-sequence counts, and their total.
fn roll_classes(before: &State) -> std::result::Result<(BTreeMap<Summary, u128>, u128), String> {
    let n = roll::dice_count(before) as usize;
    let fury_x = fury::x(before) as usize;
    let mut m = Model {
        need: roll::need(before),
        fury: fury_x > 0,
        budget: lucky_budget(before, (n + fury_x) as u32),
    };
    let fury_group = match before.readings.fury_dice_naturals {
        FuryDiceNaturals::Count => 0,
        FuryDiceNaturals::InitialOnly => 1,
    };
    let mut total: u128 = 1;
    let mut table = table();
    table.insert(Key::default(), 1u128);
    // The initial roll: the natural 4 is noted for Fury.
    for i in 0..n {
        let pin = before.pins.attack.get(i).copied().flatten();
        if pin.is_none() {
            total = total.checked_mul(6).ok_or_else(overflow)?;
        }
        table = roll_one(&m, table, 0, pin, true)?;
    }
    // Fury's dice, where a natural 4 was rolled; the other entries are scaled so every
    // entry counts sequences of the same dice.
    if fury_x > 0 {
        let free = (0..fury_x)
            .filter(|i| before.pins.fury.get(*i).copied().flatten().is_none())
            .count() as u32;
        let scale = 6u128.checked_pow(free).ok_or_else(overflow)?;
        total = total.checked_mul(scale).ok_or_else(overflow)?;
        let (mut fired, rest): (Table, Table) = table.into_iter().partition(|(k, _)| k.four);
        m.fury = false;
        for i in 0..fury_x {
            fired = roll_one(
                &m,
                fired,
                fury_group,
                before.pins.fury.get(i).copied().flatten(),
                false,
            )?;
        }
        table = self::table();
        for (mut k, w) in rest {
            k.four = false;
            let e = table.entry(k).or_default();
            *e = e
                .checked_add(w.checked_mul(scale).ok_or_else(overflow)?)
                .ok_or_else(overflow)?;
        }
        for (mut k, w) in fired {
            k.four = false;
            let e = table.entry(k).or_default();
            *e = e.checked_add(w).ok_or_else(overflow)?;
        }
    }
    lucky_and_summarise(m, table, total)
}

/// Folds each Lucky's re-rolls (by its default policy) into `table`, then sums the
/// entries by [`Summary`]. The fresh dice of a re-roll are rolled once per number of
/// dice re-rolled from each group, then joined to every entry that re-rolls as many.
fn lucky_and_summarise(
    mut m: Model,
    mut table: Table,
    mut total: u128,
) -> std::result::Result<(BTreeMap<Summary, u128>, u128), String> {
    // Lucky, the attacking player's first (house rule S2).
    for side in 0..2 {
        let x = m.budget[side];
        if x == 0 {
            continue;
        }
        total = total
            .checked_mul(6u128.checked_pow(x).ok_or_else(overflow)?)
            .ok_or_else(overflow)?;
        let mut after = m;
        after.budget[side] = 0;
        let mut fresh: HashMap<(u32, u32), Vec<(Key, u128)>> = HashMap::new();
        let mut next = self::table();
        for (k, w) in table {
            stop_when_exhausted()?;
            let (kept, r) = pick(&m, k, x, side == 0);
            let kept = after.canon(kept);
            let pad = 6u128.checked_pow(x - r.0 - r.1).ok_or_else(overflow)?;
            let w = w.checked_mul(pad).ok_or_else(overflow)?;
            if let std::collections::hash_map::Entry::Vacant(e) = fresh.entry(r) {
                e.insert(fresh_dice(&after, r)?);
            }
            let dice = fresh.get(&r).map_or(&[][..], |t| t.as_slice());
            count_work(dice.len() as u64);
            for (d, dw) in dice {
                let e = next.entry(after.combine(kept, d)).or_default();
                *e = w
                    .checked_mul(*dw)
                    .and_then(|v| e.checked_add(v))
                    .ok_or_else(overflow)?;
            }
        }
        table = next;
        m = after;
    }
    let mut out: BTreeMap<Summary, u128> = BTreeMap::new();
    for (k, w) in table {
        let s = Summary {
            hits: u32::from(k.hits),
            one: k.c[0][ONE] > 0,
            six: k.c[0][SIX] > 0,
        };
        let e = out.entry(s).or_default();
        *e = e.checked_add(w).ok_or_else(overflow)?;
    }
    Ok((out, total))
}

/// Every outcome of `r.0` fresh dice of group 0 and `r.1` of group 1, cut by `m`.
fn fresh_dice(m: &Model, r: (u32, u32)) -> std::result::Result<Vec<(Key, u128)>, String> {
    let mut t = table();
    t.insert(Key::default(), 1);
    for (group, count) in [(0, r.0), (1, r.1)] {
        for _ in 0..count {
            t = roll_one(m, t, group, None, false)?;
        }
    }
    Ok(t.into_iter().collect())
}

/// The distribution of the roll's [`Summary`] from `st`, whose dice are rolled and whose
/// re-rolls are still to come: the dice as they lie, then each Lucky.
fn current_classes(st: &State) -> std::result::Result<(BTreeMap<Summary, u128>, u128), String> {
    let rolled = st.dice.iter().filter(|d| d.pool != Pool::Retaliate);
    let m = Model {
        need: roll::need(st),
        fury: false,
        budget: lucky_budget(st, rolled.clone().count() as u32),
    };
    let mut table = table();
    let mut key = Key::default();
    for d in rolled {
        let group = match (d.pool, st.readings.fury_dice_naturals) {
            (Pool::Fury, FuryDiceNaturals::InitialOnly) => 1,
            _ => 0,
        };
        key = m.add(key, group, d.face, false);
    }
    table.insert(key, 1);
    lucky_and_summarise(m, table, 1)
}

/// The dice a Lucky re-rolls from `k` by its default policy: the key without them and
/// how many it takes from each group.
fn pick(m: &Model, mut k: Key, x: u32, attacking: bool) -> (Key, (u32, u32)) {
    let order = m.orders()[usize::from(!attacking)];
    let mut taken = (0, 0);
    let mut left = x;
    for &(g, class) in order {
        let n = u32::from(k.c[g][class]).min(left);
        k.c[g][class] -= n as u8;
        if !attacking {
            k.hits -= n as u8;
        }
        if g == 0 {
            taken.0 += n;
        } else {
            taken.1 += n;
        }
        left -= n;
    }
    (k, taken)
}

fn dec(p: &Odds) -> f64 {
    let v = p.to_f64().unwrap_or(f64::NAN);
    (v * 1e6).round() / 1e6
}

/// The units the report shows: the defender, and any other the attack may damage or
/// discard.
fn shown_units<W>(st: &State, dist: &BTreeMap<Result, W>) -> Vec<usize> {
    (0..st.units.len())
        .filter(|&i| i == st.defender || dist.keys().any(|r| r.placed[i] > 0 || r.discarded[i]))
        .collect()
}

/// The report of face-sequence `counts` over their `total`, over `st`'s units: each
/// figure summed as an integer, then one fraction each ([`report_of`] of the same
/// distribution, for much less arithmetic).
fn report_of_counts(
    st: &State,
    counts: &BTreeMap<Result, u128>,
    total: u128,
    model: &'static str,
) -> OddsReport {
    let mut damage: BTreeMap<String, BTreeMap<u32, u128>> = BTreeMap::new();
    let mut discarded: BTreeMap<String, u128> = BTreeMap::new();
    let mut removed: BTreeMap<String, u128> = BTreeMap::new();
    let mut expected: BTreeMap<String, BigInt> = BTreeMap::new();
    let mut hits: BTreeMap<u32, u128> = BTreeMap::new();
    let shown = shown_units(st, counts);
    // Every sum is of counts out of `total`, so none passes it.
    for (r, &w) in counts {
        *hits.entry(r.hits).or_default() += w;
        for &i in &shown {
            let id = &st.units[i].id;
            *damage
                .entry(id.clone())
                .or_default()
                .entry(r.placed[i])
                .or_default() += w;
            *expected.entry(id.clone()).or_default() += BigInt::from(w) * r.placed[i];
            // A unit Meditate played back leaves play removed, not discarded.
            let gone = if st.position.units.get(i).is_some_and(|s| s.discarded) {
                &mut removed
            } else {
                &mut discarded
            };
            *gone.entry(id.clone()).or_default() += if r.discarded[i] { w } else { 0 };
        }
    }
    let total = BigInt::from(total);
    let odds = |n: u128| Odds::new(BigInt::from(n), total.clone());
    let damage = damage
        .into_iter()
        .map(|(u, m)| (u, m.into_iter().map(|(k, n)| (k, odds(n))).collect()))
        .collect();
    let discarded = discarded.into_iter().map(|(u, n)| (u, odds(n))).collect();
    let removed = removed.into_iter().map(|(u, n)| (u, odds(n))).collect();
    let expected = expected
        .into_iter()
        .map(|(u, n)| (u, Odds::new(n, total.clone())))
        .collect();
    let hits = hits.into_iter().map(|(k, n)| (k, odds(n))).collect();
    report_from(damage, Gone { discarded, removed }, expected, hits, model)
}

/// The report of `dist` over `st`'s units.
pub fn report_of(st: &State, dist: &BTreeMap<Result, Odds>, model: &'static str) -> OddsReport {
    let mut damage: BTreeMap<String, BTreeMap<u32, Odds>> = BTreeMap::new();
    let mut discarded: BTreeMap<String, Odds> = BTreeMap::new();
    let mut removed: BTreeMap<String, Odds> = BTreeMap::new();
    let mut expected: BTreeMap<String, Odds> = BTreeMap::new();
    let mut hits: BTreeMap<u32, Odds> = BTreeMap::new();
    let shown = shown_units(st, dist);
    for (r, p) in dist {
        *hits.entry(r.hits).or_insert_with(Odds::zero) += p;
        for &i in &shown {
            let id = st.units[i].id.clone();
            *damage
                .entry(id.clone())
                .or_default()
                .entry(r.placed[i])
                .or_insert_with(Odds::zero) += p;
            *expected.entry(id.clone()).or_insert_with(Odds::zero) +=
                p * Odds::from_integer(BigInt::from(r.placed[i]));
            // A unit Meditate played back leaves play removed, not discarded.
            let gone = if st.position.units.get(i).is_some_and(|s| s.discarded) {
                &mut removed
            } else {
                &mut discarded
            };
            let e = gone.entry(id).or_insert_with(Odds::zero);
            if r.discarded[i] {
                *e += p;
            }
        }
    }
    report_from(damage, Gone { discarded, removed }, expected, hits, model)
}

/// The report of the figures summed, each as its fraction and its decimal.
/// The units an attack may take out of play: discarded, or removed from the game.
struct Gone {
    discarded: BTreeMap<String, Odds>,
    removed: BTreeMap<String, Odds>,
}

fn report_from(
    damage: BTreeMap<String, BTreeMap<u32, Odds>>,
    Gone { discarded, removed }: Gone,
    expected: BTreeMap<String, Odds>,
    hits: BTreeMap<u32, Odds>,
    model: &'static str,
) -> OddsReport {
    let s = |p: &Odds| p.to_string();
    OddsReport {
        decimal: Decimals {
            damage: damage
                .iter()
                .map(|(u, m)| (u.clone(), m.iter().map(|(k, p)| (*k, dec(p))).collect()))
                .collect(),
            discarded: discarded.iter().map(|(u, p)| (u.clone(), dec(p))).collect(),
            expected_damage: expected.iter().map(|(u, p)| (u.clone(), dec(p))).collect(),
            hits: hits.iter().map(|(k, p)| (*k, dec(p))).collect(),
        },
        damage: damage
            .iter()
            .map(|(u, m)| (u.clone(), m.iter().map(|(k, p)| (*k, s(p))).collect()))
            .collect(),
        discarded: discarded.iter().map(|(u, p)| (u.clone(), s(p))).collect(),
        removed: removed.iter().map(|(u, p)| (u.clone(), s(p))).collect(),
        expected_damage: expected.iter().map(|(u, p)| (u.clone(), s(p))).collect(),
        hits: hits.iter().map(|(k, p)| (*k, s(p))).collect(),
        method: "exact",
        model,
        error: None,
    }
}

/// The odds of the attack from `st` (a state before its roll), or the reason there are
/// none.
pub fn report<G: Game<State = State>>(st: &State) -> OddsReport {
    match weighted::<G>(st) {
        Ok((Weighted::Counts(counts, total), model)) => report_of_counts(st, &counts, total, model),
        Ok((Weighted::Odds(dist), model)) => report_of(st, &dist, model),
        Err(e) => OddsReport {
            damage: BTreeMap::new(),
            discarded: BTreeMap::new(),
            removed: BTreeMap::new(),
            expected_damage: BTreeMap::new(),
            hits: BTreeMap::new(),
            decimal: Decimals::default(),
            method: "exact",
            model: "none",
            error: Some(e),
        },
    }
}

/// The pool of a die index among `st`'s dice (for the step panel).
pub fn pool_of(st: &State, die: usize) -> Pool {
    st.dice.get(die).map_or(Pool::Attack, |d| d.pool)
}
