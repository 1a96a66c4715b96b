//! Ctrl+G: the draft in `$VISUAL`/`$EDITOR` (else `vi`). The screen is suspended (main screen,
//! cooked mode) while the editor runs and restored after; the loop is blocked meanwhile. The
//! loop first replaces its crossterm input stream: the old one's thread sits blocked reading
//! the terminal and would take the keys typed into the editor (`wait_for_input_reader`).

use super::event_loop::SyncedBackend;
use ratatui::Terminal;
use std::io::Write;
use std::os::unix::fs::OpenOptionsExt;
use std::path::PathBuf;
use std::process::Command;

/// The draft to edit, if the app asked for the editor.
pub fn wanted(effects: &[crate::app::Effect]) -> Option<String> {
    effects.iter().find_map(|effect| match effect {
        crate::app::Effect::EditInEditor { draft } => Some(draft.clone()),
        _ => None,
    })
}

/// Returns once no crossterm stream thread is reading the terminal. Dropping an `EventStream`
/// wakes its thread out of its blocking read, which holds crossterm's reader lock; polling
/// takes that lock, so it waits for the thread to let go. Anything already typed stays queued
/// in crossterm for after the editor.
pub fn wait_for_input_reader() {
    let _ = crossterm::event::poll(std::time::Duration::ZERO);
}

/// Which editor: `$VISUAL`, then `$EDITOR`, then `vi`. It may carry arguments (`code -w`).
pub fn editor_command() -> String {
    ["VISUAL", "EDITOR"]
        .iter()
        .filter_map(|name| std::env::var(name).ok())
        .find(|value| !value.trim().is_empty())
        .unwrap_or_else(|| "vi".to_string())
}

/// Suspends the screen, edits `draft`, restores the screen (and redraws it whole).
pub fn edit_suspended<B: SyncedBackend>(
    terminal: &mut Terminal<B>,
    draft: &str,
) -> Result<String, String> {
    terminal.backend_mut().suspend();
    let result = edit(&editor_command(), draft);
    terminal.backend_mut().resume();
    let _ = terminal.clear();
    result
}

/// Runs `editor` on a private temporary file holding `draft`; its text afterwards.
pub fn edit(editor: &str, draft: &str) -> Result<String, String> {
    let path = temp_path();
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
    let result = match status {
        Ok(status) if status.success() => std::fs::read(&path)
            .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
            .map_err(|e| format!("could not read {}: {e}", path.display())),
        Ok(status) => Err(format!("`{editor}` exited with {status}")),
        Err(e) => Err(format!("could not run `{editor}`: {e}")),
    };
    let _ = std::fs::remove_file(&path);
    result
}

fn temp_path() -> PathBuf {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.subsec_nanos())
        .unwrap_or(0);
    std::env::temp_dir().join(format!("tern-draft-{}-{nanos}.md", std::process::id()))
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
}
