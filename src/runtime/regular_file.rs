//! The one way tern opens a file whose path came from the server, the model or a file on disk
//! (an image an item names, a file a rewind puts back, a kept record): only a regular file,
//! opened without blocking, read up to a cap. A path to `/dev/tty` would compete with tern's
//! own input reader for the person's keys; a FIFO blocks `open` until a writer comes, forever
//! if none does, and would hold a thread of the blocking pool (and tern's exit) with it.
//!
//! The type is checked with `fstat` on the descriptor opened, never on the path beforehand, so
//! nothing can be swapped in between the check and the read. `O_NONBLOCK` makes the open of a
//! FIFO or a device return at once; `O_NOCTTY` keeps a terminal from becoming tern's own.

use std::fs::File;
use std::io::{self, Read};
use std::os::unix::fs::OpenOptionsExt;

/// `path` opened for reading if it is a regular file, with its length. A symbolic link is
/// followed unless `no_follow`.
pub(crate) fn open(path: &str, no_follow: bool) -> io::Result<(File, u64)> {
    let mut flags = libc::O_NONBLOCK | libc::O_NOCTTY | libc::O_CLOEXEC;
    if no_follow {
        flags |= libc::O_NOFOLLOW;
    }
    let file = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(flags)
        .open(path)
        .map_err(|e| match e.raw_os_error() {
            Some(libc::ELOOP) if no_follow => io::Error::new(
                io::ErrorKind::InvalidInput,
                "a symbolic link: tern does not follow it",
            ),
            _ => e,
        })?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "not a regular file",
        ));
    }
    Ok((file, meta.len()))
}

/// The whole of the regular file `path`, refused when over `max` bytes (also one that grows
/// past it while being read).
pub(crate) fn read_capped(path: &str, max: u64, no_follow: bool) -> io::Result<Vec<u8>> {
    let (file, len) = open(path, no_follow)?;
    if len > max {
        return Err(too_large(max));
    }
    let mut bytes = Vec::with_capacity(usize::try_from(len).unwrap_or(0));
    file.take(max + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max {
        return Err(too_large(max));
    }
    Ok(bytes)
}

/// The first `head` bytes of the regular file `path`, and its length.
pub(crate) fn read_head(path: &str, head: u64) -> io::Result<(Vec<u8>, u64)> {
    let (file, len) = open(path, false)?;
    let mut bytes = Vec::new();
    file.take(head).read_to_end(&mut bytes)?;
    Ok((bytes, len))
}

fn too_large(max: u64) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidInput,
        format!("too large (over {} KB)", max.div_ceil(1024)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    fn fifo(dir: &std::path::Path) -> String {
        let path = dir.join("fifo");
        let c = std::ffi::CString::new(path.to_str().unwrap()).unwrap();
        // SAFETY: a valid NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        path.to_str().unwrap().to_string()
    }

    #[test]
    fn a_fifo_a_device_and_a_folder_are_refused_at_once() {
        let dir = tempfile::tempdir().unwrap();
        let started = Instant::now();
        let fifo = fifo(dir.path());
        for path in [
            fifo.as_str(),
            "/dev/tty",
            "/dev/zero",
            dir.path().to_str().unwrap(),
        ] {
            assert!(read_capped(path, 1 << 20, false).is_err(), "{path}");
            assert!(read_head(path, 16).is_err(), "{path}");
        }
        // A FIFO without a writer blocks a plain open forever.
        assert!(started.elapsed() < Duration::from_secs(2));
    }

    #[test]
    fn a_regular_file_is_read_up_to_its_cap() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("a");
        std::fs::write(&file, b"0123456789").unwrap();
        let path = file.to_str().unwrap();
        assert_eq!(read_capped(path, 10, false).unwrap(), b"0123456789");
        let refused = read_capped(path, 9, false).unwrap_err();
        assert!(refused.to_string().contains("too large"), "{refused}");
        assert_eq!(read_head(path, 4).unwrap(), (b"0123".to_vec(), 10));
        let link = dir.path().join("link");
        std::os::unix::fs::symlink(&file, &link).unwrap();
        let link = link.to_str().unwrap();
        assert!(read_capped(link, 10, false).is_ok());
        let refused = read_capped(link, 10, true).unwrap_err();
        assert!(refused.to_string().contains("symbolic link"), "{refused}");
    }
}
