//! Syntax highlighting of code blocks with syntect and two-face's larger syntax set (TOML,
//! TypeScript, Dockerfile …). Loaded on first use, so startup never pays for it.

use super::sanitize::sanitize_line;
pub use crate::model::Theme;
use ratatui::style::{Color, Style};
use ratatui::text::Span;
use std::sync::OnceLock;
use syntect::easy::HighlightLines;
use syntect::parsing::SyntaxSet;
use two_face::theme::EmbeddedThemeName;

/// Above these sizes a block is shown plain: highlighting it would stall a frame.
const MAX_LINES: usize = 1_500;
const MAX_BYTES: usize = 128 * 1024;

fn syntaxes() -> &'static SyntaxSet {
    static SET: OnceLock<SyntaxSet> = OnceLock::new();
    SET.get_or_init(two_face::syntax::extra_newlines)
}

/// The syntect theme for a background.
fn syntect_theme(theme: Theme) -> &'static syntect::highlighting::Theme {
    static DARK: OnceLock<syntect::highlighting::Theme> = OnceLock::new();
    static LIGHT: OnceLock<syntect::highlighting::Theme> = OnceLock::new();
    let (cell, name) = match theme {
        Theme::Dark => (&DARK, EmbeddedThemeName::Base16OceanDark),
        Theme::Light => (&LIGHT, EmbeddedThemeName::InspiredGithub),
    };
    cell.get_or_init(|| two_face::theme::extra().get(name).clone())
}

/// Highlights `code` as `lang`, one span list per source line, sanitized. Unknown languages and
/// oversized blocks come back unstyled.
pub fn highlight(code: &str, lang: &str, theme: Theme) -> Vec<Vec<Span<'static>>> {
    let plain = || {
        code.lines()
            .map(|l| vec![Span::raw(sanitize_line(l))])
            .collect()
    };
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
    let mut highlighter = HighlightLines::new(syntax, syntect_theme(theme));
    let mut out = Vec::new();
    for line in syntect::util::LinesWithEndings::from(code) {
        let Ok(ranges) = highlighter.highlight_line(line, set) else {
            return plain();
        };
        out.push(
            ranges
                .into_iter()
                .map(|(style, text)| {
                    let fg = style.foreground;
                    Span::styled(
                        sanitize_line(text.trim_end_matches('\n')),
                        Style::default().fg(Color::Rgb(fg.r, fg.g, fg.b)),
                    )
                })
                .filter(|s| !s.content.is_empty())
                .collect(),
        );
    }
    out
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
}
