//! What a git-style file header says: the paths on each side, whether the file was added,
//! deleted or moved, binary, or only changed its mode.

/// Paths on each side (`None` for `/dev/null`) and what else the header tells.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct HeaderInfo {
    pub old_path: Option<String>,
    pub new_path: Option<String>,
    pub new_file: bool,
    pub deleted_file: bool,
    pub binary: bool,
    /// `old mode 100644` / `new mode 100755`.
    pub mode_change: Option<(String, String)>,
}

/// Reads the header lines of one file of a `git diff`. Plain `---`/`+++` headers work too.
pub(crate) fn interpret(header: &[String]) -> HeaderInfo {
    let mut info = HeaderInfo::default();
    let mut git_line: Option<(String, String)> = None;
    let (mut minus, mut plus) = (None, None);
    let (mut rename_from, mut rename_to) = (None, None);
    let (mut old_mode, mut new_mode) = (None, None);
    for line in header {
        let line = line.trim_end_matches('\r');
        if let Some(rest) = line.strip_prefix("diff --git ") {
            git_line = split_git_paths(rest);
        } else if let Some(rest) = line.strip_prefix("--- ") {
            minus = Some(side_path(rest, "a/"));
        } else if let Some(rest) = line.strip_prefix("+++ ") {
            plus = Some(side_path(rest, "b/"));
        } else if let Some(rest) = line
            .strip_prefix("rename from ")
            .or_else(|| line.strip_prefix("copy from "))
        {
            rename_from = Some(unquote(rest));
        } else if let Some(rest) = line
            .strip_prefix("rename to ")
            .or_else(|| line.strip_prefix("copy to "))
        {
            rename_to = Some(unquote(rest));
        } else if line.starts_with("new file mode") {
            info.new_file = true;
        } else if line.starts_with("deleted file mode") {
            info.deleted_file = true;
        } else if let Some(mode) = line.strip_prefix("old mode ") {
            old_mode = Some(mode.to_string());
        } else if let Some(mode) = line.strip_prefix("new mode ") {
            new_mode = Some(mode.to_string());
        } else if line.starts_with("Binary files ") || line == "GIT binary patch" {
            info.binary = true;
        }
    }
    let (git_old, git_new) = git_line.unzip();
    info.old_path = match minus {
        Some(side) => side,
        None => rename_from.or(git_old),
    };
    info.new_path = match plus {
        Some(side) => side,
        None => rename_to.or(git_new),
    };
    if info.new_file {
        info.old_path = None;
    }
    if info.deleted_file {
        info.new_path = None;
    }
    if info.old_path.is_none() && info.new_path.is_some() {
        info.new_file = true;
    }
    if info.new_path.is_none() && info.old_path.is_some() {
        info.deleted_file = true;
    }
    info.mode_change = old_mode.zip(new_mode);
    info
}

/// `a/x b/y` from a `diff --git` line. With spaces in names the split is ambiguous; the
/// `---`/`+++` lines, read after it, settle that when they are present.
fn split_git_paths(rest: &str) -> Option<(String, String)> {
    let (old, new) = if rest.starts_with('"') {
        let (old, after) = take_quoted(rest)?;
        (old, unquote(after.trim_start()))
    } else if let Some(i) = rest.find(" \"b/") {
        (rest[..i].to_string(), unquote(&rest[i + 1..]))
    } else {
        // Prefer the split where both names are equal (the usual case with spaces in a name).
        let candidates: Vec<usize> = rest.match_indices(" b/").map(|(i, _)| i).collect();
        let pick = *candidates
            .iter()
            .find(|&&i| rest.get(2..i) == rest.get(i + 3..))
            .or(candidates.first())?;
        (rest[..pick].to_string(), rest[pick + 1..].to_string())
    };
    Some((strip_side(&old, "a/"), strip_side(&new, "b/")))
}

/// The path on a `---`/`+++` line: `None` for `/dev/null`; a tab starts a timestamp.
fn side_path(rest: &str, prefix: &str) -> Option<String> {
    let path = if rest.starts_with('"') {
        unquote(rest)
    } else {
        rest.split('\t').next().unwrap_or(rest).to_string()
    };
    (path != "/dev/null").then(|| strip_side(&path, prefix))
}

fn strip_side(path: &str, prefix: &str) -> String {
    path.strip_prefix(prefix).unwrap_or(path).to_string()
}

