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
