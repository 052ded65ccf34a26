//! Every shape error of a position at once ([`every_error`]), for a text that is JSON but
//! not the game's format. serde stops at the first error, so the text's JSON value is read
//! again and again, each time past the problems already found: an unknown field is left
//! out, a missing field and a value of the wrong shape are stood in for by a placeholder
//! ([`Wild`]) that reads as whatever the format asks there, and the next reading finds the
//! next problem. An error that only a placeholder caused is not reported; the reading
//! gives up on the placeholder's parent instead. Each error is then located in the text
//! (line and column) by reading the text once more up to its JSON path ([`locate`]).
//!
//! Bounded: at most [`MOST_ERRORS`] errors and twice as many readings, each of a text
//! within the position's byte cap; serde_json's own depth limit bounds the nesting.

use serde::de::{self, DeserializeOwned, DeserializeSeed, IgnoredAny, MapAccess, SeqAccess};
use serde::de::{Deserializer, EnumAccess, VariantAccess, Visitor};
use serde_json::Value;
use std::collections::HashSet;
use std::fmt;

/// A shape error, located: as [`super::position::PositionError`] (which this module
/// does not import: it is the one that imports this).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Located {
    /// The JSON path, as serde_path_to_error writes it (empty for the whole document).
    pub path: String,
    /// 1-based line and column in the text.
    pub line: Option<usize>,
    pub column: Option<usize>,
    pub message: String,
}

/// The most errors one position reports.
pub const MOST_ERRORS: usize = 50;

/// One step of a JSON path: an object's key (or an enum's variant) or an array's index.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Seg {
    Key(String),
    Index(usize),
}

/// Every shape error of `value` (the JSON of `text`) read as a `T`, located in `text` and
/// in the order of the text; empty when `value` reads.
pub fn every_error<T: DeserializeOwned>(text: &str, value: &Value) -> Vec<Located> {
    let mut patches = Patches::default();
    let mut found: Vec<(Vec<Seg>, bool, Located)> = Vec::new();
    for _ in 0..2 * MOST_ERRORS {
        if found.len() >= MOST_ERRORS {
            break;
        }
        let root = Node {
            value,
            path: Vec::new(),
            patches: &patches,
        };
        let e = match serde_path_to_error::deserialize::<_, T>(root) {
            Ok(_) => break,
            Err(e) => e,
        };
        let shown = match e.path().to_string() {
            p if p == "." => String::new(),
            p => p,
        };
        let Some(segs) = segments(e.path()) else {
            break;
        };
        let err = e.into_inner();
        match patches.apply(&segs, &err) {
            Step::Record => {
                let at_key = matches!(err.kind, Kind::Unknown(_));
                let located = Located {
                    path: shown,
                    line: None,
                    column: None,
                    message: err.message,
                };
                found.push((segs, at_key, located));
            }
            Step::Skip => {}
            Step::Stop => break,
        }
    }
    let mut errors: Vec<Located> = found
        .into_iter()
        .map(|(segs, at_key, mut e)| {
            if let Some((line, column)) = locate(text, &segs, at_key) {
                (e.line, e.column) = (Some(line), Some(column));
            }
            e
        })
        .collect();
    errors.sort_by_key(|e| (e.line.is_none(), e.line, e.column));
    errors
}

/// The path of an error as [`Seg`]s; `None` for a path through a key that is not a string.
fn segments(path: &serde_path_to_error::Path) -> Option<Vec<Seg>> {
    use serde_path_to_error::Segment;
    path.iter()
        .map(|s| match s {
            Segment::Seq { index } => Some(Seg::Index(*index)),
            Segment::Map { key } => Some(Seg::Key(key.clone())),
            Segment::Enum { variant } => Some(Seg::Key(variant.clone())),
            Segment::Unknown => None,
        })
        .collect()
}

/// What the readings so far have found and stepped past.
#[derive(Default)]
struct Patches {
    /// Unknown keys, left out.
    dropped: HashSet<Vec<Seg>>,
    /// Values read as a placeholder: wrong ones, and missing fields (at their own path).
    wild: HashSet<Vec<Seg>>,
}

