use clap::Parser;
use std::process::ExitCode;
use tern::cli::Cli;
use tern::rpc::{Connection, Transport};
use tern::runtime::event_loop::LoopIo;
use tern::runtime::terminal::TerminalGuard;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return command_line_error(&e),
    };
    let (loaded, effective, looked_at) = match cli.settings() {
        Ok(settings) => settings,
        Err(message) => {
            say(&message);
            return ExitCode::from(2);
        }
    };
    if cli.keys {
        print!(
            "{}",
            tern::app::reference::text(&tern::cli::keymap(&loaded).unwrap_or_default())
        );
        return ExitCode::SUCCESS;
    }
    if cli.print_config {
        print!(
            "{}",
            tern::config::print_config(&effective, &loaded, looked_at.as_deref())
        );
        return ExitCode::SUCCESS;
    }
    // Where codex is, or what was tried: before anything else, so `tern doctor` can say it too.
    let codex = (!cli.demo && cli.remote.is_none()).then(|| {
        let env_set = std::env::var_os("TERN_CODEX_BIN").is_some();
        let path = std::env::var_os("PATH");
        tern::runtime::codex_bin::locate(&effective.codex_bin, env_set, path.as_deref())
    });
    if matches!(cli.command, Some(tern::cli::Command::Doctor)) {
        return doctor(
            &cli,
            &effective,
            &loaded,
            looked_at.as_deref(),
            codex.as_ref(),
        );
    }
    let warnings = config_warnings(&loaded);
    for warning in &warnings {
        say(warning);
    }
    let mut config = match cli.session_config_with(&effective) {
        Ok(config) => config,
        Err(message) => {
            say(&message);
            return ExitCode::from(2);
        }
    };
    let piped = !std::io::IsTerminal::is_terminal(&std::io::stdin());
    // A prompt, not a file: a few megabytes at most.
    let stdin = || std::io::read_to_string(std::io::Read::take(std::io::stdin().lock(), 8 << 20));
    config.initial_prompt = match cli.initial_prompt(piped, stdin) {
        Ok(prompt) => prompt,
        Err(message) => {
            say(&message);
            return ExitCode::from(2);
        }
    };
    let startup_theme = tern::config::themes::at_startup(
        looked_at.as_deref(),
        &effective,
        std::env::var("COLORFGBG").ok().as_deref(),
    );
    config.theme = startup_theme.theme;
    config.theme_from_env = startup_theme.from_env;
    config.config_file = startup_theme.config_file;
    config.themes_dir = startup_theme.themes_dir;
    let theme_warnings = startup_theme.warnings;
    for warning in &theme_warnings {
        say(warning);
    }
    let warnings: Vec<String> = warnings.into_iter().chain(theme_warnings).collect();
    // Checked with the settings above.
    config.keymap = tern::cli::keymap(&loaded).unwrap_or_default();
    let remote = match cli.remote_args(&effective) {
        Some(args) => {
            match tern::runtime::connect::Remote::from_args(&args, config.codex_home.as_deref()) {
                Ok(remote) => {
                    config.connected_to = Some(remote.endpoint.label());
                    if !matches!(remote.endpoint, tern::rpc::endpoint::Endpoint::Unix { .. }) {
                        // Paths are the other machine's: this one's home says nothing of them.
                        config.home = None;
                        config.files_elsewhere = true;
                    }
                    Some(remote)
                }
                Err(message) => {
                    say(&message);
                    return ExitCode::from(2);
                }
            }
        }
        None => {
            config.shared_service = shared_service(config.codex_home.as_deref());
            None
        }
    };
    config.first_run.doctor = vec![
        tern::doctor::facts::codex_section(codex.as_ref(), cli.demo),
        tern::doctor::facts::settings_section(&effective, &loaded, looked_at.as_deref()),
    ];
    let mut warnings = warnings;
    let (_log_guard, log_problem) = init_logging();
    // The key from the environment is a secret from now on, wherever it would appear.
    if let Some(key) = &config.first_run.api_key_env {
        tern::rpc::redact::register_secret(key.expose());
    }
    // So are the providers' secrets in codex's config file, before any answer could echo them
    // (`config/read` adds those of the layers codex reads when it answers).
    for secret in provider_secrets(config.codex_home.as_deref()) {
        tern::rpc::redact::register_secret(&secret);
    }
    warnings.extend(log_problem);
    let (config, history_problem) = tern::runtime::history_file::with_history(config);
    warnings.extend(history_problem);
    // The demo's file changes are made up: nothing of them is kept, nothing is put back.
    let config = if cli.demo {
        config
    } else {
        tern::runtime::turn_store::with_store(config)
    };
    let config = tern::runtime::export_dir::with_export_dir(config);
    // The folder's trust is asked about before the first thread, as the official TUI does: not
    // in the demo (nothing runs), nor for a server whose files are on another machine.
    let config = if cli.demo || config.files_elsewhere {
        config
    } else {
        tern::runtime::folder_trust::with_folder_trust(config)
    };
    // Off the input path: the syntaxes load on a thread of their own while the first frame draws.
    tern::render::highlight::warm_up_in_background(config.theme);
    let Some(runtime) = async_runtime() else {
        return ExitCode::FAILURE;
    };
    let demo = cli.demo;
    let print_copied = effective.print_copied.value;
    // A panic restores the terminal (the hook) and still prints what was left unsent.
    let code = tern::runtime::crash::run_catching(demo, print_copied, || {
        runtime.block_on(async_main(
            cli,
            codex,
            remote,
            config,
            warnings,
            print_copied,
        ))
    });
    // Never waits for blocking work still running (a read that never ends, a slow disk):
    // dropping the runtime would, and tern would stay after its goodbye.
    runtime.shutdown_background();
    code
}

