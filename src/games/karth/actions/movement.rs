//! Moving and attacking (seed 001 §5.2.2, 5.3.7, 5.4.7, 5.7.2, 5.10, and the published
//! movement rules of section 4): a move is judged space by space along its path (no
//! diagonals, MV, walls, webs, enemies, Water and Forest, teleporters), then its end
//! (an occupied space, Gold, a Mana Pool, plain terrain). A space that stops movement
//! (Water or Forest under `stops_movement: enter_and_stop`, a travel under
//! `after_teleport: stops`) ends the move there: the path is taken up to it and the steps
//! beyond are logged as not taken. A unit's MV, range and terrain immunities come from
//! the position or, where it is silent, its card's text (house rule K21). An attack is
//! judged for whether it may be made (range, Forest, line of sight: house rules K4, K9).

use super::common::{in_play, no, own_turn, owned, unknown_mv, Accept, Judged, Reject};
use crate::games::karth::cite::{base, rules as house, s5, Citation, Rule};
use crate::games::karth::event::Change;
use crate::games::karth::format::{CardType, Cell, UnitSpec};
use crate::games::karth::interpret::{
    ActIncludesMove, AfterTeleport, ForestAttack, ForestSight, HoldGold, StopsMovement,
};
use crate::games::karth::state::{adjacent, at, has, State, Terrain};
use crate::grammar::karth::{move_text, MoveText};

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

/// Where a move stopped before the end of its path: the space, what stopped it (a
/// terrain's name, or `teleporting`), the rule, and the steps beyond it not taken.
struct Stop {
    at: Cell,
    by: String,
    rule: Rule,
}

/// A path judged step by step: how much of it is taken and what the steps found.
#[derive(Default)]
struct Trace {
    /// How many spaces of the path are taken (the rest lie beyond a stop).
    taken: usize,
    spent: u32,
    stop: Option<Stop>,
    jumped: Option<(Cell, Cell)>,
    teleporter_entered: bool,
    passed_own: bool,
    /// The Water or Forest rule a step rested on (entered and stopped, or immune).
    terrain_rule: Option<Rule>,
}

/// Judges a move of `id` along `path` (a teleport is a path of one jump). A path that
/// runs on past the space that stops the unit (Water or Forest, 5.10.2–5.10.3; a travel
/// between teleporters under `after_teleport: stops`) is taken up to that space, and
/// the steps beyond are logged as not taken.
pub fn walk(st: &State, who: &str, id: &str, path: &[Cell]) -> Judged {
    let u = in_play(st, id, &base::UNIT_TURN)?;
    own_turn(st, who, "move units")?;
    owned(u, who, &house::TURN_OWNER)?;
    let Some((mv, mv_rule)) = unit_mv(st, u) else {
        return Err(unknown_mv(u));
    };
    if u.moved {
        return Err(no(
            &house::ONE_MOVE,
            format!("{id} has moved this turn already"),
        ));
    }
    let hired_rule = may_move_when_hired(st, u)?;
    let mut tr = Trace::default();
    let mut pos = u.at;
    for (j, &next) in path.iter().enumerate() {
        if tr.stop.is_some() {
            break;
        }
        if adjacent(pos, next) {
            step(st, u, mv, &mut tr, pos, &path[j..])?;
        } else {
            tr.jumped = Some(jump(st, u, &tr, pos, next)?);
            if st.readings().after_teleport == AfterTeleport::Stops && j + 1 < path.len() {
                tr.stop = Some(Stop {
                    at: next,
                    by: "teleporting".into(),
                    rule: Rule::from(&s5::TELEPORT_ATTACK)
                        .reading(st.readings().after_teleport.reading()),
                });
            }
        }
        pos = next;
        tr.taken = j + 1;
    }
    let mut acc = carry_out(st, u, path, &tr, hired_rule);
    if let Some(r) = mv_rule {
        acc.rule = if acc.rule.house.is_none() {
            acc.rule.house(r)
        } else {
            acc.rule.also(r)
        };
    }
    Ok(acc)
}