/// What to do with an error.
enum Step {
    /// A problem of the text: report it.
    Record,
    /// Caused by a placeholder: read again without reporting it.
    Skip,
    /// No way past it.
    Stop,
}

impl Patches {
    /// Records how the next reading steps past `err` at `segs`.
    fn apply(&mut self, segs: &[Seg], err: &Error) -> Step {
        let under = self.wild.iter().find(|w| segs.starts_with(w)).cloned();
        let over = self.wild.iter().any(|w| w.starts_with(segs));
        match (&err.kind, under) {
            (Kind::Unknown(field), None) if segs.last() == Some(&Seg::Key(field.clone())) => {
                self.once(|p| p.dropped.insert(segs.to_vec()))
            }
            (Kind::Missing(field), None) => {
                let mut at = segs.to_vec();
                at.push(Seg::Key(field.clone()));
                self.once(|p| p.wild.insert(at))
            }
            (_, Some(w)) => self.give_up_on_parent(&w),
            (_, None) if over => match self.wild.insert(segs.to_vec()) {
                true => Step::Skip,
                false => Step::Stop,
            },
            (_, None) => self.once(|p| p.wild.insert(segs.to_vec())),
        }
    }

    /// [`Step::Record`] when `patch` changed something, else [`Step::Stop`].
    fn once(&mut self, patch: impl FnOnce(&mut Patches) -> bool) -> Step {
        match patch(self) {
            true => Step::Record,
            false => Step::Stop,
        }
    }

    /// A placeholder at `w` did not read: the placeholder moves up to its parent.
    fn give_up_on_parent(&mut self, w: &[Seg]) -> Step {
        match w.split_last() {
            Some((_, parent)) if self.wild.insert(parent.to_vec()) => Step::Skip,
            _ => Step::Stop,
        }
    }
}

/// An error of a reading: its words, and what [`Patches`] needs to step past it.
#[derive(Debug)]
struct Error {
    kind: Kind,
    message: String,
}

#[derive(Debug)]
enum Kind {
    Missing(String),
    Unknown(String),
    Other,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

/// The words serde_json gives the same error, so a position's errors read alike however
/// they were found.
fn worded(e: serde_json::Error) -> Error {
    Error {
        kind: Kind::Other,
        message: e.to_string(),
    }
}

impl de::Error for Error {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        Error {
            kind: Kind::Other,
            message: msg.to_string(),
        }
    }
    fn invalid_type(unexp: de::Unexpected, exp: &dyn de::Expected) -> Self {
        worded(serde_json::Error::invalid_type(unexp, exp))
    }
    fn invalid_value(unexp: de::Unexpected, exp: &dyn de::Expected) -> Self {
        worded(serde_json::Error::invalid_value(unexp, exp))
    }
    fn invalid_length(len: usize, exp: &dyn de::Expected) -> Self {
        worded(serde_json::Error::invalid_length(len, exp))
    }
    fn unknown_variant(variant: &str, expected: &'static [&'static str]) -> Self {
        worded(serde_json::Error::unknown_variant(variant, expected))
    }
    fn duplicate_field(field: &'static str) -> Self {
        worded(serde_json::Error::duplicate_field(field))
    }
    fn unknown_field(field: &str, expected: &'static [&'static str]) -> Self {
        Error {
            kind: Kind::Unknown(field.to_string()),
            ..worded(serde_json::Error::unknown_field(field, expected))
        }
    }
    fn missing_field(field: &'static str) -> Self {
        Error {
            kind: Kind::Missing(field.to_string()),
            ..worded(serde_json::Error::missing_field(field))
        }
    }
}

/// A value of the document at `path`, read past the [`Patches`].
struct Node<'de> {
    value: &'de Value,
    path: Vec<Seg>,
    patches: &'de Patches,
}

