//! Every key table, in one list: what `tern --keys` and `/help` print, what the config file's
//! `[keys]` may name, and what the tests walk. A layer's table comes from its entry in the
//! registry (`layers::with_views`); the dead-key test fails for a table it cannot find a view of.

use super::base;
use super::layer_types::Hint;
use super::layers;
use crate::config::WrittenKey;
use crate::controls::keys::{Binding, Chord, Fate, KeyInfo, KeyList, KeyTable, Keymap, Rest};
use crate::text::sanitize::sanitize_line;
use unicode_width::UnicodeWidthStr;

/// One table: read out for the reference, and the actions the config file may name in it.
pub struct Table {
    pub list: KeyList,
    pub names: Vec<&'static str>,
}

fn table<S, A: Copy>(table: &KeyTable<S, A>, keymap: &Keymap) -> Table {
    Table {
        list: table.reference(keymap),
        names: table.names().collect(),
    }
}

/// Every table: the conversation's first, then the layers (in the registry's order,
/// `layers::with_views`: the composer's lists first), the question and the server-down box.
pub fn tables(keymap: &Keymap) -> Vec<Table> {
    let mut all = vec![table(&base::keys::KEYS, keymap)];
    all.extend(
        layers::tables(keymap)
            .into_iter()
            .map(|(list, names)| Table { list, names }),
    );
    all.push(table(&layers::question::keys::KEYS, keymap));
    all.push(table(&layers::server_down::KEYS, keymap));
    all
}

/// The person's keymap from what `[keys]` says, or what is wrong with it: an unknown table or
/// action (naming the ones there are), a key that does not parse, one key given to two
/// actions of a table.
pub fn keymap(written: &[WrittenKey]) -> Result<Keymap, String> {
    let known = tables(&Keymap::default());
    let mut bindings: Vec<Binding> = Vec::new();
    for entry in written {
        let shown = |name: &str| crate::text::sanitize::sanitize_line(name);
        let place = match entry.section.as_str() {
            "" => "[keys]".to_string(),
            section => format!("[keys.{}]", shown(section)),
        };
        let Some(table) = known.iter().find(|t| t.list.section == entry.section) else {
            let sections: Vec<String> = known
                .iter()
                .filter(|t| !t.list.section.is_empty())
                .map(|t| t.list.section.to_string())
                .collect();
            return Err(format!(
                "{}: no key table {place}; the tables are [keys] and [keys.<name>] for: {}",
                entry.at,
                sections.join(", ")
            ));
        };
        if !table.names.contains(&entry.action.as_str()) {
            return Err(format!(
                "{}: {place} has no action `{}`; its actions: {}",
                entry.at,
                shown(&entry.action),
                table.names.join(", ")
            ));
        }
        if entry.keys.is_empty() {
            return Err(format!(
                "{}: `{}` is given no key (write one, as \"alt+b\", or several in a list)",
                entry.at,
                shown(&entry.action)
            ));
        }
        let mut keys = Vec::new();
        for text in &entry.keys {
            let chord = Chord::parse(text).map_err(|why| {
                format!(
                    "{}: `{}` for `{}`: {why}",
                    entry.at,
                    shown(text),
                    shown(&entry.action)
                )
            })?;
            if let Some(other) = bindings
                .iter()
                .find(|b| b.section == entry.section && b.keys.contains(&chord))
            {
                return Err(format!(
                    "{}: {} is given to both `{}` and `{}` in {place}",
                    entry.at,
                    chord.label(),
                    other.action,
                    shown(&entry.action)
                ));
            }
            keys.push(chord);
        }
        bindings.push(Binding {
            section: entry.section.clone(),
            action: entry.action.clone(),
            keys,
        });
    }
    Ok(Keymap::new(bindings))
}

/// One row of the reference: its keys, what they do, and when (with the action's name the
/// config file gives it keys by).
fn row_line(row: &KeyInfo) -> Option<(String, String)> {
    if row.passes {
        return None;
    }
    let keys = row.keys_label();
    let mut what = row.help.clone();
    if !row.when.is_empty() {
        what.push_str(&format!(" — when {}", row.when));
    }
    if row.remappable && !row.name.is_empty() {
        what.push_str(&format!("  [{}]", row.name));
    }
    Some((keys, what))
}

