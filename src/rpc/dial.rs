//! Opening a link to a remote app-server (`tern --remote`): TCP, TLS, a unix socket or ssh, then
//! for websockets the HTTP upgrade (with the bearer token, never an `Origin` header: codex
//! answers that with 403), all under one deadline so a server that never answers the upgrade
//! cannot hold tern at startup. Failures say what to do: a 401 shows the server's own reason,
//! a missing service says how to start one.

use super::child::{ChildProcess, ChildTransport};
use super::endpoint::{Endpoint, SshEndpoint, WsEndpoint};
use super::transport::{Transport, TransportParts};
use super::ws::{self, WsOptions};
use crate::text::sanitize::sanitize_line;
use std::fmt;
use std::path::PathBuf;
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::process::Command;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::{header, HeaderValue, StatusCode};
use tokio_tungstenite::tungstenite::Error as WsError;

/// A bearer token: never printed, never logged (its `Debug` says so), and registered with the
/// log's redaction when read.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    pub fn new(token: String) -> Secret {
        super::redact::register_secret(&token);
        Secret(token)
    }
    fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret([redacted])")
    }
}

#[derive(Debug, Clone)]
pub struct DialOptions {
    pub token: Option<Secret>,
    /// A PEM file of CA certificates trusted besides the system's.
    pub ca_file: Option<PathBuf>,
    /// What ssh runs on the other side for the app-server (`codex app-server`); `proxy` and
    /// `daemon start` are appended to it for the service.
    pub remote_command: String,
    /// The ssh program (`ssh`, found on PATH).
    pub ssh: PathBuf,
    /// For the whole of connecting: TCP or ssh, TLS and the websocket upgrade.
    pub deadline: Duration,
}

pub(crate) const DEFAULT_REMOTE_COMMAND: &str = "codex app-server";

impl Default for DialOptions {
    fn default() -> Self {
        DialOptions {
            token: None,
            ca_file: None,
            remote_command: DEFAULT_REMOTE_COMMAND.into(),
            ssh: "ssh".into(),
            deadline: Duration::from_secs(10),
        }
    }
}

