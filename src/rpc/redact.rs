//! Secrets in text that came from elsewhere (codex's stderr, tern's log lines) are replaced by
//! `[redacted]`. Here, below `runtime`, so the child transport can redact the stderr lines it
//! keeps to explain a crash (shown on screen and printed after exit) as the log writer does.
//!
//! What counts as a secret is a table of the forms it takes ([`FORMS`]), each with an example
//! and what it becomes; a test checks every row. A secret *name* is `authorization`, `bearer`,
//! or a name ending in `key`, `token`, `secret`, `password` or `passwd` as a word of its own
//! (`OPENAI_API_KEY`, `apiKey`, `api-key`; not `monkey` or `max_tokens`).
//!
//! Besides these forms, the exact values tern holds as secrets (a `--remote` bearer token,
//! whatever the variable or file it came from was called; the API key sent on sign-in or found
//! in the environment; a model provider's bearer token and its `env_key`'s value) are
//! registered with [`register_secret`] and replaced wherever they appear: in the log, and in
//! every line from the server before tern reads it ([`mask_known_json_line`]).

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

/// Every known secret value replaced in `text`, nothing else touched: for the server's text
/// (shown, printed after exit, exported, put in a title or a notification, saved), where the
/// forms of [`redact`] would mangle ordinary content (code that sets `password=`). A server
/// that echoes the key it was just sent — a 401 body quoting `authorization: Bearer …`, a
/// login error repeating the key — shows `[redacted]`.
#[cfg(test)]
pub(crate) fn mask_known(text: &str) -> Cow<'_, str> {
    let secrets = known_secrets().lock().unwrap_or_else(|p| p.into_inner());
    mask_with(text, &secrets)
}

fn mask_with<'a>(text: &'a str, secrets: &[String]) -> Cow<'a, str> {
    if !secrets.iter().any(|s| text.contains(s.as_str())) {
        return Cow::Borrowed(text);
    }
    let mut out = text.to_string();
    for secret in secrets {
        out = out.replace(secret.as_str(), REDACTED);
    }
    Cow::Owned(out)
}

/// One JSON line from the server with every known secret masked inside its strings (and
/// keys), before anything of tern reads it: every path server text takes starts here. A line
/// holding no secret is returned as it is (one search per secret); one that does is parsed,
/// masked string by string (so a secret inside a number or across the syntax cannot break the
/// JSON) and written again.
pub(crate) fn mask_known_json_line(line: &str) -> Cow<'_, str> {
    let secrets = known_secrets().lock().unwrap_or_else(|p| p.into_inner());
    let escaped = |s: &str| serde_json::to_string(s).map(|q| q[1..q.len() - 1].to_string());
    let holds = secrets
        .iter()
        .any(|s| line.contains(s.as_str()) || escaped(s).is_ok_and(|e| line.contains(e.as_str())));
    if !holds {
        return Cow::Borrowed(line);
    }
    match serde_json::from_str::<serde_json::Value>(line) {
        Ok(mut value) => {
            mask_value(&mut value, &secrets);
            Cow::Owned(value.to_string())
        }
        // Not JSON: refused by the parser anyway, and never shown.
        Err(_) => Cow::Owned(mask_with(line, &secrets).into_owned()),
    }
}

/// Masks known secrets in every string of `value` (object keys included).
pub(crate) fn mask_json(value: &mut serde_json::Value) {
    let secrets = known_secrets().lock().unwrap_or_else(|p| p.into_inner());
    mask_value(value, &secrets);
}

