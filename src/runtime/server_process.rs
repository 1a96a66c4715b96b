//! A look at the server's process for `Effect::InspectServer`: is it stopped (SIGSTOP, a
//! terminal stop, a tracer), gone, or alive? Read from Linux's `/proc/<pid>/stat`, for the
//! process and every process of the group it leads (tern starts the server as a group leader,
//! and npm's `codex` is a node wrapper whose child, the native binary, is the one serving).
//! Elsewhere the answer is `Unknown`, and the app goes by the probe alone.

use crate::session::event::ProcessState;
use std::path::Path;

/// The state of `pid` and its group: a stopped process anywhere in it is named first; then a
/// leader gone or a zombie; else alive.
pub(crate) fn inspect(pid: u32) -> ProcessState {
    let proc_root = Path::new("/proc");
    let Ok(own) = std::fs::read_to_string(proc_root.join(pid.to_string()).join("stat")) else {
        return if proc_root.join("self/stat").exists() {
            ProcessState::Gone
        } else {
            ProcessState::Unknown
        };
    };
    let Some(leader) = parse_stat(&own) else {
        return ProcessState::Unknown;
    };
    if is_stopped(leader.state) {
        return ProcessState::Stopped { pid };
    }
    if matches!(leader.state, 'Z' | 'X' | 'x') {
        return ProcessState::Gone;
    }
    if let Some(stopped) = stopped_in_group(proc_root, pid) {
        return ProcessState::Stopped { pid: stopped };
    }
    ProcessState::Alive
}

/// The fields of a `stat` line tern reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Stat {
    pub state: char,
    pub group: u32,
}

/// `pid (comm) S ppid pgrp …`: the command name may hold spaces and parentheses, so the fields
/// are read after the last `)`.
pub(crate) fn parse_stat(line: &str) -> Option<Stat> {
    let rest = &line[line.rfind(')')? + 1..];
    let mut fields = rest.split_whitespace();
    let state = fields.next()?.chars().next()?;
    let _parent = fields.next()?;
    let group = fields.next()?.parse().ok()?;
    Some(Stat { state, group })
}

fn is_stopped(state: char) -> bool {
    matches!(state, 'T' | 't')
}

/// A stopped process of the group `group` (other than its leader), if any.
fn stopped_in_group(proc_root: &Path, group: u32) -> Option<u32> {
    let entries = std::fs::read_dir(proc_root).ok()?;
    for entry in entries.flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|n| n.parse::<u32>().ok())
        else {
            continue;
        };
        if pid == group {
            continue;
        }
        let Ok(line) = std::fs::read_to_string(entry.path().join("stat")) else {
            continue; // gone meanwhile
        };
        if let Some(stat) = parse_stat(&line) {
            if stat.group == group && is_stopped(stat.state) {
                return Some(pid);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::process::CommandExt;

    #[test]
    fn the_fields_are_read_after_the_last_parenthesis() {
        let line = "4321 (odd) name) (x) T 1 4321 4321 0 -1 4194560 100 0 0 0";
        assert_eq!(
            parse_stat(line),
            Some(Stat {
                state: 'T',
                group: 4321
            })
        );
        assert_eq!(parse_stat("garbage"), None);
    }

    #[test]
    fn a_stopped_child_is_seen_stopped_and_a_running_one_alive() {
        let mut child = std::process::Command::new("sleep")
            .arg("30")
            .process_group(0)
            .spawn()
            .expect("spawn sleep");
        let pid = child.id();
        assert_eq!(inspect(pid), ProcessState::Alive);
        // SAFETY: signals to the child this test started.
        unsafe { libc::kill(pid as i32, libc::SIGSTOP) };
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        while inspect(pid) != (ProcessState::Stopped { pid }) {
            assert!(std::time::Instant::now() < deadline, "never seen stopped");
            std::thread::yield_now();
        }
        unsafe { libc::kill(pid as i32, libc::SIGKILL) };
        child.wait().unwrap();
        assert_eq!(inspect(pid), ProcessState::Gone);
    }
}
