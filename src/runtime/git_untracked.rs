//! The untracked files git does not ignore, as added files in `git diff` form: what an agent
//! creates is what `/diff` must show, and `git diff HEAD` leaves it out. Listed by
//! `git ls-files --others --exclude-standard` with nothing of the repository's run (the same
//! settings as the diff); each file is opened without following a link or blocking (a FIFO
//! there must not hang the read), named when binary, and cut with a mark when large.

use super::git_run::run_git;
use std::io::Read;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};

/// Content of one file shown before the cut mark: enough to read, small enough to page.
pub(crate) const FILE_CAP: usize = 256 * 1024;
/// Lines of one file shown before the cut mark.
pub(crate) const LINE_CAP: usize = 4000;
/// Files listed at most; more are counted, not read.
pub(crate) const MAX_FILES: usize = 2000;
/// git's own test for binary content: a NUL byte in the first 8000 bytes.
const BINARY_PROBE: usize = 8000;

/// The added-file diffs, and whether some were left out for room.
#[derive(Debug, Default, PartialEq)]
pub(crate) struct Untracked {
    pub text: String,
    pub truncated: bool,
}

/// The untracked files of the repository around `cwd` (all of it, as `git diff HEAD` shows),
/// in at most `room` bytes of diff text. A failure to list them leaves them out: the tracked
/// diff is still worth showing.
pub(crate) async fn untracked_as_added(git: &str, cwd: &str, room: usize) -> Untracked {
    let Ok(root) = super::git_top::top_folder(git, cwd, super::git_run::FOR_DIFF).await else {
        return Untracked::default();
    };
    let listed = run_git(
        git,
        &root,
        &[
            "ls-files",
            "--others",
            "--exclude-standard",
            "-z",
            "--",
            ":/",
        ],
        super::git_run::MAX_BYTES,
        super::git_run::FOR_DIFF,
    )
    .await;
    let Ok(listed) = listed else {
        return Untracked::default();
    };
    if !listed.status.success() && !listed.truncated {
        return Untracked::default();
    }
    let names: Vec<Vec<u8>> = listed
        .stdout
        .split(|b| *b == 0)
        .filter(|n| !n.is_empty())
        .map(<[u8]>::to_vec)
        .collect();
    let root = PathBuf::from(root);
    tokio::task::spawn_blocking(move || render_all(&root, &names, room, listed.truncated))
        .await
        .unwrap_or_default()
}

fn render_all(root: &Path, names: &[Vec<u8>], room: usize, listed_cut: bool) -> Untracked {
    let mut out = Untracked {
        truncated: listed_cut || names.len() > MAX_FILES,
        ..Untracked::default()
    };
    for name in names.iter().take(MAX_FILES) {
        let path = root.join(std::ffi::OsStr::from_bytes(name));
        let diff = added_file_diff(&String::from_utf8_lossy(name), &read_entry(&path));
        if out.text.len() + diff.len() > room {
            out.truncated = true;
            break;
        }
        out.text.push_str(&diff);
    }
    out
}

/// What is at an untracked path, as far as the diff needs it.
#[derive(Debug, PartialEq)]
pub(crate) enum Entry {
    /// Up to `FILE_CAP` bytes, the whole size, and whether it is executable.
    File {
        head: Vec<u8>,
        size: u64,
        executable: bool,
    },
    /// A symbolic link and where it points (git shows the target as the content).
    Link(Vec<u8>),
    /// Anything else, or a file that could not be read: said in words.
    Unreadable(String),
}

/// Reads `path` without following a link at it and without blocking on a FIFO or device.
pub(crate) fn read_entry(path: &Path) -> Entry {
    match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_symlink() => {
            return match std::fs::read_link(path) {
                Ok(target) => Entry::Link(target.as_os_str().as_bytes().to_vec()),
                Err(e) => Entry::Unreadable(format!("could not read the link: {e}")),
            };
        }
        Ok(_) => {}
        Err(e) => return Entry::Unreadable(format!("could not read it: {e}")),
    }
    let opened = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK | libc::O_NOCTTY)
        .open(path);
    let file = match opened {
        Ok(file) => file,
        Err(e) => return Entry::Unreadable(format!("could not read it: {e}")),
    };
    let meta = match file.metadata() {
        Ok(meta) => meta,
        Err(e) => return Entry::Unreadable(format!("could not read it: {e}")),
    };
    if !meta.file_type().is_file() {
        return Entry::Unreadable("not a regular file (not read)".to_string());
    }
    let mut head = Vec::new();
    if let Err(e) = file.take(FILE_CAP as u64).read_to_end(&mut head) {
        return Entry::Unreadable(format!("could not read it: {e}"));
    }
    Entry::File {
        head,
        size: meta.len(),
        executable: meta.permissions().mode() & 0o111 != 0,
    }
}

