//! Moving and attacking (seed 001 §5.2.2, 5.3.7, 5.4.7, 5.7.2, 5.10, and the published
//! movement rules of section 4): a move is judged space by space along its path (no
//! diagonals, MV, walls, webs, enemies, Water and Forest, teleporters), then its end
//! (an occupied space, Gold, a Mana Pool, plain terrain); an attack is judged for
//! whether it may be made (range, Forest, line of sight: house rules K4, K9).

use super::common::{in_play, no, own_turn, owned, unknown_mv, Accept, Judged, Reject};
use crate::games::karth::cite::{base, rules as house, s5, Rule};
use crate::games::karth::event::Change;
use crate::games::karth::format::{CardType, Cell, UnitSpec};
use crate::games::karth::interpret::{
    ActIncludesMove, AfterTeleport, ForestAttack, ForestSight, StopsMovement,
};
use crate::games::karth::state::{adjacent, at, has, State, Terrain};

/// Immune to Water's movement penalty: flying, leaping, undead (5.10.2).
fn water_immune(u: &UnitSpec) -> bool {
    has(u, "Flying") || has(u, "Leaping") || has(u, "Undead")
}

/// Immune to Forest's movement and attack penalty: rangers, druids, hunters (5.10.3).
fn forest_immune(u: &UnitSpec) -> bool {
    has(u, "Ranger") || has(u, "Druid") || has(u, "Hunter")
}

/// 5.2.2 with 5.3.7 / 5.4.7: may a newly hired unit move? `Ok(Some(rule))` names what
/// allowed it.
fn may_move_when_hired(st: &State, u: &UnitSpec) -> Result<Option<Rule>, Reject> {
    if u.hired_turn != Some(st.turn()) {
        return Ok(None);
    }
    let reading = st.readings().act_includes_move;
    let act = match u.kind {
        Some(CardType::Mercenary) => Some(&s5::MERC_ACT),
        Some(CardType::Animal) => Some(&s5::ANIMAL_ACT),
        _ => None,
    };
    if let Some(act) = act {
        return match reading {
            ActIncludesMove::Includes => Ok(Some(Rule::from(act).reading(reading.reading()))),
            ActIncludesMove::Excludes => Err(no(
                Rule::from(&s5::NEWLY_HIRED).reading(reading.reading()),
                format!(
                    "{} entered the Battlefield this turn: it may act, but acting is not moving",
                    u.id
                ),
            )),
        };
    }
    let permit = st.position.units.iter().find(|p| {
        p.owner == u.owner
            && p.permits.iter().any(|pm| {
                pm == "move_when_hired"
                    || pm.strip_prefix("move_when_hired:").is_some_and(|cl| {
                        u.class
                            .as_deref()
                            .is_some_and(|c| c.eq_ignore_ascii_case(cl.trim()))
                    })
            })
    });
    // A token is held only under `token_moves: next_turn` (summon.rs).
    let (mut rule, came) = (Rule::from(&s5::NEWLY_HIRED), "was hired");
    let came = if u.kind == Some(CardType::Token) {
        rule = rule.reading(st.readings().token_moves.reading());
        "was summoned"
    } else {
        came
    };
    match permit {
        Some(_) => Ok(Some(rule)),
        None => Err(no(
            rule,
            format!(
                "{} {came} this turn and no card of {}'s says it may move",
                u.id, u.owner
            ),
        )),
    }
}

