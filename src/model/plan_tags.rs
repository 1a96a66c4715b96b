//! The `<proposed_plan>` … `</proposed_plan>` tag lines a model writes around a plan. In Plan
//! mode the server lifts the block out into a `plan` item; in any other mode it stays in the
//! message, tags and all, and the official TUI prints the tags. tern drops the two tag lines
//! (each becomes an empty line, so the plan still reads as its own blocks), both from a whole
//! text and from a stream of deltas cut anywhere, even inside a tag.

const TAGS: [&str; 2] = ["<proposed_plan>", "</proposed_plan>"];

/// Whether `line` (without its line end) is one of the tag lines.
fn is_tag_line(line: &str) -> bool {
    let line = line.trim_end_matches('\r').trim();
    TAGS.contains(&line)
}

/// Whether `start` (the start of a line so far) may still become a tag line.
fn may_become_tag(start: &str) -> bool {
    let start = start.trim_start();
    let core = start.trim_end();
    TAGS.iter()
        .any(|tag| tag.starts_with(start) || *tag == core)
}

/// `text` with its tag lines made empty.
pub(crate) fn strip_plan_tags(text: &str) -> String {
    if !text.contains("proposed_plan>") {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    for piece in text.split_inclusive('\n') {
        let line = piece.strip_suffix('\n').unwrap_or(piece);
        if is_tag_line(line) {
            if piece.ends_with('\n') {
                out.push('\n');
            }
        } else {
            out.push_str(piece);
        }
    }
    out
}

/// Follows a message as it streams: the part of `delta` to show now. Text that may be the
/// start of a tag line is held back in `held` until its line ends, or until it stops looking
/// like one. `at_line_start`: what was shown so far is empty or ends a line.
pub(crate) fn filter_delta(held: &mut String, at_line_start: bool, delta: &str) -> String {
    let mut at_line_start = at_line_start || !held.is_empty();
    let mut out = String::new();
    for piece in delta.split_inclusive('\n') {
        let ends_line = piece.ends_with('\n');
        if !at_line_start {
            out.push_str(piece);
            at_line_start = ends_line;
            continue;
        }
        held.push_str(piece);
        let line = held.strip_suffix('\n').unwrap_or(held);
        if ends_line {
            if is_tag_line(line) {
                out.push('\n');
            } else {
                out.push_str(held);
            }
            held.clear();
        } else if !may_become_tag(line) {
            out.push_str(held);
            held.clear();
            at_line_start = false;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const PLAN: &str = "Here is my plan.\n\n<proposed_plan>\n# Fix the bug\n\n1. Read `src/lib.rs`\n</proposed_plan>\n\nPLAN-DONE p1";

    #[test]
    fn tag_lines_become_empty_lines() {
        assert_eq!(
            strip_plan_tags(PLAN),
            "Here is my plan.\n\n\n# Fix the bug\n\n1. Read `src/lib.rs`\n\n\nPLAN-DONE p1"
        );
        let inline = "write <proposed_plan> in a sentence";
        assert_eq!(strip_plan_tags(inline), inline, "only whole lines are tags");
    }

    #[test]
    fn a_stream_cut_anywhere_shows_what_the_whole_text_does() {
        let whole = strip_plan_tags(PLAN);
        for size in 1..12 {
            let mut held = String::new();
            let mut shown = String::new();
            let chars: Vec<char> = PLAN.chars().collect();
            for c in chars.chunks(size) {
                let at_line_start = shown.is_empty() || shown.ends_with('\n');
                let piece = filter_delta(&mut held, at_line_start, &c.iter().collect::<String>());
                shown.push_str(&piece);
            }
            assert_eq!(shown, whole, "pieces of {size}");
            assert!(held.is_empty());
        }
    }

    #[test]
    fn text_that_stops_looking_like_a_tag_is_let_through_at_once() {
        let mut held = String::new();
        assert_eq!(filter_delta(&mut held, true, "<propo"), "");
        assert_eq!(held, "<propo");
        assert_eq!(filter_delta(&mut held, false, "se a fix"), "<propose a fix");
        assert_eq!(filter_delta(&mut held, false, " and more"), " and more");
    }
}
