//! The trait of what the loop needs of a terminal backend beyond drawing, in a file of its own:
//! the backends (`backend`) implement it, and the frame writer's tests (`frame_out`) drive it,
//! without either reaching the other.

use ratatui::backend::Backend;

/// Backends that can wrap a frame in a synchronized update, so the terminal shows it whole.
/// ratatui 0.30 gives each backend its own error type (crossterm's is `io::Error`, the test
/// backend's `Infallible`); the loop reports them as `io::Error`.
pub trait SyncedBackend: Backend<Error: Send + Sync + 'static> {
    fn begin_frame(&mut self) {}
    fn end_frame(&mut self) {}
    /// Asks the terminal to put `text` on the clipboard.
    fn copy_to_clipboard(&mut self, _text: &str) {}
    /// Writes bytes that decorate the frame just drawn (hyperlinks).
    fn overlay(&mut self, _bytes: &[u8]) {}
    /// Gives the terminal back (main screen, cooked mode) for an external program, and takes it
    /// again.
    fn suspend(&mut self) {}
    fn resume(&mut self) {}
}
