//! Carrying out the app's effects: requests to the server, answers, files, the clipboard,
//! alerts. Each finishes by sending an app event back; none blocks the loop. What needs the
//! loop's own resources (a new server, the terminal for an editor) comes back as [`Deferred`].

use super::asked::Asked;
use super::backend::SyncedBackend;
use super::blocking;
use super::frames::FrameScheduler;
use super::rules_file;
use crate::app::{AppEvent, Effect};
use crate::rpc::Connection;
use ratatui::Terminal;
use std::time::Instant;
use tokio::sync::mpsc;

/// Work the loop does itself, at the top of its next turn, where nothing borrows what it
/// replaces: a new server (it swaps the connection), the external editor (it swaps the input
/// stream and blocks on the terminal).
#[derive(Debug, Default, PartialEq)]
pub(crate) struct Deferred {
    /// A restart, with the old server's pid to kill, if any.
    pub restart: Option<Option<u32>>,
    /// A draft to open in the editor.
    pub editor: Option<String>,
    /// The local codex service's socket, to leave this window's server (its pid, to kill) for.
    pub join: Option<(String, Option<u32>)>,
    /// `/screen`: inline (`true`) or full screen from now on.
    pub screen: Option<bool>,
}

impl Deferred {
    /// Keeps what was deferred first: a second request for the same work before the loop got
    /// to it asks for nothing more.
    pub(crate) fn merge(&mut self, later: Deferred) {
        self.restart = self.restart.or(later.restart);
        self.editor = self.editor.take().or(later.editor);
        self.join = self.join.take().or(later.join);
        self.screen = self.screen.or(later.screen);
    }
}

/// What the effects need of the loop.
pub(crate) struct World<'a, B: SyncedBackend> {
    pub connection: &'a Connection,
    /// The requests on their way, to decode their answers by.
    pub asked: &'a mut Asked,
    /// Where finished work reports back, as app events.
    pub responses: &'a mpsc::UnboundedSender<AppEvent>,
    pub frames: &'a mut FrameScheduler,
    pub terminal: &'a mut Terminal<B>,
}

