//! Writing one setting into tern's config file (`/theme`'s choice) the way a person would: the
//! key set (or added), every comment, key and blank line of the file kept as it was
//! (`toml_edit`), the file replaced atomically (`atomic_file`), its mode kept. A config file
//! that is a symlink (a dotfiles repository) is written where it points, so the link stays.

use super::atomic_file::write_atomic;
use crate::text::sanitize::sanitize_line;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

/// A config file larger than this is not rewritten (it is not one a person wrote).
const MAX_BYTES: u64 = 1024 * 1024;

/// Sets `key = "value"` at the top of the TOML file `path` (created, with its folder, if
/// missing).
pub(crate) fn set_string(path: &Path, key: &str, value: &str) -> Result<(), String> {
    let target = resolve(path);
    let (text, mode) = match std::fs::metadata(&target) {
        Ok(meta) if meta.len() > MAX_BYTES => {
            return Err(format!("larger than {} KB", MAX_BYTES / 1024))
        }
        Ok(meta) => (
            std::fs::read_to_string(&target).map_err(|e| e.to_string())?,
            meta.permissions().mode() & 0o7777,
        ),
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
    let decor = document
        .get(key)
        .and_then(|item| item.as_value())
        .map(|v| v.decor().clone());
    let mut new_value = toml_edit::Value::from(value);
    if let Some(decor) = decor {
        // A comment after the old value stays after the new one.
        *new_value.decor_mut() = decor;
    }
    document[key] = toml_edit::Item::Value(new_value);
    if let Some(dir) = target.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    write_atomic(&target, document.to_string().as_bytes(), mode).map_err(|e| e.to_string())
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
    fn a_broken_file_is_left_alone() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("config.toml");
        std::fs::write(&file, "theme = \n").unwrap();
        let err = set_string(&file, "theme", "dark").unwrap_err();
        assert!(err.starts_with("it does not parse"), "{err}");
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "theme = \n");
    }
}
