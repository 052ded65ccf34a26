//! The Heroes of Karth builder form (issue #19, on the core's form hook of issue #14): a
//! play-legality question laid out as a judge sets it up ([`layout`]), a position written
//! as the form's fields ([`from_position`]), a submission read back ([`to_position`],
//! every problem at once, each at its field in words) and a resolver's error put at its
//! field ([`locate`]).
//!
//! Field names: `turn`, `active`, `judged`, `on_rejection`, `board` (one line per row of
//! the battlefield, top row first; cells comma-separated, each `Terrain`, then `@owner`
//! for who laid it and `+wall`, `+web` for what is on it: `Spawner@Ann`, `Forest+web`);
//! per player `p<P>_{name,gold,hand,deck,discard,cemetery,tokens,side,side_mercenaries,
//! side_animals,field_mercenaries,field_animals,income,double_production}` (P is 1 or 2;
//! piles comma-separated; `side` items `Card@turn placed`); per unit
//! `u<N>_{id,owner,card,type,class,traits,abilities,mv,range,dual_wield,at,damage,hidden,
//! items,hired_turn,moved,teleported,attacked,items_used,permits,summons}` (N is 1 to
//! [`FORM_UNITS`]; a space `row,column`; items `Card` or `Card from Player` for a
//! snatched one); per action `x<I>_{do,player,unit,card,at,path,item,by,from,target,mv,id}`
//! (I is 1 to [`FORM_ACTIONS`]; a path `row,column; row,column`); `cards` (inline card
//! definitions as a JSON array, rarely needed); `interp_<key>`.
//!
//! Decisions: the board is one text area (a row a line), not one input per space, so a
//! 12 × 12 battlefield stays one field and a judge types what lies on the table; the
//! action rows share one set of columns (`unit`, `card`, `at`, …), each verb reading the
//! ones it needs, and a column filled that the verb does not read is an error at it
//! (never dropped silently). Inline card definitions are rare and many-fielded: they are
//! pasted as JSON in one field. A name holding a character the syntax uses (`,` `;`
//! `@` `+`) cannot be written on the form: [`from_position`] notes it. Depends only on
//! the core and this game.

use super::format::{
    caps, Action, BoardSpec, CardSpec, CardType, Cell, CellSpec, Counters, ItemSpec, Origin,
    PlayerSpec, Position, SideCard, UnitSpec,
};
use super::interpret::Interpretations;
use crate::rules::form::{
    self, list, number, Choice, Field, FieldError, Form, FormFields, Group, GroupStyle, Kind, List,
    Section, Source, Width,
};
use crate::rules::position::PositionError;
use crate::rules::OnRejection;

/// Unit cards on the form (the position's cap is larger: paste JSON for more).
pub const FORM_UNITS: usize = 12;
/// Action rows on the form (the position's cap is larger: paste JSON for more).
pub const FORM_ACTIONS: usize = 12;

/// The per-player fields, after `p<P>_`.
const PLAYER_FIELDS: &[&str] = &[
    "name",
    "gold",
    "hand",
    "deck",
    "discard",
    "cemetery",
    "tokens",
    "side",
    "side_mercenaries",
    "side_animals",
    "field_mercenaries",
    "field_animals",
    "income",
    "double_production",
];

/// The per-unit fields, after `u<N>_`.
const UNIT_FIELDS: &[&str] = &[
    "id",
    "owner",
    "card",
    "type",
    "class",
    "traits",
    "abilities",
    "mv",
    "range",
    "dual_wield",
    "at",
    "damage",
    "hidden",
    "items",
    "hired_turn",
    "moved",
    "teleported",
    "attacked",
    "items_used",
    "permits",
    "summons",
];

/// The per-action fields, after `x<I>_`.
const ACTION_FIELDS: &[&str] = &[
    "do", "player", "unit", "card", "at", "path", "item", "by", "from", "target", "mv", "id",
];

/// The fields the builder reads, as a sentence for the error that names an unknown one.
pub const ACCEPTED_FIELDS: &str = "turn, active, judged, on_rejection, board, cards, \
p<P>_{name,gold,hand,deck,discard,cemetery,tokens,side,side_mercenaries,side_animals,field_mercenaries,field_animals,income,double_production} (P is 1 or 2), \
u<N>_{id,owner,card,type,class,traits,abilities,mv,range,dual_wield,at,damage,hidden,items,hired_turn,moved,teleported,attacked,items_used,permits,summons} (N is 1 to 12), \
x<I>_{do,player,unit,card,at,path,item,by,from,target,mv,id} (I is 1 to 12) and interp_<key> (one per interpretation)";

/// The verbs an action row may name, with their labels.
const VERBS: &[(&str, &str)] = &[
    ("", "none"),
    ("hire", "Hire"),
    ("to_side", "Play to the side"),
    ("bring_in", "Bring in"),
    ("call_pet", "Call pet"),
    ("move", "Move"),
    ("teleport", "Teleport"),
    ("equip", "Equip"),
    ("unequip", "Unequip"),
    ("use_item", "Use an item"),
    ("dies", "Dies"),
    ("snatch", "Snatch"),
    ("play_income", "Play income"),
    ("cast", "Cast a spell"),
    ("summon_token", "Summon a token"),
    ("scribe", "Scribe"),
    ("attack", "Attack (legality)"),
    ("end_turn", "End the turn"),
];

/// The usual 1v1 battlefield: each player's half 3 rows × 5 columns, a spawner in the
/// middle of each player's two back rows.
const DEFAULT_BOARD: &str = "Grassland, Grassland, Spawner, Grassland, Grassland
Grassland, Grassland, Spawner, Grassland, Grassland
Grassland, Grassland, Grassland, Grassland, Grassland
Grassland, Grassland, Grassland, Grassland, Grassland
Grassland, Grassland, Spawner, Grassland, Grassland
Grassland, Grassland, Spawner, Grassland, Grassland";

/// The values of a new question's form: Ann and Bo on the usual board, Ann's turn 1.
pub fn defaults() -> FormFields {
    let mut f = FormFields::default();
    for (k, v) in [
        ("turn", "1"),
        ("active", "Ann"),
        ("board", DEFAULT_BOARD),
        ("p1_name", "Ann"),
        ("p1_gold", "10"),
        ("p2_name", "Bo"),
        ("p2_gold", "10"),
    ] {
        f.set(k, v);
    }
    f
}

fn player_key(p: usize, field: &str) -> String {
    format!("p{p}_{field}")
}

fn unit_key(n: usize, field: &str) -> String {
    format!("u{n}_{field}")
}

fn action_key(i: usize, field: &str) -> String {
    format!("x{i}_{field}")
}

