//! Opening tern's own files (the prompt history, the log) so that nobody else's file is
//! touched through them: never through a symbolic link (`O_NOFOLLOW`: a link at the history
//! path would have tern write through it and chmod its target), never anything but a regular
//! file (a FIFO at the history path blocked startup: the open is non-blocking, and the type is
//! checked before any read or write), and a mode made private only when the file is tern's
//! alone (owned by this user, one name: a hard link shares its mode with another name).

use std::fs::{File, OpenOptions};
use std::io;
use std::os::unix::fs::{MetadataExt, OpenOptionsExt, PermissionsExt};
use std::path::Path;

/// Files that hold prompts or logs: readable by their owner only.
pub(crate) const PRIVATE: u32 = 0o600;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Access {
    Read,
    /// Appending (and reading, for the history's torn-line check), created if missing.
    Append,
}

/// Opens `path` as described in the module's comment. Errors say, in words a person can act
/// on, what is at the path instead of a regular file.
pub(crate) fn open_private(path: &Path, access: Access) -> io::Result<File> {
    let mut options = OpenOptions::new();
    options
        .read(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK | libc::O_NOCTTY);
    if access == Access::Append {
        options.append(true).create(true).mode(PRIVATE);
    }
    let file = options.open(path).map_err(|e| explain(path, e))?;
    let metadata = file.metadata()?;
    if !metadata.file_type().is_file() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "{} is {}, not a regular file: tern does not use it",
                path.display(),
                kind_of(&metadata)
            ),
        ));
    }
    if access == Access::Append && metadata.mode() & 0o077 != 0 {
        // SAFETY: geteuid has no preconditions.
        let mine = metadata.uid() == unsafe { libc::geteuid() };
        if mine && metadata.nlink() == 1 {
            // fchmod on the open file: the file itself, not whatever a path names by now.
            file.set_permissions(std::fs::Permissions::from_mode(PRIVATE))?;
        } else {
            tracing::warn!(
                "{} is readable by others and shared (another owner or another name): its mode \
                 is left as it is",
                path.display()
            );
        }
    }
    Ok(file)
}

fn explain(path: &Path, e: io::Error) -> io::Error {
    match e.raw_os_error() {
        Some(libc::ELOOP) => io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "{} is a symbolic link: tern does not follow it (it would write to the file it \
                 points to)",
                path.display()
            ),
        ),
        // A FIFO opened for writing with nobody reading it.
        Some(libc::ENXIO) => io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "{} is a FIFO or a socket, not a regular file: tern does not use it",
                path.display()
            ),
        ),
        _ => e,
    }
}

fn kind_of(metadata: &std::fs::Metadata) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    let kind = metadata.file_type();
    if kind.is_dir() {
        "a directory"
    } else if kind.is_fifo() {
        "a FIFO"
    } else if kind.is_socket() {
        "a socket"
    } else if kind.is_char_device() || kind.is_block_device() {
        "a device"
    } else {
        "not a plain file"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    #[test]
    fn links_fifos_and_shared_files_are_never_written_through_or_chmodded() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("someone-elses");
        std::fs::write(&target, "theirs").unwrap();
        std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o644)).unwrap();

        let link = dir.path().join("history.jsonl");
        std::os::unix::fs::symlink(&target, &link).unwrap();
        let err = open_private(&link, Access::Append).unwrap_err();
        assert!(err.to_string().contains("symbolic link"), "{err}");
        assert_eq!(std::fs::metadata(&target).unwrap().mode() & 0o777, 0o644);
        assert!(open_private(&link, Access::Read).is_err());

        let hard = dir.path().join("hard");
        std::fs::hard_link(&target, &hard).unwrap();
        open_private(&hard, Access::Append).unwrap();
        assert_eq!(std::fs::metadata(&target).unwrap().mode() & 0o777, 0o644);

        let fifo = dir.path().join("fifo");
        let name = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
        // SAFETY: a valid path and mode.
        assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0);
        let started = Instant::now();
        for access in [Access::Read, Access::Append] {
            let err = open_private(&fifo, access).unwrap_err();
            assert!(err.to_string().contains("FIFO"), "{err}");
        }
        assert!(started.elapsed() < Duration::from_secs(1), "never blocks");

        let own = dir.path().join("own");
        std::fs::write(&own, "").unwrap();
        std::fs::set_permissions(&own, std::fs::Permissions::from_mode(0o644)).unwrap();
        open_private(&own, Access::Append).unwrap();
        assert_eq!(std::fs::metadata(&own).unwrap().mode() & 0o777, 0o600);
    }
}
