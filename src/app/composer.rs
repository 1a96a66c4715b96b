//! The prompt editor: tui-textarea with tern's keys for sending and for new lines.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::style::{Style, Stylize};
use tui_textarea::TextArea;

pub enum ComposerOutcome {
    Submitted(String),
    Edited,
    Ignored,
}

pub struct Composer {
    textarea: TextArea<'static>,
}

impl std::fmt::Debug for Composer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Composer")
            .field("text", &self.text())
            .finish()
    }
}

impl Default for Composer {
    fn default() -> Self {
        Self::new()
    }
}

impl Composer {
    pub fn new() -> Self {
        let mut textarea = TextArea::default();
        textarea.set_cursor_line_style(Style::default());
        textarea.set_placeholder_text("Ask the agent anything · Enter sends · Shift+Enter newline");
        textarea.set_placeholder_style(Style::default().dim());
        Composer { textarea }
    }

    pub fn textarea(&self) -> &TextArea<'static> {
        &self.textarea
    }

    pub fn text(&self) -> String {
        self.textarea.lines().join("\n")
    }

    pub fn is_empty(&self) -> bool {
        self.textarea.lines().iter().all(|l| l.is_empty())
    }

    pub fn line_count(&self) -> usize {
        self.textarea.lines().len()
    }

    pub fn set_text(&mut self, text: &str) {
        let lines: Vec<String> = text.split('\n').map(str::to_string).collect();
        self.textarea = {
            let mut t = TextArea::new(lines);
            t.set_cursor_line_style(Style::default());
            t.set_placeholder_text(self.textarea.placeholder_text().to_string());
            t.set_placeholder_style(Style::default().dim());
            t
        };
        self.textarea.move_cursor(tui_textarea::CursorMove::Bottom);
        self.textarea.move_cursor(tui_textarea::CursorMove::End);
    }

    pub fn clear(&mut self) {
        self.set_text("");
    }

    /// Pasted text is inserted as is, never sent: a pasted newline is a newline.
    pub fn paste(&mut self, text: &str) {
        let normalized = text.replace("\r\n", "\n").replace('\r', "\n");
        self.textarea.insert_str(normalized);
    }

    pub fn handle_key(&mut self, key: KeyEvent) -> ComposerOutcome {
        let newline = match key.code {
            KeyCode::Enter => key
                .modifiers
                .intersects(KeyModifiers::SHIFT | KeyModifiers::ALT),
            KeyCode::Char('j') => key.modifiers.contains(KeyModifiers::CONTROL),
            _ => false,
        };
        if newline {
            self.textarea.insert_newline();
            return ComposerOutcome::Edited;
        }
        if key.code == KeyCode::Enter {
            let text = self.text();
            if text.trim().is_empty() {
                return ComposerOutcome::Ignored;
            }
            self.clear();
            return ComposerOutcome::Submitted(text);
        }
        if self.textarea.input(key) {
            ComposerOutcome::Edited
        } else {
            ComposerOutcome::Ignored
        }
    }
}
