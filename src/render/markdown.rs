//! Markdown to styled, wrapped lines (pulldown-cmark events in, ratatui lines out).

use super::highlight::{highlight, Theme};
use super::table::{render_table, Table};
use super::wrap::{width_of, wrap_code, wrap_spans};
use crate::model::MARKDOWN_OPTIONS;
use crate::text::sanitize::sanitize_line;
use crate::theme::Palette;
use pulldown_cmark::{CodeBlockKind, Event, HeadingLevel, Parser, Tag, TagEnd};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};

pub fn render_markdown(source: &str, width: u16, theme: Theme) -> Vec<Line<'static>> {
    let mut r = Renderer::new(width.max(8) as usize, theme);
    for event in Parser::new_ext(source, MARKDOWN_OPTIONS) {
        r.event(event);
    }
    r.finish()
}

/// The first table of `source`, its cells styled as [`render_markdown`] styles them, not laid
/// out (a table that streams is laid out a row at a time; see `table_stream`).
pub fn parse_table(source: &str, theme: Theme) -> Option<Table> {
    let mut r = Renderer::new(8, theme);
    r.keep_tables = true;
    for event in Parser::new_ext(source, MARKDOWN_OPTIONS) {
        r.event(event);
        if !r.kept_tables.is_empty() {
            break;
        }
    }
    r.kept_tables.pop()
}

struct ListLevel {
    next_number: Option<u64>,
}

struct Renderer {
    width: usize,
    theme: Theme,
    palette: &'static Palette,
    lines: Vec<Line<'static>>,
    inline: Vec<Span<'static>>,
    styles: Vec<Style>,
    lists: Vec<ListLevel>,
    /// The marker of a list item whose first line has not been written yet.
    pending_marker: Option<String>,
    quote_depth: usize,
    code: Option<(String, String)>,
    link: Option<String>,
    heading: Option<HeadingLevel>,
    table: Option<Table>,
    /// Whether the next block needs a blank line before it.
    gap: bool,
    /// Tables are kept in `kept_tables` instead of laid out (see [`parse_table`]).
    keep_tables: bool,
    kept_tables: Vec<Table>,
}

impl Renderer {
    fn new(width: usize, theme: Theme) -> Self {
        Renderer {
            width,
            theme,
            palette: theme.palette(),
            lines: Vec::new(),
            inline: Vec::new(),
            styles: vec![Style::default()],
            lists: Vec::new(),
            pending_marker: None,
            quote_depth: 0,
            code: None,
            link: None,
            heading: None,
            table: None,
            gap: false,
            keep_tables: false,
            kept_tables: Vec::new(),
        }
    }

    fn style(&self) -> Style {
        *self.styles.last().expect("base style")
    }

    fn push_style(&mut self, f: impl FnOnce(Style) -> Style) {
        let next = f(self.style());
        self.styles.push(next);
    }

    fn pop_style(&mut self) {
        if self.styles.len() > 1 {
            self.styles.pop();
        }
    }

    fn text(&mut self, text: &str) {
        let style = self.style();
        if let Some(table) = &mut self.table {
            table.cell.push(Span::styled(sanitize_line(text), style));
            return;
        }
        let mut first = true;
        for part in text.split('\n') {
            if !first {
                self.flush();
            }
            first = false;
            if !part.is_empty() {
                self.inline.push(Span::styled(sanitize_line(part), style));
            }
        }
    }

    fn prefixes(&self) -> (Vec<Span<'static>>, Vec<Span<'static>>) {
        let mut base = String::new();
        for _ in 0..self.quote_depth {
            base.push_str("│ ");
        }
        let quote = Span::styled(base, self.palette.quote);
        let indent = "   ".repeat(self.lists.len().saturating_sub(1));
        let (first_tail, rest_tail) = match &self.pending_marker {
            Some(marker) => (
                format!("{indent}{marker}"),
                format!("{indent}{}", " ".repeat(marker.chars().count())),
            ),
            None if !self.lists.is_empty() => (format!("{indent}   "), format!("{indent}   ")),
            None => (String::new(), String::new()),
        };
        (
            vec![quote.clone(), Span::raw(first_tail)],
            vec![quote, Span::raw(rest_tail)],
        )
    }

    fn start_block(&mut self) {
        if self.gap && !self.lines.is_empty() {
            let (_, rest) = self.prefixes();
            let only_quote: Vec<Span<'static>> = rest.into_iter().take(1).collect();
            self.lines.push(Line::from(only_quote));
        }
        self.gap = false;
    }

