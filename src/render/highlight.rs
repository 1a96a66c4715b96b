//! Syntax highlighting of code blocks with syntect and two-face's larger syntax set (TOML,
//! TypeScript, Dockerfile …), on the Oniguruma regex engine: syntect compiles each grammar's
//! regexes when they are first needed, and Oniguruma compiles them several times faster and in
//! far less memory than fancy-regex (see the benchmarks' docs, `tests/bench/main.rs`). The set is loaded by
//! [`warm_up_in_background`] on a thread of its own at startup, so neither the first frame nor
//! the first code block of a stream waits for it.

pub use crate::model::Theme;
use crate::text::sanitize::sanitize_line;
use crate::theme::syntax::{code_style, syntect_theme};
use ratatui::text::Span;
use std::sync::OnceLock;
use syntect::easy::HighlightLines;
use syntect::highlighting::HighlightState;
use syntect::parsing::{ParseState, SyntaxSet};

/// Above these sizes a block is shown plain: highlighting it would stall a frame.
const MAX_LINES: usize = 1_500;
const MAX_BYTES: usize = 128 * 1024;

fn syntaxes() -> &'static SyntaxSet {
    static SET: OnceLock<SyntaxSet> = OnceLock::new();
    SET.get_or_init(two_face::syntax::extra_newlines)
}

/// Languages whose grammars are compiled during the warm-up: the ones answers use most.
const WARM_LANGUAGES: [(&str, &str); 6] = [
    (
        "rust",
        "fn main() { let x = vec![1]; println!(\"{x:?}\"); }\n",
    ),
    ("python", "def f(x):\n    return [i for i in x if i]\n"),
    ("bash", "for f in *.rs; do echo \"$f\" | wc -l; done\n"),
    (
        "typescript",
        "export const f = async (x: string): Promise<number> => x.length;\n",
    ),
    ("json", "{\"a\": [1, true, null]}\n"),
    ("toml", "[package]\nname = \"x\"\n"),
];

/// Loads the syntaxes and `theme` and compiles the grammars of the common languages on a
/// background thread, so the first code block does not stall a frame. Highlighting that starts
/// before it is done waits for the set (a `OnceLock`) and then goes on alone.
pub fn warm_up_in_background(theme: Theme) {
    let spawned = std::thread::Builder::new()
        .name("tern-highlight-warm-up".into())
        .spawn(move || {
            for (lang, code) in WARM_LANGUAGES {
                highlight(code, lang, theme);
            }
        });
    if let Err(e) = spawned {
        tracing::debug!("highlighting will load on first use: {e}");
    }
}

/// Highlights `code` as `lang`, one span list per source line, sanitized. Unknown languages and
/// oversized blocks come back unstyled.
pub fn highlight(code: &str, lang: &str, theme: Theme) -> Vec<Vec<Span<'static>>> {
    let plain = || plain(code);
    if code.len() > MAX_BYTES || code.lines().count() > MAX_LINES {
        return plain();
    }
    let set = syntaxes();
    let token = lang.split([',', ' ', '{']).next().unwrap_or("").trim();
    let Some(syntax) = (!token.is_empty())
        .then(|| {
            set.find_syntax_by_token(token)
                .or_else(|| set.find_syntax_by_extension(token))
        })
        .flatten()
    else {
        return plain();
    };
    let theme_colours = syntect_theme(theme);
    // A streamed code block is highlighted again with each new line: resume after the lines
    // highlighted last time instead of starting over.
    let resumed = RESUMABLE.with_borrow_mut(|kept| take_resumable(kept, code, token, theme));
    let (mut highlighter, mut out, done) = match resumed {
        Some(r) => (
            HighlightLines::from_state(theme_colours, r.highlight, r.parse),
            r.lines,
            r.done.len(),
        ),
        None => (HighlightLines::new(syntax, theme_colours), Vec::new(), 0),
    };
    // An escape sequence split across tokens would be sanitised piece by piece and leave its
    // tail on screen (`\x1b]0;x\x07` as `;x`): text holding control characters is shown plain,
    // sanitised a line at a time. Only the part not highlighted before is looked at.
    if code[done..]
        .chars()
        .any(|c| c.is_control() && c != '\n' && c != '\t')
    {
        return plain();
    }
    let mut kept_state = None;
    let mut line_start = done;
    for line in syntect::util::LinesWithEndings::from(&code[done..]) {
        if !line.ends_with('\n') {
            // The state after the last whole line is what the next call resumes from.
            let (h, p) = highlighter.state();
            kept_state = Some((h.clone(), p.clone(), line_start, out.len()));
            highlighter = HighlightLines::from_state(theme_colours, h, p);
        }
        let Ok(ranges) = highlighter.highlight_line(line, set) else {
            return plain();
        };
        line_start += line.len();
        LINES_HIGHLIGHTED.set(LINES_HIGHLIGHTED.get() + 1);
        out.push(
            ranges
                .into_iter()
                .map(|(style, text)| {
                    Span::styled(
                        sanitize_line(text.trim_end_matches('\n')),
                        code_style(style),
                    )
                })
                .filter(|s| !s.content.is_empty())
                .collect(),
        );
    }
    let (highlight, parse, whole_len, whole_lines) = match kept_state {
        Some(kept) => kept,
        None => {
            let (h, p) = highlighter.state();
            (h, p, code.len(), out.len())
        }
    };
    let resumable = Resumable {
        lang: token.to_string(),
        theme,
        done: code[..whole_len].to_string(),
        lines: out[..whole_lines].to_vec(),
        highlight,
        parse,
    };
    RESUMABLE.with_borrow_mut(|kept| {
        kept.insert(0, resumable);
        kept.truncate(RESUMABLE_BLOCKS);
    });
    out
}

