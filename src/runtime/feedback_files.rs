//! `/feedback`'s files on this machine: the private temp folder the server writes its ZIP
//! into (with a redacted copy of tern's log for it to include), the redacted ZIP written where
//! the person will find it (a new file in tern's data folder, never over one), the redacted
//! entries an upload attaches, and the temp folder deleted on every way out.

use std::fs::{self, OpenOptions};
use std::io::Write;
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};

use crate::rpc::redact::redact;
use crate::session::effect::Effect;
use crate::session::event::AppEvent;
use crate::session::feedback_report::RedactedZip;
use tokio::sync::mpsc::UnboundedSender;

/// The most bytes read of the server's ZIP.
const ZIP_CAP: u64 = 256 * 1024 * 1024;

/// The most of tern's log put in a report: its newest part.
const LOG_CAP: u64 = 16 * 1024 * 1024;

/// The last `cap` bytes of the file at `path` (all of it when smaller).
fn read_tail(path: &std::path::Path, cap: u64) -> std::io::Result<Vec<u8>> {
    use std::io::{Read, Seek, SeekFrom};
    let mut file = fs::File::open(path)?;
    let len = file.metadata()?.len();
    file.seek(SeekFrom::Start(len.saturating_sub(cap)))?;
    let mut bytes = Vec::new();
    file.take(cap).read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// A private (0700) temp folder, and tern's log redacted into it when tern keeps one.
pub(crate) fn prepare(log_dir: Option<PathBuf>) -> Result<(String, Option<String>), String> {
    let dir =
        super::feedback_temp::make().map_err(|e| format!("could not make a temp folder: {e}"))?;
    let log = log_dir.map(|d| d.join("tern.log")).filter(|p| p.is_file());
    let copied = match log {
        Some(log) => {
            let text =
                read_tail(&log, LOG_CAP).map_err(|e| format!("could not read tern's log: {e}"));
            let text = match text {
                Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
                Err(e) => {
                    remove(&dir.to_string_lossy());
                    return Err(e);
                }
            };
            let copy = dir.join("tern.log");
            if let Err(e) = write_new(&copy, redact(&text).as_bytes()) {
                remove(&dir.to_string_lossy());
                return Err(format!("could not copy tern's log: {e}"));
            }
            Some(copy.to_string_lossy().into_owned())
        }
        None => None,
    };
    Ok((dir.to_string_lossy().into_owned(), copied))
}

/// The server's ZIP at `path`, read and redacted.
pub(crate) fn read_redacted(path: &str) -> Result<RedactedZip, String> {
    let file = fs::File::open(path).map_err(|e| format!("could not read the report: {e}"))?;
    let mut bytes = Vec::new();
    std::io::Read::read_to_end(&mut std::io::Read::take(file, ZIP_CAP), &mut bytes)
        .map_err(|e| format!("could not read the report: {e}"))?;
    super::feedback_zip::redact_zip(&bytes)
}

/// `bytes` written as `codex-feedback-<unix time>.zip` in `dest` (never over a file); the temp
/// folder `dir` deleted whatever happens.
pub(crate) fn write_final(
    dir: &str,
    dest: Option<PathBuf>,
    bytes: &[u8],
) -> Result<String, String> {
    remove(dir);
    let dest = dest.ok_or("tern has no data folder to write the report to")?;
    fs::create_dir_all(&dest).map_err(|e| format!("could not make {}: {e}", dest.display()))?;
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let path = dest.join(format!("codex-feedback-{secs}.zip"));
    write_new(&path, bytes).map_err(|e| format!("could not write {}: {e}", path.display()))?;
    Ok(path.to_string_lossy().into_owned())
}

/// Each redacted entry written as a file in `dir/upload/` (its index and its file name, so
/// two entries never share one), for `feedback/upload`'s `extraLogFiles`.
pub(crate) fn stage(dir: &str, entries: &[(String, Vec<u8>)]) -> Result<Vec<String>, String> {
    let folder = Path::new(dir).join("upload");
    fs::create_dir_all(&folder).map_err(|e| format!("could not stage the upload: {e}"))?;
    let mut paths = Vec::new();
    for (index, (name, bytes)) in entries.iter().enumerate() {
        let base: String = name
            .rsplit('/')
            .next()
            .unwrap_or("entry")
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || ".-_".contains(c) {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        let path = folder.join(format!("{index:04}-{base}"));
        write_new(&path, bytes).map_err(|e| format!("could not stage the upload: {e}"))?;
        paths.push(path.to_string_lossy().into_owned());
    }
    Ok(paths)
}

/// The temp folder deleted (see `feedback_temp`).
pub(crate) fn remove(dir: &str) {
    super::feedback_temp::remove(dir);
}

/// A new private file (0600) at `path`: an existing one is an error, never overwritten.
fn write_new(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut file = OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(path)?;
    file.write_all(bytes)?;
    file.sync_all()
}

/// Carries out one of `/feedback`'s file effects off the loop; its answer comes back as an
/// `AppEvent`.
pub(crate) fn carry_out(effect: Effect, responses: UnboundedSender<AppEvent>) {
    let work = move || {
        let event = match effect {
            Effect::PrepareFeedback => {
                AppEvent::FeedbackPrepared(prepare(super::log_file::log_dir()))
            }
            Effect::RedactFeedback { path } => AppEvent::FeedbackRedacted(read_redacted(&path)),
            Effect::WriteFeedback { dir, bytes } => {
                AppEvent::FeedbackWritten(write_final(&dir, super::log_file::log_dir(), &bytes))
            }
            Effect::StageFeedback { dir, entries } => {
                AppEvent::FeedbackStaged(stage(&dir, &entries))
            }
            Effect::RemoveFeedbackDir { dir } => {
                remove(&dir);
                return;
            }
            _ => return,
        };
        let _ = responses.send(event);
    };
    match super::blocking::admit() {
        Ok(place) => place.spawn(work),
        Err(_) => work(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_log_gives_its_newest_part() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("tern.log");
        fs::write(&path, b"old-old-new").unwrap();
        assert_eq!(read_tail(&path, 3).unwrap(), b"new");
        assert_eq!(read_tail(&path, 100).unwrap(), b"old-old-new");
    }

    #[test]
    fn the_log_copy_is_redacted_and_every_way_out_deletes_the_folder() {
        let logs = tempfile::tempdir().unwrap();
        fs::write(
            logs.path().join("tern.log"),
            "sent key sk-abcdefghijklmnopqrstuvwxyz0123 to codex\n",
        )
        .unwrap();
        let (dir, copy) = prepare(Some(logs.path().to_path_buf())).unwrap();
        let copied = fs::read_to_string(copy.unwrap()).unwrap();
        assert!(
            !copied.contains("sk-abcdefghijklmnopqrstuvwxyz0123"),
            "{copied}"
        );
        assert!(copied.contains("to codex"));
        let staged = stage(&dir, &[("attachments/0000/x y.log".into(), b"hi".to_vec())]).unwrap();
        assert!(staged[0].ends_with("/upload/0000-x_y.log"), "{staged:?}");
        let dest = tempfile::tempdir().unwrap();
        let written = write_final(&dir, Some(dest.path().to_path_buf()), b"PK").unwrap();
        assert_eq!(fs::read(&written).unwrap(), b"PK");
        assert!(!Path::new(&dir).exists(), "the temp folder is gone");
        assert!(
            write_new(Path::new(&written), b"again").is_err(),
            "never over a file"
        );
    }

    #[test]
    fn only_tern_s_own_temp_folders_are_deleted() {
        let other = tempfile::tempdir().unwrap();
        remove(&other.path().to_string_lossy());
        assert!(other.path().exists());
    }
}
