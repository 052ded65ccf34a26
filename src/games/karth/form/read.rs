//! Fields → position: [`to_position`] and the parsers of each field, row and card, every problem at once, each at its field.

use super::syntax::{parse_cell, parse_space};
use super::*;

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
        .filter(|x| !x.is_empty())
        .take(crate::rules::form::LIST_ITEMS);
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
        card: form::optional(f.get(&key("card"))),
        kind,
        class: form::optional(f.get(&key("class"))),
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
        se_free: ticked(f, &key("se_free")),
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
        form::optional(self.f.get(&self.key(x)))
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

/// `form` with each action row's field shown only for the verbs that read it, as
/// [`action`] takes them (issue #31): `do` picks, every other column is `when` the verbs
/// whose reading uses it.
pub fn mark_action_fields(mut form: Form) -> Form {
    let columns: Vec<(&str, Vec<&'static str>)> =
        VERBS.iter().map(|(v, _)| (*v, columns_of(v))).collect();
    let rows = form.sections.iter_mut().filter(|s| s.id == "actions");
    for field in rows.flat_map(|s| s.groups.iter_mut().flat_map(|g| g.fields.iter_mut())) {
        let column = field
            .name
            .split_once('_')
            .map_or("", |(_, c)| c)
            .to_string();
        if column == "do" {
            field.picks = true;
        } else {
            field.when = columns
                .iter()
                .filter(|(_, used)| used.contains(&column.as_str()))
                .map(|(v, _)| v.to_string())
                .collect();
        }
    }
    form
}

/// The columns action verb `verb` reads (`do` first), as [`action`] takes them.
fn columns_of(verb: &str) -> Vec<&'static str> {
    let mut f = FormFields::default();
    f.set(action_key(1, "do"), verb);
    read_row(&f, 1, &mut Vec::new()).map_or_else(Vec::new, |(_, used)| used)
}

/// The action on row `i`.
fn action(f: &FormFields, i: usize, errors: &mut Vec<FieldError>) -> Option<Action> {
    let (action, used) = read_row(f, i, errors)?;
    let verb = f.get(&action_key(i, "do"));
    for x in ACTION_FIELDS {
        if !used.contains(x) && f.has(&action_key(i, x)) {
            errors.push(FieldError::at(
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

/// The action on row `i` and the columns its verb read.
fn read_row(
    f: &FormFields,
    i: usize,
    errors: &mut Vec<FieldError>,
) -> Option<(Action, Vec<&'static str>)> {
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
    Some((action, r.used))
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
    let on_rejection = form::read_on_rejection(f, &mut errors);
    let active = f.get("active");
    if active.is_empty() {
        errors.push(FieldError::at(
            "active",
            "Whose turn: give the active player's name",
        ));
    }
    let position = Position {
        game: super::super::cite::GAME.into(),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_form_reads_as_a_position() {
        let p = to_position(&defaults()).unwrap();
        assert_eq!(p.board.rows.len(), 6);
        assert_eq!(p.players[0].name, "Ann");
        assert!(p.units.is_empty() && p.actions.is_empty());
    }
}
