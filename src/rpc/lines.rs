//! Newline-delimited lines from the server, read so that no single line can end the session or
//! take unbounded memory: invalid UTF-8 is decoded lossily (one bad byte in a log line the
//! server relays must not kill a healthy session), and a line longer than the cap is skipped
//! whole, its size reported, without ever being held. [`line_parts`] puts this framing under the
//! transport seam for every stdio transport (a local child, `ssh -T host codex app-server`).

use super::transport::{Incoming, Outgoing, Received};
use futures::StreamExt;
use std::io;
use tokio::io::{AsyncBufRead, AsyncBufReadExt, AsyncRead, AsyncWrite, AsyncWriteExt, BufReader};

/// The longest line kept. Far above any real message (a 20 MB command output still fits), low
/// enough that a runaway line cannot eat the machine's memory.
pub(crate) const MAX_LINE_BYTES: usize = 64 << 20;

#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Line {
    /// A whole line, without its newline. `lossy` says invalid UTF-8 was replaced (U+FFFD).
    Text { text: String, lossy: bool },
    /// A line longer than the cap, skipped; `bytes` is its whole length.
    TooLong { bytes: usize },
}

pub(crate) struct LineReader<R> {
    inner: R,
    max: usize,
    buf: Vec<u8>,
    /// Bytes of the current line so far, counting those dropped once it passed the cap.
    length: usize,
    /// 1-based number of the line read last, for messages that name it.
    number: u64,
}

impl<R: AsyncBufRead + Unpin> LineReader<R> {
    pub(crate) fn new(inner: R, max: usize) -> Self {
        LineReader {
            inner,
            max,
            buf: Vec::new(),
            length: 0,
            number: 0,
        }
    }

    /// The number of the line returned last (1 for the first).
    pub(crate) fn number(&self) -> u64 {
        self.number
    }

    /// The next line, or `None` at the end of the stream. Each byte is looked at once, so a huge
    /// line trickling in costs time in proportion to its length.
    pub(crate) async fn next_line(&mut self) -> std::io::Result<Option<Line>> {
        loop {
            let available = self.inner.fill_buf().await?;
            if available.is_empty() {
                if self.length == 0 {
                    return Ok(None);
                }
                return Ok(Some(self.finish()));
            }
            let (chunk, newline) = match available.iter().position(|&b| b == b'\n') {
                Some(i) => (&available[..i], true),
                None => (available, false),
            };
            let taken = chunk.len() + usize::from(newline);
            self.length += chunk.len();
            if self.length <= self.max {
                self.buf.extend_from_slice(chunk);
            } else if !self.buf.is_empty() {
                self.buf = Vec::new();
            }
            self.inner.consume(taken);
            if newline {
                return Ok(Some(self.finish()));
            }
        }
    }

    fn finish(&mut self) -> Line {
        self.number += 1;
        let length = std::mem::take(&mut self.length);
        if length > self.max {
            return Line::TooLong { bytes: length };
        }
        let bytes = std::mem::take(&mut self.buf);
        match String::from_utf8(bytes) {
            Ok(text) => Line::Text { text, lossy: false },
            Err(e) => Line::Text {
                text: String::from_utf8_lossy(e.as_bytes()).into_owned(),
                lossy: true,
            },
        }
    }
}

/// JSON lines over a byte pipe: each message is one line (the server never puts a raw newline
/// inside one), each line read is one message.
pub(crate) fn line_parts<R, W>(reader: R, writer: W) -> (Incoming, Outgoing)
where
    R: AsyncRead + Send + Unpin + 'static,
    W: AsyncWrite + Send + Unpin + 'static,
{
    let lines = LineReader::new(BufReader::new(reader), MAX_LINE_BYTES);
    let incoming = futures::stream::unfold(lines, |mut lines| async move {
        let item = match lines.next_line().await {
            Ok(Some(Line::Text { text, lossy })) => {
                if lossy {
                    tracing::warn!(
                        line = lines.number(),
                        "the server sent invalid UTF-8; replaced it with U+FFFD"
                    );
                }
                Ok(Received::Message(text))
            }
            Ok(Some(Line::TooLong { bytes })) => {
                let problem = format!(
                    "codex sent a message of {} MB (line {}), over tern's limit of {} MB; \
                     tern skipped it.",
                    bytes >> 20,
                    lines.number(),
                    MAX_LINE_BYTES >> 20
                );
                tracing::warn!("{problem}");
                Ok(Received::Problem(problem))
            }
            Ok(None) => return None,
            Err(e) => Err(e),
        };
        Some((item, lines))
    })
    .boxed();
    let outgoing = futures::sink::unfold(writer, |mut writer, line: String| async move {
        writer.write_all(line.as_bytes()).await?;
        writer.write_all(b"\n").await?;
        writer.flush().await?;
        Ok::<_, io::Error>(writer)
    });
    (incoming, Box::pin(outgoing))
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn read_all(input: &[u8], max: usize) -> Vec<Line> {
        let mut reader = LineReader::new(input, max);
        let mut lines = Vec::new();
        while let Some(line) = reader.next_line().await.unwrap() {
            lines.push(line);
        }
        lines
    }

    fn text(s: &str, lossy: bool) -> Line {
        Line::Text {
            text: s.into(),
            lossy,
        }
    }

    #[tokio::test]
    async fn invalid_utf8_is_replaced_and_the_next_line_still_comes() {
        let lines = read_all(b"{\"a\":\"x\xffy\"}\nok\n", 100).await;
        assert_eq!(
            lines,
            vec![text("{\"a\":\"x\u{fffd}y\"}", true), text("ok", false)]
        );
    }

    #[tokio::test]
    async fn a_line_over_the_cap_is_skipped_whole_and_reading_goes_on() {
        let mut input = vec![b'x'; 25];
        input.extend_from_slice(b"\nnext\nlast without newline");
        let lines = read_all(&input, 10).await;
        assert_eq!(
            lines,
            vec![
                Line::TooLong { bytes: 25 },
                text("next", false),
                Line::TooLong { bytes: 20 }
            ]
        );
    }

    #[tokio::test]
    async fn lines_split_across_reads_are_joined_and_numbered() {
        let (client, mut server) = tokio::io::duplex(4);
        let writer = tokio::spawn(async move {
            use tokio::io::AsyncWriteExt;
            server.write_all(b"first line\nsecond\n").await.unwrap();
        });
        let mut reader = LineReader::new(tokio::io::BufReader::new(client), 100);
        assert_eq!(
            reader.next_line().await.unwrap(),
            Some(text("first line", false))
        );
        assert_eq!(
            reader.next_line().await.unwrap(),
            Some(text("second", false))
        );
        assert_eq!(reader.number(), 2);
        writer.await.unwrap();
        assert_eq!(reader.next_line().await.unwrap(), None);
    }
}
