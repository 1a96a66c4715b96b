//! The exec-policy rules files (`$CODEX_HOME/rules/*.rules`) as tern reads them: a small,
//! tolerant reader of the Starlark calls codex writes (`prefix_rule(pattern=["git", "status"],
//! decision="allow")`), and the removal of one rule that leaves every other byte as it was.
//!
//! Not a Starlark interpreter: it reads calls whose arguments are strings, lists of strings or
//! anything else (kept as "not understood"). What it cannot read is reported line by line as
//! [`Entry::Unparsed`], never hidden or dropped, and no input makes it panic.

use std::ops::Range;
use std::path::PathBuf;

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
pub fn remove(content: &str, source: &str, occurrence: usize) -> Result<String, RemoveError> {
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

#[derive(Debug, Clone, PartialEq)]
enum Value {
    Str(String),
    List(Vec<Value>),
    /// Anything else: a number, a name, an expression.
    Other,
}

type Arguments = Vec<(Option<String>, Value)>;

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

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Ident(String),
    Str(String),
    Open(char),
    Close(char),
    Comma,
    Equals,
    Semi,
    Newline,
    /// A number, an operator: part of an expression tern does not read.
    Other,
}

#[derive(Debug, Clone, PartialEq)]
struct Token {
    tok: Tok,
    start: usize,
    end: usize,
}

/// Tokens from a byte offset on, with look-ahead. Errors carry the byte where reading failed.
struct Parser<'a> {
    src: &'a str,
    pos: usize,
    /// Tokens read ahead or given back, the next one last.
    pending: Vec<Token>,
}

impl<'a> Parser<'a> {
    fn new(src: &'a str, pos: usize) -> Self {
        Parser {
            src,
            pos,
            pending: Vec::new(),
        }
    }

    fn next(&mut self) -> Result<Option<Token>, usize> {
        if let Some(token) = self.pending.pop() {
            return Ok(Some(token));
        }
        lex(self.src, &mut self.pos)
    }

    fn give_back(&mut self, token: Token) {
        self.pending.push(token);
    }

    fn peek(&mut self) -> Result<Option<&Token>, usize> {
        if self.pending.is_empty() {
            if let Some(token) = lex(self.src, &mut self.pos)? {
                self.pending.push(token);
            }
        }
        Ok(self.pending.last())
    }

    /// The next token that is not a line break (breaks mean nothing inside brackets).
    fn next_in_brackets(&mut self) -> Result<Token, usize> {
        loop {
            match self.next()? {
                Some(Token {
                    tok: Tok::Newline, ..
                }) => continue,
                Some(token) => return Ok(token),
                None => return Err(self.src.len()),
            }
        }
    }

    fn peek_in_brackets(&mut self) -> Result<Tok, usize> {
        let token = self.next_in_brackets()?;
        let tok = token.tok.clone();
        self.give_back(token);
        Ok(tok)
    }

    fn expect_open(&mut self, bracket: char) -> Result<(), usize> {
        match self.next()? {
            Some(Token {
                tok: Tok::Open(c), ..
            }) if c == bracket => Ok(()),
            Some(token) => Err(token.start),
            None => Err(self.src.len()),
        }
    }

    /// The arguments of a call, after its `(`, up to and with its `)`; and where the `)` ends.
    fn arguments(&mut self) -> Result<(Arguments, usize), usize> {
        let mut arguments = Vec::new();
        loop {
            let token = self.next_in_brackets()?;
            if token.tok == Tok::Close(')') {
                return Ok((arguments, token.end));
            }
            let name = match &token.tok {
                Tok::Ident(name) if matches!(self.peek()?, Some(t) if t.tok == Tok::Equals) => {
                    self.next()?;
                    Some(name.clone())
                }
                _ => {
                    self.give_back(token);
                    None
                }
            };
            arguments.push((name, self.value()?));
            let token = self.next_in_brackets()?;
            match token.tok {
                Tok::Comma => {}
                Tok::Close(')') => return Ok((arguments, token.end)),
                _ => return Err(token.start),
            }
        }
    }

    /// One value, ending before the `,` or closing bracket that follows it.
    fn value(&mut self) -> Result<Value, usize> {
        let token = self.next_in_brackets()?;
        let value = match token.tok {
            Tok::Str(text) => Value::Str(text),
            Tok::Open('[') => self.list()?,
            Tok::Open(_) => {
                self.skip_balanced(1)?;
                Value::Other
            }
            Tok::Ident(_) | Tok::Other => Value::Other,
            Tok::Close(_) | Tok::Comma | Tok::Equals | Tok::Semi | Tok::Newline => {
                return Err(token.start)
            }
        };
        // More of an expression (`"a" + "b"`, `x.y`): tern does not read it.
        match self.peek_in_brackets()? {
            Tok::Comma | Tok::Close(_) => Ok(value),
            _ => {
                self.skip_balanced(0)?;
                Ok(Value::Other)
            }
        }
    }

    fn list(&mut self) -> Result<Value, usize> {
        let mut items = Vec::new();
        loop {
            if self.peek_in_brackets()? == Tok::Close(']') {
                self.next()?;
                return Ok(Value::List(items));
            }
            items.push(self.value()?);
            let token = self.next_in_brackets()?;
            match token.tok {
                Tok::Comma => {}
                Tok::Close(']') => return Ok(Value::List(items)),
                _ => return Err(token.start),
            }
        }
    }

