//! `/feedback`'s ZIP: codex's `feedback/save` writes its own logs into the ZIP as they are (no
//! redaction), so tern rewrites it: every text entry goes through the log's one redaction
//! (`rpc::redact::redact`: API keys, bearer tokens, JWTs, passwords in URLs, known secrets),
//! every other entry is copied as it is, and each entry is summarised (name, size, how many
//! redactions, a preview) for the view to show before anything is written where the person
//! will see it. The `zip` crate reads and writes the archive: doing it by hand (local headers,
//! the central directory, CRCs, deflate) is easy to get subtly wrong.

use std::io::{Cursor, Read, Write};

use crate::rpc::redact::redact;
use crate::session::feedback_report::{FeedbackEntry, RedactedZip};

/// The most bytes of an entry's text kept for its preview.
const PREVIEW_BYTES: usize = 16 * 1024;

/// The most bytes read from one entry (a ZIP bomb stops here rather than filling memory).
const ENTRY_CAP: u64 = 64 * 1024 * 1024;

/// The most bytes read from all entries together: many entries each under [`ENTRY_CAP`] are a
/// ZIP bomb too.
const TOTAL_CAP: u64 = 256 * 1024 * 1024;

/// `zip_bytes` rewritten with every text entry redacted.
pub(crate) fn redact_zip(zip_bytes: &[u8]) -> Result<RedactedZip, String> {
    redact_zip_within(zip_bytes, ENTRY_CAP, TOTAL_CAP)
}

/// [`redact_zip`] reading at most `entry_cap` bytes of an entry and `total_cap` of all.
fn redact_zip_within(
    zip_bytes: &[u8],
    entry_cap: u64,
    total_cap: u64,
) -> Result<RedactedZip, String> {
    let mut archive =
        zip::ZipArchive::new(Cursor::new(zip_bytes)).map_err(|e| format!("not a ZIP: {e}"))?;
    let mut writer = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated)
        .unix_permissions(0o600);
    let mut entries = Vec::new();
    let mut contents = Vec::new();
    let mut total: u64 = 0;
    for index in 0..archive.len() {
        let mut file = archive
            .by_index(index)
            .map_err(|e| format!("entry {index} unreadable: {e}"))?;
        let name = file.name().to_string();
        if file.is_dir() {
            writer
                .add_directory(name.as_str(), options)
                .map_err(|e| e.to_string())?;
            continue;
        }
        let mut content = Vec::new();
        (&mut file)
            .take(entry_cap + 1)
            .read_to_end(&mut content)
            .map_err(|e| format!("{name}: {e}"))?;
        drop(file);
        total += content.len() as u64;
        if content.len() as u64 > entry_cap || total > total_cap {
            // Cut short, an entry would be kept as if whole: the report is refused instead.
            return Err(format!(
                "the report is larger than tern reads ({} MiB of text at most)",
                total_cap >> 20
            ));
        }
        let entry = redact_entry(name, content);
        writer
            .start_file(entry.0.name.as_str(), options)
            .map_err(|e| e.to_string())?;
        writer.write_all(&entry.1).map_err(|e| e.to_string())?;
        entries.push(entry.0);
        contents.push(entry.1);
    }
    let bytes = writer.finish().map_err(|e| e.to_string())?.into_inner();
    Ok(RedactedZip {
        bytes,
        entries,
        contents,
    })
}

/// One entry redacted when it is text (UTF-8), copied as it is otherwise.
pub(crate) fn redact_entry(name: String, content: Vec<u8>) -> (FeedbackEntry, Vec<u8>) {
    let text = match String::from_utf8(content) {
        Ok(text) => text,
        Err(binary) => {
            let content = binary.into_bytes();
            let entry = FeedbackEntry {
                name,
                size: content.len() as u64,
                redactions: 0,
                preview: None,
            };
            return (entry, content);
        }
    };
    let redacted = redact(&text).into_owned();
    let redactions = count_marks(&redacted).saturating_sub(count_marks(&text));
    let preview = Some(head(&redacted, PREVIEW_BYTES).to_string());
    let out = redacted.into_bytes();
    let entry = FeedbackEntry {
        name,
        size: out.len() as u64,
        redactions,
        preview,
    };
    (entry, out)
}

