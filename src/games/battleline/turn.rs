//! The turn sequence (house rule T1, `docs/rules/battleline.md`) and [`step`].
//!
//! A turn is a stack of [`Task`]s. A step pops tasks until one of them emits events
//! (a task may push more tasks: the start-of-turn triggers, one combat per slot), then
//! checks whether a player has lost. The sequence is fixed here; what each ability does
//! lives in its family file.

use super::ability::AbilityKind;
use super::actions::{self, end, note};
use super::cite::{turn, Rule};
use super::death;
use super::event::{emit, Change, Event};
use super::families::{arrival, auras, combat, end as end_of_turn, special, start};
use super::interpret::{IceBlockTiming, MeltTiming, StartOrder};
use super::state::{Outcome, State, Task};

/// The hard bound on steps in one adjudication (house rule T10).
pub const MAX_STEPS: u32 = 10_000;

/// One step: the state after and what happened. Pure: `state` is not changed, and the
/// same state always gives the same step.
pub fn step(state: &State) -> (State, Vec<Event>) {
    let mut next = state.clone();
    let events = advance(&mut next);
    (next, events)
}

/// [`step`] in place: the fast path for running to the end.
pub fn advance(st: &mut State) -> Vec<Event> {
    let mut out = Vec::new();
    advance_into(st, &mut out);
    out
}

/// [`advance`], appending the step's events to `out`.
fn advance_into(st: &mut State, out: &mut Vec<Event>) {
    let before = out.len();
    if st.steps == 0 && !st.is_over() {
        // A state before anything else happens: three Gatekeepers on a starting line.
        special::gatekeeper_check(st, out);
        if out.len() > before {
            death::settle(st, out, Vec::new());
        }
    }
    while !st.is_over() && out.len() == before {
        if st.steps >= MAX_STEPS {
            end(st, out, Outcome::StepBound, &turn::BOUND);
            break;
        }
        let Some(task) = st.agenda.pop() else {
            if st.turn >= st.last_turn {
                end(st, out, Outcome::TurnsPlayed, &turn::TURNS);
                break;
            }
            st.turn += 1;
            push_turn(st);
            continue;
        };
        st.phase = task.phase(st);
        let mark = out.len();
        run(st, task, out);
        // Nothing lethal outlives a task, whatever removed or weakened what (Melt's
        // removal of a serpent's body, an aura's holder leaving): one settle for all. A
        // task that emitted nothing changed nothing, so it needs none.
        if out.len() > mark {
            death::settle(st, out, Vec::new());
            special::gatekeeper_check(st, out);
        }
        check_defeat(st, out);
    }
    st.steps += 1;
}

/// Runs steps until adjudication ends; returns every event.
pub fn run_to_end(st: &mut State) -> Vec<Event> {
    // Events are moved, not copied, into one buffer sized for a typical game.
    let mut all = Vec::with_capacity(256);
    while !st.is_over() {
        advance_into(st, &mut all);
    }
    all
}

fn push_turn(st: &mut State) {
    let melt_first = st.interpretations.melt == MeltTiming::StartOfTurn;
    let mut tasks = vec![Task::BeginTurn];
    if melt_first {
        tasks.push(Task::Melt);
    }
    tasks.extend([Task::Pestilence, Task::StartEffects, Task::Plays]);
    if !melt_first {
        tasks.push(Task::Melt);
    }
    // Reading `ice_block`: the wall is made before the end-of-combat shift it holds, or
    // at the end of the turn (T1's order).
    let wall_before_shift = st.interpretations.ice_block == IceBlockTiming::BeforeShift;
    tasks.extend([Task::BattleEffects, Task::BeginBattle, Task::BeginFury]);
    if wall_before_shift {
        tasks.push(Task::IceBlock);
    }
    tasks.extend([Task::Shift, Task::Heals, Task::Fade, Task::Sabotage]);
    if !wall_before_shift {
        tasks.push(Task::IceBlock);
    }
    tasks.extend([Task::Reanimate, Task::EndTurn]);
    tasks.reverse();
    st.agenda = tasks;
}

fn push_front(st: &mut State, tasks: Vec<Task>) {
    st.agenda.extend(tasks.into_iter().rev());
}

/// The holders of `kinds` as trigger tasks: by player then line order, or slot by slot.
fn triggers(st: &State, kinds: &[AbilityKind], order: StartOrder) -> Vec<Task> {
    let mut found: Vec<(usize, usize, usize, Task)> = Vec::new();
    for side in 0..2 {
        for (slot, c) in st.creatures(side) {
            for (n, ab) in c.abilities.iter().enumerate() {
                if kinds.contains(&ab.kind) {
                    let task = Task::Trigger {
                        side,
                        id: c.id,
                        kind: ab.kind,
                    };
                    found.push((side, slot, n, task));
                }
            }
        }
    }
    if order == StartOrder::SlotBySlot {
        found.sort_by_key(|(side, slot, n, _)| (*slot, *side, *n));
    }
    found.into_iter().map(|(_, _, _, t)| t).collect()
}

