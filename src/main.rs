use clap::Parser;
use std::process::ExitCode;
use tern::cli::Cli;
use tern::rpc::child::locate_codex;
use tern::rpc::{Connection, Transport};
use tern::runtime::event_loop::SessionIo;
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
    if cli.print_config {
        print!(
            "{}",
            tern::config::print_config(&effective, &loaded, looked_at.as_deref())
        );
        return ExitCode::SUCCESS;
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
    let remote = match cli.remote_args(&effective) {
        Some(args) => {
            match tern::runtime::connect::Remote::from_args(&args, config.codex_home.as_deref()) {
                Ok(remote) => {
                    config.connected_to = Some(remote.endpoint.label());
                    if !matches!(remote.endpoint, tern::rpc::endpoint::Endpoint::Unix { .. }) {
                        // Paths are the other machine's: this one's home says nothing of them.
                        config.home = None;
                    }
                    Some(remote)
                }
                Err(message) => {
                    say(&message);
                    return ExitCode::from(2);
                }
            }
        }
        None => None,
    };
    let _log_guard = init_logging();
    let config = tern::runtime::history_file::with_history(config);
    // Off the input path: the syntaxes load on a thread of their own while the first frame draws.
    tern::render::highlight::warm_up_in_background(config.theme);
    // One thread: the loop, the connection's reader and writer and the child's stderr are all IO
    // bound, and hand-offs between worker threads cost more CPU than they save (measured in
    // README.md's Performance section).
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            say(&format!("could not start the async runtime: {e}"));
            return ExitCode::FAILURE;
        }
    };
    let codex_bin = effective.codex_bin.value;
    runtime.block_on(async_main(cli, codex_bin, remote, config, warnings))
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
    codex_bin: Option<std::path::PathBuf>,
    remote: Option<tern::runtime::connect::Remote>,
    config: tern::app::SessionConfig,
    warnings: Vec<String>,
) -> ExitCode {
    let mut state = tern::app::AppState::new(config);
    for warning in warnings {
        state
            .session
            .transcript
            .notice(tern::model::NoticeLevel::Warning, warning);
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
        let codex = match locate_codex(codex_bin.as_deref()) {
            Ok(path) => path,
            Err(why) => {
                say(&format!(
                    "{why}.\n\nInstall codex with `npm install -g @openai/codex`, or point tern at it with \
                     --codex-bin PATH or TERN_CODEX_BIN.\nTo look around without codex, run `tern --demo`."
                ));
                return ExitCode::from(2);
            }
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
    spawn_signal_listener(external_tx);

    let mut guard = match TerminalGuard::enter(!cli.no_mouse) {
        Ok(guard) => guard,
        Err(e) => {
            say(&format!(
                "this does not look like an interactive terminal: {e}"
            ));
            return ExitCode::FAILURE;
        }
    };
    let io = SessionIo {
        terminal_events: crossterm::event::EventStream::new(),
        connection,
        inbound,
        external,
        renew_input: Some(crossterm::event::EventStream::new),
    };
    let result =
        tern::runtime::run_session_restartable(&mut guard.terminal, io, state, spawner).await;
    drop(guard);

    match result {
        Ok((outcome, _)) => {
            let farewell = tern::runtime::farewell::farewell(&outcome, cli.demo);
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

/// The signal that ended the session (0: none), for the exit status 128 + signal.
static ENDING_SIGNAL: std::sync::atomic::AtomicU8 = std::sync::atomic::AtomicU8::new(0);

fn ended_by_signal() -> Option<u8> {
    match ENDING_SIGNAL.load(std::sync::atomic::Ordering::Relaxed) {
        0 => None,
        signal => Some(128 + signal),
    }
}

/// SIGTERM and SIGHUP end the session through the loop, so the terminal guard restores the
/// screen on the way out.
fn spawn_signal_listener(tx: tokio::sync::mpsc::UnboundedSender<tern::app::AppEvent>) {
    use tokio::signal::unix::{signal, SignalKind};
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

/// Logs go to a file, never the screen: `$TERN_LOG_DIR` or the platform data dir, appended to
/// (one write per line), private (0600), secrets redacted.
fn init_logging() -> Option<tracing_appender::non_blocking::WorkerGuard> {
    let dir = std::env::var_os("TERN_LOG_DIR")
        .map(std::path::PathBuf::from)
        .or_else(|| {
            directories::ProjectDirs::from("", "", "tern").map(|d| d.data_dir().to_path_buf())
        })?;
    // Private: the log may quote prompts and commands. Secrets are redacted from every line.
    std::os::unix::fs::DirBuilderExt::mode(std::fs::DirBuilder::new().recursive(true), 0o700)
        .create(&dir)
        .ok()?;
    let file = tern::runtime::atomic_file::open_private_append(&dir.join("tern.log")).ok()?;
    let (writer, guard) =
        tracing_appender::non_blocking(tern::runtime::redact::RedactingWriter(file));
    let filter = tracing_subscriber::EnvFilter::try_from_env("TERN_LOG")
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    tracing_subscriber::fmt()
        .with_writer(writer)
        .with_ansi(false)
        .with_env_filter(filter)
        .init();
    Some(guard)
}