/// Runs `effects` in order; returns the work left to the loop.
pub(crate) fn run_effects<B: SyncedBackend>(effects: Vec<Effect>, world: World<'_, B>) -> Deferred {
    let mut deferred = Deferred::default();
    for mut effect in effects {
        // A server elsewhere: effects on this machine's files for its paths are refused.
        if !world.connection.is_local() {
            // Its rules are read and edited through its own `fs/*` methods.
            effect = match remote_rules(effect, world.connection, world.responses) {
                Some(effect) => effect,
                None => continue,
            };
            if let Some(refusal) = super::connect::local_only_refusal(&effect) {
                let _ = world.responses.send(refusal);
                continue;
            }
        }
        match effect {
            Effect::Request(request) => {
                // An API key never reaches the log, a crash message or codex's stderr as shown.
                if let Some(secret) = request.secret() {
                    crate::rpc::redact::register_secret(secret);
                }
                if let Some(failed) = world.asked.send(world.connection, request) {
                    let _ = world.responses.send(failed);
                }
            }
            Effect::Notify { method, params } => world.connection.notify(method, params),
            Effect::Respond { id, result } => world.connection.respond(&id, result),
            Effect::RespondError { id, code, message } => {
                world.connection.respond_error(&id, code, &message)
            }
            Effect::CopyToClipboard(text) => {
                world.terminal.backend_mut().copy_to_clipboard(&text);
                super::clipboard_text::copy_locally(&text);
            }
            Effect::LoadRules { dir } => {
                let responses = world.responses.clone();
                match blocking::admit() {
                    Ok(place) => place.spawn(move || {
                        let result = rules_file::load_rules(&dir);
                        let _ = responses.send(AppEvent::RulesLoaded { dir, result });
                    }),
                    Err(why) => {
                        let _ = responses.send(AppEvent::RulesLoaded {
                            dir,
                            result: Err(why),
                        });
                    }
                }
            }
            Effect::DeleteRule {
                file,
                source,
                occurrence,
            } => {
                let responses = world.responses.clone();
                match blocking::admit() {
                    Ok(place) => place.spawn(move || {
                        let result = rules_file::delete_rule(&file, &source, occurrence);
                        let _ = responses.send(AppEvent::RuleDeleted {
                            file,
                            source,
                            result,
                        });
                    }),
                    Err(why) => {
                        let _ = responses.send(AppEvent::RuleDeleted {
                            file,
                            source,
                            result: Err(why),
                        });
                    }
                }
            }
            Effect::CreateWorktree {
                cwd,
                codex_home,
                branch,
                fresh,
            } => {
                let responses = world.responses.clone();
                tokio::spawn(async move {
                    let result = super::git_worktree::create_worktree(
                        "git",
                        &cwd,
                        &codex_home,
                        branch.as_deref(),
                    )
                    .await;
                    let _ = responses.send(AppEvent::WorktreeCreated { fresh, result });
                });
            }
            Effect::ListWorktrees { cwd, codex_home } => {
                let responses = world.responses.clone();
                tokio::spawn(async move {
                    let result =
                        super::git_worktree::list_worktrees("git", &cwd, &codex_home).await;
                    let _ = responses.send(AppEvent::WorktreesListed(result));
                });
            }
            Effect::ReadGitDiff { cwd } => {
                let responses = world.responses.clone();
                tokio::spawn(async move {
                    let result = super::git::read_git_diff("git", &cwd).await;
                    let _ = responses.send(AppEvent::GitDiff { cwd, result });
                });
            }
            Effect::Alert { bell, notification } => {
                static STYLE: std::sync::OnceLock<super::alert_out::NotifyStyle> =
                    std::sync::OnceLock::new();
                let style = *STYLE.get_or_init(super::alert_out::NotifyStyle::from_env);
                let bytes = super::alert_out::alert_bytes_for(style, bell, notification.as_deref());
                world.terminal.backend_mut().overlay(bytes.as_bytes());
            }
            Effect::Window { title, busy } => {
                let bytes = super::window_out::update(title.as_deref(), busy);
                world.terminal.backend_mut().overlay(&bytes);
            }
            Effect::RestartServer { kill } => deferred.merge(Deferred {
                restart: Some(kill),
                ..Deferred::default()
            }),
            Effect::JoinService { socket, kill } => deferred.merge(Deferred {
                join: Some((socket, kill)),
                ..Deferred::default()
            }),
            Effect::InspectServer { pid } => {
                let responses = world.responses.clone();
                // Only a look at /proc: when the pool is full, the next check asks again.
                if let Ok(place) = blocking::admit() {
                    place.spawn(move || {
                        let process = super::server_process::inspect(pid);
                        let _ = responses.send(AppEvent::ServerInspected { pid, process });
                    });
                }
            }
            Effect::AppendHistory { file, entry } => match blocking::admit() {
                Ok(place) => place.spawn(move || {
                    if let Err(e) = super::history_file::append(&file, &entry) {
                        tracing::warn!("could not append to {}: {e}", file.display());
                    }
                }),
                Err(why) => tracing::warn!("a prompt was not kept in the history: {why}"),
            },
            Effect::EditInEditor { draft } => deferred.merge(Deferred {
                editor: Some(draft),
                ..Deferred::default()
            }),
            Effect::WriteExport {
                path,
                text,
                overwrite,
                make_folder,
            } => {
                let responses = world.responses.clone();
                match blocking::admit() {
                    Ok(place) => place.spawn(move || {
                        use super::atomic_file::{write_atomic, write_new};
                        if let Some(folder) = path.parent().filter(|_| make_folder) {
                            let _ = super::export_dir::make(folder);
                        }
                        let written = if overwrite {
                            write_atomic(&path, text.as_bytes(), 0o644)
                        } else {
                            write_new(&path, text.as_bytes(), 0o644)
                        };
                        let exists = matches!(&written,
                            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists);
                        let result = written.map_err(|e| e.to_string());
                        let _ = responses.send(AppEvent::ExportWritten {
                            path,
                            result,
                            exists,
                        });
                    }),
                    Err(why) => {
                        let _ = responses.send(AppEvent::ExportWritten {
                            path,
                            result: Err(why),
                            exists: false,
                        });
                    }
                }
            }
            Effect::CheckAgentsFile { path } => {
                let exists = std::path::Path::new(&path).try_exists().ok();
                let _ = world
                    .responses
                    .send(AppEvent::AgentsFileChecked { path, exists });
            }
            Effect::ReadGitRefs { cwd, kind } => {
                let responses = world.responses.clone();
                tokio::spawn(async move {
                    let result = super::git_refs::read_git_refs("git", &cwd, kind).await;
                    let _ = responses.send(AppEvent::GitRefs { kind, result });
                });
            }
            Effect::PasteImage => {
                let responses = world.responses.clone();
                match blocking::admit() {
                    Ok(place) => place.spawn(move || {
                        let result = super::clipboard_image::paste_image();
                        let _ = responses.send(AppEvent::ClipboardImage(result));
                    }),
                    Err(why) => {
                        let _ = responses.send(AppEvent::ClipboardImage(Err(why)));
                    }
                }
            }
            Effect::ProbeImage { path } => {
                let responses = world.responses.clone();
                match blocking::admit() {
                    Ok(place) => place.spawn(move || {
                        let result = super::image_probe::probe(&path);
                        let _ = responses.send(AppEvent::ImageProbed { path, result });
                    }),
                    Err(why) => {
                        let _ = responses.send(AppEvent::ImageProbed {
                            path,
                            result: Err(why),
                        });
                    }
                }
            }
            Effect::ReadImageForServer { path } => {
                let responses = world.responses.clone();
                match blocking::admit() {
                    Ok(place) => place.spawn(move || {
                        let result = super::image_read::read_for_server(&path);
                        let _ = responses.send(AppEvent::ImageReadForServer { path, result });
                    }),
                    Err(why) => {
                        let _ = responses.send(AppEvent::ImageReadForServer {
                            path,
                            result: Err(why),
                        });
                    }
                }
            }
            Effect::OpenUrl(url) => super::opener::open(&url),
            Effect::LoadThemes { dir } => {
                let responses = world.responses.clone();
                match blocking::admit() {
                    Ok(place) => place.spawn(move || {
                        let result = super::themes::read_and_register(&dir);
                        let _ = responses.send(AppEvent::ThemesLoaded(result));
                    }),
                    Err(why) => {
                        let _ = responses.send(AppEvent::ThemesLoaded(Err(why)));
                    }
                }
            }
            Effect::SaveSetting { file, key, value } => {
                let responses = world.responses.clone();
                let report = move |key, value, file, result| {
                    let _ = responses.send(AppEvent::SettingSaved {
                        key,
                        value,
                        file,
                        result,
                    });
                };
                match blocking::admit() {
                    Ok(place) => place.spawn(move || {
                        let result = super::config_write::set_string(&file, &key, &value);
                        report(key, value, file, result);
                    }),
                    Err(why) => report(key, value, file, Err(why)),
                }
            }
            Effect::SaveConfigValue { file, keys, value } => {
                super::config_write::save_in_background(world.responses, file, keys, value)
            }
            Effect::SaveTurnRecord { store, record } => match blocking::admit() {
                Ok(place) => place.spawn(move || {
                    if let Err(e) = super::turn_store::save(&store, &record) {
                        tracing::warn!("could not keep turn {}: {e}", record.turn_id);
                    }
                }),
                Err(why) => tracing::warn!("turn {} was not kept: {why}", record.turn_id),
            },
            Effect::PreviewRestore {
                store,
                thread_id,
                turns,
                cwd,
            } => {
                let responses = world.responses.clone();
                match blocking::admit() {
                    Ok(place) => place.spawn(move || {
                        let plan = super::restore::preview(&store, &thread_id, &turns, &cwd);
                        let _ = responses.send(AppEvent::RestorePreview {
                            thread_id,
                            result: Ok(plan),
                        });
                    }),
                    Err(why) => {
                        let _ = responses.send(AppEvent::RestorePreview {
                            thread_id,
                            result: Err(why),
                        });
                    }
                }
            }
            Effect::RestoreFiles { cwd, files } => {
                restore_off_the_loop(world.responses, cwd, files, AppEvent::FilesRestored)
            }
            Effect::ReadForReview {
                cwd,
                item_id,
                paths,
            } => {
                let responses = world.responses.clone();
                // The review's submit waits for this (codex applies the patch as soon as the
                // answer reaches it, so the files must be read first).
                let read = move || {
                    let files = super::restore::read_before(&cwd, &paths);
                    let _ = responses.send(AppEvent::ReviewFilesRead { item_id, files });
                };
                match blocking::admit() {
                    Ok(place) => place.spawn(read),
                    Err(_) => read(),
                }
            }
            Effect::PrepareFeedback
            | Effect::RedactFeedback { .. }
            | Effect::WriteFeedback { .. }
            | Effect::StageFeedback { .. }
            | Effect::RemoveFeedbackDir { .. } => {
                super::feedback_files::carry_out(effect, world.responses.clone())
            }
            Effect::ReadEvidence { source } => {
                let responses = world.responses.clone();
                let read = move || {
                    let result = super::evidence_read::read(&source);
                    let _ = responses.send(AppEvent::EvidenceRead { source, result });
                };
                match blocking::admit() {
                    Ok(place) => place.spawn(read),
                    Err(_) => read(),
                }
            }
            Effect::RevertHunks { cwd, files } => {
                restore_off_the_loop(world.responses, cwd, files, AppEvent::HunksReverted)
            }
            Effect::RunDaemon { binary, subcommand } => {
                super::daemon_run::run(binary, subcommand, world.responses.clone())
            }
            Effect::Redraw => world.frames.request(Instant::now()),
            Effect::SwitchScreen { inline } => deferred.merge(Deferred {
                screen: Some(inline),
                ..Deferred::default()
            }),
            // The same path as a SIGTSTP from outside (see `main`'s signal listener).
            // SAFETY: raise has no preconditions.
            Effect::Suspend => unsafe {
                libc::raise(libc::SIGTSTP);
            },
            Effect::Quit => {}
        }
    }
    deferred
}

