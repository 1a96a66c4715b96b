//! tern's benchmarks: one binary of ignored tests that print figures and assert no time (timing
//! budgets never go into `tests/it`). Run one group, in release mode, by its module name:
//!
//! ```text
//! cargo test --release --test bench -- --ignored --nocapture NAME
//! ```
//!
//! | NAME | what it measures |
//! |---|---|
//! | `harness::` | tern against the official Codex TUI, in pseudo-terminals, against the real codex and the mock model (about 10 minutes; `BENCH_REPS`, `BENCH_APPS`, `BENCH_SCENARIOS`, `BENCH_TERN_BIN`) |
//! | `units::` | one JSON line parsed and dispatched, one delta applied, one frame drawn, highlighting |
//! | `transcript::` | a long transcript: layout, frames, scrolling |
//! | `diff::` | the diff renderer |
//! | `flood::` | CPU and peak heap of the app under floods of growing size |
//! | `flood_keys::` | key echo and exit under floods, in the real binary against the fake app-server |
//! | `threads::` | the resume picker and reopening a long thread, against the real codex |
//! | `composer::` | a 10,000-line paste and a tall recalled draft |
//! | `growth::` | memory per item at 1×, 10×, 100× of what a server can make big (an endless answer, an endless session, replies to a server that stopped reading, a stderr line without end), time per item of the views that were quadratic |
//!
//! The in-process groups (`units`, `transcript`, `diff`, `flood`) want the machine to themselves:
//! add `--test-threads 1`. The binary's allocator counts heap bytes for `flood::` and `growth::`
//! (see `flood.rs`). Helpers come from the integration tests' `support/` folder, declared once there.
//!
//! ## The comparison with the official Codex TUI (`harness::`)
//!
//! ```text
//! cargo test --release --test bench -- --ignored --nocapture harness::
//! ```
//!
//! About 10 minutes; it uses only 127.0.0.1 and needs codex, which `.ci/run` installs into
//! `target/codex`. `BENCH_REPS=5`, `BENCH_APPS=tern`, `BENCH_SCENARIOS=stream,echo` (of
//! `startup`, `stream`, `paced`, `long`, `echo`, `approval`, `cells`, `slow`) narrow a run, and
//! `BENCH_TERN_BIN=path` runs another build of tern, to compare before and after a change.
//!
//! How it measures: the project's mock model (`tests/it/support/mock_model.rs`) streams a 2,000-line,
//! 66 KB markdown answer (headings, lists, tables, code in five languages) as N deltas, as fast as
//! the socket takes them or one every 2 ms. tern (with `codex app-server` as its child) and the
//! official `codex --no-daemon` (its app-server in the same process) run the same pinned codex,
//! each with a fresh CODEX_HOME whose config points at the mock, in a 120×40 pseudo-terminal whose
//! output a vt100 parser turns into a screen. The harness types as a person does (a key once the
//! previous one shows, 30 ms apart, Enter after a pause) and reads completion off the parsed screen
//! (the answer's last line, the approval prompt). CPU is `utime + stime` from `/proc` (10 ms
//! ticks) of the program's own process, and of its whole tree; memory is the own process's peak
//! (VmHWM). Each figure is the median of 3 runs (5 for startup); key echo pools 3 × 40 keys and
//! gives the median and the 99th percentile; the floor of that method is `cat` in the same
//! pseudo-terminal. "app-server alone" is `codex app-server` driven over stdio by a minimal
//! JSON-RPC client with no screen: what any frontend pays before it draws. The figures move with
//! the load of the machine (two cores shared with other builds here): compare runs made together.
//!
//! Lower-level figures (JSON line parse and dispatch, delta apply, frame render, highlighting per
//! line, a 10,000-cell transcript):
//! `cargo test --release --test bench -- --ignored --nocapture --test-threads 1 units::` and
//! `transcript::` the same way.
//!
//! The latest run (`BENCH_REPS=3`, 2-core machine, load average about 3 from other builds; "tern
//! before" is commit a47c415, the state before this work, run by the same harness with
//! `BENCH_TERN_BIN` right after):
//!
//! | figure | app-server alone | official Codex TUI | tern before | tern now | now/official | target | met |
//! |---|---|---|---|---|---|---|---|
//! | startup → composer on screen | – | 188 ms | 14.2 ms | 15.7 ms | 0.08 | ≤ 50 ms | yes |
//! | startup until idle: CPU of its own process (tern: with the highlighting warm-up) | – | 0.660 s | 0.000 s | 0.040 s | 0.06 | – | – |
//! | peak memory after start (own process) | – | 159 MiB | 10.6 MiB | 19.6 MiB | 0.12 | ≤ 30 MiB | yes |
//! | idle 10 s: CPU of its own process | – | 0.000 % | 0.000 % | 0.000 % | – | keep ≈ 0 | yes |
//! | idle 10 s: wake-ups of its own process | – | 0.000 /s | 0.000 /s | 0.000 /s | – | keep ≈ 0 | yes |
//! | 10,000 deltas: Enter → last line on screen | 0.808 s | 9.43 s | 1.21 s | 0.726 s | 0.08 | ≤ 1.15× app-server alone | yes (0.90×) |
//! | 10,000 deltas: CPU of its own process | – | 10.7 s | 0.740 s | 0.120 s | 0.01 | ≤ 0.12 s | at the edge |
//! | 10,000 deltas: CPU with its app-server | 1.21 s | 10.7 s | 1.67 s | 1.04 s | 0.10 | ≤ 0.80 s, ≤ 0.22× official | ratio yes; 0.80 s no (the app-server alone costs more) |
//! | 10,000 deltas: peak memory (own process) | – | 213 MiB | 107 MiB | 22.1 MiB | 0.10 | ≤ 30 MiB | yes |
//! | paced stream (2 ms/delta): CPU of its own process | – | 262 % | 31.5 % | 9.15 % | 0.03 | – | – |
//! | paced stream (2 ms/delta): CPU with its app-server | – | 262 % | 50.8 % | 29.5 % | 0.11 | – | – |
//! | paced stream: last line on screen after the last byte | – | 4070 ms | 12.1 ms | 15.2 ms | 0.00 | – | – |
//! | own CPU per delta, the answer in 10,000 deltas | – | 1128 µs | 68.0 µs | 15.0 µs | 0.01 | – | – |
//! | own CPU per delta, the same answer in 30,000 deltas | – | 514 µs | 33.0 µs | 9.00 µs | 0.02 | flat: ≤ the 10,000-delta figure | yes |
//! | key → echo, empty transcript (floor of the method 0.11 ms), median | – | 23.8 ms | 1.81 ms | 0.704 ms | 0.03 | ≤ floor + 2 ms | yes |
//! | key → echo, empty transcript (floor of the method 0.11 ms), p99 | – | 59.5 ms | 17.8 ms | 3.95 ms | 0.07 | – | – |
//! | key → echo during a paced stream, median | – | 28.8 ms | 5.75 ms | 1.23 ms | 0.04 | ≤ floor + 3 ms | yes |
//! | key → echo during a paced stream, p99 | – | 98.6 ms | 400 ms | 6.91 ms | 0.07 | – | – |
//! | key → echo after a 2,000-line answer, median | – | 24.7 ms | 2.10 ms | 0.901 ms | 0.04 | ≤ floor + 2 ms | yes |
//! | key → echo after a 2,000-line answer, p99 | – | 44.6 ms | 6.07 ms | 3.37 ms | 0.08 | – | – |
//! | approval turn: Enter → prompt on screen | – | 1006 ms | 170 ms | 161 ms | 0.16 | – | – |
//! | 10,000 cells: Enter → last cell on screen | – | 46.2 s | 40.5 s | 40.5 s | 0.88 | – | – |
//! | 10,000 cells: peak memory (own process) | – | 275 MiB | 37.9 MiB | 36.2 MiB | 0.13 | ≤ 120 MiB | yes |
//! | 10,000 cells: PgUp → screen scrolled, median | – | 5.82 ms | 2.23 ms | 1.07 ms | 0.18 | – | – |
//!
//! tern's own CPU for the 10,000-delta stream was at that target, not under it (0.12 s in this
//! run). Two of the changes listed below came after this table (issue 24): each server line is
//! read once, straight into its typed message, and an answer's code blocks are highlighted only
//! when drawn: 0.060 s (8.7–9.5 % of its app-server's CPU) against 0.090–0.100 s (13–16 %) for
//! 11012f7 in the same sitting (`BENCH_REPS=3`, two runs of each, load average 4–6). Issue 24's
//! target (≤ 0.04 s, ≤ 8 %) is still missed; in
//! the profile of the stream after them (`perf record --call-graph dwarf`, tern's main thread)
//! a third is `sched_yield` in crossterm's input poll (see "Tried and left out"), a quarter
//! drawing frames, a fifth highlighting the code that frames show, an eighth applying the
//! deltas (parsing 3 %) and 7 % laying out the open block. The tree's 0.80 s is out of
//! reach for tern: the app-server alone costs 0.8–1.3 s for the same stream in this harness (its
//! share in tern's tree is about 0.9 s); tern's tree is 0.10× the official TUI's, against 0.22.
//!
//! What made the difference, each step measured with the harness and `perf record` on a release
//! build streaming the long answer:
//!
//! - Highlighting on Oniguruma instead of fancy-regex. syntect compiles each grammar's regexes on
//!   first use; with fancy-regex that compilation (regex-automata building NFAs and DFAs) was 28 %
//!   of tern's samples and its lazy DFA caches took the peak memory of a stream to 109 MiB.
//!   Oniguruma is C, built from the source bundled in `onig_sys` by the system C compiler (gcc; 19 s
//!   from a clean build); bat and syntect default to it.
//! - The syntax set loads and the common grammars compile on a background thread at startup, so a
//!   key typed as the first code block of a stream arrives no longer waits for them (the p99 of key
//!   echo during a stream was 493 ms).
//! - A code block highlighted again as it grows resumes after the lines highlighted last time, so a
//!   streamed block costs about what highlighting it once costs.
//! - Input first: keys and signals are read before server messages, which are applied in batches of
//!   at most 64, and a frame asked for by input is drawn at once instead of in the 60 fps slot.
//! - A current-thread runtime: the two-worker runtime spent about 15 % of the samples handing tasks
//!   between threads (0.20 s of tern's CPU for the stream against 0.12 s).
//! - Cells are found by turn and item id without building a key (two String pairs per delta).
//! - Each server line is parsed once: its params stay raw JSON text (`protocol::RawParams`) until
//!   the method's typed notification is read from them; before, a line became a `Value` and then
//!   the type.
//! - An answer's code blocks are laid out plain (the same rows) and highlighted when a frame
//!   first draws them (`render::lazy_code`): a fast stream scrolls about a third of them past
//!   unseen, and a long transcript's code off screen is never highlighted.
//!
//! Tried and left out, because they measured worse (`perf stat` task-clock, three runs each):
//! polling the terminal only after it signalled input, and pausing 2 ms between reads of the
//! server's output to batch them; both added context switches instead of removing them.
//! Polling crossterm's input stream only after it woke (each idle poll spins in `sched_yield` on
//! its reader lock: 30 % of tern's samples during the stream) removed the yields but not the
//! CPU: the spinning had been batching the server's lines, and without it the loop parked and
//! woke three to ten times as often (`perf stat` context switches 550 → 1,600–6,600). What is
//! left of the 10,000-delta stream is mostly that: a wake-up per burst of lines, and a frame at
//! 60 fps that redraws the scrolled screen; reading the server's lines a frame at a time (a
//! larger pipe, read on the frame's deadline) is the next step.

#[path = "../it/support/mod.rs"]
#[macro_use]
#[allow(dead_code, unused_macros)]
mod support;

mod composer;
mod diff;
mod flood;
mod flood_keys;
mod growth;
mod harness;
mod threads;
mod transcript;
mod units;
