//! Requests as they arrive: a bounded tree of plain values, read into typed
//! requests by one deserializer that names the path of any bad field.
//!
//! The wasm boundary walks a JS value into a [`Node`] (bounding depth, size
//! and cycles before any recursion here); native callers parse JSON into the
//! same tree. Both then go through [`read`], so what the native tests check is
//! exactly what JavaScript gets: unknown fields are errors at every level,
//! integers are range-checked (never cast), and a workload's `kind` selects
//! its type.

use crate::error::Error;
use serde::de::{self, DeserializeOwned, DeserializeSeed, IntoDeserializer, Visitor};
use std::fmt;

/// Deepest nesting a request may have (a config.json is 3–4 levels deep).
pub const MAX_DEPTH: usize = 32;
/// Most values (objects, arrays, scalars) in one request: a custom catalog of
/// 20,000 offers with 20 fields fits.
pub const MAX_NODES: usize = 500_000;
/// Longest string value, in UTF-16 code units (as JS counts it).
pub const MAX_TEXT_UNITS: usize = 100_000;
/// Most elements in one array and most keys in one object.
pub const MAX_ITEMS: usize = 100_000;
/// Most text one request may carry, in UTF-16 code units, over every string
/// value and key, a string referenced many times counted each time it is read
/// (the walk copies it each time). Bounds the copy at 16 MB of UTF-16 (at most
/// 24 MB of UTF-8): a custom catalog file at its 5,000,000-byte limit fits.
pub const MAX_TEXT_TOTAL_UNITS: usize = 8_000_000;

/// One value of a request.
#[derive(Debug, Clone, PartialEq)]
pub enum Node {
    Null,
    Bool(bool),
    /// Always finite: the walk rejects NaN and ±Infinity with their path.
    Number(f64),
    Text(String),
    List(Vec<Node>),
    /// Keys in their original order; `undefined` values are left out.
    Map(Vec<(String, Node)>),
}

/// Any self-describing input (JSON text read by serde_json) as a tree, for a
/// value that must be buffered before its type is known (a workload whose
/// `kind` is not its first key).
impl<'de> serde::Deserialize<'de> for Node {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Any;
        impl<'de> Visitor<'de> for Any {
            type Value = Node;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("plain data")
            }
            fn visit_unit<E: de::Error>(self) -> Result<Node, E> {
                Ok(Node::Null)
            }
            fn visit_none<E: de::Error>(self) -> Result<Node, E> {
                Ok(Node::Null)
            }
            fn visit_some<D: serde::Deserializer<'de>>(self, d: D) -> Result<Node, D::Error> {
                serde::Deserialize::deserialize(d)
            }
            fn visit_bool<E: de::Error>(self, b: bool) -> Result<Node, E> {
                Ok(Node::Bool(b))
            }
            fn visit_i64<E: de::Error>(self, n: i64) -> Result<Node, E> {
                Ok(Node::Number(n as f64))
            }
            fn visit_u64<E: de::Error>(self, n: u64) -> Result<Node, E> {
                Ok(Node::Number(n as f64))
            }
            fn visit_f64<E: de::Error>(self, n: f64) -> Result<Node, E> {
                if n.is_finite() {
                    Ok(Node::Number(n))
                } else {
                    Err(E::custom("must be a finite number"))
                }
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<Node, E> {
                Ok(Node::Text(s.to_string()))
            }
            fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<Node, A::Error> {
                let mut items = Vec::new();
                while let Some(item) = seq.next_element()? {
                    items.push(item);
                }
                Ok(Node::List(items))
            }
            fn visit_map<A: de::MapAccess<'de>>(self, mut map: A) -> Result<Node, A::Error> {
                let mut entries = Vec::new();
                while let Some(entry) = map.next_entry()? {
                    entries.push(entry);
                }
                Ok(Node::Map(entries))
            }
        }
        deserializer.deserialize_any(Any)
    }
}