/// Judges a move of `id` along `path` (a teleport is a path of one jump).
pub fn walk(st: &State, who: &str, id: &str, path: &[Cell]) -> Judged {
    let u = in_play(st, id, &base::UNIT_TURN)?;
    own_turn(st, who, "move units")?;
    owned(u, who, &house::TURN_OWNER)?;
    let Some(mv) = u.mv else {
        return Err(unknown_mv(u));
    };
    if u.moved {
        return Err(no(
            &house::ONE_MOVE,
            format!("{id} has moved this turn already"),
        ));
    }
    let hired_rule = may_move_when_hired(st, u)?;
    let readings = st.readings();
    let flying = has(u, "Flying");
    let mut pos = u.at;
    let mut spent = 0u32;
    let mut stopped: Option<(Terrain, Cell)> = None;
    let mut jumped: Option<(Cell, Cell)> = None;
    let mut teleporter_entered = false;
    let mut passed_own = false;
    let mut stop_rule: Option<Rule> = None;
    for (j, &next) in path.iter().enumerate() {
        let last = j + 1 == path.len();
        if let Some((t, c)) = stopped {
            let (rule, name) = if t == Terrain::Water {
                (&s5::WATER, "Water")
            } else {
                (&s5::FOREST, "Forest")
            };
            return Err(no(
                Rule::from(rule).reading(readings.stops_movement.reading()),
                format!(
                    "{id}'s movement stopped when it entered {name} at {}",
                    at(c)
                ),
            )
            .at(&path[j..]));
        }
        if let Some((_, to)) = jumped {
            if readings.after_teleport == AfterTeleport::Stops {
                return Err(no(
                    Rule::from(&s5::TELEPORT_ATTACK).reading(readings.after_teleport.reading()),
                    format!(
                        "{id}'s movement ended when it travelled to the teleporter at {}",
                        at(to)
                    ),
                )
                .at(&path[j..]));
            }
        }
        let occupant = st.unit_at(next).filter(|o| o.id != u.id);
        if !adjacent(pos, next) {
            let teleport = st.terrain(pos) == Terrain::Teleporter
                && st.terrain(next) == Terrain::Teleporter
                && next != pos;
            if teleport && jumped.is_none() {
                if let Some(o) = occupant {
                    return Err(no(
                        &s5::TELEPORT,
                        format!("the teleporter at {} is occupied by {}", at(next), o.id),
                    )
                    .at(&[next]));
                }
                jumped = Some((pos, next));
                pos = next;
                continue;
            }
            let diagonal = pos[0].abs_diff(next[0]) == 1 && pos[1].abs_diff(next[1]) == 1;
            return Err(if diagonal {
                no(&base::NO_DIAGONAL, format!("{} to {} is a diagonal step", at(pos), at(next)))
            } else if st.terrain(pos) == Terrain::Teleporter && st.terrain(next) == Terrain::Teleporter {
                no(&house::ONE_MOVE, format!("{id} has travelled between teleporters once in this move already"))
            } else {
                no(
                    Rule::from(&base::NO_DIAGONAL).house(&house::ONE_MOVE),
                    format!("{} is not next to {}: a path names each space entered, one orthogonal step at a time", at(next), at(pos)),
                )
            }
            .at(&[next]));
        }
        let mut cost = 1;
        let leaving = st.cell(pos);
        if leaving.is_some_and(|c| c.web) && !flying {
            cost += 1;
            if mv == 1 {
                return Err(no(
                    &base::WEBS,
                    format!(
                        "{id} has 1 MV and stands on a web at {}: it is stuck",
                        at(pos)
                    ),
                )
                .at(&[pos]));
            }
        }
        let cell = st.cell(next);
        if cell.is_some_and(|c| c.wall) && !(flying || has(u, "Rogue")) {
            return Err(no(&base::WALLS, format!("a wall stands on {}", at(next))).at(&[next]));
        }
        if let Some(o) = occupant {
            if o.owner != u.owner {
                return Err(no(
                    &base::ENEMIES,
                    format!("{}'s {} stands on {}", o.owner, o.id, at(next)),
                )
                .at(&[next]));
            }
            if last {
                return Err(no(
                    &base::OCCUPIED,
                    format!("{} already stands on {}", o.id, at(next)),
                )
                .at(&[next]));
            }
            passed_own = true;
        }
        let terrain = st.terrain(next);
        let (penalty, immune) = match terrain {
            Terrain::Water => (Some(&s5::WATER), water_immune(u)),
            Terrain::Forest => (Some(&s5::FOREST), forest_immune(u)),
            _ => (None, false),
        };
        if let Some(rule) = penalty {
            if immune {
                stop_rule.get_or_insert(Rule::from(rule));
            } else {
                let reading = readings.stops_movement;
                match reading {
                    StopsMovement::Impassable => {
                        return Err(no(
                            Rule::from(rule).reading(reading.reading()),
                            format!(
                                "{id} may not enter {} at {}",
                                cell.map_or("", |c| c.terrain.as_str()),
                                at(next)
                            ),
                        )
                        .at(&[next]));
                    }
                    StopsMovement::EnterAndStop => {
                        stopped = Some((terrain, next));
                        stop_rule = Some(Rule::from(rule).reading(reading.reading()));
                    }
                }
            }
        }
        if terrain == Terrain::Teleporter {
            teleporter_entered = true;
        }
        spent += cost;
        if spent > mv {
            return Err(no(
                &base::MV,
                format!(
                    "the path costs {spent} MV by {} and {id} has {mv}",
                    at(next)
                ),
            )
            .at(&path[j..]));
        }
        pos = next;
    }
    // The move is legal: what it allows, and what it does.
    let mut rule = if jumped.is_some() {
        let r = Rule::from(&s5::TELEPORT);
        let r = if path.len() == 1 {
            r.house(&house::TELEPORT_START)
        } else {
            r
        };
        if jumped.is_some_and(|(_, to)| path.last() != Some(&to)) {
            r.reading(readings.after_teleport.reading())
        } else {
            r
        }
    } else if teleporter_entered {
        Rule::from(&s5::TELEPORT_COST)
    } else if let Some(r) = stop_rule {
        r
    } else if passed_own {
        Rule::from(&base::OWN_UNITS)
    } else {
        Rule::from(&base::MV)
    };
    if let Some(h) = hired_rule {
        rule = h;
    }
    let mut changes = Vec::new();
    // The steps before the jump, the jump, the steps after.
    let (before, after): (Vec<Cell>, Vec<Cell>) = match jumped {
        Some((_, to)) => {
            let k = path.iter().position(|c| *c == to).unwrap_or(0);
            (path[..k].to_vec(), path[k + 1..].to_vec())
        }
        None => (path.to_vec(), Vec::new()),
    };
    let move_rule = if teleporter_entered {
        Rule::from(&s5::TELEPORT_COST)
    } else {
        Rule::from(&base::MV)
    };
    let from = u.at;
    if !before.is_empty() {
        changes.push((
            Change::Moved {
                unit: id.to_string(),
                from,
                path: before.clone(),
                spent: if jumped.is_some() {
                    before.len() as u32
                } else {
                    spent
                },
            },
            move_rule,
        ));
    }
    if let Some((a, b)) = jumped {
        let mut r = Rule::from(&s5::TELEPORT);
        if before.is_empty() {
            r = r.house(&house::TELEPORT_START);
        }
        if !after.is_empty() {
            r = r.reading(readings.after_teleport.reading());
        }
        changes.push((
            Change::Teleported {
                unit: id.to_string(),
                from: a,
                to: b,
            },
            r,
        ));
        if !after.is_empty() {
            changes.push((
                Change::Moved {
                    unit: id.to_string(),
                    from: b,
                    path: after.clone(),
                    spent: spent.saturating_sub(before.len() as u32),
                },
                Rule::from(&base::MV).reading(readings.after_teleport.reading()),
            ));
        }
    }
    if !u.items.is_empty() {
        changes.push((
            Change::ItemsMoved {
                unit: id.to_string(),
                items: u.items.iter().map(|i| i.card.clone()).collect(),
            },
            Rule::from(&s5::EQUIP_MOVES),
        ));
    }
    changes.extend(end_of_move(st, u, pos));
    Ok(Accept { rule, changes })
}

