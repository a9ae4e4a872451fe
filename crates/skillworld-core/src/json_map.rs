//! A JSON object that may be kept as its text until it is first read
//! (issue 19): a skill's frontmatter `metadata` and `extras`, which opening
//! a large world would otherwise parse into maps for every skill while no
//! open needs them. Reading it derefs to the map; the text was checked
//! when it was taken, so the parse cannot fail then.

use std::fmt;
use std::ops::{Deref, DerefMut};
use std::sync::{LazyLock, OnceLock};

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::{Serialize, Serializer};
use serde_json::{Map, Value};

/// A JSON object: a map, or the text of one parsed on first read. Serialises,
/// compares and prints as the map. It is one pointer, null when empty: a
/// skill holds two (frontmatter `metadata` and `extras`, the second mostly
/// empty), and a 100,000-skill open built an empty map for each and first
/// touched 96 bytes of each in bevy's skill column (issue 19).
#[derive(Clone, Default)]
pub struct JsonMap(Option<Box<Held>>);

#[derive(Clone)]
struct Held {
    /// Boxed: a held text not yet read takes 32 bytes, not 96.
    map: OnceLock<Box<Map<String, Value>>>,
    /// The object's text, until a change through `DerefMut` empties it (a
    /// first read through `&self` parses it but cannot drop it).
    text: Box<str>,
}

/// What an empty [`JsonMap`] reads as.
static EMPTY: LazyLock<Map<String, Value>> = LazyLock::new(Map::new);

impl JsonMap {
    /// The object `text` stands for, parsed when first read. Refuses text
    /// that is not a JSON object `Map<String, Value>` reads (bad syntax,
    /// a number beyond `f64`, nesting beyond serde_json's limit), with the
    /// reason: the checks of a parse, without building the map.
    pub fn from_text(text: &str) -> Result<Self, String> {
        if text == "{}" {
            return Ok(JsonMap::default());
        }
        let mut reader = serde_json::Deserializer::from_str(text);
        reader
            .deserialize_map(Checked)
            .and_then(|_| reader.end())
            .map_err(|e| e.to_string())?;
        Ok(JsonMap(Some(Box::new(Held {
            map: OnceLock::new(),
            text: text.into(),
        }))))
    }

    fn map(&self) -> &Map<String, Value> {
        match &self.0 {
            None => &EMPTY,
            Some(held) => held.map.get_or_init(|| {
                let map = serde_json::from_str(&held.text);
                Box::new(map.expect("the text was checked when it was taken"))
            }),
        }
    }
}

impl From<Map<String, Value>> for JsonMap {
    fn from(map: Map<String, Value>) -> Self {
        if map.is_empty() {
            return JsonMap::default();
        }
        JsonMap(Some(Box::new(Held {
            map: OnceLock::from(Box::new(map)),
            text: Box::default(),
        })))
    }
}

impl Deref for JsonMap {
    type Target = Map<String, Value>;

    fn deref(&self) -> &Self::Target {
        self.map()
    }
}

impl DerefMut for JsonMap {
    fn deref_mut(&mut self) -> &mut Self::Target {
        self.map();
        let held = self.0.get_or_insert_with(|| {
            Box::new(Held {
                map: OnceLock::from(Box::default()),
                text: Box::default(),
            })
        });
        held.text = Box::default();
        held.map.get_mut().expect("parsed just above")
    }
}

impl<'a> IntoIterator for &'a JsonMap {
    type Item = (&'a String, &'a Value);
    type IntoIter = serde_json::map::Iter<'a>;

    fn into_iter(self) -> Self::IntoIter {
        self.map().iter()
    }
}

impl PartialEq for JsonMap {
    fn eq(&self, other: &Self) -> bool {
        self.map() == other.map()
    }
}

impl fmt::Debug for JsonMap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.map().fmt(f)
    }
}

impl Serialize for JsonMap {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.map().serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for JsonMap {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Map::deserialize(deserializer).map(JsonMap::from)
    }
}

/// Reads a JSON value as `Value` would and keeps nothing: serde_json
/// checks its syntax, numbers and depth as for a parse, and nothing is
/// allocated for it.
struct Checked;

impl<'de> Deserialize<'de> for Checked {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(Checked)
    }
}

impl<'de> Visitor<'de> for Checked {
    type Value = Checked;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E: de::Error>(self, _: bool) -> Result<Checked, E> {
        Ok(Checked)
    }

    fn visit_i64<E: de::Error>(self, _: i64) -> Result<Checked, E> {
        Ok(Checked)
    }

    fn visit_u64<E: de::Error>(self, _: u64) -> Result<Checked, E> {
        Ok(Checked)
    }

    fn visit_f64<E: de::Error>(self, _: f64) -> Result<Checked, E> {
        Ok(Checked)
    }

    fn visit_str<E: de::Error>(self, _: &str) -> Result<Checked, E> {
        Ok(Checked)
    }

    fn visit_unit<E: de::Error>(self) -> Result<Checked, E> {
        Ok(Checked)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Checked, A::Error> {
        while seq.next_element::<Checked>()?.is_some() {}
        Ok(Checked)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Checked, A::Error> {
        while map.next_entry::<Checked, Checked>()?.is_some() {}
        Ok(Checked)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn text_reads_as_the_map_it_stands_for() {
        let text = r#"{"version":"1.0","nested":{"a":[1,2.5,null,true]},"é":"\u00e9"}"#;
        let lazy = JsonMap::from_text(text).unwrap();
        let parsed: Map<String, Value> = serde_json::from_str(text).unwrap();
        assert_eq!(lazy, JsonMap::from(parsed.clone()));
        assert_eq!(
            serde_json::to_string(&lazy).unwrap(),
            serde_json::to_string(&parsed).unwrap()
        );
        assert_eq!(lazy.keys().collect::<Vec<_>>(), ["version", "nested", "é"]);
        assert!(JsonMap::from_text("{}").unwrap().is_empty());
    }

    #[test]
    fn a_change_drops_the_text() {
        let mut lazy = JsonMap::from_text(r#"{"a":1}"#).unwrap();
        lazy.insert("b".into(), json!(2));
        let copy = lazy.clone();
        assert_eq!(
            serde_json::to_value(&copy).unwrap(),
            json!({"a": 1, "b": 2})
        );
    }

    #[test]
    fn text_a_map_would_not_read_is_refused_with_the_reason() {
        let deep = format!("{}{}", r#"{"a":"#.repeat(200), "}".repeat(200));
        for (text, reason) in [
            (r#"{"a":1"#, "EOF"),
            (r#"["a"]"#, "invalid type"),
            (r#"{"a":1e999}"#, "number out of range"),
            (r#"{"a":1} x"#, "trailing characters"),
            (deep.as_str(), "recursion limit"),
            (r#"{"a":"\x"}"#, "escape"),
        ] {
            let error = JsonMap::from_text(text).unwrap_err();
            assert!(error.contains(reason), "{text}: {error}");
        }
    }
}