impl<'de> Node<'de> {
    fn child(&self, seg: Seg, value: &'de Value) -> Node<'de> {
        let mut path = self.path.clone();
        path.push(seg);
        Node {
            value,
            path,
            patches: self.patches,
        }
    }
    fn is_wild(&self) -> bool {
        self.patches.wild.contains(&self.path)
    }
}

/// Each `deserialize_*` of [`Node`]: a placeholder's answer to the same question, or the
/// value as it is.
macro_rules! node_methods {
    ($($method:ident($($arg:ident: $ty:ty),*)),* $(,)?) => {$(
        fn $method<V: Visitor<'de>>(self, $($arg: $ty,)* v: V) -> Result<V::Value, Error> {
            if self.is_wild() {
                return Wild(0).$method($($arg,)* v);
            }
            self.deserialize_any(v)
        }
    )*};
}

impl<'de> Deserializer<'de> for Node<'de> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        if self.is_wild() {
            return Wild(0).deserialize_any(v);
        }
        match self.value {
            Value::Null => v.visit_unit(),
            Value::Bool(b) => v.visit_bool(*b),
            Value::Number(n) => match (n.as_u64(), n.as_i64(), n.as_f64()) {
                (Some(u), _, _) => v.visit_u64(u),
                (_, Some(i), _) => v.visit_i64(i),
                (_, _, Some(f)) => v.visit_f64(f),
                _ => Err(de::Error::custom("a number out of range")),
            },
            Value::String(s) => v.visit_borrowed_str(s),
            Value::Array(items) => v.visit_seq(Items {
                node: &self,
                items: items.iter().enumerate(),
            }),
            Value::Object(map) => v.visit_map(Entries::new(&self, map)),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        match self.value {
            _ if self.is_wild() => Wild(0).deserialize_option(v),
            Value::Null => v.visit_none(),
            _ => v.visit_some(self),
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        v: V,
    ) -> Result<V::Value, Error> {
        if self.is_wild() {
            return Wild(0).deserialize_newtype_struct(name, v);
        }
        v.visit_newtype_struct(self)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        v: V,
    ) -> Result<V::Value, Error> {
        if self.is_wild() {
            return Wild(0).deserialize_enum(name, variants, v);
        }
        match self.value {
            Value::String(s) => v.visit_enum(Variant {
                name: s,
                content: None,
            }),
            Value::Object(map) if map.len() == 1 => {
                let Some((key, value)) = map.iter().next() else {
                    return Err(de::Error::custom("an empty map"));
                };
                let content = self.child(Seg::Key(key.clone()), value);
                v.visit_enum(Variant {
                    name: key,
                    content: Some(content),
                })
            }
            Value::Object(_) => Err(de::Error::invalid_value(
                de::Unexpected::Map,
                &"map with a single key",
            )),
            _ => Err(de::Error::invalid_type(
                unexpected(self.value),
                &"string or map",
            )),
        }
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        v.visit_unit()
    }

    node_methods! {
        deserialize_bool(), deserialize_i8(), deserialize_i16(), deserialize_i32(),
        deserialize_i64(), deserialize_i128(), deserialize_u8(), deserialize_u16(),
        deserialize_u32(), deserialize_u64(), deserialize_u128(), deserialize_f32(),
        deserialize_f64(), deserialize_char(), deserialize_str(), deserialize_string(),
        deserialize_bytes(), deserialize_byte_buf(), deserialize_unit(),
        deserialize_unit_struct(name: &'static str), deserialize_seq(),
        deserialize_tuple(len: usize),
        deserialize_tuple_struct(name: &'static str, len: usize), deserialize_map(),
        deserialize_struct(name: &'static str, fields: &'static [&'static str]),
        deserialize_identifier(),
    }
}

/// serde's name for what `value` is, for a type error.
fn unexpected(value: &Value) -> de::Unexpected<'_> {
    match value {
        Value::Null => de::Unexpected::Unit,
        Value::Bool(b) => de::Unexpected::Bool(*b),
        Value::Number(_) => de::Unexpected::Other("number"),
        Value::String(s) => de::Unexpected::Str(s),
        Value::Array(_) => de::Unexpected::Seq,
        Value::Object(_) => de::Unexpected::Map,
    }
}

/// An array's items.
struct Items<'n, 'de> {
    node: &'n Node<'de>,
    items: std::iter::Enumerate<std::slice::Iter<'de, Value>>,
}

impl<'de> SeqAccess<'de> for Items<'_, 'de> {
    type Error = Error;
    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Error> {
        match self.items.next() {
            Some((i, item)) => seed
                .deserialize(self.node.child(Seg::Index(i), item))
                .map(Some),
            None => Ok(None),
        }
    }
}

/// An object's entries, less the dropped keys, then its missing fields as placeholders.
struct Entries<'n, 'de> {
    node: &'n Node<'de>,
    entries: serde_json::map::Iter<'de>,
    missing: Vec<String>,
    pending: Option<Node<'de>>,
}

impl<'n, 'de> Entries<'n, 'de> {
    fn new(node: &'n Node<'de>, map: &'de serde_json::Map<String, Value>) -> Entries<'n, 'de> {
        let missing = node
            .patches
            .wild
            .iter()
            .filter_map(|w| match w.split_last() {
                Some((Seg::Key(k), parent))
                    if parent == node.path.as_slice() && !map.contains_key(k) =>
                {
                    Some(k.clone())
                }
                _ => None,
            })
            .collect();
        Entries {
            node,
            entries: map.iter(),
            missing,
            pending: None,
        }
    }
}

impl<'de> MapAccess<'de> for Entries<'_, 'de> {
    type Error = Error;
    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        for (key, value) in self.entries.by_ref() {
            let child = self.node.child(Seg::Key(key.clone()), value);
            if self.node.patches.dropped.contains(&child.path) {
                continue;
            }
            self.pending = Some(child);
            return seed.deserialize(Name(key)).map(Some);
        }
        match self.missing.pop() {
            Some(key) => seed.deserialize(Name(&key)).map(Some),
            None => Ok(None),
        }
    }
    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        match self.pending.take() {
            Some(node) => seed.deserialize(node),
            None => seed.deserialize(Wild(0)),
        }
    }
}

/// A key, or an enum's variant name.
struct Name<'k>(&'k str);

