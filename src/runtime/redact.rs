//! Secrets never reach tern's log: every line written is redacted (see
//! [`crate::rpc::redact`] for what counts as a secret); `main` puts [`RedactingWriter`] under the
//! log file.

use std::io::{self, Write};

pub use crate::rpc::redact::redact;

/// A writer that redacts each write (tracing writes one whole event per call).
pub struct RedactingWriter<W>(pub W);

impl<W: Write> Write for RedactingWriter<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let text = String::from_utf8_lossy(buf);
        self.0.write_all(redact(&text).as_bytes())?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush()
    }
}
