//! Ctrl+G: the draft in `$VISUAL`/`$EDITOR` (else `vi`). The screen is suspended (main screen,
//! cooked mode) while the editor runs and restored after; the loop is blocked meanwhile. The
//! loop first replaces its crossterm input stream: the old one's thread sits blocked reading
//! the terminal and would take the keys typed into the editor (see `input::Input::renew`).

use super::backend::SyncedBackend;
use ratatui::Terminal;
use std::io::Write;
use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt};
use std::path::PathBuf;
use std::process::Command;

/// Which editor: `$VISUAL`, then `$EDITOR`, then `vi`. It may carry arguments (`code -w`).
pub(crate) fn editor_command() -> String {
    ["VISUAL", "EDITOR"]
        .iter()
        .filter_map(|name| std::env::var(name).ok())
        .find(|value| !value.trim().is_empty())
        .unwrap_or_else(|| "vi".to_string())
}

/// Suspends the screen, edits `draft`, restores the screen (and redraws it whole).
pub(crate) fn edit_suspended<B: SyncedBackend>(
    terminal: &mut Terminal<B>,
    draft: &str,
) -> Result<String, String> {
    terminal.backend_mut().suspend();
    let result = edit(&editor_command(), draft);
    terminal.backend_mut().resume();
    let _ = super::terminal::clear_all(terminal);
    result
}

/// Runs `editor` on a private temporary file holding `draft`; its text afterwards.
pub(crate) fn edit(editor: &str, draft: &str) -> Result<String, String> {
    let dir = PrivateDir::create()?;
    let path = dir.0.join("draft.md");
    let written = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(&path)
        .and_then(|mut file| file.write_all(draft.as_bytes()));
    if let Err(e) = written {
        return Err(format!("could not write {}: {e}", path.display()));
    }
    // Through the shell, as git does, so `$EDITOR` may hold arguments.
    let status = Command::new("sh")
        .arg("-c")
        .arg(format!("{editor} \"$1\""))
        .arg("sh")
        .arg(&path)
        .status();
    match status {
        Ok(status) if status.success() => std::fs::read(&path)
            .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
            .map_err(|e| format!("could not read {}: {e}", path.display())),
        Ok(status) => Err(format!("`{editor}` exited with {status}")),
        Err(e) => Err(format!("could not run `{editor}`: {e}")),
    }
}

/// A directory only this user can enter (0700), made new under the temporary folder, and
/// removed with what is in it when dropped, whichever way `edit` returns. The draft lives in
/// it rather than in the shared folder itself: there another user could swap in a file or a
/// symlink of theirs while an editor that saves by deleting and re-creating has it away, and
/// tern would read their text back as the draft. `mkdir` does not follow a symlink, and a name
/// someone made first is skipped for another.
struct PrivateDir(PathBuf);

impl PrivateDir {
    fn create() -> Result<Self, String> {
        let base = std::env::temp_dir();
        let mut last = None;
        for attempt in 0..16u32 {
            let nanos = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.subsec_nanos())
                .unwrap_or(0);
            let dir = base.join(format!(
                "tern-draft-{}-{nanos:x}{attempt}",
                std::process::id()
            ));
            match std::fs::DirBuilder::new().mode(0o700).create(&dir) {
                Ok(()) => return Ok(PrivateDir(dir)),
                Err(e) => last = Some(e),
            }
        }
        Err(format!(
            "could not make a private folder in {}: {}",
            base.display(),
            last.map(|e| e.to_string()).unwrap_or_default()
        ))
    }
}

impl Drop for PrivateDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_editor_text_comes_back_and_failures_say_why() {
        assert_eq!(
            edit("sh -c 'printf edited > \"$1\"' sh", "draft").as_deref(),
            Ok("edited")
        );
        assert_eq!(edit("true", "kept").as_deref(), Ok("kept"));
        let failed = edit("false", "x").unwrap_err();
        assert!(failed.contains("exited with"), "{failed}");
    }

    /// The draft sits alone in a folder of its own that only this user can enter, and the
    /// folder is gone afterwards whether the editor succeeded, failed or left files behind.
    #[test]
    fn the_draft_is_in_a_private_folder_removed_on_every_path() {
        let seen = tempfile::tempdir().unwrap();
        let log = seen.path().join("paths");
        let log = log.to_str().unwrap();
        for (editor, ok) in [
            (format!("sh -c 'echo \"$1\" >> {log}' sh"), true),
            (
                format!("sh -c 'echo \"$1\" >> {log}; touch \"$1.swp\"; exit 3' sh"),
                false,
            ),
            (format!("sh -c 'echo \"$1\" >> {log}; rm \"$1\"' sh"), false),
        ] {
            assert_eq!(edit(&editor, "secret draft").is_ok(), ok, "{editor}");
        }
        let paths = std::fs::read_to_string(log).unwrap();
        let paths: Vec<&str> = paths.lines().collect();
        assert_eq!(paths.len(), 3);
        for path in paths {
            let dir = std::path::Path::new(path).parent().unwrap();
            assert_ne!(dir, std::env::temp_dir(), "not in the shared folder itself");
            assert!(!dir.exists(), "{} left behind", dir.display());
        }
        // While the editor runs: the folder is 0700 and the file 0600.
        let modes = edit(
            "sh -c 'stat -c %a \"$(dirname \"$1\")\" \"$1\" > \"$1\"' sh",
            "x",
        )
        .unwrap();
        assert_eq!(modes.split_whitespace().collect::<Vec<_>>(), ["700", "600"]);
    }
}
