//! Prefixes tern never offers to allow for good, because they would allow arbitrary code: the
//! server writes whatever rule the client sends, so this table is the last line of defence.
//! One row per family; each row says why in one line.

/// A family of programs and why a prefix that stops at them is refused.
struct Row {
    names: &'static [&'static str],
    /// Whether words after the name make the prefix safe: the rest is checked again (a
    /// wrapper's command), or only flags count as nothing (a shell or interpreter with a file).
    after: After,
    reason: &'static str,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum After {
    /// Refused while only flags follow (`bash -lc`, `python3 -c`); a script file makes it safe.
    FlagsOnly,
    /// Refused while only flags, assignments or numbers follow; then the command after it is
    /// checked in turn (`timeout 5 bash` is refused, `timeout 5 cargo` is not).
    CheckRest,
    /// Always refused, whatever follows.
    Always,
}

const TABLE: &[Row] = &[
    Row {
        names: &[
            "bash",
            "sh",
            "zsh",
            "dash",
            "ksh",
            "fish",
            "csh",
            "tcsh",
            "pwsh",
            "powershell",
            "cmd",
            "busybox",
        ],
        after: After::FlagsOnly,
        reason: "a shell runs any command it is given",
    },
    Row {
        names: &[
            "python",
            "node",
            "nodejs",
            "deno",
            "bun",
            "perl",
            "ruby",
            "php",
            "lua",
            "luajit",
            "tclsh",
            "rscript",
            "osascript",
            "awk",
            "gawk",
            "mawk",
            "jshell",
            "irb",
            "ghci",
            "julia",
        ],
        after: After::FlagsOnly,
        reason: "an interpreter runs any code it is given",
    },
    Row {
        names: &["sudo", "doas", "su", "pkexec", "runuser"],
        after: After::Always,
        reason: "it runs commands as another user; approve each one",
    },
    Row {
        names: &["eval", "exec", "source", ".", "command", "builtin"],
        after: After::Always,
        reason: "it runs whatever command follows it",
    },
    Row {
        names: &[
            "env",
            "xargs",
            "nohup",
            "time",
            "nice",
            "ionice",
            "timeout",
            "stdbuf",
            "setsid",
            "chroot",
            "watch",
            "strace",
            "ltrace",
            "flock",
            "unbuffer",
            "taskset",
            "caffeinate",
            "parallel",
            "chrt",
            "script",
        ],
        after: After::CheckRest,
        reason: "it runs whatever command follows it",
    },
    Row {
        names: &["npx", "uvx", "bunx", "pnpx"],
        after: After::FlagsOnly,
        reason: "a package runner downloads and runs any package",
    },
];

/// Two-word package runners: refused while no package follows.
const RUNNERS: &[(&str, &str)] = &[
    ("pipx", "run"),
    ("npm", "exec"),
    ("pnpm", "dlx"),
    ("pnpm", "exec"),
    ("yarn", "dlx"),
    ("uv", "run"),
    ("uv", "tool"),
];

/// Why `prefix` must not be allowed for good, or `None` when it may.
pub fn refusal(prefix: &[String]) -> Option<&'static str> {
    if prefix.is_empty() || prefix.iter().all(|w| w.trim().is_empty()) {
        return Some("an empty prefix would allow every command");
    }
    if prefix.iter().any(|w| w.is_empty()) {
        return Some("a word of the prefix is empty");
    }
    if prefix.iter().any(|w| w.chars().any(char::is_control)) {
        return Some(
            "a word holds a line break or control character that would hide what it allows",
        );
    }
    check(prefix)
}

fn check(words: &[String]) -> Option<&'static str> {
    let (first, rest) = words.split_first()?;
    let name = program_name(first);
    for &(runner, verb) in RUNNERS {
        if name == runner
            && rest.first().map(String::as_str) == Some(verb)
            && only_flags(&rest[1..])
        {
            return Some("a package runner downloads and runs any package");
        }
    }
    let row = TABLE
        .iter()
        .find(|row| row.names.contains(&name.as_str()))?;
    match row.after {
        After::Always => Some(row.reason),
        After::FlagsOnly => only_flags(rest).then_some(row.reason),
        After::CheckRest => {
            let command = rest.iter().position(|w| !is_wrapper_argument(w));
            match command {
                None => Some(row.reason),
                Some(at) => check(&rest[at..]),
            }
        }
    }
}