/// What the rest of a table's keys do, as reference lines.
fn rest_lines(rest: &Rest) -> Vec<(String, String)> {
    let mut lines = Vec::new();
    match (rest.chars, rest.other) {
        (Fate::Take(what), other) if other == rest.chars && !what.is_empty() => {
            lines.push(("any other key".to_string(), what.to_string()));
        }
        (Fate::Take(what), _) if !what.is_empty() => {
            lines.push(("type".to_string(), what.to_string()));
        }
        _ => {}
    }
    lines
}

/// The reference as sections of (keys, what they do): every table, the keys several modes
/// share and who takes them, the commands. `/help` shows it; `tern --keys` prints it.
pub fn sections(keymap: &Keymap) -> Vec<(String, Vec<Hint>)> {
    let all = tables(keymap);
    let mut sections = Vec::new();
    for table in &all {
        let list = &table.list;
        let heading = match list.section {
            "" => format!("{} — [keys]", list.title),
            section => format!("{} — [keys.{section}]", list.title),
        };
        let mut lines: Vec<Hint> = list
            .rows
            .iter()
            .filter_map(row_line)
            .map(|(keys, what)| Hint::new(keys, what))
            .collect();
        lines.extend(
            rest_lines(&list.rest)
                .into_iter()
                .map(|(keys, what)| Hint::new(keys, what)),
        );
        sections.push((heading, lines));
    }
    sections.push((
        "Keys several modes share — who takes each".to_string(),
        shared_lines(&all),
    ));
    sections.push((
        "Commands".to_string(),
        super::commands::available()
            .map(|c| Hint::new(c.usage(), c.description))
            .collect(),
    ));
    sections.push((
        "Not in tern: the official TUI's commands left out, and why".to_string(),
        super::more_commands::left_out()
            .iter()
            .map(|(name, why)| Hint::new(name.to_string(), why.to_string()))
            .collect(),
    ));
    sections
}

/// For each shared key: the conversation's rows that take it and when, and the layers that
/// take it first while they are open. Vim's normal mode (issue 22) has no row yet.
fn shared_lines(all: &[Table]) -> Vec<Hint> {
    let mut lines = Vec::new();
    for chord in base::precedence::SHARED {
        let conversation = &all[0].list;
        let mut takers: Vec<String> = conversation
            .rows
            .iter()
            .filter(|row| row.keys.contains(chord))
            .map(|row| {
                let when = if row.when.is_empty() {
                    "always"
                } else {
                    row.when
                };
                format!("{when}: {}", row.help)
            })
            .collect();
        let layers: Vec<&str> = all[1..]
            .iter()
            .filter(|table| {
                table
                    .list
                    .rows
                    .iter()
                    .any(|row| !row.passes && row.keys.contains(chord))
            })
            .map(|table| table.list.title.as_str())
            .collect();
        if !layers.is_empty() {
            takers.push(format!("first, while open: {}", layers.join(", ")));
        }
        if takers.is_empty() {
            takers.push("nothing yet".into());
        }
        lines.push(Hint::new(chord.label(), takers.join("; ")));
    }
    lines
}

/// `tern --keys`: the whole reference as plain text (no colours), widths by display columns.
pub fn text(keymap: &Keymap) -> String {
    let mut out = String::from(
        "tern — keys and commands. The config file's [keys] gives an action other keys:\n\
         `[keys]` for the conversation (word_left = \"alt+b\"), `[keys.<table>]` for a view;\n\
         each action's name is in brackets. `?` in tern lists the keys that work there.\n",
    );
    for (title, lines) in sections(keymap) {
        out.push('\n');
        out.push_str(&title);
        out.push('\n');
        let width = lines
            .iter()
            .map(|hint| UnicodeWidthStr::width(hint.keys.as_str()))
            .max()
            .unwrap_or(0)
            .min(28);
        for hint in lines {
            let keys = sanitize_line(&hint.keys);
            let pad = width.saturating_sub(UnicodeWidthStr::width(keys.as_str()));
            out.push_str(&format!(
                "  {keys}{}  {}\n",
                " ".repeat(pad),
                sanitize_line(&hint.action)
            ));
        }
    }
    out
}