impl<'de> Deserializer<'de> for Name<'_> {
    type Error = Error;
    fn deserialize_any<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        v.visit_str(self.0)
    }
    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes
        byte_buf option unit unit_struct newtype_struct seq tuple tuple_struct map struct
        enum identifier ignored_any
    }
}

/// An enum written as its variant's name (`content` `None`) or as a one-key object.
struct Variant<'k, 'de> {
    name: &'k str,
    content: Option<Node<'de>>,
}

impl<'de> EnumAccess<'de> for Variant<'_, 'de> {
    type Error = Error;
    type Variant = Content<'de>;
    fn variant_seed<S: DeserializeSeed<'de>>(
        self,
        seed: S,
    ) -> Result<(S::Value, Self::Variant), Error> {
        Ok((seed.deserialize(Name(self.name))?, Content(self.content)))
    }
}

/// A variant's content: `None` for a variant written as its name.
struct Content<'de>(Option<Node<'de>>);

impl<'de> VariantAccess<'de> for Content<'de> {
    type Error = Error;
    fn unit_variant(self) -> Result<(), Error> {
        match self.0 {
            Some(node) => de::Deserialize::deserialize(node),
            None => Ok(()),
        }
    }
    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, Error> {
        match self.0 {
            Some(node) => seed.deserialize(node),
            None => Err(de::Error::invalid_type(
                de::Unexpected::UnitVariant,
                &"newtype variant",
            )),
        }
    }
    fn tuple_variant<V: Visitor<'de>>(self, len: usize, v: V) -> Result<V::Value, Error> {
        match self.0 {
            Some(node) => node.deserialize_tuple(len, v),
            None => Err(de::Error::invalid_type(
                de::Unexpected::UnitVariant,
                &"tuple variant",
            )),
        }
    }
    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        v: V,
    ) -> Result<V::Value, Error> {
        match self.0 {
            Some(node) => node.deserialize_struct("", fields, v),
            None => Err(de::Error::invalid_type(
                de::Unexpected::UnitVariant,
                &"struct variant",
            )),
        }
    }
}