fn mask_value(value: &mut serde_json::Value, secrets: &[String]) {
    use serde_json::Value;
    match value {
        Value::String(text) => {
            if let Cow::Owned(masked) = mask_with(text, secrets) {
                *text = masked;
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|v| mask_value(v, secrets)),
        Value::Object(map) => {
            let entries = std::mem::take(map);
            for (key, mut v) in entries {
                mask_value(&mut v, secrets);
                map.insert(mask_with(&key, secrets).into_owned(), v);
            }
        }
        _ => {}
    }
}

/// The secrets a model provider's settings (`config/read`'s `model_providers`, or the same
/// table of codex's config.toml) hold: each provider's `experimental_bearer_token`, and the
/// value of the environment variable its `env_key` names (read with `env`).
pub fn provider_secrets(
    providers: &serde_json::Value,
    env: impl Fn(&str) -> Option<String>,
) -> Vec<String> {
    let Some(providers) = providers.as_object() else {
        return Vec::new();
    };
    let mut found = Vec::new();
    for provider in providers.values() {
        if let Some(token) = provider["experimental_bearer_token"].as_str() {
            found.push(token.to_string());
        }
        if let Some(value) = provider["env_key"].as_str().and_then(&env) {
            found.push(value);
        }
    }
    found
}

const REDACTED: &str = "[redacted]";
const SUFFIXES: &[&str] = &["key", "token", "secret", "password", "passwd"];

/// A form a secret takes: its name, an example, and the example redacted.
#[cfg(test)]
pub(crate) struct Form {
    pub name: &'static str,
    pub example: &'static str,
    pub redacted: &'static str,
}

/// Every form [`redact`] knows.
#[cfg(test)]
pub(crate) const FORMS: &[Form] = &[
    Form {
        name: "NAME=value (environment, query strings)",
        example: "OPENAI_API_KEY=sk-live-1 next",
        redacted: "OPENAI_API_KEY=[redacted] next",
    },
    Form {
        name: "NAME: value (headers, YAML, logs)",
        example: "GITHUB_TOKEN: ghp_secret",
        redacted: "GITHUB_TOKEN: [redacted]",
    },
    Form {
        name: "JSON \"name\": \"value\"",
        example: "{\"apiKey\": \"k-9\", \"model\": \"m\"}",
        redacted: "{\"apiKey\": \"[redacted]\", \"model\": \"m\"}",
    },
    Form {
        name: "JSON inside a string, quotes escaped",
        example: r#"body="{\"apiKey\":\"sk-abc\",\"n\":1}""#,
        redacted: r#"body="{\"apiKey\":\"[redacted]\",\"n\":1}""#,
    },
    Form {
        name: "quoted with single quotes, spaces inside",
        example: "client_secret='s e c'",
        redacted: "client_secret='[redacted]'",
    },
    Form {
        name: "query-string pair",
        example: "password=hunter2&user=me",
        redacted: "password=[redacted]&user=me",
    },
    Form {
        name: "command-line flag and its value",
        example: "codex --api-key sk-abc123 --model m",
        redacted: "codex --api-key [redacted] --model m",
    },
    Form {
        name: "command-line flag with =",
        example: "run --auth-token=tok-9 now",
        redacted: "run --auth-token=[redacted] now",
    },
    Form {
        name: "Debug-printed struct",
        example: "ApiKey { value: \"sk-abc\", scope: All } next",
        redacted: "ApiKey { [redacted] } next",
    },
    Form {
        name: "Debug-printed tuple struct",
        example: "token: SecretToken(\"tok-1\"), user",
        redacted: "token: [redacted], user",
    },
    Form {
        name: "Debug-printed field with Some",
        example: "Config { api_key: Some(\"sk-1\"), model: \"m\" }",
        redacted: "Config { api_key: [redacted], model: \"m\" }",
    },
    Form {
        name: "Authorization header, to the end of the line",
        example: "Authorization: Bearer sk-abc123 extra",
        redacted: "Authorization: [redacted]",
    },
    Form {
        name: "Bearer and a space",
        example: "sent Bearer eyJhbGciOi.payload.sig to",
        redacted: "sent Bearer [redacted] to",
    },
    Form {
        name: "Bearer and a tab",
        example: "sent Bearer\tsk-tab-1 to",
        redacted: "sent Bearer\t[redacted] to",
    },
    Form {
        name: "bearer=value",
        example: "auth bearer=sk-eq-1 ok",
        redacted: "auth bearer=[redacted] ok",
    },
    Form {
        name: "an OpenAI key alone",
        example: "used sk-proj-AbCdEf0123456789xyz for it",
        redacted: "used [redacted] for it",
    },
    Form {
        name: "a GitHub token alone",
        example: "cloned with ghp_0123456789abcdefABCDEF0123456789abcd.",
        redacted: "cloned with [redacted].",
    },
    Form {
        name: "credentials in a URL",
        example: "fetch https://me:hunter2@example.com/x",
        redacted: "fetch https://me:[redacted]@example.com/x",
    },
];

/// Prefixes of tokens that are secrets wherever they stand, with the shortest length after
/// the prefix that makes one (shorter is a word like `sk-learn`).
const TOKEN_PREFIXES: &[(&str, usize)] = &[
    ("sk-", 16),
    ("ghp_", 20),
    ("gho_", 20),
    ("ghs_", 20),
    ("github_pat_", 20),
    ("xoxb-", 10),
    ("xoxp-", 10),
    ("AKIA", 16),
];

/// `text` with every secret value replaced by `[redacted]`.
pub fn redact(text: &str) -> Cow<'_, str> {
    let patterns = redact_patterns(text);
    let secrets = known_secrets().lock().unwrap_or_else(|p| p.into_inner());
    if secrets.iter().any(|s| patterns.contains(s.as_str())) {
        let mut out = patterns.into_owned();
        for secret in secrets.iter() {
            out = out.replace(secret.as_str(), REDACTED);
        }
        return Cow::Owned(out);
    }
    patterns
}

