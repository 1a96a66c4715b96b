//! The exec-policy rules files (`$CODEX_HOME/rules/*.rules`) as tern reads them: a small,
//! tolerant reader of the Starlark calls codex writes (`prefix_rule(pattern=["git", "status"],
//! decision="allow")`), and the removal of one rule that leaves every other byte as it was.
//!
//! Not a Starlark interpreter: it reads calls whose arguments are strings, lists of strings or
//! anything else (kept as "not understood"). What it cannot read is reported line by line as
//! [`Entry::Unparsed`], never hidden or dropped, and no input makes it panic.

mod syntax;

use std::ops::Range;
use std::path::PathBuf;
use syntax::{Arguments, Parser, Tok, Token, Value};

/// A rules file as the runtime read it: its text, or why it could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RulesFileText {
    pub path: PathBuf,
    pub text: Result<String, String>,
}

/// What a matching command meets.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Decision {
    Allow,
    Prompt,
    Forbidden,
    /// Anything else, as written (codex refuses to load such a file).
    Unknown(String),
}

impl Decision {
    pub fn label(&self) -> &str {
        match self {
            Decision::Allow => "allow",
            Decision::Prompt => "prompt",
            Decision::Forbidden => "forbidden",
            Decision::Unknown(text) => text,
        }
    }
}

/// One position of a pattern: a word, or any of several.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PatternToken {
    Word(String),
    AnyOf(Vec<String>),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rule {
    /// The line the call starts on, from 1.
    pub line: usize,
    /// The function called: `prefix_rule`, or another (`network_rule`, …).
    pub function: String,
    /// The `pattern`, when it is a list of strings or of lists of strings.
    pub pattern: Option<Vec<PatternToken>>,
    /// `decision=`; codex allows when it is absent.
    pub decision: Decision,
    pub justification: Option<String>,
    /// The whole lines the call occupies, without the last one's line break: what a deletion
    /// looks for in the file as it is then.
    pub source: String,
    /// The bytes a deletion removes: those lines with the last one's line break.
    pub lines: Range<usize>,
    /// False when the call shares a line with other code: deleting it would mean editing inside
    /// a line, which tern does not do.
    pub owns_lines: bool,
}

impl Rule {
    /// What the rule matches, for people: `git status`, `gh pr {view|list}`. Words that are not
    /// plain are quoted with their control characters escaped (`"a\u{1b}b"`). A call that is not
    /// read as a prefix rule shows its source on one line.
    pub fn summary(&self) -> String {
        match &self.pattern {
            Some(tokens) => tokens
                .iter()
                .map(|token| match token {
                    PatternToken::Word(word) => shown_word(word),
                    PatternToken::AnyOf(words) => format!(
                        "{{{}}}",
                        words
                            .iter()
                            .map(|w| shown_word(w))
                            .collect::<Vec<_>>()
                            .join("|")
                    ),
                })
                .collect::<Vec<_>>()
                .join(" "),
            None => self.source.split_whitespace().collect::<Vec<_>>().join(" "),
        }
    }
}