/// `code` without colours, one span per source line: the text [`highlight`] colours, wrapped
/// into the same rows.
pub(crate) fn plain(code: &str) -> Vec<Vec<Span<'static>>> {
    code.lines()
        .map(|l| vec![Span::raw(sanitize_line(l))])
        .collect()
}

thread_local! {
    static LINES_HIGHLIGHTED: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// Source lines this thread has run through the highlighter so far: what highlighting cost,
/// counted so that tests can tell code off screen was never highlighted.
pub fn lines_highlighted() -> u64 {
    LINES_HIGHLIGHTED.get()
}

/// Code blocks whose highlighting can be resumed: a frame may show a finished block and the
/// open one below it.
const RESUMABLE_BLOCKS: usize = 4;

thread_local! {
    static RESUMABLE: std::cell::RefCell<Vec<Resumable>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Where highlighting a block stopped: its whole lines, their spans and the parser's state
/// after them. Highlighting is line by line, so going on from here gives the same spans as
/// starting over.
struct Resumable {
    lang: String,
    theme: Theme,
    done: String,
    lines: Vec<Vec<Span<'static>>>,
    highlight: HighlightState,
    parse: ParseState,
}

/// Takes out the kept block that `code` goes on from, if any.
fn take_resumable(
    kept: &mut Vec<Resumable>,
    code: &str,
    lang: &str,
    theme: Theme,
) -> Option<Resumable> {
    let index = kept.iter().position(|r| {
        r.lang == lang && r.theme == theme && !r.done.is_empty() && code.starts_with(&r.done)
    })?;
    Some(kept.remove(index))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_languages_get_colours_and_unknown_stay_plain() {
        let rust = highlight("fn main() {}\n", "rust", Theme::Dark);
        assert_eq!(rust.len(), 1);
        assert!(
            rust[0].len() > 1,
            "rust code should be split into coloured tokens"
        );
        let toml = highlight("[package]\nname = \"x\"\n", "toml", Theme::Light);
        assert!(toml[1].iter().any(|s| s.style.fg.is_some()));
        let plain = highlight("whatever\n", "no-such-language", Theme::Dark);
        assert_eq!(plain, vec![vec![Span::raw("whatever")]]);
    }

    #[test]
    fn an_escape_sequence_across_tokens_leaves_nothing_behind() {
        let lines = highlight(
            "tail -f /var/log/\u{1b}]0;x\u{7}app.log\n",
            "bash",
            Theme::Dark,
        );
        let text: String = lines[0].iter().map(|s| s.content.as_ref()).collect();
        assert_eq!(text, "tail -f /var/log/app.log");
    }

    #[test]
    fn a_block_highlighted_as_it_grows_matches_the_block_highlighted_at_once() {
        // A string that spans lines: each line's colours depend on the lines before it.
        let code = "let s = \"one\ntwo\";\nfn f() -> u8 { 1 }\n/* a\nb */ let x = 2;\n";
        let fresh = |text: &str, lang: &str| {
            RESUMABLE.with_borrow_mut(Vec::clear);
            highlight(text, lang, Theme::Dark)
        };
        let mut end = 0;
        RESUMABLE.with_borrow_mut(Vec::clear);
        while end < code.len() {
            end = (end + 5).min(code.len());
            let grown = highlight(&code[..end], "rust", Theme::Dark);
            assert_eq!(grown, fresh(&code[..end], "rust"), "at {:?}", &code[..end]);
            // Put back what the streamed calls kept, as if `fresh` had not run.
            highlight(&code[..end], "rust", Theme::Dark);
        }
        let other = highlight("x = 1\n", "python", Theme::Dark);

        assert_eq!(
            other,
            fresh("x = 1\n", "python"),
            "another block does not resume this one"
        );
    }
}
