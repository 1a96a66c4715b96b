//! Git's blob id of a text, computed here (not by the crate's own `rewind::blob`) so that the
//! review tests check tern's "only over what the patch produced" against an independent oracle.

/// Git's blob id of `text`, as a diff's `index` line names it.
pub fn blob_id(text: &str) -> String {
    use sha1::{Digest, Sha1};
    let mut hasher = Sha1::new();
    hasher.update(format!("blob {}\0", text.len()).as_bytes());
    hasher.update(text.as_bytes());
    hasher
        .finalize()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}
