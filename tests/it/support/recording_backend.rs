//! A TestBackend for running the real event loop in tests: it keeps the text of every frame
//! and publishes the latest, so a test can wait until the person would see something.

use ratatui::backend::{Backend, TestBackend, WindowSize};
use ratatui::layout::{Position, Size};
use std::sync::{Arc, Mutex};
use tern::runtime::event_loop::SyncedBackend;

/// A TestBackend that keeps the text of every frame it was asked to show.
pub struct RecordingBackend {
    pub inner: TestBackend,
    pub frames: Arc<Mutex<Vec<String>>>,
    pub last: tokio::sync::watch::Sender<String>,
}

impl RecordingBackend {
    /// A `width`×`height` terminal that publishes each frame's text on `last`; `frames` keeps
    /// them all.
    pub fn terminal(
        width: u16,
        height: u16,
        frames: Arc<Mutex<Vec<String>>>,
        last: tokio::sync::watch::Sender<String>,
    ) -> ratatui::Terminal<RecordingBackend> {
        ratatui::Terminal::new(RecordingBackend {
            inner: TestBackend::new(width, height),
            frames,
            last,
        })
        .expect("a test terminal")
    }
}

impl Backend for RecordingBackend {
    type Error = std::convert::Infallible;

    fn draw<'a, I>(&mut self, content: I) -> Result<(), Self::Error>
    where
        I: Iterator<Item = (u16, u16, &'a ratatui::buffer::Cell)>,
    {
        self.inner.draw(content)
    }
    fn hide_cursor(&mut self) -> Result<(), Self::Error> {
        self.inner.hide_cursor()
    }
    fn show_cursor(&mut self) -> Result<(), Self::Error> {
        self.inner.show_cursor()
    }
    fn get_cursor_position(&mut self) -> Result<Position, Self::Error> {
        self.inner.get_cursor_position()
    }
    fn set_cursor_position<P: Into<Position>>(&mut self, position: P) -> Result<(), Self::Error> {
        self.inner.set_cursor_position(position)
    }
    fn clear(&mut self) -> Result<(), Self::Error> {
        self.inner.clear()
    }
    fn clear_region(&mut self, region: ratatui::backend::ClearType) -> Result<(), Self::Error> {
        self.inner.clear_region(region)
    }
    fn size(&self) -> Result<Size, Self::Error> {
        self.inner.size()
    }
    fn window_size(&mut self) -> Result<WindowSize, Self::Error> {
        self.inner.window_size()
    }
    fn flush(&mut self) -> Result<(), Self::Error> {
        let text: String = self
            .inner
            .buffer()
            .content
            .iter()
            .map(|c| c.symbol())
            .collect();
        self.frames.lock().unwrap().push(text.clone());
        self.last.send_replace(text);
        self.inner.flush()
    }
}

impl SyncedBackend for RecordingBackend {}