/// An open link, ready for `Connection::start`.
pub struct Dialed {
    pub transport: Box<dyn Transport>,
    /// The child carrying it (ssh), if any.
    pub pid: Option<u32>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum DialError {
    /// Trying again will not help until something changes (a refused token, a bad certificate,
    /// a missing program).
    Refused(String),
    /// Unreachable now (timeout, reset): a later try may work.
    Unreachable(String),
    /// Nobody listens there (the connection was refused, the socket is missing): the server is
    /// not running now; a later try may find it started again.
    NotListening(String),
    /// `codex app-server proxy` found no service on the other machine.
    NoService { detail: String },
}

impl DialError {
    pub fn message(&self) -> &str {
        match self {
            DialError::Refused(m) | DialError::Unreachable(m) | DialError::NotListening(m) => m,
            DialError::NoService { detail } => detail,
        }
    }
}

/// The rule the official client keeps: a token goes only over TLS or to this machine.
pub(crate) fn check_token_transport(endpoint: &Endpoint, has_token: bool) -> Result<(), String> {
    match endpoint {
        Endpoint::Ws(ws) if has_token && !ws.tls && !super::endpoint::is_loopback(&ws.host) => Err(
            "remote auth tokens require `wss://` or loopback `ws://` URLs: tern will not send a \
             token in the clear to another machine (use wss:// behind a TLS proxy, or an ssh \
             tunnel to a loopback ws://)"
                .into(),
        ),
        Endpoint::Unix { .. } | Endpoint::Ssh(_) if has_token => Err(
            "a token is only sent over ws:// or wss://; unix:// and ssh:// authenticate otherwise \
             (the socket's file mode, ssh's own keys)"
                .into(),
        ),
        _ => Ok(()),
    }
}

/// The liveness pings a link to `endpoint` sends: a websocket that crosses a network (TCP, TLS,
/// an ssh pipe to the service) can go half-open and look like a quiet server forever, so it is
/// pinged while it is open; the local service's socket cannot, and a plain ssh stdio link is
/// JSON lines with no pings to send, so neither wakes anything while idle.
pub(crate) fn liveness_pings(endpoint: &Endpoint) -> Option<Duration> {
    match endpoint {
        Endpoint::Ws(_) => Some(ws::PING_EVERY),
        Endpoint::Ssh(ssh) if ssh.daemon => Some(ws::PING_EVERY),
        Endpoint::Ssh(_) | Endpoint::Unix { .. } => None,
    }
}

/// Opens a link to `endpoint`.
pub async fn dial(endpoint: &Endpoint, options: &DialOptions) -> Result<Dialed, DialError> {
    check_token_transport(endpoint, options.token.is_some()).map_err(DialError::Refused)?;
    let pings = liveness_pings(endpoint);
    match endpoint {
        Endpoint::Ws(ws) => dial_ws(ws, options, pings).await,
        Endpoint::Unix { path } => dial_unix(path, options, pings).await,
        Endpoint::Ssh(ssh) if ssh.daemon => dial_ssh_service(ssh, options, pings).await,
        Endpoint::Ssh(ssh) => spawn_ssh_stdio(ssh, options),
    }
}

/// Wraps ready parts as a transport.
struct Ready(TransportParts);

impl Transport for Ready {
    fn into_parts(self: Box<Self>) -> TransportParts {
        self.0
    }
}

async fn dial_ws(
    endpoint: &WsEndpoint,
    options: &DialOptions,
    pings: Option<Duration>,
) -> Result<Dialed, DialError> {
    let peer = sanitize_line(&endpoint.url);
    let connect = async {
        let tcp = tokio::net::TcpStream::connect((endpoint.host.as_str(), endpoint.port))
            .await
            .map_err(|e| {
                let why = format!("could not reach {peer}: {e}");
                if e.kind() == std::io::ErrorKind::ConnectionRefused {
                    DialError::NotListening(why)
                } else {
                    DialError::Unreachable(why)
                }
            })?;
        let _ = tcp.set_nodelay(true);
        if endpoint.tls {
            let config = super::tls::client_config(options.ca_file.as_deref())
                .map_err(DialError::Refused)?;
            let name = tokio_rustls::rustls::pki_types::ServerName::try_from(endpoint.host.clone())
                .map_err(|e| DialError::Refused(format!("{peer}: {e}")))?;
            let tls = tokio_rustls::TlsConnector::from(config)
                .connect(name, tcp)
                .await
                .map_err(|e| tls_error(&peer, e))?;
            upgrade(&endpoint.url, tls, &peer, options, pings).await
        } else {
            upgrade(&endpoint.url, tcp, &peer, options, pings).await
        }
    };
    let parts = within(options.deadline, &peer, connect).await?;
    Ok(Dialed {
        transport: Box::new(Ready(parts)),
        pid: None,
    })
}

async fn dial_unix(
    path: &std::path::Path,
    options: &DialOptions,
    pings: Option<Duration>,
) -> Result<Dialed, DialError> {
    let shown = sanitize_line(&path.to_string_lossy());
    let peer = format!("the codex service at {shown}");
    let connect = async {
        let stream = tokio::net::UnixStream::connect(path).await.map_err(|e| {
            match e.kind() {
                std::io::ErrorKind::NotFound | std::io::ErrorKind::ConnectionRefused => {
                    DialError::NotListening(format!(
                        "no codex service listens at {shown} ({e}). Start one with `codex \
                         app-server daemon start` (or `codex app-server --listen unix://`); the \
                         official codex TUI starts it too"
                    ))
                }
                std::io::ErrorKind::PermissionDenied => DialError::Refused(format!(
                    "{shown}: {e} (the codex service's socket is private to the user who started it)"
                )),
                _ => DialError::Unreachable(format!("could not reach {peer}: {e}")),
            }
        })?;
        // The server requires the HTTP upgrade even on its socket; any Host will do.
        let mut parts = upgrade("ws://localhost/", stream, &peer, options, pings).await?;
        parts.local = true;
        Ok(parts)
    };
    let parts = within(options.deadline, &peer, connect).await?;
    Ok(Dialed {
        transport: Box::new(Ready(parts)),
        pid: None,
    })
}

/// `ssh -T [-p port] -- [user@]host 'cd DIR && exec codex app-server'`: JSON lines over ssh's
/// stdio. ssh asks for nothing on the terminal tern draws on (`BatchMode` is the person's to
/// set; a prompt would go to ssh's stderr, which tern shows when the link ends).
fn spawn_ssh_stdio(endpoint: &SshEndpoint, options: &DialOptions) -> Result<Dialed, DialError> {
    let command = ssh_command(endpoint, options, &options.remote_command);
    let what = format!("ssh to {}", sanitize_line(&endpoint.destination()));
    let child =
        ChildTransport::spawn_remote(command, &what).map_err(|e| ssh_spawn_error(options, e))?;
    let pid = child.pid();
    Ok(Dialed {
        transport: Box::new(child),
        pid,
    })
}

/// `ssh … 'codex app-server proxy'`: a byte pipe to the service's socket there, over which tern
/// speaks a websocket as it would to a local socket.
async fn dial_ssh_service(
    endpoint: &SshEndpoint,
    options: &DialOptions,
    pings: Option<Duration>,
) -> Result<Dialed, DialError> {
    let destination = sanitize_line(&endpoint.destination());
    let command = ssh_command(
        endpoint,
        options,
        &format!("{} proxy", options.remote_command),
    );
    let process = ChildProcess::spawn(command, format!("ssh to {destination}"))
        .map_err(|e| ssh_spawn_error(options, e))?;
    let pid = process.pid();
    let (stdout, stdin, carrier) = process.into_pipes();
    let peer = format!("the codex service on {destination}");
    let pipe = tokio::io::join(stdout, stdin);
    let handshake = upgrade("ws://localhost/", pipe, &peer, options, pings);
    match tokio::time::timeout(options.deadline, handshake).await {
        Ok(Ok(mut parts)) => {
            // How the ssh child ended explains a dropped link.
            let ws_epitaph = parts.epitaph;
            parts.epitaph = Box::pin(async move {
                let mut ending = ws_epitaph.await;
                ending.reason = format!("{}; {}", ending.reason, carrier.await);
                ending
            });
            Ok(Dialed {
                transport: Box::new(Ready(parts)),
                pid,
            })
        }
        Ok(Err(_)) => {
            // The pipe closed during the upgrade: ssh or the proxy ended; they say why.
            let detail = carrier.await;
            if detail.contains("failed to connect to socket") {
                Err(DialError::NoService { detail })
            } else {
                Err(DialError::Unreachable(detail))
            }
        }
        Err(_) => Err(DialError::Unreachable(format!(
            "{peer} did not answer the websocket upgrade within {} s",
            options.deadline.as_secs()
        ))),
    }
}

/// The ssh command for `remote` (a shell command run in the URL's directory).
pub(crate) fn ssh_command(endpoint: &SshEndpoint, options: &DialOptions, remote: &str) -> Command {
    let mut command = Command::new(&options.ssh);
    command.args(endpoint.ssh_args(remote));
    command
}

/// The command that starts the service on the other machine, as the person would type it.
pub(crate) fn daemon_start_line(endpoint: &SshEndpoint, options: &DialOptions) -> String {
    let remote = format!("{} daemon start", options.remote_command);
    let mut words = vec![options.ssh.to_string_lossy().into_owned()];
    words.extend(endpoint.ssh_args(&remote));
    shlex::try_join(words.iter().map(String::as_str)).unwrap_or_else(|_| words.join(" "))
}

fn ssh_spawn_error(options: &DialOptions, e: std::io::Error) -> DialError {
    DialError::Refused(format!(
        "could not run `{}`: {e} (ssh:// needs an OpenSSH client on PATH)",
        sanitize_line(&options.ssh.to_string_lossy())
    ))
}

async fn within<T>(
    deadline: Duration,
    peer: &str,
    connect: impl std::future::Future<Output = Result<T, DialError>>,
) -> Result<T, DialError> {
    tokio::time::timeout(deadline, connect)
        .await
        .unwrap_or_else(|_| {
            Err(DialError::Unreachable(format!(
                "{peer} did not answer within {} s (connecting and the websocket upgrade)",
                deadline.as_secs()
            )))
        })
}

/// The websocket upgrade over `stream`: the token as `Authorization: Bearer`, no `Origin`.
async fn upgrade<S>(
    url: &str,
    stream: S,
    peer: &str,
    options: &DialOptions,
    // Liveness pings ([`liveness_pings`]).
    pings: Option<Duration>,
) -> Result<TransportParts, DialError>
where
    S: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    let mut request = url
        .into_client_request()
        .map_err(|e| DialError::Refused(format!("{peer}: {e}")))?;
    if let Some(token) = &options.token {
        let mut value =
            HeaderValue::from_str(&format!("Bearer {}", token.expose())).map_err(|_| {
                DialError::Refused("the token has characters a header cannot carry".into())
            })?;
        value.set_sensitive(true);
        request.headers_mut().insert(header::AUTHORIZATION, value);
    }
    let (socket, _response) =
        tokio_tungstenite::client_async_with_config(request, stream, Some(ws::config()))
            .await
            .map_err(|e| upgrade_error(peer, options, e))?;
    Ok(ws::ws_parts(
        socket,
        WsOptions {
            peer: peer.to_string(),
            ping_every: pings,
            carrier: None,
            local: false,
        },
    ))
}

