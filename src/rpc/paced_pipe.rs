//! The local server's output, read on a thread of its own, at most once per [`PACE`] while it
//! keeps writing. The loop's runtime watching the pipe itself woke on every line the server
//! wrote: eighteen lines a millisecond while an answer streams fast, each wake-up costing more
//! than applying the line (`perf stat`: 4,000–5,000 context switches for the benchmark's
//! 10,000-delta answer). Here a blocking read takes all the pipe holds, hands it to the loop in
//! one piece (one wake-up), and the thread waits [`PACE`] before reading again so the next piece
//! is worth a wake-up too. A line after a quiet spell is read the moment it is written; a line
//! in a burst waits at most [`PACE`]. Keys never wait for this: the terminal is read apart.

use std::io::{self, Read};
use std::os::fd::OwnedFd;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, ReadBuf};
use tokio::sync::mpsc;

/// How long the reader lets the server write after a read before the next: about two frames'
/// worth of bursts per 60 Hz frame, far below what a person notices.
pub(crate) const PACE: Duration = Duration::from_millis(2);

/// The most read at once: the pipe's whole buffer on Linux.
const CHUNK: usize = 64 << 10;

/// Pieces read ahead of the loop; past this the thread waits, the pipe fills and the server
/// blocks on it, as when the loop read the pipe itself.
const AHEAD: usize = 16;

/// The reading end, for the loop: what the thread read, in order, then the end (or the error).
pub(crate) struct PacedPipe {
    pieces: mpsc::Receiver<io::Result<Vec<u8>>>,
    piece: Vec<u8>,
    at: usize,
}

impl PacedPipe {
    /// Starts the thread that reads `pipe` (made blocking by tokio's `into_owned_fd`); it ends
    /// at the pipe's end, on an error, or once the loop dropped this side and the next read
    /// returns.
    pub(crate) fn start(pipe: OwnedFd, pace: Duration) -> io::Result<PacedPipe> {
        let (tx, pieces) = mpsc::channel(AHEAD);
        let mut file = std::fs::File::from(pipe);
        std::thread::Builder::new()
            .name("tern-server-out".into())
            .spawn(move || {
                let mut buf = vec![0u8; CHUNK];
                loop {
                    let read = match file.read(&mut buf) {
                        Ok(0) => return,
                        Ok(n) => Ok(buf[..n].to_vec()),
                        Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                        Err(e) => Err(e),
                    };
                    let (failed, full) = match &read {
                        Ok(piece) => (false, piece.len() == CHUNK),
                        Err(_) => (true, false),
                    };
                    if tx.blocking_send(read).is_err() || failed {
                        return;
                    }
                    // A full read means more is waiting: read it at once.
                    if !full {
                        std::thread::sleep(pace);
                    }
                }
            })?;
        Ok(PacedPipe {
            pieces,
            piece: Vec::new(),
            at: 0,
        })
    }
}

impl PacedPipe {
    /// A pipe that could not be read this way: the error, once, then the end.
    pub(crate) fn failed(e: io::Error) -> PacedPipe {
        let (tx, pieces) = mpsc::channel(1);
        let _ = tx.try_send(Err(e));
        PacedPipe {
            pieces,
            piece: Vec::new(),
            at: 0,
        }
    }
}

impl AsyncRead for PacedPipe {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        if self.at == self.piece.len() {
            match self.pieces.poll_recv(cx) {
                Poll::Ready(Some(Ok(piece))) => {
                    self.piece = piece;
                    self.at = 0;
                }
                Poll::Ready(Some(Err(e))) => return Poll::Ready(Err(e)),
                // The thread ended: the pipe's end.
                Poll::Ready(None) => return Poll::Ready(Ok(())),
                Poll::Pending => return Poll::Pending,
            }
        }
        let this = &mut *self;
        let n = buf.remaining().min(this.piece.len() - this.at);
        buf.put_slice(&this.piece[this.at..this.at + n]);
        this.at += n;
        Poll::Ready(Ok(()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;
    use tokio::io::AsyncReadExt;

    fn pipe() -> (OwnedFd, std::fs::File) {
        let mut fds = [0; 2];
        assert_eq!(unsafe { libc::pipe(fds.as_mut_ptr()) }, 0);
        use std::os::fd::FromRawFd;
        unsafe {
            (
                OwnedFd::from_raw_fd(fds[0]),
                std::fs::File::from_raw_fd(fds[1]),
            )
        }
    }

    #[tokio::test]
    async fn every_byte_arrives_in_order_then_the_end() {
        let (read, mut write) = pipe();
        let mut paced = PacedPipe::start(read, PACE).unwrap();
        let writer = std::thread::spawn(move || {
            for i in 0..2_000 {
                writeln!(write, "{{\"line\":{i}}}").unwrap();
            }
        });
        let mut all = String::new();
        paced.read_to_string(&mut all).await.unwrap();
        writer.join().unwrap();
        let lines: Vec<&str> = all.lines().collect();
        assert_eq!(lines.len(), 2_000);
        assert_eq!(lines[1_999], "{\"line\":1999}");
    }

    #[tokio::test]
    async fn lines_written_in_a_burst_come_in_few_pieces() {
        let (read, mut write) = pipe();
        // A long pace, so that the whole burst lands while the thread waits after its first read.
        let mut paced = PacedPipe::start(read, Duration::from_millis(200)).unwrap();
        write.write_all(b"first\n").unwrap();
        let mut first = [0u8; 6];
        paced.read_exact(&mut first).await.unwrap();
        for i in 0..100 {
            writeln!(write, "line {i}").unwrap();
        }
        drop(write);
        let mut pieces = 0;
        while paced.pieces.recv().await.is_some() {
            pieces += 1;
        }
        assert_eq!(pieces, 1, "the burst of 100 lines came as one piece");
    }
}
