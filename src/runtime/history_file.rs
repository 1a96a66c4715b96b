//! The prompt history file: one JSON string per line, appended with a single `write` on a file
//! opened with O_APPEND, so two tern processes appending at once interleave whole lines. Read
//! once at startup, from its end (at most `MAX_READ` bytes), skipping any line that does not
//! parse (a torn last line, garbage). The file is private (0600): it holds prompts.

use super::private_file::{open_private, Access};
use crate::app::SessionConfig;
use crate::controls::prompt_history::MAX_ENTRIES;
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};

/// The most of the file's end read at startup.
pub(crate) const MAX_READ: u64 = 4 * 1024 * 1024;

/// `$TERN_HISTORY_FILE` (empty: no history file), else `history.jsonl` in the platform data
/// folder (`~/.local/share/tern` on Linux).
pub(crate) fn default_path() -> Option<PathBuf> {
    match std::env::var_os("TERN_HISTORY_FILE") {
        Some(path) if path.is_empty() => None,
        Some(path) => Some(PathBuf::from(path)),
        None => directories::ProjectDirs::from("", "", "tern")
            .map(|dirs| dirs.data_dir().join("history.jsonl")),
    }
}

/// `config` with the history file named and its entries read, and what to tell the person
/// when the file cannot be used (a link, a FIFO …: the session then keeps no history file).
pub fn with_history(mut config: SessionConfig) -> (SessionConfig, Option<String>) {
    config.history_file = default_path();
    let mut notice = None;
    if let Some(path) = &config.history_file {
        config.prompt_history = match load(path) {
            Ok(entries) => entries,
            Err(e) if e.kind() == io::ErrorKind::NotFound => Vec::new(),
            Err(e) => {
                tracing::warn!("could not read the history file {}: {e}", path.display());
                notice = Some(format!(
                    "The prompt history is not kept this session: {e}. ($TERN_HISTORY_FILE names \
                     another file.)"
                ));
                Vec::new()
            }
        };
    }
    if notice.is_some() {
        config.history_file = None;
    }
    (config, notice)
}

/// The newest entries of the file, oldest first.
pub fn load(path: &Path) -> io::Result<Vec<String>> {
    let mut file = open_private(path, Access::Read)?;
    let len = file.metadata()?.len();
    let start = len.saturating_sub(MAX_READ);
    file.seek(SeekFrom::Start(start))?;
    let mut bytes = Vec::new();
    file.take(MAX_READ).read_to_end(&mut bytes)?;
    let mut lines = bytes.split(|b| *b == b'\n');
    if start > 0 {
        // Read from the middle of a line.
        lines.next();
    }
    let mut entries: Vec<String> = lines
        .filter(|line| !line.is_empty())
        .filter_map(|line| serde_json::from_slice::<String>(line).ok())
        .collect();
    if entries.len() > MAX_ENTRIES {
        entries.drain(..entries.len() - MAX_ENTRIES);
    }
    Ok(entries)
}

/// Appends one entry as one line, in one `write`.
pub fn append(path: &Path, entry: &str) -> io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let mut file = open_private(path, Access::Append)?;
    let metadata = file.metadata()?;
    let mut line = serde_json::to_string(entry).map_err(io::Error::other)?;
    line.push('\n');
    // A line torn by a crash is ended first, so this entry is not glued to it. (Racing another
    // writer this can add a blank line, which `load` skips; it never splits an entry.)
    let mut last = [0u8];
    if metadata.len() > 0 && file.read_at(&mut last, metadata.len() - 1)? == 1 && last[0] != b'\n' {
        line.insert(0, '\n');
    }
    let written = file.write(line.as_bytes())?;
    if written != line.len() {
        return Err(io::Error::new(
            io::ErrorKind::WriteZero,
            format!("wrote {written} of {} bytes", line.len()),
        ));
    }
    Ok(())
}
