//! Large pastes are folded: the composer shows a short token such as "[pasted 1,234 lines]"
//! and keeps the text aside; the token expands to the full text when the prompt is sent (and
//! in history). Editing stays fast however much was pasted.

/// A paste with more lines than this is folded.
pub(crate) const FOLD_LINES: usize = 10;
/// A paste longer than this (in chars) is folded, even on one line.
pub(crate) const FOLD_CHARS: usize = 2000;

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct FoldedPaste {
    pub token: String,
    pub text: String,
}

/// A draft set whole (a recalled prompt, the editor's text) is folded only beyond these: what
/// the person wrote themselves stays editable unless it would slow every frame.
pub(crate) const FOLD_DRAFT_LINES: usize = 500;
pub(crate) const FOLD_DRAFT_CHARS: usize = 50_000;

/// Whether a draft set whole is big enough to fold.
pub(crate) fn should_fold_draft(text: &str) -> bool {
    text.len() > FOLD_DRAFT_CHARS || text.lines().nth(FOLD_DRAFT_LINES).is_some()
}

/// Whether a paste is big enough to fold.
pub(crate) fn should_fold(text: &str) -> bool {
    (text.len() > FOLD_CHARS && text.chars().count() > FOLD_CHARS)
        || text.lines().nth(FOLD_LINES).is_some()
}

/// The token for a paste, unique among `existing`.
pub(crate) fn token_for(text: &str, existing: &[FoldedPaste]) -> String {
    let lines = text.lines().count().max(1);
    let base = if lines > 1 {
        format!("[pasted {} lines", thousands(lines))
    } else {
        format!("[pasted {} chars", thousands(text.chars().count()))
    };
    let mut token = format!("{base}]");
    let mut n = 2;
    while existing.iter().any(|p| p.token == token) {
        token = format!("{base} #{n}]");
        n += 1;
    }
    token
}

/// `text` with the first occurrence of each paste's token replaced by its text. A token the
/// person edited away stays as typed.
pub(crate) fn expand(text: &str, pastes: &[FoldedPaste]) -> String {
    let mut found: Vec<(usize, &FoldedPaste)> = pastes
        .iter()
        .filter_map(|p| text.find(&p.token).map(|at| (at, p)))
        .collect();
    found.sort_by_key(|(at, _)| *at);
    let mut out =
        String::with_capacity(text.len() + found.iter().map(|(_, p)| p.text.len()).sum::<usize>());
    let mut from = 0;
    for (at, paste) in found {
        if at < from {
            continue;
        }
        out.push_str(&text[from..at]);
        out.push_str(&paste.text);
        from = at + paste.token.len();
    }
    out.push_str(&text[from..]);
    out
}

/// 1234567 → "1,234,567".
pub(crate) fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_unique_and_expand_in_place() {
        let a = "x\n".repeat(1234);
        let first = FoldedPaste {
            token: token_for(&a, &[]),
            text: a.clone(),
        };
        assert_eq!(first.token, "[pasted 1,234 lines]");
        let second = FoldedPaste {
            token: token_for(&a, std::slice::from_ref(&first)),
            text: "y".into(),
        };
        assert_eq!(second.token, "[pasted 1,234 lines #2]");
        let typed = format!("see {} and {} end", first.token, second.token);
        assert_eq!(
            expand(&typed, &[first, second]),
            format!("see {a} and y end")
        );
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1_000_000), "1,000,000");
    }
}
