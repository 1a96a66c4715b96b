//! The transcript as laid out at one width, in a window of one height: what scrolling and search measure, and what the
//! screen draws. Cells are laid out only when asked for, so a window of a long transcript
//! costs the cells in it.

use super::scroll::Measure;
use crate::model::{Laid, LayoutKey, Transcript};
use crate::render::layout_cell;
use crate::render::lazy_code::colour_rows;
use std::cell::Ref;
use std::ops::Range;

pub struct View<'a> {
    pub transcript: &'a Transcript,
    pub key: LayoutKey,
    /// Rows of the window the transcript is shown in.
    pub height: u16,
    /// Code blocks drawn get their colours; off while the server floods (`Session::hurried`).
    pub(crate) colour_code: bool,
}

impl<'a> View<'a> {
    pub fn new(transcript: &'a Transcript, key: LayoutKey, height: u16) -> Self {
        View {
            transcript,
            key,
            height,
            colour_code: true,
        }
    }

    pub fn cell(&self, index: usize) -> Ref<'a, Laid> {
        self.transcript.laid(index, self.key, layout_cell)
    }

    /// The cell's lines as drawn: the code blocks with a row among `rows` get their colours
    /// (once; code never drawn is never highlighted, see `render::lazy_code`), unless
    /// `colour_code` is off.
    pub(crate) fn cell_drawn(&self, index: usize, rows: Range<usize>) -> Ref<'a, Laid> {
        let plain = self.colour_code
            && self
                .cell(index)
                .plain_code
                .iter()
                .any(|c| c.overlaps(&rows));
        if plain {
            self.transcript.cells()[index].restyle_layout(self.key, |laid| colour_rows(laid, rows));
        }
        self.cell(index)
    }
}

impl Measure for View<'_> {
    fn cells(&self) -> usize {
        self.transcript.len()
    }

    fn rows(&self, index: usize) -> usize {
        self.cell(index).len() + 1
    }

    fn revision(&self) -> u64 {
        self.transcript.revision()
    }

    fn height(&self) -> usize {
        self.height as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{CellKind, MarkdownText, Theme};

    fn coloured(laid: &Laid) -> bool {
        laid.iter().any(|l| {
            l.spans
                .iter()
                .any(|s| s.style.fg.is_some() && s.content.contains("fn"))
        })
    }

    #[test]
    fn a_hurried_view_draws_code_plain_and_the_next_one_colours_it() {
        let mut transcript = Transcript::default();
        transcript.push(CellKind::Agent {
            markdown: Box::new(MarkdownText::new("Code:\n\n```rust\nfn main() {}\n```\n")),
            streaming: false,
        });
        let key = LayoutKey {
            width: 60,
            expanded: false,
            theme: Theme::Dark,
            images: None,
        };
        let mut hurried = View::new(&transcript, key, 20);
        hurried.colour_code = false;
        let laid = hurried.cell_drawn(0, 0..usize::MAX);
        assert!(!coloured(&laid), "a frame in a flood shows the code plain");
        assert_eq!(laid.plain_code.len(), 1, "its colours still wait");
        drop(laid);
        let laid = View::new(&transcript, key, 20).cell_drawn(0, 0..usize::MAX);
        assert!(coloured(&laid), "the frame after the flood colours it");
        assert!(laid.plain_code.is_empty());
    }
}
