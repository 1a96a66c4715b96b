//! Taking a command string apart the way the shell will: is it a `bash -lc SCRIPT` wrapper,
//! and is the script one simple command whose words a prefix rule can match?

/// A command as the server sends it (one shell string).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsedCommand {
    /// The command's words, or `None` when it does not even split (an unclosed quote).
    pub words: Option<Vec<String>>,
    /// The script when the command is `bash|sh|zsh|dash|ksh [flags] -c|-lc SCRIPT`.
    pub script: Option<String>,
    /// The words of the one simple command that runs, inside the wrapper or not.
    simple: Option<Vec<String>>,
}

/// What a prefix rule for this command would be matched against.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RuleTarget {
    /// The words of one simple command: inside the shell wrapper, or the command itself.
    Words(Vec<String>),
    /// A compound script, or something that does not split into words.
    NotSimple,
}

const SHELLS: &[&str] = &["bash", "sh", "zsh", "dash", "ksh"];

impl ParsedCommand {
    pub fn parse(command: &str) -> ParsedCommand {
        let words = shlex::split(command);
        let script = words
            .as_deref()
            .and_then(wrapped_script)
            .map(str::to_string);
        let simple = match (&script, &words) {
            (Some(script), _) => simple_words(script),
            // A shell that is not a plain `-c SCRIPT` wrapper runs something we cannot see.
            (None, Some(words)) if words.first().is_some_and(|w| is_shell(w)) => None,
            (None, Some(_)) => simple_words(command),
            (None, None) => None,
        };
        ParsedCommand {
            words,
            script,
            simple,
        }
    }

    pub(crate) fn target(&self) -> RuleTarget {
        match self.simple.clone() {
            Some(words) if !words.is_empty() => RuleTarget::Words(words),
            _ => RuleTarget::NotSimple,
        }
    }
}

/// The script of `SHELL [flags] -c SCRIPT` (flags may be combined, as in `-lc`); nothing may
/// follow the script, since extra words become the script's `$0`, `$1`….
fn wrapped_script(words: &[String]) -> Option<&str> {
    let (shell, rest) = words.split_first()?;
    if !is_shell(shell) {
        return None;
    }
    let mut rest = rest.iter();
    for word in rest.by_ref() {
        let flags = word.strip_prefix('-')?;
        if flags.starts_with('-') || flags.is_empty() {
            return None;
        }
        if flags.contains('c') {
            break;
        }
    }
    let script = rest.next()?;
    rest.next().is_none().then_some(script.as_str())
}

fn is_shell(word: &str) -> bool {
    SHELLS.contains(&word.rsplit('/').next().unwrap_or(word))
}

/// The words of `script` when it is a single simple command: no operators (`;`, `&`, `|`),
/// redirections, substitutions or expansions (`$`, backticks), globs, brace or tilde
/// expansion, comments, assignments, subshells or line breaks outside quotes.
pub(crate) fn simple_words(script: &str) -> Option<Vec<String>> {
    if !is_simple(script) {
        return None;
    }
    let words = shlex::split(script)?;
    if words.first().is_some_and(|w| w.contains('=')) {
        return None;
    }
    Some(words)
}

fn is_simple(script: &str) -> bool {
    let mut single = false;
    let mut double = false;
    let mut escaped = false;
    let mut word_start = true;
    for c in script.chars() {
        if c.is_control() && c != ' ' && !(c == '\t' && !single && !double) {
            return false;
        }
        if escaped {
            escaped = false;
            word_start = false;
            continue;
        }
        match c {
            '\'' if !double => single = !single,
            '"' if !single => double = !double,
            '\\' if !single => escaped = true,
            '$' | '`' if !single => return false,
            _ if single || double => {}
            ';' | '&' | '|' | '<' | '>' | '(' | ')' | '*' | '?' | '[' | ']' | '{' | '}' | '!' => {
                return false
            }
            '#' | '~' if word_start => return false,
            _ => {}
        }
        word_start = !single && !double && (c == ' ' || c == '\t');
    }
    !single && !double && !escaped
}

#[cfg(test)]
mod tests {
    use super::*;

    fn target(command: &str) -> Option<Vec<String>> {
        match ParsedCommand::parse(command).target() {
            RuleTarget::Words(words) => Some(words),
            RuleTarget::NotSimple => None,
        }
    }

    #[test]
    fn wrappers_around_one_simple_command_give_its_words() {
        for (command, words) in [
            (
                "/bin/bash -lc 'git status --short'",
                &["git", "status", "--short"][..],
            ),
            (
                "bash -c \"cargo test -p 'my crate'\"",
                &["cargo", "test", "-p", "my crate"],
            ),
            ("zsh -l -c 'ls -la src'", &["ls", "-la", "src"]),
            ("sh -ec \"echo 'hi'\"", &["echo", "hi"]),
            ("/usr/bin/sh -c 'make\\ all'", &["make all"]),
            ("git status", &["git", "status"]),
            (
                "bash -lc 'git log --format=%H'",
                &["git", "log", "--format=%H"],
            ),
        ] {
            let expected: Vec<String> = words.iter().map(|w| w.to_string()).collect();
            assert_eq!(target(command), Some(expected), "{command}");
        }
    }

    #[test]
    fn compound_scripts_and_expansions_are_not_simple() {
        for command in [
            "/bin/bash -lc 'echo x > f; cat f'",
            "bash -lc 'git status && rm -rf ~'",
            "bash -lc 'cat f | sh'",
            "bash -lc 'echo $(whoami)'",
            "bash -lc 'echo \"$HOME\"'",
            "bash -lc 'echo `id`'",
            "bash -lc 'rm *.o'",
            "bash -lc 'ls ~'",
            "bash -lc 'FOO=1 make'",
            "bash -lc 'git status # comment'",
            "bash -lc 'git status\nrm -rf ~'",
            "bash -lc 'sh #\rgit status'",
            "bash -lc '(cd x)'",
            "bash -lc 'echo {a,b}'",
            "bash -lc 'unclosed \"quote'",
            "bash -lc 'script' extra-arg",
            "git status; rm -rf /",
            "bash -lc",
            "",
        ] {
            assert_eq!(target(command), None, "{command:?}");
        }
    }

    #[test]
    fn quoted_metacharacters_are_plain_text() {
        assert_eq!(
            target("bash -lc \"grep -n 'a|b; c' src\"").unwrap(),
            ["grep", "-n", "a|b; c", "src"]
        );
    }
}