/// Counts what a walk has taken so far, so a huge or self-repeating value
/// stops early with an error instead of exhausting memory: one budget per
/// call, for the values and for the text they copy.
#[derive(Debug, Default)]
pub struct Budget {
    nodes: usize,
    text_units: usize,
}

impl Budget {
    /// Takes one value at `depth`; errors name `path`.
    pub fn take(&mut self, depth: usize, path: &str) -> Result<(), Error> {
        if depth > MAX_DEPTH {
            let message = format!("is nested deeper than {MAX_DEPTH} levels");
            return Err(Error::coded("too-deep", at(path), message, &[("max", MAX_DEPTH as f64)]));
        }
        self.nodes += 1;
        if self.nodes > MAX_NODES {
            let message = format!("the request has more than {MAX_NODES} values");
            return Err(Error::coded("too-large", at(path), message, &[("max", MAX_NODES as f64)]));
        }
        Ok(())
    }

    /// Takes `units` UTF-16 code units of text (a string value or a key) at `path`.
    pub fn take_text(&mut self, units: usize, path: &str) -> Result<(), Error> {
        if units > MAX_TEXT_UNITS {
            return Err(text_too_long(path));
        }
        self.text_units = self.text_units.saturating_add(units);
        if self.text_units > MAX_TEXT_TOTAL_UNITS {
            let message = format!("the request has more than {MAX_TEXT_TOTAL_UNITS} characters of text in all");
            return Err(Error::coded("too-large", at(path), message, &[("max", MAX_TEXT_TOTAL_UNITS as f64)]));
        }
        Ok(())
    }
}

/// A path, or `request` for the whole value.
fn at(path: &str) -> &str {
    if path.is_empty() {
        "request"
    } else {
        path
    }
}

/// `parent.key` (or `key` at the top).
pub fn child_path(parent: &str, key: &str) -> String {
    if parent.is_empty() {
        key.to_string()
    } else {
        format!("{parent}.{key}")
    }
}

/// The error for a string longer than [`MAX_TEXT_UNITS`].
pub fn text_too_long(path: &str) -> Error {
    let message = format!("is longer than {MAX_TEXT_UNITS} characters");
    Error::coded("too-long", at(path), message, &[("max", MAX_TEXT_UNITS as f64)])
}

/// The error for an array or object with more than [`MAX_ITEMS`] entries.
pub fn too_many_items(path: &str) -> Error {
    let message = format!("has more than {MAX_ITEMS} entries");
    Error::coded("too-large", at(path), message, &[("max", MAX_ITEMS as f64)])
}

/// Parses JSON text into a checked tree (native callers and tests).
pub fn parse_json(text: &str) -> Result<Node, Error> {
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| Error::new("request", format!("is not valid JSON: {e}")))?;
    from_json(&value)
}

/// A JSON value as a checked tree, under the same bounds as a JS value.
pub fn from_json(value: &serde_json::Value) -> Result<Node, Error> {
    fn walk(v: &serde_json::Value, path: &str, depth: usize, budget: &mut Budget) -> Result<Node, Error> {
        budget.take(depth, path)?;
        Ok(match v {
            serde_json::Value::Null => Node::Null,
            serde_json::Value::Bool(b) => Node::Bool(*b),
            serde_json::Value::Number(n) => Node::Number(n.as_f64().unwrap_or(f64::NAN)),
            serde_json::Value::String(s) => {
                budget.take_text(s.encode_utf16().count(), path)?;
                Node::Text(s.clone())
            }
            serde_json::Value::Array(items) if items.len() > MAX_ITEMS => return Err(too_many_items(path)),
            serde_json::Value::Array(items) => Node::List(
                items
                    .iter()
                    .enumerate()
                    .map(|(i, x)| walk(x, &format!("{path}[{i}]"), depth + 1, budget))
                    .collect::<Result<_, _>>()?,
            ),
            serde_json::Value::Object(map) if map.len() > MAX_ITEMS => return Err(too_many_items(path)),
            serde_json::Value::Object(map) => Node::Map(
                map.iter()
                    .map(|(k, x)| {
                        let child = child_path(path, k);
                        budget.take_text(k.encode_utf16().count(), &child)?;
                        Ok((k.clone(), walk(x, &child, depth + 1, budget)?))
                    })
                    .collect::<Result<_, Error>>()?,
            ),
        })
    }
    walk(value, "", 0, &mut Budget::default())
}