/// `/usr/bin/python3.12` → `python`: the path and a version suffix do not change what it is.
fn program_name(word: &str) -> String {
    let base = word.rsplit('/').next().unwrap_or(word).to_ascii_lowercase();
    let trimmed = base.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.' || c == '-');
    if trimmed.is_empty() {
        base
    } else {
        trimmed.to_string()
    }
}

fn only_flags(words: &[String]) -> bool {
    words.iter().all(|w| w.starts_with('-'))
}

/// A word a wrapper takes for itself: a flag, an assignment, a number or duration.
fn is_wrapper_argument(word: &str) -> bool {
    word.starts_with('-')
        || word
            .split_once('=')
            .is_some_and(|(name, _)| !name.is_empty() && !name.contains('/'))
        || word
            .trim_end_matches(['s', 'm', 'h', 'd'])
            .parse::<f64>()
            .is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(prefix: &[&str]) -> Option<&'static str> {
        refusal(&prefix.iter().map(|s| s.to_string()).collect::<Vec<_>>())
    }

    #[test]
    fn each_row_of_the_table() {
        let cases: &[(&[&str], bool)] = &[
            // Empty, blank, control characters.
            (&[], true),
            (&[""], true),
            (&["git", ""], true),
            (&["git", "status\nrm -rf ~"], true),
            (&["git", "status\r"], true),
            // Shells, alone or with flags; a script file is fine.
            (&["bash"], true),
            (&["/bin/bash", "-lc"], true),
            (&["sh", "-c"], true),
            (&["zsh", "-lc"], true),
            (&["busybox"], true),
            (&["bash", "ci/build.sh"], false),
            // Interpreters.
            (&["python3"], true),
            (&["python", "-c"], true),
            (&["/usr/bin/python3.12", "-m"], true),
            (&["node", "-e"], true),
            (&["perl"], true),
            (&["ruby", "-e"], true),
            (&["python3", "-m", "pytest"], false),
            (&["node", "scripts/build.js"], false),
            // Privilege: always.
            (&["sudo"], true),
            (&["sudo", "git", "status"], true),
            (&["doas", "ls"], true),
            // Wrappers: refused alone, checked through.
            (&["env"], true),
            (&["env", "FOO=1"], true),
            (&["env", "FOO=1", "python3"], true),
            (&["env", "FOO=1", "cargo", "test"], false),
            (&["xargs"], true),
            (&["xargs", "-0"], true),
            (&["xargs", "grep"], false),
            (&["nohup"], true),
            (&["time"], true),
            (&["nice", "-n", "10"], true),
            (&["timeout", "5"], true),
            (&["timeout", "5s", "bash"], true),
            (&["timeout", "5", "cargo", "test"], false),
            (&["exec"], true),
            (&["command", "ls"], true),
            // Package runners.
            (&["npx"], true),
            (&["npx", "--yes"], true),
            (&["uvx"], true),
            (&["pipx", "run"], true),
            (&["npm", "exec"], true),
            (&["npx", "prettier"], false),
            (&["pipx", "run", "black"], false),
            (&["npm", "test"], false),
            // Ordinary commands.
            (&["git", "status"], false),
            (&["git"], false),
            (&["cargo", "test"], false),
            (&["ls"], false),
        ];
        for (prefix, expect_refused) in cases {
            assert_eq!(
                refused(prefix).is_some(),
                *expect_refused,
                "{prefix:?}: {:?}",
                refused(prefix)
            );
        }
    }

    #[test]
    fn reasons_say_why() {
        assert_eq!(
            refused(&["bash"]),
            Some("a shell runs any command it is given")
        );
        assert_eq!(
            refused(&["npx"]),
            Some("a package runner downloads and runs any package")
        );
        assert_eq!(
            refused(&["python3", "-c"]),
            Some("an interpreter runs any code it is given")
        );
    }
}