/// The async runtime of a session and of `tern doctor`, or `None` once the reason is said.
/// One thread: the loop, the connection's reader and writer and the child's stderr are all IO
/// bound, and hand-offs between worker threads cost more CPU than they save (measured in the
/// benchmarks' docs, `tests/bench/main.rs`).
fn async_runtime() -> Option<tokio::runtime::Runtime> {
    match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(rt) => Some(rt),
        Err(e) => {
            say(&format!("could not start the async runtime: {e}"));
            None
        }
    }
}

/// `tern doctor`: the report, printed (the terminal asked first, while nothing else reads it).
fn doctor(
    cli: &tern::cli::Cli,
    effective: &tern::config::Effective,
    loaded: &tern::config::Loaded,
    looked_at: Option<&std::path::Path>,
    codex: Option<&Result<tern::runtime::codex_bin::Located, tern::runtime::codex_bin::NotFound>>,
) -> ExitCode {
    let answers = tern::doctor::terminal::ask(std::time::Duration::from_millis(800));
    let sections = vec![
        tern::doctor::facts::codex_section(codex, cli.demo),
        tern::doctor::facts::settings_section(effective, loaded, looked_at),
        tern::session::state::first_run::DoctorSection {
            title: "Terminal".into(),
            rows: tern::doctor::terminal::rows(answers.as_ref(), None),
        },
    ];
    let Some(runtime) = async_runtime() else {
        return ExitCode::FAILURE;
    };
    let remote = cli.remote.clone();
    let report = runtime.block_on(tern::doctor::report(sections, codex, remote));
    print!("{report}");
    ExitCode::SUCCESS
}

/// A message to stderr. It may quote the command line, the environment, a config file or a
/// path (`--cwd`, `--codex-bin`, a TOML error quoting the line), so it is printed sanitised.
/// clap's own messages (a bad flag, `--help`, `--version`) quote the command line: sanitised
/// like everything else tern prints.
fn command_line_error(e: &clap::Error) -> ExitCode {
    let text = tern::text::sanitize::printable_text(&e.render().to_string());
    if e.use_stderr() {
        eprintln!("{text}");
    } else {
        println!("{text}");
    }
    ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2))
}

/// The local codex service (the shared server the official TUI starts), when its socket is
/// there: a thread it holds can be joined over it from the locked-thread box.
/// The secrets of the model providers in `CODEX_HOME/config.toml`: bearer tokens and the
/// values of the variables their `env_key`s name.
fn provider_secrets(codex_home: Option<&str>) -> Vec<String> {
    let Some(home) = codex_home else {
        return Vec::new();
    };
    let text = std::fs::read_to_string(std::path::Path::new(home).join("config.toml"));
    let Some(table) = text.ok().and_then(|t| t.parse::<toml::Table>().ok()) else {
        return Vec::new();
    };
    let providers = table
        .get("model_providers")
        .and_then(|p| serde_json::to_value(p).ok())
        .unwrap_or_default();
    tern::rpc::redact::provider_secrets(&providers, |name| std::env::var(name).ok())
}

fn shared_service(codex_home: Option<&str>) -> Option<tern::session::state::SharedService> {
    use std::os::unix::fs::FileTypeExt;
    let endpoint = tern::rpc::endpoint::Endpoint::parse("unix://", codex_home).ok()?;
    let tern::rpc::endpoint::Endpoint::Unix { path } = &endpoint else {
        return None;
    };
    let is_socket = std::fs::metadata(path).is_ok_and(|m| m.file_type().is_socket());
    is_socket.then(|| tern::session::state::SharedService {
        socket: path.to_string_lossy().into_owned(),
        label: endpoint.label(),
    })
}

