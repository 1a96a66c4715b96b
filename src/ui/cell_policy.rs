//! What `NO_COLOR`, themes of the terminal's 16 colours and screen-reader mode do to each
//! drawn cell: applied to the whole screen, and to inline mode's lines for the scrollback,
//! which are written straight from their spans (`runtime::inline::line_bytes`).

use crate::app::AppState;
use ratatui::buffer::{Buffer, Cell};
use ratatui::style::Color;

/// The policies in force for a frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CellPolicy {
    colours: Colours,
    /// Screen-reader mode: ornaments become blanks or ASCII, one cell for one cell.
    spoken_glyphs: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Colours {
    AsDrawn,
    /// `NO_COLOR`: every colour goes; bold, dim and reverse stay (a selection stays visible).
    None,
    /// A theme of the terminal's 16 colours: what arrived with colours of its own (command
    /// output's 256-colour and RGB codes) is brought to the nearest of the 16 too.
    Terminal16,
}

impl CellPolicy {
    pub(crate) fn of(state: &AppState) -> Self {
        let config = &state.session.config;
        Self::new(
            config.no_color,
            config.theme.palette().terminal_colours_only,
            config.screen_reader,
        )
    }

    pub(crate) fn new(no_color: bool, terminal_colours_only: bool, screen_reader: bool) -> Self {
        let colours = if no_color {
            Colours::None
        } else if terminal_colours_only {
            Colours::Terminal16
        } else {
            Colours::AsDrawn
        };
        CellPolicy {
            colours,
            spoken_glyphs: screen_reader,
        }
    }

    /// Both policies over every cell of `buffer`.
    pub(crate) fn apply(self, buffer: &mut Buffer) {
        if self.colours == Colours::AsDrawn && !self.spoken_glyphs {
            return;
        }
        for cell in buffer.content.iter_mut() {
            self.colour(cell);
            if self.spoken_glyphs {
                let mut chars = cell.symbol().chars();
                if let (Some(c), None) = (chars.next(), chars.next()) {
                    if let Some(plain) = self.glyph(c) {
                        cell.set_char(plain);
                    }
                }
            }
        }
    }

    /// The colour policy on one cell.
    pub(crate) fn colour(self, cell: &mut Cell) {
        use crate::theme::terminal::nearest_of_16;
        match self.colours {
            Colours::AsDrawn => {}
            Colours::None => {
                cell.set_fg(Color::Reset);
                cell.set_bg(Color::Reset);
                cell.underline_color = Color::Reset;
            }
            Colours::Terminal16 => {
                cell.fg = nearest_of_16(cell.fg);
                cell.bg = nearest_of_16(cell.bg);
                cell.underline_color = nearest_of_16(cell.underline_color);
            }
        }
    }

    /// What a cell holding only `c` shows instead, under the glyph policy.
    pub(crate) fn glyph(self, c: char) -> Option<char> {
        if self.spoken_glyphs {
            crate::render::speech_glyphs::spoken_cell(c)
        } else {
            None
        }
    }
}
