//! Where `tern --remote URL` connects, parsed and checked before anything is opened:
//! `ws://host:port` and `wss://host[:port]` (a websocket, with an optional bearer token),
//! `unix://` (the local codex service's socket, `$CODEX_HOME/app-server-control/app-server-control.sock`)
//! or `unix://PATH`, and `ssh://[user@]host[:port][/dir][?daemon]` (ssh running the app-server, or
//! `codex app-server proxy` to the service there). Pure: no IO, no environment.

use std::path::PathBuf;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Endpoint {
    Ws(WsEndpoint),
    /// A websocket over a unix socket, with the HTTP upgrade (the server requires it).
    Unix {
        path: PathBuf,
    },
    Ssh(SshEndpoint),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WsEndpoint {
    /// The URL as given (it holds no secret: tokens never go in it).
    pub url: String,
    /// `wss://`: TLS.
    pub tls: bool,
    /// As written, without brackets for IPv6.
    pub host: String,
    pub port: u16,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SshEndpoint {
    pub user: Option<String>,
    pub host: String,
    pub port: Option<u16>,
    /// The remote directory to start in (`~/x` is the remote home's x).
    pub dir: Option<String>,
    /// `?daemon`: through `codex app-server proxy` to the service there, so work outlives the link.
    pub daemon: bool,
}

/// The socket the local codex service listens on (`codex app-server --listen unix://`).
pub(crate) fn default_socket(codex_home: &str) -> PathBuf {
    PathBuf::from(codex_home)
        .join("app-server-control")
        .join("app-server-control.sock")
}

const FORMS: &str =
    "ws://HOST:PORT, wss://HOST[:PORT], unix://[PATH] or ssh://[USER@]HOST[:PORT][/DIR][?daemon]";

impl Endpoint {
    /// Parses `--remote`'s value. `codex_home` names the default socket for `unix://`.
    pub fn parse(url: &str, codex_home: Option<&str>) -> Result<Endpoint, String> {
        if url.chars().any(char::is_control) {
            return Err("the --remote URL has control characters".into());
        }
        let Some((scheme, rest)) = url.split_once("://") else {
            return Err(format!("--remote takes a URL: {FORMS}"));
        };
        match scheme.to_ascii_lowercase().as_str() {
            "ws" | "wss" => {
                parse_ws(url, scheme.eq_ignore_ascii_case("wss"), rest).map(Endpoint::Ws)
            }
            "unix" => {
                let path = if rest.is_empty() {
                    let home = codex_home.ok_or(
                        "unix:// needs CODEX_HOME or HOME to find the codex service's socket; \
                         name it as unix:///path/to/app-server-control.sock",
                    )?;
                    default_socket(home)
                } else {
                    PathBuf::from(rest)
                };
                Ok(Endpoint::Unix { path })
            }
            "ssh" => parse_ssh(rest).map(Endpoint::Ssh),
            other => Err(format!("unknown --remote scheme `{other}://`; use {FORMS}")),
        }
    }

    /// Where tern is connected, for the status line and the welcome.
    pub fn label(&self) -> String {
        match self {
            Endpoint::Ws(ws) => ws.url.clone(),
            // The service's own socket says more by name than by its long path.
            Endpoint::Unix { path }
                if path.ends_with("app-server-control/app-server-control.sock") =>
            {
                "codex service (unix socket)".into()
            }
            Endpoint::Unix { path } => format!("unix:{}", path.display()),
            Endpoint::Ssh(ssh) => {
                let mut label = format!("ssh {}", ssh.destination());
                if ssh.daemon {
                    label.push_str(" (service)");
                }
                label
            }
        }
    }

    /// The server lives on when the link drops (websockets, the service), so a reconnect picks
    /// up its threads; over plain ssh stdio the server ends with the link.
    #[cfg(test)]
    pub(crate) fn server_outlives_link(&self) -> bool {
        match self {
            Endpoint::Ws(_) | Endpoint::Unix { .. } => true,
            Endpoint::Ssh(ssh) => ssh.daemon,
        }
    }
}

fn parse_ws(url: &str, tls: bool, rest: &str) -> Result<WsEndpoint, String> {
    let authority = rest.split(['/', '?', '#']).next().unwrap_or("");
    if authority.contains('@') {
        return Err(
            "a --remote URL must not carry credentials; give the token with --remote-token-env \
             or --remote-token-file"
                .into(),
        );
    }
    let (host, port) = split_host_port(authority)?;
    let port = match port {
        Some(port) => port,
        None if tls => 443,
        None => {
            return Err(format!(
                "ws://{authority} needs a port (codex listens on ws://IP:PORT)"
            ))
        }
    };
    Ok(WsEndpoint {
        url: url.to_string(),
        tls,
        host,
        port,
    })
}

fn parse_ssh(rest: &str) -> Result<SshEndpoint, String> {
    let (rest, query) = match rest.split_once('?') {
        Some((rest, query)) => (rest, Some(query)),
        None => (rest, None),
    };
    let daemon = match query {
        None => false,
        Some("daemon") => true,
        Some(other) => {
            return Err(format!(
                "unknown ssh:// option `?{other}`; the only one is ?daemon"
            ))
        }
    };
    let (authority, dir) = match rest.find('/') {
        Some(i) => (&rest[..i], Some(&rest[i..])),
        None => (rest, None),
    };
    let (user, hostport) = match authority.rsplit_once('@') {
        Some((user, hostport)) => (Some(user), hostport),
        None => (None, authority),
    };
    if let Some(user) = user {
        if user.is_empty()
            || user.starts_with('-')
            || !user
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "._-".contains(c))
        {
            return Err(format!("ssh://: `{user}` is not a user name"));
        }
    }
    let (host, port) = split_host_port(hostport)?;
    // `/~/x` is the remote home's x; `/` alone is no directory at all.
    let dir = dir
        .map(|d| match d.strip_prefix("/~") {
            Some(rest) if rest.is_empty() || rest.starts_with('/') => format!("~{rest}"),
            _ => d.to_string(),
        })
        .filter(|d| d != "/" && d != "~" && d != "~/");
    Ok(SshEndpoint {
        user: user.map(str::to_string),
        host,
        port,
        dir,
        daemon,
    })
}

/// `host`, `host:port`, `[v6]` or `[v6]:port`. A host never starts with `-` (ssh would read it
/// as an option) and holds only the characters of names and addresses.
fn split_host_port(authority: &str) -> Result<(String, Option<u16>), String> {
    let (host, port) = if let Some(inner) = authority.strip_prefix('[') {
        let (host, after) = inner
            .split_once(']')
            .ok_or_else(|| format!("`{authority}`: an IPv6 address needs its closing `]`"))?;
        let port = match after {
            "" => None,
            p => Some(
                p.strip_prefix(':')
                    .ok_or_else(|| format!("`{authority}`: bad port"))?,
            ),
        };
        (host, port)
    } else {
        match authority.rsplit_once(':') {
            Some((host, port)) => (host, Some(port)),
            None => (authority, None),
        }
    };
    if host.is_empty() {
        return Err("the --remote URL names no host".into());
    }
    if host.starts_with('-')
        || !host
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || ".-_:".contains(c))
    {
        return Err(format!("`{host}` is not a host name or address"));
    }
    let port = port
        .map(|p| {
            p.parse::<u16>()
                .ok()
                .filter(|p| *p != 0)
                .ok_or_else(|| format!("`{p}` is not a port"))
        })
        .transpose()?;
    Ok((host.to_string(), port))
}

