//! "Duel": a tiny test-only game on the adjudication core (`arbiter::rules`), small enough
//! to check by hand and by brute force, big enough to touch every part of the core.
//!
//! Two players with life and mana take the position's actions in order, one a step:
//! - `attack` rolls `dice` six-sided dice at the other player; 1–3 miss, 4–5 hit, 6 is a
//!   critical hit. The pool is one chance node whose outcomes are the classes
//!   (hits, criticals) with multinomial weights, not 6^n faces.
//! - after an attack that hits, the attacker *may* spend 1 mana for 1 more damage
//!   (Fury): a decision, "spend" by default, pinned by the position's `decisions`.
//! - `heal` spends `amount` mana for `amount` life; more mana than the player has is
//!   rejected (seed §3.2), as is any action of a player at 0 life (house rule H1).
//!
//! Its rules come from a made-up seed 999 whose section 2.1 appears twice.

use std::hash::{Hash, Hasher};

use arbiter::rules::chance::{self, Chance, ChanceInfo};
use arbiter::rules::decision::{self, BadPin, Decision, DecisionPin};
use arbiter::rules::position::{parse_json, PositionError};
use arbiter::rules::view::{Board, Candidate, ChancePanel, Row};
use arbiter::rules::{Citation, Event, Game, OnRejection, PlayConfig, Rejected, Rule};
use rand::SeedableRng;
use rand_pcg::Pcg32;
use serde::{Deserialize, Serialize};

pub const GAME: &str = "duel";
pub const SEED: &str = "999";
pub const DOC: &str = "docs/rules/duel.md";

// ---------------------------------------------------------------- citations

pub static ATTACK: Citation = Citation::seed(
    GAME,
    SEED,
    "Attack",
    "2.1",
    "To attack, roll one die per attacking die; each die showing 4 or 5 hits for 1 damage.",
);
/// The seed numbers a second passage 2.1 (the critical-hit rule).
pub static CRITICAL: Citation = Citation::seed(
    GAME,
    SEED,
    "Critical hit",
    "2.1",
    "A die showing 6 is a critical hit.",
)
.occurrence(1);
pub static FURY: Citation = Citation::seed(
    GAME,
    SEED,
    "Fury",
    "2.4",
    "After an attack that hits, the attacker may spend 1 mana to deal 1 more damage.",
);
pub static HEAL: Citation = Citation::seed(
    GAME,
    SEED,
    "Heal",
    "3.1",
    "A player may spend mana to heal: each mana spent restores 1 life.",
);
pub static MANA: Citation = Citation::seed(
    GAME,
    SEED,
    "Mana",
    "3.2",
    "A player cannot spend more mana than they have.",
);
pub static LOSS: Citation = Citation::public(
    GAME,
    "Duel Organised Play Guide (Duel League, 2024)",
    "Defeat",
    "7.3",
    "A player reduced to 0 life loses the duel.",
);
pub static DEAD: Citation = Citation::house(
    GAME,
    DOC,
    "Dead players",
    "H1",
    "A player at 0 life takes no actions; an action proposed for them is rejected.",
);
pub static END: Citation = Citation::house(
    GAME,
    DOC,
    "End of the duel",
    "H2",
    "The duel ends when the position's actions are spent.",
);
pub static PIN: Citation = Citation::house(
    GAME,
    DOC,
    "Judge's pins",
    "H3",
    "A judge may pin any chance outcome or decision; a pin naming no outcome or option of its node stops adjudication.",
);
pub static STOP: Citation = Citation::house(
    GAME,
    DOC,
    "Stopping at a rejection",
    "H5",
    "With `on_rejection: stop`, adjudication ends at the first rejected action.",
);
pub static FLOOR: Citation = Citation::house(
    GAME,
    DOC,
    "No negative life",
    "H4",
    "Life never falls below 0.",
);
/// The reading alone settles healing past the starting life.
pub static OVERHEAL: Citation = Citation::interpretation(
    GAME,
    HealCap::Uncapped.reading(),
    "Healing may raise a player's life above their starting life.",
);

pub fn all_citations() -> Vec<&'static Citation> {
    vec![
        &ATTACK, &CRITICAL, &FURY, &HEAL, &MANA, &LOSS, &DEAD, &END, &PIN, &STOP, &FLOOR, &OVERHEAL,
    ]
}

