//! A unified diff as structure: files, their header lines, hunks and hunk lines. Every input
//! line lands somewhere, so printing a parsed patch gives back exactly the text it came from
//! (the property tests hold it to that); interpreting the headers is `header.rs`'s job.
//!
//! Hunk bodies are read by their `@@ -a,b +c,d @@` counts, not by the look of a line: a removed
//! line reading `-- x` is `--- x` in the diff and must not start a new file. A hunk header
//! without counts (`@@` alone) takes lines until the next `@@` or `diff` line.

/// One line of a hunk body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HunkLine {
    pub kind: LineKind,
    /// The whole line as it came, sign included, without its `\n` (a `\r` stays).
    pub raw: String,
    /// Line numbers in the old and new file, where the hunk header gave them.
    pub old: Option<u32>,
    pub new: Option<u32>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LineKind {
    Context,
    Added,
    Removed,
    /// `\ No newline at end of file`: the line before it has no line break.
    NoNewline,
}

impl HunkLine {
    /// The line's content without its sign. A context line that lost its leading space (some
    /// tools strip trailing whitespace) is empty.
    pub fn text(&self) -> &str {
        match self.kind {
            LineKind::NoNewline => &self.raw,
            _ => self.raw.get(1..).unwrap_or(""),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hunk {
    /// The `@@ … @@` line as it came.
    pub header: String,
    /// First line and length on each side; `None` for a header without numbers.
    pub old_start: Option<u32>,
    pub old_len: u32,
    pub new_start: Option<u32>,
    pub new_len: u32,
    pub lines: Vec<HunkLine>,
    /// Lines after the body that start neither a hunk nor a file (kept, never lost).
    pub trailing: Vec<String>,
}

impl Hunk {
    /// The text after the second `@@` (often the enclosing function).
    #[cfg(test)]
    pub(crate) fn section(&self) -> &str {
        let after = self.header.get(2..).unwrap_or("");
        match after.find("@@") {
            Some(i) => after[i + 2..].trim_matches([' ', '\r']),
            None => "",
        }
    }
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FileDiff {
    /// Lines before the first hunk: `diff --git`, `index`, modes, renames, `---`/`+++`,
    /// `Binary files … differ`.
    pub header: Vec<String>,
    pub hunks: Vec<Hunk>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Patch {
    /// Lines before the first file (a commit message, say).
    pub prelude: Vec<String>,
    pub files: Vec<FileDiff>,
    /// Whether the text ended with a line break.
    pub final_newline: bool,
}

/// Reads `@@ -a[,b] +c[,d] @@`. `None` when the numbers are missing or malformed.
pub(crate) fn parse_hunk_header(line: &str) -> Option<(u32, u32, u32, u32)> {
    let rest = line.strip_prefix("@@ -")?;
    let end = rest.find(" @@")?;
    let (old, new) = rest[..end].split_once(" +")?;
    let range = |s: &str| -> Option<(u32, u32)> {
        match s.split_once(',') {
            Some((start, len)) => Some((start.parse().ok()?, len.parse().ok()?)),
            None => Some((s.parse().ok()?, 1)),
        }
    };
    let (a, b) = range(old)?;
    let (c, d) = range(new)?;
    Some((a, b, c, d))
}

/// Whether `line` starts a new file section.
fn starts_file(line: &str) -> bool {
    line.starts_with("diff ")
}

/// A plain unified diff (no `diff --git` line) starts a file at a `---` line followed by `+++`.
fn starts_plain_file(line: &str, next: Option<&&str>) -> bool {
    line.starts_with("--- ") && next.is_some_and(|n| n.starts_with("+++ "))
}

/// The hunk being read, with how many lines of each side it still expects.
struct Open {
    hunk: Hunk,
    old_left: u32,
    new_left: u32,
    numbered: bool,
    /// The counts were used up and lines kept coming: numbering goes on past them.
    over: bool,
    old_no: u32,
    new_no: u32,
}

impl Open {
    fn new(header: &str) -> Open {
        let numbers = parse_hunk_header(header.trim_end_matches('\r'));
        let (a, b, c, d) = numbers.unwrap_or((0, 0, 0, 0));
        Open {
            hunk: Hunk {
                header: header.to_string(),
                old_start: numbers.map(|_| a),
                old_len: b,
                new_start: numbers.map(|_| c),
                new_len: d,
                lines: Vec::new(),
                trailing: Vec::new(),
            },
            old_left: b,
            new_left: d,
            numbered: numbers.is_some(),
            over: false,
            old_no: a,
            new_no: c,
        }
    }

    fn empty_hunk(&self) -> bool {
        self.numbered && self.hunk.old_len == 0 && self.hunk.new_len == 0
    }

    fn done(&self) -> bool {
        self.numbered && self.old_left == 0 && self.new_left == 0
    }

    /// Takes `line` into the body if it belongs there. Once the counts are used up, signed
    /// lines are still taken (hand-written hunks miscount), unless they start a file.
    fn take(&mut self, line: &str, next: Option<&&str>) -> bool {
        // Lines after a stray one stay after it: printing keeps their order.
        if !self.hunk.trailing.is_empty() {
            return false;
        }
        let first = line.chars().next();
        let kind = match first {
            // A hunk of no lines at all may carry only a mark (why a file has no content).
            Some('\\') if !self.hunk.lines.is_empty() || self.empty_hunk() => LineKind::NoNewline,
            Some(' ') | None => LineKind::Context,
            Some('-') => LineKind::Removed,
            Some('+') => LineKind::Added,
            _ => return false,
        };
        if !self.numbered && !self.over && starts_plain_file(line, next) {
            return false;
        }
        if kind != LineKind::NoNewline && (self.numbered || self.over) {
            let fits = !self.over
                && match kind {
                    LineKind::Context => self.old_left > 0 && self.new_left > 0,
                    LineKind::Removed => self.old_left > 0,
                    _ => self.new_left > 0,
                };
            if !fits {
                let lenient =
                    (self.over || self.done()) && first.is_some() && !starts_plain_file(line, next);
                if !lenient {
                    return false;
                }
                self.over = true;
            }
        }
        let (old, new) = match kind {
            LineKind::Context => (Some(self.old_no), Some(self.new_no)),
            LineKind::Removed => (Some(self.old_no), None),
            LineKind::Added => (None, Some(self.new_no)),
            LineKind::NoNewline => (None, None),
        };
        let numbered = self.numbered;
        let keep = |n: Option<u32>| n.filter(|_| numbered);
        self.hunk.lines.push(HunkLine {
            kind,
            raw: line.to_string(),
            old: keep(old),
            new: keep(new),
        });
        if matches!(kind, LineKind::Context | LineKind::Removed) {
            self.old_left = self.old_left.saturating_sub(1);
            self.old_no += 1;
        }
        if matches!(kind, LineKind::Context | LineKind::Added) {
            self.new_left = self.new_left.saturating_sub(1);
            self.new_no += 1;
        }
        true
    }
}

/// Parses any text; lines that fit no structure are kept where they appeared.
pub fn parse_patch(text: &str) -> Patch {
    let final_newline = text.ends_with('\n');
    let body = text.strip_suffix('\n').unwrap_or(text);
    let lines: Vec<&str> = if text.is_empty() {
        Vec::new()
    } else {
        body.split('\n').collect()
    };
    let mut patch = Patch {
        final_newline,
        ..Patch::default()
    };
    let mut file: Option<FileDiff> = None;
    let mut open: Option<Open> = None;
    let mut iter = lines.iter().copied().peekable();
    while let Some(line) = iter.next() {
        if let Some(hunk) = open.as_mut() {
            if hunk.take(line, iter.peek()) {
                continue;
            }
        }
        let new_file = starts_file(line)
            || (starts_plain_file(line, iter.peek())
                && file
                    .as_ref()
                    .is_none_or(|f| !f.hunks.is_empty() || open.is_some()));
        if new_file || line.starts_with("@@") {
            close_hunk(&mut open, &mut file);
        }
        if new_file {
            if let Some(done) = file.take() {
                patch.files.push(done);
            }
            file = Some(FileDiff {
                header: vec![line.to_string()],
                hunks: Vec::new(),
            });
        } else if line.starts_with("@@") {
            file.get_or_insert_with(FileDiff::default);
            open = Some(Open::new(line));
        } else if let Some(hunk) = open.as_mut() {
            hunk.hunk.trailing.push(line.to_string());
        } else if let Some(f) = file.as_mut() {
            match f.hunks.last_mut() {
                Some(last) => last.trailing.push(line.to_string()),
                None => f.header.push(line.to_string()),
            }
        } else {
            patch.prelude.push(line.to_string());
        }
    }
    close_hunk(&mut open, &mut file);
    if let Some(done) = file {
        patch.files.push(done);
    }
    patch
}

fn close_hunk(open: &mut Option<Open>, file: &mut Option<FileDiff>) {
    if let Some(done) = open.take() {
        file.get_or_insert_with(FileDiff::default)
            .hunks
            .push(done.hunk);
    }
}

impl Patch {
    /// The text this patch was parsed from.
    pub fn print(&self) -> String {
        let mut lines: Vec<&str> = self.prelude.iter().map(String::as_str).collect();
        for file in &self.files {
            lines.extend(file.header.iter().map(String::as_str));
            for hunk in &file.hunks {
                lines.push(&hunk.header);
                lines.extend(hunk.lines.iter().map(|l| l.raw.as_str()));
                lines.extend(hunk.trailing.iter().map(String::as_str));
            }
        }
        let mut out = lines.join("\n");
        if self.final_newline {
            out.push('\n');
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hunk_headers() {
        assert_eq!(parse_hunk_header("@@ -1 +1 @@"), Some((1, 1, 1, 1)));
        assert_eq!(
            parse_hunk_header("@@ -10,7 +12,8 @@ fn main() {"),
            Some((10, 7, 12, 8))
        );
        assert_eq!(parse_hunk_header("@@ -0,0 +1,2 @@"), Some((0, 0, 1, 2)));
        assert_eq!(parse_hunk_header("@@"), None);
        assert_eq!(parse_hunk_header("@@ -x +1 @@"), None);
    }

    #[test]
    fn counts_decide_where_a_hunk_ends() {
        let text = "diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1,2 +1 @@\n--- not a header\n-b\n";
        let patch = parse_patch(text);
        assert_eq!(patch.files.len(), 1);
        let hunk = &patch.files[0].hunks[0];
        assert_eq!(hunk.lines.len(), 2);
        assert_eq!(hunk.lines[0].kind, LineKind::Removed);
        assert_eq!(hunk.lines[0].text(), "-- not a header");
        assert_eq!(patch.print(), text);
    }

    #[test]
    fn line_numbers_follow_the_header() {
        let patch = parse_patch(
            "@@ -3,3 +3,4 @@ fn f()\n a\n-b\n+B\n+C\n c\n\\ No newline at end of file\n",
        );
        let hunk = &patch.files[0].hunks[0];
        assert_eq!(hunk.section(), "fn f()");
        let numbers: Vec<_> = hunk.lines.iter().map(|l| (l.old, l.new)).collect();
        assert_eq!(
            numbers,
            [
                (Some(3), Some(3)),
                (Some(4), None),
                (None, Some(4)),
                (None, Some(5)),
                (Some(5), Some(6)),
                (None, None)
            ]
        );
        assert_eq!(hunk.lines[5].kind, LineKind::NoNewline);
    }

    #[test]
    fn unnumbered_hunks_run_to_the_next_header() {
        let patch = parse_patch("@@\n-a\n+b\n@@ fn g\n x\n");
        let hunks = &patch.files[0].hunks;
        assert_eq!(hunks.len(), 2);
        assert_eq!(hunks[0].lines.len(), 2);
        assert_eq!(hunks[0].lines[1].new, None);
    }

    #[test]
    fn plain_unified_diffs_split_into_files() {
        let text = "--- a\n+++ b\n@@ -1 +1 @@\n-x\n+y\n--- c\n+++ d\n@@ -1 +1 @@\n-x\n+y";
        let patch = parse_patch(text);
        assert_eq!(patch.files.len(), 2);
        assert!(!patch.final_newline);
        assert_eq!(patch.print(), text);
    }

    #[test]
    fn stray_text_is_kept() {
        for text in [
            "",
            "\n",
            "hello\n\nworld",
            "@@ -1 +1 @@\n-a\n+b\ntrailing junk\n",
            "diff --git a/x b/x\nBinary files a/x and b/x differ\n",
            "@@ -1 +1 @@\r\n-a\r\n+b\r\n",
        ] {
            assert_eq!(parse_patch(text).print(), text, "{text:?}");
        }
    }
}
