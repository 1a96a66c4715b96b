use clap::Parser;
use std::process::ExitCode;
use tern::cli::Cli;
use tern::rpc::child::{locate_codex, ChildTransport};
use tern::rpc::{Connection, Transport};
use tern::runtime::event_loop::SessionIo;
use tern::runtime::terminal::TerminalGuard;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let config = match cli.session_config() {
        Ok(config) => config,
        Err(message) => {
            eprintln!("tern: {message}");
            return ExitCode::from(2);
        }
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
            eprintln!("tern: could not start the async runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    runtime.block_on(async_main(cli, config))
}

async fn async_main(cli: Cli, config: tern::app::SessionConfig) -> ExitCode {
    let transport: Box<dyn Transport> = if cli.demo {
        Box::new(tern::demo::start())
    } else {
        let codex = match locate_codex(cli.codex_bin.as_deref()) {
            Ok(path) => path,
            Err(why) => {
                eprintln!(
                    "tern: {why}.\n\nInstall codex with `npm install -g @openai/codex`, or point tern at it with \
                     --codex-bin PATH or TERN_CODEX_BIN.\nTo look around without codex, run `tern --demo`."
                );
                return ExitCode::from(2);
            }
        };
        match ChildTransport::spawn(&codex, &[]) {
            Ok(child) => Box::new(child),
            Err(e) => {
                eprintln!(
                    "tern: could not start `{} app-server`: {e}",
                    codex.display()
                );
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
            eprintln!("tern: this does not look like an interactive terminal: {e}");
            return ExitCode::FAILURE;
        }
    };
    let io = SessionIo {
        terminal_events: crossterm::event::EventStream::new(),
        connection,
        inbound,
        external,
    };
    let result =
        tern::runtime::run_session(&mut guard.terminal, io, tern::app::AppState::new(config)).await;
    drop(guard);

    match result {
        Ok((outcome, _)) => {
            // The fallback for terminals that ignore OSC 52: what was copied is not lost.
            if let Some(text) = &outcome.copied {
                println!("── copied with /copy ──\n{text}\n── end of copy ──");
            }
            if let Some(failure) = &outcome.failure {
                eprintln!("tern: {failure}");
            }
            if let Some(thread) = &outcome.thread_id {
                if cli.demo {
                    println!(
                        "Demo thread {thread} ended (the demo forgets its threads on exit). \
                         To see the resume picker: tern --demo resume"
                    );
                } else {
                    println!("Thread {thread}. To continue it: tern resume {thread}");
                }
            }
            if outcome.failure.is_some() {
                ExitCode::FAILURE
            } else {
                ExitCode::SUCCESS
            }
        }
        Err(e) => {
            eprintln!("tern: the terminal failed: {e}");
            ExitCode::FAILURE
        }
    }
}

/// SIGTERM and SIGHUP end the session through the loop, so the terminal guard restores the
/// screen on the way out.
fn spawn_signal_listener(tx: tokio::sync::mpsc::UnboundedSender<tern::app::AppEvent>) {
    use tokio::signal::unix::{signal, SignalKind};
    for kind in [
        SignalKind::terminate(),
        SignalKind::hangup(),
        SignalKind::interrupt(),
    ] {
        let tx = tx.clone();
        if let Ok(mut stream) = signal(kind) {
            tokio::spawn(async move {
                if stream.recv().await.is_some() {
                    let _ = tx.send(tern::app::AppEvent::Terminate);
                }
            });
        }
    }
}

/// Logs go to a file, never the screen: `$TERN_LOG_DIR` or the platform data dir.
fn init_logging() -> Option<tracing_appender::non_blocking::WorkerGuard> {
    let dir = std::env::var_os("TERN_LOG_DIR")
        .map(std::path::PathBuf::from)
        .or_else(|| {
            directories::ProjectDirs::from("", "", "tern").map(|d| d.data_dir().to_path_buf())
        })?;
    std::fs::create_dir_all(&dir).ok()?;
    let appender = tracing_appender::rolling::never(&dir, "tern.log");
    let (writer, guard) = tracing_appender::non_blocking(appender);
    let filter = tracing_subscriber::EnvFilter::try_from_env("TERN_LOG")
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    tracing_subscriber::fmt()
        .with_writer(writer)
        .with_ansi(false)
        .with_env_filter(filter)
        .init();
    Some(guard)
}
