//! A git-style diff read into files and hunks, and a hunk applied backwards: from what a turn
//! left to what was there before it. Exact: every context and added line must be where the
//! hunk says, or the file is refused (never a fuzzy guess).

/// One file of a diff.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct FilePatch {
    /// The path before and after (relative, as the diff names them; `None` for `/dev/null`).
    pub old_path: Option<String>,
    pub new_path: Option<String>,
    /// The blob ids of the `index` line, when it has one.
    pub old_id: Option<String>,
    pub new_id: Option<String>,
    pub hunks: Vec<Hunk>,
    /// Binary content, or a change of mode only: nothing tern can put back line by line.
    pub binary: bool,
}

impl FilePatch {
    /// The path the file has after the change (or had, when it was deleted).
    pub(crate) fn path(&self) -> Option<&str> {
        self.new_path.as_deref().or(self.old_path.as_deref())
    }

    pub(crate) fn renamed(&self) -> bool {
        matches!((&self.old_path, &self.new_path), (Some(a), Some(b)) if a != b)
    }
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Hunk {
    pub old_start: usize,
    pub old_len: usize,
    pub new_start: usize,
    pub new_len: usize,
    /// Each line with its kind (`' '`, `'-'`, `'+'`) and its text with its line end (none
    /// where the diff says "\ No newline at end of file").
    pub lines: Vec<(char, String)>,
}

/// Reads a git diff. Lines it does not understand between files are skipped; a hunk that
/// does not add up is an error.
pub(crate) fn parse(diff: &str) -> Result<Vec<FilePatch>, String> {
    let mut files: Vec<FilePatch> = Vec::new();
    let mut lines = diff.split_inclusive('\n').peekable();
    while let Some(line) = lines.next() {
        let bare = line.trim_end_matches(['\n', '\r']);
        if let Some(rest) = bare.strip_prefix("diff --git ") {
            let (old, new) = split_git_paths(rest);
            files.push(FilePatch {
                old_path: old,
                new_path: new,
                ..FilePatch::default()
            });
            continue;
        }
        let Some(file) = files.last_mut() else {
            continue;
        };
        if let Some(ids) = bare.strip_prefix("index ") {
            let ids = ids.split_whitespace().next().unwrap_or("");
            if let Some((old, new)) = ids.split_once("..") {
                file.old_id = Some(old.to_string());
                file.new_id = Some(new.to_string());
            }
        } else if bare.starts_with("Binary files ") || bare.starts_with("GIT binary patch") {
            file.binary = true;
        } else if let Some(path) = bare.strip_prefix("--- ") {
            file.old_path = side_path(path, "a/");
        } else if let Some(path) = bare.strip_prefix("+++ ") {
            file.new_path = side_path(path, "b/");
        } else if let Some(path) = bare.strip_prefix("rename from ") {
            file.old_path = Some(path.to_string());
        } else if let Some(path) = bare.strip_prefix("rename to ") {
            file.new_path = Some(path.to_string());
        } else if bare.starts_with("new file mode") {
            file.old_path = None;
        } else if bare.starts_with("deleted file mode") {
            file.new_path = None;
        } else if bare.starts_with("@@ ") {
            let mut hunk = hunk_header(bare)?;
            read_hunk(&mut hunk, &mut lines)?;
            file.hunks.push(hunk);
        }
    }
    Ok(files)
}

/// `a/x b/x` → the two paths, without their prefixes.
fn split_git_paths(rest: &str) -> (Option<String>, Option<String>) {
    match rest.split_once(" b/") {
        Some((old, new)) => (
            Some(old.strip_prefix("a/").unwrap_or(old).to_string()),
            Some(new.to_string()),
        ),
        None => (None, None),
    }
}

fn side_path(path: &str, prefix: &str) -> Option<String> {
    let path = path.split('\t').next().unwrap_or(path);
    if path == "/dev/null" {
        return None;
    }
    Some(path.strip_prefix(prefix).unwrap_or(path).to_string())
}

/// `@@ -a,b +c,d @@ …`.
fn hunk_header(line: &str) -> Result<Hunk, String> {
    let bad = || format!("unreadable hunk header {line:?}");
    let inner = line
        .strip_prefix("@@ -")
        .and_then(|rest| rest.split(" @@").next())
        .ok_or_else(bad)?;
    let (old, new) = inner.split_once(" +").ok_or_else(bad)?;
    let range = |r: &str| -> Result<(usize, usize), String> {
        let (start, len) = r.split_once(',').unwrap_or((r, "1"));
        Ok((
            start.parse().map_err(|_| bad())?,
            len.parse().map_err(|_| bad())?,
        ))
    };
    let (old_start, old_len) = range(old)?;
    let (new_start, new_len) = range(new)?;
    Ok(Hunk {
        old_start,
        old_len,
        new_start,
        new_len,
        lines: Vec::new(),
    })
}

fn read_hunk<'a>(
    hunk: &mut Hunk,
    lines: &mut std::iter::Peekable<impl Iterator<Item = &'a str>>,
) -> Result<(), String> {
    let (mut old, mut new) = (0, 0);
    while old < hunk.old_len || new < hunk.new_len {
        let Some(line) = lines.next() else {
            return Err("a hunk ends early".into());
        };
        // An empty context line may lose its leading space in transit.
        let (kind, text) = match line.chars().next() {
            Some(c @ (' ' | '-' | '+')) => (c, &line[1..]),
            Some('\n') | Some('\r') => (' ', line),
            _ => return Err(format!("unexpected line in a hunk: {line:?}")),
        };
        match kind {
            ' ' => {
                old += 1;
                new += 1;
            }
            '-' => old += 1,
            _ => new += 1,
        }
        hunk.lines.push((kind, text.to_string()));
        if lines.peek().is_some_and(|l| l.starts_with('\\')) {
            lines.next();
            if let Some((_, text)) = hunk.lines.last_mut() {
                if text.ends_with('\n') {
                    text.pop();
                }
            }
        }
    }
    if old != hunk.old_len || new != hunk.new_len {
        return Err("a hunk does not add up".into());
    }
    // "\ No newline" after the last line of a hunk that filled its counts.
    if lines.peek().is_some_and(|l| l.starts_with('\\')) {
        lines.next();
        if let Some((_, text)) = hunk.lines.last_mut() {
            if text.ends_with('\n') {
                text.pop();
            }
        }
    }
    Ok(())
}

