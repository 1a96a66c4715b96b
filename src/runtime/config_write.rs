//! Writing one setting into tern's config file (`/theme`'s choice) the way a person would: the
//! key set (or added), every comment, key and blank line of the file kept as it was
//! (`toml_edit`), the file replaced atomically (`atomic_file`), its mode kept. A config file
//! that is a symlink (a dotfiles repository) is written where it points, so the link stays.

use super::atomic_file::write_atomic;
use crate::app::AppEvent;
use crate::session::event::ConfigValue;
use crate::text::sanitize::sanitize_line;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use tokio::sync::mpsc::UnboundedSender;

/// A config file larger than this is not rewritten (it is not one a person wrote).
const MAX_BYTES: u64 = 1024 * 1024;

/// Sets `key = "value"` at the top of the TOML file `path` (created, with its folder, if
/// missing).
pub(crate) fn set_string(path: &Path, key: &str, value: &str) -> Result<(), String> {
    set_value(path, &[key.to_string()], toml_edit::Value::from(value))
}

/// Sets `value` at `keys` — the tables, then the key (`["keys", "diff", "next_hunk"]`), the
/// tables made if missing (`[keys.diff]`) — in the TOML file `path` (created, with its folder,
/// if missing). A comment after an old value stays after the new one.
pub(crate) fn set_value(
    path: &Path,
    keys: &[String],
    value: toml_edit::Value,
) -> Result<(), String> {
    write_value(path, keys, Some(value))
}

/// Takes the key at `keys` out of the TOML file `path`, the rest kept as `set_value` keeps
/// it; a key (or file) already missing is no error: the file then says what was wanted.
pub(crate) fn remove_value(path: &Path, keys: &[String]) -> Result<(), String> {
    write_value(path, keys, None)
}

/// `set_value` (`Some`) or `remove_value` (`None`).
fn write_value(
    path: &Path,
    keys: &[String],
    value: Option<toml_edit::Value>,
) -> Result<(), String> {
    let Some((key, tables)) = keys.split_last() else {
        return Err("no key to set".into());
    };
    let target = resolve(path);
    let (text, mode) = match std::fs::metadata(&target) {
        Ok(meta) if meta.len() > MAX_BYTES => {
            return Err(format!("larger than {} KB", MAX_BYTES / 1024))
        }
        Ok(meta) => (
            std::fs::read_to_string(&target).map_err(|e| e.to_string())?,
            meta.permissions().mode() & 0o7777,
        ),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound && value.is_none() => return Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => (String::new(), 0o644),
        Err(e) => return Err(e.to_string()),
    };
    let mut document: toml_edit::DocumentMut =
        text.parse().map_err(|e: toml_edit::TomlError| {
            format!(
                "it does not parse ({})",
                sanitize_line(&e.message().split_whitespace().collect::<Vec<_>>().join(" "))
            )
        })?;
    let mut table = document.as_table_mut();
    let Some(value) = value else {
        for name in tables {
            match table.get_mut(name).and_then(|item| item.as_table_mut()) {
                Some(inner) => table = inner,
                None => return Ok(()),
            }
        }
        if table.remove(key).is_none() {
            return Ok(());
        }
        return write_atomic(&target, document.to_string().as_bytes(), mode)
            .map_err(|e| e.to_string());
    };
    for name in tables {
        let item = table.entry(name).or_insert_with(|| {
            // `[keys.diff]` alone needs no empty `[keys]` header above it.
            let mut new = toml_edit::Table::new();
            new.set_implicit(true);
            toml_edit::Item::Table(new)
        });
        table = item
            .as_table_mut()
            .ok_or_else(|| format!("`{}` is not a table there", sanitize_line(name)))?;
    }
    let decor = table
        .get(key)
        .and_then(|item| item.as_value())
        .map(|v| v.decor().clone());
    let mut new_value = value;
    if let Some(decor) = decor {
        *new_value.decor_mut() = decor;
    }
    table[key.as_str()] = toml_edit::Item::Value(new_value);
    if let Some(dir) = target.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    write_atomic(&target, document.to_string().as_bytes(), mode).map_err(|e| e.to_string())
}

/// `Effect::SaveConfigValue`, off the event loop; the outcome comes back as
/// `AppEvent::ConfigValueSaved`.
pub(crate) fn save_in_background(
    responses: &UnboundedSender<AppEvent>,
    file: PathBuf,
    keys: Vec<String>,
    value: ConfigValue,
) {
    let responses = responses.clone();
    let report = move |keys, value, file, result| {
        let _ = responses.send(AppEvent::ConfigValueSaved {
            keys,
            value,
            file,
            result,
        });
    };
    match super::blocking::admit() {
        Ok(place) => place.spawn(move || {
            let result = match toml_value(&value) {
                Some(new) => set_value(&file, &keys, new),
                None => remove_value(&file, &keys),
            };
            report(keys, value, file, result);
        }),
        Err(why) => report(keys, value, file, Err(why)),
    }
}

/// The TOML value to write (`None`: the key is to be taken out).
fn toml_value(value: &ConfigValue) -> Option<toml_edit::Value> {
    Some(match value {
        ConfigValue::Bool(on) => toml_edit::Value::from(*on),
        ConfigValue::Text(text) => toml_edit::Value::from(text.as_str()),
        ConfigValue::List(items) => {
            toml_edit::Value::Array(items.iter().map(String::as_str).collect())
        }
        ConfigValue::Unset => return None,
    })
}

