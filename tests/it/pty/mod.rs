//! The real `tern` binary in a pseudo-terminal (`support::pty`), against `--demo` or the
//! hostile fake app-server (`support::fake_server`): escapes, odd ids, floods, faults, aborts,
//! the external editor. Each test holds a `support::heavy` permit while its processes run.

mod abort;
mod abort_inline;
mod agents_hostile;
mod alerts;
mod composer;
mod demo;
mod demo_inbox;
mod demo_plan;
mod demo_review;
mod doctor;
mod fake_server_harness;
mod faults;
mod flood;
mod hostile_files;
mod hostile_ids;
mod hostile_mcp_skills;
mod hostile_output;
mod hostile_plan;
mod inline;
mod inline_clear;
mod inline_copy;
mod inline_history;
mod inline_stream;
mod keyboard;
mod keyboard_tmux;
mod keymap;
mod lifecycle;
mod moderation;
mod quiet_server;
mod remote_hostile;
mod rewind_hostile;
mod screen_reader;
mod secrets_echoed;
mod select;
mod sign_in;
mod task_panic;
mod type_ahead;
mod window_title;