/// The forms of the table ([`FORMS`]).
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
        // `-` is part of a name (`api-key`), so a flag's dashes start its name.
        let flag = name.starts_with("--");
        let value = if let Some(len) = secret_token(name) {
            Some((start, start + len))
        } else if name.eq_ignore_ascii_case("bearer") {
            bearer_value(bytes, i)
        } else if name.eq_ignore_ascii_case("authorization") {
            assigned_value(bytes, i, true)
        } else if is_secret_name(name) {
            assigned_value(bytes, i, false)
                .or_else(|| flag.then(|| flag_value(bytes, i)).flatten())
                .or_else(|| debug_body(bytes, i).map(|(open, end)| inside(bytes, open, end)))
        } else if matches!(name, "http" | "https") {
            url_password(bytes, i)
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

/// The length of `word` when it is a token that is a secret by its shape alone.
fn secret_token(word: &str) -> Option<usize> {
    TOKEN_PREFIXES
        .iter()
        .any(|(prefix, min)| word.starts_with(prefix) && word.len() >= prefix.len() + min)
        .then_some(word.len())
}

/// After `Bearer`: spaces or tabs (or `=`, `:`), then the token.
fn bearer_value(bytes: &[u8], mut i: usize) -> Option<(usize, usize)> {
    let gap = i;
    while i < bytes.len() && matches!(bytes[i], b' ' | b'\t' | b'=' | b':') {
        i += 1;
    }
    if i == gap {
        return None;
    }
    let from = i;
    while i < bytes.len() && !bytes[i].is_ascii_whitespace() && !b"\"',;}\\".contains(&bytes[i]) {
        i += 1;
    }
    Some((from, i))
}

/// After a name: an optional closing quote (escaped or not), `=` or `:`, then the value
/// (quoted: up to its closing quote; bare: up to a space or separator, or for `whole_line` to
/// the line's end).
fn assigned_value(bytes: &[u8], mut i: usize, whole_line: bool) -> Option<(usize, usize)> {
    if bytes.get(i) == Some(&b'\\') && matches!(bytes.get(i + 1), Some(b'"' | b'\'')) {
        i += 2;
    } else if i < bytes.len() && matches!(bytes[i], b'"' | b'\'') {
        i += 1;
    }
    while i < bytes.len() && matches!(bytes[i], b' ' | b'\t') {
        i += 1;
    }
    if i >= bytes.len() || !matches!(bytes[i], b'=' | b':') {
        return None;
    }
    i += 1;
    while i < bytes.len() && matches!(bytes[i], b' ' | b'\t') {
        i += 1;
    }
    // A quoted value, its quote escaped when the JSON sits inside a string.
    let escaped = bytes.get(i) == Some(&b'\\') && matches!(bytes.get(i + 1), Some(b'"' | b'\''));
    if escaped || (i < bytes.len() && matches!(bytes[i], b'"' | b'\'')) {
        let quote = bytes[i + usize::from(escaped)];
        let from = i + 1 + usize::from(escaped);
        let mut j = from;
        while j < bytes.len() {
            if escaped && bytes[j] == b'\\' && bytes.get(j + 1) == Some(&quote) {
                break;
            }
            if !escaped && bytes[j] == quote {
                break;
            }
            j += if bytes[j] == b'\\' && !escaped { 2 } else { 1 };
        }
        return Some((from, j.min(bytes.len())));
    }
    // A Debug-printed value: `Some("…")`, `Secret("…")`, `Key { … }`.
    if let Some((_, end)) = debug_body(bytes, i) {
        return Some((i, end));
    }
    let from = i;
    let stop: &[u8] = if whole_line { b"\n" } else { b"\n ,;&}" };
    while i < bytes.len() && !stop.contains(&bytes[i]) {
        i += 1;
    }
    Some((from, i))
}

/// After `--NAME`: a space, then the value (a bare word).
fn flag_value(bytes: &[u8], mut i: usize) -> Option<(usize, usize)> {
    if bytes.get(i) != Some(&b' ') {
        return None;
    }
    while i < bytes.len() && bytes[i] == b' ' {
        i += 1;
    }
    if i >= bytes.len() || bytes[i] == b'-' {
        return None;
    }
    let from = i;
    while i < bytes.len() && !bytes[i].is_ascii_whitespace() {
        i += 1;
    }
    Some((from, i))
}

/// The inside of a body from its opening `open` to its `end` (past the close), spaces kept.
fn inside(bytes: &[u8], open: usize, end: usize) -> (usize, usize) {
    let mut from = open + 1;
    let mut to = end - 1;
    while from < to && bytes[from] == b' ' {
        from += 1;
    }
    while to > from && bytes[to - 1] == b' ' {
        to -= 1;
    }
    (from, to)
}

/// A Debug-printed body at `i` (after optional spaces and a type name): `{ … }` or `( … )`, to
/// its matching close. Returns where it opens and where it ends (past the close).
fn debug_body(bytes: &[u8], mut i: usize) -> Option<(usize, usize)> {
    while i < bytes.len() && bytes[i] == b' ' {
        i += 1;
    }
    while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
        i += 1;
    }
    while i < bytes.len() && bytes[i] == b' ' {
        i += 1;
    }
    let (open, close) = match bytes.get(i)? {
        b'{' => (b'{', b'}'),
        b'(' => (b'(', b')'),
        _ => return None,
    };
    let opened = i;
    let mut depth = 0usize;
    let mut quoted = false;
    let mut j = i;
    while j < bytes.len() {
        match bytes[j] {
            b'\\' if quoted => j += 1,
            b'"' => quoted = !quoted,
            b if b == open && !quoted => depth += 1,
            b if b == close && !quoted => {
                depth -= 1;
                if depth == 0 {
                    return Some((opened, j + 1));
                }
            }
            b'\n' => return None,
            _ => {}
        }
        j += 1;
    }
    None
}

