//! What the loop needs of a terminal backend beyond drawing (the trait is `synced_backend`'s;
//! its impls for the real and the test backend are here): synchronized frames, the
//! clipboard, bytes written over a drawn frame (hyperlinks, alerts), and giving the terminal
//! away to an external program and taking it back.

pub use super::synced_backend::SyncedBackend;
use ratatui::backend::{CrosstermBackend, TestBackend};
use std::io::Write;

impl<W: Write> SyncedBackend for CrosstermBackend<W> {
    fn copy_to_clipboard(&mut self, text: &str) {
        self.overlay(osc52(text).as_bytes());
    }
    fn overlay(&mut self, bytes: &[u8]) {
        let _ = self.write_all(bytes);
        let _ = Write::flush(self);
    }
    fn begin_frame(&mut self) {
        let _ = crossterm::queue!(self, crossterm::terminal::BeginSynchronizedUpdate);
    }
    fn end_frame(&mut self) {
        let _ = crossterm::execute!(self, crossterm::terminal::EndSynchronizedUpdate);
    }
    fn suspend(&mut self) {
        super::terminal::suspend();
    }
    fn resume(&mut self) {
        super::terminal::resume();
    }
}

impl SyncedBackend for TestBackend {}

/// The OSC 52 request that sets the clipboard (`c`) to `text`.
pub(crate) fn osc52(text: &str) -> String {
    use base64::Engine;
    let encoded = base64::engine::general_purpose::STANDARD.encode(text);
    format!("\x1b]52;c;{encoded}\x07")
}

#[cfg(test)]
mod tests {
    #[test]
    fn osc52_carries_the_text_in_base64() {
        assert_eq!(super::osc52("hi ✓"), "\x1b]52;c;aGkg4pyT\x07");
    }
}