// ---------------------------------------------------------------- interpretations

arbiter::interpretation!(
    /// What a critical hit deals.
    CritReading: "crit" in DOC => {
        question: "Does a critical hit deal more damage than a hit?",
        rule: "Critical hit",
        sentence: "A die showing 6 is a critical hit.",
        Single => "single": "No: the seed names no extra damage, so a 6 hits for 1.",
        Double => "double": "Yes: a critical hit deals 2 damage.",
    }
);

arbiter::interpretation!(
    /// Whether healing stops at the starting life.
    HealCap: "heal_cap" in DOC => {
        question: "Can healing raise life above the starting life?",
        rule: "Heal",
        sentence: "A player may spend mana to heal: each mana spent restores 1 life.",
        Capped => "capped": "No: life stops at the starting life; the mana is spent anyway.",
        Uncapped => "uncapped": "Yes: every mana restores 1 life.",
    }
);

arbiter::interpretation_set!(
    /// The duel's interpretations.
    DuelReadings {
        crit: CritReading,
        heal_cap: HealCap,
    }
);

// ---------------------------------------------------------------- position

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Position {
    pub game: String,
    #[serde(default)]
    pub seed: u64,
    /// The generator itself, for a position continued from a state (overrides `seed`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rng: Option<Pcg32>,
    pub players: [PlayerSpec; 2],
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub actions: Vec<Action>,
    /// Chance pins: chance node `chance` (1-based) takes outcome `outcome` (1-based).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub choices: Vec<ChoicePin>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub decisions: Vec<DecisionPin>,
    #[serde(default)]
    pub interpretations: DuelReadings,
    #[serde(default)]
    pub on_rejection: OnRejection,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerSpec {
    pub name: String,
    pub life: i32,
    #[serde(default)]
    pub mana: i32,
    /// The starting life healing stops at (`life` when absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_life: Option<i32>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    Attack(AttackSpec),
    Heal(HealSpec),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AttackSpec {
    /// 1 or 2.
    pub by: usize,
    pub dice: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HealSpec {
    pub by: usize,
    pub amount: i32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChoicePin {
    pub chance: u32,
    pub outcome: usize,
}

/// The most dice one attack rolls (6^12 faces still fit the weights' u64).
pub const MAX_DICE: u32 = 12;

// ---------------------------------------------------------------- state

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Player {
    pub name: String,
    pub life: i32,
    pub mana: i32,
    pub max_life: i32,
}

/// The generator, hashable (rand_pcg's is not): hashed by its serde form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dice(pub Pcg32);

impl Hash for Dice {
    fn hash<H: Hasher>(&self, h: &mut H) {
        serde_json::to_string(&self.0)
            .expect("the generator serializes")
            .hash(h)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Outcome {
    /// A player is at 0 life when the actions are spent.
    Won { winner: usize },
    /// Both still stand.
    Undecided,
    /// `on_rejection: stop` and action `action` (1-based) was rejected.
    Stopped { action: usize },
    /// A chance pin names an outcome the node lacks.
    BadChoice {
        chance: u32,
        outcome: usize,
        outcomes: usize,
    },
    /// A decision pin names an option the decision lacks.
    BadPin(BadPin),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    Action,
    Over,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct State {
    pub players: [Player; 2],
    pub actions: Vec<Action>,
    /// The index in `actions` of the next action.
    pub next: usize,
    pub choices: Vec<ChoicePin>,
    pub decisions: Vec<DecisionPin>,
    pub readings: DuelReadings,
    pub on_rejection: OnRejection,
    pub rng: Dice,
    /// Chance nodes and decisions met so far.
    pub chances: u32,
    pub decided: u32,
    pub steps: u32,
    pub outcome: Option<Outcome>,
}

/// What one die pool rolled, as a class: how many hits and criticals (the rest missed).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Roll {
    pub hits: u32,
    pub crits: u32,
}

/// Faces per class: miss (1–3), hit (4–5), critical (6).
pub const PER_DIE: [u64; 3] = [3, 2, 1];

/// Every class of a pool of `dice` dice with its multinomial weight (the weights sum to
/// 6^dice).
pub fn pool(dice: u32) -> (Vec<Roll>, Vec<u64>) {
    let mut rolls = Vec::new();
    let mut weights = Vec::new();
    for crits in 0..=dice {
        for hits in 0..=dice - crits {
            let misses = dice - hits - crits;
            let w = chance::multinomial(&[misses, hits, crits], &PER_DIE);
            rolls.push(Roll { hits, crits });
            weights.push(u64::try_from(w).expect("6^12 fits in u64"));
        }
    }
    (rolls, weights)
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Change {
    Roll { by: usize, chance: Chance<Roll> },
    Damage { to: usize, amount: i32, life: i32 },
    Fury { decision: Decision<&'static str> },
    Heal { who: usize, spent: i32, life: i32 },
    Rejected(Rejected),
    Ends { outcome: Outcome },
}

// ---------------------------------------------------------------- the game

pub struct Duel;

fn located(path: String, message: impl Into<String>) -> PositionError {
    PositionError::at(path, message)
}

pub fn resolve(p: &Position) -> Result<State, Vec<PositionError>> {
    let mut errors = Vec::new();
    if p.game != GAME {
        errors.push(located("game".into(), format!("not a duel: {:?}", p.game)));
    }
    for (i, pl) in p.players.iter().enumerate() {
        if !(0..=99).contains(&pl.life) {
            errors.push(located(format!("players[{i}].life"), "life is 0 to 99"));
        }
        if !(0..=99).contains(&pl.mana) {
            errors.push(located(format!("players[{i}].mana"), "mana is 0 to 99"));
        }
    }
    for (i, a) in p.actions.iter().enumerate() {
        let (kind, by) = match a {
            Action::Attack(s) => {
                if s.dice == 0 || s.dice > MAX_DICE {
                    errors.push(located(
                        format!("actions[{i}].attack.dice"),
                        format!("an attack rolls 1 to {MAX_DICE} dice"),
                    ));
                }
                ("attack", s.by)
            }
            Action::Heal(s) => {
                if s.amount <= 0 {
                    errors.push(located(
                        format!("actions[{i}].heal.amount"),
                        "heal at least 1",
                    ));
                }
                ("heal", s.by)
            }
        };
        if !(1..=2).contains(&by) {
            errors.push(located(
                format!("actions[{i}].{kind}.by"),
                "players are 1 and 2",
            ));
        }
    }
    for (i, c) in p.choices.iter().enumerate() {
        if c.chance == 0 || c.outcome == 0 {
            errors.push(located(
                format!("choices[{i}]"),
                "chances and outcomes are numbered from 1",
            ));
        }
    }
    errors.extend(decision::check_pins(&p.decisions));
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(State {
        players: p.players.clone().map(|s| Player {
            max_life: s.max_life.unwrap_or(s.life),
            name: s.name,
            life: s.life,
            mana: s.mana,
        }),
        actions: p.actions.clone(),
        next: 0,
        choices: p.choices.clone(),
        decisions: p.decisions.clone(),
        readings: p.interpretations,
        on_rejection: p.on_rejection,
        rng: Dice(
            p.rng
                .clone()
                .unwrap_or_else(|| Pcg32::seed_from_u64(p.seed)),
        ),
        chances: 0,
        decided: 0,
        steps: 0,
        outcome: None,
    })
}

/// The state as a position that continues exactly: the generator itself, the actions
/// left, and the pins still to come renumbered from 1.
pub fn to_position(st: &State) -> Position {
    Position {
        game: GAME.into(),
        seed: 0,
        rng: Some(st.rng.0.clone()),
        players: st.players.clone().map(|p| PlayerSpec {
            name: p.name,
            life: p.life,
            mana: p.mana,
            max_life: Some(p.max_life),
        }),
        actions: st.actions[st.next..].to_vec(),
        choices: st
            .choices
            .iter()
            .filter(|c| c.chance > st.chances)
            .map(|c| ChoicePin {
                chance: c.chance - st.chances,
                outcome: c.outcome,
            })
            .collect(),
        decisions: st
            .decisions
            .iter()
            .filter(|d| d.decision > st.decided)
            .map(|d| DecisionPin {
                decision: d.decision - st.decided,
                option: d.option,
            })
            .collect(),
        interpretations: st.readings,
        on_rejection: st.on_rejection,
    }
}

fn emit(out: &mut Vec<Event<Change>>, change: Change, cite: impl Into<Rule>) {
    out.push(Event {
        change,
        cite: cite.into(),
    });
}

fn end(st: &mut State, out: &mut Vec<Event<Change>>, outcome: Outcome, cite: impl Into<Rule>) {
    st.outcome = Some(outcome.clone());
    emit(out, Change::Ends { outcome }, cite);
}

/// Deals `amount` to player `to` (0-based), life floored at 0.
fn damage(st: &mut State, out: &mut Vec<Event<Change>>, to: usize, amount: i32, cite: Rule) {
    let p = &mut st.players[to];
    let floored = p.life < amount;
    p.life = (p.life - amount).max(0);
    let life = p.life;
    let cite = if floored { cite.house(&FLOOR) } else { cite };
    emit(out, Change::Damage { to, amount, life }, cite);
}

fn attack(st: &mut State, out: &mut Vec<Event<Change>>, by: usize, dice: u32) {
    let (rolls, weights) = pool(dice);
    st.chances += 1;
    let ordinal = st.chances;
    let pinned = st.choices.iter().find(|c| c.chance == ordinal).copied();
    let pin = match pinned {
        Some(c) if c.outcome > rolls.len() => {
            // The generator draws for this node as it would for a good pin.
            let _ = chance::take(&mut st.rng.0, rolls.len(), &weights, None);
            let outcome = Outcome::BadChoice {
                chance: ordinal,
                outcome: c.outcome,
                outcomes: rolls.len(),
            };
            return end(st, out, outcome, &PIN);
        }
        Some(c) => Some(c.outcome - 1),
        None => None,
    };
    let taken =
        chance::take(&mut st.rng.0, rolls.len(), &weights, pin).expect("a pool has outcomes");
    let roll = rolls[taken.index];
    emit(
        out,
        Change::Roll {
            by,
            chance: Chance {
                ordinal,
                purpose: "the attack's dice",
                candidates: rolls,
                weights,
                picked: taken.index,
                forced: taken.forced,
            },
        },
        if taken.forced {
            Rule::from(&PIN)
        } else {
            Rule::from(&ATTACK)
        },
    );
    let other = 1 - by;
    let per_crit = match st.readings.crit {
        CritReading::Single => 1,
        CritReading::Double => 2,
    };
    let amount = roll.hits as i32 + per_crit * roll.crits as i32;
    if amount == 0 {
        return;
    }
    let cite = if roll.crits > 0 {
        Rule::from(&CRITICAL).reading(st.readings.crit.reading())
    } else {
        Rule::from(&ATTACK)
    };
    damage(st, out, other, amount, cite);
    // Fury: a "may", when there is mana to spend.
    if st.players[by].mana >= 1 {
        st.decided += 1;
        let ordinal = st.decided;
        let options = vec!["spend", "keep"];
        let (chosen, pinned) = match decision::decide(&st.decisions, ordinal, options.len(), 0) {
            Ok(taken) => taken,
            Err(bad) => return end(st, out, Outcome::BadPin(bad), &PIN),
        };
        emit(
            out,
            Change::Fury {
                decision: Decision {
                    ordinal,
                    who: st.players[by].name.clone(),
                    question: "spend 1 mana for 1 more damage?",
                    options: options.clone(),
                    policy: "spend while mana lasts",
                    chosen,
                    pinned,
                },
            },
            &FURY,
        );
        if options[chosen] == "spend" {
            st.players[by].mana -= 1;
            damage(st, out, other, 1, Rule::from(&FURY));
        }
    }
}

fn reject(
    st: &mut State,
    out: &mut Vec<Event<Change>>,
    proposed: String,
    reason: &str,
    cite: Rule,
) {
    let action = st.next - 1;
    emit(
        out,
        Change::Rejected(Rejected {
            action,
            proposed,
            reason: reason.into(),
        }),
        cite,
    );
    if st.on_rejection == OnRejection::Stop {
        end(st, out, Outcome::Stopped { action: action + 1 }, &STOP);
    }
}

pub fn advance(st: &mut State) -> Vec<Event<Change>> {
    let mut out = Vec::new();
    if st.outcome.is_some() {
        return out;
    }
    st.steps += 1;
    if let Some(action) = st.actions.get(st.next).copied() {
        st.next += 1;
        match action {
            Action::Attack(a) => {
                let by = a.by - 1;
                if st.players[by].life == 0 {
                    let proposed = format!("{} attacks with {} dice", st.players[by].name, a.dice);
                    reject(
                        st,
                        &mut out,
                        proposed,
                        "they are at 0 life",
                        Rule::from(&DEAD),
                    );
                } else {
                    attack(st, &mut out, by, a.dice);
                }
            }
            Action::Heal(h) => {
                let who = h.by - 1;
                let p = &st.players[who];
                let proposed = format!("{} heals {}", p.name, h.amount);
                if p.life == 0 {
                    reject(
                        st,
                        &mut out,
                        proposed,
                        "they are at 0 life",
                        Rule::from(&DEAD),
                    );
                } else if p.mana < h.amount {
                    let reason = format!("they have {} mana", p.mana);
                    reject(st, &mut out, proposed, &reason, Rule::from(&MANA));
                } else {
                    let p = &mut st.players[who];
                    p.mana -= h.amount;
                    let raw = p.life + h.amount;
                    let cite = match st.readings.heal_cap {
                        HealCap::Uncapped if raw > p.max_life => Rule::from(&OVERHEAL),
                        reading if raw > p.max_life => Rule::from(&HEAL).reading(reading.reading()),
                        _ => Rule::from(&HEAL),
                    };
                    p.life = match st.readings.heal_cap {
                        HealCap::Capped => raw.min(p.max_life),
                        HealCap::Uncapped => raw,
                    };
                    let life = p.life;
                    emit(
                        &mut out,
                        Change::Heal {
                            who,
                            spent: h.amount,
                            life,
                        },
                        cite,
                    );
                }
            }
        }
    }
    if st.outcome.is_none() && st.next >= st.actions.len() {
        match st.players.iter().position(|p| p.life == 0) {
            Some(loser) => end(st, &mut out, Outcome::Won { winner: 1 - loser }, &LOSS),
            None => end(st, &mut out, Outcome::Undecided, &END),
        }
    }
    out
}

impl Game for Duel {
    const ID: &'static str = GAME;
    const NAME: &'static str = "Duel (test only)";
    const SEED: &'static str = SEED;
    const RULES_DOC: &'static str = DOC;

    type Position = Position;
    type State = State;
    type Change = Change;
    type Cards<'a> = ();
    type Phase = Phase;
    type Outcome = Outcome;
    type Readings = DuelReadings;
    type MemoKey = State;

    fn read_position(text: &str) -> Result<Position, PositionError> {
        let p: Position = parse_json(text)?;
        if p.game != GAME {
            return Err(PositionError::at(
                "game",
                format!("not a duel: {:?}", p.game),
            ));
        }
        Ok(p)
    }
    fn resolve(position: &Position, _cards: &()) -> Result<State, Vec<PositionError>> {
        resolve(position)
    }
    fn to_position(state: &State) -> Position {
        to_position(state)
    }
    fn readings(position: &Position) -> &DuelReadings {
        &position.interpretations
    }
    fn with_readings(position: &Position, readings: DuelReadings) -> Position {
        Position {
            interpretations: readings,
            ..position.clone()
        }
    }
    fn advance(state: &mut State) -> Vec<Event<Change>> {
        advance(state)
    }
    fn is_over(state: &State) -> bool {
        state.outcome.is_some()
    }
    fn outcome(state: &State) -> Outcome {
        state.outcome.clone().unwrap_or(Outcome::Undecided)
    }
    fn clock(state: &State) -> (u32, u32, Phase) {
        let phase = if state.outcome.is_some() {
            Phase::Over
        } else {
            Phase::Action
        };
        (state.steps, state.steps, phase)
    }
    fn phase_label(phase: Phase) -> &'static str {
        match phase {
            Phase::Action => "action",
            Phase::Over => "over",
        }
    }
    fn describe(state: &State, event: &Event<Change>) -> String {
        let name = |i: usize| state.players[i].name.clone();
        match &event.change {
            Change::Roll { by, chance } => format!(
                "{} rolls. {}",
                name(*by),
                chance.describe(|r| format!("{}h{}c", r.hits, r.crits))
            ),
            Change::Damage { to, amount, life } => {
                format!("{} takes {amount} damage ({life} life left).", name(*to))
            }
            Change::Fury { decision } => decision.describe(|o| o.to_string()),
            Change::Heal { who, spent, life } => {
                format!("{} spends {spent} mana to heal ({life} life).", name(*who))
            }
            Change::Rejected(r) => r.describe(),
            Change::Ends { outcome } => format!("The duel ends: {outcome:?}."),
        }
    }
    fn summary(final_position: &Position, outcome: &Outcome) -> String {
        let mut out = format!("Outcome: {outcome:?}\n");
        for p in &final_position.players {
            out.push_str(&format!("{}: life {}, mana {}\n", p.name, p.life, p.mana));
        }
        out
    }
    fn configure(position: &mut Position, play: &PlayConfig) {
        if let Some(seed) = play.seed {
            position.seed = seed;
            position.rng = None;
        }
    }
    fn pins_any(position: &Position) -> bool {
        !position.choices.is_empty() || !position.decisions.is_empty()
    }
    fn stopped_by_input(outcome: &Outcome) -> Option<&'static str> {
        match outcome {
            Outcome::BadChoice { .. } => Some("choices"),
            Outcome::BadPin(_) => Some("decisions"),
            _ => None,
        }
    }
    fn board(state: &State) -> Board {
        Board {
            rows: state
                .players
                .iter()
                .map(|p| Row {
                    owner: p.name.clone(),
                    label: format!("{} · life {} · mana {}", p.name, p.life, p.mana),
                    places: Vec::new(),
                })
                .collect(),
            ended: None,
            readings_in_play: None,
        }
    }
    fn chance_panel(_state: &State, change: &Change) -> Option<ChancePanel> {
        let Change::Roll { chance, .. } = change else {
            return None;
        };
        Some(ChancePanel {
            ordinal: chance.ordinal,
            purpose: chance.purpose,
            forced: chance.forced,
            candidates: chance
                .candidates
                .iter()
                .enumerate()
                .map(|(i, r)| Candidate {
                    pin: (i + 1).to_string(),
                    label: format!("{} hits, {} criticals", r.hits, r.crits),
                    picked: i == chance.picked,
                    odds: chance.odds(i).to_string(),
                })
                .collect(),
        })
    }
    fn pin_in_position(position: &Position, chance: u32, pin: &str) -> Result<Position, String> {
        let outcome: usize = pin
            .parse()
            .ok()
            .filter(|n| *n >= 1)
            .ok_or_else(|| format!("not an outcome number: {pin:?}"))?;
        let mut p = position.clone();
        p.choices.retain(|c| c.chance != chance);
        p.choices.push(ChoicePin { chance, outcome });
        Ok(p)
    }
    fn outcome_sentence(state: &State, outcome: &Outcome) -> String {
        match outcome {
            Outcome::Won { winner } => format!("{} wins.", state.players[*winner].name),
            other => format!("{other:?}"),
        }
    }
    fn citations() -> Vec<&'static Citation> {
        all_citations()
    }
    fn chance_in(change: &Change) -> Option<ChanceInfo<'_>> {
        match change {
            Change::Roll { chance, .. } => Some(chance.info()),
            _ => None,
        }
    }
    fn pin_chance(state: &mut State, ordinal: u32, index: usize, _events: &[Event<Change>]) {
        state.choices.retain(|c| c.chance != ordinal);
        state.choices.push(ChoicePin {
            chance: ordinal,
            outcome: index + 1,
        });
    }
    /// Equal for states that play out alike: the pins already used are dropped.
    fn memo_key(state: &State) -> Option<State> {
        let mut key = state.clone();
        key.choices.retain(|c| c.chance > state.chances);
        key.choices.sort_by_key(|c| c.chance);
        key.decisions.retain(|d| d.decision > state.decided);
        key.decisions.sort_by_key(|d| d.decision);
        Some(key)
    }
}
