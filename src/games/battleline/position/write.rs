//! Writing a [`State`] back as a [`Position`], so a final position (or any step's) can be
//! fed in again. It checks nothing; reading and resolving are `mod.rs` and `resolve.rs`.

use rand::RngCore;

use super::{
    ActionSpec, ArtifactSpec, ChoiceSpec, CreatureSpec, DecisionPin, PlayerSpec, Position,
};
use crate::games::battleline::state::{Creature, PlayCard, State};

/// A creature as position JSON: everything explicit, so it reads back the same.
pub fn creature_out(c: &Creature) -> CreatureSpec {
    CreatureSpec {
        card: c.from_catalogue.then(|| c.name.to_string()),
        name: (!c.from_catalogue).then(|| c.name.to_string()),
        attack: Some(c.attack),
        life: Some(c.life),
        abilities: Some(c.abilities.iter().map(|a| a.label()).collect()),
        traits: Some(c.traits.iter().map(|t| t.to_string()).collect()),
        damage: c.damage,
        artifacts: c
            .artifacts
            .iter()
            .map(|a| {
                if a.from_catalogue {
                    ArtifactSpec::Card(a.name.to_string())
                } else {
                    ArtifactSpec::Inline {
                        name: a.name.to_string(),
                        attack: a.attack,
                        life: a.life,
                    }
                }
            })
            .collect(),
        status: c.status.iter().map(|s| s.name().to_string()).collect(),
        // Explicit for a catalogue card, as its stats are: a judge's "not a warlord" on a
        // catalogue warlord must survive continuing the game.
        warlord: if c.from_catalogue {
            Some(c.warlord)
        } else {
            c.warlord.then_some(true)
        },
    }
}

/// The state as a position that continues from it: the next turn, the turns left, the
/// cards still to be played and the choices still to come. The seed is drawn from the
/// state's generator, so the continuation is reproducible but not the same stream.
///
/// Taken mid-turn, the position starts that turn again (a position starts at the start
/// of a turn): exact continuation is from the end of a turn, as `final` always is.
pub fn to_position(st: &State) -> Position {
    let finished_turn = st.agenda.is_empty();
    let next_turn = if finished_turn { st.turn + 1 } else { st.turn };
    let players = [0, 1].map(|p| {
        let pl = &st.players[p];
        let mut line: Vec<Option<CreatureSpec>> = pl
            .line
            .iter()
            .map(|c| c.as_ref().map(creature_out))
            .collect();
        // Creatures waiting to return are shown where they will be: at the end.
        line.extend(pl.returning.iter().map(|c| Some(creature_out(c))));
        PlayerSpec {
            name: pl.name.to_string(),
            life: pl.life,
            line,
        }
    });
    let actions = st
        .plays
        .iter()
        .filter(|p| p.turn >= next_turn)
        .map(|p| {
            let (play, creature) = match &p.card {
                PlayCard::Artifact(a) => (Some(a.name.to_string()), None),
                PlayCard::Creature(c) if c.from_catalogue => (Some(c.name.to_string()), None),
                PlayCard::Creature(c) => (None, Some(creature_out(c))),
            };
            ActionSpec {
                player: p.side,
                play,
                creature,
                slot: p.slot.map(|s| s + 1),
                turn: Some(p.turn),
            }
        })
        .collect();
    let choices = st
        .choices
        .iter()
        .filter(|c| c.chance > st.chances)
        .map(|c| ChoiceSpec {
            chance: c.chance - st.chances,
            slot: c.slot,
        })
        .collect();
    let decisions = st
        .decision_pins
        .iter()
        .filter(|d| d.decision > st.decisions)
        .map(|d| DecisionPin {
            decision: d.decision - st.decisions,
            option: d.option,
        })
        .collect();
    let mut rng = st.rng.clone();
    Position {
        game: "battleline".into(),
        // 53 bits: JSON readers that hold numbers as doubles (JavaScript, jq) keep it exact.
        seed: rng.next_u64() >> 11,
        turns: st.last_turn.saturating_sub(next_turn.saturating_sub(1)),
        turn: next_turn,
        players,
        actions,
        choices,
        decisions,
        interpretations: st.interpretations,
    }
}