fn say(message: &str) {
    eprintln!("tern: {}", tern::text::sanitize::printable_text(message));
}

/// Unknown keys of the config file, each naming the file.
fn config_warnings(loaded: &tern::config::Loaded) -> Vec<String> {
    let path = loaded
        .path
        .as_deref()
        .map(|p| tern::text::sanitize::sanitize_line(&p.to_string_lossy()))
        .unwrap_or_default();
    loaded
        .warnings
        .iter()
        .map(|w| format!("config file {path}: {w}"))
        .collect()
}

async fn async_main(
    cli: Cli,
    codex: Option<Result<tern::runtime::codex_bin::Located, tern::runtime::codex_bin::NotFound>>,
    remote: Option<tern::runtime::connect::Remote>,
    config: tern::app::SessionConfig,
    warnings: Vec<String>,
    print_copied: bool,
) -> ExitCode {
    let mut state = tern::app::AppState::new(config);
    for warning in warnings {
        tern::session::warnings::startup(&mut state.session, warning);
    }
    state.session.health.timeouts = tern::runtime::restart::timeouts_from_env();
    let mut spawner = None;
    let transport: Box<dyn Transport> = if cli.demo {
        Box::new(tern::demo::start())
    } else if let Some(remote) = &remote {
        // Before the screen is taken: a refusal prints plainly, and a question (start the
        // service?) can be asked on the terminal.
        match remote
            .connect_at_startup(tern::runtime::connect::confirm_on_terminal)
            .await
        {
            Ok(dialed) => {
                state.session.health.pid = dialed.pid;
                spawner = Some(remote.spawner());
                dialed.transport
            }
            Err(why) => {
                say(&format!(
                    "could not connect to {}: {why}",
                    remote.endpoint.label()
                ));
                return ExitCode::FAILURE;
            }
        }
    } else {
        let codex = match codex {
            Some(Ok(found)) => found.path,
            Some(Err(missing)) => {
                eprintln!("tern: {}", missing.message());
                return ExitCode::from(2);
            }
            None => unreachable!("codex is looked for unless the session is the demo or remote"),
        };
        state.session.health.binary = Some(codex.display().to_string());
        let mut spawn = tern::runtime::restart::child_spawner(codex.clone());
        match spawn() {
            Ok(spawned) => {
                state.session.health.pid = spawned.pid;
                spawner = Some(spawn);
                spawned.transport
            }
            Err(e) => {
                say(&format!(
                    "could not start `{} app-server`: {e}",
                    codex.display()
                ));
                return ExitCode::FAILURE;
            }
        }
    };
    let (connection, inbound) = Connection::start(transport);
    let (external_tx, external) = tokio::sync::mpsc::unbounded_channel();
    spawn_signal_listener(external_tx.clone());

    tern::runtime::inline::state::set_inline(state.session.config.inline);
    let mut guard = match TerminalGuard::enter(!cli.no_mouse) {
        Ok(guard) => guard,
        Err(e) => {
            say(&format!(
                "this does not look like an interactive terminal: {e}"
            ));
            return ExitCode::FAILURE;
        }
    };
    state.session.config.images = guard.images;
    // Keys typed while tern started, first and in order: the channel is read before the
    // terminal's event stream, which holds only what came after them.
    for event in std::mem::take(&mut guard.type_ahead) {
        if let Some(event) = tern::runtime::input::terminal_event(event) {
            let _ = external_tx.send(event);
        }
    }
    drop(external_tx);
    // What the terminal took as the session started, for /doctor.
    let keyboard = tern::runtime::terminal::keyboard_mode();
    state
        .session
        .config
        .first_run
        .doctor
        .push(tern::session::state::first_run::DoctorSection {
            title: "Terminal".into(),
            rows: tern::doctor::terminal::rows(None, Some(keyboard)),
        });
    let io = LoopIo {
        terminal_events: terminal_input(),
        connection,
        inbound,
        external,
        renew_input: Some(terminal_input),
    };
    let result = tern::runtime::run_loop_restartable(&mut guard.terminal, io, state, spawner).await;
    drop(guard);

    match result {
        Ok((outcome, _)) => {
            let farewell = tern::runtime::farewell::farewell_with(&outcome, cli.demo, print_copied);
            print!("{}", farewell.stdout);
            eprint!("{}", farewell.stderr);
            if let Some(code) = ended_by_signal() {
                // Like a shell reports a process killed by the signal, after the terminal is
                // restored and what was copied is printed.
                ExitCode::from(code)
            } else if outcome.failure.is_some() {
                ExitCode::FAILURE
            } else {
                ExitCode::SUCCESS
            }
        }
        Err(e) => {
            say(&format!("the terminal failed: {e}"));
            ExitCode::FAILURE
        }
    }
}