/// [`Wild`]'s `deserialize_*` that answer as another does.
macro_rules! wild_as {
    ($($to:ident: $($from:ident)*),* $(,)?) => {$($(
        fn $from<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
            self.$to(v)
        }
    )*)*};
}

/// A placeholder: the plainest value of whatever is asked (zero, empty, none, a struct of
/// placeholders, an enum's first variant). Asked for anything at all, it is null. It
/// holds its depth: a type whose plainest value nests itself (an enum whose first variant
/// holds the enum) is given up on past [`WILD_DEPTH`], as any error in a placeholder is.
#[derive(Clone, Copy)]
struct Wild(usize);

/// How deep placeholders nest.
const WILD_DEPTH: usize = 32;

impl Wild {
    /// The placeholder one level down, or the error that gives up on this one.
    fn inner(self) -> Result<Wild, Error> {
        match self.0 < WILD_DEPTH {
            true => Ok(Wild(self.0 + 1)),
            false => Err(de::Error::custom("placeholders nested too deep")),
        }
    }
}

impl<'de> Deserializer<'de> for Wild {
    type Error = Error;
    fn deserialize_any<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        v.visit_unit()
    }
    fn deserialize_bool<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        v.visit_bool(false)
    }
    fn deserialize_i64<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        v.visit_i64(0)
    }
    fn deserialize_u64<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        v.visit_u64(0)
    }
    fn deserialize_f64<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        v.visit_f64(0.0)
    }
    fn deserialize_str<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        v.visit_str("")
    }
    fn deserialize_option<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        v.visit_none()
    }
    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        v: V,
    ) -> Result<V::Value, Error> {
        v.visit_newtype_struct(self.inner()?)
    }
    fn deserialize_seq<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        v.visit_seq(Wilds(0, self.inner()?))
    }
    fn deserialize_tuple<V: Visitor<'de>>(self, len: usize, v: V) -> Result<V::Value, Error> {
        v.visit_seq(Wilds(len, self.inner()?))
    }
    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        len: usize,
        v: V,
    ) -> Result<V::Value, Error> {
        v.visit_seq(Wilds(len, self.inner()?))
    }
    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        fields: &'static [&'static str],
        v: V,
    ) -> Result<V::Value, Error> {
        v.visit_map(WildFields {
            fields: fields.iter(),
            wild: self.inner()?,
        })
    }
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _: &'static str,
        variants: &'static [&'static str],
        v: V,
    ) -> Result<V::Value, Error> {
        match variants.first() {
            Some(first) => v.visit_enum(WildVariant(first, self.inner()?)),
            None => Err(de::Error::custom("an enum without variants")),
        }
    }
    fn deserialize_map<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        v.visit_map(WildFields {
            fields: [].iter(),
            wild: self,
        })
    }
    fn deserialize_bytes<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        v.visit_bytes(&[])
    }
    wild_as! {
        deserialize_i64: deserialize_i8 deserialize_i16 deserialize_i32 deserialize_i128,
        deserialize_u64: deserialize_u8 deserialize_u16 deserialize_u32 deserialize_u128,
        deserialize_f64: deserialize_f32,
        deserialize_str: deserialize_char deserialize_string deserialize_identifier,
        deserialize_bytes: deserialize_byte_buf,
    }
    serde::forward_to_deserialize_any! {
        unit unit_struct ignored_any
    }
}

/// `n` placeholders in a row.
struct Wilds(usize, Wild);

impl<'de> SeqAccess<'de> for Wilds {
    type Error = Error;
    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Error> {
        match self.0.checked_sub(1) {
            Some(rest) => {
                self.0 = rest;
                seed.deserialize(self.1).map(Some)
            }
            None => Ok(None),
        }
    }
}