/// Whether unit card `n` holds anything (a select alone does not make a unit).
fn unit_present(f: &FormFields, n: usize) -> bool {
    UNIT_FIELDS
        .iter()
        .filter(|x| !matches!(**x, "type" | "dual_wield"))
        .any(|x| f.has(&unit_key(n, x)))
}

/// The unit cards that hold a unit, in order: `units[i]` is card `unit_rows(f)[i]`.
fn unit_rows(f: &FormFields) -> Vec<usize> {
    (1..=FORM_UNITS).filter(|&n| unit_present(f, n)).collect()
}

/// The action rows that say what they do: `actions[i]` is row `action_rows(f)[i]`.
fn action_rows(f: &FormFields) -> Vec<usize> {
    (1..=FORM_ACTIONS)
        .filter(|&i| f.has(&action_key(i, "do")))
        .collect()
}

/// How the form names unit card `n`: `Unit 2 (K)`.
fn unit_label(f: &FormFields, n: usize) -> String {
    match f.get(&unit_key(n, "id")) {
        "" => format!("Unit {n}"),
        id => format!("Unit {n} ({id})"),
    }
}

/// How the form names player `p`: `Player 1 (Ann)`.
fn player_label(f: &FormFields, p: usize) -> String {
    match f.get(&player_key(p, "name")) {
        "" => format!("Player {p}"),
        name => format!("Player {p} ({name})"),
    }
}

/// A space written `row,column` (a space or `:` also separates them).
fn parse_cell(s: &str) -> Option<Cell> {
    let mut parts = s
        .split([',', ' ', ':'])
        .map(str::trim)
        .filter(|x| !x.is_empty());
    let row = parts.next()?.parse().ok()?;
    let col = parts.next()?.parse().ok()?;
    parts.next().is_none().then_some([row, col])
}

fn write_cell(c: Cell) -> String {
    format!("{},{}", c[0], c[1])
}

/// Field `name` as a space; blank is `None`.
fn cell(f: &FormFields, name: &str, label: &str, errors: &mut Vec<FieldError>) -> Option<Cell> {
    let v = f.get(name);
    if v.is_empty() {
        return None;
    }
    let c = parse_cell(v);
    if c.is_none() {
        errors.push(FieldError::at(
            name,
            format!("{label}: {v:?} is not a space; write row,column (for example 3,2)"),
        ));
    }
    c
}

/// Field `name` as a path: spaces `row,column` separated by `;` (or `>`).
fn path(f: &FormFields, name: &str, label: &str, errors: &mut Vec<FieldError>) -> Vec<Cell> {
    let mut out = Vec::new();
    let items = f
        .get(name)
        .split([';', '>'])
        .map(str::trim)
        .filter(|x| !x.is_empty());
    for (i, item) in items.enumerate() {
        match parse_cell(item) {
            Some(c) => out.push(c),
            None => errors.push(FieldError::at(
                name,
                format!(
                    "{label}, space {}: {item:?} is not a space; write row,column and separate spaces with ; (for example 2,1; 2,2)",
                    i + 1
                ),
            )),
        }
    }
    out
}

/// One battlefield space as written on the board field: `Spawner@Ann+wall`.
fn parse_space(s: &str) -> Result<CellSpec, String> {
    let mut parts = s.split('+').map(str::trim);
    let head = parts.next().unwrap_or_default();
    let (terrain, owner) = match head.split_once('@') {
        Some((t, o)) => (t.trim(), Some(o.trim().to_string())),
        None => (head, None),
    };
    if terrain.is_empty() {
        return Err(format!("{s:?} names no terrain"));
    }
    if owner.as_deref() == Some("") {
        return Err(format!("{s:?}: a player's name is needed after @"));
    }
    let mut spec = CellSpec {
        terrain: terrain.to_string(),
        owner,
        wall: false,
        web: false,
    };
    for flag in parts {
        match flag.to_ascii_lowercase().as_str() {
            "wall" => spec.wall = true,
            "web" => spec.web = true,
            other => {
                return Err(format!(
                    "{s:?}: {other:?} is not wall or web (what can lie on a space)"
                ))
            }
        }
    }
    Ok(spec)
}

fn write_space(c: &CellSpec) -> String {
    let mut s = c.terrain.clone();
    if let Some(o) = &c.owner {
        s.push('@');
        s.push_str(o);
    }
    if c.wall {
        s.push_str("+wall");
    }
    if c.web {
        s.push_str("+web");
    }
    s
}

/// The board field: a line per row, spaces comma-separated.
fn board(f: &FormFields, errors: &mut Vec<FieldError>) -> BoardSpec {
    let mut rows = Vec::new();
    let text = f.get("board");
    for (r, line) in text.lines().map(str::trim).enumerate() {
        if line.is_empty() {
            continue;
        }
        let mut row = Vec::new();
        for (k, space) in line.split(',').map(str::trim).enumerate() {
            match parse_space(space) {
                Ok(c) => row.push(c),
                Err(e) => errors.push(FieldError::at(
                    "board",
                    format!("Board, line {}, space {}: {e}", r + 1, k + 1),
                )),
            }
        }
        rows.push(row);
    }
    if rows.is_empty() {
        errors.push(FieldError::at(
            "board",
            "Board: no rows; write a line per row of terrain names, comma-separated",
        ));
    }
    BoardSpec { rows }
}

/// A tick box or a yes/no select: `on` or `yes` is true.
fn ticked(f: &FormFields, name: &str) -> bool {
    f.has(name)
}

fn opt(s: &str) -> Option<String> {
    (!s.is_empty()).then(|| s.to_string())
}

/// A list field, `None` when blank (the card's own).
fn opt_list(s: &str) -> Option<Vec<String>> {
    (!s.is_empty()).then(|| list(s))
}