/// The bell (BEL) and a desktop notification as a terminal outside any multiplexer takes it
/// (OSC 9); `alert_out` has the other forms.
pub fn alert_bytes(bell: bool, notification: Option<&str>) -> String {
    super::alert_out::alert_bytes_for(Default::default(), bell, notification)
}

/// Writes `files` back (rewind's restore, a review's reverts) on a blocking thread, and reports
/// the outcomes as `done`; with no thread to spare, every file fails with why.
fn restore_off_the_loop(
    responses: &mpsc::UnboundedSender<AppEvent>,
    cwd: String,
    files: Vec<crate::model::rewind::FileRestore>,
    done: fn(Vec<crate::model::rewind::RestoreOutcome>) -> AppEvent,
) {
    let responses = responses.clone();
    match blocking::admit() {
        Ok(place) => place.spawn(move || {
            let outcomes = super::restore::restore(&cwd, &files);
            let _ = responses.send(done(outcomes));
        }),
        Err(why) => {
            let outcomes = files
                .into_iter()
                .map(|file| crate::model::rewind::RestoreOutcome {
                    path: file.path,
                    result: Err(why.clone()),
                })
                .collect();
            let _ = responses.send(done(outcomes));
        }
    }
}

/// `/rules` on a server elsewhere: carried out through the server's `fs/*` (a task that reports
/// back like the local file work does). Other effects are given back.
fn remote_rules(
    effect: Effect,
    connection: &crate::rpc::Connection,
    responses: &mpsc::UnboundedSender<AppEvent>,
) -> Option<Effect> {
    let connection = connection.clone();
    let responses = responses.clone();
    match effect {
        Effect::LoadRules { dir } => {
            tokio::spawn(async move {
                let result = super::remote_rules::load_rules(&connection, &dir).await;
                let _ = responses.send(AppEvent::RulesLoaded { dir, result });
            });
            None
        }
        Effect::DeleteRule {
            file,
            source,
            occurrence,
        } => {
            tokio::spawn(async move {
                let result =
                    super::remote_rules::delete_rule(&connection, &file, &source, occurrence).await;
                let _ = responses.send(AppEvent::RuleDeleted {
                    file,
                    source,
                    result,
                });
            });
            None
        }
        other => Some(other),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::backend::TestBackend;

    #[tokio::test]
    async fn the_restart_and_the_editor_come_back_to_the_loop() {
        let (transport, _peer) = crate::rpc::memory::memory_pair();
        let (connection, _inbound) = Connection::start(Box::new(transport));
        let (responses, _events) = mpsc::unbounded_channel();
        let mut frames = FrameScheduler::default();
        let mut terminal = Terminal::new(TestBackend::new(10, 2)).unwrap();
        let effects = vec![
            Effect::EditInEditor {
                draft: "draft".into(),
            },
            Effect::RestartServer { kill: Some(3) },
            Effect::Redraw,
        ];
        let mut asked = Asked::default();
        let world = World {
            connection: &connection,
            asked: &mut asked,
            responses: &responses,
            frames: &mut frames,
            terminal: &mut terminal,
        };
        assert_eq!(
            run_effects(effects, world),
            Deferred {
                restart: Some(Some(3)),
                editor: Some("draft".into()),
                join: None,
                screen: None,
            }
        );
        assert!(frames.due().is_some(), "Redraw asks for a frame");
    }

    #[tokio::test]
    async fn an_api_key_sent_to_sign_in_is_redacted_from_then_on() {
        use crate::app::ClientRequest;
        use crate::protocol::{ApiKey, LoginParams};
        let (transport, _peer) = crate::rpc::memory::memory_pair();
        let (connection, _inbound) = Connection::start(Box::new(transport));
        let (responses, _events) = mpsc::unbounded_channel();
        let mut frames = FrameScheduler::default();
        let mut terminal = Terminal::new(TestBackend::new(10, 2)).unwrap();
        let key = "sk-effects-test-98765";
        let login = ClientRequest::Login(LoginParams::ApiKey {
            api_key: ApiKey::new(key),
        });
        let mut asked = Asked::default();
        let world = World {
            connection: &connection,
            asked: &mut asked,
            responses: &responses,
            frames: &mut frames,
            terminal: &mut terminal,
        };
        run_effects(vec![Effect::Request(login)], world);
        assert_eq!(
            super::super::redact::redact(&format!("codex said: bad key {key}.")),
            "codex said: bad key [redacted]."
        );
    }

    #[test]
    fn the_first_restart_and_the_first_draft_are_kept() {
        let mut deferred = Deferred::default();
        deferred.merge(Deferred {
            restart: Some(Some(7)),
            ..Deferred::default()
        });
        deferred.merge(Deferred {
            restart: Some(None),
            editor: Some("draft".into()),
            ..Deferred::default()
        });
        deferred.merge(Deferred {
            editor: Some("later".into()),
            ..Deferred::default()
        });
        assert_eq!(
            deferred,
            Deferred {
                restart: Some(Some(7)),
                editor: Some("draft".into()),
                join: None,
                screen: None,
            }
        );
    }
}
