//! A game's position builder as plain data: the form a judge fills in to rebuild a
//! disputed position ([`Form`]: sections, repeatable groups such as a card per slot or
//! per unit, fields with a name, a label for people, a kind, a value, a hint and their
//! problems in words), the values a submission carries ([`FormFields`]) and a problem at
//! its field ([`FieldError`]).
//!
//! A game maps its position to its form ([`super::Game::builder_form`]) and a submission
//! back to a position ([`super::Game::from_form`]), and says where an error of the
//! position it built belongs on the form ([`super::Game::form_error`]). Only the game
//! knows its field names; the web layer lays any form out the same way (one template),
//! and fills a [`Source`] list (the catalogue's cards or keywords of the game) through
//! the catalogue adapter.
//!
//! Design decisions:
//! - Flat `name=value` pairs, as an HTML form posts them, so the form works without
//!   JavaScript; repeated names carry several values (a multi-choice's ticks).
//! - The known field names are the names of the empty form ([`Form::field_names`]): a
//!   submission naming any other is refused by name, so a typo is never silently dropped.
//! - Numbers are typed as text (`inputmode="numeric"`, never `type="number"`), so the
//!   browser never blocks a submission and every out-of-range number is reported by the
//!   game, in words, with the others.
//! - A group is "filled" when one of its summary fields holds something; an empty group
//!   is folded away behind its "add a …" line, and submitting it adds nothing.
//! - Short empty builders (issue #31): a rarely needed field is marked [`Field::more`]
//!   and folded behind its group's (or section's) "More" line; a field may be shown only
//!   for some values of its group's picking field ([`Field::when`], [`Field::picks`]: an
//!   action's verb), or picked on a grid ([`Field::pick`]). The builder's script does
//!   the showing; without it every field is there.
//!
//! Leaves out: HTML (the web's template), the catalogue (the adapter fills [`Source`]s)
//! and any game's field names.

mod caps;
pub use caps::{cap_errors, ERRORS_PER_FIELD, MAX_ERRORS, MESSAGE_CHARS};

use std::collections::HashMap;

use serde::Serialize;

use super::interpret::Readings;
use super::reject::OnRejection;

/// A submission's values, by field name (a multi-choice's name repeats).
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct FormFields(pub HashMap<String, Vec<String>>);

impl FormFields {
    /// The values of posted `(name, value)` pairs, in order per name.
    pub fn from_pairs(pairs: Vec<(String, String)>) -> FormFields {
        let mut map: HashMap<String, Vec<String>> = HashMap::new();
        for (k, v) in pairs {
            map.entry(k).or_default().push(v);
        }
        FormFields(map)
    }

    /// The first value of `name`, trimmed ("" when absent).
    pub fn get(&self, name: &str) -> &str {
        self.0
            .get(name)
            .and_then(|v| v.first())
            .map(|s| s.trim())
            .unwrap_or("")
    }

    /// Every value of `name`, in the order posted.
    pub fn all(&self, name: &str) -> &[String] {
        self.0.get(name).map(|v| v.as_slice()).unwrap_or(&[])
    }

    /// Sets `name` to one value.
    pub fn set(&mut self, name: impl Into<String>, value: impl Into<String>) {
        self.0.insert(name.into(), vec![value.into()]);
    }

    /// Sets `name` to several values (a multi-choice's ticks).
    pub fn set_all(&mut self, name: impl Into<String>, values: Vec<String>) {
        self.0.insert(name.into(), values);
    }

    /// Whether `name` holds a non-blank value.
    pub fn has(&self, name: &str) -> bool {
        !self.get(name).is_empty()
    }
}

/// A field's value as an optional string: `None` when empty.
pub fn optional(s: &str) -> Option<String> {
    (!s.is_empty()).then(|| s.to_string())
}

/// The most items read from one list field: one more than the largest list any
/// position holds (battle-line's 256 fixed chance outcomes), so a list over its cap is
/// still refused by the position's own cap, and the rest of a huge list is not read.
pub const LIST_ITEMS: usize = 257;

/// A comma- (or semicolon-) separated field's items, trimmed, blanks dropped; at most
/// [`LIST_ITEMS`] of them (the rest are not read).
pub fn list(s: &str) -> Vec<String> {
    s.split([',', ';'])
        .map(|x| x.trim())
        .filter(|x| !x.is_empty())
        .take(LIST_ITEMS)
        .map(str::to_string)
        .collect()
}

