//! A command's output kept within a bound: past the cap, the first lines and the latest ones
//! stay, and one line in between says how many lines and bytes were dropped. A command printing
//! 50 MB (or forever) costs tern a few MB, and the person still sees how it started and where it
//! is now.

/// The head kept from the start of the output.
pub const HEAD_BYTES: usize = 256 << 10;
/// The tail kept from the end.
pub const TAIL_BYTES: usize = 1 << 20;

/// What was dropped from one output so far.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Capped {
    /// Bytes of `output` before the marker line (the head kept).
    head_len: usize,
    /// Length of the marker line, newline included.
    marker_len: usize,
    pub lines: u64,
    pub bytes: u64,
}

/// Trims `output` when it outgrew the cap; `capped` carries what was dropped across calls.
/// Trims only once the output is a whole tail over the bound, so each byte is copied a bounded
/// number of times however the output arrives.
pub fn cap(output: &mut String, capped: &mut Option<Capped>) {
    let kept = capped.map_or(0, |c| c.head_len + c.marker_len);
    if output.len() <= kept.max(HEAD_BYTES) + 2 * TAIL_BYTES {
        return;
    }
    let mut state = capped.unwrap_or_else(|| Capped {
        head_len: line_start_at_or_before(output, HEAD_BYTES),
        ..Capped::default()
    });
    let middle_start = state.head_len + state.marker_len;
    let tail_start = line_start_at_or_after(output, output.len() - TAIL_BYTES);
    let middle = &output[middle_start..tail_start];
    state.bytes += middle.len() as u64;
    state.lines += middle.bytes().filter(|&b| b == b'\n').count() as u64;
    let marker = format!(
        "… {} lines ({}) of output dropped here: tern keeps the first {} KB and the last {} MB …\n",
        state.lines,
        human_bytes(state.bytes),
        HEAD_BYTES >> 10,
        TAIL_BYTES >> 20
    );
    let mut trimmed = String::with_capacity(state.head_len + marker.len() + TAIL_BYTES);
    trimmed.push_str(&output[..state.head_len]);
    trimmed.push_str(&marker);
    trimmed.push_str(&output[tail_start..]);
    state.marker_len = marker.len();
    *output = trimmed;
    *capped = Some(state);
}

/// The start of the line holding byte `at` (or `at` itself on a char boundary when the line
/// is longer than the whole head: one huge line is cut, not kept whole).
fn line_start_at_or_before(text: &str, at: usize) -> usize {
    match text[..floor_char(text, at)].rfind('\n') {
        Some(i) => i + 1,
        None => floor_char(text, at),
    }
}

/// The start of the first line that begins at or after byte `at`, or `at` when none does soon.
fn line_start_at_or_after(text: &str, at: usize) -> usize {
    let at = floor_char(text, at);
    match text[at..].find('\n') {
        Some(i) if i < TAIL_BYTES / 2 => at + i + 1,
        _ => at,
    }
}

fn floor_char(text: &str, mut at: usize) -> usize {
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

fn human_bytes(bytes: u64) -> String {
    if bytes >= 1 << 20 {
        format!("{:.1} MB", bytes as f64 / (1 << 20) as f64)
    } else {
        format!("{:.1} KB", bytes as f64 / 1024.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_output_keeps_its_head_and_tail_and_counts_what_was_dropped() {
        let mut output = String::new();
        let mut capped = None;
        let total_lines = 400_000u64;
        for i in 0..total_lines {
            output.push_str(&format!("line {i:>8} of the command's output\n"));
            cap(&mut output, &mut capped);
        }
        let c = capped.expect("capped");
        assert!(
            output.len() <= HEAD_BYTES + 3 * TAIL_BYTES,
            "{}",
            output.len()
        );
        assert!(output.starts_with("line        0 of"));
        assert!(output.ends_with(&format!(
            "line {:>8} of the command's output\n",
            total_lines - 1
        )));
        let kept = output.lines().filter(|l| l.starts_with("line ")).count() as u64;
        assert_eq!(kept + c.lines, total_lines, "every line is kept or counted");
        let marker = output.lines().find(|l| l.starts_with('…')).unwrap();
        assert!(marker.contains(&format!("{} lines", c.lines)), "{marker}");
        let markers = output.lines().filter(|l| l.contains("output dropped"));
        assert_eq!(markers.count(), 1, "one marker line");
    }

    #[test]
    fn one_huge_line_is_cut_on_char_boundaries() {
        let mut output = "é".repeat(3 * TAIL_BYTES);
        let mut capped = None;
        cap(&mut output, &mut capped);
        assert!(capped.is_some());
        assert!(output.len() < HEAD_BYTES + 2 * TAIL_BYTES);
    }
}
