//! What the remote end-to-end tests connect to: the real `codex app-server` listening on a
//! websocket (with a capability token) or a unix socket, a TLS proxy in front of it with a CA
//! made for the test, and a fake `ssh` that runs the remote command here. Test files using it
//! also declare `codex_env`, `e2e`, `mock_model` and `pty`.

#![allow(dead_code)]

use crate::support::codex_env::REMOVED_ENV_VARS;
use crate::support::e2e::E2e;
use std::io::{BufRead, BufReader};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A `codex app-server --listen …` child, killed on drop with its whole process group: `codex`
/// is npm's node launcher, and killing only the launcher left the native server listening,
/// orphaned, after every test. Its stderr goes to the env's log.
pub struct Listening {
    child: Child,
    /// `ws://127.0.0.1:PORT` or the socket's path.
    pub address: String,
}

impl Drop for Listening {
    fn drop(&mut self) {
        // The child leads its own group (`process_group(0)` below), so -pid names the launcher
        // and the server it started.
        if let Ok(pid) = i32::try_from(self.child.id()) {
            // SAFETY: kill(2) with a negative pid signals that process group; no memory is shared.
            unsafe { libc::kill(-pid, libc::SIGKILL) };
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn app_server(f: &E2e, listen: &[&str]) -> Command {
    let mut command = Command::new(&f.codex);
    command
        .arg("app-server")
        .args(listen)
        .current_dir(f.env.workspace())
        .envs(f.env.env_vars())
        .stdin(Stdio::null())
        .process_group(0);
    for name in REMOVED_ENV_VARS {
        command.env_remove(name);
    }
    command
}

/// `codex app-server --listen ws://127.0.0.1:0 --ws-auth capability-token --ws-token-file
/// TOKEN_FILE`, once it says where it listens.
pub fn listen_ws(f: &E2e, token_file: &Path) -> Listening {
    let mut child = app_server(
        f,
        &[
            "--listen",
            "ws://127.0.0.1:0",
            "--ws-auth",
            "capability-token",
            "--ws-token-file",
            &token_file.to_string_lossy(),
        ],
    )
    .stdout(Stdio::null())
    .stderr(Stdio::piped())
    .spawn()
    .expect("start codex app-server --listen ws://");
    let stderr = child.stderr.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    let log = f.env.stderr_path();
    std::thread::spawn(move || {
        let mut kept = String::new();
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            if let Some(url) = line.trim().strip_prefix("listening on: ") {
                let _ = tx.send(url.to_string());
            }
            kept.push_str(&line);
            kept.push('\n');
            let _ = std::fs::write(&log, &kept);
        }
    });
    let address = rx
        .recv_timeout(Duration::from_secs(60))
        .expect("codex says where it listens");
    Listening { child, address }
}

/// `codex app-server --listen unix://PATH` (`unix://` alone: the service's default socket in
/// CODEX_HOME), once the socket exists.
pub fn listen_unix(f: &E2e, socket: Option<&Path>) -> Listening {
    let path = socket.map(Path::to_path_buf).unwrap_or_else(|| {
        f.env
            .codex_home()
            .join("app-server-control/app-server-control.sock")
    });
    let listen = match socket {
        Some(path) => format!("unix://{}", path.display()),
        None => "unix://".into(),
    };
    let child = app_server(f, &["--listen", &listen])
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(f.env.stderr_path()).unwrap())
        .spawn()
        .expect("start codex app-server --listen unix://");
    let deadline = Instant::now() + Duration::from_secs(60);
    while !path.exists() {
        assert!(Instant::now() < deadline, "no socket at {}", path.display());
        std::thread::sleep(Duration::from_millis(20));
    }
    Listening {
        child,
        address: path.display().to_string(),
    }
}

/// A CA made for one test, and a certificate it signed for `localhost` and 127.0.0.1.
pub struct TestCa {
    pub ca_pem: String,
    pub cert_der: Vec<u8>,
    pub key_der: Vec<u8>,
}

pub fn test_ca() -> TestCa {
    use rcgen::{BasicConstraints, CertificateParams, IsCa, KeyPair};
    let ca_key = KeyPair::generate().unwrap();
    let mut ca_params = CertificateParams::new(Vec::<String>::new()).unwrap();
    ca_params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
    ca_params
        .distinguished_name
        .push(rcgen::DnType::CommonName, "tern test CA");
    let ca = ca_params.self_signed(&ca_key).unwrap();
    let issuer = rcgen::Issuer::new(ca_params, ca_key);
    let key = KeyPair::generate().unwrap();
    let params = CertificateParams::new(vec!["localhost".into(), "127.0.0.1".into()]).unwrap();
    let cert = params.signed_by(&key, &issuer).unwrap();
    TestCa {
        ca_pem: ca.pem(),
        cert_der: cert.der().to_vec(),
        key_der: key.serialize_der(),
    }
}

/// A TLS terminator on 127.0.0.1 in front of `upstream` (`ws://127.0.0.1:PORT`): codex does not
/// speak TLS itself. Returns its port; it runs on `runtime` until the test ends.
pub fn tls_proxy(runtime: &tokio::runtime::Runtime, ca: &TestCa, upstream: &str) -> u16 {
    use tokio_rustls::rustls;
    use tokio_rustls::rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer};
    let upstream = upstream
        .strip_prefix("ws://")
        .expect("a ws:// upstream")
        .to_string();
    let config = rustls::ServerConfig::builder_with_provider(Arc::new(
        rustls::crypto::ring::default_provider(),
    ))
    .with_safe_default_protocol_versions()
    .unwrap()
    .with_no_client_auth()
    .with_single_cert(
        vec![CertificateDer::from(ca.cert_der.clone())],
        PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(ca.key_der.clone())),
    )
    .unwrap();
    let acceptor = tokio_rustls::TlsAcceptor::from(Arc::new(config));
    let listener = runtime
        .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
        .unwrap();
    let port = listener.local_addr().unwrap().port();
    runtime.spawn(async move {
        while let Ok((socket, _)) = listener.accept().await {
            let acceptor = acceptor.clone();
            let upstream = upstream.clone();
            tokio::spawn(async move {
                let Ok(mut tls) = acceptor.accept(socket).await else {
                    return;
                };
                let Ok(mut plain) = tokio::net::TcpStream::connect(&upstream).await else {
                    return;
                };
                let _ = tokio::io::copy_bidirectional(&mut tls, &mut plain).await;
            });
        }
    });
    port
}