/// A problem with a submission, at the field it concerns when there is one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FieldError {
    /// The form field at fault (`p0_s2_abilities`), or `None` for the whole form.
    pub field: Option<String>,
    /// The problem in words, saying where: `Alice, slot 2: unknown battle-line ability …`.
    pub message: String,
}

impl FieldError {
    /// A problem at field `field`.
    pub fn at(field: impl Into<String>, message: impl Into<String>) -> FieldError {
        FieldError {
            field: Some(field.into()),
            message: message.into(),
        }
    }

    /// A problem with no field of its own (pasted JSON's, an upload's, the whole form's).
    pub fn general(message: impl Into<String>) -> FieldError {
        FieldError {
            field: None,
            message: message.into(),
        }
    }
}

/// Reads field `name` as a number; blank is `None`, anything else that does not parse
/// is an error in words (`{label}: "x" is not a whole number`).
pub fn number<T: std::str::FromStr>(
    f: &FormFields,
    name: &str,
    label: &str,
    errors: &mut Vec<FieldError>,
) -> Option<T> {
    let v = f.get(name);
    if v.is_empty() {
        return None;
    }
    match v.parse() {
        Ok(n) => Some(n),
        Err(_) => {
            errors.push(FieldError::at(
                name,
                format!("{label}: {v:?} is not a whole number"),
            ));
            None
        }
    }
}

/// A game's builder form.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Form {
    /// The game's slug (the form posts it back as field `game`).
    pub game: &'static str,
    /// The page's heading (`Adjudicate a battle-line position`).
    pub title: String,
    /// One paragraph under the heading: what the form builds.
    pub lede: String,
    /// The field names the form reads, as a sentence for the error naming an unknown one.
    pub accepts: String,
    pub sections: Vec<Section>,
    /// Name lists the fields autocomplete from (a field's [`Kind::Text`] `list`).
    pub lists: Vec<List>,
    /// The position's caps, by name, for the JSON twin.
    pub caps: Vec<(&'static str, u64)>,
    /// What the form could not show of the position it was built from.
    pub notes: Vec<String>,
}

/// A part of the form: a fieldset, or a folded section.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Section {
    /// Its HTML id (`player-1`, `plays`).
    pub id: String,
    pub title: String,
    /// A short note beside the title (`creatures and artifacts played during the turns`).
    pub note: String,
    /// Folded behind its title unless something in it is set or wrong.
    pub folded: bool,
    pub fields: Vec<Field>,
    /// How its groups are laid out.
    pub style: GroupStyle,
    pub groups: Vec<Group>,
}

/// How a section's groups are laid out.
#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum GroupStyle {
    /// A card each, an empty one folded behind its "add a …" line (a slot, a unit).
    Cards,
    /// A row of fields each, always shown (a card played).
    Rows,
}

/// One repeatable group of fields: a slot, a unit, a play.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Group {
    /// Its HTML id (`p0-s1`).
    pub id: String,
    /// Its heading (`Slot 1`).
    pub title: String,
    /// What its summary line says when it is empty (`add a creature`).
    pub empty: String,
    /// Shown open even when empty (the first of a list).
    pub open: bool,
    pub fields: Vec<Field>,
}

/// One field.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Field {
    /// The posted name, also its HTML id.
    pub name: String,
    /// Its label for people (`Catalogue card`).
    pub label: String,
    /// Words read before the label by a screen reader only (`Play 1: `), when the
    /// group's heading is not beside it.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub context: String,
    pub kind: Kind,
    /// Its values (one; a multi-choice's ticked options).
    pub values: Vec<String>,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub hint: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub placeholder: String,
    pub width: Width,
    /// When set, a non-empty value names its group on the summary line, followed by
    /// this suffix (`" (hypothetical)"`; empty for none).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub summary: Option<String>,
    /// A list of items, comma-separated (its list, if any, completes each item).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub items: bool,
    /// Rarely needed: in a group, folded with the others like it behind one "more" line
    /// (opened when one of them holds something or has a problem), so an empty builder
    /// stays short (issue #31).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub more: bool,
    /// Its value picks which of its group's fields are shown (an action's kind): with
    /// the builder's script, a field whose `when` lacks the value is hidden.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub picks: bool,
    /// The values of its group's picking field for which it is read (empty: always).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub when: Vec<String>,
    /// Picked on a grid (issue #31): `board` is the text area whose lines and
    /// comma-separated items lay the grid out, `space` a field filled with the `row,column`
    /// picked on it, `path` one that takes a space per pick (`row,column; row,column`).
    /// Empty for none. The builder's script draws the grid; without it they are typed.
    #[serde(skip_serializing_if = "str::is_empty")]
    pub pick: &'static str,
    /// Its problems, in words (attached by [`Form::attach`]).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub errors: Vec<String>,
}