    /// Skips tokens until `depth` brackets are closed; at depth 0, stops before a `,` or a
    /// closing bracket.
    fn skip_balanced(&mut self, mut depth: usize) -> Result<(), usize> {
        loop {
            if depth == 0 && matches!(self.peek_in_brackets()?, Tok::Comma | Tok::Close(_)) {
                return Ok(());
            }
            let token = self.next_in_brackets()?;
            match token.tok {
                // `a b=c` is no expression: a `,` is missing.
                Tok::Equals if depth == 0 => return Err(token.start),
                Tok::Open(_) => depth += 1,
                Tok::Close(_) => {
                    depth -= 1;
                    if depth == 0 {
                        return Ok(());
                    }
                }
                _ => {}
            }
        }
    }
}

/// The next token from `*pos`, skipping blanks, comments and escaped line breaks.
fn lex(src: &str, pos: &mut usize) -> Result<Option<Token>, usize> {
    let bytes = src.as_bytes();
    loop {
        match bytes.get(*pos) {
            Some(b' ' | b'\t' | b'\r' | b'\x0c') => *pos += 1,
            Some(b'\\') if bytes.get(*pos + 1) == Some(&b'\n') => *pos += 2,
            Some(b'\\') if bytes.get(*pos + 1..*pos + 3) == Some(b"\r\n") => *pos += 3,
            Some(b'#') => {
                *pos = src[*pos..].find('\n').map_or(src.len(), |i| *pos + i);
            }
            _ => break,
        }
    }
    let start = *pos;
    let Some(c) = src[start..].chars().next() else {
        return Ok(None);
    };
    let one = |tok: Tok, pos: &mut usize| {
        *pos = start + c.len_utf8();
        Ok(Some(Token {
            tok,
            start,
            end: *pos,
        }))
    };
    match c {
        '\n' => one(Tok::Newline, pos),
        '(' | '[' | '{' => one(Tok::Open(c), pos),
        ')' | ']' | '}' => one(Tok::Close(c), pos),
        ',' => one(Tok::Comma, pos),
        ';' => one(Tok::Semi, pos),
        '=' if bytes.get(start + 1) == Some(&b'=') => {
            *pos = start + 2;
            Ok(Some(Token {
                tok: Tok::Other,
                start,
                end: *pos,
            }))
        }
        '=' => one(Tok::Equals, pos),
        '"' | '\'' => {
            let text = string(src, pos, false)?;
            Ok(Some(Token {
                tok: Tok::Str(text),
                start,
                end: *pos,
            }))
        }
        c if c.is_alphabetic() || c == '_' => {
            let len = src[start..]
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .unwrap_or(src.len() - start);
            let word = &src[start..start + len];
            *pos = start + len;
            let raw = matches!(word, "r" | "R" | "b" | "B" | "rb" | "br" | "Rb" | "bR");
            if raw && matches!(bytes.get(*pos), Some(b'"' | b'\'')) {
                let text = string(src, pos, word.contains(['r', 'R']))?;
                return Ok(Some(Token {
                    tok: Tok::Str(text),
                    start,
                    end: *pos,
                }));
            }
            Ok(Some(Token {
                tok: Tok::Ident(word.to_string()),
                start,
                end: *pos,
            }))
        }
        c if c.is_ascii_digit() => {
            let len = src[start..]
                .find(|c: char| !(c.is_alphanumeric() || c == '.' || c == '_'))
                .unwrap_or(src.len() - start);
            *pos = start + len;
            Ok(Some(Token {
                tok: Tok::Other,
                start,
                end: *pos,
            }))
        }
        _ => one(Tok::Other, pos),
    }
}

/// A string literal at `*pos` (its opening quote), decoded. `raw` keeps backslashes.
fn string(src: &str, pos: &mut usize, raw: bool) -> Result<String, usize> {
    let start = *pos;
    let rest = &src[start..];
    let quote = rest.chars().next().ok_or(start)?;
    let triple: String = std::iter::repeat_n(quote, 3).collect();
    let long = rest.starts_with(&triple);
    let mut i = start + if long { 3 } else { 1 };
    let mut out = String::new();
    loop {
        let Some(c) = src[i..].chars().next() else {
            return Err(start);
        };
        if long && src[i..].starts_with(&triple) {
            *pos = i + 3;
            return Ok(out);
        }
        if !long && c == quote {
            *pos = i + 1;
            return Ok(out);
        }
        if !long && c == '\n' {
            return Err(start);
        }
        i += c.len_utf8();
        if c != '\\' {
            out.push(c);
            continue;
        }
        let Some(escaped) = src[i..].chars().next() else {
            return Err(start);
        };
        i += escaped.len_utf8();
        if raw {
            out.push('\\');
            out.push(escaped);
            continue;
        }
        match escaped {
            'n' => out.push('\n'),
            't' => out.push('\t'),
            'r' => out.push('\r'),
            '0' => out.push('\0'),
            '\n' => {}
            '\\' | '\'' | '"' => out.push(escaped),
            'x' | 'u' | 'U' => {
                let digits = match escaped {
                    'x' => 2,
                    'u' => 4,
                    _ => 8,
                };
                let hex = src.get(i..i + digits).ok_or(start)?;
                let code = u32::from_str_radix(hex, 16).map_err(|_| start)?;
                out.push(char::from_u32(code).ok_or(start)?);
                i += digits;
            }
            other => {
                out.push('\\');
                out.push(other);
            }
        }
    }
}

#[cfg(test)]
#[path = "rules_tests.rs"]
mod tests;