/// Says why the upgrade failed, with the server's own reason for a refusal.
fn upgrade_error(peer: &str, options: &DialOptions, e: WsError) -> DialError {
    match e {
        WsError::Http(response) => {
            let body = response
                .body()
                .as_deref()
                .map(|b| sanitize_line(String::from_utf8_lossy(b).trim()))
                .unwrap_or_default();
            let body: String = body.chars().take(300).collect();
            let reason = if body.is_empty() {
                String::new()
            } else {
                format!(": \"{body}\"")
            };
            let status = response.status();
            let fix = match status {
                StatusCode::UNAUTHORIZED if options.token.is_some() => {
                    " The server did not accept the token: check the value in --remote-token-env \
                     or --remote-token-file against the server's --ws-token-file (or, for signed \
                     tokens, its issuer, audience and expiry)."
                }
                StatusCode::UNAUTHORIZED => {
                    " The server wants a token: give it with --remote-token-env VAR or \
                     --remote-token-file PATH."
                }
                StatusCode::FORBIDDEN => " The server refused the connection (403).",
                _ => "",
            };
            DialError::Refused(format!(
                "{peer} refused the connection ({status}){reason}.{fix}"
            ))
        }
        WsError::Io(e) => DialError::Unreachable(format!(
            "the connection to {peer} failed during the websocket upgrade: {e}"
        )),
        other => {
            DialError::Unreachable(format!("the websocket upgrade with {peer} failed: {other}"))
        }
    }
}

fn tls_error(peer: &str, e: std::io::Error) -> DialError {
    let text = e.to_string();
    if text.contains("certificate") || text.contains("Certificate") {
        DialError::Refused(format!(
            "{peer}: the server's TLS certificate was not accepted ({text}). If it is signed by \
             a private CA, name that CA's certificate with --remote-ca-file PATH"
        ))
    } else {
        DialError::Unreachable(format!("TLS with {peer} failed: {text}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_links_across_a_network_are_pinged() {
        let pings = |url: &str| liveness_pings(&Endpoint::parse(url, Some("/ch")).unwrap());
        assert_eq!(pings("ws://127.0.0.1:4500"), Some(ws::PING_EVERY));
        assert_eq!(pings("wss://box.example:443"), Some(ws::PING_EVERY));
        assert_eq!(pings("ssh://box/srv?daemon"), Some(ws::PING_EVERY));
        // The local service's socket cannot go half-open; stdio over ssh has no pings to send.
        assert_eq!(pings("unix://"), None);
        assert_eq!(pings("unix:///tmp/s.sock"), None);
        assert_eq!(pings("ssh://box/srv"), None);
    }
}