/// What a field holds.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case", tag = "type")]
pub enum Kind {
    /// Free text, autocompleting from list `list` when set (a [`List`]'s id).
    Text { list: Option<String> },
    /// A whole number (typed as text; the game checks the range).
    Number { min: i64, max: i64 },
    /// One of some options.
    Select { options: Vec<Choice> },
    /// A tick box (posts `on` when ticked).
    Checkbox,
    /// Any of some options, each a tick box under the field's label.
    Multi { options: Vec<Choice> },
    /// One of the readings of an interpretation: the field's label is the question.
    Reading {
        rule: &'static str,
        options: Vec<Choice>,
    },
    /// Several lines of text.
    TextArea { rows: u32 },
}

/// One option of a select, a multi-choice or a reading.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Choice {
    pub value: String,
    pub label: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub hint: String,
}

impl Choice {
    pub fn new(value: impl Into<String>, label: impl Into<String>) -> Choice {
        Choice {
            value: value.into(),
            label: label.into(),
            hint: String::new(),
        }
    }
}

/// How wide a field is laid out.
#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Width {
    Small,
    Normal,
    Wide,
    Full,
}

/// A name list fields autocomplete from.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct List {
    /// Its id (the HTML datalist's, and its key in the JSON twin).
    pub id: &'static str,
    pub source: Source,
}

/// Where a list's names come from.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case", tag = "from")]
pub enum Source {
    /// The catalogue's cards of this game of a kind the game names (`creature`, `unit`);
    /// the catalogue adapter says what each kind holds.
    Cards { kind: &'static str },
    /// The catalogue's keywords of this game.
    Keywords,
    /// The catalogue's factions of this game (KeyForge's houses).
    Factions,
    /// Names the game gives itself.
    Values { values: Vec<String> },
}

impl Field {
    /// A field of `kind` with one value.
    pub fn new(name: impl Into<String>, label: impl Into<String>, kind: Kind) -> Field {
        Field {
            name: name.into(),
            label: label.into(),
            context: String::new(),
            kind,
            values: Vec::new(),
            hint: String::new(),
            placeholder: String::new(),
            width: Width::Normal,
            summary: None,
            items: false,
            more: false,
            picks: false,
            when: Vec::new(),
            pick: "",
            errors: Vec::new(),
        }
    }

    /// A select of `(value, label)` options.
    pub fn select(
        name: impl Into<String>,
        label: impl Into<String>,
        options: &[(&str, &str)],
    ) -> Field {
        Field::new(
            name,
            label,
            Kind::Select {
                options: options.iter().map(|(v, l)| Choice::new(*v, *l)).collect(),
            },
        )
    }

    /// A text field.
    pub fn text(name: impl Into<String>, label: impl Into<String>) -> Field {
        Field::new(name, label, Kind::Text { list: None })
    }

    /// A text field autocompleting from list `list`.
    pub fn listed(name: impl Into<String>, label: impl Into<String>, list: &str) -> Field {
        Field::new(
            name,
            label,
            Kind::Text {
                list: Some(list.to_string()),
            },
        )
    }

    /// A whole number from `min` to `max`.
    pub fn number(name: impl Into<String>, label: impl Into<String>, min: i64, max: i64) -> Field {
        Field::new(name, label, Kind::Number { min, max })
    }

    /// Takes its value from `fields` (every value of its name).
    pub fn from(mut self, fields: &FormFields) -> Field {
        self.values = fields.all(&self.name).to_vec();
        self
    }