/// Player `p`.
fn player(f: &FormFields, p: usize, errors: &mut Vec<FieldError>) -> PlayerSpec {
    let key = |x: &str| player_key(p, x);
    let who = player_label(f, p);
    let label = |x: &str| format!("{who}, {x}");
    let mut side = Vec::new();
    for (i, item) in list(f.get(&key("side"))).into_iter().enumerate() {
        match item
            .rsplit_once('@')
            .and_then(|(c, t)| Some((c.trim(), t.trim().parse::<u32>().ok()?)))
        {
            Some((card, placed)) if !card.is_empty() => side.push(SideCard {
                card: card.to_string(),
                placed,
            }),
            _ => errors.push(FieldError::at(
                key("side"),
                format!(
                    "{}, card {}: {item:?} is not card@turn placed (for example Grey Wolf@1)",
                    label("cards to the side"),
                    i + 1
                ),
            )),
        }
    }
    let count = |x: &str, l: &str, errors: &mut Vec<FieldError>| {
        number(f, &key(x), &label(l), errors).unwrap_or(0)
    };
    PlayerSpec {
        name: f.get(&key("name")).to_string(),
        gold: count("gold", "gold", errors),
        hand: list(f.get(&key("hand"))),
        deck: list(f.get(&key("deck"))),
        discard: list(f.get(&key("discard"))),
        cemetery: list(f.get(&key("cemetery"))),
        tokens: list(f.get(&key("tokens"))),
        side,
        this_turn: Counters {
            side_mercenaries: count("side_mercenaries", "mercenaries to the side", errors),
            side_animals: count("side_animals", "animals to the side", errors),
            field_mercenaries: count("field_mercenaries", "mercenaries onto the field", errors),
            field_animals: count("field_animals", "animals onto the field", errors),
            income: count("income", "income cards", errors),
        },
        double_production: ticked(f, &key("double_production")),
    }
}

/// The unit on card `n`.
fn unit(f: &FormFields, n: usize, errors: &mut Vec<FieldError>) -> UnitSpec {
    let key = |x: &str| unit_key(n, x);
    let who = unit_label(f, n);
    let label = |x: &str| format!("{who}, {x}");
    let kind = match f.get(&key("type")) {
        "" => None,
        v => match CardType::parse(v) {
            Some(t) if t.is_unit() => Some(t),
            _ => {
                errors.push(FieldError::at(
                    key("type"),
                    format!(
                        "{}: {v:?} is not hero, unit, mercenary, animal or token",
                        label("type")
                    ),
                ));
                None
            }
        },
    };
    let dual_wield = match f.get(&key("dual_wield")) {
        "" => None,
        "yes" => Some(true),
        "no" => Some(false),
        v => {
            errors.push(FieldError::at(
                key("dual_wield"),
                format!("{}: {v:?} is not yes, no or empty", label("dual wield")),
            ));
            None
        }
    };
    let at = cell(f, &key("at"), &label("space"), errors);
    if at.is_none() && f.get(&key("at")).is_empty() {
        errors.push(FieldError::at(
            key("at"),
            format!(
                "{}: where does it stand? Write row,column (for example 3,2)",
                label("space")
            ),
        ));
    }
    let items = list(f.get(&key("items")))
        .into_iter()
        .map(|item| match item.split_once(" from ") {
            Some((card, from)) => ItemSpec {
                card: card.trim().to_string(),
                snatched_from: Some(from.trim().to_string()),
            },
            None => ItemSpec {
                card: item,
                snatched_from: None,
            },
        })
        .collect();
    UnitSpec {
        id: f.get(&key("id")).to_string(),
        owner: f.get(&key("owner")).to_string(),
        card: opt(f.get(&key("card"))),
        kind,
        class: opt(f.get(&key("class"))),
        traits: opt_list(f.get(&key("traits"))),
        abilities: opt_list(f.get(&key("abilities"))),
        mv: number(f, &key("mv"), &label("MV"), errors),
        range: number(f, &key("range"), &label("range"), errors),
        dual_wield,
        at: at.unwrap_or([0, 0]),
        damage: number(f, &key("damage"), &label("damage"), errors).unwrap_or(0),
        hidden: ticked(f, &key("hidden")),
        items,
        hired_turn: number(f, &key("hired_turn"), &label("turn hired"), errors),
        moved: ticked(f, &key("moved")),
        teleported: ticked(f, &key("teleported")),
        attacked: ticked(f, &key("attacked")),
        items_used: number(f, &key("items_used"), &label("items used"), errors).unwrap_or(0),
        permits: list(f.get(&key("permits"))),
        summons: list(f.get(&key("summons"))),
    }
}

/// Action row `i`'s columns, each taken by the verb that reads it; a column left over
/// is an error at it.
struct Row<'a> {
    f: &'a FormFields,
    i: usize,
    verb: &'static str,
    used: Vec<&'static str>,
}

impl Row<'_> {
    fn key(&self, x: &str) -> String {
        action_key(self.i, x)
    }
    fn label(&self, x: &str) -> String {
        format!("Action {}, {x}", self.i)
    }
    /// Column `x`, optional.
    fn opt(&mut self, x: &'static str) -> Option<String> {
        self.used.push(x);
        opt(self.f.get(&self.key(x)))
    }
    /// Column `x`, required: blank is an error asking for `what`.
    fn need(&mut self, x: &'static str, what: &str, errors: &mut Vec<FieldError>) -> String {
        let v = self.opt(x);
        if v.is_none() {
            errors.push(FieldError::at(
                self.key(x),
                format!("Action {} ({}): {what}", self.i, self.verb),
            ));
        }
        v.unwrap_or_default()
    }
    fn cell(&mut self, x: &'static str, errors: &mut Vec<FieldError>) -> Option<Cell> {
        self.used.push(x);
        cell(self.f, &self.key(x), &self.label("space"), errors)
    }
    fn need_cell(&mut self, x: &'static str, errors: &mut Vec<FieldError>) -> Cell {
        let c = self.cell(x, errors);
        if c.is_none() && !self.f.has(&self.key(x)) {
            errors.push(FieldError::at(
                self.key(x),
                format!(
                    "Action {} ({}): which space? Write row,column (for example 3,2)",
                    self.i, self.verb
                ),
            ));
        }
        c.unwrap_or([0, 0])
    }
    fn mv(&mut self, errors: &mut Vec<FieldError>) -> Option<u32> {
        self.used.push("mv");
        number(self.f, &self.key("mv"), &self.label("MV"), errors)
    }
}