/// One added file in `git diff` form: a hunk of its content (cut with a `\` mark line when
/// large), or a `Binary files` line, or a mark that says why there is no content.
pub(crate) fn added_file_diff(name: &str, entry: &Entry) -> String {
    let a = quoted(&format!("a/{name}"));
    let b = quoted(&format!("b/{name}"));
    let mut out = format!("diff --git {a} {b}\n");
    let (mode, content, size) = match entry {
        Entry::File {
            head,
            size,
            executable,
        } => {
            let mode = if *executable { "100755" } else { "100644" };
            (mode, head.as_slice(), *size)
        }
        Entry::Link(target) => ("120000", target.as_slice(), target.len() as u64),
        Entry::Unreadable(why) => {
            out.push_str(&format!(
                "new file mode 100644\n--- /dev/null\n+++ {b}\n@@ -0,0 +0,0 @@\n\\ {why}\n"
            ));
            return out;
        }
    };
    out.push_str(&format!("new file mode {mode}\n"));
    if content.is_empty() {
        return out;
    }
    let probe = &content[..content.len().min(BINARY_PROBE)];
    let text = std::str::from_utf8(content).ok().or_else(|| {
        // A cut can split a character: only the tail of the head may be invalid.
        let valid = std::str::from_utf8(content).err()?.valid_up_to();
        (size > content.len() as u64 && content.len() - valid < 4)
            .then(|| std::str::from_utf8(&content[..valid]).ok())
            .flatten()
    });
    let Some(text) = text.filter(|_| !probe.contains(&0)) else {
        out.push_str(&format!("Binary files /dev/null and {b} differ\n"));
        return out;
    };
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let shown = &lines[..lines.len().min(LINE_CAP)];
    let shown_bytes: usize = shown.iter().map(|l| l.len()).sum();
    let cut = (size as usize) > shown_bytes;
    out.push_str(&format!(
        "--- /dev/null\n+++ {b}\n@@ -0,0 +1,{} @@\n",
        shown.len()
    ));
    for line in shown {
        out.push('+');
        out.push_str(line);
    }
    let last_complete = shown.last().is_some_and(|l| l.ends_with('\n'));
    if cut {
        if !last_complete {
            out.push('\n');
        }
        out.push_str(&format!(
            "\\ cut here: the first {} of {} bytes shown\n",
            shown_bytes, size
        ));
    } else if !last_complete {
        out.push_str("\n\\ No newline at end of file\n");
    }
    out
}

/// A side of a `diff --git` line, C-quoted as git does when the name has a quote, a
/// backslash or a control character (a newline in a name would otherwise start a new line
/// of the diff).
fn quoted(side: &str) -> String {
    if !side
        .chars()
        .any(|c| c == '"' || c == '\\' || c.is_control())
    {
        return side.to_string();
    }
    let mut out = String::from("\"");
    for c in side.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => {
                let mut buf = [0u8; 4];
                for b in c.encode_utf8(&mut buf).bytes() {
                    out.push_str(&format!("\\{b:03o}"));
                }
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::diff::parse::parse_patch;

    fn file(content: &[u8], size: u64) -> Entry {
        Entry::File {
            head: content.to_vec(),
            size,
            executable: false,
        }
    }

    #[test]
    fn a_text_file_is_one_hunk_of_added_lines() {
        let diff = added_file_diff("new.rs", &file(b"fn a() {}\nfn b() {}\n", 20));
        assert_eq!(
            diff,
            "diff --git a/new.rs b/new.rs\nnew file mode 100644\n--- /dev/null\n+++ b/new.rs\n\
             @@ -0,0 +1,2 @@\n+fn a() {}\n+fn b() {}\n"
        );
        let patch = parse_patch(&diff);
        assert_eq!(patch.files[0].hunks[0].lines.len(), 2);
    }

    #[test]
    fn binary_empty_large_and_odd_names_are_said() {
        let binary = added_file_diff("img.png", &file(b"\x89PNG\0\0", 6));
        assert!(binary.ends_with("Binary files /dev/null and b/img.png differ\n"));

        let empty = added_file_diff("empty", &file(b"", 0));
        assert_eq!(empty, "diff --git a/empty b/empty\nnew file mode 100644\n");

        let no_newline = added_file_diff("x", &file(b"last", 4));
        assert!(no_newline.ends_with("+last\n\\ No newline at end of file\n"));

        let big: String = (0..LINE_CAP + 10).map(|i| format!("{i}\n")).collect();
        let cut = added_file_diff("big.txt", &file(big.as_bytes(), big.len() as u64));
        assert!(cut.contains(&format!("@@ -0,0 +1,{LINE_CAP} @@")));
        assert!(cut.contains("\\ cut here: the first"), "{cut}");
        assert!(!cut.contains(&format!("+{}\n", LINE_CAP + 1)));

        let head = "é".repeat(10);
        let split = &head.as_bytes()[..head.len() - 1];
        let cut = added_file_diff("u.txt", &file(split, 100));
        assert!(cut.contains("+ééééééééé\n\\ cut here"), "{cut}");

        let odd = added_file_diff("a\nb", &file(b"x\n", 2));
        assert!(
            odd.starts_with("diff --git \"a/a\\nb\" \"b/a\\nb\"\n"),
            "{odd}"
        );
        assert_eq!(parse_patch(&odd).files.len(), 1);
    }

    #[test]
    fn a_fifo_is_named_not_read() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("pipe");
        let c = std::ffi::CString::new(fifo.as_os_str().as_bytes()).unwrap();
        // SAFETY: a valid NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        assert_eq!(
            read_entry(&fifo),
            Entry::Unreadable("not a regular file (not read)".into())
        );
        std::os::unix::fs::symlink("/etc/passwd", dir.path().join("link")).unwrap();
        assert_eq!(
            read_entry(&dir.path().join("link")),
            Entry::Link(b"/etc/passwd".to_vec())
        );
    }
}