    pub fn hint(mut self, hint: impl Into<String>) -> Field {
        self.hint = hint.into();
        self
    }

    pub fn placeholder(mut self, placeholder: impl Into<String>) -> Field {
        self.placeholder = placeholder.into();
        self
    }

    pub fn width(mut self, width: Width) -> Field {
        self.width = width;
        self
    }

    pub fn context(mut self, context: impl Into<String>) -> Field {
        self.context = context.into();
        self
    }

    /// Its value picks which of its group's fields are shown.
    pub fn picks(mut self) -> Field {
        self.picks = true;
        self
    }

    /// Read only when its group's picking field holds one of `values`.
    pub fn when(mut self, values: Vec<String>) -> Field {
        self.when = values;
        self
    }

    /// Picked on a grid: `board`, `space` or `path` (see [`Field::pick`]).
    pub fn picked(mut self, pick: &'static str) -> Field {
        self.pick = pick;
        self
    }

    /// Its `when` values as one attribute value, space-separated.
    pub fn when_attr(&self) -> String {
        self.when.join(" ")
    }

    /// Rarely needed: folded behind its group's "more" line.
    pub fn more(mut self) -> Field {
        self.more = true;
        self
    }

    /// Holds a comma-separated list of items.
    pub fn items(mut self) -> Field {
        self.items = true;
        self
    }

    /// Names its group on the summary line, followed by `suffix`.
    pub fn summary(mut self, suffix: impl Into<String>) -> Field {
        self.summary = Some(suffix.into());
        self
    }

    /// Its (first) value, trimmed.
    pub fn value(&self) -> &str {
        self.values.first().map(|v| v.trim()).unwrap_or("")
    }

    /// Whether option or value `value` is chosen (a select's, a tick's, a reading's;
    /// a reading with no value chosen takes its first option, the default).
    pub fn is_chosen(&self, value: &str) -> bool {
        match &self.kind {
            Kind::Reading { options, .. } if self.value().is_empty() => {
                options.first().is_some_and(|o| o.value == value)
            }
            Kind::Multi { .. } => self.values.iter().any(|v| v == value),
            Kind::Checkbox => !self.value().is_empty(),
            // An empty value selects nothing: the browser shows the first option.
            _ => !value.is_empty() && self.value() == value,
        }
    }

    /// The labels of the options ticked, or `none`.
    pub fn chosen_labels(&self) -> String {
        let options = match &self.kind {
            Kind::Multi { options } | Kind::Select { options } => options,
            Kind::Reading { options, .. } => options,
            _ => return self.value().to_string(),
        };
        let on: Vec<&str> = options
            .iter()
            .filter(|o| self.is_chosen(&o.value))
            .map(|o| o.label.as_str())
            .collect();
        if on.is_empty() {
            "none".into()
        } else {
            on.join(", ")
        }
    }

    pub fn invalid(&self) -> bool {
        !self.errors.is_empty()
    }

    /// Whether a reading is away from its default.
    pub fn changed(&self) -> bool {
        match &self.kind {
            Kind::Reading { options, .. } => options
                .first()
                .is_some_and(|o| !self.value().is_empty() && self.value() != o.value),
            _ => false,
        }
    }
}

impl Group {
    /// Item `n` of a numbered list (`Unit 3`, with HTML id `id`): each field's label
    /// prefixed `Unit 3: ` for a screen reader, which does not see the card around it;
    /// shown open when it is the first; its summary says `empty` while it holds nothing.
    pub fn numbered(id: String, noun: &str, n: usize, empty: &str, fields: Vec<Field>) -> Group {
        let title = format!("{noun} {n}");
        let context = format!("{title}: ");
        Group {
            id,
            title,
            empty: empty.into(),
            open: n == 1,
            fields: fields
                .into_iter()
                .map(|field| field.context(context.clone()))
                .collect(),
        }
    }

    /// Whether a summary field holds something.
    pub fn filled(&self) -> bool {
        self.fields
            .iter()
            .any(|f| f.summary.is_some() && !f.value().is_empty())
    }

    pub fn invalid(&self) -> bool {
        self.fields.iter().any(Field::invalid)
    }