/// Reads a typed request from `node`. Error paths are relative to the
/// argument (`workload.tokens`); `argument` names the whole value.
pub fn read<T: DeserializeOwned>(argument: &str, node: &Node) -> Result<T, Error> {
    let root = Path::Root;
    T::deserialize(Reader { node, path: &root, skip_key: None }).map_err(|e| e.into_error(argument))
}

/// Parses JSON text and reads a typed request from it (native callers and tests).
pub fn read_json<T: DeserializeOwned>(argument: &str, text: &str) -> Result<T, Error> {
    read(argument, &parse_json(text)?)
}

/// Where the reader is: a linked list on the stack, rendered only for an error.
enum Path<'a> {
    Root,
    Key(&'a Path<'a>, &'a str),
    Index(&'a Path<'a>, usize),
}

impl Path<'_> {
    fn render(&self) -> String {
        match self {
            Path::Root => String::new(),
            Path::Key(parent, key) => child_path(&parent.render(), key),
            Path::Index(parent, i) => format!("{}[{i}]", parent.render()),
        }
    }
}

/// A deserialization error and, once known, the path of the value at fault.
#[derive(Debug)]
pub struct ReadError {
    path: Option<String>,
    message: String,
}

impl ReadError {
    fn at(mut self, path: &Path) -> Self {
        if self.path.is_none() {
            self.path = Some(path.render());
        }
        self
    }

    fn into_error(self, argument: &str) -> Error {
        let path = self.path.unwrap_or_default();
        let message = plain_words(&self.message);
        let mut field = if path.is_empty() { argument.to_string() } else { path };
        // serde reports a missing field at its parent: name the field itself.
        if let Some(name) = message.strip_prefix("missing field `").and_then(|rest| rest.split('`').next()) {
            field = if field == argument { name.to_string() } else { child_path(&field, name) };
            return Error::coded("required", field, "is required", &[]);
        }
        let code = [
            ("unknown field", "unknown-field"),
            ("unknown variant", "unknown-value"),
            ("invalid type", "invalid-type"),
            ("invalid value", "invalid-value"),
        ]
        .iter()
        .find(|(start, _)| message.starts_with(start))
        .map_or("invalid", |(_, code)| code);
        Error::coded(code, field, message, &[])
    }
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ReadError {}

impl de::Error for ReadError {
    fn custom<T: fmt::Display>(message: T) -> Self {
        ReadError { path: None, message: message.to_string() }
    }
}

/// serde names Rust types ("expected u32", "map"); a JS caller thinks in JS terms.
fn plain_words(message: &str) -> String {
    message
        .replace("expected f64", "expected a number")
        .replace("expected u64", "expected a whole number of 0 or more")
        .replace("expected u32", "expected a whole number from 0 to 4294967295")
        .replace("expected u16", "expected a whole number from 0 to 65535")
        .replace("expected u8", "expected a whole number from 0 to 255")
        .replace("expected usize", "expected a whole number of 0 or more")
        .replace("expected a boolean", "expected true or false")
        .replace("invalid type: map", "invalid type: an object")
        .replace("invalid type: sequence", "invalid type: an array")
        .replace("invalid type: unit value", "invalid type: null")
        .replace("floating point `", "number `")
        .replace("integer `", "number `")
}

/// The deserializer over one node. `skip_key` hides a workload's `kind` from
/// the fields of the kind it selected.
struct Reader<'a> {
    node: &'a Node,
    path: &'a Path<'a>,
    skip_key: Option<&'static str>,
}