/// The terminal's keys, mouse and resizes (with the test hook that panics on purpose).
fn terminal_input() -> tern::runtime::crash::Input<tern::runtime::tty_events::TtyEvents> {
    tern::runtime::crash::Input::new(tern::runtime::tty_events::TtyEvents::new())
}

/// The signal that ended the session (0: none), for the exit status 128 + signal.
static ENDING_SIGNAL: std::sync::atomic::AtomicU8 = std::sync::atomic::AtomicU8::new(0);

fn ended_by_signal() -> Option<u8> {
    match ENDING_SIGNAL.load(std::sync::atomic::Ordering::Relaxed) {
        0 => None,
        signal => Some(128 + signal),
    }
}

/// SIGTERM and SIGHUP end the session through the loop, so the terminal guard restores the
/// screen on the way out. SIGTSTP (from outside, or tern's own Ctrl+Z) and SIGCONT are job
/// control: the terminal is given back while tern is stopped and taken again, and redrawn
/// whole, when it goes on.
fn spawn_signal_listener(tx: tokio::sync::mpsc::UnboundedSender<tern::app::AppEvent>) {
    use tokio::signal::unix::{signal, SignalKind};
    // A resize to the current size: the loop lays out and draws, and the frame is drawn whole
    // (`runtime::terminal::take_needs_clear`).
    let redraw = |tx: &tokio::sync::mpsc::UnboundedSender<tern::app::AppEvent>| {
        if let Ok((w, h)) = crossterm::terminal::size() {
            let _ = tx.send(tern::app::AppEvent::Resize(w, h));
        }
    };
    if let Ok(mut stops) = signal(SignalKind::from_raw(libc::SIGTSTP)) {
        let tx = tx.clone();
        tokio::spawn(async move {
            while stops.recv().await.is_some() {
                tern::runtime::terminal::stop_until_continued();
                redraw(&tx);
            }
        });
    }
    if let Ok(mut continues) = signal(SignalKind::from_raw(libc::SIGCONT)) {
        let tx = tx.clone();
        tokio::spawn(async move {
            while continues.recv().await.is_some() {
                tern::runtime::terminal::continued();
                redraw(&tx);
            }
        });
    }
    for (kind, number) in [
        (SignalKind::terminate(), libc::SIGTERM),
        (SignalKind::hangup(), libc::SIGHUP),
        (SignalKind::interrupt(), libc::SIGINT),
    ] {
        let tx = tx.clone();
        if let Ok(mut stream) = signal(kind) {
            tokio::spawn(async move {
                if stream.recv().await.is_some() {
                    let _ = ENDING_SIGNAL.compare_exchange(
                        0,
                        number as u8,
                        std::sync::atomic::Ordering::Relaxed,
                        std::sync::atomic::Ordering::Relaxed,
                    );
                    let _ = tx.send(tern::app::AppEvent::Terminate);
                }
            });
        }
    }
}

/// Log lines waiting for the writer thread.
const LOG_QUEUE_LINES: usize = 4096;

/// Logs go to a file, never the screen: `$TERN_LOG_DIR` or the platform data dir, appended to
/// (one write per line), private (0600), secrets redacted, repeated lines counted rather than
/// written, rotated at a size cap (`runtime::log_file`). When it cannot be opened (a link, a
/// FIFO …), the reason is returned to be shown, and tern runs without a log.
fn init_logging() -> (
    Option<tracing_appender::non_blocking::WorkerGuard>,
    Option<String>,
) {
    let Some(dir) = tern::runtime::log_file::log_dir() else {
        return (None, None);
    };
    // Private: the log may quote prompts and commands. Secrets are redacted from every line.
    let opened =
        std::os::unix::fs::DirBuilderExt::mode(std::fs::DirBuilder::new().recursive(true), 0o700)
            .create(&dir)
            .and_then(|_| tern::runtime::log_file::LogFile::open(&dir.join("tern.log")));
    let file = match opened {
        Ok(file) => file,
        Err(e) => return (None, Some(format!("tern keeps no log this session: {e}."))),
    };
    // The default queue (128,000 lines) is allocated and touched whole at start: 4 MiB of
    // tern's 25 (heaptrack, peak heap). A burst beyond this many lines waiting is dropped, as
    // the default drops beyond its own: the log never makes the loop wait.
    let (writer, guard) = tracing_appender::non_blocking::NonBlockingBuilder::default()
        .buffered_lines_limit(LOG_QUEUE_LINES)
        .finish(tern::runtime::redact::RedactingWriter(file));
    let filter = tracing_subscriber::EnvFilter::try_from_env("TERN_LOG")
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    tracing_subscriber::fmt()
        .with_writer(writer)
        .with_ansi(false)
        .with_env_filter(filter)
        .init();
    (Some(guard), None)
}
