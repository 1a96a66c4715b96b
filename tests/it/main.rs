//! tern's integration tests: one binary, one folder per level, run in parallel threads of one
//! process. `cargo test` runs them with the unit tests; one level alone is
//! `cargo test --test it pure::` (or `screens::`, `scripted::`, `pty::`, `e2e::`), one file
//! `cargo test --test it pure::composer::`, one test by its name.
//!
//! | folder | what runs | needs |
//! |---|---|---|
//! | `pure/` | `update` transitions to the exact JSON sent, properties (proptest), protocol fixtures (`tests/fixtures/`), the JSON-RPC connection, config and history files | nothing |
//! | `screens/` | screens on ratatui's `TestBackend`, insta snapshots in `snapshots/<file>/`, screen properties | nothing |
//! | `scripted/` | the real event loop against an in-memory peer, the demo server | nothing |
//! | `pty/` | the real `tern` in a pseudo-terminal against `--demo` or the hostile fake app-server | the `tern-fake-app-server` bin (built by `cargo test`, see Cargo.toml) |
//! | `e2e/` | the real `tern` driving the real `codex app-server` against the mock model | codex (`TERN_CODEX_BIN`, `target/codex`; `.ci/run` installs it) |
//! | `support/` | helpers every level shares, declared once: `common` (driving the app, `snapshot!`), `pty`, `heavy`, `fake_server` (and the fake itself, `fake_app_server/main.rs`), `floods`, `codex_env`, `mock_model`, `e2e`, `recording_backend`, `thread_fixtures` | |
//!
//! Adding a test: put it in the file of its level that tests the same thing, or add a file to
//! the level's folder and one `mod` line to its `mod.rs`. Never a new file directly under
//! `tests/`: each is one more binary relinking the whole crate (`pure::layout` fails on it).
//! Benchmarks (ignored, printing figures) go into the other binary, `tests/bench/`. A screen
//! is checked with `snapshot!("name", &text)`: insta records the calling file as the source
//! and keeps the file in `snapshots/<that file's name>/` (review a `.snap.new` by reading it,
//! then move it over the `.snap`).
//!
//! One process runs everything, so a test must not change what the process shares: no
//! `std::env::set_var` (give a child its environment instead), no current-directory change, no
//! panic hook or global subscriber, no fixed port (bind `127.0.0.1:0`) or fixed file name (use
//! a temp dir). A test that starts processes (`pty/`, `e2e/`) holds a `support::heavy` permit
//! while they run.

#[macro_use]
mod support;

mod e2e;
mod pty;
mod pure;
mod screens;
mod scripted;
