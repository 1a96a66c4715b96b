//! Secrets in text that came from elsewhere (codex's stderr, tern's log lines): bearer tokens,
//! `Authorization` headers and the values of `*_KEY`, `*_TOKEN`, `*_SECRET` and `password`
//! settings (as `NAME=value`, `NAME: value` or JSON `"name": "value"`) are replaced by
//! `[redacted]`. Here, below `runtime`, so the child transport can redact the stderr lines it
//! keeps to explain a crash (shown on screen and printed after exit) as the log writer does.
//! Besides these patterns, the exact values tern holds as secrets (a `--remote` bearer token,
//! whatever the variable or file it came from was called) are registered with
//! [`register_secret`] and replaced wherever they appear.

use std::borrow::Cow;
use std::sync::{Mutex, OnceLock};

/// Secret values known to this process, replaced wherever they appear.
fn known_secrets() -> &'static Mutex<Vec<String>> {
    static SECRETS: OnceLock<Mutex<Vec<String>>> = OnceLock::new();
    SECRETS.get_or_init(|| Mutex::new(Vec::new()))
}

/// From now on `secret` is redacted from every text passed to [`redact`]. Values shorter than 6
/// characters are not registered: they would blank out ordinary words.
pub fn register_secret(secret: &str) {
    let secret = secret.trim();
    if secret.chars().count() < 6 {
        return;
    }
    let mut secrets = known_secrets().lock().unwrap();
    if !secrets.iter().any(|s| s == secret) {
        secrets.push(secret.to_string());
    }
}

const REDACTED: &str = "[redacted]";
const SUFFIXES: &[&str] = &["key", "token", "secret", "password", "passwd"];

/// `text` with every secret value replaced by `[redacted]`.
pub fn redact(text: &str) -> Cow<'_, str> {
    let patterns = redact_patterns(text);
    let secrets = known_secrets().lock().unwrap();
    if secrets.iter().any(|s| patterns.contains(s.as_str())) {
        let mut out = patterns.into_owned();
        for secret in secrets.iter() {
            out = out.replace(secret.as_str(), REDACTED);
        }
        return Cow::Owned(out);
    }
    patterns
}

/// The name-based rules: bearer tokens, `Authorization`, `*_KEY=` and the like.
fn redact_patterns(text: &str) -> Cow<'_, str> {
    let bytes = text.as_bytes();
    let mut out = String::new();
    // Everything before `copied` is in `out` already.
    let mut copied = 0;
    let mut i = 0;
    while i < bytes.len() {
        if !is_name_byte(bytes[i]) || (i > 0 && is_name_byte(bytes[i - 1])) {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len() && is_name_byte(bytes[i]) {
            i += 1;
        }
        let name = &text[start..i];
        let value = if name.eq_ignore_ascii_case("bearer") {
            bearer_value(bytes, i)
        } else if name.eq_ignore_ascii_case("authorization") {
            assigned_value(bytes, i, true)
        } else if is_secret_name(name) {
            assigned_value(bytes, i, false)
        } else {
            None
        };
        if let Some((from, to)) = value {
            if to > from && &text[from..to] != REDACTED {
                out.push_str(&text[copied..from]);
                out.push_str(REDACTED);
                copied = to;
                i = to;
            }
        }
    }
    if copied == 0 {
        return Cow::Borrowed(text);
    }
    out.push_str(&text[copied..]);
    Cow::Owned(out)
}

fn is_name_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'-'
}

/// `OPENAI_API_KEY`, `api-key`, `apiKey`, `password`, `token` — not `monkey` or `max_tokens`.
fn is_secret_name(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    SUFFIXES.iter().any(|suffix| {
        lower.ends_with(suffix) && {
            let at = name.len() - suffix.len();
            at == 0
                || matches!(name.as_bytes()[at - 1], b'_' | b'-')
                || name.as_bytes()[at].is_ascii_uppercase()
        }
    })
}

/// After `Bearer`: spaces, then the token.
fn bearer_value(bytes: &[u8], mut i: usize) -> Option<(usize, usize)> {
    let spaces = i;
    while i < bytes.len() && bytes[i] == b' ' {
        i += 1;
    }
    if i == spaces {
        return None;
    }
    let from = i;
    while i < bytes.len() && !bytes[i].is_ascii_whitespace() && !b"\"',;}".contains(&bytes[i]) {
        i += 1;
    }
    Some((from, i))
}

/// After a name: an optional closing quote, `=` or `:`, then the value (quoted: up to its
/// closing quote; bare: up to a space or separator, or for `whole_line` to the line's end).
fn assigned_value(bytes: &[u8], mut i: usize, whole_line: bool) -> Option<(usize, usize)> {
    if i < bytes.len() && matches!(bytes[i], b'"' | b'\'') {
        i += 1;
    }
    while i < bytes.len() && bytes[i] == b' ' {
        i += 1;
    }
    if i >= bytes.len() || !matches!(bytes[i], b'=' | b':') {
        return None;
    }
    i += 1;
    while i < bytes.len() && bytes[i] == b' ' {
        i += 1;
    }
    if i < bytes.len() && matches!(bytes[i], b'"' | b'\'') {
        let quote = bytes[i];
        let from = i + 1;
        let mut j = from;
        while j < bytes.len() && bytes[j] != quote {
            j += if bytes[j] == b'\\' { 2 } else { 1 };
        }
        return Some((from, j.min(bytes.len())));
    }
    let from = i;
    let stop: &[u8] = if whole_line { b"\n" } else { b"\n ,;&}" };
    while i < bytes.len() && !stop.contains(&bytes[i]) {
        i += 1;
    }
    Some((from, i))
}

#[cfg(test)]
mod tests {
    use super::redact;

    #[test]
    fn secrets_are_redacted_in_every_spelling() {
        let cases = [
            (
                "Authorization: Bearer sk-abc123 extra",
                "Authorization: [redacted]",
            ),
            (
                "header authorization=\"Bearer xyz\" ok",
                "header authorization=\"[redacted]\" ok",
            ),
            (
                "sent Bearer eyJhbGciOi.payload.sig to",
                "sent Bearer [redacted] to",
            ),
            (
                "OPENAI_API_KEY=sk-live-1 next",
                "OPENAI_API_KEY=[redacted] next",
            ),
            (
                "{\"apiKey\": \"k-9\", \"model\": \"m\"}",
                "{\"apiKey\": \"[redacted]\", \"model\": \"m\"}",
            ),
            ("GITHUB_TOKEN: ghp_secret", "GITHUB_TOKEN: [redacted]"),
            ("password=hunter2&user=me", "password=[redacted]&user=me"),
            ("client_secret='s e c'", "client_secret='[redacted]'"),
        ];
        for (input, expected) in cases {
            assert_eq!(redact(input), expected, "{input}");
        }
    }

    #[test]
    fn registered_secrets_are_redacted_whatever_surrounds_them() {
        super::register_secret("ws-tok-7f3a9c");
        assert_eq!(
            redact("MY_WS_AUTH=ws-tok-7f3a9c and in a url ?t=ws-tok-7f3a9c."),
            "MY_WS_AUTH=[redacted] and in a url ?t=[redacted]."
        );
        super::register_secret("abc");
        assert_eq!(redact("abc"), "abc", "too short to register");
    }

    #[test]
    fn ordinary_words_are_left_alone() {
        for text in [
            "max_tokens=100 input_tokens: 5",
            "monkey=3 keyboard: qwerty",
            "the key point: tokens are counted",
            "no secrets here",
        ] {
            assert_eq!(redact(text), text);
        }
    }
}
