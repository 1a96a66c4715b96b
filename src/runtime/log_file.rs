//! tern's log file, bounded: a server that sends a malformed line a million times must not
//! write a million warnings (one malformed line made ~144 bytes of log: 72 MB from 1 MB sent).
//! Lines of the same kind (the same text once numbers are set aside) are written the first few
//! times, then once at each power of ten with their count; and the file is rotated at a size
//! cap (`tern.log` becomes `tern.log.1`), so the log never takes more than twice the cap.

use super::private_file::{open_private, Access};
use std::collections::HashMap;
use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// The size at which the log is rotated.
pub(crate) const MAX_BYTES: u64 = 8 << 20;
/// Lines of one kind always written before the rest are counted.
const ALWAYS: u64 = 3;
/// Kinds remembered; past this the counts start over.
const KINDS: usize = 512;

pub struct LogFile {
    path: PathBuf,
    file: File,
    size: u64,
    max: u64,
    seen: HashMap<String, u64>,
}

impl LogFile {
    /// Opens (or creates) the log at `path` for appending (see `private_file`).
    pub fn open(path: &Path) -> io::Result<LogFile> {
        Self::open_capped(path, MAX_BYTES)
    }

    /// [`LogFile::open`] with another size cap (tests).
    pub(crate) fn open_capped(path: &Path, max: u64) -> io::Result<LogFile> {
        let file = open_private(path, Access::Append)?;
        let size = file.metadata()?.len();
        Ok(LogFile {
            path: path.to_path_buf(),
            file,
            size,
            max,
            seen: HashMap::new(),
        })
    }

    /// `line` as written, or `None` when it is a repeat not worth a line.
    fn admit(&mut self, line: &str) -> Option<String> {
        let kind = kind_of(line);
        if self.seen.len() >= KINDS && !self.seen.contains_key(&kind) {
            self.seen.clear();
        }
        let count = self.seen.entry(kind).or_insert(0);
        *count += 1;
        let count = *count;
        if count <= ALWAYS {
            return Some(line.to_string());
        }
        let power_of_ten = count
            .checked_ilog10()
            .is_some_and(|d| 10u64.pow(d) == count);
        power_of_ten.then(|| {
            format!(
                "{} [{count} lines like this one so far; the others are not written]\n",
                line.trim_end_matches('\n')
            )
        })
    }

    fn rotate(&mut self) -> io::Result<()> {
        let mut old = self.path.clone().into_os_string();
        old.push(".1");
        std::fs::rename(&self.path, &old)?;
        self.file = open_private(&self.path, Access::Append)?;
        self.size = 0;
        Ok(())
    }
}

/// A line's kind: its text after the timestamp, with runs of digits set aside.
fn kind_of(line: &str) -> String {
    let text = line.split_once(' ').map_or(line, |(_, rest)| rest);
    let mut kind = String::with_capacity(96);
    let mut digits = false;
    for c in text.chars().take(160) {
        if c.is_ascii_digit() {
            if !digits {
                kind.push('#');
            }
            digits = true;
        } else {
            kind.push(c);
            digits = false;
        }
    }
    kind
}

impl Write for LogFile {
    /// One call is one event (tracing writes each whole).
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let line = String::from_utf8_lossy(buf);
        let Some(shown) = self.admit(&line) else {
            return Ok(buf.len());
        };
        if self.size > 0 && self.size + shown.len() as u64 > self.max {
            self.rotate()?;
        }
        self.file.write_all(shown.as_bytes())?;
        self.size += shown.len() as u64;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.file.flush()
    }
}

/// Where tern's log lives: `$TERN_LOG_DIR`, else the platform data folder (`None`: neither).
/// `/feedback` reads it and writes its reports there too.
pub fn log_dir() -> Option<std::path::PathBuf> {
    std::env::var_os("TERN_LOG_DIR")
        .map(std::path::PathBuf::from)
        .or_else(|| {
            directories::ProjectDirs::from("", "", "tern").map(|d| d.data_dir().to_path_buf())
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flood_of_one_warning_writes_a_few_lines_with_their_count() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("tern.log");
        let mut log = LogFile::open(&path).unwrap();
        for i in 0..100_000 {
            let line = format!(
                "2026-12-01T10:00:{:02}Z  WARN tern::rpc: skipping a malformed line from the \
                 server: expected value at line 1 column {i}\n",
                i % 60
            );
            log.write_all(line.as_bytes()).unwrap();
        }
        log.write_all(b"2026-12-01T10:01:00Z  INFO tern: something else\n")
            .unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(text.lines().count(), 3 + 5 + 1, "{text}");
        assert!(
            text.contains("[100000 lines like this one so far"),
            "{text}"
        );
        assert!(text.len() < 2_000, "{} bytes", text.len());
    }

    #[test]
    fn the_log_is_rotated_at_its_cap() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("tern.log");
        let mut log = LogFile::open_capped(&path, 1_000).unwrap();
        for i in 0..1_000 {
            // Every line of its own kind (letters, not digits, differ).
            let word: String = (0..4)
                .map(|k| (b'a' + ((i >> (k * 2)) % 26) as u8) as char)
                .collect();
            log.write_all(format!("t INFO line {word} of the log\n").as_bytes())
                .unwrap();
        }
        let size = |p: &Path| std::fs::metadata(p).unwrap().len();
        assert!(size(&path) <= 1_000);
        assert!(size(&dir.path().join("tern.log.1")) <= 1_000);
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 2);
    }
}
