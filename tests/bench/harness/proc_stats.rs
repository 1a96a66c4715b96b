//! CPU time and peak memory of a process and its descendants, read from `/proc` (Linux).
//! CPU is `utime + stime` in clock ticks (10 ms on most kernels), plus the ticks of children
//! that already exited and were waited for (`cutime + cstime`), so a tree's total never drops.

use std::fs;
use std::time::Duration;

/// One look at a process tree.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct TreeSample {
    /// CPU of the program's own process (the one that draws the screen).
    pub own_cpu: Duration,
    /// CPU of the root and every descendant.
    pub tree_cpu: Duration,
    /// Peak resident memory (VmHWM) of the program's own process, in KiB.
    pub own_peak_kib: u64,
    /// Resident memory now (VmRSS) of the program's own process, in KiB.
    pub own_rss_kib: u64,
    /// CPU of the program's own process in nanoseconds (`schedstat` of each of its threads),
    /// for figures too small for 10 ms ticks.
    pub own_cpu_ns: u64,
    /// Voluntary plus involuntary context switches of every thread of the program's own
    /// process: how often it woke up.
    pub own_switches: u64,
    /// Write calls (`syscw` of `/proc/PID/io`) of the program's own process: while a stream
    /// plays, its frames (tern: two writes each, the frame and the end of its synchronized
    /// update) and its runtime's wake-ups (8-byte eventfd writes).
    pub own_writes: u64,
    /// Bytes it wrote (`wchar`): the frames' bytes, with the few requests to its server.
    pub own_written: u64,
}

struct Stat {
    ppid: u32,
    /// utime + stime, and cutime + cstime, in ticks.
    own_ticks: u64,
    children_ticks: u64,
}

fn ticks_per_second() -> u64 {
    // SAFETY: sysconf only reads a configuration value.
    let ticks = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
    if ticks > 0 {
        ticks as u64
    } else {
        100
    }
}

fn stat(pid: u32) -> Option<Stat> {
    let text = fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name (field 2) is in parentheses and may hold spaces: split after it.
    let rest = &text[text.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // `rest` starts at field 3 (state); utime is field 14.
    let field = |n: usize| fields.get(n - 3).and_then(|f| f.parse::<u64>().ok());
    Some(Stat {
        ppid: field(4)? as u32,
        own_ticks: field(14)? + field(15)?,
        children_ticks: field(16)? + field(17)?,
    })
}

fn status_kib(pid: u32, key: &str) -> u64 {
    fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|text| {
            text.lines()
                .find(|l| l.starts_with(key))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|v| v.parse().ok())
        })
        .unwrap_or(0)
}

fn switches(pid: u32) -> u64 {
    let Ok(tasks) = fs::read_dir(format!("/proc/{pid}/task")) else {
        return 0;
    };
    tasks
        .flatten()
        .filter_map(|task| fs::read_to_string(task.path().join("status")).ok())
        .map(|text| {
            text.lines()
                .filter(|l| l.contains("ctxt_switches:"))
                .filter_map(|l| l.split_whitespace().nth(1)?.parse::<u64>().ok())
                .sum::<u64>()
        })
        .sum()
}

/// `root` and every process below it, found by scanning `/proc` for parent ids.
pub fn descendants(root: u32) -> Vec<u32> {
    let parents: Vec<(u32, u32)> = fs::read_dir("/proc")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| e.file_name().to_str()?.parse::<u32>().ok())
        .filter_map(|pid| Some((pid, stat(pid)?.ppid)))
        .collect();
    let mut tree = vec![root];
    let mut i = 0;
    while i < tree.len() {
        let parent = tree[i];
        tree.extend(
            parents
                .iter()
                .filter(|(_, ppid)| *ppid == parent)
                .map(|(pid, _)| *pid),
        );
        i += 1;
    }
    tree
}

/// The first process below `root` (or `root` itself) whose command name is `comm`.
pub fn find_in_tree(root: u32, comm: &str) -> Option<u32> {
    descendants(root).into_iter().find(|pid| {
        fs::read_to_string(format!("/proc/{pid}/comm")).is_ok_and(|c| c.trim_end() == comm)
    })
}

/// Figures of the tree under `root`, with `own` the process that draws the screen.
pub fn sample(root: u32, own: u32) -> TreeSample {
    let tick = Duration::from_secs(1) / ticks_per_second() as u32;
    let tree = descendants(root);
    let mut out = TreeSample::default();
    for &pid in &tree {
        let Some(s) = stat(pid) else { continue };
        let ticks = s.own_ticks + s.children_ticks;
        out.tree_cpu += tick * ticks as u32;
        if pid == own {
            out.own_cpu = tick * s.own_ticks as u32;
            out.own_peak_kib = status_kib(pid, "VmHWM:");
            out.own_rss_kib = status_kib(pid, "VmRSS:");
        }
    }
    out.own_switches = switches(own);
    out.own_cpu_ns = cpu_ns(own);
    (out.own_writes, out.own_written) = writes(own);
    out
}

/// `syscw` and `wchar` of `pid` (0 where `/proc/PID/io` cannot be read).
fn writes(pid: u32) -> (u64, u64) {
    let text = fs::read_to_string(format!("/proc/{pid}/io")).unwrap_or_default();
    let field = |name: &str| {
        text.lines()
            .find_map(|line| line.strip_prefix(name))
            .and_then(|rest| rest.trim().parse::<u64>().ok())
            .unwrap_or(0)
    };
    (field("syscw:"), field("wchar:"))
}

/// Time on a CPU of every thread of `pid`, in nanoseconds (the first field of each thread's
/// `schedstat`; threads that already ended are not counted).
fn cpu_ns(pid: u32) -> u64 {
    let Ok(tasks) = fs::read_dir(format!("/proc/{pid}/task")) else {
        return 0;
    };
    tasks
        .flatten()
        .filter_map(|task| fs::read_to_string(task.path().join("schedstat")).ok())
        .filter_map(|text| text.split_whitespace().next()?.parse::<u64>().ok())
        .sum()
}

/// Waits until the tree has used no CPU for `quiet`, at most `limit`; returns the last sample.
/// Used to take a run's CPU once the work it caused is done.
pub fn settle(root: u32, own: u32, quiet: Duration, limit: Duration) -> TreeSample {
    let start = std::time::Instant::now();
    let step = Duration::from_millis(50);
    let mut last = sample(root, own);
    let mut still_since = std::time::Instant::now();
    while start.elapsed() < limit {
        // Polled: a process's CPU counter cannot be waited on.
        std::thread::sleep(step);
        let now = sample(root, own);
        if now.tree_cpu != last.tree_cpu {
            still_since = std::time::Instant::now();
        } else if still_since.elapsed() >= quiet {
            return now;
        }
        last = now;
    }
    last
}

/// Sends SIGKILL to `root` and everything below it that still runs (processes the benchmark
/// started itself, found by parent id).
pub fn kill_tree(root: u32) {
    for pid in descendants(root).into_iter().rev() {
        // SAFETY: kill only sends a signal to a process id read just now from our own tree.
        unsafe {
            libc::kill(pid as i32, libc::SIGKILL);
        }
    }
}
