//! Markdown to styled, wrapped lines (pulldown-cmark events in, ratatui lines out).

use super::highlight::{highlight, plain, Theme};
use super::row_marks::{self, decoration};
use super::table::{render_table, Table};
use super::wrap::{width_of, wrap_code, wrap_spans};
use crate::model::{PlainCode, MARKDOWN_OPTIONS};
use crate::text::sanitize::sanitize_line;
use crate::theme::Palette;
use pulldown_cmark::{CodeBlockKind, Event, HeadingLevel, Parser, Tag, TagEnd};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};

pub(crate) fn render_markdown(source: &str, width: u16, theme: Theme) -> Vec<Line<'static>> {
    let mut r = Renderer::new(width.max(8) as usize, theme);
    for event in Parser::new_ext(source, MARKDOWN_OPTIONS) {
        r.event(event);
    }
    r.finish()
}

/// [`render_markdown`] with its code blocks left without colours: the same rows, and where each
/// block is, for `lazy_code` to colour it once it is drawn (an answer's code is mostly
/// scrolled past by a fast stream before any frame shows it).
pub(crate) fn render_markdown_plain_code(
    source: &str,
    width: u16,
    theme: Theme,
) -> (Vec<Line<'static>>, Vec<PlainCode>) {
    let mut r = Renderer::new(width.max(8) as usize, theme);
    r.defer_code = true;
    for event in Parser::new_ext(source, MARKDOWN_OPTIONS) {
        r.event(event);
    }
    let code = std::mem::take(&mut r.plain_code);
    (r.finish(), code)
}