/// `after` (what the patch left) with the patch's hunks undone: what was there before.
pub(crate) fn unapply(after: &str, hunks: &[Hunk]) -> Result<String, String> {
    let mut lines: Vec<&str> = after.split_inclusive('\n').collect();
    // From the last hunk up, so the line numbers of the ones above stay right.
    for hunk in hunks.iter().rev() {
        let start = if hunk.new_len == 0 {
            hunk.new_start
        } else {
            hunk.new_start.saturating_sub(1)
        };
        let now: Vec<&str> = hunk
            .lines
            .iter()
            .filter(|(k, _)| *k != '-')
            .map(|(_, t)| t.as_str())
            .collect();
        let end = start + now.len();
        if end > lines.len() || lines[start..end] != now[..] {
            return Err(format!(
                "its lines {}–{} are not what the turn left",
                start + 1,
                end
            ));
        }
        let before: Vec<&str> = hunk
            .lines
            .iter()
            .filter(|(k, _)| *k != '+')
            .map(|(_, t)| t.as_str())
            .collect();
        lines.splice(start..end, before);
    }
    Ok(lines.concat())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Turn 2 of the recorded rewind (`rewind-revert-two-patches.jsonl`).
    const TURN2: &str = "diff --git a/extra.txt b/extra.txt\nnew file mode 100644\nindex 0000000000000000000000000000000000000000..0f2287157f7cb0dd40498c7a92f74b6975fa2d57\n--- /dev/null\n+++ b/extra.txt\n@@ -0,0 +1 @@\n+extra\ndiff --git a/notes.txt b/notes.txt\nindex e5c5c5583f49a34e86ce622b59363df99e09d4c6..6d0dc475f7f4a0d4c5cfa9e0e4a0e2d0c4a6c0b1\n--- a/notes.txt\n+++ b/notes.txt\n@@ -1,2 +1,2 @@\n line one\n-line two\n+line TWO changed\n";

    #[test]
    fn the_recorded_turn_diff_reads() {
        let files = parse(TURN2).unwrap();
        assert_eq!(files.len(), 2);
        assert_eq!(files[0].old_path, None);
        assert_eq!(files[0].new_path.as_deref(), Some("extra.txt"));
        assert_eq!(files[0].hunks[0].lines, vec![('+', "extra\n".to_string())]);
        assert_eq!(files[1].path(), Some("notes.txt"));
        assert_eq!(
            files[1].old_id.as_deref(),
            Some("e5c5c5583f49a34e86ce622b59363df99e09d4c6")
        );
    }

    #[test]
    fn a_patch_undone_gives_back_the_file_before_it() {
        let files = parse(TURN2).unwrap();
        let after = "line one\nline TWO changed\n";
        assert_eq!(
            unapply(after, &files[1].hunks).unwrap(),
            "line one\nline two\n"
        );
        assert!(unapply("line one\nedited by hand\n", &files[1].hunks).is_err());
    }

    #[test]
    fn hunks_further_down_and_missing_final_newlines_are_undone_exactly() {
        let diff = "diff --git a/f b/f\n--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n-a\n+A\n b\n@@ -5,2 +5,3 @@\n e\n-f\n\\ No newline at end of file\n+F\n+g\n\\ No newline at end of file\n";
        let files = parse(diff).unwrap();
        assert_eq!(files[0].hunks.len(), 2);
        let after = "A\nb\nc\nd\ne\nF\ng";
        assert_eq!(unapply(after, &files[0].hunks).unwrap(), "a\nb\nc\nd\ne\nf");
    }

    #[test]
    fn a_short_hunk_is_an_error_not_a_panic() {
        assert!(parse("diff --git a/f b/f\n@@ -1,3 +1,3 @@\n a\n").is_err());
        assert!(parse("diff --git a/f b/f\n@@ -x +1 @@\n").is_err());
    }
}
