//! What each turn did to files, kept on disk for rewinds (`model::rewind::TurnRecord`), under
//! `turns/` in tern's data folder (`~/.local/share/tern/turns` on Linux; `$TERN_TURN_STORE`
//! names another folder, and an empty value keeps none). One folder per thread, one JSON file
//! per turn, private (0700/0600: diffs hold code).
//!
//! Bounded: a record over [`MAX_RECORD_BYTES`] is not kept, a thread keeps its last
//! [`KEPT_PER_THREAD`] turns, and the store its [`MAX_THREADS`] most recently written threads;
//! the rewind screen says how far back files can be restored.

use crate::app::SessionConfig;
use crate::model::rewind::TurnRecord;
use std::fs;
use std::io;
use std::os::unix::fs::DirBuilderExt;
use std::path::{Path, PathBuf};

/// Turns kept per thread.
pub(crate) const KEPT_PER_THREAD: usize = 50;
/// Threads kept.
pub(crate) const MAX_THREADS: usize = 200;
/// A turn's record larger than this is not kept (its files cannot be put back).
pub(crate) const MAX_RECORD_BYTES: usize = 4 << 20;

/// `$TERN_TURN_STORE` (empty: none), else `turns` in the platform data folder.
pub(crate) fn default_path() -> Option<PathBuf> {
    match std::env::var_os("TERN_TURN_STORE") {
        Some(path) if path.is_empty() => None,
        Some(path) => Some(PathBuf::from(path)),
        None => {
            directories::ProjectDirs::from("", "", "tern").map(|dirs| dirs.data_dir().join("turns"))
        }
    }
}

/// The session's config with the store named.
pub fn with_store(mut config: SessionConfig) -> SessionConfig {
    config.turn_store = default_path();
    config
}

/// A file or folder name for an id from the server: plain ids as they are, anything else
/// hex-encoded, so no id can name a path outside the store.
fn name_for(id: &str) -> String {
    let plain = !id.is_empty()
        && id.len() <= 80
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if plain {
        id.to_string()
    } else {
        let hex: String = id.bytes().take(60).map(|b| format!("{b:02x}")).collect();
        format!("x{hex}")
    }
}

fn private_dir(path: &Path) -> io::Result<()> {
    fs::DirBuilder::new()
        .recursive(true)
        .mode(0o700)
        .create(path)
}

/// Keeps `record` (replacing an earlier record of the same turn), then prunes.
pub(crate) fn save(store: &Path, record: &TurnRecord) -> io::Result<()> {
    let json = serde_json::to_vec(record).map_err(io::Error::other)?;
    if json.len() > MAX_RECORD_BYTES {
        return Err(io::Error::other(format!(
            "turn {} changed more than {} MB: not kept",
            record.turn_id,
            MAX_RECORD_BYTES >> 20
        )));
    }
    let dir = store.join(name_for(&record.thread_id));
    private_dir(&dir)?;
    let turn = name_for(&record.turn_id);
    let existing = records_in(&dir)?
        .into_iter()
        .find(|(_, name)| name.ends_with(&format!("-{turn}.json")));
    let path = match existing {
        Some((path, _)) => path,
        None => {
            let stamp = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_micros());
            dir.join(format!("{stamp:020}-{turn}.json"))
        }
    };
    super::atomic_file::write_atomic(&path, &json, super::atomic_file::PRIVATE)?;
    prune_thread(&dir)?;
    prune_store(store)
}

/// The records in a thread's folder, oldest first (their names start with when they were made).
fn records_in(dir: &Path) -> io::Result<Vec<(PathBuf, String)>> {
    let mut found: Vec<(PathBuf, String)> = match fs::read_dir(dir) {
        Ok(entries) => entries
            .filter_map(Result::ok)
            .filter_map(|e| {
                let name = e.file_name().to_string_lossy().into_owned();
                (name.ends_with(".json") && !name.starts_with('.')).then(|| (e.path(), name))
            })
            .collect(),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Vec::new(),
        Err(e) => return Err(e),
    };
    found.sort_by(|a, b| a.1.cmp(&b.1));
    Ok(found)
}

