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
//! `startup`, `stream`, `paced`, `long`, `echo`, `approval`, `cells`, `agents`, `day`, `slow`,
//! `picker`, `huge`, `stream-inline`, `echo-inline`, `inbox`, `review`) narrow a run, and
//! `BENCH_TERN_BIN=path` runs another build of tern, to compare before and after a change.
//!
//! How it measures: the project's mock model (`tests/it/support/mock_model.rs`) streams a 2,000-line,
//! 66 KB markdown answer (headings, lists, tables, code in five languages) as N deltas, as fast as
//! the socket takes them or one every 2 ms. tern (with `codex app-server` as its child) and the
//! official `codex --no-daemon` (its app-server in the same process) run the same pinned codex,
//! each with a fresh CODEX_HOME whose config points at the mock, in a 120×40 pseudo-terminal whose
//! output a vt100 parser turns into a screen. The harness types as a person does (a key once the
//! previous one shows, 30 ms apart, Enter after a pause) and reads completion off the parsed screen
//! (the answer's last line, the approval prompt). CPU of the whole tree is `utime + stime` from
//! `/proc` (10 ms ticks); the own process's CPU in the stream figures (`stream`, `paced`, `long`,
//! and the share of the app-server's) and in `agents` is the sum of its threads' time on a CPU
//! from `/proc/PID/task/*/schedstat` (nanoseconds: a 0.04 s target is four ticks), the
//! app-server's being the tree's ticks less the own process's ticks; startup and idle figures
//! keep ticks. Memory is the own process's peak (VmHWM). Each figure is the median of 3 runs (5 for startup); key echo pools 3 × 40 keys and
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
//! The latest run (2026-12-01, main d002789, `BENCH_REPS=3`, 2-core machine, load average 1–3,
//! 516 s; targets met: 39 of 41 as printed, 40 of 42 with the flat per-delta figure, which the
//! harness judges since). The scale scenarios of issue 24 (8 sub-agents, a day of
//! 100,000 cells, the slow link, the picker, the 5,000-turn thread) run tern alone against the
//! fake app-server, which the official TUI cannot drive:
//!
//! | figure | app-server alone | official Codex TUI | tern | tern/official | target | met |
//! |---|---|---|---|---|---|---|
//! | startup → composer on screen | – | 105 ms | 12.6 ms | 0.12 | ≤ 50 ms | yes |
//! | startup until idle: CPU of its own process (tern: with the highlighting warm-up) | – | 0.430 s | 0.030 s | 0.07 | – | – |
//! | peak memory after start (own process) | – | 162 MiB | 25.0 MiB | 0.15 | ≤ 30 MiB | yes |
//! | idle 10 s: CPU of its own process | – | 0.000 % | 0.000 % | – | ≤ 0.1 % | yes |
//! | idle 10 s: wake-ups of its own process | – | 0.000 /s | 0.000 /s | – | zero: ≤ 0.1 /s | yes |
//! | 10,000 deltas: Enter → last line on screen | 0.539 s | 5.99 s | 0.511 s | 0.09 | ≤ 1.15× app-server alone | yes |
//! | 10,000 deltas: CPU of its own process | – | 6.76 s | 0.073 s | 0.01 | ≤ 0.04 s | **no** |
//! | 10,000 deltas: own CPU as a share of its app-server's CPU in the same run | – | – (not run) | 9.98 % | – | ≤ 8 % | **no** |
//! | 10,000 deltas: CPU with its app-server | 0.810 s | 6.76 s | 0.800 s | 0.12 | ≤ 0.80 s, ≤ 0.22× official | – |
//! | 10,000 deltas: peak memory (own process) | – | 217 MiB | 27.0 MiB | 0.12 | ≤ 30 MiB | yes |
//! | paced stream (2 ms/delta): CPU of its own process | – | 150 % | 8.75 % | 0.06 | – | – |
//! | paced stream (2 ms/delta): CPU with its app-server | – | 151 % | 27.1 % | 0.18 | – | – |
//! | paced stream: last line on screen after the last byte | – | 1130 ms | 10.4 ms | 0.01 | – | – |
//! | own CPU per delta, the answer in 10,000 deltas | – | 667 µs | 6.63 µs | 0.01 | – | – |
//! | own CPU per delta, the same answer in 30,000 deltas | – | 344 µs | 4.96 µs | 0.01 | flat: ≤ the 10,000-delta figure | yes |
//! | key → echo, empty transcript (floor of the method 0.19 ms), median | – | 23.6 ms | 0.885 ms | 0.04 | ≤ floor + 2 ms | yes |
//! | key → echo, empty transcript (floor of the method 0.19 ms), p99 | – | 58.3 ms | 1.76 ms | 0.03 | – | – |
//! | key → echo during a paced stream, median | – | 25.8 ms | 0.985 ms | 0.04 | ≤ floor + 3 ms | yes |
//! | key → echo during a paced stream, p99 | – | 68.3 ms | 1.75 ms | 0.03 | – | – |
//! | key → echo after a 2,000-line answer, median | – | 24.2 ms | 0.970 ms | 0.04 | ≤ floor + 2 ms | yes |
//! | key → echo after a 2,000-line answer, p99 | – | 25.4 ms | 1.21 ms | 0.05 | – | – |
//! | approval turn: Enter → prompt on screen | – | 1005 ms | 111 ms | 0.11 | – | – |
//! | 10,000 cells: Enter → last cell on screen | – | 23.8 s | 30.6 s | 1.28 | – | – |
//! | 10,000 cells: peak memory (own process) | – | 283 MiB | 34.0 MiB | 0.12 | ≤ 120 MiB | yes |
//! | 10,000 cells: PgUp → screen scrolled, median | – | 4.43 ms | 1.05 ms | 0.24 | – | – |
//! | 8 sub-agents streaming (5,000 deltas each, interleaved): key → echo in the parent (floor 0.19 ms), median | – | – (not run) | 0.789 ms | – | ≤ floor + 2 ms | yes |
//! | 8 sub-agents streaming (5,000 deltas each, interleaved): key → echo in the parent (floor 0.19 ms), p99 | – | – (not run) | 1.03 ms | – | ≤ floor + 8 ms | yes |
//! | 8 sub-agents × 2500 deltas, unpaced: own CPU per delta | – | – (not run) | 1.19 µs | – | – | – |
//! | 8 sub-agents × 5000 deltas, unpaced: own CPU per delta | – | – (not run) | 1.19 µs | – | linear: ≤ 1.2× the smaller run's per delta | yes |
//! | 8 sub-agents × 5000 deltas: peak memory (own process) | – | – (not run) | 26.1 MiB | – | ≤ 60 MiB | yes |
//! | 8 sub-agents × 5000 deltas: memory once settled (own process) | – | – (not run) | 26.1 MiB | – | ≤ 60 MiB | yes |
//! | 8 sub-agents × 5000 deltas, unpaced: tern's write calls (its frames, ~2 each, and the runtime's wake-ups) | – | – (not run) | 35.0  | – | – | – |
//! | 8 sub-agents × 5000 deltas, unpaced: bytes tern wrote (frames) | – | – (not run) | 6.82 KiB | – | – | – |
//! | 8 sub-agents × 5000 deltas, paced, keys typed: tern's write calls per second (frames, ~2 each, and wake-ups) | – | – (not run) | 39.9 /s | – | – | – |
//! | day of 100000 cells: Enter → last cell on screen | – | – (not run) | 0.460 s | – | – | – |
//! | day of 100000 cells: peak memory (own process) | – | – (not run) | 74.4 MiB | – | ≤ 150 MiB | yes |
//! | day of 100000 cells: memory once settled (own process) | – | – (not run) | 74.4 MiB | – | ≤ 150 MiB | yes |
//! | day of 100000 cells: PgUp → screen scrolled, median | – | – (not run) | 1.97 ms | – | ≤ 5 ms | yes |
//! | day of 100000 cells: key → echo (floor 0.19 ms), median | – | – (not run) | 0.949 ms | – | ≤ floor + 2 ms | yes |
//! | day of 100000 cells: key → echo (floor 0.19 ms), p99 | – | – (not run) | 1.19 ms | – | – | – |
//! | day of 100000 cells: resident memory per thread switch (slope of the last 10 of 20) | – | – (not run) | 0.000 KiB | – | flat: ≤ 64 KiB per step | yes |
//! | day of 100000 cells: resident memory per /new (slope of the last 10 of 20) | – | – (not run) | 3.95 KiB | – | flat: ≤ 64 KiB per step | yes |
//! | slow link (150 ms RTT, 1 MB/s): key → echo, idle (floor of the method 0.19 ms), median | – | – (not run) | 0.925 ms | – | ≤ floor + 2 ms | yes |
//! | slow link (150 ms RTT, 1 MB/s): key → echo, idle (floor of the method 0.19 ms), p99 | – | – (not run) | 5.12 ms | – | ≤ floor + 8 ms | yes |
//! | slow link: key → echo while the long answer streams over it, median | – | – (not run) | 1.05 ms | – | ≤ floor + 2 ms | yes |
//! | slow link: key → echo while the long answer streams over it, p99 | – | – (not run) | 4.05 ms | – | ≤ floor + 8 ms | yes |
//! | direct websocket (the control): key → echo while the same answer streams, median | – | – (not run) | 1.16 ms | – | ≤ floor + 2 ms | yes |
//! | direct websocket (the control): key → echo while the same answer streams, p99 | – | – (not run) | 59.7 ms | – | – | – |
//! | slow link: websocket frames tern sends per key typed | – | – (not run) | 0.000  | – | none: 0 | yes |
//! | direct websocket: 10,000 deltas, Enter → last line | – | – (not run) | 0.582 s | – | – | – |
//! | slow link: what it allows (Enter → first delta, then the bytes sent at 1 MB/s, + 75 ms) | – | – (not run) | 2.38 s | – | – | – |
//! | slow link: 10,000 deltas, Enter → last line | – | – (not run) | 2.32 s | – | ≤ 1.15× the larger of direct and what the link allows | yes |
//! | slow link / direct, Enter → last line | – | – (not run) | 3.98 × | – | near 4.09 (link allows / direct) | – |
//! | slow link, during the stream: frames written to the terminal per second | – | – (not run) | 54.4 /s | – | ≤ 60 /s (coalesced) | yes |
//! | slow link, during the stream: server messages per frame drawn | – | – (not run) | 76.5  | – | > 1 (coalesced) | yes |
//! | slow link, during the stream: bytes written to the terminal per second | – | – (not run) | 222 KiB/s | – | – | – |
//! | slow link, 10,000 deltas: peak memory (own process) | – | – (not run) | 27.3 MiB | – | ≤ 30 MiB | yes |
//! | resume picker over 10000 threads: first rows on screen after the server's first page | – | – (not run) | 17.9 ms | – | ≤ 100 ms | yes |
//! | resume picker: a filter key → list filtered, 2000 rows loaded, median | – | – (not run) | 2.95 ms | – | ≤ 16 ms | yes |
//! | resume picker: a filter key → list filtered, 2000 rows loaded, p99 | – | – (not run) | 3.82 ms | – | – | – |
//! | resume picker: server searches per word typed 30 ms a key | – | – (not run) | 1.00  | – | 1 (debounced) | yes |
//! | resume picker: peak memory (own process) | – | – (not run) | 26.0 MiB | – | – | – |
//! | 5000-turn thread: newest turns on screen after the server answered the resume | – | – (not run) | 20.0 ms | – | ≤ 150 ms | yes |
//! | 5000-turn thread: newest turns on screen after the first page of turns | – | – (not run) | 19.7 ms | – | – | – |
//! | 5000-turn thread: Ctrl+Home → turn 1 on screen | – | – (not run) | 0.126 s | – | one key pages back to turn 1 | yes |
//! | 5000-turn thread: key → echo while Ctrl+Home pages back to turn 1 (floor of the method 0.19 ms), median | – | – (not run) | 0.882 ms | – | ≤ floor + 2 ms | yes |
//! | 5000-turn thread: key → echo while Ctrl+Home pages back to turn 1 (floor of the method 0.19 ms), p99 | – | – (not run) | 2.39 ms | – | – | – |
//! | 50-turn thread, whole on screen: memory (VmRSS settled) = what the visible turns need | – | – (not run) | 25.5 MiB | – | – | – |
//! | 5000-turn thread resumed (newest turns shown): memory ÷ the 50-turn thread's | – | – (not run) | 0.989 × | – | ≤ 2× | yes |
//! | 5000-turn thread paged back to turn 1: memory ÷ the 50-turn thread's | – | – (not run) | 1.25 × | – | ≤ 2× | yes |
//!
//! The two missed targets are tern's own CPU for the 10,000-delta stream (0.073 s against
//! ≤ 0.04 s; 0.12 s before issue 24) and its share of its app-server's CPU (9.98 % against ≤ 8 %).
//! Two changes of issue 24 took a third off (0.090–0.100 s → 0.060 s for 11012f7 against c0b023b
//! in the same sitting): each server line is read once, straight into its typed message, and an
//! answer's code blocks are highlighted only when drawn. In the profile after them (`perf record
//! --call-graph dwarf`, tern's main thread, `--children`) drawing is half (recolouring the code
//! frames show, `lazy_code::colour_rows`, 18 %), `EventStream::poll_next` 13 % (`sched_yield`:
//! see "Tried and left out"), applying the deltas 13–18 % and parsing 3–5 %. Removing all of the
//! spin would give about 0.053 s; 0.04 s also needs drawing halved. The tree's 0.80 s is the
//! app-server's: it costs 0.81 s alone for the same stream, and tern's tree is 0.12× the
//! official TUI's. "10,000 cells: Enter → last cell" is the app-server's time too (tern takes a
//! day of 100,000 cells from the fake server in 0.46 s); it moves between runs (40.5 s against the
//! official TUI's 46.2 s before, 30.6 s against 23.8 s here) and has no target.
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
//! Issue 38's pass (2026-12-07, tern alone, `BENCH_REPS=3`, 392 s, 51 of 54 targets met; the
//! official TUI's figures are the run above's): own CPU on the 10,000-delta stream 0.052 s and
//! 6.49 % of its app-server's (0.034–0.054 s in paired sittings of the day, load 2–6), the
//! 10,000-cell turn 22.0 s against 21.0 s for the app-server alone (the server's time: codex's
//! workers are 90 % of the tree's samples, tern's 8.6 %, and tern asks nothing back per item),
//! every echo at most 0.86 ms median (inbox 0.41, hunk review 0.74, 8 agents 0.44, 100,000
//! cells 0.62, slow link 0.72, inline 0.43). Inline's stream costs twice full screen's now
//! (0.080 s against 0.038 s): what it writes to the scrollback stays, so it colours every code
//! block, where full screen no longer colours code that only flew by. What changed, each
//! profiled on the main thread within the stream's window (`perf record -F 15000 --no-inherit
//! --call-graph dwarf` through a `BENCH_TERN_BIN` wrapper that starts perf detached):
//!
//! - The terminal is read without `EventStream` (`runtime::tty_events`): its spin was
//!   `sched_yield` 17.6 %. Alone that measured worse (context switches 900–2,400 → 4,200–5,000,
//!   `perf stat -i`): the spin had batched the server's lines.
//! - The server's pipe is read on a thread, all it holds at once, at most once per 2 ms in a
//!   burst (`rpc::paced_pipe`): epoll and scheduling 33 % → 6 %; with the input change, own
//!   CPU 0.099 s → 0.054 s in one sitting.
//! - Frames at 10 a second while more than 64 messages arrive between two, their code plain,
//!   the frame after the flood coloured: highlighting 12 % → 2.4 %, 0.046 s → 0.040 s.
//! - Nothing is drawn under a view that hides it: the hunk review's comment echo 1.96 → 0.74 ms.
//! - Tried and left out: a 4 ms pace (no difference beyond the noise in four paired runs).
//!   Left for later: markdown block splitting runs pulldown-cmark on the open tail at each
//!   newline (5.9 %), the open tail is laid out again each frame (6 %), parsing 6.4 %.
//!
//! Issue 38's last pass (2026-12-07, ef1aaed, tern alone, `BENCH_REPS=3`, 52 of 54 targets met;
//! the two missed: inline's share of full screen, and the hunk review's comment echo at 1.03 ms
//! in that run, 0.80 ms in a quiet one): own CPU on the 10,000-delta stream 0.027 s and 4.82 % of
//! its app-server's, peak memory 24.7 MiB (startup 23.4 MiB), the 10,000-cell turn 19.6 s
//! against 21.5 s for the app-server alone. Main-thread task-clock for the whole stream run
//! (`perf stat`, three runs each, same sitting): 43–53 ms before, 32–35 ms after the first four
//! changes below. What changed:
//!
//! - Fewer parses per line (`model::markdown_text`): a finished tail of one line, a tail that
//!   cannot be a long list, and a closed block (a heading, a paragraph or table and its blank
//!   line) are split without pulldown-cmark: 1,137 parses of 151 KB → 375 of 36 KB for the
//!   answer; no paragraph is parsed any more while it streams.
//! - Words wrapped as slices, not a String each (`render::wrap`): 43,648 of 275,850 allocations
//!   in the stream (heaptrack).
//! - The log's queue holds 4,096 lines: tracing-appender's default allocated and touched 4 MiB.
//! - A delta line is read once, straight into its type (`protocol::delta_line`): parsing and
//!   decoding 20.8 % → 15 %.
//! - Deltas of one item in a row are applied as one event (`runtime::delta_runs`): applying
//!   31 % → 14 %; own CPU 0.034–0.038 s → 0.031–0.035 s in paired runs.
//! - Inline: 0.071 s → 0.062 s by setting scrollback lines into the buffer instead of copying
//!   them into a paragraph. Inline still costs twice full screen: syntax colouring every code
//!   line it writes to the scrollback is 40 % of its main thread (the official TUI colours no
//!   code), and rendering lines into a buffer for their bytes 23 %.
//!
//! Issue 38's fifth pass (2026-12-07, tern alone):
//!
//! - Inline's scrollback lines are written straight from their spans (`runtime::inline::
//!   line_bytes`, the same bytes as the buffer path, checked by a property test): that part
//!   17 % → 2.6 % of inline's main thread; inline own CPU 0.070 / 0.081 s → 0.060 / 0.061 s
//!   (paired). What is left is colouring: the answer's 468 code lines cost syntect 16–115 µs each
//!   once its grammars are compiled (TOML 16, Rust 40, Bash 54, Python 56, TypeScript 115 µs a
//!   line, measured in a loop), about 24 ms: 38 % of the main thread's samples in the stream's
//!   window, and the whole gap to full screen (0.031 s + 0.024 s + writing 0.005 s). Full screen
//!   colours only the code a frame shows; what inline writes to the scrollback stays, so it
//!   colours it all.
//! - Printable ASCII skips the sanitisers' grapheme walk and the wide-glyph repaint's lookup
//!   (5.4 % and 5.1 % of the hunk review's main thread).
//! - Ctrl+Home pages back 50 turns a page instead of 100: keys typed meanwhile wait behind a
//!   smaller page (echo median 0.65–1.04 → 0.42–0.67 ms), turn 1 shows 0.1 s later.
//! - A turn's end ends the flood pacing (`FrameScheduler::flood_over`): its last lines no longer
//!   wait up to 100 ms for the next flood frame. Enter → last line as a share of the app-server
//!   alone's, paired: 0.89–1.06 (mean 0.97) → 0.83–0.97 (mean 0.90).
//! - Every app runs in a trusted workspace: in an untrusted one codex 0.171's TUI stops at a
//!   "Folder access" screen on each start, and every official run had failed since issue 32.
//!   Beside it (271bd70's code, `BENCH_REPS=3`): startup 9.7 ms against
//!   113 ms, the stream's own CPU 0.033 s against 5.84 s, echo medians 0.55–0.69 ms against
//!   22.5–25.8 ms, peak memory 25.0 MiB against 217 MiB, the approval prompt 115 ms against
//!   1,004 ms; the 10,000-cell turn 26.9 s against 23.8 s and 24.6 s for the app-server alone
//!   (tern's cells swing 22.4–26.9 s in paired runs of today's and the stop's first build alike).
//! - Final run (15a69b9, tern alone, 414 s, 52 of 54 targets met; the two missed: inline's
//!   share of full screen, 200 %, and the 10,000-cell turn, 26.7 s against 23.9 s): the stream's
//!   own CPU 0.029 s and 4.62 % of its app-server's, Enter → last line 0.409 s against 0.492 s.
//! - Measured and left: `crossterm::terminal::size()`, which ratatui calls each frame, opens
//!   `/dev/tty` each time, 3.7 µs a call (3.9 % of the review's samples under perf, which
//!   inflates system calls). The direct-websocket control's echo p99 (9–30 ms) comes from one key
//!   in 40 a run; perf shows tern's main thread preempted mid-frame for 23–38 ms while the
//!   unpaced server side keeps both cores busy, not waiting on anything of its own.
//!
//! Tried and left out, because they measured worse (`perf stat` task-clock, three runs each):
//! polling the terminal only after it signalled input, and pausing 2 ms between reads of the
//! server's output to batch them; both added context switches instead of removing them.
//! Polling crossterm's input stream only after it woke (each idle poll spins in `sched_yield` on
//! its reader lock: 30 % of tern's samples during the stream) removed the yields but not the
//! CPU: the spinning had been batching the server's lines, and without it the loop parked and
//! woke three to ten times as often (`perf stat` context switches 550 → 1,600–6,600). Measured
//! again with the nanosecond CPU figure (`BENCH_REPS=5`, load average 3–7, same sitting), that
//! gate alone made the stream's own CPU 0.111 s against 0.081 s (switches 2,900–3,600 against
//! 470–755), and batching the server's output did not win it back: the child's stdout read on a
//! thread of its own that takes all the pipe holds in one read, hands the loop all its whole
//! lines at once and lets the server write 2 ms before reading again gave 0.091–0.094 s with the
//! gate (against 0.064–0.079 s) and 0.059–0.077 s without it (against 0.061–0.079 s in four
//! paired runs, two better and two worse: nothing beyond the noise). The hand-over from another
//! thread costs what the batching saves, and the spin was already batching.
//! What is left of the 10,000-delta stream is mostly a frame at 60 fps that redraws the scrolled
//! screen (the frame diff, highlighting the code the frame shows, writing the terminal), a
//! wake-up per burst of lines, and applying the deltas.

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