impl SshEndpoint {
    /// `user@host` or `host`.
    pub(crate) fn destination(&self) -> String {
        match &self.user {
            Some(user) => format!("{user}@{}", self.host),
            None => self.host.clone(),
        }
    }

    /// The arguments of `ssh`: `-T` (no pty: it would echo input and turn `\n` into `\r\n`),
    /// the port, `--` (nothing after it is an option), the destination and the remote shell
    /// command, which starts in `dir` and runs `command` (`codex app-server` or its `proxy`).
    pub(crate) fn ssh_args(&self, command: &str) -> Vec<String> {
        let mut args = vec!["-T".to_string()];
        if let Some(port) = self.port {
            args.push("-p".into());
            args.push(port.to_string());
        }
        args.push("--".into());
        args.push(self.destination());
        args.push(self.remote_shell_command(command));
        args
    }

    /// What the remote shell runs: `cd DIR && exec COMMAND`, the directory quoted (a `~/`
    /// prefix left outside the quotes so the remote shell expands it).
    pub(crate) fn remote_shell_command(&self, command: &str) -> String {
        match &self.dir {
            None => format!("exec {command}"),
            Some(dir) => {
                let quoted = match dir.strip_prefix("~/") {
                    Some(rest) => format!("~/{}", quote(rest)),
                    None => quote(dir),
                };
                format!("cd {quoted} && exec {command}")
            }
        }
    }
}

/// POSIX shell single quotes.
fn quote(text: &str) -> String {
    format!("'{}'", text.replace('\'', r"'\''"))
}

