//! The terminal's output: a frame's bytes gather in one buffer and reach the terminal when it
//! is flushed (crossterm flushes once ratatui has drawn the frame and placed the cursor; the
//! synchronized update's end flushes again), so the frame goes out in one write. Straight to
//! stdout, each of the hundreds of small writes a frame makes took stdout's lock and its line
//! buffer's newline search, and the frame left in 1 KB pieces: about 4 % of tern's samples
//! while a long answer streamed over a slow link (1 % with this buffer).
//!
//! Nothing is written on drop: bytes of a frame cut short (a panic while drawing) are dropped
//! rather than painted over the screen the panic hook has already restored.

use std::io::{self, Write};

/// Enough for a full frame of a large terminal; the buffer grows past it when it must.
const FRAME_BYTES: usize = 64 << 10;

pub struct FrameOut<W: Write> {
    buffer: Vec<u8>,
    out: W,
}

impl FrameOut<io::Stdout> {
    pub(crate) fn stdout() -> Self {
        FrameOut::new(io::stdout())
    }
}

impl<W: Write> FrameOut<W> {
    pub fn new(out: W) -> Self {
        FrameOut {
            buffer: Vec::with_capacity(FRAME_BYTES),
            out,
        }
    }
}

impl<W: Write> Write for FrameOut<W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.buffer.extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        if !self.buffer.is_empty() {
            let written = self.out.write_all(&self.buffer);
            // Written or not, these bytes are done: a terminal that failed a write gets the next
            // frame whole rather than the rest of this one.
            self.buffer.clear();
            if self.buffer.capacity() > 4 * FRAME_BYTES {
                self.buffer.shrink_to(FRAME_BYTES);
            }
            written?;
        }
        self.out.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runtime::synced_backend::SyncedBackend;
    use ratatui::backend::CrosstermBackend;
    use ratatui::widgets::Paragraph;
    use ratatui::Terminal;
    use std::sync::{Arc, Mutex};

    /// Counts the writes that reach the terminal, and keeps their bytes.
    #[derive(Clone, Default)]
    struct Terminal_ {
        writes: Arc<Mutex<Vec<Vec<u8>>>>,
    }

    impl Write for Terminal_ {
        fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
            self.writes.lock().unwrap().push(bytes.to_vec());
            Ok(bytes.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_frame_reaches_the_terminal_in_one_write_and_its_end_in_another() {
        let sink = Terminal_::default();
        let backend = CrosstermBackend::new(FrameOut::new(sink.clone()));
        // A fixed viewport: the test's own terminal is never asked for its size.
        let options = ratatui::TerminalOptions {
            viewport: ratatui::Viewport::Fixed(ratatui::layout::Rect::new(0, 0, 120, 40)),
        };
        let mut terminal = Terminal::with_options(backend, options).unwrap();
        assert!(sink.writes.lock().unwrap().is_empty());
        terminal.backend_mut().begin_frame();
        let text = "a line of the answer with some `code` in it ".repeat(100);
        terminal
            .draw(|frame| {
                let area = frame.area();
                frame.render_widget(Paragraph::new(text.as_str()).wrap(Default::default()), area)
            })
            .unwrap();
        let writes = sink.writes.lock().unwrap().clone();
        assert_eq!(writes.len(), 1, "the frame went out in pieces");
        assert!(writes[0].len() > 4000, "{} bytes", writes[0].len());
        assert!(
            writes[0].starts_with(b"\x1b[?2026h"),
            "the frame's start is in it"
        );
        terminal.backend_mut().end_frame();
        let writes = sink.writes.lock().unwrap().clone();
        assert_eq!(writes.len(), 2);
        assert_eq!(writes[1], b"\x1b[?2026l");
    }
}