/// What the space a unit ends its movement on does (5.10.1, 5.10.4, 5.10.6, 5.10.7).
fn end_of_move(st: &State, u: &UnitSpec, end: Cell) -> Vec<(Change, Rule)> {
    let id = u.id.clone();
    let name = st.cell(end).map_or(String::new(), |c| c.terrain.clone());
    match st.terrain(end) {
        Terrain::Gold => vec![gold_change(st, u, Rule::from(&s5::GOLD))],
        Terrain::ManaPool => vec![(Change::FreeAbility { unit: id }, Rule::from(&s5::MANA_POOL))],
        Terrain::Grassland => vec![(
            Change::NoModifier {
                unit: id,
                terrain: name,
            },
            Rule::from(&s5::GRASSLAND),
        )],
        Terrain::Spawner => vec![(
            Change::NoModifier {
                unit: id,
                terrain: name,
            },
            Rule::from(&s5::SPAWNER_PLAIN),
        )],
        Terrain::Other => vec![(
            Change::NoModifier {
                unit: id,
                terrain: name,
            },
            Rule::from(&s5::GRASSLAND).house(&house::OTHER_TERRAIN),
        )],
        Terrain::Water | Terrain::Forest | Terrain::Teleporter => Vec::new(),
    }
}

/// The gold a unit of `u`'s owner gains on Gold (twice under Double Production).
pub fn gold_change(st: &State, u: &UnitSpec, rule: Rule) -> (Change, Rule) {
    let dp = st
        .player_index(&u.owner)
        .is_some_and(|i| st.position.players[i].double_production);
    // Double Production doubles the Gold its player holds (`hold_gold`, cards.rs).
    let doubled = dp && super::cards::holds_gold(st, &u.owner, u.at);
    let rule = if dp {
        rule.reading(st.readings().hold_gold.reading())
    } else {
        rule
    };
    (
        Change::GainGold {
            player: u.owner.clone(),
            unit: u.id.clone(),
            gold: if doubled { 2 } else { 1 },
        },
        if doubled {
            rule.house(&house::CARD_EFFECTS)
        } else {
            rule
        },
    )
}