fn run(st: &mut State, task: Task, out: &mut Vec<Event>) {
    match task {
        Task::BeginTurn => {
            emit(
                st,
                out,
                Change::TurnBegins { turn: st.turn },
                &turn::SEQUENCE,
            );
        }
        Task::Melt => start::melt(st, out),
        Task::Pestilence => start::pestilence(st, out),
        Task::StartEffects => start_effects(st, out, false),
        Task::BattleEffects => start_effects(st, out, true),
        Task::Trigger { side, id, kind } => {
            let Some(holder) = actions::still_there(st, side, id) else {
                return;
            };
            if start::TRIGGERS.contains(&kind) {
                start::trigger(st, out, holder, kind);
            } else {
                end_of_turn::trigger(st, out, holder, kind);
            }
        }
        Task::Plays => {
            let turn_now = st.turn;
            let tasks = st
                .plays
                .iter()
                .enumerate()
                .filter(|(_, p)| p.turn == turn_now)
                .map(|(i, _)| Task::Play(i))
                .collect();
            push_front(st, tasks);
        }
        Task::Play(i) => arrival::play(st, out, i),
        Task::BeginBattle => {
            let mut start = std::mem::take(&mut st.battle_start_damage);
            start.clear();
            for s in 0..2 {
                start.extend(
                    st.creatures(s)
                        .map(|(_, c)| (c.id, auras::berserk_count(st, c))),
                );
            }
            st.battle_start_damage = start;
            let len = st.players[0].line.len().max(st.players[1].line.len());
            push_front(st, (0..len).map(Task::Combat).collect());
        }
        Task::Combat(slot) => combat::exchange(st, out, slot, false),
        Task::BeginFury => {
            let slots = combat::fury_slots(st);
            if !slots.is_empty() {
                note(
                    st,
                    out,
                    None,
                    "creatures with Fury still on the line attack a second time",
                    &combat::FURY,
                );
            }
            push_front(st, slots.into_iter().map(Task::FuryCombat).collect());
        }
        Task::FuryCombat(slot) => combat::exchange(st, out, slot, true),
        Task::Shift => end_of_turn::shift(st, out),
        Task::Heals => {
            let tasks = triggers(st, &end_of_turn::HEALS, StartOrder::PlayersInOrder);
            push_front(st, tasks);
        }
        Task::Fade => end_of_turn::fade(st, out),
        Task::Sabotage => end_of_turn::sabotage(st, out),
        Task::IceBlock => end_of_turn::ice_block(st, out),
        Task::Reanimate => end_of_turn::reanimate(st, out),
        Task::EndTurn => {
            emit(
                st,
                out,
                Change::TurnStatusesEnd { turn: st.turn },
                &turn::EXPIRE,
            );
        }
    }
}

/// Queues the start-of-turn abilities due now (`battle`: at the beginning of the battle
/// round). When both players have some, their order is reading `start_order`, and the
/// log says so before the first resolves.
fn start_effects(st: &mut State, out: &mut Vec<Event>, battle: bool) {
    let kinds = start::kinds_at(st, battle);
    let order = st.interpretations.start_order;
    let tasks = triggers(st, &kinds, order);
    let both = [0, 1].iter().all(|side| {
        tasks
            .iter()
            .any(|t| matches!(t, Task::Trigger { side: s, .. } if s == side))
    });
    if both {
        let text = match order {
            StartOrder::PlayersInOrder => {
                "both players have effects now: all of the first player's resolve, then the second player's (start_order: players_in_order)"
            }
            StartOrder::SlotBySlot => {
                "both players have effects now: they resolve slot by slot, the first player's before the second's in each slot (start_order: slot_by_slot)"
            }
        };
        note(
            st,
            out,
            None,
            text,
            Rule::from(&turn::SEQUENCE).reading(order.reading()),
        );
    }
    push_front(st, tasks);
}

fn check_defeat(st: &mut State, out: &mut Vec<Event>) {
    if st.is_over() {
        return;
    }
    let dead = [st.players[0].life <= 0, st.players[1].life <= 0];
    let outcome = match dead {
        [true, true] => Outcome::Draw,
        [true, false] => Outcome::Win {
            winner: 1,
            loser: 0,
        },
        [false, true] => Outcome::Win {
            winner: 0,
            loser: 1,
        },
        [false, false] => return,
    };
    end(st, out, outcome, &turn::DEFEAT);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::battleline::position::{resolve, CardDef, CardSource, Position};

    /// Only hypothetical creatures: no catalogue.
    struct NoCards;
    impl CardSource for NoCards {
        fn card(&self, _: &str) -> Option<CardDef> {
            None
        }
        fn suggest(&self, _: &str) -> Option<String> {
            None
        }
    }

    /// Two walls that cannot hurt each other: a long game with no winner.
    fn stalemate() -> State {
        let text = r#"{"seed": 1, "turns": 50, "players": [
            {"name": "Alice", "line": [{"name": "Wall", "attack": 0, "life": 5}]},
            {"name": "Bob", "line": [{"name": "Wall", "attack": 0, "life": 5}]}]}"#;
        let position = Position::from_json(text).expect("position");
        resolve(&position, &NoCards).expect("resolves")
    }

    // house rule T10 Step bound: "Adjudication stops after 10000 steps, whatever the position."
    /// Here the bound is reached by starting one step short; a whole game that reaches it
    /// within the caps is `tests/fixtures/stress/step_bound.json` (tests/engine_surfaces.rs).
    #[test]
    fn the_step_bound_ends_adjudication() {
        let mut st = stalemate();
        st.steps = MAX_STEPS - 1;
        let first = advance(&mut st);
        assert!(st.outcome.is_none(), "one step is still allowed: {first:?}");
        let events = advance(&mut st);
        assert_eq!(st.outcome, Some(Outcome::StepBound));
        assert!(st.is_over());
        let last = events.last().expect("the ending event");
        assert_eq!(last.cite.rule, "Step bound");
        assert_eq!(
            last.cite.sentence,
            "Adjudication stops after 10000 steps, whatever the position."
        );
        // An ended state does not step again.
        assert!(advance(&mut st).is_empty());
    }

    #[test]
    fn without_the_bound_the_same_game_plays_out_its_turns() {
        let mut st = stalemate();
        run_to_end(&mut st);
        assert_eq!(st.outcome, Some(Outcome::TurnsPlayed));
        assert!(st.steps < MAX_STEPS);
    }
}