    /// Whether it is shown open: the first of its list, a filled one, or one with a problem.
    pub fn is_open(&self) -> bool {
        self.open || self.filled() || self.invalid()
    }

    /// What the summary line says it holds: its summary fields' values, each with its
    /// suffix, or its `empty` words.
    pub fn summary(&self) -> String {
        let parts: Vec<String> = self
            .fields
            .iter()
            .filter_map(|f| {
                let suffix = f.summary.as_ref()?;
                (!f.value().is_empty()).then(|| format!("{}{suffix}", f.value()))
            })
            .collect();
        if parts.is_empty() {
            self.empty.clone()
        } else {
            parts.join(" · ")
        }
    }
}

/// Fields shown at once and fields folded behind a "more" line: a [`Group`]'s, or a
/// [`Section`]'s own. The templates call these on either.
pub trait Folded {
    /// The fields, in order.
    fn all_fields(&self) -> &[Field];

    /// The fields always shown.
    fn main_fields(&self) -> impl Iterator<Item = &Field> {
        self.all_fields().iter().filter(|f| !f.more)
    }

    /// The rarely needed fields, folded behind the "more" line.
    fn more_fields(&self) -> impl Iterator<Item = &Field> {
        self.all_fields().iter().filter(|f| f.more)
    }

    /// Whether there are rarely needed fields.
    fn has_more(&self) -> bool {
        self.all_fields().iter().any(|f| f.more)
    }

    /// The labels of the rarely needed fields, for the "more" line.
    fn more_labels(&self) -> String {
        more_labels(self.all_fields())
    }

    /// Whether the "more" line is shown open.
    fn more_open(&self) -> bool {
        more_open(self.all_fields())
    }
}

impl Folded for Group {
    fn all_fields(&self) -> &[Field] {
        &self.fields
    }
}

impl Folded for Section {
    /// A section's own fields, not its groups'.
    fn all_fields(&self) -> &[Field] {
        &self.fields
    }
}

/// The labels of the rarely needed fields of `fields`, for their "more" line: the first
/// [`MORE_NAMED`], then how many others (`Damage, Warlord, Traits, Artifacts and 2 more`).
fn more_labels(fields: &[Field]) -> String {
    let labels: Vec<&str> = fields
        .iter()
        .filter(|f| f.more)
        .map(|f| f.label.as_str())
        .collect();
    match labels.len() {
        n if n > MORE_NAMED + 1 => format!(
            "{} and {} more",
            labels[..MORE_NAMED].join(", "),
            n - MORE_NAMED
        ),
        _ => labels.join(", "),
    }
}

/// How many rarely needed fields a "more" line names.
const MORE_NAMED: usize = 4;

/// Whether the "more" line of `fields` is shown open: one of its rarely needed fields
/// holds something (a select's or a tick box's default does not count) or has a problem.
fn more_open(fields: &[Field]) -> bool {
    fields.iter().filter(|f| f.more).any(|f| {
        f.invalid()
            || match f.kind {
                Kind::Select { .. } => !f.value().is_empty(),
                Kind::Reading { .. } => f.changed(),
                _ => f.values.iter().any(|v| !v.trim().is_empty()),
            }
    })
}

impl Section {
    /// A section of `fields`, with no groups.
    pub fn new(id: impl Into<String>, title: impl Into<String>, fields: Vec<Field>) -> Section {
        Section {
            id: id.into(),
            title: title.into(),
            note: String::new(),
            folded: false,
            fields,
            style: GroupStyle::Cards,
            groups: Vec::new(),
        }
    }

    pub fn note(mut self, note: impl Into<String>) -> Section {
        self.note = note.into();
        self
    }

    /// Folded behind its title unless something in it is set or wrong.
    pub fn folded(mut self) -> Section {
        self.folded = true;
        self
    }

    pub fn groups(mut self, style: GroupStyle, groups: Vec<Group>) -> Section {
        self.style = style;
        self.groups = groups;
        self
    }

    fn every_field(&self) -> impl Iterator<Item = &Field> {
        self.fields
            .iter()
            .chain(self.groups.iter().flat_map(|g| g.fields.iter()))
    }

    pub fn invalid(&self) -> bool {
        self.every_field().any(Field::invalid)
    }