/// A folder holding a fake `ssh`, to put first on PATH. It writes its arguments, one per line,
/// to `ssh-args` beside it, then runs the remote command (the argument after the destination)
/// with `sh -c` here, as sshd would run it in the remote user's shell. `fail` makes it print
/// an ssh-like error instead and exit 255.
pub fn fake_ssh(dir: &Path, fail: Option<&str>) -> PathBuf {
    let bin = dir.join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    let log = dir.join("ssh-args");
    let body = match fail {
        Some(message) => format!("echo '{message}' >&2\nexit 255\n"),
        None => "while [ \"$1\" != \"--\" ]; do shift; done\nshift 2\nexec sh -c \"$1\"\n".into(),
    };
    let script = format!(
        "#!/bin/sh\n: > '{log}'\nfor a in \"$@\"; do printf '%s\\n' \"$a\" >> '{log}'; done\n{body}",
        log = log.display()
    );
    let path = bin.join("ssh");
    std::fs::write(&path, script).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    bin
}

/// What the fake ssh was called with.
pub fn ssh_args(dir: &Path) -> Vec<String> {
    std::fs::read_to_string(dir.join("ssh-args"))
        .unwrap_or_default()
        .lines()
        .map(str::to_string)
        .collect()
}

/// PATH with `first` in front.
pub fn path_with(first: &Path) -> std::ffi::OsString {
    let mut dirs = vec![first.to_path_buf()];
    dirs.extend(std::env::split_paths(
        &std::env::var_os("PATH").unwrap_or_default(),
    ));
    std::env::join_paths(dirs).unwrap()
}

/// A TCP relay on 127.0.0.1 to `upstream` whose connections can be cut at once (a dropped
/// link), while new ones are still taken.
pub struct Relay {
    pub port: u16,
    generation: tokio::sync::watch::Sender<u64>,
    /// While set, new connections are closed as soon as they are accepted (a link that stays
    /// down for a while: each redial fails).
    held: std::sync::Arc<std::sync::atomic::AtomicBool>,
}

impl Relay {
    pub fn start(runtime: &tokio::runtime::Runtime, upstream: &str) -> Relay {
        let upstream = upstream.trim_start_matches("ws://").to_string();
        let listener = runtime
            .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
            .unwrap();
        let port = listener.local_addr().unwrap().port();
        let (generation, watch) = tokio::sync::watch::channel(0u64);
        let held = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let holding = held.clone();
        runtime.spawn(async move {
            while let Ok((mut socket, _)) = listener.accept().await {
                if holding.load(std::sync::atomic::Ordering::SeqCst) {
                    drop(socket);
                    continue;
                }
                let upstream = upstream.clone();
                let mut cut = watch.clone();
                cut.mark_unchanged();
                tokio::spawn(async move {
                    let Ok(mut plain) = tokio::net::TcpStream::connect(&upstream).await else {
                        return;
                    };
                    tokio::select! {
                        _ = tokio::io::copy_bidirectional(&mut socket, &mut plain) => {}
                        _ = cut.changed() => {}
                    }
                });
            }
        });
        Relay {
            port,
            generation,
            held,
        }
    }

    /// Keeps the link down (`true`: new connections are closed at once) or lets it up again.
    pub fn hold(&self, down: bool) {
        self.held.store(down, std::sync::atomic::Ordering::SeqCst);
    }

    /// Drops every connection open now.
    pub fn cut(&self) {
        self.generation.send_modify(|g| *g += 1);
    }
}
