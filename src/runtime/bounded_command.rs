//! A helper program's output, read with a deadline and a size cap: a clipboard tool whose
//! owner hangs, or that pours out more than anyone would send, must not hold a blocking
//! thread for ever or fill memory. Runs on a blocking thread (never on the loop): the output
//! is read on a thread of its own while this one waits for it with the deadline; on either
//! limit the program is killed and reaped.

use std::io::Read;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Why there is no output.
#[derive(Debug)]
pub(crate) enum Refused {
    /// The program could not be started.
    Spawn(std::io::Error),
    /// It did not finish within the deadline.
    TimedOut(Duration),
    /// It wrote more than the cap.
    TooLarge(usize),
}

/// `command`'s exit status and stdout (stdin and stderr null), within `timeout` and `cap`.
pub(crate) fn output_within(
    command: &mut Command,
    timeout: Duration,
    cap: usize,
) -> Result<(ExitStatus, Vec<u8>), Refused> {
    let deadline = Instant::now() + timeout;
    let mut child = command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(Refused::Spawn)?;
    let stdout = child.stdout.take().expect("piped");
    let (sent, read) = mpsc::channel();
    std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = stdout.take(cap as u64 + 1).read_to_end(&mut bytes);
        let _ = sent.send(bytes);
    });
    let bytes = match read.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
        Ok(bytes) => bytes,
        Err(_) => return Err(stop(child, Refused::TimedOut(timeout))),
    };
    if bytes.len() > cap {
        return Err(stop(child, Refused::TooLarge(cap)));
    }
    // Its output closed: it is ending. A program that closes stdout and lingers still gets
    // only what is left of the deadline.
    loop {
        match child.try_wait() {
            Ok(Some(status)) => return Ok((status, bytes)),
            Ok(None) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(5)),
            _ => return Err(stop(child, Refused::TimedOut(timeout))),
        }
    }
}

/// Kills and reaps `child` (no zombie left), giving `why`.
fn stop(mut child: Child, why: Refused) -> Refused {
    let _ = child.kill();
    let _ = child.wait();
    why
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sh(script: &str) -> Command {
        let mut command = Command::new("sh");
        command.args(["-c", script]);
        command
    }

    #[test]
    fn output_within_the_limits_is_given_whole() {
        let (status, bytes) =
            output_within(&mut sh("printf 'a log'"), Duration::from_secs(10), 64).unwrap();
        assert!(status.success());
        assert_eq!(bytes, b"a log");
        let (status, _) = output_within(&mut sh("exit 3"), Duration::from_secs(10), 64).unwrap();
        assert_eq!(status.code(), Some(3));
    }

    #[test]
    fn a_hung_program_is_stopped_at_the_deadline() {
        let started = Instant::now();
        let refused = output_within(&mut sh("sleep 30"), Duration::from_millis(300), 64);
        assert!(matches!(refused, Err(Refused::TimedOut(_))), "{refused:?}");
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "not waited out"
        );
        // Output closed but the program lingers: the same deadline.
        let lingering = output_within(
            &mut sh("exec >&-; sleep 30"),
            Duration::from_millis(300),
            64,
        );
        assert!(
            matches!(lingering, Err(Refused::TimedOut(_))),
            "{lingering:?}"
        );
    }

    #[test]
    fn a_flood_is_refused_at_the_cap() {
        let refused = output_within(&mut sh("yes flood"), Duration::from_secs(10), 4096);
        assert!(
            matches!(refused, Err(Refused::TooLarge(4096))),
            "{refused:?}"
        );
        let missing = output_within(
            &mut Command::new("/no/such/program"),
            Duration::from_secs(1),
            64,
        );
        assert!(matches!(missing, Err(Refused::Spawn(_))), "{missing:?}");
    }
}