/// A struct's every field, each a placeholder.
struct WildFields {
    fields: std::slice::Iter<'static, &'static str>,
    wild: Wild,
}

impl<'de> MapAccess<'de> for WildFields {
    type Error = Error;
    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        match self.fields.next() {
            Some(field) => seed.deserialize(Name(field)).map(Some),
            None => Ok(None),
        }
    }
    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        seed.deserialize(self.wild)
    }
}

/// An enum's first variant, its content placeholders.
struct WildVariant(&'static str, Wild);

impl<'de> EnumAccess<'de> for WildVariant {
    type Error = Error;
    type Variant = WildVariant;
    fn variant_seed<S: DeserializeSeed<'de>>(self, seed: S) -> Result<(S::Value, Self), Error> {
        Ok((seed.deserialize(Name(self.0))?, self))
    }
}

impl<'de> VariantAccess<'de> for WildVariant {
    type Error = Error;
    fn unit_variant(self) -> Result<(), Error> {
        Ok(())
    }
    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, Error> {
        seed.deserialize(self.1)
    }
    fn tuple_variant<V: Visitor<'de>>(self, len: usize, v: V) -> Result<V::Value, Error> {
        self.1.deserialize_tuple(len, v)
    }
    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        v: V,
    ) -> Result<V::Value, Error> {
        self.1.deserialize_struct("", fields, v)
    }
}

/// The line and column in `text` of the value at `segs` (just after it), or of its key
/// (just after the key: `at_key`), as serde_json locates an error there.
fn locate(text: &str, segs: &[Seg], at_key: bool) -> Option<(usize, usize)> {
    let de = &mut serde_json::Deserializer::from_str(text);
    let e = Seek { segs, at_key }.deserialize(&mut *de).err()?;
    (e.to_string().starts_with(HERE)).then(|| (e.line(), e.column()))
}

/// The words of [`Seek`]'s error at the place sought.
const HERE: &str = "\u{0}here";

/// Reads JSON up to the value (or key) at `segs`, and stops there with an error.
struct Seek<'s> {
    segs: &'s [Seg],
    at_key: bool,
}

impl<'de> DeserializeSeed<'de> for Seek<'_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, de: D) -> Result<(), D::Error> {
        de.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Seek<'_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let (first, rest) = match self.segs.split_first() {
            Some((Seg::Key(k), rest)) => (k, rest),
            Some(_) => return Err(de::Error::custom("not there")),
            None => {
                while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
                return Err(de::Error::custom(HERE));
            }
        };
        while let Some(key) = map.next_key::<std::borrow::Cow<'de, str>>()? {
            if key.as_ref() != first.as_str() {
                map.next_value::<IgnoredAny>()?;
            } else if rest.is_empty() && self.at_key {
                return Err(de::Error::custom(HERE));
            } else {
                return map.next_value_seed(Seek {
                    segs: rest,
                    at_key: self.at_key,
                });
            }
        }
        Err(de::Error::custom("not there"))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let (index, rest) = match self.segs.split_first() {
            Some((Seg::Index(i), rest)) => (*i, rest),
            Some(_) => return Err(de::Error::custom("not there")),
            None => {
                while seq.next_element::<IgnoredAny>()?.is_some() {}
                return Err(de::Error::custom(HERE));
            }
        };
        for _ in 0..index {
            if seq.next_element::<IgnoredAny>()?.is_none() {
                return Err(de::Error::custom("not there"));
            }
        }
        let seek = Seek {
            segs: rest,
            at_key: self.at_key,
        };
        seq.next_element_seed(seek)?;
        Err(de::Error::custom("not there"))
    }
    fn visit_bool<E: de::Error>(self, _: bool) -> Result<(), E> {
        self.scalar()
    }
    fn visit_i64<E: de::Error>(self, _: i64) -> Result<(), E> {
        self.scalar()
    }
    fn visit_u64<E: de::Error>(self, _: u64) -> Result<(), E> {
        self.scalar()
    }
    fn visit_f64<E: de::Error>(self, _: f64) -> Result<(), E> {
        self.scalar()
    }
    fn visit_str<E: de::Error>(self, _: &str) -> Result<(), E> {
        self.scalar()
    }
    fn visit_unit<E: de::Error>(self) -> Result<(), E> {
        self.scalar()
    }
}