impl Reader<'_> {
    fn unexpected(&self) -> de::Unexpected<'_> {
        match self.node {
            Node::Null => de::Unexpected::Unit,
            Node::Bool(b) => de::Unexpected::Bool(*b),
            Node::Number(n) => de::Unexpected::Float(*n),
            Node::Text(s) => de::Unexpected::Str(s),
            Node::List(_) => de::Unexpected::Seq,
            Node::Map(_) => de::Unexpected::Map,
        }
    }
}

/// Integers up to 2^53 are exact in a JS number; past that they are floats.
const EXACT_INTEGER: f64 = 9_007_199_254_740_992.0;

impl<'de> de::Deserializer<'de> for Reader<'_> {
    type Error = ReadError;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ReadError> {
        match self.node {
            Node::Null => visitor.visit_unit(),
            Node::Bool(b) => visitor.visit_bool(*b),
            Node::Number(n) if n.fract() == 0.0 && n.abs() <= EXACT_INTEGER => {
                if *n >= 0.0 {
                    visitor.visit_u64(*n as u64)
                } else {
                    visitor.visit_i64(*n as i64)
                }
            }
            Node::Number(n) => visitor.visit_f64(*n),
            Node::Text(s) => visitor.visit_str(s),
            Node::List(items) => visitor.visit_seq(ListReader { items: items.iter().enumerate(), path: self.path }),
            Node::Map(entries) => visitor.visit_map(MapReader {
                entries: entries.iter(),
                pending: None,
                path: self.path,
                skip_key: self.skip_key,
            }),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ReadError> {
        match self.node {
            Node::Null => visitor.visit_none(),
            _ => visitor.visit_some(self),
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(self, _: &'static str, visitor: V) -> Result<V::Value, ReadError> {
        visitor.visit_newtype_struct(self)
    }

    /// A string is a unit variant (`"bf16"`); an object with a `kind` is the
    /// variant `kind` names, its other keys the variant's fields.
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _: &'static str,
        _: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, ReadError> {
        match self.node {
            Node::Text(s) => visitor.visit_enum(s.as_str().into_deserializer()),
            Node::Map(entries) => {
                let kind_path = Path::Key(self.path, "kind");
                match entries.iter().find(|(k, _)| k == "kind") {
                    Some((_, Node::Text(kind))) => {
                        visitor.visit_enum(KindReader { kind, node: self.node, path: self.path, kind_path: &kind_path })
                    }
                    Some(_) => Err(<ReadError as de::Error>::custom("must be a string").at(&kind_path)),
                    None => Err(<ReadError as de::Error>::custom("is required").at(&kind_path)),
                }
            }
            _ => self.deserialize_any(visitor),
        }
    }

    /// A struct is an object: serde would also read an array positionally.
    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        _: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, ReadError> {
        match self.node {
            Node::Map(_) => self.deserialize_any(visitor),
            _ => Err(de::Error::invalid_type(self.unexpected(), &"an object")),
        }
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ReadError> {
        visitor.visit_unit()
    }

    /// A map yields its `kind` first, so a `{ kind, … }` object (a workload)
    /// knows its type before it reads its other fields, in any key order.
    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ReadError> {
        let Node::Map(entries) = self.node else { return self.deserialize_any(visitor) };
        let kind = entries.iter().filter(|(k, _)| k == "kind");
        visitor.visit_map(MapReader {
            entries: kind.chain(entries.iter().filter(|(k, _)| k != "kind")),
            pending: None,
            path: self.path,
            skip_key: self.skip_key,
        })
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf unit unit_struct seq tuple tuple_struct identifier
    }
}

struct ListReader<'a, I> {
    items: I,
    path: &'a Path<'a>,
}

impl<'de, 'a, I: Iterator<Item = (usize, &'a Node)>> de::SeqAccess<'de> for ListReader<'a, I> {
    type Error = ReadError;

    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>, ReadError> {
        let Some((i, node)) = self.items.next() else { return Ok(None) };
        let path = Path::Index(self.path, i);
        seed.deserialize(Reader { node, path: &path, skip_key: None }).map(Some).map_err(|e| e.at(&path))
    }
}

struct MapReader<'a, I> {
    entries: I,
    pending: Option<&'a (String, Node)>,
    path: &'a Path<'a>,
    skip_key: Option<&'static str>,
}

impl<'de, 'a, I: Iterator<Item = &'a (String, Node)>> de::MapAccess<'de> for MapReader<'a, I> {
    type Error = ReadError;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>, ReadError> {
        let skip = self.skip_key;
        let Some(entry) = self.entries.by_ref().find(|(k, _)| Some(k.as_str()) != skip) else { return Ok(None) };
        self.pending = Some(entry);
        let key: &str = &entry.0;
        // An unknown field is reported at its own path.
        seed.deserialize(key.into_deserializer()).map(Some).map_err(|e: ReadError| e.at(&Path::Key(self.path, key)))
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, ReadError> {
        let Some((key, node)) = self.pending.take() else {
            return Err(de::Error::custom("a value was read before its key"));
        };
        let path = Path::Key(self.path, key);
        seed.deserialize(Reader { node, path: &path, skip_key: None }).map_err(|e| e.at(&path))
    }
}

/// A `{ kind, … }` object read as the enum variant `kind` names.
struct KindReader<'a> {
    kind: &'a str,
    node: &'a Node,
    path: &'a Path<'a>,
    kind_path: &'a Path<'a>,
}

impl<'de, 'a> de::EnumAccess<'de> for KindReader<'a> {
    type Error = ReadError;
    type Variant = Reader<'a>;

    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, Reader<'a>), ReadError> {
        let variant = seed.deserialize(self.kind.into_deserializer()).map_err(|e: ReadError| e.at(self.kind_path))?;
        Ok((variant, Reader { node: self.node, path: self.path, skip_key: Some("kind") }))
    }
}

