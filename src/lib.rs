//! tern: a terminal frontend for the Codex app-server.
//!
//! ## Layers
//!
//! One crate, layered in one direction: each layer uses only the layers listed before it, and
//! layers on the same line do not use each other. The architecture test (`src/architecture/`,
//! `cargo test --lib architecture -- --nocapture` prints the graph) reads this list, and fails
//! on any import cycle between files anywhere in `src/` (counted as `architecture::cycles` says).
//!
//! 1. `text`, `theme` — the one sanitiser of untrusted text; the named colour roles and their
//!    palettes (the only place a colour is named); both use nothing else of tern's
//! 2. `protocol`, `config` — wire types of the app-server v2 messages; the config file
//! 3. `rpc` — transports and the JSON-RPC connection
//! 4. `model`, `demo` — the transcript reduced from notifications; the embedded scripted server
//! 5. `render` — markdown, highlighting, diffs and wrapping: source to lines for a width
//! 6. `controls` — what views are built from: key tables, the composer, line input, pick list,
//!    scrolling, the laid-out transcript; they know no session and no layer
//! 7. `session` — what tern holds and speaks (effects, events, requests and typed replies), the
//!    `Session` state, and what server messages and decisions do to it; it never sees a layer
//!    (its own tiers are listed in its docs)
//! 8. `app` — the views (layers, the conversation, commands), the router and
//!    `update(state, event, now) -> effects` (its tiers are listed in its docs)
//! 9. `ui` — widgets that draw the state and never write it
//! 10. `runtime` — the one event loop, the terminal, and the effects carried out
//! 11. `cli`, `doctor` — the command line, which starts a session; `tern doctor`'s report
//!
//! ## The modules
//!
//! | module | does |
//! |---|---|
//! | `text` | the one sanitiser of untrusted text (escape sequences, controls, invisible characters), grapheme clusters; uses nothing else of tern's |
//! | `theme` | colours by what they mean: a `Palette` of named roles per theme, and the syntect theme each uses; the only place a colour is named (a test keeps it so) |
//! | `protocol` | serde types of the app-server v2 messages tern uses, spelled as `codex app-server generate-ts` prints them |
//! | `config` | the config file (`config.toml`, `[keys]` included), errors with line and column, `--print-config` |
//! | `rpc` | the transport seam (a stream of whole messages, a sink, how the link ended) and its transports: JSON lines over a child's stdio or in memory, websockets over TCP or TLS, a unix socket, an ssh pipe, opened by `dial` for a `--remote` endpoint; the JSON-RPC connection above it |
//! | `model` | the transcript: cells keyed by (turn id, item id), reduced from notifications; the server's questions as data |
//! | `render` | markdown, syntax highlighting, ANSI colours, diffs and wrapping into lines, cached per cell, width and theme; `fit` and `numbers` bound every size from the server |
//! | `controls` | the pieces views are built from, knowing no session and no layer: key tables' types (`keys`), the `composer` with vim and its popups, `line_input`, `pick_list`, `scroll`, `paste`, `prompt_history`, the selected cell (`selection`) and the laid-out transcript (`view`) |
//! | `session` | the session tier, pure: what tern speaks (`effect`, `event`, `request`, `reply`), what it holds (`state`: everything but the layer stacks) and what server messages, answers and the person's decisions do to it (`lifecycle`, `responses`, `server_events`, …); it never sees a layer |
//! | `app` | the views and `update(state, event, now) -> effects`, in tiers (listed in `app`'s docs and held by the architecture test): what layers answer (`layer_types`), the views (`layers`, `base`, `commands`, `geometry`, `reference`), the `router`, `update` |
//! | `ui` | widgets that draw `&AppState` and never write it: the transcript, each layer bottom-up, the status line and the hint bar |
//! | `runtime` | the one `tokio::select!` loop on a current-thread runtime (input before server messages, applied in batches of at most 64; frames ≤ 60 fps, none when idle), the terminal guard, the effects carried out |
//! | `demo` | the embedded scripted server; its turns are data in `assets/demo/script.json` |
//! | `doctor` | `tern doctor`: a short-lived codex asked for its version, sign-in and settings, the terminal asked for its capabilities, printed as `/doctor` shows them |
//!
//! ## Words the code uses
//!
//! - **person**: who sits at the keyboard (never "user": the server's `user` is a message role).
//! - **question**: a request the server asks the person (an approval, a form, an elicitation);
//!   never called a prompt (`architecture::names` holds this).
//! - **prompt**: what the person writes to the agent, in the composer.
//! - **turn**, **item**: the server's units: one exchange, and one thing in it (a message, a
//!   command, an edit).
//! - **cell**: one block of the transcript, made from an item or a notice (`model::Cell`).
//! - **shown**: the thread on screen (`Session::shown`), the only one laid out.
//! - **layer**: a view on the stack over the conversation; the **base** is the conversation
//!   itself (transcript and composer).
//! - **view**: what a layer is and draws (`LayerView`); `controls::view` is the laid-out
//!   transcript a layer reads.
//! - **news**: what the session tells the layers happened (`LayerEvent`), handed out by the
//!   router.
//! - **effect**: what `update` asks the runtime to do (send, write, copy), as data.
//! - **outbox**: the person's messages not yet in a turn (queued, or steering).
//! - **loop**: the runtime's event loop (`runtime::event_loop::Loop`).
//!
//! ## An event's way
//!
//! The runtime turns terminal input, server messages and timers into `app::AppEvent`s and
//! calls `app::update`, which returns `Effect`s (requests to send, the clipboard, the editor,
//! job control) for the runtime to carry out; nothing in `app` does IO or reads the clock.
//! Keys walk the layers from the top: layers opened from the front server question, the question
//! itself (behind its type-ahead gate), the layers the person opened, then the conversation
//! (`app::base`). Each answers by what it returns — consumed, ignored (the key falls to the one
//! below), closed, closed and falling through, replaced, or another layer opened — and never sees
//! the stack; only the router changes it. Ctrl+C is the router's, above all of them.
//!
//! ## Keys
//!
//! Every view declares its keys once, in a key table (`controls::keys::KeyTable`): each row names an
//! action, its chords, when it applies and the words the hint bar and help show. The view
//! resolves keys through its table, and the hint bar, `?` help, `/help`, `tern --keys` and the
//! config file's `[keys]` read the same table (`app::reference` lists them all), so a key cannot
//! be listed and dead, or handled and unlisted (`tests/it/pure/key_tables.rs` feeds every key to
//! every view). The keys several modes share are rows of the conversation's table, whose
//! precedence test (`app::base::precedence`) fails when two rows take one key in one state.
//!
//! A new feature adds its keys as rows: a new view declares
//! `pub static KEYS: KeyTable<View, Action>` with `KeyRow::new("name", &[Chord::ctrl('x')],
//! Action::Do, "does").when("says when", |view| …)`, resolves with `KEYS.resolve(key, self,
//! &cx.config.keymap)`, returns `KEYS.list(self, &cx.config.keymap)` from `LayerView::keys`, and
//! names its table in its registry entry (`app::layers::with_views`), which puts it in
//! `app::reference::tables` (and adds a fixture to the key-tables test). The handler turns
//! what the table says into what the view answers with `Outcome::of_key(KEYS.resolve(..),
//! |action| …)`: the one place a key no row takes becomes ignored or consumed. Moving keys are
//! not declared again: a list's or a scrolled text's ↑/↓ (`k`/`j`), PgUp/PgDn, Home/End, a
//! search's older/newer, a filter's Backspace and Esc come from `controls::keys::list_rows`
//! (`list_rows::up_k(Action::Move(Move::Up), "select")`), placed among the view's own rows,
//! and a `Move` goes to the view's `PickList::go`. A key of the conversation is a row of
//! `app::base::keys::KEYS`.
//!
//! ## Adding a view
//!
//! One entry in the registry of views (`app::layers::with_views`: its arm, its state type and
//! its key table), which makes its `Layer` arm, the dispatch to it, its reference table and
//! its draw arm; one file under `src/app/layers/` (with its `pub mod` line) for its state, key
//! table, placement (bottom box, popup or full screen) and rows (`impl LayerView`); one file
//! under `src/ui/` (with its `mod` line) that draws it (`impl Draw`, which the compiler asks
//! for). A list view is the same with less in it: its state holds a
//! `controls::pick_list::PickList`, its table the shared rows (above) beside its own, and its
//! drawing builds its lines (sanitised, `ui::list::pointer` on the selected one) and hands them
//! to `ui::list::ListBox`, which sizes the box, keeps the selected row in view and counts what
//! lies below it (`↓ 3 more`). A view opens by being returned (`Outcome::Open`) from a key, a
//! command or another layer, or on the session's news (a `LayerEvent`) by an arm in
//! `app::layers::opened_by`; the router names no view. A list the composer opens over itself
//! (`/`, `@`, `$`) is a view placed `Placement::OverComposer`: the router keeps it in the popup
//! slot under every other layer, and what it lets through reaches the composer; the `@` and `$`
//! finders share their keys (`app::layers::finder`) and their popup (`ui::finder`). Anything
//! that waits for a moment (a timer) is one line in `session::timers`.
//!
//! ## Adding a request
//!
//! One entry in the table in `session::request` (method, params, the answer's type, and what
//! the answer needs kept as its tag; the grammar is in `session::declare_requests`) and one arm
//! in `session::responses::on_reply` for what the answer does. The request enum, its tag, the
//! typed reply and its decoding come from the entry; the runtime sends the request and reads the
//! answer (`runtime::replies`).
//!
//! ## Tests
//!
//! Unit tests beside the code; one integration binary, `tests/it/`, by level: `pure/` (`update`
//! transitions down to the exact JSON sent, properties, the protocol against recorded
//! conversations), `screens/` (insta snapshots in `snapshots/<file>/`), `scripted/` (the real
//! event loop against an in-memory peer), `pty/` (the real binary in a pseudo-terminal against
//! the demo and a hostile fake app-server) and `e2e/` (the real binary driving the real
//! `codex app-server` against a mock Responses API). Benchmarks print figures and assert no time:
//! `tests/bench/` (its docs hold the method and the latest comparison with the official TUI).
//! Integration tests read and build `AppState` through its test facade (`app::facade`), not
//! the session's fields.

#![warn(unreachable_pub)]

pub mod app;
pub mod cli;
pub mod config;
pub mod controls;
pub mod demo;
pub mod doctor;
pub mod model;
pub mod protocol;
pub mod render;
pub mod rpc;
pub mod runtime;
pub mod session;
pub mod text;
pub mod theme;
pub mod ui;

#[cfg(test)]
mod architecture;