    /// Whether a folded section is shown open: something in it is set away from its
    /// default, or wrong.
    pub fn is_open(&self) -> bool {
        !self.folded
            || self.invalid()
            || self.every_field().any(|f| match f.kind {
                Kind::Reading { .. } => f.changed(),
                // A select or a tick box always posts something: only what was typed
                // or ticked among several opens a section.
                Kind::Select { .. } | Kind::Checkbox => false,
                _ => f.values.iter().any(|v| !v.trim().is_empty()),
            })
    }

    /// How many readings are away from their defaults (for an interpretations section).
    pub fn changed(&self) -> usize {
        self.every_field().filter(|f| f.changed()).count()
    }

    /// Whether the section holds readings.
    pub fn has_readings(&self) -> bool {
        self.every_field()
            .any(|f| matches!(f.kind, Kind::Reading { .. }))
    }
}

impl Form {
    fn fields_mut(&mut self) -> impl Iterator<Item = &mut Field> {
        self.sections.iter_mut().flat_map(|s| {
            s.fields
                .iter_mut()
                .chain(s.groups.iter_mut().flat_map(|g| g.fields.iter_mut()))
        })
    }

    /// Every field, in the order of the form.
    pub fn fields(&self) -> impl Iterator<Item = &Field> {
        self.sections.iter().flat_map(|s| s.every_field())
    }

    /// The name of every field the form has.
    pub fn field_names(&self) -> Vec<&str> {
        self.fields().map(|f| f.name.as_str()).collect()
    }

    /// Whether the form has a field `name`.
    pub fn has_field(&self, name: &str) -> bool {
        self.fields().any(|f| f.name == name)
    }