/// The file a symlink chain ends at (the path itself when it is no link or the link is broken).
fn resolve(path: &Path) -> PathBuf {
    let mut at = path.to_path_buf();
    for _ in 0..16 {
        match std::fs::read_link(&at) {
            Ok(next) => {
                at = match at.parent() {
                    Some(dir) if next.is_relative() => dir.join(next),
                    _ => next,
                }
            }
            Err(_) => break,
        }
    }
    at
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_key_is_set_and_the_rest_of_the_file_kept() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("config.toml");
        let text = "# my settings\nmodel = \"m\"   # the usual\n\ntheme = \"dark\"  # was dark\nbell = true\n";
        std::fs::write(&file, text).unwrap();
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o600)).unwrap();
        set_string(&file, "theme", "ansi").unwrap();
        assert_eq!(
            std::fs::read_to_string(&file).unwrap(),
            "# my settings\nmodel = \"m\"   # the usual\n\ntheme = \"ansi\"  # was dark\nbell = true\n"
        );
        let mode = std::fs::metadata(&file).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600, "the file keeps its mode");
    }

    #[test]
    fn a_missing_file_is_created_and_a_symlink_written_through() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("new/tern/config.toml");
        set_string(&file, "theme", "light").unwrap();
        assert_eq!(
            std::fs::read_to_string(&file).unwrap(),
            "theme = \"light\"\n"
        );

        let real = dir.path().join("dotfiles.toml");
        std::fs::write(&real, "bell = true\n").unwrap();
        let link = dir.path().join("link.toml");
        std::os::unix::fs::symlink(&real, &link).unwrap();
        set_string(&link, "theme", "dark").unwrap();
        assert!(std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(
            std::fs::read_to_string(&real).unwrap(),
            "bell = true\ntheme = \"dark\"\n"
        );
    }

    #[test]
    fn a_list_goes_in_a_table_made_for_it_and_comments_stay() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("config.toml");
        let text = "# mine\ntheme = \"dark\"\n\n[keys]\nword_left = \"alt+b\"  # as emacs\n";
        std::fs::write(&file, text).unwrap();
        let keys = |k: &[&str]| k.iter().map(|k| k.to_string()).collect::<Vec<_>>();
        set_value(&file, &keys(&["keys", "word_left"]), "ctrl+b".into()).unwrap();
        set_value(&file, &keys(&["keys", "diff", "next_hunk"]), "n".into()).unwrap();
        let items: toml_edit::Value = ["thread", "folder"]
            .into_iter()
            .collect::<toml_edit::Array>()
            .into();
        set_value(&file, &keys(&["title"]), items).unwrap();
        assert_eq!(
            std::fs::read_to_string(&file).unwrap(),
            "# mine\ntheme = \"dark\"\ntitle = [\"thread\", \"folder\"]\n\n[keys]\nword_left = \"ctrl+b\"  # as emacs\n\n[keys.diff]\nnext_hunk = \"n\"\n"
        );
        // A key that is a value where a table is wanted: refused, the file left alone.
        let err = set_value(&file, &keys(&["theme", "x"]), true.into()).unwrap_err();
        assert!(err.contains("`theme` is not a table"), "{err}");
    }

    #[test]
    fn a_key_rebound_then_reset_keeps_the_comments() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("config.toml");
        let text = "# mine\ntheme = \"dark\"  # dark\n\n[keys]\n# emacs words\nword_left = \"alt+b\"  # as emacs\n\n[keys.diff]\nnext_hunk = \"n\"  # vi-ish\n";
        std::fs::write(&file, text).unwrap();
        let keys = |k: &[&str]| k.iter().map(|k| k.to_string()).collect::<Vec<_>>();
        set_value(&file, &keys(&["keys", "diff", "prev_hunk"]), "N".into()).unwrap();
        assert_eq!(
            std::fs::read_to_string(&file).unwrap(),
            "# mine\ntheme = \"dark\"  # dark\n\n[keys]\n# emacs words\nword_left = \"alt+b\"  # as emacs\n\n[keys.diff]\nnext_hunk = \"n\"  # vi-ish\nprev_hunk = \"N\"\n"
        );
        remove_value(&file, &keys(&["keys", "diff", "prev_hunk"])).unwrap();
        remove_value(&file, &keys(&["keys", "word_left"])).unwrap();
        assert_eq!(
            std::fs::read_to_string(&file).unwrap(),
            "# mine\ntheme = \"dark\"  # dark\n\n[keys]\n\n[keys.diff]\nnext_hunk = \"n\"  # vi-ish\n"
        );
        // Already gone, a table missing, no file: nothing to do, no error.
        remove_value(&file, &keys(&["keys", "word_left"])).unwrap();
        remove_value(&file, &keys(&["keys", "board", "up"])).unwrap();
        remove_value(&dir.path().join("none.toml"), &keys(&["keys", "x"])).unwrap();
        assert!(!dir.path().join("none.toml").exists());
    }

    #[test]
    fn a_broken_file_is_left_alone() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("config.toml");
        std::fs::write(&file, "theme = \n").unwrap();
        let err = set_string(&file, "theme", "dark").unwrap_err();
        assert!(err.starts_with("it does not parse"), "{err}");
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "theme = \n");
    }
}