/// Whether the segment between the centres of `a` and `b` meets the closed square of
/// space `c` (house rule K4).
fn crosses(a: Cell, b: Cell, c: Cell) -> bool {
    let (ax, ay) = (f64::from(a[0]), f64::from(a[1]));
    let (bx, by) = (f64::from(b[0]), f64::from(b[1]));
    let (lo_x, hi_x) = (f64::from(c[0]) - 0.5, f64::from(c[0]) + 0.5);
    let (lo_y, hi_y) = (f64::from(c[1]) - 0.5, f64::from(c[1]) + 0.5);
    let (mut t0, mut t1) = (0.0f64, 1.0f64);
    for (p, d, lo, hi) in [(ax, bx - ax, lo_x, hi_x), (ay, by - ay, lo_y, hi_y)] {
        if d.abs() < 1e-12 {
            if p < lo - 1e-9 || p > hi + 1e-9 {
                return false;
            }
        } else {
            let (mut e0, mut e1) = ((lo - p) / d, (hi - p) / d);
            if e0 > e1 {
                std::mem::swap(&mut e0, &mut e1);
            }
            t0 = t0.max(e0);
            t1 = t1.min(e1);
        }
    }
    t0 <= t1 + 1e-9
}

/// The Forest spaces strictly between `a` and `b` that the line of sight meets.
pub fn forests_between(st: &State, a: Cell, b: Cell) -> Vec<Cell> {
    let mut out = Vec::new();
    for r in a[0].min(b[0])..=a[0].max(b[0]) {
        for c in a[1].min(b[1])..=a[1].max(b[1]) {
            let cell = [r, c];
            if cell != a && cell != b && st.terrain(cell) == Terrain::Forest && crosses(a, b, cell)
            {
                out.push(cell);
            }
        }
    }
    out
}

/// House rule K9: whether `id` may attack `target`, with Forest (5.10.3) and line of
/// sight (house rule K4).
pub fn attack(st: &State, who: &str, id: &str, target: &str) -> Judged {
    let u = in_play(st, id, &house::ATTACK)?;
    let t = in_play(st, target, &house::ATTACK)?;
    own_turn(st, who, "attack")?;
    owned(u, who, &house::TURN_OWNER)?;
    if t.owner == u.owner {
        return Err(no(
            &house::ATTACK,
            format!("{target} is {}'s own unit", u.owner),
        ));
    }
    if u.attacked {
        return Err(no(
            &house::ATTACK,
            format!("{id} has attacked this turn already"),
        ));
    }
    let range = u.range.unwrap_or(1).max(1);
    let distance = u.at[0].abs_diff(t.at[0]) + u.at[1].abs_diff(t.at[1]);
    if distance > range {
        return Err(no(
            &house::ATTACK,
            format!("{target} is {distance} spaces from {id}, whose range is {range}"),
        )
        .at(&[u.at, t.at]));
    }
    let readings = st.readings();
    let immune = forest_immune(u);
    let forest_rule = Rule::from(&s5::FOREST).reading(readings.forest_attack.reading());
    match readings.forest_attack {
        ForestAttack::IntoForest if st.terrain(t.at) == Terrain::Forest && !immune => {
            return Err(no(
                forest_rule,
                format!("{target} stands in Forest and {id} is not a ranger, druid or hunter"),
            )
            .at(&[t.at]));
        }
        ForestAttack::OutOfForest if st.terrain(u.at) == Terrain::Forest && !immune => {
            return Err(no(
                forest_rule,
                format!("{id} stands in Forest and is not a ranger, druid or hunter"),
            )
            .at(&[u.at]));
        }
        _ => {}
    }
    let forests = forests_between(st, u.at, t.at);
    let sees_through = immune && readings.forest_sight == ForestSight::ImmuneSee;
    let sight = Rule::from(&s5::FOREST_LOS)
        .house(&house::LINE_OF_SIGHT)
        .reading(readings.forest_sight.reading());
    if !forests.is_empty() && !sees_through {
        return Err(no(
            sight,
            format!(
                "Forest at {} blocks {id}'s line of sight to {target}",
                forests
                    .iter()
                    .map(|c| at(*c))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        )
        .at(&forests));
    }
    let in_forest = [u.at, t.at]
        .iter()
        .any(|c| st.terrain(*c) == Terrain::Forest);
    let rule = if !forests.is_empty() {
        sight
    } else if in_forest {
        forest_rule
    } else {
        Rule::from(&house::ATTACK)
    };
    let change_rule = if u.teleported {
        Rule::from(&s5::TELEPORT_ATTACK).house(&house::ATTACK)
    } else {
        Rule::from(&house::ATTACK)
    };
    Ok(Accept {
        rule,
        changes: vec![(
            Change::AttackAllowed {
                unit: id.to_string(),
                target: target.to_string(),
            },
            change_rule,
        )],
    })
}
