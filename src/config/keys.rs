//! The config file's `[keys]`: which keys an action has instead of its own. `[keys]` holds
//! the conversation's actions (`word_left = "alt+b"`), `[keys.<table>]` a view's
//! (`[keys.diff] next_hunk = "j"`); a value is one key or a list of them. Read here as written,
//! with where each is; the app checks the names and the keys against its tables
//! (`app::reference::keymap`), with the place in every error.

use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;
use std::collections::BTreeMap;
use toml::Spanned;

/// One action given keys, as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WrittenKey {
    /// `""` for `[keys]`, else the `x` of `[keys.x]`.
    pub section: String,
    pub action: String,
    pub keys: Vec<String>,
    /// "line L, column C" of the action's name.
    pub at: String,
}

/// One key or a list of keys.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Keys(Vec<String>);

impl<'de> Deserialize<'de> for Keys {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct KeysVisitor;
        impl<'de> Visitor<'de> for KeysVisitor {
            type Value = Keys;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a key as a string (\"alt+b\") or a list of them")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Keys, E> {
                Ok(Keys(vec![v.to_string()]))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Keys, A::Error> {
                let mut keys = Vec::new();
                while let Some(key) = seq.next_element::<String>()? {
                    keys.push(key);
                }
                Ok(Keys(keys))
            }
        }
        deserializer.deserialize_any(KeysVisitor)
    }
}

/// An entry of `[keys]`: an action's keys, or a view's table of them.
enum Entry {
    Keys(Keys),
    Table(BTreeMap<Spanned<String>, Keys>),
}

impl<'de> Deserialize<'de> for Entry {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct EntryVisitor;
        impl<'de> Visitor<'de> for EntryVisitor {
            type Value = Entry;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a key (\"alt+b\"), a list of keys, or a table of actions")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Entry, E> {
                Ok(Entry::Keys(Keys(vec![v.to_string()])))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Entry, A::Error> {
                Keys::deserialize(de::value::SeqAccessDeserializer::new(seq)).map(Entry::Keys)
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Entry, A::Error> {
                BTreeMap::deserialize(de::value::MapAccessDeserializer::new(map)).map(Entry::Table)
            }
        }
        deserializer.deserialize_any(EntryVisitor)
    }
}

#[derive(Deserialize)]
struct KeysOnly {
    #[serde(default)]
    keys: BTreeMap<Spanned<String>, Entry>,
}

/// The `[keys]` of a config file's text, in the order written (by place); errors say where.
pub(super) fn parse(text: &str) -> Result<Vec<WrittenKey>, String> {
    let only: KeysOnly = toml::from_str(text).map_err(|e| super::located(text, &e))?;
    let at = |name: &Spanned<String>| {
        let (line, column) = super::line_column(text, name.span().start);
        format!("line {line}, column {column}")
    };
    let mut written = Vec::new();
    for (name, entry) in only.keys {
        match entry {
            Entry::Keys(Keys(keys)) => written.push((
                name.span().start,
                WrittenKey {
                    section: String::new(),
                    action: name.get_ref().clone(),
                    keys,
                    at: at(&name),
                },
            )),
            Entry::Table(actions) => {
                for (action, Keys(keys)) in actions {
                    written.push((
                        action.span().start,
                        WrittenKey {
                            section: name.get_ref().clone(),
                            action: action.get_ref().clone(),
                            keys,
                            at: at(&action),
                        },
                    ));
                }
            }
        }
    }
    written.sort_by_key(|(start, _)| *start);
    Ok(written.into_iter().map(|(_, key)| key).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_and_tables_are_read_with_their_place() {
        let text = "model = \"m\"\n\n[keys]\nword_left = \"alt+b\"\nsend = [\"enter\", \"ctrl+m\"]\n\n[keys.diff]\nnext_hunk = \"j\"\n";
        let written = parse(text).unwrap();
        assert_eq!(
            written,
            [
                WrittenKey {
                    section: String::new(),
                    action: "word_left".into(),
                    keys: vec!["alt+b".into()],
                    at: "line 4, column 1".into(),
                },
                WrittenKey {
                    section: String::new(),
                    action: "send".into(),
                    keys: vec!["enter".into(), "ctrl+m".into()],
                    at: "line 5, column 1".into(),
                },
                WrittenKey {
                    section: "diff".into(),
                    action: "next_hunk".into(),
                    keys: vec!["j".into()],
                    at: "line 8, column 1".into(),
                },
            ]
        );
        assert!(parse("model = \"m\"\n").unwrap().is_empty());
        let wrong = parse("[keys]\nword_left = 3\n").unwrap_err();
        assert!(wrong.starts_with("line 2, column 13"), "{wrong}");
    }
}