/// The first table of `source`, its cells styled as [`render_markdown`] styles them, not laid
/// out (a table that streams is laid out a row at a time; see `table_stream`).
pub(crate) fn parse_table(source: &str, theme: Theme) -> Option<Table> {
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

/// A block that holds others, in nesting order: each adds to the prefix of every line inside
/// it, so a quote inside a list item is drawn under the item, and a list inside a quote inside
/// the bar.
enum Container {
    /// A block quote: a bar.
    Quote,
    /// A list item: its marker on its first line (while `pending`), spaces as wide after.
    Item { marker: String, pending: bool },
    /// The extra indent of a list nested in an item, so nested markers line up three columns
    /// in from their parent's.
    Indent(usize),
}

struct Renderer {
    width: usize,
    theme: Theme,
    palette: &'static Palette,
    lines: Vec<Line<'static>>,
    inline: Vec<Span<'static>>,
    styles: Vec<Style>,
    lists: Vec<ListLevel>,
    containers: Vec<Container>,
    code: Option<(String, String)>,
    link: Option<String>,
    heading: Option<HeadingLevel>,
    table: Option<Table>,
    /// Whether the next block needs a blank line before it.
    gap: bool,
    /// Tables are kept in `kept_tables` instead of laid out (see [`parse_table`]).
    keep_tables: bool,
    kept_tables: Vec<Table>,
    /// Code blocks are laid out plain and listed in `plain_code` instead of highlighted.
    defer_code: bool,
    plain_code: Vec<PlainCode>,
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
            containers: Vec::new(),
            code: None,
            link: None,
            heading: None,
            table: None,
            gap: false,
            keep_tables: false,
            kept_tables: Vec::new(),
            defer_code: false,
            plain_code: Vec::new(),
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

    /// The prefix of the next line written (the innermost pending item's marker on it) and of
    /// the lines after it.
    fn prefixes(&self) -> (Vec<Span<'static>>, Vec<Span<'static>>) {
        let bar = self.palette.quote;
        let (mut first, mut rest) = (Vec::new(), Vec::new());
        for container in &self.containers {
            match container {
                // Bars and indents are decoration (a copy leaves them out); a list's marker
                // is the text's own.
                Container::Quote => {
                    first.push(decoration(Span::styled("│ ", bar)));
                    rest.push(decoration(Span::styled("│ ", bar)));
                }
                Container::Item { marker, pending } => {
                    let blank = decoration(Span::raw(" ".repeat(marker.chars().count())));
                    first.push(if *pending {
                        Span::raw(marker.clone())
                    } else {
                        blank.clone()
                    });
                    rest.push(blank);
                }
                Container::Indent(n) => {
                    first.push(decoration(Span::raw(" ".repeat(*n))));
                    rest.push(decoration(Span::raw(" ".repeat(*n))));
                }
            }
        }
        (first, rest)
    }

    /// The prefix of a blank line between blocks: the quote bars, no trailing indent.
    fn gap_prefix(&self) -> Vec<Span<'static>> {
        let (_, mut rest) = self.prefixes();
        while rest.last().is_some_and(|s| s.content.trim().is_empty()) {
            rest.pop();
        }
        if let Some(last) = rest.last_mut() {
            last.content = last.content.trim_end().to_string().into();
        }
        rest
    }

    /// The item markers are written: the next line is a continuation.
    fn markers_written(&mut self) {
        for container in &mut self.containers {
            if let Container::Item { pending, .. } = container {
                *pending = false;
            }
        }
    }

    fn marker_pending(&self) -> bool {
        self.containers
            .iter()
            .any(|c| matches!(c, Container::Item { pending: true, .. }))
    }

    /// Writes a pending marker on a line of its own (an item whose first block is a list).
    fn write_pending_marker(&mut self) {
        if self.marker_pending() {
            let (first, _) = self.prefixes();
            self.lines.push(Line::from(first));
            self.markers_written();
        }
    }

    fn start_block(&mut self) {
        if self.gap && !self.lines.is_empty() && !self.marker_pending() {
            let gap = self.gap_prefix();
            self.lines.push(Line::from(gap));
        }
        self.gap = false;
    }

    fn flush(&mut self) {
        if self.inline.is_empty() {
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
        self.markers_written();
    }

    /// Lines laid out elsewhere (a table) put inside the containers.
    fn push_prefixed(&mut self, lines: Vec<Line<'static>>) {
        let (first, rest) = self.prefixes();
        for (i, line) in lines.into_iter().enumerate() {
            let mut spans = if i == 0 { first.clone() } else { rest.clone() };
            spans.extend(line.spans.iter().cloned());
            self.lines.push(row_marks::rebuilt(spans, &line));
        }
        self.markers_written();
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
            // Agents write line by line without blank lines; their lines are kept, as the
            // official TUI keeps them (CommonMark allows rendering a soft break so).
            Event::SoftBreak | Event::HardBreak => match &mut self.table {
                Some(table) => table.cell.push(Span::raw(" ")),
                None => self.flush(),
            },
            Event::Rule => {
                self.flush();
                self.start_block();
                let (first, _) = self.prefixes();
                let room = self.width.saturating_sub(width_of(&first)).clamp(1, 60);
                let mut spans = first;
                spans.push(Span::styled("─".repeat(room), self.palette.dim));
                self.lines.push(Line::from(spans));
                self.markers_written();
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
            Tag::Paragraph => self.start_block(),
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
                self.containers.push(Container::Quote);
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
                // A list nested in an item starts on a line of its own.
                self.write_pending_marker();
                let nested_width = match self.containers.last() {
                    Some(Container::Item { marker, .. }) => Some(marker.chars().count()),
                    _ => None,
                };
                match nested_width {
                    Some(width) => self
                        .containers
                        .push(Container::Indent(3usize.saturating_sub(width))),
                    None => {
                        self.start_block();
                        self.containers.push(Container::Indent(0));
                    }
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
                self.containers.push(Container::Item {
                    marker,
                    pending: true,
                });
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
            Tag::Table(alignments) => {
                self.flush();
                self.start_block();
                self.table = Some(Table {
                    alignments,
                    ..Table::default()
                });
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
                self.containers.pop();
                self.pop_style();
                self.gap = true;
            }
            TagEnd::CodeBlock => {
                if let Some((lang, body)) = self.code.take() {
                    self.code_block(lang, body);
                }
                self.gap = true;
            }
            TagEnd::List(_) => {
                self.flush();
                self.lists.pop();
                self.containers.pop();
                self.gap = self.lists.is_empty();
            }
            TagEnd::Item => {
                self.flush();
                // An empty item still shows its marker.
                self.write_pending_marker();
                self.containers.pop();
            }
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
                        let (first, _) = self.prefixes();
                        let room = self.width.saturating_sub(width_of(&first)).max(1);
                        let lines = render_table(&table, room, self.theme);
                        self.push_prefixed(lines);
                    }
                }
                self.gap = true;
            }
            _ => {}
        }
    }

    fn code_block(&mut self, lang: String, body: String) {
        let (first, rest) = self.prefixes();
        let room = self.width.saturating_sub(width_of(&rest)).max(4);
        let mut indent = first;
        let start = self.lines.len();
        let source = if self.defer_code {
            plain(&body)
        } else {
            highlight(&body, &lang, self.theme)
        };
        for spans in source {
            for row in wrap_code(&spans, room, self.theme) {
                let mut line = std::mem::replace(&mut indent, rest.clone());
                line.extend(row.spans.iter().cloned());
                self.lines.push(row_marks::rebuilt(line, &row));
            }
        }
        if self.defer_code && self.lines.len() > start {
            self.plain_code.push(PlainCode {
                row: start,
                rows: self.lines.len() - start,
                lang,
                body,
                room,
                theme: self.theme,
            });
        }
        self.markers_written();
    }

    fn finish(mut self) -> Vec<Line<'static>> {
        if let Some((lang, body)) = self.code.take() {
            // An unclosed fence while streaming: show what has arrived as code.
            self.code_block(lang, body);
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
