//! Starting a new app-server in place of the old one, for `Effect::RestartServer`: the old
//! process is killed if it still runs (stopped or stuck), a new one is spawned, and the loop
//! swaps its connection for one over the new pipes.

use crate::rpc::child::ChildTransport;
use crate::rpc::Transport;
use crate::session::state::health::Timeouts;
use std::path::PathBuf;
use std::time::Duration;

/// A freshly started server.
pub struct Spawned {
    pub transport: Box<dyn Transport>,
    /// Its process id, when it is a child process.
    pub pid: Option<u32>,
}

/// Starts a server; the error says why it could not.
pub type Spawner = Box<dyn FnMut() -> Result<Spawned, String>>;

/// Spawns `<codex> app-server` each time it is called.
pub fn child_spawner(codex: PathBuf) -> Spawner {
    Box::new(move || {
        let child = ChildTransport::spawn(&codex, &[]).map_err(|e| e.to_string())?;
        let pid = child.pid();
        Ok(Spawned {
            transport: Box::new(child),
            pid,
        })
    })
}

/// Kills the old server (SIGKILL also ends a stopped process), then starts a new one.
pub(crate) fn respawn(spawner: Option<&mut Spawner>, kill: Option<u32>) -> Result<Spawned, String> {
    let Some(spawner) = spawner else {
        return Err("this session's server cannot be restarted".into());
    };
    kill_group(kill);
    spawner()
}

/// Kills the old server's process group, if there is one.
pub(crate) fn kill_group(kill: Option<u32>) {
    if let Some(pid) = kill.and_then(|pid| libc::pid_t::try_from(pid).ok()) {
        // Our own child leads a process group of its own (`ChildTransport::spawn`): the whole
        // group goes, so a wrapper's child (npm's node `codex` runs the native binary with the
        // same pipes) does not live on holding them. The child is not reaped yet (its
        // connection has not closed), so the group id is still ours. The pipes close, and the
        // old connection winds down by itself.
        // SAFETY: kill(2) has no memory effects.
        unsafe {
            libc::kill(-pid, libc::SIGKILL);
        }
    }
}

/// The health deadlines, from `TERN_INIT_TIMEOUT_MS`, `TERN_SILENCE_TIMEOUT_MS` and
/// `TERN_PROBE_TIMEOUT_MS` when set (tests shorten them), else the defaults (10 s, 30 s, 10 s).
pub fn timeouts_from_env() -> Timeouts {
    let read = |name: &str| {
        std::env::var(name)
            .ok()
            .and_then(|v| v.parse::<u64>().ok())
            .map(Duration::from_millis)
    };
    let defaults = Timeouts::default();
    Timeouts {
        initialize: read("TERN_INIT_TIMEOUT_MS").unwrap_or(defaults.initialize),
        silence: read("TERN_SILENCE_TIMEOUT_MS").unwrap_or(defaults.silence),
        probe: read("TERN_PROBE_TIMEOUT_MS").unwrap_or(defaults.probe),
    }
}
