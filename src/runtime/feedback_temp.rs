//! `/feedback`'s private temp folders, known for the life of the process: the report's folder
//! holds codex's unredacted ZIP, so it must not outlive tern even when tern quits with the view
//! open (the session's own cleanup runs only when the view closes). Every folder made is
//! listed here; [`LeftBehind`], held by the event loop, deletes whatever is still listed when
//! the loop ends, however it ends (a return, an error, a panic unwinding). One tern process
//! runs one loop, so a process-wide list is the loop's list.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The temp folders' name prefix: only such folders are ever deleted.
pub(crate) const PREFIX: &str = "tern-feedback-";

/// Folders made and not yet deleted, and how many loops run (tests run several in one
/// process): when the last one ends its folders go, and `ended` has a folder a blocking task
/// makes after that deleted at once instead of left behind.
#[derive(Default)]
struct Made {
    folders: Vec<PathBuf>,
    loops: usize,
    ended: bool,
}

impl Made {
    fn make_in(&mut self, base: &Path) -> std::io::Result<PathBuf> {
        use std::os::unix::fs::DirBuilderExt;
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        if self.ended {
            return Err(std::io::Error::other("tern is quitting"));
        }
        let dir = base.join(format!("{PREFIX}{}-{nanos}", std::process::id()));
        fs::DirBuilder::new().mode(0o700).create(&dir)?;
        self.folders.push(dir.clone());
        Ok(dir)
    }

    fn loop_started(&mut self) {
        self.loops += 1;
        self.ended = false;
    }

    fn loop_ended(&mut self) {
        self.loops = self.loops.saturating_sub(1);
        if self.loops == 0 {
            self.ended = true;
            for folder in self.folders.drain(..) {
                let _ = fs::remove_dir_all(folder);
            }
        }
    }
}

static MADE: Mutex<Made> = Mutex::new(Made {
    folders: Vec::new(),
    loops: 0,
    ended: false,
});

fn made() -> std::sync::MutexGuard<'static, Made> {
    MADE.lock().unwrap_or_else(|p| p.into_inner())
}

/// A new folder (0700) under the temp dir, named for this process and the moment; one that
/// exists already (a clash or a planted one) is an error, never reused. Made under the lock, so
/// the loop's end cannot slip between making and listing.
pub(crate) fn make() -> std::io::Result<PathBuf> {
    made().make_in(&std::env::temp_dir())
}

/// The temp folder deleted: only one of tern's own (under the temp dir, named so).
pub(crate) fn remove(dir: &str) {
    let path = Path::new(dir);
    let ours = path.parent() == Some(std::env::temp_dir().as_path())
        && path
            .file_name()
            .is_some_and(|n| n.to_string_lossy().starts_with(PREFIX));
    if ours {
        let _ = fs::remove_dir_all(path);
        made().folders.retain(|f| f != path);
    }
}

/// Held by the event loop: dropped, it deletes every report folder still there.
pub(crate) struct LeftBehind(());

impl LeftBehind {
    pub(crate) fn new() -> Self {
        made().loop_started();
        LeftBehind(())
    }
}

impl Drop for LeftBehind {
    fn drop(&mut self) {
        made().loop_ended();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_loop_ending_deletes_every_folder_left_and_any_made_after() {
        let base = tempfile::tempdir().unwrap();
        let mut made = Made::default();
        made.loop_started();
        made.loop_started();
        let left = made.make_in(base.path()).unwrap();
        fs::write(left.join("codex-feedback.zip"), "secret").unwrap();
        made.loop_ended();
        assert!(left.exists(), "another loop still runs");
        made.loop_ended();
        assert!(!left.exists(), "left behind: {}", left.display());
        assert!(
            made.make_in(base.path()).is_err(),
            "none made after the end"
        );
        made.loop_started();
        assert!(made.make_in(base.path()).unwrap().exists());
    }
}