/// The action on row `i`.
fn action(f: &FormFields, i: usize, errors: &mut Vec<FieldError>) -> Option<Action> {
    let verb = f.get(&action_key(i, "do"));
    let Some(&(verb, _)) = VERBS.iter().find(|(v, _)| *v == verb && !v.is_empty()) else {
        errors.push(FieldError::at(
            action_key(i, "do"),
            format!(
                "Action {i}: {verb:?} is not an action; one of {}",
                VERBS[1..]
                    .iter()
                    .map(|(v, _)| *v)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        ));
        return None;
    };
    let mut r = Row {
        f,
        i,
        verb,
        used: vec!["do"],
    };
    let e = errors;
    let player = if verb == "dies" {
        None
    } else {
        r.opt("player")
    };
    let action = match verb {
        "hire" => Action::Hire {
            card: r.need("card", "which card is hired?", e),
            at: r.need_cell("at", e),
            mv: r.mv(e),
            id: r.opt("id"),
            player,
        },
        "to_side" => Action::ToSide {
            card: r.need("card", "which card goes to the side?", e),
            player,
        },
        "bring_in" => {
            let from = match r.opt("from").as_deref() {
                None | Some("side") => Origin::Side,
                Some("hand") => Origin::Hand,
                Some(v) => {
                    e.push(FieldError::at(
                        action_key(i, "from"),
                        format!("Action {i} (bring_in): {v:?} is not side or hand"),
                    ));
                    Origin::Side
                }
            };
            Action::BringIn {
                card: r.need("card", "which card is brought in?", e),
                at: r.need_cell("at", e),
                mv: r.mv(e),
                from,
                by: r.opt("by"),
                id: r.opt("id"),
                player,
            }
        }
        "call_pet" => Action::CallPet {
            card: r.need("card", "which animal is called?", e),
            by: r.need("by", "which unit calls it? Give its id", e),
            at: r.need_cell("at", e),
            mv: r.mv(e),
            id: r.opt("id"),
            player,
        },
        "move" => {
            let unit = r.need("unit", "which unit moves? Give its id", e);
            r.used.push("path");
            let path = path(f, &action_key(i, "path"), &r.label("path"), e);
            if path.is_empty() && !f.has(&action_key(i, "path")) {
                e.push(FieldError::at(
                    action_key(i, "path"),
                    format!("Action {i} (move): which spaces does it enter? Write row,column; row,column"),
                ));
            }
            Action::Move { unit, path, player }
        }
        "teleport" => Action::Teleport {
            unit: r.need("unit", "which unit teleports? Give its id", e),
            to: r.need_cell("at", e),
            player,
        },
        "equip" | "unequip" | "use_item" => {
            let unit = r.need("unit", "which unit? Give its id", e);
            let item = r.need("item", "which item?", e);
            match verb {
                "equip" => Action::Equip { unit, item, player },
                "unequip" => Action::Unequip { unit, item, player },
                _ => Action::UseItem { unit, item, player },
            }
        }
        "dies" => {
            let unit = r.need("unit", "which unit dies? Give its id", e);
            let pay = list(r.opt("item").as_deref().unwrap_or_default());
            Action::Dies { unit, pay }
        }
        "snatch" => Action::Snatch {
            unit: r.need("unit", "which unit snatches? Give its id", e),
            from: r.need("from", "from which unit? Give its id", e),
            item: r.need("item", "which item?", e),
            player,
        },
        "play_income" => Action::PlayIncome {
            card: r.need("card", "which income card?", e),
            player,
        },
        "cast" => Action::Cast {
            card: r.need("card", "which spell?", e),
            caster: r.opt("by"),
            target: r.opt("target"),
            player,
        },
        "summon_token" => Action::SummonToken {
            card: r.need("card", "which token?", e),
            by: r.need("by", "which unit requires it? Give its id", e),
            at: r.cell("at", e),
            mv: r.mv(e),
            id: r.opt("id"),
            player,
        },
        "scribe" => Action::Scribe {
            unit: r.need("unit", "which caster uses Scribe? Give its id", e),
            card: r.need("card", "which spell does it take?", e),
            player,
        },
        "attack" => Action::Attack {
            unit: r.need("unit", "which unit attacks? Give its id", e),
            target: r.need("target", "which unit is attacked? Give its id", e),
            player,
        },
        _ => Action::EndTurn { player },
    };
    for x in ACTION_FIELDS {
        if !r.used.contains(x) && f.has(&action_key(i, x)) {
            e.push(FieldError::at(
                action_key(i, x),
                format!(
                    "Action {i}: {} does not read {}; leave it empty",
                    verb.replace('_', " "),
                    column_name(x)
                ),
            ));
        }
    }
    Some(action)
}

/// A column's name for people.
fn column_name(x: &str) -> &'static str {
    match x {
        "player" => "a player",
        "unit" => "a unit",
        "card" => "a card",
        "at" => "a space",
        "path" => "a path",
        "item" => "an item",
        "by" => "a unit by which",
        "from" => "a from",
        "target" => "a target",
        "mv" => "an MV",
        "id" => "a new unit's id",
        _ => "this column",
    }
}

/// The position the form describes, or every problem with its fields.
pub fn to_position(f: &FormFields) -> Result<Position, Vec<FieldError>> {
    let mut errors = Vec::new();
    let players = (1..=2).map(|p| player(f, p, &mut errors)).collect();
    let board = board(f, &mut errors);
    let units = unit_rows(f)
        .into_iter()
        .map(|n| unit(f, n, &mut errors))
        .collect();
    let actions = action_rows(f)
        .into_iter()
        .filter_map(|i| action(f, i, &mut errors))
        .collect();
    let cards: Vec<CardSpec> = match f.get("cards") {
        "" => Vec::new(),
        text => match crate::rules::position::parse_json::<Vec<CardSpec>>(text) {
            Ok(c) => c,
            Err(e) => {
                errors.push(FieldError::at("cards", format!("Inline cards: {e}")));
                Vec::new()
            }
        },
    };
    let on_rejection = match f.get("on_rejection") {
        "" | "continue" => OnRejection::Continue,
        "stop" => OnRejection::Stop,
        v => {
            errors.push(FieldError::at(
                "on_rejection",
                format!("After a rejection: {v:?} is not continue or stop"),
            ));
            OnRejection::Continue
        }
    };
    let active = f.get("active");
    if active.is_empty() {
        errors.push(FieldError::at(
            "active",
            "Whose turn: give the active player's name",
        ));
    }
    let position = Position {
        game: super::cite::GAME.into(),
        turn: number(f, "turn", "Turn", &mut errors).unwrap_or(1),
        active: active.to_string(),
        players,
        board,
        units,
        cards,
        actions,
        judged: number(f, "judged", "Actions judged before", &mut errors).unwrap_or(0),
        interpretations: form::readings_from::<Interpretations>(f, &mut errors),
        on_rejection,
    };
    if errors.is_empty() {
        Ok(position)
    } else {
        Err(errors)
    }
}

/// Whether `s` can be written in a field whose syntax uses `reserved`.
fn writable(s: &str, reserved: &[char]) -> bool {
    !s.contains(reserved) && s.trim() == s
}