impl Seek<'_> {
    /// A scalar is the place sought when the path ends at it.
    fn scalar<E: de::Error>(&self) -> Result<(), E> {
        match self.segs.is_empty() {
            true => Err(E::custom(HERE)),
            false => Err(E::custom("not there")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::every_error;
    use serde::Deserialize;

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Unit {
        name: String,
        power: u32,
        #[serde(default)]
        tags: Vec<String>,
        side: Side,
    }

    #[derive(Debug, Deserialize)]
    #[serde(rename_all = "snake_case")]
    #[allow(dead_code)]
    enum Side {
        Left,
        Right { depth: u8 },
    }

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Doc {
        units: Vec<Unit>,
        turns: u32,
        #[serde(default)]
        kind: Option<Kind>,
    }

    #[derive(Debug, Deserialize)]
    #[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
    #[allow(dead_code)]
    enum Kind {
        Plain,
        Deep { depth: u8 },
    }

    fn errors(text: &str) -> Vec<(String, Option<usize>, String)> {
        let value = serde_json::from_str(text).unwrap();
        let e = every_error::<Doc>(text, &value);
        e.into_iter().map(|e| (e.path, e.line, e.message)).collect()
    }

    #[test]
    fn every_shape_error_at_once_each_at_its_path_line_and_column() {
        let text = r#"{
  "units": [
    {"name": "a", "power": "high", "side": "left"},
    {"name": "b", "power": 2, "colour": "red", "side": {"right": {"depth": 300}}},
    {"power": 3, "side": "up", "tags": [1]}
  ],
  "turns": -1,
  "extra": true
}"#;
        let got = errors(text);
        let paths: Vec<&str> = got.iter().map(|(p, _, _)| p.as_str()).collect();
        assert_eq!(
            paths,
            [
                "units[0].power",
                "units[1].colour",
                "units[1].side.right.depth",
                "units[2].side",
                "units[2].tags[0]",
                // A missing field is located at the end of its object.
                "units[2]",
                "turns",
                "extra"
            ],
            "{got:#?}"
        );
        let lines: Vec<Option<usize>> = got.iter().map(|(_, l, _)| *l).collect();
        assert_eq!(lines, [3, 4, 4, 5, 5, 5, 7, 8].map(Some), "{got:#?}");
        assert!(got[0]
            .2
            .starts_with("invalid type: string \"high\", expected u32"));
        assert!(got[1]
            .2
            .starts_with("unknown field `colour`, expected one of"));
        assert_eq!(got[5].2, "missing field `name`");
    }

    #[test]
    fn an_internally_tagged_enum_is_one_error_at_its_path() {
        let got = errors(
            r#"{"units": [], "turns": "x", "kind": {"kind": "deep", "depth": "y"}, "z": 1}"#,
        );
        let paths: Vec<&str> = got.iter().map(|(p, _, _)| p.as_str()).collect();
        assert_eq!(paths, ["turns", "kind", "z"], "{got:#?}");
    }

    #[derive(Debug, Deserialize)]
    #[serde(rename_all = "snake_case")]
    #[allow(dead_code)]
    enum Expr {
        Not(Box<Expr>),
        Leaf,
    }

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Nested {
        when: Expr,
        turns: u32,
    }

    #[test]
    fn a_placeholder_that_nests_itself_is_given_up_on_not_followed_down() {
        let text = r#"{"when": 3, "turns": "x"}"#;
        let value = serde_json::from_str(text).unwrap();
        let got = every_error::<Nested>(text, &value);
        let paths: Vec<&str> = got.iter().map(|e| e.path.as_str()).collect();
        assert_eq!(paths, ["when", "turns"], "{got:#?}");
    }
}
