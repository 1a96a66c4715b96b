//! Every whole-file write tern makes goes through here, so a crash or a full disk never leaves
//! a half-written file: the bytes go to a temporary file in the same folder, are fsynced, and
//! the temporary file is renamed over the target (atomic on one filesystem), then the folder
//! is fsynced so the rename itself survives a power cut. Appends (the log, the prompt history)
//! are single writes to a file opened with `O_APPEND` instead, see [`open_private_append`].

use std::fs::{self, File};
use std::io::{self, Write};
use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};

/// Files that hold prompts, rules or logs: readable by their owner only.
pub(crate) const PRIVATE: u32 = 0o600;

/// Replaces `path` with `bytes` atomically, the new file having `mode` (e.g. [`PRIVATE`]).
pub(crate) fn write_atomic(path: &Path, bytes: &[u8], mode: u32) -> io::Result<()> {
    let temp = TempFile::create(path, mode)?;
    temp.write(bytes)?;
    temp.rename_over(path)
}

/// Opens `path` for appending, creating it private; an existing file of tern's own is made
/// private too (never through a link, never anything but a regular file: see
/// `private_file`). Each `write_all` of one record is then one `write(2)` to the end.
#[cfg(test)]
pub(crate) fn open_private_append(path: &Path) -> io::Result<File> {
    super::private_file::open_private(path, super::private_file::Access::Append)
}

/// A file next to the one it will replace, removed unless renamed over it.
pub(crate) struct TempFile {
    path: PathBuf,
    file: File,
    renamed: std::cell::Cell<bool>,
}

impl TempFile {
    /// Created private, then given `mode`, so the umask cannot widen or narrow it. The name
    /// starts with a dot and ends in `.tmp`: a leftover is never loaded as what it replaces
    /// (a `*.rules` file, say).
    pub(crate) fn create(beside: &Path, mode: u32) -> io::Result<TempFile> {
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
            .mode(PRIVATE)
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

    /// Writes everything and waits until it is on disk.
    pub(crate) fn write(&self, bytes: &[u8]) -> io::Result<()> {
        (&self.file).write_all(bytes)?;
        self.file.sync_all()
    }

    /// Puts the file in `target`'s place, and syncs the folder so the rename is durable.
    pub(crate) fn rename_over(&self, target: &Path) -> io::Result<()> {
        fs::rename(&self.path, target)?;
        self.renamed.set(true);
        if let Some(dir) = target.parent() {
            // The new contents are in place either way; only durability is at stake.
            if let Err(e) = File::open(dir).and_then(|d| d.sync_all()) {
                tracing::warn!("could not sync {}: {e}", dir.display());
            }
        }
        Ok(())
    }
}

impl TempFile {
    /// Puts the file at `target` only if nothing is there (a hard link cannot replace a file,
    /// so two writers never both win), then removes the temporary name. `AlreadyExists` when
    /// something is.
    pub(crate) fn link_new(&self, target: &Path) -> io::Result<()> {
        fs::hard_link(&self.path, target)?;
        if let Some(dir) = target.parent() {
            if let Err(e) = File::open(dir).and_then(|d| d.sync_all()) {
                tracing::warn!("could not sync {}: {e}", dir.display());
            }
        }
        Ok(())
    }
}

/// Writes `path` atomically like [`write_atomic`], but never over an existing file.
pub(crate) fn write_new(path: &Path, bytes: &[u8], mode: u32) -> io::Result<()> {
    let temp = TempFile::create(path, mode)?;
    temp.write(bytes)?;
    temp.link_new(path)
}

impl Drop for TempFile {
    fn drop(&mut self) {
        if !self.renamed.get() {
            let _ = fs::remove_file(&self.path);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::MetadataExt;

    #[test]
    fn a_whole_file_write_replaces_it_private_and_leaves_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("history.json");
        fs::write(&path, "old").unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o644)).unwrap();
        write_atomic(&path, b"new contents", PRIVATE).unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "new contents");
        assert_eq!(fs::metadata(&path).unwrap().mode() & 0o777, 0o600);
        let names: Vec<_> = fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(names.len(), 1, "no temporary file is left: {names:?}");
    }

    #[test]
    fn a_failed_write_leaves_the_old_file_whole() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("missing-dir").join("f");
        assert!(write_atomic(&path, b"x", PRIVATE).is_err());
        let kept = dir.path().join("kept");
        fs::write(&kept, "old").unwrap();
        {
            let temp = TempFile::create(&kept, PRIVATE).unwrap();
            temp.write(b"half").unwrap();
            // Dropped without the rename: as if tern died here.
        }
        assert_eq!(fs::read_to_string(&kept).unwrap(), "old");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn a_new_file_write_never_replaces_one() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("export.md");
        write_new(&path, b"first", 0o644).unwrap();
        let err = write_new(&path, b"second", 0o644).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::AlreadyExists);
        assert_eq!(fs::read_to_string(&path).unwrap(), "first");
        assert_eq!(
            fs::read_dir(dir.path()).unwrap().count(),
            1,
            "no temporary file left"
        );
    }

    #[test]
    fn appends_are_private() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("tern.log");
        fs::write(&path, "").unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o644)).unwrap();
        let mut file = open_private_append(&path).unwrap();
        file.write_all(b"one\n").unwrap();
        let mut again = open_private_append(&path).unwrap();
        again.write_all(b"two\n").unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "one\ntwo\n");
        assert_eq!(fs::metadata(&path).unwrap().mode() & 0o777, 0o600);
    }
}