/// git quotes names holding special characters C-style: `"a/tab\there"`, octal for bytes.
pub(crate) fn unquote(text: &str) -> String {
    match take_quoted(text) {
        Some((inner, _)) => inner,
        None => text.to_string(),
    }
}

/// A leading quoted string, decoded, and what follows it.
fn take_quoted(text: &str) -> Option<(String, &str)> {
    let body = text.strip_prefix('"')?;
    let mut bytes: Vec<u8> = Vec::new();
    let mut chars = body.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => return Some((String::from_utf8_lossy(&bytes).into_owned(), &body[i + 1..])),
            '\\' => {
                let (_, e) = chars.next()?;
                match e {
                    'n' => bytes.push(b'\n'),
                    't' => bytes.push(b'\t'),
                    'r' => bytes.push(b'\r'),
                    'a' => bytes.push(7),
                    'b' => bytes.push(8),
                    'f' => bytes.push(12),
                    'v' => bytes.push(11),
                    '0'..='7' => {
                        let mut value = e.to_digit(8)?;
                        for _ in 0..2 {
                            let (_, d) = chars.next()?;
                            value = value * 8 + d.to_digit(8)?;
                        }
                        bytes.push(value as u8);
                    }
                    other => {
                        let mut buf = [0; 4];
                        bytes.extend_from_slice(other.encode_utf8(&mut buf).as_bytes());
                    }
                }
            }
            c => {
                let mut buf = [0; 4];
                bytes.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &str) -> Vec<String> {
        text.lines().map(str::to_string).collect()
    }

    #[test]
    fn added_deleted_and_renamed() {
        let added = interpret(&lines(
            "diff --git a/new.txt b/new.txt\nnew file mode 100644\nindex 0..5\n--- /dev/null\n+++ b/new.txt",
        ));
        assert_eq!(added.old_path, None);
        assert_eq!(added.new_path.as_deref(), Some("new.txt"));
        assert!(added.new_file);
        let deleted = interpret(&lines(
            "diff --git a/gone.txt b/gone.txt\ndeleted file mode 100644\n--- a/gone.txt\n+++ /dev/null",
        ));
        assert!(deleted.deleted_file);
        assert_eq!(deleted.new_path, None);
        let moved = interpret(&lines(
            "diff --git a/old.txt b/moved.txt\nindex d..7\n--- a/old.txt\n+++ b/moved.txt",
        ));
        assert_eq!(moved.old_path.as_deref(), Some("old.txt"));
        assert_eq!(moved.new_path.as_deref(), Some("moved.txt"));
        let pure_rename = interpret(&lines(
            "diff --git a/x y b/z w\nsimilarity index 100%\nrename from x y\nrename to z w",
        ));
        assert_eq!(pure_rename.old_path.as_deref(), Some("x y"));
        assert_eq!(pure_rename.new_path.as_deref(), Some("z w"));
    }

    #[test]
    fn binary_and_mode_changes() {
        let binary = interpret(&lines(
            "diff --git a/img.png b/img.png\nindex 1..2 100644\nBinary files a/img.png and b/img.png differ",
        ));
        assert!(binary.binary);
        assert_eq!(binary.new_path.as_deref(), Some("img.png"));
        let mode = interpret(&lines(
            "diff --git a/run.sh b/run.sh\nold mode 100644\nnew mode 100755",
        ));
        assert_eq!(
            mode.mode_change,
            Some(("100644".to_string(), "100755".to_string()))
        );
        assert_eq!(mode.old_path.as_deref(), Some("run.sh"));
    }

    #[test]
    fn quoted_names_are_decoded() {
        assert_eq!(unquote(r#""a/tab\there""#), "a/tab\there");
        assert_eq!(unquote(r#""caf\303\251""#), "café");
        let info = interpret(&lines(
            "diff --git \"a/sp ace\\033[31m\" \"b/sp ace\\033[31m\"\n--- \"a/sp ace\\033[31m\"\n+++ \"b/sp ace\\033[31m\"",
        ));
        assert_eq!(info.new_path.as_deref(), Some("sp ace\u{1b}[31m"));
    }

    #[test]
    fn plain_headers_drop_timestamps() {
        let info = interpret(&lines(
            "--- src/a.rs\t2024-01-01 10:00\n+++ src/a.rs\t2024-01-02 10:00",
        ));
        assert_eq!(info.old_path.as_deref(), Some("src/a.rs"));
        assert_eq!(info.new_path.as_deref(), Some("src/a.rs"));
    }
}