/// `://user:password@`: the password.
fn url_password(bytes: &[u8], i: usize) -> Option<(usize, usize)> {
    if bytes.get(i..i + 3)? != b"://" {
        return None;
    }
    let start = i + 3;
    let end = bytes[start..]
        .iter()
        .position(|b| b.is_ascii_whitespace() || matches!(b, b'/' | b'"' | b'\''))
        .map_or(bytes.len(), |n| start + n);
    let at = bytes[start..end].iter().rposition(|&b| b == b'@')? + start;
    let colon = bytes[start..at].iter().position(|&b| b == b':')? + start;
    Some((colon + 1, at))
}

#[cfg(test)]
mod tests {
    use super::{redact, FORMS};

    /// One test per row of the table.
    macro_rules! rows {
        ($($name:ident: $index:expr,)*) => {
            $(
                #[test]
                fn $name() {
                    let form = &FORMS[$index];
                    assert_eq!(redact(form.example), form.redacted, "{}", form.name);
                }
            )*

            #[test]
            fn every_row_has_its_test() {
                assert_eq!(FORMS.len(), [$($index),*].len());
            }
        };
    }

    rows! {
        name_equals: 0,
        name_colon: 1,
        json: 2,
        json_in_a_string: 3,
        single_quoted: 4,
        query_pair: 5,
        flag_and_value: 6,
        flag_equals: 7,
        debug_struct: 8,
        debug_tuple: 9,
        debug_some: 10,
        authorization_header: 11,
        bearer_space: 12,
        bearer_tab: 13,
        bearer_equals: 14,
        openai_key_alone: 15,
        github_token_alone: 16,
        url_credentials: 17,
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
    fn known_secrets_are_masked_in_server_json_and_nothing_else_is() {
        super::register_secret("sk-echoed-9f8e7d6c");
        super::register_secret("314159265358");
        let line = r#"{"id":1,"error":{"code":-1,"message":"401: authorization: Bearer sk-echoed-9f8e7d6c"},"n":314159265358}"#;
        let masked = super::mask_known_json_line(line);
        assert!(!masked.contains("sk-echoed"), "{masked}");
        assert!(masked.contains("Bearer [redacted]"), "{masked}");
        let value: serde_json::Value = serde_json::from_str(&masked).expect("still JSON");
        assert_eq!(value["n"], 314159265358u64, "a number is never touched");
        let plain = r#"{"x":"password=hunter2"}"#;
        assert_eq!(super::mask_known_json_line(plain), plain);
        assert_eq!(super::mask_known("password=hunter2"), "password=hunter2");
    }

    #[test]
    fn a_providers_bearer_token_and_env_key_value_are_its_secrets() {
        let providers = serde_json::json!({
            "a": {"experimental_bearer_token": "tok-a-123456", "env_key": null},
            "b": {"experimental_bearer_token": null, "env_key": "B_KEY"},
            "c": {"env_key": "UNSET"},
        });
        let env = |name: &str| (name == "B_KEY").then(|| "b-value-654321".to_string());
        assert_eq!(
            super::provider_secrets(&providers, env),
            ["tok-a-123456", "b-value-654321"]
        );
    }

    #[test]
    fn ordinary_words_are_left_alone() {
        for text in [
            "max_tokens=100 input_tokens: 5",
            "monkey=3 keyboard: qwerty",
            "the key point: tokens are counted",
            "no secrets here",
            "pip install sk-learn scikit",
            "https://example.com/a:b@c",
            "--max-tokens 5 --token-limit 9",
        ] {
            assert_eq!(redact(text), text);
        }
    }
}
