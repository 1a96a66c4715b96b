//! Reading the exec-policy rules folder and deleting one rule from a file in it.
//!
//! codex appends a rule (`acceptWithExecpolicyAmendment`) by opening the file with `O_APPEND`,
//! taking `flock(LOCK_EX)` on it, making sure it ends with a line break and writing one line
//! (seen with strace on codex 0.169.0). A deletion must lose none of those appends, and readers
//! (a thread starting) must never see a half-written file. So tern:
//!
//! 1. opens the file and takes the same lock, so no append lands while it works;
//! 2. reads it, removes the rule's lines (`model::rules::remove`, every other byte kept);
//! 3. writes the result to a temporary file in the same folder, with the file's own mode, and
//!    fsyncs it;
//! 4. just before the rename, reads the file again: if it is not the same file with the same
//!    bytes (a writer that does not lock), starts over from 1;
//! 5. if another process is waiting for the lock, it opened this file and would append to it
//!    after the rename, into a file no one reads: tern lets it write first and starts over;
//! 6. renames the temporary file over the old one and fsyncs the folder;
//! 7. if a process is now waiting for the old file's lock (it opened the file just before the
//!    rename), lets it append there and carries what it wrote over to the new file.
//!
//! What is left: a process that opened the file before the rename and had not yet asked for the
//! lock at step 7 (one system call apart in codex) appends to the replaced file. With codex's
//! protocol (a lock on the file itself, no check that the path still names it) that window can
//! only be narrowed, not closed. Waiters are seen in Linux's `/proc/locks`; elsewhere only the
//! re-read of step 4 guards.

use super::atomic_file::TempFile;
use crate::model::rules::{self, RemoveError, RulesFileText};
use std::fs::{self, File, Metadata};
use std::io::{self, Read, Write};
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::os::unix::io::AsRawFd;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Rules files bigger than this are not read: tern shows rules, not arbitrary data.
const MAX_FILE_BYTES: u64 = 1 << 20;
/// Rounds of read, rewrite and check before giving up on a file that keeps changing.
const ATTEMPTS: usize = 5;
/// How long to wait for codex (which holds its lock for microseconds) to let go.
const LOCK_WAIT: Duration = Duration::from_secs(3);
const POLL: Duration = Duration::from_millis(2);

/// Every `*.rules` file in `dir`, by name. A missing folder has no rules; a file that cannot be
/// read is listed with why.
pub(crate) fn load_rules(dir: &Path) -> Result<Vec<RulesFileText>, String> {
    let listing = match fs::read_dir(dir) {
        Ok(listing) => listing,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(format!("Could not read {}: {e}", dir.display())),
    };
    let mut paths: Vec<PathBuf> = listing
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "rules"))
        .filter(|path| fs::metadata(path).is_ok_and(|m| m.is_file()))
        .collect();
    paths.sort();
    Ok(paths
        .into_iter()
        .map(|path| RulesFileText {
            text: read_text(&path),
            path,
        })
        .collect())
}

fn read_text(path: &Path) -> Result<String, String> {
    let size = fs::metadata(path).map_err(|e| e.to_string())?.len();
    if size > MAX_FILE_BYTES {
        return Err(format!("{size} bytes: too large to be a rules file"));
    }
    let bytes = fs::read(path).map_err(|e| e.to_string())?;
    String::from_utf8(bytes).map_err(|_| "not UTF-8 text".to_string())
}

/// Deletes the `occurrence`-th rule whose text is `source` from `file` (see the module's
/// steps).
pub(crate) fn delete_rule(file: &Path, source: &str, occurrence: usize) -> Result<(), String> {
    delete_rule_with(file, source, occurrence, &mut |_, _| {})
}

/// Points in a deletion where tests make another writer race tern deterministically.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Stage {
    /// The new text is written and synced next to the file; the checks before the rename
    /// come next.
    BeforeRename,
    /// The new file is in place; the old one is still open and locked.
    AfterRename,
}

/// [`delete_rule`], calling `hook` with each [`Stage`] and the real path, once per attempt.
pub(crate) fn delete_rule_with(
    file: &Path,
    source: &str,
    occurrence: usize,
    hook: &mut dyn FnMut(Stage, &Path),
) -> Result<(), String> {
    // A symlinked rules file (dotfiles) stays a symlink: its target is rewritten.
    let real = fs::canonicalize(file).map_err(|e| format!("{}: {e}", file.display()))?;
    for _ in 0..ATTEMPTS {
        match attempt(&real, source, occurrence, hook)? {
            Attempt::Done => return Ok(()),
            Attempt::Changed => continue,
        }
    }
    Err(format!(
        "{} kept changing while tern rewrote it; nothing was deleted. Try again.",
        real.display()
    ))
}

enum Attempt {
    Done,
    /// The file changed or someone waits for it: start over.
    Changed,
}

