//! Reads an image file of this machine for a server elsewhere (`Effect::ReadImageForServer`):
//! its bytes in base64 for `fs/writeFile`, and their SHA-1, which names its folder there.
//! Bounded: a file over [`MAX_IMAGE_BYTES`] is refused with its size, never read into memory.

use crate::session::event::LocalImageBytes;
use base64::Engine;
use sha1::{Digest, Sha1};
use std::io::Read;

/// The largest image copied to a server (the model takes far smaller ones; codex resizes).
pub(crate) const MAX_IMAGE_BYTES: u64 = 20 << 20;

pub(crate) fn read_for_server(path: &str) -> Result<LocalImageBytes, String> {
    read_bounded(path, MAX_IMAGE_BYTES)
}

fn read_bounded(path: &str, max: u64) -> Result<LocalImageBytes, String> {
    let (file, len) = super::regular_file::open(path, false).map_err(|e| e.to_string())?;
    if len > max {
        return Err(format!(
            "it is {} MB; tern copies images of up to {} MB",
            len.div_ceil(1 << 20),
            max >> 20
        ));
    }
    // Read at most one byte past the bound: a file that grew meanwhile is still refused.
    let mut bytes = Vec::new();
    file.take(max + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| e.to_string())?;
    if bytes.len() as u64 > max {
        return Err(format!("it is over {} MB", max >> 20));
    }
    let digest = Sha1::digest(&bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    Ok(LocalImageBytes {
        base64: base64::engine::general_purpose::STANDARD.encode(&bytes),
        digest,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_and_digest_or_a_reason() {
        let dir = std::env::temp_dir().join(format!("tern-image-read-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("a.png");
        std::fs::write(&file, b"abc").unwrap();
        let read = read_bounded(file.to_str().unwrap(), 10).unwrap();
        assert_eq!(read.base64, "YWJj");
        assert_eq!(read.digest, "a9993e364706816aba3e25717850c26c9cd0d89d");
        let big = read_bounded(file.to_str().unwrap(), 2).unwrap_err();
        assert!(big.contains("up to 0 MB") || big.contains("MB"), "{big}");
        assert!(read_bounded(dir.to_str().unwrap(), 10).is_err());
        assert!(read_bounded("/surely/not/here.png", 10).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