/// A unit's MV: the position's `mv`, or what its card's text says (house rule K21, the
/// rule returned).
pub fn unit_mv(st: &State, u: &UnitSpec) -> Option<(u32, Option<&'static Citation>)> {
    match u.mv {
        Some(mv) => Some((mv, None)),
        None => card_text(st, u).mv.map(|mv| (mv, Some(&house::CARD_MOVES))),
    }
}

/// What `u`'s card's text says about moving and attacking (house rule K21).
fn card_text(st: &State, u: &UnitSpec) -> MoveText {
    u.card
        .as_deref()
        .and_then(|c| st.card(c))
        .map(|d| move_text(&d.text))
        .unwrap_or_default()
}

/// A step that is not to the next space: the one travel between teleporters a move may
/// make (5.10.5, house rule K15), or a step off the grid of orthogonal steps.
fn jump(
    st: &State,
    u: &UnitSpec,
    tr: &Trace,
    pos: Cell,
    next: Cell,
) -> Result<(Cell, Cell), Reject> {
    let teleporters =
        st.terrain(pos) == Terrain::Teleporter && st.terrain(next) == Terrain::Teleporter;
    if teleporters && next != pos && tr.jumped.is_none() {
        if let Some(o) = st.unit_at(next).filter(|o| o.id != u.id) {
            return Err(no(
                &s5::TELEPORT,
                format!("the teleporter at {} is occupied by {}", at(next), o.id),
            )
            .at(&[next]));
        }
        return Ok((pos, next));
    }
    let diagonal = pos[0].abs_diff(next[0]) == 1 && pos[1].abs_diff(next[1]) == 1;
    Err(if diagonal {
        no(&base::NO_DIAGONAL, format!("{} to {} is a diagonal step", at(pos), at(next)))
    } else if teleporters && next != pos {
        // House rule K15: "once in a move".
        no(&house::TELEPORT_START, format!("{} has travelled between teleporters once in this move already", u.id))
    } else {
        no(
            Rule::from(&base::NO_DIAGONAL).house(&house::ONE_MOVE),
            format!("{} is not next to {}: a path names each space entered, one orthogonal step at a time", at(next), at(pos)),
        )
    }
    .at(&[next]))
}

/// The penalty rule of the terrain at `c` for `u`, and whether `u` is immune to it
/// (5.10.2, 5.10.3; a card's text, house rule K21).
fn penalty(st: &State, u: &UnitSpec, c: Cell) -> Option<(Rule, bool)> {
    let ignores = |name: &str| card_text(st, u).ignores.iter().any(|t| t == name);
    match st.terrain(c) {
        Terrain::Water if water_immune(u) => Some((Rule::from(&s5::WATER), true)),
        Terrain::Forest if forest_immune(u) => Some((Rule::from(&s5::FOREST), true)),
        Terrain::Water if ignores("water") => {
            Some((Rule::from(&s5::WATER).house(&house::CARD_MOVES), true))
        }
        Terrain::Forest if ignores("forest") => {
            Some((Rule::from(&s5::FOREST).house(&house::CARD_MOVES), true))
        }
        Terrain::Water => Some((Rule::from(&s5::WATER), false)),
        Terrain::Forest => Some((Rule::from(&s5::FOREST), false)),
        _ => None,
    }
}

/// A unit on `next`, the space a step of `u` enters: an enemy blocks it (4.2.6); one of
/// its own may be passed but not stopped on (4.2.2, 4.2.4), whether the path ends there
/// (`last`) or Water or Forest stops it there (`stops_here`). `Ok(true)`: one passed.
fn in_the_way(
    st: &State,
    u: &UnitSpec,
    next: Cell,
    last: bool,
    stops_here: bool,
) -> Result<bool, Reject> {
    let Some(o) = st.unit_at(next).filter(|o| o.id != u.id) else {
        return Ok(false);
    };
    if o.owner != u.owner {
        return Err(no(
            &base::ENEMIES,
            format!("{}'s {} stands on {}", o.owner, o.id, at(next)),
        )
        .at(&[next]));
    }
    if !(last || stops_here) {
        return Ok(true);
    }
    let (rule, why) = if last {
        (Rule::from(&base::OCCUPIED), String::new())
    } else {
        let reading = st.readings().stops_movement.reading();
        (
            Rule::from(&base::OCCUPIED).reading(reading),
            format!(", where {}'s movement would stop", u.id),
        )
    };
    Err(no(
        rule,
        format!("{} already stands on {}{why}", o.id, at(next)),
    )
    .at(&[next]))
}