fn shown_word(word: &str) -> String {
    let plain = !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_alphanumeric() || "-_./:=@%+,~^".contains(c));
    if plain {
        word.to_string()
    } else {
        format!("{word:?}")
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Entry {
    Rule(Rule),
    /// A line tern could not read, as it is in the file.
    Unparsed {
        line: usize,
        text: String,
    },
}

/// Reads every call and every line that is not one. Blank lines and comments are no entries.
pub fn parse(content: &str) -> Vec<Entry> {
    let mut entries = Vec::new();
    let mut pos = 0;
    while pos < content.len() {
        match statement(content, pos) {
            Step::Blank(next) => pos = next,
            Step::Call(rule, next) => {
                entries.push(Entry::Rule(rule));
                pos = next;
            }
            Step::Failed(at) => {
                let line = line_range(content, at);
                entries.push(Entry::Unparsed {
                    line: line_number(content, at),
                    text: strip_break(&content[line.clone()]).to_string(),
                });
                pos = line.end;
            }
        }
    }
    entries
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RemoveError {
    /// No rule with that text is in the file (any more).
    NotFound,
    /// The rule shares a line with other code.
    SharesLine,
}

/// `content` without the `occurrence`-th rule (from 0, counted from the top) whose
/// [`Rule::source`] is `source`, or without the last such rule when there are fewer now. Every
/// other byte stays as it was.
pub(crate) fn remove(
    content: &str,
    source: &str,
    occurrence: usize,
) -> Result<String, RemoveError> {
    let entries = parse(content);
    let matching: Vec<&Rule> = entries
        .iter()
        .filter_map(|entry| match entry {
            Entry::Rule(rule) if rule.source == source => Some(rule),
            _ => None,
        })
        .collect();
    let rule = matching
        .get(occurrence)
        .or(matching.last())
        .ok_or(RemoveError::NotFound)?;
    if !rule.owns_lines {
        return Err(RemoveError::SharesLine);
    }
    let mut out = String::with_capacity(content.len());
    out.push_str(&content[..rule.lines.start]);
    out.push_str(&content[rule.lines.end..]);
    Ok(out)
}

/// How many rules before `index` (in `entries`) have the same source: which one of identical
/// rules it is.
pub fn occurrence(entries: &[Entry], index: usize) -> usize {
    let Some(Entry::Rule(target)) = entries.get(index) else {
        return 0;
    };
    entries[..index]
        .iter()
        .filter(|entry| matches!(entry, Entry::Rule(rule) if rule.source == target.source))
        .count()
}

enum Step {
    /// Only blanks and a comment up to the end of the line; go on at `usize`.
    Blank(usize),
    Call(Rule, usize),
    /// Not readable from the byte given; its line is reported and skipped.
    Failed(usize),
}

fn statement(content: &str, pos: usize) -> Step {
    let mut p = Parser::new(content, pos);
    let first = match p.next() {
        Ok(Some(token)) => token,
        Ok(None) => return Step::Blank(content.len()),
        Err(at) => return Step::Failed(at),
    };
    let Tok::Ident(function) = first.tok else {
        return match first.tok {
            Tok::Newline => Step::Blank(first.end),
            _ => Step::Failed(first.start),
        };
    };
    let call = p.expect_open('(').and_then(|()| p.arguments());
    let Ok((arguments, close_end)) = call else {
        return Step::Failed(first.start);
    };
    // After the call: an optional `;`, then the end of the line (a comment is skipped).
    let mut after = p.next();
    if matches!(&after, Ok(Some(Token { tok: Tok::Semi, .. }))) {
        after = p.next();
    }
    let (end, next, owns_end) = match after {
        Ok(None) => (content.len(), content.len(), true),
        Ok(Some(Token {
            tok: Tok::Newline,
            end,
            ..
        })) => (end, end, true),
        Ok(Some(token)) => (close_end, token.start, false),
        Err(at) => (close_end, at, false),
    };
    let start_line = line_range(content, first.start);
    let owns_start = content[start_line.start..first.start].trim().is_empty();
    let lines = start_line.start..end;
    let rule = Rule {
        line: line_number(content, first.start),
        pattern: pattern_of(&function, &arguments),
        decision: decision_of(&arguments),
        justification: match keyword(&arguments, "justification") {
            Some(Value::Str(text)) => Some(text.clone()),
            _ => None,
        },
        function,
        source: strip_break(&content[lines.clone()]).to_string(),
        lines,
        owns_lines: owns_start && owns_end,
    };
    Step::Call(rule, next)
}

fn keyword<'a>(arguments: &'a Arguments, name: &str) -> Option<&'a Value> {
    arguments
        .iter()
        .find(|(key, _)| key.as_deref() == Some(name))
        .map(|(_, value)| value)
}

fn pattern_of(function: &str, arguments: &Arguments) -> Option<Vec<PatternToken>> {
    let value = keyword(arguments, "pattern").or_else(|| {
        // `prefix_rule(["git"], …)`: the pattern is the first parameter.
        (function == "prefix_rule")
            .then(|| arguments.first())
            .flatten()
            .filter(|(key, _)| key.is_none())
            .map(|(_, value)| value)
    })?;
    let Value::List(items) = value else {
        return None;
    };
    items
        .iter()
        .map(|item| match item {
            Value::Str(word) => Some(PatternToken::Word(word.clone())),
            Value::List(words) => words
                .iter()
                .map(|w| match w {
                    Value::Str(word) => Some(word.clone()),
                    _ => None,
                })
                .collect::<Option<Vec<_>>>()
                .map(PatternToken::AnyOf),
            Value::Other => None,
        })
        .collect()
}

fn decision_of(arguments: &Arguments) -> Decision {
    match keyword(arguments, "decision") {
        None => Decision::Allow,
        Some(Value::Str(text)) => match text.as_str() {
            "allow" => Decision::Allow,
            "prompt" => Decision::Prompt,
            "forbidden" => Decision::Forbidden,
            other => Decision::Unknown(other.to_string()),
        },
        Some(_) => Decision::Unknown("(not a string)".into()),
    }
}

/// The bytes of the line holding `at`, with its line break.
fn line_range(content: &str, at: usize) -> Range<usize> {
    let start = content[..at].rfind('\n').map_or(0, |i| i + 1);
    let end = content[at..]
        .find('\n')
        .map_or(content.len(), |i| at + i + 1);
    start..end
}

fn line_number(content: &str, at: usize) -> usize {
    content[..at].matches('\n').count() + 1
}

fn strip_break(line: &str) -> &str {
    line.strip_suffix('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .unwrap_or(line)
}

#[cfg(test)]
mod tests;
