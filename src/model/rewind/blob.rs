//! Git blob ids: the SHA-1 of `blob <length>\0<content>`, the ids a diff's `index` line names.

use sha1::{Digest, Sha1};

/// The id of a blob holding `content`, as 40 hex digits.
pub(crate) fn blob_id(content: &[u8]) -> String {
    let mut hasher = Sha1::new();
    hasher.update(format!("blob {}\0", content.len()).as_bytes());
    hasher.update(content);
    hasher
        .finalize()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The id of "no file" (a created file's pre-image, a deleted one's post-image).
pub(crate) fn is_absent(id: &str) -> bool {
    !id.is_empty() && id.bytes().all(|b| b == b'0')
}

/// Whether `id` (full, or abbreviated as git may print it) names `full`.
pub(crate) fn matches(id: &str, full: &str) -> bool {
    id.len() >= 7 && full.starts_with(&id.to_ascii_lowercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_gits() {
        // `printf 'line one\nline two\n' | git hash-object --stdin`, as the recorded turn diff
        // names it.
        assert_eq!(
            blob_id(b"line one\nline two\n"),
            "e5c5c5583f49a34e86ce622b59363df99e09d4c6"
        );
        assert_eq!(blob_id(b""), "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391");
        assert!(is_absent("0000000000000000000000000000000000000000"));
        assert!(matches(
            "e5c5c55",
            "e5c5c5583f49a34e86ce622b59363df99e09d4c6"
        ));
        assert!(!matches("e5c", "e5c5c5583f49a34e86ce622b59363df99e09d4c6"));
    }
}