fn attempt(
    real: &Path,
    source: &str,
    occurrence: usize,
    hook: &mut dyn FnMut(Stage, &Path),
) -> Result<Attempt, String> {
    let shown = real.display();
    let io_error = |what: &str, e: io::Error| format!("Could not {what} {shown}: {e}");
    let locked = File::open(real).map_err(|e| io_error("open", e))?;
    lock_exclusive(&locked).map_err(|e| io_error("lock", e))?;
    let meta = locked.metadata().map_err(|e| io_error("read", e))?;
    if !same_file(&fs::metadata(real).map_err(|e| io_error("read", e))?, &meta) {
        return Ok(Attempt::Changed);
    }
    let mut before = Vec::new();
    (&locked)
        .read_to_end(&mut before)
        .map_err(|e| io_error("read", e))?;
    let text = std::str::from_utf8(&before).map_err(|_| format!("{shown} is not UTF-8 text"))?;
    let after = rules::remove(text, source, occurrence).map_err(|e| match e {
        RemoveError::NotFound => format!("That rule is no longer in {shown}."),
        RemoveError::SharesLine => {
            format!("That rule shares its line with other code in {shown}; edit the file by hand.")
        }
    })?;
    let temp = TempFile::create(real, meta.permissions().mode() & 0o7777)
        .map_err(|e| io_error("write next to", e))?;
    temp.write(after.as_bytes())
        .map_err(|e| io_error("write next to", e))?;

    hook(Stage::BeforeRename, real);

    if !unchanged(real, &meta, &before) {
        return Ok(Attempt::Changed);
    }
    if lock_waiters(&meta) {
        // They opened this file and append to it once they have the lock: let them, and
        // start over with what they wrote.
        unlock(&locked);
        wait_for_change(real, &meta, &before);
        return Ok(Attempt::Changed);
    }
    temp.rename_over(real).map_err(|e| io_error("replace", e))?;

    hook(Stage::AfterRename, real);

    if lock_waiters(&meta) {
        // Opened the old file just before the rename: what it appends there is carried over.
        unlock(&locked);
        let appended = appended_to(&locked, before.len());
        if !appended.is_empty() {
            append_lines(real, &appended).map_err(|e| io_error("append to", e))?;
        }
    }
    Ok(Attempt::Done)
}

/// Whether `real` is still the file of `meta`, holding `before`.
fn unchanged(real: &Path, meta: &Metadata, before: &[u8]) -> bool {
    fs::metadata(real).is_ok_and(|now| same_file(&now, meta))
        && fs::read(real).is_ok_and(|now| now == before)
}

/// Waits (at most [`LOCK_WAIT`]) until the processes waiting for the lock have written.
fn wait_for_change(real: &Path, meta: &Metadata, before: &[u8]) {
    let deadline = Instant::now() + LOCK_WAIT;
    while unchanged(real, meta, before) && Instant::now() < deadline {
        std::thread::sleep(POLL);
    }
}

/// What was appended to the (replaced) file after its first `len` bytes, once the appender
/// is done: it grows, then its writer lets go of the lock.
fn appended_to(old: &File, len: usize) -> Vec<u8> {
    let deadline = Instant::now() + LOCK_WAIT;
    while old.metadata().is_ok_and(|m| m.len() as usize <= len) && Instant::now() < deadline {
        std::thread::sleep(POLL);
    }
    if lock_exclusive(old).is_err() {
        tracing::warn!("a rule appended to the replaced rules file may be lost: it stayed locked");
    }
    let mut all = Vec::new();
    let mut reader = old;
    let _ = io::Seek::seek(&mut reader, io::SeekFrom::Start(0));
    let _ = reader.read_to_end(&mut all);
    all.split_off(len.min(all.len()))
}

/// Appends `text` as codex does: under the lock, on a line of its own.
fn append_lines(path: &Path, text: &[u8]) -> io::Result<()> {
    let text = text.strip_prefix(b"\n").unwrap_or(text);
    let mut file = fs::OpenOptions::new().read(true).append(true).open(path)?;
    lock_exclusive(&file)?;
    let mut current = Vec::new();
    (&file).read_to_end(&mut current)?;
    if !current.is_empty() && !current.ends_with(b"\n") {
        file.write_all(b"\n")?;
    }
    file.write_all(text)?;
    file.sync_all()
}

fn unlock(file: &File) {
    // SAFETY: flock on a file descriptor this `File` owns and keeps open.
    unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_UN) };
}

fn same_file(a: &Metadata, b: &Metadata) -> bool {
    a.dev() == b.dev() && a.ino() == b.ino()
}

/// `flock(LOCK_EX)`, the lock codex takes to append, waiting at most [`LOCK_WAIT`].
fn lock_exclusive(file: &File) -> io::Result<()> {
    let deadline = Instant::now() + LOCK_WAIT;
    loop {
        // SAFETY: flock on a file descriptor this `File` owns and keeps open.
        if unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) } == 0 {
            return Ok(());
        }
        let error = io::Error::last_os_error();
        if error.kind() != io::ErrorKind::WouldBlock {
            return Err(error);
        }
        if Instant::now() >= deadline {
            return Err(io::Error::new(
                io::ErrorKind::WouldBlock,
                "another program keeps it locked",
            ));
        }
        std::thread::sleep(POLL);
    }
}

/// Whether some process waits for a `flock` on this file (Linux lists waiters in
/// `/proc/locks` as `N: -> FLOCK  ADVISORY  WRITE pid MAJ:MIN:INODE 0 EOF`).
pub(crate) fn lock_waiters(meta: &Metadata) -> bool {
    let Ok(locks) = fs::read_to_string("/proc/locks") else {
        return false;
    };
    let (major, minor) = dev_parts(meta.dev());
    locks.lines().any(|line| {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let is_waiter = fields.get(1) == Some(&"->") && fields.get(2) == Some(&"FLOCK");
        is_waiter
            && fields.get(6).is_some_and(|id| {
                let mut parts = id.split(':');
                let number = |hex: Option<&str>| hex.and_then(|h| u64::from_str_radix(h, 16).ok());
                number(parts.next()) == Some(major)
                    && number(parts.next()) == Some(minor)
                    && parts.next().and_then(|i| i.parse().ok()) == Some(meta.ino())
            })
    })
}

/// The major and minor numbers of a Linux device number.
fn dev_parts(dev: u64) -> (u64, u64) {
    let major = ((dev >> 8) & 0xfff) | ((dev >> 32) & !0xfff);
    let minor = (dev & 0xff) | ((dev >> 12) & !0xff);
    (major, minor)
}

#[cfg(test)]
#[path = "rules_file_tests.rs"]
mod tests;
