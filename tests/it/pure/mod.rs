//! Pure transitions and properties: `update(state, event, now)` down to the exact JSON sent, the
//! protocol types against recorded conversations, the JSON-RPC connection against an in-memory
//! peer, the config file and the history file. No terminal, no child process (except
//! `config_file`'s two `--print-config` runs of the real binary), no clock.

mod agents;
mod app_update;
mod bounded_output;
mod commands;
mod composer;
mod config_file;
mod diff_properties;
mod diff_view;
mod entering_agents;
mod export_copy_init;
mod file_finder;
mod first_run;
mod help_anywhere;
mod history_file;
mod honest_notices;
mod images;
mod join_service;
mod key_tables;
mod keymap;
mod late_events;
mod layers;
mod layout;
mod lifecycle;
mod notice_lines;
mod plan_mode;
mod prompt_kinds;
mod prompt_properties;
mod prompts;
mod protocol_fixtures;
mod quiet_server;
mod readme;
mod reasoning;
mod reconnect;
mod remote_images;
mod render_properties;
mod replies;
mod review_chooser;
mod review_turns;
mod rewind;
mod rpc_connection;
mod rpc_inbound_bound;
mod rules_layer;
mod selected_cell;
mod server_faults;
mod shell_and_terminals;
pub mod sign_in;
mod steer_queue;
mod thread_picker;
mod threads_apart;
mod titles;
mod transcript_navigation;
mod view_costs;
