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
//! 5. if another process is waiting for the lock, it opened the old file and would append to it
//!    after the rename, into a file no one reads: tern lets it go first and starts over;
//! 6. renames the temporary file over the old one, fsyncs the folder, and only then unlocks.
//!
//! What is left: a process that opens the file in the microseconds between step 5 and the
//! rename, and then waits for the lock, appends to the replaced file. codex's lock protocol
//! (a lock on the file itself, not on a separate lock file) leaves no way to close that.

use crate::model::rules::{self, RemoveError, RulesFileText};
use std::fs::{self, File, Metadata};
use std::io::{self, Read, Write};
use std::os::unix::fs::{MetadataExt, OpenOptionsExt, PermissionsExt};
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
pub fn load_rules(dir: &Path) -> Result<Vec<RulesFileText>, String> {
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
pub fn delete_rule(file: &Path, source: &str, occurrence: usize) -> Result<(), String> {
    delete_rule_with(file, source, occurrence, &mut |_| {})
}

/// [`delete_rule`], calling `before_rename` with the real path once per attempt, after the
/// new text is written and synced and before the checks that precede the rename: where tests
/// make another writer race tern deterministically.
pub fn delete_rule_with(
    file: &Path,
    source: &str,
    occurrence: usize,
    before_rename: &mut dyn FnMut(&Path),
) -> Result<(), String> {
    // A symlinked rules file (dotfiles) stays a symlink: its target is rewritten.
    let real = fs::canonicalize(file).map_err(|e| format!("{}: {e}", file.display()))?;
    for _ in 0..ATTEMPTS {
        match attempt(&real, source, occurrence, before_rename)? {
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
    before_rename: &mut dyn FnMut(&Path),
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

    before_rename(real);

    let unchanged = fs::metadata(real).is_ok_and(|now| same_file(&now, &meta))
        && fs::read(real).is_ok_and(|now| now == before);
    if !unchanged {
        return Ok(Attempt::Changed);
    }
    if lock_waiters(&meta) {
        drop(locked);
        wait_until_no_lock_waiters(&meta);
        return Ok(Attempt::Changed);
    }
    temp.rename_over(real).map_err(|e| io_error("replace", e))?;
    if let Some(dir) = real.parent() {
        // The rename is only durable once the folder is synced; the rule is gone either way.
        if let Err(e) = File::open(dir).and_then(|d| d.sync_all()) {
            tracing::warn!("could not sync {}: {e}", dir.display());
        }
    }
    drop(locked);
    Ok(Attempt::Done)
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
pub fn lock_waiters(meta: &Metadata) -> bool {
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

/// Lets the processes waiting for the lock take it; they hold it for microseconds.
fn wait_until_no_lock_waiters(meta: &Metadata) {
    let deadline = Instant::now() + LOCK_WAIT;
    while lock_waiters(meta) && Instant::now() < deadline {
        std::thread::sleep(POLL);
    }
}

/// A file next to the one it will replace, removed unless renamed over it.
struct TempFile {
    path: PathBuf,
    file: File,
    renamed: std::cell::Cell<bool>,
}

impl TempFile {
    /// Created private, then given `mode` (the replaced file's), so the umask cannot widen or
    /// narrow it. The name does not end in `.rules`: a leftover is never loaded as rules.
    fn create(beside: &Path, mode: u32) -> io::Result<TempFile> {
        let dir = beside.parent().unwrap_or(Path::new("."));
        let name = beside
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        let path = dir.join(format!(".{name}.tern-{}-{nanos}.tmp", std::process::id()));
        let file = fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .mode(0o600)
            .open(&path)?;
        let temp = TempFile {
            path,
            file,
            renamed: std::cell::Cell::new(false),
        };
        temp.file
            .set_permissions(fs::Permissions::from_mode(mode))?;
        Ok(temp)
    }

    fn write(&self, bytes: &[u8]) -> io::Result<()> {
        (&self.file).write_all(bytes)?;
        self.file.sync_all()
    }

    fn rename_over(&self, target: &Path) -> io::Result<()> {
        fs::rename(&self.path, target)?;
        self.renamed.set(true);
        Ok(())
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        if !self.renamed.get() {
            let _ = fs::remove_file(&self.path);
        }
    }
}

#[cfg(test)]
#[path = "rules_file_tests.rs"]
mod tests;