fn count_marks(text: &str) -> usize {
    text.matches("[redacted]").count()
}

/// At most `max` bytes of `text`, cut at a character boundary.
fn head(text: &str, max: usize) -> &str {
    let mut end = text.len().min(max);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn zip_of(entries: &[(&str, &[u8])]) -> Vec<u8> {
        let mut writer = zip::ZipWriter::new(Cursor::new(Vec::new()));
        for (name, bytes) in entries {
            writer
                .start_file(*name, zip::write::SimpleFileOptions::default())
                .unwrap();
            writer.write_all(bytes).unwrap();
        }
        writer.finish().unwrap().into_inner()
    }

    fn read_back(bytes: &[u8]) -> Vec<(String, Vec<u8>)> {
        let mut archive = zip::ZipArchive::new(Cursor::new(bytes)).unwrap();
        (0..archive.len())
            .map(|i| {
                let mut f = archive.by_index(i).unwrap();
                let mut out = Vec::new();
                f.read_to_end(&mut out).unwrap();
                (f.name().to_string(), out)
            })
            .collect()
    }

    #[test]
    fn an_entry_or_a_whole_over_its_cap_refuses_the_report_rather_than_cut_it() {
        let zip = zip_of(&[("a.log", &[b'a'; 100]), ("b.log", &[b'b'; 100])]);
        assert!(redact_zip_within(&zip, 100, 200).is_ok());
        assert!(
            redact_zip_within(&zip, 99, 1000).is_err(),
            "an entry over its cap"
        );
        assert!(
            redact_zip_within(&zip, 100, 199).is_err(),
            "the entries over the whole cap"
        );
    }

    #[test]
    fn text_entries_lose_every_secret_and_binary_entries_are_copied() {
        let jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.c2lnbmF0dXJlLXZhbHVl";
        let log = format!(
            "key sk-proj-abcdefghijklmnopqrstuvwx\n\
             Authorization: Bearer tok_live_0123456789abcdef\n\
             id_token={jwt}\n\
             fetch https://me:hunter2pass@example.com/x\n"
        );
        let binary: &[u8] = &[0xff, 0xfe, 0x00, 0x01, 0x80, b's', b'k', b'-'];
        let input = zip_of(&[
            ("attachments/0000/codex-logs.log", log.as_bytes()),
            ("attachments/0001/blob.bin", binary),
        ]);
        let out = redact_zip(&input).unwrap();
        let back = read_back(&out.bytes);
        assert_eq!(back.len(), 2);
        let text = String::from_utf8(back[0].1.clone()).unwrap();
        for secret in [
            "sk-proj-abcdefghijklmnopqrstuvwx",
            "tok_live_0123456789abcdef",
            jwt,
            "hunter2pass",
        ] {
            assert!(!text.contains(secret), "{secret} left in {text}");
        }
        assert!(text.contains("example.com"), "the rest is kept: {text}");
        assert_eq!(
            back[1],
            ("attachments/0001/blob.bin".into(), binary.to_vec())
        );
        let log_entry = &out.entries[0];
        assert_eq!(log_entry.name, "attachments/0000/codex-logs.log");
        assert!(log_entry.redactions >= 4, "{log_entry:?}");
        assert_eq!(log_entry.size, back[0].1.len() as u64);
        assert!(!log_entry
            .preview
            .as_deref()
            .unwrap()
            .contains("hunter2pass"));
        assert_eq!(out.entries[1].preview, None);
        assert_eq!(out.entries[1].redactions, 0);
    }

    #[test]
    fn not_a_zip_is_an_error_not_a_panic() {
        assert!(redact_zip(b"PK not really").is_err());
    }
}