/// One orthogonal step from `pos` to `rest[0]` (`rest` is the path from there on):
/// webs, walls, units in the way, Water and Forest, teleporters, MV.
fn step(
    st: &State,
    u: &UnitSpec,
    mv: u32,
    tr: &mut Trace,
    pos: Cell,
    rest: &[Cell],
) -> Result<(), Reject> {
    let (id, next) = (&u.id, rest[0]);
    let flying = has(u, "Flying");
    let mut cost = 1;
    if st.cell(pos).is_some_and(|c| c.web) && !flying {
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
    let reading = st.readings().stops_movement;
    let penalty = penalty(st, u, next);
    let stops_here = penalty.as_ref().is_some_and(|(_, immune)| !immune)
        && reading == StopsMovement::EnterAndStop;
    tr.passed_own |= in_the_way(st, u, next, rest.len() == 1, stops_here)?;
    if let Some((rule, immune)) = penalty {
        if immune {
            tr.terrain_rule.get_or_insert(rule);
        } else if reading == StopsMovement::Impassable {
            let name = cell.map_or("", |c| c.terrain.as_str());
            return Err(no(
                rule.reading(reading.reading()),
                format!("{id} may not enter {name} at {}", at(next)),
            )
            .at(&[next]));
        } else {
            let rule = rule.reading(reading.reading());
            tr.terrain_rule = Some(rule);
            if rest.len() > 1 {
                let by = cell.map_or(String::new(), |c| c.terrain.clone());
                tr.stop = Some(Stop { at: next, by, rule });
            }
        }
    }
    if st.terrain(next) == Terrain::Teleporter {
        tr.teleporter_entered = true;
    }
    tr.spent += cost;
    if tr.spent > mv {
        return Err(no(
            &base::MV,
            format!(
                "the path costs {} MV by {} and {id} has {mv}",
                tr.spent,
                at(next)
            ),
        )
        .at(rest));
    }
    Ok(())
}

/// The rule that allows a legal move of `u` along `taken`, the part of its path it
/// takes.
fn allowed_by(st: &State, taken: &[Cell], tr: &Trace, hired: Option<Rule>) -> Rule {
    if let Some(h) = hired {
        return h;
    }
    let readings = st.readings();
    if let Some((_, to)) = tr.jumped {
        let r = Rule::from(&s5::TELEPORT);
        let r = if taken.len() == 1 {
            r.house(&house::TELEPORT_START)
        } else {
            r
        };
        if taken.last() != Some(&to) {
            r.reading(readings.after_teleport.reading())
        } else {
            r
        }
    } else if tr.teleporter_entered {
        Rule::from(&s5::TELEPORT_COST)
    } else if let Some(r) = tr.terrain_rule {
        r
    } else if tr.passed_own {
        Rule::from(&base::OWN_UNITS)
    } else {
        Rule::from(&base::MV)
    }
}

/// The changes a legal move makes: the steps before a travel, the travel, the steps
/// after, where it stopped short of its path, its items, and its end.
fn carry_out(st: &State, u: &UnitSpec, path: &[Cell], tr: &Trace, hired: Option<Rule>) -> Accept {
    let (taken, refused) = path.split_at(tr.taken.min(path.len()));
    let id = u.id.clone();
    let (before, after): (Vec<Cell>, Vec<Cell>) = match tr.jumped {
        Some((_, to)) => {
            let k = taken.iter().position(|c| *c == to).unwrap_or(0);
            (taken[..k].to_vec(), taken[k + 1..].to_vec())
        }
        None => (taken.to_vec(), Vec::new()),
    };
    let move_rule = if tr.teleporter_entered {
        Rule::from(&s5::TELEPORT_COST)
    } else {
        Rule::from(&base::MV)
    };
    let mut changes = Vec::new();
    if !before.is_empty() {
        let spent = if tr.jumped.is_some() {
            before.len() as u32
        } else {
            tr.spent
        };
        changes.push((
            Change::Moved {
                unit: id.clone(),
                from: u.at,
                path: before.clone(),
                spent,
            },
            move_rule,
        ));
    }
    changes.extend(travel(st, u, tr, &before, after));
    if let Some(stop) = &tr.stop {
        changes.push((
            Change::Stopped {
                unit: id.clone(),
                at: stop.at,
                by: stop.by.clone(),
                refused: refused.to_vec(),
            },
            stop.rule,
        ));
    }
    if !u.items.is_empty() {
        changes.push((
            Change::ItemsMoved {
                unit: id.clone(),
                items: u.items.iter().map(|i| i.card.clone()).collect(),
            },
            Rule::from(&s5::EQUIP_MOVES),
        ));
    }
    changes.extend(end_of_move(st, u, taken.last().copied().unwrap_or(u.at)));
    Accept {
        rule: allowed_by(st, taken, tr, hired),
        changes,
    }
}

/// The travel between teleporters of a move (5.10.5, K15) and the steps after it.
fn travel(
    st: &State,
    u: &UnitSpec,
    tr: &Trace,
    before: &[Cell],
    after: Vec<Cell>,
) -> Vec<(Change, Rule)> {
    let Some((a, b)) = tr.jumped else {
        return Vec::new();
    };
    let readings = st.readings();
    let id = u.id.clone();
    let mut r = Rule::from(&s5::TELEPORT);
    if before.is_empty() {
        r = r.house(&house::TELEPORT_START);
    }
    if !after.is_empty() {
        r = r.reading(readings.after_teleport.reading());
    }
    let mut changes = vec![(
        Change::Teleported {
            unit: id.clone(),
            from: a,
            to: b,
        },
        r,
    )];
    if !after.is_empty() {
        let spent = tr.spent.saturating_sub(before.len() as u32);
        changes.push((
            Change::Moved {
                unit: id,
                from: b,
                path: after,
                spent,
            },
            Rule::from(&base::MV).reading(readings.after_teleport.reading()),
        ));
    }
    changes
}

/// What the space a unit ends its movement on does (5.10.1, 5.10.4, 5.10.6, 5.10.7).
fn end_of_move(st: &State, u: &UnitSpec, end: Cell) -> Vec<(Change, Rule)> {
    let id = u.id.clone();
    let name = st.cell(end).map_or(String::new(), |c| c.terrain.clone());
    match st.terrain(end) {
        Terrain::Gold => vec![gold_change(st, u, end, Rule::from(&s5::GOLD))],
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

/// The gold a unit of `u`'s owner gains on the Gold at `gold` (where it ends its move, or
/// stands), twice under Double Production.
pub fn gold_change(st: &State, u: &UnitSpec, gold: Cell, rule: Rule) -> (Change, Rule) {
    let dp = st
        .player_index(&u.owner)
        .is_some_and(|i| st.position.players[i].double_production);
    // Double Production doubles the Gold its player holds (`hold_gold`): laid by them, or
    // occupied by one of their units, which `u` is, standing on it once its move ends.
    let holds = match st.readings().hold_gold {
        HoldGold::Laid => super::common::holds_gold(st, &u.owner, gold),
        HoldGold::Occupied => true,
    };
    let doubled = dp && holds;
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
    // House rule K21: a range its card's text gives ("Attacks at range 3.").
    let (range, range_rule) = match (u.range, card_text(st, u).range) {
        (Some(r), _) => (r, Rule::from(&house::ATTACK)),
        (None, Some(r)) => (r, Rule::from(&house::ATTACK).house(&house::CARD_MOVES)),
        (None, None) => (1, Rule::from(&house::ATTACK)),
    };
    let range = range.max(1);
    let distance = u.at[0].abs_diff(t.at[0]) + u.at[1].abs_diff(t.at[1]);
    if distance > range {
        return Err(no(
            range_rule,
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
        range_rule
    };
    let change_rule = if u.teleported {
        Rule::from(&s5::TELEPORT_ATTACK).house(&house::ATTACK)
    } else {
        range_rule
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