    fn flush(&mut self) {
        if self.inline.is_empty() && self.pending_marker.is_none() {
            return;
        }
        let (first, rest) = self.prefixes();
        let spans = std::mem::take(&mut self.inline);
        let mut wrapped = wrap_spans(&spans, self.width, &first, &rest);
        if let Some(level) = self.heading {
            let style = heading_style(level, self.palette);
            for line in &mut wrapped {
                for span in &mut line.spans {
                    span.style = style.patch(span.style);
                }
            }
        }
        self.lines.extend(wrapped);
        self.pending_marker = None;
    }

    fn event(&mut self, event: Event<'_>) {
        match event {
            Event::Start(tag) => self.start(tag),
            Event::End(tag) => self.end(tag),
            Event::Text(text) => match &mut self.code {
                Some((_, body)) => body.push_str(&text),
                None => self.text(&text),
            },
            Event::Code(code) => {
                let span = Span::styled(sanitize_line(&code), self.palette.inline_code);
                match &mut self.table {
                    Some(t) => t.cell.push(span),
                    None => self.inline.push(span),
                }
            }
            Event::SoftBreak => self.text(" "),
            Event::HardBreak => self.flush(),
            Event::Rule => {
                self.flush();
                self.start_block();
                self.lines.push(Line::from(Span::styled(
                    "─".repeat(self.width.min(60)),
                    self.palette.dim,
                )));
                self.gap = true;
            }
            Event::TaskListMarker(done) => {
                let mark = if done { "☑ " } else { "☐ " };
                self.inline.push(Span::raw(mark));
            }
            Event::Html(html) | Event::InlineHtml(html) => self.text(&html),
            Event::FootnoteReference(r) => self.text(&format!("[{r}]")),
            Event::InlineMath(m) | Event::DisplayMath(m) => self.text(&m),
        }
    }

    fn start(&mut self, tag: Tag<'_>) {
        match tag {
            // A list item's first paragraph sits on the marker's line.
            Tag::Paragraph if self.pending_marker.is_none() => self.start_block(),
            Tag::Paragraph => {}
            Tag::Heading { level, .. } => {
                self.flush();
                self.start_block();
                self.heading = Some(level);
                let hashes = "#".repeat(level as usize);
                if level != HeadingLevel::H1 {
                    self.inline.push(Span::raw(format!("{hashes} ")));
                }
            }
            Tag::BlockQuote(_) => {
                self.flush();
                self.start_block();
                self.quote_depth += 1;
                self.push_style(|s| s.add_modifier(Modifier::ITALIC));
            }
            Tag::CodeBlock(kind) => {
                self.flush();
                self.start_block();
                let lang = match kind {
                    CodeBlockKind::Fenced(lang) => lang.to_string(),
                    CodeBlockKind::Indented => String::new(),
                };
                self.code = Some((lang, String::new()));
            }
            Tag::List(start) => {
                self.flush();
                if self.lists.is_empty() {
                    self.start_block();
                }
                self.lists.push(ListLevel { next_number: start });
            }
            Tag::Item => {
                self.flush();
                let marker = match self.lists.last_mut() {
                    Some(ListLevel {
                        next_number: Some(n),
                    }) => {
                        let m = format!("{n}. ");
                        *n += 1;
                        m
                    }
                    _ => match self.lists.len() {
                        1 => "• ".to_string(),
                        2 => "◦ ".to_string(),
                        _ => "▪ ".to_string(),
                    },
                };
                self.pending_marker = Some(marker);
            }
            Tag::Emphasis => self.push_style(|s| s.add_modifier(Modifier::ITALIC)),
            Tag::Strong => self.push_style(|s| s.add_modifier(Modifier::BOLD)),
            Tag::Strikethrough => self.push_style(|s| s.add_modifier(Modifier::CROSSED_OUT)),
            Tag::Link { dest_url, .. } => {
                self.link = Some(dest_url.to_string());
                let link = self.palette.link;
                self.push_style(|s| s.patch(link).add_modifier(Modifier::UNDERLINED));
            }
            Tag::Image { dest_url, .. } => {
                self.link = Some(dest_url.to_string());
                self.push_style(|s| s.add_modifier(Modifier::ITALIC));
            }
            Tag::Table(_) => {
                self.flush();
                self.start_block();
                self.table = Some(Table::default());
            }
            Tag::TableHead => {}
            Tag::TableRow | Tag::TableCell => {}
            _ => {}
        }
    }