/// The form's fields for `pos`, to edit it, and what the form cannot show of it.
pub fn from_position(pos: &Position) -> (FormFields, Vec<String>) {
    let mut f = FormFields::default();
    let mut notes = Vec::new();
    let mut unwritable = Vec::new();
    let mut check = |s: &str, reserved: &[char]| {
        if !writable(s, reserved) && !unwritable.contains(&s.to_string()) {
            unwritable.push(s.to_string());
        }
    };
    f.set("turn", pos.turn.to_string());
    f.set("active", pos.active.clone());
    if pos.judged != 0 {
        f.set("judged", pos.judged.to_string());
    }
    if pos.on_rejection == OnRejection::Stop {
        f.set("on_rejection", "stop");
    }
    let rows: Vec<String> = pos
        .board
        .rows
        .iter()
        .map(|row| {
            row.iter()
                .map(|c| {
                    check(&c.terrain, &[',', '@', '+', '\n']);
                    if let Some(o) = &c.owner {
                        check(o, &[',', '@', '+', '\n']);
                    }
                    write_space(c)
                })
                .collect::<Vec<_>>()
                .join(", ")
        })
        .collect();
    if pos.board.rows.iter().any(Vec::is_empty) {
        notes.push(
            "The board has an empty row; the form drops it. Paste the JSON to keep it.".into(),
        );
    }
    f.set("board", rows.join("\n"));
    if pos.players.len() > 2 {
        notes.push(format!(
            "The position has {} players; the form shows 2. Paste the JSON to keep the rest.",
            pos.players.len()
        ));
    }
    let piles = [',', ';'];
    for (i, p) in pos.players.iter().enumerate().take(2) {
        let key = |x: &str| player_key(i + 1, x);
        f.set(key("name"), p.name.clone());
        f.set(key("gold"), p.gold.to_string());
        for (x, pile) in [
            ("hand", &p.hand),
            ("deck", &p.deck),
            ("discard", &p.discard),
            ("cemetery", &p.cemetery),
            ("tokens", &p.tokens),
        ] {
            pile.iter().for_each(|c| check(c, &piles));
            if !pile.is_empty() {
                f.set(key(x), pile.join(", "));
            }
        }
        if !p.side.is_empty() {
            let side: Vec<String> = p
                .side
                .iter()
                .map(|s| {
                    check(&s.card, &piles);
                    format!("{}@{}", s.card, s.placed)
                })
                .collect();
            f.set(key("side"), side.join(", "));
        }
        let t = &p.this_turn;
        for (x, n) in [
            ("side_mercenaries", t.side_mercenaries),
            ("side_animals", t.side_animals),
            ("field_mercenaries", t.field_mercenaries),
            ("field_animals", t.field_animals),
            ("income", t.income),
        ] {
            if n != 0 {
                f.set(key(x), n.to_string());
            }
        }
        if p.double_production {
            f.set(key("double_production"), "on");
        }
    }
    if pos.players.len() < 2 {
        notes.push(format!(
            "The position has {} players; the form reads 2.",
            pos.players.len()
        ));
    }
    if pos.units.len() > FORM_UNITS {
        notes.push(format!(
            "The position has {} units; the form shows {FORM_UNITS}. Paste the JSON to keep the rest.",
            pos.units.len()
        ));
    }
    for (i, u) in pos.units.iter().enumerate().take(FORM_UNITS) {
        let key = |x: &str| unit_key(i + 1, x);
        f.set(key("id"), u.id.clone());
        f.set(key("owner"), u.owner.clone());
        if u.id.is_empty() {
            notes.push(format!(
                "Unit {} has no id; the form needs one to hold it.",
                i + 1
            ));
        }
        for (x, v) in [("card", &u.card), ("class", &u.class)] {
            if let Some(v) = v {
                f.set(key(x), v.clone());
            }
        }
        if let Some(k) = u.kind {
            f.set(key("type"), k.as_str());
        }
        for (x, v) in [("traits", &u.traits), ("abilities", &u.abilities)] {
            if let Some(v) = v {
                v.iter().for_each(|s| check(s, &piles));
                if v.is_empty() {
                    notes.push(format!(
                        "Unit {} ({}) has an empty {x} list, which the form reads as the card's own.",
                        i + 1,
                        u.id
                    ));
                }
                f.set(key(x), v.join(", "));
            }
        }
        for (x, v) in [
            ("mv", u.mv),
            ("range", u.range),
            ("hired_turn", u.hired_turn),
        ] {
            if let Some(v) = v {
                f.set(key(x), v.to_string());
            }
        }
        if let Some(d) = u.dual_wield {
            f.set(key("dual_wield"), if d { "yes" } else { "no" });
        }
        f.set(key("at"), write_cell(u.at));
        for (x, n) in [("damage", u.damage), ("items_used", u.items_used)] {
            if n != 0 {
                f.set(key(x), n.to_string());
            }
        }
        for (x, on) in [
            ("hidden", u.hidden),
            ("moved", u.moved),
            ("teleported", u.teleported),
            ("attacked", u.attacked),
        ] {
            if on {
                f.set(key(x), "on");
            }
        }
        if !u.items.is_empty() {
            let items: Vec<String> = u
                .items
                .iter()
                .map(|it| {
                    // " from " starts a snatched item's owner.
                    check(&it.card.replace(" from ", ","), &piles);
                    match &it.snatched_from {
                        Some(from) => format!("{} from {from}", it.card),
                        None => it.card.clone(),
                    }
                })
                .collect();
            f.set(key("items"), items.join(", "));
        }
        for (x, v) in [("permits", &u.permits), ("summons", &u.summons)] {
            v.iter().for_each(|s| check(s, &piles));
            if !v.is_empty() {
                f.set(key(x), v.join(", "));
            }
        }
    }
    if !pos.cards.is_empty() {
        f.set(
            "cards",
            serde_json::to_string_pretty(&pos.cards).unwrap_or_default(),
        );
    }
    if pos.actions.len() > FORM_ACTIONS {
        notes.push(format!(
            "The position has {} actions; the form shows {FORM_ACTIONS}. Paste the JSON to keep the rest.",
            pos.actions.len()
        ));
    }
    for (i, a) in pos.actions.iter().enumerate().take(FORM_ACTIONS) {
        let key = |x: &str| action_key(i + 1, x);
        let mut set = |x: &str, v: Option<&String>| {
            if let Some(v) = v {
                f.set(key(x), v.clone());
            }
        };
        let verb = match a {
            Action::Hire {
                card,
                at,
                mv,
                id,
                player,
            } => {
                set("card", Some(card));
                set("at", Some(&write_cell(*at)));
                set("mv", mv.map(|m| m.to_string()).as_ref());
                set("id", id.as_ref());
                set("player", player.as_ref());
                "hire"
            }
            Action::ToSide { card, player } => {
                set("card", Some(card));
                set("player", player.as_ref());
                "to_side"
            }
            Action::BringIn {
                card,
                at,
                mv,
                from,
                by,
                id,
                player,
            } => {
                set("card", Some(card));
                set("at", Some(&write_cell(*at)));
                set("mv", mv.map(|m| m.to_string()).as_ref());
                if *from == Origin::Hand {
                    set("from", Some(&"hand".to_string()));
                }
                set("by", by.as_ref());
                set("id", id.as_ref());
                set("player", player.as_ref());
                "bring_in"
            }
            Action::CallPet {
                card,
                by,
                at,
                mv,
                id,
                player,
            } => {
                set("card", Some(card));
                set("by", Some(by));
                set("at", Some(&write_cell(*at)));
                set("mv", mv.map(|m| m.to_string()).as_ref());
                set("id", id.as_ref());
                set("player", player.as_ref());
                "call_pet"
            }
            Action::Move { unit, path, player } => {
                set("unit", Some(unit));
                let p: Vec<String> = path.iter().map(|c| write_cell(*c)).collect();
                set("path", Some(&p.join("; ")));
                set("player", player.as_ref());
                "move"
            }
            Action::Teleport { unit, to, player } => {
                set("unit", Some(unit));
                set("at", Some(&write_cell(*to)));
                set("player", player.as_ref());
                "teleport"
            }
            Action::Equip { unit, item, player }
            | Action::Unequip { unit, item, player }
            | Action::UseItem { unit, item, player } => {
                set("unit", Some(unit));
                set("item", Some(item));
                set("player", player.as_ref());
                match a {
                    Action::Equip { .. } => "equip",
                    Action::Unequip { .. } => "unequip",
                    _ => "use_item",
                }
            }
            Action::Dies { unit, pay } => {
                set("unit", Some(unit));
                if !pay.is_empty() {
                    set("item", Some(&pay.join(", ")));
                }
                "dies"
            }
            Action::Snatch {
                unit,
                from,
                item,
                player,
            } => {
                set("unit", Some(unit));
                set("from", Some(from));
                set("item", Some(item));
                set("player", player.as_ref());
                "snatch"
            }
            Action::PlayIncome { card, player } => {
                set("card", Some(card));
                set("player", player.as_ref());
                "play_income"
            }
            Action::Cast {
                card,
                caster,
                target,
                player,
            } => {
                set("card", Some(card));
                set("by", caster.as_ref());
                set("target", target.as_ref());
                set("player", player.as_ref());
                "cast"
            }
            Action::SummonToken {
                card,
                by,
                at,
                mv,
                id,
                player,
            } => {
                set("card", Some(card));
                set("by", Some(by));
                set("at", at.map(write_cell).as_ref());
                set("mv", mv.map(|m| m.to_string()).as_ref());
                set("id", id.as_ref());
                set("player", player.as_ref());
                "summon_token"
            }
            Action::Scribe { unit, card, player } => {
                set("unit", Some(unit));
                set("card", Some(card));
                set("player", player.as_ref());
                "scribe"
            }
            Action::Attack {
                unit,
                target,
                player,
            } => {
                set("unit", Some(unit));
                set("target", Some(target));
                set("player", player.as_ref());
                "attack"
            }
            Action::EndTurn { player } => {
                set("player", player.as_ref());
                "end_turn"
            }
        };
        f.set(key("do"), verb);
        if let Action::Dies { pay, .. } = a {
            pay.iter().for_each(|s| check(s, &piles));
        }
    }
    form::readings_values(&pos.interpretations, &mut f);
    if !unwritable.is_empty() {
        notes.push(format!(
            "The form cannot write {} (a name with a character its syntax uses: , ; @ + or \" from \", or spaces around it); paste the JSON to keep it whole.",
            unwritable
                .iter()
                .map(|s| format!("{s:?}"))
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    (f, notes)
}

/// The error `e` of the position built from `f`, at the field it came from and in the
/// form's words (`Unit 2 (K), card: …` for `units[1].card: …`).
pub fn locate(f: &FormFields, e: &PositionError) -> FieldError {
    let message = &e.message;
    let (head, index, rest) = form::split_path(&e.path);
    match (head, index) {
        ("players", Some(i)) if i < 2 => {
            let p = i + 1;
            let who = player_label(f, p);
            let (field, item, sub) = form::split_path(rest);
            let field = match field {
                "this_turn" => {
                    let (c, _, _) = form::split_path(sub);
                    if PLAYER_FIELDS.contains(&c) {
                        c
                    } else {
                        "name"
                    }
                }
                x if PLAYER_FIELDS.contains(&x) => x,
                _ => "name",
            };
            let place = match item {
                Some(j) => format!("{who}, {} card {}", field.replace('_', " "), j + 1),
                None => format!("{who}, {}", field.replace('_', " ")),
            };
            FieldError::at(player_key(p, field), format!("{place}: {message}"))
        }
        ("players", _) => FieldError::general(format!("Players: {message}")),
        ("board", None) => {
            // `board.rows[r][k].terrain`: the line and space of the board field.
            let mut numbers = rest
                .split(['[', ']'])
                .filter_map(|x| x.parse::<usize>().ok());
            let (r, k) = (numbers.next(), numbers.next());
            let place = match (r, k) {
                (Some(r), Some(k)) => format!("Board, line {}, space {}", r + 1, k + 1),
                (Some(r), None) => format!("Board, line {}", r + 1),
                _ => "Board".to_string(),
            };
            FieldError::at("board", format!("{place}: {message}"))
        }
        ("units", Some(i)) => match unit_rows(f).get(i) {
            Some(&n) => {
                let who = unit_label(f, n);
                let (field, item, _) = form::split_path(rest);
                let field = match field {
                    "kind" => "type",
                    x if UNIT_FIELDS.contains(&x) => x,
                    _ => "id",
                };
                let place = match item {
                    Some(j) => format!("{who}, {} {}", field.replace('_', " "), j + 1),
                    None => format!("{who}, {}", field.replace('_', " ")),
                };
                FieldError::at(unit_key(n, field), format!("{place}: {message}"))
            }
            None => FieldError::general(format!("Unit {}: {message}", i + 1)),
        },
        ("units", None) => FieldError::general(format!("Units: {message}")),
        ("actions", Some(i)) => match action_rows(f).get(i) {
            Some(&row) => {
                let (field, item, _) = form::split_path(rest);
                let field = match field {
                    "to" => "at",
                    "caster" => "by",
                    "pay" => "item",
                    x if ACTION_FIELDS.contains(&x) => x,
                    _ => "do",
                };
                let place = match (field, item) {
                    ("path", Some(j)) => format!("Action {row}, space {} of the path", j + 1),
                    _ => format!("Action {row}"),
                };
                FieldError::at(action_key(row, field), format!("{place}: {message}"))
            }
            None => FieldError::general(format!("Action {}: {message}", i + 1)),
        },
        ("actions", None) => FieldError::general(format!("Actions: {message}")),
        ("cards", _) => FieldError::at("cards", format!("Inline cards: {}: {message}", e.path)),
        ("turn", None) => FieldError::at("turn", format!("Turn: {message}")),
        ("active", None) => FieldError::at("active", format!("Whose turn: {message}")),
        ("judged", None) => FieldError::at("judged", format!("Actions judged before: {message}")),
        ("interpretations", None) => form::reading_error::<Interpretations>(rest, message),
        _ if e.path.is_empty() => FieldError::general(message.clone()),
        _ => FieldError::general(format!("{}: {message}", e.path)),
    }
}

fn select(name: String, label: &str, options: &[(&str, &str)]) -> Field {
    Field::new(
        name,
        label,
        Kind::Select {
            options: options.iter().map(|(v, l)| Choice::new(*v, *l)).collect(),
        },
    )
}

/// Player `p`'s card: what most questions need (name, gold, hand, the side) or, with
/// `more`, the rest (piles and this turn's counters), in a section folded by default.
fn player_card(f: &FormFields, p: usize, more: bool) -> Group {
    let key = |x: &str| player_key(p, x);
    let count = |x: &str, label: &str| {
        Field::number(key(x), label, 0, i64::from(caps::NUMBER))
            .placeholder("0")
            .width(Width::Small)
            .from(f)
    };
    let pile = |x: &str, label: &str| {
        Field::listed(key(x), label, "all_cards")
            .items()
            .width(Width::Wide)
            .from(f)
    };
    let fields = if more {
        vec![
            pile("deck", "Deck (top first)"),
            pile("discard", "Discard pile"),
            pile("cemetery", "Cemetery"),
            pile("tokens", "Token pile"),
            count("side_mercenaries", "Mercenaries to the side this turn"),
            count("side_animals", "Animals to the side this turn"),
            count("field_mercenaries", "Mercenaries onto the field this turn"),
            count("field_animals", "Animals onto the field this turn"),
            count("income", "Income cards this turn"),
            Field::new(
                key("double_production"),
                "Double Production in effect",
                Kind::Checkbox,
            )
            .width(Width::Wide)
            .from(f),
        ]
    } else {
        vec![
            Field::text(key("name"), "Name")
                .placeholder(if p == 1 { "Ann" } else { "Bo" })
                .width(Width::Small)
                .summary("")
                .from(f),
            count("gold", "Gold"),
            pile("hand", "Hand"),
            Field::listed(key("side"), "Off to the side", "all_cards")
                .items()
                .placeholder("Grey Wolf@1")
                .hint("card@turn placed, comma-separated")
                .width(Width::Wide)
                .from(f),
        ]
    };
    let fields = fields
        .into_iter()
        .map(|field| field.context(format!("Player {p}: ")))
        .collect();
    Group {
        id: format!("p{p}{}", if more { "-more" } else { "" }),
        title: match (more, f.get(&key("name"))) {
            (true, "") => format!("Player {p}"),
            (true, name) => format!("Player {p} ({name})"),
            (false, _) => format!("Player {p}"),
        },
        empty: "add a player".into(),
        open: true,
        fields,
    }
}

/// Unit card `n`.
fn unit_card(f: &FormFields, n: usize) -> Group {
    let key = |x: &str| unit_key(n, x);
    let small = |x: &str, label: &str, max: u32, placeholder: &str| {
        Field::number(key(x), label, 0, i64::from(max))
            .placeholder(placeholder)
            .width(Width::Small)
            .from(f)
    };
    let tick = |x: &str, label: &str| {
        Field::new(key(x), label, Kind::Checkbox)
            .width(Width::Small)
            .from(f)
    };
    let fields = vec![
        Field::text(key("id"), "Id")
            .placeholder("K")
            .width(Width::Small)
            .summary("")
            .from(f),
        Field::text(key("owner"), "Owner")
            .placeholder("Ann")
            .width(Width::Small)
            .from(f),
        Field::text(key("at"), "Space")
            .placeholder("3,2")
            .hint("row,column")
            .width(Width::Small)
            .from(f),
        Field::listed(key("card"), "Catalogue card", "pieces")
            .width(Width::Wide)
            .summary("")
            .from(f),
        select(
            key("type"),
            "Type",
            &[
                ("", "the card's"),
                ("hero", "hero"),
                ("unit", "unit"),
                ("mercenary", "mercenary"),
                ("animal", "animal"),
                ("token", "token"),
            ],
        )
        .width(Width::Small)
        .from(f),
        Field::text(key("class"), "Class")
            .placeholder("the card's")
            .width(Width::Small)
            .from(f),
        small("mv", "MV", caps::MV, "card's"),
        small("range", "Range", caps::MV, "1"),
        small("damage", "Damage", caps::NUMBER, "0"),
        Field::text(key("traits"), "Traits")
            .items()
            .placeholder("Flying, Undead")
            .hint("empty keeps the card's")
            .width(Width::Wide)
            .from(f),
        Field::listed(key("abilities"), "Abilities", "keywords")
            .items()
            .placeholder("Call Pet")
            .hint("empty keeps the card's")
            .width(Width::Wide)
            .from(f),
        Field::listed(key("items"), "Items equipped", "items")
            .items()
            .placeholder("Short Sword, Bow from Bo")
            .hint("\"from Player\" after one it snatched")
            .width(Width::Wide)
            .from(f),
        select(
            key("dual_wield"),
            "Dual wield",
            &[("", "the card's"), ("yes", "yes"), ("no", "no")],
        )
        .width(Width::Small)
        .from(f),
        small("hired_turn", "Turn hired", caps::NUMBER, "before"),
        small("items_used", "Items used", caps::LIST as u32, "0"),
        tick("moved", "Moved this turn"),
        tick("teleported", "Teleported"),
        tick("attacked", "Attacked"),
        tick("hidden", "Hidden"),
        Field::text(key("permits"), "Its card permits")
            .items()
            .placeholder("move_when_hired")
            .hint("move_when_hired[:Class], direct_mercenary, direct_animal")
            .width(Width::Wide)
            .from(f),
        Field::listed(key("summons"), "Tokens it requires", "all_cards")
            .items()
            .width(Width::Wide)
            .from(f),
    ];
    let fields = fields
        .into_iter()
        .map(|field| field.context(format!("Unit {n}: ")))
        .collect();
    Group {
        id: format!("u{n}"),
        title: format!("Unit {n}"),
        empty: "add a unit".into(),
        open: n == 1,
        fields,
    }
}

/// Action row `i`.
fn action_row(f: &FormFields, i: usize) -> Group {
    let key = |x: &str| action_key(i, x);
    let context = format!("Action {i}: ");
    let text = |x: &str, label: &str, placeholder: &str, width: Width| {
        Field::text(key(x), label)
            .context(context.clone())
            .placeholder(placeholder)
            .width(width)
            .from(f)
    };
    let fields = vec![
        select(key("do"), &format!("Action {i}: what"), VERBS)
            .width(Width::Small)
            .summary("")
            .from(f),
        text("unit", "unit", "K", Width::Small).summary(""),
        Field::listed(key("card"), "card", "all_cards")
            .context(context.clone())
            .width(Width::Normal)
            .from(f),
        text("at", "space", "3,2", Width::Small),
        text("path", "path", "2,1; 2,2", Width::Normal),
        Field::listed(key("item"), "item", "items")
            .context(context.clone())
            .hint("dies: the items paid for")
            .width(Width::Normal)
            .from(f),
        text("by", "by (caller, caster)", "K", Width::Small),
        text("from", "from", "side", Width::Small),
        text("target", "target", "E", Width::Small),
        Field::number(key("mv"), "MV", 0, i64::from(caps::MV))
            .context(context.clone())
            .width(Width::Small)
            .from(f),
        text("id", "new id", "W", Width::Small),
        text("player", "player", "the active", Width::Small),
    ];
    Group {
        id: format!("action-{i}"),
        title: format!("Action {i}"),
        empty: "add an action".into(),
        open: i == 1,
        fields,
    }
}

/// The builder's form showing `f`.
pub fn layout(f: &FormFields) -> Form {
    let turn = Section::new(
        "when",
        "The turn",
        vec![
            Field::number("turn", "Turn", 1, i64::from(caps::NUMBER))
                .hint("over both players; 1 is the first player's first")
                .width(Width::Small)
                .from(f),
            Field::text("active", "Whose turn")
                .placeholder("Ann")
                .width(Width::Small)
                .from(f),
            select(
                "on_rejection".into(),
                "After a rejected action",
                &[("continue", "judge the next"), ("stop", "stop")],
            )
            .width(Width::Small)
            .from(f),
            Field::number("judged", "Actions judged before", 0, caps::ACTIONS as i64)
                .placeholder("0")
                .hint("numbering goes on from these")
                .width(Width::Small)
                .from(f),
        ],
    );
    let board = Section::new(
        "battlefield",
        "The battlefield",
        vec![Field::new("board", "Rows of terrain", Kind::TextArea { rows: 6 })
            .hint("a line per row, top row first; spaces comma-separated: Grassland, Water, Forest, Spawner, Teleporter, Gold, Mana Pool (another name reads as Grassland); @Ann for who laid it, +wall, +web: Spawner@Ann, Forest+web")
            .width(Width::Full)
            .from(f)],
    );
    let players = Section::new("players", "Players", Vec::new())
        .note("the first laid the top half of the rows")
        .groups(
            GroupStyle::Cards,
            (1..=2).map(|p| player_card(f, p, false)).collect(),
        );
    let piles = Section::new("piles", "Piles and this turn's counters", Vec::new())
        .note("decks, discards, cemeteries, token piles; what each player has done this turn")
        .folded()
        .groups(
            GroupStyle::Cards,
            (1..=2).map(|p| player_card(f, p, true)).collect(),
        );
    let units = Section::new("units", "Units on the battlefield", Vec::new())
        .note("a catalogue card (anything typed in overrides it) or an inline one with its type, class and MV")
        .groups(
            GroupStyle::Cards,
            (1..=FORM_UNITS).map(|n| unit_card(f, n)).collect(),
        );
    let actions = Section::new("actions", "Actions", Vec::new())
        .note("judged in order, each accepted or rejected with its rule; a row reads the columns its action needs")
        .groups(
            GroupStyle::Cards,
            (1..=FORM_ACTIONS).map(|i| action_row(f, i)).collect(),
        );
    let cards = Section::new(
        "inline-cards",
        "Inline cards",
        vec![Field::new("cards", "Cards the catalogue lacks, as JSON", Kind::TextArea { rows: 4 })
            .hint("an array of {\"name\", \"type\", \"value\", \"class\", \"classes\", \"traits\", \"abilities\", \"text\", \"dual_wield\", \"side\"} (docs/positions.md)")
            .width(Width::Full)
            .from(f)],
    )
    .folded();
    Form {
        game: super::cite::GAME,
        title: "Adjudicate a Heroes of Karth play".into(),
        lede: "Lay out the battlefield, the players and their units, then list the moves, \
               hires and plays in question: each is accepted and applied, or rejected with \
               the rule it breaks, every step citing its rule."
            .into(),
        accepts: ACCEPTED_FIELDS.into(),
        sections: vec![
            turn,
            actions,
            board,
            players,
            piles,
            units,
            cards,
            form::readings_section::<Interpretations>(f),
        ],
        lists: vec![
            List {
                id: "pieces",
                source: Source::Cards { kind: "piece" },
            },
            List {
                id: "items",
                source: Source::Cards { kind: "item" },
            },
            List {
                id: "all_cards",
                source: Source::Cards { kind: "card" },
            },
            List {
                id: "keywords",
                source: Source::Keywords,
            },
        ],
        caps: vec![
            ("rows", caps::ROWS as u64),
            ("columns", caps::COLS as u64),
            ("units", FORM_UNITS as u64),
            ("actions", FORM_ACTIONS as u64),
            ("mv", u64::from(caps::MV)),
            ("number", u64::from(caps::NUMBER)),
        ],
        notes: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spaces_and_cells_read_and_write_back() {
        let c = parse_space("Spawner@Ann+wall+web").unwrap();
        assert_eq!(c.terrain, "Spawner");
        assert_eq!(c.owner.as_deref(), Some("Ann"));
        assert!(c.wall && c.web);
        assert_eq!(write_space(&c), "Spawner@Ann+wall+web");
        assert!(parse_space("Forest+moat")
            .unwrap_err()
            .contains("not wall or web"));
        assert!(parse_space("@Ann").is_err());
        assert_eq!(parse_cell(" 3 , 2 "), Some([3, 2]));
        assert_eq!(parse_cell("3"), None);
        assert_eq!(parse_cell("3,2,1"), None);
    }

    #[test]
    fn a_new_form_reads_as_a_position() {
        let p = to_position(&defaults()).unwrap();
        assert_eq!(p.board.rows.len(), 6);
        assert_eq!(p.players[0].name, "Ann");
        assert!(p.units.is_empty() && p.actions.is_empty());
    }
}