impl<'de> de::VariantAccess<'de> for Reader<'_> {
    type Error = ReadError;

    fn unit_variant(self) -> Result<(), ReadError> {
        Ok(())
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, ReadError> {
        seed.deserialize(self)
    }

    fn tuple_variant<V: Visitor<'de>>(self, _: usize, visitor: V) -> Result<V::Value, ReadError> {
        de::Deserializer::deserialize_any(self, visitor)
    }

    fn struct_variant<V: Visitor<'de>>(self, _: &'static [&'static str], visitor: V) -> Result<V::Value, ReadError> {
        de::Deserializer::deserialize_any(self, visitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Deserialize, Debug, PartialEq)]
    #[serde(rename_all = "camelCase", deny_unknown_fields)]
    struct Inner {
        count: u32,
        #[serde(default)]
        ratio: Option<f64>,
    }

    #[derive(Deserialize, Debug, PartialEq)]
    #[serde(rename_all = "lowercase")]
    enum Shape {
        Square(Inner),
        Dot(Empty),
    }

    #[derive(Deserialize, Debug, PartialEq)]
    #[serde(deny_unknown_fields)]
    struct Empty {}

    #[derive(Deserialize, Debug, PartialEq)]
    #[serde(rename_all = "camelCase", deny_unknown_fields)]
    struct Outer {
        shape: Shape,
        #[serde(default)]
        items: Vec<Inner>,
    }

    fn outer(text: &str) -> Result<Outer, Error> {
        read_json("request", text)
    }

    #[test]
    fn kind_selects_the_variant_and_is_not_a_field() {
        let o = outer(r#"{"shape":{"kind":"square","count":3}}"#).unwrap();
        assert_eq!(o.shape, Shape::Square(Inner { count: 3, ratio: None }));
        assert_eq!(outer(r#"{"shape":{"kind":"dot"}}"#).unwrap().shape, Shape::Dot(Empty {}));
    }

    #[test]
    fn errors_name_their_path_at_every_level() {
        let field = |t: &str| outer(t).unwrap_err().field;
        assert_eq!(field(r#"{"shape":{"kind":"square","count":3,"extra":1}}"#), "shape.extra");
        assert_eq!(field(r#"{"shape":{"kind":"circle"}}"#), "shape.kind");
        assert_eq!(field(r#"{"shape":{"count":3}}"#), "shape.kind");
        assert_eq!(field(r#"{"shape":{"kind":"square"}}"#), "shape.count");
        assert_eq!(field(r#"{"shape":{"kind":"dot"},"items":[{"count":1},{"count":"x"}]}"#), "items[1].count");
        assert_eq!(field(r#"{"shape":{"kind":"dot"},"top":1}"#), "top");
        assert_eq!(field(r#"[1]"#), "request");
    }

    #[test]
    fn errors_carry_a_stable_code() {
        let code = |t: &str| outer(t).unwrap_err().code;
        assert_eq!(code(r#"{"shape":{"kind":"square","count":3,"extra":1}}"#), "unknown-field");
        assert_eq!(code(r#"{"shape":{"kind":"circle"}}"#), "unknown-value");
        assert_eq!(code(r#"{"shape":{"kind":"square"}}"#), "required");
        assert_eq!(code(r#"{"shape":{"kind":"square","count":"x"}}"#), "invalid-type");
        let range = crate::error::check_range("f", 5.0, 0.0, 1.0).unwrap_err();
        assert_eq!(range.code, "out-of-range");
        assert_eq!(range.params[..], [("min", 0.0), ("max", 1.0), ("got", 5.0)]);
    }

    #[test]
    fn integers_are_range_checked_never_cast() {
        let e = outer(r#"{"shape":{"kind":"square","count":4294967297}}"#).unwrap_err();
        assert_eq!(e.field, "shape.count");
        assert!(e.message.contains("4294967297"), "{}", e.message);
        assert!(outer(r#"{"shape":{"kind":"square","count":1.5}}"#).is_err());
        assert!(outer(r#"{"shape":{"kind":"square","count":-1}}"#).is_err());
        let ok = outer(r#"{"shape":{"kind":"square","count":2,"ratio":3}}"#).unwrap();
        assert_eq!(ok.shape, Shape::Square(Inner { count: 2, ratio: Some(3.0) }));
    }

    #[test]
    fn depth_and_size_are_bounded() {
        let deep = format!("{}1{}", "[".repeat(MAX_DEPTH + 1), "]".repeat(MAX_DEPTH + 1));
        let e = parse_json(&deep).unwrap_err();
        assert!(e.message.contains("nested deeper"), "{}", e.message);
        let long = format!("\"{}\"", "a".repeat(MAX_TEXT_UNITS + 1));
        assert!(parse_json(&long).unwrap_err().message.contains("longer than"));
        let exact = format!("\"{}\"", "a".repeat(MAX_TEXT_UNITS));
        assert!(parse_json(&exact).is_ok(), "a string of exactly the bound is accepted");
    }

    #[test]
    fn total_text_is_bounded_and_counts_repeats() {
        // 81 strings of 100,000 units: each within its own bound, 8.1 M in all.
        let one = format!("\"{}\"", "x".repeat(MAX_TEXT_UNITS));
        let many = format!("[{}]", vec![one.as_str(); 81].join(","));
        let e = parse_json(&many).unwrap_err();
        assert_eq!((e.code, e.field.as_str()), ("too-large", "[80]"), "{}", e.message);
        let fits = format!("[{}]", vec![one.as_str(); 80].join(","));
        assert!(parse_json(&fits).is_ok(), "exactly 8,000,000 units are accepted");
        // Keys count too.
        let mut budget = Budget::default();
        for _ in 0..MAX_TEXT_TOTAL_UNITS / MAX_TEXT_UNITS {
            assert!(budget.take_text(MAX_TEXT_UNITS, "a").is_ok());
        }
        assert_eq!(budget.take_text(1, "b").unwrap_err().field, "b");
    }
}