fn prune_thread(dir: &Path) -> io::Result<()> {
    let records = records_in(dir)?;
    let extra = records.len().saturating_sub(KEPT_PER_THREAD);
    for (path, _) in records.into_iter().take(extra) {
        let _ = fs::remove_file(path);
    }
    Ok(())
}

/// Keeps the [`MAX_THREADS`] most recently written threads.
fn prune_store(store: &Path) -> io::Result<()> {
    let mut threads: Vec<(std::time::SystemTime, PathBuf)> = fs::read_dir(store)?
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
        .map(|e| {
            let when = e
                .metadata()
                .and_then(|m| m.modified())
                .unwrap_or(std::time::UNIX_EPOCH);
            (when, e.path())
        })
        .collect();
    if threads.len() <= MAX_THREADS {
        return Ok(());
    }
    threads.sort();
    let extra = threads.len() - MAX_THREADS;
    for (_, path) in threads.into_iter().take(extra) {
        let _ = fs::remove_dir_all(path);
    }
    Ok(())
}

/// The records of `turns` of `thread_id` that are kept, in the order asked; and how many of
/// them are not.
pub fn load(store: &Path, thread_id: &str, turns: &[String]) -> (Vec<TurnRecord>, usize) {
    let dir = store.join(name_for(thread_id));
    let records = records_in(&dir).unwrap_or_default();
    let mut found = Vec::new();
    let mut missing = 0;
    for turn in turns {
        let suffix = format!("-{}.json", name_for(turn));
        let record = records
            .iter()
            .find(|(_, name)| name.ends_with(&suffix))
            .and_then(|(path, _)| read_record(path));
        match record {
            Some(record) if record.thread_id == thread_id && record.turn_id == *turn => {
                found.push(record)
            }
            _ => missing += 1,
        }
    }
    (found, missing)
}

fn read_record(path: &Path) -> Option<TurnRecord> {
    let bytes =
        super::regular_file::read_capped(path.to_str()?, MAX_RECORD_BYTES as u64, true).ok()?;
    serde_json::from_slice(&bytes).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    /// Whether the store's folder is private.
    fn is_private(path: &Path) -> bool {
        fs::metadata(path).is_ok_and(|m| m.permissions().mode() & 0o077 == 0)
    }

    fn record(thread: &str, turn: &str) -> TurnRecord {
        TurnRecord {
            thread_id: thread.into(),
            turn_id: turn.into(),
            cwd: "/w".into(),
            diff: format!("diff for {turn}"),
            paths: vec![],
        }
    }

    #[test]
    fn records_are_kept_found_and_bounded() {
        let store = tempfile::tempdir().unwrap();
        for i in 0..KEPT_PER_THREAD + 3 {
            save(store.path(), &record("t1", &format!("turn-{i}"))).unwrap();
        }
        let turns: Vec<String> = (0..KEPT_PER_THREAD + 3)
            .map(|i| format!("turn-{i}"))
            .collect();
        let (found, missing) = load(store.path(), "t1", &turns);
        assert_eq!(missing, 3, "the oldest turns were dropped");
        assert_eq!(found.len(), KEPT_PER_THREAD);
        assert_eq!(found[0].turn_id, "turn-3");
        assert!(is_private(&store.path().join("t1")));
        // A record saved again replaces the one before.
        let mut again = record("t1", "turn-10");
        again.diff = "newer".into();
        save(store.path(), &again).unwrap();
        let (found, _) = load(store.path(), "t1", &["turn-10".to_string()]);
        assert_eq!(found[0].diff, "newer");
    }

    #[test]
    fn hostile_ids_never_leave_the_store() {
        let store = tempfile::tempdir().unwrap();
        let evil = record("../../etc", "../passwd");
        save(store.path(), &evil).unwrap();
        let (found, missing) = load(store.path(), "../../etc", &["../passwd".to_string()]);
        assert_eq!((found.len(), missing), (1, 0));
        let names: Vec<String> = fs::read_dir(store.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert!(names.iter().all(|n| n.starts_with('x')), "{names:?}");
    }

    #[test]
    fn a_huge_record_is_refused() {
        let store = tempfile::tempdir().unwrap();
        let mut big = record("t", "u");
        big.diff = "x".repeat(MAX_RECORD_BYTES + 1);
        assert!(save(store.path(), &big).is_err());
    }
}
