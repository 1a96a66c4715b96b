//! Reads what tern shows of an image file: its pixel size from the first bytes (the `imagesize`
//! crate) and its length. Never the whole file.

use crate::model::ImageInfo;

/// Bytes read from the start of a file: enough for every header `imagesize` knows (a JPEG's
/// size comes after its EXIF block, which can be long).
const HEADER_BYTES: u64 = 256 * 1024;

pub(crate) fn probe(path: &str) -> Result<ImageInfo, String> {
    // Only a regular file, never waiting: the path is the server's (`/dev/tty`, a FIFO).
    let (head, bytes) =
        super::regular_file::read_head(path, HEADER_BYTES).map_err(|e| e.to_string())?;
    let size =
        imagesize::blob_size(&head).map_err(|e| format!("not an image tern can read: {e}"))?;
    Ok(ImageInfo {
        width: u32::try_from(size.width).unwrap_or(u32::MAX),
        height: u32::try_from(size.height).unwrap_or(u32::MAX),
        bytes,
        png: imagesize::image_type(&head).is_ok_and(|t| t == imagesize::ImageType::Png),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The smallest PNG header: the signature and an IHDR of 3×2.
    fn tiny_png(width: u32, height: u32) -> Vec<u8> {
        let mut png = b"\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR".to_vec();
        png.extend_from_slice(&width.to_be_bytes());
        png.extend_from_slice(&height.to_be_bytes());
        png.extend_from_slice(&[8, 6, 0, 0, 0, 0, 0, 0, 0]);
        png
    }

    #[test]
    fn a_png_header_gives_its_size_and_other_files_say_why_not() {
        let dir = tempfile::tempdir().unwrap();
        let png = dir.path().join("a.png");
        std::fs::write(&png, tiny_png(1280, 720)).unwrap();
        let info = probe(png.to_str().unwrap()).unwrap();
        assert_eq!((info.width, info.height), (1280, 720));
        assert_eq!(info.bytes, tiny_png(1, 1).len() as u64);
        assert!(info.png);
        let text = dir.path().join("a.txt");
        std::fs::write(&text, "hello").unwrap();
        assert!(probe(text.to_str().unwrap()).is_err());
        assert!(probe("/nonexistent/x.png").is_err());
    }
}
