//! The session's operations: what the server's messages, the runtime's answers and the
//! person's decisions do to the session. Each changes the session and returns effects; none
//! sees a layer (what a layer should hear is posted as a `LayerEvent`).
//!
//! The spine: `lifecycle` (connecting, opening a thread, ready, restarting; one
//! `adopt_thread`), `responses` (every answer, by one exhaustive match on the typed reply),
//! `server_events` (every notification routed by `threadId` to its thread's model, reduced by
//! `thread_events`) and `switch` (which thread is on screen).
//!
//! A request to the server is one entry in `request`'s table and one arm in
//! `responses::on_reply` (see `declare_requests` for what an entry says).
//!
//! ## Tiers
//!
//! Lowest first, held by the architecture test like `app`'s:
//!
//! 1. data: `effect`, `event`, `declare_requests`, `request`, `reply`, `feedback_report` — what the session speaks: effects for the runtime, events in (with the `LayerEvent` news for layers), tern's requests (one table, `request`, through the `requests!` macro in `declare_requests`) and their typed replies
//! 2. state: `state` — the `Session`, data only: everything the app holds but the layer stacks, with its feature data below it (`lifecycle`, the per-thread models in `threads`, `outbox`, `health`, `older_turns`, `turn_settings`, `questions` and the type-ahead `guard`)
//! 3. operations: `lifecycle`, `responses`, `server_events`, `thread_events`, `thread_gone`, `thread_removal`, `switch`, `outbox`, `threads`, `health`, `restart`, `reconnect`, `answer`, `notices`, `account`, `actions`, `agent_switch`, `agents`, `attention`, `auth_refusal`, `cell_bound`, `config_warning`, `export`, `file_search`, `first_run`, `folder`, `gate`, `goal`, `image_upload`, `images`, `init`, `item_notices`, `join`, `leftovers`, `mcp`, `plan_mode`, `plans`, `quit_ladder`, `rejoin`, `review`, `rewind`, `shell`, `skills`, `terminals`, `theme`, `timers`, `titles`, `trust`, `turn_mode`, `turn_settings`, `unseen`, `window_title`, `hunk_review`, `turn_review`, `evidence`, `board`, `board_activity`, `inbox`, `hooks`, `side`, `side_prompts`, `review_findings`, `review_tool`, `review_answer`, `board_filter`, `board_details`, `usage`, `import`, `account_replies`, `remote_control`, `daemon`, `experimental`, `memories`, `plugins`, `apps`, `recap`, `worktree`, `git_review`, `evidence_file`, `warnings`, `config_save`, `remote_revert`, `keymap_save`, `feedback`, `plugin_search`, `marketplaces` — what server messages, the runtime's answers and the person's decisions do to the session

pub(crate) mod declare_requests;
pub mod effect;
pub mod event;
pub mod feedback_report;
pub mod reply;
pub mod request;
pub mod state;

pub(crate) mod account;
pub(crate) mod account_replies;
pub(crate) mod actions;
pub(crate) mod agent_switch;
pub(crate) mod agents;
pub(crate) mod answer;
pub(crate) mod apps;
pub mod attention;
pub(crate) mod auth_refusal;
pub(crate) mod board;
pub(crate) mod board_activity;
pub(crate) mod board_details;
pub(crate) mod board_filter;
pub(crate) mod cell_bound;
pub(crate) mod config_save;
pub(crate) mod config_warning;
pub(crate) mod daemon;
pub(crate) mod evidence;
pub(crate) mod evidence_file;
pub(crate) mod experimental;
pub(crate) mod export;
pub(crate) mod feedback;
pub(crate) mod file_search;
pub(crate) mod first_run;
pub(crate) mod folder;
pub(crate) mod gate;
pub(crate) mod git_review;
pub(crate) mod goal;
pub(crate) mod health;
pub(crate) mod hooks;
pub(crate) mod hunk_review;
pub(crate) mod image_upload;
pub(crate) mod images;
pub(crate) mod import;
pub(crate) mod inbox;
pub mod init;
pub(crate) mod item_notices;
pub(crate) mod join;
pub(crate) mod keymap_save;
pub(crate) mod leftovers;
pub mod lifecycle;
pub(crate) mod marketplaces;
pub mod mcp;
pub(crate) mod memories;
pub(crate) mod notices;
pub mod outbox;
pub mod plan_mode;
pub(crate) mod plans;
pub(crate) mod plugin_search;
pub(crate) mod plugins;
pub(crate) mod quit_ladder;
pub mod recap;
pub(crate) mod reconnect;
pub(crate) mod rejoin;
pub(crate) mod remote_control;
pub(crate) mod remote_revert;
pub(crate) mod responses;
pub(crate) mod restart;
pub(crate) mod review;
pub(crate) mod review_answer;
pub(crate) mod review_findings;
pub(crate) mod review_tool;
pub(crate) mod rewind;
pub(crate) mod server_events;
pub mod shell;
pub(crate) mod side;
pub(crate) mod side_prompts;
pub(crate) mod skills;
pub mod switch;
pub(crate) mod terminals;
pub(crate) mod theme;
pub(crate) mod thread_events;
pub(crate) mod thread_gone;
pub(crate) mod thread_removal;
pub(crate) mod threads;
pub(crate) mod timers;
pub mod titles;
pub(crate) mod trust;
pub(crate) mod turn_mode;
pub(crate) mod turn_review;
pub mod turn_settings;
pub(crate) mod unseen;
pub(crate) mod usage;
pub mod warnings;
pub(crate) mod window_title;
pub mod worktree;