/// The host is this machine (a token may go over plain `ws://` only to it).
pub(crate) fn is_loopback(host: &str) -> bool {
    let host = host.trim_start_matches('[').trim_end_matches(']');
    host.eq_ignore_ascii_case("localhost")
        || host
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ws(url: &str) -> WsEndpoint {
        match Endpoint::parse(url, None).unwrap() {
            Endpoint::Ws(ws) => ws,
            other => panic!("{other:?}"),
        }
    }

    fn ssh(url: &str) -> SshEndpoint {
        match Endpoint::parse(url, None).unwrap() {
            Endpoint::Ssh(ssh) => ssh,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn websocket_urls_name_host_port_and_tls() {
        let plain = ws("ws://127.0.0.1:4500");
        assert_eq!(
            (plain.host.as_str(), plain.port, plain.tls),
            ("127.0.0.1", 4500, false)
        );
        let secure = ws("wss://box.example.com/codex?x=1");
        assert_eq!(
            (secure.host.as_str(), secure.port, secure.tls),
            ("box.example.com", 443, true)
        );
        let v6 = ws("ws://[::1]:9");
        assert_eq!((v6.host.as_str(), v6.port), ("::1", 9));
        assert!(Endpoint::parse("ws://127.0.0.1", None)
            .unwrap_err()
            .contains("needs a port"));
        assert!(Endpoint::parse("ws://me:tok@h:1", None)
            .unwrap_err()
            .contains("credentials"));
        assert!(Endpoint::parse("ws://h:99999", None)
            .unwrap_err()
            .contains("not a port"));
        assert!(Endpoint::parse("http://h:1", None)
            .unwrap_err()
            .contains("unknown --remote scheme"));
        assert!(Endpoint::parse("h:1", None)
            .unwrap_err()
            .contains("takes a URL"));
    }

    #[test]
    fn unix_is_the_service_socket_or_a_path() {
        assert_eq!(
            Endpoint::parse("unix://", Some("/h/.codex")).unwrap(),
            Endpoint::Unix {
                path: "/h/.codex/app-server-control/app-server-control.sock".into()
            }
        );
        assert_eq!(
            Endpoint::parse("unix:///run/c.sock", None).unwrap(),
            Endpoint::Unix {
                path: "/run/c.sock".into()
            }
        );
        assert!(Endpoint::parse("unix://", None).is_err());
    }

    #[test]
    fn ssh_urls_take_user_port_directory_and_daemon() {
        let full = ssh("ssh://me@build.box:2222/srv/repo?daemon");
        assert_eq!(full.destination(), "me@build.box");
        assert_eq!(
            (full.port, full.dir.as_deref(), full.daemon),
            (Some(2222), Some("/srv/repo"), true)
        );
        let bare = ssh("ssh://box");
        assert_eq!(
            (
                bare.user.as_deref(),
                bare.port,
                bare.dir.as_deref(),
                bare.daemon
            ),
            (None, None, None, false)
        );
        assert_eq!(ssh("ssh://box/~/src/x").dir.as_deref(), Some("~/src/x"));
        assert_eq!(ssh("ssh://box/").dir, None);
        assert!(Endpoint::parse("ssh://box?deamon", None)
            .unwrap_err()
            .contains("?daemon"));
    }

    #[test]
    fn nothing_in_an_ssh_url_can_become_an_ssh_option_or_a_shell_word() {
        assert!(Endpoint::parse("ssh://-oProxyCommand=x", None).is_err());
        assert!(Endpoint::parse("ssh://-x@box", None).is_err());
        assert!(Endpoint::parse("ssh://box;rm", None).is_err());
        assert!(Endpoint::parse("ssh://box /x", None).is_err());
        let endpoint = ssh("ssh://me@box:22/srv/it's");
        assert_eq!(
            endpoint.ssh_args("codex app-server"),
            [
                "-T",
                "-p",
                "22",
                "--",
                "me@box",
                r"cd '/srv/it'\''s' && exec codex app-server"
            ]
        );
        assert_eq!(
            ssh("ssh://box/~/a b").remote_shell_command("codex app-server proxy"),
            "cd ~/'a b' && exec codex app-server proxy"
        );
        assert_eq!(
            ssh("ssh://box").ssh_args("c"),
            ["-T", "--", "box", "exec c"]
        );
    }

    #[test]
    fn loopback_hosts() {
        for host in ["localhost", "127.0.0.1", "127.3.2.1", "::1", "[::1]"] {
            assert!(is_loopback(host), "{host}");
        }
        for host in [
            "10.0.0.1",
            "example.com",
            "0.0.0.0",
            "localhost.example.com",
        ] {
            assert!(!is_loopback(host), "{host}");
        }
    }

    #[test]
    fn labels_say_where() {
        assert_eq!(
            Endpoint::parse("ssh://me@box?daemon", None)
                .unwrap()
                .label(),
            "ssh me@box (service)"
        );
        assert_eq!(
            Endpoint::parse("unix:///s", None).unwrap().label(),
            "unix:/s"
        );
        assert!(!Endpoint::parse("ssh://box", None)
            .unwrap()
            .server_outlives_link());
        assert!(Endpoint::parse("ssh://box?daemon", None)
            .unwrap()
            .server_outlives_link());
    }
}