    /// Puts each error at its field; answers those with no field on the form, in order.
    pub fn attach(&mut self, errors: &[FieldError]) -> Vec<FieldError> {
        let mut rest = Vec::new();
        for e in errors {
            let at = e
                .field
                .as_deref()
                .and_then(|name| self.fields_mut().find(|f| f.name == name));
            match at {
                Some(field) => field.errors.push(e.message.clone()),
                None => rest.push(e.clone()),
            }
        }
        rest
    }
}

/// A reading's value for people: `random`, `first slot` (`first_slot`).
pub fn reading_name(value: &str) -> String {
    value.replace('_', " ")
}

/// The field names of readings: `interp_<key>`.
pub fn reading_field(key: &str) -> String {
    format!("interp_{key}")
}

/// The choice of what adjudication does after a rejected action (field
/// `on_rejection`), going on named in the game's words (`go on`, `judge the next`).
pub fn on_rejection_field(values: &FormFields, go_on: &str) -> Field {
    Field::select(
        "on_rejection",
        "After a rejected action",
        &[("continue", go_on), ("stop", "stop")],
    )
    .width(Width::Small)
    .from(values)
}

/// The `on_rejection` field read: empty or `continue` goes on, `stop` stops; anything
/// else is a problem at the field (and reads as going on).
pub fn read_on_rejection(values: &FormFields, errors: &mut Vec<FieldError>) -> OnRejection {
    match values.get("on_rejection") {
        "" | "continue" => OnRejection::Continue,
        "stop" => OnRejection::Stop,
        v => {
            errors.push(FieldError::at(
                "on_rejection",
                format!("After a rejected action: {v:?} is not continue or stop"),
            ));
            OnRejection::Continue
        }
    }
}

/// The interpretations section of a game whose readings are `R`: one [`Kind::Reading`]
/// field per interpretation (`interp_<key>`), the default first, the chosen one as
/// `values` say (none: the default).
pub fn readings_section<R: Readings>(values: &FormFields) -> Section {
    let fields = R::TABLE
        .iter()
        .map(|info| {
            Field::new(
                reading_field(info.key),
                info.question,
                Kind::Reading {
                    rule: info.rule,
                    options: info
                        .readings
                        .iter()
                        .map(|(value, meaning)| Choice {
                            value: value.to_string(),
                            label: reading_name(value),
                            hint: meaning.to_string(),
                        })
                        .collect(),
                },
            )
            .width(Width::Full)
            .from(values)
        })
        .collect();
    Section::new("interpretations", "Interpretations", fields)
        .note("Where the rules' words allow two readings; the default is first.")
        .folded()
}

/// The values of `readings` on the form: `interp_<key>` for each interpretation.
pub fn readings_values<R: Readings>(readings: &R, values: &mut FormFields) {
    for (key, value) in readings.chosen() {
        values.set(reading_field(key), value);
    }
}

/// The readings a submission sets (`interp_<key>`), each unknown value an error at its
/// field.
pub fn readings_from<R: Readings>(f: &FormFields, errors: &mut Vec<FieldError>) -> R {
    let mut readings = R::default();
    for info in R::TABLE {
        let name = reading_field(info.key);
        let v = f.get(&name);
        if !v.is_empty() {
            if let Err(e) = readings.set(info.key, v) {
                errors.push(FieldError::at(
                    name,
                    format!("Interpretation {}: {e}", info.key),
                ));
            }
        }
    }
    readings
}

/// Where an interpretation's error (path `interpretations.<key>`) sits on the form.
pub fn reading_error<R: Readings>(rest: &str, message: &str) -> FieldError {
    let key = rest.split('.').next().unwrap_or_default();
    if R::TABLE.iter().any(|i| i.key == key) {
        FieldError::at(
            reading_field(key),
            format!("Interpretation {key}: {message}"),
        )
    } else {
        FieldError::general(format!("Interpretations: {message}"))
    }
}

/// A JSON path's first step: `head[3].rest` as `("head", Some(3), "rest")`.
pub fn split_path(path: &str) -> (&str, Option<usize>, &str) {
    let (first, rest) = match path.find('.') {
        Some(i) => (&path[..i], &path[i + 1..]),
        None => (path, ""),
    };
    match first.split_once('[') {
        Some((name, index)) => (name, index.trim_end_matches(']').parse().ok(), rest),
        None => (first, None, rest),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_split_at_their_first_step() {
        assert_eq!(
            split_path("players[1].line[2].card"),
            ("players", Some(1), "line[2].card")
        );
        assert_eq!(split_path("seed"), ("seed", None, ""));
        assert_eq!(split_path("dice.attack[3]"), ("dice", None, "attack[3]"));
    }

    #[test]
    fn errors_attach_to_their_fields_and_the_rest_are_answered() {
        let group = Group {
            id: "g1".into(),
            title: "Unit 1".into(),
            empty: "add a unit".into(),
            open: false,
            fields: vec![Field::text("u1_id", "Id").summary("")],
        };
        let mut form = Form {
            game: "test",
            title: String::new(),
            lede: String::new(),
            accepts: String::new(),
            sections: vec![Section::new("s", "S", vec![Field::text("seed", "Seed")])
                .groups(GroupStyle::Cards, vec![group])],
            lists: Vec::new(),
            caps: Vec::new(),
            notes: Vec::new(),
        };
        assert_eq!(form.field_names(), ["seed", "u1_id"]);
        assert!(!form.sections[0].groups[0].is_open());
        let rest = form.attach(&[
            FieldError::at("u1_id", "Unit 1: no id"),
            FieldError::at("nowhere", "lost"),
            FieldError::general("whole"),
        ]);
        assert_eq!(rest.len(), 2);
        let g = &form.sections[0].groups[0];
        assert!(g.invalid() && g.is_open(), "a group with a problem opens");
        assert_eq!(g.fields[0].errors, ["Unit 1: no id"]);
        assert_eq!(g.summary(), "add a unit");
    }

    #[test]
    fn a_list_is_read_up_to_its_cap() {
        let long = (0..10_000)
            .map(|i| format!("x{i}"))
            .collect::<Vec<_>>()
            .join(", ");
        let items = list(&long);
        assert_eq!(items.len(), LIST_ITEMS);
        assert_eq!(items[LIST_ITEMS - 1], format!("x{}", LIST_ITEMS - 1));
        assert_eq!(list(" a, ,b; c "), ["a", "b", "c"]);
    }

    #[test]
    fn numbers_report_what_was_typed() {
        let f = FormFields::from_pairs(vec![("n".into(), " lots ".into())]);
        let mut errors = Vec::new();
        assert_eq!(number::<u32>(&f, "n", "Seed", &mut errors), None);
        assert_eq!(errors[0].message, "Seed: \"lots\" is not a whole number");
        assert_eq!(errors[0].field.as_deref(), Some("n"));
    }
}