    fn end(&mut self, tag: TagEnd) {
        match tag {
            TagEnd::Paragraph => {
                self.flush();
                self.gap = true;
            }
            TagEnd::Heading(_) => {
                self.flush();
                self.heading = None;
                self.gap = true;
            }
            TagEnd::BlockQuote(_) => {
                self.flush();
                self.quote_depth = self.quote_depth.saturating_sub(1);
                self.pop_style();
                self.gap = true;
            }
            TagEnd::CodeBlock => {
                if let Some((lang, body)) = self.code.take() {
                    self.code_block(&lang, &body);
                }
                self.gap = true;
            }
            TagEnd::List(_) => {
                self.flush();
                self.lists.pop();
                self.gap = self.lists.is_empty();
            }
            TagEnd::Item => self.flush(),
            TagEnd::Emphasis | TagEnd::Strong | TagEnd::Strikethrough => self.pop_style(),
            TagEnd::Link | TagEnd::Image => {
                self.pop_style();
                if let Some(url) = self.link.take() {
                    let span =
                        Span::styled(format!(" ({})", sanitize_line(&url)), self.palette.dim);
                    match &mut self.table {
                        Some(t) => t.cell.push(span),
                        None => self.inline.push(span),
                    }
                }
            }
            TagEnd::TableCell => {
                if let Some(t) = &mut self.table {
                    let cell = std::mem::take(&mut t.cell);
                    t.row.push(cell);
                }
            }
            TagEnd::TableHead => {
                if let Some(t) = &mut self.table {
                    let row = std::mem::take(&mut t.row);
                    t.rows.push(row);
                    t.header_rows = t.rows.len();
                }
            }
            TagEnd::TableRow => {
                if let Some(t) = &mut self.table {
                    let row = std::mem::take(&mut t.row);
                    t.rows.push(row);
                }
            }
            TagEnd::Table => {
                if let Some(table) = self.table.take() {
                    if self.keep_tables {
                        self.kept_tables.push(table);
                    } else {
                        let lines = render_table(&table, self.width, self.theme);
                        self.lines.extend(lines);
                    }
                }
                self.gap = true;
            }
            _ => {}
        }
    }

    fn code_block(&mut self, lang: &str, body: &str) {
        let (first, _) = self.prefixes();
        let indent: Vec<Span<'static>> = first;
        let indent_width = width_of(&indent);
        let room = self.width.saturating_sub(indent_width).max(4);
        for spans in highlight(body, lang, self.theme) {
            for row in wrap_code(&spans, room, self.theme) {
                let mut line = indent.clone();
                line.extend(row.spans);
                self.lines.push(Line::from(line));
            }
        }
    }

    fn finish(mut self) -> Vec<Line<'static>> {
        if let Some((lang, body)) = self.code.take() {
            // An unclosed fence while streaming: show what has arrived as code.
            self.code_block(&lang, &body);
        }
        self.flush();
        self.lines
    }
}

fn heading_style(level: HeadingLevel, palette: &Palette) -> Style {
    match level {
        HeadingLevel::H1 => palette.heading.bold().underlined(),
        HeadingLevel::H2 => palette.heading.bold(),
        _ => Style::default().bold(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain(lines: &[Line<'_>]) -> Vec<String> {
        lines
            .iter()
            .map(|l| {
                l.spans
                    .iter()
                    .map(|s| s.content.as_ref())
                    .collect::<String>()
            })
            .collect()
    }

    #[test]
    fn lists_get_markers_and_hanging_indents() {
        let lines = render_markdown(
            "- first item wraps here\n- second\n  - nested",
            16,
            Theme::Dark,
        );
        assert_eq!(
            plain(&lines),
            ["• first item", "  wraps here", "• second", "   ◦ nested"]
        );
    }

    #[test]
    fn headings_paragraphs_and_code_blocks_are_separated() {
        let lines = render_markdown(
            "# Title\n\nSome text.\n\n```rust\nfn x() {}\n```\n",
            40,
            Theme::Dark,
        );
        assert_eq!(plain(&lines), ["Title", "", "Some text.", "", "fn x() {}"]);
    }

    #[test]
    fn unclosed_fence_renders_as_code() {
        let lines = render_markdown("text\n\n```python\nprint('hi')\n", 40, Theme::Dark);
        assert_eq!(plain(&lines), ["text", "", "print('hi')"]);
    }

    #[test]
    fn tables_fit_the_width() {
        let md =
            "| name | description |\n|---|---|\n| a | a fairly long description that must wrap |\n";
        let lines = render_markdown(md, 30, Theme::Dark);
        for line in &lines {
            assert!(
                line.width() <= 30,
                "{:?} is wider than 30",
                plain(std::slice::from_ref(line))
            );
        }
        assert!(plain(&lines)[0].starts_with("name"));
    }
}
